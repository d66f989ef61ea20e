"""The bot runner: whatever a bot does wrong, the game gets a reply and a legal move.

Workers are real spawned processes (about half a second each to start), so
runners are shared per module where a test does not need a fresh one.
"""
from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from game.match.botregistry import BotRegistry
from game.match import runner as runner_module
from game.match.keeper import descendants
from game.rules.catalogue import new_state
from game.match.runner import ANALYSE, BotReply, BotRunner, BotSpec
from game.rules.bot import AT_LEAST, AT_MOST, MoveValue
from game.rules.tictactoe import TicTacToe

FAULTY = Path(__file__).parent / "fixtures" / "bots_faulty"
BUDGET = 0.2


@pytest.fixture(scope="module")
def faulty() -> BotRegistry:
    registry = BotRegistry.discover(FAULTY)
    assert registry.problems == []
    return registry


@pytest.fixture(scope="module")
def runners(faulty) -> Iterator[dict[str, BotRunner]]:
    """One started runner per misbehaving bot; they start in parallel."""
    keys = ["LastMoveBot", "CountingBot", "RaisingBot", "IllegalBot", "NoneBot", "BadConstructorBot",
            "ExitingBot", "DyingBot", "PrintingBot", "BadValuesBot", "UnreadableBot", "OddValuesBot", "BadReportBot"]
    started = {key: BotRunner(BotSpec.of(faulty.get(key), budget=BUDGET, seed=1)).start() for key in keys}
    yield started
    for runner in started.values():
        runner.close()


def spec(registry: BotRegistry, key: str, budget: float = BUDGET, **params) -> BotSpec:
    return BotSpec.of(registry.get(key), budget=budget, params=params, seed=3)


def position(moves: str = "") -> TicTacToe:
    return TicTacToe.from_text(moves)


def assert_failed_with_legal_fallback(reply: BotReply, state: TicTacToe, *phrases: str) -> None:
    assert reply.failure is not None
    for phrase in phrases:
        assert phrase in reply.failure
    assert state.is_legal(reply.move)
    assert reply.values == {}


def test_move_request_returns_the_bots_move(runners):
    runner = runners["LastMoveBot"]
    runner.request(position("b2"))
    reply = runner.wait()
    assert reply.ok and reply.kind == "move"
    assert reply.move == 8
    assert not runner.busy


def test_analyse_request_returns_values_of_legal_moves_and_the_best(runners):
    runner = runners["LastMoveBot"]
    state = position("b2")
    runner.request(state, ANALYSE)
    reply = runner.wait()
    assert reply.ok and reply.kind == ANALYSE
    assert set(reply.values) == set(state.legal_moves())
    assert reply.move == 8 and reply.values[8].text == "rank 7"


def test_bot_keeps_its_state_between_requests_until_a_new_game(runners):
    runner = runners["CountingBot"]
    runner.new_game()
    for _ in range(2):
        runner.request(position())
        runner.wait()
    runner.request(position(), ANALYSE)
    assert runner.wait().values[0].text == "2 moves so far"
    runner.new_game()
    runner.request(position(), ANALYSE)
    assert runner.wait().values[0].text == "0 moves so far"


def test_a_new_game_with_a_seed_repeats_a_random_bots_play_whatever_came_before():
    # The Easy tier picks its first move of an empty board with self.rng.
    easy = BotSpec("TicTacToeEasy", "bots.tictactoe_easy", {}, "Easy", BUDGET, seed=1)
    with BotRunner(easy) as runner:
        def first_move(seed: int) -> int:
            runner.new_game(seed)
            runner.request(position())
            return runner.wait().move

        firsts = [first_move(seed) for seed in range(8)]
        for _ in range(3):                      # draws from the bot's rng in between
            runner.request(position())
            runner.wait()
        assert [first_move(seed) for seed in range(8)] == firsts
        assert len(set(firsts)) > 1


def test_a_new_game_with_a_seed_repeats_the_fallback_moves(runners):
    runner = runners["RaisingBot"]

    def fallbacks() -> list[int]:
        runner.new_game(42)
        moves = []
        for _ in range(3):
            runner.request(position())
            moves.append(runner.wait().move)
        return moves

    assert fallbacks() == fallbacks()


def test_raising_bot_is_named_with_the_exception_and_a_legal_move_is_given(runners):
    state = position("b2")
    runners["RaisingBot"].request(state)
    reply = runners["RaisingBot"].wait()
    assert_failed_with_legal_fallback(reply, state, "Raising (RaisingBot)",
                                      "ValueError: no idea what to do", "faulty_bots.py line")


def test_illegal_move_is_named(runners):
    state = position("b2")
    runners["IllegalBot"].request(state)
    reply = runners["IllegalBot"].wait()
    assert_failed_with_legal_fallback(reply, state, "Illegal (IllegalBot) chose b2, which is not a legal move")


def test_move_that_is_not_a_move_of_the_game_is_named(runners):
    state = position()
    runners["IllegalBot"].request(state)
    reply = runners["IllegalBot"].wait()
    assert_failed_with_legal_fallback(reply, state, "chose 99")


def test_no_move_at_all_is_a_failure(runners):
    state = position("a1")
    runners["NoneBot"].request(state)
    assert_failed_with_legal_fallback(runners["NoneBot"].wait(), state, "chose no move (None)")


def test_constructor_failure_fails_every_request_with_its_reason(runners):
    runner = runners["BadConstructorBot"]
    for moves in ("", "b2"):
        state = position(moves)
        runner.request(state)
        assert_failed_with_legal_fallback(runner.wait(), state, "could not be started",
                                          "RuntimeError: opening book missing")


def test_sys_exit_in_a_bot_is_reported_and_the_worker_lives_on(runners):
    runner = runners["ExitingBot"]
    pid = runner.pid
    for moves in ("", "c3"):
        state = position(moves)
        runner.request(state)
        assert_failed_with_legal_fallback(runner.wait(), state, "Exiting (ExitingBot) called sys.exit(3)")
    assert runner.pid == pid


def test_worker_that_dies_is_reported_and_replaced(runners):
    runner = runners["DyingBot"]
    state = position("a1")
    runner.request(state)
    first_pid = runner.pid
    assert_failed_with_legal_fallback(runner.wait(), state, "Dying (DyingBot) stopped unexpectedly",
                                      "exit code 7")
    assert runner.pid not in (None, first_pid)
    runner.request(state)
    assert "exit code 7" in runner.wait().failure


def test_worker_lost_while_idle_is_replaced_without_failing_the_next_move(faulty):
    with BotRunner(spec(faulty, "LastMoveBot")) as runner:
        runner.request(position())
        assert runner.wait().ok
        os.kill(runner.pid, signal.SIGKILL)
        # Lost while idle: the worker is known gone before the next request, not found gone while
        # it is sent (a kill's signal and the reaping come asynchronously on a busy machine).
        deadline = time.monotonic() + 30
        while runner._child.alive and time.monotonic() < deadline:
            time.sleep(0.01)
        runner.request(position("c1"))
        reply = runner.wait()
        assert reply.ok and reply.move == 7


def test_printing_bot_answers_normally(runners):
    runners["PrintingBot"].request(position())
    reply = runners["PrintingBot"].wait()
    assert reply.ok and reply.move == 0


def test_analysis_of_an_illegal_move_is_a_failure(runners):
    state = position("a1")
    runners["BadValuesBot"].request(state, ANALYSE)
    reply = runners["BadValuesBot"].wait()
    assert_failed_with_legal_fallback(reply, state, "valued 99, which is not a legal move")


@pytest.mark.parametrize("moves, phrase", [
    ("", "valued a3 with the score 'great'"),
    ("a1", "valued c1 with the score nan"),
    ("a1 b1", "valued a3 with the score True"),
    ("a1 b1 c1", "valued a3 with the text None"),
    ("a1 b1 c1 a2", "valued a3 with the bound 2"),
])
def test_malformed_move_value_is_a_failure_naming_the_bot_and_the_move(runners, moves, phrase):
    state = position(moves)
    runners["OddValuesBot"].request(state, ANALYSE)
    reply = runners["OddValuesBot"].wait()
    assert_failed_with_legal_fallback(reply, state, "Odd values (OddValuesBot)", phrase)


def test_numpy_scores_arrive_as_plain_floats(runners):
    state = position("a1 b1 c1 a2 b2")
    runners["OddValuesBot"].request(state, ANALYSE)
    reply = runners["OddValuesBot"].wait()
    assert reply.ok and reply.move == state.legal_moves()[-1]
    assert {type(value.score) for value in reply.values.values()} == {float}


def test_a_bad_report_during_analysis_is_a_failure_naming_the_bot_and_the_move(runners):
    state = position("a1")
    runners["BadReportBot"].request(state, ANALYSE)
    reply = runners["BadReportBot"].wait()
    assert_failed_with_legal_fallback(reply, state, "Bad report (BadReportBot)", "report() valued 99, which is not a legal move")


def test_values_keep_whether_they_are_estimates_proven_values_or_bounds_also_while_reported(faulty):
    state = position("a1")
    kinds = [MoveValue(0.25, "+0.25"), MoveValue(1.0, "win in 3", True),
             MoveValue(0.0, "at least a draw", True, AT_LEAST), MoveValue(0.0, "at most a draw", True, AT_MOST)]
    expected = {move: kinds[i % 4] for i, move in enumerate(state.legal_moves())}
    with BotRunner(spec(faulty, "ProvingBot", budget=5.0, pause=1.0)) as runner:
        runner.request(state, ANALYSE)
        until = time.monotonic() + 30   # a guard against hanging the test run, not a measurement
        while (reported := runner.progress()) is None and time.monotonic() < until:
            time.sleep(0.01)
        reply = runner.wait()
    first = state.legal_moves()[2:4]
    assert reported == {move: expected[move] for move in first}   # the third and fourth: a floor, a ceiling
    assert reply.ok and reply.values == expected and list(reply.values) == state.legal_moves()
    assert {type(value.score) for value in reply.values.values()} == {float}


def test_object_a_move_cannot_be_written_as_is_an_illegal_move_and_the_next_works(runners):
    runner = runners["UnreadableBot"]
    for moves in ("", "a1"):
        state = position(moves)
        runner.request(state)
        assert_failed_with_legal_fallback(runner.wait(), state, "Unreadable (UnreadableBot) chose <",
                                          "UnreadableMove object", "which is not a legal move")


def test_a_move_of_any_length_from_a_worker_is_shown_cut_to_a_line(faulty):
    with BotRunner(spec(faulty, "TamperingBot", how="long move")) as runner:
        state = position()
        runner.request(state)
        reply = runner.wait()
    assert_failed_with_legal_fallback(reply, state, "Tampering (TamperingBot) chose zzz", "..., which is not a legal move")
    assert len(reply.failure) < 150


@pytest.mark.parametrize("how", ["garbage", "pickle"])
def test_worker_sending_what_is_no_message_is_refused_without_running_its_code(faulty, tmp_path, how, caplog):
    marker = tmp_path / "created by unpickling"
    with BotRunner(spec(faulty, "TamperingBot", how=how, marker=str(marker))) as runner:
        state = position()
        runner.request(state)
        first_pid = runner.pid
        reply = runner.wait()
        assert reply.failure == "Tampering (TamperingBot) answered with a message the game cannot read"
        assert_failed_with_legal_fallback(reply, state)
        assert "Tampering (TamperingBot)" in caplog.text and "cannot be read" in caplog.text   # the detail, logged
        assert not marker.exists()
        assert runner.pid not in (None, first_pid)
        runner.request(position("a1"))
        assert not runner.wait().ok  # its new worker tampers again; the game still gets a move


def test_numpy_move_arrives_as_the_games_own_int(faulty):
    with BotRunner(spec(faulty, "NumpyMoveBot")) as runner:
        runner.request(position("b2"))
        reply = runner.wait()
        assert reply.ok and reply.move == 8 and type(reply.move) is int


def test_poll_gives_nothing_while_the_bot_thinks_then_the_reply_once(faulty):
    with BotRunner(spec(faulty, "SlowStartBot", budget=5.0, pause=0.5)) as runner:
        runner.request(position())
        assert runner.poll() is None and runner.busy
        reply = runner.wait()
        assert reply.ok and reply.move == 8
        assert runner.poll() is None and not runner.busy


def test_hanging_bot_is_stopped_and_its_worker_restarted(faulty):
    with BotRunner(spec(faulty, "SlowStartBot", pause=60.0)) as runner:
        state = position()
        runner.request(state)
        first_pid = runner.pid
        reply = runner.wait()
        assert_failed_with_legal_fallback(reply, state, "Slow start (SlowStartBot) did not answer",
                                          "0.2 s budget")
        with pytest.raises(ProcessLookupError):
            os.kill(first_pid, 0)  # stopped and reaped, not left as a zombie
        runner.request(position("c1"))
        after = runner.wait()
        assert after.ok and after.move == 7


def test_bot_hanging_in_new_game_fails_the_next_move_and_is_restarted(faulty):
    with BotRunner(spec(faulty, "HangingNewGameBot"), new_game_timeout=0.2, take_up_timeout=0.5) as runner:
        runner.new_game()
        state = position()
        runner.request(state)
        first_pid = runner.pid
        reply = runner.wait(timeout=30)  # a guard against hanging the test run, not a measurement
        assert_failed_with_legal_fallback(reply, state, "Stuck between games (HangingNewGameBot)",
                                          "did not finish new_game() within 0.2 s")
        assert runner.pid not in (None, first_pid)
        runner.request(position("c1"))
        after = runner.wait(timeout=30)
        assert after.ok and after.move == 0


def test_a_request_that_comes_while_warm_up_later_runs_is_taken_up_and_answered(faulty):
    with BotRunner(spec(faulty, "SlowLaterBot"), take_up_timeout=0.2) as runner:
        runner.request(position())
        assert runner.wait(timeout=30).ok  # its warm_up_later (3 s busy) runs after this first answer
        runner.request(position("a1"))
        reply = runner.wait(timeout=30)
        assert reply.ok and reply.move == position("a1").legal_moves()[0]


def test_a_worker_that_never_takes_up_its_request_is_still_reported_and_replaced(faulty):
    with BotRunner(spec(faulty, "LastMoveBot"), take_up_timeout=0.2) as runner:
        runner.request(position())
        assert runner.wait(timeout=30).ok
        first_pid = runner.pid
        os.kill(bot_process(runner), signal.SIGSTOP)  # alive, but never reads its next request
        state = position("c1")
        runner.request(state)
        reply = runner.wait(timeout=60)  # a guard against hanging the test run, not a measurement
        assert_failed_with_legal_fallback(reply, state, "did not start on the position it was sent")
        assert runner.pid not in (None, first_pid)
        runner.request(position("c1"))
        assert runner.wait(timeout=30).ok


def test_a_worker_kept_from_its_core_on_a_loaded_machine_gets_longer_to_take_up(faulty, monkeypatch):
    monkeypatch.setattr(runner_module, "load_scale", lambda: 10.0)  # as on 2 cores at load 20
    with BotRunner(spec(faulty, "LastMoveBot"), take_up_timeout=0.2) as runner:
        runner.request(position())
        assert runner.wait(timeout=30).ok
        starved = bot_process(runner)
        os.kill(starved, signal.SIGSTOP)  # no processor for 0.6 s: three times the unscaled limit
        resumed = threading.Timer(0.6, os.kill, (starved, signal.SIGCONT))
        resumed.start()
        runner.request(position("c1"))
        reply = runner.wait(timeout=30)
        resumed.join()
        assert reply.ok and reply.move == position("c1").legal_moves()[-1]


def bot_process(runner: BotRunner) -> int:
    """The process that runs the bot: the keeper's (``runner.pid``) one child."""
    assert runner.pid is not None
    (pid,) = descendants(runner.pid)
    return pid


def test_tier_label_and_class_both_name_the_failing_bot(faulty):
    named = BotSpec.of(faulty.get("RaisingBot"), budget=BUDGET, label="Hard")
    with BotRunner(named) as runner:
        runner.request(position())
        assert runner.wait().failure.startswith("Hard (RaisingBot) raised ValueError")


@pytest.mark.parametrize("restart", [True, False])
def test_cancelled_reply_is_never_delivered_and_the_next_request_works(faulty, restart):
    with BotRunner(spec(faulty, "SlowStartBot", budget=5.0, pause=0.3)) as runner:
        runner.request(position())
        runner.cancel(restart=restart)
        assert not runner.busy
        state = position("c1")
        runner.request(state)
        reply = runner.wait()
        assert reply.ok and reply.move == 7
        assert runner.poll() is None


def test_new_request_replaces_one_still_outstanding(faulty):
    with BotRunner(spec(faulty, "SlowStartBot", budget=5.0, pause=0.3)) as runner:
        runner.request(position())
        runner.request(position("c1"))
        assert runner.wait().move == 7
        assert runner.poll() is None


def test_close_ends_the_worker_process(faulty):
    runner = BotRunner(spec(faulty, "LastMoveBot")).start()
    pid = runner.pid
    runner.request(position())
    runner.wait()
    runner.close()
    assert runner.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_position_the_worker_cannot_rebuild_fails_the_request_saying_why(runners):
    from fixtures.unreadable_game import CentrelessTicTacToe

    state = CentrelessTicTacToe()
    state.push(4)
    runners["LastMoveBot"].request(state)
    assert_failed_with_legal_fallback(runners["LastMoveBot"].wait(), state,
                                      "Last move (LastMoveBot) could not be given the position (BadNotation: ")
    runners["LastMoveBot"].request(position("b2"))
    assert runners["LastMoveBot"].wait().ok


def test_request_on_a_finished_game_is_refused(runners):
    with pytest.raises(ValueError, match="game is over"):
        runners["LastMoveBot"].request(position("a1 b1 a2 b2 a3"))


def test_unknown_request_kind_is_refused(runners):
    with pytest.raises(ValueError, match="unknown request kind"):
        runners["LastMoveBot"].request(new_state("tictactoe"), "ponder")


def test_wait_without_a_request_is_an_error(runners):
    with pytest.raises(RuntimeError, match="nothing was requested"):
        runners["LastMoveBot"].wait()


def test_reply_move_is_the_games_own_value_not_the_bots_copy(runners):
    state = position("a1 b1")
    runners["LastMoveBot"].request(state)
    reply = runners["LastMoveBot"].wait()
    assert reply.move in state.legal_moves() and type(reply.move) is int
