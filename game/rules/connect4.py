"""Connect Four rules, on any board from 4x4 to 10x10 and N in a row from 3 to 6.

Discs drop to the lowest empty cell of the chosen column; the first player
to line up ``n`` discs of their colour across, up or diagonally wins, and a
full board without such a line is a draw. Red (seat 0) moves first.

A move is the column index, 0-based from the left. Players number columns
from 1, and a game is written as its column numbers run together, as
Connect Four solvers write it: ``4453`` is Red in the middle column, Yellow
on top of it, Red in column 5, Yellow in column 3. Ten columns cannot be
written one digit each, so a 10-column game separates its moves with spaces
(``10 4 4``); reading accepts either form on any board.

Cells are ``(col, row)`` with row 0 at the bottom: ``state.cell(3, 0)`` is
the first disc dropped in the middle column of the standard board.
"""
from __future__ import annotations

import re
from numbers import Integral
from typing import Any, ClassVar, Hashable, Sequence

from game.lang import N_
from game.rules.core import BadNotation, IllegalMove, Option, Outcome, State, Termination

EMPTY, RED, YELLOW = 0, 1, 2
SIZES = tuple(range(4, 11))
LINE_LENGTHS = (3, 4, 5, 6)
#: The four line directions as (column step, row step): across, up, and the two diagonals.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
NUMBER_WORDS = {3: "three", 4: "four", 5: "five", 6: "six"}
SYMBOLS = {EMPTY: ".", RED: "X", YELLOW: "O"}
_SEPARATORS = re.compile(r"[\s,\-]+")
#: A column number in a run of digits: "10" is ten (no column is "0"), any other digit one column.
_RUN_WORD = re.compile(r"10|.", re.DOTALL)

Cell = tuple[int, int]


class ConnectFour(State):
    """A Connect Four position: ``cell(col, row)`` is EMPTY, RED or YELLOW."""

    game_id = "connect4"
    title = N_("Connect Four")
    options_spec = (
        Option("cols", N_("Columns"), 7, SIZES),
        Option("rows", N_("Rows"), 6, SIZES),
        Option("n", N_("In a row"), 4, LINE_LENGTHS),
    )
    rules_help: ClassVar[str] = N_(
        "Two players, Red and Yellow, take turns dropping one disc into a column; "
        "Red moves first. The disc falls to the lowest empty cell of that column, "
        "and a full column takes no more discs.\n"
        "The first player to line up N discs of their colour (four on the standard "
        "7 x 6 board) across, up and down, or along either diagonal wins.\n"
        "If the board fills up without such a line, the game is a draw.\n"
        "Columns are numbered from 1 at the left; a game is written as the columns "
        "played, one digit each (4453), or separated by spaces on a 10-column board."
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.cols: int = self.options["cols"]
        self.rows: int = self.options["rows"]
        self.n: int = self.options["n"]
        self._cells = bytearray(self.cols * self.rows)
        self._heights = [0] * self.cols
        self._moves: list[int] = []
        #: For each move played, the winning line(s) it made (cells in order), or ``None``.
        self._lines: list[tuple[Cell, ...] | None] = []

    # -- seats and board ----------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return (N_("Red"), N_("Yellow"))[seat]

    @staticmethod
    def disc(seat: int) -> int:
        """The board value of a seat's discs: RED for seat 0, YELLOW for seat 1."""
        return RED if seat == 0 else YELLOW

    @property
    def turn(self) -> int:
        return len(self._moves) % 2

    @property
    def move_stack(self) -> Sequence[int]:
        return self._moves

    def cell(self, col: int, row: int) -> int:
        """EMPTY, RED or YELLOW at ``(col, row)``, row 0 at the bottom."""
        if not (0 <= col < self.cols and 0 <= row < self.rows):
            raise IndexError(f"cell ({col}, {row}) is off the {self.cols}x{self.rows} board")
        return self._cells[col * self.rows + row]

    def height(self, col: int) -> int:
        """How many discs column ``col`` holds (the row the next one lands in)."""
        return self._heights[col]

    @property
    def heights(self) -> tuple[int, ...]:
        """Discs per column, left to right."""
        return tuple(self._heights)

    @property
    def board(self) -> tuple[tuple[int, ...], ...]:
        """The cells column by column, each bottom first: ``board[col][row]``."""
        rows = self.rows
        return tuple(tuple(self._cells[c * rows:(c + 1) * rows]) for c in range(self.cols))

    # -- moves --------------------------------------------------------------
    def legal_moves(self) -> list[int]:
        if self._over():
            return []
        return [c for c in range(self.cols) if self._heights[c] < self.rows]

    def is_legal(self, move: Hashable) -> bool:
        return self._why_illegal(move) is None

    def push(self, move: Hashable) -> None:
        why = self._why_illegal(move)
        if why is not None:
            raise IllegalMove(f"{self._describe(move)} is not legal: {why}")
        col = int(move)
        row = self._heights[col]
        self._cells[col * self.rows + row] = self.disc(self.turn)
        self._heights[col] = row + 1
        self._moves.append(col)
        self._lines.append(self._lines_through(col, row))

    def pop(self) -> int:
        if not self._moves:
            raise IllegalMove("no move to take back")
        col = self._moves.pop()
        self._lines.pop()
        row = self._heights[col] - 1
        self._heights[col] = row
        self._cells[col * self.rows + row] = EMPTY
        return col

    def outcome(self) -> Outcome | None:
        if self._lines and self._lines[-1] is not None:
            winner = (len(self._moves) - 1) % 2
            return Outcome((winner,), self.win_reason, cells=self._lines[-1], termination=Termination.LINE)
        if len(self._moves) == self.cols * self.rows:
            return Outcome((), N_("board full"), termination=Termination.BOARD_FULL)
        return None

    @property
    def win_reason(self) -> str:
        """``'four in a row'`` (or three, five, six for other N)."""
        return f"{NUMBER_WORDS[self.n]} in a row"

    def key(self) -> tuple[bytes, int]:
        return bytes(self._cells), self.turn

    def copy(self) -> "ConnectFour":
        other = ConnectFour.__new__(ConnectFour)
        other.options = dict(self.options)
        other.cols, other.rows, other.n = self.cols, self.rows, self.n
        other._cells = bytearray(self._cells)
        other._heights = list(self._heights)
        other._moves = list(self._moves)
        other._lines = list(self._lines)
        return other

    def _over(self) -> bool:
        return (bool(self._lines) and self._lines[-1] is not None) or len(self._moves) == self.cols * self.rows

    def _lines_through(self, col: int, row: int) -> tuple[Cell, ...] | None:
        """The winning run(s) through the disc just dropped at ``(col, row)``, or ``None``.

        Each run is the whole line of that colour through the disc (it may be
        longer than N when the disc joins two runs), its cells in order from
        one end; a second run follows the first without repeating the disc.
        """
        cells, rows, cols = self._cells, self.rows, self.cols
        mine = cells[col * rows + row]
        found: list[Cell] = []
        for dc, dr in DIRECTIONS:
            c, r = col - dc, row - dr
            while 0 <= c < cols and 0 <= r < rows and cells[c * rows + r] == mine:
                c, r = c - dc, r - dr
            start_c, start_r = c + dc, r + dr
            c, r = col + dc, row + dr
            while 0 <= c < cols and 0 <= r < rows and cells[c * rows + r] == mine:
                c, r = c + dc, r + dr
            length = max(abs(c - start_c), abs(r - start_r))
            if length >= self.n:
                run = [(start_c + i * dc, start_r + i * dr) for i in range(length)]
                found.extend(cell for cell in run if cell not in found)
        return tuple(found) if found else None

    def _why_illegal(self, move: Hashable) -> str | None:
        if self._over():
            return "the game is over"
        if not isinstance(move, Integral) or isinstance(move, bool) or not 0 <= move < self.cols:
            return f"not a column (0-{self.cols - 1})"
        if self._heights[int(move)] >= self.rows:
            return f"column {int(move) + 1} is full"
        return None

    def _describe(self, move: Hashable) -> str:
        if isinstance(move, Integral) and not isinstance(move, bool) and 0 <= move < self.cols:
            return f"column {int(move) + 1}"
        return repr(move)

    # -- notation -----------------------------------------------------------
    def move_to_str(self, move: Hashable) -> str:
        if not isinstance(move, Integral) or isinstance(move, bool) or not 0 <= move < self.cols:
            raise BadNotation(f"{move!r} is not a column of this board (0-{self.cols - 1})")
        return str(int(move) + 1)

    def parse_move(self, text: str) -> int:
        word = text.strip()
        if word.isascii() and word.isdigit() and 1 <= int(word) <= self.cols:
            return int(word) - 1
        raise BadNotation(f"{text!r} is not a column: use 1-{self.cols} (numbered from the left)")

    def moves_to_text(self, moves: Sequence[int] | None = None) -> str:
        moves = self.move_stack if moves is None else moves
        joiner = " " if self.cols >= 10 else ""
        return joiner.join(self.move_to_str(m) for m in moves)

    @classmethod
    def split_moves(cls, text: str) -> list[str]:
        """``'4453'`` -> ``['4', '4', '5', '3']``; spaces, commas or hyphens separate if present.

        In a run of digits ``10`` is column ten, since no column is numbered 0.
        """
        text = text.strip()
        if _SEPARATORS.search(text):
            return [word for word in _SEPARATORS.split(text) if word]
        return _RUN_WORD.findall(text)

    def __str__(self) -> str:
        lines = []
        for row in range(self.rows - 1, -1, -1):
            lines.append(" ".join(SYMBOLS[self._cells[c * self.rows + row]] for c in range(self.cols)))
        lines.append(" ".join(str(c + 1)[-1] for c in range(self.cols)))
        return "\n".join(lines)
