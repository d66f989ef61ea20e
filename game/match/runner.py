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
compiles once it has no request waiting or has given its first answer, so a
first launch waits only for what the first moves need.
The worker is a ``game.match.supervisor.Child``: the supervisor starts,
watches and stops it and enforces the deadlines the runner sets; the runner
decides what a worker's end or a missed deadline means for the request.

A request must also be taken up in time: from when it is sent to a ready
worker, it may wait ``take_up_timeout`` seconds plus whatever is queued
ahead of it (a ``new_game()``, up to ``new_game_timeout``; a cancelled
request still thinking, up to its budget and grace). So once the worker is
ready, every request is answered within its budget, grace and that bounded
wait, even if the bot hangs in ``new_game()``.

Protocol (tuples over a ``Pipe``): the worker sends ``("ready",)`` or
``("failed", text)`` once constructed; the parent sends ``(kind, id, state,
budget)`` or ``("new_game",)``; the worker answers ``("started", id, t)`` on
taking a request up, ``("partial", id, values)`` for the values an
``analyse`` reports on its way (``Bot.report``; ``progress`` hands the latest
over), and ``("done", id, result, seconds)`` or ``("error", id, text,
seconds)``, and ``("new_game_done",)`` after ``new_game()``.
"""
from __future__ import annotations

import math
import numbers
import random
import signal
import sys
import time
import traceback
from collections import deque
from dataclasses import dataclass, field
from itertools import count
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

from game.rules.bot import AT_LEAST, AT_MOST, VALUE, BotFault, MoveValue, later_warm_up
from bots.lib.clock import grace_for
from game.match.botregistry import import_bot_class
from game.rules.core import Move, State
from game.match.plaindata import NotPlainData
from game.match.supervisor import Child, ChildEnded, ChildGarbled, ChildTimedOut, start_fork_server

MOVE, ANALYSE = "move", "analyse"
#: The bounds a move value may carry (``MoveValue.bound``).
BOUNDS = (VALUE, AT_LEAST, AT_MOST)
#: Seconds a worker may take to import and construct its bot and run its
#: ``warm_up``, which may be a cold compile of numba kernels on a slow, busy
#: machine (a request's clock starts only when the worker takes it up).
START_TIMEOUT = 120.0
#: What the workers' fork server imports once for them all (Linux; see
#: ``supervisor.start_fork_server``): the heavy libraries the engines use, the
#: worker's own code with every game's rules, and numba's compiler set up
#: (``bots.lib.engine_preload``). Measured with five Chinese Checkers Master
#: workers: 38 MB of PSS a worker instead of 68 (benchmarks/ui_idle.py).
WORKER_PRELOAD = ("numpy", "numba", "game.match.runner", "game.rules.catalogue", "bots.lib.engine_preload")


def prepare_workers() -> None:
    """Have the workers' fork server start in the background (Linux), so the workers
    started from then on share ``WORKER_PRELOAD``; the window calls it once the launch-time
    warm-up has finished. Calling it again does nothing."""
    start_fork_server(WORKER_PRELOAD)


#: Seconds a bot's ``new_game()`` may take before the next request is due.
NEW_GAME_TIMEOUT = 5.0
#: Seconds a ready, idle worker may take to take up a request it was sent.
TAKE_UP_TIMEOUT = 2.0
#: Longest text of a bot's exception carried into a failure message.
_MAX_ERROR_TEXT = 300


@dataclass(frozen=True)
class BotSpec:
    """Everything a worker needs to build one bot; picklable.

    ``label`` names the bot to players (a tier name such as ``'Master'`` or
    the bot's own name); ``budget`` is the seconds it may think per request.
    ``path`` is set for bots loaded from a file outside the ``bots`` package.
    """

    key: str
    module: str
    params: dict[str, Any]
    label: str
    budget: float
    seed: int | None = None
    path: str | None = None

    @classmethod
    def of(cls, info: Any, *, budget: float, label: str | None = None,
           params: dict[str, Any] | None = None, seed: int | None = None) -> "BotSpec":
        """A spec for a registry ``BotInfo`` (``label`` defaults to its name)."""
        return cls(info.key, info.module, dict(params or {}), label or info.name,
                   budget, seed, info.load_path)

    @property
    def who(self) -> str:
        """The bot as failure messages name it: ``'Master (TicTacToePerfect)'``."""
        return self.label if self.label == self.key else f"{self.label} ({self.key})"


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
        self._queue.append(request)
        self._send(request)

    def new_game(self) -> None:
        """Tell the bot a new game starts (it may drop what it kept)."""
        if self._child is not None and self._broken is None:
            self._new_games_pending += 1
            self._send_message(("new_game",))

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
        self._child = Child.spawn(worker_main, (self.spec,), name=f"bot {self.spec.key}",
                                  start_timeout=self.start_timeout, preload=WORKER_PRELOAD)
        self._ready = False
        self._new_games_pending = 0

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
        self._send_message((request.kind, request.id, request.state, request.budget))

    def _set_take_up(self, request: _Request, now: float) -> None:
        """When ``request`` must be taken up: the worker is ready, so it waits
        only for what is queued ahead of it, each part within its own limit."""
        wait = self.take_up_timeout + self._new_games_pending * self.new_game_timeout
        for ahead in self._queue:
            if ahead is request:
                break
            if ahead.deadline is not None:
                wait += max(0.0, ahead.deadline - now)
            else:
                wait += ahead.budget + grace_for(ahead.budget)
        request.take_up_by = now + wait
        request.take_up_wait = wait

    def _send_message(self, message: tuple) -> None:
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
            except ChildEnded as ended:
                self._worker_died(ended.code)
                return
            except ChildTimedOut as late:
                self._deadline_passed(late)
                return
            except ChildGarbled as garbled:
                self._refuse(_unreadable(garbled.error))
                return
            if message is None:
                return
            wait = 0.0
            if _well_formed(message):
                self._handle(message)
            else:
                self._refuse(f"answered with a message the game does not understand ({_shown(message)})")

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

    def _handle(self, message: tuple) -> None:
        tag = message[0]
        if tag == "ready":
            self._ready = True
            assert self._child is not None
            self._startup_seconds = max(0.0, message[1] - self._child.started_at)
            now = time.monotonic()
            for request in self._queue:
                self._set_take_up(request, now)
        elif tag == "new_game_done":
            self._new_games_pending = max(0, self._new_games_pending - 1)
        elif tag == "failed":
            self._give_up(f"{self.spec.who} could not be started: {message[1]}")
        elif tag == "started":
            _, request_id, at = message
            for request in self._queue:
                if request.id == request_id:
                    request.started = min(at, time.monotonic())
        elif tag == "partial":
            _, request_id, values = message
            live = self._live
            if live is None or live.id != request_id or live.kind != ANALYSE or live.cancelled:
                return
            checked, problem = _check_values(live.state, values)
            if problem is not None:
                live.cancelled = True   # its final answer, still to come, is dropped too
                self._fail(live, f"{self.spec.who} reported its analysis so far, but it {problem}", 0.0)
            else:
                self._partial = checked
        elif tag in ("done", "error"):
            _, request_id, result, seconds = message
            while self._queue and self._queue[0].id != request_id:
                self._queue.popleft()
            if not self._queue:
                return
            request = self._queue.popleft()
            if request.cancelled or request is not self._live:
                return
            if tag == "error":
                self._fail(request, f"{self.spec.who} {result}", seconds)
            else:
                self._finish(request, result, seconds)

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
        if not self._ready:
            self._give_up(f"{self.spec.who} could not be started: its process ended (exit code {code})")
            return
        live = self._live
        if live is not None and live in self._queue and (live.started is not None or live.sent_to > 1):
            # It died on this request (a request not yet taken up goes to the new worker once).
            self._queue.remove(live)
            self._fail(live, f"{self.spec.who} stopped unexpectedly (its process ended with exit code {code})",
                       time.monotonic() - (live.started or time.monotonic()))
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

    def _finish(self, request: _Request, result: Any, seconds: float) -> None:
        limit = request.budget + grace_for(request.budget)
        if seconds > limit:
            self._fail(request, f"{self.spec.who} took {seconds:.1f} s, over its {request.budget:g} s budget",
                       seconds)
            return
        state = request.state
        if request.kind == MOVE:
            move = _as_legal(state, result)
            if move is None:
                self._fail(request, f"{self.spec.who} chose {_describe_move(state, result)}, "
                                    "which is not a legal move", seconds)
                return
            self._live = None
            self._reply = BotReply(MOVE, move, {}, seconds)
            return
        values, problem = _check_values(state, result)
        if problem is not None:
            self._fail(request, f"{self.spec.who} {problem}", seconds)
            return
        best = max(values, key=lambda m: values[m].score) if values else None
        self._live = None
        self._reply = BotReply(ANALYSE, best, values, seconds)


def _well_formed(message: Any) -> bool:
    """Whether ``message`` has the shape of one the worker sends (see the protocol)."""
    if type(message) is not tuple or not message or type(message[0]) is not str:
        return False
    shapes = {"ready": (_is_time,), "failed": (_is_text,), "new_game_done": (),
              "started": (_is_id, _is_time), "partial": (_is_id, _is_any), "done": (_is_id, _is_any, _is_time),
              "error": (_is_id, _is_text, _is_time)}
    shape = shapes.get(message[0])
    return (shape is not None and len(message) == len(shape) + 1
            and all(check(item) for check, item in zip(shape, message[1:])))


def _is_time(value: Any) -> bool:
    return type(value) in (int, float) and math.isfinite(value)


def _is_id(value: Any) -> bool:
    return type(value) is int


def _is_text(value: Any) -> bool:
    return type(value) is str


def _is_any(value: Any) -> bool:
    return True


def _as_legal(state: State, move: Any) -> Move | None:
    """The legal move equal to ``move`` (so callers get the game's own value), or None."""
    if move is None or isinstance(move, bool):
        return None
    try:
        if not state.is_legal(move):
            return None
        return next((legal for legal in state.legal_moves() if legal == move), move)
    except Exception:  # a bot's odd object may fail to compare; it is then not legal
        return None


def _describe_move(state: State, move: Any) -> str:
    if move is None:
        return "no move (None)"
    try:
        return state.move_to_str(move)
    except Exception:  # not a move of this game at all: show the raw value
        return repr(move)[:80]


def _check_values(state: State, values: Any) -> tuple[dict[Move, MoveValue], str | None]:
    """The worker's ``{move: (score, text, exact, bound)}`` as ``MoveValue``s of legal moves,
    or ``({}, what is wrong)``: one bad entry drops the whole analysis."""
    if type(values) is not dict:
        return {}, f"analysed the position as {type(values).__name__}, not a dict of move values"
    checked: dict[Move, MoveValue] = {}
    for move, pair in values.items():
        legal = _as_legal(state, move)
        if legal is None:
            return {}, f"valued {_describe_move(state, move)}, which is not a legal move"
        if (type(pair) is not tuple or len(pair) != 4 or type(pair[2]) is not bool
                or type(pair[3]) is not int or pair[3] not in BOUNDS):
            return {}, f"valued {state.move_to_str(legal)} as {_shown(pair)}, not a MoveValue"
        score, problem = plain_score(*pair[:2])
        if problem is not None:
            return {}, f"valued {state.move_to_str(legal)} {problem}"
        checked[legal] = MoveValue(score, pair[1], pair[2], pair[3])
    return checked, None


def plain_score(score: Any, text: Any) -> tuple[float, str | None]:
    """``score`` as a float, or (0.0, why the pair is not a valid move value).

    A score must be a finite real number (numpy numbers included, ``bool``
    not: ``True`` is no judgement); the text must be a string.
    """
    if isinstance(score, bool) or not isinstance(score, numbers.Real):
        return 0.0, f"with the score {_shown(score)}; a score must be a finite number"
    try:
        converted = float(score)
    except (TypeError, ValueError, OverflowError):
        return 0.0, f"with the score {_shown(score)}; a score must be a finite number"
    if not math.isfinite(converted):
        return 0.0, f"with the score {_shown(score)}; a score must be a finite number"
    if not isinstance(text, str):
        return 0.0, f"with the text {_shown(text)}; the text must be a string"
    return converted, None


def _unreadable(error: BaseException) -> str:
    """What the worker did, for a message it sent that could not be read."""
    if isinstance(error, NotPlainData):
        return f"returned an object that is not a move ({error})"
    return f"answered with something the game cannot read ({type(error).__name__}: {error})"


def _shown(value: Any) -> str:
    """A bot's value for a message, never longer than a line."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a bot's object whose repr fails still gets named
        text = f"a {type(value).__name__}"
    return text if len(text) <= 80 else text[:77] + "..."


# -- worker side ----------------------------------------------------------------
def worker_main(conn: Connection, spec: BotSpec) -> None:
    """The worker process: build the bot once and compile its engine (``warm_up``),
    then answer requests until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    sys.stdout = sys.stderr  # a bot's prints must not mix with the program's output
    source = spec.path
    try:
        cls, source = import_bot_class(spec.module, spec.key, spec.path)
        bot = cls(seed=spec.seed, **spec.params)
    except BaseException as err:  # noqa: BLE001 - reported to the parent, which tells the player
        conn.send(("failed", bot_error_text(err, source)))
        return
    try:
        cls.warm_up()
    except BaseException as err:  # noqa: BLE001 - reported like a constructor's failure
        conn.send(("failed", "its warm_up() " + bot_error_text(err, source)))
        return
    conn.send(("ready", time.monotonic()))
    try:
        _serve(conn, bot, source, later_warm_up(cls))
    except (EOFError, OSError):
        return  # the parent went away or closed the pipe: nothing left to do


def _serve(conn: Connection, bot: Any, source: str | None, later: Callable[[], None] | None) -> None:
    """Answer requests until told to stop. ``later`` (the bot's ``warm_up_later``) runs once:
    at once if no request is waiting, else right after the first answer, while the
    other players move (a failure there is the bot's to meet when it plays)."""
    answered = False
    while True:
        if later is not None and (answered or not conn.poll(0)):
            _guarded(later)
            later = None
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        tag = message[0]
        if tag == "new_game":
            _guarded(bot.new_game)
            conn.send(("new_game_done",))
        elif tag in (MOVE, ANALYSE):
            _, request_id, state, budget = message
            conn.send(("started", request_id, time.monotonic()))
            call = bot.choose_move if tag == MOVE else bot.analyse
            _set_reporter(bot, _reporter(conn, request_id, state.copy()) if tag == ANALYSE else None)
            begun = time.perf_counter()
            try:
                result = call(state, budget)
            except BaseException as err:  # noqa: BLE001 - reported to the parent
                conn.send(("error", request_id, bot_error_text(err, source), time.perf_counter() - begun))
                continue
            finally:
                _set_reporter(bot, None)
            seconds = time.perf_counter() - begun
            answered = True
            plain, problem = (_plain_move if tag == MOVE else _plain_values)(state, result)
            if problem is None:
                conn.send(("done", request_id, plain, seconds))
            else:
                conn.send(("error", request_id, problem, seconds))
        else:
            return


def _set_reporter(bot: Any, reporter: Any) -> None:
    """Give ``Bot.report`` somewhere to send (a bot whose object takes no new attribute reports nothing)."""
    try:
        bot._reporter = reporter
    except AttributeError:
        pass


def _reporter(conn: Connection, request_id: int, state: State) -> Any:
    """``Bot.report`` for one ``analyse`` request: its values as plain data to the parent,
    ``ValueError`` (out of the bot's ``analyse``) if they are not move values of ``state``."""
    def report(values: Any) -> None:
        plain, problem = _plain_values(state, values)
        if problem is not None:
            raise ValueError(f"report() {problem}")
        conn.send(("partial", request_id, plain))
    return report


def _plain_move(state: State, move: Any) -> tuple[Move | None, str | None]:
    """(the game's own value of ``move``, None), or (None, why it is no move).

    Round-tripping through the game's notation turns whatever the bot
    returned into the value ``parse_move`` makes (an ``int`` for a cell, a
    tuple for a path), so only plain data travels to the game. Numpy numbers
    count as the Python numbers they hold.
    """
    if move is None:
        return None, "chose no move (None)"
    if isinstance(move, bool):
        return None, f"chose {move!r}, which is not a legal move"
    try:
        return state.parse_move(state.move_to_str(_without_numpy(move))), None
    except Exception:  # noqa: BLE001 - any object the game cannot write down is not a move
        return None, f"chose {_shown(move)}, which is not a legal move"


def _plain_values(state: State, values: Any) -> tuple[dict[Move, tuple[float, str, bool, int]] | None, str | None]:
    """A bot's analysis as ``{move: (score, text, exact, bound)}`` of plain data, or (None, what is wrong)."""
    if not isinstance(values, dict):
        return None, f"analysed the position as {type(values).__name__}, not a dict of move values"
    plain: dict[Move, tuple[float, str, bool, int]] = {}
    for move, value in values.items():
        key, problem = _plain_move(state, move)
        if problem is not None:
            return None, "valued" + problem.removeprefix("chose")
        if not isinstance(value, MoveValue):
            return None, f"valued {state.move_to_str(key)} as {_shown(value)}, not a MoveValue"
        score, problem = plain_score(value.score, value.text)
        if problem is not None:
            return None, f"valued {state.move_to_str(key)} {problem}"
        if isinstance(value.bound, bool) or value.bound not in BOUNDS:
            return None, (f"valued {state.move_to_str(key)} with the bound {_shown(value.bound)}; "
                          "a bound must be VALUE, AT_LEAST or AT_MOST")
        plain[key] = (score, str(value.text), value.exact is True, int(value.bound))
    return plain, None


def _without_numpy(value: Any) -> Any:
    """Numpy scalars (also inside tuples) as the Python numbers they hold."""
    if type(value) is tuple:
        return tuple(_without_numpy(item) for item in value)
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        return value.item()
    return value


def _guarded(action: Any) -> None:
    try:
        action()
    except Exception:  # new_game and warm_up_later are courtesy calls; a failure shows at the next move
        traceback.print_exc()


def _shortened(detail: str) -> str:
    return detail[:_MAX_ERROR_TEXT] + "..." if len(detail) > _MAX_ERROR_TEXT else detail


def bot_error_text(err: BaseException, source: str | None) -> str:
    """A bot's exception as a phrase: ``raised ValueError: boom (my_bot.py line 12)``;
    a ``BotFault`` is its own phrase."""
    if isinstance(err, SystemExit):
        return f"called sys.exit({err.code!r})"
    if isinstance(err, BotFault) and str(err):
        return _shortened(str(err))
    detail = str(err)
    detail = _shortened(detail)
    text = f"raised {type(err).__name__}: {detail}" if detail else f"raised {type(err).__name__}"
    if source is not None:
        lines = [f.lineno for f in traceback.extract_tb(err.__traceback__) if f.filename == source]
        if lines:
            text += f" ({Path(source).name} line {lines[-1]})"
    return text
