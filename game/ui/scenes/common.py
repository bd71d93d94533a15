"""What several scenes share: a screen's title, the back button, starting and resuming a match.

Why: starting a match (remember the options, build the session, go to the deal) is asked for by
the options screen, the match end's rematch and the autoplay director; resuming by the menu.
Both end by naming the next scene (``Go``), so no scene imports another. The menu's words for a
saved match (``saved_where``) are here too: the options screen and the match end ask with them
before starting over another window's match (``start_asked``).
"""

from __future__ import annotations

from typing import Any, Optional

import pygame

from game.ui import look, stats
from game.ui.scene import Go
from game.ui.seats import drawn_seats, people_and_computers, remember_names, seats_from_save, seats_to_json
from game.ui.session import Options, Session
from game.ui.widgets import Button


#: Seconds a file dropped where none is taken is answered on a screen that has no line that stays for
#: it (the handoff's box foot, ``Aside``'s box), before that screen shows as it was.
ASIDE_SECONDS = 6.0


class Aside:
    """A screen with no line of its own for a file dropped on the window (the hand's count, the match's
    end, the review, the new-game and seats screens: they said nothing, where every other screen says
    why it does not take one): where copies come back, said for ``ASIDE_SECONDS`` in a box just above
    its buttons, and nothing opened.
    A scene mixes it in and calls ``draw_aside`` last (its buttons' row: ``bar``)."""

    aside: tuple[str, str, float] | None = None   # what is said (whole, short) and until when (the scene's clock)

    def dropped_aside(self, text: str, short: str) -> None:
        self.aside = (text, short, self.clock + ASIDE_SECONDS)   # (a box of lines: the whole text fits)

    def aside_said(self, short: bool = False) -> str:
        """What is said of a file dropped here now (``short``: its shorter form), or "" once said."""
        if self.aside is None or self.clock >= self.aside[2]:
            return ""
        return self.aside[1] if short else self.aside[0]

    def draw_aside(self, surface: pygame.Surface) -> None:
        text = self.aside_said()
        if not text:
            return
        app = self.app
        lay, typo = app.layout, app.typo
        width = min(lay.w - 40, 900)
        lines = typo.wrap_long(text, 24, width - 40)   # (a long word: a narrow phone, large text)
        step = typo.line(24)
        box = pygame.Rect(0, 0, width, step * len(lines) + 24)
        box.midbottom = (lay.cx, min(b.rect.top for b in self.bar.buttons) - 8)
        surface.blit(look.panel(box.size, 245), box)
        pygame.draw.rect(surface, look.GOLD, box, 2, border_radius=14)
        for i, line in enumerate(lines):
            typo.blit(surface, line, (lay.cx, box.y + 12 + i * step), 24, look.CREAM, anchor="midtop")


def screen(surface: pygame.Surface, app: Any, title_key: str, y: int) -> None:
    """The felt and a screen's title (every menu screen starts its drawing with this)."""
    surface.blit(look.felt(app.layout.size), (0, 0))
    title = app.t(title_key)
    app.typo.blit(surface, title, (app.layout.cx, y), app.typo.fit(title, 64, app.layout.w - 40, True), look.GOLD, bold=True,
                  anchor="center", shadow=True)


def panel_screen(surface: pygame.Surface, app: Any, title_key: str) -> pygame.Rect:
    """A screen's title over the panel of its text (the history, the copy): the panel's rectangle."""
    screen(surface, app, title_key, app.layout.menu.screen_title_y)
    box = app.layout.panel
    surface.blit(look.panel(box.size), box)
    return box


def three_buttons(app: Any) -> list[pygame.Rect]:
    """Three buttons where the menu's pair stands, wider where there is room (the statistics' row,
    the copy's)."""
    menu = app.layout.menu
    row = menu.pair_left.union(menu.pair_right)
    row = row.inflate(max(0, min(240, app.layout.w - 40 - row.width)), 0)
    return app.layout.split(row, 3, gap=12, stacked=False)


def back_button(app: Any, rect: pygame.Rect | None = None) -> Button:
    return Button(rect or app.layout.menu.back, "common.back", "back", pygame.K_ESCAPE)


def start_game(app: Any, options: Options, seats: tuple | None = None) -> Go:
    """A new match with ``options`` and ``seats`` (``game.ui.seats.Seat``s; None: one person at
    seat 0, or computers everywhere in an autoplay demo): remembers them and the people's names,
    builds the session, goes to the deal."""
    demo = app.autoplay
    if not demo:
        app.settings["last_options"] = options.to_json()
        if seats is not None:
            app.settings["last_seats"] = seats_to_json(seats)
            remember_names(app.settings, seats)
        # the seats screen left by a reload is done with: this match has its seats ("Quién juega"
        # opened with an old name half typed after the match)
        app.settings.pop("seats_draft", None)
        app.store.save_settings(app.settings)
    if not demo:
        count_left_hand(app)
    seed = app.seed
    if seed is not None:
        app.seed = seed + 1  # next match, other cards, still reproducible
    app.session = Session(options, seed=seed, human_seats=() if demo and seats is None else (0,), seats=seats)
    save_match(app, replace=True)   # the new match replaces the saved one at once: a reload during the deal keeps it
    return Go("deal")


def saved_where(app, info: dict, seats: Any = None, fits: Any = None) -> str:
    """Where the saved match stands, in words: who plays, its hand and baza ("Ana y Luis, mano 2,
    baza 7"), or the hand finished (saved at its count: there is no next baza); a save of an earlier
    version says players and baza. Who plays: the people by name where the save's ``seats`` name any
    (a shared laptop's groups told "4 jugadores" whose match it was), else how many play; and hands
    won with the names, in a match of more than one ("Ana y Luis (1–0)"). ``fits(text)``: where the
    names make the words too long there, how many play instead."""
    players, trick, hand = info.get("players", "?"), info.get("trick", "?"), info.get("hand")
    count = app.t("menu.saved_players", players=players)   # (no standing: whose side is first?)
    every = [who for who in (_saved_people(app, info, seats), count) if who]
    for n, who in enumerate(every):
        if type(hand) is not int or hand < 1:
            text = app.t("menu.saved_trick", who=who, trick=trick)
        elif info.get("match_over") is True:   # kept through its count and end for a reload: its result
            text = app.t("menu.saved_ended", who=who)
        elif info.get("over") is True:
            text = app.t("menu.saved_done", who=who, hand=hand)
        else:
            text = app.t("menu.saved_at", who=who, hand=hand, trick=trick)
        if fits is None or n == len(every) - 1 or fits(text):
            return text
    return ""


def _standing(app, info: dict, who: str, order: list[int]) -> str:
    """``who`` with the hands each side has won, sides in ``order`` ("Ana y Luis (1–0)"), in a match
    of more than one hand won (a save of an earlier version tells none: ``who`` alone)."""
    wins, first_to = info.get("wins"), info.get("first_to")
    if (type(first_to) is not int or first_to < 2 or not isinstance(wins, list) or len(wins) != len(order)
            or not all(type(w) is int and 0 <= w <= first_to for w in wins)):
        return who
    return app.t("menu.saved_score", who=who, score="–".join(str(wins[side]) for side in order))


def _saved_people(app, info: dict, seats: Any) -> str:
    """The saved match's people by name and its computers ("Ana, Luis y 2 máquinas"; four people in
    pairs: "Ana y Núria contra Luis y Pep"), the first person's side first in its standing; "" where
    the save names nobody (one person "Jugador 1" and the computer, or a save before names)."""
    players = info.get("players")
    kept = seats_from_save(seats, players, "normal") if type(players) is int and 2 <= players <= 4 else None
    kept = None if kept is None else drawn_seats(kept, app.typo.drawable)   # (names as drawn: no boxes)
    if kept is None or not any(seat.person and seat.name for seat in kept):
        return ""
    name = [seat.name or app.t("people.player", n=i + 1) for i, seat in enumerate(kept)]
    if players != 4:   # each seat a side: the people first, the computers after, as the words name them
        order = [i for i, seat in enumerate(kept) if seat.person] + [i for i, seat in enumerate(kept) if not seat.person]
        who = people_and_computers(app.words, [name[i] for i in order if kept[i].person], players - _people(kept))
        return _standing(app, info, who, order)
    first = next(i for i, seat in enumerate(kept) if seat.person) % 2
    order = [first, 1 - first]
    sides = [[name[i] for i in (side, side + 2) if kept[i].person] for side in order]
    if _people(kept) == 4:
        who = app.t("menu.saved_vs", a=app.words.both(*sides[0]), b=app.words.both(*sides[1]))
    elif sides[1]:   # people on both sides: each side said apart ("Ana, Luis y 2 máquinas" read as a pair)
        who = app.t("menu.saved_vs", a=people_and_computers(app.words, sides[0], 2 - len(sides[0])),
                    b=people_and_computers(app.words, sides[1], 2 - len(sides[1])))
    else:
        who = people_and_computers(app.words, sides[0], 4 - _people(kept))
    return _standing(app, info, who, order)


def _people(seats: tuple) -> int:
    return sum(1 for seat in seats if seat.person)


def start_asked(app: Any, options: Options, seats: tuple | None = None, said: bool = False) -> Go:
    """:func:`start_game`, from a screen that may have stood open while another window of the game (a
    second tab, the home-screen app) started a match and played on (a finished match's "Revancha",
    the new-game screen's "Empezar"): if what is stored now is that window's match, in progress, it
    asks first, as the menu's "Nueva partida" does, naming the match that would be lost (it was
    replaced unasked, nothing set aside); "no" goes to the menu, whose "Continuar" takes it up.
    Where the saved match is a newer version's (left as it is: this one will not be saved) it asks
    whether to play unsaved, unless the screen ``said`` so while it was held (the new-game screen's
    note) or the player said yes for that same newer match before (until round 39 "Revancha" asked at
    every match of the evening); another newer match stored since is asked about again. "Revancha" and
    an "Empezar" after a newer version stored its match played unsaved, unsaid, until round 38."""
    store = app.store
    held = store.held_for_newer("match")
    saved = store.load_match() if not app.autoplay and store.storage.changed("match") else None
    newer = None if app.autoplay else store.newer_match()   # (gone or replaced since: held no longer)
    if newer is not None and not (said and held) and newer != store.unsaved_over:
        def unsaved(app: Any) -> Go:
            store.unsaved_over = newer
            return start_game(app, options, seats)
        return Go("confirm", title="confirm.unsaved_title", text="confirm.unsaved_text", no=Go("menu"),
                  yes=unsaved, yes_label="confirm.unsaved_yes")
    if newer is not None:
        store.unsaved_over = newer
    info = saved.get("info") if isinstance(saved, dict) else None
    if not isinstance(info, dict) or info.get("match_over") is True:   # nothing stored, or over: nothing lost
        return start_game(app, options, seats)
    return ask_over_saved(app, saved, lambda app: start_game(app, options, seats))


def ask_over_saved(app: Any, saved: dict, yes: Any) -> Go:
    """The careful question before a new match replaces the ``saved`` one (the menu's "Nueva partida",
    :func:`start_asked`): it names that match (its people by name where they fit the question's box,
    as ``scenes.confirm`` draws it); ``yes`` goes on, "no" to the menu."""
    from game.ui.scenes.confirm import question_box   # noqa: PLC0415

    def fits(where: str) -> bool:
        box = question_box(app, app.t("confirm.new_text", saved=where))[0]
        return box.height <= app.layout.menu.pair_left.y - 40

    info = saved.get("info")
    where = saved_where(app, info if isinstance(info, dict) else {}, saved.get("seats"), fits)
    return Go("confirm", title="confirm.new_title", text="confirm.new_text", fmt={"saved": where},
              yes=yes, no=Go("menu"), yes_label="confirm.new_yes", careful=True)


def count_left_hand(app: Any) -> None:
    """The saved match's last hand, over but not yet counted (left for the menu while its last baza
    landed, before the count), is counted before a new match replaces it, as continuing it would
    have: a hand being lost could otherwise be kept out of the statistics."""
    saved = app.store.load_match()
    if saved is None:
        return
    try:
        left = resumed(app, saved, (0,))
    except Exception:   # a damaged save: the menu reports it; nothing to count
        return
    if left.hand.over and not left.demo:
        app.stats = app.store.update_stats(app.stats, lambda figures: stats.record_hand(figures, left, words=app.words))


def save_match(app: Any, replace: bool = False) -> bool:
    """Keep the match being played (not a demo's, nor a lesson's); False if the store refused, or
    if another window of the game has stored another since (unless ``replace``: a new match).

    A hand's last move is kept too: a reload before the count (the last baza still on the table)
    resumes at the count of that same hand, not with the last card to play again."""
    session = app.session
    if session is None or session.demo or session.lesson:
        return True
    return bool(app.store.save_match(session.to_save(), replace))


def leave_ended(app: Any) -> None:
    """The player leaves a match over (its count or its end) for the menu: its saved copy, kept
    through them so that a reload shows them again (a reload there lost the result), goes; not a
    demo's or a lesson's (they never touch it), nor one another window has stored since."""
    session = app.session
    if (session is not None and session.match.over and not session.demo and not session.lesson
            and not app.store.match_elsewhere()):
        app.store.clear_match()


def resumed(app: Any, saved: dict, human_seats: tuple) -> Session:
    """``Session.from_save``, its people's names drawn as the font can draw them (the save keeps
    theirs: ``Session.draw_names_with``)."""
    session = Session.from_save(saved, human_seats=human_seats)
    session.draw_names_with(app.typo.drawable)
    return session


def resume(app: Any, saved: dict) -> Optional[Go]:
    """The scene that continues a saved match, or None if it cannot be resumed (the menu says so)."""
    try:
        app.session = resumed(app, saved, () if app.autoplay else (0,))
    except Exception as exc:  # bad data never crashes the game: the save is set aside, reported
        app.store.set_aside_match(f"{type(exc).__name__}: {exc}")  # kept byte for byte, reported once
        return None
    return Go("scoring" if app.session.hand.over else "play")
