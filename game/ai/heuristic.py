"""The rule player: scores every card by what it is expected to win or lose now, minus what
it is worth to keep.  The "normal" level plays it with full card counting, "beginner" plays it
with mistakes, and the search levels use it (on sampled deals) to play the rest of a hand.

Everything here works on plain integers (cards 0..39, bitmasks of cards) so that the same
function serves a real decision and the many thousands of decisions of a search rollout.

How a card is scored (``score = gain - keep``):

* ``q`` = chance that my side wins the baza if I play the card: 1 or 0 when nobody who could
  change it is left to play, or when the winning card cannot be beaten by any card I have not
  seen (card counting); otherwise fixed estimates (:data:`Q_MINE_BEATABLE`, ...), or in pairs,
  second (or, for the search's prior card, third) to play, one from the cards the opponent after me
  may hold (:func:`second_q`, :func:`none_beats`).
* ``gain = (2q - 1) * (points on the table + points of the card)``: the points my side takes,
  or gives away, counted both ways.  This makes the player take a valuable baza cheaply,
  throw a card without points into a baza it loses, and load ("cargar") a partner's baza that
  is safe.
* ``keep`` = the value of holding a triunfo for later (:func:`keep_value`): a triunfo spent
  on a baza without points is waste; the as and tres of triunfo win later bazas for sure.
"""

from __future__ import annotations

from typing import NamedTuple

from ..fast import BEATS, POINTS, STRENGTH, SWAP_MOVE, swap_card_for

__all__ = ["BEATERS", "ALL_MASK", "baza_state", "rule_scores", "rule_move", "should_swap", "keep_value", "rollout", "rollout_any",
           "ROLLOUT_RULE", "ROLLOUT_TUNED", "RolloutPolicy", "rollout_policy", "RULE_POLICY", "TUNED_POLICY",
           "RULE_POLICY_MANY", "RULE_POLICY_POINTS", "RULE_POLICY_EARLY", "ScoreTables", "score_tables", "rollout_two", "stage", "last_draw_bonus",
           "muestra_worth", "second_q", "none_beats"]

ALL_MASK = (1 << 40) - 1
BIT = tuple(1 << c for c in range(40))

#: BEATERS[trump][card]: bitmask of the cards that take a baza ``card`` is winning.
BEATERS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sum(1 << x for x in range(40) if x != w and BEATS[t][w * 40 + x]) for w in range(40))
    for t in range(4))

#: Chance estimates used when the outcome of the baza is still open.
Q_MINE_BEATABLE = 0.45     # my side leads the baza with a card someone could still beat
Q_PARTNER_LATER = 0.35     # an opponent leads it, but my partner still plays after me
Q_LEAD_BEATABLE = 0.30     # I lead a card the others could beat
Q_PARTNER_ANSWER = 0.50    # pairs, second to play: the opponent could beat my card, yet my side keeps it


#: The rule player's constants as one parameter set (tools/tune_rollout.py plays sets against
#: each other): the lead factor ``qlead`` (:data:`Q_LEAD_BEATABLE`), a triunfo's keep value
#: ``kin_a + kin_b * strength`` while the stock lasts and ``kout_a + kout_b * strength`` after
#: (plus ``kin_pts`` and ``kout_pts`` times its points, if given: :data:`RULE_POLICY_MANY`,
#: :data:`RULE_POLICY_POINTS`), and ``khigh``, the keep
#: value of an as or tres of another suit while the stock lasts.
ROLLOUT_RULE = {"qlead": Q_LEAD_BEATABLE, "kin_a": 4.0, "kin_b": 1.0, "kout_a": 1.0, "kout_b": 0.5,
                "khigh": 0.0}
ROLLOUT_TUNED = {"qlead": 0.0, "kin_a": 5.0, "kin_b": 1.0, "kout_a": 4.0, "kout_b": 1.5, "khigh": 3.0}


def keep_value(card: int, trump: int, stock_left: bool) -> float:
    """What holding ``card`` is worth to the rule player for the rest of the hand, in points
    (:data:`ROLLOUT_RULE`'s numbers, read from :data:`RULE_POLICY`).

    Only triunfos carry it: while cards remain to draw, a triunfo wins a future baza of any
    suit (more for the strong ones); once the stock is out the hands are nearly known and
    the value falls.
    """
    return RULE_POLICY.keep[trump][int(bool(stock_left))][card]


class RolloutPolicy(NamedTuple):
    """A parameter set made into the tables the scoring loops read: ``keep[trump][stock_left]
    [card]`` and ``lead_factor`` (= 2q - 1 for a lead someone could beat)."""

    keep: tuple
    lead_factor: float


def rollout_policy(params: dict) -> RolloutPolicy:
    """The tables of a parameter set (keys of :data:`ROLLOUT_RULE`)."""
    def keep(c: int, t: int, stock_left: bool) -> float:
        s = STRENGTH[c]
        if c // 10 == t:
            if stock_left:
                return params["kin_a"] + params["kin_b"] * s + params.get("kin_pts", 0.0) * POINTS[c]
            return params["kout_a"] + params["kout_b"] * s + params.get("kout_pts", 0.0) * POINTS[c]
        return params["khigh"] if stock_left and POINTS[c] >= 10 else 0.0

    tables = tuple(tuple(tuple(keep(c, t, bool(s)) for c in range(40)) for s in (0, 1)) for t in range(4))
    return RolloutPolicy(tables, 2.0 * params["qlead"] - 1.0)


#: The rule player's own tables and the tuned ones.
RULE_POLICY = rollout_policy(ROLLOUT_RULE)
#: Normal's tables with three or four players: once the stock is out a triunfo's keep value also
#: counts its own points (``kout_pts``).  Its points come back with whatever baza it takes later, so
#: taking a blank baza with the as of triunfo gains nothing; without them normal spent its as, tres
#: and rey of triunfo on such bazas (an outside tester: 61 times per 100 deals in pairs; docs/ai-history.md,
#: thirty-first round).  Two players keep :data:`RULE_POLICY` (normal solves the end exactly there).
RULE_POLICY_MANY = rollout_policy(dict(ROLLOUT_RULE, kout_pts=1.0))
#: Normal's tables with three or four players: a triunfo's keep value counts its points while the
#: stock lasts too (``kin_pts``).  Without them spending the as of triunfo cost normal 13 − 11 = 2
#: points, so it took blank and cheap bazas with its as and tres of triunfo (an outside tester;
#: docs/ai-history.md, thirty-sixth round).  :data:`RULE_POLICY_EARLY` is the same without ``kout_pts``.
RULE_POLICY_POINTS = rollout_policy(dict(ROLLOUT_RULE, kout_pts=1.0, kin_pts=1.0))
RULE_POLICY_EARLY = rollout_policy(dict(ROLLOUT_RULE, kin_pts=1.0))
TUNED_POLICY = rollout_policy(ROLLOUT_TUNED)


def baza_state(table, trump: int) -> tuple[int, int, int]:
    """(best card, its position from the leader, points) of a baza in progress."""
    beats = BEATS[trump]
    best = table[0]
    wi = 0
    pts = POINTS[best]
    for i in range(1, len(table)):
        c = table[i]
        pts += POINTS[c]
        if beats[best * 40 + c]:
            best, wi = c, i
    return best, wi, pts


def rule_scores(hand, table, n: int, seat: int, leader: int, trump: int, unknown: int,
                stock_left: bool, policy: RolloutPolicy | None = None, friends: int = 0,
                against: float = 0.0, second: bool = False, last: bool = False,
                held: int | None = None) -> list[float]:
    """The score of each card of ``hand`` (same order) for the player at ``seat``.

    ``table``: the cards of the baza so far, from ``leader`` on.  ``unknown``: bitmask of the
    cards this player has not seen (other hands and the face-down stock).  ``stock_left``:
    cards remain to be drawn.  ``friends``: the cards of ``unknown`` that cannot be played
    against my side's card in this baza (pairs: the partner's, known from its señas; and those
    known to be held by a seat that has already played to it).  ``against`` (pairs, the baza
    before the last draw): what the muestra is worth (:func:`muestra_worth`); it goes to the
    side that loses the baza, so it counts against the baza's points.  ``second`` (pairs): when
    I play second and my card wins, the one opponent still to play beats it only if it holds a card
    that does (:func:`second_q`), not at the fixed :data:`Q_MINE_BEATABLE`.  ``last`` (pairs): when
    I play third and my side's card wins, the opponent last to play takes it if it holds a card that
    beats it (:func:`none_beats`).  ``held``: the cards each opponent still to play holds (None: as
    many as ``hand``).
    """
    threat = unknown & ~friends
    beaters = BEATERS[trump]
    policy = policy or RULE_POLICY
    keep = policy.keep[trump][stock_left]
    lead_factor = policy.lead_factor
    pairs = n == 4
    remaining = n - len(table) - 1
    if table:
        beats = BEATS[trump]
        best, wi, pts = baza_state(table, trump)
        winner = (leader + wi) % n
        partner_winning = pairs and (winner - seat) % 2 == 0
        partner_later = pairs and remaining >= 2
        out = []
        for c in hand:
            if beats[best * 40 + c]:
                mine, w = True, c
            else:
                mine, w = partner_winning, best
            if remaining == 0:
                q = 1.0 if mine else 0.0
            elif not (beaters[w] & (threat if mine else unknown)):
                q = 1.0 if mine else 0.0
            elif mine and second and partner_later:
                q = second_q(beaters[w] & threat, threat, len(hand) if held is None else held)
            elif mine and last and pairs and remaining == 1:
                q = none_beats(beaters[w] & threat, threat, len(hand) if held is None else held)
            elif mine:
                q = Q_MINE_BEATABLE
            else:
                q = Q_PARTNER_LATER if partner_later else 0.0
            out.append((2.0 * q - 1.0) * (pts + POINTS[c] - against) - keep[c] - 0.01 * STRENGTH[c])
        return out
    out = []
    for c in hand:
        f = lead_factor if beaters[c] & threat else 1.0
        out.append(f * (POINTS[c] - against) - keep[c] - 0.01 * STRENGTH[c])
    return out


def second_q(beat: int, pool: int, held: int) -> float:
    """Pairs, second to play, my card winning: the chance that my side takes the baza.  Only the
    opponent after me can beat my card (my partner plays last), and it can if one of its ``held``
    cards is among ``beat``, the unseen cards that beat mine; its hand is taken as ``held`` cards
    drawn at random from ``pool`` (the unseen cards that could be played against me).  Even then my
    side keeps the baza at :data:`Q_PARTNER_ANSWER`: the opponent may not spend its card on it, and
    my partner, last, may take it back (0.0, 0.3, 0.5 and 0.7 were measured: docs/ai-history.md, thirty-fifth round).
    With the fixed 0.45 normal (an outside tester) threw a blank on the opponents' rey instead of
    taking it with the as of its suit: only a triunfo beats the as, and the partner still answers.
    """
    return 1.0 - (1.0 - none_beats(beat, pool, held)) * (1.0 - Q_PARTNER_ANSWER)


def none_beats(beat: int, pool: int, held: int) -> float:
    """The chance that an opponent holding ``held`` cards drawn at random from ``pool`` (the unseen
    cards that could be played against me) holds none of ``beat`` (those that beat my side's card).
    Pairs, third to play (``last`` in :func:`rule_scores`): the opponent after me plays last and
    takes the baza whenever it can, so this is my side's chance.  With the fixed 0.45 the search's
    prior card loaded an as or tres onto the partner's 7 with the last opponent still to play,
    where the tres of triunfo made the baza safe (an outside tester; docs/ai.md)."""
    k = beat.bit_count()
    u = pool.bit_count()
    if held > u - k:
        return 0.0
    none = 1.0
    for i in range(held):
        none *= (u - k - i) / (u - i)
    return none


def muestra_worth(muestra: int, trump: int) -> float:
    """What drawing the muestra at the last draw is worth to the rule player: its points and what
    holding a triunfo is worth once the stock is out (:func:`keep_value`).  An as or a tres of
    triunfo is worth losing a cheap baza for (16.5 and 15), a 2 hardly anything (1)."""
    return POINTS[muestra] + RULE_POLICY.keep[trump][0][muestra]


def last_draw_bonus(hand, table, n: int, seat: int, leader: int, trump: int, muestra: int) -> list[float]:
    """Last to play the baza before the last draw (the stock holds one card per player, the
    muestra the last of them): the winner draws first, so the muestra goes to the seat before
    the winner, and my card decides who that is.  Per card of ``hand``: the muestra's worth
    (:func:`muestra_worth`) when it comes to my side, minus it when it goes to another (counted
    both ways, like the points of the baza in :func:`rule_scores`).  With three players the
    rule player adds it to its scores; pairs pass the worth to :func:`rule_scores` instead
    (there the muestra always goes to the side that loses the baza, whoever plays)."""
    beats = BEATS[trump]
    best, wi, _ = baza_state(table, trump)
    worth = muestra_worth(muestra, trump)
    out = []
    for c in hand:
        winner = seat if beats[best * 40 + c] else (leader + wi) % n
        taker = (winner - 1) % n
        ours = taker == seat or (n == 4 and (taker - seat) % 2 == 0)
        out.append(worth if ours else -worth)
    return out


def should_swap(give: int, muestra: int) -> bool:
    """The cambio is worth it when the muestra is a stronger triunfo than the card given
    (the 7 outranks a muestra of 6, 5, 4 or 2)."""
    return STRENGTH[muestra] > STRENGTH[give]


def rule_move(hand, table, n: int, seat: int, leader: int, trump: int, unknown: int,
              stock_left: bool, policy: RolloutPolicy | None = None) -> int:
    """The best-scored card (ties go to the first, i.e. the lowest index)."""
    scores = rule_scores(hand, table, n, seat, leader, trump, unknown, stock_left, policy)
    best_i = 0
    best_s = scores[0]
    for i in range(1, len(scores)):
        if scores[i] > best_s:
            best_s, best_i = scores[i], i
    return hand[best_i]


def rollout(st, policy: RolloutPolicy | None = None, bazas: int = 0) -> list[int]:
    """Play a :class:`game.fast.FastState` to the end with the rule player at every seat
    (each seeing only its own hand, the table and the cards played); return the points.

    The rule player takes the cambio when :func:`should_swap` says so.  Two players take
    :func:`rollout_two`, the same moves about twice as fast, with ``policy``'s parameters
    (None: the rule player's own, :data:`RULE_POLICY`) or a learned :class:`ScoreTables`;
    three and four always the rule player's.  With two players ``bazas`` > 0 stops early
    (:func:`rollout_two`).
    """
    if st.n == 2:
        if not isinstance(policy, ScoreTables):   # else a learned scoring (game.ai.learned)
            policy = score_tables(policy or RULE_POLICY)
        return rollout_two(st, policy, bazas)
    return rollout_any(st, policy=policy if st.n == 4 and isinstance(policy, RolloutPolicy) else None)


def stage(stock: int) -> int:
    """The stage of a two-player hand from the cards left to draw (the muestra included):
    0 the stock is out, 1 late (2–8), 2 middle (10–20), 3 early (22–34)."""
    if stock <= 0:
        return 0
    if stock <= 8:
        return 1
    if stock <= 20:
        return 2
    return 3


class ScoreTables:
    """A two-player card scoring as tables, the form :func:`rollout_two` plays.

    Per triunfo suit (:meth:`tables`, built on first use), indexed by the stage of the hand
    (0: the stock is out, 1: 2–8 cards to draw, 2: 10–20, 3: 22–34, the muestra counted):
    ``lead[stage][card]`` (some unseen card beats it), ``lead_best[stage][card]`` (none
    does), ``follow[stage][led * 40 + card]``.  Added per decision: ``lead_nt``/``follow_nt``
    times the triunfos in hand (for a triunfo), ``reach`` when the card takes a baza that
    brings my points to 61, ``give`` when it gives the other player 61.

    :meth:`from_rule` makes the rule player's scoring (a :class:`RolloutPolicy`) into tables
    with the same floating-point values; :class:`game.ai.learned.LearnedPolicy` builds its
    own from fitted weights."""

    lead_nt = follow_nt = reach = give = 0.0

    def __init__(self, build) -> None:
        self._build = build          # trump -> (lead, lead_best, follow)
        self._tables: list = [None] * 4

    def tables(self, trump: int) -> tuple:
        t = self._tables[trump]
        if t is None:
            t = self._tables[trump] = self._build(trump)
        return t

    def rollout(self, st) -> list[int]:
        """Finish a two-player deal with this scoring at both seats (:func:`rollout_two`)."""
        return rollout_two(st, self)

    @classmethod
    def from_rule(cls, policy: RolloutPolicy) -> "ScoreTables":
        """The rule player's two-player scoring with ``policy``'s parameters (the same
        expressions as :func:`rule_scores`, so the same floats and the same cards)."""
        def build(trump: int) -> tuple:
            beats = BEATS[trump]
            lead, lead_best, follow = [], [], []
            for stage in range(4):
                keep = policy.keep[trump][stage > 0]
                lead.append(tuple(policy.lead_factor * POINTS[x] - keep[x] - 0.01 * STRENGTH[x] for x in range(40)))
                lead_best.append(tuple(POINTS[x] - keep[x] - 0.01 * STRENGTH[x] for x in range(40)))
                follow.append(tuple(
                    ((POINTS[ld] + POINTS[x]) if beats[ld * 40 + x] else -(POINTS[ld] + POINTS[x]))
                    - keep[x] - 0.01 * STRENGTH[x] for ld in range(40) for x in range(40)))
            return tuple(lead), tuple(lead_best), tuple(follow)
        return cls(build)


def rollout_two(st, pol: ScoreTables, bazas: int = 0) -> list[int]:
    """Play a two-player :class:`game.fast.FastState` to the end with the scoring ``pol`` at
    both seats (each seeing only its own hand, the table and the cards played); return the
    points.  The cambio is taken when :func:`should_swap` says so.  ``bazas``: stop
    at the start of the baza after that many more while cards remain to draw (0: play to the
    end); ``st`` is then that position (``st.turn`` >= 0).

    The search spends most of its time here, so the loop is unrolled (no
    :meth:`FastState.play`): with the rule player's tables it plays the same cards in the same
    order as :func:`rollout_any` (the hands are changed with the same ``remove``/``append``
    calls); tests/test_ai_sparring.py proves both equal."""
    trump = st.trump
    beats = BEATS[trump]
    beaters = BEATERS[trump]
    lead_t, best_t, follow_t = pol.tables(trump)
    lead_nt, follow_nt, reach, give = pol.lead_nt, pol.follow_nt, pol.reach, pol.give
    extras = bool(follow_nt or reach or give)   # the rule player's tables have none
    hands = st.hands
    stock = st.stock
    muestra = st.muestra
    swap_with = st.swap_with
    own_turn = st.own_turn
    points = st.points
    turn = st.turn
    leader = st.leader
    last_winner = st.last_winner
    tricks = st.tricks
    lead = st.table[0] if st.table else -1
    live = 0
    for h in hands:
        for c in h:
            live |= BIT[c]
    for c in stock:
        live |= BIT[c]
    if muestra >= 0:
        live |= BIT[muestra]
    low = trump * 10
    high = low + 10
    stop_at = tricks + bazas if bazas > 0 else -1
    swapped = st.swapped   # one cambio a turn (FastState.can_swap)
    while turn >= 0:
        hand = hands[turn]
        if (swap_with >= 0 and stock and not swapped and (own_turn or (lead < 0 and last_winner == turn))
                and swap_with in hand and STRENGTH[muestra] > STRENGTH[swap_with]):
            hand.remove(swap_with)
            hand.append(muestra)
            muestra, swap_with = swap_with, swap_card_for(swap_with, st.swap_seven, st.swap_two)
            swapped = True
            continue
        c = hand[0]
        if len(hand) > 1:
            left = len(stock) + (1 if muestra >= 0 else 0)
            b = 0 if left <= 0 else (1 if left <= 8 else (2 if left <= 20 else 3))   # stage(left)
            best_s = -1e18
            if lead >= 0:
                table = follow_t[b]
                row = lead * 40
                if extras:
                    nt = 0
                    for x in hand:
                        if low <= x < high:
                            nt += 1
                    mine = points[turn]
                    theirs = points[1 - turn]
                    lp = POINTS[lead]
                    for x in hand:
                        s = table[row + x]
                        if low <= x < high:
                            s += follow_nt * nt
                        pts = lp + POINTS[x]
                        if beats[row + x]:
                            if mine < 61 <= mine + pts:
                                s += reach
                        elif theirs < 61 <= theirs + pts:
                            s += give
                        if s > best_s:
                            best_s, c = s, x
                else:
                    for x in hand:
                        s = table[row + x]
                        if s > best_s:
                            best_s, c = s, x
            else:
                own = 0
                for x in hand:
                    own |= BIT[x]
                unknown = live & ~own
                if muestra >= 0:
                    unknown &= ~BIT[muestra]
                beatable = lead_t[b]
                best = best_t[b]
                if lead_nt:
                    nt = 0
                    for x in hand:
                        if low <= x < high:
                            nt += 1
                    for x in hand:
                        s = beatable[x] if beaters[x] & unknown else best[x]
                        if low <= x < high:
                            s += lead_nt * nt
                        if s > best_s:
                            best_s, c = s, x
                else:
                    for x in hand:
                        s = beatable[x] if beaters[x] & unknown else best[x]
                        if s > best_s:
                            best_s, c = s, x
        live &= ~BIT[c]
        hand.remove(c)
        swapped = False
        if lead < 0:
            lead = c
            turn = 1 - turn
            continue
        winner = turn if beats[lead * 40 + c] else 1 - turn
        points[winner] += POINTS[lead] + POINTS[c]
        tricks += 1
        lead = -1
        if stock or muestra >= 0:
            for s in (winner, 1 - winner):
                if stock:
                    hands[s].append(stock.pop())
                elif muestra >= 0:
                    hands[s].append(muestra)
                    muestra = swap_with = -1
        leader = last_winner = winner
        turn = winner if hands[winner] else -1
        if tricks == stop_at and (stock or muestra >= 0):
            break
    st.muestra, st.swap_with, st.table, st.turn, st.swapped = muestra, swap_with, [], turn, swapped
    st.leader, st.last_winner, st.tricks = leader, last_winner, tricks
    return points


#: id(policy) -> (policy, its tables).  Keyed by identity, not by value: hashing a
#: RolloutPolicy hashes its 320 keep values, ~2 µs on every rollout; the policy is kept in the
#: value so that its id cannot be reused.
_RULE_TABLES: dict = {}


def score_tables(policy: RolloutPolicy) -> ScoreTables:
    """The :class:`ScoreTables` of a parameter set (built once per set)."""
    entry = _RULE_TABLES.get(id(policy))
    if entry is None:
        entry = _RULE_TABLES[id(policy)] = (policy, ScoreTables.from_rule(policy))
    return entry[1]


def rollout_any(st, stop: int = -1, policy: RolloutPolicy | None = None) -> list[int] | None:
    """:func:`rollout` for any number of players (the reference for :func:`rollout_two`).
    ``stop``: return None (the state left there) when that seat is to play with a choice.
    ``policy``: the keep tables (None: three players normal's, else the base :data:`RULE_POLICY`)."""
    n = st.n
    trump = st.trump
    hands = st.hands
    beaters = BEATERS[trump]
    beats = BEATS[trump]
    # three players: the others are modelled as normal plays there (a triunfo's points kept, before
    # and after the stock runs out); with the old tables the expert won 40.5% of hands against that
    # normal, not 45% (thirty-first round)
    tables = (policy or (RULE_POLICY_POINTS if n == 3 else RULE_POLICY)).keep[trump]
    keep_in, keep_out = tables[1], tables[0]
    live = 0
    for h in hands:
        for c in h:
            live |= BIT[c]
    for c in st.stock:
        live |= BIT[c]
    if st.muestra >= 0:
        live |= BIT[st.muestra]
    play = st.play
    pairs = n == 4
    while st.turn >= 0:
        seat = st.turn
        hand = hands[seat]
        if seat == stop and (len(hand) > 1 or st.swap_with >= 0 and st.can_swap()):
            return None
        if st.swap_with >= 0 and st.can_swap() and STRENGTH[st.muestra] > STRENGTH[st.swap_with]:
            play(SWAP_MOVE)
            continue
        if len(hand) == 1:
            c = hand[0]
        else:
            own = 0
            for c in hand:
                own |= BIT[c]
            unknown = live & ~own
            m = st.muestra
            if m >= 0:
                unknown &= ~BIT[m]
                keep = keep_in
            else:
                keep = keep_out
            table = st.table
            remaining = n - len(table) - 1
            best_s = -1e9
            c = hand[0]
            if table:  # baza_state() inlined: this loop is the search's hot path
                best = table[0]
                wi = 0
                pts = POINTS[best]
                for i in range(1, len(table)):
                    x = table[i]
                    pts += POINTS[x]
                    if beats[best * 40 + x]:
                        best, wi = x, i
                partner_winning = pairs and (st.leader + wi - seat) % 2 == 0
                partner_later = pairs and remaining >= 2
                for x in hand:
                    if beats[best * 40 + x]:
                        mine, w = True, x
                    else:
                        mine, w = partner_winning, best
                    if remaining == 0 or not (beaters[w] & unknown):
                        q = 1.0 if mine else 0.0
                    elif mine:   # (not second_q in pairs: hard was no better with it, thirty-fifth round)
                        q = Q_MINE_BEATABLE
                    else:
                        q = Q_PARTNER_LATER if partner_later else 0.0
                    s = (2.0 * q - 1.0) * (pts + POINTS[x]) - keep[x] - 0.01 * STRENGTH[x]
                    if s > best_s:
                        best_s, c = s, x
            else:
                for x in hand:
                    q = 1.0 if not (beaters[x] & unknown) else Q_LEAD_BEATABLE
                    s = (2.0 * q - 1.0) * POINTS[x] - keep[x] - 0.01 * STRENGTH[x]
                    if s > best_s:
                        best_s, c = s, x
        live &= ~BIT[c]
        play(c)
    return st.points
