"""The exact Reversi endgame solver on the FFO endgame suite (``../shared/testdata/othello/``).

Each chosen position (by its FFO number, 1-79) is solved from an empty
transposition table, as a fresh game would start, and checked against the
suite's best score (final disc difference for the side to move, empties to
the winner). Printed per position: number, empties, the best move and
score found, the expected score, whether it matches (exact), wall time,
CPU time (the fairer figure on a machine shared with other work), nodes
and nodes per second of CPU time. A summary line totals them.

Nodes are counted as Edax counts them (its ``COUNT_NODES 7``): every
position searched, and every child made and looked at without being searched,
to order the moves or to look it up in the table (``Solved.examined``, see
``Solver``). The ``searched`` column gives our positions searched alone, the
count earlier tables gave, and the summary both rates. Times are
warm: the kernels are compiled (or loaded from numba's disk cache) first,
and that is printed separately; clearing the table is not timed. Exits with
status 1 if any score is wrong.

``--reference PATH`` runs Edax (abulmo/edax-reversi, its ``lEdax-*``
binary) in alternation with ours, position by position: after our solve,
a fresh Edax process solves the same position with ``-solve FILE -n 1
-l 60`` (one thread, exact solve; Edax clears its table for each problem).
Its row gives its best move, its score checked against the suite, its CPU
time and nodes as Edax itself reports them (its own clock around the
search, so its start-up and evaluation loading are not counted, as our
compilation is not), and our CPU time over its. Edax will not start without
an evaluation file; its real weights are not in its sources, so unless
``--reference-eval`` names one, a file of Edax's format whose weights are
all zero is written to a temporary folder and used (the solve stays exact;
only Edax's move ordering is blinder), and the output says so.

Run from the repository root::

    python benchmarks/reversi_ffo.py                      # #1-#39 (about 25 s)
    python benchmarks/reversi_ffo.py --from 40 --to 44    # the classic five (about 15 s)
    python benchmarks/reversi_ffo.py --from 40 --to 49 --reference /tmp/edax-src/bin/lEdax-x86-64-v3
"""
from __future__ import annotations

import argparse
import os
import re
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.reversi import PASS, Reversi, square_name  # noqa: E402
from bots.lib.reversi_endgame import Solver  # noqa: E402

#: ``shared/testdata/othello`` beside the checkout (or beside a folder holding it, for a work tree).
TESTDATA = next((p / "shared" / "testdata" / "othello" for p in Path(__file__).resolve().parents[1:]
                 if (p / "shared" / "testdata" / "othello").is_dir()),
                Path(__file__).resolve().parents[2] / "shared" / "testdata" / "othello")
FILES = ("fforum-1-19.obf", "fforum-20-39.obf", "fforum-40-59.obf", "fforum-60-79.obf")
#: Edax's evaluation file: magic words "EDAX" "EVAL", version, release, build, date, then int16
#: weights, 114,364 for each of 61 plies (``eval_open`` in Edax's ``eval.c``).
EDAX_EVAL_HEADER = struct.pack("<5Id", 0x45444158, 0x4556414C, 0, 0, 0, 0.0)
EDAX_EVAL_WEIGHTS = 61 * 114_364
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


@dataclass
class Solved:
    """One engine's answer to one position."""

    move: str
    score: int
    cpu: float
    nodes: int                 # as Edax counts them
    searched: int | None = None    # ours: the positions searched alone


def write_zero_eval(path: Path) -> None:
    """An Edax evaluation file of the right format whose weights are all zero."""
    path.write_bytes(EDAX_EVAL_HEADER + bytes(2 * EDAX_EVAL_WEIGHTS))


def seconds(clock: str) -> float:
    """Seconds of Edax's ``[[h:]m:]s.mmm`` time."""
    total = 0.0
    for part in clock.split(":"):
        total = total * 60 + float(part)
    return total


class Edax:
    """Edax solving one position per process, one thread, from an empty table."""

    def __init__(self, binary: Path, eval_file: Path, folder: Path) -> None:
        self.binary, self.eval_file, self.folder = binary, eval_file, folder

    def solve(self, line: str) -> Solved:
        problem = self.folder / "problem.obf"
        problem.write_text(line + "\n")
        command = [str(self.binary), "-n", "1", "-l", "60", "-eval-file", str(self.eval_file), "-solve", str(problem)]
        run = subprocess.run(command, cwd=self.folder, capture_output=True, text=True, timeout=3600)
        row = re.search(r"^\s*1\|\s*\d+\s+([+-]\d+)\s+[\d:.]+\s+\d+\s+\d+\s+(\S+)", run.stdout, re.MULTILINE)
        total = re.search(r"(\d+) nodes in\s+([\d:.]+) \(cpu =\s+([\d:.]+)\)", run.stdout)
        if run.returncode != 0 or row is None or total is None:
            raise RuntimeError(f"{' '.join(command)} exited with {run.returncode} and answered:\n"
                               f"{run.stdout[-2000:]}{run.stderr[-2000:]}")
        move = row.group(2).lower()
        return Solved("pass" if move.startswith("p") else move, int(row.group(1)),
                      seconds(total.group(3)), int(total.group(1)))


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--from", dest="first", type=int, default=1, help="first FFO number (default 1)")
    parser.add_argument("--to", dest="last", type=int, default=39, help="last FFO number (default 39)")
    parser.add_argument("--table-bits", type=int, default=21, help="log2 of the table's entries (default 21: 48 MB)")
    parser.add_argument("--data", type=Path, default=TESTDATA, help=f"testdata folder (default {TESTDATA})")
    parser.add_argument("--reference", type=Path, help="Edax's binary, run in alternation with ours")
    parser.add_argument("--reference-eval", type=Path,
                        help="Edax's evaluation file (default: all-zero weights, written to a temporary folder)")
    args = parser.parse_args(argv)
    cases = read_suite(args.data)
    if not 1 <= args.first <= args.last <= len(cases):
        parser.error(f"positions run from 1 to {len(cases)} in {args.data}; got {args.first} to {args.last}")
    if args.reference is not None and not os.access(args.reference, os.X_OK):
        parser.error(f"--reference {args.reference}: not an executable file")
    if args.reference_eval is not None and not args.reference_eval.is_file():
        parser.error(f"--reference-eval {args.reference_eval}: no such file")

    begun = time.perf_counter()
    warm = Reversi.read(WARM_UP)
    Solver(table_bits=8).solve(warm.discs(warm.turn), warm.discs(1 - warm.turn))
    print(f"compile or load the kernels: {time.perf_counter() - begun:.2f} s")
    with tempfile.TemporaryDirectory(prefix="reversi_ffo-") as folder:
        edax = None
        if args.reference is not None:
            eval_file = args.reference_eval
            if eval_file is None:
                eval_file = Path(folder) / "eval.dat"
                write_zero_eval(eval_file)
                print(f"reference: {args.reference} -n 1 -l 60, with an evaluation file of all-zero weights "
                      f"({eval_file}, written for this run: Edax's real weights are not used)")
            else:
                print(f"reference: {args.reference} -n 1 -l 60, evaluation file {eval_file}")
            edax = Edax(args.reference.resolve(), eval_file.resolve(), Path(folder))
        print(load())
        wrong = run(args, cases, Solver(args.table_bits), edax)
        print(load())
    return 1 if wrong else 0


def row(number: int | str, empties: int | str, who: str, solved: Solved, expected: int) -> str:
    exact = "yes" if solved.score == expected else "NO"
    searched = "" if solved.searched is None else f"{solved.searched:,}"
    return (f"{number:>3} {empties:>4} {who:<4} {solved.move:>4} {solved.score:>+5} {expected:>+6} {exact:>5} "
            f"{solved.cpu:>8.3f} {solved.nodes:>13,} {solved.nodes / max(solved.cpu, 1e-9) / 1e6:>6.1f} "
            f"{searched:>13}")


def rate(nodes: int, cpu: float) -> str:
    """Millions of nodes per CPU second."""
    return f"{nodes / max(cpu, 1e-9) / 1e6:.1f} M nodes/s"


def run(args: argparse.Namespace, cases: list[tuple[str, int]], solver: Solver, edax: Edax | None) -> int:
    """Solve #first-#last (ours, then Edax's if given, position by position); the count of wrong scores."""
    print(f"{'#':>3} {'empt':>4} {'who':<4} {'move':>4} {'score':>5} {'expect':>6} {'exact':>5} "
          f"{'cpu s':>8} {'nodes':>13} {'Mn/s':>6} {'searched':>13} {'wall s':>7}"
          + ("  ours/Edax cpu" if edax else ""))
    wrong = 0
    wall_total = 0.0
    totals = {"ours": Solved("", 0, 0.0, 0, 0), "Edax": Solved("", 0, 0.0, 0)}
    for number in range(args.first, args.last + 1):
        line, expected = cases[number - 1]
        state = Reversi.read(line)
        own, opp = state.discs(state.turn), state.discs(1 - state.turn)
        empties = 64 - (own | opp).bit_count()
        solver.clear()
        wall, cpu = time.perf_counter(), time.process_time()
        found = solver.solve(own, opp)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        ours = Solved("pass" if found.move == PASS else square_name(found.move), found.score, cpu,
                      found.nodes + found.examined, found.nodes)
        wall_total += wall
        results = [("ours", ours)]
        print(row(number, empties, "ours", ours, expected) + f" {wall:>7.3f}", flush=True)
        if edax is not None:
            theirs = edax.solve(line)
            results.append(("Edax", theirs))
            print(row("", "", "Edax", theirs, expected) + f" {'':>7}  {ours.cpu / max(theirs.cpu, 1e-9):>8.2f}",
                  flush=True)
        for who, solved in results:
            total = totals[who]
            total.cpu, total.nodes = total.cpu + solved.cpu, total.nodes + solved.nodes
            if solved.searched is not None:
                total.searched += solved.searched
            wrong += solved.score != expected
    count = args.last - args.first + 1
    engines = [who for who in totals if who == "ours" or edax is not None]
    for who in engines:
        total = totals[who]
        wall = f", wall {wall_total:.2f} s" if who == "ours" else ""
        searched = "" if total.searched is None else \
            f" (searched alone: {total.searched:,} nodes, {rate(total.searched, total.cpu)})"
        print(f"#{args.first}-#{args.last} {who}: cpu {total.cpu:.2f} s, {total.nodes:,} nodes, "
              f"{rate(total.nodes, total.cpu)}{searched}{wall}")
    if edax is not None:
        mine, theirs = totals["ours"], totals["Edax"]
        print(f"ours / Edax: cpu {mine.cpu / max(theirs.cpu, 1e-9):.2f}, nodes {mine.nodes / max(theirs.nodes, 1):.2f}"
              f", nodes per second {mine.nodes * theirs.cpu / max(mine.cpu * theirs.nodes, 1e-9):.2f}"
              f" (searched alone {mine.searched * theirs.cpu / max(mine.cpu * theirs.nodes, 1e-9):.2f})")
    print(f"{count * len(engines) - wrong}/{count * len(engines)} scores exact")
    return wrong


if __name__ == "__main__":
    sys.exit(main())
