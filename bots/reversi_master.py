"""Master Reversi: Hard's search and exact endgame over a fitted pattern evaluation.

The same iterative-deepening PVS and exact solver as Hard
(``bots/reversi_hard.py``), with two differences that make it stronger per
second:

* the evaluation at the search's horizon is the pattern evaluation of
  ``bots/lib/reversi_patterns.py`` (edges with their X-squares, corner
  blocks, rows and diagonals, a table per band of empties), whose weights
  were fitted by least squares to positions of our own self-play labelled by
  exact endgame solves, then corrected on 6,000 games of its own search at
  depth 6 towards that search's values (exact once solved), a label without
  the noise of the game's later moves (``benchmarks/reversi_fit.py``
  ``--search-share 1 --start``; the file ships in ``assets/``);
* in play its search is selective (multi-ProbCut, Buro's method, as
  Logistello, Edax and Egaroucid search): where a search about half as deep
  says, ``confidence`` standard deviations sure, that the full search would
  fail high or low, the node is cut there. The spread it trusts was measured
  on our own positions (``benchmarks/reversi_probcut.py``, shipped in
  ``assets/reversi_probcut.npz``). It goes deeper in the same time;
* it starts the exact endgame earlier (``exact_empties``, 20 by default),
  falling back to the search when a solve does not fit its time.

Hints and ``analyse`` are Hard's, full width, with their own table: each move
exact when its solve finishes in time, the others estimates of the deepest
finished search.
"""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import check_number, check_whole
from game.rules.reversi import Reversi
from bots.lib.reversi_cut import load_cut
from bots.lib.reversi_eval import PATTERNS
from bots.lib.reversi_patterns import load_views
from bots.lib.reversi_search import MidgameSearch
from bots.reversi_hard import ReversiHard


#: How sure, in standard deviations, a shallow search's verdict must be for Master's play search to cut.
CONFIDENCE = 1.5


class ReversiMaster(ReversiHard):
    """Hard's search over the fitted pattern evaluation, solving exactly from ``exact_empties`` on."""

    name = "Reversi Master"
    description = N_("learned from thousands of its own games. "
                      "Judges positions by what thousands of its own games taught it; perfect near the end")

    def __init__(self, exact_empties: int = 20, confidence: float = CONFIDENCE, seed: int | None = None) -> None:
        """``confidence``: how sure, in standard deviations, a shallow search's verdict must be for the
        search in play to cut there (0: full width, the search behind hints)."""
        super().__init__(exact_empties=check_whole("exact_empties", exact_empties, 0, 30, "empty squares"),
                         seed=seed)
        self.confidence = check_number("confidence", confidence, 0.0, 5.0, "standard deviations")
        if self.confidence:
            self._play_search = self._new_search()
            self._play_search.select(self.confidence, *load_cut())

    def _new_search(self) -> MidgameSearch:
        return MidgameSearch(mode=PATTERNS, weights=load_views())

    @classmethod
    def warm_up(cls) -> None:
        """Hard's search kernels, and the search over the pattern evaluation (the solver: ``warm_up_later``)."""
        super().warm_up()
        state = Reversi.from_text("f5d6c3d3c4")
        MidgameSearch(mode=PATTERNS, weights=load_views(), table_bits=8).search(
            state.discs(state.turn), state.discs(1 - state.turn), state.legal_moves(), 3)
