"""Measure how far Reversi Master's deep searches stray from its shallow ones: the statistics of its cut.

    python benchmarks/reversi_probcut.py [--games 300] [--depth 11] [--concurrency N]
                                         [--out assets/reversi_probcut.npz]

Master's selective search (multi-ProbCut, ``bots/lib/reversi_search.py``)
cuts a node ``d`` plies deep when a null-window search ``shallow_depth(d)``
plies deep says, with enough confidence, that the full search would fail
high or low. Its confidence rests on two figures per depth and band of
empties, measured here: the mean of (deep value - shallow value) and its
standard deviation, in centi-discs.

Positions come from games of the pattern search at depth 4 against itself,
each from 2 to 10 random opening moves, with a random move one time in ten,
so that they vary; a few positions of each game with 21 to 59 empties are
taken. Each is searched full-width (no cut) at every depth from 1 to
``--depth``, its table cleared first, as iterative deepening does; the
root's value at depth ``d`` is paired with its value at ``shallow_depth(d)``.
Depths past ``--depth`` take the deepest measured row of the same parity (the
spread grows slowly with depth, so that row is the nearest measured); a band
with fewer than ``MIN_SAMPLES`` positions takes the nearest band's figures.

The games are played on every core (``--concurrency``) through
``game.match.pool.run_tasks``; game ``g`` draws its random numbers from
``--seed`` and ``g`` alone, so a seed gives the same positions.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bots.lib import reversi_patterns as patterns                       # noqa: E402
from bots.lib.reversi_eval import PATTERNS                              # noqa: E402
from bots.lib.reversi_search import (CUT_BAND_WIDTH, CUT_BANDS, CUT_DEPTHS, CUT_MIN_DEPTH,  # noqa: E402
                                     MidgameSearch, shallow_depth)
from bots.lib.reversi_cut import CUT_PATH                               # noqa: E402
from game.match.pool import in_order, kept, run_tasks                   # noqa: E402
from game.rules.reversi import START_BLACK, START_WHITE, flip_mask, legal_mask, squares_of  # noqa: E402

#: Positions a band needs for its own figures (fewer: the nearest band's).
MIN_SAMPLES = 30


@dataclass(frozen=True)
class Sample:
    """Game ``g``'s sampled positions, each searched at depths 1 to ``depth``: a task of ``run_tasks``."""

    seed: int
    depth: int
    per_game: int

    def __call__(self, game: int) -> list[tuple[int, list[int]]]:
        """(empties, the root's value at depths 1..``depth``) of each position sampled from the game."""
        search = kept(("reversi probcut", None), lambda: MidgameSearch(PATTERNS, patterns.load_views(), table_bits=20))
        rng = random.Random(self.seed * 1_000_003 + game)
        positions = _play(search, rng)
        chosen = rng.sample(positions, min(self.per_game, len(positions)))
        found = []
        for own, opp in chosen:
            search.clear()
            moves = squares_of(legal_mask(own, opp))
            values = []
            for d in range(1, self.depth + 1):
                best, scores = search.search(own, opp, moves, d)
                values.append(scores[best])
            found.append((64 - (own | opp).bit_count(), values))
        return found


def _play(search: MidgameSearch, rng: random.Random) -> list[tuple[int, int]]:
    """One game of the depth-4 pattern search against itself, from random opening moves (and a
    random move one time in ten): its positions with 21 to 59 empties where the mover has a move."""
    own, opp = START_BLACK, START_WHITE
    openings = rng.randint(2, 10)
    kept_positions = []
    plies = 0
    while True:
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return kept_positions
            own, opp = opp, own
            continue
        squares = squares_of(moves)
        empties = 64 - (own | opp).bit_count()
        if 21 <= empties <= 59:
            kept_positions.append((own, opp))
        if empties <= 20:
            return kept_positions
        if plies < openings or rng.random() < 0.1:
            move = rng.choice(squares)
        else:
            best, _ = search.search(own, opp, squares, 4)
            move = squares[best]
        flips = flip_mask(own, opp, move)
        own, opp = opp & ~flips, own | flips | (1 << move)
        plies += 1


def statistics(samples: list[tuple[int, list[int]]], depth: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(mean, sigma, count)`` per depth and band of empties, ``(CUT_DEPTHS, CUT_BANDS)``: the
    deep value less the shallow one, in centi-discs; see the module notes for the rows and bands
    not measured."""
    mean = np.zeros((CUT_DEPTHS, CUT_BANDS))
    sigma = np.zeros((CUT_DEPTHS, CUT_BANDS))
    count = np.zeros((CUT_DEPTHS, CUT_BANDS), dtype=np.int64)
    for d in range(CUT_MIN_DEPTH, depth + 1):
        s = shallow_depth(d)
        for band in range(CUT_BANDS):
            diffs = [v[d - 1] - v[s - 1] for e, v in samples if min(e // CUT_BAND_WIDTH, CUT_BANDS - 1) == band]
            count[d, band] = len(diffs)
            if len(diffs) >= MIN_SAMPLES:
                mean[d, band] = float(np.mean(diffs))
                sigma[d, band] = float(np.std(diffs))
        measured = [b for b in range(CUT_BANDS) if count[d, b] >= MIN_SAMPLES]
        for band in range(CUT_BANDS):
            if count[d, band] < MIN_SAMPLES and measured:
                nearest = min(measured, key=lambda b: abs(b - band))
                mean[d, band], sigma[d, band] = mean[d, nearest], sigma[d, nearest]
    for d in range(depth + 1, CUT_DEPTHS):
        source = depth if (depth - d) % 2 == 0 else depth - 1
        mean[d], sigma[d] = mean[source], sigma[source]
    return mean, sigma, count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="self-play games (default 300)")
    parser.add_argument("--per-game", type=int, default=3, help="positions sampled from each game (default 3)")
    parser.add_argument("--depth", type=int, default=11, help="deepest search measured (default 11)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, metavar="N", help="games at once (default: every core)")
    parser.add_argument("--out", type=Path, default=CUT_PATH)
    args = parser.parse_args(argv)
    if not CUT_MIN_DEPTH <= args.depth < CUT_DEPTHS:
        parser.error(f"--depth must be from {CUT_MIN_DEPTH} to {CUT_DEPTHS - 1}")
    started = time.perf_counter()
    samples: list[tuple[int, list[int]]] = []
    task = Sample(args.seed, args.depth, args.per_game)
    for index, found in in_order(run_tasks(task, range(args.games), concurrency=args.concurrency)):
        samples.extend(found)
        if (index + 1) % 20 == 0:
            print(f"{index + 1}/{args.games} games, {len(samples)} positions, "
                  f"{time.perf_counter() - started:.0f} s", flush=True)
    mean, sigma, count = statistics(samples, args.depth)
    print("depth shallow | mean/sigma in discs per band of empties (count)")
    for d in range(CUT_MIN_DEPTH, args.depth + 1):
        cells = "  ".join(f"{b * CUT_BAND_WIDTH}-{b * CUT_BAND_WIDTH + 9}: {mean[d, b] / 100:+.2f}/{sigma[d, b] / 100:.2f}"
                          f" ({count[d, b]})" for b in range(2, 6))
        print(f"{d:5} {shallow_depth(d):7} | {cells}")
    temporary = args.out.with_name(args.out.name + ".tmp.npz")
    np.savez(temporary, mean=np.rint(mean).astype(np.int64), sigma=np.rint(sigma).astype(np.int64),
             count=count, games=args.games, positions=len(samples), depth=args.depth, seed=args.seed,
             weights=str(patterns.WEIGHTS_PATH.name))
    temporary.replace(args.out)
    print(f"{len(samples)} positions in {time.perf_counter() - started:.0f} s; wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
