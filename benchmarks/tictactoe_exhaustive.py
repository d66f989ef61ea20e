"""Every game against each Tic-tac-toe tier, counted, as the rule-based seed article does.

For each bot, playing first (X) and second (O), every sequence of opponent
moves is played out against the bot's choices and the finished games are
counted by result. Master picks at random among equally good moves, so every
one of those choices is followed too. Then, over every reachable position
with a move to make, how often the bot's move lowers the game's exact value
(a drawn game made lost, a won game made drawn or lost). Last, move times.

Run from the repository root::

    python benchmarks/tictactoe_exhaustive.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.lib.exhaustive import Tally, reachable_positions, tally_games  # noqa: E402
from bots.lib.minimax import move_values, position_value  # noqa: E402
from bots.lib.tictactoe_tree import game_tree  # noqa: E402
from bots.tictactoe_perfect import TicTacToePerfect  # noqa: E402
from bots.tictactoe_rules import TicTacToeRules  # noqa: E402
from bots.tictactoe_symmetry import TicTacToeSymmetry  # noqa: E402
from game.rules.core import Move, State  # noqa: E402
from game.rules.tictactoe import TicTacToe  # noqa: E402

Chooser = Callable[[State], list[Move]]


def contenders() -> list[tuple[str, Chooser]]:
    medium_faithful = TicTacToeRules(faithful=True)
    medium = TicTacToeRules()
    hard = TicTacToeSymmetry()
    hard5 = TicTacToeSymmetry(depth=5)
    master = TicTacToePerfect()
    return [
        ("Medium, article's fork rule (faithful=True)", lambda s: [medium_faithful.choose_move(s, 1.0)]),
        ("Medium, fixed fork rule (default)", lambda s: [medium.choose_move(s, 1.0)]),
        ("Hard, symmetry tree depth 4 (the seed article's)", lambda s: [hard.choose_move(s, 1.0)]),
        ("Hard, symmetry tree depth 5 (config.yaml's Hard)", lambda s: [hard5.choose_move(s, 1.0)]),
        ("Master, every equally good choice", master.best_moves),
    ]


def value_drops(choose: Chooser) -> tuple[int, int, int, int]:
    """(positions judged, draw->loss, win->draw, win->loss) over every reachable position to move in."""
    table: dict = {}
    judged = draw_to_loss = win_to_draw = win_to_loss = 0
    for state in reachable_positions(TicTacToe()):
        if state.is_over():
            continue
        before = position_value(state, table)
        values = move_values(state, table)
        for move in choose(state):
            judged += 1
            after = values[move]
            if before == 0 and after < 0:
                draw_to_loss += 1
            elif before > 0 and after == 0:
                win_to_draw += 1
            elif before > 0 and after < 0:
                win_to_loss += 1
    return judged, draw_to_loss, win_to_draw, win_to_loss


def move_time(choose: Chooser, state: State, repeats: int = 20) -> float:
    """Median seconds for one choice from ``state`` (after a first, warm-up call)."""
    choose(state)
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        choose(state)
        times.append(time.perf_counter() - start)
    return sorted(times)[len(times) // 2]


def main() -> None:
    rows = contenders()
    width = max(len(name) for name, _ in rows)
    print("Every opponent move sequence against each bot (counts are games, i.e. move sequences)")
    print(f"{'bot':<{width}}  {'seat':<6} {'games':>6} {'wins':>6} {'draws':>6} {'losses':>6}")
    for name, choose in rows:
        for seat, seat_name in ((0, "first"), (1, "second")):
            tally: Tally = tally_games(TicTacToe(), seat, choose)
            print(f"{name:<{width}}  {seat_name:<6} {tally.games:>6} {tally.wins:>6} {tally.draws:>6} {tally.losses:>6}")
    print()
    print("Moves that lower the exact game value, over every reachable position with a move to make")
    print(f"{'bot':<{width}}  {'moves':>6} {'draw->loss':>10} {'win->draw':>10} {'win->loss':>10}")
    for name, choose in rows:
        judged, d2l, w2d, w2l = value_drops(choose)
        print(f"{name:<{width}}  {judged:>6} {d2l:>10} {w2d:>10} {w2l:>10}")
    print()
    print("Seconds per move (median of 20, after one warm-up call)")
    start = TicTacToe()
    middle = TicTacToe.from_text("b2 a3 c1")
    for name, choose in rows:
        print(f"{name:<{width}}  empty board {move_time(choose, start):.6f}   after b2 a3 c1 {move_time(choose, middle):.6f}")
    cold = time.perf_counter()
    TicTacToePerfect._table.clear()
    TicTacToePerfect(seed=0).choose_move(TicTacToe(), 1.0)
    print(f"Master's first move with an empty table (solves the whole game): {time.perf_counter() - cold:.4f} s")
    game_tree.cache_clear()
    cold = time.perf_counter()
    TicTacToeSymmetry().choose_move(TicTacToe(), 1.0)
    print(f"Hard's first move with no tree yet (builds the tree): {time.perf_counter() - cold:.4f} s")


if __name__ == "__main__":
    main()
