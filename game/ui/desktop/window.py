"""The desktop window: resizable (the app letterboxes the 1280x720 picture into it) and F11."""

from __future__ import annotations

import pygame


def open_window(size: tuple[int, int]) -> pygame.Surface:
    return pygame.display.set_mode(size, pygame.RESIZABLE)


def toggle_fullscreen() -> None:
    try:
        pygame.display.toggle_fullscreen()
    except pygame.error:
        pass  # some drivers (dummy, some Wayland setups) cannot; the window stays as it is
