"""Fitting the pattern weights: ridge least squares by conjugate gradients.

Each position has the same number of features (one per pattern placement,
and the constant: see ``reversi_patterns``), so a sample set is a
(positions, features per position) array of feature numbers and a target
per position. The fit solves ``(A'A + ridge I) w = A'y`` for one phase's
table, where ``A`` is the 0/1 matrix those numbers stand for; ``A`` is never
built: the products with it are two loops over the feature numbers. A
feature no position has keeps weight 0, and ``ridge`` pulls rarely seen ones
towards 0 instead of fitting their few positions exactly.
"""
from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _times(features: np.ndarray, w: np.ndarray, out: np.ndarray) -> None:
    """out = A w: each position's sum of its features' weights."""
    for i in range(features.shape[0]):
        total = 0.0
        for k in range(features.shape[1]):
            total += w[features[i, k]]
        out[i] = total


@njit(cache=True)
def _times_transposed(features: np.ndarray, r: np.ndarray, out: np.ndarray) -> None:
    """out = A' r: per feature, the sum of ``r`` over the positions that have it."""
    out[:] = 0.0
    for i in range(features.shape[0]):
        for k in range(features.shape[1]):
            out[features[i, k]] += r[i]


@njit(cache=True)
def _dot(a: np.ndarray, b: np.ndarray) -> float:
    """a . b (numba's ``@`` needs SciPy's BLAS, which the game does not ship)."""
    total = 0.0
    for i in range(a.shape[0]):
        total += a[i] * b[i]
    return total


@njit(cache=True)
def _conjugate_gradients(features: np.ndarray, targets: np.ndarray, size: int, ridge: float,
                         iterations: int, tolerance: float) -> np.ndarray:
    n = features.shape[0]
    w = np.zeros(size)
    fitted = np.zeros(n)
    rhs = np.zeros(size)
    _times_transposed(features, targets, rhs)
    residual = rhs.copy()                    # rhs - (A'A + ridge) w, with w = 0
    direction = residual.copy()
    product = np.zeros(size)
    rr = _dot(residual, residual)
    start = rr
    for _ in range(iterations):
        if rr <= tolerance * tolerance * start:
            break
        _times(features, direction, fitted)
        _times_transposed(features, fitted, product)
        product += ridge * direction
        step = rr / _dot(direction, product)
        w += step * direction
        residual -= step * product
        new_rr = _dot(residual, residual)
        direction = residual + (new_rr / rr) * direction
        rr = new_rr
    return w


def fit(features: np.ndarray, targets: np.ndarray, size: int, ridge: float = 1.0,
        iterations: int = 300, tolerance: float = 1e-6) -> np.ndarray:
    """The weights (``size`` of them) whose sums over each position's features
    best match ``targets`` in least squares, with a ``ridge`` penalty on their
    squares; conjugate gradients stop after ``iterations`` or once the
    residual has fallen by ``tolerance``."""
    features = np.ascontiguousarray(features, dtype=np.int64)
    targets = np.ascontiguousarray(targets, dtype=np.float64)
    if features.ndim != 2 or features.shape[0] != targets.shape[0]:
        raise ValueError(f"features {features.shape} and targets {targets.shape} do not match")
    if features.size and (features.min() < 0 or features.max() >= size):
        raise ValueError(f"feature numbers must lie in 0..{size - 1}")
    return _conjugate_gradients(features, targets, size, float(ridge), int(iterations), float(tolerance))


def predict(features: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """Each position's fitted value: the sum of its features' weights."""
    out = np.zeros(features.shape[0])
    _times(np.ascontiguousarray(features, dtype=np.int64), np.ascontiguousarray(weights, dtype=np.float64), out)
    return out
