"""A bot for every game: Monte Carlo tree search over the rules alone.

It knows nothing of any game but its ``State`` (legal moves, push, pop,
outcome), so it plays every game of the catalogue, games registered after it
was written included (``games = ALL_GAMES``): a new game is playable against
something, and has hints, before it has bots of its own. A game that
``config.yaml`` does not mention gets its tiers from it
(``game/match/untuned.py``: Easy, Medium and Hard by the number of
iterations, each within the move's time).

Its search is ``bots/lib/mcts.py`` with random playouts: each iteration plays
the game on at random from a new node to the end (or ``PLAYOUT_PLIES``
plies, then no opinion) and credits each seat with its place. A move's value
for Hint and ``main.py analyse`` is the mean reward the playouts through it
gave the seat to move, an estimate, never proven: ``'about 70% (estimate)'``,
positive scores above a draw's 50%.
"""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import ALL_GAMES, Bot, MoveValue, check_whole
from game.rules.core import Move, State
from bots.lib.clock import Deadline
from bots.lib.mcts import Mcts

#: Part of the budget a search may use: the rest covers the worker process's overhead.
BUDGET_SHARE = 0.8
#: Plies a playout may last before it stops with no opinion (each seat rewarded 0.5).
PLAYOUT_PLIES = 400


class AnyGameTreeSearch(Bot):
    """UCT with random playouts, ``iterations`` per move at most, within the move's time."""

    name = "Tree search"
    games = ALL_GAMES
    description = N_("plays any game from its rules alone. Monte Carlo tree search with random playouts, "
                      "with no strategy of its own")

    def __init__(self, iterations: int = 1000, seed: int | None = None) -> None:
        """``iterations``: the most tree-search iterations per move (the time budget may stop it sooner)."""
        super().__init__(seed=seed)
        self.iterations = check_whole("iterations", iterations, 1, 10_000_000, "tree-search iterations per move")
        self.search = Mcts(playout_plies=PLAYOUT_PLIES)

    def choose_move(self, state: State, budget: float) -> Move:
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        best = self.search.search(state, self.rng, Deadline.for_move(budget, BUDGET_SHARE), self.iterations).best()
        return moves[0] if best is None else best

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """Each move the search tried: the share of the playouts through it that went the way of
        the seat to move (a win counting whole, a draw half), as an estimate."""
        stats = self.search.search(state, self.rng, Deadline.for_move(budget, BUDGET_SHARE), self.iterations)
        return {move: MoveValue(mean - 0.5, f"about {round(100 * mean)}% (estimate)")
                for move, visits, mean in zip(stats.moves, stats.visits, stats.means) if visits}
