"""``serve``: a network game hosted without a window, saved when it stops."""
from __future__ import annotations

import argparse
import sys

from game.cli.common import WRITE_FAILED, CliError, bot_spec, game_spec, load_setup, warn_problems


def serve_game(args: argparse.Namespace) -> int:
    """Host a game headless until Ctrl+C (or SIGTERM); the game, if a move was played, is then
    saved (its path printed), a finished one with its result (a resignation, an agreed draw)."""
    import asyncio
    import contextlib
    import signal

    from game.match.clocks import BadTimeControl, TimeControl
    from game.net.server import GameServer, NetError, SeatPlan
    from game.store.savefile import SaveFileError, default_save_path, load_match
    from game.store.userdata import saves_dir

    try:
        given = TimeControl.parse(args.clock) if args.clock is not None else None
    except BadTimeControl as err:
        raise CliError(f"--clock: {err}") from None
    if args.load is not None:
        try:
            loaded = load_match(args.load)
        except SaveFileError as err:
            raise CliError(str(err)) from None
        if (over := loaded.outcome()) is not None:
            raise CliError(f"{args.load}: that game is over ({over.reason}); host a new one with --game")
        state = loaded.state
        game_id = state.game_id
        control, times = (loaded.clock.control, loaded.clock.times) if loaded.clock else (None, None)
        if args.clock is not None:       # the clock asked for overrides the save's, every seat's time afresh
            saved = f"its clock {control.text}" if control else "no clock"
            asked = f"the clock {given.text}, each seat's full time" if given else "no clock"
            print(f"--clock: the saved game had {saved}; it goes on with {asked}", flush=True)
            control, times = given, None
    else:
        control, times = given, None
        state = game_spec(args.game).new_state()
        game_id = state.game_id
    words = [word.strip() for word in args.seats.split(",")]
    if len(words) != state.num_seats or not all(words):
        raise CliError(f"--seats names {len(words)} seats; {state.title} here seats {state.num_seats} "
                       f"(one entry each: remote, or a tier or bot name)")
    seats = [SeatPlan.remote() if word.casefold() == "remote" else SeatPlan.bot(word) for word in words]
    config, registry = load_setup(args)    # a resigner's stand-in needs the bots even when every seat is remote
    warn_problems(config, registry)
    port = config.net.port if args.port is None else args.port
    if not 0 <= port <= 65535:
        raise CliError(f"--port must be from 0 to 65535, got {port}")
    tiers = [plan.tier for plan in seats if plan.tier] + ([args.after_limit] if args.after_limit != "end" else [])
    for tier in tiers:
        bot_spec(config, registry, game_id, tier, None)

    def resolve(tier: str):
        """How to run ``tier``; ``BotChoiceError`` (a ``ValueError``) when it cannot play here."""
        return config.bot_spec(game_id, tier, registry)

    server = GameServer(state, seats, host=args.host or config.net.bind, port=port, limits=config.net,
                        log=lambda line: print(line, flush=True), name=args.name, bot_spec=resolve,
                        after_limit=args.after_limit, game_config=config.game(game_id),
                        time_control=control, times=times)
    async def serve() -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError):   # no such signal handling on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, server.stop)
        await server.serve()

    try:
        asyncio.run(serve())
    except NetError as err:
        raise CliError(str(err)) from None
    except KeyboardInterrupt:
        print("Stopping (Ctrl+C)", flush=True)
    if not server.state.move_stack:
        return 0
    which = "finished game" if server.is_over else "game in progress"
    path = default_save_path(game_id, saves_dir())
    try:
        server.save(path)
    except OSError as err:
        print(f"{args.prog}: the {which} could not be saved in {path} (an I/O error: {err.strerror or err})",
              file=sys.stderr)
        return WRITE_FAILED
    print(f"The {which} is saved in {path}", flush=True)
    return 0
