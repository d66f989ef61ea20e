"""The play screen without bots: a whole hot-seat game, save and load, errors."""
from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.catalogue import new_state
from game.match.record import Match, Player
from game.store.savefile import save_match
from game.ui import palette
from game.store.userdata import load_stats, saves_dir
from game.ui.play.screen import PlayMode, PlayScreen
from tests.session_helpers import protocol_mismatches
from tests.test_ui_dialogs import type_text


def near(colour, target, tolerance=40) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], target)) <= tolerance


def click_cell(d, cell: int) -> None:
    d.click_at(d.scene.renderer.cell_centre(cell))


def digit_for(renderer, cell: int) -> int:
    return next(digit for digit in range(1, 10) if renderer.cell_for_digit(digit) == cell)


def press_digit(d, cell: int) -> None:
    digit = digit_for(d.scene.renderer, cell)
    d.key(getattr(pygame, f"K_{digit}"), unicode=str(digit))


def hot_seat_match(*moves: str) -> Match:
    state = new_state("tictactoe")
    for word in moves:
        state.push(state.parse_move(word))
    return Match(state, [Player.human(), Player.human()])


def test_hot_seat_game_from_title_to_result_panel_by_events(make_app):
    d = make_app()
    d.start_hot_seat()
    play = d.scene
    click_cell(d, 0)                 # X a3, by mouse
    press_digit(d, 1)                # O b3, by digit key
    click_cell(d, 4)                 # X b2
    d.key(pygame.K_TAB)              # focus round the buttons and back to the board
    while d.scene.focus.current is not play.board:
        d.key(pygame.K_TAB)
    press_digit(d, 2)                # O c3; the keyboard cursor is now on c3
    d.key(pygame.K_DOWN)             # X c1, by arrows and Enter
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert [r.text for r in play.match.records] == ["a3", "b3", "b2", "c3", "c1"]
    d.until(lambda: play.result.visible and play.result.slide.done, what="result panel")
    assert play.result.headline == "X wins!"
    rows = load_stats()[0].rows()
    assert [(r.matchup, r.wins, r.draws, r.losses) for r in rows] == [("Human vs Human", 1, 0, 0)]
    d.frames(30)
    centre = play.renderer.cell_centre(4)
    around = [d.services.window.screen.get_at((centre[0] + dx, centre[1] + dy)) for dx in range(-12, 13, 3) for dy in range(-12, 13, 3)]
    assert any(near(c, palette.ACCENT) for c in around)
    d.key(pygame.K_RETURN)           # Rematch
    assert not play.result.visible and play.match.records == []
    assert len(load_stats()[0].rows()) == 1


def test_the_play_screen_has_everything_its_parts_use_of_it(make_app):
    d = make_app()
    d.start_hot_seat()
    assert protocol_mismatches(d.scene, PlayScreen) == []
    assert protocol_mismatches(d.scene.mode, PlayMode) == []


def test_result_is_recorded_once_per_finished_game(make_app):
    d = make_app()
    d.open_match(hot_seat_match("a3", "b3", "b2", "c3"))
    d.settle()
    play = d.scene
    play.play_move(8)
    d.frames(5)
    play.undo()
    play.play_move(8)
    d.frames(5)
    assert d.services.stats.rows()[0].games == 1


def test_save_then_load_restores_position_and_turn(make_app):
    d = make_app()
    d.open_match(hot_seat_match())
    d.settle()
    for cell in (4, 0, 8):
        click_cell(d, cell)
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    dialog = d.services.dialogs.current
    assert d.services.dialogs.kind == "save"
    target = dialog.folder / dialog.field.text
    assert target.parent == saves_dir() and target.suffix == ".txt"
    d.key(pygame.K_RETURN)
    assert target.is_file() and not d.services.dialogs.is_open
    d.key(pygame.K_n)
    assert d.scene.match.records == []
    d.key(pygame.K_o, mod=pygame.KMOD_CTRL)
    d.settle()
    assert d.scene.name == "load" and d.scene.selected_game.path == target
    d.key(pygame.K_RETURN)
    d.settle()
    match = d.scene.match
    assert d.scene.name == "play"
    assert match.state.to_text() == "b2 a3 c1"
    assert match.state.turn == 1
    assert [p.kind for p in match.players] == ["human", "human"]


def test_loading_a_corrupt_file_shows_an_error_and_keeps_the_game(make_app, tmp_path):
    d = make_app()
    d.open_match(hot_seat_match("b2", "a3"))
    d.settle()
    before = d.scene
    broken = tmp_path / "broken.txt"
    broken.write_text("# Board Arcade saved game\nGame: tictactoe\nMoves: b2 b2\n", encoding="utf-8")
    d.key(pygame.K_o, mod=pygame.KMOD_CTRL)
    d.settle()
    d.key(pygame.K_b)                        # Browse…: the file dialog, for a file elsewhere
    type_text(d, str(broken))
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.is_open and d.services.dialogs.kind == "message"
    message = d.services.dialogs.current.text
    assert "broken.txt" in message
    d.frames(3)
    d.key(pygame.K_RETURN)
    assert not d.services.dialogs.is_open
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene is before and before.match.state.to_text() == "b2 a3"


def test_start_with_load_path_opens_the_play_screen_and_a_bot_not_installed_gets_the_hint_tier(make_app, tmp_path):
    path = tmp_path / "game.txt"
    match = Match(new_state("tictactoe"), [Player.human(), Player.of_bot("NoSuchBot")])
    match.play(4)
    save_match(match, path)
    d = make_app(load_path=str(path))
    assert d.scene.name == "play"
    assert [s.name for s in d.services.scenes.stack] == ["title", "games", "setup", "play"]
    assert d.services.dialogs.is_open
    message = d.services.dialogs.current.text
    assert "NoSuchBot is not installed, so Master (the tier that gives hints) plays that seat instead" in message
    assert d.scene.match.players == [Player.human(), Player.of_bot("Master")]
    assert d.scene.match.state.turn == 1
    d.key(pygame.K_ESCAPE)
    d.leave_game()
    d.settle()
    assert d.scene.name == "setup"


def test_start_with_game_id_opens_its_setup(make_app):
    d = make_app(game_id="tictactoe")
    assert [s.name for s in d.services.scenes.stack] == ["title", "games", "setup"]


def test_saving_over_an_existing_file_asks_first(make_app, tmp_path):
    d = make_app()
    d.open_match(hot_seat_match("b2"))
    d.settle()
    target = tmp_path / "kept.txt"
    target.write_text("precious", encoding="utf-8")
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    type_text(d, str(target))
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.kind == "confirm" and "kept.txt already exists" in d.services.dialogs.current.text
    d.key(pygame.K_ESCAPE)                          # not replaced: back to the Save dialog, the name kept
    assert target.read_text(encoding="utf-8") == "precious"
    assert d.services.dialogs.kind == "save" and d.services.dialogs.current.field.text == str(target)
    d.key(pygame.K_RETURN)
    d.key(pygame.K_RETURN)
    assert "Moves: b2" in target.read_text(encoding="utf-8") and not d.services.dialogs.is_open


def test_a_loaded_bot_without_a_tier_keeps_its_own_name(make_app, tmp_path):
    from pathlib import Path

    fixtures = Path(__file__).resolve().parent / "fixtures" / "bots_broken"
    path = tmp_path / "game.txt"
    save_match(Match(new_state("tictactoe"), [Player.human(), Player.of_bot("GoodFixtureBot")]), path)
    d = make_app(bots_dir=fixtures, load_path=str(path))
    assert d.scene.name == "play"
    assert d.scene.match.players[1].label == "Good fixture"
    assert d.scene.player_name(1) == "Good fixture"


def cursor_to_top_right(d) -> None:
    """The keyboard cursor to c3 (arrows stop at the edges)."""
    for key in (pygame.K_UP, pygame.K_UP, pygame.K_RIGHT, pygame.K_RIGHT):
        d.key(key)


def test_keys_pressed_before_the_result_panel_shows_do_nothing(make_app):
    d = make_app()
    d.open_match(hot_seat_match("a3", "a2", "b3", "b2"))
    d.settle()
    play = d.scene
    press_digit(d, 2)                               # X c3 wins; the panel waits for the winning line
    assert play.match.state.is_over() and play.result.visible and not play.result.shown
    for key in (pygame.K_RETURN, pygame.K_w, pygame.K_SPACE):
        d.key(key)
    assert len(play.match.records) == 5 and play.match.players == [Player.human(), Player.human()]
    assert play.focus.current is not play.result.rematch
    d.until(lambda: play.result.shown, what="the result panel")
    assert play.focus.current is play.result.rematch
    d.key(pygame.K_RETURN)
    assert play.match.records == [] and not play.result.visible


def test_a_key_held_through_the_last_move_does_not_press_rematch(make_app):
    d = make_app()
    d.services.settings.update(anim_speed=0.0)           # the panel is shown with the winning move
    d.open_match(hot_seat_match("a3", "a2", "b3", "b2"))
    d.settle()
    play = d.scene
    cursor_to_top_right(d)
    d.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    d.frames(1)
    assert play.match.state.is_over() and play.result.shown
    for _ in range(3):                              # the held key repeats
        d.post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        d.frames(1)
    assert len(play.match.records) == 5
    d.post(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    d.key(pygame.K_RETURN)                          # a new press: Rematch
    assert play.match.records == []


def test_clicks_on_the_result_panel_wait_until_it_has_slid_in(make_app):
    d = make_app()
    d.open_match(hot_seat_match("a3", "a2", "b3", "b2"))
    d.settle()
    play = d.scene
    click_cell(d, 2)
    d.until(lambda: play.result.shown, what="the result panel")
    assert not play.result.slide.done
    d.click_at(play.result.rematch.rect.center)
    assert len(play.match.records) == 5
    d.until(lambda: play.result.slide.done, what="the panel in place")
    d.click_at(play.result.rematch.rect.center)
    assert play.match.records == []


def test_restart_says_redo_brings_the_game_back_and_redo_replays_it(make_app):
    d = make_app()
    d.open_match(hot_seat_match())
    d.settle()
    play = d.scene
    for cell in (4, 0, 8):
        click_cell(d, cell)
    d.key(pygame.K_n)
    assert play.match.records == [] and play.movelist.lines(play.match.records, 2) == []
    assert "New game — Redo (Y) brings the last one back" in d.services.toasts.messages()
    assert play.widget("redo").enabled and play.view.interactive
    d.click("redo")
    assert [r.text for r in play.match.records] == ["b2", "a3", "c1"]
    assert play.view.last_move == 8 and not play.renderer.busy     # the board snapped to the position
    assert [len(line.records) for line in play.movelist.lines(play.match.records, 2)] == [2, 1]
    click_cell(d, 2)                                 # and play goes on from there
    assert [r.text for r in play.match.records] == ["b2", "a3", "c1", "c3"]


def test_restart_of_an_empty_board_says_nothing(make_app):
    d = make_app()
    d.open_match(hot_seat_match())
    d.settle()
    d.key(pygame.K_r, mod=pygame.KMOD_CTRL)
    assert d.services.toasts.messages() == [] and not d.scene.widget("redo").enabled


def test_restart_after_the_end_hides_the_result_and_redo_does_not_count_the_game_twice(make_app):
    d = make_app()
    d.open_match(hot_seat_match("a3", "a2", "b3", "b2"))
    d.settle()
    play = d.scene
    click_cell(d, 2)
    d.until(lambda: play.result.shown, what="the result panel")
    d.key(pygame.K_n)
    assert play.match.records == [] and not play.result.visible and play.view.interactive
    assert play.focus.current is play.board
    d.key(pygame.K_y)
    assert play.match.state.is_over() and play.result.visible
    d.until(lambda: play.result.shown, what="the result panel again")
    assert [r.games for r in d.services.stats.rows()] == [1]
    assert [r.games for r in load_stats()[0].rows()] == [1]


def test_the_status_box_says_how_to_play_in_the_boards_own_words(make_app):
    d = make_app()
    d.open_match(hot_seat_match())
    d.settle()
    play = d.scene
    assert play.status.note()[0] == play.renderer.input_help == "Click a square, arrows + Enter, or 1–9"
    assert d.services.fonts.text(14).size(play.renderer.input_help)[0] <= play.status.rect.width - 32   # not cut short
    box = play.status.rect
    line = pygame.Rect(box.x + 12, box.bottom - 32, box.width - 24, 24)

    def note_pixels() -> set:
        d.frames(1)
        return {tuple(d.services.window.screen.get_at((x, y))) for x in range(line.left, line.right, 2)
                for y in range(line.top, line.bottom, 2)}

    shown = note_pixels()
    play.renderer.input_help = ""                   # a board with nothing to explain
    blank = note_pixels()
    assert len(blank) == 1 and len(shown) > 1
    play.renderer.input_help = "Drop a disc: click a column"
    assert play.status.note()[0] == "Drop a disc: click a column" and len(note_pixels()) > 1


def test_saving_into_a_missing_folder_says_so_unless_it_is_inside_the_saves_folder(make_app, tmp_path):
    d = make_app()
    d.open_match(hot_seat_match("b2"))
    d.settle()
    d.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    nowhere = tmp_path / "nowhere" / "game.txt"
    type_text(d, str(nowhere))
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.kind == "save" and not nowhere.parent.exists()
    problem = next(m for m in d.services.toasts.messages() if "nowhere" in m)
    assert problem == f"There is no folder {nowhere.parent}: choose one that exists, or a new one inside the saves folder"
    d.frames(5)                                     # the toast is drawn beside the dialog, not under it
    toast = d.services.toasts.items[-1].rect
    dialog = d.services.dialogs.current.rect
    assert toast is not None and (toast.bottom <= dialog.top or toast.top >= dialog.bottom)
    d.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    type_text(d, str(saves_dir() / "2025" / "first"))
    d.key(pygame.K_RETURN)
    saved = saves_dir() / "2025" / "first.txt"
    assert not d.services.dialogs.is_open and "Moves: b2" in saved.read_text(encoding="utf-8")
    assert "Saved to first.txt" in d.services.toasts.messages()


def test_browsing_for_a_file_that_is_not_there_says_so(make_app, tmp_path):
    d = make_app()
    d.key(pygame.K_l)
    d.settle()
    d.key(pygame.K_b)
    type_text(d, str(tmp_path / "missing.txt"))
    d.key(pygame.K_RETURN)
    assert d.services.dialogs.kind == "file"
    assert f"There is no file {tmp_path / 'missing.txt'}" in d.services.toasts.messages()
