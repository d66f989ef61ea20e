"""Runs a bot in its own worker process, within a time budget.

A bot is someone else's code: it may raise, loop forever, return an illegal
move, print, call ``sys.exit`` or take its process down. ``BotRunner`` keeps
all of that away from the game: the bot lives in a ``multiprocessing`` worker
(``spawn`` context, so it starts clean on every platform; on Linux, once
``prepare_workers`` has the fork server ready, forked from it: it has imported
``WORKER_PRELOAD`` once, so six workers share numpy's and numba's memory
instead of each holding its own copy), is
constructed once with its parameters and seed, and keeps its state from move
to move. A worker waiting for a request blocks on its pipe: no CPU. The
caller sends a copy of the position with ``request`` and collects the answer
with ``poll`` (non-blocking, cheap enough for every frame) or ``wait``.

Whatever goes wrong, the answer is a ``BotReply``: on failure its ``failure``
says which bot failed and why, and ``move`` is a random legal move to play
instead. A bot that overruns ``budget`` plus a grace period is stopped and
its worker restarted; the start-up of a worker (spawning, importing and
constructing the bot, then compiling its engine with ``warm_up``) is never
counted against a move: a request's clock starts when the worker takes it up.
What a bot compiles only for later moves (``warm_up_later``) the worker
compiles once it has no request waiting or has given its first answer, on a
thread of its own, so a first launch waits only for what the first moves need
and a request that comes meanwhile is taken up at once.
The worker is a ``game.match.supervisor.Child``: the supervisor starts,
watches and stops it and enforces the deadlines the runner sets; the runner
decides what a worker's end or a missed deadline means for the request.

A request must also be taken up in time: from when it is sent to a ready
worker, it may wait ``take_up_timeout`` seconds (times ``load_scale``: on a
machine whose processes wait for a core, a worker that works waits too, while
a hung one is still found, only later) plus whatever is queued
ahead of it (a ``new_game()``, up to ``new_game_timeout``; a cancelled
request still thinking, up to its budget and grace). So once the worker is
ready, every request is answered within its budget, grace and that bounded
wait, even if the bot hangs in ``new_game()``.

The worker is kept in bounds (``game/match/containment.py``: the memory limit
of its ``BotSpec``, the processes the bot starts, its output); a worker whose
bot's process a signal ended with its memory nearly full is reported as having
gone over its memory limit, as a ``MemoryError`` is.

The worker's code is ``game/match/worker.py``; what the two say to each
other is in ``game/match/messages.py`` (typed messages, moves as notation).
Whether an answer is a legal move of the position, and came in time, is
checked here.
"""
from __future__ import annotations

import logging
import os
import random
import time
from collections import deque
from dataclasses import dataclass, field
from itertools import count

from bots.lib.clock import grace_for
from game.match import messages as m
from game.match.compiling import CompileTracker
from game.match.messages import BotSpec
from game.match.supervisor import Child, ChildEnded, ChildGarbled, ChildTimedOut, start_fork_server
from game.match.containment import memory_text
from game.match.keeper import OVER_MEMORY
from game.match.pool import usable_cores
from game.match.worker import MAX_SHOWN, shortened, worker_main
from game.rules.bot import MoveValue
from game.rules.core import Move, State

MOVE, ANALYSE = "move", "analyse"
#: Seconds a worker may take to import and construct its bot and run its
#: ``warm_up``, which may be a cold compile of numba kernels on a slow, busy
#: machine (a request's clock starts only when the worker takes it up).
START_TIMEOUT = 120.0
#: What the workers' fork server imports once for them all (Linux; see
#: ``supervisor.start_fork_server``): the heavy libraries the engines use, the
#: worker's own code with every game's rules, and numba's compiler set up
#: (``bots.lib.engine_preload``). Measured with five Chinese Checkers Master
#: workers: 38 MB of PSS a worker instead of 68 (benchmarks/ui_idle.py).
WORKER_PRELOAD = ("numpy", "numba", "game.match.worker", "game.rules.catalogue", "bots.lib.engine_preload")


def prepare_workers() -> None:
    """Have the workers' fork server start in the background (Linux), so the workers
    started from then on share ``WORKER_PRELOAD``; the window calls it once the launch-time
    warm-up has finished. Calling it again does nothing."""
    start_fork_server(WORKER_PRELOAD)


#: Seconds a bot's ``new_game()`` may take before the next request is due.
NEW_GAME_TIMEOUT = 5.0
#: Seconds a ready, idle worker may take to take up a request it was sent (on a loaded
#: machine, times ``load_scale()``).
TAKE_UP_TIMEOUT = 2.0


def load_scale() -> float:
    """How many times its share of a core a process that wants one waits on this machine: the
    1-minute load average per core this process may use, at least 1 (1 where the system does
    not say). A slowly moving average: a load that has just come is counted within a minute."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return 1.0
    return max(1.0, load / usable_cores())


@dataclass(frozen=True)
class BotReply:
    """The answer to one request.

    ``move`` is the bot's move (for ``'analyse'``: its best-valued move, or
    ``None``); ``values`` its judgement of each move (``'analyse'`` only);
    ``elapsed`` the seconds it took. On failure ``failure`` is a sentence
    naming the bot and what went wrong, ``values`` is empty and ``move`` is a
    random legal move to play instead.
    """

    kind: str
    move: Move | None
    values: dict[Move, MoveValue] = field(default_factory=dict)
    elapsed: float = 0.0
    failure: str | None = None

    @property
    def ok(self) -> bool:
        return self.failure is None


@dataclass(eq=False)
class _Request:
    id: int
    kind: str
    state: State
    budget: float
    started: float | None = None
    take_up_by: float | None = None  # set once it is sent to a ready worker
    take_up_wait: float = 0.0
    cancelled: bool = False
    sent_to: int = 0  # how many workers it was sent to

    @property
    def deadline(self) -> float | None:
        return None if self.started is None else self.started + self.budget + grace_for(self.budget)


class BotRunner:
    """One bot in one worker process, asked for moves one request at a time.

    Use as a context manager, or call ``start()`` and ``close()``. Not thread
    safe: one owner (the play screen, the arena) drives it.
    """

    def __init__(self, spec: BotSpec, start_timeout: float = START_TIMEOUT, *,
                 new_game_timeout: float = NEW_GAME_TIMEOUT, take_up_timeout: float = TAKE_UP_TIMEOUT) -> None:
        self.spec = spec
        self.start_timeout = start_timeout
        self.new_game_timeout = new_game_timeout
        self.take_up_timeout = take_up_timeout
        self._new_games_pending = 0
        self._rng = random.Random(spec.seed)
        self._ids = count(1)
        self._child: Child | None = None
        self._ready = False
        self._startup_seconds = 1.0
        self.compile: CompileTracker | None = None
        self._broken: str | None = None
        self._queue: deque[_Request] = deque()
        self._live: _Request | None = None
        self._reply: BotReply | None = None
        self._partial: dict[Move, MoveValue] | None = None

    # -- life cycle -----------------------------------------------------------
    def start(self) -> "BotRunner":
        """Spawn the worker (returns at once; the bot is built in the background)."""
        if self._child is None and self._broken is None:
            self._spawn()
        return self

    def close(self) -> None:
        """Stop the worker; outstanding requests are dropped. Safe to call twice."""
        self._stop_worker()
        self._queue.clear()
        self._live = None
        self._reply = None

    def __enter__(self) -> "BotRunner":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def busy(self) -> bool:
        """True from ``request`` until ``poll``/``wait`` has handed over its reply."""
        return self._live is not None or self._reply is not None

    @property
    def pid(self) -> int | None:
        """The worker's process id while it runs."""
        return None if self._child is None else self._child.pid

    @property
    def ready(self) -> bool:
        """True once the worker has built the bot (and warmed its engine up)."""
        return self._ready

    @property
    def starting(self) -> bool:
        """True while a worker is building the bot or compiling its engine."""
        return self._child is not None and not self._ready

    # -- requests -------------------------------------------------------------
    def request(self, state: State, kind: str = MOVE, budget: float | None = None) -> None:
        """Ask for a move (or move values) for ``state``; collect it with ``poll``.

        A request still outstanding is cancelled first. ``ValueError`` if the
        game is over (there is no move to ask for) or ``kind`` is unknown.
        """
        if kind not in (MOVE, ANALYSE):
            raise ValueError(f"unknown request kind {kind!r}; use {MOVE!r} or {ANALYSE!r}")
        if not state.legal_moves():
            raise ValueError(f"no legal moves to ask {self.spec.who} about: the game is over")
        self.cancel()
        request = _Request(next(self._ids), kind, state.copy(),
                           self.spec.budget if budget is None else budget)
        self._live = request
        if self._broken is not None:
            self._fail(request, self._broken, 0.0)
            return
        if self._child is None:
            self._spawn()
        elif not self._queue and not self._child.alive:
            self._restart()  # lost while idle: the new request goes to a fresh worker, uncharged
        self._queue.append(request)
        self._send(request)

    def new_game(self, seed: int | None = None) -> None:
        """Tell the bot a new game starts (it may drop what it kept); with ``seed``, the bot's
        ``rng`` and the runner's fallback moves are seeded afresh from it."""
        if seed is not None:
            self._rng.seed(seed)
        if self._child is not None and self._broken is None:
            self._new_games_pending += 1
            self._send_message(m.NewGame(seed))

    def cancel(self, restart: bool | None = None) -> None:
        """Forget the outstanding request: its reply will never be delivered.

        If the bot is still thinking, its worker is restarted when ``restart``
        is true, or (by default) when the bot could still think longer than a
        restart takes; otherwise it finishes in the background and its answer
        is dropped. Either way the next request can be made at once.
        """
        self._reply = self._partial = None
        request, self._live = self._live, None
        if request is None or request not in self._queue:
            return
        request.cancelled = True
        now = time.monotonic()
        ends = request.deadline
        if ends is None:  # not taken up yet: it may still take its whole budget
            ends = now + request.budget + grace_for(request.budget)
        if restart or (restart is None and ends - now > self._startup_seconds):
            self._restart()

    def progress(self) -> dict[Move, MoveValue] | None:
        """The latest values the outstanding ``analyse`` reported on its way (checked like
        a reply's) since the last call, else ``None``; never blocks."""
        if self._reply is None and self._queue:
            self._pump(0.0)
        partial, self._partial = self._partial, None
        return partial if self._live is not None else None

    def poll(self) -> BotReply | None:
        """The reply if it has arrived (or the bot failed), else ``None``; never blocks."""
        if self._reply is None and self._queue:
            self._pump(0.0)
        reply, self._reply = self._reply, None
        return reply

    def wait(self, timeout: float | None = None) -> BotReply:
        """Block until the outstanding request is answered (or has failed).

        ``TimeoutError`` if ``timeout`` seconds pass first (the bot's own
        deadline still applies), ``RuntimeError`` if nothing was requested.
        """
        if self._live is None and self._reply is None:
            raise RuntimeError(f"nothing was requested from {self.spec.who}")
        until = None if timeout is None else time.monotonic() + timeout
        while self._reply is None:
            now = time.monotonic()
            if until is not None and now >= until:
                raise TimeoutError(f"{self.spec.who} has not answered within {timeout} s")
            self._pump(min(0.5, until - now) if until is not None else 0.5)
        reply, self._reply = self._reply, None
        return reply

    # -- internals --------------------------------------------------------------
    def _spawn(self) -> None:
        self._child = Child.spawn(worker_main, (self.spec,), name=f"bot {self.spec.key}", reads=m.FromWorker,
                                  start_timeout=self.start_timeout, preload=WORKER_PRELOAD)
        self._ready = False
        self._new_games_pending = 0
        #: The worker's own warm-up compiling (a first game on this computer), as far as it has
        #: got (``game.match.compiling``); None while it has compiled nothing.
        self.compile: CompileTracker | None = None

    def _stop_worker(self) -> None:
        if self._child is not None:
            self._child.stop()
            self._child = None
        self._ready = False

    def _restart(self) -> None:
        """A fresh worker; requests that were not cancelled are sent to it again."""
        self._stop_worker()
        pending = [r for r in self._queue if not r.cancelled]
        self._queue.clear()
        if self._broken is not None:
            return
        self._spawn()
        for request in pending:
            request.started = None
            self._queue.append(request)
            self._send(request)

    def _send(self, request: _Request) -> None:
        request.sent_to += 1
        request.take_up_by = None  # a worker still starting sets it once ready
        if self._ready:
            self._set_take_up(request, time.monotonic())
        self._send_message(m.Ask(request.kind, request.id, m.Position.of(request.state), request.budget))

    def _set_take_up(self, request: _Request, now: float) -> None:
        """When ``request`` must be taken up: the worker is ready, so it waits
        only for what is queued ahead of it, each part within its own limit."""
        wait = self.take_up_timeout * load_scale() + self._new_games_pending * self.new_game_timeout
        for ahead in self._queue:
            if ahead is request:
                break
            if ahead.deadline is not None:
                wait += max(0.0, ahead.deadline - now)
            else:
                wait += ahead.budget + grace_for(ahead.budget)
        request.take_up_by = now + wait
        request.take_up_wait = wait

    def _send_message(self, message: m.Message) -> None:
        assert self._child is not None
        if not self._child.send(message):
            self._pump(0.0)  # it has gone: what it said before it went, then its end

    def _pump(self, timeout: float) -> None:
        """Take in what the worker sent, waiting up to ``timeout`` for its first
        word; the supervisor stops the wait at the next deadline (see
        ``_next_deadline``) and raises the worker's end or a deadline passed."""
        child, wait = self._child, timeout
        while child is not None and child is self._child:
            child.expect(self._next_deadline())
            try:
                message = child.receive(wait)
                if message is None:
                    return
            except ChildEnded as ended:
                self._worker_died(ended.code)
                return
            except ChildTimedOut as late:
                self._deadline_passed(late)
                return
            except ChildGarbled as garbled:
                logging.getLogger(__name__).warning("%s: %s", self.spec.who, garbled)
                self._refuse("answered with a message the game cannot read")
                return
            wait = 0.0
            self._handle(message)

    def _next_deadline(self) -> float | None:
        """When the worker must have answered the request it thinks about (its
        budget and grace), or taken up the outstanding request; None if neither."""
        deadlines = []
        head = self._queue[0] if self._queue else None
        if head is not None and head.deadline is not None:
            deadlines.append(head.deadline)
        live = self._live
        if live is not None and live.started is None and live.take_up_by is not None and live in self._queue:
            deadlines.append(live.take_up_by)
        return min(deadlines, default=None)

    def _refuse(self, why: str) -> None:
        """The worker sent what a worker never sends: the bot tampered with it.
        Fail the outstanding request and replace the worker."""
        if not self._ready:
            self._give_up(f"{self.spec.who} could not be started: it {why}")
            return
        live = self._live
        if live is not None and live in self._queue:
            self._queue.remove(live)
            self._fail(live, f"{self.spec.who} {why}", 0.0)
        self._restart()

    def _handle(self, message: m.Message) -> None:
        if isinstance(message, m.Compiling):
            self.compile = CompileTracker(self.spec.key, self.pid)
        elif isinstance(message, m.Compiled):
            if self.compile is not None:
                self.compile.ended(message.kernel)
        elif isinstance(message, m.Ready):
            self._ready = True
            assert self._child is not None
            self._startup_seconds = max(0.0, message.at - self._child.started_at)
            now = time.monotonic()
            for request in self._queue:
                self._set_take_up(request, now)
        elif isinstance(message, m.NewGameDone):
            self._new_games_pending = max(0, self._new_games_pending - 1)
        elif isinstance(message, m.Failed):
            self._give_up(f"{self.spec.who} could not be started: {shortened(message.text)}")
        elif isinstance(message, m.Started):
            for request in self._queue:
                if request.id == message.id:
                    request.started = min(message.at, time.monotonic())
        elif isinstance(message, m.Partial):
            live = self._live
            if live is None or live.id != message.id or live.kind != ANALYSE or live.cancelled:
                return
            values, problem = _move_values(live.state, message.values)
            if problem is not None:
                live.cancelled = True   # its final answer, still to come, is dropped too
                self._fail(live, f"{self.spec.who} reported its analysis so far, but it {problem}", 0.0)
            else:
                self._partial = values
        else:
            while self._queue and self._queue[0].id != message.id:
                self._queue.popleft()
            if not self._queue:
                return
            request = self._queue.popleft()
            if request.cancelled or request is not self._live:
                return
            if isinstance(message, m.Raised):
                self._fail(request, f"{self.spec.who} {shortened(message.text)}", message.seconds)
            else:
                self._finish(request, message)

    def _deadline_passed(self, late: ChildTimedOut) -> None:
        """The worker stayed silent past a deadline and the supervisor stopped it:
        fail the request that was due and start a fresh worker for the rest."""
        if late.starting:
            self._give_up(f"{self.spec.who} did not start within {self.start_timeout:g} s")
            return
        now = time.monotonic()
        head = self._queue[0] if self._queue else None
        live = self._live
        if head is not None and head.deadline is not None and now >= head.deadline:
            self._queue.popleft()
            if not head.cancelled:
                self._fail(head, f"{self.spec.who} did not answer within its {head.budget:g} s budget "
                                 f"(stopped after {now - head.started:.1f} s)", now - head.started)
        elif (live is not None and live.started is None and live.take_up_by is not None
              and now >= live.take_up_by and live in self._queue):
            self._queue.remove(live)
            waited = now - live.take_up_by + live.take_up_wait
            if self._new_games_pending:
                why = (f"{self.spec.who} did not finish new_game() within {self.new_game_timeout:g} s, "
                       f"so its move could not start (stopped after {waited:.1f} s)")
            else:
                why = f"{self.spec.who} did not start on the position it was sent within {waited:.1f} s"
            self._fail(live, why, 0.0)
        self._restart()

    def _worker_died(self, code: int | None) -> None:
        """The worker ended (what it said before is taken in; the supervisor has reaped it)."""
        limit = self.spec.memory_limit
        over = (f"went over its memory limit ({memory_text(limit)}; its process was killed)"
                if code == OVER_MEMORY and limit else None)
        if not self._ready:
            self._give_up(f"{self.spec.who} could not be started: {over or f'its process ended (exit code {code})'}")
            return
        live = self._live
        if live is not None and live in self._queue and (live.started is not None or live.sent_to > 1):
            # It died on this request (a request not yet taken up goes to the new worker once).
            self._queue.remove(live)
            why = over or f"stopped unexpectedly (its process ended with exit code {code})"
            self._fail(live, f"{self.spec.who} {why}", time.monotonic() - (live.started or time.monotonic()))
        self._restart()

    def _give_up(self, text: str) -> None:
        """The bot cannot be built: stop its worker and fail this and every later request."""
        self._broken = text
        self._stop_worker()
        self._queue.clear()
        if self._live is not None:
            self._fail(self._live, text, 0.0)

    def _fail(self, request: _Request, text: str, seconds: float) -> None:
        if request is not self._live:
            return
        self._live = None
        fallback = self._rng.choice(request.state.legal_moves())
        self._reply = BotReply(request.kind, fallback, {}, seconds, text)

    def _finish(self, request: _Request, answer: m.Chose | m.Valued) -> None:
        seconds = answer.seconds
        limit = request.budget + grace_for(request.budget)
        if seconds > limit:
            self._fail(request, f"{self.spec.who} took {seconds:.1f} s, over its {request.budget:g} s budget",
                       seconds)
            return
        if isinstance(answer, m.Chose) != (request.kind == MOVE):
            self._fail(request, f"{self.spec.who} answered a {request.kind} request with "
                                f"{'a move' if isinstance(answer, m.Chose) else 'move values'}", seconds)
            return
        state = request.state
        if isinstance(answer, m.Chose):
            move = _legal(state, answer.move)
            if move is None:
                self._fail(request, f"{self.spec.who} chose {shortened(answer.move, MAX_SHOWN)}, "
                                    "which is not a legal move", seconds)
                return
            self._live = None
            self._reply = BotReply(MOVE, move, {}, seconds)
            return
        values, problem = _move_values(state, answer.values)
        if problem is not None:
            self._fail(request, f"{self.spec.who} {problem}", seconds)
            return
        best = max(values, key=lambda move: values[move].score) if values else None
        self._live = None
        self._reply = BotReply(ANALYSE, best, values, seconds)


def _legal(state: State, text: str) -> Move | None:
    """The legal move of ``state`` written ``text`` (the game's own value), or None."""
    try:
        move = state.parse_move(text)
        return move if state.is_legal(move) else None
    except Exception:  # noqa: BLE001 - text the game cannot read is no move
        return None


def _move_values(state: State, values: m.Values) -> tuple[dict[Move, MoveValue], str | None]:
    """The worker's judgements as ``MoveValue``s of legal moves, or ``({}, what is wrong)``:
    one value of a move that is not legal drops the whole analysis."""
    legal: dict[Move, MoveValue] = {}
    for text, judgement in values.items():
        move = _legal(state, text)
        if move is None:
            return {}, f"valued {shortened(text, MAX_SHOWN)}, which is not a legal move"
        legal[move] = judgement.move_value()
    return legal, None
