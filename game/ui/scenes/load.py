"""Load a saved game: the saves folder as a list of cards, browsed by keyboard or mouse.

Load opens this screen: every file of ``saves_dir()``, newest first, one card each
(``panels/savecard.py``) with a small picture of the position, the game, who
played ("You vs Master"), the result or "In progress", the number of moves and
when it was saved; no file names or paths (the folder is named only when the
list is of another one). A file that cannot be loaded is a card too, showing
the problem (the line and what is wrong) and refusing to load.

Keys: Up/Down (also PgUp/PgDn, Home/End) choose a card, Enter loads it, V opens
it on the review screen (each move with the engine's verdict; Esc comes back here),
Delete (or Backspace, the Mac's delete key) asks and then deletes the file
for good, B or Ctrl+O opens the file dialog ("Browse…")
for a game saved in another folder, Tab moves between the list and the
buttons, Esc goes back. Loading replaces the current match only once the
file has been read without error.
"""
from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from game.lang import _, N_, ngettext, number
from game.match.config import BotChoiceError
from game.match.record import Player
from game.store.savefile import SaveFileError, load_match
from game.ui import palette
from game.ui.draw import clean_text, panel, scrollbar, text, wrap_text
from game.ui.panels.savecard import CARD_GAP, CARD_H, SaveCard, Thumbnails
from game.ui.savedgames import SavedGame, Summary, scan_saves, summary
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, DoubleClick, Widget
from game.store.userdata import saves_dir

if TYPE_CHECKING:
    from game.ui.services import Services

#: The height left free under the list for a toast, at the 1280×800 scale.
TOAST_BAND = 68
#: The pictures of saved positions, kept while the program runs (the list opens again at once).
THUMBNAILS = Thumbnails()
LIST_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
#: Keys that move the selection only while the list has the focus (elsewhere they move the focus).
DIRECTION_KEYS = (pygame.K_UP, pygame.K_DOWN)


def open_saved_game(services: "Services", path: Path, review: bool = False) -> bool:
    """Read ``path`` and show its match on the play screen (``review``: on the review screen,
    over this one); on a problem, say what is wrong in a dialog and leave everything as it
    was. True if read."""
    try:
        match = load_match(path)
    except SaveFileError as err:
        services.sounds.play("error")
        services.dialogs.message(_("Could not review the game") if review else _("Could not load the game"), str(err))
        return False
    if review:
        services.scenes.push("review", match=match)
    else:
        services.scenes.go("play", match=match)
    return True


def fit_left(font: pygame.font.Font, content: str, width: int) -> str:
    """``content`` (cleaned) cut at the front with an ellipsis ("…/data/saves") to fit ``width``."""
    content = clean_text(content)
    if font.size(content)[0] <= width:
        return content
    while content and font.size("…" + content)[0] > width:
        content = content[1:]
    return "…" + content


class SaveList(Widget):
    """The cards of saved games, one of them selected; scrolls to keep it in view."""

    def __init__(self, scene: "LoadScene") -> None:
        super().__init__(scene.services, wid="saves")
        self.scene = scene
        self.selected = 0
        self.scroll = 0                       # pixels scrolled down
        self.hover_row: int | None = None
        self.double_click = DoubleClick()
        self.px = scene.services.window.px
        self.cards = SaveCard(scene.services.fonts, self.px, THUMBNAILS)

    @property
    def row_h(self) -> int:
        """A card's height at the window's scale."""
        return self.px(CARD_H)

    @property
    def pitch(self) -> int:
        """From one row's top to the next one's."""
        return self.px(CARD_H + CARD_GAP)

    @property
    def count(self) -> int:
        return len(self.scene.games)

    @property
    def can_focus(self) -> bool:
        return super().can_focus and self.count > 0

    @property
    def body(self) -> pygame.Rect:
        """Where the rows are drawn (inside the list's panel)."""
        return self.rect.inflate(-20, -20)

    def content_height(self) -> int:
        return max(0, self.count * self.pitch - self.px(CARD_GAP))

    def max_scroll(self) -> int:
        return max(0, self.content_height() - self.body.height)

    def row_rect(self, index: int) -> pygame.Rect:
        body = self.body
        return pygame.Rect(body.x, body.y + index * self.pitch - self.scroll, body.width, self.row_h)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        if not self.body.collidepoint(pos):
            return None
        for index in range(self.count):
            if self.row_rect(index).collidepoint(pos):
                return index
        return None

    def page(self) -> int:
        """Rows in one screenful (PgUp/PgDn)."""
        return max(1, self.body.height // self.pitch)

    # -- selection and scrolling ---------------------------------------------------------
    def select(self, index: int) -> None:
        if self.count == 0:
            self.selected = 0
            return
        self.selected = max(0, min(index, self.count - 1))
        self.show(self.selected)

    def show(self, index: int) -> None:
        """Scroll just enough for row ``index`` to be wholly in view."""
        top = index * self.pitch
        if top < self.scroll:
            self.scroll = top
        elif top + self.row_h > self.scroll + self.body.height:
            self.scroll = top + self.row_h - self.body.height
        self.clamp_scroll()

    def clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def scroll_by(self, pixels: int) -> None:
        self.scroll += pixels
        self.clamp_scroll()

    def key(self, key: int) -> None:
        """Up/Down, PgUp/PgDn, Home/End move the selection."""
        if self.count == 0:
            return
        before = self.selected
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.page(), pygame.K_PAGEDOWN: self.page()}
        if key in steps:
            self.select(self.selected + steps[key])
        elif key == pygame.K_HOME:
            self.select(0)
        elif key == pygame.K_END:
            self.select(self.count - 1)
        if self.selected != before:
            self.ctx.sounds.play("hover")

    # -- input ------------------------------------------------------------------------------
    def activate(self) -> None:
        self.scene.load_selected()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            row = self.row_at(event.pos)
            if row is not None and row != self.hover_row:
                self.ctx.sounds.play("hover")
            self.hover_row = row
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is None:
                return False
            self.scene.focus.focus(self)
            if self.double_click.click(row, self.selected):
                self.scene.load_selected()
                return True
            self.ctx.sounds.play("click")
            self.select(row)
            return True
        return False

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        panel(surface, self.rect, fill=palette.BOARD, alpha=220, shadow=self.scene.services.shadows)
        if self.count == 0:
            self.scene.draw_empty(surface, self.rect)
            return
        self.clamp_scroll()
        self.cards.thumbnails.new_frame()
        body = self.body
        clip = surface.get_clip()
        surface.set_clip(body)
        for index, game in enumerate(self.scene.games):
            row = self.row_rect(index)
            if row.bottom < body.top or row.top > body.bottom:
                continue
            self._draw_row(surface, row, index, game)
        surface.set_clip(clip)
        if self.max_scroll() > 0:
            self._draw_scrollbar(surface)

    def _draw_row(self, surface: pygame.Surface, row: pygame.Rect, index: int, game: SavedGame) -> None:
        self.cards.draw(surface, row, game, self.scene.summaries[index], selected=index == self.selected,
                        hovered=index == self.hover_row, lit=self.focused and self.ctx.keyboard_mode)

    def _draw_scrollbar(self, surface: pygame.Surface) -> None:
        body = self.body
        track = pygame.Rect(self.rect.right - 8, body.y, 4, body.height)
        scrollbar(surface, track, body.height, self.content_height(), self.scroll, palette.PANEL, palette.PANEL_BORDER)


class LoadScene(Scene):
    """The saved games of the saves folder, with Load, Delete and Browse…."""

    name = "load"
    title = N_("Saved games")

    def __init__(self, services: "Services", directory: Path | None = None) -> None:
        super().__init__(services)
        self.directory = directory if directory is not None else saves_dir()
        self.games: list[SavedGame] = []
        self.summaries: list[Summary | None] = []
        self.folder_problem = ""
        self.list = SaveList(self)
        self.load_btn = Button(services, N_("Load"), self.load_selected, wid="load", shortcut="Enter", style="primary",
                               tooltip=N_("Load the chosen game (Enter); the game on the play screen is replaced"))
        self.delete_btn = Button(services, N_("Delete"), self.ask_delete, wid="delete", shortcut="Del", style="danger",
                                 tooltip=N_("Delete the chosen file from the disk (Delete); asks first"))
        self.browse_btn = Button(services, N_("Browse…"), self.browse, wid="browse", shortcut="B",
                                 tooltip=N_("Open a saved game from another folder (B)"))
        self.review_btn = Button(services, N_("Review"), self.review_selected, wid="review", shortcut="V",
                                 tooltip=N_("Step through the chosen game with the engine's verdict on each move (V)"))
        self.back_btn = self.back_button()
        self.refresh()
        self.focus.set([self.list, self.back_btn, self.delete_btn, self.browse_btn, self.review_btn, self.load_btn],
                       focus=self.list if self.games else self.browse_btn)

    @property
    def animating(self) -> bool:
        """Besides the controls easing: cards in view still waiting for their pictures."""
        return super().animating or THUMBNAILS.waiting

    # -- the folder --------------------------------------------------------------------------
    def refresh(self, keep: Path | None = None) -> None:
        """Read the folder again; select ``keep`` if it is still there, else the same place."""
        self.games, self.folder_problem = scan_saves(self.directory)
        now = _dt.datetime.now()
        self.summaries = [summary(g, now, self._label_for(g)) if g.loadable else None for g in self.games]
        paths = [g.path for g in self.games]
        self.list.select(paths.index(keep) if keep in paths else self.list.selected)
        self._update_buttons()
        current = self.focus.current
        if current is not None and not current.can_focus:   # the list emptied, or Delete has nothing left
            self.focus.focus(self.list if self.list.can_focus else self.browse_btn)

    def _label_for(self, game: SavedGame) -> Callable[[Player], str]:
        """How rows name a saved game's bots: as the play screen will (a bot saved by
        its class name goes by its own display name; one no longer installed says so,
        and the play screen seats a stand-in)."""
        game_id = game.match.state.game_id if game.match is not None else ""

        def label(player: Player) -> str:
            if not player.is_bot:
                return player.label
            try:
                spec = self.services.config.bot_spec(game_id, player.bot or player.label, self.services.registry)
            except BotChoiceError:
                installed = self.services.registry.find(player.bot or player.label) is not None
                return "{label} ({why})".format(label=_(player.label),
                                                why=_("cannot play here") if installed else _("not installed"))
            return _(spec.label) if player.label == player.bot else _(player.label)

        return label

    @property
    def selected_game(self) -> SavedGame | None:
        if not self.games:
            return None
        return self.games[self.list.selected]

    def _update_buttons(self) -> None:
        game = self.selected_game
        self.load_btn.enabled = game is not None and game.loadable
        self.review_btn.enabled = game is not None and game.loadable
        self.delete_btn.enabled = game is not None

    # -- commands ------------------------------------------------------------------------------
    def load_selected(self) -> None:
        game = self.selected_game
        if game is None:
            self.services.sounds.play("error")
            return
        if not game.loadable:
            self.services.sounds.play("error")
            self.services.toasts.show(_("{name} cannot be loaded: {problem}").format(name=game.path.name, problem=game.problem_detail),
                                      "error", seconds=6)
            return
        if not open_saved_game(self.services, game.path):
            self.refresh(keep=game.path)   # it changed since it was listed: show why now

    def review_selected(self) -> None:
        game = self.selected_game
        if game is None or not game.loadable:
            self.services.sounds.play("error")
            return
        if not open_saved_game(self.services, game.path, review=True):
            self.refresh(keep=game.path)

    def ask_delete(self) -> None:
        game = self.selected_game
        if game is None:
            self.services.sounds.play("error")
            return

        self.services.dialogs.confirm(
            _("Delete saved game"),
            (_("Delete the saved game {name} from the disk? This cannot be undone.") if game.loadable else
             _("Delete the file {name} from the disk? This cannot be undone.")).format(name=game.path.name),
            _("Delete"),
            lambda: self.delete(game.path),
        )

    def delete(self, path: Path) -> None:
        """Remove ``path`` (already confirmed) and list the folder again."""
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as err:
            self.services.sounds.play("error")
            self.services.dialogs.message(_("Could not delete the file"), f"{path}: {err.strerror or err}")
            return
        self.services.toasts.show(_("Deleted {name}").format(name=path.name), "good")
        self.refresh()

    def browse(self) -> None:
        """The file dialog, for a game saved outside the saves folder."""
        self.services.dialogs.choose_file(_("Open a saved game"), self.directory, self._browsed)

    def _browsed(self, path: Path) -> None:
        open_saved_game(self.services, path)

    # -- input ---------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.list.scroll_by(-event.y * self.list.pitch // 2)
            return
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.delete_btn.activate()
                return
            if (event.key == pygame.K_b and not ctrl) or (event.key == pygame.K_o and ctrl):
                self.browse_btn.activate()
                return
            if event.key == pygame.K_v and not ctrl:
                self.review_btn.activate()
                return
            if event.key in LIST_KEYS and (self.focus.current is self.list or event.key not in DIRECTION_KEYS):
                self.services.keyboard_mode = True
                if self.focus.current is not self.list and self.list.can_focus:
                    self.focus.focus(self.list)
                self.list.key(event.key)
                self._update_buttons()
                return
        super().handle_event(event)
        self._update_buttons()

    # -- layout and drawing ----------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        px = self.services.window.px
        box_w = min(px(980), width - 64)
        left = (width - box_w) // 2
        button_h = px(46)
        buttons_y = height - 24 - button_h
        self.back_btn.rect = pygame.Rect(left, buttons_y, px(110), button_h)
        x = left + box_w
        for button, button_w in ((self.load_btn, 130), (self.review_btn, 125), (self.browse_btn, 140),
                                 (self.delete_btn, 130)):
            button.rect = pygame.Rect(x - px(button_w), buttons_y, px(button_w), button_h)
            x -= px(button_w) + 12
        top = self.header_bottom(height) + 8
        # A band left between the list and the buttons: where toasts go (``Scene.toast_room``).
        self.list.rect = pygame.Rect(left, top, box_w, max(0, buttons_y - px(TOAST_BAND) - top))
        self.list.select(self.list.selected)

    def draw_content(self, surface: pygame.Surface) -> None:
        width = surface.get_width()
        font = self.services.fonts.text(17)
        self.draw_header(surface, _("Saved games"), fit_left(font, self.subtitle(), width - 80))

    def subtitle(self) -> str:
        """How many games, newest first; the folder only when it is not the saves folder."""
        count = sum(game.loadable for game in self.games)
        games = _("No saved games") if count == 0 else ngettext("{n} saved game", "{n} saved games", count).format(
            n=number(count))
        if self.directory != saves_dir():
            return _("{games}, newest first, from {folder}").format(games=games, folder=self.directory)
        return _("{games}, newest first").format(games=games) if count > 1 else games

    def draw_empty(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """What the list shows when there is nothing to load."""
        fonts = self.services.fonts
        if self.folder_problem:
            lines = wrap_text(fonts.text(16), self.folder_problem, box.width - 60)
            y = box.centery - len(lines) * 11
            for line in lines:
                y = text(surface, fonts.text(16), line, palette.WARNING, (box.centerx, y), "midtop").bottom
            return
        text(surface, fonts.display(26), _("No saved games yet"), palette.TEXT, (box.centerx, box.centery - 22), "center")
        hint = _("Save a game with Ctrl+S on the play screen; Browse… opens one from another folder.")
        y = box.centery + 16 - fonts.text(16).get_linesize() // 2
        for line in wrap_text(fonts.text(16), hint, box.width - 40)[:3]:      # two lines in a longer language
            y = text(surface, fonts.text(16), line, palette.TEXT_MUTED, (box.centerx, y), "midtop").bottom
