"""The game kept for Resume: which games are kept, and reading the kept one back."""
from __future__ import annotations

import os

from game.match.record import Match, Player
from game.rules.tictactoe import TicTacToe
from game.store import autosave
from tests.store_helpers import run_at_once

YOU_VS_MASTER = [Player.human(), Player.of_bot("Master")]
MASTER_VS_YOU = [Player.of_bot("Master"), Player.human()]


def match_of(players, *moves: int) -> Match:
    match = Match(TicTacToe(), list(players))
    for move in moves:
        match.play(move)
    return match


def test_a_game_in_which_you_moved_is_kept_and_read_back_with_its_players(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    assert autosave.kept_game() is None
    assert autosave.keep(match_of(YOU_VS_MASTER, 4, 0))
    kept = autosave.kept_game()
    assert kept.match.state.to_text() == "b2 a3" and kept.match.players == YOU_VS_MASTER
    autosave.forget()
    assert autosave.kept_game() is None


def test_only_a_bots_move_or_no_move_at_all_is_not_worth_keeping():
    assert not autosave.worth_keeping(match_of(YOU_VS_MASTER))
    assert not autosave.worth_keeping(match_of(MASTER_VS_YOU, 4))
    assert autosave.worth_keeping(match_of(MASTER_VS_YOU, 4, 0))
    assert not autosave.worth_keeping(match_of([Player.of_bot("Easy"), Player.of_bot("Hard")], 4, 0, 8))


def test_a_finished_game_and_the_rematch_after_it_are_not_worth_keeping():
    won = match_of(YOU_VS_MASTER, 0, 3, 1, 4, 2)
    assert not autosave.worth_keeping(won)
    won.restart()                         # Rematch: Redo holds only the finished game
    assert not autosave.worth_keeping(won)


def test_a_game_taken_back_from_its_end_or_restarted_midway_is_worth_keeping():
    won = match_of(YOU_VS_MASTER, 0, 3, 1, 4, 2)
    won.undo()
    assert autosave.worth_keeping(won)
    restarted = match_of(YOU_VS_MASTER, 4, 0)
    restarted.restart()
    assert autosave.worth_keeping(restarted)


def test_keeping_a_game_not_worth_it_leaves_the_kept_one(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    autosave.keep(match_of(YOU_VS_MASTER, 4))
    assert not autosave.keep(match_of(YOU_VS_MASTER))
    assert autosave.kept_game().match.state.to_text() == "b2"


def test_redo_that_would_finish_the_game_again_is_not_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    won = match_of(YOU_VS_MASTER, 0, 3, 1, 4, 2)
    won.undo()
    autosave.keep(won)
    kept = autosave.kept_game().match
    assert kept.state.to_text() == "a3 a2 b3 b2" and not kept.can_redo()


def _leave_a_game(go, home):
    os.environ["BOARD_ARCADE_HOME"] = home
    go.wait()
    assert autosave.keep(match_of(MASTER_VS_YOU, 8, 4))


def test_finishing_a_resumed_game_keeps_the_game_another_arcade_left_since(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARD_ARCADE_HOME", str(tmp_path))
    autosave.keep(match_of(YOU_VS_MASTER, 4, 0))
    resumed = autosave.kept_game()
    run_at_once(_leave_a_game, [(str(tmp_path),)])
    resumed.match.play(8)
    autosave.forget()       # the resumed game is over: but the kept one is the other arcade's now
    assert autosave.kept_game().match.state.to_text() == "c1 b2"
    autosave.forget()       # read here now: this arcade may drop it
    assert autosave.kept_game() is None
