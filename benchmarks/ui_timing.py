"""How fast the window starts and how smooth it stays while a bot thinks.

1. Start-up: ``python main.py`` is spawned a few times with the dummy video
   driver and ``BOARD_ARCADE_BENCH_EXIT_AFTER_FIRST_FRAME=1``, which makes
   the program print the time of its first drawn frame (the title screen)
   and exit; the time from spawning to that frame is reported.
2. Frame times: in this process, a 1280×800 play screen against
   ``benchmarks/slow_bot.py`` (which spins a core for its whole budget), the
   human moving at once whenever it is their turn; every frame drawn while
   the bot thinks is timed (events, update, draw, flip; no frame cap), and
   for comparison the frames while nobody thinks, and apart the first
   frames (the worker starting, the board renderer building its caches).

Run from the repository root::

    python benchmarks/ui_timing.py [--runs 5] [--moves 4]
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW_BOT = Path(__file__).resolve().parent / "slow_bot.py"
BENCH_ENV = "BOARD_ARCADE_BENCH_EXIT_AFTER_FIRST_FRAME"


def headless_env(home: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               BOARD_ARCADE_HOME=home)
    return env


def startup_times(runs: int) -> list[float]:
    """Seconds from spawning ``python main.py`` to its first frame, per run."""
    times = []
    with tempfile.TemporaryDirectory(prefix="board-arcade-bench-") as home:
        env = headless_env(home)
        env[BENCH_ENV] = "1"
        for _ in range(runs):
            start = time.time()
            done = subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=env,
                                  capture_output=True, text=True, timeout=120)
            stamps = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("first-frame ")]
            if done.returncode != 0 or not stamps:
                raise RuntimeError(f"main.py did not report a first frame (status {done.returncode}):\n{done.stderr}")
            times.append(float(stamps[0]) - start)
    return times


def frame_times(moves: int) -> tuple[list[float], list[float], list[float], float]:
    """Frame seconds while the bot thinks, while nobody thinks, while its worker starts; its budget."""
    with tempfile.TemporaryDirectory(prefix="board-arcade-bench-") as home:
        os.environ.update(headless_env(home))
        sys.path.insert(0, str(ROOT))
        from game.rules.catalogue import new_state
        from game.match.record import Match, Player
        from game.match.runner import BotSpec
        from game.match.startup import load_config_and_bots
        from game.ui.app import App
        from game.ui.services import Route
        from game.ui.scenes.play import PlayScene

        config, registry = load_config_and_bots()
        app = App((1280, 800), config=config, registry=registry, warm_up=False)
        app.services.settings.update(bot_delay=0.0)
        match = Match(new_state("tictactoe"), [Player.human(), Player.of_bot("Easy", label="Slow thinker")])
        budget = app.services.config.game("tictactoe").time_budget

        class SlowPlayScene(PlayScene):
            """The play screen with seat 2 played by benchmarks/slow_bot.py."""

            def __init__(self, services, match: Match) -> None:
                super().__init__(services, match)
                self.session.specs[1] = BotSpec("SlowThinker", "benchmark_slow_bot", {}, "Slow thinker", budget,
                                        path=str(SLOW_BOT))

        app.services.scenes.screens["play"] = SlowPlayScene
        scene = app.services.scenes.rebuild(1, [Route("play", {"match": match})], animate=False)
        runner = scene.session.runners[1]
        thinking: list[float] = []
        idle: list[float] = []
        starting: list[float] = []
        dt = 1 / 60
        try:
            played = 0
            while played < moves and not match.state.is_over():
                if match.current_player.is_human and not scene.renderer.busy:
                    scene.play_move(match.state.legal_moves()[0])
                    if match.state.is_over():
                        break
                    played += 1
                busy = scene.thinking and scene.session.ready() is None
                ready = runner.ready
                start = time.perf_counter()
                app.frame(dt)
                dt = time.perf_counter() - start
                (idle if not busy else thinking if ready else starting).append(dt)
        finally:
            app.close()
        return thinking, idle, starting, budget


def row(name: str, values: list[float], scale: float = 1000.0) -> str:
    if not values:
        return f"| {name:<34} | {0:>6} | {'-':>8} | {'-':>8} | {'-':>8} |"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return (f"| {name:<34} | {len(values):>6} | {statistics.mean(values) * scale:>8.2f} | "
            f"{p95 * scale:>8.2f} | {max(values) * scale:>8.2f} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="start-ups to time (default 5)")
    parser.add_argument("--moves", type=int, default=4, help="bot moves to watch (default 4)")
    args = parser.parse_args(argv)

    starts = startup_times(args.runs)
    print(f"Start-up to the first frame of the title screen ({args.runs} runs of python main.py, dummy video driver)")
    print(f"  median {statistics.median(starts):.2f} s   min {min(starts):.2f} s   max {max(starts):.2f} s")
    print(flush=True)
    thinking, idle, starting, budget = frame_times(args.moves)
    print(f"Frame times at 1280x800 (uncapped), bot thinking {budget:g} s a move with a core spinning")
    print(f"| {'while':<34} | {'frames':>6} | {'mean ms':>8} | {'p95 ms':>8} | {'max ms':>8} |")
    print(f"|{'-' * 36}|{'-' * 8}|{'-' * 10}|{'-' * 10}|{'-' * 10}|")
    print(row("the bot thinks", thinking))
    print(row("nobody thinks (animations, human)", idle))
    print(row("first frames (worker, board cache)", starting))
    print(f"A 60 fps frame has {1000 / 60:.1f} ms.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
