"""Gomoku's alpha-beta search (numba): PVS with a transposition table over the incremental pattern board.

The position lives in a ``gomoku_board.Board``'s record; this module adds
the search's record (``SEARCH``, held by ``Search``) and the kernels, which
take the two records and integers (``bots/lib/search_state.py``):

* Scores are from the side to move. A five made at ply ``p`` from the
  root scores ``WIN - p``; evaluations stay inside ``WIN_BOUND``.
* A node first looks for a five of its own (a win), then for the
  opponent's: two points that make the opponent five lose, one is the
  only move (searched without using up depth: a forced reply extends the
  search). At the horizon the evaluation is the difference of the two
  sides' summed pattern values (kept by the board as stones come and go,
  valued by the board's ``values``), with terms (``params``) for the tempo,
  the double threat the side to move can make next (an open three will
  become an open four) and the one the opponent could make. With
  ``quiesce`` (Master) a horizon node whose side to move can make a four
  does not stop at that value: it may take it or try its fours (a
  quiescence search; the opponent's forced blocks use no depth, after the
  first four only fours that make more than a four, at most ``quiesce``
  in a row), so a victory by continuous fours past the horizon counts as
  the win it is.
* Moves: the empty points within two of a stone, scored by what they make
  for either side (fives, fours, threes over four lines, the board's
  pattern values), Black's forbidden points left out under Renju; the
  ``width`` best are searched, the table's move and two killer moves
  first, then the history heuristic. With ``prune`` (Master), a side facing
  an open three searches only the points where the three's owner would
  make a four and its own fours: every other move loses to the open four;
  with ``extend`` (Master) too, when they are at most ``extend`` moves,
  the answer uses up no depth, as a four's block does, so a victory by
  threes is seen further ahead.
  With ``reduce``, quiet moves (no three or four for either side there)
  late in a node's order are searched shallower first, by the record's
  ``reductions`` table (by the node's depth and the move's index), and
  again at full depth only if they beat the best so far (late-move
  reductions); a node not facing a threat skips its quiet moves past the
  ``late`` table's count for its depth (move-count pruning), and near the
  horizon those its static value plus a margin cannot lift to alpha
  (futility pruning); a null-window node not facing a threat whose static
  value stands a margin a ply above beta returns it at once (reverse
  futility). Hard's tables are by steps (``step_selectivity``), Master's
  grow with the logarithms of depth and move index (``log_selectivity``).
* The search loop runs on an explicit stack of frames (numba's cache does
  not reload self-recursive functions reliably); a node passes integers and
  the two records, and the transposition table is read by its address, so
  no node counts references. Once the record's ``nodes`` passes its
  ``node_limit`` or the clock passes its ``deadline``, the search unwinds
  and sets ``aborted``.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from bots.lib.gomoku_board import (B4, BLACK, EMPTY, F4, FIVE, GRADE, GRADE_COUNT, GRADE_DOUBLE_THREE,
                                   GRADE_FOUR_THREE, GRADE_WIN, MAX_CELLS, RENJU, SHAPE, SHAPE_COUNT, SHAPE_FOUR_PLUS,
                                   SUM, lift, place)
from bots.lib.gomoku_threats import black_may_play, find_fives, has_real_open_three
from bots.lib.search_state import address_of
from bots.lib.ttable import (WIN, WIN_BOUND, bound_of, depth_of, flag_of, from_table, keep_deeper, keyed_table,
                             move_of, pack, probe, settles, time_up, to_table, value_of)

INF = 10_000_000
MAX_PLY = 96
MAX_MOVES = 64
TT_BITS = 20
#: Fields of ``params``: moves searched per node, threat pruning on (1) or off, late-move reductions and
#: pruning on or off, the reverse-futility margin a ply (0: off) and the deepest node it is tried at, the
#: deepest node whose static value is taken for pruning, then the evaluation's terms (``EVAL_TERMS``, from
#: ``EVAL``). ``QUIESCE``: at the horizon, how many fours in a row the side to move may still try
#: (0: the static value at once; see ``_enter``). ``EXTEND`` (with ``PRUNE``): a side facing an open
#: three with at most this many answers answers it without using up depth, as a four's block does.
WIDTH, PRUNE, REDUCE, RFP_STEP, RFP_DEPTH, STATIC_DEPTH, QUIESCE, EXTEND, EVAL = 0, 1, 2, 3, 4, 5, 6, 7, 8
#: How a frame's current move is being searched (``F_NULL``): full window, null window, null window
#: shallower (a quiet late move, reduced by the record's ``reductions``, re-searched at full depth if it
#: beats alpha).
FULL_WINDOW, NULL_WINDOW, REDUCED = 0, 1, 2
#: Rows of the selectivity tables (``late`` and ``reductions``): node depths 0 to ``SELECT_DEPTHS - 1``,
#: deeper nodes reading the last row.
SELECT_DEPTHS = 32
#: No move-count limit.
NO_LIMIT = MAX_MOVES
#: Futility pruning (with ``REDUCE``): at a node one or two plies from the horizon, not facing a
#: threat, a quiet move after the first is not searched when the static value plus the margin
#: (``FUTILITY_STEP`` a ply) cannot reach alpha (a quiet move, which makes no three or four for either
#: side, seldom changes the pattern sums by more).
FUTILITY_DEPTH = 2
FUTILITY_STEP = 200
#: Moves of ``generate``: every candidate, the side's fours, its fours that make more than a four
#: (with a two or a three on another line, or a four-three or better).
ALL_MOVES, FOURS, STRONG_FOURS = 0, 1, 2
#: The most fours a horizon node tries.
QUIESCE_WIDTH = 8
NO_STATIC = -INF
#: Fields of a frame (one row of ``frames`` per ply of the explicit stack).
(F_ALPHA, F_BETA, F_ALPHA0, F_BEST, F_BEST_MOVE, F_INDEX, F_COUNT, F_DEPTH, F_CHILD_DEPTH, F_COLOUR, F_MOVED,
 F_KEY, F_NULL, F_FORCED, F_FILLED, F_STATIC) = range(16)
FRAME_FIELDS = 16
#: Evaluation terms (``evaluate``), in ``params`` from ``EVAL``: the side to move's tempo; the double threat
#: it can make next (an open four or two fours, a win unless the opponent has fours; a four-three; two open
#: threes); and the opponent's, which the mover must meet first (an open four point, a four-three, two
#: open threes).
(TEMPO, WIN_NEXT, FOUR_THREE_NEXT, DOUBLE_THREE_NEXT, THEIR_WIN_NEXT, THEIR_FOUR_THREE_NEXT,
 THEIR_DOUBLE_THREE_NEXT) = range(7)
#: Then, per shape class s (``gomoku_board.point_shape``, 1-4), the weight of each of the mover's empty
#: points of that shape at ``MY_SHAPES + s - 1`` and of the opponent's at ``THEIR_SHAPES + s - 1``.
MY_SHAPES, THEIR_SHAPES = 7, 11
EVAL_TERMS = 15
#: Hand-set terms: the mover's tempo and its next double threat only.
HAND_TERMS = np.array([30, 3000, 1500, 700, 0, 0, 0] + [0] * 8, np.int64)
#: The search's state in one record (``bots/lib/search_state.py``), set up once per ``Search``: the
#: table's address and slot mask (``ttable``'s keyed entries), the node counter and limit, whether it
#: stopped short, the deepest level reached, the deadline (a ``ttable.clock()`` reading), ``params`` (see
#: ``WIDTH``), the killers per level, the history per colour and point, and the explicit stack: per-level
#: move rows with their ordering scores, and frames.
SEARCH = np.dtype([
    ("tt_at", np.uint64), ("tt_mask", np.int64),
    ("nodes", np.int64), ("node_limit", np.int64), ("aborted", np.int64), ("max_level", np.int64),
    ("deadline", np.float64), ("params", np.int64, (EVAL + EVAL_TERMS,)),
    ("late", np.int64, (SELECT_DEPTHS,)), ("reductions", np.int64, (SELECT_DEPTHS, MAX_MOVES)),
    ("killers", np.int64, (MAX_PLY, 2)), ("history", np.int64, (3, MAX_CELLS)),
    ("moves", np.int64, (MAX_PLY, MAX_MOVES)), ("scores", np.int64, (MAX_PLY, MAX_MOVES)),
    ("frames", np.int64, (MAX_PLY, FRAME_FIELDS)),
])
#: Move-ordering bonuses by threat grade (``gomoku_board.point_grade``) for the mover and for blocking.
ATTACK_BONUS = np.array([0, 300, 500, 3000, 8000, 30000], np.int64)
DEFENCE_BONUS = np.array([0, 250, 400, 2500, 6000, 20000], np.int64)
_CLOCK_EVERY = 1023


@njit(cache=True)
def move_score(bd, colour, q):
    """The ordering score of ``colour`` playing ``q``: its own threats and those it blocks (by the
    points' grades, ``gomoku_board.point_grade``) and the pattern values of both sides there."""
    return (ATTACK_BONUS[bd.pats[colour, GRADE, q]] + DEFENCE_BONUS[bd.pats[3 - colour, GRADE, q]]
            + bd.point_sum[q])


@njit(cache=True, inline="always")
def evaluate(tally, colour, params):
    """The static value of the position for ``colour``, to move (no five-point on the board): the
    difference of the two sides' pattern sums, the mover's tempo and the double threats either side
    can make next, and the points of each shape class either side has, weighed by the terms in
    ``params`` (see ``EVAL_TERMS``)."""
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
    for shape in range(1, 5):
        value += (params[EVAL + MY_SHAPES + shape - 1] * tally[colour, SHAPE_COUNT + shape]
                  - params[EVAL + THEIR_SHAPES + shape - 1] * tally[other, SHAPE_COUNT + shape])
    return value


@njit(cache=True)
def _facing_open_three(bd, colour):
    """Whether ``colour``'s opponent has an open three it may turn into an open four."""
    return has_real_open_three(bd, 3 - colour)


@njit(cache=True)
def facing_three(bd, st, colour):
    """Whether threat pruning leaves ``colour`` only the answers to an open three (``PRUNE`` on and the
    opponent has one it may turn into an open four)."""
    return st.params[PRUNE] != 0 and bd.tally[3 - colour, F4] > 0 and _facing_open_three(bd, colour)


@njit(cache=True)
def generate(bd, st, colour, level, first, killer0, killer1, width, kind, pruning):
    """The ``width`` best moves of ``colour`` into the search record ``st``'s row ``level`` (best
    first); how many.

    ``first`` (the table's move) and the two killers go first when they are
    among the candidates. See the module notes for the candidates and pruning
    (``pruning``: ``facing_three``'s answer); ``kind`` (``ALL_MOVES``, ``FOURS``, ``STRONG_FOURS``)
    keeps only the side's fours at the horizon.
    """
    other = 3 - colour
    moves = st.moves[level]
    scores = st.scores[level]
    count = 0
    for i in range(bd.point_count):
        q = bd.points[i]
        if bd.cells[q] != EMPTY or bd.near[q] == 0:
            continue
        if kind != ALL_MOVES:
            four = False
            for d in range(4):
                if bd.pats[colour, d, q] == B4 or bd.pats[colour, d, q] == F4:
                    four = True
            if not four or (kind == STRONG_FOURS and bd.pats[colour, GRADE, q] < GRADE_FOUR_THREE
                            and bd.pats[colour, SHAPE, q] != SHAPE_FOUR_PLUS):
                continue
        if pruning:
            keep = False
            for d in range(4):
                mine = bd.pats[colour, d, q]
                theirs = bd.pats[other, d, q]
                if mine == F4 or mine == B4 or theirs == F4 or theirs == B4:
                    keep = True
                    break
            if not keep:
                continue
        score = move_score(bd, colour, q) + st.history[colour, q]
        if q == first:
            score += 1 << 40
        elif q == killer0:
            score += 1 << 36
        elif q == killer1:
            score += 1 << 35
        if count == width and score <= scores[count - 1]:
            continue
        if bd.rule == RENJU and colour == BLACK and not black_may_play(bd, colour, q):
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
def _enter(bd, st, level, ply, colour, depth, alpha, beta, key, filled):
    """Open a node: ``(True, value)`` if it is decided without trying moves, else ``(False, 0)``
    with its frame and ordered moves ready."""
    other = 3 - colour
    if bd.tally[colour, FIVE] > 0:
        return True, WIN - (ply + 1)
    frame = st.frames[level]
    forced = False
    block = -1
    if bd.tally[other, FIVE] > 0:
        n, block, _ = find_fives(bd, other)
        if n >= 2:
            return True, -(WIN - (ply + 2))
        if not black_may_play(bd, colour, block):
            return True, -(WIN - (ply + 2))
        forced = True
    elif filled >= bd.point_count:
        return True, 0
    elif depth <= 0:
        stand = evaluate(bd.tally, colour, st.params)
        if (depth <= -st.params[QUIESCE] or stand >= beta
                or (bd.tally[colour, B4] == 0 and bd.tally[colour, F4] == 0)):
            return True, stand
        # A horizon node whose side has fours: the static value, or better by fours (a quiescence
        # search: the opponent's forced blocks do not count as plies), so a victory by continuous
        # fours past the horizon is seen; after the first four only fours that make more.
        count = generate(bd, st, colour, level, -1, -1, -1, min(QUIESCE_WIDTH, st.params[WIDTH]),
                         FOURS if depth == 0 else STRONG_FOURS, facing_three(bd, st, colour))
        if count == 0:
            return True, stand
        frame[F_CHILD_DEPTH] = depth - 1
        frame[F_STATIC] = NO_STATIC
        frame[F_ALPHA] = max(alpha, stand)
        frame[F_BETA] = beta
        frame[F_ALPHA0] = alpha
        frame[F_BEST] = stand
        frame[F_BEST_MOVE] = st.moves[level, 0]
        frame[F_INDEX] = 0
        frame[F_COUNT] = count
        frame[F_DEPTH] = depth
        frame[F_COLOUR] = colour
        frame[F_KEY] = key
        frame[F_FORCED] = 0
        frame[F_FILLED] = filled
        return False, 0
    tt_move = np.int64(-1)
    if depth >= 0:      # a forced block inside the quiescence search (below the horizon) is not kept
        entry = probe(st.tt_at, st.tt_mask, key)
        tt_move = move_of(entry)
        if depth_of(entry) >= depth:
            value = from_table(value_of(entry), ply)
            if settles(flag_of(entry), value, alpha, beta):
                return True, value
    if forced:
        st.moves[level, 0] = block
        count = 1
        frame[F_CHILD_DEPTH] = depth
    else:
        facing = facing_three(bd, st, colour)
        count = generate(bd, st, colour, level, tt_move, st.killers[level, 0], st.killers[level, 1],
                         st.params[WIDTH], ALL_MOVES, facing)
        if count == 0:
            return True, 0
        frame[F_CHILD_DEPTH] = depth if facing and count <= st.params[EXTEND] else depth - 1
    frame[F_STATIC] = NO_STATIC
    if (st.params[REDUCE] and not forced and depth <= st.params[STATIC_DEPTH]
            and bd.tally[colour, GRADE_COUNT + GRADE_WIN] == 0 and bd.tally[colour, GRADE_COUNT + GRADE_FOUR_THREE] == 0
            and bd.tally[other, F4] == 0 and bd.tally[other, GRADE_COUNT + GRADE_WIN] == 0):
        frame[F_STATIC] = evaluate(bd.tally, colour, st.params)
        if (beta - alpha == 1 and depth <= st.params[RFP_DEPTH]
                and frame[F_STATIC] - st.params[RFP_STEP] * depth >= beta):
            return True, frame[F_STATIC]
    frame[F_ALPHA] = alpha
    frame[F_BETA] = beta
    frame[F_ALPHA0] = alpha
    frame[F_BEST] = -INF
    frame[F_BEST_MOVE] = st.moves[level, 0]
    frame[F_INDEX] = 0
    frame[F_COUNT] = count
    frame[F_DEPTH] = depth
    frame[F_COLOUR] = colour
    frame[F_KEY] = key
    frame[F_FORCED] = 1 if forced else 0
    frame[F_FILLED] = filled
    return False, 0


@njit(cache=True)
def _keep(st, level, ply):
    """Keep the finished node of frame ``level`` in the table (depth-preferred, a new key replaces)."""
    frame = st.frames[level]
    best = frame[F_BEST]
    flag = bound_of(best, frame[F_ALPHA0], frame[F_BETA])
    keep_deeper(st.tt_at, st.tt_mask, frame[F_KEY], frame[F_DEPTH],
                pack(to_table(best, ply), frame[F_BEST_MOVE], frame[F_DEPTH], flag))


@njit(cache=True)
def negamax(bd, st, colour, depth, alpha, beta, key, filled, root_ply):
    """The value for ``colour`` (to move) searching ``depth`` more plies on the board record ``bd``
    with the search record ``st``; see the module notes."""
    level = np.int64(0)          # typed, not literal: _enter and _keep are compiled once
    done, value = _enter(bd, st, level, root_ply, colour, depth, alpha, beta, key, filled)
    if done:
        return value
    while True:
        frame = st.frames[level]
        if frame[F_INDEX] < frame[F_COUNT]:
            mover = frame[F_COLOUR]
            q = st.moves[level, frame[F_INDEX]]
            if (frame[F_INDEX] > 0 and frame[F_STATIC] != NO_STATIC
                    and ((frame[F_DEPTH] <= FUTILITY_DEPTH
                          and frame[F_STATIC] + FUTILITY_STEP * frame[F_DEPTH] <= frame[F_ALPHA])
                         or frame[F_INDEX] >= st.late[min(frame[F_DEPTH], SELECT_DEPTHS - 1)])
                    and bd.pats[mover, GRADE, q] == 0 and bd.pats[3 - mover, GRADE, q] == 0):
                frame[F_INDEX] += 1
                continue
            st.nodes += 1
            if st.nodes >= st.node_limit or time_up(st.nodes, _CLOCK_EVERY, st.deadline):
                st.aborted = 1
                for back in range(level - 1, -1, -1):
                    lift(bd, st.frames[back, F_MOVED])
                return 0
            mover = frame[F_COLOUR]
            q = st.moves[level, frame[F_INDEX]]
            place(bd, q, mover)
            frame[F_MOVED] = q
            child_depth = frame[F_CHILD_DEPTH]
            if frame[F_INDEX] == 0 or frame[F_FORCED]:
                frame[F_NULL] = FULL_WINDOW
                low, high = -frame[F_BETA], -frame[F_ALPHA]
            else:
                frame[F_NULL] = NULL_WINDOW
                low, high = -frame[F_ALPHA] - 1, -frame[F_ALPHA]
                if st.params[REDUCE] and child_depth >= 2 and bd.pats[mover, GRADE, q] == 0 \
                        and bd.pats[3 - mover, GRADE, q] == 0:
                    cut = min(st.reductions[min(frame[F_DEPTH], SELECT_DEPTHS - 1), frame[F_INDEX]],
                              child_depth - 1)
                    if cut > 0:
                        frame[F_NULL] = REDUCED
                        child_depth -= cut
            if level + 1 >= MAX_PLY - 1:
                done, value = True, evaluate(bd.tally, 3 - mover, st.params)
            else:
                done, value = _enter(bd, st, level + 1, root_ply + level + 1, 3 - mover, child_depth, low, high,
                                     frame[F_KEY] ^ bd.zobrist[mover, q], frame[F_FILLED] + 1)
            if not done:
                level += 1
                if level > st.max_level:
                    st.max_level = level
                continue
        else:
            if frame[F_DEPTH] >= 0:
                _keep(st, level, root_ply + level)
            value = frame[F_BEST]
            if level == 0:
                return value
            level -= 1
            frame = st.frames[level]
        # ``value`` is the child's result for the move at ``frame`` (still on the board).
        q = frame[F_MOVED]
        mover = frame[F_COLOUR]
        result = -value
        if frame[F_NULL] == REDUCED and result > frame[F_ALPHA]:
            frame[F_NULL] = NULL_WINDOW
            done, value = _enter(bd, st, level + 1, root_ply + level + 1, 3 - mover, frame[F_CHILD_DEPTH],
                                 -frame[F_ALPHA] - 1, -frame[F_ALPHA], frame[F_KEY] ^ bd.zobrist[mover, q],
                                 frame[F_FILLED] + 1)
            if not done:
                level += 1
                continue
            result = -value
        if frame[F_NULL] == NULL_WINDOW and frame[F_ALPHA] < result < frame[F_BETA]:
            frame[F_NULL] = FULL_WINDOW
            done, value = _enter(bd, st, level + 1, root_ply + level + 1, 3 - mover, frame[F_CHILD_DEPTH],
                                 -frame[F_BETA], -frame[F_ALPHA], frame[F_KEY] ^ bd.zobrist[mover, q],
                                 frame[F_FILLED] + 1)
            if not done:
                level += 1
                continue
            result = -value
        lift(bd, q)
        if result > frame[F_BEST]:
            frame[F_BEST] = result
            frame[F_BEST_MOVE] = q
        if result > frame[F_ALPHA]:
            frame[F_ALPHA] = result
        if frame[F_ALPHA] >= frame[F_BETA]:
            if not frame[F_FORCED] and frame[F_DEPTH] > 0:
                if q != st.killers[level, 0]:
                    st.killers[level, 1] = st.killers[level, 0]
                    st.killers[level, 0] = q
                st.history[mover, q] += frame[F_DEPTH] * frame[F_DEPTH]
            frame[F_INDEX] = frame[F_COUNT]
        else:
            frame[F_INDEX] += 1


@njit(cache=True)
def search_root(bd, st, colour, depth, key, filled, root_moves, root_values, exact):
    """Search each of ``root_moves`` (padded points, in order) to ``depth`` plies; the index of the best.

    ``root_values[i]`` gets move i's score: exact for every move with
    ``exact`` (a full window each, for analysis), else exact for the best
    and a bound for the others (PVS). On abort, the best of the moves
    finished so far (-1 if none).
    """
    alpha = -INF
    best = -INF
    best_index = -1
    ply = np.int64(1)
    for i in range(root_moves.shape[0]):
        q = root_moves[i]
        place(bd, q, colour)
        child_key = key ^ bd.zobrist[colour, q]
        if exact or i == 0:
            value = -negamax(bd, st, 3 - colour, depth - 1, -INF, INF if exact else -alpha, child_key, filled + 1,
                             ply)
        else:
            value = -negamax(bd, st, 3 - colour, depth - 1, -alpha - 1, -alpha, child_key, filled + 1, ply)
            if value > alpha and not st.aborted:
                value = -negamax(bd, st, 3 - colour, depth - 1, -INF, -alpha, child_key, filled + 1, ply)
        lift(bd, q)
        if st.aborted:
            return best_index
        root_values[i] = value
        if value > best:
            best = value
            best_index = i
        if value > alpha:
            alpha = value
    return best_index


@njit(cache=True)
def root_candidates(bd, st, colour, width):
    """The root's moves, as a node's (``generate``) but ``width`` of them, with no table move, into
    row 0 of ``st``; how many."""
    none = np.int64(-1)
    return generate(bd, st, colour, np.int64(0), none, none, none, width, ALL_MOVES, facing_three(bd, st, colour))


def step_selectivity() -> tuple[np.ndarray, np.ndarray, int, int]:
    """Late-move pruning and reductions by steps: at a node ``d`` plies from the horizon (``d`` at most
    3), quiet moves from the ``2 + 3 d``-th on are not searched; quiet moves from the fourth on are
    reduced a ply, from the seventh two, from the eleventh three at nodes seven or more plies from the
    horizon; no reverse futility. (``late``, ``reductions``, reverse-futility step and depth.)"""
    late = np.full(SELECT_DEPTHS, NO_LIMIT, np.int64)
    for d in range(1, 4):
        late[d] = 2 + 3 * d
    reductions = np.zeros((SELECT_DEPTHS, MAX_MOVES), np.int64)
    for d in range(SELECT_DEPTHS):
        child = d - 1
        for i in range(MAX_MOVES):
            reductions[d, i] = (3 if i >= 10 and child >= 6 else 2 if i >= 6 and child >= 3
                                else 1 if i >= 3 and child >= 2 else 0)
    return late, reductions, 0, 0


def log_selectivity(scale: float = 1.0, late_power: float = 1.32, rfp_step: int = 150, rfp_depth: int = 4
                    ) -> tuple[np.ndarray, np.ndarray, int, int]:
    """Late-move pruning and reductions growing with depth and move number, as strong Gomoku
    searches do: at a node ``d`` plies from the horizon, not facing a threat, quiet moves from the
    ``3 + d ** late_power``-th on are not searched; quiet moves after the first are reduced
    ``scale * ln(d) * ln(i + 1)`` plies (i the move's index, rounded down, leaving at least a ply);
    and a null-window node up to ``rfp_depth`` plies from the horizon, not facing a threat, whose
    static value stands ``rfp_step`` a ply above beta is cut at once (reverse futility)."""
    late = np.full(SELECT_DEPTHS, NO_LIMIT, np.int64)
    for d in range(1, SELECT_DEPTHS):
        late[d] = min(NO_LIMIT, 3 + int(d ** late_power))
    reductions = np.zeros((SELECT_DEPTHS, MAX_MOVES), np.int64)
    for d in range(2, SELECT_DEPTHS):
        for i in range(1, MAX_MOVES):
            reductions[d, i] = int(scale * np.log(d) * np.log(i + 1))
    return late, reductions, rfp_step, rfp_depth


def search_table() -> np.ndarray:
    """An empty transposition table for ``Search``."""
    return keyed_table(TT_BITS)


class Search:
    """The alpha-beta search's record (``SEARCH``) over one ``Board``, and its transposition table.

    The table lives as long as the object, so the depths of one move's
    iterative deepening share it; ``table`` (from ``search_table``) may be
    one an earlier search of the same board size, rule and settings filled
    (a bot keeps it from move to move: a position's entry holds whatever
    the root, the scores of fives being kept relative to the position).
    """

    def __init__(self, board, width: int, prune: bool, reduce: bool = False,
                 terms: np.ndarray = HAND_TERMS, table: np.ndarray | None = None,
                 selectivity: tuple[np.ndarray, np.ndarray, int, int] | None = None, quiesce: int = 0,
                 extend: int = 0) -> None:
        if not 1 <= width <= MAX_MOVES:
            raise ValueError(f"a search width of {width} moves is outside 1 to {MAX_MOVES}")
        if len(terms) != EVAL_TERMS:
            raise ValueError(f"the evaluation takes {EVAL_TERMS} terms, got {len(terms)}: {list(terms)}")
        self.board = board
        self._tt = search_table() if table is None else table
        self._record = np.zeros(1, SEARCH)
        self.record = self._record[0]
        st = self.record
        st["tt_at"], st["tt_mask"] = address_of(self._tt), (1 << TT_BITS) - 1
        st["killers"] = -1
        self.params = st["params"]
        late, reductions, rfp_step, rfp_depth = selectivity or step_selectivity()
        self.select(late, reductions, rfp_step, rfp_depth)
        self.params[:EVAL] = [width, int(prune), int(reduce), rfp_step, rfp_depth, self.params[STATIC_DEPTH], quiesce,
                               extend]
        self.params[EVAL:] = np.asarray(terms, np.int64)

    def select(self, late: np.ndarray, reductions: np.ndarray, rfp_step: int, rfp_depth: int) -> None:
        """Set the search's selectivity (used with ``reduce``): the move-count limit by node depth, the
        reductions by node depth and move index, the reverse-futility margin a ply and deepest node."""
        st = self.record
        st["late"][:] = late
        st["reductions"][:] = reductions
        limited = [d for d in range(SELECT_DEPTHS) if late[d] < NO_LIMIT]
        self.params[RFP_STEP], self.params[RFP_DEPTH] = rfp_step, rfp_depth if rfp_step > 0 else 0
        self.params[STATIC_DEPTH] = max([FUTILITY_DEPTH, self.params[RFP_DEPTH], *limited])

    def candidates(self, colour: int, width: int) -> list[int]:
        """Up to ``width`` moves of ``colour`` (padded points), best first by the ordering score."""
        if not 1 <= width <= MAX_MOVES:
            raise ValueError(f"{width} candidates asked for; a move row holds 1 to {MAX_MOVES}")
        count = root_candidates(self.board.record, self.record, colour, width)
        return [int(m) for m in self.record["moves"][0, :count]]

    def search(self, colour: int, root_moves: list[int], depth: int, deadline: float, node_limit: int,
               exact: bool = False) -> tuple[int, np.ndarray, bool]:
        """One ``search_root`` call: (best index or -1, the moves' values, whether it was cut short)."""
        b = self.board
        st = self.record
        st["node_limit"] = st["nodes"] + node_limit
        st["aborted"], st["deadline"] = 0, deadline
        moves = np.array(root_moves, np.int64)
        values = np.full(len(root_moves), -INF, np.int64)
        best = search_root(b.record, st, colour, depth, np.int64(b.key), b.stones, moves, values, exact)
        return int(best), values, bool(st["aborted"])

    @property
    def nodes(self) -> int:
        return int(self.record["nodes"])
