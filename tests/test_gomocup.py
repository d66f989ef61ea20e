"""The Gomocup protocol both ways: our Gomoku engine for managers, and our client of any Gomocup engine.

The engine is tested in process (``GomocupEngine.handle``, a line in, the
answer lines out) and as the real command, ``main.py engine gomoku``, in a
subprocess; the client against that command and against a fault script
(``tests/fixtures/engines/gomocup_faulty.py``).
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from bots.gomoku_easy import GomokuEasy
from bots.lib.engine_process import EngineDied, EngineError, EngineGarbled, EngineIllegal, EngineProcess
from bots.lib.gomocup_client import GomocupClient
from bots.lib.gomocup_text import GomocupTextError, UNLIMITED_MS, about_fields, parse_point, rule_code, rule_name
from game.engines import gomocup, server_for
from game.engines.gomocup import FASTEST, MIN_MOVES_LEFT, GomocupEngine, TimeInfo, move_budget, moves_left
from game.rules.gomoku import BLACK, EMPTY, WHITE, Gomoku

ROOT = Path(__file__).resolve().parent.parent
FAULTY = ROOT / "tests" / "fixtures" / "engines" / "gomocup_faulty.py"
#: Seconds a test waits for an answer: a first START of a fresh checkout compiles the engine.
PATIENCE = 180.0
#: A protocol answer line: a point, OK, or one of the protocol's words with its text.
PROTOCOL_LINE = re.compile(r"^(\d+,\d+|OK|(ERROR|UNKNOWN|MESSAGE|DEBUG) .*|name=\".*)$")


def our_engine(tier: str = "Easy") -> list[str]:
    return [sys.executable, str(ROOT / "main.py"), "engine", "gomoku", "--tier", tier]


def engine_in_process(budget: float = 0.2) -> GomocupEngine:
    return GomocupEngine(lambda: GomokuEasy(seed=1), "Easy", budget)


def answer(engine: GomocupEngine, *lines: str) -> list[str]:
    """The answers to ``lines``, fed one by one."""
    out: list[str] = []
    for line in lines:
        out += engine.handle(line)
    return out


def started(size: int = 15) -> GomocupEngine:
    engine = engine_in_process()
    assert answer(engine, f"START {size}") == ["OK"]
    return engine


# -- shared words -----------------------------------------------------------------
@pytest.mark.parametrize("code, rule", [(0, "freestyle"), (1, "standard"), (4, "renju"), (5, "renju")])
def test_rule_codes_read_as_our_rule_sets(code, rule):
    assert rule_name(code) == rule
    assert rule_name(rule_code(rule)) == rule


@pytest.mark.parametrize("code, words", [(2, "continuous"), (8, "Caro"), (16, "does not know"), (-1, "not a sum")])
def test_rules_we_cannot_play_are_refused_by_name(code, words):
    with pytest.raises(GomocupTextError, match=words):
        rule_name(code)


def test_points_read_with_spaces_and_refuse_other_text():
    assert parse_point(" 10 , 3 ") == (10, 3)
    for text in ("10", "a,b", "1,2,3", ""):
        with pytest.raises(GomocupTextError):
            parse_point(text)


# -- the time a move may take ---------------------------------------------------------
def test_without_limits_a_move_takes_the_default_budget():
    assert move_budget(TimeInfo(default=1.5)) == 1.5


def test_a_turn_limit_is_kept_with_a_margin():
    budget = move_budget(TimeInfo(timeout_turn=2000))
    assert 1.5 < budget < 2.0


def test_a_turn_limit_of_zero_plays_as_fast_as_possible():
    assert move_budget(TimeInfo(timeout_turn=0, default=5.0)) == FASTEST


def test_the_match_time_left_is_shared_over_the_moves_left():
    info = TimeInfo(timeout_turn=30_000, time_left=60_000)
    assert move_budget(info, stones=0) < 60 / MIN_MOVES_LEFT
    assert move_budget(info, stones=0) < move_budget(info, stones=80)


def test_an_unlimited_match_leaves_the_turn_limit():
    assert move_budget(TimeInfo(timeout_turn=1000, timeout_match=0, time_left=UNLIMITED_MS)) == \
        move_budget(TimeInfo(timeout_turn=1000))


def test_a_match_limit_without_time_left_is_shared_as_if_unspent():
    assert move_budget(TimeInfo(timeout_match=30_000)) < 30 / MIN_MOVES_LEFT


def test_time_run_out_plays_as_fast_as_possible():
    assert move_budget(TimeInfo(timeout_turn=5000, time_left=-300)) == FASTEST


def test_moves_left_never_exceed_half_the_empty_points():
    assert moves_left(stones=75, points=81) == 3
    assert moves_left(stones=0, points=225) >= MIN_MOVES_LEFT


# -- our engine, in process -------------------------------------------------------------
def test_turn_puts_the_stone_at_column_x_row_y_from_the_top_left():
    engine = started()
    reply = answer(engine, "TURN 3,1")
    assert engine.state.stone(3, 1) == BLACK and engine.state.stone(1, 3) == EMPTY
    assert engine.state.move_to_str(engine.state.move_stack[0]) == "d14"
    x, y = parse_point(reply[-1])
    assert engine.state.stone(x, y) == WHITE


def test_begin_plays_first_as_black():
    engine = started()
    x, y = parse_point(answer(engine, "BEGIN")[-1])
    assert engine.state.stone(x, y) == BLACK


def test_board_sets_up_own_and_opponent_stones_and_answers_a_move():
    engine = started()
    reply = answer(engine, "BOARD", "7,7,1", "8,7,2", "0,1,1", "9,7,2", "DONE")
    state = engine.state
    assert (state.stone(7, 7), state.stone(0, 1), state.stone(8, 7), state.stone(9, 7)) == (BLACK, BLACK, WHITE, WHITE)
    x, y = parse_point(reply[-1])
    assert state.stone(x, y) == BLACK and len(state.move_stack) == 5


def test_board_with_the_opponent_a_stone_ahead_makes_us_white():
    engine = started()
    reply = answer(engine, "BOARD", "7,7,2", "DONE")
    x, y = parse_point(reply[-1])
    assert engine.state.stone(7, 7) == BLACK and engine.state.stone(x, y) == WHITE


def test_board_in_any_order_is_arranged_into_a_game():
    engine = started()
    reply = answer(engine, "BOARD", "1,1,2", "2,2,2", "7,7,1", "8,8,1", "9,9,2", "DONE")
    assert re.fullmatch(r"\d+,\d+", reply[-1])
    assert engine.state.stone(9, 9) == BLACK and engine.state.stone(7, 7) == WHITE


@pytest.mark.parametrize("lines, words", [
    (["7,7,3"], "continuous"), (["7,7"], "x,y,field"), (["7,7,1", "7,7,2"], "two stones"),
    (["7,7,1", "8,8,1"], "own and"), (["20,1,1"], "off the 15x15"),
])
def test_a_bad_board_is_refused_and_the_position_kept(lines, words):
    engine = started()
    answer(engine, "TURN 7,7")
    before = list(engine.state.move_stack)
    reply = answer(engine, "BOARD", *lines, "DONE")
    assert reply[-1].startswith("ERROR") and words in reply[-1]
    assert list(engine.state.move_stack) == before


def test_takeback_removes_the_last_stone():
    engine = started()
    x, y = parse_point(answer(engine, "TURN 7,7")[-1])
    assert answer(engine, f"TAKEBACK {x},{y}") == ["OK"]
    assert engine.state.stone(x, y) == EMPTY and engine.state.stone(7, 7) == BLACK
    assert answer(engine, "TAKEBACK 7,7") == ["OK"]
    assert not engine.state.move_stack


def test_takeback_of_an_empty_point_is_an_error():
    engine = started()
    answer(engine, "TURN 7,7")
    assert answer(engine, "TAKEBACK 0,0")[0].startswith("ERROR")
    assert len(engine.state.move_stack) == 2


def test_an_illegal_opponent_move_is_an_error_and_changes_nothing():
    engine = started()
    x, y = parse_point(answer(engine, "TURN 7,7")[-1])
    for command in (f"TURN {x},{y}", "TURN 15,0", "TURN -1,3", "TURN seven"):
        reply = answer(engine, command)
        assert len(reply) == 1 and reply[0].startswith("ERROR"), command
    assert len(engine.state.move_stack) == 2


def test_renju_refuses_black_a_forbidden_point():
    engine = engine_in_process()
    answer(engine, "INFO rule 4", "START 15")
    # Black (us) has 5,7 6,7 and 7,5 7,6: a stone on 7,7 makes two open threes.
    ours = answer(engine, "BOARD", "5,7,1", "0,0,2", "6,7,1", "14,0,2", "7,5,1", "0,14,2", "7,6,1", "14,14,2",
                  "DONE")
    assert answer(engine, f"TAKEBACK {ours[-1]}") == ["OK"]
    reply = answer(engine, "PLAY 7,7")
    assert reply[0].startswith("ERROR") and "double-three" in reply[0]
    assert engine.state.stone(7, 7) == EMPTY


def test_start_refuses_sizes_we_do_not_play():
    engine = engine_in_process()
    assert answer(engine, "START 20")[0].startswith("ERROR unsupported size 20")
    assert answer(engine, "RECTSTART 15,20")[0].startswith("ERROR unsupported board 15x20")
    assert answer(engine, "RECTSTART 13,13") == ["OK"] and engine.state.size == 13


def test_moves_before_start_are_errors():
    engine = engine_in_process()
    for command in ("BEGIN", "TURN 7,7", "RESTART", "TAKEBACK 1,1"):
        assert answer(engine, command)[0].startswith("ERROR no board yet"), command


def test_unknown_commands_get_unknown_and_blank_lines_nothing():
    engine = started()
    reply = answer(engine, "FROBNICATE 1")
    assert len(reply) == 1 and reply[0].startswith("UNKNOWN unknown command 'FROBNICATE'")
    assert answer(engine, "", "   ", "\r\n") == []


def test_info_never_answers_and_a_bad_value_is_told_with_the_next_answer():
    engine = started()
    assert answer(engine, "INFO timeout_turn lots", "INFO folder /tmp", "INFO evaluate 3,4") == []
    reply = answer(engine, "TURN 7,7")
    assert reply[0].startswith("MESSAGE INFO timeout_turn ignored") and re.fullmatch(r"\d+,\d+", reply[-1])


def test_a_rule_we_cannot_play_makes_moves_errors_until_a_rule_we_play_comes():
    engine = started()
    assert answer(engine, "INFO rule 2") == []
    assert "continuous" in answer(engine, "TURN 7,7")[0]
    assert not engine.state.move_stack
    answer(engine, "INFO rule 1")
    assert re.fullmatch(r"\d+,\d+", answer(engine, "TURN 7,7")[-1])
    assert engine.state.rule == "standard"


def test_a_rule_changed_mid_game_replays_the_stones_under_it():
    engine = started()
    answer(engine, "TURN 7,7")
    answer(engine, "INFO rule 4")
    assert engine.state.rule == "renju" and len(engine.state.move_stack) == 2


def test_a_rule_the_stones_break_needs_a_new_position():
    engine = started()
    # Black (the opponent) 5,7 6,7 7,5 7,6 7,7: a double-three at 7,7, fine in freestyle, forbidden in Renju.
    answer(engine, "BOARD", "5,7,2", "0,0,1", "6,7,2", "14,0,1", "7,5,2", "0,14,1", "7,6,2", "14,14,1", "7,7,2",
           "DONE")
    answer(engine, "INFO rule 4")
    assert "no game under rule 4" in answer(engine, "TURN 1,1")[0]
    reply = answer(engine, "BOARD", "7,7,2", "DONE")
    assert re.fullmatch(r"\d+,\d+", reply[-1]) and engine.state.rule == "renju"


def test_words_may_be_apart_by_tabs_and_commands_in_any_case():
    engine = engine_in_process()
    assert answer(engine, "start\t15") == ["OK"]
    assert re.fullmatch(r"\d+,\d+", answer(engine, "Turn  7,7")[-1])


def test_the_turn_limit_reaches_the_bot():
    seen = []

    class Recording(GomokuEasy):
        def choose_move(self, state, budget):
            seen.append(budget)
            return super().choose_move(state, budget)

    engine = GomocupEngine(lambda: Recording(seed=1), "Easy", 5.0)
    answer(engine, "START 15", "INFO timeout_turn 400", "BEGIN", "INFO timeout_turn 0", "TURN 0,0")
    assert 0 < seen[0] <= move_budget(TimeInfo(timeout_turn=400)) and seen[1] == FASTEST


def test_a_finished_game_asks_for_no_move():
    engine = started()
    reply = answer(engine, "BOARD", *(f"{x},0,2" for x in range(5)), *(f"{x},2,1" for x in range(4)), "DONE")
    assert reply == ["ERROR the game is over: Black wins (five in a row)"]


def test_about_names_the_engine():
    fields = about_fields(started().handle("ABOUT")[0])
    assert fields["name"] == "Board Arcade Gomoku Easy" and fields["version"]


def test_gomoku_has_a_protocol_and_tic_tac_toe_none():
    assert server_for("gomoku") is gomocup
    assert server_for("tictactoe") is None


# -- our engine, as the command -----------------------------------------------------------
def run_engine(text: bytes, tier: str = "Easy") -> subprocess.CompletedProcess:
    return subprocess.run(our_engine(tier), input=text, capture_output=True, timeout=PATIENCE, cwd=ROOT)


def test_the_command_answers_garbage_as_the_protocol_says_and_exits_0_at_end_of_input():
    garbage = (b"TURN 7,7\r\n\r\n\xff\xfe\x00binary\n12345\nstart fifteen\nSTART 15\r\n"
               b"TURN 1,1,1\nTURN 99,0\nINFO rule banana\nTURN 0,0\n")
    result = run_engine(garbage)
    lines = result.stdout.decode().splitlines()
    assert result.returncode == 0
    assert all(PROTOCOL_LINE.match(line) for line in lines), lines
    assert lines[0].startswith("ERROR no board yet") and lines[1].startswith("UNKNOWN")
    assert "OK" in lines and re.fullmatch(r"\d+,\d+", lines[-1])
    assert b"Traceback" not in result.stderr


def test_an_endless_line_is_an_error_and_the_engine_goes_on():
    result = run_engine(b"START 15\n" + b"x" * 100_000 + b"\nTURN 7,7\n")
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "OK" and lines[1].startswith("ERROR a line longer than")
    assert re.fullmatch(r"\d+,\d+", lines[2]) and len(lines) == 3


def test_end_ends_the_command_at_once_with_nothing_more_said():
    result = run_engine(b"START 15\nEND\nBEGIN\n")
    assert result.returncode == 0 and result.stdout.decode().split() == ["OK"]


def test_a_game_against_the_rules_runs_to_its_end():
    state = Gomoku(size=15)
    opponent = GomokuEasy(seed=3)
    with EngineProcess(our_engine("Easy"), name="ours") as process:
        process.send("START 15")
        assert process.read_line(PATIENCE) == "OK"
        process.send("INFO timeout_turn 300")
        process.send("BEGIN")
        while True:
            x, y = parse_point(process.read_line(PATIENCE))
            state.push(state.point(x, y))
            if state.outcome():
                break
            reply = opponent.choose_move(state.copy(), 0.05)
            state.push(reply)
            if state.outcome():
                break
            process.send("TURN {},{}".format(*state.col_row(reply)))
    assert state.outcome() is not None


def test_hard_plays_a_whole_game_at_a_short_turn_limit():
    state = Gomoku(size=15)
    opponent = GomokuEasy(seed=5)
    with EngineProcess(our_engine("Hard"), name="hard") as process:
        process.send("START 15")
        assert process.read_line(PATIENCE) == "OK"
        process.send("INFO timeout_turn 300")
        process.send("INFO timeout_match 0")
        process.send("TURN 7,7")
        state.push(state.point(7, 7))
        while state.outcome() is None:
            line = process.read_line(PATIENCE)
            x, y = parse_point(line)
            state.push(state.point(x, y))
            if state.outcome():
                break
            reply = opponent.choose_move(state.copy(), 0.05)
            state.push(reply)
            if state.outcome() is None:
                process.send("TURN {},{}".format(*state.col_row(reply)))
    assert state.outcome() is not None


# -- the client -------------------------------------------------------------------------
def legal_reply(state: Gomoku, seed: int) -> int:
    return GomokuEasy(seed=seed).choose_move(state.copy(), 0.05)


@pytest.mark.parametrize("size, rule", [(11, "freestyle"), (15, "renju")])
def test_two_of_our_engines_play_a_game_through_the_client(size, rule, tmp_path):
    state = Gomoku(size=size, rule=rule)
    log = tmp_path / "black.log"
    with EngineProcess(our_engine(), name="black", log_path=log) as black_process, \
            EngineProcess(our_engine(), name="white") as white_process:
        clients = [GomocupClient(black_process, start_timeout=PATIENCE),
                   GomocupClient(white_process, start_timeout=PATIENCE)]
        while state.outcome() is None:
            state.push(clients[state.turn].move(state, 2.0))
        assert clients[0].engine_name() == "Board Arcade Gomoku Easy"
        for client in clients:
            client.close()
    assert state.outcome() is not None
    assert f"> START {size}" in log.read_text() and f"> INFO rule {rule_code(rule)}" in log.read_text()


def test_the_client_takes_back_and_sends_a_whole_position(tmp_path):
    log = tmp_path / "ours.log"
    state = Gomoku(size=15)
    with EngineProcess(our_engine(), name="ours", log_path=log) as process:
        client = GomocupClient(process, start_timeout=PATIENCE)
        for turn in range(4):
            state.push(client.move(state, 2.0))
            state.push(legal_reply(state, turn))
        state.pop()
        state.pop()
        state.pop()
        move = client.move(state, 2.0)
        assert state.is_legal(move)
        other = Gomoku.from_text("h8 i9 j10 h9 a1", size=15)
        move = client.move(other, 2.0)
        assert other.is_legal(move)
    text = log.read_text()
    assert "> TAKEBACK" in text and "> RESTART" in text and "> BOARD" in text


def faulty(mode: str, tmp_path: Path, *args: str) -> EngineProcess:
    return EngineProcess([sys.executable, str(FAULTY), mode, *args], name=f"faulty-{mode}",
                         log_path=tmp_path / "f.log")


def test_an_engine_answering_garbage_is_garbled(tmp_path):
    with faulty("garbage", tmp_path) as process:
        with pytest.raises(EngineGarbled, match="hello there"):
            GomocupClient(process).move(Gomoku(size=15), 1.0)


def test_an_engine_answering_an_occupied_point_plays_illegally(tmp_path):
    state = Gomoku.from_text("h8", size=15)
    with faulty("occupied", tmp_path) as process:
        with pytest.raises(EngineIllegal, match=r"'7,7' to TURN 7,7: .*taken.*White to move"):
            GomocupClient(process).move(state, 1.0)


def test_an_engine_exiting_mid_game_died_and_its_last_words_are_kept(tmp_path):
    state = Gomoku(size=15)
    with faulty("exit", tmp_path) as process:
        client = GomocupClient(process)
        state.push(client.move(state, 1.0))
        state.push(legal_reply(state, 0))
        with pytest.raises(EngineDied, match="exiting mid-game"):
            client.move(state, 1.0)


def test_messages_are_skipped_and_a_missing_takeback_or_restart_falls_back_to_start_and_board(tmp_path):
    state = Gomoku(size=15)
    with faulty("chatty", tmp_path) as process:
        client = GomocupClient(process)
        assert client.engine_name() == "faulty chatty"
        for turn in range(3):
            state.push(client.move(state, 1.0))
            state.push(legal_reply(state, turn))
        state.pop()
        assert state.is_legal(client.move(state, 1.0))
        assert state.is_legal(client.move(state, 1.0))
    text = (tmp_path / "f.log").read_text()
    assert "> TAKEBACK" in text and "> BOARD" in text
    assert "< UNKNOWN restart" in text and text.count("> START 15") == 3 and text.count("> INFO rule 0") == 3


def test_an_engine_refusing_the_board_size_is_an_error_naming_the_size(tmp_path):
    with faulty("chatty", tmp_path) as process:
        with pytest.raises(EngineError, match="9x9 board"):
            GomocupClient(process).move(Gomoku(size=9), 1.0)


def test_the_handshake_starts_the_engine_on_the_default_board(tmp_path):
    with faulty("chatty", tmp_path) as process:
        client = GomocupClient(process)
        assert client.engine_name() == "faulty chatty"
        assert client.move(Gomoku(size=15), 1.0) == Gomoku(size=15).point(0, 0)
    text = (tmp_path / "f.log").read_text()
    assert text.count("> START 15") == 1 and text.index("> START 15") < text.index("> BEGIN")


def test_a_default_board_refused_at_the_handshake_is_no_failure_until_a_game_needs_it(tmp_path):
    with faulty("chatty", tmp_path, "9") as process:
        client = GomocupClient(process)
        assert client.engine_name() == "faulty chatty"
        assert Gomoku(size=9).is_legal(client.move(Gomoku(size=9), 1.0))
        with pytest.raises(EngineError, match="15x15 board"):
            client.move(Gomoku(size=15), 1.0)


def test_the_client_starts_a_restarted_engine_over(tmp_path):
    state = Gomoku(size=15)
    process = faulty("exit", tmp_path)
    with process:
        client = GomocupClient(process)
        state.push(client.move(state, 1.0))
        state.push(legal_reply(state, 1))
        with pytest.raises(EngineDied):
            client.move(state, 1.0)
        process.stop()
        process.start()
        assert state.is_legal(client.move(state, 1.0))


def fixture_bot_engine(bot: str, text: bytes) -> subprocess.CompletedProcess:
    command = [sys.executable, str(ROOT / "main.py"), "--bots-dir", str(ROOT / "tests" / "fixtures" / "bots_gomocup"),
               "engine", "gomoku", "--tier", bot]
    return subprocess.run(command, input=text, capture_output=True, timeout=PATIENCE, cwd=ROOT)


def test_a_bot_that_prints_cannot_corrupt_the_protocol():
    result = fixture_bot_engine("NoisyGomoku", b"START 15\nBEGIN\nTURN 7,7\nEND\n")
    assert result.returncode == 0
    assert result.stdout.decode().split() == ["OK", "0,0", "1,0"]
    assert b"written straight to descriptor 1" in result.stderr


def test_a_bot_that_cannot_be_prepared_answers_start_with_error_and_the_engine_goes_on():
    result = fixture_bot_engine("BrokenGomoku", b"START 15\nBEGIN\nABOUT\n")
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "ERROR the Broken bot could not be prepared: RuntimeError: no engine here"
    assert lines[1].startswith("ERROR no board yet") and lines[2].startswith('name="Board Arcade Gomoku Broken"')
    assert result.returncode == 0


@pytest.mark.parametrize("args, words", [
    (["tictactoe"], "error: no engine protocol plays 'tictactoe'; engines: "),
    (["gomoku", "--tier", "Grandmaster"], "error: no tier or bot 'Grandmaster' for gomoku"),
])
def test_a_bad_game_or_tier_is_one_line_and_status_2(args, words):
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "engine", *args], capture_output=True,
                            timeout=PATIENCE, cwd=ROOT)
    assert result.returncode == 2 and result.stdout == b""
    assert words in result.stderr.decode().strip().splitlines()[-1]
