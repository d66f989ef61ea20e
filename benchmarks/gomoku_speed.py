"""Gomoku Hard's and Master's engines: nodes per second, depth reached in 1 s and 2 s, threat-search times.

On a few middle-game positions (15x15, freestyle and Renju, from games
the two tiers played each other), for each tier:

* the alpha-beta search alone (``bots/gomoku_hard.py``'s ``deepen_root``
  over the tier's root moves, no threat search first), given 1 s and then
  2 s: the depth it finished, its nodes and nodes per second;
* each threat search the tier runs before a move, for the side to move
  and for the opponent: VCF (both tiers) and VCT (Master), its answer
  (``win in N`` or ``none``), nodes and time.

With ``--check`` it runs only this: each tier's alpha-beta deepened to a
fixed depth (depth 1, 2, ... up to ``CHECK_DEPTH``, the tier's own width,
pruning and evaluation), and each threat search, on the same positions and
a 9x9 and a standard-rule one, and compares the nodes, the best move and its
value with the counts recorded from the engine before its state moved into
one record (``RECORDED``): equal counts say the search is the same search.
It prints the nodes per second of each tier's alpha-beta, of Master's
analysis and of the threat searches, timed around the searches alone.

Kernels are compiled (or loaded from numba's cache) first, untimed. Run
from the repository root (about half a minute)::

    python benchmarks/gomoku_speed.py
    python benchmarks/gomoku_speed.py --seconds 1
    python benchmarks/gomoku_speed.py --check
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
from bots.lib.gomoku_board import Board, to_point  # noqa: E402
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


#: Further positions for ``--check``: a small board and the standard (exactly five) rule.
CHECK_POSITIONS = POSITIONS + (
    ("free9-12", "freestyle", "e5 d4 f5 f4 d6 e4 c7 g3 d5 c5 e6 f7", 9),
    ("std-16", "standard", "h8 h9 i7 k5 k7 j7 k6 l6 j4 g9 i9 g7 g8 i8 f11 e9"),
)
#: Depth of the alpha-beta for ``--check`` (Hard and Master).
CHECK_DEPTH = {"Hard": 8, "Master": 9}
#: Depth of Master's full-window search of every root move (as an analysis runs it) for ``--check``.
CHECK_EXACT_DEPTH = 5
#: ``--check``'s figures: (position, search) -> (nodes, best move and value, or the threat search's answer).
#: Hard's and the threat searches' are from the engine before its state moved into one record; Master's and
#: the analysis's from its selective search with fours at the horizon.
RECORDED: dict[tuple[str, str], tuple[int, str]] = {
    ('free-20', 'Hard d8'): (115468, 'f10 126'),
    ('free-20', 'Master d9'): (107497, 'g11 231'),
    ('free-20', 'exact d5'): (9745, 'f9 220'),
    ('free-20', 'VCF mover'): (0, 'none'),
    ('free-20', 'VCT mover'): (256, 'none'),
    ('free-20', 'VCF other'): (60, 'none'),
    ('free-20', 'VCT other'): (2118, 'win in 7: d9 f9 f10 b6 g11 h12 c7 / d9 f9 f10 g11 d10 h10 j8 e13 f12 d11 c10 b10 g10'),
    ('free-34', 'Hard d8'): (138936, 'c10 378'),
    ('free-34', 'Master d9'): (852624, 'c10 693'),
    ('free-34', 'exact d5'): (42883, 'c10 705'),
    ('free-34', 'VCF mover'): (1270, 'none'),
    ('free-34', 'VCT mover'): (8878, 'none'),
    ('free-34', 'VCF other'): (1, 'win in 2: c10 b10 g10 / c10 b10 g10'),
    ('free-34', 'VCT other'): (1, 'win in 2: c10 b10 g10 / c10 b10 g10'),
    ('renju-20', 'Hard d8'): (136615, 'k10 -67'),
    ('renju-20', 'Master d9'): (187269, 'h5 -220'),
    ('renju-20', 'exact d5'): (16246, 'h5 156'),
    ('renju-20', 'VCF mover'): (60, 'none'),
    ('renju-20', 'VCT mover'): (919, 'none'),
    ('renju-20', 'VCF other'): (0, 'none'),
    ('renju-20', 'VCT other'): (10900, 'none'),
    ('renju-40', 'Hard d8'): (62569, 'l13 -284'),
    ('renju-40', 'Master d9'): (190436, 'l13 -502'),
    ('renju-40', 'exact d5'): (26084, 'l13 -280'),
    ('renju-40', 'VCF mover'): (60, 'none'),
    ('renju-40', 'VCT mover'): (425, 'none'),
    ('renju-40', 'VCF other'): (1, 'win in 2: l13 j15 o10 / l13 j15 o10'),
    ('renju-40', 'VCT other'): (1, 'win in 2: l13 j15 o10 / l13 j15 o10'),
    ('free9-12', 'Hard d8'): (56500, 'g4 279'),
    ('free9-12', 'Master d9'): (159324, 'g4 1233'),
    ('free9-12', 'exact d5'): (9070, 'g4 1182'),
    ('free9-12', 'VCF mover'): (344, 'none'),
    ('free9-12', 'VCT mover'): (30271, 'none'),
    ('free9-12', 'VCF other'): (1, 'win in 2: g4 c4 h4 / g4 c4 h4'),
    ('free9-12', 'VCT other'): (1, 'win in 2: g4 c4 h4 / g4 c4 h4'),
    ('std-16', 'Hard d8'): (133504, 'f8 175'),
    ('std-16', 'Master d9'): (129241, 'f9 367'),
    ('std-16', 'exact d5'): (13870, 'h6 571'),
    ('std-16', 'VCF mover'): (0, 'none'),
    ('std-16', 'VCT mover'): (0, 'none'),
    ('std-16', 'VCF other'): (60, 'none'),
    ('std-16', 'VCT other'): (1892, 'win in 6: f9 d9 f8 i5 d10 c11 h6 / f9 d9 f8 d10 f7 f6 e7 d7 h10 i11 d6'),
}


def fixed_depth_row(tier: type[GomokuHard], state: Gomoku, depth: int, exact: bool = False
                    ) -> tuple[int, int, int, float]:
    """(nodes, best move as a rules point, its value, seconds searching) of the tier's alpha-beta
    deepened to ``depth`` (with ``exact``, every root move's value exact, as an analysis searches)."""
    board = Board.of(state, tier.point_values)
    colour = Gomoku.colour(state.turn)
    bot = tier(seed=0)
    search = bot.new_search(board)
    roots = search.candidates(colour, ROOT_WIDTH)[:max(bot.width, 2)]
    move, value = -1, 0
    begun = time.perf_counter()
    for d in range(1, depth + 1):
        best, values, aborted = search.search(colour, roots, d, time.perf_counter() + 600.0, 1 << 50, exact)
        if aborted or best < 0:
            raise RuntimeError(f"the depth {d} search of {state.to_text()!r} stopped short")
        move, value = roots[best], int(values[best])
        if not exact:
            roots.insert(0, roots.pop(best))
    return search.nodes, to_point(board.size, move), value, time.perf_counter() - begun


def check_rows() -> list[tuple]:
    """Every ``--check`` figure: (position, what, nodes, answer, seconds searching)."""
    rows = []
    for name, rule, moves, *size in CHECK_POSITIONS:
        state = Gomoku.from_text(moves, rule=rule, size=size[0] if size else 15)
        for tier in (GomokuHard, GomokuMaster):
            label = "Hard" if tier is GomokuHard else "Master"
            nodes, move, value, used = fixed_depth_row(tier, state, CHECK_DEPTH[label])
            rows.append((name, f"{label} d{CHECK_DEPTH[label]}", nodes, f"{state.move_to_str(move)} {value}", used))
        nodes, move, value, used = fixed_depth_row(GomokuMaster, state, CHECK_EXACT_DEPTH, exact=True)
        rows.append((name, f"exact d{CHECK_EXACT_DEPTH}", nodes, f"{state.move_to_str(move)} {value}", used))
        for side, attacker in (("mover", Gomoku.colour(state.turn)), ("other", 3 - Gomoku.colour(state.turn))):
            for vct in (False, True):
                rows.append((name, f"{'VCT' if vct else 'VCF'} {side}", *proof_row(state, attacker, vct)))
    return rows


def proof_row(state: Gomoku, attacker: int, vct: bool) -> tuple[int, str, float]:
    """(nodes, answer, seconds searching) of one threat search as the tier runs it, its line and, for
    a win, the line along which the defender holds out longest (``principal_line``)."""
    threats = ThreatSearch(Board.of(state))
    begun = time.perf_counter()
    far = begun + 600.0
    found = threats.prove(attacker, vct, VCT_DEPTH if vct else VCF_DEPTH, 1 << 40, far)
    if found is None:
        return threats.nodes, "none", time.perf_counter() - begun
    longest = threats.principal_line(attacker, vct, found[0], far) or []
    return threats.nodes, (f"win in {found[0]}: " + " ".join(map(state.move_to_str, found[1]))
                           + " / " + " ".join(map(state.move_to_str, longest))), time.perf_counter() - begun


def search_row(tier: type[GomokuHard], state: Gomoku, seconds: float) -> tuple[int, int, float]:
    """(depth finished, nodes, seconds used) of the tier's alpha-beta alone for ``seconds``."""
    board = Board.of(state, tier.point_values)
    colour = Gomoku.colour(state.turn)
    bot = tier(seed=0)
    search = bot.new_search(board)
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
    parser.add_argument("--check", action="store_true", help="compare fixed-depth node counts with RECORDED")
    args = parser.parse_args(argv)
    for tier in (GomokuHard, GomokuMaster):
        tier.warm_up()
        tier.warm_up_later()
    if args.check:
        return check()
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


def recorded_text() -> str:
    """``RECORDED``'s source from this engine's figures (to record a new engine's, once checked)."""
    lines = [f"    {row[:2]!r}: {row[2:4]!r}," for row in check_rows()]
    return "RECORDED = {\n" + "\n".join(lines) + "\n}"


def check() -> int:
    """Print each fixed-depth figure beside the recorded one; 1 if any differs."""
    differ = 0
    print(f"{'position':10} {'search':12} {'nodes':>10} {'nodes/s':>10}  recorded?  answer")
    totals = {"Hard": [0, 0.0], "Master": [0, 0.0], "exact": [0, 0.0], "VC": [0, 0.0]}
    for row in check_rows():
        recorded = RECORDED.get(row[:2])
        same = recorded == row[2:4]
        differ += not same
        total = totals["VC" if row[1].startswith("VC") else row[1].split()[0]]
        total[0] += row[2]
        total[1] += row[4]
        print(f"{row[0]:10} {row[1]:12} {row[2]:10,d} {row[2] / max(row[4], 1e-9):10,.0f}  "
              f"{'same' if same else f'recorded {recorded}'}  {row[3]}")
    names = {"Hard": "Hard alpha-beta", "Master": "Master alpha-beta", "exact": "Master analysis",
             "VC": "threat searches"}
    for label, (nodes, used) in totals.items():
        print(f"{names[label]}: {nodes:,d} nodes in {used:.2f} s searching, {nodes / used:,.0f} nodes/s")
    print("all as recorded" if not differ else f"{differ} differ from the record")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
