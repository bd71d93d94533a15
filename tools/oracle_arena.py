"""What seeing hidden cards is worth to the search (development tool, not shipped logic).

Runs ``python -m game arena`` with the search levels (hard, expert) given the truth instead of
sampled deals: every deal they "sample" is the real one.  Against the same deals, the gap
between this and the fair player is the most that reading the others' cards (``--sees hand``)
or everything (``--sees all``: the stock's order too) could ever buy.  docs/ai.md quotes it.

    python tools/oracle_arena.py --sees hand expert ismcts --deals 400 --players 2 --seed 2026
    python tools/oracle_arena.py --sees all expert normal --deals 400 --players 2 --seed 2026 --a-opts '{"samples": 1}'

``hand``: the other hands are the real ones, the face-down stock is shuffled (its order is
still unknown).  ``all``: the real stock order too.  Only side A may be a search level (B's
player would see the truth as well); the arena's other options are passed through.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import fast  # noqa: E402
from game.ai import knowledge, players  # noqa: E402
from game.ai import level_key  # noqa: E402
from game.cli import arena  # noqa: E402
from game.hand import Hand  # noqa: E402

SEES = ("hand", "all")
_now: dict = {"hand": None, "search": False}


def _true_deal(know, rng, sees: str):
    """The real hands (and stock) of the hand being played, in :meth:`Knowledge.sample`'s form."""
    truth = fast.from_hand(_now["hand"])
    hands = truth.hands
    hands[know.seat] = know.hand[:]
    stock = truth.stock[::-1]   # FastState keeps the top last
    if sees == "hand":
        rng.shuffle(stock)
    return hands, stock


def install(sees: str):
    """Make every search-level player see the truth (``sees``: "hand" or "all"); returns the
    function that puts things back."""
    observation, sample, think = Hand.observation, knowledge.Knowledge.sample, players.SearchPlayer._think

    def watched_observation(self, seat):
        _now["hand"] = self
        return observation(self, seat)

    def oracle_sample(self, rng):
        if _now["search"]:
            return _true_deal(self, rng, sees)
        return sample(self, rng)

    def oracle_think(self, obs, legal):
        _now["search"] = True
        try:
            return (yield from think(self, obs, legal))
        finally:
            _now["search"] = False

    Hand.observation = watched_observation
    knowledge.Knowledge.sample = oracle_sample
    players.SearchPlayer._think = oracle_think

    def restore() -> None:
        Hand.observation = observation
        knowledge.Knowledge.sample = sample
        players.SearchPlayer._think = think
    return restore


def main(argv: list[str]) -> int:
    if len(argv) < 4 or argv[0] != "--sees" or argv[1] not in SEES:
        print("usage: python tools/oracle_arena.py --sees hand|all A B [arena options]", file=sys.stderr)
        return 2
    if any(a == "--jobs" or a.startswith("--jobs=") for a in argv):
        print("--jobs: the oracle works in one process only", file=sys.stderr)
        return 2
    b = argv[3]
    try:
        if level_key(b) in ("hard", "expert"):
            print(f"B ({b}) is a search level: it would see the truth too; put it as A", file=sys.stderr)
            return 2
    except ValueError:
        pass  # not a level (ismcts, or a typo the arena will explain)
    install(argv[1])
    return arena.main(argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
