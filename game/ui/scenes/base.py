"""Scenes and the stack that holds them, with sliding and fading transitions.

A scene is one screen (title, game menu, setup, play, settings, statistics).
Screens are opened by name from the table ``game.ui.scenes.SCENES``: a scene
is made as ``SCENES[name](services, **args)``, so no screen imports another.
The ``SceneManager`` (``services.scenes``) keeps them in a stack: pushing a
scene slides it in from the right, popping slides the top one away to reveal
the one below, and replacing cross-fades; ``go`` opens a screen with the
screens that lead to it under it (its ``trail``). Esc in any scene goes back
one screen. Only the top scene is drawn and gets the input; the scenes under it are
asked each frame to keep going what must go on out of sight
(``Scene.update_in_background``: a network game under the review keeps taking
in the others' moves). While a transition runs the new scene gets the keys (a quick
typist is not slowed down) but no mouse events, whose positions refer to the
screen sliding away. A key that changes the screen on top (J on the title
opening Join) does not type its letter into the new one: the ``TEXTINPUT``
that comes with that ``KEYDOWN`` goes nowhere.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Iterator, Mapping, Sequence

import pygame

from game.lang import _, N_
from game.ui import palette
from game.ui.draw import text
from game.ui.tween import Tween, ease_in_out_cubic, ease_out_cubic
from game.ui.focus import FocusGroup
from game.ui.services import Route
from game.ui.widgets import Button, Widget

if TYPE_CHECKING:
    from game.ui.services import Services, SettingsListener

TRANSITION_SECONDS = 0.38
MAX_TRANSITION_STEP = 1 / 30


class UnknownScene(LookupError):
    """A screen was asked for by a name that is not in the table of screens."""


class Scene:
    """One screen: builds its controls in ``layout``, reacts to input, draws itself.

    A scene is made with the services and its own arguments
    (``SetupScene(services, game_id)``) by the ``SceneManager``, under its
    ``name``.
    """

    name: ClassVar[str] = ""
    title: str = ""
    #: The scene shows the engine warm-up's progress itself (else the app's card does).
    draws_warm_up: ClassVar[bool] = False

    def __init__(self, services: "Services") -> None:
        self.services = services
        self.focus = FocusGroup(services)
        self.rect = pygame.Rect((0, 0), services.window.size)
        self.time = 0.0
        self._unsubscribe: list[Callable[[], None]] = []

    # -- navigation -------------------------------------------------------------
    @classmethod
    def trail(cls, **args: Any) -> list[Route]:
        """The screens a player passes on the way from the title to this one, made with
        ``args``; ``SceneManager.go`` puts them under it. Default: none."""
        return []

    @classmethod
    def ahead(cls, services: "Services", size: tuple[int, int]) -> Iterator[None]:
        """Make, a step at a time, what this screen's first frame in a window of ``size``
        would otherwise make all at once (a scene before it takes the steps while the window
        has time: ``SceneStack.ahead``). Default: nothing to make."""
        return iter(())

    @classmethod
    def refusal(cls, **args: Any) -> tuple[str, str] | None:
        """Why this screen cannot show ``args``, as a dialog's title and message (the
        screen is then not opened), or None. Default: it shows anything it is given."""
        return None

    def follow_settings(self, listener: "SettingsListener") -> None:
        """Call ``listener(settings, changed)`` at every change of the settings, for
        as long as this scene is on the stack."""
        self._unsubscribe.append(self.services.settings.subscribe(listener))

    def detach(self) -> None:
        """Stop following the settings (the stack calls this once the scene has left)."""
        for unsubscribe in self._unsubscribe:
            unsubscribe()
        self._unsubscribe.clear()

    # -- life cycle -----------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        """Place everything for a window of ``size`` (on entry and on every resize)."""
        self.rect = pygame.Rect((0, 0), size)

    def enter(self) -> None:
        """The scene was pushed (it is about to be shown for the first time)."""

    def resume(self) -> None:
        """The scene above was popped: this one is shown again."""

    def leave(self) -> None:
        """The scene is removed from the stack: release what it holds."""

    # -- input --------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.focus.composing:
            self.back()
            return
        self.focus.handle_event(event)

    def back(self) -> None:
        """Esc: go back one screen."""
        self.services.sounds.play("click")
        self.services.scenes.pop()

    def widget(self, wid: str) -> Widget:
        """The control with id ``wid`` (tests click it by its centre)."""
        return self.focus.find(wid)

    # -- frame ----------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.focus.update(dt)

    def update_in_background(self, dt: float) -> None:
        """A frame while another scene is over this one (it is neither drawn nor given
        input): keep going what must not wait until it is shown again. Default:
        nothing, the scene waits."""

    @property
    def animating(self) -> bool:
        """Whether something on this screen moves by itself now, so the window must keep
        drawing frames (else it draws only after input or ``request_redraw``). Scenes
        with animations of their own add them; the default is its controls easing."""
        return self.focus.animating

    def request_redraw(self) -> None:
        """The screen changed without moving (a bot's move reported, a hint found):
        draw the next frame."""
        self.services.scenes.request_redraw()

    def live_areas(self) -> list[pygame.Rect]:
        """The parts of the screen that move by themselves when nothing else does (a bot's
        thinking indicator, a board animating a move), which ``draw_live`` redraws alone
        every frame; none when nothing moves apart from what ``animating`` reports.
        Default: none."""
        return []

    def draw_live(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> None:
        """Redraw ``areas`` (from ``live_areas``) alone. Default: the whole scene clipped to
        each; a scene whose drawing is costly draws just what lies there."""
        clip = surface.get_clip()
        try:
            for area in areas:
                surface.set_clip(area)
                self.draw(surface)
                self.draw_overlay(surface)
        finally:
            surface.set_clip(clip)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.services.window.background, (0, 0))
        self.draw_content(surface)
        self.focus.draw(surface)

    def draw_content(self, surface: pygame.Surface) -> None:
        """What the scene shows besides its controls."""

    def draw_overlay(self, surface: pygame.Surface) -> None:
        """Drawn above everything of the scene (tooltips), never in transitions, nor
        under a dialog (the control the mouse left for it keeps no tooltip there)."""
        if not self.services.dialogs.is_open:
            self.focus.draw_tooltip(surface)

    def toast_room(self) -> pygame.Rect:
        """Where toasts go here (they stack up from its foot), hiding nothing that matters.

        By default the foot of the window, below everything but the bottom row of
        controls (Back, Done...): the widest gap beside that row, or where the gaps
        are narrow, the lowest band across the window below the heading that no
        control is in (over what is written there, never over a control); the foot
        band over the row only when there is no such band."""
        width, height = self.rect.size
        px = self.services.window.px
        shown = [w.rect for w in self.focus.widgets if w.visible and w.rect.height > 0]
        lowest = max((rect.bottom for rect in shown), default=0)
        foot = [rect for rect in shown if rect.top >= height * 3 // 4 and rect.bottom > lowest - px(60)]
        top = min((rect.top for rect in foot), default=height - px(80)) - px(6)
        gap = pygame.Rect(0, 0, 0, 0)
        x = 0
        for left, right in sorted((rect.left, rect.right) for rect in foot) + [(width, width)]:
            if left - x > gap.width:
                gap = pygame.Rect(x, top, left - x, height - top)
            x = max(x, right)
        gap = gap.inflate(-2 * px(12), 0)
        if gap.width >= px(320):
            return gap
        band = free_band(shown, self.header_bottom(height), height, px(64))
        if band is not None:
            return pygame.Rect(0, band[0], width, band[1] - band[0])
        return pygame.Rect(0, top, width, height - top)

    # -- shared pieces ------------------------------------------------------------
    @staticmethod
    def header_metrics(height: int) -> tuple[int, int]:
        """(font size, top) of the scene title in a window ``height`` pixels high."""
        return max(30, min(52, height // 16)), max(24, height // 22)

    def header_bottom(self, height: int, subtitle: bool = True) -> int:
        """The y just below what ``draw_header`` draws, for laying out what comes under it."""
        size, y = self.header_metrics(height)
        bottom = y + self.services.fonts.display(size).get_height() + 6 + 4 + 10
        if subtitle:
            bottom += self.services.fonts.text(17).get_height() + 6
        return bottom

    def draw_header(self, surface: pygame.Surface, title: str, subtitle: str = "") -> int:
        """A scene title in Quicksand with an accent underline; returns the y below it."""
        width, height = surface.get_size()
        size, y = self.header_metrics(height)
        font = self.services.fonts.display(size)
        rect = text(surface, font, _(title), palette.TEXT, (width // 2, y), "midtop")
        bar = pygame.Rect(0, 0, min(rect.width, 160), 4)
        bar.midtop = (width // 2, rect.bottom + 6)
        pygame.draw.rect(surface, palette.ACCENT, bar, border_radius=2)
        bottom = bar.bottom + 10
        if subtitle:
            sub = text(surface, self.services.fonts.text(17), _(subtitle), palette.TEXT_MUTED, (width // 2, bottom), "midtop")
            bottom = sub.bottom + 6
        return bottom

    def back_button(self, label: str = N_("Back")) -> Button:
        return Button(self.services, label, self.back, wid="back", shortcut="Esc", style="ghost", font_size=16)


def free_band(rects: Sequence[pygame.Rect], top: int, height: int, least: int) -> tuple[int, int] | None:
    """The lowest stretch of rows (top, bottom) between ``top`` and ``height`` that none of
    ``rects`` reaches into and that is at least ``least`` high, or None."""
    bands = []
    y = top
    for rect in sorted(rects, key=lambda r: r.top) + [pygame.Rect(0, height, 0, 0)]:
        if rect.top - y >= least:
            bands.append((y, rect.top))
        y = max(y, rect.bottom)
    return bands[-1] if bands else None


class Transition:
    """The picture of the old scene and how the new one comes in."""

    def __init__(self, old: pygame.Surface, kind: str, duration: float) -> None:
        self.old = old
        self.kind = kind     # "push", "pop" or "fade"
        easing = ease_in_out_cubic if kind == "fade" else ease_out_cubic
        self.tween = Tween(0.0, 1.0, duration, easing)
        #: The shade over the screen going back and the shadow at the edge of the one in front,
        #: made at the first frame and reused by the others (a window-sized surface a frame).
        self._dim: pygame.Surface | None = None
        self._edge: pygame.Surface | None = None

    @property
    def done(self) -> bool:
        return self.tween.done

    def draw(self, surface: pygame.Surface, new: pygame.Surface) -> None:
        t = self.tween.value
        width = surface.get_width()
        if self.kind == "fade":
            surface.blit(self.old, (0, 0))
            new.set_alpha(round(255 * t))
            surface.blit(new, (0, 0))
            new.set_alpha(None)
            return
        if self.kind == "push":
            back, front = self.old, new
            back_x, front_x = round(-0.3 * width * t), round(width * (1 - t))
            shade = t
        else:
            back, front = new, self.old
            back_x, front_x = round(-0.3 * width * (1 - t)), round(width * t)
            shade = 1 - t
        surface.blit(back, (back_x, 0))
        if self._dim is None or self._dim.get_size() != surface.get_size():
            self._dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        self._dim.fill((0, 0, 0, round(110 * shade)))
        surface.blit(self._dim, (0, 0))
        edge = pygame.Rect(front_x - 18, 0, 18, surface.get_height())
        if self._edge is None or self._edge.get_size() != edge.size:
            self._edge = pygame.Surface(edge.size, pygame.SRCALPHA)
            for x in range(edge.width):
                pygame.draw.line(self._edge, (0, 0, 0, 4 * x), (x, 0), (x, edge.height))
        surface.blit(self._edge, edge)
        surface.blit(front, (front_x, 0))


class SceneManager:
    """The stack of scenes (``services.scenes``); the top one is shown and gets the input,
    the ones under it their ``update_in_background`` each frame.

    Screens are asked for by name, with the arguments they are made with:
    ``push("setup", game_id="connect4")``. A screen whose ``refusal`` finds
    a reason not to show its arguments is not opened; a dialog gives the
    reason instead. A name not in the table is an ``UnknownScene``.
    """

    def __init__(self, services: "Services", screens: Mapping[str, type[Scene]]) -> None:
        self.services = services
        self.screens = dict(screens)
        self.stack: list[Scene] = []
        self.transition: Transition | None = None
        self._canvas: pygame.Surface | None = None
        #: A frame was asked for (``request_redraw``); the app takes it with ``take_redraw``.
        self._redraw = True
        #: The scene on top when the last key went down, and whether that key's typed
        #: text is still to come (``handle_event``).
        self._key_scene: Scene | None = None
        self._key_text_due = False
        self._key_down = 0

    @property
    def top(self) -> Scene:
        if not self.stack:
            raise LookupError("no scene on the stack")
        return self.stack[-1]

    @property
    def transitioning(self) -> bool:
        return self.transition is not None

    @property
    def animating(self) -> bool:
        """A transition runs or the top scene moves: the window draws every frame."""
        return self.transition is not None or bool(self.stack) and self.top.animating

    def request_redraw(self) -> None:
        """Draw the next frame: something changed on screen without moving."""
        self._redraw = True

    def live_areas(self) -> list[pygame.Rect]:
        """The top scene's ``live_areas`` (none during a transition)."""
        if self.transition is not None or not self.stack:
            return []
        return self.top.live_areas()

    def draw_live(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> None:
        self.top.draw_live(surface, areas)

    def take_redraw(self) -> bool:
        """Whether a frame was asked for since the last call (the app asks once a frame)."""
        wanted, self._redraw = self._redraw, False
        return wanted

    # -- navigation ------------------------------------------------------------------
    def push(self, name: str, /, *, animate: bool = True, **args: Any) -> Scene | None:
        """Open screen ``name`` on top, sliding in from the right; None if it refused."""
        made = self._make([Route(name, args)])
        if made is None:
            return None
        old = self._snapshot() if animate else None
        self._add(made[0])
        self._begin(old, "push", animate)
        return made[0]

    def pop(self, animate: bool = True) -> Scene | None:
        """Back one screen (the top one slides away); popping the last one quits the program."""
        if len(self.stack) <= 1:
            self.services.quit()
            return None
        old = self._snapshot() if animate else None
        leaving = self.stack.pop()
        self._remove(leaving)
        self.top.layout(self.services.window.size)
        self.top.resume()
        self._begin(old, "pop", animate)
        return leaving

    def go(self, name: str, /, *, animate: bool = True, **args: Any) -> Scene | None:
        """Open screen ``name`` as if the player had walked to it from the bottom screen
        (the title): the screens of its ``trail`` go under it, every other screen
        leaves, and it cross-fades in. None if a screen refused."""
        screen = self._screen(name)
        return self.rebuild(1, [*screen.trail(**args), Route(name, args)], animate)

    def rebuild(self, keep: int, routes: Sequence[Route], animate: bool = True) -> Scene | None:
        """Keep the bottom ``keep`` scenes, stack the screens of ``routes`` on them and
        cross-fade to the top one (returned); nothing changes if a screen refused."""
        made = self._make(routes)
        if made is None:
            return None
        old = self._snapshot() if animate else None
        while len(self.stack) > keep:
            self._remove(self.stack.pop())
        for scene in made:
            self._add(scene)
        self._begin(old, "fade", animate)
        return self.stack[-1] if self.stack else None

    def ahead(self, name: str, size: tuple[int, int]) -> Iterator[None]:
        """The steps that make ahead what screen ``name`` needs for its first frame (``Scene.ahead``)."""
        return self._screen(name).ahead(self.services, size)

    def _screen(self, name: str) -> type[Scene]:
        try:
            return self.screens[name]
        except KeyError:
            raise UnknownScene(f"no screen called {name!r}; screens: {', '.join(sorted(self.screens))}") from None

    def _make(self, routes: Sequence[Route]) -> list[Scene] | None:
        """The scenes of ``routes``, made in order; None (after the dialog saying
        why) if one of them refuses its arguments."""
        screens = [self._screen(route.name) for route in routes]
        for screen, route in zip(screens, routes):
            problem = screen.refusal(**route.args)
            if problem is not None:
                self.services.dialogs.message(*problem)
                return None
        return [screen(self.services, **route.args) for screen, route in zip(screens, routes)]

    def _add(self, scene: Scene) -> None:
        scene.layout(self.services.window.size)
        self.stack.append(scene)
        scene.enter()
        self._redraw = True

    def _remove(self, scene: Scene) -> None:
        scene.leave()
        scene.detach()
        self._redraw = True

    # -- transitions -------------------------------------------------------------------
    def _duration(self) -> float:
        speed = self.services.settings.current.anim_speed
        return TRANSITION_SECONDS / speed if speed > 0 else 0.0

    def _snapshot(self) -> pygame.Surface | None:
        if not self.stack:
            return None
        picture = pygame.Surface(self.services.window.size)
        self.top.draw(picture)
        return picture

    def _begin(self, old: pygame.Surface | None, kind: str, animate: bool) -> None:
        duration = self._duration()
        if old is None or not animate or duration == 0:
            self.transition = None
            return
        self.transition = Transition(old, kind, duration)

    # -- the loop ----------------------------------------------------------------------
    def clear(self) -> None:
        """Leave every scene (the program is closing)."""
        while self.stack:
            self._remove(self.stack.pop())
        self.transition = None

    def layout(self, size: tuple[int, int]) -> None:
        for scene in self.stack:
            scene.layout(size)
        self.transition = None
        self._redraw = True

    def handle_event(self, event: pygame.event.Event) -> None:
        """Input for the top scene; during a transition only keys (the mouse may
        point at where the old screen's controls were)."""
        if not self.stack:
            return
        if event.type == pygame.KEYDOWN:
            self._key_scene, self._key_text_due, self._key_down = self.top, True, event.key
        elif event.type == pygame.TEXTINPUT:
            due, self._key_text_due = self._key_text_due, False
            if due and self._key_scene is not self.top:
                return      # the letter of the key that opened this screen
        elif event.type != pygame.KEYUP or event.key == self._key_down:
            self._key_text_due = False     # that key's text, if it has one, came already
        if self.transitioning and event.type not in (pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING):
            return
        self.top.handle_event(event)

    def update(self, dt: float) -> None:
        if self.transition is not None:
            # A new scene's first drawing may take a while (boards build caches):
            # step the slide by at most a 30 fps frame so it never jumps ahead.
            self.transition.tween.update(min(dt, MAX_TRANSITION_STEP))
            if self.transition.done:
                self.transition = None
        for scene in self.stack[:-1]:
            scene.update_in_background(dt)
        if self.stack:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.stack:
            surface.blit(self.services.window.background, (0, 0))
            return
        if self.transition is None:
            self.top.draw(surface)
            self.top.draw_overlay(surface)
            return
        if self._canvas is None or self._canvas.get_size() != surface.get_size():
            self._canvas = pygame.Surface(surface.get_size())
        self.top.draw(self._canvas)
        self.transition.draw(surface, self._canvas)
