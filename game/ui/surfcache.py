"""A cache of pictures bounded in bytes: the least recently used go first.

Why: the texts drawn ("Mazo: 23", "+14", a message box's size that follows its words) and the
painted backgrounds are drawn once and kept, but a long evening asks for thousands of them; kept
by count (3,000 texts, 300 backgrounds) they held 55 and 79 MB at once, which a phone's browser
tab feels. Bounded in bytes, what one frame shows stays (it was used last), the old goes.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Callable, Hashable

import pygame


def size_of(surf: pygame.Surface) -> int:
    """The bytes a surface's pixels take."""
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class SurfaceCache:
    """Surfaces by key within ``budget`` bytes; ``keep(key)``: never let go (the felt under every
    screen: drawn again, it took 13 ms of a frame)."""

    def __init__(self, budget: int, keep: Callable[[Hashable], bool] | None = None) -> None:
        self.budget = budget
        self.keep = keep or (lambda key: False)
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._items

    def get(self, key: Hashable, default: Any = None) -> Any:
        surf = self._items.get(key)
        if surf is None:
            return default
        self._items.move_to_end(key)
        return surf

    def __setitem__(self, key: Hashable, surf: pygame.Surface) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= size_of(old)
        self._items[key] = surf
        self.bytes += size_of(surf)
        if self.bytes > self.budget:   # the oldest first, only as many as it takes
            victims, freed = [], 0
            for older, picture in self._items.items():
                if older != key and not self.keep(older):
                    victims.append(older)
                    freed += size_of(picture)
                    if self.bytes - freed <= self.budget:
                        break
            for older in victims:
                self.bytes -= size_of(self._items.pop(older))

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
