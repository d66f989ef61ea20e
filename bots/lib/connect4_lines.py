"""Line tables for the Connect Four search engine, for any board up to 10x10 and N from 3 to 6.

The engine (``bots/lib/connect4_search.py``) keeps a board as a flat int8
array, cell ``col * rows + row`` (row 0 at the bottom), and counts each
player's discs in every *window*: every run of N cells in a row across, up
or along a diagonal. A disc completes a line exactly when it brings one of
its windows to N, and a window holding N-1 of one player's discs and none of
the other's marks a *threat* at its one empty cell. These tables, built once
per board size with numpy and kept for the process, list the windows and,
for each cell, the windows through it.
"""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import numpy as np

from game.rules.connect4 import DIRECTIONS


class LineTables(NamedTuple):
    """Everything the engine needs to know about one board size and N."""

    cols: int
    rows: int
    n: int
    #: (windows, n) int32: the cells of each window, in order along it.
    windows: np.ndarray
    #: (cells, 4 * n) int32: the windows through each cell, padded with -1.
    cell_windows: np.ndarray
    #: (cols,) int32: the columns from the centre outwards (left of centre first on a tie).
    centre_order: np.ndarray
    #: (cols,) int64: a column's nearness to the centre, higher in the middle.
    centrality: np.ndarray
    #: (3, cells) uint64: Zobrist keys per player (1, 2) and cell; row 0 unused.
    zobrist: np.ndarray
    #: (n + 1,) int64: evaluation weight of a window holding k discs of one player only.
    weights: np.ndarray


@lru_cache(maxsize=None)
def line_tables(cols: int, rows: int, n: int) -> LineTables:
    """The tables of a ``cols`` x ``rows`` board with ``n`` in a row (cached per size)."""
    windows = []
    for col in range(cols):
        for row in range(rows):
            for dc, dr in DIRECTIONS:
                end_c, end_r = col + (n - 1) * dc, row + (n - 1) * dr
                if 0 <= end_c < cols and 0 <= end_r < rows:
                    windows.append([(col + i * dc) * rows + row + i * dr for i in range(n)])
    window_array = np.array(windows, dtype=np.int32).reshape(len(windows), n)
    cell_windows = np.full((cols * rows, 4 * n), -1, dtype=np.int32)
    filled = np.zeros(cols * rows, dtype=np.int64)
    for w, cells in enumerate(windows):
        for cell in cells:
            cell_windows[cell, filled[cell]] = w
            filled[cell] += 1
    centre = (cols - 1) / 2
    order = sorted(range(cols), key=lambda c: (abs(c - centre), c))
    centrality = np.array([cols - abs(2 * c - (cols - 1)) for c in range(cols)], dtype=np.int64)
    rng = np.random.default_rng(1000 * cols + 10 * rows + n)
    zobrist = rng.integers(1, 2**63, size=(3, cols * rows), dtype=np.int64).astype(np.uint64)
    zobrist[0, :] = 0
    weights = np.zeros(n + 1, dtype=np.int64)
    for k in range(1, n):
        weights[k] = k * k
    weights[n - 1] = 2 * (n - 1) ** 2
    return LineTables(cols, rows, n, window_array, cell_windows, np.array(order, dtype=np.int32),
                      centrality, zobrist, weights)
