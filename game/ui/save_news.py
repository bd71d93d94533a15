"""The save problems the menu tells, and the sentence each is told in.

Why: the problems are facts (``StorageProblem``: key, kind, detail; a partial load's items), kept by
:class:`game.ui.persist.Store` once each; here they become one sentence each, from the word
catalogues (``save.*`` keys). Apart from ``persist``, which had reached the 600-line ceiling, so
that what is stored and what is said about it can each grow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.storage import ALL, StorageProblem
from game.ui import web


@dataclass(frozen=True)
class SettingsLeftOut(StorageProblem):
    """Stored settings loaded but for the fields that were bad in them (``items``: their names),
    each back at its default."""

    items: tuple = ()


@dataclass(frozen=True)
class StatsLeftOut(StorageProblem):
    """Stored statistics loaded but for what was bad in them (``items``, ``stats.LeftOut``)."""

    items: tuple = ()


#: The note for the menu that the saved match changed in another window (:meth:`persist.Store.match_elsewhere`).
ELSEWHERE = StorageProblem("match", "elsewhere", "another window of the game stored or removed the match")


def describe(problem: Any, words: Any) -> str:
    """A problem as the player reads it, in ``words``' language."""
    if problem is ELSEWHERE:
        return words.t("save.elsewhere")
    if not isinstance(problem, StorageProblem):  # an exception a scene noted: its type only
        return words.t("save.problem.other", what=type(problem).__name__)
    if isinstance(problem, (SettingsLeftOut, StatsLeftOut)):
        from game.ui.stats import few_then_more, left_words  # noqa: PLC0415

        if isinstance(problem, SettingsLeftOut):
            text, what = "save.problem.settings_left_out", few_then_more(
                [words.t(f"save.setting.{key}") for key in problem.items], words)
        else:
            text, what = "save.problem.left_out", left_words(list(problem.items), words)
        if problem.set_aside_as:
            return words.t(text, what=what, where=problem.set_aside_as)
        return words.t(f"{text}_kept", what=what)
    if problem.kind == "storage_unavailable" or problem.key == ALL:
        # in the browser the page was given no storage (itch.io's iframe where third-party storage
        # is blocked, a private window): what to do about it is the player's to choose
        return words.t("save.unavailable_page" if web.BROWSER else "save.unavailable")
    thing = words.t(f"save.thing.{problem.key}")
    how = words.t(f"save.kind.{problem.kind}")
    if problem.kind == "newer" and problem.during != "save":
        return words.t("save.problem.newer", thing=thing)
    if problem.during == "save":
        return words.t("save.problem.save", thing=thing, how=how)
    if problem.set_aside_as:
        return words.t("save.problem.load_aside", thing=thing, how=how, where=problem.set_aside_as)
    return words.t("save.problem.load", thing=thing, how=how)
