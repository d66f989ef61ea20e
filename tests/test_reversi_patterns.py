"""The pattern evaluation's placements, features and sums, checked against plain Python."""
from __future__ import annotations

import random

import numpy as np
import pytest

from bots.lib import reversi_patterns as patterns
from game.rules.reversi import Reversi, flip_mask, legal_mask


def random_position(rng: random.Random) -> Reversi:
    state = Reversi()
    for _ in range(rng.randrange(0, 60)):
        moves = state.legal_moves()
        if not moves:
            break
        state.push(rng.choice(moves))
    return state


def plain_features(own: int, opp: int) -> list[int]:
    found = []
    for name, squares in patterns.INSTANCES:
        index = 0
        for square in squares:
            index = index * 3 + (1 if own >> square & 1 else 2 if opp >> square & 1 else 0)
        found.append(int(patterns.TYPE_OFFSET[patterns.TYPE_NAMES.index(name)]) + index)
    mine, theirs = legal_mask(own, opp).bit_count(), legal_mask(opp, own).bit_count()
    return found + [patterns.OWN_MOBILITY + min(mine, patterns.MOBILITY_CAP),
                    patterns.OPP_MOBILITY + min(theirs, patterns.MOBILITY_CAP), patterns.BIAS_FEATURE]


def test_every_pattern_is_placed_once_per_distinct_set_of_squares():
    counts = {name: sum(1 for n, _ in patterns.INSTANCES if n == name) for name in patterns.TYPE_NAMES}
    assert counts == {"edge+2x": 4, "corner3x3": 4, "corner2x5": 8, "row2": 4, "row3": 4, "row4": 4,
                      "diag8": 2, "diag7": 4, "diag6": 4, "diag5": 4, "diag4": 4}
    for _, squares in patterns.INSTANCES:
        assert len(set(squares)) == len(squares) and all(0 <= s < 64 for s in squares)


def test_symmetric_placements_read_their_squares_in_the_same_board_relative_order():
    edges = [squares for name, squares in patterns.INSTANCES if name == "edge+2x"]
    corners = {squares[0] for squares in edges}
    assert corners == {0, 7, 56, 63}                  # each edge is read from a corner...
    for squares in edges:
        assert squares[1] in (1, 8, 6, 15, 57, 48, 62, 55)   # ...along the edge, next to it


def test_the_kernels_features_match_plain_python_on_random_positions():
    rng = random.Random(7)
    for _ in range(200):
        state = random_position(rng)
        own, opp = state.discs(state.turn), state.discs(1 - state.turn)
        assert list(patterns.features(own, opp)) == plain_features(own, opp)


def test_the_evaluation_is_the_sum_of_the_weights_of_its_phase():
    rng = random.Random(3)
    weights = np.random.default_rng(1).integers(-500, 500, size=(patterns.PHASES, patterns.FEATURES)).astype(np.int32)
    for _ in range(50):
        state = random_position(rng)
        own, opp = state.discs(state.turn), state.discs(1 - state.turn)
        empties = 64 - sum(state.counts())
        table = weights[min(empties, 59) // patterns.PHASE_WIDTH]
        assert patterns.evaluate(own, opp, weights.reshape(-1)) == int(table[plain_features(own, opp)].sum())


def test_indices_made_move_by_move_equal_a_fresh_reading_and_give_its_evaluation_exactly():
    rng = random.Random(11)
    weights = np.random.default_rng(2).integers(-500, 500, patterns.PHASES * patterns.FEATURES).astype(np.int32)
    views = patterns.both_views(weights)
    views_at = patterns.weights_address(views, 2 * patterns.PHASES * patterns.FEATURES, np.int16)
    placements = patterns.PLACEMENTS
    for _ in range(40):
        state = Reversi()
        for _ in range(rng.randrange(0, 30)):      # a root somewhere in the game
            state.push(rng.choice(state.legal_moves()))
        if state.is_over():
            continue
        rows = [patterns.features(state.discs(state.turn), state.discs(1 - state.turn)).astype(np.int32)]
        ply = 0
        while not state.is_over():
            if state.must_pass():
                state.push(state.legal_moves()[0])
                rows.append(rows[-1].copy())
            else:
                own, opp = state.discs(state.turn), state.discs(1 - state.turn)
                move = rng.choice(state.legal_moves())
                child = np.zeros_like(rows[-1])
                patterns.move_indices(rows[-1], child, move, np.uint64(flip_mask(own, opp, move)), ply & 1)
                rows.append(child)
                state.push(move)
            ply += 1
            own, opp = state.discs(state.turn), state.discs(1 - state.turn)
            seen_from_root = patterns.features(opp, own) if ply & 1 else patterns.features(own, opp)
            assert list(rows[-1][:placements]) == list(seen_from_root[:placements])
            value = patterns.indexed_eval_at(rows[-1], np.uint64(own), np.uint64(opp),
                                             np.uint64(legal_mask(own, opp)), ply & 1, views_at)
            assert value == patterns.evaluate(own, opp, weights)


def test_the_other_sides_view_of_the_tables_swaps_each_patterns_own_and_opponent_squares():
    weights = np.random.default_rng(4).integers(-500, 500, patterns.PHASES * patterns.FEATURES).astype(np.int32)
    views = patterns.both_views(weights).reshape(2, patterns.PHASES, patterns.FEATURES)
    assert np.array_equal(views[0].reshape(-1), weights)
    edge = patterns.TYPE_OFFSET[patterns.TYPE_NAMES.index("edge+2x")]
    # edge+2x reads 10 squares: "own on the first, opponent on the last" is 1 * 3**9 + 2.
    assert views[1, 3, edge + 3 ** 9 + 2] == views[0, 3, edge + 2 * 3 ** 9 + 1]
    assert np.array_equal(views[1, :, patterns.OWN_MOBILITY:], views[0, :, patterns.OWN_MOBILITY:])


def test_tables_that_do_not_fit_the_searchs_int16_are_refused_naming_their_range():
    weights = np.zeros(patterns.PHASES * patterns.FEATURES, dtype=np.int32)
    weights[5] = 40000
    with pytest.raises(ValueError, match="0 to 40000 do not fit in int16"):
        patterns.both_views(weights)


def test_saved_weights_load_back_and_a_wrong_shape_is_refused(tmp_path):
    weights = np.arange(patterns.PHASES * patterns.FEATURES, dtype=np.float64).reshape(patterns.PHASES, -1) % 1000
    path = tmp_path / "w.npz"
    patterns.save_weights(weights, path, positions=10)
    assert np.array_equal(patterns.load_weights(path), weights.astype(np.int32).reshape(-1))
    np.savez_compressed(tmp_path / "bad.npz", weights=np.zeros((2, 3), dtype=np.int16))
    with pytest.raises(ValueError, match="bad.npz: pattern weights of shape"):
        patterns.load_weights(tmp_path / "bad.npz")


def test_the_fit_recovers_weights_that_generated_the_targets():
    from bots.lib.reversi_patterns_fit import fit, predict

    rng = np.random.default_rng(5)
    size = 40
    true = rng.normal(0, 3, size)
    features = np.stack([rng.choice(size, 6, replace=False) for _ in range(2000)])
    targets = true[features].sum(axis=1)
    weights = fit(features, targets, size, ridge=1e-6, iterations=500)
    assert np.allclose(predict(features, weights), targets, atol=1e-3)


def test_a_ridge_keeps_unseen_features_at_zero_and_shrinks_rare_ones():
    from bots.lib.reversi_patterns_fit import fit

    features = np.array([[0, 1]] * 50 + [[0, 2]])
    targets = np.array([1.0] * 50 + [10.0])
    weights = fit(features, targets, 4, ridge=5.0)
    assert weights[3] == 0.0
    assert abs(weights[2]) < 9.0


def _benchmark(name: str):
    """``benchmarks/<name>.py`` as a module (benchmarks/ is not a package; its dataclasses need
    the module registered while it loads)."""
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"{name}_under_test", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules[spec.name]
    return module


def test_a_fit_from_earlier_tables_moves_only_the_phases_it_has_positions_of_towards_the_mixed_labels(tmp_path):
    # Positions of 30-34 empties (one phase), each with game label +10 discs and search value -10 discs.
    rng = random.Random(3)
    own, opp, games = [], [], []
    for game in range(60):
        state = Reversi()
        while 64 - sum(state.counts()) > 34 and state.legal_moves():
            state.push(rng.choice(state.legal_moves()))
        if 30 <= 64 - sum(state.counts()) <= 34:
            own.append(state.discs(state.turn))
            opp.append(state.discs(1 - state.turn))
            games.append(game)
    n = len(own)
    path = tmp_path / "positions.npz"
    np.savez(path, own=np.array(own, dtype=np.uint64), opp=np.array(opp, dtype=np.uint64),
             label=np.full(n, 10), search=np.full(n, -1000), game=np.array(games), games=60)
    start = np.random.default_rng(4).integers(-50, 50, (patterns.PHASES, patterns.FEATURES)).astype(np.float64)
    phase = 34 // patterns.PHASE_WIDTH
    fit = _benchmark("reversi_fit")
    held = np.random.default_rng(1).random(60) < 0.1       # the games fit_tables holds out with seed 1
    values = {}
    for share in (0.0, 0.5, 1.0):
        weights, _, _ = fit.fit_tables([path], ridge=0.01, iterations=300, seed=1, search_share=share, start=start)
        others = [p for p in range(patterns.PHASES) if p != phase]
        assert np.array_equal(weights[others], start[others])       # no positions there: the earlier tables
        values[share] = [patterns.evaluate(o, p, np.rint(weights).astype(np.int32).reshape(-1)) / 100
                         for o, p, g in zip(own, opp, games) if not held[g]]
    assert np.allclose(values[0.0], 10, atol=0.5)
    assert np.allclose(values[0.5], 0, atol=0.5)
    assert np.allclose(values[1.0], -10, atol=0.5)
    weights, _, _ = fit.fit_tables([path], ridge=0.01, iterations=300, seed=1)
    assert not weights[[p for p in range(patterns.PHASES) if p != phase]].any()   # from nothing: zeros there


def test_the_cut_statistics_are_each_bands_spread_with_the_nearest_band_and_depth_standing_in():
    """``reversi_probcut.statistics``: per depth and band of empties, the mean and spread of the deep
    value less the shallow one; a band with too few positions takes the nearest band's, a depth past
    the deepest measured the deepest row of its parity."""
    probcut = _benchmark("reversi_probcut")
    from bots.lib.reversi_search import CUT_DEPTHS, shallow_depth

    depth, n = 9, probcut.MIN_SAMPLES + 10
    # 35 empties (band 3): values c * d at depth d, c 10 or 30 by turns, so deep - shallow is
    # c * (d - shallow(d)): mean 20 and spread 10 per ply between them. 25 empties (band 2): too few.
    samples = [(35, [(10 if i % 2 else 30) * d for d in range(1, depth + 1)]) for i in range(n)]
    samples += [(25, [999 * d for d in range(1, depth + 1)]) for _ in range(3)]
    mean, sigma, count = probcut.statistics(samples, depth)
    for d in range(3, depth + 1):
        gap = d - shallow_depth(d)
        assert (mean[d, 3], sigma[d, 3], count[d, 3]) == (20 * gap, 10 * gap, n)
        assert (mean[d, 2], sigma[d, 2], count[d, 2]) == (20 * gap, 10 * gap, 3)
    assert (sigma[depth + 1] == sigma[depth - 1]).all()          # 10 takes 8's row: both even
    assert (sigma[CUT_DEPTHS - 1] == sigma[depth]).all()          # 31 takes 9's: both odd
