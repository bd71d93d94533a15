"""Ajustes → Copia de seguridad: save a copy of all one's data to a file, and bring one back.

Why: the statistics, the history, the names, the settings and the saved match live in the browser's
``localStorage`` (a folder of files on the desktop), lost with the site's data, a new phone or
browser, or Safari's week. "Guardar copia" writes one file (``game.ui.backup``): on the desktop in
the player's Downloads (or home), the screen saying the full path; in the browser a download made
by the page (``web.download``). "Recuperar copia" takes one back: on the desktop a
``brisca-copia-*.json`` of that folder (where there are several, chosen from a list of them, newest
first, each with its date), or a file dropped on the window (from the menu, the settings, the
statistics, the history or the rules too: ``App.offer_dropped``); in the browser the page's file
picker, opened within the tap (browsers open one only on a gesture), its file collected on a later
frame (``update``: polled, never waited on). A copy read is checked whole, then a careful question says what it holds and that
it replaces everything here; before it does, what is here now is kept as a copy of its own
(``brisca-copia-anterior-….json``, and where is said). A bad file is told and changes nothing.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any, Optional

import pygame

from game.ui import backup, look, web
from game.ui.inputmap import Dropped, Key
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import panel_screen, three_buttons
from game.ui.widgets import Button, ButtonBar, Scroller, scrollbar

#: The keys that move the buttons' focus here (↑↓ scroll the text): still while the page waits for a
#: fresh tap to open its picker, whose Enter it was told (``BackupScene.elsewhere``).
FOCUS_KEYS = frozenset(ButtonBar.NEXT + ButtonBar.PREV) - frozenset(Scroller.KEYS)

def _files() -> Any:
    from game.ui.desktop import backup_files  # noqa: PLC0415  (desktop only: it writes)

    return backup_files


def _build(app: Any) -> str:
    return web.build() if app.browser else ""


def keep(app: Any, name: str, text: str) -> tuple[bool, str]:
    """A copy's ``text`` kept where the player finds it: (done, the full path or the name downloaded;
    else what went wrong)."""
    if app.browser:
        return (True, name) if web.download(name, text) else (False, "")
    try:
        return True, str(_files().write(name, text))
    except (OSError, ValueError) as exc:
        return False, f"{type(exc).__name__}: {exc}"


def save_copy(app: Any) -> Go:
    made = backup.now_stamp()
    done, where = keep(app, backup.file_name(made, timed=app.browser), backup.make(app.store, _build(app), made))
    if not done:   # (the error's text for the log: the player is told where, in words)
        print(f"brisca: the copy could not be saved: {where}", file=sys.stderr)
        folder = "" if app.browser else str(_files().folder())
        return Go("backup", said="backup.save_failed" if where else "backup.no_page", fmt={"folder": folder})
    return Go("backup", said="backup.downloaded" if app.browser else "backup.saved", fmt={"where": where})


def refusal(refused: backup.Refused, name: str = "") -> Go:
    """Why a copy is refused, and the name of the file read (the newest of a folder was bad and the
    player, told no name, thought their one copy worthless)."""
    part = f"backup.part.{refused.key}" if refused.key else "backup.part.file"
    return Go("backup", said=f"backup.bad.{refused.kind}", fmt={"part": part, "file": base_name(name)})


def date_words(app: Any, year: int, month: int, day: int) -> str:
    """"7 dic 2026": the month in words ("07/12/2026" read as July 12 in English)."""
    return app.t("backup.date", day=day, month=app.t("history.months").split("|")[month - 1], year=year)


def base_name(path: str) -> str:
    return path.replace("\\", "/").rsplit("/", 1)[-1]


def figures(app: Any, st: dict, has_match: bool) -> dict:
    """A set of data in the question's words: its matches and hands, its history, its saved match."""
    return {"matches": app.words.count("stats.n_matches", st.get("matches", 0)),
            "hands": app.words.count("stats.n_hands", st.get("hands", 0)),
            "history": app.words.count("stats.n_matches", len(st.get("history", []))),
            "match": app.t("backup.match_yes" if has_match else "backup.match_no")}


def here(app: Any) -> tuple[dict, bool]:
    """What is here now, which a restore replaces: the statistics stored, read as a copy of them would
    be (what is kept before the restore), else as this session holds them, and whether a match is
    stored. (A whole copy of the store was made and read again, every key checked, to count these.)"""
    stats = backup.stored(app.store, "stats")
    return (app.stats if stats is None else stats), app.store.storage.stored_text("match") is not None


def offer(app: Any, text: Any, name: str, undo: bool = False) -> Go:
    """A copy (the bytes of the file ``name``, or its text) read: the careful question, or why it is
    refused. ``undo``: the copy is what was here before the last restore (``Storage.kept_before``)."""
    found = backup.read(text)
    if isinstance(found, backup.Refused):
        return refusal(found, name)
    held = backup.held(app.store)
    if held is not None:
        return refusal(held)
    day = found.day()
    fmt = {"file": base_name(name), "date": date_words(app, *day) if day else app.t("backup.undated"),
           **figures(app, found.stats, found.has_match), "here": app.t("backup.here", **figures(app, *here(app))),
           "before": app.t("backup.before_browser") if app.browser else
           app.t("backup.before_desktop", folder=str(_files().folder()))}
    kind = "undo" if undo else "restore"
    return Go("confirm", title=f"backup.{kind}_title", text=f"backup.{kind}_text", fmt=fmt,
              yes=lambda app: bring_back(app, found, undo), no=Go("backup"), yes_label=f"backup.{kind}_yes", careful=True)


def bring_back(app: Any, found: backup.Copy, undo: bool = False) -> Go:
    """What is here kept first, then the copy written over it (all or none: ``backup.restore``).
    Kept in the store itself (``Storage.keep_before``; "Deshacer la recuperación" brings it back: an
    undo replaces that one only once it is done, so a failed one leaves it to try again) and,
    on the desktop, as a file in the copies' folder; nothing changes where either cannot be. In the
    browser a download of it is asked for too, as an extra: a page cannot know whether a download
    arrived (until round 39 the data was written over on the page's word that it had, and in a
    phone's browser it often had not)."""
    made = backup.now_stamp()
    name, text = backup.file_name(made, before=True), backup.make(app.store, _build(app), made)
    where = name
    if not app.browser:
        done, where = keep(app, name, text)
        if not done:
            print(f"brisca: what is here could not be kept first: {where}", file=sys.stderr)
            return Go("backup", said="backup.keep_failed")
    if not undo and app.store.storage.keep_before(text) is not None:
        return Go("backup", said="backup.keep_failed")
    asked = app.browser and web.download(name, text)   # (asked for: whether the browser keeps it, unknown)
    problem, left = backup.restore(app.store, found)
    app.reload_saved()
    if undo and problem is None:   # (an undo keeps what it replaced once done: one tried short of room
        app.store.storage.keep_before(text)   # after a mixed restore kept the mixed data over the old until round 39)
    if problem is not None:   # (in the player's words: the detail goes to the log, backup.restore)
        return Go("backup", said="backup.restore_mixed" if left else "backup.restore_failed")
    if undo:
        return Go("backup", said="backup.undone")
    if app.browser:
        return Go("backup", said="backup.restored_browser" if asked else "backup.restored_kept", fmt={"where": where})
    return Go("backup", said="backup.restored", fmt={"where": where})


def take_path(app: Any, path: str) -> Go:
    """A file on the desktop (dropped on the window, or the newest copy in the folder) offered."""
    try:
        data = _files().read(path)
    except (OSError, ValueError):
        return refusal(backup.Refused("unreadable"), path)
    return offer(app, data, path)


@register
class BackupScene(Scene):
    name = "backup"

    def __init__(self, app: Any, said: str | None = None, fmt: dict | None = None, dropped: str | list | None = None,
                 **handed: Any) -> None:
        super().__init__(app, **handed)
        self.said, self.fmt = said, dict(fmt or {})
        self.dropped = dropped   # a file dropped on the window before this screen opened (several: a list)
        self.choose_words = "backup.choose"   # the list's heading
        self.waiting = False   # the page's file picker asked for: its file is collected in ``update``
        self.armed = False   # the page waits for a fresh tap to open it (not one on the other buttons)
        self.copies: list = []   # the desktop's copies listed to choose from, newest first: (path, when)
        self.folder = "" if app.browser else str(_files().folder())   # (looked up once, not every frame)
        self.undo = app.store.storage.kept_before() is not None   # what was here before a restore, kept
        self.scroller = Scroller()   # what does not fit even small (a long path, large text sideways) scrolls

    def startup(self) -> None:
        self.relayout()

    def relayout(self) -> None:
        left, middle, right = three_buttons(self.app)
        focus = getattr(self, "bar", None) and self.bar.focus
        if self.copies:   # the copies to choose from, the newest in focus (Enter takes it), "Volver"
            rows = [Button(rect, "backup.before_row" if _files().safety(self.copies[i][0]) else "backup.copy_row",
                           f"copy.{i}", size=24, fmt=self.row_words(*self.copies[i]))
                    for i, rect in enumerate(self.copy_rects())]
            self.bar = ButtonBar(rows + [Button(left, "common.back", "back", pygame.K_ESCAPE)], keys_move_focus=True)
            self.bar.focus = 0
            return
        undo = [Button(self.undo_rect(), "backup.undo", "undo", pygame.K_d, size=24)] if self.undo else []
        self.bar = ButtonBar([Button(left, "common.back", "back", pygame.K_ESCAPE),
                              Button(middle, "backup.save", "save", pygame.K_g),
                              Button(right, "backup.restore", "restore", pygame.K_r)] + undo, keys_move_focus=True)
        self.bar.focus = focus if isinstance(focus, int) else 0

    def tell(self, said: str, **fmt: Any) -> None:
        self.said, self.fmt = said, fmt
        self.scroller.scroll = 0   # (said first: in view)

    def handle_event(self, event: Any) -> Optional[Go]:
        if isinstance(event, Dropped):
            return take_path(self.app, event.path)
        if self.copies:
            return self.choose(self.bar.handle(event))
        scrolls = isinstance(event, Key) and event.key in Scroller.KEYS   # ↑↓ scroll the text, as on the statistics
        if self.armed and isinstance(event, Key) and event.key in FOCUS_KEYS:
            return None   # the page was told which button Enter presses (``elsewhere``): the focus stays
        action = None if scrolls else self.bar.handle(event)
        if action is None:
            self.scroller.handle(event, self.app.layout.panel, self.app.typo.line(22))
        if action == "back":
            return Go("settings")
        if action == "save":
            return save_copy(self.app)
        if action == "restore":
            return self.restore()
        if action == "undo":   # what was here before the last restore, asked about as a copy is
            kept = self.app.store.storage.kept_before()
            return offer(self.app, kept, "", undo=True) if kept is not None else None
        return None

    def undo_rect(self) -> pygame.Rect:
        """"Deshacer la recuperación", along the panel's foot, under the text (which takes the rest)."""
        box = self.app.layout.panel
        height = max(self.app.layout.touch, self.app.typo.line(24) + 12)
        return pygame.Rect(box.x + 20, box.bottom - 12 - height, box.width - 40, height)

    def restore(self) -> Optional[Go]:
        """In the browser the page's picker, opened now, within the tap; on the desktop the newest copy."""
        app = self.app
        if app.browser:
            if self.armed:   # the fresh tap the browser wanted, on this button: the page opened the picker
                self.armed = False
                self.tell("backup.choosing")
                return None
            answer = web.pick_backup(*self.elsewhere())
            self.waiting, self.armed = answer in ("open", "armed"), answer == "armed"
            self.tell("backup.choosing" if answer == "open" else "backup.tap_again" if self.waiting else "backup.no_page")
            return None
        found = _files().copies()
        if not found:
            self.tell("backup.none_found", folder=self.folder)
            return None
        if len(found) == 1 and not _files().safety(found[0][0]):   # (what was here before: listed, said so)
            return take_path(app, str(found[0][0]))
        self.copies = found   # several: the player chooses (the newest alone was taken until round 39)
        self.relayout()
        return None

    def elsewhere(self) -> tuple[list, list, list]:
        """The screen's other buttons ("Volver", "Guardar copia", "Deshacer…") as parts of the canvas,
        and their keys' names: a tap or key there, the browser waiting for a fresh tap to open the
        picker, is theirs, not the picker's; and the picker's own keys ("Recuperar copia"'s): no other
        key opens it (Shift, a letter did, round 40). Enter and Space are the focused button's, which
        stays put meanwhile (``handle_event``)."""
        app = self.app
        width, height = app.viewport.window
        others = [b for b in self.bar.buttons if b.action != "restore"]
        rects = [app.viewport.to_window(tuple(b.rect)) for b in others]
        keys = [pygame.key.name(b.hotkey) for b in others if b.hotkey]
        own = [pygame.key.name(b.hotkey) for b in self.bar.buttons if b.action == "restore"]
        (keys if self.bar.buttons[self.bar.focus].action != "restore" else own).extend(["return", "space"])
        return [(x / width, y / height, w / width, h / height) for x, y, w, h in rects], keys, own

    # --- the desktop's copies to choose from ------------------------------------------------------
    def choose(self, action: str | None) -> Optional[Go]:
        """A row of the list (its copy offered) or "Volver" (the screen's own buttons again)."""
        if action is None:
            return None
        chosen = self.copies[int(action.split(".")[1])][0] if action.startswith("copy.") else None
        self.copies = []
        self.relayout()
        return take_path(self.app, str(chosen)) if chosen is not None else None

    def heading(self) -> list[str]:
        return self.app.typo.wrap(self.app.t(self.choose_words, count=len(self.copies)), 22, self.app.layout.panel.width - 40)

    def copy_rects(self) -> list[pygame.Rect]:
        """The rows of the copies that fit the panel under the heading (one fewer where the rest are
        counted under them)."""
        app = self.app
        box, typo = app.layout.panel, app.typo
        top = box.y + 16 + len(self.heading()) * typo.line(22) + 8
        height = max(app.layout.touch, typo.line(24) + 12)
        fit = max(1, (box.bottom - 12 - top + 10) // (height + 10))
        shown = len(self.copies) if len(self.copies) <= fit else max(1, fit - 1)
        return [pygame.Rect(box.x + 20, top + i * (height + 10), box.width - 40, height) for i in range(shown)]

    def row_words(self, path: Any, when: float) -> dict:
        """A copy's row: the date and time its file was written, and its name."""
        at = time.localtime(when)
        return {"date": date_words(self.app, at.tm_year, at.tm_mon, at.tm_mday),
                "time": f"{at.tm_hour}:{at.tm_min:02}", "file": path.name}

    def draw_copies(self, surface: pygame.Surface) -> None:
        app = self.app
        box = panel_screen(surface, app, "set.backup")
        y = box.y + 16
        for line in self.heading():
            app.typo.blit(surface, line, (box.x + 20, y), 22, look.CREAM)
            y += app.typo.line(22)
        rows = [b for b in self.bar.buttons if b.action.startswith("copy.")]
        if len(rows) < len(self.copies):   # the older ones that do not fit: dropped on the window
            more = app.t("backup.more_copies", count=len(self.copies) - len(rows))
            app.typo.blit(surface, more, (box.x + 20, rows[-1].rect.bottom + 10), 22, look.MUTED)
        self.bar.draw(surface, app)

    def update(self, dt: float) -> Optional[Go]:
        if self.dropped is not None:
            path, self.dropped = self.dropped, None
            if isinstance(path, str):
                return take_path(self.app, path)
            self.copies = _files().listed([Path(p) for p in path])   # several at once: chosen from a list
            self.choose_words = "backup.choose_dropped"
            self.relayout()
        if not self.waiting:
            return None
        picked = web.backup_picked()
        if picked is None:
            return None
        self.waiting = self.armed = False
        if picked.get("cancelled"):   # the picker closed with no file (it waited on, "Elige…", until round 39)
            self.tell("backup.cancelled")
            return None
        if "data" not in picked:
            return refusal(backup.Refused(picked.get("error", "unreadable")), picked.get("name", ""))
        return offer(self.app, picked["data"], picked.get("name", ""))

    def draw(self, surface: pygame.Surface) -> None:
        if self.copies:
            self.draw_copies(surface)
            return
        app = self.app
        typo = app.typo
        box = panel_screen(surface, app, "set.backup")   # (the button's words: its title)
        width = box.width - 40
        where = "backup.where_browser" if app.browser else "backup.where_desktop"
        about = "backup.about_browser" if app.browser else "backup.about_desktop"
        texts = [(app.t(about), look.CREAM), (app.t(where, folder=self.folder), look.MUTED)]
        if self.said:   # what the last press did, first: read before the rest
            fmt = {k: app.t(v) if isinstance(v, str) and v.startswith("backup.part.") else v for k, v in self.fmt.items()}
            texts.insert(0, (app.t(self.said, **fmt), look.GOLD))
            if self.said.startswith("backup.bad.") and self.fmt.get("file"):   # the file read, named
                texts.insert(1, (app.t("backup.file_read", file=self.fmt["file"]), look.GOLD))
        view = box.inflate(-8, -24)
        if self.undo:
            view.height = self.undo_rect().top - 8 - view.y
        size, wrapped = self.wrapped(texts, width, view.height)
        total = sum(len(block) * typo.line(size) + 12 for block, _color in wrapped)
        y = view.y - self.scroller.clamp(total, view.height)
        surface.set_clip(view)
        for block, color in wrapped:
            for line in block:
                if view.y - typo.line(size) <= y <= view.bottom:
                    typo.blit(surface, line, (box.x + 20, y), size, color)
                y += typo.line(size)
            y += 12
        surface.set_clip(None)
        if total > view.height:
            scrollbar(surface, box.right - 12, view, total, self.scroller.scroll)
        self.bar.draw(surface, app)

    def wrapped(self, texts: list, width: int, room: int) -> tuple[int, list]:
        """The texts' lines at the largest size (26 down to 20) at which they all fit ``room`` (a long
        message, a folder's path, large text on a small phone), kept while nothing changes."""
        typo = self.app.typo
        key = (tuple(texts), width, room, typo.large, self.app.layout)
        if getattr(self, "_wrapped", (None,))[0] != key:
            for size in (26, 24, 22, 20):
                out = [(typo.wrap_long(text, size, width), color) for text, color in texts]
                if sum(len(block) * typo.line(size) + 12 for block, _color in out) <= room:
                    break
            self._wrapped = (key, (size, out))
        return self._wrapped[1]

