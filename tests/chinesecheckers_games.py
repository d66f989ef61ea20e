"""Chinese Checkers positions for tests: random games and hand-set boards."""
from game.rules.chinesecheckers import HOLES, INDEX, ChineseCheckers
from game_choices import play_choices


def play(choices: list[int], **options) -> ChineseCheckers:
    """The game that picks ``legal_moves()[choice % len]`` for each choice until it ends."""
    return play_choices(ChineseCheckers(**options), choices)


def position(players: int = 2, marbles: dict[int, list[str]] | None = None, **options) -> ChineseCheckers:
    """A start of game with seat 0 to move and only the marbles given (seat -> hole names)."""
    state = ChineseCheckers(players=players, **options)
    state.board[:] = [0] * len(HOLES)
    for seat, names in (marbles or {}).items():
        for name in names:
            state.board[INDEX[name]] = seat + 1
    return state
