"""The wire format: every message survives a round trip, and no bytes at all make
``decode`` raise anything but ``ProtocolError``."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from game.net import protocol as p

EXAMPLES = [
    p.Hello(p.PROTOCOL_VERSION, "Ann", "abcdefgh12345678", watch=True), p.Accept(), p.Decline(), p.Play("e4", 3),
    p.Say("hello"), p.Ask("undo"), p.Answer(2, True), p.Resign(), p.Decide(1, "bot", "Master"), p.Ping(),
    p.Pong(), p.Bye(),
    p.Invitation("tictactoe", "Tic-tac-toe", "Host", 1, "O", [p.SeatInfo(0, "Ann", "remote")]),
    p.Welcome(1, "abcdefgh12345678", [0], True),
    p.Sync("join", "connect4(cols=7,rows=6,n=4)", "", ["4", "4"], [p.SeatInfo(1, "Easy", "bot")],
           p.Result([1], "Ann resigned", "resignation"), "waiting"),
    p.Moved(0, 0, "b2", "remote"), p.Ended(p.Result([], "draw agreed", "agreed draw")), p.Chat("Ann", "hi"),
    p.Requested(1, "draw", "Ann"), p.Answered(1, "draw", False, "Bob"), p.Paused("Bob dropped", 120.0, 1),
    p.Resumed(), p.Joined("Bob", 1, True), p.Left("Bob", "left"), p.Declined("Bob"), p.Error("turn", "not yours"),
]


@pytest.mark.parametrize("message", EXAMPLES, ids=lambda m: type(m).__name__)
def test_every_message_is_one_json_line_that_decodes_to_itself(message):
    line = p.encode(message)
    assert line.endswith(b"\n") and line.count(b"\n") == 1
    assert json.loads(line)["type"] == type(message).__struct_config__.tag
    assert p.decode(line) == message


@pytest.mark.parametrize("line, words", [
    (b"{nope", "not JSON"),
    (b'{"type": "launch_missiles"}', "Invalid value 'launch_missiles'"),
    (b'{"type": "play"}', "missing required field `move`"),
    (b'{"type": "play", "move": "e4", "exec": "rm -rf /"}', "unknown field `exec`"),
    (b'{"type": "ask", "kind": "surrender"}', "Invalid enum value 'surrender'"),
    (b'{"type": "hello", "version": 1, "name": ""}', "length >= 1"),
    (b"[]", "Expected `object`"),
    (b"   ", "empty line"),
])
def test_what_is_not_a_message_is_named(line, words):
    with pytest.raises(p.ProtocolError, match=words.replace("(", r"\(").replace("[", r"\[")):
        p.decode(line, side="client")


def test_a_line_over_the_limit_is_refused_before_it_is_read():
    with pytest.raises(p.ProtocolError, match="over the limit of 100"):
        p.decode(p.encode(p.Say("x" * 200)), max_bytes=100)


def test_a_server_message_is_not_taken_from_a_client():
    with pytest.raises(p.ProtocolError):
        p.decode(p.encode(p.Welcome(1, "abcdefgh12345678", [0])), side="client")


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_raise_nothing_but_protocol_error(data):
    try:
        p.decode(data)
    except p.ProtocolError:
        pass


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                       max_size=4), max_leaves=12)
types = st.sampled_from([m.__struct_config__.tag for m in p.CLIENT_MESSAGES + p.SERVER_MESSAGES] + ["nope"])


@settings(max_examples=400, deadline=None)
@given(types, st.dictionaries(st.sampled_from(["move", "ply", "name", "version", "token", "text", "kind", "seat",
                                               "request_id", "accept", "players", "moves", "x"]), json_values,
                              max_size=5))
def test_valid_looking_messages_decode_or_raise_protocol_error(kind, fields):
    line = json.dumps({"type": kind, **fields}).encode()
    try:
        message = p.decode(line)
    except p.ProtocolError:
        return
    assert p.decode(p.encode(message)) == message


def documented_examples() -> dict[str, str]:
    """Each message heading of docs/protocol.md and the example line under it."""
    text = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    return dict(re.findall(r"^### (\w+)\n.*?```json\n(.*?)\n```", text, flags=re.MULTILINE | re.DOTALL))


def test_every_message_is_documented_with_an_example_line_that_decodes():
    examples = documented_examples()
    tags = {m.__struct_config__.tag for m in p.CLIENT_MESSAGES + p.SERVER_MESSAGES}
    assert set(examples) == tags
    for tag, line in examples.items():
        message = p.decode(line.encode())
        assert type(message).__struct_config__.tag == tag
