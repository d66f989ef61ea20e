"""What the play screen does differently for a network game (``game/net/remote_session.py``).

Its screen adds the chat under the move list (``panels/chat.py``), a card over
the board for what the others ask (undo, draw, rematch: Accept or Decline) and
for a pause when a player's connection dropped (``panels/netcard.py``), and its
buttons ask instead of doing: Undo asks the others, Offer draw, Resign (after
a question), Rematch asks too. A seat whose player did not come back is the
host's to give to a bot (the stand-in of ``game/match/seats.py``, the rule a
game on this computer follows too) or to end. A finished network game is not
counted in the statistics (its players are not this arcade's seats); the host
keeps the game for Resume when it leaves, and its leaving ends it for everyone.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from game.lang import _, N_
from game.match.seats import config_stand_in
from game.match.session import Event, Waiting
from game.net.events import (ChatReceived, NetErrorEvent, Paused, PlayerJoined, PlayerLeft, RequestAnswered,
                             RequestReceived, Resumed)
from game.ui import palette
from game.ui.panels.chat import ChatPanel
from game.ui.panels.netcard import CardAction, NetCard

if TYPE_CHECKING:
    from game.net.remote_session import RemoteSession
    from game.ui.hosting import Hosting
    from game.ui.play.screen import PlayScreen

#: What each kind of request asks: the card's title, and its words after the asker's name.
REQUEST_WORDS = {"undo": (N_("Take back a move?"), N_("{name} asks to take back their last move.")),
                 "draw": (N_("A draw?"), N_("{name} offers a draw.")),
                 "rematch": (N_("A rematch?"), N_("{name} asks for a rematch."))}
#: A request's kind (the network's code) in words.
REQUEST_KINDS = {"undo": N_("undo"), "draw": N_("draw"), "rematch": N_("rematch")}


class NetworkGame:
    """A network game on the play screen: its session, chat, cards and commands (a ``PlayMode``,
    ``game/ui/play/screen.py``). ``hosting`` is the server this window hosts the game on
    (None: joined)."""

    #: A finished network game is not counted in the statistics: its players are not this arcade's seats.
    counts_results = False
    #: The others play on while this screen is under another (the review, Settings): its session
    #: keeps taking in their moves, chat and requests, and the host's bots keep playing.
    goes_on_behind = True

    def __init__(self, scene: "PlayScreen", remote: "RemoteSession", hosting: "Hosting | None") -> None:
        self.scene = scene
        self.services = scene.services
        self.session = remote
        self.hosting = hosting
        self.chat: ChatPanel | None = ChatPanel(scene.services, self.send_chat)
        #: Requests of the others waiting for this screen's answer, the first one on the card.
        self.requests: list[RequestReceived] = []
        self.request_card = NetCard(scene.services)
        self.pause_card = NetCard(scene.services, "WARNING")
        self.cards = (self.pause_card, self.request_card)
        self.paused = False
        self.connection_lost = False
        scene.controls.network(self)            # the buttons ask the others
        scene.result.swap.visible = False        # the server swaps two players at a rematch

    def front_card(self) -> NetCard | None:
        """The card shown over the board (the pause card covers the request card), if any."""
        return next((card for card in self.cards if card.visible), None)

    # -- life cycle -------------------------------------------------------------------------
    def enter(self) -> None:
        if self.session.paused:
            self._show_pause(Paused(self.session.paused))

    def leave(self) -> None:
        """The host keeps a network game for Resume; the host's leaving ends it for everyone."""
        if self.hosting is not None:
            self.scene.files.keep_for_resume()
        self.services.warmup.hold(False)
        self.session.close()
        if self.hosting is not None:
            self.hosting.stop()

    def back(self) -> None:
        if not self.connection_lost:
            self.services.dialogs.confirm(_("Leave the game"), self._leave_words(), _("Leave"), self.services.scenes.pop)
            return
        self.services.scenes.pop()

    def _leave_words(self) -> str:
        """What leaving a network game does, for the question before it."""
        if self.hosting is not None:
            if self.session.is_over:
                return _("You host this game: leaving ends it for everyone.")
            return _("You host this game: leaving ends it for everyone. It is kept: Resume on the title screen "
                     "brings it back, without the others.")
        if self.session.is_over or not self.session.my_seats:
            return _("Leave this network game?")
        return _("Leave this network game? Your seat waits for you for a while: join again to take it back.")

    # -- each frame ---------------------------------------------------------------------------
    def interactive(self) -> bool:
        """A seat of this screen is to move, and the game goes on (not paused, still connected)."""
        return self.session.waiting() is Waiting.HUMAN and not self.paused and not self.connection_lost

    def refresh_controls(self) -> None:
        """Ask undo needs a move of this screen's; the asking buttons need a seat and the connection."""
        scene, session = self.scene, self.session
        going = not session.is_over
        seated = going and bool(session.my_seats) and not self.connection_lost
        scene.controls.refresh(can_undo=seated and self._my_moves(), can_redo=seated,
                               hint=not scene.hints.unavailable(), going=going)
        scene.controls.restart.enabled = seated
        scene.result.rematch.enabled = bool(session.my_seats) and not self.connection_lost

    # -- commands -------------------------------------------------------------------------------
    def rematch(self) -> None:
        self.session.rematch()
        self.services.toasts.show(_("Rematch asked: waiting for the others"), "info", seconds=3)

    def send_chat(self, words: str) -> None:
        self.session.chat(words)

    def ask_undo(self) -> None:
        """Undo: ask the others to take back this screen's last move."""
        if not self._my_moves() or self.session.is_over:
            self.services.sounds.play("error")
            self.services.toasts.show(_("You have no move to take back"), "info", seconds=2.5)
            return
        self.session.request_undo()
        self.services.toasts.show(_("Asked to take back your last move: waiting for the answer"), "info", seconds=3)

    def offer_draw(self) -> None:
        if self.session.is_over:
            return
        self.session.offer_draw()
        self.services.toasts.show(_("Draw offered: waiting for the answer"), "info", seconds=3)

    def ask_resign(self) -> None:
        if self.session.is_over or not self.session.my_seats:
            return
        self.services.dialogs.confirm(_("Resign"), _("Give this game up? The others win."), _("Resign"), self.session.resign)

    def answer(self, accept: bool) -> None:
        """Answer the request on the card."""
        if not self.requests:
            return
        request = self.requests.pop(0)
        self.session.answer(request.request_id, accept)
        self._show_request()

    def decide(self, seat: int, action: str) -> None:
        """The host's choice for a seat whose player did not come back: ``'bot'``, the
        stand-in (``game/match/seats.py``), or ``'end'``, the end of the game."""
        tier = None
        if action == "bot":
            services = self.services
            standing = config_stand_in(services.config, self.scene.game_id, services.registry)
            tier = standing.tier if standing is not None else None
        self.session.decide(seat, action, tier)
        self.pause_card.hide()
        self.scene.refresh_focus()

    def _my_moves(self) -> bool:
        mine = set(self.session.my_seats)
        return any(record.seat in mine for record in self.session.match.records)

    # -- what the network brings -----------------------------------------------------------------
    def show(self, event: Event) -> None:
        """What the screen does for each thing a network game reports."""
        toasts, chat = self.services.toasts, self.chat
        if isinstance(event, ChatReceived):
            if chat is not None:
                if event.name:
                    chat.add(event.name, event.text, self._name_colour(event.name))
                else:
                    chat.note(event.text)
            self.services.sounds.play("hover")
        elif isinstance(event, RequestReceived):
            self.requests.append(event)
            self._show_request()
            self.services.sounds.play("hint")
        elif isinstance(event, RequestAnswered):
            request = _(REQUEST_KINDS.get(event.kind, event.kind))
            words = (_("{name} agreed to the {request}") if event.accepted else _("{name} declined the {request}"))
            if event.kind == "undo":
                words = _("{name} agreed to take a move back") if event.accepted else _("{name} declined to take a move back")
            if event.cancelled:
                words = _("{name}'s {request} request no longer applies: a move changed the position")
            words = words.format(name=event.by_name, request=request)
            toasts.show(words, "good" if event.accepted else "info", seconds=4)
            if chat is not None:
                chat.note(words)
            self.requests = [r for r in self.requests if r.kind != event.kind]
            self._show_request()
        elif isinstance(event, Paused):
            self._show_pause(event)
        elif isinstance(event, Resumed):
            if self.paused:
                toasts.show(_("The game goes on"), "good", seconds=2.5)
            self.paused = False
            self.pause_card.hide()
            self.scene.refresh_focus()
        elif isinstance(event, PlayerJoined):
            if event.seat is not None and event.seat in self.session.my_seats:
                return      # this screen's own arrival or return
            if event.again:
                words = _("{name} is back").format(name=event.name)
            elif event.seat is not None:
                words = _("{name} joined as {seat}").format(name=event.name, seat=_(self.scene.state.seat_name(event.seat)))
            else:
                words = _("{name} joined to watch").format(name=event.name)
            toasts.show(words, "good", seconds=3)
            if chat is not None:
                chat.note(words)
        elif isinstance(event, PlayerLeft):
            words = (_("{name} left ({why})") if event.why not in ("", "left") else _("{name} left")).format(
                name=event.name, why=_(event.why))
            toasts.show(words, "info", seconds=4)
            if chat is not None:
                chat.note(words)
        elif isinstance(event, NetErrorEvent):
            self.services.sounds.play("error")
            if event.lost:
                self.connection_lost = True
                self.pause_card.show(_("Connection lost"), event.text,
                                     [CardAction(N_("Leave"), "net_leave", self.services.scenes.pop, "primary")])
                self.scene.layout(self.scene.rect.size)
            else:
                toasts.show(event.text, "warning", seconds=5)

    def _name_colour(self, name: str) -> tuple[int, int, int]:
        """A chat name in its seat's colour (a spectator's in the plain text colour)."""
        scene = self.scene
        for seat, player in enumerate(self.session.match.players):
            if player.label == name or scene.player_name(seat) == name:
                return scene.seat_colour(seat)
        return palette.TEXT

    def _show_request(self) -> None:
        """The first waiting request on the card (or no card)."""
        if not self.requests:
            self.request_card.hide()
        else:
            request = self.requests[0]
            title, asks = REQUEST_WORDS.get(request.kind, (N_("A request"), N_("{name} asks for {request}.")))
            self.request_card.show(_(title), _(asks).format(name=request.from_name, request=request.kind), [
                CardAction(N_("Accept"), "accept_request", lambda: self.answer(True), "primary"),
                CardAction(N_("Decline"), "decline_request", lambda: self.answer(False)),
            ])
        self.scene.refresh_focus()

    def _show_pause(self, event: Paused) -> None:
        """The game waits: the reason and the time left; once it is up, the host's choices."""
        self.paused = True
        actions = []
        if self.hosting is not None and event.seat is not None and event.seconds_left == 0:
            actions = [CardAction(N_("Give to a bot"), "seat_to_bot", lambda: self.decide(event.seat, "bot"),
                                  "primary"),
                       CardAction(N_("End the game"), "end_game", lambda: self.decide(event.seat, "end"))]
        countdown = _("Time left to come back:") if event.seconds_left else ""
        words = event.reason
        if self.hosting is not None:
            words = _("{sentence}. {then}").format(sentence=words, then=_(
                "Friends join at {address} (their Join screen lists this game)").format(address=self.hosting.address))
        self.pause_card.show(_("Game paused"), words, actions, seconds_left=event.seconds_left or None,
                             countdown_words=countdown)
        self.services.sounds.play("error")
        self.scene.refresh_focus()
