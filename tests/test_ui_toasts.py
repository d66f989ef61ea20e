"""Toasts have their own place on every screen, queue without overlapping, and go."""
from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from game.rules.catalogue import new_state
from game.match.record import Match, Player
from game.ui.window import MIN_SIZE

FAILURE = "Sleeper did not answer within its 1 s budget — a random move was played instead"
MESSAGES = (FAILURE, "Saved to tictactoe-2025-01-01-1200.txt", "No hint: the hint bot failed",
            "Your game is kept: Resume on the title screen brings it back")


def open_match(d, game_id: str = "tictactoe") -> None:
    d.open_match(Match(new_state(game_id), [Player.human(), Player.human()]))
    d.settle()


def shown(d) -> list:
    return [toast for toast in d.services.toasts.items if toast.rect is not None]


def assert_apart(d) -> None:
    for a, b in combinations(shown(d), 2):
        assert not a.rect.colliderect(b.rect), f"toasts {a.message!r} and {b.message!r} overlap"


@pytest.mark.parametrize("size", [(1280, 800), MIN_SIZE, (1920, 1080), (1000, 1000)])
@pytest.mark.parametrize("game_id", ["gomoku", "connect4"])
def test_play_screen_toasts_cover_no_control_the_move_list_the_status_the_heading_nor_the_boards_cells(
        make_app, size, game_id):
    d = make_app(size=size)
    open_match(d, game_id)
    play = d.scene
    for cell in (3, 4):
        play.play_move(cell if game_id == "connect4" else play.state.legal_moves()[0])
    d.key(pygame.K_c, mod=pygame.KMOD_CTRL)                      # "Copied …"
    for message in MESSAGES:
        d.services.toasts.show(message, "warning")
    d.frames(30)
    assert shown(d), "no toast is shown"
    assert_apart(d)
    board = play.renderer.content_rect()    # its coordinates only where there is no other room
    for toast in shown(d):
        assert d.services.window.screen.get_rect().contains(toast.rect)
        assert not toast.rect.colliderect(board), f"{toast.message!r} covers the board at {size}"
        assert not toast.rect.colliderect(play.movelist.rect), f"{toast.message!r} covers the move list at {size}"
        assert not toast.rect.colliderect(play.status.rect)
        assert not toast.rect.colliderect(heading(play)), f"{toast.message!r} covers the heading at {size}"
        covered = [w.id for w in play.focus.widgets if w.visible and w is not play.board and toast.rect.colliderect(w.rect)]
        assert covered == [], f"{toast.message!r} covers {covered} at {size}"


def heading(play) -> pygame.Rect:
    """The side panel's title and players line, above the status box."""
    panel = play.screen.panel_rect
    return pygame.Rect(panel.x, panel.y, panel.width, play.status.rect.top - panel.y)


@pytest.mark.parametrize("code", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)])
@pytest.mark.parametrize("game_id", ["reversi", "gomoku", "chinesecheckers"])
def test_the_kept_toast_covers_neither_the_heading_nor_a_control_nor_the_pieces(make_app, size, code, game_id):
    """It sat over the side panel's title and players line when the board left no room below
    or above it (Reversi, Gomoku, Chinese Checkers at 800×560 and 1920×1080)."""
    from game import lang

    d = make_app(size=size)
    d.services.settings.update(language=code)
    seats = 6 if game_id == "chinesecheckers" else 2
    d.open_match(Match(new_state(game_id, **({"players": 6} if seats == 6 else {})), [Player.human()] * seats))
    d.settle()
    play = d.scene
    d.services.toasts.show(lang._("Your game is kept: Resume on the title screen brings it back"), "good")
    d.frames(40)
    assert len(shown(d)) == 1
    toast = shown(d)[0].rect
    assert d.services.window.screen.get_rect().contains(toast)
    assert not toast.colliderect(heading(play)), f"the toast covers the heading at {size} in {code}"
    assert not toast.colliderect(play.status.rect) and not toast.colliderect(play.movelist.rect)
    covered = [w.id for w in play.focus.widgets if w.visible and w is not play.board and toast.colliderect(w.rect)]
    assert covered == [], f"the toast covers {covered} at {size} in {code}"
    if game_id == "chinesecheckers":     # no hole nor marble under it: between the star's points
        assert play.renderer.leaves_clear(toast) or (size, code) == (MIN_SIZE, "en")
        holes = [play.renderer.cell_centre(hole) for hole in range(121)]
        assert not any(toast.collidepoint(point) for point in holes)
    else:
        assert not toast.colliderect(play.renderer.content_rect())


@pytest.mark.parametrize("code", ["en", "zh_CN"])
@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)])
def test_a_toast_leaves_a_six_player_result_panel_whole(make_app, size, code):
    """At 800×560 it covered the lower places of the table (its room between the words and
    the buttons is too short there): it goes beside the board instead. The table itself ran
    under Rematch there; its lines now close up to keep all six above it."""
    from game import lang
    from chinesecheckers_games import play as played

    d = make_app(size=size)
    d.services.settings.update(language=code)
    ended = played(list(range(3000)), players=6)       # six places, by the turn limit
    last = ended.pop()
    d.open_match(Match(ended, [Player.human()] * 6))
    d.settle()
    play = d.scene
    play.play_move(last)
    d.until(lambda: play.result.shown and play.result.slide.done, what="the result panel")
    d.services.toasts.show(lang._("Your game is kept: Resume on the title screen brings it back"), "good")
    d.frames(40)
    toast = shown(d)[0].rect
    result = play.result
    words = pygame.Rect(result.rect.x, result.rect.y, result.rect.width, result.content_bottom - result.rect.y)
    assert len(result.places) == 6 and result.content_bottom <= result.rematch.rect.top   # every place above Rematch
    assert not toast.colliderect(words), f"the toast covers the result's words or places at {size} in {code}"
    assert not any(toast.colliderect(button.rect) for button in result.buttons if button.visible)
    assert not toast.colliderect(heading(play)) and d.services.window.screen.get_rect().contains(toast)


#: Reversi games by random moves with a pass: the moves before it, the move after which the other side
#: has none, and what follows the pass.
PASS_THEN_MORE = ("e6 f6 d3 c3 g6 e3 f3 f4 b2 g2 f2 b3 f5 a1 a3 g4 h3 f7 f8 e2 f1 g1 d2 h4 h5 c2 b1 e7 d6 h2 d1 e8 g5 "
                  "c4 h1 g8 c5 e1 d7 g3 d8 h7 g7 h8 a2 a4 b4 a5 b5", "c1", "c8")
PASS_THEN_END = ("f5 d6 c4 f4 c6 g5 f6 b4 d3 b7 g6 e7 g4 c3 d8 e2 a4 f8 f1 a5 c2 f3 c7 d7 b6 d2 a6 f7 e6 h3 h4 b5 g2 h5 "
                 "e8 e3 c5 e1 a8 b3 g3 a7 a3 f2 d1 b2 h2 g7 h7 h1 h6 a2 a1 h8 c1 c8 g1 b1", "g8", "b8")


def passes(d) -> list[str]:
    return [m for m in d.services.toasts.messages() if m.endswith("has no move and passes")]


def reversi_before_a_pass(d, moves: str):
    state = new_state("reversi")
    for word in moves.split():
        state.push(state.parse_move(word))
    d.open_match(Match(state, [Player.human(), Player.human()]))
    d.settle()
    return d.scene


def test_a_pass_is_told_until_the_game_goes_on(make_app):
    from game.ui.scenes.play import PASS_TOAST_READ

    d = make_app(size=MIN_SIZE)
    before, move, after = PASS_THEN_MORE
    play = reversi_before_a_pass(d, before)
    d.services.toasts.show("Saved to reversi.txt", "good", seconds=30)
    play.play_move(play.state.parse_move(move))
    d.until(lambda: passes(d), 120, "the pass told")
    d.frames(5)
    assert play.view.interactive
    play.play_move(play.state.parse_move(after))              # the game goes on: the pass is old news
    d.frames(round(PASS_TOAST_READ * 60) + 30)
    assert passes(d) == [] and "Saved to reversi.txt" in d.services.toasts.messages()


def test_a_pass_just_before_the_end_is_not_left_on_the_result_panel(make_app):
    d = make_app(size=MIN_SIZE)
    before, move, last = PASS_THEN_END
    play = reversi_before_a_pass(d, before)
    play.play_move(play.state.parse_move(move))
    d.until(lambda: passes(d), 120, "the pass told")
    d.until(lambda: play.view.interactive, 120, "the last move's turn")
    play.play_move(play.state.parse_move(last))
    d.until(lambda: play.result.shown, 300, "the result panel")
    assert play.session.is_over and passes(d) == []


def test_a_toast_without_room_waits_unaged_until_the_one_below_goes(make_app):
    d = make_app(size=MIN_SIZE)
    open_match(d)
    d.services.toasts.show(FAILURE, "warning", seconds=1.0)
    d.services.toasts.show("The clipboard holds no moves to paste (copy a game's moves, e.g. b2 a1)", "info",
                           seconds=1.0)
    d.services.toasts.show("Saved to tictactoe-2025-01-01-1200.txt", "good", seconds=1.0)
    d.frames(30)
    first, *later = d.services.toasts.items
    waiting = [t for t in later if t.rect is None]
    assert first.rect is not None and first.age > 0
    assert waiting and all(t.age == 0 for t in waiting)
    d.until(lambda: first not in d.services.toasts.items, limit=120, what="first toast expiring")
    d.frames(2)
    assert later[0].rect is not None and later[0].age > 0


def test_a_click_on_a_toast_dismisses_it_and_goes_no_further(make_app):
    d = make_app(size=(1280, 800))
    open_match(d)
    play = d.scene
    d.services.toasts.show("Saved to tictactoe-2025-01-01-1200.txt", "good", seconds=30)
    d.frames(30)
    toast = shown(d)[0]
    d.click_at(toast.rect.center)
    d.frames(20)
    assert d.services.toasts.items == [] and play.match.records == [] and d.scene is play


def test_the_same_words_again_restart_the_toast_instead_of_stacking_a_copy(make_app):
    d = make_app()
    d.services.toasts.show("No moves to copy yet", "info", seconds=2.5)
    d.frames(60)
    d.services.toasts.show("No moves to copy yet", "info", seconds=2.5)
    assert d.services.toasts.messages() == ["No moves to copy yet"] and d.services.toasts.items[0].age < 0.5


def test_setup_toasts_leave_the_players_and_play_button_clear(make_app):
    d = make_app(size=(1280, 800))
    d.open_setup()
    setup = d.scene
    d.services.toasts.show(FAILURE, "warning")
    d.services.toasts.show("Saved to tictactoe-2025-01-01-1200.txt", "good")
    d.frames(30)
    assert len(shown(d)) == 2
    for toast in shown(d):
        assert not toast.rect.colliderect(setup.players_box)
        assert not toast.rect.colliderect(setup.play_btn.rect)
        assert not toast.rect.colliderect(setup.back_btn.rect)


def test_title_toasts_stay_above_the_logo(make_app):
    d = make_app(size=(1280, 800))
    d.services.toasts.show(FAILURE, "warning")
    d.frames(30)
    title = d.scene
    assert title.name == "title" and len(shown(d)) == 1
    assert shown(d)[0].rect.bottom <= title.logo_rect().top


@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)])
def test_on_every_screen_toasts_cover_no_heading_and_no_control_above_the_bottom_row(make_app, size):
    d = make_app(size=size)
    screens = [("title", {}), ("games", {}), ("setup", {"game_id": "connect4"}), ("settings", {}), ("stats", {}),
               ("load", {})]
    for name, args in screens:
        d.services.scenes.go(name, animate=False, **args)
        d.settle()
        scene = d.scene
        d.services.toasts.items.clear()
        for message in MESSAGES[:2]:
            d.services.toasts.show(message, "warning")
        d.frames(30)
        assert shown(d), f"no toast shown on {name} at {size}"
        assert_apart(d)
        lowest = max(w.rect.bottom for w in scene.focus.widgets if w.visible)
        heading = pygame.Rect(0, 0, size[0], scene.header_bottom(size[1]) if name != "title" else 0)
        for toast in shown(d):
            assert d.services.window.screen.get_rect().contains(toast.rect)
            assert not toast.rect.colliderect(heading), f"a toast covers the heading of {name} at {size}"
            covered = [w.id for w in scene.focus.widgets if w.visible and toast.rect.colliderect(w.rect)
                       and w.rect.bottom <= lowest - d.services.window.px(60)]
            assert covered == [], f"a toast covers {covered} on {name} at {size}"


@pytest.mark.parametrize("kind", ["info", "error"])
def test_a_toast_on_the_light_theme_is_edged_in_the_light_themes_colour(make_app, kind):
    """The kinds' colours were the dark theme's, read at import: an info toast's edge and icon
    pale amber on the light theme's white."""
    from game.ui import palette
    d = make_app(size=(1280, 800))
    try:
        d.services.settings.update(theme="light")
        d.frames(2)
        d.services.toasts.show("Saved", kind)
        d.frames(60)
        toast = shown(d)[0]
        edge = (toast.rect.centerx, toast.rect.top + 1)
        wanted = palette.ACCENT if kind == "info" else palette.BAD
        assert palette.theme_name == "light" and wanted in (palette.LIGHT.accent, palette.LIGHT.bad)
        assert tuple(d.services.window.screen.get_at(edge))[:3] == wanted
    finally:
        palette.use("dark", False)


@pytest.mark.parametrize("size", [MIN_SIZE, (1920, 1080)])
def test_review_screen_toasts_stay_inside_their_room_and_cover_no_control(make_app, size):
    d = make_app(size=size)
    state = new_state("tictactoe")
    for word in ("b2", "a3", "c3"):
        state.push(state.parse_move(word))
    review = d.services.scenes.push("review", match=Match(state, [Player.human(), Player.human()]), animate=False)
    d.settle()
    d.services.toasts.show(MESSAGES[-1], "good")
    d.frames(30)
    assert shown(d), "no toast is shown"
    from game.ui.play.layout import COORDINATES

    room = review.toast_room()
    px = d.services.window.px
    board = review.renderer.content_rect().inflate(2 * px(COORDINATES), 2 * px(COORDINATES))
    for toast in shown(d):
        assert room.contains(toast.rect), f"{toast.message!r} spills out of {room} at {size}"
        assert not toast.rect.colliderect(board), f"{toast.message!r} covers the board at {size}"
        covered = [w.id for w in review.focus.widgets if w.visible and toast.rect.colliderect(w.rect)
                   and w.id != "movelist"]
        assert covered == [], f"{toast.message!r} covers {covered} at {size}"
    if review.job is not None:
        review.job.stop()
