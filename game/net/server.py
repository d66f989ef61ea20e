"""The authoritative server of one hosted game, on asyncio.

A ``GameServer`` holds the game's ``MatchSession``: it checks every move with
the rules, runs the bot seats through the same ``BotRunner`` as a local game,
and tells every connection what happened (docs/protocol.md). The host's own
window is just another client, over loopback, proving the seats kept for it
with ``host_token``. Others join by invitation (accept or decline) into the
open seats, or watch.

Each connection is one task; whatever it sends wrong (not JSON, an unknown
message, a line over the limit, a flood, silence past the idle timeout)
is answered with an ``error`` or ends that connection alone, with a log line
saying why; every other player and the game go on. A player who drops pauses
the game for everyone; their token takes the seat back within
``reconnect_seconds``; after that the host decides (``decide``: a bot takes
the seat, or the game ends), or ``after_limit`` decides for a server with no
host at a screen.

``ServerThread`` runs a server in a daemon thread for the window.
"""
from __future__ import annotations

import asyncio
import contextlib
import secrets
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Literal, Sequence

from game.match.config import NetLimits
from game.match.record import REMOTE, Match, Player
from game.match.runner import BotRunner, BotSpec
from game.match.session import BotStuck, GameOver, MatchSession, MovePlayed
from game.net import protocol as p
from game.net.discovery import Announcement, local_address
from game.rules.catalogue import GameSpec
from game.rules.core import BadNotation, IllegalMove, Outcome, RulesError, State, Termination
from game.store.savefile import printable, save_match

#: Bytes waiting to be sent to one connection before it counts as not reading (and is dropped).
MAX_WRITE_BUFFER = 1 << 20
#: Messages that are not of the protocol one connection may send before it is dropped.
MAX_BAD_MESSAGES = 10
#: Seconds between the turn loop's looks at a bot thinking; idle, it looks every ``IDLE_TICK``.
BOT_TICK, IDLE_TICK = 0.01, 0.25
#: Seconds between two asks of a bot that gave no legal move (the game cannot go on without it).
STUCK_RETRY = 1.0
#: Seconds a new connection has to say hello.
HELLO_TIMEOUT = 10.0
#: Connections one game takes at once (players and spectators); one more is told the game is full.
MAX_CONNECTIONS = 64


class NetError(Exception):
    """A network game could not be hosted or joined; the message says why."""


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
    """A player's hold on seats, proven by ``token``; ``conn`` is None while they are away."""

    token: str
    name: str
    seats: list[int]
    host: bool = False
    conn: "Connection | None" = None
    dropped_at: float | None = None


@dataclass(eq=False)
class Request:
    """An undo, draw or rematch asked by ``asker``, waiting for the answers of ``voters``."""

    id: int
    kind: str
    asker: Claim
    voters: set[str] = field(default_factory=set)   # tokens yet to answer


class Connection:
    """One client's link: its stream, who it is, and its rate and silence accounts."""

    def __init__(self, server: "GameServer", reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.server = server
        self.reader, self.writer = reader, writer
        peer = writer.get_extra_info("peername")
        self.peer = f"{peer[0]}:{peer[1]}" if isinstance(peer, tuple) else str(peer)
        self.name = ""
        self.claim: Claim | None = None
        self.watching = False
        self.offered: int | None = None      # the seat of the invitation it has not answered yet
        self.invited = False
        now = time.monotonic()
        self.heard = self.pinged = now
        self.tokens = float(server.limits.messages_per_second * 2)
        self.refilled = now
        self.over_rate = 0
        self.bad = 0
        self.closed = False

    @property
    def who(self) -> str:
        return f"{self.name or 'a client'} ({self.peer})"

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
    """One hosted game: see the module docstring.

    ``game`` is a ``GameSpec`` (or its text) for a new game, or a ``State`` to go
    on from (a loaded game, its moves played). ``bot_spec`` turns a tier name
    into how to run it (default: the config's tiers); ``after_limit`` is what
    happens to a seat whose player did not come back in time when no host
    decides: ``None`` waits for the host, ``'end'`` ends the game, else a tier
    takes the seat.
    """

    def __init__(self, game: GameSpec | str | State, seats: Sequence[SeatPlan], *, host: str = "0.0.0.0",
                 port: int = 0, limits: NetLimits | None = None, log: Callable[[str], None] = print,
                 name: str = "Host", bot_spec: Callable[[str], BotSpec] | None = None,
                 after_limit: str | None = None,
                 make_runner: Callable[[BotSpec], BotRunner] = BotRunner) -> None:
        state = game if isinstance(game, State) else (
            GameSpec.parse(game) if isinstance(game, str) else game).new_state()
        self.spec = GameSpec.of_state(state)
        if len(seats) != state.num_seats:
            raise ValueError(f"{self.spec} seats {state.num_seats} players, {len(seats)} seats were planned")
        self.plans = list(seats)
        self.bind = (host, port)
        self.limits = limits or NetLimits()
        self.log = log
        self.name = printable(name)[:40] or "Host"
        self.after_limit = after_limit
        self._bot_spec = bot_spec or _config_bot_spec(self.spec.game_id)
        self._make_runner = make_runner
        self.host_token = secrets.token_urlsafe(16)
        bots = {seat: self._bot_spec(plan.tier) for seat, plan in enumerate(seats) if plan.kind == "bot"}
        players = [Player.of_bot(plan.tier, label=bots[seat].label) if plan.kind == "bot"
                   else Player(REMOTE, "Open") for seat, plan in enumerate(seats)]
        self.session = MatchSession(Match(state, players), bots, make_runner=make_runner)
        self.claims: dict[str, Claim] = {}
        self.watchers: set[str] = set()
        self.conns: set[Connection] = set()
        self.ended: Outcome | None = None
        self.request: Request | None = None
        self._request_ids = 0
        self._pause: tuple[str, int | None] | None = None
        self._expired: set[int] = set()        # seats past their limit, waiting for the host's decision
        self._server: asyncio.base_events.Server | None = None
        self._stop: asyncio.Event | None = None
        self._wake: asyncio.Event | None = None
        self.address: tuple[str, int] | None = None
        self.moves_relayed = 0
        self._handlers: set[asyncio.Task] = set()
        #: When a bot that gave no move is asked again, and the move number it was stuck at (said once).
        self._retry_at: float | None = None
        self._stuck_told: int | None = None

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.session.state

    @property
    def is_over(self) -> bool:
        return self.ended is not None or self.session.is_over

    def seat_holder(self, seat: int) -> Claim | None:
        return next((claim for claim in self.claims.values() if seat in claim.seats), None)

    def open_seats(self, *, for_host: bool = False) -> list[int]:
        """Remote seats nobody holds (the host's kept seats only ``for_host``)."""
        return [seat for seat, plan in enumerate(self.plans)
                if plan.kind == "remote" and plan.reserved == for_host and self.seat_holder(seat) is None
                and not self.session.match.players[seat].is_bot]

    def seat_infos(self) -> list[p.SeatInfo]:
        infos = []
        for seat, player in enumerate(self.session.match.players):
            if player.is_bot:
                infos.append(p.SeatInfo(seat, player.label, "bot"))
                continue
            claim = self.seat_holder(seat)
            if claim is None:
                infos.append(p.SeatInfo(seat, "Open", "open", connected=False))
            else:
                infos.append(p.SeatInfo(seat, claim.name, "remote", connected=claim.conn is not None))
        return infos

    def sync(self, how: str) -> p.Sync:
        state = self.state
        replay = state.root()
        moves = []
        for move in state.move_stack:
            moves.append(replay.move_to_str(move))
            replay.push(move)
        pause = self._pause_now()
        return p.Sync(how, str(self.spec), state.start_text, moves, self.seat_infos(),
                      _result(self.ended) if self.ended else None, pause[0] if pause else None)

    def announcement(self) -> Announcement:
        """What the discovery announcer says of this game now."""
        port = self.address[1] if self.address else self.bind[1]
        return Announcement(self.name, str(self.spec), port, len(self.open_seats()))

    # -- life cycle --------------------------------------------------------------------------
    async def start(self) -> tuple[str, int]:
        """Bind and listen (the bots' workers start building); returns the bound address."""
        self._stop, self._wake = asyncio.Event(), asyncio.Event()
        try:
            self._server = await asyncio.start_server(self._handle, *self.bind, limit=self.limits.max_line_bytes)
        except OSError as err:
            raise NetError(f"cannot listen on {self.bind[0]}:{self.bind[1]}: {err.strerror or err}") from None
        host, port = self._server.sockets[0].getsockname()[:2]
        self.address = (host, port)
        self.session.start()
        where = f"; players join at {local_address()}:{port}" if host in ("0.0.0.0", "") else ""
        self.log(f"Hosting {self.spec} on {host}:{port}{where}")
        self._pause = self._pause_now()
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
            for conn in list(self.conns):
                conn.send(p.Chat("", "The host closed the game"))
                self._close(conn)
            for task in list(self._handlers):
                task.cancel()
            await asyncio.gather(*self._handlers, return_exceptions=True)
            self._server.close()
            await self._server.wait_closed()
            await asyncio.get_running_loop().run_in_executor(None, self.session.close)
            self.log("Server stopped")

    def stop(self) -> None:
        """Ask ``serve`` to end (from the server's loop)."""
        if self._stop is not None:
            self._stop.set()

    def save(self, path: Path | str) -> None:
        """Write the game to a save file (``OSError`` if it cannot be written)."""
        save_match(self.session.match, path)

    # -- the turn loop ---------------------------------------------------------------------
    def running(self) -> bool:
        return not self.is_over and self._pause_now() is None

    async def _tick(self) -> None:
        assert self._wake is not None and self._stop is not None
        while not self._stop.is_set():
            try:
                self._housekeeping()
                if self.running():
                    self.session.poll()
                    if self.session.ready() is not None:
                        self.session.play_ready()
                    self._relay_events()
            except Exception as err:  # noqa: BLE001 - the game must outlive a fault; it is logged
                self.log(f"fault in the turn loop: {type(err).__name__}: {err}")
            busy = self.running() and (self.session.thinking() or self.session.ready() is not None)
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), BOT_TICK if busy else IDLE_TICK)
            except asyncio.TimeoutError:
                pass

    def _relay_events(self) -> None:
        for event in self.session.events():
            if isinstance(event, MovePlayed):
                record = event.record
                by = event.by if event.by in ("bot", "pass") else "remote"
                self.broadcast(p.Moved(len(self.session.records) - 1, record.seat, record.text, by, record.note))
                self.moves_relayed += 1
                self.log(f"{self._seat_name(record.seat)} played {record.text}"
                         + (f" ({record.note})" if record.note else ""))
            elif isinstance(event, GameOver):
                self.log(f"Game over: {event.outcome.reason}")
            elif isinstance(event, BotStuck):
                ply = len(self.session.records)
                if self._stuck_told != ply:
                    self._stuck_told = ply
                    self.broadcast(p.Chat("", f"{event.text}; it is asked again every {STUCK_RETRY:g} s"))
                    self.log(event.text)
                self._retry_at = time.monotonic() + STUCK_RETRY
        if self._wake is not None:
            self._wake.set()

    def _housekeeping(self) -> None:
        now = time.monotonic()
        idle = self.limits.idle_timeout
        for conn in list(self.conns):
            if now - conn.heard > idle:
                self.drop(conn, f"silent for {idle:g} s")
            elif now - conn.pinged > idle / 3 and now - conn.heard > idle / 3:
                conn.pinged = now
                conn.send(p.Ping())
        if self._retry_at is not None and now >= self._retry_at:
            self._retry_at = None
            self.session.retry()
        if not self.is_over:
            for claim in list(self.claims.values()):
                if claim.conn is None and claim.dropped_at is not None and claim.seats \
                        and now - claim.dropped_at >= self.limits.reconnect_seconds:
                    self._limit_passed(claim)
        self._update_pause()

    def _limit_passed(self, claim: Claim) -> None:
        seats = [s for s in claim.seats if s not in self._expired]
        if not seats:
            return
        self._expired.update(seats)
        self.log(f"{claim.name} did not come back within {self.limits.reconnect_seconds:g} s")
        if self.after_limit == "end":
            self._end(Outcome((), f"{claim.name} did not come back", termination=Termination.DISCONNECTION))
        elif self.after_limit is not None:
            for seat in seats:
                self._seat_to_bot(seat, self.after_limit)

    # -- pauses ----------------------------------------------------------------------------
    def _pause_now(self) -> tuple[str, int | None] | None:
        """Why the game waits now, and the seat it waits for; None when it goes on."""
        if self.is_over:
            return None
        now = time.monotonic()
        for seat in range(self.state.num_seats):
            player = self.session.match.players[seat]
            if player.is_bot:
                continue
            claim = self.seat_holder(seat)
            if claim is None:
                return f"Waiting for a player to join seat {seat + 1} ({self.state.seat_name(seat)})", seat
            if claim.conn is None:
                if seat in self._expired:
                    return (f"{claim.name} did not come back: the host may give their seat to a bot or end "
                            "the game"), seat
                left = max(0.0, self.limits.reconnect_seconds - (now - (claim.dropped_at or now)))
                return f"{claim.name} lost the connection: waiting for them to rejoin ({left:.0f} s)", seat
        return None

    def _update_pause(self) -> None:
        pause = self._pause_now()
        key = None if pause is None else (pause[0].split(":")[0], pause[1])
        old = None if self._pause is None else (self._pause[0].split(":")[0], self._pause[1])
        if key == old:
            return
        self._pause = pause
        if pause is None:
            self.broadcast(p.Resumed())
            self.log("The game goes on")
            return
        reason, seat = pause
        claim = self.seat_holder(seat) if seat is not None else None
        seconds = None
        if claim is not None and claim.conn is None and claim.dropped_at is not None:
            seconds = max(0.0, self.limits.reconnect_seconds - (time.monotonic() - claim.dropped_at))
        self.broadcast(p.Paused(reason, seconds, seat))
        self.log(f"Paused: {reason}")

    # -- connections -------------------------------------------------------------------------
    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        conn = Connection(self, reader, writer)
        if len(self.conns) >= MAX_CONNECTIONS:
            conn.send(p.Error("full", f"this game has {MAX_CONNECTIONS} connections already"))
            self._close(conn)
            self.log(f"{conn.who} refused: {MAX_CONNECTIONS} connections already")
            return
        self.conns.add(conn)
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
            task.add_done_callback(self._handlers.discard)
        why = "closed the connection"
        try:
            while not conn.closed:
                timeout = HELLO_TIMEOUT if not conn.name else self.limits.idle_timeout
                try:
                    line = await asyncio.wait_for(reader.readline(), timeout)
                except asyncio.TimeoutError:
                    why = "said nothing in time" if not conn.name else f"silent for {timeout:g} s"
                    break
                except ValueError:      # the line passed the stream's limit
                    conn.send(p.Error("size", f"a line is at most {self.limits.max_line_bytes} bytes"))
                    why = f"sent a line over {self.limits.max_line_bytes} bytes"
                    break
                if not line:
                    break
                conn.heard = time.monotonic()
                if not conn.allowed():
                    if conn.over_rate == 1:
                        conn.send(p.Error("flood", f"more than {self.limits.messages_per_second:g} messages a "
                                                   "second: messages are dropped"))
                    if conn.over_rate > self.limits.messages_per_second * 2:
                        why = "flooded the server"
                        break
                    continue
                try:
                    message = p.decode(line, side="client", max_bytes=self.limits.max_line_bytes)
                except p.ProtocolError as err:
                    conn.bad += 1
                    conn.send(p.Error("bad", str(err)[:400]))
                    if conn.bad > MAX_BAD_MESSAGES:
                        why = f"sent {conn.bad} lines that are not messages"
                        break
                    continue
                if isinstance(message, p.Bye):
                    why = "left"
                    break
                try:
                    self._receive(conn, message)
                except Exception as err:  # noqa: BLE001 - one client's fault never stops the server
                    self.log(f"fault handling {type(message).__name__} from {conn.who}: "
                             f"{type(err).__name__}: {err}")
                    conn.send(p.Error("state", "the server could not handle that message"))
        except (ConnectionError, OSError) as err:
            why = f"connection lost ({err.__class__.__name__})"
        except asyncio.CancelledError:
            why = "the server stopped"
        finally:
            self.drop(conn, why)

    def drop(self, conn: Connection, why: str) -> None:
        """End ``conn``: log why, free or hold its seats, tell the others."""
        if conn.closed:
            return
        self._close(conn)
        self.log(f"{conn.who} dropped: {why}")
        claim = conn.claim
        if claim is not None and claim.conn is conn:
            claim.conn = None
            claim.dropped_at = time.monotonic()
            self.broadcast(p.Left(claim.name, why))
        elif conn.watching:
            self.broadcast(p.Left(conn.name, why))
        self._update_pause()

    def _close(self, conn: Connection) -> None:
        conn.closed = True
        self.conns.discard(conn)
        try:
            conn.writer.close()
        except (ConnectionError, OSError, RuntimeError):
            pass

    def broadcast(self, message: p.Message, *, to_joined: bool = True) -> None:
        for conn in list(self.conns):
            if not to_joined or conn.claim is not None or conn.watching:
                conn.send(message)

    # -- messages ------------------------------------------------------------------------------
    def _receive(self, conn: Connection, message: p.Message) -> None:
        if isinstance(message, p.Ping):
            conn.send(p.Pong())
            return
        if isinstance(message, p.Pong):
            return
        if not conn.name:
            if not isinstance(message, p.Hello):
                conn.send(p.Error("state", "say hello first"))
                return
            self._hello(conn, message)
            return
        joined = conn.claim is not None or conn.watching
        if isinstance(message, p.Hello):
            conn.send(p.Error("state", "hello was said already"))
        elif isinstance(message, (p.Accept, p.Decline)):
            if not conn.invited or joined:
                conn.send(p.Error("state", "there is no invitation to answer"))
            elif isinstance(message, p.Accept):
                self._accept(conn)
            else:
                self.log(f"{conn.who} declined the invitation")
                self.broadcast(p.Declined(conn.name))
                self.drop(conn, "declined the invitation")
        elif not joined:
            conn.send(p.Error("state", "answer the invitation first"))
        elif isinstance(message, p.Say):
            text = printable(message.text)
            if text:
                self.broadcast(p.Chat(conn.name, text))
                self.log(f"{conn.name}: {text}")
        elif isinstance(message, p.Play):
            self._play(conn, message)
        elif isinstance(message, p.Ask):
            self._ask(conn, message.kind)
        elif isinstance(message, p.Answer):
            self._answer(conn, message)
        elif isinstance(message, p.Resign):
            self._resign(conn)
        elif isinstance(message, p.Decide):
            self._decide(conn, message)

    def _unique_name(self, wanted: str) -> str:
        used = {claim.name.casefold() for claim in self.claims.values()} | {
            c.name.casefold() for c in self.conns if c.name} | {self.name.casefold()}
        name = printable(wanted)[:32] or "Player"
        candidate, number = name, 2
        while candidate.casefold() in used:
            candidate, number = f"{name} {number}", number + 1
        return candidate

    def _hello(self, conn: Connection, hello: p.Hello) -> None:
        if hello.version != p.PROTOCOL_VERSION:
            conn.send(p.Error("version", f"this server speaks protocol {p.PROTOCOL_VERSION}, "
                                         f"the client {hello.version}: use the same version of Board Arcade"))
            self.drop(conn, f"speaks protocol {hello.version}")
            return
        if hello.token is not None:
            claim = self.claims.get(hello.token)
            if claim is None and hello.token == self.host_token:
                claim = Claim(self.host_token, printable(hello.name)[:40] or self.name,
                              self.open_seats(for_host=True), host=True)
                self.claims[claim.token] = claim
            if claim is not None:
                self._take_back(conn, claim)
                return
            if hello.token in self.watchers:
                conn.name = self._unique_name(hello.name)
                self._join_watching(conn, hello.token)
                return
            conn.send(p.Error("token", "that token holds no seat here (the game was hosted anew, or the seat was "
                                       "given away)"))
            self.drop(conn, "came with an unknown token")
            return
        conn.name = self._unique_name(hello.name)
        offered = [s for s in self.open_seats() if not any(c.offered == s for c in self.conns if c is not conn)]
        conn.offered = None if hello.watch or not offered else offered[0]
        conn.invited = True
        seat = conn.offered
        conn.send(p.Invitation(str(self.spec), self.state.title, self.name, seat,
                               self.state.seat_name(seat) if seat is not None else "", self.seat_infos()))
        self.log(f"{conn.who} connected; invited to " + (f"seat {seat + 1}" if seat is not None else "watch"))

    def _take_back(self, conn: Connection, claim: Claim) -> None:
        again = claim.dropped_at is not None or claim.conn is not None
        if claim.conn is not None and claim.conn is not conn:
            old = claim.conn
            claim.conn = None
            self._close(old)
        conn.name = claim.name
        conn.claim = claim
        claim.conn = conn
        claim.dropped_at = None
        self._expired.difference_update(claim.seats)
        conn.send(p.Welcome(p.PROTOCOL_VERSION, claim.token, list(claim.seats), claim.host))
        conn.send(self.sync("join"))
        self.broadcast(p.Joined(claim.name, claim.seats[0] if claim.seats else None, again))
        self.log(f"{conn.who} {'came back to' if again else 'took'} seat(s) "
                 f"{', '.join(str(s + 1) for s in claim.seats) or 'none'}")
        self._update_pause()

    def _accept(self, conn: Connection) -> None:
        seat = conn.offered
        if seat is not None and seat not in self.open_seats():
            seat = next(iter(self.open_seats()), None)
        if seat is None:
            self._join_watching(conn, secrets.token_urlsafe(16))
            return
        claim = Claim(secrets.token_urlsafe(16), conn.name, [seat])
        self.claims[claim.token] = claim
        players = list(self.session.match.players)
        players[seat] = Player(REMOTE, conn.name)
        self.session.match.replace_players(players)
        self.log(f"{conn.who} accepted")
        self._take_back(conn, claim)

    def _join_watching(self, conn: Connection, token: str) -> None:
        self.watchers.add(token)
        conn.watching = True
        conn.send(p.Welcome(p.PROTOCOL_VERSION, token, []))
        conn.send(self.sync("join"))
        self.broadcast(p.Joined(conn.name, None))
        self.log(f"{conn.who} watches")

    def _play(self, conn: Connection, message: p.Play) -> None:
        claim = conn.claim
        state = self.state
        refusal = None
        if claim is None:
            refusal = ("seat", "spectators do not play")
        elif self.is_over:
            refusal = ("state", "the game is over")
        elif self._pause_now() is not None:
            refusal = ("paused", f"the game is paused: {self._pause_now()[0]}")
        elif state.turn not in claim.seats:
            refusal = ("turn", f"it is {self._seat_name(state.turn)}'s turn, not yours")
        elif message.ply is not None and message.ply != len(state.move_stack):
            refusal = ("state", f"that move was for move {message.ply + 1}; the game is at move "
                                f"{len(state.move_stack) + 1}")
        else:
            try:
                move = state.parse_move(message.move)
            except BadNotation as err:
                refusal = ("illegal", f"{message.move!r} is not a move of {state.title}: {err}")
            else:
                try:
                    self.session.play(move)
                except IllegalMove:
                    refusal = ("illegal", f"{message.move} is not a legal move here")
        if refusal is not None:
            conn.send(p.Error(*refusal))
            if claim is not None:
                conn.send(self.sync("refused"))
            self.log(f"refused a move of {conn.who}: {refusal[1]}")
            return
        self._relay_events()

    # -- requests ------------------------------------------------------------------------
    def _ask(self, conn: Connection, kind: str) -> None:
        claim = conn.claim
        why = None
        if claim is None or not claim.seats:
            why = "only players ask that"
        elif self.request is not None:
            why = f"a {self.request.kind} request is waiting for its answer"
        elif kind == "rematch" and not self.is_over:
            why = "a rematch is for a finished game"
        elif kind != "rematch" and self.is_over:
            why = "the game is over"
        elif kind == "undo" and not any(r.seat in claim.seats for r in self.session.records):
            why = "you have no move to take back"
        if why is not None:
            conn.send(p.Error("state", why))
            return
        self._request_ids += 1
        voters = {c.token for c in self.claims.values() if c is not claim and c.seats}
        request = Request(self._request_ids, kind, claim, voters)
        self.log(f"{claim.name} asks for {kind}")
        if not voters:   # only bots to ask
            self._settle(request, kind != "draw", "the bots" if kind == "draw" else claim.name)
            return
        self.request = request
        self.broadcast(p.Requested(request.id, kind, claim.name))

    def _answer(self, conn: Connection, message: p.Answer) -> None:
        request, claim = self.request, conn.claim
        if request is None or request.id != message.request_id:
            conn.send(p.Error("state", f"there is no request {message.request_id} waiting"))
            return
        if claim is None or claim.token not in request.voters:
            conn.send(p.Error("state", "that request does not wait for your answer"))
            return
        request.voters.discard(claim.token)
        if not message.accept:
            self._settle(request, False, claim.name)
        elif not request.voters:
            self._settle(request, True, claim.name)

    def _settle(self, request: Request, accepted: bool, by: str) -> None:
        self.request = None
        self.broadcast(p.Answered(request.id, request.kind, accepted, by))
        self.log(f"{request.kind} {'agreed' if accepted else 'refused'} by {by}")
        if not accepted:
            return
        if request.kind == "undo":
            seats = request.asker.seats
            while self.session.can_undo():
                self.session.undo()
                if self.state.turn in seats and not self.state.must_pass():
                    break
            self.session.events()
            self.broadcast(self.sync("undo"))
        elif request.kind == "draw":
            self._end(Outcome((), "draw agreed", termination=Termination.AGREED_DRAW))
        else:
            self.ended = None
            self.session.restart()
            self.session.events()
            self.broadcast(self.sync("rematch"))
        self._relay_events()

    def _resign(self, conn: Connection) -> None:
        claim = conn.claim
        if claim is None or not claim.seats or self.is_over:
            conn.send(p.Error("state", "there is no game of yours to resign"))
            return
        others = tuple(s for s in range(self.state.num_seats) if s not in claim.seats)
        ranking = (others, tuple(claim.seats)) if self.state.num_seats > 2 else ()
        self._end(Outcome(others, f"{claim.name} resigned", (), ranking, termination=Termination.RESIGNATION))

    def _end(self, outcome: Outcome) -> None:
        self.ended = outcome
        self.request = None
        self.broadcast(p.Ended(_result(outcome)))
        self.log(f"Game over: {outcome.reason}")
        self._update_pause()

    def _decide(self, conn: Connection, message: p.Decide) -> None:
        claim = conn.claim
        if claim is None or not claim.host:
            conn.send(p.Error("seat", "only the host decides that"))
        elif message.seat not in self._expired or self.is_over:
            conn.send(p.Error("state", f"seat {message.seat + 1} is not waiting for a decision"))
        elif message.action == "end":
            holder = self.seat_holder(message.seat)
            self._end(Outcome((), f"ended by the host: {holder.name if holder else 'a player'} did not come back",
                              termination=Termination.DISCONNECTION))
        else:
            try:
                self._seat_to_bot(message.seat, message.tier or "")
            except (ValueError, RulesError) as err:
                conn.send(p.Error("state", str(err)[:400]))

    def _seat_to_bot(self, seat: int, tier: str) -> None:
        spec = self._bot_spec(tier)
        holder = self.seat_holder(seat)
        if holder is not None:
            holder.seats.remove(seat)
        self._expired.discard(seat)
        match = self.session.match
        players = list(match.players)
        players[seat] = Player.of_bot(tier, label=spec.label)
        match.replace_players(players)
        bots = dict(self.session.specs)
        bots[seat] = spec
        self.session.close()
        self.session = MatchSession(match, bots, make_runner=self._make_runner).start()
        self.log(f"{spec.label} takes seat {seat + 1} over")
        self.broadcast(self.sync("seats"))
        self._update_pause()

    def _seat_name(self, seat: int) -> str:
        player = self.session.match.players[seat]
        return f"{player.label} ({self.state.seat_name(seat)})"


def _result(outcome: Outcome) -> p.Result:
    return p.Result(list(outcome.winners), outcome.reason, outcome.termination.value,
                    [list(group) for group in outcome.ranking])


def _config_bot_spec(game_id: str) -> Callable[[str], BotSpec]:
    """Tier names to bots through the player's config, loaded on first use."""
    loaded: list = []

    def spec(tier: str) -> BotSpec:
        from game.match.botregistry import BotRegistry
        from game.match.config import BotChoiceError, load_config

        if not loaded:
            config = load_config()
            loaded.extend([config, BotRegistry.discover(check=config.bot_checks())])
        config, registry = loaded
        try:
            return config.bot_spec(game_id, tier, registry)
        except BotChoiceError as err:
            raise ValueError(str(err)) from None

    return spec


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
            raise NetError("the server did not start in time")
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
            self._loop.call_soon_threadsafe(self.server.stop)
            self._thread.join(timeout)
