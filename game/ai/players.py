"""The computer players, one class per kind of thinking; :func:`game.ai.make_player` builds them.

Every player sees only the :class:`game.hand.Observation` of its seat (never the Hand, the
other hands or the stock order) and keeps no memory between calls, so a saved game can be
resumed and a hint asked at any point.  All chance goes through the player's own
``random.Random``.
"""

from __future__ import annotations

import math
import random

from ..cards import DECK, Card
from ..fast import SWAP_MOVE, from_observation
from ..hand import SWAP
from . import checks
from .heuristic import (RULE_POLICY, RULE_POLICY_EARLY, RULE_POLICY_MANY, RULE_POLICY_POINTS, TUNED_POLICY,
                        RolloutPolicy, last_draw_bonus, muestra_worth, rule_scores, should_swap)
from .knowledge import knowledge_of, no_threat_mask, others_mask, partner_mask
from .search import (deal_states, evaluate_moves_steps, run_steps, solve, three_best, three_dominant_steps,
                     three_means, use_solver)
from .table import no_gift_moves, partner_safe_moves

__all__ = ["Player", "RandomPlayer", "RulePlayer", "SearchPlayer", "SENA_RANKS_IDX"]

# Rank indexes of the as, tres and rey (the cards a seña shows).
SENA_RANKS_IDX = (0, 2, 9)


def _ints(cards) -> list[int]:
    return [int(c) for c in cards]


class Player:
    """A computer player.  ``choose(observation)`` returns a legal move (a Card or "swap")."""

    level = "base"
    #: Follows the pairs' rule of :func:`partner_safe_moves` (all but the random player).
    cooperates = True

    def __init__(self, rng: random.Random) -> None:
        if not isinstance(rng, random.Random):
            raise TypeError("a player needs its own random.Random")
        self.rng = rng
        self.last_reason: str | None = None  # why the last move was chosen (for hints/tests)

    def choose(self, obs) -> Card | str:
        """The move for this observation, thought through in one call."""
        return run_steps(self.think(obs))

    def think(self, obs):
        """The same as :meth:`choose`, as a generator: it yields ``None`` while thinking (after
        each sampled deal, for the search levels) and returns the move (``StopIteration.value``).
        The interface steps it a few milliseconds per frame, so a long search never stalls a
        frame; the moves are exactly those of :meth:`choose` with the same ``rng``."""
        legal = list(obs.legal_moves)
        if obs.turn != obs.seat or not legal:
            raise ValueError(f"seat {obs.seat} has no move to make now")
        self.last_reason = None
        if len(legal) == 1:
            return legal[0]
        cands = [SWAP_MOVE if m == SWAP else int(m) for m in legal]
        if self.cooperates:
            cands = partner_safe_moves(obs, cands)
        move = cands[0] if len(cands) == 1 else (yield from self._think(obs, cands))
        return SWAP if move == SWAP_MOVE else DECK[move]

    def _think(self, obs, legal: list[int]):
        """Generator returning the chosen fast move; quick players answer without yielding."""
        return self._choose(obs, legal)
        yield  # pragma: no cover - makes this a generator

    def _choose(self, obs, legal: list[int]) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- señas --------------------------------------------------------------------------------
    def senas_to_give(self, obs) -> list[Card]:
        """Cards this player signals to its partner now (pairs only; only cards it holds).

        The as and tres of triunfo are always worth telling (the partner can then load the
        bazas they will win); the rey only once the as and tres are gone or on our side.
        Each card is signalled once.
        """
        if obs.rules.players != 4 or obs.over or len(obs.hand) <= 1:   # (the last baza: nobody has
            return []                                                 # a choice; it only tells the others)
        given = {int(s.card) for s in obs.senas if s.seat == obs.seat}
        played = {int(c) for c in obs.played()}
        t = obs.trump
        hand = _ints(obs.hand)
        partner_known = {int(s.card) for s in obs.senas if s.seat == (obs.seat + 2) % 4}
        out = []
        for c in hand:
            if c // 10 != t or c % 10 not in SENA_RANKS_IDX or c in given:
                continue
            if c % 10 == 9:  # the rey: only when the as and the tres cannot beat it any more
                higher = (t * 10, t * 10 + 2)
                if not all(h in played or h in hand or h in partner_known for h in higher):
                    continue
            out.append(DECK[c])
        return out


class RandomPlayer(Player):
    """A uniformly random legal move: the arena's baseline."""

    level = "random"
    cooperates = False

    def _choose(self, obs, legal):
        return legal[self.rng.randrange(len(legal))]

    def senas_to_give(self, obs) -> list[Card]:
        return []


class RulePlayer(Player):
    """The rule player (see :mod:`game.ai.heuristic`).

    ``counting``: remember which cards are out (normal) or not (beginner).
    ``mistake_rate``: chance of picking another reasonable card instead of the best one;
    ``mistake_margin``: how much worse (in points) such a card may be, so that mistakes look
    human (a card kept too long, a baza given away) and never absurd (the as of triunfo
    thrown on an empty baza).  ``forget_swap``: chance of missing a good cambio.
    ``solve_end``: with two players and the stock out, all cards are known: play the last
    bazas exactly, as a counting player does.  ``last_draw``: mind who takes the muestra at the
    last draw (the baza's losers draw it): with two players the baza before it is solved exactly
    too, on each of the few deals left (one face-down card and the other's hand: four deals);
    in pairs the muestra's worth counts against the baza's points (the side that loses the baza
    draws it); with three, last to play it, the muestra's worth is counted for the player my card
    gives it to (:func:`last_draw_bonus`).  An outside tester found normal giving away as and
    tres muestras this way; beginner does not mind it.  By default (None) normal minds it with
    three or four players, not with two (the ladder of issue 3 is measured against that normal).
    ``keep_points``: once the stock is out, a triunfo's keep value counts its own points too
    (:data:`RULE_POLICY_MANY`: no as of triunfo spent on a blank baza); by default (None) with
    three or four players, not with two (where normal solves the end); off for beginner.
    ``keep_points_early``: the same while the stock lasts (:data:`RULE_POLICY_POINTS`: no as or tres
    of triunfo spent on a blank or cheap baza early on); by default (None) with three players only:
    with two normal is issue 3's yardstick, and with four the expert pair's margin over a normal
    pair with it fell under issue 3's line (docs/ai-history.md, thirty-sixth round); off for beginner.
    ``pair_second``: pairs, second to play, a winning card is scored by the chance that the opponent
    still to play beats it (:func:`heuristic.second_q`), not 0.45; default (None) with four players; off for beginner.
    ``exact_three``: three players, the stock out, following to a baza: the rule's card gives way
    to one better under both readings of the others' play on every deal that fits, solved exactly
    (an outside tester found normal throwing its last triunfo, a sure baza, instead of a tres, 41
    times per 100 hands). Off by default: with it the expert won 40.7 % of the hands against two
    such normals, under issue 3's 45 % line (50.1 % against normal as it plays), and the expert's
    loss was not found in the time (docs/ai-history.md, round 32).
    """

    def __init__(self, rng, *, level="normal", counting=True, mistake_rate=0.0,
                 mistake_margin=0.0, forget_swap=0.0, solve_end=True, last_draw=None,
                 keep_points=None, exact_three=False, pair_second=None, keep_points_early=None) -> None:
        super().__init__(rng)
        self.level = level
        self.counting = checks.flag("counting", counting)
        self.mistake_rate = checks.number("mistake_rate", mistake_rate, 0.0, 1.0)
        self.mistake_margin = checks.number("mistake_margin", mistake_margin, 0.0)
        self.forget_swap = checks.number("forget_swap", forget_swap, 0.0, 1.0)
        self.solve_end = checks.flag("solve_end", solve_end)
        # None: with three or four players. With two, normal keeps the play the levels' ladder was
        # measured against (issue 3: expert ≥ 0.60 and hard ≥ 0.55 against it); on, expert's margin
        # over it fell from 0.626 to 0.585 on 200 deals (docs/ai-history.md, thirtieth round)
        self.last_draw = None if last_draw is None else checks.flag("last_draw", last_draw)
        # None: with three or four players (RULE_POLICY_MANY); two players are left as measured
        self.keep_points = None if keep_points is None else checks.flag("keep_points", keep_points)
        self.keep_points_early = (None if keep_points_early is None
                                  else checks.flag("keep_points_early", keep_points_early))
        self.exact_three = checks.flag("exact_three", exact_three)
        self.pair_second = None if pair_second is None else checks.flag("pair_second", pair_second)

    def _choose(self, obs, legal):
        if SWAP_MOVE in legal:
            give = int(obs.rules.swap_card_for(obs.muestra))
            if should_swap(give, int(obs.muestra)) and self.rng.random() >= self.forget_swap:
                self.last_reason = "swap"
                return SWAP_MOVE
        cards = [m for m in legal if m != SWAP_MOVE]
        n = obs.rules.players
        if self.solve_end and n == 2 and obs.stock_count == 0 and len(cards) > 1:
            know = knowledge_of(obs)
            st = from_observation(obs, *know.sample(self.rng))
            vals = solve(st, obs.seat, cards)
            best = max(vals.values())
            return min(c for c in cards if vals[c] == best)
        mind = self.last_draw if self.last_draw is not None else n != 2
        last_draw = mind and obs.muestra is not None and obs.stock_count == n
        if last_draw and n == 2 and len(cards) > 1:
            move = self._solve_last_draw(obs, cards)
            if move is not None:
                return move
        friends = 0
        if self.counting:
            unknown, friends = others_mask(obs), no_threat_mask(obs)
        else:  # every card not in my hand or on the table might still be out there
            unknown = (1 << 40) - 1
            for c in cards:
                unknown &= ~(1 << c)
            for _, c in obs.table:
                unknown &= ~(1 << int(c))
        table = [int(c) for _, c in obs.table]
        against = muestra_worth(int(obs.muestra), obs.trump) if last_draw and n == 4 else 0.0
        keep_points = self.keep_points if self.keep_points is not None else n != 2
        early = self.keep_points_early if self.keep_points_early is not None else n == 3
        policy = _RULE_TABLES[keep_points, early]
        second = self.pair_second if self.pair_second is not None else n == 4
        scores = rule_scores(cards, table, n, obs.seat, obs.leader, obs.trump, unknown, obs.stock_count > 0,
                             policy, friends=friends, against=against,
                             second=second)
        if last_draw and n == 3 and len(table) == n - 1:
            bonus = last_draw_bonus(cards, table, n, obs.seat, obs.leader, obs.trump, int(obs.muestra))
            scores = [s + b for s, b in zip(scores, bonus)]
        order = sorted(range(len(cards)), key=lambda i: (-scores[i], cards[i]))
        best = cards[order[0]]
        if self.mistake_rate and self.rng.random() < self.mistake_rate:
            near = [cards[i] for i in order[1:] if scores[i] >= scores[order[0]] - self.mistake_margin]
            if near:
                return self.rng.choice(near)
        if self.exact_three and n == 3 and table and obs.stock_count == 0 and len(cards) > 1:
            # (only following: a lead's 20 deals cost ~50 ms, and no lead was found worse on every deal)
            best = three_best(three_means(obs, knowledge_of(obs), cards), best)[0]
        return best

    @staticmethod
    def _solve_last_draw(obs, cards: list[int]) -> int | None:
        """Two players, the baza before the last draw: the face-down card is one of the few I have
        not seen (the rest are the other's hand), so every such deal is solved exactly and the card
        with the most points over them all is played (ties: the lowest card)."""
        know = knowledge_of(obs)
        other = 1 - obs.seat
        if len(know.pool) != obs.hand_sizes[other] - len(know.known.get(other, ())) + 1:
            return None   # (not the last draw as described: the rule's card)
        totals = dict.fromkeys(cards, 0)
        for hidden in know.pool:
            hands = [[], []]
            hands[obs.seat] = know.hand[:]
            hands[other] = list(know.known.get(other, ())) + [c for c in know.pool if c != hidden]
            vals = solve(from_observation(obs, hands, [hidden]), obs.seat, cards)
            for c in cards:
                totals[c] += vals[c]
        best = max(totals.values())
        return min(c for c in cards if totals[c] == best)


#: The rule player's tables by (``keep_points``, ``keep_points_early``).
_RULE_TABLES = {(False, False): RULE_POLICY, (True, False): RULE_POLICY_MANY,
                (False, True): RULE_POLICY_EARLY, (True, True): RULE_POLICY_POINTS}


#: The rollout policies a search level can use (``rollout=``): the rule player's own scoring,
#: or the same scoring with the parameters tuned by self-play (tools/tune_rollout.py, docs/ai.md).
#: The tuned set was tuned for two players; with three or four the rule player's is used.
#: "learned" is game/ai/learned.py's scoring, built on first use (:meth:`SearchPlayer._policy`).
ROLLOUT_POLICIES = {"rule": RULE_POLICY, "tuned": TUNED_POLICY, "learned": None}


def _whole(value, least: int) -> bool:
    """Is ``value`` a whole number (an int, not a bool) of at least ``least``?"""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


def _policy_network(name: str):
    """The policy network ``name`` (game/ai/network.py), refused with the reason when it cannot
    be read or does not take the policy's 162 inputs (a value network, say)."""
    from .network import load_network
    net = load_network(name)
    if net.inputs != 162:
        raise ValueError(f"{name} is not a policy network ({net.inputs} inputs, not 162)")
    return net


class SearchPlayer(Player):
    """Perfect-information Monte Carlo with rollouts (the rule player's, or with two players a
    policy network's, as ``rollout`` says) and an exact endgame (:mod:`game.ai.search`).

    ``samples``: sampled deals per move (the iteration budget); ``time_limit``: seconds per
    move after which it answers with what it has (anytime; None = no limit);
    ``solve_stock``: with two players, solve deals exactly once the stock (muestra included)
    has at most this many cards; ``exact_samples``: at most this many deals are solved a move;
    ``last_draw_deals`` (pairs): solve that many at the baza before the last draw (0: play out).
    ``rollout`` and ``anchor``: the scoring (:data:`ROLLOUT_POLICIES`) of the rollouts and of
    the card the search leaves only on clear evidence (and of its ties), with two players.  This
    class's default rollouts are the rule player's ("rule"): neither the self-play-tuned set nor
    the learned scoring (game/ai/learned.py) measured a gain there (docs/ai.md).  The anchor may also be a
    policy network's favourite card, ``"net:NAME"`` (game/ai/network.py); the levels use
    ``"net:net-a"`` (DESKTOP_BUDGET in game/ai/__init__.py, measured in docs/ai.md), this
    class's default stays the rule player's card; names joined by ``+`` take several
    networks' normalised geometric mean.  The rollouts may be a policy network's favourite
    card at both seats, ``"net:NAME"`` (two players, game/ai/netrollout.py; the expert's
    budget plays them with ``"net:net-a-small32"``).
    Three or four players always use the rule player's scoring for both.  ``infer_model`` and ``infer_tau``: the reading of the others' plays
    by the rule player's card ("rule") or weighed by the learned scoring ("learned", two
    players; not the default: it reads the sparring partner no better), or a policy network's
    chances ("net:NAME", two players; ``infer_keep``: the chance a deal is kept whatever that
    reading says; ``infer_relative``: a play weighs its chance over the favourite card's).
    ``truncate`` (two players): play each sampled deal that many bazas and read the rest off
    the learned evaluation (game/ai/value.py; 0: play every deal out).  ``samples_many``: the
    deals a move with three or four players, where no evaluation ends the rollouts early
    (None: ``samples``).
    ``infer_depth`` and ``infer_delta``: how many finished bazas the reading of the others'
    plays reads with two players (1: the last one; three or four players always read one), and
    for the deeper reading the weight of a baza the rule player would have played otherwise.
    The deeper reading is an arena option, not the levels' default: 3 bazas measured +0.002 ±
    0.018 against the sparring partner and +0.013 ± 0.017 against ``normal`` over 2,000 paired
    deals, for 1.8 times the CPU (docs/ai.md).
    ``value_model``: what a truncated deal is read off, the linear evaluation ("linear",
    game/ai/value.py, fitted to the rule player's rollouts; "linear-net", the same features
    fitted to net-a-small32's rollouts) or a value network ("net:NAME", tools/value_net.py).
    ``reply_model`` (two players): who plays the other's next card after each candidate move in
    the sampled deals, the rule player ("rule", as the rest of the rollout) or a policy
    network's chances ("net:NAME", game/ai/reply.py); ``reply_choices``: how many of the
    other's cards the network plays so (mine in between the rule player's), 1 by default.
    ``prior_until_stock`` (two players; None, the default: always search): while the stock
    holds more cards than this, play the prior card without searching (the cambio is still
    searched).  An arena option to measure whether the search's departures from the prior pay
    in the opening of the hand.  ``own_from`` (three players; None: never): with at most this many
    cards left to draw, my own later cards in each deal are the best of my lines there, the
    others' still the rule player's (:func:`search.own_lines`; the expert uses 3).
    ``exact_lead`` (three players, the stock out, leading; the levels' budgets turn it on): the
    search's lead gives way to a card better on every deal that fits under both readings of the
    others' play, each deal solved exactly (:func:`search.three_dominant_steps`). The rollouts play
    the others as the rule player, whose slips can make a lead look best that loses on every deal when
    they play well: hard and expert led the tres of triunfo into the as they knew was held (an outside
    tester; docs/ai-history.md, thirty-eighth round). Not when following: there the same check cost
    hard −0.006 ± 0.003 and the expert −0.008 ± 0.005 paired against two normals, whose play the
    rollouts know and the two readings do not (the same round).
    ``pair_keep``, ``pair_keep_rollouts`` (pairs): the prior card / the rollouts count a triunfo's points
    in its keep value while the stock lasts (:data:`RULE_POLICY_POINTS`, normal's ``keep_points_early``);
    ``pair_q`` (pairs): the prior card scores my side's winning card that the opponent after me could
    beat by the chance it holds no card that does (:func:`heuristic.second_q`, ``none_beats``), not
    0.45. Outside testers watched hard and expert spend the as of triunfo on blank bazas and load a tres
    onto the partner's unsure 7 (docs/ai-history.md, fortieth round).
    """

    def __init__(self, rng, *, level="expert", samples=60, time_limit=None, solve_stock=4,
                 min_samples=8, prior_z=1.0, margin_weight=0.2, infer=True, exact_samples=20,
                 rollout="rule", anchor="rule", infer_depth=1, infer_delta=0.2, infer_model="rule",
                 infer_tau=1.0, truncate=0,
                 samples_many=None, prior_until_stock=None, infer_keep=0.2, value_model="linear",
                 infer_relative=False, reply_model="rule", reply_choices=1, rollout_tau=0.0,
                 rollout_draw_mine=True, prior_logit=0.0, last_draw_deals=0, own_from=None,
                 exact_lead=False, pair_keep=False, pair_q=False,
                 pair_keep_rollouts=False) -> None:
        super().__init__(rng)
        self.prior_logit = checks.number("prior_logit", prior_logit, 0.0)
        for what, name in (("rollout", rollout), ("anchor", anchor)):
            if name not in ROLLOUT_POLICIES and not str(name).startswith("net:"):
                raise ValueError(f"{what} must be one of {sorted(ROLLOUT_POLICIES)} or 'net:NAME', not {name!r}")
        self._anchor_net = None
        if str(anchor).startswith("net:"):   # a policy network's card (game/ai/net.py), two players
            from .network import load_policy
            self._anchor_net = load_policy(anchor[4:])
        self._rollout_net = None
        if str(rollout).startswith("net:"):   # a policy network's card at both seats, two players
            self._rollout_net = _policy_network(rollout[4:])
        self.rollout = rollout
        self.anchor = anchor
        if not _whole(infer_depth, 1):
            raise ValueError(f"infer_depth must be a whole number of bazas, 1 or more, not {infer_depth!r}")
        if not isinstance(infer_delta, (int, float)) or not 0.0 <= infer_delta <= 1.0:
            raise ValueError(f"infer_delta must be between 0 and 1, not {infer_delta!r}")
        if infer_model not in ("rule", "learned") and not str(infer_model).startswith("net:"):
            raise ValueError(f"infer_model must be 'rule', 'learned' or 'net:NAME', not {infer_model!r}")
        if str(infer_model).startswith("net:"):   # fail now, not in the first search, on a bad name
            from .network import load_network
            load_network(infer_model[4:])
        if not isinstance(infer_keep, (int, float)) or isinstance(infer_keep, bool) or not 0.0 <= infer_keep <= 1.0:
            raise ValueError(f"infer_keep must be between 0 and 1, not {infer_keep!r}")
        self.infer_keep = float(infer_keep)
        if not isinstance(infer_relative, bool):
            raise ValueError(f"infer_relative must be true or false, not {infer_relative!r}")
        self.infer_relative = infer_relative
        self._value_net = None
        self._value_weights = None
        if value_model == "linear-net":
            from .value import MARGIN_NET, WIN_NET
            self._value_weights = (WIN_NET, MARGIN_NET)
        elif value_model != "linear":
            if not str(value_model).startswith("net:"):
                raise ValueError(f"value_model must be 'linear', 'linear-net' or 'net:NAME', not {value_model!r}")
            from .network import load_network
            from .value import VALUE_INPUTS
            self._value_net = load_network(value_model[4:])
            if self._value_net.inputs != VALUE_INPUTS:
                raise ValueError(f"{value_model[4:]} is not a value network ({self._value_net.inputs} inputs, "
                                 f"not {VALUE_INPUTS})")
            if self._value_net.activation != "relu" or len(self._value_net.layers) != 2:
                raise ValueError(f"{value_model[4:]}: a value network has one ReLU layer "
                                 f"({self._value_net.activation}, {len(self._value_net.layers) - 1} hidden)")
        self.value_model = value_model
        self._reply_net = None
        if reply_model != "rule":
            if not str(reply_model).startswith("net:"):
                raise ValueError(f"reply_model must be 'rule' or 'net:NAME', not {reply_model!r}")
            self._reply_net = _policy_network(reply_model[4:])
        self.reply_model = reply_model
        if not _whole(reply_choices, 1):
            raise ValueError(f"reply_choices must be a whole number of the other's cards, 1 or more, "
                             f"not {reply_choices!r}")
        self.reply_choices = reply_choices
        if not _whole(truncate, 0):
            raise ValueError(f"truncate must be a whole number of bazas (0: play the hand out), not {truncate!r}")
        self.truncate = truncate
        if prior_until_stock is not None and not _whole(prior_until_stock, 0):
            raise ValueError("prior_until_stock must be a whole number of stock cards, 0 or more, or None, "
                             f"not {prior_until_stock!r}")
        self.prior_until_stock = prior_until_stock
        if not isinstance(rollout_tau, (int, float)) or isinstance(rollout_tau, bool) or not rollout_tau >= 0:
            raise ValueError(f"rollout_tau must be a number, 0 or more (0: the favourite card), not {rollout_tau!r}")
        self.rollout_tau = float(rollout_tau)
        self.rollout_draw_mine = checks.flag("rollout_draw_mine", rollout_draw_mine)
        if not isinstance(infer_tau, (int, float)) or isinstance(infer_tau, bool) or not infer_tau > 0:
            raise ValueError(f"infer_tau must be a positive number, not {infer_tau!r}")
        self.infer_model = infer_model
        self.infer_tau = float(infer_tau)
        self.infer_depth = infer_depth
        self.infer_delta = float(infer_delta)
        self.prior_z = checks.number("prior_z", prior_z, 0.0)
        self.margin_weight = checks.number("margin_weight", margin_weight, 0.0)
        self.infer = checks.flag("infer", infer)
        self.level = level
        self.samples = checks.whole("samples", samples, 1)
        if samples_many is not None and not _whole(samples_many, 1):
            raise ValueError(f"samples_many must be a whole number of deals, 1 or more, or None, not {samples_many!r}")
        self.samples_many = self.samples if samples_many is None else samples_many
        self.time_limit = checks.seconds("time_limit", time_limit)
        self.solve_stock = checks.whole("solve_stock", solve_stock, 0)
        self.min_samples = checks.whole("min_samples", min_samples, 1)
        self.exact_samples = checks.whole("exact_samples", exact_samples, 1)
        self.last_draw_deals = checks.whole("last_draw_deals", last_draw_deals, 0)
        self.own_from = None if own_from is None else checks.whole("own_from", own_from, 0)
        self.exact_lead = checks.flag("exact_lead", exact_lead)
        self.pair_keep = checks.flag("pair_keep", pair_keep)
        self.pair_q = checks.flag("pair_q", pair_q)
        self.pair_keep_rollouts = checks.flag("pair_keep_rollouts", pair_keep_rollouts)
        self.last_values: dict[int, float] = {}
        self.last_samples = 0

    def _choose(self, obs, legal):
        return run_steps(self._think(obs, legal))

    def _policy(self, obs, role: str = "rollout"):
        """The parameter set of the rollouts (``role`` "rollout") or of the card the search
        leaves only on clear evidence ("anchor") for this observation."""
        name = self.rollout if role == "rollout" else self.anchor
        if obs.rules.players == 3:   # normal's tables, as the rollouts (expert +0.028 ± 0.019: docs/ai-history.md)
            return RULE_POLICY_POINTS
        if obs.rules.players != 2:
            keep = self.pair_keep if role == "anchor" else self.pair_keep_rollouts
            return RULE_POLICY_POINTS if keep else RULE_POLICY
        if name.startswith("net:"):
            return self._anchor_net if role == "anchor" else None
        if name == "learned":
            from .learned import learned
            return learned()
        return ROLLOUT_POLICIES[name]

    def _evaluate(self, obs, know, moves: list, anchor=None):
        """:func:`evaluate_moves_steps` with this player's options.  The deeper reading
        (``infer_depth``) applies with two players, where it was measured; three or four
        players read the last baza only."""
        samples = self.samples if obs.rules.players == 2 else self.samples_many
        return (yield from evaluate_moves_steps(obs, know, self.rng, moves, samples,
                                                self.time_limit, self.solve_stock,
                                                self.min_samples, self.infer,
                                                exact_samples=self.exact_samples,
                                                margin_weight=self.margin_weight, anchor=anchor,
                                                policy=self._policy(obs),
                                                infer_depth=self.infer_depth if obs.rules.players == 2 else 1,
                                                infer_delta=self.infer_delta,
                                                infer_model=self.infer_model, infer_tau=self.infer_tau,
                                                truncate=self.truncate, infer_keep=self.infer_keep,
                                                value_net=self._value_net,
                                                value_weights=self._value_weights,
                                                infer_relative=self.infer_relative,
                                                reply_net=self._reply_net,
                                                reply_choices=self.reply_choices,
                                                rollout_net=self._rollout_net,
                                                rollout_tau=self.rollout_tau,
                                                rollout_draw_mine=self.rollout_draw_mine,
                                                last_draw_deals=self.last_draw_deals,
                                                own_from=self.own_from))

    def _think(self, obs, legal):
        cands = no_gift_moves(obs, list(legal))
        know = knowledge_of(obs)
        move = yield from self._search(obs, know, cands)
        if self.exact_lead and obs.rules.players == 3 and obs.stock_count == 0 and not obs.table and len(cands) > 1:
            move = yield from three_dominant_steps(obs, cands, deal_states(obs, know), move)
        return move

    def _search(self, obs, know, cands: list[int]):
        """The card (or cambio) the sampled deals choose, as a generator (:meth:`_think`)."""
        if SWAP_MOVE in cands:
            return (yield from self._think_with_swap(obs, know, cands))
        if (self.prior_until_stock is not None and obs.rules.players == 2
                and obs.stock_count > self.prior_until_stock):
            # the opening of a two-player hand played by the prior card alone (an arena option)
            self.last_values, self.last_samples = {}, 0
            return self._tie_break(obs, know, cands)
        # The prior card (``anchor``: the rule player's, or with two players a network's, net-a's
        # at the hard and expert levels) is a strong prior: leave it only when the sampled deals
        # say clearly (prior_z standard errors of the paired difference) that another is better.
        base = self._tie_break(obs, know, list(cands)) if self.prior_z > 0 else None
        vals, used, per = yield from self._evaluate(obs, know, cands, anchor=base)
        self.last_values = vals
        self.last_samples = used
        best_v = max(vals.values())
        tied = [m for m in cands if vals[m] >= best_v - 1e-9]
        best = self._tie_break(obs, know, tied)
        if base is not None and used > 1 and not use_solver(obs, self.solve_stock, self.last_draw_deals > 0):
            if base != best:
                diffs = [a - b for a, b in zip(per[best], per[base])]
                mean = math.fsum(diffs) / used
                var = math.fsum((d - mean) ** 2 for d in diffs) / (used - 1)
                if mean <= self.prior_z * (var / used) ** 0.5 + self._confidence(obs, cands, base, best):
                    return base
        return best

    def _confidence(self, obs, cands: list[int], base: int, best: int) -> float:
        """How much more the search must find for ``best`` before leaving the network's ``base``
        card (``prior_logit`` × ln(P(base) / P(best)) in the deals' value): a card the network
        is sure of is left on stronger evidence than one it barely prefers. 0 without a network."""
        if self.prior_logit <= 0 or self._anchor_net is None or obs.rules.players != 2:
            return 0.0
        from .network import probabilities
        p = dict(zip(cands, probabilities(self._anchor_net, obs, cands)))
        return self.prior_logit * max(0.0, math.log(max(p[base], 1e-9) / max(p[best], 1e-9)))

    def _tie_break(self, obs, know, tied: list[int]) -> int:
        """Ties (common in the endgame): the card the prior (``anchor``) likes best: the rule
        player's, or with two players the network's or the learned scoring's."""
        if len(tied) == 1:
            return tied[0]
        unknown = know.unseen_mask
        table = [int(c) for _, c in obs.table]
        policy = self._policy(obs, "anchor")
        if isinstance(policy, RolloutPolicy):
            n = obs.rules.players
            q = self.pair_q and n == 4
            scores = rule_scores(tied, table, n, obs.seat, obs.leader, obs.trump,
                                 unknown, obs.stock_count > 0, policy, friends=partner_mask(obs),
                                 second=q, last=q, held=obs.hand_sizes[(obs.seat + 1) % n])
        elif policy is self._anchor_net and policy is not None:
            from .network import probabilities
            scores = probabilities(policy, obs, tied)
        else:   # the learned scoring (two players)
            scores = policy.scores(tied, table[0] if table else -1, obs.trump, unknown,
                                   obs.stock_count, obs.points[obs.seat], obs.points[1 - obs.seat])
        return tied[max(range(len(tied)), key=lambda i: (scores[i], -tied[i]))]

    def _think_with_swap(self, obs, know, cands: list[int]):
        """The cambio against the best card, fairly: the cambio is scored with the best card
        played after it, on the same deals.  The search overrides the rule (swap when the
        muestra is the stronger triunfo) only when the paired difference is clear (two
        standard errors), because a wrong cambio costs a triunfo for the whole hand."""
        cards = [m for m in cands if m != SWAP_MOVE]
        give = int(obs.rules.swap_card_for(obs.muestra))
        after = [c for c in cards if c != give] + [int(obs.muestra)]
        moves = [(c,) for c in cards] + [(SWAP_MOVE, c) for c in after]
        vals, used, per = yield from self._evaluate(obs, know, moves)
        best_card = max(cards, key=lambda c: (vals[(c,)], -c))
        best_swap = max(after, key=lambda c: (vals[(SWAP_MOVE, c)], -c))
        diffs = [a - b for a, b in zip(per[(SWAP_MOVE, best_swap)], per[(best_card,)])]
        k = len(diffs)
        mean = math.fsum(diffs) / k
        var = math.fsum((d - mean) ** 2 for d in diffs) / max(k - 1, 1)
        se = (var / k) ** 0.5
        self.last_values = {c: vals[(c,)] for c in cards}
        self.last_values[SWAP_MOVE] = vals[(SWAP_MOVE, best_swap)]
        self.last_samples = used
        if should_swap(give, int(obs.muestra)):
            swap = mean > -2 * se - 1e-9
        else:
            swap = mean > 2 * se + 1e-9
        if swap:
            return SWAP_MOVE
        tied = [c for c in cards if vals[(c,)] >= vals[(best_card,)] - 1e-9]
        return self._tie_break(obs, know, tied)
