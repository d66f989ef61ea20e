"""Synthesise the arcade's sound effects into WAV files next to this script.

Every sound is made here from sine waves, a little filtered noise and
envelopes, so the files are our own work (CC0, see LICENSE.txt) and can be
remade or retuned at will::

    python assets/sounds/make_sounds.py

Output: 44.1 kHz, 16-bit, mono WAV, each under a second, with short fades at
both ends so nothing clicks. The noise is seeded: running the script again
writes identical files.
"""
from __future__ import annotations

import wave
from pathlib import Path
from typing import Callable

import numpy as np

RATE = 44_100
HERE = Path(__file__).resolve().parent

# Equal-tempered note frequencies used below (Hz).
C4, EB4, G4, C5, E5, G5, C6, E6, B6 = 261.63, 311.13, 392.00, 523.25, 659.26, 783.99, 1046.50, 1318.51, 1975.53
A3, D5 = 220.00, 587.33


def timeline(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def fades(signal: np.ndarray, fade_in: float = 0.002, fade_out: float = 0.012) -> np.ndarray:
    """Ramp the first and last few milliseconds so the sound starts and ends at zero."""
    out = signal.copy()
    n_in, n_out = max(1, int(RATE * fade_in)), max(1, int(RATE * fade_out))
    out[:n_in] *= np.linspace(0.0, 1.0, n_in)
    out[-n_out:] *= np.linspace(1.0, 0.0, n_out)
    return out


def decay(t: np.ndarray, attack: float, tau: float) -> np.ndarray:
    """A fast linear attack then an exponential decay with time constant ``tau``."""
    rise = np.clip(t / max(attack, 1e-4), 0.0, 1.0)
    return rise * np.exp(-np.maximum(t - attack, 0.0) / tau)


def lowpass(signal: np.ndarray, cutoff: float) -> np.ndarray:
    """A one-pole low-pass filter (softens noise and buzz)."""
    alpha = 1.0 - np.exp(-2 * np.pi * cutoff / RATE)
    out = np.empty_like(signal)
    acc = 0.0
    for i, x in enumerate(signal):
        acc += alpha * (x - acc)
        out[i] = acc
    return out


def room(signal: np.ndarray, amount: float = 0.25) -> np.ndarray:
    """A touch of space: a few quiet, decaying echoes a few tens of ms apart."""
    out = signal.copy()
    for delay, gain in ((0.031, 0.6), (0.047, 0.45), (0.071, 0.3), (0.113, 0.18)):
        shift = int(RATE * delay)
        out[shift:] += amount * gain * signal[:-shift]
    return out


def place(length: float, *parts: tuple[float, np.ndarray]) -> np.ndarray:
    """Mix sounds that start at the given times into one of ``length`` seconds."""
    out = np.zeros(int(RATE * length))
    for start, part in parts:
        i = int(RATE * start)
        n = min(len(part), len(out) - i)
        out[i:i + n] += part[:n]
    return out


def bell(freq: float, seconds: float, tau: float, brightness: float = 1.0) -> np.ndarray:
    """A soft mallet/bell note: a few partials, the higher ones dying faster."""
    t = timeline(seconds)
    partials = ((1.0, 1.0, 1.0), (2.0, 0.32 * brightness, 0.55), (3.0, 0.10 * brightness, 0.35),
                (4.16, 0.05 * brightness, 0.25))
    return sum(amp * np.sin(2 * np.pi * freq * ratio * t) * decay(t, 0.004, tau * life)
               for ratio, amp, life in partials)


def tock(freq: float) -> np.ndarray:
    """A rounded wooden 'tock': a pitch that drops quickly onto ``freq``, plus a soft tap."""
    t = timeline(0.16)
    pitch = freq * (1.0 + 0.5 * np.exp(-t / 0.012))
    phase = 2 * np.pi * np.cumsum(pitch) / RATE
    body = (np.sin(phase) + 0.25 * np.sin(2 * phase)) * decay(t, 0.0015, 0.038)
    tap = lowpass(np.random.default_rng(7).standard_normal(len(t)), 1400.0) * decay(t, 0.0005, 0.004)
    return body + 0.35 * tap


def move() -> np.ndarray:
    return tock(560.0)


def move_alt() -> np.ndarray:
    return tock(440.0)


def win() -> np.ndarray:
    notes = [(i * 0.085, bell(f, 0.75, 0.22 if i < 3 else 0.35)) for i, f in enumerate((C5, E5, G5, C6))]
    sparkle = bell(2 * C6, 0.4, 0.12, brightness=0.4) * 0.25
    return room(place(0.9, *notes, (0.30, sparkle)))


def lose() -> np.ndarray:
    notes = [(i * 0.14, bell(f, 0.65, 0.26, brightness=0.5)) for i, f in enumerate((G4, EB4, C4))]
    return room(place(0.95, *notes), 0.3)


def draw() -> np.ndarray:
    chord = sum(bell(f, 0.75, 0.3, brightness=0.6) for f in (C4, G4, D5))
    t = timeline(0.75)
    swell = np.clip(t / 0.02, 0.0, 1.0)
    return room(chord * swell, 0.3)


def click() -> np.ndarray:
    t = timeline(0.04)
    blip = np.sin(2 * np.pi * 1700 * t) * decay(t, 0.0008, 0.007)
    tap = lowpass(np.random.default_rng(3).standard_normal(len(t)), 2500.0) * decay(t, 0.0003, 0.002)
    return blip + 0.25 * tap


def hover() -> np.ndarray:
    t = timeline(0.03)
    return np.sin(2 * np.pi * 2600 * t) * decay(t, 0.0008, 0.004)


def error() -> np.ndarray:
    t = timeline(0.11)
    raw = np.tanh(3.0 * np.sin(2 * np.pi * A3 / 2 * t)) + 0.5 * np.tanh(3.0 * np.sin(2 * np.pi * A3 / 2 * 1.5 * t))
    pulse = lowpass(raw, 900.0) * decay(t, 0.004, 0.06)
    return place(0.28, (0.0, pulse), (0.13, pulse))


def hint() -> np.ndarray:
    return room(place(0.7, (0.0, bell(E6, 0.6, 0.2, 0.5)), (0.09, bell(B6, 0.6, 0.22, 0.4))), 0.35)


#: name -> (maker, peak level 0..1): interface sounds are kept quieter.
SOUNDS: dict[str, tuple[Callable[[], np.ndarray], float]] = {
    "move": (move, 0.7),
    "move_alt": (move_alt, 0.7),
    "win": (win, 0.6),
    "lose": (lose, 0.55),
    "draw": (draw, 0.5),
    "click": (click, 0.35),
    "hover": (hover, 0.15),
    "error": (error, 0.45),
    "hint": (hint, 0.45),
}


def write_wav(path: Path, signal: np.ndarray, peak: float) -> None:
    signal = fades(signal)
    signal = signal / max(np.max(np.abs(signal)), 1e-9) * peak
    samples = np.round(signal * 32767).astype("<i2")
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.tobytes())


def main() -> None:
    for name, (make, peak) in SOUNDS.items():
        path = HERE / f"{name}.wav"
        write_wav(path, make(), peak)
        print(f"{path.name}: {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
