"""Master Connect Four: perfect play on the standard 7x6 board, the deepest search elsewhere.

On 7x6 with four in a row Master plays by the opening book
(``assets/connect4_book.txt``, built by our own solver with
``benchmarks/connect4_book_build.py``) in the first plies of its games, and
by the solver (``bots/lib/connect4_solver.py``) after them. The book holds
the exact score of every position up to 6 plies and a move of that score,
then, for Master's own positions at plies 7 and 8, a move that keeps the
proved result; the solver plays a
move of the position's exact score: it wins whenever it can, with as few
discs as possible, draws when it cannot win, and when lost holds out the
longest. Among equal moves it takes the most central (so its games repeat,
and stay inside its book).

Each move out of the book first proves the position's result and finds a
move that keeps it (a won game stays won, a drawn one drawn), then looks
for the exact score in the time left and plays its move if found, else the
move that keeps the result. A position whose proof alone takes longer than
half the budget (or a lost one not solved exactly; the book only knows it
is lost) is played by Hard's search in the time left. The solver's table is
allocated once per process and kept from move to move (everything it holds
stays true), so the work of one move speeds up the next.

On other board sizes or line lengths Master uses Hard's engine
(``ConnectFourAlphaBeta.best_move_within``) for most of the budget, which
searches as deep as the time allows and never lets the opponent win at once
when it can avoid it.
"""
from __future__ import annotations

import itertools
import math
import os
import queue
import threading
from typing import Callable, ClassVar, Iterator, Sequence, TypeVar

from game.lang import N_
from game.rules.bot import AT_LEAST, AT_MOST, Bot, MoveValue
from game.rules.connect4 import ConnectFour
from bots.connect4_alphabeta import ConnectFourAlphaBeta, proven_first_move
from bots.lib import clock
from bots.lib.clock import Deadline
from bots.lib.connect4_book import Book
from bots.lib.connect4_solver import STANDARD, Position, SearchAborted, Solver, position_from_moves, score_text

#: Part of the budget a move may use: the rest covers the worker's overhead on a busy machine.
BUDGET_SHARE = 0.55
#: Part of the hint time a hint may use, so that it is whole within the hint time: the
#: rest covers the messages and a search that runs a little past its estimate (the worker
#: allows a quarter more before it calls the bot late).
HINT_SHARE = 0.9
#: Parts of a move's time by which a proof of the position's result (and a move that keeps
#: it), then its exact score, must be found; if even the proof takes longer, Hard's search
#: has what is left.
PROOF_SHARE, EXACT_SHARE = 0.5, 0.85
#: Part of the time left that Hard's search is given: its last iteration may run over.
HARD_SHARE = 0.7
#: Plies from which a hint looks for the exact scores of the positions after each column that the
#: book does not hold: before, an exact score takes minutes to hours to solve (the book holds every
#: position up to 6 plies exactly, so there a hint answers at once).
EXACT_FROM_PLIES = 5
#: Part of a hint's time by which its exact scores must be found: their searches are the
#: longest, and the node limit that stands for the time left can run over (by up to 0.4 s
#: in 5 s measured), which must not take the hint past the hint time.
EXACT_PART = 0.9
#: Even shares of the time left a column's result may take on the first pass (the second
#: gives a column not yet proved all that is left).
RESULT_SHARES = 2.0
#: Nodes of a timed search's first try, which also measures the speed for the second.
FIRST_TRY_NODES = 1 << 16
#: Table size of Master's solver (2**23 entries of 8 bytes: 64 MB).
TABLE_BITS = 23

T = TypeVar("T")
#: Values of a move whose result is proved but not how many moves it takes: proven bounds
#: (the slowest win scores 1, the slowest loss -1).
WIN, LOSS = MoveValue(0.5, "win", exact=True, bound=AT_LEAST), MoveValue(-0.5, "loss", exact=True, bound=AT_MOST)


class ConnectFourMaster(Bot):
    """Book then exact solver on 7x6 (keeps every win or draw it can prove in time); Hard's engine elsewhere."""

    name = "Connect Four perfect"
    games = ("connect4",)
    description = N_("plays perfectly on the usual board. "
                      "Perfect on the usual 7×6 board: never loses, wins as fast as it can")

    #: One solver (and its 64 MB table) and one book per process, shared by every instance.
    _solver: ClassVar[Solver | None] = None
    _partners: ClassVar[list[Solver]] = []
    _book: ClassVar[Book | None] = None

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self._other_boards = ConnectFourAlphaBeta(depth=100, seed=seed)

    @classmethod
    def solver(cls) -> Solver:
        if cls._solver is None:
            cls._solver = Solver(STANDARD, table_bits=TABLE_BITS)
        return cls._solver

    @classmethod
    def solvers(cls) -> list[Solver]:
        """``solver()`` and partners sharing its table, one per core this process may use
        (at most one per column): a hint values its columns in that many threads."""
        wanted = min(STANDARD.cols, usable_cores())
        if len(cls._partners) + 1 < wanted:
            cls._partners += [cls.solver().partner() for _ in range(wanted - 1 - len(cls._partners))]
        return [cls.solver(), *cls._partners[:wanted - 1]]

    @classmethod
    def book(cls) -> Book:
        if cls._book is None:
            cls._book = Book.read()
        return cls._book

    @classmethod
    def warm_up(cls) -> None:
        """Compile the solver's kernels on a nearly full board (a small table, nothing kept),
        read the book, and compile Hard's engine, which plays the other boards."""
        solver = Solver(STANDARD, table_bits=12)
        position = position_from_moves([int(c) - 1 for c in "2154163442521544633333641522752116"])
        solver.best_move(position)
        solver.move_scores(position, weak=True)
        cls.book().lookup([3])
        ConnectFourAlphaBeta.warm_up()

    def move_before_warm_up(self, state: ConnectFour) -> int | None:
        """The centre on the empty 7x6 board (``proven_first_move``: its book's first move, proven
        the only winning one), so a first game on a new machine sees it before the solver compiles."""
        return proven_first_move(state)

    @staticmethod
    def solves(state: ConnectFour) -> bool:
        """Whether the exact solver plays this board (7x6, four in a row)."""
        return (state.cols, state.rows, state.n) == (STANDARD.cols, STANDARD.rows, 4)

    # -- playing ---------------------------------------------------------------------
    def choose_move(self, state: ConnectFour, budget: float) -> int:
        if not state.legal_moves():
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        deadline = Deadline.for_move(budget, BUDGET_SHARE)
        if not self.solves(state):
            return self._other_boards.best_move_within(state, deadline)
        moves = list(state.move_stack)
        entry = self.book().lookup(moves)
        if entry is not None and (entry.result >= 0 or entry.score is not None):
            return entry.column
        position = position_from_moves(moves)
        solver = self.solver()
        keeping = self._keeping_move(position, deadline.part(PROOF_SHARE))
        if keeping is not None:
            try:
                return within(deadline.part(EXACT_SHARE), lambda limit: solver.best_move(position, limit))[0]
            except SearchAborted:
                if keeping[0] is not None:
                    return keeping[0]
        return self._other_boards.best_move_within(state, deadline.rest(HARD_SHARE, least=0.05))

    def _keeping_move(self, position: Position, deadline: Deadline) -> tuple[int | None, int] | None:
        """``(column, result)``: the position's proved result (1, 0, -1) and, unless lost, a move
        that keeps it; ``None`` if the proof does not fit by ``deadline``."""
        solver = self.solver()
        try:
            result = within(deadline, lambda limit: solver.solve(position, weak=True, node_limit=limit))
            result = (result > 0) - (result < 0)
            if result < 0:
                return None, result
            return within(deadline, lambda limit: solver.move_reaching(position, result, limit)), result
        except SearchAborted:
            return None

    # -- hints -------------------------------------------------------------------------
    def analyse(self, state: ConnectFour, budget: float) -> dict[int, MoveValue]:
        """Every legal column's exact score: ``'win in k'``, ``'draw'`` or ``'loss in k'``.

        ``k`` counts the mover's own moves, the winning disc included. The
        score is the solvers' (higher is better; a quicker win more). A
        column the budget could not solve exactly but whose result was proved
        says ``'win'`` or ``'loss'`` (proven bounds, score 0.5 or -0.5); one not even
        proved is left out (the hint shows it as unknown and asks again with
        more time: the solver's table keeps what this call proved). The book
        gives the exact scores (up to 6 plies; after, the results of Master's
        own lines) of the positions after each column, and its own line for
        this position a column of its exact score (or one that keeps the
        win). Exact scores the book lacks are looked for only from
        ``EXACT_FROM_PLIES`` on. The columns are valued in one thread per core (``each_within``,
        the solvers sharing one table). Each value found is reported at once
        (``Bot.report``), so a hint fills in column by column. Other boards:
        Hard's analysis.
        """
        if not self.solves(state):
            return self._other_boards.analyse(state, budget)
        moves = list(state.move_stack)
        position = position_from_moves(moves)
        solver = self.solver()
        deadline = Deadline.for_move(budget, HINT_SHARE)
        scores: dict[int, int] = {}
        proved: dict[int, MoveValue] = {}
        pending = []
        known = self.book().lookup(moves)
        if known is not None and known.score is not None:
            scores[known.column] = known.score     # the book's move reaches the position's exact score
        elif known is not None and known.result > 0:
            proved[known.column] = WIN
        for col in solver.legal_columns(position):
            if col in scores:
                continue
            child = solver.play(position, col)
            entry = self.book().lookup(moves + [col])
            if solver.wins_at_once(position, col):
                scores[col] = solver.win_score(position.plies)
            elif child.plies >= STANDARD.cells:
                scores[col] = 0
            elif entry is None or entry.score is None:
                pending.append((col, child))
                if entry is not None:  # the book proved the result only: the fallback
                    proved[col] = LOSS if entry.result > 0 else WIN
            else:
                scores[col] = -entry.score
        self.report(self._values(scores, proved, position.plies))
        # Results first (a weak solve is far quicker), so every column gets at
        # least its win, draw or loss; then exact scores in the time left.
        # Each phase runs twice: a slow column that got its share the first time gets what
        # the quick ones after it left (all of it, for results). A column's result gets
        # twice its even share at first: a search stopped at its share starts again from
        # what the table kept, and the small near table keeps little. The columns are
        # searched on every core at once.
        solvers = self.solvers()
        for shares in (RESULT_SHARES, math.inf):
            unproved = [(col, child) for col, child in pending if col not in proved and col not in scores]
            for col, sign in each_within(solvers, unproved, deadline, shares,
                                         lambda solver, child, limit: -solver.solve(child, weak=True, node_limit=limit)):
                if sign == 0:
                    scores[col] = 0             # a draw's exact score
                else:
                    proved[col] = WIN if sign > 0 else LOSS
                self.report(self._values(scores, proved, position.plies))
        exact_by = deadline.part(EXACT_PART)
        for _ in range(2):
            inexact = [(col, child) for col, child in pending if col not in scores and child.plies >= EXACT_FROM_PLIES]
            for col, score in each_within(solvers, inexact, exact_by, 1,
                                          lambda solver, child, limit: -solver.solve(child, node_limit=limit)):
                scores[col] = score
                proved.pop(col, None)
                self.report(self._values(scores, proved, position.plies))
        return self._values(scores, proved, position.plies)

    @staticmethod
    def _values(scores: dict[int, int], proved: dict[int, MoveValue], plies: int) -> dict[int, MoveValue]:
        """Columns' values: the exact ``scores`` in words, then the results ``proved`` of the others."""
        return {col: MoveValue(float(score), score_text(score, plies), exact=True)
                for col, score in scores.items()} | {col: value for col, value in proved.items() if col not in scores}


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


def each_within(solvers: Sequence[Solver], jobs: Sequence[tuple[int, Position]], deadline: Deadline,
                shares: float, search: Callable[[Solver, Position, int], T]) -> Iterator[tuple[int, T]]:
    """``(col, search(solver, child, node_limit))`` for each ``(col, child)`` of ``jobs`` found in time.

    Each solver searches in a thread of its own (the kernels release the
    GIL), taking the jobs in order. A job may take ``shares`` even shares of
    the time left, an even share being that time over the jobs not yet
    started per thread (``math.inf``: all of it). A job whose search does not
    fit is left out. Results are yielded in the calling thread as they are
    found; a search's other errors are raised there.
    """
    jobs = list(jobs)
    threads = min(len(solvers), len(jobs))
    if threads == 0:
        return
    results: queue.SimpleQueue = queue.SimpleQueue()
    taken = itertools.count()
    lock = threading.Lock()

    def work(solver: Solver) -> None:
        try:
            while True:
                with lock:
                    index = next(taken)
                if index >= len(jobs):
                    return
                col, child = jobs[index]
                share = deadline.rest(min(1.0, shares * threads / (len(jobs) - index)))
                try:
                    results.put((col, within(share, lambda limit: search(solver, child, limit))))
                except SearchAborted:
                    pass
        except BaseException as error:  # handed to the calling thread, which raises it
            results.put(error)
        finally:
            results.put(None)

    workers = [threading.Thread(target=work, args=(solver,), name=f"connect4-hint-{n}", daemon=True)
               for n, solver in enumerate(solvers[:threads])]
    for worker in workers:
        worker.start()
    running = threads
    try:
        while running:
            item = results.get()
            if item is None:
                running -= 1
            elif isinstance(item, BaseException):
                raise item
            else:
                yield item
    finally:
        for worker in workers:
            worker.join()


def within(deadline: Deadline, search: Callable[[int], T]) -> T:
    """``search(node_limit)`` if it can finish by ``deadline``, else ``SearchAborted`` (``clock.within``,
    whose first try of ``FIRST_TRY_NODES`` measures this position's speed)."""
    return clock.within(deadline, search, FIRST_TRY_NODES, SearchAborted)
