"""Tic-tac-toe games built from lists of choices, shared by the rules and bot tests."""
from game.rules.tictactoe import TicTacToe
from game_choices import play_choices


def play(choices: list[int]) -> TicTacToe:
    """The game that picks ``legal_moves()[choice % len]`` for each choice until it ends."""
    return play_choices(TicTacToe(), choices)
