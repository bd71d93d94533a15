"""The game's own deck: sizes, alpha corners, distinct faces, readable corners, pintas, a symmetric back, caching.

Pixel checks use pygame's own blits and masks (no numpy), so they run in
the plain test environment, headless.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cards import DECK, Card  # noqa: E402
from game.ui.art import CardArt, face_layout  # noqa: E402

SUIT_LETTERS = ("O", "C", "E", "B")
RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
ALL_TEXT = [f"{r}{s}" for s in SUIT_LETTERS for r in RANK_VALUES]
#: The Spanish deck's rule, written out here independently of the art module.
EXPECTED_BREAKS = {"O": 0, "C": 1, "E": 2, "B": 3}
PHONE = (60, 93)
SIZES = [(60, 93), (110, 170), (201, 311)]


@pytest.fixture(scope="module")
def arts() -> dict[tuple[int, int], CardArt]:
    return {size: CardArt(*size).prerender() for size in SIZES}


def diff_count(a: pygame.Surface, b: pygame.Surface, tol: int = 40) -> int:
    """Pixels whose colour or alpha differs by more than ``tol`` in some channel."""
    assert a.get_size() == b.get_size()
    up = a.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    down = b.copy()
    down.blit(a, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGBA_ADD)  # |a - b| per channel
    same = pygame.mask.from_threshold(up, (0, 0, 0, 0), (tol + 1, tol + 1, tol + 1, tol + 1))
    w, h = a.get_size()
    return w * h - same.count()


def test_diff_count_measures_difference() -> None:
    a = pygame.Surface((10, 10), pygame.SRCALPHA)
    a.fill((200, 10, 10, 255))
    b = a.copy()
    assert diff_count(a, b) == 0
    b.fill((10, 10, 200, 255), pygame.Rect(0, 0, 5, 2))
    assert diff_count(a, b) == 10
    b.fill((10, 10, 10, 0), pygame.Rect(0, 9, 10, 1))
    assert diff_count(a, b) == 20


@pytest.mark.parametrize("size", SIZES)
def test_every_card_has_the_requested_size_and_transparent_rounded_corners(arts, size) -> None:
    art = arts[size]
    w, h = size
    for surf in [art.face(t) for t in ALL_TEXT] + [art.back()]:
        assert surf.get_size() == size
        assert surf.get_flags() & pygame.SRCALPHA
        for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
            assert surf.get_at(corner).a == 0, corner
        # Opaque just inside the edges and in the middle: a card, not a sticker.
        for inside in ((w // 2, 1), (w // 2, h - 2), (1, h // 2), (w - 2, h // 2), (w // 2, h // 2)):
            assert surf.get_at(inside).a == 255, inside


def test_all_forty_faces_differ_at_phone_hand_size(arts) -> None:
    art = arts[PHONE]
    faces = [art.face(t) for t in ALL_TEXT]
    w, h = PHONE
    least = (w * h, None)
    for i in range(len(faces)):
        for j in range(i + 1, len(faces)):
            n = diff_count(faces[i], faces[j])
            least = min(least, (n, (ALL_TEXT[i], ALL_TEXT[j])))
    # At least 2% of the card's pixels clearly different for the most similar pair.
    assert least[0] >= 0.02 * w * h, least


def corner_crops(art: CardArt, text: str) -> list[pygame.Surface]:
    """The two things a fan shows of a card: the number's box and the top frame line beside it."""
    w, h = art.size
    lay = face_layout(w, h, text[-1])
    x, y, iw, ih = lay.index
    index_box = pygame.Rect(int(x), int(y), int(x + iw + 1) - int(x), int(y + ih + 1) - int(y))
    strip = pygame.Rect(0, lay.frame[1], lay.corner[2], lay.line)
    face = art.face(text)
    return [face.subsurface(index_box).copy(), face.subsurface(strip).copy()]


@pytest.mark.parametrize("size", [PHONE, (110, 170)])
def test_suit_can_be_told_from_the_corner(arts, size) -> None:
    """Same rank, different suit: the number's box plus the pinta strip differ (not the pips)."""
    art = arts[size]
    for rank in RANK_VALUES:
        crops = {suit: corner_crops(art, f"{rank}{suit}") for suit in SUIT_LETTERS}
        for i, a in enumerate(SUIT_LETTERS):
            for b in SUIT_LETTERS[i + 1:]:
                index_diff = diff_count(crops[a][0], crops[b][0])
                pinta_diff = diff_count(crops[a][1], crops[b][1])
                # The number's colour tells the suit, and so do the breaks (also in grey).
                assert index_diff >= 6, (rank, a, b, index_diff)
                assert pinta_diff >= 2, (rank, a, b, pinta_diff)


def _luma(c: pygame.Color) -> float:
    return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b


def count_breaks(surf: pygame.Surface, y: int, xs: range) -> tuple[int, float]:
    """Runs of light pixels enclosed by dark ones along row ``y``, and the dark fraction."""
    dark = [_luma(surf.get_at((x, y))) < 110 for x in xs]
    runs = 0
    seen_dark = False
    in_gap = False
    for d in dark:
        if d:
            if in_gap:
                runs += 1
            in_gap = False
            seen_dark = True
        elif seen_dark:
            in_gap = True
    return runs, sum(dark) / len(dark)


@pytest.mark.parametrize("size", SIZES)
def test_pinta_breaks_are_in_the_frame_line(arts, size) -> None:
    """Scan the frame's top and bottom lines near the numbers and count the breaks."""
    art = arts[size]
    w, h = size
    for text in ALL_TEXT:
        suit = text[-1]
        lay = face_layout(w, h, suit)
        left, top, right, _ = lay.frame
        y = top + lay.line // 2
        span = range(left + lay.line, w // 2 + 1)
        surf = art.face(text)
        breaks_top, ink_top = count_breaks(surf, y, span)
        breaks_bottom, ink_bottom = count_breaks(surf, h - 1 - y, range(w - 1 - span.start, w - 1 - span.stop, -1))
        assert (breaks_top, breaks_bottom) == (EXPECTED_BREAKS[suit],) * 2, (text, size)
        assert min(ink_top, ink_bottom) > 0.5, (text, size)  # there is a line to break
        # The side lines are unbroken.
        assert count_breaks(surf.copy(), h // 2, range(0, 1))[0] == 0
        column = [_luma(surf.get_at((left + lay.line // 2, yy))) < 110 for yy in range(top, h - top)]
        assert all(column), (text, size)


@pytest.mark.parametrize("size", [(60, 93), (110, 170), (111, 171)])
def test_back_is_the_same_upside_down(size) -> None:
    back = CardArt(*size).back()
    assert diff_count(back, pygame.transform.flip(back, True, True), tol=8) == 0
    # And it is not a blank: it has a pattern (many colours across the middle row).
    row = {tuple(back.get_at((x, size[1] // 2)))[:3] for x in range(size[0])}
    assert len(row) > 10


def test_back_differs_from_every_face(arts) -> None:
    art = arts[PHONE]
    w, h = PHONE
    for t in ALL_TEXT:
        assert diff_count(art.back(), art.face(t)) > 0.3 * w * h, t


def test_cached_surfaces_are_returned_again() -> None:
    art = CardArt(70, 109)
    first = art.face("12B")
    assert art.face("12B") is first
    assert art.face("12b") is first
    assert art.face(39) is first
    assert art.face(Card.parse("12B")) is first
    assert art.back() is art.back()
    assert art.suit_icon("E", 24) is art.suit_icon(2, 24)
    art.prerender()
    assert art.face("12B") is first


def test_core_cards_and_text_give_the_same_faces() -> None:
    art = CardArt(40, 62)
    for card in DECK:
        assert art.face(card) is art.face(str(card))


def test_suit_icons(arts) -> None:
    art = arts[PHONE]
    icons = [art.suit_icon(s, 24) for s in SUIT_LETTERS]
    for icon in icons:
        assert icon.get_size() == (24, 24)
        assert icon.get_flags() & pygame.SRCALPHA
        assert icon.get_at((0, 23)).a == 0 or icon.get_at((23, 23)).a == 0
        assert icon.get_bounding_rect().width >= 12
    for i in range(4):
        for j in range(i + 1, 4):
            assert diff_count(icons[i], icons[j]) > 40
    disc = art.suit_icon("B", 24, backdrop=True)
    assert disc is not icons[3] and disc is art.suit_icon("B", 24, backdrop=True)
    assert disc.get_at((12, 2)).a == 255 and disc.get_at((0, 0)).a == 0  # an opaque round backdrop


def test_drawing_survives_pygame_quit_and_init() -> None:
    """Other parts of the program (and other tests) may quit and re-init pygame: cached fonts go stale."""
    CardArt(50, 78).face("10O")
    pygame.quit()
    pygame.init()
    surf = CardArt(50, 78).face("10O")
    assert surf.get_size() == (50, 78)


@pytest.mark.parametrize("bad", ["13O", "0E", "1X", "", "12", "B", 40, -1, 3.5, None, True])
def test_bad_cards_are_refused_clearly(bad) -> None:
    with pytest.raises(ValueError, match="card|not a card"):
        CardArt(40, 62).face(bad)


def test_bad_sizes_and_suits_are_refused() -> None:
    with pytest.raises(ValueError):
        CardArt(4, 6)
    with pytest.raises(ValueError):
        CardArt(40, 62).suit_icon("X", 20)
    with pytest.raises(ValueError):
        CardArt(40, 62).suit_icon("O", 2)


def test_drawing_needs_no_display_mode() -> None:
    """The art draws on surfaces of its own, with no window open. An earlier test in the same
    process may have left one open: this test closes it first rather than count on the order."""
    pygame.display.quit()
    pygame.display.init()
    assert pygame.display.get_surface() is None
    surf = CardArt(50, 78).face("1O")
    assert surf.get_at((25, 39)).a == 255


def test_prerender_steps_draw_everything_once_with_progress() -> None:
    art = CardArt(40, 62)
    progress = list(art.prerender_steps())
    assert len(progress) == 41
    assert progress == sorted(progress) and progress[-1] == 1.0
    faces = [art.face(t) for t in ALL_TEXT]
    assert len({id(f) for f in faces}) == 40
    art.prerender()  # nothing is drawn again
    assert [art.face(t) for t in ALL_TEXT] == faces and all(a is b for a, b in zip(faces, [art.face(t) for t in ALL_TEXT]))
