"""What the arcade costs the player's machine when nothing moves, and how smooth it is when things do.

The arcade runs in this process in a real X window on a virtual screen (Xvfb,
started here unless ``--display`` names one), 1280x800, its loop paced as
``main.py`` paces it (``game.ui.app.loop``). Each screen is opened, given a
few seconds to settle (``--settle``, default 6), then the UI process's CPU time is
measured over ``--seconds`` of wall time (default 30), with the frames it
drew whole and the frames that redrew only a small live area (a bot's
thinking indicator):

  title (from opening)   the title as a player first sees it: the intro, the pieces drifting, then settling
  title                  the title once its pieces have settled
  setup                  Connect Four's match setup
  play, human to move    Connect Four, a human against Master, the human to move
  play, bot thinks       Tic-tac-toe against benchmarks/slow_bot.py, which spins a core for its whole
                         (here 120 s) budget: the UI's own cost while a bot thinks
  bots playing           Chinese Checkers, two Easy bots playing each other (moves animating, the
                         Settings' move delay between them)
  bots paused            the same game paused
  result panel           a finished Connect Four game, once the panel has slid in
  join, nothing found    the Join screen listening on loopback where no game is announced (its name
                         field's caret blinking)
  net game, remote moves a Tic-tac-toe game hosted on loopback, the host has moved and waits for the
                         remote player (a bare client in this process that never moves)

The bot workers' CPU is not counted (they are other processes). Frame times
are the whole frames of "bots playing" (events, updates, drawing, flip): the
slowest, and the share over a 60 fps frame's 16.7 ms. Last, the memory of a
six-player Chinese Checkers game, a human and five Master bots, once every
worker is ready: the sum of PSS (shared pages split between the processes
that share them) and of RSS over the UI process and every process under it
(the workers, and the process they are forked from), from
``/proc/<pid>/smaps_rollup`` (Linux).

Run from the repository root::

    python benchmarks/ui_idle.py [--seconds 30] [--settle 6] [--no-memory]

``--frames`` measures instead how long the frames take while things move,
a table per screen: the title's pieces drifting (from opening), scene
transitions (the game menu sliding in and out), each game's board while two
Easy bots play it (moves animating, the thinking indicator; a finished game
is restarted), and the result panel sliding in. For each: the frames drawn
(whole or only a part), their wall time (mean, p99, worst, the share over a
60 fps frame's 16.7 ms), and the same frames' CPU time of the UI thread,
which the other processes of a busy machine disturb less (the bot workers
run beside it). ``--draw-loop`` times, per game, the frames of a scripted
game (random legal moves, seed 1, shown as a bots' game shows them: no
hover, no marks of a human's moves) run back to back with no pacing and no
workers: the drawing's own CPU cost. ``--size 1920x1080`` sets the window,
``--dummy`` uses SDL's dummy video driver instead of an X window::

    python benchmarks/ui_idle.py --frames [--seconds 8] [--size 1920x1080] [--dummy]
    python benchmarks/ui_idle.py --draw-loop [--moves 20] [--size 1920x1080] [--dummy]

The machine's load average is printed: on a shared machine, other
processes' work shows up as slower frames.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOW_BOT = Path(__file__).resolve().parent / "slow_bot.py"
FRAME_BUDGET = 1 / 60
#: The slow bot's budget: it thinks all through the measured stretch.
SLOW_BUDGET = 120.0
#: Seconds over which the workers' CPU time is watched (they are ready once it stops growing).
IDLE_CHECK = 3.0
SIZE = (1280, 800)


def boards() -> list[tuple[str, str, dict]]:
    """The boards ``--frames`` and ``--draw-loop`` time, as (row name, game id, options): every
    game of the catalogue that has a board, and a game whose options change the number of
    players at its fewest and at its most (``'Chinese Checkers, 6'``)."""
    sys.path.insert(0, str(ROOT))
    from itertools import product

    from game.rules.catalogue import game_class, game_ids
    from game.ui.renderers import has_renderer

    rows = []
    for game_id in filter(has_renderer, game_ids()):
        rules = game_class(game_id)
        low, high = rules.seat_range()
        if low == high:
            rows.append((rules.title, game_id, {}))
            continue
        defaults = rules.check_options({})
        choices = [dict(zip(defaults, values)) for values in product(*(o.choices for o in rules.options_spec))]
        for seats in (low, high):      # the options fewest changes from the defaults away that seat so many
            options = min((c for c in choices if rules.seats_for(c) == seats),
                          key=lambda c: sum(c[name] != defaults[name] for name in defaults))
            rows.append((f"{rules.title}, {seats}", game_id,
                         {name: value for name, value in options.items() if value != defaults[name]}))
    return rows


@dataclass
class Measure:
    """One screen's figures over a measured stretch."""

    name: str
    seconds: float
    cpu: float            # CPU seconds of this process
    whole: int            # frames drawn whole
    live: int             # frames that redrew the live area alone

    @property
    def share(self) -> float:
        return self.cpu / self.seconds if self.seconds else 0.0


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """A virtual X screen on a free display number; (its process, the display)."""
    if shutil.which("Xvfb") is None:
        raise SystemExit("Xvfb is not installed (apt-get install xvfb), or give --display")
    for number in range(140, 240):
        if not Path(f"/tmp/.X11-unix/X{number}").exists() and not Path(f"/tmp/.X{number}-lock").exists():
            display = f":{number}"
            server = subprocess.Popen(["Xvfb", display, "-screen", "0", "1920x1200x24", "-nolisten", "tcp"],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(50):
                if Path(f"/tmp/.X11-unix/X{number}").exists():
                    return server, display
                time.sleep(0.1)
            server.terminate()
    raise SystemExit("could not start Xvfb on a free display")


def memory_of(pid: int) -> tuple[int, int]:
    """(PSS, RSS) of process ``pid`` in kB, from /proc/<pid>/smaps_rollup."""
    values = {}
    with open(f"/proc/{pid}/smaps_rollup", encoding="ascii") as rollup:
        for line in rollup:
            parts = line.split()
            if len(parts) >= 2 and parts[0] in ("Pss:", "Rss:"):
                values[parts[0]] = int(parts[1])
    return values["Pss:"], values["Rss:"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per screen (default 30)")
    parser.add_argument("--settle", type=float, default=6.0,
                        help="seconds each screen runs before it is measured (default 6; the settled title waits "
                             "until its pieces rest)")
    parser.add_argument("--display", help="an X display to use (default: start Xvfb)")
    parser.add_argument("--no-memory", action="store_true", help="skip the six-player memory figure")
    parser.add_argument("--memory-only", action="store_true", help="only the six-player memory figure")
    parser.add_argument("--frames", action="store_true", help="frame times while things move, per screen")
    parser.add_argument("--draw-loop", action="store_true",
                        help="the CPU time of each game's frames in a scripted game, back to back")
    parser.add_argument("--moves", type=int, default=20, help="moves of each --draw-loop game (default 20)")
    parser.add_argument("--size", type=window_size, default=SIZE, help="the window, WIDTHxHEIGHT (default 1280x800)")
    parser.add_argument("--dummy", action="store_true", help="SDL's dummy video driver instead of an X window")
    args = parser.parse_args(argv)

    server = None
    if args.dummy:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    elif args.display:
        os.environ["DISPLAY"] = args.display
    else:
        server, os.environ["DISPLAY"] = start_xvfb()
    home = tempfile.mkdtemp(prefix="board-arcade-idle-")
    os.environ.setdefault("SDL_VIDEODRIVER", "x11")
    os.environ.update(SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
                      BOARD_ARCADE_HOME=home, BOARD_ARCADE_WARMUP="0")
    try:
        if args.draw_loop:
            return run_draw_loop(args)
        if args.frames:
            return run_frames(args)
        return run_benchmark(args)
    finally:
        shutil.rmtree(home, ignore_errors=True)
        if server is not None:
            server.terminate()
            server.wait()


def window_size(text: str) -> tuple[int, int]:
    """``WIDTHxHEIGHT`` as a pair of ints (argparse names the bad value)."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a window size WIDTHxHEIGHT: {text!r}") from None
    if width < 640 or height < 480:
        raise argparse.ArgumentTypeError(f"window {text!r} is smaller than 640x480")
    return width, height


def where(args: argparse.Namespace) -> str:
    driver = "SDL dummy driver" if args.dummy else f"X window (Xvfb {os.environ.get('DISPLAY')})"
    return f"{args.size[0]}x{args.size[1]}, {driver}"


@dataclass
class FrameTimes:
    """The frames drawn on one screen: wall and UI-thread CPU seconds each."""

    name: str
    wall: list[float]
    cpu: list[float]

    @staticmethod
    def figures(times: list[float]) -> str:
        """mean | p99 | worst | share over 16.7 ms, as table cells."""
        if not times:
            return "- | - | - | -"
        ordered = sorted(times)
        over = sum(t > FRAME_BUDGET for t in times)
        return (f"{1000 * sum(times) / len(times):.1f} | {1000 * ordered[int(0.99 * (len(ordered) - 1))]:.1f} | "
                f"{1000 * ordered[-1]:.1f} | {100 * over / len(times):.1f}%")


def print_frame_table(rows: list[FrameTimes], cpu_only: bool = False) -> None:
    if cpu_only:
        print("| screen | frames | CPU mean ms | p99 | worst | over 16.7 ms |")
        print("|---|---:|---:|---:|---:|---:|")
        for row in rows:
            print(f"| {row.name} | {len(row.cpu)} | {FrameTimes.figures(row.cpu)} |")
        return
    print("| screen | frames | wall mean ms | p99 | worst | over 16.7 ms | CPU mean ms | p99 | worst | over 16.7 ms |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for row in rows:
        print(f"| {row.name} | {len(row.wall)} | {FrameTimes.figures(row.wall)} | {FrameTimes.figures(row.cpu)} |")


def run_frames(args: argparse.Namespace) -> int:
    """The frame-time table while things move (see the module docstring)."""
    sys.path.insert(0, str(ROOT))
    from game.match.record import Match, Player
    from game.match.startup import load_config_and_bots
    from game.rules.catalogue import new_state
    from game.ui.app import App, loop
    from game.ui.scenes.title import DRIFT_SECONDS

    config, registry = load_config_and_bots()
    app = App(args.size, config=config, registry=registry, warm_up=False)
    scenes = app.services.scenes
    app.services.settings.update(bot_delay=0.3)
    current: list[FrameTimes] = []
    plain_frame = app.frame

    def timed_frame(dt: float) -> bool:
        drawn = app.drawn + app.live_drawn
        wall, cpu = time.perf_counter(), time.thread_time()
        going = plain_frame(dt)
        if current and app.drawn + app.live_drawn > drawn:
            current[0].wall.append(time.perf_counter() - wall)
            current[0].cpu.append(time.thread_time() - cpu)
        return going

    app.frame = timed_frame   # type: ignore[method-assign]

    def run_until(stop) -> None:
        loop(app, stop)

    def run_for(seconds: float, each=None) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            slice_end = min(end, time.monotonic() + 0.25)
            run_until(lambda: time.monotonic() >= slice_end)
            if each is not None:
                each()

    def timed(name: str) -> FrameTimes:
        current[:] = [FrameTimes(name, [], [])]
        return current[0]

    print(f"Frame times, {where(args)}; load average {os.getloadavg()[0]:.2f} at start", flush=True)
    rows = [timed("title, pieces drifting")]
    run_for(min(args.seconds, DRIFT_SECONDS))
    rows.append(timed("transitions (game menu in and out)"))
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        scenes.push("games")
        run_until(lambda: not scenes.transitioning)
        scenes.pop()
        run_until(lambda: not scenes.transitioning)
    current.clear()

    for name, game_id, options in boards():
        state = new_state(game_id, **options)
        scene = scenes.go("play", match=Match(state, [Player.of_bot("Easy")] * state.num_seats), animate=False)
        run_for(1.0)      # the workers start, the board builds its images

        def again(scene=scene) -> None:
            if scene.session.is_over and not scene.result.animating:
                scene.rematch()

        rows.append(timed(f"{name}, bots playing"))
        run_for(args.seconds, again)
        current.clear()

    rows.append(timed("result panel sliding in"))
    end = time.monotonic() + args.seconds
    while time.monotonic() < end:
        finished = new_state("connect4")
        for column in (3, 3, 4, 4, 5, 5, 6):
            finished.push(column)
        current.clear()
        scene = scenes.go("play", match=Match(finished, [Player.human(), Player.of_bot("Easy")]), animate=False)
        run_for(0.1)
        current.append(rows[-1])
        run_until(lambda: not scene.result.animating and not scene.renderer.animating)
    current.clear()
    app.close()
    print()
    print_frame_table(rows)
    print(f"\nLoad average at the end: {os.getloadavg()[0]:.2f}")
    return 0


def run_draw_loop(args: argparse.Namespace) -> int:
    """Each game's frames in a scripted game, back to back: the UI thread's CPU time of each
    (updates, drawing, showing it), with no pacing and no bot workers."""
    import random

    sys.path.insert(0, str(ROOT))
    from game.match.record import Match, Player
    from game.match.startup import load_config_and_bots
    from game.rules.catalogue import new_state
    from game.ui.app import App

    config, registry = load_config_and_bots()
    app = App(args.size, config=config, registry=registry, warm_up=False)
    scenes = app.services.scenes
    rows = []
    print(f"Frame CPU time in a scripted game, {where(args)}; load average {os.getloadavg()[0]:.2f}", flush=True)
    for name, game_id, options in boards():
        state = new_state(game_id, **options)
        scene = scenes.go("play", match=Match(state, [Player.human()] * state.num_seats), animate=False)
        show_as_bots(scene)
        for _ in range(30):      # the board builds its images
            app.advance(1 / 60)
        row = FrameTimes(name, [], [])
        rng = random.Random(1)
        for _ in range(args.moves):
            if scene.state.is_over():
                break
            scene.play_move(rng.choice(scene.state.legal_moves()))
            frames = 0
            while frames < 2 or (scene.renderer.busy and frames < 240):
                cpu = time.thread_time()
                app.advance(1 / 60)
                row.cpu.append(time.thread_time() - cpu)
                frames += 1
        rows.append(row)
    app.close()
    print()
    print_frame_table(rows, cpu_only=True)
    return 0


def show_as_bots(scene) -> None:
    """Have a play scene whose seats are all people here show its board as in a bots'
    game: no human to move, so no hover, cursor or marks of where one may play."""
    plain = scene.sync_view

    def sync_view() -> None:
        plain()
        scene.view.interactive = False

    scene.sync_view = sync_view


def run_benchmark(args: argparse.Namespace) -> int:
    sys.path.insert(0, str(ROOT))
    from game.match.record import Match, Player
    from game.match.runner import BotSpec
    from game.match.startup import load_config_and_bots
    from game.rules.catalogue import new_state
    from game.ui.app import App, loop
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.title import DRIFT_SECONDS, SETTLE_SECONDS

    config, registry = load_config_and_bots()
    app = App(args.size, config=config, registry=registry, warm_up=False)
    scenes = app.services.scenes
    frame_times: list[float] = []
    timing = False
    plain_frame = app.frame

    def timed_frame(dt: float) -> bool:
        drawn = app.drawn
        start = time.perf_counter()
        going = plain_frame(dt)
        if timing and app.drawn > drawn:
            frame_times.append(time.perf_counter() - start)
        return going

    app.frame = timed_frame   # type: ignore[method-assign]

    def run_for(seconds: float) -> None:
        end = time.monotonic() + seconds
        loop(app, lambda: time.monotonic() >= end)

    def measure(name: str, settle: float | None = None) -> Measure:
        run_for(args.settle if settle is None else settle)
        cpu, wall, whole, live = time.process_time(), time.monotonic(), app.drawn, app.live_drawn
        run_for(args.seconds)
        result = Measure(name, time.monotonic() - wall, time.process_time() - cpu, app.drawn - whole,
                         app.live_drawn - live)
        print(f"  {name}: {100 * result.share:.1f}% of a core", flush=True)
        return result

    def open_match(match: Match, slow_seat: int | None = None):
        """The play screen showing ``match``; seat ``slow_seat`` played by benchmarks/slow_bot.py."""
        if slow_seat is None:
            return scenes.go("play", match=match, animate=False)

        class SlowPlayScene(PlayScene):
            def __init__(self, services, match: Match) -> None:
                super().__init__(services, match)
                self.session.specs[slow_seat] = BotSpec("SlowThinker", "benchmark_slow_bot", {}, "Slow thinker",
                                                        SLOW_BUDGET, path=str(SLOW_BOT))

        scenes.screens["play"] = SlowPlayScene
        try:
            return scenes.go("play", match=match, animate=False)
        finally:
            scenes.screens["play"] = PlayScene

    if args.memory_only:
        report_memory(six_player_memory(app, open_match, run_for))
        app.close()
        return 0
    print(f"UI process CPU, {where(args)}, "
          f"{args.seconds:g} s a screen; load average {os.getloadavg()[0]:.2f} at start", flush=True)
    rows: list[Measure] = [measure("title (from opening)", settle=0.0)]
    rows.append(measure("title", settle=max(0.0, DRIFT_SECONDS + SETTLE_SECONDS + 1.5 - args.seconds)))
    scenes.go("setup", game_id="connect4", animate=False)
    rows.append(measure("setup"))

    open_match(Match(new_state("connect4"), [Player.human(), Player.of_bot("Master")]))
    rows.append(measure("play, human to move"))

    thinking = new_state("tictactoe")
    thinking.push(4)
    open_match(Match(thinking, [Player.human(), Player.of_bot("Easy", label="Slow thinker")]), slow_seat=1)
    rows.append(measure("play, bot thinks"))

    app.services.settings.update(bot_delay=0.6)
    bots = open_match(Match(new_state("chinesecheckers", players=2), [Player.of_bot("Easy"), Player.of_bot("Easy")]))
    run_for(args.settle)
    timing = True
    rows.append(measure("bots playing", settle=0.0))
    timing = False
    bots.set_paused(True)
    rows.append(measure("bots paused"))

    finished = new_state("connect4")
    for column in (3, 3, 4, 4, 5, 5, 6):
        finished.push(column)
    open_match(Match(finished, [Player.human(), Player.of_bot("Master")]))
    rows.append(measure("result panel", settle=max(args.settle, 6.0)))

    rows.extend(lan_screens(app, measure, run_for))

    memory = None if args.no_memory else six_player_memory(app, open_match, run_for)
    app.close()

    print()
    print(f"| screen | CPU, % of a core | frames drawn whole | live-area frames |")
    print("|---|---:|---:|---:|")
    for row in rows:
        print(f"| {row.name} | {100 * row.share:.1f} | {row.whole} | {row.live} |")
    if frame_times:
        over = sum(t > FRAME_BUDGET for t in frame_times)
        ordered = sorted(frame_times)
        print(f"\nFrame times while bots play (Chinese Checkers, {len(frame_times)} frames drawn): "
              f"median {1000 * ordered[len(ordered) // 2]:.1f} ms, "
              f"p95 {1000 * ordered[int(0.95 * (len(ordered) - 1))]:.1f} ms, max {1000 * ordered[-1]:.1f} ms, "
              f"{100 * over / len(frame_times):.1f}% over {1000 * FRAME_BUDGET:.1f} ms")
    report_memory(memory)
    print(f"Load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


def lan_screens(app, measure, run_for) -> list[Measure]:
    """The Join screen with nothing found, and a hosted game waiting for its remote player's move
    (on loopback, announced nowhere)."""
    import socket

    from game.match.record import REMOTE, Match, Player
    from game.net.client import NetClient
    from game.rules.catalogue import new_state

    scenes = app.services.scenes
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        sock.bind(("127.0.0.1", 0))
        quiet_port = sock.getsockname()[1]
    scenes.go("join", listen_on="127.0.0.1", discovery_port=quiet_port, animate=False)
    rows = [measure("join, nothing found")]

    scenes.go("host", match=Match(new_state("tictactoe"), [Player.human(), Player(REMOTE, "Remote player")]),
              bind="127.0.0.1", port=0, announce=None, animate=False)
    end = time.monotonic() + 10
    while scenes.top.name != "play" and time.monotonic() < end:
        run_for(0.1)
    play = scenes.top
    if play.name != "play" or play.hosting is None:
        print("  net game: the host screen did not open its game", flush=True)
        return rows
    guest = NetClient.connect("127.0.0.1", play.hosting.server.address[1], "Guest")
    guest.accept()
    end = time.monotonic() + 10
    while (play.net_paused or not play.view.interactive) and time.monotonic() < end:
        run_for(0.1)
    play.play_move(4)
    rows.append(measure("net game, remote moves"))
    guest.close()
    return rows


def report_memory(memory: tuple[int, int, int, list[int], float] | None) -> None:
    if memory is None:
        return
    pss, rss, workers, per_worker, idle_cpu = memory
    print(f"\nSix-player Chinese Checkers, a human and five Master bots ({workers} workers): "
          f"PSS {pss / 1024:.0f} MB, RSS {rss / 1024:.0f} MB in all (the UI process and every process under it); "
          f"a worker's PSS {min(per_worker) / 1024:.0f}-{max(per_worker) / 1024:.0f} MB; the workers waiting for "
          f"their turn used {idle_cpu:.2f} CPU seconds in {IDLE_CHECK:g} s", flush=True)


def six_player_memory(app, open_match, run_for) -> tuple[int, int, int, list[int], float] | None:
    """(PSS and RSS in kB summed over the UI process and every process under it, the
    workers, each worker's PSS, the workers' CPU seconds over ``IDLE_CHECK`` seconds
    of waiting for their turn), once every worker has built its bot: its CPU time
    has stopped growing."""
    from game.match.record import Match, Player
    from game.rules.catalogue import new_state

    if not Path("/proc/self/smaps_rollup").exists():
        print("  memory: /proc/<pid>/smaps_rollup is not available here", flush=True)
        return None
    from game.match.supervisor import fork_server_ready

    forked = fork_server_ready(60.0)     # as after a minute on the title and setup screens
    print(f"  memory: the workers {'fork from the fork server' if forked else 'are spawned'}", flush=True)
    scene = open_match(Match(new_state("chinesecheckers", players=6), [Player.human()] + [Player.of_bot("Master")] * 5))
    run_for(1.0)
    workers = [r.pid for r in scene.session.runners.values() if r.pid is not None]
    deadline = time.monotonic() + 300
    before, still = [cpu_seconds(pid) for pid in workers], 0
    while still < 2 and time.monotonic() < deadline:     # twice in a row, lest a busy machine starve them
        run_for(IDLE_CHECK)
        after = [cpu_seconds(pid) for pid in workers]
        still = still + 1 if after == before else 0
        before = after
    run_for(IDLE_CHECK)
    idle_cpu = sum(cpu_seconds(pid) for pid in workers) - sum(before)
    others = [pid for pid in descendants(os.getpid()) if pid not in workers]
    figures = [memory_of(pid) for pid in [os.getpid(), *others, *workers]]
    return (sum(p for p, _ in figures), sum(r for _, r in figures), len(workers),
            [p for p, _ in figures[-len(workers):]], idle_cpu)


def cpu_seconds(pid: int) -> float:
    """User and system CPU seconds of process ``pid`` so far, from /proc/<pid>/stat."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2:].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process under ``pid`` (children, theirs...), from /proc."""
    parents: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat[stat.rindex(")") + 2:].split()[1])
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


if __name__ == "__main__":
    sys.exit(main())
