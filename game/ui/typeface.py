"""Text in any script: a font that draws each run of characters with a face that has them.

Inter and Quicksand have Latin, Greek and Cyrillic but no Chinese, and pygame
draws a character its font lacks as an empty box, silently. ``MixedFont`` is the
font every scene gets from ``draw.Fonts``: text its own face can draw is drawn as
before; otherwise the text is cut into runs, each drawn by the first face that has
its characters, on one baseline:

1. the face itself (Inter or Quicksand);
2. the shipped Chinese face of the same weight, Arcade CJK (a subset of Noto Sans
   CJK SC, ``assets/fonts/make_cjk_subset.py``), whose ascent and descent are
   Inter's so a mixed line keeps its height;
3. for what players type (names, chat), which may hold any character: a font of
   the system's that has it, asked of pygame's list of system fonts and then of
   fontconfig (``fc-match :charset=``), once per character.

A character no face has is drawn as the face's box, and logged once with the
text it was first seen in, so a missing glyph is never silent.
"""
from __future__ import annotations

import logging
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pygame
import pygame.freetype

from game.shown import escaped
from game.ui import palette

log = logging.getLogger(__name__)

CJK_REGULAR = palette.FONTS / "ArcadeCJK-Regular.otf"
CJK_BOLD = palette.FONTS / "ArcadeCJK-Bold.otf"
#: The shipped faces, each with the Chinese face of its weight.
CJK_FOR = {
    palette.TEXT_FONT: CJK_REGULAR,
    palette.TEXT_FONT_BOLD: CJK_BOLD,
    palette.DISPLAY_FONT: CJK_BOLD,
    palette.DISPLAY_FONT_MEDIUM: CJK_REGULAR,
}
#: System fonts with many scripts, tried (where installed) for a character no shipped face has.
SYSTEM_FONT_NAMES = (
    "notosanscjksc", "notosanscjk", "sourcehansanssc", "sourcehanssans", "wenquanyizenhei",
    "wenquanyimicrohei", "microsoftyahei", "simhei", "simsun", "pingfangsc", "hiraginosansgb",
    "notosans", "dejavusans", "segoeui", "segoeuisymbol", "arialunicodems", "droidsansfallbackfull",
    "droidsansfallback", "unifont",
)
#: Characters drawn with the run before them whatever face has them: marks, joiners, variation selectors.
_ATTACHED = {"Mn", "Me", "Mc", "Cf"}

_covered: dict[tuple[str, str], bool] = {}
_probes: dict[str, pygame.freetype.Font | None] = {}
_system_for: dict[str, Path | None] = {}
_system_candidates: list[Path] | None = None
_logged: set[str] = set()


def has_glyph(path: Path | str | None, ch: str) -> bool:
    """Whether the font file ``path`` (None: pygame's default font) has a glyph for ``ch``."""
    key = (str(path), ch)
    known = _covered.get(key)
    if known is None:
        try:
            probe = _probe(path)
            known = probe is not None and probe.get_metrics(ch, size=12)[0] is not None
        except pygame.error:   # pygame was quit and started again since the probe was opened
            _probes.clear()
            probe = _probe(path)
            known = probe is not None and probe.get_metrics(ch, size=12)[0] is not None
        _covered[key] = known
    return known


def _probe(path: Path | str | None) -> pygame.freetype.Font | None:
    """A freetype font of ``path`` to ask which glyphs it has (pygame's fonts draw a box for a missing one)."""
    key = str(path)
    if not pygame.freetype.get_init():
        pygame.freetype.init()
        _probes.clear()
    if key not in _probes:
        try:
            _probes[key] = pygame.freetype.Font(None if path is None else str(path), 12)
        except (OSError, FileNotFoundError):
            _probes[key] = None
    return _probes[key]


def _candidates() -> list[Path]:
    """The installed fonts of ``SYSTEM_FONT_NAMES``, found once."""
    global _system_candidates
    if _system_candidates is None:
        found = []
        for name in SYSTEM_FONT_NAMES:
            path = pygame.font.match_font(name)
            if path and Path(path) not in found:
                found.append(Path(path))
        _system_candidates = found
    return _system_candidates


def _fc_match(ch: str) -> Path | None:
    """The font fontconfig gives for ``ch``, where fontconfig is installed."""
    program = shutil.which("fc-match")
    if program is None:
        return None
    try:
        done = subprocess.run([program, "--format=%{file}", f":charset={ord(ch):x}"],
                              capture_output=True, text=True, timeout=3, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    return Path(done.stdout.strip()) if done.returncode == 0 and done.stdout.strip() else None


def system_font_for(ch: str) -> Path | None:
    """A system font file with a glyph for ``ch``, or None; asked once per character: first of
    the wide-coverage fonts installed (read in this process), then of fontconfig (a program run)."""
    if ch not in _system_for:
        found = next((path for path in _candidates() if has_glyph(path, ch)), None)
        if found is None:
            matched = _fc_match(ch)
            found = matched if matched is not None and has_glyph(matched, ch) else None
        _system_for[ch] = found
    return _system_for[ch]


def missing(ch: str, text: str) -> None:
    """Log, once per character, that no font has ``ch`` (first seen in ``text``)."""
    if ch not in _logged:
        _logged.add(ch)
        log.warning("no font has %s %r (U+%04X), drawn as a box; first seen in the text %s",
                    unicodedata.name(ch, "the character"), ch, ord(ch), escaped(text, 120))


class MixedFont(pygame.font.Font):
    """A pygame font that draws the characters its face lacks with the shipped CJK face or a system font.

    ``size`` and ``render`` (all the scenes use, through ``draw``) measure and draw
    the text run by run; the height, ascent and line size stay the face's own.
    """

    def __init__(self, path: Path | None, size: int, companion: Path | None = None) -> None:
        super().__init__(None if path is None else str(path), size)
        self.path = path
        self.point_size = size
        self.companion = companion if companion is not None and companion.is_file() else None
        self._faces: dict[Path, pygame.font.Font] = {}

    def face(self, path: Path) -> pygame.font.Font:
        """The font of ``path`` at this font's size, loaded once."""
        font = self._faces.get(path)
        if font is None:
            font = self._faces[path] = pygame.font.Font(str(path), self.point_size)
        return font

    def _face_for(self, ch: str, text: str) -> pygame.font.Font:
        if has_glyph(self.path, ch):
            return self
        if self.companion is not None and has_glyph(self.companion, ch):
            return self.face(self.companion)
        found = system_font_for(ch)
        if found is not None:
            return self.face(found)
        missing(ch, text)
        return self

    def runs(self, text: str) -> list[tuple[pygame.font.Font, str]]:
        """``text`` cut into runs of characters, each with the font that draws it."""
        if text.isascii():
            return [(self, text)]
        out: list[tuple[pygame.font.Font, str]] = []
        for ch in text:
            if unicodedata.category(ch) in _ATTACHED:
                face = out[-1][0] if out else self
            else:
                face = self._face_for(ch, text)
            if out and out[-1][0] is face:
                out[-1] = (face, out[-1][1] + ch)
            else:
                out.append((face, ch))
        return out

    def _measure(self, face: pygame.font.Font, text: str) -> tuple[int, int]:
        return pygame.font.Font.size(self, text) if face is self else face.size(text)

    def _extent(self, runs: list[tuple[pygame.font.Font, str]]) -> tuple[int, int]:
        """The line's ascent and its height below that: the face's own at least, every run's at most."""
        parts = [(self, " ")] + runs
        ascent = max(face.get_ascent() for face, _part in parts)
        below = max(self._measure(face, part)[1] - face.get_ascent() for face, part in parts)
        return ascent, below

    def size(self, text: str) -> tuple[int, int]:
        runs = self.runs(text)
        if len(runs) <= 1 and (not runs or runs[0][0] is self):
            return super().size(text)
        ascent, below = self._extent(runs)
        return sum(self._measure(face, part)[0] for face, part in runs), ascent + below

    def render(self, text, antialias, color, bgcolor=None, wraplength=0) -> pygame.Surface:
        runs = self.runs(text) if isinstance(text, str) else [(self, text)]
        if len(runs) <= 1 and (not runs or runs[0][0] is self):
            return super().render(text, antialias, color, bgcolor, wraplength)
        images = [(face, pygame.font.Font.render(self, part, antialias, color) if face is self
                   else face.render(part, antialias, color)) for face, part in runs]
        ascent, below = self._extent(runs)
        width = sum(image.get_width() for _face, image in images)
        surface = pygame.Surface((max(1, width), ascent + below), pygame.SRCALPHA)
        surface.fill((*color[:3], 0) if bgcolor is None else bgcolor)
        x = 0
        for face, image in images:
            y = ascent - face.get_ascent()
            if bgcolor is None and antialias:
                surface.blit(image, (x, y), special_flags=pygame.BLEND_RGBA_MAX)
            else:
                surface.blit(image, (x, y))
            x += image.get_width()
        return surface
