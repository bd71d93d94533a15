"""Small phones (320 x 568 CSS px upright, 568 x 320 sideways): the option list scrolls when its rows
cannot shrink any further, the menu's buttons close up to fit, the stock's count sits on the stock
where the turn's message would run into it, and a line too long for the screen wraps."""

from __future__ import annotations

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import layout
from game.ui.app import App
from game.ui.desktop import audit
from game.ui.i18n import languages
from game.ui.inputmap import Key, Pointer, Wheel
from game.ui.persist import Store
from game.ui.scenes.table import layers_shift

DT = 1 / 60
SMALL = (320, 568)


def make_app(size=SMALL, browser: bool = False) -> App:
    app = App(Store(Storage(MemoryBackend())), window=False, size=size, seed=5)
    app.browser = browser
    app.settings["speed"] = "instant"
    app.go("menu")
    app.step(DT)
    return app


def tap(app: App, pos) -> None:
    app.step(DT, drive.tap((int(pos[0]), int(pos[1])), app.layout.size))


def options_with(app: App, players: int):
    """The new-game screen with ``players`` chosen by the keyboard (the list's first row)."""
    app.go("options")
    app.step(DT)
    scene = app.scene
    while scene.r_players.value != players:
        app.step(DT, [drive.key(pygame.K_RIGHT)])
    return scene


def values(scene) -> list:
    return [row.value for row in scene.list.shown()]


def test_the_option_list_scrolls_when_its_rows_cannot_shrink():
    app = make_app()
    scene = options_with(app, 4)
    lst = scene.list
    n = len(lst.shown())
    assert lst.max_scroll() > 0 and lst.scroll == 0
    assert not lst.visible(n - 1)  # the last row is below the band ...
    assert lst.bottom() <= min(b.rect.top for b in scene.bar.buttons)  # ... which ends above the buttons
    assert lst.rect_of(0).height * app.layout.css_scale >= layout.MIN_TAP_CSS  # rows are still whole tap targets

    # A finger dragging the list up scrolls it and changes nothing.
    before = values(scene)
    start = lst.rect_of(n // 2).center
    for frame in drive.touch_drag_frames(start, (start[0], start[1] - 300), 8, app.layout.size):
        app.step(DT, frame)
    assert lst.scroll == lst.max_scroll() and values(scene) == before
    assert lst.visible(n - 1)

    # A tap on the last row's right arrow (now in view) changes that row only.
    rect = lst.rect_of(n - 1)
    tap(app, (lst.value_rect(rect).right - 10, rect.centery))
    after = values(scene)
    assert after[:-1] == before[:-1] and after[-1] != before[-1] and lst.selected == n - 1

    # The wheel scrolls back; a press that moves past the slop is a drag, not a tap.
    app.step(DT, [drive.wheel(3)])
    assert lst.scroll == 0
    rect = lst.rect_of(1)
    frames = drive.touch_drag_frames(rect.center, (rect.centerx, rect.centery - 4 * lst.slop()), 4, app.layout.size)
    for frame in frames:
        app.step(DT, frame)
    assert values(scene) == after and lst.scroll > 0


def test_keys_bring_the_selected_row_into_view_and_a_hidden_row_cannot_be_tapped():
    app = make_app()
    scene = options_with(app, 4)
    lst = scene.list
    n = len(lst.shown())
    hidden = lst.rect_of(n - 1)
    before = values(scene)
    lst.handle(Pointer("down", (hidden.centerx, lst.view().bottom + 2)))  # under the band: the row is not there
    lst.handle(Pointer("up", (hidden.centerx, lst.view().bottom + 2)))
    assert values(scene) == before
    for _ in range(n - 1):
        app.step(DT, [drive.key(pygame.K_DOWN)])
    assert lst.selected == n - 1 and lst.visible(n - 1) and lst.scroll == lst.max_scroll()
    for _ in range(n - 1):
        app.step(DT, [drive.key(pygame.K_UP)])
    assert lst.selected == 0 and lst.scroll == 0
    assert lst.handle(Wheel(-1)) is False and lst.scroll > 0  # the wheel scrolls, changes nothing
    assert values(scene) == before


def test_who_plays_opens_from_a_scrolled_list_by_a_tap_not_by_a_drag():
    app = make_app()
    scene = options_with(app, 4)
    lst = scene.list
    app.step(DT, [drive.wheel(-1)])
    assert lst.scroll > 0
    i = lst.shown().index(scene.r_seats)
    rect = lst.rect_of(i)
    assert lst.visible(i)
    for frame in drive.touch_drag_frames(rect.center, (rect.centerx, rect.centery + 3 * lst.slop()), 4,
                                         app.layout.size):
        app.step(DT, frame)
    assert app.scene is scene  # a drag that began on the row only scrolled
    rect = lst.rect_of(i)
    tap(app, rect.center)
    assert app.scene.name == "seats"


def test_a_list_that_fits_changes_on_a_fingers_lift_and_the_mouses_press():
    app = make_app((390, 844))
    scene = options_with(app, 2)
    lst = scene.list
    assert lst.max_scroll() == 0 and lst.view().bottom == lst.bottom()
    before = values(scene)
    rect = lst.rect_of(1)
    at = (lst.value_rect(rect).right - 10, rect.centery)
    scene.handle_event(Pointer("down", at, 1, True))
    assert values(scene) == before  # a finger's press waits: a swipe from there changed it (round 39)
    scene.handle_event(Pointer("up", at, 1, True, at))
    changed = values(scene)
    assert changed != before
    scene.handle_event(Pointer("down", at, 1))
    assert values(scene) != changed  # the mouse's press, as it always did


@pytest.mark.parametrize("browser", [False, True], ids=["desktop", "browser"])
def test_the_menu_fits_a_small_phone(browser):
    app = make_app(browser=browser)
    buttons = [b.rect for b in app.scene.bar.buttons]
    assert len(buttons) == (6 if browser else 7)  # the desktop adds "Salir"
    screen = app.surface.get_rect()
    assert all(screen.contains(r) for r in buttons)
    assert all(b.top - a.bottom >= 8 for a, b in zip(buttons, buttons[1:]))
    geo = app.layout.menu
    assert buttons[0].top >= geo.column_top_min and buttons[-1].bottom <= geo.column_bottom
    big = make_app((390, 844), browser=browser)  # a bigger phone keeps the layout's own places
    assert [b.rect for b in big.scene.bar.buttons][0] == big.layout.menu.column


def test_the_stock_count_sits_on_the_stock_on_a_phone_held_sideways():
    assert layout.compute((568, 320)).table.stock_badge and layout.compute((844, 390)).table.stock_badge
    assert not layout.compute((1280, 720)).table.stock_badge and not layout.compute(SMALL).table.stock_badge
    app = make_app((568, 320))
    from game.ui.options import Options  # noqa: PLC0415
    from game.ui.scenes.common import start_game  # noqa: PLC0415

    app.manager.switch(start_game(app, Options(players=2)))
    for _ in range(200):
        if app.scene.name == "play":
            break
        app.step(DT)
    table = app.scene.table
    stock = table.model.stock
    count = str(stock + 1)  # the muestra is counted too
    app.typo.record = []
    try:
        with drive.drawn(app) as seen:
            app.scene.draw(app.surface)
        texts = audit.texts_of(app.typo.record)  # texts, not pictures
    finally:
        app.typo.record = None
    back = app.sprites.get(None, table.geo.stock_scale, 0)
    top = layers_shift(stock)
    card = back.get_rect(center=(table.geo.stock[0] - top, table.geo.stock[1] - 2 * top))
    badges = [rect for rect, _px in texts if card.contains(rect)]
    assert len(badges) == 1, texts
    assert [d.text for d in seen if d.rect == badges[0]] == [count]   # the cards left, the muestra's too
    message_y = app.layout.hud.message_y
    assert badges[0].bottom < message_y  # above the turn's message line, not on it


def test_a_line_too_long_for_the_screen_wraps_instead_of_running_off():
    pygame.font.init()
    app = make_app()
    typo = app.typo
    text = "Las cartas están tapadas: que nadie más mire la pantalla mientras juegas"
    size, lines = typo.fit_lines(text, 22, 300)
    assert len(lines) == 2 and all(typo.size(part, size)[0] <= 300 for part in lines)
    assert typo.fit_lines("corto", 22, 300) == (22, ["corto"])
    surface = pygame.Surface((720, 400))
    typo.record = []
    block = typo.blit_fit(surface, text, (360, 390), 22, 300, anchor="midbottom")
    recorded, typo.record = typo.record, None
    assert block.bottom == 390 and len(recorded) == 2
    assert all(block.contains(rect) for rect, _px in recorded)


def test_a_separator_never_begins_a_wrapped_line():
    """The count at 568x320 with three players read "0 bazas · 0 ases y treses" and then
    "· 6 triunfos": the break fell before the "·". The break parts the two instead."""
    pygame.font.init()
    typo = make_app().typo
    text = "0 bazas · 0 ases y treses · 6 triunfos"
    width = typo.size("0 bazas · 0 ases y treses", 22)[0] + 4   # the break just before the second "·"
    assert typo.wrap(text, 22, width) == ["0 bazas · 0 ases y treses", "6 triunfos"]
    for width in range(typo.size("triunfos", 22)[0], typo.size(text, 22)[0], 7):   # wherever it breaks
        lines = typo.wrap(text, 22, width)
        assert not any(part.startswith("·") or not part for part in lines), (width, lines)
        assert " ".join(lines).replace(" · ", " ").split() == text.replace(" · ", " ").split()
    assert typo.wrap(text, 22, 2000) == [text]


def test_keys_on_the_list_are_not_pointer_events():
    """A key that is neither a move nor a change leaves the list where it is (no scroll jump)."""
    app = make_app()
    scene = options_with(app, 4)
    lst = scene.list
    lst.scroll_to(lst.max_scroll())
    lst.selected = len(lst.shown()) - 1
    assert lst.handle(Key(pygame.K_x)) is False and lst.scroll == lst.max_scroll()


def test_the_wheel_scrolls_the_rules():
    app = make_app()
    app.go("rules")
    app.step(DT)
    scene = app.scene
    app.step(DT, [drive.wheel(-2)])
    assert scene.scroll > 0
    app.step(DT, [drive.wheel(5)])
    assert scene.scroll == 0


def test_a_screen_too_short_for_one_column_gets_two():
    app = make_app((320, 480))
    buttons = [b.rect for b in app.scene.bar.buttons]
    screen = app.surface.get_rect()
    assert len({r.x for r in buttons}) == 2 and all(screen.contains(r) for r in buttons)
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert layout.compute((320, 480)).table.stock_badge  # under the stock the count would reach the message


def _match_of(app: App, hands: int):
    """A finished match of ``hands`` hands against the computer, played out by the core with seeded
    random moves and counted in the statistics (so the end shows this table's record too): one hand
    (two players, one hand), nine (two players, best of nine, 5-4) or seventeen (three players, to 9
    hands won, as the tester's long match). Thirty: that match's hands again, numbered on: no match
    reaches thirty without void hands, but a screen must still say what it leaves out."""
    import itertools
    import random

    from game.ui import stats
    from game.ui.session import Options, Session

    players, first_to, seed = {1: (2, 1, 0), 9: (2, 5, 6)}.get(hands, (3, 9, 26))
    session = audit.play_out(Session(Options(players=players, first_to=first_to), seed=seed), random.Random(seed),
                             lambda s: stats.record_hand(app.stats, s))
    scores = session.match.scores
    if hands > len(scores):
        scores[:] = [s._replace(number=i) for i, s in enumerate(itertools.islice(itertools.cycle(scores), hands))]
    assert len(scores) == hands and session.match.over
    return session


@pytest.mark.parametrize("hands", [1, 9, 17, 30])
@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("size", [(390, 844), (320, 568), (1280, 720), (568, 320), (640, 360)])
def test_a_long_matchs_end_shows_the_hands_that_fit_and_says_which_do_not(size, large, hands):
    """The match's end listed the last nine hands at most: a match to 9 hands won (17 hands, three
    players) showed "Mano 9 … Mano 17" over some 380 px of empty felt at 390x844, and nothing said
    hands 1-8 were left out. Now as many hands as stand above the buttons, the last always among
    them; where some do not fit, one row says which ("Manos 1–8: no caben aquí"), over the others,
    and the room left is less than another row."""
    app = audit.make_app(size, large)
    app.session = _match_of(app, hands)
    app.go("match_end")
    app.step(DT)
    with drive.drawn(app) as said:
        report = audit.measure(app, "match_end")
    assert not report.problems, report.line()
    word = app.t("match.hand", n=0).split()[0] + " "
    rows = [d for d in said if d.text.startswith(word) and d.text[len(word):].isdigit()]
    numbers = [int(d.text[len(word):]) for d in rows]
    assert numbers == list(range(hands - len(rows) + 1, hands + 1)), numbers   # the last ones, in order
    left_out = hands - len(rows)
    notes = [d for d in said if d.text == app.t("match.earlier", last=left_out)]
    if not left_out:
        assert not notes
        if size == (390, 844) and not large:   # the tester's screen: every hand of a long match
            assert len(rows) == hands
        return
    assert len(notes) == 1 and notes[0].shown == notes[0].text and notes[0].rect.bottom <= rows[0].rect.top
    row = max(34, app.typo.line(26) + 8)
    buttons = app.scene.bar.buttons[0].rect.top
    lowest = max(d.rect.bottom for d in said if d.rect.bottom <= buttons)
    assert buttons - lowest < 2 * row + 16, (buttons, lowest, row)   # no room left for another hand


@pytest.mark.parametrize("size", [(320, 568), (568, 320)])
def test_the_match_ends_headline_with_long_names_stays_on_the_screen(size):
    """Four people with names of 14 letters: "¡WWWWWWWWWWWWWW y Guadalupe Inés ganan la partida!"
    ran off both edges of a small phone even at the smallest size; it now wraps onto more lines.
    The pairs' columns named only the first partner, cut short ("WWWWW…"); now both, on more lines."""
    import random

    from game.ui.seats import NAME_MAX, Seat
    from game.ui.session import Options, Session

    app = audit.make_app(size, True)
    names = ("W" * NAME_MAX, "Maximiliano José"[:NAME_MAX], "Guadalupe Inés"[:NAME_MAX], "Bartolomé MMM"[:NAME_MAX])
    session = Session(Options(players=4, first_to=1), seed=3, human_seats=(0, 1, 2, 3),
                      seats=tuple(Seat(True, n) for n in names))
    audit.play_out(session, random.Random(1))
    app.session = session
    app.go("match_end")
    app.step(DT)
    assert app.scene.headline() and len(app.scene.headline()) > 40
    with drive.drawn(app) as drawn:
        report = audit.measure(app, "match_end")
    said = [d.shown for d in drawn]   # what is drawn, after any cutting short
    assert not report.problems, report.line()
    # each pair's column names both partners (on two or three lines), not the first cut short
    heads = " ".join(said[said.index(app.t("match.title")) + 1:])
    assert "Guadalupe Inés" in heads.replace(app.scene.headline(), "") and "Bartolomé" in heads


@pytest.mark.parametrize("size", [(480, 320), (568, 320), (653, 280), (600, 300), (280, 653), (320, 568), (1280, 720)])
@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_suits_name_fits_the_trump_panel(size, lang):
    """With large text on a small phone held sideways "Espadas" ran out of the trump panel (33 px at
    480x320): the panel widens for big letters. Every suit's name and the title fit, at the panel's own
    sizes, both text sizes."""
    for large in (False, True):
        app = audit.make_app(size, large, lang)
        box, typo = app.layout.hud.trump, app.typo
        room = box.right - (box.x + 22 + min(54, box.height - 20)) - 8   # as play_view.draw_trump
        for text, size_, bold in [(app.t(f"suit.{s}").capitalize(), 32, True) for s in "OCEB"] + [(app.t("play.trump"), 22, False)]:
            assert typo.size(text, typo.fit(text, size_, room, bold), bold)[0] <= room, (text, large)
        assert box.right + 8 < app.layout.hud.score.x


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_folded_phone_held_sideways_gets_three_menu_columns_with_whole_words(lang):
    """653x280 (a Galaxy Fold folded, sideways): two columns did not fit its height, so they were
    halved in width and with large text every long label was cut ("Contin…", "Estadís…",
    "Aprend…"). Held sideways and too short for two, the menu takes three columns, between the
    fans of cards where they fit there; no label is cut."""
    import uidrive as drive  # noqa: PLC0415

    for large in (False, True):
        app = audit.make_app((653, 280), large, lang)
        app.go("menu")
        rects = [b.rect for b in app.scene.bar.buttons]
        assert len({r.x for r in rects}) == 3 and min(r.width for r in rects) > 0.6 * app.layout.menu.column.width
        assert all(r.bottom <= app.layout.menu.column_bottom for r in rects)
        with drive.drawn(app) as seen:
            app.scene.draw(app.surface)
        labels = [d.shown for d in seen if any(r.contains(d.rect) for r in rects)]
        assert len(labels) >= len(rects) and not any(t.endswith("…") for t in labels), labels
    upright = audit.make_app((320, 480), False, lang)   # upright the two half-width columns stay
    upright.go("menu")
    assert len({b.rect.x for b in upright.scene.bar.buttons}) == 2


@pytest.mark.parametrize("size,large,lang,columns", [   # columns: for 2, 3 and 4 players
    ((640, 360), False, "en", [2, 2, 1]), ((568, 320), False, "en", [1, 1, 1]), ((736, 414), True, "es", [1, 1, 1]),
    ((844, 390), False, "es", [2, 2, 2]), ((844, 390), True, "en", [2, 2, 2]), ((1280, 720), True, "en", [1, 1, 1]),
    ((320, 568), True, "en", [1, 1, 1]), ((360, 640), True, "es", [1, 1, 1]), ((320, 568), True, "es", [1, 1, 1]),
])
def test_the_option_lists_take_one_column_where_two_would_cut_their_words(size, large, lang, columns):
    """Held sideways the new game's options stood in two columns whatever their words: "How
    watchfu…" at 640x360, "Cambio del siete (swap th…" and "After winning a t…" at 568x320, "la
    máqu…" with large text. Where two columns would cut a label or a value, one column as wide as
    both (its value boxes half of it), scrolling sooner; where everything fits, two. Upright with
    large text the rows put label and value side by side rather than scroll, and cut them
    ("ordenado…", "Cambio del siete (swap th…"): each label stays over its value, scrolling. Nothing
    is cut, for every number of players and every value of every row."""
    import uidrive as drive  # noqa: PLC0415

    app = audit.make_app(size, large, lang)
    for players in (2, 3, 4):
        scene = options_with(app, players)
        app.step(DT)
        assert scene.list.columns == columns[players - 2], players
        assert scene.list.stacked or size[0] > size[1]
        for row in scene.list.shown():
            for index in range(len(row.values)):
                row.index = index
                drawn_at = None   # the scroll last drawn: the same scroll draws the same words
                for i in range(len(scene.list.shown())):   # every row brought into view and drawn
                    scene.list.bring_into_view(i)
                    if scene.list.scroll == drawn_at:
                        continue
                    drawn_at = scene.list.scroll
                    with drive.drawn(app) as seen:
                        scene.draw(app.surface)
                    cut = [d.shown for d in seen if d.shown.endswith("…")]
                    assert not cut, (players, row.label, cut)
            row.index = 0 if row is not scene.r_players else row.values.index(players)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_tablets_option_values_keep_large_text(lang):
    """On a tablet held sideways (1080x810) with large text the value boxes stayed 290 px wide
    beside half a row of felt: "3 (cada uno por su lado)" went on two lines at 12.7 CSS px, "Tras
    ganar una baza" at the normal size. The boxes now take the room the labels leave: every text
    of the new-game screen at the large size (12 x 1.25 CSS px), for 2, 3 and 4 players."""
    from game.ui.layout import LARGE_TEXT, MIN_TEXT_CSS

    app = audit.make_app((1080, 810), True, lang)
    for players in (2, 3, 4):
        options_with(app, players)
        report = audit.measure(app, f"options-{players}p")
        assert report.text >= MIN_TEXT_CSS * LARGE_TEXT and not report.problems, report.line()


@pytest.mark.parametrize("size,lang", [((320, 568), "es"), ((568, 320), "en"), ((360, 640), "en"), ((640, 360), "es"),
                                       ((844, 390), "en"), ((390, 844), "es")])
def test_no_word_is_cut_short_on_common_phones_with_large_text(size, lang):
    """Every scene the audit opens (menus, options, the table in each hand, the guide's tips, the
    statistics ...) with large text: option labels and values, button labels and a side player's
    level were cut ("ordenado…", "Cambio del siete (swap th…", "Camb…", "Principia…"). Where room
    cannot be made, the word is drawn at the normal size rather than cut. People's names (the
    audit's games passed between "Maximiliano" and "Guadalupe") may be shortened on the smallest
    screens, each name keeping its beginning."""
    cut = [f"{r.scene}: {t}" for r in audit.audit(size, True, lang=lang) for t in r.cut if not audit.is_a_name(t)]
    assert cut == []


@pytest.mark.parametrize("size,large,lang", [((280, 653), True, "en"), ((480, 320), False, "ca")])   # (653x280 in the sweep)
def test_no_word_is_cut_short_on_the_smallest_supported_screens(size, large, lang):
    """The review's buttons cut "Siguiente" to "Siguie…" at 280x653, 653x280 and 480x320 (four
    buttons in the menu's row): the row takes the panel's width, else two rows of two. The seats
    screen's "The game cannot draw that character: write the name with ot…" (280x653, large text)
    takes a third line where there is room under the letters."""
    cut = [f"{r.scene}: {t}" for r in audit.audit(size, large, lang=lang) for t in r.cut if not audit.is_a_name(t)]
    assert cut == []


def test_the_audits_people_names_are_told_from_words():
    assert audit.is_a_name("Maxi… y Guad…") and audit.is_a_name("Maxi… i Guad…") and audit.is_a_name("Maximi…") and audit.is_a_name("Maxi… & Guadalupe")
    assert not audit.is_a_name("Ordenad…") and not audit.is_a_name("… y Guad…") and not audit.is_a_name("Camb…")


# --- people passing the device, with long names ---------------------------------------------------------
def _people_scenes(size, large=False, lang="es"):
    """The audit's games of people (``audit._people``): {scene: (the texts as drawn, (text, shown)
    each; the score panel's rect on the table, else None; the layout audit's problems)}, and the app."""
    from game.ui.scenes import room

    app = audit.make_app(size, large, lang)
    app.go("menu")
    out = {}
    for name in audit._people(app):
        with drive.drawn(app) as seen:
            app.scene.draw(app.surface)
        score = room.score_rect(app.scene) if app.scene.name == "play" else None
        out[name] = ([(d.text, d.shown) for d in seen], score, audit.measure(app, name).problems)
    return out, app


def test_a_pair_of_peoples_names_is_whole_in_the_score_panel_where_the_top_has_room():
    """"Maximiliano y Gu…" in the score panel at 390x844: the panel now widens to the left, as far
    as the trump panel allows, and the pair's names show whole."""
    scenes, app = _people_scenes((390, 844))
    texts, score, problems = scenes["people-play-4p"]
    assert ("Maximiliano y Guadalupe", "Maximiliano y Guadalupe") in texts
    assert score.width > app.layout.hud.score.width and score.left > app.layout.hud.trump.right
    assert problems == []


@pytest.mark.parametrize("size", [(320, 568), (480, 320)])
def test_where_the_pairs_names_cannot_be_whole_each_keeps_its_beginning(size):
    """Large text on the smallest phones: each name of the pair shortened ("Maxi… y Guad…"), never
    the second cut off ("Maximiliano y Gu…"); the handoff's title on two lines with the name whole."""
    scenes, _app = _people_scenes(size, large=True)
    texts, _score, problems = scenes["people-play-4p"]
    pair = [shown for text, shown in texts if text.startswith("Maxi") and " y " in text]
    assert pair and all(audit.is_a_name(p) and p.split(" y ")[1][:3] == "Gua" for p in pair) and problems == []
    texts, _score, _problems = scenes["people-handoff-4p"]
    assert all(shown == text for text, shown in texts)   # nothing cut
    assert any(shown.endswith(audit.PEOPLE) for _text, shown in texts)   # the title's name whole


@pytest.mark.parametrize("large", [False, True])
def test_the_top_players_long_name_takes_the_room_beside_its_face(large):
    """Held sideways at 480x320 the partner's name over the table was "Maximilia…" even at the
    smallest size: the room a name gets (a third of the screen) is wider for the top player where
    the trump panel and its own cards leave it, and the name is whole; the audit finds nothing."""
    scenes, _app = _people_scenes((480, 320), large=large)
    texts, _score, problems = scenes["people-play-4p"]
    assert ("Maximiliano", "Maximiliano") in texts and problems == []
    assert not any(shown.startswith("Maximilia…") for _text, shown in texts)


def test_the_match_ends_figures_wrap_rather_than_cut():
    """The record under the hands (the table's "Manos ganadas seguidas: 1 (la mejor racha: 1)";
    for a match between people, "Maximiliano: partidas ganadas, 1 de 1 (100 %)") was cut with large
    text on phones; it takes two lines."""
    scenes, _app = _people_scenes((360, 640), large=True)
    # two people against each other: each one's record; the two as a pair against the computer:
    # the table's figures
    for name, line in (("people-match_end-2p", "Maximiliano: "), ("people-match_end-4p", "Manos ganadas seguidas")):
        texts, _score, _problems = scenes[name]
        assert any(text.startswith(line) for text, _shown in texts), name
        assert all(shown == text for text, shown in texts if not audit.is_a_name(shown)), name
        assert not any(text.startswith("%") for text, _shown in texts), name  # "100 %" kept together


def test_the_review_of_a_game_of_people_names_whose_move_each_verdict_is():
    """With two people the review said "Jugaste el as de espadas." / "Jugaste el cinco de oros." for
    two different people; it names them ("Maximiliano jugó …", "Guadalupe jugó …")."""
    app = audit.make_app((390, 844))
    app.go("menu")
    for name in audit._people(app):
        if name == "people-review-4p":
            break
    scene = app.scene
    for _ in range(2000):   # the expert through every move of the hand
        if scene.review.done:
            break
        app.step(1 / 60)
    said = [text for k in range(len(scene.review.bazas)) for text, _c in (scene.go_to(k), scene.verdict_lines())[1]]
    played = [t for t in said if " jugó " in t]
    assert len(played) == len(scene.review.verdicts) >= 16   # two people's moves with a choice, ten bazas
    assert {t.split(" ")[0] for t in played} == set(audit.PEOPLE)
    assert not any(t.startswith(("Jugaste", "Hiciste")) for t in said)


def test_no_confetti_when_the_computers_beat_the_people():
    """With people passing the device the match end celebrated whoever won, the computers too (and
    the count played its "good" sound in the winner's colour). Now only a side with a person in it is
    celebrated (two people: always one of them; the audit's pair
    of people loses its one hand to the computers)."""
    app = audit.make_app((390, 844))
    app.go("menu")
    seen = {}
    for name in audit._people(app):
        session = app.session
        if name.startswith("people-match_end"):
            people_won = any(session.rules.side_of(s) == session.match.winner_side for s in session.human_seats)
            seen[name] = (people_won, app.scene.celebrate)
        elif name.startswith("people-scoring"):   # the hand's count: its sound and colour the same way
            res = session.hand.result
            seen[name] = (any(session.rules.side_of(s) == res.winner_side for s in session.human_seats), app.scene.good())
    assert seen == {"people-match_end-2p": (True, True), "people-match_end-4p": (False, False),
                    "people-scoring-2p": (True, True), "people-scoring-4p": (False, False)}


def test_who_plays_says_how_many_people_where_their_names_would_be_cut():
    """The new game's "Quién juega" cut "Maximiliano, Guadalupe y…" held sideways with large text
    (480x320), losing the computers; it says "2 personas y 2 máquinas" there, the names where they
    fit; people alone are joined by "y" ("Ana, Rosa y Luis", not "Ana, Rosa, Luis")."""
    from game.ui.seats import Seat, seats_to_json

    shown = {}
    for size, large in (((480, 320), True), ((390, 844), False)):
        app = audit.make_app(size, large)
        app.go("menu")
        for name in audit._people(app):
            if name == "people-options":
                with drive.drawn(app) as seen:
                    app.scene.draw(app.surface)
                shown[size] = [d.shown for d in seen if any(w in d.shown for w in ("personas", "máquinas", "Maximiliano"))]
                assert audit.measure(app, name).cut == []
    assert drive.plain(" ".join(shown[(480, 320)])) == "2 personas y 2 máquinas"   # on two lines
    assert drive.plain(" ".join(shown[(390, 844)])) == "Maximiliano, Guadalupe y 2 máquinas"
    app.settings["last_seats"] = seats_to_json((Seat(True, "Ana"), Seat(True, "Rosa"), Seat(True, "Luis")))
    app.go("options")
    row = next(r for r in app.scene.list.rows if r.label == "opt.players")
    row.index = row.values.index(3)
    assert app.scene.seats_text() == "Ana, Rosa y Luis" and app.scene.seats_text(short=True) == "3 personas"


@pytest.mark.parametrize("size, large", [((320, 568), False), ((320, 568), True), ((390, 844), True)])
def test_the_names_under_a_baza_are_whole(size, large):
    """Under the baza's four cards the review and the last baza's box cut "Maximiliano" ("Maxim…" on
    a 320x568 phone): a name is drawn smaller, and where even that is too wide the names go on two
    staggered lines, each as wide as two cards."""
    scenes, _app = _people_scenes(size, large)
    for name in ("people-review-4p", "people-last-baza-4p", "people-last-baza-2p"):
        texts, _score, problems = scenes[name]
        names = [(text, shown) for text, shown in texts if text in audit.PEOPLE]
        assert len(names) >= 1 and all(shown == text for text, shown in names) and problems == [], name


@pytest.mark.parametrize("size", [(280, 653), (480, 320), (320, 568)])
def test_the_match_ends_pair_names_take_the_room_they_are_drawn_in(size):
    """A pair's names too wide for their column are drawn on two lines, at the normal size where
    large text would cut a word; the room above the hands was measured at the large size instead
    and left a gap of 70 px under them (280x653, 480x320). The first hand now follows them."""
    app = audit.make_app(size, True, "es")
    app.go("menu")
    for name in audit._people(app):
        if name == "people-match_end-4p":
            break
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    first = next(d for d in seen if d.text == "Mano 1")
    names = [d for d in seen if d.rect.bottom <= first.rect.top and d.text and d.text.split()[-1] in
             ("Maximiliano", "Guadalupe", "y", "Rosa")]
    assert names, [d.text for d in seen]
    assert 0 <= first.rect.top - max(d.rect.bottom for d in names) <= 12


@pytest.mark.parametrize("size, lang, label", [((720, 540), "es", "Práctica"), ((280, 653), "en", "Practice"),
                                               ((390, 844), "es", "Práctica: no cuenta")])
def test_a_hand_played_again_says_so_in_the_score_panel_whole(size, lang, label):
    """"Práctica: no cuenta" ran out of the score panel at 720x540 and 800x600 with large text (and
    280x653 in English): where it does not fit, "Práctica" alone. The review that offers the hand,
    its table and its count: no layout problem."""
    app = audit.make_app(size, True, lang)
    app.go("menu")
    for name in audit._practice(app):
        with drive.drawn(app) as seen:
            app.scene.draw(app.surface)
        assert audit.measure(app, name).problems == [], name
        if name == "practice-play":
            shown = [(d.text, d.shown) for d in seen]
            assert (label, label) in shown


@pytest.mark.parametrize("lang", list(languages()))
def test_the_empty_statistics_line_wraps_on_the_narrowest_screen(lang):
    """"Encara no hi ha cap partida acabada." in large text ran off both edges of a 240-px screen."""
    app = audit.make_app((240, 427), True, lang)
    app.go("stats")
    app.step(1 / 60)
    with drive.drawn(app) as said:
        report = audit.measure(app, "stats")
    assert not report.problems, report.line()
    assert app.t("stats.empty").split()[0] in " ".join(d.text for d in said)


@pytest.mark.parametrize("size,lang", [((844, 390), "ca"), ((568, 320), "en"), ((390, 844), "es")],
                         ids=["844x390-ca", "568x320-en", "390x844-es"])
def test_a_hints_reason_covers_nobody_on_a_crowded_table_held_sideways(size, lang):
    """Four players, the counting aid on, large text: the reason lay over the right player's face and
    cards (and ran into the aid's panel). Narrower boxes, on more lines, right of the baza now fit
    where nothing lies."""
    from game.ui.scenes import counting, room   # noqa: PLC0415

    app = audit.make_app(size, True, lang)
    for name in audit.scenes(app):
        if name == "play-aids-4p":
            break
    scene = app.scene
    assert scene.reason is not None
    scene.draw(app.surface)
    _text, _lines, box, *_how = scene.reason_at.pages[0]
    others = [r for r in room.taken(scene, room.score_rect(scene), message_lines=1)]
    aid = counting.placed(scene)[0]   # (None where it has no room: left out rather than cover the game)
    assert aid is None or not box.colliderect(aid)
    covered = [r for r in others if box.colliderect(r) and r.clip(box).width * r.clip(box).height > 0]
    places = [room.card_rect(scene.table.table_slot(s, k)) for s in range(4) for k in range(4)]
    rooms = [room.seat_rects(scene, s)[3] for s in range(1, 4)]   # the room a name may take: not the name
    assert all(r in places + rooms for r in covered), (box, covered)   # at most a baza's empty place
    _about, people, _rest = room.reason_rects(scene)   # the faces, names and levels as they are drawn
    assert box.collidelist(people) < 0, (box, people)


def test_the_muestras_tap_zone_is_a_tap_wide_and_tall_on_the_smallest_phone():
    """At 320x568 the muestra lies across under the stock: its tap zone was 69x36 CSS px, under the
    44 px of every other tap target."""
    from game.storage import MemoryBackend, Storage
    from game.ui.app import App
    from game.ui.options import Options
    from game.ui.persist import Store
    from game.ui.scenes.common import start_game

    app = App(Store(Storage(MemoryBackend())), window=False, seed=2, size=(320, 568))
    app.settings["speed"] = "instant"
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=2)))
    for _ in range(100):
        app.step(1 / 30)
        if app.scene.name == "play":
            break
    zone = app.scene.table.muestra_rect()
    assert min(zone.size) * app.layout.css_scale >= 44


@pytest.mark.parametrize("lang", list(languages()))
@pytest.mark.parametrize("large", [False, True])
def test_the_hidden_points_note_keeps_its_margin_in_the_score_panel(large, lang):
    """With "Puntos a la vista: No", "Puntos ocultos: toca aquí" touched the score panel's right edge
    at 390x844 (14 px of margin on the left, none on the right) and ran out of it on smaller phones and
    with large text: the font does not shrink under its floor there. Now it breaks after the colon,
    on the two lines the panel has room for: the same margin on both sides at every audited size."""
    from game.ui.options import Options
    from game.ui.scenes.common import start_game
    from game.ui.scenes.room import score_rect

    for size in audit.SIZES:
        app = audit.make_app(size, large, lang)
        app.manager.switch(start_game(app, Options(players=3, show_score=False, first_to=2)))
        audit._play_until(app, lambda: app.scene.name == "play")
        box = score_rect(app.scene)
        note = app.t("play.points_hidden" if app.layout.show_keys else "play.points_hidden_touch")
        with drive.drawn(app) as said:
            app.scene.draw(app.surface)
        lines = [d for d in said if d.shown and d.shown.strip(":") in note and d.rect.colliderect(box)]
        assert " ".join(d.shown for d in lines) == note, (size, [d.shown for d in lines])
        for d in lines:
            assert d.rect.left - box.left == 14 and box.right - d.rect.right >= 14, (size, d.shown, d.rect, box)
            assert box.top < d.rect.top and d.rect.bottom < box.bottom, (size, d.shown, d.rect, box)


@pytest.mark.parametrize("size,key,values", [
    ((640, 360), "large_text", (False, True, False)), ((736, 414), "large_text", (False, True, False)),   # 2 columns to 1
    ((320, 568), "large_text", (False, True, False)), ((320, 480), "large_text", (False, True, False)),   # rows taller
    ((320, 568), "large_text", (True, False, True)),   # shorter rows, the list scrolled to its end
    ((568, 320), "lang", ("es", "en", "ca")),   # one column, two would fit in English
])
def test_a_setting_that_moves_the_rows_keeps_its_row_under_the_finger(size, key, values):
    """Large text (or English) placed the settings' rows anew on small phones: the row just tapped left
    the place, often the view, and a second tap there, to look again or undo, turned the sound off or
    the animations "Rápida" (an outside tester, round 36). It stays under the finger: the second tap
    changes it again, and nothing else."""
    app = make_app(size)
    app.set_setting(key, values[0])
    app.go("settings")
    app.step(DT)
    scene = app.scene
    lst, row = scene.list, scene.rows[key]
    i = lst.shown().index(row)
    lst.bring_into_view(i)
    if values[0] is True:   # at the end of the list: as far as it scrolls
        lst.scroll_to(lst.max_scroll())
    vr = lst.value_rect(lst.rect_of(i))
    pos = (vr.right - lst.arrow_width // 2, vr.centery)
    before = dict(app.settings)
    for value in values[1:]:
        for _ in range(40):   # past the double-tap guard
            app.step(DT)
        tap(app, pos)
        app.step(DT)
        assert app.settings == {**before, key: value} and row.value == value
        assert lst.visible(i) and lst.row_at(pos) == i, (lst.rect_of(i), pos)
        report = audit.measure(app, "settings")
        assert not report.problems and not report.cut, report.line()
