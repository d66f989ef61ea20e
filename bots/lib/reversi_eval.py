"""Hard's evaluation of a Reversi position, and the switch between evaluations the search calls.

Scale: every evaluation returns an int in **centi-discs** for the side to
move: 100 is one disc of expected final disc difference, so a finished
game's exact score ``d`` reads ``100 * d`` and a search may mix the two.
A pattern evaluation for the Master tier must use the same scale.

``evaluate_at(own, opp, own_moves, mode, weights_at, indices, view)`` is
what the search calls at its horizon, with the mover's legal moves it has
already found. ``mode`` picks the evaluation without compiling another copy
of the search (both read a flat int32 weights array by its address,
``reversi_patterns.weights_address``, so that the search holds no array):
``HARD`` (0) is ``feature_eval_at`` below, over ``HARD_WEIGHTS``; ``PATTERNS``
(1) is the Master tier's pattern evaluation of
``bots/lib/reversi_patterns.py`` (``pattern_eval_at``'s value, read from the
pattern indices the search keeps move by move: ``indexed_eval_at``, over
``both_views`` of the fitted tables), on the same scale.

``feature_eval_at`` is a weighted sum of differences (own minus opponent) of
features the Othello literature names:

* mobility: legal moves;
* potential mobility: empty squares next to the other side's discs;
* corners held;
* X squares (b2, g2, b7, g7) and C squares (b1, a2, ...) held next to a
  corner still empty, which hand that corner over;
* stable discs on the edges (the edge table of ``reversi_board``, read as
  one table of each edge's difference, corners counted once).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from bots.lib.reversi_board import COLUMN_A, CORNERS, GATHER_COLUMN, U0, legal_moves, popcount
from bots.lib.reversi_board import EDGE_STABLE as EDGE_STABLE_TABLE
from bots.lib.reversi_board import legal_moves_inlined, neighbours_inlined
from bots.lib.reversi_patterns import indexed_eval_at, weights_address
from bots.lib.search_state import load

HARD, PATTERNS = 0, 1
#: Evaluations stay inside +-60 discs: a finished game's exact score (up to 64) outranks them.
EVAL_LIMIT = 6000
#: Feature indexes of ``HARD_WEIGHTS``.
MOBILITY, POTENTIAL, CORNER, X_SQUARE, C_SQUARE, EDGE_STABLE = range(6)
#: Centi-discs per unit of each feature (hand-set; see the module notes).
HARD_WEIGHTS = np.array([90, 35, 800, -350, -120, 120], dtype=np.int32)

#: For each corner, the X square and the two C squares beside it.
_CORNER_SQUARES = (0, 7, 56, 63)
_X_OF = np.array([1 << 9, 1 << 14, 1 << 49, 1 << 54], dtype=np.uint64)
_C_OF = np.array([(1 << 1) | (1 << 8), (1 << 6) | (1 << 15), (1 << 48) | (1 << 57), (1 << 55) | (1 << 62)],
                 dtype=np.uint64)
_CORNER_BITS = np.array([1 << s for s in _CORNER_SQUARES], dtype=np.uint64)
_X_SQUARES = np.uint64(sum(int(x) for x in _X_OF))
_C_SQUARES = np.uint64(sum(int(c) for c in _C_OF))


def _edge_stable_difference() -> np.ndarray:
    """``[own * 256 + opp]``: the mover's stable discs on an edge line minus the opponent's, its two
    corners left out (a disc on a corner is always stable, and two edges share each corner)."""
    inner = 0x7E
    own = np.arange(256)[:, None]
    opp = np.arange(256)[None, :]
    ones = np.array([b.bit_count() for b in range(256)])
    table = ones[EDGE_STABLE_TABLE & inner] - ones[EDGE_STABLE_TABLE.T & inner]
    return np.where(own & opp, 0, table).astype(np.int8).reshape(-1)


_EDGE_STABLE_DIFFERENCE = _edge_stable_difference()


@njit(cache=True)
def feature_eval_at(own, opp, weights_at):
    """Hard's evaluation of the position for ``own`` (to move), in centi-discs; ``weights_at`` is the
    address of its int32 weights (``HARD_WEIGHTS``'s layout)."""
    return feature_eval_moves(own, opp, legal_moves(own, opp), weights_at)


@njit(cache=True, inline="always")
def feature_eval_moves(own, opp, own_moves, weights_at):
    """``feature_eval_at`` given the mover's legal moves ``own_moves``."""
    empty = ~(own | opp)
    mobility = np.int64(popcount(own_moves)) - np.int64(popcount(legal_moves_inlined(opp, own)))
    potential = (np.int64(popcount(neighbours_inlined(opp) & empty))
                 - np.int64(popcount(neighbours_inlined(own) & empty)))
    corners = np.int64(popcount(own & CORNERS)) - np.int64(popcount(opp & CORNERS))
    beside_empty = U0      # the X and C squares of the empty corners, found without a branch
    for k in range(4):
        beside_empty |= (_X_OF[k] | _C_OF[k]) & (U0 - np.uint64(empty & _CORNER_BITS[k] != U0))
    x_squares = (np.int64(popcount(own & beside_empty & _X_SQUARES))
                 - np.int64(popcount(opp & beside_empty & _X_SQUARES)))
    c_squares = (np.int64(popcount(own & beside_empty & _C_SQUARES))
                 - np.int64(popcount(opp & beside_empty & _C_SQUARES)))
    s56, s7, byte = np.uint64(56), np.uint64(7), np.uint64(0xFF)
    stable = corners + np.int64(
        _EDGE_STABLE_DIFFERENCE[((own & byte) << np.uint64(8)) | (opp & byte)]
        + _EDGE_STABLE_DIFFERENCE[((own >> s56) << np.uint64(8)) | (opp >> s56)]
        + _EDGE_STABLE_DIFFERENCE[(((own & COLUMN_A) * GATHER_COLUMN >> s56) << np.uint64(8))
                                  | ((opp & COLUMN_A) * GATHER_COLUMN >> s56)]
        + _EDGE_STABLE_DIFFERENCE[((((own >> s7) & COLUMN_A) * GATHER_COLUMN >> s56) << np.uint64(8))
                                  | (((opp >> s7) & COLUMN_A) * GATHER_COLUMN >> s56)])
    return (load(np.int32, weights_at, MOBILITY) * mobility + load(np.int32, weights_at, POTENTIAL) * potential
            + load(np.int32, weights_at, CORNER) * corners + load(np.int32, weights_at, X_SQUARE) * x_squares
            + load(np.int32, weights_at, C_SQUARE) * c_squares + load(np.int32, weights_at, EDGE_STABLE) * stable)


def feature_eval(own: int, opp: int, weights: np.ndarray = HARD_WEIGHTS) -> int:
    """``feature_eval_at`` from Python ints over the int32 array ``weights`` (``HARD_WEIGHTS``'s layout)."""
    return int(feature_eval_at(np.uint64(own), np.uint64(opp), weights_address(weights, len(HARD_WEIGHTS))))


@njit(cache=True, inline="always")
def evaluate_at(own, opp, own_moves, mode, weights_at, indices, view):
    """The evaluation ``mode`` picks, for ``own`` (to move, its legal moves ``own_moves``), in
    centi-discs, kept within +-``EVAL_LIMIT``; ``weights_at`` is the address of its weights
    (``HARD_WEIGHTS``, or ``both_views`` of the pattern tables, int16); ``indices`` and ``view`` are the
    pattern indices the search keeps and the side they are read from (``indexed_eval_at``)."""
    if mode == PATTERNS:
        value = np.int64(indexed_eval_at(indices, own, opp, own_moves, view, weights_at))
    else:
        value = np.int64(feature_eval_moves(own, opp, own_moves, weights_at))
    return max(-EVAL_LIMIT, min(EVAL_LIMIT, value))
