"""How long a board renderer takes to lay out and draw its first frame.

The first draw after ``layout`` builds the cached images (the board panel
with its shadow and glowing grid, the marks), which is what the player
waits for when the play screen opens and at each window resize; later
frames only blit them. Times the Tic-tac-toe renderer at the play screen's
board area for a 1280×800 window, and at a full 1280×800 area.

Run from the repository root::

    python benchmarks/ui_board_build.py [--runs 7]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The play screen's board area in a 1280×800 window, and a whole window.
AREAS = ((24, 24, 824, 752), (0, 0, 1280, 800))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.rules.tictactoe import TicTacToe
    from game.ui.renderers import BoardView, renderer_for

    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    state = TicTacToe.from_text("b2 a3 c1")
    view = BoardView(last_move=state.move_stack[-1])
    for area in AREAS:
        first, later = [], []
        for _ in range(args.runs):
            renderer = renderer_for("tictactoe")
            renderer.anim_speed = 0
            start = time.perf_counter()
            renderer.layout(pygame.Rect(area))
            renderer.draw(screen, state, view)
            first.append(time.perf_counter() - start)
            start = time.perf_counter()
            for _ in range(20):
                renderer.draw(screen, state, view)
            later.append((time.perf_counter() - start) / 20)
        print(f"area {area[2]}x{area[3]}: layout + first draw {statistics.median(first) * 1000:.1f} ms "
              f"(best {min(first) * 1000:.1f}), later frames {statistics.median(later) * 1000:.2f} ms")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
