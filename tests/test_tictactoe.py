"""Tic-tac-toe rules: game counts, move making and taking back, notation, outcomes."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.rules.core import BadNotation, IllegalMove, Termination
from game.rules.tictactoe import EMPTY, LINES, O, X, TicTacToe, cell_name
from tictactoe_games import play

#: Choices made in turn among the legal moves: draws a random game (or the start of one).
choice_lists = st.lists(st.integers(min_value=0, max_value=8), max_size=9)
CELL_NAMES = {
    "a3": 0, "b3": 1, "c3": 2,
    "a2": 3, "b2": 4, "c2": 5,
    "a1": 6, "b1": 7, "c1": 8,
}


def snapshot(state: TicTacToe) -> tuple:
    return (list(state.board), state.turn, list(state.move_stack), state.key(), state.outcome())


def count_games() -> tuple[Counter, int]:
    """Finished games by result, and distinct positions, over the whole game tree.

    Games from a position depend only on the position, so each position's
    counts are worked out once (keyed on ``key()``) and multiplied in.
    """
    state = TicTacToe()
    memo: dict = {}

    def walk() -> Counter:
        key = state.key()
        if key in memo:
            return memo[key]
        outcome = state.outcome()
        if outcome is not None:
            counts = Counter({"draw" if outcome.is_draw else "XO"[outcome.winners[0]]: 1})
        else:
            counts = Counter()
            for move in state.legal_moves():
                state.push(move)
                counts += walk()
                state.pop()
        memo[key] = counts
        return counts

    return walk(), len(memo)


def test_game_tree_has_255168_games_and_5478_positions():
    results, positions = count_games()
    assert sum(results.values()) == 255_168
    assert results == Counter({"X": 131_184, "O": 77_904, "draw": 46_080})
    assert positions == 5_478


def test_first_five_plies_have_15120_lines_and_1440_finished_games():
    state = TicTacToe()
    lines = finished = 0

    def walk(depth: int) -> None:
        nonlocal lines, finished
        if depth == 5:
            lines += 1
            finished += state.is_over()
            return
        for move in state.legal_moves():
            state.push(move)
            walk(depth + 1)
            state.pop()

    walk(0)
    assert (lines, finished) == (15_120, 1_440)


@given(choice_lists)
def test_random_game_alternates_seats_and_ends_exactly_when_no_move_is_left(choices):
    state = TicTacToe()
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        assert state.outcome() is None
        assert moves == [c for c in range(9) if state.board[c] == EMPTY]
        mover = state.turn
        move = moves[choice % len(moves)]
        state.push(move)
        assert state.board[move] == (X if mover == 0 else O)
        assert state.turn == 1 - mover
    assert state.board.count(X) - state.board.count(O) in (0, 1)
    assert state.is_over() == (not state.legal_moves())


@pytest.mark.parametrize("name, cell", sorted(CELL_NAMES.items()))
def test_cell_names_follow_columns_from_left_and_rows_from_bottom(name, cell):
    state = TicTacToe()
    assert state.move_to_str(cell) == name == cell_name(cell)
    assert state.parse_move(name) == cell
    assert state.parse_move(f"  {name.upper()} ") == cell


@given(choice_lists, st.one_of(st.integers(min_value=-20, max_value=20), st.sampled_from(["b2", 4.0, None, True, (4,)])))
def test_illegal_move_raises_and_changes_nothing(choices, move):
    state = play(choices)
    if state.is_legal(move):
        return
    before = snapshot(state)
    with pytest.raises(IllegalMove):
        state.push(move)
    assert snapshot(state) == before


@given(choice_lists)
def test_occupied_cell_is_illegal(choices):
    state = play(choices)
    for cell in state.move_stack:
        assert not state.is_legal(cell)
        with pytest.raises(IllegalMove, match=cell_name(cell)):
            state.push(cell)


def test_no_move_is_legal_after_a_win_even_with_empty_cells():
    state = TicTacToe.from_text("a3 a2 b3 b2 c3")
    assert state.board.count(EMPTY) == 4
    assert state.legal_moves() == []
    assert not any(state.is_legal(c) for c in range(9))
    with pytest.raises(IllegalMove):
        state.push(state.board.index(EMPTY))


@given(st.text(max_size=6))
def test_bad_notation_names_the_text(text):
    word = text.strip().lower()
    if len(word) == 2 and word[0] in "abc" and word[1] in "123":
        return
    with pytest.raises(BadNotation) as err:
        TicTacToe().parse_move(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("move", [9, -1, "b2", None])
def test_move_to_str_rejects_what_is_not_a_cell(move):
    with pytest.raises(BadNotation, match="not a Tic-tac-toe cell"):
        TicTacToe().move_to_str(move)


@pytest.mark.parametrize(
    "text, number, word",
    [("b2 b2", 2, "b2"), ("a1 d4", 2, "d4"), ("a3 a2 b3 b2 c3 c2", 6, "c2"), ("x", 1, "x")],
)
def test_from_text_names_the_first_bad_move(text, number, word):
    with pytest.raises(BadNotation, match=f"move {number} \\({word!r}\\)"):
        TicTacToe.from_text(text)


@given(choice_lists)
def test_outcome_cells_are_the_winning_line(choices):
    state = play(choices)
    outcome = state.outcome()
    if outcome is None:
        assert state.legal_moves()
        return
    if outcome.is_draw:
        assert outcome.cells == () and outcome.termination == Termination.BOARD_FULL
        assert EMPTY not in state.board
        return
    (winner,) = outcome.winners
    assert outcome.termination == Termination.LINE and tuple(outcome.cells) in LINES
    assert {state.board[c] for c in outcome.cells} == {X if winner == 0 else O}
    assert winner == 1 - state.turn
    assert outcome.result_for(winner) == "win" and outcome.result_for(1 - winner) == "loss"


def test_draw_outcome_on_full_board_without_a_line():
    outcome = TicTacToe.from_text("b2 a3 c1 a1 a2 c2 b3 b1 c3").outcome()
    assert outcome is not None and outcome.is_draw
    assert outcome.points(0) == outcome.points(1) == 0.5


def test_same_pieces_reached_in_another_order_have_the_same_key():
    assert TicTacToe.from_text("b2 a3 c1").key() == TicTacToe.from_text("c1 a3 b2").key()
    assert TicTacToe.from_text("b2 a3").key() != TicTacToe.from_text("a3 b2").key()


@given(choice_lists, choice_lists)
def test_keys_are_equal_exactly_when_boards_are(first, second):
    a, b = play(first), play(second)
    assert (a.key() == b.key()) == (a.board == b.board)


def test_copy_keeps_the_rules_options(monkeypatch):
    from game.rules.core import Option

    monkeypatch.setattr(TicTacToe, "options_spec", (Option("open", "Open", True, (True, False)),))
    state = TicTacToe(open=False)
    assert state.copy().options == {"open": False}
