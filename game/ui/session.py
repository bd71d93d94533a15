"""A game in progress as the interface sees it: options, the match, the bots, señas, saving.

Why: scenes draw and take input; everything about *who plays what next* lives here, built only on
the rules core (``Match``/``Hand``) and the AI (``players``). No pygame in this module, so it is
tested without a window.
"""

from __future__ import annotations

import random
from dataclasses import fields
from typing import Any

from game.hand import SENA_RANKS, Hand, IllegalMove, Sena
from game.match import Match
import game.ai as ai
from game.ai.knowledge import position_seed
from game.ui import history, players
from game.ui.options import REMOVABLE, Options  # noqa: F401  (still importable from here)
from game.ui.persist import unknown_fields
from game.ui.seats import Seat, SeatsError, default_seats, drawn_seats, seats_from_save, seats_to_json

WATCH_CHANCE = (0.0, 0.2, 0.45, 0.75)
#: The fields of a saved match (:meth:`Session.to_save`); any other is a newer version's.
SAVE_FIELDS = ("match", "options", "recorded", "seats", "told", "bots_seed", "info", "ended")


class Session:
    """One match as the interface plays it: the people's seats, the bots, señas, the hint, saving.

    ``seats`` says who sits where (:class:`~game.ui.seats.Seat`: a person with a name, or the
    computer at a level); ``human_seats`` are the people's seats (empty: all bots, a demo).
    ``viewer`` is the seat drawn at the bottom of the table.

    Passing the device (two people or more): ``holder`` is the person holding the device, the
    only seat whose cards are shown face up; None while the device is being passed (the deal of
    a new hand, after a resume, whenever another person is to act).  A person takes the device
    on the handoff screen (:meth:`take_device`).  With one person, that person always holds it.
    """

    def __init__(self, options: Options, seed: int | None = None, human_seats: tuple[int, ...] = (0,),
                 match: Match | None = None, seats: tuple[Seat, ...] | None = None) -> None:
        self.options = options
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
        self.rng = random.Random(self.seed)
        self.rules = options.rules() if match is None else match.rules
        if seats is None:
            seats = default_seats(self.rules.players, options.level, human_seats)
        if len(seats) != self.rules.players:
            raise SeatsError(f"{len(seats)} seats for {self.rules.players} players")
        self.seats = tuple(seats)
        self.human_seats = tuple(i for i, seat in enumerate(self.seats) if seat.person)
        self.names: tuple | None = None  # the seats' names as shown, and what for (seats.names)
        self.holder: int | None = self.human_seats[0] if len(self.human_seats) == 1 else None
        self.bottom = self.human_seats[0] if self.human_seats else 0  # the viewer while nobody holds
        self.told = [0] * self.rules.players  # per person: señas of this hand already shown to them
        self.match = match if match is not None else Match.new(self.rules, random.Random(self.rng.randrange(1 << 30)),
                                                               options.first_to)
        self.counted = len(self.match.scores) > self.match.number  # the current hand is scored
        self.recorded = -1  # number of the last hand whose result went into the statistics
        #: When the match's last hand ended (``history.local_now``; None: not over, or a clock that says
        #: nothing), kept in the save: the history dates the match by it, not by when it is counted.
        self.ended: str | None = None
        self.guide = None  # the guided first hand's tips (game.ui.guide.Guide) when this is that hand
        self.practice_of: Session | None = None  # the match a hand played again for practice came from
        self.practice_baza = 0  # the baza (from 0) a hand played again for practice starts from
        self.bots: dict[int, Any] = {}
        self.hint_rng = random.Random(self.rng.randrange(1 << 30))
        self.sena_rng = random.Random(self.rng.randrange(1 << 30))
        self._make_bots()
        #: The bots' seed: each move a bot thinks over, its señas and who catches a seña start their
        #: random numbers from this seed, the hand's cards and the moves made so far (:meth:`_seed`),
        #: so the same hand played the same way again (practice, a resumed match) meets the same answers.
        self.bots_seed = self.rng.randrange(1 << 30)
        #: What a newer version of the game saved with the match that this copy does not know (fields of
        #: the save, of its options): written back as it was whenever this copy saves the match on.
        self.passed_on: tuple[dict, dict] = ({}, {})
        #: The seats as a resumed save had them, where a name held letters the font cannot draw
        #: (:meth:`draw_names_with`): written back as they were, the table drawing them without.
        self.seats_kept: list | None = None

    @property
    def lesson(self) -> bool:
        """The guided first hand, or a hand played again for practice: nothing of it is saved or
        counted in the statistics (the match a practice hand came from stays saved as it was)."""
        return self.guide is not None or self.practice_of is not None

    @property
    def can_practice(self) -> bool:
        """The finished hand may be played again: one person at this device (with people passing it,
        the cards would not be news to anyone), not a demo."""
        return self.hand.over and len(self.human_seats) == 1

    def practice(self, baza: int = 0) -> "Session":
        """The hand just finished, dealt again the same (dealer and cards, the same seats and levels)
        as a match of one hand of its own for practice (:attr:`lesson`), from its baza ``baza``
        (from 0; the moves and señas before it made again as they were); ``practice_of`` is the
        match it came from (the same one when a practice hand is played again)."""
        if not self.can_practice:
            raise ValueError("only a finished hand of one person against the computer can be played again")
        match = Match.practice(self.hand, Match.baza_start(self.hand, baza))
        session = Session(self.options, seed=self.rng.randrange(1 << 30), match=match, seats=self.seats)
        session.practice_of = self.practice_of or self
        session.practice_baza = baza
        session.bots_seed = self.bots_seed   # the same cards played the same way: the same answers
        return session

    def _make_bots(self) -> None:
        self.bots = {seat: players.make_bot(self.seats[seat].level, random.Random(self.rng.randrange(1 << 30)))
                     for seat in range(self.rules.players) if seat not in self.human_seats}

    @property
    def hand(self) -> Hand:
        return self.match.hand

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and seat in self.human_seats

    @property
    def viewer(self) -> int:
        """The seat shown at the bottom: the person holding the device, else the last one who did
        (the first person's seat before anyone took it; seat 0 in a demo)."""
        return self.holder if self.holder is not None else self.bottom

    @property
    def passing(self) -> bool:
        """Two people or more share the device: it is passed (and hands covered) between them."""
        return len(self.human_seats) > 1

    def face_up(self) -> set[int]:
        """The seats whose hands may be drawn face up now: the holder's, if anyone holds the device;
        in a demo (computers in every seat, nobody's secret) the bottom seat's, as a player would watch."""
        if self.demo:
            return {self.bottom}
        return set() if self.holder is None else {self.holder}

    def needs_handoff(self) -> bool:
        """Is a person other than the holder to act (the device must be passed to them first)?"""
        hand = self.hand
        return self.passing and not hand.over and self.is_human(hand.turn) and hand.turn != self.holder

    def take_device(self, seat: int) -> None:
        """``seat`` (a person) tapped the handoff screen: their hand is the one shown."""
        if not self.is_human(seat):
            raise ValueError(f"seat {seat} is not a person at this device")
        self.holder = self.bottom = seat

    def cover(self) -> None:
        """The device is being passed: nobody's hand is shown (one person keeps holding it)."""
        if self.passing:
            self.holder = None

    def level_of(self, seat: int) -> str:
        return self.seats[seat].level

    def is_you(self, seat: int | None) -> bool:
        """Is ``seat`` "you" on screen: the one person playing (or the viewer of a demo)?"""
        return seat is not None and not self.passing and seat == self.viewer

    def notes(self, seat: int) -> list[Sena]:
        """Señas ``seat`` (a person) should now learn and has not been shown: their partner's, and
        the opponents' they caught.  Each is returned once (the caller shows it)."""
        senas = self.hand.senas
        partner = self.rules.partner_of(seat)
        new = [s for s in senas[self.told[seat]:]
               if s.seat != seat and (s.seat == partner or seat in s.caught_by)]
        self.told[seat] = len(senas)
        return new

    @property
    def demo(self) -> bool:
        """Computer players in every seat: nothing of the player's (saves, statistics) is touched."""
        return not self.human_seats

    def viewer_side(self) -> int:
        return self.rules.side_of(self.viewer)

    @property
    def people_sides(self) -> set[int]:
        """The sides with a person in them."""
        return {self.rules.side_of(seat) for seat in self.human_seats}

    def people_won(self, side: int | None) -> bool:
        """``side`` winning is a win for the device: with people passing it, a side with a person in
        it (not the computers' side beating them); else the viewer's side."""
        if side is None:
            return False
        return side in self.people_sides if self.passing else side == self.viewer_side()

    def human_to_move(self) -> bool:
        """A person is to act and holds the device (input is taken)."""
        turn = self.hand.turn
        return self.is_human(turn) and (not self.passing or turn == self.holder)

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
        bot = self.bots[seat]
        self._seed(bot.rng, "move", seat)
        return players.Thinking(bot, self.hand.observation(seat))

    def _seed(self, rng: random.Random, what: str, seat: int, *more) -> None:
        """Start ``rng`` afresh from the bots' seed, what ``seat`` sees of the hand now (its
        :func:`~game.ai.knowledge.position_seed`) and ``what``: the computer's chances (its moves,
        its señas, who catches a seña) are the same whenever the same hand reaches the same point
        (practice, a resumed match). Not from the deck: a text seed can be read back from the
        generator, and a bot's random numbers must not carry the cards it cannot see (nor two deals
        that look the same from its seat get different answers)."""
        view = position_seed(self.hand.observation(seat))
        rng.seed(f"{self.bots_seed}/{view}/{what}/{seat}/{'/'.join(map(str, more))}")

    def hint(self):
        """(move, reason as a fact) suggested for the seat to move, if a person plays it."""
        return players.hint_reason(self._hint_observation(), self.hint_rng)

    def hint_thinking(self) -> "players.HintThinking | None":
        """The same hint thought over frames (the play scene steps it a few ms per frame, so
        asking for a hint never stalls a frame); None when that seat has no move to make."""
        obs = self._hint_observation()
        return players.HintThinking(obs, self.hint_rng) if obs.legal_moves else None

    def _hint_observation(self):
        """What the hint's player sees; its random numbers drawn afresh for this point of the hand
        (:meth:`_seed`), so that asking again, or at the same point of the same hand played again,
        suggests the same card (a hint that changed its mind on a second tap would teach nothing)."""
        seat = self.hand.turn if self.is_human(self.hand.turn) else self.viewer
        self._seed(self.hint_rng, "hint", seat)
        return self.hand.observation(seat)

    def play(self, move) -> list:
        """Apply a move through the core; returns its events (IllegalMove propagates)."""
        events = self.hand.play(move)
        if self.hand.over and not self.counted:
            self.match.finish_hand()
            self.counted = True
            if self.match.over:
                self.ended = history.local_now()
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
        self._seed(self.sena_rng, "caught", seat, card)
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
            self._seed(bot.rng, "sena", seat)
            for card in players.senas_to_give(bot, self.hand.observation(seat)):
                if card in allowed:
                    sena = self.give_sena(seat, card)
                    if sena is not None:
                        out.append(sena)
        return out

    # --- the match ------------------------------------------------------------------------------
    def next_hand(self) -> Hand:
        self.counted = False
        self.told = [0] * self.rules.players
        self.cover()
        return self.match.next_hand()

    # --- saving ---------------------------------------------------------------------------------
    def to_save(self) -> dict:
        """What the save layer keeps: the match (rules, seed, results, the hand's record) and options."""
        hand = self.hand
        passed, passed_options = self.passed_on
        return {**passed, "match": self.match.to_json(), "options": {**passed_options, **self.options.to_json()},
                "recorded": self.recorded, "told": list(self.told),
                "seats": self.seats_kept if self.seats_kept is not None else seats_to_json(self.seats),
                "bots_seed": self.bots_seed, **({"ended": self.ended} if self.ended is not None else {}),
                "info": {"players": self.rules.players, "trick": len(hand.tricks) + (0 if hand.over else 1),
                         "hand": self.match.number + 1, "over": hand.over, "match_over": self.match.over,
                         # the standing, for the menu's words (common.saved_where): hands won per side
                         "wins": self.match.wins, "first_to": self.match.first_to}}

    def draw_names_with(self, drawable: Any) -> None:
        """The people's names as the game can draw them (``seats.drawn_seats``, ``drawable`` the
        font's ``Typography.drawable``), for a match resumed from a save: what the table, the
        statistics and the history show and count is clean; the save keeps the names it had."""
        clean = drawn_seats(self.seats, drawable)
        if clean != self.seats:
            self.seats_kept = seats_to_json(self.seats)
            self.seats = clean

    @classmethod
    def from_save(cls, data: dict, human_seats: tuple[int, ...] = (0,)) -> "Session":
        """Resume a saved match (``MatchError``/``KeyError`` for bad data: the caller falls back).

        The saved seats come back, as far as the save tells them (``seats.seats_from_save``: seats
        broken in part, or none but the señas told per person, still keep the people people); where
        nothing tells, one person at ``human_seats``. ``human_seats=()`` resumes it as a demo
        (computers everywhere).  With two people or more nobody holds the device after a resume:
        the handoff screen comes first."""
        match = Match.from_json(data["match"])
        options = Options.from_json(data.get("options"))
        options.players = match.rules.players
        seats = None
        if human_seats:
            seats = seats_from_save(data.get("seats"), match.rules.players, options.level, data.get("told"))
        session = cls(options, human_seats=human_seats, match=match, seats=seats)
        recorded = data.get("recorded")
        session.recorded = recorded if type(recorded) is int else -1
        told = data.get("told")
        if isinstance(told, list) and len(told) == match.rules.players and all(type(t) is int for t in told):
            session.told = [max(0, min(t, len(match.hand.senas))) for t in told]
        if type(data.get("bots_seed")) is int and 0 <= data["bots_seed"] < 1 << 30:
            session.bots_seed = data["bots_seed"]
        if match.over and type(data.get("ended")) is str and len(data["ended"]) <= 24:
            session.ended = data["ended"]
        option_names = {f.name for f in fields(Options)} | {"best_of"}
        session.passed_on = (unknown_fields(data, SAVE_FIELDS), unknown_fields(data.get("options"), option_names))
        return session
