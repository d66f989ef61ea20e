"""An NBoard engine that reads no clock (Edax) keeps its time: the depth each request asks comes from
the engine's measured times, and a depth that overran is not asked again, also after a restart."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from bots.external_engine import ExternalEngine
from bots.lib.depth_timing import MAX_DEPTH, SHARE, SURE_SOLVE, DepthTiming
from bots.lib.engine_process import EngineProcess, EngineTimeout
from bots.lib.nboard_client import NBoardClient
from game.rules.reversi import Reversi

ROOT = Path(__file__).resolve().parent.parent
DEPTHBOUND = Path(__file__).parent / "fixtures" / "engines" / "nboard_depthbound.py"
#: The seconds an engine is told it has in these tests (its answer is waited for a little longer).
TOLD = 0.8


def play(timing: DepthTiming, seconds_of, empties: list[int]) -> list[int]:
    """The depths ``timing`` asks over positions of ``empties``, each search taking ``seconds_of(depth, e)``."""
    asked = []
    for e in empties:
        depth = timing.choose(TOLD, e)
        asked.append(depth)
        timing.record(depth, e, seconds_of(depth, e))
    return asked


def midgame(depth: int, empties: int) -> float:
    """An engine whose every extra depth costs three times more: depth 5 takes 0.19 s, 6 takes 0.58 s."""
    return 0.0008 * 3 ** depth


def test_the_depth_rises_from_the_shallowest_to_the_deepest_that_fits_and_no_further():
    asked = play(DepthTiming(), midgame, [56 - ply % 4 for ply in range(30)])
    assert asked[0] == 1 and asked == sorted(asked)      # no fixed first depth: it starts shallow
    assert max(asked) == 5 and asked[-10:] == [5] * 10   # 5 fits in half of 0.8 s; 6 would not
    assert all(midgame(depth, 0) <= TOLD * SHARE for depth in asked)


def test_a_depth_that_overran_is_not_asked_again():
    timing = DepthTiming()
    play(timing, midgame, [50] * 20)
    assert timing.choose(TOLD, 50) == 5
    timing.overran(5, 50, 1.1)    # this position took too long at depth 5
    assert [timing.choose(TOLD, 50) for _ in range(3)] == [4, 4, 4]
    asked = play(timing, midgame, [50] * 20)
    assert max(asked) == 4


def test_one_slow_answer_at_a_shallow_depth_does_not_stop_the_depth_rising():
    """A shallow search that took long because the machine was busy: the next depth's cost is
    extrapolated from the depth's typical time, not its slowest."""
    timing = DepthTiming()
    play(timing, midgame, [50] * 10)
    timing.record(2, 50, 0.3)
    assert timing.choose(TOLD, 50) == 5


def test_the_deepest_setting_caps_the_depth():
    asked = play(DepthTiming(deepest=3), midgame, [50] * 20)
    assert max(asked) == 3
    with pytest.raises(ValueError):
        DepthTiming(deepest=MAX_DEPTH + 1)


def test_the_end_is_solved_only_from_as_many_empties_as_were_timed_to_fit():
    """A search that may go to the end of the game (Edax solves at ``2 depth`` empties or fewer) is
    asked first at ``SURE_SOLVE`` empties, then game by game from a few more, as its times allow."""
    def seconds(depth: int, empties: int) -> float:
        return 0.0005 * 3 ** (empties - 10) if 2 * depth + 4 >= empties else 0.001 * 3 ** min(depth, 4)

    timing = DepthTiming()
    first = play(timing, seconds, list(range(30, 0, -2)))
    solved_from = [30 - 2 * first.index(MAX_DEPTH)]
    assert solved_from[0] == SURE_SOLVE
    for _ in range(4):
        again = play(timing, seconds, list(range(30, 0, -2)))
        solved_from.append(30 - 2 * again.index(MAX_DEPTH))
    assert solved_from == sorted(solved_from) and solved_from[-1] > SURE_SOLVE
    assert seconds(MAX_DEPTH, solved_from[-1]) <= TOLD * SHARE
    assert seconds(MAX_DEPTH, solved_from[-1] + 2) > TOLD * SHARE    # the next size up would not fit


def test_the_branching_ratio_is_measured_between_neighbouring_depths():
    timing = DepthTiming()
    play(timing, lambda depth, empties: 0.01 * 2 ** depth, [50] * 20)
    assert timing.ratio() == pytest.approx(2.0)


# -- the client and a real process ------------------------------------------------------------
def depthbound(seconds: float, ratio: float, *more: str) -> list[str]:
    return [sys.executable, str(DEPTHBOUND), str(seconds), str(ratio), *more]


@pytest.fixture
def start_depthbound(tmp_path):
    """Starts a depth-bound engine (its SECONDS and RATIO) logging to ``e.log``; stops it after the test."""
    started: list[EngineProcess] = []

    def start(seconds: float, ratio: float) -> EngineProcess:
        process = EngineProcess(depthbound(seconds, ratio), name="depthbound", log_path=tmp_path / "e.log")
        started.append(process)
        process.start()
        return process

    yield start
    for process in started:
        process.stop()


def sent(log: Path, prefix: str) -> list[str]:
    return [line.split("> ", 1)[1] for line in log.read_text().splitlines() if f"> {prefix}" in line]


def test_the_client_greets_with_the_version_edax_expects_and_sends_no_fixed_depth(tmp_path, start_depthbound):
    client = NBoardClient(start_depthbound(0.001, 2.0))
    state = Reversi()
    for _ in range(4):
        state.push(client.move(state, TOLD))
        state.push(state.legal_moves()[0])
    assert sent(tmp_path / "e.log", "nboard") == ["nboard 1"]
    assert sent(tmp_path / "e.log", "set depth") == ["set depth 1", "set depth 2", "set depth 3", "set depth 4"]
    assert "Edax expected" not in (tmp_path / "e.log").read_text()


def test_the_client_says_the_protocol_version_it_is_given(tmp_path, start_depthbound):
    process = start_depthbound(0.001, 2.0)
    assert NBoardClient(process, protocol_version=2).engine_name() is None
    assert sent(tmp_path / "e.log", "nboard") == ["nboard 2"]
    with pytest.raises(ValueError, match="version 3"):
        NBoardClient(process, protocol_version=3)


def test_an_engine_that_searches_to_its_depth_answers_every_move_in_time(tmp_path, start_depthbound):
    """Each depth takes four times the one before (at depth 14 a move would take seven hours): the
    client finds the depths that fit half a second, whatever the engine would do at 21."""
    client = NBoardClient(start_depthbound(0.0001, 4.0))
    state = Reversi()
    for _ in range(10):
        state.push(client.move(state, 0.5))      # an EngineTimeout would fail the test
        state.push(state.legal_moves()[0])
    depths = [int(line.split()[-1]) for line in sent(tmp_path / "e.log", "set depth")]
    assert depths[:3] == [1, 2, 3] and 0.0001 * 4 ** max(depths) <= 0.5


def test_an_engine_that_overran_is_asked_less_after_its_restart(tmp_path):
    """The engine never answers at depth 3 or deeper: the first request at 3 overruns, the engine
    is restarted, and no later request asks 3 again (before, every move asked depth 14 and overran)."""
    command = shlex.join(depthbound(0.0001, 2.0, "--hang-from", "3"))
    engine = ExternalEngine(command, "nboard", name="Hanger", log=str(tmp_path / "hanger.log"))
    state, failures = Reversi(), 0
    try:
        for _ in range(10):
            try:
                state.push(engine.choose_move(state, 0.3))
            except EngineTimeout:
                failures += 1
                state.push(state.legal_moves()[0])
            state.push(state.legal_moves()[0])
    finally:
        engine.close()
    log = tmp_path / "hanger.log"
    assert failures == 1
    assert log.read_text().count("# start ") == 2
    depths = [int(line.split()[-1]) for line in sent(log, "set depth")]
    assert depths.count(3) == 1 and depths[-1] == 2


def test_a_setting_the_protocol_has_not_is_refused():
    with pytest.raises(ValueError, match="no setting 'depth'"):
        ExternalEngine(shlex.join(depthbound(0.001, 2.0)), "gomocup", depth=4)


def test_values_are_asked_deeper_and_deeper_while_the_time_holds_them(tmp_path, start_depthbound):
    client = NBoardClient(start_depthbound(0.0001, 3.0))
    state = Reversi()
    values = client.values(state, 0.5)
    depths = [int(line.split()[-1]) for line in sent(tmp_path / "e.log", "set depth")]
    assert depths[:3] == [1, 2, 3] and 0.0001 * 3 ** max(depths) <= 0.5
    assert sorted(values) == sorted(state.legal_moves())
    assert {value.score for value in values.values()} == {max(depths) / 100}    # the deepest hint's
