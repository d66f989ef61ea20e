"""Swap2 over the Gomocup protocol: our engine answers SWAP2BOARD, our client asks it."""
from __future__ import annotations

import pytest

from bots.gomoku_easy import GomokuEasy
from bots.lib.engine_process import EngineError, EngineProcess
from bots.lib.gomocup_client import GomocupClient
from bots.lib.gomocup_swap2 import answer_line, answer_moves, request_lines
from game.engines.gomocup import GomocupEngine
from game.rules.gomoku import Gomoku
from tests.test_gomocup import PATIENCE, our_engine


def started() -> GomocupEngine:
    engine = GomocupEngine(lambda: GomokuEasy(seed=1), "Easy", 0.2)
    assert engine.handle("START 15") == ["OK"]
    return engine


def answer(engine: GomocupEngine, *lines: str) -> list[str]:
    out: list[str] = []
    for line in lines:
        out += engine.handle(line)
    return out


def test_an_answer_reads_as_our_swap2_moves_and_back():
    three = Gomoku.from_text("h8 i9 j10", opening="swap2")
    p = three.parse_move
    assert answer_moves(three, "SWAP") == ["black"]
    assert answer_moves(three, "8,8") == ["white", p("i7")]
    assert answer_moves(three, "8,8 6,6") == ["more", p("i7"), p("g9")]
    assert answer_line(three, ["more", p("i7"), p("a1")]) == "8,8 0,14"
    assert answer_line(three, ["black"]) == "SWAP"
    empty = Gomoku(opening="swap2")
    assert answer_moves(empty, "7,7 8,7 9,9") == [p("h8"), p("i8"), p("j6")]
    assert request_lines(three) == ["SWAP2BOARD", "7,7,2", "8,6,1", "9,5,2", "DONE"]   # Rapfi needs the fields


@pytest.mark.parametrize("line", ["SWAP 7,7", "7,7 8,8 9,9", "7,7", "nonsense", "99,1"])
def test_answers_that_swap2_does_not_allow_there_are_refused(line):
    three = Gomoku.from_text("h8 i9 j10", opening="swap2")
    with pytest.raises(ValueError):
        answer_moves(three, line)
    with pytest.raises(ValueError):
        answer_moves(Gomoku(opening="swap2"), "SWAP")


def test_our_engine_proposes_three_stones_then_decides_after_three_and_five():
    engine = started()
    proposal = answer(engine, "SWAP2BOARD", "DONE")
    assert len(proposal) == 1
    state = Gomoku(opening="swap2")
    for move in answer_moves(state, proposal[0]):
        state.push(move)
    lines = request_lines(state)
    decision = answer(engine, *lines)
    assert len(decision) == 1 and answer_moves(state, decision[0])       # SWAP, a 4th stone or two stones
    five = Gomoku.from_text("h8 i9 j10 more h9 h10", opening="swap2")
    last = answer(engine, *request_lines(five))
    assert len(last) == 1 and answer_moves(five, last[0])[0] in ("black", "white")
    assert answer(engine, "SWAP2BOARD", "7,7", "DONE")[0].startswith("ERROR")
    assert len(answer(engine, "SWAP2BOARD", "7,7", "8,6", "9,5", "DONE")) == 1      # fields or none


def test_two_of_our_engines_play_a_swap2_game_through_the_client():
    state = Gomoku(opening="swap2")
    with EngineProcess(our_engine(), name="first") as first, EngineProcess(our_engine(), name="second") as second:
        clients = [GomocupClient(first, start_timeout=PATIENCE), GomocupClient(second, start_timeout=PATIENCE)]
        while state.outcome() is None:
            state.push(clients[state.turn].move(state, 1.0))
        for client in clients:
            client.close()
    assert state.outcome() is not None and state.to_text().split()[3] in ("black", "white", "more")


def test_a_rule_without_a_gomocup_command_is_refused_by_name():
    state = Gomoku(opening="rif")
    with EngineProcess(our_engine(), name="ours") as process:
        client = GomocupClient(process, start_timeout=PATIENCE)
        with pytest.raises(EngineError, match="no command for this decision of the rif opening"):
            client.move(state, 1.0)
        client.close()


def test_the_fourth_stone_of_a_swap2_answer_is_the_move_after_white(tmp_path):
    """An engine that answers one point after three stones keeps White and plays that point as the
    fourth stone: the client gives it as the move after ``white`` without asking the engine again."""
    from tests.test_gomocup import faulty
    state = Gomoku.from_text("h8 i9 j10", opening="swap2")
    with faulty("swap2", tmp_path) as process:
        client = GomocupClient(process, start_timeout=PATIENCE)
        assert client.move(state, 1.0) == "white"
        state.push("white")
        assert client.move(state, 1.0) == state.point(14, 14)
        client.close()
    assert (tmp_path / "f.log").read_text().count("> BOARD") == 0


def test_a_swap2board_after_a_rule_change_broke_the_old_stones_is_a_new_position():
    """``INFO rule 4`` under stones that make a forbidden point leaves no position: SWAP2BOARD
    brings a new one (as BOARD does), so it is answered and the game goes on from it."""
    engine = started()
    answer(engine, "BOARD", "5,7,2", "0,0,1", "6,7,2", "0,2,1", "7,5,2", "0,4,1", "7,6,2", "0,6,1", "7,7,2", "DONE")
    answer(engine, "INFO rule 4")          # h8 made a double-three: the stones are no Renju game
    assert engine.lost is not None
    proposal = answer(engine, "SWAP2BOARD", "DONE")
    state = Gomoku(opening="swap2", rule="renju")
    assert len(proposal) == 1 and len(answer_moves(state, proposal[0])) == 3
    reply = answer(engine, "TURN 3,3")
    assert len(reply) == 1 and not reply[0].startswith("ERROR")
