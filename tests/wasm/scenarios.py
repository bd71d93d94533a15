"""Seeded full hands between computer players: the same code natively and in WebAssembly.

Why a separate module: ``tests/test_wasm.py`` imports it natively and the harness copies it
into Pyodide (``run.mjs --module``), so both runtimes execute exactly this code and any
difference in the resulting game records comes from the runtime, not from the test.

Every AI level plays every seat: for ``n`` players, rotation ``k`` (0..4) seats level
``LEVELS[(k + seat) % 5]`` at each seat, so over the five rotations each seat sees each level.
Each rotation is played under every rule variant of :data:`VARIANTS`.
"""

from __future__ import annotations

import random

#: Every level ``game.ai.make_player`` knows.
LEVELS = ("beginner", "normal", "random", "hard", "expert")
#: Rule options (``Rules.from_json`` form, players added per case): the defaults, and the
#: cambio on one's own turn with the cambio del dos, so both swap code paths run.
VARIANTS = ({}, {"swap_timing": "own_turn", "swap_two": True})


def seating(players: int, rotation: int) -> tuple[str, ...]:
    """The level at each seat for one rotation."""
    return tuple(LEVELS[(rotation + seat) % len(LEVELS)] for seat in range(players))


def cases(player_counts=(2, 3, 4), seed: int = 20240) -> list[dict]:
    """All (players, rotation, rule variant) cases, each with its own seed."""
    out = []
    for players in player_counts:
        for v, variant in enumerate(VARIANTS):
            for rotation in range(len(LEVELS)):
                out.append({"id": f"{players}p-v{v}-rot{rotation}", "players": players,
                            "rules": {"players": players, **variant},
                            "levels": list(seating(players, rotation)),
                            "seed": seed + 100 * players + 10 * v + rotation})
    return out


def make_players(levels, seed: int, budgets: dict | None):
    """One player per seat, each with its own seeded random.Random (and a budget if given:
    ``budgets`` maps a level to ``make_player`` options)."""
    from game.ai import make_player

    return [make_player(level, random.Random(seed * 31 + seat), **(budgets or {}).get(level, {}))
            for seat, level in enumerate(levels)]


def play(case: dict, budgets: dict | None = None) -> dict:
    """Deal the case's hand from its seed and let the AIs play it out, señas included in pairs
    (each seat shows the señas its AI wants before it moves; opponents catch them by chance).
    Seat 0 also asks for a hint (move and reasons, as the interface does) before each move.
    Returns the game record, the replay summary and the hints."""
    from game.ai import catch_senas, hint
    from game.hand import Hand
    from game.record import summary, to_record
    from game.rules import Rules

    n = case["players"]
    seed = case["seed"]
    hand = Hand.deal(Rules.from_json(case["rules"]), seed % n, random.Random(seed))
    bots = make_players(case["levels"], seed, budgets)
    table_rng = random.Random(seed + 1)
    hints = []
    for _ in range(200):
        if hand.over:
            break
        seat = hand.turn
        if n == 4:
            for card in bots[seat].senas_to_give(hand.observation(seat)):
                hand.give_sena(seat, card, catch_senas(table_rng, 0.3, seat))
        obs = hand.observation(seat)
        if seat == 0:
            h = hint(obs, random.Random(seed + len(hand.moves)), "hard", **(budgets or {}).get("hard", {}))
            hints.append([str(h.move), h.reason.kind, [str(c) for c in h.reason.cards], h.reason.points])
        hand.play(bots[seat].choose(obs))
    else:
        raise RuntimeError(f"case {case['id']}: the hand did not end")
    return {"id": case["id"], "record": to_record(hand), "summary": summary(hand), "hints": hints}


def batch(case_list: list[dict], budgets: dict | None = None) -> list[dict]:
    """Play every case; the unit of work sent to WebAssembly in one Pyodide start."""
    return [play(case, budgets) for case in case_list]


def match_cases(seed: int = 777) -> list[dict]:
    """One best-of-three match per player count, rule players (fast) with the random one."""
    levels = {2: ["normal", "beginner"], 3: ["beginner", "random", "normal"],
              4: ["normal", "random", "beginner", "normal"]}
    return [{"id": f"match-{n}p", "players": n, "levels": levels[n], "seed": seed + n} for n in (2, 3, 4)]


def play_match(case: dict) -> dict:
    """Play a best-of-three match to the end; in every hand, after its 7th move, save the match
    to JSON text and go on with the match read back from it (as the game does on reload).
    Returns every saved JSON and the final one, which must be identical in both runtimes."""
    import json

    from game.match import Match
    from game.rules import Rules

    n = case["players"]
    match = Match(Rules(players=n), case["seed"], case["seed"] % n, first_to=2)
    bots = make_players(case["levels"], case["seed"], None)
    saves = []
    for _ in range(20):  # void hands are replayed; 20 hands is far beyond any real match
        hand = match.hand
        while not hand.over:
            seat = hand.turn
            hand.play(bots[seat].choose(hand.observation(seat)))
            if len(hand.moves) == 7:
                text = json.dumps(match.to_json(), sort_keys=True)
                saves.append(text)
                match = Match.from_json(json.loads(text))
                hand = match.hand
        match.finish_hand()
        if match.over:
            break
        match.next_hand()
    else:
        raise RuntimeError(f"{case['id']}: the match did not end")
    return {"id": case["id"], "saves": saves, "final": match.to_json(),
            "winner_side": match.winner_side, "wins": match.wins}
