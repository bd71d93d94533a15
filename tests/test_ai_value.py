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
from game.ai.value import (FEATURES, MARGIN, MARGIN_NET, VALUE_INPUTS, WIN, WIN_NET, NetValue, encode, features,
                           net_value, value)
from game.hand import Hand
from game.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
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


@pytest.mark.parametrize("weights", [(WIN, MARGIN), (WIN_NET, MARGIN_NET)], ids=["rule", "net"])
def test_the_evaluation_prefers_what_wins(weights):
    """More points, more triunfos: a higher value; a won position near 1 + the margin term
    (both fits: to the rule player's rollouts and to the network's)."""
    win, margin = weights
    trump = 0
    base = features([[5, 15, 25], [6, 16, 26]], 0, -1, trump, [50, 50], 0, 0)
    ahead = features([[5, 15, 25], [6, 16, 26]], 0, -1, trump, [70, 30], 0, 0)
    trumps = features([[0, 2, 25], [6, 16, 26]], 0, -1, trump, [50, 50], 0, 0)
    assert value(ahead, 0.2, win, margin) > value(base, 0.2, win, margin)
    assert value(trumps, 0.2, win, margin) > value(base, 0.2, win, margin)
    assert value(features([[5], [6]], 0, -1, trump, [100, 10], 0, 0), 0.0, win, margin) > 0.95
    assert len(win) == len(margin) == len(FEATURES) and any(win) and any(margin)
    # seen from the other seat, the same position is (nearly) the other side of the coin
    other = features([[5, 15, 25], [6, 16, 26]], 0, -1, trump, [70, 30], 1, 0)
    assert value(other, 0.0, win, margin) < 0.5 < value(ahead, 0.0, win, margin)


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
            ps = [make_player("expert", random.Random(f"{deal}-{s}"), samples=10, truncate=4) for s in range(2)]
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


def test_value_fit_with_the_network_playing_the_hands_and_the_rollouts():
    """``--policy net:NAME``: positions of network play, each labelled with the network's
    rollout from it; without random cards each label is where the hand itself ends."""
    pytest.importorskip("numpy")
    X, win, margin = value_fit.net_positions(120, 5, "net-a-small32", 0.1)
    assert len(X) == len(win) == len(margin) > 120 * 20 and len(X[0]) == len(FEATURES)
    w, m = value_fit.fit(X, win, margin)
    import numpy as np
    p = 1 / (1 + np.exp(-(np.array(X) @ w)))
    assert np.mean((p - np.array(win)) ** 2) < np.var(win)
    # epsilon 0: the hand is the rollout, so one game's labels for seat 0 never change
    X0, win0, margin0 = value_fit.net_positions(1, 3, "net-a-small32", 0.0)
    assert len(set(margin0[0::2])) == 1 and set(margin0[1::2]) == {-margin0[0]}
    X1, win1, margin1 = value_fit.net_positions(1, 3, "net-a-small32", 1.0)
    assert X1[0] == X0[0] and X1 != X0   # same deal, other cards played


def test_value_fit_refuses_bad_arguments(capsys):
    for argv in (["--policy", "minimax"], ["--policy", "net:net-a", "--epsilon", "1.5"]):
        with pytest.raises(SystemExit) as exc:
            value_fit.main(argv)
        assert exc.value.code == 2
        assert "--policy" in capsys.readouterr().err or "--epsilon" in argv


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


# --- the value network (tools/value_net.py) ----------------------------------------------------
def _value_net_file(tmp_path, hidden: int = 16, seed: int = 2, activation: str = "relu",
                    layers: int = 1) -> str:
    """A random value network (124-hidden-2, ReLU unless told) in the brisca-net-1 format."""
    from test_ai_net import write_net

    shapes = [(VALUE_INPUTS, hidden)] + [(hidden, hidden)] * (layers - 1) + [(hidden, 2)]
    head = {"format": "brisca-net-1", "layers": [list(s) for s in shapes], "activation": activation}
    path = tmp_path / f"value-{seed}-{activation}-{layers}.bin"
    write_net(path, shapes, random.Random(seed), head)
    return str(path)


def test_the_value_network_sees_the_triunfo_as_suit_0():
    """The same position with another suit as triunfo (the triunfo renamed, the other suits
    keeping their order) gives the same inputs; the triunfos are the inputs 0-9 of each block."""
    rng = random.Random(9)
    for _ in range(30):
        cards = rng.sample(range(40), 16)
        me, op, stock = cards[:3], cards[3:6], cards[6:15]
        muestra = cards[15]
        trump = muestra // 10
        new = rng.randrange(4)
        rest_old = [x for x in range(4) if x != trump]
        rest_new = [x for x in range(4) if x != new]
        perm = {trump: new, **dict(zip(rest_old, rest_new))}

        def ren(c):
            return perm[c // 10] * 10 + c % 10
        pts = [rng.randrange(60), rng.randrange(60)]
        a = encode([me, op], sum(1 << c for c in stock), muestra, trump, pts, 0, 1)
        b = encode([[ren(c) for c in me], [ren(c) for c in op]], sum(1 << ren(c) for c in stock), ren(muestra),
                   new, pts, 0, 1)
        assert sorted(a[0]) == sorted(b[0]) and a[1] == b[1]
        assert len(a[0]) == 3 + 3 + 10 and a[1][123] == pytest.approx(10 / 34)
        assert a[1][122] == 0.0 and a[1][120] == pytest.approx(pts[0] / 120)
        # my triunfos are the inputs 0-9, the other hand's 40-49, the stock's 80-89
        assert sorted(i for i in a[0] if i % 40 < 10) == sorted(
            [c % 10 for c in me if c // 10 == trump] + [40 + c % 10 for c in op if c // 10 == trump]
            + [80 + c % 10 for c in stock + [muestra] if c // 10 == trump])


def test_the_value_network_shortcut_equals_the_direct_reading(tmp_path):
    """:class:`NetValue` (the search's: the not-played rows summed once a search) gives the
    same value as :func:`net_value` (every row of the position) after rollouts of a few bazas."""
    from game.ai.network import load_network

    net = load_network(_value_net_file(tmp_path))
    rules = Rules.from_json({"players": 2})
    rng = random.Random(5)
    checked = 0
    for deal in range(12):
        hand = Hand.deal(rules, deal % 2, random.Random(deal))
        p = make_player("normal", random.Random(deal))
        for _ in range(rng.randrange(0, 16)):
            hand.play(p.choose(hand.observation(hand.turn)))
        obs = hand.observation(hand.turn)
        shortcut = NetValue.for_observation(net, obs)
        played = {int(c) for t in obs.tricks for c in t.cards} | {int(c) for _, c in obs.table}
        assert shortcut.unplayed == sum(1 << c for c in range(40) if c not in played)
        from game.ai.knowledge import knowledge_of
        root = knowledge_of(obs).state(obs, rng)
        for bazas in (1, 2, 3):
            st = root.copy()
            pts = rollout(st, bazas=bazas)
            if st.turn < 0:
                continue
            for seat in (0, 1):
                assert shortcut(st, pts, seat, 0.2) == pytest.approx(net_value(net, st, pts, seat, 0.2), abs=1e-9)
                checked += 1
    assert checked >= 30


def test_the_search_reads_truncated_deals_off_a_value_network(tmp_path):
    """``value_model="net:FILE"``: legal, reproducible moves, and other values than the linear
    evaluation's; a file that is not a value network, or another name, is a clear error."""
    path = _value_net_file(tmp_path)
    rules = Rules.from_json({"players": 2})
    hand = Hand.deal(rules, 0, random.Random(2))
    for _ in range(4):
        hand.play(make_player("normal", random.Random(0)).choose(hand.observation(hand.turn)))
    obs = hand.observation(hand.turn)
    runs = []
    for model in (f"net:{path}", f"net:{path}", "linear", "linear-net", "linear-net"):
        p = make_player("expert", random.Random(7), samples=20, truncate=2, value_model=model, prior_z=0.0)
        m = p.choose(obs)
        assert m in obs.legal_moves
        runs.append((str(m), dict(p.last_values)))
    assert runs[0] == runs[1] and runs[3] == runs[4]
    assert runs[0][1] != runs[2][1] and runs[3][1] != runs[2][1]   # each model reads the deals its own way
    with pytest.raises(ValueError, match="value_model"):
        make_player("expert", random.Random(0), value_model="deep")
    with pytest.raises(ValueError, match="not a value network"):
        make_player("expert", random.Random(0), value_model="net:net-a")
    with pytest.raises(ValueError, match="no network"):
        make_player("expert", random.Random(0), value_model="net:no-such-net")
    for kind in ({"activation": "mish"}, {"layers": 2}):     # refused when made, not at the first search
        with pytest.raises(ValueError, match="one ReLU layer"):
            make_player("expert", random.Random(0), value_model=f"net:{_value_net_file(tmp_path, **kind)}")


def test_the_value_network_tool_trains_on_the_inputs_the_search_gives():
    """tools/value_net.py builds its training inputs with torch; they must be exactly what
    :func:`game.ai.value.encode` gives the search for the same positions."""
    torch = pytest.importorskip("torch")
    import value_net
    from distill_net import teacher_module

    gen = torch.Generator().manual_seed(3)
    x, win, margin, raw = value_net.positions(teacher_module("net-a"), 6, gen, 10 ** 9)
    assert len(raw) == x.shape[0] == len(win) == len(margin) == 6 * 17 * 2
    for row, r in zip(x.tolist(), raw):
        active, extra = encode(*r)
        dense = [0.0] * VALUE_INPUTS
        for i in active:
            dense[i] = 1.0
        for i, v in extra.items():
            dense[i] = v
        assert row == pytest.approx(dense, abs=1e-6)
    assert set(win.tolist()) <= {0.0, 0.5, 1.0}


def test_the_distilling_tool_reads_the_teacher_as_the_game_does():
    """tools/distill_net.py's torch copy of a network scores as game/ai/network.py does."""
    torch = pytest.importorskip("torch")
    from distill_net import teacher_module
    from game.ai.network import load_network

    net = load_network("net-a")
    module = teacher_module("net-a")
    rng = random.Random(2)
    for _ in range(5):
        active = rng.sample(range(160), 12)
        extra = {160: rng.random(), 161: rng.random()}
        x = torch.zeros(162)
        x[active] = 1.0
        x[160], x[161] = extra[160], extra[161]
        with torch.no_grad():
            out = module(x[None])[0].tolist()
        assert net.scores(active, extra, list(range(40))) == pytest.approx(out, abs=1e-4)


def test_the_distilling_tool_targets_the_mean_of_several_teachers():
    """tools/distill_net.py with several teachers (``--teacher net-a,net-b``): the target at
    every position is the log of the mean of the teachers' chances over the cards in hand; two
    copies of one teacher give that teacher's own chances."""
    torch = pytest.importorskip("torch")
    from distill_net import positions, teacher_module

    a, b = teacher_module("net-a"), teacher_module("net-b")
    for pair in ([a, a], [a, b]):
        obs, mask, target = positions(pair, 4, 0.1, torch.Generator().manual_seed(9))
        assert obs.shape[0] == mask.shape[0] == target.shape[0] > 4 * 30
        with torch.no_grad():
            each = [torch.log_softmax(t(obs).masked_fill(~mask, -1e8), 1).exp() for t in pair]
        mean = (each[0] + each[1]) / 2
        assert target.exp()[mask].tolist() == pytest.approx(mean[mask].tolist(), abs=1e-5)
        assert target.exp().masked_fill(~mask, 0).sum(1).tolist() == pytest.approx([1.0] * obs.shape[0], abs=1e-5)
    one = positions(a, 4, 0.1, torch.Generator().manual_seed(9))
    same = positions([a, a], 4, 0.1, torch.Generator().manual_seed(9))
    assert torch.equal(one[0], same[0]) and torch.allclose(one[2], same[2], atol=1e-6)
