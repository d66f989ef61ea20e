"""The arcade window: owns the display, the services every scene uses, and the loop.

``App`` opens the window (size and fullscreen from Settings), finds the bots
and reads ``config.yaml``, starts compiling the bots' engines in the
background (``game/match/warmup.py``; a card shows its progress when it takes
more than a moment), loads statistics, starts the sounds, and runs the
scene stack. ``App.frame(dt)`` is one turn of the loop (events, update,
draw), so tests drive the whole program by posting events and calling it;
``run`` is what ``main.py`` calls and loops it at 60 frames a second.
"""
from __future__ import annotations

import dataclasses
import logging
import os
import sys
import time
import warnings
from pathlib import Path

import pygame
import pygame_gui

from game.match.botregistry import BotRegistry
from game.match.config import Config, load_config
from game.rules.catalogue import game_ids
from game.match.record import Match
from game.store.savefile import SaveFileError, load_match
from game.ui import draw
from game.ui.dialogs import Dialogs
from game.ui.overlays import Toasts, WarmUpCard
from game.ui.renderers import has_renderer
from game.ui.scenes.base import Scene, SceneManager
from game.ui.sound import Sounds
from game.ui.theme import build_theme
from game.store.userdata import load_settings, load_stats, save_settings, save_stats
from game.match.warmup import EngineWarmUp, warm_up_jobs

logger = logging.getLogger(__name__)

FPS = 60
#: The smallest window every screen is laid out for; the window cannot be made smaller.
MIN_SIZE = (800, 560)
#: Print the time of the first frame and exit (used by benchmarks/ui_timing.py).
BENCH_ENV = "BOARD_ARCADE_BENCH_EXIT_AFTER_FIRST_FRAME"
#: Set to "0" to skip the launch-time warm-up of the bots' engines (the tests do;
#: each bot's worker still warms its own engine up before it plays).
WARMUP_ENV = "BOARD_ARCADE_WARMUP"


class App:
    """The window and everything the scenes share.

    ``size`` overrides the window size from Settings (tests use small
    windows); ``bots_dir`` and ``config_path`` point discovery and the
    configuration elsewhere (tests, the benchmark's slow bot). ``warm_up``
    says whether to compile the bots' engines at launch (default: unless
    ``BOARD_ARCADE_WARMUP=0``).
    """

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        bots_dir: str | Path | None = None,
        config_path: str | Path | None = None,
        game_id: str | None = None,
        load_path: str | Path | None = None,
        warm_up: bool | None = None,
    ) -> None:
        pygame.init()
        pygame.key.set_repeat(350, 45)
        self.settings, settings_problems = load_settings()
        self.windowed_size: tuple[int, int] = tuple(size or self.settings.window_size)  # type: ignore[assignment]
        self.fullscreen = self.settings.fullscreen if size is None else False
        self.screen = self._open_window()
        pygame.display.set_caption("Board Arcade")
        self.fonts = draw.Fonts()
        self.shadows = draw.Shadows()
        self.keyboard_mode = True
        self.ui = pygame_gui.UIManager(self.size, build_theme())
        self.dialogs = Dialogs(self.ui, self._dialog_problem)
        self.toasts = Toasts(self.fonts)
        self.toasts.speed = self.settings.anim_speed
        self.sounds = Sounds(self.settings.sound)
        self.config: Config = load_config(config_path)
        self.registry = BotRegistry.discover(bots_dir, check=self.config.bot_checks())
        self.config.validate(self.registry)
        if warm_up is None:
            warm_up = os.environ.get(WARMUP_ENV, "1") != "0"
        self.warmup = EngineWarmUp(warm_up_jobs(self.registry, self.config) if warm_up else []).start()
        self.warmup_card = WarmUpCard(self.fonts)
        self.stats, stats_problems = load_stats()
        self.background = draw.background(self.size)
        self.scenes = SceneManager(self)
        self.running = True
        self.frames = 0
        #: What each game's setup screen last had chosen (kept for the session).
        self.setup_memory: dict[str, dict] = {}
        for problem in settings_problems + stats_problems:
            logger.warning("%s", problem)
            self.toasts.show(problem, "warning", seconds=8)
        found = len(self.registry.problems) + len(self.config.problems)
        if found:
            self.toasts.show(
                f"{found} problem{'s' if found > 1 else ''} with bot files or config.yaml; "
                "the match setup screen lists them",
                "warning",
                seconds=8,
            )
        self._start(game_id, load_path)

    # -- window ---------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        width, height = self.windowed_size
        screen = pygame.display.set_mode((max(MIN_SIZE[0], width), max(MIN_SIZE[1], height)), pygame.RESIZABLE)
        self._limit_window_size()
        return screen

    @staticmethod
    def _limit_window_size() -> None:
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

    def _relayout(self) -> None:
        self.background = draw.background(self.size)
        self.ui.set_window_resolution(self.size)
        self.scenes.layout(self.size)

    def resize(self, size: tuple[int, int]) -> None:
        """The player resized the window: keep the size and lay every scene out again."""
        if self.fullscreen:
            return
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        if self.screen.get_size() != self.windowed_size:
            self.screen = self._open_window()
        self._relayout()

    def apply_display_settings(self) -> None:
        """Window size and fullscreen from Settings, applied at once."""
        self.fullscreen = self.settings.fullscreen
        self.windowed_size = tuple(self.settings.window_size)  # type: ignore[assignment]
        self.screen = self._open_window()
        self._relayout()

    # -- settings and records --------------------------------------------------
    def update_settings(self, **changes: object) -> None:
        """Change settings, apply them now and save them (a failed save is reported)."""
        self.settings = dataclasses.replace(self.settings, **changes)
        self.sounds.enabled = self.settings.sound
        self.toasts.speed = self.settings.anim_speed
        if "window_size" in changes or "fullscreen" in changes:
            self.apply_display_settings()
        for scene in self.scenes.stack:
            scene.apply_settings()
        try:
            save_settings(self.settings)
        except OSError as err:
            self.toasts.show(f"Settings could not be saved: {err}", "error")

    def _dialog_problem(self, message: str) -> None:
        """A dialog could not take what was typed: say why, above the dialog."""
        self.sounds.play("error")
        self.toasts.show(message, "error", seconds=6)

    def save_stats(self) -> None:
        try:
            save_stats(self.stats)
        except OSError as err:
            self.toasts.show(f"Statistics could not be saved: {err}", "error")

    @property
    def scene(self) -> Scene:
        """The scene on top (what the player sees)."""
        return self.scenes.top

    def quit(self) -> None:
        self.running = False

    # -- start -------------------------------------------------------------------
    def _start(self, game_id: str | None, load_path: str | Path | None) -> None:
        from game.ui.scenes.games import GamesScene
        from game.ui.scenes.setup import SetupScene
        from game.ui.scenes.title import TitleScene

        self.scenes.push(TitleScene(self), animate=False)
        if load_path is not None:
            try:
                match = load_match(load_path)
            except SaveFileError as err:
                self.dialogs.message("Could not load the game", str(err))
            else:
                self.open_match(match, animate=False)
                return
        if game_id is not None:
            if game_id not in game_ids() or not has_renderer(game_id):
                playable = ", ".join(g for g in game_ids() if has_renderer(g))
                self.toasts.show(f"There is no game {game_id!r} to play; games: {playable}", "error")
                return
            self.scenes.push(GamesScene(self), animate=False)
            self.scenes.push(SetupScene(self, game_id), animate=False)

    def open_match(self, match: Match, animate: bool = True) -> None:
        """Show ``match`` on the play screen, with its game's menu and setup behind it."""
        from game.ui.scenes.games import GamesScene
        from game.ui.scenes.play import PlayScene
        from game.ui.scenes.setup import SetupScene, remember_match

        game_id = match.state.game_id
        if not has_renderer(game_id):
            self.dialogs.message("Cannot show this game", f"{match.state.title} has no board on screen yet.")
            return
        remember_match(self, match)
        self.scenes.rebuild(1, [GamesScene(self), SetupScene(self, game_id), PlayScene(self, match)], animate)

    # -- loop ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_ON_HOVERED:
            self.sounds.play("hover")
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.sounds.play("click")
        if self.dialogs.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.update_settings(fullscreen=not self.settings.fullscreen)
            return
        self.scenes.handle_event(event)

    def frame(self, dt: float) -> bool:
        """One frame: events, updates, drawing. Returns False once the app should close."""
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return False
        self.ui.update(dt)
        self._follow_warm_up(dt)
        self.scenes.update(dt)
        self.toasts.update(dt)
        self.scenes.draw(self.screen)
        if self.dialogs.is_open:        # toasts about the dialog go above it, not under its shade
            self.dialogs.draw_backdrop(self.screen)
            self.ui.draw_ui(self.screen)
            self.toasts.draw(self.screen, self.dialogs.toast_room(self.screen.get_rect()))
        else:
            room = self.scene.toast_room() if self.scenes.stack else self.screen.get_rect()
            card = self.warmup_card.draw(self.screen, None if self.scenes.stack and self.scene.draws_warm_up else room)
            if card is not None:   # toasts go under the card
                room = pygame.Rect(room.x, card.bottom, room.width, max(0, room.bottom - card.bottom))
            self.toasts.draw(self.screen, room)
            self.ui.draw_ui(self.screen)
        pygame.display.flip()
        self.frames += 1
        return self.running

    def _follow_warm_up(self, dt: float) -> None:
        """Take in the engine warm-up's progress; once it ends, name the engines it could not prepare."""
        was_running = not self.warmup.finished
        progress = self.warmup.poll()
        self.warmup_card.update(dt, progress)
        if was_running and progress.finished and progress.failures:
            count = len(progress.failures)
            self.toasts.show(f"{count} game engine{'s' if count > 1 else ''} could not be prepared ahead "
                             f"(they are tried again when they play): {'; '.join(progress.failures)}",
                             "warning", seconds=10)

    def close(self) -> None:
        """Stop every scene (and its bot workers) and the engine warm-up, and close the window."""
        self.scenes.clear()
        self.warmup.close()
        pygame.quit()


def run(game_id: str | None = None, load_path: str | None = None) -> int:
    """Open the arcade (optionally at a game's setup, or a loaded game); returns the exit status."""
    app = App(game_id=game_id, load_path=load_path)
    clock = pygame.time.Clock()
    bench = os.environ.get(BENCH_ENV) == "1"
    try:
        dt = 1 / FPS
        while app.frame(dt):
            if bench:
                print(f"first-frame {time.time():.6f}", flush=True)
                break
            dt = min(clock.tick(FPS) / 1000.0, 0.1)
    finally:
        app.close()
    return 0


if __name__ == "__main__":  # pragma: no cover - use main.py
    sys.exit(run())
