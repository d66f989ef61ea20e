"""How long a game's review takes, and what stands behind its values: a 40-move Connect Four game and
a 60-move Reversi game, each reviewed by ``ReviewJob`` as the window and ``main.py review`` run it.

The analysis runs in its child process (``game/match/review/job.py``), from
the start of the job (the child's start and the engine's warm-up included)
until every move is reviewed. For each game it prints the wall time, the
moves by what stands behind the value before them (exact, proven, estimate,
unknown, a forced move: the only legal one), the plies from which every
value is exact, each player's accuracy and the machine's load average
before and after (the machine is shared: the load is part of the figure).
Nothing is cached (no cache folder is given). Run from the repository root::

    nice -n 5 python benchmarks/review_speed.py
    nice -n 5 python benchmarks/review_speed.py --connect4-budget 1.0 --reversi-budget 0.6
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.review.job import ReviewJob  # noqa: E402

#: Hard (alpha-beta) against itself from six random opening moves (seed 7): 40 moves, Yellow wins.
CONNECT4_GAME = "3 2 4 6 1 1 2 2 4 2 2 3 3 3 3 5 5 5 5 6 7 6 6 5 5 7 7 7 6 6 3 2 1 1 1 1 7 7 4 4"
#: Reversi Master (Black) against Medium, 0.3 s a move: 60 moves, Black wins 45-19.
REVERSI_GAME = ("c4 e3 f4 c5 d6 f3 e6 c6 b5 d7 e7 b6 b4 a5 d3 e2 b3 a4 c3 a3 d2 f2 f5 e8 f6 c7 e1 f1 g1 d1 "
                "c1 c2 b1 g3 g5 g4 f7 h4 d8 f8 b8 c8 g8 g7 h2 h3 h5 h6 h7 b2 h8 g6 a1 a2 g2 h1 a6 a7 b7 a8")


def review(game: str, moves: str, budget: float) -> None:
    load_before = os.getloadavg()
    begun = time.perf_counter()
    job = ReviewJob.start(game, moves.split(), budget, None)
    first = None
    while not job.done:
        if job.wait(1.0) and first is None:
            first = time.perf_counter() - begun
    seconds = time.perf_counter() - begun
    load_after = os.getloadavg()
    reviews = job.review.reviews
    kinds: dict[str, int] = {}
    for item in reviews:
        kind = "missing" if item is None else "forced" if item.verdict == "the only legal move" else item.before.kind
        kinds[kind] = kinds.get(kind, 0) + 1
    exact_from = next((ply for ply in range(len(reviews))
                       if all(item is not None and item.before.kind == "exact" or
                              (item is not None and item.verdict == "the only legal move")
                              for item in reviews[ply:])), None)
    print(f"{game}: {len(reviews)} moves, {budget:g} s a move: reviewed in {seconds:.1f} s "
          f"(first review after {first or 0:.1f} s){'; FAILED: ' + job.failure if job.failure else ''}")
    print(f"  values before each move: {', '.join(f'{count} {kind}' for kind, count in sorted(kinds.items()))}")
    print(f"  every value exact from ply {exact_from} (move {exact_from + 1 if exact_from is not None else '-'})")
    print(f"  accuracy: {', '.join(f'seat {seat}: {job.review.accuracy(seat):.0f}%' for seat in job.review.seats())}")
    print(f"  load average before {load_before[0]:.2f}, after {load_after[0]:.2f} "
          f"(1 min), on {os.cpu_count()} cores")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connect4-budget", type=float, default=1.0, help="seconds per Connect Four move")
    parser.add_argument("--reversi-budget", type=float, default=0.6, help="seconds per Reversi move")
    args = parser.parse_args()
    review("connect4", CONNECT4_GAME, args.connect4_budget)
    review("reversi", REVERSI_GAME, args.reversi_budget)


if __name__ == "__main__":
    main()
