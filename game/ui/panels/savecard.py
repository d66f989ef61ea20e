"""A saved game as a card of the saved-games list, with a small picture of its position.

A card shows the game, who played, the result (or "In progress"), the number of
moves and when it was saved, beside the position drawn by the game's own renderer
(``Thumbnails``: made once per file, modification time and size, so a list
scrolled or redrawn every frame does not draw boards again). A file that cannot
be loaded gets a card too: its name and the store's message saying what is wrong.
"""
from __future__ import annotations

import logging
from collections import OrderedDict
from pathlib import Path
from typing import Callable

import pygame

from game.lang import _
from game.ui import palette
from game.ui.draw import Fonts, fit_text, mix, text, wrap_text
from game.ui.renderers import BoardView, has_renderer, renderer_for
from game.ui.savedgames import SavedGame, Summary

logger = logging.getLogger(__name__)

#: A card's height and the gap between cards, at the 1280×800 scale.
CARD_H = 96
CARD_GAP = 8
#: The least size a position is drawn at before it is scaled down to a card's picture.
DRAWN_SIDE = 240
#: A result pill's colour by the game's mood, named in ``palette`` (read as drawn: the theme may change).
MOOD_COLOURS = {"playing": "ACCENT", "won": "GOOD", "lost": "BAD", "draw": "TEXT_MUTED", "over": "TEXT_MUTED"}


class Thumbnails:
    """Pictures of saved games' positions, by file, modification time and size; the
    ``limit`` most recently used are kept. One new picture is drawn a frame (a big
    board takes tens of milliseconds): a list opening with many cards in view slides
    in smoothly and fills in over the next frames (``waiting`` until it has)."""

    def __init__(self, limit: int = 64) -> None:
        self.limit = limit
        self._images: OrderedDict[tuple[Path, float, int], pygame.Surface | None] = OrderedDict()
        #: How many pictures were drawn (not found made): what the cache saves.
        self.drawn = 0
        self._may_draw = True
        #: A card asked for a picture not drawn yet in this frame: the window draws another.
        self.waiting = False

    def new_frame(self) -> None:
        """A frame begins: one more picture may be drawn."""
        self._may_draw, self.waiting = True, False

    def get(self, game: SavedGame, side: int) -> pygame.Surface | None:
        """``game``'s position in a ``side`` × ``side`` picture; None for a file that cannot
        be loaded, a game the window cannot draw, a board that failed to draw (logged), or
        one whose turn to be drawn is a later frame."""
        if game.match is None or side < 8:
            return None
        key = (game.path, game.modified.timestamp(), side)
        if key in self._images:
            self._images.move_to_end(key)
            return self._images[key]
        if not self._may_draw:
            self.waiting = True
            return None
        self._may_draw = False
        image = self._draw(game, side)
        self._images[key] = image
        while len(self._images) > self.limit:
            self._images.popitem(last=False)
        return image

    def _draw(self, game: SavedGame, side: int) -> pygame.Surface | None:
        match = game.match
        assert match is not None
        state = match.state
        if not has_renderer(state.game_id):
            return None
        self.drawn += 1
        # Drawn larger and scaled down: boards leave out what would be too small to
        # see (a six-player star, a 19×19 grid draw nothing at 80 px), and edges come out smooth.
        large = max(2 * side, DRAWN_SIDE)
        image = pygame.Surface((large, large), pygame.SRCALPHA)
        try:
            renderer = renderer_for(state.game_id)
            renderer.anim_speed = 0
            renderer.layout(image.get_rect())
            renderer.draw(image, state, BoardView(last_move=match.records[-1].move if match.records else None))
        except Exception:  # noqa: BLE001 - a board that cannot draw this position: a card without a picture
            logger.exception("drawing the position of %s", game.path)
            return None
        return pygame.transform.smoothscale(image, (side, side))


def players_line(font: pygame.font.Font, players: str, room: int) -> str:
    """``players`` ("A vs B vs C") as it fits ``room``: whole, else the first and how
    many others ("You and 5 others")."""
    names = players.split(" vs ")
    if font.size(players)[0] <= room or len(names) < 3:
        return players
    return f"{names[0]} and {len(names) - 1} others"


class SaveCard:
    """Draws the cards of a list of saved games (one ``SaveCard`` per list)."""

    def __init__(self, fonts: Fonts, px: Callable[[float], int], thumbnails: Thumbnails) -> None:
        self.fonts = fonts
        self.px = px
        self.thumbnails = thumbnails

    def draw(self, surface: pygame.Surface, card: pygame.Rect, game: SavedGame, info: Summary | None,
             selected: bool, hovered: bool, lit: bool) -> None:
        """The card of ``game`` (``info``: its words, None when it cannot be loaded) in
        ``card``; ``selected`` marked (in the accent colour when ``lit``: the keyboard's)."""
        px = self.px
        fill = palette.BOARD
        if selected:
            fill = mix(palette.PANEL_LIGHT, palette.ACCENT, 0.10)
        elif hovered:
            fill = palette.PANEL
        pygame.draw.rect(surface, fill, card, border_radius=10)
        if selected:
            pygame.draw.rect(surface, palette.ACCENT if lit else palette.PANEL_BORDER, card, 2, border_radius=10)
            bar = pygame.Rect(card.x + 6, card.y + card.height // 5, 4, card.height - 2 * (card.height // 5))
            pygame.draw.rect(surface, palette.ACCENT, bar, border_radius=2)
        picture = self.picture_rect(card)
        pygame.draw.rect(surface, mix(palette.BOARD, palette.BACKGROUND_BOTTOM, 0.5), picture, border_radius=8)
        if info is None:
            self._draw_problem(surface, card, picture, game)
            return
        image = self.thumbnails.get(game, picture.height - 2 * px(4))
        if image is not None:
            surface.blit(image, image.get_rect(center=picture.center))
        pill = self._pill(surface, card, info.result, getattr(palette, MOOD_COLOURS[info.mood]))
        x = picture.right + px(16)
        room = pill.left - px(16) - x
        players = self.fonts.text(16)
        lines = [(self.fonts.bold(18), info.title, palette.TEXT),
                 (players, players_line(players, info.players, room), palette.TEXT),
                 (self.fonts.text(14), f"{info.moves}  ·  {info.when}", palette.TEXT_MUTED)]
        self._draw_lines(surface, card, x, room, lines)

    def picture_rect(self, card: pygame.Rect) -> pygame.Rect:
        """Where a card's picture of the position goes: a square at its left."""
        inset = self.px(8)
        side = card.height - 2 * inset
        return pygame.Rect(card.x + self.px(18), card.y + inset, side, side)

    def _draw_problem(self, surface: pygame.Surface, card: pygame.Rect, picture: pygame.Rect, game: SavedGame) -> None:
        """A file that cannot be loaded: a warning sign for a picture, its name and what is wrong."""
        px = self.px
        text(surface, self.fonts.bold(36), "⚠", palette.WARNING, picture.center, "center")
        pill = self._pill(surface, card, _("Cannot load"), palette.BAD)
        x = picture.right + px(16)
        room = pill.left - px(16) - x
        small = self.fonts.text(14)
        problem = wrap_text(small, game.problem_detail, room)
        if len(problem) > 2:
            problem = problem[:1] + [fit_text(small, " ".join(problem[1:]), room)]
        lines = [(self.fonts.bold(18), game.path.name, palette.WARNING)] + [
            (small, line, palette.TEXT) for line in problem]
        self._draw_lines(surface, card, x, room, lines)

    def _draw_lines(self, surface: pygame.Surface, card: pygame.Rect, x: int, room: int,
                    lines: list[tuple[pygame.font.Font, str, palette.RGB]]) -> None:
        """``lines`` one under another from ``x``, centred in the card's height together."""
        gap = self.px(3)
        height = sum(font.get_linesize() for font, _, _ in lines) + gap * (len(lines) - 1)
        y = card.y + (card.height - height) // 2
        for font, words, colour in lines:
            text(surface, font, fit_text(font, words, room), colour, (x, y))
            y += font.get_linesize() + gap

    def _pill(self, surface: pygame.Surface, card: pygame.Rect, label: str, colour: palette.RGB) -> pygame.Rect:
        """The result on a rounded label at the card's right."""
        font = self.fonts.bold(14)
        width = min(font.size(label)[0] + self.px(24), card.width // 3)
        pill = pygame.Rect(0, 0, width, self.px(28))
        pill.midright = (card.right - self.px(14), card.centery)
        pygame.draw.rect(surface, mix(palette.BOARD, colour, 0.18), pill, border_radius=pill.height // 2)
        pygame.draw.rect(surface, mix(palette.PANEL_BORDER, colour, 0.7), pill, 1, border_radius=pill.height // 2)
        text(surface, font, fit_text(font, label, width - self.px(16)), colour, pill.center, "center")
        return pill
