"""Master Tic-tac-toe: perfect play by full minimax.

The whole game (5,478 positions) is solved once per process into a table
kept on the class, so after the first call every move is a lookup. Among
moves of equal value the bot picks at random (``self.rng``), so it does not
play the same game every time, but it always wins the fastest way it can,
draws when it cannot win, and, if handed a lost position, holds out longest.
"""
from __future__ import annotations

from typing import ClassVar

from game.lang import N_
from game.rules.bot import Bot, MoveValue
from game.rules.core import Move, State
from bots.lib.minimax import Table, describe, move_values


class TicTacToePerfect(Bot):
    """Never loses; wins as fast as possible whenever the opponent slips."""

    name = "Tic-tac-toe perfect"
    games = ("tictactoe",)
    description = N_("plays perfectly: you can at best draw. Never loses, wins as fast as it can")

    #: Solved positions, shared by every instance in this process.
    _table: ClassVar[Table] = {}

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)

    def best_moves(self, state: State) -> list[Move]:
        """Every legal move of the best value, in ``legal_moves`` order."""
        values = move_values(state, self._table)
        best = max(values.values())
        return [move for move, value in values.items() if value == best]

    def choose_move(self, state: State, budget: float) -> Move:
        return self.rng.choice(self.best_moves(state))

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """Each legal move's exact value: ``'win in k'``, ``'draw'`` or ``'loss in k'``.

        ``k`` counts the winner's own moves from here (``'win in 1'`` wins with
        this move; ``'loss in 1'``: the opponent wins with their next move).
        Scores are higher for better moves: a quicker win scores more, a
        slower loss more than a quicker one.
        """
        return {move: MoveValue(float(value), describe(value), exact=True) for move, value in move_values(state, self._table).items()}
