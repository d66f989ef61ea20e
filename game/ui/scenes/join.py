"""Join a game hosted on the network: the games found on this network, or an address typed.

While the screen is up it listens for the small announcements hosting arcades
send (``game/net/discovery.py``) in a background thread and lists each game
found: its name, the game and rules, how many seats are open and where it is.
A row is joined by a click or Enter; a game not listed (another network, a
headless server) is joined by typing its address (``host:port``, or a host
alone for the default port) and Enter. Your name is what the others see.

Connecting happens in the background too (the window stays alive); once
connected, the lobby (``game/ui/scenes/lobby.py``) shows the invitation to
accept or decline. Joining an address where this player held a seat (a
dropped connection, Leave, the arcade closed: ``game/store/seattokens.py``)
under the same name shows the token of that seat, and the server seats them again at once, in
the game as it went on; a seat that is gone is forgotten and the join is an
ordinary one. A failed connection is said on this screen in the client's
own words, and nothing else changes.

``listen_on`` is the address announcements are listened for on (every
interface by default; None: no listening) and ``discovery_port`` their port
(default ``net.discovery_port`` of config.yaml); tests listen on loopback.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

import pygame

from game.lang import _, N_, ngettext
from game.store import seattokens
from game.ui import palette
from game.ui.draw import fit_text, mix, panel, text
from game.ui.hosting import address_text, game_words
from game.ui.naming import NAME_LENGTH, default_name
from game.ui.scenes.base import Scene
from game.ui.textfield import TextField
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.ui.services import Services

ROW_H = 58
ROW_GAP = 6
#: Seconds each round of listening for announcements lasts (a host announces every 2 s).
LISTEN_SECONDS = 2.5


class AddressError(ValueError):
    """A typed address that is not ``host``, ``host:port`` or ``[IPv6]:port``."""


def parse_address(typed: str, default_port: int) -> tuple[str, int]:
    """``'192.168.1.20:5151'`` -> ("192.168.1.20", 5151); a host alone takes ``default_port``;
    an IPv6 address with a port is written in brackets. ``AddressError`` names what is wrong."""
    words = typed.strip()
    if not words:
        raise AddressError(_("Type the address the host gave you, such as 192.168.1.20:5151"))
    host, port_text = words, ""
    if words.startswith("["):
        close = words.find("]")
        if close < 0:
            raise AddressError(_("{words!r}: an IPv6 address in brackets needs its closing ]").format(words=words))
        host, rest = words[1:close], words[close + 1:]
        if rest and not rest.startswith(":"):
            raise AddressError(_("{words!r}: after ] comes :port").format(words=words))
        port_text = rest[1:]
    elif words.count(":") == 1:
        host, port_text = words.split(":")
    if not host or any(ch.isspace() for ch in host):
        raise AddressError(_("{words!r} has no host name or address before the port").format(words=words))
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise AddressError(_("{port!r} is not a port: write a number from 1 to 65535 after the colon").format(port=port_text))
    return host, int(port_text)


@dataclass(frozen=True)
class FoundGame:
    """A hosted game as the list shows it (``game`` its spec text, worded when drawn)."""

    name: str
    game: str
    host: str
    port: int
    seats_open: int

    @property
    def address(self) -> str:
        return address_text(self.host, self.port)


class Finder:
    """Listens for announced games in a daemon thread, round after round, until stopped.

    ``listen`` is the discovery function (``listen_for_games``) with its
    address and port bound; ``found`` is the latest round's list."""

    def __init__(self, listen: Callable[[float], Sequence[Any]]) -> None:
        self._listen = listen
        self._lock = threading.Lock()
        self._found: list[FoundGame] = []
        self._problem = ""
        self._stop = threading.Event()
        self.rounds = 0
        self._thread = threading.Thread(target=self._run, name="game-finder", daemon=True)

    def start(self) -> "Finder":
        self._thread.start()
        return self

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                games = [FoundGame(g.name, g.game, g.host, g.port, g.seats_open)
                         for g in self._listen(LISTEN_SECONDS)]
                problem = ""
            except OSError as err:
                games, problem = [], _("Cannot listen for games on this network: {error}").format(error=err.strerror or err)
            with self._lock:
                self._found, self._problem = games, problem
                self.rounds += 1
            if problem:
                self._stop.wait(LISTEN_SECONDS)

    def found(self) -> tuple[list[FoundGame], str]:
        """The games heard in the last round, and why none could be heard ('' if listening works)."""
        with self._lock:
            return list(self._found), self._problem

    def stop(self) -> None:
        self._stop.set()


class GameList(Widget):
    """The games found, one row each; Up/Down choose, Enter or a click joins."""

    def __init__(self, scene: "JoinScene") -> None:
        super().__init__(scene.services, wid="games_found")
        self.scene = scene
        self.selected = 0

    @property
    def can_focus(self) -> bool:
        return super().can_focus and bool(self.scene.games)

    def row_rect(self, index: int) -> pygame.Rect:
        body = self.rect.inflate(-20, -20)
        return pygame.Rect(body.x, body.y + index * (ROW_H + ROW_GAP), body.width, ROW_H)

    def rows_shown(self) -> int:
        return max(0, (self.rect.height - 20 + ROW_GAP) // (ROW_H + ROW_GAP))

    def activate(self) -> None:
        games = self.scene.games
        if games:
            self.scene.join_found(games[min(self.selected, len(games) - 1)])

    def step(self, delta: int) -> bool:
        return False

    def key(self, key: int) -> bool:
        """Up/Down move the selection; True if used."""
        count = min(len(self.scene.games), self.rows_shown())
        if key in (pygame.K_UP, pygame.K_DOWN) and count:
            self.selected = max(0, min(count - 1, self.selected + (1 if key == pygame.K_DOWN else -1)))
            return True
        return False

    def on_click(self, pos: tuple[int, int]) -> None:
        for index in range(min(len(self.scene.games), self.rows_shown())):
            if self.row_rect(index).collidepoint(pos):
                self.selected = index
                self.activate()
                return

    def draw(self, surface: pygame.Surface) -> None:
        panel(surface, self.rect, alpha=170, shadow=self.scene.services.shadows)
        fonts = self.ctx.fonts
        games = self.scene.games
        if not games:
            words, colour = self.scene.empty_words()
            step = self.scene.looking_step()
            dots_w = 0 if step is None else self.ctx.window.px(30)
            shown = text(surface, fonts.text(16), fit_text(fonts.text(16), words, self.rect.width - 40 - dots_w),
                         colour, (self.rect.centerx - dots_w // 2, self.rect.centery), "center")
            if step is not None:
                radius = max(3, self.ctx.window.px(4))
                for i in range(3):
                    pygame.draw.circle(surface, palette.ACCENT if i == step else mix(palette.PANEL, colour, 0.5),
                                       (shown.right + self.ctx.window.px(8) + i * radius * 3, shown.bottom - radius * 2),
                                       radius)
        for index, game in enumerate(games[: self.rows_shown()]):
            row = self.row_rect(index)
            chosen = index == self.selected
            lit = chosen and (self.focused and self.ctx.keyboard_mode) or row.collidepoint(pygame.mouse.get_pos())
            pygame.draw.rect(surface, mix(palette.PANEL_LIGHT, palette.HOVER, 0.6 if lit else 0.0), row, border_radius=10)
            if chosen and self.focused and self.ctx.keyboard_mode:
                pygame.draw.rect(surface, palette.ACCENT, row, 2, border_radius=10)
            seats = (ngettext("{n} seat open", "{n} seats open", game.seats_open).format(n=game.seats_open)
                     if game.seats_open else _("watch"))
            right = text(surface, fonts.bold(15), seats, palette.GOOD if game.seats_open else palette.TEXT_MUTED,
                         (row.right - 14, row.y + 10), "topright")
            text(surface, fonts.text(13), game.address, palette.TEXT_MUTED, (row.right - 14, row.bottom - 10),
                 "bottomright")
            room = right.left - row.x - 30
            text(surface, fonts.bold(17), fit_text(fonts.bold(17), game.name, room), palette.TEXT, (row.x + 14, row.y + 8))
            text(surface, fonts.text(14), fit_text(fonts.text(14), game_words(game.game), room), palette.TEXT_MUTED,
                 (row.x + 14, row.bottom - 8), "bottomleft")


class JoinScene(Scene):
    """Your name, the games found on the network, and an address line."""

    name = "join"
    title = N_("Join a game")

    def __init__(self, services: "Services", listen_on: str | None = "0.0.0.0",
                 discovery_port: int | None = None) -> None:
        super().__init__(services)
        net = services.config.net
        self.default_port = net.port
        self.listen_on = listen_on
        self.discovery_port = net.discovery_port if discovery_port is None else discovery_port
        self.name_field = TextField(services, services.setup_memory.player_name or default_name(),
                                    on_submit=lambda: self.focus.focus(self.address_field), wid="name",
                                    max_length=NAME_LENGTH, font_size=17, tooltip=N_("The name the other players see"))
        self.address_field = TextField(services, on_submit=lambda: self.join_typed(self.address_field.text),
                                       wid="address", placeholder=_("host:port, e.g. 192.168.1.20:{port}").format(port=net.port),
                                       max_length=200, font_size=17,
                                       tooltip=N_("The address the host gave you (Enter joins)"))
        self.join_btn = Button(services, N_("Join"), lambda: self.join_typed(self.address_field.text), wid="join",
                               shortcut="Enter", style="primary")
        self.games_list = GameList(self)
        self.back_btn = self.back_button()
        self.games: list[FoundGame] = []
        self.listen_problem = ""
        #: What the screen says about the last try to join ('' for nothing), and its colour.
        self.message = ""
        self.message_colour = palette.TEXT_MUTED
        self.connecting: threading.Thread | None = None
        self._connected: list[Any] = []        # (client or error, what was joined), from the connecting thread
        self._book: Any = None                  # the games heard, kept from round to round (discovery's GameBook)
        self.finder = Finder(self._listen)
        self.focus.set([self.name_field, self.address_field, self.join_btn, self.games_list, self.back_btn],
                       focus=self.address_field)

    def _listen(self, seconds: float) -> Sequence[Any]:
        from game.net.discovery import GameBook, listen_for_games

        if self._book is None:
            self._book = GameBook()
        return listen_for_games(seconds, bind=self.listen_on, port=self.discovery_port, book=self._book)

    # -- life cycle -----------------------------------------------------------------------
    def enter(self) -> None:
        if self.listen_on is not None:
            self.finder.start()

    def leave(self) -> None:
        self.finder.stop()

    def resume(self) -> None:
        self.message = ""

    # -- joining --------------------------------------------------------------------------
    @property
    def player_name(self) -> str:
        return self.name_field.text.strip() or default_name()

    def join_typed(self, typed: str) -> None:
        try:
            host, port = parse_address(typed, self.default_port)
        except AddressError as err:
            self._say(str(err), palette.BAD)
            self.services.sounds.play("error")
            return
        self.join(host, port)

    def join_found(self, game: FoundGame) -> None:
        self.join(game.host, game.port)

    def join(self, host: str, port: int) -> None:
        """Connect in the background; the lobby opens once connected."""
        if self.connecting is not None:
            return
        self.services.setup_memory.player_name = self.name_field.text.strip()
        where = address_text(host, port)
        self._say(_("Connecting to {address}…").format(address=where), palette.TEXT)
        name = self.player_name
        token = seattokens.token_for(name, where)

        def connect() -> None:
            from game.net.client import NetClient, NetError

            try:
                result: Any = NetClient.connect(host, port, name, token=token)
            except NetError as err:
                result = err
            if isinstance(result, NetError) and token is not None:     # that seat is gone: join anew
                seattokens.forget(name, where)
                try:
                    result = NetClient.connect(host, port, name)
                except NetError as err:
                    result = err
            self._connected.append((result, where))

        self.connecting = threading.Thread(target=connect, name="join-connect", daemon=True)
        self.connecting.start()

    def _take_connection(self) -> None:
        if not self._connected:
            return
        result, where = self._connected.pop()
        self.connecting = None
        if isinstance(result, Exception):
            self.services.sounds.play("error")
            self._say(_("Could not join {address}: {error}").format(address=where, error=result), palette.BAD)
            return
        self._say("", palette.TEXT_MUTED)
        if result.token is not None:           # welcomed back into this window's old seat
            from game.net.remote_session import RemoteSession

            self.services.toasts.show(_("Back in your seat"), "good", seconds=3)
            self.services.scenes.push("play", remote=RemoteSession(result))
            return
        self.services.scenes.push("lobby", client=result, address=where)

    def _say(self, words: str, colour: tuple[int, int, int]) -> None:
        self.message, self.message_colour = words, colour
        self.request_redraw()

    def empty_words(self) -> tuple[str, tuple[int, int, int]]:
        """What the empty list says: why nothing can be heard, or that it is listening."""
        if self.listen_problem:
            return self.listen_problem, palette.WARNING
        if self.listen_on is None:
            return _("Not listening for games here: type the host's address"), palette.TEXT_MUTED
        return _("Looking for games on your network"), palette.TEXT_MUTED

    def looking_step(self) -> int | None:
        """Which of the three dots after "Looking for games" is lit (it steps twice a
        second while the screen listens); None when it does not listen."""
        if self.listen_problem or self.listen_on is None:
            return None
        return int(self.time * 2) % 3

    # -- input and frame ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self.focus.current is self.games_list and self.games_list.key(event.key):
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        """Take what the listening and the connecting threads brought; the screen redraws
        when that changes what it shows (and as the lit dot after "Looking for games" steps,
        twice a second)."""
        shown = self._list_shows()
        super().update(dt)
        self.games, self.listen_problem = self.finder.found()
        self._take_connection()
        if self._list_shows() != shown:
            self.request_redraw()

    def _list_shows(self) -> object:
        """What the games' list shows: the games found, else its empty words and lit dot."""
        return self.games or (self.empty_words(), self.looking_step())

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        px = self.services.window.px
        column = min(px(760), width - 48)
        left = (width - column) // 2
        top = self.header_bottom(height) + px(8)
        field_h = px(44)
        label_w = px(150)
        self.name_field.rect = pygame.Rect(left + label_w, top, column - label_w, field_h)
        top = self.name_field.rect.bottom + px(12)
        join_w = px(140)
        self.address_field.rect = pygame.Rect(left + label_w, top, column - label_w - join_w - 12, field_h)
        self.join_btn.rect = pygame.Rect(self.address_field.rect.right + 12, top, join_w, field_h)
        self.message_y = self.address_field.rect.bottom + px(8)
        list_top = self.message_y + px(30) + px(28)
        self.back_btn.rect = pygame.Rect(28, height - px(72), px(150), px(46))
        bottom = self.back_btn.rect.top - px(14)
        self.games_list.rect = pygame.Rect(left, list_top, column, max(0, bottom - list_top))
        self.column = pygame.Rect(left, 0, column, 0)
        self.label_w = label_w

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, self.title, _("A game hosted on your network, or the address a friend gave you"))
        fonts = self.services.fonts
        label = fonts.text(17)
        for field, words in ((self.name_field, _("Your name")), (self.address_field, _("Address"))):
            text(surface, label, words, palette.TEXT_MUTED, (self.column.x, field.rect.centery), "midleft")
        if self.message:
            text(surface, fonts.text(15), fit_text(fonts.text(15), self.message, self.column.width - self.label_w),
                 self.message_colour, (self.column.x + self.label_w, self.message_y))
        text(surface, fonts.bold(15), _("GAMES ON YOUR NETWORK"), palette.TEXT_MUTED,
             (self.column.x, self.games_list.rect.y - 8), "bottomleft")
