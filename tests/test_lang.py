"""The player's language: codes are read as users and systems write them, and an unknown language shows English."""
from __future__ import annotations

from game import lang


def test_language_codes_are_read_as_systems_write_them():
    assert lang.normalised("zh-cn") == "zh_CN"
    assert lang.normalised("zh_CN.UTF-8") == "zh_CN"
    assert lang.normalised("C") == lang.ENGLISH


def test_a_language_with_no_catalogue_shows_english(monkeypatch):
    try:
        assert lang.set_language("xx_YY") == lang.ENGLISH
        assert lang._("Play") == "Play"
        assert lang.ngettext("{n} move", "{n} moves", 1) == "{n} move"
        assert lang.ngettext("{n} move", "{n} moves", 3) == "{n} moves"
    finally:
        lang.set_language(lang.ENGLISH)


def test_the_system_language_is_taken_from_the_environment(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    assert lang.system_language() == "zh_CN"
