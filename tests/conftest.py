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
