"""A short vibration when the turn passes to a person at this device (phones whose browser allows it).

Why: on a phone the player looks away while the computer plays; a 30 ms buzz says "your turn"
without a sound. It happens once per turn (a cambio del siete and the card after it are one
turn; a frame drawn again, the scene rebuilt after a handoff or the menu are not a new turn),
never for a computer's turn, and only with the setting "vibrate" on (the default).
``web.vibrate`` is a no-op off the browser, and the page ignores it where the browser refuses.
"""

from __future__ import annotations

from typing import Any

from game.ui import web

BUZZ_MS = 30
DEFAULT_ON = True  # the "vibrate" setting until the player chooses


class TurnBuzz:
    """Remembers the last turn it buzzed for, so each turn of a person buzzes once."""

    def __init__(self) -> None:
        self.hand: Any = None  # the hand (compared by identity) and its
        self.at: tuple[int, int] = (-1, -1)  # (baza number, cards already on the table)

    def person_to_move(self, hand: Any, settings: dict) -> bool:
        """It is a person's turn in ``hand``: buzz if this turn has not buzzed yet (and the
        player's ``settings`` allow it); True if it did."""
        at = (hand.trick_number, len(hand.table))
        if hand is self.hand and at == self.at:
            return False
        self.hand, self.at = hand, at
        if not settings.get("vibrate", DEFAULT_ON):
            return False
        web.vibrate(BUZZ_MS)
        return True
