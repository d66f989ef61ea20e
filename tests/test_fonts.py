"""The fonts draw every word the arcade ships, in every language, and say when they cannot.

The shipped Chinese face (Arcade CJK, a subset of Noto Sans CJK SC cut by
``assets/fonts/make_cjk_subset.py``) must hold every character of every shipped
catalogue, or the window would draw boxes for them; a mixed Latin and Chinese
line keeps one baseline and one height; a character no font has is logged.
"""
from __future__ import annotations

import importlib.util
import logging
import os

import pygame
import pytest

from game.paths import ASSETS_DIR
from game.ui import palette, typeface
from game.ui.draw import Fonts, render

FONTS = ASSETS_DIR / "fonts"


def subset_script():
    """``assets/fonts/make_cjk_subset.py``, the one reader of the character lists."""
    spec = importlib.util.spec_from_file_location("make_cjk_subset", FONTS / "make_cjk_subset.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module", autouse=True)
def fonts_ready():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.font.init()
    yield


def drawable_by(face, companion, ch: str) -> bool:
    return typeface.has_glyph(face, ch) or typeface.has_glyph(companion, ch)


def test_every_character_of_every_shipped_catalogue_is_in_the_shipped_fonts():
    script = subset_script()
    catalogues = script.shipped_catalogues()
    assert catalogues, "no catalogue under assets/locale"
    characters = {ch for ch in script.catalogue_characters(catalogues) if ch.isprintable() and not ch.isspace()}
    assert any(ord(ch) >= 0x4E00 for ch in characters)
    for face, companion in typeface.CJK_FOR.items():
        lacking = sorted(ch for ch in characters if not drawable_by(face, companion, ch))
        assert not lacking, (f"{face.name} + {companion.name} lack {''.join(lacking)!r}: "
                             "run assets/fonts/make_cjk_subset.py again")


def test_the_shipped_chinese_faces_hold_the_3500_common_characters():
    common = subset_script().level1()
    assert len(common) == 3500
    for companion in (typeface.CJK_REGULAR, typeface.CJK_BOLD):
        assert [ch for ch in common if not typeface.has_glyph(companion, ch)] == []
        assert companion.stat().st_size < 2_000_000


def test_chinese_in_a_latin_line_is_drawn_by_the_chinese_face_of_the_same_weight():
    fonts = Fonts()
    text, bold = fonts.text(18), fonts.bold(18)
    assert [part for _face, part in text.runs("Play 开始 (黑)")] == ["Play ", "开始", " (", "黑", ")"]
    faces = [face for face, _part in text.runs("Play 开始")]
    assert faces[0] is text and faces[1] is text.face(typeface.CJK_REGULAR)
    assert bold.runs("开")[0][0] is bold.face(typeface.CJK_BOLD)


def ink(surface: pygame.Surface) -> pygame.Rect:
    return pygame.mask.from_surface(surface).get_bounding_rects()[0]


@pytest.mark.parametrize("size", [14, 22, 48])
def test_a_mixed_line_keeps_the_latin_faces_height_and_baseline(size):
    fonts = Fonts()
    for font in (fonts.text(size), fonts.display(size)):
        assert font.size("Gomoku 五子棋")[1] == font.get_height() == font.size("Gomoku")[1]
        latin, chinese = render(font, "H", (255, 255, 255)), render(font, "中", (255, 255, 255))
        assert latin.get_height() == chinese.get_height()
        baseline = font.get_ascent()
        assert ink(latin).bottom == pytest.approx(baseline, abs=1)
        # Noto's ideographs sit 0.12 em below the baseline, as in every CJK face, and reach above the capitals.
        assert 0 <= ink(chinese).bottom - baseline <= 0.15 * size + 1
        assert ink(chinese).top <= ink(latin).top + 1
        assert ink(chinese).height >= 0.8 * size - 1


def test_a_character_no_font_has_is_logged_once_with_its_text(monkeypatch, caplog):
    monkeypatch.setattr(typeface, "system_font_for", lambda ch: None)
    monkeypatch.setattr(typeface, "_logged", set())
    font = Fonts().text(16)
    odd = "\U00020000"   # CJK Extension B, in no shipped face
    with caplog.at_level(logging.WARNING, logger="game.ui.typeface"):
        image = render(font, f"name {odd}!", (255, 255, 255))
        render(font, f"again {odd}", (255, 255, 255))
    assert image.get_width() > 0
    logged = [record.getMessage() for record in caplog.records]
    assert len(logged) == 1
    assert "U+20000" in logged[0] and f"name {odd}!" in logged[0]


def test_a_character_only_a_system_font_has_is_drawn_with_that_font(monkeypatch):
    font = Fonts().text(16)
    hangul = "한"
    assert not typeface.has_glyph(palette.TEXT_FONT, hangul) and not typeface.has_glyph(typeface.CJK_REGULAR, hangul)
    monkeypatch.setattr(typeface, "system_font_for", lambda ch: palette.TEXT_FONT_BOLD if ch == "é" else
                        (typeface.CJK_BOLD if ch == hangul else None))
    monkeypatch.setattr(typeface, "has_glyph", lambda path, ch: ch.isascii() or (path == typeface.CJK_BOLD))
    runs = font.runs(f"Kim {hangul}")
    assert runs[-1] == (font.face(typeface.CJK_BOLD), hangul)


def test_chinese_wraps_between_characters_and_no_line_starts_with_closing_punctuation():
    from game.ui.draw import wrap_text
    font = Fonts().text(17)
    paragraph = "连珠：白方五连或长连都胜。黑方只有恰好五连才胜，并且不得下出长连、同时形成两个四（四四）的棋。Renju h8 i9"
    for width in range(60, 400, 7):
        lines = wrap_text(font, paragraph, width)
        assert "".join(lines).replace(" ", "") == paragraph.replace(" ", "")
        assert all(font.size(line)[0] <= width for line in lines if len(line) > 1)
        assert not any(line[:1] in "，。、：；）" for line in lines[1:])
        assert not any(line.endswith("（") for line in lines[:-1])
    assert len(wrap_text(font, paragraph, 200)) > 2       # not one long line cut anywhere
