"""The LAN screens are still when nothing arrives: they redraw for what the network
brings (a game found, a chat line, a request, a countdown's second), not every frame.

As in tests/test_ui_idle.py these check the mechanism (what a frame draws), never
a time; the network is real sockets on loopback, as in tests/test_ui_net.py.
"""
from __future__ import annotations

import pygame
import pytest

from game.ui import pacing
from test_ui_net import Pair, free_udp_port, host_game, join_game, playing_pair, type_into

FPS = 60


def draws(d, frames: int = 1) -> tuple[int, int]:
    """(whole frames drawn, live-area frames drawn) over the next ``frames`` frames of ``d``."""
    whole, live = d.app.drawn, d.app.live_drawn
    d.frames(frames)
    return d.app.drawn - whole, d.app.live_drawn - live


def rest(pair: Pair) -> None:
    """Frames of every app until nothing moves on any, their toasts have gone and the last input has faded."""
    pair.until(lambda: not any(app.app.animating or app.services.toasts.items for app in pair.apps),
               what="the screens coming to rest")
    pair.frames(round(pacing.INPUT_LINGER * FPS) + 2)


def off_the_fields(d) -> None:
    """Focus the Back button, so no caret blinks (a blinking caret redraws by itself)."""
    d.scene.focus.focus(d.scene.back_btn)


@pytest.fixture
def pair(make_app):
    return Pair(make_app((1024, 700)), make_app((1024, 700)))


def test_join_screen_not_listening_draws_nothing_while_nothing_arrives(make_app):
    d = make_app()
    d.services.scenes.push("join", listen_on=None, animate=False)
    d.frames(1)
    off_the_fields(d)
    d.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    assert draws(d, 2 * FPS) == (0, 0)
    assert d.app.idle_wait() == pacing.IDLE_WAIT


def test_join_screen_listening_redraws_only_as_its_looking_dots_step(make_app):
    d = make_app()
    d.services.scenes.push("join", listen_on="127.0.0.1", discovery_port=free_udp_port(), animate=False)
    d.frames(1)
    off_the_fields(d)
    d.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    whole, live = draws(d, 2 * FPS)
    assert not d.scene.games
    assert 2 <= whole <= 8 and live == 0          # the dots step twice a second: not 120 frames


def test_a_game_found_on_the_join_screen_redraws_it(pair):
    port = free_udp_port()
    host_game(pair.host, announce_port=port)
    guest = pair.guest
    guest.services.scenes.push("join", listen_on="127.0.0.1", discovery_port=port, animate=False)
    join = guest.scene
    guest.frames(1)
    off_the_fields(guest)
    drawn = (0, 0)
    while not join.games:
        pair.host.frames(1)
        drawn = draws(guest)
    assert drawn == (1, 0)
    guest.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    assert draws(guest, FPS) == (0, 0)            # the same game announced again changes nothing


def test_the_lobby_is_still_until_the_host_closes(pair):
    play = host_game(pair.host)
    lobby = join_game(pair, f"127.0.0.1:{play.mode.hosting.server.address[1]}")
    guest = pair.guest
    rest(pair)
    assert draws(guest, FPS) == (0, 0)
    assert guest.app.idle_wait() == pacing.IDLE_WAIT
    play.mode.hosting.stop()
    drawn = (0, 0)
    while not lobby.problem:
        drawn = draws(guest)
    assert drawn == (1, 0) and "closed" in lobby.problem


def test_a_network_game_waiting_for_the_remote_move_is_still(pair):
    play, seen, _ = playing_pair(pair)
    rest(pair)
    assert play.view.interactive                  # the host's turn: the guest waits for it
    for d in (pair.host, pair.guest):
        d.scene.focus.focus(d.scene.controls.undo)    # off the chat line's blinking caret
    pair.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    assert draws(pair.guest, FPS) == (0, 0)
    assert draws(pair.host, FPS) == (0, 0)
    assert pair.guest.app.idle_wait() == pacing.IDLE_WAIT


def test_a_chat_line_redraws_the_other_side(pair):
    play, seen, _ = playing_pair(pair)
    rest(pair)
    pair.host.scene.focus.focus(play.controls.undo)
    pair.host.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    seen.focus.focus(seen.chat.field)
    type_into(pair.guest, "hello")
    pair.guest.key(pygame.K_RETURN)
    pair.guest.frames(1)
    drawn = (0, 0)
    while not any(line.words == "hello" for line in play.chat.lines):
        drawn = draws(pair.host)
    assert drawn == (1, 0)


def test_a_request_redraws_the_other_side_and_its_card_then_rests(pair):
    play, seen, _ = playing_pair(pair)
    rest(pair)
    seen.focus.focus(seen.controls.undo)
    pair.guest.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    play.controls.restart.activate()             # Offer draw
    pair.host.frames(1)
    drawn = (0, 0)
    while not seen.mode.request_card.visible:
        drawn = draws(pair.guest)
    assert drawn == (1, 0)
    pair.guest.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    assert draws(pair.guest, FPS) == (0, 0)


def test_a_pause_countdown_redraws_once_a_second(pair):
    play, seen, _ = playing_pair(pair)
    rest(pair)
    seen.focus.focus(seen.controls.undo)
    card = seen.mode.pause_card
    card.show("Game paused", "Hostess left", seconds_left=30.0, countdown_words="Time left to come back:")
    pair.guest.frames(round((pacing.INPUT_LINGER + 0.5) * FPS))
    whole, _ = draws(pair.guest, 3 * FPS)
    assert 3 <= whole <= 6                        # a second ticking (and the frame after), not 180 frames
