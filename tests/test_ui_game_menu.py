"""Esc on the play screen opens the game menu over the board, and never leaves the game by itself.

Driven by posted events on the real play screen: keys, clicks, the text SDL
types with a key (its ``TEXTINPUT``).
"""
from __future__ import annotations

import pygame

from game.match.record import Match, Player
from game.rules.catalogue import new_state

KEPT = "Your game is kept: Resume on the title screen brings it back"


def hot_seat(d, *moves: int):
    state = new_state("tictactoe")
    for move in moves:
        state.push(move)
    d.open_match(Match(state, [Player.human(), Player.human()]))
    d.settle()
    return d.scene


def menu(d):
    assert d.services.dialogs.kind == "menu", "the game menu is open"
    return d.services.dialogs.current


def click_entry(d, wid: str) -> None:
    d.click_at(menu(d).focus.find(wid).rect.center)


def test_esc_opens_the_game_menu_over_the_game_and_esc_again_resumes_it(make_app):
    d = make_app()
    play = hot_seat(d, 4, 0)
    d.key(pygame.K_ESCAPE)
    shown = menu(d)
    assert d.scene is play
    assert [w.id for w in shown.focus.widgets] == ["menu_resume", "menu_new", "menu_save", "menu_settings",
                                                   "menu_rules", "menu_leave"]
    assert shown.focus.current.id == "menu_resume"
    assert shown.rect.colliderect(play.board.rect)            # over the board, not a screen of its own
    d.key(pygame.K_1, unicode="1")                               # the board gets no key while it is open
    assert play.match.state.to_text() == "b2 a3"
    d.key(pygame.K_ESCAPE)
    assert not d.services.dialogs.is_open and d.scene is play
    assert play.match.state.to_text() == "b2 a3" and play.view.interactive


def test_the_menu_button_and_the_mouse_work_the_menu_as_the_keyboard_does(make_app):
    d = make_app()
    play = hot_seat(d, 4)
    d.click("menu")
    d.frames(45)                                                 # the mouse rests on the Menu button
    d.app.draw()
    assert play.focus.tooltip_rect is None                       # its tooltip is not left under the menu
    click_entry(d, "menu_resume")
    assert not d.services.dialogs.is_open and d.scene is play
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_DOWN)                                         # Resume -> New game, by arrows and Enter
    assert menu(d).focus.current.id == "menu_new"
    d.key(pygame.K_RETURN)
    assert not d.services.dialogs.is_open and play.match.records == []
    assert "New game — Redo (Y) brings the last one back" in d.services.toasts.messages()
    d.key(pygame.K_y)
    assert play.match.state.to_text() == "b2"


def test_new_game_is_always_on_the_side_panel_with_the_same_players(make_app):
    d = make_app()
    match = Match(new_state("tictactoe"), [Player.human(), Player.of_bot("Easy")])
    match.play(4)
    d.open_match(match)
    d.settle()
    play = d.scene
    button = play.widget("restart")
    assert button.label == "New game" and button.rect.width > 0 and play.panel_rect.contains(button.rect)
    d.click("restart")
    assert play.match.records == [] and play.match.players == [Player.human(), Player.of_bot("Easy")]


def test_leave_goes_back_to_the_setup_and_keeps_the_game_for_resume(make_app):
    d = make_app()
    hot_seat(d, 4, 0)
    d.key(pygame.K_ESCAPE)
    click_entry(d, "menu_leave")
    d.settle()
    assert d.scene.name == "setup" and KEPT in d.services.toasts.messages()


def test_settings_from_the_menu_come_back_to_the_game(make_app):
    d = make_app()
    play = hot_seat(d, 4)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_o, unicode="o")
    d.settle()
    assert d.scene.name == "settings" and not d.services.dialogs.is_open
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene is play and play.match.state.to_text() == "b2" and play.view.interactive


def test_rules_from_the_menu_open_over_the_board(make_app):
    d = make_app()
    play = hot_seat(d)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_F1)
    assert play.rules.visible and not d.services.dialogs.is_open
    d.key(pygame.K_ESCAPE)
    assert not play.rules.visible and not d.services.dialogs.is_open and d.scene is play


def test_save_from_the_menu_keeps_the_suggested_name_the_s_typed_nothing(make_app):
    d = make_app()
    hot_seat(d, 4)
    d.key(pygame.K_ESCAPE)
    menu(d)
    d.post(pygame.KEYDOWN, key=pygame.K_s, mod=0, unicode="s", scancode=0)
    d.post(pygame.TEXTINPUT, text="s")                      # SDL types the letter of the key too
    d.post(pygame.KEYUP, key=pygame.K_s, mod=0, unicode="s", scancode=0)
    d.frames(1)
    dialogs = d.services.dialogs
    assert dialogs.kind == "save"
    name = dialogs.current.field.text
    assert name.endswith(".txt") and name != "s" and "tictactoe" in name.replace("-", "").lower()
    d.post(pygame.TEXTINPUT, text="x")                      # typing afterwards still reaches it
    d.frames(1)
    assert dialogs.current.field.text == "x"               # the suggestion was selected: typing replaces it


def test_a_local_games_bots_wait_while_the_menu_is_open(make_app):
    d = make_app()
    d.services.settings.update(bot_delay=0.0)
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("Easy"), Player.human()]))
    d.key(pygame.K_ESCAPE)
    play = d.scene
    assert menu(d) is not None
    d.until(lambda: play.session.ready() is not None, what="Easy's move ready")
    d.frames(30)
    assert play.match.records == []                          # ready, but held while the menu is open
    d.key(pygame.K_ESCAPE)
    d.until(lambda: len(play.match.records) == 1, 60, "Easy's move once the menu closed")


def test_after_the_menu_esc_on_the_result_panel_still_opens_it(make_app):
    d = make_app()
    play = hot_seat(d, 0, 3, 1, 4)
    d.key(pygame.K_ESCAPE)                                       # Esc's KEYUP goes to the menu, not the board
    click_entry(d, "menu_resume")
    d.click_at(play.renderer.cell_centre(2))                     # X wins
    d.until(lambda: play.result.shown and play.result.slide.done, what="the result panel")
    d.key(pygame.K_ESCAPE)
    assert menu(d).focus.find("menu_new").enabled
    d.key(pygame.K_n)                                            # New game from the result panel's menu
    assert play.match.records == [] and not play.result.visible
