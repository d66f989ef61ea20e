"""A game's review analysed in the background: a child process values each move and streams
the results back, and the finished review is kept in a cache keyed by the game's moves.

The analysis runs in its own process (``game.match.supervisor.Child``), so it
never holds the window's interpreter: ``poll`` only reads what has arrived and
returns at once. A game reviewed before is read from the cache (a JSON file
per game in ``cache_dir``), and the job is done as soon as it starts.

The cache is written through ``write_text(path, text)``, which the caller
hands over (files are written by the store layer, above this one:
``game.store.reviewcache.start_review`` starts a job with the player's cache
and its atomic writer); without it the cache is only read.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any, Callable, Union

from game.match import messages as m
from game.match.review.model import GameReview, MoveReview, ReviewError, game_key
from game.match.runner import WORKER_PRELOAD
from game.match.supervisor import Child, ChildFailure
from game.paths import user_folder

log = logging.getLogger(__name__)


class Reviewed(m.Message, tag="reviewed"):
    """One move's review, from the analysing child."""

    review: MoveReview


class ReviewFailed(m.Message, tag="review_failed"):
    """The analysis stopped: what went wrong, in words."""

    text: str


class ReviewFinished(m.Message, tag="review_finished"):
    """Every move asked for is reviewed."""


FromReviewer = Union[Reviewed, ReviewFailed, ReviewFinished]

#: Seconds of analysis per move, for the review screen and ``main.py review`` (unless ``--budget``
#: says otherwise): a 40-move Connect Four game in under a minute.
DEFAULT_BUDGET = 1.0


def cache_folder() -> Path:
    """The default folder of the review cache: ``reviews`` in the player's data folder."""
    return user_folder("data") / "reviews"


def cache_path(cache_dir: Path, game_spec: str, moves: list[str], start: str = "") -> Path:
    """The cache file of a game's review."""
    return Path(cache_dir) / f"{game_key(game_spec, moves, start)}.json"


def read_cached(cache_dir: Path | None, game_spec: str, moves: list[str], start: str = "") -> GameReview | None:
    """The cached review of this game, None if there is none (or it is damaged, or of another
    game: a cache file is only a copy, and the game is analysed again)."""
    if cache_dir is None:
        return None
    path = cache_path(cache_dir, game_spec, moves, start)
    try:
        review = GameReview.from_json(path.read_bytes())
    except FileNotFoundError:
        return None
    except (OSError, ReviewError) as err:
        log.warning("review cache %s not used: %s", path, err)
        return None
    if review.game != game_spec or review.moves != list(moves) or review.start != start or not review.complete:
        return None
    return review


#: How much lower than the window's the analysis's priority is (on systems that have ``os.nice``):
#: the window's frames come first when the cores are busy.
CHILD_NICENESS = 5


def _analyse_in_child(conn: Any, game_spec: str, moves: list[str], budget: float, start: str = "") -> None:
    """The child's side: review each move in turn and send it, then say it is finished."""
    from game.match.review.analyse import review_moves

    if hasattr(os, "nice"):
        os.nice(CHILD_NICENESS)
    try:
        for review in review_moves(game_spec, moves, budget, start=start):
            m.send(conn, Reviewed(review))
    except Exception as err:  # noqa: BLE001 - whatever the engine raised ends the review with its words
        m.send(conn, ReviewFailed(f"{type(err).__name__}: {err}"))
        return
    m.send(conn, ReviewFinished())


class ReviewJob:
    """The review of one game, analysed in a child process (``start``), read as it comes (``poll``)."""

    def __init__(self, review: GameReview, child: Child | None, cache_dir: Path | None,
                 write_text: Callable[[Path, str], None] | None) -> None:
        #: The review so far: ``reviews[ply]`` is None until that move is analysed.
        self.review = review
        #: What stopped the analysis early, in words ("" if nothing did).
        self.failure = ""
        self._child = child
        self._cache_dir = cache_dir
        self._write_text = write_text
        self._unpolled: list[MoveReview] = [item for item in review.reviews if item is not None]

    @classmethod
    def start(cls, game_spec: str, moves: list[str], budget_seconds_per_ply: float,
              cache_dir: Path | None = None,
              write_text: Callable[[Path, str], None] | None = None, start: str = "") -> "ReviewJob":
        """Review the game ``game_spec`` (``GameSpec`` text) whose moves are ``moves`` (notation),
        played from the set-up position ``start`` (the game's position notation; "": the usual start),
        ``budget_seconds_per_ply`` seconds of analysis per move, from the cache in ``cache_dir``
        if it holds this game, else in a child process (the finished review then written there
        with ``write_text``)."""
        moves = list(moves)
        if cache_dir is not None and write_text is None:
            log.warning("review cache %s is only read: no writer was given (see game.store.reviewcache)", cache_dir)
        cached = read_cached(cache_dir, game_spec, moves, start)
        if cached is not None:
            return cls(cached, None, cache_dir, write_text)
        review = GameReview(game_spec, moves, start=start)
        if not moves:
            return cls(review, None, cache_dir, write_text)
        child = Child.spawn(_analyse_in_child, (game_spec, moves, float(budget_seconds_per_ply), start),
                            name="review", reads=FromReviewer, preload=WORKER_PRELOAD)
        return cls(review, child, cache_dir, write_text)

    @property
    def progress(self) -> tuple[int, int]:
        """(moves reviewed, moves in the game)."""
        return self.review.done, len(self.review.moves)

    @property
    def done(self) -> bool:
        """Whether the analysis is over: every move reviewed, or stopped (``failure`` says why)."""
        return self._child is None

    def poll(self) -> list[MoveReview]:
        """The moves reviewed since the last call (already in ``review``); never waits."""
        while self._child is not None and self._receive(0.0):
            pass
        new, self._unpolled = self._unpolled, []
        return new

    def wait(self, timeout: float | None = None) -> list[MoveReview]:
        """Wait up to ``timeout`` seconds (None: no limit) for the next move's review, then
        what ``poll`` returns (for the command line, which has nothing else to do)."""
        if self._child is not None and not self._unpolled:
            self._receive(timeout)
        return self.poll()

    def _receive(self, timeout: float | None) -> bool:
        """Take the child's next message, waiting up to ``timeout``; whether one came."""
        assert self._child is not None
        try:
            message = self._child.receive(timeout)
        except ChildFailure as err:
            self._finish(str(err))
            return False
        if isinstance(message, Reviewed):
            try:
                self.review.add(message.review)
            except ReviewError as err:
                self._finish(str(err))
                return False
            self._unpolled.append(message.review)
        elif isinstance(message, ReviewFailed):
            self._finish(message.text)
        elif isinstance(message, ReviewFinished):
            self._finish()
            self._keep()
        return message is not None

    def stop(self) -> None:
        """Stop the analysis (what was reviewed stays in ``review``). Safe to call again."""
        self._finish()

    def _finish(self, failure: str = "") -> None:
        self.failure = self.failure or failure
        if self._child is not None:
            self._child.stop()
            self._child = None

    def _keep(self) -> None:
        if self._cache_dir is None or self._write_text is None or not self.review.complete:
            return
        path = cache_path(self._cache_dir, self.review.game, self.review.moves, self.review.start)
        try:
            self._write_text(path, self.review.to_json())
        except OSError as err:
            log.warning("review cache %s not written: %s", path, err)

    def __enter__(self) -> "ReviewJob":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()
