"""Fonts and rendered text, cached, at sizes the screen can read, with even letter spacing.

Why: rendering text every frame is the usual reason a pygame scene is slow. ``Typography.render``
keeps every surface it made keyed by (text, size, colour, bold), so drawing a label is one blit.
Fonts are ``pygame.font.Font(None, size)``: the font bundled with pygame-ce, the only one the
browser build is sure to have. Scenes pass strings they got from the catalogue (``i18n``), never
literals; a test checks that.

Sizes: scenes pass *design* sizes (drawn for the 1280x720 desktop). ``configure`` (called by the
app with every layout) maps them to the screen: ``px(size) = max(size * k, floor) * large``, where
``floor`` is the smallest font whose letters stand 12 CSS pixels tall on this screen and
``large`` is 1.25 with the large-text setting. Space lines with ``line(size)``, never with the
number passed.

Letter spacing: FreeType hints every glyph and rounds each advance to a whole pixel on its own.
At body sizes (13-20 px tall) that rounding is up to half a pixel per letter, and with this font
it falls unevenly: "d", "l" and "ñ" gain almost a pixel, so "de" read "d e" and "española"
"espa ñol a". Text is therefore rendered ``SUPER`` times larger (where a rounding error is a
fraction of a final pixel) and smoothly scaled down, once per string (cached).
"""

from __future__ import annotations

import contextlib
import math
import os.path
import unicodedata
from typing import Callable, Iterator, NamedTuple

import pygame

from game.ui.surfcache import SurfaceCache

Color = tuple[int, int, int]

#: Glyphs are rendered at least this many pixels tall before scaling down (even spacing).
SUPER_PX = 96
MAX_SUPER = 4
#: Bytes of texts drawn and kept (a long evening asks for thousands: "Mazo: 23", "+14", names).
TEXT_BUDGET = 16 * 1024 * 1024


def supersample(px: int) -> int:
    """How many times larger a font of ``px`` is rendered before it is scaled down."""
    return max(1, min(MAX_SUPER, math.ceil(SUPER_PX / max(1, px))))


ELLIPSIS = "\u2026"  # "…", after a name cut short (a sign, not words: no catalogue entry)


#: A private-use letter no font holds: pygame-ce draws it, as every letter its font lacks, as a box.
SEPARATOR = "\u00b7"  # "·" between the parts of a line: at a break, dropped (it never begins a line)
NO_GLYPH = "\U000F0000"


#: Marks of two parts side by side ("ü", "ő") that the font's made-up bold runs together into a
#: bar: "Raül" read "Raūl" on every bold name. Bold text draws these letters' marks as the regular
#: weight has them (:meth:`Typography.font` is already a bold face: the regular mark matches it).
TWO_PART_MARKS = ("\u0308", "\u030b")
DOTLESS = {"i": "\u0131"}  # "ï": the base letter's own dot would stand under the mark


def bold_base(ch: str) -> str | None:
    """The letter drawn in bold under ``ch``'s mark when bold would run its two parts together
    ("ü": "u", "ï": "ı"), else None."""
    if ch.isascii():
        return None
    parts = unicodedata.normalize("NFD", ch)
    if len(parts) != 2 or parts[1] not in TWO_PART_MARKS:
        return None
    return DOTLESS.get(parts[0], parts[0])


def baseline(font: pygame.font.Font, text: str) -> int:
    """The row of ``font.render(text)``'s baseline: the font's ascent, lower where a letter stands
    taller ("Ü": pygame draws such a line taller, its letters lower)."""
    return max(font.get_ascent(), max((m[3] for m in font.metrics(text) if m), default=0))


class MarkShape(NamedTuple):
    """Where the regular ``ch``'s mark is, in its own picture (``font.render(ch)``): the row under
    its last, above its base letter's body (``mark_end``), and ``dx``: how far right of the bold
    base letter's place in a line the regular letter's picture goes for the mark to stand centred
    over the bold body as over the regular one."""

    mark_end: int
    dx: float


def mark_shape(regular: pygame.font.Font, bold: pygame.font.Font, ch: str, base: str) -> MarkShape:
    """:class:`MarkShape` of ``ch`` over ``base`` (:func:`bold_base`), measured on the letters drawn
    alone in ``regular`` and ``bold`` (the same size): the regular letter and its base compared at
    the same baseline, the body being the base's rows."""
    white = (255, 255, 255)
    letter = regular.render(ch, True, white)
    body = regular.render(base, True, white).get_bounding_rect()
    top = body.top + baseline(regular, ch) - baseline(regular, base)   # the body's top in ``letter``
    mark = letter.subsurface((0, 0, letter.get_width(), top)).get_bounding_rect()
    under = letter.subsurface((0, top, letter.get_width(), letter.get_height() - top)).get_bounding_rect()
    thick = bold.render(base, True, white).get_bounding_rect()
    return MarkShape(mark.bottom, (thick.left + thick.right - under.left - under.right) / 2)


def cut_short(lines: list[str], text: str) -> bool:
    """Are ``lines`` (of ``text``) cut short with "…" (not a text that ends with one)?"""
    return not text.endswith(ELLIPSIS) and any(part.endswith(ELLIPSIS) for part in lines)


def could_read(plate: str, name: str) -> bool:
    """Could ``plate`` (a name cut short with "…", or whole) be read as ``name``: all it shows of
    its start and end are ``name``'s, and "…" hides at least one letter?"""
    head, cut, tail = plate.rpartition(ELLIPSIS)
    if not cut:
        return plate == name
    return name.startswith(head) and name.endswith(tail) and len(head) + len(tail) < len(name)


def tell_apart(names: list[str], shown: list[str], fits: Callable[[int, str], bool]) -> list[str]:
    """``shown``: each of ``names`` as its room draws it (whole, or cut short with "…"). Where one
    could be read as another's name, it is cut in the middle instead, its end kept from the word
    where it differs from the others: "Mohammed Wahid" and "Mohammed Walid" both read "Mohammed
    Wa…" on a phone's table, and with three players, each playing for their own points, no one could
    tell who sat where. Rooms differ too (four players on a phone held sideways): "Mohamm…" and
    "Mohammed…" are different strings and still say nothing of which Mohammed is which.
    ``fits(i, text)``: does ``text`` fit the room of ``names[i]``."""
    out = list(shown)
    for i, name in enumerate(names):
        if shown[i] == name:
            continue   # whole: it reads as no one else
        alike = [other for other in names if other != name and could_read(shown[i], other)]
        if not alike:
            continue
        at = min(len(name) - 1, max(len(os.path.commonprefix([name, other])) for other in alike))
        word = name.rfind(" ", 0, at) + 1   # where the word that differs begins
        for start in dict.fromkeys(s for s in (word, at) if s > 0):
            kept = next((cut for a in range(start - 1, 0, -1)
                         if fits(i, cut := name[:a].rstrip() + ELLIPSIS + name[start:].lstrip())), None)
            if kept is not None:
                out[i] = kept
                break
        if any(could_read(out[i], other) for other in alike):   # the word that differs did not fit:
            out[i] = _apart_by_letters(name, [o for o in names if o != name], lambda text: fits(i, text)) or out[i]
    return out


def _apart_by_letters(name: str, others: list[str], fits: Callable[[str], bool]) -> str | None:
    """``name`` cut in the middle keeping the shortest end that none of ``others`` could be read by,
    with as much of its start as fits ("Mohammed" beside "Mohammed Wahid" in 6 letters: "Moh…ed",
    where "Moha…d" could be either); None if no cut that fits reads as ``name`` alone."""
    for start in range(len(name) - 1, 0, -1):
        for a in range(start - 1, 0, -1):
            cut = name[:a].rstrip() + ELLIPSIS + name[start:].lstrip()
            if fits(cut):
                if not any(could_read(cut, other) for other in others):
                    return cut
                break   # (a shorter head with this end is read by as many names)
    return None


def font_px(size: int, floor: int, large: float, k: float = 1.0) -> int:
    """The real font size for the design ``size``: times ``k``, never under ``floor``, times ``large``
    (the layout measures the table's names with it before a :class:`Typography` is configured)."""
    return max(1, round(max(size * k, floor) * large))


class Typography:
    def __init__(self) -> None:
        self.fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.cache = SurfaceCache(TEXT_BUDGET)   # (text, px, colour, bold) -> picture
        self.sizes: dict[tuple[str, int, bool], tuple[int, int]] = {}  # measured texts: fitting asks often
        self.glyphs: dict[str, bool] = {}  # letters looked up by :meth:`drawable`
        self.k, self.floor, self.large = 1.0, 1, 1.0
        # What a frame asks again and again and changes only with the sizes (``configure``), by the
        # large-text factor too (``unscaled``): the real font sizes, and the sizes texts fit at. A play
        # frame asked about a hundred of each (about 1 ms of a phone's frame) for the same few texts.
        self._px: dict[tuple[int, float], int] = {}
        self._fits: dict[tuple, int] = {}
        # the layout audit: (rect, px) of every text blit and, in drawing order with them, (kind, rect)
        # of the pictures that texts and each other must not hide (:meth:`mark`)
        self.record: list[tuple] | None = None
        self.shortened: list[str] | None = None  # the audit, when it records: texts drawn ending in "…"

    def configure(self, k: float = 1.0, floor: int = 1, large: float = 1.0) -> None:
        """Design sizes times ``k``, never under ``floor`` px, times ``large`` (the setting)."""
        self.k, self.floor, self.large = k, floor, large
        self._px.clear()
        self._fits.clear()

    @contextlib.contextmanager
    def unscaled(self, when: bool = True) -> Iterator[None]:
        """Inside the block, sizes without the large-text factor: for a word that large text would
        cut short ("Camb…" on a finger-wide button), drawn as the normal setting draws it (never
        under the floor of 12 CSS px the audit asks of every text). With ``when`` false the block
        changes nothing (``with typo.unscaled(plain):``)."""
        large, self.large = self.large, (1.0 if when else self.large)
        try:
            yield
        finally:
            self.large = large

    def px(self, size: int) -> int:
        """The real font size for the design ``size`` on this screen."""
        key = (size, self.large)
        got = self._px.get(key)
        if got is None:
            got = self._px[key] = font_px(size, self.floor, self.large, self.k)
        return got

    def font(self, px: int, bold: bool = False) -> pygame.font.Font:
        """The font of ``px`` real pixels (``px(size)`` of a design size)."""
        key = (px, bold)
        font = self.fonts.get(key)
        if font is None:
            font = pygame.font.Font(None, px)
            font.bold = bold
            self.fonts[key] = font
        return font

    def line(self, size: int) -> int:
        """Distance between two lines of the design ``size`` (logical px)."""
        return self.font(self.px(size)).get_linesize()

    def height(self, size: int) -> int:
        """How tall the letters of the design ``size`` stand (ascent + descent, logical px)."""
        return self.font(self.px(size)).get_height()

    def size(self, text: str, size: int, bold: bool = False) -> tuple[int, int]:
        """The rendered size of ``text`` (what ``render`` returns)."""
        px = self.px(size)
        key = (text, px, bold)
        got = self.sizes.get(key)
        if got is None:
            k = supersample(px)
            w, h = self.font(px * k, bold).size(self.bold_plain(text) if bold else text)
            got = (max(1, round(w / k)), max(1, round(h / k))) if k > 1 else (w, h)
            if len(self.sizes) > 6000:
                self.sizes.clear()
            self.sizes[key] = got
        return got

    def drawable(self, ch: str) -> bool:
        """Does the font hold the letter ``ch``? (Chinese, Hebrew, emoji: not the bundled one.)
        pygame-ce draws a box for a letter its font lacks and its metrics do not tell, so the letter
        drawn is compared with the box."""
        got = self.glyphs.get(ch)
        if got is None:
            font = self.font(24)

            def drawn(letter: str) -> tuple:
                try:
                    surf = font.render(letter, True, (255, 255, 255))
                except pygame.error:   # zero width
                    return ()
                return font.metrics(letter)[0], surf.get_size(), pygame.image.tobytes(surf, "RGBA")

            got = drawn(ch) not in ((), drawn(NO_GLYPH))
            if len(self.glyphs) > 2000:
                self.glyphs.clear()
            self.glyphs[ch] = got
        return got

    def render(self, text: str, size: int, color: Color = (245, 240, 225), bold: bool = False) -> pygame.Surface:
        px = self.px(size)
        key = (text, px, color, bold)
        surf = self.cache.get(key)
        if surf is None and bold and self.bold_plain(text) != text:
            surf = self.cache[key] = self.render_bold(text, size, color)
        if surf is None:
            k = supersample(px)
            font = self.font(px * k, bold)
            try:
                surf = font.render(text, True, color)
            except pygame.error:   # text of zero-width characters only ("\u200b"): "Text has zero width"
                surf = pygame.Surface((0, font.get_height()), pygame.SRCALPHA)
            if surf.get_width() == 0:  # "": pygame-ce's smoothscale crashes (segfault) on a surface 0 px wide
                surf = pygame.Surface((1, max(1, round(surf.get_height() / k))), pygame.SRCALPHA)
            elif k > 1:
                w, h = surf.get_size()
                surf = pygame.transform.smoothscale(surf, (max(1, round(w / k)), max(1, round(h / k))))
            self.cache[key] = surf
        return surf

    @staticmethod
    def bold_plain(text: str) -> str:
        """``text`` with the letters whose mark bold would merge (:func:`bold_base`) as their base."""
        return "".join(bold_base(ch) or ch for ch in text)

    def render_bold(self, text: str, size: int, color: Color) -> pygame.Surface:
        """``text`` in bold, each "ü"-like letter drawn as its bold base letter with the regular
        weight's mark over it, as high above the baseline and as centred over the letter's body as
        the regular letter has it, the picture taller where the marks need rows above its top (as
        pygame draws a line with "Ü" taller). No lift: pygame's bold (SDL_ttf's) thickens a letter
        sideways only, so bold and regular letters stand as tall. (Placed at whole pixels of the
        picture drawn, not of the larger one scaled down: a mark between two pixels blurs into a bar
        again.)"""
        plain = self.bold_plain(text)
        flat = self.render(plain, size, color, True)
        px = self.px(size)
        k = supersample(px)
        regular, bold = self.font(px * k), self.font(px * k, True)
        marks = []   # (the mark, where it goes in the picture before rows are added at its top)
        for i, ch in enumerate(text):
            base = plain[i]
            if base == ch:
                continue
            shape = mark_shape(regular, bold, ch, base)
            letter = self.render(ch, size, color)
            # (whole rows of the picture drawn: at the smallest sizes a dot's last row is the
            # body's first, which the bold body covers)
            rows = min(letter.get_height(), math.ceil(shape.mark_end / k))
            mark = letter.subsurface((0, 0, letter.get_width(), rows))
            at = bold.size(plain[:i])[0] if i else 0
            x = round((at + shape.dx) / k)
            y = round((baseline(bold, plain) - baseline(regular, ch)) / k)
            marks.append((mark, x, y))
        # the rows the marks need above the picture's top: as many as pygame adds to a line with "Ü",
        # taken from the room under the letters first, as pygame does (a plate grown taller would
        # lie over the line under it)
        add = max([round((baseline(bold, text) - baseline(bold, plain)) / k)]
                  + [-(y + mark.get_bounding_rect().top) for mark, _, y in marks])
        tall = max(round(bold.size(text)[1] / k), flat.get_bounding_rect().bottom + add)
        surf = pygame.Surface((flat.get_width(), max(flat.get_height(), tall)), pygame.SRCALPHA)
        surf.blit(flat, (0, add))
        for mark, x, y in marks:
            surf.blit(mark, (x, y + add))
        return surf

    def blit(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int,
             color: Color = (245, 240, 225), bold: bool = False, anchor: str = "topleft",
             shadow: bool = False, width: int | None = None) -> pygame.Rect:
        """Draw ``text`` with ``anchor`` ("center", "midtop", ...) at ``pos``; return its rect.
        ``width``: a fixed room (a name's): smaller if it is wider (:meth:`fit`), and if even the
        smallest size is too wide, cut short with "…" (:meth:`ellipsize`)."""
        if width is not None:
            size = self.fit(text, size, width, bold)
            text = self.ellipsize(text, size, width, bold)
        surf = self.render(text, size, color, bold)
        rect = surf.get_rect(**{anchor: pos})
        if shadow:
            surface.blit(self.render(text, size, (0, 0, 0), bold), rect.move(2, 2))
        surface.blit(surf, rect)
        if self.record is not None and text.strip():
            clip = surface.get_clip()  # a scrolled list draws in its band: what the band lets show
            seen = rect if clip == surface.get_rect() else rect.clip(clip)  # (off the screen stays off: the audit)
            if seen.width and seen.height:
                self.record.append((seen, self.px(size)))
                if text.endswith(ELLIPSIS) and self.shortened is not None:
                    self.shortened.append(text)   # a text cut short, or one that ends with "…" anyway
        return rect

    def mark(self, kind: str, rect: pygame.Rect) -> None:
        """For the layout audit (game/ui/desktop/audit.py), when it records: a picture drawn now.
        ``kind``: "card:GROUP" (cards of one group may overlap each other: "hand:SEAT",
        "pile:SEAT", "table", "stock"), "avatar", "panel", "badge" (a text's own backing on a
        picture), "cover" (an overlay: what was drawn under it no longer shows), "note" and "solid"
        (a hint's reason, see-through or not: it too hides what is under it, but may not lie over a
        face, a name, a hand's or the baza's card or a button) or "spot" (what a tip of the guided
        hand points at: nothing drawn after may lie over it)."""
        if self.record is not None:
            self.record.append((kind, pygame.Rect(rect)))

    def fit_lines(self, text: str, size: int, width: int, max_lines: int = 2,
                  height: int | None = None, bold: bool = False) -> tuple[int, list[str]]:
        """``text`` at the largest size up to ``size`` that fits ``width`` on one line; if even the
        smallest is too wide (a narrow phone, large text), wrapped at that size into at most
        ``max_lines`` lines, and no more than ``height`` holds (at least one); what still does not fit
        (a word wider than ``width``, more lines than that) is cut short with "…" on the last line,
        never left out unseen. Returns (size, lines)."""
        size = self.fit(text, size, width, bold)
        if self.size(text, size, bold)[0] <= width:
            return size, [text]
        if height is not None:
            max_lines = max(1, height // self.line(size))
        lines = self.wrap(text, size, width, bold)
        if len(lines) > max_lines:
            lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
        return size, [self.ellipsize(part, size, width, bold) for part in lines]

    def fit_whole(self, text: str, size: int, width: int, max_lines: int = 2,
                  height: int | None = None) -> tuple[int, list[str], bool]:
        """:meth:`fit_lines`, and where large text would cut a word short that the normal size
        keeps whole, that instead: (size, lines, plain), to be drawn inside :meth:`unscaled` when
        ``plain``."""
        size_, lines = self.fit_lines(text, size, width, max_lines, height)
        if self.large > 1.0 and cut_short(lines, text):
            with self.unscaled():
                plain = self.fit_lines(text, size, width, max_lines, height)
            if not cut_short(plain[1], text):
                return plain[0], plain[1], True
        return size_, lines, False

    def fit_name(self, text: str, size: int, width: int, bold: bool = True) -> tuple[int, bool]:
        """A name on one line: the largest size up to ``size`` that fits ``width``; where large text
        would still cut it and the normal size keeps it whole, that (size, plain), to be drawn
        inside :meth:`unscaled` when ``plain`` ("Maximiliano" under a face on a small phone)."""
        fitted = self.fit(text, size, width, bold)
        if self.large > 1.0 and self.size(text, fitted, bold)[0] > width:
            with self.unscaled():
                plain = self.fit(text, size, width, bold)
                if self.size(text, plain, bold)[0] <= width:
                    return plain, True
        return fitted, False

    def name_whole(self, text: str, size: int, width: int, bold: bool = True) -> bool:
        """Does :meth:`fit_name` keep ``text`` whole in ``width`` (at the normal size if it must)?"""
        fitted, plain = self.fit_name(text, size, width, bold)
        return plain or self.size(text, fitted, bold)[0] <= width

    def lines_height(self, fitted: tuple[int, list[str], bool]) -> int:
        """How tall the lines of :meth:`fit_whole` (``fitted``: size, lines, plain) stand."""
        size, lines, plain = fitted
        with self.unscaled(plain):
            return self.line(size) * len(lines)

    def blit_lines(self, surface: pygame.Surface, fitted: tuple[int, list[str], bool], pos: tuple[int, int],
                   color: Color, anchor: str = "topleft") -> None:
        """The lines of :meth:`fit_whole` (``fitted``), one under another from ``pos``, each placed by
        ``anchor`` there ("midtop": centred); at the normal size where ``fitted`` says so."""
        size, lines, plain = fitted
        with self.unscaled(plain):
            line = self.line(size)
            for i, part in enumerate(lines):
                self.blit(surface, part, (pos[0], pos[1] + i * line), size, color, anchor=anchor)

    def blit_fit(self, surface: pygame.Surface, text: str, pos: tuple[int, int], size: int, width: int,
                 color: Color = (245, 240, 225), anchor: str = "center", max_lines: int = 2) -> pygame.Rect:
        """Draw ``text`` within ``width`` (:meth:`fit_lines`), the block of lines placed by ``anchor``
        ("center", "midtop" or "midbottom") at ``pos``, each line centred; return the block's rect."""
        size, lines = self.fit_lines(text, size, width, max_lines)
        line = self.line(size)
        block = pygame.Rect(0, 0, width, line * len(lines))
        setattr(block, anchor, pos)
        for i, part in enumerate(lines):
            self.blit(surface, part, (block.centerx, block.y + i * line + line // 2), size, color, anchor="center")
        return block

    def ellipsize(self, text: str, size: int, width: int, bold: bool = False, front: bool = False) -> str:
        """``text`` as it is if it fits ``width`` at ``size``, else its longest beginning that fits
        with "…" after it (at least one letter): for names, which may be as wide as 14 W's. ``front``:
        "…" and the longest end instead (a name being typed: its end is the letters just typed)."""
        if self.size(text, size, bold)[0] <= width:
            return text

        def cut(n: int) -> str:
            return ELLIPSIS + text[-n:].lstrip() if front else text[:n].rstrip() + ELLIPSIS

        lo, hi = 1, len(text)
        while lo < hi:   # the longest part (at least one letter) that fits with the "…"
            mid = (lo + hi + 1) // 2
            if self.size(cut(mid), size, bold)[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return cut(lo)

    def fits_line(self, text: str, size: int, width: int, bold: bool = False) -> bool:
        """Does ``text`` fit ``width`` on one line at :meth:`fit`'s size (not under the floor)? Where
        it does not, a shorter form of the words is the answer, not a cut."""
        return self.size(text, self.fit(text, size, width, bold), bold)[0] <= width

    def fit(self, text: str, size: int, width: int, bold: bool = False) -> int:
        """The largest design size up to ``size`` at which ``text`` fits ``width`` (not under the floor)."""
        key = (text, size, width, bold, self.large)
        got = self._fits.get(key)
        if got is None:
            if len(self._fits) > 6000:
                self._fits.clear()
            got = self._fits[key] = self._fit(text, size, width, bold)
        return got

    def _fit(self, text: str, size: int, width: int, bold: bool) -> int:
        while size > 1 and self.size(text, size, bold)[0] > width and self.px(size - 1) < self.px(size):
            size -= 1
        return size

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines no wider than ``width`` pixels (paragraphs kept), at plain spaces
        only (a no-break space keeps a number with its word: "baza\u00a010"); a text of parts
        joined by " · " breaks between its parts where that takes no more lines ("Gana Ana: +20" /
        "puntos 39 – 36", not "Gana Ana: +20 · puntos" / "39 – 36", which read the points as the
        baza's; "… H pista" / "P puntos · Esc menú", not "… H pista · P" / "puntos …")."""
        lines = self._by_words(text, size, width, bold)
        if len(lines) > 1 and f" {SEPARATOR} " in text:
            parted = self._by_parts(text, size, width, bold)
            if parted is not None and len(parted) <= len(lines):
                return parted
        return lines

    def wrap_long(self, text: str, size: int, width: int) -> list[str]:
        """:meth:`wrap`, a word wider than ``width`` (a folder's full path, a long file name) broken
        where it reaches the edge, so that the whole of it is read, not cut short or off the screen
        (the backup screen's texts, and the questions that name a copy's file and folder)."""
        out = []
        for line in self.wrap(text, size, width):
            while self.size(line, size)[0] > width and len(line) > 1:
                n = self._edge(line, size, width)
                out.append(line[:n])
                line = line[n:]
            out.append(line)
        return out

    def _edge(self, line: str, size: int, width: int) -> int:
        """How many of the first letters of ``line`` (too wide whole) fit ``width``: the most, at least
        one, found by bisection (a longer start is never narrower). Letter by letter back from the end,
        a very long word took as many measures as letters for each of its lines."""
        lo, hi = 1, len(line) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.size(line[:mid], size)[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _by_words(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        """Each line filled with as many words as fit."""
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for word in para.split(" "):
                trial = word if not line else line + " " + word
                if self.size(trial, size, bold)[0] <= width or not line:
                    line = trial
                else:   # ("· 6 triunfos" began the count's second line: the break parts them instead)
                    lines.append(line.removesuffix(f" {SEPARATOR}"))   # (nor ends one: "+20 ·")
                    line = "" if word == SEPARATOR else word
            lines.append(line)
        return lines

    def _by_parts(self, text: str, size: int, width: int, bold: bool) -> list[str] | None:
        """Each line filled with as many whole " · " parts as fit; None if a part alone does not."""
        sep = f" {SEPARATOR} "
        lines: list[str] = []
        for para in text.split("\n"):
            line = ""
            for part in para.split(sep):
                if self.size(part, size, bold)[0] > width:
                    return None
                trial = part if not line else line + sep + part
                if line and self.size(trial, size, bold)[0] > width:
                    lines.append(line)
                    line = part
                else:
                    line = trial
            lines.append(line)
        return lines
