"""Seeded hands of the computer players, every move: the tests that check an option leaves some
games as they were compare two such lists."""

from __future__ import annotations

import random

from game.ai import make_player
from game.hand import Hand
from game.rules import Rules


def seeded_moves(players: int, options: dict, hands: int, tag: str, level: str = "normal") -> list[list[str]]:
    """``hands`` hands of ``level`` (normal) at every seat with ``options`` (deck ``Random(f"{tag}-{i}")``,
    seat s's player ``Random(players * i + s)``), every move as a string."""
    out = []
    for i in range(hands):
        hand = Hand.deal(Rules(players=players), i % players, random.Random(f"{tag}-{i}"))
        bots = [make_player(level, random.Random(players * i + s), **options) for s in range(players)]
        moves = []
        while not hand.over:
            move = bots[hand.turn].choose(hand.observation(hand.turn))
            moves.append(str(move))
            hand.play(move)
        out.append(moves)
    return out
