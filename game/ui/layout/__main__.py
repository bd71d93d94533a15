"""``python -m game.ui.layout --size WxH [--large]``: the layout audit (``game.ui.audit``)."""

import sys

from game.ui.audit import main

sys.exit(main())
