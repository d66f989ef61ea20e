"""The arcade's one window: its size, whether it fills the screen, and the background.

It carries the program's name and icon: the caption "Board Arcade", the
class desktops match to its launcher (``WM_CLASS``; SDL would otherwise
take the program's file name, "main.py") and ``assets/icons/board-arcade.png``.

The window is never smaller than ``MIN_SIZE`` (every screen is laid out for
at least that). Its size and fullscreen come from Settings at launch and
whenever they change there; dragging the window's edge resizes it for the
session. The background gradient is drawn once per size and blitted behind
every screen.
"""
from __future__ import annotations

import logging
import os
import sys
import warnings

import pygame

from game.paths import APP_ID, ASSETS_DIR
from game.ui import draw

logger = logging.getLogger(__name__)

#: The smallest window every screen is laid out for; the window cannot be made smaller.
MIN_SIZE = (800, 560)
#: The window the screens' sizes (type, buttons, panels) are given for; a larger one
#: scales them up (``ui_scale``), by at most ``MAX_SCALE``.
DESIGN_SIZE = (1280, 800)
MAX_SCALE = 2.0


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than designed the screens draw in a window of ``size``: 1 up
    to 1280×800, 1.35 at 1920×1080 (the height decides), in steps of 0.05."""
    factor = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return max(1.0, min(MAX_SCALE, int(factor * 20) / 20))
CAPTION = "Board Arcade"
#: The window's class on X11 and its app id on Wayland: the launcher's ``StartupWMClass``
#: (``game/cli/desktop.py``), so a desktop shows the window under the launcher's name and icon.
WM_CLASS = APP_ID
#: The window's icon (``assets/icons/make_icon.py`` draws it; the launcher's too).
ICON_PATH = ASSETS_DIR / "icons" / "board-arcade.png"


def identify() -> None:
    """Give the window its class, before SDL's video starts. A value the user set in the
    environment wins; importing pygame sets the X11 one to the program's file name when
    none is set, and that one is replaced."""
    pygame_default = os.path.basename(sys.argv[0]) if sys.argv and sys.argv[0] else None
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if os.environ.get(name) in (None, "", pygame_default):
            os.environ[name] = WM_CLASS


def set_icon() -> None:
    """The window's icon (before the window opens, so its first frame has it); a missing or
    unreadable file leaves SDL's own, with a line in the log."""
    try:
        pygame.display.set_icon(pygame.image.load(str(ICON_PATH)))
    except (pygame.error, OSError) as err:
        logger.warning("the window's icon %s could not be loaded: %s", ICON_PATH, err)


class Window:
    """The display surface and what goes with it: ``screen``, ``size``, ``background``."""

    def __init__(self, size: tuple[int, int], fullscreen: bool) -> None:
        self.windowed_size: tuple[int, int] = (size[0], size[1])
        self.fullscreen = fullscreen
        set_icon()
        self.screen = self._open()
        pygame.display.set_caption(CAPTION)
        self.background = draw.background(self.size)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        """How much the screens scale up their type and controls (``ui_scale``)."""
        return ui_scale(self.size)

    def px(self, length: float) -> int:
        """A length given for the 1280×800 window, at this window's scale."""
        return round(length * self.scale)

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        width, height = self.windowed_size
        screen = pygame.display.set_mode((max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)), pygame.RESIZABLE)
        self._limit_size()
        return screen

    @staticmethod
    def _limit_size() -> None:
        """Ask the window manager not to let the window be dragged below ``MIN_SIZE``
        (pygame-ce's ``Window``; each ``set_mode`` resets it). Where that is not
        available, ``resize`` still lays the screens out for at least ``MIN_SIZE``."""
        window_class = getattr(pygame, "Window", None)
        if window_class is None or not hasattr(window_class, "from_display_module"):
            return
        try:
            with warnings.catch_warnings():
                # pygame-ce warns that drawing to a Window's surface should use Window.flip;
                # the display module still draws and flips here, only the size limit is set.
                warnings.simplefilter("ignore", DeprecationWarning)
                window = window_class.from_display_module()
            window.minimum_size = MIN_SIZE
        except pygame.error as err:
            logger.warning("the window's minimum size could not be set: %s", err)

    def resize(self, size: tuple[int, int]) -> bool:
        """The player dragged the window to ``size``: keep it (at least ``MIN_SIZE``).
        False in fullscreen, where there is nothing to resize."""
        if self.fullscreen:
            return False
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if self.screen.get_size() != self.windowed_size:
            self.screen = self._open()
        self.background = draw.background(self.size)
        return True

    def show(self, size: tuple[int, int], fullscreen: bool) -> None:
        """Open the window again at ``size`` (or filling the screen), as Settings say."""
        self.fullscreen = fullscreen
        self.windowed_size = (size[0], size[1])
        self.screen = self._open()
        self.background = draw.background(self.size)
