"""The LAN as players have it, not loopback: network namespaces this test makes, joined
by a switch (a bridge in a namespace of its own), with addresses of its own (10.213.0.N)
and no router, so no default gateway. The host and each player are processes in their
own namespace (``ip netns exec``); they find the game by broadcast, play it, lose a link
and come back. Nothing leaves the namespaces, which are removed even when a test fails.

It needs root and ``ip netns`` (CI runs as root); without them it is skipped, saying why.
"""
from __future__ import annotations

import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Callable

import pytest

from tests.net_helpers import PATIENCE

ROOT = Path(__file__).resolve().parent.parent
SUBNET = "10.213.0"
DISCOVERY_PORT = 5152
MOVES = ["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"]     # a whole game of Tic-tac-toe: a draw


def _ip(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["ip", *args], capture_output=True, text=True, timeout=10)


class Process:
    """A program in a namespace that speaks JSON lines: ``tell`` writes one to it,
    ``expect`` waits for one it wrote that matches."""

    def __init__(self, namespace: str, code: str, env: dict | None = None) -> None:
        self.popen = subprocess.Popen(["ip", "netns", "exec", namespace, sys.executable, "-c", code], cwd=ROOT,
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                      text=True, env=env)
        self.lines: queue.Queue = queue.Queue()
        self.seen: list[dict] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.popen.stdout:
            try:
                self.lines.put(json.loads(line))
            except ValueError:
                self.lines.put({"text": line.rstrip("\n")})

    def tell(self, order: dict) -> None:
        self.popen.stdin.write(json.dumps(order) + "\n")
        self.popen.stdin.flush()

    def expect(self, wanted: Callable[[dict], bool], what: str) -> dict:
        until = time.monotonic() + PATIENCE
        for line in self.seen:
            if wanted(line):
                self.seen.remove(line)
                return line
        while (left := until - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if wanted(line):
                return line
            self.seen.append(line)
        stderr = ""
        if self.popen.poll() is not None:
            stderr = self.popen.stderr.read()[-2000:]
        raise AssertionError(f"no {what}; it said {self.seen[-12:]} {stderr}")

    def got(self, kind: str, where: Callable[[dict], bool] = lambda m: True) -> dict:
        """The next message of type ``kind`` the player received."""
        return self.expect(lambda line: line.get("got", {}).get("type") == kind and where(line["got"]),
                           f"{kind} message")["got"]

    def stop(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait(10)


class Lan:
    """A switch and the machines on it: each machine a namespace with one link, ``e0``, at
    10.213.0.N/24 and no default route."""

    def __init__(self) -> None:
        self.tag = f"ba{os.getpid()}{uuid.uuid4().hex[:6]}"     # unique per run and xdist worker
        self.namespaces: list[str] = []
        self.processes: list[Process] = []
        self.switch = ""

    def build(self) -> "Lan":
        """Make the switch: a bridge in a namespace of its own."""
        self.switch = self._namespace("sw")
        self._run("-n", self.switch, "link", "add", "br0", "type", "bridge")
        self._run("-n", self.switch, "link", "set", "br0", "up")
        return self

    def _run(self, *args: str) -> None:
        done = _ip(*args)
        if done.returncode:
            raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")

    def _namespace(self, role: str) -> str:
        name = f"{self.tag}{role}"
        self._run("netns", "add", name)
        self.namespaces.append(name)
        self._run("-n", name, "link", "set", "lo", "up")
        return name

    def machine(self) -> tuple[str, str]:
        """A new machine on the switch: its namespace and its address."""
        number = len(self.namespaces)
        name = self._namespace(f"m{number}")
        port = f"p{number}"
        self._run("link", "add", "e0", "netns", name, "type", "veth", "peer", "name", port, "netns", self.switch)
        self._run("-n", self.switch, "link", "set", port, "master", "br0")
        self._run("-n", self.switch, "link", "set", port, "up")
        address = f"{SUBNET}.{number}"
        self._run("-n", name, "addr", "add", f"{address}/24", "brd", "+", "dev", "e0")
        self._run("-n", name, "link", "set", "e0", "up")
        return name, address

    def unplugged(self) -> str:
        """A machine on no network: loopback alone."""
        return self._namespace(f"m{len(self.namespaces)}")

    def link(self, namespace: str, up: bool) -> None:
        """Plug the machine's cable in, or pull it out."""
        self._run("-n", namespace, "link", "set", "e0", "up" if up else "down")

    def add_address(self, namespace: str, address: str) -> None:
        self._run("-n", namespace, "addr", "add", f"{address}/24", "dev", "e0")

    def host(self, namespace: str, game: str = "tictactoe", seats: int = 2, offer_seconds: float = 45.0) -> Process:
        settings = json.dumps({"game": game, "seats": seats, "discovery_port": DISCOVERY_PORT,
                               "offer_seconds": offer_seconds})
        return self._start(namespace, f"from tests.net_helpers import host_in_namespace; "
                                      f"host_in_namespace({settings!r})")

    def crowd(self, namespace: str, host: str, port: int, sources: list[str], each: int) -> Process:
        return self._start(namespace, f"from tests.net_helpers import crowd_in_namespace; "
                                      f"crowd_in_namespace({host!r}, {port}, {sources!r}, {each})")

    def player(self, namespace: str) -> Process:
        return self._start(namespace, "from tests.net_helpers import peer_in_namespace; peer_in_namespace()")

    def _start(self, namespace: str, code: str, env: dict | None = None) -> Process:
        process = Process(namespace, code, env)
        self.processes.append(process)
        return process

    def close(self) -> None:
        for process in self.processes:
            process.stop()
        for name in reversed(self.namespaces):
            _ip("netns", "del", name)


@pytest.fixture
def lan(request):
    if os.geteuid() != 0:
        pytest.skip("network namespaces need root (CI runs these tests as root)")
    if shutil.which("ip") is None:
        pytest.skip("the ip command (iproute2) is not installed: no network namespaces")
    made = Lan()
    request.addfinalizer(made.close)        # whatever was made goes, even when the test fails
    try:
        return made.build()
    except (RuntimeError, OSError, subprocess.SubprocessError) as err:
        pytest.skip(f"cannot make a network namespace here: {err}")


def join(player: Process, host: str, port: int, name: str, token: str | None = None) -> dict:
    """``player`` connects as ``name`` (accepting the invitation when it has no token); its welcome."""
    player.tell({"do": "connect", "host": host, "port": port, "name": name, "token": token})
    if token is None:
        player.got("invitation")
        player.tell({"do": "send", "message": {"type": "accept"}})
    return player.got("welcome")


def play(mover: Process, others: list[Process], ply: int, move: str) -> None:
    mover.tell({"do": "send", "message": {"type": "play", "move": move, "ply": ply}})
    for player in [mover, *others]:
        assert player.got("moved", lambda m: m["ply"] == ply)["move"] == move


def test_a_game_on_a_lan_without_a_router_is_found_by_broadcast_and_played_through(lan):
    host_ns, host_address = lan.machine()
    (ann_ns, _), (bob_ns, _) = lan.machine(), lan.machine()
    assert _ip("-n", host_ns, "route", "show", "default").stdout.strip() == ""     # no gateway
    host = lan.host(host_ns)
    ready = host.expect(lambda line: "port" in line, "the host's address")
    port = ready["port"]
    assert ready["join_at"] == f"{host_address}:{port}"          # what the host is shown: not 127.0.0.1
    ann, bob = lan.player(ann_ns), lan.player(bob_ns)
    ann.tell({"do": "find", "seconds": 1.5, "port": DISCOVERY_PORT})
    found = ann.expect(lambda line: "found" in line, "the games found")["found"]
    assert found == [["Hana", host_address, port, 2]]
    assert join(ann, host_address, port, "Ann")["seats"] == [0]
    assert join(bob, host_address, port, "Bob")["seats"] == [1]
    for ply, move in enumerate(MOVES):
        mover, other = (ann, bob) if ply % 2 == 0 else (bob, ann)
        play(mover, [other], ply, move)
    host.expect(lambda line: line.get("log", "").startswith("Game over"), "the game's end in the host's log")
    host.popen.stdin.close()
    told = host.expect(lambda line: "announcements" in line, "the announcer's account")
    assert told["announcements"] > 0 and told["problem"] is None   # the limited broadcast has no route here


def test_a_player_whose_cable_is_pulled_comes_back_to_their_seat(lan):
    host_ns, host_address = lan.machine()
    (ann_ns, _), (bob_ns, _) = lan.machine(), lan.machine()
    host = lan.host(host_ns)
    port = host.expect(lambda line: "port" in line, "the host's address")["port"]
    ann, bob = lan.player(ann_ns), lan.player(bob_ns)
    join(ann, host_address, port, "Ann")
    token = join(bob, host_address, port, "Bob")["token"]
    play(ann, [bob], 0, "b2")
    lan.link(bob_ns, up=False)
    bob.stop()                                   # its goodbye cannot get through: the server is not told
    lan.link(bob_ns, up=True)
    bob = lan.player(bob_ns)
    assert join(bob, host_address, port, "Bob", token=token)["seats"] == [1]
    assert bob.got("sync")["moves"] == ["b2"]
    ann.got("joined", lambda m: m["name"] == "Bob" and m.get("again"))       # back, not new
    play(bob, [ann], 1, "a1")


def test_serve_on_a_lan_without_a_router_prints_the_address_players_can_reach(lan, tmp_path):
    host_ns, host_address = lan.machine()
    env = dict(os.environ, BOARD_ARCADE_HOME=str(tmp_path), PYTHONUNBUFFERED="1")
    serve = subprocess.Popen(["ip", "netns", "exec", host_ns, sys.executable, "main.py", "serve", "--game",
                              "tictactoe", "--seats", "remote,remote", "--port", "0"], cwd=ROOT, env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = serve.stdout.readline()
    finally:
        serve.send_signal(signal.SIGTERM)
        serve.communicate(timeout=PATIENCE)
    assert f"players join at {host_address}:" in first and "127.0.0.1" not in first, first


def test_strangers_filling_every_connection_and_squatting_a_seat_keep_no_player_out(lan):
    host_ns, host_address = lan.machine()
    (ann_ns, _), (bob_ns, _), (evil_ns, evil_address) = lan.machine(), lan.machine(), lan.machine()
    sources = [evil_address] + [f"{SUBNET}.{100 + n}" for n in range(8)]
    for address in sources[1:]:
        lan.add_address(evil_ns, address)
    host = lan.host(host_ns, offer_seconds=2)
    port = host.expect(lambda line: "port" in line, "the host's address")["port"]
    ann = lan.player(ann_ns)
    token = join(ann, host_address, port, "Ann")["token"]
    squatter = lan.player(evil_ns)
    squatter.tell({"do": "connect", "host": host_address, "port": port, "name": "Squat"})
    assert squatter.got("invitation")["seat"] == 1                   # offered, never answered
    lan.link(ann_ns, up=False)
    ann.stop()
    lan.link(ann_ns, up=True)
    crowd = lan.crowd(evil_ns, host_address, port, sources, 8)       # 72 silent connections from 9 addresses
    assert crowd.expect(lambda line: "connected" in line, "the crowd")["connected"] == 72
    ann = lan.player(ann_ns)
    assert join(ann, host_address, port, "Ann", token=token)["seats"] == [0]
    assert squatter.got("error")["code"] == "offer"                  # its offer ran out
    bob = lan.player(bob_ns)
    assert join(bob, host_address, port, "Bob")["seats"] == [1]      # the seat went to the next joiner
    play(ann, [bob], 0, "b2")


def test_a_host_on_no_network_says_only_this_computer_can_join_and_why_it_cannot_announce(lan):
    host = lan.host(lan.unplugged())
    ready = host.expect(lambda line: "port" in line, "the host's address")
    assert ready["join_at"] == f"127.0.0.1:{ready['port']} (this computer only: it is on no network)"
    host.popen.stdin.close()
    told = host.expect(lambda line: "announcements" in line, "the announcer's account")
    assert told["announcements"] == 0
    assert told["problem"].startswith("cannot announce the game: 255.255.255.255: ")
