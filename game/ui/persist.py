"""Settings, statistics and the match in progress, through the save layer (``game.storage``).

Why: scenes call plain methods and never care where data lives (localStorage in the browser, a
JSON file on desktop). Every stored field is checked here, before any scene sees it: in the
match a value of the wrong type or out of range makes the whole key bad data (in the settings,
only what no save could write back: NaN, broken text), which the save layer sets aside byte for
byte and reports once, and the key starts clean; nothing else is lost. The settings and the statistics, years of
play, lose only what is bad: a setting goes back to its default alone (:meth:`Store.load_settings`),
the statistics leave out a table's figures, a person's (:meth:`Store._take_stats`); the rest
loads, the file as it was is set aside all the same and the player told what went. When the save
layer fails (a full disk, a browser that refuses storage) the game goes on in memory and says so
once. The problems are facts (``StorageProblem``: key, kind, detail); the word catalogues say
them (:meth:`Store.describe_problems`, :mod:`game.ui.save_news`).
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from game.storage import MAX_PROBLEMS, MemoryBackend, Storage, StorageProblem, is_json_value
from game.ui.options import newer_in_match, word as _word
from game.ui.save_news import ELSEWHERE, SettingsLeftOut, StatsLeftOut, describe

DEFAULT_SETTINGS = {"lang": "es", "sound": True, "speed": "normal"}
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
STAT_KEYS = ("matches", "match_wins", "hands", "hand_wins", "hand_losses", "voids", "best", "swaps")
STAT_LIMITS = {"best": 120}  # the most points a side can take in a hand; others up to STAT_MAX
STAT_MAX = 10 ** 9
OPTION_FIELDS_MAX = 32  # new-game options are a few scalars; more is not ours


class BadData(ValueError):
    """A stored field of the wrong type or out of range (the key is set aside)."""


class NewerData(BadData):
    """Data in a newer version's format (a saved match "brisca-match/2"): left in place, as the
    storage leaves an envelope of a newer version (``Storage`` reads the ``newer`` mark)."""

    newer = True


def languages() -> tuple[str, ...]:
    """The interface languages: the word catalogues found (``game.ui.i18n.languages``)."""
    from game.ui.i18n import languages as found  # noqa: PLC0415  (the catalogues load on demand)

    return tuple(found())


def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _short(value: Any) -> str:
    from game.cards import quote  # noqa: PLC0415

    return quote(value)


def _options_ok(options: Any) -> bool:
    """New-game options: an object of at most OPTION_FIELDS_MAX plain values (``Options.from_json``
    falls back to a default for any value it does not know)."""
    if not isinstance(options, dict) or len(options) > OPTION_FIELDS_MAX:
        return False
    for value in options.values():
        if not (value is None or type(value) in (bool, int, str)):
            return False
        if (type(value) is str and len(value) > 40) or (type(value) is int and not -1000 <= value <= 1000):
            return False
    return True


def _names_ok(names: Any) -> bool:
    """The names people used: a short list of names kept as ``seats.clean_name`` keeps them."""
    from game.ui.seats import REMEMBERED, clean_name  # noqa: PLC0415

    return (isinstance(names, list) and len(names) <= REMEMBERED
            and all(isinstance(n, str) and n and clean_name(n) == n for n in names))


def _seats_ok(seats: Any) -> bool:
    """The seats the new-game screen showed last (``seats.seats_from_json``)."""
    from game.ui.seats import seats_ok  # noqa: PLC0415

    return seats_ok(seats)


def _raw_name(name: Any) -> bool:
    """A name as the seats screen holds it while it is typed: a clean one, or one and the space
    just typed after it (``seats.clean_name`` would take that space off)."""
    from game.ui.seats import NAME_MAX, clean_name  # noqa: PLC0415

    return isinstance(name, str) and len(name) <= NAME_MAX + 1 and name in (clean_name(name), clean_name(name) + " ")


def _seats_draft_ok(draft: Any) -> bool:
    """The seats screen as it was left mid-change (:mod:`game.ui.scenes.seats_screen`): its four
    seats, names as typed, and the seats typed on (``typed``: their next letter goes on the name)."""
    if not isinstance(draft, dict) or set(draft) - {"seats", "typed"}:
        return False
    seats, typed = draft.get("seats"), draft.get("typed", [])
    if not (isinstance(seats, list) and len(seats) == 4 and all(isinstance(s, dict) for s in seats)):
        return False
    if not all(_raw_name(s["person"]) for s in seats if "person" in s):
        return False
    clean = [{"person": s["person"].strip()} if "person" in s else s for s in seats]
    return (_seats_ok(clean) and isinstance(typed, list) and len(set(typed)) == len(typed)
            and all(_is_int(i, 0, 3) for i in typed))


#: Every field the settings may hold, with its check. A field not listed here is not used, but kept
#: as it was when the settings are written (a newer version's setting: :func:`passed_on`). A new
#: setting has its line here (and its default in DEFAULT_SETTINGS if it has one), and also its row
#: on the settings screen, its words and, if it acts at once, App._apply_setting: the list is in
#: docs/architecture.md.
SETTING_CHECKS: dict[str, Any] = {
    "lang": lambda v: type(v) is str and v in languages(),
    "sound": lambda v: type(v) is bool,
    "speed": lambda v: type(v) is str and v in SPEEDS,
    # issue 15 (defaults where they are read: volume 80, vibrate on, counting aid off, guide not done)
    "volume": lambda v: _is_int(v, 0, 100),  # card sounds, percent
    "vibrate": lambda v: type(v) is bool,  # a short vibration when it is your turn (phones)
    "counting": lambda v: type(v) is bool,  # the counting aid during play
    "two_taps": lambda v: type(v) is bool,  # a tapped card stands out; a second tap plays it (default off)
    "large_text": lambda v: type(v) is bool,  # issue 10: every text 1.25 times larger (default off)
    "guide_done": lambda v: type(v) is bool,  # the guided first hand was finished or skipped
    "last_options": _options_ok,
    "names": _names_ok,
    "last_seats": _seats_ok,
    "seats_draft": _seats_draft_ok,   # the seats screen mid-change: a reload keeps the names typed
}


def _newer_seats(seats: Any, count: int | None = None) -> bool:
    """Seats as a newer version may save them: the right shape (``count`` of them, if given), a
    computer level this copy does not know ("master")."""
    return (isinstance(seats, list) and len(seats) in ((2, 3, 4) if count is None else (count,))
            and not _seats_ok(seats)
            and all(isinstance(s, dict) and len(s) == 1 and (type(s.get("person")) is str or _word(s.get("cpu")))
                    for s in seats))


#: The values a newer version may give a setting this copy knows: a language, an animation speed, a
#: computer level it has not got. Played with the default here, and kept as they are in the stored
#: settings (:func:`passed_on`) until the player sets that setting in this copy.
NEWER_VALUES: dict[str, Any] = {
    "lang": lambda v: _word(v) and v not in languages(),
    "speed": lambda v: _word(v) and v not in SPEEDS,
    "last_seats": _newer_seats,
}


def newer_value(key: str, value: Any) -> bool:
    """Is ``value`` of setting ``key`` one a newer version may have written (:data:`NEWER_VALUES`)?"""
    check = NEWER_VALUES.get(key)
    return check is not None and bool(check(value))


#: How many settings of a newer version (fields this copy does not know) are kept as they were.
PASSED_MAX = 16


def unknown_fields(data: Any, known: Any) -> dict:
    """Copies of the first PASSED_MAX fields of ``data`` not in ``known`` that a save can write back
    (no NaN, a lone surrogate, nesting past 64: checked before copying, 500 levels deep stopped the
    copy): a newer version's, kept to be written back as they were (settings, statistics, a match)."""
    if not isinstance(data, dict):
        return {}
    names = [k for k in data if isinstance(k, str) and len(k) <= 32 and k not in known
             and is_json_value({k: data[k]})][:PASSED_MAX]
    return {k: copy.deepcopy(data[k]) for k in names}


def passed_on(data: Any) -> dict:
    """What of the stored settings this copy of the game does not use but must not drop when it
    writes them: a newer version's fields, and its values of a known one (a language, a speed; an older copy, a tab
    cached beside the new one, wrote over them: the newer version lost its settings)."""
    out = unknown_fields(data, SETTING_CHECKS)
    if isinstance(data, dict):
        out.update({key: copy.deepcopy(data[key]) for key in NEWER_VALUES if key in data and newer_value(key, data[key])})
    return out


def writable(name: str, data: dict) -> None:
    """Raise :class:`BadData` if ``data`` holds what a save could not write back as it was read: NaN or
    Infinity, nesting deeper than 64, a lone surrogate (JSON reads them; a field this copy does not
    know is passed on as it is, and one of these stopped the game at start or refused every save)."""
    if not is_json_value(data):
        raise BadData(f"{name} hold something that cannot be written back (NaN, Infinity, nesting deeper "
                      "than 64 or broken text)")


def bad_settings(data: Any) -> list[str]:
    """The stored settings' fields of the wrong type or value, in SETTING_CHECKS' order (a newer
    version's value is not wrong: :func:`newer_value`)."""
    if not isinstance(data, dict):
        return []
    return [key for key, ok in SETTING_CHECKS.items()
            if key in data and not ok(data[key]) and not newer_value(key, data[key])]


def readable_settings(data: dict) -> None:
    """Raise :class:`BadData` only for settings no save could write back; a bad field is left out
    alone (:meth:`Store.load_settings`)."""
    writable("settings", data)


def check_match(data: dict) -> None:
    """A saved match as the menu and ``Session.from_save`` use it: the match itself (replayed by the
    core), the options, the hand already counted in the statistics, the menu's summary."""
    from game.match import MATCH_FORMAT, Match  # noqa: PLC0415

    fmt = data.get("match", {}).get("format") if isinstance(data.get("match"), dict) else None
    family, _, number = str(fmt).rpartition("/")
    ours, _, version = MATCH_FORMAT.rpartition("/")
    if family == ours and number.isdigit() and int(number) > int(version):
        raise NewerData(f"match.format is {_short(fmt)}, newer than {MATCH_FORMAT}")
    newer = newer_in_match(data)   # (a level, a length or a house rule added since: not damage)
    if newer:
        raise NewerData(newer)
    match = Match.from_json(data.get("match"))
    if not _options_ok(data.get("options")):
        raise BadData(f"match.options is {_short(data.get('options'))}, not an object of a few options")
    if "recorded" in data and not _is_int(data["recorded"], -1, 10 ** 6):
        raise BadData(f"match.recorded is {_short(data['recorded'])}, not a hand number")
    n = match.rules.players
    told = data.get("told", [0] * n)
    if not (isinstance(told, list) and len(told) == n and all(_is_int(t, 0, 64) for t in told)):
        raise BadData(f"match.told is {_short(told)}, not {n} counts of señas")
    from game.ui.players import levels as players_levels  # noqa: PLC0415
    from game.ui.seats import seats_from_save  # noqa: PLC0415

    # a person's name that is no name, or seats lost where the señas told still say who is a person,
    # are not bad data (Session.from_save keeps the people people); a level not known here is a
    # newer version's if it is a word in seats of the right shape (left for it), else damage
    seats = data.get("seats")
    levels_known = not isinstance(seats, list) or all(
        s.get("cpu") in players_levels() for s in seats if isinstance(s, dict) and "cpu" in s)
    if "seats" in data and not levels_known and _newer_seats(seats, n):
        raise NewerData(f"match.seats is {_short(seats)}: a computer level of a newer version")
    if "seats" in data and (seats_from_save(seats, n, "normal", told) is None or not levels_known):
        raise BadData(f"match.seats is {_short(data['seats'])}, not the match's {n} seats")
    if "bots_seed" in data and not _is_int(data["bots_seed"], 0, (1 << 30) - 1):
        raise BadData(f"match.bots_seed is {_short(data['bots_seed'])}, not the bots' seed")
    info = data.get("info")
    if not isinstance(info, dict):
        raise BadData(f"match.info is {_short(info)}, not an object")
    if info.get("players") != match.rules.players or type(info.get("players")) is not int:
        raise BadData(f"match.info.players is {_short(info.get('players'))}, not the match's "
                      f"{match.rules.players}")
    if not _is_int(info.get("trick"), 1, 40):
        raise BadData(f"match.info.trick is {_short(info.get('trick'))}, not a baza number")


def clean_settings(data: Any, lang: str | None = None) -> dict:
    """The settings with defaults for anything missing or bad (never raises); ``lang``, a
    catalogue's code, is the language's default (a first start's: the browser's or the desktop's)."""
    out = dict(DEFAULT_SETTINGS)
    if lang in languages():
        out["lang"] = lang
    if isinstance(data, dict):
        for key, ok in SETTING_CHECKS.items():
            if key in data and ok(data[key]):
                value = data[key]
                out[key] = list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value
    return out


#: The overall counts that must agree, each group with the others of it (no more won than played).
_AGREE = (("matches", "match_wins"), ("hands", "hand_wins", "hand_losses", "voids"))


def _counts_agree(count: dict) -> tuple[bool, bool]:
    """(no more matches won than played, no more hands won, lost and void than played)."""
    return (count["match_wins"] <= count["matches"],
            count["hand_wins"] + count["hand_losses"] + count["voids"] <= count["hands"])


def _from_table(bad: list[str], table: Any) -> dict:
    """The damaged overall counts in ``bad`` that the "in all" table (already cleaned) also keeps,
    from it: a damaged "hands" emptied the statistics screen while every table was good (the hands
    lost are the hands neither won nor void)."""
    if not isinstance(table, dict):
        return {}
    out = {k: table[k] for k in ("matches", "match_wins", "hands", "hand_wins", "voids") if k in bad and k in table}
    if "hand_losses" in bad and all(k in table for k in ("hands", "hand_wins", "voids")):
        out["hand_losses"] = max(0, table["hands"] - table["hand_wins"] - table["voids"])
    return out


def clean_stats(data: Any, left_out: list | None = None) -> dict:
    """The statistics as stored, what is good of them (never raises): an overall count that is not a
    whole number in range is 0, and so are those it must agree with if they no longer do (:data:`_AGREE`);
    the tables, people and last matches as :func:`stats.clean_extra` keeps them; what a newer version
    keeps besides (a field this copy does not know) as it is, to be written back. Each thing left
    out is noted in ``left_out`` (``stats.LeftOut``)."""
    from game.ui import stats  # noqa: PLC0415  (the figures by table and the last matches are its own)

    left = [] if left_out is None else left_out
    out = {k: 0 for k in STAT_KEYS}
    left_extra: list = []
    extra = stats.clean_extra(data, left_extra)
    if isinstance(data, dict):
        bad = [k for k in STAT_KEYS if k in data and not _is_int(data[k], 0, STAT_LIMITS.get(k, STAT_MAX))]
        out.update({k: data[k] for k in STAT_KEYS if k in data and k not in bad})
        rebuilt = _from_table(bad, extra.get("by", {}).get("all"))
        out.update(rebuilt)   # a damaged overall count the "in all" table also keeps: taken from it
        bad = [k for k in bad if k not in rebuilt]
        for group, agree in zip(_AGREE, _counts_agree(out)):
            if not agree:
                bad += [k for k in group if k not in bad]
                out.update(dict.fromkeys(group, 0))
        if bad:
            left.append(stats.LeftOut("totals", None, whole=len(bad) == len(STAT_KEYS)))
    left.extend(left_extra)
    out.update(extra)
    if isinstance(data, dict):
        known = set(STAT_KEYS) | set(stats.EXTRA_KEYS)
        unwritable = [k for k, v in data.items() if k not in known and not is_json_value({k: v})]
        left.extend(stats.LeftOut("other", "") for _ in unwritable)   # NaN, a lone surrogate: no save writes it
        out.update(unknown_fields(data, known))
    return out


class Store:
    """The interface's view of saved data, on top of ``game.storage.Storage``.

    Problems (bad data set aside, a failed write, storage refused) are kept in ``problems`` for the
    menu to show; each (key, kind) is noted once per session, even after the menu clears the list,
    and the list never holds more than ``MAX_PROBLEMS``. Nothing here raises.
    """

    def __init__(self, storage: Storage | None = None, first_lang: str | None = None) -> None:
        self.storage = storage if storage is not None else Storage(MemoryBackend())
        self.first_lang = first_lang   # the language when none is saved (the browser's); a saved one wins
        self.problems: list[Any] = []
        self._noted: set[tuple] = set()
        self._settings_seen: dict = clean_settings(None)   # the settings as last read or written here
        self._passed: dict = {}   # stored settings not used here but written back as they were (passed_on)
        self._at_load: dict = {}   # the settings as loaded (a newer value passed on goes once one is set here)
        self._mark: dict | None = None   # the match as counted, stored as not till the statistics are (_marked)
        self.unsaved_over: str | None = None   # the newer version's match the player said yes to play unsaved beside
        for problem in self.storage.problems:  # found while the store was opened
            self.report(problem)

    def report(self, problem: Any) -> None:
        """Note a problem for the menu, once (a ``StorageProblem`` or an exception)."""
        if isinstance(problem, StorageProblem):
            tag: tuple = (problem.key, problem.kind, problem.during)
        else:
            tag = (type(problem).__name__, str(problem)[:200])
        if tag in self._noted or len(self.problems) >= MAX_PROBLEMS:
            return
        self._noted.add(tag)
        self.problems.append(problem)

    def _load(self, name: str, validator: Any = None) -> Any:
        value, problem = self.storage.load(name, validator)
        if problem is not None:
            self.report(problem)
        return value

    def _save(self, name: str, value: dict) -> bool:
        problem = self.storage.save(name, value)
        if problem is not None:
            if problem.kind != "newer":   # (a newer version's data left alone: told once, at load)
                self.report(problem)
            return False
        self._marked()   # (the statistics may have been written with it: Storage.retry)
        return True

    def _told(self) -> None:
        """Note what the storage found since (a newer version's data appearing beside this copy)."""
        for problem in self.storage.problems:
            self.report(problem)

    def held_for_newer(self, name: str) -> bool:
        """Is ``name`` (settings, stats, match) left alone for a newer version of the game?"""
        return self.storage.held_for_newer(name)

    def newer_match(self) -> str | None:
        """The saved match's text while it is a newer version's (left alone), else None: looked at again
        (``Storage.still_newer``), so a newer match gone or replaced is held no longer."""
        if not self.storage.still_newer("match", check_match):
            return None
        try:
            return self.storage.stored_text("match")
        except Exception:   # (a backend that refuses: held, whatever it holds)
            return ""

    def describe_problems(self, lang: str) -> list[str]:
        """One sentence per problem, from the word catalogues (``save.*`` keys)."""
        from game.ui.i18n import Words  # noqa: PLC0415

        words = Words(lang)
        return [describe(p, words) for p in self.problems]

    def load_settings(self) -> dict:
        """The stored settings; a bad field (a damaged value, one an older copy wrote wrong) goes back
        to its default alone: the file as it was is set aside, the player told once which settings
        were reset, and the good ones stored again at once (until the thirty-second session one bad
        field set every setting aside: the language, the names remembered, the guided hand done)."""
        stored = self._load("settings", readable_settings)
        settings = clean_settings(stored, self.first_lang)
        self._settings_seen = copy.deepcopy(settings)
        self._passed = passed_on(stored)   # written back as they were
        self._at_load = copy.deepcopy(settings)
        bad = bad_settings(stored)
        if bad:
            self._leave_out("settings", SettingsLeftOut, "; ".join(f"settings.{key} is {_short(stored[key])}"
                                                                  for key in bad), bad)
            self.save_settings(settings)
        return settings

    def _leave_out(self, key: str, problem: type, detail: str, items: list) -> None:
        """``key``'s file as it was set aside, and the player told once what of it was left out
        (``items``: a ``problem``, :class:`SettingsLeftOut` or :class:`StatsLeftOut`)."""
        aside = self.storage.set_aside(key, "partial", detail)
        self.report(problem(key, "partial", aside.detail if aside else detail,
                            aside.set_aside_as if aside else None, items=tuple(items)))

    def take_in_settings(self, settings: dict) -> None:
        """Each setting another window of the game (a second tab, the home-screen app) changed since
        this one last read or wrote them, and this one did not, taken into ``settings`` (in place)."""
        fresh = self.storage.newer("settings", readable_settings)
        self._told()
        if fresh is not None:
            seen = self._settings_seen
            bad = bad_settings(fresh)   # another window's damaged field changes nothing here
            for key, value in clean_settings(fresh).items():
                if key in bad:
                    continue
                if settings.get(key) == seen.get(key):
                    settings[key] = value
                    seen[key] = copy.deepcopy(value)
                elif key == "names":   # people remembered in both: this window's first, then the other's
                    from game.ui.seats import REMEMBERED  # noqa: PLC0415

                    mine = list(settings.get(key) or [])
                    settings[key] = (mine + [name for name in value if name not in mine])[:REMEMBERED]

    def save_settings(self, settings: dict) -> bool:
        """Save ``settings``, with what another window changed since taken in first
        (:meth:`take_in_settings`), so saving does not undo it."""
        self.take_in_settings(settings)
        clean = clean_settings(settings)
        self._settings_seen = copy.deepcopy(clean)
        passed = self._passed
        for key in [k for k in passed if k in NEWER_VALUES and clean.get(k) != self._at_load.get(k)]:
            del passed[key]   # the player set it here (a language chosen): this one stands
        return self._save("settings", {**clean, **passed})

    def load_stats(self) -> dict:
        return self._take_stats(self._load("stats"))

    def _take_stats(self, stored: Any) -> dict:
        """The good of the ``stored`` statistics (:func:`clean_stats`). Anything left out as bad (one
        table's figures, one person's, a match of the chart) goes alone: the file as it was is set
        aside for whoever wants to look at it, the player told once what was left out, and the good
        figures stored again at once (until this version one bad figure set every figure aside, and
        the next save wrote the statistics from zero)."""
        left: list = []
        good = clean_stats(stored, left)
        if left:
            from game.ui.stats import left_detail  # noqa: PLC0415

            self._leave_out("stats", StatsLeftOut, "; ".join(left_detail(item) for item in left[:8]), left)
            self.save_stats(good)
        return good

    def save_stats(self, stats: dict) -> bool:
        return self._save("stats", clean_stats(stats))

    def update_stats(self, stats: dict, change: Callable[[dict], object]) -> dict:
        """``change`` made to the statistics as stored now — with the games another window of the
        game has added since (a second tab, the home-screen app beside the browser), which saving
        this session's copy would wipe — or else to ``stats``; saved if ``change`` says it changed
        something (a true result). Returns the statistics to keep."""
        fresh = self.storage.newer("stats")
        current = self._take_stats(fresh) if fresh is not None else stats
        self._told()
        if change(current):
            self.save_stats(current)
        return current

    def load_match(self) -> dict | None:
        """The saved match, checked field by field (a bad one is set aside and reported)."""
        return self._load("match", check_match)

    def save_match(self, data: dict, replace: bool = False) -> bool:
        """Keep the match being played; False if not written. Unless ``replace`` (a match started
        here), never over what another window of the game stored since (:meth:`match_elsewhere`). While the
        statistics are unwritten (a quota nearly full) its hand is stored as not counted (``recorded``), as
        counted once they are (:meth:`_marked`): a reload never counted a hand whose statistics failed."""
        if not replace and self.match_elsewhere():
            return False
        self._mark = data if self.storage.unwritten("stats") and data.get("recorded", -1) != -1 else None
        return self._save("match", {**data, "recorded": -1} if self._mark else data)

    def _marked(self) -> None:
        """The match stored as counted, once the statistics that count its hand are written."""
        if self._mark is not None and not self.storage.unwritten("stats"):
            mark, self._mark = self._mark, None
            self.save_match(mark)

    def forget_pending(self) -> None:
        """The match this session would store as counted once its statistics are written, forgotten:
        a copy of the player's data replaced both (what failed to be written is replaced by the
        copy's writes, ``Storage.save``)."""
        self._mark = None

    def match_elsewhere(self) -> bool:
        """Has another window of the game (a second tab, the home-screen app) gone on with the saved
        match, ended it or started another since this one last read or wrote it? Its copy here is
        then stale: writing it would erase what was played there. Noted once for the menu to tell."""
        if not self.storage.changed("match"):
            return False
        if ELSEWHERE not in self.problems:
            self.problems.append(ELSEWHERE)
        return True

    def retry(self) -> None:
        """Write again what failed to be written (``Storage.retry``), if writing works now."""
        self.storage.retry()
        self._marked()

    def clear_match(self) -> None:
        """Forget the saved match (it is over), unless another window has stored another since."""
        if self.match_elsewhere():
            return
        self._mark = None
        problem = self.storage.clear("match")
        if problem is not None:
            self.report(problem)

    def set_aside_match(self, reason: str) -> StorageProblem | None:
        """The saved match loaded but could not be used (resuming it failed): move it aside byte
        for byte and report it once, instead of deleting it. ``reason``: what failed, for logs."""
        problem = self.storage.set_aside("match", "rejected", reason)
        if problem is not None:
            self.report(problem)
        return problem


def default_store(first_lang: str | None = None) -> Store:
    """The platform's save layer (localStorage in the browser, JSON files on the desktop), with
    ``first_lang`` the language until one is saved.

    A data folder that cannot be found falls back to memory (reported once); a bug is not hidden.
    """
    try:
        storage = Storage()
    except (OSError, RuntimeError, KeyError) as exc:  # Path.home() without a home: RuntimeError/KeyError
        storage = Storage(MemoryBackend(unavailable=f"{type(exc).__name__}: {exc}"))
    return Store(storage, first_lang)


def demo_store() -> Store:
    """For demos and autoplay: memory only, so they never touch the player's saves."""
    return Store(Storage(MemoryBackend()))
