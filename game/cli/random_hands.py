"""The random-hand workloads of ``python -m game bench``, also run inside WebAssembly.

Why a module of their own: ``bench`` (the command) and ``wasm_bench`` (which runs the same
functions natively and in Pyodide) both use them; here neither imports the other for them.
Pure Python on the rules core and the fast path: nothing at module level needs a process,
a thread or pygame.
"""

from __future__ import annotations

import random
import time

from ..fast import play_random_hand
from ..hand import Hand
from ..rules import Rules

__all__ = ["api_hands", "fast_hands"]


def api_hands(players: int, hands: int, seed: int) -> float:
    """Random hands per second (of CPU time) through the public API: ``Hand.deal`` then a
    uniformly random legal move until the end."""
    rules = Rules(players=players)
    rng = random.Random(seed)
    rnd = rng.random
    start = time.process_time()
    for i in range(hands):
        hand = Hand.deal(rules, i % players, rng)
        while hand.turn is not None:
            moves = hand.legal_moves()
            hand.play(moves[int(rnd() * len(moves))])
    return hands / (time.process_time() - start)


def fast_hands(players: int, hands: int, seed: int) -> float:
    """Random hands per second (of CPU time) through the AI's fast path (``play_random_hand``)."""
    rng = random.Random(seed)
    start = time.process_time()
    for _ in range(hands):
        play_random_hand(players, rng)
    return hands / (time.process_time() - start)
