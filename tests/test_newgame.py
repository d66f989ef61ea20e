"""A sixth game added from outside the program, through its public API only.

Crossing (``tests/newgame``: a 4x4 connection game) is registered with
``catalogue.register_game`` and ``renderers.register_renderer`` and nothing
else: no bot, no ``config.yaml`` entry, no edit of the program. It is then
played against the bot that plays every game, whose tiers it gets, through
the match session, the arena, a save file, the LAN server over loopback and
the window, and its bot processes (discovery, workers) know it as well.
"""
from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.match.arena import run_arena
from game.match.botregistry import BotRegistry
from game.match.config import load_config
from game.match.record import Match, Player
from game.match.session import GameOver, HintReady, MatchSession, MovePlayed, Waiting
from game.match.supervisor import Child
from game.net import protocol as p
from game.net.server import SeatPlan
from game.rules.catalogue import GameSpec, game_ids, new_state, register_game, unregister_game
from game.rules.core import Termination
from game.store.savefile import load_match, save_match
from game.ui.renderers import renderer_for, unregister_renderer
from tests.net_helpers import Host
from tests.newgame import GAME_ID, register, register_board
from tests.fixtures.children import Say
from tests.newgame.probe import report_games
from tests.newgame.rules import Crossing

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module", autouse=True)
def crossing():
    """Crossing in the catalogue and the window for this module's tests only."""
    register()
    register_board()
    yield
    unregister_renderer(GAME_ID)
    unregister_game(GAME_ID)


@pytest.fixture(scope="module")
def bots() -> BotRegistry:
    """The program's own bots, found by the usual discovery process."""
    return BotRegistry.discover()


@pytest.fixture(scope="module")
def config(bots):
    return load_config(registry=bots)


def random_mover(seed: int):
    rng = random.Random(seed)
    return lambda state: rng.choice(state.legal_moves())


def test_the_registered_game_is_in_the_catalogue_after_the_shipped_ones():
    assert game_ids()[-1] == GAME_ID and len(game_ids()) == 6
    assert str(GameSpec.parse("crossing")) == "crossing"
    state = Crossing.from_text("a4 b4 a3 b3 a2 b2 a1")
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.termination == Termination.LINE
    assert [state.move_to_str(c) for c in outcome.cells] == ["a4", "a3", "a2", "a1"]


def test_random_games_keep_the_rules_interface():
    rng = random.Random(9)
    endings = set()
    for _ in range(60):
        state, keys = Crossing(), []
        while state.outcome() is None:
            keys.append(state.key())
            state.push(rng.choice(state.legal_moves()))
        endings.add(state.outcome().termination)
        again = Crossing.from_text(state.to_text())
        assert again.key() == state.key() and again.outcome() == state.outcome()
        copy = state.copy()
        for key in reversed(keys):
            state.pop()
            assert state.key() == key
        assert copy.outcome() is not None and state.move_stack == []
    assert endings == {Termination.LINE, Termination.BOARD_FULL}


def test_registering_an_id_taken_by_another_game_is_refused():
    with pytest.raises(ValueError, match="'tictactoe' already has the rules game.rules.tictactoe:TicTacToe"):
        register_game("tictactoe", "tests.newgame.rules:Crossing")
    with pytest.raises(ValueError, match="'module:Class'"):
        register_game("crossing2", "tests.newgame.rules.Crossing")
    register_game(GAME_ID, "tests.newgame.rules:Crossing")           # the same pair again: no change
    assert game_ids().count(GAME_ID) == 1


def test_every_kind_of_child_process_knows_the_registered_game():
    spawned = Child.spawn(report_games, (), name="catalogue probe", reads=Say, start_timeout=60)
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
            "from game.match import messages as m\n"
            "from game.match.supervisor import interpreter_channel\n"
            "from game.rules.catalogue import game_ids\n"
            "from tests.fixtures.children import Say\n"
            "m.send(interpreter_channel(), Say(' '.join(game_ids())))\n")
    interpreter = Child.interpreter(code, name="catalogue probe", reads=Say, start_timeout=60)
    try:
        assert GAME_ID in spawned.receive(None).text.split()
        assert GAME_ID in interpreter.receive(None).text.split()
    finally:
        spawned.stop()
        interpreter.stop()


def test_the_bot_search_process_knows_the_registered_game(bots):
    players = {info.key for info in bots.for_game(GAME_ID)}
    # The example bot lists the two-player games when its file is imported: in the search process.
    assert {"AnyGameTreeSearch", "SparringPartner"} <= players
    assert not any("crossing" in str(problem) for problem in bots.problems)


def test_the_bot_for_every_game_plays_a_game_registered_after_the_bots_were_found(config, bots):
    register_game("later", "tests.newgame.rules:Crossing")
    try:
        assert "AnyGameTreeSearch" in {info.key for info in bots.for_game("later")}
        assert [t.name for t in config.game("later").tiers] == ["Easy", "Medium", "Hard"]
    finally:
        unregister_game("later")
    assert "later" not in game_ids()


def test_a_game_without_a_config_entry_gets_the_generic_bots_tiers_and_honest_hints(config, bots):
    game = config.game(GAME_ID)
    assert [t.name for t in game.tiers] == ["Easy", "Medium", "Hard"] and game.hint_tier == "Hard"
    labels = [choice.label for choice in config.seat_choices(GAME_ID, bots)]
    assert labels[:4] == ["Human", "Easy", "Medium", "Hard"]
    spec = config.bot_spec(GAME_ID, "Hard", bots)
    with MatchSession(Match(Crossing.from_text("b3 c3"), [Player.human(), Player.of_bot("Easy")])) as session:
        session.request_hint(spec)
        session.wait_hint(timeout=60)
        [hint] = [event for event in session.events() if isinstance(event, HintReady)]
    assert hint.values and set(hint.values) <= set(Crossing.from_text("b3 c3").legal_moves())
    assert all(not value.exact and value.text.endswith("(estimate)") for value in hint.values.values())
    assert not hint.position.proven


def test_a_whole_game_in_the_match_session_against_the_generic_bot(config, bots):
    spec = config.bot_spec(GAME_ID, "Easy", bots, seed=3)
    human = random_mover(1)
    with MatchSession(Match(new_state(GAME_ID), [Player.human(), Player.of_bot("Easy")]), {1: spec}) as session:
        events = []
        while not session.is_over:
            if session.waiting() is Waiting.HUMAN:
                session.play(human(session.state))
            else:
                session.wait(timeout=60)
                session.play_ready()
            events += session.events()
        events += session.events()
    played = [e for e in events if isinstance(e, MovePlayed)]
    assert [e.record.move for e in played] == list(session.state.move_stack)
    assert all(e.failure is None for e in played)
    assert {e.by for e in played if e.record.seat == 1} == {"bot"}
    assert len([e for e in events if isinstance(e, GameOver)]) == 1


def test_the_arena_plays_the_generic_tiers_against_each_other(config, bots):
    specs = [config.bot_spec(GAME_ID, tier, bots, seed=5) for tier in ("Easy", "Hard")]
    result = run_arena(GAME_ID, specs, 2, seed=5)
    easy, hard = result.sides
    assert easy.games == hard.games == 2
    assert easy.failures == hard.failures == 0
    assert easy.wins + easy.draws + easy.losses == 2 and easy.wins == hard.losses
    assert "Crossing: 2 games" in result.table()


def test_a_saved_game_loads_as_it_was(tmp_path):
    state = Crossing.from_text("b3 c3 b2")
    match = Match(state, [Player.human(), Player.of_bot("Medium")])
    path = tmp_path / "crossing.txt"
    save_match(match, path)
    assert "Game: crossing" in path.read_text()
    loaded = load_match(path)
    assert loaded.state.to_text() == "b3 c3 b2" and loaded.state.game_id == GAME_ID
    assert [(pl.kind, pl.label) for pl in loaded.players] == [("human", "Human"), ("bot", "Medium")]


def test_the_lan_server_hosts_it_with_a_generic_bot_seat():
    host = Host(GAME_ID, [SeatPlan.remote(), SeatPlan.bot("Easy")])
    try:
        ann = host.join("Ann")
        assert ann.client.invitation is not None
        state = new_state(GAME_ID)
        mover = random_mover(2)
        while state.outcome() is None:
            move = mover(state)
            ann.client.play(state.move_to_str(move), len(state.move_stack))
            assert ann.expect(p.Moved).move == state.move_to_str(move)
            state.push(move)
            if state.outcome() is None:
                reply = ann.expect(p.Moved)
                assert (reply.seat, reply.by) == (1, "bot")
                state.push(state.parse_move(reply.move))
        assert host.call(lambda: host.server.state.to_text()) == state.to_text()
        assert host.call(lambda: host.server.state.outcome()) == state.outcome()
    finally:
        host.stop()


def test_the_window_plays_it_by_clicks_against_the_generic_bot(make_app):
    d = make_app()
    d.click("play")
    d.settle()
    assert d.scene.name == "games"
    d.click(f"game:{GAME_ID}")
    d.settle()
    assert d.scene.name == "setup" and d.scene.seat_labels == ["Human", "Medium"]
    d.click("start")
    d.settle()
    assert d.scene.name == "play"
    renderer = d.scene.renderer
    d.key(pygame.K_h)                                # Hint, from the Hard tier the game got
    d.until(lambda: bool(d.scene.view.hint_values), what="the hint")
    assert all(not v.exact and v.text.endswith("(estimate)") for v in d.scene.view.hint_values.values())
    rng = random.Random(4)
    while not d.scene.state.is_over():
        d.until(lambda: d.scene.state.is_over() or d.scene.state.turn == 0, what="the bot's move")
        if d.scene.state.is_over():
            break
        before = len(d.scene.state.move_stack)
        cell = rng.choice(d.scene.state.legal_moves())
        d.click_at(renderer.cell_centre(cell))
        d.until(lambda: len(d.scene.state.move_stack) > before, what="the click's move")
        assert d.scene.state.move_stack[before] == cell
    assert d.scene.state.outcome() is not None
    assert type(renderer) is type(renderer_for(GAME_ID))
    assert not any(record.note for record in d.scene.match.records)     # no bot failed
