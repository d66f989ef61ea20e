"""What every front end loads before it plays: ``config.yaml`` and the bots, checked against each other.

The window (``game/ui/app.py``'s ``run``), the command line's commands and the
tests start from here. The configuration is read first because discovery
builds each tier's bot with its parameters (``Config.bot_checks``), so a tier
the bot's constructor refuses is reported at start-up; then the tiers are
checked against the bots found (``Config.validate``), which replaces or
leaves out the ones that cannot play.
"""
from __future__ import annotations

from pathlib import Path

from game.match.botregistry import BotRegistry
from game.match.config import Config, load_config


def load_config_and_bots(config_path: str | Path | None = None,
                         bots_dir: str | Path | None = None) -> tuple[Config, BotRegistry]:
    """The configuration at ``config_path`` (default: the player's own ``config.yaml``
    if there is one, else the shipped one) and the bots of ``bots_dir`` (default: the
    program's ``bots/``), validated together; never raises (problems are listed in
    ``config.problems`` and ``registry.problems``)."""
    config = load_config(config_path)
    registry = BotRegistry.discover(bots_dir, check=config.bot_checks())
    config.validate(registry)
    return config, registry
