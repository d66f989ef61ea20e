"""The Chinese Checkers star on the screen: where its 121 holes go inside an area
(``StarLayout``), and the images drawn on it, each a function of the layout: the
plate with its shadow, lattice and tinted points (``board_layer``), the holes,
the glassy marbles with their shadows and glows, the rings and the dots on the
holes a marble can reach. ``renderers.chinesecheckers`` caches and places them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pygame

from game.rules.chinesecheckers import HOLES, POINTS
from game.ui import palette
from game.ui.renderers import shapes
from game.ui.renderers.gridboard import BoardLook

ROW = math.sqrt(3) / 2           # the height of one rank, in hole spacings

#: Each hole's place in hole spacings from the star's centre, y down the screen.
HOLE_XY: tuple[tuple[float, float], ...] = tuple(
    ((f - 9) - (r - 9) / 2, -(r - 9) * ROW) for f, r in HOLES
)

# Sizes in hole spacings (so everything scales with the window).
_PLATE_GROW = 0.9       # how far the plate reaches past the outer holes
_SHADOW_REACH = 0.45    # room round the plate for its drop shadow
_HOLE = 0.2             # radius of an empty hole
MARBLE = 0.4            # radius of a marble
_MARK = 0.15            # radius of the dot on a reachable hole
_RING = 0.33            # radius of the rings round picked, cursor and goal holes
TRACE = 0.055           # half width of a path trace
LIFT = 0.12             # how high a picked-up marble is raised
_STAR_HALF_W = 6.0      # the star's tips, left/right and up/down, in spacings
_STAR_HALF_H = 8 * ROW

_SHADOW: tuple[int, int, int] = (6, 8, 22)
_HOLE_DARK: tuple[int, int, int] = (12, 14, 32)


def _point_corners(point: int) -> tuple[tuple[float, float], ...]:
    """The three corner holes of a point of the star (its tip and the two inner ends)."""
    holes = [HOLE_XY[i] for i in POINTS[point]]
    tip = max(holes, key=lambda p: math.hypot(*p))
    far = sorted(holes, key=lambda p: -math.dist(p, tip))
    return tip, far[0], far[1]


@dataclass(frozen=True)
class StarLayout:
    """Where the star and its holes go inside an area."""

    area: pygame.Rect
    cx: float
    cy: float
    unit: float          # pixels per hole spacing

    @classmethod
    def fit(cls, area: pygame.Rect) -> "StarLayout":
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

    def clear_of(self, rect: pygame.Rect) -> bool:
        """Whether ``rect`` leaves every hole, marble and the rings round them in view (it may
        cover the plate's rim between the star's points)."""
        reach = (_RING + 0.2) * self.unit
        for hole in range(len(HOLE_XY)):
            x, y = self.centre(hole)
            dx, dy = max(rect.left - x, 0.0, x - rect.right), max(rect.top - y, 0.0, y - rect.bottom)
            if dx * dx + dy * dy < reach * reach:
                return False
        return True

    def bounds(self) -> pygame.Rect:
        """The pixels the board layer covers: the plate and its shadow, inside the area."""
        reach = math.ceil(_SHADOW_REACH * self.unit) + 2
        return self.area.clip(self.plate_rect().inflate(2 * reach, 2 * reach))


def marble_image(lay: StarLayout, colour: tuple[int, int, int]) -> pygame.Surface:
    """A glassy ball: lit from the upper left, darker at the rim, a bright highlight."""
    r = lay.unit * MARBLE
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


def shadow_image(lay: StarLayout) -> pygame.Surface:
    r = lay.unit * MARBLE
    n = int(math.ceil(2 * r * 1.5)) + 2
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    c = n / 2
    edge = np.hypot(canvas.xs - c, canvas.ys - c) - r * 0.95
    canvas.paint(shapes.shadow_alpha(edge, r * 0.45), _SHADOW, 0.75)
    return canvas.to_surface()


def glow_image(lay: StarLayout, colour: tuple[int, int, int]) -> pygame.Surface:
    r = lay.unit * MARBLE
    n = int(math.ceil(2 * r * 1.9)) + 2
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    c = n / 2
    edge = np.hypot(canvas.xs - c, canvas.ys - c)
    canvas.paint(shapes.glow_alpha(edge, r * 0.9, r * 0.35), colour, 0.8)
    return canvas.to_surface()


def ring_image(lay: StarLayout, colour: tuple[int, int, int]) -> pygame.Surface:
    r = lay.unit * _RING + lay.unit * 0.12
    n = int(math.ceil(2 * r * 1.2)) + 2
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    c = n / 2
    ring = np.abs(np.hypot(canvas.xs - c, canvas.ys - c) - lay.unit * (MARBLE + 0.06))
    half = max(1.2, lay.unit * 0.035)
    canvas.paint(shapes.glow_alpha(ring, half, lay.unit * 0.07), colour, 0.45)
    canvas.paint(shapes.stroke_alpha(ring, half), colour)
    return canvas.to_surface()


def dot_image(lay: StarLayout, colour: tuple[int, int, int]) -> pygame.Surface:
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


#: The Chinese Checkers board's second set: a dark walnut plate (``lines`` its lattice), dark enough
#: that every seat's marbles stand off it for colour-blind players too (a mid-brown wood is as
#: dark as the red and green marbles under protanopia: ``tests/test_colour_blind.py``).
WOOD = BoardLook(top=(92, 58, 34), bottom=(68, 42, 24), lines=(150, 110, 70), rim=(130, 90, 52),
                 hover=(0, 0, 0), shadow=(40, 24, 8))


def hole_image(lay: StarLayout, tint: tuple[int, int, int] | None, look: BoardLook | None = None) -> pygame.Surface:
    """An empty hole: a dark dip lit on its lower wall, ringed in its point's colour."""
    r = lay.unit * _HOLE
    n = int(math.ceil(2 * (r + lay.unit * 0.1))) + 2
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    c = n / 2
    dist = np.hypot(canvas.xs - c, canvas.ys - c)
    canvas.paint(shapes.fill_alpha(dist - r), _HOLE_DARK if look is None else look.shadow, 0.9)
    lower = np.clip((canvas.ys - c) / r, 0.0, 1.0)
    canvas.paint(shapes.stroke_alpha(np.abs(dist - r + 0.8), 0.7) * lower, palette.GRID if look is None else look.top,
                 0.7)
    if tint is not None:
        canvas.paint(shapes.stroke_alpha(np.abs(dist - r - lay.unit * 0.05), max(0.9, lay.unit * 0.028)), tint, 0.85)
    return canvas.to_surface()


def board_layer(lay: StarLayout, tints: dict[int, tuple[int, bool]], look: BoardLook | None = None,
                colours: tuple[tuple[int, int, int], ...] | None = None) -> pygame.Surface:
    """The plate with its shadow, the lattice lines, the tinted points and the holes: in the
    theme's colours, or of ``look``'s material; the points in the seats' ``colours`` (the
    theme's seat colours unless given)."""
    colours = colours or palette.SEAT_COLOURS
    bounds = lay.bounds()
    canvas = shapes.Canvas(bounds)
    ux = (canvas.xs - lay.cx) / lay.unit
    uy = (canvas.ys - lay.cy) / lay.unit
    star = shapes.hexagram_distance(ux, uy, (0.0, 0.0), _STAR_HALF_H / 2)
    plate = (star - _PLATE_GROW) * lay.unit
    drop = max(1, int(round(lay.unit * 0.16)))
    shadow = np.full_like(plate, 1e6)
    shadow[drop:, :] = plate[:-drop, :]
    canvas.paint(shapes.shadow_alpha(shadow, lay.unit * _SHADOW_REACH), _SHADOW if look is None else look.shadow, 0.65)
    top = np.asarray(shapes.mix(palette.PANEL, palette.PANEL_LIGHT, 0.3) if look is None else look.top, np.float32)
    bottom = np.asarray(palette.BOARD if look is None else look.bottom, dtype=np.float32)
    t = np.clip((uy + _STAR_HALF_H + _PLATE_GROW) / (2 * (_STAR_HALF_H + _PLATE_GROW)), 0.0, 1.0)[..., None]
    canvas.paint(shapes.fill_alpha(plate), top + (bottom - top) * t)
    canvas.paint(shapes.stroke_alpha(np.abs(plate + 1.0), 1.0), palette.PANEL_BORDER if look is None else look.rim,
                 0.8)

    # The lattice: three families of parallel lines, one hole row apart, inside the holes' star.
    rows = -uy / ROW
    files = ux - uy / (2 * ROW)
    diagonals = ux + uy / (2 * ROW)
    near = [np.abs(v - np.round(v)) for v in (rows, files, diagonals)]
    lattice = np.minimum(np.minimum(near[0], near[1]), near[2]) * (ROW * lay.unit)
    inside = np.clip(0.5 - star * lay.unit, 0.0, 1.0)
    canvas.paint(shapes.stroke_alpha(lattice, max(0.6, lay.unit * 0.018)) * inside,
                 palette.GRID if look is None else look.lines, 0.32 if look is None else 0.5)

    for point, (seat, starts_here) in tints.items():
        colour = colours[seat % len(colours)]
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
            ringed[hole] = colours[seat % len(colours)]
    plain = hole_image(lay, None, look)
    sprites: dict[tuple[int, int, int], pygame.Surface] = {}
    for hole in range(len(HOLES)):
        tint = ringed.get(hole)
        if tint is not None and tint not in sprites:
            sprites[tint] = hole_image(lay, tint, look)
        sprite = plain if tint is None else sprites[tint]
        x, y = lay.centre(hole)
        image.blit(sprite, sprite.get_rect(center=(int(round(x - bounds.x)), int(round(y - bounds.y)))))
    return image
