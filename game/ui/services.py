"""What every screen is handed: the ``Services`` of the arcade, the two stores in it, and the stack of screens.

A scene gets one ``Services`` object and reaches everything through it: the
fonts and shadows it draws with, the sounds, toasts and dialogs, the window
(its size and background), the player's settings and statistics, the bots
(registry, configuration, the engine warm-up), the setup memory, quitting,
and the other screens, which it opens by name (``services.scenes.push("load")``,
``services.scenes.go("play", match=...)``, a ``Route`` for each screen under it).
So a screen never imports the app or another screen, and a new screen is one
entry in the table of ``game/ui/scenes/__init__.py``. The stack of screens is
known here as a ``SceneStack``, what the screens and the app use of it; the
``SceneManager`` of ``game/ui/scenes/base.py`` is one (the app makes it), so
this module, which every screen imports, imports no screen.

``SettingsStore`` holds the settings, tells its listeners about every change
(a screen follows them with ``Scene.follow_settings``) and saves them;
``StatsStore`` holds the statistics and saves every change. A save that fails
is a toast naming the error; the arcade goes on with what it has.
"""
from __future__ import annotations

import dataclasses
from dataclasses import InitVar, dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping, NamedTuple, Protocol, Sequence

from game.lang import _
from game.match.botregistry import BotRegistry
from game.match.config import Config
from game.match.record import Player
from game.match.warmup import EngineWarmUp
from game.rules.core import Outcome
from game.store.userdata import Settings, StatRow, Stats, load_stats, save_settings, save_stats
from game.ui.dialogs import Dialogs
from game.ui.draw import Fonts, Shadows
from game.ui.overlays import Toasts
from game.ui.setupmemory import SetupMemory
from game.ui.sound import Sounds
from game.ui.window import Window

if TYPE_CHECKING:
    import pygame

    from game.ui.focus import FocusGroup

#: Called with the new settings and the names of the settings that were changed.
SettingsListener = Callable[[Settings, frozenset[str]], None]


class Route(NamedTuple):
    """A screen to open: its name in ``SCENES`` and the arguments it is made with."""

    name: str
    args: Mapping[str, Any] = MappingProxyType({})


class Screen(Protocol):
    """A screen as the stack hands it out (a ``Scene``, ``game/ui/scenes/base.py``): what
    the app reads of the one on top."""

    focus: FocusGroup

    #: The screen shows the engine warm-up's progress itself (else the app's card does).
    @property
    def draws_warm_up(self) -> bool: ...

    def toast_room(self) -> pygame.Rect: ...


class SceneStack(Protocol):
    """The stack of screens (``services.scenes``, a ``SceneManager``): the screens open,
    close and rebuild it by name, the app runs the top one and its transitions."""

    @property
    def stack(self) -> Sequence[Screen]: ...
    @property
    def top(self) -> Screen: ...
    @property
    def transitioning(self) -> bool: ...
    @property
    def animating(self) -> bool: ...

    def push(self, name: str, /, *, animate: bool = True, **args: Any) -> Screen | None: ...
    def pop(self, animate: bool = True) -> Screen | None: ...
    def go(self, name: str, /, *, animate: bool = True, **args: Any) -> Screen | None: ...
    def rebuild(self, keep: int, routes: Sequence[Route], animate: bool = True) -> Screen | None: ...
    def ahead(self, name: str, size: tuple[int, int]) -> Iterator[None]: ...
    def request_redraw(self) -> None: ...
    def take_redraw(self) -> bool: ...
    def live_areas(self) -> list[pygame.Rect]: ...
    def draw_live(self, surface: pygame.Surface, areas: list[pygame.Rect]) -> None: ...
    def layout(self, size: tuple[int, int]) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def clear(self) -> None: ...


class SettingsStore:
    """The player's settings: ``current`` to read them, ``update`` to change them.

    Listeners are called in the order they subscribed, after each change and
    before it is saved; ``subscribe`` returns the function that unsubscribes.
    """

    def __init__(self, settings: Settings, toasts: Toasts) -> None:
        self.current = settings
        self._toasts = toasts
        self._listeners: list[SettingsListener] = []

    def subscribe(self, listener: SettingsListener) -> Callable[[], None]:
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def update(self, **changes: object) -> None:
        """Change settings by name (``update(sound=False)``), tell the listeners, save them."""
        self.current = dataclasses.replace(self.current, **changes)
        changed = frozenset(changes)
        for listener in list(self._listeners):
            listener(self.current, changed)
        self.save()

    def save(self) -> str:
        """Write the settings (atomically); a failure is a toast, and its words are
        returned ('' once written)."""
        try:
            save_settings(self.current)
        except OSError as err:
            problem = _("Settings could not be saved: {error}").format(error=err)
            self._toasts.show(problem, "error")
            return problem
        return ""


class StatsStore:
    """Wins, draws and losses per game and matchup (``game.store.userdata.Stats``),
    saved at every change."""

    def __init__(self, toasts: Toasts) -> None:
        self._stats = Stats()
        self._toasts = toasts

    def load(self) -> list[str]:
        """Read the statistics kept so far; returns the problems found in the file."""
        self._stats, problems = load_stats()
        return problems

    def rows(self) -> list[StatRow]:
        return self._stats.rows()

    def record(self, game_id: str, players: Sequence[Player], outcome: Outcome) -> StatRow:
        """Count one finished game and save; returns its matchup's updated row."""
        row = self._stats.record(game_id, players, outcome)
        self.save()
        return row

    def clear(self) -> None:
        """Forget every result, in the file too."""
        self._stats.clear()
        self.save()

    def save(self) -> str:
        """Add the games recorded since the last save to the file (atomically); a
        failure is a toast, those games wait for the next save, and the failure's
        words are returned ('' once written)."""
        try:
            save_stats(self._stats)
        except OSError as err:
            problem = _("Statistics could not be saved: {error}").format(error=err)
            self._toasts.show(problem, "error")
            return problem
        return ""


@dataclass(eq=False)
class Services:
    """Everything a screen uses, built once by the app (``game/ui/app.py``).

    ``scenes``, the stack of screens, is made by ``make_scenes`` from these
    services (the app makes it a ``SceneManager`` of the table of screens,
    ``game.ui.scenes.SCENES``). ``keyboard_mode`` says whether the focus ring
    is shown (the last input was a key, not the mouse); the controls and the
    focus set it.
    """

    fonts: Fonts
    shadows: Shadows
    sounds: Sounds
    toasts: Toasts
    dialogs: Dialogs
    window: Window
    settings: SettingsStore
    stats: StatsStore
    registry: BotRegistry
    config: Config
    warmup: EngineWarmUp
    setup_memory: SetupMemory
    #: Close the arcade (at the end of the current frame).
    quit: Callable[[], None]
    make_scenes: InitVar[Callable[["Services"], SceneStack]]
    scenes: SceneStack = field(init=False)
    keyboard_mode: bool = True

    def __post_init__(self, make_scenes: Callable[["Services"], SceneStack]) -> None:
        self.scenes = make_scenes(self)
