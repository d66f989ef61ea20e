"""The authoritative server of one hosted game, on asyncio: its connections.

A ``GameServer`` listens, gives each connection a task, reads its lines into
messages (docs/protocol.md) and hands them to the game's ``Table``
(``game/net/table.py``), which decides what they do and whom to tell; the
server writes what the table has for each client and closes the connections
it lets go. A turn loop moves the table along (bots, limits) and watches the
connections for silence.

Whatever a connection sends wrong (not JSON, an unknown message, a line over
the limit, a flood, silence past the idle timeout) is answered with an
``error`` or ends that connection alone, with a log line saying why; every
other player and the game go on.

A connection says hello first, within ``HELLO_TIMEOUT`` of connecting, and
nothing else before it (a ping does not buy time). At most ``MAX_CONNECTIONS``
clients are served at once, and ``connections_per_address`` from one address
(config ``net:``). When a limit is reached, a newcomer takes the place of the
oldest connection that has not said hello, from the address holding the most
connections; when every connection has said hello, it is let in only to prove
it bears a seat's token (the host's or a player's): a player always gets back
to their seat, however many strangers are connected.

Every line it logs has its control characters written as codes
(``game.shown.escaped``): a client's words reach the terminal only that way.

``ServerThread`` runs a server in a daemon thread for the window.
"""
from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Callable, Sequence

from game.match.clocks import SeatTime, TimeControl
from game.match.config import GameConfig, NetLimits
from game.match.runner import BotRunner, BotSpec
from game.lang import _
from game.net import protocol as p
from game.net import wording
from game.net.discovery import Announcement, join_addresses
from game.net.seating import Guest, SeatPlan
from game.net.table import Table
from game.rules.catalogue import GameSpec
from game.rules.core import State
from game.shown import escaped

#: What the window and ``main.py serve`` import from here (``SeatPlan`` is ``game/net/seating.py``'s).
__all__ = ["GameServer", "NetError", "SeatPlan", "ServerThread"]

#: Bytes waiting to be sent to one connection before it counts as not reading (and is dropped).
MAX_WRITE_BUFFER = 1 << 20
#: Messages that are not of the protocol one connection may send before it is dropped.
MAX_BAD_MESSAGES = 10
#: Seconds between the turn loop's looks at a bot thinking; idle, it looks every ``IDLE_TICK``.
BOT_TICK, IDLE_TICK = 0.01, 0.25
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 10.0
#: Connections one game takes at once (players and spectators); one more is told the game is full.
MAX_CONNECTIONS = 64


class NetError(Exception):
    """A network game could not be hosted or joined; the message says why."""


class Connection:
    """One client's link: its stream, its ``guest`` at the table, and its rate and silence accounts."""

    def __init__(self, server: "GameServer", reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 guest: Guest, address: str, proving: bool = False) -> None:
        self.server = server
        self.reader, self.writer = reader, writer
        self.guest = guest
        #: The address it connects from, and whether it came past a limit (only a seat's token keeps it).
        self.address, self.proving = address, proving
        now = time.monotonic()
        self.arrived = self.heard = self.pinged = now
        self.tokens = float(server.limits.messages_per_second * 2)
        self.refilled = now
        self.over_rate = 0
        self.bad = 0
        self.closed = False

    def send(self, message: p.Message) -> None:
        if self.closed:
            return
        self.writer.write(p.encode(message))
        if self.writer.transport.get_write_buffer_size() > MAX_WRITE_BUFFER:
            self.server.drop(self, "it does not read what it is sent")

    def allowed(self) -> bool:
        """Take one message from the rate allowance; False when the client sends too fast."""
        limits = self.server.limits
        now = time.monotonic()
        rate = limits.messages_per_second
        self.tokens = min(rate * 2.0, self.tokens + (now - self.refilled) * rate)
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.over_rate = 0
            return True
        self.over_rate += 1
        return False


class GameServer:
    """One hosted game on the network: see the module docstring.

    ``host`` and ``port`` are where it listens, ``limits`` the connections' limits
    (its ``reconnect_seconds`` is the table's); the other arguments are the
    ``Table``'s (``game/net/table_state.py``), which ``table`` holds.
    """

    def __init__(self, game: GameSpec | str | State, seats: Sequence[SeatPlan], *, host: str = "0.0.0.0",
                 port: int = 0, limits: NetLimits | None = None, log: Callable[[str], None] = print,
                 name: str = "Host", bot_spec: Callable[[str], BotSpec] | None = None,
                 after_limit: str | None = None,
                 make_runner: Callable[[BotSpec], BotRunner] = BotRunner, game_config: GameConfig | None = None,
                 time_control: TimeControl | None = None, times: Sequence[SeatTime] | None = None) -> None:
        self.limits = limits or NetLimits()
        self.log: Callable[[str], None] = lambda line: log(escaped(line))
        self.table = Table(game, seats, name=name, reconnect_seconds=self.limits.reconnect_seconds,
                           offer_seconds=self.limits.offer_seconds, log=self.log,
                           bot_spec=bot_spec, after_limit=after_limit, make_runner=make_runner, game_config=game_config,
                           time_control=time_control, times=times)
        self.bind = (host, port)
        self.conns: dict[Guest, Connection] = {}
        self.address: tuple[str, int] | None = None
        self._server: asyncio.base_events.Server | None = None
        self._stop: asyncio.Event | None = None
        self._wake: asyncio.Event | None = None
        self._handlers: set[asyncio.Task] = set()

    # -- the game, as the window, ``main.py serve`` and the load benchmark read it --------------
    @property
    def host_token(self) -> str:
        return self.table.host_token

    @property
    def spec(self) -> GameSpec:
        return self.table.spec

    @property
    def state(self) -> State:
        return self.table.state

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    @property
    def moves_relayed(self) -> int:
        return self.table.moves_relayed

    def open_seats(self) -> list[int]:
        return self.table.open_seats()

    def save(self, path: Path | str) -> None:
        """Write the game to a save file (``OSError`` if it cannot be written)."""
        self.table.save(path)

    def announcement(self) -> Announcement:
        """What the discovery announcer says of this game now."""
        port = self.address[1] if self.address else self.bind[1]
        return Announcement(self.table.name, str(self.table.spec), port, len(self.table.open_seats()))

    # -- life cycle --------------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        """Bind and listen (the bots' workers start building); returns the bound address."""
        self._stop, self._wake = asyncio.Event(), asyncio.Event()
        try:
            self._server = await asyncio.start_server(self._handle, *self.bind, limit=self.limits.max_line_bytes)
        except OSError as err:
            raise NetError(_("cannot listen on {address}: {error}").format(address=f"{self.bind[0]}:{self.bind[1]}",
                                                                        error=err.strerror or err)) from None
        host, port = self._server.sockets[0].getsockname()[:2]
        self.address = (host, port)
        self.table.start()
        where = f"; players join at {join_addresses(port)}" if host in ("0.0.0.0", "") else ""
        self.log(f"Hosting {self.table.spec} on {host}:{port}{where}")
        return self.address

    async def serve(self) -> None:
        """Run until ``stop``: listen, drive the game, watch the connections."""
        if self._server is None:
            await self.start()
        assert self._stop is not None
        ticker = asyncio.create_task(self._tick())
        try:
            await self._stop.wait()
        finally:
            # The turn loop ends by the flag too: asyncio.wait_for may swallow a cancel
            # that comes as its wait ends (Python 3.11), and this runs after Ctrl+C.
            self._stop.set()
            ticker.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await ticker
            for conn in list(self.conns.values()):
                conn.send(wording.announcement("host_closed"))
                self._close(conn)
            for task in list(self._handlers):
                task.cancel()
            await asyncio.gather(*self._handlers, return_exceptions=True)
            self._server.close()
            await self._server.wait_closed()
            await asyncio.get_running_loop().run_in_executor(None, self.table.close)
            self.log("Server stopped")

    def stop(self) -> None:
        """Ask ``serve`` to end (from the server's loop)."""
        if self._stop is not None:
            self._stop.set()

    # -- the turn loop ---------------------------------------------------------------------
    async def _tick(self) -> None:
        assert self._wake is not None and self._stop is not None
        while not self._stop.is_set():
            try:
                self._watch_connections()
                self.table.tick()
                self._flush()
            except Exception as err:  # noqa: BLE001 - the game must outlive a fault; it is logged
                self.log(f"fault in the turn loop: {type(err).__name__}: {err}")
            busy = self.table.busy()
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), BOT_TICK if busy else IDLE_TICK)
            except asyncio.TimeoutError:
                pass

    def _watch_connections(self) -> None:
        """Drop a connection silent past the idle timeout; ping one that has been quiet a while."""
        now = time.monotonic()
        idle = self.limits.idle_timeout
        for conn in list(self.conns.values()):
            if not conn.guest.name:     # its hello deadline is watched by its reader
                continue
            if now - conn.heard > idle:
                self.drop(conn, f"silent for {idle:g} s")
            elif now - conn.pinged > idle / 3 and now - conn.heard > idle / 3:
                conn.pinged = now
                conn.send(p.Ping())

    # -- connections -------------------------------------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        peer = writer.get_extra_info("peername")
        address = str(peer[0]) if isinstance(peer, tuple) else str(peer)
        peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        admitted = self._admit(address)
        if isinstance(admitted, str):
            writer.write(p.encode(p.Error("full", admitted)))
            _close_writer(writer)
            self.log(f"a client ({peer}) refused: {admitted}")
            return
        conn = Connection(self, reader, writer, self.table.arrive(peer), address, proving=not admitted)
        self.conns[conn.guest] = conn
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        why = wording.words("closed_connection")
        try:
            while not conn.closed:
                timeout = (conn.arrived + HELLO_TIMEOUT - time.monotonic() if not conn.guest.name
                           else self.limits.idle_timeout)
                try:
                    line = await asyncio.wait_for(reader.readline(), max(timeout, 0.0))
                except asyncio.TimeoutError:
                    if conn.proving:
                        conn.send(self._full_error())
                    why = (wording.words("silent") if not conn.guest.name
                           else wording.words("silent_for", seconds=f"{timeout:g}"))
                    break
                except ValueError:      # the line passed the stream's limit
                    conn.send(wording.error("size", "line_limit", plain=not conn.guest.name,
                                            bytes=self.limits.max_line_bytes))
                    why = wording.words("line_too_long", bytes=self.limits.max_line_bytes)
                    break
                if not line:
                    break
                conn.heard = time.monotonic()
                if not conn.allowed():
                    if conn.over_rate == 1:
                        conn.send(wording.error("flood", "flood", plain=not conn.guest.name,
                                                count=f"{self.limits.messages_per_second:g}"))
                    if conn.over_rate > self.limits.messages_per_second * 2:
                        why = wording.words("flooded")
                        break
                    continue
                try:
                    message = p.decode(line, side="client", max_bytes=self.limits.max_line_bytes)
                except p.ProtocolError as err:
                    conn.bad += 1
                    conn.send(p.Error("bad", str(err)[:400]))
                    if conn.bad > MAX_BAD_MESSAGES:
                        why = wording.words("bad_lines", count=conn.bad)
                        break
                    continue
                self._receive(conn, message)
        except (ConnectionError, OSError) as err:
            why = wording.words("connection_lost", error=err.__class__.__name__)
        except asyncio.CancelledError:
            why = wording.words("server_stopped")
        finally:
            self.drop(conn, why)
            self._flush()

    def _admit(self, address: str) -> bool | str:
        """Whether a connection from ``address`` comes in: True; False on probation (past a
        limit, only a seat's token keeps it); else why it is refused. A limit reached makes
        room first by dropping the oldest connection that has not said hello, from the
        address with the most connections."""
        per_address = self.limits.connections_per_address
        same = [conn for conn in self.conns.values() if conn.address == address]
        if len(same) >= per_address:
            crowd, limit = same, f"{address} has {per_address} connections to this game already"
        elif len(self.conns) >= MAX_CONNECTIONS:
            crowd, limit = list(self.conns.values()), f"this game has {MAX_CONNECTIONS} connections already"
        else:
            return True
        silent = [conn for conn in crowd if not conn.guest.name]
        if silent:
            counts = Counter(conn.address for conn in crowd)
            self.drop(min(silent, key=lambda conn: (-counts[conn.address], conn.arrived)),
                      wording.words("made_room"))
            return True
        if sum(conn.proving for conn in self.conns.values()) < self.table.seat_holders():
            return False
        return limit

    def _full_error(self) -> p.Error:
        return wording.error("full", "game_full", plain=True, most=MAX_CONNECTIONS,
                             per_address=self.limits.connections_per_address)

    def _receive(self, conn: Connection, message: p.Message) -> None:
        """Hand ``message`` to the table and send what it has to say; wake the turn loop
        if a bot is to move now. A connection let in past a limit is kept only if its
        hello bears a seat's token."""
        if conn.proving and isinstance(message, p.Hello) and not conn.guest.name:
            if not self.table.holds_seat(message.token):
                conn.send(self._full_error())
                self.drop(conn, wording.words("past_limit"))
                return
            conn.proving = False
        try:
            self.table.receive(conn.guest, message)
            fault = None
        except Exception as err:  # noqa: BLE001 - one client's fault never stops the server
            fault = err
            self.log(f"fault handling {type(message).__name__} from {conn.guest.who}: {type(err).__name__}: {err}")
        self._flush()
        if fault is not None:
            conn.send(wording.error("state", "could_not_handle", plain=not conn.guest.name))
        if self._wake is not None and self.table.busy():
            self._wake.set()

    def drop(self, conn: Connection, why: p.Words | str) -> None:
        """End ``conn``: the table lets its guest go (logs why, holds its seats, tells the others)."""
        if conn.closed:
            return
        self._close(conn)
        self.table.leave(conn.guest, why)

    def _close(self, conn: Connection) -> None:
        conn.closed = True
        self.conns.pop(conn.guest, None)
        _close_writer(conn.writer)

    def _flush(self) -> None:
        """Send each guest what the table has for it, and close the connections it let go."""
        while guests := self.table.take_output():
            for guest in guests:
                messages = guest.take()
                conn = self.conns.get(guest)
                if conn is None:
                    continue
                for message in messages:
                    conn.send(message)
                if guest.gone:
                    self._close(conn)


def _close_writer(writer: asyncio.StreamWriter) -> None:
    try:
        writer.close()
    except (ConnectionError, OSError, RuntimeError):
        pass


class ServerThread:
    """A ``GameServer`` running in a daemon thread with its own event loop (for the window)."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._bound = threading.Event()
        self._error: BaseException | None = None

    def start(self, timeout: float = 30.0) -> "ServerThread":
        """Start serving; returns once bound (``NetError`` if it cannot listen)."""
        self._thread = threading.Thread(target=self._run, name="game-server", daemon=True)
        self._thread.start()
        if not self._bound.wait(timeout):
            raise NetError(_("the server did not start in time"))
        if self._error is not None:
            raise NetError(str(self._error))
        return self

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        finally:
            loop.close()

    async def _main(self) -> None:
        try:
            await self.server.start()
        except BaseException as err:  # noqa: BLE001 - handed to the thread that called start
            self._error = err
            self._bound.set()
            return
        self._bound.set()
        await self.server.serve()

    @property
    def address(self) -> tuple[str, int]:
        assert self.server.address is not None, "the server is not started"
        return self.server.address

    def call(self, function: Callable[[], object], timeout: float = 10.0) -> object:
        """Run ``function`` on the server's loop (where the game lives) and return its result."""
        assert self._loop is not None

        async def run() -> object:
            return function()

        return asyncio.run_coroutine_threadsafe(run(), self._loop).result(timeout)

    def save(self, path: Path | str) -> None:
        self.call(lambda: self.server.save(path))

    def stop(self, timeout: float = 15.0) -> None:
        """Close every connection, stop the bots, end the thread."""
        if self._loop is not None and self._thread is not None and self._thread.is_alive():
            try:
                self._loop.call_soon_threadsafe(self.server.stop)
            except RuntimeError:    # the loop closed as we came: a server that never started is ending
                pass
            self._thread.join(timeout)
