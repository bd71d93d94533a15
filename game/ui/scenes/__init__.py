"""The scenes, each registered by name (``game.ui.scene.register``); importing this package loads them all.

menu, options (new game), rules, settings, stats, deal, play (input and pacing; ``play_view`` draws it),
scoring. ``table`` holds the card views the table scenes share; ``common`` what several scenes ask for
(starting and resuming a match). To add a scene: a module here with a ``@register``-ed ``Scene`` subclass,
imported below; other scenes reach it with ``Go("its name", ...)``.
"""

from game.ui.scenes import backup_screen, confirm, deal, handoff, match_end, history_screen, menu, newgame, seats_screen, play, review, scoring, screens, stats_screen  # noqa: F401
