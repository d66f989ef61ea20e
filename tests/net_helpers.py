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


# -- peers in network namespaces (tests/test_net_namespaces.py runs them with ``ip netns exec``) ------
def _say(lock, what: dict) -> None:
    import json
    import sys

    with lock:
        sys.stdout.write(json.dumps(what) + "\n")
        sys.stdout.flush()


def host_in_namespace(settings: str) -> None:
    """A hosted game on every interface, announced to the limited broadcast as the window
    does; ``settings`` (JSON) names the game, its seats and ``discovery_port``. It says
    what it logs and where friends join as JSON lines on stdout, and stops when stdin closes.
    ``offer_seconds`` in ``settings`` is how long a joiner has to answer its invitation."""
    import json
    import sys
    import threading

    from game.net.discovery import Announcer, LIMITED_BROADCAST, join_addresses

    given = json.loads(settings)
    lock = threading.Lock()
    server = GameServer(given["game"], [SeatPlan.remote()] * given["seats"], host="0.0.0.0", port=0,
                        limits=limits(idle_timeout=60, offer_seconds=given.get("offer_seconds", 45.0)), log=lambda line: _say(lock, {"log": line}), name="Hana")
    thread = ServerThread(server).start()
    port = thread.address[1]
    announcer = Announcer(server.announcement, given["discovery_port"], address=LIMITED_BROADCAST, every=0.2).start()
    until = time.monotonic() + PATIENCE
    while not (announcer.sent or announcer.problem) and time.monotonic() < until:    # its first round is done
        time.sleep(0.01)
    _say(lock, {"port": port, "join_at": join_addresses(port)})
    sys.stdin.read()
    announcer.stop()
    _say(lock, {"announcements": announcer.sent, "problem": announcer.problem})
    thread.stop()


def crowd_in_namespace(host: str, port: int, sources: list[str], each: int) -> None:
    """A stranger that opens ``each`` connections to ``host``:``port`` from each of its
    ``sources`` addresses and keeps them open, silent; it says how many were taken and
    stays until stdin closes."""
    import json
    import sys

    sockets = []
    for source in sources:
        for _ in range(each):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((source, 0))
            sock.connect((host, port))
            sockets.append(sock)
    sys.stdout.write(json.dumps({"connected": len(sockets)}) + "\n")
    sys.stdout.flush()
    sys.stdin.read()


def peer_in_namespace() -> None:
    """A player driven by JSON lines on stdin (``find``, ``connect``, ``send``), saying on
    stdout what it finds and every message it receives, as JSON lines."""
    import json
    import sys
    import threading

    from game.net.discovery import listen_for_games

    lock = threading.Lock()
    clients: list[NetClient] = []

    def relay(client: NetClient) -> None:
        while True:
            for event in client.events():
                if isinstance(event, p.Message):
                    _say(lock, {"got": json.loads(p.encode(event))})
                else:
                    _say(lock, {"lost": event.reason})
                    return
            client.wait(0.2)

    for line in sys.stdin:
        order = json.loads(line)
        try:
            if order["do"] == "find":
                games = listen_for_games(order["seconds"], port=order["port"])
                _say(lock, {"found": [[g.name, g.host, g.port, g.seats_open] for g in games]})
            elif order["do"] == "connect":
                client = NetClient.connect(order["host"], order["port"], order["name"], token=order.get("token"),
                                           timeout=PATIENCE)
                clients.append(client)
                threading.Thread(target=relay, args=(client,), daemon=True).start()
            elif order["do"] == "send":
                clients[-1].send(p.decode(json.dumps(order["message"]).encode(), side="client"))
        except Exception as err:  # noqa: BLE001 - told to the test, which decides
            _say(lock, {"error": f"{type(err).__name__}: {err}"})
