"""The Connect Four board: a night-blue frame with round holes, discs that drop.

The frame is one image per layout (its holes cut through, so the screen's
background shows in them, with a soft inner shadow and a lit lower rim);
discs are drawn behind it, so a falling disc slides behind the frame
between the holes as it would in a real stand. A dropped disc falls with
gravity (accelerating) and hops twice before it rests.

Above the frame is the drop zone: the hovered (or keyboard-cursor) column
glows and shows the disc about to drop, with a faint copy in the hole it
would land in. The last disc played carries a small light ring. A hint
writes each column's value ("win in 3", "draw", "loss in 2") in the hole
the disc would land in, green / grey / red, and a gold ring pulses round
the best column's hole. At the end a gold stroke sweeps along the N in a
row and those discs pulse; the others stay as they are.

Cells of the shared input code are *columns*: a click anywhere over a
column drops there, Left/Right move the keyboard cursor, Enter/Space drop
in its column, digits 1-9 name columns 1-9 and 0 names column 10.
"""
from __future__ import annotations

import math
import pygame

from game.lang import _, N_
from game.rules.connect4 import EMPTY, ConnectFour
from game.rules.core import Move, Outcome, State
from game.match.record import MoveRecord
from game.ui import palette
from game.ui.draw import balanced_lines, render
from game.ui.renderers import shapes
from game.rules.phrases import value_in_words
from game.ui.renderers.base import BoardView, Cell, DisplayOption, Renderer, blit_centred
from game.ui.renderers.gridboard import BoardLook
from game.ui.renderers.stand import (
    ARCADE_FRAME, CLASSIC_FRAME, DROP, HOLE, LABELS, PAD, StandGeometry, column_image, cursor_image, frame_bounds,
    frame_layer, full_image, halo_image, render_disc, ring_image,
)
from game.ui.renderers.effects import (
    LABEL_BACK, LABEL_BACKING, LABEL_INKS, MIN_LABEL_PX, Arrivals, Fade, Glide, OutcomeShow, Shake, WinStroke, beat, value_ink,
    last_move_ring, short_value, winning_runs,
)
from game.ui.tween import drop_bounce, drop_time, ease_in_out_cubic

RGB = palette.RGB

# Sizes as fractions of one cell (the hole pitch), so everything scales with the window.
_WIN_STROKE = 0.07
_WIN_OVERHANG = 0.3
_BOUNCE = 0.13         # how high (in cells) a dropped disc hops after landing

# Durations in seconds at normal speed.
_FALL = 0.165          # the fall down one cell; a drop of d cells takes sqrt(d) times this
_FADE = 0.2
_SWEEP = 0.55
_GLIDE = 0.12
_SHAKE = 0.36
_SHAKE_SWING = 0.07    # of a cell

_GHOST = 0.95          # the disc waiting above the aimed column (breathing a little)
_FULL_GHOST = 0.3      # ... above a full column, under a red cross
_LANDING_GHOST = 0.22  # its faint copy in the hole it would land in

#: Disc colours by seat in the arcade set: the dark theme's first seat colour and its third.
SEAT_COLOURS: tuple[RGB, RGB] = (palette.DARK.seat_colours[0], palette.DARK.seat_colours[2])
#: ... in the classic set: red and yellow.
CLASSIC_COLOURS: tuple[RGB, RGB] = ((220, 34, 44), (255, 208, 0))
#: ... for colour-blind players, in either set: Okabe–Ito vermillion and yellow, far apart
#: in lightness under every colour-blindness (``tests/test_colour_blind.py``).
COLOUR_BLIND_COLOURS: tuple[RGB, RGB] = ((213, 94, 0), (240, 228, 66))
CLASSIC_SET = DisplayOption("connect4_classic_set", N_("Connect Four board"),
                            N_("Classic blue, red and yellow, or indigo"), False, (N_("Classic"), N_("Arcade")))


class ConnectFourRenderer(Renderer):
    """Draws a ``ConnectFour`` state and reads the human's column from mouse and keys."""

    game_id = "connect4"
    display_options = (CLASSIC_SET,)
    board_set = CLASSIC_SET

    def __init__(self) -> None:
        super().__init__()
        self.cols, self.rows = 7, 6
        self._geometry = StandGeometry.fit(self.rect, self.cols, self.rows)
        #: Discs falling: (col, row) -> the fall (0 at the drop zone, 1 in the hole).
        self._drops = Arrivals(self)
        self._marker = Fade(self)
        #: How long the latest drop falls before the disc first hits bottom.
        self._impact = 0.0
        self._outcome = OutcomeShow(self, _SWEEP, ease_in_out_cubic)
        self._glide = Glide(self, _GLIDE)
        self._shake = Shake(self, _SHAKE, _SHAKE_SWING)

    @property
    def input_help(self) -> str:  # type: ignore[override]
        digits = "1–9, 0" if self.cols == 10 else f"1–{self.cols}"
        return _("Click a column, ←→ + Enter, or {digits}").format(digits=digits)

    def seat_colours(self) -> tuple[RGB, ...]:
        if palette.colour_blind:
            return COLOUR_BLIND_COLOURS
        return CLASSIC_COLOURS if self.second_set else SEAT_COLOURS

    def frame_look(self) -> BoardLook:
        """The frame of the set shown."""
        return CLASSIC_FRAME if self.second_set else ARCADE_FRAME

    # -- lifecycle ------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)
        self._fit(self.cols, self.rows)

    def _fit(self, cols: int, rows: int) -> None:
        """Lay the board out for ``cols`` x ``rows``; cached images stay while the sizes do."""
        old = self._geometry.size_key
        self.cols, self.rows = cols, rows
        self._geometry = StandGeometry.fit(self.rect, cols, rows)
        if self._geometry.size_key != old:
            self._cache.clear()
        self.cursor = min(self.cursor, cols - 1) if isinstance(self.cursor, int) else self.default_cursor()

    def _follow(self, state: State) -> ConnectFour:
        if not isinstance(state, ConnectFour):
            raise TypeError(f"ConnectFourRenderer cannot draw a {type(state).__name__}")
        if (state.cols, state.rows) != (self.cols, self.rows):
            self._fit(state.cols, state.rows)
        return state

    def reset(self, state: State) -> None:
        if isinstance(state, ConnectFour) and (state.cols, state.rows) != (self.cols, self.rows):
            self.cols, self.rows = state.cols, state.rows
            self._fit(state.cols, state.rows)
        super().reset(state)

    def on_move(self, state: State, record: MoveRecord) -> None:
        state = self._follow(state)
        col = int(record.move)
        row = state.height(col) - 1
        geo = self._geometry
        fall = max(0.5, (geo.centre(col, row)[1] - geo.drop_y) / max(geo.cell, 1.0))
        rebound = _BOUNCE / fall
        duration = _FALL * math.sqrt(fall) * drop_time(rebound)
        self._drops.start((col, row), duration, drop_bounce(rebound))
        self._impact = duration / drop_time(rebound)
        self._marker.start(0.0, 1.0, _FADE, delay=duration * 0.8)
        self._outcome.follow(state)

    def sound_delay(self) -> float:
        """Until the disc just dropped first hits the bottom of its fall (the clack)."""
        drop = self._drops.latest
        if drop is None or not self.animated:
            return 0.0
        return max(0.0, self._impact - drop.elapsed) / self.anim_speed

    def on_outcome(self, state: State, outcome: Outcome) -> None:
        self._outcome.start(outcome, wait=self._drops.remaining())

    def content_rect(self) -> pygame.Rect:
        """The frame with its holes (the drop zone above it may be covered by a toast)."""
        return self._geometry.frame_rect

    # -- cells are columns ----------------------------------------------------------
    def cell_at(self, pos: tuple[int, int]) -> int | None:
        return self._geometry.column_at(pos)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        """The middle of column ``cell`` (a click there drops a disc in it)."""
        geo = self._geometry
        x, y, w, h = geo.frame
        return int(round(geo.column_x(int(cell)))), int(round(y + h / 2))

    def hole_centre(self, col: int, row: int) -> tuple[int, int]:
        """The screen position of hole ``(col, row)``, row 0 at the bottom."""
        x, y = self._geometry.centre(col, row)
        return int(round(x)), int(round(y))

    def ghost_centre(self, col: int) -> tuple[int, int]:
        """Where the disc about to drop in ``col`` is shown, above the frame."""
        geo = self._geometry
        return int(round(geo.column_x(col))), int(round(geo.drop_y))

    def move_for_cell(self, state: State, cell: Cell) -> Move | None:
        return None if cell is None else int(cell)

    def default_cursor(self) -> int:
        return getattr(self, "cols", 7) // 2

    def step_cursor(self, cell: Cell, dx: int, dy: int) -> int:
        return min(self.cols - 1, max(0, int(cell) + dx))

    def cell_for_digit(self, digit: int) -> int | None:
        """Digits 1-9 are columns 1-9; 0 is column 10 (on a 10-column board)."""
        col = 9 if digit == 0 else digit - 1
        return col if col < self.cols else None

    def on_cursor_moved(self, old: Cell, new: Cell) -> None:
        self._glide.move(self._geometry.column_x(int(old)), self._geometry.column_x(int(new)))

    def on_rejected(self, cell: Cell) -> None:
        self._shake.start(int(cell))

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        state = self._follow(state)
        self.follow_view(view)
        geo = self._geometry
        if geo.cell < 6:
            return
        outcome = view.outcome
        playing = view.interactive and outcome is None and not state.is_over()
        column = self._active_column() if playing else None

        if column is not None:
            self._draw_column_glow(surface, geo, column, state)
        self._draw_discs(surface, geo, state, outcome)
        if column is not None and state.height(column) < state.rows:
            ghost = self._disc_image(geo, state.turn)
            blit_centred(surface, ghost, geo.centre(column, state.height(column)), _LANDING_GHOST)
        surface.blit(self.cached(("frame",), lambda: frame_layer(geo, self.frame_look())), frame_bounds(geo))
        if geo.labels:
            self._draw_labels(surface, geo, column)
        self._draw_marker(surface, geo, state, view)
        if outcome is None:
            self._draw_hint(surface, geo, state, view)
        if column is not None:
            self._draw_ghost(surface, geo, state, column)
        if outcome is not None and not outcome.is_draw:
            self._draw_win_lines(surface, geo, outcome)

    def _active_column(self) -> int | None:
        """The column the player is aiming at: the keyboard cursor's if shown, else the hovered one."""
        if self.cursor_visible:
            return int(self.cursor)
        return None if self.hover is None else int(self.hover)

    def _draw_column_glow(self, surface: pygame.Surface, geo: StandGeometry, col: int, state: ConnectFour) -> None:
        """A soft light down the aimed column (seen in its empty holes and the drop zone);
        red for a moment after the column refused a disc."""
        refusing = self._shake.strength(col)
        colour = shapes.mix(palette.GRID, palette.BAD, min(1.0, refusing * 1.5))
        image = self.cached(("column", colour), lambda: column_image(geo, colour))
        top = geo.grid_y - (PAD + DROP) * geo.cell
        blit_centred(surface, image, (geo.column_x(col), top + image.get_height() / 2), 0.4 + 0.4 * refusing)

    def _draw_discs(self, surface: pygame.Surface, geo: StandGeometry, state: ConnectFour, outcome: Outcome | None) -> None:
        for col in range(state.cols):
            for row in range(state.height(col)):
                value = state.cell(col, row)
                if value == EMPTY:
                    continue
                seat = 0 if value == ConnectFour.disc(0) else 1
                x, y = geo.centre(col, row)
                drop = self._drops.running((col, row))
                if drop is not None:
                    y = geo.drop_y + (y - geo.drop_y) * drop.value
                blit_centred(surface, self._disc_image(geo, seat), (x, y))

    def _draw_marker(self, surface: pygame.Surface, geo: StandGeometry, state: ConnectFour, view: BoardView) -> None:
        """A small light ring on the last disc played, once it has landed."""
        last = view.last_move
        if not isinstance(last, int) or not 0 <= last < state.cols or state.height(last) == 0:
            return
        row = state.height(last) - 1
        if self._drops.running((last, row)) is not None:
            return
        fade = self._marker.value
        if view.outcome is not None:
            fade *= 1.0 - self._outcome.sweep(view.outcome)
        image = self.cached(("marker",), lambda: last_move_ring(geo.disc_side, geo.cell))
        blit_centred(surface, image, geo.centre(last, row), 0.85 * fade)

    def _draw_ghost(self, surface: pygame.Surface, geo: StandGeometry, state: ConnectFour, col: int) -> None:
        """The disc about to drop, above the aimed column (a full column shakes it and shows a red cross)."""
        x = self._glide.position(geo.column_x(col)) if self.cursor_visible else geo.column_x(col)
        x += self._shake.offset(col, geo.cell)
        breath = beat(self, 1.6)
        full = state.height(col) >= state.rows
        blit_centred(surface, self._disc_image(geo, state.turn), (x, geo.drop_y), (_FULL_GHOST if full else _GHOST) + 0.08 * (breath - 0.5))
        if full:
            image = self.cached(("full",), lambda: full_image(geo))
            blit_centred(surface, image, (x, geo.drop_y), 0.5 + 0.5 * self._shake.strength(col))
        if self.cursor_visible:
            image = self.cached(("cursor",), lambda: cursor_image(geo))
            blit_centred(surface, image, (x, geo.drop_y))

    def _draw_hint(self, surface: pygame.Surface, geo: StandGeometry, state: ConnectFour, view: BoardView) -> None:
        """Each column's value in the hole its disc would land in (a '?' for a column not valued
        yet, when others are); a gold ring round the best known, never round a loss while a
        column is unknown."""
        open_columns = [c for c in range(state.cols) if state.height(c) < state.rows]
        values = {m: v for m, v in view.hint_values.items() if m in open_columns}
        unknown = [c for c in open_columns if c not in values] if values else []
        best: set[int] = set()
        if values:
            top = max(v.score for v in values.values())
            best = {m for m, v in values.items() if v.score == top and not (unknown and v.proven_loss)}
        elif isinstance(view.hint, int) and view.hint in open_columns:
            best = {view.hint}
        pulse = beat(self, 1.3)
        for col in sorted(best):
            centre = geo.centre(col, state.height(col))
            ring = self.cached(("ring",), lambda: ring_image(geo))
            blit_centred(surface, ring, centre, 0.65 + 0.35 * pulse)
        labels = [(col, value_in_words(value.text), value_ink(value.score)) for col, value in values.items()]
        for col, words, colour in labels + [(col, "?", LABEL_INKS.text_muted) for col in unknown]:
            label = self.cached(("hint", words, colour, col in best), lambda: self._hint_label(geo, words, colour, col in best))
            blit_centred(surface, label, geo.centre(col, state.height(col)))

    def _draw_win_lines(self, surface: pygame.Surface, geo: StandGeometry, outcome: Outcome) -> None:
        sweep = self._outcome.sweep(outcome)
        if sweep <= 0.0:
            return
        pulse = beat(self, 1.1)
        halo = self.cached(("halo",), lambda: halo_image(geo))
        for cell in outcome.cells:
            blit_centred(surface, halo, geo.centre(*cell), sweep * (0.35 + 0.5 * pulse))
        half = geo.cell * _WIN_STROKE
        stroke = WinStroke(half, geo.cell * _WIN_OVERHANG, geo.cell * 0.1, half + geo.cell * 0.22)
        for first, last in winning_runs(outcome.cells):
            a, b = geo.centre(*first), geo.centre(*last)
            key = ("win", a, b) if sweep >= 1.0 else None
            surface.blit(self.cached(key, lambda: stroke.image(a, b, sweep)), stroke.bounds(a, b, sweep))

    def _draw_labels(self, surface: pygame.Surface, geo: StandGeometry, column: int | None) -> None:
        font = self.font(palette.DISPLAY_FONT_MEDIUM, max(float(MIN_LABEL_PX), geo.cell * LABELS * 0.62))
        _, y, _, h = geo.frame
        middle = y + h + geo.cell * LABELS * 0.55
        for col in range(geo.cols):
            aimed = col == column
            colour = palette.ACCENT if aimed else palette.TEXT_MUTED
            label = self.cached(("label", font.get_height(), col, colour), lambda: render(font, str(col + 1), colour))
            blit_centred(surface, label, (geo.column_x(col), middle), 0.95 if aimed else 0.55)

    # -- images (cached per layout) ----------------------------------------------
    def _disc_image(self, geo: StandGeometry, seat: int) -> pygame.Surface:
        colour = self.seat_colours()[seat]
        return self.cached(("disc", seat), lambda: render_disc(geo, colour))

    def _hint_label(self, geo: StandGeometry, content: str, colour: RGB, best: bool) -> pygame.Surface:
        """A column's value on a dark disc filling its landing hole, on two lines if one is too
        wide; never smaller than ``MIN_LABEL_PX``: in a small window a value too long for the
        hole even so shows its short form ('win 9'), on a rounded backing reaching past the hole."""
        room = 2 * HOLE * geo.cell * 0.86
        # As large as the hole takes it: a short '?' or 'draw' reads from afar, 'loss in 12' takes two lines.
        size = max(float(MIN_LABEL_PX), geo.cell * (0.3 if best else 0.28))

        def fits(font: pygame.font.Font, lines: list[str]) -> bool:
            return (len(lines) <= 2 and max(font.size(line)[0] for line in lines) <= room
                    and font.get_linesize() * len(lines) <= room * 0.8)

        font = self.font(palette.TEXT_FONT_BOLD, size)
        lines = balanced_lines(font, content, room)
        while not fits(font, lines) and size > MIN_LABEL_PX:
            size -= 1
            font = self.font(palette.TEXT_FONT_BOLD, size)
            lines = balanced_lines(font, content, room)
        if not fits(font, lines):
            lines = balanced_lines(font, short_value(content), room)[:2]
        text_w = max(font.size(line)[0] for line in lines)
        height = font.get_linesize() * len(lines)
        n = max(1, math.ceil(2 * HOLE * geo.cell))
        w, h = max(n, text_w + 10), max(n, height + 6)
        canvas = shapes.Canvas(pygame.Rect(0, 0, w, h))
        box = (0.5, 0.5, w - 1.0, h - 1.0)
        canvas.paint(shapes.fill_alpha(shapes.rounded_rect_distance(canvas.xs, canvas.ys, box, min(w, h) / 2)),
                     LABEL_BACK, LABEL_BACKING)
        image = canvas.to_surface()
        y = (h - height) / 2
        for line in lines:
            part = render(font, line, colour)
            image.blit(part, part.get_rect(midtop=(w // 2, round(y))))
            y += font.get_linesize()
        return image

    # -- the menu card ----------------------------------------------------------
    def render_preview(self, size: tuple[int, int]) -> pygame.Surface:
        """A mid-game position on the standard board, Red about to drop in the middle column."""
        image = pygame.Surface(size, pygame.SRCALPHA)
        sample = ConnectFour.from_text("4453343562")
        helper = ConnectFourRenderer()
        helper.anim_speed = 0
        helper.rect = pygame.Rect((0, 0), size)
        helper._geometry = StandGeometry.fit(helper.rect, sample.cols, sample.rows, labels=False)
        helper.hover = 3
        helper.draw(image, sample, BoardView(last_move=sample.move_stack[-1], interactive=True))
        return image
