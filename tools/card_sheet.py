"""Preview and benchmark of the game's own deck.

    python tools/card_sheet.py [--size 110x170] [--runs 5] [--out /tmp/cards.png] [--zoom /tmp/cards-zoom.png]

Writes a sheet of all 40 faces plus the back on green felt, a zoomed sheet of
a few cards (aces and figures drawn at twice the size), and prints the median
time to draw the whole deck (40 faces + back) at the given size with a fresh
``CardArt``: the start-up cost the menu pays.  Runs headless.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pygame  # noqa: E402

from game.ui.art import RANKS, SUITS, CardArt  # noqa: E402

FELT = (22, 92, 58)
ZOOM_CARDS = ("1O", "1C", "1E", "1B", "10O", "11C", "12E", "10B", "11O", "12C", "10E", "11B", "12O", "10C", "11E",
              "12B")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 110x170, not {text!r}") from None
    if w < 8 or h < 12:
        raise argparse.ArgumentTypeError(f"size {text} too small")
    return w, h


def sheet(art: CardArt, cards: list[str], columns: int, with_back: bool) -> pygame.Surface:
    w, h = art.size
    gap = max(4, w // 12)
    icons = 1 if with_back else 0
    rows = (len(cards) + icons + columns - 1) // columns
    out = pygame.Surface((columns * (w + gap) + gap, rows * (h + gap) + gap))
    out.fill(FELT)
    surfaces = [art.face(c) for c in cards] + ([art.back()] if with_back else [])
    for i, surf in enumerate(surfaces):
        out.blit(surf, (gap + (i % columns) * (w + gap), gap + (i // columns) * (h + gap)))
    if with_back:
        # The triunfo icons, next to the back.
        x = gap + (len(surfaces) % columns) * (w + gap)
        y = gap + (len(surfaces) // columns) * (h + gap)
        if len(surfaces) % columns == 0:
            x, y = gap, y
        for k, suit in enumerate(SUITS):
            if y + 86 <= out.get_height():
                out.blit(art.suit_icon(suit, 40), (x + (k % 2) * 46, y + (k // 2) * 46))
                out.blit(art.suit_icon(suit, 40, backdrop=True), (x + 100 + (k % 2) * 46, y + (k // 2) * 46))
    return out


def time_deck(size: tuple[int, int], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        CardArt(*size).prerender()
        times.append(time.perf_counter() - t0)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=parse_size, default=(110, 170), help="card size WxH (default 110x170)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of the whole deck (default 5)")
    parser.add_argument("--out", default="/tmp/cards.png", help="sheet of all cards (default /tmp/cards.png)")
    parser.add_argument("--zoom", default="/tmp/cards-zoom.png", help="2x sheet of aces and figures")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    pygame.init()
    w, h = args.size
    times = time_deck(args.size, args.runs)
    art = CardArt(w, h).prerender()
    cards = [f"{r}{s}" for s in SUITS for r in RANKS]
    pygame.image.save(sheet(art, cards, 10, True), args.out)
    big = CardArt(w * 2, h * 2)
    pygame.image.save(sheet(big, list(ZOOM_CARDS), 8, False), args.zoom)
    print(f"deck (40 faces + back) at {w}x{h}: median {statistics.median(times) * 1000:.0f} ms "
          f"over {len(times)} runs (min {min(times) * 1000:.0f}, max {max(times) * 1000:.0f})")
    print(f"wrote {args.out} and {args.zoom}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
