"""The window: the arcade, or ``play`` straight into a game. Only here is pygame imported,
and only when the window opens: first what the window's splash needs (``game/ui/splash.py``),
then the arcade."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game import lang
from game.cli.common import BOT_FAILED, CliError, game_spec
from game.match.clocks import BadTimeControl, TimeControl


def run_window(args: argparse.Namespace) -> int:
    """Open the window: the arcade, or with ``play`` straight into a game (a saved one with ``--load``);
    ``BOT_FAILED`` if pygame cannot be imported."""
    game_id = load_path = clock = None
    options: dict = {}
    if args.command == "play":
        spec = game_spec(args.game)
        game_id, options = spec.game_id, dict(spec.options)
        if args.clock is not None:
            try:
                control = TimeControl.parse(args.clock)
            except BadTimeControl as err:
                raise CliError(f"--clock: {err}") from None
            clock = control.text if control is not None else ""
        if args.load is not None:
            if not Path(args.load).is_file():
                raise CliError(f"no saved game at {args.load}")
            load_path = args.load
    if args.config is not None and not Path(args.config).is_file():
        raise CliError(f"no settings file at {args.config}")
    if args.lang:
        if lang.best_match(args.lang) == lang.ENGLISH and lang.normalised(args.lang).split("_")[0] != lang.ENGLISH:
            print(f"{args.prog}: no translation into {args.lang}: the window is in English "
                  f"(languages: {', '.join(lang.available())})", file=sys.stderr)
        lang.set_override(args.lang)
    try:
        from game.ui.splash import Launch
    except ImportError as err:
        print(f"{args.prog}: cannot open the window: {err}", file=sys.stderr)
        return BOT_FAILED
    # The window and its splash at once, the bots found beside it; then the rest of the window's
    # code (a second or more to import), the splash showing meanwhile.
    launch = Launch(config_path=args.config, bots_dir=args.bots_dir).begin()
    from game.ui.app import run

    return run(launch=launch, game_id=game_id, load_path=load_path, options=options, clock=clock)
