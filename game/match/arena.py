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
"""
from __future__ import annotations

import random
import string
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from game.match.record import Match, Player
from game.match.runner import BotRunner, BotSpec
from game.match.session import MatchSession, MovePlayed
from game.rules.catalogue import game_class, new_state
from game.rules.core import Move, Outcome, State

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
    #: How many random moves each opening has (0: every game from the start).
    opening_moves: int = 0

    @property
    def mean_length(self) -> float:
        """Moves per game, on average."""
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def table(self) -> str:
        """The results as a text table, with any failures listed below it."""
        budgets = sorted(set(self.budgets))
        budget_text = " / ".join(f"{b:g} s" for b in budgets)
        seats = len(self.sides)
        rounds = len(set(self.openings))
        openings = (f" from {rounds} opening{'s' * (rounds != 1)} of {self.opening_moves} random "
                    f"move{'s' * (self.opening_moves != 1)}" if self.opening_moves else "")
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


def run_arena(game_id: str, specs: Sequence[BotSpec], games: int, *,
              options: dict[str, Any] | None = None, seed: int | None = None, openings: int = 0,
              on_game: Callable[[int, Outcome], None] | None = None) -> ArenaResult:
    """Play ``games`` games of ``game_id`` between the bots of ``specs``, one per seat.

    In game ``g`` seat ``s`` is played by side ``(s + g) % len(specs)``. With
    ``openings`` K above 0, the games of each round of ``len(specs)`` share an
    opening of K random legal moves (see the module notes). With ``seed``
    each side's bot (and its fallback moves) and the openings are seeded from
    it, so a run repeats exactly as long as no bot runs out of time.
    ``on_game`` is called after each game with its number and outcome.
    """
    options = dict(options or {})
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    if isinstance(openings, bool) or not isinstance(openings, int) or openings < 0:
        raise ValueError(f"an opening is a whole number of random moves, 0 or more, got {openings!r}")
    seats = new_state(game_id, **options).num_seats
    if len(specs) != seats:
        raise ValueError(f"{game_class(game_id).title} seats {seats} players; got {len(specs)} bots")
    rounds = -(-games // seats)
    drawn = draw_openings(game_id, options, openings, rounds, random.Random(seed)) if openings else [()] * rounds
    if seed is not None:
        specs = [replace(spec, seed=seed * 1000 + side) for side, spec in enumerate(specs)]
    names = string.ascii_uppercase
    sides = [SideStats(names[i], spec.who) for i, spec in enumerate(specs)]
    runners = [BotRunner(spec) for spec in specs]
    result = ArenaResult(game_id, game_class(game_id).title, games, sides, [s.budget for s in specs],
                         opening_moves=openings)
    try:
        for runner in runners:
            runner.start()
        for number in range(games):
            opening = drawn[number // seats]
            state = start_from(game_id, options, opening)
            seating = [(seat + number) % seats for seat in range(seats)]
            outcome = _play_one(state, runners, sides, seating)
            result.lengths.append(len(state.move_stack))
            result.openings.append(opening)
            result.seatings.append(tuple(names[side] for side in seating))
            result.transcripts.append(state.to_text())
            if on_game is not None:
                on_game(number, outcome)
    finally:
        for runner in runners:
            runner.close()
    return result


def start_from(game_id: str, options: dict[str, Any], opening: Sequence[Move]) -> State:
    """A new game of ``game_id`` with the ``opening`` moves played, and the forced passes before them."""
    state = new_state(game_id, **options)
    for move in opening:
        _pass_while_forced(state)
        state.push(move)
    return state


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


def _play_one(state: State, runners: list[BotRunner], sides: list[SideStats], side_of_seat: list[int]) -> Outcome:
    players = [Player.of_bot(runners[side].spec.label) for side in side_of_seat]
    session = MatchSession(Match(state, players),
                           runners={seat: runners[side] for seat, side in enumerate(side_of_seat)})
    for runner in runners:
        runner.new_game()
    while not session.is_over:
        session.wait()
        session.play_ready()
        for event in session.events():
            if isinstance(event, MovePlayed) and event.by == "bot":
                sides[side_of_seat[event.record.seat]].record_move(event.elapsed, event.failure)
    outcome = session.outcome()
    assert outcome is not None
    places = outcome.places(state.num_seats)
    for seat, side in enumerate(side_of_seat):
        sides[side].record_result(outcome.result_for(seat))
        sides[side].places.append(places[seat])
    return outcome


def _seconds(value: float) -> str:
    return f"{value * 1000:.2f} ms" if value < 1 else f"{value:.2f} s"
