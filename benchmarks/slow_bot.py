"""A bot that thinks hard for its whole time budget, for benchmarks/ui_timing.py.

It spins the processor (no sleeping) for 90% of its budget, then plays a
random legal move, so the UI's frame times are measured while a worker
process keeps one core fully busy. Not in ``bots/``: players never see it.
"""
from __future__ import annotations

import time

from game.rules.bot import Bot
from game.rules.core import Move, State


class SlowThinker(Bot):
    """Busy-thinks for 90% of the budget, then moves at random."""

    name = "Slow thinker"
    games = ("tictactoe",)
    description = "spins the processor for its whole budget (benchmark only)"

    def choose_move(self, state: State, budget: float) -> Move:
        deadline = time.perf_counter() + 0.9 * budget
        spins = 0
        while time.perf_counter() < deadline:
            spins += sum(i * i for i in range(200)) & 1
        return self.rng.choice(state.legal_moves())
