"""Starts a child process, talks with it, watches it and stops it: one place for every child.

The arcade runs other people's code (bots) in child processes: each bot's
worker (``game/match/runner.py``), the launch-time warm-up of the engines
(``game/match/warmup.py``) and bot discovery (``game/match/botregistry.py``).
A ``Child`` is one such process and the connection to it. It

- starts the child and gives it a two-way connection that carries bytes
  only, one frame per message: what goes either way is a typed message of
  ``game.match.messages`` (``encode``/``decode``, MessagePack), the one wire
  format of every pipe. ``send`` encodes the owner's message; ``receive``
  hands over the child's next one decoded as the union the owner named
  (``reads``), so nothing the child sends (it runs bot code) is unpickled or
  executed in the arcade's process;
- enforces a start timeout (the child's first message must come within it)
  and the owner's deadline for the child's next word (``expect``), never
  blocking past either;
- notices when the child ends, and reads its exit code;
- stops it: terminate, wait, kill, reap, so neither a process nor a zombie
  is left behind, also when its owner is dropped or the interpreter exits.

Stopping a process and reading a pipe with a deadline are
``bots.lib.child_process``'s, which the external engines' pipes use too.

Whatever goes wrong with a child, ``receive`` raises it as a
``ChildFailure`` naming the child: ``ChildEnded`` (with its exit code),
``ChildTimedOut`` (its start or the owner's deadline passed) or
``ChildGarbled`` (it sent bytes that are no message it may send). By then the
child has been stopped and reaped; the owner says what that means in its own
terms (a failed move, a skipped warm-up, a bot file named as the culprit)
and may start another. Messages a child sent before it ended are handed over
first, and a message that is waiting when a deadline passes is handed over
before the deadline is reported.

Either kind of child knows the games registered in the parent
(``catalogue.register_game``): they are handed over as it starts.

No child imports from the working directory: Python puts it first on the
path of a ``-c`` child (``multiprocessing``'s spawn, its fork server and
resource tracker, and ``Child.interpreter`` all are), so a ``queue.py`` in
the folder the arcade was started from would run instead of the library's
(the fork server even imports its preloaded modules with that path). While
a child starts, ``PYTHONSAFEPATH`` (Python's ``-P``) is set to
``SAFE_PATH`` and the program's own folder put first on ``PYTHONPATH``; the
arcade's own environment is left as it was, and a bot's worker takes both
away again for the programs the bot starts
(``leave_python_child_environment``). A player's own ``PYTHONSAFEPATH`` is
left alone.

There are two kinds of child, because their owners need different things:

- ``Child.spawn(target, args)``: a ``multiprocessing`` process (``spawn``
  context, so it starts clean on every platform) that runs ``target(conn,
  *args)`` with a ``multiprocessing`` ``Connection``, whose
  ``send_bytes``/``recv_bytes`` carry the messages. The bot workers and the
  warm-up use it. Only its start arguments (a bot's ``BotSpec``, the
  warm-up's job lists) travel as ``multiprocessing`` passes them, pickled
  from the parent to the child: that is how a spawned process is given its
  target at all, and it goes only towards the child, which trusts the
  arcade. The connection is polled without a thread. Given ``preload``
  modules, on Linux, once ``start_fork_server(preload)`` has the fork
  server ready, the child is forked from it (``multiprocessing``'s
  ``forkserver``: a clean interpreter too, not a copy of the window's
  process), so the children share those modules' memory copy-on-write
  instead of each importing numpy and numba again; elsewhere, or until then,
  it is a spawn process as before.
- ``Child.interpreter(code)``: a plain ``python -c code`` interpreter whose
  stdin and stdout carry the messages as length-prefixed frames; the child
  takes its end with ``interpreter_channel()``, which has the same
  ``send_bytes``/``recv_bytes`` as a ``multiprocessing`` connection; what
  else it writes goes to the log, escaped, a line at a time. Bot
  discovery uses it, because it runs wherever the program starts, scripts
  without an ``if __name__ == "__main__"`` guard included: a
  ``multiprocessing`` child would re-run such a script's main module (and
  start a discovery of its own), while a plain interpreter runs only
  ``code``, and starts sooner. A thread reads its output, so waiting for it
  works alike on every platform.
"""
from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import subprocess
import sys
import threading
import time
import weakref
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterator, Sequence

from bots.lib.child_process import StreamReader, stop_process
from game.match import messages as m
from game.match.keeper import MAX_LOGGED_LINE
from game.rules.catalogue import adopt_games, registered_games
from game.shown import escaped

#: The value of ``PYTHONSAFEPATH`` the arcade sets for its children (any text turns it on),
#: telling it from one the player set.
SAFE_PATH = "board-arcade"
#: The program's folder (which holds ``game`` and ``bots``), first on a child's ``PYTHONPATH``.
PROGRAM_FOLDER = str(Path(__file__).resolve().parents[2])
_environment_lock = threading.Lock()
#: Seconds a child told to stop may take to end before it is killed.
STOP_GRACE = 1.0
#: Seconds to wait for the exit code of a child whose connection has closed.
EXIT_WAIT = 1.0
#: Largest message an interpreter child may send (bytes).
MAX_MESSAGE = 16 * 1024 * 1024


class ChildFailure(Exception):
    """A child that can no longer be used; it has been stopped and reaped.

    ``name`` is the child's name; the message is a sentence that starts with it.
    """

    def __init__(self, name: str, text: str) -> None:
        super().__init__(f"{name} {text}")
        self.name = name


class ChildEnded(ChildFailure):
    """The child's process ended, or closed its connection. ``code`` is its exit
    code: negative for the signal that ended it, ``None`` if it had not ended."""

    def __init__(self, name: str, code: int | None) -> None:
        super().__init__(name, f"ended (exit code {code})")
        self.code = code


class ChildTimedOut(ChildFailure):
    """A deadline passed without a word from the child: its start (``starting``)
    or the one its owner set with ``Child.expect``."""

    def __init__(self, name: str, text: str, *, starting: bool) -> None:
        super().__init__(name, text)
        self.starting = starting


class ChildGarbled(ChildFailure):
    """The child sent bytes that are no message it may send (``messages.WireError``)
    or a message too long to read (``MessageTooLong``); ``error`` says which."""

    def __init__(self, name: str, error: BaseException) -> None:
        super().__init__(name, f"sent something that cannot be read ({type(error).__name__}: {error})")
        self.error = error


class MessageTooLong(ValueError):
    """An interpreter child announced a message longer than ``MAX_MESSAGE``."""


class Child:
    """One child process and the connection to it (see the module docstring).

    Made by ``Child.spawn`` or ``Child.interpreter``. Not thread safe: one
    owner drives it.
    """

    def __init__(self, name: str, link: "_Link", reads: Any, start_timeout: float | None) -> None:
        self.name = name
        #: The union of ``game.match.messages`` the child may send (``FromWorker`` ...).
        self.reads = reads
        #: When the child was started (``time.monotonic()``).
        self.started_at = time.monotonic()
        self.start_timeout = start_timeout
        self._link = link
        self._start_due = None if start_timeout is None else self.started_at + start_timeout
        self._due: float | None = None
        self._due_text = ""
        self._failure: ChildFailure | None = None
        self._send_failed = False
        self._finalizer = weakref.finalize(self, link.stop)

    @classmethod
    def spawn(cls, target: Callable[..., Any], args: tuple = (), *, name: str, reads: Any,
              start_timeout: float | None = None, preload: Sequence[str] = ()) -> "Child":
        """Start ``target(conn, *args)`` in a ``multiprocessing`` spawn process (with
        ``preload``, forked from the fork server that imported those modules once it
        is ready: see ``start_fork_server``); it sends messages of union ``reads``.

        ``target`` must be importable by the child (a module-level function),
        and ``args`` picklable. With ``start_timeout``, the child's first
        message must come within that many seconds.
        """
        return cls(name, _Spawned(_run_child, (registered_games(), target, *args), name,
                                  process_context(preload)), reads, start_timeout)

    @classmethod
    def interpreter(cls, code: str, *, name: str, reads: Any, start_timeout: float | None = None) -> "Child":
        """Start ``python -c code`` (this interpreter's executable); ``code`` takes
        its connection with ``interpreter_channel()`` and sends messages of union
        ``reads``. ``OSError`` (or another error of ``subprocess.Popen``) if no
        interpreter can be started."""
        return cls(name, _Interpreter(code, name), reads, start_timeout)

    # -- reading ------------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        """The child's process id (kept after it is stopped, to tell which it was)."""
        return self._link.pid

    @property
    def alive(self) -> bool:
        """Whether the child's process still runs (false once stopped)."""
        return self._finalizer.alive and self._link.alive()

    @property
    def stopped(self) -> bool:
        """Whether the child has been stopped and reaped."""
        return not self._finalizer.alive

    @property
    def exit_code(self) -> int | None:
        """The child's exit code once it has ended, else ``None``."""
        return self._link.exit_code(0.0)

    # -- talking --------------------------------------------------------------------
    def send(self, message: m.Message) -> bool:
        """Send ``message`` to the child; False if it can no longer hear.

        A child that cannot hear has ended or closed its connection: the next
        ``receive`` hands over what it still sent, then raises ``ChildEnded``.
        """
        if self.stopped:
            return False
        if self._link.send(m.encode(message)):
            return True
        self._send_failed = True
        return False

    def expect(self, by: float | None, text: str = "did not answer in time") -> None:
        """Set the owner's deadline: if the child says nothing by ``by``
        (``time.monotonic()`` seconds; None: no deadline), ``receive`` raises
        ``ChildTimedOut`` whose message is the child's name and ``text``.
        It replaces the previous deadline; a message does not clear it."""
        self._due, self._due_text = by, text

    def receive(self, timeout: float | None = 0.0) -> m.Message | None:
        """The child's next message (of union ``reads``), waiting up to ``timeout``
        seconds for it (None: until one comes or a deadline passes); None if none came.

        Raises ``ChildEnded``, ``ChildTimedOut`` or ``ChildGarbled`` (the
        child is then stopped and reaped), and the same failure again on
        every later call. After ``stop`` it returns None.
        """
        if self._failure is not None:
            raise self._failure
        until = None if timeout is None else time.monotonic() + timeout
        while not self.stopped:
            now = time.monotonic()
            due, starting = self._next_due()
            limits = [at - now for at in (until, due) if at is not None]
            try:
                data = self._link.read(max(0.0, min(limits)) if limits else None)
            except EOFError:
                raise self._fail(ChildEnded(self.name, self._link.exit_code(EXIT_WAIT))) from None
            except MessageTooLong as err:
                raise self._fail(ChildGarbled(self.name, err)) from None
            if data is not None:
                try:
                    message = m.decode(data, self.reads)
                except m.WireError as err:
                    raise self._fail(ChildGarbled(self.name, err)) from None
                self._start_due = None
                return message
            if self._send_failed:  # it could not hear, and has nothing more to say
                raise self._fail(ChildEnded(self.name, self._link.exit_code(EXIT_WAIT)))
            now = time.monotonic()
            if due is not None and now >= due:
                text = (f"did not start within {self.start_timeout:g} s" if starting else self._due_text)
                raise self._fail(ChildTimedOut(self.name, text, starting=starting))
            if until is not None and now >= until:
                return None
        return None

    def stop(self) -> None:
        """Stop the child and reap it: close the connection, terminate it, wait
        ``STOP_GRACE`` seconds, kill it. Safe to call again (it does nothing)."""
        self._finalizer()

    def _next_due(self) -> tuple[float | None, bool]:
        """The first deadline to come, and whether it is the start's."""
        if self._start_due is not None and (self._due is None or self._start_due <= self._due):
            return self._start_due, True
        return self._due, False

    def _fail(self, failure: ChildFailure) -> ChildFailure:
        self._failure = failure
        self.stop()
        return failure

    def __repr__(self) -> str:
        state = "stopped" if self.stopped else "running"
        return f"<Child {self.name!r} pid {self.pid} {state}>"


class _Link:
    """A child's process and connection, as ``Child`` uses them; ``stop`` must not
    refer to the ``Child`` (it is the child's finalizer)."""

    pid: int | None

    def alive(self) -> bool:
        raise NotImplementedError

    def exit_code(self, wait: float) -> int | None:
        """The exit code, waiting up to ``wait`` seconds for the process to end."""
        raise NotImplementedError

    def send(self, data: bytes) -> bool:
        """Send one message's bytes; False if the child can no longer hear."""
        raise NotImplementedError

    def read(self, timeout: float | None) -> bytes | None:
        """One message's bytes, or None if none comes within ``timeout``;
        ``EOFError`` once the child's end is closed and everything is read."""
        raise NotImplementedError

    def stop(self) -> None:
        raise NotImplementedError


#: Set once the fork server has imported its modules and forked a first child.
_fork_server_ready = threading.Event()
#: Set once the fork server's start is over, ready or failed, so nobody waits for one that failed.
_fork_server_settled = threading.Event()
_fork_server_preload: tuple[str, ...] | None = None


def start_fork_server(preload: Sequence[str]) -> None:
    """Start, in a background thread, the fork server that ``Child.spawn`` forks children
    given ``preload`` from (Linux only; once per program: the first ``preload`` is kept).
    It imports those modules once; until it has, and has forked a first child, such
    children are spawned as before, so nothing ever waits for it (its start takes a
    second or more: it imports numpy and numba)."""
    global _fork_server_preload
    if _fork_server_preload is not None or not (
            sys.platform.startswith("linux") and "forkserver" in multiprocessing.get_all_start_methods()):
        return
    _fork_server_preload = tuple(preload)
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(list(preload))

    def start() -> None:
        from multiprocessing import forkserver  # Linux's, as this function is
        try:
            with _python_child_environment():  # while its process starts, not while it imports
                forkserver.ensure_running()
            probe = context.Process(target=os.getpid, name="fork server probe", daemon=True)
            probe.start()
            probe.join()
            if probe.exitcode == 0:
                _fork_server_ready.set()
            else:
                logging.getLogger(__name__).error("the bot workers' fork server did not start: its first "
                                                  "child ended with exit code %s", probe.exitcode)
        except Exception:  # noqa: BLE001 - children are spawned as before; say why in the log
            logging.getLogger(__name__).exception("the bot workers' fork server did not start")
        finally:
            _fork_server_settled.set()

    threading.Thread(target=start, name="fork server start", daemon=True).start()


@contextlib.contextmanager
def _python_child_environment() -> Iterator[None]:
    """While a Python child starts: ``PYTHONSAFEPATH`` set to ``SAFE_PATH`` and the program's
    folder first on ``PYTHONPATH`` (see the module docstring), unless the player set
    ``PYTHONSAFEPATH``; afterwards the environment is as it was. One child starts at a time."""
    with _environment_lock:
        saved = {name: os.environ.get(name) for name in ("PYTHONSAFEPATH", "PYTHONPATH")}
        if not saved["PYTHONSAFEPATH"]:
            os.environ["PYTHONSAFEPATH"] = SAFE_PATH
            os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [PROGRAM_FOLDER, saved["PYTHONPATH"]]))
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def leave_python_child_environment() -> None:
    """In a child: take away what ``_python_child_environment`` added, so the programs it
    starts (an engine written in Python) get the environment the arcade was started with."""
    if os.environ.get("PYTHONSAFEPATH") != SAFE_PATH:
        return
    del os.environ["PYTHONSAFEPATH"]
    path = os.environ.pop("PYTHONPATH", "")
    rest = path.removeprefix(PROGRAM_FOLDER).removeprefix(os.pathsep) if path.startswith(PROGRAM_FOLDER) else path
    if rest:
        os.environ["PYTHONPATH"] = rest


def fork_server_ready(timeout: float = 0.0) -> bool:
    """Whether the fork server is ready, waiting up to ``timeout`` seconds for its start
    to be over (no longer once it has failed: then children are spawned as before)."""
    return _fork_server_preload is not None and _fork_server_settled.wait(timeout) and _fork_server_ready.is_set()


def process_context(preload: Sequence[str] = ()) -> multiprocessing.context.BaseContext:
    """Where ``Child.spawn`` starts a process: with ``preload`` (the modules given to
    ``start_fork_server``), the fork server once it is ready; else ``spawn``. macOS and
    Windows keep ``spawn``: forking is unsafe or missing there."""
    if preload and tuple(preload) == _fork_server_preload and _fork_server_ready.is_set():
        return multiprocessing.get_context("forkserver")
    return multiprocessing.get_context("spawn")


class _Spawned(_Link):
    """A ``multiprocessing`` process (spawned, or forked from the fork server) and its ``Pipe``."""

    def __init__(self, target: Callable[..., Any], args: tuple, name: str,
                 context: multiprocessing.context.BaseContext) -> None:
        parent, child = context.Pipe(duplex=True)
        self.process = context.Process(target=target, args=(child, *args), name=name, daemon=True)
        try:
            with _python_child_environment():
                self.process.start()
        except BaseException:
            parent.close()
            raise
        finally:
            child.close()
        self.conn = parent
        self.pid = self.process.pid
        self.code: int | None = None
        self.reaped = False

    def alive(self) -> bool:
        return not self.reaped and self.process.is_alive()

    def exit_code(self, wait: float) -> int | None:
        if self.reaped:
            return self.code
        self.process.join(wait)
        return self.process.exitcode

    def send(self, data: bytes) -> bool:
        try:
            self.conn.send_bytes(data)
        except (EOFError, OSError):
            return False
        return True

    def read(self, timeout: float | None) -> bytes | None:
        try:
            if not self.conn.poll(timeout):
                return None
            return self.conn.recv_bytes()
        except OSError as err:  # reset, or closed under us: the end
            raise EOFError(str(err)) from err

    def stop(self) -> None:
        try:
            self.conn.close()
        except OSError:
            pass
        self.code = stop_process(self.process, grace=STOP_GRACE)
        self.reaped = True
        self.process.close()


class _Interpreter(_Link):
    """A ``python -c`` process; messages framed on its stdin and stdout."""

    def __init__(self, code: str, name: str) -> None:
        with _python_child_environment():
            self.process = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.pid = self.process.pid
        self.output = StreamReader(self.process.stdout, _read_frame, name=f"{name} reader", errors=(MessageTooLong,))
        self.errors = StreamReader(self.process.stderr, _logged_line(name), name=f"{name} errors", keep=False)
        self.send(m.encode(m.Games(registered_games())))   # read by ``interpreter_channel`` first

    def alive(self) -> bool:
        return self.process.poll() is None

    def exit_code(self, wait: float) -> int | None:
        try:
            return self.process.wait(wait)
        except subprocess.TimeoutExpired:
            return None

    def send(self, data: bytes) -> bool:
        stream = self.process.stdin
        try:
            stream.write(_frame(data))
            stream.flush()
        except (OSError, ValueError):  # a broken pipe, or the stream already closed
            return False
        return True

    def read(self, timeout: float | None) -> bytes | None:
        return self.output.get(timeout)

    def stop(self) -> None:
        try:
            self.process.stdin.close()
        except OSError:
            pass
        stop_process(self.process, grace=STOP_GRACE)  # its stdout is closed by the reader at its end
        self.errors.join(STOP_GRACE)  # what it wrote is in the log once it is stopped


def _logged_line(name: str) -> Callable[[BinaryIO], bytes | None]:
    """Reads one line of an interpreter child's error output (what the bot files it
    imports print, a traceback) into the log, escaped (``shown.escaped``): never raw to
    the arcade's terminal."""
    def read(stream: BinaryIO) -> bytes | None:
        line = stream.readline()
        if line:
            logging.getLogger(__name__).warning("%s wrote: %s", name,
                                                escaped(line.decode("utf-8", "replace").rstrip("\n"), MAX_LOGGED_LINE))
        return line or None
    return read


def _frame(data: bytes) -> bytes:
    """``data`` as one frame: its length (4 bytes, big-endian), then itself."""
    return len(data).to_bytes(4, "big") + data


def _read_frame(stream: BinaryIO) -> bytes | None:
    """One length-prefixed message of ``stream``; None at its end (or inside a
    message cut short). ``MessageTooLong`` past ``MAX_MESSAGE``."""
    header = stream.read(4)
    if len(header) < 4:
        return None
    size = int.from_bytes(header, "big")
    if size > MAX_MESSAGE:
        raise MessageTooLong(f"a message of {size} bytes, over the limit of {MAX_MESSAGE}")
    body = stream.read(size)
    return body if len(body) == size else None


class InterpreterChannel:
    """The end of the connection in a child started by ``Child.interpreter``:
    ``recv_bytes`` reads the parent's messages from the original stdin,
    ``send_bytes`` writes on the original stdout, one frame each, as a
    ``multiprocessing`` connection does (``messages.send``/``receive`` take
    either). Made by ``interpreter_channel()``."""

    def __init__(self) -> None:
        self._out = os.fdopen(os.dup(1), "wb")
        os.dup2(2, 1)  # whatever else writes to stdout goes to stderr, never among the messages
        self._in = os.fdopen(os.dup(0), "rb")
        quiet = os.open(os.devnull, os.O_RDONLY)
        os.dup2(quiet, 0)  # whatever else reads stdin (a bot file's input()) ends at once, never waits
        os.close(quiet)

    def send_bytes(self, data: bytes) -> None:
        self._out.write(_frame(data))
        self._out.flush()

    def recv_bytes(self) -> bytes:
        """The parent's next message; ``EOFError`` once it has closed its end."""
        data = _read_frame(self._in)
        if data is None:
            raise EOFError("the parent closed the connection")
        return data

    def close(self) -> None:
        self._out.close()


def interpreter_channel() -> InterpreterChannel:
    """In a child started by ``Child.interpreter``: its connection to the parent.

    Call it first: from then on file descriptor 1 points at stderr, so that
    nothing else printed can mix with the messages, and file descriptor 0 at
    nothing, so that code reading its input gets none instead of waiting.
    The games registered in the parent are registered here too.
    """
    channel = InterpreterChannel()
    adopt_games(m.decode(channel.recv_bytes(), m.Games).registered)
    return channel


def _run_child(conn: Any, games: dict[str, str], target: Callable[..., Any], *args: Any) -> None:
    """What a ``Child.spawn`` process runs: the parent's registered games registered
    here too (see ``catalogue.register_game``), then ``target(conn, *args)``."""
    adopt_games(games)
    target(conn, *args)
