"""Tweens: values that move from one number to another over time, with easing.

Every animation in the UI (a mark drawn in, a win line sweeping, a scene
sliding in) is a ``Tween`` advanced by ``update(dt)`` each frame; nothing
animates by counting frames, so speed is independent of the frame rate and
the player's animation-speed setting simply scales ``dt``.
"""
from __future__ import annotations

import math
from typing import Callable

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t ** 3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: a lively 'pop' for pieces appearing."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Falls and bounces twice: for pieces dropped under gravity."""
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def drop_bounce(rebound: float) -> Easing:
    """Falls from rest under gravity, hops back up ``rebound`` of the drop, hops once
    more a quarter as high and rests: for a disc dropped down a column.

    The fall is the parabola ``t**2`` (accelerating); each hop follows the same
    gravity, so it takes ``2 * sqrt(height)`` of the fall's time. The easing
    spreads the fall and both hops over [0, 1]; a caller that wants a
    physical fall gives a drop of ``d`` a duration ``~ sqrt(d) * drop_time(rebound)``.
    """
    rebound = max(0.0, rebound)
    first, second = rebound, rebound / 4
    total = drop_time(rebound)

    def ease(t: float) -> float:
        s = min(1.0, max(0.0, t)) * total
        if s <= 1.0:
            return s * s
        s -= 1.0
        for height in (first, second):
            rise = math.sqrt(height)
            if s <= 2 * rise:
                u = s - rise
                return 1.0 - (height - u * u)
            s -= 2 * rise
        return 1.0

    return ease


def drop_time(rebound: float) -> float:
    """How long ``drop_bounce(rebound)`` lasts, in units of the fall's own time."""
    return 1.0 + 3.0 * math.sqrt(max(0.0, rebound))


def pulse(t: float) -> float:
    """0 -> 1 -> 0 over one period: for glows that breathe."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * t)


class Tween:
    """A value going from ``start`` to ``end`` in ``duration`` seconds.

    ``delay`` holds the start back; ``value`` is ``start`` until then. A
    zero duration jumps straight to ``end`` (animations switched off).
    """

    def __init__(
        self,
        start: float,
        end: float,
        duration: float,
        easing: Easing = ease_out_cubic,
        delay: float = 0.0,
    ) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.easing = easing
        self.delay = max(0.0, delay)
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def finish(self) -> None:
        self.elapsed = self.delay + self.duration

    @property
    def progress(self) -> float:
        """Linear progress in [0, 1], before easing."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    @property
    def remaining(self) -> float:
        """Seconds (at normal speed) until the tween is done; 0 once it is."""
        return max(0.0, self.delay + self.duration - self.elapsed)

    @property
    def value(self) -> float:
        return self.start + (self.end - self.start) * self.easing(self.progress)
