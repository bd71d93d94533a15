"""Brisca: the Spanish card game.

Layers, each importing only those before it:

* ``game.cards``, ``game.rules``, ``game.hand``, ``game.match``, ``game.record``:
  the pure rules core (no pygame), see ``RULES.md`` of the project.
* ``game.fast``: the integer fast path the AI searches with.
* ``game.ai``: computer players that choose moves from an observation.
* ``game.ui``: the pygame-ce scenes.
"""

__version__ = "0.1.0"
