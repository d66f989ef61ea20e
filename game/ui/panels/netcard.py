"""A card over the board of a network game that asks or tells the player something at once:
an opponent's request (take back a move, a draw, a rematch) with Accept and Decline,
or the game paused because a player's connection dropped, with the time left for
them to come back and, once it is up, what the host may do.

The card is drawn over the top of the board, so the position stays in view; its
buttons join the play screen's keyboard focus while it is up. What a button
does is its host's callback: the card only shows and routes.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from game.ui import palette
from game.ui.draw import mix, panel, text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.services import Services


@dataclass(frozen=True)
class CardAction:
    """A button of the card: its label, control id, what it does, its look and key."""

    label: str
    wid: str
    run: Callable[[], None]
    style: str = "normal"
    shortcut: str = ""


def countdown_text(seconds: float) -> str:
    """Seconds left as a clock: 125.2 -> "2:06" (rounded up: never 0:00 while time is left)."""
    whole = max(0, math.ceil(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


class NetCard:
    """One card: a title, a message, an optional countdown and a row of buttons."""

    def __init__(self, services: "Services", colour: str = "ACCENT") -> None:
        self.services = services
        #: The card's colour by its name in ``palette``, read as drawn (the theme may change meanwhile).
        self.colour_name = colour
        self.visible = False
        self.title = ""
        self.message = ""
        #: Seconds left on the countdown (None: no countdown), and its words around it.
        self.seconds_left: float | None = None
        self.countdown_words = ""
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.area = pygame.Rect(0, 0, 0, 0)

    def show(self, title: str, message: str, actions: list[CardAction] = (), *, seconds_left: float | None = None,
             countdown_words: str = "") -> None:
        """Put the card up with these words and buttons (replacing what it showed)."""
        self.visible = True
        self.title, self.message = title, message
        self.seconds_left, self.countdown_words = seconds_left, countdown_words
        self.buttons = [Button(self.services, a.label, a.run, wid=a.wid, style=a.style,
                               shortcut=a.shortcut, font_size=16) for a in actions]
        self.layout(self.area)

    def hide(self) -> None:
        self.visible = False
        self.buttons = []

    def update(self, dt: float) -> bool:
        """Count down; True when the clock shown changed (a second went by on a visible card),
        so the screen redraws once a second rather than every frame."""
        for button in self.buttons:
            button.update(dt)
        if self.seconds_left is None:
            return False
        shown = countdown_text(self.seconds_left)
        self.seconds_left = max(0.0, self.seconds_left - dt)
        return self.visible and countdown_text(self.seconds_left) != shown

    # -- layout and drawing -----------------------------------------------------------------
    def _lines(self, width: int) -> list[str]:
        font = self.services.fonts.text(16)
        lines = wrap_text(font, self.message, width) if self.message else []
        if self.seconds_left is not None:
            lines.append(f"{self.countdown_words} {countdown_text(self.seconds_left)}".strip())
        return lines

    def layout(self, area: pygame.Rect) -> None:
        """Centred at the top of ``area`` (the board), as wide as reads well."""
        self.area = pygame.Rect(area)
        if area.width <= 0:
            return
        px = self.services.window.px
        width = min(area.width - 16, px(560))
        fonts = self.services.fonts
        inner = width - 40
        lines = self._lines(inner)
        button_h = px(40) if self.buttons else 0
        height = (20 + fonts.bold(20).get_linesize() + 6 + len(lines) * fonts.text(16).get_linesize()
                  + (14 + button_h if self.buttons else 0) + 18)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.midtop = (area.centerx, area.y + 12)
        if self.buttons:
            gap = 12
            each = (inner - gap * (len(self.buttons) - 1)) // len(self.buttons)
            for i, button in enumerate(self.buttons):
                button.rect = pygame.Rect(self.rect.x + 20 + i * (each + gap), self.rect.bottom - 18 - button_h,
                                          each, button_h)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        self.layout(self.area)     # the countdown's line may wrap differently
        rect = self.rect
        colour = getattr(palette, self.colour_name)
        panel(surface, rect, fill=mix(palette.PANEL, colour, 0.10), border=colour, alpha=245,
              shadow=self.services.shadows)
        fonts = self.services.fonts
        y = text(surface, fonts.bold(20), self.title, colour, (rect.centerx, rect.y + 20), "midtop").bottom + 6
        for line in self._lines(rect.width - 40):
            y = text(surface, fonts.text(16), line, palette.TEXT, (rect.centerx, y), "midtop").bottom
        for button in self.buttons:
            button.draw(surface)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The mouse on the card: its buttons take clicks, and the card hides the board under it."""
        if not self.visible:
            return False
        used = any([button.handle_event(event) for button in self.buttons])
        pos = getattr(event, "pos", None)
        return used or (pos is not None and event.type != pygame.MOUSEMOTION and self.rect.collidepoint(pos))
