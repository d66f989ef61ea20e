"""Master against the other Connect Four tiers, with its results split by who moved first.

``python main.py arena`` prints each side's totals; Master's promises are
per seat (it never loses; moving first it always wins, since the first
player wins 7x6 with perfect play), so this runs the same arena
(``game.match.arena.run_arena``: worker processes, the configured time budget,
seats alternating from game to game) and counts Master's wins, draws and
losses as first and as second player, with its slowest move.

Run from the repository root (one opponent at a time takes a few minutes)::

    python benchmarks/connect4_master_arena.py --against Hard --games 200 --seed 7
    python benchmarks/connect4_master_arena.py --against Easy Medium --games 100 --seed 7
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.arena import run_arena  # noqa: E402
from game.match.botregistry import BotRegistry  # noqa: E402
from game.match.config import load_config  # noqa: E402
from game.rules.core import Outcome  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--master", default="Master", help="the tier or bot under test (default Master)")
    parser.add_argument("--against", nargs="+", default=["Easy", "Medium", "Hard"], help="opponent tiers")
    parser.add_argument("--games", type=int, default=200, help="games per opponent (default 200)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the bots (default 7)")
    parser.add_argument("--budget", type=float, help="seconds per move (default: config)")
    args = parser.parse_args(argv)

    config = load_config(None)
    registry = BotRegistry.discover(None, check=config.bot_checks())
    config.validate(registry)
    master = config.bot_spec("connect4", args.master, registry, budget=args.budget)
    status = 0
    for name in args.against:
        opponent = config.bot_spec("connect4", name, registry, budget=args.budget)
        # In game g seat s is played by side (s + g) % 2: Master (side 0) moves first in even games.
        tally = {True: [0, 0, 0], False: [0, 0, 0]}

        def record(game: int, outcome: Outcome) -> None:
            first = game % 2 == 0
            seat = 0 if first else 1
            tally[first][("win", "draw", "loss").index(outcome.result_for(seat))] += 1

        begun = time.perf_counter()
        result = run_arena("connect4", [master, opponent], args.games, seed=args.seed, on_game=record)
        print(result.table())
        for first in (True, False):
            wins, draws, losses = tally[first]
            print(f"{master.who} moving {'first ' if first else 'second'}: {wins} wins, {draws} draws, "
                  f"{losses} losses")
        side = result.sides[0]
        print(f"{master.who}: slowest move {side.max_time:.3f} s, mean {side.mean_time:.3f} s "
              f"over {side.moves} moves; run took {time.perf_counter() - begun:.0f} s")
        print()
        if tally[False][2] or tally[True][2] or tally[True][1]:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
