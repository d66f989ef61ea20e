"""Saved games: a short text file a person can read and edit.

Example::

    # Board Arcade saved game
    Game: connect4(cols=7,rows=6,n=4)
    Seat 1 (Red): human Human
    Seat 2 (Yellow): bot Master
    Moves: 4453
    Note 3: Hard timed out; a random legal move was played
    Result: in progress

A game its players ended (a resignation, an agreed draw, a player of a network
game who did not come back) says so in brackets after the result, and loads as
over with that result: ``Result: Yellow won (Ann resigned) [resignation]; 4 moves``.

``Game`` is the game with every option, written as a ``GameSpec``
(``tictactoe`` for a game without options). ``Moves`` is the whole game in
the game's own notation (Connect Four writes ``4453``), so whose turn it is
follows from it. A game started from a set-up position (a Reversi position
pasted from a test suite) has a ``Position`` line in the game's position
notation, and its moves are played from there. ``Note N`` attaches a remark to move N. Lines starting with
``#`` and the ``Saved`` line are for people; loading ignores them. Files
written before the options joined the ``Game`` line name the game alone and
give its options on a line of their own, ``Options: cols=7 rows=6 n=4``;
they load as they always did.

A damaged file never loads as a different game: the ``Result`` line, which
the arcade writes after the moves, ends with the number of moves on the
``Moves`` line (``Result: in progress; 4 moves``), and loading checks it. A
file that starts with the arcade's header line but has no ``Result`` line
was cut short (a disk that filled up, a copy that stopped) and is refused,
naming the line it ends on; so is a file whose moves do not add up to its
``Result`` line (a ``Moves`` line lost, or moves cut off). The result itself
is checked against the game the moves make: in progress or over, and who
won or that it was drawn (the words in brackets after it are the players'
own; a game its players ended must still be in progress by the rules; a
hosted game whose server took the seats that resigned out of the rules'
result ends with the rules' termination in brackets, and loads with its
winners). A
finished Tic-tac-toe file whose ``Game`` line is changed to ``gomoku`` so is
refused, not loaded as a Gomoku game in progress. Files written by hand
without the header or a ``Result`` line, or before the count was written,
load as before.

A game with a time control (``game/match/clocks.py``) keeps it and each seat's time
left, so a loaded game goes on with the same clocks: ``Clock: 5+3`` and ``Time left:
251.4, 288.0`` (seconds; under byo-yomi ``0.0/2`` is no main time and two periods
left). A game lost on time ends its ``Result`` line with ``[lost on time]``. Files
without these lines load with no clock, as before.

The autosave (``game/store/autosave.py``) also keeps what Redo would bring
back: ``Redo: c1 a1 | b3``, the moves after the position, one group per
press of Redo, the next one first.
"""
from __future__ import annotations

import datetime as _dt
import re
from pathlib import Path

from game.rules.core import BadNotation, Outcome, State, Termination
from game.shown import escaped
from game.rules.catalogue import GameSpec
from game.match.clocks import LOST_ON_TIME, BadTimeControl, Clock, TimeControl, parse_times, times_text
from game.match.record import BOT, HUMAN, REMOTE, Match, MoveRecord, Player
from game.lang import _, ngettext
from game.rules.phrases import value_in_words
from game.store.jsonfile import atomic_write_text

HEADER = "# Board Arcade saved game"
_SEAT = re.compile(r"^Seat (\d+)(?: \(([^)]*)\))?$")
_NOTE = re.compile(r"^Note (\d+)$")
#: The move count at the end of a ``Result`` line: ``in progress; 4 moves``.
_RESULT_COUNT = re.compile(r";\s*(\d+) moves?\s*$")
#: How a game its players ended is written at the end of its ``Result`` line, in brackets.
PLAYERS_ENDINGS = (Termination.RESIGNATION, Termination.AGREED_DRAW, Termination.DISCONNECTION, LOST_ON_TIME)
#: A ``Result`` line's result, its count taken off: ``in progress``, ``draw (how)`` or
#: ``NAMES won (how)``, then ``[termination]`` for a game its players ended.
_RESULT = re.compile(r"^(?:(?P<progress>in progress)|(?:draw|(?P<names>.+?) won)(?: \((?P<how>.*)\))?"
                     r"(?: \[(?P<termination>[^\]]*)\])?)$")
#: The most of a ``Result`` line a problem shows.
SHOWN = 80
#: Between the groups of a ``Redo`` line, one per press of Redo.
REDO_SEPARATOR = "|"


class SaveFileError(ValueError):
    """A save file that cannot be loaded; the message names the file, line and problem, in the
    player's language (the file's own words, ``'NAME won (how)'``, quoted as the file writes them)."""


def _at(source: str, lineno: int, problem: str) -> SaveFileError:
    """The error of line ``lineno`` of ``source``: ``'<source> line 7: <problem>'`` (``problem`` worded already)."""
    return SaveFileError(_("{path} line {line}: {problem}").format(path=source, line=lineno, problem=problem))


def _rules_words(err: Exception) -> str:
    """A rules' or a clock's complaint (``BadNotation``, ``BadTimeControl``) in the player's language
    where the catalogue words it (``value_in_words``), else as the rules wrote it."""
    return value_in_words(str(err))


def printable(text: str) -> str:
    """``text`` with control characters and unpaired surrogates replaced, on one line.

    Save files are edited by hand and notes carry bots' error messages; what
    is read back must be safe to show on screen and to write again.
    """
    cleaned = "".join(
        ch if ch.isprintable() and not 0xD800 <= ord(ch) <= 0xDFFF else " " for ch in text
    )
    return " ".join(cleaned.split())


def _result_text(match: Match) -> str:
    outcome = match.outcome()
    if outcome is None:
        return "in progress"
    how = ", ".join(part for part in (printable(outcome.reason), match.state.scores_text(outcome)) if part)
    ended = f" [{outcome.termination.value}]" if outcome.termination in PLAYERS_ENDINGS or _re_ranked(match) else ""
    if outcome.is_draw:
        return f"draw ({how}){ended}"
    names = ", ".join(match.state.seat_name(s) for s in outcome.winners)
    return f"{names} won ({how}){ended}"


def _re_ranked(match: Match) -> bool:
    """Whether the match's result is the rules' end with other winners: a hosted game of three
    or more whose server took the seats that resigned out of the rules' result
    (``game.net.endings.after_resignations``). Its ``Result`` line carries the rules'
    termination in brackets, so that it loads with the winners it had."""
    rules = match.state.outcome()
    return match.ended is not None and rules is not None and set(match.ended.winners) != set(rules.winners)


def _read_result(match: Match, lineno: int, text: str, source: str, moves_at: str) -> None:
    """Check the ``Result`` line's result against the game its moves make, and set ``match.ended``
    when it says the players ended the game (``Yellow won (Ann resigned) [resignation]; 12 moves``).
    ``SaveFileError`` names the line and what disagrees; ``moves_at`` says where the moves are."""
    said = _RESULT_COUNT.sub("", text).strip()
    found = _RESULT.match(said)
    shown = escaped(said, SHOWN)
    if found is None:
        raise _at(source, lineno, _("the Result line says {result}; expected 'in progress', 'draw (how)' or "
                                    "'NAME won (how)'").format(result=repr(shown)))
    state = match.state
    rules = state.outcome()
    if rules is not None and found.group("termination") == rules.termination.value:
        # the rules' end, re-ranked by a server after resignations (``_re_ranked``)
        match.ended = Outcome(tuple(_winners(state, found, lineno, source)), found.group("how") or rules.reason,
                              termination=rules.termination, scores=rules.scores)
        return
    if rules is not None and (found.group("progress") or found.group("termination") is not None
                              or set(_winners(state, found, lineno, source)) != set(rules.winners)):
        raise _at(source, lineno, _("the Result line says {result}, but after {moves} the game is over: {outcome}: the "
                                    "file is damaged (if you edited it, correct or delete the Result line)").format(
            result=shown, moves=moves_at, outcome=_result_text(match)))
    if rules is not None or found.group("progress"):
        return
    if found.group("termination") is None:
        raise _at(source, lineno, _("the Result line says {result}, but after {moves} the game is in progress: the "
                                    "file is damaged (if you edited it, correct or delete the Result line)").format(
            result=shown, moves=moves_at))
    termination = next((t for t in PLAYERS_ENDINGS if t.value == found.group("termination")), None)
    if termination is None:
        raise _at(source, lineno, _("the Result line ends with [{ending}]; a game ended by its players ends with "
                                    "{endings}").format(ending=found.group("termination"),
                                                        endings=_(" or ").join(f"[{t.value}]" for t in PLAYERS_ENDINGS)))
    match.ended = Outcome(tuple(_winners(state, found, lineno, source)), found.group("how") or "",
                          termination=termination)


def _winners(state: State, found: re.Match, lineno: int, source: str) -> list[int]:
    """The seats a ``Result`` line names as winners (none: a draw); ``SaveFileError`` for a name
    that is no seat of the game."""
    if found.group("names") is None:
        return []
    by_name = {state.seat_name(seat).casefold(): seat for seat in range(state.num_seats)}
    winners = []
    for name in found.group("names").split(","):
        if name.strip().casefold() not in by_name:
            raise _at(source, lineno, _("the Result line names {name} as a winner; {game}'s seats are {seats}").format(
                name=repr(name.strip()), game=_(state.title),
                seats=", ".join(state.seat_name(s) for s in range(state.num_seats))))
        winners.append(by_name[name.strip().casefold()])
    return winners


def moves_written(state: State) -> int:
    """How many moves the ``Moves`` line of ``state`` holds (a game that leaves
    forced passes out of its notation does not count them)."""
    return sum(1 for move in state.move_stack if state.writes_passes or not state.is_pass(move))


def _count_text(count: int) -> str:
    return "1 move" if count == 1 else f"{count} moves"


def _redo_text(match: Match) -> str:
    """The ``Redo`` line's value: each group of moves in the game's notation."""
    replay = match.state.copy()
    texts = []
    for group in match.redo_groups():
        texts.append(replay.moves_to_text(group) or "pass")
        for move in group:
            replay.push(move)
    return f" {REDO_SEPARATOR} ".join(texts)


def match_to_text(match: Match, *, redo: bool = False) -> str:
    """The save-file text of ``match``; with ``redo``, what Redo would bring back too."""
    state = match.state
    lines = [HEADER, f"Game: {GameSpec.of_state(state)}"]
    for seat, player in enumerate(match.players):
        lines.append(f"Seat {seat + 1} ({state.seat_name(seat)}): {player.kind} {printable(player.bot or player.label)}")
    if state.start_text:
        lines.append(f"Position: {state.start_text}")
    lines.append(f"Moves: {state.to_text()}")
    if redo and match.can_redo():
        lines.append(f"Redo: {_redo_text(match)}")
    for number, record in enumerate(match.records, start=1):
        if record.note:
            lines.append(f"Note {number}: {printable(record.note)}")
    if match.clock is not None:
        lines.append(f"Clock: {match.clock.control.text}")
        lines.append(f"Time left: {times_text([match.clock.left(seat) for seat in range(state.num_seats)])}")
    lines.append(f"Result: {_result_text(match)}; {_count_text(moves_written(state))}")
    lines.append(f"Saved: {_dt.datetime.now():%Y-%m-%d %H:%M}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def match_from_text(text: str, source: str = "save file") -> Match:
    """Rebuild a match from save-file text; ``SaveFileError`` names what is wrong.

    ``source`` is how messages name the file (its path when loading one).
    """
    fields: dict[str, tuple[int, str]] = {}
    seats: dict[int, tuple[int, str]] = {}
    notes: dict[int, tuple[int, str]] = {}
    lines = text.splitlines()
    cut_mid_line = bool(text) and not text.endswith(("\n", "\r"))
    if cut_mid_line:
        _check_complete(lines, source, cut_mid_line)
        if len(lines) > 1 and "Saved:".startswith(printable(lines[-1])):
            lines.pop()     # cut in the Saved line, the last: no part of the game is missing
    for lineno, raw in enumerate(lines, start=1):
        line = printable(raw)
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise _at(source, lineno, _("expected 'Name: value', got {line}").format(line=repr(line[:60])))
        key, value = key.strip(), value.strip()
        if seat := _SEAT.match(key):
            seats[int(seat.group(1)) - 1] = (lineno, value)
        elif note := _NOTE.match(key):
            notes[int(note.group(1))] = (lineno, value)
        elif key in ("Game", "Options", "Position", "Moves", "Redo", "Clock", "Time left", "Result", "Saved"):
            fields[key] = (lineno, value)
        else:
            raise _at(source, lineno, _("unknown entry {key}").format(key=repr(key)))

    spec = _game_spec(fields, source)
    options = dict(spec.options)
    position_line, position = fields.get("Position", (0, ""))
    moves_line, moves = fields.get("Moves", (0, ""))
    try:
        start = spec.rules.from_position(position, **options) if position_line else None
    except BadNotation as err:
        raise _at(source, position_line, _rules_words(err)) from None
    try:
        if start is None:
            state = spec.rules.read(moves, **options)
        else:
            state = start
            state.play_text(moves)
    except BadNotation as err:
        raise _at(source, moves_line or position_line or fields["Game"][0], _rules_words(err)) from None

    _check_complete(lines, source, cut_mid_line)
    _check_count(fields, state, source)

    if sorted(seats) != list(range(state.num_seats)):
        raise SaveFileError(_("{path}: {game} needs lines 'Seat 1' to 'Seat {seats}', found {found}").format(
            path=source, game=_(state.title), seats=state.num_seats,
            found=", ".join(f"'Seat {s + 1}'" for s in sorted(seats)) or _("none")))
    players = [_player(seats[s][1], source, seats[s][0]) for s in range(state.num_seats)]

    match = Match(state, players)
    for number, (lineno, note) in notes.items():
        if not 1 <= number <= len(match.records):
            raise _at(source, lineno, ngettext("note for move {number}, but the game has {count} move",
                                               "note for move {number}, but the game has {count} moves",
                                               len(match.records)).format(number=number, count=len(match.records)))
        old = match.records[number - 1]
        match.records[number - 1] = MoveRecord(old.move, old.seat, old.text, note)
    if "Redo" in fields:
        _read_redo(match, *fields["Redo"], source)
    match.clock = _read_clock(fields, state.num_seats, source)
    if "Result" in fields:
        moves_at = (_("the moves of line {line}").format(line=moves_line) if moves_line else
                    _("the position of line {line}").format(line=position_line) if position_line
                    else _("the start (no Moves line)"))
        _read_result(match, *fields["Result"], source, moves_at)
    return match


def _read_clock(fields: dict[str, tuple[int, str]], seats: int, source: str) -> Clock | None:
    """The ``Clock`` and ``Time left`` lines as the match's clock (None without a ``Clock`` line;
    every seat's full time without a ``Time left`` line); ``SaveFileError`` naming the line."""
    if "Clock" not in fields:
        if "Time left" in fields:
            raise _at(source, fields["Time left"][0], _("times left but no 'Clock:' line"))
        return None
    lineno, text = fields["Clock"]
    try:
        control = TimeControl.parse(text)
    except BadTimeControl as err:
        raise _at(source, lineno, _rules_words(err)) from None
    if control is None:
        return None
    clock = Clock(control, seats)
    if "Time left" in fields:
        lineno, text = fields["Time left"]
        try:
            clock.times = parse_times(text, control, seats)
        except ValueError as err:
            raise _at(source, lineno, _rules_words(err)) from None
    return clock


def _check_complete(lines: list[str], source: str, cut_mid_line: bool) -> None:
    """``SaveFileError`` if a file the arcade wrote (it starts with the header)
    has no ``Result`` line: the file was cut short, and moves may be missing."""
    first = printable(lines[0]) if lines else ""
    cut_in_header = cut_mid_line and len(lines) == 1 and first.startswith("# Board") and HEADER.startswith(first)
    if first != HEADER and not cut_in_header:
        return
    if any(printable(line).partition(":")[0].strip() == "Result" for line in lines):
        return
    if cut_mid_line:
        problem = _("the file ends in the middle of this line, before its Result line: it was cut short, "
                    "and moves may be missing")
    else:
        problem = _("the file ends after this line, before its Result line: it was cut short, and moves may be missing")
    raise _at(source, len(lines), problem)


def _check_count(fields: dict[str, tuple[int, str]], state: State, source: str) -> None:
    """``SaveFileError`` if the ``Result`` line's move count is not the number of moves read."""
    result_line, result = fields.get("Result", (0, ""))
    found = _RESULT_COUNT.search(result)
    if found is None:
        return
    said, played = int(found.group(1)), moves_written(state)
    if said == played:
        return
    moves_line = fields.get("Moves", (0, ""))[0]
    read = (_("the Moves line (line {line}) has {count}").format(line=moves_line, count=played) if moves_line
            else _("the file has no Moves line"))
    counted = ngettext("{n} move", "{n} moves", said).format(n=said)
    raise _at(source, result_line, _("the Result line counts {counted}, but {read}: the file is damaged (if you "
                                     "edited the moves, correct or delete this line)").format(counted=counted, read=read))


def _read_redo(match: Match, lineno: int, text: str, source: str) -> None:
    """Play the ``Redo`` line's groups on a copy and make them the match's redo history."""
    replay = match.state.copy()
    groups = []
    for number, group_text in enumerate(text.split(REDO_SEPARATOR), start=1):
        before = len(replay.move_stack)
        try:
            replay.play_text("" if group_text.strip() == "pass" else group_text)
        except BadNotation as err:
            raise _at(source, lineno, _("redo group {number}: {problem}").format(number=number,
                                                                                 problem=_rules_words(err))) from None
        groups.append(list(replay.move_stack[before:]))
    match.set_redo_groups(groups)


def _game_spec(fields: dict[str, tuple[int, str]], source: str) -> GameSpec:
    """The game of a save file, from its ``Game`` line and, in the old form, its ``Options`` line."""
    if "Game" not in fields:
        raise SaveFileError(_("{path}: no 'Game:' line; is this a Board Arcade save file?").format(path=source))
    lineno, text = fields["Game"]
    options_line, pairs = fields.get("Options", (0, ""))
    for line, words in ((lineno, []), (options_line, pairs.split())):
        try:
            spec = GameSpec.parse(text, words)
        except BadNotation as err:
            raise _at(source, line, _rules_words(err)) from None
    return spec


def _player(value: str, source: str, lineno: int) -> Player:
    kind, _sep, label = value.partition(" ")
    label = label.strip()
    if kind == HUMAN:
        return Player.human(label or "Human")
    if kind == BOT and label:
        return Player.of_bot(label)
    if kind == REMOTE and label:
        return Player(REMOTE, label)
    raise _at(source, lineno, _("seat {seat} should be 'human NAME', 'bot TIER' or 'remote NAME'").format(
        seat=repr(value)))


def save_match(match: Match, path: Path | str, *, redo: bool = False) -> None:
    """Write ``match`` to ``path`` atomically (the old file survives a failed write);
    with ``redo``, what Redo would bring back too."""
    atomic_write_text(Path(path), match_to_text(match, redo=redo))


def default_save_path(game_id: str, folder: Path, now: _dt.datetime | None = None) -> Path:
    """A new file in ``folder`` for a game saved at ``now``: ``connect4-2025-01-03-103015.txt``,
    numbered (``-2``, ``-3``...) if a save of that second is there already."""
    stem = f"{game_id}-{(now or _dt.datetime.now()):%Y-%m-%d-%H%M%S}"
    path = folder / f"{stem}.txt"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}.txt"
        number += 1
    return path


def load_match(path: Path | str) -> Match:
    """Read a saved match; ``SaveFileError`` for a missing, unreadable or damaged file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(_("{path}: no such file").format(path=path)) from None
    except UnicodeDecodeError as err:
        line = err.object[:err.start].count(b"\n") + 1
        raise SaveFileError(_("{path} line {line}: not a text file (damaged, or not a Board Arcade save)").format(
            path=path, line=line)) from None
    except OSError as err:
        raise SaveFileError(_("{path}: cannot be read ({error})").format(path=path, error=err.strerror or err)) from None
    if not text.strip():
        raise SaveFileError(_("{path}: the file is empty (a save that was never finished, or cut short)").format(path=path))
    return match_from_text(text, source=str(path))
