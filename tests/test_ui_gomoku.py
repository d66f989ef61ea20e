"""The Gomoku board on the play screen: stones on their intersections at every board
size, clicks played on the nearest point, Renju's forbidden points marked and refused
with the rules' reason, the ghost stone, the stone coming down, the last move's mark,
move numbers and their setting, the winning five, and a hinted forced win."""
from __future__ import annotations

import pygame
import pytest

from game.match.record import Match, MoveRecord, Player
from game.rules.bot import MoveValue
from game.rules.gomoku import BLACK, EMPTY, WHITE, Gomoku, star_points
from game.ui.panels.status import shorter_clauses
from game.ui.renderers import BoardView, renderer_for
from game.ui.renderers.gomoku import MOVE_NUMBERS, VALUES_SHOWN, GomokuRenderer, hinted_sequence

#: The play screen's board area at the smallest and a large window (800x560, 1920x1080).
SMALL = pygame.Rect(24, 24, 408, 512)
LARGE = pygame.Rect(24, 24, 1380, 1032)
#: Black to move under Renju; i8 makes two open threes (g8-h8-i8 and i8-i9-i10).
DOUBLE_THREE = "h8 j6 g8 f7 i9 k8 i10 g9"
#: Black's five along row 5 of the 9x9 board, White's four stones on the d-file.
NINE_FIVE = "e5 d4 f5 d5 g5 d6 h5 d7 i5"


def board(area: pygame.Rect = SMALL, size: int = 15, speed: float = 0.0) -> GomokuRenderer:
    renderer = GomokuRenderer()
    renderer.anim_speed = speed
    renderer.layout(area)
    renderer.reset(Gomoku(size=size))
    return renderer


def drawn(renderer: GomokuRenderer, state: Gomoku, view: BoardView) -> pygame.Surface:
    surface = pygame.Surface((renderer.rect.right + 30, renderer.rect.bottom + 30))
    surface.fill((40, 40, 120))
    renderer.draw(surface, state, view)
    return surface


def looks(pixel: pygame.Color) -> int:
    """What a pixel shows: BLACK (a dark stone), WHITE (a light stone) or EMPTY (the wood)."""
    r, g, b = pixel.r, pixel.g, pixel.b
    if r - b > 70 and r > 170:
        return EMPTY
    if r + g + b < 250:
        return BLACK
    assert r + g + b > 480 and r - b < 50, f"{tuple(pixel)} is neither a stone nor the wood"
    return WHITE


def beside(renderer: GomokuRenderer, point: int, share: float = 0.22) -> tuple[int, int]:
    """A pixel down and right of ``point``: off its lines, on its stone (away from the
    highlight and the centre's marks) if there is one."""
    x, y = renderer.cell_centre(point)
    offset = round(renderer.geometry.cell * share)
    return x + offset, y + offset


def shown(renderer: GomokuRenderer, surface: pygame.Surface, point: int) -> int:
    return looks(surface.get_at(beside(renderer, point)))


def red(pixel: pygame.Color) -> bool:
    return pixel.r > 150 and pixel.g < 100 and pixel.b < 100


def reds_near(renderer: GomokuRenderer, surface: pygame.Surface, point: int, share: float = 0.2) -> int:
    """How many clearly red pixels lie within ``share`` of a cell of ``point``."""
    x, y = renderer.cell_centre(point)
    reach = max(2, round(renderer.geometry.cell * share))
    return sum(red(surface.get_at((x + dx, y + dy))) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1))


def renju(text: str = DOUBLE_THREE) -> Gomoku:
    return Gomoku.from_text(text, rule="renju")


def open_game(d, state: Gomoku, players=None) -> object:
    d.open_match(Match(state, list(players or [Player.human(), Player.human()])))
    d.settle()
    return d.scene


# -- the board --------------------------------------------------------------------------
@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
@pytest.mark.parametrize("size, moves", [(9, NINE_FIVE), (15, DOUBLE_THREE), (19, "a1 s19 j10 k11 a19 s1 b2")])
def test_every_stone_is_drawn_on_its_intersection(area: pygame.Rect, size: int, moves: str) -> None:
    state = Gomoku.from_text(moves, size=size)
    renderer = board(area, size)
    surface = drawn(renderer, state, BoardView(last_move=state.last_move))
    for point in range(size * size):
        assert shown(renderer, surface, point) == state.board[point], state.move_to_str(point)
    geo = renderer.geometry
    x0, y0 = renderer.cell_centre(0)
    x1, y1 = renderer.cell_centre(size * size - 1)
    assert (x1 - x0, y1 - y0) == pytest.approx(((size - 1) * geo.cell,) * 2, abs=1), "the corner stones sit on the corners"


def test_the_points_are_named_like_the_notation_columns_from_the_left_rows_from_the_bottom() -> None:
    renderer = board(LARGE)
    files, ranks = renderer.coordinate_names(Gomoku())
    assert files == tuple("abcdefghijklmno")
    assert ranks == tuple(str(n) for n in range(15, 0, -1))
    assert renderer.cell_at(renderer.cell_centre(Gomoku().parse_move("h8"))) == 112


@pytest.mark.parametrize("size", [9, 15, 19])
def test_the_star_points_are_dark_dots_on_the_rules_star_points_only(size: int) -> None:
    renderer = board(LARGE, size)
    surface = drawn(renderer, Gomoku(size=size), BoardView())
    geo = renderer.geometry
    step = max(2, round(geo.cell * renderer.star_radius * 0.45))    # inside a star, off the lines
    stars = set(star_points(size))
    for point in range(size * size):
        cx, cy = geo.centre(point % size, point // size)
        x, y = round(cx - 0.5), round(cy - 0.5)            # the pixel whose centre is nearest
        dark = [sum(surface.get_at((x + dx, y + dy))[:3]) < 250 for dx in (-step, step) for dy in (-step, step)]
        assert all(dark) if point in stars else not any(dark), Gomoku(size=size).move_to_str(point)


def test_the_board_is_warm_wood_with_a_grain() -> None:
    renderer = board(LARGE)
    surface = drawn(renderer, Gomoku(), BoardView())
    y = renderer.cell_centre(0)[1] + round(renderer.geometry.cell / 2)
    row = [surface.get_at((renderer.cell_centre(c)[0] + round(renderer.geometry.cell / 2), y)) for c in range(14)]
    assert all(p.r > 180 and p.r - p.b > 80 for p in row), "between the lines: wood"
    assert len({tuple(p)[:3] for p in row}) > 3, "the grain varies across the board"


# -- playing --------------------------------------------------------------------------------
def test_a_click_on_or_near_an_intersection_plays_that_point(make_app):
    d = make_app()
    play = open_game(d, Gomoku())
    renderer = play.renderer
    h8 = play.state.parse_move("h8")
    d.click_at(renderer.cell_centre(h8))
    assert play.state.to_text() == "h8"
    x, y = renderer.cell_centre(play.state.parse_move("j10"))
    third = round(renderer.geometry.cell / 3)
    d.click_at((x + third, y - third))
    assert play.state.to_text() == "h8 j10"
    assert play.state.stone(9, 5) == WHITE


def test_a_taken_point_is_refused_with_the_rules_reason(make_app):
    d = make_app()
    play = open_game(d, Gomoku.from_text("h8"))
    d.click_at(play.renderer.cell_centre(play.state.parse_move("h8")))
    assert play.state.to_text() == "h8"
    assert play.refusal == "h8 is not legal: the point is taken"


def test_a_forbidden_point_under_renju_is_refused_with_its_reason_and_not_played(make_app):
    d = make_app()
    play = open_game(d, renju())
    i8 = play.state.parse_move("i8")
    d.click_at(play.renderer.cell_centre(i8))
    assert play.state.to_text() == DOUBLE_THREE
    assert play.refusal == "i8 is not legal: it makes a double-three, forbidden to Black in Renju"
    assert play.status.note()[0] == play.refusal
    d.click_at(play.renderer.cell_centre(play.state.parse_move("i7")))
    assert play.state.to_text() == DOUBLE_THREE + " i7" and play.refusal == ""


def test_a_renju_refusal_too_long_for_the_status_box_keeps_its_first_clauses() -> None:
    reason = "i8 is not legal: it makes a double-three, forbidden to Black in Renju"
    assert shorter_clauses(reason) == [reason, "i8 is not legal: it makes a double-three", "i8 is not legal"]


def test_forbidden_points_are_marked_for_a_human_black_under_renju_only() -> None:
    renderer = board()
    state = renju()
    i8 = state.parse_move("i8")
    assert reds_near(renderer, drawn(renderer, state, BoardView(interactive=True)), i8) > 4
    assert reds_near(renderer, drawn(renderer, state, BoardView(interactive=False)), i8) == 0, "a bot plays Black"
    freestyle = Gomoku.from_text(DOUBLE_THREE)
    assert reds_near(renderer, drawn(renderer, freestyle, BoardView(interactive=True)), i8) == 0
    marked = drawn(renderer, state, BoardView(interactive=True))
    assert [p for p in range(225) if state.board[p] == EMPTY and reds_near(renderer, marked, p) > 4] == [i8]
    state.push(state.parse_move("a1"))                   # White to move: nothing is forbidden to White
    assert reds_near(renderer, drawn(renderer, state, BoardView(interactive=True)), i8) == 0


def test_the_ghost_stone_shows_under_the_mouse_on_legal_points_on_a_humans_turn_only() -> None:
    renderer = board()
    state = renju()
    view = BoardView(interactive=True)
    plain = drawn(renderer, state, view)
    i7, i8, h8 = (state.parse_move(word) for word in ("i7", "i8", "h8"))
    renderer.hover = i7
    spot = beside(renderer, i7)
    assert drawn(renderer, state, view).get_at(spot).r < plain.get_at(spot).r - 40, "a see-through black stone"
    assert drawn(renderer, state, BoardView(interactive=False)).get_at(spot) == plain.get_at(spot), "not their turn"
    renderer.hover = i8                                  # forbidden: no ghost, only its cross
    assert drawn(renderer, state, view).get_at(beside(renderer, i8)) == plain.get_at(beside(renderer, i8))
    renderer.hover = h8                                  # taken
    assert drawn(renderer, state, view).get_at(beside(renderer, h8)) == plain.get_at(beside(renderer, h8))


def test_the_ghost_stone_follows_the_mouse_on_the_play_screen(make_app):
    d = make_app()
    play = open_game(d, Gomoku.from_text("h8"))
    screen = d.services.window.screen
    spots = {word: beside(play.renderer, play.state.parse_move(word)) for word in ("c3", "m12")}
    wood = {word: screen.get_at(spot) for word, spot in spots.items()}
    for word, other in (("c3", "m12"), ("m12", "c3")):
        point = play.state.parse_move(word)
        d.post(pygame.MOUSEMOTION, pos=play.renderer.cell_centre(point), rel=(0, 0), buttons=(0, 0, 0))
        d.frames(2)
        assert play.renderer.hover == point
        assert screen.get_at(spots[word]).b > wood[word].b + 25, "White's ghost, White to move"
        assert screen.get_at(spots[other]) == wood[other]


def test_a_stone_played_comes_down_larger_and_settles_on_its_point() -> None:
    renderer = board(LARGE, speed=1.0)
    state = Gomoku.from_text("h8")
    renderer.on_move(state, MoveRecord(state.last_move, 0, "h8"))
    x, y = renderer.cell_centre(state.last_move)
    cell = renderer.geometry.cell
    edge = (x - round(cell * 0.52), y - round(cell * 0.1))     # just outside the stone, away from its shadow
    wood = drawn(renderer, Gomoku(), BoardView()).get_at(edge)
    seen_wider = False
    frames = 0
    while renderer.busy:
        seen_wider = seen_wider or drawn(renderer, state, BoardView()).get_at(edge) != wood
        renderer.update(1 / 60)
        frames += 1
        assert frames < 120
    assert seen_wider and frames > 3
    assert drawn(renderer, state, BoardView()).get_at(edge) == wood, "at rest it fits its point"


def test_the_stone_sound_waits_for_the_stone_to_land() -> None:
    renderer = board(speed=1.0)
    state = Gomoku.from_text("h8")
    renderer.on_move(state, MoveRecord(state.last_move, 0, "h8"))
    assert renderer.sound_delay() == pytest.approx(renderer.appear_duration(0))
    renderer.update(renderer.appear_duration(0))
    assert renderer.sound_delay() == 0.0
    renderer.anim_speed = 0.0
    renderer.on_move(state, MoveRecord(state.last_move, 0, "h8"))
    assert renderer.sound_delay() == 0.0


# -- marks on the stones -----------------------------------------------------------------------
def test_the_last_stone_carries_a_red_dot() -> None:
    renderer = board(LARGE)
    state = Gomoku.from_text("h8 i9 j10")
    surface = drawn(renderer, state, BoardView(last_move=state.last_move))
    assert reds_near(renderer, surface, state.last_move, 0.08) > 4
    assert all(reds_near(renderer, surface, p, 0.08) == 0 for p in state.move_stack[:-1])


def test_move_numbers_are_written_on_the_stones_when_the_view_asks() -> None:
    renderer = board(LARGE)
    state = Gomoku.from_text("h8 i9 j10 h9")
    plain = drawn(renderer, state, BoardView(last_move=state.last_move))
    numbered = drawn(renderer, state, BoardView(last_move=state.last_move, display={MOVE_NUMBERS.name: True}))
    cell = renderer.geometry.cell
    for point in state.move_stack[:-1]:
        x, y = renderer.cell_centre(point)
        box = [(x + dx, y + dy) for dx in range(-round(cell * 0.12), round(cell * 0.12))
               for dy in range(-round(cell * 0.15), round(cell * 0.15))]
        changed = sum(plain.get_at(p) != numbered.get_at(p) for p in box)
        assert changed > len(box) // 10, state.move_to_str(point)
    assert reds_near(renderer, numbered, state.last_move, 0.15) > 4, "the last move's number is red"


def test_the_show_move_numbers_setting_reaches_the_board_and_is_off_by_default(make_app):
    d = make_app()
    play = open_game(d, Gomoku.from_text("h8 i9 j10"))
    screen = d.services.window.screen
    assert not play.view.shows(MOVE_NUMBERS)
    x, y = play.renderer.cell_centre(play.state.parse_move("h8"))
    before = [screen.get_at((x + dx, y)) for dx in range(-3, 4)]
    d.services.settings.update(display={"show_move_numbers": True})
    d.frames(1)
    assert play.view.shows(MOVE_NUMBERS)
    assert [screen.get_at((x + dx, y)) for dx in range(-3, 4)] != before, "the '1' on h8"


def test_the_settings_screen_offers_show_move_numbers(make_app):
    d = make_app()
    d.services.scenes.go("settings", animate=False)
    d.settle()
    choice = d.scroll_to_widget("show_move_numbers")             # as a player scrolls to it
    assert [item.label for item in choice.items] == ["On", "Off"] and choice.value is False
    d.click_at((choice.rect.x + 12, choice.rect.centery))
    assert d.services.settings.current.display == {"show_move_numbers": True}


# -- the end -------------------------------------------------------------------------------------
def test_the_winning_five_is_highlighted_and_the_other_stones_stay_at_full_contrast() -> None:
    state = Gomoku.from_text(NINE_FIVE, size=9)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    renderer = board(SMALL, 9)
    plain = drawn(renderer, state, BoardView(last_move=state.last_move))
    ended = drawn(renderer, state, BoardView(last_move=state.last_move, outcome=outcome))
    for point in outcome.cells:
        x, y = renderer.cell_centre(point)
        pixel = ended.get_at((x, y))
        assert pixel.r > 200 and pixel.g > 150 and pixel.b < pixel.r - 40, f"gold across {state.move_to_str(point)}"
    for point in state.stones(1):
        spot = beside(renderer, point)
        assert ended.get_at(spot) == plain.get_at(spot), "White's stones are drawn as in play, not veiled"


def test_the_result_comes_after_the_winning_stone_in_play(make_app):
    d = make_app()
    state = Gomoku.from_text(NINE_FIVE, size=9)
    last = state.pop()
    play = open_game(d, state)
    d.click_at(play.renderer.cell_centre(last))
    assert play.state.winning_line == Gomoku.from_text(NINE_FIVE, size=9).winning_line
    d.until(lambda: play.result.visible, what="result panel")
    assert play.view.outcome.cells == play.state.winning_line


# -- hints -----------------------------------------------------------------------------------------
def test_a_hinted_forced_win_is_read_from_the_words_after_the_colon() -> None:
    state = Gomoku.from_text("h8 a1 i8 a2 j8 a3")
    k8 = state.parse_move("k8")
    words = "win in 2 (VCF): k8 a4 g8"
    assert [state.move_to_str(m) for m in hinted_sequence(state, k8, words)] == ["k8", "a4", "g8"]
    assert [state.move_to_str(m) for m in hinted_sequence(state, k8, "win in 2: a4 g8 ...")] == ["k8", "a4", "g8"]
    assert hinted_sequence(state, k8, "win in 2 (VCF)") == []
    assert hinted_sequence(state, k8, "win in 2 (VCF): k8 zz9 g8") == [], "a word that is not a point"
    assert hinted_sequence(state, k8, "win in 2 (VCF): k8 h8 g8") == [], "a taken point"
    assert hinted_sequence(state, k8, "win: k8 a4 g8 b5 b6") == [], "moves past the end of the game"
    assert hinted_sequence(state, None, words) == []


def test_a_hint_with_a_forced_win_shows_it_as_numbered_see_through_stones() -> None:
    renderer = board(LARGE)
    state = Gomoku.from_text("h8 a1 i8 a2 j8 a3")
    k8, a4, g8 = (state.parse_move(w) for w in ("k8", "a4", "g8"))
    plain = drawn(renderer, state, BoardView())
    view = BoardView(hint=k8, hint_values={k8: MoveValue(1000, "win in 2 (VCF): k8 a4 g8")})
    hinted = drawn(renderer, state, view)
    for point, colour in ((a4, WHITE), (g8, BLACK)):
        spot = beside(renderer, point)
        assert hinted.get_at(spot) != plain.get_at(spot), state.move_to_str(point)
        if colour == BLACK:
            assert hinted.get_at(spot).r < plain.get_at(spot).r - 40, "a see-through black stone"
        else:
            assert hinted.get_at(spot).b > plain.get_at(spot).b + 40, "a see-through white stone"
    unread = drawn(renderer, state, BoardView(hint=k8, hint_values={k8: MoveValue(1000, "win in 2 (VCF): k8 ?? g8")}))
    assert unread.get_at(beside(renderer, g8)) == plain.get_at(beside(renderer, g8)), "only the move"
    assert unread.get_at(beside(renderer, k8)) != plain.get_at(beside(renderer, k8)), "the move is still shown"


def test_a_hint_writes_the_values_of_the_best_moves_only() -> None:
    renderer = board(LARGE)
    state = Gomoku.from_text("h8")
    empty = [p for p in range(225) if state.board[p] == EMPTY]
    values = {p: MoveValue(float(k), f"+{k}") for k, p in enumerate(empty[:12])}
    plain = drawn(renderer, state, BoardView())
    hinted = drawn(renderer, state, BoardView(hint=empty[11], hint_values=values))
    written = [p for p in empty[:12] if hinted.get_at(renderer.cell_centre(p)) != plain.get_at(renderer.cell_centre(p))]
    assert written == empty[12 - VALUES_SHOWN:12]


def test_the_menu_card_draws_inside_its_rect() -> None:
    renderer = renderer_for("gomoku")
    surface = pygame.Surface((300, 220), pygame.SRCALPHA)
    renderer.draw_preview(surface, pygame.Rect(20, 10, 200, 180))
    bounds = pygame.mask.from_surface(surface).get_bounding_rects()
    assert bounds and all(pygame.Rect(20, 10, 200, 180).contains(rect) for rect in bounds)
