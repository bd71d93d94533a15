"""Checks of the players' options (the arena's ``--a-opts``/``--b-opts``, tools, tests).

Why a module of its own: every kind of player takes numbers, counts and switches, and a wrong
one (a negative count of deals, a word where a number goes) must be refused when the player is
built, naming the option, instead of failing later inside a search with a bare ZeroDivisionError,
or being taken silently (``bool("no")`` is true).
"""

from __future__ import annotations

import math

__all__ = ["whole", "number", "flag", "seconds"]


def whole(name: str, value, least: int) -> int:
    """``value`` if it is a whole number (an int, not a bool) of at least ``least``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise ValueError(f"{name} must be a whole number, {least} or more, not {value!r}")
    return value


def number(name: str, value, low: float | None = None, high: float | None = None) -> float:
    """``value`` as a float if it is a finite number (not a bool) within [``low``, ``high``]."""
    ok = isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)
    if ok and low is not None and value < low:
        ok = False
    if ok and high is not None and value > high:
        ok = False
    if not ok:
        where = {(True, True): f" between {low} and {high}", (True, False): f", {low} or more",
                 (False, True): f", at most {high}", (False, False): ""}[(low is not None, high is not None)]
        raise ValueError(f"{name} must be a number{where}, not {value!r}")
    return float(value)


def flag(name: str, value) -> bool:
    """``value`` if it is true or false (not 0, 1 or a word)."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r}")
    return value


def seconds(name: str, value) -> float | None:
    """``value`` as a float of seconds, more than 0, or None (no limit)."""
    if value is None:
        return None
    if not isinstance(value, (int, float)) or isinstance(value, bool) or not 0.0 < value < math.inf:
        raise ValueError(f"{name} must be a number of seconds over 0, or null (no limit), not {value!r}")
    return float(value)
