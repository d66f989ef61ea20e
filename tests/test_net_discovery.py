"""Hosted games heard on loopback only: a host announcing to 127.0.0.1, a joiner
listening on 127.0.0.1 (nothing is broadcast)."""
from __future__ import annotations

from game.net.discovery import Announcement, Announcer, listen_for_games, read_announcement
from game.net.server import SeatPlan
from tests.net_helpers import LOOPBACK, Host, free_udp_port



def test_a_hosted_game_is_heard_with_its_open_seats():
    host = Host("connect4", [SeatPlan.remote(), SeatPlan.remote()], name="Hana's table")
    port = free_udp_port()
    announcer = Announcer(host.server.announcement, port, address=LOOPBACK, every=0.1).start()
    try:
        games = listen_for_games(3.0, bind=LOOPBACK, port=port)
    finally:
        announcer.stop()
        host.stop()
    assert [(g.name, g.game, g.host, g.port, g.seats_open) for g in games] == [
        ("Hana's table", "connect4(cols=7,rows=6,n=4)", LOOPBACK, host.port, 2)]


def test_a_hosted_games_name_is_heard_on_one_printable_line():
    port = free_udp_port()
    forged = Announcement("Evil\nHost\x1b[2J\x07", "tictactoe\r\n", 5151, 1)
    announcer = Announcer(forged, port, address=LOOPBACK, every=0.1).start()
    try:
        games = listen_for_games(2.0, bind=LOOPBACK, port=port)
    finally:
        announcer.stop()
    assert [(g.name, g.game) for g in games] == [("Evil Host [2J", "tictactoe")]


def test_other_datagrams_on_the_port_are_ignored():
    assert read_announcement(b"hello") is None
    assert read_announcement(b'{"name":"x","game":"tictactoe","port":0,"seats_open":1}') is None
    assert read_announcement(b'{"name":"x","game":"tictactoe","port":5151,"seats_open":1,"version":99}') is None
    assert read_announcement(b'{"name":"x","game":"tictactoe","port":5151,"seats_open":1}') == Announcement(
        "x", "tictactoe", 5151, 1)


def test_the_documented_announcement_is_read():
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "protocol.md").read_text(encoding="utf-8")
    line = text.split("## Finding games (UDP)")[1].split("```json\n")[1].split("\n```")[0]
    assert read_announcement(line.encode()) == Announcement("Hana's table", "connect4(cols=7,rows=6,n=4)", 5151, 1)
