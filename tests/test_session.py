"""The match session, headless: whole games with mixed seats, undo against a bot,
a bot failing mid-game, forced passes, hints, and results counted once.

Bots run in real worker processes (about half a second each to start).
"""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.match.botregistry import BotRegistry
from game.match.record import Match, Player
from game.match.runner import BotSpec
from game.match.session import (BotStuck, GameOver, HintFailed, HintReady, MatchSession, MovePlayed,
                                 PositionChanged, SeatsChanged, Session, Waiting)
from game.rules.chinesecheckers import NAMES, ChineseCheckers
from game.rules.connect4 import ConnectFour
from game.rules.core import IllegalMove
from game.rules.reversi import Reversi
from game.rules.tictactoe import TicTacToe
from tests.chinesecheckers_games import position
from tests.session_helpers import session_mismatches

FIXTURES = Path(__file__).parent / "fixtures"


def spec(key: str, module: str, label: str, budget: float = 1.0, **params) -> BotSpec:
    return BotSpec(key, module, params, label, budget, seed=7)


EASY_TTT = spec("TicTacToeEasy", "bots.tictactoe_easy", "Easy")
MASTER_TTT = spec("TicTacToePerfect", "bots.tictactoe_perfect", "Master")
EASY_C4 = spec("ConnectFourEasy", "bots.connect4_easy", "Easy")
EASY_CC = spec("ChineseCheckersEasy", "bots.chinesecheckers_easy", "Easy")
MEDIUM_CC = spec("ChineseCheckersGreedy", "bots.chinesecheckers_greedy", "Medium")


def drive(session: MatchSession, human, limit: int = 2000) -> list:
    """Play to the end: ``human(state)`` chooses each human move; bots and passes
    are played as soon as they are ready. Returns every event."""
    events = []
    for _ in range(limit):
        if session.is_over:
            break
        waiting = session.waiting()
        if waiting is Waiting.HUMAN:
            session.play(human(session.state))
        else:
            session.wait(timeout=60)
            session.play_ready()
        events += session.events()
    return events + session.events()


def first_legal(state):
    return state.legal_moves()[0]


def random_legal(seed: int):
    rng = random.Random(seed)
    return lambda state: rng.choice(state.legal_moves())


@pytest.mark.parametrize("state, players, bots", [
    (TicTacToe(), [Player.human(), Player.of_bot("Easy")], {1: EASY_TTT}),
    (ConnectFour(), [Player.of_bot("Easy"), Player.human()], {0: EASY_C4}),
    (ChineseCheckers(players=3), [Player.human(), Player.of_bot("Easy"), Player.of_bot("Medium")],
     {1: EASY_CC, 2: MEDIUM_CC}),
], ids=["tictactoe", "connect4", "chinesecheckers-3"])
def test_a_whole_game_with_a_human_and_bots_reports_every_move_once_and_the_result_once(state, players, bots):
    with MatchSession(Match(state, players), bots) as session:
        events = drive(session, random_legal(3))
    played = [e for e in events if isinstance(e, MovePlayed)]
    assert [e.record for e in played] == session.records
    assert [e.record.move for e in played] == list(session.state.move_stack)
    for event in played:
        kind = players[event.record.seat].kind
        assert event.by in (kind, "pass") and event.failure is None
    overs = [e for e in events if isinstance(e, GameOver)]
    assert len(overs) == 1 and overs[0].counts and overs[0].outcome == session.outcome()
    assert isinstance(events[-1], GameOver)


def test_a_move_is_refused_when_a_bot_is_to_move_or_illegal_and_nothing_changes():
    session = MatchSession(Match(TicTacToe(), [Player.human(), Player.of_bot("Easy")]), {1: EASY_TTT})
    with pytest.raises(IllegalMove):
        session.play(99)
    session.play(4)
    with pytest.raises(IllegalMove, match="Easy is to move"):
        session.play(0)
    assert session.state.to_text() == "b2" and session.waiting() is Waiting.BOT
    session.close()


def test_undo_against_a_bot_goes_back_to_the_humans_turn_and_redo_replays_it():
    with MatchSession(Match(TicTacToe(), [Player.human(), Player.of_bot("Master")]), {1: MASTER_TTT}) as session:
        session.play(4)
        session.wait(timeout=60)
        session.play_ready()
        session.play(0)
        session.wait(timeout=60)
        session.events()
        assert session.waiting() is Waiting.READY     # the bot's answer waits to be played
        assert session.undo()
        # The bot's unplayed answer is dropped, and the human's last move taken back.
        assert session.state.to_text() == "b2 " + session.records[1].text
        assert session.waiting() is Waiting.HUMAN
        session.play_ready()
        assert len(session.records) == 2
        assert session.undo()
        assert session.state.move_stack == [] and session.waiting() is Waiting.HUMAN
        events = session.events()
        assert [type(e) for e in events] == [PositionChanged, PositionChanged]
        assert [len(e.records) for e in events] == [1, 2]
        assert session.redo() and len(session.records) == 2
        assert session.redo() and len(session.records) == 3 and not session.redo()


def test_a_bot_failing_mid_game_costs_it_a_random_move_and_the_game_goes_on():
    registry = BotRegistry.discover(FIXTURES / "bots_session")
    flaky = BotSpec.of(registry.get("SecondMoveFails"), budget=1.0, seed=1)
    with MatchSession(Match(TicTacToe(), [Player.of_bot("Flaky"), Player.human()]), {0: flaky}) as session:
        events = drive(session, first_legal)
    bot_moves = [e for e in events if isinstance(e, MovePlayed) and e.by == "bot"]
    assert bot_moves[0].failure is None
    failure = bot_moves[1].failure
    assert failure is not None and "RuntimeError: lost its way on move 2" in failure
    assert bot_moves[1].record.note.endswith("a random move was played")
    assert session.is_over and any(isinstance(e, GameOver) for e in events)


def boxed_in() -> ChineseCheckers:
    """Red's only marble is boxed in at the bottom tip: passing is all Red can do."""
    return position(marbles={0: ["e1"], 1: ["e2", "f2", "e3", "g3", "i9"]})


def test_a_forced_pass_is_ready_by_itself_and_undo_goes_back_over_it():
    session = MatchSession(Match(boxed_in(), [Player.human(), Player.human("Teal")]))
    assert session.waiting() is Waiting.READY
    ready = session.ready()
    assert ready.by == "pass" and ready.record.text == "pass" and ready.record.seat == 0
    session.play_ready()
    teal = next(m for m in session.state.legal_moves() if NAMES[m[0]] == "i9")
    session.play(teal)
    assert session.waiting() is Waiting.READY       # Red still boxed in
    session.play_ready()
    assert [r.text for r in session.records] == ["pass", NAMES[teal[0]] + "-" + NAMES[teal[-1]], "pass"]
    session.undo()     # hot seat: one move, then over Red's pass, which was no choice
    assert [r.text for r in session.records] == ["pass"] and session.state.turn == 1
    assert session.redo() and len(session.records) == 3    # one redo brings both back
    assert not session.can_redo()


def test_a_forced_pass_played_by_the_player_leaves_nothing_ready_for_the_next_seat():
    session = MatchSession(Match(boxed_in(), [Player.human(), Player.human("Teal")]))
    assert session.ready().by == "pass"
    session.play(session.state.pass_move)       # a remote player's client may send the pass itself
    assert session.waiting() is Waiting.HUMAN and session.ready() is None and session.state.turn == 1


def test_a_bot_that_must_pass_is_not_asked():
    asked = []

    class Recorder:
        def __init__(self, spec):
            self.spec = spec
            asked.append(spec)

    state = boxed_in()
    session = MatchSession(Match(state, [Player.of_bot("Easy"), Player.human()]), {0: EASY_CC},
                           make_runner=Recorder)
    session.poll()
    assert session.ready().by == "pass" and asked == []
    session.play_ready()
    assert session.records[0].text == "pass"


def test_a_result_is_counted_once_even_when_undo_and_redo_bring_it_back():
    session = MatchSession(Match(TicTacToe(), [Player.human("Ann"), Player.human("Bob")]))
    for move in (0, 3, 1, 4, 2):        # a1 a2 b1 b2 c1: X's top row
        session.play(move)
    assert [e.counts for e in session.events() if isinstance(e, GameOver)] == [True]
    session.undo()
    session.redo()
    assert [e.counts for e in session.events() if isinstance(e, GameOver)] == [False]
    session.restart()
    session.redo()      # the restart taken back: the same finished game, counted already
    assert [e.counts for e in session.events() if isinstance(e, GameOver)] == [False]
    session.restart()
    for move in (0, 3, 1, 4, 2):
        session.play(move)
    assert [e.counts for e in session.events() if isinstance(e, GameOver)] == [True]


def ttt_game(*moves: int) -> TicTacToe:
    state = TicTacToe()
    for move in moves:
        state.push(move)
    return state


def test_a_pasted_finished_game_is_shown_but_not_counted_and_a_prefix_keeps_the_moves_played():
    session = MatchSession(Match(TicTacToe(), [Player.human("Ann"), Player.human("Bob")]))
    session.play(4)
    session.paste(ttt_game(4, 0, 8))
    assert session.state.move_stack == [4, 0, 8]
    assert [(len(e.records), e.new_game) for e in session.events() if isinstance(e, PositionChanged)] == [(2, False)]
    session.paste(ttt_game(0, 3, 1, 4, 2))
    events = session.events()
    assert [e.new_game for e in events if isinstance(e, PositionChanged)] == [True]   # a new game: replaced
    assert [e.counts for e in events if isinstance(e, GameOver)] == [False]
    assert session.state.move_stack == [0, 3, 1, 4, 2]


def test_a_pasted_position_becomes_the_start_that_restart_returns_to():
    session = MatchSession(Match(Reversi(), [Player.human("Ann"), Player.human("Bob")]))
    session.play(Reversi().parse_move("f5"))
    position = "OX" + "-" * 62 + " X"          # Black must pass; White to play c1
    session.paste(Reversi.read(position + " c1"))
    assert session.state.start_text == position
    assert [session.state.move_to_str(m) for m in session.state.move_stack] == ["pass", "c1"]
    assert [e.new_game for e in session.events() if isinstance(e, PositionChanged)] == [True]
    session.restart()
    assert session.state.position_text() == position and session.state.move_stack == []
    assert session.redo() and session.state.to_text() == "c1"


def test_swapping_seats_moves_players_and_their_bots_and_restarts():
    match = Match(TicTacToe(), [Player.human(), Player.of_bot("Easy")])
    session = MatchSession(match, {1: EASY_TTT})
    session.play(4)
    session.swap_seats()
    assert [p.kind for p in session.players] == ["bot", "human"] and set(session.specs) == {0}
    assert session.records == [] and session.waiting() is Waiting.BOT
    assert [type(e) for e in session.events()][-2:] == [SeatsChanged, PositionChanged]
    session.close()


def test_hints_judge_the_humans_position_and_say_when_they_cannot():
    with MatchSession(Match(TicTacToe(), [Player.human(), Player.of_bot("Easy")]), {1: EASY_TTT}) as session:
        session.play_ready()
        session.request_hint(MASTER_TTT)
        assert session.hint_pending
        session.wait_hint(timeout=60)
        [hint] = [e for e in session.events() if isinstance(e, (HintReady, HintFailed))]
        assert isinstance(hint, HintReady) and session.state.is_legal(hint.move)
        assert hint.detail == hint.values[hint.move].text and set(hint.values) == set(session.state.legal_moves())
        session.play(hint.move)
        assert session.hint_unavailable() == "Hints are for your moves: Easy is to move"
        with pytest.raises(ValueError, match="Easy is to move"):
            session.request_hint(MASTER_TTT)


def test_a_bot_that_gives_no_legal_move_stops_the_game_until_the_player_acts():
    class NoMoveRunner:
        busy = False
        starting = False

        def __init__(self, spec):
            self.spec = spec

        def start(self):
            return self

        def request(self, state, kind="move", budget=None):
            self.busy = True

        def poll(self):
            from game.match.runner import BotReply
            self.busy = False
            return BotReply("move", None, failure="gone")

        def cancel(self, restart=None):
            self.busy = False

        def new_game(self):
            pass

        def close(self):
            pass

    session = MatchSession(Match(TicTacToe(), [Player.of_bot("Odd"), Player.human()]), {0: EASY_TTT},
                           make_runner=NoMoveRunner).start()
    session.poll()
    assert session.waiting() is Waiting.STUCK and session.play_ready() is None
    assert [type(e) for e in session.events()] == [BotStuck]
    with pytest.raises(RuntimeError, match="Odd gave no legal move"):
        session.wait()          # an arena stops instead of waiting for ever
    session.retry()
    assert session.waiting() is Waiting.BOT
    session.poll()              # asked again: no move again
    assert session.waiting() is Waiting.STUCK
    session.restart()
    assert session.waiting() is Waiting.BOT


SLOW_PROVER = BotSpec("SlowProver", "slow_prover", {}, "Prover", 0.25,
                      path=str(FIXTURES / "bots_connect4" / "slow_prover.py"))


def test_a_hint_that_proved_only_some_moves_fills_in_with_more_time():
    with MatchSession(Match(ConnectFour(), [Player.human(), Player.human()])) as session:
        session.request_hint(SLOW_PROVER)
        hints = []
        while not hints or hints[-1].refining:
            session.wait_hint(timeout=60)
            hints += [e for e in session.events() if isinstance(e, HintReady)]
        assert [len(hint.values) for hint in hints] == [1, 2, 4, 7]
        assert [hint.refining for hint in hints] == [True, True, True, False]
        assert hints[0].move != 0 and hints[0].detail == "not valued yet"   # an unknown column before the loss
        assert hints[0].position.text == "not proven (1 of 7 moves valued)" and not hints[0].position.proven
        assert hints[-1].position.text == "draw" and hints[-1].position.exact and not session.hint_refining


def test_a_move_played_while_a_hint_fills_in_drops_the_rest():
    with MatchSession(Match(ConnectFour(), [Player.human(), Player.human()])) as session:
        session.request_hint(SLOW_PROVER)
        session.wait_hint(timeout=60)
        [hint] = [e for e in session.events() if isinstance(e, HintReady)]
        assert hint.refining and session.hint_refining
        session.play(3)
        assert not session.hint_refining and not session.hint_pending
        session.poll()
        assert not [e for e in session.events() if isinstance(e, HintReady)]


def test_a_hint_of_estimates_only_is_not_asked_again():
    state = ChineseCheckers(players=2)
    with MatchSession(Match(state, [Player.human(), Player.human()])) as session:
        session.request_hint(MEDIUM_CC)
        session.wait_hint(timeout=60)
        [hint] = [e for e in session.events() if isinstance(e, HintReady)]
        assert not hint.refining and not session.hint_refining and not hint.position.proven


def test_a_hint_whose_longer_try_proves_nothing_more_is_not_asked_again():
    stuck = BotSpec("StuckProver", "slow_prover", {}, "Stuck", 0.25, path=str(FIXTURES / "bots_connect4" / "slow_prover.py"))
    with MatchSession(Match(ConnectFour(), [Player.human(), Player.human()])) as session:
        session.request_hint(stuck)
        hints = []
        while not hints or hints[-1].refining:
            session.wait_hint(timeout=60)
            hints += [e for e in session.events() if isinstance(e, HintReady)]
        assert [hint.refining for hint in hints] == [True, False] and not session.hint_refining


def test_values_a_bot_reports_while_it_thinks_are_shown_before_its_answer():
    reporting = BotSpec("ReportingProver", "slow_prover", {}, "Reporter", 0.5,
                        path=str(FIXTURES / "bots_connect4" / "slow_prover.py"))
    with MatchSession(Match(ConnectFour(), [Player.human(), Player.human()])) as session:
        session.request_hint(reporting)
        hints = []
        while session.hint_pending or session.hint_refining:
            session.wait_hint(timeout=60)
            hints += [e for e in session.events() if isinstance(e, HintReady)]
        assert len(hints[0].values) == 1 and hints[0].refining and hints[0].detail == "not valued yet"
        assert len(hints[-1].values) == 7 and not hints[-1].refining and hints[-1].position.text == "draw"


def test_a_match_session_is_the_session_the_play_screen_drives():
    assert len([name for name in vars(Session) if not name.startswith("_")]) >= 30
    with MatchSession(Match(TicTacToe(), [Player.human(), Player.of_bot("Easy")]), {1: EASY_TTT}) as session:
        assert session_mismatches(session) == []
