"""Hints: the move the strongest level would play, with the reason for it as a fact.

Why a reason and not only a move: players ask to learn while they play.  The move comes from
the search; the reason says what the move does in this baza (wins it, loads the partner's baza,
throws a card without points, makes the cambio ...) as a :class:`Reason` (a kind, the cards it
is about, the points at stake).  The interface's word catalogues turn it into a sentence in the
player's language (``game.ui.i18n.Words.hint``): no sentence is written here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import DECK, Card
from ..fast import BEATS, POINTS, SWAP_MOVE
from ..hand import SWAP
from .heuristic import BEATERS, should_swap
from .knowledge import no_threat_mask, others_mask
from .table import table_best

__all__ = ["Hint", "Reason", "KINDS", "hint", "explain", "swap_gains", "swap_reason"]

#: Every kind of reason :func:`explain` gives (each has a sentence ``hint.<kind>`` in every catalogue).
KINDS = (
    "swap",               # cards (the 7 or 2 given, the muestra taken)
    "swap_loses",         # a legal cambio not worth making: cards (the card to give, the muestra)
    "lead_safe_points",   # nobody can beat the card led; points = its points
    "lead_safe",          # nobody can beat it, worth nothing: you keep the lead
    "lead_trump",         # lead a triunfo to draw the opponents' trumps
    "lead_blank",         # lead a card worth no points
    "lead_least_risk",    # the card that risks least
    "trump_sure",         # trump the baza, sure to win it; points = the baza's
    "win_sure",           # win the baza for sure; points = the baza's
    "win_keep",           # win the baza for sure, only your card worth points: points = its (kept, not won)
    "trump_keep",         # the same with a triunfo on a baza of another suit
    "win_cheap",          # wins for now, spends nothing worth points
    "win_try",            # may win; points = at stake
    "partner_load",       # the partner wins: load points onto the baza; points = the card's
    "partner_save",       # the partner wins: spend nothing
    "cannot_win",         # no card wins: the cheapest loss
    "not_worth_blank",    # not worth winning: a card worth no points
    "not_worth",          # not worth winning: the cheapest loss
    "not_worth_behind",   # not worth winning, points thrown to a rival who does not pass the other (three players)
    # where the claim above would be false (the search chose otherwise), a sentence that holds:
    "swap_plain",         # a cambio for a muestra no stronger than the card given: cards as for swap
    "lead_keep",          # lead a card with points though a cheaper one is held
    "win_lead",           # win the baza for sure, worth nothing: you lead next
    "win_last",           # win the hand's last baza for sure, worth nothing
    "lead_safe_last",     # lead the hand's last card, which nobody can beat, worth nothing
    "only_card",          # the one card left: nothing to choose
    "cannot_win_keep",    # no card wins, a card not the cheapest thrown
    "not_worth_keep",     # not worth winning, a card not the cheapest thrown
    "not_worth_same",     # a card with points thrown where a card that wins scores the same (the search's values)
    # a card that beats the partner's winning card (the baza's points were the side's anyway):
    "partner_take",       # the partner's card was sure: you take the baza instead and lead next
    "partner_secure",     # the partner's card could be beaten, this card cannot
    "partner_raise",      # the partner's card could be beaten, this one too but by fewer cards
)


@dataclass(frozen=True)
class Reason:
    """Why a move is suggested: ``kind`` (one of :data:`KINDS`), the ``cards`` it is about (the
    card played; for ``swap`` the card given then the muestra) and the ``points`` it concerns."""

    kind: str
    cards: tuple[Card, ...] = ()
    points: int = 0


class Hint(NamedTuple):
    move: object        # a Card or "swap"
    reason: Reason


#: Reasons that speak of a choice among the cards held ("la que menos arriesgas", "y guarda las demás").
CHOOSING = {"lead_least_risk", "lead_keep", "lead_blank", "cannot_win", "cannot_win_keep", "not_worth",
            "not_worth_blank", "not_worth_keep", "partner_save", "partner_load", "win_cheap", "win_try",
            "lead_trump",   # (and "para sacar los triunfos de los demás" has no after in the last baza)
            "partner_take", "partner_secure", "partner_raise"}   # (nor "luego sales tú")


def explain(obs, move, values: dict | None = None) -> Reason:
    """The :class:`Reason` for ``move`` in ``obs`` (with one card left, no talk of choosing it).

    ``values``: the search's value of each card (fast ints), where known: "ganar esta baza
    costaría más de lo que vale" is not said where a card that wins is worth exactly as much (a card
    that wins rated higher, the search having kept its anchor's card, leaves the reason as it was:
    "no te daría más puntos" would be false)."""
    reason = _explain(obs, move)
    if reason.kind in ("not_worth", "not_worth_keep", "not_worth_behind") and values and int(move) in values:
        beats, best = BEATS[obs.trump], table_best(obs)[0]
        same = values[int(move)]   # a tie only (above)
        if any(abs(values.get(int(x), -1e9) - same) <= 1e-9 for x in obs.hand if beats[best * 40 + int(x)]):
            reason = Reason("not_worth_same", reason.cards, reason.points)
    if len(obs.hand) == 1 and reason.kind in CHOOSING:
        return Reason("only_card", reason.cards)
    return reason


def _explain(obs, move) -> Reason:
    t = obs.trump
    if move == SWAP or move == SWAP_MOVE:   # "a better trump" only where the muestra is one
        return Reason("swap" if swap_gains(obs.rules, obs.muestra) else "swap_plain",
                      (obs.rules.swap_card_for(obs.muestra), obs.muestra))
    c = int(move)
    card = (DECK[c],)
    cheapest = POINTS[c] <= min(POINTS[int(x)] for x in obs.hand)   # "lo que menos pierdes" holds
    unknown = others_mask(obs)
    n = obs.rules.players
    if not obs.table:
        if not (BEATERS[t][c] & unknown):
            if POINTS[c]:
                return Reason("lead_safe_points", card, POINTS[c])
            return Reason("lead_safe" if len(obs.hand) > 1 else "lead_safe_last", card)   # (no "sigues saliendo")
        if c // 10 == t:
            return Reason("lead_trump", card)
        if POINTS[c] == 0:
            return Reason("lead_blank", card)
        # "la que menos arriesgas" of no card worth less, the triunfos held counted too (a blank
        # triunfo kept while leading an as is "y guarda las demás")
        return Reason("lead_least_risk" if cheapest else "lead_keep", card)
    beats = BEATS[t]
    best, win_seat, pts = table_best(obs)
    total = pts + POINTS[c]
    last = len(obs.table) == n - 1
    partner = n == 4 and win_seat == (obs.seat + 2) % 4
    if partner and beats[best * 40 + c]:   # the baza was the side's: not "gana la baza ... N seguros"
        if last or not (BEATERS[t][best] & unknown & ~no_threat_mask(obs)):
            return Reason("partner_take", card)
        return Reason("partner_secure" if not (BEATERS[t][c] & unknown) else "partner_raise", card)
    if beats[best * 40 + c]:
        sure = last or not (BEATERS[t][c] & unknown)
        trumping = c // 10 == t and best // 10 != t
        if sure and total == 0:   # (not "0 puntos seguros"; and no "luego sales tú" in the last baza)
            return Reason("win_lead" if len(obs.hand) > 1 else "win_last", card)
        if sure and pts == 0:   # "ganas la baza y 11 puntos seguros" of an as read as 11 won
            return Reason("trump_keep" if trumping else "win_keep", card, total)
        if sure:
            return Reason("trump_sure" if trumping else "win_sure", card, total)
        if total == 0:
            return Reason("win_cheap", card)
        return Reason("win_try", card, total)
    if partner:
        if POINTS[c]:
            return Reason("partner_load", card, POINTS[c])
        return Reason("partner_save", card)
    can_win = any(beats[best * 40 + int(x)] for x in obs.hand)
    if not can_win:
        return Reason("cannot_win" if cheapest else "cannot_win_keep", card, POINTS[c])
    if POINTS[c] == 0:
        return Reason("not_worth_blank", card)
    if not cheapest and n == 3 and last and obs.points[win_seat] + total <= obs.points[3 - obs.seat - win_seat]:
        # points given to a rival, cheaper cards held (an as, where a blank card would win the baza):
        # "y guarda las demás" said nothing of why. The one taking them does not pass the other rival,
        # so the lead over the best rival (what three players play for) is the same
        return Reason("not_worth_behind", card, POINTS[c])
    return Reason("not_worth" if cheapest else "not_worth_keep", card, POINTS[c])


def swap_gains(rules, muestra) -> bool:
    """Whether the cambio of ``muestra`` gains: the muestra is a stronger triunfo than the card
    given (a 7 for a muestra of 6, 5, 4 or 2 is legal but loses).  False when no cambio applies."""
    if muestra is None:
        return False
    give = rules.swap_card_for(muestra)
    return give is not None and should_swap(int(give), int(muestra))


def swap_reason(obs) -> Reason | None:
    """Why the cambio open to ``obs``'s seat now is (``swap``) or is not (``swap_loses``) worth
    making; None when it may not swap now."""
    if SWAP not in obs.legal_moves:
        return None
    cards = (obs.rules.swap_card_for(obs.muestra), obs.muestra)
    return Reason("swap" if swap_gains(obs.rules, obs.muestra) else "swap_loses", cards)


def hint(obs, rng: random.Random, level: str = "expert", **options) -> Hint:
    """The move ``level`` (the strongest by default) would play now, and why."""
    from . import make_player

    player = make_player(level, rng, **options)
    move = player.choose(obs)
    return Hint(move, explain(obs, move, getattr(player, "last_values", None)))
