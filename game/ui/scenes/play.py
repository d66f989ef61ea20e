"""The play screen: the board, the side panel, and the player's commands.

The turn loop is the session's (``game.match.session.Session``): a
``MatchSession`` for a game on this computer, which runs each bot seat's worker
and the hint's, or a ``RemoteSession`` for a network game, whose moves come
from the server. This scene drives it once a frame, never blocking, so the
window keeps animating while a bot thinks: a bot's move (or a forced pass) that
is ready is played once the board has finished animating the previous move and
the move delay from Settings has passed (a human's forced pass waits at least
``PASS_DELAY``); each event is then shown: the board animates the move, a sound
plays, a failing bot is named in a toast, the result panel slides in (R puts it
away for the move list and the final position, and brings it back).

The rest: the board ``game/ui/renderers/``; status box, buttons, move list,
result panel, rules card ``game/ui/panels/``; in ``game/ui/play/``: the keys
and where input goes (``keys.py``), the parts' places and what is redrawn alone
(``layout.py``), Hint (``hints.py``), save, load, copy, paste and Resume
(``files.py``), and the ``mode``, what differs between a game on this computer
(``local.py``; its seats: ``game/match/seats.py``) and a network game
(``network.py``: chat, request and pause cards, buttons that ask the others).
Esc opens the game menu (``menu.py``: Resume, New game, Save, Settings, Rules,
Leave) over the board; Leave goes back to the setup screen.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.lang import _
from game.match.record import Match, MoveRecord
from game.match.session import (BotStuck, Event, GameOver, HintFailed, HintReady, MovePlayed, PositionChanged,
                                SeatsChanged, Session, Waiting)
from game.rules.core import IllegalMove, Move, Outcome, State
from game.store.userdata import StatRow, matchup_name
from game.ui import palette
from game.ui.draw import clean_text
from game.ui.naming import player_names
from game.ui.panels.clocks import ClockPanel
from game.ui.panels.controls import PlayControls
from game.ui.panels.decision import DecisionPanel
from game.ui.panels.status import StatusPanel
from game.ui.panels.movelist import MoveList
from game.ui.panels.result import ResultPanel, places_table
from game.ui.panels.seatmarks import seat_ink
from game.ui.panels.rules_help import RulesPanel
from game.ui.play.files import GameFiles
from game.ui.play.hints import HintShown, PlayHints
from game.ui.play.keys import BoardFocus, PlayInput
from game.ui.play.layout import PlayLayout
from game.ui.play.local import LocalGame
from game.ui.play.menu import GameMenu
from game.ui.play.network import NetworkGame
from game.ui.play.screen import PlayMode
from game.ui.renderers import has_renderer, renderer_for
from game.rules.phrases import value_in_words
from game.ui.renderers.base import BoardView
from game.ui.scenes.base import Scene
from game.ui.services import Route
from game.ui.widgets import nearest_index

if TYPE_CHECKING:
    from game.match.compiling import CompileProgress
    from game.net.remote_session import RemoteSession
    from game.ui.hosting import Hosting
    from game.ui.panels.chat import ChatPanel
    from game.store.userdata import Settings
    from game.ui.services import Services

#: Seconds the winning line animates before the result panel slides in.
RESULT_DELAY = 0.9
#: Seconds at least before a human's forced pass is played for them.
PASS_DELAY = 0.6
#: The topic of the toasts about the position on the board (a pass): they go once it changes.
POSITION_TOAST = "position"
#: Seconds a pass's toast stays at least once the next move is played, to be read.
PASS_TOAST_READ = 1.5


class PlayScene(Scene):
    """One match on screen, from the first move to the result panel."""

    name = "play"
    draws_warm_up = True   # its own bots' engines only, in the status box

    def __init__(self, services: "Services", match: Match | None = None, resumed: bool = False,
                 remote: "RemoteSession | None" = None, hosting: "Hosting | None" = None) -> None:
        super().__init__(services)
        if remote is not None:
            match = remote.match
        assert match is not None, "the play screen shows a match or a network game"
        self.game_id = match.state.game_id
        self.title = match.state.title
        self.renderer = renderer_for(self.game_id)
        self.renderer.anim_speed = services.settings.current.anim_speed
        self.view = BoardView(display=services.settings.current.display)
        self.renderer.follow_view(self.view)         # its board set: the move list's colours are its pieces'
        self.since_move = 0.0
        self.paused = False
        self.step_once = False
        #: Why the board refused the player's last pick, in the rules' words, and
        #: the seconds it stays shown ('' once gone).
        self.refusal = ""
        self.refusal_left = 0.0
        #: Sounds waiting for the piece to land: [seconds left, sound name].
        self.sound_queue: list[list] = []
        self.movelist = MoveList(services.fonts, self.renderer.seat_colours())
        self.movelist.on_pick = lambda index: None if self.result.visible else services.scenes.push(
            "review", match=self.match, ply=index + 1)    # a move clicked: the review at that move
        self.result = ResultPanel(self)
        self.rules = RulesPanel(services, self.title, match.state.rules_help)
        self.board = BoardFocus(self)
        self.decision = DecisionPanel(self)
        self.controls = PlayControls(self)
        self.status = StatusPanel(self)
        self.clocks = ClockPanel(self)
        self.files = GameFiles(self, resumed)
        self.hints = PlayHints(self)
        self.input = PlayInput(self)
        #: What Esc opens: Resume, New game, Save, Settings, Rules, Leave.
        self.game_menu = GameMenu(self, networked=remote is not None, hosting=hosting is not None)
        #: A game on this computer, or a network game: what differs between the two.
        self.mode: PlayMode = LocalGame(self, match) if remote is None else NetworkGame(self, remote, hosting)
        self.session: Session = self.mode.session
        self.screen = PlayLayout(self)
        self.refresh_focus()
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
            return _("Cannot show this game"), _("{game} has no board on screen yet.").format(game=_(state.title))
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

    def compile_progress(self) -> "CompileProgress | None":
        """How far the compile of the bot to move's engine has got, while it gets ready on a new
        machine: its worker's own compile, or the launch-time warm-up's that its worker waits for
        (None: nothing is being compiled for it, or it is not getting ready)."""
        if not self.warming:
            return None
        spec = self.session.specs.get(self.state.turn)
        runner = self.session.runners.get(self.state.turn)
        if spec is None:
            return None
        if runner is not None and runner.compile is not None:
            return runner.compile.progress()
        return self.services.warmup.compile_progress(spec.key)

    @property
    def hint_pending(self) -> bool:
        return self.session.hint_pending

    @property
    def hint(self) -> HintShown:
        """The hint on show (empty: none)."""
        return self.hints.shown

    @property
    def chat(self) -> "ChatPanel | None":
        """A network game's chat (None for a game on this computer)."""
        return self.mode.chat

    @property
    def net_paused(self) -> bool:
        """A network game waits for a player of the network."""
        return self.mode.paused

    def player_name(self, seat: int) -> str:
        """How the screen names a seat's player: "You", "Player 2", "Master"."""
        return player_names(self.match.players, self.state.seat_name)[seat]

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The colour of a seat's pieces on this board (the renderer's: red and yellow discs)."""
        colours = self.renderer.seat_colours()
        return colours[self.renderer.seat_pieces(self.state, seat) % len(colours)]

    # -- life cycle ----------------------------------------------------------------------
    def _start_bots(self) -> None:
        """A worker for each bot seat; it warms its bot's engine up itself before its
        clock runs. A seat whose engine the launch-time warm-up is compiling right
        now starts too (a first move it plays without its engine comes at once), its
        warm-up waiting for that compile to end (not compiling the same kernels twice
        at once; where that cannot be ensured, the seat's worker waits to start).
        A network game's bots play on the host's server."""
        self.session.start_bots(lambda spec: self.services.warmup.hand_over(spec.key))

    def enter(self) -> None:
        self._start_bots()
        self.renderer.reset(self.state)
        self.sync_view()
        outcome = self.session.outcome()
        if outcome is not None:
            self._show_outcome(outcome, record=False)
        self.mode.enter()

    def leave(self) -> None:
        self.services.toasts.withdraw(POSITION_TOAST)
        self.mode.leave()

    def resume(self) -> None:
        """Back from a screen on top (Settings, the saved games): the keys went there."""
        self.input.forget_keys()

    def apply_settings(self, settings: "Settings", changed: frozenset[str]) -> None:
        self.renderer.anim_speed = settings.anim_speed
        self.view.display = settings.display                  # a theme or board set chosen: the move
        self.renderer.follow_view(self.view)                  # list's colours follow the pieces'
        self.movelist.colours = tuple(self.renderer.seat_colours())
        self.controls.speed.index = nearest_index(self.controls.speed.items, settings.bot_delay)
        if "language" in changed:
            self.controls.reword()
            outcome = self.view.outcome
            if outcome is not None and self.result.visible:     # the result as it reads in the new language
                self.result.headline = clean_text(self.headline(outcome)[0])
                reason = value_in_words(outcome.reason)
                self.result.reason = reason[:1].upper() + reason[1:]
                self.result.score = clean_text(value_in_words(self.state.scores_text(outcome)))

    def back(self) -> None:
        """Leave the game (the game menu's Leave): back to the setup screen, the game kept
        for Resume (a network game asks first)."""
        self.services.sounds.play("click")
        self.mode.back()

    def open_menu(self) -> None:
        """Esc and the Menu buttons: the game menu over the board."""
        self.game_menu.open()

    # -- the turn loop ---------------------------------------------------------------------
    def sync_view(self) -> None:
        self.view.last_move = self.match.last_move
        self.view.outcome = self.session.outcome()
        self.view.interactive = self.view.outcome is None and self.mode.interactive() and not self.result.visible
        self.view.display = self.services.settings.current.display

    def play_move(self, move: Move) -> MoveRecord | None:
        """Play a move of the human to move (the board's input); ``IllegalMove`` if it is not legal.
        A network game's move is sent (None): it is shown when the server has played it."""
        played = self.session.play(move)
        self.show_events()
        return played.record if played is not None else None

    def _may_play_ready(self) -> bool:
        """Whether the bot move or forced pass that is ready may be shown now: the board
        is still, the delay after the last move has passed, and the bots are not paused
        (Step plays one anyway) nor held by the game menu."""
        ready = self.session.ready()
        if ready is None or self.renderer.busy or self.game_menu.holds_bots:
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
        self.show_events()

    def show_events(self) -> None:
        """Show what the session reported since the last call."""
        for event in self.session.events():
            self._show(event)
            self.renderer.stir()
            self.request_redraw()

    def _show(self, event: Event) -> None:
        """What the screen does for each thing the session reports (the mode shows the rest)."""
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
            self.services.toasts.show(_("{player} gave no legal move; the game is paused").format(
                player=self.player_name(event.seat)), "error")
        elif isinstance(event, HintReady):
            self.hints.show(event)
        elif isinstance(event, HintFailed):
            self.services.toasts.show(event.text, "warning")
        elif isinstance(event, SeatsChanged):
            self.layout(self.rect.size)
        else:
            self.mode.show(event)

    def _show_move(self, event: MovePlayed) -> None:
        record = event.record
        if event.failure:
            self.services.toasts.show(_("{failure} — a random move was played instead").format(failure=event.failure),
                                      "warning", seconds=6)
            self.services.sounds.play("error")
        toasts = self.services.toasts
        toasts.withdraw(POSITION_TOAST, shown_for=PASS_TOAST_READ)     # a pass told is over once the game goes on
        if event.by == "pass":
            toasts.show(_("{seat} has no move and passes").format(seat=_(self.state.seat_name(record.seat))), "info",
                        topic=POSITION_TOAST)
        self.renderer.on_move(self.state, record)
        self.refusal = ""
        sides = self.state.move_sides()            # a Gomoku stone sounds as its own colour, whoever placed it
        side = sides[-1] if sides else record.seat
        self.play_sound("move" if side % 2 == 0 else "move_alt", self.renderer.sound_delay())
        self.hints.clear()
        self.since_move = 0.0
        self.sync_view()

    # -- end of game ----------------------------------------------------------------------
    def headline(self, outcome: Outcome) -> tuple[str, tuple[int, int, int], str]:
        """The result panel's headline, its colour, and the sound to play."""
        players = self.match.players
        state = self.state
        humans = [s for s, p in enumerate(players) if p.is_human]
        if outcome.is_draw:
            return _("Draw"), palette.TEXT, "draw"
        winners = list(outcome.winners)
        if len(humans) == 1:
            if humans[0] in winners:
                return _("You win!"), palette.ACCENT, "win"
            names = _(" and ").join(self.player_name(s) for s in winners)
            return _("{players} wins").format(players=names), seat_ink(self.seat_colour(winners[0])), "lose"
        if humans:
            names = _(" and ").join(_(state.seat_name(s)) for s in winners)
            return _("{players} wins!").format(players=names), seat_ink(self.seat_colour(winners[0])), "win"
        names = _(" and ").join(f"{_(state.seat_name(s))} — {self.player_name(s)}" for s in winners)
        return _("{players} wins").format(players=names), seat_ink(self.seat_colour(winners[0])), "win"

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
        self.services.toasts.withdraw(POSITION_TOAST)
        state = self.state
        self.renderer.on_outcome(state, outcome)
        self.view.outcome = outcome
        if record and self.mode.counts_results:
            self.services.stats.record(self.game_id, self.match.players, outcome)
        headline, colour, sound = self.headline(outcome)
        self.play_sound(sound, self.renderer.sound_delay())
        seats = outcome.winners or tuple(range(state.num_seats))
        marks = [(state.seat_name(s), self.seat_colour(s)) for s in seats]     # letters drawn, names as balls
        speed = self.services.settings.current.anim_speed
        reason = value_in_words(outcome.reason)
        reason = reason[:1].upper() + reason[1:]
        places = None
        if state.num_seats > 2 and outcome.ranking:
            players = self.match.players
            who = [_(p.label) if p.is_bot else self.player_name(s) for s, p in enumerate(players)]
            places = [(place, f"{_(state.seat_name(seat))} — {who[seat]}", self.seat_colour(seat))
                      for place, seat in places_table(outcome.ranking)]
        self.result.show(headline, reason, self._score_row(), colour, marks, RESULT_DELAY / speed if speed else 0.0,
                         places, score=value_in_words(state.scores_text(outcome)))
        self.sync_view()
        self.refresh_focus()

    # -- commands ------------------------------------------------------------------------
    def _after_jump(self) -> None:
        """Undo, redo, restart or paste changed the position: snap the board, drop stale work."""
        self.services.toasts.withdraw(POSITION_TOAST)
        self.renderer.on_undo(self.state)
        self.sound_queue.clear()
        self.hints.clear()
        self.result.hide()
        self.since_move = 0.0
        self.sync_view()
        self.refresh_focus()

    def undo(self) -> None:
        if not self.session.undo():
            self.services.sounds.play("error")
            return
        if self.autoplay:
            self.set_paused(True)
        self.show_events()

    def redo(self) -> None:
        if not self.session.redo():
            self.services.sounds.play("error")
            return
        self.show_events()

    def restart(self) -> None:
        """New game with the same players (N, Ctrl+R, the game menu's New game): one
        pressed by mistake is undone by Redo."""
        if self.session.restart():
            self.services.toasts.show(_("New game — Redo (Y) brings the last one back"), "info")
        self.show_events()

    def rematch(self) -> None:
        self.mode.rematch()

    def swap_sides(self) -> None:
        """Rotate the players one seat on (their bots go with them) and start again."""
        try:
            self.session.swap_seats()
        except IllegalMove as err:
            self.services.toasts.show(_("Cannot swap sides: {error}").format(error=err), "warning")
            return
        self.show_events()

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

    # The buttons' commands written elsewhere (``PlayControls`` calls them on the scene).
    def ask_hint(self) -> None:
        self.hints.ask()

    def ask_save(self) -> None:
        self.files.ask_save()

    def ask_load(self) -> None:
        self.files.ask_load()

    def copy_position(self) -> None:
        self.files.copy_position()

    def paste_position(self) -> None:
        self.files.paste_position()

    # -- input ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        self.input.handle_event(event)

    def refresh_focus(self) -> None:
        """The focus order for what is on screen now (``PlayInput.refresh_focus``)."""
        self.input.refresh_focus()

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.services.dialogs.is_open:       # the keys go to the dialog (the game menu's Esc among them)
            self.input.forget_keys()
        self.renderer.update(dt)
        self.refusal_left -= dt
        if self.refusal_left <= 0 and self.refusal:
            self.refusal = ""
            self.request_redraw()
        self._play_due_sounds(dt)
        self.result.update(dt)
        self.rules.update(dt)
        if any([card.update(dt) for card in self.mode.cards]):    # a countdown's second went by
            self.request_redraw()
        if self.result.shown != self.input.result_focused:
            self.refresh_focus()
        if not self.renderer.busy:       # the bot move delay is a pause after the move has been shown
            self.since_move += dt
        self._start_bots()
        self.services.warmup.hold(self.session.starting())   # their compile comes first
        self._hold_clock(self.services.dialogs.is_open)
        self._drive()
        if self.clocks.changed():
            self.request_redraw()
        self.sync_view()
        self.mode.refresh_controls()
        self.decision.update()
        self.screen.note_frame()

    def update_in_background(self, dt: float) -> None:
        """Under another screen (the review of a move clicked, Settings): a network game
        goes on as if shown (the others play on, the connection is kept), a game on this
        computer waits."""
        if self.mode.goes_on_behind:
            self.update(dt)
        else:
            self._hold_clock(True)

    def _hold_clock(self, hold: bool) -> None:
        """A game on this computer stops its clock while the game menu (or any dialog) is open
        over it or another screen is on top; a network game's clock is the server's."""
        clock = self.session.clock
        if clock is None:
            return
        if hold and not clock.paused:
            self.session.pause_clock()
        elif not hold and clock.paused:
            self.session.resume_clock()

    # -- drawing (``game/ui/play/layout.py``) ------------------------------------------------------
    @property
    def animating(self) -> bool:
        return self.screen.animating or super().animating

    @property
    def panel_rect(self) -> pygame.Rect:
        """The side panel."""
        return self.screen.panel_rect

    def live_areas(self) -> list[pygame.Rect]:
        return self.screen.live_areas()

    def draw_live(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> None:
        self.screen.draw_live(surface, areas)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        self.screen.place(size)
        self.refresh_focus()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.screen.draw_content(surface)

    def draw(self, surface: pygame.Surface) -> None:
        """The result panel draws its own buttons (sliding in with it); the side
        panel's controls stay drawn under it. The Rules panel goes over all."""
        if not self.result.shown:
            super().draw(surface)
        else:
            surface.blit(self.services.window.background, (0, 0))
            self.draw_content(surface)
            for widget in self.input.panel_widgets():
                widget.draw(surface)
            self.result.draw(surface)
        self.rules.draw(surface)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        if not self.rules.visible:
            super().draw_overlay(surface)
            if not self.result.shown and not self.services.dialogs.is_open:
                self.movelist.draw_details(surface, pygame.mouse.get_pos())

    def toast_room(self) -> pygame.Rect:
        return self.screen.toast_room()
