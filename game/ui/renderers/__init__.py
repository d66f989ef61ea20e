"""Board renderers, one per game, found by game id.

The mapping names each renderer as ``"module:Class"`` and imports it only
when asked, so starting the arcade does not load every game's drawing code.
A shipped game adds one line here; a game from outside the package calls
``register_renderer(id, "module:Class")`` (``docs/adding_a_game.md``).
"""
from __future__ import annotations

import logging

from game.rules.registry import Registry
from game.ui.renderers.base import BoardView, DisplayOption, Renderer

__all__ = ["BoardView", "DisplayOption", "Renderer", "RENDERERS", "display_options", "has_renderer",
           "register_renderer", "renderer_class", "renderer_for", "unregister_renderer"]

logger = logging.getLogger(__name__)

#: Game id -> "module:Class" of its renderer.
RENDERERS = Registry("board renderer", {
    "tictactoe": "game.ui.renderers.tictactoe:TicTacToeRenderer",
    "connect4": "game.ui.renderers.connect4:ConnectFourRenderer",
    "chinesecheckers": "game.ui.renderers.chinesecheckers:ChineseCheckersRenderer",
    "reversi": "game.ui.renderers.reversi:ReversiRenderer",
    "gomoku": "game.ui.renderers.gomoku:GomokuRenderer",
})
#: Draw a game from outside the package: ``register_renderer(id, "module:Class")``.
register_renderer = RENDERERS.register
unregister_renderer = RENDERERS.unregister


def has_renderer(game_id: str) -> bool:
    """Whether the UI can draw ``game_id``."""
    return game_id in RENDERERS


def renderer_class(game_id: str) -> type[Renderer]:
    """The renderer class of ``game_id``; ``KeyError`` naming the known ids if none."""
    if game_id not in RENDERERS:
        known = ", ".join(sorted(RENDERERS))
        raise KeyError(f"no board renderer for game {game_id!r} (known: {known})")
    cls = RENDERERS.load(game_id)
    if not (isinstance(cls, type) and issubclass(cls, Renderer)):
        raise TypeError(f"{RENDERERS[game_id]} is not a Renderer")
    return cls


def renderer_for(game_id: str) -> Renderer:
    """A new renderer for ``game_id``; ``KeyError`` naming the known ids if none."""
    return renderer_class(game_id)()


def display_options() -> list[tuple[DisplayOption, tuple[str, ...]]]:
    """Every display option the boards declare, once each by name in the order of
    ``RENDERERS``, with the ids of the games whose boards offer it."""
    found: dict[str, tuple[DisplayOption, tuple[str, ...]]] = {}
    for game_id in RENDERERS:
        try:
            options = renderer_class(game_id).display_options
        except Exception as err:   # noqa: BLE001 - a board added from outside that cannot load: its game shows none
            logger.warning("the board of %s cannot be loaded (%s); Settings lists no options of it", game_id, err)
            continue
        for option in options:
            first, games = found.get(option.name, (option, ()))
            found[option.name] = (first, games + (game_id,))
    return list(found.values())
