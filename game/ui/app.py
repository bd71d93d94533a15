"""The app: owns the clock, the window, input, shared resources, the layout and the scene manager.

Why: one place turns raw events into logical input, advances the current scene by frame time,
draws it to one logical surface (its size comes from the layout, chosen from the screen) and
scales that to the window. Everything here can run under the dummy video driver and be stepped
frame by frame with a fixed ``dt`` by tests. It is also the one error boundary: a failure in any
scene is reported once and shown on the screen in the player's language, never a blank canvas.
"""

from __future__ import annotations

import asyncio
import math
import sys
import time
import traceback
from typing import Any, Callable, Iterable

import pygame

from game.ui.i18n import Words
from game.ui.inputmap import Dropped, InputMapper, Key, Pointer, Quit, Resize, TextInput
from game.ui.persist import SPEEDS, Store
from game.ui.save_news import ELSEWHERE
from game.ui import layout as layouts
from game.ui import web
from game.ui import scenes  # noqa: F401  (importing the package registers every scene)
from game.ui.scene import Go, Scene, SceneManager
from game.ui.feel import TurnBuzz
from game.ui.sound import DEFAULT_VOLUME, RATE, Sounds
from game.ui.widgets import held_buttons, hold_again, page_hardly_changed
from game.ui.sprites import SpriteCache, make_art
from game.ui.text import Typography
from game.ui.viewport import Viewport

BROWSER = sys.platform == "emscripten"
#: The longest step the pictures and the timers take at once (seconds): a card's flight, the baza's
#: sweep and the computer's pause are timed in steps no longer than this.
FRAME_DT_MAX = 0.1
#: A frame up to this long (seconds: a slow phone drawing two to nine frames a second) is played at
#: its real length, in steps of FRAME_DT_MAX at most; a longer one is a stall (a hidden tab, a phone
#: asleep, a page busy) and counts as one step of FRAME_DT_MAX, so nothing jumps or is skipped. Until
#: the thirty-eighth session every frame counted FRAME_DT_MAX at most: at four frames a second a hand
#: took 2.5 times as long, the computer's pause too (an outside tester's faked clock, clock38).
FRAME_PLAYED_MAX = 0.5
#: With no input and nothing moving by itself (``Scene.moving``), the frame loop draws (and hands the
#: browser a new canvas) only every IDLE_EVERY-th frame: 15 a second instead of 60 while a person
#: thinks over a card; every frame still updates (bots think, timers run) and yields.
IDLE_EVERY = 4
#: The settings that act at once (``App._apply_setting``): the words, the sound, its volume, the text's size.
APPLIED = ("lang", "sound", "volume", "large_text")
#: A still frame draws card faces ahead (``App._warm``) while it has used less than this (seconds; a
#: frame not drawn at least one face): a face costs 2-9 ms here, and a 30 fps frame on a slow phone
#: has about 4 ms of this machine's time.
WARM_BUDGET = 0.0015
#: How often (seconds) the table of a saved match looks whether another window changed it.
WATCH_EVERY = 1.0
#: The scenes at the table of a match, where that is watched (``App._watch_match``).
MATCH_SCENES = ("deal", "play", "handoff", "scoring")
#: Where a file dropped on the window is taken as a copy of the player's data (away from a match and its
#: setting up: the screens to read and the settings).
DROP_SCENES = ("menu", "settings", "stats", "history", "rules")
#: Events of coming back to this window (then the stored match is looked at before any input).
BACK_EVENTS = {getattr(pygame, name, -1) for name in ("WINDOWFOCUSGAINED", "WINDOWSHOWN", "WINDOWRESTORED")} - {-1}
#: The person's input (dropped when it was meant for a match another window has gone on with).
INPUT_EVENTS = {pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                pygame.MOUSEWHEEL, pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION}


class App:
    """The game application. ``window=False`` builds it without touching the display (tests)."""

    def __init__(self, store: Store | None = None, *, window: bool = True, autoplay: bool = False,
                 seed: int | None = None, director: Any = None, size: tuple[int, int] | None = None,
                 catch_errors: bool = False) -> None:
        # pygame.init() opens the mixer at 44.1 kHz, so Sounds never chose its own rate: each sound
        # took twice the work to make, 25-43 ms a frame for the fanfare here, more in a browser
        try:
            pygame.mixer.pre_init(RATE, -16, 2, 512)
        except Exception:  # a pygame built without its mixer: the game plays silently
            pass
        pygame.init()
        self.browser = BROWSER
        self.store = store if store is not None else Store()
        self.settings = self.store.load_settings()
        self.stats = self.store.load_stats()
        self.words = Words(self.settings["lang"])
        self._in_use = {name: self.settings.get(name) for name in APPLIED}   # (``_apply_settings``)
        self.typo = Typography()
        self.screen: pygame.Surface | None = None
        self.window_size = size or layouts.DESIGN  # the screen the layout is made for (CSS px in a browser)
        page = web.viewport() if size is None else None  # the browser: the page's drawable area
        self.by_finger = bool(page is not None and page.coarse)   # no keys shown (a tablet held sideways)
        if page is not None:
            self.window_size = (page.width, page.height)
        self.layout = self._compute(self.window_size)
        if window:
            self.screen = self._open_window()
            self.window_size = size or (self.window_size if page is not None else self.screen.get_size())
            self.layout = self._compute(self.window_size)
        self.typo.configure(1.0, self.layout.font_floor, self.layout.text_scale)
        self.surface = self._new_surface()
        self.viewport = Viewport(self.screen.get_size() if self.screen is not None else self.layout.size, self.layout.size)
        self.sprites = SpriteCache(make_art(big=self.layout.text_scale > 1))   # large text: taller card numbers
        # In the browser no sound before the first tap, click or key (browsers refuse it before a gesture).
        self.sounds = Sounds(self.settings["sound"], self.settings.get("volume", DEFAULT_VOLUME), locked=self.browser)
        self.buzz = TurnBuzz()  # a short vibration once per turn of a person (phones)
        self.input = InputMapper(self.layout.tap_wander)   # (as the play scene takes a tap)
        self.text_input = TextInput()   # on while a scene has a name being typed (``Scene.text_box``)
        self.manager = SceneManager(self)
        self.autoplay = autoplay
        self.seed = seed
        self.director = director
        self.running = True
        self.frames = 0
        self._drawn: tuple = (None, None)   # the scene and layout of the last picture drawn
        self._idle = 0   # frames since then left undrawn (step(idle_ok=True)); IDLE_EVERY - 1: draw the next
        self._watched = 0.0   # seconds at a saved match's table since the last look at the stored match
        self._scene_seen = None   # the scene of the last frame: a new one retries the writes that failed
        self._wanted: tuple = ()   # what the faces drawn ahead were chosen for (``_warm``)
        self.session = None  # the match being played, if any (a property: see below)
        self._scaled: pygame.Surface | None = None
        # The error boundary: a game started by main.py shows a failure on the screen; tests and
        # tools building an App want it raised.
        self.catch_errors = bool(catch_errors)
        self.failure: BaseException | None = None
        self.on_failure: list[Callable[[BaseException], None]] = []  # e.g. tell the web page

    # --- window -----------------------------------------------------------------------------
    def _open_window(self) -> pygame.Surface:
        pygame.display.set_caption("Brisca")
        if self.browser:
            return pygame.display.set_mode(self.layout.size)  # the page scales the canvas
        from game.ui.desktop.window import open_window  # noqa: PLC0415  (desktop only)

        return open_window(self.window_size)  # the picture is scaled into it (--size WxH: a phone's shape)

    def _compute(self, size: tuple[int, int]) -> "layouts.Layout":
        senas, players = self._table_shape()
        return layouts.compute(size, large_text=bool(self.settings.get("large_text", False)),
                               senas=senas, players=players, sena_chars=len(self.t("sena.give")),
                               by_finger=self.by_finger)

    def _table_shape(self) -> tuple[bool, int | None]:
        """What of the match on shapes the table's layout: whether it keeps a row for the señas (no
        match — the menus — or one with señas on), and the number of players (None: no match)."""
        session = self.session
        if session is None:
            return True, None
        return session.senas_on(), session.rules.players

    @property
    def session(self) -> Any:
        """The Session of the match being played, if any."""
        return getattr(self, "_session", None)

    @session.setter
    def session(self, value: Any) -> None:
        before = self._table_shape()
        self._session = value
        # a match whose table is shaped otherwise (the señas' row, the number of players): relayout;
        # none (a match left) changes nothing until the next one: the screen on may still be its table
        if hasattr(self, "manager") and value is not None and self._table_shape() != before:
            self.resize(self.window_size, force=True)

    def _new_surface(self) -> pygame.Surface:
        surface = pygame.Surface(self.layout.size)
        return surface.convert() if self.screen is not None else surface

    def resize(self, size: tuple[int, int], force: bool = False) -> None:
        """The window (or the page's viewport) is now ``size``: choose the layout again."""
        if size[0] <= 0 or size[1] <= 0:
            return
        if self.screen is not None and not self.browser:
            self.screen = pygame.display.get_surface() or self.screen
        self.window_size = size
        old = self.layout
        self.layout = self._compute(size)
        self.typo.configure(1.0, self.layout.font_floor, self.layout.text_scale)
        self.sprites.set_big(self.layout.text_scale > 1)   # the cards' corner numbers grow with the words
        if self.layout.size != old.size:
            if self.screen is not None and self.browser:
                self.screen = pygame.display.set_mode(self.layout.size)  # the page scales the canvas to the viewport
            self.surface = self._new_surface()
        screen_size = self.screen.get_size() if self.screen is not None else self.layout.size
        self.viewport = Viewport(screen_size, self.layout.size)
        self.input.slop = self.layout.tap_wander
        self._scaled = None
        if self.layout != old or force:
            scene = self.manager.scene
            held = held_buttons(scene) if scene is not None and not force else {}
            self.manager.relayout()
            # What a finger or the mouse held is let go: where it rested lies elsewhere now (a thumb on a
            # card when the phone turned played the card as it lifted over empty felt), unless the scene
            # keeps it through a change that hardly moves it (the address bar sliding by a pixel let a
            # dragged card go, and the drag lifted over the table played nothing)
            if force or scene is None or not scene.keeps_press(old):
                # a finger's tap still acts as it lifts where it went down (a row, a key: they act on the lift)
                # when the window hardly changed (the address bar sliding: the tap did nothing, round 39's review)
                bar = not force and page_hardly_changed(old, self.layout)
                self.input.reset(tap=bar)
                self.manager.handle_event(Pointer("cancel", (-1, -1), 0))
            if scene is self.manager.scene and held:   # a button held stays held if it hardly moved
                hold_again(scene, held, old, self.layout)

    # --- settings -------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return SPEEDS.get(self.settings.get("speed", "normal"), 1.0)

    def set_setting(self, key: str, value: Any) -> None:
        """Change one setting, at once, and save the settings (with what another window of the game
        changed since and this one did not, taken in: ``Store.save_settings``)."""
        self.settings[key] = value
        self.store.save_settings(self.settings)
        self._apply_settings(key)

    def take_in_settings(self) -> None:
        """The settings another window of the game changed since, taken in and in use (at every
        change of scene: a language chosen in another tab is this one's from its next screen).
        Those a scene's own save took in (the new-game screen's, the seats screen's: each calls
        ``Store.save_settings``, which takes them in first) are put in use here too: they differ
        from what is in use, though no longer from what is stored."""
        before = dict(self.settings)
        self.store.take_in_settings(self.settings)
        self._apply_settings()
        if self.settings != before:
            self.manager.relayout()   # words of another length

    def reload_saved(self) -> None:
        """Everything read again from the store (a copy of the player's data brought back): the
        settings in use at once, the statistics, and no match held here (the menu offers the saved one)."""
        self.settings = self.store.load_settings()
        self.stats = self.store.load_stats()
        self.session = None
        before = dict(self._in_use)
        self._apply_settings()
        if self._in_use != before:
            self.manager.relayout()

    def _apply_settings(self, key: str | None = None) -> None:
        """Put in use the settings that act at once, where they differ from those in use (and ``key``)."""
        for name in APPLIED:
            if name == key or self.settings.get(name) != self._in_use.get(name):
                self._apply_setting(name, self.settings.get(name))
        self._in_use = {name: self.settings.get(name) for name in APPLIED}

    def _apply_setting(self, key: str, value: Any) -> None:
        if key == "lang":
            self.words = Words(value)
            self.resize(self.window_size, force=True)   # words of another length: the señas' title
        if key == "sound":
            self.sounds.enabled = bool(value)
        if key == "volume":
            self.sounds.set_volume(DEFAULT_VOLUME if value is None else value)  # every sound, at once (none
            # stored, as in a copy brought back from a device where it was never touched: the default)
        if key == "large_text":
            self.resize(self.window_size, force=True)

    def t(self, key: str, **fmt: object) -> str:
        return self.words.t(key, **fmt)

    # --- frames ---------------------------------------------------------------------------------
    def start(self, scene: "Scene | Go") -> None:
        self.manager.switch(scene)

    def go(self, name: str, **args: Any) -> None:
        """Switch to the scene called ``name`` now (from outside a scene: launch, director, tests)."""
        self.manager.switch(Go(name, **args))

    @property
    def scene(self) -> Scene | None:
        return self.manager.scene

    def feed(self, raw_events: Iterable[pygame.event.Event]) -> None:
        raw_events = list(raw_events)
        self.input.frame(raw_events)
        dropped: list[str] = []   # files dropped on the window in this frame (several at once: listed)
        for raw in raw_events:
            if raw.type == pygame.FINGERDOWN and not self.by_finger:   # played by finger from now on:
                self.by_finger = True                                  # the keys' help goes
                self.resize(self.window_size, force=True)
            for event in self.input.map(raw, self.viewport):
                if isinstance(event, Quit):
                    self.running = False
                elif isinstance(event, Resize):
                    self.resize(event.size)
                elif isinstance(event, Dropped):   # a copy of the player's data, offered on its screen
                    dropped.append(event.path)
                else:
                    if self.sounds.locked and (isinstance(event, Key) or (isinstance(event, Pointer) and event.kind == "down")):
                        self.sounds.unlock()  # the first gesture: the browser lets sound play from now on
                    if isinstance(event, Key) and event.key == pygame.K_F11 and not self.browser and self.screen:
                        from game.ui.desktop.window import toggle_fullscreen  # noqa: PLC0415

                        toggle_fullscreen()
                        continue
                    self.manager.handle_event(event)
        if dropped:
            self.offer_dropped(dropped)

    def offer_dropped(self, paths: list[str]) -> None:
        """Files dropped on the window: one offered on the backup screen, several listed there to
        choose from (two dropped together offered the last, the other ignored without a word)."""
        scene = self.manager.scene
        if scene is not None and scene.name == "backup" and len(paths) == 1:
            self.manager.handle_event(Dropped(paths[0]))
        elif scene is not None and scene.name in (*DROP_SCENES, "backup"):
            self.manager.switch(Go("backup", dropped=paths[0] if len(paths) == 1 else paths))
        elif scene is not None:   # a question, a match: not taken, but said (it was ignored without a word)
            fmt = {"settings": self.t("set.title"), "backup": self.t("set.backup")}
            scene.dropped_aside(self.t("backup.drop_aside", **fmt), self.t("backup.drop_aside_short", **fmt))

    def step(self, dt: float, raw_events: Iterable[pygame.event.Event] = (), idle_ok: bool = False) -> bool:
        """One frame: input, update, draw to the logical surface (no window needed). With
        ``idle_ok`` (the frame loop) a frame with no input where nothing moves and nothing changed
        since the last picture is not drawn, but every IDLE_EVERY-th; True when it was drawn."""
        if self.failure is not None:
            self._draw_failure()
            self.frames += 1
            return True
        start = time.perf_counter()
        raw_events = list(raw_events)
        drawn = True
        self.sounds.new_frame()
        try:
            if self.browser and self.frames % 10 == 0:
                page = web.viewport_changed()  # no resize events in the browser: ask the page
                if page is not None and (page.width, page.height) != self.window_size:
                    self.resize((page.width, page.height))
            # Back from a long stall (a hidden tab is given no frames, a phone asleep) or from another
            # window (perhaps of this game): the stored match is looked at before the person's input,
            # which, if another window went on with it, was meant for a stale table and is dropped.
            if dt > WATCH_EVERY or any(raw.type in BACK_EVENTS for raw in raw_events):
                self._watched = WATCH_EVERY
                if self._watch_match(0.0):
                    raw_events = [raw for raw in raw_events if raw.type not in INPUT_EVENTS]
            real = dt if dt > 0 else 0.0   # (NaN: no time)
            self.input.clock += real   # (a second finger's tap is timed as it passed)
            self.manager.tick(real)    # (and a tap on a screen: by the time up to this frame)
            self.feed(raw_events)
            played = real if real <= FRAME_PLAYED_MAX else FRAME_DT_MAX
            steps = max(1, math.ceil(played / FRAME_DT_MAX - 1e-9))
            for _ in range(steps):
                if self.director is not None:
                    self.director.update(self, played / steps)
                self.manager.update(played / steps, 0.0)
            self._watch_match(played)
            scene = self.manager.scene
            box = scene.text_box() if scene is not None else None
            self.text_input.want(self.viewport.to_window(box) if box is not None else None)
            if scene is not self._scene_seen:   # a full disk or a quota may have let go since (a move
                self._scene_seen = scene        # made then, resumed from memory, is otherwise kept
                self.store.retry()              # only until the next move)
                self.store.newer_match()        # (a newer version's match gone or replaced: held no longer)
                self.take_in_settings()
            moving = scene is not None and scene.moving()
            if (idle_ok and not raw_events and not moving and self._idle < IDLE_EVERY - 1
                    and self._drawn == (scene, self.layout)):
                self._idle += 1
                drawn = False
            else:   # while something moves, the next frame is drawn too: where it comes to rest
                self.manager.draw(self.surface)
                self._drawn, self._idle = (scene, self.layout), IDLE_EVERY - 1 if moving else 0
            if not moving:
                self._warm(start, drawn)
        except Exception as exc:  # the one error boundary: every scene's failure ends here
            if not self.catch_errors:
                raise
            self.fail(exc)
        self.frames += 1
        return drawn

    def _warm(self, start: float, drawn: bool) -> None:
        """A still frame: card faces the next frames will show drawn ahead, within WARM_BUDGET of the
        frame (a frame not drawn draws one at least), so that no frame of cards moving or of the count
        draws one: the sizes of this layout's table (and, a hand being played, its count's), chosen
        again for a new layout (a phone turned, large text, another language) and after each baza."""
        if self.sounds.worked:   # a piece of a sound made in this frame (the menu): its share of work
            return
        session = self.session
        hand = session.hand if session is not None else None
        wanted = (self.layout, hand, len(hand.tricks) if hand is not None else 0)
        if any(a is not b for a, b in zip(wanted, self._wanted)) or not self._wanted:
            self._wanted = wanted
            self.sprites.want(self.faces_ahead())
        first = [not drawn]
        self.sprites.warm(lambda: first.pop() if first else time.perf_counter() - start < WARM_BUDGET)

    def faces_ahead(self) -> list[tuple[float, Any]]:
        """The faces to draw ahead (``SpriteCache.want``), most needed first: the person's cards in
        the hand and on the table, the muestra (and the card a cambio puts there), every card there,
        the count's and the last baza's. No match yet (the menu): any card may be the muestra."""
        from game.cards import Card  # noqa: PLC0415
        from game.ui.scenes.scoring import count_faces  # noqa: PLC0415

        geo, deck = self.layout.table, [Card(i) for i in range(40)]
        session = self.session
        if session is None:
            return [(geo.hand_scale, deck), (geo.stock_scale, [None] + deck), (geo.table_scale, deck),
                    (self.layout.hud.overlay_scale, deck)]
        hand = session.hand
        swap = hand.rules.swap_card_for(hand.last_muestra)
        mine = [*hand.hand_of(session.viewer), hand.last_muestra] + ([swap] if swap is not None else [])
        faces = [(geo.hand_scale, mine), (geo.stock_scale, [None] + mine), (geo.table_scale, mine),
                 (geo.hand_scale, deck), (geo.table_scale, deck)]
        if not hand.over:
            faces += count_faces(self)
        return faces + [(self.layout.hud.overlay_scale, deck)]

    def _watch_match(self, dt: float) -> bool:
        """At the table of a saved match, every WATCH_EVERY seconds and after a save refused: has
        another window of the game (a second tab, the home-screen app) gone on with it, ended it or
        started another? Then this window's copy is stale: it goes to the menu, which says so and
        offers what is stored now, instead of writing over the moves made there at its next move."""
        session, scene = self.session, self.manager.scene
        if (session is None or session.demo or session.lesson or scene is None
                or scene.name not in MATCH_SCENES):
            self._watched = 0.0
            return False
        self._watched += dt
        stale = (self._watched >= WATCH_EVERY or ELSEWHERE in self.store.problems) and self.store.match_elsewhere()
        if stale:
            self.manager.switch(Go("menu"))
        if self._watched >= WATCH_EVERY:
            self._watched = 0.0
        return stale

    def fail(self, exc: BaseException) -> None:
        """Report a failure once (stderr, listeners such as the web page) and show it on screen."""
        self.failure = exc
        traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
        for listener in self.on_failure:
            try:
                listener(exc)
            except Exception:  # a listener must not hide the first failure
                traceback.print_exc()
        self._draw_failure()

    def _draw_failure(self) -> None:
        from game.ui import look  # noqa: PLC0415

        surface, lay = self.surface, self.layout
        surface.fill(look.FELT_DARK)
        detail = f"{type(self.failure).__name__}: {self.failure}"[:160]
        lines = [(self.t("error.title"), 44, look.GOLD), (self.t("error.what_to_do"), 28, look.CREAM), (detail, 20, look.MUTED)]
        y = lay.h // 2 - 80
        for text, size, color in lines:
            for line in self.typo.wrap(text, size, lay.w - 80):
                self.typo.blit(surface, line, (lay.cx, y), size, color, anchor="midtop")
                y += size + 8
            y += 12

    def present(self) -> None:
        if self.screen is None:
            return
        if self.browser or self.screen.get_size() == self.layout.size:
            self.screen.blit(self.surface, (0, 0))
        else:
            x, y, w, h = self.viewport.rect
            if self._scaled is None or self._scaled.get_size() != (w, h):
                self._scaled = pygame.Surface((max(1, w), max(1, h))).convert()
            pygame.transform.smoothscale(self.surface, (max(1, w), max(1, h)), self._scaled)
            self.screen.fill((8, 30, 18))
            self.screen.blit(self._scaled, (x, y))
        pygame.display.flip()
        web.first_frame()  # the page lifts its loading screen (once; nothing off the browser)

    async def run(self, max_frames: int | None = None, fixed_dt: float | None = None) -> int:
        """The async frame loop: yields to the browser every frame (``await asyncio.sleep(0)``)."""
        clock = pygame.time.Clock()
        try:   # autoplay in a window nobody sees (the headless demo, its screenshots: SDL's dummy driver):
            unseen = (self.director is not None and not self.browser   # not scaled into it every frame
                      and pygame.display.get_driver() in ("dummy", "offscreen"))   # (a third of its time)
        except pygame.error:
            unseen = False
        while self.running:
            if fixed_dt is None:
                # The browser paces frames itself (one per display refresh); a frame cap there
                # would only wait inside the frame. On the desktop, 60 a second.
                dt = (clock.tick() if self.browser else clock.tick(60)) / 1000.0
            else:
                dt = fixed_dt
            # (autoplay in a window draws every frame; unseen, as the idle rule says: the director
            # draws each screenshot afresh as it saves it, so the pictures are never stale)
            if self.step(dt, pygame.event.get(), idle_ok=self.director is None or unseen):
                if unseen:
                    web.first_frame()   # (what present() tells the page, if there is one)
                else:
                    self.present()
            if max_frames is not None and self.frames >= max_frames:
                self.running = False
            await asyncio.sleep(0)
        return 0 if self.failure is None else 1

    def quit(self) -> None:
        """Leave the loop (desktop). In the browser a tab cannot be closed, so there is no quit."""
        self.running = False
