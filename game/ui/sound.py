"""Short sounds synthesized in code; silent (never crashing) when there is no mixer.

Why: no audio files to ship (the browser build takes OGG only and every byte counts), and a
missing or broken audio device must never stop the game. The player sets them on or off and
their volume (settings "sound" and "volume", 0-100 in steps of 10); a change applies at once to
every sound. In the browser nothing plays before the player's first tap, click or key: browsers
refuse audio until a user gesture, so ``Sounds(locked=True)`` stays mute until ``unlock()``.
"""

from __future__ import annotations

import math
import random
from array import array
from typing import Generator, Iterator

import pygame

RATE = 22050
RELEASE = 0.006  # seconds of fade at a sound's (or a note's) end
#: Samples a piece of a sound being made (``_tone_steps``), and the work ``Sounds.warm`` does a frame,
#: in samples times voices: about 1 ms here. Whole, the long sounds took 10-27 ms frames on the menu
#: (the fanfare 16 ms), several times that on a phone.
PIECE = 256
WARM_WORK = 4096
DEFAULT_VOLUME = 80  # percent, until the player chooses
VOLUMES = tuple(range(0, 101, 10))  # the settings row's steps


def volume_step(value: object) -> int:
    """The settings row's step nearest to a stored volume (a bad value gives the default)."""
    if type(value) is not int or not 0 <= value <= 100:
        return DEFAULT_VOLUME
    return min(VOLUMES, key=lambda step: abs(step - value))


def loudness(percent: int) -> float:
    """The mixer's volume for the settings row's ``percent``: its square, so that the row's steps
    sound evenly apart (in amplitude the top five steps were within 4.4 dB of each other)."""
    return (max(0, min(100, percent)) / 100) ** 2


def spread(raw: bytes, channels: int) -> bytes:
    """16-bit stereo samples (both sides the same) as ``channels`` channels."""
    mono = array("h", raw)[::2]
    out = array("h", bytes(2 * len(mono) * channels))
    for c in range(channels):
        out[c::channels] = mono
    return out.tobytes()


SINE_BITS = 10
SINE = [math.sin(2 * math.pi * i / (1 << SINE_BITS)) for i in range(1 << SINE_BITS)]


def _tone(freqs: list[float], duration: float, volume: float, noise: float, rng: random.Random,
          decay: float = 30.0, rate: int = RATE) -> bytes:
    """A decaying chord plus noise as 16-bit stereo samples."""
    return _finish(_tone_steps(freqs, duration, volume, noise, rng, decay, rate))


def _finish(steps: Iterator[int]):
    """What a maker of pieces (``_tone_steps``, ``Sounds._make``) returns, all of it made now."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def _tone_steps(freqs: list[float], duration: float, volume: float, noise: float, rng: random.Random,
                decay: float = 30.0, rate: int = RATE) -> Generator[int, None, bytes]:
    """``_tone`` made PIECE samples at a time: yields the work done (samples times voices) after each
    piece and returns the samples, the same whether made in one go or over many frames.

    Why a sine table and a running envelope: start-up time counts (and the browser runs Python
    several times slower), so the inner loop does only adds, multiplies and table look-ups.
    """
    n = int(rate * duration)
    size = 1 << SINE_BITS
    mask = size - 1
    steps = [f * size / rate for f in freqs]
    phases = [0.0] * len(freqs)
    k = len(freqs)
    env_step = math.exp(-decay / rate)
    env = 32767 * volume
    tone_mix, noise_mix = (1 - noise) / max(1, k), noise
    fade = n - min(n // 2, int(rate * RELEASE))   # the last few ms die away: no click at the end
    rand = rng.random
    data = array("h", bytes(4 * n))
    for start in range(0, n, PIECE):
        for i in range(start, min(n, start + PIECE)):
            v = 0.0
            for j in range(k):
                v += SINE[int(phases[j]) & mask]
                phases[j] += steps[j]
            attack = i / 40 if i < 40 else ((n - i) / (n - fade) if i >= fade else 1.0)
            sample = int(env * attack * (v * tone_mix + (rand() * 2 - 1) * noise_mix))
            data[2 * i] = sample
            data[2 * i + 1] = sample
            env *= env_step
        yield (min(n, start + PIECE) - start) * max(1, k)
    return data.tobytes()


class Sounds:
    """Named sound effects: ``play("card")`` does nothing when sound is off, at volume 0, still
    locked (the browser before the first gesture) or unavailable."""

    NAMES = ("card", "deal", "win", "swap", "click", "good", "bad", "sena", "fanfare", "ours", "theirs", "turn")

    SPECS = {  # name: (frequencies, seconds, volume, share of noise, decay per second)
        "card": ([220.0], 0.07, 0.35, 0.8, 60.0),
        "deal": ([300.0], 0.05, 0.25, 0.85, 80.0),
        "win": ([523.0, 659.0, 784.0], 0.35, 0.25, 0.0, 8.0),
        "swap": ([440.0, 554.0], 0.2, 0.25, 0.1, 14.0),
        "click": ([880.0], 0.04, 0.2, 0.2, 90.0),
        "good": ([523.0, 784.0], 0.5, 0.25, 0.0, 6.0),
        # (an octave up as well: a phone's speaker hardly gives out the low notes alone)
        "bad": ([196.0, 233.0, 392.0, 466.0], 0.5, 0.3, 0.0, 6.0),
        "sena": ([988.0], 0.12, 0.15, 0.0, 25.0),
        # a match won: notes in turn (a list of chords), each NOTE seconds, the last one ringing on
        "fanfare": ([[523.0], [659.0], [784.0], [1047.0, 784.0, 659.0]], 0.9, 0.22, 0.0, 5.0),
        # who took a baza, by ear (``baza_sound``): two notes up for your side, two down (and lower) for the
        # rivals; a baza worth 10 or more that your side took has the "win" chord instead
        "ours": ([[659.0, 1319.0], [880.0, 1760.0]], 0.24, 0.18, 0.0, 14.0),
        "theirs": ([[330.0, 659.0], [247.0, 494.0]], 0.26, 0.2, 0.0, 12.0),
        # your turn again after the computers played (``feel.TurnBuzz``): one soft, high ding
        "turn": ([1175.0, 1760.0], 0.18, 0.1, 0.0, 16.0),
    }
    NOTE = 0.11

    def __init__(self, enabled: bool = True, volume: int = DEFAULT_VOLUME, *, locked: bool = False) -> None:
        self.enabled = enabled
        self.volume = max(0, min(100, int(volume)))  # percent; sounds are made at it
        self.locked = locked  # True until the first gesture (the browser)
        self.sounds: dict[str, object] = {}
        self.making: dict[str, Iterator[int]] = {}   # sounds begun by ``warm``, not finished yet
        self.this_frame: set[str] = set()   # played in this frame: each once (a skipped deal played 15)
        self.worked = False   # this frame made a piece of a sound (``warm``): it has done its share
        self.available = False
        self.format: tuple[int, int] = (RATE, 2)
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            init = pygame.mixer.get_init()
            if init is None:
                return
            self.format = (init[0], init[2])  # made at the mixer's own rate and channels
            self.available = True
        except Exception:  # no audio device, no mixer module, odd driver: play silently
            self.available = False

    def set_volume(self, percent: int) -> None:
        """0-100: every sound made so far and every one made later plays at this volume."""
        self.volume = max(0, min(100, int(percent)))
        for sound in self.sounds.values():
            self._apply_volume(sound)

    def _apply_volume(self, sound: object) -> None:
        try:
            sound.set_volume(loudness(self.volume))  # type: ignore[attr-defined]
        except Exception:  # a device that fails later: go silent rather than crash
            self.available = False

    def unlock(self) -> None:
        """The player has tapped, clicked or pressed a key: the browser lets sound play now."""
        self.locked = False

    def get(self, name: str) -> object | None:
        """The sound ``name``, synthesized the first time it is needed (start-up stays quick)."""
        sound = self.sounds.get(name)
        if sound is None and self.available and name in self.SPECS:
            _finish(self._maker(name))   # (what warm began of it, finished)
            sound = self.sounds.get(name)
        return sound

    def _maker(self, name: str) -> Iterator[int]:
        """The making of ``name`` (the one begun, if any), in pieces: see ``_make``."""
        maker = self.making.get(name)
        if maker is None:
            maker = self.making[name] = self._make(name)
        return maker

    def _make(self, name: str) -> Iterator[int]:
        """Synthesize ``name`` a piece at a time, yielding the work done after each (``_tone_steps``);
        at the end the sound is ready in ``sounds``."""
        freqs, dur, vol, noise, decay = self.SPECS[name]
        rate, channels = self.format
        rng = random.Random(name)
        if freqs and isinstance(freqs[0], list):   # notes in turn: short ones dying away, then the last
            last = dur - self.NOTE * (len(freqs) - 1)
            parts = []
            for i, f in enumerate(freqs):
                parts.append((yield from _tone_steps(f, self.NOTE if i < len(freqs) - 1 else last, vol, noise, rng,
                                                     25.0 if i < len(freqs) - 1 else decay, rate)))
            raw = b"".join(parts)
        else:
            raw = yield from _tone_steps(freqs, dur, vol, noise, rng, decay, rate)
        if channels != 2:   # the mixer's own channels (one; or four, six where the device gave them)
            raw = spread(raw, channels)
        sound = pygame.mixer.Sound(buffer=raw)
        self._apply_volume(sound)
        self.sounds[name] = sound
        self.making.pop(name, None)

    def warm(self, work: int = WARM_WORK) -> bool:
        """Make about ``work`` (samples times voices) more of the sounds not made yet (called on idle
        menu frames: a long sound is made over several); False when all are ready."""
        if not self.available:
            return False
        done = 0
        for name in self.NAMES:
            if name in self.sounds:
                continue
            try:
                for piece in self._maker(name):
                    done += piece
                    self.worked = True
                    if done >= work:
                        return True
            except Exception:
                self.available = False
                return False
        return done > 0

    def audible(self) -> bool:
        """Would ``play`` make a sound now (sound on, volume above 0, unlocked, a mixer)?"""
        return self.enabled and self.volume > 0 and not self.locked and self.available

    def new_frame(self) -> None:
        """A new frame begins: each sound may play once in it (the app calls this every frame)."""
        self.this_frame.clear()
        self.worked = False

    def play(self, name: str) -> None:
        """Play ``name`` (once a frame: the same sound started together only adds up, to a clip)."""
        if not self.audible() or name in self.this_frame:
            return
        self.this_frame.add(name)
        try:
            sound = self.get(name)
            if sound is not None:
                sound.play()  # type: ignore[attr-defined]
        except Exception:  # a device that fails later: go silent rather than crash
            self.available = False


def baza_sound(points: int, ours: bool) -> str:
    """The sound of a baza taken: ``ours`` (the device's side took it; ``Session.people_won``) the
    "win" chord when it carries 10 points or more, else two notes going up; the rivals', two going down."""
    if not ours:
        return "theirs"
    return "win" if points >= 10 else "ours"
