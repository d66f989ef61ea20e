"""The play screen's view of a network game: ``RemoteSession`` over a real server on
loopback, driven as the screen drives a local session (poll, events, play)."""
from __future__ import annotations

import time
import weakref

import pytest

from game.match.session import GameOver, MovePlayed, PositionChanged, Waiting
from game.net import events as ev
from game.net.remote_session import RemoteSession
from game.net.server import SeatPlan
from game.net import protocol as p
from game.rules.catalogue import GameSpec
from game.rules.core import IllegalMove, Termination
from tests.net_helpers import PATIENCE, Host
from tests.session_helpers import session_mismatches


@pytest.fixture
def game():
    server = Host("tictactoe", [SeatPlan.remote(reserved=True), SeatPlan.remote()])
    host = server.join("Hana", token=server.server.host_token)
    guest = server.join("Gus", accept=False)
    guest.client.accept()
    sessions = [RemoteSession(host.client), RemoteSession(guest.client)]
    yield server, sessions
    for session in sessions:
        session.close()
    server.stop()


#: Events each session reported after the one a test waited for, kept for its next wait.
BACKLOG: "weakref.WeakKeyDictionary[RemoteSession, list]" = weakref.WeakKeyDictionary()


def until(session: RemoteSession, kind: type, where=lambda e: True) -> object:
    """Poll as a screen does until an event of ``kind`` comes (those before it are passed over)."""
    backlog = BACKLOG.setdefault(session, [])
    ends = time.monotonic() + PATIENCE
    while True:
        session.poll()
        backlog.extend(session.events())
        for index, event in enumerate(backlog):
            if isinstance(event, kind) and where(event):
                del backlog[:index + 1]
                return event
        backlog.clear()
        if time.monotonic() > ends:
            raise AssertionError(f"no {kind.__name__} came")
        session.client.wait(0.2)


def test_each_screen_moves_only_on_its_turn_and_sees_the_others_moves(game):
    _, (hana, gus) = game
    until(hana, ev.Resumed)
    assert (hana.waiting(), gus.waiting()) == (Waiting.HUMAN, Waiting.REMOTE)
    assert hana.players[0].is_human and not hana.players[1].is_human
    with pytest.raises(IllegalMove):
        gus.play(gus.state.parse_move("b2"))
    played = hana.play(hana.state.parse_move("b2"))
    assert played.record.text == "b2" and hana.state.to_text() == "b2"     # shown at once
    seen = until(gus, MovePlayed)
    assert (seen.record.text, seen.by) == ("b2", "remote")
    assert gus.waiting() is Waiting.HUMAN


def test_a_game_played_to_the_end_is_over_on_both_screens(game):
    _, (hana, gus) = game
    until(hana, ev.Resumed)
    for text in ["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"]:
        mover, other = (hana, gus) if hana.waiting() is Waiting.HUMAN else (gus, hana)
        mover.play(mover.state.parse_move(text))
        until(other, MovePlayed, lambda e: e.record.text == text)
    assert hana.state.to_text() == gus.state.to_text() == "b2 a1 c3 a3 a2 c2 b1 b3 c1"
    assert hana.is_over and gus.waiting() is Waiting.OVER


def test_an_undo_asked_and_agreed_goes_back_on_both_screens(game):
    _, (hana, gus) = game
    until(hana, ev.Resumed)
    hana.play(hana.state.parse_move("b2"))
    until(gus, MovePlayed)
    gus.play(gus.state.parse_move("a1"))
    until(hana, MovePlayed, lambda e: e.record.text == "a1")
    assert not hana.can_undo()
    gus.request_undo()
    request = until(hana, ev.RequestReceived)
    assert (request.kind, request.from_name) == ("undo", "Gus")
    hana.answer(request.request_id, True)
    assert until(gus, ev.RequestAnswered).accepted
    assert until(gus, PositionChanged).how == "undo"
    assert gus.state.to_text() == "b2" and gus.waiting() is Waiting.HUMAN


def test_chat_and_resignation_reach_the_other_screen(game):
    _, (hana, gus) = game
    hana.chat("hi")
    chat = until(gus, ev.ChatReceived)
    assert (chat.name, chat.text) == ("Hana", "hi")
    gus.resign()
    over = until(hana, GameOver)
    assert over.outcome.termination == Termination.RESIGNATION and over.outcome.winners == (0,)
    assert hana.waiting() is Waiting.OVER


def test_a_dropped_player_pauses_the_other_screen(game):
    server, (hana, gus) = game
    until(hana, ev.Resumed)
    gus.close()
    paused = until(hana, ev.Paused, lambda e: "Gus" in e.reason)
    assert paused.seconds_left > 0 and hana.paused
    assert hana.waiting() is Waiting.REMOTE
    with pytest.raises(IllegalMove, match="paused"):
        hana.play(hana.state.parse_move("b2"))


def test_the_host_losing_the_server_is_reported(game):
    server, (hana, _) = game
    server.stop()
    lost = until(hana, ev.NetErrorEvent, lambda e: e.lost)
    assert "lost" in lost.text


def test_a_move_the_server_refuses_is_taken_back_on_screen(game):
    server, (hana, gus) = game
    until(hana, ev.Resumed)
    gus.close()
    while not server.call(lambda: server.server.table.pause_now() is not None):    # hana has not heard yet
        hana.client.wait(0.05)
    hana.play(hana.state.parse_move("b2"))
    assert hana.state.to_text() == "b2"
    assert until(hana, PositionChanged).how == "sync"
    assert hana.state.to_text() == "" and hana.paused


def test_a_hint_is_asked_of_a_local_bot_on_the_mirrored_position(game):
    from game.match.runner import BotSpec
    from game.match.session import HintReady

    _, (hana, gus) = game
    until(hana, ev.Resumed)
    assert gus.hint_unavailable()                      # not Gus's move
    hana.request_hint(BotSpec("TicTacToePerfect", "bots.tictactoe_perfect", {}, "Master", 2.0))
    hint = until(hana, HintReady)
    assert hana.state.is_legal(hint.move)


def test_a_spectators_screen_never_moves():
    server = Host("tictactoe", [SeatPlan.remote(), SeatPlan.remote()])
    try:
        ann, bob = server.join("Ann"), server.join("Bob")
        eve = server.join("Eve", watch=True, accept=False)
        eve.client.accept()
        watching = RemoteSession(eve.client)
        ann.client.play("b2", 0)
        assert until(watching, MovePlayed).record.text == "b2"
        assert watching.waiting() is Waiting.REMOTE and watching.my_seats == ()
        assert not any(player.is_human for player in watching.players)
        watching.close()
    finally:
        server.stop()


def test_after_a_rematch_each_screen_plays_the_other_colour(game):
    _, (hana, gus) = game
    until(hana, ev.Resumed)
    gus.resign()
    until(hana, GameOver)
    hana.rematch()
    gus.answer(until(gus, ev.RequestReceived).request_id, True)
    until(hana, PositionChanged, lambda e: e.how == "restart")
    until(gus, PositionChanged, lambda e: e.how == "restart")
    assert (hana.my_seats, gus.my_seats) == ((1,), (0,))
    assert (hana.waiting(), gus.waiting()) == (Waiting.REMOTE, Waiting.HUMAN)
    assert gus.players[0].is_human and not gus.players[1].is_human
    gus.play(gus.state.parse_move("b2"))
    assert until(hana, MovePlayed).record.text == "b2"


def test_an_undo_request_overtaken_by_a_move_is_reported_void_on_both_screens(game):
    _, (hana, gus) = game
    until(hana, ev.Resumed)
    hana.play(hana.state.parse_move("b2"))
    until(gus, MovePlayed)
    hana.request_undo()
    until(gus, ev.RequestReceived)
    gus.play(gus.state.parse_move("a1"))
    for screen in (hana, gus):
        void = until(screen, ev.RequestAnswered)
        assert (void.kind, void.accepted, void.cancelled, void.by_name) == ("undo", False, True, "Hana")


def test_a_game_the_rules_end_after_a_resignation_counts_once_with_the_resigner_last():
    state = GameSpec.parse("chinesecheckers(players=3,turn_limit=50)").new_state()
    while len(state.move_stack) < 148:          # seat 2 to move, two plies before the turn limit
        state.push(state.legal_moves()[0])
    server = Host(state, [SeatPlan.remote()] * 3)
    ann, bob, cy = server.join("Ann"), server.join("Bob"), server.join("Cy")
    screen = RemoteSession(ann.client)
    try:
        until(screen, ev.Resumed)
        bob.client.resign()
        cy.expect(p.Moved, lambda m: m.by == "bot")
        now = server.call(lambda: server.server.state.copy())
        cy.client.play(now.move_to_str(now.legal_moves()[0]), len(now.move_stack))
        over = until(screen, GameOver)
        assert over.counts and over.outcome.ranking[-1] == (1,) and 1 not in over.outcome.winners
        until(screen, MovePlayed, lambda e: e.record.seat == 2)
        screen.poll()
        assert not [e for e in BACKLOG.get(screen, []) + screen.events() if isinstance(e, GameOver)]
        assert screen.waiting() is Waiting.OVER
    finally:
        screen.close()
        server.stop()


def test_a_remote_session_is_the_session_the_play_screen_drives_and_refuses_what_is_the_servers(game):
    _, (hana, _) = game
    until(hana, ev.Resumed)
    assert session_mismatches(hana) == []
    assert hana.specs == {} and not hana.can_undo() and not hana.restart()
    with pytest.raises(IllegalMove, match="not pasted"):
        hana.paste(hana.state.copy())
    with pytest.raises(IllegalMove, match="keep their seats"):
        hana.swap_seats()
    assert hana.waiting() is Waiting.HUMAN and hana.players[0].is_human     # nothing changed
