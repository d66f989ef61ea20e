"""Any NBoard engine (Edax, Ntest, our own ``main.py engine reversi``) asked for moves and move values.

NBoard's protocol (version 2) is line by line on the engine's standard input
and output. ``NBoardClient`` drives an engine an ``EngineProcess`` has
started:

* on first use it says ``nboard 2`` and ``set depth``, then ``ping`` and waits
  for the ``pong`` (an engine may take a while to load its book or compile);
  an engine the caller has restarted (a new process) is greeted again;
* before each request it sends ``ping N`` and then the position: ``move`` for
  each move since the position the engine last had when the game extends it,
  otherwise the whole game as GGF (``set game``, written by
  ``game/rules/reversi_ggf.py``); every line before ``pong N`` is left over
  from an earlier request and skipped, so answers never get mixed up;
* ``move`` sends ``go`` and reads ``=== F5/eval/seconds`` (Edax writes the
  fields apart: ``=== f5 -1.00 0.5``; both are read);
* ``values`` sends ``hint N`` (N: every legal move) and a ``ping``, and reads
  the ``search`` and ``book`` lines (a later line for a move replaces an
  earlier, shallower one) until a ``status`` line follows them (Edax, Ntest
  and ours all end a hint with one) or the ``pong`` comes (an engine that
  values no move).

Time: NBoard has no per-move time command; engines get the midgame depth and
the GGF clock. The client writes ``TI`` as ``budget`` seconds for each move
the side to move has left, and writes beside each move of the engine's own
the seconds it took, so an engine that honours the clock (ours does) thinks
about ``budget`` a move; Edax reads no clock, so its strength and speed are
its ``depth`` (``set depth``, default ``DEFAULT_DEPTH``). Answers are waited
for ``budget`` plus a grace (``clock.answer_wait``).

Values: evals are discs for the side to move. A ``search`` line whose depth
is ``100%`` is an exact, solved value; any other depth, and every ``book``
line, is an estimate. Under ``split`` counting an engine's exact score counts
empties the world federation's way (to the winner), so it is only an
estimate of the split score. ``status``, ``nodestats``, ``set myname`` and
lines the protocol does not know are skipped (the log keeps them); a line
that is not text, an answer that cannot be read, or a move that is not legal
raise the ``EngineError`` that says so.
"""
from __future__ import annotations

import math
import time
from typing import ClassVar, Iterator

from game.rules.bot import MoveValue
from game.rules.core import BadNotation, State
from game.rules.reversi import PASS, Reversi
from game.rules.reversi_ggf import GgfClock, move_word, write_ggf
from bots.lib.clock import answer_wait
from bots.lib.reversi_words import discs_text, exact_text
from bots.lib.engine_process import EngineError, EngineGarbled, EngineIllegal, EngineProcess, EngineTimeout

#: The midgame depth sent with ``set depth`` (Edax's levels: 10 answers at once, 21 is its default).
DEFAULT_DEPTH = 14
#: Seconds an engine may take to start and answer the first ``ping`` (loading a book, compiling).
START_SECONDS = 60.0
#: The depth an engine writes beside an exact (solved) value.
EXACT_DEPTH = "100%"
_PASS_WORDS = ("pa", "ps", "pass")
_INFORMATIONAL = ("status", "nodestats", "set", "learned", "learn", "search", "book", "pong")


class NBoardClient:
    """One NBoard engine's side of a game: ``move`` and ``values`` for Reversi positions."""

    protocol: ClassVar[str] = "nboard"
    games: ClassVar[tuple[str, ...]] = ("reversi",)

    def __init__(self, process: EngineProcess, *, depth: int = DEFAULT_DEPTH) -> None:
        self.process = process
        self.depth = depth
        self._name: str | None = None
        #: The process id the greeting was made to: a restarted engine is greeted again.
        self._greeted: int | None = None
        self._ping = 0
        #: The game the engine has (a copy), and the budget its clock was written for.
        self._told: Reversi | None = None
        self._told_budget: float | None = None
        #: The engine's last answer to ``go``: (ply, move, seconds), written beside the move when sent.
        self._answered: tuple[int, int, float] | None = None

    # -- the shared client interface ------------------------------------------------
    def engine_name(self) -> str | None:
        """The name the engine gave with ``set myname`` (``None`` if it gave none).

        Asked first, it is the handshake: the engine is greeted (``nboard 2``, a
        ``ping`` answered), so what it does at start (loading a book, compiling)
        is done before the first move's clock runs."""
        self._greet(0.0)
        return self._name

    def new_game(self) -> None:
        """Forget the game the engine has: the next request sends the whole game."""
        self._told = None
        self._answered = None

    def close(self) -> None:
        """Tell the engine to quit (its process is the caller's to stop)."""
        if self.process.alive:
            try:
                self.process.send("quit")
            except EngineError:
                pass

    def move(self, state: State, budget: float) -> int:
        """The engine's move in ``state`` (a legal move: the square, or ``PASS``), within ``budget`` seconds."""
        position = self._reversi(state)
        if not position.legal_moves():
            raise ValueError(f"no move to ask for: the game {position.moves_to_text()!r} is over")
        deadline = self._greet(budget)
        ping = self._bring_to(position, budget)
        self.process.send("go")
        begun = time.monotonic()
        self._await_pong(ping, deadline, "go")
        for line in self._lines(deadline, "answer to go (=== MOVE)"):
            if _word(line) == "===":
                break
            self._skip(line)
        move = self._answered_move(line, position)
        self._answered = (len(position.move_stack), move, time.monotonic() - begun)
        return move

    def values(self, state: State, budget: float) -> dict[int, MoveValue]:
        """The engine's value of each move ``hint`` gives within ``budget`` seconds (others unknown)."""
        position = self._reversi(state)
        legal = position.legal_moves()
        if not legal:
            return {}
        deadline = self._greet(budget)
        ping = self._bring_to(position, budget)
        self.process.send(f"hint {len(legal)}")
        done = self._next_ping()
        self._await_pong(ping, deadline, "hint")
        values: dict[int, MoveValue] = {}
        try:
            for line in self._lines(deadline, "hint values (search or book lines)"):
                word = _word(line)
                if word in ("search", "book"):
                    move, value = self._hint_value(line, position)
                    values[move] = value
                elif word == "status" and values or line.split() == ["pong", str(done)]:
                    break
                else:
                    self._skip(line)
        except EngineTimeout:
            if not values:
                raise
            self.process.note(f"hint cut off at the deadline with {len(values)} of {len(legal)} moves valued")
        return values

    # -- talking ---------------------------------------------------------------------
    def _greet(self, budget: float) -> float:
        """Say hello on first use; the deadline of a request of ``budget`` seconds starting now."""
        if self._greeted is None or self._greeted != self.process.pid:
            self.new_game()
            self.process.send("nboard 2")
            self.process.send(f"set depth {self.depth}")
            ping = self._next_ping()
            self._await_pong(ping, time.monotonic() + START_SECONDS, "its start (nboard 2)")
            self._greeted = self.process.pid
        return time.monotonic() + answer_wait(budget)

    def _bring_to(self, state: Reversi, budget: float) -> int:
        """Send ``ping`` and whatever brings the engine to ``state``; the ping's number."""
        ping = self._next_ping()
        told = self._told
        if told is not None and self._told_budget == budget and _extends(state, told):
            for ply in range(len(told.move_stack), len(state.move_stack)):
                move = state.move_stack[ply]
                seconds = ""
                if self._answered is not None and self._answered[:2] == (ply, move):
                    seconds = f"//{self._answered[2]:.2f}"
                self.process.send(f"move {move_word(move)}{seconds}")
        else:
            clock = GgfClock(budget * _moves_left(state))
            self.process.send("set game " + write_ggf(state, clock=clock, black="Black", white="White"))
        self._told, self._told_budget = state.copy(), budget
        return ping

    def _next_ping(self) -> int:
        self._ping += 1
        self.process.send(f"ping {self._ping}")
        return self._ping

    def _await_pong(self, ping: int, deadline: float, what: str) -> None:
        """Read up to ``pong ping``: what came before answers an earlier request and is skipped."""
        for line in self._lines(deadline, f"pong {ping} (for {what})"):
            words = line.split()
            if words[:1] == ["pong"] and words[1:2] == [str(ping)]:
                return
            self._skip(line)

    def _lines(self, deadline: float, waiting_for: str) -> Iterator[str]:
        """The engine's lines until ``deadline``; ``EngineTimeout`` saying what was awaited."""
        while True:
            try:
                line = self.process.read_line(deadline - time.monotonic())
            except EngineTimeout:
                raise EngineTimeout(f"engine {self.process.name}: no {waiting_for} in time") from None
            if any(ord(c) < 32 and c != "\t" or c == "\ufffd" for c in line):
                raise EngineGarbled(f"engine {self.process.name} wrote a line that is not text: {line[:80]!r}")
            yield line

    def _skip(self, line: str) -> None:
        """A line that answers nothing asked: the engine's name is kept, the unknown noted in the log."""
        words = line.split()
        if words[:2] == ["set", "myname"]:
            self._name = " ".join(words[2:]) or self._name
        elif words and words[0] not in _INFORMATIONAL:
            self.process.note(f"skipped a line the protocol does not know: {line[:80]!r}")

    # -- reading answers ---------------------------------------------------------------
    def _answered_move(self, line: str, state: Reversi) -> int:
        """The move of an ``=== MOVE[/eval/seconds]`` line, checked legal in ``state``."""
        fields = "/".join(line.split()[1:]).split("/")
        word = fields[0]
        if not word:
            raise EngineGarbled(f"engine {self.process.name} answered go with {line!r}: no move in it")
        return self._legal(word, line, state)

    def _hint_value(self, line: str, state: Reversi) -> tuple[int, MoveValue]:
        """One ``search PV EVAL 0 DEPTH`` or ``book PV EVAL GAMES DEPTH`` line as (move, value)."""
        fields = line.split()
        if len(fields) < 3:
            raise EngineGarbled(f"engine {self.process.name} wrote {line!r}: a hint needs a move and an eval")
        move = self._legal(fields[1][:2], line, state)
        score = _eval(fields[2])
        if score is None:
            raise EngineGarbled(f"engine {self.process.name} wrote {line!r}: {fields[2]!r} is not an eval")
        depth = fields[4] if len(fields) > 4 else ""
        solved = fields[0] == "search" and depth == EXACT_DEPTH and score == int(score)
        if solved and state.counting == "winner":
            return move, MoveValue(score, exact_text(int(score)), exact=True)
        source = "book" if fields[0] == "book" else "search"
        what = "exact for empties to the winner, an estimate here" if solved else f"{source} estimate"
        return move, MoveValue(score, f"{discs_text(score)} ({what})")

    def _legal(self, word: str, line: str, state: Reversi) -> int:
        """``word`` as a legal move of ``state``; ``EngineGarbled`` or ``EngineIllegal`` quoting ``line``."""
        try:
            move = PASS if word.lower() in _PASS_WORDS else state.parse_move(word)
        except BadNotation:
            raise EngineGarbled(f"engine {self.process.name} wrote {line!r}: {word!r} is not a move") from None
        if not state.is_legal(move):
            side = state.seat_name(state.turn)
            raise EngineIllegal(f"engine {self.process.name} wrote {line!r}: {move_word(move)} is not legal "
                                f"for {side} to move in {state.position_text()!r}")
        return move

    def _reversi(self, state: State) -> Reversi:
        if not isinstance(state, Reversi):
            raise EngineError(f"engine {self.process.name}: NBoard engines play Othello (reversi), "
                              f"not {state.game_id}")
        return state


def _extends(state: Reversi, told: Reversi) -> bool:
    """Whether ``state`` is ``told``'s game with moves added."""
    moves, known = state.move_stack, told.move_stack
    return (state.start_text == told.start_text and state.options == told.options
            and len(moves) >= len(known) and list(moves[:len(known)]) == list(known))


def _moves_left(state: Reversi) -> int:
    """The moves the side to move has left at most: one every other empty square."""
    black, white = state.counts()
    return max(1, (64 - black - white + 1) // 2)


def _eval(text: str) -> float | None:
    """An NBoard eval: a number, or a pair ``draw-to-black,draw-to-white`` (read as NBoard does:
    the value with no contempt, the one nearer 0 when they straddle it)."""
    try:
        numbers = [float(part) for part in text.split(",")]
    except ValueError:
        return None
    if not 1 <= len(numbers) <= 2 or not all(math.isfinite(n) for n in numbers):
        return None
    low, high = min(numbers), max(numbers)
    return high if high <= 0 else low if low >= 0 else 0.0


def _word(line: str) -> str:
    words = line.split(None, 1)
    return words[0].lower() if words else ""
