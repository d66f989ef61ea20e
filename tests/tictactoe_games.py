"""Tic-tac-toe games built from lists of choices, shared by the rules and bot tests."""
from game.tictactoe import TicTacToe


def play(choices: list[int]) -> TicTacToe:
    """The game that picks ``legal_moves()[choice % len]`` for each choice until it ends."""
    state = TicTacToe()
    for choice in choices:
        moves = state.legal_moves()
        if not moves:
            break
        state.push(moves[choice % len(moves)])
    return state
