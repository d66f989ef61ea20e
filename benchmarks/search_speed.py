"""Nodes per second of the bots' searches, at fixed depths on fixed positions.

Each line runs one search on a set of positions and prints the searches,
their mean nodes and CPU time, and nodes per CPU second (on a machine shared
with other work the fairer figure) and per wall second: Connect Four Hard's
numba alpha-beta (``bots/lib/connect4_search.py``) and Chinese Checkers
Hard's numba Best-Reply Search (``bots/lib/chinesecheckers_engine.py``),
each driven depth by depth by ``bots/lib/deepening.py``; Reversi Hard's and
Master's numba PVS (``bots/lib/reversi_search.py``, Hard's evaluation and
the pattern tables), depth by depth with the best move first as the bots
do, each search with a fresh table (and Master's selective play search
beside its full-width one, to depth 12: the nodes each needs); the shared
Python negamax (``bots/lib/negamax.py``, the example bot's search) over the
rules' own states; and the shared Python tree search (``bots/lib/mcts.py``),
whose "nodes" are iterations. The depths (and iterations) are fixed and the
time ample, so a run searches the same nodes every time: a change of speed
shows as a change of nodes per second, a change of the search itself as a
change of nodes. Kernels are compiled (or loaded from numba's cache) first,
untimed.

Run from the repository root (a minute or so)::

    python benchmarks/search_speed.py
    python benchmarks/search_speed.py --repeat 5
    python benchmarks/search_speed.py --only Reversi     # the lines whose label holds the text
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.chinesecheckers_brs import ChineseCheckersBRS  # noqa: E402
from bots.connect4_alphabeta import ConnectFourAlphaBeta  # noqa: E402
from bots.lib.chinesecheckers_engine import tables_for  # noqa: E402
from bots.lib.clock import Deadline  # noqa: E402
from bots.lib.mcts import Mcts  # noqa: E402
from bots.lib.negamax import Negamax  # noqa: E402
from bots.lib.reversi_eval import HARD, HARD_WEIGHTS, PATTERNS  # noqa: E402
from bots.lib.reversi_cut import load_cut  # noqa: E402
from bots.lib.reversi_patterns import load_views  # noqa: E402
from bots.lib.reversi_search import MidgameSearch  # noqa: E402
from bots.reversi_master import CONFIDENCE  # noqa: E402
from game.rules.chinesecheckers import ChineseCheckers  # noqa: E402
from game.rules.connect4 import ConnectFour  # noqa: E402
from game.rules.reversi import Reversi  # noqa: E402

#: Seconds given to a search: far more than a fixed depth needs, so the depth, not the clock, ends it.
AMPLE = 600.0


def connect4_positions(count: int, seed: int = 1, cols: int = 7, rows: int = 6) -> list[ConnectFour]:
    """``count`` positions of 4 to 20 random plies, none over."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = ConnectFour(cols=cols, rows=rows)
        for _ in range(rng.randint(4, 20)):
            state.push(rng.choice(state.legal_moves()))
            if state.is_over():
                break
        if not state.is_over():
            positions.append(state)
    return positions


def chinesecheckers_positions(players: int, count: int, seed: int = 1) -> list[ChineseCheckers]:
    """``count`` positions of ``players`` seats, 10 to 30 turns in, half the moves the most forward."""
    rng = random.Random(seed)
    tables = tables_for(players)
    positions = []
    while len(positions) < count:
        state = ChineseCheckers(players=players)
        for _ in range(rng.randint(10, 30) * players):
            moves = state.legal_moves()
            seat = state.turn
            if rng.random() < 0.5:
                state.push(rng.choice(moves))
            else:
                state.push(max(moves, key=lambda m: tables.dist[seat, m[0]] - tables.dist[seat, m[-1]] if m else -99))
            if state.outcome() is not None:
                break
        if state.outcome() is None:
            positions.append(state)
    return positions


def reversi_positions(count: int, seed: int = 1) -> list[Reversi]:
    """``count`` positions of 8 to 30 random plies whose mover has a move (a pass is no search)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = Reversi()
        for _ in range(rng.randint(8, 30)):
            state.push(rng.choice(state.legal_moves()))
            if state.is_over():
                break
        if not state.is_over() and not state.must_pass():
            positions.append(state)
    return positions


def measure(label: str, runs: list[Callable[[], int]], repeat: int) -> None:
    """Time ``repeat`` passes over ``runs`` (each returns its nodes) and print one line."""
    for run in runs[:2]:
        run()
    nodes = 0
    cpu = wall = 0.0
    for _ in range(repeat):
        for run in runs:
            start, cpu_start = time.perf_counter(), time.process_time()
            nodes += run()
            cpu += time.process_time() - cpu_start
            wall += time.perf_counter() - start
    searches = repeat * len(runs)
    print(f"{label:<44} {searches:>8} {nodes / searches:>12,.0f} {cpu / searches * 1000:>9.2f} "
          f"{nodes / max(cpu, 1e-9):>12,.0f} {nodes / max(wall, 1e-9):>12,.0f}", flush=True)


def connect4_runs(depth: int, positions: list[ConnectFour]) -> list[Callable[[], int]]:
    def run(state: ConnectFour) -> int:
        return ConnectFourAlphaBeta(depth=depth, seed=1).search(state, Deadline.after(AMPLE), depth).nodes
    return [lambda state=state: run(state) for state in positions]


def chinesecheckers_runs(depth: int, positions: list[ChineseCheckers]) -> list[Callable[[], int]]:
    def run(state: ChineseCheckers) -> int:
        bot = ChineseCheckersBRS(seconds=60, seed=1)
        bot.params = replace(bot.params, max_depth=depth, start_fraction=1.0)
        bot.choose_move(state.copy(), AMPLE)
        return bot.last.nodes
    return [lambda state=state: run(state) for state in positions]


def reversi_runs(depth: int, positions: list[Reversi], mode: int, selective: bool = False) -> list[Callable[[], int]]:
    """Iterative deepening to ``depth`` on each position, a new search each; ``selective``: Master's
    play search (multi-ProbCut at its default confidence)."""
    weights = load_views() if mode == PATTERNS else HARD_WEIGHTS

    def run(state: Reversi) -> int:
        search = MidgameSearch(mode=mode, weights=weights)
        if selective:
            search.select(CONFIDENCE, *load_cut())
        own, opp = state.discs(state.turn), state.discs(1 - state.turn)
        moves = list(state.legal_moves())
        for d in range(1, depth + 1):
            best, _ = search.search(own, opp, moves, d)
            moves.insert(0, moves.pop(best))
        return search.nodes
    return [lambda state=state: run(state) for state in positions]


def negamax_runs(depth: int, positions: list[ConnectFour]) -> list[Callable[[], int]]:
    def run(state: ConnectFour) -> int:
        search = Negamax(evaluate=lambda position: 0)
        search.search(state, depth)
        return search.nodes
    return [lambda state=state: run(state) for state in positions]


def mcts_runs(iterations: int, positions: list[ConnectFour]) -> list[Callable[[], int]]:
    def run(state: ConnectFour) -> int:
        return Mcts().search(state, random.Random(1), iterations=iterations).iterations
    return [lambda state=state: run(state) for state in positions]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="passes over the positions (default 3)")
    parser.add_argument("--only", default="", help="run only the lines whose label holds this text")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")

    def measure_chosen(label: str, runs: Callable[[], list[Callable[[], int]]]) -> None:
        if args.only in label:
            measure(label, runs(), args.repeat)

    print(f"{'search':<44} {'searches':>8} {'mean nodes':>12} {'cpu ms':>9} {'nodes/cpu s':>12} {'nodes/s':>12}")
    c4 = connect4_positions(20)
    for depth in (8, 12):
        measure_chosen(f"Connect Four Hard, 7x6, depth {depth}", lambda depth=depth: connect4_runs(depth, c4))
    measure_chosen("Connect Four Hard, 10x10, depth 9",
                   lambda: connect4_runs(9, connect4_positions(10, cols=10, rows=10)))
    for players, depth in ((2, 5), (3, 4), (6, 3)):
        measure_chosen(f"Chinese Checkers Hard, {players} players, depth {depth}",
                       lambda players=players, depth=depth: chinesecheckers_runs(
                           depth, chinesecheckers_positions(players, 6)))
    othello = reversi_positions(8)
    for name, mode in (("Hard", HARD), ("Master", PATTERNS)):
        measure_chosen(f"Reversi {name}, depth 10", lambda mode=mode: reversi_runs(10, othello, mode))
    for selective in (False, True):
        measure_chosen(f"Reversi Master{' selective' if selective else ''}, depth 12",
                       lambda selective=selective: reversi_runs(12, othello, PATTERNS, selective))
    measure_chosen("negamax (Python), Connect Four 7x6, depth 7", lambda: negamax_runs(7, c4[:8]))
    measure_chosen("MCTS (Python), Connect Four 7x6, iterations", lambda: mcts_runs(300, c4[:8]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
