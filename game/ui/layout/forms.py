"""How each form fills the layout: the places of a screen held sideways (the desktop too) and upright.

Why apart from the package's ``__init__``: each form's function works out every place of the table,
the play screen's panels and buttons and the menus from the screen's logical size, the tap target
and the size of a line of text; that is most of the layout's code and where most layout fixes go,
while choosing the form and measuring the screen for it stays in ``compute``.
"""

from __future__ import annotations

import math

import pygame

from game.ui.layout.geometry import (CARD_H, CARD_SLOP, CARD_W, MIN_GAP_CSS, MIN_TAP_CSS, PILE_LAYERS, PILE_STEP,
                                     HudGeometry, MenuGeometry, TableGeometry)


def trump_width(base: int, text_line: int) -> int:
    """The trump panel's width: ``base``, or wider where big letters need it (its icon, then
    "Espadas", the longest suit's name, at the panel's size: about 4.5 lines of text wide)."""
    return max(base, 90 + round(4.5 * text_line))


def landscape(size: tuple[int, int], phone: bool, touch: int, hand_min: float,
               text_line: int = 21, players: int | None = None,
               senas: bool = True, sena_chars: int = 4, *,
               label_h: int, trump_h: int = 0, keys_h: int = 0) -> tuple[TableGeometry, HudGeometry, MenuGeometry]:
    """Desktop and phone held sideways: the hand along the bottom, buttons bottom right.  ``label_h``:
    how tall a side player's name and one line of its level stand under the face; ``trump_h``: the
    trump panel's two lines; ``keys_h``: the keys' help line at the top (0: none shown)."""
    w, h = size
    cx = w // 2
    dy = h - 720  # a squarer screen than 16:9: the extra height goes to the middle
    hs = max(1.2 if phone else 1.0, hand_min)  # hand cards: at least 70 CSS px wide
    bw, bh = (max(170, touch + 60), max(touch, 54)) if phone else (max(148, touch * 2), max(54, touch))
    gap = 8 if phone else 6
    bx = w - 2 * bw - gap - 12
    by = h - 2 * bh - gap - 10
    hand_y = h - int(102 * hs)
    hand_top = hand_y - int(CARD_H * hs / 2)   # your hand's cards' top
    over_hand = hand_top - 8   # what stands over your hand ends here (phones: a side player's cards, the señas' row)
    card_w = int(CARD_W * hs)
    step = int(128 * hs)
    hand_cx = cx
    # phones: the title "Seña" on the left of its row of three buttons, as wide as the word needs (bold,
    # a letter about 0.62 of a line wide: "Signal" and "Senya" ran under the first button)
    sena_x = max(120, 14 + round(0.62 * sena_chars * text_line) + 8)
    # A narrow phone held sideways (a square screen, 300-450 CSS px wide, four players): the hand does not
    # fit between the señas' row and the buttons even with the title above the row and the cards a tap
    # target apart (at 360x360 the buttons lay over 72 % of a card). The row stands over the buttons
    # instead, as wide, and above the turn's message line, its title on its left; the side players'
    # groups end above it.
    stacked = phone and senas and 16 + 3 * touch + 2 * gap + 16 + 2 * (touch + 4) + card_w > bx - 16
    stack_w = max(touch, (2 * bw - gap) // 3)
    message_y = hand_y - int(86 * hs) - (34 if phone else 26)   # the turn's message, above your hand
    stack_y = min(by - gap, message_y - text_line - 8) - bh
    groups_end = stack_y - 10 if stacked else by - 10   # where the side players' groups end
    # the top player's cards under the keys' help line (a square window: its letters at the smallest size
    # a person reads stand taller than the design's, and it ran across them at 500x500)
    top_y = max(78, 4 + keys_h + 4 + int(CARD_H * 0.62 / 2))
    side_x = 120 if phone else 88  # room for a name and level under a side avatar
    center = (cx, 318 + dy // 2 - (18 if phone else 0))
    side_scale, side_step, side_fan = 0.62, 52, "down"
    left_dx = right_dx = 0   # a side player's won pile: beside the column of cards (inwards) rather than under it
    sub_lines = 1 if phone else 2  # under a side player's name: the level's lines
    if phone:
        # Each side player's group ends above the buttons (the right one stands over them): the
        # avatar under the score panel (up to five lines), the name and the level on one line
        # each, the cards in a row under them and the won pile beside the cards, inwards.
        avatar_y = max(12 + 84 + 10 + 42, 12 + 20 + 5 * text_line + 10 + 42)
        fan_top = avatar_y + 42 + 4 + 2 * text_line + 10
        if groups_end - fan_top < 0.4 * CARD_H and players != 2:   # too short (a folded phone, large text): no
            # level line (for the side players' sake: with two players there are none, the top one keeps it)
            sub_lines, fan_top = 0, fan_top - text_line
        if groups_end - fan_top < 0.3 * CARD_H and players == 4:   # still too short for the smallest cards
            # (340x340, large text: they lay under the señas' row): the faces a line higher, under a score
            # panel of two sides, a line shorter than the five the rule above leaves it
            avatar_y, fan_top = avatar_y - text_line, fan_top - text_line
        side_scale = max(0.3, min(0.62, (groups_end - fan_top) / CARD_H))
        # the left player's cards reaching down beside your hand push it right, where it may not fit left
        # of the buttons (300 CSS px tall, three players, large text): smaller, they end above it instead
        beside_w = side_x + int(CARD_W * side_scale / 2) + int(CARD_W * side_scale * 0.6) + 56 + 28 + 16
        if players != 2 and not senas and fan_top + CARD_H * side_scale > over_hand \
                and (bx - 16 - 70 - beside_w - card_w) // 2 < touch + 4 and over_hand - fan_top >= 0.3 * CARD_H:
            side_scale = (over_hand - fan_top) / CARD_H
        side_step = int(CARD_W * side_scale * 0.6)
        side_y = pile_y = fan_top + int(CARD_H * side_scale / 2)
        side_fan = "across"
        pile_dx = int(CARD_W * side_scale / 2) + side_step + 28 + 28  # 28: a gap, and half a won card
        left = {"avatar": avatar_y, "cards": side_y, "pile": pile_y}
        right = dict(left)
    else:
        # The right player's avatar under the score panel (five lines with three players), its
        # cards and won pile as much lower; on the left, under the narrower trump panel, only as far
        # as the won pile (rotated, 56 px tall, growing upwards) stays above the señas' title.
        drop = max(0, 12 + 20 + 5 * text_line + 10 + 42 - 176)
        right = {"avatar": 176 + drop, "cards": 350 + dy // 2 + drop, "pile": 498 + dy // 2 + drop}
        # the señas' title's top, as placed below (taller letters on a small window: at 500x500 with
        # large text the pile lay on "Seña")
        sena_title_y = h - 3 * (max(44, touch) + 6) - 2 - max(30, text_line + 4)
        pile = min(right["pile"], sena_title_y - 8 - 28)
        drop_left = max(0, min(drop, pile - 28 - 12 - 87 - (350 + dy // 2)))   # 87: half the column of cards
        left = {"avatar": 176 + drop_left, "cards": 350 + dy // 2 + drop_left, "pile": pile}
        pile_dx = 0
        # the column of cards starts under the name and one line of the level (a short, wide window with
        # large text: the letters at the floor of 12 CSS px are taller than the design's), the right
        # player's won pile as much lower, beside the column where it would reach the buttons
        column_half = side_step + int(CARD_W * side_scale / 2)
        beside = int(CARD_H * side_scale / 2) + 12 + CARD_H // 4   # a won pile's centre beside the column, inwards
        for group in (left, right):
            group["cards"] = max(group["cards"], group["avatar"] + 42 + 4 + label_h + 4 + column_half)
        right["pile"] = max(right["pile"], right["cards"] + 148)
        if right["pile"] + 28 + 6 > by:
            right["pile"], right_dx = by - 6 - 28, beside
        if pile - 28 - 6 < left["cards"] + 87:   # no room under the column (a short, wide window, large
            left_dx = beside   # text): the won pile beside it, inwards
    title_above = False  # phones: the title "Seña" above its row, where the hand would not fit beside both
    right_x = bx - 16 - 70  # 70: your won pile
    if phone:  # the hand between the señas row and the buttons, overlapping more on a narrow screen;
        # without señas the bottom left is free where the left player's group ends above the hand
        below = players != 2 and left["cards"] + int(CARD_H * side_scale / 2) > over_hand
        beside = senas and not stacked   # the señas' row left of the hand
        left_x = sena_x + 3 * touch + 2 * gap + 16 if beside else (side_x + pile_dx + 28 + 16 if below else 16)
        if stacked and stack_y + bh > over_hand:   # the row beside the hand
            right_x = min(right_x, w - 12 - 3 * stack_w - 2 * gap - 16)
        if beside and (right_x - left_x - card_w) // 2 < touch + 4:
            title_above, sena_x = True, 16
            left_x = sena_x + 3 * touch + 2 * gap + 16
    else:   # the desktop: right of the señas' column; only a narrow window (a square one, 500-640 CSS px
        # wide) moves or closes up the hand (at 500x500 the buttons lay over half the third card)
        left_x = 14 + 200 + 16 if senas else 16
    step = max(touch + 4, min(step, (right_x - left_x - card_w) // 2))
    half = step + card_w // 2
    hand_cx = max(left_x + half, min(cx, right_x - half))
    hand_right = hand_cx + step + card_w // 2
    # clear of the left player's name (and won pile, on a phone)
    stock_x = max(cx - 390, 2 * side_x + 76, side_x + pile_dx + 28 + 8 + 16 + 56) if phone else cx - 390
    if phone:  # the table's middle right of the muestra (it lies across, 68 right of the stock) and the left card
        center = (max(cx, stock_x + 68 + CARD_H // 2 + 8 + 104 + int(CARD_H * 0.85 / 2)), center[1])
    stock_y = center[1] + (-8 if phone else 12)  # a phone: clear of a turn's message on two lines
    score_w = max(300, 10 * text_line) if phone else max(228, 8 * text_line + 20)   # wider for big letters
    # the top player's won pile beside their cards, left of the score panel (wide with large text)
    pile_half = int(CARD_W * 0.5 / 2)

    def cards_right(step: int) -> int:   # the right edge of the top player's cards fanned by ``step``
        return cx + step + int(CARD_W * side_scale / 2)

    top_cards_right = cards_right(side_step)
    top_pile_x = max(top_cards_right + 8 + pile_half, min(cx + 210, w - 12 - score_w - 8 - pile_half))
    top_avatar_x = cx - 210
    top_cards_x, top_pile_y, top_low = cx, top_y, 0   # (top_low: the pile's bottom, where it lies under the cards)
    layers = math.ceil((PILE_LAYERS - 1) * PILE_STEP)   # a pile's layers step right of its first card
    trump_bottom = 12 + max(84 if phone else 74, trump_h)
    trump_right = 12 + trump_width(250 if phone else 210, text_line)
    score_x = w - 12 - score_w
    if top_cards_right + 8 > score_x:
        # A small square screen with large text (360x360): the score panel reaches the top player's cards
        # themselves. Their cards end 8 px short of it, their face left of them (as far right as it
        # stood), their won pile under the cards, towards the table, and the group as much lower as puts
        # the name under the face below the trump panel (it ran into it)
        lean = math.ceil(CARD_H * side_scale * math.sin(math.radians(4)) / 2) + 1   # (the cards lean 4 degrees)

        def face_at(right: int) -> int:   # the face (67: its half and the thinking bubble) 8 px left of
            # the cards ending ``right``, themselves 8 px short of the score panel, leaning both ways
            return score_x - 8 - 2 * lean - 2 * (right - cx) - 8 - 67

        # where the face would still lie under the trump panel's edge (340x340), the cards close up, a
        # quarter of each showing at least, for a face 8 px short of it; the face goes no further right
        # than it stood (top_avatar_x), which at 340x340 leaves it 2 px short of the panel's edge
        short = trump_right + 8 + 42 - min(top_avatar_x, face_at(top_cards_right))
        if short > 0:
            side_step = max(CARD_W * side_scale // 4, side_step - math.ceil(short / 2))
            top_cards_right = cards_right(side_step)
        top_cards_x = score_x - 8 - lean - (top_cards_right - cx)
        top_avatar_x = min(top_avatar_x, face_at(top_cards_right))
        top_y = max(top_y, trump_bottom + 4 - 44)
        top_pile_x = top_cards_x
        top_pile_y = top_y + int(CARD_H * side_scale / 2) + 8 + layers + int(CARD_H * 0.5 / 2)
        top_low = top_pile_y + int(CARD_H * 0.5 / 2)
    elif top_pile_x + pile_half + layers > score_x:   # under the score panel, as wide as large letters
        # on a square screen (412x412): the pile between the avatar and the cards instead, the avatar
        # as far left as the trump panel lets it (67: the face's half and the thinking bubble right of it)
        top_cards_left = 2 * cx - top_cards_right
        avatar_x = min(top_avatar_x, top_cards_left - 8 - 2 * pile_half - layers - 8 - 67)
        beside = 42 if trump_bottom <= top_y + 42 + 4 else side_x - 8   # the face; the
        if avatar_x - beside - 8 >= trump_right:   # name under it too where the trump panel reaches it (360x360)
            top_avatar_x = avatar_x
            top_pile_x = (avatar_x + 67 + top_cards_left - layers) // 2
    table_scale = 0.85 if phone else 0.92
    if phone:   # a very short screen (a folded phone, large text): the table's middle rises so that the
        # left and right cards on it end above the turn's message (one line), no higher than the top
        # card (78 above the middle) still clears the top player's cards; if that is not room enough,
        # the cards on the table shrink (to 0.6 at least)
        message_top = message_y - text_line // 2 - 12
        top_cards = max(top_y + int(CARD_H * side_scale / 2), top_low)   # (or their pile, under them)
        # the top and bottom cards on the table between the top player's cards and your hand: the top
        # one turned up to 14.4 degrees (taller), yours upright (653x280: yours lay 11 px on your hand
        # while the others played, and with large text the top one 7 px on the top player's cards)
        turned = (CARD_W * math.sin(math.radians(14.4)) + CARD_H * math.cos(math.radians(14.4))) / CARD_H
        span = hand_top - top_cards - 8 - 2 * 78
        table_scale = max(0.6, min(table_scale, (message_top - top_cards - 90) / CARD_H, 2 * span / (CARD_H * (1 + turned))))
        half = int(CARD_H * table_scale / 2)
        top_half = int(CARD_H * table_scale * turned / 2) + 1
        center = (center[0], min(center[1], max(message_top - 4 - half, top_cards + 78 + top_half + 8), hand_top - 78 - half))
        if stacked:   # the baza (your card, 78 under the middle, the lowest) above the señas' row and its title
            lowest = stack_y - 8 - 78 - int(CARD_H * table_scale / 2)
            center = (center[0], max(top_cards + 78 + top_half + 8, min(center[1], lowest)))
    table = TableGeometry(
        center=center, stock=(stock_x, stock_y), muestra=(stock_x + 68, stock_y),
        hand_at={"bottom": (hand_cx, hand_y), "top": (top_cards_x, top_y), "right": (w - side_x, right["cards"]),
                 "left": (side_x, left["cards"])},
        avatar_at={"bottom": (90, h - 160), "top": (top_avatar_x, top_y), "right": (w - side_x, right["avatar"]),
                   "left": (side_x, left["avatar"])},
        pile_at={"bottom": ((hand_right + bx) // 2, h - 74), "top": (top_pile_x, top_pile_y),
                 "right": (w - side_x - pile_dx - right_dx, right["pile"]), "left": (side_x + pile_dx + left_dx, left["pile"])},
        play_at={"bottom": (0, 78 if phone else 82), "top": (0, -78 if phone else -82), "right": (104, 0), "left": (-104, 0)},
        play_angle={"bottom": 0, "top": 180, "right": 90, "left": -90},
        hand_step=step, hand_scale=hs, table_scale=table_scale,
        drop_zone=pygame.Rect(center[0] - 340, 120, 680, hand_y - int(86 * hs) - 140),
        name_width=2 * side_x - 16,  # a side player's name and level stay on the screen
        stock_badge=phone,  # under the stock, the count would run into the turn's message line
        side_scale=side_scale, side_step=side_step, side_fan=side_fan, sub_lines=sub_lines,
    )
    if stacked:
        sena = tuple(pygame.Rect(w - 12 - (3 - i) * stack_w - (2 - i) * gap, stack_y, stack_w, bh) for i in range(3))
        sena_title = (sena[0].x - (sena_x - 14), stack_y + bh // 2 - 14)
    elif phone:
        sena_w = max(touch, min(200, (hand_cx - step - card_w // 2 - sena_x - 2 * gap - 16) // 3))
        sena = tuple(pygame.Rect(sena_x + i * (sena_w + gap), h - bh - 12, sena_w, bh) for i in range(3))
        sena_title = (16, h - bh - 12 - 6 - round(1.5 * text_line)) if title_above else (14, h - bh // 2 - 12 - 14)
    else:
        step = max(44, touch) + 6
        sena = tuple(pygame.Rect(14, h - 3 * step - 2 + i * step, 200, max(44, touch)) for i in range(3))
        sena_title = (18, h - 3 * step - 2 - max(30, text_line + 4))   # (taller letters on a small window)
    over_w, over_h = (760, 520) if phone else (620, 320)
    hud = HudGeometry(
        trump=pygame.Rect(12, 12, trump_width(250 if phone else 210, text_line), max(84 if phone else 74, trump_h)),
        score=pygame.Rect(w - 12 - score_w, 12, score_w, 0),
        message_y=message_y, reason_bottom=hand_y - int(86 * hs) - (62 if phone else 44),
        keys_y=4,
        buttons={"last": pygame.Rect(bx, by, bw, bh), "hint": pygame.Rect(bx + bw + gap, by, bw, bh),
                 "swap": pygame.Rect(bx, by + bh + gap, bw, bh), "menu": pygame.Rect(bx + bw + gap, by + bh + gap, bw, bh)},
        sena_title=sena_title, sena_buttons=sena,
        overlay=pygame.Rect(cx - over_w // 2, h // 2 - over_h // 2 - (0 if phone else 20), over_w, over_h),
        overlay_step=170 if phone else 130, overlay_scale=1.1 if phone else 0.8,
        reason_width=760 if phone else 600,
    )
    row_h = max(52, touch + 6)
    btn_h = max(54, touch)
    bb = h - btn_h - 16  # the bottom buttons' top (a phone's; a desktop's 10 px higher, below)
    # the desktop's: 26 px under them (80 over the bottom at 1280x720), where a fixed 80 put a tap
    # target taller than 54 past the edge (600x600: 14 px)
    low = bb if phone else bb - 10
    columns = 2 if phone else 1
    list_w = (w - 120) // 2 - 10 if phone else 840
    menu = MenuGeometry(
        title_y=100 if phone else 120, subtitle_y=175 if phone else 200,
        column=pygame.Rect(cx - 210, 230, 420, btn_h) if phone else pygame.Rect(cx - 190, 270 + dy // 3, 380, btn_h),
        column_step=btn_h + (10 if phone else 12), column_count=2 if phone else 1,
        saved_y=h - 30,
        # a window as squat as 4:3 with big taps (720x540): the column closes up and rises
        column_bottom=h - 30 - text_line, column_top_min=(175 if phone else 200) + text_line + 16,
        fan_left=(cx - (620 if phone else 460), h // 2 + 60), fan_right=(cx + (520 if phone else 360), h // 2 + 60),
        list_left=60 if phone else cx - 420, list_width=list_w, row_h=row_h,
        back=pygame.Rect(cx - 160, bb, 320, btn_h) if phone else pygame.Rect(cx - 130, low, 260, btn_h),
        pair_left=pygame.Rect(cx - 330, bb, 310, btn_h) if phone else pygame.Rect(cx - 300, low, 280, btn_h),
        pair_right=pygame.Rect(cx + 20, bb, 310, btn_h) if phone else pygame.Rect(cx + 20, low, 280, btn_h),
        list_top=100, list_columns=columns, value_width=380 if phone else 290, arrow_width=max(50, touch), touch=touch,
        list_bottom=bb - 12 if phone else low - text_line - 8,  # a desktop: the keys' help line above the buttons
        list_min_row=max(48, touch + 6),
        screen_title_y=46 if phone else 50,
        content=pygame.Rect(60 if phone else 80, 88, w - (120 if phone else 160), bb - 88 - 16),
    )
    return table, hud, menu


def portrait(size: tuple[int, int], touch: int, phone: bool, text_line: int,
              hand_min: float, senas: bool = True, players: int | None = None) -> tuple[TableGeometry, HudGeometry, MenuGeometry]:
    """A screen held upright: the others at the top, the table in the middle, buttons, your hand at the
    bottom; the señas' row above the buttons only when ``senas`` (pairs with señas on): without it
    the table has that room too."""
    w, h = size
    u = min(1.0, h / 1558)  # every height was drawn for a phone of 390x844 CSS px (720x1558 logical)
    cx = w // 2

    def y(v: float) -> int:
        return round(v * u)

    hs = max(1.45 * u, hand_min)
    card_h = CARD_H * hs
    hand_y = h - y(14) - int(card_h / 2) - 6
    bh = max(touch, y(92))
    by = hand_y - int(card_h / 2) - y(18) - bh
    # the buttons end MIN_GAP_CSS above the hand's tap zone, giving up height for it, never under a tap
    # target: a finger reaching for a card's top edge hit "Menú", 9.7 CSS px above it at 412x915
    # (a small phone's buttons are a bare tap target already: 7.2 CSS px at 360x640)
    bh = max(touch, min(bh, hand_y - int(card_h / 2) - CARD_SLOP - math.ceil(touch * MIN_GAP_CSS / MIN_TAP_CSS) - by))
    bw = (w - 5 * 10) // 4
    # The others: one group (avatar, name and level, cards, won pile) per seat, across the top,
    # under the score panel (up to five lines of ``text_line`` px).
    top_y = max(y(230), 12 + 20 + 5 * text_line + 50)
    side_scale = 0.6 * u
    sub_lines = 1 if phone else 2  # a phone: the level on one line (its word alone if it must), more table
    cards_y = top_y + max(y(210), 46 + (1 + sub_lines) * text_line + int(CARD_H * side_scale / 2))
    zone_top = cards_y + int(CARD_H * side_scale / 2) + y(16)  # the table's top
    # the right player's won pile (beside its cards, y(92) right of the group's middle) ends 6 px inside the
    # screen with all its layers, its shadow (3 px right) on it too: at 390x844 it ended 2 px past the edge
    pile_scale = 0.4 * u
    pile_reach = y(92) + CARD_W * pile_scale / 2 + (PILE_LAYERS - 1) * PILE_STEP
    groups = {"left": w // 6, "top": cx, "right": min(w - w // 6, int(w - 6 - pile_reach))}
    sena_h = max(touch, y(86))
    sena_y = by - y(14) - sena_h
    message_y = (sena_y if senas else by - y(14)) - y(40)
    play_dy, play_dx = y(104), round(124 * u)
    zone_bottom = message_y - y(30)
    table_scale = max(0.3, min(u, (zone_bottom - zone_top - 2 * play_dy) / CARD_H))
    # A short table (a small phone, large text): the cards closer together, so bigger. The top and
    # bottom cards meet in the middle, between the left and right ones (across, clear of them sideways).
    close = min(u, (zone_bottom - zone_top) / (2.1 * CARD_H))
    if close > table_scale:
        table_scale = close
        play_dy = int(0.55 * CARD_H * close)
        play_dx = max(play_dx, int(0.86 * CARD_H * close))
    elif table_scale >= u:   # room to spare (a tall phone, a tablet): the baza's cards and their cross grow,
        muestra_right = 78 + int(68 * 0.9 * u) + int(CARD_H * 0.9 * u / 2)   # up to the hand's size, clear of
        middle = (zone_top + zone_bottom) // 2   # the others' cards and of a message on two lines (its panel's
        half = min(middle - zone_top, message_y - text_line - 8 - middle) - 4   # top), the cards turned a little
        grow = min(2 * half / (2 * play_dy + 1.12 * CARD_H * u),   # (1.12: a card turned 14° stands taller)
                   (w - 12 - muestra_right - 8) / (2 * play_dx + CARD_H * u), hs / u, 1.3)
        if grow > 1:
            table_scale, play_dy, play_dx = u * grow, int(play_dy * grow), int(play_dx * grow)
    cy = (zone_top + zone_bottom) // 2
    play_at = {"bottom": (0, play_dy), "top": (0, -play_dy), "right": (play_dx, 0), "left": (-play_dx, 0)}
    stock_x = 78
    muestra_right = stock_x + int(68 * 0.9 * u) + int(CARD_H * 0.9 * u / 2)
    # the table's middle: the left player's card (across) clear of the muestra (across, right of the stock)
    center_x = max(cx + 40, muestra_right + 8 + play_dx + int(CARD_H * table_scale / 2))
    if players == 2:   # no left player's card to make room for: the two cards over the hand
        center_x = max(cx, muestra_right + 8 + int(CARD_W * table_scale / 2) + 8)
    if close < 0.3:
        # Too short even for that (320x480, large text): the cards in a row, left to right as the
        # players sit (left, top, bottom, right), between the others' cards and a one-line message.
        room = message_y - (text_line + 12) // 2 - 6 - zone_top
        table_scale = max(0.25, min(u, room / CARD_H))
        cy = zone_top + room // 2
        step = int(CARD_H * table_scale) + 8
        play_at = {"left": (-3 * step // 2, 0), "top": (-step // 2, 0), "bottom": (step // 2, 0),
                   "right": (3 * step // 2, 0)}
        center_x = max(cx + 40, muestra_right + 8 + 2 * step)
    stock_y = max(cy - y(40), zone_top + int(CARD_H * 0.9 * u / 2))  # under the left player's cards
    table = TableGeometry(
        center=(center_x, cy), stock=(stock_x, stock_y), muestra=(stock_x + int(68 * 0.9 * u), stock_y),
        hand_at={"bottom": (cx, hand_y), "top": (groups["top"], cards_y),
                 "right": (groups["right"], cards_y), "left": (groups["left"], cards_y)},
        avatar_at={"bottom": (90, h - 160), "top": (groups["top"], top_y), "right": (groups["right"], top_y),
                   "left": (groups["left"], top_y)},
        pile_at={"bottom": (w - 62, message_y - y(20)), "top": (groups["top"] + y(92), cards_y),
                 "right": (groups["right"] + y(92), cards_y), "left": (groups["left"] + y(92), cards_y)},
        play_at=play_at,
        play_angle={"bottom": 0, "top": 180, "right": 90, "left": -90},
        hand_step=int(140 * hs), hand_scale=hs, side_step=y(34), side_scale=side_scale, pile_scale=pile_scale,
        table_scale=table_scale, drop_zone=pygame.Rect(24, zone_top, w - 48, message_y - zone_top),
        stock_scale=0.9 * u, side_fan="across", name_width=w // 3 - 8, sub_lines=sub_lines,
        # a short screen: the count under the stock would reach a two-line turn message
        stock_badge=stock_y + int(CARD_H * 0.9 * u / 2) + 6 + text_line > message_y - text_line - 6,
    )
    sena_w = (w - 40 - 3 * 10 - 150) // 3
    trump_w = trump_width(270, text_line)
    score_w = min(w - 12 - trump_w - 24, max(300, 10 * text_line))  # wider for big letters, up to the trump panel
    over_scale = min(1.2, 1.3 * u + 0.2)
    over_h = int(CARD_H * over_scale) + 260  # title, cards, names, who won: room for large text too
    over_y = max(12 + max(84, y(96)) + 10, min(cy - over_h // 2, sena_y - 10 - over_h))  # under the trump, above the señas
    hud = HudGeometry(
        trump=pygame.Rect(12, 12, trump_w, max(84, y(96))),
        score=pygame.Rect(w - 12 - score_w, 12, score_w, 0),
        message_y=message_y, reason_bottom=message_y - y(40), keys_y=4,
        buttons={name: pygame.Rect(10 + i * (bw + 10), by, bw, bh) for i, name in enumerate(("last", "hint", "swap", "menu"))},
        sena_title=(16, sena_y + sena_h // 2 - 14),
        sena_buttons=tuple(pygame.Rect(170 + i * (sena_w + 10), sena_y, sena_w, sena_h) for i in range(3)),
        overlay=pygame.Rect(16, over_y, w - 32, over_h),
        overlay_step=(w - 80) // 4, overlay_scale=over_scale, reason_width=w - 60,
    )
    btn_h = max(touch, y(96))
    bb = h - btn_h - y(24)
    # A phone: a label line above a value box; a tablet has room for both on one line.
    row_h = max(touch, y(96)) + max(30, y(46)) if phone else max(52, touch + 10)
    menu = MenuGeometry(
        title_y=y(400), subtitle_y=y(500), column=pygame.Rect(40, y(600), w - 80, btn_h), column_step=btn_h + y(22),
        saved_y=h - y(60), fan_left=(cx - 200, y(180)), fan_right=(cx + 100, y(180)), fan_scale=u,
        column_bottom=h - y(60) - text_line, column_top_min=y(500) + text_line,
        list_left=30, list_width=w - 60, row_h=row_h,
        back=pygame.Rect(40, bb, w - 80, btn_h),
        pair_left=pygame.Rect(20, bb, w // 2 - 30, btn_h), pair_right=pygame.Rect(w // 2 + 10, bb, w // 2 - 30, btn_h),
        list_top=y(150), list_columns=1, list_stacked=phone, value_width=w - 60 if phone else 330,
        list_bottom=bb - y(20), list_min_row=touch + 40 if phone else touch + 6,
        inline_row_h=touch + 14, inline_min_row=touch + 6, inline_value_width=w // 2 + 20,
        arrow_width=max(touch, 96) if phone else max(touch, 50), touch=touch,
        screen_title_y=y(70), content=pygame.Rect(20, y(140), w - 40, bb - y(140) - y(30)), stacked_panels=True,
    )
    return table, hud, menu
