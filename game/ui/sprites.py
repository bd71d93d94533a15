"""Card pictures for the views: the card art plus cached transforms.

Why: drawing must be cheap. Every face, back, scale and rotation a card view asks for is made
once and kept; angles and scales are quantized so the cache stays small while cards move.
"""

from __future__ import annotations

import math
from collections import OrderedDict, deque
from typing import Callable, Iterable

import pygame

from game.cards import Card
from game.ui.surfcache import size_of

CARD_W, CARD_H = 112, 172
MAX_ARTS = 12   # card sizes drawn and kept (a screen shows about six: hand, table, others', piles, stock...)
#: Scales are drawn in steps of 1/STEPS (:meth:`SpriteCache.get`): a card asked at 0.43 is drawn at 0.45.
STEPS = 20


def scale_within(scale: float) -> float:
    """The largest scale a card is drawn at (a step of 1/:data:`STEPS`) no larger than ``scale``: a
    card planned to fill a room is drawn within it (the step rounded to the nearest one drew a held
    hand's card up to 4 px taller than planned, and the review's mark under it ran onto the next line)."""
    return math.floor(scale * STEPS + 1e-9) / STEPS


def turned_size(w: float, h: float, angle: float) -> tuple[float, float]:
    """The size of the box of a ``w`` x ``h`` picture turned by ``angle`` degrees (as
    ``pygame.transform.rotate`` makes it): ``(w, h)`` square, ``(h, w)`` a quarter turn."""
    cos, sin = (round(abs(f(math.radians(angle))), 9) for f in (math.cos, math.sin))
    return w * cos + h * sin, w * sin + h * cos


#: Card art by size, shared by every app in the process (its pictures never change once drawn): the
#: browser has one app; a test run has hundreds, which drew the same deck again each time. The
#: art every card is stretched from (``make_art``) apart, the sizes cards rest at (a few kept).
_BASE: dict[tuple[int, int, bool], object] = {}
_ARTS: OrderedDict[tuple[int, int, bool], object] = OrderedDict()


def _card_art(width: int, height: int, big: bool = False):
    from game.ui.art import CardArt  # noqa: PLC0415  (drawing the deck is the slow part of the start)

    return CardArt(width, height, big)


def art_of_size(width: int, height: int, big: bool = False):
    """The card art ``width`` x ``height`` (faces drawn on first use; ``big``: the large text's corner
    numbers); the last MAX_ARTS sizes kept."""
    key = (int(width), int(height), bool(big))
    art = _ARTS.get(key)
    if art is None:
        art = _ARTS[key] = _card_art(*key)
        while len(_ARTS) > MAX_ARTS:
            _ARTS.popitem(last=False)
    _ARTS.move_to_end(key)
    return art


def make_art(width: int = CARD_W, height: int = CARD_H, big: bool = False, drawn: bool = True):
    """The game's card art (``game.ui.art``), every face drawn once (``drawn``: now; else on first use)."""
    key = (int(width), int(height), bool(big))
    art = _BASE.get(key) or _BASE.setdefault(key, _card_art(*key))
    return art.prerender() if drawn else art


class SpriteCache:
    """Card surfaces by (card or back, scale, angle, horizontal squash for flips), with shadows.

    Resting cards ask for the same few surfaces every frame; a card in flight asks for a new
    (scale, angle, squash) now and then. Everything is kept in a least-recently-used cache
    bounded in bytes, so a long session (or a phone's browser tab) does not pile up thousands of
    in-between pictures, while everything on screen in one frame stays cached.
    """

    def __init__(self, art, budget_bytes: int = 32 * 1024 * 1024) -> None:
        self.art = art
        self.big = art.big   # the large text's corner numbers (``CardArt``): ``set_big``
        self.budget = budget_bytes
        self.bytes = 0
        self.cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._shadows: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}  # id(sprite) -> (sprite, shadow)
        self._icons: dict[tuple[str, int], pygame.Surface] = {}
        self._ahead: deque[tuple[float, Card | None]] = deque()   # faces to draw before a frame needs them

    def set_big(self, big: bool) -> None:
        """Cards with the large text's taller corner numbers from now on (or not): the base art of
        that kind (its faces drawn as they are first shown: the whole deck at once took a frame of
        0.1-0.2 s), and nothing kept of the other (not drawn again: the art keeps its pictures)."""
        if bool(big) != self.big:
            self.big = bool(big)
            self.art = make_art(self.art.width, self.art.height, self.big, drawn=False)
            self.cache.clear()
            self._shadows.clear()
            self.bytes = 0

    def base(self, card: Card | None) -> pygame.Surface:
        return self.art.back() if card is None else self.art.face(card)

    def art_at(self, scale: float):
        """The card art drawn at ``scale`` (:func:`art_of_size`): a card shown at rest at another size
        than the art's is drawn at that size, not stretched (stretched, a hand card 1.45 times the
        art's size blurred and the frame line that carries the pintas turned grey)."""
        return art_of_size(max(8, round(CARD_W * scale)), max(12, round(CARD_H * scale)), self.big)

    def get(self, card: Card | None, scale: float = 1.0, angle: float = 0.0, squash: float = 1.0,
            exact: bool = True) -> pygame.Surface:
        """``card``'s picture (None: the back). ``exact``: drawn at its size (a card at rest); else,
        for a card on its way through sizes, the art's picture stretched (cheap, and moving)."""
        q_scale = round(scale * STEPS) / STEPS
        q_angle = round(angle / 3) * 3 % 360
        q_squash = round(squash * 10) / 10
        exact = exact and q_squash == 1.0 and q_scale != 1.0
        key = (-1 if card is None else int(card), q_scale, q_angle, q_squash, exact)
        surf = self.cache.get(key)
        if surf is not None:
            self.cache.move_to_end(key)
            return surf
        if exact:
            art = self.art_at(q_scale)
            surf = art.back() if card is None else art.face(card)
        else:
            surf = self.base(card)
        w, h = surf.get_size()
        if not exact and (q_scale != 1.0 or q_squash != 1.0):
            surf = pygame.transform.smoothscale(surf, (max(1, round(w * q_scale * q_squash)), max(1, round(h * q_scale))))
        if q_angle:
            surf = pygame.transform.rotozoom(surf, q_angle, 1.0)
        self.cache[key] = surf
        self.bytes += size_of(surf)
        self._evict()
        return surf

    def mark(self, card: Card, scale: float) -> tuple[pygame.Surface, tuple[int, int]]:
        """``card``'s corner suit mark at ``scale`` and where it lies on the card drawn there at rest
        (``get(card, scale)``; :meth:`CardArt.corner_mark`)."""
        return self.art_at(round(scale * STEPS) / STEPS).corner_mark(card)

    def want(self, faces: Iterable[tuple[float, Iterable[Card | None]]]) -> None:
        """The faces cards will come to rest at next, most needed first, as (scale, cards; None the
        back), in place of those wanted before: ``warm`` draws them ahead. Why: a face costs 2-9 ms
        to draw here (several times that on a phone), and drawn in the frame that first showed it
        the count's steps and a session's first bazas jerked. No more sizes than the art cache keeps
        (MAX_ARTS, with room for two others), so warming never throws out what it drew."""
        todo = [(round(scale * STEPS) / STEPS, card) for scale, cards in faces for card in cards]
        sizes = list(dict.fromkeys(q for q, _card in todo if q != 1.0))[:MAX_ARTS - 2]   # 1.0: the base art
        self._ahead = deque((q, card) for q, card in todo if q in sizes)

    def warm(self, more: Callable[[], bool] | None = None) -> int:
        """Draw wanted faces (``want``) not drawn yet, one at a time while ``more()`` says there is
        time for another (None: all of them); the number drawn."""
        drawn = 0
        while self._ahead:
            q, card = self._ahead[0]
            art = self.art_at(q)
            if not art.has(card):
                if more is not None and not more():
                    break
                art.back() if card is None else art.face(card)
                drawn += 1
            self._ahead.popleft()
        return drawn

    def warming(self) -> bool:
        """Are wanted faces left to draw (they may be drawn already: ``warm`` skips those)?"""
        return bool(self._ahead)

    def shadow_of(self, img: pygame.Surface) -> pygame.Surface:
        """A soft shadow with the exact outline of ``img`` (rotated cards included), cached with it."""
        entry = self._shadows.get(id(img))
        if entry is None or entry[0] is not img:
            shadow = pygame.mask.from_surface(img, 127).to_surface(setcolor=(0, 0, 0, 70), unsetcolor=(0, 0, 0, 0))
            entry = (img, shadow)
            self._shadows[id(img)] = entry
            self.bytes += size_of(shadow)
            self._evict()
        return entry[1]

    def _evict(self) -> None:
        while self.bytes > self.budget and len(self.cache) > 64:
            _key, surf = self.cache.popitem(last=False)
            self.bytes -= size_of(surf)
            entry = self._shadows.pop(id(surf), None)
            if entry is not None:
                self.bytes -= size_of(entry[1])

    def icon(self, suit: str, size: int) -> pygame.Surface:
        key = (suit, size)
        surf = self._icons.get(key)
        if surf is None:
            surf = self.art.suit_icon(suit, size)
            self._icons[key] = surf
        return surf
