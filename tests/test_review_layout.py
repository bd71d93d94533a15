"""The hand's review on small screens, every baza with every verdict in (`audit.reviewed`): a
reviewer of round 36's diff found the won line given one line of room where it wraps to two (it ran
into "Jugadas mejorables…" at 568x320 on 12 of 13 bazas of a three-player game between two people),
the expert's verdict cut in half at 480x320, and the layout jumping from one column to two between
bazas and as the verdicts came."""

from __future__ import annotations

import pygame
import pytest

from game.ui.desktop import audit
from game.ui.options import Options
from game.ui.scenes.common import start_game
from game.ui.scenes.review import MISTAKE
from game.ui.seats import parse_spec

TWO_PEOPLE_OF_THREE = "person:Ana,person:Bernadette,cpu:normal"


def review_of_a_hand(size, players: int, spec: str, lang: str = "es", large: bool = True):
    """The review scene of one hand played out by the audit's players, large text (unless not ``large``)."""
    app = audit.make_app(size, large, lang)
    app.go("menu")
    app.manager.switch(start_game(app, Options(players=players, first_to=1), parse_spec(spec)))
    audit._play_until(app, lambda: app.scene.name == "scoring", frames=20000)
    app.step(1 / 60)
    app.manager.switch(app.scene.act("review"))
    app.step(1 / 60)
    assert app.scene.name == "review"
    return app, app.scene


def drawn_texts(app, monkeypatch) -> list[tuple[str, pygame.Rect]]:
    seen: list = []
    blit = app.typo.blit
    monkeypatch.setattr(app.typo, "blit", lambda surface, text, at, *a, **k: seen.append(
        (text, blit(surface, text, at, *a, **k))) or seen[-1][1])
    app.manager.draw(app.surface)
    monkeypatch.undo()
    return seen


def shown_whole(app, scene, monkeypatch) -> tuple[int, int]:
    """Draw the review's baza and check it: each sentence of the verdicts whole or not at all, the
    expert's verdicts always, no text of the baza on the count under it. Returns (sentences shown,
    sentences said)."""
    drawn = drawn_texts(app, monkeypatch)
    texts = [t for t, _r in drawn]
    flat = " ".join(texts)
    foot = [r for t, r in drawn if t.startswith("Jugadas mejorables")]
    said = scene.verdict_lines()
    shown = 0
    for sentence, color in said:
        whole = sentence in flat   # its lines one after another
        begun = any(len(t) > 12 and sentence.startswith(t) for t in texts)
        assert whole or not begun, (scene.index, sentence)   # whole, or not at all
        assert whole or color != MISTAKE, (scene.index, sentence)   # the expert's verdict always
        shown += whole
    for text, rect in drawn:   # the won line, the verdicts: not on the count under them
        if foot and not text.startswith("Jugadas mejorables"):
            assert not rect.colliderect(foot[0]), (scene.index, text)
    return shown, len(said)


@pytest.mark.parametrize("size", [(568, 320), (480, 320)], ids=["568x320", "480x320"])
def test_every_baza_shows_the_verdicts_whole_and_nothing_runs_into_the_count(size, monkeypatch):
    app, scene = review_of_a_hand(size, 3, TWO_PEOPLE_OF_THREE)
    audit.reviewed(scene)
    mistakes = 0
    for k in range(len(scene.review.bazas)):
        scene.go_to(k)
        shown_whole(app, scene, monkeypatch)
        mistakes += sum(color == MISTAKE for _t, color in scene.verdict_lines())
    assert mistakes >= 2   # (the hand has mistakes to show)


@pytest.mark.parametrize("size, large", [((568, 320), True), ((844, 390), True), ((390, 844), False)])
def test_the_audits_people_review_shows_both_verdicts_and_upright_everything(size, large, monkeypatch):
    """The audit's review of two people's moves in a baza: held sideways with large text it showed
    one line of six and ran into the count (the audit shot it before the expert had finished, so it
    never saw it); upright everything shows, as before."""
    app = audit.make_app(size, large)
    app.go("menu")
    for name in audit._people(app):
        if name == "people-review-4p":
            break
    scene = app.scene
    audit.reviewed(scene)
    scene.go_to(3)
    assert sum(color == MISTAKE for _t, color in scene.verdict_lines()) == 2   # both people's moves were mistakes
    shown, said = shown_whole(app, scene, monkeypatch)
    assert shown == said or size[0] > size[1]


def test_held_sideways_the_baza_stays_put_between_bazas_and_as_the_verdicts_come():
    """One layout for the screen: where the cards lie does not change with what a baza says."""
    app, scene = review_of_a_hand((568, 320), 2, "person:,cpu:normal")
    spans = set()
    for k in range(len(scene.review.bazas)):   # while the expert is still at it
        scene.go_to(k)
        app.manager.draw(app.surface)
        spans.add(tuple(scene._cards_span))
    assert not scene.review.done
    audit.reviewed(scene)
    for k in range(len(scene.review.bazas)):   # every verdict in
        scene.go_to(k)
        app.manager.draw(app.surface)
        spans.add(tuple(scene._cards_span))
    assert len(spans) == 1, spans
    assert scene.words_apart()   # the words beside the baza, held sideways


FOUR_WITH_TWO_PEOPLE = "person:Maximiliano,cpu:normal,person:Guadalupe,cpu:normal"


@pytest.mark.parametrize("large", [False, True], ids=["normal", "large"])
@pytest.mark.parametrize("players, spec", [(3, TWO_PEOPLE_OF_THREE), (4, FOUR_WITH_TWO_PEOPLE)], ids=["3p", "4p"])
def test_the_held_hands_marks_keep_off_the_next_hands_name(players, spec, large, monkeypatch):
    """The hands the people held, one under the other, each card played marked "jugada" under it: at
    320x568 that word ran 1-2 px into the next hand's "Mano de Bernadette" on a few bazas (the cards
    were planned at their scale, drawn at the sprites' step of 0.05 above it). No two of the review's
    texts lie on each other, on any baza."""
    app, scene = review_of_a_hand((320, 568), players, spec, large=large)
    audit.reviewed(scene)
    held = 0
    for k in range(len(scene.review.bazas)):
        scene.go_to(k)
        drawn = drawn_texts(app, monkeypatch)
        held += sum(t == app.t("review.mark_played") for t, _r in drawn)
        for n, (text, rect) in enumerate(drawn):
            for other, rect2 in drawn[n + 1:]:
                assert not rect.colliderect(rect2), (k, text, other, rect.clip(rect2))
    assert held >= 3   # (the people's hands were drawn, their cards marked)
