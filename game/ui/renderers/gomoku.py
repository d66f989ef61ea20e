"""The Gomoku board: a wooden board with black lines, star points and coordinates,
and shaded black and white stones on the intersections.

The board is the square-grid board's (``GridRenderer``) in its intersection
mode, painted as wood: a warm gradient with a fine straight grain, made
once per layout (the grain at low resolution, stretched along the grain, so
that building a 19x19 board at full screen costs no more than the plain
panel did); or, as the player's second set (``PAPER_BOARD``), plain paper with
ink lines. Stones are lit from the upper left, with a soft shadow on the
wood; a stone played comes down onto its point (it starts a little larger
and see-through and settles) and the sound plays as it lands.

On a human's turn a ghost stone follows the mouse (or the keyboard cursor)
on the points they may play. Under Renju the points forbidden to Black are
marked with a small red cross while a human plays Black; a click there is
refused with the rules' reason, which the play screen shows. The last stone
carries a small red dot; with the "Show move numbers" setting (``MOVE_NUMBERS``) each stone
carries its move number instead, the last one in red. At the end a gold
stroke sweeps along the winning five (both lines when a stone makes two)
while its stones pulse; the others stay as they are.

A hint rings the move to play. When the value of that move spells out a
forced win after a colon (``'win in 5 (VCF): h8 i9 j10 k11 l12'``), the
win is shown as numbered see-through stones, the two sides' in turn; a
sequence that does not read, or does not play, from the position is left
out and only the move is shown. The values of the five best moves are
written on their points (without the sequence).
"""
from __future__ import annotations

import dataclasses
import math
from typing import Mapping

import numpy as np
import pygame

from game.lang import N_
from game.rules.bot import MoveValue
from game.rules.core import Move, RulesError, State
from game.rules.gomoku import BLACK, WHITE, Gomoku, star_points
from game.ui import palette
from game.ui.draw import render
from game.ui.renderers import shapes
from game.ui.renderers.base import BoardView, DisplayOption, blit_centred
from game.ui.renderers.grid import GridRenderer
from game.ui.renderers.gridboard import BoardLook
from game.ui.renderers.gridgeometry import GridGeometry, Point, top_to_bottom
from game.ui.tween import ease_out_cubic

RGB = palette.RGB

#: The two sets of board: wood with its grain, and plain paper with ink lines.
WOOD = BoardLook(top=(232, 188, 122), bottom=(214, 162, 94), lines=(40, 26, 12), rim=(120, 78, 36),
                 hover=(240, 206, 150), shadow=(52, 30, 8))
PAPER = BoardLook(top=(200, 192, 166), bottom=(184, 174, 146), lines=(44, 50, 74), rim=(132, 124, 104),
                  hover=(226, 220, 200), shadow=(70, 66, 54))
PAPER_BOARD = DisplayOption("gomoku_paper_board", N_("Gomoku board"), N_("Paper with ink lines, or wood"),
                            False, (N_("Paper"), N_("Wood")))
#: The forbidden points' crosses, and the last move's dot and number on each stone colour.
FORBIDDEN: RGB = (196, 28, 24)
_LAST_ON: tuple[RGB, RGB] = ((255, 104, 88), (206, 30, 24))
_NUMBER_ON: tuple[RGB, RGB] = ((236, 236, 236), (26, 24, 22))

# Sizes as fractions of one cell (the distance between two lines).
_STONE = 0.47           # stone radius
_LAST_DOT = 0.11
_CROSS_ARM = 0.13
_DROP_SCALE = 0.3       # how much larger a stone starts as it comes down
# The grain: how much darker its dark streaks make the wood, per channel (warmer in the streaks).
_GRAIN_DEPTH = np.array([0.07, 0.09, 0.13], dtype=np.float32)
_GRAIN_SAMPLES = 1024   # across the board
_GRAIN_ROWS = 48        # down the board (the grain runs down, so few are needed)

# Durations in seconds at normal speed.
_PLACE = 0.22

_SEQUENCE_GHOST = 0.5   # opacity of the forced win's stones
_SEQUENCE_LIMIT = 40    # at most this many of them are shown
#: How many moves' values a hint writes on the board (the best ones).
VALUES_SHOWN = 5
_ELLIPSIS = ("...", "…")


def hinted_sequence(state: Gomoku, hint: Move | None, text: str) -> list[int]:
    """The forced win that a hint's value ``text`` writes after its colon, as points
    from ``state``, beginning with the hinted move ('win in 3 (VCF): h8 h9 i9 ...';
    a list that leaves the hinted move out gets it put first). A trailing '...' ends
    the list. Empty if there is no colon, or a word is not a point, or the moves
    cannot be played in turn from ``state``: then only the move is shown."""
    if hint is None or ":" not in text:
        return []
    words = type(state).split_moves(text.partition(":")[2])
    while words and words[-1] in _ELLIPSIS:
        words.pop()
    try:
        moves = [state.parse_move(word) for word in words]
    except RulesError:
        return []
    if not moves:
        return []
    if moves[0] != hint:
        moves.insert(0, hint)
    trial = state.copy()
    try:
        for move in moves:
            trial.push(move)
    except RulesError:
        return []
    return moves


#: Each stone's move number written on it (the last one in red) instead of the last move's dot.
MOVE_NUMBERS = DisplayOption("show_move_numbers", N_("Show move numbers"), N_("Each stone's number in the game"), False)


class GomokuRenderer(GridRenderer):
    """Draws a ``Gomoku`` state (any size, any rule set) and reads the human's point."""

    game_id = "gomoku"
    input_help = N_("Click a point, or arrows + Enter")
    state_type = Gomoku
    cols = rows = 15
    intersections = True
    display_options = (MOVE_NUMBERS, PAPER_BOARD)
    board_set = PAPER_BOARD
    grid_pad = 0.022
    label_margin = 0.05
    plain_margin = 0.012
    panel_radius = 0.012
    line_glow = 0.0
    star_radius = 0.09
    labels_all_sides = True
    last_move_mark = "ring"
    marks_unvalued = False       # the hint shows its best few points of a board of hundreds

    def __init__(self) -> None:
        super().__init__()
        #: Whether the view being drawn asks for move numbers (``draw`` sets it).
        self.numbered = False
        self._numbers_key: tuple[int, ...] | None = None
        self._numbers: dict[int, int] = {}
        self._forbidden_key: tuple | None = None
        self._forbidden: tuple[int, ...] = ()
        self._sequence_key: tuple | None = None
        self._sequence: list[int] = []

    def seat_colours(self) -> tuple[RGB, ...]:
        return palette.black_white_inks()

    def board_look(self) -> BoardLook:
        return PAPER if self.second_set else WOOD

    # -- what the grid asks of a game ----------------------------------------------------
    def grid_size(self, state: State) -> tuple[int, int]:
        size = getattr(state, "size", type(self).cols)
        return size, size

    def piece_at(self, state: State, cell: int) -> int | None:
        value = state.stone(cell % self.cols, cell // self.cols)
        return 0 if value == BLACK else 1 if value == WHITE else None

    def appear_duration(self, seat: int) -> float:
        return _PLACE

    def sound_delay(self) -> float:
        """Until the stone just played lands on its point."""
        latest = self.arrivals.latest
        if latest is None or not self.animated:
            return 0.0
        return latest.remaining / self.anim_speed

    def line_half_width(self, geo: GridGeometry) -> float:
        return max(0.55, geo.cell * 0.018)

    def star_points(self, geo: GridGeometry) -> list[Point]:
        """The rules' star points of this board size (five, or nine on 19x19)."""
        return [geo.centre(point % self.cols, point // self.cols) for point in star_points(self.cols)]

    def panel_gradient(self, geo: GridGeometry, ys: np.ndarray) -> np.ndarray:
        """The wood's colour: a little lighter at the top, as if lit from above."""
        look = self.board_look()
        return top_to_bottom(geo, ys, look.top, look.bottom)

    def render_board(self, geo: GridGeometry) -> pygame.Surface:
        """The grid board's panel, lines and star points, with the wood's grain laid over."""
        image = super().render_board(geo)
        if self.second_set:
            return image
        bounds = self.board_bounds(geo)
        panel = pygame.Rect(math.floor(geo.board_x), math.floor(geo.board_y),
                            math.ceil(geo.board_w) + 1, math.ceil(geo.board_h) + 1)
        image.blit(self._grain(panel.size), (panel.x - bounds.x, panel.y - bounds.y),
                   special_flags=pygame.BLEND_RGB_MULT)
        return image

    @staticmethod
    def _grain(size: tuple[int, int]) -> pygame.Surface:
        """A straight wood grain as colour multipliers (white: none) for a board of ``size``.

        Worked out on ``_GRAIN_SAMPLES`` points across and ``_GRAIN_ROWS`` down, in the
        board's own proportions (the same grain at every size), then stretched: fine
        streaks and broader bands of noise across, drifting a little from row to row.
        """
        rng = np.random.default_rng(15)
        across = _GRAIN_SAMPLES

        def smooth_noise(width: float) -> np.ndarray:
            taps = np.exp(-0.5 * (np.arange(-3 * width, 3 * width + 1) / width) ** 2)
            noise = np.convolve(rng.standard_normal(across + len(taps)), taps / taps.sum(), mode="same")
            return (noise / max(noise.std(), 1e-6))[:across]

        fine, broad = smooth_noise(1.2), smooth_noise(9.0)
        down = np.linspace(0.0, 1.0, _GRAIN_ROWS, dtype=np.float32)[:, None]
        u = np.arange(across, dtype=np.float32)[None, :]
        drift = 7.0 * np.sin(2 * np.pi * (0.6 * down + u / across * 0.8)) + 3.0 * np.sin(2 * np.pi * 1.7 * down)
        place = np.clip(u + drift, 0, across - 1)
        streaks = 0.55 * np.interp(place, np.arange(across), fine) + 0.45 * np.interp(place, np.arange(across), broad)
        dark = np.clip(0.5 + 0.3 * streaks, 0.0, 1.0)[..., None]
        pixels = np.clip(255.0 * (1.0 - _GRAIN_DEPTH * dark) + 0.5, 0, 255).astype(np.uint8)
        small = pygame.image.frombuffer(np.ascontiguousarray(pixels).tobytes(), (across, _GRAIN_ROWS), "RGB")
        return pygame.transform.smoothscale(small, (max(1, size[0]), max(1, size[1])))

    # -- stones -------------------------------------------------------------------------------
    def render_piece(self, seat: int) -> pygame.Surface:
        """A stone lit from the upper left: a shallow dome with a soft highlight and
        (for Black) a sharper shine, and its shadow on the wood."""
        geo = self.geometry
        radius = _STONE * geo.cell
        n = max(3, math.ceil(2 * radius + 0.24 * geo.cell) + 2)
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        mid = n / 2
        dx, dy = canvas.xs - mid, canvas.ys - mid
        drop = 0.06 * geo.cell
        shadow = np.hypot(dx - drop * 0.7, dy - drop) - radius
        canvas.paint(shapes.shadow_alpha(shadow, 0.12 * geo.cell), self.board_look().shadow, 0.5)
        nx, ny = dx / radius * 0.85, dy / radius * 0.85
        nz = np.sqrt(np.clip(1.0 - nx * nx - ny * ny, 0.0, 1.0))
        light = np.array([-0.45, -0.6, 0.66], dtype=np.float32)
        light /= np.linalg.norm(light)
        lambert = np.clip(nx * light[0] + ny * light[1] + nz * light[2], 0.0, 1.0)
        half = light + np.array([0.0, 0.0, 1.0], dtype=np.float32)
        half /= np.linalg.norm(half)
        facing = np.clip(nx * half[0] + ny * half[1] + nz * half[2], 0.0, 1.0)
        if seat == 0:
            dark, lit, fall, shine, power, gloss = (6, 6, 8), (78, 80, 90), 1.4, 0.55, 28.0, 0.5
        else:
            dark, lit, fall, shine, power, gloss = (184, 180, 172), (253, 252, 248), 0.8, 0.3, 40.0, 0.0
        dark_c, lit_c = np.asarray(dark, np.float32), np.asarray(lit, np.float32)
        shade = dark_c + (lit_c - dark_c) * (lambert ** fall)[..., None]
        d = np.hypot(dx, dy)
        canvas.paint(shapes.fill_alpha(d - radius), shade)
        inside = shapes.fill_alpha(d - radius + 0.5)
        canvas.paint(inside * facing ** power, (255, 255, 255), shine)
        if gloss:
            canvas.paint(inside * facing ** 6, (150, 156, 172), gloss * 0.35)
        return canvas.to_surface()

    def piece_image(self, seat: int, progress: float) -> pygame.Surface:
        """The stone ``progress`` (0..1) of the way down onto its point: larger at first."""
        image = self.cached(("piece", seat), lambda: self.render_piece(seat))
        if progress >= 1.0:
            return image
        return pygame.transform.smoothscale_by(image, 1.0 + _DROP_SCALE * (1.0 - ease_out_cubic(max(0.0, progress))))

    def draw_piece(self, surface: pygame.Surface, state: State, cell: int, seat: int, centre: Point) -> None:
        """A stone at rest, or coming down (see-through at first, then solid)."""
        progress = self.arrivals.progress(cell)
        fade = 1.0 if progress >= 1.0 else min(1.0, 0.3 + 1.4 * progress)
        blit_centred(surface, self.piece_image(seat, progress), centre, fade)

    def draw_piece_label(self, surface: pygame.Surface, state: State, cell: int, seat: int, centre: Point) -> None:
        """The stone's move number, when the view asks for them, once the stone has landed."""
        if not self.numbered or self.arrivals.running(cell) is not None:
            return
        number = self.move_numbers(state).get(cell)
        if number is None:
            return
        last = cell == state.last_move
        image = self.cached(("number", number, seat, last), lambda: self._number_image(number, seat, last))
        blit_centred(surface, image, centre)

    def move_numbers(self, state: Gomoku) -> dict[int, int]:
        """Each stone's point -> the number of the move that put it there (1 first)."""
        key = tuple(state.move_stack)
        if key != self._numbers_key:
            self._numbers_key = key
            self._numbers = {point: ply + 1 for ply, point in enumerate(key)}
        return self._numbers

    def _number_image(self, number: int, seat: int, last: bool) -> pygame.Surface:
        cell = self.geometry.cell
        share = 0.5 if number < 10 else 0.44 if number < 100 else 0.35
        font = self.font(palette.TEXT_FONT_BOLD, cell * share)
        colour = _LAST_ON[seat] if last else _NUMBER_ON[seat]
        return render(font, str(number), colour)

    def last_move_image(self, seat: int) -> pygame.Surface | None:
        """A small red dot; none when the stones carry numbers (the last one's is red)."""
        if self.numbered:
            return None
        return self.cached(("last", seat), lambda: self._dot(_LAST_ON[seat], _LAST_DOT))

    def _dot(self, colour: RGB, radius: float) -> pygame.Surface:
        geo = self.geometry
        n = max(3, math.ceil(2 * radius * geo.cell) + 3)
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        canvas.paint(shapes.fill_alpha(np.hypot(canvas.xs - n / 2, canvas.ys - n / 2) - max(1.5, radius * geo.cell)),
                     colour)
        return canvas.to_surface()

    # -- an opening rule's offered fifth moves -------------------------------------------------
    def move_for_cell(self, state: State, cell: int) -> Move | None:
        """A point; while an opening rule asks for offered fifth moves or a pick among
        them, the offer of the point or the pick of the offer there."""
        phase = getattr(state, "phase", None)
        if phase is not None and phase.kind == "offer":
            return ("offer", cell)
        if phase is not None and phase.kind == "pick":
            return ("pick", cell) if cell in state.offers else None
        return cell

    def seat_pieces(self, state: State, seat: int) -> int:
        """0 for the seat holding Black now, 1 for White's."""
        return 0 if getattr(state, "black_seat", 0) == seat else 1

    def placing(self, state: State) -> int:
        """The colour of the next stone (0 Black, 1 White), whichever seat holds it."""
        return 0 if getattr(state, "to_play", BLACK) == BLACK else 1

    def cell_name(self, state: State, cell: int) -> str:
        """The point's name (an offer or a pick of it is no name for the coordinates)."""
        try:
            return state.move_to_str(cell)
        except RulesError:
            return ""

    def cell_for_move(self, state: State, move: Move | None) -> int | None:
        if isinstance(move, tuple) and len(move) == 2 and move[0] in ("offer", "pick"):
            return super().cell_for_move(state, move[1])
        return super().cell_for_move(state, move)

    def _draw_offers(self, surface: pygame.Surface, state: State) -> None:
        """The fifth moves Black offers now: black stones drawn faint, for White to pick one."""
        offers = getattr(state, "offers", ())
        if not offers:
            return
        faint = self.piece_image(0, 1.0).copy()
        faint.fill((255, 255, 255, 110), special_flags=pygame.BLEND_RGBA_MULT)
        for point in offers:
            blit_centred(surface, faint, self.centre_of(point))

    # -- Renju's forbidden points -----------------------------------------------------------
    def forbidden_points(self, state: Gomoku) -> tuple[int, ...]:
        """Black's forbidden points in this position (Renju, Black to move), worked out
        once per position."""
        key = (state.rule, state.size, state.key())
        if key != self._forbidden_key:
            self._forbidden_key = key
            self._forbidden = tuple(state.forbidden_points())
        return self._forbidden

    def _cross_image(self) -> pygame.Surface:
        """The small red cross on a forbidden point."""
        geo = self.geometry
        arm = _CROSS_ARM * geo.cell
        n = max(5, math.ceil(2 * arm + 0.12 * geo.cell) + 4)
        m = n / 2

        def cross(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
            return np.minimum(shapes.segment_distance(xs, ys, (m - arm, m - arm), (m + arm, m + arm)),
                              shapes.segment_distance(xs, ys, (m + arm, m - arm), (m - arm, m + arm)))

        return shapes.stroked(pygame.Rect(0, 0, n, n), cross, max(0.9, 0.03 * geo.cell), FORBIDDEN,
                              glow=0.35, glow_spread=0.04 * geo.cell)

    # -- drawing ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        """The grid board (stones, ghost, last move, hint ring, outcome), then Renju's
        forbidden points and a hinted forced win on top."""
        state = self._follow(state)
        self.numbered = view.shows(MOVE_NUMBERS)
        outcome = view.outcome
        sequence = self.hint_sequence(state, view) if outcome is None else []
        values = self._values_to_show(view.hint_values, set(sequence))
        super().draw(surface, state, dataclasses.replace(view, hint_values=values))
        geo = self.geometry
        if geo.cell < self.min_cell:
            return
        self._draw_offers(surface, state)
        playing = view.interactive and outcome is None and not state.is_over()
        if playing and state.rule == "renju":
            cross = self.cached(("cross",), self._cross_image)
            for point in self.forbidden_points(state):
                x, y = self.centre_of(point)
                blit_centred(surface, cross, (x + self.shake.offset(point, geo.cell), y))
        if sequence:
            self._draw_sequence(surface, state, sequence)
            self._draw_hint(surface, geo, state, sequence[0], empty=True, ghosted=True)   # its ring on top

    def hint_sequence(self, state: Gomoku, view: BoardView) -> list[int]:
        """The hinted forced win to show (``hinted_sequence`` of the hinted move's value)."""
        value = view.hint_values.get(view.hint) if isinstance(view.hint, int) else None
        if value is None:
            return []
        key = (value.text, view.hint, state.key(), len(state.move_stack))
        if key != self._sequence_key:
            self._sequence_key = key
            self._sequence = hinted_sequence(state, view.hint, value.text)
        return self._sequence

    @staticmethod
    def _values_to_show(values: Mapping[Move, MoveValue], sequence: set[int]) -> dict[Move, MoveValue]:
        """The best ``VALUES_SHOWN`` values, off the shown sequence, each cut at its colon
        (a proven loss after every other value, as ``ranked_moves`` orders them)."""
        best = sorted(((move, value) for move, value in values.items() if move not in sequence),
                      key=lambda item: (item[1].proven_loss, -item[1].score))[:VALUES_SHOWN]
        return {move: MoveValue(value.score, value.text.partition(":")[0].strip()) for move, value in best}

    def _draw_sequence(self, surface: pygame.Surface, state: Gomoku, sequence: list[int]) -> None:
        """The forced win as see-through stones, numbered in the order they are played."""
        for k, point in enumerate(sequence[:_SEQUENCE_LIMIT]):
            seat = (self.placing(state) + k) % 2       # the stones' colours, whichever seat holds them
            centre = self.centre_of(point)
            blit_centred(surface, self.piece_image(seat, 1.0), centre, _SEQUENCE_GHOST)
            number = self.cached(("number", k + 1, seat, False), lambda: self._number_image(k + 1, seat, False))
            blit_centred(surface, number, centre, 0.95)

    # -- the menu card --------------------------------------------------------------------------
    def preview(self) -> tuple[State, BoardView]:
        """A game some moves in on the standard board, Black to move."""
        sample = Gomoku.from_text("h8 i9 i8 g8 j8 k8 i7 h6 j7 j9 g9 h10")
        return sample, BoardView(last_move=sample.move_stack[-1])
