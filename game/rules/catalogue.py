"""The catalogue of games: id -> rules class, loaded on first use, and the one
text form of a configured game.

The shipped games are the lines of ``GAMES``; a game from outside the package
is added with ``register_game(id, "module:Class")`` (``docs/adding_a_game.md``).
Everything else asks the catalogue (``game_ids``), and the child processes
(bot workers, discovery, warm-up) are given the registered games when they
start (``game.match.supervisor``).

A game with its options is written the same way everywhere (command line,
save files, the network), in the manner of OpenSpiel's ``load_game`` strings::

    GameSpec.parse("connect4(cols=7,rows=6,n=4)")   # every option named
    GameSpec.parse("connect4(rows=5)")              # the others take defaults
    str(GameSpec.of("tictactoe"))                   # 'tictactoe'
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from game.rules.core import BadNotation, State
from game.rules.registry import Registry

#: game id -> "module:Class" of its rules.
GAMES = Registry("rules", {
    "tictactoe": "game.rules.tictactoe:TicTacToe",
    "connect4": "game.rules.connect4:ConnectFour",
    "reversi": "game.rules.reversi:Reversi",
    "gomoku": "game.rules.gomoku:Gomoku",
    "chinesecheckers": "game.rules.chinesecheckers:ChineseCheckers",
})

_SPEC = re.compile(r"^\s*([A-Za-z0-9_]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def register_game(game_id: str, target: str) -> None:
    """Add the game ``game_id`` whose rules class is ``target`` (``"module:Class"``,
    imported on first use, from anywhere on ``sys.path``) after the shipped games;
    ``ValueError`` names a bad id or target, or an id another game has."""
    GAMES.register(game_id, target)


def unregister_game(game_id: str) -> None:
    """Take out a game added by ``register_game`` (a shipped game stays)."""
    GAMES.unregister(game_id)


def registered_games() -> dict[str, str]:
    """The games added by ``register_game``, id -> ``"module:Class"``: what a child process
    needs to know the same games (``adopt_games``)."""
    return GAMES.added()


def adopt_games(games: dict[str, str]) -> None:
    """Register every game of ``games`` (from ``registered_games`` in the parent process)."""
    for game_id, target in games.items():
        GAMES.register(game_id, target)


def game_ids() -> list[str]:
    """Every playable game id, in menu order."""
    return list(GAMES)


def game_class(game_id: str) -> type[State]:
    """The rules class of ``game_id``; ``BadNotation`` if there is no such game."""
    if game_id not in GAMES:
        raise BadNotation(f"unknown game {game_id!r}; games: {', '.join(GAMES)}")
    return GAMES.load(game_id)


def title_of(game_id: str) -> str:
    """The title of ``game_id``, or the id itself for a game not in the catalogue (a
    statistics line of a game no longer registered) or whose rules do not load."""
    try:
        return game_class(game_id).title
    except Exception:  # noqa: BLE001 - a game whose rules do not load is still named by its id
        return game_id


def new_state(game_id: str, **options: Any) -> State:
    """A start position of ``game_id`` with the given rules options."""
    return game_class(game_id)(**options)


def two_seat_games() -> tuple[str, ...]:
    """The games always played by exactly two seats, whatever their options."""
    return tuple(g for g in GAMES if game_class(g).seat_range() == (2, 2))


@dataclass(frozen=True)
class GameSpec:
    """A game and the values of all its options: what a save file, the command
    line and the network name when they name a configured game.

    ``options`` holds every option of the game, checked, in the order of its
    ``options_spec``; ``str()`` writes them all, so the text means the same
    game even if a default changes later.
    """

    game_id: str
    options: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, game_id: str, **options: Any) -> "GameSpec":
        """The spec of ``game_id`` with ``options`` (the rest default); ``BadNotation``
        names an unknown game, option or value."""
        checked = game_class(game_id).check_options(options)
        return cls(game_id, tuple(checked.items()))

    @classmethod
    def of_state(cls, state: State) -> "GameSpec":
        return cls.of(state.game_id, **state.options)

    @classmethod
    def parse(cls, text: str, pairs: Sequence[str] = ()) -> "GameSpec":
        """Read ``'connect4(rows=6,cols=7)'`` or a bare ``'tictactoe'``, with options
        given apart as ``pairs`` (``['rows=6']``) after a bare id; ``BadNotation`` says
        what is wrong (unknown game or option, a value not among its choices, options
        given both ways)."""
        match = _SPEC.match(text)
        if match is None:
            raise BadNotation(f"{text!r} is not a game: write its id and any options, "
                              "such as connect4 or connect4(rows=6,cols=7)")
        game_id, inside = match.group(1), match.group(2)
        written = [pair for pair in (inside or "").split(",") if pair.strip()]
        if pairs and inside is not None:
            raise BadNotation(f"options both in {text!r} and apart ({' '.join(pairs)}); give them one way")
        options = game_class(game_id).parse_options(written or list(pairs))
        return cls.of(game_id, **options)

    @property
    def rules(self) -> type[State]:
        return game_class(self.game_id)

    @property
    def title(self) -> str:
        return self.rules.title

    def new_state(self) -> State:
        """The start position of this game."""
        return self.rules(**dict(self.options))

    def __str__(self) -> str:
        if not self.options:
            return self.game_id
        return f"{self.game_id}({','.join(f'{name}={value}' for name, value in self.options)})"
