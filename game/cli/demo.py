"""``python -m game demo``: one hand between computer players, told in the terminal.

This is also what the game shows where no display exists.
"""

from __future__ import annotations

import argparse
import random
import sys

from ..ai import make_player
from ..hand import CardPlayed, Drew, HandOver, Swapped, TrickWon
from ..match import Match
from ..rules import Rules
from ..ui.i18n import Words


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game demo", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--level", default="normal", help="level of every computer player (default normal)")
    parser.add_argument("--seed", type=int, default=None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    rng = random.Random(args.seed)
    rules = Rules(players=args.players)
    try:
        players = [make_player(args.level, random.Random(rng.getrandbits(32))) for _ in range(args.players)]
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    words = Words("es")  # the terminal tells the hand in Spanish
    name = words.card
    match = Match.new(rules, rng)
    hand = match.hand
    print(f"Brisca: {args.players} jugadores, reparte el asiento {hand.dealer}; "
          f"muestra {name(hand.muestra)} (triunfo: {words.t('suit.' + hand.trump_suit)})")
    while not hand.over:
        seat = hand.turn
        move = players[seat].choose(hand.observation(seat))
        for ev in hand.play(move):
            if isinstance(ev, Swapped):
                print(f"  asiento {ev.seat} cambia el {ev.gave} por la muestra {ev.took}")
            elif isinstance(ev, CardPlayed):
                print(f"  asiento {ev.seat} juega {name(ev.card)}")
            elif isinstance(ev, TrickWon):
                print(f"baza {len(hand.tricks)}: gana el asiento {ev.winner} ({ev.points} puntos)")
            elif isinstance(ev, Drew) and ev.is_muestra:
                print(f"  asiento {ev.seat} roba la muestra")
            elif isinstance(ev, HandOver):
                res = ev.result
                sides = hand.side_points
                if res.void:
                    print(f"Mano nula (empate): {sides}")
                else:
                    print(f"Gana el lado {res.winner_side}: puntos {sides}")
    return 0
