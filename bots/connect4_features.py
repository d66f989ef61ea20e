"""Medium Connect Four: seed 001's feature bot ("AI玩转重力四子棋").

The article scores a board by its chess strings (``bots/lib/connect4_strings.py``):
each player's total is the sum of ``chessvalue(l, d1, d2)`` over their
strings. To choose a move it drops a disc in each open column and ranks the
columns by the change of both totals: own gain − 2 × opponent gain, so
spoiling the opponent's strings counts double.

The article's conclusion says the recommendation looks two steps ahead, at
the board after its own disc and after the opponent's reply, while the code
it lists stops after its own disc. This bot does what the text says:

1. A column that wins now is played (the article: "a score over a million
   is a win").
2. Otherwise each column is dropped in, then the opponent's reply is chosen
   by the same one-step rule from the opponent's side (their gain − 2 × the
   bot's gain), and the column is worth the bot's total change − 2 × the
   opponent's total change over the two plies, measured from the position
   now. A column that ends the game (a full board) is judged after one ply.

Choices where the article is unclear, and what is done here:

* The article's listed ranking multiplies the changes by ``[1, -2]`` and
  then subtracts, which adds twice the opponent's change for Red and ranks
  Yellow's winning column last in its own example; its stated rule ("own
  gain − opponent gain", opponent weighted by 2) is what is implemented.
  tests/test_connect4_bots.py checks that the totals and per-column changes
  here reproduce every number the article prints, combined its way.
* Among columns of equal value the article's ``argsort`` takes the
  rightmost; this bot draws one with ``self.rng`` so games vary.
* The opponent's modelled reply breaks ties by the leftmost column.
"""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot, MoveValue
from game.rules.connect4 import ConnectFour
from bots.lib.connect4_strings import StringBoard


class ConnectFourFeatures(Bot):
    """Seed 001's chess-string scoring: own gain − 2 × opponent gain, two plies ahead."""

    name = "Connect Four features"
    games = ("connect4",)
    description = N_("thinks two moves ahead. Looks two moves ahead and values rows of discs")

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)

    def choose_move(self, state: ConnectFour, budget: float) -> int:
        values = self.column_values(state)
        if not values:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        best = max(values.values())
        return self.rng.choice([col for col, value in values.items() if value == best])

    def analyse(self, state: ConnectFour, budget: float) -> dict[int, MoveValue]:
        """Each column's two-ply change (own − 2 × opponent), as a number like ``+111,000``."""
        return {col: MoveValue(float(value), f"{value:+,}") for col, value in self.column_values(state).items()}

    def column_values(self, state: ConnectFour) -> dict[int, int]:
        """Every legal column's value by the article's rule (a win now scores above all)."""
        state = state.copy()
        board = StringBoard.of_state(state)
        me = state.turn
        base = board.totals()
        values: dict[int, int] = {}
        wins = []
        for col in state.legal_moves():
            state.push(col)
            board.drop(col, state.disc(me))
            outcome = state.outcome()
            if outcome is not None and outcome.winners:
                wins.append(col)
            if outcome is not None:
                values[col] = self._gain(board.totals(), base, me)
            else:
                reply_base = board.totals()
                reply = self._best_reply(state, board, reply_base)
                state.push(reply)
                board.drop(reply, state.disc(1 - me))
                values[col] = self._gain(board.totals(), base, me)
                board.undo(reply)
                state.pop()
            board.undo(col)
            state.pop()
        if wins:
            top = max(values.values())
            for col in wins:
                values[col] = max(values[col], top + 1)
        return values

    @classmethod
    def _best_reply(cls, state: ConnectFour, board: StringBoard, base: tuple[int, int]) -> int:
        """The reply the one-step rule picks for the side to move (leftmost on a tie)."""
        mover = state.turn
        best_col, best_value = -1, 0
        for col in state.legal_moves():
            board.drop(col, state.disc(mover))
            value = cls._gain(board.totals(), base, mover)
            board.undo(col)
            if best_col < 0 or value > best_value:
                best_col, best_value = col, value
        return best_col

    @staticmethod
    def _gain(totals: tuple[int, int], base: tuple[int, int], seat: int) -> int:
        """``seat``'s total change − 2 × the other seat's total change."""
        return (totals[seat] - base[seat]) - 2 * (totals[1 - seat] - base[1 - seat])
