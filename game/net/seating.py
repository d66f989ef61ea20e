"""Who is at a hosted game's table: how each seat is to be filled (``SeatPlan``), a
player's hold on seats (``Claim``), one client as the table knows it (``Guest``) and
a request waiting for the players' answers (``Request``).

They are the table's bookkeeping (``game/net/table.py``) and hold no socket: the
transport (``game/net/server.py``) pairs each ``Guest`` with its connection.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from game.lang import N_
from game.net import protocol as p

#: How a seat nobody holds yet is named, on the server and on every screen.
OPEN_SEAT = N_("no one yet")


@dataclass(frozen=True)
class SeatPlan:
    """How a seat of a hosted game is filled: ``remote`` (a player who joins, or, with
    ``reserved``, the host's own screen) or ``bot`` (``tier``: a tier or bot name)."""

    kind: Literal["remote", "bot"]
    tier: str | None = None
    reserved: bool = False

    def __post_init__(self) -> None:
        if self.kind not in ("remote", "bot"):
            raise ValueError(f"a seat is 'remote' or 'bot', not {self.kind!r}")
        if (self.kind == "bot") != (self.tier is not None):
            raise ValueError("a bot seat names its tier, and only a bot seat does")

    @classmethod
    def remote(cls, reserved: bool = False) -> "SeatPlan":
        return cls("remote", reserved=reserved)

    @classmethod
    def bot(cls, tier: str) -> "SeatPlan":
        return cls("bot", tier)


@dataclass(eq=False)
class Claim:
    """A player's hold on seats, proven by ``token``; ``guest`` is None while they are away."""

    token: str
    name: str
    seats: list[int]
    host: bool = False
    guest: "Guest | None" = None
    dropped_at: float | None = None


@dataclass(eq=False)
class Guest:
    """One client at the table: its name once it said hello, the seats it holds (``claim``)
    or that it watches, the seat of the invitation it has not answered yet (``offered``)
    and when it was invited (``invited_at``, by the table's clock), and the messages the table has for it (``outbox``, taken by ``take``). ``gone``: the
    table let it go, and its connection is to be closed once its outbox is sent."""

    peer: str
    name: str = ""
    claim: Claim | None = None
    watching: bool = False
    offered: int | None = None
    invited: bool = False
    invited_at: float = 0.0
    gone: bool = False
    outbox: list[p.Message] = field(default_factory=list)

    @property
    def who(self) -> str:
        return f"{self.name or 'a client'} ({self.peer})"

    @property
    def joined(self) -> bool:
        """It holds seats (or held them) or watches: it hears what happens in the game."""
        return self.claim is not None or self.watching

    def take(self) -> list[p.Message]:
        """The messages for this client since the last call, oldest first."""
        messages, self.outbox = self.outbox, []
        return messages


@dataclass(eq=False)
class Request:
    """An undo, draw or rematch asked by ``asker``, waiting for the answers of ``voters``."""

    id: int
    kind: str
    asker: Claim
    voters: set[str] = field(default_factory=set)   # tokens yet to answer
    ply: int = 0                                     # the position asked about: moves played then
