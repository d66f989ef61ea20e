"""Reading a child process's output with a deadline, and stopping the child: what every child shares.

The arcade starts two kinds of programs it does not trust: its own child
processes (bot workers, the warm-up, bot discovery: ``game.match.supervisor``)
and engine programs that speak a text protocol (``bots.lib.engine_process``).
Both need the same two things, and take them from here:

- ``StreamReader``: a thread reads a pipe one item at a time (a framed
  message, a line) onto a queue, so the owner waits for the next item at most
  as long as it chooses and never blocks on a child that has gone quiet; the
  stream's end, and an error that ends it, reach the owner after every item
  read before them.
- ``stop_process``: give the child a moment to end by itself, terminate it,
  give it a grace, kill it (its whole process group if it has one), and reap
  it, so that neither a process nor a zombie is left behind.
"""
from __future__ import annotations

import os
import queue
import signal
import subprocess
import threading
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from typing import Callable, Generic, IO, TypeVar

T = TypeVar("T")
#: A child process: one started by ``subprocess`` or by ``multiprocessing``.
Process = subprocess.Popen | BaseProcess


@dataclass(frozen=True)
class _End:
    """What the reader thread puts last on the queue: the stream ended, by ``error`` if it is set."""

    error: BaseException | None = None


class StreamReader(Generic[T]):
    """Reads ``stream`` in a daemon thread named ``name``, one item at a time, for an owner that
    waits for the next item with a deadline (``get``) or takes what has come (``drain``).

    ``read_one(stream)`` returns the next item (never None), or None at the
    stream's end. An ``OSError`` or ``ValueError`` it raises (the pipe reset,
    or closed under it) ends the stream quietly; an error of ``errors`` ends it
    and is raised to the owner once, in the end's place. The thread closes
    ``stream`` when it ends (closing it from another thread could wait for the
    thread's read, forever if another process holds the pipe). With ``keep``
    false, the items are read for what ``read_one`` does with them and dropped
    (an engine's error output, which goes to its log).

    One owner reads it; the thread only writes to the queue.
    """

    def __init__(self, stream: IO, read_one: Callable[[IO], T | None], *, name: str,
                 errors: tuple[type[BaseException], ...] = (), keep: bool = True) -> None:
        self._items: queue.Queue[T | _End] = queue.Queue()
        self._ended = False
        self._thread = threading.Thread(target=self._read, args=(stream, read_one, errors, keep),
                                        name=name, daemon=True)
        self._thread.start()

    def get(self, timeout: float | None) -> T | None:
        """The next item, waiting up to ``timeout`` seconds for it (None: until one comes or the
        stream ends); None if none came. Once every item is read: ``EOFError`` at the stream's
        end, on this call and every later one (the error of ``errors`` that ended it first)."""
        if self._ended:
            raise EOFError("the stream has ended")
        try:
            item = self._items.get(timeout=None if timeout is None else max(0.0, timeout))
        except queue.Empty:
            return None
        if isinstance(item, _End):
            self._ended = True
            if item.error is not None:
                raise item.error
            raise EOFError("the stream has ended")
        return item

    def drain(self) -> list[T]:
        """The items that have come and are not yet read, without waiting; the end, if it
        has come, is left for ``get`` to report."""
        items: list[T] = []
        while not self._ended:
            try:
                item = self._items.get_nowait()
            except queue.Empty:
                break
            if isinstance(item, _End):
                self._items.put(item)  # nothing follows the end: it stays last
                break
            items.append(item)
        return items

    def join(self, timeout: float | None = None) -> None:
        """Wait up to ``timeout`` seconds for the thread to reach the stream's end."""
        self._thread.join(timeout)

    def _read(self, stream: IO, read_one: Callable[[IO], T | None],
              errors: tuple[type[BaseException], ...], keep: bool) -> None:
        end = _End()
        try:
            while (item := read_one(stream)) is not None:
                if keep:
                    self._items.put(item)
        except errors as err:
            end = _End(err)
        except (OSError, ValueError):
            pass  # the pipe was reset or closed under us: the end
        finally:
            self._items.put(end)
            try:
                stream.close()
            except OSError:
                pass


def stop_process(process: Process, *, grace: float, patience: float = 0.0, group: bool = False) -> int | None:
    """Stop ``process`` and reap it; its exit code (negative: the signal that ended it).

    It is given ``patience`` seconds to end by itself (its owner has closed its
    input or told it to end), then terminated and given ``grace`` seconds (with
    no grace it is not asked: it is killed at once), then killed. With
    ``group``, the signals go to its whole process group (it was started as a
    group's leader: an engine that runs helpers of its own takes them along);
    Windows has no groups to signal, and kills the process. Safe to call on a
    process that has already ended.
    """
    if patience > 0:
        _wait(process, patience)
    if grace > 0 and _running(process):
        _signal(process, group, kill=False)
        _wait(process, grace)
    if _running(process):
        _signal(process, group, kill=True)
    _wait(process, None)
    return process.returncode if isinstance(process, subprocess.Popen) else process.exitcode


def _running(process: Process) -> bool:
    if isinstance(process, subprocess.Popen):
        return process.poll() is None
    return process.is_alive()


def _wait(process: Process, timeout: float | None) -> None:
    """Wait up to ``timeout`` seconds (None: however long it takes) for ``process`` to end."""
    if isinstance(process, subprocess.Popen):
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            pass
    else:
        process.join(timeout)


def _signal(process: Process, group: bool, *, kill: bool) -> None:
    """Terminate ``process`` (or its group), or with ``kill`` kill it."""
    if group and os.name != "nt":
        try:
            os.killpg(process.pid, signal.SIGKILL if kill else signal.SIGTERM)
        except OSError:  # the group has ended meanwhile, or is not ours to signal
            pass
    elif kill:
        process.kill()
    else:
        process.terminate()
