"""The exact Reversi endgame solver: the final disc difference under perfect play, in numba.

Scores are the final disc difference for the side to move with the empty
squares going to the winner (the FFO suite's and the world federation's
count), so every final score is even. The search is negamax alpha-beta,
fail-soft, in two layers:

* Near the end (``SHALLOW`` empties or fewer) a search without a table
  that passes only integers: moves in quadrants holding an odd number of
  empties first (parity: the last move of such a region tends to be ours),
  an empty square is tried only if it touches an opponent disc, and the
  last two empties have their own code, the very last only counting what it
  would flip (and the opponent's flips only when the score could still beat
  alpha). A side with no move there is the other side's minimum, found
  without a second call. The flips, moves and neighbours kernels and the
  three- and two-empties solvers are compiled into their callers (a call
  between numba kernels costs more than these leaves' work).
* Above it, PVS with a transposition table (``ttable``'s buckets: both
  disc masks stored, so a hit is never another position; two entries per
  bucket, the one nearer the end replaced first) keeping a lower and an upper bound and the best
  move. Moves are ordered by the table's move first, then fastest first
  (fewest replies for the opponent, a corner reply counting twice), then
  the corners held, the opponent's potential mobility, the static worth of
  the square and odd regions (a lone move is searched at once, unordered). A node whose alpha already reaches what the
  opponent's stable discs leave us is cut off (tried only from an alpha
  where that pays), and from ``ETC_EMPTIES`` empties a child whose stored
  bound already refutes the window cuts before any child is searched
  (enhanced transposition cutoff).

Every search is a null window (``alpha, alpha + 1``), so the kernels take
one bound, ``alpha``, and keep no principal-variation re-search.

``Solver`` is the Python face: its table and buffers are allocated once
and kept between solves (everything in the table stays true). It finds a
score by null-window searches (MTD(f) from 0): each probe's fail-soft answer
is a bound and the next probe stands just past it, until the bounds meet;
each probe crosses into numba once and reuses the table of the ones before.
On the FFO suite that visits fewer nodes than one search of the full window
(whose first, full-window subtree is costly). A node limit stops a search (``SolveAborted``)
so a bot can stay inside its time.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from bots.lib.search_state import address_of
from bots.lib.reversi_board import (
    CORNERS, U0, U1, bucket, final_score, insert_sorted, last_flip_count, lowest_bit_index, odd_regions,
    popcount, stable_discs)
from bots.lib.reversi_board import flips_inlined as flips, legal_moves_inlined as legal_moves, \
    neighbours_inlined as neighbours
from bots.lib.ttable import (bucket_find, bucket_move, bucket_put, bucket_table, bucket_victim, bucket_word, lower_of,
                             pack_bounds, upper_of)

INF = 127
SCORE_MAX = 64
#: Empties at and below which the search runs without the table.
SHALLOW = 7
#: Rows of the move-order buffer: one per ply of a search (passes included).
MAX_PLY = 96
#: The search's state, one record set up once per solver (``bots/lib/search_state.py``): the
#: table's address and index mask (``ttable``'s buckets, the empties as the depth), the node counters and limit, the root's
#: best move, and per-ply rows of sorted move keys.
STATE = np.dtype([
    ("table_at", np.uint64), ("table_mask", np.uint64),
    ("nodes", np.int64), ("examined", np.int64), ("node_limit", np.int64), ("aborted", np.int64), ("best_move", np.int64),
    ("order", np.int64, (MAX_PLY, 64)),
])
NO_MOVE = 255
#: ``NEIGHBOURS[square]``: the squares around ``square``.
NEIGHBOURS = np.array([int(neighbours(np.uint64(1 << sq))) & ~(1 << sq) for sq in range(64)], dtype=np.uint64)
#: Worth of a square when all else is equal (higher first): corners, then the edges' A and B squares and
#: the inner ring, C and X squares last.
SQUARE_WORTH = np.array([
    18, 4, 16, 12, 12, 16, 4, 18,
    4, 2, 6, 8, 8, 6, 2, 4,
    16, 6, 14, 10, 10, 14, 6, 16,
    12, 8, 10, 0, 0, 10, 8, 12,
    12, 8, 10, 0, 0, 10, 8, 12,
    16, 6, 14, 10, 10, 14, 6, 16,
    4, 2, 6, 8, 8, 6, 2, 4,
    18, 4, 16, 12, 12, 16, 4, 18], dtype=np.int64)
#: ``STABILITY_ALPHA[empties]``: the alpha from which a node tries the stability cutoff; below it the
#: opponent's stable discs are seldom enough to cut, and counting them costs more than it saves.
STABILITY_ALPHA = np.array([99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30,
                            32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
                            56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64]
                           + [99] * 17, dtype=np.int64)
#: Empties from which a node first looks its children up in the table (enhanced transposition cutoff).
ETC_EMPTIES = 12


# -- the last empties ---------------------------------------------------------------
# Every solve is a sequence of null-window probes, so the kernels take one bound ``alpha``: the
# window is ``alpha, alpha + 1`` and a score above ``alpha`` is a lower bound, at or below it an upper bound.
@njit(cache=True, inline="always")
def _last1(own, opp, alpha, square):
    """The final score with one empty ``square`` left, for the side to move (fail-soft about ``alpha``).

    When our move there turns nothing, the best we can then reach (the opponent unable to play too) is
    worked out first; if that is no more than ``alpha`` it is returned as the upper bound it is, and the
    opponent's flips are never counted."""
    count = np.int64(popcount(own))
    turned = last_flip_count(own, square)
    if turned:
        return 2 * (count + turned + 1) - SCORE_MAX
    top = 2 * count - 62 if 2 * count > 63 else 2 * count - SCORE_MAX
    if top <= alpha:
        return top
    turned = last_flip_count(opp, square)
    if turned:
        return 2 * (count - turned) - SCORE_MAX
    return top


@njit(cache=True)
def _last2(own, opp, alpha, x1, x2, split):
    """``(score, nodes)`` with the two empties ``x1`` and ``x2`` left (fail-soft about ``alpha``)."""
    b1 = U1 << np.uint64(x1)
    b2 = U1 << np.uint64(x2)
    nodes = 1
    best = -INF
    if NEIGHBOURS[x1] & opp:
        turned = flips(own, opp, x1)
        if turned:
            best = -_last1(opp & ~turned, own | turned | b1, -alpha - 1, x2)
            nodes += 1
            if best > alpha:
                return best, nodes
    if NEIGHBOURS[x2] & opp:
        turned = flips(own, opp, x2)
        if turned:
            score = -_last1(opp & ~turned, own | turned | b2, -alpha - 1, x1)
            nodes += 1
            if score > best:
                best = score
    if best > -INF:
        return best, nodes
    # No move: the opponent plays, and our score is the least of its replies.
    worst = INF
    if NEIGHBOURS[x1] & own:
        turned = flips(opp, own, x1)
        if turned:
            worst = _last1(own & ~turned, opp | turned | b1, alpha, x2)
            nodes += 1
            if worst <= alpha:
                return worst, nodes
    if NEIGHBOURS[x2] & own:
        turned = flips(opp, own, x2)
        if turned:
            score = _last1(own & ~turned, opp | turned | b2, alpha, x1)
            nodes += 1
            if score < worst:
                worst = score
    if worst < INF:
        return worst, nodes
    return final_score(own, opp, split), nodes


@njit(cache=True)
def _solve3(own, opp, alpha, x1, x2, x3, split):
    """``(score, nodes)`` with the three empties ``x1, x2, x3`` left, tried in that order."""
    nodes = 1
    best = -INF
    for k in range(3):
        square, a, b = (x1, x2, x3) if k == 0 else (x2, x1, x3) if k == 1 else (x3, x1, x2)
        if NEIGHBOURS[square] & opp == U0:
            continue
        turned = flips(own, opp, square)
        if turned == U0:
            continue
        score, counted = _last2(opp & ~turned, own | turned | (U1 << np.uint64(square)), -alpha - 1, a, b, split)
        nodes += counted
        if -score > best:
            best = -score
            if best > alpha:
                return best, nodes
    if best > -INF:
        return best, nodes
    worst = INF
    for k in range(3):
        square, a, b = (x1, x2, x3) if k == 0 else (x2, x1, x3) if k == 1 else (x3, x1, x2)
        if NEIGHBOURS[square] & own == U0:
            continue
        turned = flips(opp, own, square)
        if turned == U0:
            continue
        score, counted = _last2(own & ~turned, opp | turned | (U1 << np.uint64(square)), alpha, a, b, split)
        nodes += counted
        if score < worst:
            worst = score
            if worst <= alpha:
                return worst, nodes
    if worst < INF:
        return worst, nodes
    return final_score(own, opp, split), nodes


@njit(cache=True, inline="always")
def _pick(k, x1, x2, x3, x4):
    """Square ``k`` of four and the other three, in their order."""
    if k == 0:
        return x1, x2, x3, x4
    if k == 1:
        return x2, x1, x3, x4
    if k == 2:
        return x3, x1, x2, x4
    return x4, x1, x2, x3


@njit(cache=True)
def _solve4(own, opp, alpha, split):
    """``(score, nodes)`` with four empties left, those of odd quadrants tried first."""
    empty = ~(own | opp)
    odd = empty & odd_regions(empty)
    # The four squares, those in odd quadrants first, each group lowest first.
    x1 = x2 = x3 = x4 = np.int64(0)
    pending = odd
    rest = empty & ~odd
    for k in range(4):
        if pending == U0:
            pending = rest
            rest = U0
        square = np.int64(lowest_bit_index(pending))
        pending &= pending - U1
        if k == 0:
            x1 = square
        elif k == 1:
            x2 = square
        elif k == 2:
            x3 = square
        else:
            x4 = square
    nodes = 1
    best = -INF
    for k in range(4):
        square, a, b, c = _pick(k, x1, x2, x3, x4)
        if NEIGHBOURS[square] & opp == U0:
            continue
        turned = flips(own, opp, square)
        if turned == U0:
            continue
        score, counted = _solve3(opp & ~turned, own | turned | (U1 << np.uint64(square)), -alpha - 1, a, b, c, split)
        nodes += counted
        if -score > best:
            best = -score
            if best > alpha:
                return best, nodes
    if best > -INF:
        return best, nodes
    # No move: the opponent's replies; the pass counts as a node, as a call at 4 empties would
    # (and as Edax's ``search_solve_4`` counts it), unless the game is over.
    worst = INF
    nodes += 1
    for k in range(4):
        square, a, b, c = _pick(k, x1, x2, x3, x4)
        if NEIGHBOURS[square] & own == U0:
            continue
        turned = flips(opp, own, square)
        if turned == U0:
            continue
        score, counted = _solve3(own & ~turned, opp | turned | (U1 << np.uint64(square)), alpha, a, b, c, split)
        nodes += counted
        if score < worst:
            worst = score
            if worst <= alpha:
                return worst, nodes
    if worst < INF:
        return worst, nodes
    return final_score(own, opp, split), nodes - 1


# -- the table --------------------------------------------------------------------------
@njit(cache=True)
def _store(table_at, slot, own, opp, lower, upper, move, empties):
    """Merge bounds (and the best move, if any) of a position into its bucket of the table at ``table_at``.

    A new position replaces the entry nearer the end of the game (cheaper to find again)."""
    entry = bucket_find(table_at, slot, own, opp)
    if entry >= 0:
        info = bucket_word(table_at, entry)
        if move == NO_MOVE:
            move = bucket_move(info)
        lower = max(lower, lower_of(info))
        upper = min(upper, upper_of(info))
    else:
        entry = bucket_victim(table_at, slot)
    bucket_put(table_at, entry, own, opp, pack_bounds(lower, upper, empties, move))


# -- the search ---------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _weighted_count(squares):
    """How many ``squares``, corners counted twice."""
    return np.int64(popcount(squares)) + np.int64(popcount(squares & CORNERS))


@njit(cache=True, inline="always")
def _weighted_mobility(own, opp):
    """Moves of ``own`` with corners counted twice."""
    return _weighted_count(legal_moves(own, opp))


@njit(cache=True, inline="always")
def _corner_stability(discs):
    """How many of ``discs`` are corners or held beside a corner of theirs along an edge (cannot turn)."""
    held = discs & CORNERS
    near = ((held & np.uint64(0x0100000000000001)) << U1) | ((held & np.uint64(0x8000000000000080)) >> U1) \
        | ((held & np.uint64(0x0000000000000081)) << np.uint64(8)) | ((held & np.uint64(0x8100000000000000)) >> np.uint64(8))
    return np.int64(popcount((near | held) & discs))


@njit(cache=True)
def _solve_small(own, opp, alpha, empties, split):
    """``(score, nodes)`` of a position with at most four empties (fail-soft about ``alpha``)."""
    if empties == 4:
        return _solve4(own, opp, alpha, split)
    empty = ~(own | opp)
    if empties == 0:
        return final_score(own, opp, split), 0
    x1 = np.int64(lowest_bit_index(empty))
    if empties == 1:
        return _last1(own, opp, alpha, x1), 1
    empty &= empty - U1
    x2 = np.int64(lowest_bit_index(empty))
    if empties == 2:
        return _last2(own, opp, alpha, x1, x2, split)
    empty &= empty - U1
    return _solve3(own, opp, alpha, x1, x2, np.int64(lowest_bit_index(empty)), split)


@njit(cache=True)
def _search(st, own, opp, alpha, empties, ply, split):
    """The score of a position with more than four empties, fail-soft about the null window ``alpha, alpha + 1``.

    ``st`` is the search's ``STATE`` record. Up to ``SHALLOW`` empties (below
    the root) without the table; above, with it. At ``ply`` 0 the best move
    is left in ``st.best_move``.
    The search is the only recursive kernel: numba's cache cannot reload
    a recursive function that calls another.
    """
    st.nodes += 1
    if empties <= SHALLOW and ply > 0:
        if alpha >= STABILITY_ALPHA[empties]:
            top = SCORE_MAX - 2 * np.int64(popcount(stable_discs(opp, own)))
            if top <= alpha:
                return top
        empty = ~(own | opp)
        odd = odd_regions(empty)
        best = -INF
        for stage in range(2):
            pending = empty & odd if stage == 0 else empty & ~odd
            while pending:
                square = np.int64(lowest_bit_index(pending))
                bit = U1 << np.uint64(square)
                pending ^= bit
                if NEIGHBOURS[square] & opp == U0:
                    continue
                turned = flips(own, opp, square)
                if turned == U0:
                    continue
                if empties == 5:
                    score, counted = _solve4(opp & ~turned, own | turned | bit, -alpha - 1, split)
                    st.nodes += counted
                    score = -score
                else:
                    score = -_search(st, opp & ~turned, own | turned | bit, -alpha - 1, empties - 1, ply + 1, split)
                if score > best:
                    best = score
                    if score > alpha:
                        return best
        if best == -INF:
            if legal_moves(opp, own) == U0:
                return final_score(own, opp, split)
            return -_search(st, opp, own, -alpha - 1, empties, ply + 1, split)
        return best

    if st.nodes >= st.node_limit:
        st.aborted = 1
        return 0
    moves = legal_moves(own, opp)
    if moves == U0:
        if legal_moves(opp, own) == U0:
            return final_score(own, opp, split)
        score = -_search(st, opp, own, -alpha - 1, empties, ply + 1, split)
        if ply == 0:
            st.best_move = -1
        return score
    # Stability: what the opponent's unturnable discs leave us may already be no better than alpha.
    if alpha >= STABILITY_ALPHA[empties] and ply > 0:
        top = SCORE_MAX - 2 * np.int64(popcount(stable_discs(opp, own)))
        if top <= alpha:
            return top
    table_at = st.table_at
    slot = bucket(own, opp, st.table_mask)
    hash_move = NO_MOVE
    entry = bucket_find(table_at, slot, own, opp)
    if entry >= 0:
        info = bucket_word(table_at, entry)
        hash_move = bucket_move(info)
        if ply > 0:
            lower = lower_of(info)
            if lower > alpha:
                return lower
            upper = upper_of(info)
            if upper <= alpha:
                return upper
    # Order the moves: the table's move, then fastest first (fewest replies, corners counted twice),
    # then the corners we hold, the opponent's potential mobility, the square and its region's parity.
    # A child the table already proves above alpha for us ends the search (enhanced transposition cutoff).
    # A lone move is neither ordered nor looked up (its own node looks itself up): it is searched at once.
    # Each child ordered or looked up is counted in ``st.examined`` (at most once a visit).
    count = 0
    empty = ~(own | opp)
    odd = odd_regions(empty)
    several = moves & (moves - U1) != U0
    etc = empties >= ETC_EMPTIES and ply > 0 and several
    pending = moves
    while pending:
        square = np.int64(lowest_bit_index(pending))
        bit = U1 << np.uint64(square)
        pending ^= bit
        if not several:
            st.order[ply, 0] = square
            count = 1
            break
        turned = flips(own, opp, square)
        child_own = opp & ~turned
        child_opp = own | turned | bit
        if etc:
            st.examined += 1
            child = bucket_find(table_at, bucket(child_own, child_opp, st.table_mask), child_own, child_opp)
            if child >= 0:
                score = -upper_of(bucket_word(table_at, child))
                if score > alpha:
                    _store(table_at, slot, own, opp, score, np.int64(SCORE_MAX), square, empties)
                    return score
        if square == hash_move:
            key = 0
        else:
            if not etc:
                st.examined += 1
            key = (1 << 20) + (_weighted_mobility(child_own, child_opp) << 15) \
                - (_corner_stability(child_opp) << 11) \
                + (_weighted_count(neighbours(child_opp) & empty & ~bit) << 5) - SQUARE_WORTH[square]
            if odd & bit:
                key -= 8
        insert_sorted(st.order[ply], count, key * 64 + square)
        count += 1
    best = -INF
    best_move = NO_MOVE
    for i in range(count):
        square = st.order[ply, i] & 63
        bit = U1 << np.uint64(square)
        turned = flips(own, opp, square)
        child_own = opp & ~turned
        child_opp = own | turned | bit
        if empties <= 5:
            score, counted = _solve_small(child_own, child_opp, -alpha - 1, empties - 1, split)
            st.nodes += counted
            score = -score
        else:
            score = -_search(st, child_own, child_opp, -alpha - 1, empties - 1, ply + 1, split)
        if st.aborted:
            return 0
        if score > best:
            best = score
            best_move = square
            if score > alpha:
                break
    if best > alpha:   # the constants typed, not literal: _store is compiled once
        _store(table_at, slot, own, opp, best, np.int64(SCORE_MAX), best_move, empties)
    else:
        _store(table_at, slot, own, opp, -SCORE_MAX, best, np.int64(NO_MOVE), empties)
    if ply == 0:
        st.best_move = best_move
    return best


@njit(cache=True)
def solve_kernel(state, own, opp, alpha, split, node_limit):
    """The score of a position about the null window ``alpha, alpha + 1`` (fail-soft: above ``alpha`` a
    lower bound, else an upper bound); its best move in ``state[0].best_move``.

    ``state`` is the one-record ``STATE`` array; the counters are reset and
    ``node_limit`` set here, so Python crosses into numba once per solve.
    """
    st = state[0]
    empties = 64 - np.int64(popcount(own | opp))
    st.nodes = 0
    st.examined = 0
    st.aborted = 0
    st.best_move = -1
    st.node_limit = node_limit
    return _search(st, own, opp, alpha, empties, np.int64(0), split)


# -- Python face --------------------------------------------------------------------------
class SolveAborted(RuntimeError):
    """A solve stopped at its node limit before it proved its result."""


@dataclass(frozen=True)
class Solved:
    """A solved position: its exact ``score`` (final disc difference for the side to move, empties to
    the winner), a ``move`` reaching it (a square, or -1 for a pass or a finished game), the
    ``nodes`` searched, and the children ``examined`` without being searched (made to order the
    moves or looked up in the table: Edax counts them among its nodes, see ``Solver``)."""

    score: int
    move: int
    nodes: int
    examined: int = 0


class Solver:
    """Exact endgame scores, with a transposition table kept between solves.

    ``table_bits``: the table holds ``2 ** table_bits`` entries of 24 bytes
    (the default 2**20: 24 MB). ``nodes`` counts every position searched
    (those with at least one empty square) since the solver was made.

    Two counts of a solve (``Solved``): ``nodes``, the positions searched,
    and ``examined``, the children made and looked at without being searched:
    at a node with the table and more than one move, each child whose
    ordering key is worked out (the table's move has none) or that is looked
    up for a transposition cutoff, once however many of the two. Edax counts
    both kinds among its nodes (``COUNT_NODES 7`` in its ``stats.h``: a child
    sorted in ``movelist_evaluate_fast`` and one probed in
    ``search_ETC_NWS`` each add a node), so ``nodes + examined`` is a node
    count of Edax's definition; if anything lower, as Edax counts a child both
    probed and sorted twice, and the nodes of its sorting searches too.
    """

    def __init__(self, table_bits: int = 20) -> None:
        if not 4 <= table_bits <= 28:
            raise ValueError(f"table_bits must be from 4 to 28, got {table_bits!r}")
        self._table = bucket_table(table_bits)
        self._state = np.zeros(1, dtype=STATE)
        self._state[0]["table_at"] = address_of(self._table)
        self._state[0]["table_mask"] = self.table.shape[0] - 1
        self._split = False
        self.nodes = 0

    @property
    def table(self) -> np.ndarray:
        """The transposition table (read-only attribute: the kernels hold its address)."""
        return self._table

    def clear(self) -> None:
        """Forget every stored bound (the memory is kept)."""
        self.table[:] = 0

    def solve(self, own: int, opp: int, alpha: int = -SCORE_MAX, beta: int = SCORE_MAX,
              node_limit: int = 0, split: bool = False) -> Solved:
        """The exact score of the position (``own`` to move) and a best move.

        ``split``: a game that ends with empty squares gives half of them to
        each side (the odd one to the winner), rather than all to the winner.
        With a narrower ``alpha, beta`` the score is exact only inside it: a
        score at or below ``alpha`` is an upper bound, at or above ``beta`` a
        lower bound. ``node_limit`` (0: none) raises ``SolveAborted`` when reached.
        """
        if own & opp:
            raise ValueError(f"the two disc masks overlap: {own:#x} and {opp:#x}")
        if split != self._split:
            self.clear()             # the stored bounds were of the other count
            self._split = split
        limit = node_limit if node_limit > 0 else np.iinfo(np.int64).max
        # Null windows, each probe's fail-soft answer a bound, until the bounds meet or leave the window.
        lower, upper = -SCORE_MAX, SCORE_MAX          # the true score lies in [lower, upper]
        probe = max(alpha + 1, min(0, beta))
        move, nodes, examined = -1, 0, 0
        while lower < upper and upper > alpha and lower < beta:
            score = int(solve_kernel(self._state, np.uint64(own), np.uint64(opp), probe - 1, int(split),
                                     limit - nodes))
            st = self._state[0]
            nodes += int(st["nodes"])
            examined += int(st["examined"])
            if st["aborted"]:
                self.nodes += nodes
                raise SolveAborted(f"node limit {node_limit} reached")
            if score >= probe:
                lower, move = score, int(st["best_move"])
                probe = min(lower + 1, beta)
            else:
                upper = score
                if move < 0 or lower == -SCORE_MAX:
                    move = int(st["best_move"])
                probe = max(upper, alpha + 1)
        self.nodes += nodes
        if lower == upper or lower >= beta:
            return Solved(lower, move, nodes, examined)
        return Solved(upper, move, nodes, examined)
