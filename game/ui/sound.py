"""Short sounds synthesized in code; silent (never crashing) when there is no mixer.

Why: no audio files to ship (the browser build takes OGG only and every byte counts), and a
missing or broken audio device must never stop the game.
"""

from __future__ import annotations

import math
import random
from array import array

import pygame

RATE = 22050


def _tone(freqs: list[float], duration: float, volume: float, noise: float, rng: random.Random,
          decay: float = 30.0) -> bytes:
    n = int(RATE * duration)
    data = array("h")
    for i in range(n):
        t = i / RATE
        env = math.exp(-decay * t) * min(1.0, i / 40)
        v = sum(math.sin(2 * math.pi * f * t) for f in freqs) / max(1, len(freqs))
        v = v * (1 - noise) + (rng.random() * 2 - 1) * noise
        s = int(32767 * volume * env * v)
        data.append(s)
        data.append(s)
    return data.tobytes()


class Sounds:
    """Named sound effects: ``play("card")`` does nothing when sound is off or unavailable."""

    NAMES = ("card", "deal", "win", "swap", "click", "good", "bad", "sena")

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict[str, object] = {}
        self.available = False
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_init() is None:
                return
            rng = random.Random(7)
            specs = {
                "card": ([220.0], 0.07, 0.35, 0.8, 60.0),
                "deal": ([300.0], 0.05, 0.25, 0.85, 80.0),
                "win": ([523.0, 659.0, 784.0], 0.35, 0.25, 0.0, 8.0),
                "swap": ([440.0, 554.0], 0.2, 0.25, 0.1, 14.0),
                "click": ([880.0], 0.04, 0.2, 0.2, 90.0),
                "good": ([523.0, 784.0], 0.5, 0.25, 0.0, 6.0),
                "bad": ([196.0, 233.0], 0.5, 0.25, 0.0, 6.0),
                "sena": ([988.0], 0.12, 0.15, 0.0, 25.0),
            }
            freq, _fmt, channels = pygame.mixer.get_init()
            for name, (freqs, dur, vol, noise, decay) in specs.items():
                raw = _tone(freqs, dur, vol, noise, rng, decay)
                if channels == 1:
                    raw = array("h", raw)[::2].tobytes()
                self.sounds[name] = pygame.mixer.Sound(buffer=raw)
            self.available = True
        except Exception:  # no audio device, no mixer module, odd driver: play silently
            self.sounds = {}
            self.available = False

    def play(self, name: str) -> None:
        if not self.enabled or not self.available:
            return
        sound = self.sounds.get(name)
        if sound is None:
            return
        try:
            sound.play()  # type: ignore[attr-defined]
        except Exception:
            self.available = False
