"""Reversi pattern evaluation: weight tables over lines, edges and corners, by game phase.

The way Logistello and Edax judge a position: the board is read through a
fixed set of square groups ("patterns": each edge with its two X-squares,
each corner's 3x3 block and 2x5 blocks, rows and columns 2-4, every
diagonal of 4 or more squares), every configuration of a group (each square
empty, the mover's or the opponent's: a base-3 number) has a learnt weight,
so has each count of either side's legal moves (mobility, which no group of
squares sees), and a position is worth the sum of those weights plus a
constant, in a table chosen by how many squares are still empty. Symmetric groups (the
four edges, the eight 2x5 blocks...) share one table, with their squares
read in the same order relative to the board's rotation or reflection.

The weights are fitted by ``benchmarks/reversi_fit.py`` (least squares on
positions from our own self-play, labelled by exact endgame solves, then
corrected towards the values of our own depth-6 searches of later
self-play) and ship in ``assets/reversi_patterns.npz``. Values are in hundredths of a disc
of final disc difference for the side to move: ``pattern_eval_at`` returning
250 means "about 2.5 discs ahead at the end".
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np
from numba import njit

from game.paths import ASSETS_DIR
from bots.lib.reversi_board import legal_moves, legal_moves_inlined, lowest_bit_index, popcount
from bots.lib.search_state import address_of, load

WEIGHTS_PATH = ASSETS_DIR / "reversi_patterns.npz"
#: One table per band of empties: phase = min(empties, 59) // PHASE_WIDTH.
PHASE_WIDTH = 5
PHASES = 12


def _square(col: int, row: int) -> int:
    return row * 8 + col


#: Each pattern's squares as (col, row) on one side of the board, in reading order.
BASE_PATTERNS: dict[str, tuple[tuple[int, int], ...]] = {
    "edge+2x": tuple((c, 0) for c in range(8)) + ((1, 1), (6, 1)),
    "corner3x3": tuple((c, r) for r in range(3) for c in range(3)),
    "corner2x5": tuple((c, r) for r in range(2) for c in range(5)),
    "row2": tuple((c, 1) for c in range(8)),
    "row3": tuple((c, 2) for c in range(8)),
    "row4": tuple((c, 3) for c in range(8)),
    "diag8": tuple((i, i) for i in range(8)),
    "diag7": tuple((i, i + 1) for i in range(7)),
    "diag6": tuple((i, i + 2) for i in range(6)),
    "diag5": tuple((i, i + 3) for i in range(5)),
    "diag4": tuple((i, i + 4) for i in range(4)),
}


def _symmetries() -> list:
    """The eight rotations and reflections of the board, as maps of (col, row)."""
    maps = []
    for flip in (False, True):
        for turns in range(4):
            def apply(cell, flip=flip, turns=turns):
                c, r = cell
                if flip:
                    c = 7 - c
                for _ in range(turns):
                    c, r = 7 - r, c
                return c, r
            maps.append(apply)
    return maps


def _instances() -> list[tuple[str, tuple[int, ...]]]:
    """Every placement of every pattern on the board, each set of squares once."""
    seen: set[frozenset[int]] = set()
    placed = []
    for name, cells in BASE_PATTERNS.items():
        for apply in _symmetries():
            squares = tuple(_square(*apply(cell)) for cell in cells)
            if frozenset(squares) not in seen:
                seen.add(frozenset(squares))
                placed.append((name, squares))
    return placed


INSTANCES = _instances()
TYPE_NAMES = tuple(BASE_PATTERNS)
_TYPE_SIZE = np.array([3 ** len(BASE_PATTERNS[name]) for name in TYPE_NAMES], dtype=np.int64)
#: Where each pattern type's table starts in a phase's row of weights; the last entry is the constant.
TYPE_OFFSET = np.concatenate(([0], np.cumsum(_TYPE_SIZE)[:-1])).astype(np.int64)
#: One weight per count of the mover's legal moves, and of the opponent's (capped).
MOBILITY_CAP = 31
OWN_MOBILITY = int(_TYPE_SIZE.sum())
OPP_MOBILITY = OWN_MOBILITY + MOBILITY_CAP + 1
BIAS_FEATURE = OPP_MOBILITY + MOBILITY_CAP + 1
FEATURES = BIAS_FEATURE + 1
MAX_SQUARES = max(len(cells) for cells in BASE_PATTERNS.values())
#: Per placement: its squares (padded with -1), and the table offset of its type.
INSTANCE_SQUARES = np.full((len(INSTANCES), MAX_SQUARES), -1, dtype=np.int64)
INSTANCE_OFFSET = np.zeros(len(INSTANCES), dtype=np.int64)
for _n, (_name, _squares) in enumerate(INSTANCES):
    INSTANCE_SQUARES[_n, :len(_squares)] = _squares
    INSTANCE_OFFSET[_n] = TYPE_OFFSET[TYPE_NAMES.index(_name)]
#: Features a position has: one per placement, the two mobilities, and the constant.
FEATURES_PER_POSITION = len(INSTANCES) + 3


@njit(cache=True)
def phase_of(empties: int) -> int:
    """The weight table used with ``empties`` empty squares."""
    return min(empties, 59) // PHASE_WIDTH


@njit(cache=True, inline="always")
def _placement_feature(own: np.uint64, opp: np.uint64, n: int) -> int:
    """Placement ``n``'s feature: its table offset plus the base-3 number of its
    squares read in order (0 empty, 1 own, 2 opponent, first most significant)."""
    index = 0
    for k in range(MAX_SQUARES):
        square = INSTANCE_SQUARES[n, k]
        if square < 0:
            break
        shift = np.uint64(square)
        index = index * 3 + np.int64((own >> shift) & np.uint64(1)) + 2 * np.int64((opp >> shift) & np.uint64(1))
    return INSTANCE_OFFSET[n] + index


@njit(cache=True, inline="always")
def _mobility_features(own: np.uint64, opp: np.uint64) -> tuple[int, int]:
    """The features of the mover's and the opponent's numbers of legal moves."""
    mine = min(np.int64(popcount(legal_moves(own, opp))), MOBILITY_CAP)
    theirs = min(np.int64(popcount(legal_moves(opp, own))), MOBILITY_CAP)
    return OWN_MOBILITY + mine, OPP_MOBILITY + theirs


@njit(cache=True)
def features_into(own: np.uint64, opp: np.uint64, out: np.ndarray) -> None:
    """The feature numbers of a position (side to move owns ``own``) into ``out``:
    one per placement, then each side's mobility, then the constant."""
    placements = INSTANCE_SQUARES.shape[0]
    for n in range(placements):
        out[n] = _placement_feature(own, opp, n)
    out[placements], out[placements + 1] = _mobility_features(own, opp)
    out[placements + 2] = BIAS_FEATURE


@njit(cache=True)
def pattern_eval_at(own: np.uint64, opp: np.uint64, weights_at: np.uint64) -> int:
    """The position's value for the side to move (owning ``own``), in hundredths
    of a disc of final disc difference: the sum of its features' weights in the
    table of its phase. ``weights_at`` is the address (``weights_address``) of
    the flat int32 array of ``load_weights``: phase ``p``'s table starts at
    ``p * FEATURES``. A search holds the address, not the array, so that its
    recursion counts no references (``bots/lib/search_state.py``)."""
    base = phase_of(64 - popcount(own | opp)) * FEATURES
    mine, theirs = _mobility_features(own, opp)
    total = (np.int64(load(np.int32, weights_at, base + BIAS_FEATURE)) + load(np.int32, weights_at, base + mine)
             + load(np.int32, weights_at, base + theirs))
    for n in range(INSTANCE_SQUARES.shape[0]):
        total += load(np.int32, weights_at, base + _placement_feature(own, opp, n))
    return total


# -- indices kept by a search ------------------------------------------------------------------
# A search keeps each placement's feature (``features_into`` of its root, read with the root's mover
# as "own") and, for each move, makes the child's from the parent's by the squares the move changes,
# as Edax does: a move touches about twenty of the 46 indices where a full reading looks at 356
# squares, and taking a move back is going back to the parent's row. Both sides' positions are
# read in the root mover's view, so a node whose mover is the root's opponent looks its indices up
# in ``both_views``' second copy of the tables, whose entries have each square's 1 and 2 (own,
# opponent) swapped. The copies are int16, as the fitted file keeps them: half the cache.

PLACEMENTS = len(INSTANCES)


def _square_values() -> np.ndarray:
    """``[square, n]``: the square's place value in placement ``n`` (3 ** the number of squares read
    after it), 0 where the placement does not hold it."""
    values = np.zeros((64, PLACEMENTS), dtype=np.int32)
    for n, (_, squares) in enumerate(INSTANCES):
        for k, square in enumerate(squares):
            values[square, n] = 3 ** (len(squares) - 1 - k)
    return values


#: A move changes every index by a multiple of these rows, one per square it changes: whole rows
#: of fixed length, which the compiler turns into a few vector additions without a branch.
SQUARE_VALUES = _square_values()


@njit(cache=True, inline="always")
def move_indices(parent: np.ndarray, child: np.ndarray, square: int, turned: np.uint64, second: int) -> None:
    """The placements' indices (root mover's view) after a move on ``square`` turning ``turned``, into
    ``child``, from the position's ``parent``. ``second`` is 1 when the mover is the root's opponent
    (its discs are read as 2), else 0."""
    placed = np.int32(1 + second)          # the square: empty (0) to the mover's digit
    turn = np.int32(2 * second - 1)        # each turned disc: the other digit to the mover's (2 to 1, 1 to 2)
    for n in range(PLACEMENTS):
        child[n] = parent[n] + placed * SQUARE_VALUES[square, n]
    while turned:
        at = lowest_bit_index(turned)
        turned &= turned - np.uint64(1)
        for n in range(PLACEMENTS):
            child[n] += turn * SQUARE_VALUES[at, n]


@njit(cache=True, inline="always")
def indexed_eval_at(indices: np.ndarray, own: np.uint64, opp: np.uint64, own_moves: np.uint64, view: int,
                    weights_at: np.uint64) -> int:
    """``pattern_eval_at`` from a search's kept ``indices``: ``own_moves`` are the mover's legal
    moves, ``view`` 0 when the mover is the root's mover (the tables as fitted), 1 when it is the
    other side (the swapped copy); ``weights_at`` is the address of ``both_views``' array."""
    base = (view * PHASES + phase_of(64 - popcount(own | opp))) * FEATURES
    mine = OWN_MOBILITY + min(np.int64(popcount(own_moves)), MOBILITY_CAP)
    theirs = OPP_MOBILITY + min(np.int64(popcount(legal_moves_inlined(opp, own))), MOBILITY_CAP)
    total = (np.int64(load(np.int16, weights_at, base + BIAS_FEATURE)) + load(np.int16, weights_at, base + mine)
             + load(np.int16, weights_at, base + theirs))
    for n in range(PLACEMENTS):
        total += load(np.int16, weights_at, base + indices[n])
    return total


def _swapped_digits(length: int) -> np.ndarray:
    """For each base-3 number of ``length`` digits, the number with its 1s and 2s swapped."""
    numbers = np.arange(3 ** length)
    swapped = np.zeros_like(numbers)
    for k in range(length):
        digit = numbers // 3 ** k % 3
        swapped += np.where(digit == 0, 0, 3 - digit) * 3 ** k
    return swapped


def both_views(weights: np.ndarray) -> np.ndarray:
    """The flat int32 tables ``weights`` (``load_weights``' layout), then the same tables read from the
    other side: each pattern entry at the index with 1s and 2s swapped (mobility and constant as they
    are), for ``indexed_eval_at``: one flat int16 array (the fitted file's type); ``ValueError`` if a
    weight does not fit in it."""
    tables = np.asarray(weights, dtype=np.int32)[:PHASES * FEATURES].reshape(PHASES, FEATURES)
    if tables.size and (tables.min() < -32768 or tables.max() > 32767):
        raise ValueError(f"pattern weights from {tables.min()} to {tables.max()} do not fit in int16")
    swapped = tables.copy()
    for name, offset in zip(TYPE_NAMES, TYPE_OFFSET):
        length = len(BASE_PATTERNS[name])
        swapped[:, offset:offset + 3 ** length] = tables[:, offset + _swapped_digits(length)]
    return np.concatenate([tables, swapped]).reshape(-1).astype(np.int16)


def features(own: int, opp: int) -> np.ndarray:
    """The feature numbers of one position (Python ints in), for fitting and tests."""
    out = np.zeros(FEATURES_PER_POSITION, dtype=np.int64)
    features_into(np.uint64(own), np.uint64(opp), out)
    return out


def weights_address(weights: np.ndarray, size: int, dtype: type = np.int32) -> np.uint64:
    """The address of a flat weights array of ``dtype`` of at least ``size`` values, for the kernels that
    read weights by address; ``ValueError`` naming the array's type and shape if it is not one."""
    if not isinstance(weights, np.ndarray) or weights.dtype != dtype or weights.ndim != 1 or weights.size < size:
        raise ValueError(f"weights must be a flat {np.dtype(dtype).name} array of at least {size} values, got "
                         f"{getattr(weights, 'dtype', type(weights).__name__)} of shape {np.shape(weights)}")
    return np.uint64(address_of(weights))


def evaluate(own: int, opp: int, weights: np.ndarray) -> int:
    """``pattern_eval_at`` from Python ints over the flat int32 ``weights``: hundredths of a disc for the
    side to move."""
    return int(pattern_eval_at(np.uint64(own), np.uint64(opp), weights_address(weights, PHASES * FEATURES)))


@lru_cache(maxsize=2)
def load_weights(path: Path = WEIGHTS_PATH) -> np.ndarray:
    """The fitted tables as one flat int32 array, phase by phase (what
    ``pattern_eval_at`` reads); ``FileNotFoundError`` or ``ValueError`` naming the
    file if it is missing or of another shape."""
    with np.load(path) as data:
        weights = data["weights"]
    if weights.shape != (PHASES, FEATURES):
        raise ValueError(f"{path}: pattern weights of shape {weights.shape}, expected {(PHASES, FEATURES)} "
                         "(rebuild it with benchmarks/reversi_fit.py)")
    return np.ascontiguousarray(weights, dtype=np.int32).reshape(-1)


@lru_cache(maxsize=2)
def load_views(path: Path = WEIGHTS_PATH) -> np.ndarray:
    """``both_views`` of ``load_weights(path)``: what a pattern search reads (made once per file)."""
    return both_views(load_weights(path))


def save_weights(weights: np.ndarray, path: Path = WEIGHTS_PATH, **info: object) -> None:
    """Write the tables, (PHASES, FEATURES), as int16 hundredths of a disc (compressed), with ``info``
    (how they were fitted) beside them; written to a temporary file, then renamed."""
    clipped = np.clip(np.rint(weights), -32768, 32767).astype(np.int16)
    temporary = path.with_name(path.name + ".tmp.npz")
    np.savez_compressed(temporary, weights=clipped, **{k: np.asarray(v) for k, v in info.items()})
    temporary.replace(path)
