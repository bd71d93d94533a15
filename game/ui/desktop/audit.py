"""The layout audit: every scene drawn on a screen of W x H CSS px, measured as fingers and eyes meet it.

Why: a layout can look right on the screen it was drawn on and fail on a phone. This renders every
scene (menu, new game, settings, rules, statistics, deal, play with 2, 3 and 4 players, the last
baza, scoring with 2, 3 and 4 panels, and any other registered scene that can be opened by name)
with the app's own code at a given screen size, and measures in CSS px:

* the smallest tap target (buttons, what a tap on an option row must hit): at least 44 x 44;
* the shortest text (letters' ascent + descent): at least 12 px tall;
* the cards in the player's hand: at least 70 px wide;
* that text and buttons lie inside the screen, texts do not run into each other, buttons do not
  overlap, and the picture fills the screen (no band wider than 2% of a side);
* that every won pile at its largest lies on the screen, clear of everything else the table shows.

A desktop tool (it writes PNGs with ``--shots``), so it lives in ``game/ui/desktop``.
``python -m game.ui.layout --size 390x844 [--large]`` prints one line per scene and exits 1 if any
figure is under its minimum (``--shots DIR`` also saves each scene as a PNG).
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import Any, Iterator

from game.usage import Parser
from game.ui.desktop.audit_checks import bites, hidden, piles, texts_of
from game.ui.desktop.audit_reasons import longest_reason, reason_scenes  # noqa: F401  (longest_reason: the tests')
from game.ui.i18n import ends_in_ellipsis
from game.ui.layout import parse_size

SIZES = ((390, 844), (844, 390), (320, 568), (568, 320), (768, 1024), (1280, 720), (1920, 1080),
         (320, 480))   # (the smallest phone: a hint's reason with four players finds room only in parts)


@dataclass
class Report:
    """What one scene measured; sizes in CSS px."""

    scene: str
    tap: float = float("inf")
    text: float = float("inf")
    card: float = float("inf")
    problems: list[str] = field(default_factory=list)
    cut: list[str] = field(default_factory=list)  # texts drawn cut short with "…" (``--cut`` prints them)

    def line(self) -> str:
        fmt = lambda v: "-" if v == float("inf") else f"{v:.1f}"  # noqa: E731
        status = "ok" if not self.problems else "FAIL: " + "; ".join(self.problems[:4])
        return f"  {self.scene:<22} tap {fmt(self.tap):>6}  text {fmt(self.text):>5}  hand card {fmt(self.card):>6}  {status}"


def make_app(size: tuple[int, int], large: bool = False, lang: str = "es") -> Any:
    """An app on a screen of ``size`` CSS px, in memory (no window, no saves touched), in ``lang``."""
    from game.storage import MemoryBackend, Storage  # noqa: PLC0415
    from game.ui.app import App  # noqa: PLC0415
    from game.ui.persist import Store  # noqa: PLC0415

    app = App(Store(Storage(MemoryBackend())), window=False, size=size, seed=7, catch_errors=False)
    app.settings["large_text"] = large
    app.settings["speed"] = "instant"
    app.set_setting("lang", lang)
    app.resize(size, force=True)
    return app


def measure(app: Any, name: str) -> Report:
    """Draw the current scene once and measure it."""
    from game.ui.widgets import ButtonBar  # noqa: PLC0415

    lay = app.layout
    css = lay.css_scale
    rep = Report(name)
    scene = app.scene
    app.typo.record, app.typo.shortened = [], []
    try:
        scene.draw(app.surface)
        record = app.typo.record
        rep.cut = [t for t in app.typo.shortened if not ends_in_ellipsis(app.words.lang, t)]
    finally:
        app.typo.record = app.typo.shortened = None
    texts = texts_of(record)
    screen = app.surface.get_rect().inflate(4, 4)
    for rect, px in texts:
        rep.text = min(rep.text, app.typo.font(px).get_height() * css)
        if not screen.contains(rect):
            rep.problems.append(f"text off screen at {tuple(rect)}")
    for i, (a, _pa) in enumerate(texts):
        for b, _pb in texts[i + 1:]:
            clip = a.clip(b)
            # (a paragraph's lines touch by 1 px, a line drawn 1 px taller than the font's step, 2 px
            # where it begins with an accented capital, "Últimas…": not an overlap, though a line a
            # scrolled band shows only 2 px of looks half covered)
            if clip.height > 2 and clip.width * clip.height > 0.2 * min(a.width * a.height, b.width * b.height):
                rep.problems.append(f"texts overlap at {tuple(clip)}")
    rects = []
    for widget in scene.widgets():
        if isinstance(widget, ButtonBar):
            for b in widget.buttons:
                rects.append(b.rect)
                rep.tap = min(rep.tap, min(b.rect.width, b.rect.height) * css)
        else:  # a scrolling list: the rows as far as they show; a row cut by the edge is no tap target
            view = widget.view()
            for i, _row in enumerate(widget.shown()):
                rect = widget.rect_of(i)
                if rect.colliderect(view):
                    rects.append(rect.clip(view))
                if widget.visible(i):   # what a tap must hit (the seats' arrows, not their row)
                    rep.tap = min(rep.tap, *(min(t.width, t.height) * css for t in widget.tap_targets(i)))
    for rect, _what in scene.taps():   # taps a scene draws itself (the seats screen's keys and names)
        rects.append(rect)
        rep.tap = min(rep.tap, min(rect.width, rect.height) * css)
    buttons = [b.rect for w in scene.widgets() if isinstance(w, ButtonBar) for b in w.buttons]
    for rect, _px in texts:  # a button's label stays inside it
        for b in buttons:
            if rect.colliderect(b) and not b.inflate(4, 4).contains(rect) and b.collidepoint(rect.center):
                rep.problems.append(f"a label runs out of its button at {tuple(b)}")
            elif not b.collidepoint(rect.center) and bites(rect, b, 2):   # another text under a button
                rep.problems.append(f"a text runs under a button at {tuple(rect.clip(b))}")
    rep.problems.extend(hidden(record, buttons))
    for i, a in enumerate(rects):
        if not screen.contains(a):
            rep.problems.append(f"button off screen at {tuple(a)}")
        for b in rects[i + 1:]:
            if a.colliderect(b):
                rep.problems.append(f"buttons overlap at {tuple(a.clip(b))}")
    table = getattr(scene, "table", None)
    if name.startswith("play") and table is not None:
        for card in table.model.hands[table.viewer]:
            view = table.views.get(int(card))
            if view is not None:
                rep.card = min(rep.card, view.rect().width * css)
        rep.problems.extend(piles(scene, record, buttons))
    from game.ui.layout import MIN_HAND_CARD_CSS, MIN_TAP_CSS, MIN_TEXT_CSS  # noqa: PLC0415

    if rep.tap < MIN_TAP_CSS:
        rep.problems.append(f"tap target {rep.tap:.1f} < {MIN_TAP_CSS} CSS px")
    if rep.text < MIN_TEXT_CSS:
        rep.problems.append(f"text {rep.text:.1f} < {MIN_TEXT_CSS} CSS px tall")
    if rep.card < MIN_HAND_CARD_CSS:
        rep.problems.append(f"hand card {rep.card:.1f} < {MIN_HAND_CARD_CSS} CSS px wide")
    return rep


def fills(app: Any) -> list[str]:
    """Problems if the picture leaves bands wider than 2% of the screen's side (but for a screen
    longer than ``layout.MAX_ASPECT``: the picture keeps that shape, the rest is margin)."""
    from game.ui.layout import MAX_ASPECT  # noqa: PLC0415
    from game.ui.viewport import Viewport  # noqa: PLC0415

    ww, wh = app.window_size
    x, y, w, h = Viewport(app.window_size, app.layout.size).rect
    out = []
    if max(ww, wh) / min(ww, wh) > MAX_ASPECT:
        return out
    if x > 0.02 * ww or y > 0.02 * wh:
        out.append(f"letterbox bands of {x}x{y} px on a {ww}x{wh} screen")
    return out


def _key(key: int | None = None) -> Any:
    """A key pressed (Enter unless ``key``), as SDL sends it."""
    import pygame  # noqa: PLC0415

    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN if key is None else key, mod=0, unicode="",
                              scancode=0)


def play_out(session: Any, rng: Any, after_hand: Any = None) -> Any:
    """Seeded random legal moves until ``session``'s match is over (``after_hand(session)`` after
    each hand: to count it in the statistics, as the count does); returns the session."""
    while True:
        while not session.hand.over:
            session.play(rng.choice(session.hand.legal_moves()))
        if after_hand is not None:
            after_hand(session)
        if session.match.over:
            return session
        session.next_hand()


def _whole_match(app: Any) -> Iterator[str]:
    """The match end of a whole match against the computer (pairs, first to three hands, played out
    by the core with seeded random moves and counted in the statistics): every hand's row, the match
    in figures and this table's record, as many as the screen holds."""
    import random  # noqa: PLC0415

    from game.ui import stats  # noqa: PLC0415
    from game.ui.session import Options, Session  # noqa: PLC0415

    session = play_out(Session(Options(players=4, first_to=3), seed=11), random.Random(5),
                       lambda s: stats.record_hand(app.stats, s, words=app.words))   # (as the count: named)
    app.session = session
    app.go("match_end")
    app.step(1 / 60)
    yield "match_end-whole"


def _practice(app: Any) -> Iterator[str]:
    """A hand played again for practice: the review's last baza, which offers it ("Repetir la
    mano"), the hand's table ("Práctica" in the score panel) and its count (the two results)."""
    import random  # noqa: PLC0415

    from game.ui.session import Options, Session  # noqa: PLC0415

    session = Session(Options(players=2, first_to=2), seed=7)
    rng = random.Random(7)
    while not session.hand.over:
        session.play(rng.choice(session.hand.legal_moves()))
    app.session = session
    app.go("review")
    import pygame  # noqa: PLC0415

    app.step(1 / 60, [_key(pygame.K_END)])
    yield "practice-review"
    app.step(1 / 60, [_key(pygame.K_r)])
    _play_until(app, lambda: app.scene.name == "play")
    yield "practice-play"
    _play_until(app, lambda: app.scene.name == "scoring")
    app.step(1 / 60)
    yield "practice-scoring"


def _play_until(app: Any, done, frames: int = 4000) -> None:
    """Step the app (bots at instant speed; the person plays the first legal card; people take the
    device at once) until ``done()``."""
    for _ in range(frames):
        if done():
            return
        scene = app.scene
        if scene.name == "deal":
            scene.finish()
        elif scene.name == "play" and scene.human_turn() and not app.session.hand.over:
            scene.play(app.session.hand.legal_moves()[0])
        elif scene.name == "handoff":   # people: the next one takes the device, once a tap counts (the
            if scene.clock <= scene.GUARD:   # driver skips the wait rather than draw 36 frames of it)
                scene.clock = scene.GUARD + 1e-3
                continue
            app.step(1 / 60, [_key()], idle_ok=True)
            continue
        app.step(1 / 60, idle_ok=True)
    raise RuntimeError(f"the audit's driver got stuck in {app.scene.name!r}")


def _baza_filling(app: Any, players: int) -> Iterator[str]:
    """The table while the others play to your card: you lead a baza and a computer is to play
    (the turn's line says so; with four, your partner's señas said instead), then, with three or
    four players, the baza one card short of full.
    At your own turn your place in the baza is empty; held sideways the line covered your card
    there from the moment it landed, and no screen measured showed it. A match of its own (seeded),
    so the audit's other games play on as they did; the hand just counted is back on after it."""
    from game.hand import SWAP  # noqa: PLC0415
    from game.ui.scenes.common import save_match  # noqa: PLC0415
    from game.ui.session import Options, Session  # noqa: PLC0415

    counted = app.session
    app.session = Session(Options(players=players, first_to=1), seed=3, human_seats=(0,))
    app.go("play")
    _play_until(app, lambda: app.scene.human_turn() and not app.session.hand.table
                and not app.scene.table.animator.busy)
    scene, hand = app.scene, app.session.hand
    card = lambda: next(m for m in hand.legal_moves() if m != SWAP)  # noqa: E731  (a card, not the cambio)
    scene.play(card())   # (at instant speed the pictures never trail the core)
    yield f"play-waiting-{players}p"
    if players == 4:   # your partner's señas told as your card lies there: the longest such line (held
        of_rank = app.words.listing([app.t(f"sena.of.{r}") for r in (1, 3, 12)])   # sideways it lay on that card)
        scene.say(app.t("sena.seen", name=scene.name_of(hand.rules.partner_of(0)), of_rank=of_rank), sena=True)
        yield "play-sena-4p"
        scene.message = scene.message_short = None
    if players > 2:
        while len(hand.table) < players - 1:   # the computers' moves, played for them at once
            scene.play(card())
        yield f"play-full-{players}p"
    app.session = counted   # (and saved again: the audit's next screens show it)
    save_match(app, replace=True)


def scenes(app: Any) -> Iterator[str]:
    """Open every scene in turn on ``app``; yields each one's name once it is on screen."""
    from game.ui.options import Options  # noqa: PLC0415
    from game.ui.scene import REGISTRY  # noqa: PLC0415
    from game.ui.scenes.common import start_game  # noqa: PLC0415

    for name in ("menu", "settings", "rules", "stats", "backup"):
        app.go(name)
        yield name
        if name == "menu":   # a damaged save, told once in a notice over the menu
            from game.storage import StorageProblem  # noqa: PLC0415

            app.store.problems.append(StorageProblem("match", "corrupt", "audit", "match.bad-1-20261205T131038Z"))
            yield "menu-notice"
            from game.ui.save_news import ELSEWHERE  # noqa: PLC0415

            app.store.problems.append(ELSEWHERE)   # and the match gone on in another window, with it
            yield "menu-notice-two"
            app.store.problems.clear()
            # a saved match, and where it stands, under "Continuar" (its longest form)
            app.scene.saved = {"info": {"players": 4, "trick": 10, "hand": 12, "over": False}}
            app.scene.bar.focus = None   # as the menu opens over a saved match: "Continuar" gold, in focus
            app.scene.relayout()
            yield "menu-saved"
            app.scene.saved = None
            app.scene.bar.focus = None
            app.scene.relayout()
    app.go("options")
    for players in (2, 3, 4):
        row = next((r for r in app.scene.list.rows if r.label == "opt.players" and players in r.values), None)
        if row is not None:
            row.index = row.values.index(players)
        yield f"options-{players}p"
    app.scene.list.selected = app.scene.list.shown().index(app.scene.r_two)   # its note, with 4 players: over
    app.scene.list.bring_into_view(app.scene.list.selected)   # the list where no room is left under it
    yield "options-note"
    done = {"menu", "settings", "rules", "stats", "backup", "options", "deal", "play", "scoring"}
    for players in (2, 3, 4):
        app.settings["speed"] = "normal"  # the deal on screen, cards in flight
        app.manager.switch(start_game(app, Options(players=players, first_to=2)))
        for _ in range(50):
            app.step(1 / 60)
        yield f"deal-{players}p"
        app.settings["speed"] = "instant"
        _play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn() and bool(app.session.hand.tricks))
        yield f"play-{players}p"
        app.scene.show_last = True
        yield f"last-baza-{players}p"
        app.scene.show_last = False
        _play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn() and (
            all(app.scene.table.model.piles) or len(app.session.hand.tricks) >= 36 // players)
            and not app.scene.table.animator.busy)   # the baza gathered, whatever the machine's speed
        yield f"play-late-{players}p"   # later in the hand: everybody's won pile, if they have won a baza
        app.settings["counting"] = True   # the aids: the counting aid's panel and a hint's reason
        app.scene.show_hint()
        for _ in range(600):
            if app.scene.reason is not None or app.scene.table.hint is not None:
                break
            app.step(1 / 60, idle_ok=True)
        yield from reason_scenes(app, players)   # the longest reasons a hint can give: they too must find room
        app.settings["counting"] = False
        _play_until(app, lambda: app.scene.name == "scoring")
        app.step(1 / 60)
        yield f"scoring-{players}p"
        yield from _baza_filling(app, players)
    app.go("stats")   # with the three hands just played in it
    yield "stats-played"
    # Every other registered scene that opens by name, with a finished 4-player hand on (not the
    # handoff: it is for people passing the device, below).
    done.add("handoff")
    for other in sorted(set(REGISTRY) - done):
        try:
            app.go(other)
            app.step(1 / 60)
        except Exception as exc:  # noqa: BLE001  (a scene that needs arguments is reported, not audited)
            print(f"  ({other}: not opened by name alone: {type(exc).__name__})", file=sys.stderr)
            continue
        if app.scene is not None and app.scene.name == other:
            yield other
            if other == "seats":   # its longest note: a letter the font cannot draw
                app.scene.message = "seats.cannot_draw"
                yield "seats-note"
                app.scene.message = ""
            if other == "seats" and app.scene.compact and app.scene.selected_person() is not None:
                app.scene.editing = True   # the letter keys on a screen of their own
                yield "seats-typing"
                app.scene.message = "seats.cannot_draw"   # and its note under them
                yield "seats-typing-note"
                app.scene.message = ""
                app.scene.editing = False
    yield from _whole_match(app)
    yield from _practice(app)
    yield from _people(app)
    app.go("menu")  # the guided first hand, if the menu offers it: every tip as it shows
    if any(b.action == "guide" for b in app.scene.bar.buttons):
        app.manager.switch(app.scene.act("guide"))
        for key in _guide_tips(app):
            yield f"guide-{key}"


#: The people of the audit's games passing the device: long names, common ones.
PEOPLE = ("Maximiliano", "Guadalupe")


def is_a_name(text: str) -> bool:
    """``text`` is one of :data:`PEOPLE`'s names or a pair of them ("Maxi… y Guad…"), whole or
    shortened: people's names, not the catalogue's words, are what a small screen may cut."""
    parts = [p for p in text.replace(" & ", " y ").replace(" i ", " y ").split(" y ")]   # es, en, ca
    return all(any(name.startswith(p.rstrip("…")) and p.rstrip("…") for name in PEOPLE) for p in parts)


#: Verdicts already judged, by hand and people: an audit of many sizes in one process (the layout
#: tests) reviews the same hand at each size, and judging it is most of a size's time.
_VERDICTS: dict[tuple, dict] = {}


def reviewed(scene: Any, samples: int = 16) -> None:
    """The review ``scene`` with every verdict in at once: the same screen on any machine (shot after
    two seconds, it showed what a machine's speed had judged by then, and never all the verdicts'
    words). Few deals a move: the words' length is what is audited, not the expert's judgement."""
    from game.ui.review import Review  # noqa: PLC0415

    hand = scene.hand
    review = Review(hand, scene.review.people, samples=samples)
    key = (hand.rules, hand.dealer, tuple(hand.deck), tuple(hand.moves), review.people, samples)
    if key in _VERDICTS:
        review.verdicts = dict(_VERDICTS[key])
        review.done = True
    else:
        review.step(None)
        _VERDICTS[key] = dict(review.verdicts)
    scene.review = review


def _people(app: Any) -> Iterator[str]:
    """People passing the device, with long names: two of them, then a pair of them against the
    computer; one hand each, from the handoff to the match's end; then their statistics and the
    history (with a match of three against two computers too)."""
    import random  # noqa: PLC0415

    from game.ui import stats  # noqa: PLC0415
    from game.ui.options import Options  # noqa: PLC0415
    from game.ui.scenes.common import start_game  # noqa: PLC0415
    from game.ui.seats import parse_spec  # noqa: PLC0415
    from game.ui.session import Session  # noqa: PLC0415

    enter = _key()
    a, b = PEOPLE
    for players, spec in ((2, f"person:{a},person:{b}"), (4, f"person:{a},cpu:normal,person:{b},cpu:normal")):
        app.manager.switch(start_game(app, Options(players=players, first_to=1), parse_spec(spec)))
        _play_until(app, lambda: app.scene.name == "handoff" and app.scene.clock > app.scene.GUARD)
        yield f"people-handoff-{players}p"
        _play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn()
                    and bool(app.session.hand.tricks) and not app.scene.table.animator.busy)
        yield f"people-play-{players}p"
        app.scene.show_last = True   # the last baza: the people's names under their cards
        yield f"people-last-baza-{players}p"
        app.scene.show_last = False
        _play_until(app, lambda: app.scene.name == "handoff" and app.scene.clock > app.scene.GUARD)
        yield f"people-handoff-baza-{players}p"   # the last baza's winner and points, said again
        _play_until(app, lambda: app.scene.name == "scoring")
        app.step(1 / 60)
        yield f"people-scoring-{players}p"
        if players == 4:   # the hand's review: each person's moves, their names over their hands
            app.manager.switch(app.scene.act("review"))
            reviewed(app.scene)
            app.step(1 / 60)
            app.scene.go_to(min(3, len(app.scene.review.bazas) - 1))   # a baza after the first draws
            yield "people-review-4p"
            app.manager.switch(app.scene.back)
        for frame in range(600):   # the count skipped, then on to the match's end
            if app.scene.name == "match_end":
                break
            app.step(1 / 60, [enter] if frame % 20 == 19 else [], idle_ok=True)
        for _ in range(30):
            app.step(1 / 60, idle_ok=True)
        yield f"people-match_end-{players}p"
    app.go("stats")   # with the people's own figures in it
    yield "people-stats"
    # three against two computers of one level: the history tells them apart by their names at the
    # table ("Lola (Normal)"), its widest form of a side
    play_out(Session(Options(players=3, first_to=1), seed=7, seats=parse_spec("person:,cpu:normal,cpu:normal")),
             random.Random(7), lambda s: stats.record_hand(app.stats, s, words=app.words))
    app.go("history")   # the statistics' second page: the people's matches and the ones against the computer
    yield "people-history"
    app.go("options")   # the next new game: the seats remembered, the people's names among them
    yield "people-options"


def _guide_tips(app: Any) -> Iterator[str]:
    """Play the guided hand through (the person plays the cambio when it may, else the first legal
    card); yields each tip's key while it shows, then reads it on."""
    from game.hand import SWAP  # noqa: PLC0415

    waited = 0   # frames of your turn without a tip: the tip due opens in the next frame
    for _ in range(6000):
        scene = app.scene
        if scene.name == "deal":
            scene.finish()
        elif scene.name != "play":
            return
        elif app.session.guide.showing:
            yield app.session.guide.current.key
            app.session.guide.next()
        elif scene.human_turn() and not app.session.hand.over and not scene.table.animator.busy:
            waited += 1
            if waited > 2:
                legal = app.session.hand.legal_moves()
                scene.play(SWAP if SWAP in legal else legal[0])
                waited = 0
        app.step(1 / 60, idle_ok=True)
    raise RuntimeError(f"the audit's driver got stuck in {app.scene.name!r}")


def audit(size: tuple[int, int], large: bool = False, shots: str | None = None, lang: str = "es") -> list[Report]:
    """Every scene on a ``size`` screen, in ``lang``, measured."""
    import pygame  # noqa: PLC0415

    app = make_app(size, large, lang)
    reports = []
    for name in scenes(app):
        app.scene.relayout()
        rep = measure(app, name)
        rep.problems.extend(fills(app))
        reports.append(rep)
        if shots:
            os.makedirs(shots, exist_ok=True)
            tag = f"{size[0]}x{size[1]}{'-large' if large else ''}{'' if lang == 'es' else '-' + lang}"
            pygame.image.save(app.surface, os.path.join(shots, f"{tag}-{name}.png"))
    return reports


def main(argv: list[str] | None = None) -> int:
    from game.ui.i18n import languages  # noqa: PLC0415

    p = Parser(prog="python -m game.ui.layout", description="The layout audit (issue 10).")
    p.add_argument("--size", action="append", help="screen WIDTHxHEIGHT in CSS px (repeatable; default: the listed sizes)")
    p.add_argument("--large", action="store_true", help="with the large-text setting")
    p.add_argument("--shots", metavar="DIR", help="save each scene as DIR/WxH-scene.png")
    p.add_argument("--lang", choices=tuple(languages()), default="es", help="the interface's language (default: es)")
    p.add_argument("--cut", action="store_true", help='also list the texts drawn cut short with "…" (not a failure)')
    args = p.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.ui.desktop.director import make_folder  # noqa: PLC0415

    try:
        sizes = [parse_size(s) for s in args.size] if args.size else list(SIZES)
        if args.shots is not None:   # "" too: refused, as main.py's --screenshots ""
            make_folder(args.shots, "--shots")
    except ValueError as exc:
        print(f"layout audit: {exc}", file=sys.stderr)
        return 2
    failed = False
    from game.ui.layout import MIN_HAND_CARD_CSS, MIN_TAP_CSS, MIN_TEXT_CSS, compute  # noqa: PLC0415

    for size in sizes:
        lay = compute(size, large_text=args.large)
        print(f"{size[0]}x{size[1]} CSS px{' (large text)' if args.large else ''}{'' if args.lang == 'es' else ', ' + args.lang}: form {lay.form}, "
              f"logical {lay.size[0]}x{lay.size[1]}, {lay.css_scale:.3f} CSS px per logical px   "
              f"[minimums: tap {MIN_TAP_CSS}, text {MIN_TEXT_CSS}, hand card {MIN_HAND_CARD_CSS}]")
        reports = audit(size, args.large, args.shots, args.lang)
        for rep in reports:
            print(rep.line())
            failed = failed or bool(rep.problems)
            if args.cut and rep.cut:
                print(f"    cut short: {', '.join(sorted(set(rep.cut)))}")
        inf = float("inf")
        print(f"  smallest: tap {min(r.tap for r in reports):.1f}  text {min(r.text for r in reports):.1f}  "
              f"hand card {min((r.card for r in reports if r.card < inf), default=inf):.1f}")
    print("layout audit: FAILED" if failed else "layout audit: passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
