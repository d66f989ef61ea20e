"""Our engines behind the standard text protocols other programs speak: one module per protocol.

Each module has ``GAMES`` (the games it serves) and ``serve(game_id, tier,
config, registry, stdin, stdout)``, which answers the protocol's commands
with a bot of ``tier`` running in this process until the input ends, and
returns an exit status. ``main.py engine GAME`` finds the module through
``server_for``.
"""
from __future__ import annotations

from types import ModuleType

from game.engines import gomocup, nboard

SERVERS: dict[str, ModuleType] = {"gomocup": gomocup, "nboard": nboard}


def server_for(game_id: str) -> ModuleType | None:
    """The protocol module that serves ``game_id``, or ``None`` if no protocol has it."""
    return next((module for module in SERVERS.values() if game_id in module.GAMES), None)
