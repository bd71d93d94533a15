"""The rules screen's text, following the options in force (the match being played, else the last chosen).

Why: one text for every table misled players: "gana quien pasa de 60" is wrong with three players
(the most points wins), and the cambio del dos and the card removed for three players were never
explained. Each paragraph is a catalogue key chosen by the options; this module only picks them.
"""

from __future__ import annotations

from typing import Any

from game.cards import Card
from game.ui.options import Options


def options_in_force(app: Any) -> Options:
    """The options of the match being played, or the ones chosen last in "Nueva partida"."""
    session = app.session
    if session is not None and not session.demo and session.guide is None:
        return session.options
    return Options.from_json(app.settings.get("last_options"))


def paragraphs(app: Any, options: Options | None = None) -> list[str]:
    o = options or options_in_force(app)
    t = app.t
    n = o.players
    def inside(text: str) -> str:   # a label set inside a sentence: "Partida: al mejor de tres."
        return text[:1].lower() + text[1:]

    out = [t("rules.for", players=inside(t(f"stats.players.{n}"))), t("rules.cards")]
    if n == 3:
        out.append(t("rules.three", card=app.words.the_card(Card.parse(o.removed_card))))
    out.append(t(f"rules.win.{n}"))
    out += [t("rules.deal"), t("rules.tricks"), t("rules.draw")]
    if not o.swap_seven:
        out.append(t("rules.swap.off"))
    else:
        out.append(t(f"rules.swap.{o.swap_timing}"))
        if o.swap_two:   # (then every cambio allowed gains: no "legal but loses" to explain)
            out.append(t("rules.swap.two"))
            if n == 3:   # the 2 taken out is then no one's to give
                out.append(t("rules.swap.two_removed", card=app.words.the_card(Card.parse(o.removed_card))))
        else:
            out.append(t("rules.swap.worth"))
    if n == 4:
        # "Los rivales pueden pillarlas" only where they may ("Rivales atentos: Nada": never)
        out.append(t(("rules.pairs.senas" if o.watch else "rules.pairs.senas_unseen") if o.senas else "rules.pairs"))
    out.append(t("rules.match", length=inside(t(f"opt.length.{o.first_to}"))))
    out.append(t("rules.people"))  # seats: people sharing the device, and the computer
    out.append(t("rules.fair"))
    return out


def body(app: Any) -> str:
    """The whole text, one paragraph a line (the last one, fair play, is drawn highlighted)."""
    return "\n".join(paragraphs(app))
