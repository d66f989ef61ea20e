"""The protocol clients that talk to external engines, by protocol name.

An external engine (``config.yaml``'s ``engines:``, played by
``bots/external_engine.py``) names the protocol it speaks; this table gives
the client class that speaks it: ``gomocup`` (Gomoku engines, as the Piskvork
manager and the Gomocup tournament run them) and ``nboard`` (Othello engines
such as Edax, as the NBoard GUI runs them). Each client class has
``protocol``, ``games`` (the game ids the protocol can express), ``settings``
(the keys of an ``engines:`` entry it takes beyond command, protocol, time and
folder: NBoard's ``depth`` and ``protocol_version``), and is built on an
``EngineProcess`` with those settings as keywords; see ``EngineClient``.
"""
from __future__ import annotations

from typing import Any, ClassVar, Protocol

from bots.lib.engine_process import EngineProcess
from bots.lib.gomocup_client import GomocupClient
from bots.lib.nboard_client import NBoardClient
from game.rules.bot import MoveValue
from game.rules.core import Move, State

#: Each protocol's name as a player reads it.
PROTOCOL_TITLES = {"gomocup": "Gomocup", "nboard": "NBoard"}


class EngineClient(Protocol):
    """What a protocol client does (the shared design of ``bots/lib/*_client.py``)."""

    protocol: ClassVar[str]
    games: ClassVar[tuple[str, ...]]
    settings: ClassVar[tuple[str, ...]]

    def __init__(self, process: EngineProcess, **settings: Any) -> None: ...

    def move(self, state: State, budget: float) -> Move: ...

    def values(self, state: State, budget: float) -> dict[Move, MoveValue]: ...

    def engine_name(self) -> str | None: ...

    def new_game(self) -> None: ...

    def close(self) -> None: ...


#: Each protocol's client class, by the name ``config.yaml`` writes.
CLIENTS: dict[str, type[EngineClient]] = {"gomocup": GomocupClient, "nboard": NBoardClient}
#: The protocols, as ``config.yaml`` writes them.
PROTOCOLS = tuple(CLIENTS)


def client_class(protocol: str) -> type[EngineClient]:
    """The client class of ``protocol``; ``ValueError`` naming the protocols there are."""
    client = CLIENTS.get(protocol) if isinstance(protocol, str) else None
    if client is None:
        raise ValueError(f"unknown engine protocol {protocol!r} (protocols: {', '.join(PROTOCOLS)})")
    return client


def protocol_settings(protocol: str) -> tuple[str, ...]:
    """The settings ``protocol``'s engines take in ``config.yaml``; ``ValueError`` as ``client_class``."""
    return tuple(client_class(protocol).settings)


def protocol_games(protocol: str) -> tuple[str, ...]:
    """The game ids ``protocol`` can express; ``ValueError`` as ``client_class``."""
    return tuple(client_class(protocol).games)
