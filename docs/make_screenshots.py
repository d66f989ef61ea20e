"""Render the screenshots in docs/screenshots/ (1280×800, no window needed).

    python docs/make_screenshots.py

Runs the real program off-screen (SDL's dummy video and audio drivers) with
a throw-away user folder, drives it the way a player would, and saves the
screen at each step: the title, the game menu, the match setup, a game
against Master in progress (Master thinking), the result panel with the
winning line, two bots playing each other (paused), Settings, Statistics,
a hint in a hot-seat game, the Save dialog, its question before it replaces a
saved game and the "Saved" toast, the list of saved games, the dialog that
browses for one elsewhere and an error message;
then Connect Four: a game against Easy with a disc about to drop, the
hint's value of every column, and a won game's four in a row; then Chinese
Checkers: the setup with six seats, a six-player game with a marble picked up
and the holes it can reach, bots moving, the rules panel, and the places at
the end of a game played out for places; then Reversi: a game with the squares
to play marked and a ghost disc under the mouse, discs turning over half way
through a move, and the final score of a finished game; then Gomoku: a 15x15 game
with a ghost stone under the mouse, a Renju position with Black's forbidden points
crossed and one refused, a 19x19 game with move numbers, and a won 9x9 game's five;
then the review screen of a game of each board, while its analysis fills in and at
the start, a mistake (or the middle) and the end of the game;
then a network game between two arcades in this process, on loopback: the
setup with a Remote player seat, the host waiting with the address to give,
the Join screen listing the announced game, the invitation, a game with chat,
an undo request to answer, a dropped player's countdown and the host's choice
once it has run out.
The statistics and saved games shown are samples written into the
throw-away folder first. ``--size`` and ``--out`` render the same screens
at another window size into another folder; ``--all`` renders them at
1280×800 into docs/screenshots and at 800×560 and 1920×1080 into its
folders of those names. ``--lang CODE`` shows the window in that language and
writes into docs/screenshots/CODE (``--lang zh_TW``: docs/screenshots/zh_TW; Simplified
Chinese, ``--lang zh_CN``, into docs/screenshots/zh).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
SIZE = (1280, 800)
MIN = (800, 560)
FULL_HD = (1920, 1080)
STEP = 1 / 60
#: The folder of a language's screenshots, by its code, where it is not the code itself
#: (Simplified Chinese's are docs/screenshots/zh/, the folder issue 30 names).
LANGUAGE_FOLDERS = {"zh_CN": "zh"}


def write_sample_saves(folder: Path) -> None:
    """A few saved games, from an hour to a week old, and one damaged file, for the Load list."""
    import datetime as dt

    from game.rules.catalogue import new_state
    from game.match.record import Match, Player
    from game.store.savefile import save_match

    now = dt.datetime.now().replace(second=0, microsecond=0)
    human, master, hard, easy = Player.human(), Player.of_bot("Master"), Player.of_bot("Hard"), Player.of_bot("Easy")
    games = [
        ("tictactoe-evening.txt", "b2 a3 c1", [human, master], dt.timedelta(hours=1)),
        ("tictactoe-hot-seat.txt", "a1 b1 a2 b2 a3", [human, Player.human()], dt.timedelta(days=1, hours=3)),
        ("tictactoe-vs-easy.txt", "b2 a1 c3 a3 a2 c2 b3 b1 c1", [easy, human], dt.timedelta(days=3)),
        ("tictactoe-bots.txt", "b2 a1", [hard, master], dt.timedelta(days=7)),
    ]
    for name, moves, players, age in games:
        state = new_state("tictactoe")
        match = Match(state, players)
        for word in moves.split():
            match.play(state.parse_move(word))
        path = folder / name
        save_match(match, path)
        stamp = (now - age).timestamp()
        os.utime(path, (stamp, stamp))
    damaged = folder / "tictactoe-edited.txt"
    damaged.write_text("# Board Arcade saved game\nGame: tictactoe\nSeat 1 (X): human Human\n"
                       "Seat 2 (O): bot Master\nMoves: b2 b2\n", encoding="utf-8")
    stamp = (now - dt.timedelta(days=2)).timestamp()
    os.utime(damaged, (stamp, stamp))


def connect4_shots(app, run, open_match, shot) -> None:
    """Connect Four mid-game against Easy (the mouse over column 3), a hint, a win."""
    import pygame

    from game.rules.connect4 import ConnectFour
    from game.match.record import Match, Player

    def open_game(moves: str, players: list) -> object:
        return open_match(Match(ConnectFour.from_text(moves), players))

    human = Player.human()
    play = open_game("4453", [human, Player.of_bot("Easy")])
    play.play_move(2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=play.renderer.cell_centre(2), rel=(0, 0), buttons=(0, 0, 0)))
    while play.thinking or play.renderer.busy:
        app.frame(STEP)
    run(20)
    shot("connect4-play")

    play = open_game("567364771117652", [human, Player.human()])   # wins, draws and losses to choose from
    while play.hints.unavailable():      # the hint engine may still be compiling (first launch)
        app.frame(STEP)
    play.ask_hint()
    while play.hint_pending:
        app.frame(STEP)
    run(20)
    shot("connect4-hint")

    play = open_game("1223433454", [human, Player.of_bot("Medium")])
    play.play_move(3)                   # the fourth red disc on the diagonal from column 1
    run(150)
    shot("connect4-result")


def reversi_shots(app, run, open_match, shot) -> None:
    """Reversi against the example bot: the legal squares dotted and a ghost disc under
    the mouse; a move turning three lines over, caught half way; a finished game's score."""
    import pygame

    from game.rules.reversi import Reversi
    from game.match.record import Match, Player

    human = Player.human()
    play = open_match(Match(Reversi.from_text("f5d6c3d3c4f4c5b3"), [human, Player.of_bot("SparringPartner")]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=play.renderer.cell_centre(play.state.parse_move("c2")),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    run(20)
    shot("reversi-play")

    play = open_match(Match(Reversi.from_text("f5f4f3f6f7c5d6g7h7e3d2g3b4g6"), [human, Player.human()]))
    play.play_move(play.state.parse_move("g5"))    # e5, f5 and d5 westward, g6 south, f4 north-west
    run(22)
    shot("reversi-flip")

    state = Reversi()
    while not state.is_over():
        state.push(state.legal_moves()[len(state.legal_moves()) // 2])
    last = state.pop()
    open_match(Match(state, [human, Player.human()])).play_move(last)
    run(200)
    shot("reversi-result")


def gomoku_game(size: int, seed: int, plies: int | None = None):
    """A Gomoku game where each side plays next to the stones, where its own line through
    the point would be longest (or the opponent's, a little less gladly), ties broken by a
    seeded draw: ``plies`` moves, or to the end."""
    import random

    from game.rules.gomoku import EMPTY, Gomoku, lines_through, run_ends

    rng = random.Random(seed)
    state = Gomoku(size=size)
    cells = bytearray(size * size)
    lines = lines_through(size)

    def longest(point: int, colour: int) -> int:
        cells[point] = colour
        length = max(last - first + 1 for first, last in (run_ends(cells, line, k) for line, k in lines[point]))
        cells[point] = EMPTY
        return length

    while not state.is_over() and (plies is None or len(state.move_stack) < plies):
        if state.move_stack:
            near = sorted({q for p in state.move_stack for line, k in lines[p]
                           for q in line[max(0, k - 2):k + 3] if cells[q] == EMPTY})
            mover = Gomoku.colour(state.turn)
            point = max(near, key=lambda q: (max(10 * longest(q, mover), 9 * longest(q, 3 - mover)), rng.random()))
        else:
            point = (size // 2) * (size + 1)
        cells[point] = Gomoku.colour(state.turn)
        state.push(point)
    return state


def gomoku_shots(app, run, open_match, shot) -> None:
    """Gomoku against the example bot with a ghost stone under the mouse; Renju's
    forbidden points (an overline, a double-three, a double-four) with a click on one
    refused; move numbers on a 19x19 game; a won 9x9 game's five."""
    import pygame

    from game.rules.gomoku import Gomoku
    from game.match.record import Match, Player

    human, sparring = Player.human(), Player.of_bot("SparringPartner")

    def point_pos(play, word: str) -> tuple[int, int]:
        return play.renderer.cell_centre(play.state.parse_move(word))

    play = open_match(Match(Gomoku.from_text("h8 i9 i8 g8 j8 k8 i7 h6 j7 j9 g9 h10"), [human, sparring]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=point_pos(play, "k6"), rel=(0, 0), buttons=(0, 0, 0)))
    run(30)
    shot("gomoku-play")

    blank = Gomoku()
    black = [blank.parse_move(w) for w in "h8 g8 i9 i10 b13 c13 d13 f13 g13 l5 l6 l7 m4 n4 o4".split()]
    white = [blank.parse_move(w) for w in "g9 f7 j6 k8 h13 a12 e12 l9 k3 m5 j12 c9 f3 n9 d6".split()]
    play = open_match(Match(Gomoku.from_stones(black, white, rule="renju"), [human, sparring]))
    pos = point_pos(play, "i8")                   # a double-three: refused, its reason in the status box
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run(12)
    shot("gomoku-renju")

    app.services.settings.update(display={"show_move_numbers": True})
    open_match(Match(gomoku_game(19, seed=3, plies=41), [human, Player.human()]))
    run(20)
    shot("gomoku-numbers")
    app.services.settings.update(display={"show_move_numbers": False})

    state = gomoku_game(9, seed=6)
    last = state.pop()
    open_match(Match(state, [human, Player.human()])).play_move(last)
    run(200)
    shot("gomoku-result")


def greedy_game(players: int, plies: int | None = None, **options):
    """A Chinese Checkers game where every player makes the move that most shortens
    its distance to goal (the first such move on a tie): ``plies`` moves, or to the end."""
    from game.rules.chinesecheckers import ChineseCheckers, distance_to_goal

    state = ChineseCheckers(players=players, **options)
    while not state.is_over() and (plies is None or len(state.move_stack) < plies):
        seat = state.turn

        def left_after(move):
            state.push(move)
            try:
                return distance_to_goal(state, seat)
            finally:
                state.pop()

        state.push(min(state.legal_moves(), key=left_after))
    return state


def chinesecheckers_shots(app, run, settle, open_match, shot) -> None:
    """Chinese Checkers: the setup with six seats, a six-player game (a marble picked up
    with the holes it can reach; bots moving), the rules panel and a result with places."""
    import pygame

    from game.match.record import Match, Player

    setup = app.services.scenes.go("setup", game_id="chinesecheckers", animate=False)
    settle()
    option = setup.widget("option:players")
    option.index = [item.value for item in option.items].index(6)
    setup.set_option("players", 6)
    tiers = [c.label for c in setup.choices if c.player.is_bot][:4] or ["Human"]
    for seat in range(1, 6):
        setup.select(seat, tiers[(seat - 1) % len(tiers)])
    run(20)
    shot("chinesecheckers-setup")

    players = [Player.human()] + [setup.players()[seat] for seat in range(1, 6)]
    # A moment of the game where Red has a long jump chain to show.
    best = max(range(24, 61, 6), key=lambda plies: max(len(m) for m in greedy_game(6, plies).legal_moves()))
    state = greedy_game(6, best)
    app.services.settings.update(bot_delay=0.6)
    play = open_match(Match(state, players))
    renderer = play.renderer
    chain = max(state.legal_moves(), key=len)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=renderer.cell_centre(chain[0]), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=renderer.cell_centre(chain[-1]), rel=(0, 0), buttons=(0, 0, 0)))
    run(20)
    shot("chinesecheckers-select")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=renderer.cell_centre(chain[-1]), button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    while len(play.match.records) < best + 3:      # two bots have moved; the third one's marble hops
        app.frame(STEP)
    run(12)
    shot("chinesecheckers-play")
    play.rules.open()
    run(30)
    shot("chinesecheckers-rules")
    play.rules.close()

    state = greedy_game(6)
    last = state.pop()
    open_match(Match(state, players)).play_move(last)
    run(200)
    shot("chinesecheckers-result")


def reviewed_games() -> dict[str, object]:
    """A finished (or long) game of each board for the review screen: Tic-tac-toe with O's
    blunder, Connect Four and Reversi played by seeded random moves that take a win in one
    and stop one when they can, Gomoku's and Chinese Checkers' games of the shots above."""
    import random

    from game.rules.catalogue import new_state

    def wins_at_once(state) -> list:
        """The moves that win for the side to move."""
        found = []
        for move in state.legal_moves():
            state.push(move)
            outcome = state.outcome()
            state.pop()
            if outcome is not None and state.turn in outcome.winners:
                found.append(move)
        return found

    def seeded(game_id: str, seed: int):
        rng = random.Random(seed)
        state = new_state(game_id)
        while not state.is_over():
            moves = state.legal_moves()
            winning = wins_at_once(state)
            safe = []
            for move in moves if not winning else []:
                state.push(move)
                if state.is_over() or not wins_at_once(state):
                    safe.append(move)
                state.pop()
            state.push(winning[0] if winning else rng.choice(safe or moves))
        return state

    tictactoe = new_state("tictactoe")
    for word in "b2 a1 c3 a3 a2 c1 b1 c2 b3".split():
        tictactoe.push(tictactoe.parse_move(word))
    return {"tictactoe": tictactoe, "connect4": seeded("connect4", 5), "reversi": seeded("reversi", 2),
            "gomoku": gomoku_game(15, seed=3), "chinesecheckers": greedy_game(2, plies=40)}


def review_shots(app, shot, wait: float = 240.0) -> None:
    """The review screen of each game: while the analysis fills the graph in, then at the start,
    the middle and the end of the game (a game analysed before comes from the review cache)."""
    import time

    from game.match.record import Match, Player

    scenes = app.services.scenes
    for game_id, state in reviewed_games().items():
        players = [Player.human(), Player.of_bot("Master")] + [Player.of_bot("Hard")] * (state.num_seats - 2)
        scenes.rebuild(1, [], animate=False)
        review = scenes.push("review", match=Match(state, players), animate=False)
        started = time.monotonic()
        while review.job is not None and not review.job.done and review.review.done < len(review.records) // 3 \
                and time.monotonic() - started < wait:
            app.frame(STEP)
            time.sleep(0.02)
        if review.job is not None and not review.job.done:
            review.go_to(review.review.done, animate=False)
            app.frame(STEP)
            shot(f"review-{game_id}-analysing")
        while review.job is not None and not review.job.done and time.monotonic() - started < wait:
            app.frame(STEP)
            time.sleep(0.02)
        mistake = review.review.next_mistake(-1)
        for name, ply in (("start", 0), ("middle", len(review.records) // 2 if mistake is None else mistake + 1),
                          ("end", len(review.records))):
            review.go_to(ply, animate=False)
            for _ in range(3):
                app.frame(STEP)
            shot(f"review-{game_id}-{name}")
    scenes.rebuild(1, [], animate=False)


def network_shots(app, shot_dir: Path) -> None:
    """A network game of Connect Four: ``app`` hosts (on loopback, announced to loopback
    only), a second arcade in this process joins by its Join screen. Both share the
    one display, so each picture is taken right after its own arcade's frame."""
    import dataclasses
    import socket
    import time

    import pygame

    from game.match.record import Match
    from game.rules.catalogue import new_state
    from game.ui.app import App

    guest = App(app.services.window.size, config=app.services.config, registry=app.services.registry,
                warm_up=False)
    apps = (app, guest)

    def run(frames: int = 1) -> None:
        for _ in range(frames):
            for each in apps:
                each.frame(STEP)
            time.sleep(0.001)

    def until(condition, what: str, seconds: float = 30.0) -> None:
        started = time.monotonic()
        while not condition():
            if time.monotonic() - started > seconds:
                raise RuntimeError(f"{what} did not happen within {seconds:g} s")
            run()

    def settle() -> None:
        until(lambda: not any(each.services.scenes.transitioning for each in apps), "the transitions' end")
        run(3)

    def shot(which, name: str) -> None:
        which.services.scenes.request_redraw()     # the other arcade may have drawn over the shared display last
        which.frame(STEP)
        path = shot_dir / f"{name}.png"
        pygame.image.save(which.services.window.screen, str(path))
        print(f"wrote {path}")

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.bind(("127.0.0.1", 0))
            discovery_port = probe.getsockname()[1]
        services = app.services
        services.config.net = dataclasses.replace(services.config.net, reconnect_seconds=6)
        services.setup_memory.player_name = "Ada"
        setup = services.scenes.go("setup", game_id="connect4", animate=False)
        settle()
        setup.select(0, "Human")
        setup.select(1, "Remote player")
        run(20)
        shot(app, "net-setup")
        services.scenes.push("host", match=Match(new_state("connect4", **setup.options), setup.players()),
                             bind="127.0.0.1", port=0, announce="127.0.0.1", discovery_port=discovery_port)
        until(lambda: services.scenes.top.name == "play", "the hosted game")
        settle()
        host = services.scenes.top
        run(30)
        shot(app, "net-host-waiting")

        guest.services.setup_memory.player_name = "Grace"
        guest.services.scenes.push("join", listen_on="127.0.0.1", discovery_port=discovery_port)
        join = guest.services.scenes.top
        until(lambda: join.games, "the announced game on the Join screen")
        settle()
        shot(guest, "net-join")
        join.join_found(join.games[0])
        until(lambda: guest.services.scenes.top.name == "lobby", "the invitation")
        settle()
        shot(guest, "net-invitation")
        guest.services.scenes.top.accept()
        until(lambda: guest.services.scenes.top.name == "play", "the guest's play screen")
        settle()
        seen = guest.services.scenes.top
        until(lambda: not host.net_paused, "the game going on")
        for ply, column in enumerate((3, 3, 2, 4, 1)):
            screen = host if ply % 2 == 0 else seen
            until(lambda: screen.view.interactive and not screen.renderer.busy, "a player's turn")
            screen.play_move(column)
            until(lambda: len(host.match.records) == len(seen.match.records) == ply + 1, "the move on both boards")
            run(30)
            if ply == 1:
                seen.mode.send_chat("hi Ada, nice opening")
                host.mode.send_chat("thanks! good luck")
        until(lambda: any(line.words.startswith("thanks") for line in seen.chat.lines), "the chat at the guest")
        host.mode.ask_undo()
        until(lambda: seen.mode.request_card.visible, "the undo request at the guest")
        run(30)
        shot(guest, "net-request")
        seen.mode.answer(True)
        until(lambda: len(host.match.records) == 4, "the move taken back")
        run(40)
        shot(guest, "net-play")
        seen.session.client.close()         # the guest's connection drops
        until(lambda: host.mode.pause_card.visible and host.mode.pause_card.seconds_left, "the host's pause")
        run(60)
        shot(app, "net-paused")
        until(lambda: host.mode.pause_card.buttons, "the end of the wait")
        run(20)
        shot(app, "net-seat-choice")
    finally:
        guest.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", default=f"{SIZE[0]}x{SIZE[1]}", help="window size WIDTHxHEIGHT (default %(default)s)")
    parser.add_argument("--out", type=Path, help="folder for the PNG files (default docs/screenshots, "
                                                 "docs/screenshots/LANG with --lang)")
    parser.add_argument("--all", action="store_true", help="every screen at 1280x800, 800x560 and 1920x1080")
    parser.add_argument("--lang", metavar="CODE", help="the window's language, such as zh_CN (default: English)")
    args = parser.parse_args(argv)
    base = args.out or (OUT / LANGUAGE_FOLDERS.get(args.lang.replace("-", "_"), args.lang) if args.lang else OUT)
    if args.all:
        import subprocess

        language = ["--lang", args.lang] if args.lang else []
        for size, out in ((SIZE, base), (MIN, base / "800x560"), (FULL_HD, base / "1920x1080")):
            subprocess.run([sys.executable, __file__, "--size", f"{size[0]}x{size[1]}", "--out", str(out), *language],
                           check=True)
        return 0
    width, _, height = args.size.partition("x")
    size = (int(width), int(height))
    out: Path = base
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    os.environ["BOARD_ARCADE_HOME"] = tempfile.mkdtemp(prefix="board-arcade-shots-")
    sys.path.insert(0, str(ROOT))

    import pygame

    from game import lang
    from game.rules.core import Outcome, Termination
    from game.rules.catalogue import new_state
    from game.match.record import Match, Player
    from game.match.startup import load_config_and_bots
    from game.ui.app import App
    from game.store.userdata import Stats, save_stats, saves_dir

    stats = Stats()
    human, master, hard, easy = Player.human(), Player.of_bot("Master"), Player.of_bot("Hard"), Player.of_bot("Easy")
    sample = [([human, master], (1,), 5), ([human, master], (), 3), ([human, hard], (0,), 2), ([human, hard], (), 4),
              ([human, hard], (1,), 1), ([human, easy], (0,), 7), ([human, easy], (1,), 1), ([hard, master], (), 12)]
    for players, winners, times in sample:
        for _ in range(times):
            stats.record("tictactoe", players, Outcome(winners, "sample", termination=Termination.LINE))
    save_stats(stats)

    out.mkdir(parents=True, exist_ok=True)
    lang.set_override(args.lang or lang.ENGLISH)      # not the machine's language: the pictures are the README's
    config, registry = load_config_and_bots()
    app = App(size, config=config, registry=registry, warm_up=False)

    def run(frames: int) -> None:
        for _ in range(frames):
            app.frame(STEP)

    scenes = app.services.scenes

    def settle() -> None:
        while scenes.transitioning:
            app.frame(STEP)
        run(2)

    def open_match(match: Match):
        """The play screen of ``match``, as loading it from a file shows it."""
        scenes.go("play", match=match, animate=False)
        settle()
        return scenes.top

    def shot(name: str) -> None:
        path = out / f"{name}.png"
        pygame.image.save(app.services.window.screen, str(path))
        print(f"wrote {path}")

    try:
        run(70)
        shot("title")
        scenes.top.widget("play").activate()
        settle()
        run(20)
        shot("games")
        scenes.top.widget("game:tictactoe").activate()
        settle()
        scenes.top.select(1, "Master")
        run(20)
        shot("setup")

        state = new_state("tictactoe")
        for word in ("b2", "a3", "c1"):
            state.push(state.parse_move(word))
        open_match(Match(state, [human, master]))
        run(12)
        shot("play")

        state = new_state("tictactoe")
        for word in ("a1", "b2", "c1", "b1", "a3", "b3"):    # Master's b3 wins
            state.push(state.parse_move(word))
        open_match(Match(state, [human, master]))
        run(150)
        shot("result")

        app.services.settings.update(bot_delay=0.2)
        play = open_match(Match(new_state("tictactoe"), [hard, master]))
        while len(play.match.records) < 5:
            app.frame(STEP)
        play.toggle_pause()
        run(20)
        shot("autoplay")
        app.services.settings.update(bot_delay=0.6)

        scenes.rebuild(1, [], animate=False)
        scenes.top.widget("settings").activate()
        settle()
        run(10)
        shot("settings")
        scenes.pop(animate=False)
        scenes.top.widget("stats").activate()
        settle()
        run(10)
        shot("stats")

        scenes.pop(animate=False)
        state = new_state("tictactoe")
        for word in ("b2", "a3"):
            state.push(state.parse_move(word))
        open_match(Match(state, [human, Player.human()]))
        scenes.top.ask_hint()
        while scenes.top.hint_pending:
            app.frame(STEP)
        run(20)
        shot("hint")
        write_sample_saves(saves_dir())
        scenes.top.ask_save()
        run(20)
        shot("save-dialog")
        dialog = app.services.dialogs.current
        dialog.field.set_text("tictactoe-evening.txt")
        dialog.take()                       # a save of that name is there: asked first
        run(20)
        shot("save-replace")
        app.services.dialogs.current.confirm()
        run(40)
        shot("toast")                       # "Saved to ...", inside the side panel

        scenes.top.ask_load()
        settle()
        scenes.top.list.select(1)
        run(20)
        shot("load")
        scenes.top.browse()
        run(20)
        shot("open-dialog")
        app.services.dialogs.close()
        scenes.top.list.select(2)
        scenes.top.load_selected()          # the damaged file: why it cannot be loaded
        run(20)
        from game.lang import _
        app.services.dialogs.message(_("Could not load the game"), scenes.top.selected_game.problem)
        run(20)
        shot("message-dialog")
        app.services.dialogs.close()

        scenes.rebuild(1, [], animate=False)
        connect4_shots(app, run, open_match, shot)
        chinesecheckers_shots(app, run, settle, open_match, shot)
        reversi_shots(app, run, open_match, shot)
        gomoku_shots(app, run, open_match, shot)
        review_shots(app, shot)
        network_shots(app, out)
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
