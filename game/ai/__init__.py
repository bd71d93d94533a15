"""Computer players for brisca: from a gentle beginner to a searcher.

The whole API (see docs/ai.md)::

    player = make_player("expert", random.Random(seed))        # or "experto", "normal", ...
    move = player.choose(hand.observation(seat))               # a Card or "swap"
    cards = player.senas_to_give(hand.observation(seat))       # pairs: señas to show now
    caught = catch_senas(rng, chance=0.3, seat=seat)           # which opponents see a seña
    h = hint(hand.observation(seat), random.Random(0))         # Hint(move, Reason(kind, cards, points))

Players see only the observation of their seat.  ``LEVELS`` lists the levels by key in menu
order (``random`` is for the arena and is not shown in the menu); their names and the hints'
sentences are the interface's words (``game.ui.i18n``), not the AI's.  Search levels take a
budget: ``samples`` (sampled deals per move) and/or ``time_limit`` (seconds); :data:`BROWSER_BUDGET` is the one the browser uses.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from .hints import Hint, hint
from .ismcts import ISMCTSPlayer
from .net import NetPlayer
from .players import Player, RandomPlayer, RulePlayer, SearchPlayer

__all__ = ["LEVELS", "Level", "make_player", "Player", "BROWSER_BUDGET", "browser_budget",
           "hint", "Hint", "catch_senas", "level_key", "MENU_LEVELS"]


class Level(NamedTuple):
    """A level by its key; its name and description are words of the interface's catalogues
    (``level.<key>``, ``level.<key>.about``)."""

    key: str
    in_menu: bool = True


#: Levels in menu order (weakest first).
LEVELS: dict[str, Level] = {
    "beginner": Level("beginner"),  # plays sensibly but slips: gives points away, hoards a trump
    "normal": Level("normal"),      # counts cards, uses trumps and the cambio well
    "hard": Level("hard"),          # searches sampled deals of the unseen cards, solves the endgame
    "expert": Level("expert"),      # as hard, with more deals per move
    "random": Level("random", in_menu=False),  # random legal moves, for the arena and tests
}
MENU_LEVELS = tuple(k for k, lv in LEVELS.items() if lv.in_menu)

#: Arena-only players that are not levels (no menu, no words), the sparring partners that share
#: none of the expert's model: ``ismcts`` searches (game/ai/ismcts.py), ``net`` is a policy
#: network trained by self-play as the strongest published two-player bot was (game/ai/net.py).
SPARRING = {"ismcts": ISMCTSPlayer, "net": NetPlayer}

_ALIASES = {"principiante": "beginner", "difícil": "hard", "dificil": "hard", "experto": "expert",
            "aleatorio": "random", "easy": "beginner", "facil": "beginner", "fácil": "beginner"}

#: Search budgets per level (the sampled deals a move and the search's models), measured on one
#: core of this machine (CPython 3.11). The name says where they were measured, not where they
#: apply: the arena and the tests play them as they are, and the interface, on the desktop as in
#: the browser, adds :data:`BROWSER_BUDGET`'s time cap (:func:`browser_budget`, game/ui/players.py).
#: Issue 13 (docs/ai.md): ending each sampled deal's rollout after four bazas and reading the
#: rest off the learned evaluation (game/ai/value.py, ``truncate``) takes the noise of the far
#: end of the hand out of the move values, and then more deals pay: 480 truncated deals a move
#: scored +0.031 +- 0.019 over 160 full rollouts on the same deals against the trained network;
#: 1,000 deals gained nothing more.  ``hard`` searches a third as many.  With three or four
#: players no evaluation cuts the rollouts short and the budgets stay those measured before
#: (``samples_many``: 160 for the expert, 100 for hard).
#: Issue 13, sixth round: with two players the card the search leaves only on clear evidence
#: (and the card of its ties) is the trained network's (``anchor="net:net-a"``,
#: game/ai/network.py) instead of the rule player's; the rollouts and the reading of the others'
#: plays stay the rule player's.  Three or four players keep the rule player's card.
#: Issue 13, seventh round: with that prior, 480 deals scored no better than 160 on the same
#: 2,000 deals (-0.004 +- 0.016) at 2-3 times the time, and a stricter or looser prior (leave it
#: on 2 or 0.5 standard errors instead of 1) changed nothing measurable either, so the expert
#: searches 160 truncated deals with two players (the 480-deal p95 was at the 150 ms line on a
#: slower machine) and hard 100, the same counts as with three or four players.
#: Issue 13, eighth round: with two players the expert reads the other's plays with a small
#: network distilled from net-a (``infer_model="net:net-a-small"``, tools/distill_net.py) instead
#: of the rule player: +0.021 +- 0.016 against the independent net-b over the same 2,000 deals.
#: Issue 13, eleventh and twelfth rounds: with two players the expert's rollouts are played by
#: net-a-small's favourite card at both seats (``rollout="net:net-a-small"``,
#: game/ai/netrollout.py) instead of the rule player's: +0.022 +- 0.017 against net-b, +0.018
#: +- 0.017 against net-c and +0.011 +- 0.017 against net-a over the same 2,000 deals (-0.029 +-
#: 0.017 against ``normal``, which the rule rollouts modelled exactly), at about three times the
#: CPU time a move (p50 / p95 38-49 / 105-122 ms).  Three or four players keep the rule
#: rollouts (the option is a two-player one).
#: Issue 13, thirteenth round: the rollouts are played by net-a-small32, a 32-unit network
#: distilled from net-a like net-a-small (64 units; it still reads the other's plays): a card
#: costs 6 us instead of 14, the move p50 / p95 27-28 / 65-74 ms instead of 42 / 111, and the
#: play is as strong (-0.004 +- 0.016 against net-b, +0.002 +- 0.016 against net-c, the same
#: 2,000 deals each; docs/ai.md).  Deeper or shallower rollouts (truncate 8 or 2 bazas) and
#: 320 deals a move scored worse.
#: Thirty-seventh round: with three players and at most three cards left to draw the expert's
#: own later cards in each deal are the best of its lines there, the others' normal's
#: (``own_from``, :func:`game.ai.search.own_lines`): +0.022 +- 0.013 and +0.013 +- 0.013 on the same
#: 300 deals against two normals (seeds 2026, 2031); 320 deals a move instead of 160 showed nothing
#: (-0.009 +- 0.059 over 123 deals).
#: Fortieth round: in pairs the prior card and the rollouts keep a triunfo's points while the stock
#: lasts and the prior scores my side's beatable card by the chance the opponent after it beats it
#: (``pair_keep``, ``pair_keep_rollouts``, ``pair_q``): head to head against the level as it was,
#: hard 0.586 [0.551, 0.621] (323 deals), the expert 0.580 [0.542, 0.617] (267 deals), seeds 2026
#: and 2027, señas 0.3 (docs/ai.md).
DESKTOP_BUDGET = {
    "hard": {"samples": 100, "samples_many": 100, "solve_stock": 4, "truncate": 4,
             "anchor": "net:net-a", "exact_lead": True, "pair_keep": True,
             "pair_keep_rollouts": True, "pair_q": True},
    "expert": {"samples": 160, "samples_many": 160, "solve_stock": 4, "exact_samples": 20,
               "truncate": 4, "anchor": "net:net-a", "infer_model": "net:net-a-small",
               "rollout": "net:net-a-small32", "own_from": 3, "exact_lead": True, "pair_keep": True,
               "pair_keep_rollouts": True, "pair_q": True},
}

#: The browser's budget: the same sample counts (the arena's strength), capped by a time limit
#: per move (seconds of thinking, not counting the frames between steps) so a slow phone still
#: answers.  The interface thinks 6 ms a frame (``THINK_PER_FRAME`` in game/ui/scenes/play.py),
#: so at 60 frames a second 0.15 s of thinking takes 25 frames, ~0.42 s: inside the bots'
#: 0.45 s pause (tests/test_ai.py checks it): the most thinking that fits the pause.  Measured
#: (docs/wasm.md, ``python -m game bench --wasm``, thirteenth round, the expert's two-player
#: rollouts played by net-a-small32): two-player searches p95 146 ms in WebAssembly; the cap cut
#: none of 100 mixed searches (15 with the twelfth round's net-a-small rollouts).  Re-measured with
#: the thirty-seventh round's ``own_from`` (docs/ai.md): none of the 100 at load 2-3, p95 124 ms in
#: WebAssembly; its three-player moves from the last draw on reach the cap there (p95 137 ms, max
#: 236 ms, wall clock, load 4) and 3 of 48 were cut.  A cut search
#: keeps fewer deals: at 64 deals a move the network-rollout expert scored as the previous
#: expert's full 160 rule-rollout deals (-0.004 +- 0.018 against net-b, docs/ai.md), so a slow
#: phone loses the gain, not more.  Re-measure when the desktop budget changes.
BROWSER_BUDGET = {"time_limit": 0.15}


def browser_budget(level: str) -> dict:
    """Options for :func:`make_player` in the browser: ``make_player(lv, rng, **browser_budget(lv))``."""
    key = level_key(level)
    return dict(BROWSER_BUDGET) if key in DESKTOP_BUDGET else {}


def level_key(level: str) -> str:
    """The canonical key of a level name in English or Spanish (ValueError if unknown)."""
    key = str(level).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in LEVELS and key not in SPARRING:
        names = ", ".join(LEVELS)
        raise ValueError(f"unknown level {level!r}; levels: {names} (the arena's sparring partners: "
                         f"{', '.join(SPARRING)})")
    return key


def make_player(level: str, rng: random.Random, /, **options) -> Player:
    """A player of ``level`` using ``rng`` for every choice it makes.

    Options (all optional): for hard/expert ``samples``, ``samples_many`` (three or four
    players), ``truncate``, ``time_limit`` (seconds per move), ``solve_stock``, ``rollout`` and
    ``anchor``, ``own_from``, ``exact_lead`` (see :class:`SearchPlayer`); for beginner/normal ``mistake_rate``, ``mistake_margin``, ``forget_swap``,
    ``last_draw``, ``keep_points``, ``keep_points_early``, ``exact_three``, ``pair_second`` (see :class:`RulePlayer`).
    """
    key = level_key(level)
    if "level" in options:
        raise TypeError("the level is make_player's first argument, not an option")
    if key in SPARRING:
        return SPARRING[key](rng, **options)
    if key == "random":
        if options:
            raise TypeError(f"the random player takes no options, not {sorted(options)}")
        return RandomPlayer(rng)
    if key == "normal":
        return RulePlayer(rng, level="normal", **options)
    if key == "beginner":
        opts = {"counting": False, "mistake_rate": 0.45, "mistake_margin": 11.0,
                "forget_swap": 0.4, "solve_end": False, "last_draw": False, "keep_points": False,
                "pair_second": False, "keep_points_early": False}
        opts.update(options)
        return RulePlayer(rng, level="beginner", **opts)
    opts = dict(DESKTOP_BUDGET[key])
    opts.update(options)
    return SearchPlayer(rng, level=key, **opts)


def catch_senas(rng: random.Random, chance: float, seat: int, players: int = 4) -> tuple[int, ...]:
    """Which opponents of ``seat`` catch its seña: each one independently with ``chance``
    (the option of RULES.md "Señas").  The result is the ``caught_by`` of ``Hand.give_sena``."""
    if not 0.0 <= chance <= 1.0:
        raise ValueError(f"chance must be between 0 and 1, not {chance!r}")
    opponents = ((seat + 1) % players, (seat + 3) % players)
    return tuple(o for o in opponents if rng.random() < chance)
