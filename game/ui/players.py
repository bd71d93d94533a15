"""The computer players and hints as the interface uses them (``game.ai`` underneath).

Bots only ever receive an ``Observation`` of their own seat; :class:`Thinking` spreads a bot's
move over frames; a bot that fails is reported and replaced by the first legal move for that
move (:class:`FirstLegal`), so the game never stalls.
"""

from __future__ import annotations

import random
import time
import traceback
from typing import Any

import game.ai as ai
from game.ai.hints import Reason, explain
from game.ai.knowledge import knowledge_of
from game.ai.search import run_steps, three_best, three_gain
from game.cards import DECK
from game.fast import POINTS
from game.hand import SWAP, Observation
from game.ui.i18n import Words
from game.ui.review import three_values_steps


#: The level whose move a hint suggests (strong, and quicker than the expert).
HINT_LEVEL = "hard"


class FirstLegal:
    """Fallback for one move of a bot that failed: the cambio when allowed, else the first legal card."""

    def choose(self, obs: Observation):
        moves = list(obs.legal_moves)
        if SWAP in moves:
            return SWAP
        return moves[0]


def levels() -> tuple:
    """The levels offered in the menu, weakest first."""
    return tuple(ai.MENU_LEVELS)


def default_level() -> str:
    return "normal"


def level_description(level: Any, lang: str) -> str:
    """What a level does, in ``lang`` (the catalogue's ``level.<key>.about``), or "" for an unknown level."""
    return Words(lang).level_about(level)


def make_bot(level: Any, rng: random.Random):
    """A computer player of ``level`` (an unknown level, e.g. from old settings, plays as normal)."""
    try:
        key = ai.level_key(level)
    except ValueError:
        key = default_level()
    # Searching levels think a few milliseconds per frame (Thinking); the browser budget caps
    # their total thinking time so a slow phone still answers promptly.
    return ai.make_player(key, rng, **ai.browser_budget(key))


#: How many recent steps the next step's cost is predicted from (their longest): ``run_slice``.
RECENT = 8


def run_slice(steps, recent: list[float], budget: float | None, clock=None) -> tuple[bool, Any]:
    """Run the generator ``steps`` for about ``budget`` seconds of ``clock`` (None: ``time.perf_counter``;
    ``budget`` None: to its end), a step at least, so any budget makes progress. A step is not cut: so
    that the slice is not overshot by a whole step, the next starts only if the longest of the last
    :data:`RECENT` (kept in ``recent``) still fits. ``(True, what it returned)`` at its end, else
    ``(False, None)``: a bot's thinking (:class:`Thinking`), a hint's reason being placed
    (``play_view.step_placing``)."""
    clock = clock or time.perf_counter
    deadline = None if budget is None else clock() + budget
    while True:
        started = clock()
        try:
            next(steps)
        except StopIteration as stop:
            return True, stop.value
        now = clock()
        recent[:] = recent[1 - RECENT:] + [now - started]
        if deadline is not None and now + max(recent) >= deadline:
            return False, None


class Thinking:
    """A bot's move being thought over several frames.

    Why: the browser runs everything in the frame loop, so a search that takes a few hundred
    milliseconds must not run inside one frame.  ``step(budget)`` thinks for about ``budget``
    seconds (None: to the end) and says whether the move is ready in ``move``.  The move is
    checked to be legal: a broken bot falls back to the first legal move rather than stalling.
    """

    def __init__(self, bot: ai.Player, obs: Observation) -> None:
        self.obs = obs
        self.move = None
        self.done = False
        self._steps = bot.think(obs)
        self._recent: list[float] = []  # seconds of the last few steps

    def step(self, budget: float | None) -> bool:
        """Think for at most about ``budget`` seconds (None: to the end); True when the move is ready.

        A step (one sampled deal) is not cut: so that the slice is not overshot by a whole step,
        the next step starts only if the longest of the recent ones still fits in what is left.
        """
        if self.done:
            return True
        try:
            done, move = run_slice(self._steps, self._recent, budget)
            if done:
                self._finish(move)
        except Exception:  # a broken bot must not stop the game: say so, play on
            traceback.print_exc()
            self._finish(None)
        return self.done

    def _finish(self, move) -> None:
        if move not in self.obs.legal_moves:
            move = FirstLegal().choose(self.obs)
        self.move = move
        self.done = True


class HintThinking(Thinking):
    """The hint thought over frames like a bot's move: the same move and reason as
    :func:`hint_reason` with the same ``rng`` (``reason`` is set when ``done``)."""

    def __init__(self, obs: Observation, rng: random.Random) -> None:
        self.bot = ai.make_player(HINT_LEVEL, rng)
        super().__init__(self.bot, obs)
        self.reason: Reason | None = None
        self._values = None
        self._steps = self._then_exact(self._steps)

    def _then_exact(self, steps):
        move = yield from steps
        self._values = getattr(self.bot, "last_values", None)
        if exact_three(self.obs) and move in self.obs.legal_moves:
            move, self._values = yield from exact_hint_steps(self.obs, move)
        return move

    def _finish(self, move) -> None:
        super()._finish(move)
        self.reason = explain(self.obs, self.move, self._values)


def exact_three(obs: Observation) -> bool:
    """Three players, nothing left to draw, a choice: the hint asks the review's exact values."""
    return obs.rules.players == 3 and obs.stock_count == 0 and len(obs.legal_moves) > 1


def exact_hint_steps(obs: Observation, move):
    """A generator (a step per card and deal) returning (the card to suggest, the values for its reason):
    ``move`` (the hint level's) unless the review's exact values (game/ui/review.py
    ``three_values_steps``) show a card better under both readings of the others' play, then the
    one most clearly better. Why: the hard level plays the rule player's rollouts, and with three
    players they suggested the as of triunfo on a baza of no points where a small card was better on
    every deal ("ganas la baza y 11 puntos seguros"); and the review called the hint followed a
    mistake (11 of 412 positions, an outside tester). Only the hint: the bots play as measured."""
    cards = [int(c) for c in obs.legal_moves]
    mean, _ = yield from three_values_steps(obs, knowledge_of(obs), cards)
    best, _ = three_best(mean, int(move))
    # cards worth exactly as much under both readings: the one that throws fewest points (the hint
    # level's search, its values tied, told a learner to throw the as de oros to a rival where the 6
    # de bastos took a baza of no points: equal in the end, a bad lesson)
    tied = [c for c in cards if all(abs(a - b) <= 1e-9 for a, b in zip(mean[c], mean[best]))]
    best = min(tied, key=lambda c: (POINTS[c], c != best))
    return DECK[best], {c: three_gain(mean, c, best) for c in cards}


def hint_reason(obs: Observation, rng: random.Random) -> tuple[Any, Reason | None]:
    """(suggested move, its reason as a fact) for ``obs``; (None, None) if it is not its turn.

    The sentence is ``Words(lang).hint(reason)``."""
    if not obs.legal_moves:
        return None, None
    result = ai.hint(obs, rng, level=HINT_LEVEL)
    if exact_three(obs):
        move, values = run_steps(exact_hint_steps(obs, result.move))
        return move, explain(obs, move, values)
    return result.move, result.reason


def senas_to_give(bot: ai.Player, obs: Observation) -> list:
    """The señas a bot wants to show now (the AI decides; a failing bot shows none)."""
    try:
        return list(bot.senas_to_give(obs))
    except Exception:  # a broken bot must not stop the game: say so, play on
        traceback.print_exc()
        return []
