"""Board Arcade's command line.

    python main.py                                  the arcade (window)
    python main.py play GAME [--load FILE]          straight to a game
    python main.py arena GAME --a X --b Y [--games N] [--openings K | --openings-file FILE] [--seed S]
                         [--concurrency N] [--ray ADDRESS] [--sprt elo0=0 elo1=5 ...] [--records DIR] [--options k=v ...]
                         [--c Z ... --gauntlet | --round-robin [--anchor SIDE --anchor-elo ELO]]
    python main.py bots                             every bot, tier and load problem
    python main.py analyse GAME "MOVES"             the hint tier's value of every move
    python main.py review FILE [--budget SECONDS]   a saved game reviewed move by move
    python main.py serve (--game GAME | --load FILE) --seats remote,Master [--port N] [--name NAME]
                                                    host a game on the LAN, no window
    python main.py --install-desktop-entry          a launcher in the desktop's menu (Linux)
    python main.py engine GAME [--tier TIER]        a tier's bot as an engine of the game's standard
                                                    protocol on stdin/stdout (Gomoku: Gomocup;
                                                    Reversi: NBoard)

GAME is a game id, or a game with options as save files write it:
``connect4(rows=5,cols=5)`` (a ``GameSpec``); ``--options k=v`` gives them
the other way. Options go anywhere on a command's line, before, between or
after its words (``analyse reversi --budget 10 f5d6``), ``--config`` and
``--bots-dir`` too; a list of ``NAME=VALUE`` words (``--options``, ``--sprt``)
ends at the first word that is not one (``analyse connect4 --options rows=5 4453``). Only the window commands import pygame (lazily); the others
start quickly and run anywhere. Bad input (an unknown game or option, an
illegal move, an unknown bot) prints one clear line and exits with status 2.
A file the command cannot write (arena records, a served game's save) is
one line and status 74, the results printed before it standing.
Ctrl+C stops any command with one line and status 130, never a traceback:
the window keeps the game in progress for Resume and writes the settings and
statistics first (``game/ui/app.py``), and a bot's worker ignores Ctrl+C and
is stopped by the command it works for.

The installed program's ``board-arcade`` command runs ``main`` here, and so
does ``main.py`` in a source checkout (with ``main.py`` as the program name).
Each command is a module of this package (``window``, ``arena``, ``warmup``,
``bots``, ``analyse``, ``review``, ``serve``, ``engine``, ``desktop``), on the helpers of ``common``.
"""
from __future__ import annotations

import argparse
import logging
import re
import sys
from typing import Sequence

from game.cli.analyse import analyse_position
from game.cli.arena import run_arena_command
from game.cli.bots import list_bots
from game.cli.common import BOT_FAILED, INTERRUPTED, USAGE_ERROR, WRITE_FAILED, CliError
from game.cli.desktop import install_desktop_entry
from game.cli.engine import run_engine
from game.cli.review import add_parser as add_review_parser, review_game
from game.cli.serve import serve_game
from game.cli.warmup import warm_up_engines
from game.cli.window import run_window
from game.paths import BOTS_DIR, CONFIG_PATH

__all__ = ["BOT_FAILED", "INTERRUPTED", "PROG", "USAGE_ERROR", "WRITE_FAILED", "CliError", "CommandParser",
           "build_parser", "main"]

#: The program's name in usage and error messages: the installed command's.
PROG = "board-arcade"
_BOARD_WORD = re.compile(r"^-[-XOxo.*]{15,}$")
#: The options that take a list of NAME=VALUE words; the list ends at the first other word.
PAIR_LISTS = ("--options", "--sprt")
_PAIR = re.compile(r"^[A-Za-z_][\w.-]*=")
#: The commands that write the player's files (settings, statistics, saves): they start by
#: removing what a copy killed mid-write left there (``userdata.remove_stale_writes``).
WRITE_PLAYER_FILES = (None, "play", "serve")
OPTIONS_HELP = "game options, e.g. --options rows=5 cols=5 (the list ends at the first word without =)"
GAME_HELP = "game id, or a game with options, e.g. tictactoe or 'connect4(rows=5,cols=5)'"


class CommandParser(argparse.ArgumentParser):
    """A command's parser: its options may come before, between or after its positional
    words, as people type them (``analyse reversi --budget 10 f5d6``), which argparse's
    plain parse refuses once a list of words has begun; a list of NAME=VALUE words ends
    at the first other word (``_pairs_joined``)."""

    _intermixing = False

    def parse_known_args(self, args=None, namespace=None):
        if self._intermixing:       # parse_known_intermixed_args parses in two passes through here
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(_pairs_joined(list(args)), namespace)
        finally:
            self._intermixing = False


def _add_where_options(parser: argparse.ArgumentParser, default: object) -> None:
    """``--config`` and ``--bots-dir``, which every command reads: on the program and on each
    command (there with ``SUPPRESS``, so that a value given before the command stands)."""
    parser.add_argument("--config", metavar="FILE", default=default,
                        help="your settings file, read over the shipped one (default: config.yaml in your settings "
                             f"folder if you made one; `bots` says where); the shipped one is {CONFIG_PATH}")
    parser.add_argument("--bots-dir", metavar="DIR", default=default, help=f"folder of bot files (default: {BOTS_DIR})")


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    """The parser of the whole command line: the options every command reads, and one
    sub-parser per command (none: the arcade)."""
    parser = argparse.ArgumentParser(
        prog=prog, description="Board Arcade: classic board games against bots of every strength.")
    _add_where_options(parser, None)
    parser.add_argument("--install-desktop-entry", action="store_true",
                        help="add Board Arcade to your desktop's menu of applications (Linux) and exit")
    parser.add_argument("--lang", metavar="CODE",
                        help="the window's language for this run, such as zh_CN (default: the Settings', "
                             "else the system's); the command line stays English")
    parser.set_defaults(prog=prog)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)

    play = commands.add_parser("play", help="open the arcade straight into a game")
    play.add_argument("game", help=GAME_HELP)
    play.add_argument("--load", metavar="FILE", help="continue a saved game")
    play.add_argument("--clock", metavar="CONTROL",
                      help="the setup screen's time control: minutes (10), minutes+increment seconds (5+3), "
                           "minutes+periods x seconds of byo-yomi (5+3x30), M:SS for seconds (0:05+1), or none")

    arena = commands.add_parser("arena", help="bot against bot, no window, with a results table")
    arena.add_argument("game", help=GAME_HELP)
    for side in "abcdef":
        arena.add_argument(f"--{side}", metavar="BOT",
                           help=f"side {side.upper()}: a tier name or a bot class name"
                                + (" (needed unless --ladder)" if side in "ab" else "")
                                + (" (games of more players, or more sides of --gauntlet and --round-robin)"
                                   if side not in "ab" else ""))
    arena.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    arena.add_argument("--openings", type=int, default=0, metavar="K",
                       help="start each round of games (two games with two players) from the same K random legal "
                            "moves, the seats rotating between its games, so games differ and every side plays "
                            "every seat of every opening (default 0: every game from the start)")
    arena.add_argument("--openings-file", metavar="FILE",
                       help="openings from a file, one a line as a move list in the game's notation, each round "
                            "of games from the next one (from the first again after the last)")
    arena.add_argument("--concurrency", type=int, metavar="N",
                       help="games played at once, each with its own bot workers (default: the number of cores, "
                            "or with --ray the cluster's CPUs)")
    arena.add_argument("--ray", metavar="ADDRESS",
                       help="play the games on the Ray cluster at ADDRESS (host:port of its head, or auto for the "
                            "one started on this machine); needs the cluster extra: pip install .[cluster]")
    arena.add_argument("--sprt", nargs="+", action="extend", metavar="NAME=VALUE",
                       help="stop as soon as a sequential probability ratio test decides, e.g. --sprt elo0=0 elo1=5 "
                            "alpha=0.05 beta=0.05 (model=normalized, the default, or model=logistic Elo); "
                            "--games is then the most it plays")
    arena.add_argument("--records", metavar="DIR",
                       help="save every game in DIR as a save file the arcade opens, and summary.json: the command, "
                            "the settings, the bots' file digests and all the figures")
    pairing = arena.add_mutually_exclusive_group()
    pairing.add_argument("--gauntlet", action="store_true",
                         help="two-seat games: side A plays each other side (--b, --c...), --games each, then a "
                              "ratings table of all the games")
    pairing.add_argument("--round-robin", action="store_true",
                         help="two-seat games: every pair of sides plays --games games, then a ratings table")
    pairing.add_argument("--ladder", action="store_true",
                         help="the game's tiers (config), weakest first, each plays the next --games games; then "
                              "the ladder as Elo with 95%% intervals, anchored at the weakest tier = 1000")
    arena.add_argument("--ladder-file", metavar="PATH",
                       help="with --ladder: put the measured ladder (command, date, load, every figure) into the "
                            "file of measured ladders PATH, keeping the other games'; --ladder-file "
                            "assets/ladder.json refreshes the one the seat menus show")
    arena.add_argument("--anchor", metavar="SIDE|BOT",
                       help="the bot whose rating is fixed in the ratings table: a side letter or its bot "
                            "(default: side A)")
    arena.add_argument("--anchor-elo", type=float, default=0.0, metavar="ELO",
                       help="the anchor's rating (default 0)")
    arena.add_argument("--seed", type=int, help="seed the bots and the openings for a repeatable run")
    arena.add_argument("--budget", type=float, metavar="SECONDS", help="time budget per move (default: config)")
    arena.add_argument("--options", nargs="*", action="extend", default=[], metavar="NAME=VALUE", help=OPTIONS_HELP)

    bots = commands.add_parser("bots", help="list every bot, each game's tiers, and any problem loading them")
    warmup = commands.add_parser("warmup", help="compile every bot's engine now, with a line per engine (the set-up "
                                                "step: the first game then starts at once)")

    analyse = commands.add_parser("analyse", help="value every legal move of a position")
    analyse.add_argument("game", help=GAME_HELP)
    analyse.add_argument("moves", nargs="*", default=[],
                         help='moves played so far, e.g. "b2 a3", or (Reversi) a position: its 64 squares '
                              'a1..h8 (X, O, -) and the side to move, then any moves')
    analyse.add_argument("--bot", metavar="BOT", help="tier or bot to ask (default: the game's hint tier)")
    analyse.add_argument("--budget", type=float, metavar="SECONDS",
                         help="thinking time (default: config's hint_time)")
    analyse.add_argument("--options", nargs="*", action="extend", default=[], metavar="NAME=VALUE",
                         help=OPTIONS_HELP)

    review = add_review_parser(commands)

    serve = commands.add_parser("serve", help="host a game on the network without a window; prints who joins, "
                                              "leaves and plays; Ctrl+C stops it and saves a game in progress")
    what = serve.add_mutually_exclusive_group(required=True)
    what.add_argument("--game", help=GAME_HELP)
    serve.add_argument("--seats", required=True, metavar="SEAT,SEAT,...",
                       help="one entry per seat, in order: 'remote' (a player who joins) or a tier or bot name, "
                            "e.g. remote,remote or remote,Master")
    serve.add_argument("--port", type=int, help="port to listen on (default: config's net.port; 0: any free port)")
    serve.add_argument("--host", metavar="ADDRESS",
                       help="address to listen on (default: config's net.bind, 0.0.0.0: every network of this machine)")
    serve.add_argument("--name", default="Board Arcade server", help="the host's name, as joiners see it")
    serve.add_argument("--clock", metavar="CONTROL",
                       help="a time control the server keeps: minutes (10), minutes+increment seconds (5+3), "
                            "minutes+periods x seconds of byo-yomi (5+3x30), none; with --load, it replaces the saved "
                            "game's clock (each seat's full time); without, a --load'ed game keeps its own")
    serve.add_argument("--after-limit", default="end", metavar="BOT|end",
                       help="when a dropped player does not come back within net.reconnect_seconds: a tier or "
                            "bot that takes the seat over, or 'end' to end the game (default)")
    what.add_argument("--load", metavar="FILE", help="go on with a saved game instead (its players are --seats)")

    engine = commands.add_parser("engine", help="play a tier's bot as an engine of the game's standard protocol on "
                                                "standard input and output, for other programs (Gomoku: Gomocup; Reversi: NBoard)")
    engine.add_argument("game", help="the game: gomoku (the Gomocup protocol) or reversi (NBoard); docs/engines.md tells more")
    engine.add_argument("--tier", metavar="TIER", help="the tier or bot that plays (default: the game's strongest "
                                                       "tier)")
    for command in (play, arena, bots, warmup, analyse, review, serve, engine):
        _add_where_options(command, argparse.SUPPRESS)
    return parser


def _pairs_joined(argv: list[str]) -> list[str]:
    """``argv`` with each NAME=VALUE word of a list option (``PAIR_LISTS``) joined to its option
    (``--options rows=5 4453`` -> ``--options=rows=5 4453``): the list then ends at the first
    word that is not a pair, which stays the command's own."""
    joined: list[str] = []
    option = None
    for number, word in enumerate(argv):
        if word == "--":
            return joined + argv[number:]
        if option is not None and _PAIR.match(word):
            joined.append(f"{option}={word}")
            continue
        option = word if word in PAIR_LISTS else None
        if option is None or number + 1 == len(argv) or not _PAIR.match(argv[number + 1]):
            joined.append(word)
    return joined


def main(argv: Sequence[str] | None = None, prog: str = PROG) -> int:
    """Run one command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # A board written square by square may start with '-' (an empty a1): argparse would take
    # it for an option, unless it holds a space, which read() strips again.
    argv = [word + " " if _BOARD_WORD.match(word) else word for word in argv]
    args = build_parser(prog).parse_args(argv)
    args.argv = [prog, *argv]
    logging.basicConfig(level=logging.ERROR)  # the commands report load problems themselves
    if args.command in WRITE_PLAYER_FILES:
        from game.store.userdata import remove_stale_writes

        remove_stale_writes()
    try:
        if args.install_desktop_entry:
            return install_desktop_entry(args)
        if args.command in (None, "play"):
            return run_window(args)
        if args.command == "arena":
            return run_arena_command(args)
        if args.command == "bots":
            return list_bots(args)
        if args.command == "warmup":
            return warm_up_engines(args)
        if args.command == "serve":
            return serve_game(args)
        if args.command == "engine":
            return run_engine(args)
        if args.command == "review":
            return review_game(args)
        return analyse_position(args)
    except CliError as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"{prog}: stopped (Ctrl+C)", file=sys.stderr)
        return INTERRUPTED
