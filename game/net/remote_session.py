"""A networked game as the play screen drives it: a ``Session``
(``game/match/session.py``, the interface ``MatchSession`` has too) over a ``NetClient``.

The server decides; this side mirrors. The game is rebuilt through the
rules from what the server sends (its ``sync``: game, start position, moves;
then each ``moved``), never taken from it as a state. A move of this screen is
shown at once and sent with the number of moves it follows; the server's
echo confirms it, and if the server refuses it, its ``sync`` puts the truth
back (a ``PositionChanged``). Undo, draws and rematches are requests the
other players answer, so ``can_undo`` is false and ``undo`` asks; a paste or a
swap of seats, which would replace the game, is refused (``IllegalMove``).

This screen's seats are ``human`` players in the mirrored match (they move
here); the other players are ``remote`` or ``bot``. Hints are asked of a
local bot on the mirrored position, as in a local game.

A game with a time control shows the server's clocks: each message that carries
them (``sync``, ``moved``, ``paused``, ``resumed``) sets the times, and the seat
the server says is running counts down here between messages. Only the server
declares a flag fallen; the game menu does not stop a network game's clock.
"""
from __future__ import annotations

import time
from typing import Callable, Mapping, Sequence

from game.match.clocks import LOST_ON_TIME, BadTimeControl, Clock, SeatTime, TimeControl
from game.match.record import BOT, HUMAN, REMOTE, Match, MoveRecord, Player
from game.match.runner import BotSpec
from game.match.session import (Event, GameOver, HintFailed, HintReady, MatchSession, MovePlayed,
                                PositionChanged, SeatsChanged, Waiting)
from game.net import events as ev
from game.net import protocol as p
from game.lang import _
from game.net import wording
from game.net.client import ConnectionLost, NetClient
from game.net.seating import OPEN_SEAT
from game.net.server import NetError
from game.rules.catalogue import GameSpec
from game.rules.core import BadNotation, IllegalMove, Move, Outcome, RulesError, State, Termination

#: What ``PositionChanged.how`` says for each reason the server sent the whole game again.
HOW = {"undo": "undo", "rematch": "restart", "join": "sync", "seats": "sync", "refused": "sync"}


class RemoteSession:
    """See the module docstring. ``client`` has joined (its invitation accepted, or
    its token taken back); the session waits up to ``timeout`` seconds for the game."""

    def __init__(self, client: NetClient, timeout: float = 10.0) -> None:
        self.client = client
        self.my_seats: tuple[int, ...] = tuple(client.seats)
        self.paused: str | None = None
        self.lost = False
        self._ended: Outcome | None = None
        self._confirmed: list[str] = []       # the server's moves, as it wrote them
        self._pending: list[str] = []         # this screen's moves sent and not yet echoed
        self._events: list[Event] = []
        self._start = ""
        self._spec: GameSpec | None = None
        self._local: MatchSession | None = None
        self._clock: Clock | None = None
        if client.sync is not None:
            self._sync(client.sync)
            self._take_clock(client.sync.clock)
        until = time.monotonic() + timeout
        while self._local is None:
            left = until - time.monotonic()
            if left <= 0 or (not client.wait(left) and self._local is None):
                raise NetError(_("the server did not send the game in time (was the invitation accepted?)"))
            for message in client.events():
                self._take(message)
        self._events = [event for event in self._events if not isinstance(event, PositionChanged)]

    # -- reading -----------------------------------------------------------------------------
    @property
    def session(self) -> MatchSession:
        assert self._local is not None
        return self._local

    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def players(self) -> list[Player]:
        return self.match.players

    @property
    def records(self) -> list[MoveRecord]:
        return self.match.records

    def outcome(self) -> Outcome | None:
        return self._ended or self.state.outcome()

    @property
    def clock(self) -> Clock | None:
        """The server's clocks as last told, the running one counting down here."""
        return self._clock

    def pause_clock(self) -> None:
        """A network game's clocks are the server's: the game menu does not stop them."""

    def resume_clock(self) -> None:
        """See ``pause_clock``."""

    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    @property
    def all_bots(self) -> bool:
        return False

    @property
    def specs(self) -> Mapping[int, BotSpec]:
        """No bots run here: a network game's bots run on the host."""
        return {}

    def waiting(self) -> Waiting:
        if self.is_over:
            return Waiting.OVER
        if self.paused is None and not self.lost and self.state.turn in self.my_seats and not self.state.must_pass():
            return Waiting.HUMAN
        return Waiting.REMOTE

    def thinking(self) -> bool:
        return False

    def warming(self) -> bool:
        return False

    def starting(self) -> bool:
        return self.session.starting()

    def can_undo(self) -> bool:
        return False

    def can_redo(self) -> bool:
        return False

    def ready(self) -> MovePlayed | None:
        return None

    def play_ready(self) -> MovePlayed | None:
        return None

    def start_bots(self, allowed: Callable[[BotSpec], bool] = lambda spec: True) -> None:
        """Nothing to start: the bots of a network game run on the host."""

    def start(self) -> "RemoteSession":
        return self

    def retry(self) -> None:
        """Nothing to ask again: a bot that gives no move is the host's to ask."""

    # -- the turn loop -----------------------------------------------------------------------
    def poll(self) -> None:
        """Take in what the server sent, and the hint's answer."""
        for message in self.client.events():
            self._take(message)
        self.session.poll()
        for event in self.session.events():
            if isinstance(event, (HintReady, HintFailed)):
                self._events.append(event)

    def events(self) -> list[Event]:
        events, self._events = self._events, []
        return events

    def play(self, move: Move) -> MovePlayed:
        """Play a move of this screen's seat to move: shown at once, sent to the server.
        ``IllegalMove`` (nothing sent) when it is not this screen's turn or not legal."""
        state = self.state
        if self.is_over:
            raise IllegalMove("the game is over")
        if self.lost:
            raise IllegalMove("the connection to the host is lost")
        if self.paused is not None:
            raise IllegalMove(f"the game is paused: {self.paused}")
        if state.turn not in self.my_seats:
            raise IllegalMove(f"it is {self.players[state.turn].label}'s turn")
        if not state.is_legal(move):
            raise IllegalMove(f"{state.move_to_str(move)} is not a legal move here")
        text = state.move_to_str(move)
        self.client.play(text, len(state.move_stack))
        self._pending.append(text)
        self.session.cancel_hint()
        played = MovePlayed(self.match.play(move), "human")
        if self._clock is not None:
            self._clock.hold()      # until the server's echo says how long it took
        self._moved(played)
        return played

    # -- requests ------------------------------------------------------------------------------
    def chat(self, text: str) -> None:
        self.client.chat(text)

    def request_undo(self) -> None:
        self.client.request_undo()

    def answer(self, request_id: int, accept: bool) -> None:
        self.client.answer(request_id, accept)

    def offer_draw(self) -> None:
        self.client.offer_draw()

    def resign(self) -> None:
        self.client.resign()

    def rematch(self) -> None:
        self.client.rematch()

    def decide(self, seat: int, action: str, tier: str | None = None) -> None:
        self.client.decide(seat, action, tier)

    def undo(self) -> bool:
        """Ask the others to take back to this screen's last turn; nothing changes here yet."""
        self.request_undo()
        return False

    def redo(self) -> bool:
        return False

    def restart(self) -> bool:
        return False

    def paste(self, game: State) -> None:
        raise IllegalMove("a network game's moves are played one at a time, not pasted")

    def swap_seats(self) -> None:
        raise IllegalMove("the players of a network game keep their seats (the host swaps them at a rematch)")

    def close(self) -> None:
        self.client.close()
        if self._local is not None:
            self._local.close()

    # -- hints (a local bot on the mirrored position) ----------------------------------------
    @property
    def hint_pending(self) -> bool:
        return self.session.hint_pending

    @property
    def hint_refining(self) -> bool:
        return self.session.hint_refining

    @property
    def hint_runner(self):
        return self.session.hint_runner

    def hint_unavailable(self, names: Sequence[str] | None = None) -> str:
        return self.session.hint_unavailable(names)

    def request_hint(self, spec: BotSpec) -> None:
        self.session.request_hint(spec)

    def wait_hint(self, timeout: float | None = None) -> None:
        self.session.wait_hint(timeout)

    def cancel_hint(self) -> None:
        self.session.cancel_hint()

    # -- what the server sent ----------------------------------------------------------------
    def _take(self, message: object) -> None:
        if isinstance(message, (p.Sync, p.Moved, p.Paused, p.Resumed)):
            self._take_clock(message.clock)
        if isinstance(message, p.Welcome):
            self.my_seats = tuple(message.seats)
        elif isinstance(message, p.Sync):
            self._sync(message)
        elif isinstance(message, p.Moved):
            self._take_move(message)
        elif isinstance(message, p.Ended):
            self._ended = _outcome(message.result)
            self._stop_clock(self._ended)
            self._events.append(GameOver(self._ended, counts=True))
        elif isinstance(message, p.Chat):   # a player's line as typed, the server's in this window's words
            text = message.text if message.name else wording.worded(message.words, message.text)
            self._events.append(ev.ChatReceived(message.name, text))
        elif isinstance(message, p.Requested):
            if not self._mine(message.name):
                self._events.append(ev.RequestReceived(message.request_id, message.kind, message.name))
        elif isinstance(message, p.Answered):
            self._events.append(ev.RequestAnswered(message.kind, message.accepted, message.by, message.cancelled))
        elif isinstance(message, p.Paused):
            self.paused = wording.worded(message.words, message.reason)
            self._events.append(ev.Paused(self.paused, message.seconds_left, message.seat))
        elif isinstance(message, p.Resumed):
            self.paused = None
            self._events.append(ev.Resumed())
        elif isinstance(message, p.Joined):
            if message.seat is not None and self._local is not None and not self._mine_seat(message.seat):
                self._seat_player(message.seat, Player(REMOTE, message.name))
            self._events.append(ev.PlayerJoined(message.name, message.seat, message.again))
        elif isinstance(message, p.Left):
            self._events.append(ev.PlayerLeft(message.name, wording.worded(message.words, message.why)))
        elif isinstance(message, p.Declined):
            declined = wording.words("declined_invitation")
            self._events.append(ev.PlayerLeft(message.name, wording.worded(declined, wording.english(declined))))
        elif isinstance(message, p.Error):
            self._events.append(ev.NetErrorEvent(wording.worded(message.words, message.text)))
        elif isinstance(message, ConnectionLost):
            self.lost = True
            self._events.append(ev.NetErrorEvent(_("Connection to the host lost: {reason}").format(reason=message.reason),
                                                  lost=True))

    def _take_clock(self, state: p.ClockState | None) -> None:
        """Set the clocks as the server measured them (a control this copy cannot read shows none;
        times that do not fit the game's seats or its control are not taken)."""
        if state is None:
            return
        try:
            control = TimeControl.parse(state.control)
        except BadTimeControl:
            control = None
        if control is None:
            self._clock = None
            return
        seats = self.state.num_seats if self._local is not None else len(state.times)
        if (len(state.times) != seats or (state.running is not None and state.running >= seats)
                or any(t.periods > control.periods or t.period > control.period for t in state.times)):
            return              # times that do not fit the game or its control: the clocks stay as they were
        if self._clock is None or self._clock.control != control or len(self._clock.times) != len(state.times):
            self._clock = Clock(control, len(state.times))
        self._clock.set_times([SeatTime(t.main, t.periods, t.period) for t in state.times], state.running)

    def _stop_clock(self, outcome: Outcome) -> None:
        """The game ended: the clocks stop, the flag of a seat that lost on time down."""
        if self._clock is None:
            return
        if outcome.termination == LOST_ON_TIME:
            for seat in (outcome.ranking[-1] if outcome.ranking else
                         [s for s in range(len(self._clock.times)) if s not in outcome.winners]):
                if 0 <= seat < len(self._clock.times):
                    self._clock.flag(seat)
        self._clock.set_times(self._clock.times)

    def _mine(self, name: str) -> bool:
        return any(self.players[seat].label == name for seat in self.my_seats) if self._local else False

    def _mine_seat(self, seat: int) -> bool:
        return seat in self.my_seats

    def _seat_player(self, seat: int, player: Player) -> None:
        players = list(self.match.players)
        players[seat] = player
        self.match.replace_players(players)

    def _players(self, infos: Sequence[p.SeatInfo], seats: int) -> list[Player]:
        players = [Player(REMOTE, OPEN_SEAT)] * seats
        for info in infos:
            if 0 <= info.seat < seats:
                kind = BOT if info.kind == "bot" else HUMAN if info.seat in self.my_seats else REMOTE
                players[info.seat] = Player(kind, info.name, info.name if kind == BOT else None)
        return players

    def _sync(self, sync: p.Sync) -> None:
        """Rebuild the game from the server's whole account of it."""
        try:
            spec = GameSpec.parse(sync.game)
            state = rebuild(spec, sync.start, sync.moves)
        except (RulesError, ValueError) as err:
            self._events.append(ev.NetErrorEvent(
                _("The host sent a game this copy cannot rebuild: {error}").format(error=err)))
            return
        players = self._players(sync.players, state.num_seats)
        self.paused = sync.paused
        self._ended = _outcome(sync.ended) if sync.ended else None
        same = (self._local is not None and sync.how != "rematch" and spec == self._spec   # a rematch is a new game
                and sync.start == self._start and list(sync.moves) == [r.text for r in self.records])
        seats_changed = self._local is not None and players != self.players
        self._spec, self._start = spec, sync.start
        self._confirmed = list(sync.moves)
        self._pending = []
        if self._local is None:
            self._local = MatchSession(Match(state, players))
        elif not same:
            self.session.cancel_hint()
            self.session.match = Match(state, players)
        elif seats_changed:
            self.match.replace_players(players)
        if seats_changed:
            self._events.append(SeatsChanged())
        if not same:
            self._events.append(PositionChanged(HOW[sync.how], (), new_game=True))
            if self.outcome() is not None and sync.how != "join":
                self._events.append(GameOver(self.outcome(), counts=False))

    def _take_move(self, moved: p.Moved) -> None:
        if moved.ply < len(self._confirmed):
            return      # in the game already (the sync this session started from had it)
        if moved.ply > len(self._confirmed):
            self._events.append(ev.NetErrorEvent(_("move {number} arrived out of order; the game is "
                                                   "shown as far as it is known").format(number=moved.ply + 1)))
            return
        self._confirmed.append(moved.move)
        if self._pending:
            if self._pending[0] == moved.move:
                self._pending.pop(0)
                return
            self._rebuild()
            return
        state = self.state
        try:
            move = state.parse_move(moved.move)
            if not state.is_legal(move):
                raise IllegalMove(f"{moved.move} is not legal here")
        except (BadNotation, IllegalMove) as err:
            self._events.append(ev.NetErrorEvent(
                _("The host sent a move this copy cannot play: {error}").format(error=err)))
            return
        self.session.cancel_hint()
        record = self.match.play(move, moved.note)
        self._moved(MovePlayed(record, {"bot": "bot", "pass": "pass"}.get(moved.by, "remote")))

    def _rebuild(self) -> None:
        """This screen's moves were overtaken: the game as the server has it."""
        assert self._spec is not None
        try:
            state = rebuild(self._spec, self._start, self._confirmed)
        except RulesError as err:
            self._events.append(ev.NetErrorEvent(
                _("The host sent a move this copy cannot play: {error}").format(error=err)))
            return
        self._pending = []
        self.session.cancel_hint()
        self.session.match = Match(state, list(self.players))
        self._events.append(PositionChanged("sync", (), new_game=True))

    def _moved(self, played: MovePlayed) -> None:
        self._events.append(played)
        outcome = self.state.outcome()
        if outcome is not None and self._ended is None:    # else the server's result came, and counted
            self._events.append(GameOver(outcome, counts=True))


def rebuild(spec: GameSpec, start: str, moves: Sequence[str]) -> State:
    """The game ``spec`` from the set-up position ``start`` (``''``: the usual start) with
    ``moves`` played, each read and checked by the rules; ``RulesError`` names a bad one."""
    state = spec.rules.from_position(start, **dict(spec.options)) if start else spec.new_state()
    for number, text in enumerate(moves, start=1):
        try:
            state.push(state.parse_move(text))
        except RulesError as err:
            raise BadNotation(f"move {number} ({text!r}): {err}") from None
    return state


def _outcome(result: p.Result) -> Outcome:
    try:
        termination = Termination(result.termination)
    except ValueError:
        termination = Termination.DISCONNECTION
    return Outcome(tuple(result.winners), wording.worded(result.words, result.reason), (),
                   tuple(tuple(g) for g in result.ranking), termination=termination)
