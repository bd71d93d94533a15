"""Hints: the move the strongest level would play, with a reason a person understands.

Why a reason and not only a move: players ask to learn while they play (PLAYERS.md, 10).  The
move comes from the expert search; the reason describes what the move does in this baza
(wins it, loads the partner's baza, throws a card without points, makes the cambio ...), in
Spanish first and English second.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from ..cards import DECK, RANK_NAMES, SUIT_NAMES
from ..fast import BEATS, POINTS, SWAP_MOVE
from ..hand import SWAP
from .heuristic import BEATERS
from .knowledge import others_mask
from .players import table_best

__all__ = ["Hint", "hint", "card_name_es", "card_name_en"]

_RANK_EN = {1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
            10: "jack", 11: "knight", 12: "king"}
_SUIT_EN = ("coins", "cups", "swords", "clubs")


class Hint(NamedTuple):
    move: object        # a Card or "swap"
    reason_es: str
    reason_en: str


def card_name_es(card) -> str:
    """"el caballo de copas", "el as de oros", "la sota de bastos"."""
    c = DECK[int(card)]
    article = "la" if c.rank == 10 else "el"
    return f"{article} {RANK_NAMES[c.rank]} de {SUIT_NAMES[int(c) // 10]}"


def card_name_en(card) -> str:
    c = DECK[int(card)]
    return f"the {_RANK_EN[c.rank]} of {_SUIT_EN[int(c) // 10]}"


def _pts_es(p: int) -> str:
    return "1 punto" if p == 1 else f"{p} puntos"


def _pts_en(p: int) -> str:
    return "1 point" if p == 1 else f"{p} points"


def explain(obs, move) -> tuple[str, str]:
    """(reason_es, reason_en) for ``move`` in ``obs``."""
    t = obs.trump
    if move == SWAP or move == SWAP_MOVE:
        give = obs.rules.swap_card_for(obs.muestra)
        return (f"haz el cambio: da {card_name_es(give)} y toma la muestra ({card_name_es(obs.muestra).split(' ', 1)[1]}), "
                f"un triunfo mejor",
                f"make the swap: give {card_name_en(give)} for the muestra "
                f"({card_name_en(obs.muestra)[4:]}), a better trump")
    c = int(move)
    es, en = card_name_es(c), card_name_en(c)
    unknown = others_mask(obs)
    n = obs.rules.players
    if not obs.table:
        if not (BEATERS[t][c] & unknown):
            if POINTS[c]:
                return (f"sal con {es}: nadie puede ganarlo, {_pts_es(POINTS[c])} seguros",
                        f"lead {en}: nobody can beat it, {_pts_en(POINTS[c])} for sure")
            return (f"sal con {es}: nadie puede ganarlo y mantienes la mano",
                    f"lead {en}: nobody can beat it and you keep the lead")
        if c // 10 == t:
            return (f"sal con {es} (triunfo) para hacer salir los triunfos del rival",
                    f"lead {en} (a trump) to draw out the opponents' trumps")
        if POINTS[c] == 0:
            return (f"sal con {es}, que no vale puntos: si te lo ganan no regalas nada",
                    f"lead {en}, worth no points: losing it gives nothing away")
        return (f"sal con {es}: es la carta que menos arriesgas",
                f"lead {en}: it is the card that risks least")
    beats = BEATS[t]
    best, win_seat, pts = table_best(obs)
    total = pts + POINTS[c]
    last = len(obs.table) == n - 1
    partner = n == 4 and win_seat == (obs.seat + 2) % 4
    if beats[best * 40 + c]:
        sure = last or not (BEATERS[t][c] & unknown)
        trumping = c // 10 == t and best // 10 != t
        if sure:
            if trumping:
                return (f"falla con {es} (triunfo): ganas la baza y {_pts_es(total)} seguros",
                        f"trump with {en}: you win the trick and {_pts_en(total)} for sure")
            return (f"gana la baza con {es}: {_pts_es(total)} seguros",
                    f"win the trick with {en}: {_pts_en(total)} for sure")
        if total == 0:
            return (f"juega {es}: gana la baza por ahora sin gastar nada que valga puntos",
                    f"play {en}: it wins the trick for now without spending anything worth points")
        return (f"intenta ganar la baza con {es}: hay {_pts_es(total)} en juego",
                f"try to win the trick with {en}: {_pts_en(total)} at stake")
    if partner:
        if POINTS[c]:
            return (f"tu compañero gana la baza: cárgale {es} ({_pts_es(POINTS[c])})",
                    f"your partner is winning the trick: give them {en} ({_pts_en(POINTS[c])})")
        return (f"tu compañero gana la baza: no gastes nada, tira {es}",
                f"your partner is winning the trick: spend nothing, play {en}")
    can_win = any(beats[best * 40 + int(x)] for x in obs.hand)
    if not can_win:
        return (f"no puedes ganar esta baza: tira {es}, lo que menos pierdes",
                f"you cannot win this trick: throw {en}, the cheapest loss")
    if POINTS[c] == 0:
        return (f"esta baza no compensa: tira {es}, que no vale puntos",
                f"this trick is not worth winning: throw {en}, worth no points")
    return (f"ganarla costaría más de lo que vale: tira {es}, lo que menos pierdes",
            f"winning it would cost more than it is worth: throw {en}, the cheapest loss")


def hint(obs, rng: random.Random, level: str = "expert", **options) -> Hint:
    """The move ``level`` (the strongest by default) would play now, and why."""
    from . import make_player

    player = make_player(level, rng, **options)
    move = player.choose(obs)
    es, en = explain(obs, move)
    return Hint(move, es, en)
