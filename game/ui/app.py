"""The arcade's program: builds the services every screen uses, and runs the loop.

``run`` opens the window (size and fullscreen from Settings) and draws a
splash in it at once (``game/ui/splash.py``), reads ``config.yaml`` and finds
the bots (``game/match/startup.py``) beside it, and hands all of them to
``App``, which starts compiling the bots' engines in the background (``game/match/warmup.py``; a card shows its progress when it takes
more than a moment), loads statistics, starts the sounds, hands all of it to
the screens as one ``Services`` (``game/ui/services.py``) and opens the title
screen. ``App.frame(dt)`` is one turn of the loop (events, update, draw), so
tests drive the whole program by posting events and calling it; ``run`` is
what ``main.py`` calls and loops it at 60 frames a second while anything
moves. A frame draws only when the picture may have changed (input, an
animation, a change asked for: ``game/ui/pacing.py``); when nothing moves,
``run`` sleeps on the event queue instead of ticking, so a still screen costs
next to nothing.

However the program ends (Quit, the window's close button, Ctrl+C in the
terminal, an error), ``App.close`` runs: the game in progress is kept for
Resume (``game/store/autosave.py``), every bot worker and the warm-up are
stopped, and the settings and statistics are written. Ctrl+C ends the
program with one line on the terminal, not a traceback, and status 130.
"""
from __future__ import annotations

import logging
import os
import signal
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

import pygame

from game.lang import _, ngettext
from game import lang
from game.match.botregistry import BotRegistry
from game.match.config import Config
from game.match.runner import prepare_workers
from game.match.warmup import EngineWarmUp, warm_up_jobs
from game.rules.catalogue import game_ids
from game.store import autosave
from game.store.savefile import SaveFileError, load_match
from game.store.userdata import Settings, load_settings
from game.ui import draw, palette
from game.ui.dialogs import Dialogs
from game.ui.overlays import Toasts, WarmUpCard
from game.ui.pacing import Drawing, FramePacer
from game.ui.renderers import has_renderer
from game.ui.scenes import SCENES
from game.ui.scenes.base import SceneManager
from game.ui.scenes.title import TitleScene
from game.ui.services import Services, SettingsStore, StatsStore
from game.ui.setupmemory import SetupMemory
from game.ui.sound import Sounds
from game.ui.splash import BENCH_ENV, Launch, start_display
from game.ui.textfield import TextField, TextInput
from game.ui.window import Window

logger = logging.getLogger(__name__)

FPS = 60
#: The longest frame step while frames run at the frame rate (a slow frame does not make animations jump).
MAX_STEP = 0.1
#: The longest step after a sleep on events: timers (a toast's life) count the time asleep.
MAX_SLEEP_STEP = 1.0
#: How often the loop wakes while a text field has the focus, to show its caret blink (seconds).
CARET_WAKE = 0.1
#: While the loop sleeps, how often it looks for input (seconds): the longest an event waits.
EVENT_POLL = 0.025
#: Set to "0" to skip the launch-time warm-up of the bots' engines (the tests do;
#: each bot's worker still warms its own engine up before it plays).
WARMUP_ENV = "BOARD_ARCADE_WARMUP"
#: The exit status after Ctrl+C (128 + SIGINT, as shells report it).
INTERRUPTED = 130


class App:
    """The program: its ``services`` and the loop.

    ``config`` and ``registry`` are the configuration and the bots, validated
    together (``game.match.startup.load_config_and_bots``; the tests find the
    bots once for many apps). ``size`` overrides the window size from Settings
    (tests use small windows); ``window``, one ``run`` opened already (its splash
    showing), is used as it is. ``warm_up`` says whether to compile the bots'
    engines at launch (default: unless ``BOARD_ARCADE_WARMUP=0``). ``game_id``
    opens that game's setup (with ``options`` and the time control ``clock`` chosen there), and ``load_path``
    a saved game, over the title screen.
    """

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        *,
        config: Config,
        registry: BotRegistry,
        game_id: str | None = None,
        options: dict[str, Any] | None = None,
        clock: str | None = None,
        load_path: str | Path | None = None,
        warm_up: bool | None = None,
        window: Window | None = None,
    ) -> None:
        start_display()
        lang.follow_setting("")     # the settings' problems in the system's language (--lang's), as a damaged file's defaults show
        settings, settings_problems = load_settings()
        palette.use(settings.theme, settings.colour_blind)
        lang.follow_setting(settings.language)
        if window is None:
            window = Window(size or settings.window_size, settings.fullscreen if size is None else False)
        fonts = draw.Fonts()
        fonts.scale = window.scale
        toasts = Toasts(fonts)
        toasts.speed = settings.anim_speed
        sounds = Sounds(settings.sound, volume=settings.volume)
        shadows = draw.Shadows()
        dialogs = Dialogs(fonts, sounds, self._dialog_problem, shadows)
        if warm_up is None:
            warm_up = os.environ.get(WARMUP_ENV, "1") != "0"
        warmup = EngineWarmUp(warm_up_jobs(registry, config) if warm_up else []).start()
        self.warmup_card = WarmUpCard(fonts)
        stats = StatsStore(toasts)
        stats_problems = stats.load()
        self.running = True
        self.closed = False
        #: Frames run; of them the frames drawn whole, and those that redrew the scene's live areas alone.
        self.frames = 0
        self.drawn = 0
        self.live_drawn = 0
        self.pacer = FramePacer()
        #: The system's text input (an input method's), on while a field takes typing.
        self.text_input = TextInput()
        self._overlays: tuple[tuple[int, ...], ...] = ()
        self._warm_up_step: tuple[Any, ...] = ()
        self.services = Services(
            fonts=fonts,
            shadows=shadows,
            sounds=sounds,
            toasts=toasts,
            dialogs=dialogs,
            window=window,
            settings=SettingsStore(settings, toasts),
            stats=stats,
            registry=registry,
            config=config,
            warmup=warmup,
            setup_memory=SetupMemory(config, registry),
            quit=self.quit,
            make_scenes=lambda services: SceneManager(services, SCENES),
        )
        self.services.settings.subscribe(self._follow_settings)
        for problem in settings_problems + stats_problems:
            logger.warning("%s", problem)
            toasts.show(problem, "warning", seconds=8)
        found = len(registry.problems) + len(config.problems)
        if found:
            toasts.show(
                ngettext("{n} problem with bot files or config.yaml; the match setup screen lists them",
                         "{n} problems with bot files or config.yaml; the match setup screen lists them",
                         found).format(n=found),
                "warning",
                seconds=8,
            )
        self._start(game_id, options or {}, load_path, clock)

    # -- window and settings -----------------------------------------------------
    def _relayout(self) -> None:
        size = self.services.window.size
        self.services.fonts.scale = self.services.window.scale
        self.services.scenes.layout(size)

    def _follow_settings(self, settings: Settings, changed: frozenset[str]) -> None:
        """Sounds, toasts and the window follow the settings at once (before the screens do)."""
        self.services.sounds.enabled = settings.sound
        self.services.sounds.set_volume(settings.volume)
        self.services.toasts.speed = settings.anim_speed
        shown_language = lang.language()
        window = self.services.window
        if palette.use(settings.theme, settings.colour_blind):
            window.background = draw.background(window.size)
            self._relayout()
        wanted = (tuple(settings.window_size), settings.fullscreen)
        if changed & {"window_size", "fullscreen"} and wanted != (window.windowed_size, window.fullscreen):
            window.show(settings.window_size, settings.fullscreen)
            self._relayout()
        if "language" in changed and lang.follow_setting(settings.language) != shown_language:
            self._relayout()      # every screen's words are measured again in the new language

    def _dialog_problem(self, message: str) -> None:
        """A dialog could not take what was typed: say why, above the dialog."""
        self.services.sounds.play("error")
        self.services.toasts.show(message, "error", seconds=6)

    def quit(self) -> None:
        self.running = False

    # -- start -------------------------------------------------------------------
    def _start(self, game_id: str | None, options: dict[str, Any], load_path: str | Path | None,
               clock: str | None = None) -> None:
        services = self.services
        services.scenes.push("title", animate=False)
        if load_path is not None:
            try:
                match = load_match(load_path)
            except SaveFileError as err:
                services.dialogs.message(_("Could not load the game"), str(err))
            else:
                services.scenes.go("play", match=match, animate=False)
                return
        if game_id is not None:
            if game_id not in game_ids() or not has_renderer(game_id):
                playable = ", ".join(g for g in game_ids() if has_renderer(g))
                services.toasts.show(_("There is no game {game!r} to play; games: {games}").format(game=game_id, games=playable),
                                     "error")
                return
            if options or clock is not None:
                remembered = services.setup_memory.recall(game_id)
                services.setup_memory.keep(game_id, list(remembered.seats), options or remembered.options, clock)
            services.scenes.go("setup", game_id=game_id, animate=False)

    # -- loop ------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> None:
        services = self.services
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            if services.window.resize(event.size):
                self._relayout()
                if services.window.windowed_size != tuple(services.settings.current.window_size):
                    # A size set by dragging is the player's choice too: kept for the next run.
                    services.settings.update(window_size=services.window.windowed_size)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and services.toasts.dismiss_at(event.pos):
            return
        if services.dialogs.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            services.settings.update(fullscreen=not services.settings.current.fullscreen)
            return
        services.scenes.handle_event(event)

    def frame(self, dt: float) -> bool:
        """One frame: events, updates, and drawing if the picture may have changed.
        Returns False once the app should close."""
        for event in pygame.event.get():
            self.pacer.input()
            self.handle_event(event)
            if not self.running:
                return False
        self.advance(dt)
        return self.running

    def advance(self, dt: float) -> bool:
        """Move everything on by ``dt`` seconds with no input (the updates of a frame),
        then draw and flip if anything moved, was asked for, or input came lately, or
        else redraw the scene's live areas alone if it has some; returns whether it drew."""
        services = self.services
        self._follow_warm_up(dt)
        services.scenes.update(dt)
        services.toasts.update(dt)
        services.dialogs.update(dt)
        self.text_input.follow(self._typing())
        self.frames += 1
        if services.scenes.take_redraw() or self._overlays_changed():
            self.pacer.request()
        live = [] if services.dialogs.is_open else services.scenes.live_areas()
        if live and any(t.rect is not None and t.rect.collidelist(live) >= 0 for t in services.toasts.items):
            live = []        # a toast over a live area: whole frames, so the toast stays on top
            moving = True
        else:
            moving = self.animating
        drawing = self.pacer.decide(dt, moving, bool(live))
        if drawing is Drawing.WHOLE:
            self.draw()
        elif drawing is Drawing.LIVE and live:
            services.scenes.draw_live(services.window.screen, live)
            pygame.display.update(live)
            self.live_drawn += 1
        return drawing is not Drawing.NOTHING

    def _typing(self) -> TextField | None:
        """The field typed text goes into now: the open dialog's, else the top screen's focused one."""
        services = self.services
        dialog = services.dialogs.current
        if dialog is not None:
            return dialog.typing
        return services.scenes.top.focus.typing if services.scenes.stack else None

    @property
    def animating(self) -> bool:
        """Whether anything on screen moves by itself: a scene, its transition, a dialog's
        controls (a caret's blink), a toast, the warm-up card."""
        services = self.services
        dialog = services.dialogs.current
        return (services.scenes.animating or (dialog is not None and dialog.focus.animating)
                or services.toasts.animating or self.warmup_card.animating)

    def idle_wait(self) -> float | None:
        """Seconds ``run`` may sleep on events before the next frame (nothing moves), or
        None: the next frame is due at the frame rate. A focused text field wakes the
        loop often enough to show its caret blink."""
        wait = self.pacer.idle_wait()
        if wait is not None and self._blinking():
            wait = min(wait, CARET_WAKE)
        return wait

    def _blinking(self) -> bool:
        """The control with the focus (a dialog's, else the screen's) changes by itself now and then."""
        services = self.services
        dialog = services.dialogs.current
        if dialog is not None:
            return dialog.focus.blinking
        return bool(services.scenes.stack) and services.scenes.top.focus.blinking

    @staticmethod
    def wait_for_events(timeout: float) -> bool:
        """Sleep until an event is waiting (left in the queue for the next frame) or
        ``timeout`` seconds pass; returns whether one is waiting. It sleeps in slices of
        ``EVENT_POLL`` and looks at the queue between them: pygame's own
        ``event.wait`` with a timeout keeps a core 2% busy while it waits (measured),
        the slices a third of that, and a player's input waits ``EVENT_POLL`` at most."""
        end = time.monotonic() + timeout
        while not pygame.event.peek():
            left = end - time.monotonic()
            if left <= 0:
                return False
            time.sleep(min(EVENT_POLL, left))
        return True

    def _overlays_changed(self) -> bool:
        """Whether a dialog opened or closed, or a toast came or went, since the last frame."""
        services = self.services
        shown = (tuple(map(id, services.dialogs.stack)), tuple(map(id, services.toasts.items)))
        changed, self._overlays = shown != self._overlays, shown
        return changed

    def draw(self) -> None:
        """Draw the whole window: the scene, a dialog and its shade, the warm-up card, toasts; then flip."""
        services = self.services
        scenes, screen = services.scenes, services.window.screen
        scenes.draw(screen)
        if services.dialogs.is_open:        # toasts about the dialog go beside it, not under its shade
            services.dialogs.draw(screen)
            services.toasts.draw(screen, services.dialogs.toast_room(screen.get_rect()))
        else:
            room = scenes.top.toast_room() if scenes.stack else screen.get_rect()
            card = self.warmup_card.draw(screen, None if scenes.stack and scenes.top.draws_warm_up else room)
            if card is not None:   # toasts go under the card
                room = pygame.Rect(room.x, card.bottom, room.width, max(0, room.bottom - card.bottom))
            services.toasts.draw(screen, room)
        pygame.display.flip()
        self.drawn += 1

    def _follow_warm_up(self, dt: float) -> None:
        """Take in the engine warm-up's progress; once it ends, name the engines it could not prepare."""
        warmup = self.services.warmup
        was_running = not warmup.finished
        progress = warmup.poll()
        self.warmup_card.update(dt, progress)
        if progress.finished:      # the bot workers' fork server starts once the compiling is done, not against it
            prepare_workers()
        step = (progress.done, progress.current, progress.finished)
        if step != self._warm_up_step:     # a screen may show it (the play screen's Hint button, its status)
            self._warm_up_step = step
            self.services.scenes.request_redraw()
        if was_running and progress.finished and progress.failures:
            count = len(progress.failures)
            self.services.toasts.show(ngettext(
                "{n} game engine could not be prepared ahead (it is tried again when it plays): {failures}",
                "{n} game engines could not be prepared ahead (they are tried again when they play): {failures}",
                count).format(n=count, failures="; ".join(progress.failures)),
                                      "warning", seconds=10)

    def close(self) -> list[str]:
        """Leave every scene (a game in progress is kept for Resume, its bot workers
        stop), stop the engine warm-up, write the settings and statistics, and close
        the window; returns what could not be written (logged too). Closing twice
        does nothing more."""
        if self.closed:
            return []
        self.closed = True
        services = self.services
        try:
            services.scenes.clear()
        finally:
            services.warmup.close()
            problems = [p for p in (services.settings.save(), services.stats.save()) if p]
            for problem in problems:
                logger.error("%s", problem)
            pygame.quit()
        return problems


@contextmanager
def _ctrl_c_ignored() -> Iterator[None]:
    """While the program closes after Ctrl+C, a second Ctrl+C does not cut the closing short."""
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:          # not the main thread: signals are not ours to set
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def _kept_stamp() -> int | None:
    """When the game kept for Resume was written (None if there is none)."""
    try:
        return autosave.autosave_path().stat().st_mtime_ns
    except OSError:
        return None


def stop_after_ctrl_c(app: App) -> int:
    """Ctrl+C in the terminal: close ``app`` as Quit would (the game kept for Resume,
    workers stopped, settings and statistics written), say so in one line on the
    terminal, and return the exit status."""
    before = _kept_stamp()
    with _ctrl_c_ignored():
        problems = app.close()
    said = ["settings and statistics saved" if not problems else "; ".join(problems)]
    if _kept_stamp() not in (None, before):
        said.append("your game is kept: Resume on the title screen brings it back")
    print(f"Board Arcade stopped (Ctrl+C): {'; '.join(said)}.", file=sys.stderr)
    return INTERRUPTED


def _next_step(app: App, clock: pygame.time.Clock) -> float:
    """Wait for the next frame and return its step in seconds: a 60th of a second while
    anything moves; when nothing does, a sleep on the event queue (see ``App.idle_wait``).
    Woken by an event, the time asleep is first given to the updates on their own (a
    toast ages, the warm-up is polled), so the frame that handles the event starts its
    animations with a normal step instead of jumping ahead by the time slept."""
    wait = app.idle_wait()
    if wait is None:
        return min(clock.tick(FPS) / 1000.0, MAX_STEP)
    woken = app.wait_for_events(wait)
    slept = min(clock.tick() / 1000.0, MAX_SLEEP_STEP)
    if not woken:
        return slept
    app.advance(slept)
    clock.tick()
    return 1 / FPS


def loop(app: App, stop: Callable[[], bool] | None = None) -> None:
    """Run ``app``'s frames, paced as ``run`` paces them (``_next_step``), until it closes
    or ``stop()`` (asked after each frame) is true; benchmarks/ui_idle.py runs it too."""
    clock = pygame.time.Clock()
    dt = 1 / FPS
    while app.frame(dt):
        if stop is not None and stop():
            return
        dt = _next_step(app, clock)


def start(launch: Launch, game_id: str | None = None, load_path: str | None = None,
          options: dict[str, Any] | None = None, clock: str | None = None) -> App | None:
    """The arcade in the window ``launch`` opened (``game/ui/splash.py``), once its splash has
    shown until the bots are found: the title's logo in the place the splash drew it, and the
    title's button chosen on the splash done (optionally a game's setup with ``options``
    chosen, and ``clock``, a time control as ``TimeControl.parse`` reads it, or a loaded game,
    instead). None if the window was closed (or Quit chosen) first."""
    opened = launch.wait()
    if opened is None:
        return None
    window, config, registry = opened
    app = App(config=config, registry=registry, game_id=game_id, options=options, clock=clock,
              load_path=load_path, window=window)
    title = app.services.scenes.stack[0] if app.services.scenes.stack else None
    if isinstance(title, TitleScene):
        title.logo_in_place()        # the splash showed the logo there
        if app.services.scenes.top is title:
            title.do_chosen(launch.chosen)
    return app


def run(launch: Launch, game_id: str | None = None, load_path: str | None = None,
        options: dict[str, Any] | None = None, clock: str | None = None) -> int:
    """Run the arcade (``start``) until it closes; returns the exit status.
    ``launch.stamp('first-frame')`` is called once the title screen's first frame is
    shown (with ``BENCH_ENV`` set, the program then ends)."""
    app = start(launch, game_id, load_path, options, clock)
    if app is None:                   # the window was closed before the arcade was ready
        pygame.quit()
        return 0
    shown = False

    def stop() -> bool:
        nonlocal shown
        if shown:
            return False
        shown = True
        launch.stamp("first-frame")
        return os.environ.get(BENCH_ENV) == "1"

    try:
        loop(app, stop)
    except KeyboardInterrupt:
        return stop_after_ctrl_c(app)
    finally:
        app.close()
    return 0


if __name__ == "__main__":  # pragma: no cover - use main.py
    sys.exit("use main.py")
