"""A Gomocup engine that drops a command arriving just after its move (Rapfi does: a reference run got
``ERROR Unknown command: 7,8``) loses no move: the client paces its sends and sends a dropped command again.

The engine is tests/fixtures/engines/gomocup_dropping.py, which drops the first word it reads within
WINDOW seconds of printing a move, as Rapfi drops one read before it marks its search done."""
from __future__ import annotations

import sys
from pathlib import Path

from bots.lib.engine_process import EngineProcess
from bots.lib.gomocup_client import SETTLE, GomocupClient
from game.rules.gomoku import Gomoku

DROPPING = Path(__file__).parent / "fixtures" / "engines" / "gomocup_dropping.py"


def dropping(window: float, log: Path) -> EngineProcess:
    return EngineProcess([sys.executable, str(DROPPING), str(window)], name="dropping", log_path=log)


def play_at_once(client: GomocupClient, moves: int, budgets: list[float] | None = None) -> Gomoku:
    """``moves`` moves of the engine, each of ours (the first empty point from the bottom right) sent
    the moment the engine's move is read."""
    state = Gomoku(size=15)
    for turn in range(moves):
        budget = budgets[turn] if budgets else 1.0
        state.push(client.move(state, budget))
        state.push(max(state.legal_moves()))
    return state


def test_a_command_sent_the_moment_the_engine_has_moved_waits_until_it_can_be_read(tmp_path):
    log = tmp_path / "e.log"
    with dropping(SETTLE / 2, log) as process:
        state = play_at_once(GomocupClient(process), 4)    # its fifth would make five in a row
    assert len(state.move_stack) == 8
    text = log.read_text()
    assert "dropped" not in text and "ERROR" not in text


def test_a_dropped_turn_is_sent_again_and_the_engine_moves(tmp_path):
    log = tmp_path / "e.log"
    with dropping(60.0, log) as process:    # every first command after a move is dropped
        state = play_at_once(GomocupClient(process), 4)
    assert len(state.move_stack) == 8
    text = log.read_text()
    assert text.count("! DEBUG dropped TURN") == 3
    assert text.count("< ERROR Unknown command: ") == 3
    assert text.count("was dropped; sent again") == 3


def test_a_dropped_info_is_sent_again_with_the_next_move(tmp_path):
    log = tmp_path / "e.log"
    with dropping(60.0, log) as process:
        state = play_at_once(GomocupClient(process), 3, budgets=[1.0, 0.5, 0.5])
    assert len(state.move_stack) == 6
    text = log.read_text()
    assert "! DEBUG dropped INFO" in text and "< ERROR Unknown command: TIMEOUT_TURN" in text
    assert text.count("> INFO timeout_turn 500") == 2    # dropped with the second move, sent with the third
