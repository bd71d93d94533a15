"""``python -m game.ui.bench``: the frame benchmark; it lives in ``game.ui.desktop.bench`` (desktop only)."""

from __future__ import annotations

import sys

from game.ui.desktop.bench import main

if __name__ == "__main__":
    sys.exit(main())
