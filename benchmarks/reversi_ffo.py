"""The exact Reversi endgame solver on the FFO endgame suite (``../shared/testdata/othello/``).

Each chosen position (by its FFO number, 1-79) is solved from an empty
transposition table, as a fresh game would start, and checked against the
suite's best score (final disc difference for the side to move, empties to
the winner). Printed per position: number, empties, the best move and
score found, the expected score, whether it matches (exact), wall time,
CPU time (the fairer figure on a machine shared with other work), nodes
and nodes per second of CPU time; for #40-#44 also Edax's time (one
thread, on this machine, as the project's issue gives it) and our CPU time
over it. A summary line totals them. Times are warm: the kernels are
compiled (or loaded from numba's disk cache) first, and that is printed
separately; clearing the table is not timed. Exits with status 1 if any
score is wrong.

Run from the repository root::

    python benchmarks/reversi_ffo.py                      # #1-#39 (about 25 s)
    python benchmarks/reversi_ffo.py --from 40 --to 44    # the classic five (about 15 s)
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.reversi import PASS, Reversi, square_name  # noqa: E402
from bots.lib.reversi_endgame import Solver  # noqa: E402

#: ``shared/testdata/othello`` beside the checkout (or beside a folder holding it, for a work tree).
TESTDATA = next((p / "shared" / "testdata" / "othello" for p in Path(__file__).resolve().parents[1:]
                 if (p / "shared" / "testdata" / "othello").is_dir()),
                Path(__file__).resolve().parents[2] / "shared" / "testdata" / "othello")
FILES = ("fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf")
#: Edax's seconds (one thread, on this machine) for the positions the issue names.
EDAX_SECONDS = {40: 0.6, 41: 4.3, 42: 3.0, 43: 5.2, 44: 6.9}
#: FFO #1, solved first to compile the kernels.
WARM_UP = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def read_suite(folder: Path) -> list[tuple[str, int]]:
    """``(position, best score)`` of every FFO position, #1 first."""
    cases = []
    for name in FILES:
        path = folder / name
        if not path.exists():
            continue
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                best = line.split(";")[1].split(":")[1]
                cases.append((line, int(best)))
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--from", dest="first", type=int, default=1, help="first FFO number (default 1)")
    parser.add_argument("--to", dest="last", type=int, default=39, help="last FFO number (default 39)")
    parser.add_argument("--table-bits", type=int, default=21, help="log2 of the table's entries (default 21: 48 MB)")
    parser.add_argument("--data", type=Path, default=TESTDATA, help=f"testdata folder (default {TESTDATA})")
    args = parser.parse_args(argv)
    cases = read_suite(args.data)
    if not 1 <= args.first <= args.last <= len(cases):
        parser.error(f"positions run from 1 to {len(cases)} in {args.data}; got {args.first} to {args.last}")

    begun = time.perf_counter()
    warm = Reversi.read(WARM_UP)
    Solver(table_bits=8).solve(warm.discs(warm.turn), warm.discs(1 - warm.turn))
    print(f"compile or load the kernels: {time.perf_counter() - begun:.2f} s")

    solver = Solver(args.table_bits)
    header = f"{'#':>3} {'empt':>4} {'move':>4} {'score':>5} {'expect':>6} {'exact':>5} {'wall s':>7} " \
             f"{'cpu s':>7} {'nodes':>12} {'Mn/s':>6}"
    print(header + "   Edax s  ratio")
    wrong = 0
    wall_total = cpu_total = 0.0
    nodes_total = 0
    for number in range(args.first, args.last + 1):
        line, expected = cases[number - 1]
        state = Reversi.read(line)
        own, opp = state.discs(state.turn), state.discs(1 - state.turn)
        empties = 64 - (own | opp).bit_count()
        solver.clear()
        wall, cpu = time.perf_counter(), time.process_time()
        solved = solver.solve(own, opp)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        wall_total, cpu_total, nodes_total = wall_total + wall, cpu_total + cpu, nodes_total + solved.nodes
        exact = solved.score == expected
        wrong += not exact
        move = "pass" if solved.move == PASS else square_name(solved.move)
        row = f"{number:>3} {empties:>4} {move:>4} {solved.score:>+5} {expected:>+6} {'yes' if exact else 'NO':>5} " \
              f"{wall:>7.3f} {cpu:>7.3f} {solved.nodes:>12,} {solved.nodes / max(cpu, 1e-9) / 1e6:>6.1f}"
        if number in EDAX_SECONDS:
            row += f"   {EDAX_SECONDS[number]:>6.1f} {cpu / EDAX_SECONDS[number]:>6.2f}"
        print(row, flush=True)
    count = args.last - args.first + 1
    print(f"#{args.first}-#{args.last}: {count - wrong}/{count} exact, wall {wall_total:.2f} s, "
          f"cpu {cpu_total:.2f} s, {nodes_total:,} nodes, {nodes_total / max(cpu_total, 1e-9) / 1e6:.1f} M nodes/s")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
