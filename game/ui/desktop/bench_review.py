"""``python -m game.ui.bench --review``: how long the review of a finished hand thinks, and its longest frame.

Why: the review (game/ui/review.py) judges each of the person's moves while they read the earlier
bazas, ``THINK_PER_FRAME`` seconds of search a frame; a step runs over that by at most one deal's
search. Since the thirty-fourth session it solves every deal of four players from the last draw on
(before: once the stock was out), about three times the thinking of a whole hand: this prints, for
seeded hands of normal players, the seconds a hand's review takes and its steps' p95 and max in ms.
"""

from __future__ import annotations

import random
import statistics
import time


def review_times(players: int, hands: int = 8) -> tuple[list[float], list[float]]:
    """(seconds per hand's review, every step's ms) over ``hands`` seeded hands, seat 0 judged."""
    from game.ai import make_player  # noqa: PLC0415
    from game.hand import Hand  # noqa: PLC0415
    from game.rules import Rules  # noqa: PLC0415
    from game.ui.review import Review  # noqa: PLC0415
    from game.ui.scenes.review import THINK_PER_FRAME  # noqa: PLC0415

    totals, steps = [], []
    for seed in range(1, hands + 1):
        rng = random.Random(seed)
        hand = Hand.deal(Rules(players=players), seed % players, rng)
        bots = [make_player("normal", random.Random(seed * 10 + s)) for s in range(players)]
        while not hand.over:
            hand.play(bots[hand.turn].choose(hand.observation(hand.turn)))
        review = Review(hand, (0,))
        began = time.perf_counter()
        done = False
        while not done:
            step = time.perf_counter()
            done = review.step(THINK_PER_FRAME)
            steps.append((time.perf_counter() - step) * 1000)
        totals.append(time.perf_counter() - began)
    return totals, steps


def review_bench(hands: int = 8) -> None:
    for players in (2, 3, 4):
        totals, steps = review_times(players, hands)
        steps.sort()
        print(f"{players} players, {hands} hands: review {statistics.median(totals):.2f} s median "
              f"(max {max(totals):.2f}); steps p95 {steps[int(len(steps) * 0.95)]:.1f} ms, max {steps[-1]:.1f} ms")
