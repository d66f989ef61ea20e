"""Compiles the bots' engines once at launch, in the background, with progress.

A bot with a numba engine defines ``Bot.warm_up`` (a classmethod that calls
each kernel once; with ``cache=True`` numba keeps the machine code on disk).
The first launch on a new machine compiles every kernel, which takes
seconds per engine; later launches load them from disk at once.

``EngineWarmUp`` runs ONE background process (a ``game.match.supervisor``
child, like the bot runner's workers) that imports each bot that has a
``warm_up`` — by the registry's module name and load path, as the worker
does — and calls it, telling the arcade how far it got: ``poll()`` never
blocks and gives a ``WarmUpProgress`` (bots done, total, the bot being
warmed up, whether numba is compiling it or only loading it from the cache,
failures), so the window can draw a progress card (only for a compile) and
stay responsive. A ``warm_up`` that raises is named and skipped; one that
hangs past ``timeout`` or ends the process is named, and the bots after it
go to a fresh process. Whatever happens, the arcade keeps running: a bot
whose warm-up failed simply compiles (or fails) again in its own worker
when it plays.

A game that starts while the warm-up runs takes its bots over
(``hand_over``): a bot still waiting its turn here (or only loading from
the cache) is dropped from the warm-up and its worker warms it up itself
(before it reports ready, so its clock does not run, and at once, in
parallel with the warm-up); a bot that numba is compiling here right now
goes on here, and its worker starts at once all the same (a first move it
plays without its engine comes at once) but waits for this compile to end
before its own warm-up (``compiling.compile_lock``), which then loads what
was compiled: the same kernels are not compiled twice at once.
While a game's workers start, the game holds the warm-up (``hold``): it
finishes the bot it is on but starts no other, leaving the cores to the
compile the player is waiting for; and from a game's first hold on, the
warm-up runs at a lower priority than the bots' workers (``background``).
Until then it runs at the arcade's own: the player is choosing a game and
waits for its engines, and a busy machine gives a niced compile about a
third of the time (measured: Reversi Hard 40 s niced against 22 s, load 10).

Once every bot's ``warm_up`` is done (``finished``: nothing a game waits
for is left), the process goes on with each bot's ``warm_up_later`` (what
only later moves need, such as Reversi's exact solver), silently, and then
ends; ``running`` says whether it still runs. The game the player opens
goes first (``prefer``, when its setup screen opens).

The two speak ``game.match.messages``: the warm-up process sends ``Start``
before a bot, ``Compiling`` when numba first compiles something for it (a
kernel not in the cache; numba's ``numba:compile`` event, watched once a bot
has imported numba) and ``Compiled`` for each kernel compiled (how far the
compile is: ``compiling.compile_share``), ``WarmedUp`` after it (its error, or None, and its
seconds), then for each bot with ``warm_up_later`` ``Later`` and
``LaterDone``, then ``Finished``; the arcade may send ``Skip`` for bots it
took over, ``First`` for bots to warm up next and ``Hold``.
"""
from __future__ import annotations

import logging
import os
import signal
import sys
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, Iterable

from game.lang import _
from game.match import messages as m
from game.match.botregistry import BotRegistry, import_bot_class
from game.match.compiling import CAN_LOCK, CompileProgress, CompileTracker, CompileWatcher, compile_lock
from game.match.config import Config
from game.match.runner import START_TIMEOUT
from game.match.supervisor import Child, ChildEnded, ChildGarbled, ChildTimedOut
from game.match.worker import bot_error_text
from game.rules.bot import later_warm_up
from game.rules.catalogue import game_ids, title_of

logger = logging.getLogger(__name__)

#: Seconds one bot's warm-up may take (import and compile) before it is skipped:
#: as long as a worker may take to start, since the worker does the same work.
WARM_UP_TIMEOUT = START_TIMEOUT
#: How much nicer than the arcade the warm-up runs once a game is played (a busy machine then
#: gives it about a third of a worker's share).
NICER = 5


@dataclass(frozen=True)
class WarmUpJob:
    """One bot to warm up: its class ``key``, where to import it from, and
    ``label``, how the progress display names it (``'Connect Four Master'``)."""

    key: str
    module: str
    load_path: str | None
    label: str


@dataclass(frozen=True)
class WarmUpProgress:
    """How far the warm-up is: ``done`` of ``total`` bots finished (failed ones
    included), ``current`` the label of the bot being warmed up ('' if none),
    ``failures`` one sentence per bot whose warm-up failed, naming it;
    ``compiling`` is true once numba compiles for the current bot (a first
    launch), false while it only loads its kernels from the cache."""

    done: int
    total: int
    current: str
    failures: tuple[str, ...] = ()
    compiling: bool = False

    @property
    def finished(self) -> bool:
        return self.done >= self.total


def warm_up_jobs(registry: BotRegistry, config: Config) -> list[WarmUpJob]:
    """A job for every discovered bot that defines ``warm_up``.

    Bots that play a tier come first, in menu order of the games and tier
    order within a game, labelled by game and tier ('Connect Four Master');
    other bots follow by class name, labelled by their own name.
    """
    labels: dict[str, str] = {}
    for game_id in game_ids():
        title = title_of(game_id)
        for tier in config.game(game_id).tiers:
            labels.setdefault(tier.bot, f"{_(title)} {_(tier.name)}")     # in the language shown
    engines = {key: info for key, info in registry.bots.items() if info.warms_up}
    ordered = [key for key in labels if key in engines] + sorted(key for key in engines if key not in labels)
    return [WarmUpJob(key, engines[key].module, engines[key].load_path, labels.get(key, engines[key].name))
            for key in ordered]


def game_engines(config: Config, game_id: str, chosen: Iterable[str] = ()) -> list[str]:
    """The bot classes of ``game_id``'s tiers, in the order a player choosing that game
    needs them: the bots ``chosen`` for its seats first (tier names, or class names of
    bots with no tier), then its other tiers' in tier order."""
    tiers = config.game(game_id).tiers
    by_name = {tier.name: tier.bot for tier in tiers}
    return list(dict.fromkeys([*(by_name.get(choice, choice) for choice in chosen), *(tier.bot for tier in tiers)]))


class EngineWarmUp:
    """The launch-time warm-up of every engine in ``jobs``, in one background process.

    Call ``start()``, then ``poll()`` every frame; ``finished`` tells when
    every bot is done, ``pending(key)`` whether one bot still waits for its
    turn or is being compiled, ``hand_over(key)`` lets a game's worker take
    a bot over and ``hold`` keeps the next bot waiting while a game's bots
    start. ``close()`` stops the process (safe twice).
    """

    def __init__(self, jobs: Iterable[WarmUpJob], timeout: float = WARM_UP_TIMEOUT, *,
                 start_timeout: float = START_TIMEOUT, background: bool = True) -> None:
        self.jobs = {job.key: job for job in jobs}
        #: Whether the warm-up steps back once a game is played: from a game's first ``hold``
        #: on, its process runs at a lower priority than the bots' workers (their compile
        #: and their thinking come first). Before that, nothing needs the cores more: the
        #: player is choosing a game, and waits for its engines. False: someone waits for
        #: all of it (``main.py warmup``).
        self.background = background
        #: Seconds one bot's warm-up may take; seconds the process may take to begin.
        self.timeout = timeout
        self.start_timeout = start_timeout
        #: Keys not finished yet, in the order they will be warmed.
        self._order = list(self.jobs)
        #: Finished keys -> the failure sentence, or None (compiled, loaded or handed over).
        self.outcomes: dict[str, str | None] = {}
        #: Seconds each finished bot's warm-up took (import included).
        self.seconds: dict[str, float] = {}
        #: Bots a game took over before their turn here (see ``hand_over``).
        self.handed_over: set[str] = set()
        #: Bots for which numba compiled something (not all from the cache).
        self.compiled: set[str] = set()
        #: Seconds each bot's ``warm_up_later`` took, once every bot's ``warm_up`` was done.
        self.later_seconds: dict[str, float] = {}
        self._child: Child | None = None
        self._current: str | None = None
        self._later: str | None = None
        #: Bots whose ``warm_up_later`` ran, or that have none (their process finished).
        self._later_over: set[str] = set()
        #: Bots a game waits for the warm-up to finish compiling (``hold`` lets them go on).
        self._awaited: set[str] = set()
        self._compiling = False
        #: While numba compiles the current bot: how far it has got.
        self._tracker: CompileTracker | None = None
        self._held = False
        self._since = 0.0
        self._started_any = False
        #: Whether the warm-up's processes run at the lower priority (see ``background``).
        self._niced = False

    # -- life cycle ---------------------------------------------------------------
    def start(self) -> "EngineWarmUp":
        """Start the background process (returns at once); nothing to do, no process."""
        if self._child is None and (self._order or self._later_left()):
            self._spawn()
        return self

    def close(self) -> None:
        """Stop the warm-up process if it still runs."""
        if self._child is not None:
            self._child.stop()
            self._child = None
        self._current = self._later = None

    def __enter__(self) -> "EngineWarmUp":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- reading ----------------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        """The warm-up process's id while it runs."""
        return None if self._child is None else self._child.pid

    @property
    def finished(self) -> bool:
        """Every bot's warm-up is over (compiled or failed)."""
        return not self._order

    def pending(self, key: str) -> bool:
        """Whether bot ``key`` is still to be warmed up (or being warmed up now)."""
        return key in self._order

    def progress(self) -> WarmUpProgress:
        """Where the warm-up is now (as of the last ``poll``)."""
        failures = tuple(f"{self.jobs[key].label}: {text}" for key, text in self.outcomes.items() if text)
        current = self.jobs[self._current].label if self._current is not None else ""
        return WarmUpProgress(len(self.outcomes), len(self.jobs), current, failures,
                              self._compiling and self._current is not None)

    def poll(self) -> WarmUpProgress:
        """Take in what the process reported (never blocks) and check its time."""
        self._pump(0.0)
        return self.progress()

    @property
    def running(self) -> bool:
        """The warm-up process still runs (after ``finished``: the bots' ``warm_up_later``)."""
        return self._child is not None

    def wait(self, timeout: float | None = None) -> WarmUpProgress:
        """Block until the warm-up is over, every bot's ``warm_up_later`` included, or
        ``timeout`` seconds have passed."""
        until = None if timeout is None else time.monotonic() + timeout
        while self._child is not None:
            now = time.monotonic()
            if until is not None and now >= until:
                break
            self._pump(0.5 if until is None else min(0.5, until - now))
        return self.progress()

    def compiling(self, key: str) -> bool:
        """Whether numba compiles bot ``key``'s engine in the warm-up process right now."""
        return key == self._current and self._compiling

    def compile_progress(self, key: str) -> CompileProgress | None:
        """How far the compile of bot ``key`` here has got (None: it is not being compiled here)."""
        if not self.compiling(key) or self._tracker is None:
            return None
        return self._tracker.progress()

    def hand_over(self, key: str) -> bool:
        """The caller's own worker will warm bot ``key`` up: True if it may start now.

        A bot waiting its turn, or only loading its kernels from the cache,
        is taken out of the warm-up (and counts as done). One being compiled
        right now goes on here, and a game waits for it (``hold`` does not stop
        it): its worker may start at once all the same (True), to answer a move
        it plays without its engine at once; its warm-up then waits for this
        compile to end (``compiling.compile_lock``) and loads what it compiled.
        Where no such lock can be had, False: ask again later (starting now
        would compile the same kernels twice at once).
        """
        if self.compiling(key):
            self._awaited.add(key)
            return CAN_LOCK
        if key in self._order:
            self._order.remove(key)
            self.outcomes[key] = None
            self.seconds[key] = 0.0
            self.handed_over.add(key)
            if self._child is not None and key != self._current:
                self._send(m.Skip([key]))
        return True

    def prefer(self, keys: Iterable[str]) -> None:
        """Warm bots ``keys`` up next, in that order (the game the player is choosing, the
        bots of its seats first), the others after them. A compile under way goes on:
        stopping it to start theirs in a fresh process cost more than it saved (measured:
        a fresh process imports numba and the bot again, seconds on a busy machine)."""
        keys = list(dict.fromkeys(keys))
        wanted = [key for key in keys if key in self._order and key != self._current]
        if not wanted:
            return
        self._order.sort(key=lambda key: keys.index(key) if key in keys else len(keys))
        if self._child is not None:
            self._send(m.First(wanted))

    @property
    def held(self) -> bool:
        """Whether a game holds the warm-up back (see ``hold``)."""
        return self._held

    def hold(self, held: bool) -> None:
        """Start no other bot's warm-up while ``held`` (a game's own bots are starting
        and their compile should have the cores). A bot being compiled that no game
        waits for (see ``hand_over``), or a ``warm_up_later``, is stopped and done again
        once the hold ends; one a game waits for goes on."""
        if held and self.background and not self._niced:
            self._step_back()
        if held == self._held:
            return
        self._held = held
        if held and self._child is not None and (
                (self._current is not None and self._compiling and self._current not in self._awaited)
                or (self._current is None and self._later is not None)):
            self._make_way("for a game's bots")
        if not held:
            self.start()
        if not held or self._current is None:  # no time ran against the process while it was held
            self._since = time.monotonic()
        if self._child is not None:
            self._send(m.Hold(held))

    def _step_back(self) -> None:
        """From now on the warm-up runs at a lower priority than a game's workers: its
        process now (which may raise its own niceness, never lower it) and those after."""
        self._niced = True
        if self._child is not None and hasattr(os, "setpriority"):
            try:
                pid = self._child.pid
                os.setpriority(os.PRIO_PROCESS, pid, min(19, os.getpriority(os.PRIO_PROCESS, pid) + NICER))
            except OSError as err:   # it ended meanwhile: the next one starts lower
                logger.info("engine warm-up's priority not lowered: %s", err)

    def _make_way(self, why: str) -> None:
        """Stop the process, leaving the cores to what ``why`` names (a game's bots, the
        engines of the game chosen); what it was compiling goes back to the front of the
        queue (numba keeps on disk the kernels it had finished)."""
        current = self._current
        self.close()
        if current is not None and current in self._order:
            self._order.remove(current)
            self._order.insert(0, current)
        logger.info("engine warm-up stopped %s%s", why, f" (it was on {current})" if current else "")

    # -- internals ------------------------------------------------------------------------
    def _later_left(self) -> list[str]:
        """Bots warmed up here whose ``warm_up_later`` (if they have one) has not been run yet."""
        return [key for key, error in self.outcomes.items()
                if error is None and key not in self.handed_over and key not in self._later_over]

    def _spawn(self) -> None:
        remaining = [(key, self.jobs[key].module, self.jobs[key].load_path) for key in self._order]
        later = [(key, self.jobs[key].module, self.jobs[key].load_path) for key in self._later_left()]
        self._child = Child.spawn(warm_up_main, (remaining, later, self._niced),
                                  name="engine warm-up", reads=m.FromWarmUp)
        self._current = None
        self._since = time.monotonic()
        self._started_any = False
        if self._held:
            self._send(m.Hold(True))

    def _send(self, message: m.Message) -> None:
        assert self._child is not None
        self._child.send(message)  # if it ended, that is noticed when its output is read

    def _pump(self, timeout: float) -> None:
        """Take in what the process reported, waiting up to ``timeout`` for its
        first word; the supervisor stops the wait when the process has been
        silent too long (see ``_limit``) and raises that, or its end."""
        child, wait = self._child, timeout
        while child is not None and child is self._child:
            child.expect(None if self._waiting() else self._since + self._limit())
            try:
                message = child.receive(wait)
                if message is None:
                    return
            except ChildEnded as ended:
                self._process_ended(ended.code)
                return
            except ChildTimedOut:
                self._timed_out()
                return
            except ChildGarbled as garbled:
                self._abandon(f"the warm-up process sent a message the arcade cannot read ({garbled.error})")
                return
            wait = 0.0
            self._receive(message)

    def _waiting(self) -> bool:
        """Held between bots: the process is silent because it was asked to be."""
        return self._held and self._current is None

    def _limit(self) -> float:
        """Seconds the process may now stay silent: a bot's warm-up, or its own start."""
        return self.timeout if self._started_any else max(self.timeout, self.start_timeout)

    def _receive(self, message: m.Message) -> None:
        if isinstance(message, m.Start) and message.key in self.jobs:
            # A bot handed over may still start here if the skip crossed this message.
            self._current, self._since, self._started_any = message.key, time.monotonic(), True
            self._compiling = False
        elif isinstance(message, m.Compiling) and message.key == self._current:
            self._compiling = True
            self.compiled.add(message.key)
            self._tracker = CompileTracker(message.key, self.pid)
        elif isinstance(message, m.Compiled) and message.key == self._current:
            if self._tracker is not None:
                self._tracker.ended(message.kernel)
        elif isinstance(message, m.WarmedUp) and message.key == self._current:
            if message.key in self._order:
                self._finish(message.key, message.error, message.seconds)
            self._current, self._compiling = None, False
            self._since = time.monotonic()
        elif isinstance(message, m.Later) and message.key in self.jobs:
            self._later, self._since = message.key, time.monotonic()
        elif isinstance(message, m.LaterDone) and message.key == self._later:
            self.later_seconds[message.key] = message.seconds
            self._later_over.add(message.key)
            self._later, self._since = None, time.monotonic()
            if message.error:   # the bot's worker meets it again when it plays, and says so there
                logger.warning("engine warm-up of %s (%s), its later part, failed: %s",
                               self.jobs[message.key].label, message.key, message.error)
        elif isinstance(message, m.Finished):
            self._later_over.update(self.outcomes)
            self.close()
            for key in list(self._order):  # listed but never reported: the process skipped it
                self._finish(key, "was not warmed up (the warm-up process ended without it)", 0.0)
        else:
            self._abandon(f"the warm-up process sent {type(message).__name__} about a bot it is not on "
                          f"({message.key})")

    def _finish(self, key: str, error: str | None, seconds: float) -> None:
        if key in self._order:
            self._order.remove(key)
        self.outcomes[key] = error
        self.seconds[key] = seconds
        if key == self._current:
            self._current = None
        label = self.jobs[key].label
        if error:
            logger.warning("engine warm-up of %s (%s) failed: %s", label, key, error)
        else:
            logger.info("engine warm-up of %s (%s) took %.2f s", label, key, seconds)

    def _timed_out(self) -> None:
        current = self._current
        self.close()
        if current is None:
            self._give_up(f"the warm-up process did not begin within {self._limit():g} s")
            return
        self._finish(current, f"its warm_up() did not finish within {self.timeout:g} s; skipped", self.timeout)
        self.start()

    def _process_ended(self, code: int | None) -> None:
        current, started_any = self._current, self._started_any
        self.close()
        if current is not None:
            self._finish(current, f"ended the warm-up process (exit code {code}); skipped", 0.0)
            self.start()
        elif not started_any:
            self._give_up(f"the warm-up process ended before it began (exit code {code})")
        else:
            self.start()

    def _abandon(self, why: str) -> None:
        """The process misbehaved: the bot it was warming is named, the rest go to a fresh one."""
        current = self._current
        self.close()
        if current is None:
            self._give_up(why)
            return
        self._finish(current, why, 0.0)
        self.start()

    def _give_up(self, why: str) -> None:
        """No process could do the work: every bot left is named as not warmed up."""
        self._later_over.update(self.outcomes)
        for key in list(self._order):
            self._finish(key, f"was not warmed up: {why}", 0.0)


# -- the warm-up process ----------------------------------------------------------------
def warm_up_main(conn: Connection, jobs: list[tuple[str, str, str | None]],
                 later_jobs: list[tuple[str, str, str | None]] = (), niced: bool = False) -> None:
    """Import each bot of ``jobs`` (key, module, load path) and call its ``warm_up``,
    reporting each; then, once every bot is done, each one's ``warm_up_later`` (and
    that of ``later_jobs``, bots an earlier warm-up process warmed up).
    Bots named by a ``Skip`` message are left out, those named by ``First`` go
    next, and ``Hold(True)`` starts no other bot. ``niced``: at a lower priority than
    the arcade and its workers (a game has been played; see ``EngineWarmUp.background``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    sys.stdout = sys.stderr  # a bot's prints must not mix with the program's output
    if niced and hasattr(os, "nice"):
        os.nice(NICER)
    pending, later = list(jobs), []
    for key, module, load_path in later_jobs:
        try:
            cls, _ = import_bot_class(module, key, load_path)
        except BaseException:  # noqa: BLE001 - it imported before; its worker meets any problem again
            continue
        if later_warm_up(cls) is not None:
            later.append((key, cls))
    watcher = _CompileReports(conn)
    held = False
    code = 1
    try:
        while True:
            while conn.poll(0) or (held and (pending or later)):  # held: wait for the next message
                held = _take_message(m.receive(conn, m.ToWarmUp), pending, later, held)
            if pending:
                key, module, load_path = pending.pop(0)
                m.send(conn, m.Start(key))
                begun = time.perf_counter()
                watcher.key = key
                error, cls = _warm_up(key, module, load_path, watcher)
                m.send(conn, m.WarmedUp(key, error, time.perf_counter() - begun))
                if cls is not None and later_warm_up(cls) is not None:
                    later.append((key, cls))
            elif later:
                key, cls = later.pop(0)
                watcher.key = None   # the arcade no longer waits for this bot
                m.send(conn, m.Later(key))
                begun = time.perf_counter()
                m.send(conn, m.LaterDone(key, _warm_up_later(cls), time.perf_counter() - begun))
            else:
                break
        m.send(conn, m.Finished())
        code = 0
    except (EOFError, OSError, m.WireError):
        pass  # the arcade went away
    finally:
        sys.stderr.flush()
        os._exit(code)  # a bot's leftover thread must not keep the process alive


def _warm_up(key: str, module: str, load_path: str | None, watcher: "_CompileReports") -> tuple[str | None, Any]:
    """Import one bot and run its warm-up: (None, its class), or (what went wrong as a phrase, None)."""
    source = load_path
    try:
        cls, source = import_bot_class(module, key, load_path)
    except BaseException as err:  # noqa: BLE001 - reported, the next bot goes on
        return f"could not be imported: {bot_error_text(err, source)}", None
    try:
        with compile_lock(key):      # a game's worker of this bot waits for it, then loads what it compiled
            watcher.watch()
            cls.warm_up()
    except BaseException as err:  # noqa: BLE001 - reported, the next bot goes on
        return f"its warm_up() {bot_error_text(err, source)}", None
    return None, cls


def _warm_up_later(cls: Any) -> str | None:
    """Run a bot's ``warm_up_later``: None, or what went wrong as a phrase."""
    try:
        cls.warm_up_later()
    except BaseException as err:  # noqa: BLE001 - reported, the next bot goes on
        return f"its warm_up_later() {bot_error_text(err, getattr(sys.modules.get(cls.__module__), '__file__', None))}"
    return None


class _CompileReports:
    """Tells the arcade that numba compiles for the bot being warmed up (once per bot, at its
    first compile: a cache miss) and each kernel it compiled (``compiling.CompileWatcher``,
    from the first bot that has imported numba; a process without numba reports nothing)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.key: str | None = None
        self.reported: str | None = None
        self.watcher = CompileWatcher(self.compiling, self.compiled)

    def watch(self) -> None:
        self.watcher.watch()

    def compiling(self) -> None:
        self.watcher.started = False     # told once per bot, not once per process
        if self.key is not None and self.reported != self.key:
            self.reported = self.key
            m.send(self.conn, m.Compiling(self.key))

    def compiled(self, kernel: str) -> None:
        if self.key is not None:
            if self.reported != self.key:
                self.compiling()
            m.send(self.conn, m.Compiled(self.key, kernel))


def _take_message(message: m.Message, pending: list[tuple[str, str, str | None]], later: list[tuple[str, Any]],
                  held: bool) -> bool:
    """Follow one message of the arcade: leave out the bots it took over (``Skip``),
    warm up the ones it names next (``First``) or hold back (``Hold``); returns
    whether the warm-up is now held."""
    if isinstance(message, m.Skip):
        pending[:] = [job for job in pending if job[0] not in message.keys]
        later[:] = [job for job in later if job[0] not in message.keys]
    elif isinstance(message, m.First):   # in the order named; stable: the rest keep their order
        pending.sort(key=lambda job: message.keys.index(job[0]) if job[0] in message.keys else len(message.keys))
    elif isinstance(message, m.Hold):
        held = message.held
    return held
