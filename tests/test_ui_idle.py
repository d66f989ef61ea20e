"""A still window costs nothing: frames draw only when the picture may change, and
the loop sleeps on events when nothing moves (``game/ui/pacing.py``).

These check the mechanism (what a frame draws, whether the loop may sleep),
never a time: frames are simulated steps, as everywhere in the UI tests.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.match.record import Match, Player
from game.rules.catalogue import new_state
from game.ui import pacing
from game.ui.pacing import Drawing, FramePacer
from game.ui.scenes.title import DRIFT_SECONDS, SETTLE_SECONDS
from game.ui.widgets import approach

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FPS = 60


def settle_title(d) -> None:
    """Run the title until its pieces have come to rest and the input after start has faded."""
    d.frames(round((DRIFT_SECONDS + SETTLE_SECONDS + pacing.INPUT_LINGER) * FPS) + 2)


def draws(d, frames: int = 1) -> tuple[int, int]:
    """(whole frames drawn, live-area frames drawn) over the next ``frames`` frames."""
    whole, live = d.app.drawn, d.app.live_drawn
    d.frames(frames)
    return d.app.drawn - whole, d.app.live_drawn - live


def open_hot_seat(d, game_id: str = "tictactoe") -> None:
    d.open_match(Match(new_state(game_id), [Player.human(), Player.human()]))
    d.settle()


def rest(d) -> None:
    """Frames until the play screen has nothing moving and the last input has faded."""
    d.until(lambda: not d.app.animating and not d.scene.renderer.animating, limit=900,
            what="the screen coming to rest")
    d.frames(round(pacing.INPUT_LINGER * FPS) + 2)


# -- the pacer's decisions ---------------------------------------------------------------------
def test_pacer_draws_the_frame_after_a_movement_ends_then_nothing():
    pacer = FramePacer()
    assert pacer.decide(1 / FPS, moving=True) is Drawing.WHOLE
    assert pacer.idle_wait() is None
    assert pacer.decide(1 / FPS, moving=False) is Drawing.WHOLE      # the resting picture
    assert pacer.decide(1 / FPS, moving=False) is Drawing.NOTHING
    assert pacer.idle_wait() == pacing.IDLE_WAIT


def test_pacer_keeps_drawing_a_while_after_input_then_sleeps():
    pacer = FramePacer()
    pacer.decide(1 / FPS, moving=False)
    pacer.input()
    frames = 0
    while pacer.decide(1 / FPS, moving=False) is Drawing.WHOLE:
        frames += 1
        assert pacer.idle_wait() is None or frames >= pacing.INPUT_LINGER * FPS
    assert frames >= pacing.INPUT_LINGER * FPS - 1
    assert pacer.idle_wait() == pacing.IDLE_WAIT


def test_pacer_draws_once_when_asked_and_the_live_area_alone_while_it_moves():
    pacer = FramePacer()
    pacer.decide(1 / FPS, moving=False)
    pacer.request()
    assert pacer.idle_wait() is None
    assert pacer.decide(1 / FPS, moving=False, live=True) is Drawing.WHOLE
    assert pacer.decide(1 / FPS, moving=False, live=True) is Drawing.LIVE
    assert pacer.idle_wait() is None                                # the live area runs at the frame rate
    assert pacer.decide(1 / FPS, moving=False, live=False) is Drawing.NOTHING


def test_approach_lands_on_its_target_so_a_glow_comes_to_rest():
    glow = 0.0
    for _ in range(FPS):
        glow = approach(glow, 1.0, 1 / FPS)
    assert glow == 1.0


# -- the title ---------------------------------------------------------------------------------
def test_title_draws_every_frame_while_its_pieces_drift(make_app):
    d = make_app()
    assert draws(d, 30) == (30, 0)
    assert d.app.idle_wait() is None


def test_title_at_rest_draws_nothing_and_lets_the_loop_sleep(make_app):
    d = make_app()
    settle_title(d)
    assert draws(d, 120) == (0, 0)
    assert d.app.idle_wait() == pacing.IDLE_WAIT
    pieces = [(f.x, f.y, f.angle) for f in d.scene.floaters]
    d.frames(60)
    assert [(f.x, f.y, f.angle) for f in d.scene.floaters] == pieces


def test_the_title_makes_the_game_menus_previews_ahead_so_its_first_opening_makes_none(make_app, monkeypatch):
    from game.rules.catalogue import game_ids
    from game.ui.renderers import base, has_renderer
    monkeypatch.setattr(base, "_PREVIEWS", {})
    d = make_app(size=(1111, 777))      # the title's first layout makes them all, before its first frame
    made = dict(base._PREVIEWS)
    assert len(made) == len([g for g in game_ids() if has_renderer(g)])
    d.scene.open_games()
    d.settle()
    assert d.scene.name == "games"
    assert base._PREVIEWS == made       # the menu drew every card from what the title had made


def test_after_a_resize_the_title_makes_the_new_sizes_previews_one_a_frame(make_app, monkeypatch):
    from game.ui.renderers import base
    d = make_app(size=(1111, 777))
    monkeypatch.setattr(base, "_PREVIEWS", {})
    d.post(pygame.VIDEORESIZE, size=(1200, 820), w=1200, h=820)
    d.frames(1)
    assert 0 < len(base._PREVIEWS) < 3
    d.frames(10)
    assert len(base._PREVIEWS) >= 5


def test_a_mouse_motion_over_a_button_redraws_until_its_glow_is_in_place(make_app):
    d = make_app()
    settle_title(d)
    button = d.scene.widget("load")
    d.post(pygame.MOUSEMOTION, pos=button.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    assert draws(d) == (1, 0)
    assert d.app.idle_wait() is None
    d.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    assert button.glow == 1.0
    assert draws(d, 30) == (0, 0)


def test_a_key_redraws(make_app):
    d = make_app()
    settle_title(d)
    d.post(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
    assert draws(d) == (1, 0)


def test_a_scene_transition_draws_every_frame_until_it_ends(make_app):
    d = make_app()
    settle_title(d)
    d.scene.widget("stats").activate()
    frames = 0
    while d.services.scenes.transitioning:
        assert draws(d) == (1, 0)
        frames += 1
    assert frames > 5


def test_a_toast_draws_while_it_slides_in_and_fades_out_not_while_it_stands(make_app):
    d = make_app()
    settle_title(d)
    d.services.toasts.show("Saved to game.txt", "good", seconds=3.0)
    assert draws(d, 10) == (10, 0)
    d.frames(60)
    assert draws(d, 60) == (0, 0)             # standing still, mid-life
    last = (0, 0)
    for _ in range(300):
        if not d.services.toasts.items:
            break
        last = draws(d)
    assert not d.services.toasts.items and last == (1, 0)     # drawn up to the frame it is gone from
    assert draws(d, 30) == (0, 0)


def test_the_sleep_ends_on_an_event_and_leaves_it_to_the_next_frame(make_app):
    d = make_app()
    settle_title(d)
    d.post(pygame.KEYDOWN, key=pygame.K_t, mod=0, unicode="t", scancode=0)
    assert d.app.wait_for_events(pacing.IDLE_WAIT)
    d.frames(1)
    assert d.services.scenes.transitioning and d.scene.name == "stats"


def test_a_sleep_with_no_event_reports_none(make_app):
    d = make_app()
    pygame.event.clear()
    assert not d.app.wait_for_events(0.001)


# -- the play screen ---------------------------------------------------------------------------
def test_play_screen_on_a_humans_turn_comes_to_rest(make_app):
    d = make_app()
    open_hot_seat(d)
    d.click_at(d.scene.renderer.cell_centre(4))
    assert d.scene.renderer.animating             # the mark drawn in
    rest(d)
    assert draws(d, 60) == (0, 0)
    assert d.app.idle_wait() == pacing.IDLE_WAIT


def test_a_pulse_on_the_board_breathes_a_while_then_rests(make_app):
    d = make_app()
    open_hot_seat(d, "connect4")
    play = d.scene
    for column in (3, 3, 4, 4, 5, 5, 6):
        play.play_move(column)
        d.frames(1)
    assert play.state.is_over()
    d.until(lambda: not play.renderer.busy, limit=600, what="the winning line")
    assert play.renderer.animating                  # the winning discs pulse
    rest(d)
    assert not play.renderer.animating and draws(d, 60) == (0, 0)


def test_a_thinking_bot_redraws_the_status_box_alone(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_faulty")
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("HangingBot", label="Hanging"), Player.human()]))
    play = d.scene
    d.services.toasts.items.clear()                 # the fixture folder's problems, told at start
    rest(d)                                         # the board's focus ring in place, the start's events faded
    whole, live = draws(d, 10)
    assert play.thinking                            # the bot hangs until its budget runs out
    assert play.live_areas() == [play.status.rect]
    assert (whole, live) == (0, 10)
    assert d.app.idle_wait() is None


def test_pausing_the_bots_redraws_the_screen_once(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_faulty")
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("HangingBot", label="Hanging"),
                                                Player.of_bot("HangingBot", label="Hanging")]))
    play = d.scene
    rest(d)
    play.set_paused(True)                           # as the screenshots and benchmarks do, with no key
    assert draws(d) == (1, 0)                       # the button, the status box and "PAUSED" change
    assert draws(d, 30) == (0, 0)


def test_a_paused_bot_game_is_still(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_faulty")
    d.open_match(Match(new_state("tictactoe"), [Player.of_bot("HangingBot", label="Hanging"),
                                                Player.of_bot("HangingBot", label="Hanging")]))
    play = d.scene
    play.set_paused(True)
    rest(d)
    assert play.live_areas() == [] and draws(d, 60) == (0, 0)


@pytest.mark.parametrize("game_id", ["tictactoe", "connect4", "reversi", "gomoku", "chinesecheckers"])
def test_a_board_moving_alone_is_redrawn_alone_as_a_whole_frame_draws_it(make_app, game_id):
    d = make_app()
    open_hot_seat(d, game_id)
    rest(d)
    play = d.scene
    play.play_move(play.state.legal_moves()[0])
    assert draws(d) == (1, 0)                      # the move list and the status box change once
    assert draws(d, 4) == (0, 4)                   # then the board alone, while the piece moves
    assert play.live_areas() == [play.board.rect]
    screen = d.services.window.screen
    live = pygame.surfarray.array3d(screen)
    d.app.draw()
    assert np.array_equal(live, pygame.surfarray.array3d(screen))


def test_a_board_moving_alone_is_drawn_once_more_where_it_comes_to_rest(make_app):
    d = make_app()
    open_hot_seat(d, "connect4")
    rest(d)
    play = d.scene
    play.play_move(3)
    last = (0, 0)
    while play.renderer.animating:
        last = draws(d)
    assert last == (0, 1)
    assert draws(d, 30) == (0, 0)


def test_a_board_moving_under_the_rules_panel_draws_whole_frames(make_app):
    d = make_app()
    open_hot_seat(d, "connect4")
    rest(d)
    play = d.scene
    play.rules.toggle()
    d.until(lambda: not play.rules.animating, what="the rules fading in")
    play.play_move(3)
    assert play.live_areas() == []
    assert draws(d, 4) == (4, 0)


def test_a_session_event_redraws(make_app):
    d = make_app()
    open_hot_seat(d)
    rest(d)
    d.scene.play_move(4)                           # as a pasted move or a remote player's would be
    assert draws(d) == (1, 0)


def test_a_focused_text_field_redraws_only_as_its_caret_blinks(make_app, tmp_path):
    d = make_app()
    settle_title(d)
    d.services.dialogs.save_as("Save game", tmp_path / "game.txt", lambda path: None)
    dialog = d.services.dialogs.current
    assert dialog.focus.current.blinks            # the name field has the focus
    d.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    assert d.app.idle_wait() is not None and d.app.idle_wait() <= 0.1
    whole, _ = draws(d, 3 * FPS)
    assert 4 <= whole <= 12                        # at each blink (and the frame after), not every frame


def test_the_result_panel_draws_only_inside_the_part_of_the_window_it_shows(make_app):
    d = make_app()
    finished = new_state("connect4")
    for column in (3, 3, 4, 4, 5, 5):
        finished.push(column)
    d.open_match(Match(finished, [Player.human(), Player.human()]))
    play = d.scene
    play.play_move(6)
    d.until(lambda: play.result.shown and not play.result.animating, what="the result panel in place")
    d.key(pygame.K_TAB)                            # a focus ring round a button, reaching past it
    screen = d.services.window.screen
    d.app.draw()
    drawn = play.result._layer.get_bounding_rect()
    assert drawn.width > 0 and play.result.area(screen.get_rect()).contains(drawn)
