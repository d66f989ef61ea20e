"""What a hint may claim: move values ranked with unknown moves above proven losses, and the
position's value only as far as its moves' values prove it."""
from __future__ import annotations

from game.rules.bot import AT_LEAST, AT_MOST, MoveValue, position_value, ranked_moves

LEGAL = [0, 1, 2, 3]
LOSS = MoveValue(-3.0, "loss in 2", exact=True)
DRAW = MoveValue(0.0, "draw", exact=True)
WIN_IN_5 = MoveValue(4.0, "win in 5", exact=True)


def test_an_unknown_move_ranks_above_a_proven_loss_and_below_an_estimate():
    values = {0: LOSS, 2: MoveValue(-0.4, "about -0.4 (estimate)")}
    assert ranked_moves(values, LEGAL) == [(2, values[2]), (1, None), (3, None), (0, LOSS)]


def test_a_loss_bound_ranks_with_the_proven_losses():
    at_most = MoveValue(-0.5, "loss", exact=True, bound=AT_MOST)
    assert [move for move, _ in ranked_moves({0: at_most, 1: DRAW}, LEGAL)] == [1, 2, 3, 0]


def test_the_position_has_its_best_moves_value_when_every_move_is_exact():
    verdict = position_value({0: LOSS, 1: DRAW, 2: WIN_IN_5, 3: DRAW}, LEGAL)
    assert (verdict.text, verdict.proven, verdict.exact) == ("win in 5", True, True)


def test_a_proven_win_with_moves_unknown_is_a_win_not_its_exact_score():
    verdict = position_value({0: LOSS, 2: WIN_IN_5}, LEGAL)
    assert (verdict.text, verdict.proven, verdict.exact) == ("a win (best found: win in 5)", True, False)


def test_a_win_floor_above_the_best_exact_value_leaves_the_exact_value_unknown():
    win = MoveValue(0.5, "win", exact=True, bound=AT_LEAST)
    verdict = position_value({0: LOSS, 1: DRAW, 2: win, 3: DRAW}, LEGAL)
    assert (verdict.text, verdict.exact) == ("a win", False)


def test_a_proven_draw_with_moves_unknown_is_at_least_a_draw():
    assert position_value({0: LOSS, 1: DRAW}, LEGAL).text == "at least a draw"


def test_known_losses_with_moves_unknown_prove_nothing():
    verdict = position_value({0: LOSS, 1: LOSS}, LEGAL)
    assert (verdict.text, verdict.proven) == ("not proven (2 of 4 moves valued)", False)


def test_every_move_a_proven_loss_is_a_lost_position():
    assert position_value({move: LOSS for move in LEGAL}, LEGAL).text == "loss in 2"
    at_most = MoveValue(-0.5, "loss", exact=True, bound=AT_MOST)
    assert position_value({move: at_most for move in LEGAL}, LEGAL).text == "a loss"


def test_estimates_never_make_a_position_value():
    estimate = MoveValue(2.0, "about +2.0 (estimate)")
    verdict = position_value({move: estimate for move in LEGAL}, LEGAL)
    assert (verdict.text, verdict.proven) == ("not proven (every move valued, estimates)", False)


def test_a_hints_estimate_is_said_without_doubled_brackets():
    from game.ui.play.hints import HintShown, plain_detail
    from game.ui.renderers.effects import short_value

    assert plain_detail("-0.79 (estimate)") == "estimated -0.79"
    assert plain_detail("about -6.5 (estimate)") == "estimated -6.5"
    assert plain_detail("about +3 discs (estimate)") == "estimated +3 discs"
    assert plain_detail("slightly behind (estimate)") == "estimate: slightly behind"
    assert plain_detail("win in 3") == "win in 3"
    assert HintShown("f4", plain_detail("-0.79 (estimate)")).text == "f4  (estimated -0.79)"
    assert short_value("about -6.5 (estimate)") == "≈-6.5" and short_value("win in 3") == "win 3"
    assert short_value("draw") == "draw" and short_value("slightly ahead (estimate)") == "≈+"
