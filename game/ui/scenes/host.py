"""Host a match on the network: open its server, then play it like any other game.

The setup screen opens this screen for a match with a "Remote player" seat.
It starts the game's server (``game/net/server.py``) on the port from
``config.yaml`` (``net.port``), starts announcing it to the local network so
other arcades list it on their Join screen, and connects this window to it
as one more client holding the seats set up as Human here. Then the play
screen takes over, showing the address to give to friends while it waits
for them. A server that cannot start (the port is taken by another program)
is explained here, with the setting to change; Back returns to the setup.

``bind``, ``port``, ``announce`` and ``discovery_port`` default to the
configuration (``net.bind``, ``net.port``, ``net.discovery_address``,
``net.discovery_port``; for players every interface and the local network's
broadcast address, which also sends to each interface's own broadcast address so
that a LAN without a router hears it); ``announce=None`` announces nothing. Tests
pass loopback addresses for both. The address the play screen gives to friends
is each address of this computer on its networks (127.0.0.1 only when it is on
none).
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from game.lang import _, N_
from game.match.record import Match
from game.ui import palette
from game.ui.draw import panel, text, wrap_text
from game.ui.hosting import Hosting, address_text
from game.ui.naming import default_name
from game.ui.scenes.base import Scene
from game.ui.services import Route

if TYPE_CHECKING:
    from game.net.server import GameServer
    from game.ui.services import Services

logger = logging.getLogger(__name__)

class HostScene(Scene):
    """Opening the server of ``match``; the play screen replaces it once it runs."""

    name = "host"
    title = N_("Host a game")

    def __init__(self, services: "Services", match: Match, bind: str | None = None, port: int | None = None,
                 announce: str | None = "", discovery_port: int | None = None) -> None:
        super().__init__(services)
        self.match = match
        net = services.config.net
        self.bind = net.bind if bind is None else bind
        self.port = services.config.net.port if port is None else port
        self.announce = net.discovery_address if announce == "" else announce
        self.discovery_port = discovery_port
        #: Why the server could not be opened ('' while it is opening or once it runs).
        self.problem = ""
        self.started = False
        self.back_btn = self.back_button()
        self.focus.set([self.back_btn])

    @classmethod
    def trail(cls, match: Match, **args: object) -> list[Route]:
        return [Route("games"), Route("setup", {"game_id": match.state.game_id, "match": match})]

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.started and not self.services.scenes.transitioning:
            self.started = True
            self.open()

    def open(self) -> None:
        """Start the server and the announcements, join them from this window, and hand
        over to the play screen; a failure is shown here."""
        from game.net.client import NetClient
        from game.net.remote_session import RemoteSession
        from game.net.server import GameServer, NetError, SeatPlan, ServerThread

        name = self.services.setup_memory.player_name or default_name()
        plans = [SeatPlan.bot(player.bot or player.label) if player.is_bot
                 else SeatPlan.remote(reserved=player.is_human) for player in self.match.players]
        config, registry, game_id = self.services.config, self.services.registry, self.match.state.game_id
        server = GameServer(self.match.state.copy(), plans, host=self.bind, port=self.port,
                            limits=config.net, log=logger.info, name=name,
                            bot_spec=lambda tier: config.bot_spec(game_id, tier, registry),
                            game_config=config.game(game_id),
                            time_control=self.match.clock.control if self.match.clock else None,
                            times=self.match.clock.times if self.match.clock else None)
        thread = ServerThread(server)
        try:
            thread.start()
            host, port = thread.address
            client = NetClient.connect("127.0.0.1" if host in ("0.0.0.0", "") else host, port, name,
                                       token=server.host_token)
        except NetError as err:
            thread.stop()
            self._fail(str(err))
            return
        from game.net.discovery import join_addresses

        shown = join_addresses(port) if host in ("0.0.0.0", "") else address_text(host, port)
        announcer = self._announce(server, port, name)
        hosting = Hosting(thread, announcer, shown)
        keep = len(self.services.scenes.stack) - 1
        self.services.scenes.rebuild(keep, [Route("play", {"remote": RemoteSession(client), "hosting": hosting})])

    def _announce(self, server: "GameServer", port: int, name: str) -> object | None:
        """Tell the local network about the game, with its seats still open (None: not announced)."""
        if self.announce is None:
            return None
        from game.net.discovery import Announcement, Announcer

        def info() -> Announcement:
            return Announcement(name, str(server.spec), port, len(server.open_seats()))

        return Announcer(info, self.services.config.net.discovery_port if self.discovery_port is None
                         else self.discovery_port, address=self.announce).start()

    def _fail(self, why: str) -> None:
        self.services.sounds.play("error")
        self.problem = why[:1].upper() + why[1:]
        if self.port:
            self.problem = _("{sentence}. {then}").format(sentence=self.problem, then=_(
                "Another program may be using port {port}: close it, or set another port under net: in config.yaml"
            ).format(port=self.port))
        self.request_redraw()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = self.services.window.px
        self.back_btn.rect = pygame.Rect(28, size[1] - px(72), px(150), px(46))

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, self.title, self.match.state.title)
        fonts = self.services.fonts
        width, height = self.rect.size
        box = pygame.Rect(0, 0, min(width - 60, self.services.window.px(640)), self.services.window.px(180))
        box.center = (width // 2, height // 2)
        panel(surface, box, alpha=200, shadow=self.services.shadows)
        if not self.problem:
            text(surface, fonts.bold(20), _("Opening the game to the network…"), palette.TEXT, box.center, "center")
            return
        y = text(surface, fonts.bold(20), _("The game could not be hosted"), palette.BAD, (box.centerx, box.y + 20),
                 "midtop").bottom + 10
        for line in wrap_text(fonts.text(16), self.problem, box.width - 40):
            y = text(surface, fonts.text(16), line, palette.TEXT, (box.centerx, y), "midtop").bottom
