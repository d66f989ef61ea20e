"""A one-line text field drawn like the arcade's other controls: the Join screen's
address and name, the chat's message line.

Typing comes as SDL's text-input events (``pygame.TEXTINPUT``: any keyboard
layout, any script); Backspace, Delete, Left/Right, Home/End edit and move the
caret; Enter calls ``on_submit`` with the text. A field holds at most
``max_length`` characters and only what the fonts can draw, so pasted control
characters never reach the screen or the network.
"""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui import palette
from game.ui.draw import clean_text, mix, text
from game.ui.widgets import UiContext, Widget

#: Keys a focused field keeps for itself (the scene's shortcuts must not fire while typing).
EDIT_KEYS = (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END,
             pygame.K_RETURN, pygame.K_KP_ENTER)


class TextField(Widget):
    """An editable line of text with a caret, a placeholder when empty, and a label above."""

    def __init__(self, ctx: UiContext, on_submit: Callable[[str], None] | None = None, *, wid: str = "",
                 placeholder: str = "", value: str = "", max_length: int = 200, tooltip: str = "",
                 font_size: int = 17) -> None:
        super().__init__(ctx, wid, tooltip)
        self.on_submit = on_submit
        self.placeholder = placeholder
        self.max_length = max_length
        self.font_size = font_size
        self.value = ""
        self.caret = 0
        self.blink = 0.0
        self.set_text(value)

    def set_text(self, value: str) -> None:
        """Replace the text (cleaned and cut to ``max_length``); the caret goes to its end."""
        self.value = clean_text(value)[: self.max_length]
        self.caret = len(self.value)

    def insert(self, typed: str) -> None:
        """Put ``typed`` at the caret, as much of it as the length limit leaves room for."""
        typed = clean_text(typed)[: max(0, self.max_length - len(self.value))]
        self.value = self.value[: self.caret] + typed + self.value[self.caret:]
        self.caret += len(typed)
        self.blink = 0.0

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key or typed text for the focused field; True if the field used it."""
        if not self.enabled:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        if key == pygame.K_BACKSPACE and self.caret > 0:
            self.value = self.value[: self.caret - 1] + self.value[self.caret:]
            self.caret -= 1
        elif key == pygame.K_DELETE:
            self.value = self.value[: self.caret] + self.value[self.caret + 1:]
        elif key == pygame.K_LEFT:
            self.caret = max(0, self.caret - 1)
        elif key == pygame.K_RIGHT:
            self.caret = min(len(self.value), self.caret + 1)
        elif key == pygame.K_HOME:
            self.caret = 0
        elif key == pygame.K_END:
            self.caret = len(self.value)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit is not None:
                self.on_submit(self.value)
        elif event.unicode and event.unicode.isprintable() and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return True     # its character comes as the TEXTINPUT event that follows
        elif key not in EDIT_KEYS:
            return False
        self.blink = 0.0
        return True

    def step(self, delta: int) -> bool:
        """Left/Right routed by a focus group move the caret."""
        self.caret = max(0, min(len(self.value), self.caret + delta))
        self.blink = 0.0
        return True

    def activate(self) -> None:
        """Enter on the focused field (routed by a focus group) submits it."""
        if self.on_submit is not None and self.enabled:
            self.on_submit(self.value)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.blink += dt

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        rect = self.rect
        radius = min(10, rect.height // 2)
        lit = self.focused or self.hovered
        pygame.draw.rect(surface, mix(palette.BOARD, palette.PANEL_LIGHT, 0.3 if lit else 0.0), rect,
                         border_radius=radius)
        border = palette.ACCENT if self.focused else mix(palette.PANEL_BORDER, palette.ACCENT, self.glow * 0.6)
        pygame.draw.rect(surface, border if self.enabled else palette.PANEL_BORDER, rect, 2, border_radius=radius)
        font = self.ctx.fonts.text(self.font_size)
        inner = rect.inflate(-24, 0)
        if not self.value:
            text(surface, font, self.placeholder, mix(palette.TEXT_MUTED, palette.BOARD, 0.3), (inner.x, rect.centery),
                 "midleft")
            before_w, shift = 0, 0
        else:
            before_w = font.size(self.value[: self.caret])[0]
            shift = max(0, before_w - inner.width + 4)   # keep the caret in view
            clip = surface.get_clip()
            surface.set_clip(inner.clip(clip) if clip else inner)
            text(surface, font, self.value, palette.TEXT, (inner.x - shift, rect.centery), "midleft")
            surface.set_clip(clip)
        if self.focused and self.enabled and int(self.blink * 2) % 2 == 0:
            x = inner.x + before_w - shift
            height = font.get_height()
            pygame.draw.line(surface, palette.ACCENT, (x, rect.centery - height // 2), (x, rect.centery + height // 2), 2)
