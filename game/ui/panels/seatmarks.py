"""How the side panel writes and marks a seat whose pieces are black.

Each seat's words (its moves in the move list, a winner's headline) are written
in its pieces' colour. A black piece's colour on the boards (Reversi's and
Gomoku's Black, a slate grey) is the grey of disabled text on the dark panels,
so a dark, colourless seat colour is written in the plain text colour instead,
and its dot is drawn as a black piece: a dark disc with a light rim.
"""
from __future__ import annotations

import pygame

from game.ui import palette
from game.ui.draw import contrast, mix, seat_token

#: A seat colour whose channels differ by at most this much has no colour of its own (black, white).
NEUTRAL_SPREAD = 48
#: A colourless seat colour darker than this (the mean of its channels) is a black piece's.
DARK_MEAN = 180
#: The least contrast (WCAG ratio) a seat's words keep with the panels they are written on:
#: WCAG's minimum for large text, which the dark theme's own seat colours already keep.
INK_CONTRAST = 3.0


def is_black_piece(colour: palette.RGB) -> bool:
    """Whether ``colour`` is a black piece's (colourless and dark), not a colour of its own."""
    return max(colour) - min(colour) <= NEUTRAL_SPREAD and sum(colour) / 3 < DARK_MEAN


def seat_ink(colour: palette.RGB) -> palette.RGB:
    """The colour a seat's words are written in on the panels: its pieces' colour,
    or the plain text colour for a black piece's (not the grey of disabled text). A colour
    too pale or too dark for the theme's panels (Connect Four's yellow on the light theme)
    is moved toward the text colour until it reads (``INK_CONTRAST``), keeping its hue."""
    if is_black_piece(colour):
        return palette.TEXT
    grounds = (palette.PANEL, palette.PANEL_LIGHT, palette.BOARD)
    ink = colour
    for step in range(1, 11):
        if min(contrast(ink, ground) for ground in grounds) >= INK_CONTRAST:
            break
        ink = mix(colour, palette.TEXT, step / 10)
    return ink


def piece_colour(colour: palette.RGB) -> palette.RGB:
    """The colour a seat's mark is filled with: a black piece's is near black, as on the board."""
    return mix(colour, (0, 0, 0), 0.75) if is_black_piece(colour) else colour


def seat_dot(surface: pygame.Surface, colour: palette.RGB, centre: tuple[int, int], radius: int) -> None:
    """A seat's dot: a disc of its colour; a black piece's is a dark disc with a light rim."""
    pygame.draw.circle(surface, piece_colour(colour), centre, radius)
    if is_black_piece(colour):
        pygame.draw.circle(surface, palette.TEXT, centre, radius, 1)


def seat_ball(surface: pygame.Surface, colour: palette.RGB, centre: tuple[int, int], radius: int,
              mark: str = "") -> None:
    """A seat's shaded ball (``seat_token``, with its ``mark``) in its pieces' colour; a black
    piece's dark with a light rim."""
    seat_token(surface, centre, radius, piece_colour(colour), mark)
    if is_black_piece(colour):
        pygame.draw.circle(surface, palette.TEXT_MUTED, centre, radius + 1, 1)
