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
Keyboard focus and tooltips are in ``game.ui.focus``, the text box in ``game.ui.textfield``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence

import pygame

from game.lang import _
from game.ui import palette
from game.ui.draw import Fonts, brighten, clean_text, fit_text, keycap, mix, text, words_fit, wrap_text

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
    #: Takes typed text (``TextField``): while it has the focus the system's text input,
    #: and so an input method, is on (``textfield.TextInput``).
    takes_typing = False
    #: An input method is composing words for it: every key is the input method's.
    composing = False

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


def style_colours(style: str) -> tuple[RGB, RGB, RGB, RGB]:
    """A button style's fill, hover fill, text and border in the theme in use."""
    return {
        "normal": (palette.PANEL_LIGHT, palette.HOVER, palette.TEXT, palette.PANEL_BORDER),
        "primary": (palette.ACCENT_DARK, palette.ACCENT, palette.BACKGROUND_TOP, palette.ACCENT),
        "ghost": (palette.PANEL, palette.PANEL_LIGHT, palette.TEXT, palette.PANEL_BORDER),
        "danger": (mix(palette.BAD, palette.PANEL, 0.55), mix(palette.BAD, palette.PANEL, 0.3), palette.TEXT,
                   palette.BAD),
    }[style]


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
        fill, hover_fill, ink, border = style_colours(self.style)
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
            label = fit_text(font, _(self.label), label_room)
            width = font.size(label)[0]
            centre = rect.left + 10 + max(0, (label_room - width) // 2) + width // 2
            text(surface, font, label, ink, (centre, rect.centery), "center")
        else:
            text(surface, font, fit_text(font, _(self.label), rect.width - 20), ink, rect.center, "center")
        self.draw_focus(surface, rect, radius)


@dataclass(frozen=True)
class ChoiceItem:
    """One value of a chooser: the value, what it shows and an explanation; items of
    another ``group`` than the one before them are set apart by a gap in the dots."""

    value: Any
    label: str
    subtitle: str = ""
    group: int = 0


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
        #: Whether the value's explanation may be written under it (else it is the tooltip).
        self.subtitles = True
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
        return "" if self.subtitle_shown else _(self.items[self.index].subtitle)

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
        dots = 1 < len(self.items) <= 12 and rect.height >= self.font_size * 2 + 8    # room for them under the text
        label, subtitle = _(item.label), _(item.subtitle)
        if subtitle and self.subtitles and rect.height >= self.font_size * 3:
            small = self.ctx.fonts.text(max(12, self.font_size - 5))
            lines = wrap_text(small, subtitle, inner)
            # A subtitle too long for one line takes two when the chooser is tall enough, never cut mid-word.
            if len(lines) != 2 or font.get_linesize() + 2 * small.get_linesize() > rect.height - 16:
                lines = [words_fit(small, subtitle, inner)]
            self.subtitle_shown = " ".join(lines) == clean_text(subtitle)
            # The two lines stand clear of the dots.
            top = rect.centery - (font.get_linesize() + len(lines) * small.get_linesize()) // 2 - (3 if dots else 0)
            y = text(surface, font, fit_text(font, label, inner), palette.TEXT, (rect.centerx, top), "midtop").bottom
            for line in lines:
                y = text(surface, small, line, palette.TEXT_MUTED, (rect.centerx, y), "midtop").bottom
        else:
            text(surface, font, fit_text(font, label, inner), palette.TEXT, rect.center, "center")
        if dots:
            dots_y = rect.bottom - 7
            spacing = 9
            xs = [0]
            for before, item in zip(self.items, self.items[1:]):
                xs.append(xs[-1] + spacing * (2 if item.group != before.group else 1))
            x0 = rect.centerx - xs[-1] // 2
            for i, x in enumerate(xs):
                colour = palette.ACCENT if i == self.index else palette.PANEL_BORDER
                pygame.draw.circle(surface, colour, (x0 + x, dots_y), 2)
        self.draw_focus(surface, rect, radius)
