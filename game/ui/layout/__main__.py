"""``python -m game.ui.layout --size WxH [--large]``: the layout audit (``game.ui.desktop.audit``, desktop only)."""

import sys

from game.ui.desktop.audit import main

sys.exit(main())
