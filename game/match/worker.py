"""A bot's worker process: builds the bot once, then answers the runner's requests.

``game.match.runner.BotRunner`` starts it (as a ``game.match.supervisor.Child``)
with a ``BotSpec`` and drives it with ``game.match.messages``: the worker says
``Ready`` (or ``Failed``) once the bot is built and its engine warmed up, then
for each ``Ask`` says ``Started`` when it takes it up, ``Partial`` for each
value an ``analyse`` reports on its way, and ``Chose``, ``Valued`` or ``Raised``
at the end; ``NewGameDone`` after a ``NewGame``; while its warm-up compiles,
``Compiling`` once and ``Compiled`` for each kernel done (``game.match.compiling``),
its warm-up waiting for the launch-time warm-up's compile of the same bot to end
(``compiling.compile_lock``). Before its warm-up it answers a
move it was asked for already, if the bot plays it without its engine
(``Bot.move_before_warm_up``: ``Started`` and ``Chose`` come before ``Ready``),
so a first game on a new machine sees that move at once.

Before the bot's module is imported the worker is put in bounds
(``containment.contain``): a memory limit (a ``MemoryError`` is reported as
"went over its memory limit"), every process the bot starts stopped with it,
its output (file descriptors 1 and 2) to its log.

A bot's answer is checked here, where its objects live: a move must be one the
game can write down and read back (numpy numbers count as the numbers they
hold), a value a ``MoveValue`` with a finite score, text and a known bound;
what is not becomes a ``Raised`` naming it. Whether a move is legal, and
whether it came in time, the runner decides.
"""
from __future__ import annotations

import math
import numbers
import os
import random
import signal
import threading
import time
import traceback
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

from game.match import messages as m
from game.match.botregistry import import_bot_class
from game.match.compiling import CompileWatcher, compile_lock
from game.match.containment import contain, memory_text
from game.rules.bot import AT_LEAST, AT_MOST, VALUE, Bot, BotFault, MoveValue, later_warm_up
from game.rules.core import State
from game.shown import escaped
from game.paths import bot_log_path

#: Longest text of a bot's exception carried into a failure message.
_MAX_ERROR_TEXT = 300
#: Longest value or move text of a bot's shown in a failure message: a line.
MAX_SHOWN = 80


def worker_main(conn: Connection, spec: m.BotSpec) -> None:
    """The worker process: build the bot once and compile its engine (``warm_up``),
    then answer requests until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    contain(spec.memory_limit, _log_path(spec.key))  # its memory, its processes, its output to its log
    source = spec.path
    try:
        cls, source = import_bot_class(spec.module, spec.key, spec.path)
        bot = cls(seed=spec.seed, **spec.params)
    except BaseException as err:  # noqa: BLE001 - reported to the parent, which tells the player
        m.send(conn, m.Failed(bot_error_text(err, source, spec.memory_limit)))
        return
    positions = _Positions()
    try:
        kept = _answer_before_warm_up(conn, bot, positions)
    except (EOFError, OSError, m.WireError):
        return
    watcher = CompileWatcher(lambda: m.send(conn, m.Compiling(spec.key)),
                             lambda kernel: m.send(conn, m.Compiled(spec.key, kernel)))
    try:
        with compile_lock(spec.key):     # after the launch-time warm-up's compile of it, if it runs
            watcher.watch()
            cls.warm_up()
    except BaseException as err:  # noqa: BLE001 - reported like a constructor's failure
        m.send(conn, m.Failed("its warm_up() " + bot_error_text(err, source, spec.memory_limit)))
        return
    finally:
        watcher.active = False
    m.send(conn, m.Ready(time.monotonic()))
    try:
        _serve(conn, bot, source, later_warm_up(cls), spec.memory_limit, positions, kept)
    except (EOFError, OSError, m.WireError):
        return  # the parent went away or closed the pipe: nothing left to do


#: Seconds the worker waits, before compiling, for the move it is about to be asked (the
#: arcade asks as it starts the worker, so the question is usually there already).
ASK_WAIT = 0.2


def _answer_before_warm_up(conn: Connection, bot: Any, positions: "_Positions") -> m.Message | None:
    """Before ``warm_up``: answer the move the arcade asks for now if the bot plays it without
    its engine (``Bot.move_before_warm_up``: a first move alike by symmetry), so a first game
    on a new machine does not wait for the compile to see it. Returns the first message it
    could not answer now, for after the warm-up (or None)."""
    if getattr(type(bot), "move_before_warm_up", Bot.move_before_warm_up) is Bot.move_before_warm_up:
        return None     # it has no such move: nothing to wait for
    if conn.poll(ASK_WAIT):
        message = m.receive(conn, m.ToWorker)
        if not isinstance(message, m.Ask) or message.kind != "move":
            return message      # a new game (its new_game() is timed once the bot is ready) or a hint
        try:
            state = positions.state(message.position)
            move = bot.move_before_warm_up(state.copy())
        except Exception:  # noqa: BLE001 - the request waits for the engine, which meets any problem again
            return message
        if move is None:
            return message
        text, problem = _notation(state, move)
        if problem is not None:
            return message
        m.send(conn, m.Started(message.id, time.monotonic()))
        m.send(conn, m.Chose(message.id, text, 0.0))
        return None
    return None


def _new_game(conn: Connection, bot: Any, message: m.NewGame) -> None:
    """A new game starts: the bot's ``rng`` seeded afresh if asked, its ``new_game``, the reply."""
    if message.seed is not None and isinstance(getattr(bot, "rng", None), random.Random):
        bot.rng.seed(message.seed)
    _guarded(bot.new_game)
    m.send(conn, m.NewGameDone())


def _log_path(key: str) -> Path:
    """The bot's log (``paths.bot_log_path``), or the null device when the player's log folder
    cannot be made: the bot then plays, its output dropped (never shown raw)."""
    try:
        return bot_log_path(key)
    except OSError:
        return Path(os.devnull)


def _serve(conn: Connection, bot: Any, source: str | None, later: Callable[[], None] | None,
           memory_limit: int | None, positions: "_Positions | None" = None,
           kept: m.Message | None = None) -> None:
    """Answer requests until told to stop, ``kept`` (one read before the warm-up) first.
    ``later`` (the bot's ``warm_up_later``) runs once, on a thread of its own
    (``_in_background``): from the start if no request is waiting, else right after the
    first answer (a failure there is the bot's to meet when it plays)."""
    answered = False
    positions = positions or _Positions()
    while True:
        if later is not None and (answered or (kept is None and not conn.poll(0))):
            _in_background(later)
            later = None
        message, kept = (kept, None) if kept is not None else (m.receive(conn, m.ToWorker), None)
        if isinstance(message, m.NewGame):
            _new_game(conn, bot, message)
            continue
        try:
            state = positions.state(message.position)
        except Exception as err:  # noqa: BLE001 - a game whose notation does not read back: said, not fatal
            m.send(conn, m.Raised(message.id, f"could not be given the position ({type(err).__name__}: {err})", 0.0))
            continue
        m.send(conn, m.Started(message.id, time.monotonic()))
        analyse = message.kind == "analyse"
        _set_reporter(bot, _reporter(conn, message.id, state.copy()) if analyse else None)
        begun = time.perf_counter()
        try:
            result = (bot.analyse if analyse else bot.choose_move)(state, message.budget)
        except BaseException as err:  # noqa: BLE001 - reported to the parent
            m.send(conn, m.Raised(message.id, bot_error_text(err, source, memory_limit),
                                  time.perf_counter() - begun))
            continue
        finally:
            _set_reporter(bot, None)
        seconds = time.perf_counter() - begun
        answered = True
        if analyse:
            values, problem = _judgements(state, result)
            answer: m.Message = m.Valued(message.id, values, seconds)
        else:
            text, problem = _notation(state, result)
            answer = m.Chose(message.id, text, seconds)
        m.send(conn, answer if problem is None else m.Raised(message.id, problem, seconds))


class _Positions:
    """The positions of the requests, rebuilt through the rules: from the last one when
    only moves were played since (the next turn of a game), so a long game is not
    replayed from its start at every request."""

    def __init__(self) -> None:
        self._last: m.Position | None = None
        self._state: State | None = None

    def state(self, position: m.Position) -> State:
        """A fresh copy of ``position`` for the bot (``RulesError`` names a bad move)."""
        last, self._last = self._last, None   # forgotten unless this one is built in full
        if last is None or self._state is None or not position.follows(last):
            self._state = position.state()
        else:
            position.play(self._state, len(last.moves))
        self._last = position
        return self._state.copy()


def _set_reporter(bot: Any, reporter: Any) -> None:
    """Give ``Bot.report`` somewhere to send (a bot whose object takes no new attribute reports nothing)."""
    try:
        bot._reporter = reporter
    except AttributeError:
        pass


def _reporter(conn: Connection, request_id: int, state: State) -> Callable[[Any], None]:
    """``Bot.report`` for one ``analyse`` request: its values to the parent,
    ``ValueError`` (out of the bot's ``analyse``) if they are not move values of ``state``."""
    def report(values: Any) -> None:
        judged, problem = _judgements(state, values)
        if problem is not None:
            raise ValueError(f"report() {problem}")
        m.send(conn, m.Partial(request_id, judged))
    return report


def _notation(state: State, move: Any) -> tuple[str, str | None]:
    """(``move`` in the game's notation, None), or ('', why it is no move).

    The text must read back as a move (``parse_move``); numpy numbers count as
    the Python numbers they hold.
    """
    if move is None:
        return "", "chose no move (None)"
    if isinstance(move, bool):
        return "", f"chose {move!r}, which is not a legal move"
    try:
        text = state.move_to_str(_without_numpy(move))
        state.parse_move(text)
        return text, None
    except Exception:  # noqa: BLE001 - any object the game cannot write down is not a move
        return "", f"chose {shown(move)}, which is not a legal move"


def _judgements(state: State, values: Any) -> tuple[m.Values, str | None]:
    """A bot's analysis as judgements by move notation, or ({}, what is wrong)."""
    if not isinstance(values, dict):
        return {}, f"analysed the position as {type(values).__name__}, not a dict of move values"
    judged: m.Values = {}
    for move, value in values.items():
        text, problem = _notation(state, move)
        if problem is not None:
            return {}, "valued" + problem.removeprefix("chose")
        if not isinstance(value, MoveValue):
            return {}, f"valued {text} as {shown(value)}, not a MoveValue"
        score, problem = _score(value.score, value.text)
        if problem is not None:
            return {}, f"valued {text} {problem}"
        if isinstance(value.bound, bool) or value.bound not in (VALUE, AT_LEAST, AT_MOST):
            return {}, (f"valued {text} with the bound {shown(value.bound)}; "
                        "a bound must be VALUE, AT_LEAST or AT_MOST")
        judged[text] = m.Judgement(score, str(value.text), value.exact is True, int(value.bound))
    return judged, None


def _score(score: Any, text: Any) -> tuple[float, str | None]:
    """``score`` as a float, or (0.0, why the pair is not a valid move value).

    A score must be a finite real number (numpy numbers included, ``bool``
    not: ``True`` is no judgement); the text must be a string.
    """
    try:
        converted = float(score) if isinstance(score, numbers.Real) and not isinstance(score, bool) else math.nan
    except (TypeError, ValueError, OverflowError):
        converted = math.nan
    if not math.isfinite(converted):
        return 0.0, f"with the score {shown(score)}; a score must be a finite number"
    if not isinstance(text, str):
        return 0.0, f"with the text {shown(text)}; the text must be a string"
    return converted, None


def _without_numpy(value: Any) -> Any:
    """Numpy scalars (also inside tuples) as the Python numbers they hold."""
    if type(value) is tuple:
        return tuple(_without_numpy(item) for item in value)
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        return value.item()
    return value


def _in_background(later: Callable[[], None]) -> None:
    """Run the bot's ``warm_up_later`` on a thread of its own, so that a request that comes
    while it runs (a compile of seconds, more on a loaded machine) is taken up at once rather
    than after it, past the runner's take-up limit, which would restart the worker and its
    warm-up again; a move made meanwhile shares the process with it (the bot plays without
    what it compiles until it is done)."""
    threading.Thread(target=_guarded, args=(later,), name="warm_up_later", daemon=True).start()


def _guarded(action: Callable[[], None]) -> None:
    try:
        action()
    except Exception:  # new_game and warm_up_later are courtesy calls; a failure shows at the next move
        traceback.print_exc()


def shown(value: Any) -> str:
    """A bot's value for a message, never longer than a line."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a bot's object whose repr fails still gets named
        text = f"a {type(value).__name__}"
    return shortened(text, MAX_SHOWN)


def shortened(text: str, limit: int = _MAX_ERROR_TEXT) -> str:
    """A bot's ``text`` for a message: its control characters written as codes
    (``shown.escaped``), cut to ``limit`` characters (its end marked ``...``)."""
    return escaped(text, limit)


def bot_error_text(err: BaseException, source: str | None, memory_limit: int | None = None) -> str:
    """A bot's exception as a phrase: ``raised ValueError: boom (my_bot.py line 12)``;
    a ``BotFault`` is its own phrase; a ``MemoryError`` under ``memory_limit`` (bytes)
    is ``went over its memory limit (2 GB)``."""
    if isinstance(err, SystemExit):
        return f"called sys.exit({shortened(repr(err.code), MAX_SHOWN)})"
    if isinstance(err, MemoryError) and memory_limit is not None:
        return f"went over its memory limit ({memory_text(memory_limit)})"
    if isinstance(err, BotFault) and str(err):
        return shortened(str(err))
    detail = shortened(str(err))
    text = f"raised {type(err).__name__}: {detail}" if detail else f"raised {type(err).__name__}"
    if source is not None:
        lines = [f.lineno for f in traceback.extract_tb(err.__traceback__) if f.filename == source]
        if lines:
            text += f" ({Path(source).name} line {lines[-1]})"
    return text
