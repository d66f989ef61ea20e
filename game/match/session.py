"""The match session: the one turn loop, shared by the play screen, the arena and
the LAN server (``game/net``).

A ``MatchSession`` owns a ``Match`` (the state, the player in each seat, the
move records and the redo history), a ``BotRunner`` for each bot seat and one
for hints. It never blocks and never draws: its driver calls ``poll`` (often:
every frame, or in a loop with ``wait``) and decides *when* a move that is
ready is played (``play_ready``), so a screen can let the last move's
animation finish first and an arena can play at once. Whatever happens is
reported as events, drained with ``events()``, which the screen animates, the
arena counts and the LAN server broadcasts::

    with MatchSession(match, {1: spec}) as session:   # seat 1 is a bot; its worker starts
        session.play(move)                            # the human's move
        while not session.is_over:
            session.poll()
            if session.ready() is not None:           # the bot has answered
                session.play_ready()
            for event in session.events():
                ...

The seat to move is in one of the ``Waiting`` states: a human (or a remote
player) to move, a bot thinking, a bot's move or a forced pass ready to be
played, or the game over. A forced pass (a game's ``pass_move`` as the only
legal move) is never asked of anyone: the session offers it as ready and the
driver plays it after its own pause. A bot that fails (raises, overruns its
time, answers with an illegal move, dies) costs it a random legal move, which
``MovePlayed.failure`` names; a bot that gives no move at all stops the game
(``Waiting.STUCK``) until the driver retries it (``retry``), undoes or
restarts.

With a time control (``match.clock``, ``game/match/clocks.py``) the session runs
the clock of the seat to move while it is to choose: not while a bot's answer
waits to be played, a stuck bot waits, a bot's engine is still being built, or
the driver paused it (``pause_clock``: the game menu). A bot's budget is capped so
that it never flags (``Clock.budget_for``) and its time is charged like anyone's.
A seat whose time runs out loses the game on time (``clocks.lost_on_time``), found
by ``poll`` (or by ``play``, which then refuses the move); an undo, redo or restart
puts back each seat's time as it was at that move.

Undo goes back to the previous turn of a human at this screen (over any
forced passes, which were no choice), or one move when only bots play; a
restart keeps the game taken back as redo history. The result of a game is
counted once (``GameOver.counts``): not again when undo and redo bring the
same ending back, not for a finished game that was pasted or loaded.

``Session`` is what a screen drives, declared: ``MatchSession`` is one, and so
is ``RemoteSession`` (``game/net/remote_session.py``), a network game mirrored
from its server; the play screen knows no other.
"""
from __future__ import annotations

import enum
import time
from dataclasses import dataclass, field
from typing import Callable, Mapping, Protocol, Sequence

from game.lang import _
from game.match.clocks import Clock, lost_on_time
from game.match.record import REMOTE, Match, MoveRecord, Player
from game.match.runner import ANALYSE, BotReply, BotRunner, BotSpec
from game.rules.bot import MoveValue, PositionValue, VALUE, position_value, ranked_moves
from game.rules.core import IllegalMove, Move, Outcome, State


#: How many times a hint whose bot proved some moves' values but not all is asked
#: again, each time with twice the time before (5 s: then 10, 20 and 40 s more).
HINT_ROUNDS = 3
#: Seconds ``wait_hint`` waits for an answer before it looks for values reported on the way.
PROGRESS_CHECK = 0.05


def unproven(values: Mapping[Move, MoveValue], legal: Sequence[Move]) -> bool:
    """Whether a bot that proves values (it proved one at least) left a legal move
    unvalued or not proven: more time may prove it. Estimates alone never are."""
    proving = any(value.exact for value in values.values())
    return proving and not all(move in values and values[move].exact and values[move].bound == VALUE
                               for move in legal)


def proof_count(values: Mapping[Move, MoveValue]) -> tuple[int, int]:
    """How much a hint proved: its proven values and bounds, then its exact values (a try that
    proves no more than the last is not repeated with more time)."""
    return (sum(value.exact for value in values.values()),
            sum(value.exact and value.bound == VALUE for value in values.values()))


class Waiting(enum.Enum):
    """What the game waits for now."""

    HUMAN = "human"          # a player at this screen is to move
    REMOTE = "remote"        # a player over the network is to move
    BOT = "bot"              # a bot is thinking (or its worker is starting)
    READY = "ready"          # a bot's move or a forced pass is ready: ``play_ready`` plays it
    STUCK = "stuck"          # a bot gave no legal move: the driver may undo or restart
    OVER = "over"            # the game is over


# -- events ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Event:
    """Base of what a session reports."""


@dataclass(frozen=True)
class MovePlayed(Event):
    """A move was played. ``by`` is the kind of player that chose it (``'human'``,
    ``'bot'``, ``'remote'``) or ``'pass'`` for a forced pass played for the seat;
    for a bot, ``elapsed`` is its thinking time and ``failure`` (if any) says how it
    failed, in which case ``record.move`` is the random move played instead."""

    record: MoveRecord
    by: str
    elapsed: float = 0.0
    failure: str | None = None


@dataclass(frozen=True)
class PositionChanged(Event):
    """The position jumped: ``how`` is ``'undo'``, ``'redo'``, ``'restart'`` or
    ``'paste'``; ``records`` are the moves taken back or replayed; ``new_game``
    says the game went back to its start first (a restart, a paste that
    replaced the game)."""

    how: str
    records: tuple[MoveRecord, ...] = ()
    new_game: bool = False


@dataclass(frozen=True)
class GameOver(Event):
    """The game has ended. ``counts`` is true the first time this game's result is
    reached by play (statistics record it then, and only then)."""

    outcome: Outcome
    counts: bool


@dataclass(frozen=True)
class BotStuck(Event):
    """The bot to move gave no legal move at all; the game cannot go on by itself."""

    seat: int
    text: str


@dataclass(frozen=True)
class SeatsChanged(Event):
    """The players changed seats (swap sides); the game restarted."""


@dataclass(frozen=True)
class HintReady(Event):
    """The hint bot's judgement of the position it was asked about.

    ``move`` is the best move as far as is known (``ranked_moves``' first:
    an unvalued move before a proven loss), ``detail`` the words of its value
    (``'not valued yet'`` when it has none), ``values`` every move it valued
    and ``position`` what they prove of the position. ``refining``: more is
    coming for the same position: these are the values the bot reported on
    its way (``Bot.report``), or it proved some values but not all and is
    asked again with more time (the player may move meanwhile, which drops
    the rest)."""

    move: Move
    detail: str
    values: Mapping[Move, MoveValue] = field(default_factory=dict)
    position: PositionValue | None = None
    refining: bool = False


@dataclass(frozen=True)
class HintFailed(Event):
    """No hint: ``text`` says why, in words for a player."""

    text: str


# -- what a screen drives ------------------------------------------------------------------
class Session(Protocol):
    """A game as a screen drives it: read it, move it along once a frame (``poll``,
    ``ready``, ``play_ready``), play a player's move, jump (undo, redo, restart,
    paste, swap), ask for a hint, and show what happened (``events``). See
    ``MatchSession`` for what each does; a network game's session does what the
    network allows and refuses the rest (its jumps return False or raise
    ``IllegalMove``: they are the server's)."""

    @property
    def match(self) -> Match: ...
    @property
    def state(self) -> State: ...
    @property
    def specs(self) -> Mapping[int, BotSpec]:
        """How each bot seat run on this computer runs (none when the bots run elsewhere)."""
    @property
    def is_over(self) -> bool: ...
    @property
    def all_bots(self) -> bool: ...
    @property
    def hint_pending(self) -> bool: ...
    @property
    def hint_refining(self) -> bool: ...

    @property
    def clock(self) -> Clock | None:
        """Each seat's time, when the game has a time control."""

    def outcome(self) -> Outcome | None: ...
    def pause_clock(self) -> None: ...
    def resume_clock(self) -> None: ...
    def waiting(self) -> Waiting: ...
    def thinking(self) -> bool: ...
    def warming(self) -> bool: ...
    def starting(self) -> bool: ...
    def can_undo(self) -> bool: ...
    def can_redo(self) -> bool: ...
    def start_bots(self, allowed: Callable[[BotSpec], bool] = ...) -> None: ...
    def close(self) -> None: ...
    def events(self) -> list[Event]: ...
    def poll(self) -> None: ...
    def ready(self) -> "MovePlayed | None": ...
    def play_ready(self) -> "MovePlayed | None": ...
    def play(self, move: Move) -> "MovePlayed | None": ...
    def retry(self) -> None: ...
    def undo(self) -> bool: ...
    def redo(self) -> bool: ...
    def restart(self) -> bool: ...
    def paste(self, game: State) -> None: ...
    def swap_seats(self) -> None: ...
    def hint_unavailable(self, names: Sequence[str] | None = None) -> str: ...
    def request_hint(self, spec: BotSpec) -> None: ...
    def cancel_hint(self) -> None: ...


# -- the session ------------------------------------------------------------------------
class MatchSession:
    """A match being played: see the module docstring.

    ``bots`` gives the ``BotSpec`` of each bot seat. The session starts and
    closes a ``BotRunner`` for each, unless ``runners`` hands it one for a
    seat, which then stays the caller's (the arena keeps its runners from
    game to game). ``start`` (or ``start_bots``) starts the workers.
    """

    def __init__(self, match: Match, bots: Mapping[int, BotSpec] | None = None, *,
                 runners: Mapping[int, BotRunner] | None = None,
                 make_runner: Callable[[BotSpec], BotRunner] = BotRunner) -> None:
        self.match = match
        self.specs: dict[int, BotSpec] = dict(bots or {})
        self._given: dict[int, BotRunner] = dict(runners or {})
        for seat, runner in self._given.items():
            self.specs.setdefault(seat, runner.spec)
        for seat in self.specs:
            if not 0 <= seat < match.state.num_seats or not match.players[seat].is_bot:
                raise ValueError(f"seat {seat + 1} has a bot spec but is not a bot seat of this match")
        self._make_runner = make_runner
        self.runners: dict[int, BotRunner] = dict(self._given)
        self._events: list[Event] = []
        self._ready: tuple[int, BotReply | None] | None = None   # (seat, reply); reply None: a forced pass
        self._stuck: str | None = None
        self._counted = self.is_over
        #: Whether the game a restart took back had its result counted (None: no such game).
        self._restart_counted: bool | None = None
        self._hint_runner: BotRunner | None = None
        self._hint_pending = False
        self._hint_refining = False
        self._hint_round = 0
        self._hint_proven = (0, 0)
        if self.clock is not None:
            self.clock.mark(len(self.match.records))

    # -- reading ------------------------------------------------------------------------
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
        return self.match.outcome()

    @property
    def clock(self) -> Clock | None:
        return self.match.clock

    def pause_clock(self) -> None:
        """Stop the running clock (the game menu is open) until ``resume_clock``."""
        if self.clock is not None:
            self.clock.pause()

    def resume_clock(self) -> None:
        if self.clock is not None:
            self.clock.resume()
            self._sync_clock()

    @property
    def is_over(self) -> bool:
        return self.match.ended is not None or self.match.state.is_over()

    @property
    def all_bots(self) -> bool:
        """Every seat is a bot: the game plays itself."""
        return not any(p.is_human or p.kind == REMOTE for p in self.match.players)

    def waiting(self) -> Waiting:
        """What the game waits for now (see ``Waiting``)."""
        if self.is_over:
            return Waiting.OVER
        if self._ready is not None:
            return Waiting.READY
        if self._stuck is not None:
            return Waiting.STUCK
        player = self.match.current_player
        if self.state.must_pass():
            return Waiting.READY
        if player.is_bot:
            return Waiting.BOT
        return Waiting.HUMAN if player.is_human else Waiting.REMOTE

    def ready(self) -> MovePlayed | None:
        """The move ``play_ready`` would play now, as the event it would report
        (its record not yet in the match), or ``None`` if nothing is ready."""
        self._offer_forced_pass()
        if self._ready is None:
            return None
        seat, reply = self._ready
        state = self.state
        if reply is None:
            move = state.pass_move
            return MovePlayed(MoveRecord(move, seat, state.move_to_str(move)), "pass")
        return MovePlayed(MoveRecord(reply.move, seat, state.move_to_str(reply.move)), "bot",
                          reply.elapsed, reply.failure)

    def thinking(self) -> bool:
        """A bot seat whose worker runs is to move, and its answer has not been played yet."""
        return not self.is_over and self.match.current_player.is_bot and self.state.turn in self.runners

    def warming(self) -> bool:
        """The bot to move is not ready to think: it has no worker yet (``start_bots`` was
        told to wait), or its worker is still building it and compiling (or loading) its
        engine, so it does not have the position yet."""
        state = self.state
        if self.is_over or state.turn not in self.specs:
            return False
        runner = self.runners.get(state.turn)
        return runner is None or runner.starting

    def can_undo(self) -> bool:
        return self.match.can_undo()

    def can_redo(self) -> bool:
        return self.match.can_redo()

    # -- life cycle -------------------------------------------------------------------
    def start(self) -> "MatchSession":
        """Start every bot seat's worker (they build their bots in the background)."""
        self.start_bots()
        return self

    def start_bots(self, allowed: Callable[[BotSpec], bool] = lambda spec: True) -> None:
        """Start the worker of each bot seat that has none yet and that ``allowed``
        lets start now (the window holds back an engine the launch-time warm-up is
        compiling at this moment)."""
        for seat, spec in self.specs.items():
            if seat not in self.runners and allowed(spec):
                self.runners[seat] = self._make_runner(spec).start()

    def starting(self) -> bool:
        """Some worker of this session is still building its bot or compiling its engine."""
        runners = [*self.runners.values(), *([self._hint_runner] if self._hint_runner else [])]
        return any(runner.starting for runner in runners)

    def close(self) -> None:
        """Stop the workers this session started (not those the caller handed it)."""
        for seat, runner in self.runners.items():
            if self._given.get(seat) is not runner:
                runner.close()
        self.runners = dict(self._given)
        if self._hint_runner is not None:
            self._hint_runner.close()
            self._hint_runner = None
        self._hint_pending = self._hint_refining = False

    def __enter__(self) -> "MatchSession":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    def events(self) -> list[Event]:
        """What happened since the last call, oldest first."""
        events, self._events = self._events, []
        return events

    # -- the turn loop ------------------------------------------------------------------
    def poll(self) -> None:
        """Move the game along without blocking: ask the bot to move, take in its
        answer and the hint's. Plays nothing (see ``play_ready``)."""
        self._poll_hint()
        if self._check_flag():
            return
        self._sync_clock()
        if self.is_over or self._ready is not None or self._stuck is not None:
            return
        if self._offer_forced_pass():
            self._sync_clock()
            return
        seat = self.state.turn
        runner = self.runners.get(seat)
        if runner is None or not self.match.players[seat].is_bot:
            return
        if not runner.busy:
            runner.request(self.state, budget=self._budget(seat))
        self._take(seat, runner.poll())
        self._sync_clock()
        self._check_flag()

    def wait(self, timeout: float | None = None) -> None:
        """Block until the move to play is ready (a bot's answer, a forced pass).

        ``RuntimeError`` if the seat to move is not a bot (nothing would come)
        or its bot gave no move at all (``Waiting.STUCK``); ``TimeoutError``
        after ``timeout`` seconds. Starts the bots' workers if they were not
        started."""
        self.poll()
        if self._stuck is not None:
            raise RuntimeError(self._stuck)
        if self._ready is not None or self.is_over:
            return
        seat = self.state.turn
        if seat not in self.specs:
            raise RuntimeError(f"seat {seat + 1} is not a bot: there is no move to wait for")
        if seat not in self.runners:
            self.start_bots()
        runner = self.runners[seat]
        if not runner.busy:
            runner.request(self.state, budget=self._budget(seat))
        self._take(seat, runner.wait(timeout))
        self._sync_clock()
        self._check_flag()

    def play_ready(self) -> MovePlayed | None:
        """Play the ready bot move or forced pass; returns its event (None if none)."""
        event = self.ready()
        if event is None:
            return None
        self._ready = None
        record = self._push(event.record.move, note=self._note(event.failure))
        played = MovePlayed(record, event.by, event.elapsed, event.failure)
        self._report_move(played)
        return played

    def play(self, move: Move) -> MovePlayed:
        """Play a human's (or remote player's) move for the seat to move.

        ``IllegalMove`` (and nothing changes) if it is not legal now or a bot is
        to move."""
        player = self.match.current_player
        if self._check_flag():
            raise IllegalMove(f"{player.label}'s time is up")
        if self.is_over:
            raise IllegalMove("the game is over")
        if player.is_bot:
            raise IllegalMove(f"it is not a player's turn here: {player.label} is to move")
        if not self.state.is_legal(move):
            raise IllegalMove(f"{move!r} is not a legal move here")
        record = self._push(move)
        played = MovePlayed(record, "human" if player.is_human else "remote")
        self._report_move(played)
        return played

    def retry(self) -> None:
        """Ask the stuck bot (``Waiting.STUCK``) for its move again."""
        self._stuck = None

    # -- jumps --------------------------------------------------------------------------
    def undo(self) -> bool:
        """Back to the previous turn of a human here (see the module docstring).
        False (and nothing changes) if there is nothing to undo."""
        if not self.match.can_undo():
            return False
        self._drop_work()
        self._jumped("undo", self.match.undo())
        return True

    def redo(self) -> bool:
        """Replay what the last undo (or restart) took back; False if nothing."""
        if not self.match.can_redo():
            return False
        self._drop_work()
        replayed = self.match.redo()
        if self._restart_counted is not None:    # the game the restart took back
            self._counted = self._restart_counted
            self._restart_counted = None
        self._jumped("redo", replayed)
        return True

    def restart(self) -> bool:
        """Back to the start with the same players; the game taken back stays as
        redo history. True if there were moves to take back."""
        had_moves = bool(self.match.records)
        self._drop_work()
        taken = list(reversed(self.match.records))
        self.match.restart()
        self._restart_counted = self._counted if had_moves else None
        self._counted = False
        for runner in self.runners.values():
            runner.new_game()
        self._jumped("restart", taken, new_game=True)
        return had_moves

    def paste(self, game: State) -> None:
        """Make this game ``game``, a pasted move list or set-up position with any
        moves: if it starts where this game did and this game's moves begin its
        moves, only the rest is played; otherwise the game is replaced. Each is a
        move of the match (undo takes them back); a finished pasted game is shown,
        not counted. ``game`` was built by playing its moves, so they are legal
        from its start and are not checked again."""
        moves = list(game.move_stack)
        start = game.root()
        self._drop_work()
        played = list(self.state.move_stack)
        same_start = start.start_text == self.state.start_text
        replaced = not same_start or moves[:len(played)] != played
        if replaced:
            self.match.restart(None if same_start else start)
            for runner in self.runners.values():
                runner.new_game()
            self._counted = False
            if self.clock is not None:
                self.clock.reset()
                self.clock.mark(0)
        new = [self.match.play(move) for move in moves[len(self.state.move_stack):]]
        self._restart_counted = None
        self._counted = self._counted or self.is_over
        self._jumped("paste", new, new_game=replaced)

    def swap_seats(self) -> None:
        """Move every player one seat on (seat 2's player to seat 1, seat 1's to the
        last), with their bots, and start again; Redo brings the last game back."""
        seats = self.state.num_seats
        players = self.match.players
        self.match.replace_players(players[1:] + players[:1])

        def moved(table: dict) -> dict:
            return {(seat - 1) % seats: value for seat, value in table.items()}

        self.specs, self.runners, self._given = moved(self.specs), moved(self.runners), moved(self._given)
        self._events.append(SeatsChanged())
        self.restart()

    # -- hints ------------------------------------------------------------------------
    @property
    def hint_pending(self) -> bool:
        return self._hint_pending

    @property
    def hint_runner(self) -> BotRunner | None:
        """The hint bot's worker, once a hint was asked for."""
        return self._hint_runner

    def hint_unavailable(self, names: Sequence[str] | None = None) -> str:
        """Why a hint cannot be asked now (``''`` when it can): hints are for the
        move of a player at this screen, in a game still going. ``names`` are how
        the driver names each seat's player (default: the players' labels)."""
        if self.is_over:
            return _("The game is over: no hint")
        player = self.match.current_player
        if not player.is_human:
            name = names[self.state.turn] if names is not None else player.label
            return _("Hints are for your moves: {player} is to move").format(player=name)
        return ""

    @property
    def hint_refining(self) -> bool:
        """A hint is on show and its bot is looking for the values it did not prove yet."""
        return self._hint_refining

    def request_hint(self, spec: BotSpec) -> None:
        """Ask ``spec``'s bot to judge the position; ``HintReady`` or ``HintFailed``
        follows. A hint that proved some values but not all is asked again with
        twice the time, up to ``HINT_ROUNDS`` times while each try proves more
        than the one before, each answer a new ``HintReady`` (``refining`` on
        all but the last). ``ValueError`` with
        ``hint_unavailable``'s words when no hint can be asked now."""
        why = self.hint_unavailable()
        if why:
            raise ValueError(why)
        if self._hint_runner is None or self._hint_runner.spec != spec:
            if self._hint_runner is not None:
                self._hint_runner.close()
            self._hint_runner = self._make_runner(spec).start()
        self._hint_runner.request(self.state, kind=ANALYSE)
        self._hint_pending = True
        self._hint_refining = False
        self._hint_round = 0
        self._hint_proven = (0, 0)

    def wait_hint(self, timeout: float | None = None) -> None:
        """Block until the hint's next answer, or values its bot reported on the way, have
        arrived (its event is queued); ``TimeoutError`` after ``timeout`` seconds."""
        until = None if timeout is None else time.monotonic() + timeout
        while (self._hint_pending or self._hint_refining) and self._hint_runner is not None:
            if self._show_progress():
                return
            left = None if until is None else until - time.monotonic()
            if left is not None and left <= 0:
                raise TimeoutError(f"no hint within {timeout} s")
            try:
                reply = self._hint_runner.wait(PROGRESS_CHECK if left is None else min(PROGRESS_CHECK, left))
            except TimeoutError:
                continue
            self._take_hint(reply)
            return

    def cancel_hint(self) -> None:
        if (self._hint_pending or self._hint_refining) and self._hint_runner is not None:
            self._hint_runner.cancel()
        self._hint_pending = self._hint_refining = False

    def _poll_hint(self) -> None:
        if not (self._hint_pending or self._hint_refining) or self._hint_runner is None:
            return
        reply = self._hint_runner.poll()
        if reply is not None:
            self._take_hint(reply)
        else:
            self._show_progress()

    def _show_progress(self) -> bool:
        """Queue the values the hint's bot reported on its way, if any came: shown at once,
        its answer still to come."""
        runner = self._hint_runner
        partial = runner.progress() if runner is not None else None
        if not partial:
            return False
        self._hint_pending, self._hint_refining = False, True
        best = max(partial, key=lambda move: partial[move].score)
        self._events.append(self._hint_event(BotReply(ANALYSE, best, partial), runner.spec.who, refining=True))
        return True

    def _take_hint(self, reply: BotReply) -> None:
        """Queue the hint's event, and ask again with twice the time if it left values unproven."""
        runner = self._hint_runner
        assert runner is not None
        refining = self._hint_refining
        self._hint_pending = self._hint_refining = False
        if refining and not reply.ok:
            return  # the hint on show stays: a longer try failing takes nothing back
        proven = proof_count(reply.values) if reply.ok else (0, 0)
        before = self._hint_proven
        gained = proven[0] > before[0] or proven[1] > before[1]
        self._hint_proven = (max(proven[0], before[0]), max(proven[1], before[1]))
        again = (reply.ok and self._hint_round < HINT_ROUNDS and gained
                 and unproven(reply.values, self.state.legal_moves()))
        if again:
            self._hint_round += 1
            runner.request(self.state, kind=ANALYSE, budget=runner.spec.budget * 2 ** self._hint_round)
            self._hint_refining = True
        self._events.append(self._hint_event(reply, runner.spec.who, refining=again))

    def _hint_event(self, reply: BotReply, who: str, refining: bool = False) -> Event:
        state = self.state
        if reply.failure:
            return HintFailed(_("No hint: {reason}").format(reason=reply.failure))
        if reply.move is None:
            return HintFailed(_("No hint: the hint bot {bot} cannot judge moves (it gave no move values)").format(bot=who))
        if not state.is_legal(reply.move):
            return HintFailed(_("No hint: the hint bot {bot} suggested a move that is not legal here").format(bot=who))
        legal = state.legal_moves()
        best, value = ranked_moves(reply.values, legal)[0]
        detail = value.text if value is not None else "not valued yet"
        return HintReady(best, detail, dict(reply.values), position_value(reply.values, legal), refining)

    # -- internals ------------------------------------------------------------------------
    def _offer_forced_pass(self) -> bool:
        """A forced pass is ready by itself, whoever is to move."""
        if self._ready is None and self._stuck is None and self.state.must_pass():
            self._ready = (self.state.turn, None)
        return self._ready is not None and self._ready[1] is None

    def _take(self, seat: int, reply: BotReply | None) -> None:
        if reply is None:
            return
        if reply.move is None or not self.state.is_legal(reply.move):
            self._stuck = f"{self.match.players[seat].label} gave no legal move"
            self._events.append(BotStuck(seat, self._stuck))
            return
        self._ready = (seat, reply)

    @staticmethod
    def _note(failure: str | None) -> str:
        return f"{failure}; a random move was played" if failure else ""

    def _push(self, move: Move, note: str = "") -> MoveRecord:
        clock = self.clock
        if clock is not None and clock.running != self.state.turn:
            clock.start(self.state.turn)
        increment = self.state.completes_a_move(move)
        record = self.match.play(move, note)
        self._ready = self._stuck = None  # whatever was ready was for the position before
        self._restart_counted = None     # a new move dropped the redo history
        self.cancel_hint()
        if clock is not None:
            clock.moved(increment)
            clock.mark(len(self.match.records))
            self._sync_clock()
        return record

    # -- the clock ------------------------------------------------------------------------
    def _budget(self, seat: int) -> float | None:
        """The bot's budget for this move: its own, capped by its time to the flag."""
        if self.clock is None:
            return None
        return self.clock.budget_for(seat, self.specs[seat].budget if seat in self.specs
                                     else self.runners[seat].spec.budget)

    def _sync_clock(self) -> None:
        """Run the clock of the seat to move while it is to choose, and only then."""
        clock = self.clock
        if clock is None or self.is_over:
            return
        if clock.running != self.state.turn:
            clock.start(self.state.turn)
        choosing = self._ready is None and self._stuck is None and not self.warming()
        if clock.paused:
            return
        if choosing and clock.ticking() is None:
            clock.resume()
        elif not choosing and clock.ticking() is not None:
            clock.hold()

    def _check_flag(self) -> bool:
        """End the game if the seat to move ran out of time; True if it did now."""
        clock = self.clock
        if clock is None or self.is_over:
            return False
        seat = clock.fallen()
        if seat is None:
            return False
        clock.flag(seat)
        self._drop_work()
        self.match.ended = lost_on_time(self.state.num_seats, seat, self.state.seat_name(seat))
        self._events.append(GameOver(self.match.ended, counts=not self._counted))
        self._counted = True
        return True

    def _report_move(self, played: MovePlayed) -> None:
        self._events.append(played)
        outcome = self.outcome()
        if outcome is not None:
            self._events.append(GameOver(outcome, counts=not self._counted))
            self._counted = True

    def _drop_work(self) -> None:
        """The position is about to jump: forget bot answers and hints for the old one."""
        for runner in self.runners.values():
            if runner.busy:
                runner.cancel()
        self._ready = None
        self._stuck = None
        self.cancel_hint()

    def _jumped(self, how: str, records: Sequence[MoveRecord], new_game: bool = False) -> None:
        if self.clock is not None:
            self.clock.rewind(len(self.match.records))
            self._sync_clock()
        self._events.append(PositionChanged(how, tuple(records), new_game))
        outcome = self.outcome()
        if outcome is not None:
            self._events.append(GameOver(outcome, counts=not self._counted))
            self._counted = True

