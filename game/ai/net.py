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
arrays, each layer's weight matrix row by row (one row per output) then its bias; they are
not part of the browser build.  Two are shipped: ``net-a`` (seed 1, the full 1,950 training
iterations; the arena's default) and ``net-b`` (seed 2, stopped after 1,025 iterations), a
second, independently trained opponent to check that a gain against ``net-a`` is not a gain
against one network's quirks.
"""

from __future__ import annotations

import array
import json
import math
import sys
from functools import lru_cache
from operator import mul
from pathlib import Path

from ..fast import SWAP_MOVE
from .players import Player

__all__ = ["NET_DIR", "Network", "load_network", "NetPlayer", "observation_inputs"]

NET_DIR = Path(__file__).resolve().parent / "nets"
FORMAT = "brisca-net-1"


class Network:
    """A multilayer perceptron with the Mish activation, as plain Python lists.

    ``layers``: ``(rows, bias)`` per layer, ``rows[j]`` the weights of output ``j``.  The first
    layer is kept by input as well (``first_by_input[i]``), because its inputs are mostly
    zeros and ones: its sum is then a few row additions instead of a matrix product.
    """

    def __init__(self, layers: list[tuple[list[list[float]], list[float]]]) -> None:
        if len(layers) < 2:
            raise ValueError("a network needs at least two layers")
        self.layers = layers
        rows, _ = layers[0]
        self.inputs = len(rows[0])
        self.first_by_input = [list(col) for col in zip(*rows)]

    def scores(self, active: list[int], extra: dict[int, float], wanted: list[int]) -> list[float]:
        """The last layer's outputs ``wanted`` for an input vector with ones at ``active``
        and the values ``extra`` (index -> value) elsewhere, zeros everywhere else."""
        _, bias = self.layers[0]
        h = list(bias)
        by_input = self.first_by_input
        for i in active:
            h = [a + b for a, b in zip(h, by_input[i])]
        for i, v in extra.items():
            if v:
                h = [a + v * b for a, b in zip(h, by_input[i])]
        for rows, bias in self.layers[1:-1]:
            h = [_mish(x) for x in h]
            h = [sum(map(mul, row, h)) + b for row, b in zip(rows, bias)]
        h = [_mish(x) for x in h]
        rows, bias = self.layers[-1]
        return [sum(map(mul, rows[j], h)) + bias[j] for j in wanted]


def _mish(x: float) -> float:
    """x * tanh(softplus(x)), without overflow for large |x|."""
    if x > 20.0:
        return x
    if x < -20.0:
        return x * math.exp(x)
    return x * math.tanh(math.log1p(math.exp(x)))


@lru_cache(maxsize=4)
def load_network(name: str = "net-a") -> Network:
    """The network ``game/ai/nets/<name>.bin``, or the file ``name`` when it ends in ``.bin``
    (ValueError with the reason if it cannot be read)."""
    path = Path(name) if name.endswith(".bin") else NET_DIR / f"{name}.bin"
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ValueError(f"no network {name!r}: {exc}") from None
    head, sep, body = raw.partition(b"\n")
    try:
        header = json.loads(head)
        shapes = [(int(i), int(o)) for i, o in header["layers"]]
    except (ValueError, KeyError, TypeError):
        raise ValueError(f"{path.name} is not a network file (bad header)") from None
    if not sep or header.get("format") != FORMAT:
        raise ValueError(f"{path.name} is not a {FORMAT} file")
    data = array.array("f")
    if len(body) % data.itemsize:
        raise ValueError(f"{path.name} is cut short")
    data.frombytes(body)
    if sys.byteorder != "little":
        data.byteswap()
    need = sum(i * o + o for i, o in shapes)
    if len(data) != need:
        raise ValueError(f"{path.name} holds {len(data)} numbers, its layers need {need}")
    values = data.tolist()
    layers = []
    k = 0
    for i, o in shapes:
        rows = [values[k + j * i:k + (j + 1) * i] for j in range(o)]
        k += i * o
        layers.append((rows, values[k:k + o]))
        k += o
    return Network(layers)


def observation_inputs(obs) -> tuple[list[int], dict[int, float]]:
    """The published bot's observation of ``obs`` as (indexes of the ones, other values)."""
    active = [int(c) for t in obs.tricks for c in t.cards]
    muestra = getattr(obs, "last_muestra", None)
    if muestra is None:
        muestra = obs.muestra
    if muestra is not None:
        active.append(40 + int(muestra))
    for _, c in obs.table:
        active.append(80 + int(c))
    active.extend(120 + int(c) for c in obs.hand)
    seat = obs.seat
    extra = {160: obs.points[seat] / 120.0, 161: obs.points[1 - seat] / 120.0}
    return active, extra


class NetPlayer(Player):
    """The self-play network as a player (two players only; see the module docstring).

    ``network``: the name of a file in ``game/ai/nets`` (default ``net-a``); ``greedy``: play
    the best-scored card instead of drawing from the policy."""

    level = "net"
    cooperates = False
    #: The arena refuses other player counts.
    only_players = (2,)

    def __init__(self, rng, *, network: str = "net-a", greedy: bool = False) -> None:
        super().__init__(rng)
        self.network = load_network(str(network))
        self.greedy = bool(greedy)

    def probabilities(self, obs, cards: list[int]) -> list[float]:
        """The policy's chance of each card in ``cards`` (cards held) for ``obs``."""
        active, extra = observation_inputs(obs)
        logits = self.network.scores(active, extra, cards)
        top = max(logits)
        ex = [math.exp(x - top) for x in logits]
        total = math.fsum(ex)
        return [x / total for x in ex]

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
