"""Buttons, choosers and keyboard focus: the controls every scene is built from.

The scenes draw their controls with these, so that every one has the same
hover and press feedback (colour, a slight scale, a click sound) and a gold
focus ring that the keyboard moves: Tab and Shift+Tab go round, arrow keys
go to the nearest control in that direction, Enter or Space presses,
Left/Right change a chooser, a text field takes what is typed. Nothing
needs the mouse.

Tooltips appear only on hover after a short rest, only where they say
something the control's own words do not (a shortcut's other key, what a
button does), and beside or above the control, never over its neighbours.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

import pygame

from game.ui import palette
from game.ui.clipboard import ClipboardError, paste_text
from game.ui.draw import Fonts, brighten, clean_text, fit_text, keycap, mix, render, text, words_fit, wrap_text

RGB = tuple[int, int, int]
#: Seconds the mouse rests on a control before its tooltip shows.
TOOLTIP_DELAY = 0.55

ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
DIRECTIONS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


class SoundPlayer(Protocol):
    def play(self, name: str) -> None: ...


class UiContext(Protocol):
    """What controls need from the application: fonts, sounds, focus display."""

    fonts: Fonts
    sounds: SoundPlayer
    keyboard_mode: bool


#: How near ``approach`` brings a value before it lands on its target: closer than
#: this shows no difference, and a value at rest lets the window stop redrawing.
SETTLED = 0.004


def approach(current: float, target: float, dt: float, rate: float = 14.0) -> float:
    """Move ``current`` towards ``target`` smoothly, independent of frame rate; it
    lands on ``target`` once within ``SETTLED`` of it."""
    moved = current + (target - current) * min(1.0, dt * rate)
    return target if abs(target - moved) < SETTLED else moved


class DoubleClick:
    """Tells a second click on the same row of a list within ``DoubleClick.MS`` milliseconds."""

    #: The most milliseconds between the two clicks of a double click.
    MS = 450

    def __init__(self) -> None:
        self._last: tuple[object, int] = (None, -self.MS)

    def click(self, row: object, chosen: object) -> bool:
        """A click on ``row`` (``chosen`` is the row chosen before it): True if it is the
        second of a double click on the chosen row (the next click starts afresh)."""
        now = pygame.time.get_ticks()
        last_row, last_time = self._last
        self._last = (row, now)
        if row == last_row == chosen and now - last_time <= self.MS:
            self._last = (None, -self.MS)
            return True
        return False


class Widget:
    """A rectangle that can be focused, hovered, pressed and drawn."""

    focusable = True
    #: Changes by itself, now and then, while it has the focus (a text field's caret):
    #: the loop wakes often enough to show it (``FocusGroup.blinking``).
    blinks = False

    def __init__(self, ctx: UiContext, wid: str = "", tooltip: str = "") -> None:
        self.ctx = ctx
        self.id = wid
        self.tooltip = tooltip
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.hovered = False
        self.focused = False
        self.pressed = False
        self.glow = 0.0          # 0..1: hover/focus highlight, eased
        self.press_flash = 0.0   # seconds of pressed look left after a keyboard press

    @property
    def can_focus(self) -> bool:
        return self.focusable and self.visible and self.enabled and self.rect.width > 0

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse handling; returns True when the event was used."""
        if not self.visible or not self.enabled:
            self.hovered = self.pressed = False
            return False
        if event.type == pygame.MOUSEMOTION:
            inside = self.rect.collidepoint(event.pos)
            if inside and not self.hovered:
                self.ctx.sounds.play("hover")
            self.hovered = inside
            if not inside:
                self.pressed = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self.pressed and self.rect.collidepoint(event.pos):
                self.pressed = False
                self.on_click(event.pos)
                return True
            self.pressed = False
        return False

    def on_click(self, pos: tuple[int, int]) -> None:
        self.activate()

    def activate(self) -> None:
        """What Enter or a click does."""

    def step(self, delta: int) -> bool:
        """Left/Right on a focused control; True if the control used it."""
        return False

    def edit(self, event: pygame.event.Event) -> bool:
        """A key or typed text for the focused control before the focus keys see it
        (a text field's letters and cursor keys, a list's Up/Down); True if used."""
        return False

    def flash(self) -> None:
        self.press_flash = 0.12

    def _glow_target(self) -> float:
        lit = self.hovered or (self.focused and self.ctx.keyboard_mode)
        return 1.0 if lit and self.enabled else 0.0

    def update(self, dt: float) -> None:
        self.glow = approach(self.glow, self._glow_target(), dt)
        self.press_flash = max(0.0, self.press_flash - dt)

    @property
    def animating(self) -> bool:
        """Whether the control is still easing (its hover glow, a press flash): the
        window keeps drawing until it is at rest."""
        return self.glow != self._glow_target() or self.press_flash > 0

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def draw_focus(self, surface: pygame.Surface, rect: pygame.Rect, radius: int) -> None:
        if self.focused and self.ctx.keyboard_mode and self.enabled:
            pygame.draw.rect(surface, palette.ACCENT, rect.inflate(10, 10), 3, border_radius=radius + 5)


STYLES: dict[str, tuple[RGB, RGB, RGB, RGB]] = {
    # fill, hover fill, text, border
    "normal": (palette.PANEL_LIGHT, palette.HOVER, palette.TEXT, palette.PANEL_BORDER),
    "primary": (palette.ACCENT_DARK, palette.ACCENT, palette.BACKGROUND_TOP, palette.ACCENT),
    "ghost": (palette.PANEL, palette.PANEL_LIGHT, palette.TEXT, palette.PANEL_BORDER),
    "danger": (mix(palette.BAD, palette.PANEL, 0.55), mix(palette.BAD, palette.PANEL, 0.3), palette.TEXT, palette.BAD),
}


class Button(Widget):
    """A labelled button with an optional keyboard shortcut shown as a keycap."""

    def __init__(
        self,
        ctx: UiContext,
        label: str,
        on_press: Callable[[], None],
        wid: str = "",
        shortcut: str = "",
        tooltip: str = "",
        style: str = "normal",
        font_size: int = 18,
    ) -> None:
        super().__init__(ctx, wid, tooltip)
        self.label = label
        self.on_press = on_press
        self.shortcut = shortcut
        self.style = style
        self.font_size = font_size
        self.selected = False    # drawn lit, e.g. the active choice of a group

    def activate(self) -> None:
        if not self.enabled or not self.visible:
            return
        self.ctx.sounds.play("click")
        self.flash()
        self.on_press()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        fill, hover_fill, ink, border = STYLES[self.style]
        if self.selected:
            fill, border = mix(fill, palette.ACCENT, 0.28), palette.ACCENT
        down = self.pressed or self.press_flash > 0
        lift = self.glow if self.enabled else 0.0
        scale = 1.0 + 0.035 * lift - (0.05 if down else 0.0)
        rect = self.rect.copy()
        rect.width = round(self.rect.width * scale)
        rect.height = round(self.rect.height * scale)
        rect.center = self.rect.center
        colour = mix(fill, hover_fill, lift)
        if down:
            colour = brighten(colour, -0.25)
        if not self.enabled:
            colour = mix(fill, palette.BACKGROUND_TOP, 0.55)
            ink = mix(ink, palette.BACKGROUND_TOP, 0.5)
        radius = min(palette.RADIUS, rect.height // 2)
        shadow = rect.move(0, 3)
        pygame.draw.rect(surface, mix(palette.BACKGROUND_TOP, (0, 0, 0), 0.4), shadow, border_radius=radius)
        pygame.draw.rect(surface, colour, rect, border_radius=radius)
        pygame.draw.rect(surface, mix(border, palette.ACCENT, lift * 0.7) if self.enabled else colour, rect, 2, border_radius=radius)
        font = self.ctx.fonts.bold(self.font_size)
        right = rect.right - 12
        if self.shortcut:
            cap_font = self.ctx.fonts.text(max(11, self.font_size - 5))
            cap_ink = mix(ink, colour, 0.35)
            cap = keycap(surface, cap_font, self.shortcut, (right, rect.centery), cap_ink)
            label_room = cap.left - rect.left - 16
            label = fit_text(font, self.label, label_room)
            width = font.size(label)[0]
            centre = rect.left + 10 + max(0, (label_room - width) // 2) + width // 2
            text(surface, font, label, ink, (centre, rect.centery), "center")
        else:
            text(surface, font, fit_text(font, self.label, rect.width - 20), ink, rect.center, "center")
        self.draw_focus(surface, rect, radius)


@dataclass(frozen=True)
class ChoiceItem:
    """One value of a chooser: the value, what it shows and an explanation."""

    value: Any
    label: str
    subtitle: str = ""


def nearest_index(items: Sequence[ChoiceItem], value: float) -> int:
    """The index of the item whose (numeric) value is nearest ``value``: a
    setting kept from an edited file need not be one of the choices."""
    return min(range(len(items)), key=lambda i: abs(items[i].value - value))


class Choice(Widget):
    """A chooser: ◀ value ▶, changed by Left/Right, clicks, or Enter (next)."""

    def __init__(
        self,
        ctx: UiContext,
        items: Sequence[ChoiceItem],
        index: int,
        on_change: Callable[[Any], None],
        wid: str = "",
        tooltip: str = "",
        font_size: int = 18,
    ) -> None:
        super().__init__(ctx, wid, tooltip)
        if not items:
            raise ValueError(f"chooser {wid!r} needs at least one item")
        self.items = list(items)
        self.index = max(0, min(index, len(self.items) - 1))
        self.on_change = on_change
        self.font_size = font_size
        self.nudge = 0.0    # -1..1: arrow bump animation after a change
        #: Whether the last drawing wrote the value's explanation (then it is no tooltip).
        self.subtitle_shown = False

    @property
    def value(self) -> Any:
        return self.items[self.index].value

    @property
    def tooltip(self) -> str:
        """The chooser's own tooltip, else the explanation of the shown value when
        the chooser is too small to write it under the value."""
        if self.fixed_tooltip:
            return self.fixed_tooltip
        return "" if self.subtitle_shown else self.items[self.index].subtitle

    @tooltip.setter
    def tooltip(self, value: str) -> None:
        self.fixed_tooltip = value

    @property
    def item(self) -> ChoiceItem:
        return self.items[self.index]

    def select_value(self, value: Any) -> None:
        """Show ``value`` without calling back (used to sync with the model)."""
        for i, item in enumerate(self.items):
            if item.value == value:
                self.index = i
                return

    def step(self, delta: int) -> bool:
        if not self.enabled or len(self.items) < 2:
            return False
        self.index = (self.index + delta) % len(self.items)
        self.nudge = float(delta)
        self.ctx.sounds.play("click")
        self.on_change(self.value)
        return True

    def activate(self) -> None:
        self.step(1)

    def on_click(self, pos: tuple[int, int]) -> None:
        self.step(-1 if pos[0] < self.rect.x + self.rect.width // 4 else 1)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.nudge = approach(self.nudge, 0.0, dt, 10.0)

    @property
    def animating(self) -> bool:
        """Easing, or its arrows still bumping after a change."""
        return super().animating or self.nudge != 0.0

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.width <= 0:
            return
        lift = self.glow if self.enabled else 0.0
        rect = self.rect
        radius = min(palette.RADIUS, rect.height // 2)
        fill = mix(palette.PANEL_LIGHT, palette.HOVER, lift)
        if self.pressed:
            fill = brighten(fill, -0.2)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, mix(palette.PANEL_BORDER, palette.ACCENT, lift * 0.7), rect, 2, border_radius=radius)
        arrow_font = self.ctx.fonts.text(self.font_size)
        arrow_ink = mix(palette.TEXT_MUTED, palette.ACCENT, lift)
        shift = round(self.nudge * 4)
        text(surface, arrow_font, "◀", arrow_ink, (rect.x + 18 + min(0, shift), rect.centery), "midleft")
        text(surface, arrow_font, "▶", arrow_ink, (rect.right - 18 + max(0, shift), rect.centery), "midright")
        inner = rect.width - 90
        font = self.ctx.fonts.bold(self.font_size)
        item = self.item
        self.subtitle_shown = False
        if item.subtitle and rect.height >= self.font_size * 3:
            small = self.ctx.fonts.text(max(12, self.font_size - 5))
            lines = wrap_text(small, item.subtitle, inner)
            # A subtitle too long for one line takes two when the chooser is tall enough, never cut mid-word.
            if len(lines) != 2 or font.get_linesize() + 2 * small.get_linesize() > rect.height - 16:
                lines = [words_fit(small, item.subtitle, inner)]
            self.subtitle_shown = " ".join(lines) == clean_text(item.subtitle)
            top = rect.centery - (font.get_linesize() + len(lines) * small.get_linesize()) // 2
            y = text(surface, font, fit_text(font, item.label, inner), palette.TEXT, (rect.centerx, top), "midtop").bottom
            for line in lines:
                y = text(surface, small, line, palette.TEXT_MUTED, (rect.centerx, y), "midtop").bottom
        else:
            text(surface, font, fit_text(font, item.label, inner), palette.TEXT, rect.center, "center")
        if 1 < len(self.items) <= 12 and rect.height >= self.font_size * 2 + 8:    # room for the dots under the text
            dots_y = rect.bottom - 7
            spacing = 9
            x0 = rect.centerx - (len(self.items) - 1) * spacing // 2
            for i in range(len(self.items)):
                colour = palette.ACCENT if i == self.index else palette.PANEL_BORDER
                pygame.draw.circle(surface, colour, (x0 + i * spacing, dots_y), 2)
        self.draw_focus(surface, rect, radius)


class TextField(Widget):
    """A one-line text box: what is typed goes in at the cursor (the save dialog's
    name, the Join screen's name and address, the chat's message line).

    Typed text arrives as ``TEXTINPUT`` events (so a keyboard layout's own
    characters work); Backspace, Delete, Left/Right, Home/End edit and move
    (with Shift they select), Ctrl+A selects everything, Ctrl+V pastes.
    Enter calls ``on_submit``. Text given with ``select`` shown selected
    is replaced by the first thing typed (a suggested file name). The field
    holds at most ``max_length`` characters and only what the fonts can draw,
    so pasted control characters never reach the screen or the network; an
    empty field shows its ``placeholder`` in muted letters.
    """

    blinks = True

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
    def selection(self) -> tuple[int, int]:
        return min(self.anchor, self.cursor), max(self.anchor, self.cursor)

    def insert(self, content: str) -> None:
        """Put ``content`` in place of the selection (or at the cursor)."""
        content = " ".join(clean_text(content).splitlines())
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
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type != pygame.KEYDOWN:
            return False
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
        cursor_x = font.size(self.text[: self.cursor])[0]
        if cursor_x - self.offset > inner.width:
            self.offset = cursor_x - inner.width
        elif cursor_x < self.offset:
            self.offset = cursor_x
        self.offset = max(0, min(self.offset, max(0, font.size(self.text)[0] - inner.width)))
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)
        start, end = self.selection
        line_h = font.get_height()
        top = rect.centery - line_h // 2
        if start != end and self.focused:
            x0 = inner.x - self.offset + font.size(self.text[:start])[0]
            x1 = inner.x - self.offset + font.size(self.text[:end])[0]
            pygame.draw.rect(surface, palette.ACCENT_DARK, pygame.Rect(x0, top, x1 - x0, line_h), border_radius=3)
        if self.text:
            surface.blit(render(font, self.text, palette.TEXT), (inner.x - self.offset, top))
        elif self.placeholder:
            text(surface, font, self.placeholder, mix(palette.TEXT_MUTED, palette.BOARD, 0.3), (inner.x, rect.centery),
                 "midleft")
        if start != end and self.focused:
            chosen = render(font, self.text[start:end], palette.BACKGROUND_TOP)
            surface.blit(chosen, (inner.x - self.offset + font.size(self.text[:start])[0], top))
        if self.caret_shown:
            x = inner.x - self.offset + cursor_x
            pygame.draw.line(surface, palette.ACCENT, (x, top + 2), (x, top + line_h - 2), 2)
        surface.set_clip(clip)
        self.draw_focus(surface, rect, radius)


class FocusGroup:
    """The focusable controls of a scene and which one the keyboard is on."""

    def __init__(self, ctx: UiContext) -> None:
        self.ctx = ctx
        self.widgets: list[Widget] = []
        self.current: Widget | None = None
        self.hover_time = 0.0
        self.mouse_pos: tuple[int, int] = (0, 0)
        #: Whether the focus follows the mouse onto the control it hovers (off in a
        #: dialog: a name typed and then Enter must not press the button the mouse crossed).
        self.follow_hover = True
        #: Where the hovered control's tooltip was last drawn (None: no tooltip shown).
        self.tooltip_rect: pygame.Rect | None = None

    def set(self, widgets: Sequence[Widget], focus: Widget | None = None) -> None:
        """Replace the controls, keeping focus on the same one when it is still there."""
        self.widgets = list(widgets)
        if focus is not None:
            self.focus(focus)
        elif self.current not in self.widgets or (self.current and not self.current.can_focus):
            self.focus(next((w for w in self.widgets if w.can_focus), None))

    def find(self, wid: str) -> Widget:
        for widget in self.widgets:
            if widget.id == wid:
                return widget
        raise KeyError(f"no control {wid!r}; controls: {', '.join(w.id for w in self.widgets)}")

    def focus(self, widget: Widget | None) -> None:
        if self.current is not None:
            self.current.focused = False
        self.current = widget
        if widget is not None:
            widget.focused = True

    def _candidates(self) -> list[Widget]:
        return [w for w in self.widgets if w.can_focus]

    def cycle(self, delta: int) -> None:
        candidates = self._candidates()
        if not candidates:
            return
        if self.current in candidates:
            i = (candidates.index(self.current) + delta) % len(candidates)
        else:
            i = 0 if delta > 0 else len(candidates) - 1
        self.focus(candidates[i])
        self.ctx.sounds.play("hover")

    def move(self, dx: int, dy: int) -> bool:
        """Focus the nearest control in direction (dx, dy); False if there is none."""
        candidates = [w for w in self._candidates() if w is not self.current]
        if self.current is None or not self.current.can_focus:
            if candidates:
                self.focus(candidates[0])
                return True
            return False
        here = pygame.Vector2(self.current.rect.center)
        best, best_score = None, float("inf")
        for widget in candidates:
            there = pygame.Vector2(widget.rect.center)
            delta = there - here
            along = delta.x * dx + delta.y * dy
            if along <= 4:
                continue
            across = abs(delta.x * dy) + abs(delta.y * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = widget, score
        if best is None:
            return False
        self.focus(best)
        self.ctx.sounds.play("hover")
        return True

    def handle_event(self, event: pygame.event.Event, arrows: bool = True,
                     mouse_widgets: Sequence[Widget] | None = None) -> bool:
        """Route keys (focus, activate) and mouse events; True if used.

        ``arrows=False`` leaves the arrow keys to the scene (the board).
        ``mouse_widgets`` limits the mouse to those controls (the others are
        scrolled out of sight where the pointer is); the rest lose their hover.
        """
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            current = self.current
            if current is not None and current.can_focus and current.edit(event):
                self.ctx.keyboard_mode = True
                return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_TAB:
                self.ctx.keyboard_mode = True
                self.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if arrows and event.key in DIRECTIONS:
                self.ctx.keyboard_mode = True
                dx, dy = DIRECTIONS[event.key]
                if dx and self.current is not None and self.current.can_focus and self.current.step(dx):
                    return True
                return self.move(dx, dy)
            if event.key in ACTIVATE_KEYS and self.current is not None and self.current.can_focus:
                self.ctx.keyboard_mode = True
                self.current.activate()
                return True
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if event.type == pygame.MOUSEMOTION:
                self.ctx.keyboard_mode = False
                if event.pos != self.mouse_pos:
                    self.hover_time = 0.0
                self.mouse_pos = event.pos
            used = False
            for widget in list(self.widgets):
                if mouse_widgets is not None and widget not in mouse_widgets:
                    widget.hovered = widget.pressed = False
                    continue
                took = widget.handle_event(event)
                used = took or used
                if self.follow_hover and widget.hovered and event.type == pygame.MOUSEMOTION and widget.can_focus:
                    self.focus(widget)
                elif took and event.type == pygame.MOUSEBUTTONDOWN and widget.can_focus:
                    self.focus(widget)
            return used
        return False

    def update(self, dt: float) -> None:
        self.hover_time += dt
        for widget in self.widgets:
            widget.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for widget in self.widgets:
            widget.draw(surface)

    @property
    def blinking(self) -> bool:
        """The focused control changes by itself now and then (``Widget.blinks``)."""
        return self.current is not None and self.current.blinks and self.current.focused

    @property
    def animating(self) -> bool:
        """A control is easing, or a hovered control's tooltip is still to appear."""
        if any(widget.animating for widget in self.widgets):
            return True
        widget = self.hovered()
        return widget is not None and bool(widget.tooltip) and self.hover_time < TOOLTIP_DELAY

    def hovered(self) -> Widget | None:
        return next((w for w in self.widgets if w.hovered and w.visible), None)

    def draw_tooltip(self, surface: pygame.Surface, delay: float = TOOLTIP_DELAY) -> None:
        """The hovered control's tooltip, once the mouse has rested on it."""
        widget = self.hovered()
        self.tooltip_rect = None
        if widget is None or not widget.tooltip or self.hover_time < delay:
            return
        # The controls it must not hide; a board or a list, a good part of the window, may be covered.
        small = surface.get_width() * surface.get_height() // 8
        others = [w.rect for w in self.widgets
                  if w is not widget and w.visible and 0 < w.rect.width * w.rect.height <= small]
        self.tooltip_rect = draw_tooltip(surface, self.ctx.fonts, widget.tooltip, widget.rect, others)


def tooltip_box(size: tuple[int, int], anchor: pygame.Rect, screen: pygame.Rect,
                avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip of ``size`` goes for the control at ``anchor``: above it, else
    to its left, right or below, each moved on past the controls in the way (the
    ``avoid`` rects), the first place inside ``screen`` that covers none of them;
    just above the control if there is none."""
    gap = 8
    inside = screen.inflate(-8, -8)
    moves = [
        ("midbottom", (anchor.centerx, anchor.top - gap), lambda spot, r: setattr(spot, "bottom", r.top - gap)),
        ("midright", (anchor.left - gap, anchor.centery), lambda spot, r: setattr(spot, "right", r.left - gap)),
        ("midleft", (anchor.right + gap, anchor.centery), lambda spot, r: setattr(spot, "left", r.right + gap)),
        ("midtop", (anchor.centerx, anchor.bottom + gap), lambda spot, r: setattr(spot, "top", r.bottom + gap)),
    ]
    first = None
    for point, at, past in moves:
        spot = pygame.Rect((0, 0), size)
        setattr(spot, point, at)
        if first is None:
            first = spot.clamp(inside)
        for _ in range(len(avoid) + 1):
            blocking = next((r for r in avoid if spot.colliderect(r)), None)
            if blocking is None:
                break
            past(spot, blocking)
        if inside.contains(spot) and not spot.colliderect(anchor) and not any(spot.colliderect(r) for r in avoid):
            return spot
    return first if first is not None else pygame.Rect((0, 0), size)


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, content: str, anchor: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A small dark box with ``content`` next to ``anchor``, clear of ``avoid`` where
    there is room (``tooltip_box``); returns where it was drawn."""
    font = fonts.text(14)
    lines = wrap_text(font, content, round(300 * fonts.scale))
    width = max(font.size(line)[0] for line in lines) + 20
    height = len(lines) * font.get_linesize() + 12
    box = tooltip_box((width, height), anchor, surface.get_rect(), avoid)
    pygame.draw.rect(surface, palette.BOARD, box, border_radius=8)
    pygame.draw.rect(surface, palette.ACCENT_DARK, box, 1, border_radius=8)
    y = box.y + 6
    for line in lines:
        text(surface, font, line, palette.TEXT, (box.x + 10, y))
        y += font.get_linesize()
    return box
