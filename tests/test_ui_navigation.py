"""Screens and moving between them, by posted events only (no bots needed)."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.core import Outcome, Termination
from game.rules.catalogue import new_state
from game.match.record import Match, Player
from game.ui import palette
from game.store.userdata import BOT_DELAYS, load_settings, load_stats

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_title_play_leads_to_game_menu_and_setup(make_app):
    d = make_app()
    assert d.scene.name == "title"
    d.open_setup()
    assert d.scene.game_id == "tictactoe"


def test_escape_goes_back_one_screen_from_each_scene(make_app):
    d = make_app()
    d.start_hot_seat()
    d.leave_game()                        # the play screen's Esc opens its game menu: Leave
    d.settle()
    assert d.scene.name == "setup"
    for expected in ("games", "title"):
        d.key(pygame.K_ESCAPE)
        d.settle()
        assert d.scene.name == expected
    for opener, name in (("settings", "settings"), ("stats", "stats")):
        d.click(opener)
        d.settle()
        assert d.scene.name == name
        d.key(pygame.K_ESCAPE)
        d.settle()
        assert d.scene.name == "title"


def test_escape_on_title_asks_before_quitting(make_app):
    d = make_app()
    d.key(pygame.K_ESCAPE)
    assert d.services.dialogs.is_open
    d.key(pygame.K_ESCAPE)
    assert not d.services.dialogs.is_open and d.app.running
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_RETURN)
    assert not d.app.running


def test_tab_and_arrows_move_a_visible_focus_ring(make_app):
    d = make_app()
    d.key(pygame.K_TAB)
    focused = d.scene.focus.current
    assert focused is d.scene.widget("join")
    d.key(pygame.K_DOWN)
    d.key(pygame.K_DOWN)
    focused = d.scene.focus.current
    assert focused is d.scene.widget("stats")
    d.frames(20)
    ring_y = focused.rect.centery
    ring_x = focused.rect.x - 5
    colours = [tuple(d.services.window.screen.get_at((ring_x + dx, ring_y)))[:3] for dx in range(-4, 5)]
    assert palette.ACCENT in colours
    d.key(pygame.K_RETURN)
    d.settle()
    assert d.scene.name == "stats"


def test_settings_apply_at_once_and_persist_across_app_instances(make_app):
    d = make_app()
    d.click("settings")
    d.settle()
    d.click("sound")                  # On -> Off
    assert d.services.settings.current.sound is False and d.services.sounds.enabled is False
    speed = d.scene.widget("anim_speed")
    d.click_at((speed.rect.right - 12, speed.rect.centery))   # Normal -> Fast
    assert d.services.settings.current.anim_speed == 2.0
    size = d.scene.widget("window_size")
    d.click_at((size.rect.right - 12, size.rect.centery))
    assert d.services.window.size == tuple(d.services.settings.current.window_size) != (1024, 700)
    saved, problems = load_settings()
    assert problems == []
    assert (saved.sound, saved.anim_speed, saved.window_size) == (False, 2.0, d.services.settings.current.window_size)
    again = make_app(size=None)
    assert again.services.settings.current == d.services.settings.current
    assert again.services.window.size == tuple(saved.window_size)


def test_reset_statistics_asks_for_confirmation(make_app):
    d = make_app()
    players = [Player.human(), Player.of_bot("Master")]
    d.services.stats.record("tictactoe", players, Outcome((1,), "three in a row", termination=Termination.LINE))
    d.click("stats")
    d.settle()
    d.frames(2)
    d.click("reset")
    assert d.services.dialogs.is_open
    assert len(d.services.stats.rows()) == 1
    d.key(pygame.K_RETURN)
    assert not d.services.dialogs.is_open
    assert d.services.stats.rows() == []
    assert load_stats()[0].rows() == []


def test_broken_bot_file_is_named_on_the_setup_screen(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_broken", game_id="tictactoe")
    assert d.scene.name == "setup"
    places = " ".join(where for where, _ in d.scene.problems)
    assert "syntax_error.py" in places and "import_error.py" in places
    messages = " ".join(message for _, message in d.scene.problems)
    assert "no_such_library_for_board_arcade" in messages
    d.frames(3)
    box = d.scene.problems_rect
    border = [tuple(d.services.window.screen.get_at((box.x + 1, y)))[:3] for y in range(box.y + 20, box.y + 40)]
    assert palette.WARNING in border
    assert "Good fixture" in [c.label for c in d.scene.choices]


def test_swap_rotates_who_moves_first(make_app):
    d = make_app(game_id="tictactoe")
    first, second = d.scene.seat_labels
    d.key(pygame.K_w)
    assert d.scene.seat_labels == [second, first]
    d.click("start")
    d.settle()
    assert d.scene.match.players[0].label == second


def test_resizing_the_window_lays_the_scene_out_again(make_app):
    d = make_app(game_id="tictactoe")
    play_button = d.scene.widget("start")
    before = play_button.rect.copy()
    d.post(pygame.VIDEORESIZE, size=(1200, 820), w=1200, h=820)
    d.frames(2)
    assert d.services.window.size == (1200, 820)
    assert play_button.rect != before
    assert d.services.window.screen.get_rect().contains(play_button.rect)


def test_problems_at_start_up_are_announced(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_broken")
    assert any("match setup screen lists them" in m for m in d.services.toasts.messages())


def test_a_game_without_a_board_renderer_is_refused_clearly(make_app, monkeypatch):
    from game.rules import catalogue as games

    monkeypatch.setitem(games.GAMES, "noboard", "game.rules.tictactoe:TicTacToe")
    d = make_app(game_id="noboard")
    assert d.scene.name == "title"
    assert any("noboard" in m for m in d.services.toasts.messages())
    d.click("play")
    d.settle()
    cards = [w.id for w in d.scene.focus.widgets]
    assert "game:tictactoe" in cards and "game:noboard" not in cards


def test_bot_delay_choices_are_kept_with_the_settings_and_shown_alike_in_settings_and_play(make_app):
    d = make_app()
    d.services.settings.update(bot_delay=0.5)            # as an edited settings file may say: not one of the choices
    d.click("settings")
    d.settle()
    delay = d.scene.widget("bot_delay")
    assert [(item.value, item.label) for item in delay.items] == list(BOT_DELAYS.items())
    assert delay.value == 0.6                       # the nearest choice
    d.click_at((delay.rect.right - 12, delay.rect.centery))
    assert d.services.settings.current.bot_delay == 1.2
    d.key(pygame.K_ESCAPE)
    d.settle()
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("Easy"), Player.of_bot("Easy")]))
    d.settle()
    speed = d.scene.widget("speed")
    assert [(item.value, item.label) for item in speed.items] == list(BOT_DELAYS.items()) and speed.value == 1.2
    d.services.settings.update(bot_delay=3.0)
    assert speed.value == 2.5


def test_settings_and_play_screens_take_the_bot_delays_from_userdata():
    from game.store import userdata
    from game.ui.panels import controls
    from game.ui.scenes import settings

    assert settings.BOT_DELAYS is userdata.BOT_DELAYS and controls.BOT_DELAYS is userdata.BOT_DELAYS


def test_the_command_lines_game_options_are_chosen_on_its_setup_screen(make_app):
    d = make_app(game_id="chinesecheckers", options={"players": 6, "play_on": True, "turn_limit": 200})
    setup = d.scene
    assert setup.name == "setup" and setup.game_id == "chinesecheckers"
    assert setup.options["players"] == 6 and setup.options["play_on"] is True
    assert len(setup.seat_labels) == 6


def test_a_size_set_by_dragging_is_kept_for_the_next_run_and_settings_show_it(make_app):
    d = make_app()
    d.post(pygame.VIDEORESIZE, size=(1111, 777), w=1111, h=777)
    d.frames(2)
    assert load_settings()[0].window_size == (1111, 777)
    d.click("settings")
    d.settle()
    assert d.scene.widget("window_size").item.label == "1111 × 777"
    assert d.scene.window_note().startswith("Now 1111 × 777")
    again = make_app(size=None)
    assert again.services.window.size == (1111, 777)


def press_as_sdl(d, key: int, letter: str) -> None:
    """A key as SDL reports a printable one: KEYDOWN, its typed text (TEXTINPUT), KEYUP."""
    d.post(pygame.KEYDOWN, key=key, mod=0, unicode=letter, scancode=0)
    d.post(pygame.TEXTINPUT, text=letter)
    d.post(pygame.KEYUP, key=key, mod=0, unicode=letter, scancode=0)
    d.frames(1)


def test_the_key_that_opens_join_types_nothing_into_its_address_box(make_app):
    d = make_app()
    press_as_sdl(d, pygame.K_j, "j")
    d.settle()
    join = d.scene
    assert join.name == "join" and join.focus.current is join.address_field
    assert join.address_field.text == "" and join.name_field.text != "j"
    press_as_sdl(d, pygame.K_1, "1")                   # what is typed next goes in
    assert join.address_field.text == "1"
    d.key(pygame.K_ESCAPE)
    d.settle()
    d.scene.focus.focus(d.scene.widget("join"))        # Space on the focused Join button: no space typed
    press_as_sdl(d, pygame.K_SPACE, " ")
    d.settle()
    assert d.scene.name == "join" and d.scene.address_field.text == ""
