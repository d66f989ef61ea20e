"""Easy Reversi: the move that turns over the most discs, give or take a little.

The greedy rule every beginner starts with. Each legal move is worth the
number of discs it flips plus a random bonus of up to ``noise`` discs, and
the highest total is played: a move that flips clearly more is nearly
always taken, while among moves within ``noise`` discs of the best the
choice is random. It never looks at what the move gives the opponent, so
it plays next to empty corners and hands them over.
"""
from __future__ import annotations


from game.lang import N_
from game.rules.bot import Bot, check_number
from game.rules.reversi import PASS, Reversi, flip_mask, squares_of

#: The most discs a move can flip is 18; a noise beyond the board's 64 squares means nothing.
MAX_NOISE = 64.0


class ReversiEasy(Bot):
    """Plays the move that flips the most discs, plus a random bonus of up to ``noise`` discs per move."""

    name = "Reversi greedy"
    games = ("reversi",)
    description = N_("turns over as many discs as it can, a little random")

    def __init__(self, noise: float = 1.5, seed: int | None = None) -> None:
        """``noise``: the largest random bonus, in discs, added to a move's flips (0: always the most)."""
        super().__init__(seed=seed)
        self.noise = check_number("noise", noise, 0.0, MAX_NOISE, "discs")

    def choose_move(self, state: Reversi, budget: float) -> int:
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        if moves == [PASS]:
            return PASS
        flips = self.flip_counts(state)
        return max(moves, key=lambda square: flips[square] + self.noise * self.rng.random())

    @staticmethod
    def flip_counts(state: Reversi) -> dict[int, int]:
        """How many discs each legal square of the side to move turns over."""
        own, opp = state.discs(state.turn), state.discs(1 - state.turn)
        return {square: flip_mask(own, opp, square).bit_count() for square in squares_of(state.legal_mask())}
