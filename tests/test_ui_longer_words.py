"""Texts a little longer than Spanish's (a new language's, Galician or Portuguese) on the smallest
phone with large text: what the translator's padded catalogues found running out of its room.

Why: Spanish fills some rooms nearly whole at 320x568 with large text (the menu's subtitle uses 664
of 690 px, the review's header 634 of about 680), so a language 5-15 % longer broke them where the
audit in es, en and ca passed.
"""

from __future__ import annotations

import math

import pytest

import uidrive as drive
from game.ui import i18n
from game.ui.desktop import audit

SMALL = (320, 568)


def longer(text: str, share: float) -> str:
    """``text`` with each word ``share`` longer, by one letter at least (placeholders, numbers and
    signs kept), as a translator's padded catalogue makes it."""
    out = []
    for word in text.split(" "):
        stem = word.rstrip(":,.;!?")
        grow = 0 if "{" in word or not stem.isalpha() else math.ceil(len(stem) * share)
        out.append(stem + "o" * grow + word[len(stem):])
    return " ".join(out)


@pytest.fixture
def spanish(monkeypatch):
    """Set a Spanish text longer for the test (the catalogue is put back after it)."""
    def make_longer(key: str, share: float) -> str:
        words = i18n.catalogue("es")
        monkeypatch.setitem(words, key, longer(words[key], share))
        return words[key]
    return make_longer


@pytest.mark.parametrize("share", [0.1, 0.3])
def test_the_reviews_header_fits_its_box_in_a_longer_language(spanish, share):
    """"Baza 20 de 20 · triunfo: espadas" was drawn at its size whatever its width: 8 % longer ran out
    of the review's box, 14 % off the screen. It now shrinks to the box, or takes two lines, whole."""
    for key in ("review.baza", "suit.O", "suit.C", "suit.E", "suit.B"):
        spanish(key, share)
    app = audit.make_app(SMALL, True)
    shown = audit._practice(app)
    assert next(shown) == "practice-review"
    box = app.scene.box
    with drive.drawn(app) as said:
        report = audit.measure(app, "practice-review")
    whole = app.t("review.baza", n=20, total=20, trump=app.t(f"suit.{app.session.hand.trump_suit}"))
    head = [d for d in said if d.text in whole]   # on one line, or two (the " · " between them left out)
    assert " ".join(d.shown for d in head).replace(" · ", " ") == whole.replace(" · ", " ")
    assert len(head) == 1 or all(d.shown.strip(" ·") == d.shown for d in head), [d.shown for d in head]
    assert all(box.contains(d.rect) for d in head), ([d.rect for d in head], box)
    assert not report.problems, report.line()


@pytest.mark.parametrize("share", [0.1, 0.3])
@pytest.mark.parametrize("size", [SMALL, (280, 653)], ids=["320x568", "280x653"])
def test_a_longer_subtitle_on_two_lines_stays_above_the_menus_buttons(spanish, share, size):
    """"El juego de cartas de la baraja española" uses 664 of 690 px at 320x568 with large text; a
    subtitle a little longer went on two lines (as it may) and its second lay under the first button.
    The buttons now start under it, and the menu still passes the audit."""
    spanish("app.subtitle", share)
    app = audit.make_app(size, True)
    app.go("menu")
    app.step(1 / 60)
    with drive.drawn(app) as said:
        report = audit.measure(app, "menu")
    lines = [d for d in said if d.text in app.t("app.subtitle")]
    assert len(lines) == 2 and " ".join(d.shown for d in lines) == app.t("app.subtitle")
    assert lines[-1].rect.bottom <= min(b.rect.top for b in app.scene.bar.buttons)
    assert not report.problems, report.line()
