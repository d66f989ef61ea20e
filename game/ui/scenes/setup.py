"""Match setup: who sits in each seat, who moves first, rules options, then Play.

Each seat chooses Human or a bot from ``Config.seat_choices`` (tiers weakest
first, then apart, after a gap in the chooser's dots, bots without a tier under their
own name, marked "other bot"), with the plain first sentence of the bot's description
under its name and the whole description in the tooltip, or "Remote player": a seat a player on another
computer takes over the network. With a remote seat, Play becomes Host: the
host screen opens a server for the match and waits for the players to join. Seat 0 moves first; Swap rotates the chosen
players round the seats. Bot files that failed to load and problems in
``config.yaml`` are listed in a warning panel naming the file and the error,
which scrolls when they do not all fit (``problems.ProblemsPanel``).

Under the rules, the clock: no clock, or a time control for every seat (sudden
death, Fischer increment, byo-yomi: ``game/match/clocks.py``'s presets).

The choices are remembered per game for the session (``services.setup_memory``);
a match opened or left on the play screen is remembered too, so going back
from a loaded game shows its players.

Its 500-odd lines are one screen's parts and their keyboard order, which stay
together so the order can be read in one place.
"""
from __future__ import annotations

import math
from dataclasses import astuple, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.lang import _, N_
from game.match.clocks import (CUSTOM_AFTER, CUSTOM_MINUTES, PRESETS, Clock, TimeControl, after_label,
                               control_label, custom_parts)
from game.match.config import SeatChoice, problem_parts
from game.match.record import REMOTE, Match, Player
from game.match.warmup import game_engines
from game.rules.core import State
from game.rules.catalogue import game_class, new_state
from game.ui import palette
from game.ui.draw import fit_text, mix, panel, scrollbar, seat_token, text, wrap_text
from game.ui.naming import NAME_LENGTH, default_name, player_names
from game.ui.renderers import renderer_for
from game.ui.panels.problems import STEP as PROBLEMS_STEP, ProblemsPanel
from game.ui.panels.result import place_name
from game.ui.scenes.base import Scene
from game.ui.services import Route
from game.ui.textfield import TextField
from game.ui.widgets import Button, Choice, ChoiceItem, Widget

if TYPE_CHECKING:
    from game.ui.services import Services

REPO = Path(__file__).resolve().parents[3]
#: Space above a box's section label.
BOX_PAD = 8
#: More seats than this go in two columns, if the column is at least GRID_MIN_WIDTH wide.
GRID_SEATS = 2
GRID_MIN_WIDTH = 560
GRID_GAP = 24
#: The seat choosers' type size, and the smaller one of a row too low for it and a description.
SEAT_FONT = 19
SMALL_SEAT_FONT = 16
#: The seat choice for a player over the network (last in every seat's menu).
REMOTE_CHOICE = SeatChoice(N_("Remote player"), Player(REMOTE, "Remote player"),
                           N_("a player joins from another computer over the network"))


@dataclass(frozen=True)
class ColumnMetrics:
    """Heights in the players and rules boxes: the section label, a seat row, the gap
    between seat rows, the swap line, the gap between the boxes, an option row."""

    label: int
    row: int
    row_gap: int
    swap: int
    box_gap: int
    option: int

    def towards(self, other: "ColumnMetrics", t: float) -> "ColumnMetrics":
        """Each height ``t`` of the way to ``other``'s (``t`` clamped to 0..1), rounded
        towards ``self`` so that the column is never taller than asked for."""
        t = max(0.0, min(1.0, t))
        return ColumnMetrics(*(a + math.floor((b - a) * t) for a, b in zip(astuple(self), astuple(other))))

    def scaled(self, scale: float) -> "ColumnMetrics":
        """Every height ``scale`` times as tall (a large window's larger type)."""
        return ColumnMetrics(*(round(value * scale) for value in astuple(self)))


#: The column in a roomy window, and the tightest it is squeezed to before it scrolls.
ROOMY = ColumnMetrics(label=40, row=66, row_gap=12, swap=52, box_gap=16, option=56)
TIGHT = ColumnMetrics(label=32, row=54, row_gap=6, swap=46, box_gap=10, option=42)
#: Past TIGHT, for many rules in the smallest window: choosers just high enough for a
#: name in SMALL_SEAT_FONT over the bot's description, and no subtitle under the screen's title.
SNUG = ColumnMetrics(label=24, row=48, row_gap=4, swap=40, box_gap=6, option=36)
#: TIGHT and SNUG for seats in two columns, whose choosers are too narrow for a description
#: (it is their tooltip): lower rows, and rules rows as tall as the seats'.
GRID_TIGHT = ColumnMetrics(label=32, row=50, row_gap=6, swap=46, box_gap=10, option=46)
GRID_SNUG = ColumnMetrics(label=24, row=38, row_gap=4, swap=40, box_gap=6, option=40)


def seat_group(choice: SeatChoice) -> int:
    """Where ``choice`` stands in a seat menu: Human, the tiers, other bots, a remote player."""
    if choice.player.kind == REMOTE:
        return 3
    return 0 if not choice.player.is_bot else 2 if choice.other else 1


def short_path(path: str) -> str:
    """A path relative to the program folder when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except (ValueError, OSError):
        return str(path)


def config_problem(shown: str, name: str, problem: str) -> tuple[str, str]:
    """A config problem as (where, what): ``config.yaml line 7: games.x: ...`` gives
    ("config.yaml line 7", "games.x: ..."); the file is named once, as ``shown``. Both
    are worded where drawn, in the language shown then (``ProblemsPanel``)."""
    return problem_parts(problem, name, shown)


class SetupScene(Scene):
    """Seats, first player, options and any loading problems for one game."""

    name = "setup"
    #: What the launch-time warm-up does for this game is said under the title (``warm_up_line``);
    #: the app's card, about any game's engine, would cover the Play button in a small window.
    draws_warm_up = True

    def __init__(self, services: "Services", game_id: str, match: Match | None = None) -> None:
        """The setup of ``game_id``; ``match``, a match opened above this screen, is
        remembered as the game's setup first, so this screen shows its players."""
        super().__init__(services)
        if match is not None:
            services.setup_memory.remember(match)
        self.game_id = game_id
        self.cls: type[State] = game_class(game_id)
        self.title = self.cls.title
        #: Each seat's colour: that of its pieces on the board.
        self.seat_colours = renderer_for(game_id).seat_colours()
        self.choices: list[SeatChoice] = [*services.config.seat_choices(game_id, services.registry), REMOTE_CHOICE]
        self.options: dict[str, Any] = {}
        self.seat_labels: list[str] = []
        self._recall()
        self.problems = self._problems()
        self.problems_panel = ProblemsPanel(services, self.problems, services.shadows)
        self.option_widgets = [
            Choice(
                services,
                [ChoiceItem(value, option.text(value)) for value in option.choices],
                option.choices.index(self.options[option.name]),
                lambda value, name=option.name: self.set_option(name, value),
                wid=f"option:{option.name}",
            )
            for option in self.cls.options_spec
        ]
        self.clock_widget = Choice(services, [ChoiceItem(None, control_label(None))], 0, self.set_clock, wid="clock")
        #: The custom clock's row, shown when the clock chooser's "Custom…" is chosen: the main
        #: time's minutes and what follows (an increment, byo-yomi periods or nothing).
        self.custom_shown = False
        self.custom_minutes = Choice(services, [ChoiceItem(m, _("{m} min").format(m=m)) for m in CUSTOM_MINUTES],
                                     CUSTOM_MINUTES.index(5), lambda _value: self._set_custom(), wid="clock-minutes")
        self.custom_after = Choice(services, [ChoiceItem(a, after_label(a)) for a in CUSTOM_AFTER], 0,
                                   lambda _value: self._set_custom(), wid="clock-after")
        self._build_clock()
        #: The name the other players see, typed here when the match is hosted on the network (the
        #: same name as the Join screen's field, remembered between them).
        self.name_field = TextField(services, services.setup_memory.player_name or default_name(), on_submit=self.start,
                                    wid="host-name", max_length=NAME_LENGTH, font_size=17,
                                    tooltip=N_("The name the other players see"))
        self.swap_btn = Button(services, N_("↔  Swap seats"), self.swap, wid="swap", shortcut="W",
                               tooltip=N_("Swap who plays which side, so the other player moves first (W)"))
        self.play_btn = Button(services, N_("Play"), self.start, wid="start", shortcut="Enter", style="primary", font_size=22)
        self.back_btn = self.back_button()
        self.seat_widgets: list[Choice] = []
        self.seat_cols = 1
        self.subtitle = True
        self.column_scroll = 0
        self.max_column_scroll = 0
        self._build_seats()
        self._prefer_engines()
        self._warm_up_line = ""
        self.follow_settings(self._reword)

    def _reword(self, settings: object, changed: frozenset[str]) -> None:
        """In another language the seat menus say so at once: a bot's line is worded when the menu is made."""
        if "language" in changed:
            self.choices = [*self.services.config.seat_choices(self.game_id, self.services.registry), REMOTE_CHOICE]
            self._build_seats()

    @classmethod
    def trail(cls, game_id: str, match: Match | None = None) -> list[Route]:
        """From the title: the game menu."""
        return [Route("games")]

    # -- model --------------------------------------------------------------------
    def _recall(self) -> None:
        """Options and seats as last chosen (or played) for this game; defaults for the rest."""
        memory = self.services.setup_memory.recall(self.game_id)
        try:
            self.options = self.cls.check_options(dict(memory.options))
        except ValueError:
            self.options = self.cls.check_options({})
        names = [c.label for c in self.choices]
        seats = list(memory.seats)
        defaults = self._default_labels(len(seats))
        self.seat_labels = [label if label in names else default for label, default in zip(seats, defaults)]

    def resume(self) -> None:
        """Back from the play screen: show the players, options and clock of the match just left."""
        self._recall()
        for option, widget in zip(self.cls.options_spec, self.option_widgets):
            widget.index = option.choices.index(self.options[option.name])
        self._build_clock()
        self._build_seats()

    def _build_clock(self) -> None:
        """The clock's choices: none, the presets, and the remembered one when it is none of them."""
        remembered = self.services.setup_memory.recall(self.game_id).clock
        try:
            wanted = TimeControl.parse(remembered)
        except ValueError:
            wanted = None
        controls: list[TimeControl | None] = [None, *(TimeControl.parse(text) for text in PRESETS)]
        if wanted not in controls:
            controls.append(wanted)
        self.time_control = wanted
        self.clock_widget.items = [*(ChoiceItem(control, control_label(control)) for control in controls),
                                   ChoiceItem(CUSTOM, _("Custom…"))]
        self.clock_widget.index = controls.index(wanted)
        self._show_custom(False)

    def set_clock(self, control: "TimeControl | None | str") -> None:
        """A control chosen; "Custom…" shows the row that sets one, from the control chosen before."""
        if control == CUSTOM:
            minutes, after = custom_parts(self.time_control)
            self.custom_minutes.index = CUSTOM_MINUTES.index(minutes)
            self.custom_after.index = CUSTOM_AFTER.index(after)
            self._show_custom(True)
            self._set_custom()
            return
        self._show_custom(False)
        self.time_control = control
        self._remember()

    def _set_custom(self) -> None:
        """The custom row's control is the match's, at once."""
        self.time_control = TimeControl.parse(f"{self.custom_minutes.value}{self.custom_after.value}")
        self._remember()

    def _show_custom(self, shown: bool) -> None:
        if shown != self.custom_shown:
            self.custom_shown = shown
            if self.seat_widgets:           # built: the focus and the rules box take the row in or out
                self._refresh_focus()

    def _problems(self) -> list[tuple[str, str]]:
        """(where, what) for each loading problem: a bot file, or config.yaml and its line."""
        found = [(short_path(p.path), p.message) for p in self.services.registry.problems]
        config = self.services.config.path
        found += [config_problem(short_path(str(config)), config.name, p) for p in self.services.config.problems]
        return found

    @property
    def num_seats(self) -> int:
        return new_state(self.game_id, **self.options).num_seats

    def _default_labels(self, seats: int) -> list[str]:
        bots = [c.label for c in self.choices if c.player.is_bot]
        opponent = bots[1] if len(bots) > 1 else (bots[0] if bots else "Human")
        return ["Human"] + [opponent] * (seats - 1)

    def _build_seats(self) -> None:
        seats = self.num_seats
        labels = self.seat_labels[:seats]
        labels += self._default_labels(seats)[len(labels):]
        names = [c.label for c in self.choices]
        labels = [label if label in names else names[0] for label in labels]
        self.seat_labels = labels
        items = [ChoiceItem(i, c.label, _("other bot · {description}").format(description=_(c.description)) if c.other else c.description,
                            group=seat_group(c)) for i, c in enumerate(self.choices)]
        self.seat_widgets = [
            Choice(self.services, items, names.index(labels[seat]),
                   lambda index, seat=seat: self.set_seat(seat, index), wid=f"seat{seat}", font_size=SEAT_FONT)
            for seat in range(seats)
        ]
        self._seat_tooltips()
        self._label_play()
        self._refresh_focus()

    def _refresh_focus(self) -> None:
        widgets = [*self.seat_widgets, self.swap_btn, *self.option_widgets, self.clock_widget, *self._custom_widgets(),
                   *self._name_widgets(),
                   self.play_btn,
                   self.back_btn,
                   self.problems_panel]
        current = self.focus.current
        self.focus.set(widgets, focus=current if current in widgets else self.play_btn)
        self.layout(self.rect.size)

    def _seat_tooltips(self) -> None:
        """Each seat's tooltip: its tier's measured rating and its bot's whole description (how
        it plays), when the chooser shows only its first sentence; else the chooser's own (the
        line it cannot show)."""
        for widget in self.seat_widgets:
            widget.tooltip = self.choices[widget.index].tooltip

    def set_seat(self, seat: int, index: int) -> None:
        self.seat_labels[seat] = self.choices[index].label
        self._seat_tooltips()
        self._remember()
        self._label_play()
        self._prefer_engines()

    def warm_up_line(self) -> str:
        """While numba compiles one of this game's engines in the launch-time warm-up (a first
        launch), what the line under the title says of it; else ''."""
        warmup = self.services.warmup
        engines = game_engines(self.services.config, self.game_id)
        key = next((key for key in engines if warmup.compiling(key)), None)
        if key is None:
            return ""
        tier = next(tier.name for tier in self.services.config.game(self.game_id).tiers if tier.bot == key)
        return _("Getting {tier} ready for its first game on this computer…").format(tier=_(tier))

    def update(self, dt: float) -> None:
        super().update(dt)
        line = self.warm_up_line()
        if line != self._warm_up_line:
            self._warm_up_line = line
            self.request_redraw()

    def _prefer_engines(self) -> None:
        """On a first launch, the engines of this game compile next, those of the bots in its
        seats first (``EngineWarmUp.prefer``)."""
        bots = {choice.label: choice.player.bot for choice in self.choices if choice.player.bot}
        chosen = [bots[label] for label in self.seat_labels if label in bots]
        self.services.warmup.prefer(game_engines(self.services.config, self.game_id, chosen))

    def set_option(self, name: str, value: Any) -> None:
        seats_before = len(self.seat_widgets)
        self.options[name] = value
        if self.num_seats != seats_before:
            self._build_seats()
        self._remember()

    def swap(self) -> None:
        """Rotate the players one seat on, so the next one moves first."""
        self.seat_labels = self.seat_labels[1:] + self.seat_labels[:1]
        names = [c.label for c in self.choices]
        for widget, label in zip(self.seat_widgets, self.seat_labels):
            widget.index = names.index(label)
            widget.nudge = 1.0
        self._seat_tooltips()
        self._remember()
        self._label_play()

    def _remember(self) -> None:
        self.services.setup_memory.keep(self.game_id, self.seat_labels, self.options,
                                        self.time_control.text if self.time_control else "")

    def players(self) -> list:
        by_label = {c.label: c for c in self.choices}
        return [by_label[label].player for label in self.seat_labels]

    @property
    def hosting(self) -> bool:
        """A seat is a remote player's: Play hosts the match on the network."""
        return any(label == REMOTE_CHOICE.label for label in self.seat_labels)

    def _label_play(self) -> None:
        """Play says Host when the match needs players from the network (and the host's name
        row comes in or goes)."""
        if self.seat_widgets and (self.name_field in self.focus.widgets) != self.hosting:
            self._refresh_focus()
        if self.hosting:
            self.play_btn.label = N_("Host")
            self.play_btn.tooltip = N_("Open this match to players on the network, then wait for them to join (Enter)")
        else:
            self.play_btn.label = N_("Play")
            self.play_btn.tooltip = N_("Play (Enter)")

    def start(self) -> None:
        self._remember()
        if self.hosting:
            self.services.setup_memory.player_name = self.name_field.text.strip()
        state = new_state(self.game_id, **self.options)
        clock = Clock(self.time_control, state.num_seats) if self.time_control else None
        match = Match(state, self.players(), clock=clock)
        self.services.scenes.push("host" if self.hosting else "play", match=match)

    def select(self, seat: int, label: str) -> None:
        """Put the choice called ``label`` in ``seat`` (what the arrows do, by name)."""
        names = [c.label for c in self.choices]
        if label not in names:
            raise KeyError(f"no seat choice {label!r}; choices: {', '.join(names)}")
        self.seat_widgets[seat].index = names.index(label)
        self.set_seat(seat, names.index(label))

    # -- input ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and (
                event.mod & pygame.KMOD_CTRL or isinstance(self.focus.current, Choice)
            ):
                self.play_btn.activate()
                return
            if event.key == pygame.K_w and not event.mod & pygame.KMOD_CTRL and self.focus.typing is None:
                self.swap_btn.activate()
                return
            if self.focus.current is self.problems_panel and self.problems_panel.key(event.key):
                return
            super().handle_event(event)
            self._show_focused()
            return
        if event.type == pygame.MOUSEWHEEL:
            if self.problems_panel.rect.collidepoint(self.focus.mouse_pos):
                self.problems_panel.scroll_by(-event.y * PROBLEMS_STEP)
            elif self.max_column_scroll and self.viewport.collidepoint(self.focus.mouse_pos):
                self.scroll_column(-event.y * 40)
            return
        pos = getattr(event, "pos", None)
        if pos is not None and self.max_column_scroll and not self.viewport.collidepoint(pos):
            # The boxes' controls scrolled out of sight here must not take the click.
            outside = [w for w in self.focus.widgets if w not in self.column_widgets()]
            self.focus.handle_event(event, mouse_widgets=outside)
            return
        super().handle_event(event)

    # -- layout and drawing -------------------------------------------------------------
    def column_widgets(self) -> list[Widget]:
        """The controls in the players and rules boxes (what scrolls when they do not fit)."""
        return [*self.seat_widgets, self.swap_btn, *self.option_widgets, self.clock_widget, *self._custom_widgets(),
                *self._name_widgets()]

    def _custom_widgets(self) -> list[Widget]:
        return [self.custom_minutes, self.custom_after] if self.custom_shown else []

    def _name_widgets(self) -> list[Widget]:
        """The host's name row, while the match is to be hosted."""
        return [self.name_field] if self.hosting else []

    def scroll_column(self, pixels: int) -> None:
        """Scroll the players and rules boxes by ``pixels`` (down for positive)."""
        self.column_scroll = max(0, min(self.column_scroll + pixels, self.max_column_scroll))
        self.layout(self.rect.size)

    def _show_focused(self) -> None:
        """Scroll the boxes so the control with the keyboard focus is wholly in view."""
        widget = self.focus.current
        if self.max_column_scroll == 0 or widget not in self.column_widgets():
            return
        view = self.viewport
        column = self.column_widgets()
        if widget is column[0] or widget is column[-1]:   # the first and last show the box edge too
            self.scroll_column(-self.column_scroll if widget is column[0] else self.max_column_scroll)
        elif widget.rect.top < view.top + 8:
            self.scroll_column(widget.rect.top - view.top - 8)
        elif widget.rect.bottom > view.bottom - 8:
            self.scroll_column(widget.rect.bottom - view.bottom + 8)

    def _seat_columns(self, column_w: int) -> int:
        """Seats side by side in two columns when there are more than two and the
        column is wide enough for two choosers a line (so many players need little height)."""
        return 2 if len(self.seat_widgets) > GRID_SEATS and column_w >= GRID_MIN_WIDTH else 1

    @property
    def seat_rows(self) -> int:
        return math.ceil(len(self.seat_widgets) / self.seat_cols)

    @property
    def rules_cells(self) -> int:
        """Cells of the rules box: each option (or the line that says there are none), then the clock
        (and the custom clock's row, and the host's name when the match is hosted)."""
        return max(1, len(self.option_widgets)) + 1 + self.custom_shown + len(self._name_widgets())

    @property
    def rules_rows(self) -> int:
        """Rows of the rules box: its cells two a row beside seats in two columns, else one a row."""
        return math.ceil(self.rules_cells / self.seat_cols)

    def _column_height(self, m: ColumnMetrics) -> int:
        options = self.rules_rows
        players = BOX_PAD + m.label + self.seat_rows * (m.row + m.row_gap) + m.swap
        rules = BOX_PAD + m.label + options * m.option + BOX_PAD
        return players + m.box_gap + rules

    def layout(self, size: tuple[int, int]) -> None:
        """The players and rules boxes in a column, the problems panel beside it.

        In a roomy window Play sits under the rules box. When that does not
        fit, Play joins Back at the foot of the window and the boxes are
        squeezed (rows, gaps) towards ``TIGHT``; if even that is too tall
        (many seats and options in a small window) they scroll.
        """
        super().layout(size)
        width, height = size
        px = self.services.window.px
        scale = self.services.window.scale
        self.back_btn.rect = pygame.Rect(28, height - px(72), px(150), px(46))
        if self.problems:
            panel_w = max(280, min(px(420), int(width * 0.34)))
            gap = 20 if width < 1100 else 40
            box_w = min(px(640), width - 40 - gap - panel_w)
            x0 = (width - box_w - gap - panel_w) // 2
        else:
            panel_w = gap = 0
            box_w = min(px(880 if len(self.seat_widgets) > GRID_SEATS else 680), width - 40)
            x0 = (width - box_w) // 2
        left, column_w = x0 + 20, box_w - 40
        self.column = pygame.Rect(left, 0, column_w, 0)
        self.seat_cols = self._seat_columns(column_w)
        tight, snug = (TIGHT, SNUG) if self.seat_cols == 1 else (GRID_TIGHT, GRID_SNUG)
        roomy_m, tight_m, snug_m = (m.scaled(scale) for m in (ROOMY, tight, snug))
        self.subtitle = True
        top = max(self.header_bottom(height) + 14, min(height // 5, 170))
        box_top = top - BOX_PAD
        centre = left + column_w // 2

        play = pygame.Rect(0, 0, px(260), px(58))
        play.midtop = (centre, box_top + self._column_height(roomy_m) + 16)
        back_zone = self.back_btn.rect.inflate(24, 24)
        if play.bottom <= height - 20 and not play.colliderect(back_zone):
            metrics, limit = roomy_m, play.top - 16
            self.max_column_scroll = 0
        else:
            play = pygame.Rect(0, 0, px(240), px(52))
            play.midbottom = (centre, self.back_btn.rect.bottom)
            play.left = max(play.left, self.back_btn.rect.right + 24)
            limit = play.top - 14
            room = limit - box_top
            roomy, tight, snug = (self._column_height(m) for m in (roomy_m, tight_m, snug_m))
            if room >= tight:
                metrics = tight_m.towards(roomy_m, (room - tight) / max(1, roomy - tight))
            else:
                if room < snug:      # the title's subtitle gives its line to the boxes
                    self.subtitle = False
                    top = max(self.header_bottom(height, subtitle=False) + 14, min(height // 5, 170))
                    box_top = top - BOX_PAD
                    room = limit - box_top
                metrics = snug_m.towards(tight_m, (room - snug) / max(1, tight - snug))
            self.max_column_scroll = max(0, self._column_height(metrics) - room)
        self.play_btn.rect = play
        self.play_btn.font_size = 22 if play.height >= px(58) else 20
        self.column_scroll = max(0, min(self.column_scroll, self.max_column_scroll))
        self.viewport = pygame.Rect(x0 - 4, box_top - 4, box_w + 8, limit - box_top + 8)
        self.metrics = metrics
        self._place_column(metrics, left, column_w, top - self.column_scroll)
        if self.problems:
            self.problems_panel.place(pygame.Rect(x0 + box_w + gap, box_top, panel_w, self.back_btn.rect.bottom - box_top))
        else:
            self.problems_panel.place(pygame.Rect(0, 0, 0, 0))

    @property
    def problems_rect(self) -> pygame.Rect:
        return self.problems_panel.rect

    def _place_column(self, m: ColumnMetrics, left: int, column_w: int, top: int) -> None:
        """Seats, the swap line and the options from ``top`` down, with metrics ``m``."""
        self.seats_top = top
        cols, rows = self.seat_cols, self.seat_rows
        cell_w = (column_w - (cols - 1) * GRID_GAP) // cols
        px = self.services.window.px
        self.seat_label_w = min(px(170), int(cell_w * 0.38)) if cols == 1 else max(px(130), int(cell_w * 0.38))
        for seat, widget in enumerate(self.seat_widgets):
            col, row = divmod(seat, rows)          # down the first column, then the next
            x = left + col * (cell_w + GRID_GAP)
            y = top + m.label + row * (m.row + m.row_gap)
            widget.rect = pygame.Rect(x + self.seat_label_w, y, cell_w - self.seat_label_w, m.row)
            # Smaller names where the full size leaves no line for the description (see ``Choice.draw``).
            widget.font_size = SEAT_FONT if cols > 1 or m.row >= 3 * SEAT_FONT else SMALL_SEAT_FONT
            widget.subtitles = cols == 1
        y = top + m.label + rows * (m.row + m.row_gap)
        swap_h = m.swap - 10
        self.swap_btn.rect = pygame.Rect(0, 0, px(220), swap_h)
        self.swap_btn.rect.topright = (left + column_w, y)
        self.first_line_y = y + swap_h // 2
        self.players_box = pygame.Rect(left - 20, top - BOX_PAD, column_w + 40, y + m.swap - (top - BOX_PAD))
        self.options_top = self.players_box.bottom + m.box_gap + BOX_PAD
        rules_w = (column_w - (cols - 1) * GRID_GAP) // cols
        self.option_label_w = min(px(240), int(rules_w * 0.45))
        # The clock's label is one short word: its chooser takes the rest, for a byo-yomi control's words.
        self.clock_label_w = self.option_label_w if cols == 1 else min(self.option_label_w, px(80))
        cells = [*self.option_widgets, self.clock_widget] if self.option_widgets else [None, self.clock_widget]
        cells += self._custom_widgets()[:1] + self._name_widgets()
        for cell, widget in enumerate(cells):
            row, col = divmod(cell, cols)
            x = left + col * (rules_w + GRID_GAP)
            y = self.options_top + m.label + row * m.option
            label_w = self.option_label_w if widget not in (self.clock_widget, self.custom_minutes) else self.clock_label_w
            if widget is self.custom_minutes:     # the custom row: minutes, then what follows them
                width = rules_w - label_w
                minutes_w = min(width * 2 // 5, px(200))
                self.custom_minutes.rect = pygame.Rect(x + label_w, y, minutes_w, m.option - 10)
                self.custom_after.rect = pygame.Rect(x + label_w + minutes_w + 8, y, width - minutes_w - 8,
                                                     m.option - 10)
            elif widget is not None:
                widget.rect = pygame.Rect(x + label_w, y, rules_w - label_w, m.option - 10)
        font_size = 18 if cols == 1 else 16      # a byo-yomi control's words fit beside a rule
        self.custom_minutes.font_size = self.custom_after.font_size = self.clock_widget.font_size = font_size
        rules_h = BOX_PAD + m.label + self.rules_rows * m.option + BOX_PAD
        self.rules_box = pygame.Rect(left - 20, self.options_top - BOX_PAD, column_w + 40, rules_h)

    def toast_room(self) -> pygame.Rect:
        """The free space under the Play button in the settings column (clear of the
        Back button and a problems panel at the side) or, if that is too small, the
        foot of the window (``Scene.toast_room``)."""
        top = self.play_btn.rect.bottom + 8
        bottom = self.rect.height - 8
        if self.problems and self.problems_rect.top > self.play_btn.rect.bottom:
            bottom = min(bottom, self.problems_rect.top - 8)
        column = self.players_box
        if self.back_btn.rect.right > column.left and self.back_btn.rect.top < bottom:
            bottom = min(bottom, self.back_btn.rect.top - 8)
        below = pygame.Rect(column.left, top, column.width, max(0, bottom - top))
        return below if below.height >= self.services.window.px(64) else super().toast_room()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.services.window.background, (0, 0))
        self.draw_header(surface, _(self.title), (self._warm_up_line or _("Set up the match")) if self.subtitle else "")
        clip = surface.get_clip()
        if self.max_column_scroll:
            surface.set_clip(self.viewport)
        self.draw_column(surface)
        for widget in self.column_widgets():
            widget.draw(surface)
        surface.set_clip(clip)
        if self.max_column_scroll:
            self._draw_column_scrollbar(surface)
        self.problems_panel.draw(surface)
        self.play_btn.draw(surface)
        self.back_btn.draw(surface)

    def draw_column(self, surface: pygame.Surface) -> None:
        """The players and rules boxes with their labels (the controls are drawn over them)."""
        panel(surface, self.players_box, alpha=170, shadow=self.services.shadows)
        panel(surface, self.rules_box, alpha=170, shadow=self.services.shadows)
        fonts = self.services.fonts
        m = self.metrics
        left = self.column.x
        section = fonts.bold(15)
        label_y = round(m.label * 0.15)
        text(surface, section, _("PLAYERS"), palette.TEXT_MUTED, (left, self.seats_top + label_y))
        state = new_state(self.game_id, **self.options)
        for seat, widget in enumerate(self.seat_widgets):
            colour = self.seat_colours[seat % len(self.seat_colours)]
            side = min(52 if self.seat_cols == 1 else 42, m.row - 8)
            badge = pygame.Rect(widget.rect.x - self.seat_label_w, 0, side, side)
            badge.centery = widget.rect.centery
            pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.18), badge, border_radius=side * 14 // 52)
            pygame.draw.rect(surface, colour, badge, 2, border_radius=side * 14 // 52)
            mark = _(state.seat_name(seat))
            short = len(state.seat_name(seat)) <= 2      # a piece's letter (X, O), not a colour's name in any language
            if short:
                text(surface, fonts.display(30 if side >= 48 else 24), mark, colour, badge.center, "center")
            else:         # a colour's name: a ball of the colour here, the name beside it
                number = str(seat + 1) if state.num_seats > 2 else ""     # marked as the marbles are
                seat_token(surface, badge.center, side * 3 // 10, colour, number)
            room = self.seat_label_w - side - 12
            if room >= 50:
                seat_font, note_font = fonts.bold(14), fonts.text(13)
                title = _("Seat {n}").format(n=seat + 1) if short else mark
                order = _("moves {order}").format(order=ordinal(seat + 1) if self.seat_cols == 1 else place_name(seat + 1))
                if state.opening_roles():      # who moves first is the opening's to decide
                    order = _("opens") if seat == 0 else _("chooses colours")
                text(surface, seat_font, fit_text(seat_font, title, room), palette.TEXT if short else colour,
                     (badge.right + 10, badge.centery - 1), "bottomleft")
                text(surface, note_font, fit_text(note_font, order, room), palette.TEXT_MUTED,
                     (badge.right + 10, badge.centery + 1), "topleft")
        names = player_names(self.players(), state.seat_name)
        roles = state.opening_roles()
        if roles:             # an opening rule: who proposes and who chooses colours, no one "moves first"
            label = text(surface, fonts.text(16), _("Opening:"), palette.TEXT_MUTED, (left, self.first_line_y), "midleft")
            room = self.swap_btn.rect.left - label.right - 20
            font = fonts.bold(15)
            words = _("{first}: {does}; {second}: {then}").format(first=names[0], does=_(roles[0]), second=names[1],
                                                                   then=_(roles[1]))
            if font.size(words)[0] > room:       # two lines of a smaller face beside the Swap button
                font = fonts.bold(13)
            lines = wrap_text(font, words, room)
            lines = lines[:1] + [fit_text(font, " ".join(lines[1:]), room)] if len(lines) > 1 else lines
            y = self.first_line_y - (len(lines) - 1) * font.get_linesize() // 2
            for line in lines:
                text(surface, font, line, palette.TEXT, (label.right + 8, y), "midleft")
                y += font.get_linesize()
        else:
            label = text(surface, fonts.text(16), _("First move:"), palette.TEXT_MUTED, (left, self.first_line_y),
                         "midleft")
            room = self.swap_btn.rect.left - label.right - 20
            who = fit_text(fonts.bold(16), f"{_(state.seat_name(0))} — {names[0]}", room)
            text(surface, fonts.bold(16), who, self.seat_colours[0], (label.right + 8, self.first_line_y), "midleft")
        text(surface, section, _("RULES"), palette.TEXT_MUTED, (left, self.options_top + label_y))
        if not self.option_widgets:
            text(surface, fonts.text(16), _("{game} has no rules options.").format(game=_(self.title)), palette.TEXT_MUTED,
                 (left, self.options_top + m.label + (m.option - 10) // 2), "midleft")
        option_font = fonts.text(17)
        labels = [*((_(option.label), widget, self.option_label_w)
                    for option, widget in zip(self.cls.options_spec, self.option_widgets)),
                  (_("Clock"), self.clock_widget, self.clock_label_w),
                  *(((_("Custom"), self.custom_minutes, self.clock_label_w),) if self.custom_shown else ()),
                  *((_("Your name"), field, self.option_label_w) for field in self._name_widgets())]
        for label, widget, label_w in labels:
            label_text = fit_text(option_font, label, label_w - 12)
            text(surface, option_font, label_text, palette.TEXT, (widget.rect.x - label_w, widget.rect.centery),
                 "midleft")

    def _draw_column_scrollbar(self, surface: pygame.Surface) -> None:
        """A slim bar at the column's right edge: where the view is in the boxes."""
        view = self.viewport.inflate(0, -16)
        track = pygame.Rect(view.right - 3, view.y, 4, view.height)
        scrollbar(surface, track, view.height, view.height + self.max_column_scroll, self.column_scroll, palette.PANEL,
                  palette.ACCENT_DARK)

    def choices_label(self, seat: int) -> str:
        return self.seat_labels[seat] if seat < len(self.seat_labels) else ""

#: The clock chooser's last item: a time control set on the custom row.
CUSTOM = "custom"


def ordinal(n: int) -> str:
    words = {1: N_("first"), 2: N_("second"), 3: N_("third"), 4: N_("fourth"), 5: N_("fifth"), 6: N_("sixth")}
    return _(words[n]) if n in words else f"#{n}"
