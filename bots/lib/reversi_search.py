"""Reversi midgame search in numba: PVS to a fixed depth with a transposition table.

Negamax in principal-variation form (the first move with the full window,
the rest with a null window, searched again only when one beats it),
fail-soft, scores in centi-discs for the side to move (``reversi_eval``'s
scale). At the horizon the evaluation that ``mode`` picks scores the
position (``reversi_eval.evaluate``); a finished game scores 100 times its
exact disc difference (under the game's counting). A pass does not use up
depth.

Move ordering: the table's move first, then corners, then fewest replies
for the opponent (its moves after ours, corners counted twice: fastest
first) where the move's subtree is deep enough to pay for finding them,
then the history heuristic (moves that cut off before, weighted by depth).

The table (both disc masks stored, so a hit is never another position;
two entries per bucket, the shallower replaced) keeps bounds, depth and
best move across the iterations of iterative deepening.

``MidgameSearch`` is the Python face: the table, move buffers and history
are allocated once and kept, and each depth is one call into numba. The
kernel counts nodes; at the node limit it sets ``stats[ABORTED]`` and
unwinds, so a caller with a deadline keeps its last finished depth.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np
from numba import njit

from bots.lib.reversi_board import (
    CORNERS, U0, U1, bucket, final_score, flips, insert_sorted, legal_moves, lowest_bit_index, popcount)
from bots.lib.reversi_eval import HARD, HARD_WEIGHTS, evaluate

INF = 1_000_000
NODES, NODE_LIMIT, ABORTED = 0, 1, 2
MAX_PLY = 96
NO_MOVE = 255
#: Depth left from which moves are ordered by the opponent's replies (below it, by history alone).
FASTEST_FIRST_DEPTH = 2
_BOUND_OFFSET = 32768
_U16 = np.uint64(0xFFFF)


@njit(cache=True, inline="always")
def _pack(lower, upper, depth, move):
    return (np.uint64(lower + _BOUND_OFFSET) | (np.uint64(upper + _BOUND_OFFSET) << np.uint64(16))
            | (np.uint64(depth) << np.uint64(32)) | (np.uint64(move) << np.uint64(40)))


@njit(cache=True)
def _store(table, slot, own, opp, lower, upper, depth, move):
    """Keep a searched node's bounds: its own entry if present, else the shallower of the bucket."""
    entry = slot
    if table[slot + 1, 0] == own and table[slot + 1, 1] == opp:
        entry = slot + 1
    elif not (table[slot, 0] == own and table[slot, 1] == opp):
        if (table[slot + 1, 2] >> np.uint64(32)) & np.uint64(0xFF) < (table[slot, 2] >> np.uint64(32)) & np.uint64(0xFF):
            entry = slot + 1
    table[entry, 0] = own
    table[entry, 1] = opp
    table[entry, 2] = _pack(lower, upper, depth, move)


@njit(cache=True)
def _pvs(own, opp, alpha, beta, depth, ply, mode, split, table, order, history, weights, stats):
    """The score of a position searched ``depth`` plies, fail-soft in ``alpha, beta``."""
    stats[NODES] += 1
    if stats[NODES] >= stats[NODE_LIMIT]:
        stats[ABORTED] = 1
        return 0
    moves = legal_moves(own, opp)
    if moves == U0:
        if legal_moves(opp, own) == U0:
            return 100 * final_score(own, opp, split)
        return -_pvs(opp, own, -beta, -alpha, depth, ply + 1, mode, split, table, order, history, weights, stats)
    if depth <= 0:
        return evaluate(own, opp, mode, weights)
    mask = np.uint64(table.shape[0] - 1)
    slot = bucket(own, opp, mask)
    hash_move = NO_MOVE
    for k in range(2):
        entry = slot + k
        if table[entry, 0] == own and table[entry, 1] == opp:
            info = table[entry, 2]
            hash_move = np.int64((info >> np.uint64(40)) & np.uint64(0xFF))
            if np.int64((info >> np.uint64(32)) & np.uint64(0xFF)) >= depth:
                lower = np.int64(info & _U16) - _BOUND_OFFSET
                upper = np.int64((info >> np.uint64(16)) & _U16) - _BOUND_OFFSET
                if lower >= beta:
                    return lower
                if upper <= alpha:
                    return upper
            break
    row = order[ply]
    count = 0
    pending = moves
    while pending:
        square = np.int64(lowest_bit_index(pending))
        bit = U1 << np.uint64(square)
        pending ^= bit
        if square == hash_move:
            key = 0
        else:
            key = (1 << 30) - min(history[square], (1 << 30) - 1)
            if bit & CORNERS == U0:
                key += 1 << 44
            if depth >= FASTEST_FIRST_DEPTH:
                turned = flips(own, opp, square)
                replies = legal_moves(opp & ~turned, own | turned | bit)
                key += (np.int64(popcount(replies)) + np.int64(popcount(replies & CORNERS))) << 36
        insert_sorted(row, count, key * 64 + square)
        count += 1
    best = -INF
    best_move = NO_MOVE
    low = alpha
    for i in range(count):
        square = row[i] & 63
        bit = U1 << np.uint64(square)
        turned = flips(own, opp, square)
        child_own = opp & ~turned
        child_opp = own | turned | bit
        if i == 0:
            score = -_pvs(child_own, child_opp, -beta, -low, depth - 1, ply + 1, mode, split,
                          table, order, history, weights, stats)
        else:
            score = -_pvs(child_own, child_opp, -low - 1, -low, depth - 1, ply + 1, mode, split,
                          table, order, history, weights, stats)
            if low < score < beta and stats[ABORTED] == 0:
                score = -_pvs(child_own, child_opp, -beta, -score, depth - 1, ply + 1, mode, split,
                              table, order, history, weights, stats)
        if stats[ABORTED]:
            return 0
        if score > best:
            best = score
            best_move = square
            if score > low:
                low = score
                if score >= beta:
                    history[square] += depth * depth
                    break
    if best >= beta:
        _store(table, slot, own, opp, best, INF // 100, depth, best_move)
    elif best <= alpha:
        _store(table, slot, own, opp, -INF // 100, best, depth, best_move)
    else:
        _store(table, slot, own, opp, best, best, depth, best_move)
    return best


@njit(cache=True)
def search_root(own, opp, root_moves, values, depth, every, mode, split, table, order, history, weights, stats):
    """Search each of ``root_moves`` (in order) ``depth`` plies deep; return the best one's index.

    ``values[i]`` gets move ``i``'s score: exact at this depth for every
    move when ``every`` is non-zero (each searched with the full window),
    else only for the best (the others are upper bounds, from null windows).
    Returns -1 if the node limit stopped the search.
    """
    stats[ABORTED] = 0
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
        if every or i == 0:
            score = -_pvs(child_own, child_opp, -top, top, depth - 1, ply, mode, split,
                          table, order, history, weights, stats)
        else:
            score = -_pvs(child_own, child_opp, -best - 1, -best, depth - 1, ply, mode, split,
                          table, order, history, weights, stats)
            if score > best and stats[ABORTED] == 0:
                score = -_pvs(child_own, child_opp, -top, -score, depth - 1, ply, mode, split,
                              table, order, history, weights, stats)
        if stats[ABORTED]:
            return -1
        values[i] = score
        if score > best:
            best = score
            best_index = i
    return best_index


class MidgameSearch:
    """Depth-limited PVS over a position's moves, with a table and history kept between calls.

    ``mode`` and ``weights`` (a flat int32 array) pick the evaluation (``reversi_eval``): Hard's features
    (the default) or, with ``PATTERNS`` and ``reversi_patterns.load_weights()``, the pattern tables. ``table_bits``
    sizes the table (2**18 entries of 24 bytes: 6 MB). ``nodes`` counts every node searched.
    """

    def __init__(self, mode: int = HARD, weights: np.ndarray = HARD_WEIGHTS, table_bits: int = 18) -> None:
        self.mode = mode
        self.weights = weights
        self.table = np.zeros((1 << table_bits, 3), dtype=np.uint64)
        self._order = np.zeros((MAX_PLY, 64), dtype=np.int64)
        self.history = np.zeros(64, dtype=np.int64)
        self._stats = np.zeros(3, dtype=np.int64)
        self.nodes = 0

    def clear(self) -> None:
        """Forget the table and the history (a new game)."""
        self.table[:] = 0
        self.history[:] = 0

    def search(self, own: int, opp: int, moves: Sequence[int], depth: int, node_limit: int = 0,
               every: bool = False, split: bool = False) -> tuple[int, list[int]] | None:
        """``(best index, values)`` of ``moves`` (squares of the side owning ``own``) searched ``depth``
        plies deep, in centi-discs; ``None`` if ``node_limit`` (0: none) stopped it. See ``search_root``."""
        if not moves:
            raise ValueError("no move to search: the side to move must pass or the game is over")
        if depth < 1:
            raise ValueError(f"depth must be at least 1, got {depth!r}")
        stats = self._stats
        stats[NODES] = 0
        stats[NODE_LIMIT] = node_limit if node_limit > 0 else np.iinfo(np.int64).max
        root = np.array(moves, dtype=np.int64)
        values = np.zeros(len(moves), dtype=np.int64)
        self.history >>= 1       # old cut-offs count, recent ones more
        best = search_root(np.uint64(own), np.uint64(opp), root, values, depth, int(every), self.mode, int(split),
                           self.table, self._order, self.history, self.weights, stats)
        self.nodes += int(stats[NODES])
        if best < 0:
            return None
        return int(best), [int(v) for v in values]
