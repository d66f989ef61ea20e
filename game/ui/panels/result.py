"""The result panel that slides in over the side panel when a game ends.

It says who won and why, with the final score where the game counts one
(Reversi's ``36–28``), shows the running score of this matchup, and
offers Rematch (Enter), Swap sides (W), Menu (Esc) and Review (the game step by
step with the engine's verdict on each move: the review screen, whose Esc comes
back here). The board stays in view so the winning line can be seen animating.

Hide (R) puts the panel away, so the side panel's move list (a move clicked
opens the review at that move) and the final position can be looked at as long
as the player likes; the Result button that takes its place in the status box
(or R again) brings it back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.lang import _, N_, number as lang_number
from game.ui import palette
from game.ui.naming import matchup_title
from game.ui.draw import clean_text, fit_text, glow, mix, panel, render, seat_token, text, wrap_text
from game.ui.panels.seatmarks import seat_ball, seat_ink
from game.ui.tween import Tween, ease_out_back
from game.ui.widgets import Button
from game.store.userdata import StatRow

if TYPE_CHECKING:
    from game.match.record import Match
    from game.ui.services import Services

#: Height of a line of the table of places.
PLACE_LINE = 30
#: How far past the panel's edges its drawing may reach (its shadow, the headline's glow), in pixels.
AREA_MARGIN = 40
#: Height of the Hide and Result buttons, at the 1280×800 scale.
SMALL_BUTTON = 30


def place_name(place: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th" (in Chinese 第1名...)."""
    if 10 <= place % 100 <= 20:
        return _("{n}th").format(n=place)
    words = {1: N_("{n}st"), 2: N_("{n}nd"), 3: N_("{n}rd")}
    return _(words.get(place % 10, N_("{n}th"))).format(n=place)


#: The ends of games the rules write as words made of parts (``connect4.win_reason``,
#: ``gomoku._win_reason``), each in the catalogue so the result panel can word it.
RULES_REASONS = (N_("three in a row"), N_("four in a row"), N_("five in a row"), N_("six in a row"),
                 N_("six in a row (an overline)"), N_("seven in a row (an overline)"),
                 N_("eight in a row (an overline)"), N_("nine in a row (an overline)"))


def places_table(ranking: tuple[tuple[int, ...], ...]) -> list[tuple[str, int]]:
    """(place, seat) in order from an outcome's ranking; seats that share a place
    share its name and the next place counts them (1st, 2nd, 2nd, 4th)."""
    table = []
    place = 1
    for group in ranking:
        table += [(place_name(place), seat) for seat in group]
        place += len(group)
    return table


class ResultHost(Protocol):
    """The screen the panel is on (the play screen): what its buttons do."""

    services: "Services"

    @property
    def match(self) -> "Match": ...

    def rematch(self) -> None: ...

    def swap_sides(self) -> None: ...

    def open_menu(self) -> None: ...


class ResultPanel:
    """Headline, reason, score and its buttons; hidden until ``show``, put away by the
    player with Hide (``put_away``: ``visible`` is False, ``put_aside`` True) and brought
    back by the Result button (``bring_back``)."""

    def __init__(self, scene: ResultHost) -> None:
        self.scene = scene
        services = scene.services
        self.rematch = Button(services, N_("Rematch"), scene.rematch, wid="rematch", shortcut="Enter", style="primary",
                              font_size=20)
        self.swap = Button(services, N_("Swap sides"), scene.swap_sides, wid="swap_sides", shortcut="W")
        self.menu = Button(services, N_("Menu"), scene.open_menu, wid="result_menu", shortcut="Esc", style="ghost")
        self.review = Button(services, N_("Review"), self.open_review, wid="review", style="ghost",
                             tooltip=N_("Step through the game with the engine's verdict on each move"))
        self.hide_button = Button(services, N_("Hide"), self.put_away, wid="result_hide", shortcut="R", style="ghost",
                                  font_size=15, tooltip=N_("Hide the result: the final position and the moves, "
                                                           "a move clicked opens the review there"))
        self.show_button = Button(services, N_("Result"), self.bring_back, wid="result_show", shortcut="R",
                                  font_size=15, tooltip=N_("Bring the result panel back"))
        self.buttons = [self.rematch, self.swap, self.review, self.menu, self.hide_button]
        self.visible = False
        #: The player put the panel away (Hide): the Result button brings it back.
        self.put_aside = False
        self.headline = ""
        self.reason = ""
        #: The game's final score in its own words (``State.scores_text``), '' for none.
        self.score = ""
        self.row: StatRow | None = None
        self.marks: list[tuple[str, tuple[int, int, int]]] = []
        #: For more than two players: (place, who, colour) a line, first place first.
        self.places: list[tuple[str, str, tuple[int, int, int]]] = []
        self.colour = palette.ACCENT
        self.slide = Tween(0.0, 1.0, 0.0)
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.content_bottom = 0
        self._halo: pygame.Surface | None = None
        self._layer: pygame.Surface | None = None

    def show(self, headline: str, reason: str, row: StatRow | None, colour: tuple[int, int, int],
             marks: list[tuple[str, tuple[int, int, int]]], delay: float,
             places: list[tuple[str, str, tuple[int, int, int]]] | None = None, score: str = "") -> None:
        """Slide in after ``delay`` seconds; ``marks`` are the winners' pieces (both sides
        on a draw); ``places`` the table of places, shown instead of the marks; ``score``
        the final score, under the reason."""
        speed = self.scene.services.settings.current.anim_speed
        duration = 0.5 / speed if speed else 0.0
        self.visible, self.put_aside = True, False
        self.headline, self.reason, self.row, self.colour, self.marks = clean_text(headline), reason, row, colour, marks
        self.places = [(place, clean_text(who), colour) for place, who, colour in places or []]
        self.score = clean_text(score)
        self.slide = Tween(0.0, 1.0, duration, ease_out_back, delay=delay if speed else 0.0)
        self._halo = None

    def hide(self) -> None:
        """The game is no longer over (a rematch, an undo): no result to bring back."""
        self.visible, self.put_aside = False, False

    def put_away(self) -> None:
        """Hide (R): the side panel and the final position in view, the result kept."""
        if self.shown:
            self.visible, self.put_aside = False, True

    def bring_back(self) -> None:
        """Result (R): the panel put away slides back in at once."""
        if not self.put_aside:
            return
        speed = self.scene.services.settings.current.anim_speed
        self.visible, self.put_aside = True, False
        self.slide = Tween(0.0, 1.0, 0.3 / speed if speed else 0.0, ease_out_back)

    def toggle(self) -> bool:
        """R: put the panel away or bring it back; whether there was a result to do it to."""
        if self.put_aside:
            self.bring_back()
        elif self.shown:
            self.put_away()
        else:
            return False
        return True

    def open_review(self) -> None:
        """The review screen of the game just ended, over this one."""
        self.scene.services.scenes.push("review", match=self.scene.match)

    @property
    def shown(self) -> bool:
        """In place and taking input (the slide has started)."""
        return self.visible and self.slide.elapsed >= self.slide.delay

    def px(self, length: float) -> int:
        """A length given for the 1280×800 window, at the window's scale."""
        return self.scene.services.window.px(length)

    def layout(self, rect: pygame.Rect, status: pygame.Rect) -> None:
        """The panel over the side panel ``rect``, Hide in its top right corner; the
        Result button in the top right corner of the status box ``status``."""
        self.rect = pygame.Rect(rect)
        px = self.px
        small = self._small_width()
        self.hide_button.rect = pygame.Rect(rect.right - 16 - small, rect.y + 14, small, px(SMALL_BUTTON))
        self.show_button.rect = pygame.Rect(status.right - 12 - small, status.y + px(12), small, px(SMALL_BUTTON))
        width = rect.width - 48
        y = rect.bottom - 24 - 3 * px(56)
        self.rematch.rect = pygame.Rect(rect.x + 24, y, width, px(48))
        self.swap.rect = pygame.Rect(rect.x + 24, y + px(56), width, px(48))
        half = (width - 12) // 2    # Review and Menu share the last row
        self.review.rect = pygame.Rect(rect.x + 24, y + 2 * px(56), half, px(48))
        self.menu.rect = pygame.Rect(rect.x + 24 + width - half, y + 2 * px(56), half, px(48))

    def _small_width(self) -> int:
        """The width of Hide and Result: the longer label, its keycap and the button's margins."""
        fonts = self.scene.services.fonts
        label = max(fonts.bold(15).size(button.label)[0] for button in (self.hide_button, self.show_button))
        return label + fonts.text(11).size("R")[0] + 56

    def update(self, dt: float) -> None:
        if self.visible:
            self.slide.update(dt)

    @property
    def animating(self) -> bool:
        """Shown and still sliding in (or waiting to)."""
        return self.visible and not self.slide.done

    def offset(self) -> int:
        """How far right of its place the panel is drawn (sliding in)."""
        return round((1.0 - self.slide.value) * (self.rect.width + 40))

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.slide.elapsed < self.slide.delay:
            return
        area = self.area(surface.get_rect())
        if self._layer is None or self._layer.get_size() != surface.get_size():
            self._layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        layer = self._layer
        layer.fill((0, 0, 0, 0), area)
        rect = self.rect
        panel(layer, rect, fill=mix(palette.PANEL, self.colour, 0.06), border=self.colour, alpha=255,
              shadow=self.scene.services.shadows)
        fonts = self.scene.services.fonts
        px = self.px
        places_h = len(self.places) * px(PLACE_LINE) + px(18) if self.places else 0
        rest = px(60 + 30) + places_h + (px(200) if self.row is not None else 0)
        room = self.rematch.rect.y - rect.y
        # The score on a large line of its own, or after the reason when short of room.
        reason = self.reason
        score_lines = self._score_lines()
        if score_lines and rest + self._height(score_lines) > room:
            reason, score_lines = f"{reason} · {self.score}", []
        content = px(96) + rest + self._height(score_lines)
        # The pieces go first when short of room (the score matters more), and always beside a table of places.
        below_hide = self.hide_button.rect.bottom + 8 - rect.y
        marks_h = px(96) if room >= content + below_hide and not self.places else 0
        content -= px(96) - marks_h
        top = rect.y + max(below_hide, (room - content) // 2)
        if marks_h:
            self._draw_marks(layer, (rect.centerx, top + px(40)))
        y = top + marks_h
        size = 44 if fonts.display(44).size(self.headline)[0] <= rect.width - 40 else 30
        while size > 18 and fonts.display(size).size(self.headline)[0] > rect.width - 40:
            size -= 2
        head_font = fonts.display(size)
        image = render(head_font, self.headline, self.colour)
        if self._halo is None:
            self._halo = glow(image, self.colour, radius=14)
            self._halo.set_alpha(140)
        head_rect = image.get_rect(midtop=(rect.centerx, y))
        layer.blit(self._halo, self._halo.get_rect(center=head_rect.center))
        layer.blit(image, head_rect)
        y = head_rect.bottom + 8
        for line in wrap_text(fonts.text(18), reason, rect.width - 40):
            y = text(layer, fonts.text(18), line, palette.TEXT, (rect.centerx, y), "midtop").bottom
        if score_lines:
            y += 10
            for font, line in score_lines:
                y = text(layer, font, line, palette.TEXT, (rect.centerx, y), "midtop").bottom
        if self.places:
            y = self._draw_places(layer, y)
        if self.row is not None:    # below the places, or nothing (and no gap) when there is no room
            below = self._draw_score(layer, y + px(22), self.rematch.rect.y - 16)
            y = below if below > y + px(22) else y
        #: Where the content ends: the free room above the buttons starts there (toasts go in it).
        self.content_bottom = y
        for button in self.buttons:
            button.draw(layer)
        surface.blit(layer, (area.x + self.offset(), area.y), area)

    def area(self, screen: pygame.Rect) -> pygame.Rect:
        """The part of the screen the panel draws in (its shadow, the headline's glow and
        the buttons' focus rings reach past its edges), before it is slid: the panel is
        drawn on a layer kept from frame to frame, and only this part of it is cleared
        and shown (a whole window's layer made and blended every frame of the slide
        was most of a frame's drawing)."""
        return screen.clip(self.rect.inflate(2 * AREA_MARGIN, 2 * AREA_MARGIN))

    def _score_lines(self) -> list[tuple[pygame.font.Font, str]]:
        """The final score on a line of its own: large if it fits (``36–28``), else
        in the body font over as many lines as it takes."""
        if not self.score:
            return []
        fonts = self.scene.services.fonts
        width = self.rect.width - 40
        if fonts.display(34).size(self.score)[0] <= width:
            return [(fonts.display(34), self.score)]
        return [(fonts.text(18), line) for line in wrap_text(fonts.text(18), self.score, width)]

    @staticmethod
    def _height(lines: list[tuple[pygame.font.Font, str]]) -> int:
        """The pixels ``lines`` take with the gap above them (0 for none)."""
        return sum(font.get_linesize() for font, _ in lines) + 10 if lines else 0

    def _draw_marks(self, layer: pygame.Surface, centre: tuple[int, int]) -> None:
        fonts = self.scene.services.fonts
        count = max(1, len(self.marks))
        px = self.px
        for i, (mark, colour) in enumerate(self.marks):
            x = centre[0] + round((i - (count - 1) / 2) * px(84))
            disc = pygame.Rect(0, 0, px(72), px(72))
            disc.center = (x, centre[1])
            pygame.draw.rect(layer, mix(palette.BOARD, colour, 0.22), disc, border_radius=px(20))
            pygame.draw.rect(layer, seat_ink(colour), disc, 3, border_radius=px(20))
            if len(mark) <= 2:          # a piece's letter (X, O) is the piece itself
                text(layer, fonts.display(40), mark, colour, disc.center, "center")
            else:                       # a colour's name (Red, Black) is shown as that colour's piece
                seat_ball(layer, colour, disc.center, px(22))

    def _draw_places(self, layer: pygame.Surface, y: int) -> int:
        """The table of places below ``y`` (the words' foot): "1st", a ball of the seat's colour,
        who; returns the y below. Every place stays above the buttons: with six at 800×560 the
        lines close up to 12 px text, and the gap above the table narrows."""
        fonts = self.scene.services.fonts
        rect = self.rect
        px = self.px
        left, width = rect.x + 28, rect.width - 56
        least, bottom = fonts.text(12).get_height(), self.rematch.rect.y - 8
        y += max(px(6), min(px(18), bottom - y - least * len(self.places)))
        step = max(least, min(px(PLACE_LINE), (bottom - y) // len(self.places)))
        size = 16 if step >= px(26) else 14 if step >= px(20) else 12
        for place, who, colour in self.places:
            line = pygame.Rect(left, y, width, step - 4)
            if place == self.places[0][0]:
                pygame.draw.rect(layer, mix(palette.PANEL, colour, 0.2), line, border_radius=(step - 4) // 2)
            text(layer, fonts.bold(size), place, palette.ACCENT if place == self.places[0][0] else palette.TEXT_MUTED,
                 (line.x + px(12), line.centery), "midleft")
            seat_token(layer, (line.x + px(64), line.centery), min(px(8), step // 2 - 4), colour)
            name = fit_text(fonts.text(size), who, line.right - line.x - px(90))
            text(layer, fonts.text(size), name, palette.TEXT, (line.x + px(80), line.centery), "midleft")
            y += step
        return y

    def _draw_score(self, layer: pygame.Surface, y: int, bottom: int) -> int:
        """The running score: the matchup and its won/drawn/lost tiles; returns the y
        below it (``y`` itself when there is no room for it)."""
        row = self.row
        fonts = self.scene.services.fonts
        px = self.px
        tile_h = px(70)
        # The rule, the title, the matchup, the tiles and the line under them.
        needed = px(14 + 22) + fonts.bold(16).get_linesize() + px(10) + tile_h + px(8) + fonts.text(13).get_linesize()
        if row is None or bottom - y < needed:
            return y
        rect = self.rect
        pygame.draw.line(layer, palette.PANEL_BORDER, (rect.x + 30, y), (rect.right - 30, y), 1)
        y += px(14)
        text(layer, fonts.bold(13), _("RUNNING SCORE"), palette.TEXT_MUTED, (rect.centerx, y), "midtop")
        y += px(22)
        title = matchup_title(row.matchup)
        matchup = fit_text(fonts.bold(16), title, rect.width - 40)
        y = text(layer, fonts.bold(16), matchup, palette.TEXT, (rect.centerx, y), "midtop").bottom + px(10)
        tile_w = (rect.width - 48 - 2 * 10) // 3
        first = title.split(_(" vs "))[0]
        for i, (label, value, colour) in enumerate(
            ((_("won"), row.wins, palette.GOOD), (_("drawn"), row.draws, palette.TEXT_MUTED),
             (_("lost"), row.losses, palette.BAD))
        ):
            tile = pygame.Rect(rect.x + 24 + i * (tile_w + 10), y, tile_w, tile_h)
            pygame.draw.rect(layer, mix(palette.BOARD, colour, 0.08), tile, border_radius=12)
            pygame.draw.rect(layer, mix(palette.PANEL_BORDER, colour, 0.4), tile, 1, border_radius=12)
            label_top = tile.bottom - px(6) - fonts.text(13).get_height()
            number = fonts.display(32)
            text(layer, number, lang_number(value), colour, (tile.centerx, tile.y + (label_top - tile.y) // 2 + px(2)), "center")
            text(layer, fonts.text(13), label, palette.TEXT_MUTED, (tile.centerx, tile.bottom - px(6)), "midbottom")
        return text(layer, fonts.text(13), _("counted for {player}").format(player=first), palette.TEXT_MUTED,
                    (rect.centerx, y + tile_h + px(8)), "midtop").bottom

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse on the buttons once the panel has slid into place."""
        if not self.visible or not self.slide.done:
            return False
        for button in self.buttons:
            if button.handle_event(event):
                return True
        return False

