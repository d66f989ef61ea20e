"""The keeper of a bot's worker: the process that runs no bot code and stops everything the bot started.

``containment.contain`` forks a bot's worker in two: the child goes on as the
bot's process, the parent execs this module as a fresh interpreter (``-I -S``,
so it holds none of the worker's memory: 3 MB of its own where a forked copy
held 9, measured beside five Chinese Checkers Master workers) and ``main`` runs as the keeper. It leads the worker's session
and is a child subreaper (both kept across exec), so every process the bot
starts stays among its descendants. It writes the bot's output (a pipe on the
bot's file descriptors 1 and 2) to the bot's log, a line at a time, escaped
(``shown.escaped``); when the bot's process ends, it is told to stop
(``SIGTERM``), or the process that started it ends (the arcade, or its fork
server), it kills every descendant (``kill_descendants``, through ``/proc``),
reaps them, and ends as the bot's process ended, or with ``OVER_MEMORY``.

It imports nothing but the standard library's smallest modules and
``game.shown``: whatever it imports is memory of its own. Linux only.
"""
from __future__ import annotations

import os
import select
import signal
import time

from game.shown import escaped

#: The exit code of a worker whose bot's process a signal ended when it had filled
#: ``FILLED`` of its memory limit or more (resident): the kernel's out-of-memory
#: killer, or a library that aborts when an allocation fails, rather than a ``MemoryError``.
OVER_MEMORY = 86
FILLED = 0.7
#: The longest line of a child's output written to a log (a longer one is cut).
MAX_LOGGED_LINE = 2000
#: The signals the keeper must not miss while it starts: the worker blocks them before exec.
WATCHED = (signal.SIGTERM, signal.SIGCHLD)


def main(args: list[str]) -> None:
    """The keeper, from its command line: the bot's process id, the read end of its
    output, its log's path and its memory limit in bytes (0: none)."""
    bot, output, log_path, memory_limit = args
    keep(int(bot), int(output), log_path, int(memory_limit) or None)


def keep(bot: int, output: int, log_path: str, memory_limit: int | None) -> None:
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
    signal.pthread_sigmask(signal.SIG_UNBLOCK, WATCHED)  # what came while we started is handled now
    log = _Log(log_path)
    ended = _ended(bot)
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


def _end_as(code: int) -> None:
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

    def __init__(self, path: str) -> None:
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
                os.makedirs(os.path.dirname(self.path), exist_ok=True)
                self.file = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            os.write(self.file, text.encode("utf-8", "backslashreplace"))
        except OSError:
            pass  # no log folder to write to: the output is dropped, never shown raw


def descendants(root: int) -> list[int]:
    """The live processes below ``root`` (its children, theirs, ...; zombies left out),
    read from ``/proc``."""
    children: dict[int, list[int]] = {}
    try:
        entries = os.scandir("/proc")
    except OSError:
        return []
    with entries:
        for entry in entries:
            if not entry.name.isdigit():
                continue
            try:
                with open(f"/proc/{entry.name}/stat", "rb") as stat:
                    fields = stat.read().rpartition(b")")[2].split()
            except OSError:  # it ended meanwhile
                continue
            if len(fields) > 1 and fields[0] != b"Z":
                children.setdefault(int(fields[1]), []).append(int(entry.name))
    found: list[int] = []
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            found.append(child)
            todo.append(child)
    return found


def kill_descendants(root: int, timeout: float = 5.0) -> None:
    """Kill every process below ``root`` (``descendants``), again and again until none is
    left alive or ``timeout`` seconds have passed, so that a process forked while the
    others are killed goes too. Reaping them is their parent's (for orphans, ``root``'s:
    the keeper is their child subreaper)."""
    until = time.monotonic() + timeout
    while (found := descendants(root)) and time.monotonic() < until:
        for pid in found:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:  # it has ended meanwhile
                pass
        time.sleep(0.002)
