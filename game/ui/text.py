"""Fonts and rendered text, cached.

Why: rendering text every frame is the usual reason a pygame scene is slow. ``Typography.render``
keeps every surface it made keyed by (text, size, colour, bold), so drawing a label is one blit.
Fonts are ``pygame.font.Font(None, size)``: the font bundled with pygame-ce, the only one the
browser build is sure to have. Scenes pass strings they got from the catalogue (``i18n``), never
literals; a test checks that.
"""

from __future__ import annotations

import pygame

Color = tuple[int, int, int]


class Typography:
    def __init__(self) -> None:
        self.fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.cache: dict[tuple[str, int, Color, bool], pygame.Surface] = {}

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self.fonts.get(key)
        if font is None:
            font = pygame.font.Font(None, size)
            font.bold = bold
            self.fonts[key] = font
        return font

    def render(self, text: str, size: int, color: Color = (245, 240, 225), bold: bool = False) -> pygame.Surface:
        key = (text, size, color, bold)
        surf = self.cache.get(key)
        if surf is None:
            if len(self.cache) > 3000:
                self.cache.clear()
            surf = self.font(size, bold).render(text, True, color)
            self.cache[key] = surf
        return surf

    def blit(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
             color: Color = (245, 240, 225), bold: bool = False, anchor: str = "topleft",
             shadow: bool = False) -> pygame.Rect:
        """Draw ``text`` with ``anchor`` ("center", "midtop", ...) at ``pos``; return its rect."""
        surf = self.render(text, size, color, bold)
        rect = surf.get_rect(**{anchor: pos})
        if shadow:
            surface.blit(self.render(text, size, (0, 0, 0), bold), rect.move(2, 2))
        surface.blit(surf, rect)
        return rect

    def wrap(self, text: str, size: int, width: int) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` pixels (paragraphs kept)."""
        font = self.font(size)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = word if not line else line + " " + word
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines
