"""The rule options table: Rules' fields, validation, JSON and the fast path's flags all come from it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game import fast
from game.cards import DECK, Card
from game.hand import Hand
from game.rules import RULE_OPTIONS, Rules, RulesError


def test_one_rules_field_per_option_with_the_tables_default():
    assert [f.name for f in dataclasses.fields(Rules)] == [o.name for o in RULE_OPTIONS]
    for option in RULE_OPTIONS:
        assert option.allowed(option.default), option.name
        assert getattr(Rules(), option.name) == option.default
        assert len(set(option.values)) == len(option.values) >= 2, option.name


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda o: o.name)
def test_every_value_round_trips_through_json(option):
    for value in option.values:
        rules = Rules(**{"players": 3, option.name: value}) if option.name != "players" else Rules(players=value)
        data = rules.to_json()
        assert Rules.from_json(data) == rules
        assert getattr(Rules.from_json(data), option.name) == value
        assert data[option.name] == (str(value) if isinstance(value, Card) else value)


@pytest.mark.parametrize("option", RULE_OPTIONS, ids=lambda o: o.name)
def test_every_option_refuses_values_outside_the_table(option):
    wrong_type = "2" if not isinstance(option.default, str) else 2
    for bad in (wrong_type, None, [option.default], 9):
        with pytest.raises(RulesError, match=option.name):
            Rules.from_json({option.name: bad})
    if isinstance(option.default, bool):  # True == 1 in Python, but not in the table
        with pytest.raises(RulesError, match=option.name):
            Rules.from_json({option.name: int(option.default)})


def test_an_option_that_does_not_apply_is_left_out_of_the_record():
    assert "removed_card" not in Rules(players=2).to_json()
    assert Rules(players=3, removed_card="2E").to_json()["removed_card"] == "2E"
    assert "swap_timing" in Rules(swap_seven=False).to_json()  # always written, as RULES.md shows


def test_error_messages_are_short_whatever_the_input():
    with pytest.raises(RulesError) as exc:
        Rules.from_json({"swap_timing": "x" * 100_000})
    assert len(str(exc.value)) < 200
    with pytest.raises(RulesError, match="one of the 2s"):
        Rules(players=3, removed_card="1O")


def test_the_fast_paths_flags_and_cambio_come_from_the_rules():
    rng = random.Random(5)
    for rules in (Rules(), Rules(swap_timing="own_turn"), Rules(swap_seven=False, swap_two=True),
                  Rules(players=4, swap_two=True)):
        hand = Hand.deal(rules, 0, rng)
        state = fast.from_hand(hand)
        assert (state.swap_seven, state.swap_two, state.own_turn) == (
            rules.swap_seven, rules.swap_two, rules.swap_timing == "own_turn")
        for muestra in DECK:
            want = rules.swap_card_for(muestra)
            got = fast.swap_card_for(int(muestra), rules.swap_seven, rules.swap_two)
            assert got == (fast.NO_CARD if want is None else int(want)), (rules, muestra)
    assert fast.swap_card_for(fast.NO_CARD, True, False) == fast.NO_CARD
