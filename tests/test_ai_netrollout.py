"""Rollouts by a policy network's favourite card at both seats (game/ai/netrollout.py).

``rollout: "net:NAME"`` plays the search's sampled deals on with the network instead of the
rule player.  Checked on real hands: every card is the network's favourite from the seat's
own observation (what that seat would see at that point of the real hand, the muestra as last
seen included), the cambio is the rule player's, the rollout stops where the rule player's
does, and the search with it plays legal, reproducible moves that differ from the rule
rollouts'.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from game.ai import make_player
from game.ai.heuristic import rollout, should_swap
from game.ai.network import load_network, probabilities
from game.ai.netrollout import NetRollout
from game.fast import SWAP_MOVE, FastState, from_hand, to_move
from game.hand import Hand
from game.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_ai_net import write_net  # noqa: E402
from test_ai_reply import check_network_option, search_plays_legal_reproducible_moves  # noqa: E402


def _net_file(tmp_path, seed: int, hidden: int = 16) -> str:
    shapes = [(162, hidden), (hidden, 40)]
    path = tmp_path / f"r{seed}.bin"
    write_net(path, shapes, random.Random(seed),
              {"format": "brisca-net-1", "layers": [list(s) for s in shapes], "activation": "relu"})
    return str(path)


def _roots(rules, seeds):
    """Positions of real hands (a Hand, a seat to move), every third move of two rule players."""
    for seed in seeds:
        hand = Hand.deal(rules, seed % 2, random.Random(seed))
        players = [make_player("normal", random.Random(seed)), make_player("normal", random.Random(-seed))]
        k = 0
        while not hand.over:
            if k % 3 == 0:
                yield hand
            hand.play(players[hand.turn].choose(hand.observation(hand.turn)))
            k += 1


def _recorded_run(monkeypatch, nr: NetRollout, st: FastState, bazas: int, *drawn) -> list[int]:
    """The moves ``nr.run(st, bazas, *drawn)`` plays (``drawn``: the draws, tau, favourite seat)."""
    moves: list[int] = []
    real_play = FastState.play

    def play(self, move):
        moves.append(move)
        return real_play(self, move)

    with monkeypatch.context() as m:
        m.setattr(FastState, "play", play)
        nr.run(st, bazas, *drawn)
    return moves


def _favourite(net, obs) -> int:
    held = sorted(int(c) for c in obs.hand)
    p = probabilities(net, obs, held)
    return held[max(range(len(held)), key=lambda i: (p[i], -held[i]))]


@pytest.mark.parametrize("swap_seven", [False, True])
def test_every_card_is_the_networks_favourite_from_the_seats_own_observation(tmp_path, monkeypatch, swap_seven):
    net = load_network(_net_file(tmp_path, 4))
    rules = Rules.from_json({"players": 2, "swap_seven": swap_seven})
    cards = swaps = drawn_muestra = 0
    for root in _roots(rules, range(6)):
        nr = NetRollout.for_observation(net, root.observation(root.turn))
        st = from_hand(root)
        moves = _recorded_run(monkeypatch, nr, st, 0)
        real = root.copy()
        for move in moves:
            seat = real.turn
            obs = real.observation(seat)
            if move == SWAP_MOVE:
                assert should_swap(int(real.swap_card(seat)), int(real.muestra))
                swaps += 1
            else:
                if len(obs.hand) > 1:
                    assert move == _favourite(net, obs)
                    cards += 1
                    drawn_muestra += real.muestra is None and obs.last_muestra is not None
            real.play(to_move(move))
        assert real.over and st.over
        assert list(real.points) == st.points
    assert cards >= 300 and drawn_muestra >= 30
    if swap_seven:
        assert swaps >= 1


def test_it_stops_where_the_rule_players_rollout_stops(tmp_path):
    net = load_network(_net_file(tmp_path, 5))
    rules = Rules.from_json({"players": 2, "swap_seven": True})
    stopped = 0
    for root in _roots(rules, range(4)):
        nr = NetRollout.for_observation(net, root.observation(root.turn))
        for bazas in (1, 2, 4):
            mine, theirs = from_hand(root), from_hand(root)
            rollout(theirs, None, bazas=bazas)
            nr.run(mine, bazas)
            assert (mine.tricks, mine.turn >= 0, mine.table) == (theirs.tricks, theirs.turn >= 0, theirs.table)
            stopped += mine.turn >= 0
    assert stopped >= 20


def test_the_search_with_network_rollouts_plays_legal_reproducible_moves(tmp_path):
    opts = {"samples": 16, "rollout": f"net:{_net_file(tmp_path, 8)}"}
    assert search_plays_legal_reproducible_moves(opts) >= 5      # the network's rollouts change the values


def test_three_and_four_players_keep_the_rule_players_rollouts(tmp_path):
    path = _net_file(tmp_path, 9)
    for players in (3, 4):
        rules = Rules.from_json({"players": players})
        hand = Hand.deal(rules, 0, random.Random(players))
        obs = hand.observation(hand.turn)
        with_net = make_player("hard", random.Random(1), samples=12, rollout=f"net:{path}")
        rule = make_player("hard", random.Random(1), samples=12)
        assert with_net.choose(obs) == rule.choose(obs)
        assert with_net.last_values == rule.last_values


def test_the_rollout_option_is_checked(tmp_path):
    check_network_option(tmp_path, "rollout")


def test_drawn_rollouts_follow_the_networks_chances(tmp_path, monkeypatch):
    """``rollout_tau``: each card drawn from the network's chances by the numbers given (the
    same numbers, the same cards); a number under the first card's chance takes it, one over
    all but the last card's takes the last; ``favourite_seat`` keeps its favourite."""
    net = load_network(_net_file(tmp_path, 6))
    rules = Rules.from_json({"players": 2, "swap_seven": False})
    first = last = differs = 0
    for root in _roots(rules, range(3)):
        nr = NetRollout.for_observation(net, root.observation(root.turn))
        draws = [random.Random(len(root.tricks)).random() for _ in range(40)]
        a = _recorded_run(monkeypatch, nr, from_hand(root), 0, draws, 1.0, -1)
        assert a == _recorded_run(monkeypatch, nr, from_hand(root), 0, draws, 1.0, -1)
        differs += a != _recorded_run(monkeypatch, nr, from_hand(root), 0)
        # the first card of the rollout: the number against the chances of the hand (in its order)
        obs = root.observation(root.turn)
        hand = [int(c) for c in root.hands[root.turn]]
        if len(hand) > 1:
            p = probabilities(net, obs, hand)
            for u, want in ((0.0, hand[0]), (0.999999, hand[-1])):
                got = _recorded_run(monkeypatch, nr, from_hand(root), 0, [u] * 40, 1.0, -1)[0]
                if p[0] < 0.999 and p[-1] > 0.001:
                    assert got == want
                    first += want == hand[0]
                    last += want == hand[-1]
            fav = _recorded_run(monkeypatch, nr, from_hand(root), 0, [0.999999] * 40, 1.0, root.turn)[0]
            assert fav == _favourite(net, obs)
    assert first >= 5 and last >= 5 and differs >= 5


def test_the_search_with_drawn_rollouts_plays_legal_reproducible_moves(tmp_path):
    path = _net_file(tmp_path, 8)
    for mine in (True, False):
        opts = {"samples": 16, "rollout": f"net:{path}", "rollout_tau": 1.0, "rollout_draw_mine": mine}
        assert search_plays_legal_reproducible_moves(opts) >= 5
    for bad in (-1, "1", True, None):
        with pytest.raises(ValueError, match="rollout_tau"):
            make_player("expert", random.Random(0), rollout_tau=bad)
