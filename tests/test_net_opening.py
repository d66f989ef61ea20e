"""A LAN game under an opening rule: the decisions cross the network as moves, and a swap
gives the first seat the White stones on both screens."""
from __future__ import annotations

from game.match.session import MovePlayed, Waiting
from game.net import events as ev
from game.net.remote_session import RemoteSession
from game.net.server import SeatPlan
from tests.net_helpers import Host
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
