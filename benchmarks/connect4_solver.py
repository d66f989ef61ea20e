"""The Connect Four solver against the reference positions of ``../shared/testdata/connect4/``.

For each set (end game, middle game, beginning) every position is solved
from an empty transposition table, as a fresh solver process would, and
checked against its known score. Printed per set: positions, mean, median
and worst time, mean nodes, nodes per second, and whether every score
matched. Times are warm: the kernels are compiled (or loaded from numba's
disk cache) first, and that time is printed separately. Clearing the table between positions is
not timed. The machine's load average is printed with each table (timings on
a shared machine are noisy). Exits with status 1 if any score is wrong.

``--reference PATH`` runs a reference solver binary side by side: a program
that reads positions (``4453``) on stdin, one a line, and answers each with a
line ``<moves> <score> <nodes> <microseconds>`` after clearing its table.
Pascal Pons' C++ solver (github.com/PascalPons/connect4) built from its
latest sources (a 2**24-entry table, as our default here) with the
``main.cpp`` of its "Part13: Opening Book" commit does that (the latest
``main.cpp`` keeps the table from line to line and prints no nodes); with
the same table size it visited exactly our nodes until our solver split its
table in two (a small near table for the positions near the end: about 15%
more nodes, each far quicker). A binary that answers only ``<moves> <score>`` is timed by the round
trip instead (which adds the pipe's latency to its time). Give it no opening
book (its ``-b`` option naming a missing file). Ours and the reference take
turns position by position, never at once, and the table gets the
reference's rows and the ratio ours / reference of the total time.

``--batch`` also solves each set in one call (``Solver.solve_many``: the
positions one after another inside the kernel, the table kept between them,
as an analysis of many positions would), and prints its per-position time.

Run from the repository root::

    python benchmarks/connect4_solver.py                 # every position (a minute or so)
    python benchmarks/connect4_solver.py --limit 20      # the first 20 of each set
    python benchmarks/connect4_solver.py --sets end middle --batch
    python benchmarks/connect4_solver.py --reference /tmp/c4ref/c4solver --reference-args -b /nonexistent
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.lib.connect4_solver import Solver, position_from_moves  # noqa: E402

#: ``shared/testdata/connect4`` beside the checkout (or beside a folder holding it, for a work tree).
TESTDATA = next((p / "shared" / "testdata" / "connect4" for p in Path(__file__).resolve().parents[1:]
                 if (p / "shared" / "testdata" / "connect4").is_dir()),
                Path(__file__).resolve().parents[2] / "shared" / "testdata" / "connect4")
SETS = {
    "end": "end_ply28-36.txt",
    "middle": "middle_ply14-27.txt",
    "beginning": "beginning_ply8-13.txt",
}


def read_set(path: Path) -> list[tuple[str, int]]:
    """``(moves, score)`` per line of a testdata file."""
    cases = []
    for line in path.read_text().splitlines():
        if line.strip():
            moves, score = line.split()
            cases.append((moves, int(score)))
    return cases


def columns(moves: str) -> list[int]:
    return [int(c) - 1 for c in moves]


@dataclass
class Tally:
    """One solver's results on one set."""

    seconds: list[float] = field(default_factory=list)
    nodes: int = 0
    wrong: list[str] = field(default_factory=list)

    def add(self, moves: str, expected: int, score: int, nodes: int, seconds: float) -> None:
        self.seconds.append(seconds)
        self.nodes += nodes
        if score != expected:
            self.wrong.append(f"{moves}: {score} (expected {expected})")

    def cells(self) -> str:
        total = sum(self.seconds)
        count = len(self.seconds)
        verdict = "all exact" if not self.wrong else f"{len(self.wrong)} WRONG"
        median = sorted(self.seconds)[count // 2]
        return (f"{total / count * 1000:>9.3f} {median * 1000:>9.3f} {max(self.seconds) * 1000:>9.1f} "
                f"{self.nodes / count:>11,.0f} "
                f"{self.nodes / max(total, 1e-9) / 1e6:>8.2f}  {verdict:<9}")


class Reference:
    """A reference solver process answering one position a line."""

    def __init__(self, command: list[str]) -> None:
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.timed_by_itself: bool | None = None

    def solve(self, moves: str) -> tuple[int, int, float]:
        """``(score, nodes, seconds)``; nodes 0 if the binary does not count them."""
        start = time.perf_counter()
        self.process.stdin.write(moves + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        took = time.perf_counter() - start
        fields = line.split()
        if len(fields) < 2 or fields[0] != moves:
            raise RuntimeError(f"the reference answered {line!r} to {moves!r}")
        self.timed_by_itself = len(fields) >= 4
        if self.timed_by_itself:
            return int(fields[1]), int(fields[2]), int(fields[3]) / 1e6
        return int(fields[1]), 0, took

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=10)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, help="only the first N positions of each set")
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS), help="which sets")
    parser.add_argument("--table-bits", type=int, default=24, help="log2 of the table size (default 24)")
    parser.add_argument("--data", type=Path, default=TESTDATA, help=f"testdata folder (default {TESTDATA})")
    parser.add_argument("--reference", type=Path, help="a reference solver binary, run in alternation with ours")
    parser.add_argument("--reference-args", nargs=argparse.REMAINDER, default=[],
                        help="arguments for the reference binary (last on the line), e.g. -b /nonexistent")
    parser.add_argument("--batch", action="store_true", help="also solve each set in one call (solve_many)")
    args = parser.parse_args(argv)

    solver = Solver(table_bits=args.table_bits)
    start = time.perf_counter()
    warm = position_from_moves(columns("567364771117652"))
    solver.solve(warm)
    solver.solve_many([warm])
    print(f"compile or cache load, first call: {time.perf_counter() - start:.2f} s; "
          f"table {solver.table.size:,} entries ({solver.table.nbytes / 2**20:.0f} MB)")
    reference = None
    if args.reference is not None:
        reference = Reference([str(args.reference), *args.reference_args])
        reference.solve("567364771117652")
        how = "its own timer" if reference.timed_by_itself else "round trip through the pipe"
        print(f"reference: {args.reference} {' '.join(args.reference_args)} (timed by {how})")
    print(load())
    print()
    print(f"{'set':<10} {'solver':<10} {'positions':>9} {'mean ms':>9} {'median ms':>9} {'worst ms':>9} "
          f"{'mean nodes':>11} {'Mnodes/s':>8}  {'scores':<9} {'ours/ref':>8}")
    wrong_total = 0
    for name in args.sets:
        cases = read_set(args.data / SETS[name])[:args.limit]
        ours, theirs = Tally(), Tally()
        for moves, expected in cases:
            position = position_from_moves(columns(moves))
            solver.clear()
            solver.reset_nodes()
            start = time.perf_counter()
            score = solver.solve(position)
            ours.add(moves, expected, score, solver.nodes, time.perf_counter() - start)
            if reference is not None:
                theirs.add(moves, expected, *reference.solve(moves))
        print(f"{name:<10} {'ours':<10} {len(cases):>9} {ours.cells()}")
        if reference is not None:
            ratio = sum(ours.seconds) / max(sum(theirs.seconds), 1e-9)
            print(f"{'':<10} {'reference':<10} {len(cases):>9} {theirs.cells()} {ratio:>8.2f}")
        if args.batch:
            solver.clear()
            solver.reset_nodes()
            positions = [position_from_moves(columns(moves)) for moves, _ in cases]
            start = time.perf_counter()
            scores = solver.solve_many(positions)
            took = time.perf_counter() - start
            batch = Tally(seconds=[took / len(cases)] * len(cases), nodes=solver.nodes)
            batch.wrong = [f"{moves}: {score} (expected {expected})"
                           for (moves, expected), score in zip(cases, scores) if score != expected]
            print(f"{'':<10} {'ours batch':<10} {len(cases):>9} {batch.cells()}")
            ours.wrong += batch.wrong
        for line in ours.wrong + theirs.wrong:
            print(f"    {line}")
        wrong_total += len(ours.wrong) + len(theirs.wrong)
    print(load())
    if reference is not None:
        reference.close()
    return 1 if wrong_total else 0


if __name__ == "__main__":
    sys.exit(main())
