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
def test_play_screen_toasts_stay_in_the_side_panel_off_the_board_its_coordinates_and_the_status(
        make_app, size, game_id):
    d = make_app(size=size)
    open_match(d, game_id)
    play = d.scene
    for message in MESSAGES:
        d.services.toasts.show(message, "warning")
    d.frames(30)
    assert shown(d), "no toast is shown"
    assert_apart(d)
    for toast in shown(d):
        assert play.panel_rect.contains(toast.rect)
        assert not toast.rect.colliderect(play.board.rect)       # the board area, its coordinates included
        assert not toast.rect.colliderect(play.status.rect)
        assert not any(toast.rect.colliderect(w.rect) for w in play.focus.widgets if w.visible and w is not play.board)


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
