"""Reversi Master: the fitted pattern evaluation under Hard's search, and its exact endgame."""
from __future__ import annotations

import random

import numpy as np
import pytest

from bots.lib import reversi_patterns as patterns
from bots.lib.clock import Deadline
from bots.lib.reversi_cut import load_cut
from bots.lib.reversi_eval import PATTERNS
from bots.lib.reversi_search import CUT_BANDS, CUT_DEPTHS, CUT_MIN_DEPTH, MidgameSearch
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


def midgame() -> tuple[int, int, list[int]]:
    state = Reversi.from_text("f5d6c3d3c4f4f6f3e6e7")
    return state.discs(state.turn), state.discs(1 - state.turn), state.legal_moves()


def test_the_shipped_cut_statistics_are_measured_for_every_depth_and_band():
    mean, sigma = load_cut()
    assert mean.shape == sigma.shape == (CUT_DEPTHS, CUT_BANDS)
    assert (sigma[CUT_MIN_DEPTH:] > 0).all()           # a zero spread would cut on any shallow verdict


def test_the_selective_search_reaches_a_depth_with_far_fewer_nodes():
    own, opp, moves = midgame()
    full = MidgameSearch(PATTERNS, patterns.load_views(), table_bits=14)
    selective = MidgameSearch(PATTERNS, patterns.load_views(), table_bits=14)
    selective.select(1.5, *load_cut())
    for depth in range(1, 11):
        best_full, _ = full.search(own, opp, moves, depth)
        best_selective, _ = selective.search(own, opp, moves, depth)
        assert best_selective in range(len(moves)) and best_full in range(len(moves))
    assert selective.nodes < full.nodes / 2


def test_a_search_whose_cuts_never_fire_values_every_move_as_the_full_width_search():
    own, opp, moves = midgame()
    full = MidgameSearch(PATTERNS, patterns.load_views(), table_bits=14)
    never = MidgameSearch(PATTERNS, patterns.load_views(), table_bits=14)
    mean, _ = load_cut()
    never.select(1.0, mean * 0, np.full(mean.shape, 1_000_000))    # no bound within the scores
    for depth in range(1, 7):
        assert never.search(own, opp, moves, depth, every=True) == full.search(own, opp, moves, depth, every=True)
    assert never.selective and not full.selective


def test_a_selective_search_to_the_end_is_not_taken_as_proven():
    """A full-width search to the end is exact; a selective one only estimates, and keeps deepening."""
    own, opp = Reversi.read(FFO_1).discs(0), Reversi.read(FFO_1).discs(1)
    moves = Reversi.read(FFO_1).legal_moves()
    full = MidgameSearch(PATTERNS, patterns.load_views(), table_bits=14)
    selective = MidgameSearch(PATTERNS, patterns.load_views(), table_bits=14)
    selective.select(1.5, *load_cut())
    deadline = Deadline.after(60.0)
    assert ReversiMaster._depth_search(full, own, opp, list(moves), 14, False, False)(14, deadline).proven
    assert not ReversiMaster._depth_search(selective, own, opp, list(moves), 14, False, False)(14, deadline).proven


def test_masters_hints_come_from_the_full_width_search_not_the_selective_one():
    bot = ReversiMaster(seed=1)
    assert bot._play_search.selective and not bot._search.selective
    assert not ReversiMaster(confidence=0, seed=1)._play_search.selective


@pytest.mark.parametrize("confidence", [-1, "high", float("nan"), True, 6])
def test_a_bad_confidence_is_refused_naming_it(confidence):
    with pytest.raises(ValueError, match="confidence must be a number of standard deviations from 0 to 5"):
        ReversiMaster(confidence=confidence)


def test_a_damaged_cut_file_is_refused_naming_it(tmp_path):
    bad = tmp_path / "cut.npz"
    bad.write_bytes(b"not a table")
    with pytest.raises(ValueError, match="cut.npz"):
        load_cut(bad)
    np.savez(bad, mean=np.zeros((3, 3)), sigma=np.zeros((3, 3)))
    with pytest.raises(ValueError, match=r"cut.npz.*shape"):
        load_cut(bad)


def test_masters_node_count_includes_its_play_search():
    bot = ReversiMaster(seed=1)
    state = Reversi.from_text("f5d6c3d3c4f4f6f3e6e7")
    before = bot.nodes
    bot.choose_move(state, 0.2)
    assert bot._play_search.nodes > 0
    assert bot.nodes - before >= bot._play_search.nodes
