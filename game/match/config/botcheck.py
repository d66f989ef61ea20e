"""Whether a tier of ``config.yaml`` can be played: its bot was found, plays the game,
takes the parameters given (names, and values of the kind of each default) and,
when discovery built it (``BotRegistry.discover(check=...)``), accepted them."""
from __future__ import annotations

import difflib
from typing import Any

import msgspec

from game.match.botregistry import BotInfo, BotRegistry
from game.match.config.model import TierSpec

#: The kinds of default a parameter's value is checked against, and their words.
_KINDS: tuple[tuple[type, str], ...] = (
    (bool, "true or false"), (int, "a whole number"), (float, "a number"), (str, "text"),
    (list, "a list"), (tuple, "a tuple"), (dict, "a dict"))


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
        kind = None if param.required else next(((k, words) for k, words in _KINDS if isinstance(param.default, k)),
                                                None)
        if kind is not None and not _converts(value, kind[0]):
            return ("params", name), f"expected {kind[1]}, got {value!r}"
    missing = [p.name for p in info.params if p.required and p.name not in params]
    if missing:
        return ("params",), f"{info.key} needs parameter(s) {', '.join(missing)}"
    return None


def analyses(tier: TierSpec, registry: BotRegistry) -> bool:
    """Whether ``tier`` can give hints: its bot values moves. An external engine is never
    the hint tier (``main.py analyse --bot`` may still ask one that values moves)."""
    return tier.engine is None and registry.bots[tier.bot].analyses


def _converts(value: Any, kind: type) -> bool:
    """Whether ``value`` is a ``kind`` to msgspec (a whole number is a number, a list a tuple; true is no number)."""
    try:
        msgspec.convert(value, kind)
    except msgspec.ValidationError:
        return False
    return True
