"""Turns raw pygame events into a few logical input events, exactly once per tap.

Why: mouse, touch and keyboard all end up as ``Pointer``/``Key`` events in logical coordinates,
so scenes never see window pixels. Text typed (a person's name) comes as ``Text`` from SDL's
TEXTINPUT, which carries what a dead key, an IME or a phone's keyboard composed; a KEYDOWN's own
character types only where the window sends no TEXTINPUT at all (pygbag may send keys alone). Touch: fingers are handled through FINGER* events (the primary
finger's, and a second finger's tap as below); the mouse events SDL synthesizes from them carry ``touch=True`` and are ignored, so a
tap acts once whether or not the platform sends both.

A second finger's whole tap (down and up within ``slop``, in ``TAP_TIME``) while the primary one
rests (never moved past ``slop``, down ``RESTING`` or more before it) is that tap: the scene gets a
``cancel`` for the resting press, then a press and a release where the second finger was. A thumb
resting on a card made the index's tap on another card do nothing, and lifted, played the card under
it; resting on the felt it made every tap do nothing. A primary that moved past ``slop`` is dragging
(a card on its way to the table, a list scrolled): the other finger is ignored, since a tap that took
the card out of the drag would throw away what the person is plainly doing. Two fingers down at
nearly the same time (a thumb brushing the glass inside the index's tap) are not a rest: the first
keeps its tap. A second finger that moves past ``slop`` while the primary rests is dragging, and
that drag is the person's, as its tap would be: it becomes the primary (a ``cancel`` for the resting
press, then its press where it went down, and its moves). Any other gesture of it (a press held past
``TAP_TIME``, a lift far off with no move between) ends the rest too, with a ``cancel`` alone: the
thumb lifted after it played the card under it, though the person was plainly doing something else
with the other finger, not choosing that card (a resting thumb's lift was never meant as a tap; a
tap of it is played only when no other finger acted meanwhile).

A FINGERUP can be lost (the page loses focus mid-touch, the browser cancels the touch). Touch
must never go dead because of it: the primary finger is forgotten when it goes down again,
when the window loses focus, when another finger's tap acts as above, and when another finger
makes a whole tap while the primary one stayed silent (a finger on the glass moves and reports;
one that only seems to be there is gone). A primary lost before it moved rests for ever, so another
finger's drag takes over as above: the card it held goes back and the drag plays the first time (it
was swallowed, and the card stayed raised, an outside tester). One lost mid-drag is not told from a
thumb holding its card still: the other finger's drag is ignored, and its whole gesture forgets it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui.viewport import Viewport

TAP_TIME = 0.5   # seconds: a second finger held longer is not tapping (Android's long press)
RESTING = 0.1   # seconds the primary finger was down before the other one: less, both were tapping


@dataclass(frozen=True)
class Pointer:
    """A press, release or motion of the mouse or the primary finger, in logical pixels."""

    kind: str  # "down" | "up" | "move" | "cancel" (the window lost the pointer: drop what it held)
    pos: tuple[int, int]
    button: int = 1
    touch: bool = False
    began: tuple[int, int] | None = None   # a finger's release within the tap slop: where it went down
    # (on a ``cancel``: a finger resting there whose press another finger's tap ended, or another finger's
    # tap lifted after the primary, ``key_at``)


def tap_at(event: object) -> tuple[int, int] | None:
    """Where ``event`` taps a target that acts at once (a row of options, a seat's arrow, a key of the
    name's letters, the muestra's cambio, the score panel), if it does: a mouse's press, where it is; a
    finger's release that never went further than the tap slop, where the finger went down. A finger
    acts on its lift, as on a button: a thumb's swipe to scroll the page that began on "Idioma" turned
    the game into English, one on "Jugadores" or "Cambio del siete" changed the match (an outside
    tester, round 39); a swipe now changes nothing. The mouse and the keys act as before."""
    if not isinstance(event, Pointer):
        return None
    if not event.touch:
        return event.pos if event.kind == "down" else None
    return event.began if event.kind == "up" else None


def key_at(event: object) -> tuple[int, int] | None:
    """Where ``event`` taps a key of the name's letters: as ``tap_at``, and also where a finger rests
    whose press another finger's tap ended (its lift does nothing then). Two thumbs typing fast, one
    still down as the other taps the next letter, lost the first letter once keys went to the lift."""
    if isinstance(event, Pointer) and event.kind == "cancel" and event.touch:
        return event.began
    return tap_at(event)


@dataclass(frozen=True)
class Key:
    key: int
    mod: int = 0
    text: str = ""  # the character the key types, if any (names are typed on the seats screen)
    apart: bool = False  # this window sends text apart (``Text``): ``text`` only says the key is a letter


@dataclass(frozen=True)
class Text:
    """Text typed (SDL's TEXTINPUT): one letter, or several at once (pasted, an IME's word)."""

    text: str


@dataclass(frozen=True)
class Wheel:
    """The mouse wheel turned: ``dy`` notches, positive away from the user (scroll up)."""

    dy: int


@dataclass(frozen=True)
class Dropped:
    """A file dropped on the window (desktop: SDL's DROPFILE): a copy of the player's data."""

    path: str


@dataclass(frozen=True)
class Quit:
    pass


@dataclass(frozen=True)
class Resize:
    size: tuple[int, int]


InputEvent = Pointer | Key | Text | Wheel | Dropped | Quit | Resize


class InputMapper:
    """Stateful mapper (it remembers which finger is the primary one, and the others' taps)."""

    def __init__(self, slop: int = 12) -> None:
        self.finger: int | None = None
        self.others: set[int] = set()  # other fingers down since the primary last reported
        self.lost: int | None = None  # a primary given up for lost: its late FINGERUP still ends it
        self.lost_start: tuple[int, int] | None = None  # where it went down, given up unmoved by another's brush
        self.texts = False  # this window has sent a TEXTINPUT: text comes through them, not keys
        self.clock = 0.0   # seconds as they passed (the app adds each frame's)
        self.slop = slop   # logical px a tap may wander (the app's: a quarter of a tap target)
        self.since = 0.0   # when the primary went down
        self.start = (0, 0)   # and where
        self.wander = 0   # how far (|dx| + |dy|) it has gone from there
        self.taps: dict[int, tuple] = {}   # other fingers down: (when, where, how far they wandered)

    def frame(self, raw_events: list) -> None:
        """A frame's events, before they are mapped: a TEXTINPUT among them (SDL sends it after the
        KEYDOWN it belongs to) means text comes apart from the keys, for this frame's keys too, so
        that a letter is never typed twice; a window that never sends one (a browser's) types by keys."""
        if any(raw.type == pygame.TEXTINPUT for raw in raw_events):
            self.texts = True

    def reset(self, tap: bool = False) -> None:
        """Forget every finger (their FINGERUP may never come); with ``tap``, the primary's lift where it
        went down is still a tap (``lost_start``)."""
        still = self.start if tap and self.finger is not None and self.wander <= self.slop else None
        if self.finger is not None:
            self.lost = self.finger
        self.finger = None
        self.lost_start = still
        self.others.clear()
        self.taps.clear()

    @staticmethod
    def _far(start: tuple[int, int], pos: tuple[int, int]) -> int:
        return abs(pos[0] - start[0]) + abs(pos[1] - start[1])

    def _other_up(self, fid: int, pos: tuple[int, int]) -> list[InputEvent] | None:
        """The events for another finger's FINGERUP if it went down while the primary rests (a
        ``cancel``; a tap's press and release besides), else None."""
        when, where, wander = self.taps.pop(fid, (None, (0, 0), 0))
        if when is None or self.finger is None or when - self.since < RESTING or self.wander > self.slop:
            return None
        self.finger, self.lost = None, None   # the resting finger's press is over: its lift does nothing
        self.others.clear()
        self.taps.clear()
        cancel = Pointer("cancel", (-1, -1), 0, True)
        if self.clock - when > TAP_TIME or max(wander, self._far(where, pos)) > self.slop:
            return [cancel]   # a swipe or a long press: no tap of its own
        rested = Pointer("cancel", (-1, -1), 0, True, self.start)   # (a key under the resting finger types)
        return [rested, Pointer("down", where, 1, True), Pointer("up", pos, 1, True, where)]

    def _rolled_up(self, fid: int, pos: tuple[int, int]) -> list[InputEvent] | None:
        """The events for another finger's FINGERUP after the primary lifted with no finger down since (two
        thumbs rolling over the letters: A down, B down, A up, B up): if it tapped, a ``cancel`` carrying
        where it went down, which only a key of the name's letters reads (``key_at``): B's letter was
        lost. Cards, rows and buttons ignore it, as before; else None."""
        when, where, wander = self.taps.get(fid, (None, (0, 0), 0))
        if when is None or self.finger is not None or fid == self.lost:
            return None
        del self.taps[fid]
        if self.clock - when > TAP_TIME or max(wander, self._far(where, pos)) > self.slop:
            return None
        return [Pointer("cancel", (-1, -1), 0, True, where)]

    def _take_over(self, fid: int, pos: tuple[int, int]) -> list[InputEvent] | None:
        """Another finger that moved past ``slop`` while the primary rests is dragging: it becomes the
        primary (a ``cancel`` for the resting press, then its press where it went down and this move),
        else None. A primary whose FINGERUP was lost rests for ever: the next drag was swallowed."""
        when, where, wander = self.taps[fid]
        if self.finger is None or wander <= self.slop or when - self.since < RESTING or self.wander > self.slop:
            return None
        self.finger, self.lost = fid, None   # the resting finger's press is over: its lift does nothing
        self.others.clear()
        self.taps.clear()
        self.since, self.start, self.wander = when, where, wander
        return [Pointer("cancel", (-1, -1), 0, True), Pointer("down", where, 1, True), Pointer("move", pos, 0, True)]

    def map(self, event: pygame.event.Event, viewport: Viewport) -> list[InputEvent]:
        t = event.type
        if t == pygame.QUIT:
            return [Quit()]
        if t == getattr(pygame, "DROPFILE", -1):
            path = getattr(event, "file", None)
            return [Dropped(path)] if isinstance(path, str) and path else []
        if t in (getattr(pygame, "WINDOWFOCUSLOST", -1), getattr(pygame, "WINDOWLEAVE", -1)):
            self.reset()   # no release will come (alt-tab, the pointer gone): a card held or a hover
            return [Pointer("cancel", (-1, -1), 0)]   # would stay on the pointer; the scenes let go
        if t in (pygame.VIDEORESIZE, getattr(pygame, "WINDOWSIZECHANGED", -1)):
            size = getattr(event, "size", None) or (getattr(event, "x", 0), getattr(event, "y", 0))
            return [Resize((int(size[0]), int(size[1])))]
        if t == getattr(pygame, "MOUSEWHEEL", -1):
            dy = int(getattr(event, "y", 0) or 0)
            if getattr(event, "flipped", False):
                dy = -dy
            return [Wheel(dy)] if dy else []
        if t == pygame.KEYDOWN:
            return [Key(event.key, getattr(event, "mod", 0), getattr(event, "unicode", "") or "", self.texts)]
        if t == pygame.TEXTINPUT:
            self.texts = True
            text = getattr(event, "text", "")
            return [Text(text)] if isinstance(text, str) and text else []
        if t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if getattr(event, "touch", False):
                return []  # the FINGER* event already stood for it
            pos = viewport.to_logical(event.pos)
            if t == pygame.MOUSEMOTION:
                return [Pointer("move", pos, 0)]
            button = getattr(event, "button", 1)
            if button not in (1, 3):
                return []  # wheel and middle button do nothing
            return [Pointer("down" if t == pygame.MOUSEBUTTONDOWN else "up", pos, button)]
        if t in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
            fid = getattr(event, "finger_id", 0)
            pos = viewport.normalized_to_logical(getattr(event, "x", 0.0), getattr(event, "y", 0.0))
            if t == pygame.FINGERDOWN:
                if self.finger is not None and fid != self.finger:
                    self.others.add(fid)
                    self.taps[fid] = (self.clock, pos, 0)
                    return []  # a second finger: a tap of its own only once it is up
                self.finger = fid  # (the same finger down again: its FINGERUP was lost)
                self.others.clear()
                self.taps.clear()
                self.lost = None
                self.since, self.start, self.wander = self.clock, pos, 0
                return [Pointer("down", pos, 1, True)]
            if fid != self.finger:
                if t == pygame.FINGERMOTION and fid in self.taps:
                    when, where, wander = self.taps[fid]
                    self.taps[fid] = (when, where, max(wander, self._far(where, pos)))
                    taken = self._take_over(fid, pos)
                    if taken is not None:
                        return taken
                tapped = (self._rolled_up(fid, pos) or self._other_up(fid, pos)) if t == pygame.FINGERUP else None
                if tapped is not None:
                    return tapped
                if t == pygame.FINGERUP and fid in self.others:
                    self.reset(tap=True)  # a whole tap while the primary stayed silent: it may be gone
                elif t == pygame.FINGERUP and fid == self.lost and self.finger is None:
                    self.lost = None  # it was not gone after all: end its press (a tap, where it went down,
                    start = self.lost_start   # if it lifts there: a brush of the glass took the row's change)
                    near = start is not None and self._far(start, pos) <= self.slop
                    return [Pointer("up", pos, 1, True, start if near else None)]
                return []
            self.others.clear()  # the primary is alive
            if t == pygame.FINGERUP:
                self.finger = None
                still = max(self.wander, self._far(self.start, pos)) <= self.slop
                return [Pointer("up", pos, 1, True, self.start if still else None)]
            self.wander = max(self.wander, self._far(self.start, pos))
            return [Pointer("move", pos, 0, True)]
        return []


class TextInput:
    """SDL's text input, on while a name is being typed and off otherwise: on, a phone's or the
    system's on-screen keyboard and an IME may open (by ``box``, the name's box in window pixels);
    off, no IME takes the keys that play the game. SDL starts it on a desktop by itself: the first
    ``want`` sets it either way. Harmless without a window (tests, the dummy video driver)."""

    def __init__(self) -> None:
        self.on: bool | None = None   # None: not set yet
        self.box: tuple | None = None

    def want(self, box: tuple | None) -> None:
        on = box is not None
        if on is self.on and box == self.box:
            return
        try:
            if not on:
                pygame.key.stop_text_input()
            else:
                if not self.on:
                    pygame.key.start_text_input()
                pygame.key.set_text_input_rect(box)
        except pygame.error:   # no video system (yet): the keys still type, as in a browser
            pass
        self.on, self.box = on, box
