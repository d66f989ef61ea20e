"""An external engine program as a bot: any engine that speaks Gomocup or NBoard.

Serious Gomoku and Othello engines are programs in C++, Rust or Java that talk a
text protocol on their standard input and output. ``config.yaml`` names one
under a game's ``engines:`` (its command line, protocol and time per move);
the arcade then offers it in the seat menus under that name, and this class
plays it, in a bot worker like every bot, so the runner's guarantees hold: it
is given its time, stopped when it hangs past the budget, and whatever it does
wrong is reported by name while a legal fallback move is played.

The class plays nothing by itself (``games`` is empty, so it is never offered
as a bot of its own): each ``engines:`` entry is one bot of the games its
protocol can express (``bots.lib.engine_clients``).

The engine is started, and its protocol handshake awaited, in the constructor,
which the worker runs before it reports the bot ready: an engine's start-up
(loading tables, compiling) never counts against its first move. An engine
that dies or stops answering is stopped at once, so the failure is reported
within the move's time, and started afresh for the next move, which the client
then sends as the whole position. The client is kept for the engine's whole
life, over restarts, so what it measured (an NBoard engine's time per depth,
and that a depth overran) still holds for the restarted engine. The engine is told ``engine_time`` of the
move's budget (``bots.lib.clock``), so its answer crosses the pipe in time. An answer that cannot be read or is not
legal leaves the engine running, told the whole position next time. The engine
dies with its worker (``EngineProcess``: its own process group, and on Linux a
parent-death signal), so a worker stopped for overrunning takes it along.
Its standard error and every protocol line go to its log file
(``game.paths.engine_log_path``).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, ClassVar, TypeVar

from game.lang import N_
from bots.lib.clock import engine_time
from bots.lib.engine_clients import EngineClient, client_class
from bots.lib.engine_process import (EngineDied, EngineError, EngineProcess, EngineTimeout,
                                     command_words)
from game.paths import engine_log_path
from game.rules.bot import Bot, MoveValue
from game.rules.core import Move, State

T = TypeVar("T")


class ExternalEngine(Bot):
    """An engine program on pipes, spoken to through its protocol's client.

    ``command`` is its command line (split as a shell would, never run by one),
    ``protocol`` ``'gomocup'`` or ``'nboard'``, ``cwd`` the folder it runs in
    (default: the arcade's), ``name`` what failures and its log file call it
    (default: the program's file name), ``log`` the log file (default:
    ``engine_log_path(name)``); ``depth`` (the deepest search asked) and
    ``protocol_version`` are settings of the protocols that have them (0: the
    client's default). ``EngineStartError`` if the program cannot be started,
    an ``EngineError`` if it fails its handshake; ``ValueError`` for an unknown
    protocol or a setting it does not have.
    """

    name = "External engine"
    games: ClassVar[tuple[str, ...]] = ()
    description = N_("an engine program speaking Gomocup or NBoard, as config.yaml's engines: name it")

    def __init__(self, command: str = "", protocol: str = "", cwd: str = "", name: str = "", log: str = "",
                 depth: int = 0, protocol_version: int = 0, seed: int | None = None) -> None:
        super().__init__(seed)
        words = command_words(command)
        kind = client_class(protocol)
        settings = {key: value for key, value in (("depth", depth), ("protocol_version", protocol_version))
                    if value}
        for key in settings:
            if key not in kind.settings:
                raise ValueError(f"the {protocol} protocol has no setting {key!r}")
        self.engine = name.strip() or Path(words[0]).name
        log_path = Path(log) if log else engine_log_path(self.engine)
        self._process = EngineProcess(command, name=self.engine, log_path=log_path, cwd=Path(cwd) if cwd else None)
        self._client: EngineClient = kind(self._process, **settings)
        self._ready = False
        try:
            self._running()
        except EngineError as err:
            raise self._phrased(err) from err

    def choose_move(self, state: State, budget: float) -> Move:
        return self._ask(lambda client: client.move(state, engine_time(budget)))

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        return self._ask(lambda client: client.values(state, engine_time(budget)))

    def new_game(self) -> None:
        if not self._ready:
            return
        try:
            self._client.new_game()
        except EngineError as err:
            self._after(err)

    def close(self) -> None:
        """Tell the engine to end and stop it (a worker that ends takes its engine along anyway)."""
        if self._ready:
            self._client.close()
        self._stop()

    # -- internals --------------------------------------------------------------
    def _ask(self, request: Callable[[EngineClient], T]) -> T:
        """``request`` of the running engine's client; after an ``EngineError`` (raised on,
        for the runner to report) the engine is set right for the next request."""
        try:
            client = self._running()
        except EngineError as err:
            raise self._phrased(err) from err
        try:
            return request(client)
        except EngineError as err:
            self._after(err)
            raise self._phrased(err) from err

    def _phrased(self, error: EngineError) -> EngineError:
        """The same failure with its message as a phrase after the engine's name, which the
        failure line already starts with ("answered 'x', not a move", not "engine X answered...")."""
        text = str(error)
        for head in (f"engine {self.engine}: ", f"engine {self.engine} "):
            if text.startswith(head):
                return type(error)(text[len(head):])
        return error

    def _running(self) -> EngineClient:
        """The client of a running engine: the engine is started (afresh after a failure)
        and its handshake done, ``engine_name`` being the first thing asked."""
        if self._ready and self._process.alive:
            return self._client
        self._stop()
        self._process.start()
        try:
            said = self._client.engine_name()
        except EngineError:
            self._stop()
            raise
        if said:
            self._process.note(f"the engine calls itself {said}")
        self._ready = True
        return self._client

    def _after(self, error: EngineError) -> None:
        """After a failure: a dead or hung engine is stopped (the next move starts it afresh);
        one that answered badly is told the whole position next time."""
        self._process.note(f"failed: {error}")
        if isinstance(error, (EngineDied, EngineTimeout)) or not self._ready:
            self._stop()
            return
        try:
            self._client.new_game()
        except EngineError:
            self._stop()

    def _stop(self) -> None:
        self._ready = False
        self._process.stop(grace=0.0)
