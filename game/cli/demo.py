"""``python -m game demo``: one hand between computer players, told in the terminal.

This is also what the game shows where no display exists.
"""

from __future__ import annotations

import random
import sys

from ..usage import Parser
from ..ai import make_player
from ..hand import CardPlayed, Drew, HandOver, Swapped, TrickWon
from ..match import Match
from ..rules import Rules
from ..ui.i18n import Words


def main(argv: list[str]) -> int:
    from ..ui.i18n import languages  # noqa: PLC0415

    parser = Parser(prog="python -m game demo", description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--level", default="normal", help="level of every computer player (default normal)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--lang", choices=list(languages()), default="es",
                        help="the language the hand is told in, as main.py's --lang (default es)")
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
    words = Words(args.lang)
    t = words.t
    match = Match.new(rules, rng)
    hand = match.hand
    print(t("demo.start", players=args.players, dealer=hand.dealer, muestra=words.card(hand.muestra),
            trump=t("suit." + hand.trump_suit)))
    while not hand.over:
        seat = hand.turn
        move = players[seat].choose(hand.observation(seat))
        for ev in hand.play(move):
            if isinstance(ev, Swapped):
                print(t("demo.swap", seat=ev.seat, gave=words.the_card(ev.gave), took=words.the_card(ev.took)))
            elif isinstance(ev, CardPlayed):
                print(t("demo.play", seat=ev.seat, card=words.the_card(ev.card)))
            elif isinstance(ev, TrickWon):
                print(t("demo.baza", n=len(hand.tricks), winner=ev.winner, points=words.points(ev.points)))
            elif isinstance(ev, Drew) and ev.is_muestra:
                print(t("demo.drew_muestra", seat=ev.seat))
            elif isinstance(ev, HandOver):
                sides = hand.side_points
                if ev.result.void:
                    print(t("demo.void", points=sides))
                else:
                    print(t("demo.won", side=ev.result.winner_side, points=sides))
    return 0
