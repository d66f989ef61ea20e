"""Seed 001's board features for Connect Four: "chess strings", their degrees and values.

The article ("AI玩转重力四子棋") describes a position by its *chess strings*
(棋串): for every disc and each of four directions, the run of same-coloured
discs starting there, at most N long, together with the *degree* (气度) of
the empty cell just before and just after the run. A string is worth
``chessvalue(l, d1, d2)`` and a player's total is the sum over their strings.

This module follows the article's published code step by step; where the
article's prose, formula and code disagree, the choice is the one that
reproduces its printed numbers:

* Degree: the article's prose says 0 means "playable now", but its code
  counts the empty cells of the end cell's column from the bottom up to and
  including that cell, so a cell playable now has degree 1, a cell with one
  empty cell under it degree 2, and an end that is off the board or holds a
  disc (of either colour) degree 0. Its table ("[3,1,1] wins", "[3,0,1] must
  be answered") and its worked example only come out this way, so that is
  what ``degree`` returns.
* ``chessvalue``: the prose formula divides by ``(d1*d2)**2`` and
  ``(d1+d2)**2``, the listed code by ``k1**1.5`` and ``k2``; the article's
  table of values and its example (145,325 and 212,413 for the two players,
  the column changes 892,909 ...) come from ``(d1*d2)**2`` and ``(d1+d2)``,
  so that is the formula here. The table is a test (tests/test_connect4_bots.py).
* Strings: the scan goes row by row from the top, columns left to right,
  directions right, down-right, down, down-left (the article's ``dire``);
  a string stops after N-1 steps (the article's 3 for N = 4), and a string
  whose cells all lie in one already recorded for that player (in any
  direction) is skipped, as the article's ``check_repeat`` does. Strings of
  value 0 are kept and still hide their sub-strings.
* N in a row generalises the article's 4: ``chessvalue`` gives 0 to a string
  shorter than N with both ends dead, and a string of N cells (a win) is in
  the millions for N = 4 and grows tenfold per disc.
"""
from __future__ import annotations

from typing import NamedTuple, Sequence

#: The article's scan directions as (column step, row step), row 0 at the bottom:
#: right, down-right, down, down-left.
SCAN_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, -1))


class ChessString(NamedTuple):
    """One string: its cells ``(col, row)`` from the scan's start, length, degrees, value."""

    cells: tuple[tuple[int, int], ...]
    length: int
    d1: int
    d2: int
    value: int


def chessvalue(l: int, d1: int, d2: int, n: int = 4) -> int:
    """The article's value of a string of ``l`` discs with end degrees ``d1``, ``d2``.

    ``10**(l+2)`` sets the order of magnitude by length; the degree terms
    order strings of one length (``[x,1,1] > [x,1,2] > [x,1,3] > [x,0,1] >
    [x,0,2]``): ends playable sooner are worth more. A string shorter than
    ``n`` with no live end is worth nothing.
    """
    if l < n and d1 == d2 == 0:
        return 0
    value = 10 ** (l + 2)
    k1 = d1 * d2
    k2 = d1 + d2
    v1 = 0 if d1 == 0 else 10 ** (l + 1) / d1 ** 3
    v2 = 0 if d2 == 0 else 10 ** (l + 1) / d2 ** 3
    value += v1 + v2
    if k1 > 0:
        value += 10 ** (l + 1) / k1 ** 2
    if k2 > 0:
        value += 10 ** l / k2
    return int(value)


class StringBoard:
    """A Connect Four board as the article's AI sees it, with drop and undo for look-ahead.

    ``grid[col * rows + row]`` is 0 empty, 1 Red, 2 Yellow (the rules' values).
    """

    def __init__(self, cols: int, rows: int, n: int, grid: Sequence[int]) -> None:
        self.cols, self.rows, self.n = cols, rows, n
        self.grid = list(grid)
        self.heights = [0] * cols
        for col in range(cols):
            self.heights[col] = sum(1 for row in range(rows) if grid[col * rows + row])

    @classmethod
    def of_state(cls, state) -> "StringBoard":
        """The board of a ``ConnectFour`` state."""
        grid = [disc for column in state.board for disc in column]
        return cls(state.cols, state.rows, state.n, grid)

    def drop(self, col: int, disc: int) -> None:
        row = self.heights[col]
        self.grid[col * self.rows + row] = disc
        self.heights[col] = row + 1

    def undo(self, col: int) -> None:
        self.heights[col] -= 1
        self.grid[col * self.rows + self.heights[col]] = 0

    def open_columns(self) -> list[int]:
        return [c for c in range(self.cols) if self.heights[c] < self.rows]

    def degree(self, col: int, row: int) -> int:
        """Empty cells of ``col`` from the bottom up to ``(col, row)`` if that cell is on the
        board and empty (1: a disc dropped now lands there), else 0."""
        if not (0 <= col < self.cols and 0 <= row < self.rows) or self.grid[col * self.rows + row]:
            return 0
        return row - self.heights[col] + 1

    def strings(self) -> tuple[list[ChessString], list[ChessString]]:
        """Red's and Yellow's strings, each list ordered by value, highest first."""
        cols, rows, n, grid = self.cols, self.rows, self.n, self.grid
        found: tuple[list[ChessString], list[ChessString]] = ([], [])
        #: Per player: cell -> the recorded strings' cell sets holding it.
        holding: tuple[dict, dict] = ({}, {})
        for row in range(rows - 1, -1, -1):
            for col in range(cols):
                disc = grid[col * rows + row]
                if not disc:
                    continue
                for dc, dr in SCAN_DIRECTIONS:
                    cells = [(col, row)]
                    c, r = col, row
                    for _ in range(n - 1):
                        c, r = c + dc, r + dr
                        if 0 <= c < cols and 0 <= r < rows and grid[c * rows + r] == disc:
                            cells.append((c, r))
                        else:
                            break
                    d1 = self.degree(col - dc, row - dr)
                    d2 = self.degree(c, r)
                    cell_set = frozenset(cells)
                    recorded = holding[disc - 1].get(cells[0], ())
                    if any(cell_set <= other for other in recorded):
                        continue
                    for cell in cells:
                        holding[disc - 1].setdefault(cell, []).append(cell_set)
                    length = len(cells)
                    found[disc - 1].append(ChessString(tuple(cells), length, d1, d2, chessvalue(length, d1, d2, n)))
        for strings in found:
            strings.sort(key=lambda s: -s.value)
        return found

    def totals(self) -> tuple[int, int]:
        """Red's and Yellow's board totals: the sum of their strings' values."""
        red, yellow = self.strings()
        return sum(s.value for s in red), sum(s.value for s in yellow)
