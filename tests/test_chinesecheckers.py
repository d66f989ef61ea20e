"""Chinese Checkers rules: the star, moves and jump chains, no parking, passes, winning, places, notation."""
from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.chinesecheckers import (
    HEXAGON, HOLES, INDEX, JUMPS, NAMES, NEIGHBOURS, PASS, POINTS, TIPS, ChineseCheckers, distance_to_goal,
    goal_point,
)
from game.rules.core import BadNotation, IllegalMove
from game.match.record import Match, Player
from game.store.savefile import match_from_text, match_to_text
from chinesecheckers_games import play, position



def snapshot(state: ChineseCheckers) -> tuple:
    return (list(state.board), state.turn, list(state.move_stack), state.key(), state.outcome(),
            state.finished, [state.turns_taken(s) for s in range(state.num_seats)], state.legal_moves())


def screen_xy(hole: int) -> tuple[float, float]:
    file, rank = HOLES[hole]
    q, t = file - 9, rank - 9
    return q - t / 2, t * math.sqrt(3) / 2


def names_of(state: ChineseCheckers, moves) -> set[str]:
    return {state.move_to_str(m) for m in moves}


def near_finish(state: ChineseCheckers, seat: int, outside: int) -> list[str]:
    """Fill ``seat``'s goal but for ``outside`` holes of its base row, with those
    marbles one step out in the hexagon; returns the steps that bring them in."""
    goal = state.goal(seat)
    base = [h for h in goal if any(n in HEXAGON for n in NEIGHBOURS[h])][:outside]
    steps = []
    for hole in goal:
        state.board[hole] = 0 if hole in base else seat + 1
    for hole in base:
        out = next(n for n in NEIGHBOURS[hole] if n in HEXAGON and not state.board[n])
        state.board[out] = seat + 1
        steps.append(f"{NAMES[out]}-{NAMES[hole]}")
    return steps


# -- the star ------------------------------------------------------------------
def test_star_has_121_holes_named_by_rank_then_file():
    assert len(HOLES) == len(NAMES) == len(set(NAMES)) == 121
    assert (NAMES[0], NAMES[-1]) == ("e1", "m17")
    assert [HOLES[i][1] for i in range(121)] == sorted(HOLES[i][1] for i in range(121))
    assert all(NAMES[INDEX[name]] == name for name in NAMES)
    assert NAMES[60] == "i9" and screen_xy(60) == (0.0, 0.0)


def test_six_points_of_ten_around_a_hexagon_of_61():
    assert [len(point) for point in POINTS] == [10] * 6
    assert len(HEXAGON) == 61
    everything = sorted([*HEXAGON, *(h for point in POINTS for h in point)])
    assert everything == list(range(121))
    assert sum(n >= 0 for n in NEIGHBOURS[INDEX["i9"]]) == 6
    assert [sum(n >= 0 for n in NEIGHBOURS[tip]) for tip in TIPS] == [2] * 6


def test_neighbours_are_symmetric_and_one_step_apart():
    for hole, around in enumerate(NEIGHBOURS):
        for direction, other in enumerate(around):
            if other >= 0:
                assert NEIGHBOURS[other][(direction + 3) % 6] == hole
                (x1, y1), (x2, y2) = screen_xy(hole), screen_xy(other)
                assert math.isclose(math.hypot(x2 - x1, y2 - y1), 1.0)


def test_jumps_land_two_holes_straight_on():
    for hole in range(121):
        for direction, jump in enumerate(JUMPS[hole]):
            over = NEIGHBOURS[hole][direction]
            if jump is None:
                assert over < 0 or NEIGHBOURS[over][direction] < 0
            else:
                assert jump == (over, NEIGHBOURS[over][direction])


def test_points_go_clockwise_from_the_bottom_and_goals_are_opposite():
    angles = []
    for point in POINTS:
        x = sum(screen_xy(h)[0] for h in point) / 10
        y = sum(screen_xy(h)[1] for h in point) / 10
        angles.append(round(math.degrees(math.atan2(y, x))))
    assert angles == [-90, -150, 150, 90, 30, -30]
    assert [NAMES[t] for t in TIPS] == ["e1", "a5", "e13", "m17", "q13", "m5"]
    for point in range(6):
        mirrored = sorted(INDEX[name] for name in (mirror(NAMES[h]) for h in POINTS[point]))
        assert tuple(mirrored) == POINTS[goal_point(point)]


def mirror(name: str) -> str:
    """The hole opposite ``name`` through the centre i9."""
    file, rank = HOLES[INDEX[name]]
    return f"{'abcdefghijklmnopq'[17 - file]}{18 - rank}"


# -- the start -------------------------------------------------------------------
@pytest.mark.parametrize("players, points", [(2, (0, 3)), (3, (0, 2, 4)), (4, (0, 1, 3, 4)), (6, (0, 1, 2, 3, 4, 5))])
def test_start_fills_each_seats_point_and_aims_at_the_opposite_one(players, points):
    state = ChineseCheckers(players=players)
    assert state.num_seats == players
    assert state.turn == 0 and state.outcome() is None
    for seat, point in enumerate(points):
        assert state.seat_point(seat) == point
        assert state.goal(seat) == POINTS[(point + 3) % 6]
        assert [h for h in range(121) if state.board[h] == seat + 1] == list(POINTS[point])
    assert state.board.count(0) == 121 - 10 * players
    assert [state.seat_name(s) for s in range(players)] == ["Red", "Teal", "Yellow", "Violet", "Green", "Pink"][:players]


def test_first_moves_of_two_players_are_seven_steps_and_seven_jumps():
    state = ChineseCheckers()
    moves = names_of(state, state.legal_moves())
    assert len(moves) == 14
    assert {"e4-e5", "h4-i5", "e3-e5", "g3-i5"} <= moves
    assert all(len(m) in (2, 3) for m in state.legal_moves())


def test_seats_move_in_turn_clockwise():
    state = ChineseCheckers(players=3)
    seen = []
    for _ in range(7):
        seen.append(state.turn)
        state.push(state.legal_moves()[0])
    assert seen == [0, 1, 2, 0, 1, 2, 0]


# -- moves -------------------------------------------------------------------------
def test_a_step_moves_one_marble_to_a_neighbour():
    state = ChineseCheckers()
    state.push(state.parse_move("e4-e5"))
    assert state.board[INDEX["e4"]] == 0 and state.board[INDEX["e5"]] == 1
    assert state.turn == 1


def test_jump_chain_goes_over_own_and_other_marbles_and_may_stop_after_any_jump():
    state = position(marbles={0: ["e4"], 1: ["e5", "f7"]})
    state.board[INDEX["h8"]] = 1
    moves = names_of(state, state.moves_from(INDEX["e4"]).values())
    # e4 over e5 (Teal) to e6, over f7 (Teal) to g8, over h8 (Red) to i8.
    assert {"e4-e6", "e4-e6-g8", "e4-e6-g8-i8"} <= moves
    state.push(state.parse_move("e4-e6-g8-i8"))
    assert state.board[INDEX["i8"]] == 1 and state.board[INDEX["e4"]] == 0
    assert state.board[INDEX["e5"]] == state.board[INDEX["f7"]] == 2 and state.board[INDEX["h8"]] == 1


def test_no_step_after_a_jump_and_no_jump_after_a_step():
    state = position(marbles={0: ["e4"], 1: ["e5", "e7"]})
    for text in ("e4-e6-f6", "e4-f5-f6", "e4-e6-e7"):
        assert not state.is_legal(state.parse_move(text))
        with pytest.raises(IllegalMove, match=text):
            state.push(state.parse_move(text))


def test_a_chain_may_not_revisit_a_hole():
    # g7 over g8 to g9, over h9 to i9, over i8 to i7, over h7 back to g7.
    state = position(marbles={0: ["g7"], 1: ["g8", "h9", "i8", "h7"]})
    paths = list(state.moves_from(INDEX["g7"]).values())
    assert paths and all(len(set(p)) == len(p) for p in paths)
    assert INDEX["g7"] not in {p[-1] for p in paths}
    assert state.is_legal(state.parse_move("g7-g9-i9-i7"))
    with pytest.raises(IllegalMove, match="twice"):
        state.push(state.parse_move("g7-g9-i9-i7-g7"))


def test_legal_moves_list_one_shortest_path_per_start_and_end_and_push_takes_any():
    # g7 reaches g9 over g8, or the long way: over h8 to i9, then over h9 to g9.
    state = position(marbles={0: ["g7"], 1: ["g8", "h8", "h9"]})
    moves = state.legal_moves()
    ends = [(m[0], m[-1]) for m in moves]
    assert len(ends) == len(set(ends))
    by_end = {m[-1]: m for m in moves}
    assert state.move_to_str(by_end[INDEX["g9"]]) == "g7-g9"
    longer = state.parse_move("g7-i9-g9")
    assert state.is_legal(longer) and longer not in moves
    state.push(longer)
    assert state.move_stack[-1] == longer and state.board[INDEX["g9"]] == 1


# -- no parking ----------------------------------------------------------------------
def test_a_marble_may_not_end_a_move_in_a_point_that_is_neither_its_start_nor_its_goal():
    # e8 is the hexagon's corner beside the lower-left point (d8, d7, c6...).
    state = position(marbles={0: ["e8"], 1: ["d7"]})
    ends = {NAMES[m[-1]] for m in state.legal_moves()}
    assert ends == {"e7", "f8", "f9", "e9"}          # not d8, nor c6 over d7
    with pytest.raises(IllegalMove, match="lower left point"):
        state.push(state.parse_move("e8-d8"))
    with pytest.raises(IllegalMove, match="lower left point"):
        state.push(state.parse_move("e8-c6"))


def test_a_marble_may_jump_through_another_point():
    state = position(marbles={0: ["e8"], 1: ["d7", "d6"]})
    paths = state.moves_from(INDEX["e8"])
    assert INDEX["c6"] not in paths
    assert state.move_to_str(paths[INDEX["e6"]]) == "e8-c6-e6"


def test_a_marble_may_end_in_its_own_start_point_and_its_goal():
    state = position(marbles={0: ["e5", "m13"]})
    ends = {NAMES[m[-1]] for m in state.legal_moves()}
    assert "e4" in ends and "m14" in ends


# -- passing -------------------------------------------------------------------------
def test_a_player_without_a_move_passes():
    # Red's only marble sits at the bottom tip, boxed in by Teal with nowhere to jump.
    state = position(marbles={0: ["e1"], 1: ["e2", "f2", "e3", "g3", "i9"]})
    assert state.legal_moves() == [PASS]
    assert state.move_to_str(PASS) == "pass" and state.parse_move(" PASS ") == PASS
    state.push(PASS)
    assert state.turn == 1 and state.move_stack == [PASS]
    assert state.pop() == PASS and state.turn == 0


def test_passing_with_a_move_in_hand_is_illegal():
    with pytest.raises(IllegalMove, match="may not pass"):
        ChineseCheckers().push(PASS)


# -- illegal moves ------------------------------------------------------------------
def test_illegal_moves_raise_and_change_nothing():
    state = play([3, 1, 4, 1, 5, 9, 2, 6])
    before = snapshot(state)
    for move in [(INDEX["e1"], INDEX["e2"]), (0,), (5, 500), [1, "x"], "e4-e5", None, (True, 1),
                 state.parse_move("m17-m16"), state.parse_move("e1-i9")]:
        with pytest.raises(IllegalMove):
            state.push(move)
        assert snapshot(state) == before


# -- winning ---------------------------------------------------------------------------
def test_filling_the_goal_wins():
    state = position(marbles={1: ["i7", "j8", "i9", "h9", "g9", "g8", "f7", "i5", "h5", "g5"]})
    (step,) = near_finish(state, 0, 1)
    state.push(state.parse_move(step))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
    assert "Red" in outcome.reason
    assert outcome.cells == state.goal(0)
    assert outcome.ranking == ((0,), (1,))
    assert state.legal_moves() == [] and not state.is_legal(PASS)


def test_a_goal_filled_around_an_opponents_marble_counts_as_filled():
    # Teal keeps a marble at home on the tip m17; Red fills the other nine holes.
    state = position(marbles={1: ["m17", "i7", "j8", "i9", "h9", "g9", "g8", "f7", "i5", "h5"]})
    goal = [h for h in state.goal(0) if NAMES[h] != "m17"]
    for hole in goal:
        state.board[hole] = 1
    last = next(h for h in goal if any(n in HEXAGON for n in NEIGHBOURS[h]))
    out = next(n for n in NEIGHBOURS[last] if n in HEXAGON and not state.board[n])
    state.board[last], state.board[out] = 0, 1
    state.push((out, last))
    assert state.outcome() is not None and state.outcome().winners == (0,)


def test_a_goal_held_only_by_others_or_with_a_gap_is_not_filled():
    state = position(marbles={1: list(NAMES[h] for h in POINTS[3][:9])})
    state.board[INDEX["m13"]] = 1
    state.push(state.parse_move("m13-l13"))        # Red steps away: its goal holds only Teal
    assert state.outcome() is None
    state = position(marbles={1: ["i7", "j8", "i9", "h9", "g9", "g8", "f7", "i5", "h5", "g5"]})
    steps = near_finish(state, 0, 2)
    state.push(state.parse_move(steps[0]))
    assert state.outcome() is None


def test_play_on_skips_finished_seats_and_ranks_every_place():
    state = position(players=3, play_on=True)
    step_red = near_finish(state, 0, 1)
    step_teal = near_finish(state, 1, 2)
    step_yellow = near_finish(state, 2, 1)
    state.push(state.parse_move(step_red[0]))
    assert state.finished == (0,) and state.outcome() is None and state.turn == 1
    state.push(state.parse_move(step_teal[0]))
    state.push(next(m for m in state.legal_moves() if state.move_to_str(m) not in step_yellow))
    assert state.turn == 1                           # Red, finished, is skipped
    state.push(state.parse_move(step_teal[1]))
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.ranking == ((0,), (1,), (2,))
    assert "places" in outcome.reason
    state.pop()
    assert state.finished == (0,) and state.turn == 1 and state.outcome() is None


def test_without_play_on_the_others_are_ranked_by_distance():
    state = position(players=3)
    step_red = near_finish(state, 0, 1)
    near_finish(state, 1, 3)
    near_finish(state, 2, 1)
    state.push(state.parse_move(step_red[0]))
    assert state.outcome().ranking == ((0,), (2,), (1,))
    assert distance_to_goal(state, 2) < distance_to_goal(state, 1)


# -- the turn limit ----------------------------------------------------------------------
def test_turn_limit_ends_the_game_after_that_many_turns_each_and_ranks_by_distance():
    rng = random.Random(4)
    state = ChineseCheckers(players=3, turn_limit=50)
    while state.outcome() is None:
        state.push(rng.choice(state.legal_moves()))
    assert len(state.move_stack) == 150
    assert [state.turns_taken(s) for s in range(3)] == [50, 50, 50]
    outcome = state.outcome()
    assert "turn limit" in outcome.reason
    distances = [[distance_to_goal(state, s) for s in place] for place in outcome.ranking]
    flat = [d for place in distances for d in place]
    assert flat == sorted(flat) and all(len(set(place)) == 1 for place in distances)
    assert outcome.winners == outcome.ranking[0]


def test_turn_limit_with_equal_distances_is_a_draw():
    state = ChineseCheckers(turn_limit=50)
    for turn in range(50):
        state.push(state.parse_move("e4-e5" if turn % 2 == 0 else "e5-e4"))
        state.push(state.parse_move("m14-m13" if turn % 2 == 0 else "m13-m14"))
    outcome = state.outcome()
    assert outcome is not None and outcome.is_draw
    assert outcome.ranking == ((0, 1),)


def test_distance_to_goal_is_zero_when_filled_and_falls_one_per_step_toward_the_tip():
    state = ChineseCheckers()
    assert distance_to_goal(state, 0) == distance_to_goal(state, 1) == 16 + 2 * 15 + 3 * 14 + 4 * 13 - 20 == 120
    state.push(state.parse_move("e4-e5"))
    assert distance_to_goal(state, 0) == distance_to_goal(state, 1) - 1
    filled = position(marbles={0: [NAMES[h] for h in POINTS[3]]})
    assert distance_to_goal(filled, 0) == 0


# -- notation ------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "e4", "e4-", "e4-z9", "a1-e4", "e4 e5", "pas", "e4-e5-"])
def test_bad_notation_names_the_text(text):
    with pytest.raises(BadNotation) as err:
        ChineseCheckers().parse_move(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("move", [(1,), (0, 121), "e4-e5", None, (1.0, 2)])
def test_move_to_str_rejects_what_is_not_a_path(move):
    with pytest.raises(BadNotation, match="not a Chinese Checkers move"):
        ChineseCheckers().move_to_str(move)


def test_from_text_names_the_first_bad_move():
    with pytest.raises(BadNotation, match=r"move 2 \('e4-e5'\)"):
        ChineseCheckers.from_text("e4-e5 e4-e5")


def test_save_file_round_trip_keeps_six_players_and_play_on():
    state = play(list(range(1, 400, 7)), players=6, play_on=True, turn_limit=100)
    players = [Player.human()] + [Player.of_bot("Easy")] * 5
    text = match_to_text(Match(state, players))
    assert "Options: players=6 play_on=True turn_limit=100" in text
    assert "Seat 6 (Pink): bot Easy" in text
    loaded = match_from_text(text)
    assert loaded.state.options == state.options
    assert snapshot(loaded.state) == snapshot(state)
    assert loaded.players == players


def test_key_tells_positions_and_seats_to_move_apart():
    a = ChineseCheckers.from_text("e4-e5 m14-m13 f4-f5")
    b = ChineseCheckers.from_text("f4-f5 m14-m13 e4-e5")
    assert a.key() == b.key()
    assert ChineseCheckers.from_text("e4-e5").key() != ChineseCheckers.from_text("e4-e5 m14-m13").key()


def test_rules_help_states_the_no_parking_blocking_and_turn_limit_rules():
    text = ChineseCheckers.rules_help
    assert "No parking" in text and "No blocking" in text and "Turn limit" in text


def test_a_path_of_numpy_integers_or_a_list_is_played_and_kept_as_plain_ints():
    import numpy as np

    state = ChineseCheckers()
    path = np.array(state.parse_move("e3-e5"), dtype=np.int64)
    assert state.move_to_str(tuple(path)) == "e3-e5"
    state.push(tuple(path))
    state.push(list(state.parse_move("m14-m13")))
    assert state.move_stack == [state.parse_move("e3-e5"), state.parse_move("m14-m13")]
    assert all(type(h) is int for move in state.move_stack for h in move)
