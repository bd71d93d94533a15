"""Autoplay and screenshots: drives the app like a visitor would, for demos and tests.

Why: ``python main.py --autoplay`` must go menu -> deal -> play -> scoring with computer players
in every seat, and ``--screenshots DIR`` must save a picture of every scene (menu, deal in
progress, a baza being played, the cambio, scoring ...). The director only *presses buttons*
(it returns the actions a player would take); the game code is the same as for a person.
"""

from __future__ import annotations

import io
import os
import random
from typing import TYPE_CHECKING

import pygame

from game.hand import Swapped
from game.ui.session import Options, Session

if TYPE_CHECKING:
    from game.ui.app import App


def make_folder(folder: str, flag: str) -> None:
    """Make the folder ``folder`` that the option ``flag`` names for pictures; one that cannot be
    made or written (a file in its place, no permission) or an empty name (an unset shell variable:
    nothing would be saved) is a ``ValueError`` saying so."""
    if not folder.strip():
        raise ValueError(f"{flag} needs the folder to save the pictures in, not an empty name")
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ValueError(f"{flag}: {folder} is a file, not a folder")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError as exc:
        raise ValueError(f"{flag}: cannot make the folder {folder}: {exc.strerror or exc}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"{flag}: the folder {folder} cannot be written")


def find_swap_seed(options: Options, start: int = 0, tries: int = 300) -> int:
    """A seed whose first hand, played by the same bots, has a cambio (so it can be shown)."""
    for seed in range(start, start + tries):
        session = Session(options, seed=seed, human_seats=())
        sena_trick = -1
        while not session.hand.over:
            hand = session.hand
            if session.senas_on() and not hand.table and sena_trick != hand.trick_number:
                sena_trick = hand.trick_number  # as the play scene does, so the bots' dice agree
                session.bot_senas()
            events = session.play(session.bot_move())
            if any(isinstance(e, Swapped) for e in events):
                return seed
    return start


class Director:
    """Presses the menu's buttons, lets bots play every seat, saves screenshots, then stops."""

    def __init__(self, screenshot_dir: str | None = None, options: Options | None = None,
                 hands: int | None = 1, tour: bool = False, seats: tuple | None = None) -> None:
        self.dir = screenshot_dir
        self.seats = seats  # people and computers (game.ui.seats.Seat); None: computers everywhere
        self.wait = 0.0  # a person's pause before their move (so a frame of their turn is drawn)
        self.handoffs = 0
        self.options = options or Options(players=2, first_to=1)
        self.hands = hands  # hands to play before stopping; None: until the match ends
        self.tour = tour and screenshot_dir is not None  # visit rules/settings/stats too
        self.saved: dict[str, str] = {}
        self.failure: str | None = None  # a picture that could not be written: the run stops and says so
        self.scene_time = 0.0
        self.last_scene = None
        self.hands_seen = 0
        self.done = False
        self.tour_left = ["rules", "settings", "stats", "options"] if self.tour else ["options"]
        self.rng = random.Random(1)

    def shot(self, app: "App", name: str) -> None:
        if self.dir is None or name in self.saved:
            return
        path = os.path.join(self.dir, f"{len(self.saved) + 1:02d}-{name}.png")
        app.manager.draw(app.surface)
        picture = io.BytesIO()
        pygame.image.save(app.surface, picture, path)   # (the name says PNG)
        try:   # written by Python, so a full disk or a folder in the picture's place is an OSError that says why
            os.makedirs(self.dir, exist_ok=True)
            with open(path, "wb") as f:
                f.write(picture.getvalue())
        except OSError as exc:   # not the error screen and minutes of frames: the run ends here
            self.failure = f"cannot save the picture {path}: {exc.strerror or exc}"
            app.running = False
            return
        self.saved[name] = path

    def press(self, app: "App", key: int) -> None:
        from game.ui.inputmap import Key  # noqa: PLC0415

        app.manager.handle_event(Key(key))

    def update(self, app: "App", dt: float) -> None:
        scene = app.scene
        if scene is None:
            return
        if scene is not self.last_scene:
            self.last_scene = scene
            self.scene_time = 0.0
        self.scene_time += dt
        name = scene.name
        if name == "menu":
            if self.scene_time > 0.3:
                self.shot(app, "menu")
                nxt = self.tour_left.pop(0) if self.tour_left else "options"
                key = {"rules": pygame.K_r, "settings": pygame.K_a, "stats": pygame.K_e, "options": pygame.K_n}[nxt]
                self.press(app, key)
        elif name in ("rules", "settings", "stats"):
            if self.scene_time > 0.2:
                self.shot(app, name)
                self.press(app, pygame.K_ESCAPE)
        elif name == "options":
            if self.scene_time > 0.2:
                self.shot(app, "options")
                from game.ui.scenes.common import start_game  # noqa: PLC0415

                app.manager.switch(start_game(app, self.options, self.seats))
        elif name == "deal":
            if scene.table.model.muestra is None and sum(len(h) for h in scene.table.model.hands) >= 3:
                self.shot(app, "deal")
        elif name == "handoff":  # a person takes the device: a tap, as a person would
            if self.scene_time > scene.GUARD + 0.1:
                self.shot(app, "handoff")
                self.handoffs += 1
                self.press(app, pygame.K_RETURN)
        elif name == "play":
            self.play_person(app, scene, dt)
            table = scene.table
            if len(table.model.table) >= 2 and table.highlight is not None:
                self.shot(app, "trick")
            hand = app.session.hand
            if hand.swaps and "swap" not in self.saved and table.model.muestra == hand.swaps[0].gave:
                mx, my = app.layout.table.muestra
                v = table.views.get(int(hand.swaps[0].gave))
                if v is not None and 60 < abs(v.x - mx) + abs(v.y - my) < 400:
                    self.shot(app, "swap")
            if self.scene_time > 0.8 and len(hand.tricks) >= 1 and "play" not in self.saved:
                self.shot(app, "play")
        elif name == "scoring":
            if not scene.counting and self.scene_time > 0.2:
                self.shot(app, "scoring")
                if self.scene_time > 1.0:
                    self.hands_seen += 1
                    if app.session.match.over:
                        self.press(app, pygame.K_RETURN)  # to the end of the match
                    elif self.hands is not None and self.hands_seen >= self.hands:
                        self.stop(app)
                    else:
                        self.press(app, pygame.K_RETURN)
        elif name == "match_end":
            if self.scene_time > 0.3:
                self.shot(app, "match_end")
                self.stop(app)

    def stop(self, app: "App") -> None:
        self.done = True
        app.running = False

    def play_person(self, app: "App", scene, dt: float) -> None:
        """A person's turn (with the device): their move is the hint engine's; now and then a seña."""
        session = app.session
        if not session.human_to_move() or scene.show_last:
            self.wait = 0.0
            return
        self.wait += dt
        if self.wait < 0.25:
            return
        self.wait = 0.0
        for rank in (1, 3, 12):
            if self.rng.random() < 0.3:
                scene.give_sena(rank)
        move, _reason = session.hint()
        scene.play(move)
