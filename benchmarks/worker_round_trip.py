"""What a request to a bot's worker costs beyond the bot's own thinking.

A bot that answers at once (the first legal move; every move valued 0) is
asked about every position of a random game of each game, in order, as in
play (for a move, then for a hint); each request is timed from
``BotRunner.request`` to its reply, the worker already started. What is
left is the wire: the position to the worker and rebuilt there, the answer
back and checked.

    python benchmarks/worker_round_trip.py [--plies 300]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.botregistry import BotRegistry  # noqa: E402
from game.match.runner import ANALYSE, MOVE, BotRunner, BotSpec  # noqa: E402
from game.rules.catalogue import game_ids, new_state  # noqa: E402

BOT = '''
from game.rules.bot import Bot, MoveValue


class AtOnceBot(Bot):
    name = "At once"
    games = {games!r}

    def choose_move(self, state, budget):
        return state.legal_moves()[0]

    def analyse(self, state, budget):
        return {{move: MoveValue(0.0, "0") for move in state.legal_moves()}}
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=300, help="longest random game played first")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "at_once.py").write_text(BOT.format(games=tuple(game_ids())), encoding="utf-8")
        registry = BotRegistry.discover(folder)
        with BotRunner(BotSpec.of(registry.get("AtOnceBot"), budget=5.0)) as runner:
            for game_id, options in [(g, {}) for g in game_ids()] + [("chinesecheckers", {"players": 6})]:
                state, rng = new_state(game_id, **options), random.Random(3)
                times: dict[str, list[float]] = {MOVE: [], ANALYSE: []}
                while not state.is_over() and len(state.move_stack) < args.plies:
                    for kind in (MOVE, ANALYSE):
                        begun = time.perf_counter()
                        runner.request(state, kind)
                        reply = runner.wait()
                        times[kind].append(time.perf_counter() - begun)
                        assert reply.ok, reply.failure
                    state.push(rng.choice(state.legal_moves()))
                name = " ".join([game_id] + [f"{key}={value}" for key, value in options.items()])
                for kind, taken in times.items():
                    print(f"{name:26} {len(taken):3} positions  {kind:7}  median {statistics.median(taken) * 1000:5.2f} ms"
                          f"  max {max(taken) * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
