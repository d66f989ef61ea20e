"""Reversi Master: the fitted pattern evaluation under Hard's search, and its exact endgame."""
from __future__ import annotations

import random

import numpy as np

from bots.lib import reversi_patterns as patterns
from bots.reversi_master import ReversiMaster
from game.rules.reversi import PASS, Reversi

#: FFO #1 (14 empties, Black to move): G8 wins by 18, the only best move.
FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def test_the_shipped_weights_have_every_phase_fitted():
    weights = patterns.load_weights().reshape(patterns.PHASES, patterns.FEATURES)
    assert all(np.count_nonzero(table) > 100 for table in weights)   # the opening phase sees few shapes


def test_the_fitted_evaluation_prefers_owning_corners():
    weights = patterns.load_weights()
    state = Reversi.from_text("f5d6c3d3c4f4f6f3e6e7")
    own, opp = state.discs(state.turn), state.discs(1 - state.turn)
    corners = (1 << 0) | (1 << 7)
    assert patterns.evaluate(own | corners, opp, weights) > patterns.evaluate(own, opp | corners, weights)


def test_master_plays_the_exact_best_move_of_an_endgame_and_values_every_move_exactly():
    bot = ReversiMaster(seed=1)
    state = Reversi.read(FFO_1)
    assert state.move_to_str(bot.choose_move(state.copy(), 5.0)) == "g8"
    values = bot.analyse(state.copy(), 10.0)
    assert set(values) == set(state.legal_moves())
    assert values[state.parse_move("g8")].text == "wins by 18"
    assert all(value.exact for value in values.values())


def test_master_plays_legal_moves_through_a_whole_game_against_itself():
    rng = random.Random(4)
    bot = ReversiMaster(seed=2)
    state = Reversi()
    for _ in range(4):
        state.push(rng.choice(state.legal_moves()))
    while not state.is_over():
        move = bot.choose_move(state.copy(), 0.05)
        assert state.is_legal(move)
        state.push(move)
    assert state.outcome().scores and sum(state.outcome().scores) == 64


def test_master_passes_when_it_must():
    state = Reversi.from_position("OX" + "-" * 62 + " X")
    assert ReversiMaster(seed=0).choose_move(state, 0.2) == PASS
