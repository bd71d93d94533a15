"""A match: hands in sequence, the deal passing to the right, void hands replayed.

Every hand's deck comes from its own ``random.Random`` seeded from the match seed and the
hand's number, so a match is reproducible from ``(rules, seed, first_dealer)`` and a saved
match resumes exactly: :meth:`Match.to_json` / :meth:`Match.from_json` carry the finished
hands' results and the current hand's game record.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from .cards import TOTAL_POINTS
from .hand import Hand, Result, result_of
from .record import RecordError, from_record, to_record
from .rules import Rules, RulesError

__all__ = ["Match", "MatchError", "HandScore", "Tally", "MATCH_FORMAT", "FIRST_TO", "DEFAULT_FIRST_TO"]

#: Marker and version of the saved-match JSON.
MATCH_FORMAT = "brisca-match/1"
#: How many won hands a match may be played to: 1 (one hand), 2 (best of three), 3 (best of
#: five) ... 9. Void hands never count, they are replayed.
FIRST_TO = tuple(range(1, 10))
#: A match's length when none is given: best of three (RULES.md's default).
DEFAULT_FIRST_TO = 2


def first_to_of(best_of: int) -> int:
    """The won hands a "best of ``best_of``" match needs (1 -> 1, 3 -> 2, 5 -> 3)."""
    return best_of // 2 + 1


class MatchError(ValueError):
    """A saved match that cannot be resumed; the message says why."""


class Tally(NamedTuple):
    """What each side won in a finished hand, per side: bazas, aces and threes, triunfos (cards of
    the trump suit). The match end adds them up over the match; a save from before they were kept
    has none (``HandScore.tally`` is None)."""

    tricks: tuple[int, ...]
    big: tuple[int, ...]
    trumps: tuple[int, ...]

    @classmethod
    def of(cls, hand: Hand) -> "Tally":
        rules = hand.rules
        tricks, big, trumps = ([0] * rules.sides for _ in range(3))
        for trick in hand.tricks:
            side = rules.side_of(trick.winner)
            tricks[side] += 1
            big[side] += sum(1 for c in trick.cards if c.rank in (1, 3))
            trumps[side] += sum(1 for c in trick.cards if c.suit == hand.trump_suit)
        return cls(tuple(tricks), tuple(big), tuple(trumps))

    def to_json(self) -> dict[str, list[int]]:
        return {"tricks": list(self.tricks), "big": list(self.big), "trumps": list(self.trumps)}

    @classmethod
    def from_json(cls, data: Any, sides: int) -> "Tally | None":
        """A saved tally, or None where it is missing or not one (it only feeds the match's summary,
        so a damaged one costs the summary, not the match)."""
        if not isinstance(data, dict):
            return None
        fields = [data.get(k) for k in cls._fields]
        if not all(isinstance(f, list) and len(f) == sides and all(type(n) is int and 0 <= n <= 40 for n in f)
                   for f in fields):
            return None
        return cls(*(tuple(f) for f in fields))


class HandScore(NamedTuple):
    """A finished hand of the match: its number, dealer, points per side, result, and what each side
    won in it (None in a save from before it was kept)."""

    number: int
    dealer: int
    side_points: tuple[int, ...]
    result: Result
    tally: Tally | None = None


class Match:
    """Hands until one side has won ``first_to`` of them (void hands replayed).

    ``first_to`` defaults to :data:`DEFAULT_FIRST_TO` (best of three); the length is the match's,
    saved with it (``"first_to"``), not a rule of any one hand: a hand's record does not hold it.
    """

    def __init__(self, rules: Rules, seed: int, first_dealer: int = 0, first_to: int | None = None):
        if type(first_dealer) is not int or not 0 <= first_dealer < rules.players:
            raise MatchError(f"first_dealer must be a seat 0-{rules.players - 1}")
        if first_to is None:
            first_to = DEFAULT_FIRST_TO
        if type(first_to) is not int or first_to not in FIRST_TO:
            raise MatchError(f"first_to must be a number of hands {FIRST_TO[0]}-{FIRST_TO[-1]}")
        self.first_to = first_to
        self.rules = rules
        self.seed = seed
        self.first_dealer = first_dealer
        self.scores: list[HandScore] = []
        self.number = 0  # the current hand's number, from 0 (void hands count: each deal has one)
        self.hand = self._deal(0)

    @classmethod
    def new(cls, rules: Rules, rng: random.Random, first_to: int | None = None) -> "Match":
        """A match whose seed and first dealer are drawn from ``rng``."""
        return cls(rules, rng.getrandbits(63), rng.randrange(rules.players), first_to)

    @staticmethod
    def baza_start(hand: Hand, baza: int) -> int:
        """How many of ``hand``'s moves were made before its baza ``baza`` (from 0) began: a cambio
        made at that baza's start belongs to it."""
        again = Hand.from_deck(hand.rules, hand.dealer, list(hand.deck))
        for i, move in enumerate(hand.moves):
            if len(again.tricks) == baza:
                return i
            again.play(move)
        raise MatchError(f"the hand has no baza {baza!r} (it had {len(hand.tricks)})")

    @classmethod
    def practice(cls, hand: Hand, upto: int = 0) -> "Match":
        """A match of one hand: ``hand`` dealt again from the start, the same dealer and cards (its
        deck order), for playing a finished hand once more; its first ``upto`` moves made again as
        they were (and the señas given before them), so that it goes on from that point. Nothing of
        ``hand`` changes."""
        if type(upto) is not int or not 0 <= upto < len(hand.moves):
            raise MatchError(f"a hand of {len(hand.moves)} moves is played again from move 0 to "
                             f"{len(hand.moves) - 1}, not {upto!r}")
        match = cls(hand.rules, 0, hand.dealer, first_to=1)
        match.hand = again = Hand.from_deck(hand.rules, hand.dealer, list(hand.deck))
        senas = [s for s in hand.senas if s.moves_before < upto]
        for i, move in enumerate(hand.moves[:upto]):
            for sena in senas:
                if sena.moves_before == i:
                    again.give_sena(sena.seat, sena.card, sena.caught_by)
            again.play(move)
        return match

    # --- progress --------------------------------------------------------------------------
    @property
    def wins(self) -> list[int]:
        """Hands won per side (void hands do not count)."""
        w = [0] * self.rules.sides
        for s in self.scores:
            if not s.result.void:
                w[s.result.winner_side] += 1
        return w

    def totals(self) -> Tally | None:
        """Each side's bazas, aces and threes, and triunfos over the match's finished hands, or None
        if a hand's tally is not known (a match saved before they were kept)."""
        if not self.scores or any(s.tally is None for s in self.scores):
            return None
        return Tally(*(tuple(sum(getattr(s.tally, f)[side] for s in self.scores) for side in range(self.rules.sides))
                       for f in Tally._fields))

    @property
    def target(self) -> int:
        """Hands a side needs to win the match."""
        return self.first_to

    @property
    def winner_side(self) -> int | None:
        for side, w in enumerate(self.wins):
            if w >= self.target:
                return side
        return None

    @property
    def over(self) -> bool:
        return self.winner_side is not None

    def dealer_of(self, number: int) -> int:
        """The deal passes to the right (the next seat) after every hand."""
        return (self.first_dealer + number) % self.rules.players

    def _deal(self, number: int) -> Hand:
        rng = random.Random(f"brisca:{self.seed}:{number}")
        return Hand.deal(self.rules, self.dealer_of(number), rng)

    def finish_hand(self) -> HandScore:
        """Score the current (finished) hand; call :meth:`next_hand` to deal the next one."""
        hand = self.hand
        if not hand.over:
            raise MatchError("the current hand is not over yet")
        if len(self.scores) != self.number:
            raise MatchError("this hand has already been scored")
        score = HandScore(self.number, hand.dealer, tuple(hand.side_points), hand.result, Tally.of(hand))
        self.scores.append(score)
        return score

    def next_hand(self) -> Hand:
        """Deal the next hand (after :meth:`finish_hand`); a void hand is simply replayed this way."""
        if self.over:
            raise MatchError("the match is over")
        if len(self.scores) != self.number + 1:
            raise MatchError("finish the current hand first")
        self.number += 1
        self.hand = self._deal(self.number)
        return self.hand

    # --- saving -----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT,
            "rules": self.rules.to_json(),
            "seed": self.seed,
            "first_dealer": self.first_dealer,
            "first_to": self.first_to,
            "number": self.number,
            "scores": [
                {"number": s.number, "dealer": s.dealer, "side_points": list(s.side_points),
                 "winner_side": s.result.winner_side, "void": s.result.void,
                 **({"tally": s.tally.to_json()} if s.tally is not None else {})}
                for s in self.scores
            ],
            "hand": to_record(self.hand),
        }

    @classmethod
    def from_json(cls, data: Any) -> "Match":
        """Resume a saved match; :class:`MatchError` says what is wrong with bad data."""
        if not isinstance(data, dict) or data.get("format") != MATCH_FORMAT:
            raise MatchError(f"not a saved Brisca match (expected format {MATCH_FORMAT!r})")
        try:   # (a save of an earlier version: its rules held the length as best_of)
            rules, best_of = Rules.from_saved(data.get("rules"))
        except RulesError as exc:
            raise MatchError(f"rules: {exc}") from None
        seed, first, number = data.get("seed"), data.get("first_dealer"), data.get("number")
        if type(seed) is not int or type(first) is not int or type(number) is not int:
            raise MatchError("seed, first_dealer and number must be integers")
        first_to = data.get("first_to", first_to_of(best_of or 3))  # older saves: from best_of
        if type(first_to) is not int or first_to not in FIRST_TO:
            raise MatchError(f"first_to must be a number of hands {FIRST_TO[0]}-{FIRST_TO[-1]}")
        match = cls(rules, seed, first, first_to)
        raw_scores = data.get("scores")
        if not isinstance(raw_scores, list) or len(raw_scores) > 1000:
            raise MatchError("scores must be a list of finished hands")
        for i, s in enumerate(raw_scores):
            try:
                sp = tuple(s["side_points"])
                winner, void = s["winner_side"], s["void"]
                ok = (s["number"] == i and s["dealer"] == match.dealer_of(i) and len(sp) == rules.sides
                      and all(type(p) is int and 0 <= p <= 120 for p in sp) and type(void) is bool
                      and (winner is None if void else type(winner) is int and 0 <= winner < rules.sides))
            except (KeyError, TypeError):
                ok = False
            if not ok:
                raise MatchError(f"finished hand {i + 1} is malformed")
            if sum(sp) != TOTAL_POINTS or result_of(sp) != (winner, void):   # the points decide the hand
                raise MatchError(f"finished hand {i + 1}: points {list(sp)} do not give its result")
            if match.over:
                raise MatchError(f"finished hand {i + 1} was played after the match was won")
            tally = Tally.from_json(s.get("tally"), rules.sides)
            match.scores.append(HandScore(i, s["dealer"], sp, Result(winner, void), tally))
        if number not in (len(match.scores), len(match.scores) - 1):
            raise MatchError(f"hand number {number} does not follow {len(match.scores)} finished hands")
        match.number = number
        raw_hand = data.get("hand")
        expected = match._deal(number)
        if (not isinstance(raw_hand, dict) or raw_hand.get("deck") != [str(c) for c in expected.deck]
                or raw_hand.get("dealer") != expected.dealer):
            raise MatchError("the current hand does not belong to this match (its deal differs)")
        if isinstance(raw_hand.get("rules"), dict) and "best_of" in raw_hand["rules"]:   # an earlier version's
            raw_hand = {**raw_hand, "rules": {k: v for k, v in raw_hand["rules"].items() if k != "best_of"}}
        try:
            hand = from_record(raw_hand, saved=True)   # (two cambios in a turn, as an earlier version let)
        except RecordError as exc:
            raise MatchError(f"current hand: {exc}") from None
        if hand.rules != rules:
            raise MatchError("the current hand's rules differ from the match's")
        match.hand = hand
        if number == len(match.scores) - 1 and not hand.over:
            raise MatchError("the current hand is scored but not over")
        if match.over and number == len(match.scores):
            raise MatchError("the match is over but another hand was dealt")
        return match
