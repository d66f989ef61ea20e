"""Copy and paste a game's moves on the play screen (Ctrl+C / Ctrl+V and the buttons), for every game."""
from __future__ import annotations

import pygame

from game.rules.catalogue import new_state
from game.match.record import Match, Player


def open_game(d, game_id: str, moves: str = "", players=None, **options):
    state = new_state(game_id, **options)
    for word in state.split_moves(moves):
        state.push(state.parse_move(word))
    d.open_match(Match(state, list(players or [Player.human(), Player.human()])))
    d.settle()
    return d.scene


def ctrl(d, key: int) -> None:
    d.key(key, mod=pygame.KMOD_CTRL)


def test_copy_puts_the_moves_in_the_games_notation_on_the_clipboard(make_app):
    d = make_app()
    open_game(d, "connect4", "4453")
    ctrl(d, pygame.K_c)
    assert pygame.scrap.get_text() == "4453"
    assert "Copied 4453" in d.services.toasts.messages()
    open_game(d, "tictactoe", "b2 a1")
    d.click("copy")
    assert pygame.scrap.get_text() == "b2 a1"


def test_copy_without_a_clipboard_says_so_in_a_toast(make_app, monkeypatch):
    d = make_app()
    open_game(d, "connect4", "4")

    def no_clipboard(text):
        raise pygame.error("no clipboard on this display")

    monkeypatch.setattr(pygame.scrap, "put_text", no_clipboard)
    ctrl(d, pygame.K_c)
    assert "Could not copy: the clipboard is not available (no clipboard on this display)" in d.services.toasts.messages()
    d.services.settings.update(language="zh_CN")     # the system's words stay as they are, inside the player's
    ctrl(d, pygame.K_c)
    assert "无法复制：剪贴板不可用（no clipboard on this display）" in d.services.toasts.messages()


def test_paste_plays_the_clipboards_moves_and_undo_takes_them_back(make_app):
    d = make_app()
    play = open_game(d, "connect4", "44", cols=8)
    pygame.scrap.put_text(" 44536\n")
    ctrl(d, pygame.K_v)
    assert play.match.state.to_text() == "44536" and play.match.state.cols == 8
    assert [r.text for r in play.match.records] == ["4", "4", "5", "3", "6"]
    d.key(pygame.K_u)
    assert play.match.state.to_text() == "4453"


def test_paste_of_a_bad_move_list_names_the_bad_move_and_changes_nothing(make_app):
    d = make_app()
    play = open_game(d, "connect4", "4")
    pygame.scrap.put_text("4458")
    ctrl(d, pygame.K_v)
    assert play.match.state.to_text() == "4"
    assert any("Cannot paste '4458' as Connect Four moves: move 4 ('8')" in m for m in d.services.toasts.messages())


def test_paste_that_leaves_this_games_line_asks_before_replacing_it(make_app):
    d = make_app()
    play = open_game(d, "tictactoe", "a1 b2")
    pygame.scrap.put_text("b2 a1 c3")
    d.click("paste")
    assert d.services.dialogs.kind == "confirm" and play.match.state.to_text() == "a1 b2"
    d.key(pygame.K_RETURN)
    assert play.match.state.to_text() == "b2 a1 c3"
    assert not play.match.can_redo()


def test_paste_of_an_ffo_position_sets_it_up_and_play_goes_on_from_it(make_app):
    d = make_app()
    play = open_game(d, "reversi", "f5")
    ffo = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
    pygame.scrap.put_text(ffo + "; G8:+18; H1:+12;")
    ctrl(d, pygame.K_v)
    assert d.services.dialogs.kind == "confirm"           # it replaces the game: asked first
    d.key(pygame.K_RETURN)
    state = play.match.state
    assert state.start_text == ffo and state.move_stack == []
    play.play_move(state.parse_move("g8"))
    assert state.to_text() == "g8"
    ctrl(d, pygame.K_c)
    assert pygame.scrap.get_text() == ffo + " g8"
