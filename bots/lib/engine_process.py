"""An external engine program on the other end of a pair of pipes, one text line at a time.

Engines that speak a text protocol (Gomocup, NBoard) are programs in any
language. ``EngineProcess`` starts one, writes lines to its standard input and
reads its standard output line by line, each read with a deadline, so a client
of the protocol never blocks on an engine that hangs. Whatever the engine does
— exits, closes its pipes, prints bytes that are not text, prints a line a
megabyte long, floods its standard error — becomes an ``EngineError`` naming
the engine and what it did; nothing the engine prints is executed.

The engine gets its own process group, and on Linux it is told to die with the
process that started it (``PR_SET_PDEATHSIG``): when the bot worker that runs
it is stopped for overrunning its budget, the engine goes with it (Linux ties
this to the thread that started it: start engines from a thread that lives as
long as they should, such as the worker's main thread). ``stop``
closes its input (most engines end on end of input), waits a moment, then kills
the group.

Every line sent (``> ``), received (``< ``), every line of its standard error
(``! ``) and every note of the client (``# ``) is appended to the log file, so a
user can read what went wrong.
"""
from __future__ import annotations

import ctypes
import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import IO, Sequence

from game.rules.bot import BotFault

#: The longest line read from an engine; a longer one is cut and read as garbage.
MAX_LINE = 1 << 16
#: Lines of the engine's standard error kept to explain its death.
STDERR_KEPT = 8
#: A log file past this size is moved aside (to ``<name>.log.1``) when an engine starts.
LOG_LIMIT = 4 << 20
_EOF = object()


class EngineError(BotFault):
    """An external engine misbehaved; the message names the engine and what it did."""


class EngineStartError(EngineError):
    """The engine's command could not be started."""


class EngineDied(EngineError):
    """The engine exited or closed its pipes."""


class EngineTimeout(EngineError):
    """The engine gave no answer within the time allowed."""


class EngineGarbled(EngineError):
    """The engine's answer cannot be read."""


class EngineIllegal(EngineError):
    """The engine answered a move that is not legal in the position."""


def command_words(command: str | Sequence[str]) -> list[str]:
    """The program and its arguments: a string is split as a POSIX shell would (no shell runs it)."""
    if isinstance(command, str):
        words = shlex.split(command, posix=os.name != "nt")
    else:
        words = [str(word) for word in command]
    if not words or not words[0].strip():
        raise EngineStartError("the engine's command is empty")
    return words


def _die_with_parent() -> None:
    """In the child before exec (Linux): be killed when the parent dies."""
    try:
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except OSError:
        pass


class EngineProcess:
    """One running engine program and its log."""

    def __init__(self, command: str | Sequence[str], *, name: str, log_path: Path | None = None,
                 cwd: Path | None = None) -> None:
        self.command = command
        self.name = name
        self.log_path = log_path
        self.cwd = cwd
        self._process: subprocess.Popen[bytes] | None = None
        self._lines: queue.Queue[object] = queue.Queue()
        self._stderr: deque[str] = deque(maxlen=STDERR_KEPT)
        self._log: IO[str] | None = None
        self._log_lock = threading.Lock()
        self._threads: list[threading.Thread] = []

    def __enter__(self) -> "EngineProcess":
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def pid(self) -> int | None:
        """The engine's process id while it runs."""
        return None if self._process is None else self._process.pid

    @property
    def alive(self) -> bool:
        """Whether the engine is running."""
        return self._process is not None and self._process.poll() is None

    def start(self) -> None:
        """Start the engine; ``EngineStartError`` names the command and why it could not start."""
        if self.alive:
            return
        self.stop()
        words = command_words(self.command)
        self._open_log()
        self.note(f"start {shlex.join(words)}" + (f" in {self.cwd}" if self.cwd else ""))
        options: dict[str, object] = {}
        if os.name == "nt":
            options["creationflags"] = subprocess.CREATE_NEW_PROCESS_GROUP  # type: ignore[attr-defined]
        else:
            options["start_new_session"] = True
            if sys.platform.startswith("linux"):
                options["preexec_fn"] = _die_with_parent
        try:
            self._process = subprocess.Popen(words, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                             stderr=subprocess.PIPE, cwd=self.cwd, bufsize=0, **options)
        except (OSError, ValueError, subprocess.SubprocessError) as err:
            self.note(f"could not start: {err}")
            raise EngineStartError(f"engine {self.name}: cannot start {shlex.join(words)!r}: {err}") from None
        self._lines = queue.Queue()
        self._stderr.clear()
        assert self._process.stdout is not None and self._process.stderr is not None
        self._threads = [threading.Thread(target=self._read_stdout, args=(self._process.stdout, self._lines),
                                          daemon=True, name=f"engine {self.name} stdout"),
                         threading.Thread(target=self._read_stderr, args=(self._process.stderr,),
                                          daemon=True, name=f"engine {self.name} stderr")]
        for thread in self._threads:
            thread.start()

    def send(self, line: str) -> None:
        """Write one line to the engine; ``EngineDied`` if it is gone."""
        process = self._running()
        self._write_log("> " + line)
        try:
            assert process.stdin is not None
            process.stdin.write((line + "\n").encode("utf-8", "replace"))
            process.stdin.flush()
        except (OSError, ValueError):
            raise self._died("closed its input") from None

    def read_line(self, timeout: float) -> str:
        """The engine's next line of output (no line ending), waiting at most ``timeout`` seconds.

        ``EngineTimeout`` when none came, ``EngineDied`` when the engine ended its output.
        """
        self._running(started_only=True)
        try:
            item = self._lines.get(timeout=max(0.0, timeout))
        except queue.Empty:
            self.note(f"no answer within {timeout:.2f} s")
            raise EngineTimeout(f"engine {self.name}: no answer within {timeout:.2f} s") from None
        if item is _EOF:
            self._lines.put(_EOF)
            raise self._died("ended its output")
        return str(item)

    def drain(self) -> list[str]:
        """The lines already received and not yet read, without waiting."""
        lines = []
        while True:
            try:
                item = self._lines.get_nowait()
            except queue.Empty:
                return lines
            if item is _EOF:
                self._lines.put(_EOF)
                return lines
            lines.append(str(item))

    def stop(self, grace: float = 0.5) -> None:
        """End the engine: close its input, give it ``grace`` seconds to exit, then kill its process group."""
        process, self._process = self._process, None
        if process is not None:
            try:
                if process.stdin is not None:
                    process.stdin.close()
            except OSError:
                pass
            try:
                process.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                self._kill(process)
            self.note(f"stopped (exit status {process.returncode})")
            for stream in (process.stdout, process.stderr):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
        for thread in self._threads:
            thread.join(timeout=1.0)
        self._threads = []
        with self._log_lock:
            if self._log is not None:
                self._log.close()
                self._log = None

    def note(self, text: str) -> None:
        """Write a note of the client's into the log."""
        self._write_log("# " + text)

    def _running(self, started_only: bool = False) -> subprocess.Popen[bytes]:
        if self._process is None:
            raise EngineDied(f"engine {self.name}: not running")
        if not started_only and self._process.poll() is not None:
            raise self._died("exited")
        return self._process

    def _died(self, what: str) -> EngineDied:
        status = None
        if self._process is not None:
            try:
                status = self._process.wait(timeout=0.2)
            except subprocess.TimeoutExpired:
                pass
        text = f"engine {self.name} {what}"
        if status is not None:
            text += f" (exit status {status})"
        time.sleep(0.05)  # the last lines of its standard error, if it printed any before dying
        if self._stderr:
            text += "; its last error output: " + " | ".join(self._stderr)
        self.note(text)
        return EngineDied(text)

    @staticmethod
    def _kill(process: subprocess.Popen[bytes]) -> None:
        try:
            if os.name == "nt":
                process.kill()
            else:
                os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError, OSError):
            pass
        try:
            process.wait(timeout=2.0)
        except subprocess.TimeoutExpired:
            pass

    def _read_stdout(self, stream: IO[bytes], lines: "queue.Queue[object]") -> None:
        try:
            while True:
                raw = stream.readline(MAX_LINE)
                if not raw:
                    break
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                self._write_log("< " + line)
                lines.put(line)
        except (OSError, ValueError):
            pass
        lines.put(_EOF)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        try:
            while True:
                raw = stream.readline(MAX_LINE)
                if not raw:
                    return
                line = raw.decode("utf-8", "replace").rstrip("\r\n")
                self._stderr.append(line[:200])
                self._write_log("! " + line)
        except (OSError, ValueError):
            return

    def _open_log(self) -> None:
        if self.log_path is None or self._log is not None:
            return
        try:
            self.log_path.parent.mkdir(parents=True, exist_ok=True)
            if self.log_path.exists() and self.log_path.stat().st_size > LOG_LIMIT:
                os.replace(self.log_path, self.log_path.with_name(self.log_path.name + ".1"))
            self._log = open(self.log_path, "a", encoding="utf-8", buffering=1)
        except OSError:
            self._log = None

    def _write_log(self, line: str) -> None:
        with self._log_lock:
            if self._log is None:
                return
            try:
                self._log.write(f"{time.strftime('%H:%M:%S')} {line}\n")
            except (OSError, ValueError):
                pass
