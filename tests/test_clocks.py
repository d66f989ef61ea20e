"""Clocks for people: time controls read and written, each kind charged as players expect,
a flag falling in a session, undo putting the times back, the game menu's pause, and bots
charged and kept from flagging. A fake clock moves only when told to: no test sleeps."""
from __future__ import annotations

import pytest

from game.match.clocks import (LOST_ON_TIME, BadTimeControl, Clock, SeatTime, TimeControl, clock_text,
                               lost_on_time, parse_times, times_text)
from game.match.record import Match, Player
from game.match.runner import BotReply, BotSpec
from game.match.session import GameOver, MatchSession, Waiting
from game.rules.chinesecheckers import ChineseCheckers
from game.rules.connect4 import ConnectFour
from game.rules.core import IllegalMove
from tests.table_helpers import Clock as FakeClock


def two_humans(control: str, state=None) -> tuple[MatchSession, FakeClock]:
    fake = FakeClock()
    state = state or ConnectFour()
    clock = Clock(TimeControl.parse(control), state.num_seats, now=fake)
    players = [Player.human("Ann"), Player.human("Bob")][:state.num_seats]
    players += [Player.human(f"P{n}") for n in range(len(players), state.num_seats)]
    return MatchSession(Match(state, players, clock=clock)), fake


# -- time controls --------------------------------------------------------------------------
@pytest.mark.parametrize("text, control, kind", [
    ("10", TimeControl(600), "sudden"),
    ("5+3", TimeControl(300, increment=3), "fischer"),
    ("3+2", TimeControl(180, increment=2), "fischer"),
    ("5+3x30", TimeControl(300, periods=3, period=30), "byoyomi"),
    ("0:05+1", TimeControl(5, increment=1), "fischer"),
])
def test_time_controls_read_and_write_back(text, control, kind):
    assert TimeControl.parse(text) == control
    assert control.kind == kind
    assert TimeControl.parse(control.text) == control


def test_no_time_control_and_bad_ones():
    assert TimeControl.parse("none") is None and TimeControl.parse("") is None
    for bad in ("five", "5+", "5+3x", "0", "5:75", "-3"):
        with pytest.raises(BadTimeControl):
            TimeControl.parse(bad)


def test_labels_say_the_control_in_words():
    assert TimeControl.parse("5+3").label() == "5 min + 3 s"
    assert TimeControl.parse("10").label() == "10 min"
    assert TimeControl.parse("5+3x30").label() == "5 min + 3×30 s"


def test_clock_faces():
    assert clock_text(299.2) == "4:59"
    assert clock_text(3723) == "1:02:03"
    assert clock_text(9.46) == "9.4"
    assert clock_text(-1) == "0.0"


# -- the clock alone ------------------------------------------------------------------------
def test_only_the_seat_to_move_is_charged_and_fischer_adds_the_increment():
    fake = FakeClock()
    clock = Clock(TimeControl.parse("5+3"), 2, now=fake)
    clock.start(0)
    fake.advance(10)
    assert clock.left(0).main == pytest.approx(290) and clock.left(1).main == 300
    clock.moved()
    clock.start(1)
    fake.advance(4)
    clock.moved()
    assert [t.main for t in clock.times] == pytest.approx([293, 299])


def test_byo_yomi_periods_are_kept_when_a_move_is_made_within_one_and_lost_when_used_up():
    fake = FakeClock()
    clock = Clock(TimeControl.parse("0:10+3x30"), 2, now=fake)
    clock.start(0)
    fake.advance(10 + 25)            # main time gone, 25 s of the first period
    assert clock.left(0).periods == 3 and clock.left(0).shown == pytest.approx(5)
    clock.moved()
    assert clock.times[0] == SeatTime(0.0, 3, 30)       # moved within the period: kept, full again
    clock.start(0)
    fake.advance(65)                 # two periods used up, 5 s into the third
    assert clock.left(0).periods == 1 and clock.fallen() is None
    fake.advance(25)
    assert clock.fallen() == 0


def test_sudden_death_flag_falls_when_the_time_is_out():
    fake = FakeClock()
    clock = Clock(TimeControl.parse("1"), 2, now=fake)
    clock.start(1)
    fake.advance(59.9)
    assert clock.fallen() is None
    fake.advance(0.2)
    assert clock.fallen() == 1


def test_a_paused_clock_charges_nothing():
    fake = FakeClock()
    clock = Clock(TimeControl.parse("1"), 2, now=fake)
    clock.start(0)
    fake.advance(5)
    clock.pause()
    fake.advance(500)
    assert clock.left(0).main == pytest.approx(55)
    clock.resume()
    fake.advance(5)
    assert clock.left(0).main == pytest.approx(50)


def test_times_read_and_write_back():
    control = TimeControl.parse("5+3x30")
    times = [SeatTime(12.5, 3, 30), SeatTime(0.0, 1, 30)]
    assert parse_times(times_text(times), control, 2) == times
    with pytest.raises(ValueError):
        parse_times("12.5/3", control, 2)
    with pytest.raises(ValueError):
        parse_times("12.5/3, 0/9", control, 2)        # more periods than the control gives


# -- in a session ------------------------------------------------------------------------------
def test_the_seat_to_move_loses_on_time_with_a_clear_result():
    session, fake = two_humans("0:05+1")
    session.poll()
    session.play(3)               # Ann (Red) at once: 5 s + 1
    fake.advance(6.5)
    session.poll()
    assert session.is_over and session.waiting() is Waiting.OVER
    outcome = session.outcome()
    assert outcome.winners == (0,) and outcome.termination == LOST_ON_TIME
    assert outcome.reason == "Yellow lost on time"
    assert [e.counts for e in session.events() if isinstance(e, GameOver)] == [True]
    with pytest.raises(IllegalMove):
        session.play(3)


def test_a_move_made_after_the_flag_fell_is_refused_even_before_a_poll():
    session, fake = two_humans("0:05")
    session.poll()
    fake.advance(6)
    with pytest.raises(IllegalMove, match="time is up"):
        session.play(3)
    assert session.outcome().winners == (1,) and not session.records


def test_an_opening_decision_earns_no_increment_only_a_move_on_the_board_does():
    from game.rules.gomoku import Gomoku

    session, fake = two_humans("1+2", Gomoku(opening="rif", rule="renju", fifths=3))
    session.poll()
    for text in ("h8", "h9", "h10"):          # Ann's three opening stones: three moves, three increments
        fake.advance(1)
        session.play(session.state.parse_move(text))
    fake.advance(4)
    session.play("white")                     # Bob keeps White: a choice, no increment
    assert [t.main for t in session.clock.times] == pytest.approx([60 - 3 + 6, 60 - 4])
    fake.advance(1)
    session.play(session.state.parse_move("k12"))                 # Bob's fourth stone: +2
    for text in ("offer:g7", "offer:a1", "offer:a2"):             # Ann's fifth move, offered three ways: +2 once
        fake.advance(1)
        session.play(session.state.parse_move(text))
    fake.advance(1)
    session.play(session.state.parse_move("pick:a2"))             # Bob's pick: no increment
    assert [t.main for t in session.clock.times] == pytest.approx([63 - 3 + 2, 56 - 1 + 2 - 1])
    fake.advance(1)
    session.play(session.state.parse_move("b2"))                  # then Bob's sixth stone: +2
    assert session.clock.times[1].main == pytest.approx(56 - 1 + 2)


def test_undo_puts_each_seats_time_back_as_it_was_and_redo_brings_it_again():
    session, fake = two_humans("1+2")
    session.poll()
    fake.advance(10)
    session.play(3)               # Ann: 60 - 10 + 2 = 52
    fake.advance(20)
    session.play(4)               # Bob: 60 - 20 + 2 = 42
    fake.advance(5)
    after = [t.main for t in session.clock.times]
    assert after == pytest.approx([52, 42])
    session.undo()
    session.undo()
    assert [t.main for t in session.clock.times] == pytest.approx([60, 60])
    assert session.clock.left(0).main == pytest.approx(60)        # Ann's turn runs again from full
    session.redo()
    assert [t.main for t in session.clock.times] == pytest.approx([52, 60])


def test_undo_after_a_flag_fell_takes_the_loss_back_with_the_time():
    session, fake = two_humans("0:05+1")
    session.poll()
    session.play(3)               # Ann: 5 + 1
    fake.advance(2)
    session.play(3)               # Bob: 5 - 2 + 1
    fake.advance(7)
    session.poll()
    assert session.is_over and session.outcome().reason == "Red lost on time"
    session.undo()                # back to Bob's turn, his time as it was then
    assert not session.is_over and session.clock.fallen() is None and session.state.turn == 1
    assert [t.main for t in session.clock.times] == pytest.approx([6, 5])


def test_the_game_menus_pause_stops_the_clock():
    session, fake = two_humans("1")
    session.poll()
    fake.advance(10)
    session.pause_clock()
    fake.advance(120)
    session.poll()
    assert not session.is_over
    session.resume_clock()
    fake.advance(5)
    assert session.clock.left(0).main == pytest.approx(45)


def test_in_a_game_of_six_the_player_whose_flag_falls_is_out_and_last():
    session, fake = two_humans("0:05", ChineseCheckers(players=6))
    session.poll()
    session.play(session.state.legal_moves()[0])
    fake.advance(6)
    session.poll()
    outcome = session.outcome()
    assert outcome.termination == LOST_ON_TIME and 1 not in outcome.winners and len(outcome.winners) == 5
    assert outcome.ranking[-1] == (1,)


def test_lost_on_time_in_a_game_of_two_gives_the_other_the_win():
    outcome = lost_on_time(2, 1, "Yellow")
    assert outcome.winners == (0,) and outcome.ranking == () and outcome.reason == "Yellow lost on time"


class AnsweringRunner:
    """A bot that answers its first legal move after ``THINK`` fake seconds; it records its budgets."""

    THINK = 2.0
    fake: FakeClock
    budgets: list[float] = []

    def __init__(self, spec: BotSpec) -> None:
        self.spec = spec
        self.busy = False
        self.starting = False
        self._state = None

    def start(self) -> "AnsweringRunner":
        return self

    def request(self, state, kind="move", budget=None):
        self.busy, self._state = True, state.copy()
        self.budgets.append(budget)

    def poll(self):
        if not self.busy:
            return None
        self.busy = False
        self.fake.advance(self.THINK)
        return BotReply("move", self._state.legal_moves()[0], elapsed=self.THINK)

    def cancel(self):
        self.busy = False

    def close(self):
        pass

    def new_game(self):
        pass


def test_a_bot_is_charged_for_its_thinking_not_for_the_wait_before_its_move_is_shown():
    fake = FakeClock()
    AnsweringRunner.fake, AnsweringRunner.budgets = fake, []
    spec = BotSpec("ConnectFourEasy", "bots.connect4_easy", {}, "Easy", 30.0)
    clock = Clock(TimeControl.parse("1+2"), 2, now=fake)
    session = MatchSession(Match(ConnectFour(), [Player.human("Ann"), Player.of_bot("Easy")], clock=clock),
                           {1: spec}, make_runner=AnsweringRunner).start()
    session.play(3)
    session.poll()                       # the bot thinks 2 s and answers
    fake.advance(3)                      # the screen animates before playing it: not charged
    session.play_ready()
    assert session.clock.times[1].main == pytest.approx(60 - 2 + 2)
    # its budget of 30 s is capped by its time: a tenth of 60 s and most of the increment
    assert AnsweringRunner.budgets == [pytest.approx(6 + 1.6)]


# -- save files ---------------------------------------------------------------------------------
def test_a_saved_game_loads_with_its_time_control_and_each_seats_time_left(tmp_path):
    from game.store.savefile import load_match, match_to_text, save_match
    session, fake = two_humans("5+3x30")
    session.poll()
    fake.advance(100)
    session.play(3)
    fake.advance(320)               # Bob: main time gone, 20 s into his first period
    text = match_to_text(session.match)
    assert "Clock: 5+3x30" in text and "Time left: 200.0/3, 0.0/3" in text
    save_match(session.match, tmp_path / "game.txt")
    loaded = load_match(tmp_path / "game.txt")
    assert loaded.clock.control == TimeControl.parse("5+3x30")
    assert loaded.clock.times == [SeatTime(200.0, 3, 30), SeatTime(0.0, 3, 30)]
    later = FakeClock()
    loaded.clock._now = later
    resumed = MatchSession(loaded)
    resumed.poll()
    later.advance(91)               # Bob, on a full period again, loses all three
    resumed.poll()
    assert resumed.outcome().reason == "Yellow lost on time"


def test_a_game_lost_on_time_saves_and_loads_as_lost_on_time():
    from game.store.savefile import match_from_text, match_to_text
    session, fake = two_humans("0:05")
    session.poll()
    session.play(3)
    fake.advance(6)
    session.poll()
    text = match_to_text(session.match)
    assert "Result: Red won (Yellow lost on time) [lost on time]; 1 move" in text
    loaded = match_from_text(text)
    assert loaded.outcome().winners == (0,) and loaded.outcome().termination == LOST_ON_TIME


def test_a_new_game_after_a_loaded_one_starts_with_everyones_full_time():
    from game.store.savefile import match_from_text
    text = ("Game: connect4\nSeat 1 (Red): human Ann\nSeat 2 (Yellow): human Bob\nMoves: 44\n"
            "Clock: 5+3\nTime left: 12.0, 250.5\nResult: in progress; 2 moves\n")
    session = MatchSession(match_from_text(text))
    assert [t.main for t in session.clock.times] == [12.0, 250.5]
    session.restart()
    assert [t.main for t in session.clock.times] == [300, 300]
    session.redo()
    assert [t.main for t in session.clock.times] == [12.0, 250.5]


def test_old_saves_load_with_no_clock_and_bad_clock_lines_are_named():
    from game.store.savefile import SaveFileError, match_from_text
    old = "Game: connect4\nSeat 1 (Red): human Ann\nSeat 2 (Yellow): human Bob\nMoves: 44\nResult: in progress; 2 moves\n"
    assert match_from_text(old).clock is None
    with pytest.raises(SaveFileError, match="line 5: 'soon' is not a time control"):
        match_from_text(old.replace("Result", "Clock: soon\nResult"))
    with pytest.raises(SaveFileError, match="line 6: 1 times for 2 seats"):
        match_from_text(old.replace("Result", "Clock: 5+3\nTime left: 12\nResult"))
