"""Who plays: each seat a person (with a name) or the computer at a level; names typed or chosen.

Why: people share one device in any mix with the computer.  This screen sets the seats of the
next match: ←→ (or a tap on the arrows) changes a seat: a person, or the computer at each level
(a seat that turns into a computer starts at the level chosen on the new-game screen, one step
from the person either way; what the selected computer's level does is written under the list);
a tap or click on a seat beside its arrows only selects it (a tap to correct a name turned the
person into a computer, and a club's match began without them). With a person's row selected,
typing writes their name (on a computer's row a letter makes the seat a person and begins the name)
(Backspace erases), and on a touch screen the letter keys drawn under the list, or a tap on a
remembered name, do the same (the first letter typed replaces a name that was only filled in).
Where those keys would be smaller than a finger under the list (a small phone, one held
sideways), a button "Escribir el nombre" (or a tap on a person's seat) opens them on a screen of
their own instead: the name in a box, the keys at a finger's size, "Listo" (or Enter, Escape)
back to the seats.
Done keeps the seats in the settings (``last_seats``; the names are remembered when a match
starts) and goes back to the new-game options. Every change is written at once as a draft
(``seats_draft``): a reload keeps what was set, a name half typed included; Done or Back ends it,
as a match started does (``common.start_game``). A file dropped on the window is not taken here (a
match is being set up): where copies come back is said for a while (``common.Aside``), the draft as it was.
"""

from __future__ import annotations

import unicodedata

from typing import Optional

import pygame

from game.ui import look, persist, players
from game.ui.inputmap import Key, Text, key_at
from game.ui.option_list import OptionList, OptionRow
from game.ui.options import Options
from game.ui.scene import Go, Scene, register
from game.ui.scenes.common import Aside, screen
from game.ui.scenes.name_keys import ACCENT, keyboard, typing_screen
from game.ui.seats import (NAME_MAX, Seat, clean_name, drawable_letters, last_seats, name_key, remembered_names,
                           same_name, seats_to_json)
from game.ui.text import cut_short
from game.ui.widgets import Button, ButtonBar

#: What a seat can be: a person, or the computer at one of the menu's levels (a row's values:
#: the person, then the levels from the new-game level up, then the weaker ones).
PERSON = "person"


def accent(letter: str) -> str:
    """``letter``'s next accented form, round the ones names use: a → á → à → a, i → í → ï → i,
    u → ú → ü → u (capitals alike), and l → l· (the Catalan ela geminada: Marcel·la); "" for
    anything else."""
    if letter in ("l", "L"):
        return letter + "·"
    base = unicodedata.normalize("NFD", letter)[:1]
    marks = {"a": "\u0301\u0300", "e": "\u0301\u0300", "o": "\u0301\u0300", "i": "\u0301\u0308", "u": "\u0301\u0308"}
    if len(letter) != 1 or base.lower() not in marks:
        return ""
    forms = [base] + [unicodedata.normalize("NFC", base + m) for m in marks[base.lower()]]
    return forms[(forms.index(letter) + 1) % len(forms)] if letter in forms else ""


#: Keys that move over the list rather than type.
MOVE_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB)
#: The share of the page's height it grows by, as wide, when a phone's keyboard closes (an address bar
#: sliding is a few per cent; a keyboard a third to a half of it).
KEYBOARD_SHARE = 0.2


@register
class SeatsScene(Aside, Scene):
    name = "seats"

    def startup(self) -> None:
        app = self.app
        options = Options.from_json(app.settings.get("last_options"))
        levels = list(players.levels())
        self.count = options.players
        self.level = options.level if options.level in levels else levels[0]  # (a level no longer offered)
        self.seats = list(last_seats(app.settings, 4, self.level))
        self.fresh = set(range(4))  # names not typed on yet: the first letter replaces the whole name
        draft = app.settings.get("seats_draft")
        if persist.SETTING_CHECKS["seats_draft"](draft):   # left mid-change (a reload): as it was
            self.seats = [Seat(True, s["person"]) if "person" in s else Seat(False, level=s["cpu"]) for s in draft["seats"]]
            self.fresh -= set(draft.get("typed", []))
        self.rows = []
        at = levels.index(self.level)  # one step from a person to the new-game level, either way
        kinds = [PERSON, *levels[at:], *levels[:at]]
        for i in range(4):
            kind = PERSON if self.seats[i].person else self.seats[i].level
            self.rows.append(OptionRow(f"seats.seat{i + 1}", kinds, kinds.index(kind),
                                       lambda v, i=i: self.kind_text(i, v), lambda i=i: i < self.count))
        # names and keys go under its rows; a tap beside a seat's arrows selects it (to type its name)
        self.list = OptionList(self.rows, top=100, narrow=False, taps_select=True)
        self.kept = self.draft()
        self.message = ""
        self.overflowed: set[int] = set()   # seats whose name refused a letter for its length
        self.editing = False  # the typing screen of a small screen is open
        self.lowest: tuple | None = None   # the page's size, shortest since the typing screen opened
        self.tallest: tuple | None = None   # and tallest
        self.phone_keys = False   # the phone's own keyboard is up over the typing screen
        self.relayout()

    # --- places -------------------------------------------------------------------------------
    def relayout(self) -> None:
        geo = self.app.layout.menu
        self.list.relayout(geo, geo.content.y)
        self.bar = ButtonBar([Button(geo.pair_right, "names.done", "done", pygame.K_RETURN, primary=True),
                              Button(geo.pair_left, "common.back", "back", pygame.K_ESCAPE)])
        lay = self.app.layout
        top = self.chips_top() + self.chip_h() + 10  # under the four rows and the names to choose
        keys = keyboard(lay, top, geo.pair_left.y - 10, geo.content.width)
        self.compact = any(min(rect.size) < lay.touch for rect, _ in keys)
        self.inline_keys = [] if self.compact else keys
        self.type_bar = ButtonBar([])
        if self.compact:   # the keys would be too small for a finger: a screen of their own
            rect = pygame.Rect(0, top, min(geo.content.width, max(2 * lay.touch, 420)), lay.touch)
            rect.centerx = lay.cx
            self.type_bar = ButtonBar([Button(rect, "names.type", "type")])
        self.place_typing()

    def place_typing(self) -> None:
        """The typing screen's places: its keys at the bottom, the seat and its name in a box and
        "Listo" above them; none of its keys while the phone's own keyboard is up (``name_keys``)."""
        self.field, listo, self.typing_keys = typing_screen(self.app.layout, self.app.typo.line(30), self.phone_keys)
        self.edit_bar = ButtonBar([Button(listo, "names.done", "typed", pygame.K_RETURN, primary=True)])

    def widgets(self) -> list:
        """The lists and button rows on screen now (the layout audit measures these)."""
        if self.editing:
            return [self.edit_bar]
        return [self.list, self.bar] + ([self.type_bar] if self.selected_person() is not None else [])

    def taps(self) -> list:
        """The letter keys and the remembered names drawn now (the layout audit measures them)."""
        if self.editing:
            return list(self.keys)
        return list(self.keys) + self.chips() if self.selected_person() is not None else []

    @property
    def keys(self) -> list[tuple[pygame.Rect, str]]:
        """The letter keys on screen, as (rect, what)."""
        return self.typing_keys if self.editing else self.inline_keys

    def chips_top(self) -> int:
        return self.list.top + self.list.ROW_H * (2 if self.list.columns > 1 else 4) + 6

    def right(self) -> int:
        """The right edge of the list (both columns when it has two)."""
        lst = self.list
        return lst.left + lst.width * lst.columns + lst.gap * (lst.columns - 1)

    def chip_h(self) -> int:
        return max(40, self.app.layout.touch)

    def chips(self) -> list[tuple[pygame.Rect, str]]:
        """Remembered names to tap, in one line under the list."""
        app = self.app
        y, h = self.chips_top(), self.chip_h()
        x = self.list.left
        out = []
        i = self.selected_person()
        taken = {name_key(self.seats[k].name) for k in range(self.count)
                 if k != i and self.rows[k].value == PERSON and self.seats[k].name}
        for name in [n for n in remembered_names(app.settings) if name_key(n) not in taken][:6]:
            w = max(h, app.typo.size(name, 24)[0] + 28)
            if x + w > self.right():
                break
            out.append((pygame.Rect(x, y, w, h), name))
            x += w + 10
        return out

    # --- the seats ------------------------------------------------------------------------------
    def kind_text(self, i: int, kind: str) -> str:
        app = self.app
        if kind == PERSON:
            return app.t("seats.person", name=self.seats[i].name or app.t("people.player", n=i + 1))
        return app.t("seats.cpu", level=app.words.level(kind))

    def seat_of(self, i: int) -> Seat:
        kind = self.rows[i].value
        if kind == PERSON:
            return Seat(True, clean_name(self.seats[i].name))
        return Seat(False, level=kind)

    def selected_row(self) -> int | None:
        shown = self.list.shown()
        return self.rows.index(shown[min(self.list.selected, len(shown) - 1)]) if shown else None

    def became_computers(self, before: list) -> None:
        """A seat that was a person and is now a computer starts at the new-game level."""
        for row, was in zip(self.rows, before):
            if was == PERSON and row.value != PERSON:
                row.index = row.values.index(self.level)

    def chosen(self) -> tuple[Seat, ...]:
        return tuple(self.seat_of(i) for i in range(self.count))

    def selected_person(self) -> int | None:
        """The seat whose name typing changes: the selected row, if it is a person."""
        i = self.selected_row()
        return i if i is not None and self.rows[i].value == PERSON else None

    def type(self, text: str) -> None:
        """``text`` typed into the selected person's name: a backspace erases a letter; else each
        letter in turn (a real keyboard may send several at once: pasted, an IME's word), as one
        typed alone. A name full (:data:`NAME_MAX`) takes no more, and the screen says so: the
        letters beyond were dropped unsaid, and "Maximiliano Fernández" and "Maximiliano Ferrer" were
        refused as one name. A letter the font cannot draw is left out and said so, and the note stays
        while more letters are typed, until one is erased: "Nguyễn" or "Zoë😀" in one TEXTINPUT kept
        "Nguyn" and "Zoë" unsaid, and typed letter by letter the "n" after the "ễ" cleared it."""
        i = self.selected_person()
        if i is None:
            return
        name = "" if i in self.fresh else self.seats[i].name
        full = False   # a letter came that the name had no room for
        said = text != "\b" and (self.undrawable(text) or self.message == "seats.cannot_draw")
        if said:
            self.message = "seats.cannot_draw"   # (before any return below)
        if text == "\b":
            name = name[:-1]
        else:   # (a real keyboard may type letters the font has not: not kept)
            kept = self.drawable(text)
            if not kept:
                if text.strip():   # (a paste's line break alone: nothing to say)
                    self.message = "seats.cannot_draw"
                return
            if i in self.fresh and not any(ch != " " for ch in kept):
                return   # Space is no letter to start a name with: "Ana", only filled in, was erased to ""
            # a space only after a word, and once, as a name is kept (clean_name): "Ana  " or "  " made a
            # draft its own check refuses (persist._raw_name), and a reload lost every name typed
            for ch in kept:
                if ch != " " or name and not name.endswith(" "):
                    full = len(name) >= NAME_MAX
                    if full:
                        break
                    name = clean_name(name + ch) if ch != " " else name + " "
        self.fresh.discard(i)
        self.seats[i] = Seat(True, name[:NAME_MAX])
        if full:
            self.overflowed.add(i)
        elif len(name) < NAME_MAX:
            self.overflowed.discard(i)
        self.message = "seats.name_full" if full else "seats.cannot_draw" if said else ""
        self.app.sounds.play("click")

    def drawable(self, text: str) -> list[str]:
        """The letters of ``text`` a name keeps (``seats.drawable_letters``)."""
        return drawable_letters(text, self.app.typo.drawable)

    def undrawable(self, text: str) -> bool:
        """Has ``text`` a letter that a name leaves out for the font's sake (not a zero-width sign,
        which shows nothing anyway)?"""
        return any(ch != " " and ch.isprintable() and not self.app.typo.drawable(ch)
                   for ch in unicodedata.normalize("NFC", text))

    def text_box(self) -> pygame.Rect | None:
        """The name being typed: the box on the typing screen, else the selected person's row's."""
        if self.selected_person() is None:
            return None
        return self.field if self.editing else self.list.value_rect(self.list.rect_of(self.list.selected))

    # --- input ----------------------------------------------------------------------------------
    def press_key(self, ch: str) -> None:
        """A letter key tapped: a capital to start a word, small letters after ("Ana", not "ANA");
        the accent key turns the vowel before it (María, José, Mercè, Raül), and an l into l· and
        back (Marcel·la: the phone's keyboard here has no middle dot)."""
        i = self.selected_person()
        name = "" if i in self.fresh else self.seats[i].name
        if ch == ACCENT and name[-2:] in ("l·", "L·"):
            self.type("\b")
            return
        if ch == ACCENT:
            accented = accent(name[-1:])
            if accented:
                said = self.message   # (a letter changed, none erased: a note that a letter was left out stays)
                self.type("\b")
                self.type(accented)
                self.message = said if said == "seats.cannot_draw" else self.message
            return
        self.type(ch if not name or name.endswith(" ") else ch.lower())

    def typed_key(self, event) -> bool:
        """A real keyboard's text or key typed into the selected person's name (True if it was
        taken). The text comes as ``Text`` where the window sends it apart from the keys (a key's
        own letter then types nothing, but is still not a move of the list), else with the key. A
        letter on a computer's row: :meth:`typed_on_computer`."""
        i = self.selected_row()
        if i is not None and self.rows[i].value != PERSON:
            return self.typed_on_computer(i, event)
        if i is None:
            return False
        if isinstance(event, Text):
            self.type(event.text)
            return True
        if isinstance(event, Key) and event.key not in MOVE_KEYS:
            if event.key == pygame.K_BACKSPACE:
                self.type("\b")
                return True
            if event.text and event.text.isprintable():
                if not self.text_follows(event):
                    self.type(event.text)
                return True
        return False

    def text_follows(self, key: Key) -> bool:
        """Will ``key``'s letter come again as a ``Text``? Only where the window sends text apart and
        text input was on as it was pressed: off (a computer's row, the screen's first frame), SDL
        sends no TEXTINPUT, and the key's own letter is the only one."""
        return key.apart and self.app.text_input.on is not False

    def typed_on_computer(self, i: int, event) -> bool:
        """A letter typed on a computer's row makes the seat a person whose name begins with it:
        someone who goes down to the second seat and types its player's name means that person
        (the list took w/a/s/d and Space as arrows, and "Sam" typed there moved up to seat 1 and
        renamed it "am", an outside tester, round 36). Space, a digit or a sign first, and a letter the
        font cannot draw, change nothing; no key moves the list or a level."""
        if isinstance(event, Key) and event.key == pygame.K_SPACE:
            return True   # Space on a computer: nothing (the list's Space changed the level)
        if isinstance(event, Key) and event.key not in MOVE_KEYS and event.text and event.text.isprintable():
            if self.text_follows(event):
                return True   # its Text comes next, and does it
            text = event.text
        elif isinstance(event, Text):
            text = event.text
        else:
            return False
        if not text.strip():
            return True
        if not any(ch != " " for ch in self.drawable(text)):
            self.message = "seats.cannot_draw"
            return True
        if not text.lstrip()[0].isalpha():
            return True   # a digit or a sign: nothing (someone used to the table's 1-3 keys got a person "1")
        self.rows[i].index = self.rows[i].values.index(PERSON)
        self.fresh.add(i)   # the letter starts the name
        self.type(text)
        return True

    def handle_typing(self, event) -> None:
        """The typing screen: the keys, a real keyboard, and "Listo", Enter or Escape to go back."""
        if self.edit_bar.handle(event) == "typed" or self.selected_person() is None or (
                isinstance(event, Key) and event.key == pygame.K_ESCAPE):
            self.editing = False
            return
        if self.typed_key(event):
            return
        at = key_at(event)
        if at is not None:
            for rect, ch in self.keys:
                if rect.collidepoint(at):
                    self.press_key(ch)
                    return

    def draft(self) -> dict:
        """The seats as they stand, names as typed (``seats_draft`` in the settings)."""
        seats = [{"person": self.seats[i].name} if row.value == PERSON else {"cpu": row.value}
                 for i, row in enumerate(self.rows)]
        return {"seats": seats, "typed": sorted(set(range(4)) - self.fresh)}

    def keep(self) -> None:
        """Every change written at once, as a move is (a phone's browser reloads a tab left in the
        background): opened again, the screen is as it was left, a name half typed included."""
        draft = self.draft()
        if draft != self.kept:
            self.kept = draft
            self.app.settings["seats_draft"] = draft
            self.app.store.save_settings(self.app.settings)

    def leave(self) -> None:
        """Leaving by "Listo" or "Volver": the seats chosen (or those before) are what stands."""
        self.app.settings.pop("seats_draft", None)
        self.app.store.save_settings(self.app.settings)

    def handle_event(self, event) -> Optional[Go]:
        go = self.handle(event)
        if go is None:
            self.keep()
        else:
            self.leave()
        return go

    def handle(self, event) -> Optional[Go]:
        if self.editing:
            self.handle_typing(event)
            return None
        if self.selected_person() is not None and self.type_bar.handle(event) == "type":
            self.editing = True
            return None
        action = self.bar.handle(event)
        if action == "back":
            return Go("options")
        if action == "done":
            return self.done()
        if self.typed_key(event):
            return None
        at = key_at(event)   # a key or a name tapped (a swipe over them types nothing)
        if at is not None:
            for rect, ch in self.keys if self.selected_person() is not None else ():
                if rect.collidepoint(at):
                    self.press_key(ch)
                    return None
            for rect, name in self.chips():
                i = self.selected_person()
                if rect.collidepoint(at) and i is not None:
                    self.seats[i] = Seat(True, name)
                    self.fresh.add(i)
                    self.message = ""
                    return None
        before = [row.value for row in self.rows]
        tapped = self.list.tapped(event)
        if self.list.handle(event):
            self.became_computers(before)
            self.message = ""
            self.app.sounds.play("click")
        elif tapped is not None and self.compact and self.selected_person() is not None:
            self.editing = True   # a person's seat tapped where the letters have a screen of their own: to it
        return None

    def update(self, dt: float) -> Optional[Go]:
        self.watch_keyboard()
        return None

    def watch_keyboard(self) -> None:
        """The phone's own keyboard, told by the page's height while a name is typed by finger. Up (the
        page as wide, shorter by a keyboard's height than since the typing screen opened, or since the
        phone turned), it types, and the typing screen draws no keys of its own (``phone_keys``);
        closed by its own button (taller again by as much), typing ends as "Listo" does, the name kept
        (until round 39 the typing screen stood, "Listo" the one way out). Not the address bar sliding;
        the phone turned keeps what was known."""
        if not (self.editing and self.app.by_finger):
            self.lowest = self.tallest = None
            self.show_phone_keys(False)
            return
        width, height = self.app.window_size
        if self.tallest is None or self.tallest[0] != width or height > self.tallest[1]:
            self.tallest = (width, height)
        elif self.tallest[1] - height > self.tallest[1] * KEYBOARD_SHARE:
            self.show_phone_keys(True)
        if self.lowest is None or self.lowest[0] != width or height < self.lowest[1]:
            self.lowest = (width, height)
        elif height - self.lowest[1] > height * KEYBOARD_SHARE:
            self.editing, self.lowest, self.tallest = False, None, None
            self.show_phone_keys(False)

    def show_phone_keys(self, up: bool) -> None:
        if up != self.phone_keys:
            self.phone_keys = up
            self.place_typing()

    def done(self) -> Optional[Go]:
        seats = self.chosen()
        if not any(s.person for s in seats):
            self.message = "seats.no_person"
            return None
        twice = same_name(seats, lambda i: self.app.t("people.player", n=i + 1))
        if twice is not None:   # whose turn? (names alike only as far as they fit: not the person's doing;
            # the same name typed twice on purpose, "Ana María Soto" at its 14 letters, is the same name)
            self.message = "seats.same_cut" if self.overflowed & set(twice) else "seats.same_name"
            return None
        self.app.settings["last_seats"] = seats_to_json(seats)
        return Go("options")

    # --- drawing --------------------------------------------------------------------------------
    def draw_keys(self, surface: pygame.Surface) -> None:
        app = self.app
        for rect, ch in self.keys:
            pygame.draw.rect(surface, (240, 230, 205), rect, border_radius=8)
            label = {" ": app.t("names.space"), "\b": app.t("names.erase"), ACCENT: app.t("names.accent")}.get(ch, ch)
            app.typo.blit(surface, label, rect.center, app.typo.fit(label, 26, rect.width - 6), look.INK, anchor="center")

    def draw_typing(self, surface: pygame.Surface) -> None:
        """The typing screen: whose name and the name in a box (a bar where the next letter goes), the keys."""
        app = self.app
        i = self.selected_person()
        surface.blit(look.felt(app.layout.size), (0, 0))
        box = self.field
        pygame.draw.rect(surface, (250, 244, 228), box, border_radius=10)
        pygame.draw.rect(surface, look.GOLD, box, 3, border_radius=10)
        app.typo.mark("panel", box)
        seat = app.t(f"seats.seat{i + 1}") + ":"
        at = app.typo.blit(surface, seat, (box.x + 16, box.centery), 30, (110, 100, 80), anchor="midleft")
        # how many letters of the most a name takes: lit when one more was refused (the note under the
        # keys where there is room for it)
        full = self.message == "seats.name_full"
        count = app.t("names.count", n=len(self.seats[i].name), max=NAME_MAX)
        counted = app.typo.blit(surface, count, (box.right - 14, box.centery), 24,
                                (142, 22, 28) if full else (110, 100, 80), bold=full, anchor="midright")
        # too wide (14 W's, large text): its end, where the letters just typed are, and the bar after it
        name = app.typo.ellipsize(self.seats[i].name, 30, counted.x - at.right - 30, front=True)
        at = app.typo.blit(surface, name, (at.right + 12, box.centery), 30, look.INK, anchor="midleft")
        x = at.right + 3 if name else at.x
        pygame.draw.line(surface, look.INK, (x, box.y + 10), (x, box.bottom - 10), 3)
        self.draw_keys(surface)
        self.edit_bar.draw(surface, app)
        self.draw_typing_note(surface)

    def draw_typing_note(self, surface: pygame.Surface) -> None:
        """The seats screen's note (a letter the font cannot draw, a name full) right above the name's
        box, in the lines the room over it holds: an emoji from the phone's keyboard was refused with no
        word, the tap did nothing (an outside tester, round 37); where not even a line fits, nothing
        (a full name's count is lit in the box anyway). A file dropped on the window is said there first,
        for a while (``Aside``: whole where it is not cut short, else short)."""
        app = self.app
        room = self.field.top - 16
        notes = [self.aside_said(), self.aside_said(short=True)] if self.aside_said() else \
            [app.t(self.message, n=NAME_MAX)] if self.message else []
        for note in notes:   # (the whole where it is not cut short: "… este ar…" said less than the short)
            size, lines = app.typo.fit_lines(note, 22, app.layout.w - 20, height=room)
            height = len(lines) * app.typo.line(size)
            if height <= room and (note is notes[-1] or not cut_short(lines, note)):
                app.typo.blit_fit(surface, note, (app.layout.cx, self.field.top - 8 - height), 22, app.layout.w - 20,
                                  look.HILITE, anchor="midtop", max_lines=len(lines))
                return

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        geo = app.layout.menu
        if self.editing:
            self.draw_typing(surface)
            return
        screen(surface, app, "seats.title", geo.screen_title_y)
        self.list.draw(surface, app)
        typing = self.selected_person() is not None
        for rect, name in self.chips() if typing else ():
            pygame.draw.rect(surface, look.BUTTON, rect, border_radius=rect.height // 2)
            app.typo.blit(surface, app.typo.ellipsize(name, 24, rect.width - 12), rect.center, 24, look.INK, anchor="center")
        if typing:
            self.draw_keys(surface)
            self.type_bar.draw(surface, app)
        note = app.t(self.message, n=NAME_MAX) if self.message else app.t("seats.pairs") if self.count == 4 else ""
        below_keys = [rect for rect, _ in self.keys] + [b.rect for b in self.type_bar.buttons]
        y = max(rect.bottom for rect in below_keys) + 6
        size, lines = app.typo.fit_lines(note, 22, app.layout.w - 20, max_lines=3)   # 3: large text on a narrow phone
        below = y + len(lines) * app.typo.line(size) <= geo.pair_left.y - 2
        if not typing:  # a computer's row: what its level does, where the letters would be
            top = self.chips_top() + (self.chip_h() + 6 if note and not below else 0)
            self.draw_about(surface, top, y - 4 if note and below else geo.pair_left.y - 10)
        if note:  # under the letters if there is room, else beside the names to choose
            color = look.HILITE if self.message else look.MUTED
            if below:
                app.typo.blit_fit(surface, note, (app.layout.cx, y), 22, app.layout.w - 20, color, anchor="midtop",
                                  max_lines=len(lines))
            else:
                chips = self.chips() if typing else []
                left = (chips[-1][0].right + 20) if chips else self.list.left
                room = self.right() - left
                at = ((left + self.right()) // 2, self.chips_top() + self.chip_h() // 2)
                app.typo.blit_fit(surface, note, at, 22, room, color, anchor="center")
        self.bar.draw(surface, app)
        self.draw_aside(surface)   # a file dropped here: not taken while the seats are set, said

    def draw_about(self, surface: pygame.Surface, top: int, bottom: int) -> None:
        """What the selected computer's level does, in the lines that fit between ``top`` and ``bottom``."""
        app = self.app
        i = self.selected_row()
        about = players.level_description(self.rows[i].value, app.words.lang) if i is not None else ""
        line = app.typo.line(24)
        for n, text in enumerate(app.typo.wrap(about, 24, self.right() - self.list.left)):
            if top + (n + 1) * line > bottom:
                break
            app.typo.blit(surface, text, (app.layout.cx, top + n * line), 24, look.GOLD, anchor="midtop")
