"""Loopback servers and clients for the network tests: a server on 127.0.0.1 at a
port the system picks, clients that keep what they received, and waits on what
is expected with generous timeouts (never a timing assertion)."""
from __future__ import annotations

import socket
import time
from dataclasses import replace
from typing import Callable

from game.match.config import NetLimits
from game.match.runner import BotSpec
from game.net import protocol as p
from game.net.client import NetClient
from game.net.server import GameServer, SeatPlan, ServerThread
from game.rules.core import State

#: Seconds a test waits for what it expects before it fails.
PATIENCE = 20.0
LOOPBACK = "127.0.0.1"
FAST_BOTS = {"tictactoe": ("TicTacToeEasy", "bots.tictactoe_easy"),
             "connect4": ("ConnectFourEasy", "bots.connect4_easy"),
             "chinesecheckers": ("ChineseCheckersEasy", "bots.chinesecheckers_easy")}


def easy_bot(game_id: str) -> Callable[[str], BotSpec]:
    """Any tier name as the game's quickest bot (its worker starts fast)."""
    key, module = FAST_BOTS[game_id]
    return lambda tier: BotSpec(key, module, {}, tier, 1.0, seed=7)


class Host:
    """A running server and what it logged."""

    def __init__(self, game: str | State, seats: list[SeatPlan], **kwargs) -> None:
        self.log: list[str] = []
        limits = kwargs.pop("limits", NetLimits())
        game_id = game.game_id if isinstance(game, State) else game.split("(")[0]
        kwargs.setdefault("bot_spec", easy_bot(game_id) if game_id in FAST_BOTS else None)
        self.server = GameServer(game, seats, host=LOOPBACK, port=0, limits=limits, log=self.log.append, **kwargs)
        self.thread = ServerThread(self.server).start()
        self.port = self.thread.address[1]

    def join(self, name: str, *, accept: bool = True, **kwargs) -> "Peer":
        peer = Peer(NetClient.connect(LOOPBACK, self.port, name, timeout=PATIENCE, **kwargs))
        if accept and peer.client.invitation is not None and "token" not in kwargs:
            peer.client.accept()
            peer.expect(p.Sync)
        return peer

    def call(self, function):
        return self.thread.call(function)

    def stop(self) -> None:
        self.thread.stop()


def next_message(seen: list, start: int, kind: type, where: Callable[[object], bool]) -> int | None:
    """Where the first message of ``kind`` matching ``where`` is in ``seen`` from ``start`` on (None: nowhere)."""
    return next((index for index in range(start, len(seen)) if isinstance(seen[index], kind) and where(seen[index])),
                None)


def limits(**changes) -> NetLimits:
    return replace(NetLimits(), **changes)


class Peer:
    """A client and everything it has received, in order."""

    def __init__(self, client: NetClient) -> None:
        self.client = client
        self.seen: list[object] = []
        self.read = 0

    def _gather(self) -> None:
        self.seen.extend(self.client.events())

    def expect(self, kind: type, where: Callable[[object], bool] = lambda m: True, timeout: float = PATIENCE):
        """The next message of ``kind`` (matching ``where``) after those already expected."""
        until = time.monotonic() + timeout
        while True:
            self._gather()
            index = next_message(self.seen, self.read, kind, where)
            if index is not None:
                self.read = index + 1
                return self.seen[index]
            left = until - time.monotonic()
            assert left > 0, f"{self.client.name} got no {kind.__name__}; it got {self.seen[self.read:]}"
            self.client.wait(min(left, 0.5))

    def all(self, kind: type) -> list:
        self._gather()
        return [m for m in self.seen if isinstance(m, kind)]


def free_udp_port() -> int:
    """A loopback UDP port free a moment ago (for announcements a test listens to)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind((LOOPBACK, 0))
        return sock.getsockname()[1]
