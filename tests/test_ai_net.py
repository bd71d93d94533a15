"""The network sparring partner (game/ai/net.py): its file format, its arithmetic, its moves,
and the training environment of tools/train_net.py (when PyTorch is installed)."""

from __future__ import annotations

import array
import json
import math
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import SPARRING, make_player
from game.ai.net import NET_DIR, NetPlayer, load_network, observation_inputs
from game.fast import FastState
from game.hand import SWAP, Hand
from game.rules import Rules

ROOT = Path(__file__).resolve().parent.parent


def write_net(path: Path, shapes, rng: random.Random, header: dict | None = None) -> list:
    """A random network in game/ai/net.py's format; returns its layers as (rows, bias)."""
    layers = []
    data = array.array("f")
    for i, o in shapes:
        rows = [[rng.uniform(-0.5, 0.5) for _ in range(i)] for _ in range(o)]
        bias = [rng.uniform(-0.1, 0.1) for _ in range(o)]
        for r in rows:
            data.extend(r)
        data.extend(bias)
        layers.append((rows, bias))
    head = header or {"format": "brisca-net-1", "layers": [list(s) for s in shapes]}
    if sys.byteorder != "little":
        data.byteswap()
    path.write_bytes((json.dumps(head) + "\n").encode() + data.tobytes())
    # the values as stored (float32)
    stored = array.array("f", data.tobytes())
    if sys.byteorder != "little":
        stored.byteswap()
    k = 0
    out = []
    for i, o in shapes:
        rows = [list(stored[k + j * i:k + (j + 1) * i]) for j in range(o)]
        k += i * o
        out.append((rows, list(stored[k:k + o])))
        k += o
    return out


def dense_reference(layers, x: list[float], activation: str = "mish") -> list[float]:
    """The same network as a plain dense product, written independently."""
    def mish(v):
        return v * math.tanh(math.log(1.0 + math.exp(v)))

    def relu(v):
        return max(v, 0.0)
    act = relu if activation == "relu" else mish
    h = x
    for n, (rows, bias) in enumerate(layers):
        h = [sum(w * a for w, a in zip(row, h)) + b for row, b in zip(rows, bias)]
        if n + 1 < len(layers):
            h = [act(v) for v in h]
    return h


@pytest.mark.parametrize("activation, shapes", [
    (None, [(162, 16), (16, 12), (12, 40)]),
    ("relu", [(162, 16), (16, 40)]),
    ("relu", [(162, 16), (16, 12), (12, 40)]),
])
def test_scores_equal_a_dense_product(tmp_path, activation, shapes):
    """Mish between the layers when the file names no activation (the trained networks); a file
    naming ``"activation": "relu"`` (tools/distill_net.py, tools/value_net.py) is read with ReLU;
    scores_from(first_sum) is scores."""
    rng = random.Random(3)
    head = {"format": "brisca-net-1", "layers": [list(x) for x in shapes]}
    if activation:
        head["activation"] = activation
    layers = write_net(tmp_path / "r.bin", shapes, rng, head)
    net = load_network(str(tmp_path / "r.bin"))
    assert net.activation == (activation or "mish")
    for _ in range(20):
        active = rng.sample(range(160), rng.randint(1, 30))
        extra = {160: rng.random(), 161: rng.random()}
        x = [0.0] * 162
        for i in active:
            x[i] = 1.0
        for i, v in extra.items():
            x[i] = v
        wanted = rng.sample(range(40), 3)
        ref = dense_reference(layers, x, net.activation)
        got = net.scores(active, extra, wanted)
        assert got == pytest.approx([ref[j] for j in wanted], rel=1e-9, abs=1e-9)
        assert net.scores_from(net.first_sum(active, extra), wanted) == got


def test_an_unknown_activation_is_a_clear_error(tmp_path):
    head = {"format": "brisca-net-1", "layers": [[162, 8], [8, 40]], "activation": "sigmoid"}
    write_net(tmp_path / "s.bin", [(162, 8), (8, 40)], random.Random(1), head)
    with pytest.raises(ValueError, match="unknown activation 'sigmoid'"):
        load_network(str(tmp_path / "s.bin"))


@pytest.mark.parametrize("damage, message", [
    (lambda raw: b"not json\n" + raw.partition(b"\n")[2], "bad header"),
    (lambda raw: raw.replace(b"brisca-net-1", b"other-format"), "is not a brisca-net-1 file"),
    (lambda raw: raw[:-2], "cut short"),
    (lambda raw: raw[:-8], "holds"),
])
def test_a_broken_network_file_is_a_clear_error(tmp_path, damage, message):
    path = tmp_path / "t.bin"
    write_net(path, [(162, 8), (8, 8), (8, 40)], random.Random(1))
    bad = tmp_path / "bad.bin"
    bad.write_bytes(damage(path.read_bytes()))
    with pytest.raises(ValueError, match=message):
        load_network(str(bad))


def test_a_missing_network_is_a_clear_error():
    with pytest.raises(ValueError, match="no network 'no-such-net'"):
        make_player("net", random.Random(0), network="no-such-net")


def test_the_observation_is_the_published_bots():
    rules = Rules.from_json({"players": 2, "swap_seven": False})
    hand = Hand.from_deck(rules, 0, list(rules.deck()))   # the deck in index order
    # seat 1 leads the first baza; play it and the lead of the next
    first = hand.turn
    hand.play(hand.observation(first).legal_moves[0])
    hand.play(hand.observation(hand.turn).legal_moves[0])
    leader = hand.turn
    led = hand.observation(leader).legal_moves[0]
    hand.play(led)
    obs = hand.observation(hand.turn)
    active, extra = observation_inputs(obs)
    played = [int(c) for t in obs.tricks for c in t.cards]
    assert sorted(a for a in active if a < 40) == sorted(played)
    assert [a - 40 for a in active if 40 <= a < 80] == [int(obs.last_muestra)]
    assert [a - 80 for a in active if 80 <= a < 120] == [int(led)]
    assert sorted(a - 120 for a in active if 120 <= a < 160) == sorted(int(c) for c in obs.hand)
    assert extra == {160: obs.points[obs.seat] / 120.0, 161: obs.points[1 - obs.seat] / 120.0}


def shipped() -> list[str]:
    return sorted(p.stem for p in NET_DIR.glob("*.bin"))


def test_the_sparring_networks_are_shipped_with_the_repository():
    assert SPARRING["net"] is NetPlayer
    assert "net-a" in shipped() and "net-b" in shipped()
    net = load_network("net-a")
    assert net.inputs == 162 and len(net.layers) == 3 and len(net.layers[-1][0]) == 40


@pytest.mark.parametrize("swap_seven", [False, True])
def test_it_plays_whole_hands_legally_and_reproducibly(swap_seven):
    rules = Rules.from_json({"players": 2, "swap_seven": swap_seven})
    for deal in range(3):
        order = list(rules.deck())
        random.Random(deal).shuffle(order)
        runs = []
        for _ in range(2):
            hand = Hand.from_deck(rules, deal % 2, order)
            players = [make_player("net", random.Random(f"{deal}-{s}")) for s in range(2)]
            moves = []
            while not hand.over:
                obs = hand.observation(hand.turn)
                move = players[hand.turn].choose(obs)
                assert move in obs.legal_moves and move != SWAP
                moves.append(str(move))
                hand.play(move)
            runs.append(moves)
        assert runs[0] == runs[1]


def test_greedy_plays_the_best_scored_card():
    rules = Rules.from_json({"players": 2, "swap_seven": False})
    order = list(rules.deck())
    random.Random(5).shuffle(order)
    hand = Hand.from_deck(rules, 0, order)
    obs = hand.observation(hand.turn)
    greedy = [make_player("net", random.Random(s), greedy=True) for s in range(5)]
    picks = {int(p.choose(obs)) for p in greedy}
    assert len(picks) == 1
    cards = sorted(int(c) for c in obs.hand)
    probs = greedy[0].probabilities(obs, cards)
    assert math.isclose(sum(probs), 1.0)
    assert cards[max(range(3), key=probs.__getitem__)] in picks


def test_the_shipped_network_beats_random():
    """A strength smoke test (the figures are in docs/ai.md): 20 duplicate deals (0.90 at seed 11; a
    random player scores 0.425, the network with its chances given to the wrong cards 0.45)."""
    from game.cli.arena import run_arena

    cfg = {"a": "net", "b": "random", "players": 2, "deals": 20, "seed": 11,
           "rules": Rules.from_json({"players": 2, "swap_seven": False}).to_json(), "senas": -1,
           "a_opts": {}, "b_opts": {}, "deal_log": None, "sprt": None}
    out = run_arena(cfg)
    assert out["score_a"] > 0.75, out


def test_the_arena_refuses_the_network_with_more_players():
    done = subprocess.run([sys.executable, "-m", "game", "arena", "net", "normal", "--players", "4",
                           "--deals", "1"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "net plays only 2-player hands" in done.stderr


# --- the training environment (tools/train_net.py), checked against game.fast ----------------
def test_the_training_environment_plays_brisca_by_the_rules():
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from train_net import Games
    finally:
        sys.path.remove(str(ROOT / "tools"))
    gen = torch.Generator().manual_seed(7)
    g = Games(48, gen)
    states = []
    for i in range(48):
        leader = int(g.leader[i])
        states.append(FastState.deal(2, g.deck[i].tolist(), (leader + 1) % 2, swap_seven=False))
    rng = random.Random(7)
    for t in range(40):
        mover = g.mover()
        obs, mask = g.observe(mover)
        hidden = g.hidden(mover)   # what an oracle critic sees (--oracle-critic)
        cards = []
        for i, st in enumerate(states):
            assert st.turn == int(mover[i])
            assert hidden[i, :40].nonzero().flatten().tolist() == sorted(st.hands[1 - st.turn])
            left = st.stock + ([st.muestra] if st.muestra >= 0 else [])
            assert hidden[i, 40:80].nonzero().flatten().tolist() == sorted(left)
            # the next two drawn: the stock's top (the baza's winner), then the next card or the muestra
            after = ([st.stock[-1], st.stock[-2] if len(st.stock) >= 2 else st.muestra]
                     if st.stock else [])
            nxt = hidden[i, 80:120].nonzero().flatten().tolist() + hidden[i, 120:].nonzero().flatten().tolist()
            assert nxt == after
            assert sorted(st.hands[st.turn]) == torch.nonzero(mask[i]).flatten().tolist()
            assert obs[i, :40].nonzero().flatten().tolist() == sorted(
                c for c in range(40) if c not in st.hands[0] + st.hands[1] + st.stock + st.table
                and c != st.muestra)
            c = rng.choice(st.hands[st.turn])
            cards.append(c)
            st.play(c)
        g.step(torch.tensor(cards))
    for i, st in enumerate(states):
        assert st.points == [int(x) for x in g.points[i].tolist()]


def test_fine_tuning_a_trained_network_with_an_oracle_critic(tmp_path):
    """``--init NAME``: the actor starts as that network (same scores), the critic, which sees the
    hidden cards with ``--oracle-critic``, learns alone first (the actor unchanged), the log follows
    the score against the network fine-tuned from."""
    torch = pytest.importorskip("torch")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import train_net
        from distill_net import teacher_module
    finally:
        sys.path.remove(str(ROOT / "tools"))
    out = tmp_path / "ft"
    assert train_net.main(["--out", str(out), "--init", "net-a-small32", "--pool-init", "net-a-small32",
                           "--iterations", "1", "--critic-warmup", "1", "--oracle-critic", "--seed", "3"]) == 0
    row = json.loads((out / "log.jsonl").read_text().splitlines()[-1])
    assert row["alpha"] == 1.0 and row["lr"] == 3e-4 and 0.4 < row["vs_init"] < 0.6
    state = torch.load(out / "checkpoint.pt", weights_only=False)
    agent = train_net.Agent(oracle=True)
    agent.actor = teacher_module("net-a-small32")
    agent.load_state_dict(state["agent"])
    assert agent.critic[0].in_features == train_net.OBS + train_net.ORACLE
    x = torch.rand(5, train_net.OBS)
    with torch.no_grad():   # the critic alone learned: the actor is still net-a-small32
        assert torch.allclose(agent.actor(x), teacher_module("net-a-small32")(x), atol=1e-5)


@pytest.mark.parametrize("players", [2, 3])
def test_the_search_can_take_its_prior_card_from_a_network(players):
    """``anchor="net:NAME"``: with two players the card the search keeps unless another is clearly
    better is the network's favourite; with three (no network there) the rule player's."""
    from game.ai.knowledge import knowledge_of
    from game.ai.players import RulePlayer

    rules = Rules.from_json({"players": players})
    hand = Hand.deal(rules, 0, random.Random(11))
    greedy = NetPlayer(random.Random(0), network="net-a", greedy=True)
    rule = RulePlayer(random.Random(0))
    compared = 0
    while not hand.over:
        obs = hand.observation(hand.turn)
        p = make_player("expert", random.Random(len(hand.moves)), samples=12, anchor="net:net-a")
        cards = sorted(int(c) for c in obs.hand)
        if len(cards) > 1 and SWAP not in obs.legal_moves:
            prior = p._tie_break(obs, knowledge_of(obs), cards)
            if players == 2:
                assert prior == int(greedy.choose(obs))
            else:
                assert prior == int(rule.choose(obs))
            compared += 1
        move = p.choose(obs)
        assert move in obs.legal_moves
        hand.play(move)
    assert compared > 5
    with pytest.raises(ValueError, match="no-such-net"):
        make_player("expert", random.Random(0), anchor="net:no-such-net")


def test_prior_logit_asks_more_evidence_to_leave_a_card_the_network_is_sure_of():
    """``prior_logit`` k: the search leaves the network's card for another only when the paired
    difference also beats k × ln(P(prior) / P(other)). With k = 0 it plays as before; with a huge k
    it never leaves the network's card while the deals decide (the exact endgame aside)."""
    from game.ai.network import probabilities

    rules = Rules.from_json({"players": 2, "swap_seven": False})
    left = {0.0: 0, 1000.0: 0}
    searched = 0
    for deal in range(1):
        hand = Hand.deal(rules, deal % 2, random.Random(40 + deal))
        greedy = NetPlayer(random.Random(0), network="net-a", greedy=True)
        while not hand.over:
            obs = hand.observation(hand.turn)
            cards = sorted(int(c) for c in obs.hand)
            if len(cards) > 1 and obs.stock_count > 4:
                searched += 1
                for k in left:
                    p = make_player("expert", random.Random(len(hand.moves)), samples=24, anchor="net:net-a",
                                    prior_logit=k)
                    left[k] += p.choose(obs) != greedy.choose(obs)
            hand.play(greedy.choose(obs))
    assert searched > 20 and left[0.0] > 0 and left[1000.0] == 0
    p = make_player("expert", random.Random(0), anchor="net:net-a", prior_logit=0.5)
    obs = Hand.deal(rules, 0, random.Random(3)).observation(0)
    cards = sorted(int(c) for c in obs.hand)
    probs = dict(zip(cards, probabilities(p._anchor_net, obs, cards)))
    base, other = sorted(cards, key=probs.get, reverse=True)[:2]
    assert p._confidence(obs, cards, base, other) == pytest.approx(0.5 * math.log(probs[base] / probs[other]))
    assert make_player("expert", random.Random(0), anchor="rule", prior_logit=0.5)._confidence(obs, cards, base, other) == 0
    for bad in (-0.1, True, "0.1", None):
        with pytest.raises(ValueError, match="prior_logit"):
            make_player("expert", random.Random(0), prior_logit=bad)


def test_the_search_levels_take_their_networks_from_files_the_browser_ships():
    """The expert and hard levels take their prior card from net-a (DESKTOP_BUDGET ``anchor``)
    and the expert reads the other's plays with net-a-small (``infer_model``) and plays its
    two-player rollouts with net-a-small32 (``rollout``, half its width); the browser build
    must carry those files (build_web.NOT_SHIPPED leaves out only the arena's networks), or the browser's
    ``make_player`` would fail at the first game."""
    from game.ai import DESKTOP_BUDGET, browser_budget
    from game.cli import build_web

    nets = set()
    for level, budget in DESKTOP_BUDGET.items():
        anchor = budget.get("anchor", "rule")
        reading = budget.get("infer_model", "rule")
        rollout = budget.get("rollout", "rule")
        for options in ({}, browser_budget(level)):
            player = make_player(level, random.Random(0), **options)
            assert player.anchor == anchor and player.infer_model == reading and player.rollout == rollout
        for name in (anchor, reading, rollout):
            if name.startswith("net:"):
                rel = f"game/ai/nets/{name[4:]}.bin"
                assert (ROOT / rel).is_file(), rel
                assert rel not in build_web.NOT_SHIPPED and not any(rel.startswith(f"{n}/") for n in build_web.NOT_SHIPPED)
                nets.add(name)
    assert nets == {"net:net-a", "net:net-a-small", "net:net-a-small32"}
    assert DESKTOP_BUDGET["expert"]["infer_model"] == "net:net-a-small"
    assert DESKTOP_BUDGET["expert"]["rollout"] == "net:net-a-small32"
    for name, hidden in (("net-a-small", 64), ("net-a-small32", 32)):
        small = load_network(name)
        assert small.activation == "relu" and small.inputs == 162 and len(small.layers) == 2
        assert len(small.layers[0][0]) == hidden and len(small.layers[1][0]) == 40 and len(small.layers[1][0][0]) == hidden


@pytest.mark.parametrize("players", [2, 3])
def test_prior_until_stock_plays_the_prior_card_without_searching_while_the_stock_is_large(players):
    """``prior_until_stock``: with two players, while the stock holds more cards than that, the
    network's favourite card without a single sampled deal; from there on the search.  Three
    players always search."""
    rules = Rules.from_json({"players": players, "swap_seven": False})
    hand = Hand.deal(rules, 0, random.Random(5))
    greedy = NetPlayer(random.Random(0), network="net-a", greedy=True)
    seen_prior = seen_search = 0
    while not hand.over:
        obs = hand.observation(hand.turn)
        p = make_player("expert", random.Random(len(hand.moves)), samples=12, prior_until_stock=20)
        move = p.choose(obs)
        assert move in obs.legal_moves
        if players == 2 and obs.stock_count > 20:
            assert move == greedy.choose(obs) and p.last_samples == 0
            seen_prior += 1
        elif len(obs.hand) > 1:
            assert p.last_samples > 0
            seen_search += 1
        hand.play(move)
    assert seen_search > 3 and (seen_prior > 10 if players == 2 else seen_prior == 0)
    for bad in (-1, 2.5, True, "20"):
        with pytest.raises(ValueError, match="prior_until_stock"):
            make_player("expert", random.Random(0), prior_until_stock=bad)


def test_an_ensemble_gives_the_normalised_geometric_mean_of_its_networks_chances(tmp_path):
    from game.ai.network import Ensemble, load_policy, probabilities

    shapes = [(162, 12), (12, 40)]
    paths = []
    for seed in (1, 2):
        path = tmp_path / f"e{seed}.bin"
        write_net(path, shapes, random.Random(seed))
        paths.append(str(path))
    nets = [load_network(p) for p in paths]
    both = load_policy("+".join(paths))
    assert isinstance(both, Ensemble)
    rules = Rules.from_json({"players": 2, "swap_seven": False})
    hand = Hand.deal(rules, 0, random.Random(4))
    checked = 0
    while not hand.over:
        obs = hand.observation(hand.turn)
        cards = sorted(int(c) for c in obs.hand)
        if len(cards) > 1:
            p, q = (probabilities(n, obs, cards) for n in nets)
            g = [math.sqrt(a * b) for a, b in zip(p, q)]
            want = [x / sum(g) for x in g]
            assert probabilities(both, obs, cards) == pytest.approx(want, rel=1e-9)
            checked += 1
        hand.play(hand.legal_moves()[0])
    assert checked >= 15
    player = make_player("net", random.Random(1), network="+".join(paths), greedy=True)
    fresh = Hand.deal(rules, 0, random.Random(5))
    obs = fresh.observation(fresh.turn)
    cards = sorted(int(c) for c in obs.hand)
    chances = probabilities(both, obs, cards)
    assert int(player.choose(obs)) == cards[max(range(len(cards)), key=lambda i: (chances[i], -cards[i]))]
    for bad in ("net-a+", "+net-a", f"{paths[0]}+no-such-net"):
        with pytest.raises(ValueError):
            load_policy(bad)
