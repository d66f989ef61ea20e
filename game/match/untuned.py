"""The tiers of a game that ``config.yaml`` does not mention: the generic tree search's.

A game registered from outside the program (``catalogue.register_game``) has
no entry in the shipped ``config.yaml`` and no bots of its own yet; it is
still playable against a bot of every strength and has hints, from the bot
that plays every game (``bots/any_game.py``, Monte Carlo tree search with
random playouts). Its tiers differ only in how many iterations a move may
search, each within the game's time budget (``config.DEFAULT_TIME_BUDGET``);
the hint tier is the strongest, whose values are estimates (never marked
exact). A player's own ``config.yaml`` that names the game replaces all of it.
"""
from __future__ import annotations

from typing import Any

#: The class name of the bot that plays every game.
GENERIC_BOT = "AnyGameTreeSearch"
#: (tier name, the bot's parameters), weakest first.
UNTUNED_TIERS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("Easy", {"iterations": 30}),
    ("Medium", {"iterations": 300}),
    ("Hard", {"iterations": 3000}),
)
#: The tier whose estimates Hint shows.
UNTUNED_HINT = "Hard"
