"""A bot's worker kept in bounds: its memory, the processes it starts, its output.

A bot is someone else's code, and its worker process (``worker.py``) runs it
as it is. ``contain`` is the first thing the worker does, before the bot's
module is imported; from then on the worker is two processes:

- the *keeper* (``keeper.py``, a fresh interpreter the parent execs), which
  runs no bot code: it leads a session of its own and is a child subreaper
  (Linux), so every process the bot starts stays among its descendants, even
  one that starts a session of its own or double-forks and whose parent has
  gone. When the bot's process ends, the keeper is told to stop (``SIGTERM``:
  how ``supervisor`` stops a worker), or the process that started it ends
  (the arcade, or its fork server once the arcade has gone, even by
  ``kill -9``), it kills every descendant, reaps them, and ends as the bot's
  process ended (its exit code, or the signal that ended it), so the
  supervisor sees the bot's own end. It also writes what the bot prints to
  the bot's log (``paths.bot_log_path``), each line with its control
  characters escaped (``shown.escaped``);
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
its data peaked at 129 to 230-245 MB (Connect Four Master; two runs), its address space at
340 to 633-648 MB.

Elsewhere than Linux the worker stays one process: its memory is limited where
``resource`` exists, and its output goes to the log as it was written (no
keeper escapes it); the processes the bot starts are stopped only as far as
``stop_process`` reaches them.
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
from pathlib import Path
from typing import NoReturn

from game.match.keeper import WATCHED, keep
from game.match.supervisor import PROGRAM_FOLDER, leave_python_child_environment

#: ``prctl`` options (linux/prctl.h).
_PR_SET_PDEATHSIG, _PR_SET_CHILD_SUBREAPER = 1, 36
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
            _become_keeper(bot, read_end, log_path, memory_limit)
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


def _become_keeper(bot: int, output: int, log_path: Path, memory_limit: int | None) -> NoReturn:
    """Turn this process into the keeper of ``bot``: a fresh interpreter running
    ``keeper.main`` (none of the worker's memory kept), or, if it cannot be started,
    ``keeper.keep`` here. Never returns."""
    signal.pthread_sigmask(signal.SIG_BLOCK, WATCHED)  # not lost while the keeper starts
    os.set_inheritable(output, True)
    args = [str(bot), str(output), str(log_path), str(memory_limit or 0)]
    code = f"import sys; sys.path.insert(0, {PROGRAM_FOLDER!r}); from game.match.keeper import main; main(sys.argv[1:])"
    try:
        os.execv(sys.executable, [sys.executable, "-I", "-S", "-c", code, *args])
    except OSError:
        keep(bot, output, str(log_path), memory_limit)
    os._exit(1)  # keep() ends the process itself


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
