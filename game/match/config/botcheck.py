"""Whether a tier of ``config.yaml`` can be played: its bot was found, plays the game,
takes the parameters given (names, and values of the kind of each default) and,
when discovery built it (``BotRegistry.discover(check=...)``), accepted them."""
from __future__ import annotations

import difflib
from typing import Any

import msgspec

from game.lang import N_, Phrase
from game.match.botregistry import BotInfo, BotRegistry
from game.match.config.model import TierSpec

#: The kinds of default a parameter's value is checked against, and their words.
_KINDS: tuple[tuple[type, str], ...] = (
    (bool, N_("true or false")), (int, N_("a whole number")), (float, N_("a number")), (str, N_("text")),
    (list, N_("a list")), (tuple, N_("a tuple")), (dict, N_("a dict")))


def _did_you_mean(name: str, names: list[str]) -> str:
    """``'; did you mean X?'`` for the one of ``names`` closest to ``name``, or ``''``."""
    close = difflib.get_close_matches(name, names, n=1)
    return Phrase(N_("; did you mean {name}?"), name=close[0]) if close else ""


def tier_error(tier: TierSpec, game_id: str, registry: BotRegistry) -> tuple[tuple[str, ...], Phrase] | None:
    """Why ``tier`` cannot be played in ``game_id``: (key path below the tier, message), or None.
    An external engine's tier was checked when it was read."""
    if tier.engine is not None:
        return None
    info = registry.bots.get(tier.bot)
    if info is None:
        known = ", ".join(i.key for i in registry.for_game(game_id)) or Phrase(N_("none"))
        return ("bot",), Phrase(N_("no bot class {bot} was found{hint} (bots for {game}: {bots})"), bot=repr(tier.bot),
                                hint=_did_you_mean(tier.bot, list(registry.bots)), game=game_id, bots=known)
    if not info.plays(game_id):
        return ("bot",), plays_not(info, game_id)
    error = params_error(info, tier.params)
    if error is None and registry.construct_error(tier.bot, tier.params) is not None:
        params = ", ".join(f"{k}={v!r}" for k, v in tier.params.items())
        return ("params",), Phrase(N_("{bot}({params}) failed: {error}"), bot=info.key, params=params,
                                   error=registry.construct_error(tier.bot, tier.params))
    return error


def plays_not(info: BotInfo, game_id: str) -> Phrase:
    """``'TicTacToeEasy does not play gomoku (it plays tictactoe)'``."""
    return Phrase(N_("{bot} does not play {game} (it plays {games})"), bot=info.key, game=game_id,
                  games=", ".join(info.games))


def params_error(info: BotInfo, params: dict[str, Any]) -> tuple[tuple[str, ...], Phrase] | None:
    """Whether ``info``'s constructor takes ``params``, from its parameters and defaults."""
    accepted = {param.name: param for param in info.params}
    takes = ", ".join(accepted) or Phrase(N_("no parameters"))
    for name, value in params.items():
        if name == "seed":
            return ("params", "seed"), Phrase(N_("seed is set by the program, not the config"))
        if name not in accepted:
            if info.takes_any_params:
                continue
            return ("params", name), Phrase(N_("{bot} takes no parameter {name}{hint} (it takes: {takes})"), bot=info.key,
                                            name=repr(name), hint=_did_you_mean(name, list(accepted)), takes=takes)
        param = accepted[name]
        kind = None if param.required else next(((k, words) for k, words in _KINDS if isinstance(param.default, k)),
                                                None)
        if kind is not None and not _converts(value, kind[0]):
            return ("params", name), Phrase(N_("expected {expected}, got {value}"), expected=Phrase(kind[1]),
                                            value=repr(value))
    missing = [p.name for p in info.params if p.required and p.name not in params]
    if missing:
        return ("params",), Phrase(N_("{bot} needs parameter(s) {names}"), bot=info.key, names=", ".join(missing))
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
