"""The square-grid board base (``GridRenderer``): a tiny game drawn on it with nothing
but a piece and the rules, laid out at real content sizes, played by mouse and keys,
and drawn with a hint, a last move and an outcome."""
from __future__ import annotations

import math
from typing import Any, Hashable, Sequence

import pygame
import pytest

from game.match.record import Match, Player
from game.rules.bot import MoveValue
from game.rules.core import BadNotation, IllegalMove, Option, Outcome, State, Termination
from game.ui import palette
from game.ui.renderers import BoardView, shapes
from game.ui.renderers.grid import GridRenderer
from game.ui.renderers.gridgeometry import GridGeometry, shared_ends
from game.ui.renderers.picking import PickThenPlace

BACKDROP = (5, 250, 5)   # a colour the renderer never uses, to see what it touched
#: The play screen's board area at the smallest and a large window (800x560, 1920x1080).
SMALL = pygame.Rect(24, 24, 408, 512)
LARGE = pygame.Rect(24, 24, 1380, 1032)


class Lattice(State):
    """Three in a row on the points of a small lattice: files a.. from the left, ranks 1.. from the bottom.

    Points are numbered row by row from the top left, as ``GridRenderer`` numbers its cells.
    """

    game_id = "lattice"
    title = "Lattice"
    options_spec = (Option("size", "Size", 5, (5, 7)),)

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.size: int = self.options["size"]
        self.board: list[int | None] = [None] * self.size ** 2
        self._moves: list[int] = []

    @property
    def turn(self) -> int:
        return len(self._moves) % 2

    @property
    def move_stack(self) -> Sequence[int]:
        return self._moves

    def legal_moves(self) -> list[int]:
        return [] if self.outcome() is not None else [p for p, seat in enumerate(self.board) if seat is None]

    def push(self, move: Hashable) -> None:
        if not self.is_legal(move):
            raise IllegalMove(f"{move!r} is not a free point")
        self.board[move] = self.turn
        self._moves.append(move)

    def pop(self) -> int:
        move = self._moves.pop()
        self.board[move] = None
        return move

    def outcome(self) -> Outcome | None:
        n = self.size
        for point, seat in enumerate(self.board):
            if seat is None:
                continue
            row, col = divmod(point, n)
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                line = [(row + k * dr, col + k * dc) for k in range(3)]
                if all(0 <= r < n and 0 <= c < n and self.board[r * n + c] == seat for r, c in line):
                    return Outcome((seat,), "three in a row", tuple(r * n + c for r, c in line),
                                   termination=Termination.LINE)
        if None not in self.board:
            return Outcome((), "board full", termination=Termination.BOARD_FULL)
        return None

    def key(self) -> tuple:
        return tuple(self.board), self.turn

    def copy(self) -> "Lattice":
        other = Lattice(size=self.size)
        other.board, other._moves = list(self.board), list(self._moves)
        return other

    def move_to_str(self, move: Hashable) -> str:
        if not isinstance(move, int) or not 0 <= move < self.size ** 2:
            raise BadNotation(f"{move!r} is not a point")
        row, col = divmod(move, self.size)
        return "abcdefg"[col] + str(self.size - row)

    def parse_move(self, text: str) -> int:
        word = text.strip().lower()
        files = "abcdefg"[:self.size]
        if len(word) == 2 and word[0] in files and word[1].isdigit() and 1 <= int(word[1]) <= self.size:
            return files.index(word[0]) + self.size * (self.size - int(word[1]))
        raise BadNotation(f"{text!r} is not a point")


class LatticeRenderer(GridRenderer):
    """All a new square-grid game writes: its state type, its size, what stands where and one piece."""

    game_id = "lattice"
    state_type = Lattice
    cols = rows = 5
    intersections = True

    def grid_size(self, state: State) -> tuple[int, int]:
        return state.size, state.size

    def piece_at(self, state: State, cell: int) -> int | None:
        return state.board[cell]

    def render_piece(self, seat: int) -> pygame.Surface:
        n = max(1, round(self.geometry.cell * 0.9))
        canvas = shapes.Canvas(pygame.Rect(0, 0, n, n))
        canvas.paint(shapes.fill_alpha(shapes.segment_distance(canvas.xs, canvas.ys, (n / 2, n / 2), (n / 2, n / 2)) - n * 0.45),
                     palette.SEAT_COLOURS[seat])
        return canvas.to_surface()

    def preview(self) -> tuple[State, BoardView]:
        sample = Lattice.from_text("c3 b2 d4")
        return sample, BoardView(last_move=sample.move_stack[-1])


class StripRenderer(LatticeRenderer):
    """The same pieces in the cells of a board wider than it is tall."""

    game_id = "strip"
    cols, rows = 7, 3
    intersections = False

    def grid_size(self, state: State) -> tuple[int, int]:
        return self.cols, self.rows

    def piece_at(self, state: State, cell: int) -> int | None:
        return None


def board(area: pygame.Rect = SMALL, state: State | None = None, kind: type[GridRenderer] = LatticeRenderer) -> GridRenderer:
    renderer = kind()
    renderer.layout(area)
    renderer.reset(state or Lattice())
    return renderer


def drawn(renderer: GridRenderer, state: State, view: BoardView, area: pygame.Rect) -> pygame.Surface:
    surface = pygame.Surface((area.right + 30, area.bottom + 30))
    surface.fill(BACKDROP)
    renderer.draw(surface, state, view)
    return surface


def touched_bounds(surface: pygame.Surface) -> list[pygame.Rect]:
    mask = pygame.mask.from_threshold(surface, BACKDROP, (1, 1, 1, 255))
    mask.invert()
    return mask.get_bounding_rects()


def click(pos: tuple[float, float]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(int(pos[0]), int(pos[1])), button=1)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def gold(pixel: pygame.Color) -> bool:
    return pixel.r > 200 and 120 < pixel.g < 240 and pixel.b < 150


def gold_near(surface: pygame.Surface, centre: tuple[int, int], reach: int) -> int:
    """How many pixels within ``reach`` of ``centre`` are the gold of rings and strokes."""
    return sum(gold(surface.get_at((x, y))) for x in range(centre[0] - reach, centre[0] + reach + 1)
               for y in range(centre[1] - reach, centre[1] + reach + 1))


# -- layout ------------------------------------------------------------------------
@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
def test_the_lattice_fills_its_area_square_centred_and_inside(area: pygame.Rect) -> None:
    renderer = board(area)
    geo = renderer.geometry
    points = [[renderer.cell_centre(renderer.cell_of(col, row)) for col in range(5)] for row in range(5)]
    steps = {points[0][c + 1][0] - points[0][c][0] for c in range(4)} | {points[r + 1][0][1] - points[r][0][1] for r in range(4)}
    assert max(steps) - min(steps) <= 1, "every point the same distance from the next, across and down"
    assert points[2][2] == pytest.approx(area.center, abs=1)
    assert geo.labels, "room for the coordinates at this size"
    assert 4 * geo.cell > 0.6 * min(area.size), "the lattice uses most of the area"
    content = renderer.content_rect()
    assert area.contains(content)
    for row in points:
        for x, y in row:
            assert content.collidepoint(x - geo.cell * 0.45, y - geo.cell * 0.45)
            assert content.collidepoint(x + geo.cell * 0.45 - 1, y + geo.cell * 0.45 - 1)

    state = Lattice.from_text("a1 b1 b2 c1 c3")
    renderer.on_outcome(state, state.outcome())
    renderer.anim_speed = 0
    surface = drawn(renderer, state, BoardView(last_move=state.move_stack[-1], outcome=state.outcome()), area)
    bounds = touched_bounds(surface)
    assert bounds and all(area.contains(rect) for rect in bounds), (area, bounds)


@pytest.mark.parametrize("area", [SMALL, LARGE, pygame.Rect(0, 0, 300, 90)], ids=["800x560", "1920x1080", "short"])
def test_a_board_wider_than_tall_fits_its_area_with_square_cells(area: pygame.Rect) -> None:
    renderer = board(area, kind=StripRenderer)
    geo = renderer.geometry
    assert geo.board_w / geo.board_h == pytest.approx((7 + 2 * geo.board_w * 0.035 / geo.cell) / (3 + 2 * geo.board_w * 0.035 / geo.cell))
    surface = drawn(renderer, Lattice(), BoardView(), area)
    bounds = touched_bounds(surface)
    assert bounds and all(area.contains(rect) for rect in bounds), (area, bounds)
    fills = max(bounds[0].width / area.width, bounds[0].height / area.height)
    assert fills > 0.9, "the board reaches across its area one way"
    for cell in range(21):
        assert renderer.cell_at(renderer.cell_centre(cell)) == cell


def test_coordinates_come_from_the_games_notation() -> None:
    renderer = board()
    assert renderer.coordinate_names(Lattice()) == (tuple("abcde"), ("5", "4", "3", "2", "1"))
    assert renderer.coordinate_names(Lattice(size=7)) == (tuple("abcdefg"), tuple("7654321"))


def test_shared_ends_of_cell_names() -> None:
    assert shared_ends(["a15", "a14", "a9", "a1"]) == ("a", "")
    assert shared_ends(["a15", "b15", "o15"]) == ("", "15")
    assert shared_ends(["a1", ""]) == ("", "")


def test_the_board_follows_a_state_of_another_size() -> None:
    renderer = board()
    renderer.hover = renderer.cell_of(4, 4)
    big = Lattice(size=7)
    surface = drawn(renderer, big, BoardView(interactive=True), SMALL)
    assert (renderer.cols, renderer.rows) == (7, 7)
    assert renderer.cell_at(renderer.cell_centre(48)) == 48
    assert all(SMALL.contains(rect) for rect in touched_bounds(surface))


# -- input --------------------------------------------------------------------------
@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
def test_a_click_near_a_point_plays_there(area: pygame.Rect) -> None:
    renderer = board(area)
    state = Lattice()
    view = BoardView(interactive=True)
    reach = renderer.geometry.cell * 0.4
    for point in range(25):
        x, y = renderer.cell_centre(point)
        assert renderer.handle_event(click((x, y)), state, view) == point
        assert renderer.handle_event(click((x - reach, y + reach)), state, view) == point
    corner = renderer.cell_centre(0)
    outside = (corner[0] - renderer.geometry.cell * 0.6, corner[1] - renderer.geometry.cell * 0.6)
    assert renderer.handle_event(click(outside), state, view) is None
    assert not renderer.rejected_input


def test_a_click_on_a_taken_point_is_refused_and_shakes_it() -> None:
    renderer = board()
    state = Lattice.from_text("c3")
    assert renderer.handle_event(click(renderer.cell_centre(12)), state, BoardView(interactive=True)) is None
    assert renderer.rejected_input and renderer.shake.target == 12
    renderer.update(0.1)
    assert renderer.shake.offset(12, renderer.geometry.cell) != 0
    assert not renderer.busy, "a shake does not hold up the game"


def test_arrows_step_the_cursor_from_the_centre_and_stop_at_the_edge() -> None:
    renderer = board()
    state = Lattice()
    view = BoardView(interactive=True)
    assert renderer.cursor == state.parse_move("c3")
    renderer.handle_event(key(pygame.K_LEFT), state, view)
    renderer.handle_event(key(pygame.K_UP), state, view)
    assert renderer.handle_event(key(pygame.K_RETURN), state, view) == state.parse_move("b4")
    for _ in range(4):
        renderer.handle_event(key(pygame.K_RIGHT), state, view)
        renderer.handle_event(key(pygame.K_DOWN), state, view)
    assert renderer.handle_event(key(pygame.K_SPACE), state, view) == state.parse_move("e1")


# -- drawing -------------------------------------------------------------------------
def play(renderer: GridRenderer, match: Match, *names: str) -> None:
    for name in names:
        renderer.on_move(match.state, match.play(match.state.parse_move(name)))


@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
def test_a_hint_rings_its_point_in_gold_and_values_are_written_on_free_points(area: pygame.Rect) -> None:
    renderer = board(area)
    match = Match(Lattice(), [Player.human(), Player.human()])
    play(renderer, match, "c3", "b2")
    state = match.state
    hint, other = state.parse_move("d4"), state.parse_move("a1")
    values = {hint: MoveValue(1.0, "win in 2"), other: MoveValue(-1.0, "loss in 3"), 12: MoveValue(0.0, "taken")}
    view = BoardView(last_move=match.last_move, hint=hint, hint_values=values, interactive=True)
    renderer.update(1.0)
    surface = drawn(renderer, state, view, area)
    plain = drawn(renderer, state, BoardView(last_move=match.last_move, interactive=True), area)
    cx, cy = renderer.cell_centre(hint)
    radius = round(renderer.geometry.cell * 0.385)
    assert gold(surface.get_at((cx + radius, cy))) and gold(surface.get_at((cx, cy - radius)))
    assert surface.get_at(renderer.cell_centre(other)) != plain.get_at(renderer.cell_centre(other))
    assert surface.get_at(renderer.cell_centre(12)) == plain.get_at(renderer.cell_centre(12)), "no value over a piece"


def test_the_ghost_shows_on_a_free_point_under_the_mouse_only_while_playing() -> None:
    renderer = board()
    state = Lattice.from_text("c3")
    target = renderer.cell_centre(0)
    renderer.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)),
                          state, BoardView(interactive=True))
    watching = drawn(renderer, state, BoardView(), SMALL)
    playing = drawn(renderer, state, BoardView(interactive=True), SMALL)
    assert playing.get_at(target) != watching.get_at(target)
    assert playing.get_at(target).g > watching.get_at(target).g, "a faint teal piece: the second seat to move"
    renderer.hover = 12      # taken
    assert drawn(renderer, state, BoardView(interactive=True), SMALL).get_at(renderer.cell_centre(12)) == \
        watching.get_at(renderer.cell_centre(12))


@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
def test_a_won_game_sweeps_a_gold_line_and_leaves_the_other_pieces_at_full_contrast(area: pygame.Rect) -> None:
    renderer = board(area)
    match = Match(Lattice(), [Player.human(), Player.human()])
    play(renderer, match, "a1", "e5", "b2", "e4")
    renderer.update(1.0)
    before = drawn(renderer, match.state, BoardView(last_move=match.last_move), area)
    play(renderer, match, "c3")
    outcome = match.outcome()
    assert outcome is not None and outcome.cells
    renderer.on_outcome(match.state, outcome)
    view = BoardView(last_move=match.last_move, outcome=outcome)
    a, b = renderer.cell_centre(outcome.cells[0]), renderer.cell_centre(outcome.cells[1])
    between = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
    reach = max(2, round(renderer.geometry.cell * 0.05))    # the stroke's half width
    renderer.update(0.05)
    assert renderer.busy
    assert gold_near(drawn(renderer, match.state, view, area), between, reach) == 0, "the sweep waits for the piece"
    for _ in range(120):
        renderer.update(1 / 60)
    assert not renderer.busy
    assert gold_near(drawn(renderer, match.state, view, area), between, reach) > reach
    after = drawn(renderer, match.state, view, area)
    loser = renderer.cell_centre(match.state.parse_move("e5"))
    assert after.get_at(loser) == before.get_at(loser), "the loser's piece is drawn as in play, not faded"


def test_drawing_mid_animation_with_everything_shown_does_not_raise() -> None:
    renderer = board(LARGE)
    match = Match(Lattice(), [Player.human(), Player.human()])
    play(renderer, match, "a1", "e5", "b2")
    renderer.update(0.05)
    renderer.handle_event(key(pygame.K_RIGHT), match.state, BoardView(interactive=True))
    view = BoardView(last_move=match.last_move, hint=0, hint_values={1: MoveValue(0.0, "draw")}, interactive=True)
    drawn(renderer, match.state, view, LARGE)
    play(renderer, match, "e4", "c3")
    renderer.on_outcome(match.state, match.outcome())
    for _ in range(40):
        renderer.update(1 / 60)
        drawn(renderer, match.state, BoardView(last_move=match.last_move, outcome=match.outcome()), LARGE)
    draw = Outcome((), "agreed", termination=Termination.AGREED_DRAW)
    drawn(renderer, match.state, BoardView(last_move=match.last_move, outcome=draw), LARGE)
    match.undo()
    renderer.on_undo(match.state)
    assert not renderer.busy and renderer.outcome_show.outcome is None


def test_a_state_of_another_game_is_refused_by_name() -> None:
    from game.rules.tictactoe import TicTacToe

    with pytest.raises(TypeError, match="TicTacToe"):
        drawn(board(), TicTacToe(), BoardView(), SMALL)


def test_the_menu_card_shows_the_sample_without_coordinates_inside_its_rect() -> None:
    renderer = LatticeRenderer()
    image = renderer.render_preview((180, 150))
    assert image.get_size() == (180, 150)
    assert pygame.mask.from_surface(image).count() > 180 * 150 // 3


# -- boards of other cells, and pieces that move -------------------------------------
class OffsetGeometry(GridGeometry):
    """Each row half a cell further right than the one above, as in Hex's rhombus, and
    diamond-shaped cells: what a board of other cells declares."""

    def shift(self, row: float) -> float:
        return (row - (self.rows - 1) / 2) * self.cell / 2

    def centre(self, col: float, row: float) -> tuple[float, float]:
        x, y = super().centre(col, row)
        return x + self.shift(row), y

    def place_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if self.cell <= 0:
            return None
        row = math.floor((pos[1] - self.grid_y) / self.cell + 0.5 - self.offset)
        return super().place_at((round(pos[0] - self.shift(row)), pos[1]))

    def outline(self, xs, ys, inset: float, radius: float):
        middle = self.side / 2
        return abs(xs - middle) + abs(ys - middle) - (middle - inset)


class OffsetRenderer(LatticeRenderer):
    game_id = "offset"
    geometry_type = OffsetGeometry


def test_a_board_of_other_cells_places_picks_and_draws_them_by_its_geometry() -> None:
    renderer = board(LARGE, kind=OffsetRenderer)
    state = Lattice()
    cell = renderer.geometry.cell
    for point in range(25):
        assert renderer.cell_at(renderer.cell_centre(point)) == point, state.move_to_str(point)
    (top_x, _), (bottom_x, _) = renderer.cell_centre(0), renderer.cell_centre(20)
    assert bottom_x - top_x == pytest.approx(2 * cell, abs=1), "the bottom row sits two cells right of the top"
    view = BoardView(interactive=True)
    assert renderer.handle_event(click(renderer.cell_centre(12)), state, view) == 12
    state.push(12)
    renderer.on_move(state, Match(Lattice(), [Player.human(), Player.human()]).play(12))
    renderer.anim_speed = 0
    surface = drawn(renderer, state, BoardView(last_move=12), LARGE)
    x, y = renderer.cell_centre(12)
    assert surface.get_at((x, y))[:3] == palette.SEAT_COLOURS[0]


@pytest.mark.parametrize("kind, corner, edge", [(LatticeRenderer, True, False), (OffsetRenderer, False, True)],
                         ids=["square", "diamond"])
def test_the_keyboard_cursor_takes_the_shape_of_the_geometrys_cells(kind, corner, edge) -> None:
    renderer = board(LARGE, kind=kind)
    state = Lattice()
    view = BoardView(interactive=True)
    renderer.handle_event(key(pygame.K_UP), state, view)
    renderer.anim_speed = 0
    surface = drawn(renderer, state, view, LARGE)
    x, y = renderer.cell_centre(renderer.cursor)
    cell = renderer.geometry.cell
    assert (gold_near(surface, (round(x + 0.4 * cell), round(y + 0.4 * cell)), 1) > 0) is corner
    assert (gold_near(surface, (round(x + 0.225 * cell), round(y + 0.225 * cell)), 1) > 0) is edge


class Slide(Lattice):
    """Each side has one piece and moves it to a free neighbouring point: moves are (from, to)."""

    game_id = "slide"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.board[self.size * (self.size - 1)], self.board[self.size - 1] = 0, 1
        self._moves: list[tuple[int, int]] = []

    def legal_moves(self) -> list[tuple[int, int]]:
        n = self.size
        start = self.board.index(self.turn)
        row, col = divmod(start, n)
        near = [(row + dr) * n + col + dc for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                if 0 <= row + dr < n and 0 <= col + dc < n]
        return [(start, end) for end in near if self.board[end] is None]

    def push(self, move: Hashable) -> None:
        if move not in self.legal_moves():
            raise IllegalMove(f"{move!r} is not a slide")
        self.board[move[0]], self.board[move[1]] = None, self.turn
        self._moves.append(move)

    def pop(self) -> tuple[int, int]:
        move = self._moves.pop()
        self.board[move[0]], self.board[move[1]] = self.board[move[1]], None
        return move

    def outcome(self) -> Outcome | None:
        return None

    def copy(self) -> "Slide":
        other = Slide(size=self.size)
        other.board, other._moves = list(self.board), list(self._moves)
        return other


class SlideRenderer(PickThenPlace, LatticeRenderer):
    """A square grid whose pieces move: the shared pick-then-place input on the grid base."""

    game_id = "slide"
    state_type = Slide

    def cell_name(self, state: State, cell: int) -> str:
        return Lattice.move_to_str(state, cell)


def test_pieces_that_move_are_picked_up_then_placed_on_a_grid_board() -> None:
    state = Slide()
    renderer = board(SMALL, state, kind=SlideRenderer)
    view = BoardView(interactive=True)
    mine, theirs = state.board.index(0), state.board.index(1)
    assert renderer.handle_event(click(renderer.cell_centre(theirs)), state, view) is None
    assert renderer.rejected_input and renderer.selected is None
    assert renderer.handle_event(click(renderer.cell_centre(mine)), state, view) is None
    assert renderer.selected == mine and set(renderer.targets) == {end for _, end in state.legal_moves()}
    up = mine - state.size
    renderer.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=renderer.cell_centre(up), rel=(0, 0),
                                             buttons=(0, 0, 0)), state, view)
    shown = drawn(renderer, state, view, SMALL)
    assert renderer.selected == mine
    plain = drawn(renderer, state, BoardView(), SMALL)
    assert renderer.selected is None, "put down when the turn is not the player's"
    assert shown.get_at(renderer.cell_centre(up)) != plain.get_at(renderer.cell_centre(up)), "a ghost where it goes"
    renderer.handle_event(click(renderer.cell_centre(mine)), state, view)
    assert renderer.cancel_input() and renderer.selected is None and not renderer.cancel_input()
    renderer.handle_event(click(renderer.cell_centre(mine)), state, view)
    assert renderer.handle_event(click(renderer.cell_centre(up)), state, view) == (mine, up)
    assert renderer.selected is None
    assert renderer.coordinate_names(state) == (tuple("abcde"), ("5", "4", "3", "2", "1"))
