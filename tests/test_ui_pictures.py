"""The layout audit's picture checks (game/ui/desktop/audit.py ``hidden``): no card under a button,
a panel or an avatar, no text on a card or an avatar, no two groups of cards on each other; and the
phone held sideways that they made change (side players' groups above the buttons, the level in a
word where one line is all there is)."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.ui.desktop import audit
from game.ui.options import Options
from game.ui.scenes.common import start_game

R = pygame.Rect


def test_a_card_under_a_button_or_a_panel_is_reported():
    record = [("card:pile:1", R(100, 100, 56, 86))]
    assert any("under a button" in p for p in audit.hidden(record, [R(120, 150, 200, 100)]))
    assert not audit.hidden(record, [R(300, 300, 50, 50)])
    assert any("panel over a card" in p for p in audit.hidden(record + [("panel", R(90, 90, 40, 40))], []))


def test_groups_of_cards_may_not_overlap_but_a_hand_may():
    hand = [("card:hand:0", R(100, 100, 112, 172)), ("card:hand:0", R(150, 100, 112, 172))]
    assert not audit.hidden(hand, [])
    assert any("hand:0 and pile:0" in p for p in audit.hidden(hand + [("card:pile:0", R(240, 150, 56, 86))], []))
    # edges and shadows may touch (6 px)
    assert not audit.hidden(hand + [("card:pile:0", R(256, 150, 56, 86))], [])


def test_a_text_on_a_card_is_reported_unless_a_badge_drawn_after_it_carries_it():
    card = ("card:stock", R(100, 100, 112, 172))
    text = (R(130, 180, 40, 30), 26)
    assert any("text and a card" in p for p in audit.hidden([card, text], []))
    assert not audit.hidden([card, ("badge", R(120, 170, 70, 50)), text], [])
    # a badge laid before the card does not carry a text over it
    assert audit.hidden([("badge", R(120, 170, 70, 50)), card, text], [])


def test_avatars_panels_and_covers():
    avatar = ("avatar", R(1000, 100, 84, 84))
    assert any("panel over an avatar" in p for p in audit.hidden([avatar, ("panel", R(950, 10, 300, 100))], []))
    assert any("text on an avatar" in p for p in audit.hidden([avatar, (R(1010, 120, 60, 30), 26)], []))
    text_out = (R(200, 95, 100, 30), 26)   # half in a panel, half out
    assert any("runs into a panel" in p for p in audit.hidden([("panel", R(100, 10, 150, 100)), text_out], []))
    # an overlay (the guide's tip) hides what was drawn under it
    under = [("card:hand:0", R(100, 100, 112, 172)), (R(130, 180, 40, 30), 26)]
    assert audit.hidden(under, [])
    assert not audit.hidden(under + [("cover", R(0, 0, 400, 400))], [])


def _late_hand(size, players=4, large=False, lang="es"):
    app = audit.make_app(size, large, lang)
    app.manager.switch(start_game(app, Options(players=players, first_to=2)))
    audit._play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn()
                      and len(app.session.hand.tricks) >= 6 and not app.scene.table.animator.busy)
    return app


def test_the_audit_sees_a_won_pile_moved_under_the_buttons():
    """Not a rubber stamp: the right player's won pile where it lay before this check existed
    (under the buttons of a phone held sideways) fails the audit."""
    app = _late_hand((844, 390))
    assert not audit.measure(app, "play-late-4p").problems
    table = app.layout.table
    right = app.layout.hud.buttons["last"].center
    app.layout = dataclasses.replace(app.layout, table=dataclasses.replace(
        table, pile_at={**table.pile_at, "right": right, "left": right, "top": right}))
    app.scene.table.snap()
    assert any("under a button" in p for p in audit.measure(app, "play-late-4p").problems)


@pytest.mark.parametrize("size", [(568, 320), (640, 360), (844, 390)], ids=["568x320", "640x360", "844x390"])
@pytest.mark.parametrize("large", [False, True], ids=["normal-text", "large-text"])
def test_sideways_the_side_players_stand_above_the_buttons(size, large):
    app = audit.make_app(size, large)
    lay = app.layout
    geo, top = lay.table, min(b.top for b in lay.hud.buttons.values())
    for place in ("left", "right"):
        x, y = geo.hand_at[place]
        assert geo.side_fan == "across"
        assert y + 172 * geo.side_scale / 2 < top - 6      # the cards above the buttons
        px, py = geo.pile_at[place]
        assert py + 172 * geo.pile_scale / 2 < top - 6     # the won pile too
        assert abs(px - x) > 112 * (geo.side_scale + geo.pile_scale) / 2 + geo.side_step  # beside the cards


def test_a_folded_phone_sideways_with_large_text_drops_the_level_line():
    """653x280 (a Galaxy Fold folded, held sideways) with large text: under the score panel's five
    lines a side player's name, level and cards reached the buttons. The level's line goes (the
    cards, smaller, stand above the buttons); where there is room it stays."""
    app = audit.make_app((653, 280), True)
    geo, top = app.layout.table, min(b.top for b in app.layout.hud.buttons.values())
    assert geo.sub_lines == 0 and geo.side_scale >= 0.3
    for place in ("left", "right"):
        assert geo.hand_at[place][1] + 172 * geo.side_scale / 2 < top - 6
    assert audit.make_app((653, 280)).layout.table.sub_lines == 1
    assert audit.make_app((568, 320), True).layout.table.sub_lines == 1
    app = _late_hand((653, 280), players=3, large=True)
    texts = _drawn_texts(app)
    assert "Normal" not in texts and "Máquina: Normal" not in texts
    assert not any("under a button" in p or "off screen" in p for p in audit.measure(app, "play").problems)


def test_the_folded_phone_keeps_the_level_line_with_two_players():
    """The level's line went for the side players' sake; with two players there are none, and the
    layout now knows the number of players of the match on (``layout.compute(players=)``)."""
    app = _late_hand((653, 280), players=2, large=True)
    assert app.layout.table.sub_lines == 1 and "Normal" in _drawn_texts(app)
    assert not audit.measure(app, "play").problems
    app = _late_hand((653, 280), players=3, large=True)
    assert app.layout.table.sub_lines == 0


@pytest.mark.parametrize("size,large", [((653, 280), True), ((653, 280), False), ((600, 300), True),
                                        ((480, 320), False), ((480, 320), True)])
def test_short_sideways_screens_pass_the_whole_audit(size, large):
    """A folded phone held sideways, and a 2:1 phone with large text: late in a hand the left and
    right cards on the table reached into the turn's message. The table's middle now rises (no
    higher than the top card clears the top player's cards) and its cards shrink if that is not
    enough (0.79 of a card at 653x280, 0.85 elsewhere). With your card down and the others to
    play (measured since the thirty-fourth session) your card lay 11 px on your hand at 653x280, and
    with large text the top one on the top player's cards: the top and bottom cards now fit between
    those too (0.68 of a card there, 0.74 with large text)."""
    reports = audit.audit(size, large)
    bad = [r.line() for r in reports if r.problems]
    assert not bad, "\n".join(bad)
    assert {"play-late-3p", "play-late-4p", "play-aids-4p", "guide-muestra"} <= {r.scene for r in reports}


def test_sideways_two_players_spread_the_hand_into_the_senas_room():
    """Held sideways the hand stood right of the señas' row, overlapping, even in a game that has no
    señas (two players): there the hand takes that room, its three cards side by side on a 568x320
    phone, and on a 480x320 one (where it ran into the buttons) the two-player table passes the
    audit; a pair with señas keeps its row."""
    from game.ui import layout

    for size in ((568, 320), (640, 360)):
        two = layout.compute(size, senas=False, players=2).table
        pairs = layout.compute(size, senas=True, players=4).table
        assert two.hand_step >= 112 * two.hand_scale > pairs.hand_step   # side by side / overlapping
        assert two.hand_at["bottom"][0] < pairs.hand_at["bottom"][0]
    for large in (False, True):   # with large text the top player's pile lay under the score panel
        app = _late_hand((480, 320), players=2, large=large)
        assert not audit.measure(app, "play-late-2p").problems
    app = _late_hand((568, 320), players=2, large=True)
    views = [app.scene.table.views[int(c)].rect() for c in app.session.hand.hand_of(0)]
    assert all(not a.colliderect(b) for i, a in enumerate(views) for b in views[i + 1:])
    assert not audit.measure(app, "play-late-2p").problems


def test_a_narrow_sideways_phone_puts_the_senas_title_above_its_row():
    """480x320 held sideways with three or four players: the hand stood between the señas' row (its
    title on the left) and the buttons and ran under them. Where the hand does not fit beside title and
    row, the title goes above the row; without señas (three players, or pairs without them) the hand
    takes the bottom left as far as the left player's group allows."""
    from game.ui import layout

    narrow = layout.compute((480, 320), senas=True, players=4)
    row = narrow.hud.sena_buttons
    assert narrow.hud.sena_title[1] + 20 < row[0].top and row[0].left == narrow.hud.sena_title[0]
    buttons = narrow.hud.buttons["last"]
    right = narrow.table.hand_at["bottom"][0] + narrow.table.hand_step + 112 * narrow.table.hand_scale / 2
    assert row[2].right < narrow.table.hand_at["bottom"][0] - narrow.table.hand_step and right < buttons.left
    wide = layout.compute((568, 320), senas=True, players=4).hud   # room enough: the title beside the row
    assert wide.sena_title[0] < wide.sena_buttons[0].left and wide.sena_title[1] > wide.sena_buttons[0].top
    three = layout.compute((480, 320), senas=False, players=3).table
    assert three.hand_at["bottom"][0] < narrow.table.hand_at["bottom"][0]
    for players in (3, 4):
        for large in (False, True):
            app = _late_hand((480, 320), players=players, large=large)
            assert not audit.measure(app, f"play-late-{players}p").problems


def test_a_side_players_level_keeps_to_the_lines_above_its_cards():
    """1024x600 with large text in English: "Computer: Normal" took two lines under a side player's
    name and the second ran onto the column of cards; where two lines do not fit, one line, in a word."""
    app = _late_hand((1024, 600), players=4, large=True, lang="en")
    assert app.layout.form == "desktop" and app.layout.table.sub_lines == 2
    assert not audit.measure(app, "play-late-4p").problems
    texts = _drawn_texts(app)
    # the side players' level in a word; the top player, the partner in pairs, "Partner: Normal" on its line
    assert texts.count("Normal") == 2 and texts.count("Partner: Normal") == 1 and "Computer:" not in texts


def _drawn_texts(app):
    import uidrive as drive  # noqa: PLC0415

    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    return [d.text for d in seen]


def test_the_level_in_a_word_where_one_line_is_all_there_is():
    sideways = _late_hand((568, 320), players=3)
    texts = _drawn_texts(sideways)
    assert "Normal" in texts and not any(t.startswith("Máquina") for t in texts)
    upright = _late_hand((390, 844), players=3)
    assert "Máquina: Normal" in _drawn_texts(upright)   # it fits on the line
    small = _late_hand((320, 568), players=4, large=True)   # it does not: more room for the table
    texts = _drawn_texts(small)
    assert "Normal" in texts and not any(t.startswith("Máquina") for t in texts)
    desktop = _late_hand((1280, 720), players=3)
    assert "Máquina: Normal" in _drawn_texts(desktop)


@pytest.mark.parametrize("large", [False, True], ids=["normal-text", "large-text"])
def test_a_short_table_closes_up_and_its_cards_grow(large):
    """Upright on a small phone the table is short: the four places close up (the top and bottom
    cards meet in the middle, between the left and right ones) and the cards grow with the room."""
    from game.ui import layout  # noqa: PLC0415

    lay = layout.compute((320, 568), large_text=large)
    geo = lay.table
    card_w, card_h = 112 * geo.table_scale, 172 * geo.table_scale
    assert card_w * lay.css_scale >= 30                     # was 29.5 / 17.9 CSS px with the wide cross
    top = geo.center[1] + geo.play_at["top"][1]
    bottom = geo.center[1] + geo.play_at["bottom"][1]
    left_x = geo.center[0] + geo.play_at["left"][0]
    assert top + card_h / 2 <= bottom - card_h / 2 + 2              # the top card above the bottom one
    assert left_x + card_h / 2 <= geo.center[0] - card_w / 2 + 2    # the left card (across) left of them
    roomy = layout.compute((390, 844), large_text=large).table
    assert roomy.play_at["top"][0] == 0 and roomy.play_at["top"][1] <= -104   # a roomy table keeps its cross (grown)


def test_a_table_too_short_to_close_up_lays_its_cards_in_a_row():
    """320x480 upright with large text: not even the closed-up cross fits between the others'
    cards and the turn's message (the top player's card lay on their hand). The four places go
    in a row, left to right as the players sit, each clear of the next, of the muestra, of the
    others' cards above and of a one-line message below."""
    from game.ui import layout  # noqa: PLC0415

    lay = layout.compute((320, 480), large_text=True)
    geo = lay.table
    k = geo.table_scale
    places = []
    for seat in ("left", "top", "bottom", "right"):
        dx, dy = geo.play_at[seat]
        across = geo.play_angle[seat] in (90, -90)
        w, h = (172 * k, 112 * k) if across else (112 * k, 172 * k)
        places.append(R(0, 0, round(w), round(h)))
        places[-1].center = (geo.center[0] + dx, geo.center[1] + dy)
    assert all(a.right < b.left for a, b in zip(places, places[1:]))       # in a row, apart
    muestra_right = geo.muestra[0] + 172 * geo.stock_scale / 2
    assert places[0].left > muestra_right
    assert places[-1].right < lay.size[0]
    others_bottom = geo.hand_at["top"][1] + 172 * geo.side_scale / 2
    assert min(p.top for p in places) > others_bottom
    app = _late_hand((320, 480), players=4, large=True)
    box_top = lay.hud.message_y - (app.typo.line(28) + 12) // 2
    assert max(p.bottom for p in places) <= box_top
    assert not audit.measure(app, "play-late-4p").problems
    # a roomier screen keeps the cross
    assert layout.compute((320, 568), large_text=True).table.play_at["top"][0] == 0


def test_the_turns_message_steps_aside_from_the_stock():
    """On a short table the turn's message (two lines for the cambio's prompt, large text) would lie
    over the muestra's corner: it moves right of the stock and the muestra and fits the room left."""
    from game.ui.scenes import play_view  # noqa: PLC0415

    app = audit.make_app((320, 480), True)
    app.manager.switch(start_game(app, Options(players=2, first_to=2)))
    audit._play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn())
    scene = app.scene
    scene.message = ("Tu turno: puedes cambiar el siete de oros por la muestra", (255, 255, 255))
    app.typo.record = []
    play_view.draw_status(scene, app.surface)
    panels = [rect for kind, rect in app.typo.record if kind == "panel"]
    clear = scene.table.stock_area()
    assert panels and clear is not None
    assert not panels[0].colliderect(clear) and panels[0].right <= app.layout.size[0]
    app.typo.record = None
    # where there is room the line stays in the middle
    wide = audit.make_app((390, 844), True)
    wide.manager.switch(start_game(wide, Options(players=2, first_to=2)))
    audit._play_until(wide, lambda: wide.scene.name == "play" and wide.scene.human_turn())
    wide.scene.message = ("Ganas la baza: +2", (255, 255, 255))
    wide.typo.record = []
    play_view.draw_status(wide.scene, wide.surface)
    box = next(rect for kind, rect in wide.typo.record if kind == "panel")
    assert abs(box.centerx - wide.layout.cx) <= 1
    # held sideways on a folded phone (653x280, large text) the prompt beside the stock takes two
    # lines: it rises rather than lie over your hand
    fold = audit.make_app((653, 280), True)
    fold.manager.switch(start_game(fold, Options(players=2, first_to=2)))
    audit._play_until(fold, lambda: fold.scene.name == "play" and fold.scene.human_turn())
    fold.scene.message = scene.message
    fold.typo.record = []
    play_view.draw_status(fold.scene, fold.surface)
    box = next(rect for kind, rect in fold.typo.record if kind == "panel")
    hand = [r for kind, r in fold.typo.record if kind == "card:hand:0"] or [
        fold.scene.table.views[int(c)].rect() for c in fold.scene.table.model.hands[fold.scene.table.viewer]]
    assert box.height > 2 * fold.typo.line(20) and not box.colliderect(fold.scene.table.stock_area())
    assert all(box.bottom <= r.top for r in hand)


def test_an_empty_text_draws_nothing_and_does_not_crash():
    """pygame-ce's smoothscale crashes the process on a surface 0 px wide, which is what an empty
    string renders to: Typography draws "" as a transparent pixel-wide strip (the match end's
    headline is "" when no side has won, as the audit opens it)."""
    app = audit.make_app((390, 844))
    surface = pygame.Surface((100, 100))
    for size in (12, 26, 64):
        img = app.typo.render("", size)
        assert img.get_width() == 1 and img.get_height() >= 1 and img.get_at((0, 0)).a == 0
        rect = app.typo.blit(surface, "", (50, 50), size, anchor="center")
        assert rect.width == 1
    app = _late_hand((390, 844), players=2)   # a match on, no side has won it yet
    app.go("match_end")
    app.step(1 / 60)
    assert app.scene.name == "match_end" and app.scene.headline() == ""
    assert not audit.measure(app, "match_end").problems


@pytest.mark.parametrize("size, keys", [((390, 844), False), ((844, 390), False), ((1280, 720), True)],
                         ids=["upright", "sideways", "desktop"])
def test_touch_screens_are_not_told_about_keys(size, keys):
    """The deal's "skip" line and the cambio's prompt name a key (Intro, S) only where the
    keyboard help shows (the desktop); a phone says "Toca para saltar", leaves out "(S)" and
    asks only for a tap to see one's cards."""
    from game.ui.scenes.play_view import status_text  # noqa: PLC0415

    app = audit.make_app(size)
    app.settings["speed"] = "normal"
    app.manager.switch(start_game(app, Options(players=2)))
    for _ in range(20):
        app.step(1 / 60)
    assert app.scene.name == "deal"
    texts = _drawn_texts(app)
    assert ("Intro/clic: saltar" in texts) == keys and ("Toca para saltar" in texts) == (not keys)
    app.settings["speed"] = "instant"
    app.go("menu")
    app.manager.switch(app.scene.act("guide"))    # the guided hand: the cambio is on offer at once
    audit._play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn())
    text, _color = status_text(app.scene)
    assert "cambiar" in text and text.endswith("(S)") == keys
    app.go("handoff")     # the pass-the-device screen: tap it (or press Intro, on a desktop)
    app.step(1 / 60)
    tap = [t for t in _drawn_texts(app) if "toca la pantalla" in t]
    assert tap and any("Intro" in t for t in tap) == keys


def _long_names_hand(size, players, large=True, lang="es"):
    """A hand with people of the longest names (14 W's, NAME_MAX) and computers of the longest
    levels; yields (scene name, audit problems) at the handoff, mid-hand (and its last baza), the
    count, the review, then the statistics, the new-game options and the seats that remember them."""
    import uidrive as drive  # noqa: PLC0415
    from game.ui.seats import NAME_MAX, Seat  # noqa: PLC0415

    app = audit.make_app(size, large, lang)
    names = ["W" * NAME_MAX, "M" * NAME_MAX, "Ñ" * NAME_MAX]
    seats = {3: (Seat(True, names[0]), Seat(True, names[1]), Seat(False, "", "expert")),
             4: (Seat(True, names[0]), Seat(False, "", "beginner"), Seat(True, names[2]), Seat(False, "", "expert"))}
    app.manager.switch(start_game(app, Options(players=players, first_to=2), seats[players]))
    seen = set()
    for _ in range(20000):
        scene = app.scene
        if scene.name == "handoff" and "handoff" not in seen:
            seen.add("handoff")
            yield "handoff", audit.measure(app, "handoff").problems
        if scene.name == "play" and scene.human_turn() and len(app.session.hand.tricks) >= 3 and "play" not in seen:
            seen.add("play")
            yield "play", audit.measure(app, "play").problems
            scene.show_last = True
            yield "last baza", audit.measure(app, "last").problems
            scene.show_last = False
        if scene.name == "scoring":
            app.step(1 / 60)
            yield "scoring", audit.measure(app, "scoring").problems
            app.go("review")
            app.step(1 / 60)
            yield "review", audit.measure(app, "review").problems
            for name in ("stats", "options", "seats"):   # the names are in the statistics and remembered
                app.go(name)
                app.step(1 / 60)
                yield name, audit.measure(app, name).problems
            return
        if scene.name == "deal":
            scene.finish()
            app.step(1 / 60)
        elif scene.name == "handoff":
            app.step(1 / 60, [drive.key(pygame.K_RETURN)])
        elif scene.name == "play" and scene.human_turn() and not app.session.hand.over:
            scene.play(app.session.hand.legal_moves()[0])
            app.step(1 / 60)
        else:
            app.step(1 / 60)
    raise AssertionError("the hand did not reach the count")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("size", [(320, 568), (1280, 720)], ids=["320x568", "1280x720"])
@pytest.mark.parametrize("players", [3, 4])
def test_the_longest_names_and_levels_stay_in_their_room(size, players, lang):
    """Names of 14 W's (as wide as a name gets) and "Máquina: Principiante" / "Experto", with large
    text: nothing runs off the screen, into a panel or over a picture. (Before: the pair's name in
    the score panel ran over its points and off the screen, a name under an avatar over its
    neighbours', the desktop's right player's level off the right edge.)"""
    shown = dict(_long_names_hand(size, players, lang=lang))
    assert {"handoff", "play", "last baza", "scoring", "review", "stats", "options", "seats"} <= set(shown)
    assert not {name: problems for name, problems in shown.items() if problems}


def test_a_name_too_wide_is_cut_short_with_an_ellipsis():
    app = audit.make_app((390, 844))
    typo = app.typo
    assert typo.ellipsize("Ana", 26, 500) == "Ana"
    cut = typo.ellipsize("W" * 14, 26, 120, True)
    assert cut.endswith("…") and cut.startswith("W") and typo.size(cut, 26, True)[0] <= 120
    assert typo.size(cut[:-1] + "W…", 26, True)[0] > 120          # the longest beginning that fits
    assert typo.ellipsize("W" * 14, 26, 1) == "W…"                # at least a letter
    rect = typo.blit(pygame.Surface((400, 100)), "W" * 14, (0, 0), 26, width=120)
    assert rect.width <= 120
    # a value box of one line: the rest cut short on that line, not left out unseen ("Persona:" alone)
    size, lines = typo.fit_lines("Persona: " + "W" * 14, 26, 200, height=typo.line(26))
    assert len(lines) == 1 and lines[0].startswith("Persona: W") and lines[0].endswith("…")
    assert typo.size(lines[0], size)[0] <= 200
    size, lines = typo.fit_lines("W" * 14 + " " + "M" * 14, 26, 150, max_lines=2)
    assert len(lines) == 2 and all(typo.size(part, size)[0] <= 150 for part in lines)


@pytest.mark.parametrize("size", [(344, 882), (882, 344)], ids=["upright", "sideways"])
def test_a_fold_cover_screen_is_filled(size):
    """A Galaxy Z Fold's cover screen (344x882 CSS px, 2.56:1) was letterboxed (the picture kept
    2.4:1); up to 2.6:1 the picture takes the screen's shape."""
    from game.ui import layout  # noqa: PLC0415

    lay = layout.compute(size)
    assert abs(lay.size[0] / lay.size[1] - size[0] / size[1]) < 0.01
    app = audit.make_app(size)
    assert not audit.fills(app)
    wider = layout.compute((300, 900)).size   # beyond 2.6:1 the rest is margin
    assert wider[1] / wider[0] == pytest.approx(layout.MAX_ASPECT, abs=0.01)


def test_a_squat_window_keeps_the_menu_and_the_keys_line_on_screen():
    """A 4:3 window of 720x540 CSS px: big taps made the desktop menu's seventh button run off the
    bottom (its column now closes up and rises), and with large text the keys' help line ran into
    the trump and score panels (it says "1–3 play" and that the other keys are on the buttons)."""
    app = audit.make_app((720, 540), lang="en")
    app.go("menu")
    app.step(1 / 60)
    screen = app.surface.get_rect()
    assert len(app.scene.bar.buttons) >= 6
    assert all(screen.contains(b.rect) for b in app.scene.bar.buttons)
    assert not audit.measure(app, "menu").problems
    app = _late_hand((720, 540), players=4, large=True)
    texts = _drawn_texts(app)
    assert app.t("play.keys_short") in texts and app.t("play.keys_senas") not in texts
    assert not audit.measure(app, "play").problems
    roomy = _late_hand((1280, 720), players=4)
    assert roomy.t("play.keys_senas") in _drawn_texts(roomy)


def test_upright_the_senas_row_is_kept_only_for_a_match_with_senas():
    """Held upright the señas' row above the buttons stood empty in 2- and 3-player games (and in
    pairs without señas): the table takes that room, and gets it back when a match with señas
    starts (the layout follows ``app.session``)."""
    from game.ui import layout  # noqa: PLC0415

    app = audit.make_app((320, 568))
    with_row = app.layout
    assert with_row == layout.compute((320, 568))          # no match: the menus' layout, as before
    app.manager.switch(start_game(app, Options(players=2, first_to=2)))
    without = app.layout
    assert without.hud.message_y > with_row.hud.message_y + 60
    assert without.table.table_scale > with_row.table.table_scale
    sena_top = min(r.top for r in with_row.hud.sena_buttons)
    assert without.table.drop_zone.bottom > sena_top      # the table reaches into the old row
    audit._play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn())
    assert app.scene.widgets() == [app.scene.bar] and not audit.measure(app, "play").problems
    app.manager.switch(start_game(app, Options(players=4, first_to=2, senas=True)))
    assert app.layout == with_row                          # pairs with señas: the row is back
    audit._play_until(app, lambda: app.scene.name == "play" and app.scene.human_turn())
    assert app.scene.sena_bar in app.scene.widgets() and not audit.measure(app, "play").problems
    app.manager.switch(start_game(app, Options(players=4, first_to=2, senas=False)))
    assert app.layout.hud == without.hud                   # pairs without señas: no row (the table's middle
    assert app.layout.table.table_scale == without.table.table_scale   # is two players' own, over the hand)
    sideways = layout.compute((844, 390), senas=False)
    assert sideways == layout.compute((844, 390))          # sideways the señas sit beside the hand: unchanged


def test_the_senas_row_says_a_3_k_where_a_word_would_be_cut():
    """480x320 held sideways, large text, English: the señas' buttons at a finger's width showed
    "Ace", "Th…", "King". Where any of the three does not fit, all three take their short form
    (A, 3, K; in Spanish As, 3, Rey, though "Tres" fits there); where they fit, the words."""
    import uidrive as drive  # noqa: PLC0415

    def row(size, large, lang):
        app = _late_hand(size, players=4, large=large, lang=lang)
        rects = [b.rect for b in app.scene.sena_bar.buttons]
        with drive.drawn(app) as seen:
            app.scene.draw(app.surface)
        return [d.shown for r in rects for d in seen if r.contains(d.rect)]

    assert row((480, 320), True, "en") == ["A", "3", "K"]
    assert row((480, 320), True, "es") == ["As", "Tres", "Rey"]
    assert row((844, 390), True, "en") == ["Ace", "Three", "King"]
    assert row((390, 844), False, "es") == ["As", "Tres", "Rey"]


def test_the_audit_lists_texts_cut_short_but_not_the_catalogues_own_ellipses():
    """``Report.cut`` (``--cut``): a text drawn ending in "…" that no catalogue text ends so; the
    catalogue's "Barajando…", "Juega Rosa…" and the last line of "… repasando tus jugadas… 3 de 9" are
    not cuts. A person's name of 14 wide letters is still cut in the seats list at 480x320 (by
    design, docs/ui.md); the computers' values, "Ordenad…" until the twenty-first session, no more."""
    from game.ui.i18n import ends_in_ellipsis
    from game.ui.seats import Seat

    app = audit.make_app((480, 320))
    assert ends_in_ellipsis("es", "Barajando…") and ends_in_ellipsis("es", "Juega Rosa…")
    assert ends_in_ellipsis("es", "tus jugadas…")
    assert not ends_in_ellipsis("es", "Camb…") and not ends_in_ellipsis("es", "Ordenad…")
    app.go("seats")
    app.step(1 / 60)
    assert audit.measure(app, "seats").cut == []
    app.scene.seats[0] = Seat(True, "W" * 14)
    app.step(1 / 60)
    cut = audit.measure(app, "seats").cut
    assert cut == ["WWWW…"]   # "Persona:" on its line, the name cut on the next
