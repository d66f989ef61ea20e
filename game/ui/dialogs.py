"""Modal dialogs drawn by pygame_gui: messages, confirmations and file pickers.

One dialog at a time sits above the scenes; while it is open the scene gets
no input. The keyboard works as everywhere else: Enter confirms (or picks
the file typed in the path line), Esc closes. A typed path that cannot be
used (no such folder, no such file) is explained through ``notify`` (a
toast above the dialog) and the picker stays open. The look comes from
``theme.build_theme``.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Callable

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog, UIFileDialog, UIMessageWindow

from game.ui import palette
from game.ui.draw import clean_text, drawable


class FileDialog(UIFileDialog):
    """pygame_gui's file picker, leaving out names its fonts cannot draw.

    A file name that is not valid UTF-8 reaches Python with lone surrogates
    (and a name may hold control characters); pygame_gui's text rendering
    raises on them. Such a file is still listed by the Load screen, which
    cleans the name for display.
    """

    def update_current_file_list(self, should_try_again: bool = True) -> None:
        super().update_current_file_list(should_try_again)
        self.current_file_list = [
            item for item in self.current_file_list if drawable(item[0] if isinstance(item, tuple) else item)
        ]


class Dialogs:
    """Opens dialogs and routes their results back to the caller's callbacks."""

    def __init__(self, manager: pygame_gui.UIManager, notify: Callable[[str], None]) -> None:
        self.manager = manager
        self.notify = notify
        self.window: pygame_gui.elements.UIWindow | None = None
        self.kind = ""
        self._on_confirm: Callable[[], None] | None = None
        self._on_pick: Callable[[Path], None] | None = None
        self._must_exist = False
        self._directory = Path.cwd()
        self._suffix = ""
        self._creatable: Path | None = None

    @property
    def is_open(self) -> bool:
        return self.window is not None and self.window.alive()

    def _rect(self, width: int, height: int) -> pygame.Rect:
        screen = pygame.Rect((0, 0), self.manager.window_resolution)
        rect = pygame.Rect(0, 0, min(width, screen.width - 20), min(height, screen.height - 20))
        rect.center = screen.center
        return rect

    def close(self) -> None:
        if self.window is not None and self.window.alive():
            self.window.kill()
        self.window = None
        self.kind = ""
        self._on_confirm = self._on_pick = None

    def message(self, title: str, message: str) -> None:
        """Tell the player something (an error, a warning) until they close it."""
        self.close()
        title, message = clean_text(title), "\n".join(clean_text(line) for line in message.split("\n"))
        body = html.escape(message).replace("\n", "<br>")
        lines = sum(1 + len(part) // 56 for part in message.split("\n"))
        height = max(200, min(440, 140 + 22 * lines))
        self.window = UIMessageWindow(self._rect(560, height), body, self.manager, window_title=title)
        self.kind = "message"

    def confirm(self, title: str, question: str, action: str, on_confirm: Callable[[], None]) -> None:
        """Ask before doing something that cannot be undone; Enter confirms, Esc cancels."""
        self.close()
        self.window = UIConfirmationDialog(
            self._rect(460, 200),
            html.escape(clean_text(question)),
            self.manager,
            window_title=clean_text(title),
            action_short_name=clean_text(action),
        )
        self.kind = "confirm"
        self._on_confirm = on_confirm

    def pick_file(
        self,
        title: str,
        initial: Path,
        on_pick: Callable[[Path], None],
        must_exist: bool,
        suffix: str = "",
        creatable: Path | None = None,
    ) -> None:
        """A file picker starting at ``initial``; Enter takes the typed path.

        A bare name typed in the path line is a file in the folder the picker
        opened in (not the program's working folder); ``suffix`` (".txt") is
        added to a name typed without one. A missing folder inside
        ``creatable`` (the saves folder) is made when the path is taken.
        """
        self.close()
        dialog = FileDialog(
            self._rect(640, 480),
            self.manager,
            window_title=title,
            initial_file_path=str(initial),
            allow_existing_files_only=must_exist,
        )
        dialog.file_path_text_line.focus()
        self.manager.set_focus_set(dialog.file_path_text_line)
        self.window = dialog
        self.kind = "file"
        self._on_pick = on_pick
        self._must_exist = must_exist
        self._directory = initial if initial.is_dir() else initial.parent
        self._suffix = suffix
        self._creatable = creatable

    def typed_path(self) -> tuple[Path | None, str]:
        """The file named in the picker's text line, or why it cannot be used
        (``(None, '')``: nothing to say, e.g. a folder, which the picker opens)."""
        if self.kind != "file" or self.window is None:
            return None, ""
        raw = self.window.file_path_text_line.get_text().strip()
        if not raw:
            return None, ""
        path = Path(raw).expanduser()
        if not path.is_absolute():
            path = self._directory / path
        if path.is_dir():
            return None, ""
        if self._must_exist:
            return (path, "") if path.is_file() else (None, f"There is no file {path}")
        if self._suffix and not path.suffix:
            path = path.with_name(path.name + self._suffix)
        folder = path.parent
        if folder.is_dir():
            return path, ""
        if folder.exists():
            return None, f"{folder} is a file, not a folder"
        if self._creatable is not None and folder.is_relative_to(self._creatable):
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as err:
                return None, f"The folder {folder} could not be made: {err.strerror or err}"
            return path, ""
        where = ", or a new one inside the saves folder" if self._creatable is not None else ""
        return None, f"There is no folder {folder}: choose one that exists{where}"

    def toast_room(self, screen: pygame.Rect) -> pygame.Rect:
        """Where toasts go while a dialog is open: above it, or anywhere if there is no room."""
        if not self.is_open or self.window is None:
            return pygame.Rect(screen)
        top = self.window.rect.top
        return pygame.Rect(screen.x, screen.y, screen.width, top - screen.y) if top - screen.y >= 70 else pygame.Rect(screen)

    def _pick(self, path: Path) -> None:
        callback = self._on_pick
        self.close()
        if callback is not None:
            callback(path)

    def _confirmed(self) -> None:
        callback = self._on_confirm
        self.close()
        if callback is not None:
            callback()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Results and keys of the open dialog; True while a dialog holds the input."""
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.window:
            self.window = None
            self.kind = ""
            return True
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and event.ui_element is self.window:
            self._confirmed()
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and event.ui_element is self.window:
            self._pick(Path(event.text))
            return True
        if not self.is_open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.kind == "confirm":
                    self._confirmed()
                elif self.kind == "message":
                    self.close()
                elif self.kind == "file":
                    path, problem = self.typed_path()
                    if path is not None:
                        self._pick(path)
                    elif problem:
                        self.notify(problem)
        return True

    def draw_backdrop(self, surface: pygame.Surface) -> None:
        """Dim the scene behind an open dialog."""
        if self.is_open:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((*palette.BACKGROUND_TOP, 170))
            surface.blit(shade, (0, 0))
