"""A base for boards of cells in rows and columns (Tic-tac-toe, Reversi, Gomoku): a
game says how to draw one piece (and, if it likes, its board) and gets the rest.
(Kept whole at about 600 lines: one class drawing, in one order, every mark such a
board shows; its geometry and its still picture are in gridgeometry.py and gridboard.py.)

``GridRenderer`` fits a ``cols`` x ``rows`` grid into the layout rect on a
panel with a soft shadow, with room round it for the coordinates, which it
takes from the game's own move notation (the file every cell name in a
column starts with, the rank every name in a row ends with). Pieces sit in
the cells, or on the intersections of the lines (``intersections = True``,
as in Gomoku). On top it draws what every such board shows: the last move
(a tinted tile under the piece, a small ring on a stone), a ghost of the
piece to play under the mouse or the keyboard cursor, a piece popping in
when played, a refused cell shaking, the hint's pulsing ring and each
move's value on a pill, and at the end a gold stroke sweeping along the
winning line while its pieces pulse; the other pieces stay as they are, so
the final position can be read.

Cells are square unless the board's ``geometry_type`` (``renderers.gridgeometry``)
places and shapes them otherwise. They are numbered row by row from the top left of the screen (``row *
cols + col``); a game whose moves name cells the same way needs no move
mapping, another overrides ``move_for_cell`` and ``cell_for_move``. An
outcome's ``cells`` are named like moves. Mouse, arrow keys and Enter work
through the base class's cell hooks, which this class fills in.
"""
from __future__ import annotations

import math
from typing import ClassVar

import numpy as np
import pygame

from game.lang import N_
from game.rules.core import Move, Outcome, RulesError, State
from game.match.record import MoveRecord
from game.ui import palette
from game.ui.draw import balanced_lines, clean_text, render
from game.ui.renderers import shapes
from game.rules.phrases import value_in_words
from game.ui.renderers.base import BoardView, Cell, DisplayOption, Renderer, blit_centred
from game.ui.renderers.gridboard import GridBoard
from game.ui.renderers.gridgeometry import GridGeometry, Point, shared_ends
from game.ui.renderers.effects import (
    LABEL_BACK, LABEL_BACKING, LABEL_INKS, MIN_LABEL_PX, Arrivals, Fade, Glide, OutcomeShow, Shake, WinStroke, beat, value_ink,
    last_move_ring, short_value, winning_runs,
)
from game.ui.tween import ease_in_out_cubic, ease_out_back

# Sizes as fractions of one cell.
_TILE_INSET = 0.07
_TILE_RADIUS = 0.16
_RING_RADIUS = 0.385
_WIN_STROKE = 0.05
_WIN_OVERHANG = 0.34   # how far the winning stroke reaches past the end pieces
_HALO = 0.38           # radius of the glow behind a winning piece (the default halo)

# Durations in seconds at normal speed.
_APPEAR = 0.3
_TILE_FADE = 0.25
_SWEEP = 0.50
_GLIDE = 0.12
_SHAKE = 0.32
_SHAKE_SWING = 0.045   # of a cell

_GHOST = 0.42

#: A small dot on each empty cell where the player to move may play, for a board that
#: lists it in its ``display_options``: games where only some empty cells are moves (Reversi).
LEGAL_MOVES = DisplayOption("show_legal_moves", N_("Show legal moves"), N_("Dots where you may play"), True)


class GridRenderer(GridBoard, Renderer):
    """A board of cells in rows and columns (see the module docstring).

    A subclass sets ``game_id``, ``state_type``, ``cols`` and ``rows`` (or
    ``grid_size`` for a board whose size is an option), says which seat's
    piece stands on a cell (``piece_at``), draws one piece (``render_piece``)
    and gives a sample position for the menu card (``preview``). Everything
    else has a default it may override: the board (``render_board``,
    ``grid_lines``), a piece arriving (``piece_image``, ``appear_duration``),
    its ghost and halo, and the move a cell stands for.
    """

    state_type: ClassVar[type[State]] = State
    #: Where the cells go and what shape they are: square cells unless a board names
    #: a ``GridGeometry`` of other cells.
    geometry_type: ClassVar[type[GridGeometry]] = GridGeometry
    cols: int = 3
    rows: int = 3
    #: Pieces sit on the lines' crossings (Gomoku), not in the cells.
    intersections: ClassVar[bool] = False
    #: The panel's padding round the grid, as a share of the panel's longer side
    #: (intersections add half a cell for the edge stones).
    grid_pad: ClassVar[float] = 0.035
    #: The room round the panel for the coordinates, as a share of the side of
    #: the square holding both; and the room kept without coordinates.
    label_margin: ClassVar[float] = 0.05
    plain_margin: ClassVar[float] = 0.02
    #: Images smaller than this many pixels a cell are not drawn at all.
    min_cell: ClassVar[float] = 4
    #: Coordinates on all four sides (Othello boards), not only below and left.
    labels_all_sides: ClassVar[bool] = False
    #: How the last move is marked: ``'tile'`` (its cell tinted with its seat's
    #: colour) or ``'ring'`` (a small light ring on the piece); ``''`` picks the
    #: tile for pieces in cells and the ring for stones on intersections.
    last_move_mark: ClassVar[str] = ""
    #: How strongly the ``LEGAL_MOVES`` dots show (0..1).
    legal_mark_opacity: ClassVar[float] = 0.6
    #: While a hint has valued some moves, mark each legal move not valued yet with a
    #: '?' (unknown, never a loss); off where the hint shows only its best few values.
    marks_unvalued: ClassVar[bool] = True

    def __init__(self) -> None:
        self.cols, self.rows = type(self).cols, type(self).rows
        super().__init__()
        #: False draws no coordinates whatever the room (the menu card's sample).
        self.show_labels = True
        self.geometry = self._fitted()
        self.arrivals = Arrivals(self)
        self.tile_fade = Fade(self)
        self.shake = Shake(self, _SHAKE, _SHAKE_SWING)
        self.glide = Glide(self, _GLIDE)
        self.outcome_show = OutcomeShow(self, _SWEEP, ease_in_out_cubic)
        self._names_key: tuple[type, int, int] | None = None
        self._names: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())

    # -- what a game says ---------------------------------------------------------
    def grid_size(self, state: State) -> tuple[int, int]:
        """(columns, rows) of ``state``'s board."""
        return type(self).cols, type(self).rows

    def piece_at(self, state: State, cell: int) -> int | None:
        """The seat whose piece stands on ``cell``, or ``None`` for an empty cell."""
        raise NotImplementedError(f"{type(self).__name__} does not implement piece_at")

    def render_piece(self, seat: int) -> pygame.Surface:
        """One piece of ``seat`` at its full size for the current ``geometry``, centred
        on its image (drawn once per layout)."""
        raise NotImplementedError(f"{type(self).__name__} does not implement render_piece")

    def preview(self) -> tuple[State, BoardView]:
        """The sample position (and what to show on it) for the game menu's card."""
        raise NotImplementedError(f"{type(self).__name__} does not implement preview")

    def move_for_cell(self, state: State, cell: Cell) -> Move | None:
        """The move that puts a piece on ``cell``: by default the cell's number."""
        return cell

    def cell_for_move(self, state: State, move: Move | None) -> int | None:
        """The cell a move puts its piece on (``None`` for a pass or a foreign value)."""
        if isinstance(move, int) and not isinstance(move, bool) and 0 <= move < self.cols * self.rows:
            return move
        return None

    def appear_duration(self, seat: int) -> float:
        """Seconds a piece of ``seat`` takes to appear when played."""
        return _APPEAR

    def piece_image(self, seat: int, progress: float) -> pygame.Surface:
        """The piece ``progress`` (0..1) of the way in: by default it pops up to a
        little over its size and settles."""
        image = self.cached(("piece", seat), lambda: self.render_piece(seat))
        if progress >= 1.0:
            return image
        scale = ease_out_back(max(0.0, progress))
        w, h = image.get_size()
        return pygame.transform.smoothscale(image, (max(1, round(w * scale)), max(1, round(h * scale))))

    def placing(self, state: State) -> int:
        """Whose pieces the move now places, as an index of ``seat_colours``: the seat to move,
        unless a game's seats change colours (Gomoku's opening rules)."""
        return state.turn

    def ghost_image(self, seat: int) -> pygame.Surface:
        """The faint piece shown where the player is about to play (drawn see-through)."""
        return self.piece_image(seat, 1.0)

    def halo_image(self, seat: int) -> pygame.Surface:
        """The glow behind a piece of the winning line (drawn with a pulsing opacity)."""
        geo = self.geometry
        n = max(1, math.ceil(2 * (_HALO + 0.2) * geo.cell))
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        d = np.hypot(canvas.xs - n / 2, canvas.ys - n / 2)
        colour = self.seat_colours()[seat % len(self.seat_colours())]
        canvas.paint(shapes.glow_alpha(d, _HALO * geo.cell, 0.14 * geo.cell), colour, 0.7)
        return canvas.to_surface()

    def legal_mark_colour(self, seat: int) -> palette.RGB:
        """The colour of the dots where ``seat``, to move, may play: its seat colour."""
        return self.seat_colours()[seat % len(self.seat_colours())]

    def legal_mark_image(self, seat: int) -> pygame.Surface:
        """The dot on a cell where ``seat``, to move, may play (see ``LEGAL_MOVES``)."""
        geo = self.geometry
        n = geo.side
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        d = np.hypot(canvas.xs - n / 2, canvas.ys - n / 2)
        canvas.paint(shapes.fill_alpha(d - max(2.0, 0.085 * geo.cell)), self.legal_mark_colour(seat),
                     self.legal_mark_opacity)
        return canvas.to_surface()

    # -- cells ------------------------------------------------------------------------
    def cell_of(self, col: int, row: int) -> int:
        return row * self.cols + col

    def place_of(self, cell: int) -> tuple[int, int]:
        """(column, row) of ``cell``, row 0 at the top of the screen."""
        row, col = divmod(int(cell), self.cols)
        return col, row

    def centre_of(self, cell: int) -> Point:
        return self.geometry.centre(*self.place_of(cell))

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        place = self.geometry.place_at(pos)
        return None if place is None else self.cell_of(*place)

    def cell_centre(self, cell: Cell) -> tuple[int, int]:
        x, y = self.centre_of(int(cell))
        return int(round(x)), int(round(y))

    def default_cursor(self) -> int:
        return self.cell_of(self.cols // 2, self.rows // 2)

    def step_cursor(self, cell: Cell, dx: int, dy: int) -> int:
        col, row = self.place_of(int(cell))
        return self.cell_of(min(self.cols - 1, max(0, col + dx)), min(self.rows - 1, max(0, row + dy)))

    def on_cursor_moved(self, old: Cell, new: Cell) -> None:
        self.glide.move(self.centre_of(int(old)), self.centre_of(int(new)))

    def on_rejected(self, cell: Cell) -> None:
        self.shake.start(int(cell))

    def _valid(self, cell: Cell | None) -> bool:
        return isinstance(cell, int) and 0 <= cell < self.cols * self.rows

    # -- lifecycle --------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Fit the grid to ``rect``; cached images stay while their sizes do."""
        super().layout(rect)
        self._refit()

    def _fitted(self) -> GridGeometry:
        return self.geometry_type.fit(
            self.rect, self.cols, self.rows, intersections=self.intersections, pad=self.grid_pad,
            label_margin=self.label_margin, plain_margin=self.plain_margin, labels=self.show_labels,
        )

    def _refit(self) -> None:
        old = self.geometry.key
        self.geometry = self._fitted()
        if self.geometry.key != old:
            self._cache.clear()
        if not self._valid(self.cursor):
            self.cursor = self.default_cursor()

    def _follow(self, state: State) -> State:
        """``state`` if this board can draw it, its grid laid out at ``state``'s size."""
        if not isinstance(state, self.state_type):
            raise TypeError(f"{type(self).__name__} cannot draw a {type(state).__name__}")
        size = self.grid_size(state)
        if size != (self.cols, self.rows):
            self.cols, self.rows = size
            self._refit()
        return state

    def reset(self, state: State) -> None:
        if isinstance(state, self.state_type):
            self._follow(state)
        super().reset(state)

    def on_move(self, state: State, record: MoveRecord) -> None:
        self._follow(state)
        cell = self.cell_for_move(state, record.move)
        if cell is not None:
            self.arrivals.start(cell, self.appear_duration(record.seat))
            self.tile_fade.start(0.0, 1.0, _TILE_FADE)
        self.outcome_show.follow(state)

    def on_outcome(self, state: State, outcome: Outcome) -> None:
        self.outcome_show.start(outcome, wait=self.arrivals.remaining())

    def content_rect(self) -> pygame.Rect:
        """Where the pieces can be (the marks, the hint ring and the winning stroke stay inside)."""
        return self.geometry.pieces_rect

    # -- drawing ----------------------------------------------------------------------
    @property
    def hover_tint(self) -> palette.RGB:
        """The tint of the square under the pointer."""
        look = self.board_look()
        return palette.HOVER if look is None else look.hover

    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        self._follow(state)
        self.follow_view(view)
        geo = self.geometry
        if geo.cell < self.min_cell:
            return
        def paint_board(target: pygame.Surface) -> None:
            target.blit(self.cached(("board",), lambda: self.render_board(geo)), self.board_bounds(geo))
            if geo.labels:
                self._draw_labels(target, geo, state)

        self.blit_static(surface, ("board", geo.key, self.coordinate_names(state)), paint_board)
        pieces = {cell: seat for cell in range(self.cols * self.rows)
                  if (seat := self.piece_at(state, cell)) is not None}
        outcome = view.outcome
        playing = view.interactive and outcome is None and not state.is_over()
        last = self.cell_for_move(state, view.last_move)
        if last not in pieces:
            last = None

        ring_mark = (self.last_move_mark or ("ring" if geo.intersections else "tile")) == "ring"
        if last is not None and not ring_mark:
            self._draw_last_tile(surface, geo, last, pieces[last], outcome)
        if playing and LEGAL_MOVES in self.display_options and view.shows(LEGAL_MOVES) and not self.busy:
            self._draw_legal_marks(surface, state, pieces)
        ghost_cell = self._ghost_cell(state, pieces) if playing else None
        if ghost_cell is not None and not self.cursor_visible:
            hover_tile = self.cached(("tile", self.hover_tint), lambda: self._tile(geo, self.hover_tint))
            blit_centred(surface, hover_tile, self.centre_of(ghost_cell), 0.45)
        if ghost_cell is not None:
            blit_centred(surface, self.ghost_image(self.placing(state)), self.centre_of(ghost_cell),
                         _GHOST + 0.1 * (beat(self, 1.6) - 0.5))

        self._draw_pieces(surface, geo, state, pieces, outcome)
        if last is not None and ring_mark:
            self._draw_last_marker(surface, geo, last, pieces[last], outcome)

        if view.hint_values and outcome is None:
            self._draw_hint_values(surface, geo, state, view, pieces)
        hint = self.cell_for_move(state, view.hint) if outcome is None else None
        if hint is not None:    # over its label: the best move's ring stays in view
            self._draw_hint(surface, geo, state, hint, empty=hint not in pieces and not view.hint_values,
                            ghosted=hint == ghost_cell)
        if playing and self.cursor_visible:
            cursor = self.cached(("cursor",), lambda: self._cursor_image(geo))
            x, y = self.glide.position(self.centre_of(int(self.cursor)))
            blit_centred(surface, cursor, (x + self.shake.offset(int(self.cursor), geo.cell), y))
        if outcome is not None and not outcome.is_draw:
            self._draw_win_lines(surface, geo, state, outcome)

    def _ghost_cell(self, state: State, pieces: dict[int, int]) -> int | None:
        """The empty cell the player points at (cursor, else mouse) if playing there is legal."""
        cell = self.cursor if self.cursor_visible else self.hover
        if not self._valid(cell) or cell in pieces:
            return None
        move = self.move_for_cell(state, cell)
        return int(cell) if move is not None and state.is_legal(move) else None

    def legal_cells(self, state: State, pieces: dict[int, int]) -> list[int]:
        """The empty cells where the player to move may play."""
        cells = (self.cell_for_move(state, move) for move in state.legal_moves())
        return [cell for cell in cells if cell is not None and cell not in pieces]

    def _draw_legal_marks(self, surface: pygame.Surface, state: State, pieces: dict[int, int]) -> None:
        seat = self.placing(state)
        image = self.cached(("legal", seat), lambda: self.legal_mark_image(seat))
        for cell in self.legal_cells(state, pieces):
            blit_centred(surface, image, self.centre_of(cell))

    def _winning_cells(self, state: State, outcome: Outcome | None) -> list[int]:
        """The cells of the outcome's winning line, in its order."""
        if outcome is None or outcome.is_draw:
            return []
        cells = (self.cell_for_move(state, c) for c in outcome.cells)
        return [c for c in cells if c is not None]

    def _draw_last_tile(self, surface: pygame.Surface, geo: GridGeometry, cell: int, seat: int,
                        outcome: Outcome | None) -> None:
        """The last move's cell on a tile tinted with its seat's colour, fading in."""
        fade = self.tile_fade.value
        tint = self.seat_colours()[seat % len(self.seat_colours())]
        tile = self.cached(("tile", tint), lambda: self._tile(geo, shapes.mix(palette.PANEL_LIGHT, tint, 0.22)))
        blit_centred(surface, tile, self.centre_of(cell), 0.75 * fade)

    def _draw_last_marker(self, surface: pygame.Surface, geo: GridGeometry, cell: int, seat: int,
                          outcome: Outcome | None) -> None:
        """The last move's mark on its piece (``last_move_image``), once it has appeared."""
        if self.arrivals.running(cell) is not None:
            return
        image = self.last_move_image(seat)
        if image is None:
            return
        fade = self.tile_fade.value * (1.0 - self.outcome_show.sweep(outcome))
        blit_centred(surface, image, self.centre_of(cell), 0.85 * fade)

    def last_move_image(self, seat: int) -> pygame.Surface | None:
        """The mark on the piece ``seat`` played last, where ``last_move_mark`` is 'ring':
        by default a small light ring; ``None`` for no mark (a board that marks the last
        move its own way, as Gomoku's numbered stones do)."""
        geo = self.geometry
        return self.cached(("marker",), lambda: last_move_ring(geo.side, geo.cell))

    def _draw_pieces(self, surface: pygame.Surface, geo: GridGeometry, state: State, pieces: dict[int, int],
                     outcome: Outcome | None) -> None:
        """Every piece: arriving, shaking; at the end the winning line's pulse, every
        other piece as it was (the final position at full contrast)."""
        sweep = self.outcome_show.sweep(outcome)
        winning = set(self._winning_cells(state, outcome))
        pulse = beat(self, 1.1) if winning else 0.5
        for cell, seat in pieces.items():
            x, y = self.centre_of(cell)
            centre = (x + self.shake.offset(cell, geo.cell), y)
            if cell in winning:
                strength = sweep * pulse
                image = self.piece_image(seat, 1.0)
                if strength > 0.01:
                    image = pygame.transform.smoothscale_by(image, 1.0 + 0.07 * strength)
                    halo = self.cached(("halo", seat), lambda: self.halo_image(seat))
                    blit_centred(surface, halo, centre, 0.8 * strength)
                blit_centred(surface, image, centre)
                self.draw_piece_label(surface, state, cell, seat, centre)
                continue
            self.draw_piece(surface, state, cell, seat, centre)
            self.draw_piece_label(surface, state, cell, seat, centre)

    def draw_piece(self, surface: pygame.Surface, state: State, cell: int, seat: int, centre: Point) -> None:
        """One piece of the position (not of a winning line) at ``centre``: by default
        popping in while it arrives. A game whose pieces change (Reversi's turning
        discs) draws them its own way here."""
        blit_centred(surface, self.piece_image(seat, self.arrivals.progress(cell)), centre)

    def draw_piece_label(self, surface: pygame.Surface, state: State, cell: int, seat: int, centre: Point) -> None:
        """Hook: whatever is written on a piece once drawn, winning line included (Gomoku's
        move numbers); nothing by default."""

    def _draw_hint(self, surface: pygame.Surface, geo: GridGeometry, state: State, cell: int,
                   empty: bool, ghosted: bool) -> None:
        """A gold ring breathing round the hinted cell, with a faint ghost of the piece to play."""
        pulse = beat(self, 1.3)
        cx, cy = self.centre_of(cell)
        radius = geo.cell * (_RING_RADIUS - 0.02 * pulse)
        half = geo.cell * (0.017 + 0.007 * pulse)
        reach = int(radius + half + geo.cell * 0.12) + 2
        bounds = pygame.Rect(int(cx) - reach, int(cy) - reach, 2 * reach, 2 * reach)
        ring = shapes.stroked(
            bounds, lambda xs, ys: shapes.arc_distance(xs, ys, (cx, cy), radius, 0.0, 2 * math.pi),
            half, palette.ACCENT, glow=0.3 + 0.35 * pulse, glow_spread=geo.cell * 0.05,
            opacity=0.7 + 0.3 * pulse,
        )
        surface.blit(ring, bounds)
        if empty and not ghosted:
            blit_centred(surface, self.ghost_image(self.placing(state)), (cx, cy), 0.18 + 0.12 * pulse)

    def _draw_hint_values(self, surface: pygame.Surface, geo: GridGeometry, state: State, view: BoardView,
                          pieces: dict[int, int]) -> None:
        """Each judged move's value ('win in 2', 'draw', 'loss in 1') on a dark pill in its cell,
        on two lines or smaller (never below ``MIN_LABEL_PX``) where one line would run into
        the next cell. A value that cannot fit its cell even so shows its short form
        (``short_value``: '≈-6.5'), and in full, over its neighbours, while the mouse or the
        keyboard cursor is on its cell. A legal move not valued yet shows '?' (``marks_unvalued``)."""
        room = geo.cell * 0.94 - 2 * self._pill_pad(geo)[0]
        pointed = self.cursor if self.cursor_visible else self.hover
        on_top = None
        if self.marks_unvalued:
            for move in state.legal_moves():
                cell = self.cell_for_move(state, move)
                if move not in view.hint_values and cell is not None and cell not in pieces:
                    font, lines, _ = self._fitted_value("?", room)
                    self._draw_value(surface, geo, cell, font, lines, LABEL_INKS.text_muted)
        for move, value in view.hint_values.items():
            cell = self.cell_for_move(state, move)
            if cell is None or cell in pieces:
                continue
            colour = value_ink(value.score)
            content = clean_text(value_in_words(value.text))
            font, lines, whole = self._fitted_value(content, room)
            if cell == pointed and not whole:
                on_top = (cell, content, colour)
                continue
            self._draw_value(surface, geo, cell, font, lines, colour)
        if on_top is not None:
            cell, content, colour = on_top
            font = self.font(palette.TEXT_FONT_BOLD, max(MIN_LABEL_PX, geo.cell * 0.115))
            lines = balanced_lines(font, content, max(geo.cell * 2.4, font.size("loss in 99")[0]))
            self._draw_value(surface, geo, cell, font, lines, colour, 1.0)

    def _fitted_value(self, content: str, room: float) -> tuple[pygame.font.Font, list[str], bool]:
        """The font and lines of a value in a cell ``room`` wide, and whether they are all
        of it: one or two lines (broken between words only) from the usual size down to
        ``MIN_LABEL_PX`` (or seven tenths of the usual size, so that labels side by side
        look alike), else its short form
        (``short_value``) as large as fits, at least ``MIN_LABEL_PX`` even where that reaches
        past the cell (a label that cannot be read is no label)."""
        base = max(float(MIN_LABEL_PX), self.geometry.cell * 0.2)
        size = base
        while size >= max(MIN_LABEL_PX, 0.7 * base):    # much smaller than its neighbours: the short form instead
            font = self.font(palette.TEXT_FONT_BOLD, size)
            lines = balanced_lines(font, content, room)
            whole_words = " ".join(lines) == " ".join(content.split())      # 'hol' over 'ds' is no label
            if len(lines) <= 2 and whole_words and max(font.size(line)[0] for line in lines) <= room:
                return font, lines, True
            size -= 1
        short = short_value(content)
        size = base
        while size > MIN_LABEL_PX and self.font(palette.TEXT_FONT_BOLD, size).size(short)[0] > room:
            size -= 1
        return self.font(palette.TEXT_FONT_BOLD, size), [short], short == content

    @staticmethod
    def _pill_pad(geo: GridGeometry) -> tuple[int, int]:
        return int(geo.cell * 0.06), int(geo.cell * 0.025)

    def _draw_value(self, surface: pygame.Surface, geo: GridGeometry, cell: int, font: pygame.font.Font,
                    lines: list[str], colour: palette.RGB, backing: float = LABEL_BACKING) -> None:
        """``lines`` in ``colour`` on a dark pill (of opacity ``backing``) centred on ``cell``."""
        pad_x, pad_y = self._pill_pad(geo)
        images = [render(font, line, colour) for line in lines]
        width = max(image.get_width() for image in images)
        height = font.get_linesize() * (len(images) - 1) + images[-1].get_height()
        box = (width + 2 * pad_x, height + 2 * pad_y)
        pill = self.cached(("pill", box), lambda: shapes.pill(box, LABEL_BACK))
        x, y = self.centre_of(cell)
        blit_centred(surface, pill, (x, y), backing)
        top = y - height / 2
        for image in images:
            blit_centred(surface, image, (x, top + image.get_height() / 2))
            top += font.get_linesize()

    def _draw_win_lines(self, surface: pygame.Surface, geo: GridGeometry, state: State, outcome: Outcome) -> None:
        """The gold stroke sweeping along each winning line."""
        sweep = self.outcome_show.sweep(outcome)
        if sweep <= 0.0:
            return
        half = geo.cell * _WIN_STROKE
        stroke = WinStroke(half, geo.cell * _WIN_OVERHANG, geo.cell * 0.09, half + geo.cell * 0.2)
        for first, last in winning_runs([self.place_of(c) for c in self._winning_cells(state, outcome)]):
            a, b = geo.centre(*first), geo.centre(*last)
            key = ("win", a, b) if sweep >= 1.0 else None
            surface.blit(self.cached(key, lambda: stroke.image(a, b, sweep)), stroke.bounds(a, b, sweep))

    # -- coordinates ----------------------------------------------------------------------
    def coordinate_names(self, state: State) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Each column's and each row's name (top row first) as the game's notation writes
        them: the start shared by every cell name in the column, the end shared by every
        name in the row; '' where the names share nothing (or a cell has no name).
        The board takes ``state``'s size first."""
        self._follow(state)
        key = (type(state), self.cols, self.rows)
        if key != self._names_key:
            names = [self.cell_name(state, cell) for cell in range(self.cols * self.rows)]
            files = tuple(shared_ends(names[col::self.cols])[0] for col in range(self.cols))
            ranks = tuple(shared_ends(names[row * self.cols:(row + 1) * self.cols])[1] for row in range(self.rows))
            self._names_key, self._names = key, (files, ranks)
        return self._names

    def cell_name(self, state: State, cell: int) -> str:
        """``cell``'s name in the game's notation ('' for none), which the coordinates
        are read from: by default the name of the move that puts a piece there. A board
        whose moves are not placements (``PickThenPlace``: 'c3-d4') names its cells itself."""
        move = self.move_for_cell(state, cell)
        if move is None:
            return ""
        try:
            return state.move_to_str(move)
        except RulesError:
            return ""

    def _draw_labels(self, surface: pygame.Surface, geo: GridGeometry, state: State) -> None:
        files, ranks = self.coordinate_names(state)
        font = self.font(palette.DISPLAY_FONT_MEDIUM, max(float(MIN_LABEL_PX), geo.margin * 0.6))
        rows_y = [geo.board_y + geo.board_h + geo.margin / 2]
        cols_x = [geo.board_x - geo.margin / 2]
        if self.labels_all_sides:
            rows_y.append(geo.board_y - geo.margin / 2)
            cols_x.append(geo.board_x + geo.board_w + geo.margin / 2)
        for col, name in enumerate(files):
            if name:
                for y in rows_y:
                    blit_centred(surface, self._label(font, name), (geo.centre(col, 0)[0], y), 0.55)
        for row, name in enumerate(ranks):
            if name:
                for x in cols_x:
                    blit_centred(surface, self._label(font, name), (x, geo.centre(0, row)[1]), 0.55)

    def _label(self, font: pygame.font.Font, text: str) -> pygame.Surface:
        return self.cached(("label", font.get_height(), text), lambda: render(font, text, palette.TEXT_MUTED))

    # -- marks on the board ---------------------------------------------------------------
    def _tile(self, geo: GridGeometry, colour: palette.RGB) -> pygame.Surface:
        n = geo.side
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        canvas.paint(shapes.fill_alpha(geo.outline(canvas.xs, canvas.ys, geo.cell * _TILE_INSET, geo.cell * _TILE_RADIUS)),
                     colour)
        return canvas.to_surface()

    def _cursor_image(self, geo: GridGeometry) -> pygame.Surface:
        n = geo.side
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        edge = np.abs(geo.outline(canvas.xs, canvas.ys, geo.cell * 0.05, geo.cell * _TILE_RADIUS))
        half = max(1.3, geo.cell * 0.016)
        canvas.paint(shapes.glow_alpha(edge, half, geo.cell * 0.035), palette.ACCENT, 0.4)
        canvas.paint(shapes.stroke_alpha(edge, half), palette.ACCENT)
        return canvas.to_surface()

    # -- the menu card ----------------------------------------------------------------
    def render_preview(self, size: tuple[int, int]) -> pygame.Surface:
        """``preview``'s position drawn without coordinates or animation."""
        image = pygame.Surface(size, pygame.SRCALPHA)
        helper = type(self)()
        helper.anim_speed = 0
        helper.show_labels = False
        helper.layout(pygame.Rect((0, 0), size))
        state, view = helper.preview()
        helper.draw(image, state, view)
        return image
