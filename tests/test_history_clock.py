"""The history's dates under a moving clock (an outside tester's faked clock, clock38 F1 and F3).

A match's "when" was local wall-clock time with no zone: ended at 23:30 in Madrid, it read "Hoy,
23:30" in New York at 17:40 and in the Canaries at 22:40, hours not come yet there. It was also the
time the match was counted, not played: over on Friday night, counted on Monday (the tab closed as its
last baza landed), it read "Hoy". And a match dated a year ahead (the clock was wrong then) read as a
plain date above "Hoy". Only the clock (``time.time``) and the time zone (``TZ``) are faked here."""

from __future__ import annotations

import calendar
import os
import random
import time

import pytest

from game.storage import MemoryBackend, Storage
from game.ui import history, stats
from game.ui.app import App
from game.ui.desktop.audit import play_out
from game.ui.i18n import Words
from game.ui.persist import Store
from game.ui.scenes.common import count_left_hand
from game.ui.session import Options, Session


@pytest.fixture
def clock(monkeypatch):
    """``clock(utc, zone)`` sets the clock to ``utc`` ("2026-12-07 22:30") and the time zone to ``zone``."""
    now = [0.0]
    monkeypatch.setattr(time, "time", lambda: now[0])

    def at(utc: str, zone: str) -> None:
        now[0] = float(calendar.timegm(time.strptime(utc, "%Y-%m-%d %H:%M")))
        os.environ["TZ"] = zone
        time.tzset()

    had = os.environ.get("TZ")
    yield at
    if had is None:
        os.environ.pop("TZ", None)
    else:
        os.environ["TZ"] = had
    time.tzset()


def shown(when: str, lang: str = "es") -> str:
    return history.when_words(Words(lang), when, history.local_today())


def test_a_match_reads_in_the_time_of_the_zone_it_is_read_in(clock):
    clock("2026-12-07 22:30", "Europe/Madrid")   # 23:30 in Madrid
    when = history.local_now()
    assert when == "2026-12-07 23:30 +01:00"
    assert shown(when) == "Hoy, 23:30"
    clock("2026-12-07 22:40", "Atlantic/Canary")   # ten minutes later, 22:40 there
    assert shown(when) == "Hoy, 22:30"
    clock("2026-12-07 22:40", "America/New_York")   # 17:40
    assert shown(when, "en") == "Today, 17:30"
    clock("2026-12-07 22:40", "Asia/Tokyo")   # 07:40 the next day
    assert shown(when, "ca") == "Avui, 07:30"
    clock("2026-07-01 10:00", "Asia/Kolkata")   # half-hour zones, west and east
    assert history.local_now() == "2026-07-01 15:30 +05:30"
    clock("2026-07-01 10:00", "America/St_Johns")
    assert history.local_now() == "2026-07-01 07:30 -02:30"


def test_an_older_entry_without_its_zone_reads_as_it_was_stored(clock):
    clock("2026-12-07 22:40", "America/New_York")
    assert shown("2026-12-07 23:30") == "Hoy, 23:30"   # (nothing says where it was: as before)
    assert shown("2026-12-06 21:40", "en") == "Yesterday, 21:40"


def test_a_date_after_today_says_the_clock_may_have_been_ahead(clock):
    clock("2025-12-07 20:00", "Europe/Madrid")
    ahead = history.local_now()
    clock("2024-12-07 21:00", "Europe/Madrid")   # the clock was a year ahead: put right
    assert shown(ahead) == "7 dic 2025, 21:00 (¿reloj adelantado?)"
    assert shown(ahead, "en") == "7 Dec 2025, 21:00 (clock ahead?)"
    assert shown("2025-12-07 21:00", "ca") == "7 des. 2025, 21:00 (rellotge avançat?)"
    assert shown("2024-12-07 20:59") == "Hoy, 20:59" and shown("2023-12-07 21:00") == "7 dic 2023, 21:00"
    assert history.when_words(Words("es"), ahead, None) == "7 dic 2025, 21:00"   # no today: no hint


def test_a_match_is_dated_when_its_last_hand_ended_not_when_it_is_counted(clock):
    """Over on Friday at 23:58 and saved, but not counted (the tab closed as its last baza landed):
    counted on Monday at 10:00, as a new match replaces it, or as the player goes on with it."""
    clock("2026-12-04 22:58", "Europe/Madrid")   # Friday 23:58 in Madrid
    session = play_out(Session(Options(players=2, first_to=1), seed=3), random.Random(3))
    assert session.match.over and session.recorded == -1
    store = Store(Storage(MemoryBackend()))
    store.save_match(session.to_save(), replace=True)
    saved = store.load_match()
    clock("2026-12-07 09:00", "Europe/Madrid")   # Monday 10:00
    app = App(store, window=False, seed=1, size=(390, 844))
    count_left_hand(app)   # a new match started: the one left is counted first
    (entry,) = app.stats["history"]
    assert history.dated(entry) == "2026-12-04 23:58 +01:00"
    assert history.lines(app.words, entry, history.local_today())[0].startswith("Viernes 4, 23:58")
    figures: dict = {}
    assert stats.record_hand(figures, Session.from_save(saved))   # gone on with: counted as its count opens
    assert [history.dated(e) for e in figures["history"]] == ["2026-12-04 23:58 +01:00"]


def test_an_older_copy_still_reads_the_date_of_a_match_counted_here(clock):
    """Copies of rounds 36 and 37 (the home-screen app not yet updated, a cached tab beside this one,
    reading the same statistics) read a match's "when" as "%Y-%m-%d %H:%M" and show any other text as
    it is: a match counted here, stored "2026-12-07 23:30 +01:00", read "2026-12-07 23:30 +01:00" there
    in every language, the raw form round 36 put right. Its "when" keeps the form they read, the local
    date and time; the offset stands beside it, a plain field they keep and write back as a newer
    version's; this copy reads both together, in the time of the zone it is read in."""
    import datetime

    clock("2026-12-07 22:30", "Europe/Madrid")   # 23:30 in Madrid
    figures: dict = {}
    play_out(Session(Options(players=2, first_to=1), seed=3), random.Random(3),
             lambda s: stats.record_hand(figures, s, words=Words("es")))
    (entry,) = figures["history"]
    # as rounds 36 and 37 read it (history.when_words then): "Hoy, 23:30" there, not the text as it is
    assert datetime.datetime.strptime(entry["when"], "%Y-%m-%d %H:%M") == datetime.datetime(2026, 12, 7, 23, 30)
    assert history.newer_fields_ok(entry, history.FIELDS)   # (what they keep of a newer version's entry)
    assert shown(entry["when"]) == "Hoy, 23:30"
    clock("2026-12-07 22:40", "America/New_York")   # here, the zone kept: 17:30 in New York
    assert history.lines(Words("en"), entry, history.local_today())[0].startswith("Today, 17:30")
    clock("2026-12-07 22:40", "Asia/Tokyo")
    assert history.lines(Words("ca"), entry, history.local_today())[0].startswith("Avui, 07:30")


def test_a_clock_that_says_nothing_dates_nothing_and_utc_is_plus_zero(clock):
    """NaN or a 1970 clock (a browser or a board without one) dates no match; in UTC the offset is
    "+00:00" (RFC 3339's "-00:00" means "zone unknown")."""
    assert history.local_now(float("nan")) is None and history.local_now(0.0) is None
    clock("2026-12-07 22:30", "UTC")
    assert history.local_now() == "2026-12-07 22:30 +00:00"


def test_an_offset_of_another_shape_or_no_when_is_not_joined_to_the_date(clock):
    """A newer version's offset ("Europe/Madrid") or an entry without a date keeps what an older
    entry shows: the date alone, read as local time ("Hoy, 23:30"); no date, none."""
    clock("2026-12-07 22:30", "Europe/Madrid")
    entry = {"when": "2026-12-07 23:30", "offset": "Europe/Madrid"}
    assert history.dated(entry) == "2026-12-07 23:30" and shown(history.dated(entry)) == "Hoy, 23:30"
    assert history.dated({"when": None, "offset": "+01:00"}) is None
