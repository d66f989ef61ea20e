"""The title screen: the logo over drifting game pieces, and the main menu.

The pieces drift and the logo's glow breathes for ``DRIFT_SECONDS`` after the
screen opens (or is come back to), then slow to a rest over ``SETTLE_SECONDS``:
a title left open costs the machine nothing once they are still.

When a game was left unfinished (``game/store/autosave.py``), the menu opens
with "Resume", naming the game, its moves, its players and when it was left;
it reopens that game as it was, players, position, undo and redo included.
"""
from __future__ import annotations

import datetime as _dt
import logging
import math
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

import numpy as np
import pygame

from game.lang import _, N_, ngettext
from game.match.record import Player
from game.store import autosave
from game.store.savefile import SaveFileError
from game.store.userdata import matchup_name
from game.ui import palette
from game.ui.draw import fit_text, mix, text
from game.ui.renderers.shapes import (
    Canvas,
    arc_distance,
    fill_alpha,
    glow_alpha,
    rounded_rect_distance,
    segment_distance,
    stroke_alpha,
)
from game.ui.savedgames import SavedGame, summary
from game.ui.splash import KEY_HINT, TAGLINE, logo_images, menu_layout, tagline_font, tagline_top
from game.ui.scenes.base import Scene
from game.ui.tween import Tween, ease_in_out_cubic, ease_out_back, ease_out_cubic, pulse
from game.ui.widgets import Button, style_colours

if TYPE_CHECKING:
    from game.store.userdata import Settings
    from game.ui.services import Services

logger = logging.getLogger(__name__)

#: Seconds the pieces drift at full speed after the title opens, then the seconds they take to come to rest.
DRIFT_SECONDS = 8.0
SETTLE_SECONDS = 3.0


@dataclass
class Floater:
    """One piece drifting across the title screen."""

    kind: str           # "x", "o" or "disc"
    colour: tuple[int, int, int]
    x: float            # 0..1 of the width
    y: float            # 0..1 of the height
    size: float         # fraction of the height
    speed: float        # fraction of the height per second (upwards)
    spin: float         # degrees per second
    angle: float
    phase: float
    alpha: int


def piece_image(kind: str, colour: tuple[int, int, int], size: int) -> pygame.Surface:
    """A game piece with a soft glow, drawn like the boards draw theirs: an X, an O or a disc."""
    pad = max(4, size // 3)
    canvas = Canvas(pygame.Rect(0, 0, size + 2 * pad, size + 2 * pad))
    xs, ys = canvas.xs, canvas.ys
    c = canvas.bounds.width / 2
    r = size * 0.36
    half = max(1.5, size * 0.075)
    if kind == "x":
        distance = np.minimum(segment_distance(xs, ys, (c - r, c - r), (c + r, c + r)),
                              segment_distance(xs, ys, (c + r, c - r), (c - r, c + r)))
    elif kind == "o":
        distance = arc_distance(xs, ys, (c, c), r, 0.0, math.tau)
    else:
        signed = rounded_rect_distance(xs, ys, (c - r - half, c - r - half, 2 * (r + half), 2 * (r + half)), r + half)
        canvas.paint(glow_alpha(np.maximum(signed, 0.0), 0.0, pad * 0.6), colour, 0.35)
        canvas.paint(fill_alpha(signed), colour)
        canvas.paint(stroke_alpha(arc_distance(xs, ys, (c, c), r * 0.62, 0.0, math.tau), half * 0.45),
                     mix(colour, (255, 255, 255), 0.35))
        return canvas.to_surface()
    canvas.paint(glow_alpha(distance, half, pad * 0.6), colour, 0.35)
    canvas.paint(stroke_alpha(distance, half), colour)
    return canvas.to_surface()


class ResumeButton(Button):
    """The menu's Resume: "Resume Connect Four" over a line about the kept game
    ("12 moves · You vs Master · Today 14:05")."""

    #: The line about the kept game, from the fullest to the shortest; ``fit`` takes one.
    details: tuple[str, ...] = ()
    detail = ""

    def content_width(self) -> int:
        """The width its two lines and keycap need."""
        fonts = self.ctx.fonts
        return max(fonts.bold(self.font_size).size(self.label)[0], self._detail_font().size(self.detail)[0]) + 96

    def fit(self, width: int) -> None:
        """Show the fullest detail that fits a button at most ``width`` wide (else the shortest)."""
        for detail in self.details:
            self.detail = detail
            if self.content_width() <= width:
                return

    def _detail_font(self) -> pygame.font.Font:
        return self.ctx.fonts.text(max(12, self.font_size - 7))

    def draw(self, surface: pygame.Surface) -> None:
        label, self.label = self.label, ""     # the frame and keycap as any button's, the two lines below
        try:
            super().draw(surface)
        finally:
            self.label = label
        if not self.visible or self.rect.width <= 0:
            return
        fill, _, ink, _ = style_colours(self.style)
        title_font, detail_font = self.ctx.fonts.bold(self.font_size), self._detail_font()
        room = pygame.Rect(self.rect.x + 12, 0, self.rect.width - 24 - (52 if self.shortcut else 0), 0)
        top = self.rect.centery - (title_font.get_linesize() + detail_font.get_linesize()) // 2
        text(surface, title_font, fit_text(title_font, label, room.width), ink, (room.centerx, top), "midtop")
        text(surface, detail_font, fit_text(detail_font, self.detail, room.width), mix(ink, fill, 0.25),
             (room.centerx, top + title_font.get_linesize()), "midtop")


def resume_words(kept: autosave.KeptGame) -> tuple[str, tuple[str, ...]]:
    """The Resume button's label ("Resume Connect Four") and its lines about the
    game, fullest first: every player named, then alike players counted ("You vs
    Medium ×5"), then only the number of players."""
    row = summary(SavedGame(autosave.autosave_path(), kept.left_at, kept.match), _dt.datetime.now())
    players = kept.match.players
    one_human = sum(p.is_human for p in players) == 1
    counted = matchup_name([Player(p.kind, _("You"), p.bot) if p.is_human and one_human else p for p in players])
    details = tuple(f"{row.moves}  ·  {who}  ·  {row.when}"
                    for who in (row.players, counted, ngettext("{n} player", "{n} players", len(players)).format(n=len(players))))
    return _("Resume {game}").format(game=row.title), details


class TitleScene(Scene):
    """Logo, tagline and the main menu: Resume (when a game was left unfinished),
    Play, Join (a game hosted on the network), Load game, Statistics, Settings, Quit."""

    name = "title"

    def __init__(self, services: "Services") -> None:
        super().__init__(services)
        rng = random.Random(20261123)
        kinds = ("x", "o", "x", "o", "disc")
        self.floaters = [
            Floater(
                kind=rng.choice(kinds),
                colour=palette.SEAT_COLOURS[rng.randrange(4)] if rng.random() < 0.85 else palette.ACCENT,
                x=rng.random(),
                y=rng.random(),
                size=rng.uniform(0.035, 0.085),
                speed=rng.uniform(0.012, 0.035),
                spin=rng.uniform(-25, 25),
                angle=rng.uniform(0, 360),
                phase=rng.uniform(0, 1),
                alpha=rng.randrange(50, 120),
            )
            for _ in range(22)
        ]
        self._images: dict[tuple[str, tuple[int, int, int], int], pygame.Surface] = {}
        self.logo: pygame.Surface | None = None
        self.logo_glow: pygame.Surface | None = None
        self.intro = Tween(0.0, 1.0, 0.9, ease_out_back)
        self.fade_in = Tween(0.0, 1.0, 0.6, ease_out_cubic)
        #: 1 while the pieces drift at full speed, easing to 0 as they come to rest.
        self.drift = Tween(1.0, 0.0, SETTLE_SECONDS, ease_in_out_cubic, delay=DRIFT_SECONDS)
        #: The clock of the pieces' sway and the logo's glow (it stops with them).
        self.ambient_time = 0.0
        #: The tagline is shown whole from the first frame (the splash showed it), not faded in.
        self.tagline_shown = False
        self.apply_settings(services.settings.current, frozenset())
        self.follow_settings(self.apply_settings)
        self.kept: autosave.KeptGame | None = None
        #: The game menu's previews being made ahead, a card a frame (``GamesScene.ahead``).
        self._previews: Iterator[None] | None = None
        self._previews_size = (0, 0)
        self.resume_btn = ResumeButton(services, N_("Resume"), self.resume_game, wid="resume", shortcut="R",
                                       style="primary", font_size=20,
                                       tooltip=N_("Go back to the game you left, as it was (R)"))
        self.play = Button(services, N_("Play"), self.open_games, wid="play", shortcut="P", style="primary", font_size=22)
        self.join = Button(services, N_("Join"), self.open_join, wid="join", shortcut="J",
                           tooltip=N_("Join a game hosted on your network (J)"))
        self.load = Button(services, N_("Load game"), self.open_load, wid="load", shortcut="L",
                           tooltip=N_("Continue a saved game (L or Ctrl+O)"))
        self.stats = Button(services, N_("Statistics"), self.open_stats, wid="stats", shortcut="T")
        self.settings = Button(services, N_("Settings"), self.open_settings, wid="settings", shortcut="O")
        self.quit = Button(services, N_("Quit"), self.ask_quit, wid="quit", shortcut="Esc", style="ghost")
        self.offer_resume()

    def offer_resume(self) -> None:
        """Read the game kept for Resume (if any) and show the menu with or without it.
        A kept file that cannot be read is set aside, and a toast says why."""
        try:
            self.kept = autosave.kept_game()
        except SaveFileError as err:
            self.kept = None
            self.services.toasts.show(_("The game kept for Resume could not be read: {error}").format(error=err), "warning", seconds=10)
        except Exception as err:  # a game's rules choked on the file: the menu still opens
            logger.exception("reading the game kept for Resume")
            self.kept = None
            self.services.toasts.show(_("The game kept for Resume could not be read ({error})").format(error=f"{type(err).__name__}: {err}"),
                                      "warning", seconds=10)
        menu = [self.play, self.join, self.load, self.stats, self.settings, self.quit]
        if self.kept is not None:
            self.resume_btn.label, self.resume_btn.details = resume_words(self.kept)
            menu.insert(0, self.resume_btn)
        self.play.style = "normal" if self.kept is not None else "primary"
        current = self.focus.current
        self.focus.set(menu, focus=current if current in menu and current is not self.play else menu[0])

    def apply_settings(self, settings: "Settings", changed: frozenset[str]) -> None:
        """With animation off, the logo is in place at once; in another language, Resume says so at once."""
        if settings.anim_speed == 0:
            self.intro.finish()
            self.fade_in.finish()
        if "language" in changed and self.kept is not None:
            self.resume_btn.label, self.resume_btn.details = resume_words(self.kept)
            self.layout(self.rect.size)

    def logo_in_place(self) -> None:
        """The logo and tagline are in place at once, not growing or fading in: the window's
        splash showed them there (the drifting pieces still fade in)."""
        self.intro.finish()
        self.tagline_shown = True

    def do_chosen(self, wid: str | None) -> None:
        """Do what the button ``wid`` does: the one chosen on the splash before the bots were
        found (nothing if the title has no such button now, e.g. Resume's game is gone)."""
        for button in self.focus.widgets:
            if button.id == wid and button.visible:
                self.focus.set(self.focus.widgets, focus=button)
                button.activate()
                return

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        width, height = size
        self._make_logo(height)
        buttons = self.focus.widgets
        place = menu_layout(size, len(buttons), self.tagline_bottom())
        self.resume_btn.font_size = 20 if place.button_h >= 44 else 17
        first_w = place.button_w
        if self.kept is not None:
            widest = min(width - 80, 2 * place.button_w)       # a long line of players is counted instead
            self.resume_btn.fit(widest)
            first_w = max(place.button_w, min(widest, self.resume_btn.content_width()))
        for button, rect in zip(buttons, place.rects(width, len(buttons), first_w)):
            button.rect = rect
        self._images.clear()
        if self._previews_size == (0, 0):
            self._make_a_preview()

    def tagline_font(self) -> pygame.font.Font:
        return tagline_font(self.services.fonts, self.rect.height)

    def tagline_bottom(self) -> int:
        """The y under the tagline (the menu starts below it)."""
        logo_h = self.logo.get_height() if self.logo is not None else 0
        return tagline_top(self.rect.height, logo_h) + self.tagline_font().get_height()

    def logo_rect(self) -> pygame.Rect:
        """Where the logo is drawn (centred a quarter of the way down)."""
        width, height = self.rect.size
        size = self.logo.get_size() if self.logo is not None else (0, 0)
        return pygame.Rect((0, 0), size).move(width // 2 - size[0] // 2, int(height * 0.25) - size[1] // 2)

    def toast_room(self) -> pygame.Rect:
        """Above the logo or, where that is low, beside the menu on its right."""
        above = pygame.Rect(0, 0, self.rect.width, max(0, self.logo_rect().top))
        if above.height >= self.services.window.px(64):
            return above
        buttons = [w.rect for w in self.focus.widgets if w.visible]
        top, bottom = min(r.top for r in buttons), max(r.bottom for r in buttons)
        right = max(r.right for r in buttons) + 16
        return pygame.Rect(right, top, max(0, self.rect.width - right - 16), bottom - top)

    def _make_logo(self, height: int) -> None:
        self.logo, self.logo_glow = logo_images(self.services.fonts, height)

    # -- actions ----------------------------------------------------------------
    def open_games(self) -> None:
        self.services.scenes.push("games")

    def resume(self) -> None:
        """Back on the title: the game kept for Resume may have changed; the pieces drift again a while."""
        self.offer_resume()
        self.layout(self.rect.size)
        if self.drift.done:
            self.drift = Tween(1.0, 0.0, SETTLE_SECONDS, ease_in_out_cubic, delay=DRIFT_SECONDS)

    def resume_game(self) -> None:
        """Reopen the kept game as it was left (read again: another arcade may have
        changed it since it was offered); it stays kept until it is left again."""
        self.offer_resume()
        if self.kept is None:
            self.services.sounds.play("error")
            self.layout(self.rect.size)
            return
        self.services.scenes.go("play", match=self.kept.match, resumed=True)

    def open_load(self) -> None:
        self.services.scenes.push("load")

    def open_join(self) -> None:
        self.services.scenes.push("join")

    def open_stats(self) -> None:
        self.services.scenes.push("stats")

    def open_settings(self) -> None:
        self.services.scenes.push("settings")

    def ask_quit(self) -> None:
        self.services.dialogs.confirm(_("Quit"), _("Leave Board Arcade?"), _("Quit"), self.services.quit)

    def back(self) -> None:
        self.services.sounds.play("click")
        self.ask_quit()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
            self.load.activate()
            return
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            shortcuts = {pygame.K_p: self.play, pygame.K_j: self.join, pygame.K_l: self.load, pygame.K_t: self.stats,
                         pygame.K_o: self.settings}
            if self.kept is not None:
                shortcuts[pygame.K_r] = self.resume_btn
            if event.key in shortcuts:
                shortcuts[event.key].activate()
                return
        super().handle_event(event)

    # -- frame ---------------------------------------------------------------------
    @property
    def animating(self) -> bool:
        """The logo coming in, or the pieces not yet at rest (or a control easing)."""
        moving = self.services.settings.current.anim_speed > 0 and not self.drift.done
        return moving or not (self.intro.done and self.fade_in.done) or super().animating

    def update(self, dt: float) -> None:
        super().update(dt)
        self._make_a_preview()
        speed = self.services.settings.current.anim_speed
        self.intro.update(dt * max(speed, 0.5) if speed else dt)
        self.fade_in.update(dt)
        if speed == 0 or self.drift.done:
            return
        self.drift.update(dt)
        step = dt * speed * self.drift.value
        self.ambient_time += step
        for f in self.floaters:
            f.y -= f.speed * step
            f.angle = (f.angle + f.spin * step) % 360
            if f.y < -0.12:
                f.y = 1.12
                f.x = (f.x + 0.37) % 1.0

    def _make_a_preview(self) -> None:
        """One more of the game menu's previews for this window's size. The first size's are all
        made before the title's first frame, where a window that is not yet shown hides the time
        they take; after a resize, one a frame, so the drifting pieces keep their pace."""
        if self._previews_size != self.rect.size:
            first = self._previews_size == (0, 0)
            self._previews, self._previews_size = self.services.scenes.ahead("games", self.rect.size), self.rect.size
            if first:
                for _preview in self._previews:
                    pass
                return
        if self._previews is not None:
            next(self._previews, None)

    def _piece(self, f: Floater, height: int) -> pygame.Surface:
        size = max(12, int(f.size * height))
        key = (f.kind, f.colour, size)
        image = self._images.get(key)
        if image is None:
            image = self._images[key] = piece_image(f.kind, f.colour, size)
        return image

    def draw_content(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        for f in self.floaters:
            image = pygame.transform.rotate(self._piece(f, height), f.angle)
            sway = math.sin((self.ambient_time * 0.4 + f.phase) * math.tau) * 0.012
            image.set_alpha(round(f.alpha * self.fade_in.value))
            surface.blit(image, image.get_rect(center=(int((f.x + sway) * width), int(f.y * height))))
        if self.logo is None or self.logo_glow is None:
            return
        centre = (width // 2, int(height * 0.25))
        breathe = pulse((self.ambient_time / 3.2) % 1.0) if self.services.settings.current.anim_speed else 0.5
        halo = self.logo_glow.copy()
        halo.set_alpha(round((120 + 90 * breathe) * self.fade_in.value))
        surface.blit(halo, halo.get_rect(center=centre))
        scale = max(0.01, self.intro.value)
        logo = self.logo if scale >= 0.999 else pygame.transform.smoothscale_by(self.logo, scale)
        surface.blit(logo, logo.get_rect(center=centre))
        tag_font = self.tagline_font()
        tag_y = centre[1] + self.logo.get_height() // 2 + 18
        text(surface, tag_font, _(TAGLINE), palette.TEXT_MUTED, (width // 2, tag_y), "midtop",
             alpha=255 if self.tagline_shown else round(255 * self.fade_in.value))
        text(surface, self.services.fonts.text(14), _(KEY_HINT), mix(palette.TEXT_MUTED, palette.BACKGROUND_BOTTOM, 0.3),
             (width // 2, height - 18), "midbottom")
