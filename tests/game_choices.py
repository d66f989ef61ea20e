"""Games built from lists of choices, shared by every game's rules and bot tests.

A list of small numbers (hypothesis draws them) names one game: each number
picks a legal move by its index, wrapped to the number of moves there are.
"""
from game.rules.core import State


def play_choices(state: State, choices: list[int]) -> State:
    """Push ``legal_moves()[choice % len]`` for each choice on ``state`` until the game ends."""
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        state.push(moves[choice % len(moves)])
    return state
