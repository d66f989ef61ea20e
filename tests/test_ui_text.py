"""Text the program does not control never crashes a frame.

Bots' names, descriptions, exception messages and move values, save files
and file names reach the screen; pygame's fonts raise on NUL and on lone
surrogates, and pygame refuses text with no width. Each test puts such text
where a player would meet it and runs frames of the screens that show it.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.rules.catalogue import new_state
from game.match.record import Match, Player
from game.ui.draw import UNDRAWABLE, clean_text
from game.store.userdata import saves_dir

LIMIT = 3000   # frames; a bot worker starts within far fewer
ODD = "a\x00b\ud800c\u2028d\x1b"
SEEN = f"a\\x00b{UNDRAWABLE}c\\u2028d\\x1b"
ZERO_WIDTH = "\u200b\u200d"      # pygame refuses to draw text with no width

HOT_SEAT_GAME = "Game: tictactoe\nSeat 1: human\nSeat 2: human\nMoves: b2\n"


def odd_bots(tmp_path: Path, body: str) -> Path:
    """A bots folder with one bot file whose class is ``body`` (indented)."""
    folder = tmp_path / "bots"
    folder.mkdir()
    (folder / "odd_bots.py").write_text(
        "from game.rules.bot import Bot, MoveValue\n\n\n"
        "class OddBot(Bot):\n"
        "    games = ('tictactoe',)\n" + body,
        encoding="utf-8",
    )
    return folder


def test_clean_text_writes_control_characters_as_codes_and_marks_lone_surrogates():
    assert clean_text(ODD) == SEEN
    assert clean_text("clears \x1b[2J the screen") == "clears \\x1b[2J the screen"
    assert clean_text("pair \ud83d\ude00 joined") == "pair \U0001F600 joined"
    assert clean_text("plain café") == "plain café"


def test_a_bot_raising_with_nul_and_surrogate_is_named_in_a_toast_and_a_note(make_app, tmp_path):
    bots = odd_bots(tmp_path, f"    def choose_move(self, state, budget):\n        raise ValueError({ODD!r})\n")
    d = make_app(bots_dir=bots)
    d.services.settings.update(bot_delay=0.0)
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("OddBot"), Player.human()]))
    play = d.scene
    d.until(lambda: len(play.match.records) == 1, LIMIT, "the fallback move")
    d.frames(5)                                     # toast and move-list note drawn
    assert "a\\x00b\\ud800c\\u2028d\\x1b" in play.match.records[0].note   # written as codes, as in a terminal
    assert any("a\\x00b" in message for message in d.services.toasts.messages())


def test_a_bots_illegal_move_that_clears_the_screen_is_shown_as_codes(make_app):
    """Issue 33: a bot's description of its own bad move held ``\\x1b[2J``; the window shows
    the codes (as the terminal and the logs do), not blanks or the raw sequence."""
    d = make_app(bots_dir=Path(__file__).parent / "fixtures" / "bots_contained")
    d.services.settings.update(bot_delay=0.0)
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("ShoutingBot"), Player.human()]))
    play = d.scene
    d.until(lambda: len(play.match.records) == 1, LIMIT, "the fallback move")
    d.frames(5)
    said = "chose the square \\x1b[2J, which is not a legal move"
    assert said in play.match.records[0].note
    shown = [message for message in d.services.toasts.messages() if said in message]
    assert shown and all(clean_text(message) == message for message in shown)


def test_hint_values_with_control_or_only_zero_width_characters_are_drawn_on_the_board(make_app, tmp_path):
    bots = odd_bots(tmp_path, "    def choose_move(self, state, budget):\n        return state.legal_moves()[0]\n"
                              "    def analyse(self, state, budget):\n"
                              f"        return {{m: MoveValue(1.0, {ODD!r} if m else {ZERO_WIDTH!r})"
                              " for m in state.legal_moves()}\n")
    config = tmp_path / "config.yaml"
    config.write_text("games:\n  tictactoe:\n    hint: Odd\n    tiers:\n      Odd: {bot: OddBot}\n", encoding="utf-8")
    d = make_app(bots_dir=bots, config_path=config)
    d.open_match(Match(new_state("tictactoe"), [Player.human(), Player.human()]))
    d.settle()
    play = d.scene
    d.key(pygame.K_h)
    d.until(lambda: play.view.hint is not None, LIMIT, "the hint")
    d.frames(5)
    # A lone surrogate cannot cross the worker's pipe (UTF-8): it arrives as U+FFFD, drawn as clean_text draws it.
    texts = {value.text for value in play.view.hint_values.values()}
    assert texts == {ODD.replace("\ud800", "\ufffd"), ZERO_WIDTH}
    assert {clean_text(text) for text in texts} == {SEEN, clean_text(ZERO_WIDTH)}


def test_a_bot_named_with_nul_and_surrogate_shows_in_setup_and_play(make_app, tmp_path):
    bots = odd_bots(tmp_path, f"    name = {ODD!r}\n    description = {ODD * 3!r}\n"
                              "    def choose_move(self, state, budget):\n        return state.legal_moves()[0]\n")
    d = make_app(bots_dir=bots)
    d.services.settings.update(bot_delay=0.0)
    d.open_setup()
    setup = d.scene
    chooser = setup.widget("seat1")
    for _ in range(len(setup.choices)):            # every choice drawn in the seat chooser, the odd bot among them
        d.click_at((chooser.rect.right - 12, chooser.rect.centery))
        d.frames(2)
        if setup.players()[1].bot == "OddBot":
            break
    assert setup.players()[1].bot == "OddBot"
    d.click("start")
    d.settle()
    play = d.scene
    assert play.name == "play"
    d.click_at(play.renderer.cell_centre(4))
    d.until(lambda: play.match.state.is_over() or len(play.match.records) == 2, LIMIT, "the odd bot's reply")
    d.frames(5)


def odd_named_save(name: bytes, content: str) -> str:
    """A file in the saves folder whose name is not valid UTF-8 (Python gives it lone surrogates)."""
    folder = os.fsencode(saves_dir())
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(content)
    return os.fsdecode(name)


def test_load_list_shows_files_whose_names_do_not_decode_as_rows(make_app):
    d = make_app()
    loadable = odd_named_save(b"game\xff\x01.txt", HOT_SEAT_GAME)
    damaged = odd_named_save(b"damaged\xfe\x02.txt", "no game here\x00\n")
    d.key(pygame.K_l)
    d.settle()
    load = d.scene
    assert sorted(g.path.name for g in load.games) == sorted([loadable, damaged])
    d.frames(3)
    for _ in load.games:                            # each row selected and its details drawn
        d.key(pygame.K_DOWN)
        d.frames(2)
    d.key(pygame.K_DELETE)                          # the confirmation names the file
    assert d.services.dialogs.kind == "confirm"
    d.frames(3)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_HOME)
    d.key(pygame.K_b)                               # the file dialog lists the odd names too
    d.frames(3)
    d.key(pygame.K_ESCAPE)
    d.key(pygame.K_HOME)
    if not load.selected_game.loadable:
        d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    d.settle()
    assert d.scene.name == "play" and len(d.scene.match.records) == 1


def test_a_message_dialog_with_nul_and_surrogate_is_drawn(make_app):
    d = make_app()
    d.services.dialogs.message(f"Title {ODD}", f"Body {ODD}\nsecond line {ODD}")
    d.frames(3)
    d.key(pygame.K_RETURN)
    d.services.dialogs.confirm(f"Title {ODD}", f"Question {ODD}", f"Go{ODD}", lambda: None)
    d.frames(3)
    d.key(pygame.K_ESCAPE)
    assert not d.services.dialogs.is_open


def test_a_line_too_long_is_cut_between_words_never_inside_one(make_app):
    from game.ui.draw import words_fit
    d = make_app()
    font = d.app.services.fonts.text(16)
    line = "looks a few moves ahead and prizes corners and room to move"
    for width in range(120, font.size(line)[0], 37):
        cut = words_fit(font, line, width)
        assert font.size(cut)[0] <= width and cut.endswith("…")
        assert line.startswith(cut[:-1]) and line[len(cut) - 1] == " "   # whole words, then the ellipsis
    assert words_fit(font, line, font.size(line)[0]) == line
