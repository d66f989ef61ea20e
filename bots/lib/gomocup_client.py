"""Any Gomocup engine as a player of our Gomoku: the client side of the Gomocup protocol.

``GomocupClient`` drives an engine program (an ``EngineProcess`` its caller
started) through the protocol the Piskvork manager and the Gomocup tournament
use (https://plastovicka.github.io/protocl2en.htm): ``ABOUT`` and ``START`` on
the default board as the handshake (``engine_name``), ``START`` again for
another board size, ``INFO rule`` and ``INFO timeout_turn``, then for each move only what
changed since the position the engine last knew: ``TURN x,y`` after one
opponent move, ``BEGIN`` on an empty board, ``TAKEBACK`` (when the engine knows
it) for a position that went back, and otherwise the whole position,
``RESTART`` then ``BOARD`` ... ``DONE``. It skips the engine's ``MESSAGE`` and
``DEBUG`` lines, answers a ``SUGGEST`` with ``PLAY``, and checks the answer:
anything that is not a point is ``EngineGarbled``, a point off the board,
taken or forbidden is ``EngineIllegal``, a refusal (``ERROR``, ``UNKNOWN``) an
``EngineError`` naming it, and silence past the budget and a grace
(``clock.answer_wait``) ``EngineTimeout``.
After any of these the client forgets what the engine knows: the next move
sends the whole position, after ``START`` if the engine died or did not answer
in time (the caller restarts it) or was started afresh, else after ``RESTART``.

An engine may still be finishing its move for a moment after printing it, and
Rapfi drops the first word of a command that arrives in that moment, reading
the rest as commands of their own (``TURN 7,8`` comes back as ``ERROR Unknown
command: 7,8``). So the client sends nothing within ``SETTLE`` seconds of an
answered move, and when an error says the engine did not know the last word
of the command that asks for its move (the point of ``TURN``, the ``DONE`` of
``BOARD``), that command was dropped: it is sent again (``RESENDS`` times at
most, ``SETTLE`` apart). An unknown-command error naming another word (an
``INFO`` line's) is noted and that ``INFO`` is sent again with the next move.

A point ``x,y`` is our Gomoku's ``point(col=x, row=y)``: the column from the
left, the row from the top, both from 0.

Under an opening rule the engine is asked only what the protocol has a command
for: a Swap2 decision by ``SWAP2BOARD`` (``gomocup_swap2``), whose one answer may
be several of our moves (three stones; ``white`` and a stone; ``more`` and two
stones): the next ones are kept and given as the following moves while the game
goes that way. Another rule's decisions (Swap1, RIF, Soosõrv-8, Taraguchi-10)
have no Gomocup command: ``EngineError`` says so. After the opening the engine
gets the stones as a game of free play (``Gomoku.plain``), so it plays on with
``TURN`` and ``BOARD`` as ever.
"""
from __future__ import annotations

import time
from typing import ClassVar

import re

from bots.lib import gomocup_swap2
from bots.lib.clock import answer_wait
from bots.lib.engine_process import (
    EngineDied, EngineError, EngineGarbled, EngineIllegal, EngineProcess, EngineTimeout,
)
from bots.lib.gomocup_text import (
    UNLIMITED_MS, GomocupTextError, about_fields, one_line, parse_point, point_text, quoted, rule_code,
)
from game.rules.bot import MoveValue
from game.rules.core import IllegalMove, Move, State
from game.rules.gomoku import Gomoku

#: Seconds an engine may take to answer ``START`` (a first start may load or compile a lot: ours does).
START_TIMEOUT = 60.0
#: Seconds an engine may take to answer ``RESTART``, ``TAKEBACK`` or ``ABOUT``.
COMMAND_TIMEOUT = 5.0
#: The most moves taken back one by one to reach an earlier position (more: the whole position is sent).
MAX_TAKEBACKS = 4
#: The board the handshake starts an engine on: Gomoku's default size.
DEFAULT_SIZE = Gomoku.check_options({})["size"]
#: Longest engine name kept from an old brain's free-text ``ABOUT``.
NAME_CHARS = 60
#: Seconds after an answered move before the next command is sent (the engine may still be finishing).
SETTLE = 0.05
#: Times a dropped command that asks for a move is sent again.
RESENDS = 2

#: An error answering a word the engine did not take for a command: ``ERROR Unknown command: 7,8``.
_DROPPED = re.compile(r"unknown command\W*(\S+)", re.IGNORECASE)


class GomocupClient:
    """A Gomocup engine behind ``process``, played through the protocol (see the module's docstring)."""

    protocol: ClassVar[str] = "gomocup"
    games: ClassVar[tuple[str, ...]] = ("gomoku",)
    settings: ClassVar[tuple[str, ...]] = ()

    def __init__(self, process: EngineProcess, *, start_timeout: float = START_TIMEOUT) -> None:
        self.process = process
        self.start_timeout = start_timeout
        self._name: str | None = None
        self._asked_name = False
        self._takes_back = True
        #: When the engine's last move was read (``time.monotonic``).
        self._answered_at = -SETTLE
        self._forget()

    def _forget(self) -> None:
        """Know nothing of the engine: the next move starts it over."""
        self._pid: int | None = None
        self._size: int | None = None
        self._rule: int | None = None
        self._turn_ms: int | None = None
        self._known: list[int] | None = None
        #: Moves of the engine's last Swap2 answer still to give, after the game's moves they follow.
        self._pending: tuple[tuple, list] = ((), [])

    # -- the interface ------------------------------------------------------------
    def move(self, state: State, budget: float) -> Move:
        """The engine's move in ``state``, within ``budget`` seconds (see the module's docstring)."""
        self._check_game(state)
        if state.outcome() is not None:
            raise ValueError("the game is over: there is no move to ask for")
        after, moves = self._pending
        if moves and tuple(state.move_stack) == after:     # the opening may be over: ``white`` and a stone
            self._pending = (after + (moves[0],), moves[1:])
            return moves[0]
        opening = getattr(state, "phase", None) is not None
        if opening:
            if not gomocup_swap2.asked_now(state):
                raise EngineError(f"engine {self.process.name}: the Gomocup protocol has no command for this "
                                  f"decision of the {state.options.get('opening')} opening (it has SWAP2BOARD "
                                  "for Swap2's proposal and choices)")
        elif isinstance(state, Gomoku):
            state = state.plain()
        try:
            self._settle()
            self._skip_waiting()
            self._prepare(state, budget)
            if opening:
                return self._ask_swap2(state, budget)
            return self._ask_move(state, budget)
        except (EngineDied, EngineTimeout):
            self._forget()
            raise
        except EngineError:
            self._known = None
            raise

    def values(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """The engine's values of the moves: the Gomocup protocol has none to give."""
        self._check_game(state)
        return {}

    def engine_name(self) -> str | None:
        """The engine's name from ``ABOUT`` (``name="..."``, else an old brain's free text), None if it has none.

        Asked first, it is the handshake: the engine is also started on the
        default board (``START 15``), so what an engine does at ``START``
        (loading tables, compiling: ours compiles its bot) happens before the
        first move's clock runs. An engine that refuses that board is told its
        game's board at the first move, which reports the refusal."""
        if not self._asked_name:
            self._skip_waiting()
            self.process.send("ABOUT")
            line = self._answer(COMMAND_TIMEOUT, "ABOUT")
            self._asked_name = True
            word = line.split(" ", 1)[0].upper()
            fields = about_fields(line)
            if "name" in fields:
                self._name = one_line(fields["name"])[:NAME_CHARS] or None
            elif word not in ("UNKNOWN", "ERROR") and one_line(line):
                self._name = one_line(line)[:NAME_CHARS]
        if self._pid != self.process.pid:
            try:
                self._start(DEFAULT_SIZE)
            except (EngineDied, EngineTimeout):
                self._forget()
                raise
            except EngineError as err:
                self.process.note(f"the default board was refused, the game's is asked at the first move: {err}")
                self._forget()
        return self._name

    def new_game(self) -> None:
        """A new game follows: the engine's board is cleared (``RESTART``) before the next move."""
        if self._known:
            self._known = None

    def close(self) -> None:
        """Tell the engine to end (``END``); the caller then stops the process."""
        if self.process.alive:
            try:
                self.process.send("END")
            except EngineError:
                pass
        self._forget()

    # -- talking ------------------------------------------------------------------
    def _check_game(self, state: State) -> None:
        if state.game_id not in self.games:
            raise ValueError(f"a Gomocup engine plays {', '.join(self.games)}, not {state.game_id}")

    def _prepare(self, state: State, budget: float) -> None:
        """``START`` (a new process or another board size), then the ``INFO`` that changed."""
        size, rule = state.options["size"], rule_code(state.options["rule"])
        if self._pid != self.process.pid or self._size != size:
            self._start(size)
        self._tell(rule, max(1, round(budget * 1000)))

    def _tell(self, rule: int | None, turn_ms: int | None) -> None:
        """``INFO rule`` and ``INFO timeout_turn`` (milliseconds), each if it changed."""
        if rule is not None and self._rule != rule:
            self.process.send(f"INFO rule {rule}")
            self._rule = rule
        if turn_ms is not None and self._turn_ms != turn_ms:
            self.process.send(f"INFO timeout_turn {turn_ms}")
            self._turn_ms = turn_ms

    def _start(self, size: int) -> None:
        """``START`` the engine on a ``size`` board with no match clock (it then knows no rule or turn time)."""
        self._forget()
        self._skip_waiting()
        self.process.send(f"START {size}")
        self._expect_ok(f"START {size}", self.start_timeout, refused=f"cannot play on a {size}x{size} board")
        self._pid, self._size, self._known = self.process.pid, size, []
        self.process.send("INFO timeout_match 0")
        self.process.send(f"INFO time_left {UNLIMITED_MS}")

    def _settle(self) -> None:
        """Wait until ``SETTLE`` seconds have passed since the engine's last move was read."""
        wait = self._answered_at + SETTLE - time.monotonic()
        if wait > 0:
            time.sleep(wait)

    def _ask_move(self, state: State, budget: float) -> int:
        """Bring the engine to ``state``, ask for its move, and return it checked."""
        target = list(state.move_stack)
        asking = self._catch_up(state, target)
        deadline = time.monotonic() + answer_wait(budget)
        self._send_all(asking)
        command, resends = asking[-1], RESENDS
        while True:
            line = self._answer(deadline - time.monotonic(), command)
            word, _, rest = line.partition(" ")
            if word.upper() == "SUGGEST":
                self.process.send(f"PLAY {rest.strip()}")
                command = f"PLAY {rest.strip()}"
                continue
            if word.upper() in ("ERROR", "UNKNOWN") and _dropped_word(line) is not None:
                if _dropped_word(line) == command.split()[-1].upper() and resends:
                    resends -= 1
                    self.process.note(f"{quoted(line)}: {command} was dropped; sent again")
                    self._settle_after_error()
                    self._send_all(asking)
                    continue
                if _dropped_word(line) != command.split()[-1].upper():
                    self.process.note(f"{quoted(line)}: a word of an earlier line was dropped; "
                                      "its INFO is sent again with the next move")
                    self._rule = self._turn_ms = None
                    continue
            break
        if word.upper() in ("ERROR", "UNKNOWN"):
            raise EngineError(f"engine {self.process.name} refused to move ({command}): {quoted(line)}")
        try:
            x, y = parse_point(line)
        except GomocupTextError:
            raise EngineGarbled(f"engine {self.process.name} answered {quoted(line)} to {command}: "
                                "not a move x,y") from None
        self._answered_at = time.monotonic()
        point = self._legal_point(state, x, y, line, command)
        self._known = target + [point]
        return point

    def _ask_swap2(self, state: Gomoku, budget: float) -> Move:
        """Ask ``SWAP2BOARD`` for the Swap2 decision now; the first move of the answer, the
        others kept for the next moves. The engine's board is unknown afterwards."""
        command = "SWAP2BOARD"
        self._send_all(gomocup_swap2.request_lines(state))
        self._known = None
        line = self._answer(answer_wait(budget), command)
        if line.split(" ", 1)[0].upper() in ("ERROR", "UNKNOWN"):
            raise EngineError(f"engine {self.process.name} refused to decide ({command}): {quoted(line)}")
        try:
            moves = gomocup_swap2.answer_moves(state, line)
        except ValueError as err:
            raise EngineIllegal(f"engine {self.process.name} answered {quoted(line)} to {command}: {err}") from None
        self._answered_at = time.monotonic()
        self._pending = (tuple(state.move_stack) + (moves[0],), moves[1:])
        return moves[0]

    def _settle_after_error(self) -> None:
        """Give an engine that dropped a command ``SETTLE`` seconds, and read past the errors its
        other words got meanwhile (a dropped ``BOARD``'s stones)."""
        time.sleep(SETTLE)
        self._skip_waiting()

    def _send_all(self, lines: list[str]) -> None:
        for line in lines:
            self.process.send(line)

    def _catch_up(self, state: State, target: list[int]) -> list[str]:
        """Bring the engine from the position it knows as near ``target`` as answered commands
        can (``TAKEBACK``, ``RESTART``); the lines still to send, which ask for a move."""
        known = self._known
        keep = max(0, len(target) - 1)
        if (known is not None and self._takes_back and 0 < len(known) - keep <= MAX_TAKEBACKS
                and known[:keep] == target[:keep]):
            self._take_back(state, known, keep)
            known = self._known
        if known is not None and len(target) == len(known) + 1 and target[:-1] == known:
            return [f"TURN {self._text(state, target[-1])}"]
        if known == [] and not target:
            return ["BEGIN"]
        if known != []:
            self.process.send("RESTART")
            if self._answer(COMMAND_TIMEOUT, "RESTART").split(" ", 1)[0].upper() != "OK":
                rule, turn_ms = self._rule, self._turn_ms
                self._start(self._size)
                self._tell(rule, turn_ms)
            self._known = []
        if not target:
            return ["BEGIN"]
        if len(target) == 1:
            return [f"TURN {self._text(state, target[0])}"]
        stones = [f"{self._text(state, point)},{1 if index % 2 == state.turn else 2}"
                  for index, point in enumerate(target)]
        return ["BOARD", *stones, "DONE"]

    def _take_back(self, state: State, known: list[int], keep: int) -> None:
        """``TAKEBACK`` the engine's moves after the first ``keep``; an engine that does not know
        the command is not asked again, and what it knows is then unknown."""
        for point in reversed(known[keep:]):
            command = f"TAKEBACK {self._text(state, point)}"
            self.process.send(command)
            line = self._answer(COMMAND_TIMEOUT, command)
            if line.split(" ", 1)[0].upper() != "OK":
                self.process.note(f"{command} answered {quoted(line)}: the whole position is sent instead")
                self._takes_back = False
                self._known = None
                return
            self._known = self._known[:-1]

    def _expect_ok(self, command: str, timeout: float, refused: str) -> None:
        line = self._answer(timeout, command)
        word = line.split(" ", 1)[0].upper()
        if word == "OK":
            return
        if word in ("ERROR", "UNKNOWN"):
            raise EngineError(f"engine {self.process.name} {refused}: it answered {command} with {quoted(line)}")
        raise EngineGarbled(f"engine {self.process.name} answered {command} with {quoted(line)}, not OK")

    def _answer(self, timeout: float, command: str) -> str:
        """The engine's next line that is not ``MESSAGE``, ``DEBUG`` or blank, within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                line = self.process.read_line(max(0.0, left)).strip()
            except EngineTimeout:
                raise EngineTimeout(f"engine {self.process.name}: no answer within {timeout:.2f} s "
                                    f"(to {command})") from None
            word = line.split(" ", 1)[0].upper()
            if line and word not in ("MESSAGE", "DEBUG"):
                return line

    def _skip_waiting(self) -> None:
        """Read past lines the engine sent unasked (late messages), so they are not taken for an answer.

        A late error naming a word the engine did not take for a command means
        a line was dropped: the ``INFO`` is sent again with the next move."""
        for line in self.process.drain():
            self.process.note(f"skipped unasked line {quoted(line)}")
            if _dropped_word(line) is not None:
                self._rule = self._turn_ms = None

    def _legal_point(self, state: State, x: int, y: int, line: str, command: str) -> int:
        size = state.options["size"]
        side = f"{state.seat_name(state.turn)} to move after {len(state.move_stack)} moves"
        if not (0 <= x < size and 0 <= y < size):
            raise EngineIllegal(f"engine {self.process.name} answered {quoted(line)} to {command}: off the "
                                f"{size}x{size} board ({side})")
        point = y * size + x
        trial = state.copy()
        try:
            trial.push(point)
        except IllegalMove as err:
            raise EngineIllegal(f"engine {self.process.name} answered {quoted(line)} to {command}: {err} "
                                f"({side})") from None
        return point

    @staticmethod
    def _text(state: State, point: int) -> str:
        size = state.options["size"]
        return point_text(point % size, point // size)


def _dropped_word(line: str) -> str | None:
    """The word an ``unknown command`` error names (upper case), None for any other line."""
    match = _DROPPED.search(line)
    return match.group(1).strip("'\":").upper() if match else None
