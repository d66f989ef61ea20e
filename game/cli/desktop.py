"""``--install-desktop-entry``: a launcher for Linux desktops (the freedesktop.org way).

It writes ``board-arcade.desktop`` into ``$XDG_DATA_HOME/applications`` and
the icon into ``$XDG_DATA_HOME/icons/hicolor`` (256-pixel PNG and scalable
SVG), ``$XDG_DATA_HOME`` being ``~/.local/share`` when unset: the player's
own menus, no administrator needed. The launcher runs the command that
installed it: the checkout's ``main.py`` with this Python, or the
``board-arcade`` program of the installation (``pip`` or ``pipx install .``).
Its ``StartupWMClass`` is the window's class (``game.paths.APP_ID``, which
``game/ui/window.py`` gives the window), so the desktop shows the open window
under the launcher.
Running it again writes the same files over the old ones.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from game.cli.common import WRITE_FAILED
from game.paths import APP_ID, ASSETS_DIR, ROOT
from game.store.jsonfile import atomic_write_text

#: The icon in its two sizes (``assets/icons/make_icon.py`` draws them).
ICONS = ASSETS_DIR / "icons"


def data_home() -> Path:
    """``$XDG_DATA_HOME``, or ``~/.local/share`` when it is unset or not absolute (as the spec says)."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local" / "share"


def exec_word(word: str) -> str:
    """One word of a desktop entry's ``Exec`` line: as it is, or in double quotes (double
    quote, backquote, dollar and backslash escaped) when it holds a character the spec
    reserves; ``%`` doubled either way, and the backslashes doubled again, as a desktop
    file's string values are."""
    word = word.replace("%", "%%")
    if word and not any(c in word for c in ' \t\n"\'\\><~|&;$*?#()`='):
        return word
    quoted = "".join("\\" + c if c in '"`$\\' else c for c in word)
    return '"' + quoted.replace("\\", "\\\\") + '"'


def launch_command() -> list[str]:
    """How the launcher starts the arcade: this Python with the checkout's ``main.py``, or,
    installed, the ``board-arcade`` program beside this Python (a virtual environment's,
    pipx's) or on the PATH, else this Python running the installed package."""
    main_py = ROOT / "main.py"
    if main_py.is_file():
        return [sys.executable, str(main_py)]
    for candidate in (Path(sys.executable).parent / APP_ID, shutil.which(APP_ID)):
        if candidate is not None and Path(candidate).is_file():
            return [str(candidate)]
    return [sys.executable, "-m", "board_arcade"]


def desktop_entry(command: list[str]) -> str:
    """The launcher's text, running ``command``."""
    return "\n".join([
        "[Desktop Entry]",
        "Type=Application",
        "Version=1.0",
        "Name=Board Arcade",
        "GenericName=Board games",
        "Comment=Classic board games against bots of every strength, at one screen or on your network",
        f"Exec={' '.join(exec_word(word) for word in command)}",
        f"Icon={APP_ID}",
        "Terminal=false",
        "Categories=Game;BoardGame;",
        "Keywords=tic-tac-toe;connect four;reversi;othello;gomoku;chinese checkers;",
        f"StartupWMClass={APP_ID}",
        "",
    ])


def install_desktop_entry(args: argparse.Namespace) -> int:
    """Write the launcher and its icon into the player's data folder, saying where;
    ``WRITE_FAILED`` if a file could not be written."""
    home = data_home()
    files = {
        home / "applications" / f"{APP_ID}.desktop": desktop_entry(launch_command()),
        home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg": ICONS / f"{APP_ID}.svg",
        home / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png": ICONS / f"{APP_ID}.png",
    }
    for path, content in files.items():
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if isinstance(content, Path):
                shutil.copyfile(content, path)
            else:
                atomic_write_text(path, content)
        except OSError as err:
            print(f"{args.prog}: could not write {path}: {err}", file=sys.stderr)
            return WRITE_FAILED
        print(f"wrote {path}")
    print("Board Arcade is in your desktop's menu of applications (under Games).")
    return 0
