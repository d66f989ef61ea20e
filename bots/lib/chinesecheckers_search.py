"""Best-Reply Search for Chinese Checkers: the iterative-deepening driver.

Best-Reply Search (Schadd & Winands, 2011) searches a game of many players as
if it had two: the root seat (MAX) moves, then one MIN layer holds the moves
of *every* other seat still playing and keeps only the one reply that is
worst for the root seat; then MAX again. Opponents who did not reply stand
still. With two players it is plain alpha-beta. In their Chinese Checkers
experiments it beat max^n and paranoid search, because the root seat sees
more of its own moves for the same depth.

A leaf is valued for the root seat as the opponents' cost minus its own
(``engine.seat_cost``: summed distance to the goal tip plus a straggler
term). The opponents' cost blends the leading opponent's (the one nearest
home) and their mean, by ``leader_weight`` percent; a seat's finished goal
is worth ``WIN`` less the plies it took.

``forward_moves`` (0 = all) keeps only that many of a seat's most forward
moves (largest drop in distance to the goal tip) at every node below the
root: the progress-based forward pruning that lets the search go deeper.

The search itself is numba code in ``chinesecheckers_engine`` (``search_root``),
called once per depth by the shared iterative-deepening driver
(``bots/lib/deepening.py``); it reads the clock every few hundred nodes and
abandons an iteration at the deadline, and ``best_move`` keeps the deepest
finished answer.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable

import numpy as np

from bots.lib.chinesecheckers_engine import (
    HOLE_COUNT, HOLE_MASK, MAX_MOVES, MAX_PLY, NODES, ABORTED, PASS_CODE, SEAT_SHIFT, START_SHIFT, WIN,
    Position, Tables, root_moves, search_root)
from bots.lib.clock import Deadline
from bots.lib.search_state import address_of
from bots.lib.ttable import ENTRY_WORDS, keyed_table
from bots.lib.deepening import Iteration, deepen, deepest


@dataclass(frozen=True)
class SearchParams:
    """The knobs of one search: evaluation weights and pruning.

    ``straggler_weight`` is in quarter-steps per step of the marble farthest
    behind (4 = as much as one step of the sum). ``leader_weight`` is the
    percent of the opponents' term taken from the leading opponent.
    ``first_reply_moves`` prunes the first reply layer (the answers to the
    root move) instead of ``forward_moves``: 0 searches all of them, -1
    (default) prunes it like the rest. No new
    iteration starts once ``start_fraction`` of the time has gone (the next
    one usually takes several times the last, though a cut-off one still
    counts for the moves it finished).
    """

    straggler_weight: int = 6
    leader_weight: int = 50
    forward_moves: int = 0
    solo: bool = False
    max_depth: int = 12
    start_fraction: float = 0.3
    first_reply_moves: int = -1

    def array(self) -> np.ndarray:
        first = self.forward_moves if self.first_reply_moves < 0 else self.first_reply_moves
        return np.array([self.straggler_weight, self.leader_weight, self.forward_moves, int(self.solo), first],
                        np.int64)


class Scratch:
    """Buffers one search reuses at every node (kept per bot, never shared between threads).

    ``table_bits`` sizes the transposition table (``2 ** table_bits`` of
    ``ttable``'s keyed entries; 0: none).
    """

    def __init__(self, table_bits: int = 0) -> None:
        self.table = keyed_table(table_bits)
        self.table_at, self.table_mask = address_of(self.table), (1 << table_bits) - 1
        self.mark = np.zeros(HOLE_COUNT, np.int32)
        self.queue = np.zeros(HOLE_COUNT, np.int16)
        self.moves = np.zeros((MAX_PLY, MAX_MOVES), np.int64)
        self.counters = np.zeros(2, np.int64)
        self.deadline = np.zeros(1, np.float64)


def _shuffle_ties(candidates: np.ndarray, dist: np.ndarray, rng: random.Random) -> np.ndarray:
    """The candidates still most forward first, in random order within each gain."""
    codes = [int(c) for c in candidates]
    rng.shuffle(codes)
    seat = int(candidates[0]) >> SEAT_SHIFT
    codes.sort(key=lambda c: dist[seat, c & HOLE_MASK] - dist[seat, (c >> START_SHIFT) & HOLE_MASK])
    return np.array(codes, np.int64)


def root_candidates(position: Position, tables: Tables, root: int, scratch: Scratch,
                    rng: random.Random | None = None, keep: Callable[[int], bool] | None = None) -> np.ndarray:
    """The root seat's moves (engine codes), most forward first; empty when it must pass.

    ``keep`` narrows them to those it accepts, unless it accepts none; with
    ``rng``, moves of equal forward gain come in random order.
    """
    candidates = np.zeros(MAX_MOVES, np.int64)
    count = root_moves(root, position.board, position.marbles, tables.allowed, tables.neighbours,
                       tables.jump_land, tables.dist, scratch.mark, scratch.queue, candidates)
    candidates = candidates[:count].copy()
    if keep is not None:
        kept = [code for code in candidates if keep(int(code))]
        if kept:
            candidates = np.array(kept, np.int64)
    if rng is not None and len(candidates):
        candidates = _shuffle_ties(candidates, tables.dist, rng)
    return candidates


def best_move(position: Position, tables: Tables, root: int, deadline: Deadline, params: SearchParams,
              scratch: Scratch, rng: random.Random | None = None,
              keep: Callable[[int], bool] | None = None) -> Iteration:
    """Iterative deepening BRS from ``root``'s turn until ``deadline`` (on ``time.perf_counter``,
    which the kernel reads); the move is an engine code (``PASS_CODE`` when it must pass).

    With ``rng``, root moves that look alike (same forward gain) are tried in
    random order, so among equally good moves the choice varies from game to
    game. ``keep`` narrows the root moves (engine codes) to those it accepts,
    unless it accepts none.

    Each iteration searches the previous best move first. A new iteration
    starts only while less than ``params.start_fraction`` of the time has
    gone; one cut off by the deadline still counts if it finished a move
    better than the previous best. The result counts the nodes of every
    depth searched, a cut-off one included.
    """
    candidates = root_candidates(position, tables, root, scratch, rng, keep)
    if len(candidates) == 0:
        return Iteration(0, 0, PASS_CODE)
    if len(candidates) == 1:
        return Iteration(0, 0, int(candidates[0]))
    weights = params.array()
    scratch.table[::ENTRY_WORDS] = 0
    scratch.deadline[0] = deadline.at
    nodes = 0

    def search(depth: int, deadline: Deadline) -> Iteration | None:
        nonlocal nodes
        scratch.counters[:] = 0
        index, found, finished = search_root(
            depth, root, candidates, *position.arrays(), tables.neighbours, tables.jump_land, tables.allowed,
            tables.dist, tables.goal_owner, tables.zobrist, scratch.table_at, scratch.table_mask, weights,
            scratch.mark, scratch.queue, scratch.moves, scratch.counters, scratch.deadline)
        nodes += int(scratch.counters[NODES])
        aborted = bool(scratch.counters[ABORTED])
        if finished == 0 or (aborted and index == 0):
            return None
        code = int(candidates[index])
        candidates[1:index + 1] = candidates[0:index].copy()
        candidates[0] = code
        return Iteration(depth, int(found), code, nodes, proven=abs(int(found)) > WIN // 2, complete=not aborted)

    found = deepest(deepen(search, deadline, params.max_depth, params.start_fraction))
    return replace(found, nodes=nodes) if found else Iteration(0, 0, int(candidates[0]), nodes)
