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
from game.ui.seats import remember_names, seats_to_json
from game.ui.session import Options, Session
from game.ui.widgets import Button


def screen(surface: pygame.Surface, app: Any, title_key: str, y: int) -> None:
    """The felt and a screen's title (every menu screen starts its drawing with this)."""
    surface.blit(look.felt(app.layout.size), (0, 0))
    title = app.t(title_key)
    app.typo.blit(surface, title, (app.layout.cx, y), app.typo.fit(title, 64, app.layout.w - 40, True), look.GOLD, bold=True,
                  anchor="center", shadow=True)


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


def saved_where(app, info: dict) -> str:
    """Where the saved match stands, in words: its players, hand and baza ("4 jugadores, mano 2,
    baza 7"), or the hand finished (saved at its count: there is no next baza); a save of an earlier
    version says players and baza."""
    players, trick, hand = info.get("players", "?"), info.get("trick", "?"), info.get("hand")
    if type(hand) is not int or hand < 1:
        return app.t("menu.saved_trick", players=players, trick=trick)
    if info.get("match_over") is True:   # kept through its count and end for a reload: its result
        return app.t("menu.saved_ended", players=players)
    if info.get("over") is True:
        return app.t("menu.saved_done", players=players, hand=hand)
    return app.t("menu.saved_at", players=players, hand=hand, trick=trick)


def start_asked(app: Any, options: Options, seats: tuple | None = None) -> Go:
    """:func:`start_game`, from a screen that may have stood open while another window of the game (a
    second tab, the home-screen app) started a match and played on (a finished match's "Revancha",
    the new-game screen's "Empezar"): if what is stored now is that window's match, in progress, it
    asks first, as the menu's "Nueva partida" does, naming the match that would be lost (it was
    replaced unasked, nothing set aside); "no" goes to the menu, whose "Continuar" takes it up."""
    store = app.store
    saved = store.load_match() if not app.autoplay and store.storage.changed("match") else None
    info = saved.get("info") if isinstance(saved, dict) else None
    if not isinstance(info, dict) or info.get("match_over") is True:   # nothing stored, or over: nothing lost
        return start_game(app, options, seats)
    return ask_over_saved(app, info, lambda app: start_game(app, options, seats))


def ask_over_saved(app: Any, info: dict, yes: Any) -> Go:
    """The careful question before a new match replaces the saved one ``info`` tells of (the menu's
    "Nueva partida", :func:`start_asked`): it names that match; ``yes`` goes on, "no" to the menu."""
    return Go("confirm", title="confirm.new_title", text="confirm.new_text", fmt={"saved": saved_where(app, info)},
              yes=yes, no=Go("menu"), yes_label="confirm.new_yes", careful=True)


def count_left_hand(app: Any) -> None:
    """The saved match's last hand, over but not yet counted (left for the menu while its last baza
    landed, before the count), is counted before a new match replaces it, as continuing it would
    have: a hand being lost could otherwise be kept out of the statistics."""
    saved = app.store.load_match()
    if saved is None:
        return
    try:
        left = Session.from_save(saved, human_seats=(0,))
    except Exception:   # a damaged save: the menu reports it; nothing to count
        return
    if left.hand.over and not left.demo:
        app.stats = app.store.update_stats(app.stats, lambda figures: stats.record_hand(figures, left))


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


def resume(app: Any, saved: dict) -> Optional[Go]:
    """The scene that continues a saved match, or None if it cannot be resumed (the menu says so)."""
    try:
        app.session = Session.from_save(saved, human_seats=() if app.autoplay else (0,))
    except Exception as exc:  # bad data never crashes the game: the save is set aside, reported
        app.store.set_aside_match(f"{type(exc).__name__}: {exc}")  # kept byte for byte, reported once
        return None
    return Go("scoring" if app.session.hand.over else "play")
