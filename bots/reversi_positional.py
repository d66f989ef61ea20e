"""Medium Reversi: seed 004's evaluation under a shallow alpha-beta.

Seed 004 (the article on game search with Reversi as its example) judges a
position by where the discs stand and by how many moves each side has:

* Position: each square has a weight. Corners can never be turned over and
  are worth most; edges are next; the squares touching an empty corner are
  the worst, since a disc there lets the opponent into the corner: the
  X-squares (diagonally next to it, b2 g2 b7 g7) most of all, then the
  C-squares (beside it on the edge, b1 a2 ...). The table is dynamic, as the
  seed asks: once a corner is taken its three neighbours stop being a
  danger; they are worth ``OWNED_NEAR`` to the corner's owner (discs that
  lean on a corner are hard to turn over) and nothing to the other side.
* Mobility: the difference between the two sides' numbers of legal moves
  (a side with few moves is forced into bad ones).
* Potential mobility: the empty squares next to the opponent's discs less
  those next to one's own (where moves may open up later; a side with few
  discs on the frontier keeps its options).

Values are in hundredths of a corner: ``100`` is what the table gives for
holding one corner more than the opponent, so ``analyse`` writes ``+1.00``
for an advantage of about a corner by this evaluation. A game that ends
inside the search is scored by its final disc difference (under the game's
counting of empties) times ``DISC``, beyond any evaluation, so a won ending
beats every unfinished position and a bigger win beats a smaller one.

The search is the shared alpha-beta (``bots/lib/negamax.py``: PVS with a
transposition table) deepening one ply at a time (``bots/lib/deepening.py``)
up to ``depth`` plies or until half the move's budget has gone, with corners
tried first and X-squares last. Root moves are shuffled with ``self.rng``
before that order, so equal moves vary from game to game.
"""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot, MoveValue, check_whole
from game.rules.reversi import DIRECTIONS, FULL, PASS, Reversi, legal_mask, shift
from bots.lib.clock import Deadline
from bots.lib.deepening import deepest
from bots.lib.negamax import Negamax
from bots.lib.reversi_words import about, discs_text, exact_text

#: Part of the budget a move may use: the rest covers the worker process's overhead.
BUDGET_SHARE = 0.5
#: A depth is begun only while this much of the move's time is left unused.
START_BEFORE = 0.5
#: Square weights, a1..h8 row by row (symmetric, so the orientation does not matter).
WEIGHTS: tuple[int, ...] = (
    100, -25, 10, 5, 5, 10, -25, 100,
    -25, -50, -2, -2, -2, -2, -50, -25,
    10, -2, 2, 1, 1, 2, -2, 10,
    5, -2, 1, 0, 0, 1, -2, 5,
    5, -2, 1, 0, 0, 1, -2, 5,
    10, -2, 2, 1, 1, 2, -2, 10,
    -25, -50, -2, -2, -2, -2, -50, -25,
    100, -25, 10, 5, 5, 10, -25, 100,
)
#: What a neighbour of a taken corner is worth to the corner's owner (and 0 to the other side).
OWNED_NEAR = 15
#: The weight of one legal move more than the opponent, and of one frontier square.
MOBILITY = 8
POTENTIAL_MOBILITY = 3
#: A game over is worth its final disc difference times this, beyond any evaluation.
DISC = 10_000
#: The deepest search a tier may ask for: the most plies a game can still have (60 moves and passes).
MAX_DEPTH = 64


def _weight_masks(weights: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """``(weight, mask of the squares with that weight)`` for each weight but 0."""
    masks: dict[int, int] = {}
    for square, weight in enumerate(weights):
        if weight:
            masks[weight] = masks.get(weight, 0) | 1 << square
    return tuple(masks.items())


def _corner_neighbours() -> tuple[tuple[int, int], ...]:
    """``(corner bit, mask of its three neighbours)`` for a1, h1, a8 and h8."""
    corners = []
    for col, row in ((0, 0), (7, 0), (0, 7), (7, 7)):
        step_col, step_row = (1 if col == 0 else -1), (1 if row == 0 else -1)
        near = 0
        for d_col, d_row in ((step_col, 0), (0, step_row), (step_col, step_row)):
            near |= 1 << ((row + d_row) * 8 + col + d_col)
        corners.append((1 << (row * 8 + col), near))
    return tuple(corners)


WEIGHT_MASKS = _weight_masks(WEIGHTS)
CORNER_NEIGHBOURS = _corner_neighbours()


def neighbours(discs: int) -> int:
    """Every square next to one of ``discs`` in any of the eight directions."""
    around = 0
    for direction, mask in DIRECTIONS:
        around |= shift(discs, direction, mask)
    return around


def square_weight(own: int, opp: int) -> int:
    """The dynamic square table's sum for ``own`` less that for ``opp`` (see the module notes)."""
    total = 0
    for weight, mask in WEIGHT_MASKS:
        total += weight * ((own & mask).bit_count() - (opp & mask).bit_count())
    for corner, near in CORNER_NEIGHBOURS:
        if (own | opp) & corner:
            total -= _static(own & near) - _static(opp & near)
            total += OWNED_NEAR * ((own & near).bit_count() if own & corner else -(opp & near).bit_count())
    return total


def _static(discs: int) -> int:
    """The static table's sum over ``discs``."""
    return sum(weight * (discs & mask).bit_count() for weight, mask in WEIGHT_MASKS)


def evaluate(state: Reversi) -> int:
    """Seed 004's value of an unfinished position for the side to move, in hundredths of a corner."""
    own, opp = state.discs(state.turn), state.discs(1 - state.turn)
    empty = ~(own | opp) & FULL
    mobility = state.legal_mask().bit_count() - legal_mask(opp, own).bit_count()
    frontier = (neighbours(opp) & empty).bit_count() - (neighbours(own) & empty).bit_count()
    return square_weight(own, opp) + MOBILITY * mobility + POTENTIAL_MOBILITY * frontier


def final_score(state: Reversi) -> int | None:
    """A finished game's final disc difference for the side to move, times ``DISC``; ``None`` while it goes on."""
    if state.legal_mask():
        return None
    outcome = state.outcome()
    if outcome is None:
        return None
    return DISC * (outcome.scores[state.turn] - outcome.scores[1 - state.turn])


def ordered_moves(state: Reversi) -> list[int]:
    """The legal moves, best-looking squares first by the static table (corners first, X-squares last)."""
    moves = state.legal_moves()
    if moves == [PASS]:
        return moves
    return sorted(moves, key=WEIGHTS.__getitem__, reverse=True)


def describe(score: int, exact: bool = False) -> str:
    """A move's value in words: ``'about +1 corner (estimate)'`` in corners, or ``'about +6 discs at
    the end (estimate)'`` for a line the search saw to the end of the game; ``exact`` for a move
    that ends the game itself (``'wins by 6'``)."""
    if exact:
        return exact_text(score // DISC)
    if abs(score) >= DISC:
        return f"{discs_text(score // DISC)} at the end (estimate)"
    return f"{about(score / 100, 'corner')} (estimate)"


class ReversiPositional(Bot):
    """Seed 004's positional weights, mobility and potential mobility, searched ``depth`` plies deep."""

    name = "Reversi positional"
    games = ("reversi",)
    description = N_("values corners and room to move. "
                      "Looks a few moves ahead and prizes corners and room to move")

    def __init__(self, depth: int = 4, seed: int | None = None) -> None:
        """``depth``: the most plies searched ahead (fewer if half the time budget runs out first)."""
        super().__init__(seed=seed)
        self.depth = check_whole("depth", depth, 1, MAX_DEPTH, "plies")
        self.search = Negamax(evaluate=evaluate, moves=ordered_moves, terminal=final_score)

    def new_game(self) -> None:
        self.search.table.clear()

    def choose_move(self, state: Reversi, budget: float) -> int:
        moves = self._root_moves(state)
        if len(moves) == 1:
            return moves[0]
        found = deepest(self.search.deepen(state, Deadline.for_move(budget, BUDGET_SHARE), self.depth, moves,
                                           start_before=START_BEFORE))
        return moves[0] if found is None else found.move

    def analyse(self, state: Reversi, budget: float) -> dict[int, MoveValue]:
        """Every legal move's value at the deepest depth (up to ``depth``) the budget allows.

        A move that ends the game is valued exactly by its final disc
        difference; every other value is the search's estimate (see the
        module notes for the scale), and says so.
        """
        if state.is_over():
            return {}
        moves = self._root_moves(state)
        found = deepest(self.search.deepen(state, Deadline.for_move(budget, BUDGET_SHARE), self.depth, moves,
                                           exact=True, start_before=START_BEFORE))
        if found is None:
            found = self.search.search(state, 1, None, moves, exact=True)
        values = {}
        for move, score in found.values.items():
            state.push(move)
            ends = state.is_over()
            state.pop()
            values[move] = MoveValue(float(score), describe(score, exact=ends), exact=ends)
        return values

    def _root_moves(self, state: Reversi) -> list[int]:
        """The legal moves in a random order, then stably by the static table."""
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        self.rng.shuffle(moves)
        return sorted(moves, key=lambda m: WEIGHTS[m] if m != PASS else 0, reverse=True)
