"""A LAN game under an opening rule: the decisions cross the network as moves, and a swap
gives the first seat the White stones on both screens."""
from __future__ import annotations

import pytest

from game.match.session import GameOver, MovePlayed, Waiting
from game.net import events as ev
from game.net.remote_session import RemoteSession
from game.net.server import SeatPlan
from tests.net_helpers import Host, limits
from tests.test_net_session import until


def test_a_swap2_opening_is_played_over_the_network_and_the_colours_change_seats():
    server = Host("gomoku(opening=swap2)", [SeatPlan.remote(reserved=True), SeatPlan.remote()])
    host = server.join("Hana", token=server.server.host_token)
    guest = server.join("Gus", accept=False)
    guest.client.accept()
    hana, gus = RemoteSession(host.client), RemoteSession(guest.client)
    try:
        until(hana, ev.Resumed)
        for text in ["h8", "i9", "j10", "more", "h9", "h10", "white", "k11"]:
            mover, other = (hana, gus) if hana.waiting() is Waiting.HUMAN else (gus, hana)
            mover.play(mover.state.parse_move(text))
            until(other, MovePlayed, lambda e: e.record.text == text)
        assert hana.state.to_text() == gus.state.to_text() == "h8 i9 j10 more h9 h10 white k11"
        assert hana.state.black_seat == gus.state.black_seat == 1          # Hana chose White
        assert hana.state.seat_name(0) == "White" and gus.waiting() is Waiting.HUMAN   # Gus, Black, to move
    finally:
        hana.close()
        gus.close()
        server.stop()


@pytest.mark.parametrize("game", ["gomoku(opening=swap1)", "gomoku(opening=swap2)",
                                  "gomoku(rule=renju,opening=rif,fifths=3)", "gomoku(rule=renju,opening=yamaguchi)",
                                  "gomoku(rule=renju,opening=soosorv8)", "gomoku(rule=renju,opening=taraguchi10)"])
def test_each_opening_rule_is_played_to_the_end_over_the_network(game):
    """Two players on the LAN, each move or decision chosen for them by Easy from the state their
    own screen holds: every phase crosses the network, and both screens end on one game and result."""
    from bots.gomoku_easy import GomokuEasy

    # Scripted players move faster than people: the server's limit of messages a second is raised.
    server = Host(game, [SeatPlan.remote(reserved=True), SeatPlan.remote()], limits=limits(messages_per_second=1000))
    host = server.join("Hana", token=server.server.host_token)
    guest = server.join("Gus", accept=False)
    guest.client.accept()
    hana, gus = RemoteSession(host.client), RemoteSession(guest.client)
    chooser = GomokuEasy(seed=7)
    try:
        until(hana, ev.Resumed)
        plies = 0
        while hana.state.outcome() is None:
            mover, other = (hana, gus) if hana.waiting() is Waiting.HUMAN else (gus, hana)
            move = chooser.choose_move(mover.state.copy(), 0.1)
            text = mover.state.move_to_str(move)
            mover.play(move)
            until(other, MovePlayed, lambda e: e.record.text == text)
            plies += 1
            assert plies < 300
        until(gus, GameOver)
        assert hana.state.to_text() == gus.state.to_text()
        assert hana.state.outcome() == gus.state.outcome() is not None
        assert hana.state.black_seat == gus.state.black_seat
        assert {"black", "white"} & set(hana.state.to_text().split())    # the colours were chosen over the network
    finally:
        hana.close()
        gus.close()
        server.stop()
