"""Crossing's board: the shared square-grid renderer with a round stone per seat.

Everything but the stone is ``GridRenderer``'s: the panel, coordinates read
from the move notation, hover ghost, keyboard cursor, last move, hint ring
and values, and the stroke along the winning chain.
"""
from __future__ import annotations

import numpy as np
import pygame

from game.rules.core import State
from game.ui.renderers import shapes
from game.ui.renderers.base import BoardView
from game.ui.renderers.grid import GridRenderer
from tests.newgame.rules import EMPTY, Crossing

_STONE = 0.36     # the stone's radius, in cells


class CrossingRenderer(GridRenderer):
    """Draws a ``Crossing`` state; a click, or arrows and Enter, place a stone."""

    game_id = "crossing"
    input_help = "Click a cell, or arrows + Enter"
    state_type = Crossing
    cols = rows = 4

    def piece_at(self, state: State, cell: int) -> int | None:
        seat = state.board[cell]
        return None if seat == EMPTY else seat

    def render_piece(self, seat: int) -> pygame.Surface:
        cell = self.geometry.cell
        n = max(3, int(2 * _STONE * cell) + 4)
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        distance = np.hypot(canvas.xs - n / 2, canvas.ys - n / 2) - _STONE * cell
        canvas.paint(shapes.fill_alpha(distance), self.seat_colours()[seat])
        return canvas.to_surface()

    def preview(self) -> tuple[State, BoardView]:
        sample = Crossing.from_text("b3 c3 b2 b1")
        return sample, BoardView(last_move=sample.move_stack[-1])
