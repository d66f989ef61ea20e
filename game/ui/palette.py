"""The arcade's themes: colours, fonts and sizes shared by every scene.

Scenes, renderers, dialogs and overlays read their colours from this module's
names (``palette.TEXT``) when they draw, so ``use`` switches the whole
program's look at once: the dark night-blue theme or the light one, and the
seats' piece colours (the theme's own, or ``COLOUR_BLIND_SEATS``, which stay
apart for colour-blind players). ``generation`` counts the switches, so a
picture made with the former colours (a renderer's cache, the window's
background) knows it must be made again. Fonts are shipped in
``assets/fonts`` under the SIL Open Font License (``assets/fonts/OFL.txt``).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.paths import ASSETS_DIR as ASSETS

FONTS = ASSETS / "fonts"

#: Display font for titles, big numbers and board marks (rounded, friendly).
DISPLAY_FONT = FONTS / "Quicksand-Bold.ttf"
DISPLAY_FONT_MEDIUM = FONTS / "Quicksand-Medium.ttf"
#: Text font for buttons, lists and body text (very readable at small sizes).
TEXT_FONT = FONTS / "Inter-Regular.otf"
TEXT_FONT_BOLD = FONTS / "Inter-SemiBold.otf"

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """The colours of every screen of one theme (the module's names of the same meaning, in lower case)."""

    label: str
    background_top: RGB
    background_bottom: RGB
    panel: RGB
    panel_light: RGB
    panel_border: RGB
    board: RGB
    grid: RGB
    text: RGB
    text_muted: RGB
    accent: RGB          # focus, highlights, win lines
    accent_dark: RGB
    hover: RGB
    pressed: RGB
    good: RGB
    bad: RGB
    warning: RGB
    #: Colours of the seats' pieces, seat 0 first (six, for Chinese Checkers).
    seat_colours: tuple[RGB, ...]
    #: A shadow under panels and pieces.
    shadow: RGB


#: A deep night-blue arcade with warm and cool player colours (the arcade's first look).
DARK = Theme(
    "Dark",
    background_top=(22, 26, 52), background_bottom=(38, 30, 72),
    panel=(36, 42, 80), panel_light=(50, 58, 104), panel_border=(72, 82, 140),
    board=(30, 35, 68), grid=(96, 108, 176),
    text=(236, 238, 252), text_muted=(160, 166, 206),
    accent=(255, 196, 87), accent_dark=(214, 150, 40),
    hover=(66, 76, 132), pressed=(28, 32, 62),
    good=(96, 214, 146), bad=(255, 107, 107), warning=(255, 170, 90),
    seat_colours=(
        (255, 107, 107),   # coral   (X, first player)
        (78, 205, 196),    # teal    (O, second player)
        (255, 209, 102),   # yellow
        (157, 128, 255),   # violet
        (96, 214, 146),    # green
        (255, 146, 200),   # pink
    ),
    shadow=(6, 8, 22),
)

#: Paper-white panels on a pale blue-grey, dark ink, the same warm accent a shade deeper.
LIGHT = Theme(
    "Light",
    background_top=(238, 240, 248), background_bottom=(218, 222, 238),
    panel=(252, 252, 255), panel_light=(234, 237, 248), panel_border=(178, 186, 218),
    board=(226, 230, 244), grid=(112, 122, 182),
    text=(24, 26, 48), text_muted=(84, 90, 124),
    accent=(214, 128, 0), accent_dark=(172, 96, 0),
    hover=(214, 222, 246), pressed=(196, 204, 230),
    good=(16, 128, 72), bad=(196, 40, 40), warning=(184, 96, 0),
    seat_colours=(
        (222, 62, 62),     # red
        (0, 146, 136),     # teal
        (214, 156, 0),     # amber
        (112, 82, 222),    # violet
        (36, 150, 84),     # green
        (206, 74, 158),    # magenta
    ),
    shadow=(90, 96, 130),
)

THEMES: dict[str, Theme] = {"dark": DARK, "light": LIGHT}

#: The seats' colours for colour-blind players: five of the Okabe–Ito colours (Okabe & Ito,
#: "Color Universal Design", 2008) and a violet, one for each hue the games name their seats
#: by (Chinese Checkers' Red, Teal, Yellow, Violet, Green, Pink), chosen so every two stay
#: 10 ΔE' (CAM02-UCS) apart, and apart from every board, under protanopia, deuteranopia and
#: tritanopia (``tests/test_colour_blind.py`` checks). No six Okabe–Ito colours do (8.6 at
#: best), hence the violet; pieces also carry a mark where colour would tell players apart.
COLOUR_BLIND_SEATS: tuple[RGB, ...] = (
    (213, 94, 0),      # vermillion
    (86, 180, 233),    # sky blue
    (240, 228, 66),    # yellow
    (110, 70, 190),    # violet
    (0, 158, 115),     # bluish green
    (204, 121, 167),   # reddish purple
)

# The current theme's colours, as every screen reads them (set by ``use``).
BACKGROUND_TOP: RGB = DARK.background_top
BACKGROUND_BOTTOM: RGB = DARK.background_bottom
PANEL: RGB = DARK.panel
PANEL_LIGHT: RGB = DARK.panel_light
PANEL_BORDER: RGB = DARK.panel_border
BOARD: RGB = DARK.board
GRID: RGB = DARK.grid
TEXT: RGB = DARK.text
TEXT_MUTED: RGB = DARK.text_muted
ACCENT: RGB = DARK.accent
ACCENT_DARK: RGB = DARK.accent_dark
HOVER: RGB = DARK.hover
PRESSED: RGB = DARK.pressed
GOOD: RGB = DARK.good
BAD: RGB = DARK.bad
WARNING: RGB = DARK.warning
SEAT_COLOURS: tuple[RGB, ...] = DARK.seat_colours
SHADOW: RGB = DARK.shadow

#: The theme in use, by its ``THEMES`` key, and whether the seats wear ``COLOUR_BLIND_SEATS``.
theme_name = "dark"
colour_blind = False
#: How many times ``use`` changed the colours (pictures made before are stale).
generation = 0

RADIUS = 14         # corner radius of panels and buttons
PADDING = 16


#: How the arcade writes the seats of a game of black and white pieces (Reversi, Gomoku) in
#: names, the move list and the result: on the dark theme a slate that still reads on its
#: panels for Black, the piece's white for White; on the light theme the piece's black, and
#: a warm grey for White.
BLACK_WHITE_INKS: dict[str, tuple[RGB, RGB]] = {
    "dark": ((128, 134, 160), (238, 236, 226)),
    "light": ((34, 36, 42), (128, 124, 112)),
}


def black_white_inks() -> tuple[RGB, RGB]:
    """``BLACK_WHITE_INKS`` of the theme in use."""
    return BLACK_WHITE_INKS.get(theme_name, BLACK_WHITE_INKS["dark"])


def use(theme: str, colour_blind_safe: bool = False) -> bool:
    """Make ``theme`` (a ``THEMES`` key; an unknown one is the dark theme) the colours
    every screen draws with, the seats in ``COLOUR_BLIND_SEATS`` if ``colour_blind_safe``.
    True if anything changed (``generation`` then counts one more)."""
    global theme_name, colour_blind, generation, SEAT_COLOURS
    name = theme if theme in THEMES else "dark"
    if (name, colour_blind_safe) == (theme_name, colour_blind):
        return False
    chosen = THEMES[name]
    names = globals()
    for key, value in vars(chosen).items():
        if key != "label":
            names[key.upper()] = value
    SEAT_COLOURS = COLOUR_BLIND_SEATS if colour_blind_safe else chosen.seat_colours
    theme_name, colour_blind = name, colour_blind_safe
    generation += 1
    return True


def seat_colour(seat: int) -> RGB:
    """The colour of ``seat``'s pieces in the colours in use (seats past six wrap round)."""
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]
