"""Easy Chinese Checkers: one move ahead, the most progress toward the goal, with noise."""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot
from game.rules.chinesecheckers import PASS, TIP_DISTANCE, ChineseCheckers, goal_point
from game.rules.core import Move


class ChineseCheckersEasy(Bot):
    """Plays the move that brings its marble closest to the goal's tip, give or take.

    A move's progress is the number of steps it gains toward the far tip of
    the goal. Each move gets a random bonus of up to ``noise`` steps, so a
    long jump chain is nearly always taken but among similar moves Easy picks
    at random, and now and then it prefers a short move to a slightly longer
    one. It does not look at what its move leaves behind or sets up.
    """

    name = "Chinese Checkers hopper"
    games = ("chinesecheckers",)
    description = N_("hops toward home, not always the best hop. "
                      "Hops as far toward home as it can, not always the best hop")

    def __init__(self, noise: float = 2.0, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        if not 0.0 <= noise <= 100.0:
            raise ValueError(f"noise must be from 0 to 100 steps, got {noise}")
        self.noise = noise

    def choose_move(self, state: ChineseCheckers, budget: float) -> Move:
        moves = state.legal_moves()
        if moves == [PASS]:
            return PASS
        tip = TIP_DISTANCE[goal_point(state.seat_point(state.turn))]
        return max(moves, key=lambda m: tip[m[0]] - tip[m[-1]] + self.noise * self.rng.random())
