"""``review``: a saved game's review as text, each move with its value, the verdict on it and each
player's accuracy (the analysis the window's review screen shows, ``game.match.review``)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.cli.common import CliError, check_budget
from game.match.review.job import DEFAULT_BUDGET, ReviewJob, cache_folder
from game.match.review.model import GameReview, MoveReview
from game.rules.catalogue import GameSpec
from game.shown import escaped
from game.store.reviewcache import start_review
from game.store.savefile import SaveFileError, load_match

#: What each kind of value is called in the listing.
KINDS = {"exact": "exact", "proven": "proven", "estimate": "estimate", "unknown": "unknown"}


def review_game(args: argparse.Namespace) -> int:
    """Analyse the game saved in ``args.file`` (or read its review from the cache), printing
    progress on stderr, then each move's review and each player's accuracy on stdout."""
    check_budget(args.budget)
    budget = DEFAULT_BUDGET if args.budget is None else args.budget
    try:
        match = load_match(args.file)
    except SaveFileError as err:
        raise CliError(str(err)) from None
    state = match.state
    spec = str(GameSpec.of_state(state))
    moves = [record.text for record in match.records]
    if not moves:
        raise CliError(f"{args.file}: no move was played, so there is nothing to review")
    start = state.start_text
    folder = None if args.no_cache else _cache_folder(args.prog)
    job = ReviewJob.start(spec, moves, budget, start=start) if folder is None else \
        start_review(spec, moves, budget, folder, start=start)
    names = [state.seat_name(seat) for seat in range(state.num_seats)]
    print(f"Review of {escaped(str(args.file))}: {state.title}, {len(moves)} moves, "
          f"{budget:g} s of analysis a move", flush=True)
    try:
        shown = _follow(job, names)
    finally:
        job.stop()
    if job.failure:
        print(f"{args.prog}: the analysis stopped after {shown} of {len(moves)} moves: {escaped(job.failure)}",
              file=sys.stderr)
        return 1
    _summary(job.review, names)
    return 0


def _cache_folder(prog: str) -> Path | None:
    """The review cache's folder, or None (said on stderr) when it cannot be made: the cache
    is only a copy, so the game is reviewed all the same, and not kept."""
    try:
        return cache_folder()
    except OSError as err:
        print(f"{prog}: the review is not kept for next time: {escaped(str(err))}", file=sys.stderr)
        return None


def _follow(job: ReviewJob, names: list[str]) -> int:
    """Print each move's review in order as the analysis finds it, with progress on stderr;
    how many were printed."""
    review, shown, said = job.review, 0, -1
    total = len(review.moves)
    while True:
        done, finished = job.progress[0], job.done
        while shown < total and review.reviews[shown] is not None:
            print(move_line(review.reviews[shown], names), flush=True)
            shown += 1
        if finished:
            print(f"analysed {done} of {total} moves", file=sys.stderr, flush=True)
            return shown
        if done != said and done < total:
            print(f"analysing move {done + 1} of {total}", file=sys.stderr, flush=True)
            said = done
        job.wait(0.5)


def move_line(item: MoveReview, names: list[str]) -> str:
    """One move as the listing shows it: number, player, move, its values before and after, the verdict."""
    who = names[item.seat] if 0 <= item.seat < len(names) else f"seat {item.seat}"
    value = f"{item.before.text} -> {item.after.text}" if item.before.kind != "unknown" or \
        item.after.kind != "unknown" else "no value"
    kinds = sorted({item.before.kind, item.after.kind} - {"unknown"})
    kind = f" [{'/'.join(KINDS[k] for k in kinds)}]" if kinds else ""
    best = f"; the engine's move {item.best}" if item.best and item.best != item.move else ""
    line = f"; line {' '.join(item.line)}" if item.line else ""
    steps = f"; steps to goal {', '.join(str(s) for s in item.steps)}" if item.steps is not None else ""
    verdict = f"  {item.verdict}" if item.verdict else ""
    grade = f" ({item.grade})" if item.grade and item.grade not in item.verdict else ""
    return escaped(f"{item.ply + 1:>3}. {who}: {item.move}  {value}{kind}{verdict}{grade}{best}{line}{steps}")


def _summary(review: GameReview, names: list[str]) -> None:
    print()
    for seat in review.seats():
        accuracy = review.accuracy(seat)
        grades = [item.grade for item in review.reviews if item is not None and item.seat == seat]
        counts = ", ".join(f"{grades.count(grade)} {grade if grades.count(grade) == 1 else plural}"
                           for grade, plural in (("inaccuracy", "inaccuracies"), ("mistake", "mistakes"),
                                                 ("blunder", "blunders")) if grades.count(grade))
        figure = "unknown (no move valued)" if accuracy is None else f"{accuracy:.0f}%"
        print(escaped(f"Accuracy of {names[seat]}: {figure}{'; ' + counts if counts else ''}"))


def add_parser(commands: argparse._SubParsersAction) -> argparse.ArgumentParser:
    """The ``review`` command's sub-parser (returned, for the options every command reads)."""
    review = commands.add_parser("review", help="a saved game reviewed move by move: each move's value, "
                                                "the verdict on it and each player's accuracy")
    review.add_argument("file", type=Path, help="a saved game (Ctrl+S in the window)")
    review.add_argument("--budget", type=float, metavar="SECONDS",
                        help=f"analysis time per move (default {DEFAULT_BUDGET:g})")
    review.add_argument("--no-cache", action="store_true",
                        help="analyse again even if the game was reviewed before (and keep nothing)")
    return review
