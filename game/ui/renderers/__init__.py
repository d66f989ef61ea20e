"""Board renderers, one per game, found by game id.

The mapping names each renderer as ``"module:Class"`` and imports it only
when asked, so starting the arcade does not load every game's drawing code.
A shipped game adds one line here; a game from outside the package calls
``register_renderer(id, "module:Class")`` (``docs/adding_a_game.md``).
"""
from __future__ import annotations

from importlib import import_module

from game.ui.renderers.base import BoardView, Renderer

__all__ = ["BoardView", "Renderer", "RENDERERS", "has_renderer", "register_renderer", "renderer_for",
           "unregister_renderer"]

#: Game id -> "module:Class" of its renderer.
RENDERERS: dict[str, str] = {
    "tictactoe": "game.ui.renderers.tictactoe:TicTacToeRenderer",
    "connect4": "game.ui.renderers.connect4:ConnectFourRenderer",
    "chinesecheckers": "game.ui.renderers.chinesecheckers:ChineseCheckersRenderer",
    "reversi": "game.ui.renderers.reversi:ReversiRenderer",
    "gomoku": "game.ui.renderers.gomoku:GomokuRenderer",
}
#: The renderers added by ``register_renderer``.
_REGISTERED: dict[str, str] = {}


def register_renderer(game_id: str, target: str) -> None:
    """Draw the game ``game_id`` with the renderer ``target`` (``"module:Class"``,
    imported on first use); ``ValueError`` if the id has another renderer."""
    if RENDERERS.get(game_id, target) != target:
        raise ValueError(f"game {game_id!r} is already drawn by {RENDERERS[game_id]}")
    RENDERERS[game_id] = _REGISTERED[game_id] = target


def unregister_renderer(game_id: str) -> None:
    """Take out a renderer added by ``register_renderer`` (a shipped one stays)."""
    if _REGISTERED.pop(game_id, None) is not None:
        del RENDERERS[game_id]


def has_renderer(game_id: str) -> bool:
    """Whether the UI can draw ``game_id``."""
    return game_id in RENDERERS


def renderer_for(game_id: str) -> Renderer:
    """A new renderer for ``game_id``; ``KeyError`` naming the known ids if none."""
    try:
        module_name, class_name = RENDERERS[game_id].split(":")
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise KeyError(f"no board renderer for game {game_id!r} (known: {known})") from None
    renderer = getattr(import_module(module_name), class_name)()
    if not isinstance(renderer, Renderer):
        raise TypeError(f"{RENDERERS[game_id]} is not a Renderer")
    return renderer
