"""Option lists: rows of choices, each a label and a value stepped with its arrows (the new game's
options, the settings, the seats).

Why apart from ``widgets``: a list that settles its columns, shrinks its rows, scrolls under a finger
and draws its rows is a widget of its own, as long as all the rest of ``widgets`` together (which
had reached 590 of its 600 lines); it draws its values and scroll bar with ``widgets``' helpers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from game.ui import look
from game.ui.inputmap import Key, Pointer, Wheel, tap_at
from game.ui.text import cut_short
from game.ui.widgets import draw_label, scrollbar, would_cut


def arrow(surface: pygame.Surface, center: tuple[int, int], direction: int, color=(140, 100, 40), k: float = 1.0) -> None:
    """A triangle pointing left (-1) or right (1), ``k`` times the small one."""
    x, y = center
    pygame.draw.polygon(surface, color, [(x + 7 * k * direction, y), (x - 6 * k * direction, y - 9 * k),
                                         (x - 6 * k * direction, y + 9 * k)])


@dataclass
class OptionRow:
    label: str  # catalogue key
    values: list
    index: int
    text: Callable[[Any], str]  # value -> shown text (from the catalogue)
    visible: Callable[[], bool] = lambda: True
    short: Callable[[Any], str] | None = None  # value -> a shorter text, shown where the whole would be cut

    @property
    def value(self) -> Any:
        return self.values[self.index]

    def change(self, step: int) -> None:
        self.index = (self.index + step) % len(self.values)


class OptionList:
    """Rows of choices: ↑↓ select, ←→ change (Space as →), click a row (or its arrows) to change it; with
    ``taps_select``, a click or tap beside the arrows only selects the row.

    The layout says where (``relayout(layout.menu)``): rows in one or two columns, and on narrow
    screens each row's label above its value box; the arrows' tap zones are ``arrow_width`` wide.
    Rows shrink to end above ``limit``, never under a tap target; when even then they do not fit
    (a small phone), the list scrolls between ``top`` and ``limit``: a finger or the mouse drags
    it, the wheel turns it, ↑↓ bring the selected row into view. A finger changes a value as it lifts
    without having moved (``inputmap.tap_at``: a swipe changes nothing, nor scrolls a list that fits);
    the mouse on its press where the list fits, on a release that did not move where it scrolls.
    """

    ROW_H = 52

    def __init__(self, rows: list[OptionRow], top: int, left: int = 220, width: int = 840,
                 narrow: bool = True, taps_select: bool = False) -> None:
        self.rows = rows
        # a tap beside a row's arrows only selects it (the seats: a tap to edit a name changed who sat there)
        self.taps_select = taps_select
        self.narrow = narrow  # one column where two would cut a label or a value (:meth:`settle`)
        self.top, self.left, self.width = top, left, width
        self.selected = 0
        self.columns, self.stacked, self.value_width, self.arrow_width, self.gap = 1, False, 290, 50, 20
        self.row_h, self.limit, self.min_row = self.ROW_H, None, 0  # rows shrink to end above ``limit``
        self.geo: Any = None
        self.scroll = 0  # logical px scrolled up (only when the rows do not fit above ``limit``)
        self.press: list | None = None  # [y, scroll, moved, row] of a press on a scrolling list
        self._settled: tuple | None = None  # what the columns were last chosen for (:meth:`settle`)
        self.force_stack = False  # upright: each label over its value even when that scrolls (settle)
        self.one_column = False   # one column even where two would fit (settle; :meth:`SettingsScene.hold`)
        self.slack, self.above = 0, 0   # px it may scroll past its last row (until scrolled up), px over its first
        self._app: Any = None

    def relayout(self, geo: Any, top: int | None = None, app: Any = None) -> None:
        """Take the places from the layout's ``MenuGeometry``."""
        self.top = geo.list_top if top is None else top
        self.left, self.width, self.ROW_H = geo.list_left, geo.list_width, geo.row_h
        self.row_h, self.limit, self.min_row = geo.row_h, geo.list_bottom, geo.list_min_row
        self.columns, self.stacked = geo.list_columns, geo.list_stacked
        self.value_width, self.arrow_width = geo.value_width, geo.arrow_width
        self.geo = geo
        self._settled, self.slack, self.above = None, 0, 0   # (a row kept under the finger: SettingsScene.hold)
        if app is not None:
            self._app = app
            self.settle(app)

    def settle(self, app: Any) -> None:
        """Where a row's words would be cut, more room for them: held sideways, two columns only
        where every shown label fits whole beside its value box and every value in it, on the lines
        its row holds, else one column as wide as both, its value boxes half of it ("Cambio del
        siete (swap th…" at 568x320, "How watchfu…" at 640x360, "After winning a t…" were cut);
        upright, a list too long to stack each label over its value puts them side by side, unless
        that cuts them ("ordenado…" at 320x568 with large text): then stacked, scrolling. Chosen
        again when the rows shown, the language or the text size change (``relayout`` with ``app``
        chooses at once, for a screen that places things under the list). One column beside its
        labels (desktop, tablet): the value boxes as wide as the labels allow (:meth:`_roomy_values`)."""
        geo = self.geo
        two = geo is not None and geo.list_columns >= 2
        if geo is None or not self.narrow:
            return
        rows = self.shown()
        labels = tuple(app.t(r.label) for r in rows)
        key = (labels, app.typo.px(30))   # not the values: a name being typed does not move the rows
        if key == self._settled:
            return
        self._settled = key
        if not (two or geo.list_stacked):   # one column, each label beside its value (desktop, tablet)
            self.value_width = self._roomy_values(app, labels, rows)
            return
        self.force_stack = False
        if two:
            self.columns, self.width, self.value_width = geo.list_columns, geo.list_width, geo.value_width
        self.pitch()
        if self.stacked:   # every label on a line of its own over its value box: nothing to settle
            self.scroll_to(self.scroll)
            return
        if (two and self.one_column) or self._cuts(app, labels, [[r.text(v) for v in r.values] for r in rows]):
            if two:
                self.columns = 1
                self.width = geo.list_width * geo.list_columns + self.gap * (geo.list_columns - 1)
                self.value_width = max(geo.value_width, (self.width - 40) // 2)
            else:
                self.force_stack = True
        self.scroll_to(self.scroll)

    def _roomy_values(self, app: Any, labels: tuple, rows: list[OptionRow]) -> int:
        """The value boxes as wide as their longest value needs, into the room the longest label
        leaves, never narrower than the layout's: with large text on a tablet (1080x810) "3 (cada uno
        por su lado)" went on two lines at the smallest size, 12.7 CSS px, beside half a row of felt."""
        typo = app.typo
        aw = min(self.arrow_width, self.geo.value_width // 4)
        need = max((typo.size(r.text(v), 27)[0] for r in rows for v in r.values), default=0) + 2 * aw + 16
        room = self.width - 10 - max((typo.size(label, 30)[0] for label in labels), default=0) - 28 - 8
        return max(self.geo.value_width, min(need, room))

    def _cuts(self, app: Any, labels: tuple, values: list) -> bool:
        """Would a label or a value be cut short ("…") in the rows as they are placed now?"""
        def cut(text: str, size: int, width: int, height: int) -> bool:
            return cut_short(app.typo.fit_lines(text, size, width, height=height)[1], text)   # at this size

        for i, label in enumerate(labels):
            rect = self.rect_of(i)
            vr = self.value_rect(rect)
            room = vr.width - 2 * min(self.arrow_width, vr.width // 4) - 8   # as _draw_row
            if cut(label, 30, vr.x - rect.x - 28, rect.height) or any(cut(t, 27, room, vr.height - 4) for t in values[i]):
                return True
        return False

    def shown(self) -> list[OptionRow]:
        return [r for r in self.rows if r.visible()]

    def per_column(self) -> int:
        return max(1, -(-len(self.shown()) // max(1, self.columns)))

    def pitch(self) -> int:
        """Row height: the layout's, less if the rows would reach past ``limit`` (never under ``min_row``)."""
        if self.limit is None:
            return self.ROW_H
        rows = self.per_column() if self.columns > 1 else len(self.shown())
        geo = self.geo
        if geo is not None and geo.list_stacked:  # too many rows to stack label over value: side by side
            stack = self.force_stack or self.top + rows * geo.list_min_row <= self.limit
            self.stacked = stack
            self.ROW_H, self.min_row = (geo.row_h, geo.list_min_row) if stack else (geo.inline_row_h, geo.inline_min_row)
            self.value_width = geo.value_width if stack else geo.inline_value_width
        return max(self.min_row, min(self.ROW_H, (self.limit - self.top) // max(1, rows)))

    def rect_of(self, i: int) -> pygame.Rect:
        per = self.per_column() if self.columns > 1 else max(1, i + 1)
        col, row = divmod(i, per) if self.columns > 1 else (0, i)
        h = self.pitch()
        x = self.left + col * (self.width + self.gap)
        return pygame.Rect(x, self.top + self.above + row * h - self.scroll, self.width, h - 6)

    def _content_bottom(self) -> int:
        """The y under the last row, unscrolled."""
        rows = self.per_column() if self.columns > 1 else len(self.shown())
        return self.top + self.above + rows * self.pitch()

    def max_scroll(self) -> int:
        """How far the list can scroll: 0 when every row fits above ``limit``."""
        if self.limit is None:
            return 0
        return max(0, self._content_bottom() - 6 - self.limit) + self.slack

    def view(self) -> pygame.Rect:
        """The band the rows are seen in (the whole list when it does not scroll)."""
        width = self.width * self.columns + self.gap * (self.columns - 1)
        bottom = self.limit if self.max_scroll() else self._content_bottom()
        return pygame.Rect(self.left, self.top, width, max(0, bottom - self.top))

    def visible(self, i: int) -> bool:
        """Is row ``i`` wholly in view (a whole tap target)?"""
        return self.view().contains(self.rect_of(i))

    def scroll_to(self, value: int) -> None:
        self.slack = max(0, min(self.slack, int(value) - self.max_scroll() + self.slack))   # it goes as scrolled up
        self.scroll = max(0, min(int(value), self.max_scroll()))

    def bring_into_view(self, i: int) -> None:
        """Scroll the least that shows row ``i`` whole."""
        self.scroll_to(self.scroll)
        rect, view = self.rect_of(i), self.view()
        if rect.top < view.top:
            self.scroll_to(self.scroll - (view.top - rect.top))
        elif rect.bottom > view.bottom:
            self.scroll_to(self.scroll + (rect.bottom - view.bottom))

    def bottom(self) -> int:
        """The y under the last row in view (what a scene draws below the list)."""
        if self.max_scroll():
            return self.limit
        return self._content_bottom()

    def slop(self) -> int:
        """How far a press may move and still be a tap (logical px; about 9 CSS px)."""
        return max(12, (self.geo.list_min_row if self.geo is not None else 48) // 5)

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The row drawn under ``pos``, if any."""
        return next((i for i in range(len(self.shown())) if self.rect_of(i).collidepoint(pos)), None)

    def tapped(self, event: Any) -> int | None:
        """The row that ``event`` taps (changes), if any, without changing anything (:meth:`_tap`)."""
        tap = self._tap(event)
        return None if tap is None else tap[0]

    def _tap(self, event: Any) -> tuple[int, tuple[int, int]] | None:
        """The row that ``event`` taps and where: a finger's tap (``inputmap.tap_at``: its release
        within the slop, judged where it went down; on a scrolling list, one that did not scroll it);
        the mouse's press on a list that fits, or on a scrolling one the release of a press that did
        not move, on the row it began on; a row only where it is in view."""
        if not isinstance(event, Pointer):
            return None
        scrolls = self.max_scroll() > 0
        if scrolls and (self.press is None or self.press[2]):
            return None
        if scrolls and not event.touch:   # the mouse: a drag scrolls, so the release decides
            i, at = (self.press[3], event.pos) if event.kind == "up" else (None, None)
        else:
            at = tap_at(event)
            i = None if at is None else self.row_at(at)
        if i is None or i >= len(self.shown()) or not self.rect_of(i).clip(self.view()).collidepoint(at):
            return None
        return i, at

    def _drag(self, event: Any) -> None:
        """Follow a press on a scrolling list: a move past the slop scrolls it."""
        if event.kind == "down":
            inside = self.view().collidepoint(event.pos)
            self.press = [event.pos[1], self.scroll, False, self.row_at(event.pos)] if inside else None
        elif event.kind == "move" and self.press is not None:
            dy = event.pos[1] - self.press[0]
            if abs(dy) > self.slop():
                self.press[2] = True
            if self.press[2]:
                self.scroll_to(self.press[1] - dy)
        elif event.kind in ("up", "cancel"):
            self.press = None

    def value_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """The value box of a row: at its right end, or under its label when stacked."""
        if self.stacked:
            h = max(36, rect.height * 3 // 5)  # the rest is the label's line (the whole row is the tap target)
            return pygame.Rect(rect.x + 6, rect.bottom - h - 4, rect.width - 12, h)
        return pygame.Rect(rect.right - self.value_width - 10, rect.y + 6, self.value_width, rect.height - 12)

    def arrow_boxes(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        """The tap boxes of row ``rect``'s left and right arrows: the ends of its value box,
        ``arrow_width`` wide, and a tap target tall at least (``geo.touch``), grown up over the row
        from its bottom where the box is lower (the seats' arrows, the only way a finger changes a
        seat, were 35 CSS px tall at 320x568, and a tap a little above them only selected the row)."""
        vr = self.value_rect(rect)
        touch = self.geo.touch if self.geo is not None else 44
        bottom = max(vr.bottom, min(rect.bottom, vr.top + touch))
        top = max(rect.top, min(vr.top, bottom - touch))
        aw = min(self.arrow_width, vr.width)
        return (pygame.Rect(vr.x, top, aw, bottom - top), pygame.Rect(vr.right - aw, top, aw, bottom - top))

    def tap_targets(self, i: int) -> list[pygame.Rect]:
        """What a tap on row ``i`` must hit to act: its arrows' boxes where a tap beside them only selects
        it (``taps_select``), else the row (its left arrow's column steps back, the rest forward)."""
        rect = self.rect_of(i)
        left, right = self.arrow_boxes(rect)
        if self.taps_select:
            return [left, right]
        return [pygame.Rect(left.x, rect.y, left.width, rect.height), rect]

    def handle(self, event: Any) -> bool:
        """Returns True when a value changed."""
        if self._app is not None:
            self.settle(self._app)   # the places the last frame showed
        rows = self.shown()
        if not rows:
            return False
        self.selected = min(self.selected, len(rows) - 1)
        if isinstance(event, Key):
            if event.key == pygame.K_UP:
                self.selected = (self.selected - 1) % len(rows)
            elif event.key == pygame.K_DOWN:
                self.selected = (self.selected + 1) % len(rows)
            elif event.key == pygame.K_LEFT:
                rows[self.selected].change(-1)
                return True
            elif event.key in (pygame.K_RIGHT, pygame.K_SPACE):
                rows[self.selected].change(1)
                return True
            self.bring_into_view(self.selected)
            return False
        if isinstance(event, Wheel):
            self.scroll_to(self.scroll - event.dy * self.pitch() // 2)
            return False
        if not isinstance(event, Pointer):
            return False
        tap = self._tap(event)
        if self.max_scroll():
            self._drag(event)
        if tap is None:
            return False
        i, at = tap
        self.selected = i
        left, right = self.arrow_boxes(self.rect_of(i))
        left_arrow = left.x <= at[0] < left.right   # (a list that is not ``taps_select``: anywhere on the row)
        if self.taps_select and not (left.collidepoint(at) or right.collidepoint(at)):
            return False
        rows[i].change(-1 if left_arrow else 1)
        self.scroll_to(self.scroll)  # rows may have come or gone: stay inside the new range
        return True

    def draw(self, surface: pygame.Surface, app: Any) -> None:
        self._app = app
        self.settle(app)
        rows = self.shown()
        self.scroll_to(self.scroll)  # rows come and go with the options: stay in range
        scrolling = self.max_scroll() > 0
        view = self.view()
        clip = surface.get_clip()
        if scrolling:
            surface.set_clip(view.clip(clip))
        for i, row in enumerate(rows):
            rect = self.rect_of(i)
            if scrolling and not rect.colliderect(view):
                continue
            self._draw_row(surface, app, row, rect, i == self.selected)
        if scrolling:
            surface.set_clip(clip)
            self._draw_scrollbar(surface, view)

    def _draw_scrollbar(self, surface: pygame.Surface, view: pygame.Rect) -> None:
        """The scroll bar beside the rows (:func:`scrollbar`) and a gold line at each edge that has
        rows beyond it."""
        scrollbar(surface, view.right + 4, view, view.height + self.max_scroll(), self.scroll)
        for edge, more in ((view.top, self.scroll > 0), (view.bottom - 3, self.scroll < self.max_scroll())):
            if more:
                pygame.draw.rect(surface, look.GOLD, (view.x + 20, edge, view.width - 40, 3), border_radius=2)

    def _draw_row(self, surface: pygame.Surface, app: Any, row: OptionRow, rect: pygame.Rect, sel: bool) -> None:
        surface.blit(look.panel(rect.size, 200 if sel else 120, 10), rect)
        if sel:
            pygame.draw.rect(surface, look.GOLD, rect, 2, border_radius=10)
        vr = self.value_rect(rect)
        label = app.t(row.label)
        if self.stacked:
            room = rect.width - 36
            app.typo.blit(surface, label, (rect.x + 18, (rect.y + vr.y) // 2 + 2), app.typo.fit(label, 30, room),
                          look.CREAM, anchor="midleft")
        else:  # beside the value box: smaller if too long, else on two lines
            room = vr.x - rect.x - 28
            size, lines, plain = app.typo.fit_whole(label, 30, room, height=rect.height)  # never over the value box
            with app.typo.unscaled(plain):
                line = app.typo.line(size)
                for j, part in enumerate(lines):
                    app.typo.blit(surface, part, (rect.x + 18, rect.centery + (2 * j - len(lines) + 1) * line // 2),
                                  size, look.CREAM, anchor="midleft")
        pygame.draw.rect(surface, (240, 230, 205), vr, border_radius=8)
        k = max(1.0, vr.height / 40)
        aw = min(self.arrow_width, vr.width // 4)
        if aw > 40:  # big arrows: their tap zones drawn as tabs at the ends of the box
            for x in (vr.x, vr.right - aw):
                pygame.draw.rect(surface, (222, 206, 170), (x, vr.y, aw, vr.height), border_radius=8)
        arrow(surface, (vr.x + aw // 2, vr.centery), -1, k=k)
        arrow(surface, (vr.right - aw // 2, vr.centery), 1, k=k)
        text, width, height = row.text(row.value), vr.width - 2 * aw - 8, vr.height - 4
        if row.short is not None and would_cut(app, text, 27, width, height):   # "Maximiliano, Guadalupe y…"
            text = row.short(row.value)
        draw_label(surface, app, text, vr.center, 27, look.INK, width, height)
