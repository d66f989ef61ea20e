"""Sound effects: files present and short, silent when off or impossible, never raising."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import importlib.util
import wave
from pathlib import Path

import pygame
import pytest

from game.ui import sound as sound_module
from game.ui.sound import SOUND_NAMES, SOUNDS_DIR, Sounds


class FakeMixer:
    """Stands in for pygame.mixer: records what the code under test asks of it."""

    def __init__(self, works: bool = True) -> None:
        self.works = works
        self.inits = 0
        self.loaded: list[str] = []
        self.played: list[str] = []
        mixer = self

        class FakeSound:
            def __init__(self, path: str) -> None:
                Path(path).read_bytes()   # a missing file raises like pygame does
                mixer.loaded.append(Path(path).stem)
                self.name = Path(path).stem

            def set_volume(self, volume: float) -> None:
                pass

            def play(self) -> None:
                mixer.played.append(self.name)

        self.Sound = FakeSound

    def get_init(self) -> tuple[int, int, int] | None:
        return (44_100, -16, 2) if self.inits and self.works else None

    def init(self, **kwargs: object) -> None:
        self.inits += 1
        if not self.works:
            raise pygame.error("no audio device here")


@pytest.fixture
def mixer(monkeypatch: pytest.MonkeyPatch) -> FakeMixer:
    fake = FakeMixer()
    monkeypatch.setattr(sound_module.pygame, "mixer", fake)
    return fake


def test_every_sound_file_exists_is_short_and_cd_quality() -> None:
    total = 0
    for name in SOUND_NAMES:
        path = SOUNDS_DIR / f"{name}.wav"
        assert path.is_file(), f"{path} is missing"
        with wave.open(str(path)) as wav:
            assert wav.getframerate() == 44_100
            assert wav.getsampwidth() == 2
            assert 0.01 < wav.getnframes() / wav.getframerate() < 1.0
        total += path.stat().st_size
    assert total < 1_000_000


def test_committed_sounds_match_their_generator(tmp_path: Path) -> None:
    spec = importlib.util.spec_from_file_location("make_sounds", SOUNDS_DIR / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    make_sounds = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(make_sounds)
    assert set(make_sounds.SOUNDS) == set(SOUND_NAMES)
    for name, (make, peak) in make_sounds.SOUNDS.items():
        make_sounds.write_wav(tmp_path / f"{name}.wav", make(), peak)
        assert (tmp_path / f"{name}.wav").read_bytes() == (SOUNDS_DIR / f"{name}.wav").read_bytes(), name


def test_disabled_sounds_never_open_the_mixer(mixer: FakeMixer) -> None:
    sounds = Sounds(enabled=False)
    for name in SOUND_NAMES:
        sounds.play(name)
    sounds.preload()
    assert mixer.inits == 0 and mixer.loaded == [] and mixer.played == []


def test_enabled_sounds_play_each_name_and_load_each_file_once(mixer: FakeMixer) -> None:
    sounds = Sounds(enabled=True)
    for name in SOUND_NAMES:
        sounds.play(name)
        sounds.play(name)
    assert mixer.played == [n for n in SOUND_NAMES for _ in range(2)]
    assert mixer.loaded == list(SOUND_NAMES)
    assert mixer.inits == 1 and sounds.problems == []


def test_switching_enabled_takes_effect_at_once(mixer: FakeMixer) -> None:
    sounds = Sounds(enabled=False)
    sounds.play("move")
    sounds.enabled = True
    sounds.play("move")
    sounds.enabled = False
    sounds.play("move")
    assert mixer.played == ["move"]


def test_an_audio_device_that_cannot_open_leaves_sound_silent_with_a_reason(mixer: FakeMixer) -> None:
    mixer.works = False
    sounds = Sounds(enabled=True)
    for name in SOUND_NAMES:
        sounds.play(name)
    assert not sounds.available
    assert mixer.inits == 1 and mixer.played == []
    assert len(sounds.problems) == 1 and "no audio device here" in sounds.problems[0]


def test_a_missing_sound_file_is_silent_and_named(mixer: FakeMixer, tmp_path: Path) -> None:
    sounds = Sounds(enabled=True, directory=tmp_path)
    sounds.play("win")
    sounds.play("win")
    assert mixer.played == []
    assert len(sounds.problems) == 1 and "win.wav" in sounds.problems[0]


def test_an_unknown_sound_name_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="'tada'"):
        Sounds(enabled=False).play("tada")


def test_every_sound_plays_or_stays_silent_under_the_dummy_driver() -> None:
    sounds = Sounds(enabled=True)
    try:
        for name in SOUND_NAMES:
            sounds.play(name)
        if sounds.available:
            assert sounds.problems == []
        else:
            assert any("audio device" in p for p in sounds.problems)
    finally:
        if pygame.mixer.get_init():
            pygame.mixer.quit()
