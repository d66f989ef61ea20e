"""Reversi (Othello) rules: 8x8, Black first, a move must flip at least one line.

The board starts with four discs in the centre (White on d4 and e5, Black on
e4 and d5). A disc placed on an empty square must enclose a line of the
opponent's discs between itself and another disc of its own, across, up or
along a diagonal, and every line it encloses turns over. A player with no
such move passes; the game ends when neither can move, and the player with
more discs wins. The empties left at the end are counted as an option:
all to the winner (``counting='winner'``, the world federation's rule and
the default) or split between the two (``'split'``).

Squares are numbered 0-63 row by row from the top left: ``a1`` is 0, ``h1``
is 7, ``a2`` is 8 and ``h8`` is 63, as Othello players write them (columns
a-h left to right, rows 1-8 top to bottom). A move is its square; the pass
is ``PASS`` (-1). A game is written as a transcript, the squares run
together with passes left out (``f5d6c3d3c4``), and a position as the
64 squares a1..h8 (``X`` Black, ``O`` White, ``-`` empty) and the side to
move, the OBF form of the FFO test suite::

    state = Reversi.from_text("f5d6c3")
    state.position_text()   # '---------------------------XXX------XXO---...  O'
    Reversi.read("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")

The board is kept as two 64-bit masks (bit ``n`` is square ``n``), so a
move's flips are found by shifts and masks.
"""
from __future__ import annotations

import re
from numbers import Integral
from typing import Any, ClassVar, Hashable, Sequence

from game.lang import N_
from game.rules.core import BadNotation, IllegalMove, Option, Outcome, State, Termination

EMPTY, BLACK, WHITE = 0, 1, 2
PASS = -1
SIZE = 8
FULL = (1 << 64) - 1
#: Every square but those of column a / column h: a shift that moves east
#: (west) must not wrap a disc from column h (a) onto the next row's a (h).
NOT_A = 0xFEFEFEFEFEFEFEFE
NOT_H = 0x7F7F7F7F7F7F7F7F
#: The eight directions as (bit shift, mask of squares a disc may arrive on).
DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, NOT_A), (-1, NOT_H), (8, FULL), (-8, FULL),
    (9, NOT_A), (7, NOT_H), (-7, NOT_A), (-9, NOT_H),
)
START_BLACK = (1 << 28) | (1 << 35)     # e4, d5
START_WHITE = (1 << 27) | (1 << 36)     # d4, e5
#: The four star points, where the corners of the centre 4x4 meet (c3, f3, c6, f6 corners).
STAR_POINTS: tuple[tuple[float, float], ...] = ((2, 2), (6, 2), (2, 6), (6, 6))
COUNTINGS = ("winner", "split")
SYMBOLS = {EMPTY: "-", BLACK: "X", WHITE: "O"}
_POSITION = re.compile(r"^\s*([XOxo\-.*]{64})\s*([XOxo])\b\s*(.*)$", re.DOTALL)
_POSITION_LIKE = re.compile(r"^\s*[XOxo\-.*]{16}")
_MOVE_WORD = re.compile(r"(?i)pass|pa|--|[a-z][0-9]+|\S")
_SQUARE_WORD = re.compile(r"^([a-hA-H])([1-8])$")


def shift(discs: int, direction: int, mask: int) -> int:
    """``discs`` moved one square in a direction, dropping any that leave the board."""
    moved = discs << direction if direction > 0 else discs >> -direction
    return moved & mask & FULL


def legal_mask(own: int, opp: int) -> int:
    """The squares where the side owning ``own`` may play against ``opp``."""
    empty = ~(own | opp) & FULL
    moves = 0
    for direction, mask in DIRECTIONS:
        run = shift(own, direction, mask) & opp
        for _ in range(5):
            run |= shift(run, direction, mask) & opp
        moves |= shift(run, direction, mask) & empty
    return moves


def flip_mask(own: int, opp: int, square: int) -> int:
    """The opponent discs a disc placed on ``square`` turns over (0: not a move)."""
    flips = 0
    for direction, mask in DIRECTIONS:
        line = 0
        probe = shift(1 << square, direction, mask)
        while probe & opp:
            line |= probe
            probe = shift(probe, direction, mask)
        if probe & own:
            flips |= line
    return flips


def squares_of(mask: int) -> list[int]:
    """The squares set in ``mask``, lowest first."""
    squares = []
    while mask:
        low = mask & -mask
        squares.append(low.bit_length() - 1)
        mask ^= low
    return squares


def square_name(square: int) -> str:
    """``0`` -> ``'a1'``, ``63`` -> ``'h8'``."""
    return "abcdefgh"[square % SIZE] + str(square // SIZE + 1)


class Reversi(State):
    """A Reversi position: two disc masks, the side to move, and the moves played."""

    game_id = "reversi"
    title = N_("Reversi")
    options_spec = (Option("counting", N_("Empties at the end"), "winner", COUNTINGS,
                           texts=(N_("To the winner"), N_("Split"))),)
    pass_move: ClassVar[int] = PASS
    writes_passes = False
    rules_help: ClassVar[str] = N_(
        "Black and White take turns placing one disc; Black moves first. A disc must be "
        "placed so that it encloses one or more straight lines of the opponent's discs "
        "(across, up or down, or diagonally) between itself and another disc of its own; "
        "every enclosed line turns over to its colour.\n"
        "A player who has no such move passes, and the other plays again. The game ends "
        "when neither player can move, usually when the board is full.\n"
        "The player with more discs wins. Empty squares left at the end go to the winner "
        "(the world federation's count) or are split between both, as set before the game.\n"
        "Squares are named by column a-h from the left and row 1-8 from the top; a game "
        "is written as its moves run together (f5d6c3d3c4), passes left out."
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.counting: str = self.options["counting"]
        self._black = START_BLACK
        self._white = START_WHITE
        self._first = 0
        self._start = ""
        self._moves: list[int] = []
        #: For each move played, the discs it turned over (0 for a pass).
        self._flips: list[int] = []
        #: (plies played, legal mask of the side to move, of the other) while still true.
        self._cache: tuple[int, int, int] | None = None

    # -- seats and board ----------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return (N_("Black"), N_("White"))[seat]

    @property
    def turn(self) -> int:
        return (self._first + len(self._moves)) % 2

    @property
    def move_stack(self) -> Sequence[int]:
        return self._moves

    def discs(self, seat: int) -> int:
        """The mask of a seat's discs (bit ``n`` is square ``n``): seat 0 Black, 1 White."""
        return self._black if seat == 0 else self._white

    def cell(self, col: int, row: int) -> int:
        """EMPTY, BLACK or WHITE at column ``col`` (0 = a) and row ``row`` (0 = row 1, the top)."""
        if not (0 <= col < SIZE and 0 <= row < SIZE):
            raise IndexError(f"square ({col}, {row}) is off the 8x8 board")
        bit = 1 << (row * SIZE + col)
        return BLACK if self._black & bit else WHITE if self._white & bit else EMPTY

    def counts(self) -> tuple[int, int]:
        """Black's and White's discs on the board."""
        return self._black.bit_count(), self._white.bit_count()

    def flipped(self, ply: int = -1) -> int:
        """The discs the move at ``ply`` (default the last) turned over, as a mask."""
        return self._flips[ply]

    def flip_lines(self, ply: int = -1) -> tuple[tuple[int, ...], ...]:
        """The discs the move at ``ply`` turned over, line by line, each from the
        placed disc outward, so a board can turn them one after another."""
        square, flips = self._moves[ply], self._flips[ply]
        if square == PASS:
            return ()
        lines = []
        for direction, mask in DIRECTIONS:
            line = []
            probe = shift(1 << square, direction, mask)
            while probe & flips:
                line.append(probe.bit_length() - 1)
                probe = shift(probe, direction, mask)
            if line:
                lines.append(tuple(line))
        return tuple(lines)

    # -- moves --------------------------------------------------------------
    def _legal_masks(self) -> tuple[int, int]:
        """The legal squares of the side to move and of the other side."""
        plies = len(self._moves)
        if self._cache is None or self._cache[0] != plies:
            own, opp = (self._black, self._white) if self.turn == 0 else (self._white, self._black)
            self._cache = (plies, legal_mask(own, opp), legal_mask(opp, own))
        return self._cache[1], self._cache[2]

    def legal_mask(self) -> int:
        """The squares the side to move may play, as a mask (0 when it must pass)."""
        return self._legal_masks()[0]

    def legal_moves(self) -> list[int]:
        mine, theirs = self._legal_masks()
        if mine:
            return squares_of(mine)
        return [PASS] if theirs else []

    def is_legal(self, move: Hashable) -> bool:
        return self._why_illegal(move) is None

    def push(self, move: Hashable) -> None:
        why = self._why_illegal(move)
        if why is not None:
            raise IllegalMove(f"{self._describe(move)} is not legal: {why}")
        square = int(move)
        flips = 0
        if square != PASS:
            own, opp = (self._black, self._white) if self.turn == 0 else (self._white, self._black)
            flips = flip_mask(own, opp, square)
            own |= flips | (1 << square)
            opp &= ~flips
            self._black, self._white = (own, opp) if self.turn == 0 else (opp, own)
        self._moves.append(square)
        self._flips.append(flips)

    def pop(self) -> int:
        if not self._moves:
            raise IllegalMove("no move to take back")
        square = self._moves.pop()
        flips = self._flips.pop()
        if square != PASS:
            own, opp = (self._black, self._white) if self.turn == 0 else (self._white, self._black)
            own &= ~(flips | (1 << square))
            opp |= flips
            self._black, self._white = (own, opp) if self.turn == 0 else (opp, own)
        return square

    def outcome(self) -> Outcome | None:
        mine, theirs = self._legal_masks()
        if mine or theirs:
            return None
        black, white = self.counts()
        empties = 64 - black - white
        if black == white:
            scores = (black + empties // 2, white + empties // 2)
            return Outcome((), N_("as many discs each"), termination=self._termination(empties), scores=scores)
        winner = 0 if black > white else 1
        if self.counting == "winner":
            extra = (empties, 0) if winner == 0 else (0, empties)
        else:
            half, rest = divmod(empties, 2)
            extra = (half + rest, half) if winner == 0 else (half, half + rest)
        scores = (black + extra[0], white + extra[1])
        return Outcome((winner,), N_("more discs"), termination=self._termination(empties), scores=scores)

    @staticmethod
    def _termination(empties: int) -> Termination:
        return Termination.BOARD_FULL if empties == 0 else Termination.NO_MOVES

    def key(self) -> tuple[int, int, int]:
        return self._black, self._white, self.turn

    def copy(self) -> "Reversi":
        other = Reversi.__new__(Reversi)
        other.options = dict(self.options)
        other.counting = self.counting
        other._black, other._white = self._black, self._white
        other._first, other._start = self._first, self._start
        other._moves = list(self._moves)
        other._flips = list(self._flips)
        other._cache = self._cache
        return other

    def _why_illegal(self, move: Hashable) -> str | None:
        if not isinstance(move, Integral) or isinstance(move, bool) or not PASS <= move < 64:
            return "not a square (0-63) or the pass (-1)"
        mine, theirs = self._legal_masks()
        if not mine and not theirs:
            return "the game is over"
        if move == PASS:
            return None if not mine else "a player with a move may not pass"
        if not mine:
            return f"{self.seat_name(self.turn)} has no move and must pass"
        if (self._black | self._white) >> int(move) & 1:
            return "the square is taken"
        if not mine >> int(move) & 1:
            return "it turns over no disc"
        return None

    def _describe(self, move: Hashable) -> str:
        if isinstance(move, Integral) and not isinstance(move, bool) and PASS <= move < 64:
            return "a pass" if move == PASS else square_name(int(move))
        return repr(move)

    # -- notation -----------------------------------------------------------
    def move_to_str(self, move: Hashable) -> str:
        if not isinstance(move, Integral) or isinstance(move, bool) or not PASS <= move < 64:
            raise BadNotation(f"{move!r} is not a square of the board (0-63) or the pass (-1)")
        return "pass" if move == PASS else square_name(int(move))

    def parse_move(self, text: str) -> int:
        word = text.strip()
        if word.lower() in ("pass", "pa", "--"):
            return PASS
        match = _SQUARE_WORD.match(word)
        if match is None:
            raise BadNotation(f"{text!r} is not a square: write a column a-h and a row 1-8, such as f5")
        return (int(match.group(2)) - 1) * SIZE + "abcdefgh".index(match.group(1).lower())

    def moves_to_text(self, moves: Sequence[int] | None = None) -> str:
        moves = self.move_stack if moves is None else moves
        return "".join(self.move_to_str(m) for m in moves if m != PASS)

    @classmethod
    def split_moves(cls, text: str) -> list[str]:
        """``'f5d6 c3'`` -> ``['f5', 'd6', 'c3']``: squares run together or apart; a
        pass may be written ``pass``, ``pa`` or ``--``; anything else is kept as a
        word of its own, so the move that reads it names it."""
        return [word for word in _MOVE_WORD.findall(text.replace(",", " ")) if word.strip()]

    # -- positions ----------------------------------------------------------
    @classmethod
    def split_position(cls, text: str) -> tuple[str, str] | None:
        """A position (64 squares and the side to move) at the start of ``text``
        and the moves after it; ``None`` if ``text`` does not start with one.
        The FFO suite's scores after a ``;`` are not moves and are dropped."""
        match = _POSITION.match(text)
        if match is None:
            # A run of board characters is a position written wrong: let from_position say so.
            return (text.strip(), "") if _POSITION_LIKE.match(text) else None
        rest = match.group(3)
        return f"{match.group(1)} {match.group(2)}", "" if rest.startswith(";") else rest

    @classmethod
    def from_position(cls, text: str, **options: Any) -> "Reversi":
        """The game set up at ``text``: 64 squares a1..h8 (``X`` Black, ``O`` White,
        ``-`` or ``.`` empty) and the side to move (``X`` or ``O``); no moves played,
        not even a pass the position forces (``read`` plays that, as ``from_text`` does)."""
        match = _POSITION.match(text)
        if match is None or match.group(3).strip():
            raise BadNotation(f"{text.strip()[:80]!r} is not a position: write the 64 squares a1 to h8 "
                              "(X black, O white, - empty) and the side to move, X or O")
        squares, side = match.group(1).upper(), match.group(2).upper()
        state = cls(**options)
        state._black = sum(1 << n for n, c in enumerate(squares) if c == "X")
        state._white = sum(1 << n for n, c in enumerate(squares) if c == "O")
        state._first = 0 if side == "X" else 1
        state._start = state.position_text()
        return state

    def position_text(self) -> str:
        """The position now, in OBF form: ``'----...XO-- X'``."""
        squares = "".join(SYMBOLS[self.cell(n % SIZE, n // SIZE)] for n in range(64))
        return f"{squares} {'XO'[self.turn]}"

    @property
    def start_text(self) -> str:
        return self._start

    def __str__(self) -> str:
        lines = ["  a b c d e f g h"]
        for row in range(SIZE):
            lines.append(f"{row + 1} " + " ".join(SYMBOLS[self.cell(c, row)] for c in range(SIZE)))
        black, white = self.counts()
        lines.append(f"Black (X) {black}, White (O) {white}; {self.seat_name(self.turn)} to move")
        return "\n".join(lines)
