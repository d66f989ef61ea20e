"""Leaving a game loses nothing: Esc, the close button and Ctrl+C keep it for Resume.

Driven by posted events on the real screens; the game kept is the file of
``game/store/autosave.py`` in each test's own user folder.
"""
from __future__ import annotations

import pygame
import pytest

from game.match.record import Match, Player
from game.rules.catalogue import new_state
from game.store import autosave
from game.store.userdata import load_stats, settings_path, stats_path
from tests.test_ui_bots import alive

KEPT = "Your game is kept: Resume on the title screen brings it back"


def click_cells(d, *cells: int) -> None:
    for cell in cells:
        d.click_at(d.scene.renderer.cell_centre(cell))


def back_to_title(d) -> None:
    while d.scene.name != "title":
        if d.scene.name == "play":
            d.leave_game()
        else:
            d.key(pygame.K_ESCAPE)
        d.settle()


def test_escape_keeps_the_game_and_resume_on_the_title_brings_back_its_moves_and_seats(make_app):
    d = make_app()
    d.start_hot_seat()
    click_cells(d, 4, 0, 8)
    d.leave_game()
    d.settle()
    assert d.scene.name == "setup" and KEPT in d.services.toasts.messages()
    back_to_title(d)
    resume = d.scene.widget("resume")
    assert resume.label == "Resume Tic-tac-toe"
    assert resume.detail.startswith("3 moves  ·  Player 1 vs Player 2  ·  Today ")
    assert d.scene.focus.current is resume
    d.key(pygame.K_r)
    d.settle()
    play = d.scene
    assert play.name == "play" and [s.name for s in d.services.scenes.stack] == ["title", "games", "setup", "play"]
    assert play.match.state.to_text() == "b2 a3 c1" and play.match.players == [Player.human(), Player.human()]
    click_cells(d, 2)
    assert play.match.state.to_text() == "b2 a3 c1 c3"


def test_resume_brings_back_a_bot_seat_and_what_redo_would_replay(make_app):
    d = make_app()
    match = Match(new_state("tictactoe"), [Player.human(), Player.of_bot("Master")])
    for move in (4, 0, 8, 2):
        match.play(move)
    d.open_match(match)
    d.settle()
    d.key(pygame.K_u)                  # back to X's turn: c3 and c1 wait in Redo
    assert d.scene.match.state.to_text() == "b2 a3"
    back_to_title(d)
    d.click("resume")
    d.settle()
    play = d.scene
    assert play.match.players == [Player.human(), Player.of_bot("Master")]
    assert play.match.state.to_text() == "b2 a3" and play.widget("redo").enabled
    d.key(pygame.K_y)
    assert play.match.state.to_text() == "b2 a3 c1 c3"


def test_a_restart_pressed_by_mistake_then_escape_keeps_the_game_for_redo(make_app):
    d = make_app()
    d.start_hot_seat()
    click_cells(d, 4, 0)
    d.key(pygame.K_n)
    back_to_title(d)
    assert d.scene.widget("resume").detail.startswith("No moves yet")
    d.key(pygame.K_r)
    d.settle()
    d.key(pygame.K_y)
    assert d.scene.match.state.to_text() == "b2 a3"


def test_closing_the_window_keeps_the_game_for_the_next_launch(make_app):
    d = make_app()
    d.start_hot_seat()
    click_cells(d, 4, 0)
    d.post(pygame.QUIT)
    assert d.app.frame(1 / 60) is False
    d.app.close()
    again = make_app()
    assert again.scene.widget("resume").label == "Resume Tic-tac-toe"
    again.key(pygame.K_RETURN)              # Resume has the focus
    again.settle()
    assert again.scene.name == "play" and again.scene.match.state.to_text() == "b2 a3"


def test_an_untouched_game_or_one_the_bots_play_alone_leaves_nothing_to_resume(make_app):
    d = make_app()
    d.start_hot_seat()
    d.leave_game()
    d.settle()
    bots = Match(new_state("tictactoe"), [Player.of_bot("Easy"), Player.of_bot("Easy")])
    bots.play(4)
    d.open_match(bots)
    d.settle()
    back_to_title(d)
    assert KEPT not in d.services.toasts.messages()
    assert not autosave.autosave_path().exists()
    assert [w.id for w in d.scene.focus.widgets] == ["play", "join", "load", "stats", "settings", "quit"]


def test_a_finished_game_leaves_nothing_and_finishing_a_resumed_one_takes_resume_away(make_app):
    d = make_app()
    d.start_hot_seat()
    click_cells(d, 0, 3, 1, 4)
    back_to_title(d)
    d.key(pygame.K_r)
    d.settle()
    play = d.scene
    click_cells(d, 2)                        # a1 b1 c1: X wins
    d.until(lambda: play.result.shown, what="the result panel")
    back_to_title(d)
    assert not autosave.autosave_path().exists()
    with pytest.raises(LookupError):
        d.scene.widget("resume")
    assert d.scene.focus.current is d.scene.widget("play")
    assert [r.games for r in load_stats()[0].rows()] == [1]


def test_a_damaged_kept_game_is_set_aside_and_the_title_says_why(make_app):
    path = autosave.autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("# Board Arcade saved game\nGame: tictactoe\nSeat 1 (X): human Human\nSeat 2 (O): hum",
                    encoding="utf-8")
    d = make_app()
    assert [w.id for w in d.scene.focus.widgets][0] == "play"
    warning = next(m for m in d.services.toasts.messages() if m.startswith("The game kept for Resume"))
    assert "line 4: the file ends in the middle of this line, before its Result line" in warning
    assert "autosave.txt.bad" in warning
    assert not path.exists() and path.with_name("autosave.txt.bad").exists()


def test_ctrl_c_keeps_the_game_stops_the_bot_workers_and_writes_settings_and_stats(make_app, capsys):
    from game.ui.app import INTERRUPTED, stop_after_ctrl_c

    d = make_app()
    match = Match(new_state("tictactoe"), [Player.human(), Player.of_bot("Easy")])
    d.open_match(match)
    d.settle()
    play = d.scene
    d.until(lambda: all(runner.pid is not None for runner in play.session.runners.values())
            and play.session.runners, what="the bot's worker")
    pids = [runner.pid for runner in play.session.runners.values()]
    click_cells(d, 4)
    settings_path().unlink(missing_ok=True)
    stats_path().unlink(missing_ok=True)
    assert stop_after_ctrl_c(d.app) == INTERRUPTED
    assert not any(alive(pid) for pid in pids)
    assert settings_path().exists() and stats_path().exists()
    kept = autosave.kept_game()
    assert kept is not None and kept.match.state.to_text() == "b2"
    assert kept.match.players == [Player.human(), Player.of_bot("Easy")]
    said = capsys.readouterr().err
    assert said.strip().splitlines() == ["Board Arcade stopped (Ctrl+C): settings and statistics saved; "
                                         "your game is kept: Resume on the title screen brings it back."]


def test_ctrl_c_in_the_main_loop_ends_run_with_status_130_and_no_traceback(tmp_path, monkeypatch, capsys):
    from game.ui import app as app_module
    from game.ui.splash import Launch

    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path / "home"))
    frames = []

    def interrupted_frame(self, dt):
        frames.append(dt)
        if len(frames) == 3:
            raise KeyboardInterrupt
        return True

    monkeypatch.setattr(app_module.App, "frame", interrupted_frame)
    assert app_module.run(Launch().begin()) == app_module.INTERRUPTED
    assert len(frames) == 3
    assert capsys.readouterr().err.strip() == "Board Arcade stopped (Ctrl+C): settings and statistics saved."
    assert settings_path().exists()


def test_the_title_menu_with_resume_fits_every_size_under_the_tagline_and_over_the_key_hint(make_app):
    from tests.test_ui_layout import SIZES, assert_laid_out, resize

    state = new_state("chinesecheckers", players=6)        # the longest title and players line
    match = Match(state, [Player.human()] + [Player.of_bot("Medium")] * 5)
    match.play(state.legal_moves()[0])
    autosave.keep(match)
    d = make_app()
    title = d.scene
    resume = title.widget("resume")
    named = "You vs Medium (Teal) vs Medium (Yellow) vs Medium (Violet) vs Medium (Green) vs Medium (Pink)"
    assert [detail.split("  ·  ")[1] for detail in resume.details] == [named, "You vs Medium ×5", "6 players"]
    for size in SIZES:
        resize(d, size)
        assert_laid_out(title, size)
        assert title.focus.widgets[0] is resume and resume.rect.top >= title.tagline_bottom()
        assert title.focus.widgets[-1].rect.bottom <= size[1] - 40
        fonts = d.services.fonts
        assert fonts.bold(resume.font_size).get_linesize() + fonts.text(resume.font_size - 7).get_linesize() \
            <= resume.rect.height
        assert resume.content_width() <= resume.rect.width
        assert resume.detail == resume.details[1]      # too many to name: alike players are counted
