"""Gomoku's numba engine and its Hard and Master tiers.

The kernels are checked against plain Python on random positions: the
pattern table against a reading of the line written from its definition,
the codes kept up to date move by move against codes computed afresh, and
the forbidden-point check against the rules' ``forbidden_reason``. The
tactical set (``tests/gomoku_tactics.py``) is solved by the threat search
at the stated length and by the bots; the bots are given ample time (the
answers take milliseconds), so no test depends on the machine's speed.
"""
from __future__ import annotations

import random
import re
import time

import numpy as np
import pytest

from bots import gomoku_hard
from bots.gomoku_hard import HINT_POINTS, ROOT_WIDTH, GomokuHard
from bots.gomoku_master import GomokuMaster
from bots.lib.gomoku_board import (B3, B4, BLACK, DEAD, F3, F4, FIVE, GRADE, GRADE_COUNT, GRADE_DOUBLE_THREE,
                                   GRADE_FOUR_THREE, GRADE_WIN, KEY_POINTS, OVERLINE, POINT_VALUES, SHAPE, SHAPE_COUNT,
                                   SHAPE_FOUR_PLUS, SHAPE_THREE_PLUS, SHAPE_TWO_TWOS, WHITE, Board,
                                   exact_colours, fresh_keys, pattern_table)
from bots.lib.gomoku_board import to_point
from bots.lib.gomoku_engine import HAND_TERMS, THEIR_FOUR_THREE_NEXT, WIN_BOUND, Search, evaluate, negamax
from bots.lib.gomoku_threats import ThreatSearch, threat_search
from bots.lib.search_state import refcount_calls
from game.rules.bot import AT_LEAST, AT_MOST, VALUE
from game.rules.gomoku import Gomoku, forbidden_reason
from tests.gomoku_tactics import TACTICS, Tactic

AMPLE = 30.0
NO_LIMIT = 1 << 40


def position(tactic: Tactic) -> Gomoku:
    return Gomoku.from_diagram(tactic.diagram, size=tactic.size, rule=tactic.rule)


def prove(state: Gomoku, attacker: int, vct: bool, depth: int):
    """The threat search's shortest win for ``attacker`` (BLACK/WHITE) up to ``depth`` own moves, or None."""
    import time
    return ThreatSearch(Board.of(state)).prove(attacker, vct, depth, NO_LIMIT, time.perf_counter() + AMPLE)


# -- the pattern table --------------------------------------------------------------------------
def reference_code(line: list[int], exact: bool) -> int:
    """The code of the own stone at the centre (5) of an 11-point line (0 empty, 1 own, 2 blocked),
    from the definitions: five; two, one or no points left that make five; else one grade under
    the best one more stone reaches."""
    first = last = 5
    while first > 0 and line[first - 1] == 1:
        first -= 1
    while last < 10 and line[last + 1] == 1:
        last += 1
    if last - first + 1 >= 5:
        return OVERLINE if exact and last - first + 1 > 5 else FIVE
    fives, best = 0, DEAD
    for at in range(1, 10):
        if at == 5 or line[at] != 0:
            continue
        line[at] = 1
        code = reference_code(line, exact)
        line[at] = 0
        if code == FIVE:
            fives += 1
        elif code not in (OVERLINE, DEAD) and code - 2 > best:
            best = code - 2
    return F4 if fives >= 2 else B4 if fives == 1 else best


def key_of(line: list[int], colour: int) -> int:
    """The board key of a line read from ``colour``'s side (blocked points as the other colour)."""
    key = 0
    for slot in range(KEY_POINTS):
        value = line[slot if slot < 5 else slot + 1]
        key |= (0 if value == 0 else colour if value == 1 else 3 - colour) << (2 * slot)
    return key


@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju"])
def test_pattern_table_agrees_with_the_definitions_on_random_lines(rule):
    rng = random.Random(rule)
    table = pattern_table(rule)
    for colour, exact in zip((BLACK, WHITE), exact_colours(rule)):
        for _ in range(1500):
            line = [rng.choice((0, 0, 1, 1, 2)) for _ in range(11)]
            line[5] = 1
            assert table[colour, key_of(line, colour)] == reference_code(list(line), exact), (line, colour)


def test_line_codes_name_the_shapes_players_know():
    table = pattern_table("freestyle")

    def code(text: str) -> int:
        line = [{".": 0, "X": 1, "O": 2}[c] for c in text]
        return int(table[BLACK, key_of(line, BLACK)])

    assert code("...XX*X....".replace("*", "X")) == F4          # .XXXX. once the centre is played
    assert code("..OXX*X....".replace("*", "X")) == B4
    assert code("....X*X....".replace("*", "X")) == F3
    assert code("...OX*XO...".replace("*", "X")) == DEAD
    # XX.XXX: freestyle fills the gap for six, a five (a four); under standard six is
    # no five, so what is left is the three on the right, a closed one.
    six_gap = [0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 0]
    assert table[BLACK, key_of(six_gap, BLACK)] == B4
    assert pattern_table("standard")[BLACK, key_of(six_gap, BLACK)] == B3


# -- incremental codes and the forbidden check --------------------------------------------------
def random_board(rng: random.Random, size: int, rule: str, stones: int, black_share: float = 0.5
                 ) -> tuple[Board, bytearray]:
    board = Board(size, rule)
    cells = bytearray(size * size)
    for point in rng.sample(range(size * size), stones):
        colour = BLACK if rng.random() < black_share else WHITE
        cells[point] = colour
        board.place(point, colour)
    return board, cells


def test_codes_kept_move_by_move_equal_codes_computed_afresh():
    rng = random.Random(3)
    for _ in range(20):
        board, cells = random_board(rng, rng.choice((9, 15)), rng.choice(("freestyle", "renju")), 40)
        stones = [p for p, v in enumerate(cells) if v]
        for point in rng.sample(stones, 15):
            board.lift(point)
        keys, pats, tally = board.keys.copy(), board.pats.copy(), board.tally.copy()
        sums = board.record["point_sum"].copy()
        fresh_keys(board.record)
        on_board = board.points
        empty = on_board[board.cells[on_board] == 0]          # a stone's codes are read afresh when it is lifted
        assert (keys[:, on_board] == board.keys[:, on_board]).all()
        assert (pats[:, :, empty] == board.pats[:, :, empty]).all() and (tally == board.tally).all()
        assert (sums[empty] == board.record["point_sum"][empty]).all()


@pytest.mark.parametrize("name, point, grade", [
    ("double three: three by threes", "f5", GRADE_DOUBLE_THREE),
    ("four, then an open four: three", "g5", GRADE_FOUR_THREE),
    ("double four in two", "g5", GRADE_WIN),
    ("open four in two", "e6", GRADE_WIN),
])
def test_a_points_grade_names_the_double_threat_it_makes(name, point, grade):
    tactic = next(t for t in TACTICS if t.name == name)
    state = position(tactic)
    board = Board.of(state)
    assert board.pats[BLACK, GRADE, board.points[state.parse_move(point)]] == grade
    assert board.tally[BLACK, GRADE_COUNT + grade] >= 1


@pytest.mark.parametrize("blacks, whites, shape", [
    ([(7, 6), (6, 7)], [], SHAPE_TWO_TWOS),                              # two open twos
    ([(7, 5), (7, 6), (6, 7)], [], SHAPE_THREE_PLUS),                    # an open three and an open two
    ([(7, 4), (7, 5), (7, 6), (6, 7)], [(7, 3)], SHAPE_FOUR_PLUS),       # a closed four and an open two
    ([(7, 5), (7, 6), (6, 7), (5, 7)], [], 0),                           # two open threes: a grade, no shape
])
def test_a_points_shape_names_what_two_of_its_lines_make_together(blacks, whites, shape):
    board = Board(15, "freestyle")
    for colour, stones in ((BLACK, blacks), (WHITE, whites)):
        for row, col in stones:
            board.place(row * 15 + col, colour)
    centre = board.points[7 * 15 + 7]
    assert board.pats[BLACK, SHAPE, centre] == shape
    counted = [board.tally[BLACK, SHAPE_COUNT + s] for s in range(1, 5)]
    assert (shape == 0 or counted[shape - 1] >= 1) and sum(counted) == sum(
        board.pats[BLACK, SHAPE, p] > 0 for p in board.points if board.cells[p] == 0)


def test_a_board_larger_than_the_record_holds_is_refused_naming_its_size():
    with pytest.raises(ValueError, match="21x21"):
        Board(21, "freestyle")


def test_forbidden_check_agrees_with_the_rules_on_random_boards():
    rng = random.Random(5)
    checked = forbidden = 0
    for _ in range(120):
        size = rng.choice((9, 15))
        board, cells = random_board(rng, size, "renju", rng.randint(10, size * size // 3), black_share=0.7)
        for point in range(size * size):
            if cells[point] == 0:
                expected = forbidden_reason(cells, size, point)
                assert board.forbidden_reason(point) == expected, (point, bytes(cells))
                checked += 1
                forbidden += expected is not None
    assert forbidden > 100 and checked > forbidden


def test_the_search_loops_do_no_reference_counting():
    board = Board(9, "renju")
    search, threats = Search(board, 12, prune=True, reduce=True), ThreatSearch(board)
    i = np.int64
    assert refcount_calls(negamax, board.record, search.record, i(1), i(3), i(-5), i(5), i(7), i(0), i(1)) == 0
    assert refcount_calls(threat_search, board.record, threats.record, i(3), i(7), False) == 0


# -- the tactical set -------------------------------------------------------------------------------
WINS = [t for t in TACTICS if t.kind in ("VCF", "VCT")]
DEFENCES = [t for t in TACTICS if t.kind == "defence"]
NO_WINS = [t for t in TACTICS if t.kind == "none"]


@pytest.mark.parametrize("tactic", WINS, ids=lambda t: t.name)
def test_threat_search_finds_each_forced_win_at_its_length(tactic):
    state = position(tactic)
    found = prove(state, Gomoku.colour(state.turn), tactic.kind == "VCT", 12)
    assert found is not None
    wins_in, line = found
    assert wins_in == tactic.wins_in
    assert state.move_to_str(line[0]) in tactic.answers
    for move in line:                                   # the line is a playable game ending in a win
        state.push(move)
    assert state.outcome() is not None or len(line) % 2 == 1


@pytest.mark.parametrize("tactic", [t for t in WINS if t.wins_in >= 3], ids=lambda t: t.name)
def test_the_line_of_a_proven_win_is_played_out_to_a_five(tactic):
    import time
    state = position(tactic)
    attacker = Gomoku.colour(state.turn)
    board = Board.of(state)
    line = ThreatSearch(board).principal_line(attacker, tactic.kind == "VCT", tactic.wins_in,
                                              time.perf_counter() + AMPLE)
    assert board.key == Board.of(state).key                      # the board is left as it was
    assert state.move_to_str(line[0]) in tactic.answers and (len(line) + 1) // 2 == tactic.wins_in
    for move in line:
        state.push(move)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0 if attacker == BLACK else 1,)


@pytest.mark.parametrize("tactic", NO_WINS, ids=lambda t: t.name)
def test_threat_search_finds_no_win_where_the_rules_allow_none(tactic):
    state = position(tactic)
    colour = Gomoku.colour(state.turn if tactic.side == "mover" else 1 - state.turn)
    for method in tactic.no_win:
        depth = tactic.wins_in or 8
        assert prove(state, colour, method == "VCT", depth) is None, method


@pytest.mark.parametrize("tactic", DEFENCES, ids=lambda t: t.name)
def test_only_the_listed_defences_stop_the_opponents_fours(tactic):
    state = position(tactic)
    holding = []
    for move in state.legal_moves():
        state.push(move)
        if prove(state, Gomoku.colour(state.turn), False, 10) is None:
            holding.append(state.move_to_str(move))
        state.pop()
    assert sorted(holding) == sorted(tactic.answers)


TIER_TACTICS = [pytest.param(tier, tactic, id=f"{tier.__name__}-{tactic.name}")
                for tier in (GomokuHard, GomokuMaster) for tactic in TACTICS
                if tactic.kind != "VCT" or tier.vct]


@pytest.mark.parametrize("tier, tactic", TIER_TACTICS)
def test_each_tier_plays_the_answer_and_never_a_point_to_avoid(tier, tactic):
    state = position(tactic)
    move = tier(seed=0).choose_move(state, AMPLE)
    assert state.is_legal(move)
    if tactic.answers and tactic.kind != "none":
        assert state.move_to_str(move) in tactic.answers
    assert state.move_to_str(move) not in tactic.avoid


def test_one_master_keeping_its_tables_from_position_to_position_answers_every_tactic():
    master = GomokuMaster(seed=0)              # its tables carry over, across board sizes and rules
    master.choose_move(Gomoku.from_text("h8 i9 h9 h10 g8", size=15, rule="freestyle"), 0.3)
    for tactic in [t for t in TACTICS if t.kind != "none"] * 2:
        state = position(tactic)
        move = state.move_to_str(master.choose_move(state, AMPLE))
        assert move in tactic.answers and move not in tactic.avoid, tactic.name


def test_master_finds_a_win_by_threes_that_hard_does_not_claim():
    tactic = next(t for t in TACTICS if t.name.startswith("double three"))
    state = position(tactic)
    hard, master = GomokuHard(seed=0), GomokuMaster(seed=0)
    hard.choose_move(state, AMPLE)
    master.choose_move(state, AMPLE)
    assert hard.last_win_line == []
    assert state.move_to_str(master.last_win_line[0]) == "f5"


def test_warm_up_defers_the_threat_search_to_its_later_part_on_a_first_launch(monkeypatch):
    monkeypatch.setattr(gomoku_hard, "disk_cached", lambda kernel: False)   # as on a first launch
    try:
        GomokuMaster.warm_up()
        assert not GomokuHard.threats_ready()
    finally:
        GomokuMaster.warm_up_later()
    assert GomokuHard.threats_ready()


def test_warm_up_with_the_threat_search_in_the_disk_cache_has_it_ready_at_once():
    GomokuHard.warm_up()
    GomokuHard.warm_up_later()                 # now the threat search is in the cache
    GomokuHard.warm_up()
    assert GomokuHard.threats_ready()


def test_until_the_threat_search_is_compiled_a_move_is_searched_without_it(monkeypatch):
    tactic = next(t for t in TACTICS if t.name.startswith("four, then"))
    state = position(tactic)
    monkeypatch.setattr(GomokuHard, "_threats_wait", True)
    bot = GomokuMaster(seed=0)
    assert state.is_legal(bot.choose_move(state, 2.0)) and bot.last_win_line == []
    GomokuMaster.warm_up_later()
    assert GomokuHard.threats_ready()
    assert state.move_to_str(bot.choose_move(state, AMPLE)) == "g5" and bot.last_win_line


@pytest.mark.parametrize("rule", ["freestyle", "renju"])
def test_no_side_has_a_threat_win_while_each_has_one_stone(rule):
    """Why the warm-up may leave the threat search for later: a bot's first move never needs it."""
    rng = random.Random(rule)
    for _ in range(30):
        black, white = rng.sample(range(15 * 15), 2)
        state = Gomoku(rule=rule)
        state.push(black)
        state.push(white)
        for attacker in (BLACK, WHITE):
            assert prove(state, attacker, True, 8) is None, state.to_text()


# -- analysis -----------------------------------------------------------------------------------------
def test_analyse_names_a_proven_win_with_its_line():
    tactic = next(t for t in TACTICS if t.name.startswith("four, then"))
    state = position(tactic)
    bot = GomokuMaster(seed=0)
    values = bot.analyse(state, AMPLE)
    best = max(values, key=lambda m: values[m].score)
    line = " ".join(state.move_to_str(p) for p in bot.last_win_line)
    assert values[best].text == f"wins by a VCF in 3: {line}"
    assert line.startswith("g5 h5")
    assert values[best].proven_win and values[best].bound == AT_LEAST      # a win, in 3 moves or fewer


def test_analyse_marks_every_unproven_value_as_an_estimate():
    state = Gomoku.from_text("h8 h9 i7 j6 g8")
    values = GomokuHard(seed=0).analyse(state, 1.0)
    assert values
    for value in values.values():
        assert ("(estimate)" in value.text and not value.exact) or (
            ("VCF" in value.text or "VCT" in value.text) and value.exact)
        assert not re.search(r"\d\.\d", value.text), "plain words, never a raw fraction"
    assert len(values) <= HINT_POINTS


def test_analyse_proves_the_moves_that_lose_to_the_opponents_fours():
    tactic = next(t for t in TACTICS if t.kind == "defence")
    state = position(tactic)
    bot = GomokuMaster(seed=0)
    bot.hint_points = ROOT_WIDTH          # every move tested, not only the best few a hint shows
    values = bot.analyse(state, AMPLE)
    proven = [m for m, v in values.items() if v.text.startswith("loses to a VCF in ")]
    assert proven and state.parse_move("g5") not in proven
    assert all(values[m].proven_loss and values[m].bound == AT_MOST for m in proven)
    for move in proven:
        state.push(move)
        assert prove(state, Gomoku.colour(state.turn), False, 10) is not None
        state.pop()


def test_analyse_values_the_only_block_of_a_four_and_proves_a_double_four_lost():
    blocked = Gomoku.from_text("h8 g8 i8 a1 j8 a2 k8")        # Black's four, White to block at l8
    values = GomokuMaster(seed=0).analyse(blocked, 2.0)
    assert list(values) == [blocked.parse_move("l8")] and "(estimate)" in values[blocked.parse_move("l8")].text
    lost = Gomoku.from_text("h8 a1 i8 a2 j8 a3 k8")            # an open four: two points make five
    values = GomokuHard(seed=0).analyse(lost, 2.0)
    assert [(value.text, value.exact, value.bound) for value in values.values()] == [("loses in 1", True, VALUE)]


# -- whole games --------------------------------------------------------------------------------------
@pytest.mark.parametrize("rule", ["freestyle", "standard", "renju"])
def test_hard_and_master_play_legal_moves_through_a_small_game(rule):
    state = Gomoku.from_text("e5 d4", size=9, rule=rule)
    bots = (GomokuMaster(seed=1), GomokuHard(seed=2))
    while state.outcome() is None and len(state.move_stack) < 40:
        move = bots[state.turn].choose_move(state, 0.05)
        assert state.is_legal(move), (state.to_text(), move)
        state.push(move)


def test_a_finished_game_has_no_move_to_choose():
    state = Gomoku.from_text("a1 b1 a2 b2 a3 b3 a4 b4 a5", size=9)
    with pytest.raises(ValueError, match="over"):
        GomokuHard(seed=0).choose_move(state, 1.0)
    assert GomokuHard(seed=0).analyse(state, 1.0) == {}


def test_masters_search_sees_a_victory_by_fours_past_its_horizon():
    # Two fours, then an open four: a search one ply deep sees the win only by playing on with fours
    # at its horizon (the quiescence search); with none it sees an estimate.
    tactic = next(t for t in WINS if t.name.startswith("two fours"))
    state = position(tactic)
    colour = Gomoku.colour(state.turn)

    def one_ply(quiesce: int) -> tuple[str, int]:
        board = Board.of(state, GomokuMaster.point_values)
        search = Search(board, 16, prune=True, reduce=True, terms=GomokuMaster.eval_terms,
                        selectivity=GomokuMaster.selectivity(), quiesce=quiesce)
        roots = search.candidates(colour, ROOT_WIDTH)
        best, values, aborted = search.search(colour, roots, 1, time.perf_counter() + AMPLE, NO_LIMIT)
        assert not aborted
        return state.move_to_str(to_point(state.size, roots[best])), int(values[best])

    move, score = one_ply(GomokuMaster.quiesce)
    assert score > WIN_BOUND and move in tactic.answers
    assert one_ply(0)[1] < WIN_BOUND


def test_masters_search_sees_a_victory_by_threes_further_ahead():
    # Black, to move, wins by threes and fours in seven moves (from a game of Master against itself);
    # a search seven plies deep sees it only when the answers to an open three use up no depth.
    state = Gomoku.from_text("h7 j6 f7 j7 g8 i6")
    assert prove(state, BLACK, True, 8)[0] == 7

    def seven_plies(extend: int) -> int:
        board = Board.of(state, GomokuMaster.point_values)
        search = Search(board, 16, prune=True, reduce=True, terms=GomokuMaster.eval_terms,
                        selectivity=GomokuMaster.selectivity(), quiesce=GomokuMaster.quiesce, extend=extend)
        roots = search.candidates(BLACK, ROOT_WIDTH)
        best, values, aborted = search.search(BLACK, roots, 7, time.perf_counter() + AMPLE, NO_LIMIT)
        assert not aborted
        return int(values[best])

    assert seven_plies(GomokuMaster.extend) > WIN_BOUND
    assert seven_plies(0) < WIN_BOUND


def test_a_bad_width_is_named():
    with pytest.raises(ValueError, match="width"):
        GomokuMaster(width=1)


# -- the evaluation ---------------------------------------------------------------------------------
def evaluation(state: Gomoku, values, terms) -> int:
    """The static value of ``state`` for the side to move under these point values and terms."""
    board = Board.of(state, values)
    search = Search(board, 12, prune=False, terms=terms)
    return int(evaluate(board.tally, Gomoku.colour(state.turn), search.params))


def test_master_marks_down_a_position_where_the_opponent_can_make_a_four_three():
    # White's c5 d5 e5 (closed by b5) and f6 f7: on f5 White makes a four and an open three at once.
    threat = Gomoku.from_text("b5 c5 a1 d5 a15 e5 o1 f6 o15 f7")
    board = Board.of(threat)
    assert board.tally[WHITE, GRADE_COUNT + GRADE_FOUR_THREE] == 1
    assert board.pats[WHITE, GRADE, board.points[threat.parse_move("f5")]] == GRADE_FOUR_THREE
    blind = GomokuMaster.eval_terms.copy()
    blind[THEIR_FOUR_THREE_NEXT] = 0
    values = GomokuMaster.point_values
    assert GomokuMaster.eval_terms[THEIR_FOUR_THREE_NEXT] > 0
    assert (evaluation(threat, values, blind) - evaluation(threat, values, GomokuMaster.eval_terms)
            == GomokuMaster.eval_terms[THEIR_FOUR_THREE_NEXT])
    quiet = Gomoku.from_text("b5 c5 a1 d5 a15 e5 o1 f6 o15 m13")
    assert evaluation(quiet, values, blind) == evaluation(quiet, values, GomokuMaster.eval_terms)


def test_hard_keeps_the_hand_set_evaluation():
    assert (GomokuHard.point_values == POINT_VALUES).all() and (GomokuHard.eval_terms == HAND_TERMS).all()


def test_a_bad_evaluation_is_named():
    with pytest.raises(ValueError, match="one value per pattern code"):
        Board(15, "freestyle", POINT_VALUES[:5])
    with pytest.raises(ValueError, match="terms"):
        Search(Board(15, "freestyle"), 12, prune=False, terms=HAND_TERMS[:3])


def test_an_estimate_is_said_in_plain_words():
    assert [GomokuHard.estimate_text(score) for score in (0, -59, 150, -300, 900)] == [
        "even (estimate)", "even (estimate)", "slightly ahead (estimate)", "behind (estimate)",
        "well ahead (estimate)"]
    assert GomokuHard.estimate_text(-120, holding=True) == "holds, slightly behind (estimate)"
