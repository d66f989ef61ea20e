"""Reversi's rules: flips, passes, the end and its count, transcripts and positions.

The properties every game shares (push/pop, notation round trips, random
games ending) run over Reversi in ``test_rules.py``; this file holds what is
Reversi's own.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.core import BadNotation, IllegalMove, Termination
from game.rules.reversi import BLACK, EMPTY, PASS, WHITE, Reversi

#: FFO #1 (14 empties, Black to move; best G8 +18) and #20 (Black; best H5 +6).
FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
FFO_FILE = Path(__file__).parent / "fixtures" / "ffo_1-39.obf"
FFO_20 = "XXXOXXXXOXXXXXXXOOXXXXXXOOOXXXXXOOOXXOO-OOOOO---OOOOOOO-OOOOOOO- X"


def perft(state: Reversi, depth: int) -> int:
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        state.push(move)
        total += perft(state, depth - 1)
        state.pop()
    return total


def test_perft_from_the_start_matches_the_published_counts_to_depth_8():
    counts = [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216]
    assert [perft(Reversi(), depth) for depth in range(1, 9)] == counts


def test_the_start_has_four_centre_discs_and_black_moves_first_with_four_moves():
    state = Reversi()
    assert state.cell(3, 3) == WHITE and state.cell(4, 4) == WHITE
    assert state.cell(4, 3) == BLACK and state.cell(3, 4) == BLACK
    assert state.turn == 0 and state.counts() == (2, 2)
    assert sorted(state.move_to_str(m) for m in state.legal_moves()) == ["c4", "d3", "e6", "f5"]


def test_a_move_flips_the_enclosed_line_and_pop_turns_it_back():
    state = Reversi()
    state.push(state.parse_move("f5"))
    assert state.cell(4, 4) == BLACK                          # e5 turned over
    assert state.counts() == (4, 1)
    assert state.flip_lines() == ((36,),)
    state.pop()
    assert state.key() == Reversi().key()


def test_flip_lines_run_outward_from_the_placed_disc_one_line_per_direction():
    state = Reversi.from_text("f5f6e6f4e3c5c4e7")           # a position where one move flips two lines
    best = max(state.legal_moves(), key=lambda m: bin(state.copy().legal_mask()).count("1"))
    state.push(best)
    lines = state.flip_lines()
    assert sum(len(line) for line in lines) == bin(state.flipped()).count("1")
    for line in lines:                                        # each line steps one square at a time from the move
        steps = [best] + list(line)
        gaps = {b - a for a, b in zip(steps, steps[1:])}
        assert len(gaps) == 1


def test_a_square_that_flips_nothing_or_is_taken_is_refused_with_the_reason():
    state = Reversi()
    with pytest.raises(IllegalMove, match="turns over no disc"):
        state.push(state.parse_move("a1"))
    with pytest.raises(IllegalMove, match="taken"):
        state.push(state.parse_move("d4"))
    with pytest.raises(IllegalMove, match="may not pass"):
        state.push(PASS)


def test_a_side_without_a_move_passes_and_the_transcript_leaves_the_pass_out():
    # Black to move with no legal move (its b1 cannot enclose the white a1); White's c1 flips b1.
    state = Reversi.read("OX" + "-" * 62 + " X")
    assert state.root().move_stack == [] and state.root().turn == 0
    assert state.move_stack == [PASS] and state.turn == 1      # Black's forced pass, played at once
    white_move = state.legal_moves()
    assert white_move and PASS not in white_move
    assert state.to_text() == ""


def test_the_game_ends_when_neither_side_can_move_and_empties_go_to_the_winner_by_default():
    # Black 61, White 0, 3 empties nobody can fill: a wipe-out.
    position = "X" * 61 + "---" + " O"
    state = Reversi.from_position(position)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert outcome.termination == Termination.NO_MOVES
    assert outcome.scores == (64, 0) and state.scores_text(outcome) == "64–0"


def test_split_counting_shares_the_empties_and_gives_the_odd_one_to_the_winner():
    # f8, g8 and h8 empty; every line from them runs through black discs to the edge,
    # so neither side can close a line there; white has the rest of the board.
    empty = {61, 62, 63}
    black = {56, 57, 58, 59, 60} | {r * 8 + c for r in range(8) for c in (5, 6, 7)} - empty
    black |= {63 - 9 * k for k in range(1, 8)} | {62 - 9 * k for k in range(1, 7)} | {61 - 9 * k for k in range(1, 6)}
    squares = "".join("-" if n in empty else "X" if n in black else "O" for n in range(64))
    state = Reversi.from_position(squares + " X", counting="split")
    assert state.legal_moves() == []
    outcome = state.outcome()
    black_discs, white_discs = state.counts()
    assert (black_discs, white_discs) == (len(black), 61 - len(black))
    winner = 0 if black_discs > white_discs else 1
    assert outcome.winners == (winner,)
    shares = [black_discs + 1, white_discs + 1]
    shares[winner] += 1
    assert outcome.scores == tuple(shares)


def test_a_full_board_ends_by_board_full_and_an_equal_count_is_a_draw():
    state = Reversi.from_position("X" * 32 + "O" * 32 + " X")
    outcome = state.outcome()
    assert outcome.is_draw and outcome.scores == (32, 32)
    assert outcome.termination == Termination.BOARD_FULL


def test_transcripts_read_run_together_or_spaced_and_are_written_run_together():
    state = Reversi.from_text("F5 d6,c3d3")
    assert state.to_text() == "f5d6c3d3"
    assert Reversi.from_text("f5d6c3d3").key() == state.key()


def test_a_bad_transcript_names_the_bad_move():
    with pytest.raises(BadNotation, match=r"move 2 \('z9'\)"):
        Reversi.from_text("f5z9")
    with pytest.raises(BadNotation, match=r"move 2 \('a1'\).*turns over no disc"):
        Reversi.from_text("f5a1")


def test_an_ffo_line_reads_as_a_position_with_its_scores_dropped():
    first = FFO_FILE.read_text().splitlines()[1]
    state = Reversi.read(first)
    assert state.position_text() == FFO_1
    assert state.start_text == FFO_1 and state.move_stack == []
    assert state.turn == 0 and 64 - sum(state.counts()) == 14


def test_a_position_followed_by_moves_plays_them_and_restarts_from_the_position():
    state = Reversi.read(FFO_1 + " g8")
    assert state.to_text() == "g8"
    root = state.root()
    assert root.position_text() == FFO_1 and root.move_stack == []
    assert state.copy().start_text == FFO_1


def test_a_position_written_with_white_to_move_gives_white_the_turn():
    state = Reversi.read(FFO_20[:-1] + "O")
    assert state.turn == 1 or state.move_stack == [PASS]


@pytest.mark.parametrize("text, words", [
    ("X" * 63 + " X", "64 squares"),
    ("Q" * 64 + " X", "not a square|64 squares"),
])
def test_a_malformed_position_is_refused_with_what_a_position_is(text, words):
    with pytest.raises(BadNotation, match=words):
        Reversi.read(text)


def test_the_board_text_shows_rows_from_1_at_the_top():
    text = str(Reversi())
    assert text.splitlines()[4] == "4 - - - O X - - -"


def test_cells_off_the_board_raise():
    with pytest.raises(IndexError):
        Reversi().cell(8, 0)
    assert Reversi().cell(0, 0) == EMPTY
