"""The play screen: the board, whose turn it is, the move list, the controls.

The scene owns a ``Match`` and one ``BotRunner`` per bot seat (started on
entry, closed on leaving). Every frame it polls the runner of the seat to
move, never blocking, so the window keeps animating while a bot thinks; a
bot's move is shown once the board has finished animating the previous one
and the move delay from Settings has passed. A bot that fails is named in a
toast and its fallback move is played with the failure as the move's note.

Keys: U/Ctrl+Z undo, Y/Ctrl+Y redo, H hint, N/Ctrl+R restart, Ctrl+S save,
Ctrl+O load, Ctrl+C copy the moves as text, Ctrl+V play pasted moves, F1 the
game's rules, Esc back to the setup; with only bots seated, Space pauses and
S or Right steps one move. The board takes arrows, digits and Enter; Tab
moves the focus between the board and the buttons.
"""
from __future__ import annotations

import datetime as _dt
import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.match.config import BotChoiceError, TierSpec
from game.rules.core import BadNotation, Move, Outcome
from game.match.record import Match, MoveRecord, Player
from game.match.runner import BotReply, BotRunner, BotSpec
from game.store.savefile import save_match
from game.ui import palette
from game.ui.clipboard import ClipboardError, copy_text, paste_text
from game.ui.draw import fit_text, mix, panel, seat_token, text
from game.ui.naming import player_names
from game.ui.overlays import progress_bar
from game.ui.renderers import has_renderer, renderer_for
from game.ui.renderers.base import BoardView
from game.ui.panels.movelist import MoveList
from game.ui.panels.result import ResultPanel, places_table
from game.ui.panels.rules_help import RulesPanel
from game.ui.scenes.base import Route, Scene
from game.ui.widgets import Button, Choice, ChoiceItem, Widget, nearest_index
from game.store.userdata import BOT_DELAYS, StatRow, matchup_name, saves_dir

if TYPE_CHECKING:
    from game.store.userdata import Settings
    from game.ui.services import Services

#: Seconds the winning line animates before the result panel slides in.
RESULT_DELAY = 0.9
#: Height of a line of the players' list under the title (more than two seats).
SEAT_LINE = 22
#: Seconds at least before a human's forced pass is played for them.
PASS_DELAY = 0.6


def _shorten(moves: str, limit: int = 40) -> str:
    """A move list cut to ``limit`` characters for a toast."""
    return moves if len(moves) <= limit else moves[:limit - 1] + "…"


def _example(state) -> str:
    """A sample move list for this game: its first legal moves, as the game writes them."""
    sample = state.copy()
    while sample.move_stack:
        sample.pop()
    for _ in range(3):
        legal = sample.legal_moves()
        if not legal:
            break
        sample.push(legal[len(legal) // 2])
    return sample.to_text()


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

    def __init__(self, services: "Services", match: Match) -> None:
        super().__init__(services)
        self.match = match
        self.game_id = match.state.game_id
        self.title = match.state.title
        self.renderer = renderer_for(self.game_id)
        self.renderer.anim_speed = services.settings.current.anim_speed
        self.view = BoardView()
        self.specs: dict[int, BotSpec] = {}
        self.seat_problems: list[str] = self._resolve_players()
        self.runners: dict[int, BotRunner] = {}
        self.reply: BotReply | None = None
        self.since_move = 0.0
        self.paused = False
        self.step_once = False
        self.recorded = match.state.is_over()
        #: Whether the game a restart took back had its result recorded (None: no
        #: such game to redo); a redo that brings it back must not record it again.
        self.restart_recorded: bool | None = None
        self.hint_runner: BotRunner | None = None
        self.hint_pending = False
        self.hint_text = ""
        self.hint_move = ""
        self.hint_detail = ""
        self._pass_key: object = None
        self._pass_move: Move | None = None
        #: Sounds waiting for the piece to land: [seconds left, sound name].
        self.sound_queue: list[list] = []
        self.movelist = MoveList(services.fonts, self.renderer.seat_colours())
        self.result = ResultPanel(self)
        self.rules = RulesPanel(services, self.title, match.state.rules_help)
        self.rules_btn = Button(services, "Rules", self.rules.open, wid="rules", shortcut="F1",
                                tooltip=f"How to play {self.title} (F1)")
        self.board = BoardFocus(self)
        self.undo_btn = Button(services, "Undo", self.undo, wid="undo", shortcut="U", tooltip="Undo (U or Ctrl+Z): back to your previous turn")
        self.redo_btn = Button(services, "Redo", self.redo, wid="redo", shortcut="Y", tooltip="Redo (Y or Ctrl+Y)")
        self.hint_btn = Button(services, "Hint", self.hint, wid="hint", shortcut="H", tooltip="Hint (H): the best move, shown but not played")
        self.restart_btn = Button(services, "Restart", self.restart, wid="restart", shortcut="N", tooltip="Restart (N or Ctrl+R)")
        self.save_btn = Button(services, "Save", self.ask_save, wid="save", shortcut="Ctrl+S", tooltip="Save this game to a file (Ctrl+S)")
        self.load_btn = Button(services, "Load", self.ask_load, wid="load", shortcut="Ctrl+O", tooltip="Load a saved game (Ctrl+O)")
        self.copy_btn = Button(services, "Copy", self.copy_position, wid="copy", shortcut="Ctrl+C",
                               tooltip="Copy the moves so far as text (Ctrl+C), e.g. to paste into a solver")
        self.paste_btn = Button(services, "Paste", self.paste_position, wid="paste", shortcut="Ctrl+V",
                                tooltip="Play the moves on the clipboard (Ctrl+V); Undo takes them back")
        self.menu_btn = Button(services, "Menu", self.back, wid="menu", shortcut="Esc", style="ghost",
                               tooltip="Back to the match setup (Esc); the bots stop")
        self.pause_btn = Button(services, "Pause", self.toggle_pause, wid="pause", shortcut="Space", tooltip="Pause or resume the bots (Space)")
        self.step_btn = Button(services, "Step", self.step, wid="step", shortcut="S", tooltip="Play the next move (S or →)")
        #: The panel's controls and their keycaps (a tight layout hides the keycaps).
        self._keycaps = {button: button.shortcut for button in (
            self.undo_btn, self.redo_btn, self.hint_btn, self.restart_btn, self.save_btn, self.load_btn, self.rules_btn,
            self.menu_btn)}
        delays = [ChoiceItem(delay, label) for delay, label in BOT_DELAYS.items()]
        self.speed = Choice(
            services,
            delays,
            nearest_index(delays, services.settings.current.bot_delay),
            lambda delay: services.settings.update(bot_delay=delay),
            wid="speed",
            tooltip="Pause between bot moves (also in Settings)",
            font_size=16,
        )
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        #: Keys held down now, and those held when the result panel came into
        #: view: a held key's repeats must not press the panel's buttons unseen.
        self.keys_down: set[int] = set()
        self.blocked_keys: set[int] = set()
        self.result_focused = False
        self._refresh_focus()
        self.follow_settings(self.apply_settings)

    @classmethod
    def trail(cls, match: Match) -> list[Route]:
        """From the title: the game menu and the match's setup (showing its players)."""
        return [Route("games"), Route("setup", {"game_id": match.state.game_id, "match": match})]

    @classmethod
    def refusal(cls, match: Match) -> tuple[str, str] | None:
        """A game with no board on screen cannot be shown."""
        state = match.state
        if not has_renderer(state.game_id):
            return "Cannot show this game", f"{state.title} has no board on screen yet."
        return None

    # -- seats and bots ---------------------------------------------------------------
    @property
    def autoplay(self) -> bool:
        """Every seat is a bot: the game plays itself, with pause and step."""
        return not any(p.is_human for p in self.match.players)

    def _resolve_players(self) -> list[str]:
        """Find how to run each bot seat; a seat whose bot is unknown becomes Human."""
        problems = []
        players = list(self.match.players)
        state = self.match.state
        for seat, player in enumerate(players):
            where = f"Seat {seat + 1} ({state.seat_name(seat)})"
            if player.is_bot:
                try:
                    spec = self.services.config.bot_spec(self.game_id, player.bot or player.label, self.services.registry)
                except BotChoiceError as err:
                    problems.append(f"{where}: {err}. That seat is now played by a human.")
                    players[seat] = Player.human()
                    continue
                self.specs[seat] = spec
                if player.label == player.bot and spec.label != player.label:
                    players[seat] = Player.of_bot(player.bot, label=spec.label)
            elif not player.is_human:
                problems.append(f"{where}: {player.label} plays over the network, which this screen cannot join; "
                                "that seat is now played by a human.")
                players[seat] = Player.human()
        if players != self.match.players:
            self.match.replace_players(players)
        return problems

    def _start_runners(self) -> None:
        """A worker for each bot seat; it warms its bot's engine up itself before its
        clock runs. A seat whose engine the launch-time warm-up is compiling right
        now waits for it instead (not compiling the same kernels twice at once)."""
        for seat, spec in self.specs.items():
            if seat not in self.runners and self.services.warmup.hand_over(spec.key):
                self.runners[seat] = BotRunner(spec).start()

    def _cancel_bots(self) -> None:
        for runner in self.runners.values():
            if runner.busy:
                runner.cancel()
        self.reply = None

    def player_name(self, seat: int) -> str:
        """How the screen names a seat's player: "You", "Player 2", "Master"."""
        return player_names(self.match.players, self.match.state.seat_name)[seat]

    def seat_colour(self, seat: int) -> tuple[int, int, int]:
        """The colour of a seat's pieces on this board (the renderer's: red and yellow discs)."""
        colours = self.renderer.seat_colours()
        return colours[seat % len(colours)]

    # -- life cycle ----------------------------------------------------------------------
    def enter(self) -> None:
        self._start_runners()
        self.renderer.reset(self.match.state)
        self.sync_view()
        if self.match.state.is_over():
            self._show_outcome(self.match.state.outcome(), record=False)
        if self.seat_problems:
            self.services.dialogs.message("Some players were replaced", "\n\n".join(self.seat_problems))

    def leave(self) -> None:
        self.services.setup_memory.remember(self.match)   # the setup screen behind shows these players
        self.services.warmup.hold(False)
        for runner in self.runners.values():
            runner.close()
        self.runners.clear()
        if self.hint_runner is not None:
            self.hint_runner.close()
            self.hint_runner = None

    def apply_settings(self, settings: "Settings", changed: frozenset[str]) -> None:
        self.renderer.anim_speed = settings.anim_speed
        self.speed.index = nearest_index(self.speed.items, settings.bot_delay)

    def back(self) -> None:
        self.services.sounds.play("click")
        self.services.scenes.pop()

    # -- moves -------------------------------------------------------------------------
    def sync_view(self) -> None:
        state = self.match.state
        self.view.last_move = self.match.last_move
        self.view.outcome = state.outcome()
        self.view.interactive = (
            self.view.outcome is None and self.match.current_player.is_human and not self.result.visible
        )

    def play_move(self, move: Move, note: str = "") -> MoveRecord:
        record = self.match.play(move, note)
        self.restart_recorded = None     # a new move dropped the redo history
        self.renderer.on_move(self.match.state, record)
        self.play_sound("move" if record.seat % 2 == 0 else "move_alt", self.renderer.sound_delay())
        self.clear_hint()
        self.since_move = 0.0
        self.sync_view()
        outcome = self.match.state.outcome()
        if outcome is not None:
            self._show_outcome(outcome, record=True)
        return record

    def _drive_bots(self) -> None:
        state = self.match.state
        if state.is_over():
            return
        seat = state.turn
        runner = self.runners.get(seat)
        if runner is None or not self.match.players[seat].is_bot:
            return
        if self.reply is None:
            if not runner.busy:
                runner.request(state)
            self.reply = runner.poll()
            if self.reply is None:
                return
        if self.renderer.busy:
            return
        if not self.step_once and (self.paused or self.since_move < self.services.settings.current.bot_delay):
            return
        self.step_once = False
        reply, self.reply = self.reply, None
        if reply.move is None or not state.is_legal(reply.move):
            self.set_paused(True)
            self.services.toasts.show(f"{self.player_name(seat)} gave no legal move; the game is paused", "error")
            return
        note = ""
        if reply.failure:
            note = f"{reply.failure}; a random move was played"
            self.services.toasts.show(f"{reply.failure} — a random move was played instead", "warning", seconds=6)
            self.services.sounds.play("error")
        self.play_move(reply.move, note)

    def forced_pass(self) -> Move | None:
        """The pass a human at this screen must play, if passing is their only legal
        move (a move whose notation is "pass"): no board input makes it, so the
        screen plays it for them. Worked out once per position."""
        state = self.match.state
        if state.is_over() or not self.match.current_player.is_human:
            return None
        key = (state.key(), len(state.move_stack))
        if self._pass_key != key:
            moves = state.legal_moves()
            only = moves[0] if len(moves) == 1 else None
            self._pass_key = key
            self._pass_move = only if only is not None and state.move_to_str(only).casefold() == "pass" else None
        return self._pass_move

    def _pass_for_human(self) -> None:
        """Play a human's forced pass, once the board has shown the previous move
        and the bot move delay (at least ``PASS_DELAY``) has gone by, with a toast."""
        move = self.forced_pass()
        if move is None or self.renderer.busy or self.since_move < max(PASS_DELAY, self.services.settings.current.bot_delay):
            return
        name = self.match.state.seat_name(self.match.state.turn)
        self.services.toasts.show(f"{name} has no move and passes", "info")
        self.play_move(move)

    @property
    def thinking(self) -> bool:
        """A bot seat is to move and its move has not been shown yet."""
        state = self.match.state
        return not state.is_over() and state.turn in self.runners and self.match.current_player.is_bot

    @property
    def warming(self) -> bool:
        """A bot seat is to move and waits for the launch-time warm-up to finish compiling its engine."""
        state = self.match.state
        return not state.is_over() and state.turn in self.specs and state.turn not in self.runners

    # -- end of game ----------------------------------------------------------------------
    def _headline(self, outcome: Outcome) -> tuple[str, tuple[int, int, int], str]:
        """The result panel's headline, its colour, and the sound to play."""
        players = self.match.players
        state = self.match.state
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

    def _show_outcome(self, outcome: Outcome | None, record: bool) -> None:
        if outcome is None:
            return
        state = self.match.state
        self.renderer.on_outcome(state, outcome)
        self.view.outcome = outcome
        if record and not self.recorded:
            self.services.stats.record(self.game_id, self.match.players, outcome)
            self.recorded = True
        headline, colour, sound = self._headline(outcome)
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
                         places)
        self.sync_view()
        self._refresh_focus()

    # -- commands ------------------------------------------------------------------------
    def _after_jump(self) -> None:
        """Undo, redo or restart changed the position: snap the board, drop stale work."""
        state = self.match.state
        self.renderer.on_undo(state)
        self.sound_queue.clear()
        self.clear_hint()
        self.result.hide()
        self.since_move = 0.0
        self.sync_view()
        self._refresh_focus()
        if state.is_over():
            self._show_outcome(state.outcome(), record=True)

    def undo(self) -> None:
        if not self.match.can_undo():
            self.services.sounds.play("error")
            return
        self._cancel_bots()
        self.match.undo()
        while self.forced_pass() is not None and self.match.can_undo():
            self.match.undo()          # a pass was no choice: back to the human's last real one
        if self.autoplay:
            self.set_paused(True)
        self._after_jump()

    def redo(self) -> None:
        if not self.match.can_redo():
            self.services.sounds.play("error")
            return
        self._cancel_bots()
        self.match.redo()
        if self.restart_recorded is not None:    # the game the restart took back
            self.recorded = self.restart_recorded
            self.restart_recorded = None
        self._after_jump()

    def _new_game(self) -> bool:
        """Back to the start position; the game taken back stays as redo history.
        True if there were moves to take back."""
        had_moves = bool(self.match.records)
        self._cancel_bots()
        self.match.restart()
        self.restart_recorded = self.recorded if had_moves else None
        for runner in self.runners.values():
            runner.new_game()
        self.renderer.reset(self.match.state)
        self.recorded = False
        self.set_paused(False)
        self._after_jump()
        return had_moves

    def restart(self) -> None:
        """Restart (N, Ctrl+R): a restart pressed by mistake is undone by Redo."""
        if self._new_game():
            self.services.toasts.show("Game restarted — Redo (Y) brings it back", "info")

    def rematch(self) -> None:
        self._new_game()

    def swap_sides(self) -> None:
        """Rotate the players one seat on (the runners go with them) and start again."""
        seats = self.match.state.num_seats
        players = self.match.players
        self.match.replace_players(players[1:] + players[:1])
        self.runners = {(seat - 1) % seats: runner for seat, runner in self.runners.items()}
        self.specs = {(seat - 1) % seats: spec for seat, spec in self.specs.items()}
        self._new_game()

    def toggle_pause(self) -> None:
        self.set_paused(not self.paused)

    def set_paused(self, paused: bool) -> None:
        """Hold the bots' moves back (or let them go); the button says what it will do."""
        self.paused = paused
        self.pause_btn.label = "Resume" if paused else "Pause"

    def step(self) -> None:
        """Play the next bot move now, even when paused."""
        if self.autoplay and not self.match.state.is_over():
            self.step_once = True

    # -- hint ---------------------------------------------------------------------------
    def hint_unavailable(self) -> str:
        """Why Hint cannot be asked now ('' when it can): hints are for the move
        of a player at this screen, in a game still going."""
        state = self.match.state
        if state.is_over():
            return "The game is over: no hint"
        if not self.match.current_player.is_human:
            return f"Hints are for your moves: {self.player_name(state.turn)} is to move"
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

    def hint(self) -> None:
        state = self.match.state
        if self.hint_unavailable():
            self.refuse_hint()
            return
        if self.hint_pending:
            self.services.sounds.play("error")
            return
        tier = self.services.config.game(self.game_id).hint_tier
        if not tier:
            self.services.toasts.show(f"No hints for {self.title}: config.yaml names no hint tier whose bot can judge moves",
                                 "warning")
            return
        if self.hint_runner is None:
            try:
                budget = self.services.config.game(self.game_id).hint_seconds
                spec = self.services.config.bot_spec(self.game_id, tier, self.services.registry, budget=budget)
            except BotChoiceError as err:
                self.services.toasts.show(f"No hints: {err}", "error")
                return
            self.services.warmup.hand_over(spec.key)
            self.hint_runner = BotRunner(spec).start()
        self.clear_hint()
        self.hint_runner.request(state, kind="analyse")
        self.hint_pending = True

    def _poll_hint(self) -> None:
        if not self.hint_pending or self.hint_runner is None:
            return
        reply = self.hint_runner.poll()
        if reply is None:
            return
        self.hint_pending = False
        state = self.match.state
        if reply.failure:
            self.services.toasts.show(f"No hint: {reply.failure}", "warning")
            return
        values = dict(reply.values)
        best = max(values, key=lambda m: values[m].score) if values else reply.move
        who = self.hint_runner.spec.who
        if best is None:
            self.services.toasts.show(f"No hint: the hint bot {who} cannot judge moves (it gave no move values)", "warning")
            return
        if not state.is_legal(best):
            self.services.toasts.show(f"No hint: the hint bot {who} suggested a move that is not legal here", "warning")
            return
        self.view.hint = best
        self.view.hint_values = values
        value = values.get(best)
        self.hint_move = state.move_to_str(best)
        self.hint_detail = value.text if value is not None else ""
        self.hint_text = self.hint_move + (f"  ({self.hint_detail})" if self.hint_detail else "")
        self.services.sounds.play("hint")

    def clear_hint(self) -> None:
        if self.hint_pending and self.hint_runner is not None:
            self.hint_runner.cancel()
        self.hint_pending = False
        self.view.hint = None
        self.view.hint_values = {}
        self.hint_text = self.hint_move = self.hint_detail = ""

    # -- save and load --------------------------------------------------------------------
    def default_save_path(self) -> Path:
        return saves_dir() / f"{self.game_id}-{_dt.datetime.now():%Y-%m-%d-%H%M}.txt"

    def ask_save(self) -> None:
        self.services.dialogs.pick_file("Save game", self.default_save_path(), self.save_to, must_exist=False, suffix=".txt",
                                   creatable=saves_dir())

    def save_to(self, path: Path) -> None:
        """Write the game to ``path``, asking first if that would replace a file."""
        if path.exists():
            self.services.dialogs.confirm("Replace file", f"{path.name} already exists. Replace it with this game?",
                                     "Replace", lambda: self._write(path))
            return
        self._write(path)

    def _write(self, path: Path) -> None:
        try:
            save_match(self.match, path)
        except OSError as err:
            self.services.sounds.play("error")
            self.services.dialogs.message("Could not save the game", f"{path}: {err.strerror or err}")
            return
        self.services.toasts.show(f"Saved to {path.name}", "good")

    # -- copy and paste ---------------------------------------------------------------------
    def copy_position(self) -> None:
        """Put the moves so far on the clipboard in the game's notation (Connect Four's ``4453``)."""
        moves = self.match.state.to_text()
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
        state = self.match.state
        if not content:
            self.services.toasts.show(f"The clipboard holds no moves to paste (copy a game's moves, e.g. {_example(state)})", "info")
            return
        try:
            pasted = type(state).from_text(content, **state.options)
        except BadNotation as err:
            self.services.sounds.play("error")
            self.services.toasts.show(f"Cannot paste {_shorten(content)!r} as {self.title} moves: {err}", "warning", seconds=6)
            return
        moves, played = list(pasted.move_stack), list(state.move_stack)
        if moves == played:
            self.services.toasts.show("The clipboard holds this game's moves already", "info", seconds=2.5)
            return
        if moves[:len(played)] == played:
            self._paste(moves)
            return
        self.services.dialogs.confirm(
            "Paste moves",
            f"Replace this game ({len(played)} moves) with the pasted one ({len(moves)} moves)? "
            "This game cannot be brought back.",
            "Replace",
            lambda: self._paste(moves),
        )

    def _paste(self, moves: list[Move]) -> None:
        """Play ``moves`` from the start (only those past this game's own, if it is
        a prefix of them); a finished pasted game is shown but not counted."""
        self._cancel_bots()
        played = list(self.match.state.move_stack)
        if moves[:len(played)] != played:
            self.match.restart()
            for runner in self.runners.values():
                runner.new_game()
            self.renderer.reset(self.match.state)
            self.recorded = False
        for move in moves[len(self.match.state.move_stack):]:
            self.match.play(move)
        self.restart_recorded = None
        self.recorded = self.recorded or self.match.state.is_over()
        if self.autoplay:
            self.set_paused(True)
        self._after_jump()
        self.services.toasts.show(f"Pasted {_shorten(self.match.state.to_text())} — Undo takes it back", "good", seconds=3)

    def ask_load(self) -> None:
        """The list of saved games; this match stays unless another one is loaded."""
        self.services.scenes.push("load")

    # -- input -------------------------------------------------------------------------------
    def _shortcut(self, event: pygame.event.Event) -> bool:
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if key == pygame.K_F1 and self.rules.available:
            self.rules_btn.activate()
            return True
        if key == pygame.K_ESCAPE:
            if not self.result.shown and self.renderer.cancel_input():
                return True
            self.back()
            return True
        if ctrl:
            actions = {
                pygame.K_z: self.undo_btn,
                pygame.K_y: self.redo_btn,
                pygame.K_r: self.restart_btn,
                pygame.K_s: self.save_btn,
                pygame.K_o: self.load_btn,
                pygame.K_c: self.copy_btn,
                pygame.K_v: self.paste_btn,
            }
        else:
            if key == pygame.K_h and self.hint_unavailable():
                self.refuse_hint()
                return True
            actions = {
                pygame.K_u: self.undo_btn,
                pygame.K_y: self.redo_btn,
                pygame.K_h: self.hint_btn,
                pygame.K_n: self.restart_btn,
            }
            if self.result.shown:
                actions[pygame.K_w] = self.result.swap
            if self.autoplay:
                actions[pygame.K_s] = self.step_btn
                if not self.result.visible:
                    actions[pygame.K_SPACE] = self.pause_btn
                    actions[pygame.K_RIGHT] = self.step_btn
        button = actions.get(key)
        if button is None:
            return False
        button.activate()
        return True

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
            self.blocked_keys.discard(event.key)
            return
        if self.rules.handle_event(event):
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
        move = self.renderer.handle_event(event, self.match.state, self.view)
        if move is not None:
            self.play_move(move)
        elif self.renderer.rejected_input:
            self.services.sounds.play("error")

    # -- frame ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.renderer.update(dt)
        self._play_due_sounds(dt)
        self.result.update(dt)
        self.rules.update(dt)
        if self.result.shown != self.result_focused:
            self._refresh_focus()
        if not self.renderer.busy:       # the bot move delay is a pause after the move has been shown
            self.since_move += dt
        self._poll_hint()
        if len(self.runners) < len(self.specs):
            self._start_runners()
        starting = [*self.runners.values(), *([self.hint_runner] if self.hint_runner else [])]
        self.services.warmup.hold(any(runner.starting for runner in starting))   # their compile comes first
        self._drive_bots()
        self._pass_for_human()
        self.sync_view()
        self.undo_btn.enabled = self.match.can_undo()
        self.redo_btn.enabled = self.match.can_redo()
        self.hint_btn.enabled = not self.hint_unavailable()
        self.step_btn.enabled = not self.match.state.is_over()
        self.pause_btn.enabled = not self.match.state.is_over()

    def _panel_widgets(self) -> list[Widget]:
        """The board and the side panel's controls, in focus order."""
        widgets: list[Widget] = [self.board, self.copy_btn, self.paste_btn]
        if self.autoplay:
            widgets += [self.pause_btn, self.step_btn, self.speed]
        widgets += [self.undo_btn, self.redo_btn, self.hint_btn, self.restart_btn, self.save_btn, self.load_btn]
        return widgets + ([self.rules_btn] if self.rules.available else []) + [self.menu_btn]

    def _refresh_focus(self) -> None:
        """The focus goes to the result panel's buttons only once the panel is in
        view: until then (the winning line animating) the side panel's controls
        stay, and a key pressed in that time cannot start a game unseen."""
        current = self.focus.current
        if self.result.shown:
            if not self.result_focused:
                self.result_focused = True
                self.blocked_keys = set(self.keys_down)
                current = self.result.rematch
            self.focus.set(self.result.buttons, focus=current if current in self.result.buttons else self.result.rematch)
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
        side_w = max(320, min(420, width * 3 // 10))
        compact = height < 700 or side_w < 360
        self.panel_rect = pygame.Rect(width - side_w - margin, margin, side_w, height - 2 * margin)
        board_rect = pygame.Rect(margin, margin, width - side_w - 3 * margin, height - 2 * margin)
        self.renderer.layout(board_rect)
        self.board.rect = board_rect
        p = self.panel_rect
        inner_x, inner_w = p.x + 20, p.width - 40
        button_h, gap = (36, 8) if compact else (42, 10)
        half = (inner_w - gap) // 2
        for button in (self.undo_btn, self.redo_btn, self.hint_btn, self.restart_btn, self.save_btn, self.load_btn,
                       self.menu_btn, self.pause_btn, self.step_btn):
            button.font_size = 16 if compact else 18
        y = p.bottom - 20 - button_h
        self.menu_btn.rect = pygame.Rect(inner_x, y, inner_w, button_h)
        if self.rules.available:      # Rules and Menu share the last row
            self.rules_btn.font_size = self.menu_btn.font_size
            self.rules_btn.rect = pygame.Rect(inner_x, y, half, button_h)
            self.menu_btn.rect = pygame.Rect(inner_x + half + gap, y, half, button_h)
        self.rules.layout(self.rect)
        # A short window with three or more seats (the players list takes lines)
        # puts three buttons a row, without keycaps (the tooltips keep them), so
        # the move list keeps room for a few lines.
        tight = compact and self._seat_grid_rows() > 1
        rows = [(self.save_btn, self.load_btn), (self.hint_btn, self.restart_btn), (self.undo_btn, self.redo_btn)]
        if tight:
            rows = [(self.restart_btn, self.save_btn, self.load_btn), (self.undo_btn, self.redo_btn, self.hint_btn)]
        for row in rows:
            y -= button_h + gap
            width = (inner_w - gap * (len(row) - 1)) // len(row)
            for column, button in enumerate(row):
                button.rect = pygame.Rect(inner_x + column * (width + gap), y, width, button_h)
        for button, keycap in self._keycaps.items():
            button.shortcut = "" if tight else keycap
        self.controls_top = y
        if self.autoplay:
            speed_h = 40 if compact else 48
            y -= speed_h + gap + 4
            self.speed.rect = pygame.Rect(inner_x + 70, y, inner_w - 70, speed_h)
            y -= button_h + gap
            self.pause_btn.rect = pygame.Rect(inner_x, y, half, button_h)
            self.step_btn.rect = pygame.Rect(inner_x + half + gap, y, half, button_h)
            self.autoplay_top = y - 26
        else:
            self.autoplay_top = y
        self.status_rect = pygame.Rect(inner_x, p.y + 80 + (self._seat_grid_rows() - 1) * SEAT_LINE, inner_w,
                                       92 if compact else 104)
        list_top = self.status_rect.bottom + (12 if compact else 16)
        self.movelist.rect = pygame.Rect(inner_x, list_top, inner_w, max(0, self.autoplay_top - 12 - list_top))
        self._place_copy_paste()
        self.result.layout(p)
        self._refresh_focus()

    def _place_copy_paste(self) -> None:
        """Copy and Paste sit small in the move list's header, right-aligned (they act
        on the moves); their keycaps go when the list is narrow, and they hide with it."""
        box = self.movelist.rect
        width = min(112, (box.width - 100) // 2)
        x = box.right - 8
        for button, shortcut in ((self.paste_btn, "Ctrl+V"), (self.copy_btn, "Ctrl+C")):
            button.font_size = 13
            button.shortcut = shortcut if width >= 108 else ""
            button.rect = pygame.Rect(x - width, box.y + 6, width, 24)
            button.visible = self.movelist.shown
            x -= width + 6
        self.movelist.header_reserve = box.right - x - 8

    def draw_content(self, surface: pygame.Surface) -> None:
        self.renderer.draw(surface, self.match.state, self.view)
        panel(surface, self.panel_rect, shadow=self.services.shadows)
        self._draw_header(surface)
        self._draw_status(surface)
        self.movelist.draw(surface, self.match.records, self.match.state.num_seats)
        if self.autoplay:
            fonts = self.services.fonts
            text(surface, fonts.bold(13), "BOTS PLAYING" + ("  ·  PAUSED" if self.paused else ""),
                 palette.ACCENT if self.paused else palette.TEXT_MUTED, (self.panel_rect.x + 20, self.autoplay_top + 6))
            text(surface, fonts.text(15), "Delay", palette.TEXT_MUTED, (self.panel_rect.x + 20, self.speed.rect.centery), "midleft")

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

    def toast_room(self) -> pygame.Rect:
        """Above the board's cells, over the board area only: the side panel and the
        position stay readable (a bot's failure toast used to cover the panel title)."""
        area = self.board.rect
        return pygame.Rect(area.x, 0, area.width, max(0, self.renderer.content_rect().top))

    def _draw_header(self, surface: pygame.Surface) -> None:
        fonts = self.services.fonts
        p = self.panel_rect
        text(surface, fonts.display(28), self.title, palette.TEXT, (p.x + 20, p.y + 14))
        state = self.match.state
        x = p.x + 20
        y = p.y + 60
        small = fonts.text(14)
        seats = state.num_seats
        if seats > 2:
            self._draw_seat_grid(surface, x, y)
            return
        room = (p.width - 40 - (seats - 1) * 28) // seats - 14
        for seat in range(seats):
            if seat:
                x = text(surface, small, "vs", palette.TEXT_MUTED, (x + 6, y), "midleft").right + 6
            colour = self.seat_colour(seat)
            pygame.draw.circle(surface, colour, (x + 5, y), 5)
            label = f"{state.seat_name(seat)} {self.player_name(seat)}"
            x = text(surface, small, fit_text(small, label, room), palette.TEXT, (x + 14, y), "midleft").right

    def _seat_grid_rows(self) -> int:
        """Lines the players take under the title: one for two seats ("X You vs O
        Master"), else two players a line."""
        seats = self.match.state.num_seats
        return 1 if seats <= 2 else (seats + 1) // 2

    def _draw_seat_grid(self, surface: pygame.Surface, x: int, y: int) -> None:
        """More than two seats: each player's colour and name, two a line in seat
        order, the one to move on a tinted pill."""
        state = self.match.state
        font, bold = self.services.fonts.text(14), self.services.fonts.bold(14)
        column = (self.panel_rect.width - 40) // 2
        to_move = state.turn if not state.is_over() else None
        for seat in range(state.num_seats):
            colour = self.seat_colour(seat)
            cx, cy = x + (seat % 2) * column, y + (seat // 2) * SEAT_LINE
            if seat == to_move:
                pill = pygame.Rect(cx - 6, cy - SEAT_LINE // 2 + 1, column - 6, SEAT_LINE - 2)
                pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.22), pill, border_radius=SEAT_LINE // 2)
            pygame.draw.circle(surface, colour, (cx + 5, cy), 5)
            face = bold if seat == to_move else font
            label = fit_text(face, self.player_name(seat), column - 30)
            text(surface, face, label, palette.TEXT if seat == to_move else palette.TEXT_MUTED, (cx + 16, cy), "midleft")

    def _draw_status(self, surface: pygame.Surface) -> None:
        fonts = self.services.fonts
        box = self.status_rect
        state = self.match.state
        outcome = state.outcome()
        seat = state.turn
        colour = palette.TEXT_MUTED if outcome else self.seat_colour(seat)
        pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.10), box, border_radius=12)
        pygame.draw.rect(surface, mix(palette.PANEL_BORDER, colour, 0.6), box, 2, border_radius=12)
        badge = pygame.Rect(box.x + 14, box.y + 14, 46, 46)
        if outcome is None:
            pygame.draw.rect(surface, mix(palette.BOARD, colour, 0.25), badge, border_radius=12)
            mark = state.seat_name(seat)
            if len(mark) <= 2:
                text(surface, fonts.display(26), mark, colour, badge.center, "center")
            else:
                seat_token(surface, badge.center, 14, colour)
            if self.thinking and not self.paused:
                self._draw_spinner(surface, badge, colour)
            name = f"{state.seat_name(seat)} — {self.player_name(seat)}"
            text(surface, fonts.bold(22), fit_text(fonts.bold(22), name, box.right - badge.right - 32), palette.TEXT,
                 (badge.right + 18, badge.y + 2))
            line_font = fonts.text(15)
            line = fit_text(line_font, self._status_line(), box.right - badge.right - 32)
            status = text(surface, line_font, line, palette.TEXT_MUTED, (badge.right + 18, badge.y + 30))
            if self.thinking and not self.paused:
                self._draw_thinking_dots(surface, (status.right + 10, status.centery + 3), colour)
            if self.thinking and seat in self.specs:
                self._draw_think_bar(surface, box, colour, self.specs[seat].budget)
            elif self.warming:
                self._draw_warm_up_bar(surface, box, colour)
        else:
            headline, head_colour, _ = self._headline(outcome)
            text(surface, fonts.bold(22), "Game over", palette.TEXT, (box.x + 16, box.y + 16))
            line = fit_text(fonts.text(15), f"{headline} · {outcome.reason}", box.width - 32)
            text(surface, fonts.text(15), line, head_colour, (box.x + 16, box.y + 46))
        note, colour, bold = self.status_note()
        if note:
            font = fonts.bold(15) if bold else fonts.text(14)
            if self.hint_text and not self.hint_pending:
                note = next((short for short in self.hint_notes() if font.size(short)[0] <= box.width - 32), note)
            text(surface, font, fit_text(font, note, box.width - 32), colour, (box.x + 16, box.bottom - 30 + (0 if bold else 2)))

    def status_note(self) -> tuple[str, tuple[int, int, int], bool]:
        """The status box's last line, its colour and whether it is bold: the hint
        being looked for or found, else how to play on this board (the
        renderer's ``input_help``) while a human here is to move."""
        if self.hint_pending:
            return f"Looking for the best move{'.' * (1 + int(self.time * 3) % 3)}", palette.ACCENT, False
        if self.hint_text:
            return f"★ Hint: {self.hint_text}", palette.ACCENT, True
        if self.view.interactive and not self.match.state.is_over():
            return self.renderer.input_help, mix(palette.TEXT_MUTED, palette.PANEL, 0.25), False
        return "", palette.TEXT_MUTED, False

    def hint_notes(self) -> list[str]:
        """The hint line from fullest to shortest, for the status box to show the first that fits:
        the move with its value's words, less their last clause (after a comma) one at a time,
        then the move alone."""
        clauses = self.hint_detail.split(", ") if self.hint_detail else []
        return [f"★ Hint: {self.hint_move}" + (f"  ({', '.join(clauses[:kept])})" if kept else "")
                for kept in range(len(clauses), -1, -1)]

    def _status_line(self) -> str:
        seat = self.match.state.turn
        if self.warming:
            return "preparing its engine"
        if self.thinking:
            return "Paused: Space resumes, S steps" if self.paused else "thinking"
        return "Your move" if self.player_name(seat) == "You" else "to move"

    def _draw_think_bar(self, surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int], budget: float) -> None:
        """A light sweeping along a track while the bot thinks, with its time budget."""
        font = self.services.fonts.text(13)
        label = f"up to {budget:g} s a move"
        bar = pygame.Rect(box.x + 16, box.bottom - 22, box.width - 32 - font.size(label)[0] - 12, 6)
        pygame.draw.rect(surface, mix(palette.PANEL_LIGHT, colour, 0.15), bar, border_radius=3)
        if not self.paused:
            phase = (self.time * 0.9) % 2.0
            t = phase if phase <= 1.0 else 2.0 - phase
            glide = t * t * (3 - 2 * t)
            width = bar.width // 3
            sweep = pygame.Rect(bar.x + round((bar.width - width) * glide), bar.y, width, bar.height)
            pygame.draw.rect(surface, colour, sweep, border_radius=3)
        text(surface, font, label, palette.TEXT_MUTED, (box.right - 16, bar.centery), "midright")

    def _draw_warm_up_bar(self, surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """How far the launch-time warm-up of the engines is, while this seat's bot waits for it."""
        progress = self.services.warmup.progress()
        font = self.services.fonts.text(13)
        label = f"engines {progress.done}/{progress.total}"
        bar = pygame.Rect(box.x + 16, box.bottom - 22, box.width - 32 - font.size(label)[0] - 12, 6)
        progress_bar(surface, bar, progress.done / max(1, progress.total), colour, self.time)
        text(surface, font, label, palette.TEXT_MUTED, (box.right - 16, bar.centery), "midright")

    def _draw_thinking_dots(self, surface: pygame.Surface, pos: tuple[int, int], colour: tuple[int, int, int]) -> None:
        """Three dots bouncing one after another, next to "thinking"."""
        for i in range(3):
            phase = (self.time * 2.2 - i * 0.18) % 1.0
            lift = max(0.0, math.sin(phase * math.pi * 2)) * 5
            pygame.draw.circle(surface, colour, (pos[0] + i * 12, round(pos[1] - lift)), 4)

    def _draw_spinner(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """A ring with a bright arc running round the seat badge while its bot thinks."""
        size = max(rect.width, rect.height) + 6
        ring = pygame.Rect(0, 0, size, size)
        ring.center = rect.center
        pygame.draw.ellipse(surface, mix(palette.PANEL, colour, 0.3), ring, 2)
        start = -(self.time * 4.0) % math.tau
        pygame.draw.arc(surface, colour, ring, start, start + 1.6, 4)
