"""A short vibration when the turn passes to a person at this device (phones whose browser allows it).

Why: on a phone the player looks away while the computer plays; a 30 ms buzz says "your turn"
without a sound. It happens once per turn (a cambio del siete and the card after it are one
turn; a frame drawn again, the scene rebuilt after a handoff or the menu are not a new turn),
never for a computer's turn, and only with the setting "vibrate" on (the default).
``web.vibrate`` is a no-op off the browser, and the page ignores it where the browser refuses.
"""

from __future__ import annotations

from typing import Any, Callable

from game.ui import web

BUZZ_MS = 30
DEFAULT_ON = True  # the "vibrate" setting until the player chooses


class TurnBuzz:
    """Remembers the last turn it buzzed for, so each turn of a person buzzes once."""

    def __init__(self) -> None:
        self.hand: Any = None  # the hand (compared by identity) and its
        self.at: tuple[int, int] = (-1, -1)  # (baza number, cards already on the table)

    def person_to_move(self, hand: Any, settings: dict, cue: Callable[[], None] | None = None) -> bool:
        """It is a person's turn in ``hand``: buzz if this turn has not buzzed yet (and the
        player's ``settings`` allow it); True if it did. ``cue``: called once at the turn's start
        as well (the "turn" sound, where the computers played before it: ``after_computers``)."""
        at = (hand.trick_number, len(hand.table))
        if hand is self.hand and at == self.at:
            return False
        self.hand, self.at = hand, at
        if cue is not None:
            cue()
        if not settings.get("vibrate", DEFAULT_ON):
            return False
        web.vibrate(BUZZ_MS)
        return True


def after_computers(hand: Any, is_human: Callable[[int], bool]) -> bool:
    """Was the last card of ``hand`` played by a computer (``is_human`` says who is a person)? Then
    a person's turn now is play coming back to them: worth a sound. Not at the hand's first card,
    nor a turn that follows the person's own card (a baza they won, a partner at the same device)."""
    if hand.table:
        seat = hand.table[-1][0]
    elif hand.tricks:
        last = hand.tricks[-1]
        seat = last.seat_of(len(last.cards) - 1, hand.players)
    else:
        return False
    return not is_human(seat)
