"""The guided first hand: a fixed, friendly deal against a gentle computer, with tips at the moment they matter.

Why: brisca is learned by playing. The guide is an ordinary hand (the same deal, play and scoring
scenes) with a :class:`Guide` on the session: before each move the play scene asks it whether a tip
is due; a tip stops the game until the player taps "Seguir" (or skips the whole guide). Each tip
names what it is about (the muestra, the stock, the player's hand, the table) so it is drawn next to
it. The tips are facts about the hand as it is, checked by :meth:`Guide.due`; the words are the
catalogues' (``guide.<tip>``). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from game.cards import Card
from game.hand import SWAP, Hand
from game.rules import Rules
from game.ui.options import Options
from game.ui.session import Session

#: The deal, top card first (RULES.md "Dealing": three cards each in turn from the player after the
#: dealer, then the muestra). Dealer seat 1, so you (seat 0) lead: you hold the 7 of triunfo (oros)
#: for the cambio, the as of copas and the 4 of espadas; the muestra is the rey de oros.
FIRST = ["7O", "6B", "1C", "10C", "4E", "2E", "12O"]
DEALER = 1
LEVEL = "beginner"  # the gentle computer
#: The gentle computer's seed (``Session.bots_seed``): its slips are chance, and with this one, a person
#: who plays the cambio and then their first card meets every tip in order (tests/test_learn.py). The
#: bots' random numbers come from what their seat sees, so a change there may call for another one.
BOTS_SEED = 0


@dataclass(frozen=True)
class Tip:
    """One tip: its catalogue key ``guide.<key>``, where it points, and when it is due."""

    key: str
    at: str  # "muestra", "stock", "hand", "table", "center"
    due: Callable[[Hand], bool]


def _your_turn(hand: Hand) -> bool:
    return hand.turn == 0


def _answering(hand: Hand) -> bool:
    """Your turn with a card led to you: the baza you answer lies on the table (leading, after
    winning the last one, the table is empty and a tip about the baza pointed at nothing)."""
    return hand.turn == 0 and len(hand.table) >= 1


def _low_card_moment(hand: Hand) -> bool:
    """You answer a card worth nothing and hold a low card that is not a triunfo: throw it (the tip
    says to keep the triunfos: not with a hand of triunfos only)."""
    if hand.turn != 0 or len(hand.table) != 1:
        return False
    led = hand.table[0][1]
    return led.points == 0 and any(c.points == 0 and c.suit != hand.trump_suit for c in hand.hand_of(0))


#: The tips in the order they may come (each shown once, when due, on your turn).
TIPS: tuple[Tip, ...] = (
    Tip("muestra", "muestra", lambda h: _your_turn(h)),
    Tip("values", "hand", lambda h: _your_turn(h)),
    Tip("cambio", "muestra", lambda h: _your_turn(h) and SWAP in h.legal_moves()),
    Tip("draw", "stock", lambda h: _your_turn(h) and len(h.tricks) >= 1),
    Tip("baza", "table", _answering),
    Tip("low", "hand", _low_card_moment),
    Tip("last", "center", lambda h: _your_turn(h) and h.stock_count == 0),
)


def deck(rules: Rules) -> list[Card]:
    """The guide's deck: :data:`FIRST` on top, the other cards in a fixed order under them."""
    top = [Card.parse(c) for c in FIRST]
    rest = [c for c in rules.deck() if c not in top]
    order = sorted(rest, key=lambda c: (int(c) * 17) % 41)  # fixed, well mixed, no randomness
    return top + order


def options() -> dict:
    """The new-game options of the guided hand: two players, one hand, the cambio on any own turn."""
    return {"players": 2, "level": LEVEL, "swap_seven": True, "swap_timing": "own_turn", "swap_two": False,
            "first_to": 1, "show_score": True}


class Guide:
    """Which tips were shown; the one showing now."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.current: Tip | None = None
        self.skipped = False
        self.finished = False

    @property
    def showing(self) -> bool:
        return self.current is not None

    def due(self, hand: Hand) -> Tip | None:
        """The next tip due now (not shown yet), or None."""
        for tip in TIPS:
            if tip.key not in self.shown and tip.due(hand):
                return tip
        return None

    def check(self, hand: Hand) -> Tip | None:
        """Open the next tip due now, if none is open; returns the tip showing."""
        if self.current is None and not self.skipped and not self.finished:
            tip = self.due(hand)
            if tip is not None:
                self.current = tip
                self.shown.append(tip.key)
        if hand.over:
            self.finished = True
        return self.current

    def next(self) -> None:
        """The player read the tip: play on."""
        self.current = None

    def skip(self) -> None:
        self.current = None
        self.skipped = True


def session() -> Session:
    """A session for the guided hand (the fixed deal, the gentle computer), with its :class:`Guide`."""
    session = Session(Options(**options()), seed=15, human_seats=(0,))
    session.match.hand = Hand.from_deck(session.rules, DEALER, deck(session.rules))
    session.bots_seed = BOTS_SEED
    session.guide = Guide()
    return session
