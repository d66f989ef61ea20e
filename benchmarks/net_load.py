"""The LAN server under load, on loopback: many games at once, scripted players.

One process hosts ``--games`` games (a ``GameServer`` each, all on one asyncio
loop, as many hosted games on one machine would be); another runs the
players, two raw asyncio connections per game speaking the protocol (no
threads), each playing a random legal move after a random think time of
0.5 to 1.5 times ``--think`` seconds, then asking for a rematch when a game
ends. A move's round trip is from the ``play`` line sent to its ``moved`` line
back at the mover. Printed: games, players, moves, messages per second
through the server (lines in and out), round-trip percentiles, and the
server process's memory (resident set) before and with the games.

``--six`` instead hosts one six-player Chinese Checkers game with six remote
players and ``--watchers`` spectators, every line fanned out to all of them.

Run from the repository root (short runs; the machine is shared)::

    python benchmarks/net_load.py --games 500 --seconds 20
    python benchmarks/net_load.py --games 50 --think 0 --seconds 10    # moves as fast as they go back
    python benchmarks/net_load.py --six --watchers 10 --seconds 10
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.match.config import NetLimits  # noqa: E402
from game.net import protocol as p  # noqa: E402
from game.rules.catalogue import GameSpec  # noqa: E402

LOOPBACK = "127.0.0.1"


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def cpu_seconds(pid: int) -> float:
    """User plus system CPU seconds of process ``pid`` so far."""
    import os

    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the server process -------------------------------------------------------------------
def host_games(game: str, seats: int, count: int, ports, ready, stop, counts) -> None:
    from game.net.server import GameServer, SeatPlan

    async def main() -> None:
        limits = replace(NetLimits(), messages_per_second=1000, idle_timeout=600,
                         connections_per_address=64)     # every client comes from loopback
        servers = [GameServer(game, [SeatPlan.remote()] * seats, host=LOOPBACK, port=0, limits=limits,
                              log=lambda line: None) for _ in range(count)]
        for server in servers:
            await server.start()
        tasks = [asyncio.create_task(server.serve()) for server in servers]
        ports.extend([server.address[1] for server in servers])
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.2)
        counts.append(sum(server.moves_relayed for server in servers))
        for server in servers:
            server.stop()
        await asyncio.gather(*tasks)

    asyncio.run(main())


# -- the players -------------------------------------------------------------------------
@dataclass
class Link:
    """One scripted player's connection."""

    reader: asyncio.StreamReader
    writer: asyncio.StreamWriter
    inbox: asyncio.Queue = field(default_factory=asyncio.Queue)
    seats: list[int] = field(default_factory=list)
    lines_in: int = 0

    def send(self, message: p.Message) -> None:
        self.writer.write(p.encode(message))

    async def pump(self) -> None:
        while line := await self.reader.readline():
            self.lines_in += 1
            await self.inbox.put((time.perf_counter(), p.decode(line, side="server")))

    async def expect(self, kind: type, where=lambda m: True) -> tuple[float, p.Message]:
        while True:
            at, message = await self.inbox.get()
            if isinstance(message, kind) and where(message):
                return at, message


async def join(port: int, name: str, watch: bool = False) -> Link:
    reader, writer = await asyncio.open_connection(LOOPBACK, port, limit=1 << 20)
    link = Link(reader, writer)
    asyncio.create_task(link.pump())
    link.send(p.Hello(p.PROTOCOL_VERSION, name, watch=watch))
    await link.expect(p.Invitation)
    link.send(p.Accept())
    _, welcome = await link.expect(p.Welcome)
    link.seats = welcome.seats
    return link


async def drive_game(game: str, links: list[Link], think: float, until: float, times: list[float],
                     rng: random.Random) -> int:
    """Play random games through ``links`` until ``until``; returns the moves played."""
    owner = {seat: link for link in links for seat in link.seats}
    await links[0].expect(p.Sync)
    moves = 0
    while time.perf_counter() < until:
        state = GameSpec.parse(game).new_state()
        while not state.is_over() and time.perf_counter() < until:
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            mover = owner[state.turn]
            text = state.move_to_str(rng.choice(state.legal_moves()))
            sent = time.perf_counter()
            mover.send(p.Play(text, len(state.move_stack)))
            at, echo = await mover.expect(p.Moved, lambda m, ply=len(state.move_stack): m.ply == ply)
            times.append(at - sent)
            state.push(state.parse_move(echo.move))
            moves += 1
        if state.is_over():
            links[0].send(p.Ask("rematch"))
            others = [link for link in links[1:] if link is not links[0]]
            for link in others:
                _, request = await link.expect(p.Requested)
                link.send(p.Answer(request.request_id, True))
            await links[0].expect(p.Sync, lambda m: m.how == "rematch")
    return moves


async def play_all(game: str, ports: list[int], seats: int, watchers: int, think: float, seconds: float,
                   seed: int) -> tuple[list[float], int, list[Link]]:
    rng = random.Random(seed)
    tables = []
    for number, port in enumerate(ports):
        links = [await join(port, f"P{number}-{seat}") for seat in range(seats)]
        tables.append(links)
    viewers = [await join(ports[0], f"W{n}", watch=True) for n in range(watchers)]
    times: list[float] = []
    until = time.perf_counter() + seconds
    moves = await asyncio.gather(*(drive_game(game, links, think, until, times, random.Random(rng.random()))
                                   for links in tables))
    everyone = [link for links in tables for link in links] + viewers
    return times, sum(moves), everyone


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a player thinks (0: none)")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--six", action="store_true", help="one six-player Chinese Checkers game")
    parser.add_argument("--watchers", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game, seats, count = ("chinesecheckers(players=6)", 6, 1) if args.six else ("connect4", 2, args.games)
    context = multiprocessing.get_context("spawn")
    manager = context.Manager()
    ports, counts = manager.list(), manager.list()
    ready, stop = manager.Event(), manager.Event()
    server = context.Process(target=host_games, args=(game, seats, count, ports, ready, stop, counts))
    server.start()
    ready.wait(300)
    before = rss_kib(server.pid)
    cpu_before = cpu_seconds(server.pid)
    started = time.perf_counter()
    times, moves, links = asyncio.run(
        play_all(game, list(ports), seats, args.watchers, args.think, args.seconds, args.seed))
    elapsed = time.perf_counter() - started
    during = rss_kib(server.pid)
    cpu = cpu_seconds(server.pid) - cpu_before
    stop.set()
    server.join(60)
    lines_out = sum(link.lines_in for link in links)
    players = count * seats
    print(f"{count} games of {game} ({players} players, {args.watchers} watching), think {args.think:g} s, "
          f"{elapsed:.1f} s on loopback")
    print(f"moves: {moves} ({moves / elapsed:.0f}/s); lines from the server: {lines_out} "
          f"({lines_out / elapsed:.0f}/s); lines to it: about {moves + 2 * players} plus pings")
    if times:
        ms = [t * 1000 for t in times]
        print(f"move round trip, ms: median {statistics.median(ms):.2f}, p90 {percentile(ms, 0.9):.2f}, "
              f"p99 {percentile(ms, 0.99):.2f}, max {max(ms):.2f} ({len(ms)} moves)")
    print(f"server memory (resident): {before / 1024:.1f} MiB with the games set up, {during / 1024:.1f} MiB "
          f"while played ({(during - before) / max(1, count):.0f} KiB a game more)")
    print(f"server CPU: {cpu:.1f} s in {elapsed:.1f} s ({100 * cpu / elapsed:.0f}% of one core), the players "
          "in another process on the same 2 cores")


if __name__ == "__main__":
    main()
