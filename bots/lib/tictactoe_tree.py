"""The Tic-tac-toe game tree with symmetric positions stored once (seed article 000).

A square board has eight symmetries (four rotations, four reflections).
Each is a permutation ``p`` of the cells 0-8, applied as
``transform(board, p)[k] == board[p[k]]``. Two positions that one symmetry
maps onto the other are the same game, so the tree keeps only one of them.

The tree is built layer by layer, layer ``d`` holding the positions with
``d`` pieces: each child of a layer-``d-1`` position is looked up in layer
``d`` under all eight symmetries; if found, the parent's edge records that
node and the index ``j`` of the symmetry that maps the child onto it,
otherwise the child becomes a new node (``j = 0``). The result has 765
nodes, one per position up to symmetry.

The article undoes a symmetry with ``transform_matrix[j]`` itself for the
six that are their own inverses and with the reversed list for the two
quarter turns. That works for these eight lists (reversing a permutation
list composes it with the half turn), but nothing checks it there; here
every inverse is computed from its definition and tested.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Sequence

from game.rules.tictactoe import EMPTY, O, X, winning_line

Board = tuple[int, ...]

#: The article's ``transform_matrix``: identity, the two mirror flips, the
#: anti-diagonal reflection, the transpose, a quarter turn, the half turn
#: and the other quarter turn.
SYMMETRIES: tuple[tuple[int, ...], ...] = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8),
    (2, 1, 0, 5, 4, 3, 8, 7, 6),
    (6, 7, 8, 3, 4, 5, 0, 1, 2),
    (8, 5, 2, 7, 4, 1, 6, 3, 0),
    (0, 3, 6, 1, 4, 7, 2, 5, 8),
    (6, 3, 0, 7, 4, 1, 8, 5, 2),
    (8, 7, 6, 5, 4, 3, 2, 1, 0),
    (2, 5, 8, 1, 4, 7, 0, 3, 6),
)


def inverse(perm: Sequence[int]) -> tuple[int, ...]:
    """The permutation ``q`` with ``perm[q[k]] == k`` and ``q[perm[k]] == k`` for every cell."""
    result = [0] * len(perm)
    for position, cell in enumerate(perm):
        result[cell] = position
    return tuple(result)


#: ``INVERSES[j]`` undoes ``SYMMETRIES[j]``.
INVERSES: tuple[tuple[int, ...], ...] = tuple(inverse(p) for p in SYMMETRIES)


def transform(board: Sequence[int], perm: Sequence[int]) -> Board:
    """The board seen through a symmetry: cell ``k`` of the result is ``board[perm[k]]``."""
    return tuple(board[i] for i in perm)


@dataclass(frozen=True)
class Edge:
    """One move from a node: the cell (in the node's orientation) and where it leads.

    ``transform(child board, SYMMETRIES[symmetry])`` is the board of node
    ``child`` of the next layer.
    """

    cell: int
    child: int
    symmetry: int


@dataclass(frozen=True)
class Node:
    """A position kept in the tree: its board, whether play has ended, its moves."""

    board: Board
    finished: bool
    edges: tuple[Edge, ...]


class GameTree:
    """Every Tic-tac-toe position up to symmetry, layer by layer, with its moves."""

    def __init__(self) -> None:
        layers: list[list[Board]] = [[(EMPTY,) * 9]]
        index: list[dict[Board, int]] = [{layers[0][0]: 0}]
        edges: list[list[list[Edge]]] = [[[]]]
        depth = 1
        while True:
            layer: list[Board] = []
            where: dict[Board, int] = {}
            mark = X if depth % 2 == 1 else O
            for parent, board in enumerate(layers[depth - 1]):
                if _finished(board):
                    continue
                for cell in range(9):
                    if board[cell] != EMPTY:
                        continue
                    child = board[:cell] + (mark,) + board[cell + 1:]
                    found = _find(child, where)
                    if found is None:
                        found = (len(layer), 0)
                        where[child] = len(layer)
                        layer.append(child)
                    edges[depth - 1][parent].append(Edge(cell, found[0], found[1]))
            if not layer:
                break
            layers.append(layer)
            index.append(where)
            edges.append([[] for _ in layer])
            depth += 1
        self.layers: tuple[tuple[Node, ...], ...] = tuple(
            tuple(Node(board, _finished(board), tuple(edges[d][i])) for i, board in enumerate(boards))
            for d, boards in enumerate(layers)
        )
        self._index = index

    def __len__(self) -> int:
        return sum(len(layer) for layer in self.layers)

    def node(self, layer: int, number: int) -> Node:
        return self.layers[layer][number]

    def locate(self, board: Sequence[int]) -> tuple[int, int, int]:
        """Where a real board sits in the tree: ``(symmetry, layer, node number)``.

        ``transform(board, SYMMETRIES[symmetry])`` is that node's board.
        Raises ``ValueError`` for a board no game can reach.
        """
        layer = sum(1 for c in board if c != EMPTY)
        found = _find(tuple(board), self._index[layer]) if layer < len(self._index) else None
        if found is None:
            raise ValueError(f"{list(board)} is not a reachable Tic-tac-toe position")
        number, symmetry = found
        return symmetry, layer, number


def _find(board: Board, where: dict[Board, int]) -> tuple[int, int] | None:
    """The first symmetry (in ``SYMMETRIES`` order) mapping ``board`` onto a known board."""
    for j, perm in enumerate(SYMMETRIES):
        number = where.get(transform(board, perm))
        if number is not None:
            return number, j
    return None


def _finished(board: Board) -> bool:
    return winning_line(board) is not None or EMPTY not in board


@cache
def game_tree() -> GameTree:
    """The tree, built on first use and shared for the life of the process."""
    return GameTree()
