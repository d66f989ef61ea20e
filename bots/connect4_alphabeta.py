"""Hard Connect Four: alpha-beta search to a configured depth with a threat evaluation.

The engine (``bots/lib/connect4_search.py``, numba) searches by negamax
with alpha-beta, a transposition table, killer moves and the history
heuristic, and judges the positions at its horizon by open windows and
threats, valuing the first player's threats on odd rows and the second
player's on even rows most (Allis's zugzwang rule). It works on every board
size and N the rules allow.

A move is chosen by iterative deepening, one ply deeper each time up to
``depth`` (``config.yaml``), and stops early when the time budget runs out
(keeping the last finished depth) or a forced result is found. Before any
search it plays a winning disc if it has one, blocks a playable opponent
threat, and leaves out moves that let the opponent win at once whenever
another move exists. Root moves are searched in a random order (``self.rng``),
so among equally good moves it varies from game to game.

``best_move_within(state, budget)`` is the same search without the depth
limit, for callers (Master on boards its solver does not cover) that want
the deepest answer a budget allows.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from game.rules.bot import Bot, MoveValue, check_whole
from game.rules.connect4 import ConnectFour
from bots.lib.connect4_search import WIN, WIN_BOUND, Engine

#: Part of the budget a move may use (the rest covers process overhead and the next move's start).
BUDGET_SHARE = 0.5
#: Nodes per second assumed before the first iteration has been timed.
FIRST_GUESS_NPS = 1_000_000


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the move, its score, and how deep it looked."""

    move: int
    score: int
    depth: int
    nodes: int


class ConnectFourAlphaBeta(Bot):
    """Iterative-deepening alpha-beta to ``depth`` plies with a threat-aware evaluation."""

    name = "Connect Four alpha-beta"
    games = ("connect4",)
    description = "alpha-beta search a few moves deep, judging threats by row parity"

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

    def choose_move(self, state: ConnectFour, budget: float) -> int:
        return self.search(state, budget * BUDGET_SHARE, self.depth).move

    def best_move_within(self, state: ConnectFour, budget: float) -> int:
        """The best move iterative deepening finds in ``budget`` seconds, with no depth limit.

        Never a move that lets the opponent win at once when another exists.
        """
        return self.search(state, budget, state.cols * state.rows).move

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
            found = self._deepen(engine, rest, budget * BUDGET_SHARE, self.depth, exact=True)
            if found is not None:
                values.update(zip(rest, (int(v) for v in found[1])))
            else:
                values.update((col, 0) for col in rest)
        return {col: MoveValue(float(value), self.describe(value)) for col, value in values.items()}

    @staticmethod
    def describe(score: int) -> str:
        """``'win in 2'``, ``'loss in 1'`` or the evaluation as ``'+1.20'``."""
        if score > WIN_BOUND:
            return f"win in {(WIN - score + 1) // 2}"
        if score < -WIN_BOUND:
            return f"loss in {(WIN + score) // 2}"
        return f"{score / 100:+.2f}"

    def search(self, state: ConnectFour, seconds: float, max_depth: int) -> SearchResult:
        """Iterative deepening up to ``max_depth`` plies within ``seconds``; see the module notes."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        engine = Engine(state)
        me, them = engine.player, 3 - engine.player
        wins = [col for col in moves if engine.wins_now(col, me)]
        if wins:
            return SearchResult(self.rng.choice(wins), WIN - 1, 1, 0)
        blocks = [col for col in moves if engine.wins_now(col, them)]
        candidates = blocks or moves
        safe = [col for col in candidates if not self._gives_win(engine, state, col, them)]
        candidates = safe or candidates
        if len(candidates) == 1:
            return SearchResult(candidates[0], 0, 0, 0)
        self.rng.shuffle(candidates)
        found = self._deepen(engine, candidates, seconds, max_depth, exact=False)
        if found is None:
            return SearchResult(candidates[0], 0, 0, engine.nodes)
        depth, values, best = found
        return SearchResult(candidates[best], int(values[best]), depth, engine.nodes)

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

    def _deepen(self, engine: Engine, moves: list[int], seconds: float, max_depth: int, exact: bool):
        """Search ``moves`` one ply deeper at a time; ``(depth, values, best index)`` of the
        last finished depth, or ``None`` if not even depth 1 finished in time.

        ``moves`` is reordered in place: each finished depth's best goes first.
        """
        start = time.perf_counter()
        deadline = start + seconds
        nps = FIRST_GUESS_NPS
        found = None
        empty = engine.cols * engine.rows - engine.filled
        for depth in range(1, min(max_depth, empty) + 1):
            now = time.perf_counter()
            remaining = deadline - now
            if remaining <= 0:
                break
            nodes_before = engine.nodes
            limit = nodes_before + max(1000, int(nps * remaining))
            best, values, aborted = engine.search(moves, depth, limit, exact)
            spent = time.perf_counter() - now
            if engine.nodes - nodes_before > 5000 and spent > 0:
                nps = (engine.nodes - nodes_before) / spent
            if aborted:
                break
            found = (depth, values.copy(), best)
            if not exact and best > 0:
                moves.insert(0, moves.pop(best))
                values = values[[best, *[i for i in range(len(values)) if i != best]]]
                found = (depth, values, 0)
            if abs(int(values[found[2]])) > WIN_BOUND and not exact:
                break
            if exact and all(abs(int(v)) > WIN_BOUND for v in values):
                break
        return found
