"""The Connect Four solver: exact scores against reference positions, hand-made ones and plain minimax."""
from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import numpy as np
import pytest

from bots.lib.connect4_solver import (
    STATE, Geometry, PositionError, SearchAborted, Solver, negamax, position_from_moves, score_text,
)
from bots.lib.search_state import refcount_calls
from game.rules.connect4 import ConnectFour

FIXTURE = Path(__file__).parent / "fixtures" / "connect4_scores.txt"
SMALL = Geometry(5, 4)


@cache
def solver() -> Solver:
    """One 7x6 solver for the module: the kernels compile (or load) once."""
    return Solver(table_bits=18)


def columns(text: str) -> list[int]:
    return [int(c) - 1 for c in text]


def reference_cases() -> list[tuple[str, int]]:
    lines = [line.split() for line in FIXTURE.read_text().splitlines() if line and not line.startswith("#")]
    return [(moves, int(score)) for moves, score in lines]


def test_every_reference_position_gets_its_exact_score():
    wrong = [(moves, score, solver().solve_moves(columns(moves))) for moves, score in reference_cases()
             if solver().solve_moves(columns(moves)) != score]
    assert wrong == []


def test_reference_scores_hold_with_an_empty_table():
    for moves, score in reference_cases()[::4]:
        solver().clear()
        assert solver().solve_moves(columns(moves)) == score, moves


def test_a_batch_gets_every_positions_exact_score_in_order():
    cases = reference_cases()
    solver().clear()
    scores = solver().solve_many([position_from_moves(columns(moves)) for moves, _ in cases])
    assert scores == [score for _, score in cases]


def test_a_weak_batch_gives_each_positions_sign():
    cases = reference_cases()[::2]
    scores = solver().solve_many([position_from_moves(columns(moves)) for moves, _ in cases], weak=True)
    assert [(s > 0) - (s < 0) for s in scores] == [(score > 0) - (score < 0) for _, score in cases]


def test_a_batch_stopped_at_its_node_limit_raises_and_later_searches_stay_exact():
    cases = reference_cases()[-3:]
    positions = [position_from_moves(columns(moves)) for moves, _ in cases]
    solver().clear()
    with pytest.raises(SearchAborted):
        solver().solve_many(positions, node_limit=100)
    assert solver().solve_many(positions) == [score for _, score in cases]


def test_the_search_recursion_does_no_reference_counting():
    record = np.zeros(1, STATE)[0]
    assert refcount_calls(negamax, record, np.uint64(0), np.uint64(0), 0, -1, 1) == 0


def test_a_win_with_the_fourth_disc_scores_18():
    assert solver().solve_moves(columns("121212")) == 18


def test_facing_two_threats_the_mover_loses_to_the_fourth_disc():
    # Red holds columns 3-5 of the bottom row, open at both ends; Yellow to move.
    assert solver().solve_moves(columns("33445")) == -18


def test_the_only_block_scores_the_position_and_every_other_move_loses_at_once():
    # Yellow to move; Red completes a line in column 7 unless Yellow blocks it.
    position = position_from_moves(columns("36413663712232166314763571225"))
    scores = solver().move_scores(position)
    assert scores.pop(6) == solver().solve(position) == -5
    assert set(scores.values()) == {-6}  # Red's 16th disc wins


def test_weak_solve_gives_the_sign_of_the_exact_score():
    for moves, score in reference_cases()[::3]:
        weak = solver().solve_moves(columns(moves), weak=True)
        assert ((weak > 0), (weak < 0)) == ((score > 0), (score < 0)), moves


def test_best_move_score_is_the_position_score():
    for moves, score in reference_cases()[10:16]:
        assert max(solver().move_scores(position_from_moves(columns(moves))).values()) == score, moves


def test_node_limit_stops_a_search_and_later_searches_stay_exact():
    moves, score = reference_cases()[-1]
    solver().clear()
    with pytest.raises(SearchAborted):
        solver().solve_moves(columns(moves), node_limit=50)
    assert solver().solve_moves(columns(moves)) == score


@pytest.mark.parametrize("moves, problem", [
    ("1111111", "column 0 is full"),
    ("18", "column 7 is not on a 7-column board"),
    ("1212121", "already won"),
    ("12121212", "already won"),
])
def test_bad_move_sequences_are_refused_naming_the_problem(moves, problem):
    with pytest.raises(PositionError, match=problem):
        position_from_moves(columns(moves))


@pytest.mark.parametrize("score, plies, text", [
    (18, 6, "win in 1"), (17, 6, "win in 2"), (-18, 5, "loss in 1"), (-17, 5, "loss in 2"),
    (0, 20, "draw"), (1, 41, "win in 1"), (21, 0, "win in 1"),
])
def test_score_text_counts_the_movers_own_moves(score, plies, text):
    assert score_text(score, plies) == text


# -- other board sizes, against plain minimax over the rules ---------------------------
def minimax_score(state: ConnectFour, max_discs: int) -> int:
    """The solvers' score of ``state`` by exhaustive negamax over the rules module."""
    memo: dict = {}

    def value(game: ConnectFour) -> int:
        key = game.key()
        if key not in memo:
            scores = []
            for move in game.legal_moves():
                game.push(move)
                outcome = game.outcome()
                if outcome is None:
                    scores.append(-value(game))
                else:
                    scores.append(max_discs + 1 - (len(game.move_stack) + 1) // 2 if outcome.winners else 0)
                game.pop()
            memo[key] = max(scores)
        return memo[key]

    return value(state.copy())


def test_small_board_scores_match_plain_minimax_on_random_positions():
    rng = random.Random(4)
    small = Solver(SMALL, table_bits=12)
    checked = 0
    while checked < 12:
        state = ConnectFour(cols=5, rows=4, n=4)
        while len(state.move_stack) < 11 and state.outcome() is None:
            state.push(rng.choice(state.legal_moves()))
        if state.outcome() is not None:
            continue
        assert small.solve_moves(list(state.move_stack)) == minimax_score(state, SMALL.max_discs), state.to_text()
        checked += 1


def test_boards_too_big_for_64_bits_are_refused():
    with pytest.raises(ValueError, match="64"):
        Geometry(10, 6)


def test_safe_columns_leave_only_the_block_when_the_opponent_threatens():
    position = position_from_moves(columns("36413663712232166314763571225"))
    assert solver().safe_columns(position) == [6]


def test_partners_share_one_table_and_solve_in_threads_at_once_as_one_solver_would():
    from concurrent.futures import ThreadPoolExecutor
    cases = reference_cases()[:24]
    own = Solver(table_bits=16)
    partner = own.partner()
    assert partner.table is own.table
    with ThreadPoolExecutor(2) as pool:
        firsts = pool.submit(lambda: [own.solve_moves(columns(moves)) for moves, _ in cases[::2]])
        seconds = pool.submit(lambda: [partner.solve_moves(columns(moves)) for moves, _ in cases[1::2]])
        assert firsts.result() == [score for _, score in cases[::2]]
        assert seconds.result() == [score for _, score in cases[1::2]]
    partner.reset_nodes()
    assert partner.solve_moves(columns(cases[0][0])) == cases[0][1]  # own's proof, read from the shared table
    assert partner.nodes < 100
