"""The 26 Renju openings: the first three stones as the RIF rules fix them.

Black's first stone stands on the centre, White's second on one of the eight points
next to it (straight: a *direct* opening, diagonal: an *indirect* one), Black's third
within the central 5x5 square. Up to the board's symmetries every such placement is
one of 13 direct openings (1D Kansei to 13D Yusei) and 13 indirect ones (1I Chosei
to 13I Suisei), named as Renju players name them. Each is kept here as offsets from
the centre, ``(columns right, rows up)``, with White's stone above the centre (direct)
or above and to the right (indirect)::

    kansei = opening_named("kansei")
    kansei.points(15)          # (112, 97, 82): h8 h9 h10
    name_of(15, (112, 97, 82)) # the same opening, found from the stones
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class RenjuOpening:
    """One of the 26 openings: its code (``'4D'``), name and three stones as offsets."""

    code: str
    name: str
    second: tuple[int, int]
    third: tuple[int, int]

    def points(self, size: int) -> tuple[int, int, int]:
        """The three points on a ``size`` board, in playing order (row 0 the top line)."""
        middle = size // 2
        return tuple(point_at(size, middle + dx, middle - dy)
                     for dx, dy in ((0, 0), self.second, self.third))  # type: ignore[return-value]


def point_at(size: int, col: int, row: int) -> int:
    return row * size + col


_DIRECT = (("Kansei", (0, 2)), ("Keigetsu", (1, 2)), ("Sosei", (2, 2)), ("Kagetsu", (1, 1)),
           ("Zangetsu", (2, 1)), ("Ugetsu", (1, 0)), ("Kinsei", (2, 0)), ("Shogetsu", (0, -1)),
           ("Kyugetsu", (1, -1)), ("Shingetsu", (2, -1)), ("Zuisei", (0, -2)), ("Sangetsu", (1, -2)),
           ("Yusei", (2, -2)))
_INDIRECT = (("Chosei", (2, 2)), ("Kyogetsu", (2, 1)), ("Kosei", (2, 0)), ("Suigetsu", (2, -1)),
             ("Ryusei", (2, -2)), ("Ungetsu", (1, 0)), ("Hogetsu", (1, -1)), ("Rangetsu", (1, -2)),
             ("Gingetsu", (0, -1)), ("Myojo", (0, -2)), ("Shagetsu", (-1, -1)), ("Meigetsu", (-1, -2)),
             ("Suisei", (-2, -2)))

#: The 26 openings, 1D to 13D then 1I to 13I.
OPENINGS: tuple[RenjuOpening, ...] = tuple(
    [RenjuOpening(f"{n}D", name, (0, 1), third) for n, (name, third) in enumerate(_DIRECT, start=1)]
    + [RenjuOpening(f"{n}I", name, (1, 1), third) for n, (name, third) in enumerate(_INDIRECT, start=1)])

#: The eight symmetries of the square as maps of offsets from the centre.
SYMMETRIES = (lambda x, y: (x, y), lambda x, y: (-y, x), lambda x, y: (-x, -y), lambda x, y: (y, -x),
              lambda x, y: (-x, y), lambda x, y: (y, x), lambda x, y: (x, -y), lambda x, y: (-y, -x))


def opening_named(word: str) -> RenjuOpening | None:
    """The opening a word names: its name (``'kagetsu'``) or code (``'4d'``), any case."""
    folded = word.strip().casefold()
    return next((o for o in OPENINGS if folded in (o.name.casefold(), o.code.casefold())), None)


def name_of(size: int, stones: Sequence[int]) -> RenjuOpening | None:
    """The opening the first three stones (points in playing order) make, in any of
    the board's eight orientations, or ``None`` if they make none."""
    if len(stones) != 3:
        return None
    middle = size // 2
    offsets = [(p % size - middle, middle - p // size) for p in stones]
    for opening in OPENINGS:
        wanted = [(0, 0), opening.second, opening.third]
        if any([turn(*o) for o in wanted] == offsets for turn in SYMMETRIES):
            return opening
    return None
