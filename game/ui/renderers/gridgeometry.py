"""Where the cells of a grid board go on the screen (``GridGeometry``), and small
helpers of the grid boards: a panel's top-to-bottom shade, coordinate names.

``GridRenderer`` (``renderers.grid``) lays its board out with the geometry its
``geometry_type`` names: square cells by default, in rows and columns, with
pieces in the cells or on the lines' crossings.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import pygame

from game.ui import palette
from game.ui.renderers import shapes

Point = tuple[float, float]
Segment = tuple[Point, Point]

#: Labels smaller than this (the margin they sit in, in pixels) cannot be read: left out.
_MIN_LABEL_MARGIN = 14


@dataclass(frozen=True)
class GridGeometry:
    """Where a grid's panel, cells and labels go inside an area (pixels).

    The hooks that make the cells squares are ``fit`` (the board's size for an
    area), ``centre`` (a cell's middle), ``place_at`` (the cell under a point) and
    ``outline`` (a cell's shape); a board of other cells (Hex's rhombus of
    hexagons) subclasses this, overrides them, and names its class in
    ``GridRenderer.geometry_type``.
    """

    area: pygame.Rect
    cols: int
    rows: int
    intersections: bool
    cell: float          # from one cell (or line) to the next
    grid_x: float        # left edge of the first column of cells; the first line on intersections
    grid_y: float
    board_x: float       # the panel
    board_y: float
    board_w: float
    board_h: float
    margin: float        # room round the panel for the labels
    labels: bool

    @classmethod
    def fit(cls, area: pygame.Rect, cols: int, rows: int, *, intersections: bool, pad: float,
            label_margin: float, plain_margin: float, labels: bool = True) -> "GridGeometry":
        """The largest board that fits ``area``: a panel whose padding round the grid
        is ``pad`` of its longer side (plus half a cell on ``intersections``, for the
        edge stones), in a margin for the labels that is ``label_margin`` of the
        side of the square holding both (``plain_margin`` without labels: when
        asked so, or when they would be too small to read). Sizes are shares of
        the board, not of a cell, so a board keeps its look at every size."""
        span_x, span_y = (cols - 1, rows - 1) if intersections else (cols, rows)
        span = max(span_x, span_y, 1)
        extra = 0.5 if intersections else 0.0     # cells of padding round the edge stones

        def side_for(margin: float) -> float:
            """The longer side of the square (panel and margins) that fits ``area``:
            the shorter axis is ``span - span_axis`` cells less."""
            cell_share = (1 - 2 * margin) * (1 - 2 * pad) / (span + 2 * extra)
            return max(0.0, min(area.width / (1 - (span - span_x) * cell_share),
                                area.height / (1 - (span - span_y) * cell_share)))

        side = side_for(label_margin)
        if labels and side * label_margin >= _MIN_LABEL_MARGIN:
            margin = side * label_margin
        else:
            labels = False
            side = side_for(plain_margin)
            margin = side * plain_margin
        board = side - 2 * margin
        border = board * pad
        cell = (board - 2 * border) / (span + 2 * extra)
        border += extra * cell
        board_w, board_h = board - (span - span_x) * cell, board - (span - span_y) * cell
        board_x = area.x + (area.width - board_w) / 2
        board_y = area.y + (area.height - board_h) / 2
        return cls(pygame.Rect(area), cols, rows, intersections, cell, board_x + border, board_y + border,
                   board_x, board_y, board_w, board_h, margin, labels)

    @property
    def offset(self) -> float:
        """Where a piece sits from its cell's top-left corner, in cells."""
        return 0.0 if self.intersections else 0.5

    def centre(self, col: float, row: float) -> Point:
        return self.grid_x + (col + self.offset) * self.cell, self.grid_y + (row + self.offset) * self.cell

    def place_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The (column, row) whose cell (or nearest intersection) holds ``pos``."""
        if self.cell <= 0:
            return None
        shift = 0.5 - self.offset
        col = math.floor((pos[0] - self.grid_x) / self.cell + shift)
        row = math.floor((pos[1] - self.grid_y) / self.cell + shift)
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return col, row
        return None

    @property
    def pieces_rect(self) -> pygame.Rect:
        """The cells, or the squares round every intersection: where pieces can be."""
        left = self.grid_x - (0.5 - self.offset) * self.cell
        top = self.grid_y - (0.5 - self.offset) * self.cell
        return pygame.Rect(math.floor(left), math.floor(top), math.ceil(self.cols * self.cell),
                           math.ceil(self.rows * self.cell))

    def outline(self, xs: np.ndarray, ys: np.ndarray, inset: float, radius: float) -> np.ndarray:
        """The shape of one cell, for the tiles and the cursor drawn on it: the signed
        distance (pixels, negative inside) from the pixels ``xs``, ``ys`` of an image
        ``side`` pixels across, the cell centred in it, to the cell's edge drawn ``inset``
        pixels in with corners rounded by ``radius``. Here a square."""
        n = self.side
        return shapes.rounded_rect_distance(xs, ys, (inset, inset, n - 2 * inset, n - 2 * inset), radius)

    @property
    def side(self) -> int:
        """Pixel size of the square images that fill one cell (tiles, cursor)."""
        return max(1, int(round(self.cell)))

    @property
    def panel(self) -> tuple[float, float, float, float]:
        return self.board_x, self.board_y, self.board_w, self.board_h

    @property
    def panel_side(self) -> float:
        """The panel's shorter side, which its rounding and shadow scale with."""
        return min(self.board_w, self.board_h)

    @property
    def key(self) -> tuple[int, int, int, int, bool]:
        """What the cached images depend on: they stay while this does."""
        return self.area.width, self.area.height, self.cols, self.rows, self.labels


def top_to_bottom(geo: GridGeometry, ys: np.ndarray, top: palette.RGB, bottom: palette.RGB) -> np.ndarray:
    """The colour at each pixel row ``ys`` of a panel shaded from ``top`` at its top edge to
    ``bottom`` at its foot (``ys``' shape plus a colour axis): a ``panel_gradient``."""
    t = np.clip((ys - geo.board_y) / max(geo.board_h, 1.0), 0.0, 1.0)[..., None]
    start = np.asarray(top, dtype=np.float32)
    return start + (np.asarray(bottom, dtype=np.float32) - start) * t


def shared_ends(names: Sequence[str]) -> tuple[str, str]:
    """What every one of ``names`` starts with and what every one ends with
    (``('a', '')`` for a1, a2, a3; ``('', '3')`` for a3, b3, c3)."""
    if not names or not all(names):
        return "", ""
    start = os.path.commonprefix(list(names))
    end = os.path.commonprefix([name[::-1] for name in names])[::-1]
    return start, end
