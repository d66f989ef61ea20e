"""The opening rule's decision on the play screen: whose it is, in words, with buttons.

A Gomoku game under an opening rule (Swap2, RIF, Soosõrv-8, ...) asks for
decisions that are not stones of normal play: a colour to take, Swap2's "place
two more", a number of fifth moves, offered fifth moves and the one kept. This
strip over the foot of the board says which decision is asked and of whom
("Your decision: choose your colour", "Master is deciding: ...") and offers the
choices as buttons; stones, offers and picks are also clicked on the board. A
hint on a choice lights its button. It shows nothing in normal play, nor for a
game without an opening phase. While it shows, the board's area gives it room
at its foot (the play screen is laid out again when the strip comes, goes or
changes height), so it never covers the board or its coordinates.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Hashable

import pygame

from game.lang import _
from game.rules.phrases import value_in_words
from game.ui import palette
from game.ui.draw import fit_text, panel, text, wrap_text
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.ui.play.screen import PlayScreen


def choice_label(choice: Hashable, move_text: str, many: bool = False) -> str:
    """A choice's button: "Take Black", "Place two more", "4 fifth moves", "Keep j10"; among
    ``many`` buttons (a number of fifth moves to declare: Soosõrv-8's 1 to 8, Yamaguchi's 1 to
    10), a number is the number alone (the words over the buttons ask for it)."""
    if many and isinstance(choice, tuple) and choice[:1] == ("fifths",):
        return str(choice[1])
    if choice == "black":
        return _("Take Black")
    if choice == "white":
        return _("Take White")
    if choice == "more":
        return _("Two more")
    if isinstance(choice, tuple) and choice[:1] == ("fifths",):
        return _("{n} fifth moves").format(n=choice[1])
    if isinstance(choice, tuple) and choice[:1] == ("pick",):
        return _("Keep {point}").format(point=move_text.partition(":")[2])
    return move_text


def asked(state: Any) -> str:
    """The decision asked now, in words ('' in normal play)."""
    phase = getattr(state, "phase", None)
    if phase is None:
        return ""
    colour = _("Black") if state.to_play == 1 else _("White")
    if phase.kind == "place":
        return _("place the next opening stone ({colour}) on the board").format(colour=colour)
    if phase.kind == "offer":
        return _("offer a fifth move for Black on the board ({done} of {count})").format(
            done=len(state.offers) + 1, count=phase.count)
    if phase.kind == "pick":
        return _("keep one of Black's offered fifth moves")
    if "more" in phase.choices:
        return _("take a colour, or place two more stones and let the other player choose")
    if "black" in phase.choices and len(phase.choices) == 3:
        return _("take a colour, or have Black offer ten fifth moves")
    if "black" in phase.choices:
        return _("take a colour")
    return _("say how many fifth moves Black will offer")


class DecisionPanel:
    """The strip of one play screen (see the module notes)."""

    def __init__(self, scene: "PlayScreen") -> None:
        self.scene = scene
        self.services = scene.services
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[Button] = []
        self._moves: list[Hashable] = []
        self._key: Any = None

    @property
    def shown(self) -> bool:
        state = self.scene.state
        return getattr(state, "phase", None) is not None and state.outcome() is None

    def _mine(self) -> bool:
        return self.scene.match.players[self.scene.state.turn].is_human and self.scene.mode.interactive()

    def _refresh(self) -> None:
        """The buttons for the decision now (made again when the position changes)."""
        state = self.scene.state
        key = (len(state.move_stack), state.key(), self._mine(), self.scene.view.hint)
        if key == self._key:
            return
        self._key = key
        phase = getattr(state, "phase", None)
        moves = state.legal_moves() if phase is not None and phase.kind in ("choose", "pick") and self._mine() else []
        self._moves = moves
        many = len(moves) > 4
        self.buttons = [Button(self.services, choice_label(m, state.move_to_str(m), many), self._chooser(m),
                               wid=f"decision-{n}", font_size=13 if many else 15) for n, m in enumerate(moves)]
        self._fit()
        self.scene.refresh_focus()              # Tab reaches the new buttons

    def _fit(self) -> None:
        """Lay the screen out again if the strip needs another height than it has (it came,
        it went, its words or buttons changed), else place the buttons in it."""
        wanted = self.height_for(self._area.width) if self.shown else 0
        if wanted != self.rect.height:
            self.scene.layout(self.scene.rect.size)
        else:
            self.layout(self._area)

    def _chooser(self, move: Hashable):
        return lambda: self.scene.play_move(move)

    _area = pygame.Rect(0, 0, 0, 0)

    def _lines(self, width: int) -> list[str]:
        """The words of the decision, wrapped to ``width`` (two lines at most)."""
        scene = self.scene
        if not self.shown:
            return []
        words = asked(scene.state)
        if self._mine():
            line = _("Your decision: {what}").format(what=words)
        else:
            line = _("{player} is deciding: {what}").format(player=scene.player_name(scene.state.turn), what=words)
        lines = wrap_text(self.services.fonts.bold(15), line, width)[:2]
        value = scene.view.hint_values.get(scene.view.hint) if scene.view.hint in self._moves else None
        if value is not None:      # why the hint's choice, in the hint bot's own words
            lines += wrap_text(self.services.fonts.bold(15), _("Hint: {choice}; the search finds {why}").format(
                choice=choice_label(scene.view.hint, scene.state.move_to_str(scene.view.hint)),
                why=value_in_words(value.text)), width)[:2]
        return lines

    def height_for(self, width: int) -> int:
        """The strip's height across ``width`` for the decision now: its words over a row of buttons,
        and never less than two lines and the buttons' row, so the board keeps its size from one
        decision to the next (it grows only for a hint's reason)."""
        px = self.services.window.px
        lines = max(2, len(self._lines(width - px(16))))
        line_h = self.services.fonts.bold(15).get_linesize()
        return px(12) + lines * line_h + px(42)

    def layout(self, area: pygame.Rect) -> None:
        """In ``area`` (the foot of the board's area the play screen keeps for it; empty when
        the strip is not shown): the words over a row of buttons."""
        self._area = pygame.Rect(area)
        self.rect = pygame.Rect(area) if self.shown else pygame.Rect(area.x, area.y, area.width, 0)
        if not self.buttons:
            return
        px = self.services.window.px
        gap = px(8) if len(self.buttons) <= 4 else px(3)      # ten numbers fit a narrow board's strip
        width = min(px(190), (self.rect.width - px(16) - gap * (len(self.buttons) - 1)) // len(self.buttons))
        x = self.rect.x + px(8)
        for button in self.buttons:
            button.rect = pygame.Rect(x, self.rect.bottom - px(40), width, px(32))
            x += width + gap

    def update(self) -> None:
        """The buttons for the position now, before the frame's input (Tab finds them)."""
        if self.shown:
            self._refresh()
        elif self.buttons or self.rect.height:  # the opening is over: its buttons go, the board takes the room
            self.buttons, self._moves, self._key = [], [], None
            self._fit()
            self.scene.refresh_focus()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The mouse on the strip's buttons; a click elsewhere on the strip does nothing."""
        if not self.shown:
            return False
        self._refresh()
        for button in self.buttons:
            if button.handle_event(event):
                return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.shown:
            return
        self._refresh()
        scene, fonts = self.scene, self.services.fonts
        panel(surface, self.rect, alpha=240)
        font = fonts.bold(15)
        px = self.services.window.px
        lines = self._lines(self.rect.width - px(16))
        y = self.rect.y + px(6)
        if not self.buttons:    # words alone: in the middle of the strip
            y = self.rect.centery - len(lines) * font.get_linesize() // 2
        for line in lines:
            text(surface, font, fit_text(font, line, self.rect.width - px(16)), palette.TEXT, (self.rect.x + px(8), y))
            y += font.get_linesize()
        hinted = scene.view.hint
        for button, move in zip(self.buttons, self._moves):
            button.selected = move == hinted
            button.draw(surface)
