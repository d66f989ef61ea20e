"""The play screen: the board, the side panel, and the player's commands.

The turn loop is the match session's (``game/match/session.py``): it owns the
match, runs each bot seat's worker and the hint's, and reports what happens
as events. This scene drives it once a frame, never blocking, so the window
keeps animating while a bot thinks: a bot's move (or a forced pass) that is
ready is played once the board has finished animating the previous move and
the move delay from Settings has passed (a human's forced pass waits at least
``PASS_DELAY``); each event is then shown: the board animates the move, a
sound plays, a failing bot is named in a toast, the result panel slides in.

What is on the screen, and where it is written:
  the board                       ``game/ui/renderers/`` (one renderer per game)
  title, players and status box   ``game/ui/panels/status.py``
  the buttons and their keys      ``game/ui/panels/controls.py``
  the move list                   ``game/ui/panels/movelist.py``
  the result panel                ``game/ui/panels/result.py``
  the rules panel (F1)            ``game/ui/panels/rules_help.py``

Keys: U/Ctrl+Z undo, Y/Ctrl+Y redo, H hint, N/Ctrl+R restart, Ctrl+S save,
Ctrl+O load, Ctrl+C copy the moves as text, Ctrl+V play pasted moves, F1 the
game's rules, Esc back to the setup (a game in progress is kept for Resume on
the title screen: ``_keep_for_resume``); with only bots seated, Space pauses and
S or Right steps one move. The board takes arrows, digits and Enter; Tab
moves the focus between the board and the buttons.

A network game (``remote``: a ``RemoteSession``, game/net/remote_session.py)
is driven the same way: the session's moves arrive as events. Its screen adds
the chat under the move list (``panels/chat.py``), a card over the board for
what the others ask (undo, draw, rematch: Accept or Decline) and for a pause
when a player's connection dropped (``panels/netcard.py``), and its buttons
ask instead of doing: Undo asks the others, Offer draw, Resign (after a
question), Rematch asks too; a finished network game is not counted in the
statistics (its players are not this arcade's seats).
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.match.config import BotChoiceError, TierSpec
from game.match.record import Match, MoveRecord, Player
from game.match.runner import BotSpec
from game.match.session import (BotStuck, Event, GameOver, HintFailed, HintReady, MatchSession, MovePlayed,
                                PositionChanged, SeatsChanged, Waiting)
from game.net.events import (ChatReceived, NetErrorEvent, Paused, PlayerJoined, PlayerLeft, RequestAnswered,
                             RequestReceived, Resumed)
from game.rules.core import BadNotation, IllegalMove, Move, Outcome, RulesError, State
from game.store import autosave
from game.store.savefile import default_save_path, save_match
from game.store.userdata import StatRow, matchup_name, saves_dir
from game.ui import palette
from game.ui.clipboard import ClipboardError, copy_text, paste_text
from game.ui.draw import panel, text
from game.ui.naming import player_names
from game.ui.panels.chat import ChatPanel
from game.ui.panels.controls import PlayControls
from game.ui.panels.netcard import CardAction, NetCard
from game.ui.panels.status import StatusPanel
from game.ui.panels.movelist import MoveList
from game.ui.panels.result import ResultPanel, places_table
from game.ui.panels.rules_help import RulesPanel
from game.ui.renderers import has_renderer, renderer_for
from game.ui.renderers.base import BoardView
from game.ui.scenes.base import Route, Scene
from game.ui.widgets import Widget, nearest_index

if TYPE_CHECKING:
    from game.net.remote_session import RemoteSession
    from game.ui.hosting import Hosting
    from game.store.userdata import Settings
    from game.ui.services import Services

#: Seconds the winning line animates before the result panel slides in.
RESULT_DELAY = 0.9
#: Seconds at least before a human's forced pass is played for them.
PASS_DELAY = 0.6
#: Seconds the reason a square was refused stays in the status box.
REFUSAL_TIME = 3.0
#: What each kind of request asks: the card's title, and its words after the asker's name.
REQUEST_WORDS = {"undo": ("Take back a move?", "asks to take back their last move"),
                 "draw": ("A draw?", "offers a draw"),
                 "rematch": ("A rematch?", "asks for a rematch")}


def _shorten(moves: str, limit: int = 40) -> str:
    """A move list cut to ``limit`` characters for a toast."""
    return moves if len(moves) <= limit else moves[:limit - 1] + "…"


def _example(state: State) -> str:
    """A sample move list for this game: its first legal moves, as the game writes them."""
    sample = type(state)(**state.options)
    for _ in range(3):
        legal = sample.legal_moves()
        if not legal:
            break
        sample.push(legal[len(legal) // 2])
    return sample.to_text()


@dataclass
class HintShown:
    """The hint on screen: the move in notation, the words of its value, both as one line,
    what the values prove of the position (when it says more than the move's words) and
    whether the hint bot is still proving the rest."""

    move_text: str = ""
    detail: str = ""
    position: str = ""
    refining: bool = False

    @property
    def text(self) -> str:
        return self.move_text + (f"  ({self.detail})" if self.detail else "") + (
            f" · position: {self.position}" if self.position else "")


class BoardFocus(Widget):
    """The board as a stop of the keyboard focus: when focused, keys go to the renderer."""

    def __init__(self, scene: "PlayScene") -> None:
        super().__init__(scene.services, wid="board")
        self.scene = scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing: the renderer's own keyboard cursor shows that the board has the focus."""


class PlayScene(Scene):
    """One match on screen, from the first move to the result panel."""

    name = "play"
    draws_warm_up = True   # its own bots' engines only, in the status box

    def __init__(self, services: "Services", match: Match | None = None, resumed: bool = False,
                 remote: "RemoteSession | None" = None, hosting: "Hosting | None" = None) -> None:
        super().__init__(services)
        #: The match is the game kept for Resume (``game/store/autosave.py``), reopened.
        self.resumed = resumed
        #: A network game's session, and the server this screen hosts it on (None: joined).
        self.remote = remote
        self.hosting = hosting
        if remote is not None:
            match = remote.match
        assert match is not None, "the play screen shows a match or a network game"
        self.game_id = match.state.game_id
        self.title = match.state.title
        self.renderer = renderer_for(self.game_id)
        self.renderer.anim_speed = services.settings.current.anim_speed
        self.view = BoardView()
        self.session: MatchSession | RemoteSession
        if remote is None:
            specs, self.seat_problems = self._resolve_players(match)
            self.session = MatchSession(match, specs)
        else:
            self.seat_problems = []
            self.session = remote
        self.since_move = 0.0
        self.paused = False
        self.step_once = False
        self.hint = HintShown()
        #: Why the board refused the player's last pick, in the rules' words, and
        #: the seconds it stays shown ('' once gone).
        self.refusal = ""
        self.refusal_left = 0.0
        self._hint_spec: BotSpec | None = None
        #: Sounds waiting for the piece to land: [seconds left, sound name].
        self.sound_queue: list[list] = []
        self.movelist = MoveList(services.fonts, self.renderer.seat_colours())
        self.result = ResultPanel(self)
        self.rules = RulesPanel(services, self.title, match.state.rules_help)
        self.board = BoardFocus(self)
        self.controls = PlayControls(self)
        self.status = StatusPanel(self)
        self.chat = ChatPanel(services, self.send_chat) if remote is not None else None
        #: Requests of the others waiting for this screen's answer, the first one on the card.
        self.requests: list[RequestReceived] = []
        self.request_card = NetCard(services)
        self.pause_card = NetCard(services, palette.WARNING)
        self.net_paused = False
        self.connection_lost = False
        if remote is not None:
            self.controls.network(self)
            self.result.swap.visible = False
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        #: Keys held down now, and those held when the result panel came into
        #: view: a held key's repeats must not press the panel's buttons unseen.
        self.keys_down: set[int] = set()
        self.blocked_keys: set[int] = set()
        self.result_focused = False
        #: Whether the board animated at the last update, and whether it has just stopped
        #: (one more drawing of it shows where it came to rest).
        self._board_moving = False
        self._board_resting = False
        self._refresh_focus()
        self.follow_settings(self.apply_settings)

    @classmethod
    def trail(cls, match: Match | None = None, resumed: bool = False, remote: "RemoteSession | None" = None,
              hosting: "Hosting | None" = None) -> list[Route]:
        """From the title: the game menu and the match's setup (showing its players);
        a network game: the Join screen."""
        if remote is not None:
            return [Route("join")]
        assert match is not None
        return [Route("games"), Route("setup", {"game_id": match.state.game_id, "match": match})]

    @classmethod
    def refusal(cls, match: Match | None = None, resumed: bool = False, remote: "RemoteSession | None" = None,
                hosting: "Hosting | None" = None) -> tuple[str, str] | None:
        """A game with no board on screen cannot be shown."""
        state = remote.state if remote is not None else match.state
        if not has_renderer(state.game_id):
            return "Cannot show this game", f"{state.title} has no board on screen yet."
        return None

    # -- what the parts read -----------------------------------------------------------
    @property
    def match(self) -> Match:
        return self.session.match

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def autoplay(self) -> bool:
        """Every seat is a bot: the game plays itself, with pause and step."""
        return self.session.all_bots

    @property
    def thinking(self) -> bool:
        """A bot seat is to move and its move has not been shown yet."""
        return self.session.thinking()

    @property
    def warming(self) -> bool:
        """A bot seat is to move and waits for the launch-time warm-up to finish compiling its engine."""
        return self.session.warming()

    @property
    def hint_pending(self) -> bool:
        return self.session.hint_pending

    def player_name(self, seat: int) -> str:
        """How the screen names a seat's player: "You", "Player 2", "Master"."""
        return player_names(self.match.players, self.state.seat_name)[seat]

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The colour of a seat's pieces on this board (the renderer's: red and yellow discs)."""
        colours = self.renderer.seat_colours()
        return colours[seat % len(colours)]

    # -- seats and bots ---------------------------------------------------------------
    def _resolve_players(self, match: Match) -> tuple[dict[int, BotSpec], list[str]]:
        """How to run each bot seat; a seat whose bot is not installed gets a stand-in
        (``_stand_in``), and a remote seat becomes Human (this screen cannot join a
        network game)."""
        problems = []
        specs: dict[int, BotSpec] = {}
        players = list(match.players)
        state = match.state
        for seat, player in enumerate(players):
            where = f"Seat {seat + 1} ({state.seat_name(seat)})"
            if player.is_bot:
                try:
                    spec = self.services.config.bot_spec(self.game_id, player.bot or player.label, self.services.registry)
                except BotChoiceError as err:
                    players[seat], stand_in, words = self._stand_in(player.bot or player.label, err)
                    problems.append(f"{where}: {words}.")
                    if stand_in is not None:
                        specs[seat] = stand_in
                    continue
                specs[seat] = spec
                if player.label == player.bot and spec.label != player.label:
                    players[seat] = Player.of_bot(player.bot, label=spec.label)
            elif not player.is_human:
                problems.append(f"{where}: {player.label} plays over the network, which this screen cannot join; "
                                "that seat is now played by a human.")
                players[seat] = Player.human()
        if players != match.players:
            match.replace_players(players)
        return specs, problems

    def _stand_in(self, wanted: str, problem: BotChoiceError) -> tuple[Player, BotSpec | None, str]:
        """Who plays a seat whose bot ``wanted`` cannot play here (a save naming a bot
        no longer installed): the game's hint tier, its best judge of moves, else its
        strongest tier, else a human; with the words that say so."""
        config, registry = self.services.config, self.services.registry
        game = config.game(self.game_id)
        missing = f"{wanted} is not installed" if registry.find(wanted) is None else str(problem)
        candidates = ([game.hint_tier] if game.hint_tier else []) + [t.name for t in reversed(game.tiers)]
        for tier in candidates:
            try:
                spec = config.bot_spec(self.game_id, tier, registry)
            except BotChoiceError:
                continue
            why = "the tier that gives hints" if tier == game.hint_tier else "the strongest tier"
            return (Player.of_bot(tier, label=spec.label), spec,
                    f"{missing}, so {spec.label} ({why}) plays that seat instead; "
                    "Esc goes back to the setup screen to seat another player")
        return Player.human(), None, f"{missing}, and no bot of {self.title} can stand in: a human plays that seat"

    def _start_bots(self) -> None:
        """A worker for each bot seat; it warms its bot's engine up itself before its
        clock runs. A seat whose engine the launch-time warm-up is compiling right
        now waits for it instead (not compiling the same kernels twice at once).
        A network game's bots play on the host's server."""
        if self.remote is not None:
            return
        self.session.start_bots(lambda spec: self.services.warmup.hand_over(spec.key))

    # -- life cycle ----------------------------------------------------------------------
    def enter(self) -> None:
        self._start_bots()
        self.renderer.reset(self.state)
        self.sync_view()
        outcome = self.session.outcome()
        if outcome is not None:
            self._show_outcome(outcome, record=False)
        if self.seat_problems:
            self.services.dialogs.message("Some players were replaced", "\n\n".join(self.seat_problems))
        if self.remote is not None and self.session.paused:
            self._show_pause(Paused(self.session.paused))

    def leave(self) -> None:
        if self.remote is None or self.hosting is not None:    # the host keeps a network game too
            self._keep_for_resume()
        if self.remote is None:
            self.services.setup_memory.remember(self.match)   # the setup screen behind shows these players
        self.services.warmup.hold(False)
        self.session.close()
        if self.hosting is not None:
            self.hosting.stop()

    def _keep_for_resume(self) -> None:
        """Leaving (Esc, closing the window, quitting, loading another game) keeps a
        game in progress for Resume on the title screen; the resumed game, once
        there is nothing left in it to come back to, is no longer offered."""
        try:
            if autosave.keep(self.match):
                self.services.toasts.show("Your game is kept: Resume on the title screen brings it back", "good")
            elif self.resumed:
                autosave.forget()
        except OSError as err:
            self.services.sounds.play("error")
            self.services.toasts.show(f"The game could not be kept for Resume: {err.strerror or err}", "error", seconds=8)
        except RulesError as err:     # a position the save-file notation cannot write: say so, leave anyway
            self.services.toasts.show(f"The game could not be kept for Resume: {err}", "error", seconds=8)

    def apply_settings(self, settings: "Settings", changed: frozenset[str]) -> None:
        self.renderer.anim_speed = settings.anim_speed
        self.controls.speed.index = nearest_index(self.controls.speed.items, settings.bot_delay)

    def back(self) -> None:
        self.services.sounds.play("click")
        if self.remote is not None and not self.connection_lost:
            self.services.dialogs.confirm("Leave the game", self._leave_words(), "Leave", self.services.scenes.pop)
            return
        self.services.scenes.pop()

    def _leave_words(self) -> str:
        """What leaving a network game does, for the question before it."""
        if self.hosting is not None:
            kept = " It is kept: Resume on the title screen brings it back, without the others." if not self.session.is_over else ""
            return f"You host this game: leaving ends it for everyone.{kept}"
        if self.session.is_over or not self.session.my_seats:
            return "Leave this network game?"
        return "Leave this network game? Your seat waits for you for a while: join again to take it back."

    # -- the turn loop ---------------------------------------------------------------------
    def sync_view(self) -> None:
        self.view.last_move = self.match.last_move
        self.view.outcome = self.session.outcome()
        if self.remote is not None:
            mine = self.session.waiting() is Waiting.HUMAN and not self.net_paused and not self.connection_lost
        else:
            mine = self.match.current_player.is_human
        self.view.interactive = self.view.outcome is None and mine and not self.result.visible
        self.view.display = self.services.settings.current.display

    def play_move(self, move: Move) -> MoveRecord | None:
        """Play a move of the human to move (the board's input); ``IllegalMove`` if it is not legal.
        A network game's move is sent (None): it is shown when the server has played it."""
        played = self.session.play(move)
        self._show_events()
        return played.record if played is not None else None

    def _may_play_ready(self) -> bool:
        """Whether the bot move or forced pass that is ready may be shown now: the board
        is still, the delay after the last move has passed, and the bots are not paused
        (Step plays one anyway)."""
        ready = self.session.ready()
        if ready is None or self.renderer.busy:
            return False
        delay = self.services.settings.current.bot_delay
        if ready.by == "pass" and self.match.players[ready.record.seat].is_human:
            return self.since_move >= max(PASS_DELAY, delay)
        return self.step_once or (not self.paused and self.since_move >= delay)

    def _drive(self) -> None:
        self.session.poll()
        if self._may_play_ready():
            self.step_once = False
            self.session.play_ready()
        self._show_events()

    def _show_events(self) -> None:
        for event in self.session.events():
            self._show(event)
            self.renderer.stir()
            self.request_redraw()

    def _show(self, event: Event) -> None:
        """What the screen does for each thing the session reports."""
        if isinstance(event, MovePlayed):
            self._show_move(event)
        elif isinstance(event, PositionChanged):
            if event.new_game:
                self.renderer.reset(self.state)
            if event.how == "restart":
                self.set_paused(False)
            self._after_jump()
        elif isinstance(event, GameOver):
            self._show_outcome(event.outcome, record=event.counts)
        elif isinstance(event, BotStuck):
            self.set_paused(True)
            self.services.toasts.show(f"{self.player_name(event.seat)} gave no legal move; the game is paused", "error")
        elif isinstance(event, HintReady):
            self.view.hint = event.move
            self.view.hint_values = dict(event.values)
            verdict, legal = event.position, self.state.legal_moves()
            telling = verdict is not None and (verdict.proven or any(m not in event.values for m in legal))
            position = verdict.text if telling else ""    # estimates of every move: their words say so
            first = not self.hint.text
            self.hint = HintShown(self.state.move_to_str(event.move), event.detail,
                                  "" if position == event.detail else position, event.refining)
            if first:
                self.services.sounds.play("hint")
        elif isinstance(event, HintFailed):
            self.services.toasts.show(event.text, "warning")
        elif isinstance(event, SeatsChanged):
            self.layout(self.rect.size)
        else:
            self._show_net(event)

    # -- network games ---------------------------------------------------------------------
    def _show_net(self, event: Event) -> None:
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
            words = f"{event.by_name} {'agreed to' if event.accepted else 'declined'} the {event.kind}"
            if event.kind == "undo":
                words = f"{event.by_name} {'agreed to take a move back' if event.accepted else 'declined to take a move back'}"
            if event.cancelled:
                words = f"{event.by_name}'s {event.kind} request no longer applies: a move changed the position"
            toasts.show(words, "good" if event.accepted else "info", seconds=4)
            if chat is not None:
                chat.note(words)
            self.requests = [r for r in self.requests if r.kind != event.kind]
            self._show_request()
        elif isinstance(event, Paused):
            self._show_pause(event)
        elif isinstance(event, Resumed):
            if self.net_paused:
                toasts.show("The game goes on", "good", seconds=2.5)
            self.net_paused = False
            self.pause_card.hide()
            self._refresh_focus()
        elif isinstance(event, PlayerJoined):
            if event.seat is not None and event.seat in self.session.my_seats:
                return      # this screen's own arrival or return
            seat = f" as {self.state.seat_name(event.seat)}" if event.seat is not None else " to watch"
            words = f"{event.name} {'is back' if event.again else 'joined'}{seat if not event.again else ''}"
            toasts.show(words, "good", seconds=3)
            if chat is not None:
                chat.note(words)
        elif isinstance(event, PlayerLeft):
            words = f"{event.name} left" + (f" ({event.why})" if event.why not in ("", "left") else "")
            toasts.show(words, "info", seconds=4)
            if chat is not None:
                chat.note(words)
        elif isinstance(event, NetErrorEvent):
            self.services.sounds.play("error")
            if event.lost:
                self.connection_lost = True
                self.pause_card.show("Connection lost", event.text,
                                     [CardAction("Leave", "net_leave", self.services.scenes.pop, "primary")])
                self.layout(self.rect.size)
            else:
                toasts.show(event.text, "warning", seconds=5)

    def _name_colour(self, name: str) -> tuple[int, int, int]:
        """A chat name in its seat's colour (a spectator's in the plain text colour)."""
        for seat, player in enumerate(self.match.players):
            if player.label == name or self.player_name(seat) == name:
                return self.seat_colour(seat)
        return palette.TEXT

    def _show_request(self) -> None:
        """The first waiting request on the card (or no card)."""
        if not self.requests:
            self.request_card.hide()
        else:
            request = self.requests[0]
            title, asks = REQUEST_WORDS.get(request.kind, ("A request", f"asks for {request.kind}"))
            self.request_card.show(title, f"{request.from_name} {asks}.", [
                CardAction("Accept", "accept_request", lambda: self.answer(True), "primary"),
                CardAction("Decline", "decline_request", lambda: self.answer(False)),
            ])
        self._refresh_focus()

    def answer(self, accept: bool) -> None:
        """Answer the request on the card."""
        if not self.requests:
            return
        request = self.requests.pop(0)
        self.session.answer(request.request_id, accept)
        self._show_request()

    def _show_pause(self, event: Paused) -> None:
        """The game waits: the reason and the time left; once it is up, the host's choices."""
        self.net_paused = True
        actions = []
        if self.hosting is not None and event.seat is not None and event.seconds_left == 0:
            actions = [CardAction("Give to a bot", "seat_to_bot", lambda: self.decide(event.seat, "bot"),
                                  "primary"),
                       CardAction("End the game", "end_game", lambda: self.decide(event.seat, "end"))]
        countdown = "Time left to come back:" if event.seconds_left else ""
        words = event.reason
        if self.hosting is not None:
            words += f". Friends join at {self.hosting.address} (their Join screen lists this game)"
        self.pause_card.show("Game paused", words, actions, seconds_left=event.seconds_left or None,
                             countdown_words=countdown)
        self.services.sounds.play("error")
        self._refresh_focus()

    def decide(self, seat: int, action: str) -> None:
        """The host's choice for a seat whose player did not come back: a bot (the game's
        hint tier, its best judge of moves, else its strongest) or the end of the game."""
        tier = None
        if action == "bot":
            game = self.services.config.game(self.game_id)
            tier = game.hint_tier or (game.tiers[-1].name if game.tiers else None)
        self.session.decide(seat, action, tier)
        self.pause_card.hide()
        self._refresh_focus()

    def send_chat(self, words: str) -> None:
        self.session.chat(words)

    def ask_undo(self) -> None:
        """A network game's Undo: ask the others to take back this screen's last move."""
        if not self._my_moves() or self.session.is_over:
            self.services.sounds.play("error")
            self.services.toasts.show("You have no move to take back", "info", seconds=2.5)
            return
        self.session.request_undo()
        self.services.toasts.show("Asked to take back your last move: waiting for the answer", "info", seconds=3)

    def offer_draw(self) -> None:
        if self.session.is_over:
            return
        self.session.offer_draw()
        self.services.toasts.show("Draw offered: waiting for the answer", "info", seconds=3)

    def ask_resign(self) -> None:
        if self.session.is_over or not self.session.my_seats:
            return
        self.services.dialogs.confirm("Resign", "Give this game up? The others win.", "Resign", self.session.resign)

    def _my_moves(self) -> bool:
        mine = set(self.session.my_seats)
        return any(record.seat in mine for record in self.match.records)

    def _show_move(self, event: MovePlayed) -> None:
        record = event.record
        if event.failure:
            self.services.toasts.show(f"{event.failure} — a random move was played instead", "warning", seconds=6)
            self.services.sounds.play("error")
        if event.by == "pass":
            self.services.toasts.show(f"{self.state.seat_name(record.seat)} has no move and passes", "info")
        self.renderer.on_move(self.state, record)
        self.refusal = ""
        self.play_sound("move" if record.seat % 2 == 0 else "move_alt", self.renderer.sound_delay())
        self._clear_hint_view()
        self.since_move = 0.0
        self.sync_view()

    # -- end of game ----------------------------------------------------------------------
    def headline(self, outcome: Outcome) -> tuple[str, tuple[int, int, int], str]:
        """The result panel's headline, its colour, and the sound to play."""
        players = self.match.players
        state = self.state
        humans = [s for s, p in enumerate(players) if p.is_human]
        if outcome.is_draw:
            return "Draw", palette.TEXT, "draw"
        winners = list(outcome.winners)
        if len(humans) == 1:
            if humans[0] in winners:
                return "You win!", palette.ACCENT, "win"
            names = " and ".join(self.player_name(s) for s in winners)
            return f"{names} wins", self.seat_colour(winners[0]), "lose"
        if humans:
            names = " and ".join(state.seat_name(s) for s in winners)
            return f"{names} wins!", self.seat_colour(winners[0]), "win"
        names = " and ".join(f"{state.seat_name(s)} — {self.player_name(s)}" for s in winners)
        return f"{names} wins", self.seat_colour(winners[0]), "win"

    def _score_row(self) -> StatRow | None:
        """This matchup's running score, as the Statistics screen shows it."""
        matchup = matchup_name(self.match.players)
        return next((r for r in self.services.stats.rows() if r.game_id == self.game_id and r.matchup == matchup), None)

    def play_sound(self, name: str, delay: float = 0.0) -> None:
        """Play sound ``name`` now, or after ``delay`` seconds (a disc still falling)."""
        if delay <= 0:
            self.services.sounds.play(name)
        else:
            self.sound_queue.append([delay, name])

    def _play_due_sounds(self, dt: float) -> None:
        for entry in self.sound_queue:
            entry[0] -= dt
        due = [name for left, name in self.sound_queue if left <= 0]
        self.sound_queue = [entry for entry in self.sound_queue if entry[0] > 0]
        for name in due:
            self.services.sounds.play(name)

    def _show_outcome(self, outcome: Outcome, record: bool) -> None:
        state = self.state
        self.renderer.on_outcome(state, outcome)
        self.view.outcome = outcome
        if record and self.remote is None:
            self.services.stats.record(self.game_id, self.match.players, outcome)
        headline, colour, sound = self.headline(outcome)
        self.play_sound(sound, self.renderer.sound_delay())
        seats = outcome.winners or tuple(range(state.num_seats))
        marks = [(state.seat_name(s), self.seat_colour(s)) for s in seats]
        speed = self.services.settings.current.anim_speed
        reason = outcome.reason[:1].upper() + outcome.reason[1:]
        places = None
        if state.num_seats > 2 and outcome.ranking:
            players = self.match.players
            who = [p.label if p.is_bot else self.player_name(s) for s, p in enumerate(players)]
            places = [(place, f"{state.seat_name(seat)} — {who[seat]}", self.seat_colour(seat))
                      for place, seat in places_table(outcome.ranking)]
        self.result.show(headline, reason, self._score_row(), colour, marks, RESULT_DELAY / speed if speed else 0.0,
                         places, score=state.scores_text(outcome))
        self.sync_view()
        self._refresh_focus()

    # -- commands ------------------------------------------------------------------------
    def _after_jump(self) -> None:
        """Undo, redo, restart or paste changed the position: snap the board, drop stale work."""
        self.renderer.on_undo(self.state)
        self.sound_queue.clear()
        self._clear_hint_view()
        self.result.hide()
        self.since_move = 0.0
        self.sync_view()
        self._refresh_focus()

    def undo(self) -> None:
        if not self.session.undo():
            self.services.sounds.play("error")
            return
        if self.autoplay:
            self.set_paused(True)
        self._show_events()

    def redo(self) -> None:
        if not self.session.redo():
            self.services.sounds.play("error")
            return
        self._show_events()

    def restart(self) -> None:
        """Restart (N, Ctrl+R): a restart pressed by mistake is undone by Redo."""
        if self.session.restart():
            self.services.toasts.show("Game restarted — Redo (Y) brings it back", "info")
        self._show_events()

    def rematch(self) -> None:
        if self.remote is not None:
            self.session.rematch()
            self.services.toasts.show("Rematch asked: waiting for the others", "info", seconds=3)
            return
        self.session.restart()
        self._show_events()

    def swap_sides(self) -> None:
        """Rotate the players one seat on (their bots go with them) and start again."""
        self.session.swap_seats()
        self._show_events()

    def toggle_pause(self) -> None:
        self.set_paused(not self.paused)
        if not self.paused and self.session.waiting() is Waiting.STUCK:
            self.session.retry()     # resuming asks the bot that gave no move again

    def set_paused(self, paused: bool) -> None:
        """Hold the bots' moves back (or let them go); the button says what it will do."""
        self.paused = paused
        self.controls.set_paused(paused)
        self.request_redraw()

    def step(self) -> None:
        """Play the next bot move now, even when paused."""
        if self.autoplay and not self.state.is_over():
            self.step_once = True
            if self.session.waiting() is Waiting.STUCK:
                self.session.retry()

    # -- hint ---------------------------------------------------------------------------
    def hint_unavailable(self) -> str:
        """Why Hint cannot be asked now ('' when it can): hints are for the move
        of a player at this screen, in a game still going, once the hint engine is ready."""
        why = self.session.hint_unavailable(player_names(self.match.players, self.state.seat_name))
        if why:
            return why
        tier = self._hint_tier()
        if tier is not None and self.services.warmup.compiling(tier.bot):
            return "The hint engine is still being prepared (first launch only)"
        return ""

    def _hint_tier(self) -> TierSpec | None:
        config = self.services.config.game(self.game_id)
        return config.tier(config.hint_tier) if config.hint_tier else None

    def refuse_hint(self) -> None:
        """H pressed while Hint is greyed out: say why."""
        self.services.sounds.play("error")
        self.services.toasts.show(self.hint_unavailable(), "info", seconds=2.5)

    def ask_hint(self) -> None:
        if self.hint_unavailable():
            self.refuse_hint()
            return
        if self.hint_pending or self.session.hint_refining:   # the hint on its way, or filling in
            self.services.sounds.play("error")
            return
        tier = self.services.config.game(self.game_id).hint_tier
        if not tier:
            self.services.toasts.show(f"No hints for {self.title}: config.yaml names no hint tier whose bot can judge moves",
                                 "warning")
            return
        if self._hint_spec is None:
            try:
                budget = self.services.config.game(self.game_id).hint_seconds
                self._hint_spec = self.services.config.bot_spec(self.game_id, tier, self.services.registry, budget=budget)
            except BotChoiceError as err:
                self.services.toasts.show(f"No hints: {err}", "error")
                return
            self.services.warmup.hand_over(self._hint_spec.key)
        self._clear_hint_view()
        self.session.request_hint(self._hint_spec)

    def _clear_hint_view(self) -> None:
        self.session.cancel_hint()
        self.view.hint = None
        self.view.hint_values = {}
        self.hint = HintShown()

    # -- save and load --------------------------------------------------------------------
    def default_save_path(self) -> Path:
        return default_save_path(self.game_id, saves_dir())

    def ask_save(self) -> None:
        """The Save dialog: a name in the saves folder (asking before it replaces a file)."""
        self.services.dialogs.save_as("Save game", self.default_save_path(), self._write, suffix=".txt",
                                      creatable=saves_dir())

    def _write(self, path: Path) -> None:
        try:
            save_match(self.match, path)
        except OSError as err:
            self.services.sounds.play("error")
            self.services.dialogs.message("Could not save the game", f"{path}: {err.strerror or err}")
            return
        self.services.toasts.show(f"Saved to {path.name}", "good")

    def ask_load(self) -> None:
        """The list of saved games; this match stays unless another one is loaded."""
        self.services.scenes.push("load")

    # -- copy and paste ---------------------------------------------------------------------
    def copy_position(self) -> None:
        """Put the moves so far on the clipboard in the game's notation (Connect Four's ``4453``),
        after the set-up position the game started from, if any."""
        moves = self.state.game_text()
        if not moves:
            self.services.toasts.show("No moves to copy yet", "info", seconds=2.5)
            return
        try:
            copy_text(moves)
        except ClipboardError as err:
            self.services.sounds.play("error")
            self.services.toasts.show(f"Could not copy: {err}", "warning")
            return
        self.services.toasts.show(f"Copied {_shorten(moves)}", "good", seconds=3)

    def paste_position(self) -> None:
        """Play the move list on the clipboard from the start, with this game's rules options.

        Moves this game shares with the pasted list stay; if the pasted list
        leaves this game's line, the game is replaced (after asking). Each
        pasted move is a move of the match, so Undo takes them back.
        """
        try:
            content = paste_text().strip()
        except ClipboardError as err:
            self.services.sounds.play("error")
            self.services.toasts.show(f"Could not paste: {err}", "warning")
            return
        state = self.state
        if not content:
            self.services.toasts.show(f"The clipboard holds no moves to paste (copy a game's moves, e.g. {_example(state)})", "info")
            return
        try:
            pasted = type(state).read(content, **state.options)
        except BadNotation as err:
            self.services.sounds.play("error")
            self.services.toasts.show(f"Cannot paste {_shorten(content)!r} as {self.title} moves: {err}", "warning", seconds=6)
            return
        moves, played = list(pasted.move_stack), list(state.move_stack)
        same_start = pasted.start_text == state.start_text
        if same_start and moves == played:
            self.services.toasts.show("The clipboard holds this game's moves already", "info", seconds=2.5)
            return
        if same_start and moves[:len(played)] == played:
            self._paste(pasted)
            return
        self.services.dialogs.confirm(
            "Paste moves",
            f"Replace this game ({len(played)} moves) with the pasted "
            f"{'position' if pasted.start_text else 'one'} ({len(moves)} moves)? "
            "This game cannot be brought back.",
            "Replace",
            lambda: self._paste(pasted),
        )

    def _paste(self, pasted: State) -> None:
        """Make the game ``pasted`` (see ``MatchSession.paste``); a finished pasted game is shown but not counted."""
        try:
            self.session.paste(pasted)
        except IllegalMove as err:    # the game changed while the dialog was open
            self.services.toasts.show(f"Cannot paste: {err}", "warning")
            return
        if self.autoplay:
            self.set_paused(True)
        self._show_events()
        what = _shorten(self.state.to_text()) or "the position"
        self.services.toasts.show(f"Pasted {what} — Undo takes it back", "good", seconds=3)

    # -- input -------------------------------------------------------------------------------
    def _shortcut(self, event: pygame.event.Event) -> bool:
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if key == pygame.K_F1 and self.rules.available:
            self.controls.rules.activate()
            return True
        if key == pygame.K_ESCAPE:
            if not self.result.shown and self.renderer.cancel_input():
                return True
            self.back()
            return True
        if not ctrl and key == pygame.K_h and self.hint_unavailable():
            self.refuse_hint()
            return True
        if not ctrl and key == pygame.K_w and self.result.shown:
            self.result.swap.activate()
            return True
        button = self.controls.for_key(key, ctrl, self.autoplay, self.result.visible)
        if button is None:
            return False
        button.activate()
        return True

    def _chat_input(self, event: pygame.event.Event) -> bool:
        """Typing while the chat line has the focus goes to it (Tab and Esc leave it)."""
        chat = self.chat
        if chat is None or self.focus.current is not chat.field or event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT):
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.focus.focus(self.board)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return False
        return chat.field.edit(event)

    def _card_input(self, event: pygame.event.Event) -> bool:
        """The mouse on a network card (the pause card first: it covers the request card)."""
        for card in (self.pause_card, self.request_card):
            if card.visible:
                return card.handle_event(event)
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        self.renderer.stir()
        if event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
            self.blocked_keys.discard(event.key)
            return
        if self.rules.handle_event(event):
            return
        if self._chat_input(event):
            return
        if self.chat is not None and self.chat.handle_event(event):
            return
        if self._card_input(event):
            return
        if event.type == pygame.KEYDOWN:
            self.keys_down.add(event.key)
            if event.key in self.blocked_keys:
                return
            if self._shortcut(event):
                return
            if self.result.shown or event.key == pygame.K_TAB or self.focus.current is not self.board:
                self.focus.handle_event(event)
                if self.focus.current is self.board:
                    self.renderer.cursor_visible = True
                return
            self._board_input(event)
            return
        if self.result.handle_event(event):
            return
        if self.result.shown and not self.result.slide.done and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return    # the panel is sliding in: its buttons are not where they will be
        if self.movelist.handle_event(event):
            return
        used = self.focus.handle_event(event)
        if not used and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.WINDOWLEAVE):
            if event.type == pygame.MOUSEBUTTONDOWN and self.result.visible:
                return
            self._board_input(event)

    def _board_input(self, event: pygame.event.Event) -> None:
        self.sync_view()
        move = self.renderer.handle_event(event, self.state, self.view)
        if move is not None and self.session.waiting() is Waiting.HUMAN:
            self.play_move(move)
        elif self.renderer.rejected_input:
            self.services.sounds.play("error")
            if self.renderer.rejection:
                self.refusal, self.refusal_left = self.renderer.rejection, REFUSAL_TIME

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.renderer.update(dt)
        self.refusal_left -= dt
        if self.refusal_left <= 0 and self.refusal:
            self.refusal = ""
            self.request_redraw()
        self._play_due_sounds(dt)
        self.result.update(dt)
        self.rules.update(dt)
        if self.request_card.update(dt) | self.pause_card.update(dt):    # a countdown's second went by
            self.request_redraw()
        if self.result.shown != self.result_focused:
            self._refresh_focus()
        if not self.renderer.busy:       # the bot move delay is a pause after the move has been shown
            self.since_move += dt
        self._start_bots()
        self.services.warmup.hold(self.session.starting())   # their compile comes first
        self._drive()
        self.sync_view()
        going = not self.session.is_over
        if self.remote is not None:
            seated = going and bool(self.session.my_seats) and not self.connection_lost
            self.controls.refresh(can_undo=seated and self._my_moves(), can_redo=seated,
                                  hint=not self.hint_unavailable(), going=going)
            self.controls.restart.enabled = seated
            self.result.rematch.enabled = bool(self.session.my_seats) and not self.connection_lost
        else:
            self.controls.refresh(can_undo=self.session.can_undo(), can_redo=self.session.can_redo(),
                                  hint=not self.hint_unavailable(), going=going)
        moved, self._board_moving = self._board_moving, self.renderer.animating
        self._board_resting = moved and not self._board_moving

    @property
    def animating(self) -> bool:
        """A panel animates, or the board does under something drawn over it (the
        status box's indicator under a panel likewise): on a human's turn with nothing
        moving, the screen is still; so is a network game waiting for a remote player's
        move (what the network brings asks for a frame). The board moving alone, or
        the indicator, is redrawn alone (``live_areas``)."""
        return ((self.renderer.animating and not self._board_alone) or self.result.animating
                or self.rules.animating or super().animating or (self._indicator_moves and not self._status_alone))

    @property
    def _indicator_moves(self) -> bool:
        """The status box shows something moving: a bot thinking (not while paused), an
        engine being prepared, a hint being looked for or proven."""
        return (self.thinking and not self.paused) or self.warming or self.hint_pending or self.hint.refining

    @property
    def _status_alone(self) -> bool:
        """Nothing is drawn over the status box (the result panel, the rules)."""
        return not self.result.visible and not self.rules.visible

    @property
    def _board_alone(self) -> bool:
        """Nothing is drawn over the board but what the board draws itself (no network
        card, no rules), and the side panel is the plain one (no result panel)."""
        return not (self.result.visible or self.rules.visible or self.request_card.visible
                    or self.pause_card.visible)

    def live_areas(self) -> list[pygame.Rect]:
        """The board while it animates alone (and the frame after, where it comes to
        rest), the status box while only its indicator moves."""
        areas = []
        if self._board_alone and (self._board_moving or self._board_resting):
            areas.append(pygame.Rect(self.board.rect))
        if self._indicator_moves and self._status_alone:
            areas.append(pygame.Rect(self.status.rect))
        return areas

    def draw_live(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> None:
        """The board alone, or the status box alone over the side panel behind it; what
        goes over either (a tooltip) drawn again on top."""
        clip = surface.get_clip()
        try:
            for area in areas:
                surface.set_clip(area)
                surface.blit(self.services.window.background, area, area)
                if area == self.board.rect:
                    self.renderer.draw(surface, self.state, self.view)
                else:
                    panel(surface, self.panel_rect, shadow=self.services.shadows)
                    self.status.draw(surface)
                self.draw_overlay(surface)
        finally:
            surface.set_clip(clip)

    def _panel_widgets(self) -> list[Widget]:
        """The board and the side panel's controls, in focus order (a network card's
        buttons first, then the chat's line after the board)."""
        widgets = self.controls.widgets(self.board, self.autoplay, self.rules.available)
        if self.chat is not None:
            widgets.insert(1, self.chat.field)
        card = self.pause_card if self.pause_card.visible else self.request_card
        return card.buttons + widgets if card.visible else widgets

    def _refresh_focus(self) -> None:
        """The focus goes to the result panel's buttons only once the panel is in
        view: until then (the winning line animating) the side panel's controls
        stay, and a key pressed in that time cannot start a game unseen. A network
        card's buttons (a request to answer) come first, and take the focus when
        the card comes up."""
        current = self.focus.current
        card = self.pause_card if self.pause_card.visible else self.request_card
        card_buttons = card.buttons if card.visible else []
        if card_buttons and current not in card_buttons:
            current = card_buttons[0]
        if self.result.shown:
            if not self.result_focused:
                self.result_focused = True
                self.blocked_keys = set(self.keys_down)
                if not card_buttons:
                    current = self.result.rematch
            widgets = card_buttons + self.result.buttons
            self.focus.set(widgets, focus=current if current in widgets else self.result.rematch)
            return
        self.result_focused = False
        widgets = self._panel_widgets()
        self.focus.set(widgets, focus=current if current in widgets else self.board)

    def layout(self, size: tuple[int, int]) -> None:
        """The board on the left, the side panel on the right: title and players,
        the status box, the move list, then the controls from the foot up. A
        short window gets smaller buttons and gaps; the move list takes what is
        left (and is hidden when that is too little)."""
        super().layout(size)
        width, height = size
        margin = 24
        side_w = max(320, min(self.services.window.px(420), width * 3 // 10))
        compact = height < 700 or side_w < 360
        self.panel_rect = pygame.Rect(width - side_w - margin, margin, side_w, height - 2 * margin)
        board_rect = pygame.Rect(margin, margin, width - side_w - 3 * margin, height - 2 * margin)
        self.renderer.layout(board_rect)
        self.renderer.backdrop = self.services.window.background
        self.board.rect = board_rect
        p = self.panel_rect
        inner_x, inner_w = p.x + 20, p.width - 40
        # A short window with three or more seats (the players list takes lines)
        # puts three buttons a row, without keycaps (the tooltips keep them), so
        # the move list keeps room for a few lines.
        tight = compact and self.status.seat_rows() > 1
        self.controls.layout(p, compact, tight, self.rules.available, self.autoplay)
        self.rules.layout(self.rect)
        self.status.layout(p, inner_x, inner_w, compact)
        list_top = self.status.rect.bottom + (12 if compact else 16)
        list_h = max(0, self.controls.autoplay_top - 12 - list_top)
        if self.chat is not None:    # the chat takes the foot of the move list's room
            if list_h >= self.services.window.px(240):
                chat_h = max(list_h * 11 // 20, self.services.window.px(150))
            else:    # short: the list keeps two lines of moves, the chat its typing line and the last lines
                chat_h = max(self.chat.height_for(1), list_h - 8 - self.movelist.height_for(2))
            self.chat.layout(pygame.Rect(inner_x, list_top + list_h - chat_h, inner_w, chat_h))
            list_h -= chat_h + 8
        self.movelist.rect = pygame.Rect(inner_x, list_top, inner_w, max(0, list_h))
        self.movelist.header_reserve = self.controls.place_copy_paste(self.movelist.rect, self.movelist.shown)
        self.result.layout(p)
        self.request_card.layout(board_rect)
        self.pause_card.layout(board_rect)
        self._refresh_focus()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.state, self.view)
        panel(surface, self.panel_rect, shadow=self.services.shadows)
        self.status.draw_header(surface, self.panel_rect)
        self.status.draw(surface)
        self.movelist.draw(surface, self.match.records, self.state.num_seats)
        if self.chat is not None:
            self.chat.draw(surface)
        if self.pause_card.visible:
            self.pause_card.draw(surface)
        else:
            self.request_card.draw(surface)
        if self.autoplay:
            fonts = self.services.fonts
            top = self.controls.autoplay_top
            text(surface, fonts.bold(13), "BOTS PLAYING" + ("  ·  PAUSED" if self.paused else ""),
                 palette.ACCENT if self.paused else palette.TEXT_MUTED, (self.panel_rect.x + 20, top + 6))
            text(surface, fonts.text(15), "Delay", palette.TEXT_MUTED,
                 (self.panel_rect.x + 20, self.controls.speed.rect.centery), "midleft")

    def draw(self, surface: pygame.Surface) -> None:
        """The result panel draws its own buttons (sliding in with it); the side
        panel's controls stay drawn under it. The Rules panel goes over all."""
        if not self.result.shown:
            super().draw(surface)
        else:
            surface.blit(self.services.window.background, (0, 0))
            self.draw_content(surface)
            for widget in self._panel_widgets():
                widget.draw(surface)
            self.result.draw(surface)
        self.rules.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if not self.rules.visible:
            super().draw_overlay(surface)
            if not self.result.shown:
                self.movelist.draw_details(surface, pygame.mouse.get_pos())

    def toast_room(self) -> pygame.Rect:
        """Inside the side panel, over the move list below its heading (or, with the
        list hidden, between the status box and the buttons): the board with its
        coordinates and the piece under the cursor, the panel's title and the status
        box stay in view; over the result panel, between its words and its buttons. In a
        network game the chat stays clear too (but for its lines when the list is hidden)."""
        px = self.services.window.px
        if self.result.shown:
            top, bottom = self.result.content_bottom + px(8), self.result.rematch.rect.top - px(4)
        else:
            top, bottom = self.status.rect.bottom + px(40), self.controls.autoplay_top - 4
            if self.chat is not None and self.chat.shown:
                bottom = self.chat.rect.top - 4 if self.movelist.shown else self.chat.field.rect.top - 4
        return pygame.Rect(self.panel_rect.x + 8, top, self.panel_rect.width - 16, max(0, bottom - top))
