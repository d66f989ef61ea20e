"""Crossing: a 4x4 connection game, the rules of the test's sixth game.

Red (seat 0, first) and Blue take turns placing a stone on an empty cell of a
4x4 board. Red wins by joining the top edge to the bottom edge with a chain of
its stones, Blue by joining the left edge to the right, each stone linked to
the next across a side (not a corner). A full board with neither chain is a
draw. Cells are numbered 0-15 row by row from the top left and named ``a1``-
``d4``: column a-d from the left, row 1-4 from the bottom, so cell 0 is ``a4``.
"""
from __future__ import annotations

from collections import deque
from numbers import Integral
from typing import Any, Hashable, Sequence

from game.rules.core import BadNotation, IllegalMove, Outcome, State, Termination

SIDE = 4
CELLS = SIDE * SIDE
EMPTY = -1


def cell_name(cell: int) -> str:
    """``0`` -> ``'a4'``."""
    return "abcd"[cell % SIDE] + str(SIDE - cell // SIDE)


def neighbours(cell: int) -> list[int]:
    row, col = divmod(cell, SIDE)
    return [r * SIDE + c for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r < SIDE and 0 <= c < SIDE]


def crossing(board: Sequence[int], seat: int) -> tuple[int, ...] | None:
    """The shortest chain of ``seat``'s stones joining its two edges, in order, or None."""
    starts = [c for c in (range(SIDE) if seat == 0 else range(0, CELLS, SIDE)) if board[c] == seat]
    came: dict[int, int | None] = {c: None for c in starts}
    queue = deque(starts)
    while queue:
        cell = queue.popleft()
        row, col = divmod(cell, SIDE)
        if (row if seat == 0 else col) == SIDE - 1:
            path = [cell]
            while came[path[-1]] is not None:
                path.append(came[path[-1]])
            return tuple(reversed(path))
        for other in neighbours(cell):
            if board[other] == seat and other not in came:
                came[other] = cell
                queue.append(other)
    return None


class Crossing(State):
    """A Crossing position: ``board[cell]`` is EMPTY or the seat whose stone is there."""

    game_id = "crossing"
    title = "Crossing"
    rules_help = ("Red and Blue take turns placing a stone on an empty cell of the 4 x 4 board; Red "
                  "moves first.\nRed wins by joining the top edge to the bottom edge with a chain of "
                  "red stones, Blue by joining the left edge to the right, each stone touching the next "
                  "along a side.\nA full board with neither chain is a draw.")

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.board: list[int] = [EMPTY] * CELLS
        self._moves: list[int] = []

    def seat_name(self, seat: int) -> str:
        return ("Red", "Blue")[seat]

    @property
    def turn(self) -> int:
        return len(self._moves) % 2

    @property
    def move_stack(self) -> Sequence[int]:
        return self._moves

    def legal_moves(self) -> list[int]:
        if self.outcome() is not None:
            return []
        return [c for c in range(CELLS) if self.board[c] == EMPTY]

    def push(self, move: Hashable) -> None:
        if not (isinstance(move, Integral) and not isinstance(move, bool) and 0 <= move < CELLS):
            raise IllegalMove(f"{move!r} is not a cell of the board (0-15)")
        if self.board[move] != EMPTY:
            raise IllegalMove(f"{cell_name(move)} is not legal: that cell is taken")
        if self.outcome() is not None:
            raise IllegalMove(f"{cell_name(move)} is not legal: the game is over")
        self.board[move] = self.turn
        self._moves.append(int(move))

    def pop(self) -> int:
        if not self._moves:
            raise IllegalMove("no move to take back")
        move = self._moves.pop()
        self.board[move] = EMPTY
        return move

    def outcome(self) -> Outcome | None:
        if self._moves:
            seat = self.board[self._moves[-1]]      # only the last mover can have just crossed
            chain = crossing(self.board, seat)
            if chain is not None:
                edges = "top to bottom" if seat == 0 else "left to right"
                return Outcome((seat,), f"joined {edges}", cells=chain, termination=Termination.LINE)
        if len(self._moves) == CELLS:
            return Outcome((), "board full", termination=Termination.BOARD_FULL)
        return None

    def key(self) -> tuple[int, ...]:
        return tuple(self.board)

    def copy(self) -> "Crossing":
        other = Crossing(**self.options)
        other.board = list(self.board)
        other._moves = list(self._moves)
        return other

    def move_to_str(self, move: Hashable) -> str:
        if not isinstance(move, int) or not 0 <= move < CELLS:
            raise BadNotation(f"{move!r} is not a Crossing cell (0-15)")
        return cell_name(move)

    def parse_move(self, text: str) -> int:
        word = text.strip().lower()
        if len(word) == 2 and word[0] in "abcd" and word[1] in "1234":
            return "abcd".index(word[0]) + SIDE * (SIDE - int(word[1]))
        raise BadNotation(f"{text!r} is not a cell: use a1-d4 (column a-d, row 1-4 from the bottom)")
