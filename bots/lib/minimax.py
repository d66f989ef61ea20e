"""Exact game values by full minimax, for two-player games small enough to solve.

Values are integers from the point of view of the seat to move, and they
carry the distance to the end so that searches prefer quick wins and slow
losses::

    WIN - p    the mover wins p plies from now with best play (p >= 1)
    0          a draw with best play
    -(WIN - p) the mover loses p plies from now however it defends

Positions are memoised in a dict the caller owns, keyed on ``state.key()``;
a bot that keeps the dict for the life of its process solves each position
once. Only the ``State`` interface is used, so any two-seat game whose tree
fits in memory can use it. The scores are those of ``negamax``, whose
alpha-beta search gives the same values wherever it searches to the end,
but does not keep every position's exact value as this table does.
"""
from __future__ import annotations

from typing import Hashable

from game.rules.core import Move, State
from bots.lib.negamax import WIN, result_text

Table = dict[Hashable, int]


def _check_two_seats(state: State) -> None:
    if state.num_seats != 2:
        raise ValueError(f"{state.game_id} with {state.num_seats} seats is not a two-player game; minimax needs two")


def _one_ply_earlier(child_value: int) -> int:
    """A child's value as seen by the seat that moved into it (one ply further from the end)."""
    value = -child_value
    if value > 0:
        return value - 1
    if value < 0:
        return value + 1
    return 0


def position_value(state: State, table: Table) -> int:
    """The value of ``state`` for the seat to move, solving and memoising as needed."""
    _check_two_seats(state)
    return _solve(state, table)


def _solve(state: State, table: Table) -> int:
    key = state.key()
    value = table.get(key)
    if value is not None:
        return value
    outcome = state.outcome()
    if outcome is not None:
        result = outcome.result_for(state.turn)
        value = WIN if result == "win" else -WIN if result == "loss" else 0
    else:
        value = -WIN
        for move in state.legal_moves():
            state.push(move)
            value = max(value, _one_ply_earlier(_solve(state, table)))
            state.pop()
    table[key] = value
    return value


def move_values(state: State, table: Table) -> dict[Move, int]:
    """The value of each legal move for the seat to move (``WIN - 1``: this move wins)."""
    _check_two_seats(state)
    values = {}
    for move in state.legal_moves():
        state.push(move)
        values[move] = _one_ply_earlier(_solve(state, table))
        state.pop()
    return values


def describe(value: int) -> str:
    """A move value in words: ``'win in k'``, ``'draw'`` or ``'loss in k'`` (see ``negamax.result_text``)."""
    return result_text(value) or "draw"
