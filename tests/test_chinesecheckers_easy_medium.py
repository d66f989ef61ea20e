"""Chinese Checkers Easy and Medium: legal moves for every player count, what each prefers, the arena."""
from __future__ import annotations

import re

import pytest

import main
from bots.chinesecheckers_easy import ChineseCheckersEasy
from bots.chinesecheckers_greedy import ChineseCheckersGreedy
from game.rules.chinesecheckers import INDEX, NEIGHBOURS, PASS, hex_distance
from chinesecheckers_games import play, position

BOTS = [ChineseCheckersEasy, ChineseCheckersGreedy]


@pytest.mark.parametrize("bot_class", BOTS)
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_bot_plays_legal_moves_through_a_game(bot_class, players):
    bots = [bot_class(seed=seat) for seat in range(players)]
    state = play([], players=players, turn_limit=50)
    while state.outcome() is None:
        move = bots[state.turn].choose_move(state.copy(), 1.0)
        assert state.is_legal(move), state.move_to_str(move)
        state.push(move)
    assert state.outcome().ranking


@pytest.mark.parametrize("bot_class", BOTS)
def test_bot_passes_when_it_has_no_move(bot_class):
    state = position(marbles={0: ["e1"], 1: ["e2", "f2", "e3", "g3", "i9"]})
    assert bot_class(seed=1).choose_move(state, 1.0) == PASS


@pytest.mark.parametrize("seed", range(20))
def test_easy_takes_a_long_forward_jump_chain_over_short_moves(seed):
    # e4 jumps over f5, h7, j9 and l11 up to m12: eight steps nearer the goal;
    # every other move gains one or two.
    state = position(marbles={0: ["e1", "e2", "f2", "e3", "f3", "g3", "f4", "g4", "e4", "h4"],
                              1: ["f5", "h7", "j9", "l11"]})
    move = ChineseCheckersEasy(seed=seed).choose_move(state, 1.0)
    assert state.move_to_str(move) == "e4-g6-i8-k10-m12"


def test_easy_picks_among_equal_moves_at_random():
    state = play([])
    chosen = {ChineseCheckersEasy(seed=seed).choose_move(state, 1.0) for seed in range(20)}
    assert len(chosen) > 3


STRAGGLER = {0: ["i12", "j12", "k12", "l12", "h11", "i11", "j11", "k11", "l11", "e3"], 1: ["h9"]}


def test_medium_brings_up_a_straggler_rather_than_gain_a_step_in_front():
    # The front marbles can jump two steps forward; the straggler on e3 can only step one.
    state = position(marbles=STRAGGLER)
    for seed in range(5):
        move = ChineseCheckersGreedy(seed=seed).choose_move(state, 1.0)
        assert move[0] == INDEX["e3"] and move[-1] in NEIGHBOURS[move[0]]


def test_medium_without_the_straggler_penalty_takes_the_longer_jump_in_front():
    state = position(marbles=STRAGGLER)
    move = ChineseCheckersGreedy(straggler_weight=0.0, seed=1).choose_move(state, 1.0)
    assert move[0] != INDEX["e3"] and hex_distance(move[0], move[-1]) == 2


def test_medium_values_every_move_and_plays_its_best():
    state = play([5, 8, 13, 21, 34, 55])
    bot = ChineseCheckersGreedy(seed=3)
    values = bot.analyse(state, 1.0)
    assert set(values) == set(state.legal_moves())
    best = max(v.score for v in values.values())
    assert values[bot.choose_move(state, 1.0)].score == best
    assert all(re.fullmatch(r"[+-]\d+ steps?(, (leaves|brings up) [\d.]+( behind)?)?", v.text)
               for v in values.values())


def test_medium_hint_tells_steps_gained_and_stragglers_brought_up():
    state = position(marbles=STRAGGLER)
    values = ChineseCheckersGreedy().analyse(state, 1.0)
    assert values[state.parse_move("e3-e4")].text == "+1 step, brings up 0.9"
    assert values[state.parse_move("h11-j13")].text == "+2 steps, leaves 0.2 behind"


@pytest.mark.parametrize("value", [{"straggler_weight": -1.0}, {"gap": 20}])
def test_medium_refuses_parameters_out_of_range(value):
    with pytest.raises(ValueError):
        ChineseCheckersGreedy(**value)


@pytest.mark.parametrize("players", [3, 6])
def test_arena_plays_chinese_checkers_with_every_seat_a_bot(capsys, players):
    sides = [f"--{side}" for side in "abcdef"[:players]]
    bots = ["ChineseCheckersGreedy", "ChineseCheckersEasy"] * 3
    argv = ["arena", "chinesecheckers", "--games", "1", "--seed", "2", "--budget", "5",
            "--options", f"players={players}", "turn_limit=50"]
    for flag, bot in zip(sides, bots):
        argv += [flag, bot]
    assert main.main(argv) == 0
    out = capsys.readouterr().out
    assert "Chinese Checkers: 1 games" in out
    rows = [line for line in out.splitlines() if line[:2] in {f"{c} " for c in "ABCDEF"}]
    assert len(rows) == players
    assert "failure" not in out.split("failures", 1)[1]
