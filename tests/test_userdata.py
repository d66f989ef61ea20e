"""Settings and statistics kept between runs, and what happens to damaged files."""
import json

import pytest

from game.core import Outcome
from game.match import Player
from game.userdata import (
    Settings,
    Stats,
    atomic_write_text,
    load_settings,
    load_stats,
    save_settings,
    save_stats,
    settings_path,
    stats_path,
)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    return tmp_path


def test_settings_persist_between_runs():
    save_settings(Settings(anim_speed=2.0, sound=False, window_size=(1440, 900), fullscreen=True, bot_delay=1.0))
    settings, problems = load_settings()
    assert problems == []
    assert settings == Settings(2.0, False, (1440, 900), True, 1.0)


def test_missing_settings_give_defaults_quietly():
    assert load_settings() == (Settings(), [])


def test_damaged_settings_file_is_reported_and_kept_aside():
    settings_path().write_text("{not json")
    settings, problems = load_settings()
    assert settings == Settings()
    assert "could not be read" in problems[0] and "settings.json" in problems[0]
    assert settings_path().with_name("settings.json.bad").exists()


def test_bad_setting_values_fall_back_one_by_one():
    settings_path().write_text(json.dumps({"anim_speed": 7, "sound": False, "window_size": "big", "colour": 1}))
    settings, problems = load_settings()
    assert settings.sound is False
    assert settings.anim_speed == 1.0 and settings.window_size == (1280, 800)
    text = " ".join(problems)
    assert "anim_speed 7" in text and "window_size 'big'" in text and "colour" in text


def test_stats_count_a_matchup_from_the_humans_side_whichever_seat():
    stats = Stats()
    stats.record("tictactoe", [Player.human(), Player.of_bot("Master")], Outcome((), "board full"))
    stats.record("tictactoe", [Player.of_bot("Master"), Player.human()], Outcome((1,), "three in a row"))
    stats.record("tictactoe", [Player.human(), Player.of_bot("Master")], Outcome((1,), "three in a row"))
    [row] = stats.rows()
    assert (row.matchup, row.wins, row.draws, row.losses) == ("Human vs Master", 1, 1, 1)


def test_stats_persist_and_damaged_counts_are_skipped():
    stats = Stats()
    stats.record("tictactoe", [Player.human(), Player.of_bot("Easy")], Outcome((0,), "three in a row"))
    save_stats(stats)
    loaded, problems = load_stats()
    assert loaded.rows() == stats.rows() and problems == []
    stats_path().write_text(json.dumps({"tictactoe": {"Human vs Easy": {"wins": "many"}, "Human vs Hard": {"wins": 2}}}))
    loaded, problems = load_stats()
    assert [(r.matchup, r.wins) for r in loaded.rows()] == [("Human vs Hard", 2)]
    assert "Human vs Easy" in problems[0]


def test_atomic_write_replaces_whole_file(tmp_path):
    path = tmp_path / "sub" / "f.txt"
    atomic_write_text(path, "one")
    atomic_write_text(path, "two")
    assert path.read_text() == "two"
    assert [p.name for p in path.parent.iterdir()] == ["f.txt"]
