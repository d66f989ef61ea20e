"""The game menu: one card per game, each with a preview of its board."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.catalogue import game_class, game_ids, new_state
from game.ui import palette
from game.ui.draw import fit_text, mix, text, wrap_text
from game.ui.renderers import has_renderer, renderer_for
from game.ui.scenes.base import Scene
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.services import Services


#: Space between cards (and the least it shrinks to when they would not fit otherwise);
#: height of a card's text under its square preview; the smallest card.
GAP = 30
TIGHT_GAP = 14
CARD_TEXT_H = 118
CARD_MIN_W = 136
#: The titles' type size on the cards; on narrow cards they share the largest size in
#: which every title fits, down to TITLE_SHARED_MIN; a title still too wide shrinks on its
#: own down to TITLE_MIN_SIZE (and is then cut).
TITLE_SIZE = 30
TITLE_SHARED_MIN = 20
TITLE_MIN_SIZE = 16


def seat_counts(game_id: str) -> list[int]:
    """Every number of players the game seats, as its options allow (each option
    tried over its choices with the others at their defaults), fewest first."""
    counts = {new_state(game_id).num_seats}
    for option in game_class(game_id).options_spec:
        for choice in option.choices:
            counts.add(new_state(game_id, **{option.name: choice}).num_seats)
    return sorted(counts)


def players_text(counts: list[int]) -> str:
    """[2] -> "2 players", [2, 3, 4, 6] -> "2, 3, 4 or 6 players", [1] -> "1 player"."""
    if counts == [1]:
        return "1 player"
    shown = [str(c) for c in counts]
    return (", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0]) + " players"


class GameCard(Widget):
    """A game's card: board preview, title, players and bot tiers; press to set up."""

    def __init__(self, scene: "GamesScene", game_id: str) -> None:
        super().__init__(scene.services, wid=f"game:{game_id}")
        self.scene = scene
        self.game_id = game_id
        cls = game_class(game_id)
        self.title = cls.title
        tiers = [t.name for t in scene.services.config.game(game_id).tiers]
        self.lines = [
            players_text(seat_counts(game_id)),
            f"Bots: {', '.join(tiers)}" if tiers else "No bot tiers configured",
        ]
        self.tooltip = f"Set up a game of {self.title}"
        self.renderer = renderer_for(game_id)
        self._preview: pygame.Surface | None = None

    def activate(self) -> None:
        self.ctx.sounds.play("click")
        self.flash()
        self.scene.open(self.game_id)

    def draw(self, surface: pygame.Surface) -> None:
        lift = self.glow
        rect = self.rect.move(0, -round(6 * lift))
        if self.pressed or self.press_flash > 0:
            rect = rect.inflate(-8, -8)
        radius = palette.RADIUS + 4
        shadow = self.scene.services.shadows.get(rect.size, radius, spread=20, alpha=110, blur=10)
        shadow.set_alpha(150 + round(105 * lift))
        surface.blit(shadow, (rect.x - 20, rect.y - 12 + round(8 * lift)))
        pygame.draw.rect(surface, mix(palette.PANEL, palette.PANEL_LIGHT, 0.4 + 0.6 * lift), rect, border_radius=radius)
        pygame.draw.rect(surface, mix(palette.PANEL_BORDER, palette.ACCENT, lift), rect, 2, border_radius=radius)
        preview = rect.inflate(-36, -36)
        preview.height = preview.width
        if self._preview is None or self._preview.get_size() != preview.size:
            self._preview = pygame.Surface(preview.size, pygame.SRCALPHA)
            self.renderer.draw_preview(self._preview, self._preview.get_rect())
        surface.blit(self._preview, preview)
        fonts = self.ctx.fonts
        y = preview.bottom + 16
        title_font = self._title_font(rect.width - 24)
        title_rect = text(surface, title_font, fit_text(title_font, self.title, rect.width - 24), palette.TEXT,
                          (rect.centerx, y), "midtop")
        y = title_rect.bottom + 6
        small = fonts.text(15)
        wrapped = [part for line in self.lines for part in wrap_text(small, line, rect.width - 30)]
        if len(wrapped) > 3:    # a narrow card: three lines fit under the title
            wrapped = wrapped[:2] + [fit_text(small, " ".join(wrapped[2:]), rect.width - 30)]
        for line in wrapped:
            y = text(surface, small, line, palette.TEXT_MUTED, (rect.centerx, y), "midtop").bottom + 2
        self.draw_focus(surface, rect, radius)


    def _title_font(self, width: int) -> pygame.font.Font:
        """The cards' shared title type, or a smaller one (down to ``TITLE_MIN_SIZE``) in
        which this title fits ``width``."""
        fonts = self.ctx.fonts
        size = self.scene.title_size
        while size > TITLE_MIN_SIZE and fonts.display(size).size(self.title)[0] > width:
            size -= 1
        return fonts.display(size)


class GamesScene(Scene):
    """Pick a game; its card leads to the match setup.

    Only games the UI can draw (with a renderer) get a card, so a game whose
    rules land before its board renderer does not break the menu.
    """

    name = "games"

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.cards = [GameCard(self, gid) for gid in game_ids() if has_renderer(gid)]
        #: The type size the cards' titles share (``layout`` sets it for the cards' width).
        self.title_size = TITLE_SIZE
        self.back_btn = self.back_button()
        self.focus.set([*self.cards, self.back_btn], focus=self.cards[0] if self.cards else None)

    def layout(self, size: tuple[int, int]) -> None:
        """Cards in a centred grid, as large as fit (up to 320 wide) between the
        header and the Back button, with the number of columns that allows the
        largest cards; where cards would be narrower than ``CARD_MIN_W``, the gaps
        and side margins shrink first."""
        super().layout(size)
        width, height = size
        self.back_btn.rect = pygame.Rect(28, height - 72, 150, 46)
        count = max(1, len(self.cards))
        top_limit = self.header_bottom(height) + 20
        bottom_limit = self.back_btn.rect.top - 16
        room_h = bottom_limit - top_limit
        for gap, margin in ((GAP, 40), (TIGHT_GAP, 16)):
            best = (0, 1)
            for columns in range(1, count + 1):
                rows = -(-count // columns)
                by_width = (width - 2 * margin + gap) // columns - gap
                by_height = (room_h + gap) // rows - gap - CARD_TEXT_H
                best = max(best, (min(320, by_width, by_height), -columns))
            if best[0] >= CARD_MIN_W:
                break
        card_w, columns = max(CARD_MIN_W, best[0]), -best[1]
        card_h = card_w + CARD_TEXT_H
        rows = -(-count // columns)
        grid_w = columns * card_w + (columns - 1) * gap
        grid_h = rows * card_h + (rows - 1) * gap
        top = max(top_limit, min((height - grid_h) // 2, bottom_limit - grid_h))
        for i, card in enumerate(self.cards):
            row, col = divmod(i, columns)
            card.rect = pygame.Rect(0, 0, card_w, card_h)
            card.rect.topleft = ((width - grid_w) // 2 + col * (card_w + gap), top + row * (card_h + gap))
        self.title_size = TITLE_SIZE
        fonts = self.services.fonts
        while self.title_size > TITLE_SHARED_MIN and any(
                fonts.display(self.title_size).size(card.title)[0] > card_w - 24 for card in self.cards):
            self.title_size -= 2

    def open(self, game_id: str) -> None:
        self.services.scenes.push("setup", game_id=game_id)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, "Choose a game", "Pick a board; you choose the players next.")
