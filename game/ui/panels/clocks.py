"""The play screen's clocks: a face for every seat when the game has a time control.

Each face shows the seat's colour and name and its time left (``clock_text``: tenths
under ten seconds), and under byo-yomi its periods left (``×3``). The face of the seat
whose clock runs is tinted with its colour and outlined; a low time (under ``LOW_TIME``
seconds, or the last byo-yomi period) is written in the warning colour, a fallen flag
in the bad one. Faces go two a row, three a row for five or six seats. In a game of more
than two seats the dot is numbered as the marbles are, so a face too narrow for the name
still tells its seat; a clock paused (the game menu) shows the pause sign in its place,
and says "Paused" where the words fit (the seat's name otherwise, never cut to a letter).

The panel only reads the session's clock (``Session.clock``); the play screen asks it
whether what it shows has changed (``changed``) so the window redraws a ticking clock
and stays still otherwise.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.lang import _
from game.match.clocks import LOW_TIME, SeatTime, clock_text
from game.ui import palette
from game.ui.draw import clean_text, fit_text, mix, seat_token, text
from game.ui.panels.seatmarks import piece_colour, seat_dot

if TYPE_CHECKING:
    from game.match.session import Session
    from game.rules.core import State
    from game.ui.services import Services

#: A face's height and the gap between faces, at the 1280×800 scale.
FACE_H, GAP = 34, 6


class ClockHost(Protocol):
    """What the panel reads of the play screen it is on."""

    services: "Services"
    session: "Session"

    @property
    def state(self) -> "State": ...

    def seat_colour(self, seat: int) -> tuple[int, int, int]: ...


def face_text(time_left: SeatTime) -> str:
    """What one face shows: the time, ``×N`` byo-yomi periods after it."""
    shown = clock_text(0.0 if time_left.flagged else time_left.shown)
    return f"{shown}  ×{time_left.periods}" if time_left.periods else shown


def low(time_left: SeatTime) -> bool:
    """Little time is left: under ``LOW_TIME`` seconds of main time with no periods after it,
    or in the last byo-yomi period."""
    if time_left.flagged:
        return True
    if time_left.main > 0:
        return time_left.main < LOW_TIME and not time_left.periods
    return time_left.periods <= 1


class ClockPanel:
    """Every seat's clock on one play screen (nothing when the game has no time control)."""

    def __init__(self, scene: ClockHost) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)
        self._drawn: tuple = ()

    @property
    def shown(self) -> bool:
        return self.scene.session.clock is not None

    def columns(self) -> int:
        return 3 if self.scene.state.num_seats > 4 else 2

    def height(self) -> int:
        """The room the faces take (0 without a clock)."""
        if not self.shown:
            return 0
        px = self.scene.services.window.px
        rows = -(-self.scene.state.num_seats // self.columns())
        return rows * px(FACE_H) + (rows - 1) * px(GAP)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect.x, rect.y, rect.width, self.height())

    def faces(self) -> list[tuple[int, pygame.Rect]]:
        """Each seat's face, down the rows in seat order."""
        px = self.scene.services.window.px
        columns, seats = self.columns(), self.scene.state.num_seats
        width = (self.rect.width - (columns - 1) * px(GAP)) // columns
        return [(seat, pygame.Rect(self.rect.x + (seat % columns) * (width + px(GAP)),
                                   self.rect.y + (seat // columns) * (px(FACE_H) + px(GAP)), width, px(FACE_H)))
                for seat in range(seats)]

    def _now(self) -> tuple:
        clock = self.scene.session.clock
        if clock is None:
            return ()
        return (clock.ticking(), clock.paused,
                tuple(face_text(clock.left(seat)) for seat in range(len(clock.times))))

    def changed(self) -> bool:
        """What the faces show differs from what was drawn last (a second went by)."""
        return self.shown and self._now() != self._drawn

    def draw(self, surface: pygame.Surface) -> None:
        clock = self.scene.session.clock
        if clock is None or not self.rect.height:
            return
        self._drawn = self._now()
        fonts, px = self.scene.services.fonts, self.scene.services.window.px
        state = self.scene.state
        running = clock.ticking() if clock.ticking() is not None else (
            clock.running if not self.scene.session.is_over else None)
        name_font = fonts.text(max(12, px(13)))
        for seat, face in self.faces():
            colour = self.scene.seat_colour(seat)
            time_left = clock.left(seat)
            on = seat == running
            fill = mix(palette.PANEL, colour, 0.26) if on else mix(palette.PANEL, palette.PANEL_LIGHT, 0.6)
            pygame.draw.rect(surface, fill, face, border_radius=face.height // 2)
            pygame.draw.rect(surface, colour if on else palette.PANEL_BORDER, face, 2 if on else 1,
                             border_radius=face.height // 2)
            centre = (face.x + px(14), face.centery)
            paused = clock.paused and on
            if paused:            # the pause sign where the dot was: it says so on a face too narrow for words
                for dx in (-px(3), px(2)):
                    pygame.draw.rect(surface, palette.TEXT, (centre[0] + dx - px(1), centre[1] - px(5), px(3), px(10)))
            elif state.num_seats > 2:   # numbered as the marbles are, so a face too narrow for the name tells the seat
                seat_token(surface, centre, px(8), piece_colour(colour), str(seat + 1))
            else:
                seat_dot(surface, colour, centre, px(5))
            shown = face_text(time_left)
            name = clean_text(_(state.seat_name(seat)))
            # The largest time that leaves the name whole; on a narrow face, the largest that fits.
            inside = face.width - px(26) - px(12)
            fonts_by_size = [fonts.bold(max(size, px(size))) for size in (17, 15, 13)]
            time_font = next((font for font in fonts_by_size
                              if font.size(shown)[0] + px(6) + name_font.size(name)[0] <= inside),
                             next((font for font in fonts_by_size if font.size(shown)[0] <= inside), fonts.bold(12)))
            ink = palette.BAD if time_left.flagged else palette.WARNING if low(time_left) else palette.TEXT
            time_rect = text(surface, time_font, shown, ink, (face.right - px(12), face.centery), "midright")
            room = time_rect.left - face.x - px(26) - px(6)
            if paused and name_font.size(_("Paused"))[0] <= room:
                name = _("Paused")
            if room > px(24) and (name_font.size(name)[0] <= room or room > px(48)):   # never a letter and "…"
                text(surface, name_font, fit_text(name_font, name, room),
                     palette.TEXT if on else palette.TEXT_MUTED, (face.x + px(26), face.centery), "midleft")
