"""Gomoku Hard's and Master's engines: nodes per second, depth reached in 1 s and 2 s, threat-search times.

On a few middle-game positions (15x15, freestyle and Renju, from games
the two tiers played each other), for each tier:

* the alpha-beta search alone (``bots/gomoku_hard.py``'s ``deepen_root``
  over the tier's root moves, no threat search first), given 1 s and then
  2 s: the depth it finished, its nodes and nodes per second;
* each threat search the tier runs before a move, for the side to move
  and for the opponent: VCF (both tiers) and VCT (Master), its answer
  (``win in N`` or ``none``), nodes and time.

Kernels are compiled (or loaded from numba's cache) first, untimed. Run
from the repository root (about half a minute)::

    python benchmarks/gomoku_speed.py
    python benchmarks/gomoku_speed.py --seconds 1
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.gomoku_hard import ROOT_WIDTH, VCF_DEPTH, VCT_DEPTH, GomokuHard, deepen_root  # noqa: E402
from bots.gomoku_master import GomokuMaster  # noqa: E402
from bots.lib.clock import Deadline  # noqa: E402
from bots.lib.gomoku_board import Board  # noqa: E402
from bots.lib.gomoku_engine import Search  # noqa: E402
from bots.lib.gomoku_threats import ThreatSearch  # noqa: E402
from game.rules.gomoku import Gomoku  # noqa: E402

#: (name, rule, moves): middle games of Master against Hard.
POSITIONS = (
    ("free-20", "freestyle", "h8 h9 i7 k5 k7 j7 k6 l6 j4 g9 i9 g7 g8 i8 f11 e9 f8 e10 e8 d8"),
    ("free-34", "freestyle", "h8 h9 i7 k5 k7 j7 k6 l6 j4 g9 i9 g7 g8 i8 f11 e9 f8 e10 e8 d8 d9 f7 g11 e11 f12 "
                             "e13 e12 f10 d12 c12 d13 c14 d11 d10"),
    ("renju-20", "renju", "h8 h9 i7 j6 i9 g7 k7 j8 j5 k6 i6 i8 j7 l7 k4 l3 k8 l9 g8 h7"),
    ("renju-40", "renju", "h8 h9 i7 j6 i9 g7 k7 j8 j5 k6 i6 i8 j7 l7 k4 l3 k8 l9 g8 h7 k10 k11 l6 l11 g4 h5 "
                          "l10 f5 g6 m11 j11 f8 j10 m10 n9 m12 m13 n11 o11 k14"),
)


def search_row(tier: type[GomokuHard], state: Gomoku, seconds: float) -> tuple[int, int, float]:
    """(depth finished, nodes, seconds used) of the tier's alpha-beta alone for ``seconds``."""
    board = Board.of(state, tier.point_values)
    colour = Gomoku.colour(state.turn)
    bot = tier(seed=0)
    search = Search(board, bot.width, prune=tier.vct, reduce=tier.vct, terms=tier.eval_terms)
    roots = search.candidates(colour, ROOT_WIDTH)[:max(bot.width, 2)]
    begun = time.perf_counter()
    found = deepen_root(search, board, colour, roots, Deadline.after(seconds))
    used = time.perf_counter() - begun
    return (found.depth if found is not None else 0), search.nodes, used


def threat_row(state: Gomoku, attacker: int, vct: bool) -> tuple[str, int, float]:
    """(answer, nodes, seconds) of one threat search as the tier runs it before a move."""
    board = Board.of(state)
    threats = ThreatSearch(board)
    begun = time.perf_counter()
    found = threats.prove(attacker, vct, VCT_DEPTH if vct else VCF_DEPTH, 1 << 40, begun + 10.0)
    used = time.perf_counter() - begun
    return (f"win in {found[0]}" if found else "none"), threats.nodes, used


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, nargs="+", default=[1.0, 2.0], help="search times to try")
    args = parser.parse_args(argv)
    GomokuHard.warm_up()
    GomokuMaster.warm_up()
    print("Alpha-beta alone (root moves as the tier takes them):")
    print(f"{'position':10} {'tier':7} {'time':>5} {'depth':>5} {'nodes':>10} {'nodes/s':>10}")
    totals: dict[str, list[float]] = {}
    for name, rule, moves in POSITIONS:
        state = Gomoku.from_text(moves, rule=rule)
        for tier in (GomokuHard, GomokuMaster):
            label = "Hard" if tier is GomokuHard else "Master"
            for seconds in args.seconds:
                depth, nodes, used = search_row(tier, state, seconds)
                totals.setdefault(label, [0, 0.0])
                totals[label][0] += nodes
                totals[label][1] += used
                print(f"{name:10} {label:7} {seconds:5.1f} {depth:5d} {nodes:10,d} {nodes / used:10,.0f}")
    for label, (nodes, used) in totals.items():
        print(f"{label}: {nodes:,.0f} nodes in {used:.1f} s, {nodes / used:,.0f} nodes/s overall")
    print()
    print("Threat searches before a move (VCF up to", VCF_DEPTH, "own moves, VCT up to", VCT_DEPTH, "):")
    print(f"{'position':10} {'side':6} {'search':6} {'answer':>10} {'nodes':>10} {'ms':>8} {'nodes/s':>10}")
    for name, rule, moves in POSITIONS:
        state = Gomoku.from_text(moves, rule=rule)
        for side, attacker in (("mover", Gomoku.colour(state.turn)), ("other", 3 - Gomoku.colour(state.turn))):
            for vct in (False, True):
                answer, nodes, used = threat_row(state, attacker, vct)
                print(f"{name:10} {side:6} {'VCT' if vct else 'VCF':6} {answer:>10} {nodes:10,d} "
                      f"{used * 1000:8.1f} {nodes / max(used, 1e-9):10,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
