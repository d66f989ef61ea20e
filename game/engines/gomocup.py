"""Our Gomoku bots as a Gomocup engine: ``python main.py engine gomoku [--tier Master]``.

A Gomocup manager (Piskvork, or any program that runs Gomocup brains) starts
the engine and talks to it one line at a time on its standard input and
output (https://plastovicka.github.io/protocl2en.htm). The bot of the chosen
tier runs in this process; nothing but protocol lines reaches the output.

Commands understood (any case): ``START n`` (our board sizes, ``SIZES``),
``RECTSTART w,h`` (square only), ``RESTART``, ``BEGIN``, ``TURN x,y``,
``BOARD`` ... ``DONE`` (field 1 our stone, 2 the opponent's), ``TAKEBACK x,y``,
``PLAY x,y``, ``INFO key value`` (``timeout_turn``, ``timeout_match``,
``time_left``, ``max_memory``, ``rule``, ``game_type``, ``folder``,
``evaluate``), ``ABOUT``, ``END``, and ``SWAP2BOARD`` ... ``DONE`` (Gomocup's Swap2
extension, ``bots/lib/gomocup_swap2.py``: the bot proposes three stones, or
chooses after three or five as its opening decisions do). Points are ``x,y``, the column from
the left and the row from the top, from 0.

Whatever comes in, the engine answers as the protocol says and keeps going: an
unknown command gets ``UNKNOWN``, a command it cannot carry out (a size it
does not play, an illegal or off-board point, a move before ``START``) gets
``ERROR`` with the reason, and its position stays as it was. Blank lines are
skipped. A problem in an ``INFO`` line is told with the answer to the next
command, since managers do not read answers to ``INFO``; a rule the engine
cannot play (a continuous game, Caro) makes every move command answer
``ERROR`` until a rule it plays is set. End of input or ``END`` ends it with
status 0.
"""
from __future__ import annotations

import importlib.metadata
import random
import sys
import time
import tomllib
import traceback
from dataclasses import dataclass, replace
from typing import Any, Callable, TextIO

from bots.lib.gomocup_swap2 import ASKED_AT, answer_line, swap2_complete
from bots.lib.gomocup_text import (
    UNLIMITED_MS, GomocupTextError, about_line, one_line, parse_point, point_text, quoted, rule_name,
)
from game.match.botregistry import BotRegistry, import_bot_class
from game.match.config import MIN_TIME_BUDGET, Config
from game.paths import DISTRIBUTION, ROOT
from game.rules.bot import later_warm_up
from game.rules.core import BadNotation, IllegalMove
from game.rules.gomoku import EMPTY, SIZES, Gomoku

GAMES = ("gomoku",)
#: The plies a long game lasts: the own moves still to play are estimated as half of what is
#: left of them, and never fewer than ``MIN_MOVES_LEFT`` (a game may outlast the estimate).
TYPICAL_PLIES, MIN_MOVES_LEFT = 100, 15
#: The budget kept back from a limit for reading the command, the pipe and the bot's overshoot:
#: a share of the limit and at least a fixed time.
MARGIN_SHARE, MARGIN_SECONDS = 0.1, 0.05
#: The budget when the manager asks to play as fast as possible (``timeout_turn`` 0).
FASTEST = MIN_TIME_BUDGET
#: The longest ``BOARD`` a manager may send (lines before ``DONE``); more is an error.
MAX_BOARD_LINES = 19 * 19 + 1
#: The longest input line read; the rest of a longer one is skipped and the line answered ``ERROR``.
MAX_LINE = 4096


@dataclass(frozen=True)
class TimeInfo:
    """The time limits a manager gave (``INFO``), in milliseconds; ``None`` where it gave none.

    ``timeout_turn`` 0 asks for the fastest play; ``timeout_match`` 0 and a
    ``time_left`` of ``UNLIMITED_MS`` mean no match limit. ``default`` is the
    seconds a move takes when no limit was given (config's time budget).
    """

    timeout_turn: int | None = None
    timeout_match: int | None = None
    time_left: int | None = None
    default: float = 1.0


def moves_left(stones: int, points: int) -> int:
    """An estimate of the own moves still to play with ``stones`` on a board of ``points``:
    half of what is left of a long game, at least ``MIN_MOVES_LEFT``, at most the empty points' half."""
    expected = max(MIN_MOVES_LEFT, (TYPICAL_PLIES - stones) // 2)
    return max(1, min(expected, (points - stones + 1) // 2))


def move_budget(info: TimeInfo, stones: int = 0, points: int = 15 * 15) -> float:
    """The seconds the bot may think on a move, from the manager's limits.

    The tightest of the turn limit and the match time left shared over the own
    moves still to play (``moves_left``), less a margin for the process and the
    pipe (``MARGIN_SHARE`` of it, at least ``MARGIN_SECONDS``); never below
    ``FASTEST``. With no limit given it is ``info.default``; a turn limit of 0
    is the fastest play. ``time_left`` is what the protocol makes the manager
    send when the match is limited; without it, ``timeout_match`` is shared as
    if none of it were spent.
    """
    limits = []
    if info.timeout_turn is not None:
        if info.timeout_turn <= 0:
            return FASTEST
        limits.append(info.timeout_turn / 1000)
    match_ms = None
    if info.time_left is not None and info.time_left != UNLIMITED_MS:
        match_ms = info.time_left
    elif info.time_left is None and info.timeout_match:
        match_ms = info.timeout_match
    if match_ms is not None:
        limits.append(max(0, match_ms) / 1000 / moves_left(stones, points))
    if not limits:
        return max(FASTEST, info.default)
    limit = min(limits)
    return max(FASTEST, limit - max(MARGIN_SECONDS, MARGIN_SHARE * limit))


def program_version() -> str:
    """The program's version (``ABOUT``): the installed distribution's, else pyproject.toml's."""
    try:
        return importlib.metadata.version(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        pass
    try:
        with open(ROOT / "pyproject.toml", "rb") as file:
            return str(tomllib.load(file)["project"]["version"])
    except (OSError, KeyError, tomllib.TOMLDecodeError):
        return "unknown"


class _Refused(Exception):
    """A command that cannot be carried out; the message is the ``ERROR`` answer's text."""


class GomocupEngine:
    """One engine session: the position the manager has set up, its limits and the bot.

    ``handle(line)`` answers one command (a list of output lines, perhaps
    empty); ``serve`` feeds it the input. The bot comes from ``make_bot`` and
    is compiled (``warm_up``) at the first ``START``, not before, so the engine
    starts at once and a manager's first ``START`` waits for numba only once.
    """

    def __init__(self, make_bot: Callable[[], Any], label: str, default_budget: float,
                 rng: random.Random | None = None) -> None:
        self._make_bot = make_bot
        self.label = label
        self.bot: Any = None
        self.state: Gomoku | None = None
        self.size: int | None = None
        self.rule = "freestyle"
        self.refusal: str | None = None
        self.lost: str | None = None
        self.info = TimeInfo(default=default_budget)
        self.notes: list[str] = []
        self.board_lines: list[str] | None = None
        #: Whether the lines being read end a ``SWAP2BOARD`` (else a ``BOARD``).
        self.swap2_lines = False
        self.ended = False
        self.rng = rng or random.Random()

    # -- the loop ---------------------------------------------------------------
    def handle(self, line: str) -> list[str]:
        """The answer lines to one input line (``MESSAGE`` lines first)."""
        received = time.perf_counter()
        text = line.strip()
        if self.board_lines is not None:
            return self._board_line(text, received)
        if not text:
            return []
        word, *more = text.split(None, 1)
        command = word.upper()
        rest = more[0].strip() if more else ""
        if command == "INFO":
            self._info(rest)
            return []
        answers = self._told_notes()
        handler = _COMMANDS.get(command)
        if handler is None:
            return answers + [f"UNKNOWN unknown command {quoted(word)}: this engine knows "
                              + ", ".join(sorted(_COMMANDS | {"INFO": None}))]
        try:
            result = handler(self, rest, received)
        except _Refused as err:
            return answers + [f"ERROR {one_line(str(err))}"]
        return answers + result

    def _board_line(self, text: str, received: float) -> list[str]:
        """A line inside ``BOARD`` or ``SWAP2BOARD``, up to its ``DONE``."""
        if text.upper() == "END":
            self.ended = True
            return []
        if text.upper() != "DONE":
            if self.board_lines is not None and text and len(self.board_lines) <= MAX_BOARD_LINES:
                self.board_lines.append(text)
            return []
        lines, self.board_lines = self.board_lines or [], None
        swap2, self.swap2_lines = self.swap2_lines, False
        answers = self._told_notes()
        try:
            if swap2:
                return answers + self._swap2_done(lines, received)
            return answers + self._board_done(lines, received)
        except _Refused as err:
            return answers + [f"ERROR {one_line(str(err))}"]

    def _told_notes(self) -> list[str]:
        """The ``MESSAGE`` lines of the notes kept for the next answer (``INFO`` problems), now said."""
        answers, self.notes = [f"MESSAGE {note}" for note in self.notes], []
        return answers

    # -- commands ---------------------------------------------------------------
    def _start(self, rest: str, received: float) -> list[str]:
        try:
            size = int(rest)
        except ValueError:
            raise _Refused(f"START needs a board size, got {quoted(rest)}") from None
        return self._open(size)

    def _rectstart(self, rest: str, received: float) -> list[str]:
        try:
            width, height = parse_point(rest)
        except GomocupTextError:
            raise _Refused(f"RECTSTART needs width,height, got {quoted(rest)}") from None
        if width != height:
            raise _Refused(f"unsupported board {width}x{height}: this engine plays square boards only")
        return self._open(width)

    def _open(self, size: int) -> list[str]:
        if size not in SIZES:
            raise _Refused(f"unsupported size {size}: this engine plays {', '.join(map(str, SIZES))}")
        self._ready_bot()
        self.size = size
        return self._restart("", 0.0)

    def _restart(self, rest: str, received: float) -> list[str]:
        if self.size is None:
            raise _Refused("no board yet: send START with a board size first")
        self.state, self.lost = Gomoku(size=self.size, rule=self.rule), None
        self.bot.new_game()
        return ["OK"]

    def _begin(self, rest: str, received: float) -> list[str]:
        state = self._playable()
        if state.move_stack:
            raise _Refused(f"BEGIN on a board with {len(state.move_stack)} stones: BEGIN opens an empty board")
        return self._reply(received)

    def _turn(self, rest: str, received: float) -> list[str]:
        state = self._playable()
        point = self._point(rest, "TURN")
        self._push(state, point, "the opponent's move")
        return self._reply(received)

    def _play(self, rest: str, received: float) -> list[str]:
        state = self._playable()
        point = self._point(rest, "PLAY")
        self._push(state, point, "the move imposed")
        return [point_text(*state.col_row(point))]

    def _board(self, rest: str, received: float) -> list[str]:
        self.board_lines = []
        return []

    def _swap2board(self, rest: str, received: float) -> list[str]:
        self.board_lines, self.swap2_lines = [], True
        return []

    def _swap2_done(self, lines: list[str], received: float) -> list[str]:
        """The bot's Swap2 decision for the stones of a ``SWAP2BOARD``, as one answer line; the
        stones are a new position, as ``BOARD``'s are (one a rule change broke is replaced)."""
        self._started(replacing=True)
        if self.refusal is not None:
            raise _Refused(self.refusal)
        if len(lines) not in ASKED_AT:
            raise _Refused(f"SWAP2BOARD with {len(lines)} stones: Swap2 asks after 0, 3 or 5")
        state = Gomoku(size=self.size, rule=self.rule, opening="swap2")
        for number, line in enumerate(lines, start=1):
            point = self._point(",".join(line.split(",")[:2]), "SWAP2BOARD")
            if number == 4:
                state.push("more")
            self._push(state, point, f"SWAP2BOARD stone {number}")
        seat, start = state.turn, state.copy()
        budget = max(FASTEST, move_budget(self.info, len(lines), state.size * state.size)
                     - (time.perf_counter() - received))
        moves: list[Any] = []
        while state.outcome() is None and state.turn == seat and not swap2_complete(start, moves):
            try:
                move = self.bot.choose_move(state.copy(), budget / 3)
                if not state.is_legal(move):
                    raise ValueError(f"it chose {move!r}, not a legal decision")
            except Exception as err:  # noqa: BLE001 - a bot's failure must not end the engine
                traceback.print_exc(file=sys.stderr)
                raise _Refused(f"the {self.label} bot failed to decide: {one_line(str(err))[:120]}") from None
            state.push(move)
            moves.append(move)
        self.state, self.lost = state.plain(), None
        return [answer_line(start, moves)]

    def _board_done(self, lines: list[str], received: float) -> list[str]:
        self._started(replacing=True)
        if self.refusal is not None:
            raise _Refused(self.refusal)
        if len(lines) > MAX_BOARD_LINES:
            raise _Refused(f"BOARD of more than {MAX_BOARD_LINES} lines: no board of ours has so many points")
        stones: list[tuple[int, int]] = []
        for line in lines:
            words = [word.strip() for word in line.split(",")]
            if len(words) != 3:
                raise _Refused(f"BOARD line {quoted(line)} is not x,y,field")
            point = self._point(",".join(words[:2]), "BOARD")
            if words[2] not in ("1", "2"):
                raise _Refused(f"BOARD line {quoted(line)}: field {quoted(words[2])} is not 1 (own stone) or "
                               "2 (opponent's); 3 belongs to a continuous game, which this engine does not play")
            stones.append((point, int(words[2])))
        self.state, self.lost = self._position(stones), None
        self.bot.new_game()
        return self._reply(received)

    def _position(self, stones: list[tuple[int, int]]) -> Gomoku:
        """The game whose board holds ``stones`` (point, 1 own / 2 opponent's) with us to move:
        played in the order given when it alternates from Black, else in an order the rules allow."""
        own = [point for point, field in stones if field == 1]
        theirs = [point for point, field in stones if field == 2]
        if len(own) == len(theirs):
            black, white, first = own, theirs, 1
        elif len(theirs) == len(own) + 1:
            black, white, first = theirs, own, 2
        else:
            raise _Refused(f"BOARD has {len(own)} own and {len(theirs)} opponent stones: with this engine to "
                           "move it has as many as the opponent (it is Black) or one fewer (White)")
        state = Gomoku(size=self.size, rule=self.rule)
        if all(field == (first if n % 2 == 0 else 3 - first) for n, (_, field) in enumerate(stones)):
            try:
                for point, _ in stones:
                    state.push(point)
                return state
            except IllegalMove:
                pass
        try:
            return Gomoku.from_stones(black, white, size=self.size, rule=self.rule)
        except BadNotation as err:
            raise _Refused(f"BOARD: {err}") from None

    def _takeback(self, rest: str, received: float) -> list[str]:
        state = self._started()
        point = self._point(rest, "TAKEBACK")
        if state.move_stack and state.move_stack[-1] == point:
            state.pop()
            return ["OK"]
        col, row = state.col_row(point)
        colour = state.stone(col, row)
        if not state.move_stack or colour == EMPTY:
            raise _Refused(f"TAKEBACK {point_text(col, row)}: there is no stone there")
        last = state.move_stack[-1]
        last_colour = state.stone(*state.col_row(last))
        if colour != last_colour:
            raise _Refused(f"TAKEBACK {point_text(col, row)}: the last stone played is the other colour's, at "
                           f"{point_text(*state.col_row(last))}")
        black, white = state.stones(0), state.stones(1)
        (black if colour == state.colour(0) else white).remove(point)
        try:
            self.state = Gomoku.from_stones(black, white, size=self.size, rule=self.rule)
        except BadNotation as err:
            raise _Refused(f"TAKEBACK {point_text(col, row)}: {err}") from None
        return ["OK"]

    def _about(self, rest: str, received: float) -> list[str]:
        return [about_line({"name": f"Board Arcade Gomoku {self.label}", "version": program_version(),
                            "author": "Board Arcade", "country": "unknown"})]

    def _end(self, rest: str, received: float) -> list[str]:
        self.ended = True
        return []

    def _info(self, rest: str) -> None:
        key, _, value = rest.partition(" ")
        key, value = key.lower(), value.strip()
        if key not in ("timeout_turn", "timeout_match", "time_left", "max_memory", "rule"):
            return  # game_type, folder, evaluate and keys we do not know: nothing to do
        try:
            number = int(value)
        except ValueError:
            self.notes.append(f"INFO {key} ignored: {quoted(value)} is not a whole number")
            return
        if key == "rule":
            self._set_rule(number)
        elif key != "max_memory":  # our bots' memory is small and fixed
            if number < 0 and key != "time_left":
                self.notes.append(f"INFO {key} ignored: {number} is negative")
                return
            self.info = replace(self.info, **{key: number})

    def _set_rule(self, code: int) -> None:
        try:
            rule = rule_name(code)
        except GomocupTextError as err:
            self.refusal = str(err)
            return
        self.refusal = None
        if rule == self.rule:
            return
        self.rule = rule
        if self.state is not None:
            again = Gomoku(size=self.size, rule=rule)
            try:
                for point in self.state.move_stack:
                    again.push(point)
            except IllegalMove as err:
                self.lost = (f"the stones on the board are no game under rule {code} ({err}): send the "
                             "position again (RESTART, BOARD)")
                return
            self.state = again

    # -- helpers ----------------------------------------------------------------
    def _started(self, replacing: bool = False) -> Gomoku:
        """The position; ``_Refused`` before ``START``, and while a rule change left it
        unplayable, unless the command is ``replacing`` it (or reading a point for a new one)."""
        if self.state is None or self.size is None:
            raise _Refused("no board yet: send START with a board size first")
        if self.lost is not None and not replacing:
            raise _Refused(self.lost)
        return self.state

    def _playable(self) -> Gomoku:
        """The position, for a command that moves: refused under a rule this engine does not play."""
        state = self._started()
        if self.refusal is not None:
            raise _Refused(self.refusal)
        return state

    def _point(self, text: str, command: str) -> int:
        state = self._started(replacing=True)
        try:
            x, y = parse_point(text)
        except GomocupTextError as err:
            raise _Refused(f"{command}: {err}") from None
        if not (0 <= x < state.size and 0 <= y < state.size):
            raise _Refused(f"{command} {point_text(x, y)} is off the {state.size}x{state.size} board "
                           f"(0 to {state.size - 1} each way)")
        return state.point(x, y)

    @staticmethod
    def _push(state: Gomoku, point: int, what: str) -> None:
        try:
            state.push(point)
        except IllegalMove as err:
            raise _Refused(f"{what} {point_text(*state.col_row(point))} is illegal: {err}") from None

    def _ready_bot(self) -> None:
        if self.bot is not None:
            return
        try:
            bot = self._make_bot()
            type(bot).warm_up()
            later = later_warm_up(type(bot))
            if later is not None:
                later()
        except Exception as err:  # noqa: BLE001 - told to the manager, the traceback to stderr
            traceback.print_exc(file=sys.stderr)
            raise _Refused(f"the {self.label} bot could not be prepared: {type(err).__name__}: {err}") from None
        self.bot = bot

    def _reply(self, received: float) -> list[str]:
        """Our move in the current position, played on our board, as an answer line."""
        state = self._started()
        outcome = state.outcome()
        if outcome is not None:
            who = ", ".join(state.seat_name(s) for s in outcome.winners)
            raise _Refused(f"the game is over: {who + ' wins' if who else 'a draw'} ({outcome.reason})")
        spent = time.perf_counter() - received
        budget = max(FASTEST, move_budget(self.info, len(state.move_stack), state.size * state.size) - spent)
        answers = []
        try:
            move = self.bot.choose_move(state.copy(), budget)
            if not state.is_legal(move):
                raise ValueError(f"it chose {move!r}, not a legal point")
        except Exception as err:  # noqa: BLE001 - a bot's failure must not end the engine
            traceback.print_exc(file=sys.stderr)
            move = self.rng.choice(state.opening_moves())
            answers.append(f"MESSAGE the {self.label} bot failed ({one_line(type(err).__name__)}: "
                           f"{one_line(str(err))[:120]}); a random point is played instead")
        state.push(move)
        return answers + [point_text(*state.col_row(move))]


_COMMANDS: dict[str, Callable[[GomocupEngine, str, float], list[str]]] = {
    "START": GomocupEngine._start, "RECTSTART": GomocupEngine._rectstart, "RESTART": GomocupEngine._restart,
    "BEGIN": GomocupEngine._begin, "TURN": GomocupEngine._turn, "BOARD": GomocupEngine._board,
    "TAKEBACK": GomocupEngine._takeback, "PLAY": GomocupEngine._play, "ABOUT": GomocupEngine._about,
    "END": GomocupEngine._end, "SWAP2BOARD": GomocupEngine._swap2board,
}


def serve(game_id: str, tier: str, config: Config, registry: BotRegistry, stdin: TextIO, stdout: TextIO) -> int:
    """Speak the Gomocup protocol on ``stdin``/``stdout`` with ``tier``'s bot until end of input
    or ``END``; returns the exit status (0). ``BotChoiceError`` if the tier is not a Gomoku bot."""
    if game_id not in GAMES:
        raise ValueError(f"the Gomocup protocol plays {', '.join(GAMES)}, not {game_id!r}")
    spec = config.bot_spec(game_id, tier, registry)
    try:  # built now, so START pays only for the warm-up; a failure is START's ERROR
        cls, _ = import_bot_class(spec.module, spec.key, spec.path)
        bot, failure = cls(seed=spec.seed, **spec.params), None
    except Exception as err:  # noqa: BLE001 - told to the manager at START
        bot, failure = None, err

    def make_bot() -> Any:
        if failure is not None:
            raise failure
        return bot

    engine = GomocupEngine(make_bot, spec.label, spec.budget)
    while not engine.ended:
        try:
            line = stdin.readline(MAX_LINE)
            if len(line) == MAX_LINE and not line.endswith("\n"):
                while (rest := stdin.readline(MAX_LINE)) and not rest.endswith("\n"):
                    pass
                answers = [f"ERROR a line longer than {MAX_LINE} characters, beginning {quoted(line)}"]
            elif not line:
                break
            else:
                answers = engine.handle(line)
        except (UnicodeDecodeError, ValueError) as err:
            answers = [f"ERROR a line that is not text: {one_line(str(err))[:120]}"]
        for answer in answers:
            stdout.write(answer + "\n")
        stdout.flush()
    return 0
