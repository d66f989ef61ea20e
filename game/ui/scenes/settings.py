"""Settings: animation speed, sound and its volume, window size, fullscreen, bot move
delay, the theme (dark or light), colour-blind-safe pieces, and what the boards show
(each ``DisplayOption`` a renderer declares: legal moves, move numbers, and each game's
set of board and pieces).

When the rows do not fit the window they scroll (mouse wheel, PgUp/PgDn, and the
focused row is always brought into view), drawn inside the box only.

The window size row says the window's real size (full screen, or a size
set by dragging the window's edge, which is kept like any other).

Every change is applied at once (the window resizes, animations speed up)
and saved (``services.settings``), so it holds for the next run too. The
choosers follow changes made elsewhere (F11, the play screen's bot delay).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game import lang
from game.lang import _, N_, percent, display_name, decimal
from game.rules.catalogue import game_class
from game.ui import palette
from game.ui.draw import fit_text, panel, scrollbar, text
from game.ui.renderers import display_options
from game.ui.scenes.base import Scene
from game.ui.widgets import Choice, ChoiceItem, nearest_index
from game.store.userdata import ANIM_SPEEDS, BOT_DELAYS, WINDOW_SIZES

if TYPE_CHECKING:
    from game.store.userdata import Settings
    from game.ui.services import Services

ON_OFF = [ChoiceItem(True, N_("On")), ChoiceItem(False, N_("Off"))]
THEMES = [ChoiceItem("dark", N_("Dark"), N_("night-blue panels, light text")),
          ChoiceItem("light", N_("Light"), N_("paper-white panels, dark text"))]
VOLUME_LEVELS = (0.1, 0.25, 0.5, 0.75, 1.0)
ANIM_NOTES = {0.0: N_("no animation: every change at once"), 0.5: N_("half speed"), 1.0: N_("as designed"),
              2.0: N_("twice as fast")}
#: The language row's note, in English and Chinese whatever the language shown, so a player
#: who cannot read the words on screen still finds the row.
LANGUAGE_NOTE = "Language · 语言"


def volume_items() -> list[ChoiceItem]:
    """The volumes offered, as percentages written the current language's way."""
    return [ChoiceItem(v, percent(v)) for v in VOLUME_LEVELS]


def delay_items() -> list[ChoiceItem]:
    """The bot move delays offered, each with its seconds in the current language."""
    return [ChoiceItem(v, label, _("{seconds} s between bot moves").format(seconds=decimal(v)))
            for v, label in BOT_DELAYS.items()]


def language_items() -> list[ChoiceItem]:
    """The system's language first (the default), then each shipped language named in itself."""
    system = display_name(lang.best_match(lang.system_language()))
    return [ChoiceItem("", N_("System"), system)] + [ChoiceItem(code, display_name(code)) for code in lang.available()]


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
        delays = delay_items()
        volumes = volume_items()
        languages = language_items()
        self.rows: list[tuple[str, str, Choice]] = [
            (N_("Language"), LANGUAGE_NOTE,
             Choice(services, languages, _index(languages, s.language), self._choose_language, wid="language")),
            (N_("Animation speed"), N_("How fast pieces, lines and screens move"),
             Choice(services, speeds, _index(speeds, s.anim_speed), lambda v: update(anim_speed=v), wid="anim_speed")),
            (N_("Sound"), N_("Clicks, moves and fanfares"),
             Choice(services, ON_OFF, _index(ON_OFF, s.sound), lambda v: update(sound=v), wid="sound")),
            (N_("Volume"), N_("How loud the sounds play"),
             Choice(services, volumes, nearest_index(volumes, s.volume), lambda v: update(volume=v), wid="volume")),
            (N_("Window size"), "",
             Choice(services, sizes, _index(sizes, tuple(s.window_size)), lambda v: update(window_size=v), wid="window_size")),
            (N_("Fullscreen"), N_("F11 switches at any time"),
             Choice(services, ON_OFF, _index(ON_OFF, s.fullscreen), lambda v: update(fullscreen=v), wid="fullscreen")),
            (N_("Bot move delay"), N_("Pause before a bot's move is shown"),
             Choice(services, delays, nearest_index(delays, s.bot_delay), lambda v: update(bot_delay=v), wid="bot_delay")),
            (N_("Theme"), N_("The colours of every screen"),
             Choice(services, THEMES, _index(THEMES, s.theme), lambda v: update(theme=v), wid="theme")),
            (N_("Colour-blind pieces"), N_("Okabe–Ito colours for players' pieces"),
             Choice(services, ON_OFF, _index(ON_OFF, s.colour_blind), lambda v: update(colour_blind=v),
                    wid="colour_blind")),
        ]
        #: Each display option's line under its label, and the games offering it, by name (worded as drawn).
        self.display_notes: dict[str, tuple[str, tuple[str, ...]]] = {}
        #: Each display option's default, by name (what a player who never set it sees).
        self.display_defaults: dict[str, bool] = {}
        # What the boards show first, then each game's set of board and pieces.
        for option, game_ids in sorted(display_options(), key=lambda found: found[0].choices != ("On", "Off")):
            self.display_defaults[option.name] = option.default
            games = tuple(game_class(game_id).title for game_id in game_ids)
            shown = s.display.get(option.name, option.default)
            board_set = option.choices != ("On", "Off")     # its label names its game
            items = [ChoiceItem(True, option.choices[0]), ChoiceItem(False, option.choices[1])]
            if board_set:
                items.reverse()      # the board's first set (off) first
            self.display_notes[option.name] = (option.note, () if board_set else games)
            self.rows.append((option.label, option.note if board_set else f"{option.note} ({', '.join(games)})",
                              Choice(services, items, _index(items, shown), self._display_setter(option.name),
                                     wid=option.name)))
        #: Pixels the rows are scrolled up by, and the most they can be.
        self.scroll = 0
        self.max_scroll = 0
        self.view = pygame.Rect(0, 0, 0, 0)
        self.back_btn = self.back_button(N_("Done"))
        self.focus.set([choice for _label, _note, choice in self.rows] + [self.back_btn])
        self.follow_settings(self.apply_settings)

    def _choose_language(self, code: str) -> None:
        """Show the language chosen at once (over ``--lang``) and keep it."""
        lang.set_override(None)
        self.services.settings.update(language=code)

    def _display_setter(self, name: str) -> Callable[[object], None]:
        """What choosing On or Off for the display option ``name`` does: keep it with the others."""
        settings = self.services.settings
        return lambda on: settings.update(display={**settings.current.display, name: on})

    def apply_settings(self, settings: "Settings", changed: frozenset[str]) -> None:
        """Show the settings as they are now."""
        if "language" in changed:
            for _label, _note, choice in self.rows:
                if choice.id == "bot_delay":
                    choice.items = delay_items()
                elif choice.id == "volume":
                    choice.items = volume_items()
                elif choice.id == "language":
                    choice.items = language_items()
        values = {"anim_speed": settings.anim_speed, "sound": settings.sound, "theme": settings.theme,
                  "language": settings.language,
                  "colour_blind": settings.colour_blind,
                  "window_size": tuple(settings.window_size), "fullscreen": settings.fullscreen,
                  **{name: settings.display.get(name, default) for name, default in self.display_defaults.items()}}
        for _label, _note, choice in self.rows:
            if choice.id == "window_size":
                choice.items = size_items(values["window_size"])
            if choice.id in ("bot_delay", "volume"):
                choice.index = nearest_index(choice.items, getattr(settings, choice.id))
            else:
                choice.select_value(values[choice.id])

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        px = self.services.window.px
        fonts = self.services.fonts
        # Two columns of rows side by side where the window is wide enough for two boxes' width.
        gutter = px(24)
        columns = 2 if width - 80 >= 2 * px(600) + gutter else 1
        column_w = min(px(760), (width - 80 - (columns - 1) * gutter) // columns)
        box_w = columns * column_w + (columns - 1) * gutter
        per_column = -(-len(self.rows) // columns)
        header = self.header_bottom(height) + 16
        # The Done button under the box, the gap above it and the margin below it (closer in a short window).
        button_h, gap, foot = (44, 12, 14) if height < 640 else (px(50), px(24), px(20))
        footer = button_h + gap + foot
        room = height - header - footer - 40
        # A row holds its label and the line under it, whatever the type's scale.
        least = max(52, fonts.bold(19).get_linesize() + fonts.text(14).get_linesize() + 14)
        row_h = max(least, min(px(76), room // per_column))
        self.row_h = row_h
        box_h = min(per_column * row_h, max(row_h, room)) + 40
        box_top = max(header, min((height - box_h) // 2 - 20, height - footer - box_h))
        self.box = pygame.Rect((width - box_w) // 2, box_top, box_w, box_h)
        self.view = self.box.inflate(0, -24)
        #: The part of the box each column of rows takes, left first.
        self.columns = [pygame.Rect(self.box.x + c * (column_w + gutter), self.box.y, column_w, box_h)
                        for c in range(columns)]
        self.per_column = per_column
        self.max_scroll = max(0, per_column * row_h + 16 - self.view.height)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        self._place_rows()
        self.back_btn.rect = pygame.Rect(0, 0, px(200), button_h)
        self.back_btn.rect.midtop = (width // 2, self.box.bottom + gap)

    def column_of(self, i: int) -> pygame.Rect:
        """The column the ``i``-th row is in."""
        return self.columns[i // self.per_column]

    def _place_rows(self) -> None:
        """Put each row's chooser where the scroll puts it."""
        px = self.services.window.px
        top = self.view.y + 8 - self.scroll
        for i, (_label, _note, choice) in enumerate(self.rows):
            column = self.column_of(i)
            chooser_w = min(px(340), column.width * 2 // 5 if len(self.columns) > 1 else column.width // 2)
            choice.rect = pygame.Rect(column.right - 24 - chooser_w, top + (i % self.per_column) * self.row_h + 8,
                                      chooser_w, self.row_h - 16)
            # A row scrolled wholly out of the box is not there (to the mouse, the focus, the toasts).
            choice.visible = self.view.contains(choice.rect)

    def scroll_to(self, scroll: int) -> None:
        """Scroll the rows to ``scroll`` pixels (kept within what there is)."""
        scroll = max(0, min(int(scroll), self.max_scroll))
        if scroll != self.scroll:
            self.scroll = scroll
            self._place_rows()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * self.row_h)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = self.view.height - self.row_h
            self.scroll_to(self.scroll + (step if event.key == pygame.K_PAGEDOWN else -step))
            return
        pos = getattr(event, "pos", None)
        if pos is not None and self.max_scroll and not self.view.collidepoint(pos):
            # The rows scrolled out of the box must not take the click.
            self.focus.handle_event(event, mouse_widgets=[self.back_btn])
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            backward = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self._show_next(-1 if backward else 1)
        super().handle_event(event)

    def _show_next(self, step: int) -> None:
        """Scroll the row after (``step`` 1) or before (-1) the focused one into the box, so
        the keyboard can move to it."""
        chooser = [choice for _label, _note, choice in self.rows]
        if self.focus.current not in chooser:
            return
        i = chooser.index(self.focus.current) + step
        if 0 <= i < len(chooser):
            rect = chooser[i].rect.inflate(0, 16)
            if rect.top < self.view.top:
                self.scroll_to(self.scroll - (self.view.top - rect.top))
            elif rect.bottom > self.view.bottom:
                self.scroll_to(self.scroll + (rect.bottom - self.view.bottom))

    def draw(self, surface: pygame.Surface) -> None:
        """The rows inside the box only; the Done button below it."""
        surface.blit(self.services.window.background, (0, 0))
        self.draw_content(surface)
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip) if clip.width else self.view)
        try:
            for _label, _note, choice in self.rows:
                if choice.rect.colliderect(self.view):
                    choice.draw(surface)
        finally:
            surface.set_clip(clip)
        self.back_btn.draw(surface)

    def window_note(self) -> str:
        """The window as it is now: its real size (full screen, or smaller than asked
        when the screen is), then how else it can be sized."""
        window = self.services.window
        width, height = window.size
        if window.fullscreen:
            return _("Now {width} × {height}, the full screen").format(width=width, height=height)
        return _("Now {width} × {height}; or drag the window's edge").format(width=width, height=height)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, _("Settings"), _("Changes apply at once and are kept for next time"))
        panel(surface, self.box, shadow=self.services.shadows)
        fonts = self.services.fonts
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip) if clip.width else self.view)
        try:
            for i, (label, note, choice) in enumerate(self.rows):
                if not choice.rect.inflate(0, 16).colliderect(self.view):
                    continue
                label = _(label)
                if choice.id == "window_size":
                    note = self.window_note()
                elif choice.id in self.display_notes:
                    note, games = self.display_notes[choice.id]
                    note = _(note) if not games else "{note} ({games})".format(
                        note=_(note), games=_(", ").join(_(game) for game in games))
                else:
                    note = _(note)
                y = choice.rect.centery
                column = self.column_of(i)
                room = choice.rect.x - column.x - 40
                text(surface, fonts.bold(19), fit_text(fonts.bold(19), label, room), palette.TEXT,
                     (column.x + 28, y - 2), "bottomleft")
                # A line longer in another language takes a smaller type before it is cut.
                note_font = next((fonts.text(size) for size in (14, 13, 12) if fonts.text(size).size(note)[0] <= room),
                                 fonts.text(12))
                text(surface, note_font, fit_text(note_font, note, room), palette.TEXT_MUTED,
                     (column.x + 28, y + 2), "topleft")
                if i % self.per_column:
                    pygame.draw.line(surface, palette.PANEL_LIGHT, (column.x + 20, choice.rect.y - 8),
                                     (column.right - 20, choice.rect.y - 8))
        finally:
            surface.set_clip(clip)
        if self.max_scroll:
            track = pygame.Rect(self.box.right - 12, self.view.y + 4, 5, self.view.height - 8)
            scrollbar(surface, track, self.view.height, self.view.height + self.max_scroll, self.scroll,
                      palette.PANEL_LIGHT, palette.ACCENT_DARK)
