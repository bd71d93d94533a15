# /// script
# dependencies = ["pygame-ce"]
# ///
"""Brisca: start the game (placeholder window until the scenes land)."""

import asyncio
import sys

import pygame

WIDTH, HEIGHT = 1280, 720


async def main(max_frames: int | None = None) -> int:
    pygame.init()
    screen = pygame.display.set_mode((WIDTH, HEIGHT))
    pygame.display.set_caption("Brisca")
    font = pygame.font.Font(None, 96)
    clock = pygame.time.Clock()
    frames = 0
    running = True
    while running:
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                running = False
        screen.fill((20, 90, 50))
        text = font.render("Brisca", True, (240, 230, 200))
        screen.blit(text, text.get_rect(center=(WIDTH // 2, HEIGHT // 2)))
        pygame.display.flip()
        clock.tick(60)
        frames += 1
        if max_frames is not None and frames >= max_frames:
            running = False
        await asyncio.sleep(0)
    pygame.quit()
    return 0


if __name__ == "__main__":
    asyncio.run(main())
