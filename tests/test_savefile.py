"""Save files: round trips, and clear errors for damaged files."""
import pytest
from hypothesis import given, settings, strategies as st

from game.match.record import Match, Player
from game.store.savefile import SaveFileError, load_match, match_from_text, match_to_text, save_match
from game.rules.connect4 import ConnectFour
from game.rules.reversi import Reversi
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
