"""Gomoku's engine board (numba): padded cells, line pattern codes updated move by move, Renju's forbidden check.

The board is the rules' board with a margin of ``PAD`` walls on every side,
so any point on the board and the five points beyond it in each direction
are in the array: a padded point is ``(row + PAD) * width + col + PAD``
with ``width = size + 2 * PAD``, and a line step is one of ``offsets``
(across, down and the two diagonals, in the order of the rules'
``DIRECTIONS``).

Per-line pattern codes. For each point and direction, ``keys[d, q]`` holds
the ten points around ``q`` on that line (five each side, two bits a
point: empty, black, white, wall), and ``pats[c, d, q]`` is the pattern a
stone of colour ``c`` on ``q`` would make on that line, read from a table
of every key (``pattern_table``): a five, an open four (two points left
that make five), a four (one), an open or closed three, two or one, or
nothing. Placing or lifting a stone changes the keys and codes of the
forty points within five of it on its four lines and nothing else (only
the empty points' codes are kept up to date: a stone's point keeps the
codes it had when the stone was played, and they are read afresh from its
keys when the stone is lifted), and a
tally of the codes over the empty points (``tally[c, code]``, with their
summed values in ``tally[c, SUM]``) follows along: ``tally[c, FIVE] > 0``
says at once that ``c`` can make five, ``tally[c, F4] > 0`` that it can
make an open four. Each point's threat grade over its four lines (an open
four or two fours, a four and an open three, two open threes, a four:
``point_grade``) is kept beside its codes in ``pats[c, GRADE]``, and the
empty points of each grade are counted in the tally too, as are those of
each shape class (``point_shape``: two lines that help each other, a four
with a two, an open three with a closed three...); each empty
point's summed values over both colours' codes (``point_sum``, a part of
a move's ordering score) are kept beside them.

A five is exactly five for a colour under the ``standard`` rule and for
Black under Renju (``exact_colours``); six or more is then an
``OVERLINE``. ``forbidden`` is Renju's forbidden-point check for Black,
written after the rules' ``forbidden_reason`` (five first, overline,
double-four, double-three whose three needs a straight-four point that is
itself allowed), with an explicit stack for its recursion.

The position is one record (``BOARD``, ``bots/lib/search_state.py``), sized
for the largest board, with the pattern table read by its address: the
kernels take the record and integers, so a search that places and lifts
stones at every node counts no references and passes one pointer.
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np
from numba import njit

from bots.lib.search_state import address_of, load

EMPTY, BLACK, WHITE, WALL = 0, 1, 2, 3
PAD = 5
#: Pattern codes of one line, weakest first (B: closed, F: open).
DEAD, B1, F1, B2, F2, B3, F3, B4, F4, FIVE, OVERLINE = range(11)
PATTERN_NAMES = ("dead", "B1", "F1", "B2", "F2", "B3", "F3", "B4", "F4", "five", "overline")
#: Column of ``tally`` holding the summed values of a colour's codes over the empty points.
SUM = 15
#: ``pats[c, GRADE, q]``: the point's threat grade over its four lines (``point_grade``), and the
#: column of ``tally`` counting the empty points of grade g (2-5) is ``GRADE_COUNT + g``.
GRADE = 4
GRADE_COUNT = 9
#: ``pats[c, SHAPE, q]``: the point's shape class, what its lines make together below a threat
#: grade's strength (``point_shape``), and the column of ``tally`` counting the empty points of
#: shape s (1-4) is ``SHAPE_COUNT + s``.
SHAPE = 5
SHAPE_COUNT = 16
#: Shape classes of a point: a four with a two or closed three on another line; an open three with
#: one; a closed three with another closed three or an open two; two open twos or more.
SHAPE_FOUR_PLUS, SHAPE_THREE_PLUS, SHAPE_CLOSED_THREE_PLUS, SHAPE_TWO_TWOS = 1, 2, 3, 4
SHAPE_NAMES = ("none", "four plus", "three plus", "closed three plus", "two twos")
TALLY_FIELDS = SHAPE_COUNT + len(SHAPE_NAMES)
#: Threat grades of a point: a four and an open three (4-3), an open four or two fours.
GRADE_THREE, GRADE_FOUR, GRADE_DOUBLE_THREE, GRADE_FOUR_THREE, GRADE_WIN = 1, 2, 3, 4, 5
KEY_POINTS = 10
KEY_SIZE = 1 << (2 * KEY_POINTS)
#: Forbidden-check answers, as ``forbidden_code`` gives them.
ALLOWED, FB_OVERLINE, FB_DOUBLE_FOUR, FB_DOUBLE_THREE = 0, 1, 2, 3
FORBIDDEN_REASONS = (None, "overline", "double-four", "double-three")
#: Rows (stack levels) and fields of the forbidden check's workspace.
FB_LEVELS, FB_FIELDS = 48, 32
_FB_POINT, _FB_COUNT, _FB_INDEX, _FB_THREES, _FB_DONE, _FB_CANDS = 0, 1, 2, 3, 4, 5
#: Rules codes for the kernels.
FREESTYLE, STANDARD, RENJU = 0, 1, 2
RULE_CODES = {"freestyle": FREESTYLE, "standard": STANDARD, "renju": RENJU}


def slot(k: int) -> int:
    """The key slot (0-9) of the point ``k`` steps along the line (-5..5, not 0)."""
    return k + 5 if k < 0 else k + 4


def exact_colours(rule: str) -> tuple[bool, bool]:
    """Whether Black and White need exactly five (not more) under ``rule``."""
    return rule == "standard" or rule == "renju", rule == "standard"


# -- the pattern table ---------------------------------------------------------------------
@njit(cache=True)
def _centre_run(line):
    """The length of the run of own stones (1) through the centre (5) of an 11-point line."""
    first = 5
    while first > 0 and line[first - 1] == 1:
        first -= 1
    last = 5
    while last < 10 and line[last + 1] == 1:
        last += 1
    return last - first + 1


@njit(cache=True)
def fill_pattern_table(out, colour, exact):
    """Fill ``out`` (KEY_SIZE codes) with the pattern a ``colour`` stone makes at the centre of each key.

    Keys run from the largest down, so the key with one more own stone
    (always larger) is classified before the key it extends: a point is an
    open four if two empty points make five with it, a four if one does,
    and otherwise one grade under the best it reaches with one more stone
    (an open four becomes an open three, a four a closed three, and so on).
    """
    line = np.zeros(11, np.int64)
    for key in range(KEY_SIZE - 1, -1, -1):
        for s in range(KEY_POINTS):
            v = (key >> (2 * s)) & 3
            at = s if s < 5 else s + 1
            line[at] = 0 if v == 0 else (1 if v == colour else 2)
        line[5] = 1
        run = _centre_run(line)
        if run >= 5:
            out[key] = OVERLINE if (exact and run > 5) else FIVE
            continue
        fives = 0
        best = DEAD
        for s in range(1, KEY_POINTS - 1):
            at = s if s < 5 else s + 1
            if line[at] != 0:
                continue
            code = out[key + (colour << (2 * s))]
            if code == FIVE:
                fives += 1
            elif code == F4 or code == B4 or code == F3 or code == B3 or code == F2 or code == B2:
                lower = code - 2
                if lower > best:
                    best = lower
        if fives >= 2:
            out[key] = F4
        elif fives == 1:
            out[key] = B4
        else:
            out[key] = best


@lru_cache(maxsize=None)
def pattern_table(rule: str) -> np.ndarray:
    """``table[colour, key]``: the pattern code of a ``colour`` stone at the centre of ``key`` under ``rule``."""
    table = np.zeros((3, KEY_SIZE), np.int8)
    for colour, exact in zip((BLACK, WHITE), exact_colours(rule)):
        fill_pattern_table(table[colour], colour, exact)
    table.setflags(write=False)
    return table


# -- geometry -----------------------------------------------------------------------------------
def padded_width(size: int) -> int:
    return size + 2 * PAD


def to_padded(size: int, point: int) -> int:
    """The padded index of the rules' ``point``."""
    row, col = divmod(point, size)
    return (row + PAD) * padded_width(size) + col + PAD


def to_point(size: int, padded: int) -> int:
    """The rules' point of a padded index on the board."""
    row, col = divmod(padded, padded_width(size))
    return (row - PAD) * size + col - PAD


def line_offsets(size: int) -> np.ndarray:
    """The padded steps of the four line directions, in the rules' order."""
    width = padded_width(size)
    return np.array([1, width, width + 1, 1 - width], np.int64)


# -- the board's record ----------------------------------------------------------------------------
#: The largest board the record holds, and its padded size.
MAX_SIZE = 19
MAX_WIDTH = MAX_SIZE + 2 * PAD
MAX_CELLS = MAX_WIDTH * MAX_WIDTH
#: A position in one record (``bots/lib/search_state.py``), sized for the largest board: the board's
#: constants (its size, padded width and cell count, the rule, the line steps, the pattern values, the
#: Zobrist keys, the padded index of every point, the pattern table's address), what changes as stones
#: come and go (cells, line keys, pattern codes and grades, stones near each point, the tally), and the
#: forbidden check's workspace. The kernels take it and integers, so a search passes no arrays.
BOARD = np.dtype([
    ("size", np.int64), ("width", np.int64), ("cell_count", np.int64), ("point_count", np.int64),
    ("rule", np.int64), ("table_at", np.uint64),
    ("offsets", np.int64, (4,)), ("values", np.int64, (len(PATTERN_NAMES),)),
    ("zobrist", np.int64, (3, MAX_CELLS)), ("points", np.int64, (MAX_SIZE * MAX_SIZE,)),
    ("cells", np.int8, (MAX_CELLS,)), ("keys", np.int32, (4, MAX_CELLS)), ("pats", np.int8, (3, 6, MAX_CELLS)),
    ("near", np.int16, (MAX_CELLS,)), ("tally", np.int64, (3, TALLY_FIELDS)), ("point_sum", np.int64, (MAX_CELLS,)),
    ("work", np.int64, (FB_LEVELS, FB_FIELDS)),
])


@njit(cache=True, inline="always")
def pattern_of(bd, colour, key):
    """The pattern table's code for a ``colour`` stone at the centre of ``key`` (``pattern_table``)."""
    return load(np.int8, bd.table_at, colour * KEY_SIZE + key)


# -- placing and lifting stones -----------------------------------------------------------
@njit(cache=True)
def point_grade(bd, colour, q):
    """How strong a ``colour`` stone on ``q`` is over its four lines: GRADE_WIN (an open four or two
    fours), GRADE_FOUR_THREE, GRADE_DOUBLE_THREE, GRADE_FOUR, GRADE_THREE (an open three), or 0."""
    open_fours = 0
    fours = 0
    threes = 0
    for d in range(4):
        code = bd.pats[colour, d, q]
        if code == F4:
            open_fours += 1
        elif code == B4:
            fours += 1
        elif code == F3:
            threes += 1
    if open_fours > 0 or fours >= 2:
        return GRADE_WIN
    if fours == 1 and threes > 0:
        return GRADE_FOUR_THREE
    if threes >= 2:
        return GRADE_DOUBLE_THREE
    if fours == 1:
        return GRADE_FOUR
    if threes == 1:
        return GRADE_THREE
    return 0


@njit(cache=True)
def point_shape(bd, colour, q):
    """The shape class of a ``colour`` stone on ``q`` (``SHAPE_FOUR_PLUS``...), 0 for none: what two of
    its lines make together, which the lines' codes summed one by one do not see."""
    fours = 0
    open_threes = 0
    closed_threes = 0
    open_twos = 0
    for d in range(4):
        code = bd.pats[colour, d, q]
        if code == B4:
            fours += 1
        elif code == F3:
            open_threes += 1
        elif code == B3:
            closed_threes += 1
        elif code == F2:
            open_twos += 1
    helpers = closed_threes + open_twos
    if fours == 1 and helpers > 0:
        return SHAPE_FOUR_PLUS
    if fours > 0:
        return 0
    if open_threes == 1 and helpers > 0:
        return SHAPE_THREE_PLUS
    if open_threes > 0:
        return 0
    if closed_threes > 0 and helpers >= 2:
        return SHAPE_CLOSED_THREE_PLUS
    if open_twos >= 2:
        return SHAPE_TWO_TWOS
    return 0


@njit(cache=True, inline="always")
def _count_grade(bd, colour, grade, sign):
    if grade >= GRADE_FOUR:
        bd.tally[colour, GRADE_COUNT + grade] += sign


@njit(cache=True, inline="always")
def _count_shape(bd, colour, shape, sign):
    if shape > 0:
        bd.tally[colour, SHAPE_COUNT + shape] += sign


@njit(cache=True)
def _update_line(bd, p, colour, sign):
    """Add (``sign`` 1) or take away (-1) a ``colour`` stone on ``p`` in the keys of the
    points around it, and bring the pattern codes of the empty ones and the tally up to date
    (a stone's codes wait until it is lifted: ``lift`` reads them afresh from its keys)."""
    stone = np.int64(colour)
    for d in range(4):
        off = bd.offsets[d]
        for k in range(-5, 6):
            if k == 0:
                continue
            q = p + k * off
            s = -k + 5 if -k < 0 else -k + 4
            bd.keys[d, q] += sign * (stone << (2 * s))
            if bd.cells[q] != EMPTY:
                continue
            key = bd.keys[d, q]
            for c in range(1, 3):
                new = pattern_of(bd, c, key)
                old = bd.pats[c, d, q]
                if new != old:
                    bd.pats[c, d, q] = new
                    grade = point_grade(bd, c, q)
                    bd.tally[c, old] -= 1
                    bd.tally[c, new] += 1
                    bd.tally[c, SUM] += bd.values[new] - bd.values[old]
                    bd.point_sum[q] += bd.values[new] - bd.values[old]
                    _count_grade(bd, c, bd.pats[c, GRADE, q], -1)
                    _count_grade(bd, c, grade, 1)
                    bd.pats[c, GRADE, q] = grade
                    shape = point_shape(bd, c, q)
                    _count_shape(bd, c, bd.pats[c, SHAPE, q], -1)
                    _count_shape(bd, c, shape, 1)
                    bd.pats[c, SHAPE, q] = shape


@njit(cache=True)
def place(bd, p, colour):
    """Put a ``colour`` stone on the empty padded point ``p`` of the board record ``bd``."""
    for c in range(1, 3):
        for d in range(4):
            code = bd.pats[c, d, p]
            bd.tally[c, code] -= 1
            bd.tally[c, SUM] -= bd.values[code]
        _count_grade(bd, c, bd.pats[c, GRADE, p], -1)
        _count_shape(bd, c, bd.pats[c, SHAPE, p], -1)
    bd.cells[p] = colour
    _update_line(bd, p, np.int64(colour), np.int64(1))   # typed, not literal: compiled once
    width = bd.width
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            bd.near[p + dr * width + dc] += 1


@njit(cache=True)
def lift(bd, p):
    """Take the stone off the padded point ``p`` (``place`` undone)."""
    colour = np.int64(bd.cells[p])
    bd.cells[p] = EMPTY
    _update_line(bd, p, colour, np.int64(-1))
    bd.point_sum[p] = 0
    for c in range(1, 3):
        for d in range(4):
            code = pattern_of(bd, c, bd.keys[d, p])
            bd.pats[c, d, p] = code
            bd.tally[c, code] += 1
            bd.tally[c, SUM] += bd.values[code]
            bd.point_sum[p] += bd.values[code]
        grade = point_grade(bd, c, p)
        bd.pats[c, GRADE, p] = grade
        _count_grade(bd, c, grade, 1)
        shape = point_shape(bd, c, p)
        bd.pats[c, SHAPE, p] = shape
        _count_shape(bd, c, shape, 1)
    width = bd.width
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            bd.near[p + dr * width + dc] -= 1


@njit(cache=True)
def fresh_keys(bd):
    """Compute every key, code and the tally from the record's cells alone (a board's start)."""
    n = bd.cell_count
    for q in range(n):
        bd.point_sum[q] = 0
        for d in range(4):
            bd.keys[d, q] = 0
        for c in range(3):
            for f in range(6):
                bd.pats[c, f, q] = 0
    for c in range(3):
        for f in range(TALLY_FIELDS):
            bd.tally[c, f] = 0
    for q in range(n):
        if bd.cells[q] == WALL:
            continue
        for d in range(4):
            key = 0
            for k in range(-5, 6):
                if k == 0:
                    continue
                r = q + k * bd.offsets[d]
                v = np.int64(bd.cells[r]) if 0 <= r < n else np.int64(WALL)
                s = k + 5 if k < 0 else k + 4
                key |= v << (2 * s)
            bd.keys[d, q] = key
            for c in range(1, 3):
                code = pattern_of(bd, c, key)
                bd.pats[c, d, q] = code
                bd.point_sum[q] += bd.values[code]
                if bd.cells[q] == EMPTY:
                    bd.tally[c, code] += 1
                    bd.tally[c, SUM] += bd.values[code]
        for c in range(1, 3):
            bd.pats[c, GRADE, q] = point_grade(bd, c, q)
            bd.pats[c, SHAPE, q] = point_shape(bd, c, q)
            if bd.cells[q] == EMPTY:
                _count_grade(bd, c, bd.pats[c, GRADE, q], 1)
                _count_shape(bd, c, bd.pats[c, SHAPE, q], 1)


# -- Renju's forbidden points ---------------------------------------------------------------
@njit(cache=True)
def _run(bd, p, off):
    """First and last step (from ``p``) of the black run along ``off`` through ``p``."""
    first = 0
    while bd.cells[p + (first - 1) * off] == BLACK:
        first -= 1
    last = 0
    while bd.cells[p + (last + 1) * off] == BLACK:
        last += 1
    return first, last


@njit(cache=True)
def _run_through(bd, p, off, k):
    """First and last step (from ``p``) of the black run a black stone on the empty point ``k``
    steps from ``p`` along ``off`` would be part of; the cells are restored."""
    q = p + k * off
    bd.cells[q] = BLACK
    first, last = _run(bd, q, off)
    bd.cells[q] = EMPTY
    return first + k, last + k


@njit(cache=True)
def _fours_on_line(bd, p, off):
    """How many different fours the black stone on ``p`` is part of along ``off``."""
    found = 0
    seen_ends = -100
    for k in range(-4, 5):
        if k == 0 or bd.cells[p + k * off] != EMPTY:
            continue
        first, last = _run_through(bd, p, off, k)
        if last - first == 4 and first <= 0 <= last:
            # A four of four stones in a row is the same four from either end.
            if k == first:
                if seen_ends == first + 1:
                    continue
                seen_ends = first + 1
            elif k == last:
                if seen_ends == first:
                    continue
                seen_ends = first
            found += 1
    return found


@njit(cache=True)
def _may_be_forbidden(bd, p):
    """The rules' quick test: four black stones within four of ``p`` on one line, or two on each of two lines."""
    crowded = 0
    for d in range(4):
        near = 0
        for k in range(-4, 5):
            if k != 0 and bd.cells[p + k * bd.offsets[d]] == BLACK:
                near += 1
        if near >= 4:
            return True
        if near >= 2:
            crowded += 1
    return crowded >= 2


@njit(cache=True)
def _open_point(bd, p, level):
    """Put a black stone on ``p`` and judge it: ALLOWED (a five), FB_OVERLINE, FB_DOUBLE_FOUR, or -1
    with the straight-four points of its four-free lines in its workspace row ``level`` for the
    double-three check."""
    frame = bd.work[level]
    bd.cells[p] = BLACK
    overline = False
    for d in range(4):
        first, last = _run(bd, p, bd.offsets[d])
        if last - first == 4:
            return ALLOWED
        if last - first >= 5:
            overline = True
    if overline:
        return FB_OVERLINE
    fours = 0
    four_dirs = 0
    for d in range(4):
        n = _fours_on_line(bd, p, bd.offsets[d])
        if n > 0:
            four_dirs |= 1 << d
        fours += n
    if fours >= 2:
        return FB_DOUBLE_FOUR
    count = 0
    for d in range(4):
        if four_dirs & (1 << d):
            continue
        off = bd.offsets[d]
        for k in range(-3, 4):
            q = p + k * off
            if k == 0 or bd.cells[q] != EMPTY:
                continue
            first, last = _run_through(bd, p, off, k)
            if (last - first == 3 and first <= 0 <= last
                    and bd.cells[p + (first - 1) * off] == EMPTY and bd.cells[p + (last + 1) * off] == EMPTY
                    and bd.cells[p + (first - 2) * off] != BLACK and bd.cells[p + (last + 2) * off] != BLACK):
                if count < FB_FIELDS - _FB_CANDS:
                    frame[_FB_CANDS + count] = q * 4 + d
                    count += 1
    frame[_FB_POINT] = p
    frame[_FB_COUNT] = count
    frame[_FB_INDEX] = 0
    frame[_FB_THREES] = 0
    frame[_FB_DONE] = 0
    return -1


@njit(cache=True)
def forbidden_code(bd, p):
    """Why a black stone on the empty padded point ``p`` is forbidden under Renju:
    ALLOWED (0), FB_OVERLINE, FB_DOUBLE_FOUR or FB_DOUBLE_THREE, as the rules'
    ``forbidden_reason`` says. The record's ``work`` (FB_LEVELS rows of
    FB_FIELDS) holds the recursion (is a three's straight-four point itself
    allowed?) as an explicit stack. The cells are restored."""
    first_code = _open_point(bd, p, np.int64(0))
    if first_code >= 0:
        bd.cells[p] = EMPTY
        return first_code
    level = np.int64(0)
    while True:
        frame = bd.work[level]
        result = -1
        if frame[_FB_THREES] >= 2:
            result = FB_DOUBLE_THREE
        else:
            while frame[_FB_INDEX] < frame[_FB_COUNT] and \
                    frame[_FB_DONE] & (1 << (frame[_FB_CANDS + frame[_FB_INDEX]] & 3)):
                frame[_FB_INDEX] += 1
            if frame[_FB_INDEX] >= frame[_FB_COUNT]:
                result = ALLOWED
            else:
                cand = frame[_FB_CANDS + frame[_FB_INDEX]]
                q = cand >> 2
                child = -1
                if not _may_be_forbidden(bd, q) or level + 1 >= FB_LEVELS:
                    child = ALLOWED
                else:
                    child = _open_point(bd, q, level + 1)
                    if child >= 0:
                        bd.cells[q] = EMPTY
                if child < 0:
                    level += 1
                    continue
                if child == ALLOWED:
                    frame[_FB_THREES] += 1
                    frame[_FB_DONE] |= 1 << (cand & 3)
                frame[_FB_INDEX] += 1
                continue
        # This level is decided: lift its stone and hand the answer to the level above.
        bd.cells[frame[_FB_POINT]] = EMPTY
        if level == 0:
            return result
        level -= 1
        parent = bd.work[level]
        if result == ALLOWED:
            parent[_FB_THREES] += 1
            parent[_FB_DONE] |= 1 << (parent[_FB_CANDS + parent[_FB_INDEX]] & 3)
        parent[_FB_INDEX] += 1


@njit(cache=True)
def forbidden(bd, p):
    """Whether a black stone on the empty padded point ``p`` is forbidden (the rules' ``is_forbidden``)."""
    return _may_be_forbidden(bd, p) and forbidden_code(bd, p) != ALLOWED


@njit(cache=True)
def may_be_forbidden_by_pattern(bd, p):
    """Black's codes on ``p`` leave a forbidden point possible: an overline, an open four,
    or a four or open three on two lines (a cheap filter before ``forbidden``)."""
    strong = 0
    for d in range(4):
        code = bd.pats[BLACK, d, p]
        if code == OVERLINE or code == F4:
            return True
        if code == B4 or code == F3:
            strong += 1
    return strong >= 2


# -- a position in the kernels' arrays ----------------------------------------------------------
#: What one point's code on one line is worth to the side that could play there (the evaluation's sums,
#: and a part of a move's ordering score), by hand.
POINT_VALUES = np.array([0, 1, 2, 4, 10, 12, 32, 36, 110, 400, 0], np.int64)


class Board:
    """A rules position in the kernels' record (``BOARD``), for one game size and rule set.

    ``record`` is what the kernels take. ``cells``, ``keys``, ``pats``,
    ``near`` (stones within two points, a 5x5 square) and ``tally`` are
    views of it that change as stones are placed and lifted; ``values``,
    ``offsets``, ``zobrist`` and ``points`` (the padded index of every board
    point in the rules' order) do not, nor does the pattern ``table``, which
    the record reads by address (this object keeps it alive).
    """

    def __init__(self, size: int, rule: str, values: np.ndarray = POINT_VALUES) -> None:
        if not 5 <= size <= MAX_SIZE:
            raise ValueError(f"a {size}x{size} board does not fit the engine's record (5x5 to {MAX_SIZE}x{MAX_SIZE})")
        if rule not in RULE_CODES:
            raise ValueError(f"unknown rule {rule!r}: one of {', '.join(RULE_CODES)}")
        if len(values) != len(PATTERN_NAMES):
            raise ValueError(f"point values take one value per pattern code ({len(PATTERN_NAMES)}), "
                             f"got {len(values)}: {list(values)}")
        self.size, self.rule = size, rule
        self.rule_code = RULE_CODES[rule]
        width = padded_width(size)
        n = width * width
        self.table = pattern_table(rule)
        self._record = np.zeros(1, BOARD)
        self.record = self._record[0]
        bd = self.record
        bd["size"], bd["width"], bd["cell_count"], bd["point_count"] = size, width, n, size * size
        bd["rule"], bd["table_at"] = self.rule_code, address_of(self.table)
        self.cells = bd["cells"][:n]
        self.keys = bd["keys"][:, :n]
        self.pats = bd["pats"][:, :, :n]
        self.near = bd["near"][:n]
        self.tally = bd["tally"]
        self.values = bd["values"]
        self.offsets = bd["offsets"]
        self.zobrist = bd["zobrist"][:, :n]
        self.points = bd["points"][:size * size]
        self.cells[:] = WALL
        self.points[:] = [to_padded(size, p) for p in range(size * size)]
        self.cells[self.points] = EMPTY
        self.offsets[:] = line_offsets(size)
        self.values[:] = np.asarray(values, np.int64)
        rng = np.random.default_rng(size * 7 + self.rule_code)
        self.zobrist[:] = rng.integers(1, 2 ** 62, size=(3, n), dtype=np.int64)
        self.key = 0
        self.stones = 0
        fresh_keys(self.record)

    @classmethod
    def of(cls, state, values: np.ndarray = POINT_VALUES) -> "Board":
        """The board of a rules ``Gomoku`` state, its patterns valued by ``values``."""
        board = cls(state.size, state.rule, values)
        for point, value in enumerate(state.board):
            if value:
                board.place(point, value)
        return board

    def place(self, point: int, colour: int) -> None:
        """Put a ``colour`` stone on the rules' ``point``."""
        p = int(self.points[point])
        place(self.record, p, colour)
        self.key ^= int(self.zobrist[colour, p])
        self.stones += 1

    def lift(self, point: int) -> None:
        """Take the stone off the rules' ``point``."""
        p = int(self.points[point])
        self.key ^= int(self.zobrist[self.cells[p], p])
        lift(self.record, p)
        self.stones -= 1

    def pattern(self, point: int, colour: int, direction: int) -> int:
        """The code a ``colour`` stone on the empty ``point`` would make along ``direction``."""
        return int(self.pats[colour, direction, self.points[point]])

    def forbidden_reason(self, point: int) -> str | None:
        """The rules' ``forbidden_reason`` of the empty ``point``, from the kernel."""
        return FORBIDDEN_REASONS[forbidden_code(self.record, int(self.points[point]))]
