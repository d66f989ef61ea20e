"""Chinese Checkers search bots: the numba engine against the rules, and Hard/Master's moves."""
from __future__ import annotations

import random
import re
from dataclasses import replace

import numpy as np
import pytest

from bots.chinesecheckers_brs import ChineseCheckersBRS, progress_filter, rules_move
import bots.chinesecheckers_master as master_module
from bots.chinesecheckers_master import ChineseCheckersMaster
from bots.lib import chinesecheckers_engine as engine
from bots.lib.chinesecheckers_mcts import MctsParams, MctsTree, search_root_moves
from bots.lib.chinesecheckers_search import Scratch
from bots.lib.clock import Deadline
from game.rules.chinesecheckers import HOLES, INDEX, PASS, ChineseCheckers
from chinesecheckers_games import position

BOTS = [ChineseCheckersBRS, ChineseCheckersMaster]
#: Thinking time in the tests: enough for a few plies, short enough to keep the suite fast.
QUICK = 0.05


def random_game(players: int, plies: int, rng: random.Random) -> ChineseCheckers:
    """A game of ``plies`` moves, half of them the most forward move, half at random."""
    state = ChineseCheckers(players=players)
    tables = engine.tables_for(players)
    for _ in range(plies):
        moves = state.legal_moves()
        if not moves:
            break
        seat = state.turn
        if rng.random() < 0.5:
            state.push(rng.choice(moves))
        else:
            state.push(max(moves, key=lambda m: tables.dist[seat, m[0]] - tables.dist[seat, m[-1]] if m else -99))
    return state


def scratch_buffers() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    return np.zeros(len(HOLES), np.int32), np.zeros(len(HOLES), np.int16), np.zeros(engine.MAX_MOVES, np.int64)


def engine_moves(state: ChineseCheckers) -> list[tuple[int, int]]:
    """The (start, end) of every move the engine generates for the seat to move."""
    tables = engine.tables_for(state.num_seats)
    position_ = engine.Position.of_state(state)
    mark, queue, out = scratch_buffers()
    count = engine.generate(state.turn, position_.board, position_.marbles, tables.allowed, tables.neighbours,
                            tables.jump_land, mark, queue, out, 0)
    return [engine.decode(int(code))[1:] for code in out[:count]]


@pytest.mark.parametrize("players", [2, 3, 6])
def test_engine_moves_are_the_rules_moves_one_per_start_and_end(players):
    rng = random.Random(players)
    for _ in range(3):
        state = ChineseCheckers(players=players)
        for _ in range(50 * players):
            if state.outcome() is not None:
                break
            legal = state.legal_moves()
            generated = engine_moves(state)
            assert len(generated) == len(set(generated))
            assert sorted(generated) == sorted((m[0], m[-1]) for m in legal if m != PASS)
            state.push(rng.choice(legal) if rng.random() < 0.5 else legal[-1])


def test_engine_moves_from_a_set_up_board_with_few_marbles():
    state = position(3, {0: ["j8", "e1"], 1: ["j9", "j11", "j13"], 2: ["i9"]})
    assert sorted(engine_moves(state)) == sorted((m[0], m[-1]) for m in state.legal_moves())


def test_make_and_unmake_keep_the_totals_of_a_fresh_position():
    state = random_game(3, 90, random.Random(7))
    tables = engine.tables_for(3)
    position_ = engine.Position.of_state(state)
    before = [array.copy() for array in position_.arrays()]
    mark, queue, out = scratch_buffers()
    count = engine.generate(state.turn, position_.board, position_.marbles, tables.allowed, tables.neighbours,
                            tables.jump_land, mark, queue, out, 0)
    assert count > 0
    for code in out[:count]:
        engine.make(code, *position_.arrays()[:5], tables.dist, tables.goal_owner)
        fresh = engine.Position.from_board(position_.board, tables)
        assert list(fresh.dist_sum) == list(position_.dist_sum)
        assert list(fresh.home) == list(position_.home) and list(fresh.occupied) == list(position_.occupied)
        engine.unmake(code, *position_.arrays()[:5], tables.dist, tables.goal_owner)
        assert all((a == b).all() for a, b in zip(before, position_.arrays()))


@pytest.mark.parametrize("bot_class", BOTS)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_search_bots_return_legal_moves_for_every_number_of_players(bot_class, players):
    rng = random.Random(players)
    bot = bot_class(seed=1)
    for plies in (0, 25 * players):
        state = random_game(players, plies, rng)
        move = bot.choose_move(state.copy(), QUICK)
        assert state.is_legal(move), state.move_to_str(move)


@pytest.mark.parametrize("bot_class", BOTS)
def test_search_bots_take_a_winning_jump_chain(bot_class):
    # Red has nine marbles home; the tenth, on j8, wins only by jumping Teal's j9, j11 and j13
    # into the last free goal hole, j14.
    state = position(2, {1: ["j9", "j11", "j13"]})
    for hole in state.goal(0):
        state.board[hole] = 1
    state.board[INDEX["j14"]] = 0
    state.board[INDEX["j8"]] = 1
    move = bot_class(seed=3).choose_move(state.copy(), QUICK)
    assert state.move_to_str(move) == "j8-j10-j12-j14"
    state.push(move)
    assert state.outcome() is not None and state.outcome().winners == (0,)


@pytest.mark.parametrize("bot_class", BOTS)
def test_search_bots_pass_when_boxed_in(bot_class):
    state = position(2, {0: ["e1"], 1: ["e2", "f2", "e3", "g3", "i9"]})
    assert state.legal_moves() == [PASS]
    assert bot_class(seed=1).choose_move(state.copy(), QUICK) == PASS


@pytest.mark.parametrize("bot_class", BOTS)
def test_search_bots_play_on_after_a_seat_has_finished(bot_class):
    state = position(3, {1: ["i9", "h9", "g9", "i7", "h7"], 2: ["j8", "k8"]}, play_on=True)
    for hole in state.goal(0):
        state.board[hole] = 1
    state.board[INDEX["j14"]] = 0
    state.board[INDEX["j13"]] = 1
    state.push(state.parse_move("j13-j14"))
    assert state.finished == (0,) and state.outcome() is None and state.turn == 1
    move = bot_class(seed=2).choose_move(state.copy(), QUICK)
    assert state.is_legal(move), state.move_to_str(move)


def test_players_are_disengaged_only_once_every_opponent_marble_is_two_rows_behind():
    tables = engine.tables_for(2)
    apart = position(2, {0: ["i13", "j14"], 1: ["i11", "e4"]})
    touching = position(2, {0: ["i13", "j14"], 1: ["i12", "e4"]})
    assert engine.Position.of_state(apart).disengaged(tables, 0)
    assert engine.Position.of_state(apart).disengaged(tables, 1)
    assert not engine.Position.of_state(touching).disengaged(tables, 0)
    assert not engine.Position.of_state(ChineseCheckers(players=2)).disengaged(tables, 0)


def keep_after(moves: str):
    """The root-move filter for Red after ``moves`` from Red on i9 and e1, Teal on i7 and m17."""
    state = position(2, {0: ["i9", "e1"], 1: ["i7", "m17"]})
    for text in moves.split():
        state.push(state.parse_move(text))
    return progress_filter(state, engine.Position.of_state(state), engine.tables_for(2))


def red(start: str, end: str) -> int:
    return engine.encode(0, INDEX[start], INDEX[end])


def test_root_moves_may_not_bring_back_a_board_of_the_last_rounds():
    keep = keep_after("i9-h9 i7-h7 h9-i9 h7-i7")
    assert not keep(red("i9", "h9"))
    assert keep(red("i9", "j9"))


def test_after_turns_without_progress_only_moves_toward_home_are_kept():
    keep = keep_after("i9-h9 i7-h7 h9-g9 h7-g7 g9-f9 g7-f7 f9-e9 f7-e7")
    assert not keep(red("e9", "f9"))
    assert keep(red("e9", "f10"))


def test_a_turn_that_gets_nearer_home_ends_the_stall():
    keep = keep_after("i9-h9 i7-h7 h9-g9 h7-g7 g9-g10 g7-f7 g10-f10 f7-e7")
    assert keep(red("f10", "e9"))


def tree_search(state: ChineseCheckers, iterations: int, seed: int = 5):
    """Master's tree search from ``state`` for a fixed number of iterations: (stats, position before, after)."""
    tables = engine.tables_for(state.num_seats)
    position_ = engine.Position.of_state(state)
    before = [array.copy() for array in position_.arrays()]
    params = MctsParams(iterations=iterations)
    stats = search_root_moves(position_, tables, state.turn, Deadline.after(30.0), params,
                              MctsTree(nodes=1 << 14, seats=state.num_seats), Scratch(), random.Random(seed))
    return stats, before, position_


@pytest.mark.parametrize("players", [4, 6])
def test_tree_search_leaves_the_position_as_it_found_it_and_repeats_itself(players):
    state = random_game(players, 20 * players, random.Random(players))
    stats, before, after = tree_search(state, 300)
    assert all((a == b).all() for a, b in zip(before, after.arrays()))
    assert stats.iterations == 300 and 0 < max(stats.visits) <= 300 and sum(stats.visits) == 300
    assert state.is_legal(rules_move(state, int(stats.best())))
    assert tree_search(state, 300)[0].best() == stats.best()


def goal_filling_position() -> ChineseCheckers:
    """Six players; Red's tenth marble, on j8, fills the goal only by jumping j9, j11 and j13 into j14."""
    state = position(6, {1: ["j9", "j11", "j13"], 3: ["a5", "b5"], 4: ["q13"]})
    for hole in state.goal(0):
        state.board[hole] = 1
    state.board[INDEX["j14"]] = 0
    state.board[INDEX["j8"]] = 1
    return state


def test_tree_search_fills_the_goal_at_once_when_it_can():
    state = goal_filling_position()
    stats, _, _ = tree_search(state, 2000)
    assert state.move_to_str(rules_move(state, int(stats.best()))) == "j8-j10-j12-j14"


def test_master_hint_ranks_the_tree_search_moves_by_their_playouts():
    state = goal_filling_position()
    master = ChineseCheckersMaster(seed=2, tree_after=0)
    master.mcts_params = replace(master.mcts_params, iterations=2000)
    values = master.analyse(state, 30.0)
    assert len(values) > 1 and all(state.is_legal(move) for move in values)
    best = max(values, key=lambda move: values[move].score)
    assert state.move_to_str(best) == "j8-j10-j12-j14" and values[best].text.startswith("+6 steps")
    assert sum(value.score for value in values.values()) == pytest.approx(1.0)
    assert all(re.fullmatch(r"[+-]\d+ steps? toward the goal, tried in \d+% of 2,000 playouts", value.text)
               for value in values.values())


def test_master_hint_with_two_players_is_the_move_its_search_plays():
    values = ChineseCheckersMaster(seed=2).analyse(random_game(2, 30, random.Random(3)), QUICK)
    [(move, value)] = values.items()
    assert move and re.fullmatch(r"[+-]\d+ steps? toward the goal, best-reply search (1 ply|\d+ plies) deep, the only move valued", value.text)


def test_master_searches_a_tree_from_four_players_and_best_replies_below():
    master = ChineseCheckersMaster(seed=4, tree_after=0)
    master.choose_move(random_game(3, 30, random.Random(1)), QUICK)
    assert master.tree is None
    state = random_game(4, 40, random.Random(2))
    move = master.choose_move(state.copy(), QUICK)
    assert state.is_legal(move) and master.tree is not None and master.last.iterations > 0
    with pytest.raises(ValueError, match="tree_from"):
        ChineseCheckersMaster(tree_from=1)
    with pytest.raises(ValueError, match="tree_after"):
        ChineseCheckersMaster(tree_after=-1)
    with pytest.raises(ValueError, match="rounds"):
        MctsParams(rounds=0)


def test_master_opens_with_best_reply_search_and_searches_a_tree_after_tree_after_turns():
    master = ChineseCheckersMaster(seed=5, tree_after=3)
    opening = random_game(6, 12, random.Random(4))
    assert opening.turns_taken(opening.turn) == 2
    move = master.choose_move(opening.copy(), QUICK)
    assert opening.is_legal(move) and master.tree is None and master.last.depth > 0
    later = random_game(6, 18, random.Random(4))
    move = master.choose_move(later.copy(), QUICK)
    assert later.is_legal(move) and master.tree is not None


def test_master_warm_up_runs_both_searches(monkeypatch):
    searched = {"tree": 0, "best-reply": 0}

    def counted(name, search):
        def run(*args, **kwargs):
            searched[name] += 1
            return search(*args, **kwargs)
        return run

    monkeypatch.setattr(master_module, "search_root_moves", counted("tree", master_module.search_root_moves))
    monkeypatch.setattr(master_module, "best_move", counted("best-reply", master_module.best_move))
    ChineseCheckersMaster.warm_up()
    assert searched["tree"] >= 1 and searched["best-reply"] >= 1


def test_master_searching_a_tree_when_its_time_is_already_up_still_plays_out_one_line():
    master = ChineseCheckersMaster(seed=4, tree_after=0)
    state = random_game(4, 40, random.Random(2))
    move = master.choose_move(state.copy(), 0.0)
    assert state.is_legal(move) and master.tree is not None and master.last.iterations >= 1
