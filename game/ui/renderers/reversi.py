"""The Reversi board: a green 8x8 board (or a wooden one, the player's second set,
``WOODEN_BOARD``) with thin dark lines and four star points,
coordinates on every side (row 1 at the top, as Othello players write it), and
shaded black and white discs that turn over one after another.

A move is shown as a player sees it on a real board: the disc is put down,
then the discs it encloses turn over line by line, in every line at once,
each line from the placed disc outward, one disc after the other. A turning
disc narrows to its edge along its line and widens again showing its other
face. Undo, redo, restart and paste jump to the new position without this.

Everything else is the square-grid board's (``GridRenderer``): the ghost disc
under the mouse on a square where the player may play, the keyboard cursor, a
refused square shaking, the hint's ring and values, and at the end the
final position at full contrast. On a human's turn a small
dot marks every square they may play (the "Show legal moves" setting), and a
small ring marks the disc played last. Both players' disc counts are given
to the play screen (``seat_figures``), which shows them beside the names.
"""
from __future__ import annotations

import dataclasses
import math

import numpy as np
import pygame

from game.lang import N_
from game.match.record import MoveRecord
from game.rules.core import Outcome, State
from game.rules.reversi import BLACK, EMPTY, PASS, STAR_POINTS, Reversi
from game.ui import palette
from game.ui.renderers import shapes
from game.ui.renderers.base import BoardView, DisplayOption, blit_centred
from game.ui.renderers.effects import Effect
from game.ui.renderers.grid import LEGAL_MOVES, GridRenderer
from game.ui.renderers.gridboard import BoardLook
from game.ui.renderers.gridgeometry import GridGeometry, Point
from game.ui.tween import Tween, ease_in_out_cubic

RGB = palette.RGB

#: The discs' faces: seat 0 Black, seat 1 White.
DISC_FACES: tuple[RGB, RGB] = ((34, 36, 42), (238, 236, 226))
#: The two sets of board: the classic green felt, and wood.
GREEN_FELT = BoardLook(top=(40, 136, 82), bottom=(24, 104, 60), lines=(12, 46, 28), rim=(10, 40, 24),
                       hover=(86, 170, 116), shadow=(4, 20, 10))
WOOD = BoardLook(top=(198, 146, 88), bottom=(160, 108, 58), lines=(62, 36, 14), rim=(84, 50, 20),
                 hover=(222, 178, 122), shadow=(46, 26, 8))
WOODEN_BOARD = DisplayOption("reversi_wooden_board", N_("Reversi board"), N_("Wood, or the classic green felt"),
                             False, (N_("Wood"), N_("Green felt")))

# Sizes as fractions of one cell.
_DISC = 0.40            # disc radius
_LIFT = 0.10            # how much larger a disc looks at the middle of its turn

# Durations in seconds at normal speed.
_PLACE = 0.20           # the placed disc popping down
_FLIP_LEAD = 0.14       # from the disc placed to the first discs turning
_FLIP_STEP = 0.075      # from one disc of a line turning to the next
_FLIP = 0.28            # one disc turning over


class Flips(Effect):
    """The discs a move turns over, each turning on its own schedule.

    For each turning square: its tween (0 to 1 over the turn, held back until
    its turn comes), the seat whose face it showed before, and the direction
    of its line from the placed disc (the disc narrows along it).
    """

    def __init__(self, renderer: "ReversiRenderer") -> None:
        super().__init__(renderer)
        self._turns: dict[int, tuple[Tween, int, tuple[int, int]]] = {}

    def start(self, lines: dict[tuple[int, int], tuple[int, ...]], old_seat: int) -> None:
        """Turn ``lines`` (their direction -> their squares from the placed disc
        outward) from ``old_seat``'s face, each line disc by disc, all lines at once."""
        self._turns.clear()
        for direction, squares in lines.items():
            for k, square in enumerate(squares):
                tween = self.renderer.animate(0.0, 1.0, _FLIP, ease_in_out_cubic, delay=_FLIP_LEAD + k * _FLIP_STEP)
                self._turns[square] = (tween, old_seat, direction)

    def clear(self) -> None:
        self._turns.clear()

    def turn(self, square: int) -> tuple[float, int, tuple[int, int]] | None:
        """(how far it has turned, 0..1; the seat it showed; its line's direction) for a
        square still turning or waiting to, else ``None``."""
        entry = self._turns.get(square)
        if entry is None or entry[0].done:
            return None
        tween, seat, direction = entry
        return tween.value, seat, direction

    def remaining(self) -> float:
        """Seconds (at normal speed) until the last disc has turned."""
        return max((tween.remaining for tween, _, _ in self._turns.values()), default=0.0)


class ReversiRenderer(GridRenderer):
    """Draws a ``Reversi`` state and reads the human's square from mouse and keys."""

    game_id = "reversi"
    input_help = N_("Click a square, or arrows + Enter")
    state_type = Reversi
    cols = rows = 8
    grid_pad = 0.03
    label_margin = 0.045
    plain_margin = 0.015
    line_glow = 0.0
    star_radius = 0.065
    labels_all_sides = True
    last_move_mark = "ring"
    display_options = (LEGAL_MOVES, WOODEN_BOARD)
    board_set = WOODEN_BOARD
    legal_mark_opacity = 0.42

    def __init__(self) -> None:
        super().__init__()
        self.flips = Flips(self)

    def seat_colours(self) -> tuple[RGB, ...]:
        return palette.black_white_inks()

    def board_look(self) -> BoardLook:
        return WOOD if self.second_set else GREEN_FELT

    def seat_figures(self, state: State) -> tuple[str, ...]:
        """Each side's discs on the board now."""
        if not isinstance(state, Reversi):
            return ()
        return tuple(str(count) for count in state.counts())

    # -- what the grid asks of a game ----------------------------------------------------
    def piece_at(self, state: State, cell: int) -> int | None:
        value = state.cell(cell % 8, cell // 8)
        return None if value == EMPTY else 0 if value == BLACK else 1

    def appear_duration(self, seat: int) -> float:
        return _PLACE

    def line_half_width(self, geo: GridGeometry) -> float:
        return max(0.6, geo.cell * 0.011)

    def star_points(self, geo: GridGeometry) -> list[Point]:
        """Where lines b/c and f/g cross lines 2/3 and 6/7."""
        return [(geo.grid_x + x * geo.cell, geo.grid_y + y * geo.cell) for x, y in STAR_POINTS]

    def panel_gradient(self, geo: GridGeometry, ys: np.ndarray) -> np.ndarray:
        """The felt or wood: a little lighter at the top, as if lit from above."""
        look = self.board_look()
        top = np.asarray(look.top, dtype=np.float32)
        bottom = np.asarray(look.bottom, dtype=np.float32)
        t = np.clip((ys - geo.board_y) / max(geo.board_h, 1.0), 0.0, 1.0)[..., None]
        return top + (bottom - top) * t

    def render_piece(self, seat: int) -> pygame.Surface:
        """A disc lit from the upper left, with its soft shadow on the felt."""
        geo = self.geometry
        radius = _DISC * geo.cell
        n = max(3, math.ceil(2 * radius + 0.2 * geo.cell) + 2)
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        mid = n / 2
        dx, dy = canvas.xs - mid, canvas.ys - mid
        drop = 0.045 * geo.cell
        shadow = np.hypot(dx - drop * 0.6, dy - drop) - radius
        canvas.paint(shapes.shadow_alpha(shadow, 0.09 * geo.cell), self.board_look().shadow, 0.55)
        d = np.hypot(dx, dy)
        face = np.asarray(DISC_FACES[seat], np.float32)
        light = np.asarray(shapes.mix(DISC_FACES[seat], (255, 255, 255), 0.35 if seat == 0 else 0.6), np.float32)
        dark = face * (0.55 if seat == 0 else 0.78)
        lit = np.clip(-(dx * 0.6 + dy * 0.8) / radius, -1.0, 1.0)[..., None]
        shade = np.where(lit > 0, face + (light - face) * lit * 0.35, face + (dark - face) * (-lit) * 0.5)
        edge = np.clip((d / radius - 0.78) / 0.22, 0.0, 1.0)[..., None]
        shade = shade + (dark - shade) * edge * edge * 0.7
        canvas.paint(shapes.fill_alpha(d - radius), shade)
        rim = (96, 100, 110) if seat == 0 else (150, 150, 140)
        canvas.paint(shapes.stroke_alpha(np.abs(d - radius + 0.6), 0.5), rim, 0.55)
        gloss = np.hypot(dx + 0.32 * radius, dy + 0.38 * radius)
        canvas.paint(np.exp(-(gloss / (0.32 * radius)) ** 2), (255, 255, 255), 0.16 if seat == 0 else 0.3)
        return canvas.to_surface()

    def legal_mark_colour(self, seat: int) -> RGB:
        """The face of the disc the player would put there (the dot is see-through)."""
        return DISC_FACES[seat]

    # -- the move: put down, then turned over ---------------------------------------------
    def on_move(self, state: State, record: MoveRecord) -> None:
        """The disc pops down, then the discs it encloses turn over, line by line outward."""
        super().on_move(state, record)
        self.flips.clear()
        ply = self._ply_of(state, record)
        if ply is None:
            return
        square = state.move_stack[ply]
        col, row = square % 8, square // 8
        lines: dict[tuple[int, int], tuple[int, ...]] = {}
        for line in state.flip_lines(ply):
            first = line[0]
            lines[(first % 8 - col, first // 8 - row)] = line
        self.flips.start(lines, 1 - record.seat)

    @staticmethod
    def _ply_of(state: State, record: MoveRecord) -> int | None:
        """The ply at which ``record``'s disc was put down, if nothing but passes came
        after it (else its turning is no longer what the board shows)."""
        if not isinstance(state, Reversi) or record.move == PASS:
            return None
        stack = state.move_stack
        ply = len(stack) - 1
        while ply >= 0 and stack[ply] == PASS:
            ply -= 1
        return ply if ply >= 0 and stack[ply] == record.move else None

    def on_outcome(self, state: State, outcome: Outcome) -> None:
        """The winner's discs stay lit once the last disc has turned."""
        self.outcome_show.start(outcome, wait=max(self.arrivals.remaining(), self.flips.remaining()))

    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        """The grid board's drawing; after a pass the last disc put down keeps its mark."""
        if view.last_move == PASS and isinstance(state, Reversi):
            placed = next((move for move in reversed(state.move_stack) if move != PASS), None)
            view = dataclasses.replace(view, last_move=placed)
        super().draw(surface, state, view)

    def draw_piece(self, surface: pygame.Surface, state: State, cell: int, seat: int, centre: Point) -> None:
        """A disc at rest, popping down, or turning over (its old face until half way)."""
        turning = self.flips.turn(cell)
        if turning is None:
            super().draw_piece(surface, state, cell, seat, centre)
            return
        progress, old_seat, direction = turning
        face = old_seat if progress < 0.5 else seat
        image = self.piece_image(face, 1.0)
        if progress > 0.0:
            image = self._turned(image, progress, direction)
        blit_centred(surface, image, centre)

    @staticmethod
    def _turned(image: pygame.Surface, progress: float, direction: tuple[int, int]) -> pygame.Surface:
        """``image`` part way through a turn about the axis across ``direction``: narrowed
        along the line by the cosine of the turn, and a little larger as it lifts."""
        narrow = max(0.06, abs(math.cos(math.pi * progress)))
        lift = 1.0 + _LIFT * math.sin(math.pi * progress)
        w, h = image.get_size()
        dx, dy = direction
        if dy == 0 or dx == 0:
            sx, sy = (narrow, 1.0) if dy == 0 else (1.0, narrow)
            size = (max(1, round(w * sx * lift)), max(1, round(h * sy * lift)))
            return pygame.transform.smoothscale(image, size)
        # A diagonal: turn the disc so its line runs across, narrow it, turn it back.
        angle = math.degrees(math.atan2(dy, dx))
        upright = pygame.transform.rotate(image, angle)
        uw, uh = upright.get_size()
        narrowed = pygame.transform.smoothscale(upright, (max(1, round(uw * narrow * lift)), max(1, round(uh * lift))))
        return pygame.transform.rotate(narrowed, -angle)

    # -- the menu card --------------------------------------------------------------------
    def preview(self) -> tuple[State, BoardView]:
        """An opening a few moves in, Black to move, with the squares Black may play marked."""
        sample = Reversi.from_text("f5d6c3d3c4f4")
        return sample, BoardView(last_move=sample.move_stack[-1], interactive=True)
