"""Who sits where: each seat a person (with a name) or the computer at a level.

Why: a match may be played by any mix of people sharing one device and computer players
(two people against each other, two people as a pair against two computers, a person and a
computer against a person and a computer, three people ...).  This module is the one place
that says what a seat is, reads and writes it (saves, remembered settings, the ``--seats``
option of the headless driver) and names it on screen.  No pygame here.

A seat spec is text, one entry per seat in seat order, separated by commas:
``person:Ana,cpu:expert,person:Luis,cpu:normal`` (``person`` alone: a default name;
``cpu`` alone: the normal level).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any, Callable, Iterable

from game.cards import quote
from game.ui import players

__all__ = ["Seat", "SeatsError", "NAME_MAX", "parse_spec", "seats_to_json", "seats_from_json", "seats_from_save",
           "clean_name", "name_key", "same_name", "default_seats", "people_and_computers", "remember_names", "remembered_names", "clean_last_seats",
           "display_name", "side_name", "last_seats", "set_computer_levels", "seats_ok", "computer_names",
           "drawable_letters", "drawn_seats"]

#: The longest name kept (a name is shown under an avatar and on the handoff screen).
NAME_MAX = 14
#: How many names the settings remember (most recent first).
REMEMBERED = 8


class SeatsError(ValueError):
    """A seat spec or saved seats that cannot be used; the message says why."""


@dataclass(frozen=True)
class Seat:
    """A person (``name``; "" means the default "Jugador N") or the computer at ``level``."""

    person: bool
    name: str = ""
    level: str = "normal"

    def to_json(self) -> dict:
        return {"person": self.name} if self.person else {"cpu": self.level}


def clean_name(text: Any) -> str:
    """A name as kept: printable characters only, spaces collapsed (a tab or a line break a space
    too, as a no-break space is: "Ana\tLuis" was "AnaLuis"), at most :data:`NAME_MAX`."""
    if not isinstance(text, str):
        return ""
    text = unicodedata.normalize("NFC", text[:200])   # "e" + an accent typed apart: "é", not "e"
    kept = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] in "LNPSZ")
    return " ".join(kept.split())[:NAME_MAX].strip()


def name_key(name: str) -> str:
    """How two names are told one person's: capitals aside ("Ana" is "ana"), and the Catalan ela
    geminada however it was typed: "Marceŀla" (ŀ, one letter a keyboard may type) is "Marcel·la"
    (the screen's Tilde key), one person to a reader but two in the statistics before."""
    return name.casefold().replace("\u0140", "l\u00b7")   # (Ŀ folds to ŀ)


def same_name(seats: Iterable[Seat], unnamed: Callable[[int], str] | None = None) -> tuple[int, int] | None:
    """The first two people's seats (i, j) given the same name (capitals aside: "Ana" and "ana" are
    one person to the statistics' reader and on the handoff screen), or None. An empty name is
    the seat's own "Jugador N": ``unnamed(seat)`` says it, to find a name typed as another's."""
    seen: dict[str, int] = {}
    for j, seat in enumerate(seats):
        name = seat.name or (unnamed(j) if unnamed is not None else "")
        if seat.person and name:
            key = name_key(name)
            if key in seen:
                return seen[key], j
            seen[key] = j
    return None


def _level(text: Any) -> str:
    if text not in players.levels():
        raise SeatsError(f"unknown computer level {quote(text)} (known: {', '.join(players.levels())})")
    return text


def _level_named(text: str) -> str:
    """A level as typed on the command line: any case, in English or Spanish ("Expert", "experto")."""
    from game.ai import level_key  # noqa: PLC0415

    try:
        return level_key(text) if text.strip() else ""
    except ValueError:
        return text.strip()   # unknown: _level says so


def parse_spec(text: str, players_count: int | None = None) -> tuple[Seat, ...]:
    """Seats from a spec like ``person:Ana,cpu:expert``; :class:`SeatsError` says what is wrong."""
    if not isinstance(text, str) or not text.strip():
        raise SeatsError("the seats are empty: give one entry per seat, e.g. person:Ana,cpu:normal")
    entries = [e.strip() for e in text.split(",")]
    if len(entries) not in (2, 3, 4):
        raise SeatsError(f"2, 3 or 4 seats, not {len(entries)} (entries separated by commas)")
    if players_count is not None and len(entries) != players_count:
        raise SeatsError(f"{len(entries)} seats given for {players_count} players")
    seats = []
    for i, entry in enumerate(entries):
        kind, _, value = entry.partition(":")
        kind = kind.strip().lower()
        if kind in ("person", "persona", "p"):
            name = clean_name(value)
            if value.strip() and not name:
                raise SeatsError(f"seat {i + 1}: the name {quote(value)} has no printable letters")
            seats.append(Seat(True, name))
        elif kind in ("cpu", "computer", "ordenador", "c"):
            seats.append(Seat(False, level=_level(_level_named(value) or players.default_level())))
        else:
            raise SeatsError(f"seat {i + 1}: {quote(entry)} is neither person:NAME nor cpu:LEVEL")
    twice = same_name(seats)
    if twice is not None:
        i, j = twice
        raise SeatsError(f"seat {j + 1}: the name {quote(seats[j].name)} is seat {i + 1}'s already "
                         "(each person a name of their own)")
    from game.ui.i18n import Words, languages  # noqa: PLC0415  (the catalogues load on demand)

    for lang in languages():   # a name typed as an unnamed person's own ("Jugador 2"), in any language
        words = Words(lang)
        twice = same_name(seats, lambda k: words.t("people.player", n=k + 1))
        if twice is not None:
            i, j = sorted(twice, key=lambda k: not seats[k].name)   # (i: the seat with the name typed)
            raise SeatsError(f"seat {i + 1}: the name {quote(seats[i].name)} is what the game calls seat "
                             f"{j + 1}'s person, who has no name (name them, or choose another)")
    return tuple(seats)


def seats_to_json(seats: Iterable[Seat]) -> list:
    return [s.to_json() for s in seats]


def seats_from_json(data: Any, players_count: int) -> tuple[Seat, ...]:
    """Saved seats; :class:`SeatsError` for anything that is not ``players_count`` valid seats."""
    if not isinstance(data, list) or len(data) != players_count:
        raise SeatsError(f"the seats must be a list of {players_count}")
    seats = []
    for item in data:
        if isinstance(item, dict) and len(item) == 1 and "person" in item and isinstance(item["person"], str):
            seats.append(Seat(True, clean_name(item["person"])))
        elif isinstance(item, dict) and len(item) == 1 and "cpu" in item:
            seats.append(Seat(False, level=_level(item["cpu"])))
        else:
            raise SeatsError(f"a seat must be {{'person': name}} or {{'cpu': level}}, not {quote(item)}")
    return tuple(seats)


def seats_ok(data: Any) -> bool:
    """Are ``data`` the saved seats of a table of 2 to 4 (:func:`seats_from_json`, without raising)?"""
    if not isinstance(data, list) or len(data) not in (2, 3, 4):
        return False
    try:
        seats_from_json(data, len(data))
    except SeatsError:
        return False
    return True


def seats_from_save(data: Any, players_count: int, level: str, told: Any = None) -> tuple[Seat, ...] | None:
    """The seats of a saved match as far as the save tells them (never raises). Seats of an older
    version or broken in part still say who is a person: a seat ``{"person": ...}`` is one (named
    "Jugador N" where its name is not one), ``{"cpu": ...}`` the computer (at ``level`` where its
    level is not known here). Seats lost (not of a seat's shape) leave the señas told per person
    (``told``: a count above 0 was shown to a person at that seat): those seats and seat 0 are
    people. None when nothing tells (a save from before seats were saved: one person, seat 0, played
    then). A person is never made a computer: their hand would be played by one, and another
    person's shown to the first."""
    try:
        return seats_from_json(data, players_count)
    except SeatsError:
        pass
    if isinstance(data, list) and len(data) == players_count and all(
            isinstance(s, dict) and len(s) == 1 and ("person" in s or "cpu" in s) for s in data):
        seats = [Seat(True, clean_name(s["person"])) if "person" in s
                 else Seat(False, level=s["cpu"] if s["cpu"] in players.levels() else level) for s in data]
    elif isinstance(told, list) and len(told) == players_count and any(type(n) is int and n > 0 for n in told):
        people = {0} | {seat for seat, n in enumerate(told) if type(n) is int and n > 0}
        seats = list(default_seats(players_count, level, people))
    else:
        return None
    while (twice := same_name(seats)) is not None:   # (each person a name of their own)
        seats[twice[1]] = Seat(True, "")
    return tuple(seats)


def drawable_letters(text: str, drawable: Callable[[str], bool]) -> list[str]:
    """The letters of ``text`` a name keeps: spaces (a no-break space, a tab or a pasted line break
    as one: "Ana María" typed with the Mac's Option+Space, or pasted from the web, became
    "AnaMaría"), and what the font can draw (``drawable``, ``Typography.drawable``)."""
    spaced = (" " if ch.isspace() else ch for ch in unicodedata.normalize("NFC", text))
    return [ch for ch in spaced if ch == " " or (ch.isprintable() and drawable(ch))]


def drawn_seats(seats: Iterable[Seat], drawable: Callable[[str], bool]) -> tuple[Seat, ...]:
    """``seats`` with each person's name as the game can draw it: the letters the font has not left
    out, as the seats screen leaves them out of a name typed (a saved match edited to hold "Zoë😀"
    resumed with a box for the face); a name left with none is the seat's own "Jugador N", and two
    left alike ("Ana😀" and "Ana") are told apart as two people of one name are."""
    out = [Seat(True, clean_name("".join(drawable_letters(seat.name, drawable)))) if seat.person else seat
           for seat in seats]
    while (twice := same_name(out)) is not None:
        out[twice[1]] = Seat(True, "")
    return tuple(out)


def default_seats(players_count: int, level: str, people: Iterable[int] = (0,),
                  names: dict[int, str] | None = None) -> tuple[Seat, ...]:
    """``people`` are persons (named from ``names``), every other seat the computer at ``level``."""
    people = set(people)
    names = names or {}
    return tuple(Seat(True, clean_name(names.get(s, ""))) if s in people else Seat(False, level=level)
                 for s in range(players_count))


def remembered_names(settings: dict) -> list[str]:
    """The names people used before (most recent first), as the settings keep them: each person
    once, capitals aside, as the statistics count them and the seats screen refuses two alike, in
    the spelling used last (after "ana" and "Luis", then "Ana" and "LUIS", four chips took the row
    and other people's names fell off it)."""
    raw = settings.get("names")
    if not isinstance(raw, list):
        return []
    out: dict[str, str] = {}
    for name in raw:
        name = clean_name(name)
        if name:
            out.setdefault(name_key(name), name)
    return list(out.values())[:REMEMBERED]


def remember_names(settings: dict, seats: Iterable[Seat]) -> None:
    """Put the people's names first in the settings' list (the caller saves the settings)."""
    names = [s.name for s in seats if s.person and s.name]
    folded = {name_key(n) for n in names}
    settings["names"] = (names + [n for n in remembered_names(settings) if name_key(n) not in folded])[:REMEMBERED]


def display_name(words: Any, session: Any, seat: int) -> str:
    """How the screen names ``seat``: "Tú" for the one person playing, a person's name (or
    "Jugador N"), else the computer's name (``words`` is a ``game.ui.i18n.Words``)."""
    return names(words, session)[seat]


def names(words: Any, session: Any) -> tuple[str, ...]:
    """Every seat's :func:`display_name`, kept on a ``Session`` (``session.names``) until what they come
    from changes: the language (a new ``words``), the seats (a name), who is "you" (the viewer, people
    passing the device). Why: a play frame asked for the names a dozen times, each working out the
    computers' names anew."""
    if not hasattr(session, "names"):   # the new-game screen's seats, before a match: not kept
        return _names(words, session)
    key = (session.seats, session.viewer, session.passing)
    kept = session.names
    if kept is None or kept[0] is not words or kept[1] != key:
        kept = session.names = (words, key, _names(words, session))
    return kept[2]


def _names(words: Any, session: Any) -> tuple[str, ...]:
    computers = _computer_names(words, session)
    return tuple(words.t("seat.0") if session.is_you(seat)
                 else (who.name or words.t("people.player", n=seat + 1)) if who.person else computers[seat]
                 for seat, who in enumerate(session.seats))


def _computer_names(words: Any, session: Any) -> dict[int, str]:
    return computer_names(words, session.seats, session.is_you)


def computer_names(words: Any, seats: Any, is_you: Callable[[int], bool] = lambda seat: False) -> dict[int, str]:
    """The computers' names at a table of ``seats`` in ``words``' language: each seat's own ("Lola",
    "Paco", "Rosa"; "Manolo" in seat 0), but where a person shown by name has it (not one who
    ``is_you``, the one person playing, shown as "Tú"), the next spare name nobody at the table has
    ("Carmen" ...). The history names a finished match's computers by it in the language it is read in."""
    own = {seat: words.t(f"seat.{seat}") if seat else words.t("people.cpu0")
           for seat, who in enumerate(seats) if not who.person}
    people = {name_key(who.name) for seat, who in enumerate(seats) if who.person and who.name and not is_you(seat)}
    taken = people | {name_key(name) for name in own.values()}
    spares = (name for name in words.t("people.spare").split("|") if name_key(name) not in taken)
    return {seat: next(spares, name) if name_key(name) in people else name for seat, name in own.items()}


def side_label(words: Any, typo: Any, session: Any, side: int, size: int, width: int,
               bold: bool = False) -> tuple[str, int]:
    """A side's name for a line ``width`` wide: smaller (down to the floor) where it must, and a pair
    of people's names each shortened rather than the second cut off ("Maximil… y Guadal…", not
    "Maximiliano y Gu…"): a short name kept whole, the rest to the longer. (text, size)"""
    full = side_name(words, session, side)
    size = typo.fit(full, size, width, bold)
    if typo.size(full, size, bold)[0] <= width or session.rules.players != 4 or not session.passing:
        return full, size
    a, b = display_name(words, session, side), display_name(words, session, side + 2)
    room = width - typo.size(words.t("people.and", a="", b=""), size, bold)[0]
    wa, wb = typo.size(a, size, bold)[0], typo.size(b, size, bold)[0]
    if min(wa, wb) <= room // 2:   # the shorter whole, the longer in what is left
        if wa <= wb:
            b = typo.ellipsize(b, size, room - wa, bold)
        else:
            a = typo.ellipsize(a, size, room - wb, bold)
    else:
        a, b = typo.ellipsize(a, size, room // 2, bold), typo.ellipsize(b, size, room // 2, bold)
    return words.both(a, b), size


def people_and_computers(words: Any, people: list[str], cpus: int) -> str:
    """People by name and how many computers, in a few words: "Ana, Rosa y 2 máquinas", "Ana y una
    máquina", "Ana, Rosa y Luis" (the new-game screen's "Quién juega", the saved match's line)."""
    key = "opt.seats.people" if not cpus else "opt.seats.cpu1" if cpus == 1 else "opt.seats.cpus"
    names = ", ".join(people)
    if not cpus and len(people) > 1:   # "Ana, Rosa y Luis"
        names = words.both(", ".join(people[:-1]), people[-1])
    return words.t(key, people=names, n=cpus)


def side_name(words: Any, session: Any, side: int) -> str:
    """How the screen names a side: pairs by their two names when people pass the device (else
    "Vosotros"/"Rivales"), one seat by its name."""
    if session.rules.players != 4:
        return display_name(words, session, side)
    if not session.passing:
        return words.t(f"side.{side}.pairs")
    return words.both(display_name(words, session, side), display_name(words, session, side + 2))


def last_seats(settings: dict, count: int, level: str) -> tuple[Seat, ...]:
    """The seats last chosen (``settings["last_seats"]``) for ``count`` players: each computer at
    the level chosen for it (one the menu no longer offers: ``level``); extra seats are computers
    at ``level``; with nothing chosen yet, one person (the name used last) and computers."""
    saved = clean_last_seats(settings.get("last_seats"))
    seats = list(seats_from_json(saved, len(saved))) if saved else []
    if not any(s.person for s in seats[:count]):
        names = remembered_names(settings)
        seats = [Seat(True, names[0] if names else "")] + seats[1:]
    seats += [Seat(False, level=level)] * (count - len(seats))
    seats = [s if s.person or s.level in players.levels() else Seat(False, level=level) for s in seats[:count]]
    while (twice := same_name(seats)) is not None:   # (an older version let one name sit twice)
        seats[twice[1]] = Seat(True, "")
    return tuple(seats)


def set_computer_levels(settings: dict, level: str) -> None:
    """Every remembered computer seat at ``level`` (the new-game level row sets them all; the seats
    screen can then set one apart)."""
    saved = clean_last_seats(settings.get("last_seats"))
    if saved:
        settings["last_seats"] = [seat if "person" in seat else {"cpu": level} for seat in saved]


def clean_last_seats(value: Any) -> list | None:
    """The seats the new-game screen showed last, as saved (None when missing or bad; never raises)."""
    if not isinstance(value, list) or len(value) not in (2, 3, 4):
        return None
    try:
        return seats_to_json(seats_from_json(value, len(value)))
    except SeatsError:
        return None
