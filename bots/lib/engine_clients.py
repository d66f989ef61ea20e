"""The protocol clients that talk to external engines, by protocol name.

An external engine (``config.yaml``'s ``engines:``, played by
``bots/external_engine.py``) names the protocol it speaks; this table gives
the client class that speaks it: ``gomocup`` (Gomoku engines, as the Piskvork
manager and the Gomocup tournament run them) and ``nboard`` (Othello engines
such as Edax, as the NBoard GUI runs them). Each client class has
``protocol``, ``games`` (the game ids the protocol can express), and is built
on a started ``EngineProcess``; see ``EngineClient``.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, ClassVar, Protocol

if TYPE_CHECKING:
    from bots.lib.engine_process import EngineProcess
    from game.rules.bot import MoveValue
    from game.rules.core import Move, State

#: Each protocol's client: (module, class), imported when first asked for.
CLIENT_PLACES: dict[str, tuple[str, str]] = {
    "gomocup": ("bots.lib.gomocup_client", "GomocupClient"),
    "nboard": ("bots.lib.nboard_client", "NBoardClient"),
}
#: The protocols, as ``config.yaml`` writes them.
PROTOCOLS = tuple(CLIENT_PLACES)
#: Each protocol's name as a player reads it.
PROTOCOL_TITLES = {"gomocup": "Gomocup", "nboard": "NBoard"}


class EngineClient(Protocol):
    """What a protocol client does (the shared design of ``bots/lib/*_client.py``)."""

    protocol: ClassVar[str]
    games: ClassVar[tuple[str, ...]]

    def __init__(self, process: EngineProcess) -> None: ...

    def move(self, state: State, budget: float) -> Move: ...

    def values(self, state: State, budget: float) -> dict[Move, MoveValue]: ...

    def engine_name(self) -> str | None: ...

    def new_game(self) -> None: ...

    def close(self) -> None: ...


def client_class(protocol: str) -> type[EngineClient]:
    """The client class of ``protocol``; ``ValueError`` naming the protocols there are."""
    place = CLIENT_PLACES.get(protocol) if isinstance(protocol, str) else None
    if place is None:
        raise ValueError(f"unknown engine protocol {protocol!r} (protocols: {', '.join(PROTOCOLS)})")
    module, name = place
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as err:
        raise ValueError(f"the {protocol} protocol's client ({module}.{name}) is not installed: {err}") from None


def protocol_games(protocol: str) -> tuple[str, ...]:
    """The game ids ``protocol`` can express; ``ValueError`` as ``client_class``."""
    return tuple(client_class(protocol).games)
