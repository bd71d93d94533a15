"""The other player's answer in the search's deals by a policy network (game/ai/reply.py).

``reply_model: "net:NAME"`` plays the other's next card after each candidate move from the
network's chances.  Checked: the chances are the network's from the other's own observation
(what it would see at that point of the real hand), the cards drawn follow those chances, the
rollout's horizon stays the same, and the search with it plays legal, reproducible moves.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.ai import make_player
from game.ai.network import load_network, probabilities
from game.ai.reply import NetReply
from game.fast import from_hand
from game.hand import Hand
from game.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_ai_net import write_net  # noqa: E402


def _net_file(tmp_path, seed: int) -> str:
    shapes = [(162, 16), (16, 40)]
    path = tmp_path / f"p{seed}.bin"
    write_net(path, shapes, random.Random(seed),
              {"format": "brisca-net-1", "layers": [list(s) for s in shapes], "activation": "relu"})
    return str(path)


def _positions(rules, seeds):
    """Real hands after a move of seat 0 where seat 1 is to move (a reply in the baza, or the
    next lead after seat 0 completed a baza seat 1 won): (seat 0's observation before its move,
    the move, the hand after it)."""
    for seed in seeds:
        hand = Hand.deal(rules, seed % 2, random.Random(seed))
        players = [make_player("normal", random.Random(seed)), make_player("normal", random.Random(-seed))]
        while not hand.over:
            obs = hand.observation(hand.turn)
            move = players[hand.turn].choose(obs)
            seat = hand.turn
            hand.play(move)
            if seat == 0 and not hand.over and hand.turn == 1:
                yield obs, int(move), hand


def test_the_reply_chances_are_the_networks_from_the_others_own_observation(tmp_path):
    net = load_network(_net_file(tmp_path, 3))
    rules = Rules.from_json({"players": 2, "swap_seven": False})
    checked = completed = 0
    for obs, move, hand in _positions(rules, range(12)):
        reply = NetReply.for_observation(net, obs)
        st = from_hand(hand)
        held = sorted(int(c) for c in st.hands[1])
        want = probabilities(net, hand.observation(1), held)
        cards, p = reply.chances(st, (move,))
        assert list(cards) == held
        assert p == pytest.approx(want, rel=1e-9, abs=1e-12)
        checked += 1
        completed += not hand.observation(1).table    # seat 0 completed the baza, seat 1 leads
    assert checked >= 100 and completed >= 10


def test_the_sums_carried_from_card_to_card_are_those_of_the_others_observation(tmp_path):
    """Further choices (``reply_choices`` > 1) carry the first layer's sums from card to card
    (a card on the table, a baza scored): along real hands they equal the sums taken afresh,
    and the chances those of the other's own observation."""
    net = load_network(_net_file(tmp_path, 5))
    rules = Rules.from_json({"players": 2, "swap_seven": False})
    checked = scored = 0
    for obs, move, hand in _positions(rules, range(3)):
        if len(hand.tricks) % 4:
            continue
        reply = NetReply.for_observation(net, obs)
        st = from_hand(hand)
        key = (move,)
        reply.bases[key] = reply._base(st)
        walk = hand.copy()
        players = [make_player("normal", random.Random(1)), make_player("normal", random.Random(2))]
        for _ in range(6):
            if walk.over:
                break
            seat = walk.turn
            if seat == 1 and len(walk.observation(1).hand) > 1:
                held = sorted(int(c) for c in st.hands[1])
                want = probabilities(net, walk.observation(1), held)
                assert reply.chances(st, key) == (tuple(held), pytest.approx(want, rel=1e-9, abs=1e-12))
                checked += 1
            chosen = players[seat].choose(walk.observation(seat))
            card = int(chosen)
            table, points = list(st.table), list(st.points)
            walk.play(chosen)
            st.play(card)
            key = key + (card,)
            reply.bases[key] = reply._child(key[:-1], table, points, card, st)
            assert reply.bases[key] == pytest.approx(reply._base(st), abs=1e-9)
            scored += not st.table
    assert checked >= 20 and scored >= 10


def test_the_reply_is_drawn_from_the_chances_and_stops_where_it_should(tmp_path):
    net = load_network(_net_file(tmp_path, 4))
    rules = Rules.from_json({"players": 2, "swap_seven": False})
    obs, move, hand = next(p for p in _positions(rules, [5]) if len(p[2].observation(1).hand) == 3
                           and p[2].observation(1).table)
    reply = NetReply.for_observation(net, obs)
    st = from_hand(hand)
    held, p = reply.chances(st, (move,))
    rng = random.Random(11)
    counts = {c: 0 for c in held}
    for _ in range(3000):
        s = st.copy()
        assert reply.run(s, move, rng) == 1
        assert s.tricks == st.tricks + 1          # the reply completed the baza, nothing more
        played = next(c for c in held if c not in s.hands[1])     # it drew a new card after it
        counts[played] += 1
    for c, q in zip(held, p):
        assert abs(counts[c] / 3000 - q) < 0.035, (counts, p)
    # two choices: the other's reply, then (mine between when I won) its next card
    for _ in range(50):
        s = st.copy()
        assert reply.run(s, move, rng, choices=2) == 2
        # the other won the reply and led: one baza and its lead; I won it: two bazas
        assert ((s.tricks == st.tricks + 1 and len(s.table) == 1 and s.leader == 1)
                or (s.tricks == st.tricks + 2 and not s.table)), s
    # nothing is played when I am to move and the other has no choice left to make
    s = st.copy()
    s.hands[1] = s.hands[1][:1]
    assert reply.run(s, move, rng) == 0 and s.hands[1] == st.hands[1][:1]


def search_plays_legal_reproducible_moves(opts: dict) -> int:
    """Two hands of hard with ``opts`` against the rule player: each move legal, the same
    again for the same rng; returns in how many of them the values differ from hard's own."""
    rules = Rules.from_json({"players": 2, "swap_seven": True})
    other = make_player("normal", random.Random(0))
    differs = 0
    for seed in range(2):
        hand = Hand.deal(rules, seed, random.Random(seed))
        while not hand.over:
            obs = hand.observation(hand.turn)
            if hand.turn == 0:
                p = make_player("hard", random.Random(f"{seed}-{len(hand.tricks)}"), **opts)
                move = p.choose(obs)
                again = make_player("hard", random.Random(f"{seed}-{len(hand.tricks)}"), **opts)
                assert again.choose(obs) == move
                assert again.last_values == p.last_values
                rule = make_player("hard", random.Random(f"{seed}-{len(hand.tricks)}"), samples=16)
                rule.choose(obs)
                differs += rule.last_values != p.last_values
            else:
                move = other.choose(obs)
            assert move in hand.legal_moves()
            hand.play(move)
    return differs


def test_the_search_with_the_network_reply_plays_legal_reproducible_moves(tmp_path):
    path = _net_file(tmp_path, 8)
    opts = {"samples": 16, "reply_model": f"net:{path}", "reply_choices": 2}
    assert search_plays_legal_reproducible_moves(opts) >= 5      # the network's answers change the values
    for bad in (0, -1, 1.5, "2", True):
        with pytest.raises(ValueError, match="reply_choices"):
            make_player("expert", random.Random(1), reply_choices=bad)


def check_network_option(tmp_path, option: str) -> None:
    """The search's ``option`` refuses a name that is not "net:NAME" (or its other words), a
    missing network and a network that is not a policy network, each with a clear error."""
    with pytest.raises(ValueError, match=option):
        make_player("expert", random.Random(1), **{option: "network"})
    with pytest.raises(ValueError, match="no network"):
        make_player("expert", random.Random(1), **{option: "net:no-such-net"})
    shapes = [(124, 8), (8, 2)]
    path = tmp_path / "v.bin"
    write_net(path, shapes, random.Random(1),
              {"format": "brisca-net-1", "layers": [list(s) for s in shapes], "activation": "relu"})
    with pytest.raises(ValueError, match="not a policy network"):
        make_player("expert", random.Random(1), **{option: f"net:{path}"})


def test_the_reply_model_option_is_checked(tmp_path):
    check_network_option(tmp_path, "reply_model")


def test_the_prediction_tool_counts_each_models_hits_on_the_others_choices(capsys):
    """tools/reply_prediction.py: its count of the rule player's hits equals one made here
    from the same choices, its log chances are chances, and bad arguments are refused."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import reply_prediction
    from game.ai.heuristic import rule_move
    from game.ai.knowledge import knowledge_of

    rules = Rules.from_json({"players": 2, "swap_seven": False})
    rows = reply_prediction.measure(3, 7, "net", {"network": "net-b"}, rules, ["net-a-small"])
    seen = list(reply_prediction.choices(3, 7, "net", {"network": "net-b"}, rules))
    assert len(rows["all"]) == len(seen) == len(rows["reply"]) + len(rows["lead"]) > 40
    hits = 0
    for obs, card in seen:
        held = sorted(int(c) for c in obs.hand)
        know = knowledge_of(obs)
        hits += rule_move(held, [int(c) for _, c in obs.table], 2, obs.seat, obs.leader, obs.trump,
                          know.unseen_mask, obs.stock_count > 0) == card
    assert sum(r["rule"] for r in rows["all"]) == hits
    assert all(r["net-a-small log"] <= 0.0 for r in rows["all"])
    for bad in (["--hands", "0"], ["--nets", "no-such-net"], ["--rules", "{"]):
        with pytest.raises(SystemExit):
            reply_prediction.main(bad)
    assert "error" in capsys.readouterr().err
