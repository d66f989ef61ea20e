"""A real server and real clients on loopback: whole games, refusals, requests,
drops and returns, spectators and bots, each seen from the players' side."""
from __future__ import annotations

import socket

import pytest

from game.net import protocol as p
from game.net.server import SeatPlan
from game.rules.catalogue import GameSpec
from game.rules.chinesecheckers import GOAL_FILLED
from game.rules.core import Outcome, Termination
from game.store.savefile import load_match
from tests.net_helpers import LOOPBACK, PATIENCE, Host, limits

REMOTE2 = [SeatPlan.remote(), SeatPlan.remote()]


@pytest.fixture
def host():
    started = []

    def start(game="tictactoe", seats=REMOTE2, **kwargs) -> Host:
        started.append(Host(game, seats, **kwargs))
        return started[-1]

    yield start
    for server in started:
        server.stop()


def play_through(game: str, moves: list[str], peers, host: Host) -> None:
    """Each move by the peer whose seat is to move, every peer seeing it."""
    state = GameSpec.parse(game).new_state()
    for ply, text in enumerate(moves):
        mover = next(peer for peer in peers if state.turn in peer.client.seats)
        mover.client.play(text, ply)
        for peer in peers:
            assert peer.expect(p.Moved).move == text
        state.push(state.parse_move(text))


def test_a_whole_game_between_two_clients_ends_the_same_for_both(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    assert (ann.client.seats, bob.client.seats) == ([0], [1])
    play_through("tictactoe", ["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"], [ann, bob], server)
    assert server.call(lambda: server.server.state.outcome()).reason   # finished on the server too
    assert server.call(lambda: server.server.state.to_text()) == "b2 a1 c3 a3 a2 c2 b1 b3 c1"


def test_a_move_out_of_turn_or_illegal_is_refused_and_the_game_goes_on(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    bob.client.play("b2")                                      # Ann's turn
    assert bob.expect(p.Error).code == "turn"
    ann.client.play("z9")                                      # not a square
    assert ann.expect(p.Error).code == "illegal"
    ann.client.play("b2", 0)
    bob.expect(p.Moved)
    bob.client.play("b2", 1)                                   # taken
    assert bob.expect(p.Error).code == "illegal"
    assert bob.expect(p.Sync).moves == ["b2"]                  # the truth, to show again
    bob.client.play("a1", 1)
    assert ann.expect(p.Moved, lambda m: m.ply == 1).move == "a1"


def test_a_move_for_an_old_position_is_refused(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.play("b2", 0)
    bob.expect(p.Moved)
    bob.client.play("a1", 0)                                   # sent as if no move had been played
    assert bob.expect(p.Error).code == "state"
    assert server.call(lambda: server.server.state.to_text()) == "b2"


def test_a_spectator_sees_the_moves_and_cannot_play(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    eve = server.join("Eve", watch=True)
    assert eve.client.seats == [] and eve.client.invitation.seat is None
    ann.client.play("b2", 0)
    assert eve.expect(p.Moved).move == "b2"
    eve.client.play("a1", 1)
    assert eve.expect(p.Error).code == "seat"
    bob.client.play("a1", 1)
    assert eve.expect(p.Moved).move == "a1"


def test_a_joiner_who_declines_is_reported_and_the_seat_stays_open(host):
    server = host()
    ann = server.join("Ann")
    bob = server.join("Bob", accept=False)
    assert bob.client.invitation.seat == 1 and bob.client.invitation.seat_name == "O"
    bob.client.decline()
    assert ann.expect(p.Declined).name == "Bob"
    cid = server.join("Cid")
    assert cid.client.seats == [1]


def test_chat_reaches_everyone(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.chat("good luck\x07!")
    for peer in (ann, bob):
        chat = peer.expect(p.Chat, lambda m: m.name == "Ann")
        assert chat.text == "good luck !"


def test_an_undo_request_accepted_takes_back_to_the_askers_turn(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    play_through("tictactoe", ["b2", "a1", "c3"], [ann, bob], server)
    bob.client.request_undo()
    request = ann.expect(p.Requested)
    assert (request.kind, request.name) == ("undo", "Bob")
    ann.client.answer(request.request_id, True)
    assert bob.expect(p.Answered).accepted
    assert bob.expect(p.Sync, lambda m: m.how == "undo").moves == ["b2"]    # Bob to move again
    bob.client.play("c1", 1)
    assert ann.expect(p.Moved).move == "c1"


def test_an_undo_request_declined_changes_nothing(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    play_through("tictactoe", ["b2", "a1"], [ann, bob], server)
    bob.client.request_undo()
    ann.client.answer(ann.expect(p.Requested).request_id, False)
    answer = bob.expect(p.Answered)
    assert (answer.accepted, answer.by) == (False, "Ann")
    assert server.call(lambda: server.server.state.to_text()) == "b2 a1"


def test_a_draw_agreed_and_a_rematch_start_a_new_game(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.offer_draw()
    bob.client.answer(bob.expect(p.Requested).request_id, True)
    ended = ann.expect(p.Ended).result
    assert (ended.winners, ended.termination) == ([], "agreed draw")
    bob.client.play("b2", 0)
    assert bob.expect(p.Error).code == "state"
    bob.client.rematch()
    ann.client.answer(ann.expect(p.Requested, lambda m: m.kind == "rematch").request_id, True)
    assert ann.expect(p.Sync, lambda m: m.how == "rematch").ended is None
    bob.client.play("b2", 0)            # the colours swapped: Bob is X now and moves first
    assert ann.expect(p.Moved).move == "b2"


def test_a_rematch_of_two_players_swaps_their_colours_and_each_is_told_their_new_seat(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.resign()
    bob.expect(p.Ended)
    bob.client.rematch()
    ann.client.answer(ann.expect(p.Requested, lambda m: m.kind == "rematch").request_id, True)
    sync = ann.expect(p.Sync, lambda m: m.how == "rematch")
    assert [(info.seat, info.name) for info in sync.players] == [(0, "Bob"), (1, "Ann")]
    bob.expect(p.Sync, lambda m: m.how == "rematch")      # its welcome came before
    assert (ann.client.seats, bob.client.seats) == ([1], [0])
    ann.client.play("b2", 0)
    assert ann.expect(p.Error).code == "turn"
    bob.client.play("b2", 0)
    assert ann.expect(p.Moved).move == "b2"


def test_a_rematch_swaps_a_bot_with_its_opponent(host):
    server = host(seats=[SeatPlan.bot("Easy"), SeatPlan.remote()])
    ann = server.join("Ann")
    ann.expect(p.Moved)
    ann.client.resign()
    ann.expect(p.Ended)
    ann.client.rematch()            # only a bot to ask: agreed at once
    ann.expect(p.Sync, lambda m: m.how == "rematch")
    assert ann.client.seats == [0]
    ann.client.play("b2", 0)
    assert ann.expect(p.Moved).move == "b2"
    assert ann.expect(p.Moved).by == "bot"


@pytest.mark.parametrize("kind", ["undo", "draw"])
def test_a_request_waiting_when_the_position_changes_is_void_for_everyone(host, kind):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    play_through("tictactoe", ["b2"], [ann, bob], server)
    ann.client.request_undo() if kind == "undo" else ann.client.offer_draw()
    request = bob.expect(p.Requested)
    bob.client.play("a1", 1)
    for peer in (ann, bob):
        void = peer.expect(p.Answered)
        assert (void.request_id, void.kind, void.accepted, void.cancelled) == (request.request_id, kind, False, True)
    bob.client.answer(request.request_id, True)
    assert "no request" in bob.expect(p.Error).text
    assert server.call(lambda: server.server.state.to_text()) == "b2 a1"
    assert server.call(lambda: server.server.is_over) is False


def test_resigning_gives_the_game_to_the_other_seat(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.resign()
    result = bob.expect(p.Ended).result
    assert (result.winners, result.termination, result.reason) == ([1], "resignation", "Ann resigned")


def test_a_resigned_game_saved_by_the_host_loads_as_over_with_the_winner(host, tmp_path):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    play_through("tictactoe", ["b2", "a1"], [ann, bob], server)
    bob.client.resign()
    ann.expect(p.Ended)
    server.thread.save(tmp_path / "resigned.txt")
    loaded = load_match(tmp_path / "resigned.txt")
    outcome = loaded.outcome()
    assert (outcome.winners, outcome.reason, outcome.termination) == ((0,), "Bob resigned", Termination.RESIGNATION)
    assert loaded.state.to_text() == "b2 a1"


CC3 = "chinesecheckers(players=3)"


def test_a_player_who_resigns_from_three_leaves_and_the_others_play_on(host):
    server = host(CC3, [SeatPlan.remote()] * 3)
    ann, bob, cy = server.join("Ann"), server.join("Bob"), server.join("Cy")
    bob.client.resign()
    welcome = bob.expect(p.Welcome)
    assert welcome.seats == []                                   # Bob watches now
    sync = ann.expect(p.Sync, lambda m: m.how == "seats")
    assert sync.ended is None and (sync.players[1].kind, sync.players[1].name) == ("bot", "Bob (resigned)")
    assert server.call(lambda: server.server.is_over) is False
    state = GameSpec.parse(CC3).new_state()
    ann.client.play(state.move_to_str(state.legal_moves()[0]), 0)
    assert cy.expect(p.Moved).by == "remote"
    assert cy.expect(p.Moved).by == "bot"                        # the stand-in plays Bob's turn
    bob.client.play("pass")
    assert bob.expect(p.Error).code == "seat"


def test_when_the_last_opponent_resigns_the_one_left_wins_and_resigners_rank_last(host):
    server = host(CC3, [SeatPlan.remote()] * 3)
    ann, bob, cy = server.join("Ann"), server.join("Bob"), server.join("Cy")
    bob.client.resign()
    ann.expect(p.Sync, lambda m: m.how == "seats")
    cy.client.resign()
    result = ann.expect(p.Ended).result
    assert (result.winners, result.termination, result.ranking) == ([0], "resignation", [[0], [2], [1]])


def test_a_game_the_rules_end_after_a_resignation_ranks_the_resigner_last():
    server = Host(CC3, [SeatPlan.remote()] * 3)
    try:
        def end_with_the_resigner_first():
            game = server.server
            game.resigned.append(0)
            ruled = Outcome((0,), "Red filled the goal", (), ((0,), (2,), (1,)), termination=GOAL_FILLED)
            return game._after_resignations(ruled)
        outcome = server.call(end_with_the_resigner_first)
    finally:
        server.stop()
    assert (outcome.winners, outcome.ranking) == ((2,), ((2,), (1,), (0,)))


def test_a_drop_pauses_everyone_and_the_token_takes_the_seat_back(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.play("b2", 0)
    bob.expect(p.Moved)
    token = bob.client.token
    bob.client.close()
    assert ann.expect(p.Left).name == "Bob"
    paused = ann.expect(p.Paused)
    assert "Bob" in paused.reason and paused.seconds_left > 0
    ann.client.chat("still here")                      # the rest goes on while paused
    ann.expect(p.Chat)
    back = server.join("Bob", token=token)
    assert back.client.seats == [1]
    assert back.expect(p.Sync).moves == ["b2"]
    ann.expect(p.Resumed)
    back.client.play("a1", 1)
    assert ann.expect(p.Moved).move == "a1"


def test_a_request_asked_while_a_player_was_away_is_put_to_them_when_they_come_back(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    play_through("tictactoe", ["b2", "a1"], [ann, bob], server)
    token = bob.client.token
    bob.client.close()
    ann.expect(p.Paused)
    ann.client.request_undo()
    back = server.join("Bob", token=token)
    request = back.expect(p.Requested)
    assert (request.kind, request.name) == ("undo", "Ann")
    back.client.answer(request.request_id, True)
    assert ann.expect(p.Sync, lambda m: m.how == "undo").moves == []


def test_a_request_waiting_for_a_player_whose_seat_goes_to_a_bot_is_void(host):
    server = host(seats=[SeatPlan.remote(reserved=True), SeatPlan.remote()], limits=limits(reconnect_seconds=0))
    me = server.join("Me", token=server.server.host_token)
    bob = server.join("Bob")
    play_through("tictactoe", ["b2", "a1"], [me, bob], server)
    bob.client.close()
    me.client.request_undo()
    me.expect(p.Paused, lambda m: "host" in m.reason)
    me.client.decide(1, "bot", "Easy")
    void = me.expect(p.Answered)
    assert (void.kind, void.cancelled) == ("undo", True)
    me.expect(p.Sync, lambda m: m.how == "seats")
    me.client.request_undo()                    # a new request can be asked: only a bot to ask now
    assert me.expect(p.Answered).accepted


def test_moves_wait_while_the_game_is_paused(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    bob.client.close()
    ann.expect(p.Paused)
    ann.client.play("b2", 0)
    assert ann.expect(p.Error).code == "paused"


def test_after_the_limit_the_host_gives_the_seat_to_a_bot(host):
    server = host(seats=[SeatPlan.remote(reserved=True), SeatPlan.remote()], limits=limits(reconnect_seconds=5))
    me = server.join("Me", token=server.server.host_token)
    me.expect(p.Sync)
    bob = server.join("Bob")
    me.client.play("b2", 0)
    bob.expect(p.Moved)
    bob.client.close()
    assert me.expect(p.Paused, lambda m: "Bob" in m.reason).seconds_left > 0
    expired = me.expect(p.Paused, lambda m: m.seconds_left == 0, timeout=PATIENCE + 5)
    assert expired.seat == 1 and "host" in expired.reason
    me.client.decide(1, "bot", "Easy")
    seats = me.expect(p.Sync, lambda m: m.how == "seats")
    assert seats.players[1].kind == "bot"
    bot_move = me.expect(p.Moved)
    assert (bot_move.seat, bot_move.by) == (1, "bot")
    me.client.play(next(sq for sq in ("a1", "c3") if sq != bot_move.move), 2)
    assert me.expect(p.Moved).ply == 2


def test_a_bot_seat_on_the_server_plays_its_moves(host):
    server = host("connect4", [SeatPlan.remote(), SeatPlan.bot("Easy")])
    ann = server.join("Ann")
    ann.client.play("4", 0)
    ann.expect(p.Moved)
    reply = ann.expect(p.Moved)
    assert (reply.ply, reply.seat, reply.by) == (1, 1, "bot")


def test_six_player_chinese_checkers_with_four_remote_seats_and_two_bots(host):
    plans = [SeatPlan.remote(), SeatPlan.bot("Easy"), SeatPlan.remote(), SeatPlan.remote(), SeatPlan.bot("Easy"),
             SeatPlan.remote()]
    server = host("chinesecheckers(players=6)", plans)
    peers = [server.join(name) for name in ("Ann", "Bob", "Cid", "Dee")]
    watcher = server.join("Eve", watch=True)
    assert sorted(seat for peer in peers for seat in peer.client.seats) == [0, 2, 3, 5]
    state = GameSpec.parse("chinesecheckers(players=6)").new_state()
    for ply in range(12):                              # two rounds of every seat
        if state.turn in (1, 4):
            moved = watcher.expect(p.Moved)
            assert moved.by == "bot"
        else:
            mover = next(peer for peer in peers if state.turn in peer.client.seats)
            text = state.move_to_str(state.legal_moves()[0])
            mover.client.play(text, ply)
            moved = watcher.expect(p.Moved)
            assert moved.move == text
        state.push(state.parse_move(moved.move))
    assert server.call(lambda: len(server.server.state.move_stack)) >= 12


def raw(port: int) -> socket.socket:
    sock = socket.create_connection((LOOPBACK, port), timeout=PATIENCE)
    return sock


def read_lines(sock: socket.socket) -> list[bytes]:
    """Lines until the server closes the connection."""
    data = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, TimeoutError):
            break
        if not chunk:
            break
        data += chunk
    return [line for line in data.split(b"\n") if line]


def test_garbage_is_answered_and_other_players_go_on(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    sock = raw(server.port)
    sock.sendall(b"not json\n{\"type\":\"launch\"}\n{\"type\":\"play\"}\n\xff\xfe\n")
    sock.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION, "Mallory")))
    ann.client.play("b2", 0)
    assert bob.expect(p.Moved).move == "b2"
    sock.shutdown(socket.SHUT_WR)
    answers = [p.decode(line) for line in read_lines(sock)]
    assert [a.code for a in answers if isinstance(a, p.Error)] == ["bad"] * 4
    assert isinstance(answers[-1], p.Invitation)
    bob.client.play("a1", 1)
    assert ann.expect(p.Moved, lambda m: m.ply == 1).move == "a1"


def test_an_oversized_line_drops_that_client_only(host):
    server = host(limits=limits(max_line_bytes=2048))
    ann, bob = server.join("Ann"), server.join("Bob")
    sock = raw(server.port)
    sock.sendall(b"x" * 10_000 + b"\n")
    answers = [p.decode(line) for line in read_lines(sock)]
    assert [a.code for a in answers] == ["size"]
    assert any("over 2048 bytes" in line for line in server.log)
    ann.client.play("b2", 0)
    assert bob.expect(p.Moved).move == "b2"


def test_a_flood_is_cut_off_and_the_game_goes_on(host):
    server = host(limits=limits(messages_per_second=5))
    ann, bob = server.join("Ann"), server.join("Bob")
    sock = raw(server.port)
    sock.sendall(p.encode(p.Ping()) * 200)
    answers = [p.decode(line) for line in read_lines(sock)]
    assert any(isinstance(a, p.Error) and a.code == "flood" for a in answers)
    assert any("flooded" in line for line in server.log)
    ann.client.play("b2", 0)
    assert bob.expect(p.Moved).move == "b2"


def test_a_client_of_another_protocol_version_is_told_so(host):
    server = host()
    sock = raw(server.port)
    sock.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION + 1, "Future")))
    answers = [p.decode(line) for line in read_lines(sock)]
    assert answers[0].code == "version"


def test_a_silent_connection_is_dropped_and_its_seat_waits(host):
    server = host(limits=limits(idle_timeout=5))
    ann = server.join("Ann")
    sock = raw(server.port)
    sock.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION, "Mute")) + p.encode(p.Accept()))
    assert ann.expect(p.Joined, lambda m: m.name == "Mute").seat == 1
    left = ann.expect(p.Left, lambda m: m.name == "Mute", timeout=PATIENCE + 10)   # it never answers a ping
    assert "silent" in left.why
    sock.close()


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "reversi", "gomoku", "chinesecheckers"])
def test_a_whole_game_of_each_game_between_two_clients(host, game):
    """Random legal moves to the end; forced passes are played by the server and seen by both."""
    import random

    server = host(game, limits=limits(messages_per_second=1000))     # the clients play faster than people
    ann, bob = server.join("Ann"), server.join("Bob")
    state = GameSpec.parse(game).new_state()
    chooser = random.Random(game)
    while not state.is_over():
        ply = len(state.move_stack)
        if not state.must_pass():
            mover = next(peer for peer in (ann, bob) if state.turn in peer.client.seats)
            mover.client.play(state.move_to_str(chooser.choice(state.legal_moves())), ply)
        seen = [peer.expect(p.Moved) for peer in (ann, bob)]
        assert seen[0] == seen[1] and seen[0].ply == ply
        assert seen[0].by == ("pass" if state.must_pass() else "remote")
        state.push(state.parse_move(seen[0].move))
    assert server.call(lambda: server.server.state.game_text()) == state.game_text()
    assert server.call(lambda: server.server.is_over)


def test_a_player_whose_connection_dies_without_a_word_comes_back_to_the_same_seat(host):
    import struct

    server = host()
    ann = server.join("Ann")
    sock = raw(server.port)
    sock.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION, "Bob")) + p.encode(p.Accept()))
    welcome = ann.expect(p.Joined, lambda m: m.name == "Bob")
    ann.client.play("b2", 0)
    ann.expect(p.Moved)
    received = b""
    while b'"welcome"' not in received:
        received += sock.recv(65536)
    token = next(p.decode(line) for line in received.split(b"\n") if b'"welcome"' in line).token
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()                                        # reset, as when its process is killed
    assert ann.expect(p.Left).name == "Bob"
    ann.expect(p.Paused, lambda m: "Bob" in m.reason)
    bob = server.join("Bob", token=token)
    assert (welcome.seat, bob.client.seats) == (1, [1])
    assert bob.expect(p.Sync).moves == ["b2"]
    ann.expect(p.Resumed)
    bob.client.play("a1", 1)
    assert ann.expect(p.Moved).move == "a1"


def test_a_token_that_holds_no_seat_is_refused(host):
    server = host()
    from game.net.client import NetClient
    from game.net.server import NetError

    with pytest.raises(NetError, match="holds no seat"):
        NetClient.connect(LOOPBACK, server.port, "Bob", token="x" * 22, timeout=PATIENCE)


def test_a_player_who_does_not_come_back_forfeits_when_the_server_ends_the_game(host):
    server = host(limits=limits(reconnect_seconds=0), after_limit="end")
    ann, bob = server.join("Ann"), server.join("Bob")
    bob.client.close()
    result = ann.expect(p.Ended).result
    assert (result.winners, result.termination, result.reason) == ([0], "disconnection", "Bob did not come back")


def test_the_host_ending_a_game_for_an_absent_player_gives_it_to_those_still_in_it(host):
    server = host(seats=[SeatPlan.remote(reserved=True), SeatPlan.remote()], limits=limits(reconnect_seconds=0))
    me = server.join("Me", token=server.server.host_token)
    bob = server.join("Bob")
    bob.client.close()
    me.expect(p.Paused, lambda m: "host" in m.reason)
    me.client.decide(1, "end")
    result = me.expect(p.Ended).result
    assert (result.winners, result.termination) == ([0], "disconnection")


def test_after_the_limit_a_server_with_no_host_gives_the_seat_to_its_bot(host):
    server = host(limits=limits(reconnect_seconds=0), after_limit="Easy")
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.play("b2", 0)
    bob.expect(p.Moved)
    bob.client.close()
    assert ann.expect(p.Sync, lambda m: m.how == "seats").players[1].kind == "bot"
    assert ann.expect(p.Moved).by == "bot"


def test_only_the_host_decides_a_seats_fate(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.decide(1, "end")
    assert ann.expect(p.Error).code == "seat"


def test_the_host_saves_the_game_and_a_saved_game_can_be_hosted_again(host, tmp_path):
    from game.store.savefile import load_match

    server = host("connect4")
    ann, bob = server.join("Ann"), server.join("Bob")
    play_through("connect4", ["4", "4", "3"], [ann, bob], server)
    server.thread.save(tmp_path / "lan.txt")
    saved = load_match(tmp_path / "lan.txt")
    assert saved.state.to_text() == "443" and [pl.label for pl in saved.players] == ["Ann", "Bob"]
    again = host(saved.state, REMOTE2)
    cid = again.join("Cid")
    assert cid.client.sync.moves == ["4", "4", "3"] and cid.client.seats == [0]


def test_connections_past_the_limit_are_told_the_game_is_full(host, monkeypatch):
    from game.net import server as server_module

    monkeypatch.setattr(server_module, "MAX_CONNECTIONS", 2)
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    sock = raw(server.port)
    assert [p.decode(line).code for line in read_lines(sock)] == ["full"]
    ann.client.play("b2", 0)
    assert bob.expect(p.Moved).move == "b2"


def test_a_bot_that_gives_no_move_is_named_once_and_asked_again(host):
    from game.match.runner import BotReply

    asked = []

    class NoMoveRunner:
        busy = starting = False

        def __init__(self, spec):
            self.spec = spec

        def start(self):
            return self

        def request(self, state, kind="move", budget=None):
            self.busy = True
            asked.append(state.to_text())

        def poll(self):
            self.busy = False
            return BotReply("move", None, failure="gone")

        def cancel(self, restart=None):
            self.busy = False

        def new_game(self):
            pass

        def close(self):
            pass

    server = host(seats=[SeatPlan.remote(), SeatPlan.bot("Odd")], make_runner=NoMoveRunner)
    ann = server.join("Ann")
    ann.client.play("b2", 0)
    ann.expect(p.Moved)
    assert "gave no legal move" in ann.expect(p.Chat).text
    import time

    until = time.monotonic() + PATIENCE
    while len(asked) < 3 and time.monotonic() < until:
        ann.client.wait(0.5)
    assert len([chat for chat in ann.all(p.Chat) if "gave no legal move" in chat.text]) == 1
    assert asked[:3] == ["b2"] * 3
