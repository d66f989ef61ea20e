"""The numba searches' transposition tables and clock, written once for every kernel.

Every alpha-beta kernel keeps searched positions in a table reached by its
address (``search_state.load`` / ``store``: the recursion passes no array),
and a search with a deadline looks at the clock every so many nodes. What
they do alike is here:

* Scores and bounds, as ``negamax`` (the search in Python) writes them,
  compiled here: a win ``p`` plies from the root scores ``WIN - p`` (a loss
  the negation), evaluations stay inside ``WIN_BOUND``; the table keeps a
  decided score as the node itself gives it (``to_table``), so the entry
  holds wherever the position recurs, and ``from_table`` turns it back. A
  fail-soft node's result is ``EXACT``, a ``LOWER`` or an ``UPPER`` bound of
  its true score (``bound_of``); a stored one answers a node when it is deep
  enough and ``settles`` the node's window.
* Keyed entries (Connect Four's search, Gomoku's alpha-beta and threat
  search, Chinese Checkers'): a Zobrist key and one word packing the score,
  the best move, the depth and the bound (``pack``), ``ENTRY_WORDS`` int64
  per entry, the slot the key's low bits (``keyed_table``, ``probe``).
  ``keep_deeper`` replaces an entry only by one searched as deep or by
  another position; ``keep`` always.
* Buckets of positions stored whole (Reversi's midgame search and endgame
  solver): a position's two bitboards are its key, so a hit is never another
  position; two entries per bucket, ``BUCKET_ENTRY`` uint64 each: the
  bitboards and one word packing a lower and an upper bound, a depth and
  the best move (``pack_bounds``; the endgame's depth is the empties).
  ``bucket_find`` finds a position, ``bucket_victim`` the entry a new one
  takes: the shallower.
* The clock: ``clock()`` reads ``time.perf_counter`` from a kernel (a call
  back into Python, so ``time_up`` reads it only every ``every + 1`` counts).

Two tables differ, and say why where they are: the Connect Four solver's
(``connect4_solver``: one word per entry, so the table that stays in the
processor's cache holds twice as many), and ``negamax``'s, a dict, for a
search in Python over any game's keys, which imports no numba.
"""
from __future__ import annotations

import time

import numpy as np
from numba import njit, objmode

from bots.lib import negamax
from bots.lib.negamax import EXACT, LOWER, UPPER, WIN, WIN_BOUND  # noqa: F401 (the kernels' names for them)
from bots.lib.search_state import load, store

# -- scores and bounds ---------------------------------------------------------------------
_kernel = njit(cache=True, inline="always")
to_table = _kernel(negamax.to_table)
from_table = _kernel(negamax.from_table)
bound_of = _kernel(negamax.bound_of)
settles = _kernel(negamax.settles)


# -- keyed entries -------------------------------------------------------------------------
#: int64 words per entry: the key, then the packed word. Packed, from the low bits: the score
#: (32 bits), the best move plus 1 (20 bits), ``(depth + 1) << 2 | bound`` (12 bits), each signed,
#: so an empty entry is all zeros (``np.zeros`` maps its pages only when the search touches them).
ENTRY_WORDS = 2
_MOVE_SHIFT, _DEPTH_SHIFT = 32, 52


@njit(cache=True, inline="always")
def pack(value, move, depth, flag):
    """One word of a keyed entry: ``value`` within 32 bits, ``move`` from -1 within 20, ``depth``
    from -1 within 10, ``flag`` 2."""
    return ((np.int64(value) & 0xFFFFFFFF) | (((np.int64(move) + 1) & 0xFFFFF) << _MOVE_SHIFT)
            | ((((np.int64(depth) + 1) << 2) | flag) << _DEPTH_SHIFT))


#: What ``probe`` gives for a position not in the table: depth -1, no move (-1).
NO_ENTRY = np.int64(0)


def keyed_table(bits: int) -> np.ndarray:
    """An empty table of ``2 ** bits`` keyed entries (its slot mask: ``(1 << bits) - 1``)."""
    return np.zeros((1 << bits) * ENTRY_WORDS, np.int64)


@njit(cache=True, inline="always")
def value_of(word):
    return (word << 32) >> 32


@njit(cache=True, inline="always")
def move_of(word):
    return ((word << 12) >> 44) - 1


@njit(cache=True, inline="always")
def depth_of(word):
    return (word >> (_DEPTH_SHIFT + 2)) - 1


@njit(cache=True, inline="always")
def flag_of(word):
    return (word >> _DEPTH_SHIFT) & 3


@njit(cache=True, inline="always")
def probe(table_at, mask, key):
    """The packed word of ``key``'s entry in the keyed table at ``table_at``, else ``NO_ENTRY``.

    ``key`` is an int64 (a uint64 key converted) other than 0, the key of an empty entry."""
    entry = (key & mask) * ENTRY_WORDS
    if load(np.int64, table_at, entry) == key:
        return load(np.int64, table_at, entry + 1)
    return NO_ENTRY


@njit(cache=True, inline="always")
def keep(table_at, mask, key, word):
    """Put ``key``'s packed ``word`` in its slot, whatever the slot held."""
    entry = (key & mask) * ENTRY_WORDS
    store(np.int64, table_at, entry, key)
    store(np.int64, table_at, entry + 1, word)


@njit(cache=True, inline="always")
def keep_deeper(table_at, mask, key, depth, word):
    """``keep`` unless the slot holds ``key`` searched deeper than ``depth`` (depth-preferred)."""
    entry = (key & mask) * ENTRY_WORDS
    if load(np.int64, table_at, entry) != key or depth >= depth_of(load(np.int64, table_at, entry + 1)):
        store(np.int64, table_at, entry, key)
        store(np.int64, table_at, entry + 1, word)


# -- buckets of positions stored whole ---------------------------------------------------------
#: uint64 words per entry: the two bitboards, then the packed word. Packed, from the low bits: the
#: lower bound and the upper bound (16 bits each, offset by ``_BOUND_OFFSET``), the depth (8 bits),
#: the best move (8 bits).
BUCKET_ENTRY = 3
_BOUND_OFFSET = 32768
_U8 = np.uint64(0xFF)
_U16 = np.uint64(0xFFFF)


def bucket_table(bits: int) -> np.ndarray:
    """An empty table of ``2 ** bits`` entries in buckets of two (no position has two empty bitboards)."""
    return np.zeros((1 << bits, BUCKET_ENTRY), np.uint64)


@njit(cache=True, inline="always")
def pack_bounds(lower, upper, depth, move):
    return (np.uint64(lower + _BOUND_OFFSET) | (np.uint64(upper + _BOUND_OFFSET) << np.uint64(16))
            | (np.uint64(depth) << np.uint64(32)) | (np.uint64(move) << np.uint64(40)))


@njit(cache=True, inline="always")
def lower_of(word):
    return np.int64(word & _U16) - _BOUND_OFFSET


@njit(cache=True, inline="always")
def upper_of(word):
    return np.int64((word >> np.uint64(16)) & _U16) - _BOUND_OFFSET


@njit(cache=True, inline="always")
def bucket_depth(word):
    return np.int64((word >> np.uint64(32)) & _U8)


@njit(cache=True, inline="always")
def bucket_move(word):
    return np.int64((word >> np.uint64(40)) & _U8)


@njit(cache=True, inline="always")
def bucket_find(table_at, slot, own, opp):
    """The entry (its first word's index) of position ``(own, opp)`` in bucket ``slot`` (even), else -1."""
    for k in range(2):
        entry = (slot + k) * BUCKET_ENTRY
        if load(np.uint64, table_at, entry) == own and load(np.uint64, table_at, entry + 1) == opp:
            return entry
    return -1


@njit(cache=True, inline="always")
def bucket_word(table_at, entry):
    """The packed word of the entry starting at ``entry``."""
    return load(np.uint64, table_at, entry + 2)


@njit(cache=True, inline="always")
def bucket_victim(table_at, slot):
    """The entry of bucket ``slot`` a new position replaces: the shallower (the first if equal)."""
    first = slot * BUCKET_ENTRY
    second = first + BUCKET_ENTRY
    if bucket_depth(bucket_word(table_at, second)) < bucket_depth(bucket_word(table_at, first)):
        return second
    return first


@njit(cache=True, inline="always")
def bucket_put(table_at, entry, own, opp, word):
    """Write position ``(own, opp)`` and its packed ``word`` into the entry starting at ``entry``."""
    store(np.uint64, table_at, entry, own)
    store(np.uint64, table_at, entry + 1, opp)
    store(np.uint64, table_at, entry + 2, word)


# -- the clock -----------------------------------------------------------------------------------


@njit(cache=True)
def clock():
    """``time.perf_counter()`` from inside a kernel."""
    with objmode(now="float64"):
        now = time.perf_counter()
    return now


@njit(cache=True, inline="always")
def time_up(count, every, deadline):
    """Whether ``deadline`` (a ``clock()`` reading) has passed, looked at when ``count & every`` is 0
    (``every``: a power of two less one)."""
    return count & every == 0 and clock() > deadline
