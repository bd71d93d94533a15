"""An independent, deliberately plain reading of RULES.md for a whole hand.

Written from the rules text without using the engine's code or tables, so tests can compare
the engine against it.  Cards are texts like "12B"; swaps are not modelled here (the engine's
cambio has its own scripted tests).
"""

from __future__ import annotations

STRENGTH = {1: 10, 3: 9, 12: 8, 11: 7, 10: 6, 7: 5, 6: 4, 5: 3, 4: 2, 2: 1}
POINTS = {1: 11, 3: 10, 12: 4, 11: 3, 10: 2}


def rank(card: str) -> int:
    return int(card[:-1])


def suit(card: str) -> str:
    return card[-1]


class ReferenceHand:
    def __init__(self, players: int, dealer: int, deck: list[str]):
        self.n = players
        self.leader = (dealer + 1) % players
        self.hands: list[list[str]] = [[] for _ in range(players)]
        pos = 0
        # "Cards are dealt one at a time, starting with the leader ... until everyone holds 3."
        for _ in range(3):
            for k in range(players):
                self.hands[(self.leader + k) % players].append(deck[pos])
                pos += 1
        self.muestra = deck[pos]
        self.trump = suit(self.muestra)
        # "The rest is the stock, drawn from the top. The muestra is the last card drawn."
        self.stock = list(deck[pos + 1:]) + [self.muestra]
        self.points = [0] * players
        self.tricks: list[tuple[int, list[str], int, int]] = []
        self.draws: list[tuple[int, str]] = []

    def order(self) -> list[int]:
        return [(self.leader + k) % self.n for k in range(self.n)]

    def play_trick(self, cards: list[str]) -> int:
        seats = self.order()
        for seat, card in zip(seats, cards):
            self.hands[seat].remove(card)
        trumps = [i for i, c in enumerate(cards) if suit(c) == self.trump]
        led = suit(cards[0])
        pool = trumps or [i for i, c in enumerate(cards) if suit(c) == led]
        best = max(pool, key=lambda i: STRENGTH[rank(cards[i])])
        winner = seats[best]
        pts = sum(POINTS.get(rank(c), 0) for c in cards)
        self.points[winner] += pts
        self.tricks.append((self.leader, list(cards), winner, pts))
        # "The winner ... draws first from the stock, then the others in order."
        for k in range(self.n):
            if self.stock:
                seat = (winner + k) % self.n
                card = self.stock.pop(0)
                self.hands[seat].append(card)
                self.draws.append((seat, card))
        self.leader = winner
        return winner

    @property
    def over(self) -> bool:
        return not any(self.hands)

    def side_points(self) -> list[int]:
        if self.n == 4:
            return [self.points[0] + self.points[2], self.points[1] + self.points[3]]
        return list(self.points)
