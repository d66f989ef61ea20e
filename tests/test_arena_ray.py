"""The arena and the benchmarks' self-play on a Ray cluster of two nodes on this machine's
loopback: the same results as a run here with the same seed, none lost when a node dies.

One cluster (Ray's own ``ray.cluster_utils.Cluster``: a head and a worker
node, one CPU each, small object stores, no dashboard) serves the module in
each process that runs its tests: under xdist, every worker that takes one
of them starts a cluster of its own, on ports Ray picks free, so they do not
meet. Skipped, saying so, where Ray is not installed (the ``cluster`` extra).
"""
from __future__ import annotations

import importlib.util
import os
import socket
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import main
from game.match.arena import run_arena
from game.match.botregistry import BotRegistry
from game.match.pool import in_order, run_tasks
from game.match.runner import BotSpec

# Read when Ray is imported, and inherited by every process of the cluster: each takes the
# loopback as its node's address (else Ray swaps 127.0.0.1 for the machine's network
# address), and none reports usage statistics.
os.environ["RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER"] = "0"
os.environ["RAY_USAGE_STATS_ENABLED"] = "0"

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = Path(__file__).parent / "fixtures"
#: Each node's object store: far below Ray's default, as a game's result is a few kilobytes.
OBJECT_STORE = 80 * 1024 * 1024
NODE = {"num_cpus": 1, "object_store_memory": OBJECT_STORE, "node_ip_address": "127.0.0.1"}
#: A node that stops answering is declared dead after about 1.5 s rather than Ray's 15 or more.
#: Times the cluster is started before its tests fail: Ray gives a node a fixed 30 s to start,
#: which a machine running the rest of the suite on every core has been seen to miss.
STARTS = 3
FAST_DEATH = {"health_check_initial_delay_ms": 0, "health_check_period_ms": 500,
              "health_check_failure_threshold": 3}


@pytest.fixture(scope="module")
def cluster():
    """A head and a worker node on the loopback, the driver connected; shut down afterwards."""
    ray = pytest.importorskip("ray", reason="Ray is not installed (the cluster extra: pip install .[cluster])")
    from ray.cluster_utils import Cluster

    local = None
    for attempt in range(STARTS):
        try:
            local = Cluster(initialize_head=True, head_node_args={**NODE, "include_dashboard": False,
                                                                     "dashboard_agent_listen_port": None,
                                                                     "_system_config": FAST_DEATH})
            local.add_node(**NODE)
            break
        except Exception:      # Ray waits a fixed 30 s for a node to start: a loaded machine may need longer
            ray.shutdown()
            if local is not None:
                local.shutdown()
                local = None
            if attempt == STARTS - 1:
                raise
    try:
        yield local
    finally:
        ray.shutdown()
        local.shutdown()


def specs(budget: float = 0.2) -> list[BotSpec]:
    return [BotSpec("TicTacToeRules", "bots.tictactoe_rules", {}, "Medium", budget),
            BotSpec("TicTacToeEasy", "bots.tictactoe_easy", {}, "Easy", budget)]


def same_games(one, other) -> None:
    assert one.games == other.games
    assert one.transcripts == other.transcripts
    assert one.seatings == other.seatings
    assert one.outcomes == other.outcomes
    assert [(s.wins, s.draws, s.losses, s.moves, s.failures) for s in one.sides] == \
        [(s.wins, s.draws, s.losses, s.moves, s.failures) for s in other.sides]


def test_an_arena_on_the_cluster_plays_the_games_of_a_run_here(cluster):
    here = run_arena("tictactoe", specs(), 8, seed=11, openings=1, concurrency=2)
    there = run_arena("tictactoe", specs(), 8, seed=11, openings=1, concurrency=None, ray_address=cluster.address)
    same_games(there, here)
    assert there.sides[0].failures == there.sides[1].failures == 0


def test_a_run_on_the_cluster_stops_where_a_run_here_stops(cluster):
    def after_three(result) -> bool:       # as the SPRT says when it has decided
        return len(result.lengths) == 3

    here = run_arena("tictactoe", specs(), 12, seed=4, openings=1, concurrency=2, stop=after_three)
    there = run_arena("tictactoe", specs(), 12, seed=4, openings=1, ray_address=cluster.address, stop=after_three)
    assert there.games == here.games == 3
    same_games(there, here)
    again = run_arena("tictactoe", specs(), 4, seed=4, openings=1, ray_address=cluster.address)
    assert again.transcripts == here.transcripts[:3] + again.transcripts[3:]
    assert again.sides[0].failures == again.sides[1].failures == 0


def paced(notes: Path) -> list[BotSpec]:
    """Two bots that take a tenth of a second a move, noting each move they start in ``notes``."""
    info = BotRegistry.discover(FIXTURES / "bots_paced").get("PacedBot")
    return [BotSpec.of(info, budget=1.0, label=label, params={"notes": str(notes), "pause": 0.1})
            for label in ("One", "Two")]


def parent(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[1])


def descends_from(pid: int, ancestor: int) -> bool:
    while pid > 1:
        if pid == ancestor:
            return True
        try:
            pid = parent(pid)
        except OSError:        # ended meanwhile
            return False
    return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="finds a node's processes in /proc (Linux)")
def test_a_node_that_dies_mid_run_loses_no_game(cluster, tmp_path):
    here = run_arena("tictactoe", paced(tmp_path / "here.txt"), 10, seed=5, concurrency=2)
    doomed = cluster.add_node(**NODE)
    cluster.wait_for_nodes()          # known to the scheduler before the games are handed out
    raylet = doomed.all_processes["raylet"][0].process.pid
    notes = tmp_path / "there.txt"

    def kill_the_node_mid_game(number: int, outcome) -> None:
        """After the first game, as soon as a bot on the doomed node starts choosing a move."""
        if number:
            return
        seen = len(notes.read_text().splitlines())
        for _ in range(1500):
            lines = notes.read_text().splitlines()
            if any(descends_from(int(pid), raylet) for pid in lines[seen:]):
                cluster.remove_node(doomed, allow_graceful=False)
                return
            seen = len(lines)
            time.sleep(0.01)
        pytest.fail("no game started on the node to kill")

    there = run_arena("tictactoe", paced(notes), 10, seed=5, concurrency=None, ray_address=cluster.address,
                      on_game=kill_the_node_mid_game)
    assert doomed not in cluster.worker_nodes
    same_games(there, here)
    counted = sum(side.moves for side in there.sides)
    started = len(notes.read_text().splitlines())
    assert started > counted      # the game cut short was played again, and counted once


def test_the_arena_command_runs_on_the_cluster(cluster, capsys):
    command = ["arena", "tictactoe", "--a", "medium", "--b", "easy", "--games", "6", "--seed", "3",
               "--openings", "1", "--budget", "0.2"]
    assert main.main([*command, "--concurrency", "2"]) == 0
    here = capsys.readouterr().out
    assert main.main([*command, "--ray", cluster.address]) == 0
    there = capsys.readouterr().out

    def tallies(out: str) -> list[str]:
        return [line for line in out.splitlines() if "nomial" in line or line.startswith(("A ", "B "))
                and "failure" not in line]

    assert [line.split()[:5] for line in tallies(there)] == [line.split()[:5] for line in tallies(here)]
    assert any("trinomial W D L" in line for line in tallies(there))


def test_a_reversi_self_play_fit_on_the_cluster_fits_the_positions_of_a_run_here(cluster, tmp_path):
    ray = pytest.importorskip("ray")
    fit_spec = importlib.util.spec_from_file_location("reversi_fit", ROOT / "benchmarks" / "reversi_fit.py")
    fit = importlib.util.module_from_spec(fit_spec)
    sys.modules["reversi_fit"] = fit
    try:
        fit_spec.loader.exec_module(fit)
        ray.cloudpickle.register_pickle_by_value(fit)   # the cluster's workers do not have benchmarks/ to import
        settings = {"seed": 2, "depth": 1, "exact": 8, "noise": 0.0, "openings": (4, 8)}
        (tmp_path / "ray").mkdir()
        path = fit.selfplay(tmp_path / "ray", 3, **settings, ray_address=cluster.address)
        task = fit.SelfPlay(**settings, weights=None)
        here = [row for game in range(3) for row in task(game)]
        weights, lines, summary = fit.fit_tables([path], ridge=100.0, iterations=20, seed=2)
    finally:
        ray.cloudpickle.unregister_pickle_by_value(fit)
        del sys.modules["reversi_fit"]
    there = np.load(path)
    assert int(there["games"]) == 3
    assert list(zip(there["own"].tolist(), there["opp"].tolist(), there["label"].tolist(),
                    there["search"].tolist())) == here
    assert summary["train"][0] + summary["held"][0] == len(here) > 100
    assert np.abs(weights).sum() > 0


def test_the_arena_command_without_ray_names_the_extra_to_install(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)      # as where the cluster extra is not installed
    assert main.main(["arena", "tictactoe", "--a", "medium", "--b", "easy", "--ray", "auto"]) == 2
    assert "install the cluster extra: pip install .[cluster]" in capsys.readouterr().err


def test_the_arena_command_says_when_no_cluster_answers(capsys):
    pytest.importorskip("ray", reason="Ray is not installed (the cluster extra: pip install .[cluster])")
    with socket.socket() as probe:      # a port of the loopback that nothing listens on
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"
    assert main.main(["arena", "tictactoe", "--a", "medium", "--b", "easy", "--ray", address]) == 2
    assert f"--ray {address}: no Ray cluster answers at {address}" in capsys.readouterr().err
