"""A hosted game's table without sockets: whole games, refusals, requests, resignations,
drops and returns, spectators and bots, each seen in the messages the players are sent.
tests/test_net_server.py runs the same table behind real sockets."""
from __future__ import annotations

import random

import msgspec
import pytest
from hypothesis import given, settings, strategies as st

from game.match.config import GameConfig, TierSpec
from game.match.runner import BotReply, BotSpec
from game.net import endings
from game.net import protocol as p
from game.net.seating import SeatPlan
from game.net.table import STUCK_RETRY
from game.rules.catalogue import GameSpec
from game.rules.chinesecheckers import GOAL_FILLED, distance_to_goal
from game.rules.core import Outcome, Termination
from game.store.savefile import load_match
from tests.table_helpers import REMOTE2, FirstMoveRunner, Sitting, first_move_bot

CC3 = "chinesecheckers(players=3)"


@pytest.fixture
def sit():
    started = []

    def start(game="tictactoe", seats=REMOTE2, **kwargs) -> Sitting:
        started.append(Sitting(game, seats, **kwargs))
        return started[-1]

    yield start
    for sitting in started:
        sitting.close()


def hosted(sit, **kwargs):
    """A table whose first seat is kept for the host, the host in it and Bob in the other."""
    table = sit(seats=[SeatPlan.remote(reserved=True), SeatPlan.remote()], **kwargs)
    me = table.join("Me", token=table.table.host_token)
    me.expect(p.Sync)
    return table, me, table.join("Bob")


# -- joining -----------------------------------------------------------------------------
def test_joiners_are_invited_to_the_open_seats_in_turn_and_told_the_game(sit):
    table = sit()
    ann = table.join("Ann", accept=False)
    invitation = ann.expect(p.Invitation)
    assert (invitation.game, invitation.seat, invitation.seat_name, invitation.host) == ("tictactoe", 0, "X", "Host")
    ann.send(p.Accept())
    sync = ann.expect(p.Sync)
    assert (ann.seats, sync.how, sync.moves, sync.paused) == ([0], "join", [], "Waiting for a player to join seat 2 (O)")
    bob = table.join("Bob")
    assert bob.seats == [1]
    assert ann.expect(p.Joined, lambda m: m.name == "Bob").seat == 1
    ann.expect(p.Resumed)


def test_a_joiner_who_declines_is_reported_and_the_seat_stays_open(sit):
    table = sit()
    ann = table.join("Ann")
    bob = table.join("Bob", accept=False)
    assert bob.invitation.seat == 1 and bob.invitation.seat_name == "O"
    bob.send(p.Decline())
    assert ann.expect(p.Declined).name == "Bob"
    assert bob.gone
    cid = table.join("Cid")
    assert cid.seats == [1]


def test_a_name_taken_already_is_numbered(sit):
    table = sit()
    table.join("Ann")
    second = table.join("ann")
    assert second.all(p.Sync)[-1].players[1].name == "ann 2"


def test_messages_before_hello_or_out_of_place_are_refused(sit):
    table = sit()
    stranger = table.arrive()
    stranger.send(p.Play("b2"))
    assert stranger.expect(p.Error).text == "say hello first"
    assert stranger.gone
    stranger = table.arrive()
    stranger.send(p.Hello(p.PROTOCOL_VERSION, "Sam"))
    stranger.send(p.Say("hi"))
    assert stranger.expect(p.Error).text == "answer the invitation first"
    stranger.send(p.Hello(p.PROTOCOL_VERSION, "Sam"))
    assert stranger.expect(p.Error).text == "hello was said already"
    stranger.send(p.Accept())
    stranger.send(p.Accept())
    assert stranger.expect(p.Error).text == "there is no invitation to answer"


def test_a_client_of_another_protocol_version_is_told_so_and_let_go(sit):
    table = sit()
    future = table.arrive()
    future.send(p.Hello(p.PROTOCOL_VERSION + 1, "Future"))
    assert future.expect(p.Error).code == "version"
    assert future.gone


def test_a_token_that_holds_no_seat_is_refused(sit):
    table = sit()
    table.join("Ann")
    bob = table.join("Bob", token="x" * 22)
    assert bob.expect(p.Error).code == "token" and bob.gone


def test_a_spectator_sees_the_moves_and_cannot_play(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    eve = table.join("Eve", watch=True)
    assert eve.seats == [] and eve.invitation.seat is None
    ann.send(p.Play("b2", 0))
    assert eve.expect(p.Moved).move == "b2"
    eve.send(p.Play("a1", 1))
    assert eve.expect(p.Error).code == "seat"
    bob.send(p.Play("a1", 1))
    assert eve.expect(p.Moved).move == "a1"


def test_a_spectator_comes_back_with_its_token_to_watch(sit):
    table = sit()
    table.join("Ann")
    eve = table.join("Eve", watch=True)
    token = eve.token
    eve.drop()
    back = table.join("Eve", token=token)
    assert back.expect(p.Welcome).seats == [] and back.expect(p.Sync).how == "join"


def test_before_its_hello_a_client_is_heard_for_nothing_else_and_a_ping_lets_it_go(sit):
    table = sit()
    stranger = table.arrive()
    stranger.send(p.Ping())
    assert stranger.expect(p.Error).text == "say hello first"
    assert stranger.gone and stranger.all(p.Pong) == []
    assert any("sent 'ping' before hello" in line for line in table.log)


def test_an_invitation_not_answered_in_time_lets_the_joiner_go_and_offers_its_seat_to_the_next(sit):
    table = sit(offer_seconds=30)
    ann = table.join("Ann")
    squatter = table.join("Sly", accept=False)
    assert squatter.invitation.seat == 1
    late = table.join("Late", accept=False)
    assert late.invitation.seat is None             # the seat is offered to Sly: Late may watch
    table.clock.advance(20)
    squatter.send(p.Ping())                         # staying connected does not hold the offer
    squatter.expect(p.Pong)
    table.clock.advance(11)
    table.tick()
    assert squatter.expect(p.Error).code == "offer" and squatter.gone and late.gone
    assert ann.all(p.Joined) == [p.Joined("Ann", 0)]
    next_one = table.join("Next", accept=False)
    assert next_one.invitation.seat == 1
    next_one.send(p.Accept())
    assert next_one.seats == [1]
    ann.expect(p.Resumed)


def test_the_hosts_seat_carries_the_hosts_name_in_the_log_and_to_the_others(sit):
    table, me, bob = hosted(sit)
    me.send(p.Play("b2", 0))
    bob.expect(p.Moved)
    assert "Me (X) played b2" in table.log
    assert [player.label for player in table.table.session.match.players] == ["Me", "Bob"]


def test_an_open_seat_is_named_as_no_one_yet_not_open(sit):
    table = sit()
    ann = table.join("Ann", accept=False)
    assert [(info.name, info.kind) for info in ann.invitation.players] == [
        ("no one yet", "open"), ("no one yet", "open")]


# -- moves and chat ------------------------------------------------------------------------
def test_a_whole_game_ends_the_same_for_both_players(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    table.play_through(["b2", "a1", "c3", "a3", "a2", "c2", "b1", "b3", "c1"], [ann, bob])
    assert table.table.state.outcome().reason and table.table.is_over
    assert table.table.state.to_text() == "b2 a1 c3 a3 a2 c2 b1 b3 c1"
    assert "Ann (X) played b2" in table.log


def test_a_move_out_of_turn_or_illegal_is_refused_and_the_game_goes_on(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    bob.send(p.Play("b2"))                                      # Ann's turn
    assert bob.expect(p.Error).code == "turn"
    ann.send(p.Play("z9"))                                      # not a square
    assert ann.expect(p.Error).code == "illegal"
    ann.send(p.Play("b2", 0))
    bob.expect(p.Moved)
    bob.send(p.Play("b2", 1))                                   # taken
    assert bob.expect(p.Error).code == "illegal"
    assert bob.expect(p.Sync).moves == ["b2"]                   # the truth, to show again
    bob.send(p.Play("a1", 1))
    assert ann.expect(p.Moved, lambda m: m.ply == 1).move == "a1"


def test_a_move_for_an_old_position_is_refused(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Play("b2", 0))
    bob.expect(p.Moved)
    bob.send(p.Play("a1", 0))                                   # sent as if no move had been played
    assert bob.expect(p.Error).code == "state"
    assert table.table.state.to_text() == "b2"


def test_chat_reaches_everyone(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Say("good luck\x07!"))
    for sitter in (ann, bob):
        chat = sitter.expect(p.Chat, lambda m: m.name == "Ann")
        assert chat.text == "good luck !"


@pytest.mark.parametrize("game", ["tictactoe", "connect4", "reversi", "gomoku", "chinesecheckers"])
def test_a_whole_game_of_each_game_between_two_players(sit, game):
    """Random legal moves to the end; forced passes are played by the table and seen by both."""
    table = sit(game)
    ann, bob = table.join("Ann"), table.join("Bob")
    state = GameSpec.parse(game).new_state()
    chooser = random.Random(game)
    while not state.is_over():
        ply = len(state.move_stack)
        if not state.must_pass():
            mover = next(sitter for sitter in (ann, bob) if state.turn in sitter.seats)
            mover.send(p.Play(state.move_to_str(chooser.choice(state.legal_moves())), ply))
        seen = [sitter.expect(p.Moved) for sitter in (ann, bob)]
        assert seen[0] == seen[1] and seen[0].ply == ply
        assert seen[0].by == ("pass" if state.must_pass() else "remote")
        state.push(state.parse_move(seen[0].move))
    assert table.table.state.game_text() == state.game_text()
    assert table.table.is_over


# -- bots ------------------------------------------------------------------------------
def test_a_bot_seat_plays_its_moves(sit):
    table = sit("connect4", [SeatPlan.remote(), SeatPlan.bot("Easy")])
    ann = table.join("Ann")
    ann.send(p.Play("4", 0))
    ann.expect(p.Moved)
    reply = ann.expect(p.Moved)
    assert (reply.ply, reply.seat, reply.by) == (1, 1, "bot")


def test_six_player_chinese_checkers_with_four_remote_seats_and_two_bots(sit):
    plans = [SeatPlan.remote(), SeatPlan.bot("Easy"), SeatPlan.remote(), SeatPlan.remote(), SeatPlan.bot("Easy"),
             SeatPlan.remote()]
    table = sit("chinesecheckers(players=6)", plans)
    sitters = [table.join(name) for name in ("Ann", "Bob", "Cid", "Dee")]
    watcher = table.join("Eve", watch=True)
    assert sorted(seat for sitter in sitters for seat in sitter.seats) == [0, 2, 3, 5]
    state = GameSpec.parse("chinesecheckers(players=6)").new_state()
    for ply in range(12):                              # two rounds of every seat
        if state.turn in (1, 4):
            moved = watcher.expect(p.Moved)
            assert moved.by == "bot"
        else:
            mover = next(sitter for sitter in sitters if state.turn in sitter.seats)
            text = state.move_to_str(state.legal_moves()[0])
            mover.send(p.Play(text, ply))
            moved = watcher.expect(p.Moved)
            assert moved.move == text
        state.push(state.parse_move(moved.move))
    assert len(table.table.state.move_stack) >= 12


def test_a_bot_that_gives_no_move_is_named_once_and_asked_again(sit):
    asked = []

    class NoMoveRunner(FirstMoveRunner):
        def request(self, state, kind="move", budget=None):
            self.busy = True
            asked.append(state.to_text())

        def poll(self):
            self.busy = False
            return BotReply("move", None, failure="gone")

    table = sit(seats=[SeatPlan.remote(), SeatPlan.bot("Odd")], make_runner=NoMoveRunner)
    ann = table.join("Ann")
    ann.send(p.Play("b2", 0))
    ann.expect(p.Moved)
    assert "gave no legal move" in ann.expect(p.Chat).text
    assert asked == ["b2"]
    table.tick()
    assert asked == ["b2"]                              # not asked again before its time
    for _ in range(2):
        table.clock.advance(STUCK_RETRY)
        table.tick()
        table.tick()
    assert asked == ["b2"] * 3
    assert len([chat for chat in ann.all(p.Chat) if "gave no legal move" in chat.text]) == 1


# -- requests ------------------------------------------------------------------------------
def test_an_undo_request_accepted_takes_back_to_the_askers_turn(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    table.play_through(["b2", "a1", "c3"], [ann, bob])
    bob.send(p.Ask("undo"))
    request = ann.expect(p.Requested)
    assert (request.kind, request.name) == ("undo", "Bob")
    ann.send(p.Answer(request.request_id, True))
    assert bob.expect(p.Answered).accepted
    assert bob.expect(p.Sync, lambda m: m.how == "undo").moves == ["b2"]    # Bob to move again
    bob.send(p.Play("c1", 1))
    assert ann.expect(p.Moved).move == "c1"


def test_an_undo_request_declined_changes_nothing(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    table.play_through(["b2", "a1"], [ann, bob])
    bob.send(p.Ask("undo"))
    ann.send(p.Answer(ann.expect(p.Requested).request_id, False))
    answer = bob.expect(p.Answered)
    assert (answer.accepted, answer.by) == (False, "Ann")
    assert table.table.state.to_text() == "b2 a1"


def test_requests_out_of_place_are_refused_with_the_reason(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Ask("undo"))
    assert ann.expect(p.Error).text == "you have no move to take back"
    ann.send(p.Ask("rematch"))
    assert ann.expect(p.Error).text == "a rematch is for a finished game"
    ann.send(p.Ask("draw"))
    request = bob.expect(p.Requested)
    bob.send(p.Ask("draw"))
    assert bob.expect(p.Error).text == "a draw request is waiting for its answer"
    ann.send(p.Answer(request.request_id, True))
    assert ann.expect(p.Error).text == "that request does not wait for your answer"


def test_a_draw_agreed_and_a_rematch_start_a_new_game(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Ask("draw"))
    bob.send(p.Answer(bob.expect(p.Requested).request_id, True))
    ended = ann.expect(p.Ended).result
    assert (ended.winners, ended.termination) == ([], "agreed draw")
    bob.send(p.Play("b2", 0))
    assert bob.expect(p.Error).code == "state"
    bob.send(p.Ask("rematch"))
    ann.send(p.Answer(ann.expect(p.Requested, lambda m: m.kind == "rematch").request_id, True))
    assert ann.expect(p.Sync, lambda m: m.how == "rematch").ended is None
    bob.send(p.Play("b2", 0))            # the colours swapped: Bob is X now and moves first
    assert ann.expect(p.Moved).move == "b2"


def test_a_rematch_of_two_players_swaps_their_colours_and_each_is_told_their_new_seat(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Resign())
    bob.expect(p.Ended)
    bob.send(p.Ask("rematch"))
    ann.send(p.Answer(ann.expect(p.Requested, lambda m: m.kind == "rematch").request_id, True))
    welcome = ann.expect(p.Welcome)
    sync = ann.expect(p.Sync, lambda m: m.how == "rematch")        # after the new seat's welcome
    assert welcome.seats == [1]
    assert [(info.seat, info.name) for info in sync.players] == [(0, "Bob"), (1, "Ann")]
    bob.expect(p.Sync, lambda m: m.how == "rematch")
    assert (ann.seats, bob.seats) == ([1], [0])
    ann.send(p.Play("b2", 0))
    assert ann.expect(p.Error).code == "turn"
    bob.send(p.Play("b2", 0))
    assert ann.expect(p.Moved).move == "b2"


def test_a_rematch_swaps_a_bot_with_its_opponent(sit):
    table = sit(seats=[SeatPlan.bot("Easy"), SeatPlan.remote()])
    ann = table.join("Ann")
    ann.expect(p.Moved)
    ann.send(p.Resign())
    ann.expect(p.Ended)
    ann.send(p.Ask("rematch"))            # only a bot to ask: agreed at once
    ann.expect(p.Sync, lambda m: m.how == "rematch")
    assert ann.seats == [0]
    ann.send(p.Play("b2", 0))
    assert ann.expect(p.Moved).move == "b2"
    assert ann.expect(p.Moved).by == "bot"


@pytest.mark.parametrize("kind", ["undo", "draw"])
def test_a_request_waiting_when_the_position_changes_is_void_for_everyone(sit, kind):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    table.play_through(["b2"], [ann, bob])
    ann.send(p.Ask(kind))
    request = bob.expect(p.Requested)
    bob.send(p.Play("a1", 1))
    for sitter in (ann, bob):
        void = sitter.expect(p.Answered)
        assert (void.request_id, void.kind, void.accepted, void.cancelled) == (request.request_id, kind, False, True)
    bob.send(p.Answer(request.request_id, True))
    assert "no request" in bob.expect(p.Error).text
    assert table.table.state.to_text() == "b2 a1"
    assert table.table.is_over is False


def test_a_request_asked_while_a_player_was_away_is_put_to_them_when_they_come_back(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    table.play_through(["b2", "a1"], [ann, bob])
    token = bob.token
    bob.drop()
    ann.expect(p.Paused)
    ann.send(p.Ask("undo"))
    back = table.join("Bob", token=token)
    request = back.expect(p.Requested)
    assert (request.kind, request.name) == ("undo", "Ann")
    back.send(p.Answer(request.request_id, True))
    assert ann.expect(p.Sync, lambda m: m.how == "undo").moves == []


def test_a_request_waiting_for_a_player_whose_seat_goes_to_a_bot_is_void(sit):
    table, me, bob = hosted(sit, reconnect_seconds=0)
    table.play_through(["b2", "a1"], [me, bob])
    bob.drop()
    me.send(p.Ask("undo"))
    me.expect(p.Paused, lambda m: "host" in m.reason)
    me.send(p.Decide(1, "bot", "Easy"))
    void = me.expect(p.Answered)
    assert (void.kind, void.cancelled) == ("undo", True)
    me.expect(p.Sync, lambda m: m.how == "seats")
    me.send(p.Ask("undo"))                    # a new request can be asked: only a bot to ask now
    assert me.expect(p.Answered).accepted


# -- resignations ------------------------------------------------------------------------
def test_resigning_gives_the_game_to_the_other_seat(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Resign())
    result = bob.expect(p.Ended).result
    assert (result.winners, result.termination, result.reason) == ([1], "resignation", "Ann resigned")
    ann.send(p.Resign())
    assert ann.expect(p.Error).text == "there is no game of yours to resign"


def test_a_resigned_game_saved_by_the_host_loads_as_over_with_the_winner(sit, tmp_path):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    table.play_through(["b2", "a1"], [ann, bob])
    bob.send(p.Resign())
    ann.expect(p.Ended)
    table.table.save(tmp_path / "resigned.txt")
    loaded = load_match(tmp_path / "resigned.txt")
    outcome = loaded.outcome()
    assert (outcome.winners, outcome.reason, outcome.termination) == ((0,), "Bob resigned", Termination.RESIGNATION)
    assert loaded.state.to_text() == "b2 a1"


def test_a_player_who_resigns_from_three_leaves_and_the_others_play_on(sit):
    table = sit(CC3, [SeatPlan.remote()] * 3)
    ann, bob, cy = table.join("Ann"), table.join("Bob"), table.join("Cy")
    bob.send(p.Resign())
    welcome = bob.expect(p.Welcome)
    assert welcome.seats == []                                   # Bob watches now
    sync = ann.expect(p.Sync, lambda m: m.how == "seats")
    assert sync.ended is None and (sync.players[1].kind, sync.players[1].name) == ("bot", "Bob (resigned)")
    assert table.table.is_over is False
    state = GameSpec.parse(CC3).new_state()
    ann.send(p.Play(state.move_to_str(state.legal_moves()[0]), 0))
    assert cy.expect(p.Moved).by == "remote"
    assert cy.expect(p.Moved).by == "bot"                        # the stand-in plays Bob's turn
    bob.send(p.Play("pass"))
    assert bob.expect(p.Error).code == "seat"


def test_when_the_last_opponent_resigns_the_one_left_wins_and_resigners_rank_last(sit):
    table = sit(CC3, [SeatPlan.remote()] * 3)
    ann, bob, cy = table.join("Ann"), table.join("Bob"), table.join("Cy")
    bob.send(p.Resign())
    ann.expect(p.Sync, lambda m: m.how == "seats")
    cy.send(p.Resign())
    result = ann.expect(p.Ended).result
    assert (result.winners, result.termination, result.ranking) == ([0], "resignation", [[0], [2], [1]])


class TowardTheGoalRunner(FirstMoveRunner):
    """A stand-in that plays the move bringing its marbles nearest their goal."""

    def choose(self, state):
        def distance_after(move):
            after = state.copy()
            after.push(move)
            return distance_to_goal(after, state.turn)

        return min(state.legal_moves(), key=distance_after)


def test_a_game_the_rules_end_after_a_resignation_ranks_the_resigner_last(sit):
    table = sit("chinesecheckers(players=3,turn_limit=50)", [SeatPlan.remote()] * 3,
                make_runner=TowardTheGoalRunner)
    ann, bob, cy = table.join("Ann"), table.join("Bob"), table.join("Cy")
    ann.send(p.Resign())                                  # the stand-in plays Red's turns from now on
    chooser = random.Random(1)                            # Bob and Cy wander
    while not table.table.is_over:
        state = table.table.state
        mover = next((s for s in (bob, cy) if state.turn in s.seats), None)
        if mover is None:
            table.tick()
        else:
            mover.send(p.Play(state.move_to_str(chooser.choice(state.legal_moves())), len(state.move_stack)))
    ruled = table.table.state.outcome()
    assert (ruled.winners, ruled.ranking, ruled.termination) == ((0,), ((0,), (2,), (1,)), Termination.TURN_LIMIT)
    ended = bob.expect(p.Ended)
    assert bob.seen.index(ended) < bob.seen.index(bob.all(p.Moved)[-1])   # before the move that ended it
    result = ended.result
    assert (result.winners, result.ranking) == ([2], [[2], [1], [0]])
    assert result.reason == f"{ruled.reason}; Ann (resigned) left the game"
    assert result.words == endings.left_words(ruled.reason, [0], ["Ann (resigned)", "Bob", "Cy"])


def test_the_rules_result_without_the_resigners_ranks_them_last_the_first_to_resign_last_of_all():
    ruled = Outcome((0,), "Red filled the goal", (), ((0,), (2,), (1,)), termination=GOAL_FILLED)
    outcome = endings.after_resignations(ruled, [0], ["Ann", "Bob", "Cy"])
    assert (outcome.winners, outcome.ranking) == ((2,), ((2,), (1,), (0,)))
    assert outcome.reason == "Red filled the goal; Ann left the game"
    outcome = endings.after_resignations(ruled, [1, 0], ["Ann", "Bob", "Cy"])
    assert (outcome.winners, outcome.ranking) == ((2,), ((2,), (0,), (1,)))


# -- drops, returns and the host's decisions ----------------------------------------------
def test_a_drop_pauses_everyone_and_the_token_takes_the_seat_back(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Play("b2", 0))
    bob.expect(p.Moved)
    token = bob.token
    bob.drop()
    assert ann.expect(p.Left).name == "Bob"
    paused = ann.expect(p.Paused)
    assert "Bob" in paused.reason and paused.seconds_left > 0
    ann.send(p.Say("still here"))                      # the rest goes on while paused
    ann.expect(p.Chat)
    back = table.join("Bob", token=token)
    assert back.seats == [1]
    assert back.expect(p.Sync).moves == ["b2"]
    assert ann.expect(p.Joined).again
    ann.expect(p.Resumed)
    back.send(p.Play("a1", 1))
    assert ann.expect(p.Moved).move == "a1"


def test_a_second_connection_with_the_same_token_takes_the_seat_from_the_first(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    again = table.join("Bob", token=bob.token)
    assert bob.gone and again.seats == [1]
    assert not ann.all(p.Left) and ann.expect(p.Joined, lambda m: m.again).name == "Bob"
    ann.send(p.Play("b2", 0))
    assert again.expect(p.Moved).move == "b2" and not bob.all(p.Moved)


def test_moves_wait_while_the_game_is_paused(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    bob.drop()
    ann.expect(p.Paused)
    ann.send(p.Play("b2", 0))
    assert ann.expect(p.Error).code == "paused"


def test_after_the_limit_the_host_gives_the_seat_to_a_bot(sit):
    table, me, bob = hosted(sit, reconnect_seconds=5)
    me.send(p.Play("b2", 0))
    bob.expect(p.Moved)
    bob.drop()
    assert me.expect(p.Paused, lambda m: "Bob" in m.reason).seconds_left == 5
    me.send(p.Decide(1, "bot", "Easy"))
    assert me.expect(p.Error).text == "seat 2 is not waiting for a decision"
    table.clock.advance(5)
    expired = me.expect(p.Paused, lambda m: m.seconds_left == 0)
    assert expired.seat == 1 and "host" in expired.reason
    me.send(p.Decide(1, "bot", "Easy"))
    seats = me.expect(p.Sync, lambda m: m.how == "seats")
    assert seats.players[1].kind == "bot"
    bot_move = me.expect(p.Moved)
    assert (bot_move.seat, bot_move.by) == (1, "bot")
    me.send(p.Play(next(sq for sq in ("a1", "c3") if sq != bot_move.move), 2))
    assert me.expect(p.Moved).ply == 2


def test_a_player_back_within_the_limit_keeps_the_seat(sit):
    table, me, bob = hosted(sit, reconnect_seconds=5)
    token = bob.token
    bob.drop()
    table.clock.advance(4)
    table.tick()
    back = table.join("Bob", token=token)
    table.clock.advance(5)
    table.tick()
    assert back.seats == [1] and table.table.seat_infos()[1] == p.SeatInfo(1, "Bob", "remote")
    assert not [m for m in me.all(p.Paused) if m.seconds_left == 0]


def test_a_player_who_does_not_come_back_forfeits_when_the_server_ends_the_game(sit):
    table = sit(reconnect_seconds=0, after_limit="end")
    ann, bob = table.join("Ann"), table.join("Bob")
    bob.drop()
    result = ann.expect(p.Ended).result
    assert (result.winners, result.termination, result.reason) == ([0], "disconnection", "Bob did not come back")


def test_the_host_ending_a_game_for_an_absent_player_gives_it_to_those_still_in_it(sit):
    table, me, bob = hosted(sit, reconnect_seconds=0)
    bob.drop()
    me.expect(p.Paused, lambda m: "host" in m.reason)
    me.send(p.Decide(1, "end"))
    result = me.expect(p.Ended).result
    assert (result.winners, result.termination) == ([0], "disconnection")


def test_after_the_limit_a_server_with_no_host_gives_the_seat_to_its_bot(sit):
    table = sit(reconnect_seconds=0, after_limit="Easy")
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Play("b2", 0))
    bob.expect(p.Moved)
    bob.drop()
    assert ann.expect(p.Sync, lambda m: m.how == "seats").players[1].kind == "bot"
    assert ann.expect(p.Moved).by == "bot"


def test_only_the_host_decides_a_seats_fate(sit):
    table = sit()
    ann, bob = table.join("Ann"), table.join("Bob")
    ann.send(p.Decide(1, "end"))
    assert ann.expect(p.Error).code == "seat"


def test_the_host_saves_the_game_and_a_saved_game_can_be_hosted_again(sit, tmp_path):
    table = sit("connect4")
    ann, bob = table.join("Ann"), table.join("Bob")
    table.play_through(["4", "4", "3"], [ann, bob])
    table.table.save(tmp_path / "lan.txt")
    saved = load_match(tmp_path / "lan.txt")
    assert saved.state.to_text() == "443" and [pl.label for pl in saved.players] == ["Ann", "Bob"]
    again = sit(saved.state, REMOTE2)
    cid = again.join("Cid")
    assert cid.all(p.Sync)[-1].moves == ["4", "4", "3"] and cid.seats == [0]


# -- whatever the clients send ---------------------------------------------------------------
names = st.sampled_from(["Ann", "Bob", "ann", "Host", "\x07"])
client_messages = st.one_of(
    st.builds(p.Hello, st.sampled_from([p.PROTOCOL_VERSION, p.PROTOCOL_VERSION + 1]), names,
              st.sampled_from([None, "x" * 22, "host"]), st.booleans()),
    st.builds(p.Accept), st.builds(p.Decline), st.builds(p.Resign), st.builds(p.Ping), st.builds(p.Pong),
    st.builds(p.Bye),
    st.builds(p.Play, st.sampled_from([f"{col}{row}" for col in "abc" for row in "123"] + ["z9", "pass"]),
              st.none() | st.integers(0, 9)),
    st.builds(p.Say, st.sampled_from(["hi", "\x00\x01", "x" * 500])),
    st.builds(p.Ask, st.sampled_from(["undo", "draw", "rematch"])),
    st.builds(p.Answer, st.integers(0, 5), st.booleans()),
    st.builds(p.Decide, st.integers(0, 1), st.sampled_from(["bot", "end"]), st.sampled_from([None, "Easy"])))
steps = st.lists(st.tuples(st.integers(0, 3), st.one_of(client_messages, st.sampled_from(["tick", "drop", "wait"]))),
                 max_size=30)


@settings(max_examples=150)
@given(steps)
def test_whatever_the_clients_send_the_table_answers_with_messages_a_client_reads(script):
    table = Sitting(seats=[SeatPlan.remote(reserved=True), SeatPlan.remote()], reconnect_seconds=5)
    sitters = [table.join("Me", token=table.table.host_token), table.join("Bob"), table.join("Eve", watch=True),
               table.arrive()]
    try:
        for index, step in script:
            sitter = sitters[index]
            if step == "tick":
                table.tick()
            elif step == "wait":
                table.clock.advance(3)
            elif step == "drop":
                sitter.drop()
                sitters[index] = table.arrive()
            else:
                if isinstance(step, p.Hello) and step.token == "host":
                    step = msgspec.structs.replace(step, token=table.table.host_token)
                sitter.send(step)
            for guest in table.table.take_output():
                for message in guest.take():
                    assert p.decode(p.encode(message), side="server") == message
    finally:
        table.close()


def test_a_resigners_stand_in_is_the_one_rules_choice_the_hint_tier_else_the_strongest_that_plays(sit):
    game = GameConfig("chinesecheckers", tiers=[TierSpec("Easy", "E"), TierSpec("Hard", "H")], hint_tier="Master")
    asked: list[str] = []

    def runs_all_but_master(tier: str) -> BotSpec:
        asked.append(tier)
        if tier == "Master":
            raise ValueError("Master is not installed")
        return first_move_bot(tier)

    sitting = sit(CC3, [SeatPlan.remote()] * 3, game_config=game, bot_spec=runs_all_but_master)
    ann, bob, cy = sitting.join("Ann"), sitting.join("Bob"), sitting.join("Cy")
    bob.send(p.Resign())
    note = ann.expect(p.Chat, lambda m: "resigned" in m.text)
    assert "Hard plays their pieces out" in note.text and asked[:2] == ["Master", "Hard"]
    assert sitting.table.session.specs[1].label == "Hard"
