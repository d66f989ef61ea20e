"""Reversi's engine: the numba kernels against the rules, the exact solver, the midgame search and Hard."""
from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from bots.lib import reversi_board as board
from bots.lib import reversi_endgame, reversi_search
from bots.lib.reversi_endgame import SolveAborted, Solver
from bots.lib.search_state import refcount_calls
from bots.lib import reversi_patterns as patterns
from bots.lib.reversi_eval import HARD_WEIGHTS, PATTERNS, feature_eval
from bots.lib.reversi_search import MidgameSearch
from bots import reversi_hard
from bots.reversi_master import ReversiMaster
from bots.reversi_hard import WARM_UP_POSITION, ReversiHard, estimate_value, exact_text
from game.rules.bot import MoveValue
from game.rules.reversi import PASS, START_BLACK, START_WHITE, Reversi, flip_mask, legal_mask, squares_of

FFO_FILE = Path(__file__).parent / "fixtures" / "ffo_1-39.obf"
#: Black's b1 turns White's only disc with a1 and h8 still empty: the game ends, 2 empties left.
WIPE_OUT = "--OXXXXX" + "X" * 55 + "- X"
#: FFO numbers the solver finishes in a few milliseconds each.
FAST_FFO = (1, 2, 4, 5, 6, 7, 9, 13, 14, 17, 20)


def u64(mask: int) -> np.uint64:
    return np.uint64(mask)


def sides(state: Reversi) -> tuple[int, int]:
    return state.discs(state.turn), state.discs(1 - state.turn)


@cache
def random_positions(games: int = 60, seed: int = 7) -> tuple[tuple[int, int], ...]:
    """Every position (side to move first) of ``games`` random games from the start."""
    rng = random.Random(seed)
    positions = []
    for _ in range(games):
        state = Reversi()
        while state.outcome() is None:
            positions.append(sides(state))
            state.push(rng.choice(state.legal_moves()))
        positions.append(sides(state))
    return tuple(positions)


@cache
def solver() -> Solver:
    """One solver for the module: the kernels compile (or load) once."""
    return Solver(table_bits=16)


def ffo_cases() -> list[tuple[str, dict[str, int]]]:
    """``(position, {move: exact score})`` of FFO #1-#39, in order."""
    cases = []
    for line in FFO_FILE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            fields = [field.strip() for field in line.split(";") if field.strip()]
            scores = {move.lower(): int(score) for move, score in (field.split(":") for field in fields[1:])}
            cases.append((fields[0], scores))
    return cases


def minimax(own: int, opp: int, split: bool) -> int:
    """The exact final disc difference for ``own`` by plain minimax over the rules' functions."""
    moves = legal_mask(own, opp)
    if not moves:
        if not legal_mask(opp, own):
            diff = own.bit_count() - opp.bit_count()
            empties = 64 - (own | opp).bit_count()
            share = empties % 2 if split else empties
            return diff + share if diff > 0 else diff - share if diff < 0 else 0
        return -minimax(opp, own, split)
    best = -100
    for square in squares_of(moves):
        turned = flip_mask(own, opp, square)
        best = max(best, -minimax(opp & ~turned, own | turned | 1 << square, split))
    return best


def position_with_a_forced_pass() -> Reversi:
    """The first position of seeded random games whose side to move must pass."""
    rng = random.Random(3)
    while True:
        state = Reversi()
        while state.outcome() is None:
            if state.legal_moves() == [PASS]:
                return state
            state.push(rng.choice(state.legal_moves()))


def endgame_positions(empties: int, count: int, seed: int) -> list[tuple[int, int]]:
    """Positions with ``empties`` empty squares from random games, side to move first."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state = Reversi()
        while state.outcome() is None and 64 - sum(state.counts()) > empties:
            state.push(rng.choice(state.legal_moves()))
        if state.outcome() is None:
            found.append(sides(state))
    return found


# -- kernels ------------------------------------------------------------------------------
def test_legal_moves_match_the_rules_on_random_positions():
    for own, opp in random_positions():
        assert int(board.legal_moves(u64(own), u64(opp))) == legal_mask(own, opp)


def test_flips_match_the_rules_for_every_empty_square_of_random_positions():
    for own, opp in random_positions()[::3]:
        for square in squares_of(~(own | opp) & (1 << 64) - 1):
            assert int(board.flips(u64(own), u64(opp), square)) == flip_mask(own, opp, square)


def test_the_searchs_moves_four_directions_at_once_match_the_rules_on_random_positions():
    for own, opp in random_positions():
        assert int(board.legal_moves_inlined(u64(own), u64(opp))) == legal_mask(own, opp)
    assert int(board.legal_moves_inlined(u64(0), u64(0))) == 0
    edge_runs = [(0x01, 0x7E), (0x80, 0x7F00000000000000), (0x0100000000000000, 0x0081818181818100)]
    for own, opp in edge_runs:        # runs along the edges and one reaching the far corner's column
        assert int(board.legal_moves_inlined(u64(own), u64(opp))) == legal_mask(own, opp)


def test_the_searchs_flips_four_rays_at_once_without_a_branch_match_the_rules_for_every_empty_square_of_random_positions():
    for own, opp in random_positions()[::3]:
        for square in range(64):
            if not (own | opp) >> square & 1:
                assert int(board.flips_inlined(u64(own), u64(opp), square)) == flip_mask(own, opp, square)


def test_the_last_empty_squares_flip_count_matches_the_rules_on_full_boards():
    rng = random.Random(5)
    full = (1 << 64) - 1
    for _ in range(3000):
        square = rng.randrange(64)
        own = rng.getrandbits(64) & ~(1 << square)
        opp = full & ~own & ~(1 << square)
        count = board.last_flip_count(u64(own), np.int64(square))
        assert count == flip_mask(own, opp, square).bit_count(), (own, square)


def test_mobility_and_potential_mobility_count_moves_and_empty_squares_beside_the_opponent():
    for own, opp in random_positions()[::5]:
        assert board.mobility(u64(own), u64(opp)) == legal_mask(own, opp).bit_count()
        beside = {row * 8 + col for sq in squares_of(opp) for dc in (-1, 0, 1) for dr in (-1, 0, 1)
                  for col, row in [(sq % 8 + dc, sq // 8 + dr)] if 0 <= col < 8 and 0 <= row < 8}
        expected = sum(1 for sq in beside if not (own | opp) >> sq & 1)
        assert board.potential_mobility(u64(own), u64(opp)) == expected


def test_stable_discs_never_turn_over_in_the_rest_of_random_games():
    rng = random.Random(11)
    for _ in range(40):
        state = Reversi()
        stable = [0, 0]
        while state.outcome() is None:
            for seat in (0, 1):
                mine, theirs = state.discs(seat), state.discs(1 - seat)
                assert stable[seat] & ~mine == 0, "a disc called stable was turned over"
                stable[seat] |= int(board.stable_discs(u64(mine), u64(theirs)))
            state.push(rng.choice(state.legal_moves()))


def test_corners_and_a_full_board_are_stable_and_edge_stability_is_part_of_stability():
    for own, opp in random_positions()[::4]:
        stable = int(board.stable_discs(u64(own), u64(opp)))
        assert stable & ~own == 0
        assert own & int(board.CORNERS) & ~stable == 0
        assert int(board.edge_stable(u64(own), u64(opp))) & ~stable == 0
    full_own = 0x00FF00FF00FF00FF
    assert int(board.stable_discs(u64(full_own), u64(~full_own & (1 << 64) - 1))) == full_own


def test_odd_regions_are_the_quadrants_with_an_odd_count_of_empties():
    quadrants = [int(q) for q in board.QUADRANTS]
    for own, opp in random_positions()[::7]:
        empty = ~(own | opp) & (1 << 64) - 1
        expected = sum(q for q in quadrants if (empty & q).bit_count() % 2)
        assert int(board.odd_regions(u64(empty))) == expected


def test_perft_from_the_start_matches_the_published_counts_to_depth_8():
    counts = [board.perft(u64(START_BLACK), u64(START_WHITE), depth, 0) for depth in range(1, 9)]
    assert counts == [4, 12, 56, 244, 1_396, 8_200, 55_092, 390_216]


def test_final_score_counts_the_empties_as_the_rules_outcome_does_under_both_counts():
    for counting in ("winner", "split"):
        state = Reversi.read(WIPE_OUT, counting=counting)
        state.push(state.parse_move("b1"))
        black, white = state.outcome().scores
        assert board.final_score(u64(state.discs(0)), u64(state.discs(1)), counting == "split") == black - white


# -- the exact solver -----------------------------------------------------------------------
@pytest.mark.parametrize("number", FAST_FFO)
def test_fast_ffo_positions_solve_to_their_published_score_with_a_best_move(number):
    position, scores = ffo_cases()[number - 1]
    state = Reversi.read(position)
    solver().clear()
    solved = solver().solve(*sides(state))
    assert solved.score == max(scores.values())
    assert scores[state.move_to_str(solved.move)] == solved.score


@pytest.mark.parametrize("split", [False, True])
def test_solver_matches_plain_minimax_on_random_positions_with_few_empties(split):
    for empties in (1, 2, 3, 4, 5, 6, 7):
        for own, opp in endgame_positions(empties, 12, seed=empties):
            assert solver().solve(own, opp, split=split).score == minimax(own, opp, split), (own, opp)


def test_solver_agrees_with_a_full_depth_midgame_search_where_the_table_is_used():
    search = MidgameSearch(table_bits=14)
    for own, opp in endgame_positions(11, 4, seed=9):
        moves = squares_of(legal_mask(own, opp))
        if not moves:
            continue
        solver().clear()
        best, values = search.search(own, opp, moves, 11)
        assert 100 * solver().solve(own, opp).score == values[best]


def test_windowed_solves_over_a_kept_table_bound_the_exact_score_on_the_right_side():
    # The table's bounds from earlier windows feed the transposition and enhanced transposition
    # cutoffs (children looked up before they are searched) and the stability cutoff's alphas.
    for own, opp in endgame_positions(14, 4, seed=21):
        solver().clear()
        exact = solver().solve(own, opp).score
        for centre in (exact - 4, exact - 2, exact, exact + 2, exact + 4):
            found = solver().solve(own, opp, centre - 1, centre + 1).score
            if centre < exact:
                assert found >= centre + 1, (own, opp, centre)
            elif centre > exact:
                assert found <= centre - 1, (own, opp, centre)
            else:
                assert found == exact, (own, opp)
        assert solver().solve(own, opp).score == exact


def test_null_windows_at_eight_empties_fall_on_the_minimax_scores_side():
    # Children of 7 empties and fewer are searched without the table; there a high alpha tries the
    # stability cutoff, which must only return a true upper bound.
    for own, opp in endgame_positions(8, 3, seed=4):
        exact = minimax(own, opp, False)
        for alpha in range(exact - 6, exact + 6):
            found = solver().solve(own, opp, alpha, alpha + 1).score
            assert (found <= alpha) == (exact <= alpha), (own, opp, alpha)
            assert exact <= found if found <= alpha else exact >= found, (own, opp, alpha)


def test_the_solver_counts_each_child_it_orders_once_as_edax_counts_its_nodes_and_a_lone_move_not_at_all():
    # With 8 empties only the root uses the table (its children are searched without it): one null
    # window from an empty table orders every root move (no table move yet), each counted once; a
    # lone move is searched at once, neither ordered nor counted.
    seen = set()
    for own, opp in endgame_positions(8, 40, seed=11):
        moves = legal_mask(own, opp).bit_count()
        if moves == 0 or moves in seen:
            continue
        seen.add(moves)
        fresh = Solver(table_bits=10)
        reversi_endgame.solve_kernel(fresh._state, u64(own), u64(opp), 0, 0, 10 ** 9)
        assert int(fresh._state[0]["examined"]) == (moves if moves > 1 else 0), (own, opp)
    assert 1 in seen and len(seen) >= 3
    found = Solver(table_bits=16).solve(*sides(Reversi.read(ffo_cases()[0][0])))
    assert found.examined > 0 and found.nodes > found.examined


def test_the_solvers_recursion_does_no_reference_counting():
    record = np.zeros(1, reversi_endgame.STATE)[0]
    assert refcount_calls(reversi_endgame._search, record, u64(1), u64(2), -64, 20, 0, 0) == 0


def test_a_solve_that_reaches_its_node_limit_raises_solve_aborted():
    position, _ = ffo_cases()[37]        # FFO #38, 24 empties: far more than 1000 nodes
    with pytest.raises(SolveAborted):
        Solver(table_bits=10).solve(*sides(Reversi.read(position)), node_limit=1000)


def test_overlapping_disc_masks_are_refused_with_both_named():
    with pytest.raises(ValueError, match="0x3"):
        solver().solve(3, 1)


# -- midgame search and evaluation -------------------------------------------------------------
def test_evaluation_is_the_same_seen_from_either_side():
    for own, opp in random_positions()[::9]:
        assert feature_eval(own, opp, HARD_WEIGHTS) == -feature_eval(opp, own, HARD_WEIGHTS)


def test_hards_evaluation_is_its_features_weighted_as_the_module_says():
    for own, opp in random_positions()[::7]:
        empty = ~(own | opp) & (1 << 64) - 1
        mobility = legal_mask(own, opp).bit_count() - legal_mask(opp, own).bit_count()
        potential = board.potential_mobility(u64(own), u64(opp)) - board.potential_mobility(u64(opp), u64(own))
        corners = ((own & 0x8100000000000081).bit_count() - (opp & 0x8100000000000081).bit_count())
        x_squares = c_squares = 0
        for corner, x, cs in ((0, 9, (1, 8)), (7, 14, (6, 15)), (56, 49, (48, 57)), (63, 54, (55, 62))):
            if empty >> corner & 1:
                x_squares += (own >> x & 1) - (opp >> x & 1)
                c_squares += sum((own >> c & 1) - (opp >> c & 1) for c in cs)
        stable = (int(board.edge_stable(u64(own), u64(opp))).bit_count()
                  - int(board.edge_stable(u64(opp), u64(own))).bit_count())
        features = (mobility, potential, corners, x_squares, c_squares, stable)
        assert feature_eval(own, opp) == sum(int(w) * f for w, f in zip(HARD_WEIGHTS, features))


def test_the_pattern_mode_searches_with_the_pattern_evaluation():
    weights = np.random.default_rng(1).integers(-60, 60, patterns.PHASES * patterns.FEATURES).astype(np.int32)
    state = Reversi.from_text("f5d6c3d3c4")
    own, opp = sides(state)
    moves = state.legal_moves()
    _, values = MidgameSearch(mode=PATTERNS, weights=patterns.both_views(weights), table_bits=8).search(
        own, opp, moves, 1, every=True)
    for move, value in zip(moves, values):
        turned = flip_mask(own, opp, move)
        assert value == -patterns.evaluate(opp & ~turned, own | turned | 1 << move, weights)


def pattern_negamax(own: int, opp: int, depth: int, weights: np.ndarray) -> int:
    """The pattern evaluation's negamax value by plain recursion: a pass uses no depth, an ended game
    scores 100 times its disc difference (as the search does)."""
    moves = legal_mask(own, opp)
    if not moves:
        if not legal_mask(opp, own):
            return 100 * minimax(own, opp, False)
        return -pattern_negamax(opp, own, depth, weights)
    if depth == 0:
        return max(-6000, min(6000, patterns.evaluate(own, opp, weights)))
    return max(-pattern_negamax(opp & ~flip_mask(own, opp, m), own | flip_mask(own, opp, m) | 1 << m, depth - 1,
                                weights) for m in squares_of(moves))


@pytest.mark.parametrize("depth", [2, 3])
def test_the_pattern_search_keeps_its_indices_exact_through_the_tree(depth):
    weights = np.random.default_rng(3).integers(-300, 300, patterns.PHASES * patterns.FEATURES).astype(np.int32)
    search = MidgameSearch(mode=PATTERNS, weights=patterns.both_views(weights), table_bits=10)
    for own, opp in random_positions()[5:600:60]:
        moves = squares_of(legal_mask(own, opp))
        if not moves:
            continue
        _, values = search.search(own, opp, moves, depth, every=True)
        for move, value in zip(moves, values):
            turned = flip_mask(own, opp, move)
            assert value == -pattern_negamax(opp & ~turned, own | turned | 1 << move, depth - 1, weights)


def test_the_midgame_searchs_recursion_does_no_reference_counting():
    record = np.zeros(1, reversi_search.STATE)[0]
    assert refcount_calls(reversi_search._pvs, record, u64(1), u64(2), -100, 100, 3, 1) == 0


def test_weights_the_evaluation_cannot_read_are_refused_naming_them():
    with pytest.raises(ValueError, match="int64"):
        MidgameSearch(weights=HARD_WEIGHTS.astype(np.int64))
    with pytest.raises(ValueError, match=r"shape \(6,\)"):
        MidgameSearch(mode=PATTERNS, weights=HARD_WEIGHTS)     # Hard's six weights are no pattern tables


def test_a_search_to_the_end_gives_every_move_its_exact_score_in_centi_discs():
    search = MidgameSearch(table_bits=12)
    for own, opp in endgame_positions(8, 3, seed=5):
        moves = squares_of(legal_mask(own, opp))
        if not moves:
            continue
        best, values = search.search(own, opp, moves, 9, every=True)
        for move, value in zip(moves, values):
            turned = flip_mask(own, opp, move)
            assert value == -100 * minimax(opp & ~turned, own | turned | 1 << move, False)
        assert values[best] == max(values)


# -- the Hard bot ---------------------------------------------------------------------------------
def test_hard_plays_a_legal_move_from_the_start_and_the_pass_when_forced():
    bot = ReversiHard(seed=1)
    state = Reversi()
    assert bot.choose_move(state.copy(), 0.2) in state.legal_moves()
    forced = position_with_a_forced_pass()
    assert bot.choose_move(forced.copy(), 0.2) == PASS


def test_hard_analyses_an_endgame_exactly_and_says_so():
    position, scores = ffo_cases()[0]        # FFO #1: every move's exact score is published
    values = ReversiHard(seed=1).analyse(Reversi.read(position), 3.0)
    assert {Reversi().move_to_str(m): int(v.score) for m, v in values.items()} == scores
    assert all(v.text == exact_text(int(v.score)) and v.exact for v in values.values())


def test_hard_analyses_the_opening_with_estimates_for_every_move():
    state = Reversi.from_text("f5d6c3")
    values = ReversiHard(seed=1).analyse(state, 0.3)
    assert set(values) == set(state.legal_moves())
    assert all(v.text.endswith("(estimate)") and not v.exact for v in values.values())
    assert all(re.fullmatch(r"about ([+-]\d+ discs?|even) \(estimate\)", v.text) for v in values.values()), \
        "whole discs, in words"


def test_hard_solves_the_endgame_under_the_games_counting():
    for counting, margin in (("winner", 64), ("split", 62)):
        values = ReversiHard(seed=1).analyse(Reversi.read(WIPE_OUT, counting=counting), 1.0)
        assert values == {Reversi().parse_move("b1"): MoveValue(margin, f"wins by {margin}", exact=True)}


def test_exact_text_names_the_winner_and_the_margin():
    assert [exact_text(6), exact_text(0), exact_text(-4)] == ["wins by 6", "draw", "loses by 4"]


def test_an_estimate_is_said_in_whole_discs_never_a_fraction():
    assert [estimate_value(centi).text for centi in (250, 149, 40, -49, -51, -300)] == [
        "about +3 discs (estimate)", "about +1 disc (estimate)", "about even (estimate)",
        "about even (estimate)", "about -1 disc (estimate)", "about -3 discs (estimate)"]


def test_a_bad_exact_empties_is_refused_with_its_value():
    with pytest.raises(ValueError, match="exact_empties.*99"):
        ReversiHard(exact_empties=99)


def test_warm_up_compiles_every_kernel_without_error():
    ReversiHard.warm_up()
    ReversiHard.warm_up_later()


def test_hard_searches_an_endgame_until_its_later_warm_up_has_compiled_the_solver(monkeypatch):
    endgame = Reversi.read(WARM_UP_POSITION)
    bot = ReversiHard(exact_empties=18)
    monkeypatch.setattr(reversi_hard, "disk_cached", lambda kernel: False)   # as on a first launch
    try:
        ReversiHard.warm_up()
        assert not bot.solves(endgame)
    finally:
        ReversiHard.warm_up_later()
    assert bot.solves(endgame)


def test_master_warmed_up_after_hard_deferred_its_solver_defers_it_too(monkeypatch):
    cached = iter([False, True])            # Hard finds no solver in the cache; Master would
    monkeypatch.setattr(reversi_hard, "disk_cached", lambda kernel: next(cached))
    try:
        ReversiHard.warm_up()
        ReversiMaster.warm_up()
        assert ReversiHard._solver_waits
    finally:
        ReversiHard.warm_up_later()
    assert not ReversiHard._solver_waits


def test_hard_warmed_up_with_the_solver_in_the_disk_cache_solves_at_once():
    ReversiHard.warm_up()
    ReversiHard.warm_up_later()               # now the solver is in the cache
    ReversiHard.warm_up()
    assert not ReversiHard._solver_waits
    assert ReversiHard(exact_empties=18).solves(Reversi.read(WARM_UP_POSITION))
