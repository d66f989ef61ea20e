"""The play screen's controls: the side panel's buttons, their keys, where they sit
and the order the keyboard focus visits them.

Each button calls a command of the play scene (undo, hint, save...); this
module knows the buttons and their places, the scene knows what the commands
do.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol

import pygame

from game.lang import _, N_
from game.store.userdata import BOT_DELAYS
from game.ui.widgets import Button, Choice, ChoiceItem, Widget, nearest_index

if TYPE_CHECKING:
    from game.ui.services import Services


class ControlsHost(Protocol):
    """The play screen the buttons are on: its services, title, Rules card and commands."""

    services: "Services"
    title: str
    undo: Callable[[], None]
    redo: Callable[[], None]
    ask_hint: Callable[[], None]
    restart: Callable[[], None]
    ask_save: Callable[[], None]
    ask_load: Callable[[], None]
    copy_position: Callable[[], None]
    paste_position: Callable[[], None]
    open_menu: Callable[[], None]
    toggle_pause: Callable[[], None]
    step: Callable[[], None]

    @property
    def rules(self) -> "RulesCard": ...


class NetworkCommands(Protocol):
    """What a network game's buttons call on the play screen instead."""

    ask_undo: Callable[[], None]
    offer_draw: Callable[[], None]
    ask_resign: Callable[[], None]


class RulesCard(Protocol):
    def open(self) -> None: ...


class PlayControls:
    """The buttons of one play scene."""

    def __init__(self, scene: ControlsHost) -> None:
        services = scene.services
        self.scene = scene
        title = scene.title
        self.rules = Button(services, N_("Rules"), scene.rules.open, wid="rules", shortcut="F1")
        self.title = title
        self.reword()
        self.undo = Button(services, N_("Undo"), scene.undo, wid="undo", shortcut="U",
                           tooltip=N_("Undo (U or Ctrl+Z): back to your previous turn"))
        self.redo = Button(services, N_("Redo"), scene.redo, wid="redo", shortcut="Y", tooltip=N_("Redo (Y or Ctrl+Y)"))
        self.hint = Button(services, N_("Hint"), scene.ask_hint, wid="hint", shortcut="H",
                           tooltip=N_("Hint (H): the best move, shown but not played"))
        self.restart = Button(services, N_("New game"), scene.restart, wid="restart", shortcut="N",
                              tooltip=N_("New game, the same players (N or Ctrl+R); Redo (Y) brings this one back"))
        self.save = Button(services, N_("Save"), scene.ask_save, wid="save", shortcut="Ctrl+S",
                           tooltip=N_("Save this game to a file (Ctrl+S)"))
        self.load = Button(services, N_("Load"), scene.ask_load, wid="load", shortcut="Ctrl+O",
                           tooltip=N_("Load a saved game (Ctrl+O)"))
        self.copy = Button(services, N_("Copy"), scene.copy_position, wid="copy", shortcut="Ctrl+C",
                           tooltip=N_("Copy the moves so far as text (Ctrl+C), e.g. to paste into a solver"))
        self.paste = Button(services, N_("Paste"), scene.paste_position, wid="paste", shortcut="Ctrl+V",
                            tooltip=N_("Play the moves on the clipboard (Ctrl+V); Undo takes them back"))
        self.menu = Button(services, N_("Menu"), scene.open_menu, wid="menu", shortcut="Esc", style="ghost",
                           tooltip=N_("The game menu (Esc): resume, new game, save, settings, rules, leave"))
        self.pause = Button(services, N_("Pause"), scene.toggle_pause, wid="pause", shortcut="Space",
                            tooltip=N_("Pause or resume the bots (Space)"))
        self.step = Button(services, N_("Step"), scene.step, wid="step", shortcut="S",
                           tooltip=N_("Play the next move (S or →)"))
        delays = [ChoiceItem(delay, label) for delay, label in BOT_DELAYS.items()]
        self.speed = Choice(services, delays, nearest_index(delays, services.settings.current.bot_delay),
                            lambda delay: services.settings.update(bot_delay=delay), wid="speed",
                            tooltip=N_("Pause between bot moves (also in Settings)"), font_size=16)
        #: The panel's buttons and their keycaps (a tight layout hides the keycaps).
        self._keycaps = {button: button.shortcut for button in (
            self.undo, self.redo, self.hint, self.restart, self.save, self.load, self.rules, self.menu)}
        #: Where the buttons start (their top), and where the bots' pause and speed start.
        self.top = 0
        self.autoplay_top = 0
        #: A network game's buttons (``network``).
        self.networked = False

    def reword(self) -> None:
        """The words made with the game's name, in the language shown now (a button's own
        label and tooltip are translated as they are drawn)."""
        self.rules.tooltip = _("How to play {game} (F1)").format(game=_(self.title))

    def network(self, scene: "NetworkCommands") -> None:
        """A network game's buttons ask the others rather than act: Undo asks to take
        back this screen's last move, Restart becomes Offer draw and Redo Resign (which
        asks first); Load and Paste, which would replace the game, are not offered."""
        self.networked = True
        self.undo.on_press = scene.ask_undo
        self.undo.tooltip = N_("Ask the others to take back your last move (U)")
        self.restart.on_press = scene.offer_draw
        self.restart.tooltip = N_("Offer the others a draw (N)")
        self.redo.label, self.redo.on_press, self.redo.style = N_("Resign"), scene.ask_resign, "danger"
        self.redo.tooltip = N_("Give the game up (Y; asks first)")
        self.menu.tooltip = N_("The game menu (Esc): resume, save, settings, rules, leave")
        self.load.visible = self.paste.visible = False

    def layout(self, panel: pygame.Rect, compact: bool, tight: bool, rules: bool, autoplay: bool) -> None:
        """The controls from the panel's foot up: Menu (beside Rules), three rows of
        two buttons (when ``tight``, without keycaps: Menu beside New game, then two rows
        of three), then, with
        only bots seated, Pause/Step and the speed."""
        inner_x, inner_w = panel.x + 20, panel.width - 40
        px = self.scene.services.window.px
        tight = tight or (compact and self.networked)     # the chat needs the room of a row
        if self.networked:     # three a row take the short words
            self.undo.label, self.restart.label = (N_("Undo?"), N_("Draw?")) if tight else (N_("Ask undo"), N_("Offer draw"))
        button_h, gap = (px(36), px(8)) if compact else (px(42), px(10))
        half = (inner_w - gap) // 2
        for button in (self.undo, self.redo, self.hint, self.restart, self.save, self.load, self.menu, self.pause,
                       self.step):
            button.font_size = 16 if compact else 18
        y = panel.bottom - 20 - button_h
        self.menu.rect = pygame.Rect(inner_x, y, inner_w, button_h)
        # Three a row, "New game" (too long for a third of the panel) shares the last row with Menu.
        beside_menu = self.restart if tight and not self.networked else self.rules if rules else None
        self.rules.font_size = self.menu.font_size
        if beside_menu is not None:
            beside_menu.rect = pygame.Rect(inner_x, y, half, button_h)
            self.menu.rect = pygame.Rect(inner_x + half + gap, y, half, button_h)
        rows: list[tuple[Button, ...]] = [(self.save, self.load), (self.hint, self.restart), (self.undo, self.redo)]
        if tight:
            rows = [(self.save, self.load) + ((self.rules,) if rules else ()), (self.undo, self.redo, self.hint)]
        if self.networked:
            rows = [(self.save, self.redo), (self.undo, self.restart, self.hint)] if tight else [
                (self.save, self.redo), (self.hint, self.restart), (self.undo,)]
        for row in rows:
            y -= button_h + gap
            width = (inner_w - gap * (len(row) - 1)) // len(row)
            for column, button in enumerate(row):
                button.rect = pygame.Rect(inner_x + column * (width + gap), y, width, button_h)
        for button, keycap in self._keycaps.items():
            button.shortcut = "" if tight else keycap
        self.top = y
        if autoplay:
            speed_h = px(40 if compact else 48)
            y -= speed_h + gap + 4
            self.speed.rect = pygame.Rect(inner_x + 70, y, inner_w - 70, speed_h)
            y -= button_h + gap
            self.pause.rect = pygame.Rect(inner_x, y, half, button_h)
            self.step.rect = pygame.Rect(inner_x + half + gap, y, half, button_h)
            self.autoplay_top = y - px(26)
        else:
            self.autoplay_top = y

    def place_copy_paste(self, box: pygame.Rect, shown: bool) -> int:
        """Copy and Paste sit small in the move list's header ``box``, right-aligned
        (they act on the moves); their keycaps go when the list is narrow, and they
        hide with it. Returns the width they take from the header."""
        px = self.scene.services.window.px
        width = min(px(112), (box.width - px(100)) // 2)
        x = box.right - 8
        for button, shortcut in ((self.paste, "Ctrl+V"), (self.copy, "Ctrl+C")):
            button.font_size = 13
            button.shortcut = shortcut if width >= px(108) else ""
            button.rect = pygame.Rect(x - width, box.y + px(6), width, px(24))
            button.visible = shown and not (self.networked and button is self.paste)
            x -= width + 6
        return box.right - x - 8

    def widgets(self, board: Widget, autoplay: bool, rules: bool) -> list[Widget]:
        """The board and the side panel's controls, in focus order."""
        widgets: list[Widget] = [board, self.copy, self.paste]
        if autoplay:
            widgets += [self.pause, self.step, self.speed]
        widgets += [self.undo, self.redo, self.hint, self.restart, self.save, self.load]
        return widgets + ([self.rules] if rules else []) + [self.menu]

    def for_key(self, key: int, ctrl: bool, autoplay: bool, result_visible: bool) -> Button | None:
        """The button a key presses: Ctrl+Z/Y/R/S/O/C/V; U, Y, H, N; with only bots
        seated S (and, unless the result is up, Space and →)."""
        if ctrl:
            actions = {pygame.K_z: self.undo, pygame.K_y: self.redo, pygame.K_r: self.restart, pygame.K_s: self.save,
                       pygame.K_o: self.load, pygame.K_c: self.copy, pygame.K_v: self.paste}
            return actions.get(key)
        actions = {pygame.K_u: self.undo, pygame.K_y: self.redo, pygame.K_h: self.hint, pygame.K_n: self.restart}
        if autoplay:
            actions[pygame.K_s] = self.step
            if not result_visible:
                actions[pygame.K_SPACE] = self.pause
                actions[pygame.K_RIGHT] = self.step
        return actions.get(key)

    def set_paused(self, paused: bool) -> None:
        """The pause button says what it will do."""
        self.pause.label = N_("Resume") if paused else N_("Pause")

    def refresh(self, *, can_undo: bool, can_redo: bool, hint: bool, going: bool) -> None:
        """Grey out what cannot be pressed now."""
        self.undo.enabled = can_undo
        self.redo.enabled = can_redo
        self.hint.enabled = hint
        self.step.enabled = going
        self.pause.enabled = going
