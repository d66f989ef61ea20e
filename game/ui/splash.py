"""The window's start: open it at once with a splash, and load what is heavy beside it.

Finding the bots takes seconds (discovery imports every bot file in a child
process, ``game/match/botregistry.py``), and so does importing the rest of
the window's code; the title screen needs both. So the program
(``game/cli/window.py``) begins a ``Launch``: it starts finding the bots in a
thread, opens the window and draws this splash in it (the logo where the
title screen has it, and a line saying what is loading, with a light running
along a track). The program then imports the arcade (``game/ui/app.py``),
whose ``run`` keeps the splash moving until the bots are found (``wait``) and
runs the arcade in the same window: the title screen comes in over the
splash, its logo in place.

Only pygame and the few modules the splash draws with are imported before
the window opens. ``logo_images`` is the one recipe of the logo, for the
title screen too, and so are ``menu_layout`` (where the title's menu goes)
and ``TAGLINE``: the splash draws the title's tagline and its menu's buttons
in their places, greyed until the bots are found. A click on one of them (or
its shortcut key) is kept, the button saying "Getting the bots ready…", and
done on the title once it opens (``Launch.chosen``); Quit ends the program at
once. When each step was reached is logged ('start-up:
window-open after 0.41 s', 'splash-frame', 'first-frame': the title's).
"""
from __future__ import annotations

import logging
import os
import threading
import time
from typing import TYPE_CHECKING, Callable, NamedTuple

import pygame

from game import lang
from game.lang import _, N_
from game.store.autosave import autosave_path
from game.store.userdata import load_settings
from game.ui import palette
from game.ui.draw import Fonts, glow, mix, render, text, vertical_gradient
from game.ui.overlays import progress_bar
from game.ui.sound import init_pygame
from game.ui.widgets import Button
from game.ui.window import Window, identify

if TYPE_CHECKING:
    from game.match.botregistry import BotRegistry
    from game.match.config import Config

logger = logging.getLogger(__name__)

#: Print the time of each start-up step ('window-open', 'splash-frame', 'first-frame':
#: the title screen's) and end after the title's first frame (benchmarks/ui_timing.py).
BENCH_ENV = "BOARD_ARCADE_BENCH_EXIT_AFTER_FIRST_FRAME"
#: pygame draws in software; by default SDL then copies every frame it shows into
#: a 3D renderer's texture, which without a GPU (a virtual machine, Xvfb with
#: Mesa's software GL) costs 3-4 ms of CPU a frame however small the part
#: updated (measured: a 10x10 ``display.update`` 2.7 ms, a 1280x800 flip 3.8 ms).
#: "0" has SDL show the window through the platform's own framebuffer (X11 shared
#: memory, GDI): the same picture, next to no CPU. A value set in the environment wins.
FRAMEBUFFER_ENV = "SDL_FRAMEBUFFER_ACCELERATION"
#: The splash's frames a second while the bots are found: enough for its light to run smoothly.
SPLASH_FPS = 30

#: What the splash says while the arcade loads.
LOADING = N_("Getting the games and their bots ready…")
#: The logo's halo, as the title screen draws it at rest (its breathing half-way).
HALO_ALPHA = 165
#: The line under the logo, on the splash and the title.
TAGLINE = N_("Classic board games  ·  bots of every strength  ·  a friend at the same screen")
#: The title's key hint at the foot of the window.
KEY_HINT = N_("Arrows or Tab to move  ·  Enter to choose  ·  Esc to go back  ·  F11 full screen")
#: What a button chosen on the splash says until the title opens and does what it does.
QUEUED = N_("Getting the bots ready…")
#: The title's menu as the splash draws it: (id, label, shortcut key, style); Resume first when a game is kept.
MENU = (("resume", N_("Resume"), "R", "primary"), ("play", N_("Play"), "P", "primary"), ("join", N_("Join"), "J", "normal"),
        ("load", N_("Load game"), "L", "normal"), ("stats", N_("Statistics"), "T", "normal"),
        ("settings", N_("Settings"), "O", "normal"), ("quit", N_("Quit"), "Esc", "ghost"))


def logo_images(fonts: Fonts, height: int) -> tuple[pygame.Surface, pygame.Surface]:
    """The "Board Arcade" logo for a window ``height`` pixels high, and its glow."""
    font = fonts.display(max(48, min(132, height // 6)))
    words = render(font, "Board Arcade", palette.DARK.text)     # a light mask the gold is laid on
    dark = palette.theme_name == "dark"      # the light theme's gold is deeper, to stand off its pale ground
    fill = vertical_gradient(words.get_size(), (255, 236, 190) if dark else palette.ACCENT,
                             palette.ACCENT if dark else palette.ACCENT_DARK)
    logo = words.copy()
    logo.blit(fill, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return logo, glow(words, palette.ACCENT_DARK, radius=18, strength=2)


def logo_centre(size: tuple[int, int]) -> tuple[int, int]:
    """Where the logo's centre is: a quarter of the way down the window."""
    return size[0] // 2, int(size[1] * 0.25)


def tagline_font(fonts: Fonts, height: int) -> pygame.font.Font:
    """The tagline's font in a window ``height`` pixels high."""
    return fonts.text(max(15, min(20, height // 40)))


def tagline_top(height: int, logo_height: int) -> int:
    """The y of the tagline's top, under the logo."""
    return int(height * 0.25) + logo_height // 2 + 18


class MenuLayout(NamedTuple):
    """Where the title's menu goes: its buttons' width and height, the gap between them, the first one's top."""

    button_w: int
    button_h: int
    gap: int
    top: int

    def rects(self, width: int, count: int, first_w: int | None = None) -> list[pygame.Rect]:
        """The ``count`` buttons' places, centred in a window ``width`` wide (the first one
        ``first_w`` wide, and 8 pixels taller)."""
        rects, top = [], self.top
        for i in range(count):
            rect = pygame.Rect(0, 0, (first_w or self.button_w) if i == 0 else self.button_w,
                               self.button_h + (8 if i == 0 else 0))
            rect.midtop = (width // 2, top)
            rects.append(rect)
            top = rect.bottom + self.gap
        return rects


def menu_layout(size: tuple[int, int], count: int, tagline_bottom: int) -> MenuLayout:
    """The title's menu of ``count`` buttons under the tagline (ending at ``tagline_bottom``),
    above the key hint: a short window takes them smaller."""
    width, height = size
    button_w = max(260, min(360, width // 3))
    button_h = max(46, min(58, height // 14))
    gap = max(12, button_h // 3)
    bottom = height - 44          # clear of the key hint at the foot

    def needed() -> int:
        return count * (button_h + gap) - gap + 8

    while needed() > bottom - int(height * 0.5) and button_h > 38:
        button_h -= 2
        gap = max(8, button_h // 4)
    menu_top = tagline_bottom + 20
    while menu_top + needed() > bottom and button_h > 28:
        button_h -= 2
        gap = max(6, button_h // 4)
    return MenuLayout(button_w, button_h, gap, max(menu_top, min(int(height * 0.5), bottom - needed())))


class _Quiet:
    """The splash's buttons make no sound (the sounds are not started yet)."""

    def play(self, name: str) -> None:
        pass


class _SplashContext:
    """What the splash's buttons need to draw: fonts, no sounds, no keyboard focus."""

    def __init__(self, fonts: Fonts) -> None:
        self.fonts = fonts
        self.sounds = _Quiet()
        self.keyboard_mode = False


class Splash:
    """Draws the splash into ``window``; ``draw(seconds)`` with the seconds since it opened."""

    def __init__(self, window: Window, fonts: Fonts) -> None:
        self.window = window
        self.fonts = fonts
        self._logo: tuple[int, pygame.Surface, pygame.Surface] | None = None
        #: The id of the button chosen while the bots are found, done on the title (None: none).
        self.chosen: str | None = None
        self.quit = False
        kept = autosave_path().is_file()
        context = _SplashContext(fonts)
        self.buttons = [Button(context, label, lambda: None, wid=wid, shortcut=key,
                               style="normal" if wid == "play" and kept else style,
                               font_size=20 if wid == "resume" else 22 if wid == "play" else 18)
                        for wid, label, key, style in MENU if wid != "resume" or kept]
        for button in self.buttons:
            button.enabled = button.id == "quit"

    def layout(self, size: tuple[int, int], logo_height: int) -> None:
        """The buttons in the title's places."""
        tagline_bottom = tagline_top(size[1], logo_height) + tagline_font(self.fonts, size[1]).get_height()
        place = menu_layout(size, len(self.buttons), tagline_bottom)
        for button, rect in zip(self.buttons, place.rects(size[0], len(self.buttons))):
            button.rect = rect
            if button.id == "resume":
                button.font_size = 20 if place.button_h >= 44 else 17

    def choose(self, wid: str) -> None:
        """A button chosen before the bots are found: Quit ends the splash; any other is kept
        for the title, saying so (the first choice stands)."""
        if wid == "quit":
            self.quit = True
            return
        if self.chosen is not None:
            return
        for button in self.buttons:
            if button.id == wid:
                self.chosen = wid
                button.label, button.selected, button.enabled = QUEUED, True, True
                button.shortcut, button.font_size = "", min(button.font_size, 18)      # room for the words

    def handle_event(self, event: pygame.event.Event) -> None:
        """A click on a button, or its shortcut key."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for button in self.buttons:
                if button.rect.collidepoint(event.pos):
                    self.choose(button.id)
        elif event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            keys = {pygame.K_r: "resume", pygame.K_p: "play", pygame.K_j: "join", pygame.K_l: "load",
                    pygame.K_t: "stats", pygame.K_o: "settings"}
            if event.key in keys and any(b.id == keys[event.key] for b in self.buttons):
                self.choose(keys[event.key])

    def draw(self, seconds: float) -> None:
        """The whole picture (flip it after)."""
        screen = self.window.screen
        width, height = screen.get_size()
        if self._logo is None or self._logo[0] != height:
            self._logo = (height, *logo_images(self.fonts, height))
        _height, logo, halo = self._logo
        screen.blit(self.window.background, (0, 0))
        centre = logo_centre((width, height))
        halo.set_alpha(HALO_ALPHA)
        screen.blit(halo, halo.get_rect(center=centre))
        screen.blit(logo, logo.get_rect(center=centre))
        font = tagline_font(self.fonts, height)
        words = text(screen, font, _(TAGLINE), palette.TEXT_MUTED, (width // 2, tagline_top(height, logo.get_height())),
                     "midtop")
        self.layout((width, height), logo.get_height())
        for button in self.buttons:
            button.draw(screen)
        track = pygame.Rect(0, 0, min(self.window.px(260), width - 80), self.window.px(4))
        track.midtop = (width // 2, words.bottom + 8)
        progress_bar(screen, track, 0.0, palette.ACCENT, seconds)
        text(screen, self.fonts.text(14), _(LOADING), mix(palette.TEXT_MUTED, palette.BACKGROUND_BOTTOM, 0.3),
             (width // 2, height - 18), "midbottom")

    def show_while(self, loading: Callable[[], bool], since: float) -> bool:
        """Draw the splash (its light moving, ``since`` a ``time.monotonic()``) while
        ``loading()`` is true, following the window's resizing; False if the player closed
        the window meanwhile."""
        while loading():
            for event in pygame.event.get():
                if event.type == pygame.QUIT:
                    return False
                if event.type == pygame.VIDEORESIZE and self.window.resize(event.size):
                    self.fonts.scale = self.window.scale
                self.handle_event(event)
                if self.quit:
                    return False
            self.draw(time.monotonic() - since)
            pygame.display.flip()
            time.sleep(1 / SPLASH_FPS)
        return True


def start_display() -> None:
    """pygame and its display started, with the window's class named (``window.identify``)
    and key repeat on; safe to call again."""
    os.environ.setdefault(FRAMEBUFFER_ENV, "0")
    identify()
    init_pygame()
    pygame.key.set_repeat(350, 45)


class _Loading(threading.Thread):
    """``load_config_and_bots`` beside the splash: discovery waits on its own process, so the
    window's thread stays free to draw and to take a click on the close button."""

    def __init__(self, config_path: str | None, bots_dir: str | None) -> None:
        super().__init__(name="loading the bots", daemon=True)
        self.paths = (config_path, bots_dir)
        self.result: tuple["Config", "BotRegistry"] | None = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            from game.match.startup import load_config_and_bots   # imported here too: half a second

            self.result = load_config_and_bots(*self.paths)
        except BaseException as err:  # noqa: BLE001 - raised again in the window's thread
            self.error = err

    def value(self) -> tuple["Config", "BotRegistry"]:
        """The configuration and the bots (the loading's own error raised again)."""
        if self.error is not None:
            raise self.error
        assert self.result is not None
        return self.result


class Launch:
    """The window's start, in two steps around the import of the arcade's code.

    ``begin()`` starts finding the bots (with the settings file and bots folder
    given; default: the player's or the shipped ones) in a thread, opens the
    window and shows the splash: a fraction of a second after the program
    started. ``wait()`` keeps the splash moving until the bots are found and
    returns the window, the configuration and the bots (None if the player
    closed the window or chose Quit meanwhile); ``chosen`` is then the title's button chosen
    on the splash. ``stamp(name)`` notes when a step was reached,
    from ``begin``: in the log, and printed as 'NAME TIME' with ``BENCH_ENV``.
    """

    def __init__(self, config_path: str | None = None, bots_dir: str | None = None) -> None:
        self.config_path = config_path
        self.bots_dir = bots_dir
        self.bench = os.environ.get(BENCH_ENV) == "1"
        self._begun = time.monotonic()
        self._loading = _Loading(config_path, bots_dir)
        self._window: Window | None = None
        self._splash: Splash | None = None

    @property
    def chosen(self) -> str | None:
        """The id of the title's button chosen on the splash ("play", "join"…), for the title to do."""
        return self._splash.chosen if self._splash is not None else None

    def stamp(self, name: str) -> None:
        logger.info("start-up: %s after %.2f s", name, time.monotonic() - self._begun)
        if self.bench:
            print(f"{name} {time.time():.6f}", flush=True)

    def begin(self) -> "Launch":
        self._begun = time.monotonic()
        self._loading.start()
        start_display()
        settings, _problems = load_settings()          # read again by the arcade, which reports its problems
        palette.use(settings.theme, settings.colour_blind)
        lang.follow_setting(settings.language)
        self._window = Window(settings.window_size, settings.fullscreen)
        self.stamp("window-open")
        fonts = Fonts()
        fonts.scale = self._window.scale
        self._splash = Splash(self._window, fonts)
        self._splash.draw(0.0)
        pygame.display.flip()
        self.stamp("splash-frame")         # the title's buttons among it, greyed
        return self

    def wait(self) -> tuple[Window, "Config", "BotRegistry"] | None:
        assert self._window is not None and self._splash is not None, "begin() first"
        if not self._splash.show_while(self._loading.is_alive, self._begun):
            return None
        config, registry = self._loading.value()
        return self._window, config, registry
