"""Anti-aliased shapes with soft glows, drawn from distance fields with numpy.

pygame's own primitives draw thick lines with jagged ends and no glow. Here
a shape is a *distance field*: for every pixel, how far its centre lies from
the shape's centre line (a segment, an arc) or outline (a rounded rectangle).
Coverage then falls off over one pixel at the stroke's edge, which gives
exact anti-aliasing, rounded caps for free and a glow as a smooth function
of the same distance. Shapes are composed on a ``Canvas`` (premultiplied
RGBA in float32) and turned into one pygame surface to blit.

Coordinates are floats in the pixel space of the canvas's ``origin``: the
centre of pixel (i, j) is (i + 0.5, j + 0.5), so shapes line up with what
``pygame.draw`` would put at the same coordinates.
"""
from __future__ import annotations

import math
from typing import Callable, Sequence

import numpy as np
import pygame

Point = tuple[float, float]
Colour = Sequence[int]
#: A function giving, for pixel-centre coordinate arrays, each pixel's distance to a shape.
DistanceFn = Callable[[np.ndarray, np.ndarray], np.ndarray]


class Canvas:
    """A rectangle of premultiplied RGBA pixels that shapes are painted onto.

    ``bounds`` is the rectangle (in the caller's pixel space) the canvas
    covers; ``xs`` and ``ys`` are the pixel-centre coordinates of its columns
    and rows, broadcastable to the canvas shape, for building distance fields.
    Colour and alpha are kept as separate float32 planes, which numpy blends
    several times faster than interleaved RGBA.
    """

    def __init__(self, bounds: pygame.Rect) -> None:
        self.bounds = pygame.Rect(bounds)
        w, h = max(1, self.bounds.width), max(1, self.bounds.height)
        self.rgb = np.zeros((3, h, w), dtype=np.float32)
        self.alpha = np.zeros((h, w), dtype=np.float32)
        self.xs = (np.arange(w, dtype=np.float32) + self.bounds.x + 0.5)[None, :]
        self.ys = (np.arange(h, dtype=np.float32) + self.bounds.y + 0.5)[:, None]

    def region(self, rect: pygame.Rect) -> "Canvas":
        """The part of this canvas inside ``rect`` (clipped to it), sharing its pixels.

        Painting a region paints this canvas, so a picture can spend its
        per-pixel work only where a shape actually changes pixels.
        """
        part = self.bounds.clip(rect)
        x0, y0 = part.x - self.bounds.x, part.y - self.bounds.y
        sub = Canvas.__new__(Canvas)
        sub.bounds = part
        sub.rgb = self.rgb[:, y0:y0 + part.height, x0:x0 + part.width]
        sub.alpha = self.alpha[y0:y0 + part.height, x0:x0 + part.width]
        sub.xs = self.xs[:, x0:x0 + part.width]
        sub.ys = self.ys[y0:y0 + part.height, :]
        return sub

    def fill(self, colour: Colour | np.ndarray) -> None:
        """Cover the canvas with opaque ``colour`` (an RGB triple or an array as for ``paint``)."""
        planes = np.moveaxis(np.asarray(colour, dtype=np.float32), -1, 0) / 255.0
        for channel in range(3):
            self.rgb[channel][...] = planes[channel]
        self.alpha[...] = 1.0

    def paint(self, alpha: np.ndarray, colour: Colour | np.ndarray, opacity: float = 1.0) -> None:
        """Lay ``colour`` over the canvas with per-pixel ``alpha`` (0..1), 'over' blending.

        ``colour`` is one RGB triple or an array of RGB values (0..255, last
        axis the channel) broadcastable to the canvas, for gradients.
        """
        a = np.clip(alpha, 0.0, 1.0).astype(np.float32, copy=False)
        if opacity != 1.0:
            a = a * np.float32(opacity)
        a = np.broadcast_to(a, self.alpha.shape)
        keep = 1.0 - a
        colour = np.asarray(colour, dtype=np.float32)
        if colour.ndim == 1:
            for channel in range(3):
                self.rgb[channel] *= keep
                self.rgb[channel] += a * (colour[channel] / 255.0)
        else:
            planes = np.moveaxis(colour, -1, 0) / 255.0
            for channel in range(3):
                self.rgb[channel] *= keep
                self.rgb[channel] += a * planes[channel]
        self.alpha *= keep
        self.alpha += a

    def to_array(self) -> np.ndarray:
        """The canvas as straight (not premultiplied) RGBA bytes, shape (height, width, 4)."""
        h, w = self.alpha.shape
        out = np.empty((h, w, 4), dtype=np.uint8)
        scale = np.where(self.alpha > 1e-6, 255.0 / np.maximum(self.alpha, 1e-6), 0.0).astype(np.float32)
        for channel in range(3):
            out[..., channel] = np.clip(self.rgb[channel] * scale + 0.5, 0, 255)
        out[..., 3] = np.clip(self.alpha * 255.0 + 0.5, 0, 255)
        return out

    def to_surface(self) -> pygame.Surface:
        """The canvas as a per-pixel-alpha surface the size of ``bounds``."""
        return surface_from_array(self.to_array())


def surface_from_array(pixels: np.ndarray) -> pygame.Surface:
    """A per-pixel-alpha surface from RGBA bytes of shape (height, width, 4)."""
    h, w = pixels.shape[:2]
    borrowed = pygame.image.frombuffer(np.ascontiguousarray(pixels), (w, h), "RGBA")
    # Both copy the pixels, so the surface does not depend on the array living on.
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return borrowed.convert_alpha()
    return borrowed.copy()


# -- distance fields -------------------------------------------------------
def segment_distance(xs: np.ndarray, ys: np.ndarray, a: Point, b: Point) -> np.ndarray:
    """Distance from each pixel centre to the segment a-b (a point if a == b)."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    px, py = xs - ax, ys - ay
    length2 = dx * dx + dy * dy
    if length2 < 1e-9:
        return np.hypot(px, py)
    if dx == 0:
        # Vertical: the nearest point's height depends on the row alone, so only
        # the final hypot works on the whole (rows x columns) grid.
        return np.hypot(px, py - np.clip(py / dy, 0.0, 1.0) * dy)
    if dy == 0:
        return np.hypot(px - np.clip(px / dx, 0.0, 1.0) * dx, py)
    t = np.clip((px * dx + py * dy) / length2, 0.0, 1.0)
    return np.hypot(px - t * dx, py - t * dy)


def arc_distance(
    xs: np.ndarray, ys: np.ndarray, centre: Point, radius: float, start: float, sweep: float
) -> np.ndarray:
    """Distance to a circular arc from angle ``start`` turning ``sweep`` radians.

    Angles follow the screen (y down), so a positive sweep turns clockwise
    as seen; a sweep of 2*pi or more is the whole circle.
    """
    cx, cy = centre
    px, py = xs - cx, ys - cy
    ring = np.abs(np.hypot(px, py) - radius)
    if sweep >= 2 * math.pi - 1e-6:
        return ring
    sweep = max(0.0, sweep)
    relative = np.mod(np.arctan2(py, px) - start, 2 * math.pi)
    ends = [(cx + radius * math.cos(start + s), cy + radius * math.sin(start + s)) for s in (0.0, sweep)]
    to_ends = np.minimum(
        np.hypot(xs - ends[0][0], ys - ends[0][1]), np.hypot(xs - ends[1][0], ys - ends[1][1])
    )
    return np.where(relative <= sweep, ring, to_ends)


def rounded_rect_distance(
    xs: np.ndarray, ys: np.ndarray, rect: tuple[float, float, float, float], radius: float
) -> np.ndarray:
    """Signed distance to a rounded rectangle (x, y, w, h): negative inside."""
    x, y, w, h = rect
    hw, hh = w / 2.0, h / 2.0
    radius = max(0.0, min(radius, hw, hh))
    qx = np.abs(xs - (x + hw)) - (hw - radius)
    qy = np.abs(ys - (y + hh)) - (hh - radius)
    outside = np.hypot(np.maximum(qx, 0.0), np.maximum(qy, 0.0))
    inside = np.minimum(np.maximum(qx, qy), 0.0)
    return outside + inside - radius


# -- turning distances into alpha ----------------------------------------
def fill_alpha(signed_distance: np.ndarray) -> np.ndarray:
    """Coverage of a filled shape from its signed distance (anti-aliased edge)."""
    return np.clip(0.5 - signed_distance, 0.0, 1.0)


def stroke_alpha(distance: np.ndarray, half_width: float) -> np.ndarray:
    """Coverage of a stroke ``2 * half_width`` wide along a centre-line distance."""
    return np.clip(half_width + 0.5 - distance, 0.0, 1.0)


def glow_alpha(distance: np.ndarray, half_width: float, spread: float) -> np.ndarray:
    """A soft halo (1 at the stroke's edge, fading over ``spread`` pixels)."""
    outside = np.maximum(distance - half_width, 0.0) / max(spread, 1e-3)
    return np.exp(-outside * outside)


def shadow_alpha(signed_distance: np.ndarray, blur: float) -> np.ndarray:
    """A soft drop shadow: 1 well inside the shape, easing to 0 ``blur`` px outside."""
    t = np.clip((signed_distance + blur * 0.35) / max(blur, 1e-3), 0.0, 1.0)
    return 1.0 - t * t * (3.0 - 2.0 * t)


def stroked(
    bounds: pygame.Rect,
    distance_of: DistanceFn,
    half_width: float,
    colour: Colour,
    glow: float = 0.0,
    glow_spread: float = 0.0,
    opacity: float = 1.0,
) -> pygame.Surface:
    """One glowing stroke on a fresh surface covering ``bounds``.

    ``distance_of(xs, ys)`` gives the centre-line distance field; ``glow``
    is the halo's strength (0 for none) and ``glow_spread`` its reach in px.
    """
    canvas = Canvas(bounds)
    distance = distance_of(canvas.xs, canvas.ys)
    if glow > 0.0 and glow_spread > 0.0:
        canvas.paint(glow_alpha(distance, half_width, glow_spread), colour, glow * opacity)
    canvas.paint(stroke_alpha(distance, half_width), colour, opacity)
    return canvas.to_surface()


def frame(outer: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The non-empty rectangles that cover ``outer`` but not ``inner`` (at most four)."""
    inner = outer.clip(inner)
    if inner.width == 0 or inner.height == 0:
        return [pygame.Rect(outer)] if outer.width and outer.height else []
    parts = [
        pygame.Rect(outer.x, outer.y, outer.width, inner.y - outer.y),
        pygame.Rect(outer.x, inner.bottom, outer.width, outer.bottom - inner.bottom),
        pygame.Rect(outer.x, inner.y, inner.x - outer.x, inner.height),
        pygame.Rect(inner.right, inner.y, outer.right - inner.right, inner.height),
    ]
    return [p for p in parts if p.width > 0 and p.height > 0]


def pill(size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """A filled capsule of ``size`` (round ends), anti-aliased: the backing of a label."""
    w, h = size
    canvas = Canvas(pygame.Rect(0, 0, w, h))
    box = (0.5, 0.5, w - 1.0, h - 1.0)
    canvas.paint(fill_alpha(rounded_rect_distance(canvas.xs, canvas.ys, box, h / 2)), colour)
    return canvas.to_surface()


def mix(a: Colour, b: Colour, t: float) -> tuple[int, int, int]:
    """The colour ``t`` of the way from ``a`` to ``b``."""
    return tuple(int(round(x + (y - x) * t)) for x, y in zip(a[:3], b[:3]))  # type: ignore[return-value]


def triangle_distance(xs: np.ndarray, ys: np.ndarray, a: Point, b: Point, c: Point) -> np.ndarray:
    """Signed distance to the triangle a-b-c: negative inside (either winding).

    Subtracting a radius from it gives the triangle grown by that much with
    rounded corners, as a signed distance again.
    """
    corners = (a, b, c)
    nearest = None
    inside = None
    winding = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    sign = 1.0 if winding >= 0 else -1.0
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        edge = segment_distance(xs, ys, (x0, y0), (x1, y1))
        nearest = edge if nearest is None else np.minimum(nearest, edge)
        side = sign * ((x1 - x0) * (ys - y0) - (y1 - y0) * (xs - x0)) >= 0
        inside = side if inside is None else inside & side
    return np.where(inside, -nearest, nearest)


def hexagram_distance(xs: np.ndarray, ys: np.ndarray, centre: Point, inner: float) -> np.ndarray:
    """Signed distance to a six-pointed star (negative inside) with points straight
    up and down; ``inner`` is the distance from the centre to each edge's line (the
    points are twice as far). A few folds of the plane instead of six triangles."""
    kx, ky, kz, kw = -0.5, 0.8660254038, 0.5773502692, 1.7320508076
    px, py = np.abs(xs - centre[0]), np.abs(ys - centre[1])
    fold = 2.0 * np.minimum(kx * px + ky * py, 0.0)
    px, py = px - fold * kx, py - fold * ky
    fold = 2.0 * np.minimum(ky * px + kx * py, 0.0)
    px, py = px - fold * ky, py - fold * kx
    px = px - np.clip(px, inner * kz, inner * kw)
    py = py - inner
    return np.hypot(px, py) * np.sign(py)
