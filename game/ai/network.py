"""The sparring networks' arithmetic: their file format, a multilayer perceptron in plain
Python, and the published bot's observation (see :mod:`game.ai.net`, whose player uses them,
and :class:`game.ai.players.SearchPlayer`, whose ``anchor="net:NAME"`` does).  No player here,
so the search can use a network without importing the players built on it.
"""

from __future__ import annotations

import array
import json
import math
import sys
from functools import lru_cache
from operator import mul
from pathlib import Path

__all__ = ["NET_DIR", "FORMAT", "Network", "Ensemble", "load_network", "load_policy", "inputs", "observation_inputs", "shown_muestra",
           "softmax", "probabilities"]

NET_DIR = Path(__file__).resolve().parent / "nets"
FORMAT = "brisca-net-1"
#: The activations between layers a network file may name (``"activation"`` in its header;
#: Mish when it names none, as the trained sparring networks).
ACTIVATIONS = ("mish", "relu")


class Network:
    """A multilayer perceptron with the Mish activation, as plain Python lists.

    ``layers``: ``(rows, bias)`` per layer, ``rows[j]`` the weights of output ``j``.  The first
    layer is kept by input as well (``first_by_input[i]``), because its inputs are mostly
    zeros and ones: its sum is then a few row additions instead of a matrix product.
    """

    def __init__(self, layers: list[tuple[list[list[float]], list[float]]], activation: str = "mish") -> None:
        if len(layers) < 2:
            raise ValueError("a network needs at least two layers")
        if activation not in ACTIVATIONS:
            raise ValueError(f"unknown activation {activation!r} (known: {', '.join(ACTIVATIONS)})")
        self.layers = layers
        self.activation = activation
        rows, _ = layers[0]
        self.inputs = len(rows[0])
        self.first_by_input = [list(col) for col in zip(*rows)]

    def scores(self, active: list[int], extra: dict[int, float], wanted: list[int]) -> list[float]:
        """The last layer's outputs ``wanted`` for an input vector with ones at ``active``
        and the values ``extra`` (index -> value) elsewhere, zeros everywhere else."""
        return self.scores_from(self.first_sum(active, extra), wanted)

    def first_sum(self, active, extra: dict[int, float]) -> list[float]:
        """The first layer's sums (before its activation) for an input vector as in :meth:`scores`."""
        _, bias = self.layers[0]
        h = list(bias)
        by_input = self.first_by_input
        for i in active:
            h = [a + b for a, b in zip(h, by_input[i])]
        for i, v in extra.items():
            if v:
                h = [a + v * b for a, b in zip(h, by_input[i])]
        return h

    def scores_from(self, h: list[float], wanted: list[int]) -> list[float]:
        """The outputs ``wanted`` from the first layer's sums ``h`` (:meth:`first_sum` plus the
        rows of further ones): a caller that varies a few inputs adds only their rows."""
        if self.activation == "relu":
            for rows, bias in self.layers[1:-1]:
                h = [x if x > 0.0 else 0.0 for x in h]
                h = [sum(map(mul, row, h)) + b for row, b in zip(rows, bias)]
            h = [x if x > 0.0 else 0.0 for x in h]
        else:
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


class Ensemble:
    """Several policy networks as one: the scores of the cards wanted are the mean of each
    network's log chances over them, so the chances are the normalised geometric mean of
    theirs (a product of experts).  Only for a network's chances of cards (players' cards,
    the search's prior); the reading and the replies add first-layer rows and need one
    :class:`Network`."""

    def __init__(self, members: list[Network]) -> None:
        if len(members) < 2:
            raise ValueError("an ensemble needs at least two networks")
        self.members = members

    def scores(self, active: list[int], extra: dict[int, float], wanted: list[int]) -> list[float]:
        k = len(self.members)
        total = [0.0] * len(wanted)
        for net in self.members:
            for i, p in enumerate(softmax(net.scores(active, extra, wanted))):
                total[i] += math.log(max(p, 1e-300)) / k
        return total


@lru_cache(maxsize=8)
def load_policy(name: str = "net-a"):
    """:func:`load_network`, or for names joined by ``+`` (``"net-a+net-b"``) their
    :class:`Ensemble`."""
    parts = str(name).split("+")
    if len(parts) == 1:
        return load_network(name)
    if any(not p for p in parts):
        raise ValueError(f"bad ensemble {name!r}: names joined by '+', none empty")
    return Ensemble([load_network(p) for p in parts])


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
    activation = header.get("activation", "mish")
    if activation not in ACTIVATIONS:
        raise ValueError(f"{path.name} names an unknown activation {activation!r}")
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
    return Network(layers, activation)


def inputs(played, muestra, table, hand, mine: int, theirs: int) -> tuple[list[int], dict[int, float]]:
    """The published bot's observation as (indexes of the ones, other values): the cards
    ``played`` in finished bazas, the ``muestra`` as dealt (None: left out), the cards on the
    ``table``, the ``hand``, then my points and the other player's (``mine``, ``theirs``) / 120.
    The ones keep the order given (the first layer adds them in that order)."""
    active = [int(c) for c in played]
    if muestra is not None:
        active.append(40 + int(muestra))
    active.extend(80 + int(c) for c in table)
    active.extend(120 + int(c) for c in hand)
    return active, {160: mine / 120.0, 161: theirs / 120.0}


def shown_muestra(obs):
    """The muestra the network sees for an observation: as last seen face up (still seen once
    drawn), None when there is none."""
    muestra = getattr(obs, "last_muestra", None)
    return obs.muestra if muestra is None else muestra


def observation_inputs(obs) -> tuple[list[int], dict[int, float]]:
    """:func:`inputs` of an observation."""
    seat = obs.seat
    return inputs((c for t in obs.tricks for c in t.cards), shown_muestra(obs), (c for _, c in obs.table), obs.hand,
                  obs.points[seat], obs.points[1 - seat])


def softmax(logits: list[float]) -> list[float]:
    """The chances of a list of scores."""
    top = max(logits)
    ex = [math.exp(x - top) for x in logits]
    total = math.fsum(ex)
    return [x / total for x in ex]


def probabilities(network: Network, obs, cards: list[int]) -> list[float]:
    """The policy's chance of each card in ``cards`` (cards held) for ``obs``: the softmax of
    the network's scores of those cards."""
    active, extra = observation_inputs(obs)
    return softmax(network.scores(active, extra, cards))
