"""The three-player leads' exact check (``search.three_dominant_steps``, ``beats_both``) on made-up
solved margins (mutation audit, mutation42): which card it leaves the search's lead for, and how
much solving it does. Each deal's (paranoid, max^n) margins come from a table, not the solver, so
each case is the one it names and runs in no time.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.ai import search

OBS = SimpleNamespace(seat=1)


@pytest.fixture
def solved(monkeypatch):
    """``solve_three`` answering from ``table[deal][card]``; every call counted in ``calls``."""
    calls: list = []

    def solve_three(st, seat, moves):
        assert seat == OBS.seat and len(moves) == 1
        calls.append((st, moves[0]))
        return {moves[0]: TABLE[st][moves[0]]}

    monkeypatch.setattr(search, "solve_three", solve_three)
    return calls


TABLE: dict = {}


def check(deals: dict, than: int) -> int:
    TABLE.clear()
    TABLE.update(deals)
    cards = sorted({c for margins in deals.values() for c in margins})
    return search.run_steps(search.three_dominant_steps(OBS, cards, list(deals), than))


def test_a_card_equal_under_one_reading_on_a_deal_does_not_replace_the_search_s_lead(solved):
    """Better on every deal under both readings, strictly: the 7 equal to the search's 5 under
    paranoid on one deal is no better there, and the lead stays (counting equal as better left the
    search's card for one no better on that deal, which is what the check exists to avoid)."""
    assert not search.beats_both((3, 5), (3, 4)) and search.beats_both((4, 5), (3, 4))
    assert check({"a": {5: (0, 0), 7: (2, 2)}, "b": {5: (1, 1), 7: (1, 6)}}, 5) == 5
    assert check({"a": {5: (0, 0), 7: (2, 2)}, "b": {5: (1, 1), 7: (2, 6)}}, 5) == 7


def test_each_deal_s_margins_are_compared_with_the_same_deal_s(solved):
    """The 7 beats the search's 5 on both deals (11 > 10, then 1 > 0), though not the 5's margin on
    the other deal: it replaces it. (Solving the search's card twice on the first deal put its lists
    out of step with the others', and compared deal b's 1 with deal a's 10.)"""
    assert check({"a": {5: (10, 10), 7: (11, 11)}, "b": {5: (0, 0), 7: (1, 1)}}, 5) == 7
    assert len(solved) == 4   # each card solved once a deal


def test_the_check_stops_solving_at_the_first_deal_no_card_beats_the_search_s_on(solved):
    """On a browser's budget each deal solved is time: once no card beats the search's lead on a
    deal, the other deals are not solved (the check's answer is the search's card whatever they say)."""
    deals = {"a": {5: (0, 0), 7: (1, 1), 9: (2, 2)}, "b": {5: (3, 3), 7: (1, 1), 9: (0, 4)},
             "c": {5: (0, 0), 7: (9, 9), 9: (9, 9)}}
    assert check(deals, 5) == 5
    assert [st for st, _card in solved] == ["a"] * 3 + ["b"] * 3


def test_the_check_solves_every_deal_that_fits():
    """The deals the check solves are all those the player cannot tell apart (botwatch41's lead of
    the tres: 2 to 20 of them), each once: judged on one, a card better there only would be led."""
    import json
    from pathlib import Path

    from game.ai.knowledge import knowledge_of
    from game.record import from_record

    position = json.loads((Path(__file__).parent / "data" / "three_lead_positions.json").read_text(encoding="utf-8"))
    obs = from_record(position["LEAD_3E"]["record"]).observation(1)
    know = knowledge_of(obs)
    deals = list(know.every_deal())
    states = search.deal_states(obs, know)
    assert len(deals) > 1 and len(states) == len(deals)
    assert len({repr(st.hands) for st in states}) == len(deals)


def test_with_two_cards_left_to_lead_the_check_is_still_made(monkeypatch):
    """Three players, the stock out, two cards in hand, leading: a choice of two is a choice, and
    the lead may be the one beaten on every deal (the check ran only from three cards up)."""
    import random

    from game.ai import make_player, players
    from game.hand import Hand
    from game.rules import Rules

    hand = Hand.deal(Rules(players=3), 0, random.Random("two-left"))
    while not (hand.observation(hand.turn).stock_count == 0 and not hand.observation(hand.turn).table
               and len(hand.observation(hand.turn).hand) == 2):
        hand.play(hand.legal_moves()[0])
    checked = []
    real = players.three_dominant_steps
    monkeypatch.setattr(players, "three_dominant_steps",
                        lambda obs, cards, states, than: checked.append(len(cards)) or real(obs, cards, states, than))
    make_player("hard", random.Random(0), samples=12, samples_many=12, exact_samples=3).choose(
        hand.observation(hand.turn))
    assert checked == [2]
