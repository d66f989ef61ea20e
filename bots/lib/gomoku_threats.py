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
"""
from __future__ import annotations

import time

import numpy as np
from numba import njit, objmode

from bots.lib.gomoku_board import (BLACK, EMPTY, F4, FIVE, GRADE, GRADE_DOUBLE_THREE, GRADE_FOUR,
                                   GRADE_FOUR_THREE, GRADE_THREE, GRADE_WIN, RENJU, forbidden, lift,
                                   may_be_forbidden_by_pattern, place, to_point)

WIN, FAIL, ABORTED = 1, 0, -1
MAX_LEVELS = 96
MAX_MOVES = 128
#: Fields of ``stats``: nodes searched, the node limit, the deadline passed.
NODES, NODE_LIMIT, TIMED_OUT = 0, 1, 2
THREAT_TT_BITS = 18
_OR, _AND = 0, 1
(_KIND, _DEPTH, _COUNT, _INDEX, _MOVED, _KEY, _RESULT) = range(7)
FRAME_FIELDS = 8
_SIDE_KEY = np.int64(0x2545F4914F6CDD1D)
_VCT_KEY = np.int64(0x1B873593CC9E2D51)
_CLOCK_EVERY = 1023
#: The attacker's threats by grade, tried strongest first: an open four or two fours, a four-three,
#: two open threes, a four, an open three.
ATTACK_ORDER = np.array([0, 300, 400, 700, 900, 1000], np.int64)


@njit(cache=True)
def clock():
    """``time.perf_counter()`` from inside a kernel."""
    with objmode(now="float64"):
        now = time.perf_counter()
    return now


@njit(cache=True)
def find_fives(cells, pats, points, colour, out):
    """The empty points where ``colour`` makes five, into ``out`` (at most two); how many."""
    count = 0
    for i in range(points.shape[0]):
        q = points[i]
        if cells[q] != EMPTY:
            continue
        if pats[colour, 0, q] == FIVE or pats[colour, 1, q] == FIVE or \
                pats[colour, 2, q] == FIVE or pats[colour, 3, q] == FIVE:
            out[count] = q
            count += 1
            if count == 2:
                break
    return count


@njit(cache=True)
def black_may_play(cells, pats, offsets, work, rule, colour, q):
    """Whether ``colour`` may play the empty ``q``: always, but for Black's forbidden points under Renju."""
    if rule != RENJU or colour != BLACK:
        return True
    if not may_be_forbidden_by_pattern(pats, q):
        return True
    return not forbidden(cells, offsets, q, work)


@njit(cache=True)
def _has_real_open_three(cells, pats, points, offsets, work, rule, colour):
    """Whether ``colour`` has a point that makes an open four (and, for Black under Renju, may play it)."""
    for i in range(points.shape[0]):
        q = points[i]
        if cells[q] != EMPTY:
            continue
        if pats[colour, 0, q] == F4 or pats[colour, 1, q] == F4 or \
                pats[colour, 2, q] == F4 or pats[colour, 3, q] == F4:
            if black_may_play(cells, pats, offsets, work, rule, colour, q):
                return True
    return False


@njit(cache=True)
def _attack_moves(cells, pats, near, points, offsets, work, rule, attacker, vct, depth, moves, scores):
    """The attacker's threats (fours; open threes too in a VCT with depth for them), strongest first."""
    count = 0
    defender = 3 - attacker
    for i in range(points.shape[0]):
        q = points[i]
        if cells[q] != EMPTY or near[q] == 0:
            continue
        grade = pats[attacker, GRADE, q]
        if not (_makes_four(grade) or (vct and depth >= 3 and (grade == GRADE_THREE or grade == GRADE_DOUBLE_THREE))):
            continue
        if not black_may_play(cells, pats, offsets, work, rule, attacker, q):
            continue
        score = ATTACK_ORDER[grade]
        for d in range(4):
            score += pats[defender, d, q] + 2 * pats[attacker, d, q]
        count = _add(moves, scores, count, q, score)
    _sort(moves, scores, count)
    return count


@njit(cache=True)
def _defences(cells, pats, near, points, offsets, work, rule, attacker, moves, scores):
    """Against an open three: the points where the attacker would make a four, and the defender's own fours."""
    count = 0
    defender = 3 - attacker
    for i in range(points.shape[0]):
        q = points[i]
        if cells[q] != EMPTY or near[q] == 0:
            continue
        mine = pats[attacker, GRADE, q]
        theirs = pats[defender, GRADE, q]
        if not (_makes_four(mine) or _makes_four(theirs)):
            continue
        if not black_may_play(cells, pats, offsets, work, rule, defender, q):
            continue
        count = _add(moves, scores, count, q, 3 * mine + theirs)
    _sort(moves, scores, count)
    return count


@njit(cache=True)
def _add(moves, scores, count, q, score):
    """Append ``q`` with its ``score`` to a move list of ``count`` (while there is room); the new count."""
    if count < MAX_MOVES:
        moves[count] = q
        scores[count] = score
        count += 1
    return count


@njit(cache=True)
def _makes_four(grade):
    """Whether a point of this grade (``gomoku_board.point_grade``) makes a four."""
    return grade == GRADE_FOUR or grade == GRADE_FOUR_THREE or grade == GRADE_WIN


@njit(cache=True)
def _sort(moves, scores, count):
    """Order the first ``count`` moves by score, highest first (insertion sort: the lists are short)."""
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
def _record(line, frames, level, tail0, tail1):
    """Keep the moves on the stack down to ``level`` and up to two closing moves as the winning line."""
    n = 0
    for k in range(level):
        line[1 + n] = frames[k, _MOVED]
        n += 1
    if tail0 >= 0:
        line[1 + n] = tail0
        n += 1
    if tail1 >= 0:
        line[1 + n] = tail1
        n += 1
    line[0] = n


@njit(cache=True)
def _enter(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
           attacker, vct, tt_keys, tt_depths, moves, scores, frames, line, fives, level, kind, depth, key):
    """Open a node: WIN or FAIL if it is decided at once, else -1 with its moves in ``moves[level]``."""
    defender = 3 - attacker
    frame = frames[level]
    frame[_KIND] = kind
    frame[_DEPTH] = depth
    frame[_KEY] = key
    frame[_INDEX] = 0
    frame[_RESULT] = -1
    row = moves[level]
    if kind == _OR:
        if tally[attacker, FIVE] > 0:
            if depth < 1:
                return FAIL
            find_fives(cells, pats, points, attacker, fives)
            _record(line, frames, level, fives[0], -1)
            return WIN
        if depth < 2:
            return FAIL
        mask = tt_keys.shape[0] - 1
        slot = key & mask
        if tt_keys[slot] == key and tt_depths[slot] >= depth:
            return FAIL
        if tally[defender, FIVE] > 0:
            if find_fives(cells, pats, points, defender, fives) >= 2:
                return FAIL
            block = fives[0]
            if not black_may_play(cells, pats, offsets, work, rule, attacker, block):
                return FAIL
            row[0] = block
            frame[_COUNT] = 1
            return -1
        count = _attack_moves(cells, pats, near, points, offsets, work, rule, attacker, vct, depth, row,
                              scores[level])
        if count == 0:
            return FAIL
        frame[_COUNT] = count
        return -1
    if tally[defender, FIVE] > 0:
        return FAIL
    if tally[attacker, FIVE] > 0:
        n = find_fives(cells, pats, points, attacker, fives)
        if depth < 1:
            return FAIL
        if n >= 2:
            _record(line, frames, level, fives[0], fives[1])
            return WIN
        block = fives[0]
        if not black_may_play(cells, pats, offsets, work, rule, defender, block):
            _record(line, frames, level, -1, -1)
            return WIN
        row[0] = block
        frame[_COUNT] = 1
        return -1
    if not vct or depth < 2 or tally[attacker, F4] == 0:
        return FAIL
    if not _has_real_open_three(cells, pats, points, offsets, work, rule, attacker):
        return FAIL
    count = _defences(cells, pats, near, points, offsets, work, rule, attacker, row, scores[level])
    if count == 0:
        _record(line, frames, level, -1, -1)
        return WIN
    frame[_COUNT] = count
    return -1


@njit(cache=True)
def threat_search(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
                  attacker, vct, depth, key, tt_keys, tt_depths, moves, scores, frames, line, stats, deadline,
                  defender_first):
    """WIN if the attacker (to move, or with ``defender_first`` after the defender's move) wins by
    threats within ``depth`` own moves, FAIL if not, ABORTED at the node limit or ``deadline`` (a
    ``clock()`` reading); see the module notes. ``key`` is the board's Zobrist key; the board is
    restored."""
    fives = np.zeros(2, np.int64)
    base = key ^ (_VCT_KEY if vct else 0) ^ (np.int64(attacker) * _SIDE_KEY)
    if defender_first:
        base ^= _SIDE_KEY
    result = _enter(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
                    attacker, vct, tt_keys, tt_depths, moves, scores, frames, line, fives, 0,
                    _AND if defender_first else _OR, depth, base)
    if result >= 0:
        return result
    level = 0
    mask = tt_keys.shape[0] - 1
    while True:
        frame = frames[level]
        if frame[_RESULT] < 0 and frame[_INDEX] < frame[_COUNT]:
            stats[NODES] += 1
            if stats[NODES] >= stats[NODE_LIMIT] or (
                    stats[NODES] & _CLOCK_EVERY == 0 and clock() > deadline):
                stats[TIMED_OUT] = 1
                for back in range(level - 1, -1, -1):
                    lift(cells, keys, pats, near, tally, table, values, offsets, frames[back, _MOVED])
                return ABORTED
            q = moves[level, frame[_INDEX]]
            mover = attacker if frame[_KIND] == _OR else 3 - attacker
            place(cells, keys, pats, near, tally, table, values, offsets, q, mover)
            frame[_MOVED] = q
            child_key = frame[_KEY] ^ zobrist[mover, q] ^ _SIDE_KEY
            child_kind = _AND if frame[_KIND] == _OR else _OR
            child_depth = frame[_DEPTH] - 1 if frame[_KIND] == _OR else frame[_DEPTH]
            result = _enter(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
                            attacker, vct, tt_keys, tt_depths, moves, scores, frames, line, fives, level + 1,
                            child_kind, child_depth, child_key)
            if result < 0:
                level += 1
                continue
            lift(cells, keys, pats, near, tally, table, values, offsets, q)
        else:
            if frame[_RESULT] >= 0:
                result = frame[_RESULT]
            else:
                result = FAIL if frame[_KIND] == _OR else WIN
            if result == FAIL and frame[_KIND] == _OR:
                slot = frame[_KEY] & mask
                tt_keys[slot] = frame[_KEY]
                tt_depths[slot] = frame[_DEPTH]
            if level == 0:
                return result
            level -= 1
            frame = frames[level]
            lift(cells, keys, pats, near, tally, table, values, offsets, frame[_MOVED])
        # ``result`` is the child's answer for the move at ``frame``.
        if frame[_KIND] == _OR:
            if result == WIN:
                frame[_RESULT] = WIN
        elif result == FAIL:
            frame[_RESULT] = FAIL
        frame[_INDEX] += 1


class OutOfTime(Exception):
    """A principal line was cut off by its deadline."""


class ThreatSearch:
    """The arrays of the threat search over one ``Board``, kept from search to search."""

    def __init__(self, board) -> None:
        self.board = board
        self.tt_keys = np.zeros(1 << THREAT_TT_BITS, np.int64)
        self.tt_depths = np.zeros(1 << THREAT_TT_BITS, np.int64)
        self.moves = np.zeros((MAX_LEVELS, MAX_MOVES), np.int64)
        self.scores = np.zeros((MAX_LEVELS, MAX_MOVES), np.int64)
        self.frames = np.zeros((MAX_LEVELS, FRAME_FIELDS), np.int64)
        self.line = np.zeros(MAX_LEVELS + 4, np.int64)
        self.stats = np.zeros(3, np.int64)
        self.nodes = 0

    def search(self, attacker: int, vct: bool, depth: int, node_limit: int, deadline: float,
               defender_first: bool = False) -> int:
        """One ``threat_search`` at ``depth``: WIN, FAIL or ABORTED."""
        b = self.board
        self.stats[:] = 0
        self.stats[NODE_LIMIT] = node_limit
        result = threat_search(b.cells, b.keys, b.pats, b.near, b.tally, b.table, b.values, b.offsets, b.zobrist,
                               b.points, b.work, b.rule_code, attacker, vct, min(depth, MAX_LEVELS // 2 - 2),
                               np.int64(b.key), self.tt_keys, self.tt_depths, self.moves, self.scores, self.frames,
                               self.line, self.stats, deadline, defender_first)
        self.nodes += int(self.stats[NODES])
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

    def principal_line(self, attacker: int, vct: bool, depth: int, deadline: float) -> list[int] | None:
        """The line of ``attacker``'s proven win in ``depth`` own moves along which the defender holds
        out longest (each defence the one that needs the most attacker moves to beat), as rules
        points; ``None`` if the deadline comes first. With a VCF it is the one forced line."""
        b = self.board
        size = b.size
        defender = 3 - attacker
        moves = np.zeros(MAX_MOVES, np.int64)
        scores = np.zeros(MAX_MOVES, np.int64)
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
                    count = _attack_moves(b.cells, b.pats, b.near, b.points, b.offsets, b.work, b.rule_code,
                                          attacker, vct, left, moves, scores)
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
                if fives and not black_may_play(b.cells, b.pats, b.offsets, b.work, b.rule_code, defender,
                                                fives[0]):
                    return line
                if fives:
                    options = fives
                else:
                    count = _defences(b.cells, b.pats, b.near, b.points, b.offsets, b.work, b.rule_code, attacker,
                                      moves, scores)
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
        out = np.zeros(2, np.int64)
        b = self.board
        return [int(q) for q in out[:find_fives(b.cells, b.pats, b.points, colour, out)]]

