"""The game a player left unfinished, kept for "Resume" on the title screen.

Leaving a game in progress (Esc, the window's close button, Quit, Ctrl+C in
the terminal, loading another game) keeps it in one file of the player's
data folder, written atomically like every other file: ``autosave.txt``, a
save file (``game/store/savefile.py``) that also holds what Redo would bring
back. The title screen offers it back until it is finished or another game
is left unfinished in its place.

Only a game worth coming back to is kept: one still going in which a player
at this screen has made a move. A game the bots play alone, a game nobody has
touched, a finished one, or a new game after a rematch (whose Redo holds only
the finished game) leave nothing to resume.

Two arcades share the one file: the game left last is the one kept. An
arcade drops the kept game (``forget``, its resumed game finished) only if
the file still holds the one it kept or read itself, under the file's lock
(``jsonfile.locked``): never a game another arcade left there since.
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from game.lang import _
from game.match.record import Match
from game.rules.core import Move, State
from game.store.savefile import SaveFileError, load_match, save_match
from game.store.jsonfile import locked, set_aside
from game.store.userdata import data_dir

AUTOSAVE_NAME = "autosave.txt"


@dataclass(frozen=True)
class KeptGame:
    """The game kept for Resume, and when it was left."""

    match: Match
    left_at: _dt.datetime


#: The kept file as this process last wrote or read it (inode, size, time written), by path.
_seen: dict[Path, tuple[int, int, int]] = {}


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


def _stamp(path: Path) -> tuple[int, int, int]:
    """What tells one written version of ``path`` from another (a write replaces the file)."""
    found = path.stat()
    return found.st_ino, found.st_size, found.st_mtime_ns


def _human_moved(match: Match, moves: Sequence[Move], state: State) -> bool:
    """Whether a human seat chose one of ``moves``, played on from ``state`` (a forced pass is no choice)."""
    replay = state.copy()
    for move in moves:
        if match.players[replay.turn].is_human and not replay.is_pass(move):
            return True
        replay.push(move)
    return False


def _human_played(match: Match) -> bool:
    """Whether a human seat chose one of the moves played so far."""
    return any(match.players[record.seat].is_human and not match.state.is_pass(record.move)
               for record in match.records)


def _redo_line(match: Match) -> list[Move]:
    return [move for group in match.redo_groups() for move in group]


def _redo_finishes(match: Match) -> bool:
    """Whether what Redo brings back ends the game (a game taken back from its end)."""
    end = match.state.copy()
    for move in _redo_line(match):
        end.push(move)
    return end.is_over()


def worth_keeping(match: Match) -> bool:
    """Whether leaving ``match`` now would lose something a player did: the game
    is still going and a human has moved in it, or in what Redo brings back
    (a restart pressed by mistake) if that is not a finished game."""
    state = match.state
    if state.is_over():
        return False
    if _human_played(match):
        return True
    return _human_moved(match, _redo_line(match), state) and not _redo_finishes(match)


def keep(match: Match) -> bool:
    """Keep ``match`` for Resume if it is worth keeping (replacing the game kept
    before); True if it was written. ``OSError`` if it could not be.

    What Redo would bring back is kept too, unless it ends the game: a game
    finished here was counted in the statistics, and a resumed game has no
    memory of that, so it would be counted twice."""
    if not worth_keeping(match):
        return False
    path = autosave_path()
    with locked(path):
        save_match(match, path, redo=not _redo_finishes(match))
        _seen[path] = _stamp(path)
    return True


def forget() -> None:
    """Drop the kept game (it was finished after Resume), if it is still the one this
    arcade last kept or read: a game another arcade left since stays for Resume."""
    path = autosave_path()
    with locked(path):
        try:
            if _stamp(path) == _seen.get(path):
                path.unlink()
        except FileNotFoundError:
            pass


def kept_game() -> KeptGame | None:
    """The game kept for Resume, or None. A kept file that cannot be loaded is
    set aside as ``autosave.txt.bad`` and ``SaveFileError`` says why and where."""
    path = autosave_path()
    try:
        before = _stamp(path)
        left_at = _dt.datetime.fromtimestamp(before[2] / 1e9)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise SaveFileError(_("{path}: cannot be read ({error})").format(path=path, error=err.strerror or err)) from None
    try:
        kept = KeptGame(load_match(path), left_at)
    except SaveFileError as err:
        raise SaveFileError(f"{err}{set_aside(path)}") from None
    try:
        if _stamp(path) == before:      # not replaced while it was read: this is the game read
            _seen[path] = before
    except OSError:
        pass
    return kept
