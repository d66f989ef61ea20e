"""A real server and real clients on loopback: a whole game, a bot's worker, and what
only a connection shows (garbage, long lines, floods, silence, a reset, a full game).
What each message does at the table is tested without sockets in tests/test_net_table.py."""
from __future__ import annotations

import socket

import pytest

from game.net import protocol as p
from game.net.client import NetClient
from game.net.server import NetError, SeatPlan
from game.rules.catalogue import GameSpec
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


def test_a_bot_seat_on_the_server_plays_its_moves(host):
    server = host("connect4", [SeatPlan.remote(), SeatPlan.bot("Easy")])
    ann = server.join("Ann")
    ann.client.play("4", 0)
    ann.expect(p.Moved)
    reply = ann.expect(p.Moved)
    assert (reply.ply, reply.seat, reply.by) == (1, 1, "bot")


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


def test_the_log_shows_a_refused_moves_text_with_its_control_characters_as_codes(host):
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.play("b2", 0)
    bob.expect(p.Moved)
    bob.client.play("b2\r\x0c\u2028", 1)                # read as b2, taken: refused with its text
    bob.expect(p.Error)
    refused = next(line for line in server.log if line.startswith("refused a move"))
    assert "b2\\r\\x0c\\u2028 is not a legal move" in refused
    assert not any(ch in line for line in server.log for ch in "\r\x0c\u2028")


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
    sock.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION, "Mallory")) + p.encode(p.Ping()) * 200)
    answers = [p.decode(line) for line in read_lines(sock)]
    assert any(isinstance(a, p.Error) and a.code == "flood" for a in answers)
    assert any("flooded" in line for line in server.log)
    ann.client.play("b2", 0)
    assert bob.expect(p.Moved).move == "b2"


def test_a_silent_connection_is_dropped_and_its_seat_waits(host):
    server = host(limits=limits(idle_timeout=5))
    ann = server.join("Ann")
    sock = raw(server.port)
    sock.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION, "Mute")) + p.encode(p.Accept()))
    assert ann.expect(p.Joined, lambda m: m.name == "Mute").seat == 1
    left = ann.expect(p.Left, lambda m: m.name == "Mute", timeout=PATIENCE + 10)   # it never answers a ping
    assert "silent" in left.why
    sock.close()


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
    with pytest.raises(NetError, match="holds no seat"):
        NetClient.connect(LOOPBACK, server.port, "Bob", token="x" * 22, timeout=PATIENCE)


def test_connections_past_the_limit_are_told_the_game_is_full(host, monkeypatch):
    from game.net import server as server_module

    monkeypatch.setattr(server_module, "MAX_CONNECTIONS", 2)
    monkeypatch.setattr(server_module, "HELLO_TIMEOUT", 1.0)   # past the limit, it has that long to prove a seat
    server = host()
    ann, bob = server.join("Ann"), server.join("Bob")
    sock = raw(server.port)
    assert [p.decode(line).code for line in read_lines(sock)] == ["full"]
    ann.client.play("b2", 0)
    assert bob.expect(p.Moved).move == "b2"




def connections(server: Host) -> int:
    return server.call(lambda: len(server.server.conns))


def wait_for(condition, what: str) -> None:
    import time

    until = time.monotonic() + PATIENCE
    while not condition():
        assert time.monotonic() < until, f"waited in vain for {what}"
        time.sleep(0.02)


def test_a_player_gets_back_to_their_seat_however_many_strangers_are_connected(host, monkeypatch):
    from game.net import server as server_module

    monkeypatch.setattr(server_module, "MAX_CONNECTIONS", 4)
    server = host(limits=limits(connections_per_address=64))
    ann, bob = server.join("Ann"), server.join("Bob")
    token = bob.client.token
    bob.client.close()
    ann.expect(p.Left)
    silent = [raw(server.port) for _ in range(3)]         # with Ann, the game's every connection
    wait_for(lambda: connections(server) == 4, "the silent connections")
    bob = server.join("Bob", token=token)                 # one silent connection makes room
    assert bob.client.seats == [1]
    assert any("made room" in line for line in server.log)
    watchers = [server.join(name, watch=True) for name in ("Cy", "Di")]
    assert connections(server) == 4 and all(w.client.seats == [] for w in watchers)
    bob.client.close()
    ann.expect(p.Left, lambda m: m.name == "Bob")
    server.join("Eve", watch=True)                        # every connection said hello
    bob = server.join("Bob", token=token)                 # its token lets it in past the limit
    assert bob.client.seats == [1]
    ann.expect(p.Resumed)
    with pytest.raises(NetError, match="only a player coming back"):
        NetClient.connect(LOOPBACK, server.port, "Mallory", timeout=PATIENCE)
    for sock in silent:
        sock.close()


def test_one_address_holds_a_few_connections_and_a_ping_does_not_stand_for_hello(host):
    server = host(limits=limits(connections_per_address=3))
    ann, bob = server.join("Ann"), server.join("Bob")
    pinger = raw(server.port)
    pinger.sendall(p.encode(p.Ping()))
    assert [p.decode(line) for line in read_lines(pinger)] == [p.Error("state", "say hello first")]
    first = raw(server.port)
    wait_for(lambda: connections(server) == 3, "the silent connection")
    second = raw(server.port)                             # the address's third: the silent one goes
    assert read_lines(first) == []
    second.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION, "Cy", watch=True)))
    assert b'"invitation"' in second.recv(65536)          # every connection of the address said hello
    third = raw(server.port)
    third.sendall(p.encode(p.Hello(p.PROTOCOL_VERSION, "Mallory")))
    assert [p.decode(line).code for line in read_lines(third)] == ["full"]
    ann.client.play("b2", 0)
    assert bob.expect(p.Moved).move == "b2"
    second.close()
