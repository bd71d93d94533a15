"""Unit tests of the interface's machinery: tweens, the scene manager, viewport and input mapping."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

import uidrive as drive
from game.ui.inputmap import InputMapper, Key, Pointer, Quit, Wheel
from game.ui.scene import Scene, SceneManager
from game.ui.tween import EASINGS, Animator, Call, Tween, Wait
from game.ui.viewport import Viewport


class Obj:
    def __init__(self) -> None:
        self.x = 0.0
        self.y = 10.0


# --- tweens -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(EASINGS))
def test_easings_start_at_0_and_end_at_1(name):
    f = EASINGS[name]
    assert f(0.0) == pytest.approx(0.0, abs=1e-9)
    assert f(1.0) == pytest.approx(1.0, abs=1e-9)


def test_tween_moves_linearly_and_lands_exactly():
    o = Obj()
    t = Tween(o, 1.0, "linear", x=100.0, y=0.0)
    t.update(0.25)
    assert o.x == pytest.approx(25.0) and o.y == pytest.approx(7.5)
    t.update(0.5)
    assert o.x == pytest.approx(75.0)
    left = t.update(0.5)
    assert t.done and o.x == 100.0 and o.y == 0.0 and left == pytest.approx(0.25)


def test_tween_delay_and_start_values_read_late():
    o = Obj()
    t = Tween(o, 1.0, "linear", delay=0.5, x=10.0)
    t.update(0.4)
    assert o.x == 0.0
    o.x = 5.0  # changed before the tween starts: it starts from here
    t.update(0.6)  # 0.1 of delay left, then 0.5 of motion
    assert o.x == pytest.approx(7.5)


def test_tween_rejects_bad_arguments():
    with pytest.raises(ValueError):
        Tween(Obj(), 1.0, "bouncy", x=1)
    with pytest.raises(ValueError):
        Tween(Obj(), -1.0, x=1)


def test_animator_runs_steps_in_order_and_items_together():
    o, p = Obj(), Obj()
    a = Animator()
    a.step(Tween(o, 1.0, "linear", x=10.0), Tween(p, 0.5, "linear", x=10.0))
    a.step(Tween(o, 1.0, "linear", y=0.0))
    a.update(0.5)
    assert o.x == pytest.approx(5.0) and p.x == 10.0 and o.y == 10.0
    a.update(0.75)  # finishes step 1 (0.5 left), 0.25 into step 2
    assert o.x == 10.0 and o.y == pytest.approx(7.5)
    assert a.busy
    a.update(1.0)
    assert not a.busy and o.y == 0.0


def test_animator_call_builds_tweens_when_its_step_starts():
    o = Obj()
    a = Animator()
    a.step(Tween(o, 1.0, "linear", x=10.0))
    a.step(Call(lambda: [Tween(o, 1.0, "linear", x=o.x * 2)]))  # reads x only when run
    a.update(1.0)
    a.update(0.5)
    assert o.x == pytest.approx(15.0)
    a.update(0.5)
    assert o.x == 20.0


def test_instant_speed_and_finish_all_snap_to_the_end():
    o = Obj()
    log = []
    a = Animator(speed=0)
    a.step(Tween(o, 5.0, x=3.0), Call(lambda: log.append("c")))
    a.step(Wait(10.0))
    a.update(1 / 60)
    assert o.x == 3.0 and log == ["c"] and not a.busy
    b = Animator(speed=1.0)
    b.step(Tween(o, 5.0, x=9.0))
    b.step(Call(lambda: [Tween(o, 5.0, y=-1.0)]))
    b.update(0.1)
    b.finish_all()
    assert o.x == 9.0 and o.y == -1.0 and not b.busy


def test_speed_scales_time():
    o = Obj()
    a = Animator(speed=2.0)
    a.step(Tween(o, 1.0, "linear", x=10.0))
    a.update(0.25)
    assert o.x == pytest.approx(5.0)


# --- scene manager ----------------------------------------------------------------------------
class Recorder(Scene):
    def __init__(self, app, name, log, nxt=None):
        super().__init__(app)
        self.name, self.log, self.nxt = name, log, nxt

    def startup(self):
        self.log.append(("start", self.name))

    def cleanup(self):
        self.log.append(("stop", self.name))

    def handle_event(self, event):
        if isinstance(event, Key) and event.key == pygame.K_RETURN:
            return self.nxt
        return None

    def update(self, dt):
        if self.time > 1.0:
            return self.nxt
        return None


def test_manager_switches_on_returned_scene_only():
    log = []
    m = SceneManager()
    c = Recorder(None, "c", log)
    b = Recorder(None, "b", log, c)
    a = Recorder(None, "a", log, b)
    m.switch(a)
    m.handle_event(Key(pygame.K_SPACE))
    m.update(0.5)
    assert m.scene is a
    m.handle_event(Key(pygame.K_RETURN))
    assert m.scene is b
    m.update(0.6)
    assert m.scene is b
    m.update(0.6)  # b has now lived 1.2 s
    assert m.scene is c
    assert log == [("start", "a"), ("stop", "a"), ("start", "b"), ("stop", "b"), ("start", "c")]
    assert list(m.history) == ["a", "b", "c"]


# --- viewport and input ------------------------------------------------------------------------
def test_viewport_letterbox_and_mapping():
    v = Viewport((1920, 1200))  # taller than 16:9: bars top and bottom
    assert v.scale == pytest.approx(1.5)
    assert v.rect == (0, 60, 1920, 1080)
    assert v.to_logical((960, 600)) == (640, 360)
    assert v.to_logical((0, 60)) == (0, 0)
    assert not v.inside(v.to_logical((10, 10)))  # in the bar
    w = Viewport((800, 720))  # narrower: bars left and right
    x, y, ww, hh = w.rect
    assert (ww, hh) == (800, 450) and y == 135
    assert w.to_logical((400, 360)) == (640, 360)
    assert Viewport((1280, 720)).to_logical((123, 456)) == (123, 456)


def test_an_odd_pointer_position_maps_beyond_the_edge_and_a_frame_with_it_runs():
    """Synthetic events with NaN, infinite or huge coordinates raised in the mapping (int() of NaN,
    an overflow) or in pygame's rectangles (a 1e12 px point): held a screen beyond the edge now."""
    v = Viewport((1280, 720))
    for pos, want in (((float("nan"), 5), (-1280, 5)), ((float("inf"), 5), (-1280, 5)),
                      ((1e20, 1e12), (2560, 1440)), ((-1e20, 10), (-1280, 10))):
        assert v.to_logical(pos) == want
    from game.storage import MemoryBackend, Storage
    from game.ui.app import App
    from game.ui.persist import Store

    app = App(Store(Storage(MemoryBackend())), window=False, seed=1)
    app.go("menu")
    for x, y in ((float("nan"), 0.5), (float("inf"), 0.5), (1e12, 0.5), (0.5, -1e12)):
        app.step(1 / 30, [drive.finger(pygame.FINGERDOWN, (x * 1280, y * 720)),
                          drive.finger(pygame.FINGERUP, (x * 1280, y * 720)),
                          pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(1e20, 0.5), button=1, touch=False)])
    assert app.scene.name == "menu"


def test_touch_gives_exactly_one_press_and_release():
    mapper = InputMapper()
    v = Viewport((1280, 720))
    out = []
    for ev in drive.tap((640, 360)):
        out += mapper.map(ev, v)
    # the release says where the tap began (rows and keys act on it: ``inputmap.tap_at``)
    assert out == [Pointer("down", (640, 360), 1, True), Pointer("up", (640, 360), 1, True, (640, 360))]


def test_second_finger_and_wheel_are_ignored_mouse_is_kept():
    mapper = InputMapper()
    v = Viewport((2560, 1440))
    assert mapper.map(drive.finger(pygame.FINGERDOWN, (100, 100), (2560, 1440), 1), v)[0].pos == (50, 50)
    assert mapper.map(drive.finger(pygame.FINGERDOWN, (200, 200), (2560, 1440), 2), v) == []
    assert mapper.map(drive.finger(pygame.FINGERUP, (200, 200), (2560, 1440), 2), v) == []
    assert mapper.map(drive.finger(pygame.FINGERUP, (100, 100), (2560, 1440), 1), v)[0].kind == "up"
    assert mapper.map(drive.mouse_down((100, 100), button=4), v) == []
    assert mapper.map(drive.mouse_down((1280, 720)), v) == [Pointer("down", (640, 360), 1)]
    assert mapper.map(drive.key(pygame.K_s), v) == [Key(pygame.K_s, 0)]
    assert mapper.map(pygame.event.Event(pygame.QUIT), v) == [Quit()]


def test_the_wheel_turns_into_notches():
    mapper = InputMapper()
    v = Viewport((1280, 720))
    assert mapper.map(drive.wheel(2), v) == [Wheel(2)]
    assert mapper.map(drive.wheel(-1), v) == [Wheel(-1)]
    assert mapper.map(drive.wheel(1, flipped=True), v) == [Wheel(-1)]  # "natural" scrolling reports it reversed
    assert mapper.map(drive.wheel(0), v) == []  # a sideways turn only


def test_sounds_are_silent_without_a_mixer(monkeypatch):
    from game.ui import sound  # noqa: PLC0415

    def broken(*a, **k):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = sound.Sounds(enabled=True)
    assert not sounds.available
    for name in sound.Sounds.NAMES:
        sounds.play(name)  # nothing happens, nothing raises


def test_sounds_are_made_in_code_when_a_mixer_exists():
    from game.ui import sound  # noqa: PLC0415

    pygame.init()
    sounds = sound.Sounds(enabled=True)
    if pygame.mixer.get_init() is None:
        pytest.skip("no mixer even with the dummy audio driver")
    assert sounds.available and sounds.sounds == {}  # nothing made at start-up
    for name in sound.Sounds.NAMES:
        sounds.play(name)
        expected = sound.Sounds.SPECS[name][1]
        assert sounds.get(name).get_length() == pytest.approx(expected, abs=0.01), name


def test_sprite_cache_is_bounded_and_keeps_what_is_in_use():
    from game.cards import DECK  # noqa: PLC0415
    from game.ui.sprites import SpriteCache, make_art  # noqa: PLC0415

    pygame.init()
    cache = SpriteCache(make_art(), budget_bytes=16 * 1024 * 1024)
    hot = cache.get(DECK[0], 1.0, 0.0)
    hot_shadow = cache.shadow_of(hot)
    for i, card in enumerate(DECK):
        for angle in range(0, 90, 3):  # cards in flight: many in-between pictures
            img = cache.get(card, 0.62 + (i % 8) / 20, angle, 0.5)
            cache.shadow_of(img)
            assert cache.get(DECK[0], 1.0, 0.0) is hot  # used every frame: never evicted
        assert cache.bytes <= 16 * 1024 * 1024 + 2 * 200 * 1024
    assert cache.shadow_of(hot) is hot_shadow
    assert len(cache.cache) < 40 * 30


def test_damaged_saved_options_fall_back_to_defaults():
    from game.ui.session import Options  # noqa: PLC0415

    bad = Options.from_json({"players": "4", "level": "godlike", "swap_seven": "yes", "watch": "x",
                             "best_of": 5, "swap_timing": 3, "senas": None, "show_score": 1, "extra": True})
    assert (bad.players, bad.swap_seven, bad.watch, bad.first_to, bad.swap_timing, bad.senas, bad.show_score) == \
        (2, True, 1, 2, "after_win", True, True)   # best_of 5: not a length ever saved, best of three
    bad.rules()  # valid rules for the core
    assert Options.from_json(None) == Options()
    good = Options.from_json({"players": 4, "watch": 3, "best_of": 1, "swap_two": True})
    assert (good.players, good.watch, good.first_to, good.swap_two) == (4, 3, 1, True)


def test_the_won_cards_fill_the_scoring_panel():
    """The scoring panels left half a tall phone's panel empty (one or two rows, at 0.7 at most):
    the rows and the scale now follow the room, each card showing 0.3 of its width or more."""
    import math

    from game.ui.scenes.scoring import card_rows
    from game.ui.sprites import CARD_H, CARD_W

    rows, scale = card_rows(28, 640, 480, 1.2)    # 390x844: two rows at 1.17 (fourteen a row), not 0.7
    assert rows == 2 and scale > 1.1
    assert card_rows(12, 640, 480, 1.2)[0] == 1
    assert card_rows(3, 440, 320, 0.8) == (1, pytest.approx(0.8))
    for total in range(1, 41):
        for width, height in ((640, 480), (440, 320), (300, 200), (1200, 180)):
            rows, scale = card_rows(total, width, height, 1.2)
            per_row = math.ceil(total / rows)
            assert 1 <= rows <= 4 and 0.3 <= scale <= 1.2
            if scale > 0.3:   # inside the panel: the rows' height, each card 0.3 of its width showing
                assert rows * CARD_H * scale + 8 * (rows - 1) <= height + 1e-6
                assert CARD_W * scale * (1 + 0.3 * (per_row - 1)) <= width + 1e-6


def test_a_text_is_measured_once_per_size():
    """Fitting a name or a line asks a text's size again and again (every frame, every size tried):
    the measure is kept, the same as the font's, per text, real size and weight."""
    from game.ui.text import Typography

    pygame.font.init()
    typo = Typography()
    typo.configure(1.0, 12)
    calls = []
    real = typo.font

    def counting_font(px, bold=False):
        font = real(px, bold)

        class Counted:
            def size(self, text):
                calls.append(text)
                return font.size(text)
        return Counted()

    text = "Maximiliano y Guadalupe"
    typo.font = counting_font
    first = typo.size(text, 26, True)
    assert first == typo.size(text, 26, True) and len(calls) == 1
    typo.size(text, 26)   # the regular weight: measured apart
    assert len(calls) == 2
    assert typo.size(text, 20, True)[0] < first[0] and len(calls) == 3
    fresh = Typography()
    fresh.configure(1.0, 12)
    assert fresh.size(text, 26, True) == first   # what is kept is the font's own measure


def test_a_text_of_nothing_to_draw_draws_nothing_and_does_not_crash():
    """pygame-ce refuses to render text of zero-width characters only ("Text has zero width") and
    gives "" a surface 0 px wide (which smoothscale would crash on): both draw as an empty picture."""
    from game.ui.text import Typography

    pygame.font.init()
    typo = Typography()
    for scale in (1.0, 2.0):   # (2.0: drawn larger and scaled down)
        typo.configure(scale, 12)
        for text in ("", "\u200b", "\u200b\u2060"):
            img = typo.render(text, 24)
            assert img.get_width() == 1 and img.get_height() >= 1
            assert img.get_at((0, 0)).a == 0
        assert typo.render("Ana", 24).get_width() > 10


@pytest.mark.parametrize("angle", [0.0, 90.0, -90.0, 0.56, -5.6, 8.0, 30.0])
def test_a_cards_place_is_the_box_of_its_turned_picture(angle):
    """The room the layout keeps for a card (``table.card_rect``: what the hint's reason, the counting
    aid and the others' names keep clear of) is the box of the picture as drawn, turned: a played
    card turned a few degrees was planned square and its corner ran under the counting aid's panel
    (280x500 CSS px)."""
    from game.ui.scenes.table import card_rect
    from game.ui.sprites import CARD_H, CARD_W, SpriteCache, make_art

    pygame.display.set_mode((8, 8))
    sprites = SpriteCache(make_art())
    picture = sprites.get(None, 0.5, angle).get_rect(center=(300, 200))
    planned = card_rect((300, 200, angle, 0.5, 1.0))
    assert planned.inflate(4, 4).contains(picture) and picture.inflate(4, 4).contains(planned), (planned, picture)
    if angle in (0.0, 90.0):   # square to the screen: the card's own size, on its side at a quarter turn
        assert sorted(planned.size) == sorted((int(CARD_W * 0.5), int(CARD_H * 0.5)))


def test_the_texts_colours_read_on_the_lightest_felt():
    """A tester measured the level lines, notes and subtitles (MUTED) at 3.2-4.3:1 on the felt's lit
    centre, the gold labels at 3.0, a lost hand's headline at 2.3, a key's letter on a gold button at
    3.5 (WCAG asks 4.5 for text, 3 for large text). Measured here on the felt as drawn."""
    from game.ui import look

    def lum(c):
        def f(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2])

    def ratio(a, b):
        hi, lo = sorted((lum(a), lum(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    felt = look.felt((400, 300))
    lightest = max((tuple(felt.get_at((x, y)))[:3] for x in range(0, 400, 10) for y in range(0, 300, 10)), key=lum)
    for name in ("CREAM", "MUTED", "GOLD", "HILITE"):
        assert ratio(getattr(look, name), lightest) >= 4.5, (name, lightest)
    assert ratio(look.LOSS, lightest) >= 3.0   # drawn large, with a shadow
    assert ratio(look.KEY_ON_BUTTON, look.PRIMARY) >= 4.5 and ratio(look.KEY_ON_BUTTON, look.BUTTON) >= 4.5


def test_a_card_at_rest_is_drawn_at_its_size_and_a_card_in_flight_stretched():
    """The game drew one set of cards 112x172 and stretched it: a hand card on a phone (1.45 times)
    blurred, and the frame line that carries the pintas went grey (65 of 255 at 390x844, 157 on a won
    pile; 25 drawn at the size). At rest a card is drawn at its size; in flight, stretched."""
    import pygame

    from game.cards import Card
    from game.ui import sprites
    from game.ui.sprites import SpriteCache, make_art

    cache = SpriteCache(make_art())
    card = Card.parse("12O")
    exact = cache.get(card, 1.45)
    fresh = type(cache.art)(162, 249).face(card)
    assert exact.get_size() == (162, 249)
    assert pygame.image.tobytes(exact, "RGBA") == pygame.image.tobytes(fresh, "RGBA")
    stretched = cache.get(card, 1.45, exact=False)
    assert stretched.get_size() == (162, 249)
    assert pygame.image.tobytes(stretched, "RGBA") != pygame.image.tobytes(fresh, "RGBA")
    assert cache.get(card, 1.45) is exact and cache.get(None, 0.5).get_size() == (56, 86)
    for k in range(20):   # sizes come and go (a resize, another screen): a few arts are kept
        cache.get(card, 0.3 + k * 0.05)
    assert len(sprites._ARTS) <= 12


def test_the_scene_managers_history_is_bounded():
    """One name a scene switch, about 29 a hand: 6,400 after an evening, never read but by tests."""
    from game.ui.scene import HISTORY, SceneManager

    class Named(Scene):
        name = "named"

    m = SceneManager()
    for _ in range(HISTORY * 3):
        m.switch(Named(None))
    assert len(m.history) == HISTORY


def test_a_grey_buttons_label_is_readable():
    """A disabled button ("Cambiar", the señas out of turn) drew its label at 3.07:1 on its grey, hard
    to read with weak eyes even when the button is not needed: 4.5:1 (WCAG's body text) at least."""
    from game.ui import look

    def luminance(rgb):
        def channel(v):
            v /= 255
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        r, g, b = (channel(v) for v in rgb[:3])
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(look.BUTTON_OFF), luminance(look.INK_OFF)), reverse=True)
    assert (hi + 0.05) / (lo + 0.05) >= 4.5
    assert look.INK_OFF != look.INK and look.BUTTON_OFF != look.BUTTON   # still told from an enabled one


@pytest.mark.parametrize("touch", [False, True])
def test_a_greyed_button_ignores_a_tap_and_its_key(touch):
    """A greyed button is one that means nothing now ("Borrar estadísticas" with nothing to erase):
    the statistics screen acts on what the bar returns, so a greyed button that answered a tap would
    ask to erase nothing. The one beside it still answers."""
    from game.ui.widgets import Button, ButtonBar

    grey = Button(pygame.Rect(0, 0, 100, 50), "stats.reset", "reset", pygame.K_DELETE, enabled=False)
    back = Button(pygame.Rect(200, 0, 100, 50), "common.back", "back", pygame.K_ESCAPE)
    bar = ButtonBar([grey, back], keys_move_focus=True)

    def tap(pos):
        return [bar.handle(Pointer(kind, pos, 1, touch)) for kind in ("move", "down", "up")]

    assert tap((10, 10)) == [None, None, None] and bar.hover is None
    assert bar.handle(Key(pygame.K_DELETE)) is None
    assert tap((210, 10)) == [None, None, "back"] and bar.handle(Key(pygame.K_ESCAPE)) == "back"
    bar.move_focus(1)   # the keys' focus skips the greyed button
    assert bar.handle(Key(pygame.K_RETURN)) == "back"


def test_a_finger_lifted_leaves_no_button_lit_and_the_mouse_keeps_its_hover():
    """A finger that wobbled a pixel on "Pista" and lifted left it in its lit (hover) colour until a
    finger next moved: a finger lifted is over no button, as the guided tips' buttons have it. The
    mouse still sits over the button it clicked, which stays lit."""
    from game.ui.widgets import Button, ButtonBar

    hint = Button(pygame.Rect(0, 0, 100, 50), "play.hint", "hint", pygame.K_h)
    bar = ButtonBar([hint])
    for touch in (True, False):
        acts = [bar.handle(Pointer(kind, pos, 1, touch))
                for kind, pos in (("down", (50, 25)), ("move", (51, 26)), ("move", (49, 26)), ("up", (50, 25)))]
        assert acts == [None, None, None, "hint"] and bar.pressed is None
        assert bar.hover is (None if touch else hint)


def test_a_layout_is_the_same_whatever_layouts_were_computed_before_it(monkeypatch):
    """A layout measures its lines' heights (a side player's name and level, the trump panel's lines, the
    keys' help) from fonts it caches by their px: the same window and text size laid out after others
    at other scales and text sizes is the one laid out alone (mutation audit, mut40: the cache keyed by
    design size handed a large text layout the small text's heights, and passed every test)."""
    from game.ui import layout   # noqa: PLC0415
    kinds = [dict(window=(844, 390), large_text=True), dict(window=(1280, 720), large_text=True),
             dict(window=(844, 390)), dict(window=(1280, 720))]
    for kind in kinds:
        monkeypatch.setattr(layout, "_metrics", {})
        alone = layout.compute(**kind)
        for other in kinds:
            layout.compute(**other)
        monkeypatch.setattr(layout, "_metrics", {})
        for other in reversed(kinds):
            layout.compute(**other)
        assert layout.compute(**kind) == alone, kind
