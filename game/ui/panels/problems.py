"""The setup screen's panel of start-up problems, scrollable so every one can be read.

Each problem is where it was found (a bot file, or ``config.yaml line N``)
in bold with the message wrapped under it. When they do not all fit, the
list scrolls: the mouse wheel over the panel, or, once the panel has the
keyboard focus (Tab, or the pointer resting on it), Up/Down, PgUp/PgDn and
Home/End. A scrollbar shows where the view is and a fade marks more below.
The problems are worded in the language shown (``lang.worded``), again when it changes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

import pygame

from game.lang import _, N_, language, worded
from game.ui import palette
from game.ui.draw import clean_text, fade_out, fit_text, mix, panel, scrollbar, text, wrap_text
from game.ui.widgets import UiContext, Widget

TITLE = N_("⚠  Problems found at start-up")
INTRO = N_("These bots or settings were skipped; everything else works.")
#: What the foot of a scrolling list says: more below (the panel not selected / selected), or the end.
HINTS = (N_("More below: scroll with the wheel, or Tab here and press ↓"),
         N_("More below: ↓, PgDn or the mouse wheel"),
         N_("End of the list: ↑ or Home goes back up"))
#: Pixels one Up/Down key or one wheel notch scrolls.
STEP = 40


@dataclass(frozen=True)
class Line:
    """One drawn line of the list: its text, the problem it belongs to, whether it
    names the place, and its top (from the top of the list)."""

    content: str
    problem: int
    heading: bool
    y: int


def wrap_path(font: pygame.font.Font, path: str, width: int) -> list[str]:
    """``path`` in lines no wider than ``width``, broken after a "/" where possible."""
    lines: list[str] = []
    line = ""
    for part in re.split(r"(?<=/)", clean_text(path)):
        if line and font.size(line + part)[0] > width:
            lines.append(line)
            line = ""
        line += part
    lines.append(line)
    return [piece for line in lines for piece in wrap_text(font, line, width)]


class ProblemsPanel(Widget):
    """The problems as (where, what) pairs, drawn in ``rect`` with a scrolling list."""

    def __init__(self, ctx: UiContext, problems: Sequence[tuple[str, str]], shadows: object | None = None) -> None:
        super().__init__(ctx, wid="problems")
        self.problems = list(problems)
        self.shadows = shadows
        self.scroll = 0
        self.lines: list[Line] = []
        self.content_h = 0
        self.body = pygame.Rect(0, 0, 0, 0)
        self._laid_out_for: tuple[int, int, str] | None = None

    # -- geometry ------------------------------------------------------------------------
    def place(self, rect: pygame.Rect) -> None:
        """Put the panel in ``rect`` and wrap the messages to its width."""
        self.rect = pygame.Rect(rect)
        fonts = self.ctx.fonts
        y = self.rect.y + 14 + fonts.bold(17).get_linesize() + 4
        for _line in wrap_text(fonts.text(14), _(INTRO), self.rect.width - 32):
            y += fonts.text(14).get_linesize()
        top = y + 8
        self.body = pygame.Rect(self.rect.x + 16, top, self.rect.width - 36, max(0, self.rect.bottom - 12 - top))
        if self._laid_out_for != (self.rect.width, len(self.problems), language()):
            self._wrap()
        if self.max_scroll() > 0:     # room for the scroll hint at the foot
            self.body.height = max(0, self.body.height - 2 * fonts.text(13).get_linesize() - 6)
        self.scroll_by(0)

    def _wrap(self) -> None:
        fonts = self.ctx.fonts
        name_font, body_font = fonts.bold(15), fonts.text(14)
        lines: list[Line] = []
        y = 0
        for index, (where, message) in enumerate(self.problems):
            for part in wrap_path(name_font, worded(where), self.body.width):
                lines.append(Line(part, index, True, y))
                y += name_font.get_linesize()
            for part in wrap_text(body_font, worded(message), self.body.width - 10):
                lines.append(Line(part, index, False, y))
                y += body_font.get_linesize()
            y += 8
        self.lines = lines
        self.content_h = max(0, y - 8)
        self._laid_out_for = (self.rect.width, len(self.problems), language())

    def visible_lines(self) -> list[Line]:
        """The lines wholly in view at the current scroll."""
        fonts = self.ctx.fonts
        shown = []
        for line in self.lines:
            top = self.body.y + line.y - self.scroll
            height = (fonts.bold(15) if line.heading else fonts.text(14)).get_linesize()
            if top >= self.body.top and top + height <= self.body.bottom:
                shown.append(line)
        return shown

    def max_scroll(self) -> int:
        return max(0, self.content_h - self.body.height)

    @property
    def can_focus(self) -> bool:
        """Only a list that scrolls takes the focus (there is nothing to do in one that fits)."""
        return super().can_focus and self.max_scroll() > 0

    def scroll_by(self, pixels: int) -> bool:
        """Scroll by ``pixels`` (down for positive); True if the view moved."""
        before = self.scroll
        self.scroll = max(0, min(self.scroll + pixels, self.max_scroll()))
        return self.scroll != before

    def key(self, key: int) -> bool:
        """Up/Down, PgUp/PgDn, Home/End; True if the view moved (False at an end)."""
        page = max(STEP, self.body.height - 30)
        steps = {pygame.K_UP: -STEP, pygame.K_DOWN: STEP, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                 pygame.K_HOME: -self.content_h, pygame.K_END: self.content_h}
        return key in steps and self.scroll_by(steps[key])

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        box = self.rect
        if box.height < 40 or not self.problems:
            return
        lit = self.focused and self.ctx.keyboard_mode
        panel(surface, box, fill=mix(palette.PANEL, palette.WARNING, 0.08), border=palette.WARNING,
              shadow=self.shadows)
        fonts = self.ctx.fonts
        head = text(surface, fonts.bold(17), fit_text(fonts.bold(17), _(TITLE), box.width - 32), palette.WARNING,
                    (box.x + 16, box.y + 14))
        y = head.bottom + 4
        for part in wrap_text(fonts.text(14), _(INTRO), box.width - 32):
            y = text(surface, fonts.text(14), part, palette.TEXT_MUTED, (box.x + 16, y)).bottom
        body = self.body
        name_font, body_font = fonts.bold(15), fonts.text(14)
        clip = surface.get_clip()
        surface.set_clip(body.clip(clip))
        for line in self.lines:
            top = body.y + line.y - self.scroll
            if top > body.bottom or top + 24 < body.top:
                continue
            if line.heading:
                text(surface, name_font, line.content, palette.TEXT, (body.x, top))
            else:
                text(surface, body_font, line.content, palette.TEXT_MUTED, (body.x + 8, top))
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            self._draw_scrolling(surface, lit)
        if lit:
            pygame.draw.rect(surface, palette.ACCENT, box.inflate(8, 8), 3, border_radius=palette.RADIUS + 4)

    def _draw_scrolling(self, surface: pygame.Surface, lit: bool) -> None:
        """The scrollbar, a fade over the last visible lines while more is below, and the hint."""
        body = self.body
        track = pygame.Rect(self.rect.right - 12, body.y, 4, body.height)
        scrollbar(surface, track, body.height, self.content_h, self.scroll, mix(palette.PANEL, palette.WARNING, 0.15),
                  palette.ACCENT if lit else palette.WARNING)
        base = mix(palette.PANEL, palette.WARNING, 0.08)
        if self.scroll < self.max_scroll():      # more below
            fade_out(surface, pygame.Rect(body.x, body.bottom - 28, body.width, 28), base)
        if self.scroll > 0:                      # more above
            fade_out(surface, pygame.Rect(body.x, body.y, body.width, 28), base, upwards=True)
        font = self.ctx.fonts.text(13)
        hint = _(HINTS[2] if self.scroll >= self.max_scroll() else HINTS[1] if lit else HINTS[0])
        y = body.bottom + 6
        for part in wrap_text(font, hint, self.rect.width - 32)[:2]:
            y = text(surface, font, part, palette.ACCENT if lit else palette.TEXT_MUTED, (self.rect.x + 16, y)).bottom
