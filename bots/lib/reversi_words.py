"""Reversi values in the words a player reads: whole discs, never a raw fraction.

Shared by the Reversi bots' hints (``analyse``) so that every tier says a
value the same way: ``'wins by 6'`` for an exact result, ``'about +3 discs'``
for an estimate (which the caller marks as one).
"""
from __future__ import annotations

import math


def exact_text(score: int) -> str:
    """An exact final disc difference for the side to move in words: ``'wins by 6'``, ``'draw'``."""
    if score > 0:
        return f"wins by {score}"
    if score < 0:
        return f"loses by {-score}"
    return "draw"


def discs_text(discs: float) -> str:
    """An estimate of the final disc difference in words: ``'about +3 discs'``, ``'about even'``."""
    return about(discs, "disc")


def about(value: float, unit: str) -> str:
    """An estimate in whole ``unit``s (halves rounded away from 0): ``'about +3 discs'``, ``'about even'``."""
    whole = int(math.copysign(math.floor(abs(value) + 0.5), value))
    if whole == 0:
        return "about even"
    return f"about {whole:+d} {unit}{'' if abs(whole) == 1 else 's'}"
