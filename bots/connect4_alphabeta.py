"""Hard Connect Four: alpha-beta search to a configured depth with a threat evaluation.

The engine (``bots/lib/connect4_search.py``, numba) searches by negamax
with alpha-beta, a transposition table, killer moves and the history
heuristic, and judges the positions at its horizon by open windows and
threats, valuing the first player's threats on odd rows and the second
player's on even rows most (Allis's zugzwang rule). It works on every board
size and N the rules allow.

A move is chosen by iterative deepening (``bots/lib/deepening.py``), one
ply deeper each time up to ``depth`` (``config.yaml``), one call into the
engine per depth; it stops early when half the time budget has gone
(keeping the last finished depth) or a forced result is found. Before any
search it plays a winning disc if it has one, blocks a playable opponent
threat, and leaves out moves that let the opponent win at once whenever
another move exists. Root moves are searched in a random order (``self.rng``),
so among equally good moves it varies from game to game.

``best_move_within(state, deadline)`` is the same search without the depth
limit, for callers (Master on boards its solver does not cover) that want
the deepest answer a deadline allows.
"""
from __future__ import annotations

from dataclasses import replace

from game.lang import N_
from game.rules.bot import Bot, MoveValue, check_whole
from game.rules.connect4 import ConnectFour
from bots.lib.clock import Deadline, NodeRate
from bots.lib.connect4_search import WIN, Engine
from bots.lib.deepening import Iteration, Search, deepen, deepest
from bots.lib.negamax import decided, result_text

#: Part of the budget a move may use (the rest covers process overhead and the next move's start).
BUDGET_SHARE = 0.5
#: Nodes per second assumed before the first iteration has been timed.
FIRST_GUESS_NPS = 1_000_000


#: The board whose first move is proven (Allis, 1988): on 7x6, four in a row, the first player
#: wins only by the centre column (0-based 3); Master's book opens with it, Hard's search plays it.
SOLVED_BOARD = (7, 6, 4)
CENTRE = 3


def proven_first_move(state: ConnectFour) -> int | None:
    """The centre column on the empty 7x6 board with four in a row (the only winning first move,
    proven), else None."""
    if (state.cols, state.rows, state.n) == SOLVED_BOARD and not any(state.heights):
        return CENTRE
    return None


class ConnectFourAlphaBeta(Bot):
    """Iterative-deepening alpha-beta to ``depth`` plies with a threat-aware evaluation."""

    name = "Connect Four alpha-beta"
    games = ("connect4",)
    description = N_("sees several moves ahead and sets traps. "
                      "Looks several moves ahead and knows which threats will pay off")

    def __init__(self, depth: int = 8, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.depth = check_whole("depth", depth, 1, 100, "plies")

    @classmethod
    def warm_up(cls) -> None:
        """Compile the engine's kernels (loaded from numba's disk cache after the first time)."""
        state = ConnectFour.from_text("1223", cols=4, rows=4, n=3)
        bot = cls(depth=3, seed=0)
        bot.choose_move(state, 5.0)
        bot.analyse(state, 5.0)

    def move_before_warm_up(self, state: ConnectFour) -> int | None:
        """The centre on the empty 7x6 board (``proven_first_move``: what its search plays there,
        and the proven best), so a first game on a new machine sees it before the engine compiles."""
        return proven_first_move(state)

    def choose_move(self, state: ConnectFour, budget: float) -> int:
        return self.search(state, Deadline.for_move(budget, BUDGET_SHARE), self.depth).move

    def best_move_within(self, state: ConnectFour, deadline: Deadline) -> int:
        """The best move iterative deepening finds by ``deadline``, with no depth limit.

        Never a move that lets the opponent win at once when another exists.
        """
        return self.search(state, deadline, state.cols * state.rows).move

    def analyse(self, state: ConnectFour, budget: float) -> dict[int, MoveValue]:
        """Every legal column's score at the deepest depth (up to ``depth``) the budget allows.

        Text is ``'win in k'`` / ``'loss in k'`` when the search sees a forced
        result (``k`` counts the winner's moves, this one being the mover's
        first), else the evaluation in hundredths, like ``'+1.20'``.
        """
        moves = state.legal_moves()
        if not moves:
            return {}
        engine = Engine(state)
        values = {col: WIN - 1 for col in moves if engine.wins_now(col, engine.player)}
        rest = [col for col in moves if col not in values]
        if rest:
            found = deepest(deepen(self._depth_search(engine, rest, exact=True),
                                   Deadline.for_move(budget, BUDGET_SHARE), min(self.depth, self._empty(engine))))
            values.update(found.values if found is not None else dict.fromkeys(rest, 0))
        return {col: MoveValue(float(value), self.describe(value)) for col, value in values.items()}

    @staticmethod
    def describe(score: int) -> str:
        """``'win in 2'``, ``'loss in 1'`` or the evaluation as ``'+1.20'``."""
        return result_text(score) or f"{score / 100:+.2f}"

    def search(self, state: ConnectFour, deadline: Deadline, max_depth: int) -> Iteration:
        """Iterative deepening up to ``max_depth`` plies until ``deadline``; see the module notes.

        The result counts the nodes of every depth searched, a cut-off one included.
        """
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        engine = Engine(state)
        me, them = engine.player, 3 - engine.player
        wins = [col for col in moves if engine.wins_now(col, me)]
        if wins:
            return Iteration(1, WIN - 1, self.rng.choice(wins), proven=True)
        blocks = [col for col in moves if engine.wins_now(col, them)]
        candidates = blocks or moves
        safe = [col for col in candidates if not self._gives_win(engine, state, col, them)]
        candidates = safe or candidates
        if len(candidates) == 1:
            return Iteration(0, 0, candidates[0])
        self.rng.shuffle(candidates)
        found = deepest(deepen(self._depth_search(engine, candidates, exact=False), deadline,
                               min(max_depth, self._empty(engine))))
        return replace(found, nodes=engine.nodes) if found else Iteration(0, 0, candidates[0], engine.nodes)

    @staticmethod
    def _empty(engine: Engine) -> int:
        return engine.cols * engine.rows - engine.filled

    @staticmethod
    def _gives_win(engine: Engine, state: ConnectFour, col: int, them: int) -> bool:
        """Does a disc in ``col`` open the cell above it to an opponent's winning disc?"""
        row = int(engine.heights[col])
        if row + 1 >= state.rows:
            return False
        engine.heights[col] += 1
        gives = engine.wins_now(col, them)
        engine.heights[col] -= 1
        return gives

    @staticmethod
    def _depth_search(engine: Engine, moves: list[int], exact: bool) -> Search:
        """One depth of the engine's search over ``moves`` (no move may win at once), for ``deepen``.

        The kernel counts nodes rather than reading the clock: it gets the
        nodes the time left allows at the speed measured so far. Unless
        ``exact``, each finished depth's best move goes first in ``moves``
        for the next; with ``exact`` every move is searched with the full
        window, and the result is proven once every move's is.
        """
        rate = NodeRate(FIRST_GUESS_NPS)

        def search(depth: int, deadline: Deadline) -> Iteration | None:
            begun, nodes_before = deadline.clock(), engine.nodes
            best, values, aborted = engine.search(moves, depth, nodes_before + rate.nodes_for(deadline.left()), exact)
            rate.record(engine.nodes - nodes_before, deadline.clock() - begun)
            if aborted:
                return None
            scores = {col: int(value) for col, value in zip(moves, values)}
            move = moves[best]
            if not exact:
                moves.insert(0, moves.pop(best))
            proven = all(decided(v) for v in scores.values()) if exact else decided(scores[move])
            return Iteration(depth, scores[move], move, engine.nodes, proven=proven, values=scores)

        return search
