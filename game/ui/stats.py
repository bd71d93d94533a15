"""The player's statistics: what a finished hand or match adds to them.

Why: bookkeeping belongs to the game, not to the screen that shows the count. These functions take
the statistics dict (as ``persist`` stores it) and a :class:`~game.ui.session.Session`, and change
the dict; saving it is the caller's. No pygame here.
"""

from __future__ import annotations

from typing import Any

#: The counters shown on the statistics screen, in order.
COUNTERS = ("matches", "match_wins", "hands", "hand_wins", "hand_losses", "voids", "best", "swaps")


def record_swap(stats: dict) -> None:
    """A person at this device made a cambio."""
    stats["swaps"] = stats.get("swaps", 0) + 1


def record_hand(stats: dict, session: Any) -> bool:
    """Add the session's finished hand (and the match, if it is over) once; True if anything changed.

    Demos (no person playing) and a hand already recorded (a resumed count) change nothing.
    """
    if session.demo or session.recorded == session.match.number or not session.hand.over:
        return False
    session.recorded = session.match.number
    result = session.hand.result
    mine = session.viewer_side()
    stats["hands"] = stats.get("hands", 0) + 1
    if result.void:
        stats["voids"] = stats.get("voids", 0) + 1
    elif result.winner_side == mine:
        stats["hand_wins"] = stats.get("hand_wins", 0) + 1
    else:
        stats["hand_losses"] = stats.get("hand_losses", 0) + 1
    stats["best"] = max(stats.get("best", 0), session.hand.side_points[mine])
    if session.match.over:
        stats["matches"] = stats.get("matches", 0) + 1
        if session.match.winner_side == mine:
            stats["match_wins"] = stats.get("match_wins", 0) + 1
    return True
