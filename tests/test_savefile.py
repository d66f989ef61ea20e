"""Save files: round trips, and clear errors for damaged files."""
import random

import pytest
from hypothesis import given, settings, strategies as st

from game.match.record import Match, Player
from game.rules.core import Outcome, Termination
from game.store.savefile import SaveFileError, load_match, match_from_text, match_to_text, save_match
from game.rules.connect4 import ConnectFour
from game.rules.reversi import PASS, Reversi
from game.rules.catalogue import game_ids, new_state
from game.rules.tictactoe import TicTacToe


def sample_match() -> Match:
    match = Match(TicTacToe(), [Player.human("Ann"), Player.of_bot("Master")])
    match.play(4)
    match.play(0, note="Master timed out; a random legal move was played")
    match.play(8)
    return match


def test_save_then_load_restores_position_turn_players_and_notes(tmp_path):
    path = tmp_path / "game.txt"
    save_match(sample_match(), path)
    loaded = load_match(path)
    assert loaded.state.to_text() == "b2 a3 c1"
    assert loaded.turn == 1
    assert loaded.players == [Player.human("Ann"), Player.of_bot("Master")]
    assert loaded.records[1].note.startswith("Master timed out")


def test_save_file_is_readable_text():
    text = match_to_text(sample_match())
    assert "Game: tictactoe\n" in text and "Options" not in text
    assert "Moves: b2 a3 c1" in text
    assert "Seat 2 (O): bot Master" in text


def test_the_game_line_names_the_game_with_every_option():
    match = Match(ConnectFour(rows=5, n=3), [Player.human("Ann"), Player.human("Bo")])
    match.play(3)
    text = match_to_text(match)
    assert "Game: connect4(cols=7,rows=5,n=3)\n" in text and "Options" not in text
    loaded = match_from_text(text)
    assert loaded.state.options == {"cols": 7, "rows": 5, "n": 3} and loaded.state.move_stack == [3]


#: A Connect Four game saved before the options joined the Game line.
OLD_FORMAT = """\
# Board Arcade saved game
Game: connect4
Options: cols=8 rows=7 n=5
Seat 1 (Red): human Ann
Seat 2 (Yellow): bot Hard
Moves: 45484
Note 2: Hard timed out; a random legal move was played
Result: in progress
Saved: 2025-01-03 10:30
"""


def test_a_game_saved_in_the_old_form_still_loads(tmp_path):
    path = tmp_path / "old.txt"
    path.write_text(OLD_FORMAT, encoding="utf-8")
    loaded = load_match(path)
    assert loaded.state.options == {"cols": 8, "rows": 7, "n": 5}
    assert loaded.state.to_text() == "45484" and loaded.turn == 1
    assert loaded.players == [Player.human("Ann"), Player.of_bot("Hard")]
    assert loaded.records[1].note.startswith("Hard timed out")
    assert "Game: connect4(cols=8,rows=7,n=5)\n" in match_to_text(loaded)
    with pytest.raises(SaveFileError, match="line 3: option 'n' is given twice"):
        match_from_text(OLD_FORMAT.replace("n=5", "n=5 n=4"))


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False))
def test_random_games_round_trip(rng):
    state = TicTacToe()
    for _ in range(rng.randint(0, 9)):
        if state.is_over():
            break
        state.push(rng.choice(state.legal_moves()))
    match = Match(state, [Player.of_bot("Easy"), Player.human()])
    again = match_from_text(match_to_text(match))
    assert again.state.key() == state.key()
    assert again.state.to_text() == state.to_text()
    assert again.outcome() == state.outcome()


@pytest.mark.parametrize(
    "text, expected",
    [
        ("", "no 'Game:' line"),
        ("Game: chess\n", "unknown game 'chess'"),
        ("Game: tictactoe\nSeat 1 (X): human A\nSeat 2 (O): human B\nMoves: b2 b2\n", "move 2 ('b2')"),
        ("Game: tictactoe\nSeat 1 (X): human A\nSeat 2 (O): human B\nMoves: b2 z9\n", "'z9'"),
        ("Game: tictactoe\nSeat 1 (X): human A\nMoves: b2\n", "Seat 1' to 'Seat 2'"),
        ("Game: tictactoe\nSeat 1 (X): robot A\nSeat 2 (O): human B\n", "line 2"),
        ("Game: tictactoe\nOptions: size=4\nSeat 1: human\nSeat 2: human\n", "line 2: tictactoe has no option 'size'"),
        ("Game: tictactoe(size=4)\nSeat 1: human\nSeat 2: human\n", "line 1: tictactoe has no option 'size'"),
        ("Game: connect4(rows=99)\n", "line 1: option rows='99' is not one of"),
        ("# saved\nGame: connect4(rows=5\n", "line 2: 'connect4(rows=5' is not a game"),
        ("Game: connect4(rows=5)\nOptions: cols=5\n", "line 2: options both in 'connect4(rows=5)' and apart (cols=5); give them one way"),
        ("Game: connect4(cols=4)\nSeat 1: human\nSeat 2: human\nMoves: 5\n", "line 4: move 1 ('5')"),
        ("Game: tictactoe\nColour: red\n", "line 2: unknown entry 'Colour'"),
        ("Game: tictactoe\nthis is not a save\n", "line 2"),
        ("Game: tictactoe\nSeat 1: human\nSeat 2: human\nMoves: b2\nNote 5: hi\n", "note for move 5"),
    ],
)
def test_damaged_text_names_the_problem(text, expected):
    with pytest.raises(SaveFileError, match=expected.replace("(", r"\(").replace(")", r"\)")):
        match_from_text(text)


def test_binary_file_is_refused_clearly(tmp_path):
    path = tmp_path / "photo.txt"
    path.write_bytes(bytes(range(256)) * 4)
    with pytest.raises(SaveFileError, match="not a text file"):
        load_match(path)


def test_missing_file_is_refused_clearly(tmp_path):
    with pytest.raises(SaveFileError, match="no such file"):
        load_match(tmp_path / "nope.txt")


def test_failed_save_keeps_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "game.txt"
    save_match(sample_match(), path)
    before = path.read_text()

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", broken)
    with pytest.raises(OSError):
        save_match(Match(TicTacToe(), [Player.human(), Player.human()]), path)
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir()] == ["game.txt"]


def test_control_characters_in_notes_and_labels_are_made_printable():
    match = Match(TicTacToe(), [Player.human("Ann\x00"), Player.of_bot("Mas\x1bter")])
    match.play(4, note="bad\x00value\ud800 here\nand there")
    text = match_to_text(match)
    again = match_from_text(text)
    assert again.records[0].note == "bad value here and there"
    assert all(ch.isprintable() or ch == "\n" for ch in text)


def test_hand_written_control_characters_load_as_spaces():
    text = "Game: tictactoe\nSeat 1: human A\x00nn\nSeat 2: human Bob\nMoves: b2\nNote 1: odd\x00note\n"
    match = match_from_text(text)
    assert match.records[0].note == "odd note" and match.players[0].label == "A nn"


def test_options_are_read_back_as_the_values_they_name(monkeypatch):
    from game.rules.core import Option

    monkeypatch.setattr(TicTacToe, "options_spec", (Option("komi", "Komi", 6.5, (0.5, 6.5)), Option("open", "Open", True, (True, False))))
    match = Match(TicTacToe(komi=0.5, open=False), [Player.human(), Player.human()])
    again = match_from_text(match_to_text(match))
    assert again.state.options == {"komi": 0.5, "open": False}
    with pytest.raises(SaveFileError, match="komi='7' is not one of"):
        match_from_text(match_to_text(match).replace("komi=0.5", "komi=7"))


#: FFO #1: Black to move, 14 empties.
FFO_1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def test_a_game_from_a_set_up_position_saves_its_position_and_loads_back(tmp_path):
    match = Match(Reversi.read(FFO_1 + " g8"), [Player.human("Ann"), Player.human("Bob")])
    text = match_to_text(match)
    assert f"Position: {FFO_1}" in text and "Moves: g8" in text
    path = tmp_path / "ffo.txt"
    save_match(match, path)
    loaded = load_match(path)
    assert loaded.state.start_text == FFO_1 and loaded.state.key() == match.state.key()
    loaded.restart()
    assert loaded.state.position_text() == FFO_1


def test_a_position_written_on_the_moves_line_loads_as_a_set_up_game():
    text = f"Game: reversi(counting=winner)\nSeat 1: human A\nSeat 2: human B\nMoves: {FFO_1} g8\n"
    assert match_from_text(text).state.start_text == FFO_1


def test_a_bad_position_line_is_named_with_its_line():
    text = "Game: reversi\nSeat 1: human A\nSeat 2: human B\nPosition: XXO X\nMoves:\n"
    with pytest.raises(SaveFileError, match="line 4: .*not a position"):
        match_from_text(text)


def test_a_finished_reversi_game_saves_its_score_in_the_result_line():
    match = Match(Reversi.read("X" * 61 + "--- O"), [Player.human("Ann"), Player.human("Bob")])
    assert "Result: Black won (more discs, 64–0)" in match_to_text(match)


def played(*moves: int) -> Match:
    match = Match(TicTacToe(), [Player.human("Ann"), Player.of_bot("Master")])
    for move in moves:
        match.play(move)
    return match


def test_the_result_line_counts_the_moves_and_reversi_passes_are_not_counted():
    assert "Result: in progress; 3 moves\n" in match_to_text(played(4, 0, 8))
    assert "Result: in progress; 1 move\n" in match_to_text(played(4))
    finished = Match(Reversi.read("X" * 61 + "--- O"), [Player.human("Ann"), Player.human("Bob")])
    assert "Result: Black won (more discs, 64–0); 0 moves\n" in match_to_text(finished)


@pytest.mark.parametrize("cut", ["Moves: b2 a", "Moves: b2 a3 c1\nRes", "Seat 2 (O): bo", "# Board Arc"])
def test_a_save_cut_short_is_refused_naming_the_line_it_ends_on(tmp_path, cut):
    text = match_to_text(played(4, 0, 8))
    path = tmp_path / "cut.txt"
    path.write_text(text[:text.index(cut) + len(cut)], encoding="utf-8")
    line = text[:text.index(cut) + len(cut)].count("\n") + 1
    with pytest.raises(SaveFileError, match=f"cut.txt line {line}: the file ends in the middle of this line, "
                                            "before its Result line: it was cut short"):
        load_match(path)


def test_a_save_cut_at_the_end_of_a_line_before_its_result_is_refused():
    text = match_to_text(played(4, 0, 8))
    with pytest.raises(SaveFileError, match="line 5: the file ends after this line, before its Result line"):
        match_from_text(text[:text.index("Result")])


def test_a_save_cut_in_its_last_line_after_the_result_still_loads():
    text = match_to_text(played(4, 0, 8))
    assert match_from_text(text[:text.index("Saved") + 3]).state.to_text() == "b2 a3 c1"


def test_a_save_whose_moves_line_is_missing_is_refused_by_its_result_count():
    text = match_to_text(played(4, 0, 8)).replace("Moves: b2 a3 c1\n", "")
    with pytest.raises(SaveFileError, match="line 5: the Result line counts 3 moves, but the file has no Moves line"):
        match_from_text(text)
    fewer = match_to_text(played(4, 0, 8)).replace("Moves: b2 a3 c1", "Moves: b2")
    with pytest.raises(SaveFileError, match=r"counts 3 moves, but the Moves line \(line 5\) has 1"):
        match_from_text(fewer)


def test_a_hand_written_save_without_the_header_or_result_line_still_loads():
    match = match_from_text("Game: tictactoe\nSeat 1: human A\nSeat 2: human B\nMoves: b2 a3")
    assert match.state.to_text() == "b2 a3"


def test_an_empty_file_and_a_damaged_byte_are_refused_with_their_line(tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(SaveFileError, match="the file is empty"):
        load_match(empty)
    spoilt = tmp_path / "spoilt.txt"
    spoilt.write_bytes(match_to_text(played(4)).encode().replace(b"Moves: b2", b"Moves: \xff2"))
    with pytest.raises(SaveFileError, match="spoilt.txt line 5: not a text file"):
        load_match(spoilt)


def test_what_redo_would_replay_is_kept_when_asked_for_and_read_back():
    match = played(4, 0, 8, 2)
    match.undo()
    match.undo()
    assert "Redo" not in match_to_text(match)
    text = match_to_text(match, redo=True)
    assert "Redo: b2 a3 | c1 c3\n" in text
    again = match_from_text(text)
    assert again.records == [] and again.redo_groups() == [[4, 0], [8, 2]]
    again.redo()
    assert again.state.to_text() == "b2 a3"
    with pytest.raises(SaveFileError, match=r"line 6: redo group 2: move 1 \('b2'\)"):
        match_from_text(text.replace("| c1", "| b2"))


def test_reversi_redo_groups_round_trip_over_forced_passes():
    state = Reversi()
    rng = random.Random(8)                # a game with two forced passes near its end
    match = Match(state, [Player.human("Ann"), Player.human("Bob")])
    while not state.is_over():
        match.play(rng.choice(state.legal_moves()))
    while len(match.records) > 55:
        match.undo()
    groups = match.redo_groups()
    assert PASS in [move for group in groups for move in group]
    again = match_from_text(match_to_text(match, redo=True))
    assert again.redo_groups() == groups


def test_default_save_names_differ_within_a_minute_and_within_a_second(tmp_path):
    import datetime as dt

    from game.store.savefile import default_save_path

    moment = dt.datetime(2025, 1, 3, 10, 30, 15)
    first = default_save_path("connect4", tmp_path, moment)
    assert first.name == "connect4-2025-01-03-103015.txt"
    first.write_text("taken", encoding="utf-8")
    assert default_save_path("connect4", tmp_path, moment).name == "connect4-2025-01-03-103015-2.txt"
    assert default_save_path("connect4", tmp_path, moment.replace(second=16)).name == "connect4-2025-01-03-103016.txt"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_keeps_its_position_and_redo_history_through_a_save(game_id):
    for seed in range(4):
        rng = random.Random(seed)
        state = new_state(game_id)
        match = Match(state, [Player.human()] * state.num_seats)
        for _ in range(rng.randint(3, 40)):
            if state.is_over():
                break
            match.play(rng.choice(state.legal_moves()))
        for _ in range(rng.randint(1, 4)):
            match.undo()
        again = match_from_text(match_to_text(match, redo=True))
        assert again.state.key() == state.key() and again.redo_groups() == match.redo_groups()


@pytest.mark.parametrize("outcome, line", [
    (Outcome((1,), "Ann resigned", termination=Termination.RESIGNATION),
     "Result: Yellow won (Ann resigned) [resignation]; 3 moves"),
    (Outcome((), "draw agreed", termination=Termination.AGREED_DRAW),
     "Result: draw (draw agreed) [agreed draw]; 3 moves"),
])
def test_a_game_its_players_ended_saves_and_loads_as_over_with_its_result(tmp_path, outcome, line):
    match = Match(ConnectFour(), [Player.human("Ann"), Player.human("Bob")])
    for move in (3, 3, 4):
        match.play(move)
    match.ended = outcome
    save_match(match, tmp_path / "ended.txt")
    assert line in (tmp_path / "ended.txt").read_text()
    loaded = load_match(tmp_path / "ended.txt")
    assert loaded.outcome() == outcome
    assert loaded.state.to_text() == "445"


def test_a_result_line_naming_no_seat_of_the_game_is_refused():
    text = match_to_text(Match(ConnectFour(), [Player.human(), Player.human()])).replace(
        "Result: in progress", "Result: Purple won (Ann resigned) [resignation]")
    with pytest.raises(SaveFileError, match="line 6: the Result line names 'Purple'"):
        match_from_text(text)


X_WON = played(4, 0, 6, 1, 2)           # b2 a3 a1 b3 c3: X's diagonal
DRAWN = played(4, 0, 2, 6, 3, 5, 1, 7, 8)


def test_a_finished_game_whose_game_line_names_another_game_is_refused_at_its_result_line(tmp_path):
    path = tmp_path / "edited.txt"
    path.write_text(match_to_text(X_WON).replace("Game: tictactoe", "Game: gomoku"), encoding="utf-8")
    with pytest.raises(SaveFileError, match=r"edited.txt line 6: the Result line says X won \(three in a row\), but "
                                            r"after the moves of line 5 the game is in progress"):
        load_match(path)


@pytest.mark.parametrize("match, said, instead, problem", [
    (X_WON, "X won (three in a row)", "O won (three in a row)",
     r"O won \(three in a row\), but after the moves of line 5 the game is over: X won \(three in a row\)"),
    (X_WON, "X won (three in a row)", "draw (board full)",
     r"draw \(board full\), but after the moves of line 5 the game is over: X won \(three in a row\)"),
    (DRAWN, "draw (board full)", "X won (three in a row)",
     r"X won \(three in a row\), but after the moves of line 5 the game is over: draw \(board full\)"),
    (X_WON, "X won (three in a row)", "in progress",
     r"in progress, but after the moves of line 5 the game is over: X won \(three in a row\)"),
    (X_WON, "X won (three in a row)", "X won (O resigned) [resignation]",
     r"X won \(O resigned\) \[resignation\], but after the moves of line 5 the game is over: X won"),
    (played(4, 0, 8), "in progress", "X won (three in a row)",
     r"X won \(three in a row\), but after the moves of line 5 the game is in progress: the file is damaged"),
    (played(4, 0, 8), "in progress", "draw (board full)",
     r"draw \(board full\), but after the moves of line 5 the game is in progress"),
    (played(4, 0, 8), "in progress", "X has it",
     r"'X has it'; expected 'in progress', 'draw \(how\)' or 'NAME won \(how\)'"),
])
def test_a_result_line_that_disagrees_with_the_moves_is_refused_saying_what_disagrees(match, said, instead, problem):
    text = match_to_text(match)
    assert f"Result: {said};" in text
    with pytest.raises(SaveFileError, match=f"^save file line 6: the Result line says {problem}"):
        match_from_text(text.replace(f"Result: {said};", f"Result: {instead};"))


def test_a_result_line_without_its_move_count_is_checked_too():
    text = match_to_text(played(4, 0, 8)).replace("Result: in progress; 3 moves", "Result: O won (three in a row)")
    with pytest.raises(SaveFileError, match="line 6: the Result line says O won"):
        match_from_text(text)
    assert match_from_text(match_to_text(X_WON).replace("; 5 moves", "")).outcome().winners == (0,)


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_played_to_its_end_or_part_way_loads_back_with_its_result(game_id):
    for seed in range(6):
        rng = random.Random(seed)
        state = new_state(game_id)
        match = Match(state, [Player.human()] * state.num_seats)
        for _ in range(rng.choice([5, 400])):
            if state.is_over():
                break
            match.play(rng.choice(state.legal_moves()))
        again = match_from_text(match_to_text(match))
        assert again.outcome() == match.outcome() and again.state.key() == state.key()


def test_a_hosted_game_whose_result_the_server_re_ranked_after_a_resignation_loads_back(tmp_path):
    """A game of three or more in which a player resigned and a stand-in played their seat out:
    the server takes the resigner out of the rules' result (``endings.after_resignations``), so
    the winner saved is not the rules' one. The host's save of it must load, with that result."""
    from game.net.endings import after_resignations

    match = played(4, 0, 6, 1, 2)
    rules = match.state.outcome()
    match.ended = after_resignations(rules, [0], ["Ann", "Master"])
    assert match.ended.winners == (1,) and match.ended.termination == rules.termination
    save_match(match, tmp_path / "hosted.txt")
    loaded = load_match(tmp_path / "hosted.txt")
    assert loaded.outcome().winners == (1,)
    assert loaded.outcome().termination == rules.termination
    assert "left the game" in loaded.outcome().reason


def test_a_bad_line_of_a_save_is_told_in_the_players_language_naming_the_line(tmp_path):
    """The window's words around the file's own (its moves, its 'Result:' form) and the rules' refusal."""
    from game import lang

    path = tmp_path / "bad.txt"
    head = "# Board Arcade saved game\nGame: tictactoe\nSeat 1 (X): human Ann\nSeat 2 (O): human Bo\n"
    lang.set_language("zh_CN")
    path.write_text(head + "Moves: a1 a1\nResult: in progress; 2 moves\n", encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        load_match(path)
    assert str(refused.value) == f"{path} 第 5 行：第 2 步（'a1'）：a1 不合规则：这格已有棋子"
    path.write_text(head + "Moves: a1\nResult: in progress; 3 moves\n", encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        load_match(path)
    assert str(refused.value) == (f"{path} 第 6 行：Result 行记着 3 步，但Moves 行（第 5 行）有 1 步：文件已损坏"
                                  "（如果你改过着法，请改正或删除这一行）")
    path.write_text(head + "Moves: a1\nClock: soon\nResult: in progress; 1 move\n", encoding="utf-8")
    with pytest.raises(SaveFileError) as refused:
        load_match(path)
    assert str(refused.value).startswith(f"{path} 第 6 行：'soon' 不是计时方式：")
