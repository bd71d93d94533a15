"""The game's own Spanish deck, drawn by code with pygame-ce primitives.

Usage::

    art = CardArt(110, 170)
    art.prerender()              # all 40 faces + the back, once, at start-up
    screen.blit(art.face(card), pos)   # card: game.cards.Card, its index, or text "12B"
    screen.blit(art.back(), pos)
    icon = art.suit_icon("E", 32)      # the triunfo indicator

Why cached: drawing a card costs milliseconds, a frame has four.  Every
surface is drawn once per ``CardArt`` (one per size the UI needs) and the same
object is returned afterwards.  Surfaces have per-pixel alpha (transparent
rounded corners) and are plain ``pygame.Surface(..., SRCALPHA)``: no display
mode is needed to draw them.  The UI may ``convert_alpha()`` its own copies
once a display exists.
"""

from __future__ import annotations

from typing import Iterator

import pygame

from .back import render_back
from .cards import RANKS, SUITS, FaceLayout, face_layout, render_face
from .pen import FACE, GOLD_DARK, Pen
from .suits import draw_emblem

__all__ = ["CardArt", "card_key", "FaceLayout", "face_layout", "SUITS", "RANKS"]


def card_key(card: object) -> tuple[int, str]:
    """(rank, suit) of a card given as ``game.cards.Card``, its index 0..39, or text like ``"12B"``.

    Raises ``ValueError`` with a clear message for anything else, so a bad
    value from the UI is reported instead of drawing a wrong card.
    """
    if isinstance(card, bool):
        raise ValueError(f"not a card: {card!r}")
    rank = getattr(card, "rank", None)
    suit = getattr(card, "suit", None)
    if isinstance(rank, int) and isinstance(suit, str) and suit in SUITS and rank in RANKS:
        return rank, suit
    if isinstance(card, int):
        if not 0 <= card < 40:
            raise ValueError(f"card index {card} out of range 0..39")
        return RANKS[card % 10], SUITS[card // 10]
    if isinstance(card, str):
        text = card.strip().upper()
        if len(text) >= 2 and text[-1] in SUITS and text[:-1].isdigit() and int(text[:-1]) in RANKS:
            return int(text[:-1]), text[-1]
        raise ValueError(f"not a card: {card!r} (expected rank 1-7, 10, 11, 12 and suit O, C, E or B, e.g. '12B')")
    raise ValueError(f"not a card: {card!r}")


def _suit_letter(suit: object) -> str:
    if isinstance(suit, int) and not isinstance(suit, bool) and 0 <= suit < 4:
        return SUITS[suit]
    if isinstance(suit, str) and suit.strip().upper() in SUITS:
        return suit.strip().upper()
    raise ValueError(f"unknown suit {suit!r}: expected O, C, E, B or 0..3")


class CardArt:
    """All card surfaces for one card size, drawn on first use and cached."""

    def __init__(self, width: int, height: int, big: bool = False) -> None:
        if int(width) < 8 or int(height) < 12:
            raise ValueError(f"card size {width}x{height} too small (minimum 8x12)")
        self.width = int(width)
        self.height = int(height)
        self.big = bool(big)   # the large text's corner numbers (``face_layout``)
        self._faces: dict[tuple[int, str], pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._icons: dict[tuple[str, int, bool], pygame.Surface] = {}

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)

    def face(self, card: object) -> pygame.Surface:
        """The face of ``card`` (Card, index or text); the same Surface object every call."""
        key = card_key(card)
        surf = self._faces.get(key)
        if surf is None:
            surf = self._faces[key] = render_face(self.width, self.height, *key, big=self.big)
        return surf

    def has(self, card: object) -> bool:
        """Is ``card``'s face (None: the back) drawn already (``face`` costs nothing now)?"""
        return self._back is not None if card is None else card_key(card) in self._faces

    def back(self) -> pygame.Surface:
        """The card back: identical when rotated 180 degrees."""
        if self._back is None:
            self._back = render_back(self.width, self.height)
        return self._back

    def suit_icon(self, suit: object, size: int, *, backdrop: bool = False) -> pygame.Surface:
        """A ``size`` x ``size`` emblem of the suit (letter or index) for the triunfo indicator.

        ``backdrop=True`` puts it on a cream disc with a gold ring, so it reads on any
        background (a green club on green felt would not).
        """
        letter = _suit_letter(suit)
        size = int(size)
        if size < 4:
            raise ValueError(f"icon size {size} too small (minimum 4)")
        key = (letter, size, backdrop)
        surf = self._icons.get(key)
        if surf is None:
            s = 8 if size <= 32 else (4 if size <= 96 else 2)  # powers of two: exact smoothscale
            big = pygame.Surface((size * s, size * s), pygame.SRCALPHA)
            half = size * s / 2
            line = max(1.0, size / 24) * s
            pen = Pen(big, (half, half), half * 0.94, line=line / (half * 0.94))
            if backdrop:
                pen.circle((0, 0), 1.0, FACE, GOLD_DARK, w=pen.line * 1.5)
                pen = pen.sub(0, 0, 0.72)
            draw_emblem(pen, letter)
            surf = self._icons[key] = pygame.transform.smoothscale(big, (size, size))
        return surf

    def corner_mark(self, card: object) -> tuple[pygame.Surface, tuple[int, int]]:
        """The suit's emblem on a cream disc for the corner strip under ``card``'s number, and where
        it lies on the face: for fans that show only that strip (the Recuento), where the pintas lie
        under the next card and the numbers' colours alone merge for a deuteranope. Cached as icons."""
        suit = card_key(card)[1]
        lay = face_layout(self.width, self.height, suit, self.big)
        x, y, w, h = lay.index
        size = max(6, round(12.5 * lay.unit))
        return self.suit_icon(suit, size, backdrop=True), (round(x + w / 2 - size / 2), round(y + h + 0.3 * lay.unit))

    def prerender(self) -> "CardArt":
        """Draw all 40 faces and the back now (at start-up), so no frame ever pays for it."""
        for _ in self.prerender_steps():
            pass
        return self

    def prerender_steps(self) -> Iterator[float]:
        """Draw the back, then the 40 faces one at a time, yielding the fraction done after each.

        For a loading screen in the browser: draw a few steps per frame and
        ``await asyncio.sleep(0)`` in between, so start-up never blocks the page.
        """
        self.back()
        yield 1 / 41
        for i, (suit, rank) in enumerate((s, r) for s in SUITS for r in RANKS):
            self.face(f"{rank}{suit}")
            yield (i + 2) / 41
