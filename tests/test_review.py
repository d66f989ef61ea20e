"""A game's review: each move judged from the values the engines prove, and each player's accuracy."""
from __future__ import annotations

import pytest

from game.match.review.analyse import flipped_text, review_moves
from game.match.review.model import GameReview, MoveReview, PlyValue, ReviewError
from game.rules.tictactoe import TicTacToe
from bots.tictactoe_perfect import TicTacToePerfect


def reviews_of(spec: str, moves: str, budget: float = 0.5) -> list[MoveReview]:
    found = sorted(review_moves(spec, moves.split(), budget), key=lambda review: review.ply)
    assert [review.ply for review in found] == list(range(len(moves.split())))
    return found


def test_every_move_of_a_tictactoe_game_is_judged_from_exact_values():
    moves = "b2 a1 c3 a3 a2 c1 b1"
    reviews = reviews_of("tictactoe", moves)
    state = TicTacToe()
    solver = TicTacToePerfect()
    for review, text in zip(reviews, moves.split()):
        values = solver.analyse(state, 1.0)
        best = max(value.score for value in values.values())
        played = values[state.parse_move(text)].score
        assert review.before.kind == review.after.kind == "exact" and review.proven
        assert (review.before.score, review.after.score) == (best, played)
        state.push(state.parse_move(text))
    verdicts = [review.verdict for review in reviews]
    assert verdicts[4] == "the only move that kept the draw"   # a2 blocks a1-a3
    assert verdicts[5] == "turned a draw into a loss (loss in 1)" and reviews[5].grade == "blunder"
    assert reviews[5].best == "c2"
    assert verdicts[6] == "slower win (win in 2 instead of 1)" and reviews[6].grade == "good"
    assert all(review.grade == "best" for review in reviews[:5])


def test_a_review_goes_to_json_and_back_and_finds_its_mistakes():
    moves = "b2 a1 c3 a3 a2 c1 b1"
    review = GameReview("tictactoe", moves.split())
    for item in reviews_of("tictactoe", moves):
        review.add(item)
    again = GameReview.from_json(review.to_json())
    assert again == review and again.complete
    assert review.next_mistake(0) == 5 and review.next_mistake(5) is None
    assert review.previous_mistake(6) == 5 and review.previous_mistake(5) is None
    assert review.accuracy(0) == pytest.approx(100.0, abs=0.01)
    assert review.accuracy(1) < 80.0


def test_a_damaged_review_is_refused_with_what_is_wrong():
    review = GameReview("tictactoe", ["b2"], [MoveReview(0, 0, "b2", PlyValue("exact", 0.0, 0.5, "draw"))])
    with pytest.raises(ReviewError, match="format"):
        GameReview.from_json(review.to_json().replace('"format": 1', '"format": 9'))
    with pytest.raises(ReviewError, match="not a review"):
        GameReview.from_json("[1, 2")
    with pytest.raises(ReviewError, match="ply 0"):
        GameReview.from_json(review.to_json().replace('"moves": ["b2"]', '"moves": ["a1"]'))


def test_a_value_in_words_is_turned_round_for_the_other_player():
    assert flipped_text("win in 3") == "loss in 3"
    assert flipped_text("about +3 discs (estimate)") == "about -3 discs (estimate)"
    assert flipped_text("wins by 6") == "loses by 6"
    assert flipped_text("wins in 5 by fours (VCF): h8 i9") == "loses to a VCF in 5"
    assert flipped_text("loses to a VCT in 4") == "wins in 4 by threes and fours (VCT)"
    assert flipped_text("holds, slightly behind (estimate)") == "slightly ahead (estimate)"
