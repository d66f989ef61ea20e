"""Finding hosted games on the local network: a host announces its game in a small
UDP datagram every few seconds; a joiner listens for a while and lists what it heard.

The datagram is one JSON object (``Announcement``), decoded and checked like the
protocol's messages; anything else arriving on the port is ignored. The
address announced to and the address listened on are parameters: the window
uses the LAN's broadcast address, tests use loopback only.
"""
from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from typing import Callable

import msgspec

from game.match.config import NetLimits
from game.net.protocol import PROTOCOL_VERSION
from game.store.savefile import printable

#: The port announcements go to unless the config says otherwise (config ``net.discovery_port``).
DISCOVERY_PORT = NetLimits().discovery_port
#: Seconds between two announcements of a game.
ANNOUNCE_EVERY = 2.0
#: The largest datagram read; an announcement is a few hundred bytes.
MAX_DATAGRAM = 2048


class Announcement(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """What a host says of its game: its name, the game (GameSpec text), the port it
    listens on, how many seats are open, and the protocol version it speaks."""

    name: str
    game: str
    port: int
    seats_open: int
    version: int = PROTOCOL_VERSION
    kind: str = "board-arcade"


@dataclass(frozen=True)
class HostedGame:
    """A game heard of: who hosts it, the game, where to connect, the seats still open."""

    name: str
    game: str
    host: str
    port: int
    seats_open: int


_DECODER = msgspec.json.Decoder(Announcement)


def read_announcement(data: bytes) -> Announcement | None:
    """The announcement in a datagram, or None if it is not one of this program's version."""
    try:
        announcement = _DECODER.decode(data)
    except (msgspec.DecodeError, msgspec.ValidationError):
        return None
    if announcement.kind != "board-arcade" or announcement.version != PROTOCOL_VERSION:
        return None
    if not 0 < announcement.port < 65536 or announcement.seats_open < 0:
        return None
    return announcement


def local_address() -> str:
    """This machine's address on its network, the one to give to friends: the address
    the system would send from toward the LAN (a UDP socket is pointed at a documentation
    address to learn it; nothing is sent), else ``127.0.0.1``."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("192.0.2.1", 9))
            return sock.getsockname()[0]
        except OSError:
            return "127.0.0.1"


class Announcer:
    """Announces a hosted game every ``every`` seconds to ``address``:``port`` (config.yaml's
    ``net.discovery_address``: the LAN's broadcast address for players) from a
    daemon thread, until ``stop``. ``info`` gives the announcement (a function: asked
    each time, so the open seats stay current)."""

    def __init__(self, info: Announcement | Callable[[], Announcement], port: int = DISCOVERY_PORT, *,
                 address: str, every: float = ANNOUNCE_EVERY) -> None:
        self.info = info if callable(info) else (lambda: info)
        self.target = (address, port)
        self.every = every
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.sent = 0
        self.problem: str | None = None

    def start(self) -> "Announcer":
        self._thread = threading.Thread(target=self._run, name="announcer", daemon=True)
        self._thread.start()
        return self

    def _run(self) -> None:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            if self.target[0].endswith(".255"):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            while not self._stop.is_set():
                try:
                    sock.sendto(msgspec.json.encode(self.info()), self.target)
                    self.sent += 1
                    self.problem = None
                except OSError as err:         # no network now: try again next time
                    self.problem = f"cannot announce the game: {err.strerror or err}"
                except RuntimeError:           # the game changed while it was read: next time
                    pass
                self._stop.wait(self.every)

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)


def listen_for_games(timeout: float, *, bind: str = "0.0.0.0", port: int = DISCOVERY_PORT) -> list[HostedGame]:
    """The games announced on ``bind``:``port`` during ``timeout`` seconds, each once
    (its latest announcement), in the order first heard. ``OSError`` if the port
    cannot be listened on."""
    found: dict[tuple[str, int], HostedGame] = {}
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((bind, port))
        until = time.monotonic() + timeout
        while (left := until - time.monotonic()) > 0:
            sock.settimeout(left)
            try:
                data, (sender, _) = sock.recvfrom(MAX_DATAGRAM)
            except (socket.timeout, TimeoutError):
                break
            announcement = read_announcement(data)
            if announcement is not None:
                found[(sender, announcement.port)] = HostedGame(                # anyone may send one: shown safely
                    printable(announcement.name)[:40] or "?", printable(announcement.game)[:200], sender,
                    announcement.port, announcement.seats_open)
    return list(found.values())
