"""Every game a bot can be drawn into, counted: the seed article's proof of strength.

``tally_games`` plays out, from a position, every sequence of moves the
other seats may choose against the moves one seat's bot would choose, and
counts the finished games by result for that seat. A bot with several
equally good moves can offer them all, so the count covers everything it
might ever do. ``reachable_positions`` lists every position legal play can
reach, for checks that must hold everywhere. Both work on any game through
the ``State`` interface, for games small enough to walk.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Iterable, Iterator

from game.rules.core import Move, State

Chooser = Callable[[State], Iterable[Move]]


@dataclass(frozen=True)
class Tally:
    """Finished games by result for one seat; ``lost_game`` is one lost move list, if any."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    lost_game: tuple[Move, ...] | None = None

    def __add__(self, other: "Tally") -> "Tally":
        return Tally(
            self.games + other.games,
            self.wins + other.wins,
            self.draws + other.draws,
            self.losses + other.losses,
            self.lost_game if self.lost_game is not None else other.lost_game,
        )

    def after(self, move: Move) -> "Tally":
        """The same counts, with ``move`` put in front of the lost game."""
        if self.lost_game is None:
            return self
        return Tally(self.games, self.wins, self.draws, self.losses, (move,) + self.lost_game)


def tally_games(state: State, seat: int, choices: Chooser) -> Tally:
    """Count every game from ``state`` with ``seat`` playing only moves from ``choices``.

    ``choices(state)`` is called on ``seat``'s turns and must return legal
    moves that depend only on the position (results are memoised on
    ``state.key()``); every other seat tries every legal move. ``state`` is
    left as it was given.
    """
    memo: dict[Hashable, Tally] = {}

    def walk() -> Tally:
        key = state.key()
        if key in memo:
            return memo[key]
        outcome = state.outcome()
        if outcome is not None:
            result = outcome.result_for(seat)
            tally = Tally(
                1,
                int(result == "win"),
                int(result == "draw"),
                int(result == "loss"),
                () if result == "loss" else None,
            )
        else:
            moves = list(choices(state)) if state.turn == seat else state.legal_moves()
            if not moves:
                raise ValueError(f"no move offered for seat {seat} in {state.to_text()!r}")
            tally = Tally()
            for move in moves:
                state.push(move)
                tally = tally + walk().after(move)
                state.pop()
        memo[key] = tally
        return tally

    return walk()


def reachable_positions(state: State) -> Iterator[State]:
    """Every distinct position (by ``key()``) reachable from ``state``, itself first.

    Each is yielded as a copy the caller may change freely; finished
    positions are included.
    """
    seen: set[Hashable] = set()
    stack = [state.copy()]
    while stack:
        current = stack.pop()
        key = current.key()
        if key in seen:
            continue
        seen.add(key)
        yield current.copy()
        for move in current.legal_moves():
            child = current.copy()
            child.push(move)
            if child.key() not in seen:
                stack.append(child)
