"""The window's start: it opens with its splash before the bots are found, is named and has an icon.

The splash draws the title's menu in the title's places, greyed; a button chosen
on it is done once the title opens, and the title is whole from then on.

``game/ui/splash.py``'s ``Launch`` opens the window and draws the splash at
once, while the bots are found in a thread beside it; the arcade then runs
in the same window. The window's class (what desktops match to the launcher)
is ours, not the program file's name that importing pygame sets.
"""
from __future__ import annotations

import os
import sys
import threading

import pygame
import pytest

from conftest import Driver, shipped_config_and_bots
from game.ui import palette
from game.ui.app import start
from game.ui.splash import QUEUED, Launch, logo_centre
from game.ui.window import ICON_PATH, WM_CLASS, identify


def test_the_splash_is_drawn_before_the_bots_are_found_and_the_arcade_gets_them(monkeypatch, tmp_path):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path / "home"))
    found = threading.Event()
    from game.match import startup

    real = startup.load_config_and_bots

    def slow(config_path=None, bots_dir=None):
        assert found.wait(30), "the test never let discovery finish"
        return real(config_path, bots_dir)

    monkeypatch.setattr(startup, "load_config_and_bots", slow)
    launch = Launch().begin()
    screen = pygame.display.get_surface()
    assert screen is not None and launch._loading.is_alive()         # shown, the bots not found yet
    x, y = logo_centre(screen.get_size())
    logo = [screen.get_at((x + dx, y))[:3] for dx in range(-200, 200, 4)]
    assert any(colour[0] > 200 and colour[1] > 150 for colour in logo), "no gold logo on the splash"
    assert screen.get_at((4, screen.get_height() - 4))[:3] != (0, 0, 0)   # the background, not black
    found.set()
    opened = launch.wait()
    assert opened is not None
    window, config, registry = opened
    assert window.screen is pygame.display.get_surface()
    assert registry.bots and config.game("tictactoe").tiers
    pygame.quit()


def test_closing_the_window_on_the_splash_ends_the_wait(monkeypatch, tmp_path):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path / "home"))
    from game.match import startup

    release = threading.Event()
    real = startup.load_config_and_bots
    monkeypatch.setattr(startup, "load_config_and_bots",
                        lambda *paths: (release.wait(30), real(*paths))[1])
    launch = Launch().begin()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    try:
        assert launch.wait() is None
    finally:
        release.set()
        launch._loading.join(60)          # the bots' search ends before the test does
        pygame.quit()


@pytest.fixture
def slow_discovery(monkeypatch, tmp_path):
    """Finding the bots waits until the test sets the event it returns (then gives the shipped ones)."""
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path / "home"))
    from game.match import startup

    found = threading.Event()
    shipped = shipped_config_and_bots()

    def slow(config_path=None, bots_dir=None):
        assert found.wait(30), "the test never let discovery finish"
        return shipped

    monkeypatch.setattr(startup, "load_config_and_bots", slow)
    yield found
    found.set()


def _splash_frame(launch: Launch) -> None:
    """One turn of the splash's loop: its events taken, its picture drawn (the bots still loading)."""
    turns = iter([True])
    assert launch._splash.show_while(lambda: next(turns, False), 0.0)


def test_the_title_s_buttons_are_drawn_greyed_in_their_places_before_the_bots_are_found(slow_discovery):
    launch = Launch().begin()
    try:
        screen = pygame.display.get_surface()
        buttons = launch._splash.buttons
        assert launch._loading.is_alive()
        assert [b.id for b in buttons] == ["play", "join", "load", "stats", "settings", "quit"]
        assert [b.id for b in buttons if b.enabled] == ["quit"]         # what needs the arcade waits
        for button in buttons:        # each drawn: its face differs from the background behind it
            assert screen.get_at(button.rect.move(6, 0).midleft)[:3] != window_background(launch, button.rect)
        splash_places = [tuple(b.rect) for b in buttons]
        slow_discovery.set()
        app = start(launch)
        assert app is not None
        title = app.services.scenes.top
        assert title.name == "title"
        assert [tuple(w.rect) for w in title.focus.widgets] == splash_places       # no jump
        assert all(w.enabled for w in title.focus.widgets)
        app.close()
    finally:
        pygame.quit()


def window_background(launch: Launch, rect: pygame.Rect) -> tuple[int, int, int]:
    return launch._window.background.get_at(rect.move(6, 0).midleft)[:3]


def test_play_clicked_before_the_bots_are_found_waits_for_them_then_opens_the_games(slow_discovery):
    launch = Launch().begin()
    try:
        play = launch._splash.buttons[0]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=play.rect.center, button=1))
        _splash_frame(launch)
        assert launch.chosen == "play" and play.label == QUEUED          # it says it is waiting
        join = launch._splash.buttons[1]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=join.rect.center, button=1))
        _splash_frame(launch)
        assert launch.chosen == "play" and join.label == "Join"         # the first choice stands
        slow_discovery.set()
        app = start(launch)
        assert app is not None
        driver = Driver(app)
        driver.frames(40)
        assert driver.scene.name == "games"
        driver.key(pygame.K_ESCAPE)
        driver.frames(40)
        assert driver.scene.name == "title"
        driver.click("settings")           # the title works as ever
        driver.frames(40)
        assert driver.scene.name == "settings"
        app.close()
    finally:
        pygame.quit()


def test_a_shortcut_key_on_the_splash_is_kept_for_the_title(slow_discovery):
    launch = Launch().begin()
    try:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_o, mod=0, unicode="o", scancode=0))
        _splash_frame(launch)
        assert launch.chosen == "settings"
        slow_discovery.set()
        app = start(launch)
        assert app is not None
        Driver(app).frames(40)
        assert app.services.scenes.top.name == "settings"
        app.close()
    finally:
        pygame.quit()


def test_quit_on_the_splash_ends_the_program_before_the_bots_are_found(slow_discovery):
    launch = Launch().begin()
    try:
        quit_button = launch._splash.buttons[-1]
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=quit_button.rect.center, button=1))
        assert launch.wait() is None
    finally:
        slow_discovery.set()
        launch._loading.join(60)
        pygame.quit()


@pytest.mark.parametrize("before, after", [(None, WM_CLASS), ("pygame-default", WM_CLASS), ("mine", "mine")])
def test_the_window_class_is_ours_unless_the_user_set_one(monkeypatch, before, after):
    monkeypatch.setattr(sys, "argv", ["/somewhere/main.py"])
    value = {"pygame-default": "main.py"}.get(before, before)     # what importing pygame sets
    for name in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS"):
        if value is None:
            monkeypatch.delenv(name, raising=False)
        else:
            monkeypatch.setenv(name, value)
    identify()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == after
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == after


def test_the_icon_is_a_square_picture_in_the_arcade_s_colours():
    icon = pygame.image.load(str(ICON_PATH))
    assert icon.get_size() == (256, 256)
    edge = icon.get_at((128, 8))[:3]                       # the tile's gold edge
    assert max(abs(a - b) for a, b in zip(edge, palette.ACCENT)) < 24
