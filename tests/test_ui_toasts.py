"""Toasts go where each screen has room for them and never over the play screen's panel or cells."""
from __future__ import annotations

import pytest

from game.rules.catalogue import new_state
from game.match.record import Match, Player

FAILURE = "Sleeper did not answer within its 1 s budget — a random move was played instead"


def open_hot_seat(d) -> None:
    d.open_match(Match(new_state("tictactoe"), [Player.human(), Player.human()]))
    d.settle()


def shown(d) -> list:
    return [toast for toast in d.services.toasts.items if toast.rect is not None]


@pytest.mark.parametrize("size", [(1280, 800), (800, 560), (1000, 1000)])
def test_play_screen_toasts_stay_off_the_side_panel_and_the_cells(make_app, size):
    d = make_app(size=size)
    open_hot_seat(d)
    play = d.scene
    for message in (FAILURE, "Saved to tictactoe-2025-01-01-1200.txt", "No hint: the hint bot failed", FAILURE):
        d.services.toasts.show(message, "warning")
    d.frames(30)
    assert shown(d), "no toast is shown"
    for toast in shown(d):
        assert not toast.rect.colliderect(play.panel_rect)
        assert not toast.rect.colliderect(play.renderer.content_rect())
        assert play.board.rect.left <= toast.rect.left and toast.rect.right <= play.board.rect.right


def test_a_toast_without_room_waits_unaged_until_the_one_above_goes(make_app):
    d = make_app(size=(800, 560))
    open_hot_seat(d)
    d.services.toasts.show(FAILURE, "warning", seconds=1.0)
    d.services.toasts.show("Saved to tictactoe-2025-01-01-1200.txt", "good", seconds=1.0)
    d.frames(30)
    first, second = d.services.toasts.items
    assert first.rect is not None and first.age > 0
    assert second.rect is None and second.age == 0
    d.until(lambda: first not in d.services.toasts.items, limit=120, what="first toast expiring")
    d.frames(2)
    assert second.rect is not None and second.age > 0


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
