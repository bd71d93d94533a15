"""The review and the hint with three players once the stock is out, checked against exact values
(an outside tester's own solver, round 32): the review valued cards by the rule player's playouts
and marked "mistakes" between cards equal on every deal ("41 puntos más de media"), gave wrong
"exact" amounts (22 where every reading of the others' play gives 4), and said "puntos más" of
the margin over the best rival; the hint spent the as of triunfo on a baza of no points where a
small card was better on every deal.

Each hand is rebuilt from its deck and moves (the tester's records of seeded games), so no bot
plays here and only the one position in question is judged."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai.knowledge import knowledge_of
from game.cards import Card
from game.ai.search import run_steps
from game.fast import POINTS, from_observation
from game.hand import Hand
from game.storage import MemoryBackend, Storage
from game.ui import review
from game.ui.app import App
from game.ui.persist import Store
from game.ui.scene import Go
from game.ui.session import Session
from test_review_truth import session_of as hand_session

# (dealer, deck, moves) of three-player hands (seat 0 is the person), by the tester's seed
HANDS = {
    202: (1, "12E 3E 12C 1E 12B 2C 2B 3C 10O 12O 6B 11C 5O 4C 7E 10E 6O 1O 11B 5B 1C 4O 7B 2E 3B 4E 10C 5C 7O "
             "10B 3O 11E 6C 4B 5E 11O 7C 6E 1B",
          "2B 12B 10O 2C 11C 3C 4C 6B 10E 3E 1O 11B 5B 12E 6O 5O 2E 3B 7B 7E 5C swap 12O 10C 3O 11E 4E 4B 5E "
          "6C 7C 6E 11O 10B 4O 7O 1C 12C 1E 1B"),
    481: (1, "12B 7E 11O 3C 2C 5C 5B 7B 2E 10C 6C 12C 12E 6E 11B 4C 1B 3O 1E 3B 1C 1O 6B 6O 11E 3E 2B 4B 4O "
             "5E 12O 5O 10O 10B 4E 7O 7C 11C 10E",
          "5B 7E 2E 12B 7B 5C 6E 11B 2C 1B 11O 3C 3B 1C 12E 6B 6O 11E 3E 2B 1E 4O 12C 12O 4C 10O 4B 5E 7O 10B "
          "5O 3O 6C 7C 11C 10E 4E 1O 10C"),
    187: (1, "5B 10E 6B 3O 5O 12B 7C 10B 12E 3B 3C 11O 2C 4O 1B 6E 7E 11E 11C 11B 1C 6C 10C 7B 10O 4B 7O 4C "
             "6O 4E 2B 5E 12O 1E 1O 2E 3E 12C 5C",
          "7C 5O 12E 3O 10B 12B 2C 3C 6E 7E 10E 4O 11B 11C 1B 6C 11O 1C 10O 7O 4C 6O 4E 7B 11E 6B 10C 12O 5B "
          "3E 2E 5C 4B 1O 12C 5E 3B 1E 2B"),
    107: (2, "1O 12O 10O 2B 3E 12E 5B 4C 3C 6C 12B 7O 11B 5O 6B 12C 11E 3O 10E 4O 7C 2E 5C 4B 7E 1B 6E 1E "
             "11C 11O 10B 3B 6O 2C 10C 5E 7B 4E 1C",
          "1O 4C 3C 10O 2B 12O 5O 6B 5B 11E 12E 7O 4O 10E 2E 12B 12C 7E swap 4B 6E 5C 3O 6C 10B 11O 6O 2C 1E "
          "5E 7B 4E 1C 7C 3B 11B 10C 11C 1B 3E"),
    380: (2, "6O 7O 3O 4O 11B 10E 12O 11E 2C 1C 5B 1O 2B 10C 5O 4B 3B 7C 3C 11C 4E 5E 3E 12B 12E 10O 6B 10B "
             "5C 11O 12C 7E 6E 6C 1B 1E 2E 4C 7B",
          "4O 7O 3O 5B 1O 11B 2B 5O 4B 6O 11E 3C 10E 4E 5E 2C 12O 10C swap 10O 6B 10B 12E 3E 12C 12B 1C 11O 6E "
          "1E 7E 4C 7B 5C 7C 6C 2E 1B 11C 3B"),
    256: (1, "2C 10B 12B 5E 12C 10O 3C 11O 2E 12E 6O 7O 4B 5O 1O 6E 6B 4E 7E 5B 7C 3E 4C 7B 11C 10E 6C 4O "
             "1B 2B 3B 1C 11B 12O 11E 3O 5C 10C 1E",
          "2C 11O 2E 6O 7O 4B 5O 1O 6E 6B 4E 12C 5B 10B 12B 4C 7B 11C swap 7C 6C 3C 4O 12E 3E 10O 11B 12O 10E "
          "3O 5C 2B 3B 1B 5E 10C 1E 1C 7E 11E"),
}


def session_of(seed: int) -> Session:
    return hand_session(HANDS[seed], players=3)


def judged(hand: Hand, move: int) -> review.Verdict:
    """The review's verdict on one move of ``hand`` (only that move judged)."""
    review._last.clear()
    r = review.review_of(hand, (0,))
    r.todo = [(i, before) for i, before in r.todo if i == move]
    r._steps = r._judge_all()
    r.step(None)
    return r.verdicts[move]


def before(hand: Hand, move: int):
    return next(b for i, b in review.replay(hand) if i == move).observation(0)


def verdict_lines(session: Session, move: int) -> list[str]:
    review._last.clear()
    app = App(Store(Storage(MemoryBackend())), window=False, seed=3)
    app.session = session
    app.go("review", back=Go("menu"))
    scene = app.scene
    scene.review.todo = [(i, b) for i, b in scene.review.todo if i == move]
    scene.review._steps = scene.review._judge_all()
    scene.review.step(None)
    scene.index = scene.review.verdicts[move].baza
    return [text for text, _ in scene.verdict_lines()]


def test_cards_equal_on_every_deal_are_no_mistake():
    """Seed 202, move 32: 4O 11O 1B, triunfo oros, the 6E led. The caballo played and the cuatro end
    at (49, 52, 19) on every one of the 6 deals under both readings; the review said "El experto
    habría jugado el cuatro de oros: 41 puntos más de media" (the rule player's answers)."""
    from game.ai.search import solve_three

    hand = session_of(202).hand
    obs = before(hand, 32)
    four, horse = int(Card.parse("4O")), int(Card.parse("11O"))
    know = knowledge_of(obs)
    for hands, stock in know.every_deal():
        vals = solve_three(from_observation(obs, hands, stock), 0, [four, horse])
        assert vals[four] == vals[horse]
    v = judged(hand, 32)
    assert v.played == (Card.parse("11O"),) and v.deals == 6
    assert v.best != (Card.parse("4O"),) and v.leaned != (Card.parse("4O"),)


def test_an_exact_amount_is_the_exact_one():
    """Seed 481, move 34: one deal fits; the cuatro de espadas over the caballo de copas played is 4
    points more lead (paranoid: -16 against -20; max^n the same). The review said 22, from Paco
    throwing his sota de espadas in both lines of play (the rule player's cheapest card)."""
    v = judged(session_of(481).hand, 34)
    assert v.deals == 1 and v.mistake and v.best == (Card.parse("4E"),) and abs(v.points - 4) < 1e-9


def test_three_players_amount_says_it_is_the_lead_over_the_best_rival():
    """Seed 187, move 35: "el dos de bastos: 30 puntos más" then "15 puntos seguros": 15 are the
    player's own, the other 15 a rival's that they do not get. The amount is the margin over the
    best rival, and the sentence says so."""
    lines = verdict_lines(session_of(187), 35)
    assert ("El experto habría jugado el dos de bastos: 30 puntos más de ventaja sobre el mejor rival "
            "(ya se sabía dónde estaba cada carta).") in lines, lines


def test_the_as_of_triunfo_on_a_baza_of_no_points_is_a_mistake():
    """Seed 107, move 32: 1C 1B 3B, triunfo copas, the 4E led, one rival still to play. The as de
    copas played loses 11 to 12 points on every one of the 6 deals: the review said "lo mismo"."""
    v = judged(session_of(107).hand, 32)
    assert v.played == (Card.parse("1C"),) and v.mistake and v.best[0] in (Card.parse("1B"), Card.parse("3B"))
    assert v.points >= 10


def test_the_hint_agrees_with_the_exact_values_once_the_stock_is_out():
    """Seed 107, move 32: the hint said "falla con el as de copas (triunfo): ganas la baza y 11
    puntos seguros", worse than the as or the tres de bastos on all 6 deals. Seed 380, move 36: the
    hint threw the dos de espadas, "lo que menos pierdes", and the review of that move said "el tres
    de bastos: 4 puntos más". The hint now asks the review's exact values: its card is never one the
    review would mark."""
    import random

    from game.ui.players import HintThinking, hint_reason

    for seed, move in ((107, 32), (380, 36)):
        obs = before(session_of(seed).hand, move)
        card, reason = hint_reason(obs, random.Random(0))
        cards = [int(c) for c in obs.legal_moves]
        mean, _ = run_steps(review.three_values_steps(obs, knowledge_of(obs), cards))
        assert review.three_best(mean, int(card)) == (int(card), 0.0), (seed, card)
        thinking = HintThinking(obs, random.Random(0))   # the table's hint, thought over frames
        assert thinking.step(None) and (thinking.move, thinking.reason) == (card, reason)
    assert card == Card.parse("3B")


def test_the_points_of_your_own_card_are_not_said_as_won():
    """Seed 107, move 32: "falla con el as de copas (triunfo): ganas la baza y 11 puntos seguros" on
    a baza of no points read as 11 points won; they are the as's own, kept."""
    from game.ai.hints import Reason, explain

    obs = before(session_of(107).hand, 32)
    ace = Card.parse("1C")
    assert explain(obs, ace) == Reason("trump_keep", (ace,), 11)


def test_not_worth_winning_is_not_said_where_winning_scores_the_same():
    """Seed 256, move 35 (one deal): "ganar esta baza costaría más de lo que vale: tira la sota de
    copas", where the caballo de espadas, which wins, ends at the same (24, 48, 48): the rule
    player's playouts said otherwise. The review and the hint now say "no te daría más puntos"."""
    import random

    from game.ui.players import hint_reason

    hand = session_of(256).hand
    v = judged(hand, 35)
    assert v.deals == 1 and not v.mistake and v.reason.kind == "not_worth_same"
    card, reason = hint_reason(before(hand, 35), random.Random(0))
    assert card == Card.parse("10C") and reason.kind == "not_worth_same"


#: The reviewer's three-player hand of seed 1 (thirty-second session, its hint3_play.py), to move 33;
#: the moves after it are the first legal ones.
AS_TO_LOLA = (1, "4O 7E 4E 6E 5E 1E 10O 4B 6C 11C 7C 5O 3B 10C 11E 5C 3C 7B 10B 4C 2C 12B 7O 1C 6O 12O 1O "
                 "10E 12C 3E 3O 2E 1B 11B 12E 6B 5B 11O 2B",
              "4O 5E 4E swap 6E 4B 1E 3B 11C 5O 10O 7E 10B 11E 2C 6C 7O 3C 5C 12O 6O 10C 10E 1C 3O 2E 7B 11B "
              "12E 1B 12C 5B 2B 1O 11O 4C 7C 6B 12B 3E")


def test_an_as_thrown_to_a_rival_who_stays_behind_the_other_says_why():
    """Move 33: Tú 0, Lola 39, Paco 53; Lola's cinco de bastos wins a baza of no points and you play
    last with the as de oros, the siete de copas (triunfo) and the seis de bastos. The hint throws
    the as (the exact values agree: -46.5 of lead over the best rival against -56.3 and -73.1) and
    said only "ganar esta baza costaría más de lo que vale: tira el as de oros y guarda las demás":
    11 points given away, and not why. Lola with them stays behind Paco; the hint now says so."""
    import dataclasses
    import random

    from game.ai.hints import Reason, explain
    from game.ui.i18n import Words
    from game.ui.players import hint_reason

    obs = before(hand_session(AS_TO_LOLA, players=3).hand, 33)
    assert obs.points == (0, 39, 53) and obs.table == ((1, Card.parse("5B")), (2, Card.parse("2B")))
    ace = Card.parse("1O")
    card, reason = hint_reason(obs, random.Random(0))
    assert (card, reason) == (ace, Reason("not_worth_behind", (ace,), 11))
    assert Words("es").hint(reason) == ("no compensa ganar esta baza: tira el as de oros; quien se la lleva no "
                                        "pasa al otro rival")
    # said only where it holds: with 43 Lola would pass Paco (43 + 11 > 53)
    assert explain(dataclasses.replace(obs, points=(0, 43, 53)), ace).kind == "not_worth_keep"
    assert explain(dataclasses.replace(obs, points=(0, 42, 53)), ace).kind == "not_worth_behind"   # (level: 53)


def test_a_card_equal_under_one_reading_and_better_under_the_other_is_better():
    """Seed 402, move 32 (an outside tester): winning with the 4 de espadas was equal under the
    paranoid reading and +11.3 under max^n on every deal, and the hint threw the tres de copas
    ("no te daría más puntos"): the smaller gain, 0, made it no better. It is better; with a gain of
    0 the review calls it a lean, and a card better under both comes first."""
    from game.ai.search import three_best

    mean = {1: (10.0, 20.0), 2: (10.0, 31.3), 3: (9.0, 40.0), 4: (10.5, 20.5)}
    assert three_best(mean, 1) == (4, 0.5)   # better under both: first
    del mean[4]
    assert three_best(mean, 1) == (2, 0.0)   # equal under one, better under the other: still better
    assert three_best(mean, 2) == (2, 0.0)   # none no worse under both and better under one
    assert three_best({1: (10.0, 20.0), 2: (10.0, 20.0)}, 1) == (1, 0.0)   # equal under both: no better


def test_the_hint_throws_fewest_points_among_cards_worth_exactly_as_much(monkeypatch):
    """Cards worth exactly as much under both readings: the hint level's search, its own values tied,
    may pick any of them; the hint says the one that throws fewest points (an as thrown to a rival
    where a card of no points does as well is a bad lesson, though it ends the same)."""
    from game.ui import players

    obs = before(session_of(107).hand, 32)
    cards = [int(c) for c in obs.legal_moves]
    assert len(cards) == 3
    by_points = sorted(cards, key=lambda c: (POINTS[c], c))
    richest, poorest = by_points[-1], by_points[0]
    assert POINTS[richest] > POINTS[poorest]

    def tied(obs, know, cards):
        yield
        return {c: (-10.0, -5.0) for c in cards}, None
    monkeypatch.setattr(players, "three_values_steps", tied)
    card, values = run_steps(players.exact_hint_steps(obs, obs.legal_moves[cards.index(richest)]))
    assert int(card) == poorest and values == {c: 0.0 for c in cards}
