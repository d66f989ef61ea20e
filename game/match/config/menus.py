"""The seat menus of a game, built from its tiers and the bots found: who may sit,
under which label, and how each choice is run (``bot_spec``).

Labels are unique (ignoring case), since menus tell choices apart by label,
and each choice resolves back to the very bot it shows.
"""
from __future__ import annotations

import re

from game.lang import N_, _
from game.match.botregistry import BotInfo, BotParam, BotRegistry
from game.match.config.model import ENGINE_BOT, ENGINE_MODULE, BotChoiceError, GameConfig, SeatChoice, TierSpec
from game.match.ladder import rating_text, shipped_ratings
from game.match.record import Player
from game.match.runner import BotSpec
from game.paths import engine_log_path
from game.rules.catalogue import game_class
from game.rules.core import BadNotation


def seat_choices(game: GameConfig, registry: BotRegistry) -> list[SeatChoice]:
    """The seat menu of ``game`` (its settings checked against ``registry``): Human,
    its tiers weakest first, the external engines no tier is, then, apart
    (``SeatChoice.other``), every bot that plays it but has no tier, under the
    bot's own name. Each says the first sentence of its bot's description
    (``summary``), the whole of it being the choice's ``detail``.

    Labels are unique (ignoring case), since menus tell choices apart by
    label: a bot whose name is also a tier's, "Human" or another bot's is
    shown with its class, ``'Master (Impostor)'``. Each choice's
    ``player.bot`` is what ``bot_spec`` resolves back to that very choice.
    """
    choices = [SeatChoice(N_("Human"), Player.human(), N_("you play at this screen"))]
    ratings = measured_ratings(game)
    for label, choice, info, tier in _menu(game, registry):
        rating = ratings.get(tier.name, "") if tier is not None else ""
        description = _(info.description)   # a shipped bot's, marked in its file; any other bot's as written
        choices.append(SeatChoice(label, Player.of_bot(choice, label=label), summary(description),
                                  detail=description, other=tier is None, rating=rating))
    return choices


def summary(description: str) -> str:
    """What a seat menu says of a bot: the first sentence of its ``description``, in
    plain words for players (the rest, how it plays, is for the tooltip and ``main.py bots``).
    A sentence ends at ``.``, ``!`` or ``?`` and a space, or at Chinese's full-width ``。！？``."""
    first = re.split(r"(?<=[.!?])\s+|(?<=[。！？])", description.strip(), maxsplit=1)[0]
    if first.endswith("。"):
        return first[:-1]
    return first[:-1] if first.endswith(".") and not first.endswith("..") else first


def measured_ratings(game: GameConfig) -> dict[str, str]:
    """The shipped ladder's rating of each tier of ``game`` (``'≈1240 Elo'``), by tier name: only
    for a tier played by the bot, parameters and time budget that were measured, since a
    setting of one's own makes another bot of it. The ladders are measured in a game's
    default rules; the menu does not know the rules chosen, so a game that has rule options
    says so (``'≈1240 Elo, default rules'``)."""
    budget, measured = shipped_ratings(game.game_id)
    if not measured:
        return {}
    try:
        scoped = bool(game_class(game.game_id).options_spec)
    except BadNotation:   # a game no longer installed: nothing to qualify
        scoped = False
    ratings = {}
    for tier in game.tiers:
        entry = measured.get(tier.name)
        if (entry and tier.engine is None and entry.get("bot") == tier.bot and entry.get("params") == tier.params
                and budget == game.budget_of(tier) and isinstance(entry.get("elo"), (int, float))):
            text = rating_text(float(entry["elo"]), entry.get("lower_bound_only") is True)
            if text:
                ratings[tier.name] = _("{rating}, default rules").format(rating=text) if scoped else text
    return ratings


def _menu(game: GameConfig, registry: BotRegistry) -> list[tuple[str, str, BotInfo, TierSpec | None]]:
    """(unique label, choice for ``bot_spec``, bot, tier) of each tier, then of each
    untiered engine (as a tier of its own name), then of each untiered bot (tier None)."""
    game_id = game.game_id
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


def choice_names(game: GameConfig, registry: BotRegistry) -> list[str]:
    """Every name ``bot_spec`` accepts for ``game``: tiers, external engines, then bot classes."""
    game_id = game.game_id
    return ([t.name for t in game.tiers] + [e.name for e in game.untiered_engines]
            + [info.key for info in registry.for_game(game_id)])


def bot_spec(game: GameConfig, choice: str, registry: BotRegistry, *,
             seed: int | None = None, budget: float | None = None) -> BotSpec:
    """How to run ``choice`` in ``game``. ``BotChoiceError`` lists the choices.

    ``choice`` is tried, in this order, as a tier name (any case), an
    external engine's name (any case), a bot class name (exact), a
    seat-menu label (``'Master (Impostor)'``), a class name in any case,
    and a bot's own name, which must then belong to one bot only.
    ``budget`` (default: the tier's, see ``GameConfig.budget_of``) is the
    seconds per request.
    """
    game_id = game.game_id
    menu = _menu(game, registry)
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


def _find_bot(game_id: str, choice: str, registry: BotRegistry,
              menu: list[tuple[str, str, BotInfo, TierSpec | None]]) -> BotInfo | None:
    """The bot of ``game_id`` that ``choice`` names unambiguously (see ``bot_spec``)."""
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
