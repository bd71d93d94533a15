"""The hand's review with people passing the device: every verdict says whose move it is, and the
strip of the bazas' marks, the count over it and the verdicts keep apart.

Held sideways with large text (568x320), three players of whom two people, the review at baza 11
left out "Bernadette jugó el siete de oros." for room: both red verdicts stood under "Ana jugó el
as de oros.", and Bernadette's read as Ana's (an outside mutation audit, mut37). Its mutants also
moved the count onto the strip of marks, and the marks up into the count, with every review test
passing: nothing measured one against the other."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

from game.hand import SWAP
from game.ui.desktop import audit
from game.ui.scenes.review import ReviewScene
from test_review_layout import TWO_PEOPLE_OF_THREE, drawn_texts, review_of_a_hand

BOTH_PEOPLE_OF_FOUR = "person:Ana,cpu:normal,person:Bernadette,cpu:normal"


def verdicts(app, scene) -> list[tuple[str, str, str]]:
    """This baza's verdicts (the expert's or a good move: rank 0), each with its person's name and
    "X jugó…" line, in the order said: each person's line, then what the expert says of it."""
    heads = {}
    for v in scene.review.in_baza(scene.index):
        key = "review.swapped_by" if v.played[0] == SWAP else "review.played_by"
        heads[app.t(key, name=scene.name_of(v.seat), card=app.words.the_card(v.played[-1]))] = scene.name_of(v.seat)
    out, head = [], None
    for text, _color, rank in scene.ranked_lines():
        if text in heads:
            head = text
        elif rank == 0 and head is not None:
            out.append((text, heads[head], head))
    return out


def says_whose(app, scene, monkeypatch) -> int:
    """Draw the baza and read it from the top: each verdict is shown, and says whose it is, by its
    own words ("Bernadette: El experto…") or by its person's "X jugó…" as the last such line over
    it. Returns how many verdicts were read."""
    flat = " ".join(t for t, _r in drawn_texts(app, monkeypatch))
    heads = {head for _t, _n, head in verdicts(app, scene)}
    at = 0
    for text, name, head in verdicts(app, scene):
        named = flat.find(app.t("review.whose", name=name, verdict=text), at)
        if named >= 0:
            at = named + 1
            continue
        shown = flat.find(text, at)
        assert shown >= 0, (scene.index, text)   # every verdict shown
        over = [(flat.rfind(h, 0, shown), h) for h in heads]
        assert max(over) == (flat.rfind(head, 0, shown), head) and max(over)[0] >= 0, (scene.index, text, name)
        at = shown + 1
    return len(verdicts(app, scene))


@pytest.mark.parametrize("size, players, spec", [
    ((568, 320), 3, TWO_PEOPLE_OF_THREE), ((480, 320), 3, TWO_PEOPLE_OF_THREE),
    ((568, 320), 4, BOTH_PEOPLE_OF_FOUR)], ids=["568x320-3p", "480x320-3p", "568x320-4p"])
def test_every_verdict_says_whose_it_is(size, players, spec, monkeypatch):
    """Held sideways with large text, at every baza."""
    app, scene = review_of_a_hand(size, players, spec)
    audit.reviewed(scene)
    read = 0
    for k in range(len(scene.review.bazas)):
        scene.go_to(k)
        read += says_whose(app, scene, monkeypatch)
    assert read >= 4


def test_bernadettes_verdict_at_baza_11_reads_as_hers(monkeypatch):
    """The tester's baza: both people's moves mistakes, the room short of a line."""
    app, scene = review_of_a_hand((568, 320), 3, TWO_PEOPLE_OF_THREE)
    audit.reviewed(scene)
    scene.go_to(10)
    assert [(name, text.startswith("El experto habría jugado")) for text, name, _h in verdicts(app, scene)] == [
        ("Ana", True), ("Bernadette", True)]
    assert says_whose(app, scene, monkeypatch) == 2


def test_of_sentences_of_one_rank_the_last_goes_first():
    """docs/ui.md: where not all fit, the least first and from the last: with room for one of two
    reasons, Ana's is kept and Bernadette's left out."""
    app = audit.make_app((568, 320), True, "es")
    line = app.typo.line(24)
    said = [(["Ana jugó…"], 1, 0), (["verdict"], 2, 0), (["reason of Ana"], 3, 2),
            (["Bernadette jugó…"], 4, 0), (["verdict"], 5, 0), (["reason of Bernadette"], 6, 2)]
    kept = ReviewScene._fitting(SimpleNamespace(app=app), said, 5 * line)
    assert [color for _lines, color in kept] == [1, 2, 3, 4, 5]


def strip_and_texts(app, scene, monkeypatch) -> tuple[list[pygame.Rect], list[tuple[str, pygame.Rect]]]:
    """Draw the review: the rects of the strip's marks (its circles and diamonds) and of every text."""
    marks: list[pygame.Rect] = []
    in_strip = [False]
    for name in ("circle", "polygon"):
        real = getattr(pygame.draw, name)
        monkeypatch.setattr(pygame.draw, name, lambda *a, _real=real, **k: (
            lambda r: (marks.append(r) if in_strip[0] else None, r)[1])(_real(*a, **k)))
    real_strip = scene.draw_strip

    def strip(*a, **k):
        in_strip[0] = True
        real_strip(*a, **k)
        in_strip[0] = False
    monkeypatch.setattr(scene, "draw_strip", strip)
    return marks, drawn_texts(app, monkeypatch)   # (which undoes the spies once drawn)


@pytest.mark.parametrize("size, players, spec", [
    ((390, 844), 2, "person:,cpu:normal"), ((568, 320), 3, TWO_PEOPLE_OF_THREE)], ids=["390x844", "568x320"])
def test_the_count_stands_over_the_strip_of_marks_and_the_words_above_both(size, players, spec, monkeypatch):
    """The count ("Jugadas mejorables en esta mano: 3") over the marks, never on them; the marks
    inside the panel; no verdict, hand or won line on either."""
    app, scene = review_of_a_hand(size, players, spec)
    audit.reviewed(scene)
    counted = 0
    for k in range(len(scene.review.bazas)):
        scene.go_to(k)
        marks, texts = strip_and_texts(app, scene, monkeypatch)
        assert len(marks) == len(scene.review.bazas) and scene.summary()
        box = scene.box
        for mark in marks:
            assert box.contains(mark), (k, mark, box)
        count = [r for t, r in texts if t == scene.summary()]
        for text, rect in texts:   # the count too: not on the marks
            assert not any(rect.colliderect(m) for m in marks), (k, text)
            if count and text != scene.summary():
                assert not rect.colliderect(count[0]), (k, text)
        if count:
            counted += 1
            assert count[0].bottom <= min(m.top for m in marks), (k, count[0], marks)
    assert counted >= len(scene.review.bazas) - 2


def test_named_verdicts_never_say_jugaste_with_people_passing_the_device():
    """Where each verdict names its person ("Bernadette: El experto…"), the line with the card played
    names the person too: "Jugaste el as de oros." read as whoever held the device (a reviewer, round
    37: the named layout built such lines, only ever dropped for room)."""
    app, scene = review_of_a_hand((568, 320), 3, TWO_PEOPLE_OF_THREE)
    audit.reviewed(scene)
    you = {app.t(key, card=app.words.the_card(card)) for key in ("review.you_played", "review.you_swapped")
           for card in scene.review.hand.deck}
    named = 0
    for k in range(len(scene.review.bazas)):
        scene.go_to(k)
        lines = scene.ranked_lines(named=True)
        assert not [text for text, _c, _r in lines if text in you], k
        people = {scene.name_of(v.seat) for v in scene.review.in_baza(k)}
        named += sum(1 for text, _c, rank in lines if rank == 3 and any(text.startswith(p) for p in people))
    assert named >= 2   # the card lines were there, by name


def test_with_room_to_spare_the_verdicts_stand_under_their_persons_lines():
    """On a desktop every baza has room for each person's "Ana jugó…" with the verdict under it:
    the verdicts are said as they are, not "Ana: El experto…", which is only for a room short of
    those lines."""
    app, scene = review_of_a_hand((1280, 720), 3, TWO_PEOPLE_OF_THREE)
    audit.reviewed(scene)
    read = 0
    for k in range(len(scene.review.bazas)):
        scene.go_to(k)
        flat = " ".join(t for t, _r in drawn_texts(app, pytest.MonkeyPatch()))
        for text, name, head in verdicts(app, scene):
            assert head in flat and text in flat, (k, text)
            assert app.t("review.whose", name=name, verdict=text) not in flat, (k, text)
            read += 1
    assert read >= 4


def test_where_verdicts_name_their_persons_a_good_move_and_a_lean_say_whose_too():
    """The layout where each verdict names its person (a phone held sideways, large text): "¡Bien
    jugado!" is said as its person's too, and "El experto prefería…" (no mistake), which names no
    one, keeps its person's "Ana jugó…" over it however little room there is: that line goes only
    after it."""
    app, scene = review_of_a_hand((568, 320), 3, TWO_PEOPLE_OF_THREE)
    audit.reviewed(scene)
    line = app.typo.line(24)
    goods = leans = 0
    for k in range(len(scene.review.bazas)):
        scene.go_to(k)
        said = scene.ranked_lines(named=True)
        texts = [text for text, _c, _r in said]
        heads: dict[str, str] = {}
        for v in scene.review.in_baza(k):
            if not v.mistake and not v.leaned:   # a good move
                assert app.t("review.whose", name=scene.name_of(v.seat), verdict=app.t("review.good")) in texts, k
                goods += 1
            key = "review.swapped_by" if v.played[0] == SWAP else "review.played_by"
            heads[app.t(key, name=scene.name_of(v.seat), card=app.words.the_card(v.played[-1]))] = v.seat
        sentences = [([text], color, rank) for text, color, rank in said]
        for room in range(len(sentences) + 1):
            kept = [lines[0] for lines, _c in scene._fitting(sentences, room * line)]
            own = shown = None   # the last person's line said, and the last one kept
            for text, _c, rank in said:
                if text in heads:
                    own, shown = text, text if text in kept else shown
                elif rank == 1.5 and text in kept:   # a lean: under its own person's line
                    assert shown == own, (k, room, text, shown)
                    leans += 1
    assert goods >= 1 and leans >= 1
