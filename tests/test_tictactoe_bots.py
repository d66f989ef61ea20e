"""Tic-tac-toe bots: what each tier guarantees, checked over every game or random positions."""
from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bots.lib.exhaustive import reachable_positions, tally_games
from bots.lib.minimax import WIN, describe, move_values, position_value
from bots.lib.tictactoe_lines import completing_cells, fork_cells, impact, other
from bots.lib.tictactoe_tree import INVERSES, SYMMETRIES, game_tree, inverse, transform
from bots.tictactoe_easy import TicTacToeEasy
from bots.tictactoe_perfect import TicTacToePerfect
from bots.tictactoe_rules import TicTacToeRules
from bots.tictactoe_symmetry import TicTacToeSymmetry
from game.rules.tictactoe import EMPTY, LINES, O, X, TicTacToe, winning_line
from tictactoe_games import play

choice_lists = st.lists(st.integers(min_value=0, max_value=8), max_size=8)


def mover_mark(state: TicTacToe) -> int:
    return state.mark(state.turn)


def deterministic(bot):
    return lambda state: [bot.choose_move(state, 1.0)]


@cache
def exact_result(board: tuple[int, ...], mark: int) -> int:
    """1, 0 or -1: the result for ``mark`` to move with best play, by plain negamax."""
    if winning_line(board) is not None:
        return -1
    empty = [c for c in range(9) if board[c] == EMPTY]
    if not empty:
        return 0
    return max(-exact_result(board[:c] + (mark,) + board[c + 1:], other(mark)) for c in empty)


def all_bots() -> list:
    return [
        TicTacToeEasy(seed=1),
        TicTacToeRules(),
        TicTacToeRules(faithful=True),
        TicTacToeSymmetry(),
        TicTacToeSymmetry(depth=0),
        TicTacToePerfect(seed=1),
    ]


# -- enumeration helpers -----------------------------------------------------
def test_tally_with_every_move_allowed_counts_the_whole_game_tree():
    tally = tally_games(TicTacToe(), 0, lambda state: state.legal_moves())
    assert (tally.games, tally.wins, tally.draws, tally.losses) == (255_168, 131_184, 46_080, 77_904)
    assert TicTacToe.from_text(TicTacToe().moves_to_text(tally.lost_game)).outcome().winners == (1,)


def test_reachable_positions_are_distinct_and_unaffected_by_the_caller():
    keys = []
    for state in reachable_positions(TicTacToe()):
        keys.append(state.key())
        if state.legal_moves():
            state.push(state.legal_moves()[0])
    assert len(keys) == len(set(keys)) == 5_478


# -- every bot --------------------------------------------------------------
@given(choice_lists)
def test_every_bot_returns_a_legal_move(choices):
    state = play(choices)
    if state.is_over():
        return
    before = (list(state.board), list(state.move_stack))
    for bot in all_bots():
        move = bot.choose_move(state, 1.0)
        assert state.is_legal(move), f"{type(bot).__name__} chose {move!r} in {state.to_text()!r}"
        assert (list(state.board), list(state.move_stack)) == before


@pytest.mark.parametrize("cls", [TicTacToeEasy, TicTacToePerfect])
def test_seeded_bot_repeats_its_choices(cls):
    positions = [play([i, 3 * i + 1, 5 * i + 2]) for i in range(12)]
    positions = [p for p in positions if not p.is_over()]
    first, second = cls(seed=7), cls(seed=7)
    assert [first.choose_move(p, 1.0) for p in positions] == [second.choose_move(p, 1.0) for p in positions]


@pytest.mark.parametrize(
    "cls, params",
    [(TicTacToeSymmetry, {"depth": -1}), (TicTacToeSymmetry, {"depth": "4"}), (TicTacToeRules, {"faithful": "yes"})],
)
def test_bad_parameter_is_refused_with_its_value(cls, params):
    with pytest.raises((ValueError, TypeError), match=repr(next(iter(params.values())))):
        cls(**params)


def test_unknown_parameter_is_refused():
    with pytest.raises(TypeError):
        TicTacToePerfect(speed=3)


# -- Easy -------------------------------------------------------------------
@given(choice_lists, st.integers(min_value=0, max_value=2**32))
def test_easy_takes_a_win_in_one(choices, seed):
    state = play(choices)
    wins = [] if state.is_over() else completing_cells(state.board, mover_mark(state))
    if not wins:
        return
    assert TicTacToeEasy(seed=seed).choose_move(state, 1.0) in wins


def test_easy_varies_its_moves_between_seeds():
    chosen = {TicTacToeEasy(seed=seed).choose_move(TicTacToe(), 1.0) for seed in range(40)}
    assert len(chosen) > 3


# -- Medium -----------------------------------------------------------------
@pytest.mark.parametrize("faithful", [False, True])
@pytest.mark.parametrize("seat", [0, 1])
def test_medium_loses_no_game_against_any_sequence(faithful, seat):
    tally = tally_games(TicTacToe(), seat, deterministic(TicTacToeRules(faithful=faithful)))
    assert tally.losses == 0, f"lost {TicTacToe().moves_to_text(tally.lost_game)}"


def test_faithful_medium_reproduces_the_article_count_when_the_opponent_starts():
    tally = tally_games(TicTacToe(), 1, deterministic(TicTacToeRules(faithful=True)))
    assert (tally.games, tally.wins, tally.draws, tally.losses) == (489, 364, 125, 0)


def test_medium_never_turns_a_drawn_or_won_position_into_a_lost_one():
    bot = TicTacToeRules()
    for state in reachable_positions(TicTacToe()):
        if state.is_over():
            continue
        me = mover_mark(state)
        before = exact_result(tuple(state.board), me)
        state.push(bot.choose_move(state, 1.0))
        after = 1 if state.outcome() and state.outcome().winners else -exact_result(tuple(state.board), other(me))
        assert after >= min(before, 0), f"{state.to_text()!r}"


def test_medium_chain_order_win_before_block_before_fork():
    bot = TicTacToeRules()
    # X can win at c3 and must otherwise block O at a1: winning comes first.
    assert bot.choose_move(TicTacToe.from_text("a3 a2 b3 b2"), 1.0) == 2
    # O to move, X threatens c3 (a3 b3): block it.
    assert bot.choose_move(TicTacToe.from_text("a3 b2 b3"), 1.0) == 2
    # O to move after X a3, O b2, X c1: a corner would let X fork; the edge stops it.
    move = bot.choose_move(TicTacToe.from_text("a3 b2 c1"), 1.0)
    assert move in (1, 3, 5, 7)


def test_medium_strategic_move_takes_the_busiest_cell():
    assert TicTacToeRules().choose_move(TicTacToe(), 1.0) == 4
    assert impact([EMPTY] * 9) == [3, 2, 3, 2, 4, 2, 3, 2, 3]
    assert TicTacToeRules().choose_move(TicTacToe.from_text("b2"), 1.0) == 0


def test_fork_cells_are_where_two_lines_of_one_meet():
    board = TicTacToe.from_text("a3 b2 c1").board
    assert fork_cells(board, X) == [2, 6]
    assert fork_cells(board, O) == []


# -- Hard (symmetry tree) ---------------------------------------------------
@pytest.mark.parametrize("j", range(8))
def test_symmetry_composed_with_its_inverse_is_the_identity(j):
    identity = tuple(range(9))
    assert transform(transform(identity, SYMMETRIES[j]), INVERSES[j]) == identity
    assert transform(transform(identity, INVERSES[j]), SYMMETRIES[j]) == identity
    assert inverse(INVERSES[j]) == SYMMETRIES[j]


def test_symmetries_are_eight_distinct_maps_of_lines_onto_lines():
    assert len(set(SYMMETRIES)) == 8
    lines = {frozenset(line) for line in LINES}
    for perm in SYMMETRIES:
        assert {frozenset(perm[c] for c in line) for line in LINES} == lines
    assert set(INVERSES) == set(SYMMETRIES)


def test_tree_holds_each_position_once_up_to_symmetry():
    tree = game_tree()
    assert [len(layer) for layer in tree.layers] == [1, 3, 12, 38, 108, 174, 204, 153, 57, 15]
    assert len(tree) == 765
    for layer in tree.layers:
        canonical = {min(transform(node.board, p) for p in SYMMETRIES) for node in layer}
        assert len(canonical) == len(layer)


@given(choice_lists)
def test_tree_locates_every_reachable_board(choices):
    state = play(choices)
    tree = game_tree()
    symmetry, layer, number = tree.locate(state.board)
    assert transform(state.board, SYMMETRIES[symmetry]) == tree.node(layer, number).board
    assert layer == len(state.move_stack)


def test_tree_refuses_an_unreachable_board():
    with pytest.raises(ValueError, match="not a reachable"):
        game_tree().locate([X, X, X, O, O, O, EMPTY, EMPTY, EMPTY])


@given(choice_lists)
def test_hard_analysis_maps_every_tree_child_back_to_a_distinct_legal_move(choices):
    state = play(choices)
    if state.is_over():
        return
    assert sorted(TicTacToeSymmetry().analyse(state, 1.0)) == state.legal_moves()


@given(choice_lists, st.integers(min_value=0, max_value=8))
def test_hard_never_misses_a_win_in_one(choices, depth):
    state = play(choices)
    wins = [] if state.is_over() else completing_cells(state.board, mover_mark(state))
    if wins:
        assert TicTacToeSymmetry(depth=depth).choose_move(state, 1.0) in wins


@given(choice_lists, st.integers(min_value=1, max_value=8))
def test_hard_blocks_a_single_threat_when_it_cannot_win(choices, depth):
    state = play(choices)
    if state.is_over() or completing_cells(state.board, mover_mark(state)):
        return
    threats = completing_cells(state.board, other(mover_mark(state)))
    if len(threats) == 1:
        assert TicTacToeSymmetry(depth=depth).choose_move(state, 1.0) == threats[0]


@pytest.mark.parametrize("seat", [0, 1])
def test_hard_at_depth_five_loses_no_game_against_any_sequence(seat):
    tally = tally_games(TicTacToe(), seat, deterministic(TicTacToeSymmetry(depth=5)))
    assert tally.losses == 0, f"lost {TicTacToe().moves_to_text(tally.lost_game)}"


def test_hard_at_depth_four_loses_no_game_when_it_moves_first():
    tally = tally_games(TicTacToe(), 0, deterministic(TicTacToeSymmetry()))
    assert tally.losses == 0, f"lost {TicTacToe().moves_to_text(tally.lost_game)}"


@pytest.mark.parametrize("hard_seat", [0, 1])
def test_hard_does_not_lose_to_medium(hard_seat):
    hard, medium = TicTacToeSymmetry(), TicTacToeRules()
    state = TicTacToe()
    while not state.is_over():
        state.push((hard if state.turn == hard_seat else medium).choose_move(state, 1.0))
    assert state.outcome().result_for(hard_seat) != "loss", state.to_text()


def test_hard_analysis_reports_a_seen_win_and_open_line_balance():
    values = TicTacToeSymmetry().analyse(TicTacToe.from_text("a3 b2 c1 a1"), 1.0)
    assert values[2].text == "win in 2"
    assert values[1].text == "loss in 1"
    assert TicTacToeSymmetry().analyse(TicTacToe(), 1.0)[4].text.startswith("+")


# -- Master -----------------------------------------------------------------
@pytest.mark.parametrize("seat", [0, 1])
def test_master_loses_no_game_whatever_equal_move_it_picks(seat):
    tally = tally_games(TicTacToe(), seat, TicTacToePerfect().best_moves)
    assert tally.losses == 0, f"lost {TicTacToe().moves_to_text(tally.lost_game)}"
    assert tally.games > 1000


def test_master_values_agree_with_plain_negamax_everywhere():
    master = TicTacToePerfect()
    for state in reachable_positions(TicTacToe()):
        if state.is_over():
            continue
        me = mover_mark(state)
        for move, value in master.analyse(state, 1.0).items():
            state.push(move)
            after = 1 if state.outcome() and state.outcome().winners else -exact_result(tuple(state.board), other(me))
            state.pop()
            assert value.text.split()[0] == {1: "win", 0: "draw", -1: "loss"}[after], (state.to_text(), move)


@given(choice_lists, st.integers(min_value=0, max_value=2**32))
def test_master_wins_at_once_when_it_can(choices, seed):
    state = play(choices)
    wins = [] if state.is_over() else completing_cells(state.board, mover_mark(state))
    if wins:
        assert TicTacToePerfect(seed=seed).choose_move(state, 1.0) in wins


@given(choice_lists, st.integers(min_value=0, max_value=2**32))
def test_master_blocks_a_single_threat_when_it_cannot_win(choices, seed):
    state = play(choices)
    if state.is_over() or completing_cells(state.board, mover_mark(state)):
        return
    threats = completing_cells(state.board, other(mover_mark(state)))
    if len(threats) == 1:
        assert TicTacToePerfect(seed=seed).choose_move(state, 1.0) == threats[0]


def test_master_analysis_counts_the_winners_moves():
    values = TicTacToePerfect().analyse(TicTacToe.from_text("a3 b2 c1 a1"), 1.0)
    assert {TicTacToe().move_to_str(m): v.text for m, v in values.items()} == {
        "c3": "win in 2", "b3": "loss in 1", "a2": "loss in 1", "c2": "loss in 1", "b1": "loss in 1",
    }
    assert values[2].score > 0 > values[1].score
    # X (c1, c2) wins at once at c3, in two at b2 (a fork), and only draws at b3.
    quick = TicTacToePerfect().analyse(TicTacToe.from_text("c1 b1 c2 a2"), 1.0)
    assert (quick[2].text, quick[4].text, quick[1].text) == ("win in 1", "win in 2", "draw")
    assert quick[2].score > quick[4].score > quick[1].score
    assert TicTacToePerfect(seed=3).best_moves(TicTacToe.from_text("c1 b1 c2 a2")) == [2]


def test_master_offers_every_first_move_as_a_draw():
    assert {v.text for v in TicTacToePerfect().analyse(TicTacToe(), 1.0).values()} == {"draw"}
    assert sorted(TicTacToePerfect().best_moves(TicTacToe())) == list(range(9))


def test_minimax_values_count_plies_to_the_end():
    assert describe(WIN - 1) == "win in 1"
    assert describe(WIN - 3) == "win in 2"
    assert describe(-(WIN - 2)) == "loss in 1"
    assert describe(-(WIN - 4)) == "loss in 2"
    assert describe(0) == "draw"
    table: dict = {}
    assert position_value(TicTacToe(), table) == 0
    assert position_value(TicTacToe.from_text("a3 a2 b3 b2"), table) == WIN - 1
    assert max(move_values(TicTacToe.from_text("a3 b2 c1 a1"), table).values()) == WIN - 3
