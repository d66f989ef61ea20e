"""Rebuild the arcade's CJK fonts: subsets of Noto Sans CJK SC (SIL OFL 1.1) made with fontTools.

The arcade draws Chinese text with ``ArcadeCJK-Regular.otf`` and ``ArcadeCJK-Bold.otf``
beside this script. Each holds only the characters the arcade needs, so the two stay
small: the 3,500 common characters of the 通用规范汉字表 (level 1,
``tongyong_guifan_level1.txt``), CJK punctuation and full-width forms, and every
character of every shipped catalogue (``assets/locale/**/*.po``). Run it again after
a catalogue gains characters (``tests/test_fonts.py`` names any that are missing)::

    python assets/fonts/make_cjk_subset.py --regular NotoSansCJK-Regular.ttc --bold NotoSansCJK-Bold.ttc

The sources are Noto Sans CJK's, e.g. Debian's package ``fonts-noto-cjk``
(``/usr/share/fonts/opentype/noto/``, the default) or the OTFs of
github.com/notofonts/noto-cjk; a collection (``.ttc``) is searched for its
``Noto Sans CJK SC`` face.

Two changes beyond the subset, both allowed by the OFL for a Modified Version:
- the family is renamed ``Arcade CJK`` (a subset is not the font Google and Adobe
  ship; the original copyright and licence stay in the name table);
- the vertical metrics (ascent, descent, line gap) are set to Inter's, in
  proportion to the em, so a line mixing Inter and Chinese keeps one baseline
  and one height: Noto's ideographs sit in the em box from -0.12 to 0.88 em,
  inside Inter's 0.97 ascent and 0.24 descent.

fontTools is a developer's requirement (``requirements-dev.txt``): the arcade
only reads the fonts this writes.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTCollection, TTFont

HERE = Path(__file__).resolve().parent
ASSETS = HERE.parent
LEVEL1 = HERE / "tongyong_guifan_level1.txt"
SOURCE_FACE = "Noto Sans CJK SC"
FAMILY = "Arcade CJK"
DEBIAN = Path("/usr/share/fonts/opentype/noto")
#: The output per weight, and Debian's collection it is cut from by default.
WEIGHTS = {"Regular": "NotoSansCJK-Regular.ttc", "Bold": "NotoSansCJK-Bold.ttc"}
#: Inter's vertical metrics as fractions of its em (2728 and 680 of 2816 units).
ASCENT, DESCENT = 2728 / 2816, 680 / 2816
#: Blocks always kept: CJK symbols and punctuation (、。「」〇…), full-width forms (，：！（）).
BLOCKS = [range(0x3000, 0x3040), range(0xFF01, 0xFF5F), range(0xFF61, 0xFF66)]
_MSGSTR = re.compile(r'^msgstr(?:\[\d+\])?\s+"(.*)"\s*$|^"(.*)"\s*$')


def level1() -> set[str]:
    """The 3,500 characters of the 通用规范汉字表's level 1."""
    lines = LEVEL1.read_text(encoding="utf-8").splitlines()
    return {ch for line in lines if not line.startswith("#") for ch in line.strip()}


def catalogue_characters(paths: list[Path]) -> set[str]:
    """Every character of the translations (``msgstr``) in the ``.po`` files ``paths``."""
    found: set[str] = set()
    for path in paths:
        in_msgstr = False
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("msgstr"):
                in_msgstr = True
            elif not line.startswith('"'):
                in_msgstr = False
            match = _MSGSTR.match(line)
            if in_msgstr and match:
                found.update(match.group(1) if match.group(1) is not None else match.group(2))
    return found


def shipped_catalogues() -> list[Path]:
    """The ``.po`` files under ``assets/locale``."""
    return sorted((ASSETS / "locale").glob("**/*.po"))


def wanted(extra: list[Path]) -> set[int]:
    """The code points the subset keeps: level 1, the blocks and the catalogues' CJK characters,
    and their symbols from U+2000 on (arrows, ▶, ⚠), which a Latin face such as Quicksand lacks."""
    text = level1() | catalogue_characters(shipped_catalogues() + extra)
    points = {ord(ch) for ch in text if ord(ch) >= 0x2000}
    for block in BLOCKS:
        points.update(block)
    return points


def source_face(path: Path) -> TTFont:
    """The Noto Sans CJK SC face of ``path`` (a single font, or the face of that name in a collection)."""
    if path.suffix.lower() in (".ttc", ".otc"):
        for face in TTCollection(str(path)).fonts:
            if face["name"].getDebugName(1) == SOURCE_FACE:
                return face
        raise SystemExit(f"{path}: no face named {SOURCE_FACE!r} in this collection")
    return TTFont(str(path))


def renamed(font: TTFont, weight: str) -> None:
    """Name the subset ``Arcade CJK <weight>``, keeping the copyright, licence and trademark records."""
    names = {1: FAMILY, 2: weight, 3: f"{FAMILY.replace(' ', '')}-{weight}; subset of {SOURCE_FACE}",
             4: f"{FAMILY} {weight}", 6: f"{FAMILY.replace(' ', '')}-{weight}"}
    table = font["name"]
    table.names = [record for record in table.names if record.nameID not in (16, 17, 18, 21, 22)]
    for name_id, value in names.items():
        table.setName(value, name_id, 3, 1, 0x409)
        table.setName(value, name_id, 1, 0, 0)
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [names[6]]
        top = cff.topDictIndex[0]
        top.FullName, top.FamilyName = names[4], FAMILY


def metrics_like_inter(font: TTFont) -> None:
    """Ascent, descent and line gap as Inter's, in this font's units."""
    em = font["head"].unitsPerEm
    ascent, descent = round(ASCENT * em), round(DESCENT * em)
    hhea, os2 = font["hhea"], font["OS/2"]
    hhea.ascent, hhea.descent, hhea.lineGap = ascent, -descent, 0
    os2.sTypoAscender, os2.sTypoDescender, os2.sTypoLineGap = ascent, -descent, 0
    os2.usWinAscent, os2.usWinDescent = ascent, descent


def build(source: Path, weight: str, points: set[int], out_dir: Path) -> Path:
    """Write ``ArcadeCJK-<weight>.otf``, the subset of ``source``'s SC face to ``points``."""
    font = source_face(source)
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=points)
    subsetter.subset(font)
    renamed(font, weight)
    metrics_like_inter(font)
    path = out_dir / f"ArcadeCJK-{weight}.otf"
    font.save(str(path))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    for weight, default in WEIGHTS.items():
        parser.add_argument(f"--{weight.lower()}", type=Path, default=DEBIAN / default,
                            help=f"Noto Sans CJK SC {weight} (.otf, or a .ttc holding it); default {DEBIAN / default}")
    parser.add_argument("--po", type=Path, action="append", default=[],
                        help="a catalogue not yet under assets/locale whose characters to keep too (repeatable)")
    parser.add_argument("--out", type=Path, default=HERE, help="the folder to write to (default: beside this script)")
    args = parser.parse_args(argv)
    points = wanted(args.po)
    for weight in WEIGHTS:
        path = build(getattr(args, weight.lower()), weight, points, args.out)
        print(f"{path}: {len(points)} code points, {path.stat().st_size / 1e6:.2f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
