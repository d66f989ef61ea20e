"""The system clipboard, for copying and pasting a game's moves as text.

pygame-ce reaches the clipboard through SDL once a window is open (with
SDL's dummy video driver SDL keeps a clipboard of its own, so tests work
without a screen). A machine or driver without a clipboard must never stop
the game: each call returns what went wrong, in player words, instead of
raising.
"""
from __future__ import annotations

import pygame

from game.lang import _


class ClipboardError(Exception):
    """The clipboard could not be used; the message says why, for a toast."""


def copy_text(content: str) -> None:
    """Put ``content`` on the clipboard; ``ClipboardError`` if there is none."""
    try:
        pygame.scrap.put_text(content)
    except (pygame.error, AttributeError, NotImplementedError) as err:
        raise ClipboardError(_("the clipboard is not available ({error})").format(error=err or type(err).__name__)) from None


def paste_text() -> str:
    """The text on the clipboard ('' if it holds none); ``ClipboardError`` if there is no clipboard."""
    try:
        return pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError, NotImplementedError) as err:
        raise ClipboardError(_("the clipboard is not available ({error})").format(error=err or type(err).__name__)) from None
