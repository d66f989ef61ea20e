"""Build Reversi Master's pattern weights from nothing: self-play, exact labels, least squares.

    python benchmarks/reversi_fit.py [--games 4000] [--work DIR] [--out assets/reversi_patterns.npz]
                                     [--concurrency N] [--ray ADDRESS]

Three stages, each saved in ``--work`` (default ``benchmarks/.reversi_fit``,
not committed) so a run that stops picks up where it left off:

1. **Self-play.** Games of Hard's midgame search at a shallow depth (or,
   with ``--selfplay-weights``, of the search over an earlier fit), each
   from a few random opening moves, so
   the positions vary (``--noise`` adds random moves later too); the last ``--exact`` empties are played perfectly
   by the endgame solver. Every position where the side to move has a
   move is kept. The games are played on every core (``--concurrency``) or
   on a Ray cluster (``--ray``), through ``game.match.pool.run_tasks``;
   game ``g`` draws its random numbers from ``seed`` and ``g`` alone and
   starts with cleared tables, so a seed gives the same positions however
   and wherever the games are played. (Before the games ran at once, one
   random stream ran through them all: the same seed gave other games.)
2. **Labels.** A position with ``--exact`` empties or fewer is labelled by
   its exact final disc difference (solved). An earlier position is labelled
   by the exact value of its own game at the point the game reached
   ``--exact`` empties (the self-play's result from there under perfect
   play), from the side to move's point of view: a label with the noise of
   the self-play's remaining moves, which the least squares averages out.
   Each position also keeps the value the self-play's ``--depth`` search
   gave it (exact once solved): ``--search-share`` fits that share of it
   and the rest of the game label, a label with less of the noise of the
   game's later moves, bought with the evaluation's own errors.
3. **Fit.** One table per band of empties (``reversi_patterns.PHASES``), by
   ridge least squares (conjugate gradients); a tenth of the games is held
   out, and the root-mean-square error in discs on the fitted and the
   held-out positions is printed per band. From nothing, or with
   ``--start`` from earlier tables: the fit is then of the change to them
   (the ridge pulls towards them), so a few thousand new games correct the
   tables where they have positions and leave the rest as they were.

The weights go to ``--out`` with the figures of the run beside them.
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

from bots.lib import reversi_patterns as patterns                        # noqa: E402
from bots.lib.reversi_endgame import Solver                              # noqa: E402
from bots.lib.reversi_eval import PATTERNS                               # noqa: E402
from bots.lib.reversi_patterns_fit import fit, predict                   # noqa: E402
from bots.lib.reversi_search import MidgameSearch                        # noqa: E402
from game.match.pool import RayMissing, in_order, kept, run_tasks                        # noqa: E402
from game.rules.reversi import START_BLACK, START_WHITE, flip_mask, legal_mask, squares_of  # noqa: E402

HERE = Path(__file__).resolve().parent


def play_game(rng: random.Random, search: MidgameSearch, solver: Solver, depth: int, exact: int,
              openings: int, noise: float) -> tuple[list[tuple[int, int, int, int]], int, int]:
    """One self-play game: its positions (side to move's discs, the other's, which side is to
    move: 0 Black, 1 White, and the position's value in centi-discs for that side: its exact
    score once solved, else the ``depth``-ply search's) where that side had a move, the index of
    the first with ``exact`` or fewer empties (or the length), and that position's exact score."""
    own, opp, side = START_BLACK, START_WHITE, 0
    positions: list[tuple[int, int, int, int]] = []
    first_exact, exact_score = -1, 0
    plies = 0
    while True:
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                break
            own, opp, side = opp, own, 1 - side
            continue
        empties = 64 - (own | opp).bit_count()
        squares = squares_of(moves)
        if empties <= exact:
            solved = solver.solve(own, opp)
            if first_exact < 0:
                first_exact, exact_score = len(positions), solved.score
            move, value = solved.move, 100 * solved.score
        else:
            best, values = search.search(own, opp, squares, depth)
            move, value = squares[best], values[best]
            if plies < openings or rng.random() < noise:
                move = rng.choice(squares)
        positions.append((own, opp, side, value))
        flips = flip_mask(own, opp, move)
        own, opp, side = opp & ~flips, own | flips | (1 << move), 1 - side
        plies += 1
    if first_exact < 0:
        first_exact = len(positions)
    return positions, first_exact, exact_score


@dataclass(frozen=True)
class SelfPlay:
    """One self-play game with its labels, a task of ``game.match.pool.run_tasks``: game
    ``game`` of a run is the same wherever and in whatever order it is played (its own
    random numbers, and the search's and solver's tables cleared before it)."""

    seed: int
    depth: int
    exact: int
    noise: float
    openings: tuple[int, int]
    weights: str | None

    def __call__(self, game: int) -> list[tuple[int, int, int, int]]:
        """The game's labelled positions: (side to move's discs, the other's, exact or game label in
        discs, and the self-play search's value in centi-discs: exact once solved)."""
        search, solver = _engines(self.weights)
        search.clear()
        solver.clear()
        rng = random.Random(self.seed * 1_000_003 + game)
        positions, first_exact, exact_score = play_game(rng, search, solver, self.depth, self.exact,
                                                        openings=rng.randint(*self.openings), noise=self.noise)
        exact_side = positions[first_exact][2] if first_exact < len(positions) else None
        labelled = []
        for index, (own, opp, side, value) in enumerate(positions):
            if index >= first_exact:
                score = value // 100
            elif exact_side is None:
                continue                      # the game ended before reaching the solved part
            else:
                score = exact_score if side == exact_side else -exact_score
            labelled.append((own, opp, score, value))
        return labelled


def _engines(weights: str | None) -> tuple[MidgameSearch, Solver]:
    """This process's search and solver for self-play (made once: their tables are large)."""
    def make() -> tuple[MidgameSearch, Solver]:
        search = MidgameSearch() if weights is None else MidgameSearch(PATTERNS, patterns.load_views(Path(weights)))
        return search, Solver(table_bits=20)

    return kept(("reversi self-play", weights), make)


def selfplay(work: Path, games: int, seed: int, depth: int, exact: int, noise: float,
             openings: tuple[int, int] = (2, 10), weights: Path | None = None, *,
             concurrency: int | None = None, ray_address: str | None = None) -> Path:
    """Stage 1 and 2: positions and labels, appended batch by batch to ``work``; the games
    played ``concurrency`` at a time (default: every core) here or on the Ray cluster at
    ``ray_address`` (``game.match.pool.run_tasks``), and kept in their order."""
    path = work / "positions.npz"
    done = dict(np.load(path)) if path.exists() else None
    have = int(done["games"]) if done else 0
    if have >= games:
        print(f"self-play: {have} games already in {path}")
        return path
    task = SelfPlay(seed, depth, exact, noise, tuple(openings), None if weights is None else str(weights))
    own_list, opp_list, labels, searched, game_ids = [], [], [], [], []
    if done:
        if "search" not in done:
            raise SystemExit(f"{path} has no search values (an older run's): use another --work")
        own_list, opp_list = list(done["own"]), list(done["opp"])
        labels, searched, game_ids = list(done["label"]), list(done["search"]), list(done["game"])
    started = time.perf_counter()
    played = run_tasks(task, range(have, games), concurrency=concurrency, ray_address=ray_address)
    for index, labelled in in_order(played):
        game = have + index
        for own, opp, score, value in labelled:
            own_list.append(own)
            opp_list.append(opp)
            labels.append(score)
            searched.append(value)
            game_ids.append(game)
        if (game + 1) % 100 == 0 or game + 1 == games:
            _save(path, own_list, opp_list, labels, searched, game_ids, game + 1,
                  settings={"depth": depth, "exact": exact, "seed": seed, "noise": noise,
                            "selfplay_weights": "" if weights is None else str(weights)})
            rate = (game + 1 - have) / (time.perf_counter() - started)
            print(f"self-play: {game + 1}/{games} games, {len(labels)} positions, {rate:.1f} games/s", flush=True)
    return path


def _save(path: Path, own, opp, labels, searched, game_ids, games: int, settings: dict) -> None:
    """The positions so far, with the self-play's ``settings`` (which the weights file repeats)."""
    temporary = path.with_name(path.name + ".tmp.npz")
    np.savez(temporary, own=np.array(own, dtype=np.uint64), opp=np.array(opp, dtype=np.uint64),
             label=np.array(labels, dtype=np.int64), search=np.array(searched, dtype=np.int64),
             game=np.array(game_ids, dtype=np.int64), games=games,
             **{f"selfplay_{k}" if not k.startswith("selfplay") else k: np.asarray(v) for k, v in settings.items()})
    temporary.replace(path)


def fit_tables(sources: list[Path], ridge: float, iterations: int, seed: int,
               search_share: float = 0.0, start: np.ndarray | None = None) -> tuple[np.ndarray, list[str], dict]:
    """Stage 3: per-phase tables fitted to the positions of every file in ``sources``,
    with fit and held-out errors. Each position's target is its game label, or with
    ``search_share`` that share of its self-play search's value and the rest of the game label
    (a file of an older run, without search values, gives its game labels alone). With ``start``
    (earlier tables, ``(PHASES, FEATURES)`` centi-discs) the fit is of the change to them: the
    ridge pulls towards ``start`` instead of 0, so a few thousand games correct the tables where
    they have positions and leave them elsewhere."""
    parts = [np.load(path) for path in sources]
    offsets = np.cumsum([0] + [int(part["game"].max()) + 1 for part in parts[:-1]])
    own = np.concatenate([part["own"] for part in parts])
    opp = np.concatenate([part["opp"] for part in parts])
    label = np.concatenate([
        part["label"] * (1.0 - search_share) + part["search"] / 100.0 * search_share if "search" in part
        else part["label"].astype(np.float64) for part in parts])
    game = np.concatenate([part["game"] + offset for part, offset in zip(parts, offsets)])
    held = np.random.default_rng(seed).random(int(game.max()) + 1) < 0.1
    empties = np.array([64 - int(o | p).bit_count() for o, p in zip(own.tolist(), opp.tolist())])
    phase = np.minimum(empties, 59) // patterns.PHASE_WIDTH
    feats = np.stack([patterns.features(int(o), int(p)) for o, p in zip(own.tolist(), opp.tolist())])
    weights = np.zeros((patterns.PHASES, patterns.FEATURES)) if start is None else np.array(start, dtype=np.float64)
    lines, totals = [], {"train": [0, 0.0], "held": [0, 0.0]}
    for p in range(patterns.PHASES):
        rows = phase == p
        train, test = rows & ~held[game], rows & held[game]
        if not train.any():
            lines.append(f"phase {p}: no positions")
            continue
        before = predict(feats[train], weights[p])
        weights[p] += fit(feats[train], label[train] * 100.0 - before, patterns.FEATURES, ridge=ridge,
                          iterations=iterations)
        rms_train = float(np.sqrt(np.mean((predict(feats[train], weights[p]) / 100 - label[train]) ** 2)))
        rms_test = float(np.sqrt(np.mean((predict(feats[test], weights[p]) / 100 - label[test]) ** 2))) \
            if test.any() else float("nan")
        low, high = p * patterns.PHASE_WIDTH, p * patterns.PHASE_WIDTH + patterns.PHASE_WIDTH - 1
        lines.append(f"empties {low:2}-{high:2}: {int(train.sum()):7} fitted, rms {rms_train:5.2f} discs; "
                     f"{int(test.sum()):6} held out, rms {rms_test:5.2f} discs")
        totals["train"][0] += int(train.sum())
        totals["train"][1] += rms_train ** 2 * int(train.sum())
        totals["held"][0] += int(test.sum())
        totals["held"][1] += rms_test ** 2 * int(test.sum()) if test.any() else 0.0
    summary = {k: (n, (s / n) ** 0.5 if n else float("nan")) for k, (n, s) in totals.items()}
    return weights, lines, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000, help="self-play games (default 4000)")
    parser.add_argument("--depth", type=int, default=4, help="self-play search depth (default 4)")
    parser.add_argument("--exact", type=int, default=14, help="empties solved exactly (default 14)")
    parser.add_argument("--noise", type=float, default=0.0, help="share of random moves after the opening (default 0)")
    parser.add_argument("--openings", type=int, nargs=2, default=(4, 14), metavar=("FEWEST", "MOST"),
                        help="each game opens with a random number of random moves in this range (default 4 14)")
    parser.add_argument("--ridge", type=float, default=100.0,
                        help="ridge penalty, in positions' worth of pull towards 0 (default 100)")
    parser.add_argument("--iterations", type=int, default=200, help="conjugate-gradient steps (default 200)")
    parser.add_argument("--search-share", type=float, default=0.0, metavar="SHARE",
                        help="fit to this share of each position's self-play search value (the --depth "
                             "search's, exact once solved) and the rest of its game label (default 0)")
    parser.add_argument("--start", type=Path, metavar="FILE",
                        help="fit the change to these tables (the ridge pulls towards them) instead of tables "
                             "from nothing")
    parser.add_argument("--selfplay-weights", type=Path, metavar="FILE",
                        help="self-play with the pattern evaluation of these weights (a second round) "
                             "instead of Hard's evaluation")
    parser.add_argument("--also", type=Path, nargs="*", default=[], metavar="DIR",
                        help="fit to the positions of these earlier work folders as well")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrency", type=int, metavar="N", help="self-play games at once (default: every core, "
                        "or every CPU of the Ray cluster)")
    parser.add_argument("--ray", metavar="ADDRESS", help="play the self-play games on the Ray cluster at ADDRESS "
                        "(host:port, or auto); needs the cluster extra: pip install .[cluster]")
    parser.add_argument("--work", type=Path, default=HERE / ".reversi_fit")
    parser.add_argument("--out", type=Path, default=patterns.WEIGHTS_PATH)
    args = parser.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    try:
        positions = selfplay(args.work, args.games, args.seed, args.depth, args.exact, args.noise, tuple(args.openings),
                             args.selfplay_weights, concurrency=args.concurrency, ray_address=args.ray)
    except RayMissing as err:
        raise SystemExit(str(err)) from None
    played = time.perf_counter() - started
    sources = [positions] + [folder / "positions.npz" for folder in args.also]
    start = None if args.start is None else patterns.load_weights(args.start).reshape(patterns.PHASES, -1)
    weights, lines, summary = fit_tables(sources, args.ridge, args.iterations, args.seed, args.search_share, start)
    fitted = time.perf_counter() - started - played
    print("\n".join(lines))
    (n_train, rms_train), (n_held, rms_held) = summary["train"], summary["held"]
    print(f"all: {n_train} positions fitted, rms {rms_train:.2f} discs; {n_held} held out, rms {rms_held:.2f} discs")
    print(f"self-play and labels {played:.0f} s, fit {fitted:.0f} s")
    with np.load(positions) as run:      # the self-play's own settings (a run picked up may have had others)
        played_with = {k: run[k] for k in run.files if k.startswith("selfplay")}
    played_with.setdefault("selfplay_depth", args.depth)
    played_with.setdefault("selfplay_exact", args.exact)
    patterns.save_weights(weights, args.out, games=args.games, positions=n_train + n_held, **played_with,
                          sources=" ".join(str(path) for path in sources),
                          rms_fitted=rms_train, rms_held_out=rms_held,
                          ridge=args.ridge, search_share=args.search_share,
                          start="" if args.start is None else str(args.start))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
