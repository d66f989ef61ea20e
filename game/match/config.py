"""Which bot plays each difficulty tier, and how long bots may think.

A ``config.yaml`` holds, per game, the seconds a bot may think per move
(``time_budget``), the tier that gives hints (``hint``) and the tiers from
weakest to strongest, each a bot class with parameters::

    games:
      tictactoe:
        time_budget: 1.0
        hint: Master
        tiers:
          Easy: {bot: TicTacToeEasy}
          Hard: {bot: TicTacToeSymmetry, params: {depth: 5}}

The built-in settings are the shipped ``config.yaml`` (``CONFIG_PATH``),
read once per run; there is no second copy in code to drift from it. The
player changes them in a file of their own, read over the shipped one: the
``config.yaml`` in their settings folder (``paths.user_config_path``) when
there is one, or the file ``--config`` names; what it leaves out keeps the
shipped settings.

Loading never fails: a file that is missing, is not valid YAML, or has a bad
entry gives a problem message naming the file, the line and key path where
known, and what is expected. In the player's file only the bad part falls
back, entry by entry, to the shipped file's. A bad entry of
the shipped file itself has nothing to fall back on: its tier is left out
(a bad ``time_budget`` becomes ``DEFAULT_TIME_BUDGET``) and the rest keeps
working; if the shipped file is missing or unreadable, no game has tiers
and every bot is offered in the seat menus under its own name.

An external engine program (Gomocup or NBoard, see ``bots/external_engine.py``)
is a game's entry under ``engines:``, beside ``tiers:``, named as the seat
menus show it::

    gomoku:
      engines:
        Rapfi: {command: "/path/to/pbrain-rapfi", protocol: gomocup, time: 2.0}
      tiers:
        Hard: {engine: Rapfi}

``time`` (optional: the game's ``time_budget``) is its seconds per move, and
``cwd`` (optional) the folder it runs in. A tier may be one of the engines
(``{engine: Name}``); the engines no tier names are offered after the tiers.
Loading checks each entry's keys, protocol (one that plays the game), command
(some text) and time, but never runs the program: a command that cannot be
started is reported when the engine is first started. Engines are never built
at discovery (their constructor starts the program).

Entries that need the bots to check (does the bot exist, does it take that
parameter) are checked by ``Config.validate(registry)``, which
``seat_choices`` and ``bot_spec`` call for you; a tier that fails falls back
in the same way. Whether a bot's constructor accepts the parameter *values*
is known only by building it: pass ``config.bot_checks()`` to
``BotRegistry.discover(check=...)`` and ``validate`` reports the tiers whose
bot refused to be built.
"""
from __future__ import annotations

import copy
import dataclasses
import ipaddress
import difflib
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import yaml

from bots.lib.engine_clients import PROTOCOL_TITLES, PROTOCOLS, protocol_games
from bots.lib.engine_process import EngineStartError, command_words
from game.match.botregistry import BotInfo, BotParam, BotRegistry
from game.rules.catalogue import game_ids
from game.match.record import Player
from game.match.runner import BotSpec
from game.match.untuned import GENERIC_BOT, UNTUNED_HINT, UNTUNED_TIERS
from game.paths import CONFIG_PATH, engine_log_path, user_config_path

DEFAULT_TIME_BUDGET = 1.0
MIN_TIME_BUDGET, MAX_TIME_BUDGET = 0.01, 600.0
GAME_KEYS = ("time_budget", "hint", "hint_time", "tiers", "engines")
#: Limits of config.yaml's data, aliases expanded (a real file has some dozens of nodes).
MAX_NODES, MAX_DEPTH = 10_000, 50
TIER_KEYS = ("bot", "params")
ENGINE_KEYS = ("command", "protocol", "time", "cwd")
#: The bot class, and its module, that plays every ``engines:`` entry.
ENGINE_BOT, ENGINE_MODULE = "ExternalEngine", "bots.external_engine"

#: What a problem says when there are no built-in settings to use instead.
NO_BUILT_IN = "no tiers (every bot is offered under its own name)"


#: The ``net:`` settings, each (lowest, highest) allowed.
NET_RANGES: dict[str, tuple[float, float]] = {
    "port": (0, 65535), "discovery_port": (1, 65535), "reconnect_seconds": (5, 3600),
    "max_line_bytes": (1024, 1 << 20), "messages_per_second": (1, 1000), "idle_timeout": (5, 3600),
}
#: The ``net:`` settings that are whole numbers.
NET_WHOLE = ("port", "discovery_port", "max_line_bytes")
#: The ``net:`` settings that are IPv4 addresses: where a hosted game listens, and
#: where it is announced (the LAN's broadcast address; loopback keeps both on this machine).
NET_ADDRESSES = ("bind", "discovery_address")
NET_KEYS = (*NET_RANGES, *NET_ADDRESSES)


@dataclass(frozen=True)
class NetLimits:
    """The LAN settings (config.yaml's ``net:``): the port a hosted game listens on
    (0: any free one), the port of the game announcements, how long a dropped player
    may take to rejoin their seat, the longest line and the most messages a second a
    client may send, and the seconds of silence after which a connection counts as gone.
    These defaults keep announcements on this machine; the shipped ``config.yaml`` names
    the LAN's broadcast address, the setting players get."""

    port: int = 5151
    discovery_port: int = 5152
    reconnect_seconds: float = 120.0
    max_line_bytes: int = 65536
    messages_per_second: float = 20.0
    idle_timeout: float = 30.0
    bind: str = "0.0.0.0"
    discovery_address: str = "127.0.0.1"


class BotChoiceError(ValueError):
    """A seat choice (tier or bot name) that names no bot of the game."""


@dataclass(frozen=True)
class EngineSpec:
    """An external engine of ``engines:``: its name, command line, protocol, seconds
    per move (``None``: the game's ``time_budget``) and folder to run in (``''``: ours)."""

    name: str
    command: str
    protocol: str
    time: float | None = None
    cwd: str = ""

    @property
    def description(self) -> str:
        """The seat menu's line about it: ``'external Gomocup engine: pbrain-rapfi'``."""
        return f"external {PROTOCOL_TITLES.get(self.protocol, self.protocol)} engine: {self.command}"

    def tier(self, name: str | None = None) -> "TierSpec":
        """The engine as a tier called ``name`` (default: its own name)."""
        params: dict[str, Any] = {"command": self.command, "protocol": self.protocol, "name": self.name}
        if self.cwd:
            params["cwd"] = self.cwd
        return TierSpec(name or self.name, ENGINE_BOT, params, engine=self)


@dataclass(frozen=True)
class TierSpec:
    """A difficulty tier: its name, the bot class that plays it, and parameters;
    ``engine`` is set when the tier is an external engine (``{engine: Name}``)."""

    name: str
    bot: str
    params: dict[str, Any] = field(default_factory=dict)
    engine: EngineSpec | None = None


@dataclass(frozen=True)
class GameConfig:
    """One game's settings. ``hint_tier`` is ``''`` when no tier can give hints;
    ``hint_time`` is the seconds a hint may take (``None``: ``time_budget``);
    ``engines`` are the external engines of ``engines:``."""

    game_id: str
    time_budget: float = DEFAULT_TIME_BUDGET
    tiers: list[TierSpec] = field(default_factory=list)
    hint_tier: str = ""
    hint_time: float | None = None
    engines: list[EngineSpec] = field(default_factory=list)

    @property
    def hint_seconds(self) -> float:
        """How long Hint and ``main.py analyse`` let the hint tier think."""
        return self.time_budget if self.hint_time is None else self.hint_time

    def tier(self, name: str) -> TierSpec | None:
        """The tier called ``name``, ignoring case."""
        wanted = name.strip().casefold()
        return next((t for t in self.tiers if t.name.casefold() == wanted), None)

    def engine(self, name: str) -> EngineSpec | None:
        """The external engine called ``name``, ignoring case."""
        wanted = name.strip().casefold()
        return next((e for e in self.engines if e.name.casefold() == wanted), None)

    @property
    def untiered_engines(self) -> list[EngineSpec]:
        """The engines no tier is, which the seat menus list under their own names."""
        tiered = {t.engine.name for t in self.tiers if t.engine is not None}
        return [e for e in self.engines if e.name not in tiered]

    def budget_of(self, tier: TierSpec) -> float:
        """The seconds per move of ``tier``: its engine's ``time``, else ``time_budget``."""
        if tier.engine is not None and tier.engine.time is not None:
            return tier.engine.time
        return self.time_budget


@dataclass(frozen=True)
class SeatChoice:
    """One entry of a seat menu: what it shows, who sits, and a line about it."""

    label: str
    player: Player
    description: str


class Config:
    """The loaded configuration and every problem found in it.

    ``problems`` lists what was wrong with the file (from loading) and, once
    ``validate`` has run, with the bots it names.
    """

    def __init__(self, path: Path, games: dict[str, GameConfig], load_problems: list[str],
                 lines: dict[tuple[str, ...], int] | None = None, *,
                 defaults: dict[str, GameConfig] | None = None, net: NetLimits | None = None) -> None:
        self.path = path
        #: The LAN settings.
        self.net = net or NetLimits()
        self._lines = lines or {}
        #: The built-in settings a bad tier falls back to (none for the shipped file itself).
        self._defaults = defaults or {}
        self._loaded = games
        self._checked: dict[str, GameConfig] | None = None
        self._registry: BotRegistry | None = None
        self.load_problems = load_problems
        self.bot_problems: list[str] = []

    @property
    def problems(self) -> list[str]:
        """Every problem, in the order of the file's lines (problems of the whole
        file, which name no line, first)."""
        return sorted(self.load_problems + self.bot_problems, key=self._line_of)

    def _line_of(self, problem: str) -> int:
        match = re.match(rf"{re.escape(self.path.name)} line (\d+):", problem)
        return int(match.group(1)) if match else 0

    @property
    def games(self) -> dict[str, GameConfig]:
        return self._checked if self._checked is not None else self._loaded

    def game(self, game_id: str) -> GameConfig:
        """The settings of ``game_id``; a game the config does not mention gets the
        default budget and the generic bot's tiers (``untuned.py``), those whose bot
        was found once ``validate`` has run."""
        game = self.games.get(game_id)
        if game is None:
            game = GameConfig(game_id, tiers=[TierSpec(n, GENERIC_BOT, p) for n, p in UNTUNED_TIERS],
                              hint_tier=UNTUNED_HINT)
            game = game if self._registry is None else self._validate_game(game, None, self._registry)
        return game

    # -- checking against the bots ------------------------------------------
    def bot_checks(self) -> list[tuple[str, dict[str, Any]]]:
        """``(bot class, params)`` of every tier, and of the built-in tiers that
        may replace them, for ``BotRegistry.discover(check=...)`` to construct. Not the
        external engines: building one starts its program."""
        pairs: list[tuple[str, dict[str, Any]]] = []
        for game_id, game in self._loaded.items():
            default = self._defaults.get(game_id)
            for tier in [*game.tiers, *(default.tiers if default else [])]:
                if tier.engine is None and (tier.bot, tier.params) not in pairs:
                    pairs.append((tier.bot, dict(tier.params)))
        return pairs

    def validate(self, registry: BotRegistry) -> list[str]:
        """Check every tier against the bots found; return the problems.

        A tier whose bot is missing, does not play the game, or does not take
        its parameters is replaced by the built-in tier of the same name (if
        that one is usable) or left out. The hint tier falls back likewise.
        Running it again with the same registry changes nothing.
        """
        if registry is self._registry:
            return self.bot_problems
        self._registry = registry
        self.bot_problems = []
        checked = {}
        for game_id, game in self._loaded.items():
            checked[game_id] = self._validate_game(game, self._defaults.get(game_id), registry)
        self._checked = checked
        return self.bot_problems

    def _validate_game(self, game: GameConfig, default: GameConfig | None,
                       registry: BotRegistry) -> GameConfig:
        if ("games", game.game_id) not in self._lines:
            # Built-in settings of a game the file does not mention: a bot missing from
            # the bots folder is no fault of the file, so its tier is left out quietly.
            tiers = [t for t in game.tiers if tier_error(t, game.game_id, registry) is None]
            analysing = [t.name for t in tiers if _analyses(t, registry)]
            return dataclasses.replace(game, tiers=tiers, hint_tier=_strongest_or(game.hint_tier, analysing))
        tiers = []
        for tier in game.tiers:
            key = ("games", game.game_id, "tiers", tier.name)
            error = tier_error(tier, game.game_id, registry)
            if error is None:
                tiers.append(tier)
                continue
            fallback = default.tier(tier.name) if default else None
            usable = fallback is not None and fallback != tier
            if usable and tier_error(fallback, game.game_id, registry) is None:
                tiers.append(fallback)
                action = f"using the built-in {fallback.name} tier ({_tier_text(fallback)})"
            else:
                action = f"tier {tier.name} left out"
            self.bot_problems.append(self._problem_text(key + error[0], f"{error[1]}; {action}"))
        return dataclasses.replace(game, tiers=tiers, hint_tier=self._valid_hint(game, tiers, default, registry))

    def _valid_hint(self, game: GameConfig, tiers: list[TierSpec], default: GameConfig | None,
                    registry: BotRegistry) -> str:
        """The hint tier if it survived validation and its bot values moves (has
        ``analyse``), else the strongest tier whose bot does (``''`` if none)."""
        hint = game.hint_tier
        analysing = [t.name for t in tiers if _analyses(t, registry)]
        if not hint or hint in analysing:
            return hint
        fallback = _strongest_or(default.hint_tier if default else "", analysing)
        action = f"hints come from {fallback}" if fallback else "no hints"
        key = ("games", game.game_id, "hint")
        if hint not in [t.name for t in tiers]:
            self.bot_problems.append(self._problem_text(key, f"tier {hint} is not available; {action}"))
        elif key in self._lines:
            tier = next(t for t in tiers if t.name == hint)
            why = (f"the external engine {tier.engine.name} is not asked for hints" if tier.engine
                   else f"{tier.bot} does not value moves (it has no analyse)")
            self.bot_problems.append(self._problem_text(key, f"tier {hint} cannot give hints: {why}; {action}"))
        return fallback

    def _problem_text(self, key: tuple[str, ...], message: str) -> str:
        return _problem_text(self.path, self._lines, key, message)

    # -- seats ----------------------------------------------------------------
    def seat_choices(self, game_id: str, registry: BotRegistry) -> list[SeatChoice]:
        """The seat menu of ``game_id``: Human, its tiers weakest first, the
        external engines no tier is, then every bot that plays it but has no
        tier, under the bot's own name.

        Labels are unique (ignoring case), since menus tell choices apart by
        label: a bot whose name is also a tier's, "Human" or another bot's is
        shown with its class, ``'Master (Impostor)'``. Each choice's
        ``player.bot`` is what ``bot_spec`` resolves back to that very choice.
        """
        self.validate(registry)
        choices = [SeatChoice("Human", Player.human(), "you play at this screen")]
        for label, choice, info, _ in self._menu(game_id, registry):
            choices.append(SeatChoice(label, Player.of_bot(choice, label=label), info.description))
        return choices

    def _menu(self, game_id: str, registry: BotRegistry) -> list[tuple[str, str, BotInfo, TierSpec | None]]:
        """(unique label, choice for ``bot_spec``, bot, tier) of each tier, then of each
        untiered engine (as a tier of its own name), then of each untiered bot (tier None)."""
        game = self.game(game_id)
        used = {"human"}
        menu = []
        for tier in game.tiers:
            label = _unique(tier.name, f"{tier.name} ({tier.bot})", used)
            menu.append((label, tier.name, _info(game_id, tier, registry), tier))
        for engine in game.untiered_engines:
            label = _unique(engine.name, f"{engine.name} (external engine)", used)
            tier = engine.tier()
            menu.append((label, engine.name if game.tier(engine.name) is None else label,
                         _info(game_id, tier, registry), tier))
        tiered = {t.bot for t in game.tiers}
        untiered = [info for info in registry.for_game(game_id) if info.key not in tiered]
        names = [info.name.casefold() for info in untiered]
        for info in untiered:
            qualified = f"{info.name} ({info.key})"
            shared = info.name.casefold() in used or names.count(info.name.casefold()) > 1
            label = _unique(qualified if shared else info.name, qualified, used)
            # A class named like a tier would resolve to the tier: such a bot is chosen by its label.
            choice = label if game.tier(info.key) is not None else info.key
            menu.append((label, choice, info, None))
        return menu

    def choice_names(self, game_id: str, registry: BotRegistry) -> list[str]:
        """Every name ``bot_spec`` accepts for ``game_id``: tiers, external engines, then bot classes."""
        self.validate(registry)
        game = self.game(game_id)
        return ([t.name for t in game.tiers] + [e.name for e in game.untiered_engines]
                + [info.key for info in registry.for_game(game_id)])

    def bot_spec(self, game_id: str, choice: str, registry: BotRegistry, *,
                 seed: int | None = None, budget: float | None = None) -> BotSpec:
        """How to run ``choice`` in ``game_id``. ``BotChoiceError`` lists the choices.

        ``choice`` is tried, in this order, as a tier name (any case), an
        external engine's name (any case), a bot class name (exact), a
        seat-menu label (``'Master (Impostor)'``), a class name in any case,
        and a bot's own name, which must then belong to one bot only.
        ``budget`` (default: the tier's, see ``GameConfig.budget_of``) is the
        seconds per request.
        """
        self.validate(registry)
        game = self.game(game_id)
        menu = self._menu(game_id, registry)
        engine = game.engine(choice)
        tier = (game.tier(choice) or (engine.tier() if engine is not None else None)
                or next((t for label, _, _, t in menu if t and label == choice), None))
        if tier is not None:
            seconds = game.budget_of(tier) if budget is None else budget
            params = tier.params
            if tier.engine is not None:   # this process says where the log goes, whatever a worker's settings
                params = {**params, "log": str(engine_log_path(tier.engine.name))}
            return BotSpec.of(_info(game_id, tier, registry), budget=seconds, label=tier.name,
                              params=params, seed=seed)
        budget = game.time_budget if budget is None else budget
        info = _find_bot(game_id, choice.strip(), registry, menu)
        if info is not None:
            return BotSpec.of(info, budget=budget, seed=seed)
        other = registry.find(choice)
        if other is not None:
            raise BotChoiceError(f"{other.key} does not play {game_id} (it plays {', '.join(other.games)})")
        tiers = ", ".join(t.name for t in game.tiers) or "none"
        bots = ", ".join(f"{i.key} ({i.name})" for i in registry.for_game(game_id)) or "none"
        engines = ", ".join(e.name for e in game.untiered_engines)
        engines = f"; engines: {engines}" if engines else ""
        raise BotChoiceError(f"no tier or bot {choice!r} for {game_id}; tiers: {tiers}{engines}; bots: {bots}")


def _info(game_id: str, tier: TierSpec, registry: BotRegistry) -> BotInfo:
    """The bot that plays ``tier``: its class as discovered, or for an external engine
    the ``ExternalEngine`` class, which discovery never lists (it plays nothing unconfigured)."""
    if tier.engine is None:
        return registry.bots[tier.bot]
    return BotInfo(ENGINE_BOT, ENGINE_MODULE, tier.engine.name, (game_id,), tier.engine.description,
                   params=tuple(BotParam(name) for name in ("command", "protocol", "cwd", "name", "log")))


def _analyses(tier: TierSpec, registry: BotRegistry) -> bool:
    """Whether ``tier`` can give hints: its bot values moves. An external engine is never
    the hint tier (``main.py analyse --bot`` may still ask one that values moves)."""
    return tier.engine is None and registry.bots[tier.bot].analyses

def _find_bot(game_id: str, choice: str, registry: BotRegistry,
              menu: list[tuple[str, str, BotInfo, TierSpec | None]]) -> BotInfo | None:
    """The bot of ``game_id`` that ``choice`` names unambiguously (see ``Config.bot_spec``)."""
    bots = registry.for_game(game_id)
    exact = next((info for info in bots if info.key == choice), None)
    if exact is not None:
        return exact
    labelled = next((info for label, _, info, tier in menu if tier is None and label == choice), None)
    if labelled is not None:
        return labelled
    wanted = choice.casefold()
    for matches in ([i for i in bots if i.key.casefold() == wanted],
                    [i for i in bots if i.name.casefold() == wanted]):
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise BotChoiceError(f"{choice!r} names more than one bot of {game_id} "
                                 f"({', '.join(i.key for i in matches)}); use the class name")
    return None


def _unique(label: str, qualified: str, used: set[str]) -> str:
    """``label`` if no choice has it yet (ignoring case), else ``qualified``,
    else ``qualified`` numbered; the result is added to ``used``."""
    for candidate in (label, qualified, *(f"{qualified} {n}" for n in range(2, 1000))):
        if candidate.casefold() not in used:
            used.add(candidate.casefold())
            return candidate
    raise BotChoiceError(f"too many seat choices named {label!r}")


def tier_error(tier: TierSpec, game_id: str, registry: BotRegistry) -> tuple[tuple[str, ...], str] | None:
    """Why ``tier`` cannot be played in ``game_id``: (key path below the tier, message), or None.
    An external engine's tier was checked when it was read."""
    if tier.engine is not None:
        return None
    info = registry.bots.get(tier.bot)
    if info is None:
        close = difflib.get_close_matches(tier.bot, list(registry.bots), n=1)
        hint = f"; did you mean {close[0]}?" if close else ""
        known = ", ".join(i.key for i in registry.for_game(game_id)) or "none"
        return ("bot",), f"no bot class {tier.bot!r} was found{hint} (bots for {game_id}: {known})"
    if not info.plays(game_id):
        return ("bot",), f"{info.key} does not play {game_id} (it plays {', '.join(info.games)})"
    error = params_error(info, tier.params)
    if error is None and registry.construct_error(tier.bot, tier.params) is not None:
        params = ", ".join(f"{k}={v!r}" for k, v in tier.params.items())
        return ("params",), f"{info.key}({params}) failed: {registry.construct_error(tier.bot, tier.params)}"
    return error


def params_error(info: BotInfo, params: dict[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """Whether ``info``'s constructor takes ``params``, from its parameters and defaults."""
    accepted = {param.name: param for param in info.params}
    takes = ", ".join(accepted) or "no parameters"
    for name, value in params.items():
        if name == "seed":
            return ("params", "seed"), "seed is set by the program, not the config"
        if name not in accepted:
            if info.takes_any_params:
                continue
            close = difflib.get_close_matches(name, list(accepted), n=1)
            hint = f"; did you mean {close[0]}?" if close else ""
            return ("params", name), f"{info.key} takes no parameter {name!r}{hint} (it takes: {takes})"
        param = accepted[name]
        if not param.required and not _same_kind(value, param.default):
            return ("params", name), f"expected {_kind_name(param.default)}, got {value!r}"
    missing = [p.name for p in info.params if p.required and p.name not in params]
    if missing:
        return ("params",), f"{info.key} needs parameter(s) {', '.join(missing)}"
    return None


def _same_kind(value: Any, default: Any) -> bool:
    if default is None:
        return True
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, (int, float)):
        if isinstance(value, bool):
            return False
        return isinstance(value, (int, float)) if isinstance(default, float) else isinstance(value, int)
    if isinstance(default, (str, list, tuple, dict)):
        return isinstance(value, type(default)) or (isinstance(default, tuple) and isinstance(value, list))
    return True


def _kind_name(default: Any) -> str:
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int):
        return "a whole number"
    if isinstance(default, float):
        return "a number"
    if isinstance(default, str):
        return "text"
    return f"a {type(default).__name__}"


def _strongest_or(preferred: str, names: list[str]) -> str:
    """``preferred`` if it is among the tier ``names``, else the strongest tier, else ''."""
    if preferred in names:
        return preferred
    return names[-1] if names else ""


def _tier_text(tier: TierSpec) -> str:
    if tier.engine is not None:
        return f"engine {tier.engine.name}"
    params = ", ".join(f"{k}={v!r}" for k, v in tier.params.items())
    return f"{tier.bot}, {params}" if params else tier.bot


# -- loading ---------------------------------------------------------------------
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
        games, problems, lines, net = _read_shipped(CONFIG_PATH)
        config = Config(path, copy.deepcopy(games), list(problems), dict(lines), net=net)
    else:
        defaults = builtin_games()
        reader = _Reader(path, defaults, _read_shipped(CONFIG_PATH)[3])
        config = Config(path, reader.read(), reader.problems, reader.lines, defaults=defaults, net=reader.net)
    if registry is not None:
        config.validate(registry)
    return config


def builtin_games() -> dict[str, GameConfig]:
    """The built-in settings of every game: the shipped ``config.yaml``'s
    (``CONFIG_PATH``), without the entries it gets wrong (none, if it cannot be read)."""
    return copy.deepcopy(_read_shipped(CONFIG_PATH)[0])


@functools.lru_cache(maxsize=4)
def _read_shipped(path: Path) -> tuple[dict[str, GameConfig], tuple[str, ...], dict[tuple[str, ...], int],
                                       NetLimits]:
    """The shipped file at ``path`` read once, with nothing to fall back on:
    (its games, its problems, the line of each key, its LAN settings). Callers copy what they keep."""
    reader = _Reader(path, {})
    games = reader.read()
    return games, tuple(reader.problems), reader.lines, reader.net


class _TooLarge(Exception):
    """config.yaml's data is nested too deeply, is too large, or contains itself."""


class _Reader:
    """Turns the file's text into ``GameConfig``s, collecting problems."""

    def __init__(self, path: Path, defaults: dict[str, GameConfig], net: NetLimits | None = None) -> None:
        self.path = path
        #: The LAN settings read, and what a bad one falls back to.
        self.net = net or NetLimits()
        #: The built-in settings that a bad part falls back to ({} for the shipped file).
        self.defaults = defaults
        self.problems: list[str] = []
        self.lines: dict[tuple[str, ...], int] = {}
        #: How a problem of the whole file ends: what is used instead.
        self.instead = "using the built-in settings" if defaults else NO_BUILT_IN

    def problem(self, key: Iterable[str], message: str) -> None:
        self.problems.append(_problem_text(self.path, self.lines, tuple(key), message))

    def read(self) -> dict[str, GameConfig]:
        defaults = self.defaults
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            self.problems.append(f"{self.path.name}: not found at {self.path}; {self.instead}")
            return defaults
        except (OSError, UnicodeDecodeError) as err:
            self.problems.append(f"{self.path.name}: cannot be read ({err}); {self.instead}")
            return defaults
        try:
            data = self._load_yaml(text)
        except yaml.YAMLError as err:
            line, what = yaml_error_place(err, text)
            where = f"{self.path.name} line {line}" if line else self.path.name
            self.problems.append(f"{where}: not valid YAML ({what}); {self.instead}")
            return defaults
        except (_TooLarge, RecursionError, MemoryError):
            self.lines.clear()
            self.problems.append(f"{self.path.name}: too deeply nested / too large (aliases?); {self.instead}")
            return defaults
        except Exception as err:  # noqa: BLE001 - whatever else the YAML library raises is reported, not fatal
            self.lines.clear()
            self.problems.append(f"{self.path.name}: cannot be read as YAML ({type(err).__name__}: {err}); "
                                 f"{self.instead}")
            return defaults
        if data is None:
            if not defaults:  # another file may be empty (all built in); the built-in file may not
                self.problems.append(f"{self.path.name}: is empty; {self.instead}")
            return defaults
        if not isinstance(data, dict):
            self.problem((), f"expected a mapping with a 'games:' key, got {_shown(data)}; {self.instead}")
            return defaults
        for key in data:
            if key not in ("games", "net"):
                self.problem((str(key),), "unknown key (expected games, net); ignored")
        if data.get("net") is not None:
            self.net = self.parse_net(data["net"])
        return self.parse_games(data)

    def parse_net(self, entry: Any) -> NetLimits:
        """The ``net:`` settings; a bad one is reported and keeps its value from before."""
        if not isinstance(entry, dict):
            self.problem(("net",), f"expected a mapping of {', '.join(NET_KEYS)}, got {_shown(entry)}; "
                                   "using the built-in settings")
            return self.net
        values = {}
        for name, value in entry.items():
            key = ("net", str(name))
            if name in NET_ADDRESSES:
                try:
                    values[name] = str(ipaddress.IPv4Address(value))
                except (ipaddress.AddressValueError, ValueError):
                    self.problem(key, f"expected an IPv4 address such as 127.0.0.1, got {_shown(value)}; "
                                      f"using {getattr(self.net, name)}")
                continue
            if name not in NET_RANGES:
                self.problem(key, f"unknown key (expected {', '.join(NET_KEYS)}); ignored")
                continue
            low, high = NET_RANGES[name]
            whole = name in NET_WHOLE
            kind_ok = isinstance(value, int) if whole else isinstance(value, (int, float))
            if isinstance(value, bool) or not kind_ok or not low <= value <= high:
                kind = "a whole number" if whole else "a number"
                self.problem(key, f"expected {kind} from {low:g} to {high:g}, got {_shown(value)}; "
                                  f"using {getattr(self.net, name):g}")
                continue
            values[name] = value if whole else float(value)
        return dataclasses.replace(self.net, **values)

    def _load_yaml(self, text: str) -> Any:
        """The document's data, after ``_map_lines`` has measured it (``_TooLarge``)."""
        loader = yaml.SafeLoader(text)
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            self._map_lines(node, (), [0], set())
            return loader.construct_document(node)
        finally:
            loader.dispose()

    def _map_lines(self, node: yaml.Node, path: tuple[str, ...], count: list[int], open_nodes: set[int]) -> None:
        """Record the line of every mapping key, and report keys given twice.

        Walks the document as its data will be, aliases expanded; ``_TooLarge``
        if that passes ``MAX_NODES`` nodes, ``MAX_DEPTH`` levels, or reaches a
        node inside itself (a recursive alias). ``count`` and ``open_nodes``
        carry the walk's totals and the nodes on its current path.
        """
        count[0] += 1
        if count[0] > MAX_NODES or len(path) > MAX_DEPTH or id(node) in open_nodes:
            raise _TooLarge
        if not isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            return
        open_nodes.add(id(node))
        if isinstance(node, yaml.SequenceNode):
            for index, item in enumerate(node.value):
                self._map_lines(item, path + (str(index),), count, open_nodes)
        else:
            seen: set[str] = set()
            for key_node, value_node in node.value:
                self._map_lines(key_node, path, count, open_nodes)
                key = str(key_node.value)
                here = path + (key,)
                if key in seen:
                    self.lines[here] = key_node.start_mark.line + 1
                    self.problem(here, "given twice; the later one is used")
                seen.add(key)
                self.lines[here] = key_node.start_mark.line + 1
                self._map_lines(value_node, here, count, open_nodes)
        open_nodes.discard(id(node))

    def parse_games(self, data: dict[str, Any]) -> dict[str, GameConfig]:
        games = data.get("games")
        result = dict(self.defaults)
        if games is None:
            if "games" in data:
                self.problem(("games",), f"is empty; {self.instead}")
            return result
        if not isinstance(games, dict):
            self.problem(("games",), f"expected a mapping of game ids, got {_shown(games)}; {self.instead}")
            return result
        known = game_ids()
        for game_id, entry in games.items():
            if game_id not in known:
                self.problem(("games", str(game_id)), f"there is no game {game_id!r} "
                                                      f"(games: {', '.join(known)}); ignored")
                continue
            result[game_id] = self.parse_game(game_id, entry, self.defaults.get(game_id, GameConfig(game_id)))
        return result

    def parse_game(self, game_id: str, entry: Any, default: GameConfig) -> GameConfig:
        key = ("games", game_id)
        if entry is None:
            return default
        if not isinstance(entry, dict):
            instead = f"using the built-in {game_id} settings" if game_id in self.defaults else NO_BUILT_IN
            self.problem(key, f"expected a mapping with {', '.join(GAME_KEYS)}, got {_shown(entry)}; {instead}")
            return default
        for name in entry:
            if name not in GAME_KEYS:
                self.problem(key + (str(name),), f"unknown key (expected {', '.join(GAME_KEYS)}); ignored")
        budget = self.parse_budget(key, entry.get("time_budget", default.time_budget), default.time_budget)
        engines = self.parse_engines(game_id, entry["engines"]) if "engines" in entry else list(default.engines)
        tiers = self.parse_tiers(key, entry["tiers"], default, engines) if "tiers" in entry else list(default.tiers)
        hint = self.parse_hint(key, entry.get("hint"), tiers, default)
        hint_time = default.hint_time
        if entry.get("hint_time") is not None:
            hint_time = self.parse_hint_time(key, entry["hint_time"], default.hint_time)
        return GameConfig(game_id, budget, tiers, hint, hint_time, engines)

    def parse_engines(self, game_id: str, value: Any) -> list[EngineSpec]:
        """The external engines of a game's ``engines:``; a bad entry is reported and left out."""
        key = ("games", game_id, "engines")
        if value is None:
            return []
        if not isinstance(value, dict):
            self.problem(key, f"expected a mapping of engine name to {{command: ..., protocol: "
                              f"{' or '.join(PROTOCOLS)}, time: seconds}}, got {_shown(value)}; no engines")
            return []
        engines: list[EngineSpec] = []
        for name, entry in value.items():
            name = str(name).strip()
            if not name:
                self.problem(key, "an engine needs a name; left out")
                continue
            same = next((e.name for e in engines if e.name.casefold() == name.casefold()), None)
            if same is not None:
                self.problem(key + (name,), f"engine names ignore case and {same} is already an engine; left out")
                continue
            engine = parse_engine(game_id, name, entry)
            if isinstance(engine, EngineSpec):
                engines.append(engine)
            else:
                self.problem(key + (name,) + engine[0], f"{engine[1]}; engine {name} left out")
        return engines

    def parse_budget(self, key: tuple[str, ...], value: Any, default: float) -> float:
        """The seconds a bot gets per move, else a problem and ``default``."""
        seconds = _seconds(value)
        if seconds is None:
            self.problem(key + ("time_budget",), _seconds_problem("seconds per move", value, f"{default:g} s"))
            return default
        return seconds

    def parse_hint_time(self, key: tuple[str, ...], value: Any, default: float | None) -> float | None:
        """The seconds a hint may take, else a problem and ``default`` (``None``: the move budget)."""
        seconds = _seconds(value)
        if seconds is None:
            fallback = "the time budget" if default is None else f"{default:g} s"
            self.problem(key + ("hint_time",), _seconds_problem("seconds per hint", value, fallback))
            return default
        return seconds

    def parse_tiers(self, key: tuple[str, ...], value: Any, default: GameConfig,
                    engines: Iterable[EngineSpec] = ()) -> list[TierSpec]:
        key = key + ("tiers",)
        if value is None:
            return []
        if not isinstance(value, dict):
            instead = "using the built-in tiers" if default.tiers else NO_BUILT_IN
            self.problem(key, f"expected a mapping of tier name to {{bot: ClassName, params: {{...}}}}, "
                              f"got {_shown(value)}; {instead}")
            return list(default.tiers)
        tiers: list[TierSpec] = []
        for name, entry in value.items():
            name = str(name)
            same = next((t.name for t in tiers if t.name.casefold() == name.casefold()), None)
            if same is not None:
                self.problem(key + (name,), f"tier names ignore case and {same} is already a tier; left out")
                continue
            tier = self.parse_tier(name, entry, engines)
            if isinstance(tier, TierSpec):
                tiers.append(tier)
                continue
            suffix, message = tier
            fallback = default.tier(name)
            if fallback is not None:
                tiers.append(fallback)
                action = f"using the built-in {fallback.name} tier ({_tier_text(fallback)})"
            else:
                action = f"tier {name} left out"
            self.problem(key + (name,) + suffix, f"{message}; {action}")
        return tiers

    @staticmethod
    def parse_tier(name: str, entry: Any,
                   engines: Iterable[EngineSpec] = ()) -> TierSpec | tuple[tuple[str, ...], str]:
        """A tier from its entry (``{bot: ..., params: ...}`` or ``{engine: Name}``, one
        of ``engines``), or (key path below the tier, what is wrong)."""
        if isinstance(entry, str):
            entry = {"bot": entry}
        if not isinstance(entry, dict):
            return (), f"expected {{bot: ClassName, params: {{...}}}} or {{engine: Name}}, got {_shown(entry)}"
        if "engine" in entry:
            return _engine_tier(name, entry, engines)
        for field_name in entry:
            if field_name not in TIER_KEYS:
                return (str(field_name),), f"unknown key (expected {', '.join(TIER_KEYS)})"
        bot = entry.get("bot")
        if not isinstance(bot, str) or not bot.strip():
            return ("bot",), f"expected the class name of a bot, got {_shown(bot)}"
        params = entry.get("params") or {}
        if not isinstance(params, dict) or not all(isinstance(k, str) for k in params):
            return ("params",), f"expected a mapping of parameter names to values, got {_shown(params)}"
        return TierSpec(name, bot.strip(), dict(params))

    def parse_hint(self, key: tuple[str, ...], value: Any, tiers: list[TierSpec], default: GameConfig) -> str:
        names = [t.name for t in tiers]
        fallback = _strongest_or(default.hint_tier, names)
        if value is None:
            return fallback
        if isinstance(value, str):
            match = next((n for n in names if n.casefold() == value.strip().casefold()), None)
            if match is not None:
                return match
        action = f"using {fallback}" if fallback else "no hints"
        self.problem(key + ("hint",), f"expected one of the tiers ({', '.join(names) or 'none'}), "
                                      f"got {_shown(value)}; {action}")
        return fallback


def parse_engine(game_id: str, name: str, entry: Any) -> EngineSpec | tuple[tuple[str, ...], str]:
    """An external engine of ``game_id`` from its ``engines:`` entry, or (key path below
    the engine, what is wrong). The program is not looked for: that is done when it starts."""
    if not isinstance(entry, dict):
        return (), (f"expected {{command: ..., protocol: {' or '.join(PROTOCOLS)}, time: seconds}}, "
                    f"got {_shown(entry)}")
    for field_name in entry:
        if field_name not in ENGINE_KEYS:
            return (str(field_name),), f"unknown key (expected {', '.join(ENGINE_KEYS)})"
    command = entry.get("command")
    if not isinstance(command, str) or not command.strip():
        return ("command",), f"expected the engine's command line, got {_shown(command)}"
    try:
        command_words(command)
    except (ValueError, EngineStartError) as err:
        return ("command",), f"cannot be read as a command line ({err}): {command!r}"
    protocol = entry.get("protocol")
    if protocol not in PROTOCOLS:
        return ("protocol",), f"expected one of the protocols {', '.join(PROTOCOLS)}, got {_shown(protocol)}"
    plays = protocol_games(protocol)
    if game_id not in plays:
        return ("protocol",), f"the {protocol} protocol plays {', '.join(plays)}, not {game_id}"
    time_value = entry.get("time")
    if time_value is not None and _seconds(time_value) is None:
        return ("time",), (f"expected seconds per move, a number from {MIN_TIME_BUDGET:g} to "
                           f"{MAX_TIME_BUDGET:g}, got {_shown(time_value)}")
    cwd = entry.get("cwd")
    if cwd is not None and (not isinstance(cwd, str) or not cwd.strip()):
        return ("cwd",), f"expected the folder the engine runs in, got {_shown(cwd)}"
    return EngineSpec(name, command.strip(), protocol, _seconds(time_value) if time_value is not None else None,
                      (cwd or "").strip())


def _engine_tier(name: str, entry: dict[str, Any],
                 engines: Iterable[EngineSpec]) -> TierSpec | tuple[tuple[str, ...], str]:
    """The tier ``{engine: Name}``, or (key path below the tier, what is wrong)."""
    others = [str(key) for key in entry if key != "engine"]
    if others:
        return (others[0],), "a tier that is an engine takes no other key (its settings are under engines:)"
    wanted = entry["engine"]
    engines = list(engines)
    if isinstance(wanted, str):
        engine = next((e for e in engines if e.name.casefold() == wanted.strip().casefold()), None)
        if engine is not None:
            return engine.tier(name)
    known = ", ".join(e.name for e in engines) or "none"
    return ("engine",), f"expected the name of one of the game's engines ({known}), got {_shown(wanted)}"


def _problem_text(path: Path, lines: dict[tuple[str, ...], int], key: tuple[str, ...], message: str) -> str:
    """``config.yaml line 7: games.tictactoe.time_budget: <message>``: file, line, key path."""
    line, probe = None, key
    while probe and line is None:
        line = lines.get(probe)
        probe = probe[:-1]
    where = f"{path.name} line {line}" if line else path.name
    return f"{where}: {'.'.join(key)}: {message}" if key else f"{where}: {message}"


#: Parser contexts whose mark is where the mistake is: an opened bracket or quote never closed.
_OPENED_AT = {
    "while parsing a flow mapping": "a { opened here is not closed",
    "while parsing a flow sequence": "a [ opened here is not closed",
    "while scanning a quoted scalar": "a quote opened here is not closed",
}


def yaml_error_place(err: yaml.YAMLError, text: str) -> tuple[int | None, str]:
    """The line a YAML error is on as a person would fix it, and what is wrong there.

    The parser reports where it noticed the mistake, which is often lines
    later: an unclosed bracket or quote is noticed at the next key or at the
    end of the file, and a key indented wrongly after a comment is noticed at
    the next key below. So an unclosed bracket or quote is named where it was
    opened, and an indentation that does not fit at the line above it (the
    last line that is not blank or a comment), with where it was noticed.
    """
    problem_mark = getattr(err, "problem_mark", None)
    context_mark = getattr(err, "context_mark", None)
    problem = getattr(err, "problem", None) or str(err)
    if problem_mark is None:
        return None, problem
    noticed = problem_mark.line + 1
    opened = _OPENED_AT.get(getattr(err, "context", None) or "")
    if opened and context_mark is not None and context_mark.line + 1 < noticed:
        return context_mark.line + 1, f"{opened}: {problem} at line {noticed}"
    if problem.startswith("expected <block end>"):
        lines = text.splitlines()
        above = next((n for n in range(noticed - 1, 0, -1)
                      if n <= len(lines) and lines[n - 1].strip() and not lines[n - 1].lstrip().startswith("#")),
                     None)
        if above is not None and above < noticed:
            return above, f"the indentation of line {above} or of line {noticed} below it does not fit: {problem}"
    return noticed, problem


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing"
    return repr(value)


def _seconds(value: Any) -> float | None:
    """``value`` as seconds if it is a number in the allowed range, else ``None``."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and MIN_TIME_BUDGET <= value <= MAX_TIME_BUDGET:
        return float(value)
    return None


def _seconds_problem(what: str, value: Any, fallback: str) -> str:
    return (f"expected {what}, a number from {MIN_TIME_BUDGET:g} to {MAX_TIME_BUDGET:g}, "
            f"got {_shown(value)}; using {fallback}")
