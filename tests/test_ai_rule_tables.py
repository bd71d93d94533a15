"""Which keep values normal plays with, by the number of players and its options (``_RULE_TABLES``),
pinned by two positions whose choice is worked out by hand from the rule's scores.

An outside mutation audit (mut37) swapped the tables of (``keep_points``, ``keep_points_early``)
(True, True) and (False, True), and halved ``kin_pts``, and every AI test still passed: the first
quietly undoes the thirty-first round's fix for three players (normal spending its as of triunfo on a
blank baza once the stock is out, docs/ai.md), the second the thirty-sixth round's while it lasts.

The rule's score of a card following a baza: (2q − 1) × (points on the table + the card's) − the
card's keep value, q the chance its side takes the baza (1 or 0 for the last to play, or where no
unseen card beats it). A triunfo's keep value is 4 + strength while the stock lasts, 1 + strength / 2
once it is out (strength: as 9, tres 8, rey 7, caballo 6, sota 5, 7 4 … 2 0); ``kin_pts`` and
``kout_pts`` add its points then (heuristic.rollout_policy)."""

from __future__ import annotations

import random

from game.ai import make_player
from game.cards import Card
from game.record import from_record

RULES = {"players": 3, "swap_seven": True, "swap_timing": "after_win", "swap_two": False, "removed_card": "2O"}

#: Seed 0 of three seeded players: triunfo bastos, the stock out; seat 2 holds the caballo de copas,
#: the as and the 4 de bastos, and the blank 7 de copas is led, one player still to play.
STOCK_OUT = {"rules": RULES, "dealer": 0, "deck": [
    "3C", "5O", "4C", "1O", "4O", "12O", "4E", "5E", "6O", "3B", "10C", "11E", "12B", "3O", "11B", "2C", "6E", "5B",
    "7O", "12C", "1B", "3E", "2E", "10O", "10B", "1E", "11O", "2B", "10E", "6B", "6C", "7B", "7E", "5C", "11C", "1C",
    "7C", "12E", "4B"], "moves": [
    "4E", "4O", "4C", "3C", "5O", "12B", "3O", "1O", "2C", "11B", "5E", "6O", "6E", "11E", "7O", "2E", "3E", "10B",
    "10C", "11O", "2B", "10O", "12C", "5B", "7B", "7E", "5C", "6C", "1C", "6B", "7C"]}

#: Seed 7: triunfo espadas, 21 cards to draw; seat 1 holds the as and the sota de espadas and the 6 de
#: bastos, last to play to the as de copas and the 6 de oros (11 points on the table).
STOCK_LEFT = {"rules": RULES, "dealer": 1, "deck": [
    "2C", "10O", "1E", "7E", "12O", "11C", "10B", "3B", "10E", "5E", "1B", "1C", "7C", "2B", "11E", "6O", "4E", "1O",
    "6B", "11O", "5B", "2E", "6C", "11B", "5O", "3E", "3C", "12E", "7B", "5C", "4B", "10C", "3O", "12B", "12C", "4O",
    "6E", "7O", "4C"], "moves": ["2C", "10O", "11C", "1B", "10B", "12O", "2B", "7E", "3B", "1C", "6O"]}


def choice(record: dict, **options) -> str:
    hand = from_record(record)
    return str(make_player("normal", random.Random(0), **options).choose(hand.observation(hand.turn)))


def test_three_players_keep_the_as_of_triunfo_off_a_blank_baza_once_the_stock_is_out() -> None:
    """The as of triunfo surely takes the 7: 0 + 11 points against a keep of 1 + 4.5 + 11 (its
    points counted, ``kout_pts``): −5.5; the caballo de copas takes it, maybe, for its 3 and
    keeps nothing: normal plays the caballo. Without the as's points counted the as scores
    11 − 5.5 = 5.5 and is spent on the blank baza (the thirty-first round's fix undone)."""
    hand = from_record(STOCK_OUT)
    obs = hand.observation(hand.turn)
    assert obs.seat == 2 and obs.stock_count == 0 and [str(c) for _s, c in obs.table] == ["7C"]
    assert choice(STOCK_OUT) == "11C"   # three players: keep_points and keep_points_early on
    assert choice(STOCK_OUT, keep_points=True, keep_points_early=False) == "11C"
    assert choice(STOCK_OUT, keep_points=False) == "1B"
    assert choice(STOCK_OUT, keep_points=False, keep_points_early=True) == "1B"


def test_a_triunfos_points_count_in_full_while_the_stock_lasts() -> None:
    """Last to play, 11 points on the table. The as de espadas takes them for 22 against a keep of
    4 + 9 + 11 = 24: −2; the sota de espadas for 13 against 4 + 5 + 2 = 11: +2; the 6 de bastos
    loses 11. Normal takes the as de copas with the sota, keeping its as of triunfo (its points
    counted at half, the as scores 22 − 18.5 = 3.5 and goes; not counted, 22 − 13 = 9)."""
    hand = from_record(STOCK_LEFT)
    obs = hand.observation(hand.turn)
    assert obs.seat == 1 and obs.stock_count == 21 and len(obs.table) == 2 and Card.parse("1E") in obs.hand
    assert choice(STOCK_LEFT) == "10E"   # three players: the points counted while the stock lasts
    assert choice(STOCK_LEFT, keep_points=False, keep_points_early=True) == "10E"
    assert choice(STOCK_LEFT, keep_points_early=False) == "1E"
