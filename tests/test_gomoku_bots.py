"""Gomoku's Easy (seed 003's one-move pattern scores) and Medium (seed 003's search) tiers,
and the pattern board both stand on.

Positions are drawn as the top left of a 15x15 board (``position`` fills the
rest with empty points): X Black, O White, rows from the top (row 15 first),
with a few stones in the corners to even the counts, off every line that
matters.
"""
from __future__ import annotations

import random

import pytest

from bots.gomoku_easy import GomokuEasy
from bots.gomoku_medium import GomokuMedium
from bots.lib.gomoku_patterns import (
    DEAD_FOUR, DEAD_ONE, DEAD_THREE, DEAD_TWO, FIVE, LIVE_FOUR, LIVE_ONE, LIVE_THREE, LIVE_TWO, NONE,
    PatternBoard, line_shape, point_score)
from game.rules.gomoku import BLACK, WHITE, Gomoku

#: Black to move: b13-e13 is Black's four (a13 or f13 makes five); White's four on row 11 is open too.
BOTH_HAVE_FOURS = ["X.............O",
                   "...............",
                   ".XXXX..........",
                   "...............",
                   ".OOOO.........."]
#: Black to move: White's four d12-g12 is blocked by c12; h12 is the one point that makes five.
WHITE_FOUR = ["X.............X",
              "...............",
              "...............",
              "..XOOOO........",
              "...............",
              "X.............O",
              "...............",
              "X.............."]
#: Black to move: White's open four c12-f12; b12 and g12 each make five.
WHITE_OPEN_FOUR = ["X.............X",
                   "...............",
                   "...............",
                   "..OOOO.........",
                   "...............",
                   "X.............O",
                   "...............",
                   "X.............X"]
#: Black to move: g9 makes a four down the g file (g13 blocks its top) and an open three on row 9.
FOUR_THREE = ["O..............",
              "...............",
              "......O........",
              "......X........",
              "......X........",
              "......X........",
              "....XX.........",
              "...............",
              "...............",
              "O.............O",
              "...............",
              "...............",
              "...............",
              "..............O"]
#: Black to move: White's open three f10-h10; only e10 and i10 stop an open four.
WHITE_OPEN_THREE = ["X..............",
                    "...............",
                    "...............",
                    "...............",
                    "...............",
                    ".....OOO.......",
                    "...............",
                    "...............",
                    "...............",
                    "X.............X"]
#: Black to move: two white open threes (row 10 and the l file) that one stone cannot both stop,
#: and Black's three c13-e13 blocked by b13, whose four (f13 or g13) holds White off one move longer.
EVERY_MOVE_LOSES = ["X.............X",
                    "...............",
                    ".OXXX..........",
                    "...............",
                    "...............",
                    ".....OOO.......",
                    "...........O...",
                    "...........O...",
                    "X..........O...",
                    "...............",
                    "...............",
                    "...............",
                    "...............",
                    "...............",
                    "X.............."]
#: Black to move: f8 makes two open threes (d8-f8 and f8-f10): a win in freestyle, forbidden in Renju.
DOUBLE_THREE = ["O.............O",
                "...............",
                "...............",
                "...............",
                "...............",
                ".....X.........",
                ".....X.........",
                "...XX..........",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "O.............O"]
#: Black to move: c9 or g9 makes an open four of d9-f9 (a win in 2); k9 a four down the k file
#: (k13 blocks its top) and an open three k9-m9 (a win in 3).
OPEN_FOUR_OR_FOUR_THREE = ["O.............O",
                           "...............",
                           "..........O....",
                           "..........X....",
                           "..........X....",
                           "..........X....",
                           "...XXX.....XX..",
                           "..............O",
                           "O..............",
                           "...............",
                           "...............",
                           "...............",
                           "...............",
                           "...............",
                           "O......O......O"]


def position(rows: list[str], rule: str = "freestyle", size: int = 15) -> Gomoku:
    """The game set up from ``rows`` drawn at the top left of the board, empty elsewhere."""
    full = [(row + "." * size)[:size] for row in rows] + ["." * size] * (size - len(rows))
    return Gomoku.from_diagram("\n".join(full), size=size, rule=rule)


def point(state: Gomoku, name: str) -> int:
    return state.parse_move(name)


def names(state: Gomoku, points) -> set[str]:
    return {state.move_to_str(p) for p in points}


def random_positions(count: int, seed: int, rule: str, size: int = 15) -> list[Gomoku]:
    """Positions of random games near the centre, at random lengths, that are not over."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = Gomoku(size=size, rule=rule)
        for _ in range(rng.randrange(0, 60)):
            moves = state.legal_moves()
            if not moves:
                break
            middle = [p for p in moves if max(abs(p % size - size // 2), abs(p // size - size // 2)) <= 4]
            state.push(rng.choice(middle or moves))
        if not state.is_over():
            positions.append(state)
    return positions


# -- the pattern table -------------------------------------------------------------------
def window(text: str) -> tuple[int, ...]:
    """A line of eleven points around the centre one (X): '.' empty, X own, O or | a block."""
    assert len(text) == 11 and text[5] == "X"
    return tuple({".": 0, "X": 1, "O": 2, "|": 2}[c] for c in text)


@pytest.mark.parametrize("text, shape", [
    ("...XXXXX...", FIVE), ("....XXXX...", LIVE_FOUR), ("...OXXXX...", DEAD_FOUR), ("..XX.XX....", DEAD_FOUR),
    ("..X.XXX.X..", LIVE_FOUR), ("....XXX....", LIVE_THREE), ("...X.XX....", LIVE_THREE),
    ("...OXXX....", DEAD_THREE), ("...O.XXX.O.", DEAD_THREE), (".....XX....", LIVE_TWO),
    ("....OXX.X..", DEAD_THREE), ("....OXX....", DEAD_TWO), (".....X.....", LIVE_ONE),
    ("....OX....O", DEAD_ONE), ("....OX...O.", NONE), ("|...XX.O...", LIVE_TWO), ("..O.XX.O...", NONE),
])
def test_a_stone_makes_the_shape_its_line_can_still_become(text, shape):
    assert line_shape(window(text), exact=False) == shape


def test_under_exactly_five_an_overline_is_no_five_and_a_four_into_one_is_no_four():
    assert line_shape(window("...XXXXXX.."), exact=False) == FIVE
    assert line_shape(window("...XXXXXX.."), exact=True) == NONE
    assert line_shape(window("...XXX.XX.."), exact=False) == DEAD_FOUR
    assert line_shape(window("...XXX.XX.."), exact=True) == DEAD_THREE


def test_a_point_scores_seed_003s_table_and_two_threats_at_once_as_an_open_four():
    assert point_score([LIVE_THREE, LIVE_TWO, DEAD_ONE, NONE]) == 1000 + 100 + 1
    assert point_score([DEAD_FOUR, DEAD_FOUR, NONE, NONE]) == 100_000
    assert point_score([DEAD_FOUR, LIVE_THREE, NONE, NONE]) == 100_000
    assert point_score([FIVE, LIVE_FOUR, NONE, NONE]) == 10_100_000


# -- the pattern board against the rules ----------------------------------------------------
@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju"])
def test_the_board_knows_every_point_that_makes_five_as_the_rules_do(rule):
    rng = random.Random(rule)
    for state in random_positions(12, seed=len(rule), rule=rule):
        board = PatternBoard.of(state)
        for move in rng.sample(state.legal_moves(), 25):
            state.push(move)
            assert (move in board.fives[board.colour]) == bool(state.winning_line), state.to_text()
            state.pop()


def test_moves_taken_back_leave_the_board_as_if_they_were_never_played():
    state = random_positions(1, seed=3, rule="renju")[0]
    board = PatternBoard.of(state)
    before = (bytes(board.cells), list(board.codes), board.total[:], [list(s) for s in board.scores[1:]],
              board.fives, board.fours, board.doubles, list(board.near), board.hash)
    rng = random.Random(4)
    for _ in range(30):
        board.push(rng.choice([p for p, cell in enumerate(board.cells) if not cell]))
    for _ in range(30):
        board.pop()
    assert (bytes(board.cells), list(board.codes), board.total[:], [list(s) for s in board.scores[1:]],
            board.fives, board.fours, board.doubles, list(board.near), board.hash) == before
    assert board.shapes == PatternBoard.of(state).shapes


def test_the_hash_depends_on_the_stones_not_the_order_they_came_in():
    one, other = Gomoku.from_text("h8 i9 j10 g7"), Gomoku.from_text("j10 g7 h8 i9")
    assert PatternBoard.of(one).key() == PatternBoard.of(other).key()
    assert PatternBoard.of(one).key() != PatternBoard.of(Gomoku.from_text("h8 i9 j10 g6")).key()


def test_open_and_double_fours_are_known_for_both_colours():
    board = PatternBoard.of(position(OPEN_FOUR_OR_FOUR_THREE))
    state = position(OPEN_FOUR_OR_FOUR_THREE)
    assert names(state, board.doubles[BLACK]) == {"c9", "g9"}
    assert names(state, board.fours[BLACK]) >= {"c9", "g9", "k9", "k8", "b9", "h9"}
    assert not board.fives[BLACK] and not board.fives[WHITE] and not board.fours[WHITE]


# -- Easy --------------------------------------------------------------------------------
def test_easy_takes_its_five_rather_than_blocking():
    state = position(BOTH_HAVE_FOURS)
    for seed in range(10):
        assert state.move_to_str(GomokuEasy(seed=seed).choose_move(state.copy(), 1.0)) in {"a13", "f13"}


def test_easy_blocks_a_four_whatever_its_noise():
    state = position(WHITE_FOUR)
    for seed in range(10):
        assert state.move_to_str(GomokuEasy(noise=5.0, seed=seed).choose_move(state.copy(), 1.0)) == "h12"


def test_easy_blocks_one_end_of_an_open_four():
    state = position(WHITE_OPEN_FOUR)
    assert {state.move_to_str(GomokuEasy(seed=seed).choose_move(state.copy(), 1.0))
            for seed in range(10)} <= {"b12", "g12"}


def test_easy_without_noise_plays_the_highest_scored_point():
    state = position(DOUBLE_THREE)
    assert state.move_to_str(GomokuEasy(noise=0, seed=0).choose_move(state, 1.0)) == "f8"


def test_easy_with_noise_varies_among_points_scored_alike():
    state = Gomoku.from_text("h8")
    assert len({GomokuEasy(seed=seed).choose_move(state.copy(), 1.0) for seed in range(10)}) > 1


# -- Medium ------------------------------------------------------------------------------
def medium_on(rows: list[str]) -> tuple[str, dict[str, str]]:
    """Medium's move in the position drawn by ``rows``, and its analysis in words by point name."""
    state = position(rows)
    bot = GomokuMedium(seed=0)
    move = state.move_to_str(bot.choose_move(state.copy(), 1.0))
    return move, {state.move_to_str(m): value.text for m, value in bot.analyse(state.copy(), 1.0).items()}


def plays_to_a_win(rows: list[str], text: str) -> bool:
    """Whether the moves after the colon of a value's ``text`` play from the position to the mover's five."""
    state = position(rows)
    mover = state.turn
    state.play_text(text.partition(":")[2])
    outcome = state.outcome()
    return outcome is not None and outcome.winners == (mover,)


def test_medium_plays_a_four_three_and_proves_it_a_win_in_three_with_its_moves():
    move, texts = medium_on(FOUR_THREE)
    assert move == "g9" and texts["g9"].startswith("win in 3: g9 g8 ")
    assert plays_to_a_win(FOUR_THREE, texts["g9"])


def test_medium_takes_the_shortest_win():
    move, texts = medium_on(OPEN_FOUR_OR_FOUR_THREE)
    assert move in {"c9", "g9"}
    assert texts["g9"].startswith("win in 2: g9 ") and texts["k9"].startswith("win in 3: k9 k8 ")
    assert plays_to_a_win(OPEN_FOUR_OR_FOUR_THREE, texts["k9"])


def test_medium_blocks_a_four():
    assert medium_on(WHITE_FOUR)[0] == "h12"


def test_medium_stops_an_open_three_and_proves_the_other_moves_lose():
    move, texts = medium_on(WHITE_OPEN_THREE)
    assert move in {"e10", "i10"}
    assert texts["e10"].endswith("(estimate)") and texts["d10"] == "loss in 2"


def test_medium_resists_longest_when_every_move_loses():
    move, texts = medium_on(EVERY_MOVE_LOSES)
    assert move in {"f13", "g13"}
    assert texts["e10"] == "loss in 2" and texts["f13"] == "likely loss in 3 (estimate)"


def test_medium_values_only_the_moves_it_searched_and_nothing_once_the_game_is_over():
    state = Gomoku.from_text("h8 i9 h9")
    values = GomokuMedium(width=6, seed=0).analyse(state.copy(), 1.0)
    assert 0 < len(values) <= 6 and set(values) <= set(state.legal_moves())
    assert all(value.text.endswith("(estimate)") for value in values.values())
    state.play_text("a1 h10 a2 h11 a3 h12")
    assert state.is_over() and GomokuMedium(seed=0).analyse(state, 1.0) == {}


# -- Renju -------------------------------------------------------------------------------
def test_a_double_three_is_played_in_freestyle_and_never_in_renju():
    free, renju = position(DOUBLE_THREE), position(DOUBLE_THREE, rule="renju")
    assert renju.why_forbidden(point(renju, "f8")) == "double-three"
    assert GomokuMedium(seed=0).choose_move(free, 1.0) == point(free, "f8")
    for seed in range(5):
        assert GomokuEasy(noise=0.0 if seed == 0 else 2.0, seed=seed).choose_move(renju.copy(), 1.0) \
            != point(renju, "f8")
    assert GomokuMedium(seed=0).choose_move(renju.copy(), 1.0) != point(renju, "f8")
    assert point(renju, "f8") not in GomokuMedium(seed=0).analyse(renju, 1.0)


def test_no_bot_plays_a_forbidden_point_in_random_renju_positions():
    positions = [state for state in random_positions(80, seed=6, rule="renju") if state.forbidden_points()][:8]
    assert len(positions) == 8
    for number, state in enumerate(positions):
        forbidden = set(state.forbidden_points())
        for bot in (GomokuEasy(noise=0.0, seed=number), GomokuEasy(seed=number), GomokuMedium(seed=number)):
            move = bot.choose_move(state.copy(), 0.2)
            assert move not in forbidden and move in state.legal_moves(), state.to_text()


# -- both ----------------------------------------------------------------------------------
@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju"])
@pytest.mark.parametrize("make", [lambda seed: GomokuEasy(seed=seed),
                                  lambda seed: GomokuMedium(width=6, seed=seed)], ids=["Easy", "Medium"])
def test_bots_play_legal_moves_in_random_positions(make, rule):
    for number, state in enumerate(random_positions(8, seed=11, rule=rule)):
        move = make(number).choose_move(state.copy(), 0.2)
        assert move in state.legal_moves(), f"{state.to_text()}: {move}"


@pytest.mark.parametrize("make", [GomokuEasy, lambda seed: GomokuMedium(depth=2, width=5, seed=seed)],
                         ids=["Easy", "Medium"])
def test_games_with_the_same_seed_repeat(make):
    def game(seed: int) -> str:
        state = Gomoku(size=9)
        bots = (make(seed=seed), make(seed=seed + 1))
        while not state.is_over():
            state.push(bots[state.turn].choose_move(state.copy(), 1.0))
        return state.to_text()

    assert game(7) == game(7)
    assert game(7) != game(8)


@pytest.mark.parametrize("make, message", [
    (lambda: GomokuEasy(noise=-1), "noise must be a number from 0 to 9 (a score is multiplied by 1 to 1 + noise), "
                                   "got -1"),
    (lambda: GomokuEasy(noise="lots"), "noise must be a number from 0 to 9 (a score is multiplied by 1 to "
                                       "1 + noise), got 'lots'"),
    (lambda: GomokuMedium(depth=3), "depth must be a whole number of plies from 2 to 12 and even (the search "
                                    "deepens two plies at a time), got 3"),
    (lambda: GomokuMedium(depth=0), "depth must be a whole number of plies from 2 to 12 and even (the search "
                                    "deepens two plies at a time), got 0"),
    (lambda: GomokuMedium(width=0), "width must be a whole number of candidate points per node from 1 to 60, "
                                    "got 0"),
    (lambda: GomokuMedium(width=2.5), "width must be a whole number of candidate points per node from 1 to 60, "
                                      "got 2.5"),
])
def test_a_bad_parameter_is_refused_with_its_value_named(make, message):
    with pytest.raises(ValueError) as error:
        make()
    assert str(error.value) == message


def test_choosing_in_a_finished_game_names_the_game():
    state = Gomoku.from_text("h8 a1 h9 a2 h10 a3 h11 a4 h12")
    for bot in (GomokuEasy(seed=0), GomokuMedium(seed=0)):
        with pytest.raises(ValueError, match="is over"):
            bot.choose_move(state, 1.0)
