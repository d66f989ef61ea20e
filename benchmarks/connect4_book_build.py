"""Builds Master's Connect Four opening book, ``assets/connect4_book.txt``, with our own solver.

Which positions: every 7x6 position with Master to move that can arise in
Master's games within the first ``--plies`` plies, both when Master moves
first (positions after 0, 2, 4... plies) and when it moves second (1, 3,
5...), whatever the opponent plays; Master's own moves are the book's, the
most central move of the position's exact score (``Solver.best_move``). A
position and its mirror image share one line; transpositions are solved
once. Before ``--exact-from`` plies, where an exact score takes far longer
(the whole game's proof), only the result is proved: a won position gets a
move that keeps the win (written ``win``), a drawn one a move that keeps the
draw (score 0, exact), a lost one its most central move that does not lose
at once (written ``loss``; Master searches such positions itself rather
than play that move, but the positions after it serve hints).

Format (read by ``bots/lib/connect4_book.py``): ``#`` comment lines, then one
line per position, ``<moves> <best column> <score>``: one move sequence
reaching the position (``-`` for the empty board), the column Master plays
(1-based) and the position's exact score in the solvers' convention, or
``win`` / ``loss``.

The positions are solved level by level, Master first's tree (ply 0, 2,
4...) and then Master second's (1, 3, 5...), with one solver whose table is
kept throughout (what it holds stays true): the proof that the first move
wins already holds most of the proofs of the positions after it, which is
why the book proves results rather than exact scores by default (an exact
score needs much more than the proof). The file is rewritten after every
level, so an interrupted build keeps every finished level; ``--resume``
takes the lines already in the file instead of solving them again. Each level's count, total and worst solve time is printed:
those figures choose the depth (see the numbers in the file's header).

The shipped book (1,423 positions, 21 KB) took 43 minutes of wall time on
one core shared with other work, at low priority; per level (seconds with
the table warm from the levels before):

    Master first   ply 0: 1 position 289 s; ply 2: 4, 391 s (worst 269 s); ply 4: 25, 174 s
                   (worst 40 s); ply 6: 139, 174 s (worst 18 s); ply 8: 549, 123 s (worst 6.1 s)
    Master second  ply 1: 4, 727 s (worst 280 s); ply 3: 23, 248 s (worst 41 s);
                   ply 5: 118, 250 s (worst 44 s); ply 7: 560, 210 s (worst 10 s)

The worst position of a level gets cheaper with each level (a few seconds
at ply 7-8, already less with the table warm from the moves before, as in
Master's games), so the book stops there and the solver takes over.

Rebuild (one core, low priority, in the background)::

    nohup nice -n 10 python benchmarks/connect4_book_build.py > /tmp/book.log 2>&1 &

Hints need more than Master's own lines: a hint values every column, so it
needs the result of every position one move on, whoever moves. With
``--every-position PLIES`` the script adds, level by level, the proved
result (``win``, ``0``, ``loss`` and a column as above) of every position up
to PLIES plies, either side to move, mirror images once, keeping the lines
already in the file; ``--first MOVES`` proves the positions after a given
one before the levels. It rewrites the file every ``--save-every`` seconds
and after each level, so running the same command again resumes::

    nohup nice -n 10 python benchmarks/connect4_book_build.py --every-position 4 --first 43 > /tmp/book.log 2>&1 &

``--concurrency N`` proves N positions of a level at once, each in a
process with a solver and table of its own (one per core you can spare;
N tables of ``--table-bits``), through ``game.match.pool.run_tasks``, and
``--ray ADDRESS`` proves them on a Ray cluster instead; either way the book's
lines come in the same order as with one process. (Until the runner came,
``--threads N`` ran N solvers sharing one table in threads: the figures
below with two threads were measured that way.)

Its figures so far (one core shared with other builds and tests, a 256 MB
table): the positions after 4 3 (ply 3) took 4-145 s each, 4 min in all; a
ply-2 position about 100 s, a ply-3 one about 16 s and a ply-4 one about
12 s on average (the 447 of ply 4 not already in the book: 5,432 s at nice
19, the worst 279 s). With every position to ply 4 the book had 2,085 lines,
28 KB. Since the solver's near table (three times the speed) and with
``--threads 2`` on two otherwise idle cores, the last 884 of ply 5's 2,144
positions took 424 s, and all of ply 6 (8,231 positions, 8,092 new) 1,357 s
of wall time, the worst 15 s. With every position to ply 6 proved, the book
had 12,203 lines, 157 KB.

Exact scores for the review and hints: ``--exact-level PLIES`` solves the
exact score of every position at PLIES plies whose line is only a proved
result (a draw's line is already exact), then works out every position
before it from the positions one move on, without search: a position's
exact score is the best of its moves', and every move leads to a position
the book then holds exactly. Resumable like ``--every-position``::

    nohup nice -n 2 python benchmarks/connect4_book_build.py --exact-level 6 --concurrency 2 --table-bits 26 > /tmp/book.log 2>&1 &

Master's own lines after that level (plies 7 and 8) follow its columns, which
an exact level changes (the quickest win rather than any win), so they are
built again after it, keeping the rest of the file::

    nice -n 2 python benchmarks/connect4_book_build.py --resume --concurrency 2

The shipped book was made so (2026-11-28): the 6,666 positions at ply 6 not
yet exact (the draws were) took 4,570 s of wall time, 9,127 s of solving in
2 processes with 512 MB tables, the worst 34 s, beside other work at first;
the plies before them a second; then Master's lines, 293 new positions at
ply 8 and 198 at ply 7, 23 s. The empty board's columns came out -2 -1 0 1 0
-1 -2, as Pascal Pons' solver scores them. The book: 12,694 positions, 147 KB
(40 KB compressed), every position to ply 6 exact, so a hint or a review
there reads every column's exact score from it.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.lib.connect4_book import BOOK_PATH, RESULTS, Book, BookEntry, canonical, moves_key  # noqa: E402
from bots.lib.connect4_solver import STANDARD, Position, Solver, position_from_moves  # noqa: E402
from game.match.pool import RayMissing, in_order, kept, run_tasks  # noqa: E402

#: The table of the solver that only plays moves and lists columns (no search), in the building process.
RULES_TABLE_BITS = 10


def replies(solver: Solver, moves: list[int], column: int) -> list[list[int]]:
    """The positions after Master plays ``column`` and the opponent answers anything (games not over)."""
    after = moves + [column]
    position = position_from_moves(moves)
    if solver.wins_at_once(position, column) or len(after) >= STANDARD.cells:
        return []
    child = solver.play(position, column)
    return [after + [reply] for reply in solver.legal_columns(child)
            if not solver.wins_at_once(child, reply) and len(after) + 1 < STANDARD.cells]


def solve(solver: Solver, position: Position, exact: bool) -> BookEntry:
    """The book's entry for a position: exact, or (``exact`` False) its proved result only."""
    if not exact and not solver.winning_columns(position):
        result = solver.solve(position, weak=True)
        if result > 0:
            return BookEntry(solver.move_reaching(position, 1), None, 1)
        if result == 0:
            return BookEntry(solver.move_reaching(position, 0), 0, 0)
        return BookEntry(solver.safe_columns(position)[0], None, -1)
    return BookEntry.of(*solver.best_move(position))


@dataclass(frozen=True)
class Prove:
    """A book entry for one position (its moves, and whether to solve its exact score), with the
    seconds it took: a task of ``game.match.pool.run_tasks``. Each process keeps one solver,
    whose table serves every position that process proves, level after level."""

    table_bits: int

    def __call__(self, job: tuple[list[int], bool]) -> tuple[BookEntry, float]:
        moves, exact = job
        solver = kept(("connect4 book", self.table_bits), lambda: Solver(STANDARD, table_bits=self.table_bits))
        start = time.perf_counter()
        entry = solve(solver, position_from_moves(moves), exact)
        return entry, time.perf_counter() - start


def proved(jobs: list[tuple[list[int], bool]], table_bits: int, concurrency: int | None,
           ray_address: str | None) -> Iterator[tuple[int, tuple[BookEntry, float]]]:
    """``Prove`` of each job, ``(index, (entry, seconds))`` in the jobs' order: ``concurrency``
    at a time in processes of this machine, or on the Ray cluster at ``ray_address``."""
    return in_order(run_tasks(Prove(table_bits), jobs, concurrency=concurrency, ray_address=ray_address))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plies-first", type=int, default=8,
                        help="positions up to this many plies when Master moves first (default 8)")
    parser.add_argument("--plies-second", type=int, default=7,
                        help="positions up to this many plies when Master moves second (default 7)")
    parser.add_argument("--out", type=Path, default=BOOK_PATH, help=f"book file (default {BOOK_PATH})")
    parser.add_argument("--exact-from", type=int, default=STANDARD.cells,
                        help="solve exact scores from this many plies on; before, prove the result only "
                             "(default: never, see above)")
    parser.add_argument("--resume", action="store_true", help="keep the positions already in the book file")
    parser.add_argument("--table-bits", type=int, default=25, help="log2 of the solver's table size (default 25: 256 MB)")
    parser.add_argument("--every-position", type=int, metavar="PLIES",
                        help="instead: prove the result of every position (either side to move) up to PLIES plies, "
                             "for hints from any position; adds to the book file, resumable (see below)")
    parser.add_argument("--first", nargs="*", default=[], metavar="MOVES",
                        help="with --every-position: prove the positions one move after each of these (solver "
                             "notation, '4453') before the levels, e.g. a position whose hint was reported")
    parser.add_argument("--concurrency", type=int, metavar="N",
                        help="positions proved at once, each process with its own solver and table (default 1; "
                             "with --ray, the cluster's CPUs)")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="prove the positions on the Ray cluster at ADDRESS (host:port, or auto), "
                             "--concurrency at once (default: its CPUs); needs the cluster extra: "
                             "pip install .[cluster]")
    parser.add_argument("--exact-level", type=int, metavar="PLIES",
                        help="instead: solve the exact score of every position at PLIES plies whose line is not "
                             "exact yet, then work out every position before it from the positions one move on "
                             "(no search); resumable (see below)")
    parser.add_argument("--save-every", type=float, default=60.0,
                        help="with --every-position: seconds between rewrites of the file (default 60)")
    args = parser.parse_args(argv)
    if args.concurrency is None and args.ray is None:
        args.concurrency = 1
    try:
        if args.exact_level is not None:
            return build_exact_level(args.out, args.exact_level, args.table_bits, args.save_every,
                                     args.concurrency, args.ray)
        if args.every_position is not None:
            first = [[int(c) - 1 for c in moves] for moves in args.first]
            return build_every_position(args.out, args.every_position, args.table_bits, args.save_every, first,
                                        args.concurrency, args.ray)
        return build_master_lines(args)
    except RayMissing as err:
        raise SystemExit(str(err)) from None


def build_master_lines(args: argparse.Namespace) -> int:
    """The book of Master's own lines (see the module notes), level by level; with ``--resume``
    the file's other lines (``--every-position``'s) and its header's figures are kept."""
    known = Book.read(args.out) if args.resume else Book()
    kept_lines, figures = read_lines(args.out) if args.resume else ({}, [])
    solver = Solver(STANDARD, table_bits=RULES_TABLE_BITS)
    lines: list[str] = []
    begun = time.perf_counter()
    trees = (("Master first", [[]], args.plies_first),
             ("Master second", [[c] for c in range(STANDARD.cols)], args.plies_second))
    for name, roots, last in trees:
        level = {canonical(moves_key(moves))[0]: moves for moves in roots}
        while level and len(next(iter(level.values()))) <= last:
            plies = len(next(iter(level.values())))
            following: dict[int, list[int]] = {}
            positions = list(level.values())
            entries = [known.lookup(moves) for moves in positions]
            times = [0.0] * len(positions)
            missing = [i for i, entry in enumerate(entries) if entry is None]
            jobs = [(positions[i], plies >= args.exact_from) for i in missing]
            for index, (entry, seconds) in proved(jobs, args.table_bits, args.concurrency, args.ray):
                entries[missing[index]], times[missing[index]] = entry, seconds
            for moves, entry in zip(positions, entries):
                lines.append(Book.format_line(moves, entry))
                kept_lines.pop(canonical(moves_key(moves))[0], None)
                for nxt in replies(solver, moves, entry.column):
                    following.setdefault(canonical(moves_key(nxt))[0], nxt)
            if missing:
                figures.append(f"{name}, ply {plies}: {len(times)} positions"
                               f"{f', {len(missing)} solved here' if len(missing) < len(times) else ''}, "
                               f"{sum(times):.1f} s, worst {max(times):.2f} s")
                print(figures[-1], f"(total {time.perf_counter() - begun:.0f} s)", flush=True)
            write(args.out, lines + list(kept_lines.values()), figures)
            level = following
    return 0


def build_every_position(path: Path, last: int, table_bits: int, save_every: float,
                         first: list[list[int]] = (), concurrency: int | None = 1,
                         ray_address: str | None = None) -> int:
    """Adds the proved result of every position up to ``last`` plies to the book at ``path``.

    Level by level, every position not over (mirror images and move orders
    once) whose line the file lacks is proved, keeping the lines already
    there (the positions one move after each of ``first`` go before the
    levels); the file is rewritten every ``save_every`` seconds and after each
    level, so a stopped build resumes where it was by running it again.
    ``concurrency`` processes (or Ray tasks at ``ray_address``), each with a
    solver of its own, prove a level's positions at once; the lines go in the
    level's order whichever finishes first.
    """
    lines, figures = read_lines(path)
    solver = Solver(STANDARD, table_bits=RULES_TABLE_BITS)
    for moves in first:
        following = list(following_positions(solver, {0: moves}).values())
        todo = [nxt for nxt in following if canonical(moves_key(nxt))[0] not in lines]
        for index, (entry, seconds) in proved([(nxt, False) for nxt in todo], table_bits, concurrency, ray_address):
            nxt = todo[index]
            lines[canonical(moves_key(nxt))[0]] = Book.format_line(nxt, entry)
            print(f"  first: {''.join(str(c + 1) for c in nxt)} in {seconds:.1f} s", flush=True)
            write(path, list(lines.values()), figures)
    level = {canonical(moves_key([]))[0]: []}
    for plies in range(last + 1):
        todo = [(key, moves) for key, moves in level.items() if key not in lines]
        Level(path, lines, figures, f"every position, ply {plies}", len(level), exact=False).solve(
            todo, table_bits, concurrency, ray_address, save_every)
        level = following_positions(solver, level)
    return 0


@dataclass
class Level:
    """The positions of one level solved into the book's ``lines`` (by canonical key), the file at
    ``path`` rewritten every so often with a progress line, and the level's figure (``name``: what
    the level is; ``size``: its positions, those already in the book included) added to ``figures``."""

    path: Path
    lines: dict[int, str]
    figures: list[str]
    name: str
    size: int
    exact: bool

    def solve(self, todo: list[tuple[int, list[int]]], table_bits: int, concurrency: int | None,
              ray_address: str | None, save_every: float) -> None:
        """Each ``(key, moves)`` of ``todo`` solved (its exact score, or its result only), in ``todo``'s order."""
        verb = "solved" if self.exact else "proved"
        times: list[float] = []
        begun = saved = time.perf_counter()
        for index, (entry, seconds) in proved([(moves, self.exact) for _, moves in todo], table_bits, concurrency,
                                              ray_address):
            key, moves = todo[index]
            times.append(seconds)
            self.lines[key] = Book.format_line(moves, entry)
            if time.perf_counter() - saved > save_every:
                write(self.path, list(self.lines.values()), self.figures)
                saved = time.perf_counter()
                print(f"  {self.name}: {len(times)} of {len(todo)} {verb} (total {saved - begun:.0f} s, "
                      f"{sum(times):.0f} s of solving)", flush=True)
        if times:
            processes = f" in {concurrency} processes" if (concurrency or 1) > 1 else ""
            self.figures.append(f"{self.name}: {self.size} positions, {len(times)} {verb} here in "
                                f"{time.perf_counter() - begun:.1f} s of wall time ({sum(times):.1f} s of solving"
                                f"{processes}), worst {max(times):.2f} s")
            print(self.figures[-1], flush=True)
        write(self.path, list(self.lines.values()), self.figures)


def build_exact_level(path: Path, last: int, table_bits: int, save_every: float, concurrency: int | None = 1,
                      ray_address: str | None = None) -> int:
    """Makes every line of the book up to ``last`` plies exact.

    Every position at ``last`` plies (either side to move, not over, mirror
    images once) whose line has no exact score yet is solved exactly, its
    column the most central move of that score (``Solver.best_move``); the
    file is rewritten every ``save_every`` seconds, so the same command
    resumes. Then each level before it, from ``last - 1`` down to the empty
    board, is worked out without search: a position's exact score is the best
    of its moves' (a move that wins at once, or the negated exact score of the
    position it leads to, all of which the book then holds). ``SystemExit`` if
    a position one move on has no exact line.
    """
    lines, figures = read_lines(path)
    solver = Solver(STANDARD, table_bits=RULES_TABLE_BITS)
    levels = [{canonical(moves_key([]))[0]: []}]
    while len(levels) <= last:
        levels.append(following_positions(solver, levels[-1]))
    todo = [(key, moves) for key, moves in levels[last].items() if exact_score(lines.get(key)) is None]
    Level(path, lines, figures, f"exact scores, every position at ply {last}", len(levels[last]), exact=True).solve(
        todo, table_bits, concurrency, ray_address, save_every)
    for plies in range(last - 1, -1, -1):
        for key, moves in levels[plies].items():
            lines[key] = Book.format_line(moves, best_of_children(solver, lines, moves))
    worked_out = f"exact scores, every position at plies 0-{last - 1}: worked out from the positions one move on"
    if worked_out not in figures:
        figures.append(worked_out)
    write(path, list(lines.values()), figures)
    print(worked_out, flush=True)
    return 0


def exact_score(line: str | None) -> int | None:
    """The exact score of a book line, ``None`` if it has none (or there is no line)."""
    if line is None:
        return None
    score = line.split()[2]
    return None if score in RESULTS else int(score)


def best_of_children(solver: Solver, lines: dict[int, str], moves: list[int]) -> BookEntry:
    """The exact entry of the position after ``moves`` from its children's exact lines: the best
    score, and the first column in centre-first order that reaches it."""
    position = position_from_moves(moves)
    scores: dict[int, int] = {}
    for column in solver.legal_columns(position):
        if solver.wins_at_once(position, column):
            scores[column] = solver.win_score(position.plies)
            continue
        child = moves + [column]
        score = exact_score(lines.get(canonical(moves_key(child))[0]))
        if score is None:
            raise SystemExit(f"the position after {''.join(str(c + 1) for c in child)} has no exact line: "
                             "solve its level first")
        scores[column] = -score
    best = max(scores.values())
    return BookEntry.of(next(int(c) for c in STANDARD.order if scores.get(int(c)) == best), best)


def following_positions(solver: Solver, level: dict[int, list[int]]) -> dict[int, list[int]]:
    """Every position one move after those of ``level`` that is not over, by canonical key."""
    following: dict[int, list[int]] = {}
    for moves in level.values():
        position = position_from_moves(moves)
        for column in solver.legal_columns(position):
            if not solver.wins_at_once(position, column) and len(moves) + 1 < STANDARD.cells:
                following.setdefault(canonical(moves_key(moves + [column]))[0], moves + [column])
    return following


def read_lines(path: Path) -> tuple[dict[int, str], list[str]]:
    """The book file's position lines by canonical key and its header's figures (none if no file)."""
    lines: dict[int, str] = {}
    figures: list[str] = []
    if not path.is_file():
        return lines, figures
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("#   "):
            figures.append(line[4:])
        elif line.strip() and not line.startswith("#"):
            moves_text = line.split()[0]
            moves = [] if moves_text == "-" else [int(c) - 1 for c in moves_text]
            lines.setdefault(canonical(moves_key(moves))[0], line)
    return lines, figures


def write(path: Path, lines: list[str], figures: list[str]) -> None:
    header = [
        "# Connect Four 7x6 opening book for Master, built by benchmarks/connect4_book_build.py.",
        "# <moves> <best column> <score>: see that script's docstring. Solve times when built:",
        *(f"#   {figure}" for figure in figures),
    ]
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
    temporary.replace(path)


if __name__ == "__main__":
    sys.exit(main())
