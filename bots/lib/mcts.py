"""Monte Carlo tree search (UCT), written once over the rules' ``State``, for any number of seats.

Each iteration walks down the tree from the root, at every node taking the
child best for the seat to move there by UCB1 (its mean reward for that
seat plus ``explore`` times the usual uncertainty term), adds one child
for a move not tried yet, plays the game on with the ``playout`` hook
(random moves by default) and credits every seat with its own reward
along the path. Each node keeps a reward sum per seat, so with three or
six seats every one of them picks for itself: the max^n form that Nijssen
and Winands found the strongest for multi-player games such as Chinese
Checkers. Rewards come from the outcome's places (``place_rewards``: 1 for
sole first, 0 for sole last, a draw halves); a game too long to play out
stops each playout after ``playout_plies`` and lets the ``judge`` hook
reward the seats where it stopped.

Moves go through ``push`` and ``pop`` on the caller's state, which is left
as it was. A game with a numba kernel of its own (Chinese Checkers'
``engine.mcts``) keeps it and shares only ``RootStats``, what a search
learnt of each root move.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Callable, Sequence

from game.rules.core import Move, Outcome, State
from bots.lib.clock import Deadline

Rewards = Sequence[float]


@dataclass(frozen=True)
class RootStats:
    """What one tree search learnt of each root move it tried.

    ``visits[i]`` counts the iterations through ``moves[i]``; ``means[i]``
    is their mean reward to the seat to move. ``iterations`` counts the
    whole search. A position with one move is not searched: its move has no
    visits.
    """

    moves: Sequence[Move]
    visits: Sequence[int]
    means: Sequence[float]
    iterations: int

    def best(self) -> Move | None:
        """The most visited move (the first of equals), the one the search plays; ``None`` if there is none."""
        if len(self.moves) == 0:
            return None
        return self.moves[max(range(len(self.moves)), key=lambda i: (self.visits[i], -i))]


def place_rewards(outcome: Outcome, seats: int) -> tuple[float, ...]:
    """Each seat's reward from its place: the share of the other seats it beat, a tie counting half.

    Two players: 1 to the winner, 0 to the loser, 0.5 each for a draw.
    """
    places = outcome.places(seats)
    return tuple((sum(other > mine for other in places) + 0.5 * (places.count(mine) - 1)) / (seats - 1)
                 for mine in places)


def random_playout(state: State, rng: random.Random) -> Move:
    """The default playout policy: any legal move, at random."""
    return rng.choice(state.legal_moves())


class _Node:
    __slots__ = ("move", "seat", "untried", "children", "visits", "rewards")

    def __init__(self, move: Move | None, seat: int, untried: list[Move], seats: int) -> None:
        self.move = move
        self.seat = seat
        self.untried = untried
        self.children: list[_Node] = []
        self.visits = 0
        self.rewards = [0.0] * seats


class Mcts:
    """UCT for any number of seats; see the module notes.

    ``playout(state, rng)`` picks a move in a playout; ``judge(state)``
    rewards the seats (one number per seat, 0 to 1 like ``place_rewards``)
    where a playout stopped after ``playout_plies`` plies unfinished (default:
    0.5 each, no opinion).
    """

    def __init__(self, playout: Callable[[State, random.Random], Move] = random_playout,
                 judge: Callable[[State], Rewards] | None = None, playout_plies: int = 1000,
                 explore: float = math.sqrt(2)) -> None:
        self.playout = playout
        self.judge = judge
        self.playout_plies = playout_plies
        self.explore = explore

    def search(self, state: State, rng: random.Random, deadline: Deadline | None = None,
               iterations: int = 0) -> RootStats:
        """Search from ``state`` until ``deadline`` passes or ``iterations`` are run (0: no limit)."""
        if deadline is None and iterations <= 0:
            raise ValueError("a tree search needs a deadline or a number of iterations")
        moves = state.legal_moves()
        if len(moves) < 2:
            return RootStats(moves, [0] * len(moves), [0.0] * len(moves), 0)
        seats = state.num_seats
        root = _Node(None, state.turn, list(moves), seats)
        done = 0
        while (iterations <= 0 or done < iterations) and (deadline is None or not deadline.passed()):
            self._iterate(state, root, rng, seats)
            done += 1
        by_move = {child.move: child for child in root.children}
        visits = [by_move[m].visits if m in by_move else 0 for m in moves]
        means = [by_move[m].rewards[root.seat] / by_move[m].visits if visits[i] else 0.0
                 for i, m in enumerate(moves)]
        return RootStats(moves, visits, means, done)

    def _iterate(self, state: State, root: _Node, rng: random.Random, seats: int) -> None:
        """One iteration: select, expand, play out, credit; ``state`` is restored."""
        plies = len(state.move_stack)
        path = [root]
        node = root
        while not node.untried and node.children:
            node = max(node.children, key=lambda child: self._ucb(child, node))
            state.push(node.move)
            path.append(node)
        if node.untried:
            move = node.untried.pop(rng.randrange(len(node.untried)))
            state.push(move)
            child = _Node(move, state.turn, [] if state.outcome() is not None else state.legal_moves(), seats)
            node.children.append(child)
            path.append(child)
        outcome = state.outcome()
        for _ in range(self.playout_plies):
            if outcome is not None:
                break
            state.push(self.playout(state, rng))
            outcome = state.outcome()
        if outcome is not None:
            rewards: Rewards = place_rewards(outcome, seats)
        else:
            rewards = self.judge(state) if self.judge is not None else [0.5] * seats
        while len(state.move_stack) > plies:
            state.pop()
        for visited in path:
            visited.visits += 1
            for seat in range(seats):
                visited.rewards[seat] += rewards[seat]

    def _ucb(self, child: _Node, parent: _Node) -> float:
        """UCB1 of ``child`` for the seat to move at ``parent``."""
        return (child.rewards[parent.seat] / child.visits
                + self.explore * math.sqrt(math.log(parent.visits) / child.visits))
