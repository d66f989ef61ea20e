"""The table of one hosted game: who sits where, and what each client's message does.

A ``Table`` holds the game's ``MatchSession``: it checks every move with the
rules, runs the bot seats through the same ``BotRunner`` as a local game, and
puts in each guest's outbox what that client is to be told (docs/protocol.md).
The host's own window is just another guest, proving the seats kept for it
with ``host_token``. Others join by invitation (accept or decline) into the
open seats, or watch. Undo, draw and rematch requests wait for every other
player's answer; a player who resigns from a game of three or more leaves it
and a stand-in bot plays their seats out (``game/net/endings.py``).

A player who drops pauses the game for everyone; their token takes the seat
back within ``reconnect_seconds``; after that the host decides (``decide``: a
bot takes the seat, or the game ends), or ``after_limit`` decides for a server
with no host at a screen.

It is synchronous and knows no sockets: the transport (``game/net/server.py``)
hands it each client's arrival (``arrive``), messages (``receive``) and
departure (``leave``), calls ``tick`` to move the bots and the limits along,
and sends what the guests that ``take_output`` names have in their outboxes.
What it holds and shows is ``TableState``'s (``game/net/table_state.py``).
"""
from __future__ import annotations

import secrets
from dataclasses import replace

from game.match.clocks import LOST_ON_TIME
from game.match.record import REMOTE, Player
from game.match.runner import BotSpec
from game.match.seats import stand_in
from game.match.session import BotStuck, GameOver, MatchSession, MovePlayed
from game.net import endings
from game.net import protocol as p
from game.net import wording
from game.net.seating import Claim, Guest, Request
from game.net.table_state import TableState
from game.rules.core import BadNotation, IllegalMove, Outcome, RulesError, Termination
from game.store.savefile import printable

#: Seconds between two asks of a bot that gave no legal move (the game cannot go on without it).
STUCK_RETRY = 1.0


class Table(TableState):
    """One hosted game's table: see the module docstring; the arguments are ``TableState``'s."""

    def tick(self) -> None:
        """Move the game along: ask a stuck bot again when it is time, apply the reconnection
        limit, tell of a pause or its end, and play the bots' moves."""
        now = self.clock()
        if self._retry_at is not None and now >= self._retry_at:
            self._retry_at = None
            self.session.retry()
        self._expire_offers(now)
        if not self.is_over:
            for claim in list(self.claims.values()):
                if claim.guest is None and claim.dropped_at is not None and claim.seats \
                        and now - claim.dropped_at >= self.reconnect_seconds:
                    self._limit_passed(claim)
        self._update_pause()
        if self.running():
            self.session.poll()
            if self.session.ready() is not None:
                self.session.play_ready()
            self._relay_events()

    def _expire_offers(self, now: float) -> None:
        """Let go of each joiner that has not answered its invitation in ``offer_seconds``:
        the seat it was offered goes to the next who joins."""
        for guest in list(self.guests):
            if guest.invited and not guest.joined and now - guest.invited_at >= self.offer_seconds:
                self._refuse(guest, "offer", "invitation_expired", seconds=f"{self.offer_seconds:g}")
                self.leave(guest, wording.words("invitation_unanswered", seconds=f"{self.offer_seconds:g}"))

    # -- messages ------------------------------------------------------------------------------
    def receive(self, guest: Guest, message: p.Message) -> None:
        """Do what ``message`` from ``guest`` asks, or tell it why not (an ``error``).
        Before its hello a client is heard for nothing else: any other message lets it go,
        so that no connection stays without saying who it is."""
        if not guest.name:
            if isinstance(message, p.Hello):
                self._hello(guest, message)
            elif isinstance(message, p.Bye):
                self.leave(guest, wording.words("left"))
            else:
                self._send(guest, wording.error("state", "hello_first", plain=True))
                self.leave(guest, wording.words("before_hello", kind=repr(message.__struct_config__.tag)))
            return
        if isinstance(message, p.Bye):
            self.leave(guest, wording.words("left"))
            return
        if isinstance(message, p.Ping):
            self._send(guest, p.Pong())
            return
        if isinstance(message, p.Pong):
            return
        if isinstance(message, p.Hello):
            self._refuse(guest, "state", "hello_again")
        elif isinstance(message, (p.Accept, p.Decline)):
            if not guest.invited or guest.joined:
                self._refuse(guest, "state", "no_invitation")
            elif isinstance(message, p.Accept):
                self._accept(guest)
            else:
                self.log(f"{guest.who} declined the invitation")
                self._broadcast(p.Declined(guest.name))
                self.leave(guest, wording.words("declined_invitation"))
        elif not guest.joined:
            self._refuse(guest, "state", "answer_invitation_first")
        elif isinstance(message, p.Say):
            text = printable(message.text)
            if text:
                self._broadcast(p.Chat(guest.name, text))
                self.log(f"{guest.name}: {text}")
        elif isinstance(message, p.Play):
            self._play(guest, message)
        elif isinstance(message, p.Ask):
            self._ask(guest, message.kind)
        elif isinstance(message, p.Answer):
            self._answer(guest, message)
        elif isinstance(message, p.Resign):
            self._resign(guest)
        elif isinstance(message, p.Decide):
            self._decide(guest, message)

    # -- joining -----------------------------------------------------------------------------
    def _unique_name(self, wanted: str) -> str:
        used = {claim.name.casefold() for claim in self.claims.values()} | {
            g.name.casefold() for g in self.guests if g.name} | {self.name.casefold()}
        name = printable(wanted)[:32] or "Player"
        candidate, number = name, 2
        while candidate.casefold() in used:
            candidate, number = f"{name} {number}", number + 1
        return candidate

    def _hello(self, guest: Guest, hello: p.Hello) -> None:
        if hello.version != p.PROTOCOL_VERSION:
            self._send(guest, wording.error("version", "version_mismatch", plain=True,
                                            server=p.PROTOCOL_VERSION, client=hello.version))
            self.leave(guest, wording.words("other_protocol", version=hello.version))
            return
        if hello.token is not None:
            claim = self.claims.get(hello.token)
            if claim is None and hello.token == self.host_token:
                claim = Claim(self.host_token, printable(hello.name)[:40] or self.name,
                              self.open_seats(for_host=True), host=True)
                self.claims[claim.token] = claim
                self._name_seats(claim)
            if claim is not None:
                self._take_back(guest, claim)
                return
            if hello.token in self.watchers:
                guest.name = self._unique_name(hello.name)
                self._join_watching(guest, hello.token)
                return
            self._refuse(guest, "token", "token_unknown")
            self.leave(guest, wording.words("unknown_token"))
            return
        guest.name = self._unique_name(hello.name)
        offered = [s for s in self.open_seats() if not any(g.offered == s for g in self.guests if g is not guest)]
        guest.offered = None if hello.watch or not offered else offered[0]
        guest.invited, guest.invited_at = True, self.clock()
        seat = guest.offered
        self._send(guest, p.Invitation(str(self.spec), self.state.title, self.name, seat,
                                       self.state.seat_name(seat) if seat is not None else "", self.seat_infos()))
        self.log(f"{guest.who} connected; invited to " + (f"seat {seat + 1}" if seat is not None else "watch"))

    def _take_back(self, guest: Guest, claim: Claim) -> None:
        again = claim.dropped_at is not None or claim.guest is not None
        if claim.guest is not None and claim.guest is not guest:
            old = claim.guest
            claim.guest = None
            self._let_go(old)
        guest.name = claim.name
        guest.claim = claim
        claim.guest = guest
        claim.dropped_at = None
        self._expired.difference_update(claim.seats)
        self._send(guest, p.Welcome(p.PROTOCOL_VERSION, claim.token, list(claim.seats), claim.host))
        if self.pause_now() is None:
            self.session.resume_clock()     # this join ends the pause: its sync shows the clock running
        self._send(guest, self.sync("join"))
        if self.request is not None and claim.token in self.request.voters:    # asked while they were away
            self._send(guest, p.Requested(self.request.id, self.request.kind, self.request.asker.name))
        self._broadcast(p.Joined(claim.name, claim.seats[0] if claim.seats else None, again))
        self.log(f"{guest.who} {'came back to' if again else 'took'} seat(s) "
                 f"{', '.join(str(s + 1) for s in claim.seats) or 'none'}")
        self._update_pause()

    def _accept(self, guest: Guest) -> None:
        seat = guest.offered
        if seat is not None and seat not in self.open_seats():
            seat = next(iter(self.open_seats()), None)
        if seat is None:
            self._join_watching(guest, secrets.token_urlsafe(16))
            return
        claim = Claim(secrets.token_urlsafe(16), guest.name, [seat])
        self.claims[claim.token] = claim
        self._name_seats(claim)
        self.log(f"{guest.who} accepted")
        self._take_back(guest, claim)

    def _name_seats(self, claim: Claim) -> None:
        """The players of ``claim``'s seats carry its name (in the log, the save and every screen)."""
        players = list(self.session.match.players)
        for seat in claim.seats:
            players[seat] = Player(REMOTE, claim.name)
        self.session.match.replace_players(players)

    def _join_watching(self, guest: Guest, token: str) -> None:
        self.watchers.add(token)
        guest.watching = True
        self._send(guest, p.Welcome(p.PROTOCOL_VERSION, token, []))
        self._send(guest, self.sync("join"))
        self._broadcast(p.Joined(guest.name, None))
        self.log(f"{guest.who} watches")

    # -- moves -------------------------------------------------------------------------------
    def _play(self, guest: Guest, message: p.Play) -> None:
        claim = guest.claim
        state = self.state
        refusal = None
        if claim is None or not claim.seats:
            refusal = ("seat", "spectators do not play (a player who resigned watches)")
        elif self.is_over:
            refusal = ("state", "the game is over")
        elif (pause := self.pause_now()) is not None:
            refusal = ("paused", f"the game is paused: {pause[0]}")
        elif state.turn not in claim.seats:
            refusal = ("turn", f"it is {self._seat_name(state.turn)}'s turn, not yours")
        elif message.ply is not None and message.ply != len(state.move_stack):
            refusal = ("state", f"that move was for move {message.ply + 1}; the game is at move "
                                f"{len(state.move_stack) + 1}")
        else:
            try:
                move = state.parse_move(message.move)
            except BadNotation as err:
                refusal = ("illegal", f"{message.move!r} is not a move of {state.title}: {err}")
            else:
                try:
                    self.session.play(move)
                except IllegalMove as err:
                    refusal = (("state", f"the game is over: {err}") if self.is_over    # a flag fell
                               else ("illegal", f"{message.move} is not a legal move here"))
        if refusal is not None:
            self._relay_events()        # a flag that fell before the move came
            self._send(guest, p.Error(*refusal))
            if claim is not None:
                self._send(guest, self.sync("refused"))
            self.log(f"refused a move of {guest.who}: {refusal[1]}")
            return
        self._relay_events()

    def _relay_events(self) -> None:
        events = self.session.events()
        over = next((event for event in events if isinstance(event, GameOver)), None)
        if over is not None and self.resigned and self.ended is None:
            # The server's result (resigners ranked last) goes before the move that ended the
            # game, so a screen counts that result, not the rules' own.
            labels = [player.label for player in self.session.match.players]
            self._end(endings.after_resignations(over.outcome, self.resigned, labels),
                      endings.left_words(over.outcome.reason, self.resigned, labels))
        for event in events:
            if isinstance(event, MovePlayed):
                record = event.record
                by = event.by if event.by in ("bot", "pass") else "remote"
                self._broadcast(p.Moved(len(self.session.records) - 1, record.seat, record.text, by, record.note,
                                        self.clock_state()))
                self.moves_relayed += 1
                self.log(f"{self._seat_name(record.seat)} played {record.text}"
                         + (f" ({record.note})" if record.note else ""))
                self._void_stale_request()
            elif isinstance(event, GameOver):
                if event.outcome.termination == LOST_ON_TIME:      # the server's to say: the clients do not
                    self._void_request()
                    said = self._flag_words()
                    outcome = event.outcome if said is None else replace(event.outcome, reason=wording.english(said))
                    self._broadcast(p.Ended(endings.result(outcome, said)))
                    self.log(f"Game over: {event.outcome.reason}")
                elif self.ended is None:
                    self.log(f"Game over: {event.outcome.reason}")
            elif isinstance(event, BotStuck):
                ply = len(self.session.records)
                if self._stuck_told != ply:
                    self._stuck_told = ply
                    self._announce("bot_stuck", text=event.text, seconds=f"{STUCK_RETRY:g}")
                    self.log(event.text)
                self._retry_at = self.clock() + STUCK_RETRY

    # -- limits --------------------------------------------------------------------------
    def _limit_passed(self, claim: Claim) -> None:
        seats = [s for s in claim.seats if s not in self._expired]
        if not seats:
            return
        self._expired.update(seats)
        self.log(f"{claim.name} did not come back within {self.reconnect_seconds:g} s")
        if self.after_limit == "end":
            said = wording.words("did_not_come_back_end", name=claim.name)
            self._end(endings.forfeit(self.state.num_seats, seats, self.resigned, wording.english(said)), said)
        elif self.after_limit is not None:
            for seat in seats:
                self._seat_to_bot(seat, self.after_limit)

    # -- requests ------------------------------------------------------------------------
    def _ask(self, guest: Guest, kind: str) -> None:
        claim = guest.claim
        why: str | None = None
        values: dict[str, str] = {}
        if claim is None or not claim.seats:
            why = "only_players_ask"
        elif self.request is not None:
            why, values = "request_waiting", {"kind": self.request.kind}
        elif kind == "rematch" and not self.is_over:
            why = "rematch_when_over"
        elif kind != "rematch" and self.is_over:
            why = "game_over"
        elif kind == "undo" and not any(r.seat in claim.seats for r in self.session.records):
            why = "no_move_to_take_back"
        if why is not None:
            self._refuse(guest, "state", why, **values)
            return
        self._request_ids += 1
        voters = {c.token for c in self.claims.values() if c is not claim and c.seats}
        request = Request(self._request_ids, kind, claim, voters, len(self.state.move_stack))
        self.log(f"{claim.name} asks for {kind}")
        if not voters:   # only bots to ask
            self._settle(request, kind != "draw", "the bots" if kind == "draw" else claim.name)
            return
        self.request = request
        self._broadcast(p.Requested(request.id, kind, claim.name))

    def _answer(self, guest: Guest, message: p.Answer) -> None:
        request, claim = self.request, guest.claim
        if request is None or request.id != message.request_id:
            self._refuse(guest, "state", "no_such_request", number=message.request_id)
            return
        if claim is None or claim.token not in request.voters:
            self._refuse(guest, "state", "not_your_request")
            return
        request.voters.discard(claim.token)
        if not message.accept:
            self._settle(request, False, claim.name)
        elif not request.voters:
            self._settle(request, True, claim.name)

    def _void_stale_request(self) -> None:
        """An undo or draw request is about one position: once a move changes it, the
        request is void, and everyone is told (an ``answered`` with ``cancelled``)."""
        request = self.request
        if request is None or request.kind == "rematch" or request.ply == len(self.state.move_stack):
            return
        self.log(f"{request.asker.name}'s {request.kind} request is void: the position changed")
        self._void_request()

    def _void_request(self) -> None:
        """Drop the waiting request, telling everyone it is void (its voters changed, or the game ended)."""
        if self.request is not None:
            request, self.request = self.request, None
            self._broadcast(p.Answered(request.id, request.kind, False, request.asker.name, cancelled=True))

    def _settle(self, request: Request, accepted: bool, by: str) -> None:
        self.request = None
        self._broadcast(p.Answered(request.id, request.kind, accepted, by))
        self.log(f"{request.kind} {'agreed' if accepted else 'refused'} by {by}")
        if not accepted:
            return
        if request.kind == "undo":
            seats = request.asker.seats
            while self.session.can_undo():
                self.session.undo()
                if self.state.turn in seats and not self.state.must_pass():
                    break
            self.session.events()
            self._broadcast(self.sync("undo"))
        elif request.kind == "draw":
            self._end(Outcome((), "draw agreed", termination=Termination.AGREED_DRAW))
        else:
            self.ended = None
            self.resigned.clear()
            if self.session.clock is not None:
                self.session.clock.reset()      # a new game: everyone's full time
            self.session.restart()
            self.session.events()
            if self.state.num_seats == 2:
                self._swap_seats()
            self._broadcast(self.sync("rematch"))
        self._relay_events()

    # -- endings -----------------------------------------------------------------------------
    def _resign(self, guest: Guest) -> None:
        """Two players: the other wins. Three or more: the resigner leaves the game, ranked
        below everyone still in it, and a stand-in bot plays their marbles out so nobody is
        blocked; the game ends when one seat is left in it, or only bots."""
        claim = guest.claim
        if claim is None or not claim.seats or self.is_over:
            self._refuse(guest, "state", "no_game_to_resign")
            return
        seats = list(claim.seats)
        staying = [s for s in range(self.state.num_seats) if s not in seats and s not in self.resigned]
        players = self.session.match.players
        if len(staying) <= 1 or all(players[s].is_bot for s in staying):
            self.resigned.extend(seats)
            self._end(endings.resignation(self.state.num_seats, staying, self.resigned, claim.name),
                      wording.words("resigned", name=claim.name))
            return
        try:
            standing = stand_in(self._game_config(), self._bot_spec)
        except (ValueError, RulesError) as err:   # the config itself could not be had
            standing, why = None, str(err)[:300]
        else:
            why = "the game has no tier that can play here"
        if standing is None:
            self._refuse(guest, "state", "no_bot_plays_out", why=why)
            return
        spec = standing.spec
        self.resigned.extend(seats)
        self._void_request()
        self.log(f"{claim.name} resigned; {spec.label} plays seat(s) {', '.join(str(s + 1) for s in seats)} out")
        self._announce("resigned_plays_out", name=claim.name, bot=spec.label)
        for seat in seats:
            self._seat_to_bot(seat, standing.tier, label=f"{claim.name} (resigned)")
        if claim.guest is not None:
            self._send(claim.guest, p.Welcome(p.PROTOCOL_VERSION, claim.token, [], claim.host))

    def _flag_words(self) -> p.Words | None:
        """The flag that fell, as words each window says in its language (the outcome's reason
        is in the host window's language)."""
        clock = self.session.clock
        seat = None if clock is None else next((s for s, t in enumerate(clock.times) if t.flagged), None)
        return None if seat is None else wording.words("lost_on_time", name=self.state.seat_name(seat))

    def _end(self, outcome: Outcome, said: p.Words | None = None) -> None:
        """End the game with ``outcome``; ``said``: its reason as words, when the server decided it."""
        self.ended = outcome
        self._void_request()
        self._broadcast(p.Ended(endings.result(outcome, said)))
        self.log(f"Game over: {outcome.reason}")
        self._update_pause()

    def _decide(self, guest: Guest, message: p.Decide) -> None:
        claim = guest.claim
        if claim is None or not claim.host:
            self._refuse(guest, "seat", "only_host_decides")
        elif message.seat not in self._expired or self.is_over:
            self._refuse(guest, "state", "not_waiting_decision", seat=message.seat + 1)
        elif message.action == "end":
            holder = self.seat_holder(message.seat)
            said = wording.words("ended_by_host", name=holder.name if holder else "a player")
            self._end(endings.forfeit(self.state.num_seats, sorted(self._expired), self.resigned,
                                      wording.english(said)), said)
        else:
            try:
                self._seat_to_bot(message.seat, message.tier or "")
            except (ValueError, RulesError) as err:
                self._send(guest, p.Error("state", str(err)[:400]))

    # -- reseating ---------------------------------------------------------------------------
    def _seat_to_bot(self, seat: int, tier: str, label: str | None = None) -> None:
        spec = self._bot_spec(tier)
        self._void_request()        # it may wait for the answer of the player who leaves the seat
        holder = self.seat_holder(seat)
        if holder is not None:
            holder.seats.remove(seat)
        self._expired.discard(seat)
        players = list(self.session.match.players)
        players[seat] = Player.of_bot(tier, label=label or spec.label)
        bots = dict(self.session.specs)
        bots[seat] = spec
        self._reseat(players, bots)
        self.log(f"{spec.label} takes seat {seat + 1} over")
        self._broadcast(self.sync("seats"))
        self._update_pause()

    def _reseat(self, players: list[Player], bots: dict[int, BotSpec]) -> None:
        """Seat ``players`` (bots run by ``bots``) in the same match: a new session, as a
        session's bot seats are fixed."""
        match = self.session.match
        match.replace_players(players)
        self.session.close()
        self.session = MatchSession(match, bots, make_runner=self._make_runner).start()

    def _swap_seats(self) -> None:
        """A two-player rematch: everyone takes the other colour, so the other side moves first.
        Each player is told their new seat (a ``welcome``) before the rematch's ``sync``."""
        self.plans.reverse()
        self._expired = {1 - seat for seat in self._expired}
        for claim in self.claims.values():
            claim.seats = [1 - seat for seat in claim.seats]
        for guest in self.guests:
            if guest.offered is not None:
                guest.offered = 1 - guest.offered
        self._reseat(list(reversed(self.session.match.players)),
                     {1 - seat: spec for seat, spec in self.session.specs.items()})
        for claim in self.claims.values():
            if claim.guest is not None:
                self._send(claim.guest, p.Welcome(p.PROTOCOL_VERSION, claim.token, list(claim.seats), claim.host))
        self.log("Rematch: the players swap colours")


