"""What every screen is handed: the ``Services`` of the arcade, and the two stores in it.

A scene gets one ``Services`` object and reaches everything through it: the
fonts and shadows it draws with, the sounds, toasts and dialogs, the window
(its size and background), the player's settings and statistics, the bots
(registry, configuration, the engine warm-up), the setup memory, quitting,
and the other screens, which it opens by name (``services.scenes.push("load")``,
``services.scenes.go("play", match=...)``; see ``game/ui/scenes/base.py``).
So a screen never imports the app or another screen, and a new screen is one
entry in the table of ``game/ui/scenes/__init__.py``.

``SettingsStore`` holds the settings, tells its listeners about every change
(a screen follows them with ``Scene.follow_settings``) and saves them;
``StatsStore`` holds the statistics and saves every change. A save that fails
is a toast naming the error; the arcade goes on with what it has.
"""
from __future__ import annotations

import dataclasses
from dataclasses import InitVar, dataclass, field
from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from game.match.botregistry import BotRegistry
from game.match.config import Config
from game.match.record import Player
from game.match.warmup import EngineWarmUp
from game.rules.core import Outcome
from game.store.userdata import Settings, StatRow, Stats, load_stats, save_settings, save_stats
from game.ui.dialogs import Dialogs
from game.ui.draw import Fonts, Shadows
from game.ui.overlays import Toasts
from game.ui.scenes.base import SceneManager
from game.ui.setupmemory import SetupMemory
from game.ui.sound import Sounds
from game.ui.window import Window

if TYPE_CHECKING:
    from game.ui.scenes.base import Scene

#: Called with the new settings and the names of the settings that were changed.
SettingsListener = Callable[[Settings, frozenset[str]], None]


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
            problem = f"Settings could not be saved: {err}"
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
            problem = f"Statistics could not be saved: {err}"
            self._toasts.show(problem, "error")
            return problem
        return ""


@dataclass(eq=False)
class Services:
    """Everything a screen uses, built once by the app (``game/ui/app.py``).

    ``screens`` is the table of screens by name (``game.ui.scenes.SCENES``)
    that ``scenes``, the stack of screens, opens them from. ``keyboard_mode``
    says whether the focus ring is shown (the last input was a key, not the
    mouse); the controls and the focus set it.
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
    screens: InitVar[Mapping[str, "type[Scene]"]]
    scenes: SceneManager = field(init=False)
    keyboard_mode: bool = True

    def __post_init__(self, screens: Mapping[str, "type[Scene]"]) -> None:
        self.scenes = SceneManager(self, screens)
