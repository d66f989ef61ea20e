"""The shape of ``config.yaml``'s entries, as typed ``msgspec`` Structs.

Each field says what it takes and, in its ``description``, the words a problem
uses for it (``game.match.typeddata`` turns msgspec's complaint into "expected
<description>, got <value>"). What needs more than the file to check (does a
hint name a tier, an engine tier one of the engines, does an engine's protocol
play the game) is checked where the entries are read (``reader``).
"""
from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from msgspec import UNSET, Meta, Struct, UnsetType

from bots.lib.depth_timing import MAX_DEPTH
from bots.lib.engine_clients import PROTOCOLS
from bots.lib.nboard_client import VERSIONS
from game.lang import N_
from game.match.config.model import MAX_TIME_BUDGET, MIN_TIME_BUDGET
from game.match.typeddata import between, described

#: What a tier entry is, in the words of a problem.
TIER_SHAPE = "{bot: ClassName, params: {...}}"
#: What an engine entry is, in the words of a problem.
ENGINE_SHAPE = f"{{command: ..., protocol: {' or '.join(PROTOCOLS)}, time: seconds}}"
#: Text with something in it.
_TEXT = r"\S"


class Document(Struct):
    """The whole file."""

    shape: ClassVar[str] = N_("a mapping with a 'games:' key")

    games: Annotated[dict[Any, Any], Meta(description=N_("a mapping of game ids"))] | None | UnsetType = UNSET
    net: Any = None   # read into NetLimits, whose fields say what each takes
    bots: Any = None  # read into BotLimits, likewise


class GameEntry(Struct):
    """One game of ``games:``. ``UNSET``: the key is not given (the built-in value is kept)."""

    shape: ClassVar[str] = N_("a mapping with {keys}")

    time_budget: Annotated[float, between(MIN_TIME_BUDGET, MAX_TIME_BUDGET, N_("seconds per move"))] | UnsetType = UNSET
    hint: Any = None   # a tier's name, checked against the tiers read
    hint_time: Annotated[float, between(MIN_TIME_BUDGET, MAX_TIME_BUDGET, N_("seconds per hint"))] | None = None
    tiers: Annotated[dict[Any, Any], Meta(
        description=described(N_("a mapping of tier name to {shape}"), shape=TIER_SHAPE))] | None | UnsetType \
        = UNSET
    engines: Annotated[dict[Any, Any], Meta(
        description=described(N_("a mapping of engine name to {shape}"), shape=ENGINE_SHAPE))] | None \
        | UnsetType = UNSET


class BotTier(Struct, forbid_unknown_fields=True):
    """A tier played by a bot class; ``TierName: ClassName`` is short for ``{bot: ClassName}``."""

    shape: ClassVar[str] = f"{TIER_SHAPE} or {{engine: Name}}"

    bot: Annotated[str, Meta(pattern=_TEXT, description=N_("the class name of a bot"))]
    params: Annotated[dict[str, Any], Meta(description=N_("a mapping of parameter names to values"))] | None = None


class EngineTier(Struct, forbid_unknown_fields=True):
    """A tier that is one of the game's ``engines:``."""

    unknown_key: ClassVar[str] = N_("a tier that is an engine takes no other key (its settings are under engines:)")

    engine: Annotated[str, Meta(description=N_("the name of one of the game's engines"))]


class EngineEntry(Struct, forbid_unknown_fields=True):
    """An external engine program of ``engines:``."""

    shape: ClassVar[str] = ENGINE_SHAPE

    command: Annotated[str, Meta(pattern=_TEXT, description=N_("the engine's command line"))]
    protocol: Annotated[Literal[PROTOCOLS], Meta(  # type: ignore[valid-type]
        description=described(N_("one of the protocols {protocols}"), protocols=", ".join(PROTOCOLS)))]
    time: Annotated[float, between(MIN_TIME_BUDGET, MAX_TIME_BUDGET, N_("seconds per move"))] | None = None
    cwd: Annotated[str, Meta(pattern=_TEXT, description=N_("the folder the engine runs in"))] | None = None
    depth: Annotated[int, between(1, MAX_DEPTH, N_("the deepest search asked (nboard)"), whole=True)] | None = None
    protocol_version: Annotated[int, between(min(VERSIONS), max(VERSIONS), N_("the NBoard protocol version"),
                                             whole=True)] | None = None
