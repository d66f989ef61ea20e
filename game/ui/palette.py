"""The arcade's one visual theme: colours, fonts and sizes shared by every scene.

Scenes, renderers, dialogs and overlays read their colours from here, so
the whole program changes look in one place. Fonts are shipped in
``assets/fonts`` under the SIL Open Font License (``assets/fonts/OFL.txt``).
"""
from __future__ import annotations

from game.paths import ASSETS_DIR as ASSETS

FONTS = ASSETS / "fonts"

#: Display font for titles, big numbers and board marks (rounded, friendly).
DISPLAY_FONT = FONTS / "Quicksand-Bold.ttf"
DISPLAY_FONT_MEDIUM = FONTS / "Quicksand-Medium.ttf"
#: Text font for buttons, lists and body text (very readable at small sizes).
TEXT_FONT = FONTS / "Inter-Regular.otf"
TEXT_FONT_BOLD = FONTS / "Inter-SemiBold.otf"

RGB = tuple[int, int, int]

# A deep night-blue arcade with warm and cool player colours.
BACKGROUND_TOP: RGB = (22, 26, 52)
BACKGROUND_BOTTOM: RGB = (38, 30, 72)
PANEL: RGB = (36, 42, 80)
PANEL_LIGHT: RGB = (50, 58, 104)
PANEL_BORDER: RGB = (72, 82, 140)
BOARD: RGB = (30, 35, 68)
GRID: RGB = (96, 108, 176)
TEXT: RGB = (236, 238, 252)
TEXT_MUTED: RGB = (160, 166, 206)
ACCENT: RGB = (255, 196, 87)       # gold: focus, highlights, win lines
ACCENT_DARK: RGB = (214, 150, 40)
HOVER: RGB = (66, 76, 132)
PRESSED: RGB = (28, 32, 62)
GOOD: RGB = (96, 214, 146)
BAD: RGB = (255, 107, 107)
WARNING: RGB = (255, 170, 90)

#: Colours of the seats' pieces, seat 0 first (six, for Chinese Checkers).
SEAT_COLOURS: tuple[RGB, ...] = (
    (255, 107, 107),   # coral   (X, first player)
    (78, 205, 196),    # teal    (O, second player)
    (255, 209, 102),   # yellow
    (157, 128, 255),   # violet
    (96, 214, 146),    # green
    (255, 146, 200),   # pink
)

RADIUS = 14         # corner radius of panels and buttons
PADDING = 16
