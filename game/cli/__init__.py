"""Command-line tools behind ``python -m game``."""

from __future__ import annotations

import argparse


def at_least_one(text: str) -> int:
    """An argparse ``type`` for counts (frames, hands, runs): a whole number of 1 or more, so that 0
    or a negative count is argparse's one-line error, not a traceback or an empty measurement later."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value
