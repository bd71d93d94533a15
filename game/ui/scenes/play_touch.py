"""The play scene's cards under a finger or the mouse: pressed, dragged, tapped, lifted, played.

Why apart from ``play``: telling a tap from a drag, and a double tap's bounce or a burst from a
decision, and which card stands out of the hand, is a piece of its own (it reads and keeps the
scene's press and table and calls its ``play``), and ``play.py`` had reached 583 of its 600 lines.
"""

from __future__ import annotations

from typing import Any

from game.ui.inputmap import Pointer, tap_at
from game.ui.scene import DOUBLE_TAP, second_tap
from game.ui.scenes import room
from game.ui.scenes.table import card_rect

DRAG_THRESHOLD = 12
TAP_ON_CARD = 20   # CSS px a press may roll and still be a tap, lifted on the card it began on
FLICK_CSS, FLICK_TIME = 60, 0.25   # a card thrown up this far (CSS px) this fast (s) is played
LIFT = 16.0   # how far a card under the finger (or chosen by a first tap) stands out of the hand


def let_go(scene: Any) -> None:
    """A card pressed or dragged goes back to the hand, unplayed (no release will reach it)."""
    if scene.press or scene.table.dragging is not None:
        scene.press, scene.table.dragging = (), None
        scene.table.animator.add(*scene.table.relayout(0.2))


def button_rows(scene: Any) -> tuple:
    """The rows of buttons the play screen shows (the señas' only in a match that has them)."""
    return (scene.bar, scene.sena_bar) if scene.senas_shown() else (scene.bar,)


def on_button(scene: Any, pos: tuple[int, int]) -> bool:
    """Is ``pos`` on a button, enabled or greyed? A press there is the button's, never a card's under it
    (a square screen: a click on the greyed "Última baza" played the triunfo it lay over)."""
    return any(b.rect.collidepoint(pos) for row in button_rows(scene) for b in row.buttons)


def zone(scene: Any, pos: tuple[int, int]) -> str | None:
    """The table's place a tap at ``pos`` acts on, if any: "score" (the points shown or hidden), "swap"
    (the muestra, or the grey Cambiar button: the cambio done, or why not)."""
    table, swap = scene.table, scene.bar.buttons[2]
    if room.score_rect(scene).inflate(0, 16).collidepoint(pos):
        return "score"
    if (table.muestra_rect().collidepoint(pos) and table.model.muestra is not None) or (
            not swap.enabled and swap.rect.collidepoint(pos) and scene.human_turn()):
        return "swap"
    return None


def pointer(scene: Any, event: Pointer) -> None:
    """A finger or the mouse pressed, moved, lifted or lost: the points and the muestra by touch, a card
    of the hand held, dragged, tapped (lifted first, with two taps on) or played."""
    table = scene.table
    held_zone = scene.zone_press
    if event.kind != "move":
        scene.zone_press = None
    if event.kind == "cancel":   # the window lost the pointer mid-press: the card goes back, unplayed
        let_go(scene)
        table.hover = None
        return
    at = tap_at(event)   # the mouse's press, a finger's tap as it lifts: a thumb brushing the muestra made the cambio
    place = zone(scene, at or event.pos) if event.kind == "down" or at is not None else None
    if place is not None:   # a finger's press there waits for its lift, and only a press this table took: one
        if event.kind == "down" and at is None:   # that closed the last baza or skipped the deal was all
            scene.zone_press = place              # its tap did (its lift hid the points, tried the cambio)
        elif at is None or (event.touch and held_zone != place):
            pass
        elif place == "score":   # P, by touch
            scene.app.session.options.show_score = not scene.app.session.options.show_score
        else:
            scene.try_swap()
        return
    if event.kind == "down":
        if on_button(scene, event.pos):
            return
        card = table.card_at(event.pos, scene.viewer)
        if card is None:
            table.chosen = None   # a tap beside the hand puts the chosen card back
        # A double tap's second press on a card (at instant speed it played the next baza's card
        # under the finger; with two taps on, a bouncing finger played the card it had lifted) is
        # held as a press that may still become a drag; released where it was, it plays nothing. So is
        # one on another card as soon after a tap played one: a burst, not a decision (a child's quick
        # second tap led a card into the next baza before the won baza's "+11" had shown)
        scene._bounce = card is not None and (second_tap(scene.app, scene._tapped, scene.clock, event.pos)
                                             or scene.clock - scene._played_at < DOUBLE_TAP)
        if card is not None and not scene.app.session.demo and not scene.live():   # the hand just passed
            scene.say(scene.app.t("play.not_yet"), 1.0)   # turns up: a tap swallowed unsaid (round 39)
        elif card is not None and not scene.app.session.demo:
            scene.press, scene._wander, scene._pressed_at = (card, event.pos), 0, scene.clock
            if not scene.human_turn() and not scene.hand.over and scene._result <= 0:   # (a baza's result
                scene.say(scene.app.t("play.wait"), 1.0)  # owed its time says more) a card can be held, not played yet
        return
    if event.kind == "move":
        if not scene.press and not event.touch:   # a finger has no hover: one slid onto a card from the felt
            # left it raised, for turns, playing nothing; a card under a button is not raised (the button takes the click)
            table.hover = None if on_button(scene, event.pos) else table.card_at(event.pos, scene.viewer)
        if scene.press:
            card, start = scene.press
            scene._wander = max(scene._wander, abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]))
            if table.dragging is None and scene._wander > DRAG_THRESHOLD:
                table.dragging = int(card)
                table.raise_z(card)
            if table.dragging is not None:
                v = table.views.get(int(card))
                if v is not None:
                    v.x, v.y = event.pos
        return
    if event.kind == "up" and scene.press:
        card, start = scene.press
        moved = max(scene._wander, abs(event.pos[0] - start[0]) + abs(event.pos[1] - start[1]))
        dragged = table.dragging is not None and not tapped(scene, card, moved, event.pos)
        dropped = dragged and not on_button(scene, event.pos) and (   # let go on a button: home, unplayed
            on_table(scene, card, event.pos) or flicked(scene, start, event.pos))
        scene.press = ()
        table.dragging = None
        bounce, scene._bounce = scene._bounce, False
        if not dragged and bounce:
            return
        if not dragged or dropped:
            if scene.human_turn() and card in scene.hand.legal_moves():
                if not dragged:
                    scene._tapped = (scene.clock, event.pos)
                if not dragged and scene.app.settings.get("two_taps", False) and table.chosen != card:
                    table.chosen = card   # the first tap lifts it; the second plays it (a drag plays at once)
                    table.raise_z(card)   # whole, over its neighbours in an overlapping hand
                    scene.say(scene.app.t("play.tap_again"), 2.0, scene.app.t("play.tap_again_short"))
                    return
                if not dragged:
                    scene._played_at = scene.clock
                scene.play(card)
                return
        elif scene.human_turn() and event.pos[1] < home(scene, card).top:   # taken out of the hand, let go
            scene.say(scene.app.t("play.drop_here"), 2.0, scene.app.t("play.drop_here_short"))   # short of the table
        table.animator.add(*table.relayout(0.2))  # back to the hand


def home(scene: Any, card: Any) -> Any:
    """Where ``card`` lies in the hand, at rest."""
    return card_rect(scene.table.targets()[int(card)])


def tapped(scene: Any, card: Any, moved: int, pos: tuple[int, int]) -> bool:
    """Is a press on ``card`` that went ``moved`` px (|dx| + |dy|, at most) and lifted at ``pos`` a tap?
    One that never went further than a quarter of a tap target (about 11 CSS px, there and back or not:
    an unsteady hand), or ``TAP_ON_CARD`` CSS px lifted on the card where it lies (a thumb pressing
    rolls 11-15 CSS px: it was neither a tap nor a drag, and nothing was said, round 39); a drag
    further, or lifted off the card, is a drag (one brought back to its card plays nothing)."""
    lay = scene.app.layout
    return moved <= lay.tap_wander or (moved <= TAP_ON_CARD / lay.css_scale and home(scene, card).collidepoint(pos))


def on_table(scene: Any, card: Any, pos: tuple[int, int]) -> bool:
    """Is a card dragged and let go at ``pos`` on the table? In the drop zone or a third of the card over
    it: let go 10 CSS px under the zone with half the card over the felt, it flew back (round 39). The
    finger on a button plays nothing, dropped or flicked, and ``pointer`` asks that first (four players
    on a small squarish window: the señas' row lies inside the zone, and a card let go on "As" was
    played, reviewer, round 39; a quick flick up lifted on a button of the row over the hand played too)."""
    zone = scene.app.layout.table.drop_zone
    if zone.collidepoint(pos):
        return True
    v = scene.table.views.get(int(card))
    if v is None:
        return False
    rect = v.rect()
    over = rect.clip(zone)
    return over.width * over.height * 3 >= rect.width * rect.height


def flicked(scene: Any, start: tuple[int, int], pos: tuple[int, int]) -> bool:
    """A card thrown up: ``FLICK_CSS`` CSS px or more, more up than sideways, within ``FLICK_TIME`` of
    the press (the stroke to the table crossed one or two rows of buttons; a flick did nothing). Not
    with "Dos toques para jugar", whose point is that no slip of the finger plays a card, nor lifted on
    a button (``pointer`` asks ``on_button`` first: one that ended on the row over the hand played)."""
    up, across = start[1] - pos[1], abs(pos[0] - start[0])
    return (scene.clock - scene._pressed_at <= FLICK_TIME and up >= FLICK_CSS / scene.app.layout.css_scale
            and up > across and not scene.app.settings.get("two_taps", False))


def lift(scene: Any) -> None:
    """Raise the card hovered, chosen or held. A card held under a finger stands out as a hovered one
    does (a finger has no hover: a person resting it on a card saw no sign of which would go);
    dragged, it follows the finger instead."""
    table = scene.table
    held = scene.press[0] if scene.press and table.dragging is None else None
    if held is not None and held not in scene.hand.legal_moves():
        held = None
    for v in table.views.values():
        up = (v.card in (table.hover, table.chosen, held) and v.card in table.model.hands[scene.viewer]
              and scene.human_turn() and not table.animator.busy and scene.live())
        v.lift = 0.0
        if up:   # raised, but not under a button above it (a small phone: the row sits just over the hand)
            card = v.rect()
            above = [b.rect.bottom for row in button_rows(scene) for b in row.buttons
                     if b.rect.bottom <= card.top + LIFT and b.rect.right > card.left and b.rect.left < card.right]
            v.lift = float(max(0, min(LIFT, card.top - 4 - max(above)))) if above else LIFT
