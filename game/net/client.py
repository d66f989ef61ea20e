"""A client of a hosted game: one connection, run by asyncio in a background thread.

``NetClient.connect`` says hello and returns once the server has answered
(an invitation, or a welcome for a token it knows); afterwards everything the
server sends is queued and drained with ``events()``, from any thread, and
the commands (``play``, ``chat``, ``answer``...) may be called from any thread
too. The client answers the server's pings itself, pings a quiet server, and
reports a connection gone as a ``ConnectionLost`` event.
"""
from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import Union

from game.lang import _
from game.net import protocol as p
from game.net import wording
from game.net.server import NetError

#: Seconds without a word from the server after which the client pings it, and after which it counts as gone.
KEEPALIVE, SILENCE = 10.0, 45.0


@dataclass(frozen=True)
class ConnectionLost:
    """The connection to the server is gone; ``reason`` in words."""

    reason: str


NetEvent = Union[p.Message, ConnectionLost]


class NetClient:
    """See the module docstring. Build it with ``NetClient.connect``."""

    def __init__(self, name: str, *, max_line_bytes: int = p.MAX_LINE_BYTES) -> None:
        self.name = name
        self.max_line_bytes = max_line_bytes
        #: The server's first answer: an ``Invitation`` (answer with accept/decline) or None.
        self.invitation: p.Invitation | None = None
        #: Set by the server's welcome: this client's token, its seats, whether it hosts.
        self.token: str | None = None
        self.seats: list[int] = []
        self.host = False
        #: The last ``Sync`` the server sent: the whole game as it stood then.
        self.sync: p.Sync | None = None
        #: The last ``Error`` the server sent (why it closed the connection, when it did).
        self.last_error: p.Error | None = None
        self.connected = False
        self._queue: deque[NetEvent] = deque()
        self._arrived = threading.Condition()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._thread: threading.Thread | None = None
        self._heard = self._said = time.monotonic()

    # -- connecting ----------------------------------------------------------------------
    @classmethod
    def connect(cls, host: str, port: int, name: str, *, token: str | None = None, timeout: float = 5.0,
                watch: bool = False) -> "NetClient":
        """Connect and say hello as ``name`` (with ``token``: take back its seats; with
        ``watch``: ask to watch). Returns once the server answered; ``NetError`` says why not."""
        client = cls(name)
        first: dict[str, object] = {}
        started = threading.Event()

        def run() -> None:
            loop = asyncio.new_event_loop()
            client._loop = loop
            try:
                loop.run_until_complete(client._main(host, port, token, watch, timeout, first, started))
            finally:
                loop.close()

        client._thread = threading.Thread(target=run, name=f"net-client-{name}", daemon=True)
        client._thread.start()
        if not started.wait(timeout + 1.0):
            client.close()
            raise NetError(_("no answer from {address} within {seconds} s").format(address=f"{host}:{port}", seconds=f"{timeout:g}"))
        if "error" in first:
            raise NetError(str(first["error"]))
        return client

    async def _main(self, host: str, port: int, token: str | None, watch: bool, timeout: float,
                    first: dict[str, object], started: threading.Event) -> None:
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection(host, port, limit=self.max_line_bytes), timeout)
        except (OSError, asyncio.TimeoutError) as err:
            first["error"] = _("cannot reach {address}: {error}").format(address=f"{host}:{port}", error=_why(err))
            started.set()
            return
        self._writer = writer
        try:
            writer.write(p.encode(p.Hello(p.PROTOCOL_VERSION, self.name[:40] or "Player", token, watch)))
            reply = await asyncio.wait_for(self._read(reader), timeout)
        except (OSError, asyncio.TimeoutError, p.ProtocolError, EOFError) as err:
            first["error"] = _("{address} did not answer as a Board Arcade server: {error}").format(
                address=f"{host}:{port}", error=_why(err))
            writer.close()
            started.set()
            return
        if isinstance(reply, p.Error):
            first["error"] = _("{address} refused: {why}").format(address=f"{host}:{port}", why=wording.worded(reply.words, reply.text))
            writer.close()
            started.set()
            return
        self.connected = True
        self._take(reply)
        started.set()
        keepalive = asyncio.create_task(self._keepalive())
        reason = _("the server closed the connection")
        try:
            while True:
                message = await self._read(reader)
                self._take(message)
        except EOFError:
            pass
        except p.ProtocolError as err:
            reason = _("the server sent something unreadable: {error}").format(error=err)
        except (OSError, ValueError) as err:
            reason = _("connection lost: {error}").format(error=_why(err))
        except asyncio.CancelledError:
            reason = _("closed")
        finally:
            keepalive.cancel()
            self.connected = False
            writer.close()
            self._push(ConnectionLost(reason))

    async def _read(self, reader: asyncio.StreamReader) -> p.Message:
        line = await reader.readline()
        if not line:
            raise EOFError
        self._heard = time.monotonic()
        return p.decode(line, side="server", max_bytes=self.max_line_bytes)

    async def _keepalive(self) -> None:
        while True:
            await asyncio.sleep(1.0)
            quiet = time.monotonic() - self._heard
            if quiet > SILENCE:
                self._push(ConnectionLost(_("the server said nothing for {seconds} s").format(seconds=f"{SILENCE:g}")))
                if self._writer is not None:
                    self._writer.close()
                return
            if quiet > KEEPALIVE and time.monotonic() - self._said > KEEPALIVE:
                self._write(p.Ping())

    def _take(self, message: p.Message) -> None:
        if isinstance(message, p.Ping):
            self._write(p.Pong())
            return
        if isinstance(message, p.Pong):
            return
        if isinstance(message, p.Invitation):
            self.invitation = message
        elif isinstance(message, p.Welcome):
            self.token, self.seats, self.host = message.token, list(message.seats), message.host
        elif isinstance(message, p.Sync):
            self.sync = message
        elif isinstance(message, p.Error):
            self.last_error = message
        self._push(message)

    def _push(self, event: NetEvent) -> None:
        with self._arrived:
            self._queue.append(event)
            self._arrived.notify_all()

    # -- reading ---------------------------------------------------------------------------
    def events(self) -> list[NetEvent]:
        """What arrived since the last call, oldest first (never blocks)."""
        with self._arrived:
            events = list(self._queue)
            self._queue.clear()
        return events

    def wait(self, timeout: float | None = None) -> bool:
        """Block until something arrived (or ``timeout`` seconds passed); True if it did."""
        with self._arrived:
            return self._arrived.wait_for(lambda: bool(self._queue), timeout)

    # -- commands ----------------------------------------------------------------------------
    def _write(self, message: p.Message) -> None:
        self._said = time.monotonic()
        writer = self._writer
        if writer is not None and not writer.is_closing():
            writer.write(p.encode(message))

    def send(self, message: p.Message) -> None:
        """Send ``message`` (from any thread); nothing happens once the connection is gone."""
        if self._loop is not None and not self._loop.is_closed():
            try:
                self._loop.call_soon_threadsafe(self._write, message)
            except RuntimeError:     # the loop closed meanwhile
                pass

    def accept(self) -> None:
        self.send(p.Accept())

    def decline(self) -> None:
        self.send(p.Decline())

    def play(self, move_text: str, ply: int | None = None) -> None:
        """Play ``move_text`` (the game's notation) for this client's seat to move;
        ``ply``: the number of moves this client saw played (a stale move is refused)."""
        self.send(p.Play(move_text, ply))

    def chat(self, text: str) -> None:
        if text.strip():
            self.send(p.Say(text[:500]))

    def request_undo(self) -> None:
        self.send(p.Ask("undo"))

    def offer_draw(self) -> None:
        self.send(p.Ask("draw"))

    def rematch(self) -> None:
        self.send(p.Ask("rematch"))

    def answer(self, request_id: int, accept: bool) -> None:
        self.send(p.Answer(request_id, accept))

    def resign(self) -> None:
        self.send(p.Resign())

    def decide(self, seat: int, action: str, tier: str | None = None) -> None:
        """The host's choice for a seat whose player did not come back: ``'bot'`` (``tier``) or ``'end'``."""
        self.send(p.Decide(seat, action, tier))  # type: ignore[arg-type]

    def close(self) -> None:
        """Say goodbye and close; the thread ends."""
        loop, thread = self._loop, self._thread
        if loop is None or loop.is_closed():
            return

        def finish() -> None:
            self._write(p.Bye())
            if self._writer is not None:
                self._writer.close()

        try:
            loop.call_soon_threadsafe(finish)
        except RuntimeError:
            return
        if thread is not None and thread is not threading.current_thread():
            thread.join(5.0)


def _why(err: BaseException) -> str:
    if isinstance(err, asyncio.TimeoutError):
        return _("timed out")
    if isinstance(err, EOFError):
        return _("the connection closed")
    return getattr(err, "strerror", None) or str(err) or type(err).__name__
