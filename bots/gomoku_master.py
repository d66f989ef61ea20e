"""Master Gomoku: Hard with victory by threes and fours (VCT) for both sides and threat pruning in the search.

Before each move it looks for its own victory by continuous fours, then by
threes and fours (VCT: every defence of each open three is tried, so a
win it finds is proven), and for the opponent's, keeping only the moves
after which the opponent has neither. Inside the search a side facing an
open three tries only the points that stop it and its own fours, and quiet
moves late in a position's order are searched a ply shallower first
(late-move reductions), so the search reaches further than Hard's in the
same time; it takes four fifths of the budget where Hard takes a quarter. The
rest is Hard's (``bots/gomoku_hard.py``).
"""
from __future__ import annotations

from bots.gomoku_hard import GomokuHard


class GomokuMaster(GomokuHard):
    """Hard plus VCT for both sides and threat-based pruning inside the search."""

    name = "Gomoku threat search with VCT"
    description = "victory by fours and threes for both sides, then alpha-beta pruned by threats"
    vct = True
    budget_share = 0.8
    own_share, their_share = 0.15, 0.4

    def __init__(self, width: int = 16, seed: int | None = None) -> None:
        super().__init__(width=width, seed=seed)
