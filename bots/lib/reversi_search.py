"""Reversi midgame search in numba: PVS to a fixed depth with a transposition table.

Negamax in principal-variation form (the first move with the full window,
the rest with a null window, searched again only when one beats it),
fail-soft, scores in centi-discs for the side to move (``reversi_eval``'s
scale). At the horizon the evaluation that ``mode`` picks scores the
position (``reversi_eval.evaluate_at``); a finished game scores 100 times its
exact disc difference (under the game's counting). A pass does not use up
depth.

Move ordering: the table's move first, then corners, then fewest replies
for the opponent (its moves after ours, corners counted twice: fastest
first) where the move's subtree is deep enough to pay for finding them,
then the history heuristic (moves that cut off before, weighted by depth);
each move is picked from the rest when its turn comes (``_next_best``).

The table (``ttable``'s buckets: both disc masks stored, so a hit is never
another position; two entries per bucket, the shallower replaced) keeps
bounds, depth and best move across the iterations of iterative deepening.

Per node only what must be done per node (the speed is measured by
``benchmarks/search_speed.py``):

* where moves are ordered by the replies they leave, the discs each turns
  are kept for playing it, and each child's table bucket is prefetched
  (``prefetch``), so that memory is read while the other moves are ordered,
  not when the child waits for it;
* a node one ply above the horizon scores its children in place
  (``_horizon``), without a call each or a null-window search again: a
  leaf's value does not depend on the window;
* the pattern evaluation's indices are made move by move from the parent's
  (``reversi_patterns.move_indices``, a row per ply: taking a move back
  is going back a row) instead of read afresh at every leaf;
* the horizon's evaluation gets the mover's moves the node has found.

``MidgameSearch`` is the Python face: the table, move buffers and history
are allocated once and kept, and each depth is one call into numba. The
search's state is one record (``STATE``, ``bots/lib/search_state.py``):
counters, the evaluation's mode and its weights' address, the table's
address, the history and per-ply move rows, so the recursion passes
integers and that record, with no reference counting per node. The kernel
counts nodes; at the node limit it sets the record's ``aborted`` and
unwinds, so a caller with a deadline keeps its last finished depth.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from bots.lib.search_state import address_of
from bots.lib.reversi_board import (
    CORNERS, U0, U1, bucket, final_score, lowest_bit_index, popcount)
from bots.lib.reversi_board import flips_inlined as flips, legal_moves_inlined as legal_moves
from bots.lib.reversi_eval import HARD, HARD_WEIGHTS, PATTERNS, evaluate_at
from bots.lib.reversi_patterns import (FEATURES, FEATURES_PER_POSITION, PHASES, PLACEMENTS, features_into,
                                       move_indices, weights_address)
from bots.lib.ttable import (BUCKET_ENTRY, bucket_depth, bucket_find, bucket_move, bucket_put, bucket_table,
                             bucket_victim, bucket_word, lower_of, pack_bounds, upper_of)

INF = 1_000_000
MAX_PLY = 96
NO_MOVE = 255
#: Depth left from which moves are ordered by the opponent's replies (below it, by history alone).
FASTEST_FIRST_DEPTH = 2
#: Depth left from which a selective search tries a cut on a shallow search's verdict (multi-ProbCut).
CUT_MIN_DEPTH = 3
#: Depths a cut's statistics are kept for; deeper nodes use the deepest row.
CUT_DEPTHS = 32
#: Bands of empties a cut's statistics are kept for: band = empties // CUT_BAND_WIDTH.
CUT_BAND_WIDTH = 10
CUT_BANDS = 7
#: The largest score in centi-discs (a finished game won 64-0): a cut's bound past it can never be reached.
TOP_SCORE = 6400
#: The search's state, one record set up once per ``MidgameSearch``: the table's address and index
#: mask (``ttable``'s buckets), the int32 weights' address, the node counters and limit, the
#: evaluation's mode, the counting (``split``), the history per square, per-ply rows of sorted
#: move keys and of the discs each move turns (found while ordering, kept for playing it), and per
#: ply the pattern indices of the position searched (``reversi_patterns.move_indices``; pattern
#: mode only). ``cut_t`` (hundredths; 0: off) and ``cut_mean``, ``cut_sigma`` (centi-discs, per depth
#: and band of empties) are a selective search's cut (multi-ProbCut, in ``_pvs``).
STATE = np.dtype([
    ("table_at", np.uint64), ("table_mask", np.uint64), ("weights_at", np.uint64),
    ("nodes", np.int64), ("node_limit", np.int64), ("aborted", np.int64),
    ("mode", np.int64), ("split", np.int64),
    ("cut_t", np.int64), ("cut_mean", np.int64, (CUT_DEPTHS, CUT_BANDS)),
    ("cut_sigma", np.int64, (CUT_DEPTHS, CUT_BANDS)),
    ("history", np.int64, (64,)),
    ("order", np.int64, (MAX_PLY, 64)),
    ("turned", np.uint64, (MAX_PLY, 64)),
    ("indices", np.int32, (MAX_PLY + 1, FEATURES_PER_POSITION)),
])


@intrinsic
def prefetch(typingctx, address):
    """Ask the processor to bring the memory at ``address`` (a uint64) into its cache, and go on.

    A table entry read later without waiting for memory: the search asks for each child's bucket
    while it orders the moves, and finds it cached when it searches that child."""
    def codegen(context, builder, signature, args):
        module = builder.module
        i32 = ir.IntType(32)
        pointer = ir.IntType(8).as_pointer()
        function = cgutils.get_or_insert_function(module, ir.FunctionType(ir.VoidType(), [pointer, i32, i32, i32]),
                                                  "llvm.prefetch")
        builder.call(function, [builder.inttoptr(args[0], pointer), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()
    return types.none(types.uint64), codegen


@njit(cache=True, inline="always")
def _prefetch_bucket(st, own, opp):
    """Prefetch the table bucket of position ``(own, opp)`` (its two entries may span two cache lines)."""
    first = st.table_at + np.uint64(bucket(own, opp, st.table_mask) * (BUCKET_ENTRY * 8))
    prefetch(first)
    prefetch(first + np.uint64(2 * BUCKET_ENTRY * 8 - 1))


@njit(cache=True, inline="always")
def _store(table_at, slot, own, opp, lower, upper, depth, move):
    """Keep a searched node's bounds in the table at ``table_at``: its own entry if present, else the
    shallower of the bucket."""
    entry = bucket_find(table_at, slot, own, opp)
    if entry < 0:
        entry = bucket_victim(table_at, slot)
    bucket_put(table_at, entry, own, opp, pack_bounds(lower, upper, depth, move))


@njit(cache=True, inline="always")
def _evaluate(st, own, opp, own_moves, row, ply):
    """The horizon's evaluation of a node ``ply`` plies from the root whose pattern indices are the
    row ``row`` (in the root mover's view: read as the other side's on odd plies)."""
    return evaluate_at(own, opp, own_moves, st.mode, st.weights_at, st.indices[row], ply & 1)


@njit(cache=True, inline="always")
def _horizon(st, own, opp, ply):
    """What ``_pvs`` at depth 0 returns, for any window: a leaf is counted, evaluated, or scored
    exactly when the game is over; a forced pass is one more node, the opponent's evaluation."""
    st.nodes += 1
    if st.nodes >= st.node_limit:
        st.aborted = 1
        return 0
    moves = legal_moves(own, opp)
    if moves != U0:
        return _evaluate(st, own, opp, moves, ply, ply)
    replies = legal_moves(opp, own)
    if replies == U0:
        return 100 * final_score(own, opp, st.split)
    st.nodes += 1
    if st.nodes >= st.node_limit:
        st.aborted = 1
        return 0
    return -_evaluate(st, opp, own, replies, ply, ply + 1)


@njit(cache=True, inline="always")
def _next_best(st, ply, i, count):
    """The smallest of the ply's move keys ``i`` to ``count - 1``, swapped into place ``i``.

    Picked when needed rather than sorted before: most nodes that cut off do so on their first
    move or two, and a scan without branches on the keys mispredicts nothing (an insertion sort's
    comparisons of history scores did, at every node)."""
    row = st.order[ply]
    best = row[i]
    at = np.uint64(i)
    for j in range(np.uint64(i + 1), np.uint64(count)):    # unsigned: no check for negative indices
        key = row[j]
        if key < best:
            best = key
            at = j
    row[at] = row[i]
    row[i] = best
    return best


@njit(cache=True, inline="always")
def _play(st, square, turned, ply):
    """The pattern indices of the child a move of the node at ``ply`` makes, into the next ply's row."""
    if st.mode == PATTERNS:
        move_indices(st.indices[ply], st.indices[ply + 1], square, turned, ply & 1)


@njit(cache=True, inline="always")
def _pass(st, ply):
    """The pattern indices of the node at ``ply`` into the next ply's row (the same position, the
    other side to move)."""
    if st.mode == PATTERNS:
        for n in range(PLACEMENTS):
            st.indices[ply + 1, n] = st.indices[ply, n]


def shallow_depth(depth: int) -> int:
    """The depth of the shallow search whose verdict stands in for a search ``depth`` deep in a
    selective search: about half as deep, with the same parity (an evaluation leans the same way
    after an even or an odd number of plies, and mixing them would widen the spread)."""
    return 2 * (depth // 4) + (depth & 1)


_shallow_depth = njit(cache=True, inline="always")(shallow_depth)


@njit(cache=True)
def _pvs(st, own, opp, alpha, beta, depth, ply):
    """The score of a position searched ``depth`` plies, fail-soft in ``alpha, beta``; ``st`` is the
    search's ``STATE`` record."""
    st.nodes += 1
    if st.nodes >= st.node_limit:
        st.aborted = 1
        return 0
    moves = legal_moves(own, opp)
    if moves == U0:
        if legal_moves(opp, own) == U0:
            return 100 * final_score(own, opp, st.split)
        _pass(st, ply)
        return -_pvs(st, opp, own, -beta, -alpha, depth, ply + 1)
    if depth <= 0:
        return _evaluate(st, own, opp, moves, ply, ply)
    table_at = st.table_at
    slot = bucket(own, opp, st.table_mask)
    hash_move = NO_MOVE
    entry = bucket_find(table_at, slot, own, opp)
    if entry >= 0:
        info = bucket_word(table_at, entry)
        hash_move = bucket_move(info)
        if bucket_depth(info) >= depth:
            lower = lower_of(info)
            upper = upper_of(info)
            if lower >= beta:
                return lower
            if upper <= alpha:
                return upper
    if st.cut_t != 0 and depth >= CUT_MIN_DEPTH:
        # Multi-ProbCut (Buro): a null-window search about half as deep stands in for this one
        # where its verdict is sure. The deep value is taken as the shallow one plus ``cut_mean``,
        # within ``cut_t / 100`` times ``cut_sigma`` (measured per depth and band of empties by
        # ``benchmarks/reversi_probcut.py``); a node without a sure verdict is searched in full.
        row = min(depth, CUT_DEPTHS - 1)
        band = min((np.int64(64) - popcount(own | opp)) // CUT_BAND_WIDTH, CUT_BANDS - 1)
        margin = st.cut_t * st.cut_sigma[row, band] // 100
        shallow = _shallow_depth(depth)
        high = beta - st.cut_mean[row, band] + margin
        if high <= TOP_SCORE:
            if _pvs(st, own, opp, high - 1, high, shallow, ply) >= high:
                return beta
            if st.aborted:
                return 0
        low = alpha - st.cut_mean[row, band] - margin
        if low >= -TOP_SCORE:
            if _pvs(st, own, opp, low, low + 1, shallow, ply) <= low:
                return alpha
            if st.aborted:
                return 0
    count = np.uint64(0)
    pending = moves
    ordered = depth >= FASTEST_FIRST_DEPTH
    order = st.order[ply]          # the ply's rows, indexed unsigned: no check for negative indices
    turned_by = st.turned[ply]
    while pending:
        at = lowest_bit_index(pending)
        square = np.int64(at)
        bit = U1 << at
        pending ^= bit
        if ordered:
            turned = flips(own, opp, square)
            turned_by[at] = turned
            child_own = opp & ~turned
            child_opp = own | turned | bit
            _prefetch_bucket(st, child_own, child_opp)
        if square == hash_move:
            key = 0
        else:
            key = (1 << 30) - min(st.history[at], (1 << 30) - 1)
            if bit & CORNERS == U0:
                key += 1 << 44
            if ordered:
                replies = legal_moves(child_own, child_opp)
                key += (np.int64(popcount(replies)) + np.int64(popcount(replies & CORNERS))) << 36
        order[count] = key * 64 + square
        count += U1
    best = -INF
    best_move = NO_MOVE
    low = alpha
    for i in range(count):
        square = _next_best(st, ply, i, count) & 63
        bit = U1 << np.uint64(square)
        if ordered:
            turned = turned_by[np.uint64(square)]
        else:
            turned = flips(own, opp, square)
        child_own = opp & ~turned
        child_opp = own | turned | bit
        _play(st, square, turned, ply)
        if depth == 1:     # the child is a leaf: its value does not depend on the window
            score = -_horizon(st, child_own, child_opp, ply + 1)
        elif i == 0:
            score = -_pvs(st, child_own, child_opp, -beta, -low, depth - 1, ply + 1)
        else:
            score = -_pvs(st, child_own, child_opp, -low - 1, -low, depth - 1, ply + 1)
            if low < score < beta and st.aborted == 0:
                score = -_pvs(st, child_own, child_opp, -beta, -score, depth - 1, ply + 1)
        if st.aborted:
            return 0
        if score > best:
            best = score
            best_move = square
            if score > low:
                low = score
                if score >= beta:
                    st.history[np.uint64(square)] += depth * depth
                    break
    if best >= beta:   # the bounds typed, not literal: _store is compiled once
        _store(table_at, slot, own, opp, best, np.int64(INF // 100), depth, best_move)
    elif best <= alpha:
        _store(table_at, slot, own, opp, np.int64(-INF // 100), best, depth, best_move)
    else:
        _store(table_at, slot, own, opp, best, best, depth, best_move)
    return best


@njit(cache=True)
def search_root(state, own, opp, root_moves, values, depth, every, node_limit):
    """Search each of ``root_moves`` (in order) ``depth`` plies deep; return the best one's index.

    ``state`` is the one-record ``STATE`` array; the counters are reset and
    ``node_limit`` set here, so Python crosses into numba once per depth.
    ``values[i]`` gets move ``i``'s score: exact at this depth for every
    move when ``every`` is non-zero (each searched with the full window),
    else only for the best (the others are upper bounds, from null windows).
    Returns -1 if the node limit stopped the search.
    """
    st = state[0]
    st.nodes = 0
    st.aborted = 0
    st.node_limit = node_limit
    if st.mode == PATTERNS:
        features_into(own, opp, st.indices[0])
    top = np.int64(INF)        # not the constant itself: a literal argument breaks numba's cache of _pvs
    best = -top
    best_index = -1
    ply = np.int64(1)
    for i in range(root_moves.shape[0]):
        square = root_moves[i]
        bit = U1 << np.uint64(square)
        turned = flips(own, opp, square)
        child_own = opp & ~turned
        child_opp = own | turned | bit
        _play(st, square, turned, 0)
        if every or i == 0:
            score = -_pvs(st, child_own, child_opp, -top, top, depth - 1, ply)
        else:
            score = -_pvs(st, child_own, child_opp, -best - 1, -best, depth - 1, ply)
            if score > best and st.aborted == 0:
                score = -_pvs(st, child_own, child_opp, -top, -score, depth - 1, ply)
        if st.aborted:
            return -1
        values[i] = score
        if score > best:
            best = score
            best_index = i
    return best_index


class MidgameSearch:
    """Depth-limited PVS over a position's moves, with a table and history kept between calls.

    ``mode`` and ``weights`` (a flat int32 array) pick the evaluation (``reversi_eval``): Hard's features
    (the default) or, with ``PATTERNS`` and ``reversi_patterns.load_views()`` (the fitted tables seen
    from either side, ``both_views``), the pattern tables. ``table_bits``
    sizes the table (2**18 entries of 24 bytes: 6 MB). ``nodes`` counts every node searched.
    """

    def __init__(self, mode: int = HARD, weights: np.ndarray = HARD_WEIGHTS, table_bits: int = 18) -> None:
        if mode == PATTERNS:
            weights_at = weights_address(weights, 2 * PHASES * FEATURES, np.int16)
        else:
            weights_at = weights_address(weights, len(HARD_WEIGHTS))
        self.mode = mode
        self.weights = weights       # kept alive here: the record holds its address
        self._table = bucket_table(table_bits)
        self._state = np.zeros(1, dtype=STATE)
        st = self._state[0]
        st["table_at"], st["table_mask"] = address_of(self._table), self._table.shape[0] - 1
        st["weights_at"], st["mode"] = weights_at, mode
        self.nodes = 0

    @property
    def table(self) -> np.ndarray:
        """The transposition table (read-only attribute: the kernels hold its address)."""
        return self._table

    @property
    def history(self) -> np.ndarray:
        """Cut-offs per square, weighted by depth (a view into the search's record)."""
        return self._state["history"][0]

    def select(self, confidence: float, mean: np.ndarray, sigma: np.ndarray) -> None:
        """Make the search selective (multi-ProbCut): a node ``CUT_MIN_DEPTH`` or more plies deep
        whose ``shallow_depth`` search says, within ``confidence`` standard deviations, that the
        full search would fail high (or low) is cut there. ``mean`` and ``sigma`` (centi-discs,
        ``(CUT_DEPTHS, CUT_BANDS)``) are the deep value's offset from the shallow one and its
        spread, per depth and band of empties. A selective search's values are estimates even
        where it reaches the end of every line. ``confidence`` 0 makes it full-width again."""
        st = self._state[0]
        st["cut_t"] = round(100 * confidence)
        st["cut_mean"] = np.asarray(mean, dtype=np.int64)
        st["cut_sigma"] = np.asarray(sigma, dtype=np.int64)

    @property
    def selective(self) -> bool:
        """Whether the search cuts on shallow searches' verdicts (``select``)."""
        return bool(self._state[0]["cut_t"])

    def clear(self) -> None:
        """Forget the table and the history (a new game)."""
        self._table[:] = 0
        self.history[:] = 0

    def search(self, own: int, opp: int, moves: Sequence[int], depth: int, node_limit: int = 0,
               every: bool = False, split: bool = False) -> tuple[int, list[int]] | None:
        """``(best index, values)`` of ``moves`` (squares of the side owning ``own``) searched ``depth``
        plies deep, in centi-discs; ``None`` if ``node_limit`` (0: none) stopped it. See ``search_root``."""
        if not moves:
            raise ValueError("no move to search: the side to move must pass or the game is over")
        if depth < 1:
            raise ValueError(f"depth must be at least 1, got {depth!r}")
        limit = node_limit if node_limit > 0 else np.iinfo(np.int64).max
        root = np.array(moves, dtype=np.int64)
        values = np.zeros(len(moves), dtype=np.int64)
        history = self.history
        history >>= 1       # old cut-offs count, recent ones more
        self._state[0]["split"] = int(split)
        best = search_root(self._state, np.uint64(own), np.uint64(opp), root, values, depth, int(every), limit)
        self.nodes += int(self._state[0]["nodes"])
        if best < 0:
            return None
        return int(best), [int(v) for v in values]
