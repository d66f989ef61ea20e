"""Connect Four rules: position counts, drops and take-backs, notation, wins, draws, save files."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.connect4 import RED, YELLOW, ConnectFour
from game.rules.core import BadNotation, IllegalMove, Termination
from game.match.record import Match, Player
from game.store.savefile import load_match, match_from_text, match_to_text, save_match
from game_choices import play_choices

choice_lists = st.lists(st.integers(min_value=0, max_value=9), max_size=60)
sizes = st.tuples(st.integers(4, 10), st.integers(4, 10), st.integers(3, 6))


def play(choices: list[int], **options) -> ConnectFour:
    """The game that drops in ``legal_moves()[choice % len]`` for each choice until it ends."""
    return play_choices(ConnectFour(**options), choices)


def snapshot(state: ConnectFour) -> tuple:
    return (state.board, state.heights, state.turn, list(state.move_stack), state.key(), state.outcome())


# -- position counts ----------------------------------------------------------
def test_distinct_positions_after_one_to_six_plies_match_the_published_counts():
    """7x6: 7, 49, 238, 1120, 4263, 16422 positions (OEIS A212693), counted by key."""
    layer = {ConnectFour().key(): ConnectFour()}
    counts = []
    for _ in range(6):
        following = {}
        for state in layer.values():
            for move in state.legal_moves():
                state.push(move)
                if state.key() not in following:
                    following[state.key()] = state.copy()
                state.pop()
        layer = following
        counts.append(len(layer))
    assert counts == [7, 49, 238, 1120, 4263, 16422]


# -- drops, take-backs, illegal moves -------------------------------------------
@settings(max_examples=60, deadline=None)
@given(choice_lists, sizes)
def test_discs_land_on_top_of_their_column_and_seats_alternate(choices, size):
    cols, rows, n = size
    state = ConnectFour(cols=cols, rows=rows, n=n)
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        assert moves == [c for c in range(cols) if state.height(c) < rows]
        col = moves[choice % len(moves)]
        mover, row = state.turn, state.height(col)
        state.push(col)
        assert state.cell(col, row) == (RED if mover == 0 else YELLOW)
        assert state.height(col) == row + 1
        assert state.turn == 1 - mover
    assert state.is_over() == (not state.legal_moves())


def test_dropping_into_a_full_column_raises_and_changes_nothing():
    state = ConnectFour.from_text("444444")
    before = snapshot(state)
    assert 3 not in state.legal_moves() and not state.is_legal(3)
    with pytest.raises(IllegalMove, match="column 4 is full"):
        state.push(3)
    assert snapshot(state) == before


@settings(max_examples=60, deadline=None)
@given(choice_lists, st.one_of(st.integers(-3, 12), st.sampled_from(["4", 3.0, None, True, (3,)])))
def test_illegal_move_raises_and_changes_nothing(choices, move):
    state = play(choices)
    if state.is_legal(move):
        return
    before = snapshot(state)
    with pytest.raises(IllegalMove):
        state.push(move)
    assert snapshot(state) == before


def test_no_move_is_legal_after_a_win_even_with_empty_columns():
    state = ConnectFour.from_text("1212121")
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove, match="game is over"):
        state.push(4)


# -- wins and draws -------------------------------------------------------------
@pytest.mark.parametrize("moves, winner, cells", [
    ("4767345", 0, ((2, 0), (3, 0), (4, 0), (5, 0))),                  # across
    ("3634323", 0, ((2, 0), (2, 1), (2, 2), (2, 3))),                  # up
    ("4354556666", 1, ((2, 0), (3, 1), (4, 2), (5, 3))),               # rising diagonal
    ("3643553344", 1, ((2, 3), (3, 2), (4, 1), (5, 0))),               # falling diagonal
])
def test_four_in_a_row_wins_in_every_direction_with_its_cells_in_order(moves, winner, cells):
    before = ConnectFour.from_text(moves[:-1])
    assert before.outcome() is None
    state = ConnectFour.from_text(moves)
    outcome = state.outcome()
    assert outcome.winners == (winner,) and outcome.reason == "four in a row"
    assert outcome.termination == Termination.LINE
    assert outcome.cells == cells
    assert {state.cell(c, r) for c, r in cells} == {state.disc(winner)}


@pytest.mark.parametrize("n, moves, reason", [
    (3, "11223", "three in a row"),
    (5, "112233445", "five in a row"),
    (6, "11223344556", "six in a row"),
])
def test_other_line_lengths_win_with_exactly_n(n, moves, reason):
    short = ConnectFour.from_text(moves[:-2], n=n)
    assert short.outcome() is None
    outcome = ConnectFour.from_text(moves, n=n).outcome()
    assert outcome.winners == (0,) and outcome.reason == reason
    assert outcome.cells == tuple((c, 0) for c in range(n))


def test_n_in_a_row_wins_on_small_and_large_boards():
    small = ConnectFour.from_text("1213121", cols=4, rows=4)
    assert small.outcome().winners == (0,) and small.outcome().cells == ((0, 0), (0, 1), (0, 2), (0, 3))
    big = ConnectFour.from_text("10 9 10 9 10 9 10", cols=10, rows=10, n=4)
    assert big.outcome().cells == ((9, 0), (9, 1), (9, 2), (9, 3))


def test_a_disc_joining_two_runs_reports_the_whole_run():
    state = ConnectFour.from_text("1122556633")   # Red holds columns 1-3 and 5-6 of the bottom row
    assert state.outcome() is None
    state.push(3)
    outcome = state.outcome()
    assert outcome.winners == (0,)
    assert outcome.cells == tuple((c, 0) for c in range(6))


def test_one_disc_making_two_lines_reports_both_without_repeating_it():
    state = ConnectFour.from_text("345321666277756563334454")  # Yellow's last disc lands at (3, 3)
    outcome = state.outcome()
    assert outcome.winners == (1 - state.turn,) == (1,)
    assert outcome.cells == ((0, 0), (1, 1), (2, 2), (3, 3), (2, 4), (4, 2), (5, 1))


@settings(max_examples=80, deadline=None)
@given(choice_lists, sizes)
def test_outcome_cells_are_runs_of_the_winners_discs(choices, size):
    cols, rows, n = size
    state = play(choices * 3, cols=cols, rows=rows, n=n)
    outcome = state.outcome()
    if outcome is None:
        assert state.legal_moves()
        return
    if outcome.is_draw:
        assert outcome.cells == () and all(state.height(c) == rows for c in range(cols))
        return
    (winner,) = outcome.winners
    assert winner == 1 - state.turn
    assert len(outcome.cells) >= n and len(set(outcome.cells)) == len(outcome.cells)
    assert {state.cell(c, r) for c, r in outcome.cells} == {state.disc(winner)}
    last = state.move_stack[-1]
    assert (last, state.height(last) - 1) in outcome.cells


def test_full_board_without_a_line_is_a_draw():
    # Columns filled in pairs: every row alternates, every column holds runs of three at most.
    moves = "121212" "343434" "212121" "434343" "565656" "656565" "777777"
    state = ConnectFour.from_text(moves)
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw and outcome.reason == "board full"
    assert outcome.termination == Termination.BOARD_FULL
    assert state.legal_moves() == []


# -- notation -------------------------------------------------------------------
def test_columns_are_numbered_from_one_at_the_left():
    state = ConnectFour()
    assert [state.move_to_str(c) for c in range(7)] == list("1234567")
    assert [state.parse_move(str(c)) for c in range(1, 8)] == list(range(7))
    assert state.parse_move(" 4 ") == 3


@pytest.mark.parametrize("text", ["0", "8", "a", "", "44", "-1", "٣"])
def test_text_that_is_not_a_column_of_the_board_raises_bad_notation(text):
    with pytest.raises(BadNotation, match=repr(text).replace("\\", "\\\\")):
        ConnectFour().parse_move(text)


def test_move_list_is_digits_run_together_and_spaced_on_ten_columns():
    assert ConnectFour.from_text("4453").to_text() == "4453"
    ten = ConnectFour.from_text("10 4 4", cols=10)
    assert ten.to_text() == "10 4 4" and ten.move_stack == [9, 3, 3]
    assert ConnectFour.split_moves("4453") == ["4", "4", "5", "3"]
    assert ConnectFour.split_moves("4, 4-5 3") == ["4", "4", "5", "3"]
    assert ConnectFour.split_moves("10410") == ["10", "4", "10"]


@pytest.mark.parametrize("text, number, word", [("4444444", 7, "4"), ("448", 3, "8"), ("12x", 3, "x")])
def test_from_text_names_the_first_bad_move(text, number, word):
    with pytest.raises(BadNotation, match=f"move {number} \\({word!r}\\)"):
        ConnectFour.from_text(text)


@pytest.mark.parametrize("pairs, message", [(["cols=11"], "cols"), (["n=7"], "n="), (["size=7"], "no option")])
def test_bad_options_are_named(pairs, message):
    with pytest.raises(BadNotation, match=message):
        ConnectFour.parse_options(pairs)


def test_options_set_the_board_size_and_line_length():
    state = ConnectFour(**ConnectFour.parse_options(["cols=8", "rows=7", "n=5"]))
    assert (state.cols, state.rows, state.n) == (8, 7, 5)
    assert len(state.board) == 8 and all(len(col) == 7 for col in state.board)
    assert state.copy().options == {"cols": 8, "rows": 7, "n": 5}


def test_same_discs_reached_in_another_order_have_the_same_key():
    assert ConnectFour.from_text("4453").key() == ConnectFour.from_text("5344").key()
    assert ConnectFour.from_text("44").key() != ConnectFour.from_text("4").key()


def test_text_board_shows_red_x_and_yellow_o_bottom_row_last():
    lines = str(ConnectFour.from_text("4453")).splitlines()
    assert lines[-1] == "1 2 3 4 5 6 7"
    assert lines[-2] == ". . O X X . ."
    assert lines[-3] == ". . . O . . ."


def test_rules_help_explains_gravity_lines_and_draws():
    text = ConnectFour.rules_help.lower()
    assert "lowest empty cell" in text and "line up n discs" in text and "draw" in text


# -- save files -----------------------------------------------------------------
def test_save_file_round_trip_keeps_an_8x7_five_in_a_row_game(tmp_path):
    state = ConnectFour(cols=8, rows=7, n=5)
    match = Match(state, [Player.human("Ann"), Player.of_bot("Hard")])
    for col in (3, 4, 3, 7, 3):
        match.play(col)
    path = tmp_path / "c4.txt"
    save_match(match, path)
    text = path.read_text()
    assert "Game: connect4(cols=8,rows=7,n=5)" in text and "Moves: 45484" in text
    loaded = load_match(path)
    assert (loaded.state.cols, loaded.state.rows, loaded.state.n) == (8, 7, 5)
    assert snapshot(loaded.state) == snapshot(match.state)
    assert loaded.players == match.players


def test_save_file_of_a_ten_column_game_reads_back():
    match = Match(ConnectFour(cols=10), [Player.human("Ann"), Player.human("Bo")])
    for col in (9, 0, 9):
        match.play(col)
    text = match_to_text(match)
    assert "Moves: 10 1 10" in text
    assert match_from_text(text).state.move_stack == [9, 0, 9]
