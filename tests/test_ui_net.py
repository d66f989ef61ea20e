"""Network games on screen: one arcade hosts, another joins, both on loopback in this process.

Two ``App``s share pygame's one event queue, so each is driven in turn: an
event posted for one is followed by that app's frame, which takes it.
Everything goes through real sockets on 127.0.0.1 (the server binds there on
a free port; nothing is announced or broadcast).
"""
from __future__ import annotations

import socket
import time

import pygame
import pytest

from game.match.record import REMOTE, Match, Player
from game.rules.catalogue import new_state
from game.ui.hosting import game_words
from game.ui.play.screen import PlayMode, PlayScreen
from tests.net_helpers import free_udp_port
from tests.session_helpers import protocol_mismatches

FRAME = 1 / 60


class Pair:
    """A hosting app and a joining app (and any more, such as a spectator's), driven together."""

    def __init__(self, host, guest, *others) -> None:
        self.host, self.guest = host, guest
        self.apps = [host, guest, *others]

    def frames(self, count: int = 1) -> None:
        for _ in range(count):
            for app in self.apps:
                app.frames(1)

    def until(self, condition, what: str, seconds: float = 20.0) -> None:
        """Frames of both apps until ``condition()`` holds (real sockets and threads: waits in real time)."""
        started = time.monotonic()
        while not condition():
            if time.monotonic() - started > seconds:
                raise AssertionError(f"{what} did not happen within {seconds:.0f} s "
                                     f"(host on {self.host.scene.name}, guest on {self.guest.scene.name})")
            self.frames(1)
            time.sleep(0.002)

    def settle(self) -> None:
        """Let the apps' screen transitions end (clicks wait for them, as a player's would)."""
        self.until(lambda: not any(app.services.scenes.transitioning for app in self.apps), what="the transitions' end")


def type_into(d, words: str) -> None:
    for ch in words:
        d.post(pygame.TEXTINPUT, text=ch)
    d.frames(1)



def host_game(d, game_id: str = "tictactoe", players=None, announce_port: int | None = None):
    """Host ``game_id`` from ``d``'s window on loopback (announced to loopback's
    ``announce_port`` if given); returns its play screen once the server runs."""
    state = new_state(game_id)
    players = players or [Player.human(), Player(REMOTE, "Remote player")]
    d.services.setup_memory.player_name = "Hostess"
    d.services.scenes.push("host", match=Match(state, players), bind="127.0.0.1", port=0,
                           announce="127.0.0.1" if announce_port else None, discovery_port=announce_port,
                           animate=False)
    d.until(lambda: d.scene.name == "play", what="the hosted game's play screen", limit=60, seconds=20)
    return d.scene


def join_game(pair: Pair, address: str, name: str = "Grace", app=None):
    """The guest (or ``app``) types its name and the address on the Join screen; returns the invitation."""
    g = app or pair.guest
    g.services.scenes.push("join", listen_on=None, animate=False)
    g.frames(1)
    join = g.scene
    join.name_field.set_text(name)
    join.focus.focus(join.address_field)
    type_into(g, address)
    g.key(pygame.K_RETURN)
    pair.until(lambda: g.scene.name == "lobby", what="the invitation")
    return g.scene


def playing_pair(pair: Pair):
    """Host and guest seated and the game going on: (host's screen, guest's screen, the address)."""
    play = host_game(pair.host)
    address = f"127.0.0.1:{play.mode.hosting.server.address[1]}"
    join_game(pair, address).accept_btn.activate()
    guest = pair.guest
    pair.until(lambda: guest.scene.name == "play", what="the guest's play screen")
    pair.until(lambda: not play.net_paused and not guest.scene.net_paused, what="the game going on")
    pair.settle()
    return play, guest.scene, address


def host_plays(pair: Pair, play, seen, cell: int) -> None:
    """The host clicks ``cell`` on its turn; returns once the guest's board has the move."""
    count = len(seen.match.records) + 1
    pair.until(lambda: play.view.interactive and not play.renderer.busy, what="the host's turn")
    pair.settle()
    pair.host.click_at(play.renderer.cell_centre(cell))
    pair.until(lambda: len(seen.match.records) == count, what="the host's move at the guest")


@pytest.fixture
def pair(make_app):
    host = make_app((1024, 700))
    guest = make_app((1024, 700))
    return Pair(host, guest)


def test_setup_host_button_opens_the_host_screen_with_the_match(make_app, monkeypatch):
    d = make_app(game_id="tictactoe")
    opened = {}
    monkeypatch.setattr(d.services.scenes, "push", lambda name, **args: opened.update(name=name, **args))
    d.scene.select(1, "Remote player")
    d.click("start")
    assert opened["name"] == "host"
    assert [p.kind for p in opened["match"].players] == ["human", "remote"]


def test_a_hosted_game_waits_for_its_player_and_shows_where_to_join(pair):
    play = host_game(pair.host)
    pair.until(lambda: play.mode.pause_card.visible, what="the waiting card")
    assert "Waiting for a player" in play.mode.pause_card.message
    assert str(play.mode.hosting.address.split(":")[-1]) in play.mode.pause_card.message
    assert not play.view.interactive
    assert (play.player_name(0), play.player_name(1)) == ("You", "no one yet")     # not "Open"


def test_the_join_screen_says_it_looks_for_games_in_words_without_stray_periods(make_app):
    d = make_app()
    d.services.scenes.push("join", listen_on="127.0.0.1", discovery_port=free_udp_port(), animate=False)
    steps = set()
    for _ in range(90):
        d.frames(1)
        words, _ = d.scene.empty_words()
        assert words == "Looking for games on your network"
        steps.add(d.scene.looking_step())
    assert steps == {0, 1, 2}                      # its three dots light in turn


def test_the_join_screen_lists_a_game_announced_on_loopback_and_joins_it(pair):
    port = free_udp_port()
    play = host_game(pair.host, "connect4", announce_port=port)
    guest = pair.guest
    guest.services.scenes.push("join", listen_on="127.0.0.1", discovery_port=port, animate=False)
    join = guest.scene
    pair.until(lambda: join.games, what="the game in the list")
    found = join.games[0]
    assert (found.name, found.port, found.seats_open) == ("Hostess", play.mode.hosting.server.address[1], 1)
    assert game_words(found.game).startswith("Connect Four") and "Rows: 6" in game_words(found.game)
    pair.settle()
    guest.click_at(join.games_list.row_rect(0).center)
    pair.until(lambda: guest.scene.name == "lobby", what="the invitation")
    assert guest.scene.invitation.title == "Connect Four"


def test_an_invitation_left_unanswered_ends_and_the_lobby_says_why(pair, monkeypatch):
    from dataclasses import replace

    config = pair.host.services.config
    monkeypatch.setattr(config, "net", replace(config.net, offer_seconds=1))    # the shipped config is shared
    play = host_game(pair.host)
    join_game(pair, f"127.0.0.1:{play.mode.hosting.server.address[1]}")
    lobby = pair.guest.scene
    assert lobby.name == "lobby"
    pair.until(lambda: lobby.problem, what="the invitation's end")
    assert lobby.problem.startswith("The host closed the connection: the invitation was not answered within 1 s")
    assert not lobby.accept_btn.enabled


def test_invitation_names_the_game_the_seat_and_the_host(pair):
    play = host_game(pair.host)
    lobby = join_game(pair, f"127.0.0.1:{play.mode.hosting.server.address[1]}")
    invitation = lobby.invitation
    assert (invitation.title, invitation.host, invitation.seat, invitation.seat_name) == ("Tic-tac-toe", "Hostess", 1, "O")
    lobby.decline_btn.activate()
    pair.until(lambda: any("declined" in line.words for line in play.chat.lines), what="the host hearing the no")
    assert pair.guest.scene.name == "join"


def test_host_and_guest_play_through_sockets_and_both_boards_agree(pair):
    play, seen, _ = playing_pair(pair)
    guest = pair.guest
    assert play.player_name(0) == "You" and play.player_name(1) == "Grace"
    assert seen.player_name(1) == "You" and seen.player_name(0) == "Hostess"

    for mover, cell in ((pair.host, 4), (guest, 0), (pair.host, 8)):
        screen = mover.scene
        pair.until(lambda: screen.view.interactive and not screen.renderer.busy, what=f"the turn for {cell}")
        pair.settle()
        mover.click_at(screen.renderer.cell_centre(cell))
        pair.until(lambda: len(play.match.records) == len(seen.match.records) ==
                   len(screen.match.records) and screen.match.records and screen.match.records[-1].move == cell,
                   what=f"move {cell} on both boards")
    assert [r.text for r in play.match.records] == [r.text for r in seen.match.records] == ["b2", "a3", "c1"]
    assert play.state.to_text() == seen.state.to_text()


def test_a_network_games_play_screens_have_everything_their_parts_use_of_them(pair):
    play, seen, _ = playing_pair(pair)
    for screen in (play, seen):
        assert protocol_mismatches(screen, PlayScreen) == []
        assert protocol_mismatches(screen.mode, PlayMode) == []


def test_chat_reaches_the_other_side(pair):
    play, seen, _ = playing_pair(pair)
    guest = pair.guest
    seen.focus.focus(seen.chat.field)
    type_into(guest, "good luck!")
    guest.key(pygame.K_RETURN)
    pair.until(lambda: any(line.words == "good luck!" for line in play.chat.lines), what="the chat line at the host")
    line = next(line for line in play.chat.lines if line.words == "good luck!")
    assert line.name == "Grace"


def test_an_undo_request_shows_a_prompt_the_other_side_answers(pair):
    play, seen, _ = playing_pair(pair)
    guest = pair.guest
    host_plays(pair, play, seen, 4)
    play.controls.undo.activate()
    pair.until(lambda: seen.mode.request_card.visible, what="the prompt at the guest")
    assert "take back" in seen.mode.request_card.message and "Hostess" in seen.mode.request_card.message
    assert seen.focus.current is seen.widget("accept_request")
    guest.key(pygame.K_RETURN)
    pair.until(lambda: not play.match.records and not seen.match.records, what="the move taken back on both boards")
    assert not seen.mode.request_card.visible


def test_an_undo_request_a_move_overtook_is_withdrawn_on_both_screens(pair):
    play, seen, _ = playing_pair(pair)
    host_plays(pair, play, seen, 4)
    play.controls.undo.activate()
    pair.until(lambda: seen.mode.request_card.visible, what="the prompt at the guest")
    seen.session.play(seen.state.parse_move("a1"))         # the guest moves instead of answering
    for screen in (play, seen):
        pair.until(lambda: any("no longer applies" in line.words for line in screen.chat.lines),
                   what="the request withdrawn")
    assert not seen.mode.request_card.visible
    assert not any("declined" in line.words for line in play.chat.lines)


def test_a_dropped_player_pauses_the_game_and_joining_again_takes_the_seat_back(pair):
    play, seen, address = playing_pair(pair)
    guest = pair.guest
    host_plays(pair, play, seen, 4)
    seen.session.client.close()          # the guest's connection drops
    pair.until(lambda: play.mode.pause_card.visible and play.net_paused, what="the pause at the host")
    assert "Grace" in play.mode.pause_card.message and play.mode.pause_card.seconds_left
    assert not play.view.interactive
    guest.services.scenes.pop(animate=False)     # back on the Join screen, as after Leave
    guest.frames(1)
    join = guest.scene
    assert join.name == "join"
    join.join_typed(address)
    pair.until(lambda: guest.scene.name == "play", what="the guest back on the play screen")
    back = guest.scene
    pair.until(lambda: not play.net_paused and not play.mode.pause_card.visible, what="the game going on again")
    assert back.session.my_seats == (1,) and [r.text for r in back.match.records] == ["b2"]


def test_a_spectator_joins_a_running_game_and_sees_the_same_board(make_app):
    pair = Pair(make_app(), make_app(), make_app())
    play, seen, address = playing_pair(pair)
    host_plays(pair, play, seen, 4)
    watcher = pair.apps[2]
    lobby = join_game(pair, address, name="Kim", app=watcher)
    assert lobby.invitation.seat is None and lobby.accept_btn.label == "Watch"
    lobby.accept_btn.activate()
    pair.until(lambda: watcher.scene.name == "play", what="the spectator's play screen")
    watching = watcher.scene
    assert watching.session.my_seats == () and [r.text for r in watching.match.records] == ["b2"]
    pair.until(lambda: any("Kim joined to watch" in line.words for line in play.chat.lines), what="the host told")
    pair.settle()
    assert not watching.view.interactive and not watching.controls.redo.enabled    # no Resign for a spectator
    pair.until(lambda: seen.view.interactive, what="the guest's turn")
    pair.guest.click_at(seen.renderer.cell_centre(0))
    pair.until(lambda: len(watching.match.records) == len(play.match.records) == 2, what="the guest's move everywhere")
    assert watching.state.to_text() == play.state.to_text() == seen.state.to_text()


def test_resigning_ends_the_game_for_both_with_the_reason(pair):
    play, seen, _ = playing_pair(pair)
    seen.controls.redo.activate()                # Resign asks first
    assert pair.guest.services.dialogs.is_open
    pair.guest.key(pygame.K_RETURN)
    pair.until(lambda: play.result.shown and seen.result.shown, what="both result panels")
    assert play.result.headline == "You win!" and "resigned" in play.result.reason
    assert seen.result.headline == "Hostess wins"
    assert not play.controls.redo.enabled and not play.view.interactive


def test_a_draw_offer_accepted_ends_the_game_drawn(pair):
    play, seen, _ = playing_pair(pair)
    play.controls.restart.activate()             # Offer draw
    pair.until(lambda: seen.mode.request_card.visible, what="the offer at the guest")
    assert seen.mode.request_card.title == "A draw?"
    seen.widget("accept_request").activate()
    pair.until(lambda: play.result.shown and seen.result.shown, what="both result panels")
    assert play.result.headline == seen.result.headline == "Draw"


def test_the_host_saves_the_network_game_and_leaving_tells_the_others(pair):
    from game.store.savefile import load_match

    play, seen, _ = playing_pair(pair)
    host_plays(pair, play, seen, 4)
    pair.host.key(pygame.K_s, mod=pygame.KMOD_CTRL)
    dialog = pair.host.services.dialogs.current
    target = dialog.folder / dialog.field.text
    pair.host.key(pygame.K_RETURN)
    saved = load_match(target)
    assert saved.state.to_text() == "b2" and [p.label for p in saved.players][1] == "Grace"
    play.back()                                  # Leave asks first: the game ends for everyone
    assert pair.host.services.dialogs.is_open
    pair.host.key(pygame.K_RETURN)
    pair.until(lambda: seen.mode.connection_lost and seen.mode.pause_card.visible, what="the guest told")
    assert seen.mode.pause_card.title == "Connection lost" and not seen.view.interactive
    assert seen.widget("net_leave") in seen.mode.pause_card.buttons


def test_joining_a_bad_or_closed_address_says_why_on_the_join_screen(make_app):
    d = make_app()
    d.services.scenes.push("join", listen_on=None)    # no listening: loopback only
    d.settle()
    join = d.scene
    assert join.name == "join" and d.scene.focus.current is join.address_field
    type_into(d, "localhost:port")
    d.key(pygame.K_RETURN)
    assert "'port' is not a port" in join.message
    with socket.socket() as closed:              # a loopback port nothing listens on, held so no other test takes it
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
        join.address_field.set_text(f"127.0.0.1:{port}")
        d.key(pygame.K_RETURN)
        d.until(lambda: join.message.startswith("Could not join"), what="the refusal", limit=600, seconds=20)
    assert f"127.0.0.1:{port}" in join.message and d.scene is join


def test_a_port_in_use_is_explained_on_the_host_screen(make_app):
    d = make_app()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        d.services.scenes.push("host", match=Match(new_state("tictactoe"), [Player.human(), Player(REMOTE, "Remote player")]),
                               bind="127.0.0.1", port=port, announce=None, animate=False)
        d.until(lambda: d.scene.problem, what="the problem", limit=120, seconds=20)
    assert d.scene.name == "host" and f"port {port}" in d.scene.problem and "config.yaml" in d.scene.problem
    d.key(pygame.K_ESCAPE)
    d.settle()
    assert d.scene.name == "title"


def test_a_network_games_menu_goes_on_behind_it_the_host_alone_has_new_game_once_over(pair):
    play, seen, _ = playing_pair(pair)
    pair.host.key(pygame.K_ESCAPE)
    host_menu = pair.host.services.dialogs.current
    assert pair.host.services.dialogs.kind == "menu"
    ids = [w.id for w in host_menu.focus.widgets]
    assert ids[:3] == ["menu_resume", "menu_new", "menu_save"] and ids[-1] == "menu_leave"
    assert not host_menu.focus.find("menu_new").enabled               # a rematch is for a finished game
    pair.guest.key(pygame.K_ESCAPE)
    guest_menu = pair.guest.services.dialogs.current
    assert "menu_new" not in [w.id for w in guest_menu.focus.widgets]
    pair.host.key(pygame.K_ESCAPE)                                   # the host's Resume
    host_plays(pair, play, seen, 4)                                  # the game goes on behind the guest's menu
    assert pair.guest.services.dialogs.current is guest_menu
    pair.guest.key(pygame.K_ESCAPE)
    assert not pair.guest.services.dialogs.is_open
    pair.guest.key(pygame.K_ESCAPE)
    pair.guest.key(pygame.K_l)                                       # Leave asks first
    assert pair.guest.services.dialogs.kind == "confirm"
    pair.guest.key(pygame.K_ESCAPE)
    assert seen.match.state.to_text() == "b2" and pair.guest.scene is seen


def test_a_network_game_goes_on_under_the_review_of_a_move_and_going_back_shows_the_move(pair):
    play, seen, _ = playing_pair(pair)
    host_plays(pair, play, seen, 4)
    record, rect = play.movelist.drawn[0]
    pair.host.click_at(rect.center)                                  # a move of the list: its review over the game
    pair.settle()
    assert pair.host.scene.name == "review"
    pair.until(lambda: seen.view.interactive and not seen.renderer.busy, what="the guest's turn")
    pair.guest.click_at(seen.renderer.cell_centre(0))
    pair.until(lambda: len(play.match.records) == 2, what="the guest's move at the host under the review",
               seconds=5)
    pair.host.key(pygame.K_ESCAPE)
    pair.settle()
    pair.frames(2)
    assert pair.host.scene is play and play.match.state.to_text() == seen.match.state.to_text()
    assert len(play.movelist.drawn) == 2 and play.view.interactive    # the move listed, the host to move


def test_a_network_game_goes_on_while_settings_from_its_menu_are_open(pair):
    play, seen, _ = playing_pair(pair)
    pair.host.key(pygame.K_ESCAPE)
    assert "goes on" in pair.host.services.dialogs.current.note
    pair.host.key(pygame.K_o, unicode="o")                           # the menu's Settings: a screen over the game
    pair.settle()
    assert pair.host.scene.name == "settings"
    seen.focus.focus(seen.chat.field)
    type_into(pair.guest, "still there?")
    pair.guest.key(pygame.K_RETURN)
    pair.until(lambda: any(line.words == "still there?" for line in play.chat.lines), what="the chat under Settings",
               seconds=5)
