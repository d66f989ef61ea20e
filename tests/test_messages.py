"""The messages between the arcade and its child processes: each survives the wire,
a position travels as its moves and comes back the same, and bytes that are no
message of the conversation are one ``WireError`` saying what is wrong."""
from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import given, settings, strategies as st

from game.match import messages as m
from game.rules.bot import AT_LEAST, AT_MOST, MoveValue
from game.rules.catalogue import game_ids, new_state
from game.rules.reversi import Reversi
from game.rules.tictactoe import TicTacToe

JUDGED = {"b2": m.Judgement(0.0, "at least a draw", True, AT_LEAST), "a1": m.Judgement(-0.5, "-0.50", False, 0)}
EXAMPLES = [
    (m.ToWorker, m.Ask("analyse", 3, m.Position("game.rules.tictactoe:TicTacToe", {}, "", ["b2"]), 1.5)),
    (m.ToWorker, m.NewGame()),
    (m.FromWorker, m.Ready(12.5)), (m.FromWorker, m.Failed("raised ValueError: boom")),
    (m.FromWorker, m.Started(3, 13.0)), (m.FromWorker, m.Partial(3, JUDGED)),
    (m.FromWorker, m.Chose(3, "b2", 0.25)), (m.FromWorker, m.Valued(3, JUDGED, 0.5)),
    (m.FromWorker, m.Raised(3, "called sys.exit(3)", 0.0)), (m.FromWorker, m.NewGameDone()),
    (m.ToWarmUp, m.Skip(["A"])), (m.ToWarmUp, m.First(["B", "C"])), (m.ToWarmUp, m.Hold(True)),
    (m.FromWarmUp, m.Start("A")), (m.FromWarmUp, m.Compiling("A")), (m.FromWarmUp, m.WarmedUp("A", None, 1.5)),
    (m.FromWarmUp, m.Later("A")), (m.FromWarmUp, m.LaterDone("A", "its warm_up_later() raised", 0.5)),
    (m.FromWarmUp, m.Finished()),
    (m.Search, m.Search("/bots", ["a.py"], {"ABot": "a.py"}, [m.Check("ABot", {"depth": 2})], ["/x"])),
    (m.FromSearch, m.Importing("a.py")),
    (m.FromSearch, m.Listed("a.py", [m.BotInfo("ABot", "bots.a", "A", ("tictactoe",), "plays", "bots/a.py", None,
                                                (m.BotParam("depth", False, 2), m.BotParam("book", True)),
                                                False, True, True)], [("bots/b.py", "syntax error at line 4: invalid syntax",
                                                  ["syntax error at line {line}: {error}",
                                                   {"line": "4", "error": "invalid syntax"}])])),
    (m.FromSearch, m.Constructing(0)), (m.FromSearch, m.Constructed(0, "ValueError: depth")),
    (m.FromSearch, m.Searched()),
]


@pytest.mark.parametrize("kind, message", EXAMPLES, ids=lambda value: type(value).__name__)
def test_every_message_decodes_to_itself(kind, message):
    assert m.decode(m.encode(message), kind) == message


def test_judgements_keep_estimates_proven_values_and_bounds_apart():
    values = m.decode(m.encode(m.Valued(1, {"a": m.Judgement(1.0, "win", True, AT_MOST)}, 0.1)), m.FromWorker).values
    assert values["a"].move_value() == MoveValue(1.0, "win", True, AT_MOST)


@pytest.mark.parametrize("data, words", [
    (b"\xc1", "not a message"),
    ({"type": "launch_missiles"}, "Invalid value 'launch_missiles'"),
    ({"type": "chose", "id": 1, "move": "b2"}, "missing required field `seconds`"),
    ({"type": "chose", "id": 1, "move": "b2", "seconds": 0.1, "exec": "rm -rf /"}, "unknown field `exec`"),
    ({"type": "valued", "id": 1, "seconds": 0.1, "values": {"b2": {"score": 1.0, "text": "win", "exact": True}}},
     "missing required field `bound`"),
    ({"type": "valued", "id": 1, "seconds": 0.1,
      "values": {"b2": {"score": float("nan"), "text": "?", "exact": False, "bound": 0}}}, "Expected `float`"),
    ({"type": "valued", "id": 1, "seconds": 0.1,
      "values": {"b2": {"score": 1.0, "text": "?", "exact": False, "bound": 2}}}, "Invalid enum value 2"),
    ({"type": "started", "id": 1, "at": float("inf")}, "Expected `float`"),
    ({"type": "skip", "keys": ["A"]}, "Invalid value 'skip'"),   # the arcade's word, not the worker's
    (("done", 1, "b2", 0.1), "not a message but a tuple"),
])
def test_what_is_not_a_message_of_the_conversation_is_one_error_naming_it(data, words):
    raw = data if isinstance(data, (bytes, tuple)) else msgspec.msgpack.encode(data)
    with pytest.raises(m.WireError, match=words.replace("(", r"\(").replace("[", r"\[")):
        m.decode(raw, m.FromWorker)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_raise_nothing_but_wire_error(data):
    for kind in (m.FromWorker, m.FromWarmUp, m.FromSearch):
        try:
            m.decode(data, kind)
        except m.WireError:
            pass


@pytest.mark.parametrize("game_id, options", [(game_id, {}) for game_id in game_ids()]
                         + [("chinesecheckers", {"players": 6})])
def test_a_position_comes_back_as_the_same_game_with_the_same_moves(game_id, options):
    state, rng = new_state(game_id, **options), random.Random(7)
    while not state.is_over() and len(state.move_stack) < 300:
        state.push(rng.choice(state.legal_moves()))
    sent = m.decode(m.encode(m.Ask("move", 1, m.Position.of(state), 1.0)), m.ToWorker).position
    rebuilt = sent.state()
    assert type(rebuilt) is type(state) and rebuilt.options == state.options
    assert list(rebuilt.move_stack) == list(state.move_stack) and rebuilt.key() == state.key()


def test_a_set_up_position_and_its_passes_come_back():
    state = Reversi.read("XO-" + "X" * 61 + " O")   # White cannot move: Black plays after a pass
    state.play_text("c1")
    assert state.is_pass(state.move_stack[0])
    rebuilt = m.Position.of(state).state()
    assert rebuilt.start_text == state.start_text and rebuilt.key() == state.key()
    assert list(rebuilt.move_stack) == list(state.move_stack)


def test_a_position_follows_an_earlier_one_only_if_it_is_the_same_game_played_on():
    earlier = m.Position.of(TicTacToe.from_text("b2 a1"))
    assert m.Position.of(TicTacToe.from_text("b2 a1 c3")).follows(earlier)
    assert not m.Position.of(TicTacToe.from_text("b2")).follows(earlier)             # a move taken back
    assert not m.Position.of(TicTacToe.from_text("b2 c3 a1")).follows(earlier)       # another game
    later = m.Position.of(TicTacToe.from_text("b2 a1 c3 a3"))
    state = earlier.state()
    later.play(state, len(earlier.moves))
    assert state.key() == later.state().key() and len(state.move_stack) == 4
    assert list(state.move_stack) == list(TicTacToe.from_text("b2 a1 c3 a3").move_stack)


def test_text_with_lone_surrogates_crosses_as_the_screen_shows_it_not_as_a_failure():
    sent = m.Raised(3, "boom \ud800 and \ud83d\ude00", 0.25)
    got = m.decode(m.encode(sent), m.FromWorker)
    assert got == m.Raised(3, "boom \ufffd and \U0001F600", 0.25)
