"""The Connect Four solver against the reference positions of ``../shared/testdata/connect4/``.

For each set (end game, middle game, beginning) every position is solved
from an empty transposition table, as a fresh solver process would, and
checked against its known score. Printed per set: positions, mean and worst
time, mean CPU time (on a machine shared with other work the fairer figure),
mean nodes, nodes per second (of CPU time), whether every score matched, and
the C++ reference solver's mean time from the testdata README with the ratio
of our mean to it. Times are warm:
the kernels are compiled (or loaded from numba's disk cache) first, and that
time is printed separately. Clearing the table between positions is not
timed. Exits with status 1 if any score is wrong.

Run from the repository root::

    python benchmarks/connect4_solver.py                 # every position (a minute or so)
    python benchmarks/connect4_solver.py --limit 20      # the first 20 of each set
    python benchmarks/connect4_solver.py --sets end middle
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.lib.connect4_solver import Solver, position_from_moves  # noqa: E402

TESTDATA = Path(__file__).resolve().parent.parent.parent / "shared" / "testdata" / "connect4"
#: Set name -> (file, the C++ reference's mean seconds per position from the testdata README).
SETS = {
    "end": ("end_ply28-36.txt", 0.002),
    "middle": ("middle_ply14-27.txt", 0.006),
    "beginning": ("beginning_ply8-13.txt", 0.31),
}


def read_set(path: Path) -> list[tuple[str, int]]:
    """``(moves, score)`` per line of a testdata file."""
    cases = []
    for number, line in enumerate(path.read_text().splitlines(), start=1):
        if line.strip():
            moves, score = line.split()
            cases.append((moves, int(score)))
    return cases


def columns(moves: str) -> list[int]:
    return [int(c) - 1 for c in moves]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, help="only the first N positions of each set")
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS), help="which sets")
    parser.add_argument("--table-bits", type=int, default=23, help="log2 of the table size (default 23)")
    parser.add_argument("--data", type=Path, default=TESTDATA, help=f"testdata folder (default {TESTDATA})")
    args = parser.parse_args(argv)

    solver = Solver(table_bits=args.table_bits)
    start = time.perf_counter()
    solver.solve(position_from_moves(columns("567364771117652")))
    print(f"compile or cache load, first call: {time.perf_counter() - start:.2f} s; "
          f"table {solver.table.size:,} entries ({solver.table.nbytes / 2**20:.0f} MB)")
    print()
    header = f"{'set':<10} {'positions':>9} {'mean ms':>9} {'worst ms':>9} {'cpu ms':>9} {'mean nodes':>11} " \
             f"{'nodes/s':>10} {'C++ ms':>7} {'ratio':>6}  scores"
    print(header)
    wrong_total = 0
    for name in args.sets:
        filename, reference = SETS[name]
        cases = read_set(args.data / filename)[:args.limit]
        elapsed = worst = cpu = 0.0
        nodes = 0
        wrong = []
        for moves, expected in cases:
            position = position_from_moves(columns(moves))
            solver.clear()
            solver.reset_nodes()
            start, cpu_start = time.perf_counter(), time.process_time()
            score = solver.solve(position)
            took = time.perf_counter() - start
            cpu += time.process_time() - cpu_start
            elapsed += took
            worst = max(worst, took)
            nodes += solver.nodes
            if score != expected:
                wrong.append(f"{moves}: {score} (expected {expected})")
        count = len(cases)
        mean = elapsed / count
        verdict = "all exact" if not wrong else f"{len(wrong)} WRONG"
        print(f"{name:<10} {count:>9} {mean * 1000:>9.3f} {worst * 1000:>9.1f} {cpu / count * 1000:>9.3f} "
              f"{nodes / count:>11,.0f} {nodes / max(cpu, 1e-9):>10,.0f} {reference * 1000:>7.1f} "
              f"{mean / reference:>6.2f}  {verdict}")
        for line in wrong:
            print(f"    {line}")
        wrong_total += len(wrong)
    return 1 if wrong_total else 0


if __name__ == "__main__":
    sys.exit(main())
