"""Pick-then-place input, for boards where a move takes a piece from one cell to another.

The player picks up one of their pieces (a click, or the cursor and Enter),
the board marks every cell it can go to, and picking one of those plays the
move; picking the piece again, a cell it cannot reach, a right click, a click
off the board or Esc puts it down. A piece that cannot move is refused (the
board shakes it). Chinese Checkers' marbles work so, and a draughts board
would: ``PickThenPlace`` goes before the renderer base it builds on
(``class Draughts(PickThenPlace, GridRenderer)``).

A game says where a move starts and where it ends (``move_start``,
``move_end``): by default a move is a path of cells, the first its start and
the last its end. Where two moves join the same two cells (two jump chains)
the first the rules list is played. The renderer draws ``selected`` and
``targets`` as it likes (``draw`` first puts the piece down when the player may
not move); on the grid base it names its cells (``GridRenderer.cell_name``).
"""
from __future__ import annotations

from typing import Hashable

import pygame

from game.rules.core import Move, State
from game.match.record import MoveRecord
from game.ui.renderers.base import BoardView, Cell, Renderer


class PickThenPlace(Renderer):
    """Input in two picks: a piece, then where it goes (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        #: The piece picked up, and the move to each cell it can go to.
        self.selected: Cell | None = None
        self.targets: dict[Cell, Move] = {}
        self._moves_key: Hashable = None
        self._moves_by_start: dict[Cell, dict[Cell, Move]] = {}

    # -- what a game says ---------------------------------------------------------
    def move_start(self, move: Move) -> Cell | None:
        """The cell whose piece ``move`` moves (``None``: a move that moves none, a pass)."""
        return move[0] if isinstance(move, tuple) and len(move) >= 2 else None

    def move_end(self, move: Move) -> Cell | None:
        """The cell where ``move`` puts the piece."""
        return move[-1] if isinstance(move, tuple) and len(move) >= 2 else None

    # -- the legal moves by piece -------------------------------------------------
    def moves_by_start(self, state: State) -> dict[Cell, dict[Cell, Move]]:
        """The legal moves now, by the cell they start from and the cell they end in
        (worked out once per position)."""
        key = (state.key(), len(state.move_stack))
        if key != self._moves_key:
            by_start: dict[Cell, dict[Cell, Move]] = {}
            for move in state.legal_moves():
                start, end = self.move_start(move), self.move_end(move)
                if start is not None and end is not None:
                    by_start.setdefault(start, {}).setdefault(end, move)
            self._moves_key, self._moves_by_start = key, by_start
        return self._moves_by_start

    def reachable(self, state: State, cell: Cell) -> set[Cell]:
        """Every cell the piece on ``cell`` can end a move in now."""
        return set(self.moves_by_start(state).get(cell, {}))

    # -- picking --------------------------------------------------------------------
    def deselect(self) -> None:
        """Put the piece picked up down."""
        self.selected = None
        self.targets = {}

    def draw(self, surface: pygame.Surface, state: State, view: BoardView) -> None:
        """Put the piece down when the player may not move now, or when it is no longer
        one that can move; then draw the board."""
        playing = view.interactive and view.outcome is None and not state.is_over()
        if not playing or (self.selected is not None and self.selected not in self.moves_by_start(state)):
            self.deselect()
        super().draw(surface, state, view)

    def move_for_cell(self, state: State, cell: Cell) -> Move | None:
        """The move that takes the picked-up piece to ``cell``, if it can go there."""
        return self.targets.get(cell) if self.selected is not None else None

    def pick(self, state: State, cell: Cell) -> Move | None:
        """A cell was chosen: play the move there, pick up (or put down) a piece,
        or refuse (a piece that cannot move, an empty cell with none picked up)."""
        moves = self.moves_by_start(state)
        if self.selected is not None and cell in self.targets:
            move = self.targets[cell]
            self.deselect()
            return move
        if cell == self.selected:
            self.deselect()
            return None
        if cell in moves:
            self.selected = cell
            self.targets = dict(moves[cell])
            return None
        if self.selected is not None:
            self.deselect()       # a cell it cannot reach: put the piece down
            return None
        self.rejected_input = True
        self.on_rejected(cell)
        return None

    def handle_event(self, event: pygame.event.Event, state: State, view: BoardView) -> Move | None:
        """As every board, plus: a click off the board or a right click puts the piece down."""
        if event.type == pygame.MOUSEBUTTONDOWN and view.interactive:
            if event.button == 3 or (event.button == 1 and self.cell_at(event.pos) is None):
                self.rejected_input = False
                self.deselect()
                return None
        return super().handle_event(event, state, view)

    def cancel_input(self) -> bool:
        """Esc puts a picked-up piece down (and does not leave the screen)."""
        if self.selected is None:
            return False
        self.deselect()
        return True

    # -- lifecycle ------------------------------------------------------------------
    def reset(self, state: State) -> None:
        super().reset(state)
        self.deselect()
        self._moves_key = None

    def on_move(self, state: State, record: MoveRecord) -> None:
        self.deselect()
        super().on_move(state, record)

    def on_undo(self, state: State) -> None:
        super().on_undo(state)
        self.deselect()
        self._moves_key = None
