"""Reversi perft from the start with the numba move generator: counts against the published ones.

Counts every move sequence ``depth`` plies long from the starting position
(a forced pass is a move) under both conventions: a game that ends earlier
ends its sequences (the rules tests' count, published to depth 8 in the
testdata README), or a side without a move passes even when the game is
over (the published counts beyond depth 9 count so: the two agree to depth
9, when the first games can end). Prints per depth both counts, the
published count, whether it matches, the time and leaves per second.
Exits with status 1 on a mismatch.

Run from the repository root::

    python benchmarks/reversi_perft.py              # depths 1-9 (a fraction of a second)
    python benchmarks/reversi_perft.py --depth 11
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from bots.lib.reversi_board import perft  # noqa: E402
from game.rules.reversi import START_BLACK, START_WHITE  # noqa: E402

#: The published counts from the start, passes counted as moves.
PUBLISHED = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216, 3_005_288, 24_571_284, 212_258_800,
             1_939_886_636, 18_429_641_748]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--depth", type=int, default=9, help=f"deepest depth, 1-{len(PUBLISHED)} (default 9)")
    args = parser.parse_args(argv)
    if not 1 <= args.depth <= len(PUBLISHED):
        parser.error(f"--depth must be from 1 to {len(PUBLISHED)}, got {args.depth}")
    black, white = np.uint64(START_BLACK), np.uint64(START_WHITE)
    begun = time.perf_counter()
    perft(black, white, 1, 0)
    print(f"compile or load the kernel: {time.perf_counter() - begun:.2f} s")
    wrong = 0
    for depth in range(1, args.depth + 1):
        begun = time.perf_counter()
        count = int(perft(black, white, depth, 1))
        seconds = time.perf_counter() - begun
        ended = int(perft(black, white, depth, 0))
        match = count == PUBLISHED[depth - 1]
        wrong += not match
        print(f"depth {depth:>2}: {count:>14,} (published {PUBLISHED[depth - 1]:>14,}) "
              f"{'match' if match else 'MISMATCH'}; ended games not passing {ended:>14,}  "
              f"{seconds:8.3f} s  {count / max(seconds, 1e-9) / 1e6:7.1f} M leaves/s")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
