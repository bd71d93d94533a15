"""Suite-wide test settings: headless SDL, and saves kept out of the user's real data folder."""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

# Headless first: every test runs under the dummy video and audio drivers.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# No test may write into ~/.local/share/brisca: a whole-session temporary data folder
# (a test that needs its own sets BRISCA_DATA_DIR again with monkeypatch).
_DATA = tempfile.mkdtemp(prefix="brisca-test-data-")
os.environ["BRISCA_DATA_DIR"] = _DATA
atexit.register(shutil.rmtree, _DATA, ignore_errors=True)

# Tests import the project's packages and the helpers beside them.
ROOT = Path(__file__).resolve().parents[1]
for p in (str(ROOT), str(Path(__file__).resolve().parent)):
    if p not in sys.path:
        sys.path.insert(0, p)

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _backup_folder(tmp_path_factory, monkeypatch):
    """No test writes a copy into the user's Downloads or home, nor finds another test's there: each
    test its own copies' folder (the random-input tests reached Ajustes → Copia de seguridad →
    "Guardar copia", left dozens of brisca-copia-*.json in ~, and "Recuperar copia" brought one of them
    back in a later test). A test that needs another sets BRISCA_BACKUP_DIR again with monkeypatch."""
    monkeypatch.setenv("BRISCA_BACKUP_DIR", str(tmp_path_factory.mktemp("copies")))


#: The samples each tone came to, by everything it was made from: (the pieces' work, the samples,
#: the noise generator's state after). Shared by every test of a worker.
_TONES: dict = {}


def _remembered_tones(make):
    """``sound._tone_steps`` made once per worker: a tone asked for again, with the same notes and
    the noise generator in the same state, yields the same pieces and returns the same samples
    without working them out (each app warms its nine sounds on idle menu frames: ~0.16 s an app,
    a fifth of some UI tests' time). Same bytes, same pieces per frame, same generator after."""

    def tone_steps(freqs, duration, volume, noise, rng, *rest):
        key = (tuple(freqs), duration, volume, noise, rest, rng.getstate())
        if key in _TONES:
            pieces, samples, after = _TONES[key]
            yield from pieces
            rng.setstate(after)
            return samples
        pieces = []
        steps = make(freqs, duration, volume, noise, rng, *rest)
        while True:
            try:
                pieces.append(next(steps))
            except StopIteration as made:
                _TONES[key] = (pieces, made.value, rng.getstate())
                return made.value
            yield pieces[-1]

    return tone_steps


@pytest.fixture(autouse=True)
def _tones_made_once(request, monkeypatch):
    """Every test but the sound's own (tests/test_sound_*.py check how the samples are made)."""
    if not request.path.name.startswith("test_sound_"):
        from game.ui import sound  # noqa: PLC0415

        monkeypatch.setattr(sound, "_tone_steps", _remembered_tones(sound._tone_steps))
