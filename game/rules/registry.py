"""A table of classes by game id, each named ``"module:Class"`` and imported on first use.

The catalogue's rules classes (``catalogue.GAMES``) and the window's board
renderers (``game.ui.renderers.RENDERERS``) are such tables: the shipped
entries are written in the table, and a game from outside the program adds
its own with ``register`` (``docs/adding_a_game.md``). Naming a class by text
keeps start-up from importing every game, and lets a child process be told
the added entries (``added``) and import them itself.
"""
from __future__ import annotations

import importlib
import re
from typing import Mapping

_ID = re.compile(r"^[a-z][a-z0-9_]*$")
_TARGET = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


class Registry(dict[str, str]):
    """Game id -> ``"module:Class"``: the shipped entries, then those ``register`` added.

    ``what`` names the classes in messages (``'rules'``, ``'board renderer'``).
    """

    def __init__(self, what: str, shipped: Mapping[str, str]) -> None:
        super().__init__(shipped)
        self.what = what
        self._added: dict[str, str] = {}

    def register(self, game_id: str, target: str) -> None:
        """Add ``game_id`` with its class ``target`` (``"module:Class"``, importable from
        ``sys.path`` when first used). ``ValueError`` for an id that is not lower-case
        letters, digits and ``_``, a target not of that form, or an id that already has
        another class (registering the same pair again changes nothing)."""
        if not isinstance(game_id, str) or not _ID.match(game_id):
            raise ValueError(f"game id {game_id!r} must be lower-case letters, digits and _, starting with a letter")
        if not isinstance(target, str) or not _TARGET.match(target):
            raise ValueError(f"the {self.what} of {game_id!r} must be written 'module:Class', got {target!r}")
        if self.get(game_id, target) != target:
            raise ValueError(f"game {game_id!r} already has the {self.what} {self[game_id]}")
        self[game_id] = self._added[game_id] = target

    def unregister(self, game_id: str) -> None:
        """Take out an entry ``register`` added (a shipped one stays); nothing if there is none."""
        if self._added.pop(game_id, None) is not None:
            self.pop(game_id, None)

    def added(self) -> dict[str, str]:
        """The entries ``register`` added, in the order they came."""
        return dict(self._added)

    def load(self, game_id: str) -> type:
        """The class of ``game_id``, imported; ``KeyError`` if there is no entry."""
        module_name, _, class_name = self[game_id].partition(":")
        return getattr(importlib.import_module(module_name), class_name)
