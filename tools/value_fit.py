"""Fit the learned evaluation of game/ai/value.py (development tool; needs numpy).

Plays two-player hands with the rule player at both seats on the fast path and, at the start
of every baza while cards remain to draw, records the position and what the search's rollout
(game.ai.heuristic.rollout) gives from it: whether the seat wins and its final margin.  Then
fits a logistic model of the win and a linear model of the margin over value.FEATURES and
prints them as Python for game/ai/value.py, with how much of the outcome they explain on
positions held out.

    python tools/value_fit.py --games 40000 --seed 1   # the weights in game/ai/value.py
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.heuristic import BIT, rollout, rule_move  # noqa: E402
from game.ai.value import FEATURES, state_features  # noqa: E402
from game.fast import FastState, SWAP_MOVE, shuffled_deck  # noqa: E402


def positions(games: int, seed: int):
    """(features, win, margin / 120) for both seats of every recorded position."""
    rng = random.Random(seed)
    X, win, margin = [], [], []
    for g in range(games):
        deck = shuffled_deck(rng)
        st = FastState.deal(2, deck, g % 2, swap_seven=rng.random() < 0.5)
        while st.turn >= 0:
            if not st.table and st.stock_count > 0:
                end = rollout(st.copy())
                for seat in (0, 1):
                    X.append(state_features(st, st.points, seat))
                    mine, theirs = end[seat], end[1 - seat]
                    win.append(1.0 if mine > theirs else (0.5 if mine == theirs else 0.0))
                    margin.append((mine - theirs) / 120.0)
            seat = st.turn
            if st.can_swap():
                st.play(SWAP_MOVE)
                continue
            unknown = 0
            for c in st.hands[1 - seat] + st.stock:
                unknown |= BIT[c]
            st.play(rule_move(sorted(st.hands[seat]), st.table, 2, seat, st.leader, st.trump, unknown,
                              st.stock_count > 0))
    return X, win, margin


def fit(X, win, margin, holdout: float = 0.2, l2: float = 1e-4):
    import numpy as np

    X = np.array(X)
    yw = np.array(win)
    ym = np.array(margin)
    n = len(X)
    n_test = int(n * holdout)
    Xt, Xf = X[:n_test], X[n_test:]
    k = X.shape[1]
    # the win: logistic regression by Newton's method (soft labels for a tie)
    w = np.zeros(k)
    for _ in range(25):
        p = 1.0 / (1.0 + np.exp(-(Xf @ w)))
        g = Xf.T @ (p - yw[n_test:]) / len(Xf) + l2 * w
        H = (Xf * (p * (1 - p))[:, None]).T @ Xf / len(Xf) + l2 * np.eye(k)
        step = np.linalg.solve(H, g)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    # the margin: least squares
    m = np.linalg.solve(Xf.T @ Xf + l2 * len(Xf) * np.eye(k), Xf.T @ ym[n_test:])
    pt = 1.0 / (1.0 + np.exp(-(Xt @ w)))
    yt = yw[:n_test]
    base = np.mean((yt - yt.mean()) ** 2)
    print(f"# {n} positions ({n - n_test} fitted, {n_test} held out)")
    print(f"# win: mean squared error {np.mean((pt - yt) ** 2):.4f} against {base:.4f} for the mean "
          f"(explains {1 - np.mean((pt - yt) ** 2) / base:.3f})")
    mt = ym[:n_test]
    print(f"# margin: explains {1 - np.mean((Xt @ m - mt) ** 2) / np.var(mt):.3f} of its variance")
    for name, vec in (("WIN", w), ("MARGIN", m)):
        print(f"{name}: tuple[float, ...] = (")
        for f, v in zip(FEATURES, vec):
            print(f"    {v: .6f},  # {f}")
        print(")")
    return w, m


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=60000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args(argv)
    t0 = time.time()
    X, win, margin = positions(a.games, a.seed)
    print(f"# generated in {time.time() - t0:.0f} s", file=sys.stderr)
    fit(X, win, margin)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
