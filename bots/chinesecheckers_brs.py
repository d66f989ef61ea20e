"""Hard Chinese Checkers: Best-Reply Search a few plies deep, in numba.

Best-Reply Search (``bots/lib/chinesecheckers_search.py``) lets the bot move,
then answers with the single most damaging reply of any opponent, then lets
it move again, deepening until its thinking time is up; with two players it
is plain alpha-beta. Positions are judged by each seat's distance to its
goal's far tip with a penalty on the marble farthest behind, so the bot
races forward without leaving a straggler. Move generation, make/unmake and
evaluation run in numba over the 121 holes.

Search bots that judge only distances can stall: two of them facing each
other may each wait for the other to open the way, shuffling one marble
back and forth for ever. So at the root (``progress_filter``) the bot never
recreates a board of the last few rounds, and after a few turns without
getting any nearer home it plays only moves that do.
"""
from __future__ import annotations

from typing import Any, Callable

from game.lang import N_
from game.rules.bot import Bot, check_number, check_whole
from game.rules.chinesecheckers import PASS, ChineseCheckers
from game.rules.core import Move, State
from bots.lib.chinesecheckers_engine import PASS_CODE, Position, Tables, decode, tables_for
from bots.lib.chinesecheckers_search import Scratch, SearchParams, best_move
from bots.lib.clock import Deadline
from bots.lib.deepening import Iteration


def check_seconds(seconds: Any) -> float:
    """``seconds`` as a float if it is a sensible thinking time, else ``ValueError``."""
    return check_number("seconds", seconds, 0.01, 60)


#: Part of the budget a move may use at most (the bot's own ``seconds`` is usually less).
BUDGET_SHARE = 0.8
#: The least time a search is given, however short the budget.
LEAST_SECONDS = 0.005
#: Rounds looked back for boards the bot must not bring back.
REPEAT_ROUNDS = 8
#: Own turns without getting nearer home after which only forward moves are played.
STALL_TURNS = 4


def progress_filter(state: ChineseCheckers, position: Position, tables: Tables) -> Callable[[int], bool]:
    """Which root moves (engine codes) keep the game going for the seat to move.

    A move may not recreate a board seen in the last ``REPEAT_ROUNDS`` rounds;
    after ``STALL_TURNS`` own turns with no drop in the seat's distance to
    its goal tip, only moves that lower it are kept.
    """
    seat = state.turn
    dist = tables.dist[seat]
    history = state.copy()
    seen: set[bytes] = set()
    before: list[int] = []
    for _ in range(min(REPEAT_ROUNDS * state.num_seats, len(history.move_stack))):
        history.pop()
        seen.add(bytes(history.board))
        if history.turn == seat:
            before.append(sum(int(dist[h]) for h, v in enumerate(history.board) if v == seat + 1))
    stalled = len(before) >= STALL_TURNS and int(position.dist_sum[seat]) >= before[STALL_TURNS - 1]
    board = position.board

    def keep(code: int) -> bool:
        _, start, end = decode(code)
        if stalled and dist[end] >= dist[start]:
            return False
        after = board.copy()
        after[start], after[end] = 0, seat + 1
        return after.tobytes() not in seen

    return keep


def rules_move(state: ChineseCheckers, code: int) -> Move:
    """The rules' move (a path of holes) for an engine move code of the seat to move."""
    if code == PASS_CODE:
        return PASS
    _, start, end = decode(code)
    return state.moves_from(start)[end]


class ChineseCheckersBRS(Bot):
    """Best-Reply Search with alpha-beta and iterative deepening."""

    name = "Chinese Checkers best-reply search"
    games = ("chinesecheckers",)
    description = N_("looks a few moves ahead and blocks rivals. Races home and answers the most dangerous rival")

    def __init__(self, seconds: float = 0.5, straggler: int = 6, leader: int = 50,
                 seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.seconds = check_seconds(seconds)
        self.params = SearchParams(straggler_weight=check_whole("straggler", straggler, 0, 100),
                                   leader_weight=check_whole("leader", leader, 0, 100))
        self.scratch = Scratch()
        self.last: Iteration | None = None

    @classmethod
    def warm_up(cls) -> None:
        """Compile the search kernels (loaded from numba's cache after the first launch)."""
        cls(seconds=0.05).choose_move(ChineseCheckers(players=3), 0.05)

    def deadline(self, budget: float) -> Deadline:
        """When to stop searching, from now: after the bot's own ``seconds``, but never more than
        ``BUDGET_SHARE`` of the budget."""
        return Deadline.for_move(budget, BUDGET_SHARE, most=self.seconds, least=LEAST_SECONDS)

    def choose_move(self, state: State, budget: float) -> Move:
        assert isinstance(state, ChineseCheckers)
        tables = tables_for(state.num_seats)
        position = Position.of_state(state)
        keep = progress_filter(state, position, tables)
        self.last = best_move(position, tables, state.turn, self.deadline(budget), self.params, self.scratch,
                              self.rng, keep)
        return rules_move(state, self.last.move)
