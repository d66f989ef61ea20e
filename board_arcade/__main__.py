"""``python -m board_arcade``: the installed program's command line, as the ``board-arcade`` command."""
import sys

from board_arcade import main

sys.exit(main())
