"""External engines as bots: config.yaml's engines: entries played by ExternalEngine in real bot workers.

The engines are tests/fixtures/engines/fault_engine.py, a tiny Gomocup and
NBoard engine that does one fault on purpose (``--once``: only the first time, so the
restarted engine then plays). Each runs as a seat of a real arena game through
the real BotRunner: the fault is reported by the engine's name, a legal
fallback move is played, and the game goes on to its end.
"""
from __future__ import annotations

import json
import shlex
import sys
import textwrap
import time
from pathlib import Path

import pytest

import main

from game.match.arena import ArenaResult, run_arena
from game.match.botregistry import BotRegistry
from game.match.config import Config, load_config
from game.match.runner import BotRunner, BotSpec
from game.paths import engine_log_path
from game.rules.catalogue import game_class, new_state

ROOT = Path(__file__).resolve().parent.parent
FAULT_ENGINE = Path(__file__).parent / "fixtures" / "engines" / "fault_engine.py"
#: The game each protocol plays here, with its options (Gomoku on a small board, so a game is short).
GAMES = {"gomocup": ("gomoku", {"size": 9}), "nboard": ("reversi", {})}
SMALL = GAMES["gomocup"][1]
NO_BOTS = BotRegistry(Path("no-bots"))


def fault_command(*words: str) -> str:
    return shlex.join([sys.executable, str(FAULT_ENGINE), *words])


def engines_config(tmp_path: Path, engines: dict[str, str], time_per_move: float = 0.5,
                   protocol: str = "gomocup") -> Config:
    """A config whose engines are ``{name: command}``, each speaking ``protocol`` in its game."""
    lines = [f"{name}: {{command: {json.dumps(command)}, protocol: {protocol}, time: {time_per_move}}}"
             for name, command in engines.items()]
    path = tmp_path / "config.yaml"
    path.write_text(f"games:\n  {GAMES[protocol][0]}:\n    tiers: {{}}\n    engines:\n"
                    + textwrap.indent("\n".join(lines), "      ") + "\n")
    config = load_config(path, registry=NO_BOTS)
    assert config.problems == []
    return config


def spec_of(config: Config, name: str, game_id: str = "gomoku") -> BotSpec:
    return config.bot_spec(game_id, name, NO_BOTS)


def play_one_game(config: Config, first: str, second: str, protocol: str = "gomocup") -> ArenaResult:
    game_id, options = GAMES[protocol]
    specs = [spec_of(config, first, game_id), spec_of(config, second, game_id)]
    return run_arena(game_id, specs, 1, options=options, seed=1)


def assert_played_to_the_end(result: ArenaResult) -> None:
    """Every game of ``result`` was played to its end, legal move by legal move."""
    options = next(options for game_id, options in GAMES.values() if game_id == result.game_id)
    for transcript in result.transcripts:
        assert game_class(result.game_id).from_text(transcript, **options).is_over()
    assert result.sides[0].games == result.games == len(result.transcripts)


@pytest.mark.parametrize("protocol, fault, detail", [
    ("gomocup", "crash", "exit status 3"),
    ("gomocup", "silent", "exit status 0"),
    ("gomocup", "hang", "no answer within"),
    ("gomocup", "illegal", "'14,14'"),
    ("gomocup", "garbage", "no idea, sorry"),
    ("nboard", "crash", "exit status 3"),
    ("nboard", "hang", "no answer to go"),
    ("nboard", "illegal", "'=== D4'"),
    ("nboard", "garbage", "'=== ?!'"),
])
def test_engine_fault_is_reported_by_name_a_fallback_is_played_and_the_restarted_engine_plays_on(
        tmp_path, protocol, fault, detail):
    name = f"Faulty{fault.title()}{protocol.title()}"
    config = engines_config(tmp_path, {name: fault_command(fault, "--once", str(tmp_path / "happened")),
                                       "Steady": fault_command("none")}, protocol=protocol)
    result = play_one_game(config, name, "Steady", protocol)
    assert_played_to_the_end(result)
    faulty, steady = result.sides
    assert faulty.failures == 1 and steady.failures == 0
    [text] = faulty.failure_texts
    # One line in the engine's words: its name once, what it did, no exception type or line of our code.
    assert text.startswith(f"{name} (ExternalEngine) ") and text.count(name) == 1
    assert "raised" not in text and ".py line" not in text
    assert detail in text
    assert faulty.moves > 1    # it played on after the fault
    log = engine_log_path(name).read_text(encoding="utf-8")
    handshake = ("> START 9", "< OK") if protocol == "gomocup" else ("> nboard 2", "< set myname FaultEngine")
    assert all(line in log for line in handshake) and "# failed: " in log


def test_engine_that_crashes_every_time_is_restarted_for_every_move(tmp_path):
    config = engines_config(tmp_path, {"Crasher": fault_command("crash"), "Steady": fault_command("none")})
    result = play_one_game(config, "Crasher", "Steady")
    assert_played_to_the_end(result)
    crasher = result.sides[0]
    assert crasher.failures == crasher.moves > 1
    assert "crashing on purpose" in crasher.failure_texts[0]
    log = engine_log_path("Crasher").read_text(encoding="utf-8")
    assert log.count("# start ") == crasher.moves    # for the first move, then afresh after each crash


def test_engine_error_output_and_protocol_lines_go_to_its_log(tmp_path):
    config = engines_config(tmp_path, {"Chatty": fault_command("stderr"), "Steady": fault_command("none")})
    result = play_one_game(config, "Chatty", "Steady")
    assert_played_to_the_end(result)
    assert result.sides[0].failures == 0
    log = engine_log_path("Chatty").read_text(encoding="utf-8")
    assert "! fault_engine: thinking aloud, line 499" in log
    assert "> BEGIN" in log or "> BOARD" in log
    assert "> ABOUT" in log


@pytest.mark.parametrize("command, why", [
    ("/no/such/folder/pbrain-ghost", "cannot start '/no/such/folder/pbrain-ghost'"),
    (fault_command("dead"), "exit status 0"),
])
def test_engine_that_cannot_start_is_reported_by_name_and_every_move_falls_back(tmp_path, command, why):
    config = engines_config(tmp_path, {"Ghost": command, "Steady": fault_command("none")})
    result = play_one_game(config, "Ghost", "Steady")
    assert_played_to_the_end(result)
    ghost = result.sides[0]
    assert ghost.failures == ghost.moves > 0
    assert ghost.failure_texts[0].startswith("Ghost (ExternalEngine) could not be started: ")
    assert why in ghost.failure_texts[0]


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie waiting to be reaped has)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return True
    return status.rsplit(")", 1)[-1].split()[0] in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the engine dies with its worker on Linux")
def test_engine_ends_with_its_worker_when_the_worker_is_stopped_mid_move(tmp_path):
    pid_file = tmp_path / "engine.pid"
    config = engines_config(tmp_path, {"Sleeper": fault_command("hang", "--pid-file", str(pid_file))},
                            time_per_move=60)
    runner = BotRunner(spec_of(config, "Sleeper")).start()
    try:
        runner.request(new_state("gomoku", **SMALL))
        while not runner.ready:
            assert runner.poll() is None, "the engine should have started"
            time.sleep(0.05)
        pid = int(pid_file.read_text())
        assert not _gone(pid)
    finally:
        runner.close()
    for _ in range(200):
        if _gone(pid):
            break
        time.sleep(0.05)
    assert _gone(pid)


def engines_setup(tmp_path: Path, engines: dict[str, str]) -> list[str]:
    engines_config(tmp_path, engines)
    return ["--config", str(tmp_path / "config.yaml"), "--bots-dir", str(tmp_path / "no-bots")]


def test_arena_command_plays_engines_by_name_and_lists_their_failures(capsys, tmp_path):
    setup = engines_setup(tmp_path, {"Steady": fault_command("none"), "Mumbler": fault_command("garbage")})
    assert main.main([*setup, "arena", "gomoku(size=9)", "--a", "steady", "--b", "Mumbler", "--games", "1"]) == 0
    out = capsys.readouterr().out
    assert "time budget 0.5 s per move" in out
    assert "B failure: Mumbler (ExternalEngine) answered 'no idea, sorry'" in out


def test_analyse_command_asks_an_engine_by_name(capsys, tmp_path):
    setup = engines_setup(tmp_path, {"Steady": fault_command("none")})
    assert main.main([*setup, "analyse", "gomoku(size=9)", "e5", "--bot", "Steady", "--budget", "0.5"]) == 1
    assert "Steady (ExternalEngine) does not value moves" in capsys.readouterr().err


def test_bots_command_lists_the_engines_and_where_they_log(capsys, tmp_path):
    setup = engines_setup(tmp_path, {"Steady": fault_command("none")})
    assert main.main([*setup, "bots"]) == 0
    out = capsys.readouterr().out
    assert f"engine Steady: external Gomocup engine: {fault_command('none')}, 0.5 s per move" in out
    assert f"to {engine_log_path('Steady').parent}" in out


def test_setup_screen_offers_a_configured_engine_with_its_description(make_app, tmp_path):
    engines_config(tmp_path, {"Steady": fault_command("none")})
    d = make_app(size=(800, 560), config_path=tmp_path / "config.yaml", game_id="gomoku",
                 bots_dir=tmp_path / "no-bots")
    [steady] = [choice for choice in d.scene.choices if choice.label == "Steady"]
    assert steady.description == f"external Gomocup engine: {fault_command('none')}"
    d.scene.select(1, "Steady")
    d.frames(2)
    assert d.scene.players()[1].bot == "Steady"


def test_our_own_gomocup_engine_plays_a_whole_arena_game_as_an_external_engine(tmp_path):
    command = shlex.join([sys.executable, str(ROOT / "main.py"), "engine", "gomoku", "--tier", "Easy"])
    config = engines_config(tmp_path, {"OurEasy": command})
    easy = BotSpec("GomokuEasy", "bots.gomoku_easy", {"noise": 1.0}, "Easy", 0.5)
    result = run_arena("gomoku", [spec_of(config, "OurEasy"), easy], 2, options=SMALL, seed=2)
    assert_played_to_the_end(result)
    assert [side.failures for side in result.sides] == [0, 0]
    log = engine_log_path("OurEasy").read_text(encoding="utf-8")
    assert '< name="' in log and "> START 9" in log


@pytest.mark.parametrize("protocol", ["gomocup", "nboard"])
def test_engine_start_up_is_not_counted_against_its_first_move(tmp_path, protocol):
    name = f"Slow{protocol.title()}"
    config = engines_config(tmp_path, {name: fault_command("slow"), "Steady": fault_command("none")},
                            time_per_move=0.3, protocol=protocol)
    result = play_one_game(config, name, "Steady", protocol)
    assert_played_to_the_end(result)
    assert [side.failures for side in result.sides] == [0, 0]


def test_our_own_nboard_engine_plays_a_whole_arena_game_as_an_external_engine(tmp_path):
    command = shlex.join([sys.executable, str(ROOT / "main.py"), "engine", "reversi", "--tier", "Easy"])
    config = engines_config(tmp_path, {"OurReversiEasy": command}, protocol="nboard")
    easy = BotSpec("ReversiEasy", "bots.reversi_easy", {"noise": 1.5}, "Easy", 0.5)
    result = run_arena("reversi", [spec_of(config, "OurReversiEasy", "reversi"), easy], 2, seed=2)
    assert_played_to_the_end(result)
    assert [side.failures for side in result.sides] == [0, 0]
    log = engine_log_path("OurReversiEasy").read_text(encoding="utf-8")
    assert "> nboard 2" in log and "< set myname " in log and "> go" in log


def test_analyse_shows_the_exact_values_our_nboard_engine_proves(capsys, tmp_path):
    command = shlex.join([sys.executable, str(ROOT / "main.py"), "engine", "reversi", "--tier", "Master"])
    engines_config(tmp_path, {"OurMaster": command}, protocol="nboard")
    ffo_1 = (ROOT / "tests" / "fixtures" / "ffo_1-39.obf").read_text().splitlines()[1].split(";")[0].strip()
    setup = ["--config", str(tmp_path / "config.yaml"), "--bots-dir", str(tmp_path / "no-bots")]
    assert main.main([*setup, "analyse", "reversi", ffo_1, "--bot", "OurMaster", "--budget", "5"]) == 0
    out = capsys.readouterr().out
    assert "OurMaster (ExternalEngine), values of Black's moves, best first:\n  g8  wins by 18 (proven)" in out


def test_engine_log_file_stays_in_the_log_folder_whatever_the_engines_name():
    folder = engine_log_path("x").parent
    assert engine_log_path("Edax 4.4/../../x").parent == folder
    assert engine_log_path("Edax 4.4/../../x").name == "Edax_4.4_.._.._x.log"
    assert engine_log_path("..").name == "engine.log"
