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
the group. Reading with a deadline and stopping are ``bots.lib.child_process``'s,
as for the arcade's own child processes.

Every line sent (``> ``), received (``< ``), every line of its standard error
(``! ``) and every note of the client (``# ``) is appended to the log file, so a
user can read what went wrong.
"""
from __future__ import annotations

import ctypes
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections import deque
from pathlib import Path
from typing import IO, Sequence

from bots.lib.child_process import StreamReader, stop_process
from game.rules.bot import BotFault

#: The longest line read from an engine; a longer one is cut and read as garbage.
MAX_LINE = 1 << 16
#: Lines of the engine's standard error kept to explain its death.
STDERR_KEPT = 8
#: A log file past this size is moved aside (to ``<name>.log.1``) when an engine starts.
LOG_LIMIT = 4 << 20


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


def _read_line(stream: IO[bytes]) -> str | None:
    """One line of ``stream`` as text (at most ``MAX_LINE`` bytes, line ending dropped); None at its end."""
    raw = stream.readline(MAX_LINE)
    return raw.decode("utf-8", "replace").rstrip("\r\n") if raw else None


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
        self._lines: StreamReader[str] | None = None
        self._errors: StreamReader[str] | None = None
        self._stderr: deque[str] = deque(maxlen=STDERR_KEPT)
        self._log: IO[str] | None = None
        self._log_lock = threading.Lock()

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
        self._stderr.clear()
        assert self._process.stdout is not None and self._process.stderr is not None
        self._lines = StreamReader(self._process.stdout, self._output_line, name=f"engine {self.name} stdout")
        self._errors = StreamReader(self._process.stderr, self._error_line, name=f"engine {self.name} stderr",
                                    keep=False)

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
        assert self._lines is not None
        try:
            line = self._lines.get(timeout)
        except EOFError:
            raise self._died("ended its output") from None
        if line is None:
            self.note(f"no answer within {timeout:.2f} s")
            raise EngineTimeout(f"engine {self.name}: no answer within {timeout:.2f} s")
        return line

    def drain(self) -> list[str]:
        """The lines already received and not yet read, without waiting."""
        return [] if self._lines is None else self._lines.drain()

    def stop(self, grace: float = 0.5) -> None:
        """End the engine: close its input, give it ``grace`` seconds to exit, then kill its process group."""
        process, self._process = self._process, None
        if process is not None:
            try:
                if process.stdin is not None:
                    process.stdin.close()
            except OSError:
                pass
            status = stop_process(process, patience=grace, grace=0.0, group=True)
            self.note(f"stopped (exit status {status})")
        for reader in (self._lines, self._errors):
            if reader is not None:
                reader.join(timeout=1.0)  # its last lines reach the log; it closes its pipe
        self._lines = self._errors = None
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

    def _output_line(self, stream: IO[bytes]) -> str | None:
        """The next line of the engine's output, logged; None at its end."""
        line = _read_line(stream)
        if line is not None:
            self._write_log("< " + line)
        return line

    def _error_line(self, stream: IO[bytes]) -> str | None:
        """The next line of the engine's error output, logged and kept to explain its death."""
        line = _read_line(stream)
        if line is not None:
            self._stderr.append(line[:200])
            self._write_log("! " + line)
        return line

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
