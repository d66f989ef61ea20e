"""A hosted game's table with no sockets and no threads, for the server's tests.

``Sitting`` holds a ``Table`` whose guests are ``Sitter`` s: each sends protocol
messages straight to the table and keeps every message the table has for it,
in order. Its clock moves only when a test says so (``Sitting.clock.advance``),
and its bots answer at once in this process with their seat's first legal move,
so a test runs as fast as the table's own code. tests/test_net_server.py keeps
the few tests that go through real sockets and real bots.
"""
from __future__ import annotations

from typing import Callable

from game.match.runner import BotReply, BotSpec
from game.net import protocol as p
from game.net.seating import Guest, SeatPlan
from game.net.table import Table
from game.rules.core import Move, State
from tests.net_helpers import next_message

REMOTE2 = [SeatPlan.remote(), SeatPlan.remote()]
#: Turns of the server's loop ``expect`` waits through for a message before it fails.
TICKS = 5


class Clock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


class FirstMoveRunner:
    """A bot seat's worker that answers every request at once with its ``choose``: the first legal move."""

    busy = starting = False

    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec
        self._reply: BotReply | None = None

    def start(self) -> "FirstMoveRunner":
        return self

    def choose(self, state: State) -> Move:
        return state.legal_moves()[0]

    def request(self, state: State, kind: str = "move", budget: float | None = None) -> None:
        self._reply = BotReply(kind, self.choose(state))
        self.busy = True

    def poll(self) -> BotReply | None:
        reply, self._reply = self._reply, None
        self.busy = False
        return reply

    def cancel(self, restart: bool | None = None) -> None:
        self._reply, self.busy = None, False

    def new_game(self) -> None:
        pass

    def close(self) -> None:
        pass


def first_move_bot(tier: str) -> BotSpec:
    """Any tier name as a bot labelled with that name (run by ``FirstMoveRunner``)."""
    return BotSpec("FirstMove", "tests.table_helpers", {}, tier, 1.0)


class Sitting:
    """A started ``Table`` of ``game`` with ``seats``, what it logged, and its clock; the
    keyword arguments are the table's (its bots default to ``FirstMoveRunner``)."""

    def __init__(self, game: str | State = "tictactoe", seats: list[SeatPlan] = REMOTE2, **kwargs) -> None:
        self.log: list[str] = []
        self.clock = Clock()
        kwargs.setdefault("bot_spec", first_move_bot)
        kwargs.setdefault("make_runner", FirstMoveRunner)
        self.table = Table(game, seats, log=self.log.append, clock=self.clock, **kwargs)
        self.table.start()
        self.sitters: list[Sitter] = []

    def arrive(self) -> "Sitter":
        sitter = Sitter(self, self.table.arrive(f"10.0.0.{len(self.sitters) + 1}:5000"))
        self.sitters.append(sitter)
        return sitter

    def join(self, name: str, *, accept: bool = True, token: str | None = None, watch: bool = False) -> "Sitter":
        """A client that says hello as ``name`` and, unless told not to or it comes with a
        token, accepts the invitation and is sent the game."""
        sitter = self.arrive()
        sitter.send(p.Hello(p.PROTOCOL_VERSION, name, token, watch))
        if accept and token is None:
            sitter.send(p.Accept())
            sitter.expect(p.Sync)
        return sitter

    def tick(self) -> None:
        """One turn of the server's loop."""
        self.table.tick()

    def close(self) -> None:
        self.table.close()

    def play_through(self, moves: list[str], sitters: list["Sitter"]) -> None:
        """Each move by the sitter whose seat is to move, every sitter seeing it."""
        state = self.table.state.copy()
        for text in moves:
            ply = len(state.move_stack)
            mover = next(sitter for sitter in sitters if state.turn in sitter.seats)
            mover.send(p.Play(text, ply))
            for sitter in sitters:
                assert sitter.expect(p.Moved).move == text
            state.push(state.parse_move(text))


class Sitter:
    """One client at the table and every message it was sent, in order."""

    def __init__(self, sitting: Sitting, guest: Guest) -> None:
        self.sitting = sitting
        self.guest = guest
        self.seen: list[p.Message] = []
        self.read = 0

    def send(self, message: p.Message) -> None:
        self.sitting.table.receive(self.guest, message)

    def drop(self, why: str = "closed the connection") -> None:
        """Its connection ends, as the server tells the table."""
        self.sitting.table.leave(self.guest, why)

    def _gather(self) -> None:
        self.seen.extend(self.guest.take())

    def expect(self, kind: type, where: Callable[[object], bool] = lambda m: True) -> p.Message:
        """The next message of ``kind`` (matching ``where``) after those already expected,
        turning the server's loop a few times if it has not come yet."""
        for _ in range(TICKS):
            self._gather()
            index = next_message(self.seen, self.read, kind, where)
            if index is not None:
                self.read = index + 1
                return self.seen[index]
            self.sitting.tick()
        raise AssertionError(f"{self.guest.name or self.guest.peer} got no {kind.__name__}; "
                             f"it got {self.seen[self.read:]}")

    def all(self, kind: type) -> list:
        self._gather()
        return [m for m in self.seen if isinstance(m, kind)]

    def _last(self, kind: type) -> p.Message | None:
        return next((m for m in reversed(self.all(kind))), None)

    @property
    def seats(self) -> list[int]:
        """The seats its last welcome gave it."""
        welcome = self._last(p.Welcome)
        return list(welcome.seats) if welcome else []

    @property
    def token(self) -> str | None:
        welcome = self._last(p.Welcome)
        return welcome.token if welcome else None

    @property
    def invitation(self) -> p.Invitation | None:
        return self._last(p.Invitation)

    @property
    def gone(self) -> bool:
        """The table let it go: its connection is closed."""
        return self.guest.gone
