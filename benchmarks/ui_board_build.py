"""How long a board renderer takes to lay out and draw its first frame.

The first draw after ``layout`` builds the cached images (the board panel
with its shadow and glowing grid, the marks), which is what the player
waits for when the play screen opens and at each window resize; later
frames only blit them. Times a game's renderer (Tic-tac-toe, or Gomoku on
its 19x19 board) at the play screen's board area for a 1280×800 and a
1920×1080 window, and at a full 1280×800 area.

Run from the repository root::

    python benchmarks/ui_board_build.py [--game gomoku] [--runs 7]
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The play screen's board area in a 1280×800 and a 1920×1080 window, and a whole 1280×800 window.
AREAS = ((24, 24, 824, 752), (24, 24, 1380, 1032), (0, 0, 1280, 800))
#: Each game's position to draw, as (game id, options, moves).
POSITIONS = {"tictactoe": ({}, "b2 a3 c1"), "gomoku": ({"size": 19}, "j10 k11 k10 h10 l10 m10 k9 j8")}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", choices=sorted(POSITIONS), default="tictactoe")
    args = parser.parse_args()
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    sys.path.insert(0, str(ROOT))
    import pygame

    from game.rules.catalogue import new_state
    from game.ui.renderers import BoardView, renderer_for

    pygame.init()
    screen = pygame.display.set_mode((1920, 1080))
    options, moves = POSITIONS[args.game]
    state = new_state(args.game, **options)
    for word in moves.split():
        state.push(state.parse_move(word))
    view = BoardView(last_move=state.move_stack[-1])
    for area in AREAS:
        first, later = [], []
        for _ in range(args.runs):
            renderer = renderer_for(args.game)
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
