"""Easy Gomoku: seed 003's one-move evaluation, with some randomness.

Every legal point is scored with seed 003's pattern table
(``bots/lib/gomoku_patterns.py``): what a stone there would make for the side
to move on each of its four lines (attack) plus what it would make for the
opponent (defence: taking the point stops that). The point with the highest
score times a random factor from 1 to ``1 + noise`` is played, so among points
within that factor of the best the choice is random, while the table's steps
of ten keep a point of a higher shape ahead. A five is played at once.

It looks one move ahead only: it blocks a four because the opponent's five
there scores highest, but it does not see a threat two moves away. Under
Renju, Black's forbidden points are not legal moves, so it never plays one.
"""
from __future__ import annotations


from game.lang import N_
from game.rules.bot import Bot, check_number
from game.rules.gomoku import Gomoku
from bots.lib.gomoku_opening import opening_move
from bots.lib.gomoku_patterns import PatternBoard

#: The largest random factor a tier may ask for: beyond it a dead two would overtake a live four.
MAX_NOISE = 9.0


class GomokuEasy(Bot):
    """Plays the point with the best attack plus defence score, times a random 1 to ``1 + noise``."""

    name = "Gomoku patterns"
    games = ("gomoku",)
    description = N_("plays fast and makes mistakes. "
                      "Weighs each point for attack and defence, one move ahead, a little random")

    def __init__(self, noise: float = 1.0, seed: int | None = None) -> None:
        """``noise``: a point's score is multiplied by a random factor from 1 to ``1 + noise`` (0: always the best)."""
        super().__init__(seed=seed)
        self.noise = check_number("noise", noise, 0.0, MAX_NOISE,
                                  note=" (a score is multiplied by 1 to 1 + noise)")

    def choose_move(self, state: Gomoku, budget: float) -> int:
        opening = opening_move(state, budget, self.rng)
        if opening is not None:
            return opening
        state = state.plain()
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        board = PatternBoard.of(state)
        fives = [p for p in moves if p in board.fives[board.colour]]
        if fives:
            return fives[0]
        own, other = board.scores[board.colour], board.scores[board.opponent]
        return max(moves, key=lambda p: (own[p] + other[p]) * (1.0 + self.noise * self.rng.random()))
