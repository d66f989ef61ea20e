"""Board renderers: input to moves, what ends up on screen, animation timing, layout."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import math

import numpy as np
import pygame
import pytest

from game.rules.bot import MoveValue
from game.match.record import Match, Player
from game.rules.tictactoe import TicTacToe
from game.ui import palette
from game.rules.core import Outcome, Termination
from game.ui.renderers import BoardView, Renderer, renderer_for, shapes
from game.ui.renderers.effects import Glide, OutcomeShow, Shake, value_ink
from game.ui.renderers.tictactoe import TicTacToeRenderer

AREA = pygame.Rect(20, 10, 600, 600)
SCREEN = (640, 620)
BACKDROP = (5, 250, 5)   # a colour the renderer never uses, to see what it touched


def new_renderer(area: pygame.Rect = AREA) -> TicTacToeRenderer:
    renderer = renderer_for("tictactoe")
    assert isinstance(renderer, TicTacToeRenderer)
    renderer.layout(area)
    renderer.reset(TicTacToe())
    return renderer


def play(renderer: TicTacToeRenderer, match: Match, *names: str) -> None:
    for name in names:
        record = match.play(match.state.parse_move(name))
        renderer.on_move(match.state, record)


def settle(renderer: TicTacToeRenderer) -> None:
    """Advance the animations in frame-sized steps until none of a move runs."""
    for _ in range(600):
        if not renderer.busy:
            return
        renderer.update(1 / 60)
    raise AssertionError("renderer still busy after 10 s of updates")


def render(renderer: TicTacToeRenderer, state: TicTacToe, view: BoardView) -> pygame.Surface:
    surface = pygame.Surface(SCREEN)
    surface.fill(BACKDROP)
    renderer.draw(surface, state, view)
    return surface


def new_match(*names: str) -> Match:
    match = Match(TicTacToe(), [Player.human(), Player.human()])
    for name in names:
        match.play(match.state.parse_move(name))
    return match


def click(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def distance(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return math.dist(a[:3], b[:3])


def count_near(surface: pygame.Surface, centre: tuple[int, int], reach: int, colour: tuple[int, int, int]) -> int:
    """How many pixels within ``reach`` of ``centre`` are within 12 of ``colour``."""
    cx, cy = centre
    return sum(
        1
        for x in range(cx - reach, cx + reach + 1)
        for y in range(cy - reach, cy + reach + 1)
        if distance(surface.get_at((x, y)), colour) < 12
    )


def gold_pixels(surface: pygame.Surface, renderer: TicTacToeRenderer, cell: int) -> int:
    """How many pixels in and just around ``cell`` are gold (hint ring, cursor)."""
    reach = int(renderer.geometry.cell * 0.48)
    cx, cy = renderer.cell_centre(cell)
    return sum(
        1
        for x in range(cx - reach, cx + reach + 1)
        for y in range(cy - reach, cy + reach + 1)
        if (lambda p: p.r > 200 and 120 < p.g < 230 and p.b < 130)(surface.get_at((x, y)))
    )


# -- input -------------------------------------------------------------------
def test_clicking_each_cell_centre_returns_that_cell() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    view = BoardView(interactive=True)
    for cell in range(9):
        assert renderer.handle_event(click(renderer.cell_centre(cell)), state, view) == cell


def test_click_is_ignored_when_not_interactive() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    assert renderer.handle_event(click(renderer.cell_centre(4)), state, BoardView(interactive=False)) is None


def test_click_on_a_taken_cell_gives_no_move_and_flags_the_rejection() -> None:
    renderer = new_renderer()
    match = new_match("b2")
    view = BoardView(interactive=True)
    assert renderer.handle_event(click(renderer.cell_centre(4)), match.state, view) is None
    assert renderer.rejected_input
    assert renderer.handle_event(click(renderer.cell_centre(0)), match.state, view) == 0
    assert not renderer.rejected_input


def test_click_outside_the_grid_gives_no_move() -> None:
    renderer = new_renderer()
    view = BoardView(interactive=True)
    assert renderer.handle_event(click((AREA.x + 2, AREA.y + 2)), TicTacToe(), view) is None


def test_no_input_is_accepted_once_the_game_is_over() -> None:
    renderer = new_renderer()
    match = new_match("a1", "b1", "a2", "b2", "a3")
    view = BoardView(interactive=True, outcome=match.outcome())
    assert renderer.handle_event(click(renderer.cell_centre(8)), match.state, view) is None
    assert renderer.handle_event(key(pygame.K_9), match.state, view) is None


@pytest.mark.parametrize(
    ("code", "name"),
    [
        (pygame.K_7, "a3"), (pygame.K_8, "b3"), (pygame.K_9, "c3"),
        (pygame.K_4, "a2"), (pygame.K_5, "b2"), (pygame.K_6, "c2"),
        (pygame.K_1, "a1"), (pygame.K_2, "b1"), (pygame.K_3, "c1"),
        (pygame.K_KP7, "a3"), (pygame.K_KP3, "c1"),
    ],
)
def test_digit_keys_pick_cells_in_numeric_keypad_layout(code: int, name: str) -> None:
    renderer = new_renderer()
    state = TicTacToe()
    assert renderer.handle_event(key(code), state, BoardView(interactive=True)) == state.parse_move(name)


def test_digit_zero_and_digits_when_not_interactive_give_nothing() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    assert renderer.handle_event(key(pygame.K_0), state, BoardView(interactive=True)) is None
    assert renderer.handle_event(key(pygame.K_5), state, BoardView(interactive=False)) is None


def test_arrows_move_the_cursor_and_enter_plays_its_cell() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    view = BoardView(interactive=True)
    assert renderer.handle_event(key(pygame.K_LEFT), state, view) is None
    assert renderer.handle_event(key(pygame.K_UP), state, view) is None
    assert renderer.handle_event(key(pygame.K_RETURN), state, view) == state.parse_move("a3")


def test_arrows_stop_at_the_board_edge_and_space_plays() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    view = BoardView(interactive=True)
    for _ in range(4):
        renderer.handle_event(key(pygame.K_DOWN), state, view)
        renderer.handle_event(key(pygame.K_RIGHT), state, view)
    assert renderer.handle_event(key(pygame.K_SPACE), state, view) == state.parse_move("c1")


def test_enter_first_only_reveals_a_hidden_cursor() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    view = BoardView(interactive=True)
    assert renderer.handle_event(key(pygame.K_RETURN), state, view) is None
    assert renderer.cursor_visible
    assert renderer.handle_event(key(pygame.K_RETURN), state, view) == state.parse_move("b2")


def test_mouse_motion_hides_the_keyboard_cursor_and_sets_hover() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    view = BoardView(interactive=True)
    renderer.handle_event(key(pygame.K_UP), state, view)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=renderer.cell_centre(8), rel=(0, 0), buttons=(0, 0, 0))
    renderer.handle_event(motion, state, view)
    assert not renderer.cursor_visible
    assert renderer.hover == 8


# -- what is drawn -------------------------------------------------------------
def test_played_cells_show_their_seat_colour_after_the_animation() -> None:
    renderer = new_renderer()
    match = new_match()
    play(renderer, match, "b2", "a1")
    settle(renderer)
    surface = render(renderer, match.state, BoardView(last_move=match.last_move))
    reach = int(renderer.geometry.cell * 0.3)
    x_cell, o_cell = match.state.parse_move("b2"), match.state.parse_move("a1")
    assert surface.get_at(renderer.cell_centre(x_cell))[:3] == palette.SEAT_COLOURS[0]
    assert count_near(surface, renderer.cell_centre(o_cell), reach, palette.SEAT_COLOURS[1]) > 100
    assert count_near(surface, renderer.cell_centre(x_cell), reach, palette.SEAT_COLOURS[1]) == 0


def test_a_mark_is_not_fully_drawn_while_it_animates() -> None:
    renderer = new_renderer()
    match = new_match()
    play(renderer, match, "b2")
    reach = int(renderer.geometry.cell * 0.3)
    renderer.update(0.05)
    assert renderer.busy
    drawing = render(renderer, match.state, BoardView(last_move=match.last_move))
    settle(renderer)
    drawn = render(renderer, match.state, BoardView(last_move=match.last_move))
    coral = palette.SEAT_COLOURS[0]
    assert 0 < count_near(drawing, renderer.cell_centre(4), reach, coral) < count_near(
        drawn, renderer.cell_centre(4), reach, coral) / 2


def test_empty_cells_show_the_board_background() -> None:
    renderer = new_renderer()
    empty = render(renderer, TicTacToe(), BoardView())
    match = new_match()
    play(renderer, match, "b2", "a1")
    settle(renderer)
    surface = render(renderer, match.state, BoardView(last_move=match.last_move))
    for cell in range(9):
        if match.state.board[cell]:
            continue
        pixel = surface.get_at(renderer.cell_centre(cell))
        assert pixel == empty.get_at(renderer.cell_centre(cell))
        assert distance(pixel, palette.BOARD) < 30
        assert all(distance(pixel, seat) > 100 for seat in palette.SEAT_COLOURS[:2])


def test_hover_ghost_shows_only_when_interactive_and_on_empty_cells() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    empty = render(renderer, state, BoardView())
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=renderer.cell_centre(2), rel=(0, 0), buttons=(0, 0, 0))
    renderer.handle_event(motion, state, BoardView(interactive=True))
    centre = renderer.cell_centre(2)
    watching = render(renderer, state, BoardView(interactive=False))
    assert watching.get_at(centre) == empty.get_at(centre)
    playing = render(renderer, state, BoardView(interactive=True))
    ghost = playing.get_at(centre)
    assert ghost != empty.get_at(centre)
    assert ghost.r > empty.get_at(centre).r   # tinted towards X's coral


def test_hint_values_label_each_empty_cell_they_name_and_mark_the_unvalued_as_unknown() -> None:
    renderer = new_renderer()
    match = new_match("b2")
    plain = render(renderer, match.state, BoardView())
    values = {0: MoveValue(0.0, "draw"), 8: MoveValue(-1.0, "loss in 3")}
    labelled = render(renderer, match.state, BoardView(hint_values=values))
    reach = int(renderer.geometry.cell * 0.3)

    def region_changed(cell: int) -> bool:
        cx, cy = renderer.cell_centre(cell)
        return any(
            labelled.get_at((x, y)) != plain.get_at((x, y))
            for x in range(cx - reach, cx + reach, 3)
            for y in range(cy - reach // 3, cy + reach // 3, 2)
        )

    assert region_changed(0) and region_changed(8)
    loss_ink = value_ink(-1.0)                          # the loss colour, lightened on the dark pill
    assert count_near(labelled, renderer.cell_centre(8), reach, loss_ink) > 5
    assert region_changed(1) and region_changed(6)            # not valued yet: a '?', never a loss's colour
    assert count_near(labelled, renderer.cell_centre(1), reach, loss_ink) == 0
    assert not region_changed(4)                              # b2 is taken: no move there


def test_a_partial_hint_marks_each_legal_move_not_valued_with_a_muted_question_mark(monkeypatch) -> None:
    from game.ui.renderers import grid

    words: list[tuple[str, tuple]] = []
    original = grid.render

    def recording(font, content, colour):
        words.append((content, tuple(colour)))
        return original(font, content, colour)

    monkeypatch.setattr(grid, "render", recording)
    renderer = new_renderer()
    match = new_match("b2")
    render(renderer, match.state, BoardView(hint_values={0: MoveValue(-1.0, "loss in 3", exact=True)}))
    marks = [colour for content, colour in words if content == "?"]
    assert len(marks) == 7 and set(marks) == {palette.TEXT_MUTED}      # eight empty cells, one valued
    words.clear()
    every = {cell: MoveValue(0.0, "draw", exact=True) for cell in range(9) if cell != 4}
    render(renderer, match.state, BoardView(hint_values=every))
    assert "?" not in [content for content, _ in words]


def test_hint_ring_is_gold_around_the_hinted_cell() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    surface = render(renderer, state, BoardView(hint=6))
    assert gold_pixels(surface, renderer, 6) > 200
    assert gold_pixels(surface, renderer, 2) == 0


def test_keyboard_cursor_outlines_its_cell_in_gold_after_gliding() -> None:
    renderer = new_renderer()
    state = TicTacToe()
    view = BoardView(interactive=True)
    renderer.handle_event(key(pygame.K_LEFT), state, view)
    renderer.update(0.5)
    surface = render(renderer, state, view)
    assert gold_pixels(surface, renderer, 3) > 200
    assert gold_pixels(surface, renderer, 4) < gold_pixels(surface, renderer, 3) / 4
    watching = render(renderer, state, BoardView(interactive=False))
    assert gold_pixels(watching, renderer, 3) == 0


def test_winning_line_stroke_covers_the_line_after_on_outcome() -> None:
    renderer = new_renderer()
    match = new_match()
    play(renderer, match, "a1", "b1", "b2", "c1", "c3")
    outcome = match.outcome()
    assert outcome is not None and outcome.cells
    view = BoardView(last_move=match.last_move, outcome=outcome)
    renderer.on_outcome(match.state, outcome)
    assert renderer.busy

    first, last = renderer.cell_centre(outcome.cells[0]), renderer.cell_centre(outcome.cells[-1])
    length = math.dist(first, last)
    normal = (-(last[1] - first[1]) / length, (last[0] - first[0]) / length)

    def on_stroke(cell: int) -> bool:
        # a little off the centre line, past the stroke's bright core
        x, y = renderer.cell_centre(cell)
        point = (round(x + 4 * normal[0]), round(y + 4 * normal[1]))
        return distance(render(renderer, match.state, view).get_at(point), palette.ACCENT) < 6

    assert not on_stroke(outcome.cells[-1])
    settle(renderer)
    assert all(on_stroke(cell) for cell in outcome.cells)


def test_a_draw_leaves_every_mark_at_full_contrast() -> None:
    renderer = new_renderer()
    renderer.anim_speed = 0
    match = new_match()
    play(renderer, match, *"b2 a3 c3 a1 a2 c2 b3 b1 c1".split())
    before = render(renderer, match.state, BoardView(last_move=match.last_move))
    outcome = match.outcome()
    assert outcome is not None and outcome.is_draw
    renderer.on_outcome(match.state, outcome)
    after = render(renderer, match.state, BoardView(last_move=match.last_move, outcome=outcome))
    for cell, value in enumerate(match.state.board):
        if value == 1:   # X marks are drawn through their centre
            in_play, ended = before.get_at(renderer.cell_centre(cell)), after.get_at(renderer.cell_centre(cell))
            assert sum(ended[:3]) >= sum(in_play[:3]) - 6, f"the X on {cell} is drawn as in play, not faded"


# -- animation -----------------------------------------------------------------
def test_anim_speed_zero_is_never_busy() -> None:
    renderer = new_renderer()
    renderer.anim_speed = 0
    match = new_match()
    play(renderer, match, "a1", "b1", "b2", "c1")
    assert not renderer.busy
    play(renderer, match, "c3")
    renderer.on_outcome(match.state, match.outcome())
    assert not renderer.busy


def test_a_move_keeps_the_renderer_busy_until_updated_enough() -> None:
    renderer = new_renderer()
    match = new_match()
    play(renderer, match, "b2")
    assert renderer.busy
    renderer.update(0.1)
    assert renderer.busy
    renderer.update(1.0)
    assert not renderer.busy


def test_faster_speed_finishes_the_same_animation_in_less_time() -> None:
    slow, fast = new_renderer(), new_renderer()
    slow.anim_speed, fast.anim_speed = 1.0, 2.0
    match = new_match()
    record = match.play(4)
    for renderer in (slow, fast):
        renderer.on_move(match.state, record)
        renderer.update(0.25)
    assert slow.busy and not fast.busy


def test_setting_anim_speed_to_zero_finishes_running_animations() -> None:
    renderer = new_renderer()
    match = new_match()
    play(renderer, match, "b2")
    assert renderer.busy
    renderer.anim_speed = 0
    assert not renderer.busy


def test_negative_anim_speed_is_refused() -> None:
    with pytest.raises(ValueError, match="-1"):
        new_renderer().anim_speed = -1


def test_undo_snaps_to_the_position_without_animation() -> None:
    renderer = new_renderer()
    match = new_match()
    play(renderer, match, "b2", "a1")
    match.undo()
    renderer.on_undo(match.state)
    assert not renderer.busy
    empty = render(new_renderer(), TicTacToe(), BoardView())
    surface = render(renderer, match.state, BoardView())
    a1 = match.state.parse_move("a1")
    assert match.state.board[a1] == 0
    assert surface.get_at(renderer.cell_centre(a1)) == empty.get_at(renderer.cell_centre(a1))
    assert surface.get_at(renderer.cell_centre(4))[:3] == palette.SEAT_COLOURS[0]


def test_reset_drops_running_animations() -> None:
    renderer = new_renderer()
    match = new_match()
    play(renderer, match, "b2")
    renderer.reset(TicTacToe())
    assert not renderer.busy


# -- shared effects ----------------------------------------------------------------
def test_effects_run_at_the_renderers_speed_and_reset_clears_them() -> None:
    renderer, twice = Renderer(), Renderer()
    twice.anim_speed = 2
    shakes = [Shake(r, 0.3, 0.1) for r in (renderer, twice)]
    for shake, r in zip(shakes, (renderer, twice)):
        shake.start("cell")
        r.update(0.2)
    assert shakes[0].target == "cell" and shakes[0].offset("cell", 100) != 0
    assert shakes[1].target is None and shakes[1].offset("cell", 100) == 0, "done in half the time"
    assert shakes[0].offset("other", 100) == 0 and shakes[0].strength("other") == 0
    assert not renderer.busy, "a shake does not hold the game up"
    show = OutcomeShow(renderer, 0.5)
    won = Outcome((0,), "line", (1, 2, 3), termination=Termination.LINE)
    show.start(won, wait=0.1)
    assert renderer.busy and show.sweep(won) == 0.0
    renderer.reset(TicTacToe())
    assert not renderer.busy and shakes[0].target is None and show.outcome is None
    assert show.sweep(won) == 1.0, "an outcome it did not start shows finished"
    assert show.sweep(None) == 0.0


def test_with_animations_off_effects_are_at_rest_at_once() -> None:
    renderer = Renderer()
    renderer.anim_speed = 0
    show = OutcomeShow(renderer, 0.5)
    won = Outcome((0,), "line", (1, 2, 3), termination=Termination.LINE)
    show.start(won, wait=1.0)
    glide = Glide(renderer, 0.12)
    glide.move((0.0, 0.0), (10.0, 0.0))
    assert show.sweep(won) == 1.0 and not renderer.busy
    assert glide.position((10.0, 0.0)) == (10.0, 0.0)


def test_a_glide_turns_from_where_the_cursor_is_drawn() -> None:
    renderer = Renderer()
    glide = Glide(renderer, 0.1)
    glide.move(0.0, 100.0)
    renderer.update(0.05)
    halfway = glide.position(100.0)
    assert 0.0 < halfway < 100.0
    glide.move(100.0, 200.0)
    assert glide.position(200.0) == pytest.approx(halfway)
    renderer.update(0.2)
    assert glide.position(200.0) == 200.0


# -- layout ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "area",
    [pygame.Rect(0, 0, 640, 620), pygame.Rect(50, 20, 500, 300), pygame.Rect(10, 40, 200, 560),
     pygame.Rect(300, 300, 90, 90)],
)
def test_layout_keeps_the_board_square_and_inside_its_rect(area: pygame.Rect) -> None:
    renderer = new_renderer(area)
    cell = renderer.geometry.cell
    centres = [renderer.cell_centre(c) for c in range(9)]
    assert centres[1][0] - centres[0][0] == pytest.approx(centres[3][1] - centres[0][1], abs=1)
    for x, y in centres:
        assert area.left <= x - cell / 2 and x + cell / 2 <= area.right
        assert area.top <= y - cell / 2 and y + cell / 2 <= area.bottom
    assert renderer.cell_centre(4) == pytest.approx(area.center, abs=1)

    match = new_match()
    play(renderer, match, "a1", "b1", "b2", "c1", "c3")
    renderer.on_outcome(match.state, match.outcome())
    settle(renderer)
    surface = render(renderer, match.state, BoardView(last_move=8, outcome=match.outcome(), hint=3))
    touched = [
        (x, y)
        for x in range(0, SCREEN[0], 2)
        for y in range(0, SCREEN[1], 2)
        if surface.get_at((x, y))[:3] != BACKDROP
    ]
    assert touched, "nothing was drawn"
    assert all(area.collidepoint(p) for p in touched)


def painted_board_layer(renderer: TicTacToeRenderer) -> np.ndarray:
    """The board layer painted the plain way, every pixel of the area (RGBA bytes)."""
    geo = renderer.geometry
    canvas = shapes.Canvas(geo.area)
    xs, ys = canvas.xs, canvas.ys
    assert geo.board_w == pytest.approx(geo.board_h)
    board = geo.board_w
    panel = (geo.board_x, geo.board_y, board, board)
    radius, drop, blur = board * 0.07, board * 0.022, board * 0.06
    canvas.paint(shapes.shadow_alpha(shapes.rounded_rect_distance(xs, ys - drop, panel, radius), blur),
                 (6, 8, 22), 0.6)
    inside = shapes.rounded_rect_distance(xs, ys, panel, radius)
    t = np.clip((ys - geo.board_y) / board, 0.0, 1.0)[..., None]
    top = np.asarray(shapes.mix(palette.PANEL, palette.PANEL_LIGHT, 0.25), dtype=np.float32)
    canvas.paint(shapes.fill_alpha(inside), top + (np.asarray(palette.BOARD, dtype=np.float32) - top) * t)
    canvas.paint(shapes.stroke_alpha(np.abs(inside + 0.75), 0.75), palette.PANEL_BORDER, 0.55)
    distances = []
    inset = geo.cell * 0.1
    for k in (1, 2):
        x, y = geo.grid_x + k * geo.cell, geo.grid_y + k * geo.cell
        distances.append(shapes.segment_distance(xs, ys, (x, geo.grid_y + inset), (x, geo.grid_y + 3 * geo.cell - inset)))
        distances.append(shapes.segment_distance(xs, ys, (geo.grid_x + inset, y), (geo.grid_x + 3 * geo.cell - inset, y)))
    grid = np.minimum.reduce(distances)
    half = max(1.2, geo.cell * 0.022)
    canvas.paint(shapes.glow_alpha(grid, half, geo.cell * 0.05), palette.GRID, 0.12)
    canvas.paint(shapes.stroke_alpha(grid, half), palette.GRID, 0.9)
    return canvas.to_array()


@pytest.mark.parametrize(
    "area",
    [pygame.Rect(24, 24, 824, 752), pygame.Rect(0, 0, 500, 640), pygame.Rect(7, 3, 301, 177),
     pygame.Rect(0, 0, 61, 58)],
)
def test_board_layer_matches_painting_every_pixel(area: pygame.Rect) -> None:
    renderer = new_renderer(area)
    geo = renderer.geometry
    layer = renderer.render_board(geo)
    bounds = renderer.board_bounds(geo)
    assert layer.get_size() == bounds.size and area.contains(bounds)
    fast = np.zeros((area.height, area.width, 4), dtype=np.uint8)
    x, y = bounds.x - area.x, bounds.y - area.y
    fast[y:y + bounds.height, x:x + bounds.width] = np.frombuffer(
        pygame.image.tobytes(layer, "RGBA"), dtype=np.uint8).reshape(bounds.height, bounds.width, 4)
    plain = painted_board_layer(renderer)

    def premultiplied(pixels: np.ndarray) -> np.ndarray:
        return pixels[..., :3].astype(float) * pixels[..., 3:] / 255

    assert np.abs(fast[..., 3].astype(int) - plain[..., 3]).max() <= 1
    assert np.abs(premultiplied(fast) - premultiplied(plain)).max() <= 1.5


def test_laying_out_again_at_the_same_size_keeps_the_board_image(monkeypatch) -> None:
    renderer = new_renderer(pygame.Rect(20, 10, 600, 600))
    made: list[pygame.Rect] = []
    render_board = renderer.render_board

    def counted(geo):
        made.append(pygame.Rect(renderer.board_bounds(geo)))
        return render_board(geo)

    monkeypatch.setattr(renderer, "render_board", counted)
    render(renderer, TicTacToe(), BoardView())
    renderer.layout(pygame.Rect(30, 0, 600, 600))
    render(renderer, TicTacToe(), BoardView())
    assert len(made) == 1                         # moved, not resized: the board image is reused
    renderer.layout(pygame.Rect(20, 10, 500, 500))
    render(renderer, TicTacToe(), BoardView())
    assert len(made) == 2 and made[1].size != made[0].size   # resized: painted anew at the new size


def test_painting_a_canvas_region_paints_the_canvas_there_only() -> None:
    canvas = shapes.Canvas(pygame.Rect(10, 20, 40, 30))
    region = canvas.region(pygame.Rect(0, 30, 25, 100))
    assert region.bounds == pygame.Rect(10, 30, 15, 20)
    assert region.xs[0, 0] == 10.5 and region.ys[0, 0] == 30.5
    region.paint(np.ones((20, 15), dtype=np.float32), (255, 0, 0))
    pixels = canvas.to_array()
    assert (pixels[10:, :15] == (255, 0, 0, 255)).all()
    assert (pixels[:10, :, 3] == 0).all() and (pixels[:, 15:, 3] == 0).all()


def test_draw_preview_stays_inside_its_rect() -> None:
    renderer = new_renderer()
    surface = pygame.Surface((300, 200))
    surface.fill(BACKDROP)
    card = pygame.Rect(30, 20, 180, 150)
    renderer.draw_preview(surface, card)
    touched = [
        (x, y) for x in range(300) for y in range(0, 200, 2) if surface.get_at((x, y))[:3] != BACKDROP
    ]
    assert len(touched) > 1000
    assert all(card.collidepoint(p) for p in touched)


def test_renderer_for_an_unknown_game_names_it() -> None:
    with pytest.raises(KeyError, match="chess"):
        renderer_for("chess")


def noise_backdrop(size: tuple[int, int]) -> pygame.Surface:
    """A backdrop of random colours, so a board copied one pixel off would show."""
    pixels = np.random.default_rng(7).integers(0, 256, (size[0], size[1], 3), dtype=np.uint8)
    return pygame.surfarray.make_surface(pixels)


def over(backdrop: pygame.Surface, renderer: Renderer, state, view: BoardView) -> pygame.Surface:
    """``state`` drawn by ``renderer`` on a screen that shows ``backdrop``, as the play screen draws."""
    screen = pygame.Surface(backdrop.get_size())
    screen.blit(backdrop, (0, 0))
    renderer.draw(screen, state, view)
    return screen


@pytest.mark.parametrize("game_id, moves", [("tictactoe", "b2 a3"), ("reversi", "f5 d6"), ("gomoku", "h8 i9"),
                                            ("chinesecheckers", "")])
def test_a_board_copied_from_its_kept_picture_is_the_board_painted_anew(game_id: str, moves: str) -> None:
    from game.rules.catalogue import new_state

    state = new_state(game_id)
    for word in moves.split():
        state.push(state.parse_move(word))
    backdrop = noise_backdrop(SCREEN)
    kept, plain = renderer_for(game_id), renderer_for(game_id)
    for renderer in (kept, plain):
        renderer.anim_speed = 0
        renderer.layout(AREA)
        renderer.reset(state)
    kept.backdrop = backdrop
    view = BoardView(last_move=state.move_stack[-1] if state.move_stack else None)
    expected = pygame.surfarray.array3d(over(backdrop, plain, state, view))
    for _ in range(2):        # painted and kept, then copied
        assert np.array_equal(pygame.surfarray.array3d(over(backdrop, kept, state, view)), expected)


def test_the_still_board_is_painted_once_then_copied_until_the_board_is_resized() -> None:
    renderer = new_renderer()
    labels = []
    draw_labels = renderer._draw_labels
    renderer._draw_labels = lambda *args: labels.append(1) or draw_labels(*args)
    backdrop = noise_backdrop(SCREEN)
    renderer.backdrop = backdrop
    for _ in range(3):
        over(backdrop, renderer, TicTacToe(), BoardView())
    assert len(labels) == 1
    renderer.layout(pygame.Rect(20, 10, 500, 500))
    over(backdrop, renderer, TicTacToe(), BoardView())
    over(backdrop, renderer, TicTacToe(), BoardView())
    assert len(labels) == 2
    renderer.backdrop = noise_backdrop(SCREEN)         # a window of another size has another background
    over(renderer.backdrop, renderer, TicTacToe(), BoardView())
    assert len(labels) == 3


def test_a_boards_display_option_is_listed_in_settings_for_its_games_and_reaches_the_board(make_app, monkeypatch):
    from game.ui.renderers import DisplayOption, display_options

    assert [(option.name, games) for option, games in display_options()] == [
        ("tictactoe_paper_set", ("tictactoe",)), ("connect4_classic_set", ("connect4",)),
        ("chinesecheckers_wooden_board", ("chinesecheckers",)), ("show_legal_moves", ("reversi",)),
        ("reversi_wooden_board", ("reversi",)), ("show_move_numbers", ("gomoku",)),
        ("gomoku_paper_board", ("gomoku",))]
    coords = DisplayOption("show_coordinates_x", "Show coordinates", "Letters round the board", True)
    monkeypatch.setattr(TicTacToeRenderer, "display_options", (coords,))
    d = make_app()
    d.services.scenes.go("settings", animate=False)
    d.settle()
    rows = {choice.id: (label, note) for label, note, choice in d.scene.rows}
    assert rows["show_coordinates_x"] == ("Show coordinates", "Letters round the board (Tic-tac-toe)")
    choice = d.scene.widget("show_coordinates_x")
    assert choice.value is True
    d.scroll_to_widget("show_coordinates_x")             # as a player scrolls to it
    d.click_at((choice.rect.right - 12, choice.rect.centery))
    assert d.services.settings.current.display == {"show_coordinates_x": False}
    assert not BoardView(display=d.services.settings.current.display).shows(coords)
    assert BoardView().shows(coords)


def test_a_board_added_from_outside_that_cannot_load_costs_settings_only_its_own_options(caplog) -> None:
    from game.ui.renderers import display_options, register_renderer, unregister_renderer

    shipped = [option.name for option, _ in display_options()]
    register_renderer("tictactoe2", "no_such_package.board:Board")
    try:
        assert [option.name for option, _ in display_options()] == shipped
    finally:
        unregister_renderer("tictactoe2")
    assert "tictactoe2" in caplog.text


def test_labels_on_the_dark_backing_read_on_the_light_theme(monkeypatch) -> None:
    """The labels' backing is dark in every theme, but their inks were the theme's: on the
    light theme a loss in dark red, an even value in slate and a Chinese Checkers hole's
    name in the light theme's near-black text, on the near-black pill."""
    from game.rules.catalogue import new_state
    from game.ui.draw import contrast
    from game.ui.renderers import chinesecheckers
    from game.ui.renderers.effects import LABEL_BACK

    palette.use("light", False)
    try:
        for score in (1.0, -1.0, 0.0):
            assert contrast(value_ink(score), LABEL_BACK) >= 4.5, f"a value of {score} in {value_ink(score)}"
        inks: list[tuple] = []
        real = chinesecheckers.render

        def noting(font, words, colour, *args, **kwargs):
            inks.append((words, tuple(colour[:3])))
            return real(font, words, colour, *args, **kwargs)

        monkeypatch.setattr(chinesecheckers, "render", noting)
        renderer = renderer_for("chinesecheckers")
        state = new_state("chinesecheckers")
        renderer.layout(AREA)
        renderer.reset(state)
        renderer.hover = 0
        surface = pygame.Surface(SCREEN)
        renderer.draw(surface, state, BoardView(interactive=True))
        names = [colour for words, colour in inks if words == chinesecheckers.NAMES[0]]
        assert names and contrast(names[0], LABEL_BACK) >= 4.5
    finally:
        palette.use("dark", False)


def test_a_one_word_value_is_never_broken_inside_the_word(monkeypatch) -> None:
    """Gomoku's 'holds' on a 19-cell-wide board at 800×560 was drawn as 'hol' over 'ds'."""
    from game.rules.catalogue import new_state
    from game.ui.renderers import grid

    drawn: list[str] = []
    real = grid.render

    def noting(font, words, colour, *args, **kwargs):
        drawn.append(words)
        return real(font, words, colour, *args, **kwargs)

    monkeypatch.setattr(grid, "render", noting)
    state = new_state("gomoku")
    for word in "h8 i9 h9".split():
        state.push(state.parse_move(word))
    renderer = renderer_for("gomoku")
    renderer.layout(pygame.Rect(0, 0, 380, 380))          # Gomoku's board at 800×560
    renderer.reset(state)
    values = {state.parse_move("g9"): MoveValue(0.0, "holds", exact=True),
              state.parse_move("h7"): MoveValue(1.0, "wins (four-three in 5)", exact=True)}
    drawn.clear()
    renderer.draw(pygame.Surface((400, 400)), state, BoardView(hint_values=values))
    shown = [words for words in drawn if len(words) > 2 or not words.isalnum()]
    assert "holds" in shown and not any(words in ("hol", "ds", "hold") for words in shown), shown
