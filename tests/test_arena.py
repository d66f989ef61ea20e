"""The arena: bot against bot through the runner, seats rotating, results tallied."""
from __future__ import annotations

import json
import random
import types
from pathlib import Path

import pytest

import main
from game import cli
from game.match.arena import ArenaResult, SideStats, draw_openings, read_openings, run_arena, start_from
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


def test_more_than_two_seats_are_rated_from_their_finishing_orders():
    sides = [SideStats(name, f"Bot {name}", wins=wins, losses=2 - wins, places=places)
             for name, wins, places in (("A", 2, [1, 1]), ("B", 0, [2, 3]), ("C", 0, [3, 2]))]
    result = ArenaResult("chinesecheckers", "Chinese Checkers", 2, sides, [1.0] * 3, [300, 330])
    ratings = result.figures()["plackett_luce"]
    assert [r["name"] for r in ratings] == ["A Bot A", "B Bot B", "C Bot C"]
    assert ratings[0]["mu"] > ratings[1]["mu"] and ratings[0]["mu"] > ratings[2]["mu"]
    assert result.figures_text().splitlines()[0] == "Plackett-Luce ratings from the 2 finishing orders (openskill):"


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

    def fake_run_arena(game_id, specs, games, *, options=None, seed=None, openings=0, opening_list=(),
                       concurrency=1, ray_address=None, stop=None, keep_matches=False):
        runs.append((game_id, games, seed, openings, concurrency, ray_address))
        return types.SimpleNamespace(table=lambda: "the table", figures_text=lambda sprt: "", games=games)

    monkeypatch.setattr("game.match.arena.run_arena", fake_run_arena)
    assert main.main(["arena", "reversi", "--a", "easy", "--b", "medium", "--games", "4", "--openings", "3",
                      "--seed", "1", "--concurrency", "3"]) == 0
    assert runs == [("reversi", 4, 1, 3, 3, None)]


def test_the_arena_command_refuses_a_negative_opening(capsys):
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--openings", "-2"]) == 2
    assert "--openings must be a number of random moves, 0 or more, got -2" in capsys.readouterr().err


def test_openings_are_drawn_from_the_moves_the_game_keeps_for_them():
    size, middle = 15, 7
    for opening in draw_openings("gomoku", {"size": size}, 3, 10, random.Random(2)):
        assert all(max(abs(p % size - middle), abs(p // size - middle)) <= 2 for p in opening)


# -- games at once, seeds per game, openings from a file, the SPRT, records -------------------
def test_games_at_once_give_the_same_games_as_one_at_a_time(bots):
    # TicTacToeEasy-like randomness: a failing bot's fallback moves are random, seeded per game.
    sides = [spec(bots, "RaisingBot"), spec(bots, "WeakBot")]
    alone = run_arena("tictactoe", sides, 6, seed=7, openings=1, concurrency=1)
    together = run_arena("tictactoe", sides, 6, seed=7, openings=1, concurrency=3)
    assert together.transcripts == alone.transcripts
    assert together.seatings == alone.seatings and together.openings == alone.openings
    assert [(s.wins, s.draws, s.losses) for s in together.sides] == [(s.wins, s.draws, s.losses) for s in alone.sides]
    assert together.sides[0].failures == together.sides[0].moves > 0


def test_a_games_seed_depends_on_the_game_not_on_the_games_before_it(bots):
    sides = [spec(bots, "RaisingBot"), spec(bots, "RaisingBot")]
    six = run_arena("tictactoe", sides, 6, seed=11)
    two = run_arena("tictactoe", sides, 2, seed=11)
    assert six.transcripts[:2] == two.transcripts
    assert len(set(six.transcripts)) > 1


def test_every_game_is_kept_as_a_match_with_its_players_when_asked(bots):
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 2, concurrency=2,
                       keep_matches=True)
    assert [m.state.to_text() for m in result.matches] == result.transcripts
    assert [p.label for p in result.matches[1].players] == [bots.get("LastMoveBot").name, bots.get("WeakBot").name]
    assert all(m.outcome() is not None for m in result.matches)


def test_a_run_not_asked_to_keep_its_games_keeps_none_however_many_it_plays(bots):
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 4)
    assert len(result.transcripts) == 4 and result.matches == []


def test_a_stop_drops_the_games_after_it_however_many_run_at_once(bots):
    sides = [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")]
    seen = []
    result = run_arena("tictactoe", sides, 10, concurrency=2,
                       stop=lambda so_far: seen.append(len(so_far.lengths)) or len(so_far.lengths) == 4)
    assert seen == [1, 2, 3, 4]
    assert result.games == 4 and len(result.transcripts) == 4
    assert sum(s.games for s in result.sides) == 8


def test_scores_and_figures_of_colour_swapped_pairs(bots):
    # First-free-cell against last-free-cell: the first player wins every game, so every pair is
    # one win and one loss: pentanomial DD+WL only, Elo 0 with no doubt; games alone are doubtful.
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 4)
    assert result.scores(0) == [1.0, 0.0, 1.0, 0.0] and result.scores(1) == [0.0, 1.0, 0.0, 1.0]
    figures = result.figures()
    assert figures["pentanomial"] == [0, 0, 2, 0, 0] and figures["trinomial"] == [2, 0, 2]
    assert figures["pairs"]["elo"] == 0.0 and figures["pairs"]["error"] == 0.0
    assert figures["games"]["error"] > 0
    text = result.figures_text()
    assert "from 2 game pairs: +0.0 ± 0.0" in text and "pentanomial LL LD DD+WL WD WW: 0 0 2 0 0" in text


def test_openings_from_a_list_are_used_round_by_round(bots):
    openings = [(0,), (4,)]
    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 6, opening_list=openings)
    assert result.openings == [(0,), (0,), (4,), (4,), (0,), (0,)]
    assert "6 games from 2 openings of a list" in result.table()


def test_openings_are_read_one_a_line_in_the_games_notation():
    lines = ["# a comment", "a1", "", "b2 c3"]
    assert read_openings("tictactoe", {}, lines, "book.txt") == [
        (TicTacToe().parse_move("a1"),), (TicTacToe().parse_move("b2"), TicTacToe().parse_move("c3"))]


@pytest.mark.parametrize("lines, message", [
    (["a1", "a1 a1"], "book.txt line 2: move 2"),
    (["a1", "", "zz"], "book.txt line 3"),
    (["a1 b1 a2 b2 a3"], "book.txt line 1: the game is over"),
    (["# nothing"], "book.txt holds no opening"),
])
def test_a_bad_opening_line_is_named_with_its_number(lines, message):
    with pytest.raises(ValueError, match=message):
        read_openings("tictactoe", {}, lines, "book.txt")


def test_the_arena_command_reports_a_bad_openings_file_line(tmp_path, capsys):
    book = tmp_path / "book.txt"
    book.write_text("a1\nb2 q9\n")
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--openings-file", str(book)]) == 2
    assert f"{book} line 2: move 2 ('q9')" in capsys.readouterr().err


def test_the_arena_command_refuses_a_bad_sprt_and_both_kinds_of_openings(tmp_path, capsys):
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--sprt", "elo0=3", "elo1=1"]) == 2
    assert "elo0 must be below its elo1" in capsys.readouterr().err
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--openings", "1",
                      "--openings-file", str(tmp_path / "x")]) == 2
    assert "give one" in capsys.readouterr().err
    assert main.main(["arena", "tictactoe", "--a", "easy", "--b", "medium", "--concurrency", "0"]) == 2
    assert "--concurrency must be at least 1, got 0" in capsys.readouterr().err


def test_records_that_cannot_be_written_are_an_io_error_and_the_results_still_shown(tmp_path, capsys):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder")
    status = main.main(["arena", "tictactoe", "--a", "easy", "--b", "easy", "--games", "2", "--seed", "1",
                        "--records", str(blocked / "run")])
    out, err = capsys.readouterr()
    assert status == cli.WRITE_FAILED != cli.BOT_FAILED
    assert "could not be written in" in err and "an I/O error" in err
    assert "Easy" in out


def test_the_arena_command_stops_when_the_sprt_decides_and_keeps_its_records(tmp_path, capsys):
    from game.store.savefile import load_match

    records = tmp_path / "run"
    # Medium never loses to Easy at tic-tac-toe: A (Medium) wins pair after pair until H1 is accepted.
    assert main.main(["arena", "tictactoe", "--a", "medium", "--b", "easy", "--games", "400", "--seed", "2",
                      "--concurrency", "2", "--sprt", "elo0=0", "elo1=50", "--records", str(records)]) == 0
    out = capsys.readouterr().out
    assert "SPRT: LLR" in out and "H1 accepted" in out
    played = int(out.split("Stopped after ")[1].split()[0])
    assert played < 400 and played % 2 == 0
    saved = sorted(records.glob("game-*.txt"))
    assert len(saved) == played
    first = load_match(saved[0])
    assert first.outcome() is not None and [p.label for p in first.players] == ["Medium", "Easy"]
    summary = json.loads((records / "summary.json").read_text())
    assert summary["command"][1:4] == ["arena", "tictactoe", "--a"]
    assert summary["config"]["played"] == played and summary["config"]["seed"] == 2
    assert summary["figures"]["sprt"]["verdict"] == "H1"
    assert sum(summary["figures"]["pentanomial"]) == played // 2
    assert len(summary["bots"]["A"]["sha256"]) == 64 and summary["bots"]["A"]["source"].endswith(".py")
    assert summary["results"][0]["wins"] + summary["results"][0]["draws"] + summary["results"][0]["losses"] == played
    pgn = (records / "games.pgn").read_text()
    assert pgn.count("[Result ") == played and pgn.count('[White "Medium (TicTacToeRules)"]') == played // 2


def test_the_pgn_export_names_the_players_of_each_seat_and_the_result(bots):
    from game.store.arenarecords import pgn_text

    result = run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "WeakBot")], 2)
    games = pgn_text(result).split("\n\n[Event")
    assert len(games) == 2
    assert '[White "Weak (WeakBot) A"]' in games[0] and '[Black "Weak (WeakBot) B"]' in games[0]
    assert '[Round "1.1"]' in games[0]
    assert '[White "Weak (WeakBot) B"]' in games[1] and '[Round "1.2"]' in games[1]
    assert '[Result "1-0"]' in games[0] and games[0].rstrip().endswith("1-0")
    assert f'[Moves "{result.transcripts[0]}"]' in games[0]


def test_the_progress_line_is_quiet_when_output_is_not_a_terminal(capsys):
    assert main.main(["arena", "tictactoe", "--a", "medium", "--b", "easy", "--games", "2"]) == 0
    captured = capsys.readouterr()
    assert "game/s" not in captured.err and "it/s" not in captured.err and "%|" not in captured.err


def test_an_interrupted_run_stops_every_slots_workers(bots):
    import multiprocessing

    def interrupt(so_far):
        raise KeyboardInterrupt

    before = set(multiprocessing.active_children())
    with pytest.raises(KeyboardInterrupt):
        run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 20, concurrency=3, stop=interrupt)
    assert set(multiprocessing.active_children()) <= before


def test_a_slot_that_fails_is_reported_in_the_callers_thread(bots, monkeypatch):
    def broken_start(game_id, options, opening):
        raise RuntimeError("the rules broke")

    monkeypatch.setattr("game.match.arena.start_from", broken_start)
    with pytest.raises(RuntimeError, match="the rules broke"):
        run_arena("tictactoe", [spec(bots, "WeakBot"), spec(bots, "LastMoveBot")], 4, concurrency=2)


def test_a_gomoku_game_is_also_kept_as_sgf(tmp_path):
    from game.match.record import Match, Player
    from game.rules.gomoku import Gomoku
    from game.store.arenarecords import sgf_text, write_game
    from game.store.savefile import load_match

    state = Gomoku.from_text("h8 i9 a15", size=15)
    match = Match(state, [Player.of_bot("Easy"), Player.of_bot("Medium")])
    # SGF points are column then row, 'a' at the top left: h8 is column 8, row 15 - 8 + 1 = 8 -> "hh";
    # i9 -> "ig"; a15 (top left) -> "aa". Not over: no RE.
    assert sgf_text(match) == ("(;GM[4]FF[4]CA[UTF-8]SZ[15]RU[freestyle]PB[Easy]PW[Medium]"
                               ";B[hh];W[ig];B[aa])\n")
    saved = write_game(tmp_path / "run", 0, match)
    assert saved.name == "game-0001.txt" and load_match(saved).state.to_text() == "h8 i9 a15"
    assert (tmp_path / "run" / "game-0001.sgf").read_text() == sgf_text(match)
