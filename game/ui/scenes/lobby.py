"""The invitation to a hosted game: what is offered, then Accept or Decline.

After the Join screen connected, the host's server sends an invitation: the
game and its rules, who hosts, who sits where so far, and the seat offered
(its colour and when it moves), or none when every seat is taken (accepting
then means watching). Accept (Enter) takes the seat and opens the play screen
as soon as the server welcomes this window; Decline (Esc) says no to the host
and goes back to the Join screen. A server that refuses or drops the
connection meanwhile is said here, in the client's words.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.lang import _, N_
from game.net.wording import worded
from game.rules.catalogue import GameSpec
from game.store import seattokens
from game.rules.core import RulesError
from game.shown import escaped
from game.ui import palette
from game.ui.hosting import rules_text
from game.ui.draw import fit_text, mix, panel, seat_token, text, wrap_text
from game.ui.panels.result import place_name
from game.ui.renderers import has_renderer, renderer_for
from game.ui.scenes.base import Scene
from game.ui.services import Route
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.net.client import NetClient
    from game.ui.services import Services


class LobbyScene(Scene):
    """The invitation of ``client``'s server, answered here."""

    name = "lobby"
    title = N_("Invitation")

    def __init__(self, services: "Services", client: "NetClient", address: str) -> None:
        super().__init__(services)
        self.client = client
        self.address = address
        invitation = client.invitation
        self.invitation = invitation
        #: What went wrong ('' while all is well), and whether this screen has answered.
        self.problem = ""
        self.answered = False
        self.game_id = ""
        self.rules = ""
        self.colours: list[tuple[int, int, int]] = list(palette.SEAT_COLOURS)
        try:
            spec = GameSpec.parse(invitation.game) if invitation is not None else None
        except RulesError as err:
            spec = None
            self.problem = _("This arcade does not know the game {game!r}: {error}").format(game=invitation.game, error=err)
        #: Each seat's name in the game ("X", "Red"), for the players' list.
        self.seat_names: list[str] = []
        if spec is not None:
            self.game_id = spec.game_id
            state = spec.new_state()
            self.seat_names = [_(state.seat_name(seat)) for seat in range(state.num_seats)]
            self.rules = rules_text(invitation.game)
            if has_renderer(spec.game_id):
                self.colours = list(renderer_for(spec.game_id).seat_colours())
            else:
                self.problem = _("{game} has no board on screen in this arcade").format(game=_(spec.title))
        elif invitation is None and not self.problem:
            self.problem = _("The host sent no invitation")
        watching = invitation is not None and invitation.seat is None
        self.accept_btn = Button(services, N_("Watch") if watching else N_("Accept"), self.accept, wid="accept",
                                 shortcut="Enter", style="primary", font_size=20)
        self.decline_btn = Button(services, N_("Decline"), self.decline, wid="decline", shortcut="Esc")
        self.accept_btn.enabled = not self.problem
        self.focus.set([self.accept_btn, self.decline_btn], focus=self.accept_btn)

    @classmethod
    def trail(cls, client: Any, address: str) -> list[Route]:
        return [Route("join")]

    # -- answers ---------------------------------------------------------------------------
    def accept(self) -> None:
        if self.answered or self.problem:
            return
        self.answered = True
        self.accept_btn.enabled = False
        self.client.accept()
        self.request_redraw()

    def decline(self) -> None:
        """Say no (if not answered yet), close the connection and go back to Join."""
        if not self.answered and not self.problem and self.client.connected:
            self.client.decline()
        self.answered = True
        self.services.scenes.pop()

    def back(self) -> None:
        self.services.sounds.play("click")
        self.decline()

    def leave(self) -> None:
        if not self._handed_over:
            self.client.close()

    _handed_over = False

    # -- frame -------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        client = self.client
        if self.answered and client.token is not None and not self._handed_over:
            from game.net.remote_session import RemoteSession

            self._handed_over = True
            problem = seattokens.remember(client.name, self.address, client.token)
            if problem:
                self.services.toasts.show(problem, "warning", seconds=6)
            keep = len(self.services.scenes.stack) - 1
            self.services.scenes.rebuild(keep, [Route("play", {"remote": RemoteSession(client)})])
            return
        if not client.connected and not self.problem and not self._handed_over:
            why = client.last_error
            self.problem = _("The host closed the connection") + (f": {escaped(worded(why.words, why.text), 300)}" if why else "")
            self.accept_btn.enabled = False
            self.services.sounds.play("error")
            self.request_redraw()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        px = self.services.window.px
        self.card = pygame.Rect(0, 0, min(width - 48, px(680)), 0)
        self.card.top = self.header_bottom(height) + px(6)
        self.card.height = min(height - px(96) - self.card.top, px(460))
        self.card.centerx = width // 2
        button_w, button_h = px(220), px(52)
        y = self.card.bottom + px(18)
        self.accept_btn.rect = pygame.Rect(width // 2 + 10, y, button_w, button_h)
        self.decline_btn.rect = pygame.Rect(width // 2 - 10 - button_w, y, button_w, button_h)

    def draw_content(self, surface: pygame.Surface) -> None:
        invitation = self.invitation
        self.draw_header(surface, self.title, _("from {address}").format(address=self.address))
        card = self.card
        panel(surface, card, alpha=200, shadow=self.services.shadows)
        fonts = self.services.fonts
        px = self.services.window.px
        inner = card.inflate(-48, -40)
        y = inner.y
        if invitation is not None:
            head = _("{host} invites you to play {game}").format(host=invitation.host, game=_(invitation.title))
            if invitation.seat is None:
                head = _("{host}'s game of {game} has no open seat: you can watch").format(
                    host=invitation.host, game=_(invitation.title))
            for line in wrap_text(fonts.bold(22), head, inner.width):
                y = text(surface, fonts.bold(22), line, palette.TEXT, (inner.x, y)).bottom
            if self.rules:      # worded again as drawn, so a change of language shows at once
                rules = rules_text(invitation.game)
                y = text(surface, fonts.text(16), fit_text(fonts.text(16), rules, inner.width), palette.TEXT_MUTED,
                         (inner.x, y + 6)).bottom
            y += px(18)
            if invitation.seat is not None:
                y = self._draw_offer(surface, inner, y)
            y = self._draw_players(surface, inner, y + px(14))
        status, colour = self._status()
        step = fonts.text(16).get_linesize()
        y = max(y + px(10), inner.bottom - 3 * step)
        for line in wrap_text(fonts.text(16), status, inner.width)[-3:]:
            y = text(surface, fonts.text(16), line, colour, (inner.x, y)).bottom

    def _draw_offer(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        """The seat offered: its piece in its colour, its name, when it moves."""
        invitation = self.invitation
        seat = invitation.seat
        fonts = self.services.fonts
        px = self.services.window.px
        colour = self.colours[seat % len(self.colours)]
        badge = pygame.Rect(inner.x, y, px(56), px(56))
        pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.2), badge, border_radius=14)
        pygame.draw.rect(surface, colour, badge, 2, border_radius=14)
        name = _(invitation.seat_name)
        if len(invitation.seat_name) <= 2:      # a piece's letter (X, O), not a colour's name in any language
            text(surface, fonts.display(30), name, colour, badge.center, "center")
        else:
            seat_token(surface, badge.center, px(16), colour)
        order = _("moves first") if seat == 0 else _("moves {order}").format(order=place_name(seat + 1))
        text(surface, fonts.bold(20), _("Your seat: {seat}").format(seat=name), colour, (badge.right + px(16), badge.y + px(4)))
        text(surface, fonts.text(16), _("Seat {n}, {order}").format(n=seat + 1, order=order), palette.TEXT_MUTED,
             (badge.right + px(16), badge.y + px(32)))
        return badge.bottom

    def _draw_players(self, surface: pygame.Surface, inner: pygame.Rect, y: int) -> int:
        """Who sits where so far."""
        fonts = self.services.fonts
        px = self.services.window.px
        text(surface, fonts.bold(13), _("PLAYERS"), palette.TEXT_MUTED, (inner.x, y))
        y += px(22)
        for info in self.invitation.players:
            colour = self.colours[info.seat % len(self.colours)]
            seat_token(surface, (inner.x + px(8), y + px(10)), px(7), colour)
            mark = self.seat_names[info.seat] if info.seat < len(self.seat_names) else ""
            who = (_("{name} (bot)").format(name=_(info.name)) if info.kind == "bot"
                   else _(info.name) if info.kind == "open" else info.name)       # an open seat's "no one yet"
            if info.seat == self.invitation.seat:
                who = _("you, if you accept")
            line = f"{mark}  {who}" if mark else who
            text(surface, fonts.text(16), fit_text(fonts.text(16), line, inner.width - px(30)),
                 palette.TEXT if info.kind != "open" else palette.TEXT_MUTED, (inner.x + px(24), y))
            y += px(24)
        return y

    def _status(self) -> tuple[str, tuple[int, int, int]]:
        if self.problem:
            return self.problem, palette.BAD
        if self.answered:
            return _("Accepted: joining the game…"), palette.GOOD
        return _("Accept to join the game, or decline to tell the host no."), palette.TEXT_MUTED
