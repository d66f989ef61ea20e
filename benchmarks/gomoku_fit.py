"""Fit Gomoku Master's evaluation to the outcomes of games (a Texel-style fit), and print the weights.

Plays games of Master against Hard, or against itself with ``--opponent
master`` (self-play; ``game/match/arena.py``, random three-stone openings
near the centre), or reads them from files, takes every
position of those games in which neither side can make five at once, and
fits a logistic model of the result for the side to move (win 1, draw 1/2,
loss 0) on the terms the engine's ``evaluate`` weighs
(``bots/lib/gomoku_engine.py``): per pattern code, the difference of the
two sides' counts over the empty points (``gomoku_board.POINT_VALUES``),
and the ``EVAL_TERMS`` (the mover's tempo, its next double threat, the
opponent's). A constant for Black's head start is fitted beside them and
then dropped (the search compares positions with the same side to move).
Code weights are kept at 0 or more. The weights are printed in Master's
evaluation's units: divided by the weight Master's evaluation gets in a fit
of the same results beside Black's constant, so the new one keeps its scale
(and the search's margins their meaning). The fit's error, Hard's
evaluation's and Master's are printed on a quarter of the games held out of
the fit.

    python benchmarks/gomoku_fit.py --games 120 --budget 0.5 --seed 1
    python benchmarks/gomoku_fit.py --opponent master --games 60 --budget 0.2 --seed 41 --write sp_41.txt
    python benchmarks/gomoku_fit.py --read games.txt     # lines: 'winner-seat|-1 moves...'
    python benchmarks/gomoku_fit.py --games 120 --write games.txt
    python benchmarks/gomoku_fit.py --games 2000 --ray HEAD:6379     # the games on a Ray cluster

Master's ``FITTED_VALUES``/``FITTED_TERMS`` came from such a fit; the
arena decides whether a new fit plays better.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.gomoku_master import GomokuMaster  # noqa: E402
from bots.lib.gomoku_board import (B1, F4, FIVE, GRADE_COUNT, GRADE_DOUBLE_THREE, GRADE_FOUR_THREE,  # noqa: E402
                                   GRADE_WIN, PATTERN_NAMES, SHAPE_COUNT, SHAPE_NAMES, SUM, Board)
from bots.lib.gomoku_engine import HAND_TERMS, evaluate  # noqa: E402
from game.rules.gomoku import Gomoku  # noqa: E402

#: Pattern codes whose counts are fitted (dead, five and overline are not: a five ends the game first).
CODES = range(B1, F4 + 1)
TERM_NAMES = ("tempo", "win next", "four-three next", "double three next", "their win next",
              "their four-three", "their double three", *(f"my {name}" for name in SHAPE_NAMES[1:]),
              *(f"their {name}" for name in SHAPE_NAMES[1:]))
#: Positions from this move on are fitted (the opening's random stones come before).
FIRST_MOVE = 4


def play(games: int, budget: float, seed: int, rule: str, concurrency: int | None = 1,
         ray_address: str | None = None, opponent: str = "hard") -> list[tuple[int, str]]:
    """``games`` games of Master against Hard (``opponent`` 'hard') or against itself ('master', self-play):
    (winning seat or -1, moves) each, played by the arena ``concurrency`` at a time here, or on the Ray
    cluster at ``ray_address``."""
    from game.match.arena import run_arena
    from game.match.runner import BotSpec

    specs = [BotSpec("GomokuMaster", "bots.gomoku_master", {}, "Master", budget),
             BotSpec("GomokuHard", "bots.gomoku_hard", {}, "Hard", budget) if opponent == "hard"
             else BotSpec("GomokuMaster", "bots.gomoku_master", {}, "Master (2)", budget)]
    winners: list[int] = []

    def on_game(number: int, outcome) -> None:
        winners.append(outcome.winners[0] if len(outcome.winners) == 1 else -1)
        print(f"game {number + 1}/{games}", file=sys.stderr, flush=True)

    result = run_arena("gomoku", specs, games, options={"rule": rule}, seed=seed, openings=3, on_game=on_game,
                       concurrency=concurrency, ray_address=ray_address)
    return list(zip(winners, result.transcripts))


def read(path: str) -> list[tuple[int, str]]:
    """Games from a file of lines ``'<winning seat or -1> <moves>'``."""
    games = []
    for number, line in enumerate(Path(path).read_text().splitlines(), 1):
        winner, _, moves = line.strip().partition(" ")
        try:
            games.append((int(winner), moves))
        except ValueError:
            raise SystemExit(f"{path}:{number}: expected '<winning seat or -1> <moves>', got {line!r}") from None
    return games


def features(games: list[tuple[int, str]], rule: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """(features, results for the mover, current evaluations, game numbers), one row per position."""
    rows, results, current, numbers = [], [], [], []
    for number, (winner, moves) in enumerate(games):
        state = Gomoku.from_text("", rule=rule)
        board = Board(state.size, state.rule)
        params = np.concatenate((np.zeros(3, np.int64), HAND_TERMS))
        for index, text in enumerate(moves.split()):
            point = state.parse_move(text)
            board.place(point, Gomoku.colour(state.turn))
            state.push(point)
            tally = board.tally
            me = Gomoku.colour(state.turn)
            them = 3 - me
            if index + 1 < FIRST_MOVE or state.outcome() is not None or tally[me, FIVE] or tally[them, FIVE]:
                continue
            row = [float(tally[me, c] - tally[them, c]) for c in CODES]
            mine = [tally[me, GRADE_COUNT + g] > 0 for g in (GRADE_WIN, GRADE_FOUR_THREE, GRADE_DOUBLE_THREE)]
            theirs = [tally[them, GRADE_COUNT + g] > 0 for g in (GRADE_WIN, GRADE_FOUR_THREE, GRADE_DOUBLE_THREE)]
            # The mover's double threats count only the strongest, as ``evaluate`` does.
            strongest = [mine[0], mine[1] and not mine[0], mine[2] and not (mine[0] or mine[1])]
            shapes = range(SHAPE_COUNT + 1, SHAPE_COUNT + len(SHAPE_NAMES))
            row += [1.0, *map(float, strongest), *(-float(t) for t in theirs),
                    *(float(tally[me, s]) for s in shapes), *(-float(tally[them, s]) for s in shapes),
                    1.0 if me == 1 else -1.0]
            rows.append(row)
            results.append(0.5 if winner < 0 else float(winner == state.turn))
            current.append(float(evaluate(tally, me, params)))
            numbers.append(number)
    return np.array(rows), np.array(results), np.array(current), np.array(numbers)


def fit(x: np.ndarray, y: np.ndarray, positive: int = len(CODES), steps: int = 6000, rate: float = 2.0,
        l2: float = 1e-4, offset: np.ndarray | float = 0.0) -> np.ndarray:
    """Logistic weights of ``x`` for ``y`` by gradient descent on the squared error; the first
    ``positive`` weights (the codes') kept at 0 or more; ``offset`` (per row) is added to the
    logit unweighed (a fixed evaluation the weights add to)."""
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    z = x / scale
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(z @ w + offset)))
        w -= rate * (z.T @ ((p - y) * p * (1 - p)) / len(y) + l2 * w)
        w[:positive] = np.maximum(w[:positive], 0)
    return w / scale


def master_value(x: np.ndarray, terms: int = len(TERM_NAMES)) -> np.ndarray:
    """Master's evaluation of each row of ``features`` (its code values and its first ``terms`` terms)."""
    codes = len(CODES)
    return (x[:, :codes] @ GomokuMaster.point_values[B1:F4 + 1]
            + x[:, codes:codes + terms] @ GomokuMaster.eval_terms[:terms])


def best_factor(values: np.ndarray, y: np.ndarray) -> float:
    """The factor k for which 1 / (1 + exp(-k * values)) is nearest ``y``."""
    factors = np.geomspace(1e-4, 0.05, 200)
    return float(min(factors, key=lambda k: np.mean((y - 1 / (1 + np.exp(-k * values))) ** 2)))


def error(p: np.ndarray, y: np.ndarray) -> float:
    return float(np.mean((y - p) ** 2))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=120, help="games to play (default 120)")
    parser.add_argument("--budget", type=float, default=0.5, help="seconds per move (default 0.5)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the openings (default 1)")
    parser.add_argument("--rule", default="freestyle", help="freestyle, standard or renju")
    parser.add_argument("--opponent", choices=("hard", "master"), default="hard",
                        help="Master's opponent in the games played: Hard (default) or Master itself (self-play)")
    parser.add_argument("--read", nargs="+", metavar="FILE", help="fit these games instead of playing")
    parser.add_argument("--write", metavar="FILE", help="save the games played")
    parser.add_argument("--shapes-only", action="store_true",
                        help="keep Master's code values and first terms, fit only the shape-class terms on top")
    parser.add_argument("--concurrency", type=int, metavar="N",
                        help="games played at once (default 1: each move has its whole budget to itself; with "
                             "--ray, the cluster's CPUs)")
    parser.add_argument("--ray", metavar="ADDRESS",
                        help="play the games on the Ray cluster at ADDRESS (host:port, or auto); needs the "
                             "cluster extra: pip install .[cluster]")
    args = parser.parse_args(argv)
    GomokuMaster.warm_up()
    from game.match.pool import RayMissing

    try:
        games = ([g for path in args.read for g in read(path)] if args.read
                 else play(args.games, args.budget, args.seed, args.rule,
                           args.concurrency or (None if args.ray else 1), args.ray, args.opponent))
    except RayMissing as err:
        raise SystemExit(str(err)) from None
    if args.write:
        Path(args.write).write_text("".join(f"{w} {moves}\n" for w, moves in games))
    x, y, current, numbers = features(games, args.rule)
    held = numbers % 4 == 0
    print(f"{len(games)} games, {len(y)} positions ({held.sum()} held out)")
    master = master_value(x)
    tests = {"Hard's evaluation": np.stack((current, x[:, -1]), axis=1),
             "Master's evaluation": np.stack((master, x[:, -1]), axis=1), "fitted": x}
    print("held-out squared error (each with Black's constant): " + ", ".join(
        f"{name} {error(1 / (1 + np.exp(-columns[held] @ fit(columns[~held], y[~held], 1))), y[held]):.4f}"
        for name, columns in tests.items()))
    codes = len(CODES)
    if args.shapes_only:
        return fit_shapes(x, y, held)
    # In Master's units: its evaluation's own weight in a fit beside Black's constant (Black's head start,
    # large in self-play, would otherwise make Master's evaluation look flatter than it is).
    weights = fit(x, y) / fit(tests["Master's evaluation"], y, 1)[0]
    values = [0] + [round(v) for v in weights[:codes]] + [0] * (len(PATTERN_NAMES) - 1 - codes)
    values[FIVE] = int(Board(15, args.rule).values[FIVE])
    terms = [round(v) for v in weights[codes:codes + len(TERM_NAMES)]]
    print("point values:", ", ".join(f"{PATTERN_NAMES[c]} {values[c]}" for c in range(len(values))))
    print("terms:", ", ".join(f"{name} {v}" for name, v in zip(TERM_NAMES, terms)))
    print(f"FITTED_VALUES = np.array({values}, np.int64)")
    print(f"FITTED_TERMS = np.array({terms}, np.int64)")
    return 0


def fit_shapes(x: np.ndarray, y: np.ndarray, held: np.ndarray) -> int:
    """Fit only the shape-class terms on top of Master's evaluation (its code values and first terms
    fixed), print the held-out errors without and with them, and Master's terms with them."""
    codes = len(CODES)
    first = codes + len(TERM_NAMES) - 2 * (len(SHAPE_NAMES) - 1)
    master = master_value(x, first - codes)
    factor = best_factor(master[~held], y[~held])
    shapes = x[:, first:codes + len(TERM_NAMES)]
    weights = fit(shapes[~held], y[~held], 0, offset=factor * master[~held])
    before = error(1 / (1 + np.exp(-factor * master[held])), y[held])
    after = error(1 / (1 + np.exp(-(factor * master[held] + shapes[held] @ weights))), y[held])
    print(f"Master's evaluation, held-out squared error: {before:.4f}; with fitted shape terms {after:.4f}")
    terms = [int(t) for t in GomokuMaster.eval_terms[:first - codes]] + [round(v / factor) for v in weights]
    print("shape terms:", ", ".join(f"{name} {v}" for name, v in zip(TERM_NAMES[first - codes:],
                                                                     terms[first - codes:])))
    print(f"FITTED_TERMS = np.array({terms}, np.int64)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
