"""Plain-Python board questions shared by the Connect Four bots.

Each answer reads the rules' own ``ConnectFour`` state through its public
board access (``cell``, ``height``, ``cols``, ``rows``, ``n``); the numba
engine keeps its own arrays (``bots/lib/connect4_search.py``).
"""
from __future__ import annotations

from game.rules.connect4 import DIRECTIONS, ConnectFour


def completes_line(state: ConnectFour, col: int, disc: int) -> bool:
    """Would a ``disc`` dropped in ``col`` now make ``state.n`` in a row?

    The column must have room; the disc counts whoever is to move, so this
    also answers "could the opponent win there next?".
    """
    row = state.height(col)
    cols, rows = state.cols, state.rows
    for dc, dr in DIRECTIONS:
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while 0 <= c < cols and 0 <= r < rows and state.cell(c, r) == disc:
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= state.n:
            return True
    return False


def winning_columns(state: ConnectFour, seat: int) -> list[int]:
    """The columns where ``seat``'s next disc would win, left to right (ignores whose turn it is)."""
    if state.is_over():
        return []
    disc = state.disc(seat)
    return [c for c in range(state.cols) if state.height(c) < state.rows and completes_line(state, c, disc)]


def centre_weights(cols: int) -> list[int]:
    """A weight per column rising towards the middle: 1, 2, 3, 4, 3, 2, 1 on seven columns."""
    return [min(c + 1, cols - c) for c in range(cols)]
