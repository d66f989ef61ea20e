"""What the arcade keeps for a player between runs: settings, statistics, saves.

Files live in the player's folders (``game.paths.user_folder``: the
platform's per-user directories, or ``$BOARD_ARCADE_HOME``).
Every file is written atomically, so a crash or a full disk in the middle of
a write leaves the previous version intact; a damaged file is reported and
set aside (renamed ``*.bad``), never silently overwritten or allowed to crash
the program.
"""
from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any, Sequence

from game.rules.core import Outcome
from game.match.record import Player
from game.paths import user_folder

ANIM_SPEEDS: dict[float, str] = {0.0: "Off", 0.5: "Slow", 1.0: "Normal", 2.0: "Fast"}
#: The pauses between bot moves (seconds) that Settings and the play screen offer.
BOT_DELAYS: dict[float, str] = {0.0: "Instant", 0.2: "Fast", 0.6: "Normal", 1.2: "Slow", 2.5: "Very slow"}
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 680), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080))
#: Display options that settings files kept at the top level before ``Settings.display``.
FORMER_DISPLAY_KEYS = ("show_legal_moves", "show_move_numbers")


def data_dir() -> Path:
    """Where statistics and saved games go (created on demand)."""
    return user_folder("data")


def config_dir() -> Path:
    """Where the player's settings go (created on demand)."""
    return user_folder("config")


def saves_dir() -> Path:
    """The default folder offered by Save and Load."""
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def atomic_write_text(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old or the new file, never half.

    The text goes to a temporary file in the same folder, is flushed to disk,
    then renamed over the target in one step.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def set_aside(path: Path, copy: bool = False) -> str:
    """Keep a damaged file as ``<name>.bad`` for the player; say where, for the message.

    ``copy`` keeps the original in place too (when part of it is still used).
    """
    bad = path.with_name(path.name + ".bad")
    try:
        if copy:
            shutil.copyfile(path, bad)
        else:
            os.replace(path, bad)
    except OSError:
        return ""
    return f"; the file as it was is kept as {bad}"


def _read_json(path: Path, shape: type, what: str) -> tuple[Any, list[str]]:
    """The JSON value in ``path`` if it is a ``shape`` (``None`` if absent or damaged).

    A file that is not JSON, or not of the expected shape, is reported and
    set aside as ``<name>.bad`` so the player's data can be recovered by hand
    and the next save does not destroy it.
    """
    if not path.exists():
        return None, []
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as err:
        reason = str(err) if not isinstance(err, RecursionError) else "nested too deeply"
        return None, [f"{path}: could not be read ({reason}){set_aside(path)}"]
    if not isinstance(value, shape):
        return None, [f"{path}: expected {what}{set_aside(path)}"]
    return value, []


# -- settings ---------------------------------------------------------------
@dataclass
class Settings:
    """The player's preferences, as the Settings screen shows them."""

    anim_speed: float = 1.0
    sound: bool = True
    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    bot_delay: float = 0.6
    #: The boards' display options the player set, by name (``show_legal_moves``...):
    #: the UI's renderers declare them and their defaults.
    display: dict[str, bool] = field(default_factory=dict)

    def checked(self) -> tuple["Settings", list[str]]:
        """A copy with every out-of-range value reset to its default, and what was reset."""
        default = Settings()
        problems: list[str] = []
        values = asdict(self)
        if values["anim_speed"] not in ANIM_SPEEDS:
            problems.append(f"anim_speed {self.anim_speed!r} is not one of {sorted(ANIM_SPEEDS)}")
            values["anim_speed"] = default.anim_speed
        if not isinstance(values["sound"], bool):
            problems.append(f"sound {self.sound!r} is not true or false")
            values["sound"] = default.sound
        for name in ("fullscreen",):
            if not isinstance(values[name], bool):
                problems.append(f"{name} {values[name]!r} is not true or false")
                values[name] = getattr(default, name)
        if not isinstance(values["display"], dict):
            problems.append(f"display {values['display']!r} is not an object of names and true or false")
            values["display"] = {}
        display = values["display"]
        problems.extend(f"{name} {on!r} is not true or false" for name, on in display.items() if not isinstance(on, bool))
        values["display"] = {name: on for name, on in display.items() if isinstance(on, bool)}
        size = values["window_size"]
        if (
            not isinstance(size, (list, tuple))
            or len(size) != 2
            or not all(isinstance(v, int) and 480 <= v <= 10000 for v in size)
        ):
            problems.append(f"window_size {size!r} is not [width, height] in pixels (480-10000)")
            values["window_size"] = default.window_size
        values["window_size"] = tuple(values["window_size"])
        delay = values["bot_delay"]
        if not isinstance(delay, (int, float)) or isinstance(delay, bool) or not 0 <= delay <= 5:
            problems.append(f"bot_delay {delay!r} is not a number of seconds from 0 to 5")
            values["bot_delay"] = default.bot_delay
        return Settings(**values), problems


def settings_path() -> Path:
    return config_dir() / "settings.json"


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings (defaults where missing or bad) and any problems found."""
    path = settings_path()
    raw, problems = _read_json(path, dict, "a JSON object of settings")
    if raw is None:
        return Settings(), problems
    names = {f.name for f in fields(Settings)}
    if any(name in raw for name in FORMER_DISPLAY_KEYS) and isinstance(raw.get("display", {}), dict):
        former = {name: raw.pop(name) for name in FORMER_DISPLAY_KEYS if name in raw}
        raw["display"] = {**former, **raw.get("display", {})}
    unknown = sorted(set(raw) - names)
    if unknown:
        problems.append(f"{path}: ignored unknown settings {', '.join(unknown)}")
    settings, bad = Settings(**{k: v for k, v in raw.items() if k in names}).checked()
    problems.extend(f"{path}: {p}; using the default" for p in bad)
    return settings, problems


def save_settings(settings: Settings) -> None:
    atomic_write_text(settings_path(), json.dumps(asdict(settings), indent=2) + "\n")


# -- statistics -------------------------------------------------------------
@dataclass(frozen=True)
class StatRow:
    """One line of the Statistics screen: a matchup's tally from its first side's view."""

    game_id: str
    matchup: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses


def matchup_order(players: Sequence[Player]) -> list[int]:
    """Seats in the order a matchup is named: humans first, then by label.

    So "Human vs Master" is the same row whichever side the human played.
    """
    return sorted(range(len(players)), key=lambda s: (not players[s].is_human, players[s].label, s))


def matchup_name(players: Sequence[Player]) -> str:
    """How the statistics name a matchup: "Human vs Master"; with more than two
    seats, players of the same label are counted once ("Human vs Easy ×4 vs Hard")."""
    labels = [players[s].label for s in matchup_order(players)]
    if len(labels) <= 2:
        return " vs ".join(labels)
    groups: list[list[str]] = []
    for label in labels:
        if groups and groups[-1][0] == label:
            groups[-1].append(label)
        else:
            groups.append([label])
    return " vs ".join(g[0] if len(g) == 1 else f"{g[0]} ×{len(g)}" for g in groups)


COUNTS = ("wins", "draws", "losses")


@dataclass
class Stats:
    """Wins, draws and losses per game and matchup, kept across runs.

    Games recorded since the last load or save are also kept apart, so that
    saving adds them to what is on disk: two arcades running at once do not
    wipe out each other's results.
    """

    tally: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    unsaved: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict, repr=False)
    cleared: bool = field(default=False, repr=False)

    def record(self, game_id: str, players: Sequence[Player], outcome: Outcome) -> StatRow:
        """Count one finished game; returns the updated row."""
        order = matchup_order(players)
        matchup = matchup_name(players)
        key = {"win": "wins", "draw": "draws", "loss": "losses"}[outcome.result_for(order[0])]
        for table in (self.tally, self.unsaved):
            counts = table.setdefault(game_id, {}).setdefault(matchup, dict.fromkeys(COUNTS, 0))
            counts[key] += 1
        counts = self.tally[game_id][matchup]
        return StatRow(game_id, matchup, counts["wins"], counts["draws"], counts["losses"])

    def rows(self) -> list[StatRow]:
        return [
            StatRow(game_id, matchup, c["wins"], c["draws"], c["losses"])
            for game_id, matchups in sorted(self.tally.items())
            for matchup, c in sorted(matchups.items())
        ]

    def clear(self) -> None:
        """Forget every result, on disk too at the next save."""
        self.tally.clear()
        self.unsaved.clear()
        self.cleared = True


def stats_path() -> Path:
    return data_dir() / "stats.json"


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{value!r} is not a count")
    return value


def _read_tally(path: Path) -> tuple[dict[str, dict[str, dict[str, int]]], list[str]]:
    raw, problems = _read_json(path, dict, "a JSON object of statistics")
    tally: dict[str, dict[str, dict[str, int]]] = {}
    for game_id, matchups in (raw or {}).items():
        if not isinstance(matchups, dict):
            problems.append(f"{path}: {game_id}: expected matchups, skipped")
            continue
        for matchup, counts in matchups.items():
            try:
                if not isinstance(counts, dict):
                    raise ValueError("expected wins, draws and losses")
                clean = {k: _count(counts.get(k, 0)) for k in COUNTS}
            except ValueError as err:
                problems.append(f"{path}: {game_id} / {matchup}: bad counts ({err}), skipped")
                continue
            tally.setdefault(game_id, {})[matchup] = clean
    if problems and raw is not None:
        problems[-1] += set_aside(path, copy=True)
    return tally, problems


def load_stats() -> tuple[Stats, list[str]]:
    """The statistics kept so far (empty if none), with any problems found."""
    tally, problems = _read_tally(stats_path())
    return Stats(tally), problems


def save_stats(stats: Stats) -> None:
    """Add the games recorded since the last save to the file, atomically."""
    path = stats_path()
    merged = {} if stats.cleared else _read_tally(path)[0]
    for game_id, matchups in stats.unsaved.items():
        for matchup, counts in matchups.items():
            total = merged.setdefault(game_id, {}).setdefault(matchup, dict.fromkeys(COUNTS, 0))
            for key in COUNTS:
                total[key] += counts[key]
    atomic_write_text(path, json.dumps(merged, indent=2, sort_keys=True) + "\n")
    stats.tally = merged
    stats.unsaved = {}
    stats.cleared = False
