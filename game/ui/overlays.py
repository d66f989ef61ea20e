"""Toasts: short messages that slide in and fade away.

Used for things the player should notice without being stopped: a bot that
failed and was replaced by a random move, a setting file that was damaged,
a game saved. Errors that need an answer use a dialog instead.

Each screen says where toasts may go (``Scene.toast_room``: on the play
screen, above the board's cells and clear of the side panel); they stack
down from the top of that room, centred in it. A toast that does not fit
below the ones shown waits, without ageing, until there is room; the
oldest is always shown.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui import palette
from game.ui.draw import Fonts, mix, text, wrap_text
from game.ui.tween import Tween, ease_out_back

KIND_COLOURS = {"info": palette.ACCENT, "good": palette.GOOD, "warning": palette.WARNING, "error": palette.BAD}
KIND_ICONS = {"info": "●", "good": "✓", "warning": "⚠", "error": "⚠"}


@dataclass
class Toast:
    message: str
    kind: str
    life: float
    age: float = 0.0
    slide: Tween = field(default_factory=lambda: Tween(0.0, 1.0, 0.35, ease_out_back))
    #: Where it was last drawn; None while it waits for room.
    rect: pygame.Rect | None = None


class Toasts:
    """The messages currently shown, newest at the bottom of the stack."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.items: list[Toast] = []
        self.speed = 1.0

    def show(self, message: str, kind: str = "info", seconds: float = 4.5) -> None:
        if kind not in KIND_COLOURS:
            raise ValueError(f"toast kind {kind!r} is not one of {', '.join(KIND_COLOURS)}")
        duration = 0.35 / self.speed if self.speed > 0 else 0.0
        self.items.append(Toast(message, kind, seconds, slide=Tween(0.0, 1.0, duration, ease_out_back)))
        del self.items[:-4]

    def messages(self) -> list[str]:
        return [t.message for t in self.items]

    def update(self, dt: float) -> None:
        for toast in self.items:
            if toast.rect is None:
                continue   # waiting for room: its time starts when it is shown
            toast.age += dt
            toast.slide.update(dt)
        self.items = [t for t in self.items if t.age < t.life]

    def draw(self, surface: pygame.Surface, room: pygame.Rect | None = None) -> None:
        """Draw the toasts stacked down from the top of ``room`` (default: the whole surface)."""
        room = surface.get_rect() if room is None else pygame.Rect(room)
        font = self.fonts.text(16)
        y = room.top + 14
        width_limit = max(160, min(620, room.width - 40))
        for index, toast in enumerate(self.items):
            lines = wrap_text(font, toast.message, width_limit - 56)
            height = 18 + len(lines) * font.get_linesize()
            if index > 0 and y + height > room.bottom:
                for waiting in self.items[index:]:
                    waiting.rect = None
                break
            width = max(font.size(line)[0] for line in lines) + 60
            fade = min(1.0, (toast.life - toast.age) / 0.4)
            box = pygame.Rect(0, 0, width, height)
            box.centerx = room.centerx
            box.y = y
            toast.rect = pygame.Rect(box)
            box.y = round(y - (1 - toast.slide.value) * (height + 20))
            colour = KIND_COLOURS[toast.kind]
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*mix(palette.PANEL, colour, 0.12), 245), layer.get_rect(), border_radius=12)
            pygame.draw.rect(layer, colour, layer.get_rect(), 2, border_radius=12)
            text(layer, self.fonts.text(18), KIND_ICONS[toast.kind], colour, (20, height // 2), "center")
            ty = 9
            for line in lines:
                text(layer, font, line, palette.TEXT, (38, ty))
                ty += font.get_linesize()
            layer.set_alpha(round(255 * max(0.0, fade)))
            surface.blit(layer, box)
            y += height + 8
