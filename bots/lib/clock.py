"""A move's thinking time: how much of the budget to use, and when a search must stop.

Every search bot takes its clock from here. ``Deadline.for_move`` turns the
budget the arcade gives a move into the seconds the bot may think (a share
of it: the rest covers the worker process's overhead); a deadline can be
split (``part``: the first half of the time for a proof...) or what is left
of it handed on (``rest``). A deadline reads ``time.perf_counter`` unless
it is given another clock, so a test can drive a search with a fake one.

A search that reads the clock itself (plain Python, or a numba kernel
given ``deadline.at``) stops when the deadline passes. A numba kernel that
counts nodes instead of reading the clock is given a node limit:
``NodeRate`` turns the time left into nodes at the speed measured so far,
and ``within`` runs a search that is either finished by a deadline or
abandoned.

The time policy around a move is here too, so that its parts agree: a bot
worker still thinking ``grace_for(budget)`` past its budget is stopped (the
runner); an engine program is told ``engine_time(budget)`` of it; its
protocol client waits ``answer_wait`` for the answer, ending early enough that
a missing one is reported by the bot itself before its worker is stopped.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Callable, TypeVar

T = TypeVar("T")
Clock = Callable[[], float]

#: The share of a move's budget an engine program is told it has (``ExternalEngine``): the rest
#: covers the pipes, the client's wait and the worker, so an engine that keeps to its time is
#: never stopped by the runner for answering a moment late.
ENGINE_SHARE = 0.8


def grace_for(budget: float) -> float:
    """Seconds a bot's answer may come after its ``budget`` (process overhead and jitter): a bot
    worker still thinking past both is stopped."""
    return max(0.5, 0.25 * budget)


def engine_time(budget: float) -> float:
    """The seconds an engine program is told it has for a move of ``budget`` seconds."""
    return budget * ENGINE_SHARE


def answer_wait(told: float) -> float:
    """Seconds a protocol client waits for the answer of an engine told it has ``told`` seconds:
    the whole budget of the move (``told / ENGINE_SHARE``) and a quarter of its grace, so a late
    answer is still taken and three quarters of the grace (0.375 s at least) are left for the bot
    to report a missing one before its worker is stopped, on a busy machine too."""
    budget = told / ENGINE_SHARE
    return budget + grace_for(budget) / 4


@dataclass(frozen=True)
class Deadline:
    """``seconds`` from ``start``, both on ``clock`` (seconds, ``time.perf_counter`` by default)."""

    start: float
    seconds: float
    clock: Clock = field(default=time.perf_counter, compare=False)

    @classmethod
    def after(cls, seconds: float, clock: Clock = time.perf_counter) -> "Deadline":
        """The deadline ``seconds`` from now."""
        return cls(clock(), seconds, clock)

    @classmethod
    def for_move(cls, budget: float, share: float, most: float = math.inf, least: float = 0.0,
                 clock: Clock = time.perf_counter) -> "Deadline":
        """The deadline of a move given ``budget`` seconds: ``share`` of the budget, but no more
        than ``most`` and no less than ``least`` seconds."""
        return cls.after(max(least, min(most, budget * share)), clock)

    @property
    def at(self) -> float:
        """The clock's reading at the deadline."""
        return self.start + self.seconds

    def elapsed(self) -> float:
        return self.clock() - self.start

    def left(self) -> float:
        """Seconds until the deadline (negative once it has passed)."""
        return self.at - self.clock()

    def passed(self) -> bool:
        return self.clock() >= self.at

    def part(self, fraction: float) -> "Deadline":
        """The deadline ``fraction`` of the way from this one's start to its end."""
        return Deadline(self.start, self.seconds * fraction, self.clock)

    def rest(self, fraction: float, least: float = 0.0) -> "Deadline":
        """A deadline from now: ``fraction`` of the time left, but at least ``least`` seconds."""
        return Deadline.after(max(least, self.left() * fraction), self.clock)


class NodeRate:
    """A search's speed in nodes per second, to give a kernel that counts nodes a limit for the time left.

    Until a search of more than ``measure_from`` nodes has been timed the
    speed is ``first_guess``; a limit is never below ``least`` nodes.
    """

    def __init__(self, first_guess: float, least: int = 1000, measure_from: int = 5000) -> None:
        self.per_second = first_guess
        self.least = least
        self.measure_from = measure_from

    def nodes_for(self, seconds: float) -> int:
        """How many nodes fit in ``seconds`` at the speed measured so far."""
        return max(self.least, int(self.per_second * seconds))

    def record(self, nodes: int, seconds: float) -> None:
        """Note that a search visited ``nodes`` in ``seconds``."""
        if nodes > self.measure_from and seconds > 0:
            self.per_second = nodes / seconds


def within(deadline: Deadline, search: Callable[[int], T], first_try: int, aborted: type[Exception]) -> T:
    """``search(node_limit)`` if it can finish by ``deadline``, else the ``aborted`` exception.

    ``search`` raises ``aborted`` when it reaches its node limit. A first
    try of ``first_try`` nodes measures the speed of this search; the second
    gets the nodes the time left allows at that speed. A search whose table
    keeps what the first try stored does not repeat that work in the second.
    """
    begun = deadline.clock()
    try:
        return search(first_try)
    except aborted:
        pass
    now = deadline.clock()
    if now >= deadline.at:
        raise aborted("no time left")
    rate = first_try / max(now - begun, 1e-6)
    return search(max(1, int(rate * (deadline.at - now))))
