"""Settings: animation speed, sound, window size, fullscreen, bot move delay, and what
the boards show (each ``DisplayOption`` a renderer declares: legal moves, move numbers).

The window size row says the window's real size (full screen, or a size
set by dragging the window's edge, which is kept like any other).

Every change is applied at once (the window resizes, animations speed up)
and saved (``services.settings``), so it holds for the next run too. The
choosers follow changes made elsewhere (F11, the play screen's bot delay).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.rules.catalogue import game_class
from game.ui import palette
from game.ui.draw import panel, text
from game.ui.renderers import display_options
from game.ui.scenes.base import Scene
from game.ui.widgets import Choice, ChoiceItem, nearest_index
from game.store.userdata import ANIM_SPEEDS, BOT_DELAYS, WINDOW_SIZES

if TYPE_CHECKING:
    from game.store.userdata import Settings
    from game.ui.services import Services

ON_OFF = [ChoiceItem(True, "On"), ChoiceItem(False, "Off")]
ANIM_NOTES = {0.0: "no animation: every change at once", 0.5: "half speed", 1.0: "as designed", 2.0: "twice as fast"}


def _index(items: list[ChoiceItem], value: object) -> int:
    for i, item in enumerate(items):
        if item.value == value:
            return i
    return 0


def size_items(current: tuple[int, int]) -> list[ChoiceItem]:
    """The window sizes offered, with ``current`` among them (a size set by dragging)."""
    sizes = [ChoiceItem(tuple(size), f"{size[0]} × {size[1]}") for size in WINDOW_SIZES]
    if current not in [item.value for item in sizes]:
        sizes.append(ChoiceItem(current, f"{current[0]} × {current[1]}"))
        sizes.sort(key=lambda item: item.value)
    return sizes


class SettingsScene(Scene):
    """One row per setting: a label on the left, a chooser on the right."""

    name = "settings"

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        s = services.settings.current
        update = services.settings.update
        speeds = [ChoiceItem(v, label, ANIM_NOTES.get(v, "")) for v, label in ANIM_SPEEDS.items()]
        sizes = size_items(tuple(s.window_size))
        delays = [ChoiceItem(v, label, f"{v:g} s between bot moves") for v, label in BOT_DELAYS.items()]
        self.rows: list[tuple[str, str, Choice]] = [
            ("Animation speed", "How fast pieces, lines and screens move",
             Choice(services, speeds, _index(speeds, s.anim_speed), lambda v: update(anim_speed=v), wid="anim_speed")),
            ("Sound", "Clicks, moves and fanfares",
             Choice(services, ON_OFF, _index(ON_OFF, s.sound), lambda v: update(sound=v), wid="sound")),
            ("Window size", "",
             Choice(services, sizes, _index(sizes, tuple(s.window_size)), lambda v: update(window_size=v), wid="window_size")),
            ("Fullscreen", "F11 switches at any time",
             Choice(services, ON_OFF, _index(ON_OFF, s.fullscreen), lambda v: update(fullscreen=v), wid="fullscreen")),
            ("Bot move delay", "Pause before a bot's move is shown",
             Choice(services, delays, nearest_index(delays, s.bot_delay), lambda v: update(bot_delay=v), wid="bot_delay")),
        ]
        #: Each display option's default, by name (what a player who never set it sees).
        self.display_defaults: dict[str, bool] = {}
        for option, game_ids in display_options():
            self.display_defaults[option.name] = option.default
            games = ", ".join(game_class(game_id).title for game_id in game_ids)
            shown = s.display.get(option.name, option.default)
            self.rows.append((option.label, f"{option.note} ({games})",
                              Choice(services, ON_OFF, _index(ON_OFF, shown), self._display_setter(option.name),
                                     wid=option.name)))
        self.back_btn = self.back_button("Done")
        self.focus.set([choice for _, _, choice in self.rows] + [self.back_btn])
        self.follow_settings(self.apply_settings)

    def _display_setter(self, name: str) -> Callable[[object], None]:
        """What choosing On or Off for the display option ``name`` does: keep it with the others."""
        settings = self.services.settings
        return lambda on: settings.update(display={**settings.current.display, name: on})

    def apply_settings(self, settings: "Settings", changed: frozenset[str]) -> None:
        """Show the settings as they are now."""
        values = {"anim_speed": settings.anim_speed, "sound": settings.sound,
                  "window_size": tuple(settings.window_size), "fullscreen": settings.fullscreen,
                  **{name: settings.display.get(name, default) for name, default in self.display_defaults.items()}}
        for _, _, choice in self.rows:
            if choice.id == "window_size":
                choice.items = size_items(values["window_size"])
            if choice.id == "bot_delay":
                choice.index = nearest_index(choice.items, settings.bot_delay)
            else:
                choice.select_value(values[choice.id])

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        px = self.services.window.px
        box_w = min(px(760), width - 80)
        header = self.header_bottom(height) + 16
        # The Done button under the box, the gap above it and the margin below it (closer in a short window).
        button_h, gap, foot = (44, 12, 14) if height < 640 else (px(50), px(24), px(20))
        footer = button_h + gap + foot
        row_h = max(44, min(px(76), (height - header - footer - 40) // len(self.rows)))
        box_h = len(self.rows) * row_h + 40
        box_top = max(header, min((height - box_h) // 2 - 20, height - footer - box_h))
        top = box_top + 20
        self.box = pygame.Rect((width - box_w) // 2, box_top, box_w, box_h)
        for i, (_, _, choice) in enumerate(self.rows):
            choice.rect = pygame.Rect(self.box.right - 24 - px(340), top + i * row_h + 8, px(340), row_h - 16)
        self.back_btn.rect = pygame.Rect(0, 0, px(200), button_h)
        self.back_btn.rect.midtop = (width // 2, self.box.bottom + gap)

    def window_note(self) -> str:
        """The window as it is now: its real size (full screen, or smaller than asked
        when the screen is), then how else it can be sized."""
        window = self.services.window
        width, height = window.size
        if window.fullscreen:
            return f"Now {width} × {height}, the full screen"
        return f"Now {width} × {height}; or drag the window's edge"

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, "Settings", "Changes apply at once and are kept for next time")
        panel(surface, self.box, shadow=self.services.shadows)
        fonts = self.services.fonts
        for i, (label, note, choice) in enumerate(self.rows):
            if choice.id == "window_size":
                note = self.window_note()
            y = choice.rect.centery
            text(surface, fonts.bold(19), label, palette.TEXT, (self.box.x + 28, y - 2), "bottomleft")
            text(surface, fonts.text(14), note, palette.TEXT_MUTED, (self.box.x + 28, y + 2), "topleft")
            if i:
                pygame.draw.line(surface, palette.PANEL_LIGHT, (self.box.x + 20, choice.rect.y - 8),
                                 (self.box.right - 20, choice.rect.y - 8))
