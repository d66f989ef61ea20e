"""Gomoku's alpha-beta search (numba): PVS with a transposition table over the incremental pattern board.

The position lives in a ``gomoku_board.Board``; this module adds the
search's arrays (``Search``) and the kernels:

* Scores are from the side to move. A five made at ply ``p`` from the
  root scores ``WIN - p``; evaluations stay inside ``WIN_BOUND``.
* A node first looks for a five of its own (a win), then for the
  opponent's: two points that make the opponent five lose, one is the
  only move (searched without using up depth: a forced reply extends the
  search). At the horizon the evaluation is the difference of the two
  sides' summed pattern values (kept by the board as stones come and go,
  valued by the board's ``values``), with terms (``params``) for the tempo,
  the double threat the side to move can make next (an open three will
  become an open four) and the one the opponent could make.
* Moves: the empty points within two of a stone, scored by what they make
  for either side (fives, fours, threes over four lines, the board's
  pattern values), Black's forbidden points left out under Renju; the
  ``width`` best are searched, the table's move and two killer moves
  first, then the history heuristic. With ``prune`` (Master), a side facing
  an open three searches only the points where the three's owner would
  make a four and its own fours: every other move loses to the open four.
  With ``reduce`` (Master), quiet moves (no three or four for either side
  there) from the fourth on are searched a ply shallower first, and again
  at full depth only if they beat the best so far (late-move reductions).
* The search loop runs on an explicit stack of frames (numba's cache does
  not reload self-recursive functions reliably); the recursion passes
  integers and the arrays stay put in ``Search``. Once ``stats[NODES]``
  passes ``stats[NODE_LIMIT]`` or the clock passes the deadline, the
  search unwinds and sets ``stats[ABORTED]``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from bots.lib.gomoku_board import (B4, BLACK, EMPTY, F4, FIVE, GRADE, GRADE_COUNT, GRADE_DOUBLE_THREE,
                                   GRADE_FOUR_THREE, GRADE_WIN, RENJU, SUM, lift, place)
from bots.lib.gomoku_threats import black_may_play, clock, find_fives

WIN = 1_000_000
INF = 10_000_000
WIN_BOUND = WIN - 1000
MAX_PLY = 96
MAX_MOVES = 64
TT_BITS = 20
EXACT, LOWER, UPPER = 0, 1, 2
#: Fields of ``stats``.
NODES, NODE_LIMIT, ABORTED, MAX_LEVEL = 0, 1, 2, 3
#: Fields of ``params``: moves searched per node, threat pruning on (1) or off, late-move reductions on or off,
#: then the evaluation's terms (``EVAL_TERMS``, from ``EVAL``).
WIDTH, PRUNE, REDUCE, EVAL = 0, 1, 2, 3
#: How a frame's current move is being searched (``F_NULL``): full window, null window, null window a ply
#: shallower (a quiet move from the ``REDUCE_FROM``-th on, re-searched at full depth if it beats alpha).
FULL_WINDOW, NULL_WINDOW, REDUCED = 0, 1, 2
REDUCE_FROM = 3
#: Fields of a frame (one row of ``frames`` per ply of the explicit stack).
(F_ALPHA, F_BETA, F_ALPHA0, F_BEST, F_BEST_MOVE, F_INDEX, F_COUNT, F_DEPTH, F_CHILD_DEPTH, F_COLOUR, F_MOVED,
 F_KEY, F_NULL, F_FORCED, F_FILLED) = range(15)
FRAME_FIELDS = 16
#: Evaluation terms (``evaluate``), in ``params`` from ``EVAL``: the side to move's tempo; the double threat
#: it can make next (an open four or two fours, a win unless the opponent has fours; a four-three; two open
#: threes); and the opponent's, which the mover must meet first (an open four point, a four-three, two
#: open threes).
(TEMPO, WIN_NEXT, FOUR_THREE_NEXT, DOUBLE_THREE_NEXT, THEIR_WIN_NEXT, THEIR_FOUR_THREE_NEXT,
 THEIR_DOUBLE_THREE_NEXT) = range(7)
EVAL_TERMS = 7
#: Hand-set terms: the mover's tempo and its next double threat only.
HAND_TERMS = np.array([30, 3000, 1500, 700, 0, 0, 0], np.int64)
#: Move-ordering bonuses by threat grade (``gomoku_board.point_grade``) for the mover and for blocking.
ATTACK_BONUS = np.array([0, 300, 500, 3000, 8000, 30000], np.int64)
DEFENCE_BONUS = np.array([0, 250, 400, 2500, 6000, 20000], np.int64)
_CLOCK_EVERY = 1023


@njit(cache=True)
def move_score(pats, values, colour, q):
    """The ordering score of ``colour`` playing ``q``: its own threats and those it blocks (by the
    points' grades, ``gomoku_board.point_grade``) and the pattern values of both sides there."""
    other = 3 - colour
    score = ATTACK_BONUS[pats[colour, GRADE, q]] + DEFENCE_BONUS[pats[other, GRADE, q]]
    for d in range(4):
        score += values[pats[colour, d, q]] + values[pats[other, d, q]]
    return score


@njit(cache=True)
def evaluate(tally, colour, params):
    """The static value of the position for ``colour``, to move (no five-point on the board): the
    difference of the two sides' pattern sums, the mover's tempo and the double threats either side
    can make next, weighed by the terms in ``params`` (see ``EVAL_TERMS``)."""
    other = 3 - colour
    value = tally[colour, SUM] - tally[other, SUM] + params[EVAL + TEMPO]
    if tally[colour, GRADE_COUNT + GRADE_WIN] > 0:
        value += params[EVAL + WIN_NEXT]
    elif tally[colour, GRADE_COUNT + GRADE_FOUR_THREE] > 0:
        value += params[EVAL + FOUR_THREE_NEXT]
    elif tally[colour, GRADE_COUNT + GRADE_DOUBLE_THREE] > 0:
        value += params[EVAL + DOUBLE_THREE_NEXT]
    if tally[other, GRADE_COUNT + GRADE_WIN] > 0:
        value -= params[EVAL + THEIR_WIN_NEXT]
    if tally[other, GRADE_COUNT + GRADE_FOUR_THREE] > 0:
        value -= params[EVAL + THEIR_FOUR_THREE_NEXT]
    if tally[other, GRADE_COUNT + GRADE_DOUBLE_THREE] > 0:
        value -= params[EVAL + THEIR_DOUBLE_THREE_NEXT]
    return value


@njit(cache=True)
def _facing_open_three(cells, pats, points, offsets, work, rule, colour):
    """Whether ``colour``'s opponent has an open three it may turn into an open four."""
    other = 3 - colour
    for i in range(points.shape[0]):
        q = points[i]
        if cells[q] != EMPTY:
            continue
        if pats[other, 0, q] == F4 or pats[other, 1, q] == F4 or pats[other, 2, q] == F4 or pats[other, 3, q] == F4:
            if black_may_play(cells, pats, offsets, work, rule, other, q):
                return True
    return False


@njit(cache=True)
def generate(cells, pats, near, tally, values, points, offsets, work, rule, colour, history, width, prune,
             first, killer0, killer1, moves, scores):
    """The ``width`` best moves of ``colour`` into ``moves`` (best first); how many.

    ``first`` (the table's move) and the two killers go first when they are
    among the candidates. See the module notes for the candidates and ``prune``.
    """
    other = 3 - colour
    pruning = prune and tally[other, F4] > 0 and _facing_open_three(cells, pats, points, offsets, work, rule,
                                                                      colour)
    count = 0
    for i in range(points.shape[0]):
        q = points[i]
        if cells[q] != EMPTY or near[q] == 0:
            continue
        if pruning:
            keep = False
            for d in range(4):
                mine = pats[colour, d, q]
                theirs = pats[other, d, q]
                if mine == F4 or mine == B4 or theirs == F4 or theirs == B4:
                    keep = True
                    break
            if not keep:
                continue
        score = move_score(pats, values, colour, q) + history[colour, q]
        if q == first:
            score += 1 << 40
        elif q == killer0:
            score += 1 << 36
        elif q == killer1:
            score += 1 << 35
        if count == width and score <= scores[count - 1]:
            continue
        if rule == RENJU and colour == BLACK and not black_may_play(cells, pats, offsets, work, rule, colour, q):
            continue
        j = count if count < width else width - 1
        while j > 0 and scores[j - 1] < score:
            moves[j] = moves[j - 1]
            scores[j] = scores[j - 1]
            j -= 1
        moves[j] = q
        scores[j] = score
        if count < width:
            count += 1
    return count


@njit(cache=True)
def _to_tt(score, ply):
    if score > WIN_BOUND:
        return score + ply
    if score < -WIN_BOUND:
        return score - ply
    return score


@njit(cache=True)
def _from_tt(score, ply):
    if score > WIN_BOUND:
        return score - ply
    if score < -WIN_BOUND:
        return score + ply
    return score


@njit(cache=True)
def _enter(cells, pats, near, tally, values, points, offsets, work, rule, tt, killers, history, params,
           moves, scores, frames, fives, level, ply, colour, depth, alpha, beta, key, filled):
    """Open a node: ``(True, value)`` if it is decided without trying moves, else ``(False, 0)``
    with its frame and ordered moves ready."""
    other = 3 - colour
    if tally[colour, FIVE] > 0:
        return True, WIN - (ply + 1)
    frame = frames[level]
    forced = False
    if tally[other, FIVE] > 0:
        if find_fives(cells, pats, points, other, fives) >= 2:
            return True, -(WIN - (ply + 2))
        if not black_may_play(cells, pats, offsets, work, rule, colour, fives[0]):
            return True, -(WIN - (ply + 2))
        forced = True
    elif filled >= points.shape[0]:
        return True, 0
    elif depth <= 0:
        return True, evaluate(tally, colour, params)
    slot = key & (tt.shape[0] - 1)
    tt_move = -1
    if tt[slot, 0] == key:
        tt_move = tt[slot, 3]
        if tt[slot, 2] >> 2 >= depth:
            value = _from_tt(tt[slot, 1], ply)
            flag = tt[slot, 2] & 3
            if flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha):
                return True, value
    row = moves[level]
    if forced:
        row[0] = fives[0]
        count = 1
        frame[F_CHILD_DEPTH] = depth
    else:
        count = generate(cells, pats, near, tally, values, points, offsets, work, rule, colour, history,
                         params[WIDTH], params[PRUNE], tt_move, killers[level, 0], killers[level, 1], row,
                         scores[level])
        if count == 0:
            return True, 0
        frame[F_CHILD_DEPTH] = depth - 1
    frame[F_ALPHA] = alpha
    frame[F_BETA] = beta
    frame[F_ALPHA0] = alpha
    frame[F_BEST] = -INF
    frame[F_BEST_MOVE] = row[0]
    frame[F_INDEX] = 0
    frame[F_COUNT] = count
    frame[F_DEPTH] = depth
    frame[F_COLOUR] = colour
    frame[F_KEY] = key
    frame[F_FORCED] = 1 if forced else 0
    frame[F_FILLED] = filled
    return False, 0


@njit(cache=True)
def negamax(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
            tt, killers, history, params, moves, scores, frames, stats, deadline,
            colour, depth, alpha, beta, key, filled, root_ply):
    """The value for ``colour`` (to move) searching ``depth`` more plies; see the module notes."""
    fives = np.zeros(2, np.int64)
    done, value = _enter(cells, pats, near, tally, values, points, offsets, work, rule, tt, killers, history,
                         params, moves, scores, frames, fives, 0, root_ply, colour, depth,
                         alpha, beta, key, filled)
    if done:
        return value
    level = 0
    mask = tt.shape[0] - 1
    while True:
        frame = frames[level]
        if frame[F_INDEX] < frame[F_COUNT]:
            stats[NODES] += 1
            if stats[NODES] >= stats[NODE_LIMIT] or (stats[NODES] & _CLOCK_EVERY == 0 and clock() > deadline):
                stats[ABORTED] = 1
                for back in range(level - 1, -1, -1):
                    lift(cells, keys, pats, near, tally, table, values, offsets, frames[back, F_MOVED])
                return 0
            mover = frame[F_COLOUR]
            q = moves[level, frame[F_INDEX]]
            place(cells, keys, pats, near, tally, table, values, offsets, q, mover)
            frame[F_MOVED] = q
            child_depth = frame[F_CHILD_DEPTH]
            if frame[F_INDEX] == 0 or frame[F_FORCED]:
                frame[F_NULL] = FULL_WINDOW
                low, high = -frame[F_BETA], -frame[F_ALPHA]
            else:
                frame[F_NULL] = NULL_WINDOW
                low, high = -frame[F_ALPHA] - 1, -frame[F_ALPHA]
                if (params[REDUCE] and frame[F_INDEX] >= REDUCE_FROM and child_depth >= 2
                        and pats[mover, GRADE, q] == 0 and pats[3 - mover, GRADE, q] == 0):
                    frame[F_NULL] = REDUCED
                    child_depth -= 1
            if level + 1 >= MAX_PLY - 1:
                done, value = True, evaluate(tally, 3 - mover, params)
            else:
                done, value = _enter(cells, pats, near, tally, values, points, offsets, work, rule, tt, killers,
                                     history, params, moves, scores, frames, fives, level + 1,
                                     root_ply + level + 1, 3 - mover, child_depth, low, high,
                                     frame[F_KEY] ^ zobrist[mover, q], frame[F_FILLED] + 1)
            if not done:
                level += 1
                if level > stats[MAX_LEVEL]:
                    stats[MAX_LEVEL] = level
                continue
        else:
            best = frame[F_BEST]
            slot = frame[F_KEY] & mask
            if frame[F_DEPTH] >= tt[slot, 2] >> 2 or tt[slot, 0] != frame[F_KEY]:
                tt[slot, 0] = frame[F_KEY]
                tt[slot, 1] = _to_tt(best, root_ply + level)
                flag = EXACT
                if best <= frame[F_ALPHA0]:
                    flag = UPPER
                elif best >= frame[F_BETA]:
                    flag = LOWER
                tt[slot, 2] = (frame[F_DEPTH] << 2) | flag
                tt[slot, 3] = frame[F_BEST_MOVE]
            value = best
            if level == 0:
                return value
            level -= 1
            frame = frames[level]
        # ``value`` is the child's result for the move at ``frame`` (still on the board).
        q = frame[F_MOVED]
        mover = frame[F_COLOUR]
        result = -value
        if frame[F_NULL] == REDUCED and result > frame[F_ALPHA]:
            frame[F_NULL] = NULL_WINDOW
            done, value = _enter(cells, pats, near, tally, values, points, offsets, work, rule, tt, killers,
                                 history, params, moves, scores, frames, fives, level + 1, root_ply + level + 1,
                                 3 - mover, frame[F_CHILD_DEPTH], -frame[F_ALPHA] - 1, -frame[F_ALPHA],
                                 frame[F_KEY] ^ zobrist[mover, q], frame[F_FILLED] + 1)
            if not done:
                level += 1
                continue
            result = -value
        if frame[F_NULL] == NULL_WINDOW and frame[F_ALPHA] < result < frame[F_BETA]:
            frame[F_NULL] = FULL_WINDOW
            done, value = _enter(cells, pats, near, tally, values, points, offsets, work, rule, tt, killers,
                                 history, params, moves, scores, frames, fives, level + 1, root_ply + level + 1,
                                 3 - mover, frame[F_CHILD_DEPTH], -frame[F_BETA], -frame[F_ALPHA],
                                 frame[F_KEY] ^ zobrist[mover, q], frame[F_FILLED] + 1)
            if not done:
                level += 1
                continue
            result = -value
        lift(cells, keys, pats, near, tally, table, values, offsets, q)
        if result > frame[F_BEST]:
            frame[F_BEST] = result
            frame[F_BEST_MOVE] = q
        if result > frame[F_ALPHA]:
            frame[F_ALPHA] = result
        if frame[F_ALPHA] >= frame[F_BETA]:
            if not frame[F_FORCED]:
                if q != killers[level, 0]:
                    killers[level, 1] = killers[level, 0]
                    killers[level, 0] = q
                history[mover, q] += frame[F_DEPTH] * frame[F_DEPTH]
            frame[F_INDEX] = frame[F_COUNT]
        else:
            frame[F_INDEX] += 1


@njit(cache=True)
def search_root(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
                tt, killers, history, params, moves, scores, frames, stats, deadline,
                colour, depth, key, filled, root_moves, root_values, exact):
    """Search each of ``root_moves`` (padded points, in order) to ``depth`` plies; the index of the best.

    ``root_values[i]`` gets move i's score: exact for every move with
    ``exact`` (a full window each, for analysis), else exact for the best
    and a bound for the others (PVS). On abort, the best of the moves
    finished so far (-1 if none).
    """
    alpha = -INF
    best = -INF
    best_index = -1
    for i in range(root_moves.shape[0]):
        q = root_moves[i]
        place(cells, keys, pats, near, tally, table, values, offsets, q, colour)
        child_key = key ^ zobrist[colour, q]
        if exact or i == 0:
            value = -negamax(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
                             tt, killers, history, params, moves, scores, frames, stats, deadline,
                             3 - colour, depth - 1, -INF, INF if exact else -alpha, child_key, filled + 1, 1)
        else:
            value = -negamax(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work, rule,
                             tt, killers, history, params, moves, scores, frames, stats, deadline,
                             3 - colour, depth - 1, -alpha - 1, -alpha, child_key, filled + 1, 1)
            if value > alpha and not stats[ABORTED]:
                value = -negamax(cells, keys, pats, near, tally, table, values, offsets, zobrist, points, work,
                                 rule, tt, killers, history, params, moves, scores, frames, stats, deadline,
                                 3 - colour, depth - 1, -INF, -alpha, child_key, filled + 1, 1)
        lift(cells, keys, pats, near, tally, table, values, offsets, q)
        if stats[ABORTED]:
            return best_index
        root_values[i] = value
        if value > best:
            best = value
            best_index = i
        if value > alpha:
            alpha = value
    return best_index


@njit(cache=True)
def root_candidates(cells, pats, near, tally, values, points, offsets, work, rule, colour, history, width, prune,
                    moves, scores):
    """The root's moves, as a node's (``generate``) but ``width`` of them, with no table move."""
    return generate(cells, pats, near, tally, values, points, offsets, work, rule, colour, history, width, prune,
                    -1, -1, -1, moves, scores)


class Search:
    """The alpha-beta search's arrays over one ``Board``: table, killers, history, move lists and frames.

    The table lives as long as the object, so the depths of one move's
    iterative deepening share it.
    """

    def __init__(self, board, width: int, prune: bool, reduce: bool = False,
                 terms: np.ndarray = HAND_TERMS) -> None:
        self.board = board
        self.tt = np.zeros((1 << TT_BITS, 4), np.int64)
        self.tt[:, 2] = -4
        self.killers = np.full((MAX_PLY, 2), -1, np.int64)
        self.history = np.zeros((3, board.cells.shape[0]), np.int64)
        if len(terms) != EVAL_TERMS:
            raise ValueError(f"the evaluation takes {EVAL_TERMS} terms, got {len(terms)}: {list(terms)}")
        self.params = np.concatenate((np.array([width, int(prune), int(reduce)], np.int64),
                                      np.asarray(terms, np.int64)))
        self.moves = np.zeros((MAX_PLY, MAX_MOVES), np.int64)
        self.scores = np.zeros((MAX_PLY, MAX_MOVES), np.int64)
        self.frames = np.zeros((MAX_PLY, FRAME_FIELDS), np.int64)
        self.stats = np.zeros(4, np.int64)

    def candidates(self, colour: int, width: int) -> list[int]:
        """Up to ``width`` moves of ``colour`` (padded points), best first by the ordering score."""
        b = self.board
        moves = np.zeros(width, np.int64)
        scores = np.zeros(width, np.int64)
        count = root_candidates(b.cells, b.pats, b.near, b.tally, b.values, b.points, b.offsets, b.work,
                                b.rule_code, colour, self.history, width, bool(self.params[PRUNE]), moves, scores)
        return [int(m) for m in moves[:count]]

    def search(self, colour: int, root_moves: list[int], depth: int, deadline: float, node_limit: int,
               exact: bool = False) -> tuple[int, np.ndarray, bool]:
        """One ``search_root`` call: (best index or -1, the moves' values, whether it was cut short)."""
        b = self.board
        self.stats[NODE_LIMIT] = self.stats[NODES] + node_limit
        self.stats[ABORTED] = 0
        moves = np.array(root_moves, np.int64)
        values = np.full(len(root_moves), -INF, np.int64)
        best = search_root(b.cells, b.keys, b.pats, b.near, b.tally, b.table, b.values, b.offsets, b.zobrist,
                           b.points, b.work, b.rule_code, self.tt, self.killers, self.history, self.params,
                           self.moves, self.scores, self.frames, self.stats, deadline, colour, depth,
                           np.int64(b.key), b.stones, moves, values, exact)
        return int(best), values, bool(self.stats[ABORTED])

    @property
    def nodes(self) -> int:
        return int(self.stats[NODES])
