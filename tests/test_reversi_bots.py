"""Reversi's Easy (greedy flips) and Medium (seed 004's positional search) tiers."""
from __future__ import annotations

import random

import pytest

from bots.reversi_easy import ReversiEasy
from bots.reversi_positional import ReversiPositional, evaluate, square_weight
from game.rules.reversi import PASS, Reversi, legal_mask

CORNERS = {0, 7, 56, 63}
#: Black to move: b2 turns over three discs on row 2 but opens a1 to White along the
#: diagonal (c3 is White); every other move turns over one disc and gives nothing.
BAIT = ("--------" "--OOOX--" "--O-----" "---OX---" "---XO---" "--------" "--------" "--------" " X")
#: Black to move (from an Easy game): a8 is open; f6 turns over seven discs, a8 one.
CORNER_OFFERED = "--OX------OOOO---XOXOX----XXOOX-OXOXOOO-XOOOO---O-OXX------XX--- X"
#: White to move; after h6 Black has no move and must pass.
BEFORE_A_PASS = "--X-OOO-X-XXXXXXXOOXOXXOXOXOOXXOXOOOOXXOXOOOOOX-OOOOOOXXOOOOOOO- O"
#: Black to move on the last empty square, f1, which ends the game 40-24 for Black.
LAST_SQUARE = "XOOOO-OXXOOOOOXXXOXXOXOXXOXOXOXXXOXXOXXXXOXXXXXOXOOXXXOOXOOOOOOO X"


def square(name: str) -> int:
    return Reversi().parse_move(name)


def random_positions(count: int, seed: int) -> list[Reversi]:
    """Positions of random games, at random lengths, that are not over."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        state = Reversi()
        for _ in range(rng.randrange(0, 60)):
            if state.is_over():
                break
            state.push(rng.choice(state.legal_moves()))
        if not state.is_over():
            positions.append(state)
    return positions


def must_pass_position() -> Reversi:
    state = Reversi.read(BEFORE_A_PASS)
    state.push(square("h6"))
    return state


# -- Easy -------------------------------------------------------------------------
def test_easy_without_noise_plays_the_move_that_flips_the_most():
    state = Reversi.read(CORNER_OFFERED)
    assert ReversiEasy.flip_counts(state)[square("f6")] == 7
    assert max(ReversiEasy.flip_counts(state).values()) == 7
    assert ReversiEasy(noise=0, seed=1).choose_move(state, 1.0) == square("f6")


def test_easy_with_noise_still_takes_a_move_that_flips_more_than_the_noise_more():
    state = Reversi.read(CORNER_OFFERED)
    second = sorted(ReversiEasy.flip_counts(state).values())[-2]
    assert second == 5
    assert {ReversiEasy(noise=1.5, seed=seed).choose_move(state, 1.0) for seed in range(20)} == {square("f6")}


def test_easy_with_noise_varies_among_moves_that_flip_as_many():
    state = Reversi()         # four moves, each turning over one disc
    assert len({ReversiEasy(seed=seed).choose_move(state, 1.0) for seed in range(20)}) > 1


def test_easy_passes_when_it_must():
    state = must_pass_position()
    assert state.legal_moves() == [PASS]
    assert ReversiEasy(seed=0).choose_move(state, 1.0) == PASS


def test_easy_games_with_the_same_seed_repeat():
    def game(seed: int) -> str:
        state = Reversi()
        bots = (ReversiEasy(seed=seed), ReversiEasy(seed=seed + 1))
        while not state.is_over():
            state.push(bots[state.turn].choose_move(state.copy(), 1.0))
        return state.to_text()

    assert game(7) == game(7)
    assert game(7) != game(8)


# -- Medium -----------------------------------------------------------------------
def test_medium_refuses_the_x_square_bait_that_gives_a_corner():
    state = Reversi.read(BAIT)
    assert ReversiEasy(noise=0, seed=0).choose_move(state, 1.0) == square("b2")
    move = ReversiPositional(seed=0).choose_move(state.copy(), 5.0)
    state.push(move)
    assert move != square("b2")
    assert not legal_mask(state.discs(1), state.discs(0)) & sum(1 << c for c in CORNERS)


def test_medium_takes_a_corner_when_offered():
    state = Reversi.read(CORNER_OFFERED)
    assert ReversiPositional(seed=0).choose_move(state, 5.0) == square("a8")


def test_medium_passes_when_it_must():
    assert ReversiPositional(seed=0).choose_move(must_pass_position(), 1.0) == PASS


def test_medium_values_every_legal_move_as_an_estimate():
    state = Reversi.from_text("f5d6c3d3c4")
    values = ReversiPositional(seed=0).analyse(state, 5.0)
    assert set(values) == set(state.legal_moves())
    assert all(value.text.endswith("(estimate)") for value in values.values())


def test_medium_values_a_move_that_ends_the_game_exactly_by_the_disc_difference():
    state = Reversi.read(LAST_SQUARE)
    values = ReversiPositional(seed=0).analyse(state, 1.0)
    assert values[square("f1")].text == "wins by 16" and values[square("f1")].exact


def test_medium_values_nothing_once_the_game_is_over():
    state = Reversi.read(LAST_SQUARE)
    state.push(square("f1"))
    assert ReversiPositional(seed=0).analyse(state, 1.0) == {}


def test_a_corner_makes_its_neighbours_worth_having_for_its_owner():
    a1, b1, b2 = 1 << square("a1"), 1 << square("b1"), 1 << square("b2")
    assert square_weight(b1 | b2, 0) < 0            # next to an empty corner: bad
    assert square_weight(a1 | b1 | b2, 0) > square_weight(a1, 0)
    assert square_weight(b1 | b2, a1) == square_weight(0, a1)   # next to the opponent's corner: worth nothing


def test_evaluation_is_the_same_for_either_side_to_move_mirrored():
    state = Reversi.from_text("f5d6c3d3c4f4")
    flipped = Reversi.read(state.position_text().translate(str.maketrans("XO", "OX"))[:-1]
                           + "XO"[1 - state.turn])
    assert evaluate(state) == evaluate(flipped)


# -- both ----------------------------------------------------------------------------
@pytest.mark.parametrize("make", [lambda seed: ReversiEasy(seed=seed),
                                  lambda seed: ReversiPositional(depth=3, seed=seed)], ids=["Easy", "Medium"])
def test_bots_play_legal_moves_in_random_positions(make):
    for number, state in enumerate(random_positions(25, seed=11)):
        move = make(number).choose_move(state.copy(), 0.5)
        assert move in state.legal_moves(), f"{state.position_text()}: {move}"


@pytest.mark.parametrize("make, message", [
    (lambda: ReversiEasy(noise=-1), "noise must be a number of discs from 0 to 64, got -1"),
    (lambda: ReversiEasy(noise="lots"), "noise must be a number of discs from 0 to 64, got 'lots'"),
    (lambda: ReversiPositional(depth=0), "depth must be a whole number of plies from 1 to 64, got 0"),
    (lambda: ReversiPositional(depth=2.5), "depth must be a whole number of plies from 1 to 64, got 2.5"),
])
def test_a_bad_parameter_is_refused_with_its_value_named(make, message):
    with pytest.raises(ValueError) as error:
        make()
    assert str(error.value) == message


def test_choosing_in_a_finished_game_names_the_game():
    state = Reversi.read(LAST_SQUARE)
    state.push(square("f1"))
    for bot in (ReversiEasy(seed=0), ReversiPositional(seed=0)):
        with pytest.raises(ValueError, match="is over"):
            bot.choose_move(state, 1.0)
