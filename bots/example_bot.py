"""An example bot: everything a bot author needs, in one file.

Copy this file to ``bots/my_bot.py``, rename the class, change ``name`` and
``choose_move``, and start the game: your bot appears in every seat menu of
the games it lists, under its own name. Measure it against the built-in
tiers with::

    python main.py arena tictactoe --a MyBot --b medium --games 200
    python main.py arena connect4 --a MyBot --b easy --games 200

The rules:
  * Import only the rules (``game.rules.core``, ``game.rules.bot``, ``game.rules.<id>``),
    the shared search helpers in ``bots/lib/`` and ordinary libraries; never
    pygame. Bots run in a worker process.
  * ``choose_move(state, budget)`` gets the bot's own copy of the position and
    the seconds it may think. Return one of ``state.legal_moves()``. A bot
    that raises, overruns its budget or returns an illegal move is stopped,
    the player is told, and a random legal move is played instead.
  * You may ``push``/``pop`` moves on the state while you search; the
    interface of a state is in ``game/rules/core.py`` (``legal_moves``, ``push``,
    ``pop``, ``outcome``, ``turn``, ``key``, ``copy``, ``move_to_str``...).
  * Parameters come from ``config.yaml`` as keyword arguments: give each a
    default. Use ``self.rng`` for randomness so seeded games repeat.
  * Optionally implement ``analyse`` to value every move for the Hint button
    and ``python main.py analyse``: ``MoveValue(score, text, exact, bound)``,
    ``exact`` only for a proven value, ``bound`` ``AT_LEAST`` / ``AT_MOST`` for
    a proven floor or ceiling; leave out a move you could not value (it shows
    as unknown). A slow ``analyse`` may call ``self.report(values)`` with what
    it has so far: the hint on screen fills in while it thinks.
  * An engine with numba kernels (``@njit(cache=True)``) defines the
    classmethod ``warm_up`` calling each kernel once on a tiny input: the
    arcade compiles them at launch with a progress display, and later
    launches load them from disk (this example needs no numba).

This bot searches with the shared helpers every search bot uses:
``Negamax`` (``bots/lib/negamax.py``: alpha-beta over the ``State``
interface, to which a game's bot gives its evaluation and move order) and
the iterative-deepening driver (``bots/lib/deepening.py``), which searches
one ply deeper at a time until the ``Deadline`` (``bots/lib/clock.py``) the
bot sets from its budget. Its evaluation has no opinion (0) about a
position the search stops at, so it plays for the wins and against the
losses it can see and otherwise at random: put your game's knowledge in
``evaluate`` and raise ``MAX_DEPTH`` for a stronger bot.

To make it a difficulty tier, add it to ``config.yaml``::

    tictactoe:
      tiers:
        Sparring: {bot: SparringPartner, params: {blunder_rate: 0.1}}
"""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot, MoveValue
from game.rules.catalogue import two_seat_games
from game.rules.core import Move, State
from bots.lib.clock import Deadline
from bots.lib.deepening import deepest
from bots.lib.negamax import Negamax, result_text

#: Part of the budget a move may use: the rest covers the worker process's overhead.
BUDGET_SHARE = 0.5
#: How many plies ahead the bot looks at most (fewer when the time runs out first).
MAX_DEPTH = 6


class SparringPartner(Bot):
    """Looks ``MAX_DEPTH`` plies ahead for forced wins and losses, otherwise plays at random."""

    name = "Sparring partner"
    games = two_seat_games()
    description = N_("a gentle opponent for any two-player game. "
                      "Sees a win or a loss a few moves ahead, otherwise random")

    def __init__(self, blunder_rate: float = 0.0, seed: int | None = None) -> None:
        """``blunder_rate``: the chance, from 0 to 1, of playing a random move without searching."""
        super().__init__(seed=seed)
        if not 0.0 <= blunder_rate <= 1.0:
            raise ValueError(f"blunder_rate must be between 0 and 1, got {blunder_rate}")
        self.blunder_rate = blunder_rate
        self.search = Negamax(evaluate=self.evaluate)

    @staticmethod
    def evaluate(state: State) -> int:
        """The value of an unfinished position where the search stops, for the player to move (0: even)."""
        return 0

    def choose_move(self, state: State, budget: float) -> Move:
        moves = state.legal_moves()
        self.rng.shuffle(moves)
        if len(moves) == 1 or self.rng.random() < self.blunder_rate:
            return moves[0]
        deadline = Deadline.for_move(budget, BUDGET_SHARE)
        best = None
        for iteration in self.search.deepen(state, deadline, MAX_DEPTH, moves):
            best = iteration            # one ply deeper each time; stop early here if you like
        return moves[0] if best is None else best.move

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """Every move's score at the deepest depth the budget allows: ``'win in 2'``, ``'loss in 1'``
        or, with no forced result in sight, ``'no forced result in 6 plies'`` (score 0): the
        search looked that far and no further."""
        found = deepest(self.search.deepen(state, Deadline.for_move(budget, BUDGET_SHARE), MAX_DEPTH, exact=True))
        if found is None:
            return {}
        unknown = f"no forced result in {found.depth} plies"
        return {move: MoveValue(float(score), result_text(score) or unknown) for move, score in found.values.items()}
