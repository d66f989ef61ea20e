"""Gomoku's rules: points and notation, five in a row under each rule set, the
full board, set-up positions, and Renju's forbidden points.

The properties every game shares (push/pop, notation round trips, random
games ending) run over Gomoku in ``test_rules.py``; this file holds what is
Gomoku's own. Positions are drawn as boards (``Gomoku.from_diagram``: rows
from the top, X Black, O White); most are 9x9 with the shape in the middle
and a few white stones along the edges to even the counts, off every line
through the point in question.
"""
from __future__ import annotations

import random

import pytest

from game.rules.core import BadNotation, IllegalMove, Termination
from game.rules.gomoku import BLACK, EMPTY, WHITE, Gomoku, forbidden_reason, is_forbidden, star_points


def board(diagram: str, rule: str = "renju", size: int = 9) -> Gomoku:
    return Gomoku.from_diagram(diagram, size=size, rule=rule)


def names(state: Gomoku, points) -> list[str]:
    return [state.move_to_str(p) for p in points]


# -- points and notation -----------------------------------------------------------------
def test_the_start_is_an_empty_board_with_black_to_move_and_every_point_open():
    state = Gomoku()
    assert state.size == 15 and state.rule == "freestyle" and state.turn == 0
    assert state.legal_moves() == list(range(225)) and state.last_move is None
    assert state.outcome() is None and state.winning_line == ()


def test_points_run_from_the_top_left_and_are_named_from_the_bottom_left():
    state = Gomoku()
    assert state.parse_move("h8") == 112 == state.point(7, 7)
    assert state.parse_move("a15") == 0 and state.parse_move("o15") == 14
    assert state.parse_move("a1") == 210 == state.point(0, 14) and state.parse_move("O1") == 224
    assert state.col_row(210) == (0, 14) and state.move_to_str(224) == "o1"
    assert Gomoku(size=19).move_to_str(0) == "a19" and Gomoku(size=19).parse_move("s1") == 360
    assert Gomoku(size=9).parse_move("e5") == 40


def test_a_game_reads_apart_run_together_comma_separated_or_numbered():
    expected = Gomoku.from_text("h8 i9 j10").move_stack
    for text in ("h8i9j10", "H8, I9, J10", "1. h8 i9 2. j10", " h8,i9\nj10 "):
        assert Gomoku.from_text(text).move_stack == expected
    assert Gomoku.from_text("h8i9j10").to_text() == "h8 i9 j10"


@pytest.mark.parametrize("text, word", [("h8 z9", "z9"), ("h8 p1", "p1"), ("h8 h16", "h16"), ("h8 ?", "?")])
def test_a_word_that_is_no_point_is_named(text, word):
    with pytest.raises(BadNotation, match=rf"move 2 \('{word.replace('?', '[?]')}'\)"):
        Gomoku.from_text(text)


def test_columns_stop_at_the_board_edge():
    with pytest.raises(BadNotation, match="column a-i and a row 1-9"):
        Gomoku(size=9).parse_move("j1")


def test_a_taken_point_is_refused_and_nothing_changes():
    state = Gomoku.from_text("h8 i9")
    before = state.key()
    with pytest.raises(IllegalMove, match="h8 is not legal: the point is taken"):
        state.push(state.parse_move("h8"))
    assert state.key() == before and not state.is_legal(112)
    with pytest.raises(IllegalMove, match="not a point"):
        state.push(225)


def test_stone_board_and_stones_show_where_each_colour_stands():
    state = Gomoku.from_text("h8 i9")
    assert state.stone(7, 7) == BLACK and state.stone(8, 6) == WHITE and state.stone(0, 0) == EMPTY
    assert state.board[112] == BLACK and len(state.board) == 225
    assert state.stones(0) == [112] and state.stones(1) == [98] and state.last_move == 98
    with pytest.raises(IndexError):
        state.stone(15, 0)


def test_str_draws_the_board_with_its_coordinates_and_who_is_to_move():
    text = str(Gomoku.from_text("e5 d4", size=9))
    lines = text.splitlines()
    assert lines[0].split() == list("abcdefghi") and lines[1].split()[0] == "9"
    assert lines[5].split() == ["5", ".", ".", ".", ".", "X", ".", ".", ".", ".", "5"]
    assert lines[6].split()[4] == "O"
    assert lines[-1] == "freestyle, Black to move; last move d4"


def test_opening_moves_are_the_legal_points_within_two_lines_of_the_centre():
    state = Gomoku.from_text("h8 i9")
    assert set(names(state, state.opening_moves())) == {
        f"{col}{row}" for col in "fghij" for row in range(6, 11)} - {"h8", "i9"}
    assert len(Gomoku(size=9).opening_moves()) == 25


def test_opening_moves_are_every_legal_point_once_the_centre_is_full():
    state = board("""
        . . . . . . . . .
        . . . . . . . . .
        . . X X O O X . .
        . . O O X X O . .
        . . X X O O X . .
        . . O O X X O . .
        . . X X O O X . .
        . . . . . . . . .
        . . . . . . . . .
    """, rule="freestyle")
    assert state.opening_moves() == state.legal_moves() and len(state.legal_moves()) == 81 - 25


def test_star_points_are_the_centre_and_four_points_three_lines_in():
    state = Gomoku()
    assert sorted(names(state, star_points(15))) == ["d12", "d4", "h8", "l12", "l4"]
    assert len(star_points(19)) == 9 and len(star_points(9)) == 5


# -- five in a row --------------------------------------------------------------------------
def test_five_in_a_row_wins_and_the_outcome_lists_the_line_in_order():
    state = Gomoku.from_text("h8 h9 i8 i9 j8 j9 k8 k9 g8")
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason == "five in a row"
    assert outcome.termination == Termination.LINE
    assert names(state, outcome.cells) == ["g8", "h8", "i8", "j8", "k8"]
    assert state.winning_line == outcome.cells and state.legal_moves() == []
    with pytest.raises(IllegalMove, match="the game is over"):
        state.push(state.parse_move("a1"))


def test_a_stone_that_completes_two_lines_lists_both_and_itself_once():
    state = board("""
        . O . . . . . . .
        . . . . . . . . .
        . . . . X . . . O
        . . . . X . . . .
        . . X X . X X . .
        . . . . X . . . O
        . . . . X . . . .
        O . . . . . . . .
        O O . . . . . O O
    """, rule="freestyle")
    state.push(state.parse_move("e5"))
    assert state.outcome().reason == "five in a row"
    assert names(state, state.winning_line) == ["c5", "d5", "e5", "f5", "g5", "e7", "e6", "e4", "e3"]


SIX_FOR_EITHER = """
    . O . . . . . O .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    X X X . X X . . .
    . . . . . . . . .
    . . . . . . . . .
    . . . . . . . . .
    . O . . . . O O .
"""


def test_freestyle_an_overline_wins():
    state = board(SIX_FOR_EITHER, rule="freestyle")
    state.push(state.parse_move("d5"))
    assert state.outcome().winners == (0,) and state.outcome().reason == "six in a row (an overline)"
    assert names(state, state.winning_line) == ["a5", "b5", "c5", "d5", "e5", "f5"]


def test_standard_an_overline_does_not_win_and_the_game_goes_on():
    state = board(SIX_FOR_EITHER, rule="standard")
    state.push(state.parse_move("d5"))
    assert state.outcome() is None and state.winning_line == () and state.turn == 1


def test_standard_exactly_five_wins():
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O X X . X X . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O . . . . . . .
    """, rule="standard")
    state.push(state.parse_move("d5"))
    assert state.outcome().winners == (0,) and state.outcome().reason == "five in a row"
    assert names(state, state.winning_line) == ["b5", "c5", "d5", "e5", "f5"]


def test_a_full_board_without_five_is_a_draw():
    state = board("""
        X X O O X X O O X
        O O X X O O X X O
        X X O O X X O O X
        O O X X O O X X O
        X X O O X X O O X
        O O X X O O X X O
        X X O O X X O O X
        O O X X O O X X O
        X X O O X X O O X
    """, rule="freestyle")
    assert state.outcome().is_draw and state.outcome().termination == Termination.BOARD_FULL
    assert state.legal_moves() == [] and state.outcome().reason == "board full"


# -- set-up positions --------------------------------------------------------------------------
def test_a_diagram_becomes_a_game_of_alternate_moves_with_the_right_side_to_move():
    state = board("""
        9 . . . . . . . . . 9
        8 . . . . . . . . . 8
        7 . . . . . . . . . 7
        6 . . . . O . . . . 6
        5 . . . X X . . . . 5
        4 . . . . . . . . . 4
        3 . . . . . . . . . 3
        2 . . . . . . . . . 2
        1 . . . . . . . . . 1
          a b c d e f g h i
    """, rule="freestyle")
    assert state.turn == 1 and len(state.move_stack) == 3
    assert sorted(names(state, state.move_stack[0::2])) == ["d5", "e5"]
    assert names(state, state.move_stack[1::2]) == ["e6"]
    assert Gomoku.from_text(state.to_text(), size=9).key() == state.key()


def test_a_set_up_position_is_reached_without_passing_a_forbidden_point():
    # d5 joins two open threes: Black can only have placed it before one of them stood.
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X X . . . .
        . . . X . . . . .
        . . . X . . . . .
        . . . . . . . . .
        . O . . . . . O .
    """)
    assert state.turn == 1 and state.move_to_str(state.move_stack[-1]) != "d5"
    assert Gomoku.from_text(state.to_text(), size=9, rule="renju").key() == state.key()


@pytest.mark.parametrize("diagram, message", [
    ("X X X\n" * 3, "is not 9 points"),
    (". . . . . . . . .\n" * 8, "has 8 rows"),
    (". . . . . . . . .\n" * 8 + "X X . . . . . . .", "2 black and 0 white stones"),
    (". . . . . . . . .\n" * 8 + ". . . . . . . . Z", "is not 9 points"),
])
def test_a_diagram_that_is_no_position_says_why(diagram, message):
    with pytest.raises(BadNotation, match=message):
        Gomoku.from_diagram(diagram, size=9)


def test_stones_no_game_can_reach_are_refused():
    five_then_white = ". . . . . . . . .\n" * 7 + "O . . . . . . . .\nX X X X X O O O O"
    with pytest.raises(BadNotation, match="no order of alternate moves"):
        board(five_then_white, rule="freestyle")          # Black's five would have ended the game
    with pytest.raises(BadNotation, match="two stones on e5"):
        Gomoku.from_stones([40], [40], size=9)


# -- Renju: forbidden points ----------------------------------------------------------------------
def test_renju_two_open_threes_are_a_forbidden_double_three():
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . O . . . . . O .
    """)
    e5 = state.parse_move("e5")
    assert state.why_forbidden(e5) == "double-three"
    assert e5 in state.forbidden_points() and e5 not in state.legal_moves()
    with pytest.raises(IllegalMove, match="e5 is not legal: it makes a double-three, forbidden to Black"):
        state.push(e5)
    assert not state.is_legal(e5) and len(state.move_stack) == 8


def test_renju_a_three_blocked_at_one_end_is_no_three():
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . O X X . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . O . . . . . . .
    """)
    assert state.why_forbidden(state.parse_move("e5")) is None


def test_renju_two_fours_on_two_lines_are_a_forbidden_double_four():
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . O
        . . . . . . . . .
        O X X X . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . O . . . . . O .
    """)
    assert state.why_forbidden(state.parse_move("e5")) == "double-four"


@pytest.mark.parametrize("shape, diagram", [
    ("X.X?X.X", """
        . O O . . O O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X . X . X . X . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    """),
    ("XX.X?.XX", """
        . O O O . O O . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X . X . . X X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    """),
    ("XXX.?.XXX", """
        . O O O . O O O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        X X X . . . X X X
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
    """),
])
def test_renju_two_fours_on_one_line_are_a_forbidden_double_four(shape, diagram):
    state = board(diagram)
    point = state.point(shape.index("?"), 4)
    assert state.why_forbidden(point) == "double-four"


def test_renju_a_four_and_a_three_are_allowed():
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O X X X . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . O . . . . . O .
    """)
    e5 = state.parse_move("e5")
    assert state.why_forbidden(e5) is None and e5 in state.legal_moves()
    state.push(e5)
    assert state.outcome() is None and state.turn == 1


def test_renju_a_straight_four_counts_as_one_four():
    # e5 makes b5-e5 open at both ends (two ways to five, one four) and a three up the e line.
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X X X . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . O . . . . . O O
    """)
    assert state.why_forbidden(state.parse_move("e5")) is None


def test_renju_an_overline_is_forbidden_to_black():
    state = board(SIX_FOR_EITHER)
    assert state.why_forbidden(state.parse_move("d5")) == "overline"


def test_renju_a_three_whose_only_straight_four_point_is_forbidden_is_no_three():
    # f5 lines up c5 . e5 f5, but the point between, d5, would then make two fours
    # (with d8 d7 d6): that shape is no three, and f5 makes one three only (f5 g6 h7).
    state = board("""
        O . O . . . . . O
        . . . X . . . . .
        . . . X . . . X .
        . . . X . . X . .
        . . X . X . . . .
        O . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . O . . . . . O
    """)
    f5 = state.parse_move("f5")
    assert state.why_forbidden(f5) is None
    state.push(f5)
    state.push(state.parse_move("i4"))
    assert state.why_forbidden(state.parse_move("d5")) == "double-four"


def test_renju_the_same_three_with_an_allowed_straight_four_point_is_a_three():
    state = board("""
        O . . . . . . . O
        . . . . . . . . .
        . . . . . . . X .
        . . . . . . X . .
        . . X . X . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O . . . . . . . O
    """)
    assert state.why_forbidden(state.parse_move("f5")) == "double-three"


def test_renju_exactly_five_wins_even_where_it_also_makes_a_double_four():
    state = board("""
        . O . . . . . O .
        . O . . . . . . O
        . . . . . . . . .
        . . . . . . . . .
        X X X X . O . . .
        . . . X X . . . .
        . . X . X . . . .
        . X . . X . . . .
        O . . O . O O . O
    """)
    e5 = state.parse_move("e5")
    assert state.why_forbidden(e5) is None
    state.push(e5)
    assert state.outcome().winners == (0,) and state.outcome().reason == "five in a row"
    assert names(state, state.winning_line) == ["a5", "b5", "c5", "d5", "e5"]


def test_renju_white_wins_with_an_overline():
    state = board("""
        . X . . . . . X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        O O O . O O . . .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . X . X . . X . X
    """)
    assert state.turn == 1
    state.push(state.parse_move("d5"))
    assert state.outcome().winners == (1,) and state.outcome().reason == "six in a row (an overline)"


def test_renju_white_may_make_a_double_three_and_has_no_forbidden_points():
    state = board("""
        . X . . . . . X .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . O O . . . . .
        . . . . O . . . .
        . . . . O . . . .
        . . . . . . . . .
        . X . . . . . X X
    """)
    assert state.turn == 1 and state.forbidden_points() == []
    state.push(state.parse_move("e5"))
    assert state.outcome() is None and state.last_move == state.parse_move("e5")


def test_renju_black_with_only_forbidden_points_left_draws():
    state = board("""
        X X O O X X O O X
        O O X X O O X X O
        X X O O X X O O X
        O O X X O O X X O
        O X X X X . X X X
        O O O X O O X X O
        X X O O X O O O X
        O X X X O O O X O
        X O O O X X O O X
    """)
    assert state.forbidden_points() == [state.parse_move("f5")] and state.legal_moves() == []
    outcome = state.outcome()
    assert outcome.is_draw and outcome.termination == Termination.NO_MOVES


def test_a_renju_game_text_with_a_forbidden_move_is_refused_naming_it():
    state = board("""
        . O . . . . . O .
        . . . . . . . . .
        . . . . . . . . .
        . . . . . . . . .
        . . X X . . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . . . . . .
        . O . . . . . O .
    """)
    with pytest.raises(BadNotation, match=r"move 9 \('e5'\): .*double-three"):
        Gomoku.from_text(state.to_text() + " e5", size=9, rule="renju")


@pytest.mark.parametrize("seed", range(8))
def test_the_quick_filter_before_the_full_check_never_hides_a_forbidden_point(seed):
    rng = random.Random(seed)
    cells = bytearray(15 * 15)
    centre = rng.randrange(4, 11), rng.randrange(4, 11)
    for _ in range(rng.randrange(24, 36)):              # black stones crowded round a centre
        col, row = (min(14, max(0, round(rng.gauss(c, 2.5)))) for c in centre)
        cells[row * 15 + col] = BLACK
    for _ in range(10):
        cells[rng.randrange(225)] = WHITE
    empties = [p for p in range(225) if cells[p] == EMPTY]
    forbidden = {p for p in empties if forbidden_reason(cells, 15, p) is not None}
    assert forbidden and {p for p in empties if is_forbidden(cells, 15, p)} == forbidden


def test_forbidden_points_are_renju_only():
    state = board(SIX_FOR_EITHER, rule="freestyle")
    assert state.forbidden_points() == [] and state.why_forbidden(state.parse_move("d5")) is None
    with pytest.raises(IllegalMove, match="not a point"):
        state.why_forbidden(81)


#: The forbidden-point examples of the RenJu International Federation's advanced
#: rules page (renju.net/advanced), as extracted from its pictures and checked
#: against the Piskvork referee by the gomoku2d project (its fixtures.json): each
#: case the black and white stones on 15x15, the point Black would play, and the
#: verdict. White stones far from the shapes even the counts.
RENJUNET = [
    ("4x4", "e13 c12 e12 b11 e11 a10", "o15 o11 e10 o8 o5 o2", "e14", "double-four"),
    ("overline", "e8 f8 h8 i8 j8", "e15 h15 e1 h1 k1", "g8", "overline"),
    ("3x3", "k4 l4 j3 l3", "e15 h15 k15 n15", "l5", "double-three"),
    ("diagonal three not open", "b4 b3 d3 d2", "e15 h15 k15 o8", "c3", None),
    ("problem 1: diagonal three not real", "m13 g10 h10 i9 h8", "a11 a8 f6 a5 h1", "j10", None),
    ("problem 2: horizontal three not real", "e13 a12 e12 f12 i12 c11", "h4 b1 e1 h1 k1 n1", "d12", None),
    ("problem 2: diagonal four not real", "o14 l11 n11 k10 n10 j9 n9", "a14 a11 a8 i8 n8 a5 a2", "n13", None),
    ("problem 2: 3x3 at d4", "c5 c4 f4 e3", "e15 h15 k15 g1", "d4", "double-three"),
    ("problem 2: 3x3 at l3", "b15 e15 h15 k15 n15 a8 l5 k3 m3 l2", "k5 m5 k4 m4 j2 k2 m2 n2 k1 m1", "l3",
     "double-three"),
    ("problem 3: false 3x3", "i9 k9 a8 h8 j8 l8 h7 j7 l7 h6 l6", "g12 h11 i10 i8 k8 g7 i7 k7 m7 h5 l5", "j9", None),
    ("game 1: false 3x3", "i13 f12 i12 i11 g10 j10 g9 j9 h8 j8 k8 i7 k6",
     "h13 h12 g11 f10 h10 h9 i9 k9 l9 g8 i8 j7 i6", "h11", None),
    ("game 1: 4x4 after h11", "i13 f12 i12 h11 i11 g10 j10 g9 j9 h8 j8 k8 i7 k6",
     "h13 h12 g11 f10 h10 h9 i9 k9 l9 a8 g8 i8 j7 i6", "i10", "double-four"),
    ("problem 4a: 3x3", "g9 e8 h8 e7 e6 f6 g6", "j11 i10 e9 f9 h9 i9 f7", "g8", "double-three"),
    ("problem 4c: 4x4", "g9 e8 g8 h8 e7 e6 f6 g6 e5", "j11 i10 e9 f9 h9 i9 o8 f7 e4", "g7", "double-four"),
    ("problem 4c without g8: false 3x3", "g9 e8 h8 e7 e6 f6 g6 e5", "j11 i10 e9 f9 h9 i9 f7 e4", "g8", None),
    ("3x3x3", "b14 c12 e12 c11 e11 b10", "d11 o11 c10 e10 o8 o5", "d12", "double-three"),
    ("4x4x4", "m15 k14 m14 o14 l13 m13 n13 l11 o10", "l15 n15 l14 n14 k13 o13 a11 a8 a5", "m12", "double-four"),
    ("4x4x3", "b5 c5 e5 d4 e4 d3 f3 d2", "e15 h15 f5 c4 f4 c3 e3 d1", "d5", "double-four"),
    ("4x3x3", "m6 k5 n5 l4 m4 k3 j2", "e15 h15 k4 n4 o4 l3 i1", "m5", "double-three"),
    ("problem 5: 3x3", "i10 j9 k9 h8 h7 j7 k7", "h9 i9 i8 j8 l8 i7 h6", "k8", "double-three"),
    ("problem 5b: 4x3x3", "i10 k10 j9 k9 h8 h7 j7 k7 i6", "h9 i9 i8 j8 l8 m8 i7 h6 i5", "k8", "double-three"),
    ("problem 6: 4x4x3", "g11 f10 g10 e9 h9 i9 h8 j8 h7", "i11 g9 d8 f8 g8 i8 g7 k7 h6", "h10", "double-four"),
    ("problem 6a without h10: not forbidden", "h12 g11 f10 g10 e9 h9 i9 h8 j8 h7",
     "i13 i11 g9 d8 f8 g8 i8 g7 k7 h6", "h10", None),
]


@pytest.mark.parametrize("black, white, point, verdict",
                         [pytest.param(*case[1:], id=case[0]) for case in RENJUNET])
def test_renju_forbidden_points_agree_with_the_federations_examples(black, white, point, verdict):
    reader = Gomoku()
    state = Gomoku.from_stones([reader.parse_move(p) for p in black.split()],
                               [reader.parse_move(p) for p in white.split()], rule="renju")
    assert state.turn == 0
    assert state.why_forbidden(state.parse_move(point)) == verdict
    assert (state.parse_move(point) in state.forbidden_points()) == (verdict is not None)
