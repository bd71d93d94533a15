"""An outside tester's three-player positions (tester "ai3", 2026-12-06, round 32), checked with an
exact solver of their own over every deal the mover thought possible: with the stock out, normal
played a card another beat on every such deal under both readings of the others' play (each for
itself, and both against me), 41 times per 100 hands; 91 of 135 such plays spent or threw a triunfo
and kept a side card that then lost. Each position is the record of a real hand cut where the
mistake was made (game/record.py); the players are seeded."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.ai import make_player
from game.ai.knowledge import knowledge_of
from game.ai.search import three_best, three_means
from game.cards import Card
from game.hand import Hand
from game.record import from_record
from game.rules import Rules
from seeded_games import seeded_moves

POSITIONS = json.loads((Path(__file__).parent / "data" / "three_end_positions.json").read_text(encoding="utf-8"))


def _position(name: str):
    """(the mover's observation, the card normal played, the tester's better card)."""
    hand = from_record(POSITIONS[name]["record"])
    played, better = (Card.parse(POSITIONS[name][k]) for k in ("played", "better"))
    return hand.observation(hand.turn), played, better


def test_the_last_triunfo_is_kept_for_the_last_baza() -> None:
    """Trump oros, seat 2 last to play holds 4O and 3B; 11O and 10O are on the table, so it cannot
    take this baza, and the only cards left unseen are 3E and 1E: the 4 de oros is the last triunfo
    and takes the last baza for sure. Normal threw it (the hand ended 37, lost) instead of the tres
    de bastos (58, won), on both deals possible."""
    obs, played, better = _position("NORMAL_D91")
    assert obs.stock_count == 0 and len(obs.table) == 2
    for seed in range(3):
        assert make_player("normal", random.Random(seed), exact_three=True).choose(obs) == better
    assert make_player("normal", random.Random(0)).choose(obs) == played   # off by default (docs/ai.md)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_normal_plays_no_card_beaten_on_every_deal(name: str) -> None:
    """Each position: the rule's card (the one normal plays, ``exact_three`` being off by default)
    is beaten under both readings; with it on normal plays the tester's better card, and the
    exact values agree it is better than the rule's under both."""
    obs, played, better = _position(name)
    assert obs.stock_count == 0 and obs.table
    assert make_player("normal", random.Random(0)).choose(obs) == played
    assert make_player("normal", random.Random(1), exact_three=True).choose(obs) == better
    cards = [int(c) for c in obs.legal_moves]
    mean = three_means(obs, knowledge_of(obs), cards)
    assert three_best(mean, int(played))[0] == int(better)
    assert all(mean[int(better)][j] > mean[int(played)][j] for j in (0, 1))


@pytest.mark.parametrize("players", [2, 4])
def test_two_and_four_players_play_as_before(players: int) -> None:
    """The exact check is for three players only: with two, normal solves the end already (and
    issue 3's ladder is measured against it); four players were not measured with it."""
    assert seeded_moves(players, {"exact_three": True}, 8, "exact") == seeded_moves(players, {"exact_three": False}, 8, "exact")
    assert seeded_moves(players, {}, 8, "exact") == seeded_moves(players, {"exact_three": False}, 8, "exact")


def test_three_players_leads_and_the_stock_left_to_the_rule() -> None:
    """With three players only a card following to a baza after the stock may change: every move
    made while the stock lasts, and every lead, is the rule player's."""
    def decisions(options: dict) -> list[tuple]:
        out = []
        for i in range(8):
            hand = Hand.deal(Rules(players=3), i % 3, random.Random(f"exact-3-{i}"))
            rule = [make_player("normal", random.Random(10 * i + s), exact_three=False) for s in range(3)]
            bots = [make_player("normal", random.Random(10 * i + s), **options) for s in range(3)]
            while not hand.over:
                obs = hand.observation(hand.turn)
                move = bots[hand.turn].choose(obs)
                if obs.stock_count > 0 or not obs.table:
                    out.append((str(move), str(rule[hand.turn].choose(obs))))
                hand.play(move)
        return out
    pairs = decisions({"exact_three": True})
    assert len(pairs) > 100 and all(mine == rule for mine, rule in pairs)


def test_exact_three_is_checked() -> None:
    with pytest.raises(ValueError, match="exact_three"):
        make_player("normal", random.Random(0), exact_three="yes")
    assert make_player("beginner", random.Random(0)).exact_three is False
