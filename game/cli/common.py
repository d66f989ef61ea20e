"""What the commands share: their exit statuses, the error that is bad input, and the
game, time budget, settings and bots a command line names, checked as every command checks them."""
from __future__ import annotations

import argparse
import math
import sys
from typing import Sequence

USAGE_ERROR, BOT_FAILED = 2, 1
#: The exit status when a file could not be written (an I/O error: ``EX_IOERR`` of sysexits.h).
WRITE_FAILED = 74
#: The exit status after Ctrl+C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


class CliError(Exception):
    """Bad input on the command line; the message is shown as is."""


def game_spec(text: str, pairs: Sequence[str] = ()):
    """The game a command names: a game id or spec text (``'connect4(rows=5)'``),
    with the ``--options`` pairs, if any; ``CliError`` names what is wrong."""
    from game.rules.core import BadNotation
    from game.rules.catalogue import GameSpec

    try:
        return GameSpec.parse(text, pairs)
    except BadNotation as err:
        raise CliError(str(err)) from None


def check_budget(budget: float | None) -> None:
    """``CliError`` unless ``budget`` is None or seconds within the config's range."""
    from game.match.config import MAX_TIME_BUDGET, MIN_TIME_BUDGET

    if budget is not None and not (math.isfinite(budget) and MIN_TIME_BUDGET <= budget <= MAX_TIME_BUDGET):
        raise CliError(f"--budget must be seconds per move from {MIN_TIME_BUDGET:g} to {MAX_TIME_BUDGET:g}, "
                       f"got {budget:g}")


def load_setup(args: argparse.Namespace):
    """The config and the bots, from the command line's --config and --bots-dir
    (each tier's bot is built once with its parameters to check them)."""
    from game.match.startup import load_config_and_bots

    return load_config_and_bots(args.config, args.bots_dir)


def bot_spec(config, registry, game_id: str, choice: str, budget: float | None):
    """How ``choice`` (a tier or bot) plays ``game_id``; ``CliError`` when it cannot play it."""
    from game.match.config import BotChoiceError

    try:
        return config.bot_spec(game_id, choice, registry, budget=budget)
    except BotChoiceError as err:
        raise CliError(str(err)) from None


def warn_problems(config, registry) -> None:
    """Config and bot-file problems, on stderr so they never mix with results."""
    for problem in config.problems:
        print(f"warning: {problem}", file=sys.stderr)
    for problem in registry.problems:
        print(f"warning: {problem}", file=sys.stderr)
