"""A learned two-player card scoring: the expert's choices, imitated by a linear model.

Why: the search finishes each sampled deal with a policy at every seat, and reads the other
player's cards through a model of how it plays.  The rule player (game/ai/heuristic.py) is
that policy by default; this module is the same kind of scoring with more terms, its weights
fitted by ``tools/imitation.py`` to the expert's own choices in self-play (a conditional
logit: the chance of a card is the softmax of the scores of the cards in hand).

A card's score is ``sum(w * f)`` over :data:`FEATURES`.  Most features depend only on the
card, the triunfo suit, the stage of the hand (the stock's size, in four steps) and the card
led, so they are folded into tables once; the rest (is the card the best left, the triunfos
in hand, does the baza reach 61) are added per decision.  :func:`features` is the reference
the tables are tested against; :func:`game.ai.heuristic.rollout_two` plays the tables.
"""

from __future__ import annotations

from ..fast import BEATS, POINTS, STRENGTH
from .heuristic import BEATERS, ScoreTables, stage

__all__ = ["FEATURES", "WEIGHTS", "features", "stage", "LearnedPolicy", "learned"]

FEATURES = (
    # leading (the table is empty)
    "lead.points", "lead.points.best", "lead.best", "lead.triunfo", "lead.triunfo.strength",
    "lead.triunfo.early", "lead.triunfo.middle", "lead.triunfo.late", "lead.triunfo.strength.stock",
    "lead.high", "lead.high.best", "lead.strength", "lead.triunfo.best", "lead.points.early",
    "lead.points.middle", "lead.points.end", "lead.triunfo.count", "lead.blank",
    # following (one card led; two players: the follower plays last)
    "follow.win.stake", "follow.lose.stake", "follow.win.triunfo", "follow.win.triunfo.strength",
    "follow.triunfo.stock", "follow.triunfo.strength.stock", "follow.triunfo", "follow.triunfo.strength",
    "follow.win.suit", "follow.led.triunfo.win", "follow.lose.points", "follow.win.triunfo.blank",
    "follow.win.stake.early", "follow.win.stake.middle", "follow.win.stake.late", "follow.win.stake.end",
    "follow.points", "follow.strength", "follow.reaches.61", "follow.gives.61", "follow.triunfo.count",
    "follow.win.triunfo.early", "follow.win.triunfo.middle",
    # both
    "strength", "triunfo.end",
)


def features(card: int, hand, lead: int, trump: int, unknown: int, stock: int,
             mine: int = 0, theirs: int = 0) -> list[float]:
    """The feature vector of playing ``card`` from ``hand`` (the reference implementation).

    ``lead``: the card led, or -1 when leading; ``unknown``: bitmask of the cards the player
    has not seen; ``stock``: cards left to draw (the muestra included); ``mine``/``theirs``:
    the points taken so far."""
    b = stage(stock)
    st = 1.0 if stock > 0 else 0.0
    t = 1.0 if card // 10 == trump else 0.0
    s = STRENGTH[card] / 9.0
    p = POINTS[card] / 11.0
    nt = sum(1 for c in hand if c // 10 == trump) / 3.0
    high = 1.0 if POINTS[card] >= 10 and not t else 0.0
    e, m, la, end = (1.0 if b == 3 else 0.0), (1.0 if b == 2 else 0.0), (1.0 if b == 1 else 0.0), (1.0 if b == 0 else 0.0)
    f = [0.0] * len(FEATURES)
    if lead < 0:
        best = 0.0 if BEATERS[trump][card] & unknown else 1.0
        f[0:18] = [p, p * best, best, t, t * s, t * e, t * m, t * la, t * s * st,
                   high, high * best, (1.0 - t) * s, t * best, p * e, p * m, p * end, t * nt,
                   1.0 if POINTS[card] == 0 and not t else 0.0]
    else:
        win = 1.0 if BEATS[trump][lead * 40 + card] else 0.0
        pts = POINTS[lead] + POINTS[card]
        v = pts / 11.0
        lt = 1.0 if lead // 10 == trump else 0.0
        blank = 1.0 if POINTS[lead] == 0 else 0.0
        reach = 1.0 if win and mine < 61 <= mine + pts else 0.0
        give = 1.0 if not win and theirs < 61 <= theirs + pts else 0.0
        f[18:41] = [win * v, (1.0 - win) * v, win * t, win * t * s, t * st, t * s * st, t, t * s,
                    win * (1.0 - t), lt * win, (1.0 - win) * p, win * t * blank,
                    win * v * e, win * v * m, win * v * la, win * v * end, p, (1.0 - t) * s,
                    reach, give, t * nt, win * t * e, win * t * m]
    f[41] = s
    f[42] = t * end
    return f


#: Fitted by ``python tools/imitation.py fit`` (docs/ai-history.md says on which data).
WEIGHTS: tuple[float, ...] = (
    0.471269,  # lead.points
    0.617092,  # lead.points.best
    -0.231394,  # lead.best
    -0.353700,  # lead.triunfo
    -0.548869,  # lead.triunfo.strength
    -0.281977,  # lead.triunfo.early
    -0.869050,  # lead.triunfo.middle
    -0.884899,  # lead.triunfo.late
    0.340230,  # lead.triunfo.strength.stock
    -0.681620,  # lead.high
    0.387473,  # lead.high.best
    -0.171890,  # lead.strength
    0.165636,  # lead.triunfo.best
    -1.180853,  # lead.points.early
    -0.821889,  # lead.points.middle
    0.016001,  # lead.points.end
    0.894776,  # lead.triunfo.count
    -0.272416,  # lead.blank
    1.019323,  # follow.win.stake
    -1.128101,  # follow.lose.stake
    -0.295105,  # follow.win.triunfo
    -0.065838,  # follow.win.triunfo.strength
    -0.044893,  # follow.triunfo.stock
    -1.153719,  # follow.triunfo.strength.stock
    -0.394787,  # follow.triunfo
    0.110312,  # follow.triunfo.strength
    -0.338758,  # follow.win.suit
    -0.097348,  # follow.led.triunfo.win
    -0.698980,  # follow.lose.points
    -0.198301,  # follow.win.triunfo.blank
    1.257280,  # follow.win.stake.early
    1.250835,  # follow.win.stake.middle
    0.513242,  # follow.win.stake.late
    -0.530142,  # follow.win.stake.end
    -0.851375,  # follow.points
    0.323420,  # follow.strength
    0.278894,  # follow.reaches.61
    0.622527,  # follow.gives.61
    0.278513,  # follow.triunfo.count
    0.238800,  # follow.win.triunfo.early
    -0.123514,  # follow.win.triunfo.middle
    -0.030428,  # strength
    -0.195637,  # triunfo.end
)


class LearnedPolicy(ScoreTables):
    """A weight vector over :data:`FEATURES` as :class:`~game.ai.heuristic.ScoreTables`: the
    features that depend only on the card, the triunfo suit, the stage and the card led are
    folded into the tables; the triunfo count and the 61-point terms are added per decision."""

    def __init__(self, weights) -> None:
        w = tuple(float(x) for x in weights)
        if len(w) != len(FEATURES):
            raise ValueError(f"{len(FEATURES)} weights expected, not {len(w)}")
        self.weights = w
        super().__init__(self._build_tables)
        i = FEATURES.index
        self.lead_nt = w[i("lead.triunfo.count")] / 3.0
        self.follow_nt = w[i("follow.triunfo.count")] / 3.0
        self.reach = w[i("follow.reaches.61")]
        self.give = w[i("follow.gives.61")]

    def _build_tables(self, trump: int) -> tuple:
        """About 25 ms for one triunfo suit (a hand has one)."""
        w = self.weights

        def dot(f):
            return sum(a * b for a, b in zip(w, f))

        lead, lead_best, follow = [], [], []
        for stock in (0, 2, 10, 22):  # one stock size per stage
            # no triunfo counted (lead_nt/follow_nt add it) and scores far from 61
            lead.append(tuple(dot(features(c, (), -1, trump, (1 << 40) - 1, stock)) for c in range(40)))
            lead_best.append(tuple(dot(features(c, (), -1, trump, 0, stock)) for c in range(40)))
            follow.append(tuple(0.0 if c == ld else dot(features(c, (), ld, trump, 0, stock, -100, -100))
                                for ld in range(40) for c in range(40)))
        return tuple(lead), tuple(lead_best), tuple(follow)

    def scores(self, hand, lead: int, trump: int, unknown: int, stock: int,
               mine: int = 0, theirs: int = 0) -> list[float]:
        """The score of each card of ``hand`` (same order): ``features · weights``, from the
        tables, as :func:`~game.ai.heuristic.rollout_two` scores it."""
        b = stage(stock)
        lead_t, best_t, follow_t = self.tables(trump)
        nt = sum(1 for c in hand if c // 10 == trump)
        out = []
        if lead < 0:
            beaters = BEATERS[trump]
            for c in hand:
                s = lead_t[b][c] if beaters[c] & unknown else best_t[b][c]
                if c // 10 == trump:
                    s += self.lead_nt * nt
                out.append(s)
            return out
        beats = BEATS[trump]
        for c in hand:
            s = follow_t[b][lead * 40 + c]
            if c // 10 == trump:
                s += self.follow_nt * nt
            pts = POINTS[lead] + POINTS[c]
            if beats[lead * 40 + c]:
                if mine < 61 <= mine + pts:
                    s += self.reach
            elif theirs < 61 <= theirs + pts:
                s += self.give
            out.append(s)
        return out

    def move(self, hand, lead: int, trump: int, unknown: int, stock: int,
             mine: int = 0, theirs: int = 0) -> int:
        """The best-scored card (ties: the first)."""
        sc = self.scores(hand, lead, trump, unknown, stock, mine, theirs)
        best_i = 0
        for i in range(1, len(sc)):
            if sc[i] > sc[best_i]:
                best_i = i
        return hand[best_i]


LEARNED: LearnedPolicy | None = None


def learned() -> LearnedPolicy:
    """The fitted policy (its tables are built on first use)."""
    global LEARNED
    if LEARNED is None:
        LEARNED = LearnedPolicy(WEIGHTS)
    return LEARNED
