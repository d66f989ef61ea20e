"""Bot discovery: every bot file is tried, and a broken one never stops the rest."""
from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.match.botregistry import BotRegistry
from game.rules.catalogue import two_seat_games

FIXTURES = Path(__file__).parent / "fixtures"
BROKEN = FIXTURES / "bots_broken"


@pytest.fixture(scope="module")
def broken() -> BotRegistry:
    return BotRegistry.discover(BROKEN)


def problem_for(registry: BotRegistry, filename: str) -> str:
    found = [p.message for p in registry.problems if Path(p.path).name == filename]
    assert found, f"no problem reported for {filename}: {registry.problems}"
    return found[0]


def test_default_directory_imports_bots_as_package_modules():
    registry = BotRegistry.discover()
    info = registry.get("SparringPartner")
    assert info.module == "bots.example_bot"
    assert info.load_path is None
    assert info.name == "Sparring partner"
    assert info.games == two_seat_games()
    assert [(p.name, p.required, p.default) for p in info.params] == [("blunder_rate", False, 0.0)]
    assert info.analyses and not info.takes_any_params


def test_syntax_error_is_reported_with_file_and_line(broken):
    message = problem_for(broken, "syntax_error.py")
    assert "syntax error" in message
    assert "line 4" in message


def test_good_file_loads_beside_broken_ones(broken):
    info = broken.get("GoodFixtureBot")
    assert info.name == "Good fixture"
    assert info.load_path is not None and Path(info.load_path).name == "good_bot.py"


def test_missing_library_is_reported_naming_it(broken):
    message = problem_for(broken, "import_error.py")
    assert "ModuleNotFoundError" in message
    assert "no_such_library_for_board_arcade" in message


def test_exception_at_import_is_reported_with_its_line(broken):
    message = problem_for(broken, "raises_at_import.py")
    assert "RuntimeError: cannot find my weights file" in message
    assert "line 3" in message


def test_duplicate_class_name_keeps_the_first_and_reports_the_second(broken):
    assert broken.get("GoodFixtureBot").name == "Good fixture"
    message = problem_for(broken, "second_copy.py")
    assert "GoodFixtureBot" in message and "good_bot.py" in message


def test_games_written_as_a_string_is_reported(broken):
    assert "StringGamesBot" not in broken.bots
    assert "must be a tuple" in problem_for(broken, "string_games.py")


def test_underscore_files_and_bots_without_games_are_skipped(broken):
    assert all(Path(p.path).name != "_not_a_bot.py" for p in broken.problems)
    assert "AbstractFixtureBot" not in broken.bots


def test_problems_are_logged(caplog):
    with caplog.at_level(logging.WARNING, logger="game.match.botregistry"):
        BotRegistry.discover(BROKEN)
    assert any("syntax_error.py" in r.getMessage() for r in caplog.records)


def test_missing_directory_is_a_problem_not_an_error(tmp_path):
    registry = BotRegistry.discover(tmp_path / "nowhere")
    assert registry.bots == {}
    assert "not found" in registry.problems[0].message


def test_discover_loads_a_changed_file_afresh(tmp_path):
    source = (
        "from game.rules.bot import Bot\n"
        "class ChangingBot(Bot):\n"
        "    name = {name!r}\n"
        "    games = ('tictactoe',)\n"
    )
    bot_file = tmp_path / "changing.py"
    bot_file.write_text(source.format(name="first"))
    assert BotRegistry.discover(tmp_path).get("ChangingBot").name == "first"
    bot_file.write_text(source.format(name="second"))
    assert BotRegistry.discover(tmp_path).get("ChangingBot").name == "second"


def test_find_accepts_class_or_display_name_in_any_case(broken):
    assert broken.find("goodfixturebot").key == "GoodFixtureBot"
    assert broken.find("GOOD FIXTURE").key == "GoodFixtureBot"
    assert broken.find("nobody") is None


def test_get_of_unknown_bot_names_the_bots_found(broken):
    with pytest.raises(KeyError, match="GoodFixtureBot"):
        broken.get("GoodFixtureBotx")


def test_for_game_lists_only_bots_of_that_game(broken):
    assert [i.key for i in broken.for_game("tictactoe")] == ["FineNeighbourBot", "GoodFixtureBot"]
    assert broken.for_game("no-such-game") == []


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[BotRegistry, Path]:
    """Discovery of files that hang and end the process at import."""
    marker = tmp_path_factory.mktemp("marker") / "importer.pid"
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("BOARD_ARCADE_TEST_IMPORT_MARKER", str(marker))
        registry = BotRegistry.discover(FIXTURES / "bots_hostile", timeout=2.0)
    return registry, marker


def test_file_hanging_at_import_is_skipped_and_named(hostile):
    assert "did not finish importing within 2 s" in problem_for(hostile[0], "b_hangs.py")


def test_file_ending_the_process_at_import_is_skipped_and_named(hostile):
    assert "ended the bot search (exit code 3)" in problem_for(hostile[0], "c_exits.py")


def test_bots_before_and_after_hostile_files_are_listed(hostile):
    registry, _ = hostile
    assert sorted(registry.bots) == ["AfterBot", "BeforeBot"]
    assert len(registry.problems) == 2


def test_bot_files_are_imported_in_another_process(hostile):
    _, marker = hostile
    assert marker.read_text() != str(os.getpid())


def test_prints_of_a_bot_file_stay_out_of_the_programs_output(tmp_path, capfd):
    (tmp_path / "noisy.py").write_text('print("NOISE FROM A BOT FILE")\n')
    registry = BotRegistry.discover(tmp_path)
    assert registry.problems == []
    assert "NOISE FROM A BOT FILE" not in capfd.readouterr().out


def test_what_a_bot_file_writes_while_imported_is_logged_escaped(tmp_path, capfd, caplog):
    """Issue 33: no text of a bot reaches the terminal raw; what a file writes as it is
    imported (stdout, stderr, file descriptors 1 and 2) goes to the log, escaped."""
    (tmp_path / "loud.py").write_text('import os, sys\nprint("OUT \\x1b[2J")\n'
                                      'sys.stderr.write("ERR \\x1b[2J\\n")\nos.write(2, b"FD2 \\x1b[2J\\n")\n')
    with caplog.at_level(logging.WARNING, logger="game.match.supervisor"):
        registry = BotRegistry.discover(tmp_path)
    assert registry.problems == []
    captured = capfd.readouterr()
    assert "\x1b" not in captured.out + captured.err
    logged = [record.getMessage() for record in caplog.records]
    for words in ("OUT", "ERR", "FD2"):
        assert f"the bot search wrote: {words} \\x1b[2J" in logged


def test_check_builds_each_bot_with_its_parameters_and_keeps_the_error():
    registry = BotRegistry.discover(FIXTURES / "bots_tiers",
                                    check=[("StrongBot", {"depth": 1}), ("StrongBot", {"depth": 9}), ("Gone", {})])
    assert registry.checked("StrongBot", {"depth": 1}) and registry.construct_error("StrongBot", {"depth": 1}) is None
    assert registry.construct_error("StrongBot", {"depth": 9}) == "ValueError: depth must be 1 or 2, got 9"
    assert not registry.checked("Gone", {})


def test_constructor_that_hangs_is_an_error_and_later_files_still_load(tmp_path):
    (tmp_path / "a_stuck.py").write_text(
        "import time\nfrom game.rules.bot import Bot\n"
        "class StuckBot(Bot):\n    games = ('tictactoe',)\n"
        "    def __init__(self, wait=False, seed=None):\n"
        "        super().__init__(seed=seed)\n"
        "        while wait:\n            time.sleep(0.05)\n")
    (tmp_path / "b_fine.py").write_text("from game.rules.bot import Bot\nclass FineBot(Bot):\n    games = ('tictactoe',)\n")
    registry = BotRegistry.discover(tmp_path, check=[("StuckBot", {"wait": True})], timeout=2.0)
    assert sorted(registry.bots) == ["FineBot", "StuckBot"]
    assert registry.construct_error("StuckBot", {"wait": True}) == "was still being built after 2 s"
    assert registry.problems == []


@pytest.mark.parametrize("key, expected", [
    ("GamesNumberBot", "GamesNumberBot.games must be a tuple of game ids such as ('tictactoe',), got 5"),
    ("GamesNoneBot", "GamesNoneBot.games must be a tuple of game ids such as ('tictactoe',), got None"),
    ("GamesMixedBot", "GamesMixedBot.games must hold game ids (text), got ['x']"),
    ("NameNumberBot", "NameNumberBot.name must be text, got 5"),
    ("NoDescriptionBot", "NoDescriptionBot.description must be text, got None"),
])
def test_class_attribute_of_the_wrong_type_is_reported_with_file_and_class(broken, key, expected):
    assert key not in broken.bots
    messages = [p.message for p in broken.problems if Path(p.path).name == "bad_attributes.py"]
    assert any(message.startswith(expected) for message in messages), messages


def test_bot_beside_badly_typed_ones_loads_with_its_games_as_a_tuple(broken):
    assert broken.get("FineNeighbourBot").games == ("tictactoe",)


def test_discovery_works_from_a_script_without_a_main_guard(tmp_path):
    script = tmp_path / "list_bots.py"
    script.write_text(f"import sys\nsys.path.insert(0, {str(FIXTURES.parent.parent)!r})\n"
                      "from game.match.botregistry import BotRegistry\n"
                      "registry = BotRegistry.discover()\n"
                      "print(sorted(registry.bots), registry.problems)\n")
    result = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "'SparringPartner'" in result.stdout and result.stdout.rstrip().endswith("[]")


def test_a_bot_file_reading_input_at_import_fails_at_once_instead_of_waiting(tmp_path):
    (tmp_path / "asks.py").write_text("from game.rules.bot import Bot\nWHO = input()\n", encoding="utf-8")
    (tmp_path / "fine.py").write_text("from game.rules.bot import Bot\nclass FineBot(Bot):\n    games = ('tictactoe',)\n",
                                      encoding="utf-8")
    registry = BotRegistry.discover(tmp_path, timeout=20)
    assert [str(p) for p in registry.problems] == [f"{tmp_path / 'asks.py'}: failed to import: EOFError: "
                                                   "EOF when reading a line (line 2)"]
    assert list(registry.bots) == ["FineBot"]


def test_constructor_defaults_are_kept_when_they_are_plain_data(tmp_path):
    (tmp_path / "defaults.py").write_text(
        "from game.rules.bot import Bot\n"
        "class Text(str):\n    pass\n"
        "class DefaultsBot(Bot):\n    games = ('tictactoe',)\n"
        "    def __init__(self, rate=0.5, limit=float('inf'), name='x', raw=b'\\x00', table={'a': {1: 2}},\n"
        "                 weights=(1, 2), marks={3}, owner=object(), label=Text('y'), huge=2 ** 70, seed=None):\n"
        "        super().__init__(seed=seed)\n", encoding="utf-8")
    registry = BotRegistry.discover(tmp_path)
    defaults = {param.name: param.default for param in registry.get("DefaultsBot").params}
    assert defaults == {"rate": 0.5, "limit": float("inf"), "name": "x", "raw": b"\x00", "table": {"a": {1: 2}},
                        "weights": [1, 2], "marks": [3], "owner": None, "label": None, "huge": None}


def test_check_whose_parameters_are_not_plain_data_fails_saying_so_and_the_others_run():
    registry = BotRegistry.discover(FIXTURES / "bots_tiers",
                                    check=[("StrongBot", {"depth": 2 ** 70}), ("StrongBot", {"depth": 1})])
    assert "cannot be sent to the bot search" in registry.construct_error("StrongBot", {"depth": 2 ** 70})
    assert registry.checked("StrongBot", {"depth": 1}) and registry.construct_error("StrongBot", {"depth": 1}) is None
    assert "StrongBot" in registry.bots
