"""The depth to ask of an engine that searches to a depth and ignores the clock, from its measured times.

An NBoard engine such as Edax searches to the depth ``set depth`` gives it,
however long that takes: the protocol has no time per move it must keep.
``DepthTiming`` keeps one engine's times and picks, for each request, the
deepest depth predicted to answer within a share (``SHARE``) of the seconds
the engine is told it has, so the answer comes in time:

* a search of depth ``d`` in a position of ``e`` empty squares is a midgame
  search when ``e`` is more than ``2 d + END_REACH``; otherwise it may reach the
  end of the game (Edax at level ``d`` solves from ``2 d`` empties at low levels
  and from up to 30 at high ones), and it is timed as a solve of ``e`` empties;
* a midgame depth costs the longest of its last ``KEPT`` searches (the same
  depth takes many times longer in some positions than in others: Edax's
  searches at one depth vary tenfold between the opening and the midgame), and
  no less than the next shallower depth timed costs typically (the median of
  its searches, once there are ``TYPICAL_FROM``: a single slow answer may be
  the machine's load, not the search) times the branching ratio for each depth
  between; a depth not timed yet costs the deepest shallower depth's typical
  time, times the ratio for each depth between, times ``UNSURE``; never more
  than ``RAMP`` depths past the deepest one timed are asked, so a prediction is
  never a long extrapolation. A depth that once took more than the share is
  not asked again: no later search of that depth comes to push its time out,
  so a depth found too deep stays too deep;
* the branching ratio is measured where it can be: between two requests one
  after the other (positions two plies apart) whose depths differ by one, the
  deeper one's time over the shallower one's, the median of the last ``KEPT``
  (``RATIO`` until measured; times under ``NOISE`` are not used: they are
  mostly the pipes' and the machine's);
* a solve of ``e`` empties costs the longest solve timed at ``e`` empties,
  else the quickest timed at more (fewer empties are no slower), else the solve
  timed at the most empties below ``e`` times ``SOLVE_RATIO`` an empty (so solves
  are asked a few empties earlier game by game); with no solve timed, a
  solve is asked only from ``SURE_SOLVE`` empties, which any engine solves at once;
* a search that overran its time counts as having taken all the seconds it was
  waited for: the same request now costs more than the share, so the next one
  asks less (the engine is restarted after an overrun: the caller keeps this
  object, not the engine's process, so the lesson outlives the restart);
* a forced move (one legal move) says nothing of the depth and is not timed.

Every figure is the engine's own, measured in this run: nothing is assumed of
its speed beyond ``RATIO`` and ``SOLVE_RATIO``, the first guesses that the
measurements replace.
"""
from __future__ import annotations

import math
import statistics
from collections import deque

#: NBoard's deepest level (Edax's ``set depth`` takes 0 to 60).
MAX_DEPTH = 60
#: The share of the told seconds a request is predicted to take at most.
SHARE = 0.5
#: Midgame searches kept per depth (its cost is the longest of them), and branching ratios measured.
KEPT = 16
#: Searches of a depth needed before their median is its typical time for the depth below's floor.
TYPICAL_FROM = 3
#: Depths past the deepest one timed that a request may ask.
RAMP = 1
#: How many times its extrapolated typical time a depth not timed yet is taken to cost.
UNSURE = 2.0
#: The branching ratio between depths until it is measured, and the bounds of a measured one.
RATIO, LEAST_RATIO, MOST_RATIO = 3.0, 1.5, 10.0
#: A solve one empty larger is taken to cost this many times more until solves are timed at both sizes.
SOLVE_RATIO = 3.0
#: The empties a search of depth ``d`` reaches the end of the game from: ``2 d + END_REACH``.
END_REACH = 4
#: With no solve timed yet, solves are asked from this many empties (any engine solves them at once).
SURE_SOLVE = 14
#: Seconds below which a time is the pipes' noise, not the search's (ratios are measured above it).
NOISE = 0.02


def reaches_end(depth: int, empties: int) -> bool:
    """Whether a search of ``depth`` in a position of ``empties`` empty squares may go to the game's end."""
    return empties <= 2 * depth + END_REACH


class DepthTiming:
    """One engine's measured times, and the depth each request asks (see the module's docstring).

    ``deepest`` is the deepest depth ever asked (a player's ``depth`` setting;
    ``MAX_DEPTH`` when none)."""

    def __init__(self, deepest: int = MAX_DEPTH) -> None:
        if not 1 <= deepest <= MAX_DEPTH:
            raise ValueError(f"the deepest depth must be 1 to {MAX_DEPTH}, got {deepest}")
        self.deepest = deepest
        self._kept: dict[int, deque[float]] = {}
        self._ratios: deque[float] = deque(maxlen=KEPT)
        self._last: tuple[int, int, float] | None = None
        self._solves: dict[int, float] = {}

    def choose(self, told: float, empties: int) -> int:
        """The deepest depth predicted to answer within ``SHARE`` of ``told`` seconds at ``empties``
        empties (1 when none is: the shallowest search is the best there is). When the solve of the
        position fits, that is ``deepest``: every depth that reaches the end is the same solve."""
        target = told * SHARE
        to_end = max(1, math.ceil((empties - END_REACH) / 2))
        if to_end <= self.deepest:
            cost = self._solve_cost(empties)
            if cost is not None and cost <= target:
                return self.deepest
        best = 1
        for depth in range(1, min(to_end, self.deepest + 1)):
            cost = self._midgame_cost(depth)
            if cost is None or cost > target:
                break
            best = depth
        return best

    def record(self, depth: int, empties: int, seconds: float) -> None:
        """A search of ``depth`` at ``empties`` empties answered in ``seconds``."""
        if reaches_end(depth, empties):
            self._solves[empties] = max(seconds, self._solves.get(empties, 0.0))
            self._last = None
            return
        self._kept.setdefault(depth, deque(maxlen=KEPT)).append(seconds)
        if self._last is not None:
            last_depth, last_empties, last_seconds = self._last
            neighbours = abs(depth - last_depth) == 1 and abs(empties - last_empties) <= 2
            if neighbours and min(seconds, last_seconds) > NOISE:
                deeper, shallower = (seconds, last_seconds) if depth > last_depth else (last_seconds, seconds)
                self._ratios.append(deeper / shallower)
        self._last = (depth, empties, seconds)

    def overran(self, depth: int, empties: int, waited: float) -> None:
        """A search of ``depth`` at ``empties`` empties gave no answer in ``waited`` seconds."""
        self.record(depth, empties, waited)

    # -- predictions -------------------------------------------------------------------------
    def _midgame_cost(self, depth: int) -> float | None:
        """Predicted seconds of a midgame search of ``depth``; None when it is too far past what was
        measured to be asked."""
        if not self._kept:
            return 0.0 if depth <= RAMP else None     # the first request: nothing is measured yet
        if depth - max(self._kept) > RAMP:
            return None
        ratio = self.ratio()
        timed = sorted(d for d in self._kept if d <= depth)
        if not timed:    # shallower than any depth timed: cheaper than the shallowest
            shallowest = min(self._kept)
            return max(self._kept[shallowest]) / ratio ** (shallowest - depth)
        deepest = timed[-1]
        typical = statistics.median(self._kept[deepest])
        if deepest < depth:
            return typical * ratio ** (depth - deepest) * UNSURE
        cost = max(self._kept[depth])
        if len(timed) > 1 and len(self._kept[timed[-2]]) >= TYPICAL_FROM:
            below = timed[-2]
            cost = max(cost, statistics.median(self._kept[below]) * ratio ** (depth - below))
        return cost

    def ratio(self) -> float:
        """The branching ratio between adjacent depths measured so far (``RATIO`` until measured)."""
        if not self._ratios:
            return RATIO
        return min(MOST_RATIO, max(LEAST_RATIO, statistics.median(self._ratios)))

    def _solve_cost(self, empties: int) -> float | None:
        """Predicted seconds of a solve of ``empties`` empties; None when none may be asked yet."""
        if empties in self._solves:
            return self._solves[empties]
        larger = [seconds for size, seconds in self._solves.items() if size > empties]
        if larger:
            return min(larger)
        smaller = [size for size in self._solves if size < empties]
        if smaller:
            size = max(smaller)
            return max(self._solves[size], NOISE) * SOLVE_RATIO ** (empties - size)
        return 0.0 if empties <= SURE_SOLVE else None
