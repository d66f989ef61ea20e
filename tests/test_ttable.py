"""The numba searches' shared transposition tables and clock (bots/lib/ttable.py)."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from numba import njit

from bots.lib import negamax, ttable
from bots.lib.search_state import address_of


@njit
def _unpacked(value, move, depth, flag):
    word = ttable.pack(value, move, depth, flag)
    return ttable.value_of(word), ttable.move_of(word), ttable.depth_of(word), ttable.flag_of(word)


@njit
def _probe(table_at, mask, key):
    word = ttable.probe(table_at, mask, key)
    return ttable.value_of(word), ttable.move_of(word), ttable.depth_of(word), ttable.flag_of(word)


@njit
def _keep_deeper(table_at, mask, key, value, move, depth, flag):
    ttable.keep_deeper(table_at, mask, key, depth, ttable.pack(value, move, depth, flag))


@njit
def _keep(table_at, mask, key, value, move, depth, flag):
    ttable.keep(table_at, mask, key, ttable.pack(value, move, depth, flag))


@njit
def _bounds(lower, upper, depth, move):
    word = ttable.pack_bounds(lower, upper, depth, move)
    return ttable.lower_of(word), ttable.upper_of(word), ttable.bucket_depth(word), ttable.bucket_move(word)


@njit
def _bucket_store(table_at, slot, own, opp, lower, upper, depth, move):
    """Store as the midgame search does: the position's own entry, else the bucket's victim."""
    entry = ttable.bucket_find(table_at, slot, own, opp)
    if entry < 0:
        entry = ttable.bucket_victim(table_at, slot)
    ttable.bucket_put(table_at, entry, own, opp, ttable.pack_bounds(lower, upper, depth, move))
    return entry


@njit
def _bucket_lookup(table_at, slot, own, opp):
    entry = ttable.bucket_find(table_at, slot, own, opp)
    if entry < 0:
        return -1, 0, 0, 0
    word = ttable.bucket_word(table_at, entry)
    return ttable.bucket_depth(word), ttable.lower_of(word), ttable.upper_of(word), ttable.bucket_move(word)


@njit
def _time_up(count, every, deadline):
    return ttable.time_up(count, every, deadline)


@settings(max_examples=300, deadline=None)
@given(st.integers(-(1 << 31), (1 << 31) - 1), st.integers(-1, (1 << 19) - 2), st.integers(-1, 510),
       st.sampled_from([ttable.EXACT, ttable.LOWER, ttable.UPPER]))
def test_a_keyed_entry_gives_back_the_score_move_depth_and_bound_it_was_given(value, move, depth, flag):
    assert _unpacked(value, move, depth, flag) == (value, move, depth, flag)


def test_a_position_not_in_the_table_has_no_move_and_no_depth():
    table = ttable.keyed_table(4)
    assert _probe(address_of(table), 15, 12345)[1:3] == (-1, -1)


def test_a_shallower_search_of_the_same_position_does_not_replace_a_deeper_one_and_another_position_does():
    table = ttable.keyed_table(4)
    at, mask, key = address_of(table), 15, 0x1234_5678_9ABC
    _keep_deeper(at, mask, key, 77, 3, 6, ttable.EXACT)
    _keep_deeper(at, mask, key, -5, 2, 4, ttable.LOWER)
    assert _probe(at, mask, key) == (77, 3, 6, ttable.EXACT)
    _keep_deeper(at, mask, key, -5, 2, 6, ttable.UPPER)
    assert _probe(at, mask, key) == (-5, 2, 6, ttable.UPPER)
    other = key + 16                        # the same slot
    _keep_deeper(at, mask, other, 9, 1, 1, ttable.EXACT)
    assert _probe(at, mask, other) == (9, 1, 1, ttable.EXACT)
    assert _probe(at, mask, key)[2] == -1
    _keep(at, mask, other, 4, 0, 0, ttable.LOWER)
    assert _probe(at, mask, other) == (4, 0, 0, ttable.LOWER)


@given(st.integers(-30000, 30000), st.integers(-30000, 30000), st.integers(0, 255), st.integers(0, 255))
def test_a_bucket_entry_gives_back_its_bounds_depth_and_move(lower, upper, depth, move):
    assert _bounds(lower, upper, depth, move) == (lower, upper, depth, move)


def test_a_new_position_takes_the_shallower_entry_of_its_bucket_and_a_known_one_keeps_its_own():
    table = ttable.bucket_table(4)
    at = address_of(table)
    slot = 6
    first = _bucket_store(at, slot, np.uint64(1), np.uint64(2), -4, 8, 5, 19)
    second = _bucket_store(at, slot, np.uint64(3), np.uint64(4), 0, 0, 9, 20)
    assert second != first                  # the empty entry (depth 0) was the shallower
    assert _bucket_lookup(at, slot, np.uint64(1), np.uint64(2)) == (5, -4, 8, 19)
    assert _bucket_store(at, slot, np.uint64(1), np.uint64(2), 2, 2, 3, 21) == first
    assert _bucket_lookup(at, slot, np.uint64(1), np.uint64(2)) == (3, 2, 2, 21)
    _bucket_store(at, slot, np.uint64(5), np.uint64(6), 1, 1, 7, 22)     # replaces the depth-3 entry
    assert _bucket_lookup(at, slot, np.uint64(1), np.uint64(2))[0] == -1
    assert _bucket_lookup(at, slot, np.uint64(3), np.uint64(4))[0] == 9
    assert _bucket_lookup(at, slot, np.uint64(2), np.uint64(1))[0] == -1


@given(st.integers(-negamax.WIN, negamax.WIN), st.integers(0, 200))
def test_the_kernels_keep_scores_by_distance_as_negamax_does(score, ply):
    stored = ttable.to_table(score, ply)
    assert stored == negamax.to_table(score, ply)
    assert ttable.from_table(stored, ply) == negamax.from_table(stored, ply) == score


def test_a_window_is_settled_only_by_a_bound_on_its_side():
    assert ttable.bound_of(3, 3, 9) == ttable.UPPER and ttable.bound_of(9, 3, 9) == ttable.LOWER
    assert ttable.bound_of(5, 3, 9) == ttable.EXACT
    assert ttable.settles(ttable.LOWER, 9, 3, 9) and not ttable.settles(ttable.LOWER, 8, 3, 9)
    assert ttable.settles(ttable.UPPER, 3, 3, 9) and not ttable.settles(ttable.UPPER, 4, 3, 9)


def test_the_kernel_clock_is_read_only_on_its_beat():
    past = ttable.clock() - 1.0
    assert _time_up(1024, 1023, past)
    assert not _time_up(1025, 1023, past)
    assert not _time_up(1024, 1023, ttable.clock() + 60.0)
