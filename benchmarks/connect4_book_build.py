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
at once (written ``loss``).

Format (read by ``bots/lib/connect4_book.py``): ``#`` comment lines, then one
line per position, ``<moves> <best column> <score>``: one move sequence
reaching the position (``-`` for the empty board), the column Master plays
(1-based) and the position's exact score in the solvers' convention, or
``win`` / ``loss``.

The positions are solved level by level (ply 0, 1, 2...) with one solver
whose table is kept throughout (what it holds stays true), and the file is
rewritten after every level, so an interrupted build keeps every finished
level; ``--resume`` takes the lines already in the file instead of solving
them again. Each level's count, total and worst solve time is printed:
those figures choose the depth (see the numbers in the file's header).

Rebuild (one core, low priority, in the background)::

    nohup nice -n 10 python benchmarks/connect4_book_build.py --plies 6 > /tmp/book.log 2>&1 &
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.lib.connect4_book import BOOK_PATH, Book, BookEntry, canonical, moves_key  # noqa: E402
from bots.lib.connect4_solver import STANDARD, Position, Solver, position_from_moves  # noqa: E402


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--plies", type=int, default=6, help="book positions up to this many plies played (default 6)")
    parser.add_argument("--out", type=Path, default=BOOK_PATH, help=f"book file (default {BOOK_PATH})")
    parser.add_argument("--exact-from", type=int, default=2,
                        help="solve exact scores from this many plies on; before, prove the result only (default 2)")
    parser.add_argument("--resume", action="store_true", help="keep the positions already in the book file")
    parser.add_argument("--table-bits", type=int, default=25, help="log2 of the solver's table size (default 25: 256 MB)")
    args = parser.parse_args(argv)

    known = Book.read(args.out) if args.resume else Book()
    solver = Solver(STANDARD, table_bits=args.table_bits)
    lines: list[str] = []
    figures: list[str] = []
    # Master first starts at the empty board; Master second after each first move.
    level: dict[int, list[int]] = {canonical(moves_key([]))[0]: []}
    level.update({canonical(moves_key([c]))[0]: [c] for c in range(STANDARD.cols)})
    begun = time.perf_counter()
    for plies in range(args.plies + 1):
        todo = {key: moves for key, moves in level.items() if len(moves) == plies}
        later = {key: moves for key, moves in level.items() if len(moves) != plies}
        times = []
        for moves in todo.values():
            entry = known.lookup(moves)
            start = time.perf_counter()
            if entry is None:
                entry = solve(solver, position_from_moves(moves), exact=plies >= args.exact_from)
            times.append(time.perf_counter() - start)
            lines.append(Book.format_line(moves, entry))
            for nxt in replies(solver, moves, entry.column):
                later.setdefault(canonical(moves_key(nxt))[0], nxt)
        level = later
        if times:
            figures.append(f"ply {plies}: {len(times)} positions, {sum(times):.1f} s, worst {max(times):.2f} s")
            print(figures[-1], f"(total {time.perf_counter() - begun:.0f} s)", flush=True)
        write(args.out, lines, figures)
    return 0


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
