"""Where the play screen's input goes: the keys and the mouse to the Rules card, the chat,
a network card, the shortcuts, the keyboard focus, the result panel, the move list
or the board; and the order the focus visits the screen's controls.

Keys: U/Ctrl+Z undo, Y/Ctrl+Y redo, H hint, N/Ctrl+R restart, Ctrl+S save,
Ctrl+O load, Ctrl+C copy the moves as text, Ctrl+V play pasted moves, F1 the
game's rules, Esc the game menu (the board first drops a pick in progress); at
the end of a game R hides the result panel and brings it back;
with only bots seated, Space pauses and S or Right steps one move. The board
takes arrows, digits and Enter when it has the focus; Tab moves the focus
between the board and the buttons. A key held down when the result panel came
into view does not press its buttons (its repeats would, unseen).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match.session import Waiting
from game.ui.widgets import Widget

if TYPE_CHECKING:
    from game.ui.play.screen import PlayScreen

#: Seconds the reason a square was refused stays in the status box.
REFUSAL_TIME = 3.0


class BoardFocus(Widget):
    """The board as a stop of the keyboard focus: when focused, keys go to the renderer."""

    def __init__(self, scene: "PlayScreen") -> None:
        super().__init__(scene.services, wid="board")
        self.scene = scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Nothing: the renderer's own keyboard cursor shows that the board has the focus."""


class PlayInput:
    """The play screen's input routing and focus order."""

    def __init__(self, scene: "PlayScreen") -> None:
        self.scene = scene
        #: Keys held down now, and those held when the result panel came into
        #: view: a held key's repeats must not press the panel's buttons unseen.
        self.keys_down: set[int] = set()
        self.blocked_keys: set[int] = set()
        self.result_focused = False

    def forget_keys(self) -> None:
        """The keys went elsewhere for a while (a dialog, a screen on top): a key held now
        is no longer known, and one let go there must not stay held here."""
        self.keys_down.clear()

    # -- routing ------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        scene = self.scene
        scene.renderer.stir()
        if event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
            self.blocked_keys.discard(event.key)
            return
        if scene.rules.handle_event(event):
            return
        if self._chat_input(event):
            return
        if scene.chat is not None and scene.chat.handle_event(event):
            return
        if self._card_input(event):
            return
        if scene.decision.handle_event(event):
            return
        focus, result = scene.focus, scene.result
        if event.type == pygame.KEYDOWN:
            self.keys_down.add(event.key)
            if event.key in self.blocked_keys:
                return
            if self._shortcut(event):
                return
            if result.shown or event.key == pygame.K_TAB or focus.current is not scene.board:
                focus.handle_event(event)
                if focus.current is scene.board:
                    scene.renderer.cursor_visible = True
                return
            self._board_input(event)
            return
        if result.handle_event(event):
            return
        if result.shown and not result.slide.done and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            return    # the panel is sliding in: its buttons are not where they will be
        if scene.movelist.handle_event(event):
            return
        used = focus.handle_event(event)
        if not used and event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.WINDOWLEAVE):
            if event.type == pygame.MOUSEBUTTONDOWN and result.visible:
                return
            self._board_input(event)

    def _shortcut(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        key, ctrl = event.key, bool(event.mod & pygame.KMOD_CTRL)
        if key == pygame.K_F1 and scene.rules.available:
            scene.controls.rules.activate()
            return True
        if key == pygame.K_ESCAPE:
            if not scene.result.shown and scene.renderer.cancel_input():
                return True
            scene.open_menu()
            return True
        if not ctrl and key == pygame.K_h and scene.hints.unavailable():
            scene.hints.refuse()
            return True
        if not ctrl and key == pygame.K_w and scene.result.shown:
            scene.result.swap.activate()
            return True
        if not ctrl and key == pygame.K_r and (scene.result.shown or scene.result.put_aside):
            (scene.result.show_button if scene.result.put_aside else scene.result.hide_button).activate()
            return True
        button = scene.controls.for_key(key, ctrl, scene.autoplay, scene.result.visible)
        if button is None:
            return False
        button.activate()
        return True

    def _chat_input(self, event: pygame.event.Event) -> bool:
        """Typing while the chat line has the focus goes to it (Tab and Esc leave it)."""
        scene = self.scene
        chat = scene.chat
        if chat is None or scene.focus.current is not chat.field or event.type not in (pygame.KEYDOWN, pygame.TEXTINPUT,
                                                                                        pygame.TEXTEDITING):
            return False
        if chat.field.composing:      # an input method's composition takes every key (Esc, Tab and the arrows too)
            return chat.field.edit(event)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            scene.focus.focus(scene.board)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return False
        return chat.field.edit(event)

    def _card_input(self, event: pygame.event.Event) -> bool:
        """The mouse on a network card (the front one: it covers the others)."""
        card = self.scene.mode.front_card()
        return card is not None and card.handle_event(event)

    def _board_input(self, event: pygame.event.Event) -> None:
        scene = self.scene
        scene.sync_view()
        move = scene.renderer.handle_event(event, scene.state, scene.view)
        if move is not None and scene.session.waiting() is Waiting.HUMAN:
            scene.play_move(move)
        elif scene.renderer.rejected_input:
            scene.services.sounds.play("error")
            if scene.renderer.rejection:
                scene.refusal, scene.refusal_left = scene.renderer.rejection, REFUSAL_TIME

    # -- focus ------------------------------------------------------------------------------------
    def panel_widgets(self) -> list[Widget]:
        """The board and the side panel's controls, in focus order (a network card's
        buttons first, then the chat's line, or the Result button of a result put
        away, after the board)."""
        scene = self.scene
        widgets = scene.controls.widgets(scene.board, scene.autoplay, scene.rules.available)
        if scene.chat is not None:
            widgets.insert(1, scene.chat.field)
        if scene.result.put_aside:
            widgets.insert(1, scene.result.show_button)
        widgets[1:1] = scene.decision.buttons       # an opening's choices right after the board
        card = scene.mode.front_card()
        return card.buttons + widgets if card is not None else widgets

    def refresh_focus(self) -> None:
        """The focus goes to the result panel's buttons only once the panel is in
        view: until then (the winning line animating) the side panel's controls
        stay, and a key pressed in that time cannot start a game unseen. A network
        card's buttons (a request to answer) come first, and take the focus when
        the card comes up."""
        scene = self.scene
        focus, result = scene.focus, scene.result
        current = focus.current
        card = scene.mode.front_card()
        card_buttons = card.buttons if card is not None else []
        if card_buttons and current not in card_buttons:
            current = card_buttons[0]
        if result.shown:
            if not self.result_focused:
                self.result_focused = True
                self.blocked_keys = set(self.keys_down)
                if not card_buttons:
                    current = result.rematch
            widgets = card_buttons + result.buttons
            focus.set(widgets, focus=current if current in widgets else result.rematch)
            return
        self.result_focused = False
        widgets = self.panel_widgets()
        first = result.show_button if result.put_aside else scene.board     # Enter brings a result put away back
        focus.set(widgets, focus=current if current in widgets else first)
