"""GGF, the Generic Game Format of the GGS game server, for Othello games: read and write.

GGF is how Othello programs pass whole games around: the GGS server's game
archives are written in it, and the NBoard protocol's ``set game`` sends the
game so far in it. A game is one line of ``NAME[value]`` properties between
``(;`` and ``;)``::

    (;GM[Othello]PC[GGS/os]PB[alice]PW[bob]TI[05:00//02:00]TY[8]RE[?]
      BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]
      B[d3//1.20]W[c5/-2.00/0.80]B[PA]...;)

``BO`` is the start: the board size, the 64 squares a1..h8 (``*`` Black,
``O`` White, ``-`` empty; spaces between rows are optional) and the side to
move. ``B``/``W`` are the moves in order, each ``square[/eval[/seconds]]``;
a pass is ``PA`` (``pass`` is read too). ``TI`` (or ``TB``/``TW`` per colour)
is the clock, ``main/increment/extension`` each ``[[hh:]mm:]ss``. ``TY`` is
the game type: its digits are the board size, ``s`` a synchro game, ``r`` a
random start, ``k`` komi, ``a`` anti-Othello (the loser wins), which these
rules do not play.

``read_ggf`` returns a ``GgfGame``; ``GgfGame.state()`` replays it on the
Reversi rules. ``write_ggf`` writes a game played on those rules.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Sequence

from game.rules.core import BadNotation, IllegalMove
from game.rules.reversi import PASS, SIZE, Reversi, square_name

#: Properties that are the board, the moves or the clock: read into their own fields.
_BOARD, _MOVES, _CLOCKS = "BO", ("B", "W"), ("TI", "TB", "TW")
_PROPERTY = re.compile(r"\s*([A-Za-z]{1,4})\s*\[((?:[^\]\\]|\\.)*)\]", re.DOTALL)
_SQUARES = {"*": "X", "O": "O", "-": "-"}
_PASS_WORDS = ("pa", "pass")
_CLOCK_PART = re.compile(r"^(?:(\d+):)?(?:(\d+):)?(\d+(?:\.\d*)?)$")


@dataclass(frozen=True)
class GgfMove:
    """One move of a GGF game: its colour (``'B'`` or ``'W'``), the square (``PASS`` for ``PA``),
    and the evaluation and seconds the player wrote beside it, if any."""

    colour: str
    move: int
    eval: float | None = None
    seconds: float | None = None


@dataclass(frozen=True)
class GgfClock:
    """A GGS clock: ``main`` seconds for the game, ``increment`` added per move, ``extension``
    a one-time reserve (GGS grants it when the main time runs out)."""

    main: float
    increment: float = 0.0
    extension: float = 0.0

    def left(self, moves_made: int, seconds_used: float) -> float:
        """Seconds left after ``moves_made`` moves that took ``seconds_used`` in all: the main
        time plus an increment per move, less what the moves used (the extension not counted)."""
        return self.main + self.increment * moves_made - seconds_used

    def text(self) -> str:
        """As GGF writes it: ``'05:00//02:00'``."""
        parts = [_seconds_text(self.main), _seconds_text(self.increment) if self.increment else "",
                 _seconds_text(self.extension) if self.extension else ""]
        while len(parts) > 1 and not parts[-1]:
            parts.pop()
        return "/".join(parts)


@dataclass(frozen=True)
class GgfGame:
    """A GGF game: its other properties (``tags``: name -> value, in order), the start
    position in OBF (``'---...XO--- X'``), each colour's clock, and the moves."""

    tags: dict[str, str]
    start: str
    moves: tuple[GgfMove, ...]
    clocks: tuple[GgfClock | None, GgfClock | None] = (None, None)

    def state(self, **options: Any) -> Reversi:
        """The game replayed on the Reversi rules (options as ``Reversi`` takes them).

        A pass the game leaves out is played where the colours show it (the
        side to move has none and the other colour moves next); ``BadNotation``
        names the first move that is not legal, by number and as written.
        """
        standard = Reversi(**options)
        state = standard if self.start == standard.position_text() else Reversi.from_position(self.start, **options)
        for number, ggf_move in enumerate(self.moves, 1):
            seat = "BW".index(ggf_move.colour)
            if seat != state.turn and state.must_pass():
                state.push(PASS)
            where = f"move {number} {ggf_move.colour}[{move_word(ggf_move.move)}]"
            if seat != state.turn:
                raise BadNotation(f"GGF {where}: it is {state.seat_name(state.turn)}'s turn")
            try:
                state.push(ggf_move.move)
            except IllegalMove as err:
                raise BadNotation(f"GGF {where}: {err}") from None
        return state

    def time_left(self, seat: int) -> float | None:
        """Seconds left on ``seat``'s clock after the moves of the game (``None``: no clock),
        counting the seconds written beside its moves."""
        clock = self.clocks[seat]
        if clock is None:
            return None
        own = [move for move in self.moves if move.colour == "BW"[seat]]
        return clock.left(len(own), sum(move.seconds or 0.0 for move in own))


def read_ggf(text: str) -> GgfGame:
    """The first GGF game in ``text``; ``BadNotation`` says what is wrong and where."""
    begin = text.find("(;")
    if begin < 0:
        raise BadNotation(f"{_shown(text)} is not a GGF game: it has no '(;' to open one")
    end = text.find(";)", begin + 2)
    if end < 0:
        raise BadNotation(f"{_shown(text)} is not a whole GGF game: it has no ';)' to close it")
    body, at = text[begin + 2:end], 0
    tags: dict[str, str] = {}
    start = Reversi().position_text()
    moves: list[GgfMove] = []
    clocks: dict[str, GgfClock] = {}
    while body[at:].strip():
        match = _PROPERTY.match(body, at)
        if match is None:
            raise BadNotation(f"GGF: cannot read a property at {_shown(body[at:])}: write NAME[value]")
        at = match.end()
        name, value = match.group(1).upper(), re.sub(r"\\(.)", r"\1", match.group(2))
        if name in _MOVES:
            moves.append(_read_move(name, value, len(moves) + 1))
        elif name == _BOARD:
            start = _read_board(value)
        elif name in _CLOCKS:
            clocks[name] = parse_clock(value)
            tags[name] = value
        else:
            tags[name] = value
    _check_game_kind(tags)
    both = clocks.get("TI")
    return GgfGame(tags, start, tuple(moves), (clocks.get("TB", both), clocks.get("TW", both)))


def write_ggf(state: Reversi, *, black: str = "", white: str = "", place: str = "Board Arcade",
              clock: GgfClock | None = None, times: Sequence[float | None] = ()) -> str:
    """``state``'s game as one GGF line: its start, every move (passes as ``PA``), the
    players' names, the clock if given and, per move, the seconds in ``times`` if given;
    ``RE`` is Black's final disc difference once the game is over, else ``?``."""
    outcome = state.outcome()
    result = "?" if outcome is None else f"{outcome.scores[0] - outcome.scores[1]:+d}.00"
    start = Reversi.from_position(state.start_text) if state.start_text else Reversi(**state.options)
    squares = start.position_text().split()[0].replace("X", "*")
    rows = " ".join(squares[row * SIZE:(row + 1) * SIZE] for row in range(SIZE))
    parts = [f"(;GM[Othello]PC[{_value(place)}]PB[{_value(black)}]PW[{_value(white)}]RE[{result}]"]
    if clock is not None:
        parts.append(f"TI[{clock.text()}]")
    parts.append(f"TY[8]BO[8 {rows} {'*O'[start.turn]}]")
    for ply, move in enumerate(state.move_stack):
        seconds = times[ply] if ply < len(times) else None
        timing = "" if seconds is None else f"//{seconds:.2f}"
        parts.append(f"{'BW'[(start.turn + ply) % 2]}[{move_word(move)}{timing}]")
    return "".join(parts) + ";)"


def parse_clock(text: str) -> GgfClock:
    """A GGF clock ``main/increment/extension`` (each ``[[hh:]mm:]ss``, any part empty);
    ``BadNotation`` naming the text if a part is not a time."""
    parts = text.strip().split("/")
    if len(parts) > 3:
        raise BadNotation(f"GGF clock {text!r} has more than main/increment/extension")
    seconds = [_clock_seconds(part, text) for part in parts] + [0.0] * (3 - len(parts))
    return GgfClock(*seconds)


def _clock_seconds(part: str, text: str) -> float:
    """One part of a clock in seconds; GGS's flags after a comma (``05:00,L``) are dropped."""
    part = part.split(",")[0].strip()
    if not part:
        return 0.0
    match = _CLOCK_PART.match(part)
    if match is None:
        raise BadNotation(f"GGF clock {text!r}: {part!r} is not a time such as 05:00 or 1:30:00")
    first, second, last = match.groups()
    hours, minutes = (first, second) if second is not None else (None, first)
    return int(hours or 0) * 3600 + int(minutes or 0) * 60 + float(last)


def _read_move(colour: str, value: str, number: int) -> GgfMove:
    """``'f5'``, ``'F5/1.50/2.03'``, ``'d3//0.01'``, ``'PA'`` as a move of ``colour``."""
    fields = value.strip().split("/")
    if len(fields) > 3:
        raise BadNotation(f"GGF move {number} {colour}[{value}]: write square/eval/seconds")
    word = fields[0].strip()
    try:
        move = PASS if word.lower() in _PASS_WORDS else Reversi().parse_move(word)
    except BadNotation:
        raise BadNotation(f"GGF move {number} {colour}[{value}]: {word!r} is not a square a1-h8 or PA") from None
    numbers = []
    for field, what in zip(fields[1:], ("evaluation", "seconds")):
        try:
            numbers.append(float(field) if field.strip() else None)
        except ValueError:
            raise BadNotation(f"GGF move {number} {colour}[{value}]: its {what} {field!r} is not a number") from None
    numbers += [None] * (2 - len(numbers))
    return GgfMove(colour, move, numbers[0], numbers[1])


def _read_board(value: str) -> str:
    """A ``BO`` value (``'8 ---...--- *'``) as an OBF position (``'---...--- X'``)."""
    words = value.split()
    if not words or words[0] != str(SIZE):
        raise BadNotation(f"GGF BO[{_shown(value)}]: only the 8x8 board is played here")
    cells = "".join(words[1:])
    if len(cells) != SIZE * SIZE + 1 or any(c not in _SQUARES for c in cells[:-1]) or cells[-1] not in "*O":
        raise BadNotation(f"GGF BO[{_shown(value)}]: write 8, the 64 squares a1-h8 (* black, O white, "
                          "- empty) and the side to move, * or O")
    return "".join(_SQUARES[c] for c in cells[:-1]) + " " + ("X" if cells[-1] == "*" else "O")


def _check_game_kind(tags: dict[str, str]) -> None:
    """Refuse games these rules do not play: another game, board size, or anti-Othello."""
    game = tags.get("GM", "Othello")
    if game.strip().lower() != "othello":
        raise BadNotation(f"GGF GM[{game}]: only Othello games are read here")
    kind = tags.get("TY", "8").strip()
    match = re.fullmatch(r"(s?)(\d+)([a-z]*\d*)", kind)
    if match is None or match.group(2) != str(SIZE):
        raise BadNotation(f"GGF TY[{kind}]: only 8x8 Othello (TY[8]) is played here")
    if "a" in match.group(3):
        raise BadNotation(f"GGF TY[{kind}]: anti-Othello, where the fewer discs win, is not played here")


def move_word(move: int) -> str:
    """A move as GGF and NBoard write it: ``'F5'``, or ``'PA'`` for the pass."""
    return "PA" if move == PASS else square_name(move).upper()


def _value(text: str) -> str:
    """``text`` fit for a GGF value: no brackets, which would end it, and no line breaks."""
    return " ".join(text.replace("[", "(").replace("]", ")").split())


def _seconds_text(seconds: float) -> str:
    """``300`` -> ``'05:00'``, ``0.5`` -> ``'00:00.50'``, ``3700`` -> ``'01:01:40'``."""
    seconds = round(seconds, 2)
    whole = int(seconds)
    fraction = f"{seconds - whole:.2f}"[1:] if seconds != whole else ""
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    text = f"{minutes:02d}:{secs:02d}{fraction}"
    return f"{hours:02d}:{text}" if hours else text


def _shown(text: str) -> str:
    text = " ".join(text.split())
    return repr(text if len(text) <= 60 else text[:57] + "...")
