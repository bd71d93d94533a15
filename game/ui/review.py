"""The review of a finished hand: every baza as it was played, and a person's moves judged by the expert.

Why: players who want to improve ask where they went wrong. A finished hand is replayed from its
deck and moves (the core's record); before each move a person made, the expert's search is run on
what that person could see then (their :class:`~game.hand.Observation`, never the real hands):
every legal move is played out on the same deals, and the review keeps, per move, the
expected points and the search's own value (the hand first, the margin second). The deals are
every one that fits where they are few (:class:`_Deals`; one, once every card's place is known),
else a sample seeded from the position, so a position gets the same verdict in every review. The
expert's choice is the move of best value; the move played is marked when that choice is worth at least
:data:`MIN_POINTS` more on average, clearly (:data:`CLEAR_Z` paired standard errors; over every deal
that fits, the mean is no estimate and any gain is clear); the mark says which card, how many points, and why (a
:class:`~game.ai.hints.Reason` the catalogues put into words).

The search runs as a generator stepped a few milliseconds per frame (:meth:`Review.step`, like the
bots' thinking), so the review screen never freezes. No pygame here.

Points: with two players and in pairs, the points are the side's own (the other side has the rest
of the 120); with three players they are the margin over the best rival, which is what decides the
hand there (the sentence says so). With three players and nothing left to draw every deal is solved
under two readings of the others' play, and a mark needs both (:func:`three_values_steps`).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass
from typing import Any, Iterator

from game.ai.hints import Reason, explain
from game.ai.knowledge import knowledge_of, position_seed
from game.ai.reading import _LeadModel
from game.ai.search import evaluate_moves_steps, three_best, three_gain, three_means_steps, use_solver
from game.fast import SWAP_MOVE, from_observation
from game.hand import SWAP, Hand, Swap, Trick
from game.cards import DECK

#: Deals sampled per judged move (twice the expert's budget per move: a verdict should be sure).
SAMPLES = 320
#: A mark needs the expert's choice to be worth at least this many points more on average ...
MIN_POINTS = 1.5
#: ... by this many paired standard errors (the same deals for both moves).
CLEAR_Z = 1.5
#: Deals solved exactly per judged move where the search solves them (the expert's own budget).
EXACT_SAMPLES = 20
#: The search's value of a deal is win + MARGIN * margin: big enough to read both back exactly.
_SCALE = 1000.0
_WEIGHT = 0.2  # the expert's own weight of the margin against the hand (search.MARGIN_WEIGHT)


@dataclass(frozen=True)
class Baza:
    """One baza as the review shows it: who led, the cards in order, who won, the points."""

    number: int  # 1-based
    trick: Trick
    swaps: tuple[Swap, ...]  # cambios made just before it or during it
    side_points: tuple[int, ...]  # each side's points once it was won
    last_move: int  # index in ``hand.moves`` of its last card (a cambio belongs to the baza of its card)

    def plays(self, players: int) -> list[tuple[int, Any]]:
        """(seat, card) in the order played."""
        return [(self.trick.seat_of(i, players), c) for i, c in enumerate(self.trick.cards)]


@dataclass(frozen=True)
class Verdict:
    """A person's move as the expert sees it."""

    move_index: int  # index in ``hand.moves`` of the card (or of the cambio followed by a card)
    baza: int  # 0-based baza it belongs to
    seat: int
    played: tuple  # the move(s) played: (card,) or ("swap", card)
    best: tuple  # the expert's choice when it is a mistake, else the move played; same form
    points: float  # expected points the expert's choice is worth more than the move played (>= 0)
    samples: int  # deals searched (a sample may hold one twice)
    reason: Reason  # why the expert's choice (or why the move played was right)
    mistake: bool
    leaned: tuple = ()  # not a mistake, but the expert's own choice was another move (by little): that move
    deals: int = 0  # different deals weighed (1: every card's place was known, the points are exact)
    sampled: bool = False  # the deals were a sample of those that fit, not every one


class _Deals:
    """The deals a verdict weighs, from what the person could see only: every deal that fits
    when there are at most ``budget`` of them (one, once every card's place is known), each
    weighed by how well it explains the others' plays (the chance the search's reading keeps it,
    :class:`~game.ai.reading._LeadModel`); else ``budget`` deals sampled by that reading, with
    random numbers seeded from the position. ``weights`` and ``seen`` (the different deals)
    fill as the search takes them."""

    def __init__(self, obs, know, budget: int) -> None:
        self.obs, self.know, self.budget = obs, know, budget
        self.every = know.deal_count() <= budget
        self.weights: list[float] = []
        self.seen: set = set()
        self.model = _LeadModel(obs, know)
        self.model.read_older(1, 0.2)

    def __iter__(self):
        model, keep = self.model, _LeadModel.KEEP_UNLIKELY
        if self.every:
            for hands, stock in self.know.every_deal():
                self.weights.append(keep + (1.0 - keep) * model.weight(hands) if model.active else 1.0)
                self.seen.add((tuple(map(tuple, hands)), tuple(stock)))
                yield from_observation(self.obs, hands, stock)
            return
        rng = random.Random(position_seed(self.obs))
        for _ in range(self.budget):
            st = model.sample(rng) if model.active else self.know.state(self.obs, rng)
            self.weights.append(1.0)
            self.seen.add((tuple(tuple(sorted(h)) for h in st.hands), tuple(st.stock)))
            yield st


def bazas(hand: Hand) -> list[Baza]:
    """Every finished baza of ``hand``, with its cambios and the running points per side."""
    n = hand.players
    rules = hand.rules
    points = [0] * rules.sides
    moves = hand.moves
    out = []
    k = 0
    for i, trick in enumerate(hand.tricks):
        played = 0
        while played < n:  # n cards, and any cambio made on the way
            if moves[k] != SWAP:
                played += 1
            k += 1
        points[rules.side_of(trick.winner)] += trick.points
        swaps = tuple(s for s in hand.swaps if s.before_trick == i)
        out.append(Baza(i + 1, trick, swaps, tuple(points), k - 1))
    return out


def replay(hand: Hand) -> Iterator[tuple[int, Hand]]:
    """(move index, the hand just before that move) for every move of ``hand``, señas given in time."""
    live = Hand.from_deck(hand.rules, hand.dealer, hand.deck)
    senas = sorted(hand.senas, key=lambda s: s.moves_before)
    si = 0
    for i, move in enumerate(hand.moves):
        while si < len(senas) and senas[si].moves_before <= i:
            s = senas[si]
            live.give_sena(s.seat, s.card, s.caught_by)
            si += 1
        yield i, live
        live.play(move)


def _fast(move) -> int:
    return SWAP_MOVE if move == SWAP else int(move)


def _move(fast: int):
    return SWAP if fast == SWAP_MOVE else DECK[fast]


class Review:
    """The bazas of a finished hand and, step by step, the expert's verdict on ``people``'s moves.

    ``step(budget)`` searches for about ``budget`` seconds (None: to the end) and says whether
    every move has been judged; ``verdicts`` maps a move's index to its :class:`Verdict` as they
    come; ``progress`` is (judged, to judge).
    """

    def __init__(self, hand: Hand, people: tuple[int, ...], samples: int | None = None,
                 solve_stock: int = 4) -> None:
        if not hand.over:
            raise ValueError("only a finished hand can be reviewed")
        self.hand = hand
        self.people = tuple(people)
        self.bazas = bazas(hand)
        self.samples = SAMPLES if samples is None else samples
        self.solve_stock = solve_stock
        self.verdicts: dict[int, Verdict] = {}
        self.todo = self._positions()
        self.done = not self.todo
        self._steps = self._judge_all()

    # --- what there is to judge ---------------------------------------------------------------
    def _positions(self) -> list[tuple[int, Hand]]:
        """(move index, hand before it) for each decision of a person with a real choice."""
        out = []
        skip = False
        for i, before in replay(self.hand):
            if skip:  # the card after a cambio is judged with the cambio
                skip = False
                continue
            seat = before.turn
            move = self.hand.moves[i]
            if move == SWAP and self.hand.moves[i + 1] == SWAP:   # a 7 for the as, then the 2 for that 7
                continue   # (cambio del dos): judged from the second, with the card played after both
            if move == SWAP:
                skip = True
            if seat in self.people and len(before.legal_moves()) > 1:
                out.append((i, before.copy()))
        return out

    @property
    def progress(self) -> tuple[int, int]:
        return len(self.verdicts), len(self.todo)

    def baza_of(self, move_index: int) -> int:
        """0-based baza of a move (a cambio belongs to the baza its card is played in)."""
        return next((k for k, b in enumerate(self.bazas) if move_index <= b.last_move), len(self.bazas) - 1)

    def in_baza(self, k: int) -> list[Verdict]:
        return [v for _, v in sorted(self.verdicts.items()) if v.baza == k]

    # --- judging ------------------------------------------------------------------------------
    def step(self, budget: float | None) -> bool:
        if self.done:
            return True
        deadline = None if budget is None else time.perf_counter() + budget
        try:
            while True:
                next(self._steps)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        except StopIteration:
            self.done = True
        return self.done

    def _judge_all(self):
        for i, before in self.todo:
            verdict = yield from self._judge(i, before)
            self.verdicts[i] = verdict

    def _judge(self, i: int, before: Hand):
        seat = before.turn
        obs = before.observation(seat)
        moves_played = self.hand.moves
        legal = [_fast(m) for m in obs.legal_moves]
        cards = [m for m in legal if m != SWAP_MOVE]
        if SWAP_MOVE in legal:  # the cambio is judged with the card played after it
            after = [c for c in cards if c != int(obs.rules.swap_card_for(obs.muestra))] + [int(obs.muestra)]
            cands: list[tuple] = [(c,) for c in cards] + [(SWAP_MOVE, c) for c in after]
        else:
            cands = [(c,) for c in cards]
        played = (SWAP_MOVE, _fast(moves_played[i + 1])) if moves_played[i] == SWAP else (_fast(moves_played[i]),)
        know = knowledge_of(obs)
        n = obs.rules.players
        if n == 3 and obs.stock_count == 0:   # nothing to draw: every deal solved (see three_values_steps)
            return (yield from self._judge_three(i, obs, know, [c for (c,) in cands], played[0]))
        # (solved with two players: the 20 deals the expert solves; pairs with the stock out: cheap, all the budget)
        deals = _Deals(obs, know, EXACT_SAMPLES if n == 2 and use_solver(obs, self.solve_stock) else self.samples)
        # Pairs at the last draw (a card each to draw, the muestra the last) are solved too: the deal
        # fixes who draws what, and the rule player's playouts of the three bazas after it called the
        # tres thrown to the rivals' baza best and a blank "11 puntos" worse, where solving every deal
        # put the blank first (an outside tester, seed 8009; docs/ui.md).
        solved = True if n == 4 and obs.stock_count <= n else None
        _, used, per = yield from evaluate_moves_steps(obs, know, None, cands, self.samples, None,
                                                       self.solve_stock, infer=False, margin_weight=120.0 * _SCALE,
                                                       deals=deals, whole=True, solved=solved)
        weights = deals.weights[:used] + [1.0] * (used - len(deals.weights))
        total = math.fsum(weights)
        # Each deal's value is win + _SCALE * margin: read both back, exactly.
        value: dict[tuple, list[float]] = {}
        margin: dict[tuple, list[float]] = {}
        for m, vals in per.items():
            ms = [round(v / _SCALE) for v in vals]
            margin[m] = ms
            value[m] = [(v - _SCALE * k) + _WEIGHT * k / 120.0 for v, k in zip(vals, ms)]
        mean = {m: math.fsum(w * x for w, x in zip(weights, v)) / total for m, v in value.items()}
        best = max(cands, key=lambda m: (mean[m], -m[0]))
        per_point = 2.0 if n != 3 else 1.0  # my side's points move half as fast as the margin
        diffs = [(a - b) / per_point for a, b in zip(margin[best], margin[played])]
        gain = math.fsum(w * x for w, x in zip(weights, diffs)) / total
        clear = False
        if best != played and deals.every:   # every deal that fits weighed: the mean is the truth
            clear = gain > 1e-9
        elif best != played and used > 1:   # a sample: clearly better in points, on the same deals
            var = math.fsum((x - gain) ** 2 for x in diffs) / (used - 1)
            clear = gain > CLEAR_Z * (var / used) ** 0.5
        mistake = clear and gain >= MIN_POINTS
        shown_best = best if mistake else played
        first = _move(shown_best[0])
        reason = explain(obs, first, {m[0]: v for m, v in mean.items() if len(m) == 1})
        # (an exact tie is the same move to the expert: "lo mismo", not "prefería" the lowest card)
        leaned = tuple(_move(x) for x in best) if mean[best] > mean[played] + 1e-9 and not mistake else ()
        return Verdict(i, self.baza_of(i), seat, tuple(_move(x) for x in played),
                       tuple(_move(x) for x in shown_best), max(0.0, gain) if mistake else 0.0, used, reason, mistake,
                       leaned, len(deals.seen) if deals.seen else used, not deals.every)

    def _judge_three(self, i: int, obs, know, cards: list[int], played: int):
        """Three players with nothing left to draw: the exact values of :func:`three_values_steps`;
        a mistake where the expert's card is at least :data:`MIN_POINTS` better under both readings
        of the others' play, by the smaller of its two gains."""
        mean, deals = yield from three_values_steps(obs, know, cards)
        best, gain = three_best(mean, played)
        mistake = gain >= MIN_POINTS
        shown = best if mistake else played
        reason = explain(obs, _move(shown), {c: three_gain(mean, c, shown) for c in cards})
        leaned = (_move(best),) if best != played and not mistake else ()
        return Verdict(i, self.baza_of(i), obs.seat, (_move(played),), (_move(shown),), gain if mistake else 0.0,
                       len(deals.weights), reason, mistake, leaned, len(deals.seen))


def three_values_steps(obs, know, cards: list[int]):
    """A generator (a step per card and deal) returning ({card: (paranoid, max^n) weighted mean margin}, the
    :class:`_Deals`) for three players with nothing left to draw: every deal that fits (at most 20),
    each weighed as the review weighs deals, solved exactly and summed by
    :func:`~game.ai.search.three_means_steps` (the normal player's sum too, equally weighed).

    Why not the rule player's playouts, as before the stock's end: they valued a card by how the
    normal bot would answer it (the cheapest card thrown where any card scores the same), and
    marked "mistakes" between cards equal on every deal, with amounts up to 41 points (an outside
    tester's exact solver, round 32). The hint asks the same values (game/ui/players.py)."""
    deals = _Deals(obs, know, SAMPLES)
    mean = yield from three_means_steps(obs, cards, deals, deals.weights)
    return mean, deals


#: The review of the last hand looked at: (key, Review), so leaving and coming back keeps the work.
_last: list = []


def review_of(hand: Hand, people: tuple[int, ...], **options: Any) -> Review:
    """The :class:`Review` of ``hand`` for ``people``, reusing the one last made for the same hand."""
    key = (id(hand), hand.deck, tuple(hand.moves), tuple(people))
    if _last and _last[0][0] == key:
        return _last[0][1]
    review = Review(hand, people, **options)
    _last[:] = [(key, review)]
    return review
