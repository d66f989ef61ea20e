"""Negamax with alpha-beta, principal-variation search and a transposition table, over the rules' ``State``.

Written once for every two-seat game, as OpenSpiel writes its algorithms
against its game interface: the search uses only ``legal_moves``, ``push``,
``pop``, ``outcome``, ``turn`` and ``key`` of a state, and a game's bot
brings its knowledge through hooks:

* ``evaluate(state)``: the value of a position at the search's horizon for
  the side to move, inside ``±WIN_BOUND`` (the one hook a bot must give);
* ``moves(state)``: the moves to try, best guess first (default
  ``legal_moves()``); the best move an earlier search stored for the
  position is tried first whatever the order;
* ``terminal(state)``: the score of a position decided without search, or
  ``None`` to search it (default: from ``outcome()``); a game that sees a
  win in one cheaply says so here;
* ``key(state)``: the transposition table's key (default ``state.key()``;
  a game with its own hash passes it).

Scores carry the distance to the end (as ``minimax`` does): a win ``p``
plies from the root scores ``WIN - p``, a loss ``-(WIN - p)``, a draw 0, so
the search prefers the quickest win and the slowest loss. A hook scores
the position it is asked about: ``terminal`` gives ``-WIN`` for a side that
has lost and ``WIN - 1`` for one that wins with its next move. The table
keeps scores in that form too, so an entry holds wherever the position
recurs; it lives as long as the ``Negamax`` object, so the depths of one
move's iterative deepening, and later moves, reuse it. These rules of
scores and bounds are written here once, in Python; ``ttable`` compiles
the same functions for the numba searches.

Principal-variation search: a node's first move is searched with the full
window, the others with a null window just above alpha, and only a move
that beats it is searched again with the full window.
"""
from __future__ import annotations

from operator import methodcaller
from typing import Callable, Hashable, Iterator, Sequence

from game.rules.core import Move, State
from bots.lib.clock import Deadline
from bots.lib.deepening import Iteration, deepen

WIN = 1_000_000
#: Scores beyond this are forced wins (or, negated, losses); evaluations stay inside it.
WIN_BOUND = WIN - 1000
_INFINITY = WIN + 1
#: The table's bounds: the stored score is exact, at least or at most the true one.
EXACT, LOWER, UPPER = 0, 1, 2
#: Nodes between two looks at the clock (a power of two, less one).
_CLOCK_EVERY = 1023
#: Entries the table holds before it is cleared. A dict, not one of ``ttable``'s layouts: the keys are
#: any hashable a game gives, and this search in Python imports no numba.
MAX_ENTRIES = 1 << 20
#: The stored best move of a position not in the table.
_NO_MOVE = object()


def decided(score: int) -> bool:
    """Whether ``score`` is a forced win or loss rather than an evaluation."""
    return abs(score) > WIN_BOUND


def result_text(score: int) -> str | None:
    """A forced result in words, ``'win in k'`` or ``'loss in k'``, else ``None``.

    ``k`` counts the winner's moves: ``'win in 1'`` wins with this move,
    ``'win in 2'`` with the mover's next one; ``'loss in 1'`` means the
    opponent wins with their very next move.
    """
    if score > WIN_BOUND:
        return f"win in {(WIN - score + 1) // 2}"
    if score < -WIN_BOUND:
        return f"loss in {(WIN + score) // 2}"
    return None


def outcome_score(state: State) -> int | None:
    """The score of a finished game for the side to move (``WIN``, ``-WIN`` or 0), else ``None``."""
    outcome = state.outcome()
    if outcome is None:
        return None
    result = outcome.result_for(state.turn)
    return WIN if result == "win" else -WIN if result == "loss" else 0


def from_table(score: int, ply: int) -> int:
    """A score as a node ``ply`` plies below the root gives it (and the table keeps it), as seen
    from the root."""
    if score > WIN_BOUND:
        return score - ply
    if score < -WIN_BOUND:
        return score + ply
    return score


def to_table(score: int, ply: int) -> int:
    """The inverse of ``from_table``: a score seen from the root as the node ``ply`` plies below
    gives it, for the table."""
    if score > WIN_BOUND:
        return score + ply
    if score < -WIN_BOUND:
        return score - ply
    return score


def bound_of(best: int, alpha: int, beta: int) -> int:
    """The bound a fail-soft node's ``best`` is, its window having been ``(alpha, beta)``."""
    if best <= alpha:
        return UPPER
    if best >= beta:
        return LOWER
    return EXACT


def settles(flag: int, value: int, alpha: int, beta: int) -> bool:
    """Whether a stored ``value`` with bound ``flag`` answers a node searching ``(alpha, beta)``."""
    return flag == EXACT or (flag == LOWER and value >= beta) or (flag == UPPER and value <= alpha)


class _OutOfTime(Exception):
    """The deadline passed during a search: unwind to the root."""


class Negamax:
    """Alpha-beta (PVS) search with a transposition table for two-seat games; see the module notes.

    ``nodes`` counts the positions searched since ``deepen`` last began (or the object was made).
    """

    def __init__(self, evaluate: Callable[[State], int], moves: Callable[[State], Sequence[Move]] | None = None,
                 terminal: Callable[[State], int | None] = outcome_score,
                 key: Callable[[State], Hashable] | None = None, max_entries: int = MAX_ENTRIES) -> None:
        self.evaluate = evaluate
        self.moves = moves or methodcaller("legal_moves")
        self.terminal = terminal
        self.key = key or methodcaller("key")
        self.max_entries = max_entries
        #: key -> (depth, bound, score as the node gives it, best move)
        self.table: dict[Hashable, tuple[int, int, int, Move]] = {}
        self.nodes = 0
        self._deadline: Deadline | None = None

    def deepen(self, state: State, deadline: Deadline, max_depth: int, moves: Sequence[Move] | None = None,
               exact: bool = False, start_before: float = 1.0) -> Iterator[Iteration]:
        """Iterative deepening of ``search`` (``deepening.deepen``); ``nodes`` counts from here."""
        self.nodes = 0
        return deepen(lambda depth, until: self.search(state, depth, until, moves, exact),
                      deadline, max_depth, start_before)

    def search(self, state: State, depth: int, deadline: Deadline | None = None,
               moves: Sequence[Move] | None = None, exact: bool = False) -> Iteration | None:
        """The best of ``moves`` (default: the ``moves`` hook's) searched ``depth`` plies deep.

        Ties go to the move tried first: the best move an earlier search
        stored, then ``moves`` in order. ``values`` of the result has every
        move's score: exact with ``exact`` (each move searched with the full
        window, for analysis), else exact for the best and an upper bound for
        the rest. When ``deadline`` passes the search stops and returns
        ``None``, or, if the moves it finished include one that beat the
        first, that move as an incomplete iteration. ``state`` is left as
        it was given.
        """
        if state.num_seats != 2:
            raise ValueError(f"{state.game_id} with {state.num_seats} seats is not a two-player game; "
                             "negamax needs two")
        if depth < 1:
            raise ValueError(f"a search looks at least 1 ply ahead, not {depth}")
        root_moves = list(self.moves(state) if moves is None else moves)
        if not root_moves:
            raise ValueError(f"no move to search: the game {state.to_text()!r} is over")
        key = self.key(state)
        entry = self.table.get(key)
        if entry is not None and entry[3] in root_moves:
            root_moves.remove(entry[3])
            root_moves.insert(0, entry[3])
        plies = len(state.move_stack)
        self._deadline = deadline
        alpha = best = -_INFINITY
        best_move = root_moves[0]
        values: dict[Move, int] = {}
        try:
            for move in root_moves:
                state.push(move)
                if exact or not values:
                    value = -self._search(state, depth - 1, -_INFINITY, -alpha, 1)
                else:
                    value = -self._search(state, depth - 1, -alpha - 1, -alpha, 1)
                    if value > alpha:
                        value = -self._search(state, depth - 1, -_INFINITY, -alpha, 1)
                state.pop()
                values[move] = value
                if value > best:
                    best, best_move = value, move
                    if not exact:
                        alpha = value
        except _OutOfTime:
            while len(state.move_stack) > plies:
                state.pop()
            if exact or best_move == root_moves[0]:
                return None
            return Iteration(depth, best, best_move, self.nodes, complete=False, values=values)
        finally:
            self._deadline = None
        self._store(key, depth, EXACT, best, best_move)
        proven = all(decided(v) for v in values.values()) if exact else decided(best)
        return Iteration(depth, best, best_move, self.nodes, proven=proven, values=values)

    def _search(self, state: State, depth: int, alpha: int, beta: int, ply: int) -> int:
        """The score of ``state`` for the side to move, ``ply`` plies below the root, within ``(alpha, beta)``.

        Fail-soft: a score ``<= alpha`` is an upper bound, ``>= beta`` a lower
        bound, in between exact.
        """
        self.nodes += 1
        if self.nodes & _CLOCK_EVERY == 0 and self._deadline is not None and self._deadline.passed():
            raise _OutOfTime
        score = self.terminal(state)
        if score is not None:
            return from_table(score, ply)
        if depth <= 0:
            return self.evaluate(state)
        key = self.key(state)
        entry = self.table.get(key)
        hint = _NO_MOVE
        if entry is not None:
            stored_depth, bound, stored, hint = entry
            if stored_depth >= depth:
                value = from_table(stored, ply)
                if settles(bound, value, alpha, beta):
                    return value
        moves = self.moves(state)
        if hint is not _NO_MOVE and hint in moves:
            moves = [hint, *(move for move in moves if move != hint)]
        if not moves:
            raise ValueError(f"{state.to_text()!r} has no legal move, yet the terminal hook did not score it")
        first_alpha = alpha
        best, best_move = -_INFINITY, moves[0]
        for index, move in enumerate(moves):
            state.push(move)
            if index == 0:
                value = -self._search(state, depth - 1, -beta, -alpha, ply + 1)
            else:
                value = -self._search(state, depth - 1, -alpha - 1, -alpha, ply + 1)
                if alpha < value < beta:
                    value = -self._search(state, depth - 1, -beta, -alpha, ply + 1)
            state.pop()
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store(key, depth, bound_of(best, first_alpha, beta), to_table(best, ply), best_move)
        return best

    def _store(self, key: Hashable, depth: int, bound: int, score: int, move: Move) -> None:
        if len(self.table) >= self.max_entries:
            self.table.clear()
        self.table[key] = (depth, bound, score, move)
