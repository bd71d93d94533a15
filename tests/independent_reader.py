"""A second reader of game records, written from docs/RULES.md alone (an outside check's view).

Why: the project's records are replayed outside by a reader of RULES.md that never saw this
code, and such a reader rejects what RULES.md does not name ("a record with ... an unknown rule
is rejected"). This module was written by a reviewer from the spec text only, without reading
``game/`` (2026-12-06); it found that every record then carried a ``best_of`` rule key that
RULES.md does not list. Tests replay the game's own records with it and compare every baza,
cambio, point and result with ``game.record.summary``. It reads the record format strictly:
RULES.md's five rule keys, canonical card text (rank without a leading zero, suit letter of any
case) and the cambio as ``swap``. It does not read señas (the optional ``"senas"`` list is the
project's extension, not RULES.md's).
"""

from __future__ import annotations

SUITS = "OCEB"
RANKS = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
STRENGTH = (1, 3, 12, 11, 10, 7, 6, 5, 4, 2)  # high to low
POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}
ALL = [f"{r}{s}" for s in SUITS for r in RANKS]
RULE_DEFAULTS = {"players": 2, "swap_seven": True, "swap_timing": "after_win", "swap_two": False,
                 "removed_card": "2O"}


class Bad(ValueError):
    """The record breaks RULES.md."""


def parse(text: object) -> str:
    if not isinstance(text, str) or len(text) < 2 or not text[:-1].isascii() or not text[:-1].isdigit():
        raise Bad(f"not a card: {text!r}")
    r, s = int(text[:-1]), text[-1].upper()
    if s not in SUITS or r not in RANKS or text[:-1] != str(r):
        raise Bad(f"not a card: {text!r}")
    return f"{r}{s}"


def rank(card: str) -> int:
    return int(card[:-1])


def suit(card: str) -> str:
    return card[-1]


def strength(card: str) -> int:
    return len(STRENGTH) - STRENGTH.index(rank(card))


class Game:
    def __init__(self, record: object) -> None:
        if not isinstance(record, dict):
            raise Bad("a record is an object")
        rules = record.get("rules", {})
        if not isinstance(rules, dict):
            raise Bad("rules is an object")
        for key in rules:
            if key not in RULE_DEFAULTS:
                raise Bad(f"unknown rule {key!r}")
        rules = {**RULE_DEFAULTS, **rules}
        self.n = rules["players"]
        if self.n not in (2, 3, 4) or isinstance(self.n, bool):
            raise Bad("players is 2, 3 or 4")
        self.swap_seven, self.timing, self.swap_two = rules["swap_seven"], rules["swap_timing"], rules["swap_two"]
        if self.timing not in ("after_win", "own_turn"):
            raise Bad("swap_timing is after_win or own_turn")
        if not isinstance(self.swap_seven, bool) or not isinstance(self.swap_two, bool):
            raise Bad("swap_seven and swap_two are true or false")
        removed = parse(rules["removed_card"]) if self.n == 3 else None
        if removed is not None and rank(removed) != 2:
            raise Bad("the card removed with three players is a 2")
        self.dealer = record.get("dealer")
        if not isinstance(self.dealer, int) or isinstance(self.dealer, bool) or not 0 <= self.dealer < self.n:
            raise Bad("dealer is a seat")
        deck = [parse(c) for c in record.get("deck", [])]
        if sorted(deck) != sorted(c for c in ALL if c != removed):
            raise Bad("the deck is not the cards in play, each once")
        # "Cards are dealt one at a time, starting with the leader ... until everyone holds 3."
        leader = (self.dealer + 1) % self.n
        self.hands: list[list[str]] = [[] for _ in range(self.n)]
        for k in range(3 * self.n):
            self.hands[(leader + k) % self.n].append(deck[k])
        self.muestra = deck[3 * self.n]
        self.trump = suit(self.muestra)
        self.stock = deck[3 * self.n + 1:]   # face down, top first; the muestra is drawn after these
        self.muestra_in_stock = True
        self.turn = leader
        self.table: list[tuple[int, str]] = []
        self.tricks: list[dict] = []
        self.swaps: list[dict] = []
        self.points = [0] * self.n
        self.over = False
        self.result: dict | None = None

    def swap_card(self) -> str | None:
        """The card that may take the muestra now, or None."""
        if not self.swap_seven or self.over or not self.muestra_in_stock or not self.stock:
            return None   # "only while at least one face-down card remains in the stock besides the muestra"
        if self.timing == "after_win" and (self.table or not self.tricks):
            return None   # "after winning a trick, before leading the next one"
        held = self.hands[self.turn]
        seven, two = f"7{self.trump}", f"2{self.trump}"
        if self.swap_two:
            if two in held and rank(self.muestra) in (4, 5, 6, 7):
                return two
            if seven in held and rank(self.muestra) in (1, 3, 12, 11, 10):
                return seven
            return None
        return seven if seven in held else None

    def play(self, move: object, number: int) -> None:
        if self.over:
            raise Bad(f"move {number}: the hand is over")
        if move == "swap":
            card = self.swap_card()
            if card is None:
                raise Bad(f"move {number}: no cambio now")
            held = self.hands[self.turn]
            held[held.index(card)] = self.muestra
            self.swaps.append({"seat": self.turn, "gave": card, "took": self.muestra, "before_trick": len(self.tricks)})
            self.muestra = card
            return
        card = parse(move)
        if card not in self.hands[self.turn]:
            raise Bad(f"move {number}: {card} is not in seat {self.turn}'s hand")
        self.hands[self.turn].remove(card)
        self.table.append((self.turn, card))
        if len(self.table) < self.n:
            self.turn = (self.turn + 1) % self.n
            return
        led = suit(self.table[0][1])
        trumps = [t for t in self.table if suit(t[1]) == self.trump]
        winner = max(trumps or [t for t in self.table if suit(t[1]) == led], key=lambda t: strength(t[1]))[0]
        points = sum(POINTS.get(rank(c), 0) for _, c in self.table)
        self.tricks.append({"leader": self.table[0][0], "cards": [c for _, c in self.table], "winner": winner,
                            "points": points})
        self.points[winner] += points
        self.table = []
        if self.stock or self.muestra_in_stock:   # "The winner ... draws first from the stock, then the others"
            for k in range(self.n):
                seat = (winner + k) % self.n
                if self.stock:
                    self.hands[seat].append(self.stock.pop(0))
                else:
                    self.hands[seat].append(self.muestra)
                    self.muestra_in_stock = False
        self.turn = winner
        if not any(self.hands):
            self.over = True
            sides = self.side_points()
            top = max(sides)
            if sides.count(top) > 1:
                self.result = {"winner_side": None, "void": True}
            else:
                self.result = {"winner_side": sides.index(top), "void": False}

    def side_points(self) -> list[int]:
        if self.n == 4:
            return [self.points[0] + self.points[2], self.points[1] + self.points[3]]
        return list(self.points)

    def summary(self) -> dict:
        """The keys RULES.md asks ``replay`` to print."""
        return {"tricks": self.tricks, "swaps": self.swaps, "points": self.points,
                "side_points": self.side_points(), "result": self.result, "over": self.over}


def replay(record: object) -> Game:
    game = Game(record)
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise Bad("moves is a list")
    for number, move in enumerate(moves, 1):
        game.play(move, number)
    return game
