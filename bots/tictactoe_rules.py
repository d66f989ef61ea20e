"""Medium Tic-tac-toe: the rule chain of the second seed article.

The article answers each position with a chain of responsibility: handlers
are tried in order and the first that has a move plays it::

    win now -> block the opponent's win -> prevent a fork -> strategic move

No search, no table of positions: each handler is a count over the eight
lines (``bots/lib/tictactoe_lines.py``). Tie-breaks are fixed (first line in
``LINES`` order, lowest cell), so the bot is deterministic and the counts of
every game against it can be enumerated and repeated.

Two fork handlers are offered:

* ``faithful=True``: the article's own code. It looks only at the row and
  column meeting at each corner; when both hold one opponent piece and the
  corner is empty, it takes the row's middle cell if free, else its ends.
  Enumerated against every opponent sequence with the opponent moving first
  (as the article does), it gives the article's figures exactly: 489 games,
  364 won, 125 drawn, none lost.
* ``faithful=False`` (default): every pair of crossing lines, and a move is
  only accepted if it really defuses the fork: after it the opponent has no
  fork, or it makes a line of two the opponent must block and, following the
  forced replies, the opponent still gets no double threat. This version
  also loses no game against any sequence, and from every reachable position
  it never turns a drawn or won game into a lost one; the article's version
  does so from 37 of them (positions its own play avoids, but which a game
  handed over mid-way can reach). ``benchmarks/tictactoe_exhaustive.py``
  prints these counts.
"""
from __future__ import annotations

from typing import Callable, Sequence

from game.lang import N_
from game.rules.bot import Bot
from game.rules.core import Move, State
from game.rules.tictactoe import EMPTY, winning_line
from bots.lib.tictactoe_lines import (
    CORNER_LINES,
    CROSSING_LINES,
    completing_cells,
    empty_cell,
    first_completing_cell,
    fork_cells,
    impact,
    line_score,
    other,
)

Handler = Callable[[list[int], int], int | None]


class TicTacToeRules(Bot):
    """Win, block, prevent a fork, else take the cell on the most live lines."""

    name = "Tic-tac-toe rules"
    games = ("tictactoe",)
    description = N_("follows a few good habits. Wins, blocks, stops forks, else takes the best square")

    def __init__(self, faithful: bool = False, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        if not isinstance(faithful, bool):
            raise TypeError(f"faithful must be true or false, got {faithful!r}")
        self.faithful = faithful
        fork_handler = self.prevent_corner_fork if faithful else self.prevent_fork
        self.handlers: tuple[Handler, ...] = (self.win_now, self.block_win, fork_handler, self.strategic_move)

    def choose_move(self, state: State, budget: float) -> Move:
        board = list(state.board)
        me = state.mark(state.turn)
        for handler in self.handlers:
            cell = handler(board, me)
            if cell is not None:
                return cell
        raise ValueError(f"no empty cell to play in {state.to_text()!r}")

    # -- the chain ----------------------------------------------------------
    @staticmethod
    def win_now(board: list[int], me: int) -> int | None:
        """Complete a line of two of mine."""
        return first_completing_cell(board, me)

    @staticmethod
    def block_win(board: list[int], me: int) -> int | None:
        """Fill the gap in the opponent's line of two."""
        return first_completing_cell(board, other(me))

    @staticmethod
    def prevent_corner_fork(board: list[int], me: int) -> int | None:
        """The article's check: a corner's row and column each hold one opponent piece."""
        opponent = other(me)
        for row, column, corner in CORNER_LINES:
            if (
                line_score(board, row, opponent) == 1
                and line_score(board, column, opponent) == 1
                and board[corner] != opponent
            ):
                return empty_cell(board, row)
        return None

    @classmethod
    def prevent_fork(cls, board: list[int], me: int) -> int | None:
        """Stop the opponent from making two lines of two with one move.

        Candidates are tried in the article's order (each fork line's middle
        cell, then its ends; then the other cells, busiest first) and the
        first that defuses every fork is played.
        """
        opponent = other(me)
        if not fork_cells(board, opponent):
            return None
        for cell in cls._fork_defences(board, opponent):
            after = list(board)
            after[cell] = me
            if cls._opponent_kept_from_forking(after, me):
                return cell
        return None

    @staticmethod
    def strategic_move(board: list[int], me: int) -> int | None:
        """The empty cell on the most live lines (lowest cell on a tie)."""
        scores = impact(board)
        empty = [cell for cell in range(9) if board[cell] == EMPTY]
        if not empty:
            return None
        return max(empty, key=lambda cell: (scores[cell], -cell))

    # -- fork defence -------------------------------------------------------
    @staticmethod
    def _fork_defences(board: Sequence[int], opponent: int) -> list[int]:
        """Cells to try against a fork: the fork lines' cells first, middle cells first."""
        candidates: list[int] = []
        for a, b, shared in CROSSING_LINES:
            if board[shared] == EMPTY and line_score(board, a, opponent) == 1 and line_score(board, b, opponent) == 1:
                for line in (a, b):
                    for cell in (line[1], line[0], line[2]):
                        if board[cell] == EMPTY and cell not in candidates:
                            candidates.append(cell)
        scores = impact(board)
        rest = [c for c in range(9) if board[c] == EMPTY and c not in candidates]
        return candidates + sorted(rest, key=lambda c: (-scores[c], c))

    @classmethod
    def _opponent_kept_from_forking(cls, board: list[int], me: int) -> bool:
        """After my move (opponent to play): can they never get two threats at once?

        Follows only forced moves: my line of two must be blocked, their
        line of two must be blocked. When the opponent is free to move it
        must have no fork; when I am free to move I need one move that keeps
        them from forking again.
        """
        opponent = other(me)
        my_threats = completing_cells(board, me)
        if len(my_threats) >= 2:
            return True
        if not my_threats:
            return not fork_cells(board, opponent)
        board = list(board)
        board[my_threats[0]] = opponent
        their_threats = completing_cells(board, opponent)
        if len(their_threats) >= 2:
            return False
        if their_threats:
            board[their_threats[0]] = me
            if winning_line(board) is not None:
                return True
            return cls._opponent_kept_from_forking(board, me)
        if not fork_cells(board, opponent):
            return True
        for cell in range(9):
            if board[cell] == EMPTY:
                board[cell] = me
                kept = cls._opponent_kept_from_forking(board, me)
                board[cell] = EMPTY
                if kept:
                    return True
        return False
