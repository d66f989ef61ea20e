"""Drawing helpers shared by the scenes: fonts, text, panels, gradients, glows.

Everything the scenes paint goes through these few functions, so panels,
text and glows look the same on every screen. Colours come from ``palette``.
"""
from __future__ import annotations

import re
import unicodedata
import weakref
from pathlib import Path

import pygame

from game.shown import escaped
from game.ui import palette
from game.ui.typeface import CJK_FOR, MixedFont

RGB = tuple[int, int, int]

#: Drawn for a character the fonts cannot show: a lone surrogate (an undecodable
#: byte of a file name, a broken string from a bot) or U+FFFD, which neither
#: bundled font has (it would show as an empty box).
UNDRAWABLE = "?"
#: What ``blanked`` turns into spaces: control characters, line and paragraph separators.
_TYPED_BLANKS = {"Cc", "Zl", "Zp"}


def clean_text(content: str) -> str:
    """``content`` as the fonts can draw it, so no text can crash a frame.

    Text reaches the screen from bots (names, exception messages, move
    values), the network, save files and file names; pygame's ``Font.render``
    raises on NUL and on surrogates. A surrogate pair is joined into the
    character it encodes, a lone surrogate (and U+FFFD, which neither font
    has) becomes ``UNDRAWABLE``; control characters, line separators and bidi
    overrides are written as their codes (``shown.escaped``), as in the
    terminal and the logs: a bot's ``\\x1b[2J`` shows as ``\\x1b[2J``.
    """
    if content.isprintable() and "\ufffd" not in content:
        return content
    if any("\ud800" <= ch <= "\udfff" for ch in content):
        content = content.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    return escaped(content.replace("\ufffd", UNDRAWABLE))


def blanked(content: str) -> str:
    """What the player types or pastes, on one line: control characters and line breaks
    as spaces (their own words, not text shown from elsewhere); ``clean_text`` still
    applies when it is drawn."""
    return "".join(" " if unicodedata.category(ch) in _TYPED_BLANKS else ch for ch in content)


def drawable(content: str) -> bool:
    """Whether ``content`` can be drawn as it is: no control characters, no surrogates."""
    return not any(unicodedata.category(ch) in ("Cc", "Cs") for ch in content)


def render(font: pygame.font.Font, content: str, colour: RGB) -> pygame.Surface:
    """``content`` drawn in ``font`` (cleaned first); text with no width (only
    zero-width characters, which pygame refuses) gives an empty image."""
    content = clean_text(content)
    if font.size(content)[0] == 0:
        content = ""
    return font.render(content, True, colour)


class _PerFont:
    """Results worked out from a font, kept per font while the font lives: the most
    recent ``limit`` of them, the oldest dropped first. The screens draw the same
    labels every frame (buttons, the move list, the status box); rendering and
    measuring them anew each time was a third of a frame's drawing."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._by_font: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

    def get(self, font: pygame.font.Font, key: tuple, make):
        table = self._by_font.get(font)
        if table is None:
            table = self._by_font[font] = {}
        value = table.get(key)
        if value is None:
            if len(table) >= self.limit:
                del table[next(iter(table))]
            value = table[key] = make()
        return value


_RENDERED = _PerFont(512)
_FITTED = _PerFont(512)


def rendered(font: pygame.font.Font, content: str, colour: RGB) -> pygame.Surface:
    """``content`` drawn in ``font`` as ``render`` draws it, made once and shared: the
    caller blits it and must not change it (``text`` sets an alpha and restores it)."""
    return _RENDERED.get(font, (content, tuple(colour)), lambda: render(font, content, colour))


class Fonts:
    """Loaded fonts by face and size, kept for the life of the window.

    ``display`` is Quicksand (titles, big numbers), ``text`` and ``bold`` are
    Inter (buttons, lists, body text); each is a ``typeface.MixedFont``, which
    draws Chinese with the shipped Arcade CJK of its weight and any other
    character it lacks with a system font that has it. A font file that cannot
    be read falls back to pygame's default font so a damaged install still shows text.

    Sizes are given as on the 1280×800 window the screens are drawn for;
    ``scale`` (the window's ``ui_scale``) enlarges every one of them in a
    larger window, so text grows with the window instead of staying small.
    """

    def __init__(self) -> None:
        self._cache: dict[tuple[Path, int], pygame.font.Font] = {}
        self.scale = 1.0

    def _get(self, path: Path, size: int) -> pygame.font.Font:
        key = (path, max(1, round(size * self.scale)))
        font = self._cache.get(key)
        if font is None:
            try:
                font = MixedFont(path, key[1], CJK_FOR.get(path))
            except (OSError, FileNotFoundError):
                font = MixedFont(None, key[1], CJK_FOR.get(path))
            self._cache[key] = font
        return font

    def display(self, size: int) -> pygame.font.Font:
        return self._get(palette.DISPLAY_FONT, size)

    def display_medium(self, size: int) -> pygame.font.Font:
        return self._get(palette.DISPLAY_FONT_MEDIUM, size)

    def text(self, size: int) -> pygame.font.Font:
        return self._get(palette.TEXT_FONT, size)

    def bold(self, size: int) -> pygame.font.Font:
        return self._get(palette.TEXT_FONT_BOLD, size)


class Shadows:
    """Soft drop shadows by size, blurred once and reused (a blur per frame is too slow)."""

    LIMIT = 64

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int, int, int, int], pygame.Surface] = {}

    def get(self, size: tuple[int, int], radius: int, spread: int = 12, alpha: int = 90, blur: int = 6) -> pygame.Surface:
        """A shadow for a rounded rectangle of ``size``, ``spread`` larger on each side."""
        key = (size[0], size[1], radius, spread * 1000 + blur, alpha)
        image = self._cache.get(key)
        if image is None:
            if len(self._cache) >= self.LIMIT:
                self._cache.clear()
            image = pygame.Surface((size[0] + 2 * spread, size[1] + 2 * spread), pygame.SRCALPHA)
            inset = max(0, spread - blur // 2 - 2)
            pygame.draw.rect(image, (0, 0, 0, alpha), image.get_rect().inflate(-2 * inset, -2 * inset), border_radius=radius + 4)
            image = soft_blur(image, blur)
            self._cache[key] = image
        return image


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG 2 contrast ratio of two colours (1 the same, 21 black on white)."""
    def luminance(colour: RGB) -> float:
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in colour[:3])]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour ``t`` of the way from ``a`` to ``b`` (0 = a, 1 = b)."""
    t = max(0.0, min(1.0, t))
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def brighten(colour: RGB, amount: float) -> RGB:
    """Towards white for positive ``amount``, towards black for negative."""
    return mix(colour, (255, 255, 255), amount) if amount >= 0 else mix(colour, (0, 0, 0), -amount)


def vertical_gradient(size: tuple[int, int], top: RGB, bottom: RGB) -> pygame.Surface:
    """A surface of ``size`` fading from ``top`` to ``bottom``."""
    width, height = max(1, size[0]), max(1, size[1])
    strip = pygame.Surface((1, height))
    for y in range(height):
        strip.set_at((0, y), mix(top, bottom, y / max(1, height - 1)))
    return pygame.transform.scale(strip, (width, height))


def background(size: tuple[int, int]) -> pygame.Surface:
    """The arcade's backdrop: the night-blue gradient with a soft light at the top."""
    surface = vertical_gradient(size, palette.BACKGROUND_TOP, palette.BACKGROUND_BOTTOM)
    width, height = surface.get_size()
    glow = pygame.Surface((max(1, width // 4), max(1, height // 4)), pygame.SRCALPHA)
    gw, gh = glow.get_size()
    for i in range(8, 0, -1):
        alpha = 5 + (8 - i) * 2
        rect = pygame.Rect(0, 0, gw * i // 6, gh * i // 8)
        rect.center = (gw // 2, 0)
        pygame.draw.ellipse(glow, (*palette.SEAT_COLOURS[3], alpha), rect)
    surface.blit(pygame.transform.smoothscale(glow, (width, height)), (0, 0))
    return surface


#: ``panel``'s border when none is given: the theme's panel border.
THEMED: RGB = (-1, -1, -1)

#: The see-through body of a panel by size, colour, corner radius and alpha: a panel
#: is drawn every frame, its body made once.
_PANEL_BODIES: dict[tuple, pygame.Surface] = {}


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    fill: RGB | None = None,
    border: RGB | None = THEMED,
    radius: int = palette.RADIUS,
    alpha: int = 235,
    border_width: int = 2,
    shadow: Shadows | None = None,
) -> None:
    """A rounded panel with a thin border and, given ``shadow``, a soft drop shadow. The fill
    and border are the theme's panel colours unless given (``border=None``: no border)."""
    if rect.width <= 0 or rect.height <= 0:
        return
    fill = palette.PANEL if fill is None else fill
    border = palette.PANEL_BORDER if border == THEMED else border
    if shadow is not None:
        shade = shadow.get(rect.size, radius)
        surface.blit(shade, (rect.x - 12, rect.y - 6))
    if alpha >= 255:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
    else:
        key = (rect.size, tuple(fill), radius, alpha)
        body = _PANEL_BODIES.get(key)
        if body is None:
            if len(_PANEL_BODIES) >= 32:
                _PANEL_BODIES.clear()
            body = _PANEL_BODIES[key] = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(body, (*fill, alpha), body.get_rect(), border_radius=radius)
        surface.blit(body, rect.topleft)
    if border is not None and border_width > 0:
        pygame.draw.rect(surface, border, rect, border_width, border_radius=radius)


def text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    content: str,
    colour: RGB,
    pos: tuple[int, int],
    anchor: str = "topleft",
    alpha: int = 255,
) -> pygame.Rect:
    """Draw one line of text with its ``anchor`` point (a Rect attribute) at ``pos``."""
    image = rendered(font, content, colour)
    rect = image.get_rect(**{anchor: pos})
    if alpha < 255:
        kept = image.get_alpha()
        image.set_alpha(alpha)
        surface.blit(image, rect)
        image.set_alpha(kept)
    else:
        surface.blit(image, rect)
    return rect


def fit_text(font: pygame.font.Font, content: str, width: int) -> str:
    """``content`` (cleaned) cut with an ellipsis so it renders no wider than ``width``."""
    return _FITTED.get(font, (content, width), lambda: _fit(font, content, width))


def _fit(font: pygame.font.Font, content: str, width: int) -> str:
    content = clean_text(content)
    if font.size(content)[0] <= width:
        return content
    while content and font.size(content + "…")[0] > width:
        content = content[:-1]
    return content + "…"


def words_fit(font: pygame.font.Font, content: str, width: int) -> str:
    """``content`` (cleaned) on one line no wider than ``width``: whole, or cut between two
    words with an ellipsis (mid-word only when its first word alone is too wide)."""
    content = clean_text(content)
    if font.size(content)[0] <= width:
        return content
    first = wrap_text(font, content, width - font.size("…")[0])
    if first and " " in content and content.startswith(first[0]) and content[len(first[0]):][:1] == " ":
        return first[0].rstrip(" ,;:") + "…"
    return fit_text(font, content, width)


#: Where a line may break inside a word of Chinese, Japanese or Korean: before any ideograph
#: or kana, but never before closing punctuation (，。）」) nor after opening punctuation (（「).
_CJK_PIECE = re.compile(
    r"[（「『《〈【〔“‘]*[\u2e80-\u2fff\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003ffff]"
    r"[，。、：；！？）」』》〉】〕”’…·％\u3001\u3002]*"
    r"|[（「『《〈【〔“‘]*[^\u2e80-\u2fff\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003ffff]+?"
    r"(?=[（「『《〈【〔“‘]*[\u2e80-\u2fff\u3040-\u9fff\uac00-\ud7af\uf900-\ufaff\U00020000-\U0003ffff]|$)"
)


def _pieces(paragraph: str) -> list[tuple[str, str]]:
    """``paragraph`` as (joiner, piece): the words between spaces, and a word of Chinese cut
    before each character, so a line can break there (joined with nothing, not a space)."""
    out: list[tuple[str, str]] = []
    for word in paragraph.split(" "):
        parts = _CJK_PIECE.findall(word) if word and not word.isascii() else [word]
        out.extend(("" if index else " ", part) for index, part in enumerate(parts or [word]))
    return out


def wrap_text(font: pygame.font.Font, content: str, width: int) -> list[str]:
    """Words of ``content`` (cleaned) broken into lines no wider than ``width`` (long words cut;
    Chinese breaks between characters, as it is written without spaces)."""
    lines: list[str] = []
    for paragraph in content.splitlines() or [""]:
        paragraph = clean_text(paragraph)
        line = ""
        for joiner, word in _pieces(paragraph):
            candidate = f"{line}{joiner}{word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while font.size(word)[0] > width and len(word) > 1:
                cut = len(word)
                while cut > 1 and font.size(word[:cut])[0] > width:
                    cut -= 1
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return lines


def balanced_lines(font: pygame.font.Font, content: str, width: float) -> list[str]:
    """``content`` on one line if it fits ``width``, else broken into the two most even
    lines that fit ('loss' / 'in 12'), else wrapped: a label inside a small cell."""
    content = clean_text(content)
    if font.size(content)[0] <= width:
        return [content]
    words = content.split(" ")
    if len(words) < 2:
        return wrap_text(font, content, int(width))
    splits = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, len(words))]
    first, second = min(splits, key=lambda pair: max(font.size(pair[0])[0], font.size(pair[1])[0]))
    if max(font.size(first)[0], font.size(second)[0]) <= width:
        return [first, second]
    return wrap_text(font, content, int(width))


def soft_blur(image: pygame.Surface, radius: int) -> pygame.Surface:
    """``image`` with a gaussian blur of ``radius`` px, for shadows and glows.

    The blur runs on a copy shrunk so that about 3 px of radius remain, then
    is scaled back up: pygame's blur costs pixels x radius, a 60 px panel's
    shadow took 20-30 ms at full size, and a soft edge looks the same.
    """
    factor = max(1, radius // 3)
    if factor == 1:
        return pygame.transform.gaussian_blur(image, radius)
    width, height = image.get_size()
    small = pygame.transform.smoothscale(image, (max(1, -(-width // factor)), max(1, -(-height // factor))))
    small = pygame.transform.gaussian_blur(small, max(1, round(radius / factor)))
    return pygame.transform.smoothscale(small, (width, height))


def glow(image: pygame.Surface, colour: RGB, radius: int = 12, strength: int = 2) -> pygame.Surface:
    """A blurred, coloured halo of ``image``'s shape, larger by ``radius`` on each side."""
    pad = radius * 2
    mask = pygame.mask.from_surface(image)
    silhouette = mask.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0))
    canvas = pygame.Surface((image.get_width() + 2 * pad, image.get_height() + 2 * pad), pygame.SRCALPHA)
    canvas.blit(silhouette, (pad, pad))
    blurred = soft_blur(canvas, radius)
    for _ in range(strength - 1):
        blurred.blit(blurred, (0, 0))
    return blurred


def keycap(surface: pygame.Surface, font: pygame.font.Font, label: str, pos: tuple[int, int], colour: RGB) -> pygame.Rect:
    """A small rounded key label (``Esc``, ``U``) with its right-centre at ``pos``."""
    image = rendered(font, label, colour)
    rect = image.get_rect()
    box = rect.inflate(10, 4)
    box.midright = pos
    pygame.draw.rect(surface, colour, box, 1, border_radius=5)
    surface.blit(image, image.get_rect(center=box.center))
    return box


_TOKENS: dict[tuple[int, RGB, str], pygame.Surface] = {}


def seat_token(surface: pygame.Surface, centre: tuple[int, int], radius: int, colour: RGB,
               mark: str = "") -> pygame.Rect:
    """A small shaded ball of a seat's colour: how a seat whose name is a colour
    ("Red", "Teal") is marked where a short mark ("X") would be written. ``mark`` (the
    seat's number, as on Chinese Checkers' marbles) is written on it where it fits, so
    the seat is not told by its colour alone."""
    radius = max(2, int(radius))
    key = (radius, tuple(colour), mark if radius >= 7 else "")
    image = _TOKENS.get(key)
    if image is None:
        scale = 4
        size = (2 * radius + 2) * scale
        big = pygame.Surface((size, size), pygame.SRCALPHA)
        c = size // 2
        r = radius * scale
        pygame.draw.circle(big, mix(colour, (0, 0, 0), 0.4), (c, c), r)
        pygame.draw.circle(big, colour, (c - r // 10, c - r // 10), r * 85 // 100)
        pygame.draw.circle(big, mix(colour, (255, 255, 255), 0.25), (c - r // 4, c - r // 4), r * 45 // 100)
        pygame.draw.circle(big, mix(colour, (255, 255, 255), 0.75), (c - r * 38 // 100, c - r * 4 // 10), r * 2 // 10)
        image = _TOKENS[key] = pygame.transform.smoothscale(big, (2 * radius + 2, 2 * radius + 2))
        if key[2]:
            light = 0.299 * colour[0] + 0.587 * colour[1] + 0.114 * colour[2] > 150
            font = Fonts().bold(max(9, radius * 5 // 4))   # sized to the token; loaded with the image, which is kept
            number = render(font, key[2], (20, 20, 28) if light else (255, 255, 255))
            image.blit(number, number.get_rect(center=(radius + 1, radius + 1)))
    rect = image.get_rect(center=centre)
    surface.blit(image, rect)
    return rect


def scrollbar(surface: pygame.Surface, track: pygame.Rect, shown: int, total: int, scroll: int,
              track_colour: RGB, thumb_colour: RGB) -> pygame.Rect:
    """A slim scrollbar in ``track``: the thumb is as long as the share of ``total``
    pixels that ``shown`` of them are, and sits where ``scroll`` (0 to total - shown)
    is; returns the thumb."""
    pygame.draw.rect(surface, track_colour, track, border_radius=2)
    room = max(1, total - shown)
    thumb_h = min(track.height, max(24, round(track.height * shown / max(1, total))))
    thumb_y = track.y + round((track.height - thumb_h) * min(max(scroll, 0), room) / room)
    thumb = pygame.Rect(track.x, thumb_y, track.width, thumb_h)
    pygame.draw.rect(surface, thumb_colour, thumb, border_radius=2)
    return thumb


def fade_out(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, upwards: bool = False) -> None:
    """``rect`` fades into ``colour`` towards its bottom edge (its top with ``upwards``):
    marks text cut off at the edge of a scrolling view, with more beyond it."""
    fade = pygame.Surface(rect.size, pygame.SRCALPHA)
    for row in range(rect.height):
        pygame.draw.line(fade, (*colour, round(255 * (row + 1) / rect.height)), (0, row), (rect.width, row))
    surface.blit(pygame.transform.flip(fade, False, True) if upwards else fade, rect)
