"""Engine warm-up: bots compile their engines before play, once, with progress.

The hook (``Bot.warm_up``) is found by discovery, run by the worker before
it reports ready, and run for every engine at launch by ``EngineWarmUp`` in
one background process that names and skips warm-ups that fail.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

import pytest

from game.match.botregistry import BotRegistry
from game.match.config import load_config
from game.match.runner import BotRunner, BotSpec
from game.rules.tictactoe import TicTacToe
from game.match.compiling import CAN_LOCK
from game.match.warmup import EngineWarmUp, WarmUpJob, warm_up_jobs

FIXTURES = Path(__file__).parent / "fixtures"
ENGINES = FIXTURES / "bots_warmup"
GATED = FIXTURES / "bots_warmup_gated"
FAULTY = FIXTURES / "bots_warmup_faulty"
GATE_ENV = "BOARD_ARCADE_TEST_WARMUP_GATE"


@pytest.fixture(scope="module")
def engines() -> BotRegistry:
    registry = BotRegistry.discover(ENGINES)
    assert registry.problems == []
    return registry


@pytest.fixture(scope="module")
def gated() -> BotRegistry:
    registry = BotRegistry.discover(GATED)
    assert registry.problems == []
    return registry


@pytest.fixture(scope="module")
def faulty() -> BotRegistry:
    registry = BotRegistry.discover(FAULTY)
    assert registry.problems == []
    return registry


def jobs(registry: BotRegistry, *keys: str) -> list[WarmUpJob]:
    """Jobs for ``keys`` in that order, labelled by the bots' names."""
    return [WarmUpJob(key, registry.get(key).module, registry.get(key).load_path, registry.get(key).name)
            for key in keys]


def run_to_the_end(warmup: EngineWarmUp) -> list:
    """Every distinct progress report until the warm-up finishes."""
    reports = [warmup.poll()]
    with warmup:
        while not warmup.finished:
            progress = warmup.wait(0.05)
            if progress != reports[-1]:
                reports.append(progress)
    return reports


# -- discovery and the worker -------------------------------------------------------
def test_discovery_records_which_bots_have_an_engine_to_warm_up(engines):
    assert {key for key, info in engines.bots.items() if info.warms_up} == {
        "NumbaEngineBot", "RecordingBot", "SlowWarmUpBot", "StagedBot"}
    assert not engines.get("PlainBot").warms_up


def test_warm_up_that_is_not_a_classmethod_is_reported_and_the_bot_not_loaded(tmp_path):
    (tmp_path / "odd.py").write_text(
        "from game.rules.bot import Bot\n"
        "class OddBot(Bot):\n"
        "    games = ('tictactoe',)\n"
        "    def warm_up(self):\n"
        "        pass\n")
    registry = BotRegistry.discover(tmp_path)
    assert "OddBot" not in registry.bots
    assert any("OddBot.warm_up must be a @classmethod" in str(p) for p in registry.problems)


def test_jobs_cover_the_bots_with_an_engine_labelled_by_their_names(engines):
    listed = warm_up_jobs(engines, load_config())
    assert [(job.key, job.label) for job in listed] == [
        ("NumbaEngineBot", "Numba engine"), ("RecordingBot", "Recording"), ("SlowWarmUpBot", "Slow warm-up"),
        ("StagedBot", "Staged")]


def test_worker_runs_the_later_warm_up_by_the_end_of_its_first_answer(engines):
    with BotRunner(BotSpec.of(engines.get("StagedBot"), budget=1.0)) as runner:
        runner.request(TicTacToe())
        runner.wait(60)
        runner.request(TicTacToe())
        second = runner.wait(60)
    assert second.move == TicTacToe().legal_moves()[-1]


def test_launch_warm_up_runs_the_later_part_of_the_bots_that_have_one(engines):
    with EngineWarmUp(jobs(engines, "StagedBot", "RecordingBot")) as warmup:
        final = warmup.wait(60)
    assert final.finished and not warmup.running and final.failures == ()
    assert set(warmup.seconds) == {"StagedBot", "RecordingBot"}
    assert set(warmup.later_seconds) == {"StagedBot"}


def test_prefer_warms_the_named_bots_up_in_their_order_before_the_others(engines, caplog):
    caplog.set_level(logging.INFO, logger="game.match.warmup")
    warmup = EngineWarmUp(jobs(engines, "NumbaEngineBot", "RecordingBot", "SlowWarmUpBot"))
    warmup.prefer(["SlowWarmUpBot", "RecordingBot"])
    assert run_to_the_end(warmup)[-1].finished
    assert warmed_up(caplog) == ["Slow warm-up", "Recording", "Numba engine"]


def test_prefer_warms_the_named_bots_up_before_the_others(engines):
    warmup = EngineWarmUp(jobs(engines, "NumbaEngineBot", "RecordingBot", "SlowWarmUpBot"))
    warmup.prefer(["SlowWarmUpBot"])
    reports = run_to_the_end(warmup)
    assert [report.current for report in reports if report.current][0] == "Slow warm-up"
    assert reports[-1].finished and reports[-1].failures == ()


def compiling_gated(engines, gated, gate: Path, monkeypatch, caplog) -> EngineWarmUp:
    """A warm-up of Gated, Quick and Recording, in that order, once it compiles Gated
    (which it does until the file ``gate`` appears)."""
    monkeypatch.setenv(GATE_ENV, str(gate))
    caplog.set_level(logging.INFO, logger="game.match.warmup")
    warmup = EngineWarmUp(jobs(gated, "GatedBot", "QuickBot") + jobs(engines, "RecordingBot")).start()
    while not warmup.poll().compiling:
        warmup.wait(0.05)
    return warmup


def warmed_up(caplog) -> list[str]:
    """The labels of the bots the warm-up process warmed up, in order."""
    return [record.getMessage().split(" (")[0].removeprefix("engine warm-up of ")
            for record in caplog.records if "took" in record.getMessage()]


def test_bots_preferred_while_the_warm_up_runs_go_next(engines, gated, tmp_path, monkeypatch, caplog):
    warmup = compiling_gated(engines, gated, tmp_path / "gate", monkeypatch, caplog)
    try:
        warmup.prefer(["RecordingBot"])                # the player opened its game
        (tmp_path / "gate").touch()
        final = warmup.wait(120)
    finally:
        warmup.close()
    assert (final.done, final.total, final.failures) == (3, 3, ())
    assert warmed_up(caplog) == ["Gated", "Recording", "Quick"]


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="process priorities are a POSIX matter")
def test_the_warm_up_runs_at_the_arcades_priority_until_a_game_is_played_then_behind(gated, tmp_path, monkeypatch):
    """While the player chooses a game nothing needs the cores more (a niced compile gets a third
    of a busy machine); once a game's bots start, the warm-up steps behind them, for good."""
    monkeypatch.setenv(GATE_ENV, str(tmp_path / "gate"))
    base = os.getpriority(os.PRIO_PROCESS, 0)
    warmup = EngineWarmUp(jobs(gated, "GatedBot", "QuickBot")).start()
    # main.py warmup (another gated bot: two compiles of one bot are never at once, see compile_lock)
    early = BotRegistry.discover(FIXTURES / "bots_warmup_gated_early")
    awaited = EngineWarmUp(jobs(early, "GatedEarlyBot"), background=False).start()
    try:
        for each in (warmup, awaited):
            while not each.poll().compiling:
                each.wait(0.05)
        assert os.getpriority(os.PRIO_PROCESS, warmup.pid) == base
        assert os.getpriority(os.PRIO_PROCESS, awaited.pid) == base
        for each in (warmup, awaited):
            each.hold(True)                             # a game's bots start: the compile makes way
            each.hold(False)                            # and starts again once they are ready
            while not each.poll().compiling:
                each.wait(0.05)
        assert os.getpriority(os.PRIO_PROCESS, warmup.pid) == min(19, base + 5)
        assert os.getpriority(os.PRIO_PROCESS, awaited.pid) == base
    finally:
        (tmp_path / "gate").touch()
        warmup.close()
        awaited.close()


def test_game_engines_puts_the_seated_bots_first_then_the_tiers_in_order():
    from game.match.warmup import game_engines

    config = load_config()
    tiers = [tier.bot for tier in config.game("reversi").tiers]
    hard = next(tier.bot for tier in config.game("reversi").tiers if tier.name == "Hard")
    assert game_engines(config, "reversi") == list(dict.fromkeys(tiers))
    assert game_engines(config, "reversi", ["Hard"]) == list(dict.fromkeys([hard, *tiers]))


def test_worker_runs_the_warm_up_before_the_first_move(engines):
    with BotRunner(BotSpec.of(engines.get("RecordingBot"), budget=1.0)) as runner:
        runner.request(TicTacToe())
        reply = runner.wait(60)
    assert reply.failure is None
    assert reply.move == TicTacToe().legal_moves()[0]


def test_a_first_move_the_bot_plays_without_its_engine_comes_before_its_warm_up_ends(tmp_path):
    """A first game on a new machine: Reversi Hard's first move (alike by symmetry) or Gomoku
    Hard's centre is played at once, the engine compiling while the opponent thinks; the
    next move waits for the warm-up."""
    early = BotRegistry.discover(FIXTURES / "bots_warmup_early")
    gate = tmp_path / "gate"
    with BotRunner(BotSpec.of(early.get("EarlyBot"), budget=1.0, params={"gate": str(gate)})) as runner:
        runner.request(TicTacToe())
        first = runner.wait(60)
        assert (first.failure, first.move) == (None, 4)
        assert runner.starting                           # its warm-up has not ended
        state = TicTacToe()
        for move in (4, 0):
            state.push(move)
        runner.request(state)
        with pytest.raises(TimeoutError):                # this one waits for the engine
            runner.wait(0.5)
        gate.touch()
        second = runner.wait(60)
    assert (second.failure, second.move) == (None, state.legal_moves()[0])


@pytest.mark.parametrize("options", [{}, {"size": 19}, {"size": 9, "rule": "renju"}])
def test_gomoku_hard_and_master_play_before_their_warm_up_the_centre_their_search_plays(options):
    from bots.gomoku_hard import GomokuHard
    from bots.gomoku_master import GomokuMaster
    from game.rules.gomoku import Gomoku

    state = Gomoku(**options)
    for cls in (GomokuHard, GomokuMaster):
        early = cls(seed=1).move_before_warm_up(state)
        assert early == cls(seed=1).choose_move(state, 0.3) == (state.size // 2) * (state.size + 1)
    state.push(early)
    assert GomokuHard(seed=1).move_before_warm_up(state) is None     # White's answer is the search's


def test_reversi_hard_plays_before_its_warm_up_a_first_move_its_search_values_alike():
    """Every first move it may play so leaves the position the search's move leaves, turned
    or mirrored; later moves and set-up positions wait for the search."""
    from bots.reversi_hard import ReversiHard
    from bots.reversi_master import ReversiMaster
    from game.rules.reversi import Reversi

    def squares(bits: int) -> set[tuple[int, int]]:
        return {(square // 8, square % 8) for square in range(64) if bits >> square & 1}

    def images(state: Reversi) -> set[tuple[frozenset, frozenset]]:
        turns = [lambda r, c: (r, c), lambda r, c: (c, r), lambda r, c: (7 - r, 7 - c), lambda r, c: (7 - c, 7 - r)]
        return {tuple(frozenset(turn(*square) for square in squares(state.discs(seat))) for seat in (0, 1))
                for turn in turns}

    start = Reversi()
    searched = start.copy()
    searched.push(ReversiHard(seed=1).choose_move(start, 0.3))
    chosen = {cls(seed=seed).move_before_warm_up(start) for cls in (ReversiHard, ReversiMaster) for seed in range(12)}
    assert chosen == set(start.legal_moves())
    for move in chosen:
        after = start.copy()
        after.push(move)
        assert images(after) & images(searched)
    assert ReversiHard(seed=1).move_before_warm_up(searched) is None
    from bots.reversi_hard import WARM_UP_POSITION
    assert ReversiHard(seed=1).move_before_warm_up(Reversi.read(WARM_UP_POSITION)) is None


def test_connect_four_hard_and_master_play_before_their_warm_up_the_proven_centre_their_engines_play():
    """On the empty 7x6 board the centre, the only winning first move: Master's book opens with it
    (a proven win) and Hard's search plays it; other boards and later moves wait for the engine."""
    from bots.connect4_alphabeta import ConnectFourAlphaBeta
    from bots.connect4_master import ConnectFourMaster
    from bots.lib.connect4_book import Book
    from game.rules.connect4 import ConnectFour

    start = ConnectFour()
    opening = Book.read().lookup([])
    assert opening is not None and opening.column == 3 and opening.result > 0
    for seed in range(3):
        hard, master = ConnectFourAlphaBeta(depth=8, seed=seed), ConnectFourMaster(seed=seed)
        assert hard.move_before_warm_up(start) == hard.choose_move(start, 1.0) == 3
        assert master.move_before_warm_up(start) == master.choose_move(start, 1.0) == 3
    after = start.copy()
    after.push(3)
    wider = ConnectFour(cols=8)
    for bot in (ConnectFourAlphaBeta(depth=8, seed=1), ConnectFourMaster(seed=1)):
        assert bot.move_before_warm_up(after) is None and bot.move_before_warm_up(wider) is None


def test_a_warm_up_longer_than_the_budget_is_not_counted_against_the_first_move(engines):
    budget = 0.1  # with its grace, well under the warm-up's second
    with BotRunner(BotSpec.of(engines.get("SlowWarmUpBot"), budget=budget)) as runner:
        runner.request(TicTacToe())
        reply = runner.wait(60)
    assert reply.failure is None
    assert reply.move == TicTacToe().legal_moves()[0]


def test_warm_up_that_raises_fails_the_bot_like_a_constructor_that_raises(faulty):
    state = TicTacToe()
    with BotRunner(BotSpec.of(faulty.get("RaisingWarmUpBot"), budget=1.0, seed=1)) as runner:
        runner.request(state)
        reply = runner.wait(60)
    assert reply.failure is not None
    assert ("Raising warm-up (RaisingWarmUpBot) could not be started: its warm_up() raised "
            "ValueError: no compiler on this machine (faulty_engines.py line") in reply.failure
    assert state.is_legal(reply.move)


# -- the launch-time warm-up ------------------------------------------------------------
def test_warm_up_reports_progress_to_completion_and_compiles_to_the_disk_cache(engines, gated, tmp_path,
                                                                               monkeypatch):
    cache = tmp_path / "numba-cache"
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(cache))
    warmup = EngineWarmUp(jobs(engines, "NumbaEngineBot", "RecordingBot") + jobs(gated, "GatedBot"))
    reports = run_to_the_end(warmup.start())
    assert reports[0].done == 0
    assert [r.done for r in reports] == sorted(r.done for r in reports)
    assert (reports[-1].done, reports[-1].total, reports[-1].current, reports[-1].failures) == (3, 3, "", ())
    assert {r.current for r in reports} <= {"", "Numba engine", "Recording", "Gated"}
    assert list(cache.rglob("engines._centre_first*.nbi")), "the kernel was not cached on disk"
    assert warmup.compiled == {"NumbaEngineBot", "GatedBot"}      # the gated bot's kernel is not cached
    again = EngineWarmUp(jobs(engines, "NumbaEngineBot"))
    assert run_to_the_end(again.start())[-1].finished
    assert again.compiled == set()                                 # loaded from the cache


def test_failing_warm_ups_are_named_and_skipped_and_the_others_still_run(faulty):
    keys = ("FirstGoodBot", "RaisingWarmUpBot", "HangingWarmUpBot", "ExitingWarmUpBot", "LastGoodBot")
    warmup = EngineWarmUp(jobs(faulty, *keys), timeout=2.0).start()
    final = run_to_the_end(warmup)[-1]
    assert final.finished and final.done == 5
    assert warmup.outcomes["FirstGoodBot"] is None and warmup.outcomes["LastGoodBot"] is None
    failures = "\n".join(final.failures)
    assert ("Raising warm-up: its warm_up() raised ValueError: no compiler on this machine "
            "(faulty_engines.py line") in failures
    assert "Hanging warm-up: its warm_up() did not finish within 2 s; skipped" in failures
    assert "Exiting warm-up: ended the warm-up process (exit code 3); skipped" in failures
    assert len(final.failures) == 3


def test_a_bot_handed_over_is_left_out_unless_it_is_being_compiled(engines, gated, tmp_path, monkeypatch, caplog):
    warmup = compiling_gated(engines, gated, tmp_path / "gate", monkeypatch, caplog)
    try:
        assert warmup.poll().current == "Gated"
        # Being compiled: its worker may start (its warm-up waits for this compile), the compile goes on here.
        assert warmup.hand_over("GatedBot") == CAN_LOCK
        assert warmup.hand_over("RecordingBot")        # queued: the game's worker warms it up itself
        assert warmup.pending("GatedBot") and not warmup.pending("RecordingBot")
        (tmp_path / "gate").touch()
        final = warmup.wait(120)
    finally:
        warmup.close()
    assert (final.done, final.total, final.failures) == (3, 3, ())
    assert warmed_up(caplog) == ["Gated", "Quick"]
    assert warmup.hand_over("GatedBot")                # done: nothing to wait for


@pytest.mark.skipif(not CAN_LOCK, reason="the compile lock is a POSIX flock")
def test_a_bot_the_warm_up_is_compiling_plays_its_early_move_at_once_and_its_warm_up_waits_for_that_compile(
        tmp_path, monkeypatch):
    """A game opened while the launch-time warm-up compiles its bot: the bot's worker starts at once
    and answers the first move it plays without its engine; its own warm-up waits until the warm-up
    process's compile of the same bot ends (never the same kernels compiled twice at once)."""
    registry = BotRegistry.discover(FIXTURES / "bots_warmup_gated_early")
    gate, own_gate = tmp_path / "gate", tmp_path / "own-gate"
    own_gate.touch()                               # the worker's own warm-up would not wait at all
    monkeypatch.setenv(GATE_ENV, str(gate))
    warmup = EngineWarmUp(jobs(registry, "GatedEarlyBot")).start()
    try:
        while not warmup.poll().compiling:
            warmup.wait(0.05)
        assert warmup.hand_over("GatedEarlyBot")   # its worker may start now
        spec = BotSpec.of(registry.get("GatedEarlyBot"), budget=1.0, params={"gate": str(own_gate)})
        with BotRunner(spec) as runner:
            runner.request(TicTacToe())
            first = runner.wait(60)
            assert (first.failure, first.move) == (None, 4)
            state = TicTacToe()
            for move in (4, 0):
                state.push(move)
            runner.request(state)
            with pytest.raises(TimeoutError):      # its warm-up waits for the warm-up process's compile
                runner.wait(1.0)
            assert runner.starting and warmup.compiling("GatedEarlyBot")
            gate.touch()
            second = runner.wait(60)
        assert (second.failure, second.move) == (None, state.legal_moves()[0])
        final = warmup.wait(60)
    finally:
        warmup.close()
    assert final.finished and final.failures == ()


def test_held_warm_up_finishes_its_bot_and_starts_no_other_until_let_go(gated, tmp_path, monkeypatch):
    gate = tmp_path / "gate"
    monkeypatch.setenv(GATE_ENV, str(gate))
    # The timeout leaves a loaded machine time to see the gate open (2 s did not, at load 20).
    warmup = EngineWarmUp(jobs(gated, "GatedBot", "QuickBot"), timeout=5.0).start()
    try:
        while not warmup.poll().compiling:
            warmup.wait(0.05)
        assert warmup.hand_over("GatedBot") == CAN_LOCK  # a game waits for it (its worker, where it can, starts)
        warmup.hold(True)                               # another of the game's bots starts compiling
        gate.touch()
        while warmup.pending("GatedBot"):
            warmup.wait(0.05)
        held = warmup.wait(5.5)                         # longer than its timeout: holding is no hang
        assert (held.done, held.current, held.failures) == (1, "", ())
        warmup.hold(False)
        final = warmup.wait(60)
    finally:
        warmup.close()
    assert (final.done, final.total, final.failures) == (2, 2, ())


def test_holding_stops_an_engine_no_game_waits_for_and_compiles_it_again_once_let_go(gated, tmp_path,
                                                                                   monkeypatch):
    gate = tmp_path / "gate"
    monkeypatch.setenv(GATE_ENV, str(gate))
    warmup = EngineWarmUp(jobs(gated, "GatedBot", "QuickBot")).start()
    try:
        while not warmup.poll().compiling:
            warmup.wait(0.05)
        stopped = warmup.pid
        warmup.hold(True)                               # a game's own bot starts compiling: the cores are its
        assert warmup.pid is None and warmup.pending("GatedBot") and warmup.progress().done == 0
        with pytest.raises(ProcessLookupError):
            os.kill(stopped, 0)
        gate.touch()
        warmup.hold(False)
        final = warmup.wait(60)
    finally:
        warmup.close()
    assert (final.done, final.total, final.failures) == (2, 2, ())


def test_close_ends_the_warm_up_process(gated, tmp_path, monkeypatch):
    monkeypatch.setenv(GATE_ENV, str(tmp_path / "never"))
    warmup = EngineWarmUp(jobs(gated, "GatedBot")).start()
    pid = warmup.pid
    assert pid is not None
    warmup.close()
    assert warmup.pid is None
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_nothing_to_warm_up_starts_no_process():
    warmup = EngineWarmUp([]).start()
    assert warmup.finished and warmup.pid is None
    assert warmup.poll().total == 0


def test_warmup_command_prints_a_line_per_engine_and_the_count_ready(capsys):
    from game.cli import main

    assert main(["--bots-dir", str(ENGINES), "warmup"]) == 0
    out = capsys.readouterr().out
    assert "Preparing 4 game engines" in out
    assert "[1/4] Numba engine: " in out and "Slow warm-up: " in out and "Staged: " in out
    assert out.rstrip().splitlines()[-1].startswith("4 of 4 engines ready in ")
