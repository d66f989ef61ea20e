"""The saved games in a folder, as the Load list shows them.

``scan_saves`` reads every file in the saves folder (newest first): each
becomes a ``SavedGame`` holding the loaded match, or, for a file that
cannot be loaded, the problem (the ``SaveFileError`` text naming the line
and what is wrong). A damaged or foreign file is a row of the list, never a
crash. ``summary`` turns a game into the words of its row: the game, who
played ("You vs Master"), how many moves, the result and when it was saved.
"""
from __future__ import annotations

import datetime as _dt
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from game.lang import _, day, decimal, ngettext, number, time_of_day
from game.match.record import Match, Player
from game.store.savefile import SaveFileError, load_match
from game.ui.naming import player_names

logger = logging.getLogger(__name__)

#: A file larger than this is not read: no saved game comes near it.
MAX_BYTES = 1_000_000


@dataclass(frozen=True)
class SavedGame:
    """One file of the saves folder: its match, or why it cannot be loaded."""

    path: Path
    modified: _dt.datetime
    match: Match | None = None
    problem: str = ""

    @property
    def loadable(self) -> bool:
        return self.match is not None

    @property
    def problem_detail(self) -> str:
        """The problem without the file's path in front (the row shows the file name)."""
        prefix = str(self.path)
        if self.problem.startswith(prefix):
            return self.problem[len(prefix):].lstrip(": ") or self.problem
        return self.problem


@dataclass(frozen=True)
class Summary:
    """The words of a row of the Load list.

    ``mood`` colours the result: "playing" (in progress), "won" / "lost"
    (from the one human's side), "draw", or "over" (a finished game with no
    single human to take sides with).
    """

    title: str
    players: str
    moves: str
    result: str
    when: str
    mood: str


def read_saved_game(path: Path) -> SavedGame:
    """Load ``path`` for the list; any problem is kept in the result, not raised."""
    try:
        info = path.stat()
    except OSError as err:
        return SavedGame(path, _dt.datetime.fromtimestamp(0), problem=_("{path}: cannot be read ({error})").format(
            path=path, error=err.strerror or err))
    modified = _dt.datetime.fromtimestamp(info.st_mtime)
    if info.st_size > MAX_BYTES:
        return SavedGame(path, modified, problem=_("{path}: {size} MB is too large to be a saved game").format(
            path=path, size=decimal(info.st_size / 1e6)))
    try:
        return SavedGame(path, modified, match=load_match(path))
    except SaveFileError as err:
        return SavedGame(path, modified, problem=str(err))
    except Exception as err:  # a game's rules choked on the file: one bad row, the list still opens
        logger.exception("reading saved game %s", path)
        return SavedGame(path, modified, problem=_("{path}: could not be read ({error})").format(
            path=path, error=f"{type(err).__name__}: {err}"))


def listed(path: Path) -> bool:
    """Whether a folder entry belongs in the list: visible files (not the hidden
    temporary files of a save being written)."""
    return not path.name.startswith(".") and path.is_file()


def scan_saves(directory: Path) -> tuple[list[SavedGame], str]:
    """The saved games in ``directory``, newest first, and a problem if the
    folder itself could not be read (then the list is empty)."""
    try:
        paths = [path for path in directory.iterdir() if listed(path)]
    except OSError as err:
        return [], _("{folder}: the folder cannot be read ({error})").format(folder=directory, error=err.strerror or err)
    games = [read_saved_game(path) for path in paths]
    games.sort(key=lambda game: (game.modified, game.path.name), reverse=True)
    return games, ""


def when_text(moment: _dt.datetime, now: _dt.datetime) -> str:
    """"Today 14:05", "Yesterday 09:30" or "3 Jan 2025 10:30"."""
    days = (now.date() - moment.date()).days
    if days == 0:
        return _("Today {time}").format(time=time_of_day(moment))
    if days == 1:
        return _("Yesterday {time}").format(time=time_of_day(moment))
    return f"{day(moment)} {time_of_day(moment)}"


def moves_text(count: int) -> str:
    if count == 0:
        return _("No moves yet")
    return ngettext("{n} move", "{n} moves", count).format(n=number(count))


def summary(game: SavedGame, now: _dt.datetime, label: Callable[[Player], str] = lambda p: p.label) -> Summary:
    """The row of a loadable ``game``; ``label`` gives a player's display label
    (a bot saved by its class name shown by its tier name)."""
    match = game.match
    if match is None:
        raise ValueError(f"{game.path} cannot be loaded ({game.problem}), so it has no summary")
    state = match.state
    players = [Player(p.kind, label(p), p.bot) for p in match.players]
    names = player_names(players, state.seat_name)
    outcome = match.outcome()
    humans = [seat for seat, p in enumerate(players) if p.is_human]
    if outcome is None:
        result, mood = _("In progress"), "playing"
    elif outcome.is_draw:
        result, mood = _("Draw"), "draw"
    else:
        winners = _(" and ").join(names[seat] for seat in outcome.winners)
        result = _("{players} won").format(players=winners)
        if len(humans) == 1:
            mood = "won" if humans[0] in outcome.winners else "lost"
        else:
            mood = "over"
    return Summary(
        title=_(state.title),
        players=_(" vs ").join(names),
        moves=moves_text(len(match.records)),
        result=result,
        when=when_text(game.modified, now),
        mood=mood,
    )
