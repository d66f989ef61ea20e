"""The Connect Four stand on the screen: where its frame, holes, drop zone and
column numbers go inside an area (``StandGeometry``), and the images drawn with
it, each a function of the geometry: the frame with its holes cut through, the
discs, the column glow, the hint ring, the winning halo, the full-column cross
and the keyboard cursor. ``renderers.connect4`` caches and places them.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pygame

from game.ui import palette
from game.ui.renderers import shapes
from game.ui.renderers.gridboard import BoardLook

RGB = palette.RGB

# Sizes as fractions of one cell (the hole pitch), so everything scales with the window.
HOLE = 0.375           # hole radius
_DISC = 0.425          # disc radius: a little wider than its hole, whose edge hides the disc's rim
PAD = 0.26             # frame round the holes
_FRAME_RADIUS = 0.34
DROP = 1.12            # height of the drop zone above the frame
LABELS = 0.5           # height of the column numbers under the frame
_SIDE = 0.16           # room left and right of the frame for its shadow
_FOOT = 0.25           # room under the frame for its shadow when there are no labels
_RING = 0.44           # hint ring radius
#: The frames of Connect Four's two sets: the arcade's soft indigo and the classic bright blue
#: (``lines`` and ``hover`` are not used by a frame).
ARCADE_FRAME = BoardLook(top=(60, 78, 170), bottom=(36, 46, 120), lines=(0, 0, 0), rim=(132, 150, 236),
                         hover=(0, 0, 0), shadow=(6, 8, 22))
CLASSIC_FRAME = BoardLook(top=(22, 92, 214), bottom=(10, 62, 168), lines=(0, 0, 0), rim=(120, 170, 255),
                          hover=(0, 0, 0), shadow=(6, 8, 22))


@dataclass(frozen=True)
class StandGeometry:
    """Where the frame, its holes, the drop zone and the labels go inside an area."""

    area: pygame.Rect
    cols: int
    rows: int
    cell: float
    grid_x: float       # left edge of the first column of holes
    grid_y: float       # top edge of the top row of holes
    labels: bool

    @classmethod
    def fit(cls, area: pygame.Rect, cols: int, rows: int, labels: bool = True) -> "StandGeometry":
        width_units = cols + 2 * PAD + 2 * _SIDE
        height_units = DROP + rows + 2 * PAD + (LABELS if labels else _FOOT)
        # Whole pixels, so that every hole is the same image (see ``frame_layer``).
        cell = float(max(0, math.floor(min(area.width / width_units, area.height / height_units))))
        if labels and cell * LABELS * 0.55 < 10:    # too small to read: leave them out
            return cls.fit(area, cols, rows, labels=False)
        grid_x = float(round(area.x + (area.width - cols * cell) / 2))
        top = area.y + (area.height - height_units * cell) / 2
        grid_y = float(round(top + (DROP + PAD) * cell))
        return cls(pygame.Rect(area), cols, rows, cell, grid_x, grid_y, labels)

    @property
    def grid_rect(self) -> pygame.Rect:
        """The holes' cells, in whole pixels."""
        c = int(self.cell)
        return pygame.Rect(int(self.grid_x), int(self.grid_y), self.cols * c, self.rows * c)

    def centre(self, col: int, row: int) -> tuple[float, float]:
        """The centre of hole ``(col, row)``, row 0 at the bottom."""
        return self.grid_x + (col + 0.5) * self.cell, self.grid_y + (self.rows - row - 0.5) * self.cell

    def column_x(self, col: float) -> float:
        return self.grid_x + (col + 0.5) * self.cell

    @property
    def drop_y(self) -> float:
        """Where a disc waits above the frame before it drops."""
        return self.grid_y - (PAD + DROP / 2) * self.cell

    @property
    def frame(self) -> tuple[float, float, float, float]:
        pad = PAD * self.cell
        return (self.grid_x - pad, self.grid_y - pad, self.cols * self.cell + 2 * pad, self.rows * self.cell + 2 * pad)

    @property
    def frame_rect(self) -> pygame.Rect:
        x, y, w, h = self.frame
        return pygame.Rect(math.floor(x), math.floor(y), math.ceil(x + w) - math.floor(x), math.ceil(y + h) - math.floor(y))

    def column_at(self, pos: tuple[int, int]) -> int | None:
        """The column over which ``pos`` lies, from the top of the drop zone to the frame's foot."""
        if self.cell <= 0:
            return None
        x, y, w, h = self.frame
        if not (x <= pos[0] < x + w and self.grid_y - (PAD + DROP) * self.cell <= pos[1] < y + h):
            return None
        return min(self.cols - 1, max(0, math.floor((pos[0] - self.grid_x) / self.cell)))

    @property
    def disc_side(self) -> int:
        return max(1, math.ceil(2 * _DISC * self.cell) + 2)

    @property
    def size_key(self) -> tuple[int, int, int, int]:
        return (self.area.width, self.area.height, self.cols, self.rows)




def frame_bounds(geo: StandGeometry) -> pygame.Rect:
    """The pixels the frame layer covers: the frame and its drop shadow."""
    reach = 0.3 * geo.cell
    return geo.frame_rect.inflate(2 * reach, 2 * reach).move(0, reach * 0.3)


def frame_layer(geo: StandGeometry, look: BoardLook = ARCADE_FRAME) -> pygame.Surface:
    """The frame (of ``look``'s colours) with its shadow, rim and holes (transparent, with an inner shadow).

    Per-pixel work is kept small: the cells are whole pixels, so every
    hole is the same pattern, worked out once on one cell. Over the holes'
    area the frame's colour is a vertical gradient ``G(y)``, and painting
    the hole's lit lip, shaded lip, cut-out and inner shadow over it comes
    to ``G(y) * K + C`` with alpha ``A``, where ``K``, ``C`` and ``A``
    depend only on the pixel's place in its cell: three tiled arrays and
    one multiply-add. Only the frame's border and shadow round the holes
    are painted pixel by pixel (painting all of it took 120 ms at
    1280x800, a stall when the play screen opens).
    """
    bounds = frame_bounds(geo)
    grid = geo.grid_rect
    pixels = np.empty((bounds.height, bounds.width, 4), dtype=np.uint8)
    for part in shapes.frame(bounds, grid):
        canvas = shapes.Canvas(part)
        paint_frame(canvas, geo, look)
        x, y = part.x - bounds.x, part.y - bounds.y
        pixels[y:y + part.height, x:x + part.width] = canvas.to_array()

    k, colour_add, alpha = hole_pattern(geo, look)
    ys = np.arange(grid.height, dtype=np.float32) + grid.y + 0.5
    gradient = frame_gradient(geo, ys, look)[:, None, :] / 255.0         # (h, 1, 3)
    k = np.tile(k, (geo.rows, geo.cols))[..., None]
    colour_add = np.tile(colour_add, (geo.rows, geo.cols, 1))
    alpha = np.tile(alpha, (geo.rows, geo.cols))
    premultiplied = gradient * k + colour_add
    straight = premultiplied * (255.0 / np.maximum(alpha, 1e-6))[..., None]
    x, y = grid.x - bounds.x, grid.y - bounds.y
    region = pixels[y:y + grid.height, x:x + grid.width]
    region[..., :3] = np.clip(straight + 0.5, 0, 255)
    region[..., 3] = np.clip(alpha * 255.0 + 0.5, 0, 255)
    return shapes.surface_from_array(pixels)


def frame_gradient(geo: StandGeometry, ys: np.ndarray, look: BoardLook = ARCADE_FRAME) -> np.ndarray:
    """The frame's colour at pixel rows ``ys`` (lighter at the top): ``ys``'s shape plus a colour axis."""
    x, y, w, h = geo.frame
    t = np.clip((np.asarray(ys, np.float32) - y) / max(h, 1.0), 0.0, 1.0)[..., None]
    top, bottom = np.asarray(look.top, np.float32), np.asarray(look.bottom, np.float32)
    return top + (bottom - top) * t


def paint_frame(canvas: shapes.Canvas, geo: StandGeometry, look: BoardLook = ARCADE_FRAME) -> None:
    """The frame's drop shadow, its fill and its rim on ``canvas`` (clear of the holes)."""
    xs, ys = canvas.xs, canvas.ys
    c = geo.cell
    frame = geo.frame
    radius = _FRAME_RADIUS * c
    shadow = shapes.rounded_rect_distance(xs, ys - 0.06 * c, frame, radius)
    canvas.paint(shapes.shadow_alpha(shadow, 0.22 * c), look.shadow, 0.55)
    outline = shapes.rounded_rect_distance(xs, ys, frame, radius)
    canvas.paint(shapes.fill_alpha(outline), frame_gradient(geo, ys, look))
    canvas.paint(shapes.stroke_alpha(np.abs(outline + 1.0), 0.8), look.rim, 0.6)


def hole_pattern(geo: StandGeometry, look: BoardLook = ARCADE_FRAME) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """One cell's hole as ``(K, C, A)``: the cell's premultiplied colour is
    ``G * K + C`` over a frame of colour ``G``, its alpha ``A``.

    Light comes from above: the lower inner wall of the hole catches it
    (a lit lip), the upper one is in shade, and an inner shadow falls
    from the upper edge onto whatever shows through the hole.
    """
    c = geo.cell
    n = int(c)
    coords = np.arange(n, dtype=np.float32) + 0.5 - n / 2
    dx, dy = coords[None, :], coords[:, None]
    hole_r = HOLE * c
    hole = np.hypot(dx, dy) - hole_r                 # signed: negative inside
    facing = np.clip(dy / hole_r, -1.0, 1.0)
    lip = shapes.stroke_alpha(np.abs(hole - max(1.0, 0.02 * c)), max(0.8, 0.018 * c))
    lit = lip * np.clip(facing, 0.0, 1.0) * 0.9
    shaded = lip * np.clip(-facing, 0.0, 1.0) * 0.5
    inside = shapes.fill_alpha(hole)
    depth = np.exp(-np.maximum(-hole, 0.0) / (0.11 * c)) * np.clip(0.6 - 0.5 * facing, 0.0, 1.0)
    shadow = inside * depth * 0.6
    rim = np.asarray(look.rim, np.float32) / 255.0
    dark = np.asarray(look.shadow, np.float32) / 255.0
    k = (1 - lit) * (1 - shaded) * (1 - inside) * (1 - shadow)
    painted = (rim * (lit * (1 - shaded))[..., None] + dark * shaded[..., None]) * ((1 - inside) * (1 - shadow))[..., None]
    colour_add = painted + dark * shadow[..., None]
    alpha = (1 - inside) * (1 - shadow) + shadow
    return k.astype(np.float32), colour_add.astype(np.float32), alpha.astype(np.float32)


def column_image(geo: StandGeometry, colour: RGB) -> pygame.Surface:
    c = geo.cell
    w = max(1, round(0.96 * c))
    h = max(1, round((DROP + geo.rows + 2 * PAD) * c))
    canvas = shapes.Canvas(pygame.Rect(0, 0, w, h))
    box = (0.5, 0.5, w - 1.0, h - 1.0)
    inside = shapes.rounded_rect_distance(canvas.xs, canvas.ys, box, 0.45 * c)
    fade = np.clip(0.25 + canvas.ys / (1.2 * c), 0.0, 1.0) * np.clip((h - canvas.ys) / (0.3 * c), 0.0, 1.0)
    canvas.paint(shapes.fill_alpha(inside) * fade, colour)
    return canvas.to_surface()



def render_disc(geo: StandGeometry, colour: RGB) -> pygame.Surface:
    """A disc lit from the upper left: a soft dome, a darker rim and an embossed inner ring."""
    n = geo.disc_side
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    radius = _DISC * geo.cell
    mid = n / 2
    dx, dy = canvas.xs - mid, canvas.ys - mid
    d = np.hypot(dx, dy)
    base = np.asarray(colour, np.float32)
    light = np.asarray(shapes.mix(colour, (255, 255, 255), 0.45), np.float32)
    dark = base * 0.55
    # Lambert-like shade of a shallow dome, then the rim rolling away into shade.
    lit = np.clip(-(dx * 0.55 + dy * 0.8) / radius, -1.0, 1.0)[..., None]
    shade = np.where(lit > 0, base + (light - base) * lit * 0.45, base + (dark - base) * (-lit) * 0.55)
    edge = np.clip((d / radius - 0.8) / 0.2, 0.0, 1.0)[..., None]
    shade = shade + (dark - shade) * edge * edge * 0.8
    canvas.paint(shapes.fill_alpha(d - radius), shade)
    ring = 0.66 * radius
    groove = np.abs(d - ring)
    canvas.paint(shapes.stroke_alpha(groove, max(0.6, radius * 0.035)) * np.clip(0.5 - lit[..., 0], 0, 1), dark, 0.55)
    canvas.paint(shapes.stroke_alpha(np.abs(d - ring - radius * 0.06), max(0.5, radius * 0.025)) * np.clip(0.3 + lit[..., 0], 0, 1),
                 light, 0.45)
    gloss = np.hypot(dx + 0.34 * radius, dy + 0.4 * radius)
    canvas.paint(np.exp(-(gloss / (0.3 * radius)) ** 2), (255, 255, 255), 0.22)
    return canvas.to_surface()


def ring_image(geo: StandGeometry) -> pygame.Surface:
    n = max(1, math.ceil(2 * (_RING + 0.14) * geo.cell))
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    d = np.abs(np.hypot(canvas.xs - n / 2, canvas.ys - n / 2) - _RING * geo.cell)
    half = max(1.2, 0.035 * geo.cell)
    canvas.paint(shapes.glow_alpha(d, half, 0.07 * geo.cell), palette.ACCENT, 0.55)
    canvas.paint(shapes.stroke_alpha(d, half), palette.ACCENT)
    return canvas.to_surface()


def halo_image(geo: StandGeometry) -> pygame.Surface:
    n = max(1, math.ceil(2 * (_DISC + 0.2) * geo.cell))
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    d = np.hypot(canvas.xs - n / 2, canvas.ys - n / 2)
    canvas.paint(shapes.glow_alpha(d, HOLE * geo.cell, 0.12 * geo.cell) * (d > (HOLE - 0.02) * geo.cell), palette.ACCENT, 0.9)
    return canvas.to_surface()


def full_image(geo: StandGeometry) -> pygame.Surface:
    """A red cross over the ghost of a full column."""
    n = geo.disc_side
    arm = 0.16 * geo.cell
    m = n / 2

    def cross(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        return np.minimum(shapes.segment_distance(xs, ys, (m - arm, m - arm), (m + arm, m + arm)),
                          shapes.segment_distance(xs, ys, (m + arm, m - arm), (m - arm, m + arm)))

    return shapes.stroked(pygame.Rect(0, 0, n, n), cross, max(1.2, 0.045 * geo.cell), palette.BAD,
                          glow=0.5, glow_spread=0.06 * geo.cell)


def cursor_image(geo: StandGeometry) -> pygame.Surface:
    n = geo.disc_side + max(4, round(0.12 * geo.cell))
    canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
    d = np.abs(np.hypot(canvas.xs - n / 2, canvas.ys - n / 2) - (_DISC + 0.04) * geo.cell)
    half = max(1.2, 0.022 * geo.cell)
    canvas.paint(shapes.glow_alpha(d, half, 0.04 * geo.cell), palette.ACCENT, 0.45)
    canvas.paint(shapes.stroke_alpha(d, half), palette.ACCENT)
    return canvas.to_surface()
