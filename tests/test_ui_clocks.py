"""The clocks in the window: chosen on the setup screen and remembered, a face for every
seat on the play screen, stopped while the game menu is open, and a flag's fall on the
result panel. A fake clock moves only when the test says so."""
from __future__ import annotations

import pytest

import pygame

from game.match.clocks import Clock, TimeControl
from game.match.record import Match, Player
from game.rules.catalogue import new_state


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def timed_hot_seat(d, control: str, game: str = "connect4", **options):
    fake = FakeClock()
    state = new_state(game, **options)
    clock = Clock(TimeControl.parse(control), state.num_seats, now=fake)
    players = [Player.human(f"P{seat + 1}") for seat in range(state.num_seats)]
    d.open_match(Match(state, players, clock=clock))
    d.settle()
    return d.scene, fake


def test_the_setup_screens_clock_starts_a_timed_game_and_is_remembered(make_app):
    d = make_app(game_id="connect4")
    d.settle()
    setup = d.scene
    assert setup.clock_widget.value is None                       # no clock by default
    labels = [item.label for item in setup.clock_widget.items]
    assert "3 min + 2 s" in labels and "5 min + 3×30 s" in labels and labels[0] == "No clock"
    setup.clock_widget.index = labels.index("3 min + 2 s")
    setup.set_clock(setup.clock_widget.value)
    setup.start()
    d.settle()
    play = d.scene
    assert play.name == "play" and play.match.clock.control == TimeControl.parse("3+2")
    assert d.services.setup_memory.recall("connect4").clock == "3+2"


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)])
def test_a_custom_clock_is_set_on_the_setup_screen_and_starts_the_game_with_it(make_app, size):
    d = make_app(size=size, game_id="connect4")
    d.settle()
    setup = d.scene
    assert not setup.custom_shown
    labels = [item.label for item in setup.clock_widget.items]
    assert labels[-1] == "Custom…"
    setup.clock_widget.index = len(labels) - 1
    setup.set_clock(setup.clock_widget.value)                     # Custom…: the row comes, in the focus order
    assert setup.custom_shown and setup.custom_minutes in setup.focus.widgets
    assert setup.rules_box.contains(setup.custom_minutes.rect) and setup.rules_box.contains(setup.custom_after.rect)
    assert not setup.custom_minutes.rect.colliderect(setup.custom_after.rect)
    assert not setup.custom_minutes.rect.colliderect(setup.clock_widget.rect)
    setup.custom_minutes.index = [item.value for item in setup.custom_minutes.items].index(7)
    setup.custom_after.index = [item.value for item in setup.custom_after.items].index("+5")
    setup.custom_after.on_change(setup.custom_after.value)
    assert setup.time_control == TimeControl.parse("7+5")          # at once
    assert setup.custom_after.items[setup.custom_after.index].label == "+5 s a move"
    setup.start()
    d.settle()
    assert d.scene.match.clock.control == TimeControl.parse("7+5")
    assert d.services.setup_memory.recall("connect4").clock == "7+5"


def test_every_seat_has_a_face_and_the_running_one_counts_down(make_app):
    d = make_app(size=(800, 560))
    play, fake = timed_hot_seat(d, "5+3x30", "chinesecheckers", players=6)
    faces = play.clocks.faces()
    assert len(faces) == 6 and all(play.screen.panel_rect.contains(face) for _, face in faces)
    assert not any(a.colliderect(b) for i, (_, a) in enumerate(faces) for _, b in faces[i + 1:])
    assert play.clocks.rect.top >= play.status.rect.bottom
    fake.now += 61
    d.frames(1)
    assert play.clocks.changed() is False                          # redrawn as the second went by
    assert play.session.clock.left(0).main == 239


def test_the_game_menu_stops_the_clock_of_a_game_on_this_computer(make_app):
    d = make_app()
    play, fake = timed_hot_seat(d, "1")
    d.frames(1)
    d.key(pygame.K_ESCAPE)
    fake.now += 100
    d.frames(2)
    assert not play.session.is_over and play.session.clock.left(0).main == 60
    d.key(pygame.K_ESCAPE)
    fake.now += 5
    d.frames(1)
    assert play.session.clock.left(0).main == 55


def test_a_flag_falls_and_the_result_panel_says_who_lost_on_time(make_app):
    d = make_app()
    play, fake = timed_hot_seat(d, "0:05+1")
    play.play_move(3)
    d.frames(1)
    fake.now += 6
    d.until(lambda: play.result.visible and play.result.slide.done, what="result panel", limit=300)
    assert play.result.headline == "Red wins!"
    assert play.result.reason == "Yellow lost on time"


def test_a_time_control_from_the_command_line_is_offered_on_the_setup_screen(make_app):
    d = make_app(game_id="connect4", clock="0:05+1")       # main.py play connect4 --clock 0:05+1
    d.settle()
    setup = d.scene
    assert setup.clock_widget.value == TimeControl.parse("0:05+1")
    assert setup.clock_widget.items[setup.clock_widget.index].label == "5 s + 1 s"


def test_the_game_menu_says_the_clocks_stop(make_app):
    d = make_app()
    timed_hot_seat(d, "3+2")
    d.key(pygame.K_ESCAPE)
    assert d.services.dialogs.current.note == "The clocks stop while this menu is open."


def test_a_hosted_timed_game_shows_the_servers_clocks_on_both_screens_and_the_flag(make_app):
    from game.match.record import REMOTE
    from tests.test_ui_net import Pair, join_game

    pair = Pair(make_app((1024, 700)), make_app((1024, 700)))
    host = pair.host
    state = new_state("tictactoe")
    match = Match(state, [Player.human(), Player(REMOTE, "Remote player")],
                  clock=Clock(TimeControl.parse("0:02"), 2))
    host.services.scenes.push("host", match=match, bind="127.0.0.1", port=0, announce=None, animate=False)
    host.until(lambda: host.scene.name == "play", what="the hosted game's play screen", limit=60, seconds=20)
    play = host.scene
    join_game(pair, f"127.0.0.1:{play.mode.hosting.server.address[1]}").accept_btn.activate()
    pair.until(lambda: pair.guest.scene.name == "play", what="the guest's play screen")
    seen = pair.guest.scene
    pair.until(lambda: not play.net_paused and not seen.net_paused, what="the game going on")
    assert play.clocks.shown and seen.clocks.shown
    assert seen.session.clock.control == TimeControl.parse("0:02") and seen.session.clock.ticking() == 0
    pair.settle()
    host.click_at(play.renderer.cell_centre(4))
    pair.until(lambda: seen.session.clock.ticking() == 1, what="the guest's clock running")
    pair.until(lambda: play.result.visible and seen.result.visible, what="the flag on both screens")
    assert play.result.reason == seen.result.reason == "O lost on time"
    assert seen.session.clock.times[1].flagged


def drawn_words(monkeypatch) -> list[str]:
    """Every text the clock panel draws from now on, in order."""
    from game.ui.panels import clocks

    drawn: list[str] = []
    real = clocks.text

    def recorded(surface, font, words, *rest, **kwargs):
        drawn.append(words)
        return real(surface, font, words, *rest, **kwargs)

    monkeypatch.setattr(clocks, "text", recorded)
    return drawn


def test_the_faces_name_the_seats_in_the_players_language(make_app, monkeypatch):
    drawn = drawn_words(monkeypatch)
    d = make_app(size=(1920, 1080))
    d.services.settings.update(language="zh_CN")
    play, _ = timed_hot_seat(d, "5", "gomoku")
    play.clocks.draw(d.services.window.screen)
    assert "黑方" in drawn and "白方" in drawn and "Black" not in drawn


def test_the_smallest_window_shows_the_seats_names_whole_beside_a_byo_yomi_clock(make_app, monkeypatch):
    drawn = drawn_words(monkeypatch)
    d = make_app(size=(800, 560))
    play, _ = timed_hot_seat(d, "5+3x30", "gomoku")
    drawn.clear()
    play.clocks.draw(d.services.window.screen)
    assert drawn[1::2] == ["Black", "White"]


def flagged_in_a_chinese_window(make_app):
    """A hot-seat Gomoku game at 0:05+1 in a Chinese window, White's flag fallen after Black's
    first stone; its play screen, the result panel in."""
    d = make_app()
    d.services.settings.update(language="zh_CN")
    play, fake = timed_hot_seat(d, "0:05+1", "gomoku")
    play.play_move(play.state.parse_move("h8"))
    d.frames(1)
    fake.now += 6
    d.until(lambda: play.result.visible and play.result.slide.done, what="result panel", limit=300)
    return play


def test_lost_on_time_names_the_seat_in_the_players_language(make_app):
    play = flagged_in_a_chinese_window(make_app)
    assert play.result.reason == "白方 超时负"


def test_a_game_lost_on_time_in_a_chinese_window_keeps_its_saved_reason_english(make_app):
    from game.store.savefile import match_to_text

    play = flagged_in_a_chinese_window(make_app)
    assert play.result.reason == "白方 超时负"
    result = next(line for line in match_to_text(play.match).splitlines() if line.startswith("Result:"))
    assert "White lost on time" in result and "超时" not in result, result


def test_a_paused_face_in_the_smallest_window_is_never_cut_to_a_letter(make_app, monkeypatch):
    drawn = drawn_words(monkeypatch)
    d = make_app(size=(800, 560))
    play, _ = timed_hot_seat(d, "5+3x30", "gomoku")
    play.session.clock.pause()                       # as the game menu does
    drawn.clear()
    play.clocks.draw(d.services.window.screen)
    names = drawn[1::2]
    assert names == ["Black", "White"] or names == ["Black", "Paused"]     # whole words, never "P…"
    assert not any(word.endswith("…") for word in drawn)


def test_faces_of_five_or_six_seats_are_numbered_as_the_marbles_are(make_app, monkeypatch):
    from game.ui.panels import clocks

    marks: list[str] = []
    real = clocks.seat_token
    monkeypatch.setattr(clocks, "seat_token", lambda surface, centre, radius, colour, mark="": (
        marks.append(mark), real(surface, centre, radius, colour, mark))[1])
    d = make_app(size=(800, 560))
    play, _ = timed_hot_seat(d, "5+3x30", "chinesecheckers", players=6)
    marks.clear()
    play.clocks.draw(d.services.window.screen)
    assert marks == ["1", "2", "3", "4", "5", "6"]
