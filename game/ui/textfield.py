"""The one-line text box (``TextField``): the save dialog's name, the Join screen's
name and address, the chat's message line; and ``TextInput``, which turns the system's
text input (and so its input method, the way Chinese is typed) on while a field takes
typing and off otherwise, and keeps the input method's candidate window by the caret."""
from __future__ import annotations

from typing import Callable

import pygame

from game.ui import palette
from game.ui.clipboard import ClipboardError, paste_text
from game.ui.draw import blanked, clean_text, mix, render, text
from game.ui.widgets import ACTIVATE_KEYS, UiContext, Widget


class TextField(Widget):
    """A one-line text box: what is typed goes in at the cursor (the save dialog's
    name, the Join screen's name and address, the chat's message line).

    Typed text arrives as ``TEXTINPUT`` events (so a keyboard layout's own
    characters work). An input method (pinyin, say) first sends what it is composing as
    ``TEXTEDITING`` events: the field shows it at the caret, underlined, with the input
    method's own caret in it, and takes every key until the composition is committed (a
    ``TEXTINPUT``) or emptied, so Backspace, Enter, the arrows and Esc edit and choose the
    composition, never the field's text, the screen or a shortcut. Backspace, Delete, Left/Right, Home/End edit and move
    (with Shift they select), Ctrl+A selects everything, Ctrl+V pastes.
    Enter calls ``on_submit``. Text given with ``select`` shown selected
    is replaced by the first thing typed (a suggested file name). The field
    holds at most ``max_length`` characters and only what the fonts can draw,
    so pasted control characters never reach the screen or the network; an
    empty field shows its ``placeholder`` in muted letters.
    """

    blinks = True
    takes_typing = True

    def __init__(
        self,
        ctx: UiContext,
        content: str = "",
        on_submit: Callable[[], None] | None = None,
        wid: str = "",
        tooltip: str = "",
        font_size: int = 18,
        max_length: int = 240,
        on_change: Callable[[str], None] | None = None,
        placeholder: str = "",
    ) -> None:
        super().__init__(ctx, wid, tooltip)
        self.on_submit = on_submit
        self.on_change = on_change
        self.placeholder = placeholder
        self.font_size = font_size
        self.max_length = max_length
        self.text = ""
        self.cursor = 0
        self.anchor = 0          # the other end of the selection (== cursor: nothing selected)
        self.offset = 0          # pixels of text scrolled out at the left
        self.blink = 0.0
        self._caret_drawn = False
        #: What an input method is composing (shown at the caret, not yet in ``text``), and its caret in it.
        self.composition = ""
        self.composition_caret = 0
        #: Where the caret was last drawn, in window coordinates: the input method's candidates go by it.
        self.caret_rect = pygame.Rect(0, 0, 0, 0)
        self.set_text(content)

    def set_text(self, content: str, select: tuple[int, int] | None = None) -> None:
        """Show ``content`` with the cursor at its end, or ``select`` (start, end) selected."""
        self.text = clean_text(content)[: self.max_length]
        if select is None:
            self.anchor = self.cursor = len(self.text)
        else:
            self.anchor, self.cursor = (max(0, min(len(self.text), i)) for i in select)
        self.blink = 0.0

    @property
    def composing(self) -> bool:
        """Whether an input method is composing words for this field (they take every key)."""
        return bool(self.composition)

    def compose(self, composition: str, caret: int) -> None:
        """Show ``composition`` (an input method's words not yet typed) at the caret, its own caret at ``caret``."""
        self.composition = clean_text(blanked(composition))
        self.composition_caret = max(0, min(len(self.composition), caret))
        self.blink = 0.0

    @property
    def selection(self) -> tuple[int, int]:
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    def insert(self, content: str) -> None:
        """Put ``content`` in place of the selection (or at the cursor)."""
        content = clean_text(blanked(content))
        start, end = self.selection
        room = self.max_length - (len(self.text) - (end - start))
        content = content[: max(0, room)]
        self.text = self.text[:start] + content + self.text[end:]
        self.anchor = self.cursor = start + len(content)
        self._changed()

    def _changed(self) -> None:
        self.blink = 0.0
        if self.on_change is not None:
            self.on_change(self.text)

    def _move(self, position: int, extend: bool) -> None:
        self.cursor = max(0, min(len(self.text), position))
        if not extend:
            self.anchor = self.cursor
        self.blink = 0.0

    def activate(self) -> None:
        if self.on_submit is not None and self.enabled:
            self.on_submit()

    def step(self, delta: int) -> bool:
        start, end = self.selection
        if start != end:
            self._move(start if delta < 0 else end, False)
        else:
            self._move(self.cursor + delta, False)
        return True

    def edit(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.TEXTEDITING:
            self.compose(event.text, getattr(event, "start", len(event.text)))
            return True
        if event.type == pygame.TEXTINPUT:
            self.composition = ""
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if self.composing:
            return True          # the input method's key: it edits and chooses the composition
        mod = getattr(event, "mod", 0)
        ctrl, shift = mod & pygame.KMOD_CTRL, mod & pygame.KMOD_SHIFT
        start, end = self.selection
        if event.key == pygame.K_BACKSPACE:
            if start == end and start > 0:
                self.anchor = start - 1
            self.insert("")
        elif event.key == pygame.K_DELETE:
            if start == end and end < len(self.text):
                self.anchor = end + 1
            self.insert("")
        elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            delta = 1 if event.key == pygame.K_RIGHT else -1
            if shift:
                self._move(self.cursor + delta, True)
            else:
                self.step(delta)
        elif event.key in (pygame.K_HOME, pygame.K_END):
            self._move(0 if event.key == pygame.K_HOME else len(self.text), bool(shift))
        elif ctrl and event.key == pygame.K_a:
            self.anchor, self.cursor = 0, len(self.text)
        elif ctrl and event.key == pygame.K_v:
            try:
                self.insert(paste_text())
            except ClipboardError:
                self.ctx.sounds.play("error")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.on_submit is not None:
            self.activate()
        elif event.key == pygame.K_SPACE or (getattr(event, "unicode", "") and not ctrl
                                             and event.key not in ACTIVATE_KEYS and event.key != pygame.K_TAB
                                             and event.unicode.isprintable()):
            return True          # its character comes as TEXTINPUT; the key is no shortcut here
        else:
            return False
        return True

    def on_click(self, pos: tuple[int, int]) -> None:
        font = self.ctx.fonts.text(self.font_size)
        x = pos[0] - (self.rect.x + self._pad()) + self.offset
        widths = [font.size(self.text[:i])[0] for i in range(len(self.text) + 1)]
        self._move(min(range(len(widths)), key=lambda i: abs(widths[i] - x)), False)

    def _pad(self) -> int:
        return max(10, self.rect.height // 4)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.blink += dt

    @property
    def caret_shown(self) -> bool:
        """The caret blinks while the field has the focus: shown 0.6 s of every second."""
        return self.focused and (self.blink % 1.0) < 0.6

    @property
    def animating(self) -> bool:
        """Easing, or the caret turned on or off since the field was last drawn (the
        window draws a frame at each blink, not every frame)."""
        return super().animating or self.caret_shown != self._caret_drawn

    def draw(self, surface: pygame.Surface) -> None:
        self._caret_drawn = self.caret_shown
        if not self.visible or self.rect.width <= 0:
            return
        rect = self.rect
        radius = min(10, rect.height // 2)
        lit = self.focused or self.hovered
        pygame.draw.rect(surface, palette.BOARD, rect, border_radius=radius)
        pygame.draw.rect(surface, palette.ACCENT if self.focused else mix(palette.PANEL_BORDER, palette.ACCENT, 0.4 * lit),
                         rect, 2, border_radius=radius)
        font = self.ctx.fonts.text(self.font_size)
        pad = self._pad()
        inner = pygame.Rect(rect.x + pad, rect.y, rect.width - 2 * pad, rect.height)
        start, end = self.selection
        if self.composing:       # the composition stands where it will go: in place of the selection
            shown = self.text[:start] + self.composition + self.text[end:]
            caret = start + self.composition_caret
        else:
            shown, caret = self.text, self.cursor
        cursor_x = font.size(shown[:caret])[0]
        if cursor_x - self.offset > inner.width:
            self.offset = cursor_x - inner.width
        elif cursor_x < self.offset:
            self.offset = cursor_x
        self.offset = max(0, min(self.offset, max(0, font.size(shown)[0] - inner.width)))
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        line_h = font.get_height()
        top = rect.centery - line_h // 2
        self.caret_rect = pygame.Rect(inner.x - self.offset + cursor_x, rect.y, 2, rect.height)
        if self.composing:
            surface.blit(render(font, shown, palette.TEXT), (inner.x - self.offset, top))
            x0 = inner.x - self.offset + font.size(shown[:start])[0]
            x1 = x0 + font.size(self.composition)[0]
            pygame.draw.line(surface, palette.ACCENT, (x0, top + line_h - 1), (x1, top + line_h - 1), 2)
        else:
            self._draw_text(surface, font, inner, top)
        if self.caret_shown:
            x = inner.x - self.offset + cursor_x
            pygame.draw.line(surface, palette.ACCENT, (x, top + 2), (x, top + line_h - 2), 2)
        surface.set_clip(clip)
        self.draw_focus(surface, rect, radius)

    def _draw_text(self, surface: pygame.Surface, font: pygame.font.Font, inner: pygame.Rect, top: int) -> None:
        """The text with its selection, or the placeholder of an empty field."""
        start, end = self.selection
        line_h = font.get_height()
        selected = start != end and self.focused
        if selected:
            x0 = inner.x - self.offset + font.size(self.text[:start])[0]
            x1 = inner.x - self.offset + font.size(self.text[:end])[0]
            pygame.draw.rect(surface, palette.ACCENT_DARK, pygame.Rect(x0, top, x1 - x0, line_h), border_radius=3)
        if self.text:
            surface.blit(render(font, self.text, palette.TEXT), (inner.x - self.offset, top))
        elif self.placeholder:
            text(surface, font, self.placeholder, mix(palette.TEXT_MUTED, palette.BOARD, 0.3),
                 (inner.x, top + line_h // 2), "midleft")
        if selected:
            chosen = render(font, self.text[start:end], palette.BACKGROUND_TOP)
            surface.blit(chosen, (inner.x - self.offset + font.size(self.text[:start])[0], top))


class TextInput:
    """The system's text input, on while a field takes typing and off otherwise.

    While it is on, an input method (ibus, fcitx, Windows' and macOS' own) turns keys into
    words: a player typing Chinese picks them from its candidate window, which
    ``pygame.key.set_text_input_rect`` keeps by the field's caret. While it is off, keys are
    only keys, so with a Chinese input method on, H still asks for a hint and Esc opens the
    menu instead of starting a composition. The app calls ``follow`` every frame with the
    field that takes typing (None: none).
    """

    def __init__(self) -> None:
        self.field: TextField | None = None
        self.on: bool | None = None      # None: not set yet (SDL starts with text input on)
        self.rect: tuple[int, int, int, int] | None = None

    def follow(self, field: TextField | None) -> None:
        if field is not self.field and self.field is not None:
            self.field.composition = ""  # the input method's composition ends with the typing
        self.field = field
        if (field is not None) != self.on:
            self.on = field is not None
            (pygame.key.start_text_input if self.on else pygame.key.stop_text_input)()
            self.rect = None
        if field is not None and field.caret_rect.width and tuple(field.caret_rect) != self.rect:   # drawn once
            self.rect = tuple(field.caret_rect)
            pygame.key.set_text_input_rect(field.caret_rect)
