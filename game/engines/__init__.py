"""Our bots behind the standard engine protocols, so other programs can play them.

A layer right above ``game.match``: each module speaks one protocol on
standard input and output with the bot of a tier built in process, and
exposes ``GAMES`` (the game ids it plays) and ``serve(game_id, tier, config,
registry, stdin, stdout) -> exit status``. ``python main.py engine GAME``
(``game/cli.py``) finds the module through ``server_for``.
"""
from __future__ import annotations

from types import ModuleType

from game.engines import gomocup

#: Each protocol's module, by the protocol's name.
SERVERS: dict[str, ModuleType] = {"gomocup": gomocup}


def server_for(game_id: str) -> tuple[str, ModuleType] | None:
    """The protocol that plays ``game_id`` and its module, or None if no protocol does."""
    return next(((name, module) for name, module in SERVERS.items() if game_id in module.GAMES), None)
