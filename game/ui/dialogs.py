"""The arcade's own dialogs: a message, a question, choosing a file, saving as.

``Dialogs`` (``services.dialogs``) is the whole interface:

- ``message(title, text)``: tell the player something until they close it;
- ``confirm(title, question, action, on_confirm, on_cancel=None)``: ask
  before doing something that cannot be undone;
- ``choose_file(title, folder, on_pick, suffix=".txt")``: a folder's
  sub-folders and files (those ending in ``suffix``) to pick one from;
- ``save_as(title, path, on_save, suffix=".txt", creatable=None)``: a name
  field (``path``'s name suggested) with its folder written above it and the
  files already there listed to pick; replacing one asks first;
- ``menu(title, entries, note="")``: a column of choices (``MenuEntry``), each
  pressed by a click, Enter or its own key; Esc closes it (the play screen's
  game menu).

They are drawn like the rest of the arcade (its panels, buttons and fonts,
scaled with the window) and are modal: while one is open the screen under it
gets no input. Keyboard first: the focus ring always shows, Enter does what
the focused control does (the gold button, the default, has the focus when a
dialog opens, or the text field whose Enter is the same), Esc cancels, Tab and
Shift+Tab or the arrows move between the controls (the mouse hovering a
button lights it without taking the focus; a click focuses what it clicks); in a file list Up/Down,
PgUp/PgDn and Home/End choose, Enter opens a folder or takes a file and
Backspace goes up a folder. A dialog is as large as its content, within the
window. A dialog opened while another is open goes on top of it, and closing
it shows the one below again (the question "Replace it?" over Save as).

A key that opens or closes a dialog does not type its letter in what has the
input next: the ``TEXTINPUT`` that comes with that ``KEYDOWN`` goes nowhere
(the S of the game menu's Save does not replace the name Save as suggests).

A path typed that cannot be used (no such folder, no such file) is said
through ``notify`` (a toast, which the app puts beside the dialog) and the
dialog stays open. A folder's rows are ``game.ui.filelist``'s.

Its 500-odd lines are the dialogs' one stack and the four kinds that share it;
the file list, the text field and focus are in their own modules.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable, ClassVar

import pygame

from game.lang import _, N_
from game.ui import palette
from game.ui.draw import Fonts, clean_text, fit_text, mix, panel, text, wrap_text
from game.ui.filelist import Entry, FileList, list_folder, path_lines
from game.ui.focus import FocusGroup
from game.ui.textfield import TextField
from game.ui.widgets import Button, SoundPlayer, Widget

class DialogContext:
    """What the dialogs' controls are drawn with: the fonts and sounds, and the
    focus ring always on (a dialog is keyboard-first, the mouse does not hide it)."""

    def __init__(self, fonts: Fonts, sounds: SoundPlayer) -> None:
        self.fonts = fonts
        self.sounds = sounds

    @property
    def keyboard_mode(self) -> bool:
        return True

    @keyboard_mode.setter
    def keyboard_mode(self, value: bool) -> None:
        """The focus ring stays on whatever the last input was."""

    def px(self, length: float) -> int:
        """A length given for the 1280×800 window, at the window's scale."""
        return round(length * self.fonts.scale)


class Dialog:
    """One dialog: a title, its content and a row of buttons, in a panel at the centre.

    Subclasses say what is inside (``content_size``, ``place_content``,
    ``draw_content``) and which buttons close it; ``cancel`` is Esc.
    """

    kind: ClassVar[str] = ""

    def __init__(self, owner: "Dialogs", title: str) -> None:
        self.owner = owner
        self.ctx = owner.ctx
        self.title = clean_text(title)
        self.focus = FocusGroup(self.ctx)
        self.focus.follow_hover = False
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []

    # -- what a subclass gives ------------------------------------------------------------
    def controls(self) -> list[Widget]:
        """The focusable controls in Tab order (default: the buttons)."""
        return list(self.buttons)

    def first_focus(self) -> Widget | None:
        """The control focused when the dialog opens: the default button (the last)."""
        return self.buttons[-1] if self.buttons else None

    def content_size(self, limit: pygame.Rect) -> tuple[int, int]:
        """The width the content would like and its height, within ``limit``."""
        return 0, 0

    def place_content(self, area: pygame.Rect) -> None:
        """Lay the content out in ``area``."""

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Draw the content in ``area`` (the controls are drawn after it)."""

    def cancel(self) -> None:
        """Esc: close without doing anything."""
        self.owner.close(self)

    @property
    def text(self) -> str:
        """The dialog's words (its message or question), for tests and logs."""
        return ""

    # -- layout -----------------------------------------------------------------------------
    def _button_width(self, button: Button) -> int:
        font = self.ctx.fonts.bold(button.font_size)
        cap = self.ctx.fonts.text(max(11, button.font_size - 5)).size(button.shortcut)[0] + 30 if button.shortcut else 0
        return max(self.ctx.px(128), font.size(button.label)[0] + cap + self.ctx.px(44))

    def layout(self, screen: pygame.Rect) -> None:
        """Size the dialog to its content (within the window) and centre it."""
        px = self.ctx.px
        pad = px(26)
        title_font = self.ctx.fonts.display(24)
        limit = pygame.Rect(0, 0, min(px(760), screen.width - 2 * px(24)) - 2 * pad, 0)
        button_h = px(50)
        head = title_font.get_linesize() + px(18)
        row_h = button_h + px(22) if self.buttons else 0
        limit.height = screen.height - 2 * px(16) - 2 * pad - head - row_h
        content_w, content_h = self.content_size(limit)
        widths = [self._button_width(b) for b in self.buttons]
        row_w = sum(widths) + px(12) * max(0, len(widths) - 1)
        inner_w = min(limit.width, max(content_w, row_w, title_font.size(self.title)[0], px(300)))
        height = pad + head + content_h + row_h + pad
        self.rect = pygame.Rect(0, 0, inner_w + 2 * pad, height)
        self.rect.center = screen.center
        self.rect.clamp_ip(screen)
        self.title_pos = (self.rect.x + pad, self.rect.y + pad)
        self.content_rect = pygame.Rect(self.rect.x + pad, self.rect.y + pad + head, inner_w, content_h)
        self.place_content(self.content_rect)
        x = self.rect.right - pad
        y = self.rect.bottom - pad - button_h
        scale = min(1.0, inner_w / max(1, row_w))
        for button, width in reversed(list(zip(self.buttons, widths))):
            width = int(width * scale)
            button.rect = pygame.Rect(x - width, y, width, button_h)
            x -= width + px(12)
        self.focus.set(self.controls())

    # -- input and drawing -------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.focus.composing:
            self.ctx.sounds.play("click")
            self.cancel()
            return
        self.focus.handle_event(event)

    def update(self, dt: float) -> None:
        self.focus.update(dt)

    @property
    def typing(self) -> TextField | None:
        """The field typed text goes into now (``TextInput`` keeps the system's text input on for it), or None."""
        return self.focus.typing

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, fill=palette.PANEL, border=mix(palette.PANEL_BORDER, palette.ACCENT, 0.35),
              alpha=255, shadow=self.owner.shadows)
        font = self.ctx.fonts.display(24)
        title = text(surface, font, fit_text(font, self.title, self.content_rect.width), palette.TEXT, self.title_pos)
        bar = pygame.Rect(title.x, title.bottom + self.ctx.px(4), min(title.width, self.ctx.px(90)), self.ctx.px(3))
        pygame.draw.rect(surface, palette.ACCENT, bar, border_radius=2)
        self.draw_content(surface, self.content_rect)
        self.focus.draw(surface)


class MessageDialog(Dialog):
    """Something the player should read (an error, a warning), and OK."""

    kind = "message"

    def __init__(self, owner: "Dialogs", title: str, message: str) -> None:
        super().__init__(owner, title)
        self.message = "\n".join(clean_text(line) for line in message.split("\n"))
        self.lines: list[str] = []
        self.buttons = [Button(self.ctx, N_("OK"), self.cancel, wid="ok", shortcut="Enter", style="primary")]

    @property
    def text(self) -> str:
        return self.message

    def content_size(self, limit: pygame.Rect) -> tuple[int, int]:
        font = self.ctx.fonts.text(17)
        width = min(limit.width, max(self.ctx.px(380), self.ctx.px(560)))
        self.lines = wrap_text(font, self.message, width)
        widest = max((font.size(line)[0] for line in self.lines), default=0)
        shown = max(1, min(len(self.lines), limit.height // font.get_linesize()))
        if shown < len(self.lines):
            self.lines = self.lines[: shown - 1] + [fit_text(font, self.lines[shown - 1] + " …", width)]
        return widest, shown * font.get_linesize()

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        font = self.ctx.fonts.text(17)
        y = area.y
        for line in self.lines:
            text(surface, font, line, palette.TEXT, (area.x, y))
            y += font.get_linesize()


class ConfirmDialog(MessageDialog):
    """A question with Cancel and the action ('Replace', 'Delete', 'Quit'); the action is the default."""

    kind = "confirm"

    def __init__(self, owner: "Dialogs", title: str, question: str, action: str,
                 on_confirm: Callable[[], None], on_cancel: Callable[[], None] | None = None) -> None:
        super().__init__(owner, title, question)
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.buttons = [
            Button(self.ctx, N_("Cancel"), self.cancel, wid="cancel", shortcut="Esc", style="ghost"),
            Button(self.ctx, clean_text(action), self.confirm, wid="confirm", shortcut="Enter", style="primary"),
        ]

    def confirm(self) -> None:
        self.owner.close(self)
        self.on_confirm()

    def cancel(self) -> None:
        self.owner.close(self)
        if self.on_cancel is not None:
            self.on_cancel()


class FileDialog(Dialog):
    """A folder's files to pick one from (``choose_file``), or a name to save under
    (``save_as``): the folder written out, its sub-folders and files listed, a name
    field, Cancel and the action."""

    def __init__(self, owner: "Dialogs", title: str, folder: Path, on_pick: Callable[[Path], None], *,
                 saving: bool, suffix: str, name: str = "", creatable: Path | None = None) -> None:
        super().__init__(owner, title)
        self.saving = saving
        self.on_pick = on_pick
        self.suffix = suffix
        self.creatable = creatable
        self.folder = folder
        self._filling = False
        self.path_shown: list[str] = []
        self._heights = (0, 0, 0, 0)
        self.list = FileList(self)
        self.field = TextField(self.ctx, name, on_submit=self.take_typed, wid="name", font_size=17)
        if saving and name:
            self.field.set_text(name, select=(0, len(name)))    # typing replaces the suggestion
        self.buttons = [
            Button(self.ctx, N_("Cancel"), self.cancel, wid="cancel", shortcut="Esc", style="ghost"),
            Button(self.ctx, N_("Save") if saving else N_("Open"), self.take, wid="take", shortcut="Enter", style="primary"),
        ]
        self.show_folder(folder)

    @property
    def kind(self) -> str:  # type: ignore[override]
        return "save" if self.saving else "file"

    def controls(self) -> list[Widget]:
        if self.saving:
            return [self.field, self.list, *self.buttons]
        return [self.list, self.field, *self.buttons]

    def first_focus(self) -> Widget | None:
        return self.field if self.saving or not self.list.can_focus else self.list

    # -- the folder -------------------------------------------------------------------------
    def show_folder(self, folder: Path, select: Path | None = None) -> None:
        """List ``folder``; choose ``select`` in it, or (to open) its first file or folder."""
        self.folder = folder
        entries, problem = list_folder(folder, self.suffix)
        index = next((i for i, e in enumerate(entries) if e.path == select), None)
        if index is None and self.saving:     # the file of the suggested name, else the first row
            index = next((i for i, e in enumerate(entries) if e.name == self.field.text), 0)
        if index is None:
            index = next((i for i, e in enumerate(entries) if not e.folder),
                         next((i for i, e in enumerate(entries) if e.name != ".."), 0))
        self._filling = True
        self.list.fill(entries, problem, index)
        self._filling = False
        self.owner.relayout(self)

    def go_up(self) -> None:
        if self.folder.parent != self.folder:
            self.show_folder(self.folder.parent, select=self.folder)

    def chose(self, entry: Entry | None) -> None:
        """A row was chosen: a file's name goes into the name field (not while a
        folder is first listed when saving: the suggested name stays)."""
        if entry is None or entry.folder or (self.saving and self._filling):
            return
        self.field.set_text(entry.name)

    def open_entry(self, entry: Entry) -> None:
        """Enter or a double click on a row: into a folder, or take a file."""
        if entry.folder:
            self.show_folder(entry.path, select=self.folder if entry.name == ".." else None)
        else:
            self.field.set_text(entry.name)
            self.take_typed()

    # -- taking a path ------------------------------------------------------------------------
    def take(self) -> None:
        """The action button: the typed name, or the chosen row when nothing is typed."""
        if self.field.text.strip():
            self.take_typed()
        elif self.list.chosen is not None:
            self.open_entry(self.list.chosen)

    def take_typed(self) -> None:
        raw = self.field.text.strip()
        if not raw:
            if self.list.chosen is not None and not self.saving:
                self.open_entry(self.list.chosen)
            return
        path = Path(raw).expanduser()
        if not path.is_absolute():
            path = self.folder / path
        if path.is_dir():
            self.field.set_text("")
            self.show_folder(path)
            return
        path, problem = self.usable(path)
        if path is None:
            self.owner.notify(problem)
            return
        if self.saving and path.exists():
            self.owner.confirm(_("Replace saved game"), _("{name} already exists in {folder}. Replace it with this game?").format(
                name=path.name, folder=path.parent), _("Replace"), lambda: self._picked(path))
            return
        self._picked(path)

    def usable(self, path: Path) -> tuple[Path | None, str]:
        """``path`` as it will be opened or written, or None and why it cannot be."""
        if not self.saving:
            return (path, "") if path.is_file() else (None, _("There is no file {path}").format(path=path))
        if self.suffix and not path.suffix:
            path = path.with_name(path.name + self.suffix)
        folder = path.parent
        if folder.is_dir():
            return path, ""
        if folder.exists():
            return None, _("{folder} is a file, not a folder").format(folder=folder)
        if self.creatable is not None and folder.is_relative_to(self.creatable):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                return None, _("The folder {folder} could not be made: {error}").format(folder=folder, error=err.strerror or err)
            return path, ""
        if self.creatable is not None:
            return None, _("There is no folder {folder}: choose one that exists, or a new one inside the saves folder").format(
                folder=folder)
        return None, _("There is no folder {folder}: choose one that exists").format(folder=folder)

    def _picked(self, path: Path) -> None:
        self.owner.close(self)
        self.on_pick(path)

    # -- layout and drawing ---------------------------------------------------------------------
    def _label_font(self) -> pygame.font.Font:
        return self.ctx.fonts.bold(13)

    def content_size(self, limit: pygame.Rect) -> tuple[int, int]:
        px = self.ctx.px
        width = limit.width
        label_h = self._label_font().get_linesize() + px(4)
        path_font = self.ctx.fonts.text(16)
        self.path_shown = path_lines(path_font, str(self.folder), width)
        folder_h = label_h + len(self.path_shown) * path_font.get_linesize()
        field_h = label_h + px(46)
        fixed = folder_h + px(14) + field_h + px(14) + label_h
        rows = max(3, len(self.list.entries) + (1 if self.list.problem else 0))
        room = max(self.list.row_h * 2, limit.height - fixed)
        list_h = min(rows * self.list.row_h, room - room % self.list.row_h if room > self.list.row_h else room)
        list_h = min(list_h, self.list.row_h * 9)
        self._heights = (label_h, folder_h, field_h, list_h)
        return width, fixed + list_h + px(4)

    def place_content(self, area: pygame.Rect) -> None:
        px = self.ctx.px
        label_h, folder_h, field_h, list_h = self._heights
        y = area.y + folder_h + px(14)
        if self.saving:
            self.field.rect = pygame.Rect(area.x, y + label_h, area.width, px(46))
            y += field_h + px(14)
            self.list.rect = pygame.Rect(area.x, y + label_h, area.width, list_h)
        else:
            self.list.rect = pygame.Rect(area.x, y + label_h, area.width, list_h)
            y += label_h + list_h + px(14)
            self.field.rect = pygame.Rect(area.x, y + label_h, area.width, px(46))
        self.list.keep_in_view()

    @property
    def typing(self) -> TextField | None:
        """The name field, whichever control has the focus: typing while the list has it goes there."""
        return self.field if self.focus.typing or self.focus.current is self.list else None

    def handle_event(self, event: pygame.event.Event) -> None:
        """As every dialog, and: the wheel scrolls the list; typing while the list has
        the focus goes into the name field."""
        if event.type == pygame.MOUSEWHEEL:
            self.list.handle_event(event)
            return
        if event.type == pygame.TEXTINPUT and self.focus.current is self.list:
            self.focus.focus(self.field)
            self.field.set_text("")
        super().handle_event(event)

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        label, px = self._label_font(), self.ctx.px
        path_font = self.ctx.fonts.text(16)
        text(surface, label, _("FOLDER"), palette.TEXT_MUTED, (area.x, area.y))
        y = area.y + label.get_linesize() + px(4)
        for line in self.path_shown:
            y = text(surface, path_font, line, palette.TEXT, (area.x, y)).top + path_font.get_linesize()
        files = _("SAVED GAMES HERE") if self.saving else _("FOLDERS AND SAVED GAMES")
        name = _("SAVE AS (A NAME, OR A PATH)") if self.saving else _("OR TYPE A FILE'S NAME OR PATH")
        text(surface, label, files, palette.TEXT_MUTED, (area.x, self.list.rect.y - label.get_linesize() - px(4)))
        text(surface, label, name, palette.TEXT_MUTED, (area.x, self.field.rect.y - label.get_linesize() - px(4)))


@dataclass(frozen=True)
class MenuEntry:
    """One choice of a menu dialog: its words, id, the key that presses it (shown
    as its keycap, ``key_name``) and what it does once the menu has closed."""

    label: str
    wid: str
    key: int
    key_name: str
    action: Callable[[], None]
    tooltip: str = ""
    enabled: bool = True


class MenuDialog(Dialog):
    """A column of choices under a title and a line of words (``note``): a click,
    Enter or an entry's key closes the menu and does what the entry does; Esc
    closes it. The first entry has the focus when it opens."""

    kind = "menu"

    def __init__(self, owner: "Dialogs", title: str, entries: list[MenuEntry], note: str = "") -> None:
        super().__init__(owner, title)
        self.note = clean_text(note)
        self.note_lines: list[str] = []
        self.entries = list(entries)
        self.choices = [Button(self.ctx, entry.label, self._chosen(entry), wid=entry.wid, shortcut=entry.key_name,
                               tooltip=entry.tooltip, style="primary" if index == 0 else "normal")
                        for index, entry in enumerate(self.entries)]
        for button, entry in zip(self.choices, self.entries):
            button.enabled = entry.enabled
        self._step = self._choice_height() + self.ctx.px(10)

    def _chosen(self, entry: MenuEntry) -> Callable[[], None]:
        def press() -> None:
            self.owner.close(self)
            entry.action()
        return press

    @property
    def text(self) -> str:
        return self.note

    def controls(self) -> list[Widget]:
        return list(self.choices)

    def first_focus(self) -> Widget | None:
        return next((b for b in self.choices if b.enabled), None)

    def _choice_height(self) -> int:
        return self.ctx.px(48)

    def content_size(self, limit: pygame.Rect) -> tuple[int, int]:
        px = self.ctx.px
        font = self.ctx.fonts.text(16)
        widest = max((self._button_width(b) for b in self.choices), default=0) + px(40)
        width = min(limit.width, max(px(340), widest))
        self.note_lines = wrap_text(font, self.note, width) if self.note else []
        gap = px(10)
        step = self._choice_height() + gap
        while len(self.choices) * step - gap > limit.height - len(self.note_lines) * font.get_linesize() and step > px(34):
            step -= px(4)
        self._step = step
        note_h = len(self.note_lines) * font.get_linesize() + (px(14) if self.note_lines else 0)
        return width, note_h + len(self.choices) * step - gap

    def place_content(self, area: pygame.Rect) -> None:
        px = self.ctx.px
        font = self.ctx.fonts.text(16)
        y = area.y + (len(self.note_lines) * font.get_linesize() + px(14) if self.note_lines else 0)
        height = min(self._choice_height(), self._step - px(6))
        for button in self.choices:
            button.rect = pygame.Rect(area.x, y, area.width, height)
            y += self._step

    def draw_content(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        font = self.ctx.fonts.text(16)
        y = area.y
        for line in self.note_lines:
            text(surface, font, line, palette.TEXT_MUTED, (area.x, y))
            y += font.get_linesize()

    def handle_event(self, event: pygame.event.Event) -> None:
        """As every dialog, and an entry's own key presses it."""
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            for button, entry in zip(self.choices, self.entries):
                if event.key == entry.key and button.enabled:
                    self.focus.focus(button)
                    button.activate()
                    return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.focus.draw_tooltip(surface)


class Dialogs:
    """The open dialogs (a stack: the top one has the input) and the calls that open them.

    ``notify`` says what a dialog could not use (a toast); ``shadows`` draws
    the panel's soft shadow.
    """

    def __init__(self, fonts: Fonts, sounds: SoundPlayer, notify: Callable[[str], None], shadows=None) -> None:
        self.ctx = DialogContext(fonts, sounds)
        self.notify = notify
        self.shadows = shadows
        self.stack: list[Dialog] = []
        self.screen = pygame.Rect(0, 0, 0, 0)
        #: The dialog on top when the last key went down (None: none was open), and whether
        #: that key's typed text is still to come (``handle_event``).
        self._key_dialog: Dialog | None = None
        self._key_text_due = False
        self._key_down = 0

    # -- what is open ----------------------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        return bool(self.stack)

    @property
    def current(self) -> Dialog | None:
        """The dialog on top (the one that has the input), or None."""
        return self.stack[-1] if self.stack else None

    @property
    def kind(self) -> str:
        """'message', 'confirm', 'file' (choose a file), 'save' (save as), or '' when none is open."""
        return self.current.kind if self.current is not None else ""

    # -- opening ------------------------------------------------------------------------------------
    def message(self, title: str, message: str) -> None:
        """Tell the player something (an error, a warning) until they close it."""
        self._open(MessageDialog(self, title, message))

    def confirm(self, title: str, question: str, action: str, on_confirm: Callable[[], None],
                on_cancel: Callable[[], None] | None = None) -> None:
        """Ask before doing something that cannot be undone: Enter (the action's button)
        calls ``on_confirm``, Esc or Cancel ``on_cancel``."""
        self._open(ConfirmDialog(self, title, question, action, on_confirm, on_cancel))

    def choose_file(self, title: str, folder: Path, on_pick: Callable[[Path], None], suffix: str = ".txt") -> None:
        """Pick a file (one ending in ``suffix``) starting in ``folder``; ``on_pick`` gets it."""
        self._open(FileDialog(self, title, folder, on_pick, saving=False, suffix=suffix))

    def save_as(self, title: str, path: Path, on_save: Callable[[Path], None], suffix: str = ".txt",
                creatable: Path | None = None) -> None:
        """A name to save under, ``path``'s suggested; ``on_save`` gets the path once it is
        sure (a file there is replaced only after asking). ``suffix`` is added to a name
        typed without one; a missing folder inside ``creatable`` (the saves folder) is made."""
        self._open(FileDialog(self, title, path.parent, on_save, saving=True, suffix=suffix, name=path.name,
                              creatable=creatable))

    def menu(self, title: str, entries: list[MenuEntry], note: str = "") -> MenuDialog:
        """A column of choices (``MenuEntry``) under ``title`` and ``note``; returns the dialog."""
        dialog = MenuDialog(self, title, entries, note)
        self._open(dialog)
        return dialog

    def _open(self, dialog: Dialog) -> None:
        self.stack.append(dialog)
        self.relayout(dialog)
        dialog.focus.focus(dialog.first_focus())

    def relayout(self, dialog: Dialog) -> None:
        """Lay ``dialog`` out again (its content changed, or the window did)."""
        if dialog in self.stack:
            surface = pygame.display.get_surface()
            screen = surface.get_rect() if surface is not None else pygame.Rect(0, 0, 1280, 800)
            self.screen = screen
            dialog.layout(screen)

    def close(self, dialog: Dialog | None = None) -> None:
        """Close ``dialog`` (by default every dialog)."""
        if dialog is None:
            self.stack.clear()
        elif dialog in self.stack:
            self.stack.remove(dialog)

    # -- the loop --------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Input for the dialog on top; True while a dialog is open (the screen gets none),
        and for the typed text of a key that opened or closed a dialog (it goes nowhere).

        Every event passes here first (the app's loop), an open dialog or not."""
        dialog = self.current
        if event.type == pygame.KEYDOWN:
            self._key_dialog, self._key_text_due, self._key_down = dialog, True, event.key
        elif event.type == pygame.TEXTINPUT:
            due, self._key_text_due = self._key_text_due, False
            if due and self._key_dialog is not dialog:
                return True
        elif event.type != pygame.KEYUP or event.key == self._key_down:
            self._key_text_due = False     # that key's text, if it has one, came already
        if dialog is None:
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and not dialog.rect.collidepoint(event.pos):
            return True
        dialog.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        for dialog in self.stack:
            dialog.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Dim the screen and draw the open dialogs, the top one last (a shade between them)."""
        if not self.stack:
            return
        screen = surface.get_rect()
        if screen != self.screen:
            self.screen = screen
            for dialog in self.stack:
                dialog.layout(screen)
        for dialog in self.stack:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((*palette.BACKGROUND_TOP, 170))
            surface.blit(shade, (0, 0))
            dialog.draw(surface)

    def toast_room(self, screen: pygame.Rect) -> pygame.Rect:
        """Where toasts go while a dialog is open: the taller of the strips above and
        below it (the whole screen if there is none)."""
        dialog = self.current
        if dialog is None:
            return pygame.Rect(screen)
        above = pygame.Rect(screen.x, screen.y, screen.width, dialog.rect.top - screen.y)
        below = pygame.Rect(screen.x, dialog.rect.bottom, screen.width, screen.bottom - dialog.rect.bottom)
        return max(above, below, key=lambda room: room.height)
