"""How much memory a bot's process uses, tier by tier, under its memory limit.

Each tier of ``config.yaml`` (every game, or those named) plays ``--moves``
moves from the start and then gives one hint (``analyse``, the game's hint
time), in a worker forked from the fork server as in the window, with the
memory limit of ``config.yaml``'s ``bots:`` (or ``--limit-mb``). The bot's
process (the keeper's child, ``game/match/containment.py``) is sampled every
20 ms: the peaks of its data (``VmData``: what ``RLIMIT_DATA`` counts), its
address space (``VmSize``: what ``RLIMIT_AS`` would count) and its resident
memory (``VmHWM``), in MB, and the failures the tier had. Linux only.

    python benchmarks/worker_memory.py
    python benchmarks/worker_memory.py connect4 --limit-mb 512
"""
from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.botregistry import BotRegistry  # noqa: E402
from game.match.config import load_config  # noqa: E402
from game.match.runner import ANALYSE, BotRunner, prepare_workers  # noqa: E402
from game.match.supervisor import fork_server_ready  # noqa: E402
from game.rules.catalogue import game_ids, new_state  # noqa: E402

FIELDS = ("VmData", "VmSize", "VmHWM")


def bot_process_memory(keeper: int) -> dict[str, int]:
    """``FIELDS`` of the keeper's child (the bot's process), in MB; {} if it cannot be read."""
    try:
        with open(f"/proc/{keeper}/task/{keeper}/children") as children:
            bot = children.read().split()[0]
        with open(f"/proc/{bot}/status") as status:
            lines = [line.partition(":") for line in status]
    except (OSError, IndexError):
        return {}
    return {key: int(value.split()[0]) // 1024 for key, _, value in lines if key in FIELDS}


def measure(runner: BotRunner, game_id: str, moves: int, hint_seconds: float) -> tuple[dict[str, int], list[str]]:
    peak: dict[str, int] = {}
    failures: list[str] = []
    state = new_state(game_id)
    for turn in range(moves + 1):
        if state.is_over():
            break
        hint = turn == moves
        runner.request(state, ANALYSE if hint else "move", hint_seconds if hint else None)
        while (reply := runner.poll()) is None:
            for key, value in bot_process_memory(runner.pid).items():
                peak[key] = max(peak.get(key, 0), value)
            time.sleep(0.02)
        if reply.failure:
            failures.append(reply.failure)
        if not hint:
            state.push(reply.move)
    return peak, failures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--moves", type=int, default=8, help="moves from the start before the hint")
    parser.add_argument("--limit-mb", type=int, help="the memory limit (default: config.yaml's bots:)")
    args = parser.parse_args()
    prepare_workers()
    print(f"fork server ready: {fork_server_ready(120)}")
    registry, config = BotRegistry.discover(), load_config()
    limit = (args.limit_mb << 20) if args.limit_mb else config.bots.memory_limit
    print(f"memory limit {limit >> 20} MB; peaks of the bot's process in MB")
    print(f"{'game':16} {'tier':8} {'data':>6} {'address':>8} {'resident':>9}  failures")
    for game_id in args.games or game_ids():
        game = config.game(game_id)
        for tier in game.tiers:
            spec = dataclasses.replace(config.bot_spec(game_id, tier.name, registry), memory_limit=limit)
            with BotRunner(spec) as runner:
                peak, failures = measure(runner, game_id, args.moves, game.hint_seconds)
            figures = " ".join(f"{peak.get(key, 0):>{width}}" for key, width in zip(FIELDS, (6, 8, 9)))
            print(f"{game_id:16} {tier.name:8} {figures}  {len(failures)}{': ' + failures[0] if failures else ''}",
                  flush=True)


if __name__ == "__main__":
    main()
