"""The review screen's graph of a game: who stood better after each move, or each player's steps to goal.

With two players the line is the first player's winning chance after each
ply (``PlyValue.chance`` of the move's mover, turned round for the other
player's moves), from 0 at the foot to 1 at the top: what the solver or a
threat search proved (``exact``, ``proven``) is drawn solid, an engine's
estimate lighter and thinner, and a ply whose value is unknown (or not
analysed yet) leaves a gap, so the graph fills in as the analysis goes.
Mistakes and blunders are dots on the line. A race to a goal (Chinese
Checkers) is drawn as a line per player instead: their steps to goal after
each move (``steps``: each move's ``MoveReview.steps``, counted by the rules, not estimated,
filling in with the analysis). The shown ply is a gold upright line; a click
on the graph goes to the ply under it (``ply_at``).
"""
from __future__ import annotations

from typing import Sequence

import pygame

from game.lang import _
from game.match.review.model import GameReview, MoveReview, PlyValue
from game.ui import palette
from game.ui.draw import Fonts, mix, panel, text

#: What stands behind a value, as the graph draws it: (line width, how much of the colour shows).
SOLID = (3, 1.0)
LIGHT = (2, 0.45)
#: The colour of a graded move's dot, by its name in ``palette`` (read as drawn: the theme may change).
GRADE_COLOURS = {"blunder": "BAD", "mistake": "WARNING"}


def first_players_chance(review: MoveReview, after: bool = True) -> tuple[float | None, str]:
    """The first player's winning chance after (or before) the move, and the kind of its value."""
    value: PlyValue = review.after if after else review.before
    if value.chance is None:
        return None, value.kind
    return (value.chance if review.seat == 0 else 1.0 - value.chance), value.kind


class EvalGraph:
    """The graph of one review in ``rect`` (see the module docstring)."""

    def __init__(self, fonts: Fonts, colours: Sequence[palette.RGB]) -> None:
        self.fonts = fonts
        self.colours = tuple(colours)
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: Where the line goes inside ``rect`` (below the heading).
        self.plot = pygame.Rect(0, 0, 0, 0)
        self._plies = 0

    def px(self, length: float) -> int:
        return round(length * self.fonts.scale)

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        head = self.fonts.bold(13).get_linesize() + self.px(10)
        self.plot = pygame.Rect(rect.x + self.px(12), rect.y + head, rect.width - self.px(24),
                                max(0, rect.height - head - self.px(10)))

    # -- where things are --------------------------------------------------------------------
    def x_of(self, ply: int) -> int:
        plot = self.plot
        return plot.x + round(plot.width * ply / max(1, self._plies))

    def ply_at(self, pos: tuple[int, int]) -> int | None:
        """The ply under ``pos`` (0: the start, the number of moves: the end), None off the graph."""
        if not self.rect.collidepoint(pos) or self.plot.width <= 0:
            return None
        share = (pos[0] - self.plot.x) / self.plot.width
        return max(0, min(self._plies, round(share * self._plies)))

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, review: GameReview, ply: int, first: str = "",
             steps: Sequence[tuple[int, ...] | None] | None = None) -> None:
        """The graph of ``review`` with ``ply`` marked; ``first`` names the first player (whose
        chance goes up); ``steps``, each player's steps to goal at each ply, for a race
        (``review.model.steps_over_game``: None where a move is not analysed yet)."""
        self._plies = len(review.moves)
        if self.rect.height <= 0:
            return
        panel(surface, self.rect, fill=palette.BOARD, alpha=200)
        many = steps is not None
        head, small = self.fonts.bold(13), self.fonts.text(12)
        title = _("STEPS TO GOAL") if many else _("EVALUATION")
        # Which way is whose and what the strokes mean come first: the title goes when all will not fit.
        notes = [_("lower: nearer")] if many else (
            ["▲ " + _("{seat} ahead").format(seat=first)] if first else []) + [_("solid proven · light estimate")]
        gap = self.px(10)
        room = self.rect.width - 2 * self.px(12)
        widths = [small.size(note)[0] for note in notes]
        if head.size(title)[0] + sum(widths) + gap * len(notes) > room:
            title = ""
        x, y = self.rect.x + self.px(12), self.rect.y + self.px(6) + head.get_linesize() // 2
        if title:
            x = text(surface, head, title, palette.TEXT_MUTED, (x, y), "midleft").right + gap
        for note, width in zip(notes, widths):
            if x + width > self.rect.right - self.px(12):
                break
            x = text(surface, small, note, palette.TEXT_MUTED, (x, y), "midleft").right + gap
        plot = self.plot
        if plot.width <= 4 or plot.height <= 4 or not review.moves:
            return
        if steps is not None:
            self._draw_steps(surface, steps)
        else:
            self._draw_chances(surface, review)

        x = self.x_of(ply)
        pygame.draw.line(surface, palette.ACCENT, (x, plot.top), (x, plot.bottom), 2)

    def _y_of_chance(self, chance: float) -> int:
        plot = self.plot
        return plot.bottom - round(plot.height * chance)

    def _draw_chances(self, surface: pygame.Surface, review: GameReview) -> None:
        plot = self.plot
        middle = self._y_of_chance(0.5)
        for x in range(plot.x, plot.right, 8):
            pygame.draw.line(surface, palette.PANEL_BORDER, (x, middle), (min(x + 4, plot.right), middle), 1)
        ink = palette.TEXT       # the first player's pieces may be near black (Reversi): the line is light
        points: list[tuple[int, float | None, str]] = []
        start = review.reviews[0] if review.reviews else None
        if start is not None:
            chance, kind = first_players_chance(start, after=False)
            points.append((0, chance, kind))
        else:
            points.append((0, None, "unknown"))
        for index, item in enumerate(review.reviews):
            if item is None:
                points.append((index + 1, None, "unknown"))
            else:
                chance, kind = first_players_chance(item)
                points.append((index + 1, chance, kind))
        for (ply_a, a, _kind_a), (ply_b, b, kind) in zip(points, points[1:]):
            if a is None or b is None:
                continue
            width, strength = SOLID if kind in ("exact", "proven") else LIGHT
            colour = mix(palette.BOARD, ink, strength)
            pygame.draw.line(surface, colour, (self.x_of(ply_a), self._y_of_chance(a)),
                             (self.x_of(ply_b), self._y_of_chance(b)), width)
        for ply, chance, kind in points:
            if chance is not None and (ply == 0 or points[ply - 1][1] is None):
                width, strength = SOLID if kind in ("exact", "proven") else LIGHT
                pygame.draw.circle(surface, mix(palette.BOARD, ink, strength), (self.x_of(ply), self._y_of_chance(chance)),
                                   width)
        for item in review.reviews:
            if item is not None and item.grade in GRADE_COLOURS:
                chance, _ = first_players_chance(item)
                y = self._y_of_chance(chance) if chance is not None else middle
                pygame.draw.circle(surface, getattr(palette, GRADE_COLOURS[item.grade]), (self.x_of(item.ply + 1), y), self.px(4))

    def _draw_steps(self, surface: pygame.Surface, steps: Sequence[tuple[int, ...] | None]) -> None:
        plot = self.plot
        known = [counts for counts in steps if counts]
        most = max((max(counts) for counts in known), default=0) or 1
        for seat in range(len(known[0]) if known else 0):
            colour = self.colours[seat % len(self.colours)]
            points = [None if counts is None else
                      (self.x_of(ply), plot.bottom - round(plot.height * counts[seat] / most))
                      for ply, counts in enumerate(steps)]
            for a, b in zip(points, points[1:]):
                if a is not None and b is not None:
                    pygame.draw.line(surface, colour, a, b, 2)
