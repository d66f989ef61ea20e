"""Bot against bot, without a window: ``python main.py arena``.

Every game is a ``MatchSession`` (the play screen's turn loop) over one
``BotRunner`` per side, so budgets are enforced exactly as in a game on
screen, and a bot that fails costs it a random move and counts as a failure. Seats rotate from game to game (with two sides, they take turns
to start), so no side keeps the first-move advantage. Works for any number of
seats: a game of N seats takes N sides. The table gives each side's wins,
draws and losses and, with more than two seats, its mean place (from the
outcome's ranking); below the title, the mean length of a game in moves and
in turns per seat.

Two deterministic bots would play the same game over and over. With
``openings`` set to K, each round of games (two games with two seats, N
with N) starts from one opening of K random legal moves, and within the
round the seats rotate as always, so every side plays every seat of every
opening and no side gains by an opening that happens to favour one colour.
Openings are drawn from ``random.Random(seed)``: a seeded run repeats
them; a round's opening is drawn again while it repeats an earlier one
(while there are others to be had), and an opening after which the game is
over is never used. Forced passes inside an opening are played as they
come and are not counted among its K moves. The random moves are drawn
from the state's ``opening_moves``: its legal moves, or those of them a game
keeps for openings (Gomoku's near the centre, where games are played).
Openings may also come as a list (``read_openings``: a file of move lists,
one a line), used round by round.

Games run ``concurrency`` at a time (``game/match/pool.py``'s ``run_tasks``),
each on a slot: a thread that owns a ``BotRunner`` per side and drives one
``MatchSession`` after another (the thinking is in the workers, so threads
are enough; the slot's own work is a small share of a move). With
``ray_address`` the games are Ray tasks on a cluster instead (``play_alone``:
each process of the cluster keeps a runner per side from game to game, as a
slot does), and a game whose node died is played again. Either way every game is ``GamePlan.play``, and with a seed, every bot is seeded afresh for each game
(``game_seed``), and finished games are tallied in their order, so the
figures, and where a ``stop`` (the SPRT) ends the run, are the same for any
``concurrency``, as long as no bot runs out of time. A bot that keeps state
across games beyond its ``rng`` (a transposition table) should drop it in
``new_game``, or its play depends on which games its slot played before.
"""
from __future__ import annotations

import random
import string
import threading
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import Any, Callable, Iterable, Sequence

from game.match.elo import Sprt, elo_of_games, elo_of_pairs, pentanomial, trinomial
from game.match.pool import forget, in_order, kept, run_tasks
from game.match.ratings import SkillRating, plackett_luce, skill_table
from game.match.record import Match, Player
from game.match.runner import BotRunner, BotSpec
from game.match.session import MatchSession, MovePlayed
from game.rules.catalogue import game_class, new_state
from game.rules.core import BadNotation, Move, Outcome, State

#: Draws of a round's opening before one that repeats an earlier round's is taken anyway.
FRESH_OPENING_TRIES = 20
#: Draws of an opening before the arena concludes that K moves always end the game.
OPENING_TRIES = 100


@dataclass
class SideStats:
    """One side's record over an arena run."""

    name: str
    label: str
    wins: int = 0
    draws: int = 0
    losses: int = 0
    moves: int = 0
    total_time: float = 0.0
    max_time: float = 0.0
    failures: int = 0
    failure_texts: list[str] = field(default_factory=list)
    #: The side's place in each game, 1 = first (seats sharing a place share its number).
    places: list[int] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def mean_place(self) -> float:
        return sum(self.places) / len(self.places) if self.places else 0.0

    @property
    def mean_time(self) -> float:
        return self.total_time / self.moves if self.moves else 0.0

    def record_move(self, seconds: float, failure: str | None) -> None:
        self.moves += 1
        self.total_time += seconds
        self.max_time = max(self.max_time, seconds)
        if failure is not None:
            self.failures += 1
            if failure not in self.failure_texts and len(self.failure_texts) < 3:
                self.failure_texts.append(failure)

    def record_result(self, result: str) -> None:
        if result == "win":
            self.wins += 1
        elif result == "draw":
            self.draws += 1
        else:
            self.losses += 1


@dataclass
class ArenaResult:
    """The outcome of an arena run: the game, how many games, and each side's record."""

    game_id: str
    title: str
    games: int
    sides: list[SideStats]
    budgets: list[float]
    #: Moves played in each game (an opening's moves included).
    lengths: list[int] = field(default_factory=list)
    #: The random moves each game started from (``openings`` of ``run_arena``; none without).
    openings: list[tuple[Move, ...]] = field(default_factory=list)
    #: The side (``'A'``, ``'B'``...) in each seat, game by game.
    seatings: list[tuple[str, ...]] = field(default_factory=list)
    #: Each game's moves in the game's notation, the opening's included.
    transcripts: list[str] = field(default_factory=list)
    #: How many random moves each opening has (0: every game from the start); the most, from a list.
    opening_moves: int = 0
    #: Where the openings came from: ``'random'``, ``'list'`` (a file), or ``''`` (none).
    opening_source: str = ""
    #: Each game's outcome.
    outcomes: list[Outcome] = field(default_factory=list)
    #: Each game as played, its players named (what a save file keeps); only when
    #: ``run_arena`` is asked to keep them (``keep_matches``), else empty.
    matches: list[Match] = field(default_factory=list)

    @property
    def mean_length(self) -> float:
        """Moves per game, on average."""
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def scores(self, side: int = 0) -> list[float]:
        """Side ``side``'s score in each game: 1 a win, ½ a draw, 0 a loss."""
        points = {"win": 1.0, "draw": 0.5, "loss": 0.0}
        return [points[outcome.result_for(seating.index(string.ascii_uppercase[side]))]
                for outcome, seating in zip(self.outcomes, self.seatings)]

    def _skills(self) -> list[SkillRating]:
        places = [list(game) for game in zip(*(side.places for side in self.sides))]
        return plackett_luce([f"{side.name} {side.label}" for side in self.sides], places)

    def _counts(self) -> tuple[tuple[int, ...], tuple[int, int, int]]:
        """Side A's pentanomial counts of the game pairs and trinomial W/D/L."""
        scores = self.scores(0)
        return pentanomial(scores), trinomial(scores)

    def figures(self, sprt: Sprt | None = None) -> dict[str, Any]:
        """A's Elo against B from the game pairs (pentanomial) and from single games
        (trinomial), and the SPRT's state; with more seats, each side's Plackett-Luce
        rating from the finishing orders. What the summary prints and the records keep."""
        if len(self.sides) != 2:
            return {"plackett_luce": [asdict(rating) for rating in self._skills()]}
        penta, (wins, draws, losses) = self._counts()
        figures: dict[str, Any] = {"pentanomial": list(penta), "trinomial": [wins, draws, losses]}
        for key, estimate in (("pairs", elo_of_pairs(penta)), ("games", elo_of_games(wins, draws, losses))):
            figures[key] = None if estimate is None else {**asdict(estimate), "error": estimate.error}
        if sprt is not None:
            llr = sprt.llr(penta)
            figures["sprt"] = {**asdict(sprt), "llr": llr, "lower": sprt.lower, "upper": sprt.upper,
                               "verdict": sprt.verdict(llr)}
        return figures

    def figures_text(self, sprt: Sprt | None = None) -> str:
        """The figures as lines below the table."""
        if len(self.sides) != 2:
            return (f"Plackett-Luce ratings from the {self.games} finishing orders (openskill):\n"
                    + skill_table(self._skills()))
        a, b = self.sides
        penta, (wins, draws, losses) = self._counts()
        pairs, games = elo_of_pairs(penta), elo_of_games(wins, draws, losses)
        lines = [f"Elo of A ({a.label}) against B ({b.label}), logistic:",
                 "  from game pairs: no complete pair of games" if pairs is None
                 else f"  from {pairs.count} game pairs: {pairs.text()}",
                 f"    pentanomial LL LD DD+WL WD WW: {' '.join(map(str, penta))}"]
        if games is not None:
            lines.append(f"  from {games.count} games alone: {games.text()}")
        lines.append(f"    trinomial W D L: {wins} {draws} {losses}")
        if sprt is not None:
            lines.append(f"SPRT: {sprt.text(sprt.llr(penta))}")
        return "\n".join(lines)

    def table(self) -> str:
        """The results as a text table, with any failures listed below it."""
        budgets = sorted(set(self.budgets))
        budget_text = " / ".join(f"{b:g} s" for b in budgets)
        seats = len(self.sides)
        rounds = len(set(self.openings))
        if self.opening_source == "list":
            openings = f" from {rounds} opening{'s' * (rounds != 1)} of a list"
        elif self.opening_moves:
            openings = (f" from {rounds} opening{'s' * (rounds != 1)} of {self.opening_moves} random "
                        f"move{'s' * (self.opening_moves != 1)}")
        else:
            openings = ""
        lines = [f"{self.title}: {self.games} games{openings}, seats rotating each game, "
                 f"time budget {budget_text} per move",
                 f"mean game length {self.mean_length:.1f} moves ({self.mean_length / seats:.1f} turns per seat)", ""]
        header = ("side", "bot", "wins", "draws", "losses", *(("mean place",) if seats > 2 else ()),
                  "mean move", "max move", "failures")
        rows = [(s.name, s.label, str(s.wins), str(s.draws), str(s.losses),
                 *((f"{s.mean_place:.2f}",) if seats > 2 else ()),
                 _seconds(s.mean_time), _seconds(s.max_time), str(s.failures)) for s in self.sides]
        widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
        for row in [header, *rows]:
            cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
            cells += [cell.rjust(width) for cell, width in zip(row[2:], widths[2:])]
            lines.append("  ".join(cells).rstrip())
        for side in self.sides:
            for text in side.failure_texts:
                lines.append(f"{side.name} failure: {text}")
        return "\n".join(lines)


@dataclass
class GameRecord:
    """One game as a slot played it, before it is added to the tally."""

    number: int
    match: Match
    seating: tuple[int, ...]
    opening: tuple[Move, ...]
    #: (side, seconds, failure) of each bot move, in order.
    moves: list[tuple[int, float, str | None]] = field(default_factory=list)


class _Stopped(Exception):
    """The run was stopped (Ctrl+C, or a verdict reached) while a slot played a game."""


def game_seed(seed: int, number: int, side: int) -> int:
    """The seed of ``side``'s bot (and its fallback moves) in game ``number`` of a run seeded
    ``seed``: a function of the game, not of the order or the slot that plays it."""
    return (seed * 1_000_003 + number) * 8 + side


def run_arena(game_id: str, specs: Sequence[BotSpec], games: int, *,
              options: dict[str, Any] | None = None, seed: int | None = None, openings: int = 0,
              opening_list: Sequence[Sequence[Move]] = (), concurrency: int | None = 1,
              ray_address: str | None = None, on_game: Callable[[int, Outcome], None] | None = None,
              stop: Callable[["ArenaResult"], bool] | None = None, keep_matches: bool = False) -> ArenaResult:
    """Play ``games`` games of ``game_id`` between the bots of ``specs``, one per seat.

    In game ``g`` seat ``s`` is played by side ``(s + g) % len(specs)``. With
    ``openings`` K above 0, the games of each round of ``len(specs)`` share an
    opening of K random legal moves (see the module notes); with
    ``opening_list`` instead, round ``r`` starts from its opening ``r`` (from
    the first again after the last). With ``seed`` each side's bot (and its
    fallback moves) is seeded afresh for each game from the seed and the
    game's number, and the openings from the seed, so a run repeats exactly as
    long as no bot runs out of time, however many games run at once.

    ``concurrency`` games are played at once, each by a slot of its own with
    a worker per side, kept from game to game. The games are tallied in their
    order: ``on_game`` is called with each game's number and outcome, and
    then ``stop`` with the result so far; when it says True, no game is
    started and the games after that one are dropped (so where a run stops
    does not depend on ``concurrency`` either). With ``ray_address`` (a Ray
    cluster's address, or ``'auto'``) the games are played on that cluster,
    ``concurrency`` at a time (None: as many as it has CPUs); ``RayMissing``
    if Ray is not installed.

    With ``keep_matches`` each game is kept whole in ``matches`` (to save it);
    without, none is, so a long run's memory does not grow with its games.
    """
    options = dict(options or {})
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    if isinstance(openings, bool) or not isinstance(openings, int) or openings < 0:
        raise ValueError(f"an opening is a whole number of random moves, 0 or more, got {openings!r}")
    if openings and opening_list:
        raise ValueError("openings come either drawn at random or from a list, not both")
    if concurrency is not None and concurrency < 1:
        raise ValueError(f"games at once must be at least 1, got {concurrency}")
    seats = new_state(game_id, **options).num_seats
    if len(specs) != seats:
        raise ValueError(f"{game_class(game_id).title} seats {seats} players; got {len(specs)} bots")
    rounds = -(-games // seats)
    if opening_list:
        drawn = [tuple(opening_list[r % len(opening_list)]) for r in range(rounds)]
    elif openings:
        drawn = draw_openings(game_id, options, openings, rounds, random.Random(seed))
    else:
        drawn = [()] * rounds
    if seed is not None:
        specs = [replace(spec, seed=seed * 1000 + side) for side, spec in enumerate(specs)]
    names = string.ascii_uppercase
    sides = [SideStats(names[i], spec.who) for i, spec in enumerate(specs)]
    result = ArenaResult(game_id, game_class(game_id).title, games, sides, [s.budget for s in specs],
                         opening_moves=openings or max((len(o) for o in opening_list), default=0),
                         opening_source="list" if opening_list else "random" if openings else "")
    plan = GamePlan(game_id, options, tuple(specs), tuple(drawn), seed)
    halt = threading.Event()
    slots = _SlotPlayer(plan, halt) if ray_address is None else None
    play: Callable[[int], GameRecord] = partial(play_alone, plan) if slots is None else slots
    tasks = run_tasks(play, range(games), concurrency=concurrency, ray_address=ray_address, threads=True,
                      on_stop=halt.set)
    try:
        for _, game in in_order(tasks):
            _tally(result, game, keep_matches)
            if on_game is not None:
                on_game(len(result.lengths) - 1, result.outcomes[-1])
            if stop is not None and stop(result):
                break
    finally:
        halt.set()
        tasks.close()
        if slots is not None:
            slots.close()
    result.games = len(result.lengths)
    return result


def _tally(result: ArenaResult, game: GameRecord, keep_match: bool) -> None:
    """Add a played game to the run's figures."""
    names = string.ascii_uppercase
    state = game.match.state
    for side, seconds, failure in game.moves:
        result.sides[side].record_move(seconds, failure)
    outcome = game.match.outcome()
    assert outcome is not None
    places = outcome.places(state.num_seats)
    for seat, side in enumerate(game.seating):
        result.sides[side].record_result(outcome.result_for(seat))
        result.sides[side].places.append(places[seat])
    result.lengths.append(len(state.move_stack))
    result.openings.append(game.opening)
    result.seatings.append(tuple(names[side] for side in game.seating))
    result.transcripts.append(state.to_text())
    result.outcomes.append(outcome)
    if keep_match:
        result.matches.append(game.match)


def start_from(game_id: str, options: dict[str, Any], opening: Sequence[Move]) -> State:
    """A new game of ``game_id`` with the ``opening`` moves played, and the forced passes before them."""
    state = new_state(game_id, **options)
    for move in opening:
        _pass_while_forced(state)
        state.push(move)
    return state


def read_openings(game_id: str, options: dict[str, Any], lines: Iterable[str],
                  source: str = "openings") -> list[tuple[Move, ...]]:
    """The openings of ``lines``, one a line, each a move list in the game's notation
    (blank lines and lines starting with ``#`` skipped), in the form ``start_from`` takes.

    ``ValueError`` naming ``source`` and the line number if a line is not a move list
    of the game, or its moves end the game; and if there is no opening at all.
    """
    openings = []
    for number, line in enumerate(lines, start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        try:
            state = new_state(game_id, **options)
            state.play_text(text)
        except BadNotation as err:
            raise ValueError(f"{source} line {number}: {err}") from None
        if state.is_over():
            raise ValueError(f"{source} line {number}: the game is over after {text!r}; an opening "
                             "must leave a game to play")
        openings.append(tuple(m for m in state.move_stack if state.writes_passes or not state.is_pass(m)))
    if not openings:
        raise ValueError(f"{source} holds no opening")
    return openings


def _pass_while_forced(state: State) -> None:
    while state.must_pass():
        state.push(state.pass_move)


def draw_openings(game_id: str, options: dict[str, Any], moves: int, rounds: int,
                  rng: random.Random) -> list[tuple[Move, ...]]:
    """``rounds`` openings of ``moves`` random legal moves each, after which the game goes on;
    each differs from the ones before it while fresh ones can be found (see the module notes).

    ``ValueError`` if ``moves`` random moves end every game tried.
    """
    drawn: list[tuple[Move, ...]] = []
    for _ in range(rounds):
        opening = _random_opening(game_id, options, moves, rng)
        for _ in range(FRESH_OPENING_TRIES):
            if opening not in drawn:
                break
            opening = _random_opening(game_id, options, moves, rng)
        drawn.append(opening)
    return drawn


def _random_opening(game_id: str, options: dict[str, Any], moves: int, rng: random.Random) -> tuple[Move, ...]:
    for _ in range(OPENING_TRIES):
        state = new_state(game_id, **options)
        opening: list[Move] = []
        while len(opening) < moves and not state.is_over():
            _pass_while_forced(state)
            if not state.is_over():
                opening.append(rng.choice(state.opening_moves()))
                state.push(opening[-1])
        if not state.is_over():
            return tuple(opening)
    raise ValueError(f"{OPENING_TRIES} openings of {moves} random moves all ended the game of "
                     f"{game_class(game_id).title}: ask for fewer opening moves")


@dataclass(frozen=True)
class GamePlan:
    """What decides every game of a run: the game, its bots, the rounds' openings and the seed.
    ``play(number, runners)`` plays game ``number`` of the run, the same wherever it runs."""

    game_id: str
    options: dict[str, Any]
    specs: tuple[BotSpec, ...]
    #: Each round's opening (a round: one game per seat).
    openings: tuple[tuple[Move, ...], ...]
    seed: int | None

    def play(self, number: int, runners: Sequence[BotRunner], halt: threading.Event | None = None) -> GameRecord:
        """Game ``number`` between ``runners`` (one per side, started); ``_Stopped`` once ``halt`` is set."""
        seats = len(self.specs)
        seating = tuple((seat + number) % seats for seat in range(seats))
        opening = self.openings[number // seats]
        seeds = [None if self.seed is None else game_seed(self.seed, number, side) for side in range(seats)]
        state = start_from(self.game_id, self.options, opening)
        players = [Player.of_bot(runners[side].spec.label) for side in seating]
        match = Match(state, players)
        session = MatchSession(match, runners={seat: runners[side] for seat, side in enumerate(seating)})
        game = GameRecord(number, match, seating, opening)
        for runner, seed in zip(runners, seeds):
            runner.new_game(seed)
        while not session.is_over:
            if halt is not None and halt.is_set():
                raise _Stopped
            session.wait()
            session.play_ready()
            for event in session.events():
                if isinstance(event, MovePlayed) and event.by == "bot":
                    game.moves.append((seating[event.record.seat], event.elapsed, event.failure))
        return game


class _SlotPlayer:
    """Plays a game on the calling thread's slot: its own runners, started at its first game
    and kept for the next; ``close`` stops every slot's."""

    def __init__(self, plan: GamePlan, halt: threading.Event) -> None:
        self.plan, self.halt = plan, halt
        self.local = threading.local()
        self.slots: list[list[BotRunner]] = []
        self.lock = threading.Lock()

    def __call__(self, number: int) -> GameRecord:
        runners = getattr(self.local, "runners", None)
        if runners is None:
            runners = self.local.runners = [BotRunner(spec) for spec in self.plan.specs]
            with self.lock:
                self.slots.append(runners)
            for runner in runners:
                runner.start()
        return self.plan.play(number, runners, self.halt)

    def close(self) -> None:
        with self.lock:
            for runners in self.slots:
                for runner in runners:
                    runner.close()


def play_alone(plan: GamePlan, number: int) -> GameRecord:
    """Game ``number`` of ``plan`` as a Ray task: on runners this process keeps for the next
    game with the same bots (``pool.kept``), as a slot keeps its own; they stop with the process."""
    import sys

    from game.match.runner import prepare_workers

    # A spawned worker first runs its parent's main script, unless that is a module: a Ray
    # worker's script is Ray's own, and every bot worker would import Ray for nothing.
    sys.modules["__main__"].__dict__.pop("__file__", None)
    prepare_workers()      # this process's workers fork from one that has imported numpy and numba once

    def start() -> list[BotRunner]:
        runners = [BotRunner(spec) for spec in plan.specs]
        try:
            for runner in runners:
                runner.start()
        except BaseException:
            for runner in runners:
                runner.close()
            raise
        return runners

    key = ("arena runners", repr(plan.specs))
    runners = kept(key, start)
    try:
        return plan.play(number, runners)
    except BaseException:       # cancelled mid-game (the run stopped): its workers may be mid-move
        forget(key)
        for runner in runners:
            runner.close()
        raise


def _seconds(value: float) -> str:
    return f"{value * 1000:.2f} ms" if value < 1 else f"{value:.2f} s"
