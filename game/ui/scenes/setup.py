"""Match setup: who sits in each seat, who moves first, rules options, then Play.

Each seat chooses Human or a bot from ``Config.seat_choices`` (tiers weakest
first, then bots without a tier under their own name), with the bot's
description under its name. Seat 0 moves first; Swap rotates the chosen
players round the seats. Bot files that failed to load and problems in
``config.yaml`` are listed in a warning panel naming the file and the error.

The choices are remembered per game for the session (``App.setup_memory``);
a match opened or left on the play screen is remembered too
(``remember_match``), so going back from a loaded game shows its players.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.config import BotChoiceError, SeatChoice
from game.core import State
from game.games import game_class, new_state
from game.match import Match, Player
from game.ui import palette
from game.ui.draw import fit_text, mix, panel, text, wrap_text
from game.ui.scenes.base import Scene
from game.ui.widgets import Button, Choice, ChoiceItem

if TYPE_CHECKING:
    from game.ui.app import App

REPO = Path(__file__).resolve().parents[3]


def short_path(path: str) -> str:
    """A path relative to the program folder when it is inside it."""
    try:
        return str(Path(path).resolve().relative_to(REPO))
    except (ValueError, OSError):
        return str(path)


def config_problem(shown: str, name: str, problem: str) -> tuple[str, str]:
    """A config problem as (where, what): ``config.yaml line 7: games.x: ...`` gives
    ("config.yaml line 7", "games.x: ..."); the file is named once, as ``shown``."""
    match = re.match(rf"{re.escape(name)}( line \d+)?: ", problem)
    if match is None:
        return shown, problem
    return shown + (match.group(1) or ""), problem[match.end():]


def remember_match(app: "App", match: Match) -> None:
    """Make ``match``'s players and rules options the remembered setup of its game."""
    game_id = match.state.game_id
    choices = app.config.seat_choices(game_id, app.registry)
    app.setup_memory[game_id] = {
        "seats": [choice_label(app, game_id, player, choices) for player in match.players],
        "options": dict(match.state.options),
    }


def choice_label(app: "App", game_id: str, player: Player, choices: list[SeatChoice]) -> str | None:
    """The seat choice that plays as ``player``, or None (a remote player, an unknown bot).

    A bot is found by its choice name (a tier, any case, or a class name),
    then by its label, then by what it runs: a class name saved in a file
    picks the tier that plays that class with no parameters.
    """
    if player.is_human:
        return choices[0].label if choices else None
    if not player.is_bot:
        return None
    bots = [c for c in choices if c.player.is_bot]
    wanted = (player.bot or player.label).casefold()
    for choice in bots:
        if (choice.player.bot or "").casefold() == wanted:
            return choice.label
    for choice in bots:
        if choice.label == player.label:
            return choice.label
    try:
        spec = app.config.bot_spec(game_id, player.bot or player.label, app.registry)
    except BotChoiceError:
        return None
    for choice in bots:
        other = app.config.bot_spec(game_id, choice.player.bot or choice.label, app.registry)
        if (other.key, other.params) == (spec.key, spec.params):
            return choice.label
    return None


class SetupScene(Scene):
    """Seats, first player, options and any loading problems for one game."""

    name = "setup"

    def __init__(self, app: "App", game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        self.cls: type[State] = game_class(game_id)
        self.title = self.cls.title
        self.choices: list[SeatChoice] = app.config.seat_choices(game_id, app.registry)
        self.options: dict[str, Any] = {}
        self.seat_labels: list[str] = []
        self._recall()
        self.problems = self._problems()
        self.option_widgets = [
            Choice(
                app,
                [ChoiceItem(value, str(value)) for value in option.choices],
                option.choices.index(self.options[option.name]),
                lambda value, name=option.name: self.set_option(name, value),
                wid=f"option:{option.name}",
                tooltip=option.label,
            )
            for option in self.cls.options_spec
        ]
        self.swap_btn = Button(app, "↔  Swap seats", self.swap, wid="swap", shortcut="W",
                               tooltip="Swap who plays which side, so the other player moves first (W)")
        self.play_btn = Button(app, "Play", self.start, wid="start", shortcut="Enter", style="primary", font_size=22)
        self.back_btn = self.back_button()
        self.seat_widgets: list[Choice] = []
        self._build_seats()

    # -- model --------------------------------------------------------------------
    def _recall(self) -> None:
        """Options and seats as last chosen (or played) for this game; defaults for the rest."""
        memory = self.app.setup_memory.get(self.game_id, {})
        try:
            self.options = self.cls.check_options(dict(memory.get("options", {})))
        except ValueError:
            self.options = self.cls.check_options({})
        names = [c.label for c in self.choices]
        seats = list(memory.get("seats", []))
        defaults = self._default_labels(len(seats))
        self.seat_labels = [label if label in names else default for label, default in zip(seats, defaults)]

    def resume(self) -> None:
        """Back from the play screen: show the players and options of the match just left."""
        self._recall()
        for option, widget in zip(self.cls.options_spec, self.option_widgets):
            widget.index = option.choices.index(self.options[option.name])
        self._build_seats()

    def _problems(self) -> list[tuple[str, str]]:
        """(where, what) for each loading problem: a bot file, or config.yaml and its line."""
        found = [(short_path(p.path), p.message) for p in self.app.registry.problems]
        config = self.app.config.path
        found += [config_problem(short_path(str(config)), config.name, p) for p in self.app.config.problems]
        return found

    @property
    def num_seats(self) -> int:
        return new_state(self.game_id, **self.options).num_seats

    def _default_labels(self, seats: int) -> list[str]:
        bots = [c.label for c in self.choices[1:]]
        opponent = bots[1] if len(bots) > 1 else (bots[0] if bots else "Human")
        return ["Human"] + [opponent] * (seats - 1)

    def _build_seats(self) -> None:
        seats = self.num_seats
        labels = self.seat_labels[:seats]
        labels += self._default_labels(seats)[len(labels):]
        names = [c.label for c in self.choices]
        labels = [label if label in names else names[0] for label in labels]
        self.seat_labels = labels
        items = [ChoiceItem(i, c.label, c.description) for i, c in enumerate(self.choices)]
        self.seat_widgets = [
            Choice(self.app, items, names.index(labels[seat]),
                   lambda index, seat=seat: self.set_seat(seat, index), wid=f"seat{seat}", font_size=19)
            for seat in range(seats)
        ]
        self._refresh_focus()

    def _refresh_focus(self) -> None:
        widgets = [*self.seat_widgets, self.swap_btn, *self.option_widgets, self.play_btn, self.back_btn]
        current = self.focus.current
        self.focus.set(widgets, focus=current if current in widgets else self.play_btn)
        self.layout(self.rect.size)

    def set_seat(self, seat: int, index: int) -> None:
        self.seat_labels[seat] = self.choices[index].label
        self._remember()

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
        self._remember()

    def _remember(self) -> None:
        self.app.setup_memory[self.game_id] = {"seats": list(self.seat_labels), "options": dict(self.options)}

    def players(self) -> list:
        by_label = {c.label: c for c in self.choices}
        return [by_label[label].player for label in self.seat_labels]

    def start(self) -> None:
        from game.ui.scenes.play import PlayScene

        self._remember()
        match = Match(new_state(self.game_id, **self.options), self.players())
        self.app.scenes.push(PlayScene(self.app, match))

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
            if event.key == pygame.K_w and not event.mod & pygame.KMOD_CTRL:
                self.swap_btn.activate()
                return
        super().handle_event(event)

    # -- layout and drawing -------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        side = bool(self.problems) and width >= 900
        if side:
            column_w = min(600, width - 80 - 380)
            panel_w = min(420, width - column_w - 110)
            left = (width - column_w - panel_w - 40) // 2
        else:
            column_w = min(640, width - 80)
            panel_w = 0
            left = (width - column_w) // 2
        self.column = pygame.Rect(left, 0, column_w, 0)
        y = max(150, min(height // 5, 170))
        self.seats_top = y
        row_h = 66
        label_w = 170
        for seat, widget in enumerate(self.seat_widgets):
            widget.rect = pygame.Rect(left + label_w, y + seat * (row_h + 12) + 40, column_w - label_w, row_h)
        y = y + 40 + len(self.seat_widgets) * (row_h + 12)
        self.swap_btn.rect = pygame.Rect(0, 0, 220, 42)
        self.swap_btn.rect.topright = (left + column_w, y + 2)
        self.first_line_y = y + 23
        self.players_box = pygame.Rect(left - 20, self.seats_top - 8, column_w + 40, y + 56 - self.seats_top)
        y += 64
        self.options_top = y
        for i, widget in enumerate(self.option_widgets):
            widget.rect = pygame.Rect(left + 240, y + 40 + i * 56, column_w - 240, 46)
        y += 40 + max(1, len(self.option_widgets)) * 56
        self.rules_box = pygame.Rect(left - 20, self.options_top - 8, column_w + 40, y - self.options_top - 4)
        self.play_btn.rect = pygame.Rect(0, 0, 260, 58)
        self.play_btn.rect.midtop = (left + column_w // 2, min(y + 16, height - 140))
        self.back_btn.rect = pygame.Rect(28, height - 72, 150, 46)
        if side:
            self.problems_rect = pygame.Rect(left + column_w + 40, self.seats_top, panel_w, height - self.seats_top - 100)
        else:
            top = self.play_btn.rect.bottom + 20
            self.problems_rect = pygame.Rect(left, top, column_w, max(0, height - top - 90))

    def toast_room(self) -> pygame.Rect:
        """The free space under the Play button in the settings column (clear of the
        Back button and a problems panel at the side) or, if that is smaller, the
        header above the players."""
        header = pygame.Rect(0, 0, self.rect.width, self.players_box.top)
        top = self.play_btn.rect.bottom + 8
        bottom = self.rect.height - 8
        if self.problems and self.problems_rect.top > self.play_btn.rect.bottom:
            bottom = min(bottom, self.problems_rect.top - 8)
        column = self.players_box
        if self.back_btn.rect.right > column.left and self.back_btn.rect.top < bottom:
            bottom = min(bottom, self.back_btn.rect.top - 8)
        below = pygame.Rect(column.left, top, column.width, max(0, bottom - top))
        return below if below.height > header.height else header

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_header(surface, self.title, "Set up the match")
        panel(surface, self.players_box, alpha=170, shadow=self.app.shadows)
        panel(surface, self.rules_box, alpha=170, shadow=self.app.shadows)
        fonts = self.app.fonts
        left = self.column.x
        section = fonts.bold(15)
        text(surface, section, "PLAYERS", palette.TEXT_MUTED, (left, self.seats_top + 6))
        state = new_state(self.game_id, **self.options)
        for seat, widget in enumerate(self.seat_widgets):
            colour = palette.SEAT_COLOURS[seat % len(palette.SEAT_COLOURS)]
            badge = pygame.Rect(left, widget.rect.y + 7, 52, 52)
            pygame.draw.rect(surface, mix(palette.PANEL, colour, 0.18), badge, border_radius=14)
            pygame.draw.rect(surface, colour, badge, 2, border_radius=14)
            mark = state.seat_name(seat)
            mark_font = fonts.display(30 if len(mark) <= 2 else 14)
            text(surface, mark_font, fit_text(mark_font, mark, 48), colour, badge.center, "center")
            text(surface, fonts.bold(14), f"Seat {seat + 1}", palette.TEXT, (badge.right + 10, badge.centery - 1), "bottomleft")
            text(surface, fonts.text(13), f"moves {ordinal(seat + 1)}", palette.TEXT_MUTED,
                 (badge.right + 10, badge.centery + 1), "topleft")
        first = self.choices_label(0)
        label = text(surface, fonts.text(16), "First move:", palette.TEXT_MUTED, (left, self.first_line_y), "midleft")
        text(surface, fonts.bold(16), f"{state.seat_name(0)} — {first}", palette.SEAT_COLOURS[0],
             (label.right + 8, self.first_line_y), "midleft")
        text(surface, section, "RULES", palette.TEXT_MUTED, (left, self.options_top + 6))
        if not self.option_widgets:
            text(surface, fonts.text(16), f"{self.title} has no rules options.", palette.TEXT_MUTED,
                 (left, self.options_top + 40))
        for option, widget in zip(self.cls.options_spec, self.option_widgets):
            text(surface, fonts.text(17), option.label, palette.TEXT, (left, widget.rect.centery), "midleft")
        if self.problems:
            self.draw_problems(surface)

    def choices_label(self, seat: int) -> str:
        return self.seat_labels[seat] if seat < len(self.seat_labels) else ""

    def draw_problems(self, surface: pygame.Surface) -> None:
        box = self.problems_rect
        if box.height < 40:
            return
        panel(surface, box, fill=mix(palette.PANEL, palette.WARNING, 0.08), border=palette.WARNING,
              shadow=self.app.shadows)
        fonts = self.app.fonts
        y = box.y + 14
        head = text(surface, fonts.bold(17), "⚠  Problems found at start-up", palette.WARNING, (box.x + 16, y))
        y = head.bottom + 4
        intro = "These bots or settings were skipped; everything else works."
        for line in wrap_text(fonts.text(14), intro, box.width - 32):
            y = text(surface, fonts.text(14), line, palette.TEXT_MUTED, (box.x + 16, y)).bottom
        y += 8
        name_font, body_font = fonts.bold(15), fonts.text(14)
        for index, (where, message) in enumerate(self.problems):
            lines = wrap_text(body_font, message, box.width - 40)
            needed = name_font.get_linesize() + len(lines) * body_font.get_linesize() + 8
            if y + needed > box.bottom - 10:
                rest = len(self.problems) - index
                text(surface, body_font, f"… and {rest} more (python main.py bots lists them)", palette.TEXT_MUTED,
                     (box.x + 16, y))
                break
            y = text(surface, name_font, fit_text(name_font, where, box.width - 32), palette.TEXT, (box.x + 16, y)).bottom
            for line in lines:
                y = text(surface, body_font, line, palette.TEXT_MUTED, (box.x + 24, y)).bottom
            y += 8


def ordinal(n: int) -> str:
    return {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"#{n}")
