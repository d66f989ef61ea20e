"""Finding hosted games on the local network: a host announces its game in a small
UDP datagram every few seconds; a joiner listens for a while and lists what it heard.

The datagram is one JSON object (``Announcement``), decoded and checked like the
protocol's messages; anything else arriving on the port is ignored, and a
joiner lists at most ``MAX_GAMES`` games (``MAX_GAMES_PER_HOST`` from one
address), each forgotten ``FORGET_AFTER`` seconds after it was last heard. The
address announced to and the address listened on are parameters: the window
uses the LAN's broadcast address, tests use loopback only.

Announced to the limited broadcast address (255.255.255.255), a game is also
announced on each network interface's own broadcast address (``interfaces``):
on a LAN without a router (a switch, no default gateway) the limited broadcast
has no route, but each interface's broadcast reaches its network.
``join_addresses`` is what a host tells its friends to type: this machine's
addresses on its networks, not 127.0.0.1 when it has one.
"""
from __future__ import annotations

import ipaddress
import json
import socket
import struct
import subprocess
import sys
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
#: The most games a joiner lists, and from one address; more announcements are ignored.
MAX_GAMES, MAX_GAMES_PER_HOST = 32, 4
#: Seconds after which a game not heard again is forgotten (three announcements missed).
FORGET_AFTER = 3 * ANNOUNCE_EVERY + 0.5
#: The limited broadcast address: every machine on the local network.
LIMITED_BROADCAST = "255.255.255.255"


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


@dataclass(frozen=True)
class Interface:
    """A network interface that is up, with its IPv4 address and broadcast address
    (None: it has none, as a point-to-point link); ``loopback``: this machine only."""

    name: str
    address: str
    broadcast: str | None
    loopback: bool


# Linux's ioctl requests and interface flags (linux/sockios.h, linux/if.h).
_SIOCGIFFLAGS, _SIOCGIFADDR, _SIOCGIFBRDADDR = 0x8913, 0x8915, 0x8919
_IFF_UP, _IFF_BROADCAST, _IFF_LOOPBACK = 0x1, 0x2, 0x8


def interfaces() -> list[Interface]:
    """This machine's IPv4 interfaces that are up: on Linux asked of the kernel (ioctl),
    else read from ``ip -j addr``; [] when neither can tell."""
    if sys.platform.startswith("linux"):
        try:
            return _kernel_interfaces()
        except (OSError, ImportError):
            pass
    return _ip_command_interfaces()


def _kernel_interfaces() -> list[Interface]:
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            flags = struct.unpack_from("H", fcntl.ioctl(sock, _SIOCGIFFLAGS, request), 16)[0]
            if not flags & _IFF_UP:
                continue
            try:
                address = socket.inet_ntoa(fcntl.ioctl(sock, _SIOCGIFADDR, request)[20:24])
            except OSError:             # no IPv4 address on it
                continue
            broadcast = None
            if flags & _IFF_BROADCAST:
                broadcast = socket.inet_ntoa(fcntl.ioctl(sock, _SIOCGIFBRDADDR, request)[20:24])
            found.append(Interface(name, address, broadcast, bool(flags & _IFF_LOOPBACK)))
    return found


def _ip_command_interfaces() -> list[Interface]:
    try:
        listing = json.loads(subprocess.run(["ip", "-j", "-4", "addr"], capture_output=True, timeout=5,
                                            check=True).stdout)
    except (OSError, subprocess.SubprocessError, ValueError):
        return []
    found = []
    for link in listing if isinstance(listing, list) else []:
        flags = link.get("flags", [])
        if "UP" not in flags:
            continue
        for info in link.get("addr_info", []):
            if info.get("family") == "inet" and "local" in info:
                found.append(Interface(str(link.get("ifname", "?")), str(info["local"]), info.get("broadcast"),
                                       "LOOPBACK" in flags))
    return found


def reachable_addresses() -> list[str]:
    """This machine's addresses others on its networks can reach (not loopback), the one
    the system would send from toward other networks first (found by pointing a UDP
    socket at a documentation address: nothing is sent); [] when it has none."""
    found = [iface.address for iface in interfaces() if not iface.loopback]
    routed = _routed_address()
    if routed and not ipaddress.ip_address(routed).is_loopback:
        found = [routed] + [address for address in found if address != routed]
    return list(dict.fromkeys(found))


def _routed_address() -> str:
    """The address the system sends from toward other networks ('' with no route out,
    as on a LAN without a gateway)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("192.0.2.1", 9))
            return sock.getsockname()[0]
        except OSError:
            return ""


def join_addresses(port: int) -> str:
    """Where friends join a game listening on every interface at ``port``, as they type
    it: ``10.0.0.5:5151``, several joined by "or"; ``127.0.0.1:5151 (this computer only)``
    when the machine is on no network."""
    addresses = reachable_addresses()
    if not addresses:
        return f"127.0.0.1:{port} (this computer only: it is on no network)"
    return " or ".join(f"{address}:{port}" for address in addresses)


def broadcast_targets(address: str) -> list[str]:
    """Where an announcement to ``address`` is sent: the limited broadcast goes to each
    interface's own broadcast address too (first, as they need no route), any other
    address alone."""
    if address != LIMITED_BROADCAST:
        return [address]
    own = [iface.broadcast for iface in interfaces() if iface.broadcast and not iface.loopback]
    return list(dict.fromkeys([*own, LIMITED_BROADCAST]))


class Announcer:
    """Announces a hosted game every ``every`` seconds to ``address``:``port`` (config.yaml's
    ``net.discovery_address``: the LAN's broadcast address for players, and with it
    each interface's own, as ``broadcast_targets`` says, looked up each time) from a
    daemon thread, until ``stop``. ``info`` gives the announcement (a function: asked
    each time, so the open seats stay current). ``problem`` says why no target could
    be reached last time (None when one was)."""

    def __init__(self, info: Announcement | Callable[[], Announcement], port: int = DISCOVERY_PORT, *,
                 address: str, every: float = ANNOUNCE_EVERY) -> None:
        self.info = info if callable(info) else (lambda: info)
        self.address, self.port = address, port
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
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            while not self._stop.is_set():
                try:
                    self._announce(sock, msgspec.json.encode(self.info()))
                except RuntimeError:           # the game changed while it was read: next time
                    pass
                self._stop.wait(self.every)

    def _announce(self, sock: socket.socket, datagram: bytes) -> None:
        """Send ``datagram`` to each target; one that cannot be reached (no route) does not
        stop the others."""
        problems = []
        targets = broadcast_targets(self.address)
        for target in targets:
            try:
                sock.sendto(datagram, (target, self.port))
                self.sent += 1
            except OSError as err:             # no route there now: the others may do
                problems.append(f"{target}: {err.strerror or err}")
        self.problem = None if len(problems) < len(targets) else (
            "cannot announce the game: " + "; ".join(problems))

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(5.0)


class GameBook:
    """The games heard of, each once (its latest announcement) in the order first heard:
    at most ``MAX_GAMES``, ``MAX_GAMES_PER_HOST`` from one address, each forgotten
    ``FORGET_AFTER`` seconds after it was last heard (``clock``'s seconds)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._games: dict[tuple[str, int], tuple[HostedGame, float]] = {}

    def heard(self, game: HostedGame) -> None:
        """Note ``game`` as heard now; a new one past a cap is ignored."""
        self._forget()
        key = (game.host, game.port)
        if key not in self._games:
            from_host = sum(1 for host, _ in self._games if host == game.host)
            if len(self._games) >= MAX_GAMES or from_host >= MAX_GAMES_PER_HOST:
                return
        self._games[key] = (game, self.clock())

    def games(self) -> list[HostedGame]:
        """The games heard within ``FORGET_AFTER`` seconds."""
        self._forget()
        return [game for game, _ in self._games.values()]

    def _forget(self) -> None:
        now = self.clock()
        for key in [key for key, (_, when) in self._games.items() if now - when > FORGET_AFTER]:
            del self._games[key]


def listen_for_games(timeout: float, *, bind: str = "0.0.0.0", port: int = DISCOVERY_PORT,
                     book: GameBook | None = None) -> list[HostedGame]:
    """The games announced on ``bind``:``port`` during ``timeout`` seconds, noted in
    ``book`` (a new one by default; one kept from round to round lists a game until
    it is forgotten), and the games the book lists then. ``OSError`` if the port
    cannot be listened on."""
    book = GameBook() if book is None else book
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
                book.heard(HostedGame(                # anyone may send one: shown safely
                    printable(announcement.name)[:40] or "?", printable(announcement.game)[:200], sender,
                    announcement.port, announcement.seats_open))
    return book.games()
