"""Monte Carlo tree search for Chinese Checkers with many players: the Python side.

With four or six seats a fixed-depth search sees too little: one round is
six plies, and Best-Reply Search, which freezes all but one opponent,
plans jump ladders over marbles that will have moved before it gets to use
them. Monte Carlo tree search instead averages over what the others may do.
Each iteration walks down a tree of moves (max^n: at each node the seat to
move picks the child that is best for itself, by UCB), then plays a few
rounds with a cheap policy for every seat (the most forward move, now and
then a random one) and credits each seat with its progress along the line.
Nijssen and Winands (2012, "Enhancements for multi-player Monte-Carlo tree
search") found this max^n form the strongest in Chinese Checkers.

The kernel (``mcts`` in ``chinesecheckers_engine``) is numba code over the
engine's make/unmake and move generation; this module holds its knobs
(``MctsParams``), its preallocated tree (``MctsTree``) and the driver
(``search_root_moves``), whose ``RootStats`` (those of the generic tree
search, ``bots/lib/mcts.py``, over engine move codes) say what it learnt of
each root move: the move to play, and the values a hint shows.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import numpy as np

from bots.lib.chinesecheckers_engine import (
    EPSILON, EXPAND_AFTER, EXPLORE, FILL_BONUS, ITERATIONS, KEEP, MAX_ITERATIONS, RIVALRY, ROUNDS,
    Position, Tables, mcts)
from bots.lib.chinesecheckers_search import Scratch, root_candidates
from bots.lib.clock import Deadline
from bots.lib.mcts import RootStats


@dataclass(frozen=True)
class MctsParams:
    """The knobs of the tree search (see ``engine.mcts`` for how each is used).

    Rewards are in the evaluation's units, quarter-steps toward the goal's
    tip (``straggler_weight`` as in ``SearchParams``), so ``explore`` is too.
    ``iterations`` caps the iterations (0: think until the time is up), for
    reproducible tests.
    """

    rounds: int = 3
    keep: int = 10
    epsilon: float = 0.1
    explore: float = 24.0
    rivalry: float = 0.0
    expand_after: int = 2
    fill_bonus: float = 40.0
    straggler_weight: int = 6
    iterations: int = 0

    def __post_init__(self) -> None:
        limits = {"rounds": (1, 50), "keep": (0, 4096), "epsilon": (0, 1), "explore": (0, 10_000),
                  "rivalry": (0, 1), "expand_after": (0, 1000), "fill_bonus": (0, 10_000),
                  "straggler_weight": (0, 100), "iterations": (0, 1 << 40)}
        for knob, (low, high) in limits.items():
            value = getattr(self, knob)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
                raise ValueError(f"tree search {knob} must be a number from {low} to {high}, got {value!r}")

    def config(self) -> np.ndarray:
        config = np.zeros(8, np.float64)
        config[ROUNDS], config[KEEP], config[EPSILON] = self.rounds, self.keep, self.epsilon
        config[EXPLORE], config[RIVALRY], config[EXPAND_AFTER] = self.explore, self.rivalry, self.expand_after
        config[FILL_BONUS], config[MAX_ITERATIONS] = self.fill_bonus, self.iterations
        return config


class MctsTree:
    """The tree's node arrays, allocated once per bot and reused every move.

    A second of search grows some 40,000 nodes on this machine; ``nodes``
    leaves room for three times that (11 MB), after which leaves stop growing
    and the iterations go on in the tree as it is.
    """

    def __init__(self, nodes: int = 1 << 17, seats: int = 6) -> None:
        self.move = np.zeros(nodes, np.int64)
        self.seat = np.zeros(nodes, np.int64)
        self.first = np.zeros(nodes, np.int64)
        self.count = np.zeros(nodes, np.int64)
        self.visits = np.zeros(nodes, np.int64)
        self.rewards = np.zeros((nodes, seats), np.float64)
        self.buffer = np.zeros(4096, np.int64)

    def rewards_for(self, seats: int) -> np.ndarray:
        """The reward table sized for ``seats`` (the kernel reads its width as the seat count)."""
        if self.rewards.shape[1] != seats:
            self.rewards = np.zeros((self.rewards.shape[0], seats), np.float64)
        return self.rewards


def search_root_moves(position: Position, tables: Tables, root: int, deadline: Deadline, params: MctsParams,
                      tree: MctsTree, scratch: Scratch, rng: random.Random,
                      keep: Callable[[int], bool] | None = None) -> RootStats:
    """Tree search from ``root``'s turn until ``deadline`` (on ``time.perf_counter``, which the kernel
    reads); ``keep`` narrows the root moves as in ``best_move``. ``means`` are in quarter-steps
    toward the goal's tip over the playout's rounds."""
    codes = root_candidates(position, tables, root, scratch, rng, keep)
    if len(codes) < 2:
        return RootStats(codes, np.zeros(len(codes), np.int64), np.zeros(len(codes)), 0)
    scratch.deadline[0] = deadline.at
    weights = np.array([params.straggler_weight], np.int64)
    rewards = tree.rewards_for(tables.seats)
    visits = mcts(root, codes, *position.arrays(), tables.neighbours, tables.jump_land, tables.allowed,
                  tables.dist, tables.goal_owner, weights, params.config(), tree.move, tree.seat, tree.first,
                  tree.count, tree.visits, rewards, scratch.mark, scratch.queue, tree.buffer, scratch.counters,
                  scratch.deadline, rng.randrange(1 << 30))
    totals = rewards[1:1 + len(codes), root]
    means = np.divide(totals, visits, out=np.zeros(len(codes)), where=visits > 0)
    return RootStats(codes, visits, means, int(scratch.counters[ITERATIONS]))
