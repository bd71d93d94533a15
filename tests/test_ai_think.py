"""Thinking across frames: a bot's search stepped a little at a time plays the same moves."""

from __future__ import annotations

import random

import pytest

from game.ai import make_player
from game.hand import Hand
from game.rules import Rules
from game.ui.players import Thinking


def positions(players: int, seed: int, count: int):
    rng = random.Random(seed)
    hand = Hand.deal(Rules(players=players, swap_timing="own_turn"), 0, rng)
    out = []
    while not hand.over and len(out) < count:
        out.append(hand.observation(hand.turn))
        hand.play(rng.choice(hand.legal_moves()))
    return out


@pytest.mark.parametrize("level,players", [("expert", 2), ("hard", 3), ("expert", 4), ("normal", 2)])
def test_think_steps_give_the_moves_of_choose(level, players):
    for i, obs in enumerate(positions(players, 40 + players, 12)):
        a = make_player(level, random.Random(i), samples=12) if level != "normal" else make_player(level, random.Random(i))
        b = make_player(level, random.Random(i), samples=12) if level != "normal" else make_player(level, random.Random(i))
        expected = a.choose(obs)
        steps = b.think(obs)
        count = 0
        while True:
            try:
                next(steps)
                count += 1
            except StopIteration as stop:
                move = stop.value
                break
        assert move == expected
        if level == "normal":
            assert count == 0  # rule players answer at once


def test_a_search_yields_between_sampled_deals():
    obs = positions(2, 5, 3)[2]
    bot = make_player("expert", random.Random(1), samples=30)
    thinking = Thinking(bot, obs)
    frames = 1
    while not thinking.step(0.0):  # a zero budget: one sampled deal per frame
        frames += 1
    assert frames > 5, "the search should spread over several frames"
    assert thinking.move in obs.legal_moves
    again = Thinking(make_player("expert", random.Random(1), samples=30), obs)
    assert again.step(None) and again.move == thinking.move


def test_a_broken_bot_falls_back_to_a_legal_move(capsys):
    class Broken:
        def think(self, obs):
            raise RuntimeError("bug")
            yield

    obs = positions(2, 9, 1)[0]
    thinking = Thinking(Broken(), obs)
    assert thinking.step(None) and thinking.move in obs.legal_moves
    assert "RuntimeError: bug" in capsys.readouterr().err
