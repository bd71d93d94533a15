"""Issue 15, learning and getting better: the cambio lit only when it gains, the review of a whole
hand, the counting aid, the statistics, the rules text for every table, the guided first hand."""

from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.ai.hints import swap_gains, swap_reason
from game.cards import Card
from game.hand import SWAP, Hand
from game.rules import Rules
from game.storage import MemoryBackend, Storage
from game.ui.app import App
from game.ui.i18n import Words
from game.ui.persist import Store
from game.ui.session import Options, Session

DT = 1 / 30


def make_app(storage: Storage | None = None) -> App:
    app = App(Store(storage or Storage(MemoryBackend())), window=False, seed=3)
    app.settings["speed"] = "instant"
    return app


def planted_deck(rules: Rules, first: list[str], muestra: str) -> list[Card]:
    """A deck whose first cards are ``first`` (dealt in RULES.md order) and then ``muestra``."""
    top = [Card.parse(c) for c in first] + [Card.parse(muestra)]
    rest = [c for c in rules.deck() if c not in top]
    return top + rest


# --- the cambio: lit only when it gains ---------------------------------------------------------
@pytest.mark.parametrize("muestra,gains", [("5O", False), ("4O", False), ("2O", False), ("1O", True), ("12O", True)])
def test_swap_gains_only_for_a_stronger_muestra(muestra, gains):
    assert swap_gains(Rules(players=2), Card.parse(muestra)) is gains


def test_cambio_del_dos_gains():
    rules = Rules(players=2, swap_two=True)
    assert swap_gains(rules, Card.parse("5O"))  # the 2 takes a 5: a better triunfo
    assert swap_gains(rules, Card.parse("1O"))  # the 7 takes the as
    assert not swap_gains(Rules(players=2, swap_seven=False), Card.parse("1O"))


@pytest.mark.parametrize("muestra,lit", [("5O", False), ("1O", True)])
def test_play_screen_lights_the_cambio_only_when_it_gains(muestra, lit):
    app = make_app()
    options = Options(players=2, swap_timing="own_turn", best_of=1)
    session = Session(options, seed=1, human_seats=(0,))
    rules = session.rules
    # Dealer 1: seat 0 leads and receives cards 0, 2, 4; it holds the 7 of oros.
    deck = planted_deck(rules, ["7O", "3C", "6E", "4B", "1C", "5B"], muestra)
    session.match.hand = Hand.from_deck(rules, 1, deck)
    app.session = session
    app.go("play")
    app.step(DT)
    scene = app.scene
    assert SWAP in session.hand.legal_moves()
    swap_button = scene.bar.buttons[2]
    assert swap_button.enabled  # legal either way (RULES.md)
    assert scene.table.offer_swap is lit and swap_button.primary is lit
    scene.show_hint()
    reason = swap_reason(session.hand.observation(0))
    assert reason.kind == ("swap" if lit else "swap_loses")
    if not lit:  # the hint says why the cambio is not worth it
        assert "no hagas el cambio" in scene.reason[0].lower()
        assert "cinco de oros" in Words("es").hint(reason)
