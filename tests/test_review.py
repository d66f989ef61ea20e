"""A game's review: each move judged from the values the engines prove, and each player's accuracy."""
from __future__ import annotations

import os
import re
import time

import pytest

import main
from game.match.record import Match, Player
from game.match.review.job import CHILD_NICENESS, ReviewJob, cache_folder
from game.rules.catalogue import GameSpec
from game.store.savefile import save_match

from game.match.review.analyse import Engine, Judgement, connect4_solve, flipped_text, judged, review_moves
from game.match.review.model import GameReview, MoveReview, PlyValue, ReviewError
from game.rules.reversi import Reversi
from game.rules.tictactoe import TicTacToe
from bots.lib.connect4_book import BOOK_PATH, Book
from bots.lib.connect4_solver import STANDARD, Solver, position_from_moves
from bots.lib.reversi_endgame import Solver as EndgameSolver
from bots.tictactoe_perfect import TicTacToePerfect


def reviews_of(spec: str, moves: str, budget: float = 0.5, start: str = "") -> list[MoveReview]:
    found = sorted(review_moves(spec, moves.split(), budget, start=start), key=lambda review: review.ply)
    assert [review.ply for review in found] == list(range(len(moves.split())))
    return found


def test_every_move_of_a_tictactoe_game_is_judged_from_exact_values():
    moves = "b2 a1 c3 a3 a2 c1 b1"
    reviews = reviews_of("tictactoe", moves)
    state = TicTacToe()
    solver = TicTacToePerfect()
    for review, text in zip(reviews, moves.split()):
        values = solver.analyse(state, 1.0)
        best = max(value.score for value in values.values())
        played = values[state.parse_move(text)].score
        assert review.before.kind == review.after.kind == "exact" and review.proven
        assert (review.before.score, review.after.score) == (best, played)
        state.push(state.parse_move(text))
    verdicts = [review.verdict for review in reviews]
    assert verdicts[4] == "the only move that kept the draw"   # a2 blocks a1-a3
    assert verdicts[5] == "turned a draw into a loss (loss in 1)" and reviews[5].grade == "blunder"
    assert reviews[5].best == "c2"
    assert verdicts[6] == "slower win (win in 2 instead of 1)" and reviews[6].grade == "inaccuracy"
    assert all(review.grade == "best" for review in reviews[:5])


def test_a_review_goes_to_json_and_back_and_finds_its_mistakes():
    moves = "b2 a1 c3 a3 a2 c1 b1"
    review = GameReview("tictactoe", moves.split())
    for item in reviews_of("tictactoe", moves):
        review.add(item)
    again = GameReview.from_json(review.to_json())
    assert again == review and again.complete
    assert review.next_mistake(0) == 5 and review.next_mistake(5) is None
    assert review.previous_mistake(6) == 5 and review.previous_mistake(5) is None
    assert review.accuracy(0) == pytest.approx(100.0, abs=0.01)
    assert review.accuracy(1) < 80.0


def test_a_damaged_review_is_refused_with_what_is_wrong():
    review = GameReview("tictactoe", ["b2"], [MoveReview(0, 0, "b2", PlyValue("exact", 0.0, 0.5, "draw"))])
    with pytest.raises(ReviewError, match="format"):
        GameReview.from_json(review.to_json().replace('"format": 1', '"format": 9'))
    with pytest.raises(ReviewError, match="not a review"):
        GameReview.from_json("[1, 2")
    with pytest.raises(ReviewError, match="ply 0"):
        GameReview.from_json(review.to_json().replace('"moves": ["b2"]', '"moves": ["a1"]'))


def test_a_value_in_words_is_turned_round_for_the_other_player():
    assert flipped_text("win in 3") == "loss in 3"
    assert flipped_text("about +3 discs (estimate)") == "about -3 discs (estimate)"
    assert flipped_text("wins by 6") == "loses by 6"
    assert flipped_text("wins by a VCF in 5: h8 i9") == "loses to a VCF in 5"
    assert flipped_text("loses to a VCT in 4") == "wins by a VCT in 4"
    assert flipped_text("holds, slightly behind (estimate)") == "slightly ahead (estimate)"


# -- Connect Four -------------------------------------------------------------------------------
def test_a_connect_four_move_that_throws_away_a_proven_win_is_marked_at_its_ply():
    # Red stacks column 4, Yellow column 1; at ply 6 Red could win in 4 but plays 2, and Yellow wins in 1.
    moves = "4 1 4 1 4 1 2 1"
    reviews = reviews_of("connect4", moves, budget=0.2)
    solver = Solver(STANDARD, table_bits=16)
    before = position_from_moves([int(c) - 1 for c in moves.split()[:6]])
    after = solver.play(before, 1)
    assert solver.solve(before) > 0 and solver.solve(after) > 0, "a win for Red, then a win for Yellow"
    blunder = reviews[6]
    assert blunder.verdict == "threw away a win (loss in 1 now)" and blunder.grade == "blunder"
    assert blunder.proven and blunder.best == "4" and blunder.line == ("4",), "the winning column"
    assert (blunder.before.kind, blunder.before.text) == ("exact", "win in 1")
    assert [review.ply for review in reviews if review.verdict.startswith("threw away")] == [6]
    assert reviews[7].verdict == "the only move that kept the win" and reviews[7].after.text == "win in 1"


def test_connect_four_plies_of_the_book_and_past_it_whose_exact_scores_solve_quickly_are_exact():
    # The opening of review_speed's 40-move game: the positions from ply 8 solve in a second or two
    # (the engine here gives them a minute, and no time to the earlier ones: no timing in a test),
    # those to ply 6 are the book's.
    moves = "3 2 4 6 1 1 2 2 4 2 2 3"
    engine = Engine("bots.connect4_master:ConnectFourMaster", scale=300.0, solve_plies=10, solve=lambda bot, state, _: (
        connect4_solve(bot, state, 60.0 if len(state.move_stack) >= 8 else 0.0)))
    reviews = sorted(review_moves("connect4", moves.split(), 0.1, engine), key=lambda review: review.ply)
    solver = Solver(STANDARD, table_bits=20)
    columns = [int(c) - 1 for c in moves.split()]
    for review in reviews[8:]:
        assert review.before.kind == "exact", review
        assert review.before.score == solver.solve(position_from_moves(columns[:review.ply]))
    book = Book.read(BOOK_PATH)
    for review in reviews[:7]:     # the book's exact plies, at once
        assert (review.before.kind, review.before.score) == ("exact", book.lookup(columns[:review.ply]).score)
    assert all(review.before.text in ("win", "loss") for review in reviews if review.before.kind == "proven")


# -- Reversi -------------------------------------------------------------------------------------
#: Master (Black) against Medium, 60 moves.
REVERSI_GAME = ("c4 e3 f4 c5 d6 f3 e6 c6 b5 d7 e7 b6 b4 a5 d3 e2 b3 a4 c3 a3 d2 f2 f5 e8 f6 c7 e1 f1 g1 d1 "
                "c1 c2 b1 g3 g5 g4 f7 h4 d8 f8 b8 c8 g8 g7 h2 h3 h5 h6 h7 b2 h8 g6 a1 a2 g2 h1 a6 a7 b7 a8")


def test_the_last_sixteen_plies_of_a_reversi_game_are_judged_from_exact_values():
    engine = Engine("bots.reversi_master:ReversiMaster", {"exact_empties": 16}, scale=6.0)
    moves = REVERSI_GAME.split()
    reviews = sorted(review_moves("reversi", moves, 0.02, engine), key=lambda review: review.ply)
    state = Reversi()
    solver = EndgameSolver(16)
    for review, text in zip(reviews, moves):
        mover = state.turn
        if review.ply < len(moves) - 16:
            state.push(state.parse_move(text))
            continue
        exact_before = solver.solve(state.discs(mover), state.discs(1 - mover)).score
        state.push(state.parse_move(text))
        after = solver.solve(state.discs(state.turn), state.discs(1 - state.turn)).score
        exact_after = after if state.turn == mover else -after
        assert (review.before.kind, review.after.kind) == ("exact", "exact"), review
        assert (review.before.score, review.after.score) == (exact_before, exact_after), review
        assert review.proven and review.verdict
        if exact_after < exact_before:
            assert review.verdict == f"{'smaller win' if exact_before > 0 else 'bigger loss'} (" \
                                     f"{review.after.text} instead of {review.before.text.split(' ')[-1]})"
    assert all(review.before.kind == "estimate" for review in reviews[:40] if review.verdict != "the only legal move")
    assert "about" in reviews[10].before.text and "(estimate)" in reviews[10].before.text


# -- Gomoku --------------------------------------------------------------------------------------
def test_a_gomoku_player_who_missed_a_win_by_fours_is_told_so():
    # Black's open three h8 i8 j8: g8 or k8 makes an open four, a win by fours (a VCF) in 2; Black plays c3.
    moves = "h8 a1 i8 o1 j8 a15 c3 g8 d4"
    reviews = reviews_of("gomoku", moves, budget=0.3)
    missed = reviews[6]
    assert missed.before.kind == "proven" and missed.before.text == "wins by a VCF in 2"
    assert missed.best in {"g8", "k8"} and missed.line[0] == missed.best
    assert missed.verdict.startswith("missed a proven win (wins by a VCF in 2)")
    assert not missed.proven and missed.grade in ("inaccuracy", "mistake", "blunder")
    assert all(not review.verdict.startswith("missed") for review in reviews if review.ply != 6)


#: Master against itself (0.15 s a move), its first 16 plies, a sensible game.
CHINESE_CHECKERS_GAME = ("f3-f5 m15-m13 e3-g5 m13-l12 f4-f6 k14-k13 e1-e3-e5-g7 m17-m15-m13-k11 g4-g6-g8 "
                         "m16-k14-k12-k10 f5-f7-h9 l15-l13-l11-j9 f6-h8-h10 l16-l15 g7-g9-i11 k11-k9-i9-g9-g7")


def test_a_chinese_checkers_game_is_judged_by_the_race_and_a_step_back_beside_a_long_jump_is_marked():
    from game.rules.chinesecheckers import distance_to_goal

    state = GameSpec.parse("chinesecheckers").new_state()
    state.play_text(CHINESE_CHECKERS_GAME)
    back, jump = state.parse_move("g8-g6-g4"), state.parse_move("i11-g9-i9-k9-k11-m13-m15")
    assert back in state.legal_moves() and jump in state.legal_moves()
    moves = f"{CHINESE_CHECKERS_GAME} g8-g6-g4"
    reviews = reviews_of("chinesecheckers", moves, 0.05)
    sensible = reviews[:16]
    grades = [review.grade for review in sensible]
    assert "blunder" not in grades and grades.count("mistake") <= 2, grades
    assert sum(review.accuracy for review in sensible) / 16 >= 80
    assert all(review.before.kind == review.after.kind == "estimate" and not review.proven for review in reviews)
    walked_back = reviews[16]
    assert walked_back.grade in ("mistake", "blunder") and walked_back.verdict.startswith(walked_back.grade)
    assert "(estimate)" in walked_back.verdict and "steps behind after it" in walked_back.verdict
    replay = GameSpec.parse("chinesecheckers").new_state()
    for review in reviews:
        replay.play_text(review.move)
        assert review.steps == tuple(distance_to_goal(replay, seat) for seat in range(2))


# -- main.py review FILE -------------------------------------------------------------------------
def saved_game(tmp_path, spec: str, moves: str | int) -> str:
    """A save of ``spec`` after ``moves`` (notation), or after that many of the first legal moves."""
    state = GameSpec.parse(spec).new_state()
    if isinstance(moves, str):
        state.play_text(moves)
    else:
        for _ in range(moves):
            state.push(state.legal_moves()[0])
    path = tmp_path / f"{state.game_id}.txt"
    save_match(Match(state, [Player.human(f"P{seat + 1}") for seat in range(state.num_seats)]), path)
    return str(path)


@pytest.mark.parametrize("spec, moves, words", [
    ("tictactoe", "b2 a1 c3 a3 a2 c1 b1", "turned a draw into a loss (loss in 1) (blunder)"),
    ("connect4", "4 1 4 1 4 1 2 1", "threw away a win (loss in 1 now) (blunder)"),
    ("reversi", " ".join(REVERSI_GAME.split()[:8]), "(estimate)"),
    ("gomoku", "h8 a1 i8 o1 j8 a15 c3 g8 d4", "missed a proven win (wins by a VCF in 2)"),
    ("chinesecheckers", 6, "steps to goal"),
], ids=["tictactoe", "connect4", "reversi", "gomoku", "chinesecheckers"])
def test_main_py_review_prints_each_move_with_its_value_verdict_and_the_accuracy(tmp_path, capsys, spec, moves,
                                                                              words):
    path = saved_game(tmp_path, spec, moves)
    assert main.main(["review", path, "--budget", "0.1", "--no-cache"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    count = len(moves.split()) if isinstance(moves, str) else moves
    listed = [line for line in lines if re.match(r"\s*\d+\. [^:]+: ", line)]
    assert [int(line.split(".")[0]) for line in listed] == list(range(1, count + 1))
    assert words in captured.out
    if spec != "chinesecheckers":
        assert all(" -> " in line for line in listed), "each move's value before and after it"
        accuracy = [line for line in lines if line.startswith("Accuracy of ")]
        assert len(accuracy) == 2 and all(re.fullmatch(r"Accuracy of \w+: \d+%.*", line) for line in accuracy)
    assert f"analysing move 1 of {count}" in captured.err and f"analysed {count} of {count} moves" in captured.err


def test_a_reviewed_game_is_kept_and_reopens_from_the_cache(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path / "home"))
    path = saved_game(tmp_path, "tictactoe", "b2 a1 c3 a3 a2 c1 b1")
    assert main.main(["review", path, "--budget", "0.1"]) == 0
    first = capsys.readouterr().out
    assert len(list((tmp_path / "home" / "data" / "reviews").glob("*.json"))) == 1
    job = ReviewJob.start("tictactoe", "b2 a1 c3 a3 a2 c1 b1".split(), 0.1, cache_folder())
    assert job.done and job.progress == (7, 7) and len(job.poll()) == 7, "read at once, no analysis"
    assert main.main(["review", path, "--budget", "0.1"]) == 0
    assert capsys.readouterr().out == first


def test_review_refuses_a_file_that_is_not_a_save(tmp_path, capsys):
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    assert main.main(["review", str(path)]) == 2
    assert "notes.txt" in capsys.readouterr().err


def test_a_review_job_never_waits_when_polled_and_stops_when_asked():
    job = ReviewJob.start("connect4", "4 1 4 1 4 1 2 1".split(), 0.2, None)
    begun = time.perf_counter()
    first = job.poll()
    assert time.perf_counter() - begun < 0.05 and job.progress[1] == 8
    assert not job.done and first == [], "the analysis runs in its own process"
    pid = job._child.pid
    if hasattr(os, "getpriority"):      # POSIX: the analysis runs at a lower priority than the window
        wanted = min(19, os.getpriority(os.PRIO_PROCESS, 0) + CHILD_NICENESS)
        until = time.monotonic() + 20
        while os.getpriority(os.PRIO_PROCESS, pid) < wanted and time.monotonic() < until:
            time.sleep(0.05)
        assert os.getpriority(os.PRIO_PROCESS, pid) == wanted, "the window's frames come first"
    job.stop()
    assert job.done and job.failure == ""
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


# -- verdicts -------------------------------------------------------------------------------------
def estimate(chance: float, text: str) -> PlyValue:
    return PlyValue("estimate", 0.0, chance, text)


@pytest.mark.parametrize("after, grade", [(0.62, "good"), (0.54, "inaccuracy"), (0.44, "mistake"),
                                          (0.3, "blunder")])
def test_a_move_judged_from_estimates_is_graded_by_the_chance_it_gave_away_and_says_it_is_an_estimate(after, grade):
    before = estimate(0.65, "ahead (estimate)")
    judgement = judged(before, estimate(after, "behind (estimate)"), False, None)
    assert judgement.grade == grade and not judgement.proven
    if grade != "good":
        assert judgement.verdict == f"{grade} (estimate): behind (estimate) after it, ahead (estimate) with the best move"
    else:
        assert judgement.verdict == ""


def test_no_verdict_in_words_claims_more_than_the_values_prove():
    win = PlyValue("proven", 1.0, 1.0, "wins by a VCF in 2")
    unknown = PlyValue("unknown")
    assert judged(win, unknown, False, None) == Judgement(
        "missed a proven win (wins by a VCF in 2); the move played is not proven to win", "", False)
    assert judged(estimate(0.5, "even (estimate)"), PlyValue("proven", -1.0, 0.0, "loses to a VCF in 3"),
                  False, None).verdict == "after it, a proven loss (loses to a VCF in 3)"
    assert judged(unknown, unknown, False, None) == Judgement("", "", False)
    draw, loss = PlyValue("exact", 0.0, 0.5, "draw"), PlyValue("exact", -3.0, 0.0, "loss in 3")
    assert judged(loss, draw, False, None) == Judgement("", "", False), "values that disagree: nothing said"


def test_the_last_move_of_a_game_not_over_is_valued_from_the_position_it_left():
    engine = Engine("bots.reversi_master:ReversiMaster", {"exact_empties": 16}, scale=6.0)
    moves = REVERSI_GAME.split()[:50]
    last = max(review_moves("reversi", moves, 0.02, engine), key=lambda review: review.ply)
    state = Reversi.from_text(" ".join(moves))
    left = EndgameSolver(16).solve(state.discs(state.turn), state.discs(1 - state.turn)).score
    assert last.ply == 49 and (last.after.kind, last.after.score) == ("exact", -left if state.turn != last.seat else left)
    tictactoe = max(review_moves("tictactoe", ["b2", "a1"], 0.1), key=lambda review: review.ply)
    assert (tictactoe.after.kind, tictactoe.after.text) == ("exact", "draw")


def test_a_game_with_an_illegal_move_ends_its_review_with_what_was_wrong():
    job = ReviewJob.start("tictactoe", ["b2", "b2"], 0.1, None)
    until = time.monotonic() + 60
    while not job.done and time.monotonic() < until:
        job.wait(1.0)
    assert job.done and "move 2 ('b2')" in job.failure and job.progress == (0, 2)


def test_a_reversi_game_set_up_from_a_position_is_reviewed_from_that_position(tmp_path, capsys):
    from game.store.savefile import load_match

    moves = REVERSI_GAME.split()
    setup = Reversi()
    setup.play_text(" ".join(moves[:50]))
    state = Reversi.from_position(setup.position_text())
    state.play_text(" ".join(moves[50:]))
    path = tmp_path / "setup.txt"
    save_match(Match(state, [Player.human("P1"), Player.human("P2")]), path)
    assert "Position: " in path.read_text() and load_match(path).state.start_text == setup.position_text()
    assert main.main(["review", str(path), "--budget", "0.1", "--no-cache"]) == 0
    out = capsys.readouterr().out
    listed = [line for line in out.splitlines() if re.match(r"\s*\d+\. [^:]+: ", line)]
    assert len(listed) == 10 and all("[exact]" in line for line in listed if "only legal move" not in line)
    reviews = reviews_of("reversi", " ".join(moves[50:]), 0.1, start=setup.position_text())
    solver = EndgameSolver(16)
    mover = setup.turn
    assert reviews[0].before.kind == "exact"
    assert reviews[0].before.score == solver.solve(setup.discs(mover), setup.discs(1 - mover)).score
    assert GameReview("reversi", moves[50:], start=setup.position_text()).key != GameReview("reversi", moves[50:]).key
    review = GameReview("reversi", moves[50:], list(reviews), setup.position_text())
    assert GameReview.from_json(review.to_json()).start == setup.position_text()


def test_review_without_a_data_folder_for_its_cache_still_reviews_the_game(tmp_path, capsys, monkeypatch):
    """The cache is only a copy: a data folder that cannot be made (a file stands where it would
    be) costs the cache, not the review (before, a traceback)."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "data").write_text("not a folder")
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(home))
    path = saved_game(tmp_path, "tictactoe", "b2 a1 c3")
    assert main.main(["review", path, "--budget", "0.1"]) == 0
    captured = capsys.readouterr()
    assert "Accuracy of " in captured.out
    assert "not kept" in captured.err and "data" in captured.err
