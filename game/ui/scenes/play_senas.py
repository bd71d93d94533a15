"""Señas at the play screen: giving one, and learning the ones the person holding the device may know.

Why apart from ``play``: they are a step of their own (the core's ``give_sena`` and the session's
notes turned into words and faces) and ``play.py`` had reached the 600-line ceiling.
"""

from __future__ import annotations

from typing import Any

from game.ui.scenes.common import save_match


def give(scene: Any, rank: int) -> None:
    """The holder gives the seña of ``rank`` (its key, A/T/R in Spanish, or its button), if they may and hold it now."""
    session = scene.app.session
    if not scene.may_signal():
        return
    card = next((c for c in session.sena_cards(scene.viewer) if c.rank == rank), None)
    if card is None:
        return
    sena = session.give_sena(scene.viewer, card)
    if sena is None:
        return
    app = scene.app
    if not session.passing:   # people around one device: a seña is silent, as at a real table
        app.sounds.play("sena")
    of_rank = app.t(f"sena.of.{rank}")
    text, short = app.t("sena.you", of_rank=of_rank), None
    if len(sena.caught_by) == 2:   # both opponents saw it
        names = app.words.both(*(scene.name_of(s) for s in sena.caught_by), prose=True)
        text = app.t("sena.caught_both", names=names, of_rank=of_rank)
    elif sena.caught_by:
        text = app.t("sena.caught", name=scene.name_of(sena.caught_by[0]), of_rank=of_rank)
    if sena.caught_by:   # where the whole takes two lines (a narrow phone, large text)
        short = app.t("sena.caught_short")
    scene.say(text, 2.0, short, sena=True)
    scene.save()
    scene._refresh_buttons()


def show_notes(scene: Any) -> None:
    """The señas the person holding the device learns now: their partner's, and the ones they
    caught (a person's seña reaches its partner on the partner's own handoff, discreetly)."""
    session = scene.app.session
    if session.holder is None or not session.senas_on():
        return
    app = scene.app
    partner = session.rules.partner_of(session.holder)
    by_seat: dict[int, list] = {}
    for sena in session.notes(session.holder):   # (two at once, the as and the tres: one line)
        by_seat.setdefault(sena.seat, []).append(sena.card.rank)
    words = app.words
    for seat, ranks in by_seat.items():
        rank = words.listing([app.t(f"rank.{r}") for r in ranks])
        of_rank = words.listing([app.t(f"sena.of.{r}") for r in ranks])
        key = "sena.seen" if seat == partner else "sena.caught_you" + ("_many" if len(ranks) > 1 else "")
        short = "sena.seen" if seat == partner else "sena.caught_you_short"
        scene.table.faces[seat] = (ranks[0], 1.6 if seat == partner else 1.2)
        scene.say(app.t(key, name=scene.name_of(seat), rank=rank, of_rank=of_rank), 2.0 + 0.8 * (len(ranks) - 1),
                  app.t(short, name=scene.name_of(seat), rank=rank, of_rank=of_rank), sena=True)
        if not session.passing:   # the others would hear that a seña reached someone
            app.sounds.play("sena")
    if by_seat:   # what each person has been told is kept at once: a reload does not tell it again
        save_match(scene.app)
