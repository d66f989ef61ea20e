"""The server keeps the time of a network game: it charges the mover from the tick it told
everyone of the position to the tick the move came, tells every client the clocks with each
move and pause, stops them while a dropped player is away, and declares a flag fallen. The
table's tests run on a fake clock (no sockets, no sleeps); one goes over loopback to the
play screen's ``RemoteSession``."""
from __future__ import annotations

import time

import pytest

from game.match.clocks import LOST_ON_TIME, TimeControl
from game.match.session import GameOver
from game.net import protocol as p
from game.net.remote_session import RemoteSession
from game.net.server import SeatPlan
from tests.net_helpers import PATIENCE, Host
from tests.table_helpers import Sitting
from tests.lang_helpers import chinese  # noqa: F401 - chinese is a fixture


@pytest.fixture
def sit():
    sittings = []

    def make(**kwargs) -> Sitting:
        kwargs.setdefault("time_control", TimeControl.parse("1+2"))
        sitting = Sitting("connect4", **kwargs)
        sittings.append(sitting)
        return sitting

    yield make
    for sitting in sittings:
        sitting.close()


def mains(state: p.ClockState) -> list[float]:
    return [t.main for t in state.times]


def test_no_clock_runs_before_the_seats_are_taken_and_the_mover_is_charged_what_the_server_saw(sit):
    table = sit()
    ann = table.join("Ann")
    table.clock.advance(30)                    # Bob has not joined: nobody's time runs
    bob = table.join("Bob")
    assert ann.expect(p.Resumed).clock.running == 0
    table.clock.advance(10)
    ann.send(p.Play("4", 0))
    moved = bob.expect(p.Moved)
    assert mains(moved.clock) == pytest.approx([52, 60]) and moved.clock.running == 1
    assert moved.clock.control == "1+2"


def test_a_dropped_players_clock_stops_while_the_game_waits_for_them(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Play("4", 0))
    table.clock.advance(5)
    bob.drop()
    paused = ann.expect(p.Paused, lambda m: "lost the connection" in m.reason)
    assert mains(paused.clock) == pytest.approx([62, 55]) and paused.clock.running is None
    table.clock.advance(40)
    table.tick()
    back = table.join("Bob", token=bob.token)
    assert back.expect(p.Sync).clock.times[1].main == pytest.approx(55)
    resumed = ann.all(p.Resumed)[-1]
    assert resumed.clock.running == 1 and mains(resumed.clock) == pytest.approx([62, 55])


def test_the_server_declares_the_flag_fallen_and_a_late_move_is_refused(sit):
    table = sit(time_control=TimeControl.parse("0:05"))
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Play("4", 0))
    bob.expect(p.Moved)
    table.clock.advance(6)
    bob.send(p.Play("4", 1))                   # sent in time by Bob's screen, received late
    ended = ann.expect(p.Ended)
    assert ended.result.termination == LOST_ON_TIME.value and ended.result.winners == [0]
    assert ended.result.reason == "Yellow lost on time"
    assert "time is up" in bob.expect(p.Error).text
    assert len(table.table.state.move_stack) == 1


def test_a_flag_falls_on_the_servers_tick_without_any_move(sit):
    table = sit(time_control=TimeControl.parse("0:05"))
    ann, bob = table.join("Ann"), table.join("Bob")
    table.clock.advance(5.5)
    table.tick()
    assert bob.expect(p.Ended).result.winners == [1]
    assert "Result: Yellow won (Red lost on time) [lost on time]" in _saved(table)


def _saved(table: Sitting) -> str:
    from game.store.savefile import match_to_text
    return match_to_text(table.table.session.match)


def test_a_rematch_starts_with_everyones_full_time(sit):
    table = sit(time_control=TimeControl.parse("0:05"))
    ann, bob = table.join("Ann"), table.join("Bob")
    table.clock.advance(6)
    table.tick()
    ann.expect(p.Ended)
    ann.send(p.Ask("rematch"))
    bob.send(p.Answer(bob.expect(p.Requested).request_id, True))
    sync = ann.expect(p.Sync, lambda m: m.how == "rematch")
    assert mains(sync.clock) == pytest.approx([5, 5]) and sync.ended is None


def test_the_play_screen_shows_the_servers_clocks_and_its_result_over_loopback():
    server = Host("connect4", [SeatPlan.remote(reserved=True), SeatPlan.remote()],
                  time_control=TimeControl.parse("0:01"))
    host = server.join("Hana", token=server.server.host_token)
    guest = server.join("Gus", accept=False)
    guest.client.accept()
    sessions = [RemoteSession(host.client), RemoteSession(guest.client)]
    try:
        hana, gus = sessions
        ends = time.monotonic() + PATIENCE
        over = []
        while not over and time.monotonic() < ends:
            for session in sessions:
                session.poll()
                over += [e for e in session.events() if isinstance(e, GameOver) and session is gus]
            time.sleep(0.02)
        assert over and over[0].outcome.termination == LOST_ON_TIME and over[0].outcome.winners == (1,)
        assert gus.clock is not None and gus.clock.control == TimeControl.parse("0:01")
        assert gus.clock.times[0].flagged and gus.clock.ticking() is None
    finally:
        for session in sessions:
            session.close()
        server.stop()


def test_serve_keeps_a_clock_and_saves_a_game_lost_on_time(tmp_path):
    import os
    import re
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from game.net.client import NetClient
    from game.store.savefile import load_match
    from tests.net_helpers import LOOPBACK, Peer

    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, BOARD_ARCADE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    server = subprocess.Popen([sys.executable, "main.py", "serve", "--game", "tictactoe", "--seats", "remote,remote",
                               "--host", LOOPBACK, "--port", "0", "--clock", "0:01"],
                              cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        first = server.stdout.readline()
        port = int(re.search(r"on 127\.0\.0\.1:(\d+)", first).group(1))
        ann = Peer(NetClient.connect(LOOPBACK, port, "Ann", timeout=PATIENCE))
        ann.client.accept()
        bob = Peer(NetClient.connect(LOOPBACK, port, "Bob", timeout=PATIENCE))
        bob.client.accept()
        assert ann.expect(p.Resumed).clock.control == "0:01"
        ann.client.play("b2", 0)
        assert bob.expect(p.Moved).clock.running == 1
        ended = ann.expect(p.Ended)
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=PATIENCE * 2)
    finally:
        if server.poll() is None:
            server.kill()
    assert ended.result.reason == "O lost on time" and ended.result.winners == [0]
    saved = re.search(r"saved in (.+\.txt)", first + out).group(1)
    loaded = load_match(saved)
    assert loaded.outcome().termination == LOST_ON_TIME and loaded.clock.control == TimeControl.parse("0:01")


def test_serve_load_with_a_clock_plays_on_with_that_clock_instead_of_the_saves(tmp_path):
    import os
    import re
    import signal
    import subprocess
    import sys
    from pathlib import Path

    from game.match.clocks import Clock
    from game.match.record import Match, Player
    from game.net.client import NetClient
    from game.rules.catalogue import GameSpec
    from game.store.savefile import save_match
    from tests.net_helpers import LOOPBACK, Peer

    state = GameSpec.parse("connect4").new_state()
    state.play_text("4")
    clock = Clock(TimeControl.parse("3+2"), 2)
    saved = tmp_path / "on-a-clock.txt"
    save_match(Match(state, [Player.human("Ann"), Player.human("Bob")], clock=clock), saved)
    root = Path(__file__).resolve().parent.parent
    env = dict(os.environ, BOARD_ARCADE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    server = subprocess.Popen([sys.executable, "main.py", "serve", "--load", str(saved), "--seats", "remote,remote",
                               "--host", LOOPBACK, "--port", "0", "--clock", "5+3"],
                              cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        told = [server.stdout.readline()]
        while not re.search(r"on 127\.0\.0\.1:(\d+)", told[-1]):
            told.append(server.stdout.readline())
        port = int(re.search(r"on 127\.0\.0\.1:(\d+)", told.pop()).group(1))
        ann = Peer(NetClient.connect(LOOPBACK, port, "Ann", timeout=PATIENCE))
        ann.client.accept()
        bob = Peer(NetClient.connect(LOOPBACK, port, "Bob", timeout=PATIENCE))
        bob.client.accept()
        resumed = ann.expect(p.Resumed)
        server.send_signal(signal.SIGINT)
        server.communicate(timeout=PATIENCE * 2)
    finally:
        if server.poll() is None:
            server.kill()
    assert [line.strip() for line in told] == ["--clock: the saved game had its clock 3+2; it goes on with the clock 5+3, each seat's full time"]
    assert resumed.clock.control == "5+3" and mains(resumed.clock) == pytest.approx([300, 300], abs=2)


def test_the_player_whose_join_ends_the_wait_is_sent_the_clock_running(sit):
    table = sit()
    table.join("Ann")
    bob = table.join("Bob")
    sync = next(m for m in bob.all(p.Sync) if m.how == "join")
    assert sync.paused is None and sync.clock.running == 0


@pytest.mark.parametrize("garbage", [
    b'{"type":"resumed","clock":{"control":"1+2","times":[{"main":0.5,"periods":3},{"main":60}],"running":0}}',
    b'{"type":"resumed","clock":{"control":"1+2","times":[{"main":60}],"running":0}}',
    b'{"type":"resumed","clock":{"control":"1+2","times":[{"main":60},{"main":60}],"running":7}}',
    b'{"type":"resumed","clock":{"control":"1+2","times":[{"main":60},{"main":60},{"main":60}]}}',
])
def test_a_clock_that_does_not_fit_the_game_is_not_taken_from_the_server(garbage):
    """A clock message that passed validation but does not fit the game (byo-yomi periods under
    a Fischer control, a time for each of another number of seats, a running seat out of range)
    keeps the clocks as they were: the play screen reads every seat's time and would crash."""
    server = Host("connect4", [SeatPlan.remote(reserved=True), SeatPlan.remote()],
                  time_control=TimeControl.parse("1+2"))
    host = server.join("Hana", token=server.server.host_token)
    guest = server.join("Gus", accept=False)
    guest.client.accept()
    sessions = [RemoteSession(host.client), RemoteSession(guest.client)]
    try:
        hana = sessions[0]
        before = list(hana.clock.times)
        hana._take(p.decode(garbage))
        later = time.monotonic() + 5
        hana.clock._now = lambda: later
        for seat in range(hana.state.num_seats):   # as the clock faces read them
            hana.clock.left(seat)
        assert hana.clock.times == before and hana.clock.control == TimeControl.parse("1+2")
        assert hana.clock.ticking() in (None, *range(hana.state.num_seats))
    finally:
        for session in sessions:
            session.close()
        server.stop()


def test_a_resigned_games_clocks_stop_for_those_who_join_later_and_in_its_save(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Play("4", 0))
    table.clock.advance(10)
    bob.send(p.Resign())
    ann.expect(p.Ended)
    saved = _saved(table)
    table.clock.advance(30)
    table.tick()
    eve = table.join("Eve", watch=True)
    sync = eve.all(p.Sync)[-1]
    assert sync.clock.running is None and mains(sync.clock) == pytest.approx([62, 50])
    assert _saved(table).replace(saved.splitlines()[-1], "") == saved.replace(saved.splitlines()[-1], "")


def test_a_flag_is_told_as_words_each_window_says_in_its_own_language(sit, chinese):
    """The host's window reads Chinese: the ``ended`` of a flag carries the English sentence and
    its words, so a window in English reads English and one in Chinese reads Chinese."""
    from game import lang
    from game.net import wording
    table = sit(time_control=TimeControl.parse("0:05"))
    ann, bob = table.join("Ann"), table.join("Bob")
    table.clock.advance(5.5)
    table.tick()
    result = bob.expect(p.Ended).result
    assert result.reason == "Red lost on time" and result.words is not None
    assert wording.worded(result.words, result.reason) == "Red 超时负"
    lang.set_language("en")
    assert wording.worded(result.words, result.reason) == "Red lost on time"
