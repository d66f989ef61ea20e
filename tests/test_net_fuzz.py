"""Random bytes and random valid-looking messages thrown at a running server: it answers
or drops the sender, and the players' game goes on unchanged."""
from __future__ import annotations

import json
import socket

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.net import protocol as p
from game.net.server import SeatPlan
from tests.net_helpers import LOOPBACK, Host, limits

TAGS = [m.__struct_config__.tag for m in p.CLIENT_MESSAGES + p.SERVER_MESSAGES]
values = st.recursive(st.none() | st.booleans() | st.integers(-2, 2**40) | st.text(max_size=30),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=3), max_leaves=8)
fields = st.dictionaries(st.sampled_from(["move", "ply", "name", "version", "token", "text", "kind", "seat",
                                          "request_id", "accept", "action", "tier", "watch"]), values, max_size=4)
message_like = st.builds(lambda tag, f: json.dumps({"type": tag, **f}).encode(), st.sampled_from(TAGS), fields)
hello = st.just(p.encode(p.Hello(p.PROTOCOL_VERSION, "Fuzz"))[:-1])
lines = st.lists(st.one_of(st.binary(max_size=120).map(lambda b: b.replace(b"\n", b"")), message_like, hello),
                 max_size=12)


@pytest.fixture(scope="module")
def table():
    server = Host("tictactoe", [SeatPlan.remote(), SeatPlan.remote()],
                  limits=limits(messages_per_second=1000))     # Ann's chat after each example is no flood
    ann, bob = server.join("Ann"), server.join("Bob")
    ann.client.play("b2", 0)
    bob.expect(p.Moved)
    yield server, ann, bob
    server.stop()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines)
def test_whatever_a_stranger_sends_the_game_goes_on(table, sent):
    server, ann, bob = table
    with socket.create_connection((LOOPBACK, server.port), timeout=10) as sock:
        sock.sendall(b"".join(line + b"\n" for line in sent))
    ann.client.chat("still here")
    assert bob.expect(p.Chat, lambda m: m.text == "still here").name == "Ann"
    assert server.call(lambda: server.server.state.to_text()) == "b2"
    assert server.call(lambda: server.server.table.ended) is None
