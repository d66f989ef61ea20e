"""``arena``: bot against bot without a window, one pairing with its live progress, tally and
records, or a gauntlet or round robin rated at the end, or the game's tier ladder; here, or on a Ray
cluster (``--ray``)."""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path
from typing import Sequence

from game.cli.common import WRITE_FAILED, CliError, bot_spec, check_budget, game_spec, load_setup, warn_problems
from game.shown import escaped

#: Seconds the arena waits for the workers' fork server before it starts games (spawning, as
#: before, if it is not ready by then; a server that failed to start is waited for no longer).
FORK_SERVER_WAIT = 15.0


def run_arena_command(args: argparse.Namespace) -> int:
    """Check the whole command line first (``CliError`` names what is wrong), then play its games:
    one pairing, or every pairing of a gauntlet or round robin."""
    from game.match.arena import read_openings
    from game.match.elo import Sprt
    from game.match.pool import RayMissing, connect_ray, import_ray, usable_cores

    spec = game_spec(args.game, args.options)
    game_id = spec.game_id
    if args.games < 1:
        raise CliError(f"--games must be at least 1, got {args.games}")
    if args.openings < 0:
        raise CliError(f"--openings must be a number of random moves, 0 or more, got {args.openings}")
    if args.openings and args.openings_file:
        raise CliError("--openings and --openings-file are two ways to choose openings: give one")
    if args.concurrency is not None and args.concurrency < 1:
        raise CliError(f"--concurrency must be at least 1, got {args.concurrency}")
    if args.ray is not None:
        try:
            import_ray()
        except RayMissing as err:
            raise CliError(str(err)) from None
        concurrency = args.concurrency      # None: as many games at once as the cluster has CPUs
    else:
        concurrency = usable_cores() if args.concurrency is None else args.concurrency
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
    seats = spec.new_state().num_seats
    if args.ladder_file and not args.ladder:
        raise CliError("--ladder-file keeps a ladder: it goes with --ladder")
    if args.ladder_file and spec.options != game_spec(game_id).options:
        raise CliError("--ladder-file keeps the ladders of the games' default rules (the seat menus know no "
                       "other): leave out the rule options")
    if args.ladder:
        return _run_ladder(args, spec, config, registry, concurrency, sprt, opening_list, choices, seats)
    if args.a is None or args.b is None:
        raise CliError("give the two sides with --a and --b (or --ladder for the game's tiers)")
    specs = [bot_spec(config, registry, game_id, choice, args.budget) for choice in choices]
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
    if args.ray is None:
        prepare_and_wait()
    else:
        try:
            connect_ray(args.ray)
        except ConnectionError as err:     # ours (nothing answers there) or Ray's (auto finds no cluster)
            raise CliError(f"--ray {args.ray}: {err}") from None
    run = ArenaRun(args, spec, concurrency, sprt, opening_list)
    if args.gauntlet or args.round_robin:
        return run.rate(specs)
    run.play(specs, Path(args.records) if args.records else None)
    return run.status


def _run_ladder(args: argparse.Namespace, spec, config, registry, concurrency: int, sprt, opening_list,
                choices: Sequence[str], seats: int) -> int:
    """``--ladder``: the game's tiers, weakest first, each played against the next."""
    if choices:
        raise CliError("--ladder plays the game's own tiers: leave out --a, --b...")
    if sprt is not None:
        raise CliError("--sprt compares two sides: it does not go with --ladder")
    if seats != 2:
        raise CliError(f"--ladder plays tiers two at a time: {spec.rules.title} with these options seats "
                       f"{seats} players (leave out players= for its two-player game)")
    tiers = config.game(spec.game_id).tiers
    if len(tiers) < 2:
        raise CliError(f"{spec.rules.title} has {len(tiers)} tier(s): a ladder needs at least two")
    if args.games < 2:
        raise CliError("--ladder plays colour-swapped pairs of games: --games must be at least 2")
    specs = [bot_spec(config, registry, spec.game_id, tier.name, args.budget) for tier in tiers]
    prepare_and_wait()
    return ArenaRun(args, spec, concurrency, sprt, opening_list).ladder(tiers, specs)


def _load_average() -> float | None:
    """The machine's 1-minute load average (None where the system does not say)."""
    try:
        return os.getloadavg()[0]
    except (AttributeError, OSError):
        return None


def prepare_and_wait() -> None:
    """Start the workers' fork server and wait for it (at most ``FORK_SERVER_WAIT``)."""
    from game.match.runner import prepare_workers
    from game.match.supervisor import fork_server_ready

    prepare_workers()   # every slot's workers fork from one process that has imported numpy and numba once
    fork_server_ready(timeout=FORK_SERVER_WAIT)


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
        if records is not None:     # what an earlier run killed mid-write left there
            from game.store.jsonfile import remove_stale_temporaries

            remove_stale_temporaries(records)

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
                                   concurrency=self.concurrency, ray_address=args.ray, stop=after_game,
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
                "openings_file": args.openings_file, "budget": args.budget, "concurrency": self.concurrency, "ray": args.ray,
                "sprt": None if self.sprt is None else args.sprt, "gauntlet": args.gauntlet,
                "round_robin": args.round_robin, "ladder": args.ladder, "anchor": args.anchor, "anchor_elo": args.anchor_elo}

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

    def _summary(self, specs: Sequence, figures: dict, results: list) -> bool:
        """The summary of a run of many pairings written in ``--records`` (its pairings' games
        are in their folders); False, said on stderr, when it could not be."""
        from game.store.arenarecords import write_summary

        args = self.args
        try:
            write_summary(Path(args.records), argv=args.argv, config=self.config_words(), specs=specs,
                          figures=figures, results=results)
        except OSError as err:
            print(f"{args.prog}: the summary could not be written in {args.records} (an I/O error: "
                  f"{err.strerror or err})", file=sys.stderr)
            return False
        return True

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

            pairings_words = [{"first": names[r.first], "second": names[r.second], "games": r.games,
                               "first_points": r.points, "records": f"{letters[r.first]}-{letters[r.second]}"}
                              for r in results]
            figures = {"ratings": [asdict(rating) for rating in ratings], "anchor": names[anchor]}
            if not self._summary(specs, figures, pairings_words):
                return WRITE_FAILED
        return self.status

    def ladder(self, tiers: Sequence, specs: Sequence) -> int:
        """Play each tier (side A) against the tier below it (side B), then print the ladder:
        Elo anchored at the weakest tier = 1000, chained from each pairing's pentanomial Elo."""
        from datetime import datetime, timezone

        from game.match.ladder import ANCHOR_ELO, chain, ladder_table, ladder_words, link_of

        args = self.args
        load_before = _load_average()
        links, pairings = [], []
        for lower, upper, lower_spec, upper_spec in zip(tiers, tiers[1:], specs, specs[1:]):
            print(f"\n== {upper.name} against {lower.name}")
            folder = f"{lower.name}-{upper.name}"
            records = Path(args.records) / folder if args.records else None
            played = self.play([upper_spec, lower_spec], records)
            links.append(link_of(played.scores(0), (played.sides[0].failures, played.sides[1].failures)))
            pairings.append({"upper": upper.name, "lower": lower.name, "games": played.games,
                             "records": folder, "figures": played.figures()})
        rungs = chain([(t.name, t.bot, dict(t.params)) for t in tiers], links)
        budgets = sorted({s.budget for s in specs})
        print(f"\n{self.spec.rules.title} tier ladder: each tier against the one below, "
              f"{args.games} games a pairing, logistic Elo from the game pairs (pentanomial), "
              f"anchored at {tiers[0].name} = {ANCHOR_ELO:g}; 95% intervals (≥: a lower bound only):")
        print(ladder_table(rungs))
        measured = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
        if args.records:
            figures = {"ladder": ladder_words(rungs), "anchor": tiers[0].name, "anchor_elo": ANCHOR_ELO,
                       "budget": budgets[0] if len(budgets) == 1 else budgets, "measured": measured}
            if not self._summary(specs, figures, pairings):
                return WRITE_FAILED
        if args.ladder_file:
            return self._write_ladder_file(rungs, budgets, measured, load_before)
        return self.status

    def _write_ladder_file(self, rungs: Sequence, budgets: Sequence[float], measured: str,
                           load_before: float | None) -> int:
        """``--ladder-file``: the ladder's entry (``ladder_entry``) put into the file of measured ladders."""
        import shlex

        from game.match.ladder import LADDER_ABOUT, ladder_entry
        from game.match.pool import usable_cores
        from game.store.arenarecords import write_ladder_entry

        args, path = self.args, Path(self.args.ladder_file)
        nice = os.nice(0) if hasattr(os, "nice") else 0
        words = ["python", *args.argv] if args.argv[0].endswith(".py") else list(args.argv)
        command = (f"nice -n {nice} " if nice else "") + shlex.join(word.strip() for word in words)
        load_after = _load_average()
        load = ("load average not available on this system" if load_before is None or load_after is None else
                f"1-minute load average {load_before:.2f} at the start, {load_after:.2f} at the end, "
                f"on {usable_cores()} cores")
        entry = ladder_entry(rungs, command=command, measured=measured, load=load,
                             budget=budgets[0] if len(budgets) == 1 else list(budgets), games_per_pairing=args.games)
        try:
            problems = write_ladder_entry(path, self.spec.game_id, entry, LADDER_ABOUT)
        except OSError as err:
            print(f"{args.prog}: the ladder could not be written to {path} (an I/O error: "
                  f"{err.strerror or err})", file=sys.stderr)
            return WRITE_FAILED
        for problem in problems:
            print(f"{args.prog}: {escaped(problem)}", file=sys.stderr)
        print(f"The ladder is kept in {path}.")
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
