"""An example bot: everything a bot author needs, in one file.

Copy this file to ``bots/my_bot.py``, rename the class, change ``name`` and
``choose_move``, and start the game: your bot appears in every seat menu of
the games it lists, under its own name. Measure it against the built-in
tiers with::

    python main.py arena tictactoe --a MyBot --b medium --games 200
    python main.py arena connect4 --a MyBot --b easy --games 200

The rules:
  * Import only the rules (``game.rules.core``, ``game.rules.bot``, ``game.rules.<id>``) and
    ordinary libraries; never pygame. Bots run in a worker process.
  * ``choose_move(state, budget)`` gets the bot's own copy of the position and
    the seconds it may think. Return one of ``state.legal_moves()``. A bot
    that raises, overruns its budget or returns an illegal move is stopped,
    the player is told, and a random legal move is played instead.
  * You may ``push``/``pop`` moves on the state while you search; the
    interface of a state is in ``game/rules/core.py`` (``legal_moves``, ``push``,
    ``pop``, ``outcome``, ``turn``, ``copy``, ``move_to_str``...).
  * Parameters come from ``config.yaml`` as keyword arguments: give each a
    default. Use ``self.rng`` for randomness so seeded games repeat.
  * Optionally implement ``analyse`` to value every move for the Hint button
    and ``python main.py analyse``.
  * An engine with numba kernels (``@njit(cache=True)``) defines the
    classmethod ``warm_up`` calling each kernel once on a tiny input: the
    arcade compiles them at launch with a progress display, and later
    launches load them from disk (this example needs no numba).

To make it a difficulty tier, add it to ``config.yaml``::

    tictactoe:
      tiers:
        Sparring: {bot: SparringPartner, params: {blunder_rate: 0.1}}
"""
from __future__ import annotations

from game.rules.bot import Bot, MoveValue
from game.rules.core import Move, State


class SparringPartner(Bot):
    """Takes a win in one, blocks the opponent's win in one, else plays at random."""

    name = "Sparring partner"
    games = ("tictactoe", "connect4")
    description = "wins or blocks in one, otherwise random; a gentle opponent for any game"

    def __init__(self, blunder_rate: float = 0.0, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        if not 0.0 <= blunder_rate <= 1.0:
            raise ValueError(f"blunder_rate must be between 0 and 1, got {blunder_rate}")
        self.blunder_rate = blunder_rate

    def choose_move(self, state: State, budget: float) -> Move:
        moves = state.legal_moves()
        if self.rng.random() >= self.blunder_rate:
            values = self.analyse(state, budget)
            best = max(v.score for v in values.values())
            moves = [m for m in moves if values[m].score == best]
        return self.rng.choice(moves)

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """1 for a move that wins now, 0.5 for one that stops a win next move."""
        me = state.turn
        values = {}
        for move in state.legal_moves():
            state.push(move)
            outcome = state.outcome()
            if outcome is not None and me in outcome.winners:
                values[move] = MoveValue(1.0, "wins now")
            elif self._opponent_wins_next(state, me):
                values[move] = MoveValue(-1.0, "lets the opponent win")
            else:
                values[move] = MoveValue(0.0, "quiet")
            state.pop()
        return values

    @staticmethod
    def _opponent_wins_next(state: State, me: int) -> bool:
        for reply in state.legal_moves():
            state.push(reply)
            outcome = state.outcome()
            state.pop()
            if outcome is not None and outcome.winners and me not in outcome.winners:
                return True
        return False
