"""Iterative deepening, written once: one ply deeper at a time until the deadline.

A bot's search of one move is a function ``search(depth, deadline)`` that
looks ``depth`` plies ahead and returns an ``Iteration`` (the depth, the
score and the best move), or ``None`` when the deadline cut it off before
it had a sound answer. ``deepen`` calls it at depth 1, 2, 3... and yields
each finished depth, as sunfish's search does: a generator, so the caller
holds the clock and may stop whenever it likes, and its answer is the last
iteration it received (``deepest`` takes it). Each depth reuses what the
last one stored (a transposition table, the best move tried first), so
the shallow depths cost little and order the deep one.

``deepen`` itself stops

* once ``start_before`` of the time has gone: the next depth usually takes
  several times the last, so one begun late would not finish (1.0: start
  a depth while any time is left). The first depth always starts: a move
  needs an answer, and a search cut off at once returns ``None``;
* at a proven result (``Iteration.proven``: a forced win or loss, which no
  deeper search changes);
* after a depth the deadline cut off whose search still had a sound answer
  (``Iteration.complete`` false: of the moves it finished, the best beat
  the last depth's best).

The search may be plain Python that checks ``deadline.passed()`` every few
hundred nodes, or one call into a numba kernel per depth that gets the
deadline as a time to read (``deadline.at``) or as a node limit
(``clock.NodeRate``): either way it crosses into numba once per depth, not
once per node.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Mapping

from game.rules.core import Move
from bots.lib.clock import Deadline


@dataclass(frozen=True)
class Iteration:
    """What a search to ``depth`` plies found: the best ``move`` and its ``score`` for the side to move.

    ``nodes`` counts every node searched for this move so far (all depths).
    ``values`` holds each root move's score where the search gives them.
    """

    depth: int
    score: int
    move: Move
    nodes: int = 0
    proven: bool = False
    complete: bool = True
    values: Mapping[Move, int] | None = None


Search = Callable[[int, Deadline], "Iteration | None"]


def deepen(search: Search, deadline: Deadline, max_depth: int, start_before: float = 1.0) -> Iterator[Iteration]:
    """``search`` at depth 1, 2, ... ``max_depth``, yielding each finished depth; see the module notes."""
    for depth in range(1, max_depth + 1):
        if depth > 1 and deadline.elapsed() >= start_before * deadline.seconds:
            return
        found = search(depth, deadline)
        if found is None:
            return
        yield found
        if found.proven or not found.complete:
            return


def deepest(iterations: Iterable[Iteration]) -> Iteration | None:
    """The last of ``iterations`` (the deepest search), or ``None`` if there was none."""
    last = None
    for last in iterations:
        pass
    return last
