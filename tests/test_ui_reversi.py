"""The Reversi board on the play screen: every disc on its square, moves by mouse,
refused squares with the rules' reason, the discs turning over line by line,
the legal-move dots and their setting, the disc counts, a forced pass announced,
the final score on the result panel, and the counting option on the setup screen."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.match.record import Match, MoveRecord, Player
from game.rules.bot import MoveValue
from game.rules.reversi import BLACK, EMPTY, PASS, WHITE, Reversi
from game.ui.renderers import BoardView, renderer_for
from game.ui.renderers.effects import MIN_LABEL_PX
from game.ui.renderers.reversi import DISC_FACES, ReversiRenderer

FIXTURES = Path(__file__).resolve().parent / "fixtures"
#: The play screen's board area at the smallest and a large window (800x560, 1920x1080).
SMALL = pygame.Rect(24, 24, 408, 512)
LARGE = pygame.Rect(24, 24, 1380, 1032)
LIMIT = 3000
#: Black's g5 here turns three lines: e5-f5-d5 westward (three discs), g6 south, f4 north-west.
MANY_LINES = "f5f4f3f6f7c5d6g7h7e3d2g3b4g6"


def ffo_position(number: int) -> Reversi:
    """FFO endgame position ``number`` (1-39) from the test fixture."""
    lines = [line for line in (FIXTURES / "ffo_1-39.obf").read_text(encoding="utf-8").splitlines()[1:] if line.strip()]
    return Reversi.read(lines[number - 1])


def board(area: pygame.Rect = SMALL, speed: float = 0.0) -> ReversiRenderer:
    renderer = ReversiRenderer()
    renderer.anim_speed = speed
    renderer.layout(area)
    renderer.reset(Reversi())
    return renderer


def drawn(renderer: ReversiRenderer, state: Reversi, view: BoardView) -> pygame.Surface:
    surface = pygame.Surface((renderer.rect.right + 30, renderer.rect.bottom + 30))
    surface.fill((40, 40, 120))
    renderer.draw(surface, state, view)
    return surface


def looks(pixel: pygame.Color) -> int:
    """What a pixel shows: BLACK (a dark disc), WHITE (a light disc) or EMPTY (the green felt)."""
    r, g, b = pixel.r, pixel.g, pixel.b
    if g > r + 30 and g > b + 20:
        return EMPTY
    if r + g + b < 250:
        return BLACK
    assert r + g + b > 450, f"{tuple(pixel)} is neither a disc nor the felt"
    return WHITE


def shown(renderer: ReversiRenderer, surface: pygame.Surface, square: int) -> int:
    return looks(surface.get_at(renderer.cell_centre(square)))


def dots(renderer: ReversiRenderer, surface: pygame.Surface, state: Reversi) -> set[int]:
    """The empty squares whose centre is darkened or lightened off the plain felt
    around it (a legal-move dot)."""
    marked = set()
    for square in range(64):
        if state.cell(square % 8, square // 8) != EMPTY:
            continue
        x, y = renderer.cell_centre(square)
        centre = surface.get_at((x, y))
        felt = surface.get_at((x, y + round(renderer.geometry.cell * 0.3)))
        if abs(centre.g - felt.g) > 12:
            marked.add(square)
    return marked


def one_move_from_the_end() -> tuple[Reversi, int]:
    """A game played out by always taking the first legal move, less its last move,
    and that move."""
    state = Reversi()
    while not state.is_over():
        state.push(state.legal_moves()[0])
    return state, state.pop()


def open_game(d, text: str = "", players=None) -> object:
    d.open_match(Match(Reversi.from_text(text), list(players or [Player.human(), Player.human()])))
    d.settle()
    return d.scene


def hover(d, pos) -> None:
    d.post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    d.frames(2)


# -- the position ------------------------------------------------------------------------
@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
@pytest.mark.parametrize("number", [1, 20, 39])
def test_every_disc_of_a_position_is_drawn_on_its_square(area: pygame.Rect, number: int) -> None:
    state = ffo_position(number)
    renderer = board(area)
    surface = drawn(renderer, state, BoardView())
    for square in range(64):
        assert shown(renderer, surface, square) == state.cell(square % 8, square // 8), state.move_to_str(square)


def test_the_board_is_green_with_its_squares_named_like_the_notation() -> None:
    renderer = board(LARGE)
    files, ranks = renderer.coordinate_names(Reversi())
    assert files == tuple("abcdefgh") and ranks == tuple("12345678")
    surface = drawn(renderer, Reversi(), BoardView())
    corner = surface.get_at(renderer.cell_centre(0))
    assert corner.g > corner.r + 60 and corner.g > corner.b + 30
    assert renderer.cell_at(renderer.cell_centre(0)) == 0 and renderer.cell_at(renderer.cell_centre(63)) == 63


def test_the_four_star_points_are_dark_dots_where_lines_b_c_f_g_meet_2_3_and_6_7() -> None:
    renderer = board(LARGE)
    surface = drawn(renderer, Reversi(), BoardView())
    geo = renderer.geometry
    for col, row in ((2, 2), (6, 2), (2, 6), (6, 6)):
        x, y = geo.grid_x + col * geo.cell, geo.grid_y + row * geo.cell
        ring = round(geo.cell * 0.04)
        # Off the lines but inside the dot: dark all round the crossing.
        for dx, dy in ((ring, ring), (-ring, ring), (ring, -ring), (-ring, -ring)):
            assert surface.get_at((round(x + dx), round(y + dy))).g < 70, (col, row)
    x, y = geo.grid_x + 4 * geo.cell, geo.grid_y + 4 * geo.cell    # the centre crossing has none
    assert surface.get_at((round(x + ring), round(y + ring))).g > 90


# -- playing -------------------------------------------------------------------------------
def test_clicking_a_legal_square_plays_it_and_an_illegal_one_is_refused_with_the_rules_reason(make_app):
    d = make_app()
    play = open_game(d)
    renderer = play.renderer
    d.click_at(renderer.cell_centre(0))                  # a1: encloses nothing
    assert play.match.records == []
    assert play.refusal == "a1 is not legal: it turns over no disc"
    assert play.status.note()[0] == play.refusal
    d.click_at(renderer.cell_centre(27))                 # d4: taken
    assert play.refusal == "d4 is not legal: the square is taken" and play.match.records == []
    d.click_at(renderer.cell_centre(37))                 # f5
    assert play.match.state.to_text() == "f5" and play.refusal == ""
    assert play.match.state.cell(4, 4) == BLACK          # e5 turned


def test_the_ghost_disc_shows_on_a_legal_square_under_the_mouse_only() -> None:
    renderer = board()
    state = Reversi()
    view = BoardView(interactive=True, display={"show_legal_moves": False})
    plain = drawn(renderer, state, view)
    renderer.hover = 37                                  # f5: legal for Black
    ghost = drawn(renderer, state, view)
    x, y = renderer.cell_centre(37)
    assert ghost.get_at((x, y)).g < plain.get_at((x, y)).g - 12, "a see-through black disc darkens the felt"
    renderer.hover = 0                                   # a1: not a move
    assert drawn(renderer, state, view).get_at(renderer.cell_centre(0)) == plain.get_at(renderer.cell_centre(0))


@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
@pytest.mark.parametrize("words", ["−20 exact", "+6 discs at the end (estimate)"])
def test_hint_values_stay_inside_their_squares(area: pygame.Rect, words: str) -> None:
    renderer = board(area)
    state = Reversi.from_text("f5d6c3d3c4f4c5b3")        # a2 to e2 are all Black's moves
    row = [state.parse_move(f"{file}2") for file in "abcde"]
    values = {move: MoveValue(-20.0, words) for move in row}
    surface = drawn(renderer, state, BoardView(hint_values=values))
    for left, right in zip(row, row[1:]):
        (x0, y), (x1, _) = renderer.cell_centre(left), renderer.cell_centre(right)
        assert looks(surface.get_at(((x0 + x1) // 2, y))) == EMPTY, "felt between two values"
    x, y = renderer.cell_centre(row[0])
    around = [surface.get_at((x + dx, y + dy)) for dx in range(-6, 7, 2) for dy in range(-4, 5, 2)]
    assert sum(colour.g < 90 for colour in around) > len(around) // 2, "the value's dark backing on its square"


def test_a_value_too_long_for_its_small_square_shows_in_full_under_the_mouse() -> None:
    renderer = board(SMALL)
    state = Reversi.from_text("f5d6c3d3c4f4c5b3")
    a2, b2 = state.parse_move("a2"), state.parse_move("b2")
    values = {a2: MoveValue(6.0, "+6 discs at the end (estimate)"), b2: MoveValue(1.0, "+1 discs at the end (estimate)")}
    (x0, y), (x1, _) = renderer.cell_centre(a2), renderer.cell_centre(b2)
    between = ((x0 + x1) // 2, y)
    assert looks(drawn(renderer, state, BoardView(hint_values=values)).get_at(between)) == EMPTY
    renderer.hover = a2
    assert drawn(renderer, state, BoardView(hint_values=values)).get_at(between).g < 90, "over the next square"


# -- the discs turning over ------------------------------------------------------------------
def test_the_discs_turn_over_line_by_line_outward_all_lines_at_once_and_end_white_to_black() -> None:
    renderer = board(SMALL, speed=1.0)
    state = Reversi.from_text(MANY_LINES)
    g5 = state.parse_move("g5")
    state.push(g5)
    lines = state.flip_lines()
    assert sorted(len(line) for line in lines) == [1, 1, 3]
    renderer.on_move(state, MoveRecord(g5, 0, "g5"))
    turned_at: dict[int, int] = {}
    frame = 0
    while renderer.busy:
        surface = drawn(renderer, state, BoardView(last_move=g5))
        for line in lines:
            for square in line:
                if square not in turned_at and shown(renderer, surface, square) == BLACK:
                    turned_at[square] = frame
                if square not in turned_at:
                    assert shown(renderer, surface, square) == WHITE, "white until it turns"
        renderer.update(1 / 60)
        frame += 1
        assert frame < 300
    surface = drawn(renderer, state, BoardView(last_move=g5))
    for line in lines:
        assert all(shown(renderer, surface, square) == BLACK for square in line)
        frames = [turned_at[square] for square in line]
        assert frames == sorted(frames) and len(set(frames)) == len(frames), f"one after another outward: {frames}"
    firsts = {turned_at[line[0]] for line in lines}
    assert len(firsts) == 1, "every line starts at once"
    assert min(turned_at.values()) > 3, "the placed disc comes first"


def test_a_turning_disc_narrows_to_its_edge_along_its_line() -> None:
    renderer = board(LARGE, speed=1.0)
    state = Reversi.from_text(MANY_LINES)
    state.push(state.parse_move("g5"))
    renderer.on_move(state, MoveRecord(38, 0, "g5"))
    f5 = state.parse_move("f5")                            # the first disc west of g5
    x, y = renderer.cell_centre(f5)
    side = round(renderer.geometry.cell * 0.3)
    seen_felt_beside = seen_disc_above = False
    while renderer.busy:
        surface = drawn(renderer, state, BoardView())
        if looks(surface.get_at((x - side, y))) == EMPTY and looks(surface.get_at((x, y))) != EMPTY:
            seen_felt_beside = True
            seen_disc_above = looks(surface.get_at((x, y - side))) != EMPTY
        renderer.update(1 / 60)
    assert seen_felt_beside and seen_disc_above, "narrow across the line, full height along the axis"


def test_undo_and_a_new_game_jump_to_the_position_without_turning(make_app):
    d = make_app()
    play = open_game(d, MANY_LINES)
    play.play_move(play.match.state.parse_move("g5"))
    d.frames(2)
    assert play.renderer.busy
    play.undo()
    assert not play.renderer.busy and play.renderer.flips.turn(37) is None
    play.redo()
    d.frames(1)
    assert not play.renderer.busy
    play.restart()
    assert not play.renderer.busy


def test_the_outcome_waits_for_the_last_disc_to_turn() -> None:
    renderer = board(SMALL, speed=1.0)
    state, last = one_move_from_the_end()
    mover = state.turn
    state.push(last)
    assert state.flipped(), "the last move turns discs over"
    renderer.on_move(state, MoveRecord(last, mover, state.move_to_str(last)))
    renderer.on_outcome(state, state.outcome())
    while renderer.flips.remaining() > 0:
        assert renderer.outcome_show.sweep(state.outcome()) == 0.0, "the end is shown once the discs have turned"
        renderer.update(1 / 60)
    renderer.update(0.3)
    assert renderer.outcome_show.sweep(state.outcome()) > 0.0


# -- what a human sees on their turn ------------------------------------------------------
def test_legal_moves_are_dotted_on_a_humans_turn_only_and_follow_the_view_setting() -> None:
    renderer = board()
    state = Reversi()
    legal = {state.parse_move(word) for word in ("d3", "c4", "f5", "e6")}
    assert dots(renderer, drawn(renderer, state, BoardView(interactive=True)), state) == legal
    assert dots(renderer, drawn(renderer, state, BoardView(interactive=False)), state) == set()
    assert dots(renderer, drawn(renderer, state, BoardView(interactive=True, display={"show_legal_moves": False})), state) == set()


def test_the_show_legal_moves_setting_turns_the_dots_off_and_on_in_play(make_app):
    d = make_app()
    play = open_game(d)
    screen = d.services.window.screen
    assert dots(play.renderer, screen, play.state) == set(play.state.legal_moves())
    d.services.settings.update(display={"show_legal_moves": False})
    d.frames(1)
    assert dots(play.renderer, screen, play.state) == set()
    d.services.settings.update(display={"show_legal_moves": True})
    d.frames(1)
    assert dots(play.renderer, screen, play.state) == set(play.state.legal_moves())


def test_the_settings_screen_offers_show_legal_moves(make_app):
    d = make_app()
    d.services.scenes.go("settings", animate=False)
    d.settle()
    choice = d.scene.widget("show_legal_moves")
    assert [item.label for item in choice.items] == ["On", "Off"] and choice.value is True
    d.scroll_to_widget("show_legal_moves")             # as a player scrolls to it
    d.click_at((choice.rect.right - 12, choice.rect.centery))
    assert d.services.settings.current.display == {"show_legal_moves": False}


def test_no_dots_while_a_bot_is_to_move_and_dots_once_it_has(make_app):
    d = make_app()
    d.services.settings.update(bot_delay=0.0)
    play = open_game(d, players=[Player.of_bot("SparringPartner"), Player.human()])
    screen = d.services.window.screen
    assert not play.view.interactive and dots(play.renderer, screen, play.state) == set()
    d.until(lambda: len(play.match.records) == 1 and not play.renderer.busy, LIMIT, "the bot's move")
    d.frames(1)
    assert play.view.interactive
    assert dots(play.renderer, screen, play.state) == set(play.state.legal_moves())


# -- counts, passes and the end ------------------------------------------------------------
def test_both_disc_counts_are_shown_and_follow_the_game(make_app):
    d = make_app()
    play = open_game(d)
    assert play.status.figures() == ("2", "2")
    for word in ("f5", "d6", "c3"):
        d.click_at(play.renderer.cell_centre(play.state.parse_move(word)))
        assert play.status.figures() == tuple(str(n) for n in play.state.counts())
    assert play.status.figures() == ("5", "2")


def test_a_forced_pass_is_played_after_a_pause_and_announced(make_app):
    d = make_app()
    play = open_game(d, "d3c3e6d2d1e1b2")               # White's c1 leaves Black without a move
    d.click_at(play.renderer.cell_centre(play.state.parse_move("c1")))
    assert play.state.must_pass() and play.state.turn == 0
    d.until(lambda: play.state.turn == 1, LIMIT, "Black's pass")
    assert "Black has no move and passes" in d.services.toasts.messages()
    assert [r.text for r in play.match.records][-2:] == ["c1", "pass"]
    d.frames(30)
    assert play.view.last_move == PASS
    assert shown(play.renderer, d.services.window.screen, 2) == WHITE


def test_the_result_panel_shows_the_final_score(make_app):
    d = make_app()
    state, last = one_move_from_the_end()
    d.open_match(Match(state, [Player.human(), Player.human()]))
    d.settle()
    play = d.scene
    play.play_move(last)
    d.until(lambda: play.result.visible and play.result.slide.done, what="result panel")
    outcome = play.state.outcome()
    assert play.result.score == play.state.scores_text(outcome) == f"{outcome.scores[0]}–{outcome.scores[1]}"
    assert sum(outcome.scores) == 64


def test_the_setup_screen_names_the_counting_choices(make_app):
    d = make_app()
    d.services.scenes.go("setup", game_id="reversi", animate=False)
    d.settle()
    option = d.scene.widget("option:counting")
    assert [item.label for item in option.items] == ["To the winner", "Split"]


def test_the_menu_card_draws_inside_its_rect() -> None:
    renderer = renderer_for("reversi")
    surface = pygame.Surface((300, 220), pygame.SRCALPHA)
    renderer.draw_preview(surface, pygame.Rect(20, 10, 200, 180))
    bounds = pygame.mask.from_surface(surface).get_bounding_rects()
    assert bounds and all(pygame.Rect(20, 10, 200, 180).contains(rect) for rect in bounds)


def gold_near(surface: pygame.Surface, centre: tuple[int, int], reach: int) -> int:
    """Pixels within ``reach`` of ``centre`` of the hint ring's gold."""
    cx, cy = centre
    return sum(1 for x in range(cx - reach, cx + reach + 1) for y in range(cy - reach, cy + reach + 1)
               if (lambda p: p.r > 140 and p.r - p.b > 70 and p.r > p.g)(surface.get_at((x, y))))


@pytest.mark.parametrize("area", [SMALL, LARGE], ids=["800x560", "1920x1080"])
def test_the_best_moves_ring_stays_in_view_under_its_label_and_labels_are_at_least_12_px(area, monkeypatch) -> None:
    from game.ui.renderers import grid

    heights: list[int] = []
    original = grid.render

    def recording(font, content, colour):
        heights.append(font.get_height())
        return original(font, content, colour)

    monkeypatch.setattr(grid, "render", recording)
    renderer = board(area)
    state = Reversi.from_text("f5d6c3d3c4f4c5b3")
    best = state.parse_move("c2")
    values = {move: MoveValue(-3.0 + i, f"about {i - 3:+d}.4 discs (estimate)") for i, move in enumerate(state.legal_moves())}
    values[best] = MoveValue(8.0, "about +8.4 discs (estimate)")
    ring_alone = drawn(renderer, state, BoardView(hint=best))
    heights.clear()
    labelled = drawn(renderer, state, BoardView(hint=best, hint_values=values))
    reach = int(renderer.geometry.cell * 0.5)
    centre = renderer.cell_centre(best)
    assert gold_near(labelled, centre, reach) >= 0.9 * gold_near(ring_alone, centre, reach) > 20
    assert heights and min(heights) >= MIN_LABEL_PX
