"""The services every screen is handed: the settings and statistics stores, and
opening screens by name."""
from __future__ import annotations

import pygame
import pytest

from game.match.record import Match, Player
from game.rules.catalogue import new_state
from game.rules.core import Outcome, Termination
from game.store.userdata import load_settings, load_stats
from game.ui import renderers
from game.ui import services as services_module
from game.ui.scenes.base import Scene, UnknownScene
from tests.session_helpers import protocol_mismatches


def no_room(*_args) -> None:
    raise OSError(28, "No space left on device")


def test_a_settings_change_reaches_each_listener_with_what_changed_and_is_saved(make_app):
    d = make_app()
    heard = []
    unsubscribe = d.services.settings.subscribe(lambda settings, changed: heard.append((settings.sound, changed)))
    d.services.settings.update(sound=False)
    unsubscribe()
    d.services.settings.update(sound=True)
    assert heard == [(False, frozenset({"sound"}))]
    assert load_settings()[0].sound is True
    assert d.services.sounds.enabled is True


def test_settings_that_cannot_be_saved_still_apply_and_a_toast_says_why(make_app, monkeypatch):
    d = make_app()
    monkeypatch.setattr(services_module, "save_settings", no_room)
    d.services.settings.update(anim_speed=2.0)
    assert d.services.settings.current.anim_speed == 2.0 and d.services.toasts.speed == 2.0
    assert "Settings could not be saved: [Errno 28] No space left on device" in d.services.toasts.messages()


def test_a_recorded_game_is_saved_at_once_and_a_failed_save_is_a_toast(make_app, monkeypatch):
    d = make_app()
    players = [Player.human(), Player.of_bot("Easy")]
    row = d.services.stats.record("tictactoe", players, Outcome((0,), "three in a row", termination=Termination.LINE))
    assert (row.matchup, row.wins) == ("Human vs Easy", 1)
    assert load_stats()[0].rows() == [row]
    monkeypatch.setattr(services_module, "save_stats", no_room)
    d.services.stats.record("tictactoe", players, Outcome((1,), "three in a row", termination=Termination.LINE))
    assert d.services.stats.rows()[0].losses == 1
    assert "Statistics could not be saved: [Errno 28] No space left on device" in d.services.toasts.messages()


def test_a_screen_stops_following_the_settings_once_it_has_left(make_app):
    d = make_app()
    d.click("settings")
    d.settle()
    screen = d.scene
    d.services.settings.update(sound=False)
    assert screen.widget("sound").value is False         # on the stack: it follows
    d.key(pygame.K_ESCAPE)
    d.settle()
    d.services.settings.update(sound=True)
    assert screen.widget("sound").value is False         # gone: it no longer hears


def test_the_stack_of_screens_has_everything_the_screens_and_the_app_use_of_it(make_app):
    d = make_app()
    assert protocol_mismatches(d.services.scenes, services_module.SceneStack) == []
    assert protocol_mismatches(d.services.scenes.top, services_module.Screen) == []


def test_a_screen_asked_for_by_an_unknown_name_is_an_error_naming_the_screens(make_app):
    d = make_app()
    with pytest.raises(UnknownScene, match="no screen called 'tournament'; screens: games, host, join, load, lobby, play"):
        d.services.scenes.push("tournament")
    assert [s.name for s in d.services.scenes.stack] == ["title"]


def test_a_new_screen_is_one_entry_in_the_table(make_app, monkeypatch):
    class LobbyScene(Scene):
        name = "lobby"

        def __init__(self, services, host: str) -> None:
            super().__init__(services)
            self.host = host

    d = make_app()
    monkeypatch.setitem(d.services.scenes.screens, "lobby", LobbyScene)
    d.services.scenes.push("lobby", host="192.168.1.20")
    d.settle()
    assert d.scene.name == "lobby" and d.scene.host == "192.168.1.20"
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene.name == "title"


def test_a_match_whose_game_has_no_board_is_refused_with_a_dialog_and_nothing_changes(make_app, monkeypatch):
    d = make_app()
    monkeypatch.delitem(renderers.RENDERERS, "tictactoe")
    d.open_match(Match(new_state("tictactoe"), [Player.human(), Player.human()]))
    d.frames(1)
    assert [s.name for s in d.services.scenes.stack] == ["title"]
    assert d.services.dialogs.kind == "message"
    assert "Tic-tac-toe has no board on screen yet." in d.services.dialogs.current.text
