"""The learned evaluation that ends the search's rollouts early (game/ai/value.py), the
rollout that stops after some bazas, and the tool that fits the evaluation (tools/value_fit.py)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game import fast
from game.ai import make_player
from game.ai.heuristic import rollout
from game.ai.value import FEATURES, MARGIN, WIN, features, value
from game.hand import Hand
from game.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
import value_fit  # noqa: E402


def test_features_read_what_they_say():
    i = FEATURES.index
    trump = 1                       # copas: cards 10-19
    me = [10, 12, 3]                # as and tres of copas, the 4 of oros
    op = [19, 0, 25]                # the rey of copas, the as of oros, the 6 of espadas
    stock = (1 << 11) | (1 << 22)   # the 2 of copas, the tres of espadas
    f = features([me, op], stock, 17, trump, [30, 20], 0, 1)   # muestra: the sota of copas
    assert len(f) == len(FEATURES) and f[i("bias")] == 1.0
    assert f[i("margin")] == pytest.approx(10 / 120) and f[i("left")] == pytest.approx(70 / 120)
    assert f[i("lead")] == 0.0 and f[i("stock")] == pytest.approx(3 / 34)
    assert f[i("mine.triunfos")] == pytest.approx(2 / 3) and f[i("theirs.triunfos")] == pytest.approx(1 / 3)
    assert f[i("mine.as")] == f[i("mine.tres")] == 1.0 and f[i("theirs.as")] == f[i("theirs.tres")] == 0.0
    assert f[i("mine.points")] == pytest.approx(21 / 33) and f[i("theirs.points")] == pytest.approx(15 / 33)
    assert f[i("stock.triunfos")] == pytest.approx(2 / 10)       # the 2 and the sota of copas
    assert f[i("stock.points")] == pytest.approx(12 / 120)       # the tres of espadas and the sota
    # the same position from the other side: margins and hands swap
    g = features([me, op], stock, 17, trump, [30, 20], 1, 1)
    assert g[i("margin")] == -f[i("margin")] and g[i("lead")] == 1.0
    assert g[i("mine.triunfos")] == f[i("theirs.triunfos")]


def test_the_evaluation_prefers_what_wins():
    """More points, more triunfos: a higher value; a won position near 1 + the margin term."""
    trump = 0
    base = features([[5, 15, 25], [6, 16, 26]], 0, -1, trump, [50, 50], 0, 0)
    ahead = features([[5, 15, 25], [6, 16, 26]], 0, -1, trump, [70, 30], 0, 0)
    trumps = features([[0, 2, 25], [6, 16, 26]], 0, -1, trump, [50, 50], 0, 0)
    assert value(ahead, 0.2) > value(base, 0.2)
    assert value(trumps, 0.2) > value(base, 0.2)
    assert value(features([[5], [6]], 0, -1, trump, [100, 10], 0, 0), 0.0) > 0.95
    assert len(WIN) == len(MARGIN) == len(FEATURES) and any(WIN) and any(MARGIN)


def test_a_rollout_can_stop_after_some_bazas():
    rng = random.Random(4)
    for _ in range(50):
        deck = fast.shuffled_deck(rng)
        full = fast.FastState.deal(2, deck, 0)
        cut = full.copy()
        end = rollout(full)
        pts = rollout(cut, bazas=3)
        assert cut.turn >= 0 and cut.tricks == 3 and not cut.table
        assert cut.points == pts and len(cut.hands[0]) == len(cut.hands[1]) == 3
        # played on from there, it ends where the whole rollout did
        assert rollout(cut) == end
    # near the end it plays the hand out: no position to stop at once the stock is out
    st = fast.FastState.deal(2, fast.shuffled_deck(rng), 0)
    assert rollout(st, bazas=40) and st.turn == -1


def test_the_truncated_search_plays_legal_reproducible_moves():
    rules = Rules.from_json({"players": 2})
    for deal in range(2):
        runs = []
        for _ in range(2):
            hand = Hand.deal(rules, deal, random.Random(deal))
            ps = [make_player("expert", random.Random(f"{deal}-{s}"), samples=30, truncate=4) for s in range(2)]
            moves = []
            while not hand.over:
                obs = hand.observation(hand.turn)
                m = ps[hand.turn].choose(obs)
                assert m in obs.legal_moves
                moves.append(str(m))
                hand.play(m)
            runs.append(moves)
        assert runs[0] == runs[1]
    with pytest.raises(ValueError, match="truncate"):
        make_player("expert", random.Random(0), truncate=-1)


def test_value_fit_recovers_an_evaluation_that_predicts():
    """The fitting tool on a small seeded sample: its win model beats the mean on held-out positions."""
    pytest.importorskip("numpy")
    X, win, margin = value_fit.positions(300, 5)
    assert len(X) == len(win) == len(margin) and len(X[0]) == len(FEATURES)
    w, m = value_fit.fit(X, win, margin)
    import numpy as np
    Xa = np.array(X)
    p = 1 / (1 + np.exp(-(Xa @ w)))
    assert np.mean((p - np.array(win)) ** 2) < np.var(win)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_levels_search_as_many_deals_as_their_budget_says_for_the_player_count(players):
    """Two players: ``samples`` truncated deals; three or four (no evaluation there): ``samples_many``."""
    from game.ai import DESKTOP_BUDGET

    rules = Rules.from_json({"players": players})
    hand = Hand.deal(rules, 0, random.Random(3))
    expert, hard = DESKTOP_BUDGET["expert"], DESKTOP_BUDGET["hard"]
    assert expert["samples"] > hard["samples"] and expert["samples_many"] > hard["samples_many"]
    p = make_player("expert", random.Random(1), samples=24, samples_many=12, prior_z=0.0)
    p.choose(hand.observation(hand.turn))
    assert p.last_samples == (24 if players == 2 else 12)
    for bad in (0, -3, 2.5, True, "many"):
        with pytest.raises(ValueError, match="samples_many"):
            make_player("expert", random.Random(0), samples_many=bad)
