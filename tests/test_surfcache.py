"""Pictures kept within a byte budget (a long evening's texts and backgrounds held 55 and 79 MB,
kept by count; an outside tester's 220 hands in one tab)."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from game.ui import look
from game.ui.surfcache import SurfaceCache, size_of
from game.ui.text import TEXT_BUDGET, Typography


def test_the_least_recently_used_go_first_and_the_kept_never():
    cache = SurfaceCache(budget=4 * 100 * 100 * 4, keep=lambda key: key == "felt")
    cache["felt"] = pygame.Surface((100, 100), pygame.SRCALPHA)
    for i in range(10):
        cache[i] = pygame.Surface((100, 100), pygame.SRCALPHA)
        cache.get(0)   # the one used every frame
    assert cache.bytes <= cache.budget and cache.bytes == sum(size_of(cache.get(k)) for k in ["felt", 0, 8, 9])
    assert "felt" in cache and 0 in cache and 9 in cache and 1 not in cache
    cache[9] = pygame.Surface((10, 10))   # replacing an entry counts its bytes once
    assert cache.bytes == sum(size_of(cache.get(k)) for k in ["felt", 0, 8, 9])


def test_a_long_evenings_texts_and_backgrounds_stay_within_their_budgets():
    pygame.font.init()
    typo = Typography()
    for i in range(4000):
        typo.render(f"Mazo: {i}", 26)
        typo.render("Tu turno", 26)
    assert typo.cache.bytes <= TEXT_BUDGET and "Tu turno" in [k[0] for k in typo.cache._items]
    felt = look.felt((720, 1558))
    for i in range(400):
        look.panel((300 + i, 80 + i % 50))
        assert look.felt((720, 1558)) is felt   # the screen's felt, drawn every frame, is never drawn again
    assert look._cache.bytes <= look._cache.budget
