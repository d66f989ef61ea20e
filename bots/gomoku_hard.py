"""Hard Gomoku: threat-space search for both sides, then alpha-beta as deep as the time allows (numba).

A move, in order (``decide``):

1. a five if there is one; the block of the opponent's four if there is one;
2. its own victory by continuous fours (VCF, ``bots/lib/gomoku_threats.py``):
   found, it plays the first move of the shortest and remembers the line;
3. the opponent's VCF, as if the opponent were to move: if it has one, only
   the moves after which it has none are searched (when none is, every
   move loses and the search looks for the longest resistance);
4. iterative deepening (``bots/lib/deepening.py``) of a numba PVS search
   with a transposition table over the incremental pattern board
   (``bots/lib/gomoku_engine.py``), the ``width`` best moves of each node.

Master (``bots/gomoku_master.py``) adds victory by threes and fours (VCT)
to steps 2 and 3 and prunes by threats inside the search. Under Renju
neither ever plays a point forbidden to Black.

``analyse`` values the ``HINT_POINTS`` best moves, in plain words: a proven
win as ``'wins by a VCF in 5: h8 i9 ...'`` (by continuous fours; the
moves of the line, attacker and defender in turn; a VCT, by threes and
fours, ``'wins by a VCT in 7: ...'``, follows the defender's answer that
holds out longest, or, when that is not found in time, says ``'..., one
line: ...'``; no brackets, so a hint's words can stand in one), a move after
which the opponent has a proven threat win as ``'loses to a VCF in 3'``
(proven, ``exact``; a threat win need not be the quickest, so a win's
score is a floor and a loss's a ceiling: ``AT_LEAST`` / ``AT_MOST``), a
move that leaves the opponent's threat win without one as ``'holds'``
with the search's estimate, and the rest as the search's estimates in words,
``'ahead (estimate)'`` or ``'likely wins in 4 (estimate)'`` (the search
looks at only the best moves of each position, so its wins and losses are
not proofs). Moves it did not search, or not among the best, are left out.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import numpy as np

from game.lang import N_
from game.rules.bot import AT_LEAST, AT_MOST, VALUE, Bot, MoveValue, check_whole
from game.rules.gomoku import Gomoku
from bots.lib.clock import Deadline
from bots.lib.deepening import Iteration, deepen, deepest
from bots.lib.gomoku_board import EMPTY, FIVE, POINT_VALUES, Board, to_point
from bots.lib.gomoku_engine import HAND_TERMS, INF, WIN, WIN_BOUND, Search, search_table
from bots.lib.gomoku_opening import best_value, opening_move, opening_values
from bots.lib.gomoku_threats import ThreatSearch, threat_search, threat_table
from bots.lib.kernel_cache import disk_cached

#: The most own moves a threat search looks for (the five included).
VCF_DEPTH = 16
VCT_DEPTH = 8
#: Share of an analysis's time spent looking for one's own threat win (a hint wants it most).
ANALYSE_OWN_SHARE = 0.4
#: Scores of proven results, above every estimate.
PROVEN_WIN = 2 * WIN
#: The most moves the root searches and the opponent's threat is tested against.
ROOT_WIDTH = 24
#: The most moves ``analyse`` values (a hint shows the best few, not a board full of numbers).
HINT_POINTS = 5
#: Estimates (in the search's units, a hundred to a stone's worth) from which a side is
#: slightly ahead, ahead, well ahead.
SLIGHTLY_AHEAD, AHEAD, WELL_AHEAD = 60, 200, 500
#: A small Renju position the warm-up compiles the kernels on (Black's e5 f5 d6 against White's d4 f4 e4).
WARM_UP_MOVES = "e5 d4 f5 f4 d6 e4"


@dataclass
class Decision:
    """A chosen move and what is known of it: a proven ``win_in`` with its ``line``, or the search's result."""

    move: int
    win_in: int = 0
    method: str = ""
    line: list[int] = field(default_factory=list)
    iteration: Iteration | None = None
    #: Root moves proven to lose: move -> (the opponent's moves to its five, the method).
    losing: dict[int, tuple[int, str]] = field(default_factory=dict)


class GomokuHard(Bot):
    """VCF for both sides before each move, then iterative-deepening PVS over the ``width`` best moves."""

    name = "Gomoku threat search"
    games = ("gomoku",)
    description = N_("sees several moves ahead and spots forced wins. "
                      "Victory by fours for both sides, then alpha-beta over the best moves as deep as time allows")
    #: Whether threat searches include open threes (VCT) and the search prunes by threats (Master).
    vct = False
    #: Share of the move's budget used, and how it is split (own threats, the opponent's, the rest searching).
    #: A quarter keeps Hard a clear step under Master (nine tenths) and still far above Medium.
    budget_share = 0.25
    own_share, their_share = 0.15, 0.25
    #: Share of the search's time after which no deeper iteration is started (``deepening.deepen``).
    start_before = 0.5
    #: The evaluation: what each pattern code is worth (``gomoku_board.POINT_VALUES``) and the other terms
    #: (``gomoku_engine.EVAL_TERMS``).
    point_values = POINT_VALUES
    eval_terms = HAND_TERMS

    #: How many fours in a row the search tries at its horizon (``gomoku_engine.Search``'s ``quiesce``).
    quiesce = 0
    #: A side facing an open three with at most this many answers answers it without using up depth
    #: (``Search``'s ``extend``).
    extend = 0

    @staticmethod
    def selectivity() -> tuple[np.ndarray, np.ndarray, int, int] | None:
        """The search's late-move pruning and reductions (``gomoku_engine.Search``), used with ``vct``."""
        return None

    #: True from ``warm_up`` until ``warm_up_later`` has compiled the threat search (see ``threats_ready``).
    _threats_wait: ClassVar[bool] = False

    def __init__(self, width: int = 12, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.width = check_whole("width", width, 2, 60, "moves searched at each position")
        #: The forced win found for the last move chosen or analysed (rules points from its first move), or [].
        self.last_win_line: list[int] = []
        #: Nodes (alpha-beta and threat search) and the depth the alpha-beta search completed for the
        #: last move chosen (0 when the move needed no search: a five, a block, a proven win).
        self.nodes = 0
        self.depth = 0
        #: How many of the best moves ``analyse`` values (``HINT_POINTS``).
        self.hint_points = HINT_POINTS
        #: The alpha-beta's transposition table and the threat search's refutations, kept from move to
        #: move for one board size and rule (their entries hold whatever the root): (size, rule, tables).
        self._tables: tuple[int, str, np.ndarray, np.ndarray] | None = None

    @classmethod
    def warm_up(cls) -> None:
        """Compile the board's and the alpha-beta's kernels on a small board (numba's disk cache keeps
        them); the threat search waits for ``warm_up_later``.

        The threat search is about a quarter of a first compile, and a bot's
        first move needs it for nothing: a side with one stone has no three to
        make, so no side has a threat win while each has at most one stone.
        Until ``warm_up_later`` has compiled it, a move searches without it
        (see ``threats_ready``), so its compile never runs on a move's clock.
        When numba's disk cache already holds it, it is loaded at once.
        """
        state = Gomoku.from_text(WARM_UP_MOVES, size=9, rule="renju")
        board = Board.of(state, cls.point_values)
        last = state.move_stack[-1]
        board.lift(last)
        board.place(last, state.board[last])
        colour = Gomoku.colour(state.turn)
        search = cls().new_search(board)
        search.search(colour, search.candidates(colour, ROOT_WIDTH), 2, Deadline.after(60.0).at, 256)
        if disk_cached(threat_search) and not GomokuHard._threats_wait:
            cls.warm_up_later()
        else:
            GomokuHard._threats_wait = True

    @classmethod
    def warm_up_later(cls) -> None:
        """Compile the threat search's kernels on a small board."""
        ThreatSearch(Board.of(Gomoku.from_text(WARM_UP_MOVES, size=9, rule="renju"))).compile_kernels()
        GomokuHard._threats_wait = False

    @staticmethod
    def threats_ready() -> bool:
        """Whether the threat search may run: its kernels compiled (or never deferred: a process that
        did not warm the bot up compiles them on first use)."""
        return not GomokuHard._threats_wait

    # -- the bot interface ------------------------------------------------------------------
    def move_before_warm_up(self, state: Gomoku) -> int | None:
        """On an empty board of odd size in free play, before the search is compiled: the centre,
        the point the search plays there (on 9×9, 15×15 and 19×19, freestyle and Renju alike)."""
        if state.move_stack or state.phase is not None or state.named_points or state.size % 2 == 0:
            return None
        return (state.size // 2) * state.size + state.size // 2

    def choose_move(self, state: Gomoku, budget: float) -> int:
        opening = opening_move(state, budget, self.rng, best_value(self.analyse), SLIGHTLY_AHEAD)
        if opening is not None:
            return opening
        return self.decide(state.plain(), Deadline.for_move(budget, self.budget_share)).move

    def analyse(self, state: Gomoku, budget: float) -> dict[int, MoveValue]:
        """The best moves' values (see the module notes); a proven win names its line."""
        if state.outcome() is not None:
            return {}
        if state.phase is not None:
            return opening_values(state, best_value(self.analyse), budget)
        state = state.plain()
        deadline = Deadline.for_move(budget, self.budget_share)
        decision = self.decide(state, deadline.part(0.6), exact=True, own_share=ANALYSE_OWN_SHARE)
        values: dict[int, MoveValue] = {}
        found = decision.iteration
        holding = bool(decision.losing)   # the opponent has a threat win: the moves not losing to it hold
        if found is not None and found.values:
            for move, score in found.values.items():
                values[move] = MoveValue(float(score), self.estimate_text(score, holding))
        # A threat win is proven but may not be the quickest: a floor under a win, a ceiling over a loss.
        for move, (moves, method) in decision.losing.items():
            values[move] = MoveValue(float(-PROVEN_WIN + moves), f"loses to a {method} in {moves}" if method
                                     else f"loses in {moves}", exact=True, bound=AT_MOST if method else VALUE)
        if decision.win_in:
            values[decision.move] = MoveValue(float(PROVEN_WIN - decision.win_in),
                                              self._win_text(state, decision, deadline), exact=True,
                                              bound=AT_LEAST if decision.method else VALUE)
        best = sorted(values, key=lambda move: -values[move].score)[:self.hint_points]
        return {move: values[move] for move in best}

    def _win_text(self, state: Gomoku, decision: Decision, deadline: Deadline) -> str:
        """``'wins at once'``, ``'wins by a VCF in 5: h8 i9 ...'``; a VCT's line is the one along
        which the opponent holds out longest if it is found by ``deadline``, else ``'..., one line: ...'``."""
        if not decision.method:
            return "wins at once" if decision.win_in == 1 else f"wins in {decision.win_in}"
        label = f"by a {decision.method} in {decision.win_in}"
        if decision.method == "VCT":
            threats = ThreatSearch(Board.of(state))
            longest = threats.principal_line(Gomoku.colour(state.turn), True, decision.win_in, deadline.at)
            if longest is not None:
                decision.line = self.last_win_line = longest
            else:
                label += ", one line"
        line = " ".join(state.move_to_str(p) for p in decision.line)
        return f"wins {label}: {line}"

    @staticmethod
    def estimate_text(score: int, holding: bool = False) -> str:
        """The search's value in words, marked as the estimate it is; ``holding``: the move leaves
        the opponent's threat win without one (``'holds, behind (estimate)'``)."""
        held = "holds, " if holding else ""
        if score > WIN_BOUND:
            return f"{held}likely wins in {(WIN - score + 1) // 2} (estimate)"
        if score < -WIN_BOUND:
            return f"{held}likely loses in {(WIN + score) // 2} (estimate)"
        side = "ahead" if score > 0 else "behind"
        size = abs(score)
        words = ("even" if size < SLIGHTLY_AHEAD else f"slightly {side}" if size < AHEAD
                 else side if size < WELL_AHEAD else f"well {side}")
        return f"{held}{words} (estimate)"

    # -- choosing ---------------------------------------------------------------------------------
    def decide(self, state: Gomoku, deadline: Deadline, exact: bool = False, own_share: float | None = None
               ) -> Decision:
        """The move to play by ``deadline``, in the order of the module notes; ``own_share`` of the time
        (default the tier's) goes to looking for its own threat win."""
        own_share = self.own_share if own_share is None else own_share
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        self.last_win_line = []
        self.nodes = self.depth = 0
        if not state.move_stack:
            centre = state.point(state.size // 2, state.size // 2)
            return Decision(centre if centre in moves else moves[0])
        me = Gomoku.colour(state.turn)
        them = 3 - me
        board = Board.of(state, self.point_values)
        fives = self._fives(board, me)
        if fives:
            self.last_win_line = [fives[0]]
            return Decision(fives[0], 1, "", [fives[0]])
        blocks = self._fives(board, them)
        legal_blocks = [p for p in blocks if p in moves]
        if len(blocks) >= 2 or (blocks and not legal_blocks):
            move = legal_blocks[0] if legal_blocks else moves[0]
            return Decision(move, losing={move: (1, "")})
        if blocks and not exact:
            return Decision(legal_blocks[0])
        search_tt, threat_tt = self._kept_tables(state)
        threats = ThreatSearch(board, threat_tt)
        own = self._prove(threats, me, deadline.part(own_share), state)
        if own is not None:
            self.nodes = threats.nodes
            self.last_win_line = own[2]
            return Decision(own[2][0], own[0], own[1], own[2])
        search = self.new_search(board, search_tt)
        if blocks:
            roots, losing = [int(board.points[legal_blocks[0]])], {}
        else:
            roots, losing = self._defend(board, threats, search, me, deadline, own_share + self.their_share, state)
        found = deepen_root(search, board, me, roots, deadline.rest(1.0), exact, self.start_before)
        self.nodes = search.nodes + threats.nodes
        move = to_point(board.size, found.move) if found is not None else to_point(board.size, roots[0])
        iteration = None
        if found is not None:
            self.depth = found.depth
            iteration = Iteration(found.depth, found.score, move, found.nodes, found.proven, found.complete,
                                  {to_point(board.size, m): v for m, v in (found.values or {}).items()})
        return Decision(move, iteration=iteration,
                        losing={to_point(board.size, m): v for m, v in losing.items()})

    def new_search(self, board: Board, table: np.ndarray | None = None) -> Search:
        """The tier's alpha-beta search over ``board`` (its width, pruning, evaluation, selectivity and
        extensions), with ``table`` as its transposition table if given: the one place they are put
        together, for its moves, its warm-up and the benchmarks that measure it."""
        return Search(board, self.width, prune=self.vct, reduce=self.vct, terms=self.eval_terms, table=table,
                      selectivity=self.selectivity(), quiesce=self.quiesce, extend=self.extend)

    def _kept_tables(self, state: Gomoku) -> tuple[np.ndarray, np.ndarray]:
        """The search's and the threat search's tables kept for ``state``'s board size and rule."""
        if self._tables is None or self._tables[:2] != (state.size, state.rule):
            self._tables = (state.size, state.rule, search_table(), threat_table())
        return self._tables[2], self._tables[3]

    @staticmethod
    def _fives(board: Board, colour: int) -> list[int]:
        """The rules points where ``colour`` makes five now."""
        pats, cells = board.pats, board.cells
        return [point for point, p in enumerate(board.points)
                if cells[p] == EMPTY and any(pats[colour, d, p] == FIVE for d in range(4))]

    def _prove(self, threats: ThreatSearch, colour: int, deadline: Deadline, state: Gomoku
               ) -> tuple[int, str, list[int]] | None:
        """``colour``'s shortest VCF, else (Master) VCT: (own moves to the five, method, line), or None
        (also before ``warm_up_later`` has compiled the threat search: the move searches without it)."""
        if not self.threats_ready():
            return None
        found = threats.prove(colour, False, VCF_DEPTH, 1 << 40, deadline.at)
        if found is not None:
            return found[0], "VCF", found[1]
        if self.vct and not deadline.passed():
            found = threats.prove(colour, True, VCT_DEPTH, 1 << 40, deadline.at)
            if found is not None:
                return found[0], "VCT", found[1]
        return None

    def _defend(self, board: Board, threats: ThreatSearch, search: Search, me: int, deadline: Deadline,
                share: float, state: Gomoku) -> tuple[list[int], dict[int, tuple[int, str]]]:
        """The root moves (padded points), and those proven to lose to the opponent's threat win.

        Both the opponent's threat win and the tests of the candidates against
        it end at ``share`` of ``deadline``'s time. Without a threat win, the
        root moves are the best ``ROOT_WIDTH``; with one, those after which
        the opponent has none, when any does. Each candidate gets an equal
        slice of the time left for the tests, so a slow test cannot leave the
        others untested: a candidate whose test runs out of time, or that is
        not reached by then, is kept, its loss not proven.
        """
        candidates = search.candidates(me, ROOT_WIDTH)
        them = 3 - me
        testing = deadline.part(share)
        theirs = self._prove(threats, them, testing, state)
        if theirs is None or not candidates:
            return candidates[:max(self.width, 2)], {}
        vct = theirs[1] == "VCT"
        holding, losing = [], {}
        for index, p in enumerate(candidates):
            if testing.passed():
                holding.append(p)
                continue
            slice_end = testing.clock() + testing.left() / (len(candidates) - index)
            point = to_point(board.size, p)
            board.place(point, me)
            after = threats.prove(them, vct, VCT_DEPTH if vct else VCF_DEPTH, 1 << 40, slice_end)
            board.lift(point)
            if after is None:
                holding.append(p)
            else:
                losing[p] = (after[0], theirs[1])
        return (holding or candidates), losing


def deepen_root(search: Search, board: Board, colour: int, roots: list[int], deadline: Deadline,
                exact: bool = False, start_before: float = 0.5) -> Iteration | None:
    """Iterative deepening of the PVS search for ``colour`` over ``roots`` (padded points) until
    ``deadline``: the deepest iteration (its move and values by padded point), or None.

    Unless ``exact``, each depth's best move goes first for the next; with
    ``exact`` each move gets its own full-window value (for analysis). No
    depth starts after ``start_before`` of the time.
    """
    empties = board.size * board.size - board.stones

    def one_depth(depth: int, clock: Deadline) -> Iteration | None:
        best, values, aborted = search.search(colour, roots, depth, clock.at, 1 << 50, exact)
        if best < 0:
            return None
        scores = {m: int(v) for m, v in zip(roots, values) if v > -INF}
        move = roots[best]
        if not exact:
            roots.insert(0, roots.pop(best))
        proven = abs(scores[move]) > WIN_BOUND and not aborted and not exact
        return Iteration(depth, scores[move], move, search.nodes, proven=proven, complete=not aborted,
                         values=scores)

    return deepest(deepen(one_depth, deadline, min(60, empties), start_before=start_before))

