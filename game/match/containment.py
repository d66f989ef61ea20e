"""A bot's worker kept in bounds: its memory, the processes it starts, its output.

A bot is someone else's code, and its worker process (``worker.py``) runs it
as it is. ``contain`` is the first thing the worker does, before the bot's
module is imported; from then on the worker is two processes:

- the *keeper*, which runs no bot code: it leads a session of its own and is
  a child subreaper (Linux), so every process the bot starts stays among its
  descendants, even one that starts a session of its own or double-forks and
  whose parent has gone. When the bot's process ends, the keeper is told to
  stop (``SIGTERM``: how ``supervisor`` stops a worker), or the process that
  started it ends (the arcade, or its fork server once the arcade has gone,
  even by ``kill -9``), it kills every
  descendant, reaps them, and ends as the bot's process ended (its exit code,
  or the signal that ended it), so the supervisor sees the bot's own end. It
  also writes what the bot prints to the bot's log (``paths.bot_log_path``),
  each line with its control characters escaped (``shown.escaped``);
- the *bot's process*, which returns from ``contain`` and goes on as the
  worker: its file descriptors 1 and 2 (``os.write(1, ...)`` as well as
  ``print``) go to the keeper, never to the arcade's terminal, its memory is
  limited (``RLIMIT_DATA``: its heap and every private writable mapping; a
  bot that goes over it gets a ``MemoryError``), and it is killed if the keeper
  ends first.

``RLIMIT_DATA`` rather than ``RLIMIT_AS``: numba's compiler and numpy reserve
address space they never fill, which ``RLIMIT_AS`` would count; the data
limit counts what a process can actually write to. Measured with the bot's
process of each built-in tier under the 2 GB default (eight moves from the
start and one hint, forked from the fork server: ``benchmarks/worker_memory.py``):
its data peaked at 129 to 230 MB (Connect Four Master), its address space at
340 to 633 MB.

Elsewhere than Linux the worker stays one process: its memory is limited where
``resource`` exists, and its output goes to the log as it was written (no
keeper escapes it); the processes the bot starts are stopped only as far as
``stop_process`` reaches them.
"""
from __future__ import annotations

import ctypes
import os
import select
import signal
import sys
from pathlib import Path
from typing import NoReturn

from bots.lib.child_process import kill_descendants
from game.match.supervisor import MAX_LOGGED_LINE, leave_python_child_environment
from game.shown import escaped

#: ``prctl`` options (linux/prctl.h).
_PR_SET_PDEATHSIG, _PR_SET_CHILD_SUBREAPER = 1, 36
#: The exit code of a worker whose bot's process a signal ended when it had filled
#: ``FILLED`` of its memory limit or more (resident): the kernel's out-of-memory
#: killer, or a library that aborts when an allocation fails, rather than a ``MemoryError``.
OVER_MEMORY = 86
FILLED = 0.8
_MB = 1024 * 1024


def memory_text(limit: int) -> str:
    """A memory limit in bytes as a player reads it: ``'2 GB'``, ``'512 MB'``."""
    if limit % (1024 * _MB) == 0:
        return f"{limit // (1024 * _MB)} GB"
    return f"{limit / _MB:g} MB"


def contain(memory_limit: int | None, log_path: Path) -> None:
    """Keep the calling process (a bot's worker, before it imports the bot) in bounds
    (see the module docstring): on Linux it forks, the parent becomes the keeper and
    never returns, the child returns as the bot's process. ``memory_limit`` is in bytes
    (None: none)."""
    if sys.platform.startswith("linux"):
        _lead_session()
        _prctl(_PR_SET_CHILD_SUBREAPER, 1)
        read_end, write_end = os.pipe()
        sys.stdout.flush()
        sys.stderr.flush()
        keeper = os.getpid()
        bot = os.fork()
        if bot != 0:
            os.close(write_end)
            _keep(bot, read_end, log_path, memory_limit)
        os.close(read_end)
        _prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != keeper:  # the keeper ended before the line above: nobody would stop us
            os._exit(1)
        _output_to(write_end)
    else:
        log_path.parent.mkdir(parents=True, exist_ok=True)
        _output_to(os.open(log_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644))
    leave_python_child_environment()
    if memory_limit is not None:
        limit_memory(memory_limit)


def limit_memory(limit: int) -> None:
    """Limit the calling process's data (and that of the processes it starts) to
    ``limit`` bytes, for good: the hard limit too, so the bot cannot raise it.
    Where ``resource`` is missing (Windows), nothing."""
    try:
        import resource
    except ImportError:
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, limit))


def _lead_session() -> None:
    """Start a session (and process group) of our own, so signals to the group reach
    every process of the bot that stays in it (not possible if we lead a group already)."""
    try:
        os.setsid()
    except OSError:
        pass


def _prctl(option: int, value: int) -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(option, ctypes.c_ulong(value), 0, 0, 0)


def _output_to(fd: int) -> None:
    """File descriptors 1 and 2 (and ``sys.stdout``/``sys.stderr``, which write to them) to ``fd``."""
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    os.close(fd)


def _keep(bot: int, output: int, log_path: Path, memory_limit: int | None) -> NoReturn:
    """The keeper: write the bot's output to its log until the bot's process ends or
    we are told to stop, then kill what is left of the bot and end as it did, or with
    ``OVER_MEMORY`` if a signal ended it when it had filled most of ``memory_limit``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the arcade's to handle
    wake_read, wake_write = os.pipe()
    os.set_blocking(wake_write, False)
    parent = _watch(os.getppid())
    _close_all_but(output, wake_read, wake_write, parent)
    stopping = []
    signal.signal(signal.SIGCHLD, lambda *_: None)
    signal.signal(signal.SIGTERM, lambda *_: stopping.append(True))
    signal.set_wakeup_fd(wake_write)
    log = _Log(log_path)
    ended: tuple[int, int] | None = None
    try:
        while ended is None and not stopping:
            ready, _, _ = select.select([fd for fd in (output, wake_read, parent) if fd >= 0], [], [])
            if output in ready and not log.take(output):
                os.close(output)
                output = -1
            if wake_read in ready:
                os.read(wake_read, 512)
            if parent in ready:  # the arcade (or its fork server) has gone: nobody will stop us
                stopping.append(True)
            ended = _ended(bot)
    except BaseException:  # noqa: BLE001 - whatever went wrong, the bot is stopped below
        stopping.append(True)
    kill_descendants(os.getpid())
    if ended is None:
        ended = _ended(bot, block=True)
    _reap_all()
    if output >= 0:
        os.set_blocking(output, False)  # a writer that was not killed must not keep us waiting
    while output >= 0 and log.take(output):
        pass
    log.close()
    status, peak = ended or (0, 0)
    code = os.waitstatus_to_exitcode(status)
    if stopping and code >= 0:
        code = -signal.SIGTERM
    elif code < 0 and not stopping and memory_limit is not None and peak >= FILLED * memory_limit:
        code = OVER_MEMORY
    _end_as(code)


def _watch(pid: int) -> int:
    """A file descriptor that becomes readable when process ``pid`` ends (a pidfd: the
    whole process, not the thread that started us, as ``PR_SET_PDEATHSIG`` would watch),
    or -1 where there is none (a kernel before Linux 5.3)."""
    try:
        return os.pidfd_open(pid)
    except (AttributeError, OSError):
        return -1


def _ended(pid: int, block: bool = False) -> tuple[int, int] | None:
    """(the wait status of ``pid``, the most memory it had resident, in bytes) if it
    has ended (reaped), else None."""
    try:
        done, status, usage = os.wait4(pid, 0 if block else os.WNOHANG)
    except ChildProcessError:
        return 0, 0
    return (status, usage.ru_maxrss * 1024) if done == pid else None


def _reap_all() -> None:
    """Reap every child left (the keeper's only children are the bot's processes, all killed)."""
    while True:
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            return
        except InterruptedError:
            continue


def _close_all_but(*keep: int) -> None:
    """Close every file descriptor above 2 except ``keep``: the keeper must not hold the
    bot's connection to the arcade open (its end would not be seen) or anything else of it."""
    low = 3
    for fd in sorted(fd for fd in keep if fd >= 0):
        os.closerange(low, fd)
        low = fd + 1
    os.closerange(low, os.sysconf("SC_OPEN_MAX") if hasattr(os, "sysconf") else 1024)


def _end_as(code: int) -> NoReturn:
    """End this process with exit code ``code``, or (negative) by the signal ``-code``."""
    if code < 0:
        try:
            signal.signal(-code, signal.SIG_DFL)
        except (OSError, ValueError):  # SIGKILL and SIGSTOP have no handler to reset
            pass
        signal.set_wakeup_fd(-1)
        os.kill(os.getpid(), -code)
    os._exit(code if code >= 0 else 128 - code)


class _Log:
    """The bot's output, a line at a time, escaped and appended to its log (opened at the
    first line, so a bot that prints nothing leaves no file)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.pending = b""
        self.file: int | None = None

    def take(self, fd: int) -> bool:
        """Read what ``fd`` has and log its whole lines; False at its end."""
        try:
            data = os.read(fd, 65536)
        except OSError:
            data = b""
        if not data:
            return False
        *lines, self.pending = (self.pending + data).split(b"\n")
        for line in lines:
            self._write(line)
        if len(self.pending) > MAX_LOGGED_LINE * 4:
            self._write(self.pending)
            self.pending = b""
        return True

    def close(self) -> None:
        if self.pending:
            self._write(self.pending)
        if self.file is not None:
            os.close(self.file)

    def _write(self, line: bytes) -> None:
        text = escaped(line.decode("utf-8", "replace"), MAX_LOGGED_LINE) + "\n"
        try:
            if self.file is None:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self.file = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            os.write(self.file, text.encode("utf-8", "backslashreplace"))
        except OSError:
            pass  # no log folder to write to: the output is dropped, never shown raw
