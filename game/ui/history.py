"""The last finished matches of every kind: when, who played each side, the result and the house rules.

Why: after a club evening the statistics held totals only; a match between people left no trace of
its own, and nothing said which match was played by whom or under which house rules (an outside
tester's club evening). ``stats["history"]`` keeps the last :data:`HISTORY` finished matches, people's
and the computer's alike, each once (it is added where the match is counted, ``stats.record_hand``).
No pygame here; the statistics screen's second page draws :func:`lines`.
"""

from __future__ import annotations

import calendar
import datetime
import re
import time
from typing import Any, Callable

from game.storage import is_json_value

#: How many finished matches the history keeps (the oldest goes first).
HISTORY = 20
#: The house rules a match's line names when they differ from the default (the menu's order).
RULES = ("swap_seven", "swap_timing", "swap_two", "removed_card", "senas", "watch", "first_to")
FIELDS = {"when", "seats", "wins", "points", "winner", "rules"}
#: The time zone's offset from UTC a match's "when" was written in ("+01:00"), kept beside it.
_OFFSET = re.compile(r"[+-][0-9]{2}:[0-9]{2}")


def local_now(at: float | None = None) -> str | None:
    """The local date and time of ``at`` (seconds since 1970; None: now) with the time zone's offset
    from UTC then ("2026-12-07 21:40 +01:00"), or None where the platform's clock says nothing
    believable (a browser or a board without one reads 1970). Until the thirty-eighth session the
    offset was not kept ("2026-12-07 21:40"): a match ended at 23:30 in Madrid read "Hoy, 23:30" in New
    York at 17:40 (an outside tester's clock38); with it, the time is shown in the zone of the moment
    it is read (:func:`when_words`). An entry keeps the offset apart (:func:`entry`, :func:`dated`):
    older copies read the date and time alone."""
    now = time.time() if at is None else at
    if not now >= 1_500_000_000:   # (NaN too)
        return None
    local = time.localtime(now)
    east = round((calendar.timegm(local) - int(now)) / 60)   # minutes east of UTC, then and there
    sign = "-" if east < 0 else "+"
    return time.strftime("%Y-%m-%d %H:%M", local) + f" {sign}{abs(east) // 60:02d}:{abs(east) % 60:02d}"


def local_today() -> str | None:
    """Today's local date ("2026-12-07"), as :func:`local_now` reads the clock; None where it says nothing."""
    now = local_now()
    return now and now[:10]


def _moment(when: str) -> datetime.datetime:
    """A stored "when" as the local date and time to show: one with its offset ("2026-12-07 23:30
    +01:00") in the time zone of now (in New York "2026-12-07 17:30"), an older one without ("2026-12-07
    21:40") as it is. ValueError for text of another shape."""
    try:
        at = datetime.datetime.strptime(when, "%Y-%m-%d %H:%M %z")
    except ValueError:
        return datetime.datetime.strptime(when, "%Y-%m-%d %H:%M")
    try:
        return datetime.datetime.fromtimestamp(at.timestamp())
    except (OverflowError, OSError, ValueError):   # (a year this platform's clock cannot say)
        return at.replace(tzinfo=None)


def when_words(words: Any, when: str, today: str | None) -> str:
    """A stored "2026-12-07 21:40 +01:00" (or an older "2026-12-07 21:40") as a person reads it, in
    ``words``' language and the local time of now (:func:`_moment`): "Hoy, 21:40", "Ayer, 21:40",
    "Lunes 7, 21:40" within the week before ``today`` (a "2026-12-07" or None: a clock that says
    nothing), else "7 dic 2026, 21:40". A date after today (a clock set back since, or one far ahead
    then) is a date with a hint, "7 dic 2027, 21:00 (¿reloj adelantado?)": "Hoy" would be wrong, and
    a plain date above "Hoy" in the list (newest first, as counted) read as a match yet to be played.
    Text of another shape (a newer version's) is shown as it is. The stored value stays as it is."""
    try:
        at = _moment(when)
        now = datetime.date.fromisoformat(today) if today else None
    except ValueError:
        return when
    time_of_day = at.strftime("%H:%M")
    days = (now - at.date()).days if now else -1
    if days in (0, 1):
        return words.t("history.today" if days == 0 else "history.yesterday", time=time_of_day)
    if 1 < days < 7:
        return words.t("history.weekday", day=words.t("history.days").split("|")[at.weekday()],
                       n=at.day, time=time_of_day)
    date = words.t("history.date", n=at.day, month=words.t("history.months").split("|")[at.month - 1],
                   year=at.year, time=time_of_day)
    return words.t("history.ahead", when=date) if now is not None and days < 0 else date


def house_rules(options: Any) -> dict:
    """The options of ``options`` (an ``Options``) that mean something at this table and differ from
    their default, in their JSON form."""
    from game.ui.options import ALL_OPTIONS  # noqa: PLC0415

    values = {o.name: getattr(options, o.name) for o in ALL_OPTIONS}
    return {o.name: values[o.name] for o in ALL_OPTIONS
            if o.name in RULES and o.shown(values) and values[o.name] != o.to_json(o.default)}


def entry(session: Any, when: str | None, words: Any = None) -> dict:
    """The finished match of ``session`` as the history keeps it; with ``words``, each computer's seat
    keeps the name the table and the match end gave it ("name": "Lola"), a field older copies keep as
    a newer version's (:func:`newer_fields_ok`): two computers of one level on different sides read
    "Máquina (Normal)" twice, neither told from the other (an outside tester, round 36)."""
    from game.ui import seats as seating  # noqa: PLC0415

    match = session.match
    seats = seating.seats_to_json(session.seats)
    if words is not None:
        names = seating.names(words, session)
        for n, seat in enumerate(seats):
            if "cpu" in seat and names[n]:
                seat["name"] = names[n][:40]
    local, offset = when, None
    if when is not None and len(when) > 17 and when[16] == " " and _OFFSET.fullmatch(when[17:]):
        local, offset = when[:16], when[17:]
    return {"when": local, **({"offset": offset} if offset else {}), "seats": seats, "wins": list(match.wins),
            "points": list(session.hand.side_points), "winner": match.winner_side,
            "rules": house_rules(session.options)}


def dated(e: dict) -> str | None:
    """The "when" of ``e`` with its offset where kept ("2026-12-07 23:30 +01:00"), for
    :func:`when_words`. An entry keeps them apart ("when": "2026-12-07 23:30", "offset": "+01:00"):
    copies of rounds 36 and 37 read "when" as "%Y-%m-%d %H:%M" and showed the whole "2026-12-07 23:30
    +01:00" as it was, in every language; they keep "offset" as a newer version's field."""
    offset = e.get("offset")
    return f"{e['when']} {offset}" if e["when"] and type(offset) is str and _OFFSET.fullmatch(offset) else e["when"]


def record(stats: dict, session: Any, when: str | None, words: Any = None) -> None:
    """Add ``session``'s finished match to the history (the caller adds each match once)."""
    history = stats.setdefault("history", [])
    history.append(entry(session, when, words))
    del history[:-HISTORY]


def newer_fields_ok(d: dict, known: set[str], most: int = 8) -> bool:
    """The fields of ``d`` beyond ``known``, a newer version's: at most ``most`` plain short values."""
    return len(d) <= len(known) + most and all(
        isinstance(k, str) and len(k) <= 24 and (v is None or type(v) in (bool, int, str))
        and (type(v) is not str or len(v) <= 40) for k, v in d.items() if k not in known)


def _seat_ok(seat: Any) -> bool:
    """A seat as the history keeps it: a person's name or a computer level, this copy's or a word a
    newer version may use ("master"), and maybe a newer version's fields of plain values."""
    from game.ui.options import word  # noqa: PLC0415

    if not isinstance(seat, dict) or ("person" in seat) == ("cpu" in seat):
        return False
    own = "person" if "person" in seat else "cpu"
    value = seat[own]
    return (newer_fields_ok(seat, {own}) and
            (type(value) is str and len(value) <= 40 if own == "person" else word(value)))


def entry_ok(e: Any) -> bool:
    """A match the history can show: its seats (2 to 4), a count of hands and points per side, a
    winner among them, a few house rules of plain values; a "when" of a few letters or none. What a
    newer version adds (a field of plain values, in the match or in a seat; a computer level this copy
    does not know) is no damage: kept and written back as it is (docs/web.md, as ``recent`` does)."""
    from game.rules import Rules  # noqa: PLC0415

    if not (isinstance(e, dict) and FIELDS <= set(e) and newer_fields_ok(e, FIELDS) and is_json_value(e)
            and isinstance(e["seats"], list) and len(e["seats"]) in (2, 3, 4) and all(map(_seat_ok, e["seats"]))):
        return False
    sides = Rules(players=len(e["seats"])).sides
    counts = lambda v, top: (isinstance(v, list) and len(v) == sides  # noqa: E731
                             and all(type(n) is int and 0 <= n <= top for n in v))
    rules = e["rules"]
    return (counts(e["wins"], 99) and counts(e["points"], 120) and type(e["winner"]) is int
            and 0 <= e["winner"] < sides and (e["when"] is None or (type(e["when"]) is str and len(e["when"]) <= 24))
            and isinstance(rules, dict) and len(rules) <= 16
            and all(isinstance(k, str) and len(k) <= 24 and (type(v) in (bool, int) or (type(v) is str and len(v) <= 24))
                    for k, v in rules.items()))


def clean(found: Any, bad: Callable[[bool], None]) -> list:
    """The good matches of a stored history (copies), the last :data:`HISTORY` of them; ``bad`` is
    called with True for a history that is not a list (left out whole), False for each bad match
    (left out alone: the rest is kept)."""
    if not isinstance(found, list):
        bad(True)
        return []
    out = []
    for e in found[-HISTORY:]:
        if entry_ok(e):
            out.append({**e, "seats": [dict(s) for s in e["seats"]], "wins": list(e["wins"]),
                        "points": list(e["points"]), "rules": dict(e["rules"])})
        else:
            bad(False)
    return out


def _seat(words: Any, seat: dict, n: int, you: str | None, name: str | None = None) -> str:
    """A seat's name: a person's own, ``you`` ("Tú") for the one person of a match against the
    computer who had no name, else "Jugador N"; a computer by its level ("Máquina (Normal)"), or
    by ``name``, the one the table gives it, where given ("Lola (Normal)")."""
    if "person" in seat:
        return seat["person"] or you or words.t("people.player", n=n + 1)
    if name:
        return _computer(words, seat["cpu"], "history.cpu_named", plain=name, name=name)
    return _computer(words, seat["cpu"], "history.cpu")


def _table_names(words: Any, e: dict) -> dict[int, str]:
    """Each computer of ``e`` by the name its table gives it in ``words``' language (``seats.
    computer_names``), whatever language the match ended in: the name an entry keeps ("name", the
    day's: "Núria" in Catalan) is for older copies of the game, which read it."""
    from game.ui.seats import Seat, computer_names  # noqa: PLC0415

    table = [Seat(True, s["person"]) if "person" in s else Seat(False, level=s["cpu"]) for s in e["seats"]]
    people = [n for n, s in enumerate(table) if s.person]
    return computer_names(words, table, lambda seat: people == [seat])   # (one person: "Tú" at the table)


def _computer(words: Any, level: str, key: str, plain: str | None = None, **fmt: Any) -> str:
    """A computer (``key``: one, two of one level, or one by its name) by its level, "Máquina
    (Normal)", "Lola (Normal)"; a newer version's level plainly (``plain``, else the key's plain
    words: "Máquina", "Lola"), with no made-up name ("Nivel master")."""
    if not words.has(f"level.{level}"):
        return plain if plain is not None else words.t(f"{key}_plain")
    return words.t(key, level=words.level(level), **fmt)


def _side(words: Any, seats: list[dict], names: list[str]) -> str:
    """A side's players: "Ana y Núria"; two computers of one level as one ("2 máquinas (Normal)"),
    which read "Máquina (Normal) y Máquina (Normal)", neither told from the other."""
    if len(seats) == 2 and all("cpu" in s for s in seats) and names[0] == names[1]:
        return _computer(words, seats[0]["cpu"], "history.cpus")
    return words.listing(names)


def side_names(words: Any, e: dict, you: str = "seat.0") -> list[str]:
    """Each side's players: "Ana y Núria", "Tú y Máquina (Normal)", "2 máquinas (Normal)"; ``you``
    is the words key of the one unnamed person ("Tú"; "ti" after "para")."""
    from game.rules import Rules  # noqa: PLC0415

    rules = Rules(players=len(e["seats"]))
    alone = sum("person" in s for s in e["seats"]) == 1
    sides: list[list[int]] = [[] for _ in range(rules.sides)]
    for n in range(len(e["seats"])):
        sides[rules.side_of(n)].append(n)
    said = lambda side, names: _side(words, [e["seats"][n] for n in side],  # noqa: E731
                                     [_seat(words, e["seats"][n], n, words.t(you) if alone else None, names.get(n))
                                      for n in side])
    out = [said(side, {}) for side in sides]
    # two sides that read alike (two computers of one level, three players): by their names at the table
    return [said(side, _table_names(words, e)) if out.count(text) > 1 else text for side, text in zip(sides, out)]


def score_parts(words: Any, e: dict) -> list[str]:
    """Each side with its hands won, the name and the number kept together ("Tú: 0")."""
    return [words.t("history.side", side=name, hands=n) for name, n in zip(side_names(words, e), e["wins"])]


def rule_words(words: Any, rules: dict) -> list[str]:
    """The house rules in a few words each: "Al mejor de tres", "Cambio del dos: Sí" (a rule or a
    value this copy does not know: left out)."""
    from game.ui.options import ALL_OPTIONS, MenuRow  # noqa: PLC0415

    out = []
    for option in ALL_OPTIONS:
        value = rules.get(option.name)
        if option.name not in RULES or value is None:
            continue
        row = MenuRow(option)
        if value not in row.values or type(value) is not type(row.values[0]):
            continue
        text = row.text(words, value)
        out.append(text if option.name == "first_to" else words.t("history.rule", rule=words.t(option.words),
                                                                    value=text))
    return out


def lines(words: Any, e: dict, today: str | None) -> tuple[str, str, str]:
    """A match's three lines: when (:func:`when_words`, ``today`` being :func:`local_today`) and the
    house rules; each side and its hands won; who won it and the last hand's points."""
    head = [when_words(words, dated(e), today)] if e["when"] else []
    head += rule_words(words, e["rules"]) or [words.t("history.usual")]
    last = "–".join(str(p) for p in e["points"])
    winner = side_names(words, e, "history.you")[e["winner"]]
    return " · ".join(head), " · ".join(score_parts(words, e)), words.t("history.result", side=winner, points=last)
