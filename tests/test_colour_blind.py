"""Every player's pieces stay apart, and apart from the board, for colour-blind players.

Each game's board is drawn with a piece of every seat, in each theme and board set,
with the colour-blind-safe colours on and (where the pieces are not black and white)
off. The colours a player sees are read from the drawing itself: the median of a
ring of pixels on each piece, and on the board where no piece is (clear of the
lines, the highlights and Chinese Checkers' seat numbers). They are then seen as a
person with protanopia, deuteranopia or tritanopia sees them (``colorspacious``'s
model of full colour-blindness, Machado et al. 2009), and their difference measured
in CAM02-UCS (ΔE', where 1 is about a just-noticeable difference). Every pair of
players must differ by ``PIECES_APART`` and every piece from its board by
``BOARD_APART``.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import itertools
import math

import numpy as np
import pygame
import pytest

colorspacious = pytest.importorskip("colorspacious")

from game.rules.chinesecheckers import ChineseCheckers
from game.rules.connect4 import ConnectFour
from game.rules.gomoku import Gomoku
from game.rules.reversi import Reversi
from game.rules.tictactoe import TicTacToe
from game.ui import palette
from game.ui.renderers import BoardView, renderer_for
from game.ui.renderers.star import MARBLE

#: The simulated colour-blindnesses (colorspacious names them by the milder form; severity 100 is the full one).
DEFICIENCIES = ("protanomaly", "deuteranomaly", "tritanomaly")
#: Least CAM02-UCS difference between two players' pieces, and between a piece and its board, for
#: every colour vision (ΔE' 10 is a difference seen at a glance; 1 is a just-noticeable one).
PIECES_APART = 10.0
BOARD_APART = 10.0
SIZE = (900, 700)
AREA = pygame.Rect(0, 0, *SIZE)


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    yield
    palette.use("dark", False)


def ring(image: pygame.Surface, centre: tuple[float, float], inner: float, outer: float) -> np.ndarray:
    """The median colour of the pixels of ``image`` between ``inner`` and ``outer`` pixels from ``centre``."""
    pixels = pygame.surfarray.array3d(image).astype(np.float64)          # (w, h, 3)
    xs, ys = np.meshgrid(np.arange(pixels.shape[0]), np.arange(pixels.shape[1]), indexing="ij")
    d = np.hypot(xs + 0.5 - centre[0], ys + 0.5 - centre[1])
    chosen = pixels[(d >= inner) & (d <= outer)]
    assert len(chosen) >= 8, f"too few pixels to sample at {centre}"
    return np.median(chosen, axis=0)


def seen(rgb: np.ndarray, deficiency: str | None) -> np.ndarray:
    """``rgb`` (0..255) in CAM02-UCS as a person with ``deficiency`` (None: normal vision) sees it."""
    colour = np.asarray(rgb, dtype=np.float64) / 255.0
    if deficiency is not None:
        space = {"name": "sRGB1+CVD", "cvd_type": deficiency, "severity": 100}
        colour = np.clip(colorspacious.cspace_convert(colour, space, "sRGB1"), 0.0, 1.0)
    return colorspacious.cspace_convert(colour, "sRGB1", "CAM02-UCS")


def apart(a: np.ndarray, b: np.ndarray, deficiency: str | None) -> float:
    return float(np.linalg.norm(seen(a, deficiency) - seen(b, deficiency)))


def drawn(game_id: str, state, second_set: bool) -> tuple[pygame.Surface, object]:
    renderer = renderer_for(game_id)
    renderer.anim_speed = 0
    renderer.layout(AREA)
    renderer.reset(state)
    display = {renderer.board_set.name: second_set} if renderer.board_set is not None else {}
    surface = pygame.Surface(SIZE)
    surface.fill(palette.BACKGROUND_TOP)
    renderer.draw(surface, state, BoardView(display=display))
    return surface, renderer


def samples(game_id: str, second_set: bool) -> tuple[list[np.ndarray], list[np.ndarray]]:
    """Each seat's piece colour and the board's colour beside it, read off drawings of the game."""
    if game_id == "chinesecheckers":
        state = ChineseCheckers(players=6)
        full, renderer = drawn(game_id, state, second_set)
        lay = renderer._layout
        r = lay.unit * MARBLE
        holes = [next(h for h, v in enumerate(state.board) if v == seat + 1) for seat in range(6)]
        pieces = [ring(full, lay.centre(h), 0.62 * r, 0.82 * r) for h in holes]
        empty, _ = drawn(game_id, ChineseCheckers(players=2), second_set)
        middle = lay.centre(60)          # the centre hole and the plate round it, clear of every point's tint
        return pieces, [ring(empty, middle, 0.3 * lay.unit, 0.42 * lay.unit)]
    if game_id == "connect4":
        state = ConnectFour.from_text("4 3")
        full, renderer = drawn(game_id, state, second_set)
        geo = renderer._geometry
        cell = geo.cell
        pieces = [ring(full, geo.centre(col, 0), 0.12 * cell, 0.28 * cell) for col in (3, 2)]
        board = ring(full, geo.centre(5, 3), 0.43 * cell, 0.49 * cell)   # the frame round an empty hole
        return pieces, [board]
    states = {"reversi": Reversi(), "gomoku": Gomoku.from_text("h8 i9"), "tictactoe": TicTacToe.from_text("b2 a3")}
    state = states[game_id]
    full, renderer = drawn(game_id, state, second_set)
    cell = renderer.geometry.cell
    cells = {seat: [c for c in range(renderer.cols * renderer.rows) if renderer.piece_at(state, c) == seat][0]
             for seat in (0, 1)}
    pieces = []
    for seat, at in cells.items():
        x, y = renderer.centre_of(at)
        if game_id == "tictactoe":      # X's strokes cross at its centre; O's ring is a quarter cell out
            pieces.append(ring(full, (x, y), 0, 0.04 * cell) if seat == 0 else ring(full, (x, y), 0.23 * cell,
                                                                                       0.27 * cell))
        else:
            pieces.append(ring(full, (x, y), 0.1 * cell, 0.26 * cell))
    empty = next(c for c in range(renderer.cols * renderer.rows) if renderer.piece_at(state, c) is None)
    x, y = renderer.centre_of(empty)
    if renderer.geometry.intersections:      # Gomoku: the middle of a square, clear of the lines
        x, y = x + cell / 2, y + cell / 2
    return pieces, [ring(full, (x, y), 0.05 * cell, 0.18 * cell)]


GAMES = ("reversi", "gomoku", "connect4", "tictactoe", "chinesecheckers")
#: Games whose pieces are told apart by colour (the others are black and white in every set).
COLOURED = ("connect4", "tictactoe", "chinesecheckers")


def looks() -> list[tuple[str, str, bool, bool]]:
    """Every game in every theme and set, with the colour-blind-safe colours (and without them
    where they change nothing: black and white pieces)."""
    found = []
    for game_id, theme, second in itertools.product(GAMES, ("dark", "light"), (False, True)):
        found.append((game_id, theme, second, True))
        if game_id not in COLOURED:
            found.append((game_id, theme, second, False))
    return found


@pytest.mark.parametrize("game_id, theme, second_set, colour_blind", looks())
def test_every_players_pieces_stay_apart_and_off_the_board_under_every_colour_blindness(
        game_id, theme, second_set, colour_blind):
    palette.use(theme, colour_blind)
    pieces, boards = samples(game_id, second_set)
    for deficiency in (None, *DEFICIENCIES):
        vision = deficiency or "normal vision"
        for (i, a), (j, b) in itertools.combinations(enumerate(pieces), 2):
            gap = apart(a, b, deficiency)
            assert gap >= PIECES_APART, (f"{game_id} {theme} set {2 if second_set else 1}: players {i + 1} and "
                                         f"{j + 1} ({a.round()} and {b.round()}) only {gap:.1f} apart in {vision}")
        for i, piece in enumerate(pieces):
            for board in boards:
                gap = apart(piece, board, deficiency)
                assert gap >= BOARD_APART, (f"{game_id} {theme} set {2 if second_set else 1}: player {i + 1}'s "
                                            f"pieces ({piece.round()}) only {gap:.1f} from the board "
                                            f"({board.round()}) in {vision}")


def test_the_sampling_sees_a_real_difference_and_a_real_sameness():
    """The measure itself: the same colour is 0 apart for every vision; red and green, far apart to
    normal vision, come close for protanopia and deuteranopia (the case the test is for)."""
    red, green = np.array([200, 60, 40]), np.array([70, 150, 40])
    for deficiency in (None, *DEFICIENCIES):
        assert apart(red, red, deficiency) == pytest.approx(0.0, abs=1e-6)
    assert apart(red, green, None) > 25
    assert apart(red, green, "deuteranomaly") < apart(red, green, None) / 2
    assert not math.isnan(apart(red, green, "tritanomaly"))


def test_chinese_checkers_marbles_carry_their_players_number():
    """Colour is not the only sign: each marble shows its seat's number (its middle differs from a plain marble's)."""
    from game.ui.renderers.star import marble_image

    palette.use("dark", False)
    renderer = renderer_for("chinesecheckers")
    renderer.layout(AREA)
    lay = renderer._layout
    for seat in range(6):
        colour = palette.seat_colour(seat)
        plain = pygame.surfarray.array3d(marble_image(lay, colour)).astype(int)
        marked = pygame.surfarray.array3d(renderer._marked_marble(lay, seat, colour)).astype(int)
        assert np.abs(marked - plain).sum(axis=2).max() > 200, f"player {seat + 1}'s marble has no mark"
