"""Easy Connect Four: takes a win in one, blocks a loss in one, else drops near the middle at random."""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot
from game.rules.connect4 import ConnectFour
from bots.lib.connect4_board import centre_weights, winning_columns


class ConnectFourEasy(Bot):
    """Wins or blocks when a line is one disc from done; otherwise random, central columns likelier.

    It looks no further than the next disc, so it walks into two threats at
    once and happily plays under a cell the opponent needs.
    """

    name = "Connect Four random"
    games = ("connect4",)
    description = N_("plays fast and makes mistakes. Wins or blocks when it can, else plays near the middle")

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)

    def choose_move(self, state: ConnectFour, budget: float) -> int:
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        wins = winning_columns(state, state.turn)
        if wins:
            return self.rng.choice(wins)
        blocks = winning_columns(state, 1 - state.turn)
        if blocks:
            return self.rng.choice(blocks)
        weights = centre_weights(state.cols)
        return self.rng.choices(moves, weights=[weights[c] for c in moves])[0]
