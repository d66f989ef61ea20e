"""Short sound effects: moves, results and interface clicks.

The sounds are WAV files made by ``assets/sounds/make_sounds.py``. They are
loaded on first use, and nothing here ever stops the game: with no audio
device (a headless machine, ``SDL_AUDIODRIVER=dummy`` where it cannot
open), a missing or damaged file, the arcade simply stays quiet and
``problems`` says why, for the log or a status line.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.palette import ASSETS

SOUNDS_DIR = ASSETS / "sounds"

#: Every sound the UI may ask for, and what it is for.
SOUND_NAMES: dict[str, str] = {
    "move": "the first player's piece is placed",
    "move_alt": "the second player's piece is placed (a lower tock)",
    "win": "the human at the screen won",
    "lose": "the human at the screen lost",
    "draw": "a draw, or a game between bots ended",
    "click": "a button pressed",
    "hover": "the pointer moved onto a button",
    "error": "an illegal pick or a failure",
    "hint": "a hint appeared",
}


class Sounds:
    """Plays the named effects; ``enabled`` switches them all off or on.

    The mixer is started only when the first sound is played while enabled,
    so a player who turned sound off never opens the audio device.
    """

    def __init__(self, enabled: bool = True, directory: Path = SOUNDS_DIR, volume: float = 1.0) -> None:
        self.enabled = enabled
        self.directory = Path(directory)
        self.volume = min(1.0, max(0.0, volume))
        #: Why some or all sounds stay silent, in player words.
        self.problems: list[str] = []
        self._mixer: bool | None = None
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    @property
    def available(self) -> bool:
        """Whether the audio device could be opened (tries once, on first call)."""
        if self._mixer is None:
            self._mixer = self._start_mixer()
        return self._mixer

    def _start_mixer(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44_100, size=-16, channels=2, buffer=512)
            return True
        except (pygame.error, NotImplementedError) as err:
            self.problems.append(f"sound is off: the audio device could not be opened ({err})")
            return False

    def play(self, name: str) -> None:
        """Play effect ``name`` (one of ``SOUND_NAMES``) if sound is on and possible."""
        if name not in SOUND_NAMES:
            known = ", ".join(SOUND_NAMES)
            raise ValueError(f"no sound named {name!r} (known: {known})")
        if not self.enabled or not self.available:
            return
        sound = self._load(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error as err:
            self.problems.append(f"sound {name!r} could not be played ({err})")

    def preload(self) -> None:
        """Load every effect now (avoids a tiny delay the first time each plays)."""
        if self.enabled and self.available:
            for name in SOUND_NAMES:
                self._load(name)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            path = self.directory / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
                sound.set_volume(self.volume)
            except (pygame.error, FileNotFoundError, OSError) as err:
                self.problems.append(f"sound {name!r} is silent: {path} could not be loaded ({err})")
                sound = None
            self._sounds[name] = sound
        return self._sounds[name]
