"""Swap2 over the Gomocup protocol: the ``SWAP2BOARD`` command, both ways.

Gomocup's extension for Swap2 (its experimental tournaments since 2020, as Rapfi
reads it) sends, between ``START`` and ``BOARD``::

    SWAP2BOARD
    7,7,2        <- the stones so far in playing order (0, 3 or 5 of them)
    DONE

Gomocup's announcement writes the stones ``x,y``; Rapfi reads them only as
``BOARD`` lines, ``x,y,field`` (1 a stone of the side to move, 2 the other's),
and takes an empty board otherwise, so the client sends the fields and our
engine reads both.

and the engine answers in one line, by the number of stones:

* 0: the three opening stones, black, white, black: ``7,7 8,7 9,9``;
* 3: ``SWAP`` (it takes Black), one point (it keeps White and plays the fourth
  stone) or two points (the fourth and fifth stones: the other player chooses);
* 5: ``SWAP`` (it takes Black) or one point (it takes White and plays the sixth).

``SWAP`` is always "I take Black, the side not to move"; a point is always a
stone of the side to move. Here both are our Gomoku's moves (``swap2`` opening:
stones, ``black``, ``white``, ``more``), so a Swap2 game of ours and a Gomocup
answer translate into each other.
"""
from __future__ import annotations

from typing import Hashable, Sequence

from bots.lib.gomocup_text import GomocupTextError, parse_point, point_text
from game.rules.gomoku import Gomoku
from game.rules.gomoku_opening import BLACK_WORD, MORE, WHITE_WORD

SWAP = "SWAP"
#: The stone counts at which a Swap2 engine is asked.
ASKED_AT = (0, 3, 5)


def request_lines(state: Gomoku) -> list[str]:
    """The ``SWAP2BOARD`` command for the decision ``state`` asks for now."""
    size, stones = state.size, state.stone_order
    return ["SWAP2BOARD", *(f"{point_text(p % size, p // size)},{1 if n % 2 == len(stones) % 2 else 2}"
                            for n, p in enumerate(stones)), "DONE"]


def asked_now(state: Gomoku) -> bool:
    """Whether the decision now is one a ``SWAP2BOARD`` answer makes (the proposer's first
    stone, or a colour choice after three or five stones)."""
    return (state.options.get("opening") == "swap2" and state.phase is not None
            and len(state.stone_order) in ASKED_AT and (state.phase.kind != "place" or not state.stone_order))


def answer_moves(state: Gomoku, line: str) -> list[Hashable]:
    """Our moves an engine's answer to ``request_lines(state)`` stands for; ``ValueError``
    if it is not an answer allowed at this point (checked by playing them on a copy)."""
    words = line.split()
    stones = len(state.stone_order)
    if [w.upper() for w in words] == [SWAP] and stones in (3, 5):
        moves: list[Hashable] = [BLACK_WORD]
    else:
        try:
            points = [parse_point(word) for word in words]
        except GomocupTextError as err:
            raise ValueError(str(err)) from None
        wanted = {0: (3,), 3: (1, 2), 5: (1,)}[stones]
        if len(points) not in wanted:
            raise ValueError(f"{len(points)} points after {stones} stones: Swap2 asks for "
                             + " or ".join(str(n) for n in wanted) + (" or SWAP" if stones else ""))
        for x, y in points:
            if not (0 <= x < state.size and 0 <= y < state.size):
                raise ValueError(f"{point_text(x, y)} is off the {state.size}x{state.size} board")
        placed = [state.point(x, y) for x, y in points]
        if stones == 0:
            moves = placed
        elif len(placed) == 2:
            moves = [MORE, *placed]
        else:
            moves = [WHITE_WORD, *placed]
    trial = state.copy()
    for move in moves:
        if not trial.is_legal(move):
            raise ValueError(f"{trial.move_to_str(move) if isinstance(move, int) else move} is not legal there")
        trial.push(move)
    return moves


def swap2_complete(state: Gomoku, moves: Sequence[Hashable]) -> bool:
    """Whether ``moves``, made from ``state`` by the player asked, are a whole answer:
    three stones on an empty board; ``black``; ``white`` and a stone; ``more`` and two."""
    if not state.stone_order:
        return len(moves) == 3
    if not moves:
        return False
    return len(moves) == {BLACK_WORD: 1, WHITE_WORD: 2, MORE: 3}.get(moves[0], 1)


def answer_line(state: Gomoku, moves: Sequence[Hashable]) -> str:
    """``answer_moves``' inverse: the answer line for our ``moves`` from ``state``."""
    if list(moves[:1]) == [BLACK_WORD]:
        return SWAP
    size = state.size
    return " ".join(point_text(m % size, m // size) for m in moves if isinstance(m, int))
