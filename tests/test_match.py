"""Match: players per seat, move records, undo that knows about bots, redo."""
import pytest

from game.rules.core import IllegalMove
from game.match.record import Match, Player
from game.rules.tictactoe import TicTacToe


def human_vs_bot() -> Match:
    return Match(TicTacToe(), [Player.human(), Player.of_bot("Master")])


def play_all(match: Match, text: str) -> None:
    for word in text.split():
        match.play(match.state.parse_move(word))


def test_play_records_seat_and_notation():
    match = human_vs_bot()
    play_all(match, "b2 a3")
    assert [(r.seat, r.text) for r in match.records] == [(0, "b2"), (1, "a3")]
    assert match.last_move == 0


def test_illegal_move_changes_nothing():
    match = human_vs_bot()
    play_all(match, "b2")
    with pytest.raises(IllegalMove):
        match.play(4)
    assert match.state.to_text() == "b2" and len(match.records) == 1


def test_undo_against_bot_returns_to_the_humans_turn():
    match = human_vs_bot()
    play_all(match, "b2 a3 c1 a1")
    taken = match.undo()
    assert [r.text for r in taken] == ["a1", "c1"]
    assert match.state.to_text() == "b2 a3"
    assert match.current_player.is_human


def test_undo_when_bot_moved_first_keeps_the_bots_opening():
    match = Match(TicTacToe(), [Player.of_bot("Master"), Player.human()])
    play_all(match, "b2 a3 c1")
    match.undo()
    assert match.state.to_text() == "b2"
    assert match.current_player.is_human


def test_undo_in_hot_seat_takes_one_move():
    match = Match(TicTacToe(), [Player.human("Ann"), Player.human("Bob")])
    play_all(match, "b2 a3")
    match.undo()
    assert match.state.to_text() == "b2"


def test_undo_with_only_bots_takes_one_move():
    match = Match(TicTacToe(), [Player.of_bot("Easy"), Player.of_bot("Master")])
    play_all(match, "b2 a3 c1")
    match.undo()
    assert match.state.to_text() == "b2 a3"


def test_redo_replays_what_undo_took_back_with_notes():
    match = human_vs_bot()
    match.play(4)
    match.play(0, note="Master timed out")
    match.undo()
    assert match.redo()[-1].note == "Master timed out"
    assert match.state.to_text() == "b2 a3"
    assert not match.can_redo()


def test_new_move_clears_redo():
    match = human_vs_bot()
    play_all(match, "b2 a3")
    match.undo()
    match.play(8)
    assert not match.can_redo()


def test_restart_keeps_players_and_clears_history():
    match = human_vs_bot()
    play_all(match, "b2 a3")
    match.restart()
    assert match.state.to_text() == "" and not match.records
    assert match.players[1].label == "Master"


def test_restart_by_mistake_is_undone_by_one_redo():
    match = human_vs_bot()
    match.play(4)
    match.play(0, note="Master timed out")
    match.restart()
    match.redo()
    assert match.state.to_text() == "b2 a3"
    assert match.records[1].note == "Master timed out"


def test_restart_of_an_empty_game_leaves_nothing_to_redo():
    match = human_vs_bot()
    match.restart()
    assert not match.can_redo()


def test_wrong_number_of_players_is_refused():
    with pytest.raises(ValueError, match="seats 2"):
        Match(TicTacToe(), [Player.human()])


def test_match_built_on_a_played_state_records_its_moves():
    match = Match(TicTacToe.from_text("b2 a3 c1"), [Player.human(), Player.human()])
    assert [(r.seat, r.text) for r in match.records] == [(0, "b2"), (1, "a3"), (0, "c1")]


def test_undo_goes_back_over_a_humans_forced_pass_and_one_redo_replays_it_all():
    from tests.chinesecheckers_games import position

    # Red's only marble is boxed in at the bottom tip, so each of Red's turns is a forced pass.
    match = Match(position(marbles={0: ["e1"], 1: ["e2", "f2", "e3", "g3", "i9"]}), [Player.human(), Player.of_bot("Easy")])
    play_all(match, "pass i9-i10 pass")
    match.undo()               # Red's pass and Teal's move go: the pass before them was no choice either
    assert [r.text for r in match.records] == [] and match.state.turn == 0
    assert [r.text for r in match.redo()] == ["pass", "i9-i10", "pass"] and not match.can_redo()
