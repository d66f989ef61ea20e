"""``engine``: a tier's bot as an engine of its game's standard protocol, for other programs."""
from __future__ import annotations

import argparse
import sys

from game.cli.common import CliError, bot_spec, load_setup, warn_problems


def run_engine(args: argparse.Namespace) -> int:
    """Serve the game's engine protocol on this process's standard input and output.

    The protocol owns standard output: it gets a private copy of the output
    descriptor, and the descriptor itself (and ``sys.stdout``) goes to standard
    error, so nothing a bot or a library prints can corrupt the protocol."""
    import io
    import os

    from game.engines import SERVERS, server_for

    module = server_for(args.game)
    if module is None:
        games = ", ".join(f"{game} ({name})" for name, server in SERVERS.items() for game in server.GAMES)
        raise CliError(f"no engine protocol plays {args.game!r}; engines: {games}")
    config, registry = load_setup(args)
    warn_problems(config, registry)
    tiers = config.game(args.game).tiers
    tier = args.tier or (tiers[-1].name if tiers else "")
    bot_spec(config, registry, args.game, tier, None)
    sys.stdout.flush()
    protocol_out = io.TextIOWrapper(os.fdopen(os.dup(sys.stdout.fileno()), "wb"), encoding="utf-8",
                                    errors="replace", newline="\n", line_buffering=True)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    protocol_in = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    try:
        return module.serve(args.game, tier, config, registry, protocol_in, protocol_out)
    finally:
        try:
            protocol_out.flush()
        except OSError:
            pass
