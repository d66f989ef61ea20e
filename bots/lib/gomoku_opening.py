"""The decisions of Gomoku's opening rules, for every Gomoku bot.

An opening rule (``game/rules/gomoku_opening.py``) asks for stones placed by a
proposer, colour choices, a declared number of fifth moves, offered fifth moves
and a pick among them. The bots' searches know only stones on a board, so this
module decides the opening's moves with a bot's own judgement of positions of
stones, an ``Evaluate``: the best ``MoveValue`` its ``analyse`` finds for the side
to move in a game of free play (``Gomoku.plain``), within a time budget.

* Without one (Easy) the decisions are simple: stones near the centre at random,
  the colour to move next when choosing, the first offers and picks.
* With one (Medium, Hard, Master):
  - a colour choice that is not the opening's last (Taraguchi-10's after each stone, Soosõrv-8's
    first) takes the colour whose holder makes the next colour choice (``next_swap``): the other
    player then places the next stone and proposes; the colour is valued so in the hint;
  - the last colour choice takes the side the evaluation favours; in Swap2, where
    ``more`` is allowed and the position is within ``even`` of level, it places
    two more stones instead and leaves the choice to the other player;
  - a stone the opponent will choose a colour after (a proposal) is the
    candidate after which the position is nearest to level for both colours; a
    stone the placer keeps playing (RIF's fourth move) is the best for its colour;
  - a declared number of fifth moves is more the more the stones favour Black;
  - Taraguchi-10's choice 2 (``fifths:10``, ten fifth moves offered) when Black would still
    be ahead (by more than ``even``) with the worst of its ten best fifth moves, the one White
    would keep (``kept_offer``): choice 1's swaps leave the position near level instead;
  - offers are Black's best points by the evaluation, the pick the offer worst for Black.
* ``opening_values`` values each decision for a hint, in the bot's own words, with
  the side they favour: what the evaluation found, an estimate where it is one.
"""
from __future__ import annotations

import random
from typing import Callable, Hashable

from game.rules.bot import MoveValue
from game.rules.gomoku import BLACK, Gomoku, OFFER_WORD
from game.rules.gomoku_opening import BLACK_WORD, CHOOSE, FIFTHS, MORE, OFFER, PICK, PLACE, WHITE_WORD

#: A bot's judgement of a position of free play: the best value for the side to move, given a budget.
Evaluate = Callable[[Gomoku, float], MoveValue | None]

#: How many candidate points a decision with an evaluation weighs at most, and the least
#: time each takes (a search's shortest look), so a short budget weighs fewer.
CANDIDATES, SECONDS_EACH = 8, 0.1


def opening_move(state: Gomoku, budget: float, rng: random.Random, evaluate: Evaluate | None = None,
                 even: float = 0.0) -> Hashable | None:
    """The bot's move if the game asks now for an opening decision, or for a stone it fixes
    (the option ``named``); ``None`` in normal play, where the bot searches ``state.plain()``."""
    if state.phase is not None:
        return decide(state, budget, rng, evaluate, even)
    if len(state.stone_order) < len(state.named_points):
        return state.named_points[len(state.stone_order)]
    return None


def black_value(state: Gomoku, evaluate: Evaluate, budget: float) -> float:
    """The position's value for Black (positive: Black is better) by ``evaluate`` on its stones."""
    plain = state.plain()
    if plain.outcome() is not None:
        outcome = plain.outcome()
        return 0.0 if not outcome.winners else (1e9 if outcome.winners == (0,) else -1e9)
    found = evaluate(plain, budget)
    if found is None:
        return 0.0
    return found.score if plain.to_play == BLACK else -found.score


def decide(state: Gomoku, budget: float, rng: random.Random, evaluate: Evaluate | None = None,
           even: float = 0.0) -> Hashable:
    """The bot's move in the opening phase now (see the module notes)."""
    phase = state.phase
    moves = state.legal_moves()
    if not moves:
        raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
    if len(moves) == 1:
        return moves[0]
    if phase is None or phase.kind == PLACE:
        return _stone(state, budget, rng, evaluate)
    if phase.kind == CHOOSE:
        return _choice(state, moves, budget, rng, evaluate, even)
    if phase.kind == OFFER:
        return _offer(state, moves, budget, rng, evaluate)
    return _pick(state, moves, budget, evaluate)


def _near(state: Gomoku, points: list[int], rng: random.Random, budget: float = 0.0) -> list[int]:
    """Up to ``CANDIDATES`` of ``points`` (fewer in a short ``budget``), the nearest to the
    stones first (ties at random)."""
    size = state.size
    stones = list(state.stone_order) or [state.point(size // 2, size // 2)]

    def distance(p: int) -> int:
        return min(max(abs(p % size - s % size), abs(p // size - s // size)) for s in stones)

    shuffled = list(points)
    rng.shuffle(shuffled)
    count = max(2, min(CANDIDATES, int(budget / SECONDS_EACH))) if budget else CANDIDATES
    return sorted(shuffled, key=distance)[:count]


def _proposing(state: Gomoku) -> bool:
    """Whether the stones the seat to move places now are followed by the other seat's colour choice."""
    seat = state.turn
    probe = state.copy()
    while probe.phase is not None and probe.phase.kind == PLACE and probe.turn == seat:
        probe.push(probe.legal_moves()[0])
    phase = probe.phase
    return phase is not None and phase.kind == CHOOSE and phase.seat != seat and BLACK_WORD in phase.choices


def _stone(state: Gomoku, budget: float, rng: random.Random, evaluate: Evaluate | None) -> int:
    points = [m for m in state.legal_moves() if isinstance(m, int)]
    if not state.stone_order:
        centre = state.point(state.size // 2, state.size // 2)
        return centre if centre in points else rng.choice(points)
    candidates = _near(state, points, rng, budget if evaluate is not None else 0.0)
    if evaluate is None or len(state.stone_order) < 2:
        return rng.choice(candidates[:4])
    share = budget / (len(candidates) + 1)
    balance = _proposing(state)
    colour = state.to_play

    def judged(point: int) -> float:
        probe = state.copy()
        probe.push(point)
        value = black_value(probe, evaluate, share)
        return abs(value) if balance else (-value if colour == BLACK else value)

    return min(candidates, key=judged)


def _choice(state: Gomoku, moves: list[Hashable], budget: float, rng: random.Random,
            evaluate: Evaluate | None, even: float) -> Hashable:
    if evaluate is None:
        colour = BLACK_WORD if state.to_play == BLACK else WHITE_WORD
        return colour if colour in moves else moves[0]
    if BLACK_WORD in moves:
        ten = next((m for m in moves if isinstance(m, tuple) and m[0] == FIFTHS), None)
        if ten is not None:
            kept = kept_offer(state, ten, budget / 2, rng, evaluate)
            if kept is not None and kept[0] > even:
                return ten
        later = next_swap(state)
        if later:                   # a colour chosen now is not the last: take the one that swaps next
            return next(colour for colour, mine in later.items() if mine)
        value = black_value(state, evaluate, budget / 2)
        if MORE in moves and abs(value) <= even:
            return MORE
        return BLACK_WORD if value > 0 else WHITE_WORD
    value = black_value(state, evaluate, budget / 2)
    declared = [m for m in moves if isinstance(m, tuple) and m[0] == FIFTHS]
    if declared:                      # more offers the more the stones favour Black (White picks among them)
        ordered = sorted(declared, key=lambda m: m[1])
        share = 0.5 + max(-0.5, min(0.5, value / (8 * even or 1000.0)))
        return ordered[min(len(ordered) - 1, int(share * len(ordered)))]
    return moves[0]


def next_swap(state: Gomoku) -> dict[str, bool]:
    """For a colour choice that is not the opening's last (Taraguchi-10's, Soosõrv-8's first):
    for each colour, whether the chooser holding it makes the next colour choice, after the
    other player's stone(s); empty when no colour choice follows. The player who places the
    next stone proposes and the other then takes the better side, so that colour is worth more."""
    seat = state.turn
    found: dict[str, bool] = {}
    for colour in (BLACK_WORD, WHITE_WORD):
        probe = state.copy()
        probe.push(colour)
        while probe.phase is not None and not (probe.phase.kind == CHOOSE and BLACK_WORD in probe.phase.choices):
            if probe.phase.kind in (OFFER, PICK):
                break
            probe.push(probe.legal_moves()[0])
        phase = probe.phase
        if phase is None or phase.kind != CHOOSE or BLACK_WORD not in phase.choices:
            return {}
        found[colour] = phase.seat == seat
    return found if any(found.values()) else {}


def kept_offer(state: Gomoku, choice: Hashable, budget: float, rng: random.Random,
               evaluate: Evaluate) -> tuple[float, MoveValue] | None:
    """If ``state``'s chooser (the seat holding Black) makes ``choice``, a declaration that Black
    offers N fifth moves: Black's value once White keeps the worst of the N best offers Black
    can make (greedily, skipping a point symmetric to one offered), with the evaluation's
    value of that position (White to move). Candidates are the nearest points to the stones;
    ``None`` if fewer than N of them could be valued in ``budget``."""
    probe = state.copy()
    probe.push(choice)
    count = probe.phase.count if probe.phase is not None and probe.phase.kind == OFFER else 0
    if not count:
        return None
    points = [m[1] for m in probe.legal_moves()]
    size = state.size
    stones = list(state.stone_order)
    shuffled = list(points)
    rng.shuffle(shuffled)
    candidates = sorted(shuffled, key=lambda p: min(max(abs(p % size - s % size), abs(p // size - s // size))
                                                    for s in stones))[:count + 4]
    share = budget / (len(candidates) + 1)
    valued: list[tuple[float, int, MoveValue]] = []
    for point in candidates:
        after = state.plain()
        after.push(point)
        if after.outcome() is not None:
            continue
        found = evaluate(after, share)
        if found is not None:
            valued.append((-found.score, point, found))
    valued.sort(key=lambda v: -v[0])
    kept: list[tuple[float, MoveValue]] = []
    for for_black, point, found in valued:
        if len(kept) == count:
            break
        if (OFFER_WORD, point) in probe.legal_moves():
            probe.push((OFFER_WORD, point))
            kept.append((for_black, found))
    if len(kept) < count:
        return None
    return min(kept, key=lambda v: v[0])


def _offer(state: Gomoku, moves: list[Hashable], budget: float, rng: random.Random,
           evaluate: Evaluate | None) -> Hashable:
    points = [m[1] for m in moves]
    candidates = _near(state, points, rng, budget if evaluate is not None else 0.0)
    if evaluate is None:
        return (OFFER_WORD, candidates[0])
    share = budget / (len(candidates) + 1)

    def for_black(point: int) -> float:
        probe = state.plain()
        probe.push(point)
        found = evaluate(probe, share) if probe.outcome() is None else None
        return 0.0 if found is None else -found.score

    return (OFFER_WORD, max(candidates, key=for_black))


def _pick(state: Gomoku, moves: list[Hashable], budget: float, evaluate: Evaluate | None) -> Hashable:
    if evaluate is None:
        return moves[0]
    share = budget / (len(moves) + 1)

    def for_black(move: Hashable) -> float:
        probe = state.copy()
        probe.push(move)
        return black_value(probe, evaluate, share)

    return min(moves, key=for_black)


def opening_values(state: Gomoku, evaluate: Evaluate, budget: float) -> dict[Hashable, MoveValue]:
    """Each colour choice valued for the player choosing it, worded from what ``evaluate``
    found (the hint's "which colour and why"); other decisions are not valued."""
    phase = state.phase
    if phase is None or phase.kind != CHOOSE or BLACK_WORD not in phase.choices:
        return {}
    declared = [c for c in phase.choices if isinstance(c, tuple) and c[0] == FIFTHS]
    if declared:                     # half the time for the offers' values
        budget /= 2
    plain = state.plain()
    found = evaluate(plain, budget) if plain.outcome() is None else None
    if found is None:
        return {}
    mover = "Black" if plain.to_play == BLACK else "White"
    black = found.score if plain.to_play == BLACK else -found.score
    why = f"{mover} to move {found.text}"
    values = {BLACK_WORD: MoveValue(black, why, exact=found.exact),
              WHITE_WORD: MoveValue(-black, why, exact=found.exact)}
    later = next_swap(state)
    if later:       # not the last colour choice: the colour whose holder swaps next is the better one
        values = {colour: MoveValue(1.0 if mine else -1.0, "yours is the next swap, after the other's stone" if mine
                                    else "the other player may swap after your next stone")
                  for colour, mine in later.items()}
    for choice in declared:          # Taraguchi-10's ten fifth moves: Black's value after White keeps one
        kept = kept_offer(state, choice, budget, random.Random(0), evaluate)
        if kept is not None:
            for_black, after = kept
            for_chooser = for_black if state.seat_colour(phase.seat) == BLACK else -for_black
            values[choice] = MoveValue(for_chooser, f"White to move {after.text} after keeping the worst for "
                                                    f"Black of its {choice[1]} best fifth moves")
    return values


def best_value(analyse: Callable[[Gomoku, float], dict]) -> Evaluate:
    """An ``Evaluate`` from a bot's ``analyse``: its best move's value."""
    def evaluate(plain: Gomoku, budget: float) -> MoveValue | None:
        values = analyse(plain, budget)
        return max(values.values(), key=lambda v: v.score) if values else None
    return evaluate
