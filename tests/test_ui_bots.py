"""The play screen with bots in worker processes: moves, undo, hint, failures, autoplay.

Each bot seat spawns a worker (about a second), so these tests loop frames
until the bot's move arrives, with a generous frame cap rather than a clock.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from game.rules.catalogue import new_state
from game.match.record import Match, Player

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LIMIT = 3000   # frames; a worker start plus a move takes far fewer


def alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (a reaped worker does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def open_play(d, *players: Player):
    d.open_match(Match(new_state("tictactoe"), list(players)))
    d.settle()
    return d.scene


def test_game_against_easy_reaches_the_result_panel(make_app):
    d = make_app()
    d.services.settings.update(bot_delay=0.0)
    d.key(pygame.K_p)
    d.settle()
    d.key(pygame.K_RETURN)
    d.settle()
    setup = d.scene
    chooser = setup.widget("seat1")
    while setup.seat_labels[1] != "Easy":
        d.click_at((chooser.rect.x + 12, chooser.rect.centery))
    d.click("start")
    d.settle()
    play = d.scene
    assert play.name == "play" and play.match.players[1].label == "Easy"
    while not play.match.state.is_over():
        if play.match.current_player.is_human:
            cell = play.match.state.legal_moves()[0]
            d.click_at(play.renderer.cell_centre(cell))
        else:
            before = len(play.match.records)
            d.until(lambda: len(play.match.records) > before or play.match.state.is_over(), LIMIT, "Easy's move")
    d.until(lambda: play.result.visible, what="result panel")
    row = d.services.stats.rows()[0]
    assert row.matchup == "Human vs Easy" and row.games == 1
    pids = [runner.pid for runner in play.session.runners.values()]
    assert pids and all(pid is not None and alive(pid) for pid in pids)
    d.leave_game()
    d.settle()
    assert d.scene.name == "setup" and play.session.runners == {}
    d.until(lambda: not any(alive(pid) for pid in pids), 120, "the bot workers' end")


def test_undo_while_a_bot_thinks_drops_its_request_and_it_answers_the_new_position(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_faulty")
    d.services.settings.update(bot_delay=0.0)
    # Last move plays the last free cell: 8 on the empty board, 7 after X c1 and O a3.
    play = open_play(d, Player.of_bot("LastMoveBot", label="Last"), Player.human())
    records = play.match.records
    d.until(lambda: len(records) == 1, LIMIT, "the bot's first move")
    assert records[0].move == 8
    d.click_at(play.renderer.cell_centre(0))        # the bot starts on its reply (7), shown once the O lands...
    assert play.thinking and play.renderer.busy
    d.key(pygame.K_u)                               # ...which undo drops: back to the human's turn
    assert [r.move for r in records] == [8] and play.match.current_player.is_human
    d.key(pygame.K_z, mod=pygame.KMOD_CTRL)         # back to the start: the bot is to move again
    assert [r.move for r in records] in ([], [8])   # (a quick bot may have answered already)
    d.until(lambda: len(records) == 1, LIMIT, "the bot's move on the empty board")
    assert records[0].move == 8                     # its answer to this position, not the dropped 7
    d.frames(30)
    assert [r.move for r in records] == [8] and records[0].note == "" and not play.paused


def test_hint_shows_a_move_without_playing_it(make_app):
    d = make_app()
    play = open_play(d, Player.human(), Player.human())
    d.click_at(play.renderer.cell_centre(0))
    d.click_at(play.renderer.cell_centre(4))
    d.key(pygame.K_h)
    assert play.hint_pending
    d.until(lambda: play.view.hint is not None, LIMIT, "hint")
    assert play.match.state.is_legal(play.view.hint)
    assert set(play.view.hint_values) == set(play.match.state.legal_moves())
    assert len(play.match.records) == 2 and play.hint.text
    d.click_at(play.renderer.cell_centre(8))
    assert play.view.hint is None


def test_a_failing_bot_is_named_and_its_fallback_move_noted(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_faulty")
    d.services.settings.update(bot_delay=0.0)
    play = open_play(d, Player.human(), Player.of_bot("RaisingBot", label="Raising"))
    d.click_at(play.renderer.cell_centre(4))
    d.until(lambda: len(play.match.records) == 2, LIMIT, "fallback move")
    note = play.match.records[1].note
    assert "Raising" in note and "random move" in note
    assert any("Raising" in message for message in d.services.toasts.messages())


def test_bots_play_each_other_with_pause_and_step(make_app):
    d = make_app()
    d.services.settings.update(bot_delay=0.0)
    play = open_play(d, Player.of_bot("Easy"), Player.of_bot("Medium"))
    assert play.autoplay
    d.key(pygame.K_SPACE)
    assert play.paused
    d.until(lambda: play.session.ready() is not None, LIMIT, "first move ready")
    d.frames(30)
    assert play.match.records == []     # paused: held back
    d.key(pygame.K_s)
    d.until(lambda: len(play.match.records) == 1, LIMIT, "stepped move")
    d.frames(60)
    assert len(play.match.records) == 1
    d.key(pygame.K_RIGHT)
    d.until(lambda: len(play.match.records) == 2, LIMIT, "second stepped move")
    d.key(pygame.K_SPACE)
    assert not play.paused
    d.until(lambda: play.match.state.is_over(), LIMIT, "the game's end")
    d.until(lambda: play.result.visible, what="result panel")
    assert d.services.stats.rows()[0].matchup == "Easy vs Medium"


def test_redo_after_restart_leaves_no_stale_bot_move(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_faulty")
    d.services.settings.update(bot_delay=0.0)
    # Slow start plays the last free cell, thinking 0.3 s on the empty board only.
    play = open_play(d, Player.of_bot("SlowStartBot"), Player.human())
    d.until(lambda: len(play.match.records) == 1, LIMIT, "the bot's first move")
    d.click_at(play.renderer.cell_centre(0))
    d.until(lambda: len(play.match.records) == 3, LIMIT, "the bot's second move")
    assert [r.move for r in play.match.records] == [8, 0, 7]
    d.key(pygame.K_n)                               # the bot starts thinking about the empty board...
    assert play.match.records == [] and play.thinking
    d.key(pygame.K_y)                               # ...and the redo takes that request back
    assert [r.move for r in play.match.records] == [8, 0, 7] and play.match.current_player.is_human
    assert not play.renderer.busy and play.session.ready() is None
    d.click_at(play.renderer.cell_centre(1))
    d.until(lambda: len(play.match.records) == 5, LIMIT, "the bot's reply")
    assert play.match.records[4].move == 6          # the last free cell now, not the empty board's 8
    assert not play.paused and not any("no legal move" in m for m in d.services.toasts.messages())


def hint_bots(tmp_path: Path, analyse_body: str) -> dict:
    """A bots folder with a bot ``Mute`` whose analyse is ``analyse_body``, made the hint tier."""
    bots = tmp_path / "bots"
    bots.mkdir()
    (bots / "mute.py").write_text(
        "from game.rules.bot import Bot\n\n\n"
        "class Mute(Bot):\n"
        "    name = 'Mute'\n"
        "    games = ('tictactoe',)\n\n"
        "    def choose_move(self, state, budget):\n"
        "        return state.legal_moves()[0]\n" + analyse_body,
        encoding="utf-8",
    )
    config = tmp_path / "config.yaml"
    config.write_text("games:\n  tictactoe:\n    hint: Quiet\n    tiers:\n      Quiet: {bot: Mute}\n", encoding="utf-8")
    return {"bots_dir": bots, "config_path": config}


def test_a_hint_bot_that_gives_no_values_is_named_in_a_toast(make_app, tmp_path):
    d = make_app(**hint_bots(tmp_path, "\n    def analyse(self, state, budget):\n        return {}\n"))
    play = open_play(d, Player.human(), Player.human())
    d.key(pygame.K_h)
    d.until(lambda: not play.hint_pending, LIMIT, "the hint bot's answer")
    assert play.view.hint is None and play.hint.text == ""
    assert "No hint: the hint bot Quiet (Mute) cannot judge moves (it gave no move values)" in d.services.toasts.messages()


def test_a_hint_tier_whose_bot_has_no_analyse_is_explained_when_hint_is_pressed(make_app, tmp_path):
    d = make_app(**hint_bots(tmp_path, ""))
    play = open_play(d, Player.human(), Player.human())
    d.key(pygame.K_h)
    assert not play.hint_pending and play.session.hint_runner is None
    assert any("No hints for Tic-tac-toe" in m and "can judge moves" in m for m in d.services.toasts.messages())


def test_hint_is_greyed_out_while_a_bot_is_to_move_and_after_the_end(make_app):
    d = make_app(bots_dir=FIXTURES / "bots_faulty")
    d.services.settings.update(bot_delay=0.0)
    play = open_play(d, Player.of_bot("SlowStartBot", label="Slow"), Player.human())
    assert play.thinking and not play.widget("hint").enabled
    d.key(pygame.K_h)
    assert not play.hint_pending and "Hints are for your moves: Slow is to move" in d.services.toasts.messages()
    d.click("hint")
    assert not play.hint_pending
    d.until(lambda: len(play.match.records) == 1, LIMIT, "the bot's move")
    assert play.widget("hint").enabled
    for cell in (0, 1, 2):                          # the bot plays the last free cell: 8, 7, 6 win for it
        if play.match.state.is_over():
            break
        d.click_at(play.renderer.cell_centre(cell))
        d.until(lambda: play.match.state.is_over() or play.match.current_player.is_human, LIMIT, "the bot's move")
    assert play.match.state.is_over()
    d.key(pygame.K_h)
    assert not play.hint_pending and "The game is over: no hint" in d.services.toasts.messages()
    assert not play.controls.hint.enabled
