"""The layout audit's hints: the longest reasons a hint can give, each part of one as it shows.

Why: a reason lies over the table for a few seconds, and where nothing is free it is drawn opaque.
The audit used to show one, the longest alone; a reason with the cambio's after it (about twice as
long: 198 to 208 characters in es, en and ca) and the parts of a reason shown one after another
were never drawn, so nothing checked that they leave the people, the hands, the baza and the buttons
in view. Kept apart from ``audit`` (which drives every scene) to keep both short.
"""

from __future__ import annotations

from typing import Any, Iterator

SWAPS = ("swap", "swap_loses")   # the cambio's reasons: said after the move's, when a cambio is open


def longest_reason(words: Any, cambio: bool = False) -> str:
    """The longest sentence a hint's reason can be in ``words``' language (with the longest card's
    name); with ``cambio``, the longest move's reason followed by the longest of the cambio's (as
    ``play_hint.show`` joins them, "hint.also")."""
    from game.ai.hints import KINDS, Reason  # noqa: PLC0415
    from game.cards import DECK  # noqa: PLC0415

    card = max(DECK, key=lambda c: len(words.the_card(c)))
    said = lambda kinds: max((words.hint(Reason(kind, (card, card), 43)) for kind in kinds), key=len)  # noqa: E731
    if cambio:
        then = said(SWAPS)
        text = words.t("hint.also", first=said([k for k in KINDS if k not in SWAPS]), then=then[:1].upper() + then[1:])
    else:
        text = said(KINDS)
    return text[:1].upper() + text[1:]


def reason_scenes(app: Any, players: int) -> Iterator[str]:
    """The play scene with its hint's reason (``play-aids-3p``) swapped for the longest, then for the
    longest with the cambio's (``play-aids-cambio-3p``); where one is shown in parts, each part
    after the first too (``play-aids-cambio-3p-2``, ...). Each name is yielded before the audit
    draws it."""
    scene = app.scene
    if scene.reason is None:   # (the hint had nothing to say)
        yield f"play-aids-{players}p"
        return
    for tag, text in (("", longest_reason(app.words)), ("-cambio", longest_reason(app.words, True))):
        scene.reason, scene.reason_at, scene.reason_shown = (text, 60.0), None, 0.0
        yield f"play-aids{tag}-{players}p"
        pages = scene.reason_at.pages if scene.reason_at is not None else ()   # (placed as it was drawn)
        for i in range(1, len(pages)):   # a moment into each later part's share of the time
            shown = 60.0 * sum(len(page[0]) for page in pages[:i]) / sum(len(page[0]) for page in pages) + 0.01
            scene.reason, scene.reason_shown = (text, 60.0 - shown), shown
            yield f"play-aids{tag}-{players}p-{i + 1}"
    scene.reason_shown = 0.0
