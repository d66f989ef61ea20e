"""The arena's games at once: wall time of the same run with --concurrency 1 and N.

    python benchmarks/arena_concurrency.py                       # connect4 Hard v Medium, 40 games, 0.2 s
    python benchmarks/arena_concurrency.py --games 200 --openings 4 --levels 1 2

Each level runs ``main.py arena`` as a child process (start-up and worker
launches included, as a user sees it), prints its wall time, the ratio to the
first level, the machine's load average before it, and the W/D/L lines of its
table, which should agree within noise (equal, with --seed and bots that do not
run out of time). The issue's target: with 2 cores, --concurrency 2 at most
0.6x the wall time of --concurrency 1.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="connect4")
    parser.add_argument("--a", default="Hard")
    parser.add_argument("--b", default="Medium")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--budget", type=float, default=0.2)
    parser.add_argument("--openings", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--levels", type=int, nargs="+", default=[1, 2], help="the --concurrency values to time")
    args = parser.parse_args()
    first = None
    for level in args.levels:
        command = [sys.executable, str(ROOT / "main.py"), "arena", args.game, "--a", args.a, "--b", args.b,
                   "--games", str(args.games), "--budget", str(args.budget), "--seed", str(args.seed),
                   "--openings", str(args.openings), "--concurrency", str(level)]
        load = os.getloadavg()[0]
        begun = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
        wall = time.monotonic() - begun
        if done.returncode != 0:
            print(done.stderr, file=sys.stderr)
            return done.returncode
        first = first or wall
        rows = [line for line in done.stdout.splitlines() if line[:2] in ("A ", "B ")]
        print(f"--concurrency {level}: {wall:.1f} s wall ({wall / first:.2f}x), load average before {load:.2f}")
        for row in rows:
            print(f"    {row}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
