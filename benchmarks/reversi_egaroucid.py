"""Reversi Master against a reference NBoard engine (Egaroucid), games in colour-swapped pairs.

Games are played in pairs from random openings (``--openings`` random legal
moves, drawn as the arena's ``--openings`` draws them, ``--seed`` repeats
them), colours swapped within a pair. The two engines take turns: only one
thinks at a time (the machine is shared, and contention that hits both alike
is fairer than contention that hits one). Master plays through
``ReversiMaster.choose_move`` with ``--ours`` seconds a move (its budget, as
the arena gives it); the reference through the project's NBoard client
(``bots/lib/nboard_client.py``), its answer awaited ``--theirs`` seconds (plus
the client's grace). NBoard has no time per move: the reference is meant to
play at a fixed level of its own (Egaroucid's front end ``--level N``, which
ignores the ``set depth`` the client sends), so its move time is what that
level takes, and ``--theirs`` is only how long it may take before its move
counts as timed out: the engine is then restarted and a random legal move is
played for it (counted, and the score is also given over the games without
one).

Printed: a line per game, then the table: Master's wins, losses and draws and
its score, the final disc differences (Master's discs minus the reference's,
empties to the winner as the game counts them: the mean, and per game), each
side's mean move time (wall clock, measured here, every move it chose, forced
ones included) and nodes per second (Master's search and solver nodes; the
reference's from its ``nodestats`` lines, where it writes them), the
reference's timeouts, and the machine's load at start and end.
``--record FILE`` appends each game as a JSON line, so long runs can be split
and summed (``--sum``).

Egaroucid for Web (github.com/Nyanyan/Egaroucid, ``src/web``: its evaluation
weights and opening book are in the sources) built natively with an NBoard
front end of one's own, one thread::

    nice -n 5 python benchmarks/reversi_egaroucid.py --games 40 --ours 1.0 --record egaroucid_l11.jsonl \\
        --reference /tmp/build-engines/egaroucid/nboard_egaroucid --reference-args --level 11
    python benchmarks/reversi_egaroucid.py --sum egaroucid_l11.jsonl
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

from bots.lib.engine_process import EngineError, EngineProcess, EngineTimeout  # noqa: E402
from bots.lib.nboard_client import NBoardClient  # noqa: E402
from bots.reversi_master import ReversiMaster  # noqa: E402
from game.match.arena import draw_openings, start_from  # noqa: E402

from benchmarks.reference_pairs import load, mean, read_records, run_match, score  # noqa: E402

OURS, THEIRS = "Master", "reference"


class CountedProcess(EngineProcess):
    """An engine process that adds up the nodes of the ``nodestats NODES SECONDS`` lines it reads."""

    nodes = 0
    searches = 0

    def read_line(self, timeout: float) -> str:
        line = super().read_line(timeout)
        words = line.split()
        if words[:1] == ["nodestats"] and len(words) >= 2 and words[1].isdigit():
            self.nodes += int(words[1])
            self.searches += 1
        return line




def play_game(master: ReversiMaster, client: NBoardClient, process: CountedProcess, opening: tuple,
              master_seat: int, ours: float, theirs: float, rng: random.Random) -> dict:
    """One game from ``opening``, Master in ``master_seat`` (0 plays Black): its record."""
    state = start_from("reversi", {}, opening)
    master.new_game()
    client.new_game()
    times: dict[str, list[float]] = {OURS: [], THEIRS: []}
    nodes = {OURS: 0, THEIRS: 0}
    timeouts = failures = 0
    while state.outcome() is None:
        started = time.perf_counter()
        if state.turn == master_seat:
            before = master.nodes
            move = master.choose_move(state, ours)
            times[OURS].append(time.perf_counter() - started)
            nodes[OURS] += master.nodes - before
        else:
            before = process.nodes
            try:
                move = client.move(state, theirs)
            except EngineError as err:
                if isinstance(err, EngineTimeout):
                    timeouts += 1
                else:
                    failures += 1
                print(f"  reference failed: {err}; a random move is played", flush=True)
                process.stop()
                process.start()
                client.new_game()
                move = rng.choice(state.legal_moves())
            times[THEIRS].append(time.perf_counter() - started)
            nodes[THEIRS] += process.nodes - before
        state.push(move)
    outcome = state.outcome()
    scores = outcome.scores
    return {"opening": [state.move_to_str(m) for m in opening], "master_seat": master_seat,
            "result": outcome.result_for(master_seat), "discs": scores[master_seat] - scores[1 - master_seat],
            "moves": state.to_text(), "plies": len(state.move_stack), "ours_times": times[OURS],
            "theirs_times": times[THEIRS], "ours_nodes": nodes[OURS], "theirs_nodes": nodes[THEIRS],
            "timeouts": timeouts, "failures": failures, "ours": ours, "theirs": theirs}


def table(records: list[dict]) -> str:
    """The summary table of ``records``."""
    wins, losses, draws, share = score(records)
    ours = [t for r in records for t in r["ours_times"]]
    theirs = [t for r in records for t in r["theirs_times"]]
    discs = [r["discs"] for r in records]
    as_black = [r for r in records if r["master_seat"] == 0]
    as_white = [r for r in records if r["master_seat"] == 1]
    clean = [r for r in records if not r["timeouts"] and not r["failures"]]
    budgets = sorted({(r["ours"], r["theirs"]) for r in records})
    ours_nodes = sum(r["ours_nodes"] for r in records)
    theirs_nodes = sum(r["theirs_nodes"] for r in records)
    lines = [
        f"Master's budget / the reference's longest wait a move: "
        f"{', '.join(f'{a:g} s / {b:g} s' for a, b in budgets)}",
        f"games {len(records)}: Master {wins} won, {losses} lost, {draws} drawn; score {100 * share:.1f}%"
        f" (as Black {score(as_black)[0]}/{len(as_black)} won, as White {score(as_white)[0]}/{len(as_white)})",
        f"disc difference (Master - reference): mean {mean(discs):+.2f} a game; "
        f"per game {' '.join(f'{d:+d}' for d in discs)}",
        f"mean move time: Master {mean(ours):.3f} s over {len(ours)} moves (longest {max(ours, default=0):.2f} s), "
        f"reference {mean(theirs):.3f} s over {len(theirs)} moves (longest {max(theirs, default=0):.2f} s)",
        f"nodes: Master {ours_nodes / 1e6:.1f} M ({ours_nodes / max(sum(ours), 1e-9) / 1e6:.2f} M per second "
        f"of its move time), reference {theirs_nodes / 1e6:.1f} M "
        f"({theirs_nodes / max(sum(theirs), 1e-9) / 1e6:.2f} M per second of its move time)",
        f"reference timeouts {sum(r['timeouts'] for r in records)}, other failures "
        f"{sum(r['failures'] for r in records)} (a random move played for each), in "
        f"{len(records) - len(clean)} games",
    ]
    if len(clean) != len(records):
        c_wins, c_losses, c_draws, c_score = score(clean)
        lines.append(f"games without a timeout or failure {len(clean)}: Master {c_wins} won, {c_losses} lost, "
                     f"{c_draws} drawn; score {100 * c_score:.1f}%; mean disc difference "
                     f"{mean([r['discs'] for r in clean]):+.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--reference", help="the reference NBoard engine's program")
    parser.add_argument("--reference-args", nargs=argparse.REMAINDER, default=[],
                        help="arguments for the reference program (last on the line), e.g. --level 11")
    parser.add_argument("--protocol-version", type=int, default=2, help="what the client says in nboard N")
    parser.add_argument("--games", type=int, default=4, help="games (rounded up to pairs)")
    parser.add_argument("--ours", type=float, default=1.0, help="Master's seconds a move (its budget)")
    parser.add_argument("--theirs", type=float, default=30.0,
                        help="the seconds the reference's move is awaited before it counts as timed out")
    parser.add_argument("--confidence", type=float,
                        help="Master's confidence for cuts in play (ReversiMaster's parameter; default: its own)")
    parser.add_argument("--openings", type=int, default=4, help="random legal moves each pair starts from")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-pairs", type=int, default=0, help="start at this pair of the seeded openings")
    parser.add_argument("--record", help="append each game as a JSON line to this file")
    parser.add_argument("--sum", nargs="*", help="print the table of these record files and play nothing")
    args = parser.parse_args(argv)
    if args.sum is not None:
        print(table(read_records(args.sum)))
        return 0
    if not args.reference:
        parser.error("--reference PATH is needed to play")
    pairs = (args.games + 1) // 2
    openings = draw_openings("reversi", {}, args.openings, args.skip_pairs + pairs,
                             random.Random(args.seed))[args.skip_pairs:]
    folder = tempfile.mkdtemp(prefix="reversi_reference_")
    process = CountedProcess([args.reference, *args.reference_args], name=Path(args.reference).name,
                             log_path=Path(folder) / "engine.log", cwd=Path(args.reference).resolve().parent)
    process.start()
    client = NBoardClient(process, protocol_version=args.protocol_version)
    master = ReversiMaster(seed=args.seed) if args.confidence is None else \
        ReversiMaster(confidence=args.confidence, seed=args.seed)
    print(f"reference: {client.engine_name()} ({' '.join([args.reference, *args.reference_args])}, its log in "
          f"{folder}); Master {args.ours:g} s a move, confidence {master.confidence:g}; load at start {load()}; "
          f"pid {os.getpid()}", flush=True)
    ReversiMaster.warm_up()
    ReversiMaster.warm_up_later()
    rng = random.Random(args.seed)

    def describe(record: dict) -> str:
        return (f"Master as {'Black' if record['master_seat'] == 0 else 'White'}: {record['result']} by "
                f"{record['discs']:+d}; Master {mean(record['ours_times']):.2f} s, reference "
                f"{mean(record['theirs_times']):.2f} s a move; opening {' '.join(record['opening'])}")

    def close() -> None:
        client.close()
        process.stop()

    return run_match(openings,
                     lambda opening, seat: play_game(master, client, process, opening, seat, args.ours,
                                                     args.theirs, rng),
                     describe, table, close, args.skip_pairs + 1, args.record)


if __name__ == "__main__":
    sys.exit(main())
