"""``bots``: the settings file read, every bot, each game's tiers and engines, and any problem loading them."""
from __future__ import annotations

import argparse

from game.cli.common import load_setup
from game.paths import CONFIG_PATH


def list_bots(args: argparse.Namespace) -> int:
    """Print the settings file read, every bot file, each game's tiers and engines, and the
    problems found in the settings and the bot files."""
    from game.rules.bot import ALL_GAMES
    from game.rules.catalogue import game_class, game_ids

    from game.paths import user_config_path

    config, registry = load_setup(args)
    config.validate(registry)
    own = user_config_path()
    if config.path.resolve() == CONFIG_PATH.resolve():
        print(f"Settings: {config.path} (the shipped ones; to change them, copy it to {own} and edit that)")
    else:
        print(f"Settings: {config.path}, over the shipped {CONFIG_PATH}")
    print(f"Bots in {registry.directory}:")
    for key, info in sorted(registry.bots.items()):
        games = "every game" if set(ALL_GAMES) <= set(info.games) else ", ".join(info.games)
        print(f"  {key} ({info.name}) plays {games}: {info.source}")
        if info.description:
            print(f"      {info.description}")
    if not registry.bots:
        print("  none")
    for game_id in game_ids():
        game = config.game(game_id)
        print()
        print(f"{game_class(game_id).title} ({game_id}): time budget {game.time_budget:g} s per move, "
              f"hints from {game.hint_tier or 'no tier'}")
        width = max((len(t.name) for t in game.tiers), default=0)
        for tier in game.tiers:
            params = ", ".join(f"{k}={v!r}" for k, v in tier.params.items())
            what = f"engine {tier.engine.name}" if tier.engine else tier.bot + (f" ({params})" if params else "")
            print(f"  {tier.name.ljust(width)}  {what}")
        for engine in game.engines:
            seconds = game.time_budget if engine.time is None else engine.time
            print(f"  engine {engine.name}: {engine.description}, {seconds:g} s per move"
                  + (f", in {engine.cwd}" if engine.cwd else ""))
        tiered = {t.bot for t in game.tiers}
        others = [i for i in registry.for_game(game_id) if i.key not in tiered]
        if others:
            print("  also in the seat menus: " + ", ".join(f"{i.name} ({i.key})" for i in others))
    if any(config.game(game_id).engines for game_id in game_ids()):
        from game.paths import engine_log_folder

        print()
        print(f"External engines write their protocol lines and error output to {engine_log_folder()}")
    if config.problems:
        print()
        print(f"Problems in {config.path}:")
        for problem in config.problems:
            print(f"  {problem}")
    if registry.problems:
        print()
        print("Bot files that failed to load:")
        for problem in registry.problems:
            print(f"  {problem}")
    return 0
