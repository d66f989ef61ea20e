"""The Tic-tac-toe board: a glowing 3x3 grid with marks that draw themselves in.

X is two strokes drawn one after the other, O an arc that sweeps round;
both glow softly in their seat's colour. Everything else is the square-grid
board's (``GridRenderer``): the last move's tinted tile, the hovered cell's
ghost, the gold keyboard cursor, the hint's pulsing ring and values, and at
the end the gold stroke along the winning line while its marks pulse (every
mark stays at full contrast). Only the inner lines of the grid are drawn.

Keys: arrows move the cursor, Enter/Space play its cell, and the digits
pick a cell directly in numeric-keypad order, which matches the cell names
(row 1 at the bottom)::

    7 8 9      a3 b3 c3
    4 5 6  =   a2 b2 c2
    1 2 3      a1 b1 c1
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np
import pygame

from game.lang import N_
from game.rules.core import State
from game.rules.tictactoe import O, X, TicTacToe
from game.ui import palette
from game.ui.renderers import shapes
from game.ui.renderers.base import BoardView, DisplayOption
from game.ui.renderers.grid import GridRenderer
from game.ui.renderers.gridboard import BoardLook
from game.ui.renderers.gridgeometry import GridGeometry, Segment
from game.ui.tween import ease_out_cubic

# Sizes as fractions of one cell (so everything scales with the window).
_X_ARM = 0.24          # half the extent of an X's strokes
_O_RADIUS = 0.25
_STROKE = 0.055        # half the width of a mark's stroke
_GLOW_SPREAD = 0.075
_GLOW = 0.42

# Durations in seconds at normal speed.
_X_DRAW = 0.36
_O_DRAW = 0.40

#: The mark of each seat.
_KINDS = (X, O)

#: The second set: X and O in ink on paper (no glow); for colour-blind players Okabe–Ito
#: blue and vermillion, which stay apart and dark on the paper under every colour-blindness.
PAPER = BoardLook(top=(250, 248, 240), bottom=(236, 232, 218), lines=(70, 76, 104), rim=(150, 150, 140),
                  hover=(222, 228, 242), shadow=(70, 70, 64))
INK: tuple[palette.RGB, palette.RGB] = ((28, 64, 168), (204, 40, 40))
COLOUR_BLIND_INK: tuple[palette.RGB, palette.RGB] = ((0, 114, 178), (213, 94, 0))
PAPER_SET = DisplayOption("tictactoe_paper_set", N_("Tic-tac-toe board"), N_("Ink on paper, or glowing marks"), False,
                          (N_("Paper"), N_("Glow")))


def _span(progress: float, start: float, length: float) -> float:
    """Progress of a part of an animation that runs from ``start`` for ``length``."""
    return ease_out_cubic(min(1.0, max(0.0, (progress - start) / length)))


class TicTacToeRenderer(GridRenderer):
    """Draws a ``TicTacToe`` state and reads the human's moves from mouse and keys."""

    game_id = "tictactoe"
    input_help = N_("Click a square, arrows + Enter, or 1–9")
    state_type = TicTacToe
    cols = rows = 3
    grid_pad = 0.065
    label_margin = 0.075
    plain_margin = 0.03
    display_options = (PAPER_SET,)
    board_set = PAPER_SET

    def board_look(self) -> BoardLook | None:
        return PAPER if self.second_set else None

    def seat_colours(self) -> tuple[palette.RGB, ...]:
        if self.second_set:
            return COLOUR_BLIND_INK if palette.colour_blind else INK
        return palette.SEAT_COLOURS[:2]

    def piece_at(self, state: State, cell: int) -> int | None:
        mark = state.board[cell]
        return _KINDS.index(mark) if mark in _KINDS else None

    def appear_duration(self, seat: int) -> float:
        return _X_DRAW if seat == 0 else _O_DRAW

    def cell_for_digit(self, digit: int) -> int | None:
        """Numeric-keypad order: 7 8 9 is the top row (row 3), 1 2 3 the bottom."""
        if not 1 <= digit <= 9:
            return None
        row_from_bottom, col = divmod(digit - 1, 3)
        return (2 - row_from_bottom) * 3 + col

    def grid_lines(self, geo: GridGeometry) -> list[Segment]:
        """The two inner lines each way, stopping short of the panel's edge."""
        lines = []
        inset = geo.cell * 0.1
        for k in (1, 2):
            x = geo.grid_x + k * geo.cell
            y = geo.grid_y + k * geo.cell
            lines.append(((x, geo.grid_y + inset), (x, geo.grid_y + 3 * geo.cell - inset)))
            lines.append(((geo.grid_x + inset, y), (geo.grid_x + 3 * geo.cell - inset, y)))
        return lines

    # -- marks --------------------------------------------------------------------------
    @property
    def mark_side(self) -> int:
        """Pixel size of the square surfaces that hold a mark and its glow."""
        return max(1, int(round(self.geometry.cell * 1.3)))

    def render_piece(self, seat: int) -> pygame.Surface:
        return self._render_mark(_KINDS[seat], 1.0, glow=True)

    def piece_image(self, seat: int, progress: float) -> pygame.Surface:
        """The mark ``progress`` (0..1) of the way drawn in."""
        progress = min(1.0, max(0.0, progress))
        if progress >= 1.0:
            return self.cached(("piece", seat), lambda: self.render_piece(seat))
        return self._render_mark(_KINDS[seat], progress, glow=True)

    def ghost_image(self, seat: int) -> pygame.Surface:
        return self.cached(("ghost", seat), lambda: self._render_mark(_KINDS[seat], 1.0, glow=False))

    def halo_image(self, seat: int) -> pygame.Surface:
        """A wide, strong glow in the shape of the mark."""
        kind = _KINDS[seat]
        geo = self.geometry
        canvas = shapes.Canvas(pygame.Rect(0, 0, self.mark_side, self.mark_side))
        distance = self._mark_distance(kind, 1.0)(canvas.xs, canvas.ys)
        canvas.paint(shapes.glow_alpha(distance, geo.cell * _STROKE, geo.cell * 0.14),
                     self.seat_colours()[seat], 0.7 if not self.second_set else 0.25)
        return canvas.to_surface()

    def _mark_distance(self, kind: int, progress: float) -> Callable[[np.ndarray, np.ndarray], np.ndarray]:
        cell = self.geometry.cell
        c = self.mark_side / 2
        if kind == X:
            arm = cell * _X_ARM
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
        radius = cell * _O_RADIUS

        def o_distance(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
            if sweep <= 0:
                return np.full(np.broadcast_shapes(xs.shape, ys.shape), np.inf, dtype=np.float32)
            return shapes.arc_distance(xs, ys, (c, c), radius, -0.75 * math.pi, sweep)

        return o_distance

    def _render_mark(self, kind: int, progress: float, glow: bool) -> pygame.Surface:
        """An X or O in its seat colour, ``progress`` of the way drawn in."""
        cell = self.geometry.cell
        return shapes.stroked(
            pygame.Rect(0, 0, self.mark_side, self.mark_side), self._mark_distance(kind, progress),
            cell * _STROKE, self.seat_colours()[_KINDS.index(kind)],
            glow=_GLOW if glow and not self.second_set else 0.0, glow_spread=cell * _GLOW_SPREAD,
        )

    # -- the menu card --------------------------------------------------------------------
    def preview(self) -> tuple[State, BoardView]:
        """A mid-game position (X to move, O threatening a-file) with the hint ring on a2."""
        sample = TicTacToe.from_text("b2 a3 c3 a1")
        return sample, BoardView(last_move=sample.move_stack[-1], hint=sample.parse_move("a2"))
