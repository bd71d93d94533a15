"""The hint at the play screen: thought over a few milliseconds a frame, then said with its reason.

Why apart from ``play``: asking the AI for the person's move, stepping its search as the bots' is
stepped, and turning its move and ``Reason`` into the status line and the reason under it is a
piece of its own, and ``play.py`` had reached 583 of its 600 lines.
"""

from __future__ import annotations

from typing import Any

from game.ai.hints import swap_reason
from game.hand import SWAP


def start(scene: Any) -> None:
    """Start thinking the hint over, at the person's turn; :func:`step` goes on with it a frame at a time."""
    if not scene.human_turn() or scene.hinting is not None:
        return
    thinking = scene.app.session.hint_thinking()
    if thinking is not None:
        scene.hinting = (len(scene.hand.moves), thinking)


def step(scene: Any, budget: float | None) -> None:
    """Think the hint over for ``budget`` seconds (None: to the end); shown when ready, dropped when its
    moment has passed."""
    when, thinking = scene.hinting
    if when != len(scene.hand.moves) or not scene.human_turn():
        scene.hinting = None  # the moment has passed
        return
    if thinking.step(budget):
        scene.hinting = None
        show(scene, thinking.move, thinking.reason)


def show(scene: Any, move: Any, reason: Any) -> None:
    """Say the move (the card glows gold) and, under it, why (``reason``: a hint's ``Reason``), with why a
    cambio is or is not worth it when one is open ("hint.also"); the longer the reason, the longer it stays."""
    app = scene.app
    if move == SWAP:
        scene.table.hint = scene.hand.muestra
        text = app.t("play.hint_swap", card=app.words.the_card(scene.hand.swap_card(scene.hand.turn)))
        short = app.t("play.hint_swap_short")
    else:
        scene.table.hint = move
        text = app.t("play.hint_play", card=app.words.the_card(move))
        short = app.t("play.hint_play_short", card=app.words.card(move))
    scene.say(text, 4.0, short)
    sentence = app.words.hint(reason) if reason is not None else ""
    why_swap = swap_reason(scene.hand.observation(scene.hand.turn))
    if move != SWAP and why_swap is not None:  # a cambio is open: say why it is or is not worth it
        then = app.words.hint(why_swap)
        sentence = app.t("hint.also", first=sentence, then=then[:1].upper() + then[1:]) if sentence else then
    words = len(sentence.split())   # a hint's reason (17 words, in 4 s): a second and a word a quarter second
    scene.reason = (sentence[:1].upper() + sentence[1:], scene.reading(max(4.0, 1.0 + 0.25 * words))) if sentence else None
    scene.reason_shown = 0.0
