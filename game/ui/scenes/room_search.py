"""The search behind ``room.reason_place``: the places of a box clear of some rects, and how much of
the rest it covers there, worked out a column of places (one x) at a time rather than a place at a time.

Why: the search tried every place of a grid (a few thousand for each size of the reason's box, a
dozen sizes, and twenty times over where a small phone has no free room: both text sizes, each
part) with a rect test in Python each, and measured what each covered: up to 150 ms in the frame
the player tapped "Pista" (twice that in the browser). Here each column of a width is worked out
once for the reason (its stretches clear of the rects, the rects it meets), a size's places are
ranges of the y grid in those stretches, and only the places where what a box covers may turn are
measured (``_turns``); the nearest free place is looked for nearest first; where every place
covers something, a stretch that must cover more than the best found so far is passed over, and
what was found at a first place is kept for the reason's other parts and text size. The places
and the one chosen are those of trying every place in turn (tests/test_reason_place.py keeps the
old search and compares them). Rects are taken as pygame takes them: one with no width or height
meets nothing.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from typing import Any

import pygame

Box = tuple[int, int, int, int]   # left, top, right, bottom


def _edges(rects: list[pygame.Rect]) -> list[Box]:
    return [(r.left, r.top, r.right, r.bottom) for r in rects if r.width > 0 and r.height > 0]


class Search:
    """The places on ``screen`` for boxes of a reason whose ``tiers`` (``room.reason_rects``) stay
    the same, however many sizes and parts of it are tried: ``clear`` below is how many of the
    tiers (the first ones) a place keeps ``gap`` px from; the places lie on a grid ``step * 8`` px
    across and ``step * 4`` down, and against the edges of the rects kept clear of."""

    def __init__(self, screen: pygame.Rect, tiers: list[list[pygame.Rect]], step: int, gap: int = 4):
        self.screen = (screen.left, screen.top, screen.right, screen.bottom)
        self.step = step
        self.tiers = [_edges(tier) for tier in tiers]
        self.apart = [_edges([r.inflate(2 * gap, 2 * gap) for r in sum(tiers[:clear], [])])
                      for clear in range(len(tiers) + 1)]
        self._columns: dict[tuple[int, int], tuple[list[Any], int]] = {}
        self._ys: dict[tuple[int, int], list[int]] = {}
        self._stretches: dict[tuple[int, int], list[tuple[int, int, int, int, int]]] = {}
        self._met_columns: dict[tuple[int, int], list[list[list[tuple[int, int, int]]]]] = {}
        self._spans: dict[tuple[int, int, int], list[tuple[int, int]]] = {}
        self._met: dict[tuple[int, int], list[list[tuple[int, int, int]]]] = {}
        self._memo: dict[tuple, tuple] = {}   # what least_cover and above found, where (_recall)

    def columns(self, clear: int, w: int) -> tuple[list[Any], int]:
        """For boxes ``w`` wide: each column ``(x, stretches)`` (the stretches ``(top, bottom)`` of it
        clear of the first ``clear`` tiers), and the tallest stretch of all."""
        key = (clear, w)
        if key not in self._columns:
            left, top, right, bottom = self.screen
            apart = self.apart[clear]
            xs = {*range(left, right - w + 1, 8 * self.step), right - w}
            xs |= {x for l, _t, r, _b in apart for x in (r, l - w)}
            xs = sorted(x for x in xs if left <= x <= right - w)
            spans: list[list[tuple[int, int]]] = [[] for _ in xs]
            for l, t, r, b in apart:   # the columns it meets: l - w < x < r
                for i in range(bisect_right(xs, l - w), bisect_left(xs, r)):
                    spans[i].append((t, b))
            out, tallest = [], 0
            for x, column in zip(xs, spans):
                stretches, y = [], top
                column.sort()
                for t, b in column:
                    if t > y:
                        stretches.append((y, t))
                        tallest = t - y if t - y > tallest else tallest
                    if b > y:
                        y = b
                if bottom > y:
                    stretches.append((y, bottom))
                    tallest = bottom - y if bottom - y > tallest else tallest
                out.append((x, stretches))
            self._columns[key] = (out, tallest)
        return self._columns[key]

    def stretches(self, clear: int, w: int) -> list[tuple[int, int, int, int, int]]:
        """Every stretch of ``columns(clear, w)`` as ``(height, x, top, bottom, column)``, tallest first."""
        key = (clear, w)
        if key not in self._stretches:
            self._stretches[key] = sorted(((b - a, x, a, b, i) for i, (x, stretches) in enumerate(self.columns(clear, w)[0])
                                           for a, b in stretches), reverse=True)
        return self._stretches[key]

    def met(self, clear: int, w: int) -> list[list[list[tuple[int, int, int]]]]:
        """For each column of ``columns(clear, w)``, the rects of each tier after the first ``clear``
        it meets, as ``(width met, top, bottom)`` (what a box there may cover)."""
        key = (clear, w)
        if key not in self._met_columns:
            xs = [x for x, _stretches in self.columns(clear, w)[0]]
            met: list[list[list[tuple[int, int, int]]]] = [[[] for _ in self.tiers[clear:]] for _ in xs]
            for k, tier in enumerate(self.tiers[clear:]):
                for l, t, r, b in tier:
                    for i in range(bisect_right(xs, l - w), bisect_left(xs, r)):
                        x = xs[i]
                        met[i][k].append((min(x + w, r) - max(x, l), t, b))
            self._met_columns[key] = met
        return self._met_columns[key]

    def ys(self, clear: int, h: int) -> list[int]:
        """The tops tried for boxes ``h`` tall, in order."""
        key = (clear, h)
        if key not in self._ys:
            _left, top, _right, bottom = self.screen
            ys = {*range(top, bottom - h + 1, 4 * self.step), bottom - h}
            ys |= {y for _l, t, _r, b in self.apart[clear] for y in (b, t - h)}
            self._ys[key] = sorted(y for y in ys if top <= y <= bottom - h)
        return self._ys[key]

    def any(self, clear: int, size: tuple[int, int]) -> bool:
        """Whether a box of ``size`` has a place: a stretch as tall as it (its top, the screen's or
        a rect's bottom, is one of the tops tried)."""
        return self.columns(clear, size[0])[1] >= size[1]

    def nearest(self, first: pygame.Rect, clear: int) -> pygame.Rect | None:
        """The place of ``first``'s size nearest it (across plus down), the first in the grid's order
        (rows from the top, left to right) of those as near; None if there is none."""
        w, h = first.size
        if not self.any(clear, (w, h)):
            return None
        fx, fy = first.topleft
        ys = self.ys(clear, h)
        best = None   # (far, y, x)
        for x, stretches in sorted(self.columns(clear, w)[0], key=lambda col: abs(col[0] - fx)):
            dx = abs(x - fx)
            if best is not None and dx > best[0]:
                break
            for a, b in stretches:
                lo, hi = bisect_left(ys, a), bisect_right(ys, b - h)
                at = bisect_left(ys, fy, lo, hi)
                for y in ys[max(lo, at - 1):min(hi, at + 1)]:   # the nearest above and below
                    key = (dx + abs(y - fy), y, x)
                    if best is None or key < best:
                        best = key
        return None if best is None else pygame.Rect(best[2], best[1], w, h)

    def least_cover(self, clear: int, first: pygame.Rect, order: int, bound: tuple | None) -> tuple | None:
        """Of the places of ``first``'s size clear of the first ``clear`` tiers, the one that covers
        least of the others (then is nearest ``first``, then first in the grid's order), as
        ``(covered, order, far, y, x)``; None if none beats ``bound`` (such a key of another size)."""
        w, h = first.size
        if not self.any(clear, (w, h)):
            return None
        where = ("grid", clear, *first)
        known, key = self._recall(where, order, bound)
        if known:
            return key
        fx, fy = first.topleft
        ys = self.ys(clear, h)
        none = (0,) * clear
        best = bound
        mets, turns = self.met(clear, w), {}
        for tall, x, a, b, col in self.stretches(clear, w):
            if tall < h:   # (and every stretch after it)
                break
            lo = bisect_left(ys, a)
            hi = bisect_right(ys, b - h, lo)
            if lo >= hi:
                continue
            met = mets[col]
            if best is not None and tall < 2 * h and (none + _band(met, b - h, a + h), order) > best[:2]:
                continue   # (what every place in the stretch covers, [b - h, a + h), is already too much)
            if col not in turns:
                turns[col] = _turns(met, h, fy)
            tried = {lo, hi - 1}   # the ends, and the places either side of each turn (see _turns)
            first_y, last_y = ys[lo], ys[hi - 1]
            for e in turns[col]:
                if first_y < e < last_y:
                    tried.add(bisect_left(ys, e, lo, hi))
                    tried.add(bisect_right(ys, e, lo, hi) - 1)
            dx = abs(x - fx)
            for at in tried:
                y = ys[at]
                cover = _cover(met, y, h, none, None if best is None else best[0])
                if cover is not None:
                    key = (cover, order, dx + abs(y - fy), y, x)
                    if best is None or key < best:
                        best = key
        return self._keep(where, best, bound)

    def above(self, first: pygame.Rect, order: int, clear: int, bound: tuple | None) -> tuple | None:
        """Of ``first`` and the places above it (``clear_steps``, clear of the first ``clear``
        tiers), the one that covers least, then nearest: ``(covered, order, far, box)``; None if none
        beats ``bound`` (a key of ``least_cover``'s, or of this)."""
        where = ("above", clear, *first)
        known, key = self._recall(where, order, bound)
        if known:
            return key
        h, x, right = first.height, first.left, first.right
        if (x, right) not in self._met:
            self._met[x, right] = [[(min(right, r) - max(x, l), t, b) for l, t, r, b in tier if x < r and right > l]
                                   for tier in self.tiers]
        met = self._met[x, right]
        best, turns = bound, None
        b0, step = first.bottom, self.step
        for start, end in self.clear_steps(first, clear):   # steps up k: the box at y = b0 - h - step * k
            low, high = b0 - h - step * start, b0 - h - step * (end - 1)
            if best is not None and low < high + h and (_band(met, low, high + h), order) > best[:2]:
                continue   # (what every place in the run covers, [low, high + h), is already too much)
            if turns is None:
                turns = _turns(met, h, None)
            tried = {start, end - 1}
            for e in turns:
                at = (b0 - h - e) / step
                tried.update(k for k in (int(at), int(at) + 1) if start < k < end - 1)
            for k in tried:
                bottom = b0 - step * k
                cover = _cover(met, bottom - h, h, (), None if best is None else best[0])
                if cover is not None and (best is None or (cover, order, b0 - bottom) < best[:3]):
                    best = (cover, order, b0 - bottom, first.move(0, bottom - b0))
        return self._keep(where, best, bound)

    def _recall(self, where: tuple, order: int, bound: tuple | None) -> tuple[bool, tuple | None]:
        """What ``least_cover`` or ``above`` found at ``where`` (the same first place, for another
        part or text size of the reason): ``(True, answer)`` where that answers this call (the
        best there, as beating ``bound`` or not; or less than ``bound`` covers nothing there),
        else ``(False, None)``."""
        known = self._memo.get(where)
        if known is not None and known[0] == "best":
            key = (known[1], order, *known[2:])
            return True, key if bound is None or key[:3] < bound[:3] else None
        if known is not None and bound is not None and known[1] > bound[0]:
            return True, None
        return False, None

    def _keep(self, where: tuple, best: tuple | None, bound: tuple | None) -> tuple | None:
        """Keep what was found at ``where`` (``best``; or, where it is still ``bound``, that every
        place there covers as much as ``bound`` or more) and answer with it."""
        if best is bound:
            if bound is not None:
                self._memo[where] = ("least", bound[0])
            return None
        self._memo[where] = ("best", best[0], *best[2:])
        return best

    def clear_steps(self, first: pygame.Rect, clear: int) -> list[tuple[int, int]]:
        """The runs ``[start, end)`` of steps up ``k`` (``first.bottom - step * k``, while the box stays
        below the screen's top) at which ``first`` moved up touches none of the first ``clear`` tiers,
        lowest first."""
        key = (first.left, first.right, clear)
        if key not in self._spans:   # the rects it may meet, lowest first
            self._spans[key] = sorted(((t, b) for tier in self.tiers[:clear] for l, t, r, b in tier
                                       if first.left < r and first.right > l), key=lambda span: -span[1])
        h, step, b0 = first.height, self.step, first.bottom
        count = (b0 - self.screen[1] - h) // step + 1 if b0 >= self.screen[1] + h else 0
        out, k = [], 0
        for t, b in self._spans[key]:   # it meets one for bottoms in (t, b + h): these steps up
            start, end = (b0 - b - h) // step + 1, -((t - b0) // step)
            if start > count:
                start = count
            if start > k:
                out.append((k, start))
            if end > k:
                k = end
        if count > k:
            out.append((k, count))
        return out


def _cover(met: list[list[tuple[int, int, int]]], y: int, h: int, none: tuple, beat: tuple | None) -> tuple | None:
    """How much of each tier of ``met`` (``(width met, top, bottom)`` of its rects) a box ``h`` tall at
    ``y`` covers, after ``none`` (the tiers it is clear of); None as soon as that is more than
    ``beat`` (a tier at a time: the first tiers decide)."""
    bottom, out = y + h, none
    for tier in met:
        px = 0
        for wide, t, b in tier:
            if y < b and bottom > t:
                px += wide * ((bottom if bottom < b else b) - (y if y > t else t))
        out += (px,)
        if beat is not None and out > beat[:len(out)]:
            return None
    return out


def _band(met: list[list[tuple[int, int, int]]], top: int, bottom: int) -> tuple[int, ...]:
    """How much of each tier of ``met`` the band from ``top`` to ``bottom`` covers."""
    out = []
    for tier in met:
        px = 0
        for wide, t, b in tier:
            low, high = (t if t > top else top), (b if b < bottom else bottom)
            if high > low:
                px += wide * (high - low)
        out.append(px)
    return tuple(out)


def _turns(met: list[list[tuple[int, int, int]]], h: int, fy: int | None) -> list[int]:
    """Where what a box ``h`` tall covers of ``met``'s rects may turn from falling to rising as it
    moves down: where it starts to meet a rect (its top at ``top - h``) and where it leaves one (at
    ``bottom``), and where it passes ``fy`` (its nearness). Between two of them each tier's pixels
    covered rise then fall (a sum of trapezoids, each flat or within its slopes) and the nearness
    rises or falls, so the least, first what is covered then the nearest, lies at one end: only
    the places either side of each turn need measuring."""
    out = [e for tier in met for _wide, t, b in tier for e in (t - h, b)]
    return out if fy is None else out + [fy]