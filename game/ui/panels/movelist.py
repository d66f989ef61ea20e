"""The move list of the play screen: numbered rounds in the game's notation, with notes.

A round is the moves of one turn of the table, in seat order. A new round
starts at a record whose seat does not come after the seat of the previous
record of the round, so a seat that is skipped (a finished player in Chinese
Checkers) leaves its column empty instead of shifting the others. With two
seats a round is one line (``1.  b2  a3``), one column per seat, as long as
every move fits its column; with more seats, or a move too long for a column
(a Chinese Checkers jump chain), each move has a line of its own, marked with
its seat's colour, and the
round's number stands on its first move. The latest move is boxed (the review
screen boxes the move it shows: ``current``). A click on a move calls
``on_pick`` with its index, where one is set (the play screen opens the review there). A note (a
bot that failed and was replaced by a random move) takes one short line under
its move's line, with a warning sign, so a few failures do not bury the
moves; the mouse over that line shows the note in full (``draw_details``).
The list follows the game to its latest move unless the player scrolls back
with the wheel. Sizes grow with the window's scale (``Fonts.scale``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import pygame

from game.lang import _, N_
from game.match.record import MoveRecord
from game.ui import palette
from game.ui.draw import Fonts, fit_text, mix, panel, text, wrap_text
from game.ui.panels.seatmarks import seat_dot, seat_ink

#: Up to this many seats a round is one line with a column per seat.
COLUMN_SEATS = 2
#: A note's line in the list; the note itself is shown when the mouse is over it.
NOTE_LINE = N_("⚠ Bot failed: random move")
#: The words of Gomoku's opening decisions (``gomoku_opening``: ``black``, ``more``, ``offer:j10``),
#: shown in the player's language; saved games and copied moves keep the notation.
DECISION_WORDS = {"black": N_("black"), "white": N_("white"), "more": N_("more"),
                  "offer": N_("offer"), "pick": N_("pick"), "fifths": N_("fifths")}


def shown_move(move_text: str) -> str:
    """A move as the list writes it: its notation, an opening decision's word translated."""
    word, colon, rest = move_text.partition(":")
    return _(DECISION_WORDS[word]) + colon + rest if word in DECISION_WORDS else move_text


@dataclass
class Line:
    """One drawn line: moves of a round (``number`` shown if ``numbered``), or a note."""

    number: int
    records: list[MoveRecord]
    note: str = ""
    numbered: bool = True
    #: The note in full (``note`` is its one-line summary).
    details: str = ""


def rounds(records: Sequence[MoveRecord]) -> list[list[MoveRecord]]:
    """``records`` grouped in turns of the table, following seat order."""
    groups: list[list[MoveRecord]] = []
    for record in records:
        if not groups or record.seat <= groups[-1][-1].seat:
            groups.append([])
        groups[-1].append(record)
    return groups


class MoveList:
    """Draws ``records`` in rounds inside ``rect``, each move in its seat's colour."""

    #: Height of one line of moves, in pixels.
    ROW_HEIGHT = 26

    def __init__(self, fonts: Fonts, colours: Sequence[palette.RGB] = palette.SEAT_COLOURS) -> None:
        self.fonts = fonts
        #: Each seat's colour, seat 0 first (the board's pieces: the renderer's ``seat_colours``).
        self.colours = tuple(colours)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0          # lines scrolled up from the bottom
        #: Pixels at the right of the header kept for controls drawn there (Copy, Paste).
        self.header_reserve = 0
        self._count = 0
        #: Where each move was drawn in the last frame (its label's box).
        self.drawn: list[tuple[MoveRecord, pygame.Rect]] = []
        #: Where each note's line was drawn in the last frame, and the note in full.
        self.notes_drawn: list[tuple[pygame.Rect, str]] = []
        #: The index of the move to box, kept in view (None: the latest; -1: none).
        self.current: int | None = None
        #: Called with a move's index when it is clicked (None: a click does nothing).
        self.on_pick: Callable[[int], None] | None = None
        self._positions: dict[int, int] = {}
        #: Each move's side, by its index (``State.move_sides``: a Gomoku stone's own colour), when
        #: it is not the seat that played it; empty: the seat's.
        self.sides: Sequence[int] = ()

    def px(self, length: float) -> int:
        """A length given for the 1280×800 window, at the window's scale."""
        return round(length * self.fonts.scale)

    @property
    def row_height(self) -> int:
        """Height of one line of moves, in pixels."""
        return self.px(self.ROW_HEIGHT)

    def lines(self, records: Sequence[MoveRecord], seats: int, columns: bool | None = None) -> list[Line]:
        """The lines to draw: a round a line when ``columns`` (by default with up to
        ``COLUMN_SEATS`` seats), else a move a line; a note's line under its move."""
        lines: list[Line] = []
        if columns is None:
            columns = seats <= COLUMN_SEATS
        for number, group in enumerate(rounds(records), start=1):
            rows = [group] if columns else [[record] for record in group]
            for index, row in enumerate(rows):
                lines.append(Line(number, row, numbered=index == 0))
                for record in row:
                    if record.note:
                        lines.append(Line(number, [], _(NOTE_LINE), details=record.note))
        return lines

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.on_pick is not None:
            picked = self.index_at(event.pos)
            if picked is not None:
                self.on_pick(picked)
                return True
        return False

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The index of the move drawn under ``pos`` in the last frame, or None."""
        for record, rect in self.drawn:
            if rect.inflate(8, 6).collidepoint(pos):
                return self._positions.get(id(record))
        return None

    @property
    def shown(self) -> bool:
        """Whether the list has room to be drawn at all."""
        return self.rect.height >= 60

    def body(self) -> pygame.Rect:
        """Where the lines go: ``rect`` below the header, inset from the edges."""
        body = self.rect.inflate(-20, -self.px(44))
        body.y = self.rect.y + self.px(34)
        return body

    def height_for(self, lines: int) -> int:
        """The height that shows ``lines`` lines of moves under the header."""
        return self.px(44) + lines * self.row_height

    @property
    def visible_lines(self) -> int:
        """How many lines of moves the list has room for."""
        return max(1, self.body().height // self.row_height)

    def draw(self, surface: pygame.Surface, records: Sequence[MoveRecord], seats: int) -> None:
        self.drawn = []
        self._positions = {id(record): index for index, record in enumerate(records)}
        self.notes_drawn = []
        rect = self.rect
        if not self.shown:
            return
        panel(surface, rect, fill=palette.BOARD, alpha=200)
        head = self.fonts.bold(13)
        text(surface, head, _("MOVES"), palette.TEXT_MUTED, (rect.x + 14, rect.y + 10))
        if len(records) != self._count:
            self._count = len(records)
            self.scroll = 0
        body = self.body()
        if not records:
            text(surface, self.fonts.text(15), _("No moves yet"), mix(palette.TEXT_MUTED, palette.BOARD, 0.3),
                 (rect.centerx, body.y + 16), "midtop")
            return
        row_h = self.row_height
        columns = self.fits_columns(records, seats, body.width)
        lines = self.lines(records, seats, columns)
        visible = self.visible_lines
        last: MoveRecord | None = records[-1]
        if self.current is not None:
            last = records[self.current] if 0 <= self.current < len(records) else None
        if last is not None and self.current is not None:    # the boxed move in view
            at = next(i for i, line in enumerate(lines) if any(r is last for r in line.records))
            self.scroll = min(max(self.scroll, len(lines) - 1 - at - visible + 1), len(lines) - 1 - at)
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - visible):end]
        clip = surface.get_clip()
        surface.set_clip(body)
        number_font, note_font = self.fonts.text(14), self.fonts.text(14)
        y = body.y
        for line in shown:
            middle = y + row_h // 2
            if line.note:
                text(surface, note_font, line.note, palette.WARNING, (body.x + 12, middle), "midleft")
                self.notes_drawn.append((pygame.Rect(body.x, y, body.width, row_h).clip(body), line.details))
            else:
                if line.numbered:
                    text(surface, number_font, f"{line.number}.", palette.TEXT_MUTED, (body.x + self.px(30), middle),
                         "midright")
                if columns:
                    self._draw_columns(surface, body, line, seats, middle, last)
                else:
                    self._draw_dotted(surface, body, line.records[0], middle, last)
            y += row_h
        surface.set_clip(clip)
        if self.scroll:
            text(surface, number_font, "↓ " + _("{n} more").format(n=self.scroll), palette.ACCENT,
                 (rect.right - 12 - self.header_reserve, rect.y + 10), "topright")

    def draw_details(self, surface: pygame.Surface, mouse: tuple[int, int]) -> pygame.Rect | None:
        """The full note of the note line under ``mouse``, in a box beside the list
        (left of it, over the board's margin, or over the list when there is no
        room); returns the box, None when the mouse is over no note."""
        note = next((details for rect, details in self.notes_drawn if rect.collidepoint(mouse)), "")
        if not note:
            return None
        font = self.fonts.text(14)
        width = self.px(300)
        lines = wrap_text(font, note, width - 24)
        box = pygame.Rect(0, 0, width, len(lines) * font.get_linesize() + 20)
        box.topright = (self.rect.x - 10, max(0, min(mouse[1] - 10, surface.get_height() - box.height)))
        if box.left < 0:
            box.midbottom = (self.rect.centerx, mouse[1] - 14)
        pygame.draw.rect(surface, palette.BOARD, box, border_radius=8)
        pygame.draw.rect(surface, palette.WARNING, box, 1, border_radius=8)
        y = box.y + 10
        for line in lines:
            y = text(surface, font, line, palette.TEXT, (box.x + 12, y)).bottom
        return box

    def column_width(self, body_width: int, seats: int) -> int:
        return max(self.px(50), min(self.px(96), (body_width - self.px(44)) // max(1, seats)))

    def fits_columns(self, records: Sequence[MoveRecord], seats: int, body_width: int) -> bool:
        """A round a line, one column per seat: for up to ``COLUMN_SEATS`` seats whose
        moves all fit their column (a long jump chain, "e6-e4-e2-g4-i6", does not:
        then each move has a line of its own, written in full)."""
        if seats > COLUMN_SEATS:
            return False
        font, room = self.fonts.bold(16), self.column_width(body_width, seats) - 8
        return all(font.size(shown_move(record.text))[0] <= room for record in records)

    def _draw_columns(self, surface: pygame.Surface, body: pygame.Rect, line: Line, seats: int, middle: int,
                      last: MoveRecord | None) -> None:
        """A round on one line, each move in its seat's column."""
        column_w = self.column_width(body.width, seats)
        for record in line.records:
            x = body.x + self.px(44) + record.seat * column_w
            self._draw_move(surface, record, x, column_w - 8, middle, record is last)

    def _draw_dotted(self, surface: pygame.Surface, body: pygame.Rect, record: MoveRecord, middle: int,
                     last: MoveRecord | None) -> None:
        """One move on its own line after a dot of its seat's colour."""
        seat_dot(surface, self._colour(record), (body.x + 48, middle), 5)
        x = body.x + 64
        self._draw_move(surface, record, x, body.right - 8 - x, middle, record is last)

    def _colour(self, record: MoveRecord) -> palette.RGB:
        """A move's colour: its side's (``sides``), else its seat's."""
        index = self._positions.get(id(record))
        side = self.sides[index] if index is not None and index < len(self.sides) else record.seat
        return self.colours[side % len(self.colours)]

    def _draw_move(self, surface: pygame.Surface, record: MoveRecord, x: int, room: int, middle: int,
                   latest: bool) -> None:
        font = self.fonts.bold(16)
        colour = seat_ink(self._colour(record))
        label = fit_text(font, shown_move(record.text), room)
        if latest:
            box_h = self.px(22)
            box = pygame.Rect(x - 6, middle - box_h // 2, font.size(label)[0] + 12, box_h)
            pygame.draw.rect(surface, mix(palette.BOARD, palette.ACCENT, 0.22), box, border_radius=6)
            pygame.draw.rect(surface, palette.ACCENT, box, 1, border_radius=6)
        drawn = text(surface, font, label, colour, (x, middle), "midleft")
        self.drawn.append((record, drawn))
