"""Brisca: the Spanish card game.

Layers, each importing only those before it:

* ``game.cards``, ``game.rules``, ``game.hand`` (its values: ``game.hand_values``), ``game.match``,
  ``game.record``: the pure rules core (no pygame), see ``docs/RULES.md``.  Every rule option is declared once,
  in ``game.rules.RULE_OPTIONS``.
* ``game.fast``: the integer fast path the AI searches with.
* ``game.ai``: computer players that choose moves from an observation; hints as facts.
* ``game.storage``: the save layer (a JSON file on the desktop, localStorage in the browser);
  it imports nothing of the game.
* ``game.ui``: the pygame-ce scenes; ``game.ui.i18n`` and ``game/ui/words/`` hold every
  sentence a player sees, ``game.ui.options`` the interface's options.
* ``game.cli``: the ``python -m game`` commands.
"""

__version__ = "1.0.1"
