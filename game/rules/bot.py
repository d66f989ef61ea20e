"""The bot interface: what a file in ``bots/`` implements.

A bot is a class derived from ``Bot`` with a ``name``, the ``games`` it plays
and one method, ``choose_move``, that gets a state and a time budget and
returns a legal move. ``bots/example_bot.py`` is a complete, commented
example; read it first.

Bots run in a worker process (see ``game/match/runner.py``): the state they get is
their own copy, so they may push and pop moves on it while they search, and
whatever they keep on ``self`` lives from move to move within one game.

A bot whose engine is compiled (numba ``@njit(cache=True)`` kernels) defines
the classmethod ``warm_up``: the worker calls it before it says the bot is
ready, and the arcade calls it once at launch in a background process with
a progress display, so the first move's clock never pays for compiling.
What only later moves need may go in ``warm_up_later``, which the worker
runs while it waits, so a first launch waits only for the first moves' kernels.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from game.rules.core import Move, State


def check_whole(label: str, value: Any, low: int, high: int, counts: str = "", note: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``ValueError`` naming ``label``,
    what it ``counts`` and a ``note`` on its values: the check of a bot's whole-number parameter, whose
    message the menu and the arena show when ``config.yaml`` gives it a bad value."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        of = f" of {counts}" if counts else ""
        raise ValueError(f"{label} must be a whole number{of} from {low} to {high}{note}, got {value!r}")
    return value


@dataclass(frozen=True)
class MoveValue:
    """A bot's judgement of one move, for hints and ``main.py analyse``.

    ``score`` orders moves (higher is better for the player to move); ``text``
    says it in words a player understands: ``'win in 3'``, ``'draw'``,
    ``'loss in 2'``, ``'+0.35'``. ``exact`` says the value is proven (a solved
    result, not an estimate or a bound): only then may a caller call the best
    of them the value of the position.
    """

    score: float
    text: str
    exact: bool = False


class Bot:
    """Base class of every bot.

    Class attributes:
      ``name``: shown in menus when the bot has no tier of its own.
      ``games``: the game ids it can play.
      ``description``: one line for ``main.py bots`` and the setup screen.

    The constructor takes keyword parameters (from ``config.yaml``'s
    ``params``) and a ``seed``; a bot that plays at random must draw from
    ``self.rng`` so seeded games repeat exactly.
    """

    name: ClassVar[str] = ""
    games: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""

    def __init__(self, seed: int | None = None, **params: Any) -> None:
        if params:
            unknown = ", ".join(sorted(params))
            raise TypeError(f"{type(self).__name__} takes no parameter {unknown}")
        self.rng = random.Random(seed)

    def choose_move(self, state: State, budget: float) -> Move:
        """Return a legal move for ``state.turn`` within ``budget`` seconds."""
        raise NotImplementedError

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """Value every legal move (optional): used by Hint and ``analyse``.

        Bots that can judge moves override this; the default says nothing.
        """
        return {}

    def new_game(self) -> None:
        """Forget anything kept from an earlier game (optional)."""

    @classmethod
    def warm_up(cls) -> None:
        """Compile the bot's engine ahead of its first move (optional).

        Compile your numba kernels here by calling each once on a tiny input;
        with ``cache=True`` later launches load them from disk. Called once
        per process before the first game: by the worker before it reports
        the bot ready (a warm-up that raises is reported like a constructor
        that raises), and by the arcade's launch-time warm-up. It is a
        classmethod because it runs before any bot is built.

        Keep it to what a game's first moves need: on a first launch the
        player waits for it. Kernels needed only later in a game go in
        ``warm_up_later``.
        """

    @classmethod
    def warm_up_later(cls) -> None:
        """Compile the part of the engine that only later moves need (optional).

        The worker calls it once after ``warm_up``, when it has no request
        waiting (right after it reports ready, or after its first answer),
        so a first launch does not wait for it; the launch-time warm-up and
        ``main.py warmup`` call it right after ``warm_up``. A bot must still
        play correctly before it has run: a move that would need what it
        compiles uses another way (Reversi Hard searches instead of solving)
        rather than compiling on its clock.
        """


def later_warm_up(cls: type) -> Any:
    """The bot class's own ``warm_up_later`` (bound), or None if it has none to run."""
    own = getattr(cls, "warm_up_later", None)
    if own is None or getattr(own, "__func__", None) is Bot.warm_up_later.__func__:
        return None
    return own
