"""A numba search's state in one place: raw loads and stores by address, and the reference-count check."""
from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from bots.lib.search_state import address_of, load, refcount_calls, store


@njit
def _copy_reversed(source_at, target_at, n):
    for i in range(n):
        store(np.uint8, target_at, n - 1 - i, load(np.uint8, source_at, i))


@njit
def _add_to_words(address, n, amount):
    for i in range(n):
        store(np.uint64, address, i, load(np.uint64, address, i) + amount)


def test_loads_and_stores_by_address_read_and_write_the_arrays_themselves():
    source = np.arange(7, dtype=np.uint8)
    target = np.zeros(7, dtype=np.uint8)
    _copy_reversed(address_of(source), address_of(target), 7)
    assert target.tolist() == [6, 5, 4, 3, 2, 1, 0]
    words = np.array([0, 2**63, 5], dtype=np.uint64)
    _add_to_words(address_of(words), 3, np.uint64(1))
    assert words.tolist() == [1, 2**63 + 1, 6]


def test_a_strided_view_has_no_address_to_index():
    with pytest.raises(ValueError, match=r"\(4,\).*not C-contiguous"):
        address_of(np.zeros(8)[::2])


_RECORD = np.dtype([("nodes", np.int64), ("seen", np.int64, (8,))])


@njit
def _count_threading_arrays(depth, counts, seen):
    counts[0] += 1
    if depth > 0:
        seen[depth] = depth
        _count_threading_arrays(depth - 1, counts, seen)


@njit
def _count_in_a_record(depth, state):
    state.nodes += 1
    if depth > 0:
        state.seen[depth] = depth
        _count_in_a_record(depth - 1, state)


@njit
def _count_from_python(state, depth):
    _count_in_a_record(depth, state[0])


def test_a_recursion_passing_arrays_counts_references_and_one_passing_a_record_does_not():
    counts, seen = np.zeros(1, np.int64), np.zeros(8, np.int64)
    _count_threading_arrays(5, counts, seen)
    state = np.zeros(1, _RECORD)
    _count_from_python(state, 5)
    assert state[0]["nodes"] == counts[0] == 6 and state[0]["seen"].tolist() == seen.tolist()
    assert refcount_calls(_count_threading_arrays) > 0
    assert refcount_calls(_count_in_a_record) == 0
    assert refcount_calls(_count_in_a_record, 5, state[0]) == 0


def test_a_function_never_compiled_cannot_be_inspected():
    @njit
    def never_called(x):
        return x

    with pytest.raises(ValueError, match="never_called has not been compiled yet: give example arguments"):
        refcount_calls(never_called)
