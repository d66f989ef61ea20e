"""Gomoku and Renju rules: five in a row on a 9x9 to 19x19 board, Black first.

Players take turns placing one stone of their colour on an empty point (the
lines' crossings); the first to line up five across, up or along a diagonal
wins, and a full board without one is a draw. Three rule sets, the option
``rule``:

* ``'freestyle'`` (the default): five or more in a row wins.
* ``'standard'``: exactly five wins; six or more (an overline) does not, and
  the game goes on.
* ``'renju'``: White wins with five or more; Black wins only with exactly
  five and may not play a point that makes an overline, a double-four or a
  double-three (a *forbidden point*), unless the same stone makes exactly
  five: five comes first. Under Renju ``legal_moves`` leaves Black's
  forbidden points out, ``push`` refuses them with the reason, and
  ``forbidden_points`` / ``why_forbidden`` tell them (see below). In the rare
  position where every empty point is forbidden to Black, the game is drawn
  (``Termination.NO_MOVES``).

Points are numbered row by row from the top left: point ``row * size +
col``, ``col`` 0 the left column (a) and ``row`` 0 the top line, so a point
is also its cell on a screen drawn top down. Players name points by column
letter a-o (a-s on 19x19, no letter skipped) and row number from the
BOTTOM: on 15x15 ``h8`` is the centre, point 112 = (7, 7); ``a1`` is the
bottom left, point 210 = (0, 14); ``a15`` is point 0. A move is its point.
A game is written as its moves separated by spaces (``h8 i9 j10``); reading
also takes them run together (``h8i9j10``), separated by commas, or with
move numbers (``1. h8 i9 2. j10``)::

    state = Gomoku.from_text("h8 i9 j10", rule="renju")
    state.col_row(state.last_move)      # (9, 5): j10 on 15x15
    state.forbidden_points()            # Black's forbidden points now (Renju)

The Renju definitions, as the RIF rules give them (only the four lines
through the point are read):

* a *five* is exactly five in a row; an *overline* six or more;
* a *four* is four stones of a line that one more stone turns into a five.
  ``.XXXX.`` (a straight four) counts once; two fours may share one line
  (``X.XXX.X``, ``XX.XX.XX``, ``XXX.X.XXX`` with the stone in the middle);
* a *three* is three stones of a line that one more stone turns into a
  straight four, where that stone is itself not a forbidden point (checked
  recursively): a three whose only completion is forbidden is no three;
* a double-four is two or more fours made by one stone, a double-three two
  or more threes. A four and a three (4-3) are allowed.

``from_stones`` and ``from_diagram`` set up a position given as the stones
on the board (a diagram drawn in text), finding an order of alternate moves
that reaches it, so the result is an ordinary game.
"""
from __future__ import annotations

import re
from functools import lru_cache
from numbers import Integral
from typing import Any, ClassVar, Hashable, Iterable, Sequence

from game.lang import N_
from game.rules import gomoku_opening as op
from game.rules.core import BadNotation, IllegalMove, Option, Outcome, State, Termination
from game.rules.renju_openings import OPENINGS, opening_named

EMPTY, BLACK, WHITE = 0, 1, 2
#: Off the board, in a window of a line (blocks like a white stone).
WALL = 3
SIZES = (9, 11, 13, 15, 17, 19)
RULES = ("freestyle", "standard", "renju")
COLUMNS = "abcdefghijklmnopqrs"
#: The four line directions as (column step, row step): across, down, and the two diagonals.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (1, 1), (1, -1))
DOUBLE_THREE, DOUBLE_FOUR, OVERLINE = "double-three", "double-four", "overline"
SYMBOLS = {EMPTY: ".", BLACK: "X", WHITE: "O"}
#: How a diagram may draw each stone (``from_diagram``).
DIAGRAM_STONES = {**dict.fromkeys("Xx●", BLACK), **dict.fromkeys("Oo○", WHITE), **dict.fromkeys(".+-·", EMPTY)}
NUMBER_WORDS = {5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine"}
#: A move run together with the next (``h8i9``), a move number (``12.``), or any other word.
_MOVE_WORD = re.compile(r"[A-Za-z]\d+|\d+\.|[^\s,;]+")
_MOVE_NUMBER = re.compile(r"\d+\.")
_POINT_WORD = re.compile(r"^([A-Za-z])(\d{1,2})$")
#: Random opening stones stand at most this many lines from the centre (``opening_moves``).
OPENING_REACH = 2
#: How many stones ``from_stones`` may try to take back before it gives up finding an order.
_ARRANGE_TRIES = 20_000

#: The option ``named``: any first three stones, or those of one of the 26 Renju openings.
ANY_OPENING = "any"
NAMED_CHOICES = (ANY_OPENING,) + tuple(o.code.lower() for o in OPENINGS)
#: The words of a move that is no stone (``offer:j10``, ``pick:j10``).
OFFER_WORD, PICK_WORD = "offer", "pick"

#: One line through a point: the line's points in order, and the point's place on it.
LinePlace = tuple[tuple[int, ...], int]


@lru_cache(maxsize=None)
def lines_through(size: int) -> tuple[tuple[LinePlace, ...], ...]:
    """For each point of a ``size`` board, the four lines through it (in the
    order of ``DIRECTIONS``), each as its points in order and the point's index."""
    places: list[list[LinePlace]] = [[] for _ in range(size * size)]
    for dc, dr in DIRECTIONS:
        for point in range(size * size):
            col, row = point % size, point // size
            if 0 <= col - dc < size and 0 <= row - dr < size:
                continue                              # not the first point of its line
            line = []
            while 0 <= col < size and 0 <= row < size:
                line.append(row * size + col)
                col, row = col + dc, row + dr
            line = tuple(line)
            for index, member in enumerate(line):
                places[member].append((line, index))
    return tuple(tuple(place) for place in places)


def star_points(size: int) -> tuple[int, ...]:
    """The points a board marks with a dot: the centre and four points three lines in
    from the corners (two on boards under 13), and on 19x19 the sides' midpoints too."""
    inset = 3 if size >= 13 else 2
    far, mid = size - 1 - inset, size // 2
    spots = [(mid, mid), (inset, inset), (far, inset), (inset, far), (far, far)]
    if size == 19:
        spots += [(mid, inset), (inset, mid), (far, mid), (mid, far)]
    return tuple(row * size + col for col, row in spots)


def run_ends(cells: Sequence[int], line: Sequence[int], index: int) -> tuple[int, int]:
    """The first and last index on ``line`` of the run of stones like the one at ``index``."""
    colour = cells[line[index]]
    first = index
    while first > 0 and cells[line[first - 1]] == colour:
        first -= 1
    last = index
    while last < len(line) - 1 and cells[line[last + 1]] == colour:
        last += 1
    return first, last


def winning_runs(cells: Sequence[int], size: int, point: int, rule: str) -> tuple[tuple[int, ...], ...]:
    """The runs that win through the stone on ``point`` under ``rule``, each its
    points in line order (empty: no win). Exactly five wins for everyone under
    'standard' and for Black under 'renju'; five or more otherwise."""
    colour = cells[point]
    exact = rule == "standard" or (rule == "renju" and colour == BLACK)
    runs = []
    for line, index in lines_through(size)[point]:
        first, last = run_ends(cells, line, index)
        length = last - first + 1
        if length == 5 or (length > 5 and not exact):
            runs.append(line[first:last + 1])
    return tuple(runs)


def _window(cells: Sequence[int], line: Sequence[int], index: int) -> list[int]:
    """The eleven points of ``line`` centred on ``index`` (WALL off the board)."""
    start = index - 5
    return [cells[line[k]] if 0 <= k < len(line) else WALL for k in range(start, start + 11)]


def _black_run(window: list[int], at: int) -> tuple[int, int]:
    """The first and last window place of the black run through ``at``."""
    first = at
    while first > 0 and window[first - 1] == BLACK:
        first -= 1
    last = at
    while last < 10 and window[last + 1] == BLACK:
        last += 1
    return first, last


def _fours(window: list[int]) -> int:
    """How many different fours the black stone at the window's centre (5) is part of:
    sets of four stones that one more black stone makes exactly five."""
    fours = set()
    for gap in range(1, 10):
        if window[gap] != EMPTY:
            continue
        window[gap] = BLACK
        first, last = _black_run(window, gap)
        window[gap] = EMPTY
        if last - first == 4 and first <= 5 <= last:
            fours.add(tuple(k for k in range(first, last + 1) if k != gap))
    return len(fours)


def _straight_four_points(window: list[int]) -> list[int]:
    """The window places where one more black stone makes a straight four (four in a
    row, both ends empty, either end making exactly five) through the centre stone."""
    points = []
    for gap in range(2, 9):
        if window[gap] != EMPTY:
            continue
        window[gap] = BLACK
        first, last = _black_run(window, gap)
        if (last - first == 3 and first <= 5 <= last
                and window[first - 1] == EMPTY and window[last + 1] == EMPTY
                and window[first - 2] != BLACK and window[last + 2] != BLACK):
            points.append(gap)
        window[gap] = EMPTY
    return points


def forbidden_reason(cells: bytearray, size: int, point: int) -> str | None:
    """Why a black stone on the empty ``point`` would be forbidden under Renju:
    ``'overline'``, ``'double-four'``, ``'double-three'``, or ``None`` if it is
    allowed (a stone making exactly five always is). ``cells`` (one value a
    point, EMPTY/BLACK/WHITE) is changed while looking and restored."""
    places = lines_through(size)[point]
    cells[point] = BLACK
    try:
        windows = [_window(cells, line, index) for line, index in places]
        overline = False
        for window in windows:
            first, last = _black_run(window, 5)
            if last - first == 4:
                return None
            overline = overline or last - first >= 5
        if overline:
            return OVERLINE
        fours = [_fours(window) for window in windows]
        if sum(fours) >= 2:
            return DOUBLE_FOUR
        threes = 0
        for (line, index), window, four in zip(places, windows, fours):
            if not four and any(not is_forbidden(cells, size, line[index - 5 + gap])
                                for gap in _straight_four_points(window)):
                threes += 1
        return DOUBLE_THREE if threes >= 2 else None
    finally:
        cells[point] = EMPTY


def is_forbidden(cells: bytearray, size: int, point: int) -> bool:
    """Whether a black stone on the empty ``point`` would be forbidden under Renju
    (``forbidden_reason`` behind a quick test that rules most points out)."""
    return _may_be_forbidden(cells, lines_through(size)[point]) and forbidden_reason(cells, size, point) is not None


def _may_be_forbidden(cells: Sequence[int], places: Sequence[LinePlace]) -> bool:
    """Whether a black stone here could be forbidden at all: only with four or more
    black stones within four points on one line (an overline or two fours on it),
    or two or more on each of two lines (threes or fours crossing)."""
    crowded = 0
    for line, index in places:
        near = sum(1 for k in range(max(0, index - 4), min(len(line), index + 5))
                   if k != index and cells[line[k]] == BLACK)
        if near >= 4:
            return True
        crowded += near >= 2
    return crowded >= 2


class Gomoku(State):
    """A Gomoku position: ``stone(col, row)`` is EMPTY, BLACK or WHITE."""

    game_id = "gomoku"
    title = N_("Gomoku")
    options_spec = (
        Option("size", N_("Board"), 15, SIZES, texts=tuple(f"{n} x {n}" for n in SIZES)),
        Option("rule", N_("Rules"), "freestyle", RULES,
               texts=(N_("Freestyle"), N_("Standard (exactly five)"), N_("Renju"))),
        Option("opening", N_("Opening"), op.FREE, op.OPENING_RULES, texts=op.OPENING_TEXTS),
        Option("named", N_("First three stones"), ANY_OPENING, NAMED_CHOICES,
               texts=(N_("Any"),) + tuple(f"{o.code} {o.name}" for o in OPENINGS)),
        Option("fifths", N_("RIF fifth moves offered"), op.RIF_FIFTHS, tuple(range(1, op.MOST_FIFTHS + 1))),
    )
    rules_help: ClassVar[str] = N_(
        "Black and White take turns placing one stone of their colour on an empty point, "
        "where the lines cross; Black moves first. Stones stay where they are placed.\n"
        "The first player to line up five stones of their colour across, up and down, or "
        "along a diagonal wins. If the board fills up first, the game is a draw.\n"
        "Freestyle: five or more in a row wins. Standard: exactly five wins; six or more "
        "(an overline) does not, and the game goes on.\n"
        "Renju: White wins with five or more. Black wins only with exactly five, and may "
        "not place a stone that makes an overline, two fours at once (a double-four) or two "
        "open threes at once (a double-three); those points are forbidden to Black, unless "
        "the stone also makes five. A three counts only if it can become an open four "
        "with a move Black is allowed to play. A four and a three at once are allowed.\n"
        "Opening rules (the setup's Opening): Swap2, the first player places two black stones and a "
        "white one; the second takes a colour or places two more (white, black) and lets the first "
        "choose. Swap1, the same three stones, then the second player chooses. RIF (traditional), one of "
        "the 26 Renju openings, a swap, White's fourth stone, fifth moves offered by Black (two as the "
        "RIF's rule of 1996 says, or as many as the setup's RIF fifth moves offered) and White keeps one. "
        "Yamaguchi, the same, but the first player declares with the opening how many fifth moves Black "
        "will offer, before the swap. Soosõrv-8, one of the 26 openings, a swap, White's fourth stone and a "
        "declared 1 to 8 fifth moves, a second swap, then the offers and White's pick. Taraguchi-10, "
        "the first stones in growing central squares (1, 3x3, 5x5, 7x7) with a swap after each, then "
        "a fifth stone in 9x9 with a last swap, or ten fifth moves offered. Offered fifth moves may not "
        "be symmetric to one another.\n"
        "Points are named by column letter from the left and row number from the bottom: "
        "h8 is the centre of the 15 x 15 board. A game is written as its moves separated "
        "by spaces, such as h8 i9 j10."
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.size: int = self.options["size"]
        self.rule: str = self.options["rule"]
        self.opening: str = self.options["opening"]
        named = opening_named(self.options["named"])
        #: The points of the first three stones the option ``named`` sets, or ``()``.
        self.named_points: tuple[int, ...] = named.points(self.size) if named is not None else ()
        self._start()
        self._moves: list[Hashable] = []

    def _start(self) -> None:
        """The board empty, Black with seat 0, the opening rule's script at its start."""
        self._cells = bytearray(self.size * self.size)
        #: The stones in the order placed (colours alternate, Black first).
        self._stones: list[int] = []
        #: For each stone, the winning line(s) it made (points in order), or ``()``.
        self._wins: list[tuple[int, ...]] = []
        #: The fifth moves Black offers now (an opening rule's offers, before White picks).
        self._offers: list[int] = []
        self._phase: op.Phase | None
        self._phase, self._black_seat = op.walk(self.opening, (), self.options["fifths"])
        #: How many moves the opening took (once it is over; free play: 0).
        self._opening_length = 0

    # -- seats and board ----------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return N_("Black") if self.seat_colour(seat) == BLACK else N_("White")

    @staticmethod
    def colour(seat: int) -> int:
        """The board value of a colour index's stones: BLACK for 0, WHITE for 1 (a seat's
        own colour, in a game whose opening rule swaps colours, is ``seat_colour``)."""
        return BLACK if seat == 0 else WHITE

    def seat_colour(self, seat: int) -> int:
        """BLACK or WHITE: the stones the player in ``seat`` holds now (seat 0 Black
        until an opening rule's choice gives it White)."""
        return BLACK if seat == self._black_seat else WHITE

    @property
    def black_seat(self) -> int:
        """The seat holding Black now."""
        return self._black_seat

    @property
    def to_play(self) -> int:
        """The colour of the next stone: BLACK or WHITE."""
        return BLACK if len(self._stones) % 2 == 0 else WHITE

    @property
    def phase(self) -> op.Phase | None:
        """The opening rule's decision to make now, or ``None`` in normal play."""
        return self._phase

    @property
    def offers(self) -> tuple[int, ...]:
        """The fifth moves Black offers now, for White to pick one."""
        return tuple(self._offers)

    @property
    def stone_order(self) -> Sequence[int]:
        """The stones on the board in the order placed (colours alternate, Black first)."""
        return self._stones

    @property
    def turn(self) -> int:
        if self._phase is not None:
            return self._phase.seat
        return self._black_seat if self.to_play == BLACK else 1 - self._black_seat

    @property
    def move_stack(self) -> Sequence[int]:
        return self._moves

    def point(self, col: int, row: int) -> int:
        """The point at column ``col`` (0 = a) and row ``row`` (0 = the top line)."""
        if not (0 <= col < self.size and 0 <= row < self.size):
            raise IndexError(f"({col}, {row}) is off the {self.size}x{self.size} board")
        return row * self.size + col

    def col_row(self, point: int) -> tuple[int, int]:
        """``(col, row)`` of a point, row 0 the top line: ``point``'s inverse."""
        if not self._is_point(point):
            raise IndexError(f"{point!r} is not a point of the {self.size}x{self.size} board")
        return point % self.size, point // self.size

    def stone(self, col: int, row: int) -> int:
        """EMPTY, BLACK or WHITE at column ``col`` (0 = a) and row ``row`` (0 = the top line)."""
        return self._cells[self.point(col, row)]

    @property
    def board(self) -> bytes:
        """Every point's EMPTY/BLACK/WHITE in point order (``numpy.frombuffer`` reads it)."""
        return bytes(self._cells)

    def stones(self, seat: int) -> list[int]:
        """The points holding a colour's stones (0 Black, 1 White), lowest first."""
        colour = self.colour(seat)
        return [p for p, value in enumerate(self._cells) if value == colour]

    @property
    def last_move(self) -> int | None:
        """The point of the stone placed last, or ``None`` before the first."""
        return self._stones[-1] if self._stones else None

    @property
    def winning_line(self) -> tuple[int, ...]:
        """The points of the winning line(s) in order, as in ``outcome().cells``; ``()`` if none."""
        return self._wins[-1] if self._wins else ()

    # -- Renju ----------------------------------------------------------------
    def why_forbidden(self, point: int) -> str | None:
        """Why Black may not play ``point`` now under Renju: ``'overline'``,
        ``'double-four'`` or ``'double-three'``; ``None`` if Black may (or the
        rules are not Renju, or the point is taken). It answers for Black
        whoever is to move; ``IllegalMove`` if ``point`` is not a point."""
        if not self._is_point(point):
            raise IllegalMove(f"{point!r} is not a point of the {self.size}x{self.size} board")
        if self.rule != "renju" or self._cells[point] != EMPTY \
                or not _may_be_forbidden(self._cells, lines_through(self.size)[point]):
            return None
        return forbidden_reason(self._cells, self.size, point)

    def forbidden_points(self) -> list[int]:
        """The empty points Black may not play, lowest first, when Black is to move
        in an unfinished Renju game; otherwise none."""
        if self.rule != "renju" or not self._black_to_place() or self._won() \
                or len(self._stones) == len(self._cells):
            return []
        return [p for p in self._near_black() if self._cells[p] == EMPTY and is_forbidden(self._cells, self.size, p)]

    def _near_black(self) -> list[int]:
        """The points within four of a black stone along a line, lowest first."""
        near = set()
        places = lines_through(self.size)
        for point, value in enumerate(self._cells):
            if value == BLACK:
                for line, index in places[point]:
                    near.update(line[max(0, index - 4):index + 5])
        return sorted(near)

    def _black_to_place(self) -> bool:
        """Whether the decision now places a black stone (or offers one)."""
        if self._phase is None or self._phase.kind == op.PLACE:
            return self.to_play == BLACK
        return self._phase.kind == op.OFFER

    def _black_has_a_point(self) -> bool:
        """Whether some empty point is not forbidden to Black (Renju)."""
        return any(value == EMPTY and not is_forbidden(self._cells, self.size, p)
                   for p, value in enumerate(self._cells))

    # -- moves ----------------------------------------------------------------
    def legal_moves(self) -> list[Hashable]:
        if self._won() or len(self._stones) == len(self._cells):
            return []
        phase = self._phase
        if phase is not None and phase.kind == op.CHOOSE:
            return list(phase.choices)
        if phase is not None and phase.kind == op.PICK:
            return [(PICK_WORD, p) for p in self._offers]
        empty = [p for p, value in enumerate(self._cells) if value == EMPTY]
        if len(self._stones) < len(self.named_points) and (phase is None or phase.kind == op.PLACE):
            empty = [self.named_points[len(self._stones)]]
        if phase is not None:
            empty = [p for p in empty if op.within(self.size, p, phase.reach)]
        if self.rule == "renju" and self._black_to_place():
            forbidden = set(self.forbidden_points())
            empty = [p for p in empty if p not in forbidden]
        if phase is not None and phase.kind == op.OFFER:
            return [(OFFER_WORD, p) for p in empty if p not in self._offers and not self._mirrors_an_offer(p)]
        return empty

    def _mirrors_an_offer(self, point: int) -> bool:
        """Whether some symmetry of the board that keeps every stone where it is takes
        ``point`` onto a fifth move already offered (offers may not be symmetric)."""
        if not self._offers:
            return False
        for table in op.symmetric_maps(self.size):
            if table[point] in self._offers and all(self._cells[table[p]] == self._cells[p] for p in self._stones):
                return True
        return False

    def is_legal(self, move: Hashable) -> bool:
        return self._why_illegal(move) is None

    def move_sides(self) -> list[int] | None:
        """Under an opening rule, each move's colour (0 Black, 1 White): a stone's own (an offer
        is Black's), a choice's and the pick's the colour the deciding seat holds once it has decided
        (``white`` taken is White's); ``None`` in free
        play, where seat 0 is Black throughout."""
        if self.opening == op.FREE:
            return None
        key = tuple(self._moves)
        if getattr(self, "_sides", (None,))[0] == key:
            return list(self._sides[1])
        probe = Gomoku(**self.options)
        sides: list[int] = []
        for index, move in enumerate(self._moves):
            phase = probe._phase
            stones = len(probe._stones)
            if phase is None:            # the opening is over: the rest are stones, colours in turn
                sides += [(stones + k) % 2 for k in range(len(self._moves) - index)]
                break
            probe._apply(move)
            if phase.kind == op.PLACE:
                sides.append(stones % 2)
            elif phase.kind == op.OFFER:
                sides.append(0)
            else:                        # the colour the deciding seat holds once it has decided
                sides.append(0 if probe.seat_colour(phase.seat) == BLACK else 1)
        self._sides = (key, tuple(sides))
        return sides

    def side_name(self, side: int) -> str:
        return N_("Black") if side == 0 else N_("White")

    def opening_roles(self) -> tuple[str, str] | None:
        """The first player's and the second's part in the opening rule (``None``: free play)."""
        return op.ROLES.get(self.opening)

    def completes_a_move(self, move: Hashable) -> bool:
        """A stone completes a move; of an opening's decisions only the last offer does (Black's
        fifth move, however many are offered): a colour chosen, ``more``, a declared number,
        the earlier offers and White's pick put no move of its own on the board (White's sixth
        stone, after the pick, is White's move)."""
        phase = self._phase
        if phase is None or phase.kind == op.PLACE:
            return True
        return phase.kind == op.OFFER and len(self._offers) + 1 == phase.count

    def plain(self) -> "Gomoku":
        """The stones on the board as a game of free play (seat 0 Black, moves the
        stones in the order placed): what a search that knows only stones reads.
        Its next move is the same point in this game once the opening is over."""
        options = {**self.options, "opening": op.FREE, "named": ANY_OPENING}
        other = Gomoku(**options)
        for point in self._stones:
            other._place(point)
            other._moves.append(point)
        return other

    def opening_moves(self) -> list[int]:
        """The legal points within ``OPENING_REACH`` lines of the centre (every legal point if
        none is left there): random stones anywhere make games at the edge, which no one plays."""
        middle = self.size // 2
        moves = self.legal_moves()
        if self._phase is not None and self._phase.kind != op.PLACE:
            return moves
        return [p for p in moves if abs(p % self.size - middle) <= OPENING_REACH
                and abs(p // self.size - middle) <= OPENING_REACH] or moves

    def push(self, move: Hashable) -> None:
        why = self._why_illegal(move)
        if why is not None:
            raise IllegalMove(f"{self._describe(move)} is not legal: {why}")
        self._apply(move if isinstance(move, (str, tuple)) else int(move))

    def _apply(self, move: Hashable) -> None:
        """Play a legal move: place its stone, or make its opening decision."""
        phase = self._phase
        self._moves.append(move)
        if phase is None:
            self._place(int(move))
            return
        if phase.kind == op.PLACE:
            self._place(int(move))
        elif phase.kind == op.OFFER:
            self._offers.append(move[1])
        elif phase.kind == op.PICK:
            self._offers.clear()
            self._place(move[1])
        self._phase, self._black_seat = op.walk(self.opening, self._moves, self.options["fifths"])
        if self._phase is None:
            self._opening_length = len(self._moves)

    def _place(self, point: int) -> None:
        """A stone of the next colour on ``point``."""
        self._cells[point] = self.to_play
        runs = winning_runs(self._cells, self.size, point, self.rule)
        self._stones.append(point)
        self._wins.append(tuple(p for n, run in enumerate(runs) for p in run if n == 0 or p != point))

    def pop(self) -> Hashable:
        if not self._moves:
            raise IllegalMove("no move to take back")
        if self.opening == op.FREE or len(self._moves) > self._opening_length > 0:
            point = self._moves.pop()
            self._stones.pop()
            self._wins.pop()
            self._cells[point] = EMPTY
            return point
        moves = self._moves
        last = moves.pop()
        self._replay(moves)
        return last

    def _replay(self, moves: list[Hashable]) -> None:
        """Start over and play ``moves`` (known legal): an opening decision is taken
        back by playing the script again up to it."""
        self._start()
        self._moves = []
        for move in moves:
            self._apply(move)

    def outcome(self) -> Outcome | None:
        if self._won():
            colour = self._cells[self._stones[-1]]
            winner = self.black_seat if colour == BLACK else 1 - self.black_seat
            return Outcome((winner,), self._win_reason(), cells=self._wins[-1], termination=Termination.LINE)
        if len(self._stones) == len(self._cells):
            return Outcome((), N_("board full"), termination=Termination.BOARD_FULL)
        if self.rule == "renju" and self._phase is None and self.to_play == BLACK and not self._black_has_a_point():
            return Outcome((), N_("every empty point is forbidden to Black"), termination=Termination.NO_MOVES)
        return None

    def _won(self) -> bool:
        return bool(self._wins) and bool(self._wins[-1])

    def _win_reason(self) -> str:
        """'five in a row', or for a win by an overline alone 'six in a row (an overline)'."""
        point = self._stones[-1]
        lengths = [len(run) for run in winning_runs(self._cells, self.size, point, self.rule)]
        if 5 in lengths:
            return N_("five in a row")
        longest = max(lengths)
        return f"{NUMBER_WORDS.get(longest, str(longest))} in a row (an overline)"

    def key(self) -> Hashable:
        if self.opening == op.FREE:
            return bytes(self._cells), self.turn
        return bytes(self._cells), self.turn, self.black_seat, tuple(self._moves) if self._phase else ()

    def copy(self) -> "Gomoku":
        other = Gomoku.__new__(Gomoku)
        other.options = dict(self.options)
        other.size, other.rule, other.opening = self.size, self.rule, self.opening
        other.named_points = self.named_points
        if self._phase is not None:
            other._replay(list(self._moves))
            return other
        other._cells = bytearray(self._cells)
        other._moves = list(self._moves)
        other._stones = list(self._stones)
        other._wins = list(self._wins)
        other._offers = list(self._offers)
        other._black_seat, other._phase = self._black_seat, None
        other._opening_length = self._opening_length
        return other

    def _is_point(self, point: Any) -> bool:
        return isinstance(point, Integral) and not isinstance(point, bool) and 0 <= point < len(self._cells)

    def _why_illegal(self, move: Hashable) -> str | None:
        if self._phase is not None or self._stones_named_left():
            return self._why_illegal_in_opening(move)
        return self._why_illegal_stone(move)

    def _stones_named_left(self) -> bool:
        return len(self._stones) < len(self.named_points)

    def _why_illegal_in_opening(self, move: Hashable) -> str | None:
        """Why ``move`` is not the opening's decision now (``None``: it is)."""
        try:
            if move in self.legal_moves():
                return None
        except TypeError:
            return f"{move!r} is not a move of Gomoku"
        if self._won() or len(self._stones) == len(self._cells):
            return "the game is over"
        phase = self._phase
        if self._stones_named_left():
            opening = opening_named(self.options["named"])
            return (f"this game starts with {opening.code} {opening.name}: the next stone goes on "
                    f"{self.move_to_str(self.named_points[len(self._stones)])}")
        wanted = {op.PLACE: "a stone", op.OFFER: "an offered fifth move (offer:POINT)",
                  op.PICK: "one of the offered fifth moves (pick:POINT)"}.get(phase.kind)
        if wanted is None:
            wanted = "one of " + ", ".join(self.move_to_str(c) for c in phase.choices)
        why = self._why_illegal_stone(move if self._is_point(move) else move[1]) \
            if self._is_point(move) or (isinstance(move, tuple) and len(move) == 2 and self._is_point(move[1])) \
            else None
        reach = "" if phase.reach is None else f" within {phase.reach} lines of the centre"
        return why or f"the {self.opening} opening asks now for {wanted}{reach}"

    def _why_illegal_stone(self, move: Hashable) -> str | None:
        if not self._is_point(move):
            return f"not a point of the {self.size}x{self.size} board (0-{len(self._cells) - 1})"
        if self._won() or len(self._stones) == len(self._cells):
            return "the game is over"
        if self._cells[int(move)] != EMPTY:
            return "the point is taken"
        if self.rule == "renju" and self._black_to_place():
            reason = self.why_forbidden(int(move))
            if reason is not None:
                return f"it makes {'an' if reason == OVERLINE else 'a'} {reason}, forbidden to Black in Renju"
            # Black has a point, so the game has not ended for want of one.
        return None

    def _describe(self, move: Hashable) -> str:
        try:
            return self.move_to_str(move)
        except BadNotation:
            return repr(move)

    # -- notation ---------------------------------------------------------------
    def move_to_str(self, move: Hashable) -> str:
        if isinstance(move, tuple) and len(move) == 2 and move[0] in (OFFER_WORD, PICK_WORD):
            return f"{move[0]}:{self.move_to_str(move[1])}"
        if isinstance(move, (str, tuple)) and op.parse_choice(op.choice_text(move)) == move:
            return op.choice_text(move)
        if not self._is_point(move):
            raise BadNotation(f"{move!r} is not a point of the {self.size}x{self.size} board")
        col, row = self.col_row(int(move))
        return f"{COLUMNS[col]}{self.size - row}"

    def parse_move(self, text: str) -> Hashable:
        choice = op.parse_choice(text)
        if choice is not None:
            return choice
        head, sep, rest = text.strip().partition(":")
        if sep and head.casefold() in (OFFER_WORD, PICK_WORD):
            point = self.parse_move(rest)
            if self._is_point(point):
                return head.casefold(), point
        match = _POINT_WORD.match(text.strip())
        if match is not None:
            col = COLUMNS.find(match.group(1).lower())
            number = int(match.group(2))
            if 0 <= col < self.size and 1 <= number <= self.size:
                return (self.size - number) * self.size + col
        raise BadNotation(f"{text!r} is not a point: write a column a-{COLUMNS[self.size - 1]} and a row "
                          f"1-{self.size}, such as {COLUMNS[self.size // 2]}{self.size // 2 + 1}"
                          + ("" if self.opening == op.FREE else
                             " (or black, white, more, fifths:N, offer:POINT, pick:POINT in the opening)"))

    def play_text(self, text: str) -> None:
        """``State.play_text``, where a word that names one of the 26 Renju openings
        (``kagetsu``, ``4d``; see ``renju_openings``) stands for its three stones."""
        words = []
        for word in self.split_moves(text):
            opening = None if _POINT_WORD.match(word) else opening_named(word)
            words += [self.move_to_str(p) for p in opening.points(self.size)] if opening else [word]
        super().play_text(" ".join(words))

    @classmethod
    def split_moves(cls, text: str) -> list[str]:
        """``'h8 i9'``, ``'h8i9'``, ``'h8, i9'`` and ``'1. h8 i9'`` -> ``['h8', 'i9']``.
        Move numbers are dropped; anything else is kept as a word of its own, so
        the move that reads it names it."""
        return [word for word in _MOVE_WORD.findall(text) if not _MOVE_NUMBER.fullmatch(word)]

    def __str__(self) -> str:
        letters = "   " + " ".join(COLUMNS[:self.size])
        lines = [letters]
        for row in range(self.size):
            cells = self._cells[row * self.size:(row + 1) * self.size]
            lines.append(f"{self.size - row:>2} " + " ".join(SYMBOLS[value] for value in cells)
                         + f" {self.size - row}")
        lines.append(letters)
        outcome = self.outcome()
        if outcome is None:
            status = f"{self.seat_name(self.turn)} to move"
        elif outcome.winners:
            status = f"{self.seat_name(outcome.winners[0])} wins: {outcome.reason}"
        else:
            status = f"draw: {outcome.reason}"
        last = f"; last move {self.move_to_str(self._moves[-1])}" if self._moves else ""
        if self._offers:
            last += "; offered " + " ".join(self.move_to_str(p) for p in self._offers)
        lines.append(f"{self.rule}, {status}{last}")
        return "\n".join(lines)

    # -- set-up positions ---------------------------------------------------------
    @classmethod
    def from_stones(cls, black: Iterable[int], white: Iterable[int], **options: Any) -> "Gomoku":
        """The game whose board holds exactly these black and white stones (points),
        reached by alternate moves in an order the rules allow; Black is to move
        if the counts are equal, White if Black has one more. ``BadNotation`` if
        no such game exists (a point twice, counts that alternate moves cannot
        give, or every order passes a finished game or a forbidden point). A set-up
        position starts after any opening: its game is of free play."""
        state = cls(**{**options, "opening": op.FREE, "named": ANY_OPENING})
        black, white = list(black), list(white)
        for point in black + white:
            if not state._is_point(point):
                raise BadNotation(f"{point!r} is not a point of the {state.size}x{state.size} board")
        stones = {**{p: WHITE for p in white}, **{p: BLACK for p in black}}
        if len(stones) != len(black) + len(white):
            taken = sorted({p for p in black + white if (black + white).count(p) > 1})
            raise BadNotation(f"two stones on {', '.join(state.move_to_str(p) for p in taken)}")
        if not 0 <= len(black) - len(white) <= 1:
            raise BadNotation(f"{len(black)} black and {len(white)} white stones: Black moves first, so Black "
                              "has as many stones as White or one more")
        order = _Arrangement(state.size, state.rule, stones).order()
        if order is None:
            raise BadNotation("no order of alternate moves reaches this position: every one finishes the game "
                              "early or plays a point forbidden to Black")
        for point in order:
            state.push(point)
        return state

    @classmethod
    def from_diagram(cls, text: str, **options: Any) -> "Gomoku":
        """The game set up from a board drawn in text, one line a row from the top:
        ``X`` (or ``x``, ``●``) Black, ``O`` (``o``, ``○``) White, ``.`` (``+``, ``-``,
        ``·``) empty, spaces between points optional; row numbers at either end and
        a line of column letters are skipped. See ``from_stones`` for the order."""
        size = cls.check_options(dict(options))["size"]
        rows = []
        for line in text.splitlines():
            compact = "".join(line.split())
            if not compact or compact.lower() == COLUMNS[:size]:
                continue
            compact = compact.strip("0123456789")
            if any(c not in DIAGRAM_STONES for c in compact) or len(compact) != size:
                raise BadNotation(f"diagram row {line.strip()!r} is not {size} points of X, O or .")
            rows.append(compact)
        if len(rows) != size:
            raise BadNotation(f"the diagram has {len(rows)} rows; a {size}x{size} board has {size}")
        values = [DIAGRAM_STONES[c] for row in rows for c in row]
        return cls.from_stones([p for p, v in enumerate(values) if v == BLACK],
                               [p for p, v in enumerate(values) if v == WHITE], **options)


class _Arrangement:
    """Finds an order of alternate moves that ends with given stones on the board.

    It works backwards from the final position: the last move is a stone of the
    colour that moved last, one that was legal where the others stood and, unless
    it is the very last, made no win; then the same for the rest. A search with
    backtracking, remembering the stone sets that failed, bounded by
    ``_ARRANGE_TRIES``.
    """

    def __init__(self, size: int, rule: str, stones: dict[int, int]) -> None:
        self.size, self.rule = size, rule
        self.cells = bytearray(size * size)
        for point, colour in stones.items():
            self.cells[point] = colour
        self.left = {BLACK: sorted(p for p, c in stones.items() if c == BLACK),
                     WHITE: sorted(p for p, c in stones.items() if c == WHITE)}
        self.failed: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
        self.tries = 0

    def order(self) -> list[int] | None:
        """The moves in playing order, or ``None`` if none was found."""
        taken: list[int] = []
        return taken[::-1] if self._take_back(taken) else None

    def _take_back(self, taken: list[int]) -> bool:
        blacks, whites = self.left[BLACK], self.left[WHITE]
        if not blacks and not whites:
            return True
        key = (tuple(blacks), tuple(whites))
        if key in self.failed:
            return False
        colour = BLACK if len(blacks) > len(whites) else WHITE
        own = self.left[colour]
        for index, point in enumerate(list(own)):
            self.tries += 1
            if self.tries > _ARRANGE_TRIES:
                return False
            if self._playable_last(point, colour, final=not taken):
                del own[index]
                self.cells[point] = EMPTY
                taken.append(point)
                if self._take_back(taken):
                    return True
                taken.pop()
                self.cells[point] = colour
                own.insert(index, point)
        self.failed.add(key)
        return False

    def _playable_last(self, point: int, colour: int, final: bool) -> bool:
        """Whether the stone on ``point`` could have been the latest move."""
        cells = self.cells
        if colour == BLACK and self.rule == "renju":
            cells[point] = EMPTY
            forbidden = is_forbidden(cells, self.size, point)
            cells[point] = BLACK
            if forbidden:
                return False
        return final or not winning_runs(cells, self.size, point, self.rule)
