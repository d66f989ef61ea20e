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

import math
import random
from dataclasses import dataclass
from typing import Any, ClassVar, Mapping, Sequence

from game.rules.core import Move, State


def check_whole(label: str, value: Any, low: int, high: int, counts: str = "", note: str = "") -> int:
    """``value`` if it is a whole number from ``low`` to ``high``, else ``ValueError`` naming ``label``,
    what it ``counts`` and a ``note`` on its values: the check of a bot's whole-number parameter, whose
    message the menu and the arena show when ``config.yaml`` gives it a bad value."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        of = f" of {counts}" if counts else ""
        raise ValueError(f"{label} must be a whole number{of} from {low} to {high}{note}, got {value!r}")
    return value


def check_number(label: str, value: Any, low: float, high: float, counts: str = "", note: str = "") -> float:
    """``value`` as a float if it is a finite number from ``low`` to ``high``, else ``ValueError`` naming
    ``label``, what it ``counts`` and a ``note`` on its values: the check of a bot's numeric parameter
    (see ``check_whole``)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not (
            math.isfinite(value) and low <= value <= high):
        of = f" of {counts}" if counts else ""
        raise ValueError(f"{label} must be a number{of} from {low:g} to {high:g}{note}, got {value!r}")
    return float(value)


#: ``Bot.games`` of a bot that plays every game of the catalogue, games registered after it
#: was written included (``bots/any_game.py``): write ``games = ALL_GAMES``.
ALL_GAMES: tuple[str, ...] = ("*",)


def plays_game(games: Sequence[str], game_id: str) -> bool:
    """Whether a bot whose ``games`` are ``games`` plays ``game_id``."""
    return game_id in games or ALL_GAMES[0] in games


#: ``MoveValue.bound``: the score is the move's value, a floor under it, or a ceiling over it.
VALUE, AT_LEAST, AT_MOST = 0, 1, -1


class BotFault(Exception):
    """A failure a bot explains in its own words: the message is a phrase that follows the
    bot's name in the failure line ("answered 'e9', an occupied point"), shown without the
    exception's type or a line of the bot's code, which would say nothing more to a player."""


@dataclass(frozen=True)
class MoveValue:
    """A bot's judgement of one move, for hints and ``main.py analyse``.

    ``score`` orders moves (higher is better for the player to move); ``text``
    says it in words a player understands: ``'win in 3'``, ``'draw'``,
    ``'loss in 2'``, ``'+0.35'``. ``exact`` says the value is proven (a solved
    result, not an estimate); ``bound`` says what the score is: the move's
    value (``VALUE``), or only a floor (``AT_LEAST``: the move is worth at
    least ``score``, its text says so: ``'at least a draw'``) or a ceiling
    (``AT_MOST``). A proven score keeps one convention in every game:
    positive is a win for the player to move, 0 a draw, negative a loss.
    A legal move missing from a bot's values is unknown.
    """

    score: float
    text: str
    exact: bool = False
    bound: int = VALUE

    @property
    def proven_win(self) -> bool:
        """Whether the move is proven to win (a proven value, or floor, above 0)."""
        return self.exact and self.bound >= VALUE and self.score > 0

    @property
    def proven_loss(self) -> bool:
        """Whether the move is proven to lose (a proven value, or ceiling, below 0)."""
        return self.exact and self.bound <= VALUE and self.score < 0


def ranked_moves(values: Mapping[Move, MoveValue], legal: Sequence[Move]) -> list[tuple[Move, MoveValue | None]]:
    """Every legal move, best first, with its value (``None``: unknown).

    Valued moves go by score, but an unknown move ranks above every proven
    loss (it may be anything, a loss is known to lose) and below the
    other valued moves; ties keep ``legal``'s order.
    """
    order = {move: index for index, move in enumerate(legal)}

    def rank(move: Move) -> tuple[int, float, int]:
        value = values.get(move)
        if value is None:
            return 1, 0.0, order[move]
        return (2 if value.proven_loss else 0), -value.score, order[move]

    return [(move, values.get(move)) for move in sorted(legal, key=rank)]


@dataclass(frozen=True)
class PositionValue:
    """What the values of the moves prove about the position, in words.

    ``text`` is the position's value (``'win in 3'``), a proven bound
    (``'a win (best found: win in 5)'``, ``'at least a draw'``) or what is
    known (``'not proven: 3 of 7 moves valued'``); ``proven`` is true for
    a value or bound that is proven, ``exact`` only for the value itself.
    """

    text: str
    proven: bool
    exact: bool


def position_value(values: Mapping[Move, MoveValue], legal: Sequence[Move]) -> PositionValue:
    """The position's value from its moves' values: proven only as far as they prove it.

    The value of the position is the best move's value, so it is known
    only when every legal move is valued exactly (or bounded by a proven
    ceiling no higher than the best); a proven winning move proves a win,
    a proven draw (or better) at least a draw; otherwise the text says how
    many moves were valued and whether their values are estimates.
    """
    known = [values[move] for move in legal if move in values]
    exact = [value for value in known if value.exact and value.bound == VALUE]
    if exact and len(known) == len(legal):
        best = max(exact, key=lambda value: value.score)
        if all(value.exact and value.bound <= VALUE and value.score <= best.score for value in known):
            return PositionValue(best.text, True, True)
    floors = [value for value in known if value.exact and value.bound >= VALUE]
    best_floor = max(floors, key=lambda value: value.score, default=None)
    if best_floor is not None and best_floor.score > 0:
        text = "a win" if best_floor.text == "win" else f"a win (best found: {best_floor.text})"
        return PositionValue(text, True, False)
    if best_floor is not None and best_floor.score == 0:
        return PositionValue("at least a draw", True, False)
    if known and all(value.proven_loss for value in known) and len(known) == len(legal):
        return PositionValue("a loss", True, False)
    if not known:
        return PositionValue("unknown: no move valued", False, False)
    count = f"{len(known)} of {len(legal)} moves valued" if len(known) < len(legal) else "every move valued"
    estimates = sum(not value.exact for value in known)
    what = "" if not estimates else ", estimates" if estimates == len(known) else ", some estimates"
    return PositionValue(f"not proven ({count}{what})", False, False)


class Bot:
    """Base class of every bot.

    Class attributes:
      ``name``: shown in menus when the bot has no tier of its own.
      ``games``: the game ids it can play (``ALL_GAMES``: every game).
      ``description``: what the seat menu says under its name (the first sentence,
      in plain words for players), then how it plays, for the menu's tooltip and
      ``main.py bots``, which show it whole.

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

    def report(self, values: dict[Move, MoveValue]) -> None:
        """Show the values ``analyse`` has found so far, while it goes on (optional to call).

        In a worker, they reach the hint on screen at once, which fills in
        column by column; what ``analyse`` returns replaces them. Outside a
        worker (``main.py analyse`` waits for the end) it does nothing.
        ``ValueError`` if they are not values of legal moves.
        """
        reporter = getattr(self, "_reporter", None)
        if reporter is not None:
            reporter(values)

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

    def move_before_warm_up(self, state: State) -> Move | None:
        """The move for ``state`` that needs no compiled engine, or None (optional).

        On a first launch the worker asks this before ``warm_up``, for a move
        it was asked for already: a move returned is played at once, and the
        engine compiles while the opponent thinks. Return one only where it is
        the move the engine would play or as good by the rules alone (a first
        move whose choices are alike by symmetry): never a weaker move. The
        default: None (the move waits for ``warm_up``).
        """
        return None

    @classmethod
    def warm_up_later(cls) -> None:
        """Compile the part of the engine that only later moves need (optional).

        The worker calls it once after ``warm_up``, when it has no request
        waiting (right after it reports ready, or after its first answer),
        on a thread of its own, so a first launch does not wait for it and
        a move asked meanwhile starts at once and runs beside it (so what the
        moves use may change only at its end, as Reversi Hard's flag does);
        the launch-time warm-up and ``main.py warmup`` call it right after
        ``warm_up``. A bot must still
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
