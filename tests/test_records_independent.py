"""The game's records read by a second reader of RULES.md (tests/independent_reader.py).

Why: an outside check replays this project's records with its own reading of RULES.md. Records
written by the game — every rule option, two to four players, the computer's levels, señas,
matches of several hands, unfinished hands and a saved match's current hand — must be accepted
by a strict reader written from the spec alone, and replay to the same bazas, cambios, points
and result as ``game.record.summary`` and ``python -m game replay`` say.
"""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import random
from pathlib import Path

import pytest

from game.ai import catch_senas, make_player
from game.cli import replay as replay_cli
from game.match import Match
from game.record import from_record, summary, to_record
from game.rules import Rules
import independent_reader as reader

SPEC_KEYS = ("tricks", "swaps", "points", "side_points", "result", "over")
CAMBIOS = [dict(swap_seven=True, swap_timing="after_win", swap_two=False),
           dict(swap_seven=True, swap_timing="own_turn", swap_two=False),
           dict(swap_seven=True, swap_timing="after_win", swap_two=True),
           dict(swap_seven=True, swap_timing="own_turn", swap_two=True),
           dict(swap_seven=False, swap_timing="own_turn", swap_two=True)]
RULE_SETS = ([dict(players=2, **c) for c in CAMBIOS] + [dict(players=4, **c) for c in CAMBIOS]
             + [dict(players=3, removed_card=r, **c) for r, c in itertools.product(("2O", "2C", "2E", "2B"), CAMBIOS)])


def spec_part(game_summary: dict) -> dict:
    return {k: game_summary[k] for k in SPEC_KEYS}


def play_match(rules: Rules, seed: int) -> list[dict]:
    """The records of every hand of a seeded match (best of three) between the quick levels, señas
    given and caught in pairs; the last hand's record is also taken half-way."""
    rng = random.Random(seed)
    match = Match(rules, seed, rng.randrange(rules.players), first_to=2)
    bots = [make_player(rng.choice(("random", "beginner", "normal")), random.Random(seed * 10 + s))
            for s in range(rules.players)]
    records = []
    while True:
        hand = match.hand
        while not hand.over:
            seat = hand.turn
            if rules.players == 4:
                for card in bots[seat].senas_to_give(hand.observation(seat)):
                    hand.give_sena(seat, card, catch_senas(rng, 0.5, seat))
            hand.play(bots[seat].choose(hand.observation(seat)))
            if len(hand.moves) == 17:
                records.append(json.loads(json.dumps(to_record(hand))))   # an unfinished hand
        records.append(json.loads(json.dumps(to_record(hand))))
        match.finish_hand()
        if match.over:
            return records
        match.next_hand()


@pytest.mark.parametrize("options", RULE_SETS, ids=lambda o: "-".join(str(v) for v in o.values()))
def test_every_record_the_game_writes_replays_the_same_by_an_independent_reading(options):
    rules = Rules(**options)
    seen_cambio = False
    seed = 0
    # Three matches; where the cambio is on and none of them showed one, more (with three players a
    # set can go three matches without one, and then the reading of the cambio compared nothing).
    while seed < 3 or (options["swap_seven"] and not seen_cambio and seed < 12):
        for record in play_match(rules, seed * 1000 + sum(map(ord, str(options)))):
            assert set(record["rules"]) <= set(reader.RULE_DEFAULTS)   # RULES.md's rule keys only
            theirs = reader.replay(record).summary()
            assert theirs == spec_part(summary(from_record(record)))
            seen_cambio |= bool(theirs["swaps"])
        seed += 1
    if options["swap_seven"]:
        assert seen_cambio   # the seeded matches do show the cambio


def test_a_saved_matchs_current_hand_is_a_record_of_rules_md():
    rules = Rules(players=3, removed_card="2B", swap_two=True)
    match = Match(rules, 77, 1)
    rng = random.Random(5)
    for _ in range(20):
        match.hand.play(rng.choice(match.hand.legal_moves()))
    saved = json.loads(json.dumps(match.to_json()))["hand"]
    assert reader.replay(saved).summary() == spec_part(summary(match.hand))
    assert Match.from_json(json.loads(json.dumps(match.to_json()))).hand.moves == match.hand.moves


@pytest.mark.parametrize("path", sorted((Path(__file__).parent / "records").glob("*.json")), ids=lambda p: p.stem)
def test_the_hand_worked_records_and_the_replay_command_agree_with_the_independent_reading(path, tmp_path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    theirs = reader.replay(doc["record"]).summary()
    assert theirs == spec_part(doc["expected"])
    record = tmp_path / "record.json"
    record.write_text(json.dumps(doc["record"]), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):   # python -m game replay FILE, in-process
        assert replay_cli.main([str(record)]) == 0
    assert spec_part(json.loads(out.getvalue())) == theirs


def test_the_independent_reader_rejects_what_rules_md_rejects():
    """The second reader is strict where RULES.md is (so that agreeing with it means something)."""
    good = json.loads((Path(__file__).parent / "records" / "cambio_siete.json").read_text(encoding="utf-8"))["record"]
    reader.replay(good)
    bad_records = [
        {**good, "rules": {**good.get("rules", {}), "best_of": 3}},   # not a rule of RULES.md
        {**good, "moves": good["moves"][:1] + ["99O"]},
        {**good, "moves": ["swap"] + good["moves"]},                   # no cambio before a baza is won
        {**good, "deck": good["deck"][:-1] + good["deck"][:1]},       # a card twice
        {**good, "moves": good["moves"][:1] + ["04C"]},               # not canonical card text
    ]
    for bad in bad_records:
        with pytest.raises(reader.Bad):
            reader.replay(bad)


def test_the_spec_stands_alone_with_its_source_text_beside_it():
    """docs/RULES.md says the source text lies beside it: a clone has it (no ../shared there)."""
    docs = Path(__file__).resolve().parents[1] / "docs"
    assert "`reglas-de-la-brisca.txt` beside this file" in (docs / "RULES.md").read_text(encoding="utf-8")
    source = (docs / "reglas-de-la-brisca.txt").read_text(encoding="utf-8")
    assert source.startswith("Reglas de la brisca") and "cambio del siete" in source
