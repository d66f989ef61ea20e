"""Gomoku's tactical set: positions with a forced win or a single defence, and what solves them.

Each ``Tactic`` is a board drawn as ``Gomoku.from_diagram`` reads it (rows
from the top, X Black, O White; the side to move follows from the counts),
the rule it is played under, and the answer:

* ``kind`` ``'VCF'`` / ``'VCT'``: the side to move wins by fours (by threes
  and fours) in ``wins_in`` of its own moves, the five included, and no
  fewer; ``answers`` are the first moves that do it;
* ``kind`` ``'defence'``: the opponent threatens a VCF and ``answers`` are
  the only moves after which it has none;
* ``kind`` ``'none'``: the side to move (or, with ``side='other'``, its
  opponent) has no VCF (with ``'VCT'`` in ``no_win``, no VCT of
  ``wins_in`` moves or fewer either, any length if 0), and ``avoid`` lists
  points the side to move must not play (Black's forbidden points under
  Renju).

The Renju and standard entries are the same shapes as freestyle ones, where
a forbidden point or an overline changes the answer.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tactic:
    name: str
    rule: str
    size: int
    diagram: str
    kind: str
    answers: tuple[str, ...] = ()
    wins_in: int = 0
    avoid: tuple[str, ...] = ()
    #: For kind 'none': the searches that must find nothing ('VCF', 'VCT'), and for whom
    #: ('mover': the side to move, 'other': its opponent, as if it were to move).
    no_win: tuple[str, ...] = ("VCF",)
    side: str = "mover"


FIVE_IN_ONE = """
. . . . . . . . O
. . . . . . . . .
. . . . . . . . .
. X X X X O . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O . . . . . . . O
"""

SIX_IN_ONE = """
O . . . . . . . O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O X X X X . X . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O . . . . . . . O
"""

OPEN_FOUR_IN_TWO = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . X X . X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . O .
. . . . . . . . .
O . . . . . . . O
"""

DOUBLE_FOUR_IN_TWO = """
O . . . . . O . O
. . . . . . X . .
. . . . . . X . .
. . . . . . X . .
. . O X X X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O . . . . . . . O
"""

FOUR_THEN_OPEN_FOUR = """
O . . . . . . . O
. . . . . . . . .
. . . . . . X . .
. . . . . . X . .
. . O X X X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O . . . . . . . O
"""

TWO_FOURS_THEN_OPEN_FOUR = """
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . O . . . O . . . . .
. . . . . . . . X X X O . . .
. . . . . . . X . . . . . . .
. . . . . . . . X X X O . . .
. . . . . O . . . O . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
. . . . . . . . . . . . . . .
O . . . . . . . . . . . . . .
"""

DOUBLE_THREE = """
O . . . . . . . O
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . X X . . . .
. . . . . X . . .
. . . . . X . . .
. . . . . . . . .
O . . . . . . . O
"""

WHITE_FOUR_ON_A_FORBIDDEN_POINT = """
. . . . . . . . .
. . . . . . . . O
. . . . . . . O .
. . . . . . O . .
. . . X X . . . .
. . . . . X . . .
. . . . . X . . .
. . . . . . . . .
. . . . . . . . .
"""

TRIPLE_FOUR_POINT = """
. . O . . . O . O
. . . X . . X O .
. . . . X . X . .
. . . . . X X . .
. . O X X X . . .
. . . O . . . . .
. . . . . . . . .
. . . . . . . . .
O . . . . . . . O
"""

TACTICS: tuple[Tactic, ...] = (
    Tactic("five in one", "freestyle", 9, FIVE_IN_ONE, "VCF", ("a6",), 1),
    Tactic("an overline wins in one under freestyle", "freestyle", 9, SIX_IN_ONE, "VCF", ("f5",), 1),
    Tactic("open four in two", "freestyle", 9, OPEN_FOUR_IN_TWO, "VCF", ("e6",), 2),
    Tactic("double four in two", "freestyle", 9, DOUBLE_FOUR_IN_TWO, "VCF", ("g5",), 2),
    Tactic("four, then an open four: three", "freestyle", 9, FOUR_THEN_OPEN_FOUR, "VCF", ("g5",), 3),
    Tactic("two fours, then an open four: four", "freestyle", 15, TWO_FOURS_THEN_OPEN_FOUR, "VCF",
           ("h8", "h6"), 4),
    Tactic("double three: three by threes", "freestyle", 9, DOUBLE_THREE, "VCT", ("f5",), 3),
    Tactic("only the triple-four point stops the fours", "freestyle", 9, TRIPLE_FOUR_POINT, "defence", ("g5",)),
    Tactic("an overline is no five under standard", "standard", 9, SIX_IN_ONE, "none", avoid=(),
           no_win=("VCF", "VCT")),
    # Renju: the same shapes where a point forbidden to Black changes the answer.
    Tactic("Renju: the double four is forbidden", "renju", 9, DOUBLE_FOUR_IN_TWO, "none", avoid=("g5",)),
    Tactic("Renju: the double three is forbidden", "renju", 9, DOUBLE_THREE, "none", wins_in=3, avoid=("f5",),
           no_win=("VCF", "VCT")),
    Tactic("Renju: White's four on Black's forbidden point wins", "renju", 9, WHITE_FOUR_ON_A_FORBIDDEN_POINT,
           "VCF", ("e4",), 2),
    Tactic("freestyle: the same four is simply blocked", "freestyle", 9, WHITE_FOUR_ON_A_FORBIDDEN_POINT, "none"),
    Tactic("Renju: Black's triple four is forbidden, so no fours threaten", "renju", 9, TRIPLE_FOUR_POINT, "none",
           side="other"),
)
