"""How far an engine's first compile has got, and one compile of an engine at a time.

On a new machine a bot's ``warm_up`` compiles its numba kernels, from a few
seconds to minutes of waiting on a busy machine. Whoever compiles it (the
launch-time warm-up process or the bot's own worker) watches numba's
``numba:compile`` events with a ``CompileWatcher`` and reports each kernel
as its compile ends. ``COMPILE_PROFILES`` holds, for each shipped engine,
every kernel its ``warm_up`` compiles on a cold cache with its measured
share of that compile's CPU time (``benchmarks/warmup_timing.py --profile``
measures them again and prints the table; ``tests/test_warmup_profiles.py``
checks that the kernels named are still the ones each ``warm_up`` runs), so
``compile_share`` says what part of the compile is done: a measured
fraction, and from it and the seconds so far an estimate of the wait left.

``compile_lock`` keeps one compile of an engine at a time on this computer:
the warm-up process holds it while it warms a bot up, the bot's worker
takes it before its own ``warm_up``, so a game opened while the warm-up
compiles its bot starts that bot's worker at once (its first move before
the warm-up may come at once) and its warm-up then loads what the other
compiled instead of compiling it again beside it.
"""
from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from game.match.keeper import descendants

#: Each engine's cold-cache compile as (kernel, CPU seconds of its own compile, whether its
#: ``warm_up`` calls it: True, or numba compiled it for a kernel that calls it: False), in
#: the order their compiles end; measured by ``benchmarks/warmup_timing.py --profile`` (a
#: fresh process and numba cache per engine), 2026-11-28 on a two-core machine shared with other
#: work, load 7.3 before and 6.9 after (CPU seconds, so the load matters less than for wall time).
#: A kernel compiled more than once (several signatures) is listed once per compile.
COMPILE_PROFILES: dict[str, tuple[tuple[str, float, bool], ...]] = {
    # Connect Four Hard: warm_up 4.79 CPU s, kernels 4.57
    'ConnectFourAlphaBeta': (
        ('bots.lib.connect4_search.drop', 0.382, True),
        ('bots.lib.connect4_search.wins_at', 0.156, True),
        ('bots.lib.connect4_search.threat_value', 0.083, False),
        ('bots.lib.connect4_search.evaluate', 0.332, False),
        ('bots.lib.connect4_search._enter', 1.25, False),
        ('bots.lib.connect4_search.undo', 0.811, False),
        ('bots.lib.connect4_search._store', 0.397, False),
        ('bots.lib.connect4_search.negamax', 0.699, False),
        ('bots.lib.connect4_search.search_root', 0.461, True),
    ),
    # Connect Four Master: warm_up 6.19 CPU s, kernels 5.85
    'ConnectFourMaster': (
        ('bots.lib.connect4_solver.negamax', 1.586, False),
        ('bots.lib.connect4_solver.solve_position', 0.338, False),
        ('bots.lib.connect4_solver.solve_kernel', 0.173, True),
        ('bots.lib.connect4_solver.probe_kernel', 0.128, True),
        ('bots.lib.connect4_solver.mirror', 0.073, True),
        ('bots.lib.connect4_search.drop', 0.316, True),
        ('bots.lib.connect4_search.wins_at', 0.107, True),
        ('bots.lib.connect4_search.threat_value', 0.07, False),
        ('bots.lib.connect4_search.evaluate', 0.255, False),
        ('bots.lib.connect4_search._enter', 0.973, False),
        ('bots.lib.connect4_search.undo', 0.42, False),
        ('bots.lib.connect4_search._store', 0.314, False),
        ('bots.lib.connect4_search.negamax', 0.702, False),
        ('bots.lib.connect4_search.search_root', 0.396, True),
    ),
    # Reversi Hard: warm_up 15.49 CPU s, kernels 15.46 (both Reversi rows measured again 2026-11-28,
    # load 3.2 before and 3.1 after: the moves and flips found four directions at once halved
    # _pvs's compile; main's tip in the same hour: Hard 29.49, Master 29.25 CPU s)
    'ReversiHard': (
        ('bots.lib.reversi_board.legal_moves', 0.296, False),
        ('numba.cpython.builtins.ol_min.<locals>.impl', 0.04, False),
        ('bots.lib.reversi_patterns.features_into', 0.286, False),
        ('bots.lib.reversi_board.final_score', 0.089, False),
        ('bots.lib.reversi_patterns.phase_of', 0.053, False),
        ('numba.cpython.builtins.ol_max.<locals>.impl', 0.034, False),
        ('bots.lib.reversi_search._pvs', 13.496, False),
        ('bots.lib.reversi_search.search_root', 1.161, True),
    ),
    # Reversi Master: warm_up 14.93 CPU s, kernels 14.81
    'ReversiMaster': (
        ('bots.lib.reversi_board.legal_moves', 0.257, False),
        ('numba.cpython.builtins.ol_min.<locals>.impl', 0.039, False),
        ('bots.lib.reversi_patterns.features_into', 0.276, False),
        ('bots.lib.reversi_board.final_score', 0.075, False),
        ('bots.lib.reversi_patterns.phase_of', 0.06, False),
        ('numba.cpython.builtins.ol_max.<locals>.impl', 0.037, False),
        ('bots.lib.reversi_search._pvs', 13.232, False),
        ('bots.lib.reversi_search.search_root', 0.839, True),
    ),
    # Gomoku Hard: warm_up 13.17 CPU s, kernels 12.92
    'GomokuHard': (
        ('numba.np.arrayobj._ol_array_allocate.<locals>.impl', 0.039, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.14, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.038, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.053, False),
        ('bots.lib.gomoku_board._centre_run', 0.145, False),
        ('bots.lib.gomoku_board.fill_pattern_table', 0.347, True),
        ('bots.lib.gomoku_board.point_grade', 0.144, False),
        ('bots.lib.gomoku_board.point_shape', 0.156, False),
        ('bots.lib.gomoku_board.fresh_keys', 0.653, True),
        ('bots.lib.gomoku_board._update_line', 0.663, False),
        ('bots.lib.gomoku_board.place', 0.317, True),
        ('bots.lib.gomoku_board.lift', 0.372, True),
        ('bots.lib.gomoku_board.may_be_forbidden_by_pattern', 0.083, False),
        ('bots.lib.gomoku_board._may_be_forbidden', 0.144, False),
        ('bots.lib.gomoku_board._run', 0.106, False),
        ('bots.lib.gomoku_board._run_through', 0.085, False),
        ('bots.lib.gomoku_board._fours_on_line', 0.188, False),
        ('bots.lib.gomoku_board._open_point', 0.546, False),
        ('bots.lib.gomoku_board.forbidden_code', 0.701, False),
        ('bots.lib.gomoku_board.forbidden', 0.243, False),
        ('bots.lib.gomoku_threats.black_may_play', 0.25, False),
        ('bots.lib.gomoku_threats.has_real_open_three', 0.31, False),
        ('bots.lib.gomoku_engine._facing_open_three', 0.279, False),
        ('bots.lib.gomoku_engine.facing_three', 0.295, False),
        ('bots.lib.gomoku_engine.move_score', 0.091, False),
        ('bots.lib.gomoku_engine.generate', 0.696, False),
        ('bots.lib.gomoku_engine.root_candidates', 0.31, True),
        ('bots.lib.gomoku_threats.find_fives', 0.314, False),
        ('numba.cpython.builtins.ol_min.<locals>.impl', 0.028, False),
        ('bots.lib.gomoku_engine.generate', 0.718, False),
        ('numba.cpython.builtins.ol_max.<locals>.impl', 0.023, False),
        ('bots.lib.gomoku_engine._enter', 1.56, False),
        ('bots.lib.ttable.clock', 0.037, False),
        ('bots.lib.ttable.clock', 0.249, False),
        ('bots.lib.gomoku_engine._keep', 0.211, False),
        ('bots.lib.gomoku_engine.negamax', 1.548, False),
        ('bots.lib.gomoku_engine.search_root', 0.834, True),
    ),
    # Gomoku Master: warm_up 13.50 CPU s, kernels 13.22
    'GomokuMaster': (
        ('numba.np.arrayobj._ol_array_allocate.<locals>.impl', 0.031, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.127, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.037, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.054, False),
        ('bots.lib.gomoku_board._centre_run', 0.118, False),
        ('bots.lib.gomoku_board.fill_pattern_table', 0.333, True),
        ('bots.lib.gomoku_board.point_grade', 0.119, False),
        ('bots.lib.gomoku_board.point_shape', 0.128, False),
        ('bots.lib.gomoku_board.fresh_keys', 0.488, True),
        ('bots.lib.gomoku_board._update_line', 0.554, False),
        ('bots.lib.gomoku_board.place', 0.306, True),
        ('bots.lib.gomoku_board.lift', 0.328, True),
        ('bots.lib.gomoku_board.may_be_forbidden_by_pattern', 0.083, False),
        ('bots.lib.gomoku_board._may_be_forbidden', 0.162, False),
        ('bots.lib.gomoku_board._run', 0.123, False),
        ('bots.lib.gomoku_board._run_through', 0.091, False),
        ('bots.lib.gomoku_board._fours_on_line', 0.219, False),
        ('bots.lib.gomoku_board._open_point', 0.638, False),
        ('bots.lib.gomoku_board.forbidden_code', 0.74, False),
        ('bots.lib.gomoku_board.forbidden', 0.267, False),
        ('bots.lib.gomoku_threats.black_may_play', 0.273, False),
        ('bots.lib.gomoku_threats.has_real_open_three', 0.342, False),
        ('bots.lib.gomoku_engine._facing_open_three', 0.241, False),
        ('bots.lib.gomoku_engine.facing_three', 0.292, False),
        ('bots.lib.gomoku_engine.move_score', 0.095, False),
        ('bots.lib.gomoku_engine.generate', 0.782, False),
        ('bots.lib.gomoku_engine.root_candidates', 0.313, True),
        ('bots.lib.gomoku_threats.find_fives', 0.28, False),
        ('numba.cpython.builtins.ol_min.<locals>.impl', 0.03, False),
        ('bots.lib.gomoku_engine.generate', 0.721, False),
        ('numba.cpython.builtins.ol_max.<locals>.impl', 0.026, False),
        ('bots.lib.gomoku_engine._enter', 1.672, False),
        ('bots.lib.ttable.clock', 0.039, False),
        ('bots.lib.ttable.clock', 0.262, False),
        ('bots.lib.gomoku_engine._keep', 0.216, False),
        ('bots.lib.gomoku_engine.negamax', 1.763, False),
        ('bots.lib.gomoku_engine.search_root', 0.923, True),
    ),
    # Chinese Checkers Hard: warm_up 8.64 CPU s, kernels 8.39
    'ChineseCheckersBRS': (
        ('bots.lib.chinesecheckers_engine.goal_filled', 0.099, True),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.make_res', 0.043, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.GET', 0.039, False),
        ('numba.np.arrayobj.default_lt', 0.039, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.partition', 0.274, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.insertion_sort', 0.13, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.run_quicksort1', 0.359, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.run_quicksort', 0.146, False),
        ('bots.lib.chinesecheckers_engine.root_moves', 0.794, True),
        ('bots.lib.chinesecheckers_engine.position_key', 0.147, False),
        ('numba.np.arrayobj._ol_array_allocate.<locals>.impl', 0.055, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.073, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.027, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.087, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.041, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.027, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.105, False),
        ('bots.lib.ttable.clock', 0.04, False),
        ('bots.lib.ttable.clock', 0.121, False),
        ('bots.lib.chinesecheckers_engine._brs', 4.513, False),
        ('bots.lib.chinesecheckers_engine.search_root', 1.228, True),
    ),
    # Chinese Checkers Master: warm_up 14.48 CPU s, kernels 14.21
    'ChineseCheckersMaster': (
        ('bots.lib.chinesecheckers_engine.goal_filled', 0.087, True),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.make_res', 0.028, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.GET', 0.04, False),
        ('numba.np.arrayobj.default_lt', 0.038, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.partition', 0.302, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.insertion_sort', 0.136, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.run_quicksort1', 0.348, False),
        ('numba.misc.quicksort.make_quicksort_impl.<locals>.run_quicksort', 0.148, False),
        ('bots.lib.chinesecheckers_engine.root_moves', 0.89, True),
        ('bots.lib.chinesecheckers_engine.position_key', 0.133, False),
        ('numba.np.arrayobj._ol_array_allocate.<locals>.impl', 0.042, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.059, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.024, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.096, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.042, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.026, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.093, False),
        ('bots.lib.ttable.clock', 0.04, False),
        ('bots.lib.ttable.clock', 0.111, False),
        ('bots.lib.chinesecheckers_engine._brs', 4.358, False),
        ('bots.lib.chinesecheckers_engine.search_root', 1.307, True),
        ('numba.cpython.randomimpl._seed_impl.<locals>.<lambda>', 0.024, False),
        ('numba.cpython.builtins.ol_int.<locals>.impl', 0.028, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.05, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.041, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.034, False),
        ('numba.np.arrayobj.ol_np_empty.<locals>.impl', 0.052, False),
        ('numba.np.arrayobj.ol_array_zero_fill.<locals>.impl', 0.045, False),
        ('numba.np.arrayobj.ol_np_zeros.<locals>.impl', 0.053, False),
        ('bots.lib.chinesecheckers_engine._play_line', 0.373, False),
        ('bots.lib.chinesecheckers_engine._next_live', 0.253, False),
        ('numba.np.random.legacy.random_impl0.<locals>.<lambda>', 0.053, False),
        ('numba.np.random.legacy.np_randint_impl_2.<locals>.<lambda>', 0.051, False),
        ('numba.np.random.legacy.np_randint_impl_1.<locals>.<lambda>', 0.093, False),
        ('bots.lib.chinesecheckers_engine._playout_move', 0.766, False),
        ('bots.lib.chinesecheckers_engine._play_line', 0.597, False),
        ('bots.lib.chinesecheckers_engine.mcts', 3.347, True),
    ),
}

#: The share of the compile below which the time left is not estimated (too little done to say).
ESTIMATE_FROM = 0.1
#: Profile CPU seconds of kernels done from which this machine's pace is measured (before: the
#: profile's own pace; the first kernels' times are mostly numba's own start), and it is taken
#: within half to twice the profile's.
PACE_FROM = 2.0
#: Seconds between two readings of a compiling process's CPU time (reading it scans ``/proc``).
CPU_EVERY = 0.5
#: The most of a compile shown done until it ends (the rest is its end, not measured apart).
MOST_SHOWN = 0.99


@dataclass(frozen=True)
class CompileProgress:
    """An engine's compile as far as it has got: ``share`` of its measured CPU time done
    (0 to 1; None when the engine has no profile), over ``seconds`` (wall) so far."""

    share: float | None
    seconds: float

    @property
    def seconds_left(self) -> float | None:
        """An estimate of the seconds still to wait: the seconds so far times the share left over
        the share done (None while too little is done to say, or with no profile)."""
        if self.share is None or self.share < ESTIMATE_FROM:
            return None
        return self.seconds * (1.0 - self.share) / self.share


def compile_share(key: str, kernels: Iterable[str], cpu_since: float = 0.0, speed: float | None = None) -> float | None:
    """The share of bot ``key``'s compile done, by its profile (None: ``key`` has none).

    ``kernels`` are the kernels whose compile ended (any order; a kernel the profile does not
    list counts for nothing): the CPU seconds the profile gives them, over the profile's total.
    ``cpu_since`` is the CPU seconds the compiling process has spent since the last of them
    ended: the kernel being compiled now, counted at the profile's pace times ``speed`` (this
    machine's CPU seconds per profile second, from the kernels done; None: 1), never past the
    longest kernel left. Never more than ``MOST_SHOWN`` (the compile's end says it is done)."""
    profile = COMPILE_PROFILES.get(key)
    if not profile:
        return None
    total = sum(seconds for _name, seconds, _top in profile)
    left: dict[str, list[float]] = {}
    for name, seconds, _top in profile:
        left.setdefault(name, []).append(seconds)
    done = 0.0
    for name in kernels:
        shares = left.get(name)
        if shares:
            done += shares.pop(0)
    longest = max((seconds for shares in left.values() for seconds in shares), default=0.0)
    now = min(longest, max(0.0, cpu_since) / (speed or 1.0))
    return min(MOST_SHOWN, (done + now) / total) if total > 0 else None


def process_cpu_seconds(pid: int | None) -> float | None:
    """The CPU seconds process ``pid`` and the live processes below it have used (their threads',
    user and system: a worker runs below the process its runner started), where the system tells
    (Linux's ``/proc``); None elsewhere or if ``pid`` has ended."""
    if pid is None:
        return None
    total = 0.0
    for each in (pid, *descendants(pid)):
        try:
            with open(f"/proc/{each}/stat", "rb") as stat:
                fields = stat.read().rpartition(b")")[2].split()
            total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        except (OSError, ValueError, IndexError):
            if each == pid:
                return None
    return total


class CompileTracker:
    """What is known of one compile under way in another process (a worker, the warm-up):
    when it began, the kernels done, and that process's CPU seconds then and at the last
    kernel, to say how far it has got (``progress``)."""

    def __init__(self, key: str, pid: int | None) -> None:
        self.key, self.pid = key, pid
        self.began = time.monotonic()
        self.kernels: list[str] = []
        self._cpu_began = process_cpu_seconds(pid)
        self._cpu_last = self._cpu_now = self._cpu_began
        self._cpu_read_at = self.began
        self._shown = 0.0
        #: The profile's CPU seconds in all (0.0: the engine has none), for this machine's pace.
        self._profile_total = sum(seconds for _name, seconds, _top in COMPILE_PROFILES.get(key, ()))

    def ended(self, kernel: str) -> None:
        """The compile of ``kernel`` ended."""
        self.kernels.append(kernel)
        self._cpu_last = process_cpu_seconds(self.pid)

    def progress(self) -> CompileProgress:
        """How far the compile has got now (the processes' CPU time read at most every ``CPU_EVERY`` s)."""
        now = time.monotonic()
        if now - self._cpu_read_at >= CPU_EVERY:
            self._cpu_now, self._cpu_read_at = process_cpu_seconds(self.pid), now
        cpu_now = self._cpu_now
        since = speed = None
        if cpu_now is not None and self._cpu_last is not None and self._cpu_began is not None:
            since = cpu_now - self._cpu_last
            done = compile_share(self.key, self.kernels)
            spent = self._cpu_last - self._cpu_began
            if done and done * self._profile_total >= PACE_FROM:    # this machine's pace, once enough is done to tell
                speed = min(2.0, max(0.5, spent / (done * self._profile_total)))
        share = compile_share(self.key, self.kernels, since or 0.0, speed)
        if share is not None:           # never back: a kernel ending may change the pace
            share = self._shown = max(self._shown, share)
        return CompileProgress(share, time.monotonic() - self.began)


def kernel_name(dispatcher: Any) -> str:
    """How profiles name a numba dispatcher's kernel: its module and qualified name."""
    func = getattr(dispatcher, "py_func", None)
    return f"{getattr(func, '__module__', '?')}.{getattr(func, '__qualname__', '?')}"


class CompileWatcher:
    """Watches numba compile (from the moment ``watch`` finds numba imported) and tells
    ``began`` once when the first compile starts, ``ended(kernel)`` as each kernel's compile
    ends (nested ones, compiled for their callers, included), while ``active``. numba fires
    its ``numba:compile`` event only for a kernel not loaded from the cache, so a warm cache
    tells nothing. Only compiles on the thread that called ``watch`` count."""

    def __init__(self, began: Callable[[], None], ended: Callable[[str], None]) -> None:
        self.began, self.ended = began, ended
        self.active = True
        self.started = False
        self.watching = False
        self._thread: int | None = None

    def watch(self) -> bool:
        """Start watching if numba is imported (True if it watches)."""
        if self.watching or "numba" not in sys.modules:
            return self.watching
        from numba.core import event

        watcher = self
        self._thread = threading.get_ident()

        class Listener(event.Listener):
            def on_start(self, ev: Any) -> None:
                if watcher.active and threading.get_ident() == watcher._thread and not watcher.started:
                    watcher.started = True
                    watcher.began()

            def on_end(self, ev: Any) -> None:
                if watcher.active and threading.get_ident() == watcher._thread:
                    watcher.ended(kernel_name(ev.data.get("dispatcher")))

        event.register("numba:compile", Listener())
        self.watching = True
        return True


#: Names the folder of the compile locks instead of the temporary folder's (see ``lock_path``).
LOCKS_ENV = "BOARD_ARCADE_LOCKS"


def lock_path(key: str) -> Path:
    """The lock file of bot ``key``'s compile: in a folder of this user's in the system's temporary
    folder, or in ``$BOARD_ARCADE_LOCKS`` when that is set (a test run's own, set before any
    process starts, so its warm-up process and bots' workers, whichever started them, share it)."""
    name = "".join(c if c.isalnum() or c in "-_." else "_" for c in key) or "bot"
    folder = os.environ.get(LOCKS_ENV)
    if folder:
        return Path(folder) / f"{name}.compile.lock"
    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"board-arcade-{uid}" / f"{name}.compile.lock"


#: Whether ``compile_lock`` can lock here (POSIX ``flock``): elsewhere it does not wait, and
#: the arcade keeps a game's bot from starting while the warm-up compiles it instead.
CAN_LOCK = sys.platform != "win32"


@contextlib.contextmanager
def compile_lock(key: str) -> Iterator[None]:
    """Hold bot ``key``'s compile lock (waiting while another process holds it). The lock goes
    with the process that holds it, so a compile stopped or crashed holds nothing up. Where no
    lock can be made (no such platform, a folder that cannot be written) it does not wait."""
    if not CAN_LOCK:
        yield
        return
    import fcntl

    fd = None
    try:
        path = lock_path(key)
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)
    except OSError:
        if fd is not None:
            os.close(fd)
        fd = None
    try:
        yield
    finally:
        if fd is not None:
            os.close(fd)      # closing releases the lock
