"""What ``config.yaml`` holds once read: per game its time budget, hint tier and
tiers (each a bot class with parameters, or an external engine), the LAN
settings and what every bot may use.

``NetLimits`` and ``BotLimits`` are also the types its ``net:`` and ``bots:``
sections are read into: the range of each setting is declared on its field and
checked by ``msgspec``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any

from msgspec import Meta

from bots.lib.engine_clients import PROTOCOL_TITLES
from game.lang import N_, _
from game.match.record import Player
from game.match.typeddata import between

DEFAULT_TIME_BUDGET = 1.0
MIN_TIME_BUDGET, MAX_TIME_BUDGET = 0.01, 600.0
#: The bot class, and its module, that plays every ``engines:`` entry.
ENGINE_BOT, ENGINE_MODULE = "ExternalEngine", "bots.external_engine"

_IPV4_PART = r"(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"
#: An IPv4 address, as a hosted game listens on and announces to.
IPv4 = Annotated[str, Meta(pattern=rf"^({_IPV4_PART}\.){{3}}{_IPV4_PART}$",
                           description=N_("an IPv4 address such as 127.0.0.1"))]


@dataclass(frozen=True)
class NetLimits:
    """The LAN settings (config.yaml's ``net:``): the port a hosted game listens on
    (0: any free one), the port of the game announcements, how long a dropped player
    may take to rejoin their seat, the longest line and the most messages a second a
    client may send, and the seconds of silence after which a connection counts as gone;
    where a hosted game listens, and where it is announced (the LAN's broadcast address,
    sent on each interface's own broadcast too; loopback keeps both on this machine);
    the seconds a joiner has to answer the invitation to a seat before the seat is
    offered to the next, and the connections one address may hold at once. These defaults keep announcements on this
    machine; the shipped ``config.yaml`` names the LAN's broadcast address, the setting
    players get."""

    port: Annotated[int, between(0, 65535, whole=True)] = 5151
    discovery_port: Annotated[int, between(1, 65535, whole=True)] = 5152
    reconnect_seconds: Annotated[float, between(5, 3600)] = 120.0
    max_line_bytes: Annotated[int, between(1024, 1 << 20, whole=True)] = 65536
    messages_per_second: Annotated[float, between(1, 1000)] = 20.0
    idle_timeout: Annotated[float, between(5, 3600)] = 30.0
    bind: IPv4 = "0.0.0.0"
    discovery_address: IPv4 = "127.0.0.1"
    offer_seconds: Annotated[float, between(1, 3600)] = 45.0
    connections_per_address: Annotated[int, between(1, 64, whole=True)] = 8


@dataclass(frozen=True)
class BotLimits:
    """What every bot's worker may use (config.yaml's ``bots:``): the megabytes of data
    its process may hold (``game.match.containment``; a worker of a built-in tier holds
    130 to 245 MB)."""

    memory_limit_mb: Annotated[int, between(256, 65536, whole=True)] = 2048

    @property
    def memory_limit(self) -> int:
        """The memory limit in bytes."""
        return self.memory_limit_mb * 1024 * 1024


class BotChoiceError(ValueError):
    """A seat choice (tier or bot name) that names no bot of the game."""


@dataclass(frozen=True)
class EngineSpec:
    """An external engine of ``engines:``: its name, command line, protocol, seconds
    per move (``None``: the game's ``time_budget``), folder to run in (``''``: ours),
    and the NBoard settings ``depth`` (the deepest search asked) and ``protocol_version``
    (``None``: the client's defaults)."""

    name: str
    command: str
    protocol: str
    time: float | None = None
    cwd: str = ""
    depth: int | None = None
    protocol_version: int | None = None

    @property
    def description(self) -> str:
        """The seat menu's line about it: ``'external Gomocup engine: pbrain-rapfi'``."""
        return f"external {PROTOCOL_TITLES.get(self.protocol, self.protocol)} engine: {self.command}"

    def tier(self, name: str | None = None) -> "TierSpec":
        """The engine as a tier called ``name`` (default: its own name)."""
        params: dict[str, Any] = {"command": self.command, "protocol": self.protocol, "name": self.name}
        if self.cwd:
            params["cwd"] = self.cwd
        for key in ("depth", "protocol_version"):
            if getattr(self, key) is not None:
                params[key] = getattr(self, key)
        return TierSpec(name or self.name, ENGINE_BOT, params, engine=self)


@dataclass(frozen=True)
class TierSpec:
    """A difficulty tier: its name, the bot class that plays it, and parameters;
    ``engine`` is set when the tier is an external engine (``{engine: Name}``)."""

    name: str
    bot: str
    params: dict[str, Any] = field(default_factory=dict)
    engine: EngineSpec | None = None

    @property
    def text(self) -> str:
        """The tier as a problem names what is used instead: ``'TicTacToeSymmetry, depth=5'``."""
        if self.engine is not None:
            return f"engine {self.engine.name}"
        params = ", ".join(f"{k}={v!r}" for k, v in self.params.items())
        return f"{self.bot}, {params}" if params else self.bot


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
    """One entry of a seat menu: what it shows, who sits, and a line about it in plain
    words; ``detail`` is the bot's whole description (how it plays, for the tooltip),
    ``other`` marks a bot that is no tier, listed apart after the tiers, and ``rating`` is
    the tier's measured rating (``'≈1240 Elo'``, from the shipped ladder; '' when none was
    measured)."""

    label: str
    player: Player
    description: str
    detail: str = ""
    other: bool = False
    rating: str = ""

    @property
    def tooltip(self) -> str:
        """What the seat's tooltip says: its bot's whole description (how it plays) when the
        menu line shows only its first sentence, then the tier's measured rating. The
        rating is not on the menu line, whose plain words must fit the smallest window."""
        detail = self.detail if self.detail != self.description else ""
        rating = _("Measured at {rating} in the arena's tier ladder.").format(rating=self.rating) if self.rating else ""
        return " ".join(part for part in (detail[:1].upper() + detail[1:], rating) if part)


def strongest_or(preferred: str, names: list[str]) -> str:
    """``preferred`` if it is among the tier ``names``, else the strongest tier, else ''."""
    if preferred in names:
        return preferred
    return names[-1] if names else ""
