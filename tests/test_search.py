"""The shared search: the clock, the iterative-deepening driver, negamax, MCTS and the example bot."""
from __future__ import annotations

import random
import re

import pytest

from bots.example_bot import SparringPartner
from bots.lib.clock import Deadline, NodeRate, answer_wait, engine_time, grace_for, within
from bots.lib.deepening import Iteration, deepen, deepest
from bots.lib.exhaustive import reachable_positions
from bots.lib.mcts import Mcts, RootStats, place_rewards
from bots.lib.minimax import move_values, position_value
from bots.lib.negamax import WIN, Negamax, decided, result_text
from game.rules.catalogue import game_class, new_state, two_seat_games
from game.rules.chinesecheckers import GOAL_FILLED, INDEX
from game.rules.connect4 import ConnectFour
from game.rules.core import Outcome, Termination
from game.rules.tictactoe import EMPTY, X, TicTacToe
from chinesecheckers_games import position


class FakeClock:
    """A clock that moves only when told to: ``advance`` or ``tick`` seconds per reading."""

    def __init__(self, tick: float = 0.0) -> None:
        self.now = 100.0
        self.tick = tick
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.tick
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def timed_search(clock: FakeClock, costs: dict[int, float], proven_at: int = 0, cut_off_sound: bool = False):
    """A search whose depth ``d`` takes ``costs[d]`` fake seconds, cut off (``None``, or an incomplete
    iteration if ``cut_off_sound``) when that runs past the deadline; it records the depths asked."""
    asked: list[int] = []

    def search(depth: int, deadline: Deadline) -> Iteration | None:
        asked.append(depth)
        if clock.now + costs[depth] > deadline.at:
            clock.now = deadline.at
            return Iteration(depth, 5, "cut", complete=False) if cut_off_sound else None
        clock.advance(costs[depth])
        return Iteration(depth, WIN - depth if depth == proven_at else depth, f"move{depth}",
                         proven=depth == proven_at)

    return search, asked


DOUBLING = {depth: 2.0 ** (depth - 1) for depth in range(1, 20)}


# -- the clock ----------------------------------------------------------------------
def test_a_moves_deadline_is_its_share_of_the_budget_within_the_limits():
    clock = FakeClock()
    assert Deadline.for_move(2.0, 0.5, clock=clock).seconds == 1.0
    assert Deadline.for_move(2.0, 0.8, most=0.5, clock=clock).seconds == 0.5
    assert Deadline.for_move(0.001, 0.8, least=0.005, clock=clock).seconds == 0.005


def test_a_deadline_splits_into_parts_and_hands_on_its_rest():
    clock = FakeClock()
    deadline = Deadline.after(10.0, clock)
    assert deadline.part(0.5).at == deadline.start + 5.0
    clock.advance(6.0)
    assert not deadline.passed() and deadline.left() == pytest.approx(4.0)
    assert deadline.rest(0.5).at == pytest.approx(clock.now + 2.0)
    assert deadline.rest(0.5, least=3.0).seconds == 3.0
    clock.advance(4.0)
    assert deadline.passed() and deadline.part(0.5).passed()


def test_node_rate_turns_the_time_left_into_nodes_at_the_measured_speed():
    rate = NodeRate(1_000_000)
    assert rate.nodes_for(0.5) == 500_000
    rate.record(100, 1.0)                    # too few nodes to time
    assert rate.nodes_for(0.5) == 500_000
    rate.record(20_000, 0.1)
    assert rate.nodes_for(0.5) == 100_000
    assert rate.nodes_for(-1.0) == rate.least


@pytest.mark.parametrize("budget", [0.05, 0.3, 0.5, 1.0, 2.0, 5.0, 30.0])
def test_an_engine_is_told_four_fifths_of_a_move_and_a_missing_answer_is_reported_before_its_worker_is_stopped(
        budget):
    told = engine_time(budget)
    assert told == pytest.approx(0.8 * budget)
    waited = answer_wait(told)
    assert waited >= budget > told                             # a late answer is still taken
    assert budget + grace_for(budget) - waited >= 0.375        # time left to report it in the worker's grace


class Aborted(Exception):
    pass


def test_within_gives_the_second_try_the_nodes_the_time_left_allows():
    clock = FakeClock()
    tries: list[int] = []

    def search(limit: int) -> str:
        tries.append(limit)
        clock.advance(limit / 1000)          # 1000 nodes a second; the answer needs 3000 nodes
        if limit < 3000:
            raise Aborted
        return "found"

    assert within(Deadline.after(10.0, clock), search, 500, Aborted) == "found"
    assert tries == [500, 9500]
    tries.clear()
    with pytest.raises(Aborted):
        within(Deadline.after(2.0, clock), search, 500, Aborted)
    assert tries == [500, 1500]


# -- the iterative-deepening driver -----------------------------------------------------
def test_deepening_yields_every_depth_up_to_the_deepest_asked():
    clock = FakeClock()
    search, asked = timed_search(clock, DOUBLING)
    found = list(deepen(search, Deadline.after(1000.0, clock), 5))
    assert [(it.depth, it.move) for it in found] == [(d, f"move{d}") for d in range(1, 6)]
    assert asked == [1, 2, 3, 4, 5]


def test_deepening_stops_at_the_callers_deadline_and_keeps_the_last_finished_depth():
    clock = FakeClock()
    search, asked = timed_search(clock, DOUBLING)
    deadline = Deadline.after(10.0, clock)       # depths 1-3 take 7 s, depth 4 would end at 15 s
    best = deepest(deepen(search, deadline, 10))
    assert best.depth == 3 and best.move == "move3"
    assert asked == [1, 2, 3, 4] and clock.now == deadline.at


def test_no_depth_starts_once_its_share_of_the_time_has_gone():
    clock = FakeClock()
    search, asked = timed_search(clock, DOUBLING)
    best = deepest(deepen(search, Deadline.after(100.0, clock), 10, start_before=0.3))
    assert asked == [1, 2, 3, 4, 5]              # 15 s gone after depth 4: depth 5 starts; 31 s: 6 does not
    assert best.depth == 5


def test_the_first_depth_starts_even_when_the_time_is_up():
    clock = FakeClock()
    search, asked = timed_search(clock, {1: 0.0, 2: 0.0})
    deadline = Deadline.after(0.0, clock)
    assert [it.depth for it in deepen(search, deadline, 2)] == [1]
    assert asked == [1]


def test_deepening_stops_at_a_proven_result():
    clock = FakeClock()
    search, asked = timed_search(clock, DOUBLING, proven_at=2)
    best = deepest(deepen(search, Deadline.after(1000.0, clock), 8))
    assert best.depth == 2 and best.proven and asked == [1, 2]


def test_a_cut_off_depth_with_a_sound_answer_is_the_last_yielded():
    clock = FakeClock()
    search, asked = timed_search(clock, DOUBLING, cut_off_sound=True)
    found = list(deepen(search, Deadline.after(10.0, clock), 10))
    assert [(it.depth, it.complete) for it in found] == [(1, True), (2, True), (3, True), (4, False)]
    assert asked == [1, 2, 3, 4]


def test_the_caller_may_stop_the_deepening_whenever_it_likes():
    clock = FakeClock()
    search, asked = timed_search(clock, DOUBLING)
    for iteration in deepen(search, Deadline.after(1000.0, clock), 10):
        if iteration.depth == 2:
            break
    assert asked == [1, 2]


def test_deepest_of_no_iteration_is_none():
    assert deepest(iter([])) is None


# -- negamax ----------------------------------------------------------------------------
def no_opinion(state) -> int:
    return 0


def tictactoe_positions(every: int = 1) -> list[TicTacToe]:
    positions = [state for state in reachable_positions(TicTacToe()) if not state.is_over()]
    positions.sort(key=lambda state: state.to_text())
    return positions[::every]


def test_negamax_gives_minimax_exact_values_on_tictactoe_positions():
    search, table = Negamax(no_opinion), {}
    for state in tictactoe_positions(every=3):
        before = state.to_text()
        found = search.search(state, 9, exact=True)
        assert dict(found.values) == move_values(state, table), before
        assert found.score == position_value(state, table) and state.to_text() == before


def test_negamax_best_move_has_the_position_value_without_the_exact_window():
    table: dict = {}
    for state in tictactoe_positions(every=7):
        found = Negamax(no_opinion).search(state, 9)
        values = move_values(state, table)
        assert found.score == max(values.values()) and values[found.move] == found.score, state.to_text()


def test_negamax_prefers_the_quickest_win():
    state = TicTacToe.from_text("c1 b1 c2 a2")   # X wins at once at c3 (2), in two at b2 (4)
    found = Negamax(no_opinion).search(state, 9, exact=True)
    assert found.move == 2 and found.score == WIN - 1 and found.values[4] == WIN - 3
    assert result_text(found.values[2]) == "win in 1" and result_text(found.values[4]) == "win in 2"
    assert Negamax(no_opinion).search(state, 9).proven and not found.proven   # b3 and a1 only draw


def test_negamax_finds_a_forced_win_a_few_plies_deep():
    state = ConnectFour.from_text("4455")           # Red makes an open three on the bottom row
    found = Negamax(no_opinion).search(state, 3)
    assert found.move in (2, 5) and found.score == WIN - 3 and decided(found.score)
    assert Negamax(no_opinion).search(state, 2).score == 0   # two plies see nothing yet


@pytest.mark.parametrize("cols, rows, n", [(4, 4, 3), (5, 4, 3), (4, 5, 3)])
def test_negamax_agrees_with_minimax_on_small_connect4_boards(cols, rows, n):
    rng = random.Random(cols * rows + n)
    table: dict = {}
    checked = 0
    while checked < 6:
        state = ConnectFour(cols=cols, rows=rows, n=n)
        for _ in range(cols * rows - rng.randint(7, 10)):
            state.push(rng.choice(state.legal_moves()))
            if state.is_over():
                break
        if state.is_over():
            continue
        found = Negamax(no_opinion).search(state, cols * rows, exact=True)
        assert dict(found.values) == move_values(state, table), state.to_text()
        checked += 1


def test_a_terminal_hook_decides_positions_without_searching_them():
    def wins_at_once(state) -> int | None:
        """``WIN - 1`` when the mover completes a line now (the rules' own answer otherwise)."""
        outcome = state.outcome()
        if outcome is not None:
            return -WIN if outcome.winners else 0
        for move in state.legal_moves():
            state.push(move)
            won = state.outcome() is not None and bool(state.outcome().winners)
            state.pop()
            if won:
                return WIN - 1
        return None

    plain, hooked = Negamax(no_opinion), Negamax(no_opinion, terminal=wins_at_once)
    for state in tictactoe_positions(every=40):
        assert hooked.search(state, 9, exact=True).values == plain.search(state, 9, exact=True).values


def test_the_moves_hook_orders_the_search_and_ties_go_to_the_first():
    state = ConnectFour(cols=5, rows=4, n=4)
    for order in ([4, 3, 2, 1, 0], [2, 0, 1, 3, 4]):
        found = Negamax(no_opinion, moves=lambda s, order=order: [c for c in order if c in s.legal_moves()])
        assert found.search(state, 2).move == order[0]


def test_negamax_cut_off_by_the_deadline_leaves_the_state_as_it_was():
    state = ConnectFour.from_text("44")
    clock = FakeClock(tick=0.001)                    # each reading of the clock is a millisecond later
    search = Negamax(no_opinion)
    found = search.search(state, 30, Deadline.after(0.002, clock))
    assert found is None or not found.complete
    assert state.to_text() == "44" and clock.readings >= 2


def test_negamax_deepening_stops_at_the_deadline_with_a_legal_move():
    state = ConnectFour()
    clock = FakeClock(tick=0.001)
    best = deepest(Negamax(no_opinion).deepen(state, Deadline.after(0.02, clock), 40))
    assert best is not None and best.depth < 40 and state.is_legal(best.move) and state.to_text() == ""


def test_negamax_refuses_a_game_of_more_than_two_seats():
    with pytest.raises(ValueError, match="two-player"):
        Negamax(no_opinion).search(new_state("chinesecheckers", players=3), 1)


# -- MCTS -------------------------------------------------------------------------------
def test_place_rewards_give_each_seat_its_share_of_the_seats_it_beat():
    win = Outcome((1,), "line", termination=Termination.LINE)
    assert place_rewards(win, 2) == (0.0, 1.0)
    assert place_rewards(Outcome((), "full", termination=Termination.BOARD_FULL), 2) == (0.5, 0.5)
    ranked = Outcome((2,), "goal", ranking=((2,), (0, 3), (1,)), termination=GOAL_FILLED)
    assert place_rewards(ranked, 4) == (0.5, 0.0, 1.0, 0.5)


@pytest.mark.parametrize("game, text, winning", [
    ("tictactoe", "a1 b1 a2 b2", 0),                    # X completes a1-a2-a3 at a3
    ("connect4", "112233", 3),                         # Red completes the bottom row in column 4
])
def test_mcts_finds_an_immediate_win(game, text, winning):
    state = game_class(game).from_text(text)
    stats = Mcts().search(state, random.Random(3), iterations=600)
    assert stats.best() == winning and stats.iterations == 600
    assert state.to_text() == game_class(game).from_text(text).to_text()


def test_mcts_with_one_move_does_not_search():
    state = TicTacToe.from_text("a1 b1 a2 b2 c1 c2 b3 a3")
    stats = Mcts().search(state, random.Random(1), iterations=50)
    assert stats.moves == state.legal_moves() and stats.iterations == 0


def test_mcts_stops_at_the_deadline():
    clock = FakeClock(tick=0.001)
    stats = Mcts().search(TicTacToe(), random.Random(1), Deadline.after(0.05, clock))
    assert 0 < stats.iterations < 50 and sum(stats.visits) == stats.iterations


def test_mcts_serves_three_seats_each_playing_for_itself():
    state = position(3, {1: ["j9", "j11", "j13"], 2: ["a5"]})   # Red fills its goal by j8-j10-j12-j14
    for hole in state.goal(0):
        state.board[hole] = 1
    state.board[INDEX["j14"]] = 0
    state.board[INDEX["j8"]] = 1
    stats = Mcts(playout_plies=0).search(state, random.Random(2), iterations=150)
    assert state.move_to_str(stats.best()) == "j8-j10-j12-j14"
    again = Mcts(playout_plies=0).search(state, random.Random(2), iterations=150)
    assert list(again.visits) == list(stats.visits)


def test_mcts_judges_an_unfinished_playout_with_the_games_own_hook():
    def centre_holder(state) -> tuple[float, float]:
        """All to X if X holds the centre, all to O if O does, even otherwise."""
        holder = state.board[4]
        return (0.5, 0.5) if holder == EMPTY else (1.0, 0.0) if holder == X else (0.0, 1.0)

    played: list[int] = []

    def first_move(state, rng) -> int:
        played.append(len(state.move_stack))
        return state.legal_moves()[0]

    stats = Mcts(playout=first_move, judge=centre_holder, playout_plies=2).search(
        TicTacToe(), random.Random(4), iterations=400)
    assert stats.best() == 4 and played and min(played) >= 1


def test_root_stats_best_is_the_most_visited_first_of_equals():
    assert RootStats(["a", "b", "c"], [3, 7, 7], [0.1, 0.5, 0.6], 17).best() == "b"
    assert RootStats([], [], [], 0).best() is None


# -- the example bot --------------------------------------------------------------------
def test_example_bot_plays_every_two_seat_game():
    assert SparringPartner.games == two_seat_games()
    bot = SparringPartner(seed=1)
    for game in two_seat_games():
        smallest = {option.name: option.choices[0] for option in game_class(game).options_spec}
        state = new_state(game, **smallest)
        while not state.is_over():
            move = bot.choose_move(state.copy(), 0.05)
            assert state.is_legal(move)
            state.push(move)


@pytest.mark.parametrize("text", ["a1 b1 a2", "a1 b1 a2 b2"])
def test_example_bot_wins_and_blocks_in_tictactoe(text):
    state = TicTacToe.from_text(text)               # X threatens a3: O must block there, X wins there
    for seed in range(4):
        assert SparringPartner(seed=seed).choose_move(state.copy(), 1.0) == state.parse_move("a3")


def test_example_bot_sees_a_win_in_two_and_says_so():
    state = ConnectFour.from_text("4455")
    bot = SparringPartner(seed=2)
    assert bot.choose_move(state, 1.0) in (2, 5)
    values = bot.analyse(state, 1.0)
    assert values[2].text == values[5].text == "win in 2"
    assert re.fullmatch(r"no forced result in [1-6] plies", values[3].text)   # as far as it looked


def test_example_bot_blunders_at_its_rate():
    state = TicTacToe.from_text("a1 b1 a2 b2")     # a3 wins; a blunder plays anything
    blunders = [SparringPartner(blunder_rate=1.0, seed=seed).choose_move(state.copy(), 1.0) for seed in range(30)]
    assert len(set(blunders)) > 1
    with pytest.raises(ValueError, match="blunder_rate"):
        SparringPartner(blunder_rate=1.5)
