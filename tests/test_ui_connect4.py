"""The Connect Four board on the play screen: dropping discs by mouse and keys,
the falling disc, the ghost above the aimed column, hints, the winning line, layout."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.rules.connect4 import EMPTY, RED, YELLOW, ConnectFour
from game.match.record import Match, Player
from game.ui import palette
from game.ui.renderers import BoardView, renderer_for
from game.ui.renderers.connect4 import SEAT_COLOURS, ConnectFourRenderer, winning_runs
from game.ui.renderers.effects import value_ink

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LIMIT = 3000


def near(colour, target, tolerance=40) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], target)) <= tolerance


def open_game(d, moves: str = "", players=None, **options) -> object:
    state = ConnectFour.from_text(moves, **options)
    d.open_match(Match(state, list(players or [Player.human(), Player.human()])))
    d.settle()
    return d.scene


def digit(d, number: int) -> None:
    d.key(getattr(pygame, f"K_{number % 10}"), unicode=str(number % 10))


def hover(d, pos) -> None:
    d.post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0), buttons=(0, 0, 0))
    d.frames(2)


def test_clicking_a_column_drops_a_disc_into_its_lowest_free_hole(make_app):
    d = make_app()
    play = open_game(d)
    renderer = play.renderer
    d.click_at(renderer.cell_centre(3))
    d.click_at(renderer.cell_centre(3))
    d.click_at(renderer.ghost_centre(0))       # above the frame, where the disc waits, counts too
    state = play.match.state
    assert (state.cell(3, 0), state.cell(3, 1), state.cell(0, 0)) == (RED, YELLOW, RED)
    assert state.cell(3, 2) == EMPTY and play.match.state.to_text() == "441"


def test_digit_keys_and_arrows_with_enter_drop_discs(make_app):
    d = make_app()
    play = open_game(d)
    for number in (1, 7, 4):
        digit(d, number)
    d.key(pygame.K_RIGHT)           # the cursor follows the last digit (column 4): now column 5
    d.key(pygame.K_RETURN)
    d.key(pygame.K_LEFT)
    d.key(pygame.K_LEFT)
    d.key(pygame.K_RETURN)
    assert play.match.state.to_text() == "17453"


def test_digit_zero_drops_in_the_tenth_column_of_a_ten_column_board(make_app):
    d = make_app()
    play = open_game(d, cols=10)
    digit(d, 0)
    assert play.match.state.height(9) == 1 and play.match.records[0].text == "10"


def test_a_full_column_refuses_a_disc_and_shows_a_red_cross_over_its_ghost(make_app):
    d = make_app()
    play = open_game(d, "1111", cols=4, rows=4)
    renderer = play.renderer
    hover(d, renderer.cell_centre(0))
    d.click_at(renderer.cell_centre(0))
    digit(d, 1)
    d.frames(2)
    assert play.match.state.to_text() == "1111"
    assert renderer.rejected_input
    ghost = d.services.window.screen.get_at(renderer.ghost_centre(0))
    assert near(ghost, palette.BAD, 90), ghost


def test_hovering_a_column_shows_the_disc_about_to_drop_above_it(make_app):
    d = make_app()
    play = open_game(d, "4")
    renderer = play.renderer
    hover(d, renderer.cell_centre(5))
    screen = d.services.window.screen
    assert near(screen.get_at(renderer.ghost_centre(5)), SEAT_COLOURS[1]), "Yellow's ghost over column 6"
    assert not near(screen.get_at(renderer.ghost_centre(2)), SEAT_COLOURS[1])
    assert not any(near(screen.get_at(renderer.ghost_centre(c)), SEAT_COLOURS[0]) for c in range(7))


def test_the_turn_card_and_move_list_use_the_disc_colours(make_app):
    d = make_app()
    play = open_game(d, "4")
    assert play.seat_colour(1) == SEAT_COLOURS[1] != palette.SEAT_COLOURS[1]
    assert play.movelist.colours[:2] == SEAT_COLOURS


def test_a_dropped_disc_falls_faster_and_faster_then_bounces_into_its_hole():
    renderer = board_renderer()
    match = Match(ConnectFour(), [Player.human(), Player.human()])
    record = match.play(2)
    renderer.on_move(match.state, record)
    drop = renderer._drops[(2, 0)]
    positions = []
    while renderer.busy:
        positions.append(drop.value)
        renderer.update(1 / 120)
    steps = [b - a for a, b in zip(positions, positions[1:])]
    landing = next(i for i, step in enumerate(steps) if step < 0)     # the first sample after the disc hit bottom
    falling = steps[:landing - 1]                                        # whole steps of the fall
    assert len(falling) > 10 and all(later > earlier for earlier, later in zip(falling, falling[1:])), "accelerates"
    assert max(positions[:landing + 1]) > 0.97 and min(positions[landing:]) < 0.98, "hops back up after landing"
    assert drop.value == 1.0


def test_with_animations_off_a_dropped_disc_is_in_its_hole_at_once():
    renderer = board_renderer()
    renderer.anim_speed = 0
    match = Match(ConnectFour(), [Player.human(), Player.human()])
    renderer.on_move(match.state, match.play(2))
    assert not renderer.busy


def test_a_won_game_sweeps_a_gold_line_along_its_four_in_a_row(make_app):
    d = make_app()
    play = open_game(d, "445566")
    screen = d.services.window.screen
    renderer = play.renderer
    off_line = renderer.hole_centre(4, 1)        # Yellow's disc above the line
    in_play = screen.get_at(off_line)
    digit(d, 7)
    d.until(lambda: play.result.visible and play.result.slide.done, LIMIT, "result panel")
    middle = [(a + b) // 2 for a, b in zip(renderer.hole_centre(4, 0), renderer.hole_centre(5, 0))]
    assert near(screen.get_at(middle), palette.ACCENT, 120) or near(screen.get_at(middle), (255, 240, 200), 60)
    assert near(screen.get_at(off_line), in_play, 6), "the discs off the line are drawn as in play, not faded"


def test_winning_runs_split_a_disc_that_completes_two_lines():
    # Across (0,0)-(3,0) and up (3,0)-(3,3): the second run is listed without the shared disc.
    cells = ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (3, 2), (3, 3))
    assert winning_runs(cells) == [((0, 0), (3, 0)), ((3, 0), (3, 3))]


def hint_config(tmp_path: Path) -> Path:
    config = tmp_path / "config.yaml"
    config.write_text("games:\n  connect4:\n    hint: Judge\n    tiers:\n      Judge: {bot: ThreatJudge}\n", encoding="utf-8")
    return config


def pixels_near(surface: pygame.Surface, centre, reach: int, colour, tolerance=60) -> int:
    cx, cy = centre
    return sum(
        1
        for x in range(cx - reach, cx + reach + 1)
        for y in range(cy - reach, cy + reach + 1)
        if near(surface.get_at((x, y)), colour, tolerance)
    )


def test_hint_writes_each_columns_value_in_the_hole_its_disc_would_land_in(make_app, tmp_path):
    d = make_app(bots_dir=FIXTURES / "bots_connect4", config_path=hint_config(tmp_path))
    play = open_game(d, "121212")     # Red wins in column 1; anything but column 2 lets Yellow win there
    d.key(pygame.K_h)
    d.until(lambda: not play.hint_pending, LIMIT, "the hint bot's answer")
    d.frames(2)
    assert play.view.hint == 0 and len(play.view.hint_values) == 7
    screen, renderer = d.services.window.screen, play.renderer
    reach = int(renderer._geometry.cell * 0.3)
    win, loss = value_ink(1.0), value_ink(-1.0)                          # green and red, light on the dark backing
    assert pixels_near(screen, renderer.hole_centre(0, 3), reach, win) > 10, "'win in 1' in green"
    assert pixels_near(screen, renderer.hole_centre(0, 3), reach, loss) == 0
    for col in (2, 6):
        assert pixels_near(screen, renderer.hole_centre(col, 0), reach, loss) > 10, "'loss in 1' in red"
    blocking = renderer.hole_centre(1, 3)                               # Red blocks Yellow's column: 'draw'
    assert pixels_near(screen, blocking, reach, palette.TEXT_MUTED) > 10
    assert pixels_near(screen, blocking, reach, loss) == pixels_near(screen, blocking, reach, win) == 0
    assert play.hint.text == "1  (win in 1)"


@pytest.mark.parametrize("cols, rows, area", [
    (10, 10, pygame.Rect(30, 20, 700, 560)),
    (10, 4, pygame.Rect(10, 10, 300, 500)),
    (4, 10, pygame.Rect(10, 10, 500, 260)),
])
def test_every_board_size_lays_out_inside_its_area(cols, rows, area):
    state = ConnectFour.from_text("1 2 3 10" if cols == 10 else "1234", cols=cols, rows=rows, n=6 if cols == 10 == rows else 4)
    renderer = board_renderer(area, state)
    renderer.hover = 2
    backdrop = (5, 250, 5)
    surface = pygame.Surface((area.right + 20, area.bottom + 20))
    surface.fill(backdrop)
    view = BoardView(last_move=state.move_stack[-1], interactive=True)
    renderer.draw(surface, state, view)
    touched = pygame.mask.from_threshold(surface, backdrop, (1, 1, 1, 255))
    touched.invert()
    bounds = touched.get_bounding_rects()
    assert bounds and all(area.contains(rect) for rect in bounds), (area, bounds)
    geometry = renderer._geometry
    assert renderer.content_rect().width >= cols * geometry.cell and geometry.cell >= min(area.size) / 16
    for col in range(cols):
        assert renderer.cell_at(renderer.cell_centre(col)) == col


def board_renderer(area=pygame.Rect(0, 0, 700, 600), state=None) -> ConnectFourRenderer:
    renderer = renderer_for("connect4")
    assert isinstance(renderer, ConnectFourRenderer)
    renderer.layout(area)
    renderer.reset(state or ConnectFour())
    return renderer


def test_a_dropped_discs_sound_waits_until_it_lands(make_app):
    d = make_app()
    play = open_game(d)
    played = []
    play.services.sounds.play = played.append
    digit(d, 4)
    assert played == [] and play.renderer.busy
    d.until(lambda: played, 120, "the landing sound")
    assert played == ["move"] and play.renderer.busy      # it lands, then hops


def test_a_hint_fills_in_while_the_player_watches_and_the_player_can_move_meanwhile(make_app, tmp_path):
    config = tmp_path / "config.yaml"
    config.write_text("games:\n  connect4:\n    hint: Prover\n    hint_time: 0.25\n    tiers:\n"
                      "      Prover: {bot: SlowProver}\n", encoding="utf-8")
    d = make_app(bots_dir=FIXTURES / "bots_connect4", config_path=config)
    play = open_game(d)
    d.key(pygame.K_h)
    d.until(lambda: play.hint.text, LIMIT, "the hint's first answer")
    assert play.hint.refining and "proving" in play.status.note()[0]
    assert play.hint.move_text != "1" and "not valued yet" in play.hint.text     # never the proven loss first
    assert "position: not proven (1 of 7 moves valued)" in play.hint.text
    d.until(lambda: len(play.view.hint_values) == 2, LIMIT, "the hint's second answer")
    d.key(pygame.K_h)                                          # H again while it fills in: it goes on
    assert play.session.hint_refining and play.hint.text and len(play.view.hint_values) >= 2
    digit(d, 4)
    d.until(lambda: play.state.move_stack == [3], LIMIT, "the player's move")
    assert not play.hint.text and not play.session.hint_refining and not play.view.hint_values
