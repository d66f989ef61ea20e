"""NBoard protocol: our Reversi engine as a real subprocess, and the client driving it and faulty engines."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules.bot import Bot, MoveValue
from game.rules.reversi import PASS, Reversi
from game.rules.reversi_ggf import GgfClock, write_ggf
from game.rules.tictactoe import TicTacToe
from game.engines.nboard import NBoardSession, serve
from game.match.config import load_config
from bots.lib.engine_process import (EngineDied, EngineError, EngineGarbled, EngineIllegal, EngineProcess,
                                     EngineTimeout)
from bots.lib.nboard_client import NBoardClient

ROOT = Path(__file__).resolve().parent.parent
FAKES = Path(__file__).parent / "fixtures" / "engines"
#: Black must pass after these moves.
PASS_LINE = "d3c3e6d2d1e1b2c1"
#: FFO #1: 14 empties, Black to move; G8 wins by 18, the best move.
FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
#: Generous limits so a loaded machine (or numba compiling cold) never fails a test; no test measures speed.
START = 180.0
ANSWER = 60.0


def engine_command(tier: str) -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), "engine", "reversi", "--tier", tier]


@pytest.fixture
def easy(tmp_path):
    with EngineProcess(engine_command("Easy"), name="ours", log_path=tmp_path / "engine.log", cwd=ROOT) as engine:
        engine.send("nboard 2")
        assert engine.read_line(START) == "set myname BoardArcade-Easy"
        yield engine


def lines_until(engine: EngineProcess, first_word: str) -> list[str]:
    """The engine's lines up to and including the first that starts with ``first_word``."""
    lines = []
    while not lines or lines[-1].split()[:1] != [first_word]:
        lines.append(engine.read_line(ANSWER))
    return lines


def answer_of(lines: list[str]) -> str:
    return lines[-1].split()[1].split("/")[0]


# -- our engine -------------------------------------------------------------------------
def test_engine_plays_a_game_to_the_end_passing_when_it_must(easy):
    state = Reversi.from_text(PASS_LINE)
    state.pop()   # the forced pass: the engine is to find it
    easy.send("set game " + write_ggf(state))
    answers = []
    while state.outcome() is None:
        easy.send("go")
        word = answer_of(lines_until(easy, "==="))
        move = PASS if word == "PA" else state.parse_move(word)
        assert state.is_legal(move)
        answers.append(word)
        state.push(move)
        easy.send(f"move {word}")
    assert answers[0] == "PA"
    assert len(answers) == len(state.move_stack) - len(PASS_LINE) // 2


def test_engine_answers_a_legal_move_after_a_midgame_ggf(easy):
    ggf = ("(;GM[Othello]PC[GGS/os]PB[a]PW[b]TI[05:00//02:00]TY[8]RE[?]"
           "BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
           "B[f5//0.50]W[D6/-1.00/0.40]B[c3]W[d3]B[C4//2.00]W[f4]B[f6]W[f3];)")
    state = Reversi.from_text("f5d6c3d3c4f4f6f3")
    easy.send("set game " + ggf)
    easy.send("go")
    word = answer_of(lines_until(easy, "==="))
    assert state.parse_move(word) in state.legal_moves()


def test_engine_answers_ping_only_after_the_go_before_it(easy):
    easy.send("set game " + write_ggf(Reversi()))
    easy.send("go")
    easy.send("ping 7")
    lines = lines_until(easy, "pong")
    assert lines[-1] == "pong 7"
    assert any(line.startswith("=== ") for line in lines[:-1])


def test_engine_survives_garbage_and_says_what_it_ignored(easy):
    garbage = ["", "frobnicate now", "set game nonsense", "set game (;GM[Chess];)", "move Z9", "move",
               "hint lots", "set depth deep", "set colour blue", "\x01\x02 \x7f", "go",
               "set game " + write_ggf(Reversi()), "move A1", "nboard 99"]
    for line in garbage:
        easy.send(line)
    easy.send("ping 9")
    lines = lines_until(easy, "pong")
    assert lines[-1] == "pong 9"
    assert all(line.split()[0] in ("status", "set") for line in lines[:-1])
    assert any("cannot read the game" in line for line in lines)
    assert any("unknown command 'frobnicate now'" in line for line in lines)
    assert easy.alive


def test_engine_says_it_keeps_no_book_when_asked_to_learn(easy):
    easy.send("learn")
    lines = lines_until(easy, "learned")
    assert "keeps no book" in lines[0]


def test_engine_exits_with_status_zero_at_the_end_of_input_printing_only_protocol_lines():
    commands = b"nboard 2\n\xff\xfe not text\nset game " + write_ggf(Reversi()).encode() + b"\ngo\nping 1\n"
    run = subprocess.run(engine_command("Easy"), input=commands, capture_output=True, cwd=ROOT, timeout=START)
    assert run.returncode == 0
    words = [line.split()[0] for line in run.stdout.decode().splitlines()]
    assert words == ["set", "status", "status", "===", "status", "pong"]


@pytest.fixture(scope="module")
def setup(shipped_registry):
    return load_config(registry=shipped_registry), shipped_registry


def test_serve_refuses_a_game_or_tier_it_has_not_in_one_line(setup, capsys):
    config, registry = setup
    assert serve("gomoku", "Easy", config, registry, io.StringIO(""), io.StringIO()) == 2
    assert serve("reversi", "Grandmaster", config, registry, io.StringIO(""), io.StringIO()) == 2
    said = capsys.readouterr().err.splitlines()
    assert "no NBoard engine for 'gomoku'" in said[0] and "no tier or bot 'Grandmaster'" in said[1]


def test_serve_answers_a_session_until_quit(setup):
    config, registry = setup
    out = io.StringIO()
    commands = "nboard 2\nping 1\nquit\nping 2\n"
    assert serve("reversi", "Easy", config, registry, io.StringIO(commands), out) == 0
    assert out.getvalue().splitlines() == ["set myname BoardArcade-Easy", "pong 1"]


def test_serve_hints_with_the_hint_tier_whatever_tier_plays(setup):
    config, registry = setup
    out = io.StringIO()
    commands = f"set game (;GM[Othello]BO[8 {FFO_1.replace('X', '*')}];)\nhint 1\n"
    assert serve("reversi", "Easy", config, registry, io.StringIO(commands), out) == 0
    assert "search G8 18.00 0 100% wins by 18" in out.getvalue().splitlines()


class RecordingBot(Bot):
    """Plays the first legal move and remembers the budget it was given."""

    name = "Recorder"
    games = ("reversi",)

    def __init__(self) -> None:
        super().__init__()
        self.budgets: list[float] = []

    def choose_move(self, state, budget):
        self.budgets.append(budget)
        return state.legal_moves()[0]


class HalfSolvingBot(RecordingBot):
    """Values two moves of the start exactly and two by a search it says went 7 deep."""

    searched_depth = 7

    def analyse(self, state, budget):
        return {19: MoveValue(4.0, "win by 4 (exact)", exact=True), 26: MoveValue(1.5, "about +1.5 (estimate)"),
                37: MoveValue(-2.0, "loss by 2 (exact)", exact=True), 44: MoveValue(0.25, "about +0.2 (estimate)")}


def test_a_hint_writes_estimates_at_the_searched_depth_before_solved_moves():
    out = io.StringIO()
    session = NBoardSession(HalfSolvingBot(), "test", move_seconds=1.0, hint_seconds=3.0, out=out)
    session.handle("hint 3")
    assert [line for line in out.getvalue().splitlines() if line.startswith("search")] == [
        "search C4 1.50 0 7 about +1.5 (estimate)", "search E6 0.25 0 7 about +0.2 (estimate)",
        "search D3 4.00 0 100% win by 4 (exact)"]


def session_budget(ggf: str, *moves: str) -> float:
    bot = RecordingBot()
    session = NBoardSession(bot, "test", move_seconds=1.0, hint_seconds=3.0, out=io.StringIO())
    for line in ["set game " + ggf, *(f"move {move}" for move in moves), "go"]:
        session.handle(line)
    return bot.budgets[-1]


def test_a_tight_ggf_clock_shortens_the_time_a_move_gets():
    start = Reversi()   # 60 empties: Black has 30 moves left
    assert session_budget(write_ggf(start)) == 1.0
    assert session_budget(write_ggf(start, clock=GgfClock(3.0))) == pytest.approx(0.1)
    assert session_budget(write_ggf(start, clock=GgfClock(600.0))) == 1.0


def test_the_seconds_written_beside_moves_count_on_the_movers_clock():
    ggf = write_ggf(Reversi(), clock=GgfClock(31.0))
    assert session_budget(ggf, "F5//16.0", "D6//1.0") == pytest.approx(15 / 29)       # Black's 15 s, 29 moves
    assert session_budget(ggf, "F5//1.0", "D6//20.0", "C3//1.0") == pytest.approx(11 / 29)   # White's


# -- the client ---------------------------------------------------------------------------
def client_for(command: list[str], tmp_path: Path, name: str = "engine") -> NBoardClient:
    process = EngineProcess(command, name=name, log_path=tmp_path / f"{name}.log", cwd=ROOT)
    process.start()
    return NBoardClient(process)


def client_for_ours(tier: str, tmp_path: Path) -> NBoardClient:
    """A client of our engine once it has compiled (which may take minutes cold on a loaded machine,
    longer than a client waits for an engine to start)."""
    client = client_for(engine_command(tier), tmp_path, "ours")
    client.process.send("nboard 2")
    assert client.process.read_line(START) == f"set myname BoardArcade-{tier}"
    return client


@pytest.fixture
def stopper():
    clients = []
    yield clients.append
    for client in clients:
        client.close()
        client.process.stop()


def test_client_plays_a_whole_game_with_our_engine_sending_only_the_new_moves(tmp_path, stopper):
    client = client_for_ours("Easy", tmp_path)
    stopper(client)
    state = Reversi.from_text(PASS_LINE)
    state.pop()
    first = client.move(state, 0.5)
    while state.outcome() is None:
        state.push(client.move(state, 0.5))
    assert first == PASS
    assert client.engine_name() == "BoardArcade-Easy"
    sent = (tmp_path / "ours.log").read_text()
    assert sent.count("> set game") == 1
    assert "> move PA" in sent


def test_client_values_are_exact_where_the_engine_solved_them(tmp_path, stopper):
    client = client_for_ours("Master", tmp_path)
    stopper(client)
    state = Reversi.read(FFO_1)
    values = client.values(state, 3.0)
    best = max(values, key=lambda move: values[move].score)
    assert state.move_to_str(best) == "g8"
    assert values[best].exact and values[best].score == 18
    assert "search G8 18.00 0 100%" in (tmp_path / "ours.log").read_text()
    split = client.values(Reversi.read(FFO_1, counting="split"), 3.0)   # the engine counts empties to the winner
    assert split and not any(value.exact for value in split.values())


def test_client_reads_edax_style_answers_and_keeps_book_values_as_estimates(tmp_path, stopper):
    client = client_for([sys.executable, str(FAKES / "nboard_edaxlike.py")], tmp_path)
    stopper(client)
    state = Reversi()
    assert state.move_to_str(client.move(state, 1.0)) == "d3"
    assert client.engine_name() == "Edax14"
    values = {state.move_to_str(move): value for move, value in client.values(state, 1.0).items()}
    assert {name: value.score for name, value in values.items()} == {"d3": 0.0, "f5": -2.0, "c4": 0.0}
    assert not any(value.exact for value in values.values())
    assert "book" in values["d3"].text


@pytest.mark.parametrize("mode, error, says", [
    ("garbage", EngineGarbled, "'banana' is not a move"),
    ("illegal", EngineIllegal, "A1 is not legal for Black"),
    ("binary", EngineGarbled, "not text"),
])
def test_client_names_a_bad_answer_to_go(tmp_path, stopper, mode, error, says):
    client = client_for([sys.executable, str(FAKES / "nboard_faulty.py"), mode], tmp_path)
    stopper(client)
    with pytest.raises(error, match=says):
        client.move(Reversi(), 1.0)


@pytest.mark.parametrize("mode, error, says", [
    ("garbage", EngineGarbled, "'lots' is not an eval"),
    ("illegal", EngineIllegal, "A1 is not legal"),
])
def test_client_names_a_bad_hint_line(tmp_path, stopper, mode, error, says):
    client = client_for([sys.executable, str(FAKES / "nboard_faulty.py"), mode], tmp_path)
    stopper(client)
    with pytest.raises(error, match=says):
        client.values(Reversi(), 1.0)


def test_client_reports_an_engine_that_dies_mid_game_with_its_last_words(tmp_path, stopper):
    client = client_for([sys.executable, str(FAKES / "nboard_faulty.py"), "dies"], tmp_path)
    stopper(client)
    state = Reversi()
    state.push(client.move(state, 1.0))
    state.push(state.legal_moves()[0])
    with pytest.raises(EngineDied, match=r"exit status 3.*out of memory"):
        client.move(state, 1.0)


def test_client_greets_a_restarted_engine_and_sends_it_the_whole_game(tmp_path, stopper):
    client = client_for([sys.executable, str(FAKES / "nboard_faulty.py"), "dies"], tmp_path)
    stopper(client)
    state = Reversi()
    state.push(client.move(state, 1.0))
    state.push(state.legal_moves()[0])
    with pytest.raises(EngineDied):
        client.move(state, 1.0)
    client.process.start()
    client.move(Reversi(), 1.0)
    log = (tmp_path / "engine.log").read_text()
    assert log.count("> nboard 2") == 2 and log.count("> set game") == 2


def test_client_gives_up_on_a_silent_engine_after_its_budget(tmp_path, stopper):
    client = client_for([sys.executable, str(FAKES / "nboard_faulty.py"), "hangs"], tmp_path)
    stopper(client)
    with pytest.raises(EngineTimeout, match="no answer to go"):
        client.move(Reversi(), 0.2)


def test_client_refuses_a_game_nboard_cannot_express(tmp_path, stopper):
    client = client_for([sys.executable, str(FAKES / "nboard_faulty.py"), "hangs"], tmp_path)
    stopper(client)
    with pytest.raises(EngineError, match="not tictactoe"):
        client.move(TicTacToe(), 1.0)
