"""Board Arcade from a source checkout: ``python main.py [COMMAND ...]``.

The commands (the arcade, ``play``, ``arena``, ``bots``, ``analyse``; see
``python main.py --help``) are in ``game/cli/``, which the installed
``board-arcade`` command runs too.
"""
from __future__ import annotations

import sys
from typing import Sequence

from game import cli
from game.cli import BOT_FAILED, USAGE_ERROR, CliError  # noqa: F401 - main.py's exit statuses and error, as before


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command, naming the program ``main.py``; returns the exit status."""
    return cli.main(argv, prog="main.py")


if __name__ == "__main__":
    sys.exit(main())
