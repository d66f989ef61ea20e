"""``python -m game.cli``: the command line, as the ``board-arcade`` command runs it."""
import sys

from game.cli import main

sys.exit(main())
