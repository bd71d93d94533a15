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
from operator import add, mul, sub

from ..fast import POINTS, STRENGTH

__all__ = ["FEATURES", "WIN", "MARGIN", "WIN_NET", "MARGIN_NET", "features", "state_features", "value",
           "VALUE_INPUTS", "encode", "net_value", "NetValue"]

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

#: The same features fitted to what net-a-small32's rollouts give (``python tools/value_fit.py
#: --games 60000 --seed 1 --policy net:net-a-small32 --epsilon 0.1``): the evaluation that
#: matches rollouts played by the network (``value_model: "linear-net"``).
WIN_NET: tuple[float, ...] = (
     0.257843,  # bias
     3.255240,  # margin
    -0.002756,  # left
    -0.528213,  # lead
    -0.149690,  # stock
     0.819246,  # mine.triunfos
    -0.805693,  # theirs.triunfos
     1.696950,  # mine.triunfo.strength
    -1.694835,  # theirs.triunfo.strength
     0.079713,  # mine.points
    -0.072434,  # theirs.points
    -0.005277,  # stock.triunfos
    -0.004757,  # stock.points
     0.667483,  # mine.as
     0.473370,  # mine.tres
    -0.669139,  # theirs.as
    -0.474998,  # theirs.tres
     1.371036,  # margin.stock
     0.338288,  # lead.stock
    -1.044959,  # mine.triunfos.stock
     1.027080,  # theirs.triunfos.stock
     0.796281,  # mine.won
    -0.795366,  # theirs.won
     0.435079,  # mine.high
    -0.438955,  # theirs.high
    -1.114094,  # mine.triunfo.strength.stock
     1.104098,  # theirs.triunfo.strength.stock
     3.669283,  # margin.left
)
MARGIN_NET: tuple[float, ...] = (
     0.018792,  # bias
     0.920656,  # margin
    -0.000003,  # left
    -0.037732,  # lead
    -0.005202,  # stock
     0.062470,  # mine.triunfos
    -0.062319,  # theirs.triunfos
     0.143257,  # mine.triunfo.strength
    -0.143285,  # theirs.triunfo.strength
    -0.008486,  # mine.points
     0.008597,  # theirs.points
    -0.000024,  # stock.triunfos
    -0.000033,  # stock.points
     0.065061,  # mine.as
     0.050093,  # mine.tres
    -0.065084,  # theirs.as
    -0.050116,  # theirs.tres
     0.070375,  # margin.stock
     0.010672,  # lead.stock
    -0.091510,  # mine.triunfos.stock
     0.091334,  # theirs.triunfos.stock
    -0.001303,  # mine.won
     0.001333,  # theirs.won
     0.060682,  # mine.high
    -0.060748,  # theirs.high
    -0.016919,  # mine.triunfo.strength.stock
     0.016853,  # theirs.triunfo.strength.stock
     0.019394,  # margin.left
)


def value(f: list[float], margin_weight: float, win=WIN, margin=MARGIN) -> float:
    """``P(win) + margin_weight * E[margin] / 120`` of a feature vector (the search's utility)."""
    # math.fsum, not sum: CPython 3.12+ (the browser) sums floats with compensation and 3.11
    # does not; the last bit decides ties between cards, and both runtimes must play the same.
    return _combined(math.fsum([a * b for a, b in zip(win, f)]), math.fsum([a * b for a, b in zip(margin, f)]),
                     margin_weight)


def _combined(z: float, margin: float, margin_weight: float) -> float:
    """The search's utility from the win's logit ``z`` and the margin / 120: P(win) + weight * margin."""
    p = 1.0 / (1.0 + math.exp(-z)) if z > -30.0 else 0.0
    return p + margin_weight * margin


# --- the value network (issue 13, eighth round) ------------------------------------------------
#: The value network's inputs (tools/value_net.py trains it): my hand, the other hand and the
#: cards still to draw (the muestra among them until drawn), 40 ones and zeros each with the
#: suits renamed so that the triunfo is suit 0; then my points / 120, the other's, 1 if I lead,
#: the cards to draw / 34.
VALUE_INPUTS = 124
#: _CANON[t][c]: card ``c`` with triunfo ``t`` renamed suit 0, the other suits in their order.
_CANON = tuple(tuple((0 if c // 10 == t else 1 + [x for x in range(4) if x != t].index(c // 10)) * 10 + c % 10
                     for c in range(40)) for t in range(4))


def encode(hands, stock_cards: int, muestra: int, trump: int, points, seat: int,
           leader: int) -> tuple[list[int], dict[int, float]]:
    """The value network's inputs for the position :func:`features` describes, as (indexes of
    the ones, other values) for :meth:`game.ai.network.Network.scores`."""
    canon = _CANON[trump]
    stock = stock_cards | ((1 << muestra) if muestra >= 0 else 0)
    active = [canon[c] for c in hands[seat]]
    active.extend(40 + canon[c] for c in hands[1 - seat])
    n = 0
    c = 0
    while stock:
        if stock & 1:
            active.append(80 + canon[c])
            n += 1
        stock >>= 1
        c += 1
    return active, {120: points[seat] / 120.0, 121: points[1 - seat] / 120.0,
                    122: 1.0 if leader == seat else 0.0, 123: n / 34.0}


def net_value(network, st, points, seat: int, margin_weight: float) -> float:
    """:func:`value` of a two-player :class:`game.fast.FastState` at the start of a baza read
    off a value network (its outputs: the logit of my winning the hand, my final margin / 120)."""
    facedown = 0
    for c in st.stock:
        facedown |= 1 << c
    active, extra = encode(st.hands, facedown, st.muestra, st.trump, points, seat, st.leader)
    z, margin = network.scores(active, extra, [0, 1])
    return _combined(z, margin, margin_weight)


class NetValue:
    """:func:`net_value` for the truncated deals of one search, a few row additions each.

    Every deal a search samples holds the same cards in the hands and the stock at its root
    (those not played yet), so the first layer's sum over "still to draw" is taken once for
    all of them; at a truncated deal a card in a hand swaps its "to draw" row for its hand's
    row, and a card played since the root takes its "to draw" row away: 15 to 20 rows a deal
    instead of 30 to 40.  The same values as :func:`net_value` up to rounding
    (tests/test_ai_value.py)."""

    def __init__(self, network, trump: int, unplayed: int) -> None:
        if network.activation != "relu" or len(network.layers) != 2:
            raise ValueError("NetValue needs a value network with one ReLU layer")
        canon = _CANON[trump]
        by_input = network.first_by_input
        self.stock = [by_input[80 + canon[c]] for c in range(40)]
        self.mine = [[a - b for a, b in zip(by_input[canon[c]], by_input[80 + canon[c]])] for c in range(40)]
        self.theirs = [[a - b for a, b in zip(by_input[40 + canon[c]], by_input[80 + canon[c]])] for c in range(40)]
        self.extras = by_input[120:124]
        _, bias = network.layers[0]
        h = list(bias)
        self.unplayed = unplayed
        c = 0
        m = unplayed
        while m:
            if m & 1:
                h = [a + b for a, b in zip(h, self.stock[c])]
            m >>= 1
            c += 1
        self.root = h
        rows, out_bias = network.layers[1]
        self.win_row, self.margin_row = rows[0], rows[1]
        self.win_bias, self.margin_bias = out_bias[0], out_bias[1]

    @classmethod
    def for_observation(cls, network, obs) -> "NetValue":
        """The evaluator of the deals sampled for ``obs``: the cards not played yet are those
        not in a finished baza nor on the table."""
        unplayed = (1 << 40) - 1
        for t in obs.tricks:
            for c in t.cards:
                unplayed &= ~(1 << int(c))
        for _, c in obs.table:
            unplayed &= ~(1 << int(c))
        return cls(network, obs.trump, unplayed)

    def __call__(self, st, points, seat: int, margin_weight: float) -> float:
        h = self.root
        held = 0
        mine, theirs = st.hands[seat], st.hands[1 - seat]
        for c in mine:
            held |= 1 << c
            h = list(map(add, h, self.mine[c]))
        for c in theirs:
            held |= 1 << c
            h = list(map(add, h, self.theirs[c]))
        facedown = 0
        for c in st.stock:
            facedown |= 1 << c
        if st.muestra >= 0:
            facedown |= 1 << st.muestra
        gone = self.unplayed & ~(held | facedown)
        c = 0
        while gone:
            if gone & 1:
                h = list(map(sub, h, self.stock[c]))
            gone >>= 1
            c += 1
        e = self.extras
        pm, po = points[seat] / 120.0, points[1 - seat] / 120.0
        n = bin(facedown).count("1") / 34.0
        if st.leader == seat:
            h = [x if (x := y + pm * a + po * b + c3 + n * d) > 0.0 else 0.0
                 for y, a, b, c3, d in zip(h, e[0], e[1], e[2], e[3])]
        else:
            h = [x if (x := y + pm * a + po * b + n * d) > 0.0 else 0.0 for y, a, b, d in zip(h, e[0], e[1], e[3])]
        # math.fsum: the same last bit on CPython 3.11 and 3.12 (see value())
        z = math.fsum(map(mul, self.win_row, h)) + self.win_bias
        margin = math.fsum(map(mul, self.margin_row, h)) + self.margin_bias
        return _combined(z, margin, margin_weight)
