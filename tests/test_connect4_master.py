"""Master Connect Four and its opening book: exact moves and hint texts, the book's file and lookups."""
from __future__ import annotations

from functools import cache

import pytest

from bots.connect4_master import ConnectFourMaster
from bots.lib.connect4_book import BOOK_PATH, Book, BookEntry, BookError, canonical, moves_key
from bots.lib.connect4_solver import STANDARD, Solver, position_from_moves, score_text
from game.rules.bot import VALUE, position_value
from game.rules.connect4 import ConnectFour


@cache
def master() -> ConnectFourMaster:
    return ConnectFourMaster(seed=1)


def game(text: str, **options) -> ConnectFour:
    return ConnectFour.from_text(text, **options)


def test_analyse_says_win_draw_or_loss_in_the_movers_own_moves():
    # Reference score 4 for Yellow (ply 15, 7 discs down): the win comes with Yellow's 18th disc.
    values = master().analyse(game("441642535526152"), 5.0)
    best = max(values.values(), key=lambda value: value.score)
    assert (best.score, best.text) == (4, "win in 11")
    assert set(values) == set(game("441642535526152").legal_moves())


@pytest.mark.parametrize("moves", ["43", "45"])
def test_hint_after_4_3_values_every_column_exactly_and_calls_the_position_a_win(moves):
    # Red (to move) wins after 4 3, and after its mirror 4 5: the book holds each column's exact score.
    state = game(moves)
    values = master().analyse(state, 0.5)
    assert set(values) == set(state.legal_moves()) and all(value.bound == VALUE for value in values.values())
    verdict = position_value(values, state.legal_moves())
    assert verdict.exact and verdict.text == "win in 19"


@pytest.mark.parametrize("moves", [f"4{reply}" for reply in "1234567"] + ["444", "431", "426", "417", "472"])
def test_hint_after_the_centre_opening_and_one_or_two_more_moves_proves_every_columns_result(moves):
    state = game(moves)
    values = master().analyse(state, 0.2)
    assert set(values) == set(state.legal_moves()) and all(value.exact for value in values.values())
    assert position_value(values, state.legal_moves()).proven


def test_analyse_of_a_forced_block_marks_every_other_column_a_loss_in_1():
    values = master().analyse(game("36413663712232166314763571225"), 5.0)
    assert values.pop(6).text == "loss in 2"  # reference score -5: Red's 17th disc, and Red has 15 down
    assert {value.text for value in values.values()} == {"loss in 1"}


def test_analyse_of_a_drawn_position_says_draw():
    values = master().analyse(game("2154163442521544633333641522752116"), 5.0)
    assert max(value.score for value in values.values()) == 0
    assert "draw" in {value.text for value in values.values()}


def test_opening_hints_short_of_time_give_the_books_exact_scores():
    state = game("4453")  # every reply is in the book, far too early to solve in 50 ms
    values = master().analyse(state, 0.05)
    book = Book.read(BOOK_PATH)
    expected = {col: score_text(-book.lookup([3, 3, 4, 2, col]).score, 4) for col in state.legal_moves()}
    assert {col: value.text for col, value in values.items()} == expected
    assert all(value.exact and value.bound == VALUE for value in values.values())


def test_master_takes_the_quickest_win():
    # Red can win at once in column 1 (four up) although other moves win later too.
    assert master().choose_move(game("121212"), 1.0) == 0


def test_master_plays_a_move_of_the_positions_exact_score():
    state = game("6461553416144764")  # reference score -9: lost, Master must lose as late as it can
    move = master().choose_move(state, 5.0)
    after = position_from_moves(list(state.move_stack) + [move])
    assert -Solver(table_bits=16).solve(after) == -9


def test_master_short_of_time_in_the_opening_still_plays_a_legal_move():
    # Out of the book and far too early to solve in 10 ms: the fallbacks answer.
    state = game("1171")
    assert master().choose_move(state, 0.01) in state.legal_moves()


def test_master_on_another_board_blocks_a_win_in_one():
    # 6 x 5: Red has three up in column 1; Yellow (Master) must block there.
    assert master().choose_move(game("12131", cols=6, rows=5), 0.3) == 0


# -- the book ---------------------------------------------------------------------------
def test_a_mirrored_position_finds_the_mirrored_column():
    book = Book()
    book.add([0, 1], BookEntry(2, 5, 1))
    entry = book.lookup([6, 5])
    assert (entry.column, entry.score) == (4, 5)


def test_another_move_order_to_the_same_position_finds_the_same_entry():
    book = Book()
    book.add([3, 2, 4, 2], BookEntry.of(1, "loss"))
    assert book.lookup([4, 2, 3, 2]) == BookEntry(1, None, -1)


def test_a_bad_book_line_names_the_file_and_line(tmp_path):
    path = tmp_path / "book.txt"
    path.write_text("# comment\n- 4 1\n44 9 3\n")
    with pytest.raises(BookError, match=r"book.txt line 3: column 9"):
        Book.read(path)


def book_lines() -> list[tuple[str, int]]:
    """``(moves, column)`` of every line of the shipped book (columns 0-based)."""
    lines = [line.split() for line in BOOK_PATH.read_text().splitlines() if not line.startswith("#")]
    return [("" if moves == "-" else moves, int(column) - 1) for moves, column, _ in lines]


def test_the_shipped_book_has_masters_first_move_a_win_and_every_reply_to_it():
    book = Book.read(BOOK_PATH)
    first = book.lookup([])
    assert first is not None and first.result == 1
    assert all(book.lookup([first.column, reply]) is not None for reply in range(7))


#: The empty board's columns as Pascal Pons' solver scores them (connect4.gamesolver.org): only the centre
#: wins, and only with Red's last disc; the columns beside it draw.
PUBLISHED_FIRST_COLUMNS = [-2, -1, 0, 1, 0, -1, -2]
#: Positions after six plies whose exact scores the solver finds in well under a second.
QUICK_PLY_SIX = ["244246", "353665", "355256"]


def test_the_shipped_book_scores_the_first_columns_as_published():
    book = Book.read(BOOK_PATH)
    assert [-book.lookup([column]).score for column in range(7)] == PUBLISHED_FIRST_COLUMNS
    assert (book.lookup([]).column, book.lookup([]).score) == (3, 1)


def test_the_shipped_book_holds_every_position_to_six_plies_exactly_each_the_best_of_its_moves():
    book = Book.read(BOOK_PATH)
    solver = Solver(STANDARD, table_bits=10)
    level = {canonical(moves_key([]))[0]: []}
    for plies in range(7):
        following = {}
        for moves in level.values():
            entry = book.lookup(moves)
            assert entry is not None and entry.score is not None, moves
            if plies == 6:
                assert len(level) == 8231
                continue
            position = position_from_moves(moves)
            scores = {}
            for column in solver.legal_columns(position):
                after = moves + [column]
                scores[column] = -book.lookup(after).score
                following.setdefault(canonical(moves_key(after))[0], after)
            assert entry.score == max(scores.values()) == scores[entry.column], moves
        level = following


@pytest.mark.parametrize("moves", QUICK_PLY_SIX)
def test_the_books_exact_scores_after_six_plies_are_the_solvers(moves):
    columns = [int(c) - 1 for c in moves]
    assert Book.read(BOOK_PATH).lookup(columns).score == Solver(STANDARD, table_bits=20).solve_moves(columns)


def test_no_move_of_the_shipped_book_lets_the_opponent_win_at_once_unless_every_move_does():
    def loses_at_once(state: ConnectFour, column: int) -> bool:
        after = game_after(state, column)
        return not after.is_over() and any(game_after(after, reply).outcome() is not None
                                           for reply in after.legal_moves())
    for moves, column in book_lines():
        state = game(moves)
        if loses_at_once(state, column):
            assert all(loses_at_once(state, other) for other in state.legal_moves()), (moves, column)


def game_after(state: ConnectFour, move: int) -> ConnectFour:
    after = state.copy()
    after.push(move)
    return after


def test_each_within_gives_every_job_that_fits_across_threads_and_raises_a_searchs_error():
    from bots.connect4_master import each_within
    from bots.lib.clock import Deadline
    solvers = ConnectFourMaster.solvers()
    jobs = [(col, position_from_moves([col])) for col in range(7)]
    found = dict(each_within(solvers * 2, jobs, Deadline.after(5.0), 1, lambda solver, child, limit: child.mask))
    assert found == {col: child.mask for col, child in jobs}

    def broken(solver, child, limit):
        raise RuntimeError(f"kernel failed on {child.mask}")
    with pytest.raises(RuntimeError, match="kernel failed"):
        list(each_within(solvers, jobs, Deadline.after(5.0), 1, broken))


def test_a_hint_valued_in_several_threads_equals_one_valued_in_one(monkeypatch):
    state = game("441642535526152")  # every column solved exactly well within the time
    threaded = master().analyse(state, 5.0)
    monkeypatch.setattr(ConnectFourMaster, "solvers", classmethod(lambda cls: [cls.solver()]))
    ConnectFourMaster.solver().clear()
    assert master().analyse(state, 5.0) == threaded
