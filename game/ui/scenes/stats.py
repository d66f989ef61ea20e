"""Statistics: wins, draws and losses per game and matchup, kept across runs.

Counts are from the first-named side's view ("You vs Master": your wins;
the file keeps it as "Human vs Master", ``naming.matchup_title`` names it). A bar shows the split at a
glance, each part labelled ("W 60 %"), not told by its colour alone. "Reset statistics" asks first.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.lang import _, N_, number
from game.rules.catalogue import title_of
from game.ui import palette
from game.ui.draw import fit_text, mix, panel, text
from game.ui.naming import matchup_title
from game.ui.scenes.base import Scene
from game.ui.widgets import Button
from game.store.userdata import StatRow

if TYPE_CHECKING:
    from game.ui.services import Services

#: A table line's height at 1280×800 (``row_h`` is it at the window's scale).
ROW_H = 40


class StatsScene(Scene):
    """A table per game; scroll with the wheel or Up/Down when it is long."""

    name = "stats"

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        self.reset_btn = Button(services, N_("Reset statistics"), self.ask_reset, wid="reset", shortcut="R", style="danger")
        self.back_btn = self.back_button()
        self.scroll = 0
        self.focus.set([self.back_btn, self.reset_btn], focus=self.back_btn)

    @property
    def row_h(self) -> int:
        return self.services.window.px(ROW_H)

    def rows(self) -> list[StatRow]:
        return self.services.stats.rows()

    def ask_reset(self) -> None:
        if not self.rows():
            self.services.toasts.show(_("There are no statistics to reset yet."))
            return
        self.services.dialogs.confirm(
            _("Reset statistics"),
            _("Forget every win, draw and loss recorded so far? This cannot be undone."),
            _("Reset"),
            self.reset,
        )

    def reset(self) -> None:
        self.services.stats.clear()
        self.scroll = 0
        self.services.toasts.show(_("Statistics reset."), "good")

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y * self.row_h)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_r and not event.mod & pygame.KMOD_CTRL:
                self.reset_btn.activate()
                return
            if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                step = self.table.height - self.row_h
                self.scroll = max(0, self.scroll + (step if event.key == pygame.K_PAGEDOWN else -step))
                return
        super().handle_event(event)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        px = self.services.window.px
        box_w = min(px(900), width - 80)
        top = max(140, self.header_bottom(height) + 16)
        self.table = pygame.Rect((width - box_w) // 2, top, box_w, height - top - px(110))
        self.back_btn.rect = pygame.Rect(0, 0, px(180), px(50))
        self.reset_btn.rect = pygame.Rect(0, 0, px(240), px(50))
        self.back_btn.rect.topright = (width // 2 - 10, self.table.bottom + 28)
        self.reset_btn.rect.topleft = (width // 2 + 10, self.table.bottom + 28)

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, _("Statistics"), _("Your record against every opponent, kept between runs"))
        box = self.table
        panel(surface, box, shadow=self.services.shadows)
        fonts = self.services.fonts
        rows = self.rows()
        self.reset_btn.enabled = bool(rows)
        if not rows:
            text(surface, fonts.display(26), _("No games finished yet"), palette.TEXT, (box.centerx, box.centery - 20), "center")
            text(surface, fonts.text(16), _("Finish a game and its result appears here."), palette.TEXT_MUTED,
                 (box.centerx, box.centery + 16), "center")
            return
        inner = box.inflate(-40, -32)
        columns = self._columns(inner)
        head = fonts.bold(13)
        for name, (x, anchor) in columns.items():
            text(surface, head, _(name).upper(), palette.TEXT_MUTED, (x, inner.y), anchor)
        body = pygame.Rect(inner.x, inner.y + 28, inner.width, inner.height - 28)
        lines = self._lines(rows)
        total_h = len(lines) * self.row_h
        self.scroll = max(0, min(self.scroll, total_h - body.height))
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.y - self.scroll
        for line in lines:
            if isinstance(line, str):
                text(surface, fonts.display(22), line, palette.ACCENT, (inner.x, y + self.row_h - 8), "bottomleft")
                pygame.draw.line(surface, palette.PANEL_BORDER, (inner.x, y + self.row_h - 2), (inner.right, y + self.row_h - 2))
            else:
                self._draw_row(surface, line, y, inner, columns)
            y += self.row_h
        surface.set_clip(clip)
        if total_h > body.height:
            text(surface, fonts.text(13), _("Scroll: mouse wheel or PgUp/PgDn"), palette.TEXT_MUTED,
                 (box.right - 16, box.bottom - 8), "bottomright")

    @staticmethod
    def _lines(rows: list[StatRow]) -> list[str | StatRow]:
        lines: list[str | StatRow] = []
        current = None
        for row in rows:
            if row.game_id != current:
                current = row.game_id
                lines.append(_(title_of(row.game_id)))
            lines.append(row)
        return lines

    @staticmethod
    def _columns(inner: pygame.Rect) -> dict[str, tuple[int, str]]:
        right = inner.right
        return {
            N_("Matchup"): (inner.x + 8, "topleft"),
            N_("Games"): (right - 380, "topright"),
            N_("Wins"): (right - 310, "topright"),
            N_("Draws"): (right - 240, "topright"),
            N_("Losses"): (right - 170, "topright"),
            N_("Record"): (right - 150, "topleft"),
        }

    def _draw_row(self, surface: pygame.Surface, row: StatRow, y: int, inner: pygame.Rect,
                  columns: dict[str, tuple[int, str]]) -> None:
        fonts = self.services.fonts
        font, bold = fonts.text(17), fonts.bold(17)
        mid = y + self.row_h // 2
        matchup_w = columns["Games"][0] - inner.x - 70
        text(surface, font, fit_text(font, matchup_title(row.matchup), matchup_w), palette.TEXT, (inner.x + 8, mid), "midleft")
        values = {"Games": (row.games, palette.TEXT), "Wins": (row.wins, palette.GOOD),
                  "Draws": (row.draws, palette.TEXT_MUTED), "Losses": (row.losses, palette.BAD)}
        for name, (value, colour) in values.items():
            text(surface, bold, number(value), colour, (columns[name][0], mid), "midright")
        height = max(16, min(self.row_h - 12, self.services.window.px(20)))
        bar = pygame.Rect(columns["Record"][0], mid - height // 2, inner.right - columns["Record"][0] - 8, height)
        pygame.draw.rect(surface, mix(palette.BOARD, palette.PANEL, 0.5), bar, border_radius=height // 2)
        if row.games:
            self._draw_record(surface, row, bar)

    def _draw_record(self, surface: pygame.Surface, row: StatRow, bar: pygame.Rect) -> None:
        """The split as a bar whose parts say what they are ("W 60 %", or "W" where that is all
        that fits) and are parted by a gap, so that no one needs the colours to read it."""
        font = self.services.fonts.bold(max(11, bar.height - 6))
        x = bar.x
        parts = (("W", row.wins, palette.GOOD), ("D", row.draws, palette.TEXT_MUTED), ("L", row.losses, palette.BAD))
        for letter, count, colour in parts:
            w = min(round(bar.width * count / row.games), bar.right - x)
            if w <= 0:
                continue
            part = pygame.Rect(x, bar.y, w, bar.height)
            pygame.draw.rect(surface, colour, part, border_radius=bar.height // 2)
            ink = (20, 22, 36) if sum(c * k for c, k in zip(colour, (0.299, 0.587, 0.114))) > 140 else (255, 255, 255)
            for label in (f"{letter} {round(100 * count / row.games)} %", letter):
                if font.size(label)[0] + 8 <= w:
                    text(surface, font, label, ink, part.center, "center")
                    break
            if x > bar.x:
                pygame.draw.line(surface, palette.PANEL, (x, bar.y), (x, bar.bottom - 1), 2)
            x += w
