"""The Tic-tac-toe board: a glowing 3x3 grid with marks that draw themselves in.

X is two strokes drawn one after the other, O an arc that sweeps round;
both glow softly in their seat's colour. The last move sits on a tinted
tile, the hovered empty cell shows a ghost of the mark to play, and a gold
outline is the keyboard cursor. A hint is a pulsing gold ring, with each
empty cell labelled by the bot's judgement ("win in 2", "draw", "loss in 1").
At the end a gold stroke sweeps along the winning line and the three
winning marks pulse; a draw dims every mark.

Keys: arrows move the cursor, Enter/Space play its cell, and the digits
pick a cell directly in numeric-keypad order, which matches the cell names
(row 1 at the bottom)::

    7 8 9      a3 b3 c3
    4 5 6  =   a2 b2 c2
    1 2 3      a1 b1 c1
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np
import pygame

from game.rules.core import Move, Outcome, State
from game.match.record import MoveRecord
from game.rules.tictactoe import EMPTY, O, X, TicTacToe
from game.ui import palette
from game.ui.draw import render
from game.ui.renderers import shapes
from game.ui.renderers.base import BoardView, Cell, Renderer, blit_centred
from game.ui.tween import Tween, ease_in_out_cubic, ease_out_cubic, linear, pulse

# Sizes as fractions of one cell (so everything scales with the window).
_X_ARM = 0.24          # half the extent of an X's strokes
_O_RADIUS = 0.25
_STROKE = 0.055        # half the width of a mark's stroke
_GLOW_SPREAD = 0.075
_GLOW = 0.42
_TILE_INSET = 0.07
_TILE_RADIUS = 0.16
_RING_RADIUS = 0.385
_WIN_STROKE = 0.05
_WIN_OVERHANG = 0.34   # how far the winning stroke reaches past the end cells

# Durations in seconds at normal speed.
_X_DRAW = 0.36
_O_DRAW = 0.40
_TILE_FADE = 0.25
_SWEEP = 0.50
_DIM = 0.45
_GLIDE = 0.12
_SHAKE = 0.32

_SHADOW: tuple[int, int, int] = (6, 8, 22)
_LABEL_BACK: tuple[int, int, int] = (12, 14, 34)
_WIN_CORE: tuple[int, int, int] = (255, 240, 200)   # the bright centre of the winning stroke
_WIN_DIM = 0.55        # opacity of the marks not on the winning line
_DRAW_DIM = 0.4        # opacity of every mark after a draw
_GHOST = 0.42
# The board panel, as fractions of its side.
_PANEL_RADIUS = 0.07
_PANEL_SHADOW_DROP = 0.022
_PANEL_SHADOW_BLUR = 0.06


@dataclass(frozen=True)
class _Geometry:
    """Where the board, its cells and its labels go inside an area."""

    area: pygame.Rect
    board_x: float
    board_y: float
    board: float        # side of the square board panel
    grid_x: float
    grid_y: float
    cell: float
    margin: float       # room around the board for the column and row labels
    labels: bool

    @classmethod
    def fit(cls, area: pygame.Rect, labels: bool = True) -> "_Geometry":
        side = max(0, min(area.width, area.height))
        labels = labels and side * 0.075 >= 14   # too small to read: leave them out
        margin = side * (0.075 if labels else 0.03)
        board = side - 2 * margin
        board_x = area.x + (area.width - board) / 2
        board_y = area.y + (area.height - board) / 2
        pad = board * 0.065
        return cls(
            pygame.Rect(area), board_x, board_y, board,
            board_x + pad, board_y + pad, (board - 2 * pad) / 3, margin, labels,
        )

    def centre(self, cell: int) -> tuple[float, float]:
        return (self.grid_x + (cell % 3 + 0.5) * self.cell, self.grid_y + (cell // 3 + 0.5) * self.cell)

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if self.cell <= 0:
            return None
        col = math.floor((pos[0] - self.grid_x) / self.cell)
        row = math.floor((pos[1] - self.grid_y) / self.cell)
        if 0 <= col < 3 and 0 <= row < 3:
            return row * 3 + col
        return None

    @property
    def side(self) -> int:
        """Pixel size of the square surfaces that hold one cell's tiles."""
        return max(1, int(round(self.cell)))

    @property
    def mark_side(self) -> int:
        """Pixel size of the square surfaces that hold a mark and its glow."""
        return max(1, int(round(self.cell * 1.3)))


def _around(a: tuple[float, float], b: tuple[float, float], reach: float) -> pygame.Rect:
    """The pixels within ``reach`` of the box spanned by points ``a`` and ``b``."""
    left, top = math.floor(min(a[0], b[0]) - reach), math.floor(min(a[1], b[1]) - reach)
    return pygame.Rect(left, top, math.ceil(max(a[0], b[0]) + reach) - left, math.ceil(max(a[1], b[1]) + reach) - top)


def _span(progress: float, start: float, length: float) -> float:
    """Progress of a part of an animation that runs from ``start`` for ``length``."""
    return ease_out_cubic(min(1.0, max(0.0, (progress - start) / length)))


class TicTacToeRenderer(Renderer):
    """Draws a ``TicTacToe`` state and reads the human's moves from mouse and keys."""

    game_id = "tictactoe"
    input_help = "Click a square, arrows + Enter, or 1–9"

    def __init__(self) -> None:
        super().__init__()
        self._geometry = _Geometry.fit(self.rect)
        self._cache: dict[Any, pygame.Surface] = {}
        self._marks: dict[int, Tween] = {}
        self._tile_fade: Tween | None = None
        self._outcome: Outcome | None = None
        self._sweep: Tween | None = None
        self._dim: Tween | None = None
        self._glide: tuple[Tween, tuple[float, float], tuple[float, float]] | None = None
        self._shake: tuple[int, Tween] | None = None

    # -- lifecycle ------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the board to ``rect``; the cached images stay if its size is unchanged
        (they depend only on the size), so re-laying out at the same size costs nothing."""
        same_size = self._geometry.area.size == tuple(rect.size)
        super().layout(rect)
        self._geometry = _Geometry.fit(self.rect)
        if not same_size:
            self._cache.clear()

    def reset(self, state: State) -> None:
        super().reset(state)
        self._forget_animations()

    def _forget_animations(self) -> None:
        self._marks.clear()
        self._tile_fade = None
        self._outcome = None
        self._sweep = None
        self._dim = None
        self._glide = None
        self._shake = None

    def on_move(self, state: State, record: MoveRecord) -> None:
        cell = int(record.move)
        self._marks[cell] = self.animate(0.0, 1.0, _X_DRAW if record.seat == 0 else _O_DRAW, linear)
        self._tile_fade = self.animate(0.0, 1.0, _TILE_FADE, blocking=False)
        if self._outcome is not None and state.outcome() != self._outcome:
            self._outcome = None

    def on_undo(self, state: State) -> None:
        super().on_undo(state)
        self._forget_animations()

    def on_outcome(self, state: State, outcome: Outcome) -> None:
        wait = max((t.delay + t.duration - t.elapsed for t in self._marks.values()), default=0.0)
        wait = max(0.0, wait)
        self._outcome = outcome
        self._sweep = self.animate(0.0, 1.0, _SWEEP, ease_in_out_cubic, delay=wait)
        target = _DRAW_DIM if outcome.is_draw else _WIN_DIM
        self._dim = self.animate(1.0, target, _DIM, ease_out_cubic, delay=wait)

    def content_rect(self) -> pygame.Rect:
        """The 3x3 grid (the marks, the hint ring and the winning stroke stay inside it)."""
        geo = self._geometry
        side = math.ceil(3 * geo.cell)
        return pygame.Rect(math.floor(geo.grid_x), math.floor(geo.grid_y), side, side)

    # -- cells ------------------------------------------------------------------
    def cell_at(self, pos: tuple[int, int]) -> int | None:
        return self._geometry.cell_at(pos)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        x, y = self._geometry.centre(int(cell))
        return int(round(x)), int(round(y))

    def move_for_cell(self, state: State, cell: Cell) -> Move | None:
        return cell

    def default_cursor(self) -> int:
        return 4

    def step_cursor(self, cell: Cell, dx: int, dy: int) -> int:
        row = min(2, max(0, int(cell) // 3 + dy))
        col = min(2, max(0, int(cell) % 3 + dx))
        return row * 3 + col

    def cell_for_digit(self, digit: int) -> int | None:
        """Numeric-keypad order: 7 8 9 is the top row (row 3), 1 2 3 the bottom."""
        if not 1 <= digit <= 9:
            return None
        row_from_bottom, col = divmod(digit - 1, 3)
        return (2 - row_from_bottom) * 3 + col

    def on_cursor_moved(self, old: Cell, new: Cell) -> None:
        gliding = self._glide is not None and not self._glide[0].done
        start = self._cursor_centre() if gliding else self._geometry.centre(int(old))
        self._glide = (self.animate(0.0, 1.0, _GLIDE, blocking=False), start, self._geometry.centre(int(new)))

    def on_rejected(self, cell: Cell) -> None:
        self._shake = (int(cell), self.animate(0.0, 1.0, _SHAKE, linear, blocking=False))

    def _cursor_centre(self) -> tuple[float, float]:
        """Where the cursor is drawn: gliding between cells, else on its cell."""
        if self._glide is None or self._glide[0].done:
            return self._geometry.centre(int(self.cursor))
        tween, start, end = self._glide
        t = tween.value
        return (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t)

    def _shake_offset(self, cell: int) -> float:
        if self._shake is None or self._shake[0] != cell or self._shake[1].done:
            return 0.0
        t = self._shake[1].value
        return self._geometry.cell * 0.045 * math.sin(t * 6 * math.pi) * (1 - t)

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        if not isinstance(state, TicTacToe):
            raise TypeError(f"TicTacToeRenderer cannot draw a {type(state).__name__}")
        geo = self._geometry
        if geo.cell < 4:
            return
        surface.blit(self._cached(("board", geo.area.size), lambda: self._board_layer(geo)), self._board_bounds(geo))
        if geo.labels:
            self._draw_labels(surface, geo)
        board = state.board
        outcome = view.outcome
        playing = view.interactive and outcome is None and not state.is_over()

        last = view.last_move
        if isinstance(last, int) and 0 <= last < 9 and board[last] != EMPTY:
            fade = self._tile_fade.value if self._tile_fade is not None else 1.0
            if outcome is not None and outcome.is_draw:
                fade *= self._outcome_values(outcome)[1]
            tint = palette.SEAT_COLOURS[0 if board[last] == X else 1]
            tile = self._cached(("tile", geo.side, tint), lambda: self._tile(geo, shapes.mix(palette.PANEL_LIGHT, tint, 0.22)))
            blit_centred(surface, tile, geo.centre(last), 0.75 * fade)

        ghost_cell = self._ghost_cell(state, view) if playing else None
        if ghost_cell is not None and not self.cursor_visible:
            hover_tile = self._cached(("tile", geo.side, palette.HOVER), lambda: self._tile(geo, palette.HOVER))
            blit_centred(surface, hover_tile, geo.centre(ghost_cell), 0.45)
        if ghost_cell is not None:
            kind = X if state.turn == 0 else O
            ghost = self._mark_image(geo, kind, 1.0, glow=False)
            breath = pulse((self.clock % 1.6) / 1.6) if self.animated else 0.5
            blit_centred(surface, ghost, geo.centre(ghost_cell), _GHOST + 0.1 * (breath - 0.5))

        self._draw_marks(surface, geo, board, outcome)

        if view.hint is not None and outcome is None and isinstance(view.hint, int) and 0 <= view.hint < 9:
            self._draw_hint(surface, geo, state, view.hint, ghosted=view.hint == ghost_cell)
        if view.hint_values and outcome is None:
            self._draw_hint_values(surface, geo, state, view)
        if playing and self.cursor_visible:
            cursor = self._cached(("cursor", geo.side), lambda: self._cursor_image(geo))
            x, y = self._cursor_centre()
            blit_centred(surface, cursor, (x + self._shake_offset(int(self.cursor)), y))
        if outcome is not None and not outcome.is_draw and len(outcome.cells) >= 2:
            self._draw_win_line(surface, geo, outcome)

    def _ghost_cell(self, state: TicTacToe, view: BoardView) -> int | None:
        cell = self.cursor if self.cursor_visible else self.hover
        if cell is None or state.board[int(cell)] != EMPTY:
            return None
        return int(cell)

    def _outcome_values(self, outcome: Outcome | None) -> tuple[float, float]:
        """(sweep progress, opacity of dimmed marks) for the outcome being shown."""
        if outcome is None:
            return 0.0, 1.0
        if outcome == self._outcome and self._sweep is not None and self._dim is not None:
            return self._sweep.value, self._dim.value
        return 1.0, _DRAW_DIM if outcome.is_draw else _WIN_DIM

    def _draw_marks(self, surface: pygame.Surface, geo: _Geometry, board: list[int],
                    outcome: Outcome | None) -> None:
        sweep, dim = self._outcome_values(outcome)
        winning = set(outcome.cells) if outcome is not None and not outcome.is_draw else set()
        beat = pulse((self.clock % 1.1) / 1.1) if self.animated else 0.5
        for cell, value in enumerate(board):
            if value == EMPTY:
                continue
            tween = self._marks.get(cell)
            progress = tween.value if tween is not None else 1.0
            x, y = geo.centre(cell)
            centre = (x + self._shake_offset(cell), y)
            if cell in winning:
                strength = sweep * beat
                image = self._mark_image(geo, value, 1.0, glow=True)
                if strength > 0.01:
                    image = pygame.transform.smoothscale_by(image, 1.0 + 0.07 * strength)
                    halo = self._cached(("halo", geo.side, value), lambda: self._halo_image(geo, value))
                    blit_centred(surface, halo, centre, 0.8 * strength)
                blit_centred(surface, image, centre)
                continue
            opacity = dim if outcome is not None else 1.0
            blit_centred(surface, self._mark_image(geo, value, progress, glow=True), centre, opacity)

    def _draw_hint(self, surface: pygame.Surface, geo: _Geometry, state: TicTacToe, cell: int,
                   ghosted: bool) -> None:
        beat = pulse((self.clock % 1.3) / 1.3) if self.animated else 0.5
        cx, cy = geo.centre(cell)
        radius = geo.cell * (_RING_RADIUS - 0.02 * beat)
        half = geo.cell * (0.017 + 0.007 * beat)
        reach = int(radius + half + geo.cell * 0.12) + 2
        bounds = pygame.Rect(int(cx) - reach, int(cy) - reach, 2 * reach, 2 * reach)
        ring = shapes.stroked(
            bounds, lambda xs, ys: shapes.arc_distance(xs, ys, (cx, cy), radius, 0.0, 2 * math.pi),
            half, palette.ACCENT, glow=0.3 + 0.35 * beat, glow_spread=geo.cell * 0.05,
            opacity=0.7 + 0.3 * beat,
        )
        surface.blit(ring, bounds)
        if state.board[cell] == EMPTY and not ghosted:
            ghost = self._mark_image(geo, X if state.turn == 0 else O, 1.0, glow=False)
            blit_centred(surface, ghost, (cx, cy), 0.18 + 0.12 * beat)

    def _draw_hint_values(self, surface: pygame.Surface, geo: _Geometry, state: TicTacToe,
                          view: BoardView) -> None:
        font = self.font(palette.TEXT_FONT_BOLD, max(11.0, geo.cell * 0.115))
        for move, value in view.hint_values.items():
            if not isinstance(move, int) or not 0 <= move < 9 or state.board[move] != EMPTY:
                continue
            colour = palette.GOOD if value.score > 0 else palette.BAD if value.score < 0 else palette.TEXT_MUTED
            text = render(font, value.text, colour)
            pad_x, pad_y = int(geo.cell * 0.06), int(geo.cell * 0.025)
            size = (text.get_width() + 2 * pad_x, text.get_height() + 2 * pad_y)
            pill = self._cached(("pill", size), lambda: self._pill(size))
            cx, cy = geo.centre(move)
            blit_centred(surface, pill, (cx, cy), 0.8)
            blit_centred(surface, text, (cx, cy))

    def _draw_win_line(self, surface: pygame.Surface, geo: _Geometry, outcome: Outcome) -> None:
        sweep, _ = self._outcome_values(outcome)
        if sweep <= 0.0:
            return
        first, last = geo.centre(int(outcome.cells[0])), geo.centre(int(outcome.cells[-1]))
        dx, dy = last[0] - first[0], last[1] - first[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        over = geo.cell * _WIN_OVERHANG
        a = (first[0] - ux * over, first[1] - uy * over)
        full = length + 2 * over
        b = (a[0] + ux * full * sweep, a[1] + uy * full * sweep)
        key = ("win", geo.side, outcome.cells) if sweep >= 1.0 else None
        half = geo.cell * _WIN_STROKE
        reach = half + geo.cell * 0.2
        bounds = pygame.Rect(
            int(min(a[0], b[0]) - reach), int(min(a[1], b[1]) - reach),
            int(abs(b[0] - a[0]) + 2 * reach) + 1, int(abs(b[1] - a[1]) + 2 * reach) + 1,
        )

        def make() -> pygame.Surface:
            canvas = shapes.Canvas(bounds)
            distance = shapes.segment_distance(canvas.xs, canvas.ys, a, b)
            canvas.paint(shapes.glow_alpha(distance, half, geo.cell * 0.09), palette.ACCENT, 0.55)
            canvas.paint(shapes.stroke_alpha(distance, half), palette.ACCENT)
            canvas.paint(shapes.stroke_alpha(distance, half * 0.3), _WIN_CORE, 0.9)
            return canvas.to_surface()

        image = self._cached(key, make) if key is not None else make()
        surface.blit(image, bounds)

    def _draw_labels(self, surface: pygame.Surface, geo: _Geometry) -> None:
        font = self.font(palette.DISPLAY_FONT_MEDIUM, max(10.0, geo.margin * 0.5))
        below = geo.board_y + geo.board + geo.margin / 2
        left = geo.board_x - geo.margin / 2
        for col in range(3):
            x = geo.grid_x + (col + 0.5) * geo.cell
            blit_centred(surface, self._label(font, "abc"[col]), (x, below), 0.55)
        for row in range(3):
            y = geo.grid_y + (row + 0.5) * geo.cell
            blit_centred(surface, self._label(font, str(3 - row)), (left, y), 0.55)

    def _label(self, font: pygame.font.Font, text: str) -> pygame.Surface:
        return self._cached(("label", font.get_height(), text), lambda: render(font, text, palette.TEXT_MUTED))

    # -- images (cached: they only change with the layout) ---------------------
    def _cached(self, key: Any, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        if key is None:
            return make()
        image = self._cache.get(key)
        if image is None:
            image = self._cache[key] = make()
        return image

    def _board_bounds(self, geo: _Geometry) -> pygame.Rect:
        """The pixels the board layer covers: the panel and its drop shadow, inside the area."""
        reach = _PANEL_SHADOW_BLUR * geo.board * 0.65 + 1   # where ``shadow_alpha`` reaches 0
        drop = _PANEL_SHADOW_DROP * geo.board
        left, top = math.floor(geo.board_x - reach), math.floor(geo.board_y - reach + min(0.0, drop))
        right = math.ceil(geo.board_x + geo.board + reach)
        bottom = math.ceil(geo.board_y + geo.board + reach + max(0.0, drop))
        return geo.area.clip(pygame.Rect(left, top, right - left, bottom - top))

    def _board_layer(self, geo: _Geometry) -> pygame.Surface:
        """The panel with its drop shadow and the glowing grid (drawn at ``_board_bounds``).

        Per-pixel work goes only where it changes pixels: the panel's middle is
        one gradient column repeated; the shadow, anti-aliased edge and rim are
        painted in the frame round it, the grid's glow in strips along its
        lines and its stroke in narrower ones, each on a small canvas of its
        own (narrow strips of one big canvas would touch every memory page of
        it). Painting every pixel of the area took about 60 ms at 1280x800, a
        visible stall each time the play screen opened or the window resized.
        """
        bounds = self._board_bounds(geo)
        solid = self._board_solid(geo)
        pixels = np.empty((bounds.height, bounds.width, 4), dtype=np.uint8)

        def put(canvas: shapes.Canvas) -> None:
            part = canvas.bounds
            x, y = part.x - bounds.x, part.y - bounds.y
            pixels[y:y + part.height, x:x + part.width] = canvas.to_array()

        column = shapes.Canvas(pygame.Rect(solid.x, solid.y, 1, solid.height))
        column.fill(self._board_gradient(geo, column.ys))
        pixels[solid.y - bounds.y:solid.bottom - bounds.y, solid.x - bounds.x:solid.right - bounds.x] = column.to_array()
        for part in shapes.frame(bounds, solid):
            canvas = shapes.Canvas(part)
            self._paint_panel(canvas, geo)
            put(canvas)

        lines = []
        inset = geo.cell * 0.1
        for k in (1, 2):
            x = geo.grid_x + k * geo.cell
            y = geo.grid_y + k * geo.cell
            lines.append(((x, geo.grid_y + inset), (x, geo.grid_y + 3 * geo.cell - inset)))
            lines.append(((geo.grid_x + inset, y), (geo.grid_x + 3 * geo.cell - inset, y)))
        half = max(1.2, geo.cell * 0.022)
        spread = geo.cell * 0.05
        # Past 2.5 spreads the glow (at 12 %) adds under 1/1000 of a colour step.
        windows = [bounds.clip(_around(a, b, half + 2.5 * spread + 1)) for a, b in lines]
        glow_pieces = shapes.disjoint(windows)
        stroke_pieces = shapes.disjoint([bounds.clip(_around(a, b, half + 1)) for a, b in lines])

        def grid_distance(canvas: shapes.Canvas) -> np.ndarray:
            """Distance to the nearest line; lines whose window misses the canvas are too far to show."""
            near = [line for line, window in zip(lines, windows) if window.colliderect(canvas.bounds)]
            return np.minimum.reduce([shapes.segment_distance(canvas.xs, canvas.ys, a, b) for a, b in near])

        for piece in glow_pieces:
            canvas = shapes.Canvas(piece)
            if solid.contains(piece):
                canvas.fill(self._board_gradient(geo, canvas.ys))
            else:
                self._paint_panel(canvas, geo)
            canvas.paint(shapes.glow_alpha(grid_distance(canvas), half, spread), palette.GRID, 0.12)
            for stroke in stroke_pieces:
                if stroke.colliderect(piece):
                    region = canvas.region(stroke)
                    region.paint(shapes.stroke_alpha(grid_distance(region), half), palette.GRID, 0.9)
            put(canvas)
        return shapes.surface_from_array(pixels)

    def _board_solid(self, geo: _Geometry) -> pygame.Rect:
        """A square of pixels all at least 2 px inside the panel: fully covered by
        its fill (which hides the shadow) and clear of its rim."""
        radius = min(geo.board * _PANEL_RADIUS, geo.board / 2)
        inset = max(3.0, radius - (radius - 2) / math.sqrt(2) + 1)
        first_x, first_y = math.ceil(geo.board_x + inset - 0.5), math.ceil(geo.board_y + inset - 0.5)
        end_x = math.floor(geo.board_x + geo.board - inset - 0.5) + 1
        end_y = math.floor(geo.board_y + geo.board - inset - 0.5) + 1
        return pygame.Rect(first_x, first_y, max(0, end_x - first_x), max(0, end_y - first_y))

    def _board_gradient(self, geo: _Geometry, ys: np.ndarray) -> np.ndarray:
        """The panel's colour at each pixel row ``ys``: lighter at the top."""
        top = np.asarray(shapes.mix(palette.PANEL, palette.PANEL_LIGHT, 0.25), dtype=np.float32)
        bottom = np.asarray(palette.BOARD, dtype=np.float32)
        t = np.clip((ys - geo.board_y) / max(geo.board, 1.0), 0.0, 1.0)[..., None]
        return top + (bottom - top) * t

    def _paint_panel(self, canvas: shapes.Canvas, geo: _Geometry) -> None:
        """The panel's drop shadow, its gradient fill and its rim, on ``canvas``."""
        xs, ys = canvas.xs, canvas.ys
        panel = (geo.board_x, geo.board_y, geo.board, geo.board)
        radius = min(geo.board * _PANEL_RADIUS, geo.board / 2)
        shadow = shapes.rounded_rect_distance(xs, ys - geo.board * _PANEL_SHADOW_DROP, panel, radius)
        canvas.paint(shapes.shadow_alpha(shadow, geo.board * _PANEL_SHADOW_BLUR), _SHADOW, 0.6)
        inside = shapes.rounded_rect_distance(xs, ys, panel, radius)
        canvas.paint(shapes.fill_alpha(inside), self._board_gradient(geo, ys))
        canvas.paint(shapes.stroke_alpha(np.abs(inside + 0.75), 0.75), palette.PANEL_BORDER, 0.55)

    def _tile(self, geo: _Geometry, colour: tuple[int, int, int]) -> pygame.Surface:
        n = geo.side
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        inset = geo.cell * _TILE_INSET
        box = (inset, inset, n - 2 * inset, n - 2 * inset)
        canvas.paint(shapes.fill_alpha(shapes.rounded_rect_distance(canvas.xs, canvas.ys, box, geo.cell * _TILE_RADIUS)), colour)
        return canvas.to_surface()

    def _cursor_image(self, geo: _Geometry) -> pygame.Surface:
        n = geo.side
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        inset = geo.cell * 0.05
        box = (inset, inset, n - 2 * inset, n - 2 * inset)
        edge = np.abs(shapes.rounded_rect_distance(canvas.xs, canvas.ys, box, geo.cell * _TILE_RADIUS))
        half = max(1.3, geo.cell * 0.016)
        canvas.paint(shapes.glow_alpha(edge, half, geo.cell * 0.035), palette.ACCENT, 0.4)
        canvas.paint(shapes.stroke_alpha(edge, half), palette.ACCENT)
        return canvas.to_surface()

    def _pill(self, size: tuple[int, int]) -> pygame.Surface:
        w, h = size
        canvas = shapes.Canvas(pygame.Rect(0, 0, w, h))
        box = (0.5, 0.5, w - 1.0, h - 1.0)
        canvas.paint(shapes.fill_alpha(shapes.rounded_rect_distance(canvas.xs, canvas.ys, box, h / 2)), _LABEL_BACK)
        return canvas.to_surface()

    def _mark_image(self, geo: _Geometry, kind: int, progress: float, glow: bool) -> pygame.Surface:
        """An X or O in its seat colour, ``progress`` (0..1) of the way drawn in."""
        progress = min(1.0, max(0.0, progress))
        if progress >= 1.0:
            key = ("mark", geo.side, kind, glow)
            return self._cached(key, lambda: self._render_mark(geo, kind, 1.0, glow))
        return self._render_mark(geo, kind, progress, glow)

    def _mark_distance(self, geo: _Geometry, kind: int, progress: float) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
        n = geo.mark_side
        c = n / 2
        if kind == X:
            arm = geo.cell * _X_ARM
            first, second = _span(progress, 0.0, 0.55), _span(progress, 0.45, 0.55)

            def x_distance(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
                a1, b1 = (c - arm, c - arm), (c + arm, c + arm)
                a2, b2 = (c + arm, c - arm), (c - arm, c + arm)
                d = np.full(np.broadcast_shapes(xs.shape, ys.shape), np.inf, dtype=np.float32)
                if first > 0:
                    end = (a1[0] + (b1[0] - a1[0]) * first, a1[1] + (b1[1] - a1[1]) * first)
                    d = np.minimum(d, shapes.segment_distance(xs, ys, a1, end))
                if second > 0:
                    end = (a2[0] + (b2[0] - a2[0]) * second, a2[1] + (b2[1] - a2[1]) * second)
                    d = np.minimum(d, shapes.segment_distance(xs, ys, a2, end))
                return d

            return x_distance
        sweep = 2 * math.pi * ease_out_cubic(progress)
        radius = geo.cell * _O_RADIUS

        def o_distance(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
            if sweep <= 0:
                return np.full(np.broadcast_shapes(xs.shape, ys.shape), np.inf, dtype=np.float32)
            return shapes.arc_distance(xs, ys, (c, c), radius, -0.75 * math.pi, sweep)

        return o_distance

    def _render_mark(self, geo: _Geometry, kind: int, progress: float, glow: bool) -> pygame.Surface:
        colour = palette.SEAT_COLOURS[0 if kind == X else 1]
        return shapes.stroked(
            pygame.Rect(0, 0, geo.mark_side, geo.mark_side), self._mark_distance(geo, kind, progress),
            geo.cell * _STROKE, colour,
            glow=_GLOW if glow else 0.0, glow_spread=geo.cell * _GLOW_SPREAD,
        )

    def _halo_image(self, geo: _Geometry, kind: int) -> pygame.Surface:
        """A wide, strong glow behind a winning mark (blitted with a pulsing opacity)."""
        colour = palette.SEAT_COLOURS[0 if kind == X else 1]
        canvas = shapes.Canvas(pygame.Rect(0, 0, geo.mark_side, geo.mark_side))
        distance = self._mark_distance(geo, kind, 1.0)(canvas.xs, canvas.ys)
        canvas.paint(shapes.glow_alpha(distance, geo.cell * _STROKE, geo.cell * 0.14), colour, 0.7)
        return canvas.to_surface()

    # -- the menu card ----------------------------------------------------------
    def render_preview(self, size: tuple[int, int]) -> pygame.Surface:
        """A mid-game position (X to move, O threatening a-file) with the hint ring on a2."""
        image = pygame.Surface(size, pygame.SRCALPHA)
        sample = TicTacToe.from_text("b2 a3 c3 a1")
        helper = TicTacToeRenderer()
        helper.anim_speed = 0
        helper._geometry = _Geometry.fit(pygame.Rect((0, 0), size), labels=False)
        helper.draw(image, sample, BoardView(last_move=sample.move_stack[-1], hint=sample.parse_move("a2")))
        return image
