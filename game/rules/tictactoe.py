"""Tic-tac-toe rules.

Cells are numbered 0-8 row by row from the top left, as in the seed
articles; players name them ``a1``-``c3`` with columns a-c from the left and
rows 1-3 from the bottom, so cell 0 is ``a3``, cell 4 ``b2`` and cell 8 ``c1``.
X (seat 0) moves first. A game is written as its moves separated by spaces:
``b2 a3 c1``.
"""
from __future__ import annotations

from numbers import Integral
from typing import Any, Hashable, Sequence

from game.lang import N_
from game.rules.core import BadNotation, IllegalMove, Outcome, State, Termination

EMPTY, X, O = 0, 1, 2
#: The eight lines of three cells: rows, columns, diagonals.
LINES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)
#: For each cell, the lines through it.
LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINES if cell in line) for cell in range(9)
)
SYMBOLS = {EMPTY: ".", X: "X", O: "O"}


def cell_name(cell: int) -> str:
    """``0`` -> ``'a3'``: column letter from the left, row number from the bottom."""
    return "abc"[cell % 3] + str(3 - cell // 3)


def winning_line(board: Sequence[int]) -> tuple[int, int, int] | None:
    """The first completed line on ``board``, or ``None``."""
    for line in LINES:
        a, b, c = line
        if board[a] != EMPTY and board[a] == board[b] == board[c]:
            return line
    return None


class TicTacToe(State):
    """A Tic-tac-toe position: ``board[cell]`` is EMPTY, X or O."""

    game_id = "tictactoe"
    title = N_("Tic-tac-toe")
    rules_help = N_(
        "Two players, X and O, take turns writing their mark in an empty square of the "
        "3 x 3 grid; X moves first.\n"
        "The first to get three of their marks in a row, across, up and down or along a "
        "diagonal, wins.\n"
        "If all nine squares are filled without such a row, the game is a draw. With best "
        "play on both sides every game is a draw, so a win comes from a mistake.\n"
        "Squares are named by column a-c from the left and row 1-3 from the bottom: a1 is "
        "the lower left corner, b2 the centre. A game is written as its moves separated by "
        "spaces, such as b2 a3 c1."
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.board: list[int] = [EMPTY] * 9
        self._moves: list[int] = []

    def seat_name(self, seat: int) -> str:
        return "XO"[seat]

    @property
    def turn(self) -> int:
        return len(self._moves) % 2

    @property
    def move_stack(self) -> Sequence[int]:
        return self._moves

    def mark(self, seat: int) -> int:
        """The board value of a seat's pieces (X for seat 0, O for seat 1)."""
        return X if seat == 0 else O

    def legal_moves(self) -> list[int]:
        if winning_line(self.board) is not None:
            return []
        return [c for c in range(9) if self.board[c] == EMPTY]

    def is_legal(self, move: Hashable) -> bool:
        return (
            isinstance(move, Integral)
            and not isinstance(move, bool)
            and 0 <= move < 9
            and self.board[move] == EMPTY
            and winning_line(self.board) is None
        )

    def push(self, move: Hashable) -> None:
        if not self.is_legal(move):
            raise IllegalMove(f"{self._describe(move)} is not legal: {self._why_illegal(move)}")
        move = int(move)
        self.board[move] = self.mark(self.turn)
        self._moves.append(move)

    def pop(self) -> int:
        if not self._moves:
            raise IllegalMove("no move to take back")
        move = self._moves.pop()
        self.board[move] = EMPTY
        return move

    def outcome(self) -> Outcome | None:
        line = winning_line(self.board)
        if line is not None:
            winner = 0 if self.board[line[0]] == X else 1
            return Outcome((winner,), N_("three in a row"), cells=line, termination=Termination.LINE)
        if len(self._moves) == 9:
            return Outcome((), N_("board full"), termination=Termination.BOARD_FULL)
        return None

    def key(self) -> tuple[int, ...]:
        return tuple(self.board)

    def copy(self) -> "TicTacToe":
        other = TicTacToe.__new__(TicTacToe)
        other.options = dict(self.options)
        other.board = list(self.board)
        other._moves = list(self._moves)
        return other

    def move_to_str(self, move: Hashable) -> str:
        if not isinstance(move, int) or not 0 <= move < 9:
            raise BadNotation(f"{move!r} is not a Tic-tac-toe cell (0-8)")
        return cell_name(move)

    def parse_move(self, text: str) -> int:
        word = text.strip().lower()
        if len(word) == 2 and word[0] in "abc" and word[1] in "123":
            return "abc".index(word[0]) + 3 * (3 - int(word[1]))
        raise BadNotation(f"{text!r} is not a cell: use a1-c3 (column a-c, row 1-3 from the bottom)")

    def _why_illegal(self, move: Hashable) -> str:
        if winning_line(self.board) is not None:
            return "the game is over"
        if not isinstance(move, Integral) or isinstance(move, bool) or not 0 <= move < 9:
            return "not a cell (0-8)"
        return "that cell is taken"

    def _describe(self, move: Hashable) -> str:
        if isinstance(move, int) and 0 <= move < 9:
            return cell_name(move)
        return repr(move)

    def __str__(self) -> str:
        rows = []
        for r in range(3):
            cells = " ".join(SYMBOLS[self.board[3 * r + c]] for c in range(3))
            rows.append(f"{3 - r} {cells}")
        rows.append("  a b c")
        return "\n".join(rows)
