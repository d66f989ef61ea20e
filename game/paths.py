"""Where the program's own files are: the bots, ``config.yaml`` and ``assets/``.

Run from a source checkout (``python main.py``), all of them sit in the project
folder beside the ``game`` package. Installed (``pip install .``, then the
``board-arcade`` command), the ``game`` and ``bots`` packages are inside the
``board_arcade`` package in site-packages (``board_arcade/__init__.py``), and
``config.yaml`` and ``assets/`` are the distribution's data files, in ``share/board-arcade`` under the installation's prefix (the virtual
environment, ``~/.local`` for ``pip install --user``, ``/usr/local``...). pip
records where it put every file in the distribution's file list (its RECORD),
so the installed program reads the folder from there, the same way whatever the
prefix. A checkout is recognised first, by the ``config.yaml`` beside the
packages, so ``python main.py`` never reads an installed copy.

The player's own files (settings, statistics, saved games, and their own
``config.yaml`` over the shipped one) are in the platform's per-user folders
(``platformdirs``), or under ``$BOARD_ARCADE_HOME`` when that is set (tests,
portable installs): ``user_folder``.

Everything that opens one of these files takes its path from here.
"""
from __future__ import annotations

import os
from pathlib import Path

#: The distribution's name, as in pyproject.toml.
DISTRIBUTION = "board-arcade"
#: The program's name for the platform's per-user folders.
APP_NAME = "BoardArcade"
#: The program's id on a desktop: its window's class, its launcher's and icon's file names.
APP_ID = "board-arcade"
#: The folder holding the ``game`` and ``bots`` packages: the project folder of a
#: checkout, or the ``board_arcade`` package in site-packages when installed.
ROOT = Path(__file__).resolve().parents[1]
#: The bot files scanned by default: the ``bots`` package.
BOTS_DIR = ROOT / "bots"


def data_dir(root: Path = ROOT) -> Path:
    """The folder holding ``config.yaml`` and ``assets/``: ``root`` itself in a checkout,
    else the data folder of the distribution installed beside ``root`` (in site-packages,
    which holds ``root``). An installation that lost its data files gets ``root``, where
    loading reports config.yaml missing."""
    if (root / "config.yaml").is_file():
        return root
    return installed_data_dir(root.parent) or root


def installed_data_dir(site: Path) -> Path | None:
    """Where the board-arcade distribution installed in ``site`` put its ``config.yaml``
    (``<prefix>/share/board-arcade``), from its file list; None without one.
    ``pip install --target DIR`` lists the data files as a prefix's site-packages
    would (``../../share/...``) but puts them in ``DIR/share``: where the listed
    file is not, it is looked for there."""
    from importlib import metadata

    for dist in metadata.distributions(name=DISTRIBUTION, path=[str(site)]):
        for file in dist.files or ():
            if file.name == "config.yaml" and file.parent.name == DISTRIBUTION:
                listed = Path(dist.locate_file(file)).resolve()
                beside = site.joinpath(*(part for part in file.parts if part != "..")).resolve()
                return next((found.parent for found in (listed, beside) if found.is_file()), listed.parent)
    return None


DATA_DIR = data_dir()
#: The settings file: which bot plays each difficulty tier, and the time budgets.
CONFIG_PATH = DATA_DIR / "config.yaml"
#: Fonts, sounds and Master's Connect Four opening book.
ASSETS_DIR = DATA_DIR / "assets"


def user_folder(kind: str) -> Path:
    """The player's folder of ``kind`` (``'config'``: settings and their own
    ``config.yaml``; ``'data'``: statistics and saved games; ``'logs'``: what
    external engines said), created on demand: ``$BOARD_ARCADE_HOME/<kind>`` if
    that is set, else the platform's."""
    home = os.environ.get("BOARD_ARCADE_HOME")
    if home:
        path = Path(home) / kind
    else:
        import platformdirs

        finders = {"data": platformdirs.user_data_dir, "logs": platformdirs.user_log_dir}
        finder = finders.get(kind, platformdirs.user_config_dir)
        path = Path(finder(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def user_config_path() -> Path:
    """The player's own ``config.yaml``: read over the shipped one when it exists."""
    return user_folder("config") / "config.yaml"


def engine_log_folder() -> Path:
    """Where external engines (``config.yaml``'s ``engines:``) log: ``engines`` in the player's log folder."""
    return user_folder("logs") / "engines"


def engine_log_path(name: str) -> Path:
    """The log of the external engine called ``name``: its protocol lines and error output,
    appended run after run (``engine_log_folder``)."""
    return engine_log_folder() / f"{_file_name(name, 'engine')}.log"


def bot_log_path(key: str) -> Path:
    """The log of the bot whose class is ``key``: what its worker printed (escaped),
    appended run after run: ``bots`` in the player's log folder."""
    return user_folder("logs") / "bots" / f"{_file_name(key, 'bot')}.log"


def _file_name(name: str, instead: str) -> str:
    """``name`` as a file name: letters, digits, ``-_.`` kept, the rest ``_`` (``instead`` if nothing is left)."""
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in name.strip()).strip(".") or instead
