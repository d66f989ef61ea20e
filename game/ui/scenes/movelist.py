"""The move list of the play screen: numbered rounds in the game's notation, with notes.

A round is one move of each seat (``1.  b2  a3``), coloured by seat; the
latest move is marked. A note (a bot that failed and was replaced by a random
move) is shown under its round with a warning sign. The list follows the
game to its latest move unless the player scrolls back with the wheel.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

import pygame

from game.match import MoveRecord
from game.ui import palette
from game.ui.draw import Fonts, fit_text, mix, panel, text, wrap_text


@dataclass
class Line:
    """One drawn line: a round of moves, or a note under it."""

    number: int
    records: list[MoveRecord]
    note: str = ""


class MoveList:
    """Draws ``records`` in rounds of ``seats`` moves inside ``rect``."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0          # lines scrolled up from the bottom
        self._count = 0

    def lines(self, records: Sequence[MoveRecord], seats: int, width: int) -> list[Line]:
        font = self.fonts.text(14)
        lines: list[Line] = []
        for start in range(0, len(records), seats):
            group = list(records[start:start + seats])
            lines.append(Line(start // seats + 1, group))
            for record in group:
                if record.note:
                    for part in wrap_text(font, f"⚠ {record.note}", width):
                        lines.append(Line(start // seats + 1, [], part))
        return lines

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y)
            return True
        return False

    def draw(self, surface: pygame.Surface, records: Sequence[MoveRecord], seats: int) -> None:
        rect = self.rect
        if rect.height < 60:
            return
        panel(surface, rect, fill=palette.BOARD, alpha=200)
        head = self.fonts.bold(13)
        text(surface, head, "MOVES", palette.TEXT_MUTED, (rect.x + 14, rect.y + 10))
        if len(records) != self._count:
            self._count = len(records)
            self.scroll = 0
        body = rect.inflate(-20, -44)
        body.y = rect.y + 34
        if not records:
            text(surface, self.fonts.text(15), "No moves yet", mix(palette.TEXT_MUTED, palette.BOARD, 0.3),
                 (rect.centerx, body.y + 16), "midtop")
            return
        row_h = 26
        lines = self.lines(records, seats, body.width - 20)
        visible = max(1, body.height // row_h)
        self.scroll = min(self.scroll, max(0, len(lines) - visible))
        end = len(lines) - self.scroll
        shown = lines[max(0, end - visible):end]
        clip = surface.get_clip()
        surface.set_clip(body)
        number_font, move_font, note_font = self.fonts.text(14), self.fonts.bold(16), self.fonts.text(14)
        column_w = max(50, min(96, (body.width - 44) // max(1, seats)))
        last = records[-1]
        y = body.y
        for line in shown:
            if line.note:
                text(surface, note_font, fit_text(note_font, line.note, body.width - 12), palette.WARNING,
                     (body.x + 12, y + row_h // 2), "midleft")
            else:
                text(surface, number_font, f"{line.number}.", palette.TEXT_MUTED, (body.x + 30, y + row_h // 2), "midright")
                for record in line.records:
                    x = body.x + 44 + record.seat * column_w
                    colour = palette.SEAT_COLOURS[record.seat % len(palette.SEAT_COLOURS)]
                    label = fit_text(move_font, record.text, column_w - 8)
                    if record is last:
                        box = pygame.Rect(x - 6, y + 2, move_font.size(label)[0] + 12, row_h - 4)
                        pygame.draw.rect(surface, mix(palette.BOARD, palette.ACCENT, 0.22), box, border_radius=6)
                        pygame.draw.rect(surface, palette.ACCENT, box, 1, border_radius=6)
                    text(surface, move_font, label, colour, (x, y + row_h // 2), "midleft")
            y += row_h
        surface.set_clip(clip)
        if self.scroll:
            text(surface, number_font, f"↓ {self.scroll} more", palette.ACCENT, (rect.right - 12, rect.y + 10), "topright")
