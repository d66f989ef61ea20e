"""A game's review: each move's value before and after it, the verdict on it, and each player's accuracy.

What the review screen and ``main.py review`` show, and what the review cache
keeps. Values are always the mover's: ``MoveReview.before`` is what the
position was worth to the player about to move (with best play), ``after``
what it is worth to the same player once the move is played, so the drop from
one to the other is what the move cost. ``PlyValue.kind`` says what stands
behind a value: a solved result (``exact``), a proven win or loss whose
distance is not known (``proven``), an engine's ``estimate``, or nothing
(``unknown``). A verdict in words is given only where the values prove it.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from game.rules.chinesecheckers import ChineseCheckers, distance_to_goal
from game.rules.core import State

#: What stands behind a value.
ValueKind = Literal["exact", "proven", "estimate", "unknown"]
#: A move's grade; "" where nothing can be said.
Grade = Literal["best", "good", "inaccuracy", "mistake", "blunder", ""]
#: The grades ``next_mistake`` and ``previous_mistake`` stop at.
MISTAKES = ("mistake", "blunder")
#: The version of the cache's JSON: a review written by another layout is analysed again.
FORMAT = 1


@dataclass(frozen=True)
class PlyValue:
    """What a position is worth to one player.

    ``score`` is in the game's own units (+1/0/-1, or coded with the distance
    to the end, for games won, drawn or lost; discs for Reversi), ``chance``
    a winning chance from 0 to 1 for the graph (1, 0.5 and 0 for proven
    results; a mapping of an estimate otherwise), ``text`` the value in plain
    words ("win in 9", "draw", "wins by 6", "about +3 discs (estimate)").
    """

    kind: ValueKind
    score: float | None = None
    chance: float | None = None
    text: str = ""

    @property
    def proven(self) -> bool:
        """Whether the value is proven (exact, or a proven win or loss)."""
        return self.kind in ("exact", "proven")


#: Nothing known.
UNKNOWN = PlyValue("unknown", None, None, "unknown")


@dataclass(frozen=True)
class MoveReview:
    """The judgement of one move of the game (``ply``: its index, from 0).

    ``before`` and ``after`` are both for the mover (``seat``); ``best`` is
    the engine's best move there and ``line`` a proven line from it where one
    exists (a VCF, Connect Four's winning columns); ``verdict`` the judgement
    in words, ``grade`` its class, ``proven`` whether it rests on proven
    values; ``steps``: in a race to a goal (Chinese Checkers), each seat's
    steps to its goal after the move (``steps_to_goal``), else None.
    """

    ply: int
    seat: int
    move: str
    before: PlyValue = UNKNOWN
    after: PlyValue = UNKNOWN
    best: str | None = None
    line: tuple[str, ...] = ()
    verdict: str = ""
    grade: Grade = ""
    proven: bool = False
    steps: tuple[int, ...] | None = None

    @property
    def loss(self) -> float | None:
        """The winning chance the move gave away (0 for the best move), or None if unknown."""
        if self.before.chance is None or self.after.chance is None:
            return None
        return max(0.0, self.before.chance - self.after.chance)

    @property
    def accuracy(self) -> float | None:
        """The move's accuracy from 0 to 100 (``move_accuracy`` of ``loss``), None if unknown."""
        loss = self.loss
        return None if loss is None else move_accuracy(loss)


def move_accuracy(loss: float) -> float:
    """A move's accuracy, 0 to 100, from the winning chance it lost (0 to 1).

    The curve lichess uses for its accuracy (from the drop in winning percentage):
    100 for no loss, about 64 for a loss of 10%, 0 for a loss of 80% or more.
    """
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * loss * 100.0) - 3.1669))


def steps_to_goal(state: State) -> tuple[int, ...] | None:
    """Each seat's steps to its goal in ``state`` (Chinese Checkers, the rules' ``distance_to_goal``),
    None for a game that is no race to a goal: what ``MoveReview.steps`` holds and the graph draws."""
    if not isinstance(state, ChineseCheckers):
        return None
    return tuple(distance_to_goal(state, seat) for seat in range(state.num_seats))


def steps_over_game(start: State, review: "GameReview") -> list[tuple[int, ...] | None] | None:
    """Each seat's steps to goal at each ply of a race (0: ``start``, then after each move as its
    review has them, None where a move is not reviewed yet); None for a game that is no race."""
    first = steps_to_goal(start)
    if first is None:
        return None
    return [first, *(None if item is None else item.steps for item in review.reviews)]


def game_key(game_spec: str, moves: list[str], start: str = "") -> str:
    """The key of a game's review in the cache: a hash of its spec, its set-up position (if any)
    and its moves."""
    parts = [game_spec, start, list(moves)] if start else [game_spec, list(moves)]
    text = json.dumps(parts, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class ReviewError(ValueError):
    """A review's JSON that cannot be read; the text says what is wrong."""


@dataclass
class GameReview:
    """A game (its spec as text, its moves in notation and the set-up position it started from,
    ``start``: the game's position notation, "" for the usual start; a Reversi save's
    ``Position:``) and the review of each move, filled in as the analysis goes (``None``: not
    analysed yet)."""

    game: str
    moves: list[str]
    reviews: list[MoveReview | None] = field(default_factory=list)
    start: str = ""

    def __post_init__(self) -> None:
        if not self.reviews:
            self.reviews = [None] * len(self.moves)
        if len(self.reviews) != len(self.moves):
            raise ReviewError(f"{len(self.reviews)} reviews for {len(self.moves)} moves")

    @property
    def key(self) -> str:
        return game_key(self.game, self.moves, self.start)

    @property
    def done(self) -> int:
        """How many moves are reviewed."""
        return sum(review is not None for review in self.reviews)

    @property
    def complete(self) -> bool:
        return all(review is not None for review in self.reviews)

    def add(self, review: MoveReview) -> None:
        """Put in one move's review; ``ReviewError`` if it is not of a move of this game."""
        if not 0 <= review.ply < len(self.moves) or self.moves[review.ply] != review.move:
            raise ReviewError(f"a review of {review.move!r} at ply {review.ply}, which is not a move of this game")
        self.reviews[review.ply] = review

    def accuracy(self, seat: int) -> float | None:
        """``seat``'s accuracy over the game, 0 to 100: the mean of its moves' accuracies
        (those whose values are known); None if none is."""
        values = [review.accuracy for review in self.reviews if review is not None and review.seat == seat]
        known = [value for value in values if value is not None]
        return sum(known) / len(known) if known else None

    def seats(self) -> list[int]:
        """The seats that moved in the reviewed moves, in order of their seat numbers."""
        return sorted({review.seat for review in self.reviews if review is not None})

    def next_mistake(self, ply: int) -> int | None:
        """The ply of the first mistake or blunder after ``ply``, or None."""
        return next((review.ply for review in self.reviews[max(ply + 1, 0):]
                     if review is not None and review.grade in MISTAKES), None)

    def previous_mistake(self, ply: int) -> int | None:
        """The ply of the last mistake or blunder before ``ply``, or None."""
        return next((review.ply for review in reversed(self.reviews[:max(ply, 0)])
                     if review is not None and review.grade in MISTAKES), None)

    def to_json(self) -> str:
        """The review as JSON, for the cache."""
        return json.dumps({"format": FORMAT, "game": self.game, "start": self.start, "moves": self.moves,
                           "reviews": msgspec.to_builtins(self.reviews)}, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> "GameReview":
        """The review ``to_json`` wrote; ``ReviewError`` says what is wrong with anything else."""
        try:
            data: dict[str, Any] = msgspec.json.decode(text, type=dict[str, Any])
        except (msgspec.DecodeError, msgspec.ValidationError) as err:
            raise ReviewError(f"not a review: {err}") from None
        if data.get("format") != FORMAT:
            raise ReviewError(f"a review of format {data.get('format')!r}, not {FORMAT}")
        try:
            game = msgspec.convert(data.get("game"), str)
            start = msgspec.convert(data.get("start", ""), str)
            moves = msgspec.convert(data.get("moves"), list[str])
            reviews = msgspec.convert(data.get("reviews"), list[MoveReview | None])
        except msgspec.ValidationError as err:
            raise ReviewError(f"not a review: {err}") from None
        try:
            review = cls(game, moves, reviews, start)
        except ReviewError as err:
            raise ReviewError(f"not a review: {err}") from None
        for ply, item in enumerate(reviews):
            if item is not None and (item.ply != ply or item.move != moves[ply]):
                raise ReviewError(f"the review at ply {ply} is of {item.move!r} at ply {item.ply}")
        return review
