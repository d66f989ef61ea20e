"""Toasts: short messages that slide in and go; the engine warm-up card.

Used for things the player should notice without being stopped: a bot that
failed and was replaced by a random move, a setting file that was damaged,
a game saved. Errors that need an answer use a dialog instead.

Toasts have their own place on each screen (``Scene.toast_room``), over no
control: on the play screen beside the board's cells and pieces (over its
coordinates, or in a corner the star leaves free, where there is no more room),
never over the side panel's heading, the move list or the result panel's words
(``PlayLayout.toast_room``, which sizes the room to the toast: ``Toasts.needs``);
elsewhere at the foot of the
window, beside its bottom row of buttons or above it, below the heading. They stack up from the foot of
that room, the oldest lowest, none overlapping; one that does not fit above
the others waits, without ageing, until there is room (the oldest is always
shown). Each goes after its time, and at once when clicked. The same words
shown again while still on screen start their time again instead of
stacking a copy. A toast about a moment of a game (a player passes) is
shown with a ``topic``; ``withdraw(topic)`` takes such toasts away once that
moment has passed (the game moved on, ended, or was left).

The warm-up card shows, at the top of the same room, how far the launch-time
compile of the bots' engines is (``game/match/warmup.py``); it appears only
once numba has been compiling one engine for ``WarmUpCard.SHOW_AFTER``
seconds: a launch that loads every engine from numba's cache shows nothing.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game.lang import _, N_
from game.ui import palette
from game.ui.draw import Fonts, fit_text, mix, text, wrap_text
from game.ui.tween import Tween, ease_out_back

if TYPE_CHECKING:
    from game.match.warmup import WarmUpProgress

#: A toast kind's colour, by its name in ``palette`` (read as drawn: the theme may change).
KIND_COLOURS = {"info": "ACCENT", "good": "GOOD", "warning": "WARNING", "error": "BAD"}
KIND_ICONS = {"info": "●", "good": "✓", "warning": "⚠", "error": "⚠"}
#: Seconds a toast takes to fade out at the end of its life.
TOAST_FADE = 0.4
#: Seconds a clicked toast takes to fade away.
DISMISS_FADE = 0.2
#: Toasts kept at most (shown and waiting); beyond it the oldest waiting one is dropped.
QUEUE_LIMIT = 8


@dataclass
class Toast:
    message: str
    kind: str
    life: float
    age: float = 0.0
    slide: Tween = field(default_factory=lambda: Tween(0.0, 1.0, 0.35, ease_out_back))
    #: Where it was last drawn; None while it waits for room.
    rect: pygame.Rect | None = None
    #: What moment it is about ('' for none): ``Toasts.withdraw`` takes it away when that has passed.
    topic: str = ""


class Toasts:
    """The messages shown and waiting, oldest first."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.items: list[Toast] = []
        self.speed = 1.0

    def show(self, message: str, kind: str = "info", seconds: float = 4.5, topic: str = "") -> None:
        """Show ``message`` for ``seconds``; ``topic`` names the moment it is about (see ``withdraw``)."""
        if kind not in KIND_COLOURS:
            raise ValueError(f"toast kind {kind!r} is not one of {', '.join(KIND_COLOURS)}")
        for toast in self.items:
            if toast.message == message and toast.kind == kind:
                toast.age, toast.life = min(toast.age, DISMISS_FADE), max(toast.life, seconds)
                toast.topic = topic
                return
        duration = 0.35 / self.speed if self.speed > 0 else 0.0
        self.items.append(Toast(message, kind, seconds, slide=Tween(0.0, 1.0, duration, ease_out_back),
                                topic=topic))
        while len(self.items) > QUEUE_LIMIT:
            waiting = next((t for t in self.items if t.rect is None), self.items[0])
            self.items.remove(waiting)

    def messages(self) -> list[str]:
        return [t.message for t in self.items]

    @property
    def animating(self) -> bool:
        """A toast shown slides in or fades out: the window draws every frame then (a toast
        standing still, or waiting for room, needs none; the app draws a frame whenever
        one comes or goes)."""
        return any(t.rect is not None and (not t.slide.done or t.life - t.age < TOAST_FADE) for t in self.items)

    def withdraw(self, topic: str, shown_for: float = 0.0) -> None:
        """The moment ``topic`` names has passed: its toasts fade away once they have been on
        screen ``shown_for`` seconds (to be read), those still waiting for room at once."""
        for toast in self.items:
            if toast.topic == topic and topic:
                if toast.rect is None:
                    toast.life = 0.0
                else:
                    toast.life = min(toast.life, max(toast.age, shown_for - DISMISS_FADE) + DISMISS_FADE)
        self.items = [t for t in self.items if t.life > 0.0]

    def dismiss_at(self, pos: tuple[int, int]) -> bool:
        """A click at ``pos``: the toast there goes (True), or there is none (False)."""
        for toast in self.items:
            if toast.rect is not None and toast.rect.collidepoint(pos):
                toast.age = max(toast.age, toast.life - DISMISS_FADE)
                return True
        return False

    def update(self, dt: float) -> None:
        for toast in self.items:
            if toast.rect is None:
                continue   # waiting for room: its time starts when it is shown
            toast.age += dt
            toast.slide.update(dt)
        self.items = [t for t in self.items if t.age < t.life]

    def _measure(self, message: str, room_width: int) -> tuple[list[str], int, int]:
        """``message``'s lines in a room ``room_width`` wide, and the toast's width and height."""
        scale = self.fonts.scale
        font = self.fonts.text(16)
        margin, icon_w = round(10 * scale), round(38 * scale)
        width_limit = max(160, min(round(560 * scale), room_width - 2 * margin))
        lines = wrap_text(font, message, width_limit - icon_w - round(18 * scale))
        height = round(18 * scale) + len(lines) * font.get_linesize()
        return lines, max(font.size(line)[0] for line in lines) + icon_w + round(22 * scale), height

    def needs(self, room_width: int) -> tuple[int, int]:
        """The width and height a room ``room_width`` wide must have for the oldest toast (the
        one always shown): its margins at the sides and the foot, a small gap above; (0, 0)
        when there is none."""
        if not self.items:
            return 0, 0
        _, width, height = self._measure(self.items[0].message, room_width)
        margin = round(10 * self.fonts.scale)
        return width + 2 * margin, height + margin + round(4 * self.fonts.scale)

    def draw(self, surface: pygame.Surface, room: pygame.Rect | None = None) -> None:
        """Draw the toasts stacked up from the foot of ``room`` (default: the whole surface)."""
        room = surface.get_rect() if room is None else pygame.Rect(room)
        scale = self.fonts.scale
        font = self.fonts.text(16)
        gap, margin = round(8 * scale), round(10 * scale)
        bottom = room.bottom - margin
        icon_w = round(38 * scale)
        for index, toast in enumerate(self.items):
            lines, width, height = self._measure(toast.message, room.width)
            if index > 0 and bottom - height < room.top:
                for waiting in self.items[index:]:
                    waiting.rect = None
                break
            fade = min(1.0, (toast.life - toast.age) / TOAST_FADE, (toast.life - toast.age) / DISMISS_FADE)
            box = pygame.Rect(0, 0, width, height)
            box.midbottom = (room.centerx, bottom)
            box.clamp_ip(surface.get_rect())        # a first toast taller than its room still shows whole
            toast.rect = pygame.Rect(box)
            box.y = round(box.y + (1 - toast.slide.value) * round(24 * scale))
            colour = getattr(palette, KIND_COLOURS[toast.kind])
            layer = pygame.Surface(box.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (*mix(palette.PANEL, colour, 0.12), 248), layer.get_rect(), border_radius=12)
            pygame.draw.rect(layer, colour, layer.get_rect(), 2, border_radius=12)
            text(layer, self.fonts.text(18), KIND_ICONS[toast.kind], colour, (icon_w // 2 + 1, height // 2), "center")
            ty = round(9 * scale)
            for line in lines:
                text(layer, font, line, palette.TEXT, (icon_w, ty))
                ty += font.get_linesize()
            layer.set_alpha(round(255 * max(0.0, min(fade, toast.slide.value * 2))))
            surface.blit(layer, box)
            bottom -= height + gap


class WarmUpCard:
    """'Compiling the Reversi Hard engine…', 'first launch only · 3 of 6' and a bar.

    ``update`` takes the warm-up's progress each frame; the card fades in
    once numba has been compiling one engine for ``SHOW_AFTER`` seconds
    (loading engines from the cache, however slowly, shows nothing) and
    stays until the warm-up ends. ``draw`` puts it at the top of the room
    it is given.
    """

    SHOW_AFTER = 0.4
    FADE = 0.25
    #: The heading between two engines (the next one not started yet).
    TITLE = N_("Preparing the game engines…")

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.age = 0.0
        self.alpha = 0.0
        #: Seconds numba has been compiling the engine being warmed up, and which one it is.
        self.engine_seconds = 0.0
        self.engine: tuple[int, str] | None = None
        self.shown = False
        self.fraction = 0.0
        self.progress: WarmUpProgress | None = None
        #: Where it was last drawn (None while hidden).
        self.rect: pygame.Rect | None = None

    @property
    def visible(self) -> bool:
        """Whether the card is on screen (fading in or out included)."""
        return self.alpha > 0.0

    @property
    def animating(self) -> bool:
        """On screen (its bar's light runs) or about to fade in: the window keeps drawing."""
        return self.visible or self.shown

    def update(self, dt: float, progress: "WarmUpProgress") -> None:
        self.progress = progress
        if progress.total == 0:
            self.alpha = 0.0
            return
        self.age += dt
        engine = (progress.done, progress.current)
        if engine != self.engine:
            self.engine, self.engine_seconds = engine, 0.0
        if progress.compiling:
            self.engine_seconds += dt
        self.shown = not progress.finished and (self.shown or self.engine_seconds >= self.SHOW_AFTER)
        target = 1.0 if self.shown else 0.0
        step = dt / self.FADE
        self.alpha = min(target, self.alpha + step) if target > self.alpha else max(target, self.alpha - step)
        goal = progress.done / progress.total
        self.fraction = goal if self.fraction > goal else self.fraction + (goal - self.fraction) * min(1.0, dt * 6)

    def title(self) -> str:
        """The heading: the engine being compiled, 'Compiling the Connect Four Master engine…'."""
        progress = self.progress
        return compiling_text(progress.current) if progress is not None and progress.current else _(self.TITLE)

    def detail(self) -> str:
        """The second line: why, and the engine's place, 'first launch only · 2 of 5'."""
        progress = self.progress
        if progress is None:
            return ""
        return _("first launch only · {n} of {total}").format(n=min(progress.done + 1, progress.total), total=progress.total)

    def draw(self, surface: pygame.Surface, room: pygame.Rect | None) -> pygame.Rect | None:
        """Draw the card centred at the top of ``room``; returns its rect (None if
        hidden, or if ``room`` is None: the screen shows the progress its own way)."""
        if not self.visible or room is None:
            self.rect = None
            return None
        title_font, detail_font = self.fonts.bold(16), self.fonts.text(14)
        scale = self.fonts.scale
        limit = max(200, min(round(560 * scale), room.width - 40))
        heading = self.title()
        width = min(limit, max(round(380 * scale), title_font.size(heading)[0] + 40))
        height = 12 + title_font.get_linesize() + 2 + detail_font.get_linesize() + 10
        box = pygame.Rect(0, 0, width, height)
        box.midtop = (room.centerx, room.top + 12)
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*mix(palette.PANEL, palette.ACCENT, 0.08), 245), layer.get_rect(), border_radius=12)
        pygame.draw.rect(layer, mix(palette.PANEL_BORDER, palette.ACCENT, 0.5), layer.get_rect(), 2, border_radius=12)
        inner = width - 40
        text(layer, title_font, fit_text(title_font, heading, inner), palette.TEXT, (20, 12))
        row = 12 + title_font.get_linesize() + 2 + detail_font.get_linesize() // 2
        bar_w = max(80, inner * 2 // 5)
        detail = fit_text(detail_font, self.detail(), inner - bar_w - 16)
        text(layer, detail_font, detail, palette.TEXT_MUTED, (20, row), "midleft")
        progress_bar(layer, pygame.Rect(20 + inner - bar_w, row - 3, bar_w, 6), self.fraction, palette.ACCENT, self.age)
        layer.set_alpha(round(255 * self.alpha))
        surface.blit(layer, box)
        self.rect = box
        return box


def compiling_text(label: str) -> str:
    """What the player reads while an engine compiles: 'Compiling the Reversi Hard engine…'."""
    return _("Compiling the {name} engine…").format(name=label)


def progress_bar(surface: pygame.Surface, rect: pygame.Rect, fraction: float, colour: tuple[int, int, int],
                 clock: float) -> None:
    """A track filled to ``fraction`` in ``colour``, with a soft light running
    along the part still to do (``clock`` in seconds moves it)."""
    pygame.draw.rect(surface, mix(palette.PANEL_LIGHT, colour, 0.15), rect, border_radius=rect.height // 2)
    filled = pygame.Rect(rect.x, rect.y, round(rect.width * max(0.0, min(1.0, fraction))), rect.height)
    rest = rect.width - filled.width
    if rest > rect.height:
        phase = (clock * 0.8) % 1.0
        light = pygame.Rect(0, rect.y, min(rest, max(rect.height, rect.width // 6)), rect.height)
        light.x = filled.right + round((rest - light.width) * phase)
        pygame.draw.rect(surface, mix(palette.PANEL_LIGHT, colour, 0.5), light, border_radius=rect.height // 2)
    if filled.width > 0:
        pygame.draw.rect(surface, colour, filled, border_radius=rect.height // 2)
