"""Seed 003's pattern scores for Gomoku: what a stone on an empty point would make on each
of its four lines, what that is worth, and a board that keeps it all up to date.

Seed 003 (the article that ported the open-source gobang project's AI) judges an
empty point by the shapes one more stone there makes across, down and along both
diagonals, for either colour, with this table:

============  ======  =====
shape         live    dead
============  ======  =====
one           10      1
two           100     10
three         1000    100
four          100000  10000
five          10000000
============  ======  =====

The seed counts stones next to each other; here a shape is what the line can
still become, so a split shape (``X.XX``) is the three it is:

* *five*: the stone completes five in a row;
* *four*: one more stone makes five; *live* (an open four) when two different
  points do, *dead* when only one does;
* *three*, *two*, *one*: the most stones of the colour in a stretch of five
  points through the point that holds no other stone and no edge (a stretch a
  five could still fill); *live* when one more stone can make the live shape
  one step up (a live three can become an open four), else *dead*;
* *none*: no five fits on that line through the point at all.

Under the exactly-five rules (``standard``, and Black in ``renju``) a stretch
whose completion would join more stones of the colour beyond it makes an
overline, not a five, and counts for nothing.

A point's score for a colour is the sum over its four lines, raised where one
stone makes two threats at once, which the opponent cannot both stop: two
fours or a four and a live three are worth an open four, two live threes half
of one (see ``point_score``). A Renju forbidden point is scored like any other;
the bots leave those points out of Black's moves themselves.

``PatternBoard`` is a position to search: the stones, and for every empty point
the shapes and scores of both colours, with the points where each colour makes a
five, an open four or a double four, and a Zobrist hash. It keeps, for each
point and line, a code of the ten points around it (five each side, the edge
counting as a wall), so a move updates only the forty point-lines whose codes
it falls in, and a shape is looked up by code (each code is classified once).
"""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Iterable, Sequence

from game.rules.gomoku import BLACK, EMPTY, WHITE, Gomoku, is_forbidden, lines_through

NONE, DEAD_ONE, LIVE_ONE, DEAD_TWO, LIVE_TWO, DEAD_THREE, LIVE_THREE, DEAD_FOUR, LIVE_FOUR, FIVE = range(10)
SHAPE_NAMES = ("none", "dead one", "live one", "dead two", "live two", "dead three", "live three",
               "dead four", "live four", "five")
#: Seed 003's score of each shape, indexed by shape.
SCORES = (0, 1, 10, 10, 100, 100, 1000, 10_000, 100_000, 10_000_000)
#: A point making two live threes at once: half an open four (one more move makes one).
DOUBLE_THREE_SCORE = SCORES[LIVE_FOUR] // 2
#: Points on each side of a point that decide its shapes: four for the five, one more for an overline.
REACH = 5
_CENTRE = REACH
_WIDTH = 2 * REACH + 1
#: A window's points seen from one colour: empty, the colour's own stone, or anything else (a block).
_FREE, _OWN, _BLOCKED = 0, 1, 2
#: A point off the board, in a code.
_WALL = 3


@lru_cache(maxsize=None)
def line_shape(window: tuple[int, ...], exact: bool) -> int:
    """The shape a stone on the centre of ``window`` makes on its line (see the module notes).

    ``window`` is the eleven points of the line centred on the point, each
    0 (empty), 1 (the colour's own stone; the centre is one) or 2 (the
    other colour's stone or off the board); ``exact``: only exactly five wins.
    """
    first = last = _CENTRE
    while first > 0 and window[first - 1] == _OWN:
        first -= 1
    while last < _WIDTH - 1 and window[last + 1] == _OWN:
        last += 1
    if last - first >= 4:
        return FIVE if last - first == 4 or not exact else NONE
    stretches = [range(start, start + 5) for start in range(1, _CENTRE + 1)
                 if _BLOCKED not in window[start:start + 5]
                 and not (exact and _OWN in (window[start - 1], window[start + 5]))]
    if not stretches:
        return NONE
    most = max(sum(window[k] == _OWN for k in stretch) for stretch in stretches)
    if most == 4:
        completions = {k for stretch in stretches if sum(window[k] == _OWN for k in stretch) == 4
                       for k in stretch if window[k] == _FREE}
        return LIVE_FOUR if len(completions) >= 2 else DEAD_FOUR
    live_above = 2 * (most + 1)
    free = sorted({k for stretch in stretches for k in stretch if window[k] == _FREE})
    live = any(line_shape(window[:k] + (_OWN,) + window[k + 1:], exact) == live_above for k in free)
    return 2 * most - 1 + live


def point_score(shapes: Iterable[int]) -> int:
    """A point's score for one colour from its four lines' shapes: seed 003's table summed,
    raised to an open four's for two fours or a four and a live three, and to
    ``DOUBLE_THREE_SCORE`` for two live threes."""
    total = fours = threes = 0
    for shape in shapes:
        total += SCORES[shape]
        fours += shape == DEAD_FOUR or shape == LIVE_FOUR
        threes += shape == LIVE_THREE
    if fours >= 2 or (fours and threes):
        return max(total, SCORES[LIVE_FOUR])
    if threes >= 2:
        return max(total, DOUBLE_THREE_SCORE)
    return total


def exact_five(rule: str, colour: int) -> bool:
    """Whether only exactly five wins for ``colour`` under ``rule``."""
    return rule == "standard" or (rule == "renju" and colour == BLACK)


class _Geometry:
    """One board size's tables: each point-line's starting code (walls off the board), and for
    each point the point-lines whose codes it falls in, with its place in them."""

    def __init__(self, size: int) -> None:
        count = size * size
        self.size = size
        self.start_codes = [0] * (4 * count)
        #: point -> ((point-line index, bit shift of the point's place in its code), ...)
        self.touches: list[list[tuple[int, int]]] = [[] for _ in range(count)]
        for point, places in enumerate(lines_through(size)):
            for direction, (line, index) in enumerate(places):
                slot = 4 * point + direction
                for place, offset in enumerate(_OFFSETS):
                    at = index + offset
                    if 0 <= at < len(line):
                        self.touches[line[at]].append((slot, 2 * place))
                    else:
                        self.start_codes[slot] |= _WALL << 2 * place
        #: The points within two of each point across, down or diagonally (its neighbourhood).
        self.around = [tuple(r * size + c for r in range(max(0, p // size - 2), min(size, p // size + 3))
                             for c in range(max(0, p % size - 2), min(size, p % size + 3)) if r * size + c != p)
                       for p in range(count)]
        rng = random.Random(size)
        self.zobrist = (None, [rng.getrandbits(64) for _ in range(count)], [rng.getrandbits(64) for _ in range(count)])


#: The places of a code: the points 5..1 before and 1..5 after the point along its line.
_OFFSETS = (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)


@lru_cache(maxsize=None)
def _geometry(size: int) -> _Geometry:
    return _Geometry(size)


class _ShapeTable(dict):
    """Code -> shape for one colour under one exactness, each code classified on first use."""

    def __init__(self, colour: int, exact: bool) -> None:
        super().__init__()
        self.colour, self.exact = colour, exact

    def __missing__(self, code: int) -> int:
        places = []
        for place in range(len(_OFFSETS)):
            value = code >> 2 * place & 3
            places.append(_FREE if value == EMPTY else _OWN if value == self.colour else _BLOCKED)
        shape = line_shape((*places[:REACH], _OWN, *places[REACH:]), self.exact)
        self[code] = shape
        return shape


@lru_cache(maxsize=None)
def _shape_table(colour: int, exact: bool) -> _ShapeTable:
    return _ShapeTable(colour, exact)


class PatternBoard:
    """A Gomoku position for searching, with every empty point's shapes kept up to date.

    For each colour (``BLACK``, ``WHITE``): ``scores[colour][p]`` is empty point
    ``p``'s score (``point_score``), ``total[colour]`` the sum over the empty
    points, ``fives[colour]`` the empty points where a stone of that colour
    makes five, ``fours[colour]`` where it makes a four (one or more points
    then make five) and ``doubles[colour]`` where it makes two or more such
    points at once (an open four or a double four). ``won`` says whether the
    last stone made five. A Renju forbidden point is in these like any other
    (``forbidden`` tells). It answers ``push``, ``pop``, ``turn``,
    ``move_stack`` and ``key`` as a ``State`` does, for the shared search;
    it does not check legality: push only empty points (and, in Renju, no
    point forbidden to Black).
    """

    num_seats = 2
    game_id = "gomoku"

    def __init__(self, size: int = 15, rule: str = "freestyle") -> None:
        self.size, self.rule = size, rule
        self._geometry = _geometry(size)
        count = size * size
        self.cells = bytearray(count)
        self.codes = list(self._geometry.start_codes)
        self._tables = (None, _shape_table(BLACK, exact_five(rule, BLACK)),
                        _shape_table(WHITE, exact_five(rule, WHITE)))
        self.shapes = [None, bytearray(4 * count), bytearray(4 * count)]
        self.scores: list = [None, [0] * count, [0] * count]
        self.total = [0, 0, 0]
        self.fives: list = [None, set(), set()]
        self.fours: list = [None, set(), set()]
        self.doubles: list = [None, set(), set()]
        #: How many stones stand within two points of each point (candidates are points with some).
        self.near = [0] * count
        self.hash = 0
        self._moves: list[int] = []
        self._won: list[bool] = []
        for point in range(count):
            self._refresh_point(point)

    @classmethod
    def of(cls, state: Gomoku) -> "PatternBoard":
        """The board of a game's position (its moves played in order)."""
        board = cls(state.size, state.rule)
        for point in state.move_stack:
            board.push(point)
        return board

    # -- the State interface the shared search uses ------------------------------------
    @property
    def turn(self) -> int:
        return len(self._moves) % 2

    @property
    def move_stack(self) -> Sequence[int]:
        return self._moves

    def key(self) -> int:
        return self.hash

    def to_text(self) -> str:
        return Gomoku(size=self.size, rule=self.rule).moves_to_text(self._moves)

    @property
    def colour(self) -> int:
        """The colour to move: BLACK or WHITE."""
        return BLACK if len(self._moves) % 2 == 0 else WHITE

    @property
    def opponent(self) -> int:
        """The colour that moved last: WHITE when Black is to move, else BLACK."""
        return WHITE if len(self._moves) % 2 == 0 else BLACK

    @property
    def won(self) -> bool:
        """Whether the last stone made five (under the rule)."""
        return bool(self._won) and self._won[-1]

    @property
    def full(self) -> bool:
        return len(self._moves) == len(self.cells)

    def push(self, point: int) -> None:
        colour = self.colour
        self._won.append(point in self.fives[colour])
        self._moves.append(point)
        self.cells[point] = colour
        self.hash ^= self._geometry.zobrist[colour][point]
        for other in (BLACK, WHITE):
            self.total[other] -= self.scores[other][point]
            self.scores[other][point] = 0
            self.fives[other].discard(point)
            self.fours[other].discard(point)
            self.doubles[other].discard(point)
        self._update_lines(point, colour, 1)
        near = self.near
        for neighbour in self._geometry.around[point]:
            near[neighbour] += 1

    def pop(self) -> int:
        point = self._moves.pop()
        self._won.pop()
        colour = self.cells[point]
        self.cells[point] = EMPTY
        self.hash ^= self._geometry.zobrist[colour][point]
        self._update_lines(point, colour, -1)
        self._refresh_point(point)
        near = self.near
        for neighbour in self._geometry.around[point]:
            near[neighbour] -= 1
        return point

    # -- questions ---------------------------------------------------------------------
    def forbidden(self, point: int) -> bool:
        """Whether ``point`` is forbidden to Black (Renju only; False under the other rules)."""
        return self.rule == "renju" and is_forbidden(self.cells, self.size, point)

    def allowed(self, colour: int, point: int) -> bool:
        """Whether ``colour`` may play the empty ``point`` (everything but Black's forbidden points)."""
        return colour == WHITE or not self.forbidden(point)

    def candidates(self) -> list[int]:
        """The empty points within two of a stone (the centre alone on an empty board)."""
        if not self._moves:
            return [(self.size // 2) * self.size + self.size // 2]
        cells, near = self.cells, self.near
        return [p for p in range(len(cells)) if near[p] and not cells[p]]

    def ranked(self, points: Iterable[int]) -> list[int]:
        """``points`` by attack plus defence (the colour to move's score plus the opponent's), best first."""
        own, other = self.scores[self.colour], self.scores[self.opponent]
        return sorted(points, key=lambda p: own[p] + other[p], reverse=True)

    def shape(self, colour: int, point: int, direction: int) -> int:
        """The shape a stone of ``colour`` on the empty ``point`` makes along ``DIRECTIONS[direction]``."""
        return self.shapes[colour][4 * point + direction]

    # -- upkeep --------------------------------------------------------------------------
    def _update_lines(self, point: int, colour: int, sign: int) -> None:
        """Put (``sign`` 1) or take away (-1) a stone of ``colour`` at ``point`` in the codes it
        falls in, and re-read the shapes of the empty points whose codes changed."""
        codes, cells = self.codes, self.cells
        black_table, white_table = self._tables[BLACK], self._tables[WHITE]
        black_shapes, white_shapes = self.shapes[BLACK], self.shapes[WHITE]
        for slot, shift in self._geometry.touches[point]:
            code = codes[slot] + sign * (colour << shift)
            codes[slot] = code
            other = slot >> 2
            if cells[other]:
                continue
            black, white = black_table[code], white_table[code]
            if black != black_shapes[slot]:
                black_shapes[slot] = black
                self._rescore(BLACK, other)
            if white != white_shapes[slot]:
                white_shapes[slot] = white
                self._rescore(WHITE, other)

    def _refresh_point(self, point: int) -> None:
        """Read all four shapes of the empty ``point`` for both colours afresh."""
        for colour in (BLACK, WHITE):
            table, shapes = self._tables[colour], self.shapes[colour]
            for slot in range(4 * point, 4 * point + 4):
                shapes[slot] = table[self.codes[slot]]
            self._rescore(colour, point)

    def _rescore(self, colour: int, point: int) -> None:
        lines = self.shapes[colour][4 * point:4 * point + 4]
        score = point_score(lines)
        scores = self.scores[colour]
        self.total[colour] += score - scores[point]
        scores[point] = score
        fours = sum(shape == DEAD_FOUR for shape in lines) + 2 * (LIVE_FOUR in lines)
        _mark(self.fives[colour], point, FIVE in lines)
        _mark(self.fours[colour], point, fours > 0)
        _mark(self.doubles[colour], point, fours >= 2)


def _mark(points: set, point: int, member: bool) -> None:
    if member:
        points.add(point)
    else:
        points.discard(point)
