"""The standard streams the command lines write to (``main.py``'s demo report, ``python -m game``).

Why one place: a reader that left (``| head``) or a full disk (``> /dev/full``) under standard
output must end a command with one line, not a traceback, and not again when Python flushes the
stream at exit.
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["silence"]


def silence(stream: Any) -> None:
    """From now on what goes to ``stream`` goes to the null device, so exiting does not fail
    flushing it again. A stream with no file descriptor (a test's capture) is left as it is."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass
