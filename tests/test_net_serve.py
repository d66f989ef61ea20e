"""``main.py serve``: a headless server in its own process, on loopback, that prints
joins and moves and, stopped with Ctrl+C, saves the game in progress."""
from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from game.net import protocol as p
from game.store.savefile import load_match
from tests.net_helpers import LOOPBACK, PATIENCE, Peer
from game.net.client import NetClient

ROOT = Path(__file__).resolve().parent.parent


def test_serve_hosts_a_game_and_ctrl_c_saves_it(tmp_path):
    env = dict(os.environ, BOARD_ARCADE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    server = subprocess.Popen([sys.executable, "main.py", "serve", "--game", "tictactoe", "--seats", "remote,remote",
                               "--host", LOOPBACK, "--port", "0", "--name", "Box"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))  # as at a terminal
    try:
        first = server.stdout.readline()
        port = int(re.search(r"on 127\.0\.0\.1:(\d+)", first).group(1))
        ann = Peer(NetClient.connect(LOOPBACK, port, "Ann", timeout=PATIENCE))
        assert ann.client.invitation.host == "Box"
        ann.client.accept()
        bob = Peer(NetClient.connect(LOOPBACK, port, "Bob", timeout=PATIENCE))
        bob.client.accept()
        ann.expect(p.Resumed)
        ann.client.play("b2", 0)
        bob.expect(p.Moved)
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=PATIENCE * 2)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    lines = first + out
    assert "Ann (X) played b2" in lines and "Bob" in lines
    saved = re.search(r"saved in (.+\.txt)", lines).group(1)
    assert load_match(saved).state.to_text() == "b2"


def test_serve_with_a_bot_seat_saves_a_resigned_game_as_won_by_the_bot(tmp_path):
    env = dict(os.environ, BOARD_ARCADE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    server = subprocess.Popen([sys.executable, "main.py", "serve", "--game", "tictactoe", "--seats", "remote,Easy",
                               "--host", LOOPBACK, "--port", "0"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        first = server.stdout.readline()
        port = int(re.search(r"on 127\.0\.0\.1:(\d+)", first).group(1))
        ann = Peer(NetClient.connect(LOOPBACK, port, "Ann", timeout=PATIENCE))
        ann.client.accept()
        ann.expect(p.Resumed)
        ann.client.play("b2", 0)
        reply = ann.expect(p.Moved, lambda m: m.seat == 1)
        assert reply.by == "bot"
        ann.client.resign()
        ann.expect(p.Ended)
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=PATIENCE * 2)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err
    saved = load_match(re.search(r"The finished game is saved in (.+\.txt)", out).group(1))
    outcome = saved.outcome()
    assert (outcome.winners, outcome.termination.value, outcome.reason) == ((1,), "resignation", "Ann resigned")
    assert saved.state.to_text() == f"b2 {reply.move}" and saved.players[1].is_bot
    again = subprocess.run([sys.executable, "main.py", "serve", "--load", str(saved_path(out)), "--seats",
                            "remote,Easy", "--host", LOOPBACK, "--port", "0"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=PATIENCE * 3)
    assert again.returncode == 2 and "that game is over (Ann resigned)" in again.stderr


def saved_path(out: str) -> str:
    return re.search(r"saved in (.+\.txt)", out).group(1)


def test_serve_refuses_seats_that_do_not_fit_the_game():
    result = subprocess.run([sys.executable, "main.py", "serve", "--game", "tictactoe", "--seats", "remote",
                             "--host", LOOPBACK, "--port", "0"], cwd=ROOT, capture_output=True, text=True,
                            timeout=PATIENCE * 3)
    assert result.returncode == 2
    assert "--seats names 1 seats; Tic-tac-toe here seats 2" in result.stderr


def test_serve_with_every_seat_remote_seats_a_resigners_stand_in_from_the_config(tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("games:\n  chinesecheckers:\n    hint: Easy\n    tiers:\n"
                      "      Easy: {bot: ChineseCheckersEasy}\n      Medium: {bot: ChineseCheckersGreedy}\n")
    env = dict(os.environ, BOARD_ARCADE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    server = subprocess.Popen([sys.executable, "main.py", "--config", str(config), "serve", "--game",
                               "chinesecheckers(players=3)", "--seats", "remote,remote,remote",
                               "--host", LOOPBACK, "--port", "0"],
                              cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        first = server.stdout.readline()
        port = int(re.search(r"on 127\.0\.0\.1:(\d+)", first).group(1))
        peers = [Peer(NetClient.connect(LOOPBACK, port, name, timeout=PATIENCE)) for name in ("Ann", "Bob", "Cy")]
        for peer in peers:
            peer.client.accept()
        ann, bob, _ = peers
        ann.expect(p.Resumed)
        bob.client.resign()
        note = ann.expect(p.Chat, lambda m: "resigned" in m.text)
        sync = ann.expect(p.Sync, lambda m: m.how == "seats")
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=PATIENCE * 2)
    finally:
        if server.poll() is None:
            server.kill()
    assert "Medium plays their pieces out" in note.text    # the config's tiers (Easy gives no hints), not the shipped Master
    assert (sync.players[1].kind, sync.players[1].name) == ("bot", "Bob (resigned)")
    assert server.returncode == 0, err
