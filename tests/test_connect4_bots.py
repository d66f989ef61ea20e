"""Connect Four bots: legal moves on every size, what each tier guarantees, seed 001's numbers."""
from __future__ import annotations

import random
from types import SimpleNamespace

import numpy as np
import pytest

from bots.connect4_alphabeta import ConnectFourAlphaBeta
from bots.connect4_easy import ConnectFourEasy
from bots.connect4_features import ConnectFourFeatures
from bots.lib.clock import Deadline
from bots.lib.search_state import refcount_calls
from bots.lib.connect4_board import centre_weights, completes_line, winning_columns
from bots.lib.connect4_lines import line_tables
from bots.lib.connect4_search import (STATE, THREAT_GOOD, THREAT_NOW, THREAT_OTHER, WIN, Engine, drop, evaluate,
                                      negamax, threat_value, undo)
from bots.lib.connect4_strings import StringBoard, chessvalue
from game.rules.connect4 import ConnectFour

SIZES = [(7, 6, 4), (4, 4, 3), (5, 4, 4), (6, 7, 4), (8, 7, 5), (10, 10, 6), (10, 4, 3), (4, 10, 4)]

#: The article's table of chessvalue(l, d1, d2), printed with thousands separators.
ARTICLE_TABLE = """
[5, 0, 0] ==> 10,000,000
[4, 1, 1] ==>  1,305,000
[4, 0, 0] ==>  1,000,000
[4, 0, 1] ==>  1,110,000
[4, 0, 2] ==>  1,017,500
[3, 1, 1] ==>    130,500
[3, 1, 2] ==>    114,083
[3, 1, 3] ==>    111,731
[3, 1, 4] ==>    110,981
[3, 0, 1] ==>    111,000
[3, 1, 0] ==>    111,000
[3, 2, 2] ==>    103,375
[3, 2, 3] ==>    102,098
[3, 2, 4] ==>    101,729
[3, 0, 2] ==>    101,750
[3, 0, 3] ==>    100,703
[3, 0, 0] ==>          0
[2, 1, 1] ==>     13,050
[2, 0, 1] ==>     11,100
[2, 1, 0] ==>     11,100
[2, 1, 2] ==>     11,408
[2, 1, 3] ==>     11,173
[2, 0, 2] ==>     10,175
[2, 0, 3] ==>     10,070
[2, 1, 4] ==>     11,098
[2, 0, 0] ==>          0
[1, 1, 1] ==>      1,305
[1, 0, 1] ==>      1,110
[1, 0, 0] ==>          0
"""


def article_table() -> list[tuple[tuple[int, int, int], int]]:
    rows = []
    for line in ARTICLE_TABLE.strip().splitlines():
        triple, value = line.split("==>")
        l, d1, d2 = (int(x) for x in triple.strip(" []").split(","))
        rows.append(((l, d1, d2), int(value.replace(",", ""))))
    return rows


def article_position() -> ConnectFour:
    """The article's worked example: its board has 7 rows and 6 columns, Red (●) to move."""
    return ConnectFour.from_text("6554544333", cols=6, rows=7)


def random_position(rng: random.Random, cols: int, rows: int, n: int, plies: int) -> ConnectFour:
    state = ConnectFour(cols=cols, rows=rows, n=n)
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        state.push(rng.choice(moves))
        if state.is_over():
            state.pop()
            break
    return state


def all_bots() -> list:
    return [ConnectFourEasy(seed=3), ConnectFourFeatures(seed=3), ConnectFourAlphaBeta(depth=4, seed=3)]


# -- every bot --------------------------------------------------------------
@pytest.mark.parametrize("cols, rows, n", SIZES)
def test_every_bot_returns_a_legal_move_and_leaves_the_state_alone(cols, rows, n):
    rng = random.Random(cols * 100 + rows * 10 + n)
    for plies in (0, 3, cols * rows // 2, cols * rows - 1):
        state = random_position(rng, cols, rows, n, plies)
        if state.is_over():
            continue
        before = (state.board, list(state.move_stack))
        for bot in all_bots():
            move = bot.choose_move(state, 1.0)
            assert state.is_legal(move), f"{type(bot).__name__} chose {move!r} in {state.to_text()!r}"
            assert (state.board, list(state.move_stack)) == before


@pytest.mark.parametrize("bot", all_bots(), ids=lambda b: type(b).__name__)
def test_every_bot_takes_a_win_in_one(bot):
    state = ConnectFour.from_text("1122336")       # Red: 1, 2, 3 on the bottom row, column 4 open
    assert bot.choose_move(state, 1.0) == 3


@pytest.mark.parametrize("bot", all_bots(), ids=lambda b: type(b).__name__)
def test_every_bot_blocks_a_loss_in_one(bot):
    state = ConnectFour.from_text("17171")         # Red threatens column 1 (three up)
    assert winning_columns(state, 0) == [0] and winning_columns(state, 1) == []
    assert bot.choose_move(state, 1.0) == 0


def test_bots_take_the_win_rather_than_block():
    state = ConnectFour.from_text("121212")        # both have three up; Red, to move, wins in column 1
    assert winning_columns(state, 0) == [0] and winning_columns(state, 1) == [1]
    for bot in all_bots():
        assert bot.choose_move(state, 1.0) in winning_columns(state, state.turn)


# -- Easy ---------------------------------------------------------------------
def test_easy_prefers_central_columns():
    bot = ConnectFourEasy(seed=5)
    picks = [bot.choose_move(ConnectFour(), 1.0) for _ in range(700)]
    counts = [picks.count(c) for c in range(7)]
    assert counts[3] > counts[2] > counts[0] and counts[3] > counts[4] > counts[6]
    assert min(counts) > 0
    assert centre_weights(7) == [1, 2, 3, 4, 3, 2, 1]


def test_easy_repeats_its_game_with_the_same_seed():
    def game(seed):
        state, bots = ConnectFour(), [ConnectFourEasy(seed=seed), ConnectFourEasy(seed=seed + 1)]
        while not state.is_over():
            state.push(bots[state.turn].choose_move(state, 1.0))
        return state.to_text()

    assert game(11) == game(11)


# -- Medium: seed 001 -------------------------------------------------------------
@pytest.mark.parametrize("triple, value", article_table(), ids=lambda x: str(x))
def test_chessvalue_gives_the_article_table(triple, value):
    assert chessvalue(*triple) == value


def test_strings_and_totals_of_the_article_example():
    red, yellow = StringBoard.of_state(article_position()).strings()
    # The article's cells are (row from the top, column); ours are (column, row from the bottom).
    assert [(s.cells, (s.length, s.d1, s.d2), s.value) for s in red] == [
        (((3, 2), (4, 1), (5, 0)), (3, 1, 0), 111_000),
        (((3, 2), (2, 1)), (2, 1, 1), 13_050),
        (((4, 2), (4, 1)), (2, 1, 0), 11_100),
        (((3, 2), (4, 2)), (2, 0, 2), 10_175),
    ]
    assert [(s.cells, (s.length, s.d1, s.d2), s.value) for s in yellow] == [
        (((2, 0), (3, 0), (4, 0)), (3, 1, 0), 111_000),
        (((2, 2), (3, 1), (4, 0)), (3, 4, 0), 100_406),
        (((2, 2),), (1, 3, 0), 1_007),
        (((3, 1), (3, 0)), (2, 0, 0), 0),
        (((3, 1), (2, 0)), (2, 0, 0), 0),
    ]
    assert StringBoard.of_state(article_position()).totals() == (145_325, 212_413)


def test_column_changes_reproduce_the_article_recommendations():
    """The article ranks columns by ``change * pp`` then subtracts (``pp`` = [1, -2] for
    Red, [-2, 1] for Yellow); combined that way our changes give its printed lists."""
    board = StringBoard.of_state(article_position())
    base = board.totals()

    def ranking(disc, pp):
        rows = []
        for col in board.open_columns():
            board.drop(col, disc)
            change = [after - before for after, before in zip(board.totals(), base)]
            board.undo(col)
            rows.append((col + 1, change[0] * pp[0] - change[1] * pp[1]))
        return sorted(rows, key=lambda r: -r[1])

    assert ranking(1, (1, -2)) == [(3, 892909), (5, 198948), (4, 23813), (6, 23125), (1, 1110), (2, -123436)]
    assert ranking(2, (-2, 1)) == [(3, 210798), (5, 24983), (1, -1110), (6, -1850), (4, -10635), (2, -995407)]


def test_medium_plays_the_article_recommendation_in_its_example():
    state = article_position()
    assert ConnectFourFeatures(seed=1).choose_move(state, 1.0) == 2   # the article's column 3


def test_medium_values_are_own_gain_minus_twice_the_opponent_gain_after_the_reply():
    state = ConnectFour.from_text("44")
    bot = ConnectFourFeatures(seed=1)
    values = bot.column_values(state)
    board = StringBoard.of_state(state)
    base = board.totals()
    for col, value in values.items():
        board.drop(col, 1)
        reply = ConnectFourFeatures._best_reply(state_after(state, col), board, board.totals())
        board.drop(reply, 2)
        red, yellow = board.totals()
        board.undo(reply)
        board.undo(col)
        assert value == (red - base[0]) - 2 * (yellow - base[1])
    analysis = bot.analyse(state, 1.0)
    assert {col: v.score for col, v in analysis.items()} == values
    assert analysis[3].text == f"{values[3]:+,}"


def state_after(state: ConnectFour, col: int) -> ConnectFour:
    after = state.copy()
    after.push(col)
    return after


def test_medium_does_not_play_under_the_opponents_winning_cell():
    # Red holds (0, 1), (2, 1), (3, 1): a Yellow disc in column 2 would let Red in at (1, 1).
    state = ConnectFour.from_text("4143173")
    assert state.turn == 1 and winning_columns(state, 0) == [] and winning_columns(state, 1) == []
    state.push(1)
    assert winning_columns(state, 0) == [1]
    state.pop()
    for seed in range(5):
        assert ConnectFourFeatures(seed=seed).choose_move(state, 1.0) != 1


# -- Hard: the numba engine -------------------------------------------------------
def engine_arrays(engine: Engine) -> tuple:
    return (engine.cells.tobytes(), engine.heights.tobytes(), engine.counts.tobytes(),
            engine.record["window_score"].tobytes(), engine.record["threats"].tobytes())


@pytest.mark.parametrize("cols, rows, n", SIZES)
def test_engine_sees_the_same_winning_cells_as_the_rules(cols, rows, n):
    rng = random.Random(cols + 10 * rows + 100 * n)
    for plies in range(0, cols * rows, 3):
        state = random_position(rng, cols, rows, n, plies)
        engine = Engine(state)
        assert engine.filled == len(state.move_stack)
        assert engine.player == state.disc(state.turn)
        for col in range(cols):
            if state.height(col) < rows:
                for disc in (1, 2):
                    assert engine.wins_now(col, disc) == completes_line(state, col, disc), (state.to_text(), col)


@pytest.mark.parametrize("cols, rows, n", [(7, 6, 4), (10, 10, 6), (4, 4, 3)])
def test_engine_drop_then_undo_restores_its_arrays(cols, rows, n):
    rng = random.Random(n)
    tables = line_tables(cols, rows, n)
    state = random_position(rng, cols, rows, n, cols * rows // 3)
    engine = Engine(state)
    before = engine_arrays(engine)
    for col in state.legal_moves():
        cell = drop(engine.record, col, 1)
        assert cell == col * rows + state.height(col) and engine.cells[cell] == 1
        undo(engine.record, col)
        assert engine_arrays(engine) == before


def test_engine_evaluation_is_the_same_seen_from_either_side():
    rng = random.Random(9)
    for plies in (4, 11, 20, 30):
        state = random_position(rng, 7, 6, 4, plies)
        engine = Engine(state)
        assert evaluate(engine.record, 1) == -evaluate(engine.record, 2)


def test_the_engines_node_loop_does_no_reference_counting():
    record, i = np.zeros(1, STATE)[0], np.int64
    assert refcount_calls(negamax, record, i(1), i(3), i(-5), i(5), i(1), np.uint64(0), i(0)) == 0


def test_a_board_larger_than_the_engine_holds_is_refused_naming_its_size():
    with pytest.raises(ValueError, match="11x6"):
        Engine(SimpleNamespace(cols=11, rows=6, n=4))


def plain_evaluation(state: ConnectFour, player: int) -> int:
    """The engine's evaluation written plainly over the rules' board: every window's discs counted
    afresh, every threat cell marked, a threat right above an opponent's threat counting nothing."""
    cols, rows, n = state.cols, state.rows, state.n
    tables = line_tables(cols, rows, n)
    disc = {col * rows + row: d for col, column in enumerate(state.board) for row, d in enumerate(column) if d}
    score = 0
    marks = [0] * (cols * rows)
    for window in tables.windows.tolist():
        held = [disc.get(cell, 0) for cell in window]
        for owner in (1, 2):
            if held.count(3 - owner) == 0 and held.count(owner) > 0:
                sign = 1 if owner == player else -1
                score += sign * int(tables.weights[held.count(owner)])
                if held.count(owner) == n - 1:
                    marks[window[held.index(0)]] |= owner
    for col in range(cols):
        height = state.height(col)
        for row in range(height, rows):
            below = marks[col * rows + row - 1] if row > height else 0
            for owner in (1, 2):
                if marks[col * rows + row] & owner and not below & (3 - owner):
                    value = threat_value(owner, row, height)
                    score += value if owner == player else -value
    return score


@pytest.mark.parametrize("cols, rows, n", SIZES)
def test_engine_evaluation_kept_up_by_drop_and_undo_matches_a_plain_count(cols, rows, n):
    rng = random.Random(3 * cols + rows + n)
    for plies in range(0, cols * rows, 4):
        state = random_position(rng, cols, rows, n, plies)
        engine = Engine(state)
        for col in state.legal_moves()[:3]:      # after a drop and an undo, as the search leaves it
            drop(engine.record, col, 1)
            undo(engine.record, col)
        for player in (1, 2):
            assert evaluate(engine.record, player) == plain_evaluation(state, player), (state.to_text(), player)


def test_threats_on_their_owners_zugzwang_rows_are_worth_most():
    # Rows from 0 at the bottom: the first player's good rows are 0, 2, 4; the second player's 1, 3, 5.
    assert threat_value(1, 2, 0) == threat_value(2, 3, 0) == THREAT_GOOD
    assert threat_value(1, 3, 0) == threat_value(2, 2, 0) == THREAT_OTHER
    assert threat_value(1, 3, 3) == threat_value(2, 4, 4) == THREAT_NOW
    assert THREAT_GOOD > THREAT_OTHER


def solved_values(state: ConnectFour) -> dict[int, int]:
    """Exact values of each legal move in the engine's units, by plain negamax over the rules."""
    def value(ply: int) -> int:
        moves = state.legal_moves()
        for col in moves:
            if completes_line(state, col, state.disc(state.turn)):
                return WIN - (ply + 1)
        if not moves:
            return 0
        best = -10 * WIN
        for col in moves:
            state.push(col)
            best = max(best, -value(ply + 1))
            state.pop()
        return best

    values = {}
    for col in state.legal_moves():
        state.push(col)
        values[col] = WIN - 1 if state.outcome() and state.outcome().winners else -value(1)
        state.pop()
    return values


@pytest.mark.parametrize("cols, rows, n, seed", [(4, 4, 3, 1), (4, 4, 3, 2), (5, 4, 4, 3), (4, 5, 3, 4), (5, 4, 3, 5)])
def test_engine_searching_to_the_end_gives_the_exact_values(cols, rows, n, seed):
    rng = random.Random(seed)
    checked = 0
    while checked < 4:
        state = random_position(rng, cols, rows, n, cols * rows - rng.randint(6, 9))
        if state.is_over():
            continue
        expected = solved_values(state)
        engine = Engine(state)
        moves = [c for c in expected if not engine.wins_now(c, engine.player)]
        if not moves:
            continue
        empty = cols * rows - len(state.move_stack)
        _, values, aborted = engine.search(moves, empty, 10**9, exact=True)
        assert not aborted
        assert dict(zip(moves, values.tolist())) == {c: expected[c] for c in moves}, state.to_text()
        checked += 1


def test_hard_finds_a_win_in_two():
    state = ConnectFour.from_text("4455")        # Red makes an open three on the bottom row
    bot = ConnectFourAlphaBeta(depth=5, seed=1)
    assert bot.choose_move(state, 10.0) in (2, 5)
    values = bot.analyse(state, 10.0)
    assert values[2].text == values[5].text == "win in 2"
    assert max(values, key=lambda c: values[c].score) in (2, 5)


def forces_win_within(state: ConnectFour, plies: int) -> bool:
    """Can the side to move force a win with its disc dropped within ``plies`` plies? (plain search)"""
    if plies <= 0:
        return False
    for col in state.legal_moves():
        state.push(col)
        won = state.outcome() is not None and bool(state.outcome().winners)
        if not won and plies >= 3 and state.legal_moves():
            won = all(reply_loses(state, reply, plies - 2) for reply in state.legal_moves())
        state.pop()
        if won:
            return True
    return False


def reply_loses(state: ConnectFour, reply: int, plies: int) -> bool:
    state.push(reply)
    lost = state.outcome() is None and forces_win_within(state, plies)
    state.pop()
    return lost


def test_hard_finds_a_win_in_three_through_a_forced_reply():
    state = ConnectFour.from_text("756336435712")
    assert not forces_win_within(state, 3) and forces_win_within(state, 5)
    bot = ConnectFourAlphaBeta(depth=7, seed=1)
    values = bot.analyse(state, 10.0)
    assert [c for c, v in values.items() if v.text.startswith("win")] == [3]
    assert values[3].text == "win in 3"
    assert bot.choose_move(state, 10.0) == 3


@pytest.mark.parametrize("depth", [1, 2, 6])
def test_hard_never_plays_under_the_opponents_winning_cell(depth):
    state = ConnectFour.from_text("4143173")     # a Yellow disc in column 2 lets Red win at (1, 1)
    for seed in range(4):
        assert ConnectFourAlphaBeta(depth=depth, seed=seed).choose_move(state, 1.0) != 1


def test_hard_blocks_a_three_in_a_column():
    state = ConnectFour.from_text("17171")       # Red has three up in column 1: Yellow must block
    assert ConnectFourAlphaBeta(depth=6, seed=0).choose_move(state, 1.0) == 0


@pytest.mark.parametrize("cols, rows, n", [(10, 10, 5), (4, 4, 3), (8, 7, 6)])
def test_best_move_within_a_budget_is_legal_on_any_size(cols, rows, n):
    state = random_position(random.Random(cols), cols, rows, n, 5)
    move = ConnectFourAlphaBeta(seed=1).best_move_within(state, Deadline.after(0.2))
    assert state.is_legal(move)


def test_hard_rejects_a_depth_that_is_not_a_number_of_plies():
    for depth in (0, -1, 1.5, True, "8"):
        with pytest.raises(ValueError, match="depth"):
            ConnectFourAlphaBeta(depth=depth)
