"""What a network game reports besides moves: the events ``RemoteSession.events()``
gives next to the match session's own (``MovePlayed``, ``PositionChanged``,
``GameOver``, ``SeatsChanged``), for the play screen to show."""
from __future__ import annotations

from dataclasses import dataclass

from game.match.session import Event


@dataclass(frozen=True)
class ChatReceived(Event):
    """A chat line; ``name`` is ``''`` for a line from the server itself."""

    name: str
    text: str


@dataclass(frozen=True)
class RequestReceived(Event):
    """Another player asks this screen to agree to ``kind`` (``undo``, ``draw``,
    ``rematch``); answer with ``RemoteSession.answer(request_id, accept)``."""

    request_id: int
    kind: str
    from_name: str


@dataclass(frozen=True)
class RequestAnswered(Event):
    """A request (this screen's or another's) was agreed to or refused by ``by_name``."""

    kind: str
    accepted: bool
    by_name: str


@dataclass(frozen=True)
class Paused(Event):
    """The game waits: ``reason`` in words; ``seconds_left`` until the host may give the
    dropped seat away (None: no limit runs; 0: the limit has passed)."""

    reason: str
    seconds_left: float | None = None
    seat: int | None = None


@dataclass(frozen=True)
class Resumed(Event):
    """The game goes on after a pause."""


@dataclass(frozen=True)
class PlayerJoined(Event):
    """``name`` joined in ``seat`` (None: watching), or came back (``again``)."""

    name: str
    seat: int | None = None
    again: bool = False


@dataclass(frozen=True)
class PlayerLeft(Event):
    """``name`` left, dropped, or declined the invitation; ``why`` in words."""

    name: str
    why: str = ""


@dataclass(frozen=True)
class NetErrorEvent(Event):
    """The server refused something of this screen's, or the connection is gone: ``text``
    in words; ``lost`` when the connection is gone."""

    text: str
    lost: bool = False
