"""The play screen's status: the title and players at the top of the side panel
(each with the figure the board gives for its seat, such as Reversi's disc
count), and the status box under them (who is to move, a bot thinking or its engine
being prepared, the game's result, and a last line with the hint, why the
board refused a square, or how to play on this board).

The panel only reads the play scene (its session, its view of the hint, its
clock for the animations); it changes nothing.
"""
from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Protocol

import pygame

from game.lang import _, decimal
from game.ui import palette
from game.ui.draw import clean_text, fit_text, mix, text
from game.ui.overlays import progress_bar
from game.ui.panels.seatmarks import seat_ball, seat_dot, seat_ink
from game.rules.phrases import value_in_words

if TYPE_CHECKING:
    from game.match.compiling import CompileProgress
    from game.match.session import Session
    from game.rules.core import Outcome, State
    from game.ui.renderers.base import BoardView, Renderer
    from game.ui.services import Services

#: Height of a line of the players' list under the title (more than two seats).
SEAT_LINE = 22


def shorter_clauses(words: str) -> list[str]:
    """``words`` from fullest to shortest, less their last clause (after a comma or a colon)
    one at a time: 'i8 is not legal: it makes a double-three, forbidden to Black in Renju',
    'i8 is not legal: it makes a double-three', 'i8 is not legal'; 'win in 3 (VCF): h8 i9
    j10', 'win in 3 (VCF)'. The status box shows the first that fits."""
    parts = re.split(r"(, |: )", words)
    return ["".join(parts[:end]) for end in range(len(parts), 0, -2)]


class HintLine(Protocol):
    """The hint on screen: its move in notation, the words of its value, both as one line,
    what is proven of the position, and whether more values are being proven."""

    move_text: str
    detail: str
    position: str
    refining: bool

    @property
    def text(self) -> str: ...


class StatusHost(Protocol):
    """What the panel reads of the play screen it is on."""

    services: "Services"
    session: "Session"
    title: str
    paused: bool
    time: float
    view: "BoardView"
    renderer: "Renderer"
    hint: HintLine
    #: Why the board refused the player's last pick ('' for none lately).
    refusal: str
    #: A network game waits (a player to join or to come back).
    net_paused: bool

    @property
    def state(self) -> "State": ...

    @property
    def thinking(self) -> bool: ...

    @property
    def warming(self) -> bool: ...

    @property
    def hint_pending(self) -> bool: ...

    def player_name(self, seat: int) -> str: ...

    def compile_progress(self) -> "CompileProgress | None": ...

    def seat_colour(self, seat: int) -> tuple[int, int, int]: ...

    def headline(self, outcome: "Outcome") -> tuple[str, tuple[int, int, int], str]: ...


class StatusPanel:
    """Title, players and the status box of one play scene."""

    def __init__(self, scene: StatusHost) -> None:
        self.scene = scene
        self.rect = pygame.Rect(0, 0, 0, 0)

    # -- layout -------------------------------------------------------------------------
    def seat_rows(self) -> int:
        """Lines the players take under the title: one for two seats ("X You vs O
        Master"), else two players a line."""
        seats = self.scene.state.num_seats
        return 1 if seats <= 2 else (seats + 1) // 2

    def layout(self, panel: pygame.Rect, inner_x: int, inner_w: int, compact: bool) -> None:
        """The status box sits under the title and the players' lines."""
        px = self.scene.services.window.px
        self.rect = pygame.Rect(inner_x, panel.y + px(80) + (self.seat_rows() - 1) * px(SEAT_LINE), inner_w,
                                px(92 if compact else 104))

    # -- header ---------------------------------------------------------------------------
    def draw_header(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        scene = self.scene
        fonts = scene.services.fonts
        px = scene.services.window.px
        text(surface, fonts.display(28), _(scene.title), palette.TEXT, (panel.x + 20, panel.y + px(14)))
        state = scene.state
        x, y = panel.x + 20, panel.y + px(60)
        small = fonts.text(14)
        seats = state.num_seats
        if seats > 2:
            self._draw_seat_grid(surface, panel, x, y)
            return
        room = (panel.width - 40 - (seats - 1) * 28) // seats - 14
        figures = self.figures()
        for seat in range(seats):
            if seat:
                x = text(surface, small, _("vs"), palette.TEXT_MUTED, (x + 6, y), "midleft").right + 6
            seat_dot(surface, scene.seat_colour(seat), (x + 5, y), 5)
            figure = figures[seat] if seat < len(figures) else ""
            label_room = room - self._figure_width(figure)
            # The seat's name goes first when short of room: its colour's dot is beside it.
            name = clean_text(scene.player_name(seat))
            label = next((label for label in (f"{clean_text(_(state.seat_name(seat)))} {name}", name)
                          if small.size(label)[0] <= label_room), None)
            label = label or fit_text(small, name, label_room)
            x = text(surface, small, label, palette.TEXT, (x + 14, y), "midleft").right
            if figure:
                x = self._draw_figure(surface, figure, scene.seat_colour(seat), (x + 6, y)).right

    def _draw_seat_grid(self, surface: pygame.Surface, panel: pygame.Rect, x: int, y: int) -> None:
        """More than two seats: each player's colour and name, two a line in seat
        order, the one to move on a tinted pill."""
        scene = self.scene
        state = scene.state
        font, bold = scene.services.fonts.text(14), scene.services.fonts.bold(14)
        column = (panel.width - 40) // 2
        to_move = state.turn if not scene.session.is_over else None
        for seat in range(state.num_seats):
            colour = scene.seat_colour(seat)
            cx, cy = x + (seat % 2) * column, y + (seat // 2) * SEAT_LINE
            if seat == to_move:
                pill = pygame.Rect(cx - 6, cy - SEAT_LINE // 2 + 1, column - 6, SEAT_LINE - 2)
                pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.22), pill, border_radius=SEAT_LINE // 2)
            seat_dot(surface, colour, (cx + 5, cy), 5)
            face = bold if seat == to_move else font
            figures = self.figures()
            figure = figures[seat] if seat < len(figures) else ""
            figure_w = self._figure_width(figure)
            label = fit_text(face, scene.player_name(seat), column - 30 - figure_w)
            text(surface, face, label, palette.TEXT if seat == to_move else palette.TEXT_MUTED, (cx + 16, cy), "midleft")
            if figure:
                self._draw_figure(surface, figure, colour, (cx + column - 12 - figure_w + 6, cy))

    def figures(self) -> tuple[str, ...]:
        """The figure shown beside each seat's name (the board's ``seat_figures``)."""
        scene = self.scene
        return tuple(clean_text(figure) for figure in scene.renderer.seat_figures(scene.state))

    def _figure_width(self, figure: str) -> int:
        """The room a seat's figure takes beside its name, gap included (0 for none)."""
        return self.scene.services.fonts.bold(15).size(figure)[0] + 20 if figure else 0

    def _draw_figure(self, surface: pygame.Surface, figure: str, colour: tuple[int, int, int],
                     midleft: tuple[int, int]) -> pygame.Rect:
        """A seat's figure in bold on a pill tinted with its colour; returns the pill."""
        font = self.scene.services.fonts.bold(15)
        pill = pygame.Rect(0, 0, font.size(figure)[0] + 14, 22)
        pill.midleft = midleft
        pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.22), pill, border_radius=11)
        pygame.draw.rect(surface, mix(palette.PANEL_BORDER, colour, 0.5), pill, 1, border_radius=11)
        text(surface, font, figure, palette.TEXT, pill.center, "center")
        return pill

    # -- status box --------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        fonts = scene.services.fonts
        box = self.rect
        state = scene.state
        outcome = scene.session.outcome()
        seat = state.turn
        colour = palette.TEXT_MUTED if outcome else seat_ink(scene.seat_colour(seat))
        pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.10), box, border_radius=12)
        pygame.draw.rect(surface, mix(palette.PANEL_BORDER, colour, 0.6), box, 2, border_radius=12)
        px = scene.services.window.px
        badge = pygame.Rect(box.x + 14, box.y + px(14), px(46), px(46))
        warming = self.follow_warming()
        thinking = scene.thinking and not warming
        if outcome is None:
            pygame.draw.rect(surface, mix(palette.BOARD, colour, 0.25), badge, border_radius=12)
            mark = _(state.seat_name(seat))
            if len(state.seat_name(seat)) <= 2:       # a piece's letter (X, O); a colour's name in any language is a ball
                text(surface, fonts.display(26), mark, colour, badge.center, "center")
            else:
                number = str(seat + 1) if state.num_seats > 2 else ""     # marked as the marbles are
                seat_ball(surface, scene.seat_colour(seat), badge.center, 14, number)
            if (thinking or warming) and not scene.paused:
                self._draw_spinner(surface, badge, colour)
            name = f"{_(state.seat_name(seat))} — {scene.player_name(seat)}"
            text(surface, fonts.bold(22), fit_text(fonts.bold(22), name, box.right - badge.right - 32), palette.TEXT,
                 (badge.right + 18, badge.y + px(2)))
            line_font = fonts.text(15)
            room = box.right - badge.right - 32
            line = next((line for line in self.status_lines() if line_font.size(line)[0] <= room), None)
            line = line or fit_text(line_font, self.status_line(), room)
            status = text(surface, line_font, line, palette.TEXT_MUTED, (badge.right + 18, badge.y + px(30)))
            if thinking and not scene.paused:
                self._draw_thinking_dots(surface, (status.right + 10, status.centery + 3), colour)
            spec = scene.session.specs.get(seat) if thinking else None
            if warming:
                self._draw_warm_up_bar(surface, box, colour)
            elif spec is not None:
                self._draw_think_bar(surface, box, colour, spec.budget)
        else:
            headline, head_colour, _sound = scene.headline(outcome)
            text(surface, fonts.bold(22), _("Game over"), palette.TEXT, (box.x + 16, box.y + px(16)))
            line = fit_text(fonts.text(15), f"{headline} · {value_in_words(outcome.reason)}", box.width - 32)
            text(surface, fonts.text(15), line, head_colour, (box.x + 16, box.y + px(46)))
        note, colour, bold = self.note()
        if note:
            font = fonts.bold(15) if bold else fonts.text(14)
            if scene.hint.text and not scene.hint_pending:
                note = next((short for short in self.hint_notes() if font.size(short)[0] <= box.width - 32), note)
            elif note in (scene.refusal, _(scene.renderer.input_help)):   # whole in a smaller type, else its first clauses
                fits = [(size, short) for short in shorter_clauses(note) for size in (14, 12)
                        if fonts.text(size).size(short)[0] <= box.width - 32]
                size, note = fits[0] if fits else (14, note)
                font = fonts.text(size)
            text(surface, font, fit_text(font, note, box.width - 32), colour, (box.x + 16, box.bottom - 30 + (0 if bold else 2)))

    def note(self) -> tuple[str, tuple[int, int, int], bool]:
        """The status box's last line, its colour and whether it is bold: the hint
        being looked for or found, else why the board just refused a square, else
        how to play on this board (the renderer's ``input_help``) while a human
        here is to move."""
        scene = self.scene
        if scene.hint_pending:
            return _("Looking for the best move") + "." * (1 + int(scene.time * 3) % 3), palette.ACCENT, False
        if scene.hint.text:
            return "★ " + _("Hint: {hint}").format(hint=scene.hint.text) + self.refining_mark(), palette.ACCENT, True
        if scene.refusal:
            return scene.refusal, palette.BAD, False
        if scene.view.interactive and not scene.session.is_over:
            return _(scene.renderer.input_help), mix(palette.TEXT_MUTED, palette.PANEL, 0.25), False
        return "", palette.TEXT_MUTED, False

    def hint_notes(self) -> list[str]:
        """The hint line from fullest to shortest, for the status box to show the first that fits:
        the move with its value's words, less their last clause (after a comma) one at a time,
        then the move alone."""
        hint = self.scene.hint
        mark = self.refining_mark()
        details = [f"  ({detail})" for detail in shorter_clauses(hint.detail)] if hint.detail else []
        position = [" · " + _("position: {value}").format(value=hint.position)] if hint.position else []
        hint_word = "★ " + _("Hint: {hint}")
        lines = [hint_word.format(hint=f"{hint.move_text}{detail}{whole}{mark}") for detail in details for whole in position]
        return lines + [hint_word.format(hint=f"{hint.move_text}{detail}{mark}") for detail in [*details, ""]]

    def refining_mark(self) -> str:
        """The progress mark after a hint whose bot is still proving values: '  proving...' (dots turning)."""
        return "  " + _("proving") + "." * (1 + int(self.scene.time * 3) % 3) if self.scene.hint.refining else ""

    def follow_warming(self) -> bool:
        """Whether the bot to move is getting ready (its worker building it and compiling its
        engine, or waiting for the launch-time warm-up's compile): it has no position yet, so
        it is not thinking."""
        return self.scene.warming

    def first_game(self) -> bool:
        """The bot getting ready is compiling its engine (numba said so: a first game on this
        computer), not loading it from the cache."""
        return self.follow_warming() and self.scene.compile_progress() is not None

    def status_lines(self) -> list[str]:
        """The line under the player's name, fullest first: the box shows the first that fits."""
        if self.follow_warming() and self.first_game():
            return [_("getting ready for its first game on this computer"), _("its first game on this computer"),
                    _("first game on this computer"), _("first game here")]
        return [self.status_line()]

    def status_line(self) -> str:
        scene = self.scene
        if self.follow_warming():
            return _("getting ready for its first game on this computer") if self.first_game() else _("getting ready")
        if scene.thinking:
            return _("Paused: Space resumes, S steps") if scene.paused else _("thinking")
        if scene.net_paused:
            return _("the game is paused")
        return _("Your move") if scene.player_name(scene.state.turn) == _("You") else _("to move")

    # -- pieces of the box -----------------------------------------------------------------
    def _draw_think_bar(self, surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int], budget: float) -> None:
        """A light sweeping along a track while the bot thinks, with its time budget."""
        scene = self.scene
        font = scene.services.fonts.text(13)
        label = _("up to {seconds} s a move").format(seconds=decimal(budget, 1 if budget % 1 else 0))
        bar = pygame.Rect(box.x + 16, box.bottom - 22, box.width - 32 - font.size(label)[0] - 12, 6)
        pygame.draw.rect(surface, mix(palette.PANEL_LIGHT, colour, 0.15), bar, border_radius=3)
        if not scene.paused:
            phase = (scene.time * 0.9) % 2.0
            t = phase if phase <= 1.0 else 2.0 - phase
            glide = t * t * (3 - 2 * t)
            width = bar.width // 3
            sweep = pygame.Rect(bar.x + round((bar.width - width) * glide), bar.y, width, bar.height)
            pygame.draw.rect(surface, colour, sweep, border_radius=3)
        text(surface, font, label, palette.TEXT_MUTED, (box.right - 16, bar.centery), "midright")

    def warming_label(self) -> str:
        """The words beside the bar while the bot to move gets ready. Loading from the cache:
        'loading its engine'. Compiling: the measured share of its compile done and, once a tenth
        is done, an estimate of the seconds left from the time so far ('40% done, about 25 s
        left'); before that the seconds so far ('4 s, 2% done'); an engine with no measured
        profile, the seconds so far ('12 s so far')."""
        progress = self.scene.compile_progress() if self.follow_warming() else None
        if progress is None:
            return _("loading its engine")
        seconds = f"{progress.seconds:.0f}"
        if progress.share is None:
            return _("{seconds} s so far").format(seconds=seconds)
        percent = f"{math.floor(progress.share * 100):.0f}%"
        left = progress.seconds_left
        if left is None:
            return _("{seconds} s, {percent} done").format(seconds=seconds, percent=percent)
        return _("{percent} done, about {left} s left").format(percent=percent, left=f"{max(1, math.ceil(left)):.0f}")

    def _draw_warm_up_bar(self, surface: pygame.Surface, box: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """While the bot to move gets ready: a bar filled to the measured share of its engine's
        compile done (empty while it loads from the cache, or for an engine with no profile), with
        the words of ``warming_label`` beside it."""
        scene = self.scene
        font = scene.services.fonts.text(13)
        label = fit_text(font, self.warming_label(), box.width * 3 // 5)
        bar = pygame.Rect(box.x + 16, box.bottom - 22, box.width - 32 - font.size(label)[0] - 12, 6)
        progress = scene.compile_progress()
        fraction = progress.share if progress is not None and progress.share is not None else 0.0
        progress_bar(surface, bar, fraction, colour, scene.time)
        text(surface, font, label, palette.TEXT_MUTED, (box.right - 16, bar.centery), "midright")

    def _draw_thinking_dots(self, surface: pygame.Surface, pos: tuple[int, int], colour: tuple[int, int, int]) -> None:
        """Three dots bouncing one after another, next to "thinking"."""
        for i in range(3):
            phase = (self.scene.time * 2.2 - i * 0.18) % 1.0
            lift = max(0.0, math.sin(phase * math.pi * 2)) * 5
            pygame.draw.circle(surface, colour, (pos[0] + i * 12, round(pos[1] - lift)), 4)

    def _draw_spinner(self, surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
        """A ring with a bright arc running round the seat badge while its bot thinks."""
        size = max(rect.width, rect.height) + 6
        ring = pygame.Rect(0, 0, size, size)
        ring.center = rect.center
        pygame.draw.ellipse(surface, mix(palette.PANEL, colour, 0.3), ring, 2)
        start = -(self.scene.time * 4.0) % math.tau
        pygame.draw.arc(surface, colour, ring, start, start + 1.6, 4)
