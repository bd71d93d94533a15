"""A learned evaluation of a two-player deal in progress, to end the search's rollouts early.

Why: the search values a move by playing each sampled deal to the end with the rule player
at both seats.  Most of the noise in that value comes from the far end of the hand (which
cards each player will draw), not from the move, so the differences between moves need many
deals.  Playing only the next few bazas and then reading the expected result of the rest
off this evaluation keeps the move's own consequences and averages the far future away.

:func:`features` describes a fully known two-player position at the start of a baza (both
hands and the cards still to draw, as a set: their order is what the evaluation averages
over) from one seat's side; :data:`WIN` is a logistic model of the chance that the seat wins
the hand, :data:`MARGIN` a linear model of its final margin / 120, both fitted by
``tools/value_fit.py`` to what the rule player's rollouts give from such positions.
:func:`value` combines them the way :func:`game.ai.search.utility` scores a finished hand.
"""

from __future__ import annotations

import math

from ..fast import POINTS, STRENGTH

__all__ = ["FEATURES", "WIN", "MARGIN", "features", "state_features", "value"]

FEATURES = (
    "bias", "margin", "left", "lead", "stock",
    "mine.triunfos", "theirs.triunfos", "mine.triunfo.strength", "theirs.triunfo.strength",
    "mine.points", "theirs.points", "stock.triunfos", "stock.points",
    "mine.as", "mine.tres", "theirs.as", "theirs.tres",
    "margin.stock", "lead.stock", "mine.triunfos.stock", "theirs.triunfos.stock",
    "mine.won", "theirs.won", "mine.high", "theirs.high", "mine.triunfo.strength.stock",
    "theirs.triunfo.strength.stock", "margin.left",
)

#: Bit masks per triunfo suit: its cards, and the cards with points.
_TRUMP_MASK = tuple(sum(1 << c for c in range(t * 10, t * 10 + 10)) for t in range(4))
_POINT_CARDS = tuple(c for c in range(40) if POINTS[c])


def features(hands, stock_cards: int, muestra: int, trump: int, points, seat: int, leader: int) -> list[float]:
    """The feature vector of a two-player position at the start of a baza, for ``seat``.

    ``hands``: the two hands (lists of cards); ``stock_cards``: bit mask of the face-down
    cards; ``muestra``: the muestra if not drawn yet (-1 otherwise); ``points``: both seats'
    points so far; ``leader``: who leads the baza."""
    me, op = hands[seat], hands[1 - seat]
    stock = stock_cards | ((1 << muestra) if muestra >= 0 else 0)
    n_stock = bin(stock).count("1")
    s = n_stock / 34.0
    pm, po = points[seat], points[1 - seat]
    margin = (pm - po) / 120.0
    left = (120 - pm - po) / 120.0
    lead = 1.0 if leader == seat else 0.0
    low = trump * 10
    tm = [c for c in me if low <= c < low + 10]
    to = [c for c in op if low <= c < low + 10]
    st_t = bin(stock & _TRUMP_MASK[trump]).count("1")
    st_p = sum(POINTS[c] for c in _POINT_CARDS if stock >> c & 1)
    ace, three = low, low + 2
    n_tm, n_to = len(tm) / 3.0, len(to) / 3.0
    str_m, str_o = sum(STRENGTH[c] + 1 for c in tm) / 30.0, sum(STRENGTH[c] + 1 for c in to) / 30.0
    return [
        1.0, margin, left, lead, s,
        n_tm, n_to, str_m, str_o,
        sum(POINTS[c] for c in me) / 33.0, sum(POINTS[c] for c in op) / 33.0, st_t / 10.0, st_p / 120.0,
        1.0 if ace in me else 0.0, 1.0 if three in me else 0.0, 1.0 if ace in op else 0.0, 1.0 if three in op else 0.0,
        margin * s, lead * s, n_tm * s, n_to * s,
        1.0 if pm > 60 else 0.0, 1.0 if po > 60 else 0.0,
        sum(1 for c in me if POINTS[c] >= 10 and not low <= c < low + 10) / 3.0,
        sum(1 for c in op if POINTS[c] >= 10 and not low <= c < low + 10) / 3.0,
        str_m * s, str_o * s,
        margin / (left + 0.05),
    ]


def state_features(st, points, seat: int) -> list[float]:
    """:func:`features` of a two-player :class:`game.fast.FastState` at the start of a baza,
    with ``points`` the seats' points (a rollout returns them; ``st.points`` otherwise)."""
    facedown = 0
    for c in st.stock:
        facedown |= 1 << c
    return features(st.hands, facedown, st.muestra, st.trump, points, seat, st.leader)


#: Fitted by ``python tools/value_fit.py`` (docs/ai.md says on which data).
WIN: tuple[float, ...] = (
     0.154879,  # bias
     2.164981,  # margin
     0.000329,  # left
    -0.321930,  # lead
    -0.041376,  # stock
     0.714398,  # mine.triunfos
    -0.705553,  # theirs.triunfos
     1.855725,  # mine.triunfo.strength
    -1.854854,  # theirs.triunfo.strength
     0.171231,  # mine.points
    -0.165185,  # theirs.points
    -0.000304,  # stock.triunfos
    -0.001333,  # stock.points
     0.480202,  # mine.as
     0.389348,  # mine.tres
    -0.481992,  # theirs.as
    -0.390997,  # theirs.tres
     1.961322,  # margin.stock
     0.097014,  # lead.stock
    -1.289930,  # mine.triunfos.stock
     1.281040,  # theirs.triunfos.stock
     1.170562,  # mine.won
    -1.170150,  # theirs.won
     0.320791,  # mine.high
    -0.323694,  # theirs.high
    -1.157656,  # mine.triunfo.strength.stock
     1.152929,  # theirs.triunfo.strength.stock
     3.231162,  # margin.left
)
MARGIN: tuple[float, ...] = (
     0.011161,  # bias
     0.888258,  # margin
     0.000057,  # left
    -0.022439,  # lead
     0.006310,  # stock
     0.053040,  # mine.triunfos
    -0.052978,  # theirs.triunfos
     0.196120,  # mine.triunfo.strength
    -0.196153,  # theirs.triunfo.strength
     0.009687,  # mine.points
    -0.009605,  # theirs.points
     0.000077,  # stock.triunfos
     0.000035,  # stock.points
     0.052587,  # mine.as
     0.045016,  # mine.tres
    -0.052611,  # theirs.as
    -0.045039,  # theirs.tres
     0.078354,  # margin.stock
    -0.012881,  # lead.stock
    -0.122465,  # mine.triunfos.stock
     0.122469,  # theirs.triunfos.stock
    -0.006810,  # mine.won
     0.006833,  # theirs.won
     0.046183,  # mine.high
    -0.046227,  # theirs.high
    -0.058079,  # mine.triunfo.strength.stock
     0.058101,  # theirs.triunfo.strength.stock
     0.033626,  # margin.left
)


def value(f: list[float], margin_weight: float, win=WIN, margin=MARGIN) -> float:
    """``P(win) + margin_weight * E[margin] / 120`` of a feature vector (the search's utility)."""
    # math.fsum, not sum: CPython 3.12+ (the browser) sums floats with compensation and 3.11
    # does not; the last bit decides ties between cards, and both runtimes must play the same.
    z = math.fsum([a * b for a, b in zip(win, f)])
    p = 1.0 / (1.0 + math.exp(-z)) if z > -30.0 else 0.0
    return p + margin_weight * math.fsum([a * b for a, b in zip(margin, f)])
