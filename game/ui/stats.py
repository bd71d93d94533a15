"""The player's statistics: what a finished hand or match adds to them.

Why: bookkeeping belongs to the game, not to the screen that shows the count. These functions take
the statistics dict (as ``persist`` stores it) and a :class:`~game.ui.session.Session`, and change
the dict; saving it is the caller's. No pygame here.
"""

from __future__ import annotations

import unicodedata
from typing import Any, Callable, NamedTuple

from game.storage import is_json_value
from game.ui import history
from game.ui.seats import name_key

#: The counters shown on the statistics screen, in order.
COUNTERS = ("matches", "match_wins", "hands", "hand_wins", "hand_losses", "voids", "best", "swaps")


def record_swap(stats: dict) -> bool:
    """A person at this device made a cambio (True: the statistics changed)."""
    stats["swaps"] = stats.get("swaps", 0) + 1
    return True


def record_hand(stats: dict, session: Any, now: Callable[[], str | None] | None = None, words: Any = None) -> bool:
    """Add the session's finished hand (and the match, if it is over) once; True if anything changed.

    Demos (no person playing) and a hand already recorded (a resumed count) change nothing. A
    hand between people (:func:`contested`) counts only for each person, by name. A match over goes
    into the history of every kind of match (``game.ui.history``), its computers named as ``words``
    (the screen's) names them, dated by ``now`` where given, else when its last hand ended
    (``Session.ended``, kept in the save: a match over on Friday night and counted on Monday, the tab
    closed as its last baza landed, read "Hoy"), else by the clock now (an older version's save).
    """
    if session.demo or session.recorded == session.match.number or not session.hand.over:
        return False
    if session.lesson:  # the guided first hand, or a hand played again for practice: not a match
        return False
    session.recorded = session.match.number
    record_people(stats, session)
    if session.match.over:
        when = now() if now is not None else session.ended or history.local_now()
        history.record(stats, session, when, words)
    if contested(session):
        return True
    result = session.hand.result
    mine = people_side(session)
    stats["hands"] = stats.get("hands", 0) + 1
    if result.void:
        stats["voids"] = stats.get("voids", 0) + 1
    elif result.winner_side == mine:
        stats["hand_wins"] = stats.get("hand_wins", 0) + 1
        # "mejor mano": the most points in a hand won. A void 60-60 was won by no one, and a lost
        # hand's 58 is no best (until the thirty-fourth session every hand counted; an older file's
        # figure is kept as it is: which hand made it is not known)
        stats["best"] = max(stats.get("best", 0), session.hand.side_points[mine])
    else:
        stats["hand_losses"] = stats.get("hand_losses", 0) + 1
    record_table(stats, session)
    if session.match.over:
        stats["matches"] = stats.get("matches", 0) + 1
        if session.match.winner_side == mine:
            stats["match_wins"] = stats.get("match_wins", 0) + 1
    return True


# --- by table (players and level), streaks, the last matches ---------------------------------------
#: Figures kept per table ("<players>.<level>") and for every table together ("all"), since they exist;
#: "hands" and "points" count void hands too, "voids" and "void_points" say how many and what in them.
FIGURES = ("matches", "match_wins", "hands", "hand_wins", "points", "whitewash", "streak", "best_streak", "voids",
           "void_points")
#: How many finished matches ``recent`` keeps (the chart on the statistics screen).
RECENT = 20
MAX_GROUPS = 64
_LIMIT = 10 ** 9


def level_of(session: Any) -> str:
    """The computers' level at this table: their common level, "mixed", or "people" (no computer)."""
    levels = {session.seats[s].level for s in range(session.rules.players) if s not in session.human_seats}
    if not levels:
        return "people"
    return levels.pop() if len(levels) == 1 else "mixed"


def group_of(session: Any) -> str:
    return f"{session.rules.players}.{level_of(session)}"


def record_table(stats: dict, session: Any) -> None:
    """Add the finished hand (and match) to its table's figures, the overall ones and the last matches."""
    hand = session.hand
    mine = people_side(session)
    won = not hand.result.void and hand.result.winner_side == mine
    points = hand.side_points[mine]
    by = stats.setdefault("by", {})
    for key in ("all", group_of(session)):
        g = by.setdefault(key, {})
        for name in FIGURES:
            g.setdefault(name, 0)
        g["hands"] += 1
        g["points"] += points
        g["voids"] += int(hand.result.void)
        g["void_points"] += points if hand.result.void else 0
        if won:
            g["hand_wins"] += 1
            g["streak"] += 1
            g["best_streak"] = max(g["best_streak"], g["streak"])
            if points == 120:
                g["whitewash"] += 1
        elif not hand.result.void:  # a void hand is replayed: it neither breaks nor extends a streak
            g["streak"] = 0
        if session.match.over:
            g["matches"] += 1
            g["match_wins"] += int(session.match.winner_side == mine)
    if session.match.over:
        scores = session.match.scores
        wins = session.match.wins
        decided_ = [s for s in scores if not s.result.void]   # as the table's points a hand (decided)
        total = sum(s.side_points[mine] for s in decided_)
        recent = stats.setdefault("recent", [])
        recent.append({"players": session.rules.players, "level": level_of(session),
                       "won": session.match.winner_side == mine,
                       "hands": [wins[mine], max(w for side, w in enumerate(wins) if side != mine)],
                       "points": half_up(total, max(1, len(decided_)))})
        del recent[:-RECENT]


def table_label(words: Any, key: str) -> str:
    """A table's name in ``words`` ("2 jugadores · Normal", "Parejas · niveles mezclados") from its
    key ("2.normal"): the statistics screen's tables and the match end's."""
    players, _, level = key.partition(".")
    where = words.t(f"stats.players.{players}")
    if level in ("mixed", "people"):
        return words.t(f"stats.level.{level}", players=where)
    return words.t("stats.table", players=where, level=words.level(level))


def rate(won: int, played: int) -> int | None:
    """Percentage won, a half rounded up (None when nothing was played); 100 % only when all were
    won and 0 % only when none (Python's round, half to even, said "12 %" of 1 in 8 and "38 %" of 3
    in 8, and 199 of 200 read "100 %")."""
    if not played:
        return None
    percent = half_up(100 * won, played)
    return min(99, max(1, percent)) if 0 < won < played else percent


def average(points: int, hands: int) -> int | None:
    """Points a hand, a half rounded up (None when no hand was played)."""
    return half_up(points, hands) if hands else None


def decided(figures: dict) -> tuple[int, int]:
    """The hands won or lost and the points taken in them: a void hand (60-60) is played again and
    does not count (RULES.md), so "1 won and 1 void" reads 1 of 1, 100 %, not 50 %. (Figures from
    before void hands were kept apart count them as played.)"""
    return (figures.get("hands", 0) - figures.get("voids", 0), figures.get("points", 0) - figures.get("void_points", 0))


def points_a_hand(figures: dict) -> int | None:
    """The average points of the hands won or lost (:func:`decided`)."""
    hands, points = decided(figures)
    return average(points, hands)


def half_up(a: int, b: int) -> int:
    """a / b to the nearest whole number, a half up (whole numbers: no float's error at .5)."""
    return (2 * a + b) // (2 * b)


def groups(stats: dict) -> list[tuple[str, dict]]:
    """The tables played, by number of players then level (menu order), without "all"."""
    from game.ai import LEVELS  # noqa: PLC0415  (the menu's order of levels)

    order = list(LEVELS) + ["mixed", "people"]
    keys = [k for k in stats.get("by", {}) if k != "all"]
    keys.sort(key=lambda k: (k.split(".")[0], order.index(k.split(".")[1]) if k.split(".")[1] in order else 99))
    return [(k, stats["by"][k]) for k in keys]


def _coherent(g: dict) -> bool:
    """No more won than played, no more hands won 120 to 0 than won, no more than 120 points a hand
    (a figure edited by hand, or damaged: the statistics screen would say "5000 %")."""
    hands, points = decided(g)
    return (g.get("match_wins", 0) <= g.get("matches", 0) and g.get("hand_wins", 0) <= hands
            and g.get("whitewash", 0) <= g.get("hand_wins", 0) and 0 <= points <= 120 * hands
            and g.get("void_points", 0) <= 120 * g.get("voids", 0))


def _kept_figures(g: Any, known: tuple[str, ...], limits: dict[str, int] | None = None) -> tuple[dict | None, bool]:
    """(the figures of ``g`` that are counts in range, or None if there is nothing to keep; whether
    any was left out). Besides the ``known`` ones, a few a newer version keeps are kept as they are
    (an older copy that refused them set all the statistics aside). A bad figure loses that figure
    only, if the rest still agrees (:func:`_coherent`); else it loses the whole table or person."""
    if not isinstance(g, dict):
        return None, True
    limits = limits or {}
    kept = {k: v for k, v in g.items() if isinstance(k, str) and len(k) <= 24 and type(v) is int
            and 0 <= v <= limits.get(k, _LIMIT)}
    for extra in [k for k in kept if k not in known][16:]:
        del kept[extra]
    if not _coherent(kept) or not is_json_value(kept) or (g and not kept):
        return None, True
    return kept, len(kept) < len(g)


def _table_key(key: Any) -> bool:
    """A table's key as :func:`group_of` makes them ("2.normal"), or "all"."""
    if not isinstance(key, str) or len(key) > 16:
        return False
    players, _, level = key.partition(".")
    return key == "all" or (players in ("2", "3", "4") and level.isidentifier() and level.islower())


#: A finished match's fields in ``recent`` (a newer version's further ones, plain values, are kept).
MATCH_FIELDS = {"players", "level", "won", "hands", "points"}


def _match_ok(m: Any) -> bool:
    return (isinstance(m, dict) and is_json_value(m) and MATCH_FIELDS <= set(m) and history.newer_fields_ok(m, MATCH_FIELDS)
            and m["players"] in (2, 3, 4) and type(m["players"]) is int
            and isinstance(m["level"], str) and len(m["level"]) <= 12 and type(m["won"]) is bool
            and isinstance(m["hands"], list) and len(m["hands"]) == 2
            and all(type(h) is int and 0 <= h <= 99 for h in m["hands"])
            and type(m["points"]) is int and 0 <= m["points"] <= 120)


# --- per person (people sharing the device, by the name they play under) -------------------------
#: Figures kept per person's name; "seen" orders them by when they last played (which makes room).
PERSON_FIGURES = ("hands", "hand_wins", "matches", "match_wins", "points", "best", "whitewash", "streak", "best_streak",
                  "seen", "voids", "void_points")
MAX_PEOPLE = 32


def contested(session: Any) -> bool:
    """People on more than one side (two people against each other; a person and a computer
    against a person and a computer): a match between people. Its result is one person's win and
    another's loss, so it counts in each person's figures (:func:`record_people`) and not in the
    device's, overall and by table, which are the people's matches against the computer."""
    return len(session.people_sides) > 1


def people_side(session: Any) -> int:
    """The side whose result is "yours" in the overall figures: the people's side (a match between
    people is not counted there, :func:`contested`)."""
    sides = session.people_sides
    viewer = session.viewer_side()
    return viewer if viewer in sides or not sides else min(sides)


def person_key(people: dict, name: str) -> str | None:
    """The name ``name``'s figures are kept under, capitals aside ("ana" is "Ana"), as the seats
    screen tells two people apart (``seats.same_name``); None for someone new."""
    folded = name_key(name)
    return next((key for key in people if name_key(key) == folded), None)


def make_room(people: dict, playing: set[str]) -> None:
    """The statistics hold MAX_PEOPLE names: the person not seen for longest (of those not at this
    table; then who played fewest matches) makes room for a new one, so a new person is always counted."""
    del people[min((k for k in people if name_key(k) not in playing), key=lambda k: (_recency(people[k]), k))]


def _recency(figures: dict) -> tuple[int, int, int]:
    """When a person last played (figures of an older version have no "seen": who played more)."""
    return figures.get("seen", 0), figures.get("matches", 0), figures.get("hands", 0)


def record_people(stats: dict, session: Any) -> None:
    """Add the finished hand (and match) to the figures of every named person who played it."""
    hand, match = session.hand, session.match
    people = stats.setdefault("people", {})
    seats: dict[str, tuple[str, int]] = {}   # one name on two seats, as an older version let be: the first
    for seat in session.human_seats:
        name = session.seats[seat].name
        if name and name_key(name) not in seats:
            seats[name_key(name)] = (name, seat)
    seen = 1 + max((f.get("seen", 0) for f in people.values()), default=0)
    for name, seat in seats.values():
        key = person_key(people, name)
        if key is None and len(people) >= MAX_PEOPLE:
            make_room(people, set(seats))
        figures = people.pop(key) if key is not None else {}
        people[name] = figures   # shown as last typed ("ana" once, then "Ana" again: "Ana")
        side = session.rules.side_of(seat)
        for figure in PERSON_FIGURES:
            figures.setdefault(figure, 0)
        figures["seen"] = seen
        won = not hand.result.void and hand.result.winner_side == side
        figures["hands"] += 1
        figures["hand_wins"] += int(won)
        figures["points"] += hand.side_points[side]
        figures["voids"] += int(hand.result.void)
        figures["void_points"] += hand.side_points[side] if hand.result.void else 0
        if won:
            figures["best"] = max(figures["best"], hand.side_points[side])   # a hand won, as above
            figures["streak"] += 1
            figures["best_streak"] = max(figures["best_streak"], figures["streak"])
            figures["whitewash"] += int(hand.side_points[side] == 120)
        elif not hand.result.void:
            figures["streak"] = 0
        if match.over:
            figures["matches"] += 1
            figures["match_wins"] += int(match.winner_side == side)


#: How two spellings' figures join: counts add up, the best ones are the better of the two.
ADDED = ("hands", "hand_wins", "matches", "match_wins", "points", "whitewash", "voids", "void_points")
BETTER = ("best", "best_streak", "seen")


def merge_people(people: dict) -> dict:
    """One person per name, capitals aside: the figures of "Ana" and "ana" (kept apart until this
    version) added together under the spelling seen last (else the one of more matches); the best
    figures are the better one's, the current streak the shown spelling's."""
    out: dict = {}
    for name, figures in people.items():
        key = person_key(out, name)
        if key is None:
            out[name] = figures
            continue
        other = out.pop(key)
        if _recency(figures) <= _recency(other):
            name, figures, other = key, other, figures
        both = dict(figures)
        for k in (k for k in ADDED if k in figures or k in other):
            both[k] = min(_LIMIT, figures.get(k, 0) + other.get(k, 0))
        for k in (k for k in BETTER if k in figures or k in other):
            both[k] = max(figures.get(k, 0), other.get(k, 0))
        out[name] = both
    return out


#: Latin letters with no accent to take off (Unicode gives them no decomposition), as the letters
#: a reader files them under: "Łukasz" among the l's, "Øyvind" the o's, not after "Zoe". (Lower
#: case: after casefold, which already makes "ß" "ss".)
PLAIN_LETTERS = str.maketrans({"ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "đ": "d", "ð": "d", "þ": "th",
                               "ı": "i", "ß": "ss"})


def reading_order(name: str) -> tuple[str, str]:
    """Where ``name`` goes in a list as a Spanish reader orders names: capitals and accents aside
    ("ana" and "Ángel" among the a's, "Łukasz" among the l's), ñ a letter of its own after n, then
    the name as written (one order whatever order the names came in). By code points, "ana",
    "Ángel", "Ñoño" and "Óscar" came after "Zoe"."""
    folded = unicodedata.normalize("NFC", name).casefold().replace("ñ", "n\U0010ffff")
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(ch))
    return plain.translate(PLAIN_LETTERS), name


def people(stats: dict) -> list[tuple[str, dict]]:
    """The people's figures, most matches played first (then by name: :func:`reading_order`)."""
    found = stats.get("people", {})
    return sorted(found.items(), key=lambda item: (-item[1].get("matches", 0), -item[1].get("hands", 0),
                                                   reading_order(item[0])))


#: The statistics' parts kept here besides the overall counts (``persist.STAT_KEYS``).
EXTRA_KEYS = ("by", "recent", "people", "history")


# --- a stored file's statistics: what is good is kept, what is bad left out and told ---------------
class LeftOut(NamedTuple):
    """Something of the stored statistics left out as bad (persist sets the file as it was aside)."""

    part: str   # "totals" (the overall counts), "by" (tables), "people", "recent", "history", "other" (a field)
    name: str | None = None   # a table's key, a person's name; "" an entry of no usable name; None the whole part
    whole: bool = True   # False: some of its figures only, the rest kept


def _name_ok(name: Any) -> bool:
    from game.ui.seats import clean_name  # noqa: PLC0415  (names are kept as the seats keep them)

    return isinstance(name, str) and name != "" and clean_name(name) == name


def _entries(found: Any, part: str, most: int, named: Callable[[Any], bool], check: Callable[[Any], tuple],
             left: list[LeftOut]) -> dict:
    """The tables (or people) of ``found`` that ``check`` keeps, each left out noted in ``left``."""
    if not isinstance(found, dict):
        left.append(LeftOut(part))
        return {}
    out = {}
    for i, (name, figures) in enumerate(found.items()):
        if not named(name):
            left.append(LeftOut(part, ""))
            continue
        kept, lost = check(figures) if i < most else (None, True)   # (more than any copy writes)
        if kept is not None:
            out[name] = kept
        if lost:
            left.append(LeftOut(part, name, kept is None))
    return out


def clean_extra(data: Any, left_out: list[LeftOut] | None = None) -> dict:
    """The good ``by``, ``recent`` and ``people`` of ``data`` (copies; one person per name, capitals
    aside; never raises). What is bad is left out, each in ``left_out``: a table or a person whose
    figures disagree (more won than played) or are not counts loses those figures if the rest
    still agree, else the whole table or person; a finished match the chart cannot show is left out
    alone; a part of the wrong type (``by`` not an object) is left out whole."""
    left = [] if left_out is None else left_out
    out: dict = {}
    if not isinstance(data, dict):
        return out
    if "by" in data:
        out["by"] = _entries(data["by"], "by", MAX_GROUPS, _table_key, lambda g: _kept_figures(g, FIGURES), left)
    if "recent" in data:
        recent = data["recent"]
        if not isinstance(recent, list):
            left.append(LeftOut("recent"))
            out["recent"] = []
        else:   # (more than RECENT: the oldest go, as when a match is added)
            out["recent"] = [dict(m, hands=list(m["hands"])) for m in recent[-RECENT:] if _match_ok(m)]
            left.extend(LeftOut("recent", "") for m in recent[-RECENT:] if not _match_ok(m))
    if "history" in data:   # a bad match left out alone, as in ``recent``
        out["history"] = history.clean(data["history"], lambda whole: left.append(LeftOut("history", None if whole else "")))
    if "people" in data:
        person = lambda f: _kept_figures(f, PERSON_FIGURES, {"best": 120})  # noqa: E731
        out["people"] = merge_people(_entries(data["people"], "people", MAX_PEOPLE, _name_ok, person, left))
    return out


def left_detail(item: LeftOut) -> str:
    """An item left out, in English for logs: "stats.people.Ana (some figures)"."""
    where = f"stats.{item.part}" + (f".{item.name[:16]}" if item.name else "" if item.name is None else "[?]")
    return where + ("" if item.whole else " (some figures)")


def left_words(items: list[LeftOut], words: Any, most: int = 3) -> str:
    """What was left out, in ``words``' language: "la mesa 2 jugadores · Normal, las cifras de Ana y
    2 de las últimas partidas" (at most ``most`` named, then how many more)."""
    said: list[str] = []
    matches = sum(1 for item in items if item.part == "recent" and item.name == "")
    played = sum(1 for item in items if item.part == "history" and item.name == "")
    for item in items:
        part = "" if item.whole else "_part"
        if item.name is None:   # the whole part
            said.append(words.t(f"save.left.{item.part}{part if item.part == 'totals' else ''}"))
        elif item.part == "by" and item.name:
            said.append(words.t(f"save.left.all{part}", all=words.t("stats.all")) if item.name == "all"
                        else words.t(f"save.left.table{part}", table=table_label(words, item.name)))
        elif item.part == "people" and item.name:
            said.append(words.t(f"save.left.person{part}", name=item.name))
        elif item.part == "recent":
            said.append(words.count("save.left.matches", matches))
        elif item.part == "history":
            said.append(words.count("save.left.played", played))
        else:
            said.append(words.t("save.left.other"))
    return few_then_more(said, words, most)


def few_then_more(said: list[str], words: Any, most: int = 3) -> str:
    """``said`` in a sentence, each once, at most ``most`` of them: past that, ``most`` - 1 named and
    then how many more (a notice a phone can hold)."""
    said = list(dict.fromkeys(said))
    if len(said) > most:
        said[most - 1:] = [words.t("save.left.more", n=len(said) - most + 1)]
    return words.listing(said)
