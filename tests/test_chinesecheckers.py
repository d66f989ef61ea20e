"""Chinese Checkers rules: the star, moves and jump chains, no parking, passes, winning, places, notation."""
from __future__ import annotations

import math
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.chinesecheckers import (
    GOAL_FILLED, HEXAGON, HOLES, INDEX, JUMPS, NAMES, NEIGHBOURS, PASS, POINTS, TIPS, ChineseCheckers, distance_to_goal,
    goal_point,
)
from game.rules.core import BadNotation, IllegalMove, Termination
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


# -- move counts, against a reference built from the geometry alone ------------------------
# The reference knows only what the module docstring says: a hole is (file, rank) with
# cube coordinates (q, -t, t-q), on the board iff all three are <= 4 or all >= -4, in the
# hexagon (61 holes) iff all three are within 4; the six neighbours are at the listed
# offsets; the points lie around the hexagon at -90, -150, 150, 90, 30 and -30 degrees on
# screen (x = q - t/2, y = t*sqrt(3)/2); seats take points by the number of players and
# aim at the opposite one. It uses nothing of the rules module: the tests compare its
# answers with the rules' by hole name, and pin the numbers so a change to both shows.
REF_OFFSETS = ((1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1))
REF_POINT_ANGLES = (-90, -150, 150, 90, 30, -30)
REF_SEAT_POINTS = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 6: (0, 1, 2, 3, 4, 5)}

Hole = tuple[int, int]


def ref_cube(hole: Hole) -> tuple[int, int, int]:
    q, t = hole[0] - 9, hole[1] - 9
    return q, -t, t - q


REF_HOLES = frozenset(
    (f, r) for f in range(1, 18) for r in range(1, 18) if max(ref_cube((f, r))) <= 4 or min(ref_cube((f, r))) >= -4
)


def ref_point(hole: Hole) -> int | None:
    """The point a hole belongs to (the one whose direction from the centre is nearest), None in the hexagon."""
    if max(map(abs, ref_cube(hole))) <= 4:
        return None
    q, t = hole[0] - 9, hole[1] - 9
    angle = math.degrees(math.atan2(t * math.sqrt(3) / 2, q - t / 2))
    return min(range(6), key=lambda p: abs((angle - REF_POINT_ANGLES[p] + 180) % 360 - 180))


def ref_name(hole: Hole) -> str:
    return "abcdefghijklmnopq"[hole[0] - 1] + str(hole[1])


def ref_hole(name: str) -> Hole:
    return "abcdefghijklmnopq".index(name[0]) + 1, int(name[1:])


def ref_start(players: int) -> dict[Hole, int]:
    """Hole -> seat of its marble, at the start."""
    return {hole: seat for seat, point in enumerate(REF_SEAT_POINTS[players])
            for hole in REF_HOLES if ref_point(hole) == point}


def ref_moves(board: dict[Hole, int], seat: int, players: int, no_parking: bool = True) -> set[tuple[Hole, Hole]]:
    """(start, end) of every move of ``seat``: a step to an empty neighbour, or a chain
    of jumps, each over one marble into the empty hole beyond, never revisiting a hole;
    ending only in the hexagon, the seat's own point or its goal (unless ``no_parking``
    is false).

    The chain's ends are found breadth first over landing holes: a hole reached by
    any chain is reached by one that visits no hole twice, and the start (visited
    first) is never an end. While its marble jumps the start hole is empty.
    """
    point = REF_SEAT_POINTS[players][seat]
    may_end = {None, point, (point + 3) % 6}
    found = set()
    for start in [hole for hole, owner in board.items() if owner == seat]:
        taken = board.keys() - {start}
        ends = ({(start[0] + df, start[1] + dr) for df, dr in REF_OFFSETS} & REF_HOLES) - taken
        landed, queue = {start}, deque([start])
        while queue:
            here = queue.popleft()
            for df, dr in REF_OFFSETS:
                over, land = (here[0] + df, here[1] + dr), (here[0] + 2 * df, here[1] + 2 * dr)
                if over in taken and land in REF_HOLES and land not in taken and land not in landed:
                    landed.add(land)
                    queue.append(land)
        ends |= landed - {start}
        found |= {(start, end) for end in ends if not no_parking or ref_point(end) in may_end}
    return found


def ref_path_is_a_move(board: dict[Hole, int], path: list[Hole]) -> bool:
    """Whether a path is one step, or jumps over marbles into empty holes, none visited twice."""
    taken = board.keys() - {path[0]}
    if len(path) == 2 and any((path[0][0] + df, path[0][1] + dr) == path[1] for df, dr in REF_OFFSETS):
        return path[1] not in taken
    return len(set(path)) == len(path) and all(
        any(there == (here[0] + 2 * df, here[1] + 2 * dr) and (here[0] + df, here[1] + dr) in taken
            for df, dr in REF_OFFSETS) and there not in taken
        for here, there in zip(path, path[1:])
    )


def ref_play(board: dict[Hole, int], start: Hole, end: Hole) -> dict[Hole, int]:
    after = dict(board)
    after[end] = after.pop(start)
    return after


def ref_perft(board: dict[Hole, int], seat: int, players: int, depth: int) -> int:
    """Lines of ``depth`` moves from ``board`` with ``seat`` to move (a pass is one move)."""
    moves = ref_moves(board, seat, players)
    if depth == 1:
        return len(moves) or 1
    if not moves:
        return ref_perft(board, (seat + 1) % players, players, depth - 1)
    return sum(ref_perft(ref_play(board, a, z), (seat + 1) % players, players, depth - 1) for a, z in moves)


def rules_perft(state: ChineseCheckers, depth: int) -> int:
    moves = state.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        state.push(move)
        total += rules_perft(state, depth - 1)
        state.pop()
    return total


def ends_of(state: ChineseCheckers, moves) -> set[tuple[str, str]]:
    return {(NAMES[m[0]], NAMES[m[-1]]) for m in moves if m}


def ref_after(players: int, text: str) -> dict[Hole, int]:
    """The reference board after ``text``, each move checked by the reference first."""
    board = ref_start(players)
    for ply, word in enumerate(text.split()):
        path = [ref_hole(name) for name in word.split("-")]
        assert (path[0], path[-1]) in ref_moves(board, ply % players, players) and ref_path_is_a_move(board, path), word
        board = ref_play(board, path[0], path[-1])
    return board


#: Openings (random legal games, fixed) that bring marbles beside the points nobody owns,
#: where the no-parking rule takes away 2, 4, 6 and 1 of the moves that follow.
OPENINGS = {
    2: "e4-e5 l15-l13 e3-e4 k15-k13-m13 e4-e3 m17-k15 g3-i5 l14-l12 g4-g3 m13-m12 e5-e6 k14-l15 h4-g4 "
       "j14-j13 f4-f5 m12-m11 e2-e4 m11-m10 f2-h4 l12-m13 i5-h5 k15-j14 f5-f4 j13-i13",
    3: "h4-i5 h13-i13 n10-m9 e4-e5 e11-e9 n13-m12 i5-i6 e10-e8 o13-m11 i6-i5 f12-f10 n11-n10 g4-e4 "
       "e13-e11-g11 n12-n11 e3-g5 g12-h13 m12-m10 g5-f5 i13-i12 n11-l9 g3-e3-g5 i12-i13 q13-o13 f5-h5 "
       "g13-f12 p12-n12-l10-l8 g5-g6 f10-g10 l8-l10",
    4: "e4-f5 d6-e6 l15-j13 n11-m10 f5-e5 e6-f6 l14-l13 o13-m13-k13-i13 g4-e4-e6 c6-d6 j13-i12 p13-n11 "
       "e6-e4 d8-e9 k15-k13 m10-m11 f4-g5 d6-d8-f10 m15-l15 n11-p13 f2-f4 d5-d6 k13-k15 m11-n11 h4-f2 "
       "d7-d5-f5-f7 i12-h11 p13-o13 g5-g6 b5-d5-f5-h7 j14-l14 o13-m13-k13",
    6: "e4-f5 c6-e8 e10-f10 m14-m13 n13-l13 l6-l8 e3-g5 c5-c6 e11-g11-e9 j14-i13 o11-m9-k7 m7-l6 f5-e5 "
       "a5-c5-e7 f10-e10 l14-m14 o13-o11-m9 l7-j7 h4-h5 c7-a5 e9-e11-g11 k15-j14 l13-n13 j5-j6 g3-e3 "
       "e7-f8 f11-e11 j14-h12 m9-o11-m11 l5-l7 f4-h6 d8-c7 g11-f11 i13-g11 n12-o13 l8-k8",
}


def test_the_reference_star_is_the_rules_star():
    assert len(REF_HOLES) == 121 and {ref_name(h) for h in REF_HOLES} == set(NAMES)
    assert [sorted(ref_name(h) for h in REF_HOLES if ref_point(h) == p) for p in range(6)] == [
        sorted(NAMES[h] for h in point) for point in POINTS]


@pytest.mark.parametrize("players, moves, count", [
    (2, "", 14), (3, "", 14), (4, "", 14), (6, "", 14),
    (2, "e3-e5", 14), (3, "h4-i5 h13-i13 n10-m9", 21), (4, "e4-f5 d6-e6 l15-j13 n11-m10", 25),
    (6, "e4-f5 c6-e8", 15),
    (2, OPENINGS[2], 33), (3, OPENINGS[3], 47), (4, OPENINGS[4], 30), (6, OPENINGS[6], 40),
])
def test_legal_move_counts_agree_with_the_reference(players, moves, count):
    state = ChineseCheckers.from_text(moves, players=players)
    board = ref_after(players, moves)
    reference = ref_moves(board, state.turn, players)
    assert ends_of(state, state.legal_moves()) == {(ref_name(a), ref_name(z)) for a, z in reference}
    assert all(ref_path_is_a_move(board, [ref_hole(NAMES[h]) for h in move]) for move in state.legal_moves())
    assert len(state.legal_moves()) == len(reference) == count


@pytest.mark.parametrize("players, parked", [(2, 2), (3, 4), (4, 6), (6, 1)])
def test_the_openings_end_where_no_parking_takes_moves_away(players, parked):
    board = ref_after(players, OPENINGS[players])
    seat = len(OPENINGS[players].split()) % players
    everywhere = ref_moves(board, seat, players, no_parking=False)
    assert len(everywhere) - len(ref_moves(board, seat, players)) == parked


@pytest.mark.parametrize("players, depth, lines", [
    (2, 2, 196), (3, 2, 196), (4, 2, 197), (6, 2, 197),
    (2, 3, 4648), (3, 3, 2744), (4, 3, 2758), (6, 3, 2772),
])
def test_lines_of_play_from_the_start_agree_with_the_reference(players, depth, lines):
    assert rules_perft(ChineseCheckers(players=players), depth) == ref_perft(ref_start(players), 0, players, depth) == lines


@settings(max_examples=8, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from([2, 3, 4, 6]))
def test_moves_along_random_games_agree_with_the_reference(rng, players):
    state = ChineseCheckers(players=players, turn_limit=50)
    board = ref_start(players)
    while moves := state.legal_moves():
        reference = ref_moves(board, state.turn, players)
        assert ends_of(state, moves) == {(ref_name(a), ref_name(z)) for a, z in reference}
        assert (moves == [PASS]) == (not reference)
        move = rng.choice(moves)
        state.push(move)
        if move:
            board = ref_play(board, ref_hole(NAMES[move[0]]), ref_hole(NAMES[move[-1]]))


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
    assert outcome.termination is GOAL_FILLED and outcome.reason == "Red filled the goal"
    assert outcome.scores == (0, distance_to_goal(state, 1)) and outcome.scores[1] > 0
    assert state.scores_text(outcome) == f"steps to goal: Red 0, Teal {outcome.scores[1]}"
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
    assert outcome.termination is GOAL_FILLED and "places" in outcome.reason
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
    assert outcome.termination == Termination.TURN_LIMIT and "turn limit" in outcome.reason
    assert outcome.scores == tuple(distance_to_goal(state, s) for s in range(3))
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
    assert "Game: chinesecheckers(players=6,play_on=True,turn_limit=100)" in text
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
