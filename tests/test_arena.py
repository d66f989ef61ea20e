"""The arena: bot against bot through the runner, seats rotating, results tallied."""
from __future__ import annotations

import random
import types
from pathlib import Path

import pytest

import main
from game.match.arena import ArenaResult, SideStats, draw_openings, run_arena, start_from
from game.rules.tictactoe import TicTacToe
from game.match.botregistry import BotRegistry
from game.rules.chinesecheckers import GOAL_FILLED
from game.rules.core import BadNotation, Outcome, Termination
from game.match.runner import BotSpec

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="module")
def bots() -> BotRegistry:
    registry = BotRegistry.discover(FIXTURES / "bots_tiers")
    registry.bots.update(BotRegistry.discover(FIXTURES / "bots_faulty").bots)
    return registry


def spec(bots: BotRegistry, key: str, budget: float = 0.5) -> BotSpec:
    return BotSpec.of(bots.get(key), budget=budget)


def test_sides_take_turns_to_start(bots):
    # First-free-cell against last-free-cell: whoever starts completes its
    # edge row first, so alternating starts split the games evenly.
    winning_seats = []
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 4,
                       on_game=lambda number, outcome: winning_seats.append(outcome.winners))
    assert winning_seats == [(0,), (0,), (0,), (0,)]
    first, second = result.sides
    assert (first.wins, first.draws, first.losses) == (2, 0, 2)
    assert (second.wins, second.draws, second.losses) == (2, 0, 2)
    assert first.moves + second.moves == 4 * 5
    assert first.failures == second.failures == 0
    assert 0 < first.mean_time <= first.max_time


def test_failing_bot_loses_its_moves_to_fallbacks_and_every_game_completes(bots):
    result = run_arena("tictactoe", [spec(bots, "RaisingBot"), spec(bots, "StrongBot")], 2, seed=5)
    raising, strong = result.sides
    assert raising.games == strong.games == 2
    assert raising.failures == raising.moves > 0
    assert "RaisingBot" in raising.failure_texts[0]
    assert strong.failures == 0
    assert raising.wins == strong.losses and raising.losses == strong.wins


def test_table_shows_each_side_and_its_record(bots):
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LoneWolfBot")], 2)
    table = result.table()
    assert "Tic-tac-toe: 2 games" in table
    lines = table.splitlines()
    header = next(line for line in lines if line.startswith("side"))
    assert header.split() == ["side", "bot", "wins", "draws", "losses", "mean", "move", "max", "move", "failures"]
    row_a = next(line for line in lines if line.startswith("A "))
    assert "Weak (WeakBot)" in row_a
    assert row_a.split()[-1] == str(result.sides[0].failures)


def test_number_of_bots_must_match_the_seats(bots):
    with pytest.raises(ValueError, match="seats 2 players; got 3"):
        run_arena("tictactoe", [spec(bots, "WeakBot")] * 3, 1)


def test_zero_games_is_refused(bots):
    with pytest.raises(ValueError, match="at least 1"):
        run_arena("tictactoe", [spec(bots, "WeakBot")] * 2, 0)


def test_options_of_a_game_without_options_are_refused():
    assert TicTacToe.parse_options([]) == {}
    with pytest.raises(BadNotation, match="tictactoe has no option 'size'"):
        TicTacToe.parse_options(["size=7"])
    with pytest.raises(BadNotation, match="not of the form name=value"):
        TicTacToe.parse_options(["size"])


def test_side_stats_counts_results_and_times():
    side = SideStats("A", "Bot")
    for result in ("win", "draw", "loss", "win"):
        side.record_result(result)
    side.record_move(0.2, None)
    side.record_move(0.4, "Bot raised")
    assert (side.wins, side.draws, side.losses, side.games) == (2, 1, 1, 4)
    assert side.mean_time == pytest.approx(0.3) and side.max_time == 0.4
    assert side.failures == 1 and side.failure_texts == ["Bot raised"]


def test_table_gives_the_mean_game_length_in_moves_and_turns_per_seat(bots):
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 2)
    assert result.lengths == [5, 5]
    assert "mean game length 5.0 moves (2.5 turns per seat)" in result.table()


def test_places_come_from_the_ranking_with_shared_places_numbered_alike():
    ranked = Outcome((2,), "first home", ranking=((2,), (0, 3), (1,)), termination=GOAL_FILLED)
    assert ranked.places(4) == [2, 4, 1, 2]
    assert Outcome((1,), "three in a row", termination=Termination.LINE).places(2) == [2, 1]
    assert Outcome((), "board full", termination=Termination.BOARD_FULL).places(2) == [1, 1]


def test_table_of_more_than_two_seats_shows_each_sides_mean_place():
    sides = [SideStats(name, f"Bot {name}", wins=wins, losses=2 - wins, places=places)
             for name, wins, places in (("A", 2, [1, 1]), ("B", 0, [2, 3]), ("C", 0, [3, 2]))]
    table = ArenaResult("chinesecheckers", "Chinese Checkers", 2, sides, [1.0] * 3, [300, 330]).table()
    header = next(line for line in table.splitlines() if line.startswith("side"))
    assert "mean place" in header
    assert next(line for line in table.splitlines() if line.startswith("B ")).split()[6] == "2.50"
    assert "mean game length 315.0 moves (105.0 turns per seat)" in table


# -- openings ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def opened(bots) -> ArenaResult:
    """Six games of two deterministic bots (first free cell, last free cell), openings of two moves."""
    return run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 6, seed=3, openings=2)


def test_each_game_starts_with_its_opening_of_random_moves(opened):
    for opening, transcript in zip(opened.openings, opened.transcripts):
        assert len(opening) == 2
        assert transcript.startswith(TicTacToe().moves_to_text(opening) + " ")
    assert opened.lengths == [len(t.split()) for t in opened.transcripts]


def test_the_games_of_a_round_share_an_opening_with_the_seats_swapped(opened):
    for first in range(0, 6, 2):
        assert opened.openings[first] == opened.openings[first + 1]
        assert opened.seatings[first] == ("A", "B") and opened.seatings[first + 1] == ("B", "A")
        assert opened.transcripts[first] != opened.transcripts[first + 1]


def test_each_round_has_an_opening_of_its_own(opened):
    assert len(set(opened.openings[::2])) == 3
    assert "Tic-tac-toe: 6 games from 3 openings of 2 random moves, seats rotating" in opened.table()


def test_a_seed_repeats_the_openings_and_another_changes_them(bots, opened):
    sides = [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")]
    again = run_arena("tictactoe", sides, 6, seed=3, openings=2)
    assert again.openings == opened.openings and again.transcripts == opened.transcripts
    assert run_arena("tictactoe", sides, 6, seed=4, openings=2).openings != opened.openings


def test_without_openings_every_game_starts_from_the_start(bots):
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 2)
    assert result.openings == [(), ()]
    assert "from" not in result.table().splitlines()[0]


def test_openings_of_a_game_of_more_seats_are_shared_by_a_round_of_as_many_games():
    openings = draw_openings("chinesecheckers", {"players": 3}, 4, 2, random.Random(1))
    assert len(openings) == 2 and openings[0] != openings[1]
    state = start_from("chinesecheckers", {"players": 3}, openings[0])
    assert len(state.move_stack) == 4 and not state.is_over()


def test_openings_that_always_end_the_game_are_refused(bots):
    with pytest.raises(ValueError, match="openings of 9 random moves all ended the game of Tic-tac-toe: ask for fewer"):
        run_arena("tictactoe", [spec(bots, "WeakBot")] * 2, 2, openings=9)


def test_a_negative_opening_is_refused(bots):
    with pytest.raises(ValueError, match="0 or more, got -1"):
        run_arena("tictactoe", [spec(bots, "WeakBot")] * 2, 2, openings=-1)


def test_the_arena_command_passes_its_openings_on(monkeypatch, capsys):
    runs = []

    def fake_run_arena(game_id, specs, games, *, options=None, seed=None, openings=0):
        runs.append((game_id, games, seed, openings))
        return types.SimpleNamespace(table=lambda: "the table")

    monkeypatch.setattr("game.match.arena.run_arena", fake_run_arena)
    assert main.main(["arena", "reversi", "--a", "easy", "--b", "medium", "--games", "4", "--openings", "3",
                      "--seed", "1"]) == 0
    assert runs == [("reversi", 4, 1, 3)]


def test_the_arena_command_refuses_a_negative_opening(capsys):
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--openings", "-2"]) == 2
    assert "--openings must be a number of random moves, 0 or more, got -2" in capsys.readouterr().err


def test_openings_are_drawn_from_the_moves_the_game_keeps_for_them():
    size, middle = 15, 7
    for opening in draw_openings("gomoku", {"size": size}, 3, 10, random.Random(2)):
        assert all(max(abs(p % size - middle), abs(p // size - middle)) <= 2 for p in opening)
