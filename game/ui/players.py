"""The computer players and hints, behind two functions.

Why: the interface must not care which AI is installed. ``make_bot`` and ``hint`` use ``game.ai``
when it is there and works, else a plain stand-in that plays the first legal move (preferring the
cambio, so a swap can be seen). Bots only ever receive an ``Observation`` of their own seat.
"""

from __future__ import annotations

import random
import time
import traceback
from typing import Any

from game.hand import SWAP, Observation

FALLBACK_LEVELS = ("first",)


class FirstLegal:
    """Stand-in bot: the cambio when allowed, else the first legal card."""

    level = "first"

    def choose(self, obs: Observation):
        moves = list(obs.legal_moves)
        if SWAP in moves:
            return SWAP
        return moves[0]


def _ai() -> Any | None:
    try:
        import game.ai as ai  # noqa: PLC0415

        if hasattr(ai, "make_player") and hasattr(ai, "LEVELS"):
            return ai
    except Exception:  # the AI package may be missing or mid-change
        return None
    return None


def levels() -> tuple:
    ai = _ai()
    if ai is not None:
        try:
            found = tuple(getattr(ai, "MENU_LEVELS", None) or ai.LEVELS)
            if found:
                return found
        except Exception:
            pass
    return FALLBACK_LEVELS


def default_level() -> Any:
    found = levels()
    return "normal" if "normal" in found else found[len(found) // 2]


def level_description(level: Any, lang: str) -> str:
    """What the AI says its level does, in ``lang`` (its own es/en texts), or "" if it says nothing."""
    ai = _ai()
    try:
        info = ai.LEVELS[level] if ai is not None else None
        return str(getattr(info, f"description_{lang}", "") or "")
    except Exception:
        return ""


def make_bot(level: Any, rng: random.Random):
    ai = _ai()
    if ai is not None:
        try:
            # Searching levels think a few milliseconds per frame (Thinking); the browser
            # budget caps their total thinking time so a slow phone still answers promptly.
            budget = ai.browser_budget(level) if hasattr(ai, "browser_budget") else {}
            return ai.make_player(level, rng, **budget)
        except Exception:
            pass
    return FirstLegal()


def choose(bot, obs: Observation):
    """The bot's move, thought through in one call."""
    thinking = Thinking(bot, obs)
    while not thinking.step(None):
        pass
    return thinking.move


class Thinking:
    """A bot's move being thought over several frames.

    Why: the browser runs everything in the frame loop, so a search that takes a few hundred
    milliseconds must not run inside one frame.  ``step(budget)`` thinks for about ``budget``
    seconds (None: to the end) and says whether the move is ready in ``move``.  The move is
    checked to be legal: a broken bot falls back to the first legal move rather than stalling.
    """

    def __init__(self, bot, obs: Observation) -> None:
        self.obs = obs
        self.move = None
        self.done = False
        think = getattr(bot, "think", None)
        self._steps = think(obs) if think is not None else None
        self._bot = bot

    def step(self, budget: float | None) -> bool:
        if self.done:
            return True
        deadline = None if budget is None else time.perf_counter() + budget
        try:
            if self._steps is None:
                self._finish(self._bot.choose(self.obs))
                return True
            while True:  # at least one step per call, so any budget makes progress
                next(self._steps)
                if deadline is not None and time.perf_counter() >= deadline:
                    break
        except StopIteration as stop:
            self._finish(stop.value)
        except Exception:  # a broken bot must not stop the game: say so, play on
            traceback.print_exc()
            self._finish(None)
        return self.done

    def _finish(self, move) -> None:
        if move not in self.obs.legal_moves:
            move = FirstLegal().choose(self.obs)
        self.move = move
        self.done = True


def hint(obs: Observation, rng: random.Random, lang: str = "es") -> tuple[Any, str]:
    """(suggested move, the AI's reason in ``lang`` or "") for ``obs``; (None, "") if not its turn."""
    if not obs.legal_moves:
        return None, ""
    ai = _ai()
    if ai is not None and hasattr(ai, "hint"):
        try:
            result = ai.hint(obs, rng, level="hard")
            move = getattr(result, "move", result)
            reason = getattr(result, f"reason_{lang}", "") or ""
            if move in obs.legal_moves:
                return move, str(reason)
        except Exception:
            pass
    return FirstLegal().choose(obs), ""


def senas_to_give(bot, obs: Observation) -> list:
    """The señas a bot wants to show now (the AI decides; the stand-in shows none)."""
    fn = getattr(bot, "senas_to_give", None)
    if fn is None:
        return []
    try:
        return list(fn(obs) or [])
    except Exception:
        return []
