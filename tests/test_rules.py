"""The rules interface, proven once for every game in the catalogue.

Each property runs over every registered game and, for games with options,
over several configurations drawn from its ``options_spec`` (the defaults,
then each other choice of each option in turn), so a new game gets all of it
by adding its line to ``catalogue.GAMES``. Hypothesis draws the random games.

``Tokens``, a tiny game defined here, has implicit passes (``writes_passes``
false) as an Othello transcript does; it runs through the same properties and
covers ``from_text``, ``moves_to_text`` and ``play_forced_passes`` where a
pass is left out of the text.
"""
from __future__ import annotations

import copy
import random
from typing import Any, Hashable, Mapping

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.catalogue import GameSpec, game_class, game_ids, two_seat_games
from game.rules.chinesecheckers import GOAL_FILLED
from game.rules.core import BadNotation, IllegalMove, Option, Outcome, State, Termination

#: No game of the catalogue lasts longer: the longest is Chinese Checkers, six players
#: with a turn limit of 400 (2400 turns).
MAX_PLIES = 5_000


# -- a game with implicit passes -------------------------------------------------------
class Tokens(State):
    """Each seat holds some lettered tokens and plays one a turn (``'b'``); a seat
    with none left must pass. The game ends when every token is played, and
    the seats score the tokens they played. Its transcripts leave passes out.

    The option ``hands`` deals the tokens: ``'ab-cdef-g'`` gives seat 0 a and
    b, seat 1 c to f, seat 2 g; the number of hands is the number of seats.
    """

    game_id = "tokens"
    title = "Tokens"
    options_spec = (Option("hands", "Hands", "ab-cdef-g", ("ab-cdef-g", "-abc-de", "abc-", "a-bcd")),)
    pass_move = ""
    writes_passes = False

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.hands: list[str] = self.options["hands"].split("-")
        self._moves: list[str] = []

    @classmethod
    def seats_for(cls, options: Mapping[str, Any]) -> int:
        return options["hands"].count("-") + 1

    @property
    def turn(self) -> int:
        return len(self._moves) % self.num_seats

    @property
    def move_stack(self) -> list[str]:
        return self._moves

    def legal_moves(self) -> list[str]:
        if self.outcome() is not None:
            return []
        return list(self.hands[self.turn]) or [self.pass_move]

    def push(self, move: Hashable) -> None:
        if move not in self.legal_moves():
            raise IllegalMove(f"{move!r} is not legal: {self.seat_name(self.turn)} holds {self.hands[self.turn]!r}")
        seat = self.turn
        self.hands[seat] = self.hands[seat].replace(move, "") if move else self.hands[seat]
        self._moves.append(move)

    def pop(self) -> str:
        if not self._moves:
            raise IllegalMove("no move to take back")
        move = self._moves.pop()
        seat = self.turn
        self.hands[seat] = "".join(sorted(self.hands[seat] + move))
        return move

    def outcome(self) -> Outcome | None:
        if any(self.hands):
            return None
        dealt = self.options["hands"].split("-")
        return Outcome((), "every token played", termination=Termination.NO_MOVES,
                       scores=tuple(len(hand) for hand in dealt))

    def key(self) -> Hashable:
        return tuple(self.hands), self.turn

    def copy(self) -> "Tokens":
        other = Tokens(**self.options)
        other.hands = list(self.hands)
        other._moves = list(self._moves)
        return other

    def move_to_str(self, move: Hashable) -> str:
        if not isinstance(move, str) or len(move) > 1:
            raise BadNotation(f"{move!r} is not a token")
        return move or "pass"

    def parse_move(self, text: str) -> str:
        word = text.strip().lower()
        if word == "pass":
            return self.pass_move
        if len(word) == 1 and word.isalpha():
            return word
        raise BadNotation(f"{text!r} is not a token: write its letter, or pass")

    def __str__(self) -> str:
        return " | ".join(hand or "-" for hand in self.hands)


class WrittenTokens(Tokens):
    """Tokens whose transcripts write every pass out."""

    writes_passes = True


# -- configurations -----------------------------------------------------------------------
def configurations(cls: type[State]) -> list[dict[str, Any]]:
    """The default options, then each other choice of each option with the rest at
    default (of a long list of choices, the first, the middle and the last)."""
    defaults = {option.name: option.default for option in cls.options_spec}
    configs = [defaults]
    for option in cls.options_spec:
        choices = option.choices
        if len(choices) > 4:
            choices = (choices[0], choices[len(choices) // 2], choices[-1])
        configs += [{**defaults, option.name: choice} for choice in choices if choice != option.default]
    return configs


def label(cls: type[State], options: Mapping[str, Any]) -> str:
    return cls.game_id + ("(" + ",".join(f"{k}={v}" for k, v in options.items()) + ")" if options else "")


GAME_CONFIGS = [(game_id, options) for game_id in game_ids() for options in configurations(game_class(game_id))]
CONFIGS = [pytest.param(game_class(game_id), options, id=label(game_class(game_id), options))
           for game_id, options in GAME_CONFIGS]
CONFIGS += [pytest.param(Tokens, options, id=label(Tokens, options)) for options in configurations(Tokens)]
SPECS = [pytest.param(game_id, options, id=label(game_class(game_id), options)) for game_id, options in GAME_CONFIGS]

#: Games are long: each draws one seed, not every choice, from hypothesis.
rngs = st.randoms(use_true_random=True)


def each_game(examples: int):
    """Run a property over every configuration with ``examples`` random games each
    (the test takes ``cls``, ``options`` and a random generator ``rng``)."""
    def wrap(test):
        return pytest.mark.parametrize("cls, options", CONFIGS)(
            settings(max_examples=examples, deadline=None)(given(rng=rngs)(test)))
    return wrap


def random_game(state: State, rng: random.Random, plies: int = MAX_PLIES) -> State:
    """Play random legal moves on ``state`` until it ends or ``plies`` have been played."""
    while len(state.move_stack) < plies and (moves := state.legal_moves()):
        state.push(rng.choice(moves))
    return state


def random_position(cls: type[State], options: Mapping[str, Any], rng: random.Random) -> State:
    """A random position: half the time early in a game, half the time its end."""
    return random_game(cls(**options), rng, rng.choice([rng.randrange(40), MAX_PLIES]))


def checkpoints(cls: type[State], options: Mapping[str, Any], rng: random.Random, count: int = 6):
    """Positions along one random game, as one state changed in place: its start,
    its end, every position with a single legal move (a pass, most often) and
    ``count`` more at random. A caller may push and pop as long as it puts the
    position back."""
    state = cls(**options)
    forced = set()
    while moves := state.legal_moves():
        if len(moves) == 1:
            forced.add(len(state.move_stack))
        state.push(rng.choice(moves))
    played = list(state.move_stack)
    stops = forced | {0, len(played)} | {rng.randrange(len(played) + 1) for _ in range(count)}
    replay = cls(**options)
    for ply in range(len(played) + 1):
        if ply in stops:
            yield replay
        if ply < len(played):
            replay.push(played[ply])


def change(state: State, rng: random.Random) -> None:
    """Play a random move, or take the last one back if the game is over."""
    if moves := state.legal_moves():
        state.push(rng.choice(moves))
    else:
        state.pop()


def snapshot(state: State) -> tuple:
    """What a caller sees of a position."""
    return (state.key(), state.turn, list(state.move_stack), state.legal_moves(), state.outcome(), str(state),
            dict(state.options))


def contents(state: State) -> dict[str, Any]:
    """Every attribute of the state, each copied (one level deep) so later changes do not reach it."""
    return {name: copy.copy(value) for name, value in vars(state).items()}


# -- games end -----------------------------------------------------------------------
@each_game(examples=4)
def test_random_games_end_with_an_outcome_naming_valid_seats_places_and_scores(cls, options, rng):
    state = cls(**options)
    seats = range(state.num_seats)
    while moves := state.legal_moves():
        assert state.outcome() is None and state.turn in seats
        state.push(rng.choice(moves))
        assert len(state.move_stack) <= MAX_PLIES, f"{label(cls, options)} is still going after {MAX_PLIES} moves"
    assert state.is_over() and not state.is_legal(state.move_stack[-1])
    outcome = state.outcome()
    assert isinstance(outcome.termination, Termination)
    assert isinstance(outcome.reason, str) and outcome.reason
    assert set(outcome.winners) <= set(seats) and len(set(outcome.winners)) == len(outcome.winners)
    ranked = [seat for group in outcome.ranking for seat in group]
    assert all(group for group in outcome.ranking)
    assert not ranked or sorted(ranked) == list(seats)
    assert not outcome.ranking or set(outcome.winners) <= set(outcome.ranking[0])
    places = outcome.places(state.num_seats)
    assert len(places) == state.num_seats and all(1 <= place <= state.num_seats for place in places)
    assert all(places[seat] == 1 for seat in outcome.winners)
    assert all(outcome.result_for(seat) in ("win", "draw", "loss") for seat in seats)
    assert outcome.scores == () or len(outcome.scores) == state.num_seats
    assert isinstance(state.scores_text(outcome), str) and bool(state.scores_text(outcome)) == bool(outcome.scores)


@each_game(examples=3)
def test_opening_moves_are_legal_moves_and_there_are_some_while_the_game_goes_on(cls, options, rng):
    for state in checkpoints(cls, options, rng, count=4):
        legal = state.legal_moves()
        opening = state.opening_moves()
        assert set(opening) <= set(legal) and bool(opening) == bool(legal)


# -- taking back --------------------------------------------------------------------------
@each_game(examples=4)
def test_push_then_pop_restores_the_exact_state(cls, options, rng):
    start = snapshot(cls(**options))
    for state in checkpoints(cls, options, rng):
        moves = state.legal_moves()
        for move in rng.sample(moves, min(3, len(moves))):
            before, inside = snapshot(state), contents(state)
            state.push(move)
            after = snapshot(state)
            assert state.pop() == move
            assert snapshot(state) == before and contents(state) == inside
            state.push(move)
            assert snapshot(state) == after
            state.pop()
    played = list(state.move_stack)
    assert [state.pop() for _ in played] == played[::-1]
    assert snapshot(state) == start
    with pytest.raises(IllegalMove):
        state.pop()


@each_game(examples=5)
def test_copy_is_independent_of_the_original(cls, options, rng):
    state = random_position(cls, options, rng)
    other = state.copy()
    assert type(other) is cls and other.options == state.options
    assert snapshot(other) == snapshot(state) and contents(other) == contents(state)
    original = snapshot(state), contents(state)
    change(other, rng)
    assert (snapshot(state), contents(state)) == original
    copied = snapshot(other), contents(other)
    change(state, rng)
    assert (snapshot(other), contents(other)) == copied


# -- notation ------------------------------------------------------------------------------
@each_game(examples=5)
def test_every_legal_and_played_move_round_trips_through_its_notation(cls, options, rng):
    state = random_position(cls, options, rng)
    for move in [*state.legal_moves(), *state.move_stack]:
        text = state.move_to_str(move)
        assert isinstance(text, str) and text.strip() == text and text
        assert state.parse_move(text) == move


@each_game(examples=5)
def test_the_whole_game_text_rebuilds_the_game(cls, options, rng):
    state = random_position(cls, options, rng)
    text = state.to_text()
    again = cls.from_text(text, **state.options)
    state.play_forced_passes()
    assert list(again.move_stack) == list(state.move_stack)
    assert again.key() == state.key() and again.to_text() == text
    rebuilt = eval(repr(state), {cls.__name__: cls})  # noqa: S307 - the repr's own contract
    assert snapshot(rebuilt) == snapshot(state)


# -- passes -----------------------------------------------------------------------------------
@each_game(examples=4)
def test_a_pass_is_legal_only_as_the_only_move(cls, options, rng):
    for state in checkpoints(cls, options, rng, count=20):
        moves = state.legal_moves()
        forced = state.pass_move is not None and moves == [state.pass_move]
        assert state.must_pass() == forced
        assert [m for m in moves if state.is_pass(m)] == ([state.pass_move] if forced else [])
        if state.pass_move is not None:
            assert state.is_pass(state.pass_move) and state.is_legal(state.pass_move) == forced
            if not forced:
                before = snapshot(state)
                with pytest.raises(IllegalMove):
                    state.push(state.pass_move)
                assert snapshot(state) == before


@each_game(examples=3)
def test_repr_str_and_seat_names_do_not_raise(cls, options, rng):
    state = random_position(cls, options, rng)
    assert repr(state) and str(state)
    names = [state.seat_name(seat) for seat in range(state.num_seats)]
    assert all(names) and len(set(names)) == len(names)
    assert repr(state.outcome())


# -- seats ------------------------------------------------------------------------------------
@pytest.mark.parametrize("cls, options", CONFIGS)
def test_the_seat_range_holds_the_seat_count_of_every_choice(cls, options):
    state = cls(**options)
    low, high = cls.seat_range()
    assert low <= state.num_seats == cls.seats_for(state.options) <= high


@pytest.mark.parametrize("game_id", game_ids())
def test_two_seat_games_are_those_seating_two_whatever_the_options(game_id):
    cls = game_class(game_id)
    counts = {cls(**options).num_seats for options in configurations(cls)}
    assert (game_id in two_seat_games()) == (counts == {2}) == (cls.seat_range() == (2, 2))


# -- the text of a configured game ----------------------------------------------------------
@pytest.mark.parametrize("game_id, options", SPECS)
def test_game_spec_round_trips_and_starts_the_game_it_names(game_id, options):
    spec = GameSpec.of(game_id, **options)
    assert GameSpec.parse(str(spec)) == spec
    assert GameSpec.parse(str(spec).replace(",", " , ").replace("(", " ( ")) == spec
    state = spec.new_state()
    assert type(state) is game_class(game_id) and state.options == options
    assert GameSpec.of_state(state) == spec and spec.title == state.title
    assert str(spec).startswith(game_id) and all(f"{k}={v}" in str(spec) for k, v in options.items())


@pytest.mark.parametrize("game_id", game_ids())
def test_game_spec_of_a_bare_id_takes_every_default(game_id):
    cls = game_class(game_id)
    spec = GameSpec.parse(game_id)
    assert dict(spec.options) == cls.check_options({}) == GameSpec.parse(f"{game_id}()").new_state().options


def bad_specs() -> list:
    cases = [
        ("", "is not a game"),
        ("chess", "unknown game 'chess'"),
        ("chess(rows=5)", "unknown game 'chess'"),
        ("connect4 rows=5", "is not a game"),
        ("(rows=5)", "is not a game"),
        ("connect4(rows=5", "is not a game"),
        ("connect4(rows=99)", "rows='99' is not one of"),
        ("connect4(rows=5,rows=6)", "'rows' is given twice"),
    ]
    for game_id in game_ids():
        cases += [(f"{game_id}(nosuch=1)", "no option 'nosuch'"), (f"{game_id}(nosuch)", "not of the form name=value")]
        cases += [(f"{game_id}({option.name}=bogus)", f"{option.name}='bogus' is not one of")
                  for option in game_class(game_id).options_spec]
    return [pytest.param(text, message, id=text or "empty") for text, message in cases]


@pytest.mark.parametrize("text, message", bad_specs())
def test_a_bad_game_spec_names_the_problem(text, message):
    with pytest.raises(BadNotation, match=message.replace("(", r"\(")):
        GameSpec.parse(text)


# -- the core helpers, on Tokens ------------------------------------------------------------------
def test_forced_passes_are_played_by_from_text_and_left_out_of_the_text():
    # Seat 0 holds a, b; seat 1 c-f; seat 2 g. After a, c, g, b, d seat 2 and seat 0 have nothing left.
    state = Tokens.from_text("a c g b d e f")
    assert state.move_stack == ["a", "c", "g", "b", "d", "", "", "e", "", "", "f"]
    assert state.to_text() == "a c g b d e f"
    assert state.moves_to_text(["a", "", "c"]) == "a c"
    assert state.is_over() and state.outcome().scores == (2, 4, 1)
    assert state.scores_text(state.outcome()) == "2–4–1"


def test_a_transcript_that_writes_its_forced_passes_out_reads_as_one_that_leaves_them_out():
    written = Tokens.from_text("a c g b d pass pass e pass f")
    assert written.move_stack == Tokens.from_text("a c g b d e f").move_stack
    assert Tokens.from_text("a c g b d pass e").move_stack == Tokens.from_text("a c g b d e").move_stack
    with pytest.raises(BadNotation, match=r"move 2 \('pass'\)"):
        Tokens.from_text("a pass")       # seat 1 holds tokens: its pass is no forced one


def test_from_text_plays_the_passes_forced_before_the_first_move_and_after_the_last():
    assert Tokens.from_text("", hands="-abc-de").move_stack == [""]
    state = Tokens.from_text("a", hands="-abc-de")
    assert state.move_stack == ["", "a"] and state.turn == 2 and not state.must_pass()
    state = Tokens.from_text("a d", hands="-abc-de")
    assert state.move_stack == ["", "a", "d", ""] and state.turn == 1


def test_play_forced_passes_plays_every_forced_pass_and_stops_at_a_seat_that_can_move():
    state = Tokens(hands="ab-cdef-g")
    for move in "acgbd":
        state.push(move)
    assert state.must_pass() and state.turn == 2
    state.play_forced_passes()
    assert state.move_stack[-2:] == ["", ""] and state.turn == 1 and not state.must_pass()
    state.play_forced_passes()
    assert len(state.move_stack) == 7


def test_where_passes_are_written_they_are_read_and_never_played_unasked():
    state = WrittenTokens.from_text("a c g b d pass pass e")
    assert state.move_stack == ["a", "c", "g", "b", "d", "", "", "e"]
    assert state.to_text() == "a c g b d pass pass e"
    state.push("")
    assert state.must_pass()
    state.play_forced_passes()
    assert state.must_pass() and state.move_stack[-1] == ""
    with pytest.raises(BadNotation, match=r"move 6 \('e'\)"):
        WrittenTokens.from_text("a c g b d e")


def test_from_text_numbers_the_bad_word_not_the_ply():
    with pytest.raises(BadNotation, match=r"move 6 \('z'\)"):
        Tokens.from_text("a c g b d z")
    with pytest.raises(BadNotation, match=r"move 2 \('x!'\)"):
        Tokens.from_text("a x!")


def test_a_pass_with_a_token_in_hand_is_illegal():
    state = Tokens()
    assert not state.is_legal("") and not state.must_pass()
    with pytest.raises(IllegalMove):
        state.push("")


def test_games_without_a_pass_have_none():
    state = game_class("tictactoe")()
    assert state.pass_move is None and not state.must_pass()
    assert not any(state.is_pass(move) for move in state.legal_moves())
    state.play_forced_passes()
    assert state.move_stack == []


def test_the_seat_count_follows_the_options_and_its_range_spans_every_choice():
    assert Tokens(hands="abc-").num_seats == 2 and Tokens().num_seats == 3
    assert Tokens.seat_range() == (2, 3)


@pytest.mark.parametrize("outcome, places", [
    (Outcome((1,), "won", termination=Termination.LINE), [2, 1]),
    (Outcome((), "draw", termination=Termination.BOARD_FULL), [1, 1, 1]),
    (Outcome((0, 2), "shared", termination=Termination.TURN_LIMIT), [1, 3, 1]),
    (Outcome((2,), "ranked", ranking=((2,), (0, 3), (1,)), termination=GOAL_FILLED), [2, 4, 1, 2]),
])
def test_places_come_from_the_ranking_or_else_the_winners(outcome, places):
    assert outcome.places(len(places)) == places


def test_a_game_names_its_own_ending_which_compares_by_its_words():
    captured = Termination("no pieces left")
    assert captured == Termination("no pieces left") and captured.value == "no pieces left"
    assert captured != Termination.NO_MOVES and captured not in (Termination.RESIGNATION, Termination.AGREED_DRAW)
    assert Outcome((0,), "Black took every piece", termination=captured).termination == Termination("no pieces left")
    assert GOAL_FILLED.value == "goal filled" and Termination.LINE.value == "line made"


@pytest.mark.parametrize("words", ["", "   ", "two\nlines", "[resignation]", "x" * 41, None])
def test_an_ending_that_is_not_one_short_line_of_words_is_refused(words):
    with pytest.raises(ValueError, match="is not a termination"):
        Termination(words)
