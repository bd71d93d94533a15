"""Computer players: legal moves only, no hidden information, cooperation, señas, determinism,
the cambio, the endgame solver, hints and the level list.

Search levels run here with tiny budgets (a few sampled deals) so the file stays fast; their
strength is measured by ``python -m game arena`` (docs/ai.md), not by tests.
"""

from __future__ import annotations

import itertools
import random

import pytest

from game import fast
from game.ai import (LEVELS, MENU_LEVELS, BROWSER_BUDGET, browser_budget, catch_senas, hint,
                     level_key, make_player)
from game.ai.hints import KINDS, Reason
from game.ai.table import overtrumps_partner, partner_is_winning
from game.ai.search import minimax_bruteforce, solve
from game.cards import DECK, Card
from game.hand import SWAP, Hand
from game.rules import Rules

TINY = {"samples": 3, "solve_stock": 2, "min_samples": 1}
#: The arena's sparring partner (information-set MCTS) with a tiny budget too.
TINY_ISMCTS = {"iterations": 30}

RULE_SETS = [
    Rules(players=p, swap_seven=s7, swap_timing=t, swap_two=s2)
    for p, s7, t, s2 in itertools.product((2, 3, 4), (True, False), ("after_win", "own_turn"), (False, True))
    if s7 or (t == "after_win" and not s2)
]


def _player(level: str, seed) -> object:
    opts = TINY if level in ("hard", "expert") else (TINY_ISMCTS if level == "ismcts" else {})
    return make_player(level, random.Random(seed), **opts)


def play_game(rules: Rules, levels, seed, senas: float = 0.5) -> tuple[Hand, list]:
    """One hand through the public API; every move is checked against the legal moves."""
    rng = random.Random(f"deal-{seed}")
    hand = Hand.deal(rules, rng.randrange(rules.players), rng)
    players = [_player(levels[s % len(levels)], f"{seed}-{s}") for s in range(rules.players)]
    sena_rng = random.Random(f"senas-{seed}")
    moves = []
    while not hand.over:
        seat = hand.turn
        if rules.players == 4:
            for card in players[seat].senas_to_give(hand.observation(seat)):
                assert card in hand.hand_of(seat)
                hand.give_sena(seat, card, catch_senas(sena_rng, senas, seat))
        obs = hand.observation(seat)
        move = players[seat].choose(obs)
        assert move in obs.legal_moves, (move, obs.legal_moves)
        hand.play(move)
        moves.append(move)
    return hand, moves


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: str(r.to_json()))
@pytest.mark.parametrize("level,games", [("random", 60), ("beginner", 60), ("normal", 60)])
def test_rule_levels_never_play_illegal_moves(rules: Rules, level: str, games: int) -> None:
    for g in range(games):
        seats = [level] * 4 if g % 2 else [level, "random", "normal", "beginner"]
        hand, _ = play_game(rules, seats, (level, g))
        assert sum(hand.points) == 120


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: str(r.to_json()))
def test_search_levels_never_play_illegal_moves(rules: Rules) -> None:
    for g in range(3):
        seats = [("expert", "hard", "normal", "ismcts")[(g + s) % 4] for s in range(4)]
        hand, _ = play_game(rules, seats, ("search", g))
        assert sum(hand.points) == 120


def test_many_fast_games_two_players() -> None:
    """600 games of the fast levels (2 players, default rules) stay legal."""
    rules = Rules()
    for g in range(600):
        play_game(rules, [("normal", "beginner", "random")[g % 3], ("random", "normal", "beginner")[g % 3]], g)


# --- hidden information --------------------------------------------------------------------
def _scramble_hidden(hand: Hand, seat: int, rng: random.Random) -> Hand:
    """A different Hand that gives ``seat`` exactly the same observation: the cards whose
    place ``seat`` does not know (other hands, face-down stock) are dealt again at random."""
    obs = hand.observation(seat)
    pool = [c for c in obs.unseen()]
    other = hand.copy()
    known = obs.known_holdings()
    slots = []
    for s in range(hand.players):
        if s == seat:
            continue
        free = [c for c in other._hands[s] if c in pool]
        slots.append(("hand", s, len(free)))
        other._hands[s] = sorted(c for c in other._hands[s] if c not in pool)
    face_down = other._stock[1:]
    assert all(c in pool for c in face_down)
    rng.shuffle(pool)
    k = 0
    for _, s, need in slots:
        other._hands[s] = sorted(other._hands[s] + pool[k:k + need])
        k += need
    other._stock = other._stock[:1] + pool[k:]
    assert known == other.observation(seat).known_holdings()
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", ["beginner", "normal", "hard", "expert", "ismcts"])
def test_players_see_only_their_observation(players: int, level: str) -> None:
    rules = Rules(players=players, swap_timing="own_turn")
    rng = random.Random(f"hidden-{players}-{level}")
    changed = 0
    for g in range(8):
        hand = Hand.deal(rules, 0, rng)
        steps = rng.randrange(3 * players * 4)
        for _ in range(steps):
            if hand.over:
                break
            legal = hand.legal_moves()
            hand.play(SWAP if SWAP in legal else rng.choice(legal))
        if hand.over:
            continue
        seat = hand.turn
        if players == 4:
            for card in hand.hand_of((seat + 2) % 4):
                if card // 10 == hand.trump and card.rank in (1, 3, 12):
                    hand.give_sena((seat + 2) % 4, card)
        other = _scramble_hidden(hand, seat, rng)
        o1, o2 = hand.observation(seat), other.observation(seat)
        assert o1 == o2
        changed += hand.hands != other.hands or hand._stock != other._stock
        m1 = _player(level, g).choose(o1)
        m2 = _player(level, g).choose(o2)
        assert m1 == m2
    assert changed >= 3  # the hidden cards really were different


# --- the endgame solver ---------------------------------------------------------------------
def _random_position(rng: random.Random, players: int, cards_left: int, rules: Rules) -> fast.FastState:
    hand = Hand.deal(rules, rng.randrange(players), rng)
    while sum(len(h) for h in hand.hands) + hand.stock_count > cards_left or rng.random() < 0.3:
        if hand.over:
            break
        hand.play(rng.choice(hand.legal_moves()))
    return fast.from_hand(hand)


@pytest.mark.parametrize("players,cards_left", [(2, 8), (2, 10), (3, 6), (4, 8)])
def test_solver_equals_bruteforce(players: int, cards_left: int) -> None:
    rng = random.Random(f"solver-{players}-{cards_left}")
    checked = 0
    for i in range(40):
        rules = Rules(players=players, swap_timing=("own_turn", "after_win")[i % 2], swap_two=i % 3 == 0)
        st = _random_position(rng, players, cards_left, rules)
        if st.over:
            continue
        seat = st.turn
        assert solve(st, seat) == minimax_bruteforce(st, seat)
        checked += 1
    assert checked >= 30


def test_solver_allows_one_cambio_a_turn() -> None:
    """With the cambio del dos, seat 0 holds the 7 and the 2 of triunfo (oros) and the muestra is the
    sota: the solver valued the cambio as if the 2 could then take the 7 as well (13 where every legal
    line gives 11); after a cambio the same seat plays a card (FastState, the brute force)."""
    st = fast.FastState(2, 0, [[6, 1, 14], [9, 24, 2]], [28, 3, 20], 7, leader=0, turn=0, points=[0, 0],
                        tricks=10, last_winner=0, swap_seven=True, swap_two=True, own_turn=True)
    assert fast.SWAP_MOVE in st.legal_moves()
    values = solve(st.copy(), 0)
    assert values == minimax_bruteforce(st.copy(), 0)
    assert values[fast.SWAP_MOVE] == 11


def test_solver_values_with_the_stock_and_a_swap() -> None:
    """Positions where the cambio is still possible (a face-down card besides the muestra)."""
    rng = random.Random(11)
    seen_swap = 0
    for i in range(300):
        rules = Rules(players=2, swap_timing="own_turn")
        hand = Hand.deal(rules, 0, rng)
        while hand.stock_count > 4:
            hand.play(rng.choice([m for m in hand.legal_moves() if m != SWAP]))
        st = fast.from_hand(hand)
        if fast.SWAP_MOVE not in st.legal_moves():
            continue
        seen_swap += 1
        assert solve(st, st.turn) == minimax_bruteforce(st, st.turn)
        if seen_swap >= 6:
            break
    assert seen_swap >= 3


# --- pairs ------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["beginner", "normal", "hard"])
def test_partners_never_overtrump_a_sure_winning_partner(level: str) -> None:
    """Stated reason allowed: an opponent still to play could beat the partner's card.
    When the partner is sure to win (I play last), a triunfo that takes the baza from them is
    never played while another card is at hand."""
    rules = Rules(players=4)
    rng = random.Random(f"pairs-{level}")
    checked = 0
    for g in range(30 if level != "hard" else 20):
        hand = Hand.deal(rules, g % 4, rng)
        players = [_player(level, f"{g}-{s}") for s in range(4)]
        cheap = [_player("normal", f"{g}-{s}") for s in range(4)]   # the other moves: only the checked ones search
        while not hand.over:
            seat = hand.turn
            obs = hand.observation(seat)
            asked = len(obs.table) == 3 and partner_is_winning(obs)
            move = (players if asked else cheap)[seat].choose(obs)
            if asked:
                alternatives = [int(m) for m in obs.legal_moves if m != SWAP and not overtrumps_partner(obs, int(m))]
                if alternatives:
                    checked += 1
                    assert not overtrumps_partner(obs, int(move)), (obs, move)
            hand.play(move)
    assert checked >= 15


def test_normal_loads_a_partners_sure_baza() -> None:
    """Partner wins with the as of triunfo, I play last: give the most points I can spare."""
    # Trump oros (muestra 4O).  Seat 1 leads 5C, seat 2 plays 1O (as of triunfo), seat 3 plays
    # 6C, seat 0 (me) holds 1C (11 points), 4E and 6O.
    deck = _deck_4p(hands={0: ["1C", "4E", "6O"], 1: ["5C", "2E", "7E"], 2: ["1O", "5E", "6E"],
                           3: ["6C", "7C", "2C"]}, muestra="4O", dealer=0)
    hand = Hand.from_deck(Rules(players=4), 0, deck)
    for m in ["5C", "1O", "6C"]:
        hand.play(m)
    move = make_player("normal", random.Random(1)).choose(hand.observation(0))
    assert move == Card.parse("1C")


def _signalled_position() -> Hand:
    """Triunfo oros. Seat 0 signals its as and tres of oros, then leads the tres; seat 1 plays 4C.
    Only the as of oros beats the tres, and seat 0's seña says it holds it: the baza is surely
    seat 0's, the partner's (seat 2, to play: 1B, 2E, 6C; seat 3 after it)."""
    deck = _deck_4p(hands={0: ["1O", "3O", "5B"], 1: ["4C", "7C", "2C"], 2: ["1B", "2E", "6C"],
                           3: ["6E", "7E", "4B"]}, muestra="5O", dealer=3)
    hand = Hand.from_deck(Rules(players=4), 3, deck)
    hand.give_sena(0, "1O")
    hand.give_sena(0, "3O")
    for m in ["3O", "4C"]:
        hand.play(m)
    return hand


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_partner_loads_a_baza_its_partners_sena_makes_sure(level: str) -> None:
    """The cards a partner's seña shows were counted among the ones that could beat our side's card
    (the normal partner played the same with the seña as without: an outside tester's finding)."""
    hand = _signalled_position()
    chosen = [_player(level, seed).choose(hand.observation(2)) for seed in range(3 if level != "normal" else 1)]
    assert chosen == [Card.parse("1B")] * len(chosen)


def test_no_triunfo_taken_from_a_partner_its_sena_makes_sure() -> None:
    """The partner leads the caballo of triunfo having signalled the as and the tres: no unseen card
    beats it, so my rey of triunfo would only be wasted on it (docs/ai.md says so; the señas' cards
    were counted as threats and the rey allowed)."""
    from game.ai.table import partner_safe_moves

    deck = _deck_4p(hands={0: ["1O", "3O", "11O"], 1: ["4C", "7C", "2C"], 2: ["12O", "5E", "6B"],
                           3: ["6E", "7E", "4B"]}, muestra="5O", dealer=3)
    hand = Hand.from_deck(Rules(players=4), 3, deck)
    hand.give_sena(0, "1O")
    hand.give_sena(0, "3O")
    hand.play("11O")
    hand.play("4C")
    obs = hand.observation(2)
    assert int(Card.parse("12O")) not in partner_safe_moves(obs, [int(m) for m in obs.legal_moves])
    for level in ("normal", "hard", "expert"):
        assert _player(level, 1).choose(obs) != Card.parse("12O")


@pytest.mark.parametrize("players", [3, 4])
def test_no_as_or_tres_thrown_on_a_lost_baza_while_a_blank_is_at_hand(players: int) -> None:
    """Last to play a baza an opponent wins, no card to take it: the search levels threw the as of
    oros (11 points to the opponents) holding the 6 of copas (an outside tester: 10 of 10 seeds in
    one pairs position, 3 in 3,600 decisions). Triunfo espadas; 2E, 10O, 12E on the table."""
    from game.ai.table import no_gift_moves

    if players == 4:   # seat 3 leads; seat 2 (me) plays last; its partner seat 0 has played 10O
        hands, dealer, me = {3: ["2E", "4C", "5C"], 0: ["10O", "4O", "5O"], 1: ["12E", "6O", "7O"],
                             2: ["1O", "6C", "5E"]}, 2, 2
        table = ["2E", "10O", "12E"]
    else:   # seat 1 leads, seat 0 (me) plays last
        hands, dealer, me = {1: ["2E", "4C", "5C"], 2: ["12E", "6O", "7O"], 0: ["1O", "6C", "5E"]}, 0, 0
        table = ["2E", "12E"]
    rules = Rules(players=players)
    leader = (dealer + 1) % players
    order = [Card.parse(hands[(leader + k) % players][i]) for i in range(3) for k in range(players)]
    order.append(Card.parse("4E"))
    hand = Hand.from_deck(rules, dealer, order + [c for c in rules.deck() if c not in order])
    for m in table:
        hand.play(m)
    obs = hand.observation(me)
    cands = [int(m) for m in obs.legal_moves]
    kept = no_gift_moves(obs, cands)
    assert kept and all(fast.POINTS[m] < 10 for m in kept) and len(kept) < len(cands)
    for seed in range(3):
        assert fast.POINTS[int(_player("expert", seed).choose(obs))] < 10


def test_normal_second_in_pairs_takes_the_rey_with_the_as_of_its_suit() -> None:
    """An outside tester (arena seed 2026, pairs, deal 4, the first baza): seat 1 leads the rey de
    oros, triunfo copas; seat 2 holds the as and the 10 de oros and the 2 de bastos, its partner
    plays last.  Only a triunfo of seat 3 beats the as (and the partner can still answer it), yet
    normal threw the 2 de bastos: "my card wins but could be beaten" was a fixed 0.45, under 1/2."""
    deck = _deck_4p(hands={1: ["1E", "4C", "12O"], 2: ["10O", "1O", "2B"], 3: ["10B", "2C", "5C"],
                           0: ["1C", "7E", "6C"]}, muestra="3C", dealer=0)
    hand = Hand.from_deck(Rules(players=4), 0, deck)
    hand.play("12O")
    obs = hand.observation(2)
    assert make_player("normal", random.Random(0)).choose(obs) == Card.parse("1O")
    # the option off plays as before
    assert make_player("normal", random.Random(0), pair_second=False).choose(obs) == Card.parse("2B")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pair_second_is_on_with_four_players_only(players: int) -> None:
    """By default normal minds the second seat with four players (the same games as
    pair_second=True, other games than without it); with two or three players the option has no
    second seat with a partner after it and changes nothing."""
    from seeded_games import seeded_moves

    on = seeded_moves(players, {"pair_second": True}, 8, "second")
    off = seeded_moves(players, {"pair_second": False}, 8, "second")
    assert seeded_moves(players, {}, 8, "second") == (on if players == 4 else off)
    assert (on != off) == (players == 4)


def _deck_4p(hands: dict, muestra: str, dealer: int) -> list:
    """A deck order that deals ``hands`` (seat -> 3 card texts) with this dealer."""
    leader = (dealer + 1) % 4
    order = []
    for i in range(3):
        for k in range(4):
            order.append(Card.parse(hands[(leader + k) % 4][i]))
    order.append(Card.parse(muestra))
    rest = [c for c in DECK if c not in order]
    return order + rest


def test_senas_only_for_cards_held_and_only_good_trumps() -> None:
    rules = Rules(players=4)
    given = 0
    for g in range(40):
        rng = random.Random(g)
        hand = Hand.deal(rules, 0, rng)
        players = [make_player("normal", random.Random(s)) for s in range(4)]
        while not hand.over:
            seat = hand.turn
            for card in players[seat].senas_to_give(hand.observation(seat)):
                assert card in hand.hand_of(seat)
                assert card // 10 == hand.trump and card.rank in (1, 3, 12)
                hand.give_sena(seat, card, catch_senas(rng, 0.5, seat))  # raises if not allowed
                given += 1
            hand.play(players[seat].choose(hand.observation(seat)))
    assert given > 10
    # None at the last baza, where nobody has a choice left (it only tells a catching opponent).
    last = 0
    for g in range(120):
        rng = random.Random(g)
        hand = Hand.deal(rules, 0, rng)
        player = make_player("normal", random.Random(g))
        while not hand.over:
            obs = hand.observation(hand.turn)
            if len(obs.hand) == 1 and any(c // 10 == hand.trump and c.rank in (1, 3, 12) for c in obs.hand):
                last += 1
                assert player.senas_to_give(obs) == []
            hand.play(player.choose(obs))
    assert last > 5
    # Two players: no señas at all.
    hand = Hand.deal(Rules(players=2), 0, random.Random(1))
    assert make_player("normal", random.Random(1)).senas_to_give(hand.observation(hand.turn)) == []


def test_catch_senas() -> None:
    assert catch_senas(random.Random(1), 0.0, 0) == ()
    assert catch_senas(random.Random(1), 1.0, 0) == (1, 3)
    assert catch_senas(random.Random(1), 1.0, 1) == (2, 0)
    seen = [catch_senas(random.Random(s), 0.5, 2) for s in range(200)]
    assert all(set(c) <= {1, 3} for c in seen)
    assert 60 < sum(len(c) for c in seen) < 340
    with pytest.raises(ValueError):
        catch_senas(random.Random(1), 1.5, 0)


def test_search_uses_partner_senas_to_narrow_deals() -> None:
    from game.ai.knowledge import knowledge_of

    for seed in range(100):  # the first deal where the partner holds a card to signal
        hand = Hand.deal(Rules(players=4), 0, random.Random(seed))
        seat = hand.turn
        partner = (seat + 2) % 4
        trumps = [c for c in hand.hand_of(partner) if c // 10 == hand.trump and c.rank in (1, 3, 12)]
        if trumps:
            break
    hand.give_sena(partner, trumps[0])
    know = knowledge_of(hand.observation(seat))
    for s in range(50):
        hands, _ = know.sample(random.Random(s))
        assert int(trumps[0]) in hands[partner]


# --- determinism ------------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["random", "beginner", "normal", "hard", "expert", "ismcts"])
def test_seeded_players_are_deterministic(level: str) -> None:
    rules = Rules(players=2)

    def run(noise: int) -> list:
        random.seed(noise)  # the global generator must not matter
        hand = Hand.deal(rules, 0, random.Random(42))
        players = [_player(level, 1), _player(level, 2)]
        out = []
        while not hand.over:
            random.random()
            move = players[hand.turn].choose(hand.observation(hand.turn))
            out.append(move)
            hand.play(move)
        return out

    assert run(1) == run(999)


# --- the cambio -------------------------------------------------------------------------------
def _swap_position(muestra: str, seed: int) -> Hand:
    """Two players: seat 1 leads and wins the first baza holding the 7 of triunfo; it may swap."""
    trump = Card.parse(muestra).suit
    seven = Card.parse("7" + trump)
    rng = random.Random(seed)
    others = [c for c in DECK if c not in (seven, Card.parse(muestra)) and c.suit != trump]
    rng.shuffle(others)
    # Seat 1 (leader) gets the as of a plain suit to win the first baza with, the 7 and a liso.
    plain = [c for c in others if c.rank == 1][0]
    others.remove(plain)
    lead_hand = [plain, seven, others.pop()]
    follow_hand = [c for c in others if c.suit != plain.suit][:3]
    for c in follow_hand:
        others.remove(c)
    order = []
    for i in range(3):
        order += [lead_hand[i], follow_hand[i]]
    order.append(Card.parse(muestra))
    rest = [c for c in DECK if c not in order]
    rng.shuffle(rest)
    hand = Hand.from_deck(Rules(players=2), 0, order + rest)
    hand.play(plain)
    hand.play(hand.hand_of(0)[0])
    assert hand.turn == 1 and SWAP in hand.legal_moves()
    return hand


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_swaps_the_seven_for_a_muestra_ace(level: str) -> None:
    for seed in range(3):
        hand = _swap_position("1E", seed)
        player = make_player(level, random.Random(seed), **({"samples": 30} if level != "normal" else {}))
        assert player.choose(hand.observation(1)) == SWAP


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_keeps_the_seven_over_a_muestra_two(level: str) -> None:
    """Plain rules: the 7 outranks the 2, so giving it for the 2 is wrong."""
    for seed in range(3):
        hand = _swap_position("2B", seed)
        player = make_player(level, random.Random(seed), **({"samples": 30} if level != "normal" else {}))
        assert player.choose(hand.observation(1)) != SWAP


# --- hints and levels -------------------------------------------------------------------------
def test_hint_gives_a_legal_move_and_reasons() -> None:
    rng = random.Random(4)
    for g in range(6):
        hand = Hand.deal(Rules(players=2 + g % 3), 0, rng)
        for _ in range(rng.randrange(10)):
            hand.play(rng.choice(hand.legal_moves()))
        h = hint(hand.observation(hand.turn), random.Random(g), samples=4)
        assert h.move in hand.legal_moves()
        assert h.reason.kind in KINDS
        if h.move != SWAP:
            assert h.reason.cards == (h.move,)


def test_hint_says_the_trick_is_won_with_the_caballo() -> None:
    # Trump bastos.  Seat 1 leads the rey de copas... no: seat 1 leads 10C, I (seat 0, last)
    # hold 11C, 2E, 4O: the caballo wins 5 points for sure, the others lose 2.
    order = [Card.parse(x) for x in ["10C", "11C", "5E", "2E", "6O", "4O", "5B"]]
    order += [c for c in DECK if c not in order]
    hand = Hand.from_deck(Rules(players=2), 0, order)
    hand.play("10C")
    h = hint(hand.observation(0), random.Random(0), samples=20)
    assert h.move == Card.parse("11C")
    assert h.reason == Reason("win_sure", (Card.parse("11C"),), 5)


def test_levels_and_names() -> None:
    assert MENU_LEVELS == ("beginner", "normal", "hard", "expert")
    assert "random" in LEVELS and not LEVELS["random"].in_menu
    for key, lv in LEVELS.items():
        assert lv.key == key
    assert level_key("Experto") == "expert" and level_key("difícil") == "hard"
    assert level_key("principiante") == "beginner"
    with pytest.raises(ValueError, match="unknown level"):
        make_player("grandmaster", random.Random(1))
    with pytest.raises(TypeError):
        make_player("normal", 42)
    assert browser_budget("expert") == BROWSER_BUDGET and browser_budget("normal") == {}
    p = make_player("expert", random.Random(1), **browser_budget("expert"))
    assert p.time_limit == BROWSER_BUDGET["time_limit"]


def test_the_browser_cap_keeps_a_bots_thinking_inside_its_pause() -> None:
    """In the browser a bot thinks THINK_PER_FRAME seconds a frame; at 60 frames a second its
    whole capped search must end before the pause a bot takes anyway (BOT_THINK), or a slow
    phone makes every computer move wait longer than a fast one."""
    from game.ui.scenes import play

    frames = BROWSER_BUDGET["time_limit"] / play.THINK_PER_FRAME
    assert frames / 60.0 <= play.BOT_THINK


def test_choose_refuses_when_not_its_turn() -> None:
    hand = Hand.deal(Rules(players=2), 0, random.Random(1))
    other = 1 - hand.turn
    with pytest.raises(ValueError):
        make_player("normal", random.Random(1)).choose(hand.observation(other))


def test_hint_reasons_for_cambio_loading_and_lost_bazas() -> None:
    from game.ai.hints import explain

    hand = _swap_position("1E", 0)
    assert explain(hand.observation(1), SWAP) == Reason("swap", (Card.parse("7E"), Card.parse("1E")))

    deck = _deck_4p(hands={0: ["1C", "4E", "6O"], 1: ["5C", "2E", "7E"], 2: ["1O", "5E", "6E"],
                           3: ["6C", "7C", "2C"]}, muestra="4O", dealer=0)
    hand = Hand.from_deck(Rules(players=4), 0, deck)
    for m in ["5C", "1O", "6C"]:
        hand.play(m)
    assert explain(hand.observation(0), Card.parse("1C")) == Reason("partner_load", (Card.parse("1C"),), 11)

    # Two players, triunfo bastos: seat 1 leads the as of triunfo, seat 0 holds no triunfo.
    order = [Card.parse(x) for x in ["1B", "10C", "5E", "2E", "6O", "4O", "5B"]]
    order += [c for c in DECK if c not in order]
    hand = Hand.from_deck(Rules(players=2), 0, order)
    hand.play("1B")
    assert explain(hand.observation(0), Card.parse("2E")) == Reason("cannot_win", (Card.parse("2E"),), 0)
    # the sota is not "lo que menos pierdes" with the 2 of espadas in hand
    assert explain(hand.observation(0), Card.parse("10C")) == Reason("cannot_win_keep", (Card.parse("10C"),), 2)


def test_a_card_over_the_partners_winning_card_speaks_of_the_side() -> None:
    """A tester (round 32), pairs, seed 120, move 31: the review's reason was "gana la baza con el
    cinco de oros: 10 puntos seguros" where the partner's dos de oros (triunfo) was winning and
    nothing could beat it: those points were the side's anyway. Over the partner's card the reason
    says what the card does for the side."""
    from game.ai.hints import explain
    from game.record import from_record

    hand = from_record({"rules": {"players": 4}, "dealer": 0, "deck": (
        "10E 6E 10C 5C 1O 12B 3E 7C 11C 3C 1B 12E 5O 10B 4C 2O 11E 6C 5E 3O 1C 2C 6O 7O 4B 11O 12C 5B 6B 12O 2B "
        "11B 7E 4O 3B 2E 4E 7B 10O 1E").split(), "moves": (
        "10E 6E 10C 12E 5C 4C 12B 11E 6C 5E 3C 1C 2C 6O 1O 4B 11C 3O 5B 10B 12C 2B 11B 11O 7E 3B 2E 4E 7B 2O "
        "3E").split()})
    obs = hand.observation(0)
    assert hand.turn == 0 and obs.table[1] == (2, Card.parse("2O")) and Card.parse("5O") in obs.hand
    assert explain(obs, Card.parse("5O")) == Reason("partner_take", (Card.parse("5O"),))
    # The partner leads the rey de copas, an opponent still to play after you: the as de oros
    # (triunfo) makes the baza safe, the as de copas only raises it (a triunfo may take either).
    deck = _deck_4p(hands={0: ["1C", "1O", "6B"], 1: ["5C", "7E", "7B"], 2: ["12C", "5E", "6E"],
                           3: ["2E", "6C", "7C"]}, muestra="4O", dealer=1)
    hand = Hand.from_deck(Rules(players=4), 1, deck)
    for m in ["12C", "2E"]:
        hand.play(Card.parse(m))
    obs = hand.observation(0)
    assert explain(obs, Card.parse("1O")) == Reason("partner_secure", (Card.parse("1O"),))
    assert explain(obs, Card.parse("1C")) == Reason("partner_raise", (Card.parse("1C"),))
    assert explain(obs, Card.parse("6B")).kind == "partner_save"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_hint_reason_says_only_what_holds_in_its_position(players) -> None:
    """A tester found hints whose words were false where they were shown: "haz el cambio: ... un
    triunfo mejor" for a 5 taken for the 7; "tira la sota, lo que menos pierdes" holding a card of no
    points; "sal con el as: la carta que menos arriesgas" holding a sota; "0 puntos seguros". Over
    every legal move of seeded hands, each reason's claim is checked against the position."""
    from game.ai.hints import explain
    from reference_rules import STRENGTH   # the rules worked out apart from game/: not swap_gains itself

    def POINTS_of(x):
        return Card(x).points

    kinds = set()
    for seed in range(40):
        rng = random.Random(seed)
        rules = Rules(players=players, swap_two=seed % 2 == 1, swap_timing="own_turn")
        hand = Hand.deal(rules, seed % players, rng)
        while not hand.over:
            obs = hand.observation(hand.turn)
            held = [int(c) for c in obs.hand]
            for move in obs.legal_moves:
                reason = explain(obs, move)
                kinds.add(reason.kind)
                if move == SWAP:   # "un triunfo mejor": the muestra outranks the card given for it
                    given = hand.swap_card(hand.turn)
                    gains = STRENGTH[obs.muestra.rank] > STRENGTH[given.rank]
                    assert (reason.kind == "swap") == gains, (reason, given, obs.muestra)
                    continue
                c = int(move)
                if reason.kind in ("cannot_win", "not_worth"):   # "lo que menos pierdes"
                    assert POINTS_of(c) == min(POINTS_of(x) for x in held), (reason, obs.hand)
                if reason.kind == "lead_least_risk":   # "la carta que menos arriesgas"
                    assert POINTS_of(c) == min(POINTS_of(x) for x in held), (reason, obs.hand)
                if reason.kind in ("win_sure", "trump_sure", "lead_safe_points"):   # "N seguros"
                    assert reason.points > 0, reason
                if reason.kind in ("win_sure", "trump_sure"):   # not of your own card's points alone
                    assert reason.points > POINTS_of(c), (reason, obs.table)
                if reason.kind in ("win_lead", "lead_safe"):   # "luego sales tú", "sigues saliendo tú"
                    assert len(held) > 1, reason   # not in the last baza
                if len(held) == 1:   # no "la que menos arriesgas" of the one card left
                    assert reason.kind in ("only_card", "lead_safe_last", "win_last", "lead_safe_points",
                                           "win_sure", "trump_sure", "win_keep", "trump_keep"), reason
            hand.play(rng.choice(obs.legal_moves))
    assert {"cannot_win", "cannot_win_keep", "lead_least_risk", "lead_keep", "win_sure", "only_card"} <= kinds, kinds
