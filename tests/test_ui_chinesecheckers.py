"""The Chinese Checkers board and the multi-player play screen, driven by posted events."""
from __future__ import annotations

import math
import re

import pygame
import pytest

import chinesecheckers_games
from game.rules.chinesecheckers import NAMES, ChineseCheckers
from game.match.record import Match, Player
from game.ui import palette
from game.ui.renderers import BoardView, renderer_for
from game.ui.renderers.chinesecheckers import ChineseCheckersRenderer

AREA = pygame.Rect(10, 10, 560, 600)


def new_renderer(state: ChineseCheckers) -> ChineseCheckersRenderer:
    renderer = renderer_for("chinesecheckers")
    assert isinstance(renderer, ChineseCheckersRenderer)
    renderer.layout(AREA)
    renderer.reset(state)
    return renderer


def click(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="")


def game(*moves: str, players: int = 2) -> ChineseCheckers:
    state = ChineseCheckers(players=players)
    for word in moves:
        state.push(state.parse_move(word))
    return state


def jumper(state: ChineseCheckers) -> tuple[int, tuple[int, ...]]:
    """A marble of the mover with a jump chain of two jumps or more, and that path."""
    for move in state.legal_moves():
        if len(move) >= 3:
            return move[0], move
    raise AssertionError("no jump chain in this position")


def is_gold(colour) -> bool:
    """The hint's and the cursor's gold, even half blended into the board."""
    return colour[0] > 150 and 100 < colour[1] < 220 and colour[2] < 130 and colour[0] - colour[2] > 80


def colour_near(colour, target, tolerance=80) -> bool:
    return sum(abs(a - b) for a, b in zip(colour[:3], target)) <= tolerance


# -- the renderer alone ------------------------------------------------------------
def test_every_hole_centre_maps_back_to_its_hole() -> None:
    renderer = new_renderer(ChineseCheckers())
    for hole in range(len(NAMES)):
        assert renderer.cell_at(renderer.cell_centre(hole)) == hole
    assert renderer.cell_at((AREA.x + 2, AREA.y + 2)) is None


def test_picking_a_marble_marks_exactly_its_legal_destinations_on_screen() -> None:
    state = game("e3-g5", "j14-i13")
    view = BoardView(interactive=True)
    renderer = new_renderer(state)
    start, _ = jumper(state)
    assert renderer.handle_event(click(renderer.cell_centre(start)), state, view) is None
    legal = {move[-1] for move in state.legal_moves() if move[0] == start}
    assert renderer.selected == start and set(renderer.targets) == legal
    surface = pygame.Surface((600, 640))
    renderer.draw(surface, state, view)
    colour = palette.SEAT_COLOURS[0]
    for hole in legal:
        assert colour_near(surface.get_at(renderer.cell_centre(hole)), colour), NAMES[hole]
    empty = [h for h in range(len(NAMES)) if state.board[h] == 0 and h not in legal]
    assert not any(colour_near(surface.get_at(renderer.cell_centre(h)), colour) for h in empty)


def test_clicking_a_marked_hole_returns_the_whole_jump_path() -> None:
    state = game("e3-g5", "j14-i13")
    view = BoardView(interactive=True)
    renderer = new_renderer(state)
    start, path = jumper(state)
    renderer.handle_event(click(renderer.cell_centre(start)), state, view)
    assert renderer.handle_event(click(renderer.cell_centre(path[-1])), state, view) == path
    assert renderer.selected is None


def test_click_off_the_board_right_click_and_esc_put_the_marble_down() -> None:
    state = ChineseCheckers()
    view = BoardView(interactive=True)
    renderer = new_renderer(state)
    marble = state.legal_moves()[0][0]
    for put_down in (lambda: renderer.handle_event(click((AREA.x + 2, AREA.y + 2)), state, view),
                     lambda: renderer.handle_event(click(renderer.cell_centre(marble), 3), state, view),
                     renderer.cancel_input):
        renderer.handle_event(click(renderer.cell_centre(marble)), state, view)
        assert renderer.selected == marble
        put_down()
        assert renderer.selected is None and not renderer.rejected_input
    assert not renderer.cancel_input()     # nothing picked up: Esc is the screen's


def test_an_opponents_marble_is_refused() -> None:
    state = ChineseCheckers()
    renderer = new_renderer(state)
    theirs = next(h for h, v in enumerate(state.board) if v == 2)
    assert renderer.handle_event(click(renderer.cell_centre(theirs)), state, BoardView(interactive=True)) is None
    assert renderer.rejected_input and renderer.selected is None


def test_arrow_keys_walk_straight_up_the_board() -> None:
    renderer = new_renderer(ChineseCheckers())
    hole = NAMES.index("e1")
    xs = []
    for _ in range(16):
        hole = renderer.step_cursor(hole, 0, -1)
        xs.append(renderer.cell_centre(hole)[0])
    assert NAMES[hole] == "m17"
    assert max(xs) - min(xs) <= renderer._layout.unit * 0.51


def test_hop_animation_ends_and_the_board_is_no_longer_busy() -> None:
    state = game("e3-g5", "j14-i13")
    renderer = new_renderer(state)
    match = Match(state, [Player.human(), Player.human()])
    _, path = jumper(state)
    record = match.play(path)
    renderer.on_move(state, record)
    assert renderer.busy
    frames = 0
    while renderer.busy:
        renderer.update(1 / 60)
        frames += 1
        assert frames < 600
    assert frames >= 10          # hopped, not jumped there at once
    renderer.draw(pygame.Surface((600, 640)), state, BoardView(last_move=path))


def test_no_animation_speed_makes_the_hop_instant() -> None:
    state = game("e3-g5", "j14-i13")
    renderer = new_renderer(state)
    renderer.anim_speed = 0
    record = Match(state, [Player.human(), Player.human()]).play(jumper(state)[1])
    renderer.on_move(state, record)
    assert not renderer.busy


def test_preview_draws_a_six_player_star() -> None:
    surface = pygame.Surface((300, 220))
    surface.fill((0, 0, 0))
    renderer_for("chinesecheckers").draw_preview(surface, pygame.Rect(0, 0, 300, 220))
    colours = {surface.get_at((x, y))[:3] for x in range(0, 300, 3) for y in range(0, 220, 3)}
    for seat_colour in palette.SEAT_COLOURS:
        assert any(colour_near(c, seat_colour, 40) for c in colours)


# -- on the play screen -------------------------------------------------------------
def open_game(make_app, state: ChineseCheckers, players=None, size=(1024, 700)):
    d = make_app(size=size)
    players = players or [Player.human() for _ in range(state.num_seats)]
    d.open_match(Match(state, players))
    d.settle()
    assert d.scene.name == "play"
    return d


def test_click_a_marble_then_a_marked_hole_plays_the_jump_chain(make_app):
    d = open_game(make_app, game("e3-g5", "j14-i13"))
    play = d.scene
    start, path = jumper(play.match.state)
    d.click_at(play.renderer.cell_centre(start))
    assert play.renderer.selected == start and play.match.records[-1].text == "j14-i13"
    d.click_at(play.renderer.cell_centre(path[-1]))
    assert play.match.state.move_stack[-1] == path
    assert play.match.records[-1].text == "-".join(NAMES[h] for h in path)
    assert play.match.state.board[path[-1]] == 1 and play.match.state.board[start] == 0


def walk_cursor(d, name: str) -> None:
    """Arrow keys until the board's cursor is on the hole ``name``."""
    renderer = d.scene.renderer
    target = renderer.cell_centre(NAMES.index(name))
    for _ in range(40):
        x, y = renderer.cell_centre(renderer.cursor)
        if (x, y) == target:
            return
        if abs(y - target[1]) > 2:
            d.key(pygame.K_UP if target[1] < y else pygame.K_DOWN)
        else:
            d.key(pygame.K_LEFT if target[0] < x else pygame.K_RIGHT)
    raise AssertionError(f"the cursor did not reach {name}")


def test_keyboard_cursor_picks_up_a_marble_and_plays_a_step(make_app):
    d = open_game(make_app, ChineseCheckers())
    play = d.scene
    play.focus.focus(play.board)
    renderer = play.renderer
    d.key(pygame.K_RETURN)                       # shows the cursor
    walk_cursor(d, "e4")
    d.key(pygame.K_RETURN)                       # picks up e4
    assert renderer.selected == NAMES.index("e4")
    d.key(pygame.K_UP)                           # e5, one step up
    d.key(pygame.K_RETURN)
    assert play.match.records[-1].text == "e4-e5"


def test_esc_puts_the_marble_down_before_it_leaves_the_screen(make_app):
    d = open_game(make_app, ChineseCheckers())
    play = d.scene
    marble = play.match.state.legal_moves()[0][0]
    d.click_at(play.renderer.cell_centre(marble))
    d.key(pygame.K_ESCAPE)
    assert d.scene is play and play.renderer.selected is None and not d.services.dialogs.is_open
    d.leave_game()
    d.settle()
    assert d.scene.name == "setup"


def test_f1_opens_the_rules_and_esc_closes_them_without_leaving(make_app):
    d = open_game(make_app, ChineseCheckers())
    play = d.scene
    assert play.widget("rules").rect.width > 0
    d.key(pygame.K_F1)
    assert play.rules.visible
    shown = " ".join(line for line, _ in play.rules._lines)
    words = ChineseCheckers.rules_help.split()
    assert " ".join(words[:6]) in shown and " ".join(words[-4:]) in shown
    d.post(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0)
    d.frames(1)
    assert play.rules.scroll > 0
    d.key(pygame.K_ESCAPE)
    assert not play.rules.visible and d.scene is play
    d.click("rules")
    assert play.rules.visible


def test_a_game_without_rules_text_has_no_rules_button(make_app, monkeypatch):
    from game.rules.tictactoe import TicTacToe

    monkeypatch.setattr(TicTacToe, "rules_help", "")
    d = make_app()
    d.open_match(Match(TicTacToe(), [Player.human(), Player.human()]))
    d.settle()
    play = d.scene
    with pytest.raises(LookupError):
        play.widget("rules")
    d.key(pygame.K_F1)
    assert not play.rules.visible


def test_a_human_with_no_move_passes_by_itself_with_a_toast_and_undo_skips_the_pass(make_app):
    from tests.chinesecheckers_games import position

    # Red's only marble is boxed in at the bottom tip: passing is all Red can do.
    d = open_game(make_app, position(marbles={0: ["e1"], 1: ["e2", "f2", "e3", "g3", "i9"]}))
    play = d.scene
    d.until(lambda: play.match.records, limit=120, what="the forced pass")
    assert [r.text for r in play.match.records] == ["pass"]
    assert "Red has no move and passes" in d.services.toasts.messages()
    teal = next(m for m in play.match.state.legal_moves() if NAMES[m[0]] == "i9")   # Red stays boxed in
    play.play_move(teal)
    d.until(lambda: len(play.match.records) == 3, limit=120, what="the second forced pass")
    play.undo()
    assert [r.text for r in play.match.records] == ["pass"] and play.match.state.turn == 1


def test_result_of_a_three_player_game_lists_every_place(make_app):
    from game.rules.chinesecheckers import HEXAGON, NEIGHBOURS
    from tests.chinesecheckers_games import position

    # Yellow's two marbles are home in its goal, Teal's still in its start: Yellow comes second.
    state = position(players=3, marbles={1: ["e10", "e11"], 2: ["a5", "b5"]})
    goal = state.goal(0)
    last = next(h for h in goal if any(n in HEXAGON for n in NEIGHBOURS[h]))
    outside = next(n for n in NEIGHBOURS[last] if n in HEXAGON and not state.board[n])
    for hole in goal:
        state.board[hole] = 0 if hole == last else 1
    state.board[outside] = 1
    d = open_game(make_app, state)
    play = d.scene
    d.click_at(play.renderer.cell_centre(outside))
    d.click_at(play.renderer.cell_centre(last))
    d.until(lambda: play.result.visible and play.result.slide.done, what="result panel")
    places = [(place, who) for place, who, _ in play.result.places]
    assert places[0] == ("1st", "Red — Player 1")
    assert places[1:] == [("2nd", "Yellow — Player 3"), ("3rd", "Teal — Player 2")]
    assert play.result.headline == "Red wins!"


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_six_players_on_the_setup_screen_start_a_six_seat_match(make_app, size):
    d = make_app(size=size, game_id="chinesecheckers")
    setup = d.scene
    assert setup.name == "setup" and len(setup.seat_widgets) == 2
    players = setup.widget("option:players")
    setup.focus.focus(players)
    while setup.options["players"] != 6:
        d.key(pygame.K_RIGHT)
    assert len(setup.seat_widgets) == 6 and setup.seat_cols == 2
    rects = [w.rect for w in setup.seat_widgets]
    assert all(d.services.window.screen.get_rect().contains(r) for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert setup.max_column_scroll == 0           # all of it in view, no scrolling, even at 800x560
    assert setup.viewport.bottom <= setup.play_btn.rect.top
    d.click("start")
    d.settle()
    play = d.scene
    assert play.name == "play" and play.match.state.num_seats == 6 and len(play.match.players) == 6
    assert play.status.rect.top >= play.panel_rect.y + 80 + 2 * 22     # the six players listed above it


def test_consecutive_bot_moves_pause_after_each_hop_for_the_bot_delay(make_app):
    d = open_game(make_app, ChineseCheckers(players=3), [Player.of_bot("Easy"), Player.of_bot("Easy"), Player.human()])
    d.services.settings.update(bot_delay=0.6)
    play = d.scene
    records = play.match.records
    d.until(lambda: len(records) == 1, what="the first bot's move")
    assert play.renderer.busy                       # its hop is shown...
    idle = 0
    d.until(lambda: play.renderer.busy is False or len(records) > 1, what="the hop's end")
    while len(records) < 2:
        d.frames(1)
        idle += 0 if play.renderer.busy else 1
        assert idle < 60 * 60, "the second bot never moved"
    # ...then the board rests for the delay before the next bot (the frame the hop ended
    # in and the frame the next move came in count towards it but are not counted here)
    assert idle + 2 >= 0.6 * 60
    assert [r.seat for r in records] == [0, 1]


def test_game_card_names_every_player_count_the_options_allow():
    from game.ui.scenes.games import players_text, seat_counts

    assert players_text(seat_counts("chinesecheckers")) == "2, 3, 4 or 6 players"
    assert players_text(seat_counts("tictactoe")) == "2 players"
    assert players_text([1]) == "1 player"


def test_a_hint_rings_the_marble_to_move_and_traces_its_path():
    state = game("e3-g5", "j14-i13")
    renderer = new_renderer(state)
    start, path = jumper(state)

    def gold_around(view: BoardView, hole: int) -> int:
        surface = pygame.Surface((600, 640))
        renderer.draw(surface, state, view)
        cx, cy = renderer.cell_centre(hole)
        reach = int(renderer._layout.unit * 0.6)
        return sum(is_gold(surface.get_at((x, y))) for x in range(cx - reach, cx + reach) for y in range(cy - reach, cy + reach))

    for hole in (start, path[-1]):
        assert gold_around(BoardView(hint=path), hole) > 3 * gold_around(BoardView(), hole) + 20


def test_master_hint_in_a_six_player_game_names_the_move_and_its_reasons_as_fit(make_app):
    midgame = chinesecheckers_games.play(list(range(90)), players=6)
    d = open_game(make_app, midgame, size=(800, 560))
    play = d.scene
    d.key(pygame.K_h)
    d.until(lambda: play.view.hint is not None, 3000, "Master's hint", seconds=120)
    assert play.match.state.is_legal(play.view.hint) and len(play.match.records) == 90
    assert re.fullmatch(r"\+\d+ steps? toward the goal, tried in \d+% of [\d,]+ playouts", play.hint.detail)
    gain = play.hint.detail.split(", ")[0]
    assert play.status.hint_notes() == [f"★ Hint: {play.hint.move_text}  ({play.hint.detail})",
                                 f"★ Hint: {play.hint.move_text}  ({gain})", f"★ Hint: {play.hint.move_text}"]
