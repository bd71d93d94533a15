"""Fit the learned evaluation of game/ai/value.py (development tool; needs numpy).

Plays two-player hands with the rule player at both seats on the fast path and, at the start
of every baza while cards remain to draw, records the position and what the search's rollout
(game.ai.heuristic.rollout) gives from it: whether the seat wins and its final margin.  With
``--policy net:NAME`` the hands are played, and the positions rolled out, by a policy
network's favourite card at both seats instead (game.ai.netrollout.NetRollout, the expert's
two-player rollouts), with a uniformly random card ``--epsilon`` of the time in the hands
(never in the rollouts) so that the positions are not all the network's own.  Then
fits a logistic model of the win and a linear model of the margin over value.FEATURES and
prints them as Python for game/ai/value.py, with how much of the outcome they explain on
positions held out.

    python tools/value_fit.py --games 40000 --seed 1   # WIN and MARGIN in game/ai/value.py
    python tools/value_fit.py --games 40000 --seed 1 --policy net:net-a-small32 --epsilon 0.1
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
from game.ai.heuristic import should_swap  # noqa: E402
from game.fast import FastState, SWAP_MOVE, shuffled_deck  # noqa: E402
from needs import need  # noqa: E402  (tools/ is sys.path[0] when a tool runs)


def _record(X, win, margin, st, end) -> None:
    """Both seats' features of the position ``st`` and the result ``end`` (points) it led to."""
    for seat in (0, 1):
        X.append(state_features(st, st.points, seat))
        mine, theirs = end[seat], end[1 - seat]
        win.append(1.0 if mine > theirs else (0.5 if mine == theirs else 0.0))
        margin.append((mine - theirs) / 120.0)


def _collect(games: int, seed: int, new_hand):
    """(features, win, margin / 120) for both seats of every position at the start of a baza
    while cards remain to draw, over ``games`` seeded hands.  ``new_hand(st, rng)`` gives, for
    each hand dealt, ``(outcome, step)``: ``outcome(st)`` plays a copy of the position out and
    returns the points, ``step(st)`` plays the hand's next move (the cambio included)."""
    rng = random.Random(seed)
    X, win, margin = [], [], []
    for g in range(games):
        st = FastState.deal(2, shuffled_deck(rng), g % 2, swap_seven=rng.random() < 0.5)
        outcome, step = new_hand(st, rng)
        while st.turn >= 0:
            if not st.table and st.stock_count > 0:
                _record(X, win, margin, st, outcome(st.copy()))
            step(st)
    return X, win, margin


def _rule_step(st) -> None:
    """The rule player's move: the cambio whenever it may, else its card."""
    if st.can_swap():
        st.play(SWAP_MOVE)
        return
    seat = st.turn
    unknown = 0
    for c in st.hands[1 - seat] + st.stock:
        unknown |= BIT[c]
    st.play(rule_move(sorted(st.hands[seat]), st.table, 2, seat, st.leader, st.trump, unknown,
                      st.stock_count > 0))


def positions(games: int, seed: int):
    """The positions of the rule player's hands, each labelled by its rollout."""
    return _collect(games, seed, lambda st, rng: (rollout, _rule_step))


def net_positions(games: int, seed: int, name: str, epsilon: float):
    """:func:`positions` with the hands and the rollouts played by the network ``name``."""
    from game.ai.netrollout import NetRollout
    from game.ai.network import load_network

    net = load_network(name)

    def new_hand(st, rng):
        roll = NetRollout(net, st.muestra)

        def step(st) -> None:
            seat = st.turn
            if st.swap_with >= 0 and st.can_swap() and should_swap(st.swap_with, st.muestra):
                st.play(SWAP_MOVE)
            else:
                hand = st.hands[seat]
                if rng.random() < epsilon:
                    card = rng.choice(hand)
                else:
                    common = roll._common(st, roll.last_muestra if st.muestra < 0 else st.muestra)
                    card = roll.choose(common, hand, st.points[seat], st.points[1 - seat],
                                       st.table[0] if st.table else -1)
                st.play(card)
            if st.muestra >= 0:
                roll.last_muestra = st.muestra   # the muestra as last seen face up

        return roll.run, step

    return _collect(games, seed, new_hand)


def fit(X, win, margin, holdout: float = 0.2, l2: float = 1e-4):
    np = need("numpy")

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
    p.add_argument("--policy", default="rule", help="who plays the hands and the rollouts: rule or net:NAME")
    p.add_argument("--epsilon", type=float, default=0.0,
                   help="with --policy net:NAME, the share of the hands' cards played at random")
    a = p.parse_args(argv)
    if a.policy != "rule" and not a.policy.startswith("net:"):
        p.error(f"--policy must be rule or net:NAME, not {a.policy!r}")
    if not 0.0 <= a.epsilon <= 1.0:
        p.error(f"--epsilon must be between 0 and 1, not {a.epsilon}")
    need("numpy")   # now, not after the games
    t0 = time.time()
    if a.policy == "rule":
        X, win, margin = positions(a.games, a.seed)
    else:
        X, win, margin = net_positions(a.games, a.seed, a.policy[4:], a.epsilon)
    print(f"# generated in {time.time() - t0:.0f} s", file=sys.stderr)
    fit(X, win, margin)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
