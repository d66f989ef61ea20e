"""A sixth game defined only here, in the tests: Crossing, a 4x4 connection game.

It is what ``docs/adding_a_game.md`` describes, and nothing more: its rules
(``rules.py``), its board (``board.py``, on the shared grid renderer) and one
call per layer to register them (``register``). It has no bots and no entry in
``config.yaml``: the bot that plays every game (``bots/any_game.py``) gives it
tiers and hints. ``tests/test_newgame.py`` plays it through the match session,
the arena, save files, the LAN server and the window.
"""
from __future__ import annotations

from game.rules.catalogue import register_game

GAME_ID = "crossing"


def register() -> None:
    """Add Crossing to the catalogue (what the rules, bots and match layers see)."""
    register_game(GAME_ID, "tests.newgame.rules:Crossing")


def register_board() -> None:
    """Add Crossing's board to the window (the UI layer)."""
    from game.ui.renderers import register_renderer

    register_renderer(GAME_ID, "tests.newgame.board:CrossingRenderer")
