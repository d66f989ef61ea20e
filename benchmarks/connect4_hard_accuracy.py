"""How often Connect Four Hard's move throws away the exact result, per reference set.

For positions of ``../shared/testdata/connect4/`` (one ``<moves> <score>``
per line, the score exact for the player to move), Hard chooses a move with
the configured time budget and the solver (``bots/lib/connect4_solver.py``)
judges the position after it: a move is a *mistake* when the mover's exact
result (win, draw or loss) is worse after it than before. The table shows,
per set, the positions tried, the mistakes, and Hard's mean and longest
move time: the figures behind "Hard is strong but clearly below perfect
play" in the arena notes.

Run (a minute or so; one core)::

    python benchmarks/connect4_hard_accuracy.py --per-set 100 --depth 8
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.connect4_alphabeta import ConnectFourAlphaBeta  # noqa: E402
from bots.lib.connect4_solver import Solver, position_from_moves  # noqa: E402
from game.rules.connect4 import ConnectFour  # noqa: E402

TESTDATA = Path(__file__).resolve().parent.parent.parent / "shared" / "testdata" / "connect4"


def sign(value: int) -> int:
    return (value > 0) - (value < 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-set", type=int, default=100, help="positions sampled from each set")
    parser.add_argument("--depth", type=int, default=8, help="Hard's depth (config.yaml: 8)")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per move")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args(argv)

    ConnectFourAlphaBeta.warm_up()
    solver = Solver(table_bits=22)
    print(f"Hard (depth {args.depth}, budget {args.budget:g} s) against exact scores")
    print(f"{'set':<26}{'positions':>10}{'mistakes':>10}{'mean move':>12}{'max move':>11}")
    for path in sorted(TESTDATA.glob("*.txt")):
        lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
        random.Random(args.seed).shuffle(lines)
        mistakes, times = 0, []
        for moves, score in lines[:args.per_set]:
            state = ConnectFour.from_text(moves)
            bot = ConnectFourAlphaBeta(depth=args.depth, seed=args.seed)
            start = time.perf_counter()
            move = bot.choose_move(state, args.budget)
            times.append(time.perf_counter() - start)
            state.push(move)
            outcome = state.outcome()
            if outcome is not None:
                after = 1 if outcome.winners else 0
            else:
                after = -sign(solver.solve(position_from_moves(list(state.move_stack)), weak=True))
            mistakes += after < sign(int(score))
        count = len(times)
        print(f"{path.name:<26}{count:>10}{mistakes:>6} ({100 * mistakes / count:2.0f}%)"
              f"{1000 * sum(times) / count:>9.1f} ms{1000 * max(times):>8.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
