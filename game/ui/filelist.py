"""A folder's rows in a file dialog (``FileList``): its sub-folders and files, one
chosen, with how old each file is; and the folder's path cut to fit."""
from __future__ import annotations

import datetime as _dt
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pygame

from game.lang import _
from game.ui import palette
from game.ui.draw import clean_text, fit_text, mix, scrollbar, text
from game.ui.savedgames import when_text
from game.ui.focus import FocusGroup
from game.ui.widgets import DoubleClick, UiContext, Widget


@dataclass(frozen=True)
class Entry:
    """A row of a file list: a folder (the parent, '..', among them) or a file."""

    name: str
    path: Path
    folder: bool
    detail: str = ""


def list_folder(folder: Path, suffix: str, now: _dt.datetime | None = None) -> tuple[list[Entry], str]:
    """``folder``'s rows: its parent, its sub-folders (A to Z), then its files ending
    in ``suffix`` (newest first, each with when it was written); hidden ones left out.
    The second item says why the folder could not be read ('' if it was)."""
    now = now or _dt.datetime.now()
    rows: list[Entry] = []
    if folder.parent != folder:
        rows.append(Entry("..", folder.parent, True, _("the folder above")))
    folders: list[Entry] = []
    files: list[tuple[float, Entry]] = []
    try:
        children = list(folder.iterdir())
    except OSError as err:
        return rows, _("{folder} cannot be read: {error}").format(folder=folder, error=err.strerror or err)
    for child in children:
        if child.name.startswith("."):
            continue
        try:
            if child.is_dir():
                folders.append(Entry(child.name, child, True))
            elif child.is_file() and (not suffix or child.name.lower().endswith(suffix.lower())):
                stamp = child.stat().st_mtime
                files.append((stamp, Entry(child.name, child, False, when_text(_dt.datetime.fromtimestamp(stamp), now))))
        except OSError:
            continue
    folders.sort(key=lambda entry: entry.name.lower())
    files.sort(key=lambda item: (-item[0], item[1].name.lower()))
    return rows + folders + [entry for _, entry in files], ""


def path_lines(font: pygame.font.Font, path: str, width: int, most: int = 2) -> list[str]:
    """``path`` broken after its separators into at most ``most`` lines of ``width``,
    filled from the end so the folder's own name always shows ('…' marks what is left out)."""
    path = clean_text(path)
    parts = [part + os.sep for part in path.split(os.sep)]
    parts[-1] = parts[-1][:-1]
    lines: list[str] = []
    while parts and len(lines) < most:
        line = ""
        while parts and font.size(parts[-1] + line)[0] <= width:
            line = parts.pop() + line
        if not line:                       # one part wider than a line: its end
            line = parts.pop()
            while len(line) > 1 and font.size("…" + line)[0] > width:
                line = line[1:]
            line = "…" + line
        lines.insert(0, line)
    if parts:
        first = lines[0]
        while len(first) > 1 and font.size("…" + first)[0] > width:
            first = first[1:]
        lines[0] = "…" + first
    return lines or [""]


def folder_icon(surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A folder drawn in ``box``: a body with a tab on its top left."""
    tab = pygame.Rect(box.x, box.y, box.width * 2 // 5, max(2, box.height // 4))
    body = pygame.Rect(box.x, box.y + tab.height - 1, box.width, box.height - tab.height + 1)
    pygame.draw.rect(surface, colour, tab, border_radius=2)
    pygame.draw.rect(surface, colour, body, border_radius=3)


class ListOwner(Protocol):
    """What a file list asks of the dialog it is in (``dialogs.FileDialog``)."""

    ctx: UiContext
    focus: FocusGroup

    def chose(self, entry: "Entry | None") -> None: ...

    def open_entry(self, entry: "Entry") -> None: ...

    def go_up(self) -> None: ...


class FileList(Widget):
    """The rows of a folder in a file dialog, one chosen; scrolls to keep it in view."""

    def __init__(self, dialog: ListOwner) -> None:
        super().__init__(dialog.ctx, wid="files")
        self.dialog = dialog
        self.entries: list[Entry] = []
        self.selected = 0
        self.scroll = 0
        self.hover_row: int | None = None
        self.problem = ""
        self.double_click = DoubleClick()

    @property
    def row_h(self) -> int:
        return self.ctx.px(42)

    @property
    def can_focus(self) -> bool:
        return super().can_focus and bool(self.entries)

    @property
    def chosen(self) -> Entry | None:
        return self.entries[self.selected] if self.entries else None

    def fill(self, entries: list[Entry], problem: str, select: int = 0) -> None:
        self.entries, self.problem = entries, problem
        self.scroll = 0
        self.select(select)

    def rows_shown(self) -> int:
        return max(1, self.rect.height // self.row_h)

    def row_rect(self, index: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + 4, self.rect.y + index * self.row_h - self.scroll + 2,
                           self.rect.width - 8 - self.ctx.px(8), self.row_h - 4)

    def select(self, index: int) -> None:
        if not self.entries:
            self.selected = 0
            return
        self.selected = max(0, min(index, len(self.entries) - 1))
        self.keep_in_view()
        self.dialog.chose(self.chosen)

    def keep_in_view(self) -> None:
        """Scroll just enough for the chosen row to be wholly in view."""
        top = self.selected * self.row_h
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + self.rect.height:
            self.scroll = top + self.row_h - self.rect.height
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def max_scroll(self) -> int:
        return max(0, len(self.entries) * self.row_h - self.rect.height)

    def activate(self) -> None:
        if self.chosen is not None:
            self.dialog.open_entry(self.chosen)

    def edit(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not self.entries:
            return False
        page = self.rows_shown()
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if event.key in steps:
            self.select(self.selected + steps[event.key])
        elif event.key == pygame.K_HOME:
            self.select(0)
        elif event.key == pygame.K_END:
            self.select(len(self.entries) - 1)
        elif event.key == pygame.K_BACKSPACE:
            self.dialog.go_up()
        else:
            return False
        self.ctx.sounds.play("hover")
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            self.hover_row = self.row_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.hovered:
                self.scroll = max(0, min(self.scroll - event.y * self.row_h, self.max_scroll()))
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is None:
                return self.rect.collidepoint(event.pos)     # below the rows: the list takes the focus
            self.dialog.focus.focus(self)
            if self.double_click.click(row, self.selected):
                self.activate()
                return True
            self.ctx.sounds.play("click")
            self.select(row)
            return True
        return False

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        index = (pos[1] - self.rect.y + self.scroll) // self.row_h
        return index if 0 <= index < len(self.entries) else None

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        fonts, px = self.ctx.fonts, self.ctx.px
        pygame.draw.rect(surface, palette.BOARD, self.rect, border_radius=10)
        lit = self.focused
        pygame.draw.rect(surface, palette.ACCENT if lit else palette.PANEL_BORDER, self.rect, 2, border_radius=10)
        if not self.entries or (len(self.entries) == 1 and self.entries[0].name == ".." and self.problem):
            font = fonts.text(16)
            words = self.problem or _("Nothing here")
            text(surface, font, fit_text(font, words, self.rect.width - px(30)), palette.WARNING if self.problem
                 else palette.TEXT_MUTED, (self.rect.centerx, self.rect.bottom - self.row_h // 2), "center")
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-4, -4))
        name_font, detail_font = fonts.text(17), fonts.text(14)
        for index, entry in enumerate(self.entries):
            row = self.row_rect(index)
            if row.bottom < self.rect.top or row.top > self.rect.bottom:
                continue
            chosen = index == self.selected
            if chosen:
                pygame.draw.rect(surface, mix(palette.PANEL_LIGHT, palette.ACCENT, 0.12), row, border_radius=8)
                pygame.draw.rect(surface, palette.ACCENT if lit else palette.PANEL_BORDER, row, 2, border_radius=8)
            elif index == self.hover_row:
                pygame.draw.rect(surface, palette.PANEL, row, border_radius=8)
            ink = palette.ACCENT if entry.folder else palette.TEXT
            x = row.x + px(14)
            if entry.folder:
                folder_icon(surface, pygame.Rect(x, row.centery - px(7), px(18), px(14)), ink)
            else:
                text(surface, name_font, "•", ink, (x + px(5), row.centery), "midleft")
            x += px(28)
            detail_w = detail_font.size(entry.detail)[0] if entry.detail else 0
            name = entry.name + (os.sep if entry.folder and entry.name != ".." else "")
            text(surface, name_font, fit_text(name_font, name, row.right - px(16) - detail_w - px(16) - x), ink,
                 (x, row.centery), "midleft")
            if entry.detail:
                text(surface, detail_font, entry.detail, palette.TEXT_MUTED, (row.right - px(14), row.centery), "midright")
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            track = pygame.Rect(self.rect.right - px(9), self.rect.y + 8, 4, self.rect.height - 16)
            scrollbar(surface, track, self.rect.height, len(self.entries) * self.row_h, self.scroll,
                      palette.PANEL, palette.PANEL_BORDER)
        self.draw_focus(surface, self.rect, 10)
