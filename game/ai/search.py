"""Search over sampled deals (perfect-information Monte Carlo) and the exact endgame solver.

Why this design (measured, see docs/ai.md): brisca's hidden information is small and shrinks
fast, and no card obliges anyone to follow suit, so a sampled deal is a good stand-in for the
real one.  For each candidate move (the cambio included) the player samples deals of the
unseen cards consistent with its observation, plays the move on each, and finishes the hand
with the rule player at every seat (a "heuristic rollout"; with two players the levels stop it
after four bazas and read the rest off the learned evaluation, game/ai/value.py, and the expert
plays it with a small policy network instead, game/ai/netrollout.py); once the stock is small it solves
each sampled deal exactly instead.  Every candidate is evaluated on the *same* deals (common
random numbers), so the comparison between moves is much less noisy than the values.

The value of a finished deal for my side is ``win + MARGIN_WEIGHT * margin / 120`` with
``win`` 1, ½ (void) or 0: the hand first, the points second.
"""

from __future__ import annotations

import math
import random
import time

from ..fast import BEATS, POINTS, SWAP_MOVE, FastState, from_observation, swap_card_for
from .heuristic import rollout, rollout_any
from .knowledge import Knowledge
from .reading import _LeadModel, hands_before  # noqa: F401 (hands_before: part of this module's API)

__all__ = ["solve", "solve_three", "own_lines", "three_means", "three_means_steps", "deal_states", "beats_both", "three_dominant", "three_dominant_steps", "three_gain", "three_best", "margin_of", "minimax_bruteforce", "utility", "evaluate_moves", "evaluate_moves_steps", "run_steps",
           "MARGIN_WEIGHT"]

MARGIN_WEIGHT = 0.2
_INF = 10 ** 6


def side_of(seat: int, n: int) -> int:
    return seat % 2 if n == 4 else seat


def utility(points: list[int], seat: int, n: int, margin_weight: float = MARGIN_WEIGHT) -> float:
    """Value of a finished hand's points for ``seat``'s side."""
    if n == 4:
        mine = points[seat % 2] + points[seat % 2 + 2]
        other = 120 - mine
    elif n == 2:
        mine = points[seat]
        other = points[1 - seat]
    else:
        mine = points[seat]
        other = max(p for s, p in enumerate(points) if s != seat)
    win = 1.0 if mine > other else (0.5 if mine == other else 0.0)
    return win + margin_weight * (mine - other) / 120.0


# --- the exact endgame solver -----------------------------------------------------------------
def solve(st: FastState, root_seat: int, moves: list[int] | None = None) -> dict[int, int]:
    """Exact minimax over a fully known :class:`FastState` (a sampled deal).

    Returns, for each move of the player to move (or those in ``moves``), the final points of
    ``root_seat``'s side when my side maximises them and everybody else minimises them (with
    three players, each alone, this is the "paranoid" reading).  Alpha-beta inside each baza
    and a memo of exact values at the start of each baza; the cambio is a move like any other.
    """
    n = st.n
    beats = BEATS[st.trump]
    root_side = side_of(root_seat, n)
    mine = [side_of(s, n) == root_side for s in range(n)]
    hands = [0] * n
    for s in range(n):
        for c in st.hands[s]:
            hands[s] |= 1 << c
    seq = list(reversed(st.stock))
    has_muestra = st.muestra >= 0
    if has_muestra:
        seq.append(st.muestra)
    nseq = len(seq)
    swap_seven, swap_two, own_turn = st.swap_seven, st.swap_two, st.own_turn
    memo: dict = {}
    state = {"dp": 0}

    def swap_card(seat: int, at_boundary: bool, last_winner: int) -> int:
        dp = state["dp"]
        if not has_muestra or nseq - dp < 2:   # need a face-down card besides the muestra
            return -1
        if not own_turn and not (at_boundary and last_winner == seat):
            return -1
        card = swap_card_for(seq[-1], swap_seven, swap_two)
        if card >= 0 and hands[seat] >> card & 1:
            return card
        return -1

    def boundary(leader: int, last_winner: int) -> int:
        key = (tuple(hands), leader, state["dp"], seq[-1] if has_muestra else -1, last_winner == leader)
        v = memo.get(key)
        if v is None:
            v = in_trick(leader, [], 0, -_INF, _INF, last_winner, True)
            memo[key] = v
        return v

    def resolve(leader: int, table: list[int]) -> int:
        best, wi, pts = table[0], 0, POINTS[table[0]]
        for i in range(1, n):
            c = table[i]
            pts += POINTS[c]
            if beats[best * 40 + c]:
                best, wi = c, i
        winner = (leader + wi) % n
        gained = pts if mine[winner] else 0
        dp = state["dp"]
        drew = []
        if dp < nseq:
            for i in range(n):
                s = (winner + i) % n
                c = seq[dp + i]
                hands[s] |= 1 << c
                drew.append((s, c))
            state["dp"] = dp + n
        if hands[winner]:
            gained += boundary(winner, winner)
        for s, c in drew:
            hands[s] ^= 1 << c
        state["dp"] = dp
        return gained

    def in_trick(leader: int, table: list[int], k: int, alpha: int, beta: int,
                 last_winner: int, swapped_ok: bool) -> int:
        seat = (leader + k) % n
        maximize = mine[seat]
        h = hands[seat]
        best_v = -_INF if maximize else _INF
        # The cambio first: it is a move of its own, after which the same seat plays a card (not
        # another cambio: ``swapped_ok`` False; the 7 for the as and the 2 for that 7 would be the 2 for the as).
        if swapped_ok:
            card = swap_card(seat, k == 0, last_winner)
            if card >= 0:
                old = seq[-1]
                hands[seat] ^= (1 << card) | (1 << old)
                seq[-1] = card
                v = in_trick(leader, table, k, alpha, beta, last_winner, False)   # one cambio a turn
                seq[-1] = old
                hands[seat] ^= (1 << card) | (1 << old)
                if maximize:
                    best_v = max(best_v, v)
                    alpha = max(alpha, v)
                else:
                    best_v = min(best_v, v)
                    beta = min(beta, v)
                if alpha >= beta:
                    return best_v
        while h:
            low = h & -h
            c = low.bit_length() - 1
            h ^= low
            hands[seat] ^= low
            table.append(c)
            if k + 1 == n:
                v = resolve(leader, table)
            else:
                v = in_trick(leader, table, k + 1, alpha, beta, last_winner, True)
            table.pop()
            hands[seat] ^= low
            if maximize:
                if v > best_v:
                    best_v = v
                if v > alpha:
                    alpha = v
            else:
                if v < best_v:
                    best_v = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best_v

    # The root: evaluate each move with a full window (exact values for every move).
    base = sum(st.points[s] for s in range(n) if mine[s])
    seat = st.turn
    leader = st.leader
    table = list(st.table)
    k = len(table)
    out: dict[int, int] = {}
    cand = moves if moves is not None else st.legal_moves()
    for m in cand:
        if m == SWAP_MOVE:
            card = st.swap_with
            old = seq[-1]
            hands[seat] ^= (1 << card) | (1 << old)
            seq[-1] = card
            v = in_trick(leader, table, k, -_INF, _INF, st.last_winner, False)
            seq[-1] = old
            hands[seat] ^= (1 << card) | (1 << old)
        else:
            hands[seat] ^= 1 << m
            table.append(m)
            if k + 1 == n:
                v = resolve(leader, table)
            else:
                v = in_trick(leader, table, k + 1, -_INF, _INF, st.last_winner, True)
            table.pop()
            hands[seat] ^= 1 << m
        out[m] = base + v
    return out


def minimax_bruteforce(st: FastState, root_seat: int) -> dict[int, int]:
    """The same values as :func:`solve` by plain minimax on copies of the state (slow; the
    reference the tests compare the solver with)."""
    root_side = side_of(root_seat, st.n)

    def value(s: FastState) -> int:
        if s.turn < 0:
            return sum(p for i, p in enumerate(s.points) if side_of(i, s.n) == root_side)
        vals = []
        for m in s.legal_moves():
            c = s.copy()
            c.play(m)
            vals.append(value(c))
        return max(vals) if side_of(s.turn, s.n) == root_side else min(vals)

    out = {}
    for m in st.legal_moves():
        c = st.copy()
        c.play(m)
        out[m] = value(c)
    return out


def margin_of(points, seat: int) -> int:
    """``seat``'s points over the best of the others' (three players: what decides the hand)."""
    return points[seat] - max(p for s, p in enumerate(points) if s != seat)


def solve_three(st: FastState, root_seat: int, moves: list[int] | None = None) -> dict[int, tuple[int, int]]:
    """Exact values of each move for three players with nothing left to draw (at most 9 cards:
    a few hundred lines of play), as ``root_seat``'s margin over the best rival under two
    readings of the others' play: (paranoid, max^n).

    Why two: three players have three sides, so no single best play exists. "Paranoid": both
    others play against my margin (the worst they could do to me); "max^n": each other plays for
    their own points, a tie between their cards resolved in my favour (the other end). A card is
    better only where it is better under both (the review's verdicts and the hint, game/ui/review.py).
    """
    def final(s: FastState) -> tuple:
        # Both readings in one walk of the tree (half the plays: a normal player solves it each
        # move with the stock out): a node's (paranoid, max^n) finals each pick among the
        # children's finals of the same reading, first of the best in legal order as before
        if s.turn < 0:
            return tuple(s.points), tuple(s.points)
        seat, best, key = s.turn, [None, None], [None, None]
        for m in s.legal_moves():
            c = s.copy()
            c.play(m)
            pair = final(c)
            for model in (0, 1):
                p = pair[model]
                mine = margin_of(p, root_seat)
                if seat == root_seat:
                    k = mine
                else:
                    k = -mine if model == 0 else (p[seat], mine)
                if key[model] is None or k > key[model]:
                    best[model], key[model] = p, k
        return best[0], best[1]

    out = {}
    for m in (moves if moves is not None else st.legal_moves()):
        c = st.copy()
        c.play(m)
        para, maxn = final(c)
        out[m] = (margin_of(para, root_seat), margin_of(maxn, root_seat))
    return out


def three_means(obs, know: Knowledge, cards: list[int]) -> dict[int, tuple[float, float]]:
    """{card: (paranoid, max^n) mean margin} over every deal that fits ``obs`` (three players,
    nothing left to draw: at most 20 deals), each solved exactly, equally weighed."""
    states = deal_states(obs, know)
    return run_steps(three_means_steps(obs, cards, states, [1.0] * len(states)))


def deal_states(obs, know: Knowledge) -> list:
    """The game state of every deal that fits ``obs`` (``know``: its :class:`Knowledge`), for solving."""
    return [from_observation(obs, hands, stock) for hands, stock in know.every_deal()]


def beats_both(a, b) -> bool:
    """Is the (paranoid, max^n) margin ``a`` greater than ``b`` under both readings?"""
    return all(x > y for x, y in zip(a, b))


def three_means_steps(obs, cards: list[int], states, weights: list[float]):
    """A generator (a step per card and deal) returning {card: (paranoid, max^n) weighted mean
    margin} over ``states`` (three players, nothing left to draw), each solved exactly. ``weights``
    is read once every state is taken: the review's deals fill theirs as they are taken
    (game/ui/review.py), which is why the two are passed apart. The one sum for the normal
    player's last bazas (:func:`three_means`) and the review's and the hint's."""
    per: dict[int, list] = {c: [] for c in cards}
    first = True
    for st in states:
        for c in cards:   # a step per card: a lead with three cards each is ~20 ms a deal on a desktop
            if not first:
                yield None
            first = False
            per[c].append(solve_three(st, obs.seat, [c])[c])
    total = math.fsum(weights)
    return {c: tuple(math.fsum(w * v[j] for w, v in zip(weights, vals)) / total for j in (0, 1))
            for c, vals in per.items()}


def three_dominant_steps(obs, cards: list[int], states, than: int):
    """A generator (a step per card and deal) returning :func:`three_dominant`'s card over ``states`` (three
    players, nothing left to draw; :func:`deal_states`), each solved exactly: the search levels' check of
    three players' leads (``exact_lead``). It stops at the first deal on which no card still beats ``than``
    (:func:`beats_both`), which is most of the time after a deal or two."""
    per: dict[int, list] = {c: [] for c in cards}
    alive = [c for c in cards if c != than]
    first = True
    for st in states:
        for c in [than] + alive:
            if not first:
                yield None
            first = False
            per[c].append(solve_three(st, obs.seat, [c])[c])
        alive = [c for c in alive if beats_both(per[c][-1], per[than][-1])]
        if not alive:
            return than
    return three_dominant({c: per[c] for c in alive + [than]}, than)


def three_dominant(per: dict, than: int) -> int:
    """A card better than ``than`` on every deal under both readings (:func:`beats_both`), the most clearly
    (the larger smaller gain in mean, then the larger other gain, as :func:`three_best`), or ``than`` where
    none is. ``per``: {card: [(paranoid, max^n) margin on each deal]}. Why not :func:`three_best` on the
    means (the hint's rule): a card better only in the mean is most often better by a point under one
    reading and equal under the other, and leaving the search's card for it lost (hard −0.037 ± 0.028 paired
    against two normals; docs/ai-history.md, thirty-eighth round); one beaten on every deal, nobody plays."""
    better = [c for c in per if c != than and all(beats_both(a, b) for a, b in zip(per[c], per[than]))]
    if not better:
        return than
    mean = {c: tuple(math.fsum(v[j] for v in per[c]) / len(per[c]) for j in (0, 1)) for c in better + [than]}
    return three_best(mean, than)[0]


def three_gain(mean: dict, card: int, than: int) -> float:
    """How much ``card`` is worth more than ``than`` under both readings: the smaller gain."""
    return min(a - b for a, b in zip(mean[card], mean[than]))


def three_best(mean: dict, than: int) -> tuple[int, float]:
    """(the card most clearly better than ``than`` under both readings, its gain: the smaller), or
    (``than``, 0.0) where none is. Better: no worse under either reading and better under one; most
    clearly: the larger smaller gain, then the larger other gain. A card equal under one reading and
    better under the other counted as no better (the hint threw a tres where winning with the 4 de
    espadas was +11.3 under max^n and equal under paranoid on every deal; an outside tester), though
    it is: it comes out with a gain of 0, which the review calls a lean, not a mistake."""
    def gains(c: int) -> tuple[float, float, int]:
        low, high = sorted(a - b for a, b in zip(mean[c], mean[than]))
        return low, high, -c

    best = max(mean, key=gains)
    low, high, _ = gains(best)
    return (best, max(low, 0.0)) if low > -1e-9 and high > 1e-9 else (than, 0.0)


# --- perfect-information Monte Carlo ----------------------------------------------------------
def _solved_utility(final_side_points: int, seat: int, n: int, margin_weight: float = MARGIN_WEIGHT) -> float:
    mine = final_side_points
    other = 120 - mine
    win = 1.0 if mine > other else (0.5 if mine == other else 0.0)
    return win + margin_weight * (mine - other) / 120.0


def own_lines(st: FastState, seat: int, margin_weight: float = MARGIN_WEIGHT) -> float:
    """Three players: the hand played out with the others' cards the rule player's (as in the
    rollouts) and ``seat``'s own the best of its lines on this deal (every card, the cambio).
    The rollouts play my later cards as the rule player would, so near the end a move that
    leaves me a better line later was valued by a worse one; the others are left to the rule,
    which is how the normal players at the table play, not paranoid as :func:`solve` is."""
    if rollout_any(st, seat) is not None:
        return utility(st.points, seat, st.n, margin_weight)
    best = -float(_INF)
    for m in st.legal_moves():
        c = st.copy()
        c.play(m)
        best = max(best, own_lines(c, seat, margin_weight))
    return best


def use_solver(obs, solve_stock: int, last_draw: bool = False) -> bool:
    """Solve sampled deals exactly when what is left is small enough to be cheap.

    Pairs: from the stock's end (12 cards in the hands, 20 ms a move at p50).  Until the
    thirty-first round it waited for 8 cards, and the rule player's playouts of the first baza
    after the stock spent the as, tres or rey of triunfo where a small card did better on every
    deal (an outside tester's exact solver: 30 to 46 such plays per 100 deals at hard and expert).
    ``last_draw``: pairs solve from the baza before the last draw too (the stock at 4, as the hand
    review does; an arena option, off for the levels: docs/ai-history.md, thirty-fifth round).
    """
    n = obs.rules.players
    if n == 3:
        return False  # paranoid values mislead with three players: finish with rollouts
    if n == 2:
        return obs.stock_count <= solve_stock
    return obs.stock_count == 0 or (last_draw and obs.stock_count <= n)


def _clearly_worse(values: list[float], anchor: list[float]) -> bool:
    """Paired comparison over the same deals: is the mean difference more than one standard
    error below zero?"""
    k = len(values)
    diffs = [a - b for a, b in zip(values, anchor)]
    mean = math.fsum(diffs) / k   # fsum: the same last bit on CPython 3.11 and 3.12 (browser)
    var = math.fsum((d - mean) ** 2 for d in diffs) / (k - 1)
    return mean + 1.0 * (var / k) ** 0.5 < 0.0


def _solved(base: FastState, seat: int, moves: list, whole: bool) -> dict:
    """Each move's solved final points on one deal (see ``whole`` in :func:`evaluate_moves_steps`)."""
    firsts = sorted({m[0] if isinstance(m, tuple) else m for m in moves})
    vals = solve(base, seat, firsts)
    out = {m: vals[m[0] if isinstance(m, tuple) else m] for m in moves}
    if whole:   # the moves after the first, solved from where the first leaves the deal
        for prefix in sorted({m[:-1] for m in moves if isinstance(m, tuple) and len(m) > 1}):
            st = base.copy()
            for x in prefix:
                st.play(x)
            lasts = solve(st, seat, sorted({m[-1] for m in moves if isinstance(m, tuple) and m[:-1] == prefix}))
            for m in moves:
                if isinstance(m, tuple) and m[:-1] == prefix:
                    out[m] = lasts[m[-1]]
    return out


def evaluate_moves(*args, **kwargs) -> tuple[dict, int, dict]:
    """:func:`evaluate_moves_steps` run to the end in one call."""
    return run_steps(evaluate_moves_steps(*args, **kwargs))


def run_steps(steps):
    """Drive a thinking generator to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            return stop.value


def evaluate_moves_steps(obs, know: Knowledge, rng: random.Random, moves: list, samples: int,
                         time_limit: float | None = None, solve_stock: int = 4,
                         min_samples: int = 8, infer: bool = True,
                         exact_samples: int = 20, margin_weight: float = MARGIN_WEIGHT,
                         anchor=None, check_every: int = 40, policy=None,
                         infer_depth: int = 1, infer_delta: float = 0.2, infer_model: str = "rule",
                         infer_tau: float = 1.0, truncate: int = 0, infer_keep: float = 0.2,
                         value_net=None, infer_relative: bool = False, reply_net=None,
                         reply_choices: int = 1, rollout_net=None, value_weights=None,
                         rollout_tau: float = 0.0, rollout_draw_mine: bool = True, deals=None,
                         whole: bool = False, solved: bool | None = None, last_draw_deals: int = 0,
                         own_from: int | None = None):
    """Value of each move over sampled deals (the same deals for every move).

    A generator that yields (None) after every sampled deal, so the interface can spread one
    move's thinking over several frames, and returns (``StopIteration.value``) what
    :func:`evaluate_moves` returns.  ``time_limit`` counts only the time spent inside it.

    A move is a fast move (int) or a tuple of moves the same seat plays in a row (the cambio
    followed by a card).  Stops after ``samples`` deals or, past ``min_samples``, when
    ``time_limit`` seconds have gone.  Returns (mean values, deals used, per-deal values).
    Solved deals cost more and vary less: at most ``exact_samples`` of them.
    ``infer``: weigh deals by how well they explain the cards already on the table
    (:class:`_LeadModel`).  ``anchor``: the move the caller keeps unless another is clearly
    better; every ``check_every`` deals the search stops early when every other move is
    worse than it (paired mean + 1 standard error below zero: such a move would rarely end
    one standard error above it, which is what the caller needs to leave the anchor), which
    saves time on easy moves.  ``policy``: the rollouts' parameter set
    (:class:`game.ai.heuristic.RolloutPolicy`; None: the rule player's).  ``truncate`` (two
    players): play only that many bazas after the move, then take :func:`game.ai.value.value`
    of the position instead of playing the hand out, while cards remain to draw.
    ``infer_model``: the model of the others' plays the reading uses: "rule" (the rule
    player's card), "learned" or "net:NAME" (a policy network's chances, two players;
    ``infer_keep`` is then the chance a deal is kept whatever the reading says, and
    ``infer_relative`` weighs a play by its chance over the network's favourite's instead of
    by its chance).
    ``value_net``: a value network (game/ai/value.py :func:`~game.ai.value.net_value`) to read
    a truncated deal off instead of the linear evaluation.  ``value_weights``: the linear
    evaluation's (win, margin) weights (None: :data:`~game.ai.value.WIN` and
    :data:`~game.ai.value.MARGIN`, fitted to the rule player's rollouts).
    ``reply_net`` (two players): a policy network (game/ai/network.py) that plays the other's
    next ``reply_choices`` cards after each move, drawn from its chances (mine in between the
    rule player's; :class:`game.ai.reply.NetReply`), before the rule player's rollout goes
    on; None: the rule player answers too.
    ``rollout_net`` (two players): a policy network whose favourite card plays both seats in
    the rollouts instead of the rule player (:class:`game.ai.netrollout.NetRollout`);
    ``rollout_tau`` > 0: each of its cards drawn from its chances at that temperature instead
    (the same random numbers for every move of a deal); ``rollout_draw_mine`` False: my own
    seat still plays the favourite card (only the other's cards are drawn).
    ``deals``: the deals (FastStates) to evaluate, every one of them, instead of sampling
    (the review's; ``samples``, the time limit and ``anchor`` then do not apply).
    ``whole``: a solved tuple move is valued as a whole (the cambio then that card); without
    it by its first move alone, the cambio followed by the best card of each deal, which is
    what the levels' cambio decision was measured with (the review needs each card's value).
    ``solved``: solve every deal exactly (True) or play it out (False) whatever
    :func:`use_solver` says (None: it decides, as for every level; the review's choice).
    ``last_draw_deals`` (pairs): solve that many deals at the baza before the last draw instead
    of playing ``samples`` out (0: play them out).
    ``own_from`` (three players): with at most this many cards left to draw, my own later cards in
    each deal are the best of my lines there (:func:`own_lines`), not the rule player's (None: never).
    """
    seat = obs.seat
    n = obs.rules.players
    per = {m: [] for m in moves}
    exact = use_solver(obs, solve_stock, last_draw_deals > 0) if solved is None else solved
    spent = 0.0  # thinking time, not counting the time between steps
    done = 0
    # With nothing hidden (two players, stock out) one deal is the truth.
    if deals is not None:
        deals = iter(deals)
        samples = _INF
    elif not know.pool and n == 2:
        samples = 1
    elif exact:
        samples = min(samples, last_draw_deals if n == 4 and obs.stock_count and solved is None else exact_samples)
    cut = truncate if n == 2 else 0
    own = n == 3 and own_from is not None and obs.stock_count <= own_from
    if cut:
        from .value import MARGIN, WIN, NetValue, state_features, value
        win_w, margin_w = value_weights if value_weights is not None else (WIN, MARGIN)
        if value_net is not None:   # the first layer's rows of the cards not played yet, once
            value_net = NetValue.for_observation(value_net, obs)
    reply = None
    if reply_net is not None and n == 2 and not exact:
        from .reply import NetReply
        reply = NetReply.for_observation(reply_net, obs)
    net_rollout = None
    if rollout_net is not None and n == 2 and not exact:
        from .netrollout import NetRollout
        net_rollout = NetRollout.for_observation(rollout_net, obs)
    model = _LeadModel(obs, know) if infer else None
    if model is not None:
        model.read_older(infer_depth, infer_delta)
        if infer_model == "learned":
            model.read_learned(infer_tau)
        elif infer_model.startswith("net:"):
            from .network import load_network
            model.read_net(load_network(infer_model[4:]), infer_keep, infer_relative)
    for i in range(samples):
        if time_limit is not None and i >= min_samples and spent > time_limit:
            break
        if i:
            yield None
        started = time.perf_counter()
        if deals is not None:
            base = next(deals, None)
            if base is None:
                break
        elif model is not None and model.active:
            base = model.sample(rng)
        else:
            base = know.state(obs, rng)
        draws = [rng.random() for _ in range(40)] if net_rollout is not None and rollout_tau > 0 else None
        if exact:
            for m, v in _solved(base, seat, moves, whole).items():
                per[m].append(_solved_utility(v, seat, n, margin_weight))
        else:
            for m in moves:
                st = base.copy()
                if isinstance(m, tuple):
                    for x in m:
                        st.play(x)
                else:
                    st.play(m)
                left = cut
                if reply is not None:
                    done_before = st.tricks
                    reply.run(st, m, rng, reply_choices, policy)
                    left = cut - (st.tricks - done_before)   # the same horizon as without it
                if cut and left <= 0 and (st.stock or st.muestra >= 0):
                    pts = list(st.points)
                elif own:
                    per[m].append(own_lines(st, seat, margin_weight))
                    continue
                elif net_rollout is not None:
                    pts = net_rollout.run(st, max(left, 0), draws, rollout_tau, -1 if rollout_draw_mine else seat)
                else:
                    pts = rollout(st, policy, bazas=max(left, 0))
                if st.turn >= 0:   # stopped early: the evaluation of the rest
                    if value_net is not None:
                        per[m].append(value_net(st, pts, seat, margin_weight))
                    else:
                        per[m].append(value(state_features(st, pts, seat), margin_weight, win_w, margin_w))
                else:
                    per[m].append(utility(pts, seat, n, margin_weight))
        done += 1
        spent += time.perf_counter() - started
        if anchor is not None and not exact and done % check_every == 0 and done < samples:
            if all(_clearly_worse(per[m], per[anchor]) for m in moves if m != anchor):
                break
    # math.fsum, not sum: CPython 3.12+ sums floats with compensation, 3.11 does not, and the
    # last bit decides ties; fsum is correctly rounded everywhere (desktop 3.11, browser 3.12).
    return {m: math.fsum(v) / done for m, v in per.items()}, done, per
