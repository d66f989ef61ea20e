"""What a first launch costs on a new machine, and what the numba cache saves.

A cold numba cache is a fresh ``NUMBA_CACHE_DIR`` (numba then keeps its
cache there instead of ``bots/lib/__pycache__``); "cached" is the same
folder once every engine is in it. Every run is a fresh process:

1. Warm-up: ``EngineWarmUp`` over every discovered engine, alone, cold then
   cached; seconds per engine (import and compile or load) and in all.
2. Launch to the title screen: ``python main.py`` with the dummy video
   driver until its first frame (the warm-up runs in the background).
3. Launch to the first bot move, for each game of ``--games``: the arcade
   opens a game in which the chosen tier (default: Hard) moves first, at
   once or after ``--browse`` seconds on the title screen (a player choosing
   a game), and runs frames at 60 per second until that move is on the
   board; the time from opening the game ("pressing Play") to that move;
   also the longest frame meanwhile (the window must stay responsive) and
   whether the game waited for the warm-up to finish compiling its bot; then the
   player answers at once (the first legal move) and the bot's second move is timed
   from that answer (what a first move played before the compile leaves to wait).
   Cold cache, then cached (``--moves-only``: only this). With ``--without-warmup`` also without the
   launch-time warm-up (``BOARD_ARCADE_WARMUP=0``: the bot's worker
   compiles its own engine when the game opens).
4. With ``--cpu``, only this: each engine's compile alone, in a fresh
   process with a fresh cache, in CPU seconds (on a machine shared with
   other work the fairer figure; wall seconds follow the other work's load):
   its ``warm_up`` (what a game's first moves wait for) and its
   ``warm_up_later``.
   With ``--profile``, only this: each engine's ``warm_up`` compiled alone the
   same way, kernel by kernel (each compile's own CPU seconds), printed as
   ``game.match.compiling.COMPILE_PROFILES``, what the status box's progress
   and estimate of a first game's wait are measured against.
   With ``--worker``, only this: for each game of ``--games``, the tier's
   own worker alone (no window, no launch-time warm-up), cold cache, from
   starting it to its first move from the start position, wall seconds.
6. With ``--setup``, the set-up command ``python main.py warmup`` on a cold
   cache (what the README's set-up line runs), its seconds in all.

Run from the repository root (in a scratch clone: a cold cache is made in a
temporary folder, but the runs share the machine with whatever else runs)::

    python benchmarks/warmup_timing.py [--games connect4,reversi] [--tier Hard]

``--games`` defaults to every game of the catalogue whose tier is played by a
bot with an engine to compile.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_ENV = "BOARD_ARCADE_BENCH_EXIT_AFTER_FIRST_FRAME"


def child_env(home: str, cache: str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               BOARD_ARCADE_HOME=home, NUMBA_CACHE_DIR=cache, **extra)
    return env


def run_child(env: dict[str, str], *args: str) -> dict:
    """Run this script in ``--child`` mode; its last output line is JSON."""
    started = time.time()
    done = subprocess.run([sys.executable, __file__, "--child", *args, "--spawned", repr(started)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"child {args} failed (status {done.returncode}):\n{done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def title_seconds(env: dict[str, str]) -> float:
    """Seconds from spawning ``python main.py`` to its first frame."""
    env = dict(env, **{BENCH_ENV: "1"})
    start = time.time()
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    stamps = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("first-frame ")]
    if done.returncode != 0 or not stamps:
        raise RuntimeError(f"main.py did not report a first frame (status {done.returncode}):\n{done.stderr}")
    return float(stamps[0]) - start


# -- child modes ------------------------------------------------------------------------------
def child_warm_up(spawned: float) -> dict:
    sys.path.insert(0, str(ROOT))
    from game.match.botregistry import BotRegistry
    from game.match.config import load_config
    from game.match.warmup import EngineWarmUp, warm_up_jobs

    config = load_config()
    registry = BotRegistry.discover(check=config.bot_checks())
    config.validate(registry)
    jobs = warm_up_jobs(registry, config)
    begun = time.time()
    with EngineWarmUp(jobs) as warmup:
        progress = warmup.wait()
    return {"total": time.time() - begun, "since_spawn": time.time() - spawned,
            "engines": {warmup.jobs[key].label: (round(seconds, 2), key in warmup.compiled)
                        for key, seconds in warmup.seconds.items()},
            "failures": list(progress.failures)}


def child_first_move(spawned: float, game_id: str, tier: str, browse: str) -> dict:
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.rules.catalogue import new_state
    from game.match.record import Match, Player
    from game.match.startup import load_config_and_bots
    from game.ui.app import App

    config, registry = load_config_and_bots()
    app = App((1024, 700), config=config, registry=registry)
    app.services.settings.update(bot_delay=0.0)
    app.frame(1 / 60)
    title = time.time() - spawned
    clock = pygame.time.Clock()
    longest = 0.0
    while time.time() - spawned < title + float(browse):
        begun = time.perf_counter()
        app.frame(1 / 60)
        longest = max(longest, time.perf_counter() - begun)
        clock.tick(60)
    opened = time.time()
    state = new_state(game_id)
    players = [Player.of_bot(tier)] + [Player.human() for _ in range(state.num_seats - 1)]
    scene = app.services.scenes.go("play", match=Match(state, players), animate=False)
    warming_frames = 0
    try:
        while not scene.match.records:
            begun = time.perf_counter()
            app.frame(1 / 60)
            longest = max(longest, time.perf_counter() - begun)
            warming_frames += scene.warming
            clock.tick(60)
            if time.time() - spawned > 600:
                raise RuntimeError("no first move within 10 minutes")
        record = scene.match.records[0]
        first = {"title": title, "first_move": time.time() - spawned, "after_open": time.time() - opened,
                 "longest_frame": longest, "waited": warming_frames > 0, "note": record.note}
        # The player answers at once (the first legal move): how long the bot's second move takes.
        while not scene.view.interactive:
            app.frame(1 / 60)
            clock.tick(60)
        replied = time.time()
        scene.play_move(scene.state.legal_moves()[0])
        while len(scene.match.records) < 3 and not scene.session.is_over:
            app.frame(1 / 60)
            clock.tick(60)
            if time.time() - spawned > 900:
                raise RuntimeError("no second move within 15 minutes")
        return {**first, "second_after_reply": time.time() - replied}
    finally:
        app.close()


def child_cpu(key: str) -> dict:
    """CPU seconds of one bot's ``warm_up`` and ``warm_up_later`` (0 if it has none), import included."""
    sys.path.insert(0, str(ROOT))
    from game.match.botregistry import BotRegistry, import_bot_class

    begun = time.process_time()
    registry = BotRegistry.discover()
    info = registry.get(key)
    cls, _ = import_bot_class(info.module, key, info.load_path)
    cls.warm_up()
    first = time.process_time() - begun
    later = getattr(cls, "warm_up_later", None)
    if later is not None:
        later()
    return {"first": first, "later": time.process_time() - begun - first}


def child_profile(key: str) -> dict:
    """One bot's ``warm_up`` on a cold cache, kernel by kernel: each compile's own CPU seconds
    (its callees' compiles, which numba runs inside it, taken out), whether ``warm_up`` called
    it (numba's ``numba:compile`` events at depth 0) or a kernel being compiled did, in the order
    the compiles end; and the ``warm_up``'s CPU seconds in all."""
    sys.path.insert(0, str(ROOT))
    from numba.core import event

    from game.match.botregistry import BotRegistry, import_bot_class
    from game.match.compiling import kernel_name

    info = BotRegistry.discover().get(key)
    cls, _ = import_bot_class(info.module, key, info.load_path)
    stack: list[list] = []
    kernels: list[tuple[str, float, bool]] = []

    class Listener(event.Listener):
        def on_start(self, ev) -> None:
            stack.append([kernel_name(ev.data.get("dispatcher")), time.process_time(), 0.0])

        def on_end(self, ev) -> None:
            name, began, inner = stack.pop()
            spent = time.process_time() - began
            if stack:
                stack[-1][2] += spent
            kernels.append((name, round(spent - inner, 3), not stack))

    event.register("numba:compile", Listener())
    begun = time.process_time()
    cls.warm_up()
    return {"cpu": time.process_time() - begun, "kernels": kernels}


def profile_table(scratch: str, home: str) -> None:
    """Print each engine's kernel-by-kernel compile (``child_profile``) as ``game.match.compiling``'s
    ``COMPILE_PROFILES``, and the load before and after."""
    sys.path.insert(0, str(ROOT))
    from game.match.botregistry import BotRegistry
    from game.match.config import load_config
    from game.match.warmup import warm_up_jobs
    from reference_pairs import load

    jobs = warm_up_jobs(BotRegistry.discover(), load_config())
    print(f"# load before: {load()}")
    print("COMPILE_PROFILES: dict[str, tuple[tuple[str, float, bool], ...]] = {")
    for job in jobs:
        report = run_child(child_env(home, tempfile.mkdtemp(dir=scratch, prefix="numba-profile-")), "profile", job.key)
        print(f"    # {job.label}: warm_up {report['cpu']:.2f} CPU s, kernels {sum(k[1] for k in report['kernels']):.2f}")
        print(f"    {job.key!r}: (")
        for name, seconds, top in report["kernels"]:
            print(f"        ({name!r}, {seconds!r}, {top!r}),")
        print("    ),", flush=True)
    print("}")
    print(f"# load after: {load()}")


def child_worker_first_move(game_id: str, tier: str) -> dict:
    """Wall seconds from starting the tier's worker to its first move (its warm_up included)."""
    sys.path.insert(0, str(ROOT))
    from game.match.botregistry import BotRegistry
    from game.match.config import load_config
    from game.match.runner import BotRunner
    from game.rules.catalogue import new_state

    spec = load_config().bot_spec(game_id, tier, BotRegistry.discover())
    begun = time.time()
    with BotRunner(spec) as runner:
        runner.request(new_state(game_id))
        reply = runner.wait(600)
    return {"seconds": time.time() - begun, "failure": reply.failure}


def cpu_table(scratch: str, home: str) -> None:
    """Print each engine's compile alone (``child_cpu``), in the warm-up's order."""
    sys.path.insert(0, str(ROOT))
    from game.match.botregistry import BotRegistry
    from game.match.config import load_config
    from game.match.warmup import warm_up_jobs

    jobs = warm_up_jobs(BotRegistry.discover(), load_config())
    print("Each engine compiled alone, cold cache, CPU seconds (import included):")
    print(f"| {'engine':<28} | {'warm_up':>8} | {'warm_up_later':>13} |")
    print(f"|{'-' * 30}|{'-' * 10}|{'-' * 15}|")
    for job in jobs:
        report = run_child(child_env(home, tempfile.mkdtemp(dir=scratch, prefix="numba-cpu-")), "cpu", job.key)
        print(f"| {job.label:<28} | {report['first']:>8.2f} | {report['later']:>13.2f} |", flush=True)


# -- report ---------------------------------------------------------------------------------------
def setup_seconds(env: dict[str, str]) -> tuple[float, str]:
    """Seconds ``python main.py warmup`` takes, and its last line."""
    start = time.time()
    done = subprocess.run([sys.executable, str(ROOT / "main.py"), "warmup"], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=900)
    if done.returncode != 0:
        raise RuntimeError(f"main.py warmup failed (status {done.returncode}):\n{done.stderr[-2000:]}")
    lines = (done.stdout + done.stderr).strip().splitlines()
    return time.time() - start, lines[-1] if lines else ""


def print_warm_up(which: str, report: dict) -> None:
    print(f"Warm-up alone, {which} cache: {report['total']:.2f} s "
          f"({report['since_spawn']:.2f} s from spawning the process)")
    for name, (seconds, compiled) in report["engines"].items():
        how = "compiled" if compiled else "loaded from the cache"
        print(f"    {name:<42} {seconds:6.2f} s  {how}")
    for failure in report["failures"]:
        print(f"    FAILED {failure}")


def engine_games(tier: str) -> list[str]:
    """The games of the catalogue whose ``tier`` is played by a bot with an engine to compile."""
    sys.path.insert(0, str(ROOT))
    from game.match.botregistry import BotRegistry
    from game.match.config import load_config
    from game.rules.catalogue import game_ids

    registry = BotRegistry.discover()
    config = load_config(registry=registry)
    tiers = {game_id: config.game(game_id).tier(tier) for game_id in game_ids()}
    return [game_id for game_id, found in tiers.items()
            if found is not None and found.engine is None and registry.bots[found.bot].warms_up]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="",
                        help="comma-separated game ids whose first bot move is timed (default: every game "
                             "whose tier compiles an engine)")
    parser.add_argument("--tier", default="Hard")
    parser.add_argument("--browse", type=float, default=0.0,
                        help="also open each game after this many seconds on the title screen (0: only at once)")
    parser.add_argument("--without-warmup", action="store_true",
                        help="also time the first move with the launch-time warm-up off")
    parser.add_argument("--cpu", action="store_true", help="only each engine's compile, alone, in CPU seconds")
    parser.add_argument("--profile", action="store_true",
                        help="only each engine's compile kernel by kernel, cold cache, as game.match.compiling's table")
    parser.add_argument("--worker", action="store_true",
                        help="only each game's tier worker alone, cold cache, to its first move")
    parser.add_argument("--setup", action="store_true", help="also time 'python main.py warmup' on a cold cache")
    parser.add_argument("--moves-only", action="store_true",
                        help="only the first bot moves (3.): not the warm-up alone nor the launch to the title")
    parser.add_argument("--child", nargs="*", help=argparse.SUPPRESS)
    parser.add_argument("--spawned", type=float, default=0.0, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child is not None:
        mode, *rest = args.child
        result = (child_warm_up(args.spawned) if mode == "warmup" else child_cpu(*rest) if mode == "cpu"
                  else child_profile(*rest) if mode == "profile"
                  else child_worker_first_move(*rest) if mode == "worker"
                  else child_first_move(args.spawned, *rest))
        print(json.dumps(result))
        return 0

    rows = []
    games = [game for game in args.games.split(",") if game] or engine_games(args.tier)
    browses = [0.0] + ([args.browse] if args.browse > 0 else [])
    modes = [("with launch-time warm-up", "1")] + ([("worker compiles (warm-up off)", "0")]
                                                   if args.without_warmup else [])
    with tempfile.TemporaryDirectory(prefix="board-arcade-warmup-") as scratch:
        home = tempfile.mkdtemp(dir=scratch, prefix="home-")
        if args.cpu:
            cpu_table(scratch, home)
            return 0
        if args.profile:
            profile_table(scratch, home)
            return 0
        if args.worker:
            for game in games:
                env = child_env(home, tempfile.mkdtemp(dir=scratch, prefix="numba-worker-"))
                report = run_child(env, "worker", game, args.tier)
                failure = f" (failed: {report['failure']})" if report["failure"] else ""
                print(f"{game} {args.tier}, its worker alone, cold cache: first move {report['seconds']:.2f} s "
                      f"after starting it{failure}", flush=True)
            return 0
        if not args.moves_only:
            alone = tempfile.mkdtemp(dir=scratch, prefix="numba-alone-")
            for which in ("cold", "cached"):
                print_warm_up(which, run_child(child_env(home, alone), "warmup"))
            titles = [title_seconds(child_env(home, tempfile.mkdtemp(dir=scratch, prefix="numba-title-"))),
                      title_seconds(child_env(home, alone))]
            print(f"Launch to the title screen (python main.py): cold cache {titles[0]:.2f} s, "
                  f"cached {titles[1]:.2f} s", flush=True)
        if args.setup:
            seconds, last = setup_seconds(child_env(home, tempfile.mkdtemp(dir=scratch, prefix="numba-setup-")))
            print(f"Set-up command (python main.py warmup), cold cache: {seconds:.2f} s; its last line: {last}",
                  flush=True)
        for game in games:
            for label, warm_up in modes:
                for browse in browses:
                    env = child_env(home, tempfile.mkdtemp(dir=scratch, prefix="numba-"), BOARD_ARCADE_WARMUP=warm_up)
                    rows.append((game, label, "cold", browse, run_child(env, "first", game, args.tier, repr(browse))))
                    rows.append((game, label, "cached", browse,
                                 run_child(env, "first", game, args.tier, repr(browse))))
                    print(f"{game}, {label}, game opened after {browse:g} s: done", flush=True)
    print()
    print(f"Launch to the title screen and to the first move of {args.tier} (moving first), seconds;")
    print("'title': launch to the first frame; 'opened after': seconds on the title screen before the game opened;")
    print("'to move': from opening the game (pressing Play) to the bot's first move on the board;")
    print("'2nd move': from the player's answer, given at once, to the bot's second move")
    print(f"| {'game':<15} | {'mode':<29} | {'cache':<6} | {'title':>5} | {'opened after':>12} | {'to move':>7} | "
          f"{'launch to move':>14} | {'2nd move':>8} | {'longest frame':>13} | {'game waited':>11} |")
    print(f"|{'-' * 17}|{'-' * 31}|{'-' * 8}|{'-' * 7}|{'-' * 14}|{'-' * 9}|{'-' * 16}|{'-' * 10}|{'-' * 15}|"
          f"{'-' * 13}|")
    for game, label, state, browse, move in rows:
        waited = "yes" if move["waited"] else "no"
        print(f"| {game:<15} | {label:<29} | {state:<6} | {move['title']:>5.2f} | {browse:>12g} | "
              f"{move['after_open']:>7.2f} | {move['first_move']:>14.2f} | {move['second_after_reply']:>8.2f} | "
              f"{move['longest_frame'] * 1000:>10.0f} ms | "
              f"{waited:>11} |")
        if move["note"]:
            print(f"    the move's note: {move['note']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
