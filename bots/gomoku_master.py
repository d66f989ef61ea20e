"""Master Gomoku: Hard with victory by threes and fours (VCT) for both sides and threat pruning in the search.

Before each move it looks for its own victory by continuous fours, then by
threes and fours (VCT: every defence of each open three is tried, so a
win it finds is proven), and for the opponent's, keeping only the moves
after which the opponent has neither. Inside the search a side facing an
open three tries only the points that stop it and its own fours, and when
they are three or fewer they use up no depth (a victory by threes is seen
further ahead); quiet
moves late in a position's order are searched shallower first, the more
the deeper the node and the later the move (late-move reductions), quiet
moves past a count that grows with the depth are skipped, a node whose
static value stands well above beta is cut, and at the horizon the side
to move may play on with fours (``gomoku_engine.log_selectivity`` and the
quiescence search, ``quiesce``), so the search reaches further than
Hard's in the same time. Its evaluation, which also weighs the points
where two lines help each other (``gomoku_board.point_shape``),
is fitted to the results of games (below) where Hard's is set by hand, and
it takes nine tenths of the budget where Hard takes a quarter. The rest is
Hard's (``bots/gomoku_hard.py``).
"""
from __future__ import annotations

import numpy as np

from game.lang import N_
from bots.gomoku_hard import GomokuHard
from bots.lib.gomoku_engine import log_selectivity

#: Master's evaluation (``gomoku_board.POINT_VALUES`` and ``gomoku_engine.EVAL_TERMS``), fitted to the results of
#: 420 games of Master against Hard (``benchmarks/gomoku_fit.py``, 12,440 positions): closed threes and fours
#: and open fours weigh more than the hand-set values, twos and ones less, and a point where the opponent
#: makes a four-three counts against the side to move. The shape-class terms (the last eight) were fitted
#: on top of them (``--shapes-only``) on 360 games of Master against Hard at 0.2 s a move (seeds 7 and 8):
#: held-out squared error 0.1399 without them, 0.1308 with. A fit of all of them on 480 games of Master against
#: itself at 0.2 s a move (``gomoku_fit.py --opponent master``, seeds 41-48; held-out error 0.1709 against these
#: weights' 0.1843, with Black's constant) was not kept: it scored 45-50 with 5 draws against these in 100 games
#: at 0.2 s a move (arena, seed 62), a fit on the first 240 of them 30-29 with a draw in 60 (seed 61), a fit keeping
#: the values of ones, twos and closed threes (which also order the moves) 45-49 with 6 draws in 100 (seed 65).
FITTED_VALUES = np.array([0, 0, 0, 5, 5, 41, 48, 110, 396, 400, 0], np.int64)
FITTED_TERMS = np.array([353, 3082, 2349, 351, -61, 468, 60, 169, 69, 53, -24, 176, 18, 48, -22], np.int64)


class GomokuMaster(GomokuHard):
    """Hard plus VCT for both sides and threat-based pruning inside the search."""

    name = "Gomoku threat search with VCT"
    description = N_("a strong player who sees long forcing attacks. "
                      "Victory by fours and threes for both sides, then alpha-beta pruned by threats")
    vct = True
    budget_share = 0.9
    start_before = 0.7
    own_share, their_share = 0.15, 0.4
    point_values = FITTED_VALUES
    eval_terms = FITTED_TERMS

    #: Up to six fours in a row at the horizon; an open three with up to three answers extends the search.
    #: Without the extension Master beat itself with it 53-44-3 in 100 games at 0.2 s a move and 20-18-2 in 40 at
    #: 1 s (arena), but against Rapfi at 1 s against 0.25 s scored 30.5 of 120 where with it 38 of 120 (same
    #: openings, same hours; ``benchmarks/gomoku_rapfi.py`` seeds 2026-2028): it stays.
    quiesce = 6
    extend = 3

    @staticmethod
    def selectivity() -> tuple[np.ndarray, np.ndarray, int, int] | None:
        return log_selectivity()

    def __init__(self, width: int = 16, seed: int | None = None) -> None:
        super().__init__(width=width, seed=seed)
