"""The Chinese Checkers board: a star of 121 holes with shaded marbles that hop.

The star is drawn once per window size and set of players (``_Layout`` and
``_board_layer``): a plate with a soft shadow, faint lines joining
neighbouring holes, and each point of the star tinted in the colour of the
seat that starts there (or, for a point nobody starts in, of the seat whose
goal it is). Seat 0 sits at the bottom point.

Playing (the shared ``PickThenPlace``): click one of your marbles to pick it
up; every hole it can reach (by a step or by any jump chain, one path per
destination as ``legal_moves`` lists them) is marked, and hovering a mark
shows the path. Clicking a mark plays that path; clicking elsewhere,
right-clicking or Esc puts the marble down. The keyboard does the same: arrows move a cursor from
hole to hole, Enter picks up and plays. Hovering any hole shows its name
("e4"), so the notation of the move list can be learnt on the board.

A played marble hops along its path hole by hole, one arc per hop, while a
trace of the path shows where it goes; the trace then stays faintly as the
last move. At the end the winner's goal lights up hole by hole.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Hashable, Sequence

import numpy as np
import pygame

from game.rules.chinesecheckers import HOLES, NAMES, NEIGHBOURS, POINTS, ChineseCheckers
from game.rules.core import Outcome, State
from game.match.record import MoveRecord
from game.ui import palette
from game.ui.draw import render
from game.ui.renderers import shapes
from game.ui.renderers.base import BoardView, Cell, Renderer, blit_centred
from game.ui.renderers.picking import PickThenPlace
from game.ui.renderers.effects import LABEL_BACK, Fade, OutcomeShow, Shake, beat
from game.ui.tween import Tween, ease_in_out_cubic, linear

_ROW = math.sqrt(3) / 2          # the height of one rank, in hole spacings

#: Each hole's place in hole spacings from the star's centre, y down the screen.
HOLE_XY: tuple[tuple[float, float], ...] = tuple(
    ((f - 9) - (r - 9) / 2, -(r - 9) * _ROW) for f, r in HOLES
)

# Sizes in hole spacings (so everything scales with the window).
_PLATE_GROW = 0.9       # how far the plate reaches past the outer holes
_SHADOW_REACH = 0.45    # room round the plate for its drop shadow
_HOLE = 0.2             # radius of an empty hole
_MARBLE = 0.4           # radius of a marble
_MARK = 0.15            # radius of the dot on a reachable hole
_RING = 0.33            # radius of the rings round picked, cursor and goal holes
_TRACE = 0.055          # half width of a path trace
_LIFT = 0.12            # how high a picked-up marble is raised
_STAR_HALF_W = 6.0      # the star's tips, left/right and up/down, in spacings
_STAR_HALF_H = 8 * _ROW

# Durations in seconds at normal speed.
_STEP_HOP = 0.2
_JUMP_HOP = 0.24
_TRACE_FADE = 0.8
_GOAL_SWEEP = 0.7
_SHAKE = 0.3
_SHAKE_SWING = 0.12    # of a hole spacing

_SHADOW: tuple[int, int, int] = (6, 8, 22)
_HOLE_DARK: tuple[int, int, int] = (12, 14, 32)
_LAST_TRACE = 0.45       # opacity of the last move's trace once the hop is over


def _point_corners(point: int) -> tuple[tuple[float, float], ...]:
    """The three corner holes of a point of the star (its tip and the two inner ends)."""
    holes = [HOLE_XY[i] for i in POINTS[point]]
    tip = max(holes, key=lambda p: math.hypot(*p))
    far = sorted(holes, key=lambda p: -math.dist(p, tip))
    return tip, far[0], far[1]


@dataclass(frozen=True)
class _Layout:
    """Where the star and its holes go inside an area."""

    area: pygame.Rect
    cx: float
    cy: float
    unit: float          # pixels per hole spacing

    @classmethod
    def fit(cls, area: pygame.Rect) -> "_Layout":
        reach = _PLATE_GROW + _SHADOW_REACH
        unit = max(0.0, min(area.width / (2 * (_STAR_HALF_W + reach)), area.height / (2 * (_STAR_HALF_H + reach))))
        return cls(pygame.Rect(area), area.centerx, area.centery, unit)

    def centre(self, hole: int) -> tuple[float, float]:
        x, y = HOLE_XY[hole]
        return self.cx + x * self.unit, self.cy + y * self.unit

    def point(self, xy: tuple[float, float]) -> tuple[float, float]:
        """Pixels of a place given in hole spacings from the centre."""
        return self.cx + xy[0] * self.unit, self.cy + xy[1] * self.unit

    def hole_at(self, pos: tuple[int, int]) -> int | None:
        if self.unit <= 0:
            return None
        x, y = (pos[0] + 0.5 - self.cx) / self.unit, (pos[1] + 0.5 - self.cy) / self.unit
        best = min(range(len(HOLE_XY)), key=lambda i: (HOLE_XY[i][0] - x) ** 2 + (HOLE_XY[i][1] - y) ** 2)
        bx, by = HOLE_XY[best]
        return best if (bx - x) ** 2 + (by - y) ** 2 <= 0.5 ** 2 else None

    def plate_rect(self) -> pygame.Rect:
        """The plate's bounding box in pixels."""
        w = (_STAR_HALF_W + _PLATE_GROW) * self.unit
        h = (_STAR_HALF_H + _PLATE_GROW) * self.unit
        return pygame.Rect(math.floor(self.cx - w), math.floor(self.cy - h), math.ceil(2 * w) + 1, math.ceil(2 * h) + 1)

    def bounds(self) -> pygame.Rect:
        """The pixels the board layer covers: the plate and its shadow, inside the area."""
        reach = math.ceil(_SHADOW_REACH * self.unit) + 2
        return self.area.clip(self.plate_rect().inflate(2 * reach, 2 * reach))


def _blit_at(target: pygame.Surface, image: pygame.Surface, topleft: tuple[int, int], opacity: float = 1.0) -> None:
    if opacity <= 0.0:
        return
    image.set_alpha(int(round(255 * min(1.0, opacity))))
    target.blit(image, topleft)


def seat_points(state: State) -> dict[int, tuple[int, bool]]:
    """Point of the star -> (the seat whose colour tints it, whether it starts
    there): the seat that starts there, else the seat whose goal it is; a
    point that is neither is left out."""
    tints: dict[int, tuple[int, bool]] = {}
    for seat in range(state.num_seats):
        tints[state.seat_point(seat)] = (seat, True)
    for seat in range(state.num_seats):
        tints.setdefault((state.seat_point(seat) + 3) % 6, (seat, False))
    return tints


class _Hop:
    """A marble hopping along a path: one arc per hole-to-hole hop."""

    def __init__(self, path: tuple[int, ...], seat: int, tween: Tween) -> None:
        self.path = path
        self.seat = seat
        self.tween = tween

    @property
    def done(self) -> bool:
        return self.tween.done

    def remaining(self) -> float:
        return self.tween.remaining

    def position(self, layout: _Layout) -> tuple[tuple[float, float], float]:
        """(ground position in pixels, height above it in pixels) now."""
        hops = len(self.path) - 1
        v = min(float(hops), max(0.0, self.tween.value))
        index = min(hops - 1, int(v))
        frac = ease_in_out_cubic(v - index)
        a, b = layout.centre(self.path[index]), layout.centre(self.path[index + 1])
        ground = (a[0] + (b[0] - a[0]) * frac, a[1] + (b[1] - a[1]) * frac)
        span = math.dist(a, b) / max(layout.unit, 1e-6)
        height = layout.unit * (0.3 if span < 1.5 else 0.55) * math.sin(math.pi * frac)
        return ground, height


class ChineseCheckersRenderer(PickThenPlace, Renderer):
    """Draws a ``ChineseCheckers`` state and reads the human's moves (pick a marble,
    then a hole: ``PickThenPlace``, a move being the path of holes) from mouse and keys."""

    game_id = "chinesecheckers"
    input_help = "Click a marble, then a marked hole"

    def __init__(self) -> None:
        super().__init__()
        self._layout = _Layout.fit(self.rect)
        self._transient: dict[Any, pygame.Surface] = {}
        self._cursor_x: float | None = None
        self._hop: _Hop | None = None
        self._trace = Fade(self, rest=_LAST_TRACE)
        self._outcome = OutcomeShow(self, _GOAL_SWEEP, linear)
        self._shake = Shake(self, _SHAKE, _SHAKE_SWING)
        self._marbles_key: Hashable = None
        self._marbles = pygame.Surface((1, 1), pygame.SRCALPHA)

    # -- lifecycle ------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the star to ``rect``; cached images stay while the size is the same."""
        same_size = self._layout.area.size == tuple(rect.size)
        super().layout(rect)
        self._layout = _Layout.fit(self.rect)
        self._transient.clear()
        if not same_size:
            self._cache.clear()

    def reset(self, state: State) -> None:
        super().reset(state)
        self._hop = None

    def on_move(self, state: State, record: MoveRecord) -> None:
        super().on_move(state, record)
        path = tuple(record.move) if isinstance(record.move, tuple) else ()
        if len(path) >= 2:
            duration = sum(_STEP_HOP if self._is_step(a, b) else _JUMP_HOP for a, b in zip(path, path[1:]))
            self._hop = _Hop(path, record.seat, self.animate(0.0, float(len(path) - 1), duration, linear))
            self._trace.start(1.0, _LAST_TRACE, _TRACE_FADE, delay=duration)
        else:
            self._hop = None
        self._outcome.follow(state)

    def on_undo(self, state: State) -> None:
        super().on_undo(state)
        self._hop = None

    def on_outcome(self, state: State, outcome: Outcome) -> None:
        self._outcome.start(outcome, wait=self._hop.remaining() if self._hop is not None else 0.0)

    def content_rect(self) -> pygame.Rect:
        """The star's plate (marks, labels and traces stay inside it)."""
        return self.rect.clip(self._layout.plate_rect())

    @staticmethod
    def _is_step(a: int, b: int) -> bool:
        return b in NEIGHBOURS[a]

    # -- cells ------------------------------------------------------------------
    def cell_at(self, pos: tuple[int, int]) -> int | None:
        return self._layout.hole_at(pos)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        x, y = self._layout.centre(int(cell))
        return int(round(x)), int(round(y))

    def default_cursor(self) -> int:
        return 4     # a hole of the bottom point, where seat 0 starts

    def step_cursor(self, cell: Cell, dx: int, dy: int) -> int:
        """Left/right along the row; up/down to the nearest hole of the next row,
        keeping to the column the cursor came from, so it goes straight up."""
        hole = int(cell)
        x, y = HOLE_XY[hole]
        if dx:
            row = [i for i, (hx, hy) in enumerate(HOLE_XY) if abs(hy - y) < 1e-6 and (hx - x) * dx > 0]
            if not row:
                return hole
            best = min(row, key=lambda i: abs(HOLE_XY[i][0] - x))
            self._cursor_x = HOLE_XY[best][0]
            return best
        target_y = y + dy * _ROW
        row = [i for i, (hx, hy) in enumerate(HOLE_XY) if abs(hy - target_y) < 1e-6]
        if not row:
            return hole
        if self._cursor_x is None or abs(self._cursor_x - x) > 0.51:
            self._cursor_x = x
        want = self._cursor_x
        return min(row, key=lambda i: (round(abs(HOLE_XY[i][0] - want), 6), HOLE_XY[i][0]))

    def on_rejected(self, cell: Cell) -> None:
        self._shake.start(int(cell))

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        if not isinstance(state, ChineseCheckers):
            raise TypeError(f"ChineseCheckersRenderer cannot draw a {type(state).__name__}")
        lay = self._layout
        if lay.unit < 6:
            return
        tints = seat_points(state)
        key = ("board", lay.area.size, tuple(sorted(tints.items())))

        def paint_board(target: pygame.Surface) -> None:
            target.blit(self.cached(key, lambda: self._board_layer(lay, tints)), lay.bounds())

        self.blit_static(surface, key, paint_board)
        outcome = view.outcome
        playing = view.interactive and outcome is None and not state.is_over()
        self.follow_turn(state, playing)
        colours = palette.SEAT_COLOURS

        hop = self._hop if self._hop is not None and not self._hop.done else None
        last = view.last_move
        if isinstance(last, tuple) and len(last) >= 2 and state.board[last[-1]] != 0:
            seat = state.board[last[-1]] - 1
            opacity = self._trace.value
            image, where = self._trace_image(lay, last, colours[seat % len(colours)])
            _blit_at(surface, image, where, opacity)

        if outcome is not None and outcome.cells:
            self._draw_goal(surface, lay, outcome)
        if view.hint is not None and outcome is None and isinstance(view.hint, tuple) and len(view.hint) >= 2:
            self._draw_hint(surface, lay, view.hint)
        if playing and self.selected is not None:
            self._draw_targets(surface, lay, state)

        moving = hop.path[-1] if hop is not None else None
        lifted = self.selected if playing else None
        shaking = self._shake.target
        apart = {moving, lifted, shaking}
        surface.blit(self._resting_marbles(lay, state.board, apart), lay.bounds())
        for hole in apart - {None, moving}:
            if state.board[hole]:
                x, y = lay.centre(hole)
                self._draw_marble(surface, lay, state.board[hole] - 1, (x + self._shake.offset(hole, lay.unit), y), 0.0,
                                  lifted=hole == lifted)
        if hop is not None and state.board[hop.path[-1]] != 0:
            ground, height = hop.position(lay)
            self._draw_marble(surface, lay, state.board[hop.path[-1]] - 1, ground, height)

        ring = self.cached(("ring", lay.unit, palette.ACCENT), lambda: self._ring_image(lay, palette.ACCENT))
        hint = view.hint
        if isinstance(hint, tuple) and len(hint) >= 2 and outcome is None and hint[0] != self.selected:
            blit_centred(surface, ring, lay.centre(hint[0]), 0.55 + 0.45 * beat(self, 1.3))    # the marble the hint moves
        if playing and self.selected is not None:
            x, y = lay.centre(self.selected)
            blit_centred(surface, ring, (x, y - lay.unit * _LIFT))
        hover = self.hover
        if playing and not self.cursor_visible and hover is not None and hover != self.selected \
                and int(hover) in self.moves_by_start(state):
            blit_centred(surface, ring, lay.centre(int(hover)), 0.45)    # a marble that can move: pick me
        if playing and self.cursor_visible:
            blit_centred(surface, ring, lay.centre(int(self.cursor)), 0.8)
        label_hole = self.cursor if self.cursor_visible and playing else self.hover
        if label_hole is not None:
            self._draw_label(surface, lay, int(label_hole))

    def _resting_marbles(self, lay: _Layout, board: Sequence[int], apart: set[int | None]) -> pygame.Surface:
        """Every marble but those in ``apart`` (moving, picked up, shaking) on one
        layer the size of the board's, drawn again only when the position changes."""
        key = (lay.unit, lay.bounds().topleft, tuple(board), frozenset(apart))
        if self._marbles_key != key:
            bounds = lay.bounds()
            layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
            local = _Layout(lay.area, lay.cx - bounds.x, lay.cy - bounds.y, lay.unit)
            for hole, value in enumerate(board):
                if value and hole not in apart:
                    self._draw_marble(layer, local, value - 1, local.centre(hole), 0.0)
            self._marbles_key, self._marbles = key, layer
        return self._marbles

    def _draw_marble(self, surface: pygame.Surface, lay: _Layout, seat: int, ground: tuple[float, float],
                     height: float, lifted: bool = False) -> None:
        """A marble standing on ``ground`` (its shadow there), raised ``height`` pixels."""
        colour = palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)]
        if lifted:
            height = lay.unit * _LIFT
            glow = self.cached(("glow", lay.unit, colour), lambda: self._glow_image(lay, colour))
            blit_centred(surface, glow, ground, 0.55 + 0.35 * beat(self, 1.2))
        lift = min(1.0, height / max(1.0, lay.unit * 0.55))
        shadow = self.cached(("shadow", lay.unit), lambda: self._shadow_image(lay))
        blit_centred(surface, shadow, (ground[0] + lay.unit * 0.06, ground[1] + lay.unit * 0.09), 0.75 - 0.35 * lift)
        ball = self.cached(("marble", lay.unit, colour), lambda: self._marble_image(lay, colour))
        if lift > 0.01:
            ball = pygame.transform.smoothscale_by(ball, 1.0 + 0.14 * lift)
        blit_centred(surface, ball, (ground[0], ground[1] - height))

    def _draw_targets(self, surface: pygame.Surface, lay: _Layout, state: State) -> None:
        """A dot on every hole the picked-up marble can reach; the path to the pointed one."""
        seat = state.turn
        colour = palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)]
        pointed = self.cursor if self.cursor_visible else self.hover
        if pointed is not None and int(pointed) in self.targets:
            image, where = self._trace_image(lay, self.targets[int(pointed)], palette.ACCENT)
            _blit_at(surface, image, where, 0.9)
        dot = self.cached(("dot", lay.unit, colour), lambda: self._dot_image(lay, colour))
        pulse = beat(self, 1.4)
        for hole in self.targets:
            blit_centred(surface, dot, lay.centre(hole), 0.85 + 0.15 * pulse)

    def _draw_hint(self, surface: pygame.Surface, lay: _Layout, path: tuple[int, ...]) -> None:
        pulse = beat(self, 1.3)
        image, where = self._trace_image(lay, path, palette.ACCENT)
        _blit_at(surface, image, where, 0.6 + 0.4 * pulse)
        ring = self.cached(("ring", lay.unit, palette.ACCENT), lambda: self._ring_image(lay, palette.ACCENT))
        blit_centred(surface, ring, lay.centre(path[-1]), 0.6 + 0.4 * pulse)

    def _draw_goal(self, surface: pygame.Surface, lay: _Layout, outcome: Outcome) -> None:
        """The winner's goal lights up hole by hole, then its rings breathe."""
        sweep = self._outcome.sweep(outcome)
        cells = [c for c in outcome.cells if isinstance(c, int) and 0 <= c < len(HOLES)]
        ring = self.cached(("ring", lay.unit, palette.ACCENT), lambda: self._ring_image(lay, palette.ACCENT))
        halo = self.cached(("glow", lay.unit, palette.ACCENT), lambda: self._glow_image(lay, palette.ACCENT))
        pulse = beat(self, 1.1)
        for i, hole in enumerate(cells):
            shown = min(1.0, max(0.0, sweep * len(cells) - i))
            if shown <= 0:
                break
            blit_centred(surface, halo, lay.centre(hole), shown * (0.35 + 0.4 * pulse))
            blit_centred(surface, ring, lay.centre(hole), shown)

    def _draw_label(self, surface: pygame.Surface, lay: _Layout, hole: int) -> None:
        """The hole's name in a small pill just above it."""
        font = self.font(palette.TEXT_FONT_BOLD, max(11.0, lay.unit * 0.3))
        name = NAMES[hole]
        text = self.cached(("name", font.get_height(), name), lambda: render(font, name, palette.TEXT))
        w, h = text.get_width() + 12, text.get_height() + 4
        pill = self.cached(("pill", w, h), lambda: shapes.pill((w, h), LABEL_BACK))
        x, y = lay.centre(hole)
        centre = (x, y - lay.unit * (_MARBLE + 0.12) - h / 2)
        blit_centred(surface, pill, centre, 0.88)
        blit_centred(surface, text, centre)

    # -- images (cached: they change only with the layout) ---------------------
    def _trace_image(self, lay: _Layout, path: Sequence[int], colour: tuple[int, int, int]
                     ) -> tuple[pygame.Surface, tuple[int, int]]:
        """A path drawn as a glowing line through its holes, with a dot on each (and where it goes)."""
        key = ("trace", lay.unit, tuple(path), colour)
        if key not in self._transient:
            if len(self._transient) > 48:
                self._transient.clear()
            points = [lay.centre(h) for h in path]
            reach = lay.unit * 0.35
            left, top = min(p[0] for p in points) - reach, min(p[1] for p in points) - reach
            right, bottom = max(p[0] for p in points) + reach, max(p[1] for p in points) + reach
            bounds = pygame.Rect(math.floor(left), math.floor(top), math.ceil(right - left) + 1, math.ceil(bottom - top) + 1)
            canvas = shapes.Canvas(bounds)
            line = np.minimum.reduce([shapes.segment_distance(canvas.xs, canvas.ys, a, b)
                                      for a, b in zip(points, points[1:])])
            half = max(1.2, lay.unit * _TRACE)
            canvas.paint(shapes.glow_alpha(line, half, lay.unit * 0.12), colour, 0.35)
            canvas.paint(shapes.stroke_alpha(line, half), colour, 0.85)
            dots = np.minimum.reduce([np.hypot(canvas.xs - x, canvas.ys - y) for x, y in points[1:]])
            canvas.paint(shapes.fill_alpha(dots - lay.unit * 0.1), colour)
            start = np.hypot(canvas.xs - points[0][0], canvas.ys - points[0][1])
            canvas.paint(shapes.stroke_alpha(np.abs(start - lay.unit * 0.24), half * 0.8), colour, 0.9)
            self._transient[key] = (canvas.to_surface(), bounds.topleft)
        return self._transient[key]

    def _marble_image(self, lay: _Layout, colour: tuple[int, int, int]) -> pygame.Surface:
        """A glassy ball: lit from the upper left, darker at the rim, a bright highlight."""
        r = lay.unit * _MARBLE
        n = int(math.ceil(2 * r)) + 2
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        c = n / 2
        dx, dy = (canvas.xs - c) / r, (canvas.ys - c) / r
        d2 = np.minimum(dx * dx + dy * dy, 1.0)
        nz = np.sqrt(1.0 - d2)
        light = np.array([-0.45, -0.62, 0.64])
        light /= np.linalg.norm(light)
        diffuse = np.clip(dx * light[0] + dy * light[1] + nz * light[2], 0.0, 1.0)
        base = np.asarray(colour, dtype=np.float32)
        shade = (0.42 + 0.7 * diffuse)[..., None] * base[None, None, :]
        shade *= (0.78 + 0.22 * nz)[..., None]
        spot = np.exp(-(((dx + 0.34) ** 2 + (dy + 0.42) ** 2) / (2 * 0.16 ** 2)))[..., None]
        shade = shade + (255.0 - shade) * 0.85 * spot
        bounce = np.clip(dy - 0.35, 0.0, 1.0)[..., None] * 0.35       # light reflected up from the board
        shade = shade + (np.asarray(shapes.mix(colour, (255, 255, 255), 0.4)) - shade) * bounce * (1 - nz[..., None])
        edge = np.hypot(canvas.xs - c, canvas.ys - c) - r
        canvas.paint(shapes.fill_alpha(edge), np.clip(shade, 0, 255))
        canvas.paint(shapes.stroke_alpha(np.abs(edge + 0.6), 0.6), shapes.mix(colour, _SHADOW, 0.55), 0.5)
        return canvas.to_surface()

    def _shadow_image(self, lay: _Layout) -> pygame.Surface:
        r = lay.unit * _MARBLE
        n = int(math.ceil(2 * r * 1.5)) + 2
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        c = n / 2
        edge = np.hypot(canvas.xs - c, canvas.ys - c) - r * 0.95
        canvas.paint(shapes.shadow_alpha(edge, r * 0.45), _SHADOW, 0.75)
        return canvas.to_surface()

    def _glow_image(self, lay: _Layout, colour: tuple[int, int, int]) -> pygame.Surface:
        r = lay.unit * _MARBLE
        n = int(math.ceil(2 * r * 1.9)) + 2
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        c = n / 2
        edge = np.hypot(canvas.xs - c, canvas.ys - c)
        canvas.paint(shapes.glow_alpha(edge, r * 0.9, r * 0.35), colour, 0.8)
        return canvas.to_surface()

    def _ring_image(self, lay: _Layout, colour: tuple[int, int, int]) -> pygame.Surface:
        r = lay.unit * _RING + lay.unit * 0.12
        n = int(math.ceil(2 * r * 1.2)) + 2
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        c = n / 2
        ring = np.abs(np.hypot(canvas.xs - c, canvas.ys - c) - lay.unit * (_MARBLE + 0.06))
        half = max(1.2, lay.unit * 0.035)
        canvas.paint(shapes.glow_alpha(ring, half, lay.unit * 0.07), colour, 0.45)
        canvas.paint(shapes.stroke_alpha(ring, half), colour)
        return canvas.to_surface()

    def _dot_image(self, lay: _Layout, colour: tuple[int, int, int]) -> pygame.Surface:
        """The mark on a reachable hole: a dot of the mover's colour in a light ring."""
        n = int(math.ceil(lay.unit * 0.8)) + 2
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        c = n / 2
        dist = np.hypot(canvas.xs - c, canvas.ys - c)
        canvas.paint(shapes.glow_alpha(dist, lay.unit * _MARK, lay.unit * 0.12), colour, 0.5)
        canvas.paint(shapes.fill_alpha(dist - lay.unit * _MARK), colour)
        canvas.paint(shapes.stroke_alpha(np.abs(dist - lay.unit * (_MARK + 0.02)), max(0.8, lay.unit * 0.02)),
                     (255, 255, 255), 0.7)
        return canvas.to_surface()

    def _hole_image(self, lay: _Layout, tint: tuple[int, int, int] | None) -> pygame.Surface:
        """An empty hole: a dark dip lit on its lower wall, ringed in its point's colour."""
        r = lay.unit * _HOLE
        n = int(math.ceil(2 * (r + lay.unit * 0.1))) + 2
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        c = n / 2
        dist = np.hypot(canvas.xs - c, canvas.ys - c)
        canvas.paint(shapes.fill_alpha(dist - r), _HOLE_DARK, 0.9)
        lower = np.clip((canvas.ys - c) / r, 0.0, 1.0)
        canvas.paint(shapes.stroke_alpha(np.abs(dist - r + 0.8), 0.7) * lower, palette.GRID, 0.7)
        if tint is not None:
            canvas.paint(shapes.stroke_alpha(np.abs(dist - r - lay.unit * 0.05), max(0.9, lay.unit * 0.028)), tint, 0.85)
        return canvas.to_surface()

    def _board_layer(self, lay: _Layout, tints: dict[int, tuple[int, bool]]) -> pygame.Surface:
        """The plate with its shadow, the lattice lines, the tinted points and the holes."""
        bounds = lay.bounds()
        canvas = shapes.Canvas(bounds)
        ux = (canvas.xs - lay.cx) / lay.unit
        uy = (canvas.ys - lay.cy) / lay.unit
        star = shapes.hexagram_distance(ux, uy, (0.0, 0.0), _STAR_HALF_H / 2)
        plate = (star - _PLATE_GROW) * lay.unit
        drop = max(1, int(round(lay.unit * 0.16)))
        shadow = np.full_like(plate, 1e6)
        shadow[drop:, :] = plate[:-drop, :]
        canvas.paint(shapes.shadow_alpha(shadow, lay.unit * _SHADOW_REACH), _SHADOW, 0.65)
        top = np.asarray(shapes.mix(palette.PANEL, palette.PANEL_LIGHT, 0.3), dtype=np.float32)
        bottom = np.asarray(palette.BOARD, dtype=np.float32)
        t = np.clip((uy + _STAR_HALF_H + _PLATE_GROW) / (2 * (_STAR_HALF_H + _PLATE_GROW)), 0.0, 1.0)[..., None]
        canvas.paint(shapes.fill_alpha(plate), top + (bottom - top) * t)
        canvas.paint(shapes.stroke_alpha(np.abs(plate + 1.0), 1.0), palette.PANEL_BORDER, 0.8)

        # The lattice: three families of parallel lines, one hole row apart, inside the holes' star.
        rows = -uy / _ROW
        files = ux - uy / (2 * _ROW)
        diagonals = ux + uy / (2 * _ROW)
        near = [np.abs(v - np.round(v)) for v in (rows, files, diagonals)]
        lattice = np.minimum(np.minimum(near[0], near[1]), near[2]) * (_ROW * lay.unit)
        inside = np.clip(0.5 - star * lay.unit, 0.0, 1.0)
        canvas.paint(shapes.stroke_alpha(lattice, max(0.6, lay.unit * 0.018)) * inside, palette.GRID, 0.32)

        for point, (seat, starts_here) in tints.items():
            colour = palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)]
            corners = [(lay.cx + x * lay.unit, lay.cy + y * lay.unit) for x, y in _point_corners(point)]
            grow = lay.unit * 0.62
            box = pygame.Rect(
                math.floor(min(p[0] for p in corners) - grow - 2), math.floor(min(p[1] for p in corners) - grow - 2),
                math.ceil(max(p[0] for p in corners) - min(p[0] for p in corners) + 2 * grow) + 5,
                math.ceil(max(p[1] for p in corners) - min(p[1] for p in corners) + 2 * grow) + 5,
            )
            region = canvas.region(box)
            area = shapes.triangle_distance(region.xs, region.ys, *corners) - grow
            strength = 0.2 if starts_here else 0.1
            region.paint(shapes.fill_alpha(area), colour, strength)
            region.paint(shapes.stroke_alpha(np.abs(area + 1.0), max(0.8, lay.unit * 0.025)), colour, 0.5 if starts_here else 0.3)
        image = canvas.to_surface()

        ringed: dict[int, tuple[int, int, int]] = {}
        for point, (seat, _) in tints.items():
            for hole in POINTS[point]:
                ringed[hole] = palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)]
        plain = self._hole_image(lay, None)
        sprites: dict[tuple[int, int, int], pygame.Surface] = {}
        for hole in range(len(HOLES)):
            tint = ringed.get(hole)
            if tint is not None and tint not in sprites:
                sprites[tint] = self._hole_image(lay, tint)
            sprite = plain if tint is None else sprites[tint]
            x, y = lay.centre(hole)
            image.blit(sprite, sprite.get_rect(center=(int(round(x - bounds.x)), int(round(y - bounds.y)))))
        return image

    # -- the menu card ----------------------------------------------------------
    def render_preview(self, size: tuple[int, int]) -> pygame.Surface:
        """Six players a few moves into a game, the last move's trace showing."""
        image = pygame.Surface(size, pygame.SRCALPHA)
        sample = preview_position()
        helper = ChineseCheckersRenderer()
        helper.anim_speed = 0
        helper.layout(pygame.Rect((0, 0), size))
        helper.draw(image, sample, BoardView(last_move=sample.move_stack[-1]))
        return image


def preview_position(rounds: int = 3) -> ChineseCheckers:
    """A six-player game after ``rounds`` rounds in which each player made the move
    that brings a marble nearest its goal's tip (the first such move on a tie)."""
    state = ChineseCheckers(players=6)
    for _ in range(rounds * state.num_seats):
        tip = HOLE_XY[max(state.goal(state.turn), key=lambda h: math.hypot(*HOLE_XY[h]))]

        def gain(path: tuple[int, ...]) -> float:
            return math.dist(HOLE_XY[path[0]], tip) - math.dist(HOLE_XY[path[-1]], tip)

        state.push(max(state.legal_moves(), key=gain))
    return state
