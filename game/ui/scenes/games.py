"""The game menu: one card per game, each with a preview of its board."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

import pygame

from game.lang import _, ngettext
from game.match.warmup import game_engines
from game.rules.catalogue import game_class, game_ids, new_state
from game.ui import palette
from game.ui.draw import balanced_lines, mix, text, wrap_text
from game.ui.renderers import has_renderer, renderer_for
from game.ui.scenes.base import Scene
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.services import Services


#: Space between cards (and the least it shrinks to when they would not fit otherwise);
#: the smallest card. Under its square preview a card is as tall as its text needs.
GAP = 30
TIGHT_GAP = 14
CARD_MIN_W = 136
#: The titles' type size on the cards; on narrow cards they share the largest size in
#: which every title fits, down to TITLE_SHARED_MIN; a title still too wide goes on two
#: lines, split between words (a single word too wide shrinks down to TITLE_MIN_SIZE).
TITLE_SIZE = 30
TITLE_SHARED_MIN = 20
TITLE_MIN_SIZE = 14
#: The type size of the players and bots lines, and the space above and between the parts.
NOTE_SIZE = 15
TEXT_TOP, TEXT_GAP, TEXT_BOTTOM = 16, 6, 14


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
    if len(counts) == 1:
        return ngettext("{n} player", "{n} players", counts[0]).format(n=counts[0])
    shown = [str(c) for c in counts]
    return _("{some} or {last} players").format(some=_(", ").join(shown[:-1]), last=shown[-1])


def tiers_text(tiers: list[str]) -> str:
    """The bot tiers in a card's words: "Bots: Easy, Medium", "Bots: Easy to Master"."""
    if not tiers:
        return _("No bot tiers configured")
    tiers = [_(tier) for tier in tiers]
    if len(tiers) <= 2:
        return _("Bots: {tiers}").format(tiers=_(", ").join(tiers))
    return _("Bots: {first} to {last}").format(first=tiers[0], last=tiers[-1])


class GameCard(Widget):
    """A game's card: board preview, title, players and bot tiers; press to set up.
    Its words are made as it is drawn, in the language shown then."""

    @property
    def title(self) -> str:
        return _(game_class(self.game_id).title)

    @property
    def lines(self) -> list[str]:
        return [players_text(self.seat_counts),
                tiers_text([t.name for t in self.scene.services.config.game(self.game_id).tiers])]

    @property
    def tooltip(self) -> str:
        return _("Set up a game of {game}").format(game=self.title)

    @tooltip.setter
    def tooltip(self, value: str) -> None:
        """Set by ``Widget``; the card words its own."""

    def __init__(self, scene: "GamesScene", game_id: str) -> None:
        super().__init__(scene.services, wid=f"game:{game_id}")
        self.scene = scene
        self.game_id = game_id
        self.seat_counts = seat_counts(game_id)
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
        y = preview.bottom + TEXT_TOP
        title, notes = self.text_lines(rect.width)
        for font, line in title:
            y = text(surface, font, line, palette.TEXT, (rect.centerx, y), "midtop").bottom
        y += TEXT_GAP
        for font, line in notes:
            y = text(surface, font, line, palette.TEXT_MUTED, (rect.centerx, y), "midtop").bottom + 2
        self.draw_focus(surface, rect, radius)

    def text_lines(self, card_w: int) -> tuple[list[tuple[pygame.font.Font, str]], list[tuple[pygame.font.Font, str]]]:
        """The title's lines and the notes' lines on a card ``card_w`` wide, each with its
        font: whole words, never cut; a note too long for one line is broken into two even
        lines at a space ("电脑" / "初级至大师"), never with a character left alone."""
        fonts = self.ctx.fonts
        width = card_w - 24
        size = self.scene.title_size
        title_font = fonts.display(size)
        title = [self.title] if title_font.size(self.title)[0] <= width else wrap_text(title_font, self.title, width)
        while size > TITLE_MIN_SIZE and max(title_font.size(line)[0] for line in title) > width:
            size -= 1
            title_font = fonts.display(size)
        small = fonts.text(NOTE_SIZE)
        notes = [part for line in self.lines for part in balanced_lines(small, line, card_w - 30)]
        return [(title_font, line) for line in title], [(small, line) for line in notes]

    def text_height(self, card_w: int) -> int:
        """How tall the text under the preview is on a card ``card_w`` wide."""
        title, notes = self.text_lines(card_w)
        return (TEXT_TOP + sum(font.get_linesize() for font, _ in title) + TEXT_GAP
                + sum(font.get_linesize() + 2 for font, _ in notes) + TEXT_BOTTOM)


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
        #: The game highlighted (mouse or keys), whose engines the warm-up compiles next.
        self.highlighted: str | None = None

    @classmethod
    def ahead(cls, services: "Services", size: tuple[int, int]) -> Iterator[None]:
        """The cards' sample boards for a window of ``size``, one card a step.

        The title screen takes the steps (``Renderer.draw_preview`` keeps the boards for the
        program's life), so the menu's first opening finds them made: made all at once in
        the slide that opens the menu, they cost that frame 40-60 ms."""
        scene = cls(services)
        scene.layout(size)
        scratch = pygame.Surface(size, pygame.SRCALPHA)
        for card in scene.cards:
            card.draw(scratch)
            yield

    def layout(self, size: tuple[int, int]) -> None:
        """Cards in a centred grid, as large as fit (up to 320 wide) between the
        header and the Back button, with the number of columns that allows the
        largest cards; where cards would be narrower than ``CARD_MIN_W``, the gaps
        and side margins shrink first."""
        super().layout(size)
        width, height = size
        px = self.services.window.px
        self.back_btn.rect = pygame.Rect(28, height - px(72), px(150), px(46))
        count = max(1, len(self.cards))
        top_limit = self.header_bottom(height) + 20
        bottom_limit = self.back_btn.rect.top - 16
        room_h = bottom_limit - top_limit
        for gap, margin in ((GAP, 40), (TIGHT_GAP, 16)):
            best = (0, 1)
            for columns in range(1, count + 1):
                rows = -(-count // columns)
                card_w = min(320, (width - 2 * margin + gap) // columns - gap)
                card_room = (room_h + gap) // rows - gap
                while card_w > CARD_MIN_W and card_w + self.text_height(card_w) > card_room:
                    card_w -= 4
                if card_w + self.text_height(card_w) <= card_room:
                    best = max(best, (card_w, -columns))
            if best[0] >= CARD_MIN_W:
                break
        card_w, columns = max(CARD_MIN_W, best[0]), -best[1]
        self._share_title_size(card_w)
        card_h = card_w + self.text_height(card_w)
        rows = -(-count // columns)
        grid_w = columns * card_w + (columns - 1) * gap
        grid_h = rows * card_h + (rows - 1) * gap
        top = max(top_limit, min((height - grid_h) // 2, bottom_limit - grid_h))
        for i, card in enumerate(self.cards):
            row, col = divmod(i, columns)
            card.rect = pygame.Rect(0, 0, card_w, card_h)
            card.rect.topleft = ((width - grid_w) // 2 + col * (card_w + gap), top + row * (card_h + gap))

    def text_height(self, card_w: int) -> int:
        """The tallest card text at width ``card_w`` (titles at the size they would share)."""
        self._share_title_size(card_w)
        return max((card.text_height(card_w) for card in self.cards), default=0)

    def _share_title_size(self, card_w: int) -> None:
        self.title_size = TITLE_SIZE
        fonts = self.services.fonts
        while self.title_size > TITLE_SHARED_MIN and any(
                fonts.display(self.title_size).size(card.title)[0] > card_w - 24 for card in self.cards):
            self.title_size -= 2

    def update(self, dt: float) -> None:
        super().update(dt)
        self._follow_highlight()

    def _follow_highlight(self) -> None:
        """On a first launch, the engines of the game highlighted compile next, those of the
        bots last seated in it first (``EngineWarmUp.prefer``)."""
        card = self.focus.current
        game_id = card.game_id if isinstance(card, GameCard) else None
        if game_id != self.highlighted:
            self.highlighted = game_id
            if game_id is not None:
                self.services.warmup.prefer(self._engines(game_id))

    def _engines(self, game_id: str) -> list[str]:
        """The game's engines, those of the bots last seated in it first, then its tiers' in order."""
        services = self.services
        chosen = [label for label in services.setup_memory.recall(game_id).seats if label]
        return game_engines(services.config, game_id, chosen)

    def open(self, game_id: str) -> None:
        self.services.scenes.push("setup", game_id=game_id)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, _("Choose a game"), _("Pick a board; you choose the players next."))

