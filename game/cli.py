"""Board Arcade's command line.

    python main.py                                  the arcade (window)
    python main.py play GAME [--load FILE]          straight to a game
    python main.py arena GAME --a X --b Y [--games N] [--openings K | --openings-file FILE] [--seed S]
                         [--concurrency N] [--sprt elo0=0 elo1=5 ...] [--records DIR] [--options k=v ...]
                         [--c Z ... --gauntlet | --round-robin [--anchor SIDE --anchor-elo ELO]]
    python main.py bots                             every bot, tier and load problem
    python main.py analyse GAME "MOVES"             the hint tier's value of every move
    python main.py serve (--game GAME | --load FILE) --seats remote,Master [--port N] [--name NAME]
                                                    host a game on the LAN, no window
    python main.py engine GAME [--tier TIER]        a tier's bot as an engine of the game's standard
                                                    protocol on stdin/stdout (Gomoku: Gomocup;
                                                    Reversi: NBoard)

GAME is a game id, or a game with options as save files write it:
``connect4(rows=5,cols=5)`` (a ``GameSpec``); ``--options k=v`` gives them
the other way. Only the window commands import pygame (lazily); the others
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
"""
from __future__ import annotations

import argparse
import logging
import math
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from game.paths import BOTS_DIR, CONFIG_PATH

if TYPE_CHECKING:
    from game.rules.bot import MoveValue

USAGE_ERROR, BOT_FAILED = 2, 1
#: The exit status when a file could not be written (an I/O error: ``EX_IOERR`` of sysexits.h).
WRITE_FAILED = 74
#: The exit status after Ctrl+C (128 + SIGINT, as shells report it).
INTERRUPTED = 130
#: The program's name in usage and error messages: the installed command's.
PROG = "board-arcade"
#: Moves not valued are named up to this many (a Gomoku board has 200 points nobody searched).
UNKNOWN_LISTED = 24
_BOARD_WORD = re.compile(r"^-[-XOxo.*]{15,}$")
#: Seconds the arena waits for the workers' fork server before it starts games (spawning, as
#: before, if it is not ready by then; a server that failed to start is waited for no longer).
FORK_SERVER_WAIT = 15.0
GAME_HELP = "game id, or a game with options, e.g. tictactoe or 'connect4(rows=5,cols=5)'"


class CliError(Exception):
    """Bad input on the command line; the message is shown as is."""


def build_parser(prog: str = PROG) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=prog, description="Board Arcade: classic board games against bots of every strength.")
    parser.add_argument("--config", metavar="FILE",
                        help="your settings file, read over the shipped one (default: config.yaml in your settings "
                             f"folder if you made one; `bots` says where); the shipped one is {CONFIG_PATH}")
    parser.add_argument("--bots-dir", metavar="DIR", help=f"folder of bot files (default: {BOTS_DIR})")
    parser.set_defaults(prog=prog)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="open the arcade straight into a game")
    play.add_argument("game", help=GAME_HELP)
    play.add_argument("--load", metavar="FILE", help="continue a saved game")

    arena = commands.add_parser("arena", help="bot against bot, no window, with a results table")
    arena.add_argument("game", help=GAME_HELP)
    for side in "abcdef":
        arena.add_argument(f"--{side}", metavar="BOT", required=side in "ab",
                           help=f"side {side.upper()}: a tier name or a bot class name"
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
                       help="games played at once, each with its own bot workers (default: the number of cores)")
    arena.add_argument("--sprt", nargs="+", metavar="NAME=VALUE",
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
    arena.add_argument("--anchor", metavar="SIDE|BOT",
                       help="the bot whose rating is fixed in the ratings table: a side letter or its bot "
                            "(default: side A)")
    arena.add_argument("--anchor-elo", type=float, default=0.0, metavar="ELO",
                       help="the anchor's rating (default 0)")
    arena.add_argument("--seed", type=int, help="seed the bots and the openings for a repeatable run")
    arena.add_argument("--budget", type=float, metavar="SECONDS", help="time budget per move (default: config)")
    arena.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE", help="game options")

    commands.add_parser("bots", help="list every bot, each game's tiers, and any problem loading them")
    commands.add_parser("warmup", help="compile every bot's engine now, with a line per engine (the set-up "
                                       "step: the first game then starts at once)")

    analyse = commands.add_parser("analyse", help="value every legal move of a position")
    analyse.add_argument("game", help=GAME_HELP)
    analyse.add_argument("moves", nargs="*", default=[],
                         help='moves played so far, e.g. "b2 a3", or (Reversi) a position: its 64 squares '
                              'a1..h8 (X, O, -) and the side to move, then any moves')
    analyse.add_argument("--bot", metavar="BOT", help="tier or bot to ask (default: the game's hint tier)")
    analyse.add_argument("--budget", type=float, metavar="SECONDS",
                         help="thinking time (default: config's hint_time)")
    analyse.add_argument("--options", nargs="*", default=[], metavar="NAME=VALUE", help="game options")

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
    serve.add_argument("--after-limit", default="end", metavar="BOT|end",
                       help="when a dropped player does not come back within net.reconnect_seconds: a tier or "
                            "bot that takes the seat over, or 'end' to end the game (default)")
    what.add_argument("--load", metavar="FILE", help="go on with a saved game instead (its players are --seats)")

    engine = commands.add_parser("engine", help="play a tier's bot as an engine of the game's standard protocol on "
                                                "standard input and output, for other programs (Gomoku: Gomocup; Reversi: NBoard)")
    engine.add_argument("game", help="the game: gomoku (the Gomocup protocol) or reversi (NBoard); docs/engines.md tells more")
    engine.add_argument("--tier", metavar="TIER", help="the tier or bot that plays (default: the game's strongest "
                                                       "tier)")
    return parser


def main(argv: Sequence[str] | None = None, prog: str = PROG) -> int:
    """Run one command; returns the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    # A board written square by square may start with '-' (an empty a1): argparse would take
    # it for an option, unless it holds a space, which read() strips again.
    argv = [word + " " if _BOARD_WORD.match(word) else word for word in argv]
    args = build_parser(prog).parse_args(argv)
    args.argv = [prog, *argv]
    logging.basicConfig(level=logging.ERROR)  # the commands report load problems themselves
    try:
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
        return analyse_position(args)
    except CliError as err:
        print(f"{prog}: error: {err}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"{prog}: stopped (Ctrl+C)", file=sys.stderr)
        return INTERRUPTED


# -- commands ---------------------------------------------------------------------
def run_window(args: argparse.Namespace) -> int:
    game_id = load_path = None
    options: dict = {}
    if args.command == "play":
        spec = game_spec(args.game)
        game_id, options = spec.game_id, dict(spec.options)
        if args.load is not None:
            if not Path(args.load).is_file():
                raise CliError(f"no saved game at {args.load}")
            load_path = args.load
    if args.config is not None and not Path(args.config).is_file():
        raise CliError(f"no settings file at {args.config}")
    try:
        from game.ui.app import run
    except ImportError as err:
        print(f"{args.prog}: cannot open the window: {err}", file=sys.stderr)
        return BOT_FAILED
    return run(game_id, load_path, options, config_path=args.config, bots_dir=args.bots_dir)


def usable_cores() -> int:
    """The cores this process may run on: ``--concurrency``'s default."""
    import os

    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:   # not on every platform
        return os.cpu_count() or 1


def run_arena_command(args: argparse.Namespace) -> int:
    from game.match.arena import read_openings
    from game.match.elo import Sprt
    from game.match.runner import prepare_workers
    from game.match.supervisor import fork_server_ready

    spec = game_spec(args.game, args.options)
    game_id = spec.game_id
    if args.games < 1:
        raise CliError(f"--games must be at least 1, got {args.games}")
    if args.openings < 0:
        raise CliError(f"--openings must be a number of random moves, 0 or more, got {args.openings}")
    if args.openings and args.openings_file:
        raise CliError("--openings and --openings-file are two ways to choose openings: give one")
    concurrency = usable_cores() if args.concurrency is None else args.concurrency
    if concurrency < 1:
        raise CliError(f"--concurrency must be at least 1, got {concurrency}")
    check_budget(args.budget)
    try:
        sprt = None if args.sprt is None else Sprt.parse(args.sprt)
    except ValueError as err:
        raise CliError(str(err)) from None
    opening_list = []
    if args.openings_file:
        try:
            lines = Path(args.openings_file).read_text(encoding="utf-8").splitlines()
            opening_list = read_openings(game_id, dict(spec.options), lines, source=args.openings_file)
        except (OSError, UnicodeDecodeError) as err:
            raise CliError(f"{args.openings_file}: cannot be read ({getattr(err, 'strerror', None) or err})") from None
        except ValueError as err:
            raise CliError(str(err)) from None
    config, registry = load_setup(args)
    warn_problems(config, registry)
    choices = [c for c in (args.a, args.b, args.c, args.d, args.e, args.f) if c is not None]
    specs = [bot_spec(config, registry, game_id, choice, args.budget) for choice in choices]
    seats = spec.new_state().num_seats
    if args.gauntlet or args.round_robin:
        if seats != 2:
            raise CliError("--gauntlet and --round-robin pair bots in games of two seats")
        if len(specs) < 3 and args.gauntlet or len(specs) < 2:
            raise CliError("--gauntlet needs side A and at least two others (--b, --c...); "
                           "--round-robin at least two sides")
    elif len(specs) != seats:
        raise CliError(f"{spec.rules.title} seats {seats} players; got {len(specs)} bots"
                       + (" (for more, use --gauntlet or --round-robin)" if seats == 2 else ""))
    if sprt is not None and (len(specs) != 2 or args.gauntlet or args.round_robin):
        raise CliError("--sprt compares side A with side B in a game of two seats, one pairing")
    prepare_workers()   # every slot's workers fork from one process that has imported numpy and numba once
    fork_server_ready(timeout=FORK_SERVER_WAIT)
    run = ArenaRun(args, spec, concurrency, sprt, opening_list)
    if args.gauntlet or args.round_robin:
        return run.rate(specs)
    run.play(specs, Path(args.records) if args.records else None)
    return run.status


class ArenaRun:
    """The games of an ``arena`` command: one pairing (or one table of more seats) played
    with the command's settings, its tally shown and its records kept; or many, rated."""

    def __init__(self, args: argparse.Namespace, spec, concurrency: int, sprt, opening_list) -> None:
        self.args, self.spec, self.concurrency, self.sprt, self.opening_list = args, spec, concurrency, sprt, opening_list
        self.status = 0

    def play(self, specs: Sequence, records: Path | None):
        """Play the command's games between ``specs``, one per seat; print the table and figures."""
        from game.match.arena import run_arena
        from game.match.elo import pentanomial

        args, sprt = self.args, self.sprt
        progress = ArenaProgress(args.games, two_sides=len(specs) == 2)
        written: list[str] = []

        def after_game(result) -> bool:
            """Save the game just counted, show the tally, and say whether the SPRT has decided."""
            if records is not None:
                from game.store.arenarecords import write_game

                try:
                    write_game(records, len(result.lengths) - 1, result.matches[-1])
                except OSError as err:
                    written.append(f"game {len(result.lengths)} could not be written in {records} "
                                   f"(an I/O error: {err.strerror or err})")
            progress.update(result)
            return (sprt is not None and len(result.lengths) % 2 == 0
                    and sprt.verdict(sprt.llr(pentanomial(result.scores(0)))) is not None)

        try:
            with progress:
                result = run_arena(self.spec.game_id, specs, args.games, options=dict(self.spec.options),
                                   seed=args.seed, openings=args.openings, opening_list=self.opening_list,
                                   concurrency=self.concurrency, stop=after_game,
                                   keep_matches=records is not None)
        except ValueError as err:
            raise CliError(str(err)) from None
        print(result.table())
        print(result.figures_text(sprt))
        if result.games < args.games:
            print(f"Stopped after {result.games} of {args.games} games: the SPRT reached its verdict.")
        for problem in written:
            print(f"{args.prog}: {problem}", file=sys.stderr)
        if written:
            self.status = WRITE_FAILED
        if records is not None:
            self._keep(records, specs, result)
        return result

    def config_words(self) -> dict:
        """The run's settings, as the summary keeps them."""
        args = self.args
        return {"game": str(self.spec), "games": args.games, "seed": args.seed, "openings": args.openings,
                "openings_file": args.openings_file, "budget": args.budget, "concurrency": self.concurrency,
                "sprt": None if self.sprt is None else args.sprt, "gauntlet": args.gauntlet,
                "round_robin": args.round_robin, "anchor": args.anchor, "anchor_elo": args.anchor_elo}

    def _keep(self, records: Path, specs: Sequence, result) -> None:
        from game.store.arenarecords import write_pgn, write_summary

        args = self.args
        config_words = {**self.config_words(), "played": result.games}
        sides = [{"side": s.name, "bot": s.label, "wins": s.wins, "draws": s.draws, "losses": s.losses,
                  "failures": s.failures, "mean_move_seconds": s.mean_time, "max_move_seconds": s.max_time,
                  "mean_place": s.mean_place} for s in result.sides]
        try:
            path = write_summary(records, argv=args.argv, config=config_words, specs=specs,
                                 figures=result.figures(self.sprt), results=sides)
            if len(result.sides) == 2:
                write_pgn(records, result)
        except OSError as err:
            print(f"{args.prog}: the summary could not be written in {records} (an I/O error: "
                  f"{err.strerror or err})", file=sys.stderr)
            self.status = WRITE_FAILED
            return
        print(f"Games and summary saved in {path.parent}")

    def rate(self, specs: Sequence) -> int:
        """Play every pairing of the gauntlet (A against each other side) or round robin
        (every pair), then print the maximum-likelihood ratings of all the games."""
        import string

        from game.match.ratings import PairResult, ml_ratings, ratings_table

        args = self.args
        letters = string.ascii_uppercase
        names = [f"{letters[i]} {s.label}" for i, s in enumerate(specs)]
        anchor = self._anchor(specs, names)
        pairings = ([(0, other) for other in range(1, len(specs))] if args.gauntlet
                    else [(i, j) for i in range(len(specs)) for j in range(i + 1, len(specs))])
        results = []
        for first, second in pairings:
            print(f"\n== {names[first]} against {names[second]}")
            records = Path(args.records) / f"{letters[first]}-{letters[second]}" if args.records else None
            played = self.play([specs[first], specs[second]], records)
            results.append(PairResult(first, second, played.games, sum(played.scores(0))))
        try:
            ratings = ml_ratings(names, results, anchor=anchor, anchor_elo=args.anchor_elo)
        except ValueError as err:
            raise CliError(str(err)) from None
        print(f"\nRatings from all {sum(r.games for r in results)} games (maximum likelihood, logistic Elo, "
              f"anchored at {names[anchor]} = {args.anchor_elo:g}):")
        print(ratings_table(ratings, names[anchor]))
        if args.records:
            from dataclasses import asdict

            from game.store.arenarecords import write_summary

            pairings_words = [{"first": names[r.first], "second": names[r.second], "games": r.games,
                               "first_points": r.points, "records": f"{letters[r.first]}-{letters[r.second]}"}
                              for r in results]
            figures = {"ratings": [asdict(rating) for rating in ratings], "anchor": names[anchor]}
            try:
                write_summary(Path(args.records), argv=args.argv, config=self.config_words(), specs=specs,
                              figures=figures, results=pairings_words)
            except OSError as err:
                print(f"{args.prog}: the summary could not be written in {args.records} (an I/O error: "
                      f"{err.strerror or err})", file=sys.stderr)
                return WRITE_FAILED
        return self.status

    def _anchor(self, specs: Sequence, names: Sequence[str]) -> int:
        """The side ``--anchor`` names (its letter, or the bot as given or labelled); A by default."""
        choices = [c for c in (self.args.a, self.args.b, self.args.c, self.args.d, self.args.e, self.args.f) if c]
        wanted = (self.args.anchor or "A").casefold()
        for i, spec in enumerate(specs):
            if wanted in (names[i][0].casefold(), choices[i].casefold(), spec.label.casefold(), spec.key.casefold()):
                return i
        raise CliError(f"--anchor {self.args.anchor!r} is none of the sides: {', '.join(names)}")


class ArenaProgress:
    """The arena's live progress line (tqdm, on standard error): games done of the total,
    W/D/L of side A, its Elo so far and the time left. Quiet unless standard output and
    standard error are both a terminal, so piped or saved results stay clean."""

    def __init__(self, total: int, two_sides: bool) -> None:
        self.total = total
        self.two_sides = two_sides
        self.bar = None

    def __enter__(self) -> "ArenaProgress":
        from tqdm import tqdm

        quiet = not (sys.stdout.isatty() and sys.stderr.isatty())
        self.bar = tqdm(total=self.total, unit="game", disable=quiet, dynamic_ncols=True, leave=False)
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.close()

    def update(self, result) -> None:
        """Show the tally after the game just counted."""
        self.bar.update(len(result.lengths) - self.bar.n)
        if self.two_sides:
            from game.match.elo import elo_of_pairs, pentanomial

            a = result.sides[0]
            elo = elo_of_pairs(pentanomial(result.scores(0)))
            words = f"W/D/L {a.wins}/{a.draws}/{a.losses}"
            if elo is not None and math.isfinite(elo.elo):
                words += f", Elo {elo.elo:+.0f} ± {elo.error:.0f}"
            self.bar.set_postfix_str(words, refresh=False)


def warm_up_engines(args: argparse.Namespace) -> int:
    """Compile (or load from numba's cache) every engine, printing a line as each is ready;
    BOT_FAILED if one could not be prepared (the arcade still runs: that bot compiles when it plays)."""
    from game.match.warmup import EngineWarmUp, warm_up_jobs

    config, registry = load_setup(args)
    jobs = warm_up_jobs(registry, config)
    print(f"Preparing {len(jobs)} game engines (numba compiles them once; later launches load them):", flush=True)
    begun = time.monotonic()
    with EngineWarmUp(jobs) as warmup:
        announced: set[str] = set()
        while warmup.running:
            progress = warmup.wait(0.2)
            for key, seconds in warmup.seconds.items():
                if key in announced:
                    continue
                announced.add(key)
                how = "compiled" if key in warmup.compiled else "loaded from the cache"
                error = warmup.outcomes.get(key)
                line = f"FAILED: {error}" if error else f"{how} in {seconds:.1f} s"
                print(f"  [{len(announced)}/{len(jobs)}] {warmup.jobs[key].label}: {line}", flush=True)
            if progress.finished and warmup.running and "later" not in announced:
                announced.add("later")
                print("  and, last, the parts that only later moves need…", flush=True)
    failures = progress.failures
    print(f"{len(jobs) - len(failures)} of {len(jobs)} engines ready in {time.monotonic() - begun:.1f} s.")
    return BOT_FAILED if failures else 0


def list_bots(args: argparse.Namespace) -> int:
    from game.rules.bot import ALL_GAMES
    from game.rules.catalogue import game_class, game_ids

    from game.paths import user_config_path

    config, registry = load_setup(args)
    config.validate(registry)
    own = user_config_path()
    if config.path.resolve() == CONFIG_PATH.resolve():
        print(f"Settings: {config.path} (the shipped ones; to change them, copy it to {own} and edit that)")
    else:
        print(f"Settings: {config.path}, over the shipped {CONFIG_PATH}")
    print(f"Bots in {registry.directory}:")
    for key, info in sorted(registry.bots.items()):
        games = "every game" if set(ALL_GAMES) <= set(info.games) else ", ".join(info.games)
        print(f"  {key} ({info.name}) plays {games}: {info.source}")
        if info.description:
            print(f"      {info.description}")
    if not registry.bots:
        print("  none")
    for game_id in game_ids():
        game = config.game(game_id)
        print()
        print(f"{game_class(game_id).title} ({game_id}): time budget {game.time_budget:g} s per move, "
              f"hints from {game.hint_tier or 'no tier'}")
        width = max((len(t.name) for t in game.tiers), default=0)
        for tier in game.tiers:
            params = ", ".join(f"{k}={v!r}" for k, v in tier.params.items())
            what = f"engine {tier.engine.name}" if tier.engine else tier.bot + (f" ({params})" if params else "")
            print(f"  {tier.name.ljust(width)}  {what}")
        for engine in game.engines:
            seconds = game.time_budget if engine.time is None else engine.time
            print(f"  engine {engine.name}: {engine.description}, {seconds:g} s per move"
                  + (f", in {engine.cwd}" if engine.cwd else ""))
        tiered = {t.bot for t in game.tiers}
        others = [i for i in registry.for_game(game_id) if i.key not in tiered]
        if others:
            print("  also in the seat menus: " + ", ".join(f"{i.name} ({i.key})" for i in others))
    if any(config.game(game_id).engines for game_id in game_ids()):
        from game.paths import engine_log_folder

        print()
        print(f"External engines write their protocol lines and error output to {engine_log_folder()}")
    if config.problems:
        print()
        print(f"Problems in {config.path}:")
        for problem in config.problems:
            print(f"  {problem}")
    if registry.problems:
        print()
        print("Bot files that failed to load:")
        for problem in registry.problems:
            print(f"  {problem}")
    return 0


def value_words(value: MoveValue) -> str:
    """One move's value as ``analyse`` lists it: its words, then whether they are proven."""
    if not value.exact:
        return value.text if "estimate" in value.text else f"{value.text} (estimate)"
    return value.text if "exact" in value.text else f"{value.text} (proven)"


def analyse_position(args: argparse.Namespace) -> int:
    from game.rules.bot import position_value, ranked_moves
    from game.rules.core import BadNotation
    from game.match.runner import ANALYSE, BotRunner

    spec = game_spec(args.game, args.options)
    game_id = spec.game_id
    check_budget(args.budget)
    text = " ".join(args.moves)
    try:
        state = spec.rules.read(text, **dict(spec.options))
    except BadNotation as err:
        raise CliError(f"{spec} {text!r}: {err}") from None
    config, registry = load_setup(args)
    warn_problems(config, registry)
    moves = state.to_text()
    start = f"from {state.start_text}" if state.start_text else "from the start"
    print(f"{state.title} {start}{', after ' + moves if moves else ''}:")
    print(state)
    print()
    outcome = state.outcome()
    if outcome is not None:
        winners = ", ".join(state.seat_name(s) for s in outcome.winners)
        print(f"The game is over: {winners + ' wins' if winners else 'draw'} ({outcome.reason}).")
        return 0
    choice = args.bot or config.game(game_id).hint_tier
    if not choice:
        raise CliError(f"no tier of {game_id} can give hints; name a bot with --bot "
                       f"(choices: {', '.join(config.choice_names(game_id, registry)) or 'none'})")
    budget = config.game(game_id).hint_seconds if args.budget is None else args.budget
    spec = bot_spec(config, registry, game_id, choice, budget)
    with BotRunner(spec) as runner:
        runner.request(state, ANALYSE)
        reply = runner.wait()
    if reply.failure is not None:
        print(f"{args.prog}: {reply.failure}", file=sys.stderr)
        return BOT_FAILED
    if not reply.values:
        print(f"{args.prog}: {spec.who} does not value moves; try another with --bot", file=sys.stderr)
        return BOT_FAILED
    legal = state.legal_moves()
    print(f"{spec.who}, values of {state.seat_name(state.turn)}'s moves, best first:")
    names = {move: state.move_to_str(move) for move in legal}
    width = max(len(n) for n in names.values())
    ranked = ranked_moves(reply.values, legal)
    unknown = [names[move] for move, value in ranked if value is None]
    for move, value in ranked:
        if value is not None:
            print(f"  {names[move].ljust(width)}  {value_words(value)}")
        elif names[move] == unknown[0]:   # unknown moves rank together: one line in their place
            listed = " ".join(unknown) if len(unknown) <= UNKNOWN_LISTED else (
                f"{' '.join(unknown[:UNKNOWN_LISTED])} and {len(unknown) - UNKNOWN_LISTED} more")
            print(f"  unknown, not valued: {listed}")
    verdict = position_value(reply.values, legal)
    print(f"Value of the position for {state.seat_name(state.turn)}{', proven' if verdict.proven else ''}: "
          f"{verdict.text}")
    return 0


def serve_game(args: argparse.Namespace) -> int:
    """Host a game headless until Ctrl+C (or SIGTERM); the game, if a move was played, is then
    saved (its path printed), a finished one with its result (a resignation, an agreed draw)."""
    import asyncio
    import contextlib
    import signal

    from game.net.server import GameServer, NetError, SeatPlan
    from game.store.savefile import SaveFileError, default_save_path, load_match
    from game.store.userdata import saves_dir

    if args.load is not None:
        try:
            loaded = load_match(args.load)
        except SaveFileError as err:
            raise CliError(str(err)) from None
        if (over := loaded.outcome()) is not None:
            raise CliError(f"{args.load}: that game is over ({over.reason}); host a new one with --game")
        state = loaded.state
        game_id = state.game_id
    else:
        state = game_spec(args.game).new_state()
        game_id = state.game_id
    words = [word.strip() for word in args.seats.split(",")]
    if len(words) != state.num_seats or not all(words):
        raise CliError(f"--seats names {len(words)} seats; {state.title} here seats {state.num_seats} "
                       f"(one entry each: remote, or a tier or bot name)")
    seats = [SeatPlan.remote() if word.casefold() == "remote" else SeatPlan.bot(word) for word in words]
    config, registry = load_setup(args)    # a resigner's stand-in needs the bots even when every seat is remote
    warn_problems(config, registry)
    port = config.net.port if args.port is None else args.port
    if not 0 <= port <= 65535:
        raise CliError(f"--port must be from 0 to 65535, got {port}")
    tiers = [plan.tier for plan in seats if plan.tier] + ([args.after_limit] if args.after_limit != "end" else [])
    for tier in tiers:
        bot_spec(config, registry, game_id, tier, None)

    def resolve(tier: str):
        """How to run ``tier``; ``BotChoiceError`` (a ``ValueError``) when it cannot play here."""
        return config.bot_spec(game_id, tier, registry)

    server = GameServer(state, seats, host=args.host or config.net.bind, port=port, limits=config.net,
                        log=lambda line: print(line, flush=True), name=args.name, bot_spec=resolve,
                        after_limit=args.after_limit, game_config=config.game(game_id))
    async def serve() -> None:
        with contextlib.suppress(NotImplementedError, RuntimeError):   # no such signal handling on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, server.stop)
        await server.serve()

    try:
        asyncio.run(serve())
    except NetError as err:
        raise CliError(str(err)) from None
    except KeyboardInterrupt:
        print("Stopping (Ctrl+C)", flush=True)
    if not server.state.move_stack:
        return 0
    which = "finished game" if server.is_over else "game in progress"
    path = default_save_path(game_id, saves_dir())
    try:
        server.save(path)
    except OSError as err:
        print(f"{args.prog}: the {which} could not be saved in {path} (an I/O error: {err.strerror or err})",
              file=sys.stderr)
        return WRITE_FAILED
    print(f"The {which} is saved in {path}", flush=True)
    return 0


def run_engine(args: argparse.Namespace) -> int:
    """Serve the game's engine protocol on this process's standard input and output.

    The protocol owns standard output: it gets a private copy of the output
    descriptor, and the descriptor itself (and ``sys.stdout``) goes to standard
    error, so nothing a bot or a library prints can corrupt the protocol."""
    import io
    import os

    from game.engines import SERVERS, server_for

    module = server_for(args.game)
    if module is None:
        games = ", ".join(f"{game} ({name})" for name, server in SERVERS.items() for game in server.GAMES)
        raise CliError(f"no engine protocol plays {args.game!r}; engines: {games}")
    config, registry = load_setup(args)
    warn_problems(config, registry)
    tiers = config.game(args.game).tiers
    tier = args.tier or (tiers[-1].name if tiers else "")
    bot_spec(config, registry, args.game, tier, None)
    sys.stdout.flush()
    protocol_out = io.TextIOWrapper(os.fdopen(os.dup(sys.stdout.fileno()), "wb"), encoding="utf-8",
                                    errors="replace", newline="\n", line_buffering=True)
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    sys.stdout = sys.stderr
    protocol_in = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    try:
        return module.serve(args.game, tier, config, registry, protocol_in, protocol_out)
    finally:
        try:
            protocol_out.flush()
        except OSError:
            pass


# -- shared -------------------------------------------------------------------------
def game_spec(text: str, pairs: Sequence[str] = ()):
    """The game a command names: a game id or spec text (``'connect4(rows=5)'``),
    with the ``--options`` pairs, if any; ``CliError`` names what is wrong."""
    from game.rules.core import BadNotation
    from game.rules.catalogue import GameSpec

    try:
        return GameSpec.parse(text, pairs)
    except BadNotation as err:
        raise CliError(str(err)) from None


def check_budget(budget: float | None) -> None:
    """``CliError`` unless ``budget`` is None or seconds within the config's range."""
    from game.match.config import MAX_TIME_BUDGET, MIN_TIME_BUDGET

    if budget is not None and not (math.isfinite(budget) and MIN_TIME_BUDGET <= budget <= MAX_TIME_BUDGET):
        raise CliError(f"--budget must be seconds per move from {MIN_TIME_BUDGET:g} to {MAX_TIME_BUDGET:g}, "
                       f"got {budget:g}")


def load_setup(args: argparse.Namespace):
    """The config and the bots, from the command line's --config and --bots-dir
    (each tier's bot is built once with its parameters to check them)."""
    from game.match.startup import load_config_and_bots

    return load_config_and_bots(args.config, args.bots_dir)


def bot_spec(config, registry, game_id: str, choice: str, budget: float | None):
    from game.match.config import BotChoiceError

    try:
        return config.bot_spec(game_id, choice, registry, budget=budget)
    except BotChoiceError as err:
        raise CliError(str(err)) from None


def warn_problems(config, registry) -> None:
    """Config and bot-file problems, on stderr so they never mix with results."""
    for problem in config.problems:
        print(f"warning: {problem}", file=sys.stderr)
    for problem in registry.problems:
        print(f"warning: {problem}", file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
