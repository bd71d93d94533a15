"""The guided first hand played through headless, with a screenshot of every tip (or skipped at the first).

    python -m game.ui.desktop.guide_tour DIR [--lang es|ca|en] [--skip] [--size WxH]

Why: the guide must be completed and skipped from start to end by the same input a person gives
(the menu's button, "Seguir" by Enter, the cards by their keys), in every language, and its tips
looked at. Prints one line per screenshot; exits 1 if the guide did not end where it should.
"""

from __future__ import annotations

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.usage import Parser
from game.hand import SWAP  # noqa: E402
from game.storage import MemoryBackend, Storage  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.desktop.director import make_folder  # noqa: E402
from game.ui.i18n import languages  # noqa: E402
from game.ui.inputmap import Key  # noqa: E402
from game.ui.layout import parse_size  # noqa: E402
from game.ui.persist import Store  # noqa: E402

DT = 1 / 30
MAX_FRAMES = 20000


def tour(out_dir: str | None, lang: str = "es", skip: bool = False, size: tuple[int, int] | None = None,
         skip_at: int = 1) -> dict:
    """Play (or skip, at its ``skip_at``-th tip) the guided hand; returns {"tips": [...], "shots": [...],
    "end": scene name, "app": app}."""
    app = App(Store(Storage(MemoryBackend())), window=False, size=size)
    app.set_setting("lang", lang)
    app.set_setting("speed", "fast")
    app.go("menu")
    app.step(DT)
    app.manager.handle_event(Key(pygame.K_g))  # the menu's "Aprender a jugar"
    tips: list[str] = []
    shots: list[str] = []
    for _ in range(MAX_FRAMES):
        app.step(DT)
        scene = app.scene
        if scene.name == "deal":
            app.manager.handle_event(Key(pygame.K_RETURN))
        elif scene.name == "play":
            guide = app.session.guide
            if guide.showing:
                tips.append(guide.current.key)
                if out_dir is not None:
                    os.makedirs(out_dir, exist_ok=True)
                    path = os.path.join(out_dir, f"guide-{lang}-{len(tips):02d}-{guide.current.key}.png")
                    pygame.image.save(app.surface, path)
                    shots.append(path)
                app.manager.handle_event(Key(pygame.K_ESCAPE if skip and len(tips) >= skip_at else pygame.K_RETURN))
            elif scene.time > 0.2 and app.session.human_to_move() and not scene.table.animator.busy:
                legal = app.session.hand.legal_moves()
                scene.play(SWAP if SWAP in legal else legal[0])
        elif scene.name in ("scoring", "menu") and (tips or skip):
            break
    return {"tips": tips, "shots": shots, "end": app.scene.name, "app": app}


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m game.ui.desktop.guide_tour", description=__doc__.split("\n")[0])
    parser.add_argument("dir", help="folder for the screenshots")
    parser.add_argument("--lang", default="es", choices=tuple(languages()), help="language of the tips")
    parser.add_argument("--skip", action="store_true", help="skip the guide at the first tip")
    parser.add_argument("--size", default=None, help="screen size WxH (CSS px), e.g. 390x844")
    ns = parser.parse_args(argv)
    try:
        size = parse_size(ns.size) if ns.size else None
        make_folder(ns.dir, "dir")
    except ValueError as exc:
        parser.error(str(exc))
    result = tour(ns.dir, ns.lang, ns.skip, size)
    for path in result["shots"]:
        print(path)
    want = "menu" if ns.skip else "scoring"
    print(f"tips: {', '.join(result['tips'])}; ended on {result['end']}")
    return 0 if result["end"] == want else 1


if __name__ == "__main__":
    sys.exit(main())
