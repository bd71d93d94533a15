"""The layout audit's checks of one drawn picture: what hides what (a card under a button, a text
on a face, a hint's reason over the hand), and where the won piles may grow.

Why apart from ``audit``: these read only a draw's record (``Typography.mark``) and the scene's
rectangles, while ``audit`` opens the scenes and plays the games that reach them; ``audit.py`` had
reached the 600-line ceiling. ``audit`` gives ``hidden`` and ``texts_of`` out as before.
"""

from __future__ import annotations

from typing import Any


def texts_of(record: list) -> list:
    """The texts of a draw's record that still show, (rect, px) each: without its pictures
    (:meth:`Typography.mark`), nor the texts an overlay drawn later ("cover", "note") lies over."""
    out: list = []
    for entry in record:
        if entry[0] in ("cover", "note", "solid"):
            out = [t for t in out if not t[0].colliderect(entry[1])]
        elif not isinstance(entry[0], str):
            out.append(entry)
    return out


def bites(a: Any, b: Any, depth: int = 6) -> bool:
    """``a`` and ``b`` overlap by more than ``depth`` px both ways (edges and shadows may touch)."""
    clip = a.clip(b)
    return clip.width > depth and clip.height > depth


def hidden(record: list, buttons: list) -> list[str]:
    """Problems of a picture hiding another: ``record`` is the draw's record in drawing order
    (texts as (rect, px), pictures as (kind, rect), :meth:`game.ui.text.Typography.mark`).

    A card under a button, a panel or an avatar, or on another group's cards; an avatar under a
    panel; a text on a card or an avatar, or running into a panel it is not inside (unless a
    badge or panel drawn over the card carries it, as the stock's count or the turn's message); a
    panel over the "spot" a tip of the guided hand points at; a hint's reason, see-through ("note")
    or not ("solid": it hides what is under it), over a card, an avatar, a text drawn before it or a
    button (an overlay, but one that must leave the hand and the people in view)."""
    items: list[tuple[int, str, Any]] = []   # (order, kind, rect); kind "text" for texts
    out: list[str] = []
    for i, (a, b) in enumerate(record):
        if a in ("cover", "note", "solid"):
            what = "a note" if a == "note" else "a reason"
            for j, k, r in items if a != "cover" else ():   # (not a won pile, nor a panel's lines: the
                loose = k == "text" and not any(n < j and m in ("panel", "badge") and q.inflate(4, 4).contains(r)
                                                for n, m, q in items)   # counting aid's, say)
                if (k == "avatar" or loose or k.startswith("card:") and k != "card:moving"
                        and not k.startswith("card:pile:")) and bites(r, b, 2):
                    out.append(f"{what} over {'a ' + k.split(':')[0] if k != 'avatar' else 'an avatar'} at {tuple(r.clip(b))}")
            out += [f"{what} over a button at {tuple(r.clip(b))}" for r in buttons if a != "cover" and bites(r, b, 2)]
            items = [it for it in items if not it[2].colliderect(b)]
        elif isinstance(a, str):
            items.append((i, a, b))
        else:
            items.append((i, "text", a))
    cards = [(i, k[5:], r) for i, k, r in items if k.startswith("card:") and k != "card:moving"]
    backs = [(i, r) for i, k, r in items if k in ("badge", "panel")]
    panels = [(i, r) for i, k, r in items if k == "panel"]
    avatars = [r for _i, k, r in items if k == "avatar"]
    texts = [(i, r) for i, k, r in items if k == "text"]

    def carried(i: int, t: Any, after: int) -> bool:   # drawn on a backing laid after ``after``
        return any(j > after and j < i and b.inflate(4, 4).contains(t) for j, b in backs)

    for n, (i, g, c) in enumerate(cards):
        for b in buttons:
            if bites(c, b):
                out.append(f"a card under a button at {tuple(c.clip(b))}")
        for _j, g2, c2 in cards[n + 1:]:
            if g2 != g and bites(c, c2):
                out.append(f"cards of {g} and {g2} overlap at {tuple(c.clip(c2))}")
        for a in avatars:
            if bites(c, a):
                out.append(f"a card and an avatar overlap at {tuple(c.clip(a))}")
        for j, b in panels:
            if bites(c, b):
                out.append(f"a panel over a card at {tuple(c.clip(b))}")
        for j, t in texts:
            clip = t.clip(c)
            if clip.width * clip.height > 0.1 * t.width * t.height and not carried(j, t, i):
                out.append(f"a text and a card overlap at {tuple(clip)}")
    for a in avatars:
        for _j, b in panels:
            if bites(a, b):
                out.append(f"a panel over an avatar at {tuple(a.clip(b))}")
        for _j, t in texts:
            clip = t.clip(a)
            if clip.width * clip.height > 0.1 * t.width * t.height:
                out.append(f"a text on an avatar at {tuple(clip)}")
    for j, t in texts:
        for _k, b in panels:
            if t.colliderect(b) and not b.inflate(4, 4).contains(t) and bites(t, b, 2):
                out.append(f"a text runs into a panel at {tuple(t.clip(b))}")
    for i, s in ((i, r) for i, k, r in items if k == "spot"):   # what a tip points at, left clear
        for j, b in panels:
            if j > i and bites(s, b, 2):
                out.append(f"a panel over what a tip points at, at {tuple(s.clip(b))}")
    return sorted(set(out), key=out.index)


def piles(scene: Any, record: list, buttons: list) -> list[str]:
    """A won pile at its largest (a player may win every baza) off the screen; on a hand, a face, the
    stock and muestra, a place of the baza, a panel or a button; or on a tenth of a text (as
    :func:`hidden` counts it: a name's room, a text drawn before a hint's reason, which may lie over a
    pile). Early in a hand the piles drawn are small (390x844: the right one ended 2 px off the screen)."""
    from game.ui.scenes.room import score_rect, seat_rects  # noqa: PLC0415
    from game.ui.scenes.table import card_rect  # noqa: PLC0415

    table, n, out = scene.table, scene.table.players, []
    seats = [seat_rects(scene, seat) for seat in range(n)]   # hand, pile, and the others' face and names' room
    things = [r for rects in seats for r in rects[:3]] + [card_rect(table.table_slot(s, k)) for s in range(n) for k in range(n)]
    things += [table.stock_area(at_start=True), scene.app.layout.hud.trump, score_rect(scene), *buttons]
    texts = [r for rects in seats for r in rects[3:]]
    texts += [t for t, _px in texts_of(record[:next((i for i, e in enumerate(record) if e[0] in ("note", "solid")), None)])]
    for _hand, pile, *_face in seats:
        out += [f"a won pile off screen at {tuple(pile)}"] * (not scene.app.surface.get_rect().contains(pile))
        out += [f"a won pile over a card, a face, a panel or a button at {tuple(pile.clip(r))}"
                for r in things if r != pile and bites(pile, r, 2)]
        out += [f"a won pile over a text at {tuple(pile.clip(t))}" for t in texts
                if pile.clip(t).width * pile.clip(t).height > 0.1 * t.width * t.height]
    return out
