"""Line arithmetic shared by the Tic-tac-toe bots.

Every Tic-tac-toe judgement the rule-based bots make is a count over the
eight lines: how many of a player's pieces a line holds while it is still
free of the other player's, which empty cells would complete a line, which
cells would complete two at once (a fork). Boards are the rules' own
``TicTacToe.board`` lists (or tuples): EMPTY, X or O per cell, cells 0-8 row
by row from the top left.
"""
from __future__ import annotations

from itertools import combinations
from typing import Sequence

from game.rules.tictactoe import EMPTY, LINES, LINES_THROUGH, O, X

Board = Sequence[int]
Line = tuple[int, int, int]

#: Every pair of lines that cross, with the cell they share: (line a, line b, cell).
CROSSING_LINES: tuple[tuple[Line, Line, int], ...] = tuple(
    (a, b, (set(a) & set(b)).pop()) for a, b in combinations(LINES, 2) if set(a) & set(b)
)
#: The row and column meeting at each corner, with that corner: the pairs the
#: rule-based article checks for forks (its ``CornerLines``).
CORNER_LINES: tuple[tuple[Line, Line, int], ...] = tuple(
    (row, col, corner)
    for corner in (0, 2, 6, 8)
    for row in LINES[0:3]
    for col in LINES[3:6]
    if corner in row and corner in col
)


def other(mark: int) -> int:
    """The opponent's mark: X for O, O for X."""
    if mark == X:
        return O
    if mark == O:
        return X
    raise ValueError(f"{mark!r} is not a player's mark (X={X}, O={O})")


def line_score(board: Board, line: Line, mark: int) -> int:
    """Pieces of ``mark`` on ``line``, or 0 once the opponent holds a cell of it."""
    opponent = other(mark)
    if any(board[c] == opponent for c in line):
        return 0
    return sum(1 for c in line if board[c] == mark)


def is_open(board: Board, line: Line, mark: int) -> bool:
    """True while ``line`` holds none of the opponent's pieces (``mark`` could still fill it)."""
    opponent = other(mark)
    return all(board[c] != opponent for c in line)


def open_lines(board: Board, mark: int) -> int:
    """How many lines ``mark`` could still complete."""
    return sum(1 for line in LINES if is_open(board, line, mark))


def empty_cell(board: Board, line: Line) -> int | None:
    """An empty cell of ``line``, its middle cell first, then its ends in order."""
    for cell in (line[1], line[0], line[2]):
        if board[cell] == EMPTY:
            return cell
    return None


def first_completing_cell(board: Board, mark: int) -> int | None:
    """The empty cell completing the first line (in ``LINES`` order) ``mark`` has two on."""
    for line in LINES:
        if line_score(board, line, mark) == 2:
            return empty_cell(board, line)
    return None


def completing_cells(board: Board, mark: int) -> list[int]:
    """Every empty cell that would complete a line for ``mark``, ascending."""
    return sorted({empty_cell(board, line) for line in LINES if line_score(board, line, mark) == 2})


def fork_cells(board: Board, mark: int) -> list[int]:
    """Empty cells where a piece of ``mark`` would make two lines of two at once."""
    return [
        cell
        for cell in range(9)
        if board[cell] == EMPTY and sum(1 for line in LINES_THROUGH[cell] if line_score(board, line, mark) == 1) >= 2
    ]


def impact(board: Board) -> list[int]:
    """For each cell, how many lines through it are still live (not held by both players).

    Occupied cells score 0. The centre of an empty board scores 4, a corner 3,
    an edge 2: the article's measure of a cell's strategic worth.
    """
    scores = [0] * 9
    for line in LINES:
        marks = {board[c] for c in line}
        if X in marks and O in marks:
            continue
        for cell in line:
            if board[cell] == EMPTY:
                scores[cell] += 1
    return scores
