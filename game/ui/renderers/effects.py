"""Animation effects every board shares: a refused pick's shake, the cursor's glide,
fades, pieces arriving, the outcome's sweep, pulses; and the marks they
animate that look the same on every board (the winning line's gold stroke, the
last move's ring, the backing of value labels).

Each effect is a small object made with its renderer (``Shake(self, ...)``)
that starts its tweens with ``Renderer.animate``: the player's animation
speed scales it, a blocking one keeps the renderer ``busy``, and ``reset``
and ``on_undo`` clear it (the renderer keeps a list of its effects). Reading
an effect that is not running gives its resting value, so drawing code never
asks whether it was started.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Hashable, Sequence

import numpy as np
import pygame

from game.rules.core import Outcome, State
from game.ui import palette
from game.ui.renderers import shapes
from game.ui.tween import Easing, Tween, ease_in_out_cubic, ease_out_cubic, linear, pulse

if TYPE_CHECKING:
    from game.ui.renderers.base import Renderer

Point = tuple[float, float]
#: The bright centre of a winning line's stroke.
WIN_CORE: palette.RGB = (255, 240, 200)
#: Where a glide can go: a point, or one coordinate (a column's x).
Place = float | tuple[float, ...]
#: The dark backing of labels written over a board (hint values, hole names).
LABEL_BACK: palette.RGB = (12, 14, 34)
#: How opaque that backing is: the board and the piece under a label barely show through.
LABEL_BACKING = 0.9
#: The inks written on that backing: the dark theme's, in every theme, since the backing is dark in every theme.
LABEL_INKS = palette.DARK
#: The smallest text written on a board, in pixels (a 9 px label could not be read).
MIN_LABEL_PX = 12
_MARKER: palette.RGB = (255, 250, 236)
_MARKER_SHADOW: palette.RGB = (6, 8, 22)


def label_ink(colour: palette.RGB) -> palette.RGB:
    """``colour`` lightened for text on the dark label backing (a dark red on black is
    hard to read): a quarter of the way to the labels' text colour."""
    return shapes.mix(colour, LABEL_INKS.text, 0.25)


def value_ink(score: float) -> palette.RGB:
    """The colour of a move's value written on the board: a win's green, a loss's red
    (both lightened for the dark backing, ``label_ink``), an even value muted."""
    if score > 0:
        return label_ink(LABEL_INKS.good)
    return label_ink(LABEL_INKS.bad) if score < 0 else LABEL_INKS.text_muted


#: The sign of an estimate said in words, by its last word.
ESTIMATE_SIGNS = {"ahead": "+", "behind": "−", "even": "=", "level": "=", "holds": "="}


#: A proven result's first word, and how the short form says it (a win or a loss in so many moves).
RESULT_SHORT = {"win": "win", "wins": "win", "won": "win", "loss": "loss", "loses": "loss", "lost": "loss"}
#: The threat searches that prove a win, by the words that name them ("by fours": continuous fours).
PROOF_SHORT = {"VCF": "VCF", "VCT": "VCT", "fours": "VCF"}


def short_value(content: str) -> str:
    """A value's words made short for a small cell, one reading for each kind of figure: an
    estimate marked ('about -6.5 (estimate)' -> '≈-6.5'; in words, its sign: 'slightly behind
    (estimate)' -> '≈−'), a win or loss in so many moves ('win in 3' -> 'win 3', 'loses in 4'
    -> 'loss 4'), one a threat search proved by its name ('wins in 5 by fours', 'wins by a VCF
    in 5' -> 'VCF 5'), a margin signed ('wins by 6' -> '+6', 'loses by 4' -> '−4'); the line
    after a colon left out, other words as they are. The label in full shows on hover."""
    words = content.partition(":")[0].replace("(", " ").replace(")", " ").split()
    place = next((at for at, w in enumerate(words) if any(ch.isdigit() for ch in w)), None)
    figure = "" if place is None else words[place].rstrip(",;")
    estimate = "estimate" in words or "about" in words
    if not figure:    # an estimate in words ('slightly ahead (estimate)'): its sign ('≈+')
        kept = [w for w in words if w != "estimate"]
        sign = ESTIMATE_SIGNS.get(kept[-1], "") if estimate and kept else ""
        return "≈" + sign if sign else content
    if estimate:
        return "≈" + figure.lstrip("≈~")
    lead = words[0] if place else ""
    result = RESULT_SHORT.get(lead)
    if result is None:
        return f"{lead} {figure}".strip()
    if words[place - 1] == "by":    # a margin ('wins by 6'), not a distance
        return f"{'+' if result == 'win' else '−'}{figure.lstrip('+-')}"
    proof = next((PROOF_SHORT[w] for w in words if w in PROOF_SHORT), None)
    return f"{proof} {figure}" if proof and result == "win" else f"{result} {figure}"


def beat(renderer: Renderer, period: float) -> float:
    """0 -> 1 -> 0 once every ``period`` seconds of the renderer's clock, for glows
    and rings that breathe; its swing eases to a steady 0.5 as the board comes to
    rest (``Renderer.liveliness``), and is a steady 0.5 with animations off."""
    if not renderer.animated:
        return 0.5
    renderer.beat_clock = renderer.clock
    return 0.5 + (pulse((renderer.clock % period) / period) - 0.5) * renderer.liveliness


class Effect:
    """Base of the effects: made with its renderer, which clears it on ``reset`` and ``on_undo``."""

    def __init__(self, renderer: Renderer) -> None:
        self.renderer = renderer
        renderer.add_effect(self)

    def clear(self) -> None:
        """Stop and forget: back to the resting value."""
        raise NotImplementedError(f"{type(self).__name__} does not implement clear")


class Shake(Effect):
    """A refused pick: its target (a cell, a column, a marble) shakes side to side and settles.

    ``swing`` is the first swing's size as a share of the ``size`` the board
    passes to ``offset`` (its cell, its hole spacing).
    """

    def __init__(self, renderer: Renderer, duration: float, swing: float) -> None:
        super().__init__(renderer)
        self.duration = duration
        self.swing = swing
        self._target: Hashable = None
        self._tween: Tween | None = None

    def start(self, target: Hashable) -> None:
        self._target = target
        self._tween = self.renderer.animate(0.0, 1.0, self.duration, linear, blocking=False)

    def clear(self) -> None:
        self._target, self._tween = None, None

    @property
    def target(self) -> Hashable:
        """What is shaking now, or ``None``."""
        return self._target if self._tween is not None and not self._tween.done else None

    def strength(self, target: Hashable) -> float:
        """How strongly ``target`` still shows the refusal: 1 at once, 0 when over (or not it)."""
        if self._tween is None or self._target != target or self._tween.done:
            return 0.0
        return 1.0 - self._tween.value

    def offset(self, target: Hashable, size: float) -> float:
        """How far ``target`` is pushed sideways now, in pixels (0 if it is not shaking)."""
        if self._tween is None or self._target != target or self._tween.done:
            return 0.0
        t = self._tween.value
        return size * self.swing * math.sin(t * 6 * math.pi) * (1 - t)


class Glide(Effect):
    """The keyboard cursor sliding to its new place instead of jumping there."""

    def __init__(self, renderer: Renderer, duration: float) -> None:
        super().__init__(renderer)
        self.duration = duration
        self._glide: tuple[Tween, Place, Place] | None = None

    def move(self, old: Place, new: Place) -> None:
        """The cursor went from resting at ``old`` to ``new``; a glide under way
        turns from where the cursor is drawn now."""
        start = self.position(old)
        self._glide = (self.renderer.animate(0.0, 1.0, self.duration, blocking=False), start, new)

    def clear(self) -> None:
        self._glide = None

    def position(self, resting: Place) -> Place:
        """Where to draw the cursor: on its way, else at ``resting`` (its place in the
        current layout)."""
        if self._glide is None or self._glide[0].done:
            return resting
        tween, start, end = self._glide
        t = tween.value
        if isinstance(start, tuple):
            return tuple(a + (b - a) * t for a, b in zip(start, end))
        return start + (end - start) * t


class Fade(Effect):
    """A strength that eases once from one level to another (a tile fading in, a
    trace fading to its lasting strength); ``rest`` when not started. It does not
    keep the renderer busy."""

    def __init__(self, renderer: Renderer, rest: float = 1.0) -> None:
        super().__init__(renderer)
        self.rest = rest
        self._tween: Tween | None = None

    def start(self, start: float, end: float, duration: float, delay: float = 0.0,
              easing: Easing = ease_out_cubic) -> None:
        self._tween = self.renderer.animate(start, end, duration, easing, delay=delay, blocking=False)

    def clear(self) -> None:
        self._tween = None

    @property
    def value(self) -> float:
        return self._tween.value if self._tween is not None else self.rest


class Arrivals(Effect):
    """Pieces coming to rest (a mark drawn in, a disc dropping): one tween from 0 to 1
    per place, blocking, so the renderer is busy until the last one lands."""

    def __init__(self, renderer: Renderer) -> None:
        super().__init__(renderer)
        self._tweens: dict[Hashable, Tween] = {}
        self._latest: Tween | None = None

    def start(self, place: Hashable, duration: float, easing: Easing = linear) -> Tween:
        tween = self._tweens[place] = self._latest = self.renderer.animate(0.0, 1.0, duration, easing)
        return tween

    def clear(self) -> None:
        self._tweens.clear()
        self._latest = None

    @property
    def latest(self) -> Tween | None:
        """The tween of the piece played last (``None`` before any, or after ``clear``)."""
        return self._latest

    def __getitem__(self, place: Hashable) -> Tween:
        return self._tweens[place]

    def running(self, place: Hashable) -> Tween | None:
        """The tween of the piece still arriving at ``place``, or ``None``."""
        tween = self._tweens.get(place)
        return tween if tween is not None and not tween.done else None

    def progress(self, place: Hashable) -> float:
        """How far the piece at ``place`` has come (1 for a piece that is not arriving)."""
        tween = self._tweens.get(place)
        return tween.value if tween is not None else 1.0

    def remaining(self) -> float:
        """Seconds (at normal speed) until the last piece comes to rest."""
        return max((tween.remaining for tween in self._tweens.values()), default=0.0)


class OutcomeShow(Effect):
    """The end of a game shown once the last piece has landed: a sweep (the winning
    line drawn, the goal lit). The other pieces stay as they were: the final
    position is there to be looked at, at full contrast.

    The sweep reads 0 with no outcome, and 1 for an outcome this effect did not
    start (a finished game opened from a file, or one whose show was cleared),
    so a board always shows the end of the game it is given.
    """

    def __init__(self, renderer: Renderer, sweep_time: float, sweep_easing: Easing = ease_in_out_cubic) -> None:
        super().__init__(renderer)
        self.sweep_time, self.sweep_easing = sweep_time, sweep_easing
        self.outcome: Outcome | None = None
        self._sweep: Tween | None = None

    def start(self, outcome: Outcome, wait: float = 0.0) -> None:
        """Show ``outcome`` after ``wait`` seconds (the last move's animation)."""
        self.outcome = outcome
        self._sweep = self.renderer.animate(0.0, 1.0, self.sweep_time, self.sweep_easing, delay=wait)

    def clear(self) -> None:
        self.outcome, self._sweep = None, None

    def follow(self, state: State) -> None:
        """A move was played: forget an outcome the position no longer has."""
        if self.outcome is not None and state.outcome() != self.outcome:
            self.clear()

    def sweep(self, outcome: Outcome | None) -> float:
        if outcome is None:
            return 0.0
        if outcome == self.outcome and self._sweep is not None:
            return self._sweep.value
        return 1.0


@dataclass(frozen=True)
class WinStroke:
    """The gold stroke that sweeps along a winning line, in pixel sizes for one layout:
    ``half`` its half width, ``overhang`` how far it reaches past the end pieces'
    centres, ``glow`` its glow's spread and ``reach`` the room kept round it."""

    half: float
    overhang: float
    glow: float
    reach: float

    def ends(self, a: Point, b: Point, sweep: float) -> tuple[Point, Point]:
        """Where the stroke starts and where it has got to, ``sweep`` of the way from ``a`` past ``b``."""
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        start = (a[0] - ux * self.overhang, a[1] - uy * self.overhang)
        full = length + 2 * self.overhang
        return start, (start[0] + ux * full * sweep, start[1] + uy * full * sweep)

    def bounds(self, a: Point, b: Point, sweep: float) -> pygame.Rect:
        """The pixels the stroke's image covers."""
        start, end = self.ends(a, b, sweep)
        return pygame.Rect(
            int(min(start[0], end[0]) - self.reach), int(min(start[1], end[1]) - self.reach),
            int(abs(end[0] - start[0]) + 2 * self.reach) + 1, int(abs(end[1] - start[1]) + 2 * self.reach) + 1,
        )

    def image(self, a: Point, b: Point, sweep: float) -> pygame.Surface:
        """The stroke on a surface to blit at ``bounds``."""
        start, end = self.ends(a, b, sweep)
        canvas = shapes.Canvas(self.bounds(a, b, sweep))
        distance = shapes.segment_distance(canvas.xs, canvas.ys, start, end)
        canvas.paint(shapes.glow_alpha(distance, self.half, self.glow), palette.ACCENT, 0.55)
        canvas.paint(shapes.stroke_alpha(distance, self.half), palette.ACCENT)
        canvas.paint(shapes.stroke_alpha(distance, self.half * 0.3), WIN_CORE, 0.9)
        return canvas.to_surface()


def last_move_ring(side: int, cell: float) -> pygame.Surface:
    """The small light ring (with a faint dark glow, to show on light pieces too) that
    marks the piece played last, centred on a ``side`` px square; ``cell`` is the board's
    pitch, which sizes it."""
    canvas = shapes.Canvas(pygame.Rect(0, 0, side, side))
    d = np.hypot(canvas.xs - side / 2, canvas.ys - side / 2)
    ring = shapes.stroke_alpha(np.abs(d - 0.13 * cell), max(1.0, 0.03 * cell))
    canvas.paint(shapes.glow_alpha(np.abs(d - 0.13 * cell), 1.0, 0.05 * cell), _MARKER_SHADOW, 0.35)
    canvas.paint(ring, _MARKER)
    return canvas.to_surface()


def winning_runs(cells: Sequence[tuple[int, int]]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The straight lines in a winner's ``cells`` given as (column, row), as (first cell, last cell).

    A piece that completes two lines may be listed once: the second line's
    cells follow the first without it. A run is a stretch of cells one unit
    step apart in one direction; it is extended over a neighbour on the same
    line that is among the cells (the shared piece).
    """
    cells = [tuple(c) for c in cells]
    taken = set(cells)
    runs: list[list[tuple[int, int]]] = []
    for cell in cells:
        if runs:
            run = runs[-1]
            step = (cell[0] - run[-1][0], cell[1] - run[-1][1])
            if max(abs(step[0]), abs(step[1])) == 1 and (len(run) == 1 or step == (run[1][0] - run[0][0], run[1][1] - run[0][1])):
                run.append(cell)
                continue
        runs.append([cell])
    lines = []
    for run in runs:
        if len(run) < 2:
            continue
        dx, dy = run[1][0] - run[0][0], run[1][1] - run[0][1]
        first, last = run[0], run[-1]
        while (first[0] - dx, first[1] - dy) in taken:
            first = (first[0] - dx, first[1] - dy)
        while (last[0] + dx, last[1] + dy) in taken:
            last = (last[0] + dx, last[1] + dy)
        lines.append((first, last))
    return lines
