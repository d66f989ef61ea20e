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
"""
from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

from game.match.record import Match
from game.rules.core import Move, State
from game.store.savefile import SaveFileError, load_match, save_match
from game.store.jsonfile import set_aside
from game.store.userdata import data_dir

AUTOSAVE_NAME = "autosave.txt"


@dataclass(frozen=True)
class KeptGame:
    """The game kept for Resume, and when it was left."""

    match: Match
    left_at: _dt.datetime


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_NAME


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
    save_match(match, autosave_path(), redo=not _redo_finishes(match))
    return True


def forget() -> None:
    """Drop the kept game (it was finished after Resume)."""
    autosave_path().unlink(missing_ok=True)


def kept_game() -> KeptGame | None:
    """The game kept for Resume, or None. A kept file that cannot be loaded is
    set aside as ``autosave.txt.bad`` and ``SaveFileError`` says why and where."""
    path = autosave_path()
    try:
        left_at = _dt.datetime.fromtimestamp(path.stat().st_mtime)
    except FileNotFoundError:
        return None
    except OSError as err:
        raise SaveFileError(f"{path}: cannot be read ({err.strerror or err})") from None
    try:
        return KeptGame(load_match(path), left_at)
    except SaveFileError as err:
        raise SaveFileError(f"{err}{set_aside(path)}") from None
