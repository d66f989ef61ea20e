"""Test set-up shared by every test: no window, no sound card, no real user files.

pygame draws to an off-screen dummy display and the mixer to a dummy audio
device, the arcade skips its launch-time engine warm-up (each bot's worker
still warms its own engine), and ``BOARD_ARCADE_HOME`` points the settings,
statistics and saves at a temporary folder made for this test session, so
tests never touch the player's own files and run on machines without a
screen. Hypothesis runs without its per-example time limit: speed is measured by
benchmarks, and a loaded CI machine must not fail a test for being slow.
"""
from __future__ import annotations

import functools
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
# No launch-time compile of every engine per App (tests/test_ui_warmup.py turns it on).
os.environ["BOARD_ARCADE_WARMUP"] = "0"

settings.register_profile("arcade", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("arcade")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

_SESSION_HOME = Path(tempfile.mkdtemp(prefix="board-arcade-tests-"))
os.environ["BOARD_ARCADE_HOME"] = str(_SESSION_HOME)
# Engines' compile locks (game.match.compiling) of this test process's own: another process's test
# bot holding one (a gated warm-up) must not hold up this one's.
os.environ["BOARD_ARCADE_LOCKS"] = str(_SESSION_HOME / "locks")


def pytest_sessionfinish(session, exitstatus):  # noqa: ARG001 - pytest hook signature
    shutil.rmtree(_SESSION_HOME, ignore_errors=True)


# -- driving the UI ------------------------------------------------------------
FRAME = 1 / 60


class Driver:
    """Drives an ``App`` like a player: posts events, runs frames at a fixed step."""

    def __init__(self, app) -> None:
        self.app = app

    @property
    def services(self):
        """What the screens use: settings, stats, toasts, dialogs, the window, the scene stack..."""
        return self.app.services

    @property
    def scene(self):
        return self.app.services.scenes.top

    def open_match(self, match) -> None:
        """Show ``match`` on the play screen at once, as loading it from a file does."""
        self.app.services.scenes.go("play", match=match, animate=False)

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            self.app.frame(FRAME)

    def until(self, condition, limit: int = 900, what: str = "condition", seconds: float = 60.0) -> int:
        """Run frames until ``condition()`` holds.

        Fails only after ``limit`` frames *and* ``seconds`` of wall-clock time:
        frames are simulated time, but bot workers live in real time, and a
        busy machine must not turn a slow process start into a failure.
        """
        started = time.monotonic()
        count = 0
        while not condition():
            if count >= limit and time.monotonic() - started >= seconds:
                raise AssertionError(
                    f"{what} did not happen within {limit} frames and {seconds:.0f} s (scene {self.scene.name})"
                )
            self.app.frame(FRAME)
            count += 1
        return count

    def settle(self) -> None:
        """Let any scene transition finish, so the next input reaches the new scene."""
        self.until(lambda: not self.app.services.scenes.transitioning, limit=300, what="transition end")
        self.frames(1)

    def post(self, event_type: int, **attrs) -> None:
        import pygame

        pygame.event.post(pygame.event.Event(event_type, **attrs))

    def click_at(self, pos: tuple[int, int]) -> None:
        import pygame

        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frames(1)

    def click(self, widget_id: str) -> None:
        """Click the centre of the control ``widget_id`` of the current scene."""
        self.click_at(self.scene.widget(widget_id).rect.center)

    def scroll_to_widget(self, widget_id: str):
        """Turn the mouse wheel over the current scene until its control ``widget_id`` is
        shown (Settings scrolls its rows when they do not fit); returns the control."""
        import pygame

        widget = self.scene.widget(widget_id)
        for _ in range(40):
            if widget.visible:
                break
            self.post(pygame.MOUSEWHEEL, x=0, y=-1)
            self.frames(1)
        assert widget.visible, f"{widget_id} is not shown after scrolling"
        return widget

    def open_setup(self) -> None:
        """Title -> Play -> the game menu's first card (Tic-tac-toe) -> its setup screen."""
        import pygame

        self.click("play")
        self.settle()
        assert self.scene.name == "games"
        self.key(pygame.K_RETURN)
        self.settle()
        assert self.scene.name == "setup"

    def start_hot_seat(self) -> None:
        """From the title screen to a Human vs Human game, by clicks."""
        self.open_setup()
        seat = self.scene.widget("seat1")
        while self.scene.seat_labels[1] != "Human":
            self.click_at((seat.rect.x + 12, seat.rect.centery))
        self.click("start")
        self.settle()
        assert self.scene.name == "play"

    def leave_game(self) -> None:
        """Esc on the play screen (the game menu), then its Leave (L)."""
        import pygame

        self.key(pygame.K_ESCAPE)
        assert self.app.services.dialogs.kind == "menu", "Esc on the play screen opens the game menu"
        self.key(pygame.K_l)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        import pygame

        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.frames(1)


@functools.cache
def shipped_config_and_bots():
    """The shipped ``config.yaml`` and ``bots/``, found once per test session: discovery
    imports every bot file in a fresh interpreter (about 2 s), and they do not change
    while the tests run. Nothing of the arcade changes a ``Config`` or ``BotRegistry``
    once they are validated, so every app may share them."""
    from game.match.startup import load_config_and_bots
    from game.paths import CONFIG_PATH

    return load_config_and_bots(CONFIG_PATH)


@pytest.fixture(scope="session")
def shipped_registry():
    """The shipped ``bots/``, as ``BotRegistry.discover()`` finds them, found once per session."""
    return shipped_config_and_bots()[1]


def config_and_bots(config_path=None, bots_dir=None):
    """What ``App`` is handed, as ``game.ui.app.run`` finds it: the shipped setup found
    once per session when the test names no file of its own and the player has no own
    ``config.yaml``; otherwise the test's files (or the player's config), discovered now."""
    from game.match.config import config_path as default_config_path
    from game.match.startup import load_config_and_bots
    from game.paths import CONFIG_PATH

    if config_path is None and bots_dir is None and default_config_path() == CONFIG_PATH:
        return shipped_config_and_bots()
    return load_config_and_bots(config_path, bots_dir)


@pytest.fixture
def make_app(tmp_path, monkeypatch):
    """``make_app(**kwargs)`` -> a ``Driver`` around a fresh App with its own user folder.

    ``bots_dir`` and ``config_path`` name the test's own bots and configuration
    (discovered for this app); without them the app gets the shipped ones."""
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path / "home"))
    apps = []

    def make(size=(1024, 700), *, bots_dir=None, config_path=None, **kwargs) -> Driver:
        from game.ui.app import App

        config, registry = config_and_bots(config_path, bots_dir)
        app = App(size, config=config, registry=registry, **kwargs)
        apps.append(app)
        driver = Driver(app)
        driver.frames(2)
        return driver

    yield make
    for app in apps:
        app.close()


@pytest.fixture(autouse=True)
def english_words(monkeypatch):
    """Every test reads the window in English, whatever the machine's language (a test of
    another language sets it itself), and leaves it English for the next."""
    from game import lang

    monkeypatch.setenv("LANGUAGE", "en")
    yield
    lang.set_override(None)
    lang.set_language(lang.ENGLISH)
