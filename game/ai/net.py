"""A sparring partner that learned to play by itself: a policy network trained by self-play
(``tools/train_net.py``), evaluated in pure Python.

Why it exists (issue 13): the strongest published two-player brisca/briscola bot is such a
network, trained with proximal policy optimisation against a pool of its past selves, and the
outside check measures the expert against it.  This is the same recipe trained here: it
shares nothing with the expert (no rule player, no search, no card counting beyond what the
network learned), so the arena's figures against it are a second honest yardstick beside
``ismcts``.  Arena only, two players, not a level of the menu:
``python -m game arena expert net --rules '{"swap_seven": false}'``.

What the network sees is the published bot's observation, 162 numbers: the cards played in
finished bazas, the muestra as it was dealt, the card on the table, the cards in hand (40
ones and zeros each), then my points and the other player's, each / 120.  It scores the 40
cards; the ones not in hand are left out and the move is drawn from the softmax of the rest
with the player's ``rng`` (``greedy=True``: the best-scored card).  It never makes the cambio
(the bot's game has none): the outside check and the figures in docs/ai.md play without it.

The weights (``game/ai/nets/*.bin``) are a JSON header line then little-endian float32
arrays, each layer's weight matrix row by row (one row per output) then its bias.  Three are
sparring partners in the repository: ``net-a`` (seed 1, the full 1,950 training iterations;
the arena's default), ``net-b`` (seed 2, stopped after 1,025 iterations), a second,
independently trained opponent to check that a gain against ``net-a`` is not a gain against
one network's quirks, and ``net-c`` (seed 3, stopped after 750 iterations, the end of the
schedule's points stage), a third that no model inside the search was distilled from.
``net-a`` also ships in the browser build: with two players the expert and hard levels take
the card their search leaves only on clear evidence from it (``anchor``, game/ai/players.py);
``net-b`` and ``net-c`` stay out of the browser (game/cli/build_web.py ``NOT_SHIPPED``).
"""

from __future__ import annotations

from ..fast import SWAP_MOVE
from . import checks
from .network import NET_DIR, FORMAT, Network, load_network, load_policy, observation_inputs, probabilities
from .players import Player

__all__ = ["NET_DIR", "FORMAT", "Network", "load_network", "NetPlayer", "observation_inputs"]


class NetPlayer(Player):
    """The self-play network as a player (two players only; see the module docstring).

    ``network``: the name of a file in ``game/ai/nets`` (default ``net-a``), or names joined by
    ``+`` for several networks' normalised geometric mean (:class:`game.ai.network.Ensemble`);
    ``greedy``: play the best-scored card instead of drawing from the policy."""

    level = "net"
    cooperates = False
    #: The arena refuses other player counts.
    only_players = (2,)

    def __init__(self, rng, *, network: str = "net-a", greedy: bool = False) -> None:
        super().__init__(rng)
        self.network = load_policy(str(network))
        self.greedy = checks.flag("greedy", greedy)

    def probabilities(self, obs, cards: list[int]) -> list[float]:
        """The policy's chance of each card in ``cards`` (cards held) for ``obs``."""
        return probabilities(self.network, obs, cards)

    def _choose(self, obs, legal):
        if obs.rules.players != 2:
            raise ValueError("the network sparring partner plays two-player hands only")
        cards = [m for m in legal if m != SWAP_MOVE]
        if len(cards) == 1:
            return cards[0]
        probs = self.probabilities(obs, cards)
        if self.greedy:
            return cards[max(range(len(cards)), key=lambda i: (probs[i], -cards[i]))]
        r = self.rng.random()
        acc = 0.0
        for c, p in zip(cards, probs):
            acc += p
            if r < acc:
                return c
        return cards[-1]
