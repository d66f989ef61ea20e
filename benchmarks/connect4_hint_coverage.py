"""How much of a Connect Four 7x6 hint Master proves within the hint time, by ply.

For random positions of 0 to 14 plies (random legal moves, games not over;
``--seed`` repeats them), Master's ``analyse`` runs once per position with the
hint time (``config.yaml``'s, 5 s by default) in this process, as the hint
worker runs it, its solver's table kept from position to position as in a
game (``--cold`` clears it before each). Per ply it prints the share of
positions where every column was valued (an exact score, or a proven win,
draw or loss), the share where every column has its exact score, the mean
and worst seconds, and the solver's nodes per second (all its threads': a
hint values its columns on every core). The positions are
independent, so a table warm from another position helps less than in a
game, where each hint follows the last.

    python benchmarks/connect4_hint_coverage.py --samples 8 --plies 0-14
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.connect4_master import ConnectFourMaster  # noqa: E402
from game.rules.bot import VALUE  # noqa: E402
from game.rules.connect4 import ConnectFour  # noqa: E402

HINT_TIME = 5.0


def random_position(rng: random.Random, plies: int) -> ConnectFour:
    """A position after ``plies`` random legal moves in which the game is not over (retried until one is)."""
    while True:
        state = ConnectFour()
        for _ in range(plies):
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
        if len(state.move_stack) == plies and not state.is_over():
            return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=6, help="positions per ply (default 6)")
    parser.add_argument("--plies", default="0-14", help="plies to sample, 'a-b' (default 0-14)")
    parser.add_argument("--hint-time", type=float, default=HINT_TIME, help=f"seconds per hint (default {HINT_TIME:g})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cold", action="store_true", help="clear the solvers' tables before each position")
    args = parser.parse_args(argv)
    low, _, high = args.plies.partition("-")
    plies = range(int(low), int(high or low) + 1)
    rng = random.Random(args.seed)
    master = ConnectFourMaster(seed=args.seed)
    ConnectFourMaster.warm_up()
    solvers = master.solvers()
    print(f"Master's hint on {args.samples} random positions per ply, {args.hint_time:g} s each, "
          f"{len(solvers)} thread{'s' * (len(solvers) > 1)}{', cold table' if args.cold else ''}")
    print(f"{'ply':>3}  {'all valued':>10}  {'all exact':>9}  {'mean s':>6}  {'worst s':>7}  {'nodes/s':>9}")
    totals = [0, 0, 0]
    for ply in plies:
        valued = exact = nodes = 0
        seconds = []
        for _ in range(args.samples):
            state = random_position(rng, ply)
            if args.cold:
                for each in solvers:   # the shared big table and each thread's near table
                    each.clear()
            before = sum(each.nodes for each in solvers)
            begun = time.perf_counter()
            values = master.analyse(state, args.hint_time)
            seconds.append(time.perf_counter() - begun)
            nodes += sum(each.nodes for each in solvers) - before
            legal = set(state.legal_moves())
            valued += set(values) == legal and all(v.exact for v in values.values())
            exact += set(values) == legal and all(v.exact and v.bound == VALUE for v in values.values())
        totals = [totals[0] + valued, totals[1] + exact, totals[2] + args.samples]
        print(f"{ply:>3}  {valued / args.samples:>10.0%}  {exact / args.samples:>9.0%}  "
              f"{sum(seconds) / len(seconds):>6.2f}  {max(seconds):>7.2f}  {nodes / sum(seconds):>9,.0f}", flush=True)
    print(f"all  {totals[0] / totals[2]:>10.0%}  {totals[1] / totals[2]:>9.0%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
