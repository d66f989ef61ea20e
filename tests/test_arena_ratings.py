"""Ratings of many bots (game/match/ratings.py): maximum likelihood from pairings, worked
by hand, and openskill's Plackett-Luce from finishing orders; and the arena command's
gauntlet, round robin and multi-player tables."""
from __future__ import annotations

import pytest

import main
from game.match.ratings import PairResult, ml_ratings, plackett_luce, ratings_table, skill_table


def test_two_bots_rating_worked_by_hand():
    # A scores 30 of 40 against B; with the prior's virtual draw, 30.5 of 41: p = 0.743902.
    # Elo difference = 400 log10(p / (1 - p)) = 400 log10(2.904762) = 185.24.
    # Fisher information (natural units) = 41 p (1 - p) = 7.8110; sd = 1 / sqrt(7.8110) = 0.357806
    # ± = 1.959964 * 0.357806 * 400 / ln 10 = 121.83
    a, b = ml_ratings(["A", "B"], [PairResult(0, 1, 40, 30.0)], anchor=1, anchor_elo=1000)
    assert b.elo == 1000.0 and b.error == 0.0
    assert a.elo == pytest.approx(1185.24, abs=0.01) and a.error == pytest.approx(121.83, abs=0.01)
    assert (a.games, a.score, b.score) == (40, 0.75, 0.25)


def test_ratings_order_consistent_results_and_keep_the_anchor_fixed():
    results = [PairResult(0, 1, 40, 30.0), PairResult(1, 2, 40, 30.0), PairResult(0, 2, 40, 36.0)]
    a, b, c = ml_ratings(["A", "B", "C"], results, anchor=1, anchor_elo=1000)
    assert a.elo > b.elo == 1000.0 > c.elo
    assert a.elo - 1000 == pytest.approx(1000 - c.elo)       # the results are symmetric about B
    table = ratings_table([a, b, c], "B").splitlines()
    assert table[0].split() == ["rank", "bot", "Elo", "±95%", "games", "score"]
    assert table[1].split()[:2] == ["1", "A"] and "anchor" in table[2]


def test_a_clean_sweep_gets_a_finite_rating_and_unlinked_bots_are_named():
    a, _ = ml_ratings(["A", "B"], [PairResult(0, 1, 10, 10.0)], anchor=1)
    assert 0 < a.elo < 1000
    with pytest.raises(ValueError, match="no games link C to the anchor A"):
        ml_ratings(["A", "B", "C"], [PairResult(0, 1, 10, 5.0)], anchor=0)


def test_plackett_luce_ranks_the_bot_that_finishes_first_highest():
    ratings = plackett_luce(["x", "y", "z"], [[1, 2, 3]] * 5 + [[2, 1, 3]])
    x, y, z = ratings
    assert x.mu > y.mu > z.mu and all(r.sigma < 25 / 3 for r in ratings) and x.games == 6
    assert skill_table(ratings).splitlines()[1].split()[:2] == ["1", "x"]


def test_round_robin_prints_each_pairing_and_a_ratings_table_anchored_where_asked(capsys):
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--c", "master", "--round-robin",
                      "--games", "2", "--concurrency", "2", "--anchor", "C", "--anchor-elo", "2000"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n== ") == 3 and "== A Easy against B Medium" in out and "== B Medium against C Master" in out
    assert "Ratings from all 6 games (maximum likelihood, logistic Elo, anchored at C Master = 2000)" in out
    master = next(line for line in out.splitlines() if line.strip().split()[1:3] == ["C", "Master"])
    assert master.split()[3:5] == ["2000.0", "anchor"]


def test_gauntlet_plays_side_a_against_each_other_side(capsys):
    assert main.main(["arena", "tictactoe", "--a", "master", "--b", "easy", "--c", "medium", "--gauntlet",
                      "--games", "2", "--concurrency", "1"]) == 0
    out = capsys.readouterr().out
    assert "== A Master against B Easy" in out and "== A Master against C Medium" in out
    assert "B Easy against C" not in out and "from all 4 games" in out


@pytest.mark.parametrize("words, message", [
    (["--a", "easy", "--b", "medium", "--c", "master"], "seats 2 players; got 3 bots (for more, use --gauntlet"),
    (["--a", "easy", "--b", "medium", "--gauntlet"], "--gauntlet needs side A and at least two others"),
    (["--a", "easy", "--b", "medium", "--c", "master", "--round-robin", "--sprt", "elo1=5"], "one pairing"),
    (["--a", "easy", "--b", "medium", "--c", "master", "--round-robin", "--anchor", "Z"], "--anchor 'Z' is none"),
])
def test_bad_pairings_are_refused(capsys, words, message):
    assert main.main(["arena", "tictactoe", *words, "--games", "2"]) == 2
    assert message in capsys.readouterr().err


def test_a_game_of_more_seats_prints_openskill_ratings(capsys):
    assert main.main(["arena", "chinesecheckers", "--a", "easy", "--b", "medium", "--c", "easy", "--games", "3",
                      "--budget", "0.05", "--options", "players=3", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "Plackett-Luce ratings from the 3 finishing orders (openskill):" in out
    table = out.split("(openskill):\n")[1].splitlines()
    assert table[0].split() == ["rank", "bot", "mu", "sigma", "mu-3sigma", "games"]
    assert len(table) == 4


def test_a_round_robins_records_keep_each_pairing_and_the_ratings(tmp_path, capsys):
    import json

    records = tmp_path / "rr"
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--c", "master", "--round-robin",
                      "--games", "2", "--concurrency", "2", "--records", str(records)]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in records.iterdir()) == ["A-B", "A-C", "B-C", "summary.json"]
    assert len(list((records / "B-C").glob("game-*.txt"))) == 2 and (records / "B-C" / "summary.json").is_file()
    summary = json.loads((records / "summary.json").read_text())
    assert summary["config"]["round_robin"] is True and summary["figures"]["anchor"] == "A Easy"
    assert [r["name"] for r in summary["figures"]["ratings"]] == ["A Easy", "B Medium", "C Master"]
    assert [r["records"] for r in summary["results"]] == ["A-B", "A-C", "B-C"]
    assert sorted(summary["bots"]) == ["A", "B", "C"]
