"""What the arcade keeps for a player between runs: settings, statistics, saves.

Files live in the player's folders (``game.paths.user_folder``: the
platform's per-user directories, or ``$BOARD_ARCADE_HOME``).
Every file is written atomically, so a crash or a full disk in the middle of
a write leaves the previous version intact; a damaged file is reported and
set aside (renamed ``*.bad``), never silently overwritten or allowed to crash
the program (``jsonfile``). What each setting and count may be is declared on
its field and checked by msgspec: a bad one is reported and left at its
default (a setting) or skipped (a matchup's counts), the rest kept.

Two arcades may run at once, each saving as it goes. Saving merges into the
file under its lock (``jsonfile.locked``) instead of writing over it: the
statistics add the games recorded since the last save to the file's, and
the settings write the settings this arcade changed since it read or wrote
them (each display option alone), keeping what another arcade changed.
"""
from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, Sequence

import msgspec
from msgspec import Meta, Struct

from game.lang import N_, _, worded
from game.match.record import Player
from game.match.typeddata import Fault, convert, convert_fields, described, expected_of
from game.paths import user_folder
from game.rules.core import Outcome
from game.store.jsonfile import atomic_write_text, locked, read_json_object, remove_stale_temporaries, set_aside

ANIM_SPEEDS: dict[float, str] = {0.0: N_("Off"), 0.5: N_("Slow"), 1.0: N_("Normal"), 2.0: N_("Fast")}
#: The pauses between bot moves (seconds) that Settings and the play screen offer.
BOT_DELAYS: dict[float, str] = {0.0: N_("Instant"), 0.2: N_("Fast"), 0.6: N_("Normal"), 1.2: N_("Slow"), 2.5: N_("Very slow")}
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


def remove_stale_writes() -> list[Path]:
    """Clear the temporary files that copies of the arcade killed mid-write left in the
    player's folders (settings; statistics, seats and the kept game; saved games), as
    ``jsonfile.remove_stale_temporaries`` judges them; returns those removed. Run at start."""
    try:
        folders = [config_dir(), data_dir(), data_dir() / "saves"]
    except OSError:
        return []
    return [path for folder in folders for path in remove_stale_temporaries(folder)]


# -- settings ---------------------------------------------------------------
#: A setting that is on or off.
Flag = Annotated[bool, Meta(description=N_("true or false"))]
#: A window's width or height.
Pixels = Annotated[int, Meta(ge=480, le=10000)]


@dataclass
class Settings:
    """The player's preferences, as the Settings screen shows them. What each takes is
    declared on its field (msgspec checks a loaded file against it); ``anim_speed`` must
    also be one of ``ANIM_SPEEDS``."""

    anim_speed: Annotated[float, Meta(description=described(N_("one of {values}"), values=str(sorted(ANIM_SPEEDS))))] = 1.0
    sound: Flag = True
    window_size: Annotated[tuple[Pixels, Pixels], Meta(description=N_("[width, height] in pixels (480-10000)"))] = (
        1280, 800)
    fullscreen: Flag = False
    bot_delay: Annotated[float, Meta(ge=0, le=5, description=N_("a number of seconds from 0 to 5"))] = 0.6
    #: The boards' display options the player set, by name (``show_legal_moves``...):
    #: the UI's renderers declare them and their defaults.
    display: Annotated[dict[str, bool], Meta(description=N_("an object of option names and true or false"))] = field(
        default_factory=dict)
    #: The screens' colours: the dark theme or the light one (``game.ui.palette.THEMES``).
    theme: Annotated[Literal["dark", "light"], Meta(description=N_('"dark" or "light"'))] = "dark"
    #: The seats' pieces in colours that stay apart for colour-blind players (Okabe–Ito).
    colour_blind: Flag = False
    #: The sound effects' loudness, from 0 (silent) to 1 (as recorded).
    volume: Annotated[float, Meta(ge=0, le=1, description=N_("a number from 0 to 1"))] = 1.0
    #: The language of the window's words, as a catalogue's code (``zh_CN``); "" follows the system's.
    language: Annotated[str, Meta(max_length=20, description=N_('a language code such as "zh_CN", or "" for the system\'s'))] = ""


def settings_path() -> Path:
    return config_dir() / "settings.json"


#: The settings as this process last read or saved them (its own, not the file's), by file:
#: what ``save_settings`` compares with to write only what this arcade changed.
_settings_seen: dict[Path, dict[str, Any]] = {}


def load_settings() -> tuple[Settings, list[str]]:
    """The saved settings (each missing or bad one at its default) and any problems found."""
    settings, problems = _read_settings(settings_path())
    _settings_seen[settings_path()] = asdict(settings)
    return settings, problems


def _read_settings(path: Path) -> tuple[Settings, list[str]]:
    """The settings in ``path``, each missing or bad one at its default, and the problems found."""
    raw, problems = read_json_object(path, N_("a JSON object of settings"))
    if raw is None:
        return Settings(), problems
    if any(name in raw for name in FORMER_DISPLAY_KEYS) and isinstance(raw.get("display", {}), dict):
        former = {name: raw.pop(name) for name in FORMER_DISPLAY_KEYS if name in raw}
        raw["display"] = {**former, **raw.get("display", {})}
    display = raw.get("display")
    if isinstance(display, dict):   # one bad choice falls back alone; the others are kept
        for name, on in list(display.items()):
            if not isinstance(on, bool):
                problems.append(_("{path}: display option {name} {value!r} is not true or false; using the default").format(
                    path=path, name=name, value=on))
                del display[name]
    read, faults = convert_fields(raw, Settings)
    settings = read or Settings()   # raw is a mapping and every setting has a default: never None
    unknown = sorted(fault.key[0] for fault in faults if fault.unknown)
    if unknown:
        problems.append(_("{path}: ignored unknown settings {names}").format(path=path, names=", ".join(unknown)))
    bad = [(fault.key[0], fault.value, fault.expected) for fault in faults if not fault.unknown]
    if settings.anim_speed not in ANIM_SPEEDS:
        bad.insert(0, ("anim_speed", raw["anim_speed"], expected_of(Settings, "anim_speed")))
        settings.anim_speed = Settings.anim_speed
    problems.extend(_("{path}: {name} {value!r} is not {expected}; using the default").format(
        path=path, name=name, value=value, expected=worded(expected)) for name, value, expected in bad)
    return settings, problems


def save_settings(settings: Settings) -> None:
    """Write ``settings`` atomically, merged under the file's lock with what is there: the
    settings this process changed since it last read or wrote them are written, the others
    keep the file's value (another arcade's change). ``OSError`` if it could not be written."""
    path = settings_path()
    ours = asdict(settings)
    with locked(path):
        seen = _settings_seen.get(path)
        merged = ours if seen is None else _changes_over(asdict(_read_settings(path)[0]), seen, ours)
        atomic_write_text(path, json.dumps(merged, indent=2) + "\n")
    _settings_seen[path] = ours


def _changes_over(base: dict[str, Any], before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
    """``base`` with the changes from ``before`` to ``after``: a value that is an object
    (the display options) changes key by key."""
    merged = dict(base)
    for name, value in after.items():
        old = before.get(name)
        if isinstance(value, dict) and isinstance(old, dict) and isinstance(base.get(name), dict):
            merged[name] = _changes_over(base[name], old, value)
            for key in old.keys() - value.keys():
                merged[name].pop(key, None)
        elif name not in before or value != old:
            merged[name] = value
    return merged


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


Count = Annotated[int, Meta(ge=0, description="a count (a whole number from 0)")]


class Counts(Struct):
    """A matchup's tally as the file keeps it."""

    shape = "wins, draws and losses"

    wins: Count = 0
    draws: Count = 0
    losses: Count = 0


def _read_tally(path: Path) -> tuple[dict[str, dict[str, dict[str, int]]], list[str]]:
    """The tally in ``path``: each matchup whose counts are bad is reported and skipped,
    and the file is copied aside for the player (the rest is still used, and saved)."""
    raw, problems = read_json_object(path, N_("a JSON object of statistics"))
    tally: dict[str, dict[str, dict[str, int]]] = {}
    for game_id, matchups in (raw or {}).items():
        if not isinstance(matchups, dict):
            problems.append(f"{path}: {game_id}: expected matchups, skipped")
            continue
        for matchup, value in matchups.items():
            counts = convert(value, Counts)
            if isinstance(counts, Fault):
                where = f"{'.'.join(counts.key)}: " if counts.key else ""
                problems.append(f"{path}: {game_id} / {matchup}: bad counts ({where}{counts.message}), skipped")
                continue
            tally.setdefault(game_id, {})[matchup] = msgspec.structs.asdict(counts)
    if problems and raw is not None:
        problems[-1] += set_aside(path, copy=True)
    return tally, problems


def load_stats() -> tuple[Stats, list[str]]:
    """The statistics kept so far (empty if none), with any problems found."""
    tally, problems = _read_tally(stats_path())
    return Stats(tally), problems


def save_stats(stats: Stats) -> None:
    """Add the games recorded since the last save to the file, atomically and under its lock,
    so that another arcade's games saved meanwhile are kept. ``OSError`` if it could not be
    written (the games then wait for the next save)."""
    path = stats_path()
    with locked(path):
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
