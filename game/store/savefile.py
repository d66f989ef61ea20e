"""Saved games: a short text file a person can read and edit.

Example::

    # Board Arcade saved game
    Game: connect4(cols=7,rows=6,n=4)
    Seat 1 (Red): human Human
    Seat 2 (Yellow): bot Master
    Moves: 4453
    Note 3: Hard timed out; a random legal move was played
    Result: in progress

``Game`` is the game with every option, written as a ``GameSpec``
(``tictactoe`` for a game without options). ``Moves`` is the whole game in
the game's own notation (Connect Four writes ``4453``), so whose turn it is
follows from it. A game started from a set-up position (a Reversi position
pasted from a test suite) has a ``Position`` line in the game's position
notation, and its moves are played from there. ``Note N`` attaches a remark to move N. Lines starting with
``#`` and the ``Result`` and ``Saved`` lines are for people; loading ignores
them. Files written before the options joined the ``Game`` line name the
game alone and give its options on a line of their own,
``Options: cols=7 rows=6 n=4``; they load as they always did.
"""
from __future__ import annotations

import datetime as _dt
import re
from pathlib import Path

from game.rules.core import BadNotation
from game.rules.catalogue import GameSpec
from game.match.record import BOT, HUMAN, REMOTE, Match, MoveRecord, Player
from game.store.userdata import atomic_write_text

HEADER = "# Board Arcade saved game"
_SEAT = re.compile(r"^Seat (\d+)(?: \(([^)]*)\))?$")
_NOTE = re.compile(r"^Note (\d+)$")


class SaveFileError(ValueError):
    """A save file that cannot be loaded; the message names the file, line and problem."""


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
    how = ", ".join(part for part in (outcome.reason, match.state.scores_text(outcome)) if part)
    if outcome.is_draw:
        return f"draw ({how})"
    names = ", ".join(match.state.seat_name(s) for s in outcome.winners)
    return f"{names} won ({how})"


def match_to_text(match: Match) -> str:
    """The save-file text of ``match``."""
    state = match.state
    lines = [HEADER, f"Game: {GameSpec.of_state(state)}"]
    for seat, player in enumerate(match.players):
        lines.append(f"Seat {seat + 1} ({state.seat_name(seat)}): {player.kind} {printable(player.bot or player.label)}")
    if state.start_text:
        lines.append(f"Position: {state.start_text}")
    lines.append(f"Moves: {state.to_text()}")
    for number, record in enumerate(match.records, start=1):
        if record.note:
            lines.append(f"Note {number}: {printable(record.note)}")
    lines.append(f"Result: {_result_text(match)}")
    lines.append(f"Saved: {_dt.datetime.now():%Y-%m-%d %H:%M}")
    return "\n".join(line.rstrip() for line in lines) + "\n"


def match_from_text(text: str, source: str = "save file") -> Match:
    """Rebuild a match from save-file text; ``SaveFileError`` names what is wrong.

    ``source`` is how messages name the file (its path when loading one).
    """
    fields: dict[str, tuple[int, str]] = {}
    seats: dict[int, tuple[int, str]] = {}
    notes: dict[int, tuple[int, str]] = {}
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = printable(raw)
        if not line or line.startswith("#"):
            continue
        key, sep, value = line.partition(":")
        if not sep:
            raise SaveFileError(f"{source} line {lineno}: expected 'Name: value', got {line[:60]!r}")
        key, value = key.strip(), value.strip()
        if seat := _SEAT.match(key):
            seats[int(seat.group(1)) - 1] = (lineno, value)
        elif note := _NOTE.match(key):
            notes[int(note.group(1))] = (lineno, value)
        elif key in ("Game", "Options", "Position", "Moves", "Result", "Saved"):
            fields[key] = (lineno, value)
        else:
            raise SaveFileError(f"{source} line {lineno}: unknown entry {key!r}")

    spec = _game_spec(fields, source)
    options = dict(spec.options)
    position_line, position = fields.get("Position", (0, ""))
    moves_line, moves = fields.get("Moves", (0, ""))
    try:
        start = spec.rules.from_position(position, **options) if position_line else None
    except BadNotation as err:
        raise SaveFileError(f"{source} line {position_line}: {err}") from None
    try:
        if start is None:
            state = spec.rules.read(moves, **options)
        else:
            state = start
            state.play_text(moves)
    except BadNotation as err:
        where = f"line {moves_line or position_line or fields['Game'][0]}"
        raise SaveFileError(f"{source} {where}: {err}") from None

    if sorted(seats) != list(range(state.num_seats)):
        raise SaveFileError(
            f"{source}: {state.title} needs lines 'Seat 1' to 'Seat {state.num_seats}', "
            f"found {', '.join(f'Seat {s + 1}' for s in sorted(seats)) or 'none'}"
        )
    players = [_player(seats[s][1], source, seats[s][0]) for s in range(state.num_seats)]

    match = Match(state, players)
    for number, (lineno, note) in notes.items():
        if not 1 <= number <= len(match.records):
            raise SaveFileError(f"{source} line {lineno}: note for move {number}, but the game has {len(match.records)} moves")
        old = match.records[number - 1]
        match.records[number - 1] = MoveRecord(old.move, old.seat, old.text, note)
    return match


def _game_spec(fields: dict[str, tuple[int, str]], source: str) -> GameSpec:
    """The game of a save file, from its ``Game`` line and, in the old form, its ``Options`` line."""
    if "Game" not in fields:
        raise SaveFileError(f"{source}: no 'Game:' line; is this a Board Arcade save file?")
    lineno, text = fields["Game"]
    options_line, pairs = fields.get("Options", (0, ""))
    for line, words in ((lineno, []), (options_line, pairs.split())):
        try:
            spec = GameSpec.parse(text, words)
        except BadNotation as err:
            raise SaveFileError(f"{source} line {line}: {err}") from None
    return spec


def _player(value: str, source: str, lineno: int) -> Player:
    kind, _, label = value.partition(" ")
    label = label.strip()
    if kind == HUMAN:
        return Player.human(label or "Human")
    if kind == BOT and label:
        return Player.of_bot(label)
    if kind == REMOTE and label:
        return Player(REMOTE, label)
    raise SaveFileError(
        f"{source} line {lineno}: seat {value!r} should be 'human NAME', 'bot TIER' or 'remote NAME'"
    )


def save_match(match: Match, path: Path | str) -> None:
    """Write ``match`` to ``path`` atomically (the old file survives a failed write)."""
    atomic_write_text(Path(path), match_to_text(match))


def load_match(path: Path | str) -> Match:
    """Read a saved match; ``SaveFileError`` for a missing, unreadable or damaged file."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveFileError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{path}: not a text file (is it a Board Arcade save?)") from None
    except OSError as err:
        raise SaveFileError(f"{path}: cannot be read ({err.strerror or err})") from None
    return match_from_text(text, source=str(path))
