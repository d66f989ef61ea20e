"""Themes, board sets, colour-blind colours and the volume: chosen in Settings, shown at once, kept;
the statistics' bars readable without their colours; the audio library's errors kept off the terminal."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import logging

import pygame
import pytest

from game.match.record import Player
from game.rules.core import Outcome, Termination
from game.rules.reversi import Reversi
from game.store.userdata import settings_path
from game.ui import draw, palette
from game.ui.renderers import BoardView
from game.ui.renderers.reversi import GREEN_FELT, WOOD, WOODEN_BOARD, ReversiRenderer
from game.ui.sound import quiet_audio_errors


@pytest.fixture(autouse=True)
def dark_after():
    yield
    palette.use("dark", False)


def choose(d, wid: str, value) -> None:
    """Step the Settings chooser ``wid`` with its arrows until it shows ``value``, as a player would."""
    choice = d.scroll_to_widget(wid)
    for _ in range(len(choice.items)):
        if choice.value == value:
            return
        d.click_at((choice.rect.right - 12, choice.rect.centery))
    assert choice.value == value


def saved() -> dict:
    return json.loads(settings_path().read_text())


def test_the_light_theme_recolours_every_screen_at_once_and_is_kept(make_app):
    d = make_app(size=(800, 560))
    d.services.scenes.go("settings", animate=False)
    d.settle()
    before = d.services.window.screen.get_at((20, 20))[:3]
    choose(d, "theme", "light")
    d.frames(2)
    after = d.services.window.screen.get_at((20, 20))[:3]
    assert palette.theme_name == "light" and palette.TEXT == palette.LIGHT.text
    assert sum(after) > sum(before) + 300, f"the background stayed dark: {before} -> {after}"
    assert d.services.settings.save() == ""
    assert saved()["theme"] == "light"


def test_colour_blind_pieces_switch_the_seats_colours_at_once_and_are_kept(make_app):
    d = make_app()
    d.services.scenes.go("settings", animate=False)
    d.settle()
    choose(d, "colour_blind", True)
    assert palette.SEAT_COLOURS == palette.COLOUR_BLIND_SEATS
    d.services.settings.save()
    assert saved()["colour_blind"] is True


def test_the_volume_is_applied_to_the_sounds_at_once_and_kept(make_app):
    d = make_app()
    d.services.scenes.go("settings", animate=False)
    d.settle()
    choose(d, "volume", 0.25)
    assert d.services.sounds.volume == 0.25
    d.services.settings.save()
    assert saved()["volume"] == 0.25


def test_a_board_set_chosen_shows_on_the_board_at_once():
    pygame.init()
    renderer = ReversiRenderer()
    renderer.anim_speed = 0
    area = pygame.Rect(0, 0, 600, 600)
    renderer.layout(area)
    state = Reversi()
    surface = pygame.Surface(area.size)

    def felt(display: dict) -> tuple[int, int, int]:
        renderer.draw(surface, state, BoardView(display=display))
        x, y = renderer.centre_of(0)
        return tuple(surface.get_at((int(x), int(y)))[:3])

    green = felt({})
    wood = felt({WOODEN_BOARD.name: True})
    again = felt({WOODEN_BOARD.name: False})
    assert green == again
    assert max(abs(a - b) for a, b in zip(green, GREEN_FELT.top)) < 40
    assert max(abs(a - b) for a, b in zip(wood, WOOD.top)) < 40, f"the wooden board looks {wood}"


def test_a_settings_row_below_the_box_is_scrolled_into_view_by_the_keyboard(make_app):
    d = make_app(size=(800, 560))
    d.services.scenes.go("settings", animate=False)
    d.settle()
    scene = d.scene
    last = scene.rows[-1][2]
    assert scene.max_scroll > 0 and not last.visible
    for _ in range(len(scene.rows)):
        d.key(pygame.K_DOWN)
    assert scene.focus.current is last and last.visible
    assert scene.view.contains(last.rect)


def test_each_part_of_a_statistics_bar_says_what_it_is(make_app, monkeypatch):
    d = make_app(size=(1280, 800))
    players = [Player.human(), Player.human()]
    for winners in ((0,), (0,), (1,), ()):
        d.services.stats.record("reversi", players, Outcome(winners, "test", termination=Termination.NO_MOVES))
    lines: list[str] = []
    original = draw.rendered
    monkeypatch.setattr(draw, "rendered", lambda font, content, colour: (lines.append(content),
                                                                         original(font, content, colour))[1])
    d.services.scenes.go("stats", animate=False)
    d.frames(2)
    # A part too narrow for its share shows its letter.
    assert "W 50 %" in lines and {"D 25 %", "D"} & set(lines) and {"L 25 %", "L"} & set(lines), lines


def test_the_audio_librarys_error_lines_go_to_the_log_and_others_still_reach_the_terminal(capfd, caplog):
    with caplog.at_level(logging.DEBUG, logger="game.ui.sound"):
        with quiet_audio_errors("opening the audio device"):
            os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
            os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
            os.write(2, b"something else went wrong\n")
    err = capfd.readouterr().err
    assert "ALSA" not in err
    assert "something else went wrong" in err
    logged = [r.getMessage() for r in caplog.records if r.name == "game.ui.sound"]
    assert len(logged) == 1 and "2 error line(s)" in logged[0] and "Unknown PCM default" in logged[0]


def test_a_seat_token_carries_its_mark_so_seats_are_not_told_by_colour_alone():
    pygame.init()
    plain, marked = pygame.Surface((40, 40), pygame.SRCALPHA), pygame.Surface((40, 40), pygame.SRCALPHA)
    colour = palette.COLOUR_BLIND_SEATS[3]
    draw.seat_token(plain, (20, 20), 14, colour)
    draw.seat_token(marked, (20, 20), 14, colour, "4")
    plain_px, marked_px = pygame.surfarray.array3d(plain).astype(int), pygame.surfarray.array3d(marked).astype(int)
    assert abs(marked_px - plain_px).sum(axis=2).max() > 300


def test_a_board_set_chosen_during_a_game_recolours_its_move_list_at_once(make_app):
    from game.match.record import Match
    from game.rules.connect4 import ConnectFour
    from game.ui.renderers.connect4 import CLASSIC_COLOURS, CLASSIC_SET, SEAT_COLOURS

    d = make_app()
    d.open_match(Match(ConnectFour.from_text("4 4"), [Player.human(), Player.human()]))
    d.settle()
    play = d.scene
    assert play.movelist.colours == SEAT_COLOURS
    d.services.settings.update(display={CLASSIC_SET.name: True})
    d.frames(1)
    assert play.movelist.colours == CLASSIC_COLOURS and play.seat_colour(1) == CLASSIC_COLOURS[1]
