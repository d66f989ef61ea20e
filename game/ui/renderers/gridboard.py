"""The still picture of a grid board (``GridBoard``, a base of ``GridRenderer``): a
panel with a soft drop shadow, a gradient and a thin rim, and the glowing grid
lines and star points on it, painted once per layout.

A board changes its look with the class attributes (line colour and glow,
panel rounding and rim, star size) and the hooks ``panel_gradient``,
``grid_lines``, ``star_points`` and ``line_half_width``, or paints more over
``render_board`` (Gomoku's wood grain).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import ClassVar

import numpy as np
import pygame

from game.ui import palette
from game.ui.renderers import shapes
from game.ui.renderers.gridgeometry import GridGeometry, Point, Segment, top_to_bottom

# The panel, as fractions of its (shorter) side.
_PANEL_RADIUS = 0.07
_PANEL_SHADOW_DROP = 0.022
_PANEL_SHADOW_BLUR = 0.06


def _around(a: Point, b: Point, reach: float) -> pygame.Rect:
    """The pixels within ``reach`` of the box spanned by points ``a`` and ``b``."""
    left, top = math.floor(min(a[0], b[0]) - reach), math.floor(min(a[1], b[1]) - reach)
    return pygame.Rect(left, top, math.ceil(max(a[0], b[0]) + reach) - left, math.ceil(max(a[1], b[1]) + reach) - top)


@dataclass(frozen=True)
class BoardLook:
    """A board of its own material (green felt, wood, paper), the same in every theme: its
    gradient from top to bottom, its lines, rim, the tint under the pointer and its shadow."""

    top: palette.RGB
    bottom: palette.RGB
    lines: palette.RGB
    rim: palette.RGB
    hover: palette.RGB
    shadow: palette.RGB


class GridBoard:
    """The board under the pieces (see the module docstring)."""

    #: The strength of the grid lines' glow (0: none).
    line_glow: ClassVar[float] = 0.12
    #: The rounding of the panel's corners, as a share of its shorter side.
    panel_radius: ClassVar[float] = _PANEL_RADIUS

    def board_look(self) -> BoardLook | None:
        """The board's own material in the set shown, or None: the theme's panel and grid."""
        return None

    @property
    def line_colour(self) -> palette.RGB:
        """The grid lines' colour."""
        look = self.board_look()
        return palette.GRID if look is None else look.lines

    @property
    def panel_rim(self) -> palette.RGB:
        """The colour of the panel's thin rim."""
        look = self.board_look()
        return palette.PANEL_BORDER if look is None else look.rim

    @property
    def shadow_colour(self) -> palette.RGB:
        """The colour of the panel's drop shadow."""
        look = self.board_look()
        return palette.SHADOW if look is None else look.shadow
    #: The radius of the board's star points (``star_points``), as a share of a cell.
    star_radius: ClassVar[float] = 0.08

    def line_half_width(self, geo: GridGeometry) -> float:
        """Half the width of the grid lines, in pixels."""
        return max(1.2, geo.cell * 0.022)

    def star_points(self, geo: GridGeometry) -> list[Point]:
        """Where the board has star points (dots in the line colour, ``star_radius``
        across): none by default; Reversi's four, Gomoku's five."""
        return []

    def grid_lines(self, geo: GridGeometry) -> list[Segment]:
        """The lines drawn on the board: by default every line of the grid (round the
        cells, or through the intersections)."""
        extra = 0 if geo.intersections else 1
        width = (geo.cols - 1 + extra) * geo.cell
        height = (geo.rows - 1 + extra) * geo.cell
        lines: list[Segment] = []
        for k in range(geo.cols + extra):
            x = geo.grid_x + k * geo.cell
            lines.append(((x, geo.grid_y), (x, geo.grid_y + height)))
        for k in range(geo.rows + extra):
            y = geo.grid_y + k * geo.cell
            lines.append(((geo.grid_x, y), (geo.grid_x + width, y)))
        return lines

    def board_bounds(self, geo: GridGeometry) -> pygame.Rect:
        """The pixels the board layer covers: the panel and its drop shadow, inside the area."""
        reach = _PANEL_SHADOW_BLUR * geo.panel_side * 0.65 + 1   # where ``shadow_alpha`` reaches 0
        drop = _PANEL_SHADOW_DROP * geo.panel_side
        left, top = math.floor(geo.board_x - reach), math.floor(geo.board_y - reach + min(0.0, drop))
        right = math.ceil(geo.board_x + geo.board_w + reach)
        bottom = math.ceil(geo.board_y + geo.board_h + reach + max(0.0, drop))
        return geo.area.clip(pygame.Rect(left, top, right - left, bottom - top))

    def render_board(self, geo: GridGeometry) -> pygame.Surface:
        """The panel with its drop shadow and the glowing ``grid_lines`` (drawn at ``board_bounds``).

        Per-pixel work goes only where it changes pixels: the panel's middle is
        one gradient column repeated; the shadow, anti-aliased edge and rim are
        painted in the frame round it, and each line with its glow on a strip
        of its own (a small canvas: strips of one big canvas would touch every
        memory page of it). A strip works out its pixels' final colours from
        every line near it, so where strips cross they write the same pixels.
        Painting every pixel of the area took about 60 ms at 1280x800, a
        visible stall each time the play screen opened or the window resized.
        """
        bounds = self.board_bounds(geo)
        solid = self._board_solid(geo)
        pixels = np.empty((bounds.height, bounds.width, 4), dtype=np.uint8)

        def put(canvas: shapes.Canvas) -> None:
            part = canvas.bounds
            x, y = part.x - bounds.x, part.y - bounds.y
            pixels[y:y + part.height, x:x + part.width] = canvas.to_array()

        column = shapes.Canvas(pygame.Rect(solid.x, solid.y, 1, solid.height))
        column.fill(self.panel_gradient(geo, column.ys))
        pixels[solid.y - bounds.y:solid.bottom - bounds.y, solid.x - bounds.x:solid.right - bounds.x] = column.to_array()
        for part in shapes.frame(bounds, solid):
            canvas = shapes.Canvas(part)
            self._paint_panel(canvas, geo)
            put(canvas)

        half = self.line_half_width(geo)
        star = geo.cell * self.star_radius
        # A star point is a line from a point to itself, as thick as a star.
        lines = [(a, b, half) for a, b in self.grid_lines(geo)] + [(p, p, star) for p in self.star_points(geo)]
        glow = self.line_glow
        spread = geo.cell * 0.05 if glow > 0 else 0.0
        # Past 2.5 spreads the glow (at 12 %) adds under 1/1000 of a colour step.
        windows = [bounds.clip(_around(a, b, width + 2.5 * spread + 1)) for a, b, width in lines]
        for window in windows:
            if window.width == 0 or window.height == 0:
                continue
            canvas = shapes.Canvas(window)
            if solid.contains(window):
                canvas.fill(self.panel_gradient(geo, canvas.ys))
            else:
                self._paint_panel(canvas, geo)
            # Lines whose window misses this one are too far to show here.
            near = [line for line, other in zip(lines, windows) if other.colliderect(window)]
            # Each distance less its own half width: 0 on a stroke's edge, for lines and stars alike.
            distance = np.minimum.reduce([shapes.segment_distance(canvas.xs, canvas.ys, a, b) - width
                                          for a, b, width in near])
            if glow > 0:
                canvas.paint(shapes.glow_alpha(distance, 0.0, spread), self.line_colour, glow)
            canvas.paint(shapes.stroke_alpha(distance, 0.0), self.line_colour, 0.9)
            put(canvas)
        return shapes.surface_from_array(pixels)

    def panel_gradient(self, geo: GridGeometry, ys: np.ndarray) -> np.ndarray:
        """The panel's colour at each pixel row ``ys``: lighter at the top."""
        look = self.board_look()
        if look is not None:
            return top_to_bottom(geo, ys, look.top, look.bottom)
        return top_to_bottom(geo, ys, shapes.mix(palette.PANEL, palette.PANEL_LIGHT, 0.25), palette.BOARD)

    def _panel_radius(self, geo: GridGeometry) -> float:
        return min(geo.panel_side * self.panel_radius, geo.panel_side / 2)

    def _board_solid(self, geo: GridGeometry) -> pygame.Rect:
        """A rectangle of pixels all at least 2 px inside the panel: fully covered by
        its fill (which hides the shadow) and clear of its rim."""
        radius = self._panel_radius(geo)
        inset = max(3.0, radius - (radius - 2) / math.sqrt(2) + 1)
        first_x, first_y = math.ceil(geo.board_x + inset - 0.5), math.ceil(geo.board_y + inset - 0.5)
        end_x = math.floor(geo.board_x + geo.board_w - inset - 0.5) + 1
        end_y = math.floor(geo.board_y + geo.board_h - inset - 0.5) + 1
        return pygame.Rect(first_x, first_y, max(0, end_x - first_x), max(0, end_y - first_y))

    def _paint_panel(self, canvas: shapes.Canvas, geo: GridGeometry) -> None:
        """The panel's drop shadow, its gradient fill and its rim, on ``canvas``."""
        xs, ys = canvas.xs, canvas.ys
        radius = self._panel_radius(geo)
        shadow = shapes.rounded_rect_distance(xs, ys - geo.panel_side * _PANEL_SHADOW_DROP, geo.panel, radius)
        canvas.paint(shapes.shadow_alpha(shadow, geo.panel_side * _PANEL_SHADOW_BLUR), self.shadow_colour, 0.6)
        inside = shapes.rounded_rect_distance(xs, ys, geo.panel, radius)
        canvas.paint(shapes.fill_alpha(inside), self.panel_gradient(geo, ys))
        canvas.paint(shapes.stroke_alpha(np.abs(inside + 0.75), 0.75), self.panel_rim, 0.55)
