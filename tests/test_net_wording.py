"""Two players on the LAN may read different languages: the server's sentences travel as
codes and values (``protocol.Words``, beside the English), and each window words them in
its own language when they arrive (``game.net.wording``); chat is passed as typed.
Over loopback only, with the sessions of ``test_net_session``."""
from __future__ import annotations

import string

import msgspec

from game import lang
from game.match.session import GameOver
from game.net import events as ev
from game.net import protocol as p
from game.net import wording
from game.net.server import SeatPlan
from tests.lang_helpers import chinese, shipped_chinese  # noqa: F401 - chinese is a fixture
from tests.net_helpers import Host, limits
from tests.test_net_server import raw, read_lines
from tests.test_net_session import game, until  # noqa: F401 - game is a fixture


def test_every_sentence_of_the_server_has_a_chinese_translation():
    translated = shipped_chinese()
    for english in [text for text in wording.SENTENCES.values() if text] + list(wording.REQUEST_KINDS.values()):
        message = translated.get(english)
        assert message is not None and message.string, english
        assert fields(message.string) == fields(english), english


def fields(text: str) -> set[str]:
    return {name for _text, name, _spec, _conversion in string.Formatter().parse(text) if name}


def test_a_pause_is_worded_in_each_windows_language_and_sent_in_english_too(game, chinese):
    server, (hana, gus) = game
    until(hana, ev.Resumed)
    gus.close()
    paused = until(hana, ev.Paused, lambda e: "Gus" in e.reason)
    assert paused.reason.startswith("Gus 断线了：等待其重新连接")
    reason, _seat = server.call(lambda: server.server.table.pause_now())
    assert reason.startswith("Gus lost the connection: waiting for them to rejoin")


def test_a_result_the_server_decided_reads_in_the_language_of_the_window_that_receives_it(game, chinese):
    server, (hana, gus) = game
    until(hana, ev.Resumed)
    gus.resign()
    assert until(hana, GameOver).outcome.reason == "Gus 认输"
    lang.set_language("en")
    assert until(gus, GameOver).outcome.reason == "Gus resigned"


def test_chat_is_passed_as_typed_and_a_refusal_is_worded(game, chinese):
    server, (hana, gus) = game
    until(hana, ev.Resumed)
    gus.client.chat("the game is over")               # a player's words, though a sentence of the server's
    assert until(hana, ev.ChatReceived).text == "the game is over"
    gus.client.send(p.Ask("rematch"))
    assert until(gus, ev.NetErrorEvent).text == "对局结束后才能再来一局"


def test_words_of_a_newer_server_fall_back_to_the_english_it_sent(chinese):
    assert wording.worded(p.Words("from_a_newer_server", {"name": "Ann"}), "Ann did something new") == \
        "Ann did something new"
    assert wording.worded(p.Words("resigned", {"who": "Ann"}), "Ann resigned") == "Ann resigned"
    assert wording.worded(None, "plain") == "plain"


def test_a_client_of_the_first_version_reads_why_it_is_refused():
    server = Host("tictactoe", [SeatPlan.remote(), SeatPlan.remote()])
    try:
        old = raw(server.port)
        old.sendall(b'{"type":"hello","version":1,"name":"Old"}\n')
        lines = read_lines(old)
    finally:
        server.stop()
    assert len(lines) == 1
    body = msgspec.json.decode(lines[0])
    assert body == {"type": "error", "code": "version", "text": body["text"]}     # no field version 1 lacks
    assert "protocol 2, the client 1" in body["text"]


def test_this_windows_own_words_about_the_connection_are_in_its_language(game, chinese):
    server, (hana, _gus) = game
    server.stop()
    lost = until(hana, ev.NetErrorEvent, lambda e: e.lost)
    assert lost.text.startswith("与主持人的连接已断开：")


def test_what_the_server_refuses_before_a_hello_a_first_version_client_can_read():
    """Before its hello a client's version is unknown: a line over the limit is refused in the
    fields every version reads (version 1 knows no ``words``), not in a message it cannot decode."""
    server = Host("tictactoe", [SeatPlan.remote(), SeatPlan.remote()], limits=limits(max_line_bytes=1024))
    try:
        old = raw(server.port)
        old.sendall(b'{"type":"hello","version":1,"name":"' + b"x" * 2000 + b'"}\n')
        lines = read_lines(old)
    finally:
        server.stop()
    body = msgspec.json.decode(lines[0])
    assert body == {"type": "error", "code": "size", "text": body["text"]}
    assert "1024 bytes" in body["text"]


def test_a_rules_result_re_ranked_after_a_resignation_is_worded_in_each_windows_language(chinese):
    from game.net import endings
    from game.rules.core import Outcome, Termination

    ruled = Outcome((0,), "turn limit of 50: ranked by distance to goal", (), ((0,), (2,), (1,)),
                    termination=Termination.TURN_LIMIT)
    said = endings.left_words(ruled.reason, [0], ["Ann", "Bob", "Cy"])
    english = endings.after_resignations(ruled, [0], ["Ann", "Bob", "Cy"]).reason
    assert english == wording.english(said) == "turn limit of 50: ranked by distance to goal; Ann left the game"
    assert wording.worded(said, english) == "满 50 回合：按距终点步数排名；Ann 已离开对局"
    assert wording.worded(p.Words("left_the_game", {"reason": "four in a row", "names": "Ann"}), "") == "四连；Ann 已离开对局"


def test_a_join_that_reaches_no_server_says_why_in_the_windows_language(chinese):
    import socket

    import pytest

    from game.net.client import NetClient
    from game.net.server import NetError

    with socket.socket() as probe:             # a loopback port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(NetError) as failed:
        NetClient.connect("127.0.0.1", port, "Ann", timeout=2.0)
    assert str(failed.value).startswith(f"无法连接 127.0.0.1:{port}："), str(failed.value)
