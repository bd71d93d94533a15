"""A bot's random numbers carry nothing of the cards it cannot see (an outside audit, round 34).

The interface starts each bot's (and the hint's) random numbers afresh at every point of the hand,
so that the same hand played the same way meets the same answers. It used to seed them from a text
holding the whole deck order: Python keeps a text seed's bytes in the generator's state, so the
other hands and the stock could be read back from ``bot.rng``, and two deals that looked the same
from the bot's seat got different moves (hard 19 of 83 positions, the hint 19 of 83). Now the seed
is what that seat sees (``position_seed``): twins give the same random numbers, the same answers.
"""

from __future__ import annotations

import random

import pytest

from game.hand import SWAP, Hand
from game.match import Match
from game.rules import Rules
from game.ui.session import Options, Session


def _midway(players: int, seed: int) -> Hand:
    """A hand some way in, by random legal moves (cambios taken when offered)."""
    rng = random.Random(seed)
    rules = Rules(players=players, swap_timing="own_turn", swap_two=players != 3)
    hand = Hand.deal(rules, rng.randrange(players), rng)
    for _ in range(rng.randrange(2, 3 * players + 2)):
        legal = hand.legal_moves()
        hand.play(SWAP if SWAP in legal else rng.choice(legal))
    assert not hand.over
    return hand


def _twin(hand: Hand, rng: random.Random) -> Hand:
    """The same hand dealt from another deck order that looks the same from the seat to move:
    the cards that seat cannot place (other hands, face-down stock) change places in the deck."""
    obs = hand.observation(hand.turn)
    fixed = obs.played() | set(obs.hand) | {obs.last_muestra}
    for cards in obs.known_holdings().values():
        fixed |= set(cards)
    for swap in hand.swaps:
        fixed |= {swap.gave, swap.took}
    deck = list(hand.deck)
    places = [i for i, c in enumerate(deck) if c not in fixed]
    cards = [deck[i] for i in places]
    shuffled = cards[:]
    while shuffled == cards:
        rng.shuffle(shuffled)
    for i, c in zip(places, shuffled):
        deck[i] = c
    twin = Hand.from_deck(hand.rules, hand.dealer, deck)
    for move in hand.moves:
        twin.play(move)
    assert twin.deck != hand.deck and twin.observation(hand.turn) == obs
    return twin


def _session(hand: Hand, person: int) -> Session:
    match = Match(hand.rules, 0, hand.dealer, first_to=1)
    match.hand = hand
    return Session(Options(players=hand.players, level="normal"), seed=99, human_seats=(person,), match=match)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_bots_random_numbers_are_the_same_for_deals_that_look_the_same_from_its_seat(players: int) -> None:
    for seed in range(6):
        hand = _midway(players, 100 * players + seed)
        twin = _twin(hand, random.Random(seed))
        seat = hand.turn
        person = (seat + 1) % players
        one, two = _session(hand, person), _session(twin, person)
        assert one.bots_seed == two.bots_seed
        assert one.bot_thinking() is not None and two.bot_thinking() is not None
        assert one.bots[seat].rng.getstate() == two.bots[seat].rng.getstate()
        assert one.bot_move() == two.bot_move()
        mine, theirs = _session(hand, seat), _session(twin, seat)   # the hint of a person in that seat
        assert mine.hint() == theirs.hint()
        assert mine.hint_rng.getstate() == theirs.hint_rng.getstate()

