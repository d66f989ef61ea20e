"""The catalogue of games: id -> rules class, loaded on first use.

A new game adds one line to ``GAMES``; nothing else in the program lists
games by name.
"""
from __future__ import annotations

import importlib
from typing import Any

from game.rules.core import BadNotation, State

#: game id -> "module:Class" of its rules.
GAMES: dict[str, str] = {
    "tictactoe": "game.rules.tictactoe:TicTacToe",
    "connect4": "game.rules.connect4:ConnectFour",
    "chinesecheckers": "game.rules.chinesecheckers:ChineseCheckers",
}


def game_ids() -> list[str]:
    """Every playable game id, in menu order."""
    return list(GAMES)


def game_class(game_id: str) -> type[State]:
    """The rules class of ``game_id``; ``BadNotation`` if there is no such game."""
    try:
        target = GAMES[game_id]
    except KeyError:
        raise BadNotation(f"unknown game {game_id!r}; games: {', '.join(GAMES)}") from None
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)


def new_state(game_id: str, **options: Any) -> State:
    """A start position of ``game_id`` with the given rules options."""
    return game_class(game_id)(**options)
