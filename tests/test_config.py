"""config.yaml: loading never fails, and every problem names file, line, key and what is expected.

The built-in settings are the shipped config.yaml itself: another file's
bad entries fall back to it, and its own bad entries have nothing to fall
back on. Tests of the shipped file's own faults point ``CONFIG_PATH`` at a
copy they break.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
import yaml

from game.match.config import reader as config_reader
from game.rules import catalogue as games
from game.match.botregistry import BotInfo, BotParam, BotRegistry
from game.match.config import (CONFIG_PATH, DEFAULT_TIME_BUDGET, BotChoiceError, GameConfig, TierSpec,
                               builtin_games, config_path, load_config)
from game.match.record import HUMAN
from game.paths import engine_log_path

FIXTURES = Path(__file__).parent / "fixtures"


def fake(key: str, *, name: str = "", games: tuple[str, ...] = ("tictactoe",), description: str = "",
         params: tuple[BotParam, ...] = (), analyses: bool = False) -> BotInfo:
    """The metadata discovery would give for a bot class ``key``."""
    return BotInfo(key, "tests.fake", name or key, games, description, params=params, analyses=analyses)


def registry_of(*infos: BotInfo) -> BotRegistry:
    return BotRegistry(Path("fake"), bots={info.key: info for info in infos})


@pytest.fixture(scope="module")
def default_bots() -> BotRegistry:
    """Stand-ins for the four default tier bots, so fallbacks can be checked."""
    return registry_of(fake("TicTacToeEasy", description="easy"), fake("TicTacToeRules", description="easy"),
                       fake("TicTacToeSymmetry", description="searches", params=(BotParam("depth", default=4),)),
                       fake("TicTacToePerfect", description="easy", analyses=True),
                       fake("OtherGameBot", games=("othergame",)))


@pytest.fixture(scope="module")
def tier_bots() -> BotRegistry:
    return BotRegistry.discover(FIXTURES / "bots_tiers")


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "config.yaml"
    path.write_text(textwrap.dedent(text))
    return path


def tiers_of(game: GameConfig) -> list[tuple[str, str, dict]]:
    return [(t.name, t.bot, t.params) for t in game.tiers]


#: The shipped file's games, read as plain YAML (not by the code under test).
SHIPPED = yaml.safe_load(CONFIG_PATH.read_text(encoding="utf-8"))["games"]
#: The shipped file's ``bots:`` section, read the same way.
SHIPPED_BOTS = yaml.safe_load(CONFIG_PATH.read_text(encoding="utf-8"))["bots"]


def shipped_tiers(game_id: str) -> list[tuple[str, str, dict]]:
    entries = SHIPPED[game_id]["tiers"].items()
    return [(name, entry["bot"], entry.get("params") or {}) if isinstance(entry, dict) else (name, entry, {})
            for name, entry in entries]


DEFAULT_TIERS = shipped_tiers("tictactoe")


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """Makes the shipped config.yaml a file of the test's own: call it with the file's text."""
    def ship(text: str | None) -> Path:
        path = tmp_path / "shipped" / "config.yaml"
        if text is not None:
            path.parent.mkdir()
            path.write_text(textwrap.dedent(text))
        monkeypatch.setattr(config_reader, "CONFIG_PATH", path)
        return path
    return ship


def test_shipped_config_loads_cleanly_and_matches_the_defaults():
    config = load_config()
    assert config.path == CONFIG_PATH
    assert config.problems == []
    game = config.game("tictactoe")
    assert tiers_of(game) == DEFAULT_TIERS
    assert game.hint_tier == SHIPPED["tictactoe"]["hint"]
    assert game.time_budget == SHIPPED["tictactoe"]["time_budget"]


@pytest.mark.parametrize("game_id", sorted(SHIPPED))
def test_builtin_settings_of_every_game_are_the_shipped_files(tmp_path, game_id):
    entry = SHIPPED[game_id]
    for game in (builtin_games()[game_id], load_config(write(tmp_path, "games: {}\n")).game(game_id)):
        assert tiers_of(game) == shipped_tiers(game_id)
        assert game.hint_tier == entry["hint"]
        assert game.time_budget == entry.get("time_budget", DEFAULT_TIME_BUDGET)
        assert game.hint_time == entry.get("hint_time")


def test_broken_entries_of_the_shipped_file_have_nothing_to_fall_back_on(shipped):
    shipped("""\
        games:
          tictactoe:
            time_budget: soon
            hint: Master
            tiers:
              Easy: {bot: TicTacToeEasy}
              Hard: {bot: TicTacToeSymmetry, params: [5]}
              Master: {bot: TicTacToePerfect}
          connect4:
            tiers: {Easy: ConnectFourEasy}
        """)
    config = load_config()
    assert config.problems == [
        "config.yaml line 3: games.tictactoe.time_budget: expected seconds per move, a number from 0.01 to 600, "
        "got 'soon'; using 1 s",
        "config.yaml line 7: games.tictactoe.tiers.Hard.params: expected a mapping of parameter names to values, "
        "got a list; tier Hard left out"]
    tictactoe = config.game("tictactoe")
    assert tiers_of(tictactoe) == [("Easy", "TicTacToeEasy", {}), ("Master", "TicTacToePerfect", {})]
    assert tictactoe.time_budget == DEFAULT_TIME_BUDGET and tictactoe.hint_tier == "Master"
    assert tiers_of(config.game("connect4")) == [("Easy", "ConnectFourEasy", {})]


def test_tier_of_the_shipped_file_whose_bot_is_missing_is_left_out(shipped, default_bots):
    shipped("""\
        games:
          tictactoe:
            hint: Master
            tiers: {Easy: TicTacToeEasy, Medium: TicTacToeRulez, Master: TicTacToePerfect}
        """)
    config = load_config(registry=default_bots)
    [problem] = config.problems
    assert problem.startswith("config.yaml line 4: games.tictactoe.tiers.Medium.bot: no bot class 'TicTacToeRulez'")
    assert problem.endswith("; tier Medium left out")
    assert tiers_of(config.game("tictactoe")) == [("Easy", "TicTacToeEasy", {}), ("Master", "TicTacToePerfect", {})]


def test_another_file_falls_back_only_to_what_the_shipped_file_has(shipped, tmp_path, default_bots):
    shipped("games: {tictactoe: {tiers: {Easy: TicTacToeEasy, Hard: {bot: TicTacToeSymmetry, params: 5}}}}\n")
    path = write(tmp_path, "games: {tictactoe: {tiers: {Easy: {bot: 1}, Hard: {bot: 2}}}}\n")
    config = load_config(path, default_bots)
    assert [p.split(": ", 1)[1].split(":")[0] for p in config.problems] == [
        "games.tictactoe.tiers.Easy.bot", "games.tictactoe.tiers.Hard.bot"]
    assert config.problems[0].endswith("using the built-in Easy tier (TicTacToeEasy)")
    assert config.problems[1].endswith("tier Hard left out")
    assert tiers_of(config.game("tictactoe")) == [("Easy", "TicTacToeEasy", {})]


@pytest.mark.parametrize("text, start", [
    (None, "config.yaml: not found at {path}; "),
    ("games: [\n", "config.yaml line 2: not valid YAML ("),
    ("", "config.yaml: is empty; "),
], ids=["missing", "not YAML", "empty"])
def test_shipped_file_that_cannot_be_used_leaves_every_bot_under_its_own_name(shipped, tier_bots, text, start):
    path = shipped(text)
    config = load_config(registry=tier_bots)
    [problem] = config.problems
    assert problem.startswith(start.format(path=path))
    assert problem.endswith("; the generic tree search's tiers for every game (every bot is also offered under its own name)")
    # These bots have no generic tree search, so its tiers are left out and every bot stands alone.
    assert config.game("tictactoe").tiers == [] and config.game("tictactoe").hint_tier == ""
    assert [c.label for c in config.seat_choices("tictactoe", tier_bots)] == ["Human", "Lone wolf", "Strong", "Weak"]


def test_good_file_gives_its_budget_hint_and_tiers_in_order(tmp_path, tier_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            time_budget: 0.25
            hint: strong
            tiers:
              Beginner: {bot: WeakBot}
              Expert: {bot: StrongBot, params: {depth: 1, style: bold}}
              Strong: StrongBot
        """)
    config = load_config(path, tier_bots)
    assert config.problems == []
    game = config.game("tictactoe")
    assert game.time_budget == 0.25
    assert game.hint_tier == "Strong"
    assert tiers_of(game) == [("Beginner", "WeakBot", {}),
                              ("Expert", "StrongBot", {"depth": 1, "style": "bold"}),
                              ("Strong", "StrongBot", {})]


def test_unclosed_bracket_is_named_on_the_line_it_was_opened_and_defaults_are_used(tmp_path):
    path = write(tmp_path, """\
        games:
          tictactoe:
            tiers: {Easy: {bot: X}
            hint: Master
        """)
    config = load_config(path)
    [problem] = config.problems
    assert problem.startswith("config.yaml line 3: not valid YAML (a { opened here is not closed")
    assert "at line 4" in problem
    assert tiers_of(config.game("tictactoe")) == DEFAULT_TIERS


def test_unclosed_quote_is_named_on_its_line_not_at_the_end_of_the_file(tmp_path):
    path = write(tmp_path, "games:\n  tictactoe:\n    hint: 'Master\n    time_budget: 1\n" + "# note\n" * 20)
    [problem] = load_config(path).problems
    assert problem.startswith("config.yaml line 3: not valid YAML (a quote opened here is not closed")


def test_key_indented_wrongly_above_a_comment_is_named_on_its_own_line(tmp_path):
    path = write(tmp_path, """\
        games:
          tictactoe:
            tiers:
                Easy: {bot: TicTacToeEasy}
              # a comment
              # and another

              Medium: {bot: TicTacToeRules}
        """)
    [problem] = load_config(path).problems
    assert problem.startswith("config.yaml line 4: not valid YAML (the indentation of line 4 or of line 8")


def test_missing_file_uses_defaults_and_says_where_it_looked(tmp_path):
    config = load_config(tmp_path / "config.yaml")
    assert tiers_of(config.game("tictactoe")) == DEFAULT_TIERS
    assert "config.yaml" in config.problems[0] and str(tmp_path) in config.problems[0]
    assert "not found" in config.problems[0]


def test_unknown_bot_is_replaced_by_the_builtin_tier(tmp_path, default_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            tiers:
              Easy: {bot: TicTacToeEasy}
              Medium: {bot: TicTacToeRulez}
        """)
    config = load_config(path, default_bots)
    [problem] = config.problems
    assert problem.startswith("config.yaml line 5: games.tictactoe.tiers.Medium.bot:")
    assert "'TicTacToeRulez'" in problem and "did you mean TicTacToeRules?" in problem
    assert tiers_of(config.game("tictactoe")) == [("Easy", "TicTacToeEasy", {}),
                                                  ("Medium", "TicTacToeRules", {})]


def test_unknown_bot_in_a_tier_without_default_leaves_the_tier_out(tmp_path, tier_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            hint: Beginner
            tiers:
              Beginner: {bot: WeakBot}
              Champion: {bot: NoSuchBot}
        """)
    config = load_config(path, tier_bots)
    [champion] = [p for p in config.problems if "games.tictactoe.tiers.Champion.bot" in p]
    assert champion.endswith("tier Champion left out")
    assert [t.name for t in config.game("tictactoe").tiers] == ["Beginner"]


def test_bot_of_another_game_is_rejected(tmp_path, default_bots):
    path = write(tmp_path, "games: {tictactoe: {hint: Odd, tiers: {Odd: {bot: OtherGameBot}}}}\n")
    config = load_config(path, default_bots)
    assert "does not play tictactoe" in config.problems[0]
    assert config.game("tictactoe").tiers == []


def test_unknown_parameter_names_its_key_path_and_what_the_bot_takes(tmp_path, default_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            tiers:
              Hard: {bot: TicTacToeSymmetry, params: {depht: 6}}
        """)
    config = load_config(path, default_bots)
    [problem] = config.problems
    assert "games.tictactoe.tiers.Hard.params.depht" in problem
    assert "(it takes: depth)" in problem
    assert config.game("tictactoe").tier("hard") == TierSpec("Hard", "TicTacToeSymmetry", {"depth": 5})


def test_parameter_of_the_wrong_type_says_what_is_expected(tmp_path, tier_bots):
    path = write(tmp_path, "games: {tictactoe: {tiers: {Strong: {bot: StrongBot, params: {depth: deep}}}}}\n")
    config = load_config(path, tier_bots)
    assert "games.tictactoe.tiers.Strong.params.depth" in config.problems[0]
    assert "expected a whole number, got 'deep'" in config.problems[0]


def test_wrong_parameter_names_no_value_the_fallback_tier_does_not_use(tmp_path, default_bots):
    path = write(tmp_path, "games: {tictactoe: {tiers: {Hard: {bot: TicTacToeSymmetry, params: {depth: deep}}}}}\n")
    [problem] = load_config(path, default_bots).problems
    assert problem.endswith("expected a whole number, got 'deep'; using the built-in Hard tier "
                            "(TicTacToeSymmetry, depth=5)")
    assert "4" not in problem.split("params.depth:")[1]


def test_problems_are_listed_in_the_order_of_the_files_lines(tmp_path, default_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            tiers:
              Easy: {bot: NoSuchBot}
            time_budget: fast
            surprise: 1
        """)
    problems = load_config(path, default_bots).problems
    assert [p.split(":")[0] for p in problems] == ["config.yaml line 4", "config.yaml line 5", "config.yaml line 6"]


def test_parameters_of_a_bot_without_any_are_rejected(tmp_path, tier_bots):
    path = write(tmp_path, "games: {tictactoe: {tiers: {Weak: {bot: WeakBot, params: {depth: 2}}}}}\n")
    config = load_config(path, tier_bots)
    assert "WeakBot takes no parameter 'depth'" in config.problems[0]


def test_seed_in_params_is_rejected(tmp_path, tier_bots):
    path = write(tmp_path, "games: {tictactoe: {tiers: {Strong: {bot: StrongBot, params: {seed: 3}}}}}\n")
    config = load_config(path, tier_bots)
    assert "params.seed" in config.problems[0]


@pytest.mark.parametrize("value", ["fast", 0, -1, 10_000, True, "[1, 2]"])
def test_bad_time_budget_falls_back_to_the_default(tmp_path, value):
    path = write(tmp_path, f"games:\n  tictactoe:\n    time_budget: {value}\n")
    config = load_config(path)
    [problem] = config.problems
    assert problem.startswith("config.yaml line 3: games.tictactoe.time_budget: expected seconds per move")
    assert config.game("tictactoe").time_budget == SHIPPED["tictactoe"]["time_budget"]
    assert tiers_of(config.game("tictactoe")) == DEFAULT_TIERS


def test_hint_time_gives_hints_their_own_thinking_time(tmp_path):
    path = write(tmp_path, "games:\n  tictactoe:\n    time_budget: 0.5\n    hint_time: 4\n  connect4:\n    time_budget: 2\n")
    config = load_config(path)
    assert config.problems == []
    assert config.game("tictactoe").hint_seconds == 4.0 and config.game("tictactoe").time_budget == 0.5
    assert config.game("connect4").hint_seconds == SHIPPED["connect4"]["hint_time"]


def test_bad_hint_time_is_reported_and_hints_keep_the_move_budget(tmp_path):
    path = write(tmp_path, "games:\n  tictactoe:\n    time_budget: 0.5\n    hint_time: soon\n")
    config = load_config(path)
    [problem] = config.problems
    assert problem.startswith("config.yaml line 4: games.tictactoe.hint_time: expected seconds per hint")
    assert config.game("tictactoe").hint_seconds == 0.5


def test_unknown_game_and_keys_are_reported_and_the_rest_kept(tmp_path):
    path = write(tmp_path, """\
        games:
          chess: {time_budget: 2}
          tictactoe:
            time_budget: 3
            colour: red
        extra: 1
        """)
    config = load_config(path)
    assert any("games.chess: there is no game 'chess'" in p for p in config.problems)
    assert any("games.tictactoe.colour: unknown key" in p for p in config.problems)
    assert any("extra: unknown key" in p for p in config.problems)
    assert config.game("tictactoe").time_budget == 3.0


def test_hint_that_names_no_tier_falls_back(tmp_path):
    path = write(tmp_path, "games: {tictactoe: {hint: Grandmaster}}\n")
    config = load_config(path)
    assert "games.tictactoe.hint: expected one of the tiers" in config.problems[0]
    assert config.game("tictactoe").hint_tier == "Master"


def test_hint_tier_that_fails_validation_moves_to_an_available_tier(tmp_path, tier_bots):
    path = write(tmp_path, "games: {tictactoe: {hint: Top, tiers: {Low: WeakBot, Mid: StrongBot, Top: Gone}}}\n")
    config = load_config(path, tier_bots)
    assert any("games.tictactoe.hint: tier Top is not available; hints come from Mid" in p for p in config.problems)
    assert config.game("tictactoe").hint_tier == "Mid"


def test_hint_tier_whose_bot_cannot_analyse_moves_to_the_strongest_that_can(tmp_path, tier_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            hint: Top
            tiers: {Low: StrongBot, Mid: {bot: StrongBot, params: {depth: 1}}, Top: WeakBot}
        """)
    config = load_config(path, tier_bots)
    assert config.problems == ["config.yaml line 3: games.tictactoe.hint: tier Top cannot give hints: WeakBot does "
                               "not value moves (it has no analyse); hints come from Mid"]
    assert config.game("tictactoe").hint_tier == "Mid"


def test_no_hints_when_no_tier_can_analyse(tmp_path, tier_bots):
    config = load_config(write(tmp_path, "games: {tictactoe: {hint: Low, tiers: {Low: WeakBot}}}\n"), tier_bots)
    assert config.problems[0].endswith("tier Low cannot give hints: WeakBot does not value moves "
                                       "(it has no analyse); no hints")
    assert config.game("tictactoe").hint_tier == ""


def test_hint_tier_left_unset_goes_quietly_to_a_tier_that_can_analyse(tmp_path, tier_bots):
    config = load_config(write(tmp_path, "games: {tictactoe: {tiers: {Low: StrongBot, Top: WeakBot}}}\n"), tier_bots)
    assert config.problems == []
    assert config.game("tictactoe").hint_tier == "Low"


def test_key_given_twice_is_reported(tmp_path):
    path = write(tmp_path, """\
        games:
          tictactoe:
            time_budget: 1
            time_budget: 2
        """)
    config = load_config(path)
    assert config.problems == ["config.yaml line 4: games.tictactoe.time_budget: given twice; the later one is used"]


def test_tier_names_differing_only_in_case_are_reported(tmp_path, tier_bots):
    path = write(tmp_path, "games: {tictactoe: {tiers: {Weak: WeakBot, weak: StrongBot}}}\n")
    config = load_config(path, tier_bots)
    assert "games.tictactoe.tiers.weak" in config.problems[0]
    assert tiers_of(config.game("tictactoe")) == [("Weak", "WeakBot", {})]


def test_file_that_is_not_a_mapping_uses_defaults(tmp_path):
    config = load_config(write(tmp_path, "- just\n- a list\n"))
    assert "expected a mapping with a 'games:' key" in config.problems[0]
    assert tiers_of(config.game("tictactoe")) == DEFAULT_TIERS


def test_validate_twice_with_the_same_bots_reports_once(tmp_path, tier_bots):
    config = load_config(write(tmp_path, "games: {tictactoe: {tiers: {A: {bot: Nope}}}}\n"))
    first = list(config.validate(tier_bots))
    assert config.validate(tier_bots) == first
    assert config.problems == first and len(first) == 2  # the tier, and the hint that named it


def test_seat_choices_are_human_tiers_then_untiered_bots_by_name(tmp_path, tier_bots):
    path = write(tmp_path, "games: {tictactoe: {tiers: {Beginner: WeakBot, Expert: StrongBot}}}\n")
    config = load_config(path)
    choices = config.seat_choices("tictactoe", tier_bots)
    assert [c.label for c in choices] == ["Human", "Beginner", "Expert", "Lone wolf"]
    assert choices[0].player.kind == HUMAN
    assert choices[2].player.bot == "Expert"
    assert choices[2].description == "wins or blocks in one"
    assert choices[3].player.bot == "LoneWolfBot" and choices[3].player.label == "Lone wolf"


def test_seat_choices_say_the_first_sentence_and_keep_the_whole_description_and_mark_other_bots(tmp_path):
    from game.match.botregistry import BotRegistry
    from game.match.config.menus import summary

    assert summary("sees a few moves ahead. Alpha-beta, 6 plies.") == "sees a few moves ahead"
    assert summary("plays at random, but always takes a win") == "plays at random, but always takes a win"
    assert summary("  Wait... then what? More.") == "Wait..."
    config = load_config()
    choices = config.seat_choices("gomoku", BotRegistry.discover())
    hard = next(c for c in choices if c.label == "Hard")
    assert hard.description == "sees several moves ahead and spots forced wins"
    assert hard.detail.startswith(hard.description + ". Victory by fours") and not hard.other
    assert [c.label for c in choices if c.other] == ["Tree search", "Sparring partner"]
    tiers = [c.label for c in choices if c.player.is_bot and not c.other]
    assert tiers == ["Easy", "Medium", "Hard", "Master"]
    assert [c.label for c in choices[1:]] == tiers + ["Tree search", "Sparring partner"]


def test_bot_spec_of_a_tier_ignores_case_and_carries_budget_and_params(tmp_path, tier_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            time_budget: 0.5
            tiers: {Expert: {bot: StrongBot, params: {depth: 1}}}
        """)
    config = load_config(path)
    spec = config.bot_spec("tictactoe", "expert", tier_bots, seed=7)
    assert (spec.key, spec.label, spec.params, spec.budget, spec.seed) == ("StrongBot", "Expert", {"depth": 1}, 0.5, 7)
    assert spec.path is not None and spec.path.endswith("tier_bots.py")


def test_bot_spec_accepts_a_class_name_or_a_bot_name(tmp_path, tier_bots):
    config = load_config(write(tmp_path, "games: {tictactoe: {tiers: {}}}\n"))
    assert config.bot_spec("tictactoe", "LoneWolfBot", tier_bots).label == "Lone wolf"
    assert config.bot_spec("tictactoe", "lone wolf", tier_bots).key == "LoneWolfBot"
    assert config.bot_spec("tictactoe", "StrongBot", tier_bots, budget=0.1).budget == 0.1


def test_bot_spec_of_an_unknown_choice_lists_the_choices(tmp_path, tier_bots):
    config = load_config(write(tmp_path, "games: {tictactoe: {tiers: {Beginner: WeakBot}}}\n"))
    with pytest.raises(BotChoiceError) as caught:
        config.bot_spec("tictactoe", "grandmaster", tier_bots)
    message = str(caught.value)
    assert "'grandmaster'" in message and "Beginner" in message and "LoneWolfBot" in message


def test_game_without_config_gets_the_default_budget_and_the_generic_bots_tiers(tmp_path, monkeypatch):
    monkeypatch.setitem(games.GAMES, "unconfigured", "game.rules.tictactoe:TicTacToe")
    config = load_config(write(tmp_path, "games: {}\n"))
    game = config.game("unconfigured")
    assert game.time_budget == DEFAULT_TIME_BUDGET and game.hint_tier == "Hard"
    assert [(t.name, t.bot) for t in game.tiers] == [("Easy", "AnyGameTreeSearch"), ("Medium", "AnyGameTreeSearch"),
                                                     ("Hard", "AnyGameTreeSearch")]
    easy, medium, hard = (t.params["iterations"] for t in game.tiers)
    assert easy < medium < hard


def test_generic_tiers_whose_bot_is_missing_are_left_out_quietly(tmp_path, monkeypatch, tier_bots):
    monkeypatch.setitem(games.GAMES, "unconfigured", "game.rules.tictactoe:TicTacToe")
    config = load_config(write(tmp_path, "games: {}\n"), tier_bots)
    assert config.game("unconfigured") == GameConfig("unconfigured")
    assert config.problems == []


def test_builtin_tiers_of_a_game_the_file_does_not_mention_whose_bots_are_missing_are_left_out_quietly(
        tmp_path, tier_bots):
    config = load_config(write(tmp_path, "games: {tictactoe: {tiers: {Beginner: WeakBot}}}\n"), tier_bots)
    assert config.problems == []
    assert config.game("connect4").tiers == [] and config.game("connect4").hint_tier == ""
    assert [t.name for t in config.game("tictactoe").tiers] == ["Beginner"]


def alias_bomb(levels: int) -> str:
    """Each level names the one before ten times: 10**levels values from a few hundred bytes."""
    lines = ["l0: &l0 {a: 1, b: 1, c: 1, d: 1, e: 1, f: 1, g: 1, h: 1, i: 1, j: 1}"]
    for level in range(1, levels + 1):
        refs = ", ".join(f"k{j}: *l{level - 1}" for j in range(10))
        lines.append(f"l{level}: &l{level} {{{refs}}}")
    return "\n".join(lines) + "\ngames: {tictactoe: {tiers: {Hard: {bot: TicTacToeSymmetry, params: {depth: *l%d}}}}}\n" % levels


@pytest.mark.parametrize("text", [
    "games: &a {tictactoe: *a}\n",
    "games:\n  tictactoe:\n    tiers: &t\n      Easy: *t\n",
    alias_bomb(6),
    "games: " + "[" * 3000 + "]" * 3000 + "\n",
    "games: {tictactoe: {time_budget: 1}}\n" + "x: " + "{a: " * 60 + "1" + "}" * 60 + "\n",
], ids=["recursive alias", "recursive tiers", "alias bomb", "deep list", "deep mapping"])
def test_recursive_huge_or_deep_file_is_reported_and_the_defaults_used(tmp_path, text):
    config = load_config(write(tmp_path, text))
    assert config.problems == ["config.yaml: too deeply nested / too large (aliases?); using the built-in settings"]
    assert tiers_of(config.game("tictactoe")) == DEFAULT_TIERS


def test_value_the_yaml_library_cannot_build_is_reported(tmp_path):
    config = load_config(write(tmp_path, "games: {tictactoe: {time_budget: 2020-13-45}}\n"))
    [problem] = config.problems
    assert problem.startswith("config.yaml: cannot be read as YAML (ValueError: month must be in 1..12")
    assert tiers_of(config.game("tictactoe")) == DEFAULT_TIERS


def test_alias_shared_by_a_few_keys_is_fine(tmp_path, tier_bots):
    path = write(tmp_path, """\
        games:
          tictactoe:
            tiers:
              Expert: {bot: StrongBot, params: &deep {depth: 2}}
              Twin: {bot: StrongBot, params: *deep}
        """)
    config = load_config(path, tier_bots)
    assert config.problems == []
    assert [t.params for t in config.game("tictactoe").tiers] == [{"depth": 2}, {"depth": 2}]


def test_parameter_value_the_bots_constructor_refuses_is_reported_and_the_tier_dropped(tmp_path):
    path = write(tmp_path, """\
        games:
          tictactoe:
            hint: Beginner
            tiers:
              Beginner: {bot: WeakBot}
              Expert: {bot: StrongBot, params: {depth: 7}}
        """)
    config = load_config(path)
    registry = BotRegistry.discover(FIXTURES / "bots_tiers", check=config.bot_checks())
    problem = config.validate(registry)[0]
    assert problem == ("config.yaml line 6: games.tictactoe.tiers.Expert.params: StrongBot(depth=7) failed: "
                       "ValueError: depth must be 1 or 2, got 7; tier Expert left out")
    assert [t.name for t in config.game("tictactoe").tiers] == ["Beginner"]


def test_bot_checks_list_each_tier_and_the_builtin_tiers_once(tmp_path):
    config = load_config(write(tmp_path, "games: {tictactoe: {tiers: {Hard: {bot: TicTacToeSymmetry, "
                                         "params: {depth: 99}}, Easy: TicTacToeEasy}}}\n"))
    checks = config.bot_checks()
    assert checks[:2] == [("TicTacToeSymmetry", {"depth": 99}), ("TicTacToeEasy", {})]
    assert ("TicTacToeSymmetry", {"depth": 5}) in checks
    assert len([bot for bot, _ in checks if bot.startswith("TicTacToe")]) == 5


@pytest.fixture
def clashing(tmp_path) -> tuple:
    """Tiers Easy and Master, and untiered bots whose names or class names clash with them or each other."""
    config = load_config(write(tmp_path, "games: {tictactoe: {tiers: {Easy: TicTacToeEasy, Master: TicTacToePerfect}}}\n"))
    registry = registry_of(fake("TicTacToeEasy", name="Easy one", description="tier easy"),
                           fake("TicTacToePerfect", name="Perfect", description="tier master"),
                           fake("Impostor", name="Master", description="not the tier"),
                           fake("TwinA", name="Twin", description="first twin"),
                           fake("TwinB", name="twin", description="second twin"),
                           fake("Easy", description="a class named like a tier"),
                           fake("Humane", name="Human", description="not a person"))
    return config, registry


def test_seat_choice_labels_are_unique_with_the_class_added_on_a_clash(clashing):
    config, registry = clashing
    labels = [c.label for c in config.seat_choices("tictactoe", registry)]
    assert labels == ["Human", "Easy", "Master", "Easy (Easy)", "Human (Humane)", "Master (Impostor)",
                      "Twin (TwinA)", "twin (TwinB)"]


def test_every_seat_choice_runs_the_bot_it_shows(clashing):
    config, registry = clashing
    ran = {}
    for choice in config.seat_choices("tictactoe", registry)[1:]:
        spec = config.bot_spec("tictactoe", choice.player.bot, registry)
        ran[choice.label] = spec.key
        assert registry.bots[spec.key].description == choice.description
        assert config.bot_spec("tictactoe", choice.label, registry).key == spec.key
    assert ran == {"Easy": "TicTacToeEasy", "Master": "TicTacToePerfect", "Easy (Easy)": "Easy",
                   "Human (Humane)": "Humane", "Master (Impostor)": "Impostor", "Twin (TwinA)": "TwinA",
                   "twin (TwinB)": "TwinB"}


def test_bot_spec_puts_tiers_before_bots_and_refuses_a_name_two_bots_share(clashing):
    config, registry = clashing
    assert config.bot_spec("tictactoe", "master", registry).key == "TicTacToePerfect"
    assert config.bot_spec("tictactoe", "Impostor", registry).key == "Impostor"
    with pytest.raises(BotChoiceError, match="'Twin' names more than one bot of tictactoe \\(TwinA, TwinB\\)"):
        config.bot_spec("tictactoe", "Twin", registry)


def test_the_players_own_config_is_read_over_the_shipped_one(monkeypatch, tmp_path, shipped_registry):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    assert config_path() == CONFIG_PATH          # none of their own yet
    own = tmp_path / "config" / "config.yaml"
    own.parent.mkdir(parents=True, exist_ok=True)
    own.write_text("games:\n  tictactoe:\n    time_budget: 2.5\n    tiers:\n"
                   "      Hard: {bot: TicTacToeSymetry, params: {depth: 5}}\n", encoding="utf-8")
    config = load_config()
    config.validate(shipped_registry)
    assert config.path == own and config.game("tictactoe").time_budget == 2.5
    hard = config.game("tictactoe").tier("Hard")
    assert hard is not None and hard.bot == "TicTacToeSymmetry"          # the misspelt bot falls back
    assert any("line 5" in p and "using the built-in Hard tier" in p for p in config.problems)
    assert config.game("connect4").tiers == builtin_games()["connect4"].tiers   # left out: shipped


# -- external engines (engines:) ---------------------------------------------------------
ENGINES = """\
    games:
      gomoku:
        time_budget: 1.0
        engines:
          Rapfi: {command: "/opt/rapfi/pbrain-rapfi --threads 1", protocol: gomocup, time: 2.5}
          Slowpoke: {command: slowpoke, protocol: gomocup, cwd: /tmp}
        tiers:
          Easy: {bot: GomokuEasy}
          Hard: {engine: rapfi}
    """


@pytest.fixture
def gomoku_bots() -> BotRegistry:
    return registry_of(fake("GomokuEasy", games=("gomoku",), description="easy", analyses=True,
                            params=(BotParam("noise", default=1.0),)))


def test_engine_entry_is_read_with_its_command_protocol_time_and_folder(tmp_path, gomoku_bots):
    config = load_config(write(tmp_path, ENGINES), registry=gomoku_bots)
    assert config.problems == []
    rapfi, slowpoke = config.game("gomoku").engines
    assert (rapfi.name, rapfi.command, rapfi.protocol, rapfi.time, rapfi.cwd) == (
        "Rapfi", "/opt/rapfi/pbrain-rapfi --threads 1", "gomocup", 2.5, "")
    assert (slowpoke.time, slowpoke.cwd) == (None, "/tmp")


def test_engine_is_in_the_seat_menu_under_its_name_after_the_tiers(tmp_path, gomoku_bots):
    config = load_config(write(tmp_path, ENGINES))
    choices = config.seat_choices("gomoku", gomoku_bots)
    assert [c.label for c in choices] == ["Human", "Easy", "Hard", "Slowpoke"]
    assert choices[2].description == "external Gomocup engine: /opt/rapfi/pbrain-rapfi --threads 1"
    assert choices[3].description == "external Gomocup engine: slowpoke"
    assert config.choice_names("gomoku", gomoku_bots) == ["Easy", "Hard", "Slowpoke", "GomokuEasy"]


def test_engine_runs_as_an_external_engine_bot_with_its_own_time(tmp_path, gomoku_bots):
    config = load_config(write(tmp_path, ENGINES))
    spec = config.bot_spec("gomoku", "rapfi", gomoku_bots, seed=3)
    assert (spec.key, spec.module, spec.label, spec.budget, spec.seed) == (
        "ExternalEngine", "bots.external_engine", "Rapfi", 2.5, 3)
    assert spec.params == {"command": "/opt/rapfi/pbrain-rapfi --threads 1", "protocol": "gomocup",
                           "name": "Rapfi", "log": str(engine_log_path("Rapfi"))}
    hard = config.bot_spec("gomoku", "Hard", gomoku_bots)
    assert (hard.label, hard.budget, hard.params["name"]) == ("Hard", 2.5, "Rapfi")
    slowpoke = config.bot_spec("gomoku", "Slowpoke", gomoku_bots)
    assert slowpoke.budget == 1.0 and slowpoke.params["cwd"] == "/tmp"
    assert config.bot_spec("gomoku", "Slowpoke", gomoku_bots, budget=0.2).budget == 0.2


def test_engines_are_never_built_at_discovery(tmp_path):
    config = load_config(write(tmp_path, ENGINES))
    assert [bot for bot, _ in config.bot_checks() if bot == "ExternalEngine"] == []


@pytest.mark.parametrize("entry, problem", [
    ("{command: rapfi, protocol: uci}",
     "games.gomoku.engines.Bad.protocol: expected one of the protocols gomocup, nboard, got 'uci'"),
    ("{command: rapfi, protocol: nboard}",
     "games.gomoku.engines.Bad.protocol: the nboard protocol plays reversi, not gomoku"),
    ("{command: '  ', protocol: gomocup}",
     "games.gomoku.engines.Bad.command: expected the engine's command line, got '  '"),
    ("{protocol: gomocup}", "games.gomoku.engines.Bad.command: expected the engine's command line, got nothing"),
    ("{command: 'rapfi \"unclosed', protocol: gomocup}",
     "games.gomoku.engines.Bad.command: cannot be read as a command line (No closing quotation)"),
    ("{command: rapfi, protocol: gomocup, time: 0}",
     "games.gomoku.engines.Bad.time: expected seconds per move, a number from 0.01 to 600, got 0"),
    ("{command: rapfi, protocol: gomocup, time: fast}",
     "games.gomoku.engines.Bad.time: expected seconds per move, a number from 0.01 to 600, got 'fast'"),
    ("{command: rapfi, protocol: gomocup, memory: 64}",
     "games.gomoku.engines.Bad.memory: unknown key (expected command, protocol, time, cwd, depth, protocol_version)"),
    ("rapfi", "games.gomoku.engines.Bad: expected {command: ..., protocol: gomocup or nboard, time: seconds}"),
])
def test_bad_engine_entry_is_named_by_line_and_key_and_the_rest_still_works(tmp_path, gomoku_bots, entry, problem):
    config = load_config(write(tmp_path, f"""\
        games:
          gomoku:
            engines:
              Good: {{command: good-engine, protocol: gomocup}}
              Bad: {entry}
            tiers: {{}}
        """), registry=gomoku_bots)
    [found] = config.problems
    assert found.startswith(f"config.yaml line 5: {problem}") and found.endswith("; engine Bad left out")
    assert [e.name for e in config.game("gomoku").engines] == ["Good"]
    assert config.bot_spec("gomoku", "Good", gomoku_bots).params["command"] == "good-engine"


def test_tier_naming_an_engine_that_is_not_there_falls_back_to_the_builtin_tier(tmp_path, gomoku_bots):
    config = load_config(write(tmp_path, """\
        games:
          gomoku:
            engines: {Rapfi: {command: rapfi, protocol: gomocup}}
            tiers:
              Easy: {engine: Rapfu}
              Strong: {engine: Rapfi, params: {depth: 3}}
        """), registry=gomoku_bots)
    assert config.problems == [
        "config.yaml line 5: games.gomoku.tiers.Easy.engine: expected the name of one of the game's engines "
        "(Rapfi), got 'Rapfu'; using the built-in Easy tier (GomokuEasy, noise=1.0)",
        "config.yaml line 6: games.gomoku.tiers.Strong.params: a tier that is an engine takes no other key "
        "(its settings are under engines:); tier Strong left out"]
    assert [t.name for t in config.game("gomoku").tiers] == ["Easy"]


def test_engine_tier_is_not_the_hint_tier(tmp_path, gomoku_bots):
    config = load_config(write(tmp_path, """\
        games:
          gomoku:
            hint: Master
            engines: {Rapfi: {command: rapfi, protocol: gomocup}}
            tiers: {Easy: GomokuEasy, Master: {engine: Rapfi}}
        """), registry=gomoku_bots)
    assert config.game("gomoku").hint_tier == "Easy"
    assert config.problems == ["config.yaml line 3: games.gomoku.hint: tier Master cannot give hints: the external "
                               "engine Rapfi is not asked for hints; hints come from Easy"]


def test_engine_named_like_a_tier_gets_its_own_menu_label(tmp_path, gomoku_bots):
    config = load_config(write(tmp_path, """\
        games:
          gomoku:
            engines: {easy: {command: other-engine, protocol: gomocup}}
            tiers: {Easy: GomokuEasy}
        """))
    labels = {c.label: c for c in config.seat_choices("gomoku", gomoku_bots)}
    assert list(labels) == ["Human", "Easy", "easy (external engine)"]
    engine = labels["easy (external engine)"]
    assert config.bot_spec("gomoku", engine.player.bot, gomoku_bots).params["command"] == "other-engine"
    assert config.bot_spec("gomoku", "Easy", gomoku_bots).key == "GomokuEasy"


def test_every_bot_gets_the_memory_limit_of_bots_section(tmp_path, tier_bots):
    assert load_config().bots.memory_limit_mb == SHIPPED_BOTS["memory_limit_mb"] == 2048
    config = load_config(write(tmp_path, """\
        bots:
          memory_limit_mb: 1024
        games:
          tictactoe:
            tiers:
              Expert: {bot: StrongBot}
        """))
    assert config.problems == []
    for choice in ("Expert", "LoneWolfBot"):
        assert config.bot_spec("tictactoe", choice, tier_bots).memory_limit == 1024 << 20


@pytest.mark.parametrize("entry, problem", [
    ("bots:\n  memory_limit_mb: 10\n", "line 2: bots.memory_limit_mb: expected a whole number from 256 to 65536, "
                                        "got 10; using 2048"),
    ("bots:\n  memory_limit_mb: lots\n", "line 2: bots.memory_limit_mb: expected a whole number from 256 to 65536, "
                                          "got 'lots'; using 2048"),
    ("bots:\n  memory: 10\n", "line 2: bots.memory: unknown key (expected memory_limit_mb); ignored"),
    ("bots: 4096\n", "line 1: bots: expected a mapping of memory_limit_mb, got 4096; using the built-in settings"),
])
def test_a_bad_memory_limit_is_named_and_the_built_in_one_kept(tmp_path, entry, problem):
    config = load_config(write(tmp_path, entry))
    assert config.problems == [f"config.yaml {problem}"]
    assert config.bots.memory_limit_mb == 2048
