"""Board Arcade as installed: one package of ours holding the program's ``game`` and ``bots``.

``pip install .`` (or ``pipx install .``) puts the ``game`` and ``bots``
folders of the source tree inside this package (``pyproject.toml``'s
``package-dir``), so site-packages holds no name but ``board_arcade``: no
clash with other software's ``game`` or ``bots``. The program itself, and
every bot written for it (``from game.rules.bot import Bot``, ``--bots-dir``
files included), imports them as ``game`` and ``bots``, as in a source
checkout; so importing this package puts its own folder first on
``sys.path``, for this process and the worker processes it starts (which
get its path). The installed ``board-arcade`` commands run ``main``.

In a source checkout this folder holds only this file, and ``main.py`` runs
the program without it.
"""
from __future__ import annotations

import os
import sys

#: The folder holding ``game`` and ``bots`` once installed.
HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)


def main() -> int:
    """The installed ``board-arcade`` command: the command line of ``game.cli``."""
    from game.cli import main as run_command

    return run_command()
