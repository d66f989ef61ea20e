"""The statistics behind Reversi Master's selective search, measured and shipped in ``assets/``.

``benchmarks/reversi_probcut.py`` measures, per depth and band of empties,
how far the pattern search's value at a depth strays from its value at the
shallow depth that stands in for it (``reversi_search.shallow_depth``): the
mean and standard deviation in centi-discs. ``MidgameSearch.select`` takes
them with a confidence to cut on.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import numpy as np

from game.paths import ASSETS_DIR
from bots.lib.reversi_search import CUT_BANDS, CUT_DEPTHS

CUT_PATH = ASSETS_DIR / "reversi_probcut.npz"


@lru_cache(maxsize=4)
def load_cut(path: Path = CUT_PATH) -> tuple[np.ndarray, np.ndarray]:
    """``(mean, sigma)`` from ``path``, each ``(CUT_DEPTHS, CUT_BANDS)`` int64 centi-discs.

    Raises ``ValueError`` naming the file when it is not such a table (a file from an older
    layout, or damaged)."""
    try:
        with np.load(path) as table:
            mean, sigma = np.asarray(table["mean"], dtype=np.int64), np.asarray(table["sigma"], dtype=np.int64)
    except (OSError, KeyError, ValueError) as err:
        raise ValueError(f"{path}: not a table of Reversi Master's search statistics ({err})") from None
    if mean.shape != (CUT_DEPTHS, CUT_BANDS) or sigma.shape != mean.shape or (sigma < 0).any():
        raise ValueError(f"{path}: expected mean and sigma of shape {(CUT_DEPTHS, CUT_BANDS)}, sigma not negative; "
                         f"found {mean.shape} and {sigma.shape}")
    return mean, sigma
