"""Settings and statistics kept between runs, and what happens to damaged files."""
import dataclasses
import json
import os
import time

import pytest

from game.rules.chinesecheckers import GOAL_FILLED
from game.rules.core import Outcome, Termination
from game.match.record import Player
from game.store.jsonfile import atomic_write_text
from game.store.userdata import (
    Settings,
    Stats,
    load_settings,
    load_stats,
    save_settings,
    save_stats,
    settings_path,
    stats_path,
)
from tests.store_helpers import run_at_once


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


def test_a_bad_settings_value_is_told_in_the_players_language_with_what_it_should_be(monkeypatch):
    from game import lang

    settings_path().write_text(json.dumps({"theme": "purple", "volume": 3}))
    lang.set_language("zh_CN")
    settings, problems = load_settings()
    assert settings.theme == "dark" and settings.volume == 1.0
    assert f"{settings_path()}：theme 的值 'purple' 不是\"dark\" 或 \"light\"；使用默认值" in problems
    assert f"{settings_path()}：volume 的值 3 不是0 到 1 之间的数字；使用默认值" in problems



def test_display_choices_persist_and_an_older_files_top_level_ones_are_kept():
    save_settings(Settings(display={"show_legal_moves": False, "show_move_numbers": True}))
    assert load_settings() == (Settings(display={"show_legal_moves": False, "show_move_numbers": True}), [])
    settings_path().write_text(json.dumps({"sound": False, "show_legal_moves": False, "show_move_numbers": True}))
    settings, problems = load_settings()
    assert problems == [] and settings == Settings(sound=False, display={"show_legal_moves": False, "show_move_numbers": True})


def test_a_display_choice_that_is_not_true_or_false_falls_back_alone():
    settings_path().write_text(json.dumps({"display": {"show_legal_moves": 3, "show_move_numbers": True}}))
    settings, problems = load_settings()
    assert settings.display == {"show_move_numbers": True}
    assert len(problems) == 1 and "show_legal_moves 3 is not true or false" in problems[0]
    settings_path().write_text(json.dumps({"display": [1], "sound": False}))
    settings, problems = load_settings()
    assert settings == Settings(sound=False) and "display [1]" in problems[0]

def test_stats_count_a_matchup_from_the_humans_side_whichever_seat():
    stats = Stats()
    stats.record("tictactoe", [Player.human(), Player.of_bot("Master")], Outcome((), "board full", termination=Termination.BOARD_FULL))
    stats.record("tictactoe", [Player.of_bot("Master"), Player.human()], Outcome((1,), "three in a row", termination=Termination.LINE))
    stats.record("tictactoe", [Player.human(), Player.of_bot("Master")], Outcome((1,), "three in a row", termination=Termination.LINE))
    [row] = stats.rows()
    assert (row.matchup, row.wins, row.draws, row.losses) == ("Human vs Master", 1, 1, 1)


def test_stats_name_a_many_player_matchup_with_each_label_once_and_its_count():
    stats = Stats()
    easy, hard = Player.of_bot("Easy"), Player.of_bot("Hard")
    stats.record("chinesecheckers", [easy, Player.human(), hard, easy, easy, easy], Outcome((1,), "goal filled", termination=GOAL_FILLED))
    stats.record("chinesecheckers", [Player.human(), easy, easy, easy, easy, hard], Outcome((5,), "goal filled", termination=GOAL_FILLED))
    stats.record("tictactoe", [easy, easy], Outcome((0,), "three in a row", termination=Termination.LINE))
    assert [(r.matchup, r.wins, r.losses) for r in stats.rows()] == [
        ("Human vs Easy ×4 vs Hard", 1, 1), ("Easy vs Easy", 1, 0)]


def test_stats_persist_and_damaged_counts_are_skipped():
    stats = Stats()
    stats.record("tictactoe", [Player.human(), Player.of_bot("Easy")], Outcome((0,), "three in a row", termination=Termination.LINE))
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


@pytest.mark.parametrize("text", ["[1, 2]", "1" * 5000, "[" * 100000, '"just text"'])
def test_settings_file_of_any_wrong_shape_is_reported_and_set_aside(text):
    settings_path().write_text(text)
    settings, problems = load_settings()
    assert settings == Settings() and len(problems) == 1
    assert settings_path().with_name("settings.json.bad").read_text() == text
    save_settings(settings)
    assert settings_path().with_name("settings.json.bad").read_text() == text


@pytest.mark.parametrize(
    "counts", [{"wins": float("inf")}, {"wins": True}, {"wins": -1}, {"wins": 2.5}, [1, 2], None]
)
def test_stats_with_impossible_counts_keep_the_original_file_aside(counts):
    original = json.dumps({"tictactoe": {"Human vs Easy": counts, "Human vs Hard": {"wins": 2}}})
    stats_path().write_text(original)
    stats, problems = load_stats()
    assert [(r.matchup, r.wins) for r in stats.rows()] == [("Human vs Hard", 2)]
    assert "Human vs Easy" in problems[0] and ".bad" in problems[0]
    save_stats(stats)
    assert stats_path().with_name("stats.json.bad").read_text() == original


def test_stats_of_two_arcades_running_at_once_add_up():
    first, _ = load_stats()
    second, _ = load_stats()
    first.record("tictactoe", [Player.human(), Player.of_bot("Easy")], Outcome((0,), "three in a row", termination=Termination.LINE))
    second.record("tictactoe", [Player.human(), Player.of_bot("Easy")], Outcome((), "board full", termination=Termination.BOARD_FULL))
    save_stats(first)
    save_stats(second)
    [row] = load_stats()[0].rows()
    assert (row.wins, row.draws, row.losses) == (1, 1, 0)
    assert second.rows() == load_stats()[0].rows()


def test_cleared_stats_stay_cleared_after_saving():
    stats = Stats()
    stats.record("tictactoe", [Player.human(), Player.of_bot("Easy")], Outcome((0,), "three in a row", termination=Termination.LINE))
    save_stats(stats)
    stats.clear()
    save_stats(stats)
    assert load_stats()[0].rows() == []


def test_bad_counts_are_reported_with_the_count_and_the_value():
    stats_path().write_text(json.dumps({"tictactoe": {"Human vs Easy": {"wins": 3, "losses": -1}}}))
    stats, [problem] = load_stats()
    assert stats.rows() == []
    assert "tictactoe / Human vs Easy: bad counts (losses: expected a count (a whole number from 0), got -1)" in problem


def _record_games(go, home, games, outcome_seat):
    os.environ["BOARD_ARCADE_HOME"] = home
    stats, _ = load_stats()
    go.wait()
    for _ in range(games):
        stats.record("tictactoe", [Player.human(), Player.of_bot("Easy")],
                     Outcome((outcome_seat,), "three in a row", termination=Termination.LINE))
        save_stats(stats)


def test_stats_of_arcades_recording_games_at_once_keep_every_game(home):
    run_at_once(_record_games, [(str(home), 60, seat % 2) for seat in range(4)])
    [row] = load_stats()[0].rows()
    assert (row.wins, row.losses, row.games) == (120, 120, 240)


def _change_display_option(go, home, name, times):
    os.environ["BOARD_ARCADE_HOME"] = home
    settings, _ = load_settings()
    go.wait()
    for turn in range(times):
        settings = dataclasses.replace(settings, display={**settings.display, name: turn % 2 == 0})
        save_settings(settings)


def _change_setting(go, home, name, value):
    os.environ["BOARD_ARCADE_HOME"] = home
    settings, _ = load_settings()
    go.wait()
    time.sleep(0.2 if name == "sound" else 0)
    save_settings(dataclasses.replace(settings, **{name: value}))


def test_settings_changed_in_two_arcades_keep_both_changes(home):
    run_at_once(_change_setting, [(str(home), "bot_delay", 1.2), (str(home), "sound", False)])
    settings, _ = load_settings()
    assert (settings.bot_delay, settings.sound) == (1.2, False)


def test_display_options_changed_in_arcades_at_once_are_all_kept(home):
    names = [f"option_{n}" for n in range(4)]
    run_at_once(_change_display_option, [(str(home), name, 25) for name in names])
    assert load_settings()[0].display == dict.fromkeys(names, True)


def test_a_theme_colour_blind_choice_and_volume_are_kept_and_a_bad_one_falls_back_alone():
    save_settings(Settings(theme="light", colour_blind=True, volume=0.25))
    assert load_settings() == (Settings(theme="light", colour_blind=True, volume=0.25), [])
    settings_path().write_text(json.dumps({"theme": "purple", "volume": 3, "colour_blind": True}))
    settings, problems = load_settings()
    assert (settings.theme, settings.volume, settings.colour_blind) == ("dark", 1.0, True)
    assert any("theme 'purple'" in p and '"dark" or "light"' in p for p in problems), problems
    assert any("volume 3" in p and "from 0 to 1" in p for p in problems), problems
