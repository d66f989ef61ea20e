"""GGF, the game-record form of Othello servers and of NBoard's ``set game``: reading and writing."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from game.rules.core import BadNotation
from game.rules.reversi import PASS, Reversi
from game.rules.reversi_ggf import GgfClock, parse_clock, read_ggf, write_ggf

FFO_FILE = Path(__file__).parent / "fixtures" / "ffo_1-39.obf"
START_BOARD = "8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *"
#: Written the way the GGS server archives a game: header, clock, spaced board, moves with evals and seconds.
GGS_STYLE = ("(;GM[Othello]PC[GGS/os]DT[2024.05.01_10:00:00.UTC]PB[alpha]PW[beta]RB[1800.00]RW[1750.00]"
             f"TI[05:00//02:00]TY[8]RE[?]BO[{START_BOARD}]"
             "B[f5//1.50]W[D6/-0.50/2.25]B[c3//0.75]W[d3/1.00/4.00]B[C4//3.00];)")
#: Black must pass after these moves (the shortest such line of random play we found).
PASS_LINE = "d3c3e6d2d1e1b2c1"


def ffo_positions() -> list[str]:
    lines = FFO_FILE.read_text().splitlines()[1:]
    return [line.split(";")[0].strip() for line in lines if line.strip()]


def test_a_ggs_style_game_replays_the_same_moves_as_its_transcript():
    state = read_ggf(GGS_STYLE).state()
    assert list(state.move_stack) == list(Reversi.from_text("f5d6c3d3c4").move_stack)
    assert state.key() == Reversi.from_text("f5d6c3d3c4").key()


def test_moves_keep_the_evals_and_seconds_written_beside_them():
    moves = read_ggf(GGS_STYLE).moves
    assert [(m.colour, m.eval, m.seconds) for m in moves] == [
        ("B", None, 1.5), ("W", -0.5, 2.25), ("B", None, 0.75), ("W", 1.0, 4.0), ("B", None, 3.0)]


def test_the_header_properties_are_kept_by_name():
    tags = read_ggf(GGS_STYLE).tags
    assert (tags["PB"], tags["PW"], tags["PC"], tags["TY"]) == ("alpha", "beta", "GGS/os", "8")


def test_a_clock_reads_main_increment_and_extension():
    assert parse_clock("05:00//02:00") == GgfClock(300.0, 0.0, 120.0)
    assert parse_clock("1:30:00/10") == GgfClock(5400.0, 10.0, 0.0)
    assert parse_clock("15:00") == GgfClock(900.0)
    assert parse_clock("00:00.50,L") == GgfClock(0.5)


def test_time_left_is_main_time_less_the_seconds_of_the_colours_own_moves():
    game = read_ggf(GGS_STYLE)
    assert game.time_left(0) == pytest.approx(300 - 1.5 - 0.75 - 3.0)
    assert game.time_left(1) == pytest.approx(300 - 2.25 - 4.0)


def test_a_colours_own_clock_overrides_the_shared_one():
    game = read_ggf(GGS_STYLE.replace("TI[05:00//02:00]", "TI[05:00]TW[01:00/5]"))
    assert game.clocks == (GgfClock(300.0), GgfClock(60.0, 5.0))
    assert read_ggf(f"(;GM[Othello]BO[{START_BOARD}];)").time_left(0) is None


@pytest.mark.parametrize("written", ["PA", "pa", "pass", "PA//0.01"])
def test_a_pass_reads_as_the_pass_however_it_is_written(written):
    moves = "".join(f"{'BW'[i % 2]}[{m}]" for i, m in enumerate(re.findall("..", PASS_LINE)))
    state = read_ggf(f"(;GM[Othello]BO[{START_BOARD}]{moves}B[{written}]W[a3];)").state()
    assert state.move_stack[-2:] == [PASS, Reversi().parse_move("a3")]


def test_a_pass_left_out_is_played_where_the_colours_show_it():
    moves = "".join(f"{'BW'[i % 2]}[{m}]" for i, m in enumerate(re.findall("..", PASS_LINE)))
    state = read_ggf(f"(;GM[Othello]BO[{START_BOARD}]{moves}W[a3];)").state()
    assert state.move_stack[-2:] == [PASS, Reversi().parse_move("a3")]


@pytest.mark.parametrize("position", ffo_positions()[:5])
def test_a_board_reads_with_or_without_spaces_between_rows(position):
    squares, side = position.split()
    board = squares.replace("X", "*")
    spaced = " ".join(board[row * 8:row * 8 + 8] for row in range(8))
    turn = "*" if side == "X" else "O"
    for written in (board, spaced):
        assert read_ggf(f"(;GM[Othello]TY[8]BO[8 {written} {turn}];)").state().position_text() == position


@given(st.integers(0, 10_000), st.integers(0, 60), st.booleans())
def test_a_written_game_reads_back_as_the_same_game(seed, plies, from_ffo):
    rng = random.Random(seed)
    state = Reversi.read(rng.choice(ffo_positions())) if from_ffo else Reversi()
    for _ in range(plies):
        if state.outcome() is not None:
            break
        state.push(rng.choice(state.legal_moves()))
    back = read_ggf(write_ggf(state, black="Ann [1]", white="Bob")).state()
    assert back.key() == state.key()
    assert list(back.move_stack) == list(state.move_stack)


def test_a_written_game_has_the_form_othello_programs_read():
    state = Reversi.from_text(PASS_LINE)   # ends with the pass it forces
    text = write_ggf(state, black="Ann", white="Bob", clock=GgfClock(300.0, 0.0, 120.0), times=[1.25])
    assert text.startswith("(;GM[Othello]PC[Board Arcade]PB[Ann]PW[Bob]RE[?]TI[05:00//02:00]TY[8]")
    assert f"BO[{START_BOARD}]" in text
    assert text.endswith("B[D3//1.25]W[C3]B[E6]W[D2]B[D1]W[E1]B[B2]W[C1]B[PA];)")


def test_a_finished_game_writes_blacks_disc_difference_as_its_result():
    state = Reversi.read(ffo_positions()[0])
    while state.outcome() is None:
        state.push(state.legal_moves()[0])
    black, white = state.outcome().scores
    assert f"RE[{black - white:+d}.00]" in write_ggf(state)


@pytest.mark.parametrize("text, says", [
    ("f5d6c3", "no '(;'"),
    ("(;GM[Othello]B[f5]", "no ';)'"),
    ("(;GM[Chess];)", "only Othello"),
    ("(;GM[Othello]TY[10];)", "TY[10]"),
    ("(;GM[Othello]TY[8a];)", "anti-Othello"),
    ("(;GM[Othello]BO[10 ---];)", "8x8"),
    ("(;GM[Othello]BO[8 ---- *];)", "64 squares"),
    ("(;GM[Othello]B[z9];)", "'z9' is not a square"),
    ("(;GM[Othello]B[f5/good/1];)", "'good' is not a number"),
    ("(;GM[Othello]B[a1];)", "move 1 B[A1]"),
    ("(;GM[Othello]W[f5];)", "Black's turn"),
    ("(;GM[Othello]TI[five minutes];)", "not a time"),
    ("(;GM[Othello] oops ;)", "cannot read a property"),
])
def test_a_bad_game_is_refused_saying_what_is_wrong(text, says):
    with pytest.raises(BadNotation, match=re.escape(says)):
        read_ggf(text).state()
