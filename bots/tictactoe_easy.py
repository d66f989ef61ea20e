"""Easy Tic-tac-toe: random moves, except that it never misses a win in one."""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot
from game.rules.core import Move, State
from bots.lib.tictactoe_lines import completing_cells


class TicTacToeEasy(Bot):
    """Completes a line when it can; otherwise plays any empty cell at random.

    It never blocks, so a player who makes two in a row wins unless Easy
    happens to wander into the gap.
    """

    name = "Tic-tac-toe random"
    games = ("tictactoe",)
    description = N_("plays at random, but always takes a win")

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)

    def choose_move(self, state: State, budget: float) -> Move:
        wins = completing_cells(state.board, state.mark(state.turn))
        return self.rng.choice(wins or state.legal_moves())
