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


def test_numbers_dates_and_times_are_written_the_languages_way():
    import datetime as dt

    moment = dt.datetime(2026, 11, 27, 14, 5)
    try:
        assert (lang.number(12345), lang.day(moment), lang.time_of_day(moment)) == ("12,345", "27 Nov 2026", "14:05")
        lang.set_language("zh_CN")
        assert (lang.day(moment), lang.percent(0.25)) == ("2026年11月27日", "25%")
        assert lang.display_name("zh_CN").startswith("中文")
    finally:
        lang.set_language(lang.ENGLISH)


def test_the_command_lines_language_wins_over_the_settings_until_the_player_chooses_one():
    try:
        lang.set_override("zh_CN")
        assert lang.follow_setting("") == "zh_CN" and lang.follow_setting("en") == "zh_CN"
        lang.set_override(None)
        assert lang.follow_setting("en") == lang.ENGLISH
    finally:
        lang.set_override(None)
        lang.set_language(lang.ENGLISH)


def test_a_region_without_a_catalogue_reads_its_nearest():
    assert lang.best_match("zh_HK.UTF-8") == "zh_TW"
    assert lang.best_match("zh_SG") == "zh_CN"
    assert lang.best_match("zh") in ("zh_CN", "zh_TW") and lang.best_match("fr_FR") == lang.ENGLISH
