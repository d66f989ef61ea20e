"""Short sound effects: moves, results and interface clicks.

The sounds are WAV files made by ``assets/sounds/make_sounds.py``. They are
loaded on first use, and nothing here ever stops the game: with no audio
device (a headless machine, ``SDL_AUDIODRIVER=dummy`` where it cannot
open), a missing or damaged file, the arcade simply stays quiet and
``problems`` says why, for the log or a status line.

Opening the audio device where there is none makes the C audio library
(ALSA's) write a screenful of errors straight to the process's standard
error, past Python. ``quiet_audio_errors`` catches those lines around the
two calls that open the device (``init_pygame`` at start, the mixer on
first use) and puts one line in the log instead; any other line is passed
on to the terminal as it was.
"""
from __future__ import annotations

import contextlib
import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import Iterator

import pygame

from game.lang import _
from game.ui.palette import ASSETS

SOUNDS_DIR = ASSETS / "sounds"
logger = logging.getLogger(__name__)
#: How the audio library's own error lines begin (what ``quiet_audio_errors`` keeps off the terminal).
AUDIO_LIBRARY_PREFIXES = ("ALSA lib ",)


@contextlib.contextmanager
def quiet_audio_errors(what: str) -> Iterator[None]:
    """Run the block with the process's standard error (file descriptor 2) caught; then
    log the audio library's lines as one line naming ``what`` was being done, and write
    every other line to the terminal as usual."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
        caught = tempfile.TemporaryFile()
    except OSError:      # no descriptor 2 to catch (a detached process): nothing reaches a terminal anyway
        yield
        return
    try:
        os.dup2(caught.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
        caught.seek(0)
        lines = caught.read().decode("utf-8", "replace").splitlines()
    finally:
        caught.close()
    audio = [line for line in lines if line.startswith(AUDIO_LIBRARY_PREFIXES)]
    others = [line for line in lines if not line.startswith(AUDIO_LIBRARY_PREFIXES)]
    if audio:
        logger.debug("%s: the audio library reported %d error line(s), the last: %s", what, len(audio), audio[-1])
    if others:
        sys.stderr.write("\n".join(others) + "\n")


def init_pygame() -> None:
    """``pygame.init()``, whose mixer tries the audio device, with the audio library's complaints logged."""
    with quiet_audio_errors("starting pygame"):
        pygame.init()

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
                with quiet_audio_errors("opening the audio device"):
                    pygame.mixer.init(frequency=44_100, size=-16, channels=2, buffer=512)
            return True
        except (pygame.error, NotImplementedError) as err:
            self.problems.append(_("sound is off: the audio device could not be opened ({error})").format(error=err))
            logger.info("%s", self.problems[-1])
            return False

    def set_volume(self, volume: float) -> None:
        """Play every effect at ``volume`` (0 silent .. 1 as recorded) from now on, those loaded too."""
        self.volume = min(1.0, max(0.0, volume))
        for sound in self._sounds.values():
            if sound is not None:
                sound.set_volume(self.volume)

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
            self.problems.append(_("sound {name!r} could not be played ({error})").format(name=name, error=err))

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
                self.problems.append(_("sound {name!r} is silent: {path} could not be loaded ({error})").format(
                    name=name, path=path, error=err))
                sound = None
            self._sounds[name] = sound
        return self._sounds[name]
