"""The arena's statistics (game/match/elo.py) against numbers worked out by hand, and
against Fishtest's own code on the same counts.

The reference figures marked "Fishtest" were computed with Fishtest's
``server/fishtest/stats/stat_util.get_elo`` and ``LLRcalc.LLR_normalized`` /
``LLR_logistic`` (official-stockfish/fishtest at b8eecff2, run with scipy in a
separate environment: no package on PyPI carries them, so the comparison is
not repeated here, only its numbers).
"""
from __future__ import annotations

import math

import pytest

from game.match.elo import (Sprt, elo_of_games, elo_of_pairs, elo_to_score, pentanomial, score_to_elo,
                            trinomial)


def test_pairs_of_games_make_the_pentanomial_counts():
    # pairs: (1, 0) -> 1 point, (1, ½) -> 1½, (0, 0) -> 0, (½, ½) -> 1, (1, 1) -> 2; the odd last game is left out
    scores = [1, 0, 1, 0.5, 0, 0, 0.5, 0.5, 1, 1, 1]
    assert pentanomial(scores) == (1, 0, 2, 1, 1)
    assert trinomial(scores) == (5, 3, 3)


def test_elo_of_pairs_worked_by_hand():
    # 10 pairs: LL 1, LD 1, DD+WL 4, WD 2, WW 2; pair scores (per game) 0, .25, .5, .75, 1.
    # mean = (0 + .25 + 4*.5 + 2*.75 + 2*1) / 10 = 5.75 / 10 = 0.575
    # Elo = -400 log10(1/0.575 - 1) = -400 log10(0.739130) = +52.51
    # variance = .1*.575² + .1*.325² + .4*.075² + .2*.175² + .2*.425² = 0.088125
    # sd of the mean = sqrt(0.088125 / 10) = 0.0938749
    # 95%: 0.575 ± 1.959964 * 0.0938749 = [0.391008, 0.758992] -> [-76.97, +199.28] Elo
    # LOS = Phi(0.075 / 0.0938749) = Phi(0.79894) = 0.78784
    # nElo = 0.075 / sqrt(2 * 0.088125) * 800 / ln 10 = 0.075 / 0.419821 * 347.4356 = 62.07
    estimate = elo_of_pairs((1, 1, 4, 2, 2))
    assert estimate.score == pytest.approx(0.575)
    assert estimate.elo == pytest.approx(52.51, abs=0.01)
    assert (estimate.low, estimate.high) == (pytest.approx(-76.97, abs=0.01), pytest.approx(199.28, abs=0.01))
    assert estimate.error == pytest.approx((199.28 + 76.97) / 2, abs=0.01)
    assert estimate.los == pytest.approx(0.7878, abs=1e-4)
    assert estimate.nelo == pytest.approx(62.07, abs=0.01)
    assert estimate.count == 10
    assert estimate.text() == "+52.5 ± 138.1 (95%: -77.0 to +199.3), LOS 78.8%, nElo +62.1"


def test_elo_of_games_worked_by_hand():
    # 12 wins, 10 draws, 8 losses: mean = (12 + 5) / 30 = 0.566667, Elo = -400 log10(0.764706) = +46.60
    # variance = (12*.433333² + 10*.066667² + 8*.566667²) / 30 = (2.253333 + 0.044444 + 2.568889) / 30 = 0.162222
    # sd of the mean = sqrt(0.162222 / 30) = 0.0735351; 95%: [0.422541, 0.710793] -> [-400 log10(1.366636), -400 log10(0.406879)] = [-54.26, +156.22]
    estimate = elo_of_games(12, 10, 8)
    assert estimate.elo == pytest.approx(46.60, abs=0.01)
    assert estimate.low == pytest.approx(-54.26, abs=0.01) and estimate.high == pytest.approx(156.22, abs=0.01)
    assert estimate.los == pytest.approx(0.8177, abs=1e-4)


@pytest.mark.parametrize("counts, elo, error, los", [
    ((1, 1, 4, 2, 2), 52.51156585572754, 138.1258800062941, 0.7878360824369743),
    ((10, 20, 40, 25, 15), 23.72560048639278, 37.326054916227704, 0.8951811737491897),
    ((5, 30, 200, 40, 6), 7.419681161491848, 12.919884080174844, 0.8700098347140253),
])
def test_elo_of_pairs_equals_fishtests(counts, elo, error, los):
    estimate = elo_of_pairs(counts)
    assert (estimate.elo, estimate.error, estimate.los) == (pytest.approx(elo), pytest.approx(error), pytest.approx(los))


def test_elo_of_games_equals_fishtests():
    estimate = elo_of_games(12, 10, 8)
    assert (estimate.elo, estimate.error, estimate.los) == (
        pytest.approx(46.60222762857488), pytest.approx(105.23738422275022), pytest.approx(0.8176899800650193))


def test_pairs_are_surer_than_games_alone_when_openings_decide():
    # Each opening wins for its first player: every pair is a win and a loss (DD+WL), so the
    # pairs say "even" with no doubt at all, while games alone see 50% wins and 50% losses.
    pairs = elo_of_pairs(pentanomial([1, 0] * 20))
    games = elo_of_games(*trinomial([1, 0] * 20))
    assert pairs.elo == games.elo == 0.0
    assert pairs.error == 0.0 < games.error


def test_no_pair_gives_no_estimate_and_a_clean_sweep_an_infinite_one():
    assert elo_of_pairs((0, 0, 0, 0, 0)) is None and elo_of_games(0, 0, 0) is None
    sweep = elo_of_pairs((0, 0, 0, 0, 3))
    assert sweep.elo == math.inf and sweep.los == 1.0 and sweep.error == math.inf
    assert sweep.text() == "+inf (side A won every point: no interval), LOS 100.0%"


def test_score_and_elo_are_inverse():
    assert score_to_elo(0.5) == 0.0 and score_to_elo(elo_to_score(123.0)) == pytest.approx(123.0)
    assert score_to_elo(elo_to_score(-400.0)) == pytest.approx(-400.0) and elo_to_score(400.0) == pytest.approx(10 / 11)


def test_sprt_bounds_are_walds():
    # ln(beta / (1 - alpha)) = ln(0.05 / 0.95) = -2.944; ln((1 - beta) / alpha) = ln(19) = +2.944
    sprt = Sprt(0, 5, 0.05, 0.05)
    assert sprt.lower == pytest.approx(-2.9444, abs=1e-4) and sprt.upper == pytest.approx(2.9444, abs=1e-4)
    assert sprt.verdict(3.0) == "H1" and sprt.verdict(-3.0) == "H0" and sprt.verdict(0.0) is None


def test_sprt_logistic_worked_by_hand_for_a_run_of_draws():
    # Only DD pairs (others 0.001 each): the MLE with mean s keeps almost all mass on ½ and puts
    # the rest where the mean needs it; for elo1 = 5 (s1 = 0.507196) against elo0 = 0 (s0 = ½)
    # H0 fits the data exactly, so the LLR is negative and grows with the pairs.
    small = Sprt(0, 5, model="logistic").llr((0, 0, 10, 0, 0))
    large = Sprt(0, 5, model="logistic").llr((0, 0, 100, 0, 0))
    assert small < 0 and large < small


@pytest.mark.parametrize("counts, normalized, logistic", [
    ((1, 1, 4, 2, 2), 0.04740683339537656, 0.05412624090450757),
    ((10, 20, 40, 25, 15), 0.24312022582111398, 0.29328579093622287),
    ((0, 0, 100, 0, 0), -0.03753988283646516, -1.4416479084497977),
    ((5, 30, 200, 40, 6), 0.32416122105286166, 0.5635501717867968),
    ((4, 1, 0, 0, 0), -0.09754928749085831, -0.07248618204071292),
    ((3, 40, 300, 60, 5), 0.7718164138096851, 1.6152955645930542),
])
def test_sprt_llr_equals_fishtests(counts, normalized, logistic):
    assert Sprt(0, 5).llr(counts) == pytest.approx(normalized, rel=1e-7)
    assert Sprt(0, 5, model="logistic").llr(counts) == pytest.approx(logistic, rel=1e-7)


def test_sprt_is_read_from_the_command_lines_words():
    sprt = Sprt.parse(["elo0=-1", "elo1=4", "alpha=0.1", "beta=0.2", "model=logistic"])
    assert sprt == Sprt(-1, 4, 0.1, 0.2, "logistic")
    assert Sprt.parse([]) == Sprt(0, 5, 0.05, 0.05, "normalized")
    assert "LLR" in sprt.text(0.5) and "[-1, 4] logistic Elo" in sprt.text(0.5)
    assert sprt.text(10.0).endswith("H1 accepted")


@pytest.mark.parametrize("words, message", [
    (["elo0=5", "elo1=0"], "elo0 must be below its elo1"),
    (["alpha=1.5"], "alpha must be between 0 and 1"),
    (["alpha=0.6", "beta=0.5"], "add up to less than 1"),
    (["model=bayes"], "model is one of normalized, logistic"),
    (["elo1"], "got 'elo1'"),
    (["elo1=five"], "elo1 must be a number, got 'five'"),
    (["elo1=nan"], "finite"),
])
def test_a_bad_sprt_word_is_named(words, message):
    with pytest.raises(ValueError, match=message):
        Sprt.parse(words)
