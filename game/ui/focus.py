"""Which control the keyboard is on (``FocusGroup``: Tab, arrows, Enter, the mouse's
hover) and the tooltips shown on a control the mouse rests on."""
from __future__ import annotations

from typing import Sequence

import pygame

from game.lang import _
from game.ui import palette
from game.ui.draw import Fonts, text, wrap_text
from game.ui.widgets import ACTIVATE_KEYS, DIRECTIONS, TOOLTIP_DELAY, UiContext, Widget


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
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.TEXTEDITING):
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
    def composing(self) -> bool:
        """An input method is composing words for the focused control: every key is its own."""
        return self.current is not None and self.current.composing

    @property
    def typing(self) -> Widget | None:
        """The focused control if it takes typed text and can take it now, else None."""
        current = self.current
        if current is not None and current.takes_typing and current.focused and current.visible and current.enabled:
            return current
        return None

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
        self.tooltip_rect = draw_tooltip(surface, self.ctx.fonts, _(widget.tooltip), widget.rect, others)


#: Pixels between a tooltip and its control.
TOOLTIP_GAP = 6


def tooltip_box(size: tuple[int, int], anchor: pygame.Rect, screen: pygame.Rect,
                avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip of ``size`` goes for the control at ``anchor``: always beside
    the control, ``TOOLTIP_GAP`` from one of its sides (below it, else to its right,
    its left or above it), slid along that side to stay inside ``screen``; the first
    such place that covers none of the controls in ``avoid``, else the one that
    covers least of them. A tooltip never wanders off to where it names another
    control."""
    gap = TOOLTIP_GAP
    inside = screen.inflate(-8, -8)
    places = []
    for point, at in (("midtop", (anchor.centerx, anchor.bottom + gap)),
                      ("midleft", (anchor.right + gap, anchor.centery)),
                      ("midright", (anchor.left - gap, anchor.centery)),
                      ("midbottom", (anchor.centerx, anchor.top - gap))):
        spot = pygame.Rect((0, 0), size)
        setattr(spot, point, at)
        if point in ("midtop", "midbottom"):      # slide along the side, not away from it
            spot.x = max(inside.left, min(spot.x, inside.right - spot.width))
        else:
            spot.y = max(inside.top, min(spot.y, inside.bottom - spot.height))
        if inside.contains(spot):
            places.append(spot)
    if not places:       # larger than the room beside the control: over it, inside the screen
        spot = pygame.Rect((0, 0), size)
        spot.midtop = (anchor.centerx, anchor.bottom + gap)
        return spot.clamp(inside)

    def covered(spot: pygame.Rect) -> int:
        return sum(spot.clip(r).width * spot.clip(r).height for r in avoid)

    return min(places, key=covered)     # the first place wins a tie: none covered, the first


def draw_tooltip(surface: pygame.Surface, fonts: Fonts, content: str, anchor: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A small dark box with ``content`` next to ``anchor``, clear of ``avoid`` where
    there is room (``tooltip_box``); where it is not, the words wrapped narrower to
    fit beside the control, if that clears them. Returns where it was drawn."""
    font = fonts.text(14)
    screen = surface.get_rect()
    widest = round(300 * fonts.scale)
    beside = (screen.right - 8 - anchor.right, anchor.left - 8 - screen.left)     # the room right and left of it
    choices = []
    for wrap in [widest] + sorted({room - TOOLTIP_GAP - 20 for room in beside if 120 <= room - TOOLTIP_GAP - 20 < widest},
                                  reverse=True):
        lines = wrap_text(font, content, wrap)
        size = (max(font.size(line)[0] for line in lines) + 20, len(lines) * font.get_linesize() + 12)
        box = tooltip_box(size, anchor, screen, avoid)
        choices.append((lines, box))
        if box.collidelist(list(avoid)) < 0:
            break
    lines, box = next(((lines, box) for lines, box in choices if box.collidelist(list(avoid)) < 0), choices[0])
    pygame.draw.rect(surface, palette.BOARD, box, border_radius=8)
    pygame.draw.rect(surface, palette.ACCENT_DARK, box, 1, border_radius=8)
    y = box.y + 6
    for line in lines:
        text(surface, font, line, palette.TEXT, (box.x + 10, y))
        y += font.get_linesize()
    return box
