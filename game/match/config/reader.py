"""Reading ``config.yaml``: the player's file over the shipped one, entry by entry.

Loading never fails. A file that is missing, is not valid YAML, or has a bad
entry gives a problem naming the file, the line and key path where known, and
what is expected. In the player's file only the bad part falls back, entry by
entry, to the shipped file's (``CONFIG_PATH``, read once per run). A bad entry
of the shipped file itself has nothing to fall back on: its tier is left out
(a bad ``time_budget`` becomes ``DEFAULT_TIME_BUDGET``); if the shipped file
is missing or unreadable, every game gets the tiers of a game the config does
not name (``untuned.py``: the generic tree search's).

The entries' shapes are checked by ``msgspec`` against ``entries`` and
``NetLimits``; this module decides what each fault falls back to.
"""
from __future__ import annotations

import copy
import dataclasses
import functools
from pathlib import Path
from typing import Any, Iterable, TypeVar

import yaml
from msgspec import UNSET, UnsetType

from bots.lib.engine_clients import protocol_games, protocol_settings
from bots.lib.engine_process import EngineStartError, command_words
from game.lang import N_, Phrase
from game.match.botregistry import BotRegistry
from game.match.config.checked import Config, built_in_tier, tier_name
from game.match.config.entries import BotTier, Document, EngineEntry, EngineTier, GameEntry
from game.match.config.model import BotLimits, EngineSpec, GameConfig, NetLimits, TierSpec, strongest_or
from game.match.config.yamlfile import TooLarge, file_problem, parse, problem_text, yaml_error_place
from game.match.typeddata import Fault, convert, convert_fields, expected_got, field_names, shape_of, shown
from game.paths import CONFIG_PATH, user_config_path
from game.rules.catalogue import game_ids

#: A section of settings read into a dataclass: ``net:`` or ``bots:``.
Settings = TypeVar("Settings", NetLimits, BotLimits)
#: What a problem says when there are no built-in settings to use instead.
NO_BUILT_IN = Phrase(N_("no tiers (every bot is offered under its own name)"))
#: What a game the config does not name plays with (``untuned.py``).
UNTUNED_INSTEAD = Phrase(N_("the generic tree search's tiers for every game (every bot is also offered under its own name)"))
#: How a problem with a kind of name already taken says so, by the kind.
_TAKEN = {"tier": N_("tier names ignore case and {name} is already a tier; left out"),
          "engine": N_("engine names ignore case and {name} is already an engine; left out")}
#: What a problem says is done with a part that is left out.
IGNORED = Phrase(N_("ignored"))


def config_path() -> Path:
    """The file read when none is named: the player's own ``config.yaml`` if they
    made one, else the shipped one."""
    own = user_config_path()
    return own if own.is_file() else CONFIG_PATH


def load_config(path: str | Path | None = None, registry: BotRegistry | None = None) -> Config:
    """Read a ``config.yaml`` (default: ``config_path()``); never raises.

    Another file's bad entries fall back to the shipped file's; the shipped
    file's own have nothing to fall back on. With ``registry`` the tiers are
    also checked against the bots found.
    """
    path = Path(path) if path is not None else config_path()
    if path.resolve() == CONFIG_PATH.resolve():
        games, problems, lines, net, bots = _read_shipped(CONFIG_PATH)
        config = Config(path, copy.deepcopy(games), list(problems), dict(lines), net=net, bots=bots)
    else:
        defaults = builtin_games()
        shipped = _read_shipped(CONFIG_PATH)
        reader = _Reader(path, defaults, shipped[3], shipped[4])
        config = Config(path, reader.read(), reader.problems, reader.lines, defaults=defaults, net=reader.net,
                        bots=reader.bots)
    if registry is not None:
        config.validate(registry)
    return config


def builtin_games() -> dict[str, GameConfig]:
    """The built-in settings of every game: the shipped ``config.yaml``'s
    (``CONFIG_PATH``), without the entries it gets wrong (none, if it cannot be read)."""
    return copy.deepcopy(_read_shipped(CONFIG_PATH)[0])


@functools.lru_cache(maxsize=4)
def _read_shipped(path: Path) -> tuple[dict[str, GameConfig], tuple[str, ...], dict[tuple[str, ...], int],
                                       NetLimits, BotLimits]:
    """The shipped file at ``path`` read once, with nothing to fall back on: (its games,
    its problems, the line of each key, its LAN settings, its bots' limits). Callers copy what they keep."""
    reader = _Reader(path, {})
    games = reader.read()
    return games, tuple(reader.problems), reader.lines, reader.net, reader.bots


class _Reader:
    """Turns the file's text into ``GameConfig``s, collecting problems."""

    def __init__(self, path: Path, defaults: dict[str, GameConfig], net: NetLimits | None = None,
                 bots: BotLimits | None = None) -> None:
        self.path = path
        #: The LAN settings read, and what a bad one falls back to.
        self.net = net or NetLimits()
        #: What every bot may use, and what a bad setting falls back to.
        self.bots = bots or BotLimits()
        #: The built-in settings that a bad part falls back to ({} for the shipped file).
        self.defaults = defaults
        self.problems: list[str] = []
        self.lines: dict[tuple[str, ...], int] = {}
        #: How a problem of the whole file ends: what is used instead.
        self.instead = Phrase(N_("using the built-in settings")) if defaults else UNTUNED_INSTEAD

    def problem(self, key: Iterable[str], message: str) -> None:
        self.problems.append(problem_text(self.path, self.lines, tuple(key), message))

    def whole(self, pattern: str, line: int | None = None, **values: object) -> None:
        """A problem of the whole file (``pattern``'s words, marked ``N_``), ending with what is used instead."""
        message = Phrase(pattern, **values, instead=self.instead)
        self.problems.append(file_problem(self.path.name, line, message))

    def fault(self, key: tuple[str, ...], fault: Fault, action: str) -> None:
        """Report ``fault`` of the entry at ``key``, and what is done instead."""
        self.problem(key + fault.key, Phrase(N_("{problem}; {action}"), problem=fault.message, action=action))

    def taken(self, key: tuple[str, ...], names: list[str], kind: str) -> bool:
        """Whether the name at the end of ``key`` is, ignoring case, one of ``names`` (each a
        ``kind``, ``'tier'`` or ``'engine'``) already read; if so it is reported, and left out."""
        same = next((n for n in names if n.casefold() == key[-1].casefold()), None)
        if same is not None:
            self.problem(key, Phrase(_TAKEN[kind], name=same))
        return same is not None

    def read(self) -> dict[str, GameConfig]:
        defaults = self.defaults
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.whole(N_("not found at {path}; {instead}"), path=str(self.path))
            return defaults
        except (OSError, UnicodeDecodeError) as err:
            self.whole(N_("cannot be read ({error}); {instead}"), error=str(err))
            return defaults
        try:
            document = parse(text)
        except yaml.YAMLError as err:
            line, what = yaml_error_place(err, text)
            self.whole(N_("not valid YAML ({error}); {instead}"), line, error=what)
            return defaults
        except (TooLarge, RecursionError, MemoryError):
            self.whole(N_("too deeply nested / too large (aliases?); {instead}"))
            return defaults
        except Exception as err:  # noqa: BLE001 - whatever else the YAML library raises is reported, not fatal
            self.whole(N_("cannot be read as YAML ({error}); {instead}"), error=f"{type(err).__name__}: {err}")
            return defaults
        self.lines = document.lines
        for key, line in document.twice:
            self.problems.append(problem_text(self.path, {key: line}, key,
                                              Phrase(N_("given twice; the later one is used"))))
        if document.data is None:
            if not defaults:  # another file may be empty (all built in); the built-in file may not
                self.whole(N_("is empty; {instead}"))
            return defaults
        entry, faults = convert_fields(document.data, Document)
        for fault in faults:
            self.fault((), fault, IGNORED if fault.unknown else self.instead)
        if entry is None:
            return defaults
        if entry.net is not None:
            self.net = self.parse_settings("net", entry.net, self.net)
        if entry.bots is not None:
            self.bots = self.parse_settings("bots", entry.bots, self.bots)
        return self.parse_games(entry.games)

    def parse_settings(self, section: str, entry: Any, current: Settings) -> Settings:
        """The settings of ``section`` (``net:``, ``bots:``) over ``current``; a bad one is
        reported and keeps its value from before."""
        kind = type(current)
        if not isinstance(entry, dict):
            self.problem((section,), Phrase(N_("{problem}; {action}"), problem=expected_got(shape_of(kind), entry),
                                            action=Phrase(N_("using the built-in settings"))))
            return current
        read, faults = convert_fields(entry, kind)
        for fault in faults:
            kept = getattr(current, fault.key[0], None)
            shown_kept = f"{kept:g}" if isinstance(kept, (int, float)) else kept
            self.fault((section,), fault, IGNORED if fault.unknown else Phrase(N_("using {value}"), value=shown_kept))
        given = {str(name) for name in entry} & set(field_names(kind)) - {fault.key[0] for fault in faults}
        return dataclasses.replace(current, **{name: getattr(read, name) for name in given})

    def parse_games(self, games: dict[Any, Any] | None | UnsetType) -> dict[str, GameConfig]:
        """Each game of ``games:`` over the built-in settings (``UNSET``: no games given)."""
        result = dict(self.defaults)
        if games is None:
            self.problem(("games",), Phrase(N_("is empty; {instead}"), instead=self.instead))
        if not games:
            return result
        known = game_ids()
        for game_id, entry in games.items():
            if game_id not in known:
                self.problem(("games", str(game_id)), Phrase(N_("there is no game {game} (games: {games}); ignored"),
                                                             game=repr(game_id), games=", ".join(known)))
                continue
            result[game_id] = self.parse_game(game_id, entry, self.defaults.get(game_id, GameConfig(game_id)))
        return result

    def parse_game(self, game_id: str, value: Any, default: GameConfig) -> GameConfig:
        key = ("games", game_id)
        if value is None:
            return default
        entry, faults = convert_fields(value, GameEntry)
        if entry is None:
            instead = (Phrase(N_("using the built-in {game} settings"), game=game_id) if game_id in self.defaults
                       else NO_BUILT_IN)
            self.fault(key, faults[0], instead)
            return default
        hint_time = (Phrase(N_("using the time budget")) if default.hint_time is None
                     else Phrase(N_("using {seconds} s"), seconds=f"{default.hint_time:g}"))
        actions = {"time_budget": Phrase(N_("using {seconds} s"), seconds=f"{default.time_budget:g}"),
                   "hint_time": hint_time,
                   "tiers": Phrase(N_("using the built-in tiers")) if default.tiers else NO_BUILT_IN,
                   "engines": Phrase(N_("no engines"))}
        for fault in faults:
            self.fault(key, fault, IGNORED if fault.unknown else actions[fault.key[0]])
        budget = default.time_budget if entry.time_budget is UNSET else entry.time_budget
        engines = list(default.engines)
        if any(f.key == ("engines",) for f in faults):
            engines = []
        elif entry.engines is not UNSET:
            engines = self.parse_engines(game_id, entry.engines or {})
        tiers = list(default.tiers) if entry.tiers is UNSET else self.parse_tiers(key, entry.tiers or {}, default,
                                                                                   engines)
        hint = self.parse_hint(key, entry.hint, tiers, default)
        hint_time = default.hint_time if entry.hint_time is None else entry.hint_time
        return GameConfig(game_id, budget, tiers, hint, hint_time, engines)

    def parse_engines(self, game_id: str, value: dict[Any, Any]) -> list[EngineSpec]:
        """The external engines of a game's ``engines:``; a bad entry is reported and left out."""
        key = ("games", game_id, "engines")
        engines: list[EngineSpec] = []
        for name, entry in value.items():
            name = str(name).strip()
            if not name:
                self.problem(key, Phrase(N_("an engine needs a name; left out")))
                continue
            if self.taken(key + (name,), [e.name for e in engines], "engine"):
                continue
            engine = parse_engine(game_id, name, entry)
            if isinstance(engine, EngineSpec):
                engines.append(engine)
            else:
                self.fault(key + (name,), engine, Phrase(N_("engine {engine} left out"), engine=name))
        return engines

    def parse_tiers(self, key: tuple[str, ...], value: dict[Any, Any], default: GameConfig,
                    engines: Iterable[EngineSpec] = ()) -> list[TierSpec]:
        key = key + ("tiers",)
        tiers: list[TierSpec] = []
        for name, entry in value.items():
            name = str(name)
            if self.taken(key + (name,), [t.name for t in tiers], "tier"):
                continue
            tier = parse_tier(name, entry, engines)
            if isinstance(tier, TierSpec):
                tiers.append(tier)
                continue
            fallback = default.tier(name)
            if fallback is not None:
                tiers.append(fallback)
                action = built_in_tier(fallback)
            else:
                action = Phrase(N_("tier {tier} left out"), tier=tier_name(name))
            self.fault(key + (name,), tier, action)
        return tiers

    def parse_hint(self, key: tuple[str, ...], value: Any, tiers: list[TierSpec], default: GameConfig) -> str:
        names = [t.name for t in tiers]
        fallback = strongest_or(default.hint_tier, names)
        if value is None:
            return fallback
        if isinstance(value, str):
            match = next((n for n in names if n.casefold() == value.strip().casefold()), None)
            if match is not None:
                return match
        action = Phrase(N_("using {value}"), value=tier_name(fallback)) if fallback else Phrase(N_("no hints"))
        self.problem(key + ("hint",), Phrase(N_("expected one of the tiers ({tiers}), got {value}; {action}"),
                                             tiers=", ".join(names) or Phrase(N_("none")), value=shown(value),
                                             action=action))
        return fallback


def parse_tier(name: str, entry: Any, engines: Iterable[EngineSpec] = ()) -> TierSpec | Fault:
    """A tier from its entry (``{bot: ..., params: ...}``, ``ClassName`` or ``{engine: Name}``,
    one of ``engines``), or what is wrong with it."""
    if isinstance(entry, str):
        entry = {"bot": entry}
    if isinstance(entry, dict) and "engine" in entry:
        tier = convert(entry, EngineTier)
        if isinstance(tier, Fault) and tier.key != ("engine",):
            return tier
        wanted = tier.value if isinstance(tier, Fault) else tier.engine
        engines = list(engines)
        engine = next((e for e in engines if e.name.casefold() == str(wanted).strip().casefold()), None)
        if engine is not None and not isinstance(tier, Fault):
            return engine.tier(name)
        known = ", ".join(e.name for e in engines) or Phrase(N_("none"))
        expected = Phrase(N_("the name of one of the game's engines ({engines})"), engines=known)
        return Fault(("engine",), expected, wanted, expected_got(expected, wanted))
    bot = convert(entry, BotTier)
    if isinstance(bot, Fault):
        return bot
    return TierSpec(name, bot.bot.strip(), dict(bot.params or {}))


def parse_engine(game_id: str, name: str, entry: Any) -> EngineSpec | Fault:
    """An external engine of ``game_id`` from its ``engines:`` entry, or what is wrong with it.
    The program is not looked for: that is done when it starts."""
    engine = convert(entry, EngineEntry)
    if isinstance(engine, Fault):
        return engine
    try:
        command_words(engine.command)
    except (ValueError, EngineStartError) as err:
        return Fault(("command",), "a command line", engine.command,
                     Phrase(N_("cannot be read as a command line ({error}): {command}"), error=str(err),
                            command=repr(engine.command)))
    plays = protocol_games(engine.protocol)
    if game_id not in plays:
        return Fault(("protocol",), f"a protocol that plays {game_id}", engine.protocol,
                     Phrase(N_("the {protocol} protocol plays {games}, not {game}"), protocol=engine.protocol,
                            games=", ".join(plays), game=game_id))
    for key in ("depth", "protocol_version"):
        value = getattr(engine, key)
        if value is not None and key not in protocol_settings(engine.protocol):
            return Fault((key,), f"no {key} for a {engine.protocol} engine", value,
                         Phrase(N_("the {protocol} protocol has no {key}"), protocol=engine.protocol, key=key))
    return EngineSpec(name, engine.command.strip(), engine.protocol, engine.time, (engine.cwd or "").strip(),
                      engine.depth, engine.protocol_version)
