"""The setup screen shows any game's rules options and seats as many players as they say."""
from __future__ import annotations

import pygame

from game import games
from game.ui import renderers
from game.core import Option, State
from game.tictactoe import TicTacToe


class Optioned(TicTacToe):
    """Tic-tac-toe rules with options that change the number of seats (for the setup screen only)."""

    game_id = "optioned"
    title = "Optioned"
    options_spec = (
        Option("players", "Players", 2, (2, 3, 4)),
        Option("size", "Board size", 3, (3, 4, 5)),
    )

    def __init__(self, **options) -> None:
        State.__init__(self, **options)
        self.board = [0] * 9
        self._moves = []

    @property
    def num_seats(self) -> int:
        return self.options["players"]

    def seat_name(self, seat: int) -> str:
        return "XOAB"[seat]


def test_rules_options_are_choosers_and_seats_follow_the_player_count(make_app, monkeypatch):
    monkeypatch.setitem(games.GAMES, "optioned", f"{__name__}:Optioned")
    monkeypatch.setitem(renderers.RENDERERS, "optioned", renderers.RENDERERS["tictactoe"])
    d = make_app(game_id="optioned")
    setup = d.scene
    assert setup.name == "setup" and len(setup.seat_widgets) == 2
    players = setup.widget("option:players")
    d.click_at((players.rect.right - 12, players.rect.centery))
    assert setup.options == {"players": 3, "size": 3}
    assert len(setup.seat_widgets) == 3 and len(setup.seat_labels) == 3
    size = setup.widget("option:size")
    setup.focus.focus(size)
    d.key(pygame.K_RIGHT)
    assert setup.options["size"] == 4
    labels = list(setup.seat_labels)
    d.key(pygame.K_w)
    assert setup.seat_labels == labels[1:] + labels[:1]
    assert d.app.setup_memory["optioned"]["options"] == {"players": 3, "size": 4}
