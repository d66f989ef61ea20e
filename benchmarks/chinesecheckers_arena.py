"""Chinese Checkers tiers against each other in games of 2, 3 and 6 players.

Each table seats one bot of the stronger tier against bots of the weaker one
in every other seat (``--pairings Hard:Medium``: one Hard, the rest Medium)
and plays the games through ``game.match.arena.run_arena`` (worker processes, the
configured time budget, seats rotating from game to game, so the stronger
bot plays from every point in turn). Per tier it reports wins (against its
fair share: one win in N for one of N seats), mean place, its mean and
slowest move, and the mean game length in turns per player.

The targets (issue 4): the stronger tier wins at least 75% of two-player
games and more than its share of 3- and 6-player games; every move under
1 s. Run from the repository root, one table at a time (each takes minutes)::

    python benchmarks/chinesecheckers_arena.py --pairings Hard:Medium --players 2 3 6 --games 24 --seed 7
    python benchmarks/chinesecheckers_arena.py --pairings Hard:Hard --players 2 --games 20

``Hard:Hard`` measures game length: Hard finishing against itself.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.arena import ArenaResult, run_arena  # noqa: E402
from game.match.botregistry import BotRegistry  # noqa: E402
from game.match.config import load_config  # noqa: E402
from game.rules.core import Outcome  # noqa: E402

GAME = "chinesecheckers"


def tier_table(result: ArenaResult, labels: list[str], places: dict[str, list[int]], players: int) -> str:
    """Per tier: seats, wins against its share, mean place, mean and slowest move."""
    games = result.games
    total_moves = sum(side.moves for side in result.sides)
    lines = [f"{players} players, {games} games, seats rotating; mean game length "
             f"{total_moves / games / players:.1f} turns per player", "",
             "tier      seats  wins          share   mean place  mean move   max move  failures"]
    for label in dict.fromkeys(labels):
        sides = [side for side, name in zip(result.sides, labels) if name == label]
        wins = sum(side.wins for side in sides)
        seats = len(sides)
        moves = sum(side.moves for side in sides)
        mean_time = sum(side.total_time for side in sides) / moves if moves else 0.0
        max_time = max(side.max_time for side in sides)
        failures = sum(side.failures for side in sides)
        share = seats / players
        place = sum(places[label]) / len(places[label]) if places[label] else 0.0
        lines.append(f"{label:<9} {seats:>5}  {wins:>3}/{games:<3} {wins / games:>4.0%}  {share:>6.0%}"
                     f"  {place:>10.2f}  {mean_time * 1000:>6.0f} ms  {max_time * 1000:>6.0f} ms  {failures:>8}")
    for side in result.sides:
        for text in side.failure_texts:
            lines.append(f"{side.label} failure: {text}")
    return "\n".join(lines)


def run_table(config, registry, strong: str, weak: str, players: int, games: int, seed: int,
              budget: float | None) -> str:
    labels = [strong] + [weak] * (players - 1)
    specs = [config.bot_spec(GAME, label, registry, budget=budget) for label in labels]
    places: dict[str, list[int]] = defaultdict(list)

    def record(number: int, outcome: Outcome) -> None:
        for place, seats in enumerate(outcome.ranking, start=1):
            for seat in seats:
                places[labels[(seat + number) % players]].append(place)

    begun = time.perf_counter()
    result = run_arena(GAME, specs, games, options={"players": players}, seed=seed, on_game=record)
    took = time.perf_counter() - begun
    return f"{tier_table(result, labels, places, players)}\n(run took {took:.0f} s)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairings", nargs="+", default=["Medium:Easy", "Hard:Medium", "Master:Hard"],
                        metavar="STRONG:WEAK", help="tiers to seat: one STRONG bot, every other seat WEAK")
    parser.add_argument("--players", nargs="+", type=int, default=[2, 3, 6], choices=[2, 3, 4, 6])
    parser.add_argument("--games", type=int, default=24, help="games per table (default 24)")
    parser.add_argument("--seed", type=int, default=7, help="seed of the bots (default 7)")
    parser.add_argument("--budget", type=float, help="seconds per move (default: config)")
    args = parser.parse_args(argv)

    config = load_config(None)
    registry = BotRegistry.discover(None, check=config.bot_checks())
    config.validate(registry)
    for pairing in args.pairings:
        strong, sep, weak = pairing.partition(":")
        if not sep or not strong or not weak:
            parser.error(f"a pairing is STRONG:WEAK, such as Hard:Medium; got {pairing!r}")
        for players in args.players:
            print(f"== {strong} against {weak} ==")
            print(run_table(config, registry, strong, weak, players, args.games, args.seed, args.budget))
            print(flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
