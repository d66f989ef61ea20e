"""The Chinese Checkers board: a star of 121 holes with shaded marbles that hop.

The star is drawn once per window size and set of players (``renderers.star``:
``StarLayout`` and ``board_layer``): a plate with a soft shadow, faint lines joining
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
from typing import Any, Hashable, Sequence

import numpy as np
import pygame

from game.lang import N_
from game.rules.chinesecheckers import HOLES, NAMES, NEIGHBOURS, ChineseCheckers
from game.rules.core import Outcome, State
from game.match.record import MoveRecord
from game.ui import palette
from game.ui.draw import render
from game.ui.renderers import shapes
from game.ui.renderers.base import BoardView, Cell, DisplayOption, Renderer, blit_centred
from game.ui.renderers.picking import PickThenPlace
from game.ui.renderers.effects import LABEL_BACK, LABEL_BACKING, LABEL_INKS, MIN_LABEL_PX, Fade, OutcomeShow, Shake, beat
from game.ui.renderers.star import (
    HOLE_XY, LIFT, MARBLE, ROW, TRACE, WOOD, StarLayout, board_layer, dot_image, glow_image, marble_image, ring_image,
    shadow_image,
)
from game.ui.tween import Tween, ease_in_out_cubic, linear

# Durations in seconds at normal speed.
_STEP_HOP = 0.2
_JUMP_HOP = 0.24
_TRACE_FADE = 0.8
_GOAL_SWEEP = 0.7
_SHAKE = 0.3
_SHAKE_SWING = 0.12    # of a hole spacing

_LAST_TRACE = 0.45       # opacity of the last move's trace once the hop is over


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

    def position(self, layout: StarLayout) -> tuple[tuple[float, float], float]:
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


#: How the rest of the arcade writes the colour-blind seats (names, move list) where the marble's
#: colour would not read on the theme's panels: violet lighter on the dark theme, yellow darker on
#: the light one.
_COLOUR_BLIND_TEXT = {"dark": {3: (160, 130, 240)}, "light": {2: (150, 130, 0)}}

#: The board's two sets: the star in the theme's colours, or a wooden one (``star.WOOD``).
WOODEN_STAR = DisplayOption("chinesecheckers_wooden_board", N_("Chinese Checkers board"),
                            N_("A wooden star, or the theme's colours"), False, (N_("Wood"), N_("Theme")))


class ChineseCheckersRenderer(PickThenPlace, Renderer):
    """Draws a ``ChineseCheckers`` state and reads the human's moves (pick a marble,
    then a hole: ``PickThenPlace``, a move being the path of holes) from mouse and keys."""

    game_id = "chinesecheckers"
    input_help = N_("Click a marble, then a marked hole")
    display_options = (WOODEN_STAR,)
    board_set = WOODEN_STAR

    def __init__(self) -> None:
        super().__init__()
        self._layout = StarLayout.fit(self.rect)
        self._transient: dict[Any, pygame.Surface] = {}
        self._cursor_x: float | None = None
        self._hop: _Hop | None = None
        self._trace = Fade(self, rest=_LAST_TRACE)
        self._outcome = OutcomeShow(self, _GOAL_SWEEP, linear)
        self._shake = Shake(self, _SHAKE, _SHAKE_SWING)
        self._marbles_key: Hashable = None
        self._marbles = pygame.Surface((1, 1), pygame.SRCALPHA)

    def marble_colours(self) -> tuple[tuple[int, int, int], ...]:
        """The six seats' marble colours (the theme's, or ``palette.COLOUR_BLIND_SEATS``)."""
        return palette.SEAT_COLOURS

    def seat_colours(self) -> tuple[tuple[int, int, int], ...]:
        """The marbles' colours as the rest of the arcade writes them (see ``_COLOUR_BLIND_TEXT``)."""
        if not palette.colour_blind:
            return palette.SEAT_COLOURS
        readable = _COLOUR_BLIND_TEXT.get(palette.theme_name, {})
        return tuple(readable.get(seat, colour) for seat, colour in enumerate(palette.SEAT_COLOURS))

    # -- lifecycle ------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the star to ``rect``; cached images stay while the size is the same."""
        same_size = self._layout.area.size == tuple(rect.size)
        super().layout(rect)
        self._layout = StarLayout.fit(self.rect)
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

    def leaves_clear(self, rect: pygame.Rect) -> bool:
        """Off the star's plate: its corners between the points are free."""
        return self._layout.clear_of(rect)

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
        target_y = y + dy * ROW
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
        self.follow_view(view)
        lay = self._layout
        if lay.unit < 6:
            return
        tints = seat_points(state)
        key = ("board", lay.area.size, tuple(sorted(tints.items())))
        look = WOOD if self.second_set else None
        colours = self.marble_colours()

        def paint_board(target: pygame.Surface) -> None:
            target.blit(self.cached(key, lambda: board_layer(lay, tints, look, colours)), lay.bounds())

        self.blit_static(surface, key, paint_board)
        outcome = view.outcome
        playing = view.interactive and outcome is None and not state.is_over()

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

        ring = self.cached(("ring", lay.unit, palette.ACCENT), lambda: ring_image(lay, palette.ACCENT))
        hint = view.hint
        if isinstance(hint, tuple) and len(hint) >= 2 and outcome is None and hint[0] != self.selected:
            blit_centred(surface, ring, lay.centre(hint[0]), 0.55 + 0.45 * beat(self, 1.3))    # the marble the hint moves
        if playing and self.selected is not None:
            x, y = lay.centre(self.selected)
            blit_centred(surface, ring, (x, y - lay.unit * LIFT))
        hover = self.hover
        if playing and not self.cursor_visible and hover is not None and hover != self.selected \
                and int(hover) in self.moves_by_start(state):
            blit_centred(surface, ring, lay.centre(int(hover)), 0.45)    # a marble that can move: pick me
        if playing and self.cursor_visible:
            blit_centred(surface, ring, lay.centre(int(self.cursor)), 0.8)
        label_hole = self.cursor if self.cursor_visible and playing else self.hover
        if label_hole is not None:
            self._draw_label(surface, lay, int(label_hole))

    def _resting_marbles(self, lay: StarLayout, board: Sequence[int], apart: set[int | None]) -> pygame.Surface:
        """Every marble but those in ``apart`` (moving, picked up, shaking) on one
        layer the size of the board's, drawn again only when the position changes."""
        key = (lay.unit, lay.bounds().topleft, tuple(board), frozenset(apart), palette.generation, self.second_set)
        if self._marbles_key != key:
            bounds = lay.bounds()
            layer = pygame.Surface(bounds.size, pygame.SRCALPHA)
            local = StarLayout(lay.area, lay.cx - bounds.x, lay.cy - bounds.y, lay.unit)
            for hole, value in enumerate(board):
                if value and hole not in apart:
                    self._draw_marble(layer, local, value - 1, local.centre(hole), 0.0)
            self._marbles_key, self._marbles = key, layer
        return self._marbles

    def _draw_marble(self, surface: pygame.Surface, lay: StarLayout, seat: int, ground: tuple[float, float],
                     height: float, lifted: bool = False) -> None:
        """A marble standing on ``ground`` (its shadow there), raised ``height`` pixels."""
        colour = self.marble_colours()[seat % 6]
        if lifted:
            height = lay.unit * LIFT
            glow = self.cached(("glow", lay.unit, colour), lambda: glow_image(lay, colour))
            blit_centred(surface, glow, ground, 0.55 + 0.35 * beat(self, 1.2))
        lift = min(1.0, height / max(1.0, lay.unit * 0.55))
        shadow = self.cached(("shadow", lay.unit), lambda: shadow_image(lay))
        blit_centred(surface, shadow, (ground[0] + lay.unit * 0.06, ground[1] + lay.unit * 0.09), 0.75 - 0.35 * lift)
        ball = self.cached(("marble", lay.unit, colour, seat), lambda: self._marked_marble(lay, seat, colour))
        if lift > 0.01:
            ball = pygame.transform.smoothscale_by(ball, 1.0 + 0.14 * lift)
        blit_centred(surface, ball, (ground[0], ground[1] - height))

    def _marked_marble(self, lay: StarLayout, seat: int, colour: tuple[int, int, int]) -> pygame.Surface:
        """A marble of ``seat``'s colour with the seat's number on it (1 to 6), so that no
        player is told apart by colour alone: dark ink on a light marble, white on a dark one."""
        ball = marble_image(lay, colour)
        size = max(8.0, lay.unit * MARBLE * 1.15)
        if size < 9:
            return ball
        font = self.font(palette.TEXT_FONT_BOLD, size)
        light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 150
        number = render(font, str(seat + 1), (20, 20, 28) if light else (255, 255, 255))
        number.set_alpha(230)
        ball.blit(number, number.get_rect(center=(ball.get_width() / 2, ball.get_height() / 2 + 0.5)))
        return ball

    def _draw_targets(self, surface: pygame.Surface, lay: StarLayout, state: State) -> None:
        """A dot on every hole the picked-up marble can reach; the path to the pointed one."""
        seat = state.turn
        colour = self.marble_colours()[seat % 6]
        pointed = self.cursor if self.cursor_visible else self.hover
        if pointed is not None and int(pointed) in self.targets:
            image, where = self._trace_image(lay, self.targets[int(pointed)], palette.ACCENT)
            _blit_at(surface, image, where, 0.9)
        dot = self.cached(("dot", lay.unit, colour), lambda: dot_image(lay, colour))
        pulse = beat(self, 1.4)
        for hole in self.targets:
            blit_centred(surface, dot, lay.centre(hole), 0.85 + 0.15 * pulse)

    def _draw_hint(self, surface: pygame.Surface, lay: StarLayout, path: tuple[int, ...]) -> None:
        pulse = beat(self, 1.3)
        image, where = self._trace_image(lay, path, palette.ACCENT)
        _blit_at(surface, image, where, 0.6 + 0.4 * pulse)
        ring = self.cached(("ring", lay.unit, palette.ACCENT), lambda: ring_image(lay, palette.ACCENT))
        blit_centred(surface, ring, lay.centre(path[-1]), 0.6 + 0.4 * pulse)

    def _draw_goal(self, surface: pygame.Surface, lay: StarLayout, outcome: Outcome) -> None:
        """The winner's goal lights up hole by hole, then its rings breathe."""
        sweep = self._outcome.sweep(outcome)
        cells = [c for c in outcome.cells if isinstance(c, int) and 0 <= c < len(HOLES)]
        ring = self.cached(("ring", lay.unit, palette.ACCENT), lambda: ring_image(lay, palette.ACCENT))
        halo = self.cached(("glow", lay.unit, palette.ACCENT), lambda: glow_image(lay, palette.ACCENT))
        pulse = beat(self, 1.1)
        for i, hole in enumerate(cells):
            shown = min(1.0, max(0.0, sweep * len(cells) - i))
            if shown <= 0:
                break
            blit_centred(surface, halo, lay.centre(hole), shown * (0.35 + 0.4 * pulse))
            blit_centred(surface, ring, lay.centre(hole), shown)

    def _draw_label(self, surface: pygame.Surface, lay: StarLayout, hole: int) -> None:
        """The hole's name in a small pill just above it."""
        font = self.font(palette.TEXT_FONT_BOLD, max(float(MIN_LABEL_PX), lay.unit * 0.3))
        name = NAMES[hole]
        text = self.cached(("name", font.get_height(), name), lambda: render(font, name, LABEL_INKS.text))
        w, h = text.get_width() + 12, text.get_height() + 4
        pill = self.cached(("pill", w, h), lambda: shapes.pill((w, h), LABEL_BACK))
        x, y = lay.centre(hole)
        centre = (x, y - lay.unit * (MARBLE + 0.12) - h / 2)
        blit_centred(surface, pill, centre, LABEL_BACKING)
        blit_centred(surface, text, centre)

    # -- images (cached: they change only with the layout) ---------------------
    def _trace_image(self, lay: StarLayout, path: Sequence[int], colour: tuple[int, int, int]
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
            half = max(1.2, lay.unit * TRACE)
            canvas.paint(shapes.glow_alpha(line, half, lay.unit * 0.12), colour, 0.35)
            canvas.paint(shapes.stroke_alpha(line, half), colour, 0.85)
            dots = np.minimum.reduce([np.hypot(canvas.xs - x, canvas.ys - y) for x, y in points[1:]])
            canvas.paint(shapes.fill_alpha(dots - lay.unit * 0.1), colour)
            start = np.hypot(canvas.xs - points[0][0], canvas.ys - points[0][1])
            canvas.paint(shapes.stroke_alpha(np.abs(start - lay.unit * 0.24), half * 0.8), colour, 0.9)
            self._transient[key] = (canvas.to_surface(), bounds.topleft)
        return self._transient[key]

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
