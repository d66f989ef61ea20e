"""Master's Connect Four opening book: solved positions of the first plies, read from ``assets/``.

The file (``assets/connect4_book.txt``, written by
``benchmarks/connect4_book_build.py``) has one solved 7x6 position per line::

    <moves> <best column> <score>

``<moves>`` is one way to reach the position in solver notation (``4453``;
``-`` for the empty board), ``<best column>`` the column (1-based) the book
plays there, and ``<score>`` the position's exact score in the solvers'
convention (see ``bots/lib/connect4_solver.py``), or ``win`` / ``loss``
where only the result was proved: the column then keeps the win, not
necessarily the fastest, or is the most central move that does not lose at
once. The shipped book is exact for every position up to 6 plies (the
column: the most central move of that score); Master's own lines at plies 7
and 8 are proved results. Lines
starting with ``#`` are comments. A position and its mirror image share one line: lookups
reflect the position and the stored column as needed, and different move
orders reaching the same position find the same line.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from bots.lib.connect4_solver import STANDARD, Geometry, PositionError, mirror, position_from_moves
from game.paths import ASSETS_DIR

BOOK_PATH = ASSETS_DIR / "connect4_book.txt"
#: The score field of a position whose result (not its exact score) was proved.
WIN, LOSS = "win", "loss"
RESULTS = {WIN: 1, LOSS: -1}


class BookError(ValueError):
    """A book file line that cannot be read; the message names the file and line."""


@dataclass(frozen=True)
class BookEntry:
    """What the book knows of a position: the column to play (0-based) and the exact score.

    ``score`` is ``None`` where only the result was proved; ``result`` is
    1, 0 or -1 for a win, draw or loss of the player to move.
    """

    column: int
    score: int | None
    result: int

    @classmethod
    def of(cls, column: int, score: int | str) -> "BookEntry":
        """An entry from a score or the words ``win`` / ``loss``."""
        if score in RESULTS:
            return cls(column, None, RESULTS[score])
        return cls(column, int(score), (score > 0) - (score < 0))

    @property
    def score_field(self) -> str:
        return str(self.score) if self.score is not None else WIN if self.result > 0 else LOSS


def canonical(key: int, geometry: Geometry = STANDARD) -> tuple[int, bool]:
    """``(key, mirrored)``: the smaller of a position key and its mirror image's, and which it was."""
    flipped = mirror_key(key, geometry)
    return (flipped, True) if flipped < key else (key, False)


def mirror_key(key: int, geometry: Geometry = STANDARD) -> int:
    """A bitboard reflected left to right (each column's bits moved to the mirror column)."""
    return int(mirror(np.uint64(key), geometry.cols, geometry.stride))


def moves_key(moves: Sequence[int], geometry: Geometry = STANDARD) -> int:
    """The position key (mover's discs + all discs) after 0-based column ``moves``."""
    position = position_from_moves(moves, geometry)
    return position.current + position.mask


class Book:
    """Solved positions by canonical key; ``lookup`` by the moves that lead to a position."""

    def __init__(self, entries: dict[int, BookEntry] | None = None, geometry: Geometry = STANDARD) -> None:
        self.geometry = geometry
        self.entries: dict[int, BookEntry] = dict(entries or {})

    def __len__(self) -> int:
        return len(self.entries)

    def add(self, moves: Sequence[int], entry: BookEntry) -> None:
        key, mirrored = canonical(moves_key(moves, self.geometry), self.geometry)
        self.entries[key] = BookEntry(self._reflect(entry.column, mirrored), entry.score, entry.result)

    def lookup(self, moves: Sequence[int]) -> BookEntry | None:
        """The book's column and score for the position after ``moves``, or ``None``."""
        try:
            key, mirrored = canonical(moves_key(moves, self.geometry), self.geometry)
        except PositionError:
            return None
        entry = self.entries.get(key)
        if entry is None:
            return None
        return BookEntry(self._reflect(entry.column, mirrored), entry.score, entry.result)

    def _reflect(self, column: int, mirrored: bool) -> int:
        return self.geometry.cols - 1 - column if mirrored else column

    @classmethod
    def read(cls, path: Path = BOOK_PATH) -> "Book":
        """The book in ``path``; a missing file is an empty book, a bad line a ``BookError``."""
        book = cls()
        if not path.is_file():
            return book
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip() or line.startswith("#"):
                continue
            try:
                moves_text, column_text, score_text = line.split()
                moves = [] if moves_text == "-" else [int(c) - 1 for c in moves_text]
                column = int(column_text) - 1
                book.add(moves, BookEntry.of(column, score_text if score_text in RESULTS else int(score_text)))
            except (ValueError, PositionError) as err:
                raise BookError(f"{path.name} line {number}: {line!r} is not '<moves> <column> <score, win or loss>' "
                                f"of a game in progress ({err})") from None
            if not 0 <= column < book.geometry.cols:
                raise BookError(f"{path.name} line {number}: column {column + 1} is not on the board")
        return book

    @staticmethod
    def format_line(moves: Iterable[int], entry: BookEntry) -> str:
        text = "".join(str(c + 1) for c in moves) or "-"
        return f"{text} {entry.column + 1} {entry.score_field}"
