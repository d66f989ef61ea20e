"""Gomoku Master against a reference Gomocup engine (Rapfi), each with its own time a move.

Games are played in pairs from random openings (``--opening-stones``
stones near the centre, drawn as the arena draws them, ``--seed`` repeats
them), colours swapped within a pair, freestyle 15x15 unless told. The two
engines take turns: only one thinks at a time (the machine is shared, and
contention that hits both alike is fairer than contention that hits one).
Master plays through ``GomokuMaster.choose_move`` with ``--ours`` seconds a
move (its budget, as the arena gives it); the reference through the
project's Gomocup client (``bots/lib/gomocup_client.py``) with
``INFO timeout_turn`` set to ``--theirs`` seconds. An engine move that fails
(refused, garbled, late) is counted and a random legal move is played for it.

Printed: a line per game, then the table: wins, losses and draws for
Master, its score, each side's mean move time (wall clock, measured here),
Master's nodes per second over its searched moves and its mean and deepest
alpha-beta depth, and the machine's load average at start and end.
``--record FILE`` appends each game as a JSON line (the opening, colours,
moves, result, times), so long runs can be split and summed (``--sum``).

Rapfi (github.com/dhbloo/rapfi) built from its sources runs its built-in
classical evaluation when started in a folder without a ``config.toml``
(the script runs it in a fresh temporary folder), one thread::

    nice -n 5 python benchmarks/gomoku_rapfi.py --reference /tmp/build-engines/rapfi/build/pbrain-rapfi \\
        --games 40 --ours 1.0 --theirs 0.25 --record rapfi_1s_250ms.jsonl
    python benchmarks/gomoku_rapfi.py --sum rapfi_1s_250ms.jsonl

With ``--onset SECONDS`` (beside ``--sum``) it also says where each decided
game was decided: the first position in which the winner, to move, has a
threat win our threat search proves (``bots/lib/gomoku_threats.py``: by
fours up to 16 own moves, else by threes and fours up to 12, ``SECONDS``
each), and whether the winner already had one before the loser's move just
before it (the loser was answering a threat it could not hold). A proven
win may exist earlier, beyond the search's depth or time, so the ply is the
latest the game was decided by, and a game with none found was decided
without a threat win the search saw::

    python benchmarks/gomoku_rapfi.py --sum rapfi_1s_250ms.jsonl --onset 3
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.gomoku_hard import VCF_DEPTH  # noqa: E402
from bots.gomoku_master import GomokuMaster  # noqa: E402
from bots.lib.gomoku_board import BLACK, WHITE, Board  # noqa: E402
from bots.lib.gomoku_threats import ThreatSearch  # noqa: E402
from bots.lib.ttable import clock  # noqa: E402
from bots.lib.engine_process import EngineError, EngineProcess  # noqa: E402
from bots.lib.gomocup_client import GomocupClient  # noqa: E402
from game.match.arena import draw_openings, start_from  # noqa: E402
from game.rules.gomoku import Gomoku  # noqa: E402

from benchmarks import reference_pairs  # noqa: E402
from benchmarks.reference_pairs import load, mean, read_records, run_match  # noqa: E402

OURS, THEIRS = "Master", "reference"
#: The most own moves ``--onset``'s victories by threes and fours may take.
ONSET_VCT_DEPTH = 12


def play_game(master: GomokuMaster, client: GomocupClient, options: dict, opening: tuple, master_seat: int,
              ours: float, theirs: float, rng: random.Random) -> dict:
    """One game from ``opening``, Master in ``master_seat`` (0 plays Black): its record."""
    state = start_from("gomoku", options, opening)
    master.new_game()
    client.new_game()
    times = {OURS: [], THEIRS: []}
    searched_nodes = searched_time = 0.0
    depths: list[int] = []
    failures = 0
    while state.outcome() is None:
        started = time.perf_counter()
        if state.turn == master_seat:
            move = master.choose_move(state, ours)
            spent = time.perf_counter() - started
            times[OURS].append(spent)
            if master.depth:
                depths.append(master.depth)
                searched_nodes += master.nodes
                searched_time += spent
        else:
            try:
                move = client.move(state, theirs)
            except EngineError as err:
                failures += 1
                print(f"  reference failed: {err}; a random move is played", flush=True)
                client.new_game()
                move = rng.choice(state.legal_moves())
            times[THEIRS].append(time.perf_counter() - started)
        state.push(move)
    outcome = state.outcome()
    result = outcome.result_for(master_seat)
    return {"opening": [state.move_to_str(m) for m in opening], "master_seat": master_seat, "result": result,
            "moves": state.to_text(), "plies": len(state.move_stack), "ours_times": times[OURS],
            "theirs_times": times[THEIRS], "nodes": searched_nodes, "searched_time": searched_time,
            "depths": depths, "failures": failures, "ours": ours, "theirs": theirs}


def table(records: list[dict]) -> str:
    """The summary table of ``records``."""
    wins, losses, draws, score = reference_pairs.score(records)
    ours = [t for r in records for t in r["ours_times"]]
    theirs = [t for r in records for t in r["theirs_times"]]
    depths = [d for r in records for d in r["depths"]]
    nodes = sum(r["nodes"] for r in records)
    searched = sum(r["searched_time"] for r in records)
    as_black = [r for r in records if r["master_seat"] == 0]
    black_wins = sum(r["result"] == "win" for r in as_black)
    white_wins = sum(r["result"] == "win" for r in records if r["master_seat"] == 1)
    budgets = sorted({(r["ours"], r["theirs"]) for r in records})
    lines = [
        f"time a move (Master / reference): {', '.join(f'{a:g} s / {b:g} s' for a, b in budgets)}",
        f"games {len(records)}: Master {wins} won, {losses} lost, {draws} drawn; score {100 * score:.1f}%"
        f" (as Black {black_wins}/{len(as_black)} won, as White {white_wins}/{len(records) - len(as_black)})",
        f"mean move time: Master {sum(ours) / max(1, len(ours)):.3f} s over {len(ours)} moves, "
        f"reference {sum(theirs) / max(1, len(theirs)):.3f} s over {len(theirs)} moves",
        f"Master's searched moves: {nodes / max(searched, 1e-9) / 1e6:.2f} M nodes/s, depth mean "
        f"{sum(depths) / max(1, len(depths)):.1f}, deepest {max(depths, default=0)}",
        f"reference failures (random move played): {sum(r['failures'] for r in records)}",
    ]
    return "\n".join(lines)


def threat_win(state: Gomoku, colour: int, seconds: float) -> tuple[str, int] | None:
    """``colour``'s threat win in ``state`` as if it were to move, proven within ``seconds`` for each
    kind: ("VCF" or "VCT", own moves to the five), or None."""
    threats = ThreatSearch(Board.of(state))
    found = threats.prove(colour, False, VCF_DEPTH, 1 << 40, clock() + seconds)
    if found is not None:
        return "VCF", found[0]
    found = threats.prove(colour, True, ONSET_VCT_DEPTH, 1 << 40, clock() + seconds)
    return ("VCT", found[0]) if found is not None else None


def onset(record: dict, options: dict, seconds: float) -> tuple[int, str, int, bool] | None:
    """Where the recorded game was decided (see the module notes): (ply, method, own moves, whether the
    winner already had a threat win before the loser's move before it), or None (a draw, or none found)."""
    if record["result"] not in ("win", "loss"):
        return None
    ours_first = record["master_seat"] == 0
    winner = BLACK if (record["result"] == "win") == ours_first else WHITE
    moves = record["moves"].split()
    for ply in range(len(record["opening"]), len(moves)):
        if (ply % 2 == 0) != (winner == BLACK):
            continue
        found = threat_win(Gomoku.from_text(" ".join(moves[:ply]), **options), winner, seconds)
        if found is not None:
            before = ply > len(record["opening"]) and threat_win(
                Gomoku.from_text(" ".join(moves[:ply - 1]), **options), winner, seconds) is not None
            return ply, found[0], found[1], before
    return None


def onset_table(records: list[dict], options: dict, seconds: float) -> str:
    """A line per game on where it was decided, then the plies by Master's colour and result."""
    GomokuMaster.warm_up_later()   # the threat search compiled first, not on the first position's clock
    lines, plies = [], {}
    for index, record in enumerate(records):
        colour = "Black" if record["master_seat"] == 0 else "White"
        found = onset(record, options, seconds)
        key = (colour, record["result"])
        plies.setdefault(key, []).append(found[0] if found else None)
        where = "no threat win found"
        if found:
            ply, method, length, standing = found
            where = f"the winner's {method} in {length} from ply {ply}"
            if standing:
                where += ", a threat win standing before the loser's move"
        lines.append(f"game {index + 1}: Master as {colour}, {record['result']} in {record['plies']} plies: {where}")
    for (colour, result), found in sorted(plies.items()):
        seen = sorted(p for p in found if p is not None)
        median = f", median ply {seen[len(seen) // 2]}, plies {seen[0]} to {seen[-1]}" if seen else ""
        lines.append(f"Master as {colour}, {result}: {len(found)} games, a threat win found in {len(seen)}{median}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--reference", help="the reference Gomocup engine's program (Rapfi's pbrain-rapfi)")
    parser.add_argument("--reference-args", nargs="*", default=[], help="words after the program")
    parser.add_argument("--games", type=int, default=4, help="games (rounded up to pairs)")
    parser.add_argument("--ours", type=float, default=1.0, help="Master's seconds a move")
    parser.add_argument("--theirs", type=float, default=0.25, help="the reference's seconds a move")
    parser.add_argument("--opening-stones", type=int, default=3)
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--rule", default="freestyle")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-pairs", type=int, default=0, help="start at this pair of the seeded openings")
    parser.add_argument("--record", help="append each game as a JSON line to this file")
    parser.add_argument("--sum", nargs="*", help="print the table of these record files and play nothing")
    parser.add_argument("--onset", type=float, metavar="SECONDS",
                        help="with --sum: where each game was decided, each threat search given SECONDS")
    args = parser.parse_args(argv)
    if args.onset is not None and args.sum is None:
        parser.error("--onset reads record files: give them with --sum")
    if args.sum is not None:
        records = read_records(args.sum)
        print(table(records))
        if args.onset is not None:
            print(onset_table(records, {"size": args.size, "rule": args.rule}, args.onset), flush=True)
        return 0
    if not args.reference:
        parser.error("--reference PATH is needed to play")
    options = {"size": args.size, "rule": args.rule}
    pairs = (args.games + 1) // 2
    openings = draw_openings("gomoku", options, args.opening_stones, args.skip_pairs + pairs,
                             random.Random(args.seed))[args.skip_pairs:]
    folder = tempfile.mkdtemp(prefix="gomoku_reference_")
    process = EngineProcess([args.reference, *args.reference_args], name=Path(args.reference).name,
                            log_path=Path(folder) / "engine.log", cwd=Path(folder))
    process.start()
    client = GomocupClient(process)
    print(f"reference: {client.engine_name()} ({args.reference}, in {folder}); load at start {load()}; "
          f"pid {os.getpid()}", flush=True)
    master = GomokuMaster(seed=args.seed)
    GomokuMaster.warm_up()
    GomokuMaster.warm_up_later()
    rng = random.Random(args.seed)

    def describe(record: dict) -> str:
        ours = record["ours_times"]
        return (f"Master as {'Black' if record['master_seat'] == 0 else 'White'}: {record['result']} in "
                f"{record['plies']} plies; Master {mean(ours):.2f} s a move, depth {max(record['depths'], default=0)};"
                f" opening {' '.join(record['opening'])}")

    def close() -> None:
        client.close()
        process.stop()

    return run_match(openings,
                     lambda opening, seat: play_game(master, client, options, opening, seat, args.ours,
                                                     args.theirs, rng),
                     describe, table, close, args.skip_pairs + 1, args.record)


if __name__ == "__main__":
    sys.exit(main())
