"""How many turns a Chinese Checkers search variant needs to fill its goal, against five Hards.

Wins in six-player games are too noisy to tell two strong bots apart in a
few dozen games (one seat in six wins, and a game's length swings by ten
turns). This measures something steadier: the games are played out for
places (``play_on``), and for the variant's seat we take the turn on which it
filled its goal minus the mean of the other seats' (a seat that never
finished counts as the last finisher plus two). Hard in that seat scores 0 on
average, by symmetry; a negative figure is a faster racer. The variant's seat
rotates from game to game. Bots run in this process (no worker), so keep
the machine otherwise idle, or run two at most on two cores.

Variants (each thinks ``0.8 × --scale`` seconds, the Hards ``0.5 × --scale``):

* ``master``: Master as configured: from four seats, full-width Best-Reply
  Search for its first ``tree_after`` turns, then Monte Carlo tree search
  (``--set rounds=2 explore=40.0``: other ``MctsParams`` knobs to try).
* ``brs``: Master's pruned Best-Reply Search, its tree search turned off.
* ``hard``: Hard with Master's time.
* ``hardtt``: Hard's full-width search plus Master's transposition table.
* ``solo``: Master's pruned search over its own moves only, the others standing still.
* ``depthN``: Hard's search, iterative deepening stopped at depth N.

    python benchmarks/chinesecheckers_race.py --variant master --games 12 --scale 0.4
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import fields, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bots.chinesecheckers_brs import ChineseCheckersBRS  # noqa: E402
from bots.chinesecheckers_master import ChineseCheckersMaster  # noqa: E402
from bots.lib.chinesecheckers_mcts import MctsParams  # noqa: E402
from bots.lib.chinesecheckers_search import SearchParams  # noqa: E402
from game.rules.bot import Bot  # noqa: E402
from game.rules.chinesecheckers import ChineseCheckers  # noqa: E402


def variant_bot(variant: str, seconds: float, forward: int, seed: int, settings: dict | None = None) -> Bot:
    """The bot a variant name stands for (see the module docstring)."""
    if variant in ("master", "brs", "solo", "hardtt"):
        master = ChineseCheckersMaster(seconds=seconds, forward=forward, seed=seed,
                                       tree_from=4 if variant == "master" else 7)
        master.mcts_params = replace(master.mcts_params, **(settings or {}))
        if variant == "solo":
            master.crowded_params = master.solo_params
        elif variant == "hardtt":
            master.crowded_params = SearchParams(start_fraction=0.5)
        return master
    hard = ChineseCheckersBRS(seconds=seconds, seed=seed)
    if variant.startswith("depth") and variant[5:].isdigit():
        hard.params = SearchParams(max_depth=int(variant[5:]))
    elif variant != "hard":
        raise SystemExit(f"unknown variant {variant!r}: master, brs, hard, hardtt, solo or depthN")
    return hard


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="master")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies every bot's thinking time")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--players", type=int, default=6, choices=[3, 4, 6])
    parser.add_argument("--forward", type=int, default=8, help="Master's forward moves kept per seat")
    parser.add_argument("--set", nargs="*", default=[], metavar="KNOB=VALUE",
                        help="Master's tree search knobs (MctsParams fields), e.g. rounds=2 explore=40.0")
    args = parser.parse_args(argv)
    settings = {}
    for item in args.set:
        knob, _, value = item.partition("=")
        if knob not in {f.name for f in fields(MctsParams)}:
            parser.error(f"--set {item}: no tree search knob {knob!r} (MctsParams has "
                         f"{', '.join(f.name for f in fields(MctsParams))})")
        try:
            settings[knob] = float(value) if "." in value else int(value)
        except ValueError:
            parser.error(f"--set {item}: {value!r} is not a number")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if not 0.02 <= args.scale <= 20:
        parser.error("--scale must be from 0.02 to 20 (thinking times of 0.01 s to 16 s)")
    variant_bot(args.variant, 0.8 * args.scale, args.forward, 0, settings)

    places: list[int] = []
    diffs: list[float] = []
    begun = time.perf_counter()
    for number in range(args.games):
        seat = number % args.players
        bots = [variant_bot(args.variant, 0.8 * args.scale, args.forward, args.seed * 100 + number, settings)
                if s == seat
                else ChineseCheckersBRS(seconds=0.5 * args.scale, seed=args.seed * 100 + number * 7 + s)
                for s in range(args.players)]
        state = ChineseCheckers(players=args.players, play_on=True)
        filled: dict[int, int] = {}
        while state.outcome() is None:
            mover = state.turn
            state.push(bots[mover].choose_move(state.copy(), 1.0))
            if mover in state.finished and mover not in filled:
                filled[mover] = state.turns_taken(mover)
        late = max(filled.values()) + 2
        others = [filled.get(s, late) for s in range(args.players) if s != seat]
        mine = filled.get(seat, late)
        diffs.append(mine - sum(others) / len(others))
        place = next(i for i, group in enumerate(state.outcome().ranking, 1) if seat in group)
        places.append(place)
        print(f"game {number + 1}: seat {seat}, place {place}, goal filled on turn {mine}, others {sorted(others)}"
              f" ({time.perf_counter() - begun:.0f} s)", flush=True)
    n = len(diffs)
    mean = sum(diffs) / n
    spread = (sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)) ** 0.5
    print(f"{args.variant}: mean place {sum(places) / n:.2f} (fair {(args.players + 1) / 2:.1f}); "
          f"turns to fill the goal against the others' mean {mean:+.2f} (standard error {spread / n ** 0.5:.2f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
