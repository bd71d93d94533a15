"""The baza in progress as the computer players read it: who is winning it and with what, and the
moves a player never makes there (a triunfo over a partner sure to win it, an as or a tres thrown
into a baza already lost). Pure functions of one seat's observation.
"""

from __future__ import annotations

from ..fast import BEATS, POINTS, SWAP_MOVE
from .heuristic import BEATERS
from .knowledge import no_threat_mask, others_mask


def table_best(obs) -> tuple[int, int, int]:
    """(best card, seat winning so far, points on the table) of the baza in progress."""
    beats = BEATS[obs.trump]
    seat0, best = obs.table[0]
    best = int(best)
    win = seat0
    pts = POINTS[best]
    for s, c in obs.table[1:]:
        c = int(c)
        pts += POINTS[c]
        if beats[best * 40 + c]:
            best, win = c, s
    return best, win, pts


def partner_is_winning(obs) -> bool:
    """Pairs only: my partner's card is winning the baza in progress."""
    if obs.rules.players != 4 or not obs.table:
        return False
    _, win, _ = table_best(obs)
    return win == (obs.seat + 2) % 4


def overtrumps_partner(obs, card: int) -> bool:
    """Would ``card`` be a triunfo that takes the baza from my winning partner?"""
    if not partner_is_winning(obs) or card == SWAP_MOVE:
        return False
    best, _, _ = table_best(obs)
    return card // 10 == obs.trump and BEATS[obs.trump][best * 40 + card]


def partner_safe_moves(obs, moves: list[int]) -> list[int]:
    """Pairs: drop the triunfos that would take a baza my partner is sure to win.

    Sure means nobody after me could beat the partner's card (I play last, or no card I have
    not seen beats it but the partner's own, known from its señas, or one known to be held by an
    opponent who has already played to this baza).  Then the points are the side's anyway and overtrumping only wastes
    a triunfo, so it is never done while another card is at hand.  When an opponent still to
    play could beat the partner, overtrumping stays allowed: that is its reason.
    """
    if not partner_is_winning(obs):
        return moves
    best, _, _ = table_best(obs)
    if len(obs.table) < 3 and BEATERS[obs.trump][best] & others_mask(obs) & ~no_threat_mask(obs):
        return moves
    keep = [m for m in moves if not overtrumps_partner(obs, m)]
    return keep or moves


def no_gift_moves(obs, moves: list[int]) -> list[int]:
    """Three or four players, a baza already lost whatever the rest play (an opponent wins it, no
    card of mine takes it, and my partner has played or nothing unseen could take it): not an as or
    a tres while a side-suit card worth nothing is at hand (11 or 10 points given for a card the
    search's rule-player playouts lose later more often than a strong player would; an outside
    tester found the search levels doing it 3 times in 3,600 pairs decisions last to play, and
    again third to play with only an opponent after me)."""
    n = obs.rules.players
    if n == 2 or not obs.table or SWAP_MOVE in moves:
        return moves
    best, win, _ = table_best(obs)
    partner = (obs.seat + 2) % 4 if n == 4 else -1
    if win == partner or any(BEATS[obs.trump][best * 40 + m] for m in moves):
        return moves
    if (partner >= 0 and all(s != partner for s, _ in obs.table)
            and BEATERS[obs.trump][best] & others_mask(obs)):
        return moves   # my partner plays after me and might take it: a loaded as is a bet on that
    if not any(POINTS[m] == 0 and m // 10 != obs.trump for m in moves):
        return moves
    return [m for m in moves if POINTS[m] < 10]
