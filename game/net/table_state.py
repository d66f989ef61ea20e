"""What the table of one hosted game holds and shows: the match and its bots, the
seats and who holds them, the guests and what each is to be told, and whether the
game waits for someone.

``TableState`` is the ground of ``Table`` (``game/net/table.py``), which adds
what each client's message does. It is synchronous and knows no sockets: its
``clock`` counts the seconds a dropped player has to come back, and, with a time
control, the players' time: the server keeps it (``game/match/clocks.py``). A
seat's time runs from the tick the server told everyone of the position until the
tick its move is received, so a client's lag is charged only as far as the server
saw it; every clock stops while the game waits (a player dropped, a seat still
open), and the server declares a flag fallen.
"""
from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any, Callable, Sequence

from game.match.clocks import Clock, SeatTime, TimeControl
from game.match.config import GameConfig, NetLimits
from game.match.record import REMOTE, Match, Player
from game.match.runner import BotRunner, BotSpec
from game.match.session import MatchSession
from game.net import endings
from game.net import protocol as p
from game.net import wording
from game.net.seating import OPEN_SEAT, Claim, Guest, Request, SeatPlan
from game.rules.catalogue import GameSpec
from game.rules.core import Outcome, State
from game.store.savefile import printable, save_match


class TableState:
    """What one hosted game's table holds and shows: see the module docstring.

    ``game`` is a ``GameSpec`` (or its text) for a new game, or a ``State`` to go
    on from (a loaded game, its moves played). ``bot_spec`` turns a tier name
    into how to run it, and ``game_config`` holds the game's tiers and hint tier
    (default for both: the player's config, loaded on first use); from them the
    one stand-in rule (``game.match.seats.stand_in``) picks the bot that plays out
    the seats of a player who resigned from a game of three or more.
    ``after_limit`` is what happens to a seat whose player did not come back in
    time when no host decides: ``None`` waits for the host, ``'end'`` ends the
    game, else a tier takes the seat. ``offer_seconds`` is how long a joiner has to
    answer an invitation: then it is let go, and its seat is offered to the next.
    ``time_control`` (None: no clocks) gives each seat ``times`` left (default: its full time).
    """

    def __init__(self, game: GameSpec | str | State, seats: Sequence[SeatPlan], *, name: str = "Host",
                 reconnect_seconds: float = NetLimits().reconnect_seconds,
                 offer_seconds: float = NetLimits().offer_seconds, log: Callable[[str], None] = print,
                 bot_spec: Callable[[str], BotSpec] | None = None, after_limit: str | None = None,
                 make_runner: Callable[[BotSpec], BotRunner] = BotRunner,
                 game_config: GameConfig | None = None, clock: Callable[[], float] = time.monotonic,
                 time_control: TimeControl | None = None, times: Sequence[SeatTime] | None = None) -> None:
        state = game if isinstance(game, State) else (
            GameSpec.parse(game) if isinstance(game, str) else game).new_state()
        self.spec = GameSpec.of_state(state)
        if len(seats) != state.num_seats:
            raise ValueError(f"{self.spec} seats {state.num_seats} players, {len(seats)} seats were planned")
        self.plans = list(seats)
        self.name = printable(name)[:40] or "Host"
        self.reconnect_seconds = reconnect_seconds
        self.offer_seconds = offer_seconds
        self.log = log
        self.after_limit = after_limit
        self.clock = clock
        configured = _Configured(self.spec.game_id)
        self._bot_spec = bot_spec or configured.bot_spec
        self._game_config = (lambda: game_config) if game_config is not None else configured.game
        self._make_runner = make_runner
        self.host_token = secrets.token_urlsafe(16)
        bots = {seat: self._bot_spec(plan.tier) for seat, plan in enumerate(seats) if plan.kind == "bot"}
        players = [Player.of_bot(plan.tier, label=bots[seat].label) if plan.kind == "bot"
                   else Player(REMOTE, OPEN_SEAT) for seat, plan in enumerate(seats)]
        clocks = Clock(time_control, state.num_seats, now=clock, times=times) if time_control else None
        if clocks is not None:
            clocks.pause()          # until every seat is taken
        self.session = MatchSession(Match(state, players, clock=clocks), bots, make_runner=make_runner)
        self.claims: dict[str, Claim] = {}
        self.watchers: set[str] = set()
        self.guests: list[Guest] = []
        #: Seats whose players resigned from a game of three or more, in order; a stand-in plays them out.
        self.resigned: list[int] = []
        self.request: Request | None = None
        self.moves_relayed = 0
        self._request_ids = 0
        self._pause: tuple[str, int | None] | None = None
        self._expired: set[int] = set()        # seats past their limit, waiting for the host's decision
        self._output: dict[Guest, None] = {}   # guests with something to send, or to close
        #: When a bot that gave no move is asked again, and the move number it was stuck at (said once).
        self._retry_at: float | None = None
        self._stuck_told: int | None = None

    # -- reading ---------------------------------------------------------------------------
    @property
    def ended(self) -> Outcome | None:
        """How the players or the server ended the game (None while the rules decide);
        kept in the match, so a save records it."""
        return self.session.match.ended

    @ended.setter
    def ended(self, outcome: Outcome | None) -> None:
        self.session.match.ended = outcome
        if outcome is not None and self.session.clock is not None:
            self.session.clock.hold()       # a game its players ended: the mover's time stops with it

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def is_over(self) -> bool:
        return self.ended is not None or self.session.is_over

    def seat_holder(self, seat: int) -> Claim | None:
        return next((claim for claim in self.claims.values() if seat in claim.seats), None)

    def holds_seat(self, token: str | None) -> bool:
        """``token`` is the host's or a player's who holds seats: its bearer is to be let in."""
        claim = self.claims.get(token) if token is not None else None
        return token is not None and (token == self.host_token or (claim is not None and bool(claim.seats)))

    def seat_holders(self) -> int:
        """How many bearers of a seat's token may come (the host's token, until used, counts)."""
        holders = sum(1 for claim in self.claims.values() if claim.seats)
        return holders + (self.host_token not in self.claims)

    def open_seats(self, *, for_host: bool = False) -> list[int]:
        """Remote seats nobody holds (the host's kept seats only ``for_host``)."""
        return [seat for seat, plan in enumerate(self.plans)
                if plan.kind == "remote" and plan.reserved == for_host and self.seat_holder(seat) is None
                and not self.session.match.players[seat].is_bot]

    def seat_infos(self) -> list[p.SeatInfo]:
        infos = []
        for seat, player in enumerate(self.session.match.players):
            if player.is_bot:
                infos.append(p.SeatInfo(seat, player.label, "bot"))
                continue
            claim = self.seat_holder(seat)
            if claim is None:
                infos.append(p.SeatInfo(seat, OPEN_SEAT, "open", connected=False))
            else:
                infos.append(p.SeatInfo(seat, claim.name, "remote", connected=claim.guest is not None))
        return infos

    def sync(self, how: str) -> p.Sync:
        state = self.state
        replay = state.root()
        moves = []
        for move in state.move_stack:
            moves.append(replay.move_to_str(move))
            replay.push(move)
        pause = self.pause_now()
        return p.Sync(how, str(self.spec), state.start_text, moves, self.seat_infos(),
                      endings.result(self.ended) if self.ended else None, pause[0] if pause else None,
                      self.clock_state())

    def clock_state(self) -> p.ClockState | None:
        """Each seat's time now, for the messages that carry it (None: no time control)."""
        clock = self.session.clock
        if clock is None:
            return None
        times = [clock.left(seat) for seat in range(self.state.num_seats)]
        return p.ClockState(clock.control.text, [p.SeatClock(max(0.0, t.main), t.periods, max(0.0, t.period))
                                                 for t in times], clock.ticking())

    def pause_now(self) -> tuple[str, int | None] | None:
        """Why the game waits now (in English), and the seat it waits for; None when it goes on."""
        pause = self.pause_words()
        return None if pause is None else (wording.english(pause[0]), pause[1])

    def pause_words(self) -> tuple[p.Words, int | None] | None:
        """Why the game waits now, as words for each window, and the seat it waits for; None when it goes on."""
        if self.is_over:
            return None
        now = self.clock()
        for seat in range(self.state.num_seats):
            if self.session.match.players[seat].is_bot:
                continue
            claim = self.seat_holder(seat)
            if claim is None:
                return wording.words("waiting_for_seat", seat=seat + 1, seat_name=self.state.seat_name(seat)), seat
            if claim.guest is None:
                if seat in self._expired:
                    return wording.words("did_not_come_back", name=claim.name), seat
                left = max(0.0, self.reconnect_seconds - (now - (claim.dropped_at or now)))
                return wording.words("lost_connection", name=claim.name, seconds=f"{left:.0f}"), seat
        return None

    def running(self) -> bool:
        return not self.is_over and self.pause_now() is None

    def busy(self) -> bool:
        """The game runs and a bot is thinking or a move is ready: ``tick`` has work now."""
        return self.running() and (self.session.thinking() or self.session.ready() is not None)

    def _seat_name(self, seat: int) -> str:
        player = self.session.match.players[seat]
        return f"{player.label} ({self.state.seat_name(seat)})"

    # -- life cycle --------------------------------------------------------------------------
    def start(self) -> None:
        """Start the bots' workers (they build their bots in the background)."""
        self.session.start()
        self._pause = self.pause_now()
        if self._pause is None:
            self.session.resume_clock()

    def close(self) -> None:
        """Stop the bots' workers."""
        self.session.close()

    def save(self, path: Path | str) -> None:
        """Write the game to a save file (``OSError`` if it cannot be written)."""
        save_match(self.session.match, path)

    # -- guests ----------------------------------------------------------------------------
    def arrive(self, peer: str) -> Guest:
        """A new client, ``peer`` naming where it connects from; it is to say hello first."""
        guest = Guest(peer)
        self.guests.append(guest)
        return guest

    def leave(self, guest: Guest, why: p.Words | str) -> None:
        """``guest`` is gone (its connection ended, or the table ends it): log why, hold its
        seats for its token, tell the others (``why`` as words each window says in its language)."""
        if guest.gone:
            return
        said = why if isinstance(why, p.Words) else None
        why = wording.english(said) if said is not None else why
        self._let_go(guest)
        self.log(f"{guest.who} dropped: {why or 'left'}")
        claim = guest.claim
        if claim is not None and claim.guest is guest:
            claim.guest = None
            claim.dropped_at = self.clock()
            self._broadcast(p.Left(claim.name, why, said))
        elif guest.watching:
            self._broadcast(p.Left(guest.name, why, said))
        self._update_pause()

    def take_output(self) -> list[Guest]:
        """The guests with messages in their outbox, or to close (``gone``), since the last call."""
        guests, self._output = list(self._output), {}
        return guests

    def _let_go(self, guest: Guest) -> None:
        guest.gone = True
        if guest in self.guests:
            self.guests.remove(guest)
        self._output[guest] = None

    def _send(self, guest: Guest, message: p.Message) -> None:
        if not guest.gone:
            guest.outbox.append(message)
            self._output[guest] = None

    def _broadcast(self, message: p.Message) -> None:
        for guest in self.guests:
            if guest.joined:
                self._send(guest, message)

    def _refuse(self, guest: Guest, code: str, sentence: str, **values: str | int | float) -> None:
        """Tell ``guest`` an ``error`` of ``code``: the ``wording`` sentence with ``values``."""
        self._send(guest, wording.error(code, sentence, **values))

    def _announce(self, sentence: str, **values: str | int | float) -> None:
        """A chat line of the server's to everyone: the ``wording`` sentence with ``values``."""
        self._broadcast(wording.announcement(sentence, **values))

    # -- pauses ----------------------------------------------------------------------------
    def _update_pause(self) -> None:
        pause = self.pause_now()
        key = None if pause is None else (pause[0].split(":")[0], pause[1])
        old = None if self._pause is None else (self._pause[0].split(":")[0], self._pause[1])
        if key == old:
            return
        self._pause = pause
        if pause is None:
            self.session.resume_clock()
            self._broadcast(p.Resumed(self.clock_state()))
            self.log("The game goes on")
            return
        self.session.pause_clock()
        reason, seat = pause
        said = self.pause_words()[0]
        claim = self.seat_holder(seat) if seat is not None else None
        seconds = None
        if claim is not None and claim.guest is None and claim.dropped_at is not None:
            seconds = max(0.0, self.reconnect_seconds - (self.clock() - claim.dropped_at))
        self._broadcast(p.Paused(reason, seconds, seat, said, self.clock_state()))
        self.log(f"Paused: {reason}")


class _Configured:
    """The game's settings in the player's config, and its tiers' bots, each loaded on first use."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._config: Any = None
        self._registry: Any = None

    def _loaded_config(self) -> Any:
        if self._config is None:
            from game.match.config import load_config

            self._config = load_config()
        return self._config

    def game(self) -> GameConfig:
        """The game's tiers and hint tier (the config alone: no bots are looked for)."""
        return self._loaded_config().game(self.game_id)

    def bot_spec(self, tier: str) -> BotSpec:
        """How to run ``tier``; ``ValueError`` saying why it cannot play here."""
        from game.match.botregistry import BotRegistry
        from game.match.config import BotChoiceError

        config = self._loaded_config()
        if self._registry is None:
            self._registry = BotRegistry.discover(check=config.bot_checks())
        try:
            return config.bot_spec(self.game_id, tier, self._registry)
        except BotChoiceError as err:
            raise ValueError(str(err)) from None
