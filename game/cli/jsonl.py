"""Files of JSON lines written one line at a time (the arena's deal log, tools/expert_data.py's
records), and resuming them after a killed run."""

from __future__ import annotations

import json
import os

__all__ = ["complete_lines", "open_to_append"]


def complete_lines(path, warn=None) -> list[str]:
    """The lines of the file ``path`` ([] if there is none).  A last line cut short by a killed
    run (no newline at its end, not JSON) is cut off the file and left out, and ``warn`` (if
    given) is called with its line number; any other line is the caller's to check."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except FileNotFoundError:
        return []
    lines = text.splitlines()
    if lines and not text.endswith("\n"):
        try:
            json.loads(lines[-1])
        except (json.JSONDecodeError, RecursionError):   # (nested too deep: not one of our lines either)
            with open(path, "w", encoding="utf-8") as f:
                f.write(text[:len(text) - len(lines[-1])])
            if warn is not None:
                warn(len(lines))
            lines.pop()
    return lines


def open_to_append(path):
    """``path`` opened to append lines; a newline is written first when its last line has none
    (kept whole by :func:`complete_lines`), so the next line does not run on from it."""
    try:
        with open(path, "rb") as f:
            f.seek(-1, os.SEEK_END)
            ended = f.read(1) == b"\n"
    except OSError:   # no file, or an empty one
        ended = True
    out = open(path, "a", encoding="utf-8")
    if not ended:
        out.write("\n")
    return out
