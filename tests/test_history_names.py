"""The history's words as a player reads them: which computers are named by the name they had at the
table, a newer version's level, the weekday window, and today's date as the real clock gives it.

An outside mutation audit (mut37) changed each of these and every history test still passed: every
computer named "Lola (Normal)" even alone on its side, a raw catalogue key for two computers of a
newer version's level, a match six days ago as a full date, and "Hoy"/"Ayer" silently off (every
test replaced ``local_today``, so the real one never ran)."""

from __future__ import annotations

import time

from game.ui import history
from game.ui.i18n import Words

BASE = {"when": "2026-12-07 21:40", "wins": [2, 1], "points": [70, 50], "winner": 0, "rules": {}}
THREE = dict(BASE, wins=[2, 0, 1], points=[50, 30, 40])


def test_a_computer_alone_reads_by_its_level_even_where_the_entry_keeps_its_name():
    """docs/ui.md: a computer reads by the name the table gave it only where two sides would read
    alike; else "Máquina (Normal)", as in every older entry."""
    words = Words("es")
    you = dict(BASE, seats=[{"person": ""}, {"cpu": "normal", "name": "Lola"}])
    assert history.side_names(words, you) == ["Tú", "Máquina (Normal)"]
    ana = dict(BASE, seats=[{"person": "Ana"}, {"cpu": "expert", "name": "Lola"}])
    assert history.side_names(words, ana) == ["Ana", "Máquina (Experto)"]


def test_two_computers_of_one_level_on_two_sides_read_by_their_names():
    words = Words("es")
    e = dict(THREE, seats=[{"person": "Ana"}, {"cpu": "normal", "name": "Lola"}, {"cpu": "normal", "name": "Paco"}])
    assert history.side_names(words, e) == ["Ana", "Lola (Normal)", "Paco (Normal)"]


def test_two_computers_of_a_newer_versions_level_read_by_their_names_plainly():
    """A level this copy does not know has no words: the name alone, never a catalogue key."""
    words = Words("es")
    e = dict(THREE, seats=[{"person": "Ana"}, {"cpu": "master", "name": "Lola"}, {"cpu": "master", "name": "Paco"}])
    assert history.side_names(words, e) == ["Ana", "Lola", "Paco"]


def test_a_match_six_days_ago_reads_by_its_weekday_and_seven_by_its_date():
    words = Words("es")
    # 2026-12-07 is a Monday: six days before, Tuesday the 1st
    assert history.when_words(words, "2026-12-01 21:40", "2026-12-07") == "Martes 1, 21:40"
    assert history.when_words(words, "2026-11-30 21:40", "2026-12-07") == words.t(
        "history.date", n=30, month=words.t("history.months").split("|")[10], year=2026, time="21:40")


def test_today_is_the_date_part_of_the_local_clock(monkeypatch):
    """Only the clock is fixed (time.time); the real local_now and local_today read it, and a match
    finished now reads "Hoy, HH:MM"."""
    at = 1_796_679_600.0   # 2026-12-07 21:40 UTC (the local date is read below, whatever the zone)
    monkeypatch.setattr(time, "time", lambda: at)
    day = time.strftime("%Y-%m-%d", time.localtime(at))
    assert history.local_today() == day
    now = history.local_now()
    assert now.startswith(day + " ")
    assert history.when_words(Words("es"), now, history.local_today()) == "Hoy, " + now[11:16]


def test_a_clock_that_says_nothing_gives_no_today(monkeypatch):
    monkeypatch.setattr(time, "time", lambda: 86_400.0)   # a board with no clock: 1970
    assert history.local_today() is None


# --- the computers' names in the language the history is read in (round 38) -----------------------
def _finished(spec: str, lang: str) -> tuple:
    """A three-player match played out (seeded) and counted with the table's words in ``lang``:
    (its session, its history entry)."""
    import random

    from game.ui import stats
    from game.ui.desktop.audit import play_out
    from game.ui.options import Options
    from game.ui.seats import parse_spec
    from game.ui.session import Session

    figures: dict = {}
    session = Session(Options(players=3, first_to=1), seed=5, seats=parse_spec(spec))
    play_out(session, random.Random(5), lambda s: stats.record_hand(figures, s, lambda: BASE["when"], Words(lang)))
    (entry,) = figures["history"]
    return session, entry


def test_the_computers_names_read_in_the_language_the_history_is_read_in():
    """A match against two Normal computers ended in Catalan ("Núria", "Pep" at the table); the player
    then chose Spanish, and the history still read "Núria (Normal)" and "Pep (Normal)" where the
    Spanish table calls them Lola and Paco. Each computer reads by the name the table gives it in
    the language of the page; the entry still keeps the day's name for older copies of the game."""
    from game.ui import seats

    session, entry = _finished("person:,cpu:normal,cpu:normal", "ca")
    assert [s.get("name") for s in entry["seats"]] == [None, "Núria", "Pep"]   # (what older copies read)
    for lang in ("es", "en", "ca"):
        words = Words(lang)
        table = seats.names(words, session)
        level = words.level("normal")
        assert history.side_names(words, entry)[1:] == [f"{table[1]} ({level})", f"{table[2]} ({level})"], lang
    assert history.side_names(Words("es"), entry)[1:] == ["Lola (Normal)", "Paco (Normal)"]


def test_an_entry_stored_in_another_language_reads_in_this_one():
    """An entry an earlier copy stored in Catalan, its computers' names in Catalan, reads in Spanish by
    the Spanish table's names, and in Catalan as it was."""
    old = dict(THREE, seats=[{"person": "Ana"}, {"cpu": "normal", "name": "Núria"}, {"cpu": "normal", "name": "Pep"}])
    assert history.side_names(Words("es"), old) == ["Ana", "Lola (Normal)", "Paco (Normal)"]
    assert history.side_names(Words("ca"), old) == ["Ana", "Núria (Normal)", "Pep (Normal)"]
