"""Hard Reversi: iterative-deepening PVS over mobility, corners, edges and stability, and an exact endgame.

Until the empty squares fit ``exact_empties`` (``config.yaml``), a move is
chosen by iterative deepening (``bots/lib/deepening.py``) of the numba PVS
in ``bots/lib/reversi_search.py``, one call into numba per depth, with
Hard's evaluation (``bots/lib/reversi_eval.py``): mobility, potential
mobility, corners, X and C squares next to an empty corner, stable edge
discs. Once they fit, the exact solver (``bots/lib/reversi_endgame.py``)
finds a move of the best final disc difference; should that not finish in
its share of the time, the search plays as before in what is left. Root
moves are shuffled by ``self.rng`` first, so equal moves vary between games.

Scores follow the game's counting: with empties to the winner (the
default) a finished game's disc difference gives the winner every empty
square; with ``split`` counting each side gets half, the odd one going to
the winner. The solver optimises the count the game is played with.

``analyse`` values each legal move the solver finishes within the budget
exactly (the final disc difference under perfect play, ``'wins by 6'``)
and the others as estimates of the search's deepest finished depth in
whole discs for the side to move (``'about +3 discs (estimate)'``), each
marked for what it is (``MoveValue.exact``; an estimate's words say so too): a hint that proved some moves but not all is asked
again with more time, and shows the position's value only once proven.
"""
from __future__ import annotations

import math
from typing import ClassVar

from game.lang import N_
from game.rules.bot import Bot, MoveValue, check_whole
from game.rules.reversi import PASS, Reversi, flip_mask, legal_mask, squares_of
from bots.lib import clock
from bots.lib.clock import Deadline, NodeRate
from bots.lib.deepening import Iteration, Search, deepen, deepest
from bots.lib.kernel_cache import disk_cached
from bots.lib.reversi_endgame import SolveAborted, Solver, solve_kernel
from bots.lib.reversi_search import MidgameSearch
from bots.lib.reversi_words import discs_text, exact_text

#: Part of the budget a move may use (the rest covers the worker's overhead).
BUDGET_SHARE = 0.6
#: Part of a move's time the exact solve may take before the search gets what is left.
EXACT_SHARE = 0.7
#: Nodes per second assumed before a depth has been timed (the search's measured speed is several millions).
FIRST_GUESS_NPS = 2_000_000
#: Nodes of a timed solve's first try, which also measures the speed for the second.
FIRST_TRY_NODES = 1 << 20
#: Table size of the solver (2**20 entries of 24 bytes: 24 MB), one per process.
SOLVER_TABLE_BITS = 20
#: FFO #1 (14 empties): a position the warm-up solves and searches to compile every kernel.
WARM_UP_POSITION = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


class ReversiHard(Bot):
    """PVS with Hard's evaluation in the midgame; the exact solver from ``exact_empties`` empties on."""

    name = "Reversi Hard"
    games = ("reversi",)
    description = N_("sees several moves ahead, perfect near the end. "
                      "Looks several moves ahead for corners, edges and room to move; perfect near the end")

    _solver: ClassVar[Solver | None] = None
    #: True from ``warm_up`` until ``warm_up_later`` has compiled the solver (see ``solves``).
    _solver_waits: ClassVar[bool] = False

    def __init__(self, exact_empties: int = 18, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.exact_empties = check_whole("exact_empties", exact_empties, 0, 30, "empty squares")
        self._search = self._new_search()
        #: The search that picks moves in play: ``_search`` here; Master's is a selective one of its own,
        #: so that no table entry of a selective search reaches the full-width search behind hints.
        self._play_search = self._search
        #: The depth of the search behind the estimates of the last ``analyse`` (None: none yet).
        self.searched_depth: int | None = None

    def _new_search(self) -> MidgameSearch:
        """A midgame search over this tier's evaluation (Hard's features; Master's pattern tables)."""
        return MidgameSearch()

    @property
    def nodes(self) -> int:
        """Nodes searched so far: this bot's midgame searches' (in play and for hints) and the
        process's exact solver's (which every Hard and Master of the process shares)."""
        searches = {id(search): search for search in (self._search, self._play_search)}
        return sum(search.nodes for search in searches.values()) + self.solver().nodes

    @classmethod
    def solver(cls) -> Solver:
        """The process's solver (its table is kept from move to move: what it holds stays true)."""
        if cls._solver is None:
            cls._solver = Solver(SOLVER_TABLE_BITS)
        return cls._solver

    @classmethod
    def warm_up(cls) -> None:
        """Compile the search's kernels (a small table, nothing kept); the solver waits for ``warm_up_later``.

        The solver is two thirds of a first compile and no game needs it
        before ``exact_empties``; until ``warm_up_later`` has run, a position
        that would be solved is searched instead, so its compile never runs on
        a move's clock. When numba's disk cache already holds the solver, it
        is loaded at once (a fraction of a second) and nothing waits.
        """
        state = Reversi.read(WARM_UP_POSITION)
        own, opp = _sides(state)
        MidgameSearch(table_bits=8).search(own, opp, state.legal_moves(), 3)
        if disk_cached(solve_kernel) and not ReversiHard._solver_waits:
            cls.warm_up_later()
        else:
            ReversiHard._solver_waits = True

    @classmethod
    def warm_up_later(cls) -> None:
        """Compile the exact solver's kernels on a 14-empties position (a small table, nothing kept)."""
        state = Reversi.read(WARM_UP_POSITION)
        own, opp = _sides(state)
        Solver(table_bits=8).solve(own, opp)
        Solver(table_bits=8).solve(own, opp, split=True)
        ReversiHard._solver_waits = False

    def move_before_warm_up(self, state: Reversi) -> int | None:
        """From the start position, before the search is compiled: one of the four first moves
        at random. They are alike by the board's symmetry, so the search values them the
        same; a first game on a new machine sees Black's first move at once."""
        start = Reversi(**state.options)
        if state.move_stack or (state.discs(0), state.discs(1), state.turn) != (start.discs(0), start.discs(1),
                                                                                 start.turn):
            return None
        return self.rng.choice(state.legal_moves())

    def solves(self, state: Reversi) -> bool:
        """Whether this move is the exact solver's: few enough empties, and its kernels compiled
        (or never deferred: a process that did not warm the bot up compiles on first use)."""
        return _empties(state) <= self.exact_empties and not ReversiHard._solver_waits

    def new_game(self) -> None:
        self._search.clear()
        self._play_search.clear()

    # -- playing ---------------------------------------------------------------------
    def choose_move(self, state: Reversi, budget: float) -> int:
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.moves_to_text()!r} is over")
        if len(moves) == 1:
            return moves[0]
        deadline = Deadline.for_move(budget, BUDGET_SHARE)
        own, opp = _sides(state)
        split = state.counting == "split"
        if self.solves(state):
            try:
                solved = self._solve(own, opp, split, deadline.part(EXACT_SHARE))
                if solved.move in moves:
                    return solved.move
            except SolveAborted:
                pass
        moves = list(moves)
        self.rng.shuffle(moves)
        found = deepest(deepen(self._depth_search(self._play_search, own, opp, moves, _empties(state), False, split),
                               deadline, _empties(state)))
        return found.move if found is not None else moves[0]

    def solve_position(self, state: Reversi, budget: float) -> tuple[int, int] | None:
        """The exact final disc difference for the side to move (the game's counting) and a move
        that reaches it (``PASS``, -1, when the side to move must pass or the game is over),
        or None if the solve does not finish within ``budget`` seconds (a review's endgame)."""
        own, opp = _sides(state)
        try:
            solved = self._solve(own, opp, state.counting == "split", Deadline.after(budget))
        except SolveAborted:
            return None
        return solved.score, solved.move

    def _solve(self, own: int, opp: int, split: bool, deadline: Deadline):
        solver = self.solver()
        return clock.within(deadline, lambda limit: solver.solve(own, opp, node_limit=limit, split=split),
                            FIRST_TRY_NODES, SolveAborted)

    @staticmethod
    def _depth_search(search: MidgameSearch, own: int, opp: int, moves: list[int], empties: int, every: bool,
                      split: bool) -> Search:
        """One depth of ``search`` over ``moves``, for ``deepen``.

        The kernel counts nodes rather than reading the clock: it gets the
        nodes the time left allows at the speed measured so far. A depth
        that reaches the end of every line (at least the empties) is exact,
        unless the search is selective.
        Unless ``every``, each finished depth's best move goes first in
        ``moves`` for the next.
        """
        rate = NodeRate(FIRST_GUESS_NPS)
        exact_from = empties if not search.selective else math.inf

        def one_depth(depth: int, deadline: Deadline) -> Iteration | None:
            begun, before = deadline.clock(), search.nodes
            found = search.search(own, opp, moves, depth, rate.nodes_for(deadline.left()), every, split)
            rate.record(search.nodes - before, deadline.clock() - begun)
            if found is None:
                return None
            best, values = found
            scores = dict(zip(moves, values))
            move = moves[best]
            if not every:
                moves.insert(0, moves.pop(best))
            return Iteration(depth, values[best], move, search.nodes, proven=depth >= exact_from, values=scores)

        return one_depth

    # -- hints -------------------------------------------------------------------------
    def analyse(self, state: Reversi, budget: float) -> dict[int, MoveValue]:
        """Every legal move's value: the exact final disc difference of each move the solver
        finishes within the budget, an estimate of the deepest search the time left allows
        for the others."""
        moves = state.legal_moves()
        if not moves:
            return {}
        split = state.counting == "split"
        deadline = Deadline.for_move(budget, BUDGET_SHARE)
        children = {move: _after(state, move) for move in moves}
        exact: dict[int, int] = {}
        if _empties(state) <= self.exact_empties + 4 and not ReversiHard._solver_waits:
            exact = self._exact_values(children, split, deadline.part(EXACT_SHARE))
        proven = {move: MoveValue(float(score), exact_text(score), exact=True) for move, score in exact.items()}
        if len(exact) == len(children):
            return proven
        return self._estimates(state, children, split, deadline.rest(1.0)) | proven

    def _exact_values(self, children: dict[int, tuple[int, int]], split: bool, deadline: Deadline) -> dict[int, int]:
        """The exact score for the mover (its child's negated) of each move solved in time, in
        order until the first that does not fit (the hint asks again with more time for the rest)."""
        values = {}
        for index, (move, (own, opp)) in enumerate(children.items()):
            share = deadline.rest(1 / (len(children) - index))
            try:
                values[move] = -self._solve(own, opp, split, share).score
            except SolveAborted:
                break
        return values

    def _estimates(self, state: Reversi, children: dict[int, tuple[int, int]], split: bool,
                   deadline: Deadline) -> dict[int, MoveValue]:
        """Every move's value at the deepest depth the time allows, as an estimate in discs."""
        forced_pass = list(children) == [PASS]   # then value the pass by the opponent's best reply
        own, opp = children[PASS] if forced_pass else _sides(state)
        moves = squares_of(legal_mask(own, opp))
        found = deepest(deepen(self._depth_search(self._search, own, opp, moves, _empties(state), not forced_pass, split),
                               deadline, _empties(state)))
        self.searched_depth = None if found is None else found.depth
        if found is None:
            return {}    # no depth finished: every move unknown
        if forced_pass:
            values = {PASS: -found.score}
        else:
            values = dict(found.values or {})
        if found.proven:
            return {move: MoveValue(value / 100, exact_text(value // 100), exact=True) for move, value in values.items()}
        return {move: estimate_value(value) for move, value in values.items()}


def estimate_value(centi_discs: int) -> MoveValue:
    """A search's estimate in centi-discs as a move value, in whole discs: ``'about +3 discs (estimate)'``."""
    return MoveValue(centi_discs / 100, f"{discs_text(centi_discs / 100)} (estimate)")


def _sides(state: Reversi) -> tuple[int, int]:
    """The disc masks of the side to move and of the other side."""
    return state.discs(state.turn), state.discs(1 - state.turn)


def _empties(state: Reversi) -> int:
    black, white = state.counts()
    return 64 - black - white


def _after(state: Reversi, move: int) -> tuple[int, int]:
    """The disc masks (side to move first) after ``move`` is played."""
    own, opp = _sides(state)
    if move == PASS:
        return opp, own
    turned = flip_mask(own, opp, move)
    return opp & ~turned, own | turned | (1 << move)
