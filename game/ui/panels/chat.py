"""The chat of a network game: what the players said (and who came and went), newest at
the foot, and the line to type a message in.

The panel holds the lines and draws them; sending is its host's business
(``on_send`` gets the typed text, which the play screen hands to the remote
session). Lines are wrapped to the panel's width; the mouse wheel scrolls back
through older ones. A line from the network is cleaned before it is kept, so
any text a peer sends can be drawn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from game.lang import _, N_
from game.ui import palette
from game.ui.draw import clean_text, mix, panel, text, wrap_text
from game.ui.textfield import TextField

if TYPE_CHECKING:
    from game.ui.services import Services

#: Lines kept (older ones are dropped): a long evening's chat does not grow without end.
KEPT_LINES = 400
#: The longest message the line takes (the server has its own limit on a whole message).
MESSAGE_LENGTH = 300


@dataclass(frozen=True)
class ChatLine:
    """A message (``name`` said ``words``) or, with no name, a note of the game's (who joined)."""

    name: str
    words: str
    colour: tuple[int, int, int] = palette.TEXT


class ChatPanel:
    """The chat's lines and its typing line, in ``rect``."""

    def __init__(self, services: "Services", on_send: Callable[[str], None]) -> None:
        self.services = services
        self.on_send = on_send
        self.lines: list[ChatLine] = []
        self.field = TextField(services, on_submit=self._submit, wid="chat", placeholder=_("Chat: type, Enter sends"),
                               max_length=MESSAGE_LENGTH, font_size=15,
                               tooltip=N_("Say something to everyone in this game (Enter sends)"))
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Wrapped lines scrolled back from the newest (0: the newest at the foot).
        self.scroll = 0
        self.unread = 0

    # -- content ---------------------------------------------------------------------
    def add(self, name: str, words: str, colour: tuple[int, int, int] = palette.TEXT) -> None:
        """A message ``name`` sent."""
        self._keep(ChatLine(clean_text(name), clean_text(words), colour))

    def note(self, words: str) -> None:
        """A line of the game's own: a player joined or left, a request answered."""
        self._keep(ChatLine("", clean_text(words), palette.TEXT_MUTED))

    def _keep(self, line: ChatLine) -> None:
        self.lines = (self.lines + [line])[-KEPT_LINES:]
        self.scroll = 0
        self.unread += 1

    def _submit(self) -> None:
        words = self.field.text.strip()
        if not words:
            return
        self.field.set_text("")
        self.on_send(words)

    # -- layout and input -------------------------------------------------------------
    def height_for(self, lines: int) -> int:
        """The height that shows the typing line and the last ``lines`` lines over it
        (with no heading: the typing line's placeholder names the chat)."""
        return self.services.window.px(34) + 16 + lines * self.services.fonts.text(14).get_linesize()

    @property
    def shown(self) -> bool:
        """Whether the panel has room for its typing line and a line of chat."""
        return self.rect.height >= self.height_for(1)

    @property
    def headed(self) -> bool:
        """Whether the panel has room for its CHAT heading over two lines of chat."""
        return self.rect.height >= self.height_for(2) + self.services.fonts.bold(12).get_linesize() + 4

    def layout(self, rect: pygame.Rect) -> None:
        """The lines over the typing line, in ``rect`` (too small a rect hides the panel)."""
        self.rect = pygame.Rect(rect)
        px = self.services.window.px
        height = px(34)
        self.field.rect = pygame.Rect(rect.x + 8, rect.bottom - height - 8, rect.width - 16, height)
        self.field.visible = self.shown

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The mouse wheel over the lines scrolls them; typing goes to the focused line."""
        if event.type == pygame.MOUSEWHEEL and self.shown and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, self.scroll + event.y)
            return True
        if self.field.focused and self.field.visible:
            return self.field.edit(event)
        return False

    # -- drawing -------------------------------------------------------------------------
    def wrapped(self, width: int) -> list[tuple[str, tuple[int, int, int], bool]]:
        """Every line as drawn: (text, colour, bold name first) per wrapped row, oldest first."""
        font = self.services.fonts.text(14)
        rows = []
        for line in self.lines:
            whole = f"{line.name}: {line.words}" if line.name else line.words
            for i, row in enumerate(wrap_text(font, whole, width)):
                rows.append((row, line.colour if line.name and i == 0 else
                             (palette.TEXT if line.name else palette.TEXT_MUTED), bool(line.name) and i == 0))
        return rows

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        rect = self.rect
        panel(surface, rect, fill=mix(palette.BOARD, palette.PANEL, 0.5), alpha=255, radius=12)
        fonts = self.services.fonts
        top = rect.y + 4
        if self.headed:
            top = text(surface, fonts.bold(12), _("CHAT"), palette.TEXT_MUTED, (rect.x + 12, rect.y + 6)).bottom + 4
        area = pygame.Rect(rect.x + 12, top, rect.width - 24, self.field.rect.top - top - 4)
        font, bold = fonts.text(14), fonts.bold(14)
        step = font.get_linesize()
        rows = self.wrapped(area.width)
        fit = max(1, area.height // step)
        self.scroll = min(self.scroll, max(0, len(rows) - fit))
        end = len(rows) - self.scroll
        shown = rows[max(0, end - fit):end]
        if not rows:
            text(surface, font, _("No messages yet"), mix(palette.TEXT_MUTED, palette.BOARD, 0.3), (area.x, area.y))
        y = area.bottom - len(shown) * step
        for row, colour, named in shown:
            if named and ": " in row:
                name, rest = row.split(": ", 1)
                x = text(surface, bold, name + ":", colour, (area.x, y)).right
                text(surface, font, " " + rest, palette.TEXT, (x, y))
            else:
                text(surface, font, row, colour, (area.x, y))
            y += step
        self.field.draw(surface)
