"""The fast path (game/fast.py) is the public engine (game/hand.py) in other clothes.

Both are driven by the same seeded random choices on thousands of hands, for every player
count and rule set, and must agree at every step: legal moves (the cambio included), baza
winners, points, hands, stock and muestra, and the final result.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game import fast
from game.cards import DECK, Card
from game.hand import SWAP, Hand
from game.rules import Rules

RULE_SETS = [
    Rules(players=p, swap_seven=s7, swap_timing=t, swap_two=s2, removed_card=Card.parse(rc))
    for p, s7, t, s2, rc in itertools.product(
        (2, 3, 4), (True, False), ("after_win", "own_turn"), (False, True), ("2O", "2B"))
    if (p == 3 or rc == "2O") and (s7 or (t == "after_win" and not s2))
]


def _fast_of(hand: Hand) -> fast.FastState:
    return fast.FastState.deal(hand.players, [int(c) for c in hand.deck], hand.dealer,
                               swap_seven=hand.rules.swap_seven, swap_two=hand.rules.swap_two,
                               own_turn=hand.rules.swap_timing == "own_turn")


def _same(hand: Hand, st: fast.FastState) -> None:
    assert [sorted(h) for h in st.hands] == [[int(c) for c in h] for h in hand.hands]
    assert st.stock_count == hand.stock_count
    assert st.muestra == (-1 if hand.muestra is None else int(hand.muestra))
    assert st.points == hand.points
    assert st.table == [int(c) for _, c in hand.table]
    assert st.turn == (-1 if hand.turn is None else hand.turn)
    assert st.leader == hand.leader


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: str(r.to_json()))
def test_fast_state_equals_public_hand(rules: Rules) -> None:
    rng = random.Random(f"fast-{rules.to_json()}")
    swaps = 0
    for _ in range(250):
        hand = Hand.deal(rules, rng.randrange(rules.players), rng)
        st = _fast_of(hand)
        _same(hand, st)
        while not hand.over:
            legal = hand.legal_moves()
            assert [fast.from_move(m) for m in legal] == st.legal_moves()
            # Take the cambio often when it is offered, so that it is well exercised.
            move = SWAP if SWAP in legal and rng.random() < 0.5 else rng.choice(legal)
            swaps += move == SWAP
            won = st.play(fast.from_move(move))
            before = len(hand.tricks)
            hand.play(move)
            if len(hand.tricks) > before:
                assert won == hand.tricks[-1].winner
            else:
                assert won == -1
            _same(hand, st)
        assert st.over and sum(st.points) == 120
        assert st.side_points() == hand.side_points
    if rules.swap_seven:
        assert swaps > 0  # the cambio really was compared


def test_from_hand_mid_game_matches() -> None:
    """from_hand() picks up a hand at any point (after cambios too) and stays equal to it."""
    rng = random.Random(5)
    for players in (2, 3, 4):
        rules = Rules(players=players, swap_timing="own_turn")
        for _ in range(60):
            hand = Hand.deal(rules, 0, rng)
            for _ in range(rng.randrange(3 * players * 3)):
                legal = hand.legal_moves()
                hand.play(SWAP if SWAP in legal else rng.choice(legal))
            st = fast.from_hand(hand)
            _same(hand, st)
            while not hand.over:
                move = rng.choice(hand.legal_moves())
                assert [fast.from_move(m) for m in hand.legal_moves()] == st.legal_moves()
                st.play(fast.from_move(move))
                hand.play(move)
                _same(hand, st)


def test_tables_agree_with_the_independent_rules() -> None:
    """fast.BEATS is cards.BEATS, built by cards.beats: checking one against the other compared the
    code with itself. The rules are worked out here from tests/reference_rules.py (nothing of game/):
    a triunfo beats any other suit, else only a stronger card of the same suit does."""
    from reference_rules import POINTS, STRENGTH, rank, suit

    for t, trump in enumerate("OCEB"):   # the suits in the order of game.cards.SUITS
        for best in range(40):
            for ch in range(40):
                if best == ch:
                    continue
                b, c = str(DECK[best]), str(DECK[ch])
                wins = (suit(c) == trump != suit(b)
                        or (suit(c) == suit(b) and STRENGTH[rank(c)] > STRENGTH[rank(b)]))
                assert fast.BEATS[t][best * 40 + ch] == wins, (trump, b, c)
                pts = POINTS.get(rank(b), 0) + POINTS.get(rank(c), 0)
                assert fast.TRICK2[t][best * 40 + ch] == (~pts if wins else pts)


def test_random_hand_2_players_follows_the_public_rules() -> None:
    """Re-enact the unrolled two-player kernel through a public Hand: same shuffle, same
    random choices; every card it plays must be legal for the Hand, and the points equal."""
    for seed in range(400):
        dealer = seed % 2
        got = fast.play_random_hand(2, random.Random(seed), dealer=dealer)
        rng = random.Random(seed)
        deck = fast.shuffled_deck(rng)
        hand = Hand.from_deck(Rules(players=2, swap_seven=False), dealer, [DECK[c] for c in deck])
        lead, other = (dealer + 1) % 2, dealer
        mine = {lead: deck[0:6:2], other: deck[1:6:2]}  # the kernel's own hand lists
        r = rng.random
        while not hand.over:
            seat = hand.turn
            h = mine[seat]
            card = h.pop(int(r() * len(h)))
            events = hand.play(DECK[card])
            for ev in events:
                if type(ev).__name__ == "Drew":
                    mine[ev.seat].append(int(ev.card))
        assert got == hand.points
        assert sum(got) == 120


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_hand_totals_and_balance(players: int) -> None:
    rng = random.Random(players)
    totals = [0] * players
    for _ in range(3000):
        pts = fast.play_random_hand(players, rng)
        assert sum(pts) == 120
        totals = [a + b for a, b in zip(totals, pts)]
    mean = 120 / players
    for t in totals:  # random play: every seat near an equal share (sd of the mean < 0.5)
        assert abs(t / 3000 - mean) < 2.5


def test_shuffled_deck_is_a_permutation_and_seeded() -> None:
    assert sorted(fast.shuffled_deck(random.Random(1))) == list(range(40))
    d3 = fast.shuffled_deck(random.Random(1), 3, removed=31)
    assert sorted(d3) == [c for c in range(40) if c != 31]
    assert fast.shuffled_deck(random.Random(9)) == fast.shuffled_deck(random.Random(9))
    # Every card reaches every position about equally often.
    rng = random.Random(3)
    first = [0] * 40
    for _ in range(8000):
        first[fast.shuffled_deck(rng)[0]] += 1
    assert min(first) > 120 and max(first) < 290


def test_one_cambio_a_turn_carried_into_fast_states() -> None:
    """With the cambio del dos, the holder of the 7 and the 2 of triunfo, having given the 7 for the
    as, may not give the 2 for that 7 before playing a card: not in the public hand, not in a
    FastState taken from it or from the player's observation mid-turn (a search starting there),
    not in one that made the cambio itself; the next card played ends the turn."""
    rules = Rules(players=2, swap_two=True, swap_timing="own_turn")
    order = ["4C", "7B", "5O", "2B", "6O", "1C", "1B"]   # seat 1 leads 4C 5O 6O; seat 0 7B 2B 1C
    rest = [str(c) for c in rules.deck() if str(c) not in order]
    hand = Hand.from_deck(rules, 0, [Card.parse(c) for c in order + rest])
    hand.play("4C")
    st = fast.from_hand(hand)
    assert hand.turn == 0 and SWAP in hand.legal_moves() and fast.SWAP_MOVE in st.legal_moves()
    st.play(fast.SWAP_MOVE)
    hand.play(SWAP)
    assert str(hand.muestra) == "7B" and st.muestra == int(Card.parse("7B"))
    assert SWAP not in hand.legal_moves()
    others = [[int(c) for c in hand.hand_of(1)], [int(c) for c in hand.hand_of(0)]]
    for made in (st, fast.from_hand(hand),
                 fast.from_observation(hand.observation(0), [others[1], others[0]],
                                       [int(c) for c in reversed(hand._stock[1:])])):
        assert made.swapped and fast.SWAP_MOVE not in made.legal_moves()
        assert made.legal_moves() == [fast.from_move(m) for m in hand.legal_moves()]
        copy = made.copy()
        copy.play(int(Card.parse("1C")))   # the card ends the turn
        assert not copy.swapped
