"""Hard Tic-tac-toe: depth-limited minimax over a symmetry-reduced game tree (seed 000).

The bot maps the real board into the tree (``bots/lib/tictactoe_tree.py``),
values each child of that node by minimax looking ``depth`` plies past the
move (the article's 4), picks the best child (the first in cell order on a
tie, as the article does) and maps that child back to the real board through
both symmetries: the child's own one and the one that placed the real board
in the tree. The move is the cell where the mapped-back board differs.

A position beyond the search horizon is judged as the article does: the
lines still open for the bot (free of opponent pieces) minus those still
open for the opponent. A completed line is worth 9999 to its owner; unlike
the article, the plies left unsearched are added to it, so a quicker win
scores higher and a quicker loss lower. Without that, every forced win looks
alike and the bot may put off a win in one.
"""
from __future__ import annotations

from game.lang import N_
from game.rules.bot import Bot, MoveValue, check_whole
from game.rules.core import Move, State
from game.rules.tictactoe import O, X, winning_line
from bots.lib.tictactoe_lines import open_lines, other
from bots.lib.tictactoe_tree import INVERSES, Board, Edge, GameTree, game_tree, transform

WIN_SCORE = 9999


class TicTacToeSymmetry(Bot):
    """Looks ``depth`` plies past each move on the article's symmetry-reduced tree."""

    name = "Tic-tac-toe symmetry tree"
    games = ("tictactoe",)
    description = N_("sees a few moves ahead. Looks a few moves ahead, counting the lines still open")

    def __init__(self, depth: int = 4, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.depth = check_whole("depth", depth, 0, 8, "plies")
        self.tree: GameTree = game_tree()
        self._values: dict[tuple[int, int, int, int], int] = {}

    def choose_move(self, state: State, budget: float) -> Move:
        me = state.mark(state.turn)
        symmetry, layer, number = self.tree.locate(state.board)
        best_edge, best_value = None, 0
        for edge in self.tree.node(layer, number).edges:
            value = self._value(layer + 1, edge.child, me, self.depth)
            if best_edge is None or value > best_value:
                best_edge, best_value = edge, value
        if best_edge is None:
            raise ValueError(f"no move to choose: the game {state.to_text()!r} is over")
        return self._real_move(state.board, symmetry, layer, best_edge)

    def analyse(self, state: State, budget: float) -> dict[Move, MoveValue]:
        """Each legal move's minimax value from this bot's search.

        Text is ``'win in k'`` / ``'loss in k'`` when the search sees a forced
        result within its horizon (``k`` counts the winner's moves, this move
        being the mover's first), else the open-lines balance such as ``'+2'``.
        """
        me = state.mark(state.turn)
        symmetry, layer, number = self.tree.locate(state.board)
        values = {}
        for edge in self.tree.node(layer, number).edges:
            value = self._value(layer + 1, edge.child, me, self.depth)
            values[self._real_move(state.board, symmetry, layer, edge)] = MoveValue(float(value), self._describe(value))
        return values

    def _describe(self, value: int) -> str:
        if abs(value) < WIN_SCORE:
            return f"{value:+d}"
        ply = self.depth + 1 - (abs(value) - WIN_SCORE)
        return f"win in {(ply + 1) // 2}" if value > 0 else f"loss in {ply // 2}"

    def _real_move(self, board: list[int], symmetry: int, layer: int, edge: Edge) -> int:
        """The real cell of ``edge``: its child mapped back through both symmetries."""
        child = self.tree.node(layer + 1, edge.child).board
        in_parent = transform(child, INVERSES[edge.symmetry])
        real = transform(in_parent, INVERSES[symmetry])
        changed = [cell for cell in range(9) if real[cell] != board[cell]]
        if len(changed) != 1:
            raise ValueError(f"tree child {real} does not follow from board {board} by one move")
        return changed[0]

    def _value(self, layer: int, number: int, me: int, plies_left: int) -> int:
        """Minimax value for ``me`` of a tree node, searching ``plies_left`` more plies."""
        key = (layer, number, me, plies_left)
        value = self._values.get(key)
        if value is not None:
            return value
        node = self.tree.node(layer, number)
        if node.finished or plies_left == 0:
            value = self._static_value(node.board, me, plies_left)
        else:
            children = [self._value(layer + 1, edge.child, me, plies_left - 1) for edge in node.edges]
            mover = X if layer % 2 == 0 else O
            value = max(children) if mover == me else min(children)
        self._values[key] = value
        return value

    @staticmethod
    def _static_value(board: Board, me: int, plies_left: int) -> int:
        line = winning_line(board)
        if line is not None:
            return (WIN_SCORE + plies_left) * (1 if board[line[0]] == me else -1)
        return open_lines(board, me) - open_lines(board, other(me))
