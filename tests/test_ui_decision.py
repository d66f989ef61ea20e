"""The play screen's opening decisions: whose decision it is, in words, and buttons that make it."""
from __future__ import annotations

import pygame
import pytest

from game.match.record import Match, Player
from game.rules.gomoku import Gomoku
from game.ui.panels.decision import asked, choice_label

def opened(make_app, text: str, size=(800, 560), **options):
    d = make_app(size)
    state = Gomoku.from_text(text, **options)
    d.open_match(Match(state, [Player.human(), Player.human()]))
    d.frames(3)
    return d


def test_a_colour_choice_is_offered_in_words_and_buttons_and_a_button_makes_it(make_app):
    d = opened(make_app, "h8 i9 j10", opening="swap2")
    panel = d.scene.decision
    assert panel.shown and [b.label for b in panel.buttons] == ["Take Black", "Take White", "Two more"]
    assert all(panel.rect.contains(b.rect) for b in panel.buttons)
    d.click_at(panel.buttons[1].rect.center)                  # Take White: seat 1 keeps White
    state = d.scene.state
    assert state.phase is None and state.black_seat == 0 and state.move_stack[-1] == "white"
    assert not d.scene.decision.shown


def test_offers_and_the_pick_are_clicked_on_the_board_or_picked_by_button(make_app):
    d = opened(make_app, "h8 h9 h10 white k12", size=(1920, 1080), opening="rif", rule="renju")
    assert asked(d.scene.state).startswith("offer a fifth move")
    for point in ("g7", "j6"):
        d.click_at(d.scene.renderer.cell_centre(d.scene.state.parse_move(point)))
    state = d.scene.state
    assert state.offers == (state.parse_move("g7"), state.parse_move("j6")) and state.phase.kind == "pick"
    d.frames(2)
    assert [b.label for b in d.scene.decision.buttons] == ["Keep g7", "Keep j6"]
    d.click_at(d.scene.decision.buttons[1].rect.center)
    assert d.scene.state.phase is None and d.scene.state.move_stack[-1] == ("pick", state.parse_move("j6"))


def test_choice_labels_say_each_choice():
    assert choice_label(("fifths", 4), "fifths:4") == "4 fifth moves"
    assert choice_label("more", "more") == "Two more"


def test_a_hinted_choice_lights_its_button_and_says_why(make_app):
    from game.rules.bot import MoveValue

    d = opened(make_app, "h8 i9 j10", opening="swap1")
    view = d.scene.view
    view.hint, view.hint_values = "white", {"white": MoveValue(80.0, "White to move slightly ahead (estimate)")}
    d.frames(2)
    panel = d.scene.decision
    assert [b.selected for b in panel.buttons] == [False, True]
    assert panel._lines(2000)[-1] == "Hint: Take White; the search finds White to move slightly ahead (estimate)"


def test_the_ghost_stone_is_the_colour_placed_next_whoever_holds_it():
    from game.ui.renderers.gomoku import GomokuRenderer

    swapped = Gomoku.from_text("h8 i9 j10 more h9 h10 white", opening="swap2")   # seat 0 holds White, to move
    assert swapped.turn == 0 and GomokuRenderer().placing(swapped) == 1
    proposer = Gomoku.from_text("h8", opening="swap2")                          # seat 0 places White's stone
    assert proposer.turn == 0 and GomokuRenderer().placing(proposer) == 1


def test_after_a_swap_each_seat_is_shown_in_the_colour_it_holds(make_app):
    d = opened(make_app, "h8 h9 g10 black", opening="soosorv8", rule="renju")   # seat 1 took Black
    colours = d.scene.renderer.seat_colours()
    assert d.scene.seat_colour(1) == colours[0] and d.scene.seat_colour(0) == colours[1]


def test_tab_reaches_the_choices_and_enter_makes_one(make_app):
    d = opened(make_app, "h8 i9 j10", opening="swap1")
    d.key(pygame.K_TAB)
    assert d.scene.focus.current is d.scene.decision.buttons[0]
    d.key(pygame.K_RETURN)
    assert d.scene.state.move_stack[-1] == "black"
    d.frames(2)
    assert d.scene.decision.buttons == [] and d.scene.focus.current is d.scene.board


@pytest.mark.parametrize("size", [(800, 560), (1920, 1080)])
def test_the_strip_covers_neither_the_board_nor_its_coordinates_and_the_board_keeps_its_size(make_app, size):
    from game.ui.play.layout import COORDINATES

    d = opened(make_app, "", size=size, opening="swap2")
    px = d.services.window.px
    sizes = []
    for word in ("h8", "i9", "j10", None):
        scene, panel = d.scene, d.scene.decision
        board = scene.renderer.content_rect().inflate(2 * px(COORDINATES), 2 * px(COORDINATES))
        assert panel.shown and not panel.rect.colliderect(board), f"the strip covers the board at {size}"
        assert scene.rect.contains(panel.rect) and not panel.rect.colliderect(scene.screen.panel_rect)
        sizes.append(scene.renderer.content_rect().size)
        if word is not None:
            scene.play_move(scene.state.parse_move(word))
            d.frames(3)
    assert len(set(sizes)) == 1, f"the board changed size between decisions: {sizes}"
    d.click_at(d.scene.decision.buttons[0].rect.center)        # Take Black: normal play, the strip goes
    d.frames(3)
    assert not d.scene.decision.shown and d.scene.decision.rect.height == 0
    assert d.scene.renderer.content_rect().height >= sizes[0][1]


def test_a_hinted_choice_is_named_in_the_players_language_in_the_status_box(make_app):
    from game.match.session import HintReady
    from game.rules.bot import MoveValue

    d = opened(make_app, "h8 i9 j10", opening="swap1")
    d.services.settings.update(language="zh_CN")
    d.scene.hints.show(HintReady("white", "slightly ahead", {"white": MoveValue(80.0, "slightly ahead")}))
    d.frames(2)
    assert d.scene.hint.text.startswith("执白")


def test_a_stone_sounds_as_its_own_colour_whoever_places_it(make_app):
    d = opened(make_app, "", opening="swap2")
    play = d.scene
    heard: list[str] = []
    play.play_sound = lambda name, delay=0.0: heard.append(name)
    for point in ("h8", "i9", "j10"):                       # seat 0 places black, white, black
        play.play_move(play.state.parse_move(point))
        d.frames(2)
    assert heard == ["move", "move_alt", "move"]


def test_a_hinted_win_is_drawn_in_the_stones_colours_after_a_swap(make_app):
    from game.ui.renderers import gomoku as renderer_module

    d = opened(make_app, "h8 i9 j10 black", opening="swap1")   # seat 1 took Black: seat 0 (White) to move
    play = d.scene
    drawn: list[int] = []
    real = renderer_module.GomokuRenderer.piece_image
    play.renderer.piece_image = lambda seat, progress: (drawn.append(seat), real(play.renderer, seat, progress))[1]
    play.renderer._draw_sequence(d.services.window.screen, play.state, [play.state.parse_move(p) for p in ("a1", "a2")])
    assert drawn == [1, 0]                                    # White's stone first, then Black's


def test_a_declaration_among_ten_numbers_shows_each_number_whole_in_the_smallest_window(make_app):
    d = opened(make_app, "h8 h9 h10", opening="yamaguchi", rule="renju")
    panel = d.scene.decision
    assert [b.label for b in panel.buttons] == [str(n) for n in range(1, 11)]
    assert all(d.services.fonts.bold(b.font_size).size(b.label)[0] <= b.rect.width - 20 for b in panel.buttons)
    assert all(panel.rect.contains(b.rect) for b in panel.buttons)
    d.click_at(panel.buttons[2].rect.center)
    assert d.scene.state.move_stack[-1] == ("fifths", 3)
