"""Percentages as each language writes them: "22 %" in Spanish and Catalan, with a no-break space
(the number and its sign never part at the end of a line), "22%" in English. The statistics screen
wrote "22 %" with a plain space in every language, where the match end wrote "(100%)" in English:
the two screens disagreed (an outside tester's clock38, F4). One helper, ``Words.percent``, writes
every percentage shown: the statistics, the match end, the volume."""

from __future__ import annotations

import random
import re

import pygame
import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import stats
from game.ui.app import App
from game.ui.desktop import audit
from game.ui.i18n import Words
from game.ui.persist import Store
from game.ui.session import Options, Session

DT = 1 / 30
STYLE = {"es": "\u00a0%", "ca": "\u00a0%", "en": "%"}


def texts_of(app: App) -> list[str]:
    with drive.drawn(app) as seen:
        app.scene.draw(app.surface)
    return [d.text for d in seen]


def percents(texts: list[str]) -> list[str]:
    """Every figure followed by a percent sign in ``texts``, with what stands between them."""
    return [m.group(0) for text in texts for m in re.finditer(r"\d+\s*%", text)]


@pytest.mark.parametrize("lang", ["es", "en", "ca"])
def test_every_percentage_shown_is_written_in_the_languages_style(lang):
    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=(390, 844))
    app.set_setting("lang", lang)
    session = audit.play_out(Session(Options(players=2, first_to=2), seed=11), random.Random(4),
                             lambda s: stats.record_hand(app.stats, s))   # as the count does, hand by hand
    app.session = session
    app.go("match_end")
    app.step(DT)
    shown = percents(texts_of(app))
    app.go("stats")
    app.step(DT)
    shown_stats = percents(texts_of(app))
    app.go("settings")
    app.step(DT)
    volume = next(row for row in app.scene.list.shown() if row.label == "set.volume")
    shown_volume = percents([volume.text(volume.value)])
    assert shown and shown_stats and shown_volume, (shown, shown_stats, shown_volume)
    for text in shown + shown_stats + shown_volume:
        assert re.fullmatch(r"\d+" + STYLE[lang], text), (lang, text)


def test_the_no_break_space_is_drawn_as_a_space():
    """The bundled font holds U+00A0 and draws it as a plain space: "22 %" looks the same either way."""
    app = App(Store(Storage(MemoryBackend())), window=False, seed=5, size=(390, 844))
    assert app.typo.drawable("\u00a0")
    plain, kept = (app.typo.render(text, 24) for text in ("22 %", Words("es").percent(22)))
    assert kept.get_size() == plain.get_size()
    assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(plain, "RGBA")
    assert [Words(lang).percent(22) for lang in ("es", "en", "ca")] == ["22\u00a0%", "22%", "22\u00a0%"]
