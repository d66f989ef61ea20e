"""The play screen's Rules panel: a game's ``rules_help`` text over the board.

Any game that writes its rules in ``State.rules_help`` gets it: the play
screen shows a Rules button (and F1 opens the panel) only for such games.
A shipped game's text is marked for the catalogue (``N_``) and shown in the
player's language, translated each time the card is laid out.
The panel is a card in the theme with the game's title and the text
wrapped to its width, each line of the text a paragraph of its own; text longer than the card
scrolls with the wheel, the arrow keys, Page Up/Down and Home/End. Esc, F1,
the close button or a click outside the card close it. While it is open it
takes all input; bots go on playing behind it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.lang import _
from game.ui import palette
from game.ui.draw import clean_text, fade_out, fit_text, mix, panel, scrollbar, text, wrap_text
from game.ui.tween import Tween, ease_out_cubic

if TYPE_CHECKING:
    from game.ui.services import Services

LINE_STEP = 40
#: Height of the fade over the last line when there is more text below.
FADE = 28


class RulesPanel:
    """A scrollable card with one game's rules; hidden until ``open``."""

    def __init__(self, services: "Services", title: str, body: str) -> None:
        self.services = services
        self.title = clean_text(title)
        self.body = body
        self.visible = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.text_rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self.fade = Tween(0.0, 1.0, 0.0)
        self._lines: list[tuple[str, bool]] = []   # (text, starts a paragraph)

    @property
    def available(self) -> bool:
        """Whether the game has rules to show at all."""
        return bool(self.body.strip())

    def open(self) -> None:
        if not self.available:
            return
        speed = self.services.settings.current.anim_speed
        self.visible = True
        self.scroll = 0
        self.fade = Tween(0.0, 1.0, 0.2 / speed if speed else 0.0, ease_out_cubic)
        self.services.sounds.play("click")

    def close(self) -> None:
        self.visible = False

    def toggle(self) -> None:
        self.close() if self.visible else self.open()

    # -- layout ------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        """Centre the card in ``area`` (the whole window)."""
        width = min(680, area.width - 60)
        font = self.services.fonts.text(17)
        self._lines = []
        for paragraph in (part for part in _(self.body).split("\n") if part.strip()):
            words = clean_text(" ".join(paragraph.split()))
            for index, line in enumerate(wrap_text(font, words, width - 64 - 14)):
                self._lines.append((line, index == 0 and bool(self._lines)))
        height = min(620, area.height - 60, 84 + self.content_height + 8 + 52)
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = area.center
        self.text_rect = pygame.Rect(self.rect.x + 32, self.rect.y + 84, width - 64, height - 84 - 52)
        self.close_rect = pygame.Rect(self.rect.right - 52, self.rect.y + 20, 32, 32)
        self.scroll = min(self.scroll, self.max_scroll)

    @property
    def line_height(self) -> int:
        return self.services.fonts.text(17).get_linesize() + 2

    @property
    def content_height(self) -> int:
        gaps = sum(1 for _, starts in self._lines if starts)
        return len(self._lines) * self.line_height + gaps * (self.line_height // 2)

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.text_rect.height)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + pixels))

    # -- input --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Everything while open (True); nothing while closed (False)."""
        if not self.visible:
            return False
        if event.type == pygame.KEYDOWN:
            page = self.text_rect.height - self.line_height
            moves = {
                pygame.K_UP: -LINE_STEP, pygame.K_DOWN: LINE_STEP,
                pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page, pygame.K_SPACE: page,
                pygame.K_HOME: -self.content_height, pygame.K_END: self.content_height,
            }
            if event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close()
            elif event.key in moves:
                self.scroll_by(moves[event.key])
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * LINE_STEP)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close_rect.collidepoint(event.pos) or not self.rect.collidepoint(event.pos):
                self.close()
        return True

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.visible:
            self.fade.update(dt)

    @property
    def animating(self) -> bool:
        """Shown and still fading in."""
        return self.visible and not self.fade.done

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        alpha = self.fade.value
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer.fill((*palette.BACKGROUND_TOP, round(150 * alpha)))
        rect = self.rect.move(0, round((1 - alpha) * 16))
        panel(layer, rect, fill=palette.PANEL, border=palette.ACCENT, alpha=250, shadow=self.services.shadows)
        fonts = self.services.fonts
        heading = fit_text(fonts.display(30), _("How to play {game}").format(game=_(self.title)), rect.width - 110)
        text(layer, fonts.display(30), heading, palette.TEXT, (rect.x + 32, rect.y + 22))
        bar = pygame.Rect(rect.x + 32, rect.y + 66, 120, 4)
        pygame.draw.rect(layer, palette.ACCENT, bar, border_radius=2)
        close = self.close_rect.move(0, rect.y - self.rect.y)
        hovered = close.collidepoint(pygame.mouse.get_pos())
        pygame.draw.rect(layer, palette.HOVER if hovered else palette.PANEL_LIGHT, close, border_radius=10)
        arm = 7
        for dx in (-arm, arm):
            pygame.draw.line(layer, palette.TEXT, (close.centerx - dx, close.centery - arm),
                             (close.centerx + dx, close.centery + arm), 3)

        body = self.text_rect.move(0, rect.y - self.rect.y)
        layer.set_clip(body)
        font = fonts.text(17)
        y = body.y - self.scroll
        for line, starts in self._lines:
            if starts:
                y += self.line_height // 2
            if y + self.line_height >= body.y and y <= body.bottom:
                text(layer, font, line, palette.TEXT, (body.x, y))
            y += self.line_height
        layer.set_clip(None)
        if self.max_scroll:
            track = pygame.Rect(body.right - 4, body.y, 4, body.height)
            scrollbar(layer, track, body.height, body.height + self.max_scroll, self.scroll, palette.PANEL_LIGHT,
                      palette.ACCENT_DARK)
            if self.scroll < self.max_scroll:        # more below: the last line fades out
                fade_out(layer, pygame.Rect(body.x, body.bottom - FADE, body.width - 10, FADE), palette.PANEL)
        foot = _("Esc or F1 closes") + ("  ·  " + _("wheel or arrows scroll") if self.max_scroll else "")
        text(layer, fonts.text(14), foot, mix(palette.TEXT_MUTED, palette.PANEL, 0.2),
             (rect.centerx, rect.bottom - 28), "midtop")
        layer.set_alpha(round(255 * min(1.0, alpha * 1.5)))
        surface.blit(layer, (0, 0))
