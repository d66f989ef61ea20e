"""Our Reversi bots as an NBoard engine: ``python main.py engine reversi [--tier Master]``.

NBoard is the Othello GUI whose text protocol (version 2) Othello engines such
as Edax and Ntest speak on their standard input and output; any program that
drives them can drive ours. The bot of the chosen tier runs in this process
(compiled once at start, before the first command is read), and standard output
carries protocol lines only: anything else goes to standard error.

Commands read, one per line (case of the command word does not matter):

* ``nboard 2``: answered ``set myname BoardArcade-<Tier>``.
* ``set game GGF``: the game so far (``game/rules/reversi_ggf.py``); a game
  that cannot be read is answered with a ``status`` line saying why, and the
  engine has no position until the next ``set game``.
* ``set depth N`` / ``set contempt N``: kept, but they change nothing: our
  bots search by time, not to a depth, and value a draw as 0.
* ``move F5[/eval/seconds]``: a move played (``PA``: a pass); the seconds
  count on the mover's GGF clock.
* ``hint N``: the N best moves as ``search MOVE EVAL 0 DEPTH TEXT`` lines, then
  ``status`` (see below).
* ``go``: ``=== F5//SECONDS`` (no eval: choosing a move does not value it);
  the engine does not play the move itself, the GUI sends it back with
  ``move``.
* ``ping N``: ``pong N``, after everything before it is answered.
* ``learn``: this engine keeps no book: a ``status`` line says nothing was
  stored, then the ``learned`` the protocol asks for.
* ``quit`` or the end of input: exit with status 0.

Anything else is ignored with a ``status`` line naming it, as the protocol
asks (an engine ignores what it does not understand). ``status`` lines also
say when the engine thinks and waits.

A hint gives the values of the game's hint tier (``config.yaml``'s ``hint``:
Master), whatever tier plays, as the arcade's Hint does; with another tier
playing, that bot is built and compiled at the first hint. Evals are its
scores, discs for the side to move (Hard's and Master's are): an exact
final disc difference is written with the depth ``100%``, NBoard's mark of a
solved move; an estimate with the depth its search reached (Hard and Master
say it; ``0`` for a bot that does not) and the free text ``(estimate)``.
Estimates come before solved moves: NBoard shows the depth it got last as
current and greys the values of the depth before.

Time: a move gets the game's ``time_budget`` (``config.yaml``) and a hint its
``hint_time``; when the GGF clock of the side to move (``TI``, or ``TB``/``TW``)
is tighter, its time left (main time, plus an increment per move made, less
the seconds written beside its moves) is shared over the moves that side has
left, plus one increment.
"""
from __future__ import annotations

import contextlib
import io
import sys
import time
import traceback
from typing import Any, Callable, Iterator, TextIO

from game.rules.bot import VALUE, MoveValue, later_warm_up
from game.rules.core import BadNotation, IllegalMove
from game.rules.reversi import PASS, Reversi
from game.rules.reversi_ggf import GgfClock, move_word, read_ggf
from game.match.botregistry import BotRegistry, import_bot_class
from game.match.config import BotChoiceError, Config
from game.match.runner import BotSpec

GAMES: tuple[str, ...] = ("reversi",)
#: The least a move or hint is given, however little a clock has left.
LEAST_SECONDS = 0.05
#: The depth written beside a value NBoard should show as solved.
EXACT_DEPTH = "100%"
#: The depth written beside an estimate of a bot that does not say how deep it searched (NBoard
#: reads a depth that does not start with a number as a fault).
UNKNOWN_DEPTH = "0"


class NBoardSession:
    """One engine session: the position NBoard has set, the clocks, and the bot that answers."""

    def __init__(self, bot: Any, name: str, move_seconds: float, hint_seconds: float, out: TextIO,
                 hint_bot: Callable[[], Any] | None = None) -> None:
        self.bot = bot
        #: The bot whose values a hint gives, built on the first hint (default: ``bot``).
        self.hint_bot = hint_bot or (lambda: bot)
        self.name = name
        self.move_seconds = move_seconds
        self.hint_seconds = hint_seconds
        self.out = out
        self.state: Reversi | None = Reversi()
        self.depth: int | None = None
        self.contempt: float = 0.0
        self.clocks: tuple[GgfClock | None, GgfClock | None] = (None, None)
        #: Per seat: the moves it made and the seconds written beside them.
        self.moves_made = [0, 0]
        self.seconds_used = [0.0, 0.0]
        self.why_no_position = ""

    def send(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    def handle(self, line: str) -> bool:
        """Answer one command line; False once the session should end (``quit``)."""
        words = line.split(None, 1)
        if not words:
            return True
        command, rest = words[0].lower(), (words[1] if len(words) > 1 else "").strip()
        handler = _COMMANDS.get(command)
        if handler is None:
            self.send(f"status unknown command {_shown(line)}: ignored")
            return True
        try:
            return handler(self, rest) is not False
        except Exception as err:  # noqa: BLE001 - a bot's failure is reported; the session goes on
            traceback.print_exc(file=sys.stderr)
            self.send(f"status {command} failed: {type(err).__name__}: {err}")
            return True

    # -- commands -------------------------------------------------------------
    def nboard(self, rest: str) -> None:
        if rest.strip() not in ("1", "2"):
            self.send(f"status protocol version {_shown(rest)} is unknown here; speaking version 2")
        self.send(f"set myname {self.name}")

    def set(self, rest: str) -> None:
        words = rest.split(None, 1)
        what, value = (words[0].lower(), words[1].strip() if len(words) > 1 else "") if words else ("", "")
        if what == "game":
            self.set_game(value)
        elif what == "depth":
            self.depth = self._number(value, "set depth", int)
        elif what == "contempt":
            self.contempt = self._number(value, "set contempt", float) or 0.0
        else:
            self.send(f"status unknown setting {_shown(rest)}: ignored")

    def set_game(self, text: str) -> None:
        try:
            game = read_ggf(text)
            state = game.state()
        except BadNotation as err:
            self.state, self.why_no_position = None, f"the last set game could not be read: {err}"
            self.send(f"status cannot read the game: {err}")
            return
        self.state, self.clocks = state, game.clocks
        for seat, colour in enumerate("BW"):
            own = [move for move in game.moves if move.colour == colour]
            self.moves_made[seat] = len(own)
            self.seconds_used[seat] = sum(move.seconds or 0.0 for move in own)

    def move(self, rest: str) -> None:
        state = self._position("move")
        if state is None:
            return
        fields = rest.split("/")
        word = fields[0].strip()
        try:
            move = PASS if word.lower() in ("pa", "pass") else state.parse_move(word)
            seconds = float(fields[2]) if len(fields) > 2 and fields[2].strip() else 0.0
        except (BadNotation, ValueError):
            self.send(f"status cannot read move {_shown(rest)}: write a square such as F5, or PA")
            return
        if move != PASS and state.must_pass():
            state.push(PASS)
        mover = state.turn
        try:
            state.push(move)
        except IllegalMove as err:
            self.send(f"status move {_shown(rest)} ignored: {err}")
            return
        self.moves_made[mover] += 1
        self.seconds_used[mover] += seconds

    def hint(self, rest: str) -> None:
        state = self._position("hint")
        if state is None:
            return
        wanted = self._number(rest or "1", "hint", int)
        if wanted is None:
            return
        if state.outcome() is not None:
            self.send("status the game is over: no move to value")
            return
        self.send(f"status {self.name} is thinking")
        bot = self.hint_bot()
        values = bot.analyse(state.copy(), self._seconds(state, self.hint_seconds))
        searched = getattr(bot, "searched_depth", None)
        estimate_depth = UNKNOWN_DEPTH if searched is None else str(searched)
        best = sorted(values.items(), key=lambda item: -item[1].score)[:max(1, wanted)]
        # Estimates first, then solved moves: NBoard shows the last depth sent as current, earlier ones as old.
        for move, value in sorted(best, key=lambda item: _solved(item[1])):
            depth = EXACT_DEPTH if _solved(value) else estimate_depth
            self.send(f"search {move_word(move)} {value.score:.2f} 0 {depth} {value.text}")
        if not values:
            self.send(f"status {self.name} gives no move values")
        self.send(f"status {self.name} is waiting")

    def go(self, rest: str) -> None:
        state = self._position("go")
        if state is None:
            return
        moves = state.legal_moves()
        if not moves:
            self.send("status the game is over: no move to play")
            return
        self.send(f"status {self.name} is thinking")
        begun = time.perf_counter()
        if len(moves) == 1:
            move = moves[0]
        else:
            move = self.bot.choose_move(state.copy(), self._seconds(state, self.move_seconds))
        if move not in moves:
            raise IllegalMove(f"the bot chose {state.move_to_str(move)!r}, which is not legal here")
        self.send(f"=== {move_word(move)}//{time.perf_counter() - begun:.2f}")
        self.send(f"status {self.name} is waiting")

    def ping(self, rest: str) -> None:
        self.send(f"pong {rest}".rstrip())

    def learn(self, rest: str) -> None:
        self.send(f"status {self.name} keeps no book: nothing was learned")
        self.send("learned")

    def quit(self, rest: str) -> bool:
        return False

    # -- helpers --------------------------------------------------------------
    def _position(self, command: str) -> Reversi | None:
        if self.state is None:
            self.send(f"status {command} ignored: no position ({self.why_no_position})")
        return self.state

    def _number(self, text: str, command: str, kind: type) -> Any:
        try:
            return kind(text.split()[0])
        except (ValueError, IndexError):
            self.send(f"status {command} {_shown(text)} ignored: not a number")
            return None

    def _seconds(self, state: Reversi, default: float) -> float:
        """The seconds to think: ``default``, or the clock's share of its time left if that is less."""
        seat = state.turn
        clock = self.clocks[seat]
        if clock is None:
            return default
        left = clock.left(self.moves_made[seat], self.seconds_used[seat])
        black, white = state.counts()
        own_moves_left = max(1, (64 - black - white + 1) // 2)
        return max(LEAST_SECONDS, min(default, max(0.0, left) / own_moves_left + clock.increment))


_COMMANDS = {name: getattr(NBoardSession, name)
             for name in ("nboard", "set", "move", "hint", "go", "ping", "learn", "quit")}


def serve(game_id: str, tier: str | None, config: Config, registry: BotRegistry,
          stdin: TextIO, stdout: TextIO) -> int:
    """Speak the NBoard protocol for ``tier``'s bot (default: the strongest) until ``quit`` or
    the end of input; the exit status (2: no such game or tier, 1: its bot could not start;
    either said in one line on standard error)."""
    if game_id not in GAMES:
        print(f"no NBoard engine for {game_id!r}: it plays {', '.join(GAMES)}", file=sys.stderr)
        return 2
    game = config.game(game_id)
    choice = tier or (game.tiers[-1].name if game.tiers else "")
    try:
        spec = config.bot_spec(game_id, choice, registry)
        hint_spec = config.bot_spec(game_id, game.hint_tier, registry) if game.hint_tier else spec
    except BotChoiceError as err:
        print(err, file=sys.stderr)
        return 2
    with contextlib.redirect_stdout(sys.stderr):
        try:
            bot = _started_bot(spec)
        except Exception as err:  # noqa: BLE001 - a bot that cannot start is reported in one line
            print(f"cannot start {spec.who} for {game_id}: {type(err).__name__}: {err}", file=sys.stderr)
            return 1
        hint_bots = [bot] if (hint_spec.key, hint_spec.params) == (spec.key, spec.params) else []

        def hint_bot() -> Any:
            if not hint_bots:
                hint_bots.append(_started_bot(hint_spec))
            return hint_bots[0]

        session = NBoardSession(bot, "BoardArcade-" + "_".join(spec.label.split()), game.time_budget,
                                game.hint_seconds, stdout, hint_bot)
        for line in _lines_of(stdin):
            if not session.handle(line.strip()):
                break
    return 0


def _started_bot(spec: BotSpec) -> Any:
    """The bot ``spec`` names, built and its engine compiled (``warm_up`` and ``warm_up_later``)."""
    cls, _ = import_bot_class(spec.module, spec.key, spec.path)
    bot = cls(seed=spec.seed, **spec.params)
    cls.warm_up()
    later = later_warm_up(cls)
    if later is not None:
        later()
    return bot


def _lines_of(stdin: TextIO) -> Iterator[str]:
    """The input's lines, bytes that are not UTF-8 read as U+FFFD (a garbled line is answered, never
    fatal): a stream that decodes strictly is read again from its bytes (``main.py engine`` gives one
    that does not)."""
    buffer = getattr(stdin, "buffer", None)
    if buffer is None or getattr(stdin, "errors", "strict") != "strict":
        return iter(stdin)
    return iter(io.TextIOWrapper(buffer, encoding="utf-8", errors="replace"))


def _solved(value: MoveValue) -> bool:
    return value.exact and value.bound == VALUE


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 60 else text[:57] + "...")
