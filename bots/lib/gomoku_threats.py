"""Threat-space search for Gomoku (numba): victory by continuous fours (VCF) and by threes and fours (VCT).

One kernel, ``threat_search``, proves that the ``attacker`` wins within
``depth`` of its own moves by threats alone, over the position in a
``gomoku_board`` board's arrays. It is an AND/OR search on an explicit stack:

* attacker to move (OR): a five wins; a defender's four must be blocked
  (the block is its only move); otherwise it tries its fours and, in a VCT,
  its open threes (never a Black forbidden point under Renju), the
  strongest first;
* defender to move (AND): two points that make the attacker five win for
  the attacker; one must be blocked (a Black defender that may not play it,
  a forbidden point under Renju, has lost); against an open three (VCT
  only) the defender may play any point where the attacker would make a
  four, or a four of its own, and every one must fail; a position with no
  threat fails the attacker.

Every other defence against an open three loses to the open four, so the
defences searched are all that matter: a proof holds against any play.
``depth`` counts the attacker's moves, the five included; ``prove`` tries
depth 1, 2, ... so the first proof found is the shortest. Positions
refuted at some depth are kept in a table for that depth and less, from
search to search (a refutation holds whatever the root).
The moves of the proof's last line (attacker and defender alternately,
ending with the five or the four no one can stop) are left in ``line``.

The search's state is one record (``THREATS``, held by ``ThreatSearch``,
``bots/lib/search_state.py``) and the table is read by its address: a node
passes integers, the board's record and this one, and counts no references.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from bots.lib.gomoku_board import (BLACK, EMPTY, F4, FIVE, GRADE, GRADE_DOUBLE_THREE, GRADE_FOUR,
                                   GRADE_FOUR_THREE, GRADE_THREE, GRADE_WIN, RENJU, forbidden, lift,
                                   may_be_forbidden_by_pattern, place, to_point)
from bots.lib.search_state import address_of
from bots.lib.ttable import clock, depth_of, keep, keyed_table, pack, probe, time_up

WIN, FAIL, ABORTED = 1, 0, -1
MAX_LEVELS = 96
MAX_MOVES = 128
THREAT_TT_BITS = 18
_OR, _AND = 0, 1
(_KIND, _DEPTH, _COUNT, _INDEX, _MOVED, _KEY, _RESULT) = range(7)
FRAME_FIELDS = 8
#: The threat search's state in one record (``bots/lib/search_state.py``): the address and slot mask
#: of its table of refuted positions (``ttable``'s keyed entries, holding the depth refuted), the node counter, the node limit, whether
#: it stopped short, the deadline (a ``clock()`` reading), the attacker and whether open threes count
#: (VCT), and the explicit stack: per-level move rows with their scores and frames, and the proof's line
#: (its length, then its moves).
THREATS = np.dtype([
    ("tt_at", np.uint64), ("tt_mask", np.int64),
    ("nodes", np.int64), ("node_limit", np.int64), ("timed_out", np.int64), ("deadline", np.float64),
    ("attacker", np.int64), ("vct", np.int64),
    ("moves", np.int64, (MAX_LEVELS, MAX_MOVES)), ("scores", np.int64, (MAX_LEVELS, MAX_MOVES)),
    ("frames", np.int64, (MAX_LEVELS, FRAME_FIELDS)), ("line", np.int64, (MAX_LEVELS + 4,)),
])
_SIDE_KEY = np.int64(0x2545F4914F6CDD1D)
_VCT_KEY = np.int64(0x1B873593CC9E2D51)
_CLOCK_EVERY = 1023
#: The attacker's threats by grade, tried strongest first: an open four or two fours, a four-three,
#: two open threes, a four, an open three.
ATTACK_ORDER = np.array([0, 300, 400, 700, 900, 1000], np.int64)


@njit(cache=True)
def find_fives(bd, colour):
    """``(how many, first, second)``: the empty points where ``colour`` makes five on the board
    record ``bd`` (counting stops at two; -1 for a point not found)."""
    count = 0
    first = -1
    second = -1
    for i in range(bd.point_count):
        q = bd.points[i]
        if bd.cells[q] != EMPTY:
            continue
        if bd.pats[colour, 0, q] == FIVE or bd.pats[colour, 1, q] == FIVE or \
                bd.pats[colour, 2, q] == FIVE or bd.pats[colour, 3, q] == FIVE:
            if count == 0:
                first = q
            else:
                second = q
            count += 1
            if count == 2:
                break
    return count, first, second


@njit(cache=True)
def black_may_play(bd, colour, q):
    """Whether ``colour`` may play the empty ``q``: always, but for Black's forbidden points under Renju."""
    if bd.rule != RENJU or colour != BLACK:
        return True
    if not may_be_forbidden_by_pattern(bd, q):
        return True
    return not forbidden(bd, q)


@njit(cache=True)
def has_real_open_three(bd, colour):
    """Whether ``colour`` has a point that makes an open four (and, for Black under Renju, may play it)."""
    for i in range(bd.point_count):
        q = bd.points[i]
        if bd.cells[q] != EMPTY:
            continue
        if bd.pats[colour, 0, q] == F4 or bd.pats[colour, 1, q] == F4 or \
                bd.pats[colour, 2, q] == F4 or bd.pats[colour, 3, q] == F4:
            if black_may_play(bd, colour, q):
                return True
    return False


@njit(cache=True)
def attack_moves(bd, ts, level, attacker, vct, depth):
    """The attacker's threats (fours; open threes too in a VCT with depth for them), strongest first,
    into the threat record ``ts``'s row ``level``; how many."""
    count = np.int64(0)
    defender = 3 - attacker
    for i in range(bd.point_count):
        q = bd.points[i]
        if bd.cells[q] != EMPTY or bd.near[q] == 0:
            continue
        grade = bd.pats[attacker, GRADE, q]
        if not (_makes_four(grade) or (vct and depth >= 3 and (grade == GRADE_THREE or grade == GRADE_DOUBLE_THREE))):
            continue
        if not black_may_play(bd, attacker, q):
            continue
        score = ATTACK_ORDER[grade]
        for d in range(4):
            score += bd.pats[defender, d, q] + 2 * bd.pats[attacker, d, q]
        count = _add(ts, level, count, q, score)
    _sort(ts, level, count)
    return count


@njit(cache=True)
def defences(bd, ts, level, attacker):
    """Against an open three: the points where the attacker would make a four, and the defender's own
    fours, into ``ts``'s row ``level``; how many."""
    count = np.int64(0)
    defender = 3 - attacker
    for i in range(bd.point_count):
        q = bd.points[i]
        if bd.cells[q] != EMPTY or bd.near[q] == 0:
            continue
        mine = bd.pats[attacker, GRADE, q]
        theirs = bd.pats[defender, GRADE, q]
        if not (_makes_four(mine) or _makes_four(theirs)):
            continue
        if not black_may_play(bd, defender, q):
            continue
        count = _add(ts, level, count, q, 3 * mine + theirs)
    _sort(ts, level, count)
    return count


@njit(cache=True, inline="always")
def _add(ts, level, count, q, score):
    """Append ``q`` with its ``score`` to row ``level``'s move list of ``count`` (while there is room);
    the new count."""
    if count < MAX_MOVES:
        ts.moves[level, count] = q
        ts.scores[level, count] = score
        count += 1
    return count


@njit(cache=True, inline="always")
def _makes_four(grade):
    """Whether a point of this grade (``gomoku_board.point_grade``) makes a four."""
    return grade == GRADE_FOUR or grade == GRADE_FOUR_THREE or grade == GRADE_WIN


@njit(cache=True)
def _sort(ts, level, count):
    """Order the first ``count`` moves of row ``level`` by score, highest first (insertion sort: the
    lists are short)."""
    moves = ts.moves[level]
    scores = ts.scores[level]
    for i in range(1, count):
        m = moves[i]
        s = scores[i]
        j = i - 1
        while j >= 0 and scores[j] < s:
            moves[j + 1] = moves[j]
            scores[j + 1] = scores[j]
            j -= 1
        moves[j + 1] = m
        scores[j + 1] = s


@njit(cache=True)
def _record(ts, level, tail0, tail1):
    """Keep the moves on the stack down to ``level`` and up to two closing moves as the winning line."""
    n = 0
    for k in range(level):
        ts.line[1 + n] = ts.frames[k, _MOVED]
        n += 1
    if tail0 >= 0:
        ts.line[1 + n] = tail0
        n += 1
    if tail1 >= 0:
        ts.line[1 + n] = tail1
        n += 1
    ts.line[0] = n


@njit(cache=True)
def _enter(bd, ts, level, kind, depth, key):
    """Open a node: WIN or FAIL if it is decided at once, else -1 with its moves in row ``level``."""
    none = np.int64(-1)          # typed, not literal: _record is compiled once
    attacker = ts.attacker
    defender = 3 - attacker
    frame = ts.frames[level]
    frame[_KIND] = kind
    frame[_DEPTH] = depth
    frame[_KEY] = key
    frame[_INDEX] = 0
    frame[_RESULT] = -1
    if kind == _OR:
        if bd.tally[attacker, FIVE] > 0:
            if depth < 1:
                return FAIL
            _, five, _ = find_fives(bd, attacker)
            _record(ts, level, five, none)
            return WIN
        if depth < 2:
            return FAIL
        if depth_of(probe(ts.tt_at, ts.tt_mask, key)) >= depth:
            return FAIL
        if bd.tally[defender, FIVE] > 0:
            n, block, _ = find_fives(bd, defender)
            if n >= 2:
                return FAIL
            if not black_may_play(bd, attacker, block):
                return FAIL
            ts.moves[level, 0] = block
            frame[_COUNT] = 1
            return -1
        count = attack_moves(bd, ts, level, attacker, ts.vct, depth)
        if count == 0:
            return FAIL
        frame[_COUNT] = count
        return -1
    if bd.tally[defender, FIVE] > 0:
        return FAIL
    if bd.tally[attacker, FIVE] > 0:
        n, block, second = find_fives(bd, attacker)
        if depth < 1:
            return FAIL
        if n >= 2:
            _record(ts, level, block, second)
            return WIN
        if not black_may_play(bd, defender, block):
            _record(ts, level, none, none)
            return WIN
        ts.moves[level, 0] = block
        frame[_COUNT] = 1
        return -1
    if not ts.vct or depth < 2 or bd.tally[attacker, F4] == 0:
        return FAIL
    if not has_real_open_three(bd, attacker):
        return FAIL
    count = defences(bd, ts, level, attacker)
    if count == 0:
        _record(ts, level, none, none)
        return WIN
    frame[_COUNT] = count
    return -1


@njit(cache=True)
def threat_search(bd, ts, depth, key, defender_first):
    """WIN if ``ts.attacker`` (to move, or with ``defender_first`` after the defender's move) wins by
    threats within ``depth`` own moves (``ts.vct``: open threes too) on the board record ``bd``, FAIL
    if not, ABORTED at ``ts.node_limit`` or ``ts.deadline`` (a ``clock()`` reading); see the module
    notes. ``key`` is the board's Zobrist key; the board is restored."""
    attacker = ts.attacker
    base = key ^ (_VCT_KEY if ts.vct else 0) ^ (np.int64(attacker) * _SIDE_KEY)
    if defender_first:
        base ^= _SIDE_KEY
    level = np.int64(0)          # typed, not literal: _enter is compiled once
    result = _enter(bd, ts, level, np.int64(_AND if defender_first else _OR), depth, base)
    if result >= 0:
        return result
    while True:
        frame = ts.frames[level]
        if frame[_RESULT] < 0 and frame[_INDEX] < frame[_COUNT]:
            ts.nodes += 1
            if ts.nodes >= ts.node_limit or time_up(ts.nodes, _CLOCK_EVERY, ts.deadline):
                ts.timed_out = 1
                for back in range(level - 1, -1, -1):
                    lift(bd, ts.frames[back, _MOVED])
                return ABORTED
            q = ts.moves[level, frame[_INDEX]]
            mover = attacker if frame[_KIND] == _OR else 3 - attacker
            place(bd, q, mover)
            frame[_MOVED] = q
            child_key = frame[_KEY] ^ bd.zobrist[mover, q] ^ _SIDE_KEY
            child_kind = _AND if frame[_KIND] == _OR else _OR
            child_depth = frame[_DEPTH] - 1 if frame[_KIND] == _OR else frame[_DEPTH]
            result = _enter(bd, ts, level + 1, child_kind, child_depth, child_key)
            if result < 0:
                level += 1
                continue
            lift(bd, q)
        else:
            if frame[_RESULT] >= 0:
                result = frame[_RESULT]
            else:
                result = FAIL if frame[_KIND] == _OR else WIN
            if result == FAIL and frame[_KIND] == _OR:
                keep(ts.tt_at, ts.tt_mask, frame[_KEY], pack(FAIL, -1, frame[_DEPTH], 0))
            if level == 0:
                return result
            level -= 1
            frame = ts.frames[level]
            lift(bd, frame[_MOVED])
        # ``result`` is the child's answer for the move at ``frame``.
        if frame[_KIND] == _OR:
            if result == WIN:
                frame[_RESULT] = WIN
        elif result == FAIL:
            frame[_RESULT] = FAIL
        frame[_INDEX] += 1


class OutOfTime(Exception):
    """A principal line was cut off by its deadline."""


def threat_table() -> np.ndarray:
    """An empty table of refuted positions for ``ThreatSearch``."""
    return keyed_table(THREAT_TT_BITS)


class ThreatSearch:
    """The threat search's record (``THREATS``) over one ``Board``, and its table of refuted positions,
    kept from search to search: ``table`` (from ``threat_table``) may come from an earlier search of
    the same board size and rule, whose refutations still hold (a bot keeps it from move to move)."""

    def __init__(self, board, table: np.ndarray | None = None) -> None:
        self.board = board
        self._tt = threat_table() if table is None else table
        self._record = np.zeros(1, THREATS)
        self.record = self._record[0]
        ts = self.record
        ts["tt_at"], ts["tt_mask"] = address_of(self._tt), (1 << THREAT_TT_BITS) - 1
        self.line = ts["line"]
        self.nodes = 0

    def search(self, attacker: int, vct: bool, depth: int, node_limit: int, deadline: float,
               defender_first: bool = False) -> int:
        """One ``threat_search`` at ``depth``: WIN, FAIL or ABORTED."""
        b = self.board
        ts = self.record
        ts["nodes"], ts["node_limit"], ts["timed_out"] = 0, node_limit, 0
        ts["deadline"], ts["attacker"], ts["vct"] = deadline, attacker, int(vct)
        result = threat_search(b.record, ts, min(depth, MAX_LEVELS // 2 - 2), np.int64(b.key), defender_first)
        self.nodes += int(ts["nodes"])
        return int(result)

    def prove(self, attacker: int, vct: bool, max_depth: int, node_limit: int, deadline: float
              ) -> tuple[int, list[int]] | None:
        """The shortest threat win of ``attacker`` (to move) up to ``max_depth`` own moves:
        ``(moves to the five, the line as rules points)``, or ``None`` if none was found
        (none exists within the depth, or the node limit or deadline came first). The table of
        refuted positions is kept from call to call: a refutation holds whatever the root."""
        for depth in range(1, max_depth + 1):
            result = self.search(attacker, vct, depth, node_limit, deadline)
            if result == WIN:
                size = self.board.size
                return depth, [to_point(size, int(q)) for q in self.line[1:1 + int(self.line[0])]]
            if result == ABORTED:
                return None
        return None

    def compile_kernels(self) -> None:
        """Have numba compile (or load from its disk cache) every kernel this object runs, with the
        argument types its methods pass: the search, and the move lists and fives ``principal_line``
        reads. A few nodes on the board, which is left as it was."""
        b = self.board
        far = clock() + 60.0
        self.search(BLACK, True, 2, 64, far)
        self.search(BLACK, True, 2, 64, far, True)
        attack_moves(b.record, self.record, 0, BLACK, 1, 3)
        defences(b.record, self.record, 0, BLACK)
        count, first, _ = find_fives(b.record, BLACK)
        point = first if count else int(b.points[len(b.points) // 2])
        black_may_play(b.record, BLACK, point)
        self.nodes = 0

    def principal_line(self, attacker: int, vct: bool, depth: int, deadline: float) -> list[int] | None:
        """The line of ``attacker``'s proven win in ``depth`` own moves along which the defender holds
        out longest (each defence the one that needs the most attacker moves to beat), as rules
        points; ``None`` if the deadline comes first. With a VCF it is the one forced line."""
        b = self.board
        size = b.size
        defender = 3 - attacker
        moves = self.record["moves"][0]
        line: list[int] = []
        left = depth
        try:
            while left > 0:
                fives = self._fives(attacker)
                if fives:
                    return line + [to_point(size, fives[0])]
                blocks = self._fives(defender)
                if blocks:
                    options = blocks[:1]
                else:
                    count = attack_moves(b.record, self.record, 0, attacker, int(vct), left)
                    options = [int(m) for m in moves[:count]]
                chosen = next((m for m in options if self._wins_after(m, attacker, vct, left - 1, deadline, True)),
                              None)
                if chosen is None:
                    return None
                self._play(chosen, attacker, line)
                left -= 1
                fives = self._fives(attacker)
                if len(fives) >= 2:
                    return line + [to_point(size, fives[0]), to_point(size, fives[1])]
                if fives and not black_may_play(b.record, defender, fives[0]):
                    return line
                if fives:
                    options = fives
                else:
                    count = defences(b.record, self.record, 0, attacker)
                    options = [int(m) for m in moves[:count]]
                    if not options:
                        return line
                longest, hardest = -1, -1
                for d in options:
                    need = next((n for n in range(1, left + 1) if self._wins_after(d, defender, vct, n, deadline,
                                                                                   False)), None)
                    if need is None:
                        return None
                    if need > longest:
                        longest, hardest = need, d
                self._play(hardest, defender, line)
                left = longest
            return None
        except OutOfTime:
            return None
        finally:
            for point in reversed(line):
                b.lift(point)

    def _wins_after(self, padded: int, colour: int, vct: bool, depth: int, deadline: float,
                    defender_first: bool) -> bool:
        """Whether the attacker wins within ``depth`` once ``colour`` has played ``padded``."""
        if clock() > deadline:
            raise OutOfTime("the deadline passed")
        point = to_point(self.board.size, padded)
        self.board.place(point, colour)
        attacker = colour if defender_first else 3 - colour
        result = self.search(attacker, vct, depth, 1 << 40, deadline, defender_first)
        self.board.lift(point)
        if result == ABORTED:
            raise OutOfTime("the deadline passed")
        return result == WIN

    def _play(self, padded: int, colour: int, line: list[int]) -> None:
        point = to_point(self.board.size, padded)
        self.board.place(point, colour)
        line.append(point)

    def _fives(self, colour: int) -> list[int]:
        """The padded points where ``colour`` makes five now."""
        count, first, second = find_fives(self.board.record, colour)
        return [int(q) for q in (first, second)[:count]]

