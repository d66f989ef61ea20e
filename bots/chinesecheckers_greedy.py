"""Medium Chinese Checkers: the best own move by distance to goal, minding stragglers."""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot, MoveValue
from game.rules.chinesecheckers import PASS, TIP_DISTANCE, ChineseCheckers, goal_point
from game.rules.core import Move


def position_cost(distances: list[int], straggler_weight: float, gap: int) -> float:
    """How far a seat's marbles are from home, with a penalty for those left behind.

    ``distances`` are the marbles' steps to the goal's tip. The cost is their
    sum plus ``straggler_weight`` times the steps by which each marble trails
    the mean by more than ``gap``: a marble that falls far behind finds no
    marbles to jump over later and costs many single steps at the end.
    """
    mean = sum(distances) / len(distances)
    behind = sum(d - mean - gap for d in distances if d > mean + gap)
    return sum(distances) + straggler_weight * behind


def steps_text(steps: int) -> str:
    """A move's gain toward the goal in words: ``'+4 steps'``, ``'-1 step'``."""
    return f"{steps:+d} step{'' if abs(steps) == 1 else 's'}"


class ChineseCheckersGreedy(Bot):
    """Plays the move (over every jump chain) that leaves its marbles cheapest by ``position_cost``."""

    name = "Chinese Checkers greedy"
    games = ("chinesecheckers",)
    description = N_("moves home without leaving marbles behind. "
                      "Moves toward home without leaving marbles behind")

    def __init__(self, straggler_weight: float = 1.0, gap: int = 2, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        if not 0.0 <= straggler_weight <= 100.0:
            raise ValueError(f"straggler_weight must be from 0 to 100, got {straggler_weight}")
        if not 0 <= gap <= 16:
            raise ValueError(f"gap must be from 0 to 16 steps, got {gap}")
        self.straggler_weight = straggler_weight
        self.gap = gap

    def choose_move(self, state: ChineseCheckers, budget: float) -> Move:
        moves = state.legal_moves()
        if moves == [PASS]:
            return PASS
        costs = self.move_costs(state, moves)
        best = min(costs.values())
        return self.rng.choice([m for m in moves if costs[m] == best])

    def analyse(self, state: ChineseCheckers, budget: float) -> dict[Move, MoveValue]:
        """Each move valued by how much it lowers ``position_cost``.

        The text gives the steps gained toward the goal and how the move
        changes the straggler penalty: ``'+4 steps, leaves 0.4 behind'``,
        ``'+1 step, brings up 0.9'``. One move ahead and blind to the other
        players, as the bot itself plays.
        """
        moves = state.legal_moves()
        if moves == [PASS]:
            return {PASS: MoveValue(0.0, "no move: pass")}
        tip = TIP_DISTANCE[goal_point(state.seat_point(state.turn))]
        now = position_cost([tip[h] for h, v in enumerate(state.board) if v == state.turn + 1],
                            self.straggler_weight, self.gap)
        values = {}
        for move, cost in self.move_costs(state, moves).items():
            steps = tip[move[0]] - tip[move[-1]]
            gain = round(now - cost, 1)
            behind = round(steps - gain, 1)
            text = steps_text(steps)
            if behind > 0:
                text += f", leaves {behind:g} behind"
            elif behind < 0:
                text += f", brings up {-behind:g}"
            values[move] = MoveValue(gain, text)
        return values

    def move_costs(self, state: ChineseCheckers, moves: list[Move]) -> dict[Move, float]:
        """The cost of the position each move leaves (lower is better)."""
        tip = TIP_DISTANCE[goal_point(state.seat_point(state.turn))]
        mark = state.turn + 1
        marbles = [h for h, v in enumerate(state.board) if v == mark]
        costs = {}
        for move in moves:
            distances = [tip[move[-1]] if h == move[0] else tip[h] for h in marbles]
            costs[move] = position_cost(distances, self.straggler_weight, self.gap)
        return costs
