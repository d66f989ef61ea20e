"""The arena's statistics: Elo with error bars, LOS, and the SPRT, as engine testers compute them.

Pure functions of counts, no I/O. Two-seat games come in colour-swapped pairs
from one opening; a pair's result for side A is one of five (0, ½, 1, 1½, 2
points: the *pentanomial* counts LL, LD, DD-or-WL, WD, WW). The two games of a
pair are not independent (the opening favours one colour), so the variance is
taken over pairs: the trinomial W/D/L variance of single games overstates how
sure a result is when openings are unbalanced, and is shown beside only for
comparison, as fastchess and Fishtest do.

Elo here is *logistic* Elo: a score ``s`` is ``400·log10(s / (1 - s))`` Elo. The
95% interval is the normal interval of the mean score turned into Elo; LOS
(likelihood of superiority) is the normal probability that the true score is
above ½.

The SPRT is the generalised SPRT of Fishtest and fastchess on the pentanomial
counts (Michel Van den Bergh, "Comments on Normalized Elo"): the log-likelihood
ratio of the maximum-likelihood pentanomial distributions whose Elo is
``elo1`` and ``elo0``, under either model: ``normalized`` (the default, as in
fastchess and Fishtest: Elo per unit of the pair score's standard deviation,
so a bound means the same whatever the draw rate) or ``logistic``. A count of
zero counts as 0.001, as fastchess does, so no probability is zero.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from statistics import NormalDist
from typing import Sequence

#: The points of a pair, for side A, in the order of the pentanomial counts (scaled to 0..1).
PAIR_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: The z of a two-sided 95% interval.
Z95 = NormalDist().inv_cdf(0.975)
#: Normalized Elo per unit of t = (score - ½) / sd: 800 / ln 10.
NELO_PER_T = 800 / math.log(10)
#: A zero count, as the SPRT takes it (fastchess's regularisation).
ZERO_COUNT = 1e-3
MODELS = ("normalized", "logistic")


def score_to_elo(score: float) -> float:
    """Logistic Elo of a mean score (0..1); ±inf at 0 and 1."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return 400.0 * math.log10(score / (1.0 - score))


def elo_to_score(elo: float) -> float:
    """The expected score of a side ``elo`` logistic Elo stronger."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def pentanomial(scores: Sequence[float]) -> tuple[int, int, int, int, int]:
    """The pentanomial counts (LL, LD, DD+WL, WD, WW) of side A's per-game scores
    (1, ½ or 0), taken as pairs: games 1 and 2, 3 and 4...; an odd last game is left out."""
    counts = [0] * 5
    for first in range(0, len(scores) - 1, 2):
        counts[round(2 * (scores[first] + scores[first + 1]))] += 1
    return tuple(counts)  # type: ignore[return-value]


def trinomial(scores: Sequence[float]) -> tuple[int, int, int]:
    """(wins, draws, losses) of side A's per-game scores."""
    return (sum(1 for s in scores if s == 1.0), sum(1 for s in scores if s == 0.5),
            sum(1 for s in scores if s == 0.0))


@dataclass(frozen=True)
class EloEstimate:
    """A score turned into Elo with its 95% interval and LOS."""

    #: The mean score of side A per game (0..1).
    score: float
    elo: float
    low: float
    high: float
    los: float
    #: Normalized Elo (the score's distance from ½ in standard deviations of a pair, or of a game).
    nelo: float
    #: How many units (pairs or games) it rests on.
    count: int

    @property
    def error(self) -> float:
        """Half the interval's width: the ± of ``elo ± error`` (inf when a bound is)."""
        width = self.high - self.low
        return width / 2 if not math.isnan(width) else math.inf

    def text(self) -> str:
        """``'+52.5 ± 138.1 (95%: -77.0 to +199.3), LOS 78.8%, nElo +62.1'``."""
        if math.isinf(self.elo):
            return (f"{self.elo:+} (side A {'won' if self.elo > 0 else 'lost'} every point: no interval), "
                    f"LOS {self.los:.1%}")
        return (f"{self.elo:+.1f} ± {self.error:.1f} (95%: {self.low:+.1f} to {self.high:+.1f}), "
                f"LOS {self.los:.1%}, nElo {self.nelo:+.1f}")


def _estimate(points: Sequence[float], counts: Sequence[float], per_pair: bool) -> EloEstimate | None:
    total = sum(counts)
    if total == 0:
        return None
    probs = [c / total for c in counts]
    mean, variance = _mean_and_variance(points, probs)
    spread = math.sqrt(variance / total)
    if spread > 0:
        los = NormalDist().cdf((mean - 0.5) / spread)
        nelo = (mean - 0.5) / math.sqrt((2.0 if per_pair else 1.0) * variance) * NELO_PER_T
    else:
        los = 0.5 if mean == 0.5 else float(mean > 0.5)
        nelo = 0.0 if mean == 0.5 else math.copysign(math.inf, mean - 0.5)
    return EloEstimate(mean, score_to_elo(mean), score_to_elo(mean - Z95 * spread),
                       score_to_elo(mean + Z95 * spread), los, nelo, int(total))


def elo_of_pairs(counts: Sequence[int]) -> EloEstimate | None:
    """Elo of side A from the pentanomial counts (LL, LD, DD+WL, WD, WW); None without a pair."""
    return _estimate(PAIR_SCORES, counts, per_pair=True)


def elo_of_games(wins: int, draws: int, losses: int) -> EloEstimate | None:
    """Elo of side A from trinomial counts, each game taken alone; None without a game."""
    return _estimate((0.0, 0.5, 1.0), (losses, draws, wins), per_pair=False)


def _mean_and_variance(points: Sequence[float], probs: Sequence[float]) -> tuple[float, float]:
    mean = sum(a * p for a, p in zip(points, probs))
    return mean, sum(p * (a - mean) ** 2 for a, p in zip(points, probs))


@dataclass(frozen=True)
class Sprt:
    """A sequential probability ratio test of H0: Elo = ``elo0`` against H1: Elo = ``elo1``,
    with false-positive rate ``alpha`` and false-negative rate ``beta`` (see the module notes)."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05
    model: str = "normalized"

    def __post_init__(self) -> None:
        if not self.elo0 < self.elo1:
            raise ValueError(f"the SPRT's elo0 must be below its elo1, got elo0={self.elo0:g} elo1={self.elo1:g}")
        for name in ("alpha", "beta"):
            if not 0.0 < getattr(self, name) < 1.0:
                raise ValueError(f"the SPRT's {name} must be between 0 and 1, got {getattr(self, name):g}")
        if self.alpha + self.beta >= 1.0:
            raise ValueError("the SPRT's alpha and beta must add up to less than 1")
        if self.model not in MODELS:
            raise ValueError(f"the SPRT's model is one of {', '.join(MODELS)}, got {self.model!r}")

    @classmethod
    def parse(cls, words: Sequence[str]) -> "Sprt":
        """From ``['elo0=0', 'elo1=5', 'alpha=0.05', 'beta=0.05']`` (any left out take the
        defaults; ``model=logistic`` too); ``ValueError`` names a bad word."""
        fields: dict[str, float | str] = {}
        for word in words:
            name, sep, value = word.partition("=")
            if not sep or name not in ("elo0", "elo1", "alpha", "beta", "model"):
                raise ValueError(f"--sprt takes elo0=, elo1=, alpha=, beta= and model=; got {word!r}")
            if name == "model":
                fields[name] = value
                continue
            try:
                fields[name] = float(value)
            except ValueError:
                raise ValueError(f"--sprt {name} must be a number, got {value!r}") from None
            if not math.isfinite(fields[name]):
                raise ValueError(f"--sprt {name} must be a finite number, got {value!r}")
        return cls(**fields)  # type: ignore[arg-type]

    @property
    def lower(self) -> float:
        """The LLR at or below which H0 is accepted."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The LLR at or above which H1 is accepted."""
        return math.log((1.0 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        """The log-likelihood ratio of H1 to H0 given the pentanomial counts."""
        regular = [c if c > 0 else ZERO_COUNT for c in counts]
        total = sum(regular)
        probs = [c / total for c in regular]
        if self.model == "normalized":
            p0 = _mle_normalized(probs, math.sqrt(2.0) * self.elo0 / NELO_PER_T)
            p1 = _mle_normalized(probs, math.sqrt(2.0) * self.elo1 / NELO_PER_T)
        else:
            p0 = _mle_logistic(probs, elo_to_score(self.elo0))
            p1 = _mle_logistic(probs, elo_to_score(self.elo1))
        return total * sum(p * (math.log(b) - math.log(a)) for p, a, b in zip(probs, p0, p1))

    def verdict(self, llr: float) -> str | None:
        """``'H1'`` (accepted: the gain is at least elo1), ``'H0'`` (at most elo0), or None (go on)."""
        if llr >= self.upper:
            return "H1"
        if llr <= self.lower:
            return "H0"
        return None

    def text(self, llr: float) -> str:
        """``'LLR 1.23 (-2.94, 2.94) [0, 5] normalized'`` and the verdict, if there is one."""
        verdict = self.verdict(llr)
        return (f"LLR {llr:.2f} ({self.lower:.2f}, {self.upper:.2f}) [{self.elo0:g}, {self.elo1:g}] {self.model} Elo"
                + (f": {verdict} accepted" if verdict else ""))


def _root(f, low: float, high: float) -> float:
    """The root of ``f``, decreasing on the open interval (low, high) from +inf to -inf."""
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        if f(middle) > 0:
            low = middle
        else:
            high = middle
    return (low + high) / 2


def _tilted(probs: Sequence[float], phi: Sequence[float]) -> list[float]:
    """The distribution ``probs_i / (1 + θ·phi_i)``, θ chosen so that its mean of ``phi`` is 0 (and so it sums to 1)
    (the constrained maximum-likelihood step of Van den Bergh's proposition 1.1)."""
    theta = _root(lambda x: sum(p * f / (1.0 + x * f) for p, f in zip(probs, phi)),
                  -1.0 / max(phi), -1.0 / min(phi))
    return [p / (1.0 + theta * f) for p, f in zip(probs, phi)]


def _mle_logistic(probs: Sequence[float], score: float) -> list[float]:
    """The distribution over the pair scores nearest to ``probs`` (most likely) whose mean is ``score``."""
    return _tilted(probs, [a - score for a in PAIR_SCORES])


def _mle_normalized(probs: Sequence[float], t: float, tolerance: float = 1e-9) -> list[float]:
    """The most likely distribution over the pair scores with (mean - ½) / sd = ``t``:
    a fixed point, from the uniform distribution (Van den Bergh, section 4.1)."""
    p = [1.0 / len(PAIR_SCORES)] * len(PAIR_SCORES)
    for _ in range(10_000):
        mean, variance = _mean_and_variance(PAIR_SCORES, p)
        sd = math.sqrt(variance)
        phi = [a - 0.5 - 0.5 * t * sd * (1.0 + ((a - mean) / sd) ** 2) for a in PAIR_SCORES]
        new = _tilted(probs, phi)
        change = max(abs(x - y) for x, y in zip(new, p))
        p = new
        if change < tolerance:
            break
    return p
