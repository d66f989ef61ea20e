"""A bot's worker kept in bounds (game/match/containment.py): a bot that takes more memory
than its limit fails like any fault, nothing it starts outlives its worker, what it writes on
file descriptors 1 and 2 goes to its log (escaped), and no text of it reaches a terminal raw.

The bots are tests/fixtures/bots_contained/contained_bots.py, run by real workers.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.match.botregistry import BotRegistry
from game.match.containment import memory_text
from game.match.record import Match, Player
from game.match.runner import BotRunner, BotSpec
from game.paths import bot_log_path
from game.rules.catalogue import new_state
from game.rules.tictactoe import TicTacToe

ROOT = Path(__file__).resolve().parent.parent
BOTS = Path(__file__).parent / "fixtures" / "bots_contained"
LIMIT = 512 << 20
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the keeper and /proc are Linux's")


@pytest.fixture(scope="module")
def contained() -> BotRegistry:
    registry = BotRegistry.discover(BOTS)
    assert registry.problems == []
    return registry


def spec(registry: BotRegistry, key: str, budget: float = 1.0, **params) -> BotSpec:
    plain = BotSpec.of(registry.get(key), budget=budget, params=params, seed=3)
    return BotSpec(plain.key, plain.module, plain.params, plain.label, budget, plain.seed, plain.path, LIMIT)


def running(pid: int) -> bool:
    """Whether process ``pid`` exists and is no zombie."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rpartition(")")[2].split()[0] != "Z"
    except FileNotFoundError:
        return False


def spawned_pids(pid_file: Path) -> list[int]:
    for _ in range(200):
        if pid_file.exists() and len(pids := pid_file.read_text().split()) == 2:
            return [int(pid) for pid in pids]
        time.sleep(0.05)
    raise AssertionError(f"the bot wrote no process ids to {pid_file}")


def test_memory_text_names_the_limit_as_players_read_it():
    assert memory_text(2 << 30) == "2 GB"
    assert memory_text(512 << 20) == "512 MB"


@pytest.mark.parametrize("where", ["constructor", "move"])
def test_a_bot_over_its_memory_limit_fails_and_the_game_goes_on(contained, where):
    state = TicTacToe()
    with BotRunner(spec(contained, "HungryBot", budget=10, megabytes=1024, where=where)) as runner:
        runner.request(state)
        reply = runner.wait(60)
        assert reply.failure is not None and "went over its memory limit (512 MB)" in reply.failure
        assert state.is_legal(reply.move)
        if where == "move":  # the worker stays: its next move is its own
            runner.request(state)
            assert runner.wait(60).ok


@linux_only
def test_a_bot_killed_with_its_memory_nearly_full_went_over_its_limit(contained):
    """Not every allocation that fails raises ``MemoryError``: the out-of-memory killer (or a
    library that aborts) ends the process; one that held most of its limit is named as such."""
    state = TicTacToe()
    with BotRunner(spec(contained, "KilledHungryBot", budget=10)) as runner:
        runner.request(state)
        reply = runner.wait(60)
    assert reply.failure == "Killed hungry (KilledHungryBot) went over its memory limit (512 MB; its process was killed)"
    assert state.is_legal(reply.move)


def test_a_bot_within_its_memory_limit_plays(contained):
    with BotRunner(spec(contained, "HungryBot", budget=10, megabytes=128, where="move")) as runner:
        runner.request(TicTacToe())
        assert runner.wait(60).ok


@linux_only
@pytest.mark.parametrize("then", ["move", "hang", "die"])
def test_nothing_a_bot_starts_outlives_its_worker(contained, tmp_path, then):
    """A child in its own session and a double-forked grandchild are gone once the worker
    is stopped (``move``), restarted after overrunning its budget (``hang``), or has ended
    by itself (``die``)."""
    pid_file = tmp_path / "pids"
    runner = BotRunner(spec(contained, "SpawningBot", budget=0.3, pid_file=str(pid_file), then=then))
    try:
        runner.request(TicTacToe())
        reply = runner.wait(60)
        pids = spawned_pids(pid_file)
        assert reply.ok == (then == "move")
        if then == "move":
            assert all(running(pid) for pid in pids)
    finally:
        runner.close()
    deadline = time.monotonic() + 5
    while any(running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in pids if running(pid)] == []


def test_a_bots_output_goes_to_its_log_escaped(contained):
    log = bot_log_path("ShoutingBot")
    log.unlink(missing_ok=True)
    state = TicTacToe()
    with BotRunner(spec(contained, "ShoutingBot")) as runner:
        runner.request(state)
        reply = runner.wait(60)
    assert reply.failure == "Shouting (ShoutingBot) chose the square \\x1b[2J, which is not a legal move"
    written = log.read_text()
    for line in ("FD1 LEAK \\x1b[2J", "FD2 LEAK \\x1b[2J", "PRINTED \\x1b[2J"):
        assert line in written
    assert "\x1b" not in written


ARENA_CONFIG = """games:
  tictactoe:
    time_budget: 0.5
    tiers:
      Loud: {bot: ShoutingBot}
      Spawner: {bot: SpawningBot, params: {pid_file: "%s"}}
"""


def write_queue_module(folder: Path) -> Path:
    """A ``queue.py`` in ``folder`` that leaves a file behind if it is ever imported; that file."""
    marker = folder / "imported"
    (folder / "queue.py").write_text(f"open({str(marker)!r}, 'a').write('imported')\n")
    return marker


def test_an_arenas_output_stays_clean_and_leaves_no_process_of_a_bot(tmp_path):
    """The issue's cases: ``os.write(1, ...)`` landed inside the results table, a bad
    move's description cleared the terminal, and a bot's children outlived the arena;
    and (§4) a ``queue.py`` in the folder it runs in is imported by none of its children
    (the arena's workers come from the fork server)."""
    marker = write_queue_module(tmp_path)
    pid_file = tmp_path / "pids"
    config = tmp_path / "config.yaml"
    config.write_text(ARENA_CONFIG % pid_file)
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "--config", str(config), "--bots-dir", str(BOTS),
                             "arena", "tictactoe", "--a", "Loud", "--b", "Spawner", "--games", "2"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    output = result.stdout + result.stderr
    assert "LEAK" not in output and "PRINTED" not in output and "\x1b" not in output
    assert "chose the square \\x1b[2J, which is not a legal move" in result.stdout
    if sys.platform.startswith("linux"):
        assert [pid for pid in spawned_pids(pid_file) if running(pid)] == []
    assert not marker.exists()


def test_no_child_imports_from_the_working_directory(tmp_path):
    """Issue 33 §4: ``main.py engine gomoku`` started from a folder holding a ``queue.py``
    ran that file in a child process (``-c`` children put the working directory on their path)."""
    marker = write_queue_module(tmp_path)
    engine = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "engine", "gomoku"], cwd=tmp_path,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        engine.stdin.write("START 15\nBEGIN\n")
        engine.stdin.flush()
        assert engine.stdout.readline().strip() == "OK"
        move = engine.stdout.readline().strip()
        assert move.count(",") == 1, move
        engine.stdin.write("END\n")
        engine.stdin.flush()
        engine.wait(60)
    finally:
        engine.kill()
        engine.wait()
    assert not marker.exists()


@linux_only
def test_closing_the_window_leaves_no_process_of_a_bot(make_app, tmp_path):
    pid_file = tmp_path / "pids"
    config = tmp_path / "config.yaml"
    config.write_text(ARENA_CONFIG % pid_file)
    d = make_app(bots_dir=BOTS, config_path=config)
    d.services.settings.update(bot_delay=0.0)
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("Spawner"), Player.human()]))
    play = d.scene
    d.until(lambda: len(play.match.records) == 1, 3000, "the spawning bot's move")
    pids = spawned_pids(pid_file)
    assert all(running(pid) for pid in pids)
    d.app.close()
    assert [pid for pid in pids if running(pid)] == []


#: An arcade that starts a spawning bot (from the fork server with ``fork``), lets it move, then is killed.
KILLED_ARCADE = """
import os, sys
from game.match.botregistry import BotRegistry
from game.match.runner import BotRunner, BotSpec, prepare_workers
from game.match.supervisor import fork_server_ready
from game.rules.tictactoe import TicTacToe
if __name__ == "__main__":
    if sys.argv[1] == "fork":
        prepare_workers()
        assert fork_server_ready(60)
    bots = BotRegistry.discover(sys.argv[2])
    runner = BotRunner(BotSpec.of(bots.get("SpawningBot"), budget=5.0, params={"pid_file": sys.argv[3]})).start()
    runner.request(TicTacToe())
    assert runner.wait(60).ok
    os.kill(os.getpid(), 9)
"""


@linux_only
@pytest.mark.parametrize("start", ["spawn", "fork"])
def test_an_arcade_killed_leaves_no_process_of_a_bot(tmp_path, start):
    """Even ``kill -9`` of the arcade: the keeper sees the process that started it end."""
    pid_file = tmp_path / "pids"
    script = tmp_path / "arcade.py"
    script.write_text(f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n" + KILLED_ARCADE)
    result = subprocess.run([sys.executable, str(script), start, str(BOTS), str(pid_file)], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == -9, result.stderr
    pids = spawned_pids(pid_file)
    deadline = time.monotonic() + 10
    while any(running(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert [pid for pid in pids if running(pid)] == []


def test_bots_play_when_the_players_log_folder_cannot_be_made(tmp_path):
    """A bot's output goes to its log; a log folder that cannot be made (here a file stands
    where it would be) costs that output only: before, every bot's worker ended at its
    start ("could not be started: its process ended (exit code 1)")."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "logs").write_text("not a folder")
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "arena", "tictactoe", "--a", "Easy", "--b", "Hard",
                             "--games", "2", "--concurrency", "1"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120, env={**os.environ, "BOARD_ARCADE_HOME": str(home)})
    assert result.returncode == 0, result.stderr
    assert "could not be started" not in result.stdout + result.stderr
    assert "failure:" not in result.stdout
