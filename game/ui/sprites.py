"""Card pictures for the views: the card art (or a plain stand-in) plus cached transforms.

Why: drawing must be cheap. Every face, back, scale and rotation a card view asks for is made
once and kept; angles and scales are quantized so the cache stays small while cards move.
"""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.cards import DECK, Card

CARD_W, CARD_H = 112, 172
RED = (176, 36, 36)
SUIT_COLORS = {"O": (196, 146, 20), "C": (176, 36, 36), "E": (40, 80, 150), "B": (50, 120, 50)}


class PlainArt:
    """Stand-in card art with the same interface as ``game.ui.art.CardArt``: rectangles and text."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self._font: pygame.font.Font | None = None
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None

    def font(self) -> pygame.font.Font:
        if self._font is None:
            self._font = pygame.font.Font(None, max(14, self.height // 4))
        return self._font

    def face(self, card: Card) -> pygame.Surface:
        surf = self._faces.get(int(card))
        if surf is None:
            surf = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
            rect = surf.get_rect()
            pygame.draw.rect(surf, (250, 246, 234), rect, border_radius=self.width // 10)
            pygame.draw.rect(surf, SUIT_COLORS[card.suit], rect.inflate(-8, -8), 2, border_radius=self.width // 12)
            text = self.font().render(str(card), True, SUIT_COLORS[card.suit])
            surf.blit(text, text.get_rect(center=rect.center))
            self._faces[int(card)] = surf
        return surf

    def back(self) -> pygame.Surface:
        if self._back is None:
            surf = pygame.Surface((self.width, self.height), pygame.SRCALPHA)
            rect = surf.get_rect()
            pygame.draw.rect(surf, (150, 30, 40), rect, border_radius=self.width // 10)
            pygame.draw.rect(surf, (240, 220, 180), rect.inflate(-10, -10), 2, border_radius=self.width // 12)
            for i in range(0, self.width + self.height, 12):
                pygame.draw.line(surf, (175, 50, 60), (i, 6), (i - self.height, self.height - 6), 2)
            pygame.draw.rect(surf, (240, 220, 180), rect.inflate(-10, -10), 2, border_radius=self.width // 12)
            self._back = surf
        return self._back

    def suit_icon(self, suit: str, size: int) -> pygame.Surface:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.circle(surf, SUIT_COLORS[suit], (size // 2, size // 2), size // 2 - 1)
        return surf

    def prerender(self) -> None:
        for card in DECK:
            self.face(card)
        self.back()


def make_art(width: int = CARD_W, height: int = CARD_H):
    """The real card art when ``game.ui.art`` is present and works, else the plain stand-in."""
    try:
        from game.ui.art import CardArt  # type: ignore[attr-defined]

        art = CardArt(width, height)
        art.prerender()
        return art
    except Exception:  # the art package may be missing or mid-change: never stop the game
        art = PlainArt(width, height)
        art.prerender()
        return art


class SpriteCache:
    """Card surfaces by (card or back, scale, angle, horizontal squash for flips), with shadows.

    Resting cards ask for the same few surfaces every frame; a card in flight asks for a new
    (scale, angle, squash) now and then. Everything is kept in a least-recently-used cache
    bounded in bytes, so a long session (or a phone's browser tab) does not pile up thousands of
    in-between pictures, while everything on screen in one frame stays cached.
    """

    def __init__(self, art, budget_bytes: int = 32 * 1024 * 1024) -> None:
        self.art = art
        self.budget = budget_bytes
        self.bytes = 0
        self.cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._shadows: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}  # id(sprite) -> (sprite, shadow)
        self._icons: dict[tuple[str, int], pygame.Surface] = {}

    @staticmethod
    def _size(surf: pygame.Surface) -> int:
        return surf.get_width() * surf.get_height() * surf.get_bytesize()

    def base(self, card: Card | None) -> pygame.Surface:
        return self.art.back() if card is None else self.art.face(card)

    def get(self, card: Card | None, scale: float = 1.0, angle: float = 0.0, squash: float = 1.0) -> pygame.Surface:
        q_scale = round(scale * 20) / 20
        q_angle = round(angle / 3) * 3 % 360
        q_squash = round(squash * 10) / 10
        key = (-1 if card is None else int(card), q_scale, q_angle, q_squash)
        surf = self.cache.get(key)
        if surf is not None:
            self.cache.move_to_end(key)
            return surf
        surf = self.base(card)
        w, h = surf.get_size()
        if q_scale != 1.0 or q_squash != 1.0:
            surf = pygame.transform.smoothscale(surf, (max(1, round(w * q_scale * q_squash)), max(1, round(h * q_scale))))
        if q_angle:
            surf = pygame.transform.rotozoom(surf, q_angle, 1.0)
        self.cache[key] = surf
        self.bytes += self._size(surf)
        self._evict()
        return surf

    def shadow_of(self, img: pygame.Surface) -> pygame.Surface:
        """A soft shadow with the exact outline of ``img`` (rotated cards included), cached with it."""
        entry = self._shadows.get(id(img))
        if entry is None or entry[0] is not img:
            shadow = pygame.mask.from_surface(img, 127).to_surface(setcolor=(0, 0, 0, 70), unsetcolor=(0, 0, 0, 0))
            entry = (img, shadow)
            self._shadows[id(img)] = entry
            self.bytes += self._size(shadow)
            self._evict()
        return entry[1]

    def _evict(self) -> None:
        while self.bytes > self.budget and len(self.cache) > 64:
            _key, surf = self.cache.popitem(last=False)
            self.bytes -= self._size(surf)
            entry = self._shadows.pop(id(surf), None)
            if entry is not None:
                self.bytes -= self._size(entry[1])

    def icon(self, suit: str, size: int) -> pygame.Surface:
        key = (suit, size)
        surf = self._icons.get(key)
        if surf is None:
            try:
                surf = self.art.suit_icon(suit, size)
            except Exception:
                surf = PlainArt(10, 10).suit_icon(suit, size)
            self._icons[key] = surf
        return surf
