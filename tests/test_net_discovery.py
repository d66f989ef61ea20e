"""Hosted games heard on loopback only: a host announcing to 127.0.0.1, a joiner
listening on 127.0.0.1 (nothing is broadcast)."""
from __future__ import annotations

import socket
import threading
import time

import msgspec

from game.net.discovery import (FORGET_AFTER, MAX_GAMES, MAX_GAMES_PER_HOST, Announcement, Announcer, GameBook,
                                HostedGame, Interface, broadcast_targets, join_addresses, listen_for_games,
                                read_announcement)
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


def test_thousands_of_forged_announcements_list_a_few_games():
    port = free_udp_port()
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        heard: list = []
        listening = threading.Thread(target=lambda: heard.extend(listen_for_games(2.0, bind=LOOPBACK, port=port)))
        listening.start()
        time.sleep(0.3)
        for forged in range(3000):
            sock.sendto(msgspec.json.encode(Announcement(f"Fake {forged}", "tictactoe", 1000 + forged, 1)),
                        (LOOPBACK, port))
        listening.join()
    assert 0 < len(heard) <= MAX_GAMES_PER_HOST <= MAX_GAMES


def test_the_list_keeps_at_most_its_cap_and_forgets_a_game_no_longer_heard():
    clock = [0.0]
    book = GameBook(clock=lambda: clock[0])
    for host in range(MAX_GAMES + 10):
        book.heard(HostedGame(f"Game {host}", "tictactoe", f"10.0.{host}.1", 5151, 1))
    assert len(book.games()) == MAX_GAMES
    clock[0] = FORGET_AFTER - 1
    book.heard(HostedGame("Game 0", "tictactoe", "10.0.0.1", 5151, 0))     # heard again: kept
    clock[0] = FORGET_AFTER + 1
    assert [(g.name, g.seats_open) for g in book.games()] == [("Game 0", 0)]


def test_the_limited_broadcast_goes_out_on_each_networks_own_broadcast_too(monkeypatch):
    from game.net import discovery

    monkeypatch.setattr(discovery, "interfaces", lambda: [
        Interface("lo", "127.0.0.1", None, True), Interface("eth0", "10.213.0.1", "10.213.0.255", False),
        Interface("eth1", "10.214.0.1", "10.214.255.255", False)])
    assert broadcast_targets("255.255.255.255") == ["10.213.0.255", "10.214.255.255", "255.255.255.255"]
    assert broadcast_targets("127.0.0.1") == ["127.0.0.1"]


def test_the_address_given_to_friends_is_a_network_one_not_loopback(monkeypatch):
    from game.net import discovery

    monkeypatch.setattr(discovery, "interfaces", lambda: [
        Interface("lo", "127.0.0.1", None, True), Interface("eth0", "10.213.0.1", "10.213.0.255", False)])
    assert "10.213.0.1" in discovery.reachable_addresses() and "127.0.0.1" not in discovery.reachable_addresses()
    monkeypatch.setattr(discovery, "interfaces", lambda: [Interface("lo", "127.0.0.1", None, True)])
    monkeypatch.setattr(discovery, "_routed_address", lambda: "")
    assert join_addresses(5151) == "127.0.0.1:5151 (this computer only: it is on no network)"


def test_this_machines_interfaces_are_read_from_the_kernel_and_the_ip_command_alike():
    from game.net import discovery

    kernel = {(i.name, i.address, i.broadcast, i.loopback) for i in discovery.interfaces()}
    assert ("lo", "127.0.0.1", None, True) in kernel
    listed = {(i.name, i.address, i.broadcast, i.loopback) for i in discovery._ip_command_interfaces()}
    assert not listed or kernel <= listed        # the ip command lists secondary addresses too
