"""Bot against bot, without a window: ``python main.py arena``.

Every game is a ``MatchSession`` (the play screen's turn loop) over one
``BotRunner`` per side, so budgets are enforced exactly as in a game on
screen, and a bot that fails costs it a random move and counts as a failure. Seats rotate from game to game (with two sides, they take turns
to start), so no side keeps the first-move advantage. Works for any number of
seats: a game of N seats takes N sides. The table gives each side's wins,
draws and losses and, with more than two seats, its mean place (from the
outcome's ranking); below the title, the mean length of a game in moves and
in turns per seat.
"""
from __future__ import annotations

import string
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Sequence

from game.match.record import Match, Player
from game.match.runner import BotRunner, BotSpec
from game.match.session import MatchSession, MovePlayed
from game.rules.catalogue import game_class, new_state
from game.rules.core import Outcome


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
    #: Moves played in each game.
    lengths: list[int] = field(default_factory=list)

    @property
    def mean_length(self) -> float:
        """Moves per game, on average."""
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def table(self) -> str:
        """The results as a text table, with any failures listed below it."""
        budgets = sorted(set(self.budgets))
        budget_text = " / ".join(f"{b:g} s" for b in budgets)
        seats = len(self.sides)
        lines = [f"{self.title}: {self.games} games, seats rotating each game, "
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
              options: dict[str, Any] | None = None, seed: int | None = None,
              on_game: Callable[[int, Outcome], None] | None = None) -> ArenaResult:
    """Play ``games`` games of ``game_id`` between the bots of ``specs``, one per seat.

    In game ``g`` seat ``s`` is played by side ``(s + g) % len(specs)``. With
    ``seed`` each side's bot (and its fallback moves) is seeded from it, so a
    run repeats exactly as long as no bot runs out of time. ``on_game`` is
    called after each game with its number and outcome.
    """
    options = dict(options or {})
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    seats = new_state(game_id, **options).num_seats
    if len(specs) != seats:
        raise ValueError(f"{game_class(game_id).title} seats {seats} players; got {len(specs)} bots")
    if seed is not None:
        specs = [replace(spec, seed=seed * 1000 + side) for side, spec in enumerate(specs)]
    names = string.ascii_uppercase
    sides = [SideStats(names[i], spec.who) for i, spec in enumerate(specs)]
    runners = [BotRunner(spec) for spec in specs]
    lengths = []
    try:
        for runner in runners:
            runner.start()
        for number in range(games):
            outcome, length = _play_one(game_id, options, runners, sides, number)
            lengths.append(length)
            if on_game is not None:
                on_game(number, outcome)
    finally:
        for runner in runners:
            runner.close()
    return ArenaResult(game_id, game_class(game_id).title, games, sides, [s.budget for s in specs], lengths)


def _play_one(game_id: str, options: dict[str, Any], runners: list[BotRunner],
              sides: list[SideStats], number: int) -> tuple[Outcome, int]:
    state = new_state(game_id, **options)
    count = len(runners)
    side_of_seat = [(seat + number) % count for seat in range(state.num_seats)]
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
    return outcome, len(state.move_stack)


def _seconds(value: float) -> str:
    return f"{value * 1000:.2f} ms" if value < 1 else f"{value:.2f} s"
