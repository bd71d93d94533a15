"""A game in progress as the interface sees it: options, the match, the bots, señas, saving.

Why: scenes draw and take input; everything about *who plays what next* lives here, built only on
the rules core (``Match``/``Hand``) and the AI (``players``). No pygame in this module, so it is
tested without a window.
"""

from __future__ import annotations

import random
from dataclasses import asdict, dataclass, fields
from typing import Any

from game.cards import Card
from game.hand import SENA_RANKS, Hand, IllegalMove, Sena
from game.match import Match
from game.rules import Rules
import game.ai as ai
from game.ui import players

WATCH_CHANCE = (0.0, 0.2, 0.45, 0.75)
REMOVABLE = ("2O", "2C", "2E", "2B")


@dataclass
class Options:
    """New-game options chosen in the menu (rules options plus interface options)."""

    players: int = 2
    level: Any = None
    swap_seven: bool = True
    swap_timing: str = "after_win"
    swap_two: bool = False
    senas: bool = True
    watch: int = 1
    best_of: int = 3
    show_score: bool = True
    removed_card: str = "2O"  # three players: which 2 leaves the deck

    def __post_init__(self) -> None:
        """Anything out of range (old or damaged saved options) falls back to its default."""
        defaults = {"swap_seven": True, "swap_two": False, "senas": True, "show_score": True}
        for name, default in defaults.items():
            if type(getattr(self, name)) is not bool:
                setattr(self, name, default)
        if self.level is None or self.level not in players.levels():
            self.level = players.default_level()
        if type(self.players) is not int or self.players not in (2, 3, 4):
            self.players = 2
        if type(self.best_of) is not int or self.best_of not in (1, 3):
            self.best_of = 3
        if self.swap_timing not in ("after_win", "own_turn"):
            self.swap_timing = "after_win"
        self.watch = max(0, min(3, self.watch)) if type(self.watch) is int else 1
        if self.removed_card not in REMOVABLE:
            self.removed_card = "2O"

    def rules(self) -> Rules:
        return Rules(players=self.players, swap_seven=self.swap_seven, swap_timing=self.swap_timing,
                     swap_two=self.swap_two, best_of=self.best_of, removed_card=Card.parse(self.removed_card))

    def to_json(self) -> dict:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Any) -> "Options":
        if not isinstance(data, dict):
            return cls()
        known = {f.name for f in fields(cls)}
        try:
            return cls(**{k: v for k, v in data.items() if k in known})
        except (TypeError, ValueError):
            return cls()


class Session:
    """One match as the interface plays it: the people's seats, the bots, señas, the hint, saving.

    ``human_seats`` are the seats played by people at this device (empty: all bots, a demo).
    ``viewer`` is the seat whose cards the screen shows face up, at the bottom of the table.
    """

    def __init__(self, options: Options, seed: int | None = None, human_seats: tuple[int, ...] = (0,),
                 match: Match | None = None) -> None:
        self.options = options
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
        self.rng = random.Random(self.seed)
        self.human_seats = tuple(human_seats)
        self.rules = options.rules() if match is None else match.rules
        self.match = match if match is not None else Match.new(self.rules, random.Random(self.rng.randrange(1 << 30)))
        self.counted = len(self.match.scores) > self.match.number  # the current hand is scored
        self.recorded = -1  # number of the last hand whose result went into the statistics
        self.bots: dict[int, Any] = {}
        self.hint_rng = random.Random(self.rng.randrange(1 << 30))
        self.sena_rng = random.Random(self.rng.randrange(1 << 30))
        self._make_bots()

    def _make_bots(self) -> None:
        self.bots = {seat: players.make_bot(self.options.level, random.Random(self.rng.randrange(1 << 30)))
                     for seat in range(self.rules.players) if seat not in self.human_seats}

    @property
    def hand(self) -> Hand:
        return self.match.hand

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.human_seats

    @property
    def viewer(self) -> int:
        """The seat shown at the bottom, face up: the person at the device (seat 0 in a demo)."""
        return self.human_seats[0] if self.human_seats else 0

    @property
    def demo(self) -> bool:
        """Computer players in every seat: nothing of the player's (saves, statistics) is touched."""
        return not self.human_seats

    def viewer_side(self) -> int:
        return self.rules.side_of(self.viewer)

    def human_to_move(self) -> bool:
        return self.is_human(self.hand.turn)

    def bot_move(self):
        """The move of the bot to move (it sees only its own observation), in one call."""
        thinking = self.bot_thinking()
        if thinking is None:
            return None
        thinking.step(None)
        return thinking.move

    def bot_thinking(self) -> "players.Thinking | None":
        """The bot to move starting to think (stepped by the play scene, a few ms per frame)."""
        seat = self.hand.turn
        if seat is None or seat not in self.bots:
            return None
        return players.Thinking(self.bots[seat], self.hand.observation(seat))

    def hint(self):
        """(move, reason as a fact) suggested for the seat to move, if a person plays it."""
        seat = self.hand.turn if self.is_human(self.hand.turn) else self.viewer
        return players.hint_reason(self.hand.observation(seat), self.hint_rng)

    def play(self, move) -> list:
        """Apply a move through the core; returns its events (IllegalMove propagates)."""
        events = self.hand.play(move)
        if self.hand.over and not self.counted:
            self.match.finish_hand()
            self.counted = True
        return events

    # --- señas (pairs only) -------------------------------------------------------------------
    def senas_on(self) -> bool:
        return self.rules.players == 4 and self.options.senas

    def sena_cards(self, seat: int) -> list:
        """Cards ``seat`` may signal now (its as/tres/rey of triunfo not yet signalled)."""
        hand = self.hand
        if not self.senas_on() or hand.over:
            return []
        done = {s.card for s in hand.senas if s.seat == seat}
        return [c for c in hand.hand_of(seat) if c.suit_index == hand.trump and c.rank in SENA_RANKS and c not in done]

    def give_sena(self, seat: int, card) -> Sena | None:
        """``seat`` signals ``card``; each opponent catches it with the watchfulness chance."""
        caught = ai.catch_senas(self.sena_rng, WATCH_CHANCE[self.options.watch], seat, self.rules.players)
        try:
            return self.hand.give_sena(seat, card, caught)
        except IllegalMove:
            return None

    def bot_senas(self) -> list[Sena]:
        """Bots signal their good trumps at the start of a baza, now and then."""
        if not self.senas_on() or self.hand.table or self.hand.over:
            return []
        out = []
        for seat, bot in self.bots.items():
            allowed = set(self.sena_cards(seat))
            for card in players.senas_to_give(bot, self.hand.observation(seat)):
                if card in allowed:
                    sena = self.give_sena(seat, card)
                    if sena is not None:
                        out.append(sena)
        return out

    # --- the match ------------------------------------------------------------------------------
    def next_hand(self) -> Hand:
        self.counted = False
        return self.match.next_hand()

    # --- saving ---------------------------------------------------------------------------------
    def to_save(self) -> dict:
        """What the save layer keeps: the match (rules, seed, results, the hand's record) and options."""
        hand = self.hand
        return {"match": self.match.to_json(), "options": self.options.to_json(), "recorded": self.recorded,
                "info": {"players": self.rules.players, "trick": len(hand.tricks) + 1}}

    @classmethod
    def from_save(cls, data: dict, human_seats: tuple[int, ...] = (0,)) -> "Session":
        """Resume a saved match (``MatchError``/``KeyError`` for bad data: the caller falls back)."""
        match = Match.from_json(data["match"])
        options = Options.from_json(data.get("options"))
        options.players = match.rules.players
        session = cls(options, human_seats=human_seats, match=match)
        recorded = data.get("recorded")
        session.recorded = recorded if type(recorded) is int else -1
        return session
