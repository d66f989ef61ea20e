"""``arena --ladder``: each tier against the next, chained into Elo anchored at Easy = 1000,
with no number where the games measured none; and the shipped ladder in the seat menus."""
from __future__ import annotations

import json
import math
import os
from contextlib import nullcontext

import pytest

import main
from game.match import ladder
from game.match.config import load_config
from game.match.elo import elo_of_pairs, pentanomial
from game.match.ladder import chain, ladder_table, link_of

TIERS = [("Easy", "E", {}), ("Medium", "M", {}), ("Hard", "H", {"depth": 5})]


def test_ratings_chain_the_pentanomial_differences_and_add_their_errors_in_quadrature():
    first = [1, 0.5, 1, 0, 1, 1, 0.5, 1]     # pairs WD, WL, WW, WD
    second = [1, 0, 0.5, 0.5, 0, 1, 1, 0.5]   # pairs WL, DD, WL, WD
    links = [link_of(first), link_of(second)]
    one, two = elo_of_pairs(pentanomial(first)), elo_of_pairs(pentanomial(second))
    rungs = chain(TIERS, links)
    assert [r.elo for r in rungs] == [1000.0, pytest.approx(1000 + one.elo), pytest.approx(1000 + one.elo + two.elo)]
    assert rungs[2].error == pytest.approx(math.hypot(one.error, two.error))
    assert rungs[1].elo_text() == f"{1000 + one.elo:.0f} ± {one.error:.0f}"
    assert rungs[2].menu_text() == f"≈{1000 + one.elo + two.elo:.0f} Elo"
    assert (links[0].wins, links[0].draws, links[0].losses) == (5, 2, 1)


def test_a_sweep_rates_the_tiers_above_as_lower_bounds_only():
    rungs = chain(TIERS, [link_of([1.0] * 10), link_of([1, 0.5, 0.5, 1])])
    # 5 pairs all won: a pair is won with probability at least 0.025^(1/5), so the score is at least that.
    bound = 1000 + 400 * math.log10(0.025 ** 0.2 / (1 - 0.025 ** 0.2))
    assert rungs[1].elo == pytest.approx(bound) and rungs[1].elo_text() == f"≥ {bound:.0f}"
    assert rungs[2].elo_text().startswith("≥ ") and rungs[2].menu_text().startswith("≥")
    rows = "\n".join(ladder_table(rungs).splitlines()[1:])
    assert "±" not in rows and "inf" not in rows


def test_pairs_that_all_scored_alike_get_the_worst_case_interval_not_a_zero_one():
    link = link_of([1, 0] * 6)   # every pair split: Elo 0, but no spread to measure
    p = 0.025 ** (1 / 6)
    assert link.elo == 0 and link.error == pytest.approx(400 * math.log10((p / 2 + 1 - p) / (p / 2)))
    assert link.error > 100


def test_the_table_shows_the_failed_moves_of_each_tier_and_the_one_below():
    rungs = chain(TIERS[:2], [link_of([1, 0, 1, 1], failures=(8, 1))])
    assert ladder_table(rungs).splitlines()[2].split()[-3:] == ["4", "3/0/1", "8/1"]


def test_draws_only_measure_no_difference_and_nothing_above_is_rated():
    rungs = chain(TIERS, [link_of([0.5] * 6), link_of([1, 1, 1, 0.5])])
    assert [r.elo_text() for r in rungs[1:]] == ["draws only: no difference measured", "not measured (no rating below)"]
    assert [r.menu_text() for r in rungs[1:]] == ["", ""]


def test_ladder_prints_each_pairing_and_a_table_anchored_at_easy(capsys):
    assert main.main(["arena", "tictactoe", "--ladder", "--games", "4", "--budget", "0.05", "--concurrency", "1"]) == 0
    out = capsys.readouterr().out
    assert "== Medium against Easy" in out and "== Hard against Medium" in out and "== Master against Hard" in out
    table = out[out.index("tier ladder"):].splitlines()
    assert "anchored at Easy = 1000; 95% intervals" in table[0]
    assert table[1].split() == ["tier", "bot", "Elo", "±", "(95%)", "games", "W/D/L", "vs", "below", "failures"]
    assert table[2].split() == ["Easy", "TicTacToeEasy", "1000", "(anchor)"]
    medium = table[3].split()
    assert medium[:2] == ["Medium", "TicTacToeRules"] and medium[-3] == "4"
    assert "±" in medium or medium[2] == "≥"
    assert table[4].split()[-3:] == ["4", "0/4/0", "0/0"] and "draws only: no difference measured" in table[4]


def test_connect_four_ladder_gives_every_tier_a_rating_or_a_bound(capsys):
    assert main.main(["arena", "connect4", "--ladder", "--games", "2", "--budget", "0.02", "--concurrency", "1",
                      "--openings", "2", "--seed", "5"]) == 0
    table = capsys.readouterr().out.split("tier ladder")[1].splitlines()[1:]
    assert [line.split()[0] for line in table[1:]] == ["Easy", "Medium", "Hard", "Master"]
    for line in table[2:]:
        assert "±" in line or " ≥ " in line or "measured" in line, line


def test_a_ladder_of_draws_only_prints_no_made_up_number(tmp_path, capsys):
    config = tmp_path / "config.yaml"
    config.write_text("games: {tictactoe: {tiers: {Easy: TicTacToePerfect, Hard: TicTacToePerfect, "
                      "Master: TicTacToePerfect}}}\n")
    records = tmp_path / "ladder"
    assert main.main(["--config", str(config), "arena", "tictactoe", "--ladder", "--games", "2", "--budget", "0.05",
                      "--concurrency", "1", "--records", str(records)]) == 0
    table = capsys.readouterr().out.split("tier ladder")[1].splitlines()[2:]
    assert table[1].split()[2:] == ["draws", "only:", "no", "difference", "measured", "2", "0/2/0", "0/0"]
    assert table[2].split()[2:] == ["not", "measured", "(no", "rating", "below)", "2", "0/2/0", "0/0"]
    summary = json.loads((records / "summary.json").read_text())
    assert summary["config"]["ladder"] is True and summary["figures"]["anchor"] == "Easy"
    assert [(t["tier"], t["elo"], t["text"]) for t in summary["figures"]["ladder"]] == [
        ("Easy", 1000.0, "1000 (anchor)"), ("Hard", None, "draws only: no difference measured"),
        ("Master", None, "not measured (no rating below)")]
    assert [r["records"] for r in summary["results"]] == ["Easy-Hard", "Hard-Master"]
    assert len(list((records / "Easy-Hard").glob("game-*.txt"))) == 2


@pytest.mark.parametrize("words, message", [
    (["tictactoe", "--ladder", "--a", "easy"], "--ladder plays the game's own tiers"),
    (["chinesecheckers", "--ladder", "--options", "players=3"], "--ladder plays tiers two at a time"),
    (["tictactoe", "--ladder", "--round-robin"], "not allowed with argument"),
    (["tictactoe", "--b", "easy"], "give the two sides with --a and --b"),
])
def test_bad_ladders_are_refused(capsys, words, message):
    with pytest.raises(SystemExit) if "--round-robin" in words else nullcontext():
        assert main.main(["arena", *words, "--games", "2"]) == 2
    assert message in capsys.readouterr().err


def _shipped(tmp_path, monkeypatch, budget: float = 1.0):
    path = tmp_path / "ladder.json"
    tiers = [{"tier": "Easy", "bot": "TicTacToeEasy", "params": {}, "elo": 1000.0, "lower_bound_only": False},
             {"tier": "Medium", "bot": "TicTacToeRules", "params": {}, "elo": 1240.4, "lower_bound_only": False},
             {"tier": "Hard", "bot": "TicTacToeSymmetry", "params": {"depth": 5}, "elo": 1300.0,
              "lower_bound_only": True},
             {"tier": "Master", "bot": "TicTacToePerfect", "params": {}, "elo": None, "lower_bound_only": False}]
    path.write_text(json.dumps({"games": {"tictactoe": {"budget": budget, "tiers": tiers}}}))
    monkeypatch.setattr(ladder, "LADDER_PATH", path)


def test_the_seat_menu_shows_each_measured_tiers_rating_in_its_tooltip(tmp_path, monkeypatch):
    from game.match.botregistry import BotRegistry

    _shipped(tmp_path, monkeypatch)
    config = load_config(tmp_path / "none.yaml")
    choices = {c.label: c for c in config.seat_choices("tictactoe", BotRegistry.discover())}
    assert choices["Medium"].rating == "≈1240 Elo"
    assert choices["Medium"].tooltip.endswith("Measured at ≈1240 Elo in the arena's tier ladder.")
    assert choices["Hard"].tooltip.endswith("Measured at ≥1300 Elo in the arena's tier ladder.")
    assert choices["Master"].rating == "" and "Elo" not in choices["Master"].tooltip
    assert "Elo" not in choices["Human"].tooltip


def test_a_tier_played_otherwise_than_measured_shows_no_rating(tmp_path, monkeypatch):
    from game.match.botregistry import BotRegistry

    _shipped(tmp_path, monkeypatch)
    mine = tmp_path / "mine.yaml"
    mine.write_text("games: {tictactoe: {tiers: {Easy: TicTacToeEasy, Medium: TicTacToePerfect, "
                    "Hard: {bot: TicTacToeSymmetry, params: {depth: 3}}}}}\n")
    registry = BotRegistry.discover()
    ratings = {c.label: c.rating for c in load_config(mine).seat_choices("tictactoe", registry)}
    assert ratings["Easy"] == "≈1000 Elo" and ratings["Medium"] == "" and ratings["Hard"] == ""
    _shipped(tmp_path, monkeypatch, budget=0.5)
    assert all(not c.rating for c in load_config(tmp_path / "none.yaml").seat_choices("tictactoe", registry))


def test_a_broken_shipped_ladder_shows_no_ratings_and_breaks_nothing(tmp_path, monkeypatch):
    from game.match.botregistry import BotRegistry

    path = tmp_path / "ladder.json"
    path.write_text('{"games": {"tictactoe": {"budget": 1, "tiers": [{"tier": "Easy"}, 3]}')
    monkeypatch.setattr(ladder, "LADDER_PATH", path)
    choices = load_config(tmp_path / "none.yaml").seat_choices("tictactoe", BotRegistry.discover())
    assert [c.rating for c in choices] == [""] * len(choices)


def test_the_shipped_ladder_says_how_and_when_it_was_measured_and_rates_the_shipped_tiers():
    from game.match.botregistry import BotRegistry

    shipped = json.loads(ladder.LADDER_PATH.read_text(encoding="utf-8"))["games"]
    assert shipped, "assets/ladder.json measures no game"
    config, registry = load_config(), BotRegistry.discover()
    for game_id, entry in shipped.items():
        assert entry["command"].startswith("nice -n 10 python main.py arena ") and "--ladder" in entry["command"]
        assert entry["measured"].startswith("20") and "load" in entry["load"]
        choices = {c.label: c for c in config.seat_choices(game_id, registry)}
        scope = "" if game_id == "tictactoe" else ", default rules"   # the menu does not know the rules chosen
        assert choices["Easy"].rating == "≈1000 Elo" + scope, game_id
        for tier in entry["tiers"]:
            shown = choices[tier["tier"]].rating
            assert (shown == "") == (tier["elo"] is None), (game_id, tier["tier"], shown)


def _ladder_run(*extra: str) -> int:
    return main.main(["arena", "tictactoe", "--ladder", "--games", "2", "--budget", "1", "--concurrency", "1",
                      "--seed", "3", *extra])


def test_ladder_file_keeps_the_run_for_the_seat_menus_beside_the_other_games(tmp_path, monkeypatch, capsys):
    from game.match.botregistry import BotRegistry

    path = tmp_path / "ladder.json"
    shipped = json.loads(ladder.LADDER_PATH.read_text(encoding="utf-8"))
    path.write_text(json.dumps({"about": "old words", "games": {"connect4": shipped["games"]["connect4"]}}))
    assert _ladder_run("--ladder-file", str(path)) == 0
    assert f"The ladder is kept in {path}." in capsys.readouterr().out
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written["games"]["connect4"] == shipped["games"]["connect4"]
    assert written["about"] == ladder.LADDER_ABOUT == shipped["about"]
    entry, old = written["games"]["tictactoe"], shipped["games"]["tictactoe"]
    assert list(entry) == list(old) and [list(t) for t in entry["tiers"]] == [list(t) for t in old["tiers"]]
    nice = os.nice(0)     # the command as run: at the niceness it ran at
    assert entry["command"].startswith((f"nice -n {nice} " if nice else "")
                                       + "python main.py arena tictactoe --ladder --games 2 ")
    assert entry["budget"] == 1.0 and entry["games_per_pairing"] == 2 and "load average" in entry["load"]
    assert [(t["tier"], t["against_below"] and t["against_below"]["games"]) for t in entry["tiers"]] == [
        ("Easy", None), ("Medium", 2), ("Hard", 2), ("Master", 2)]
    monkeypatch.setattr(ladder, "LADDER_PATH", path)
    ratings = {c.label: c.rating for c in load_config(tmp_path / "none.yaml").seat_choices("tictactoe",
                                                                                             BotRegistry.discover())}
    medium = entry["tiers"][1]
    assert ratings["Easy"] == "≈1000 Elo"
    assert ratings["Medium"] == ladder.rating_text(medium["elo"], medium["lower_bound_only"]) != ""


def test_a_damaged_ladder_file_is_reported_and_set_aside_not_lost(tmp_path, capsys):
    path = tmp_path / "ladder.json"
    path.write_text('{"games": {"connect4": {"budget": 1')
    assert _ladder_run("--ladder-file", str(path)) == 0
    err = capsys.readouterr().err
    assert f"{path}: could not be read" in err and f"kept as {path}.bad" in err
    assert (tmp_path / "ladder.json.bad").read_text() == '{"games": {"connect4": {"budget": 1'
    assert list(json.loads(path.read_text())["games"]) == ["tictactoe"]
    path.write_text('{"games": [1, 2]}')
    assert _ladder_run("--ladder-file", str(path)) == 0
    assert "expected its \"games\" to be an object" in capsys.readouterr().err
    assert (tmp_path / "ladder.json.bad").read_text() == '{"games": [1, 2]}'


@pytest.mark.parametrize("words, message", [
    (["tictactoe", "--a", "easy", "--b", "hard"], "--ladder-file keeps a ladder: it goes with --ladder"),
    (["connect4(rows=5)", "--ladder"], "--ladder-file keeps the ladders of the games' default rules"),
])
def test_a_ladder_file_without_a_default_rules_ladder_is_refused(tmp_path, capsys, words, message):
    path = tmp_path / "ladder.json"
    assert main.main(["arena", *words, "--games", "2", "--ladder-file", str(path)]) == 2
    assert message in capsys.readouterr().err and not path.exists()
