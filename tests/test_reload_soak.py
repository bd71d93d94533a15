"""Nothing is lost when the tab reloads, whatever was happening: random input (``uidrive.fuzz``)
through every scene, in stretches of random length, with the language, the screen's shape and
the seats changed now and then; after each stretch the page "reloads" (a new app over the same
storage, on a screen of another shape) and continues the saved match.

Checked at every reload: a match being played (not a demo, the guided hand or practice, not over)
is saved exactly as it stands — every move, the count, the seats — also during the deal and
before the first card; "Continuar" brings back exactly the saved match; no save is ever set aside
as unreadable; the statistics add up. This is how the first move of a match and the last of a hand
were found unsaved.
Now and then a stretch runs with every write failing (a full disk, the browser's quota): nothing
crashes, the player is told, and the next save after it keeps everything again.

A longer soak (a benchmark-like command, not part of the suite):

    python tests/test_reload_soak.py --seeds 100 [--first 0] [--segments 40]
"""

from __future__ import annotations

import argparse
import os
import random
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if __name__ == "__main__":   # run as a command from the checkout: the game's package beside tests/
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import pytest

import uidrive as drive
from game.storage import MemoryBackend, Storage
from game.ui import players
from game.ui.app import App
from game.ui.persist import Store
from test_saves_safe import FlakyBackend

DT = 1 / 30
SIZES = [(390, 844), (844, 390), (360, 640), (1280, 720), (768, 1024), (320, 568)]
SEATS = [None, [{"person": "Ana"}, {"person": "Luis"}], [{"person": ""}, {"cpu": "normal"}, {"person": "Eva"}],
         [{"person": "Ana"}, {"cpu": "beginner"}, {"person": "Luis"}, {"cpu": "normal"}]]
#: Scenes away from the table, where the match (if any) is the one saved before, not being played.
AWAY = ("menu", "options", "seats", "confirm", "settings", "rules", "stats", "match_end")


def _open(backend: MemoryBackend, seed: int, size) -> App:
    app = App(Store(Storage(backend)), window=True, seed=seed, size=size)
    app.go("menu")
    app.step(DT)
    return app


def soak(seed: int, segments: int) -> dict:
    """One soak; returns {"problems": [...], "reloads": n, "resumed": n, "moves": n}."""
    rng = random.Random(seed)
    backend = FlakyBackend()
    app = _open(backend, seed, None)
    problems: list[tuple] = []
    resumed = moves = failed_writes = hands = 0
    for seg in range(segments):
        backend.failing = rng.random() < 0.2   # a stretch where nothing can be written
        _scenes, plays = drive.fuzz(app, rng, rng.randrange(30, 400))
        moves += plays
        if backend.failing:
            backend.failing = False
            real = app.session is not None and not (app.session.demo or app.session.lesson)
            if plays and real and ("match", "write_failed", "save") not in app.store._noted:   # the menu says it
                problems.append((seg, app.scene.name, "moves went unsaved and nobody was told"))
            failed_writes += bool(plays)
            session = app.session   # the next move saves the match again (here, at once)
            if session is not None and not (session.demo or session.lesson or session.match.over):
                app.store.save_match(session.to_save())
            continue   # no reload in this stretch
        if rng.random() < 0.2:
            app.set_setting("lang", rng.choice(["es", "en", "ca"]))
        if rng.random() < 0.2:
            app.resize(rng.choice(SIZES))
        if rng.random() < 0.2:   # who plays next time "Empezar" is pressed
            seats = rng.choice(SEATS)
            if seats is None:
                app.settings.pop("last_seats", None)
            else:
                app.settings["last_seats"] = seats
                app.settings["last_options"] = dict(app.settings.get("last_options") or {}, players=len(seats))
            app.store.save_settings(app.settings)
        session = app.session
        reader = Store(Storage(backend))
        saved = reader.load_match()   # what a reload finds (not the session's own copy of a failed write)
        playing = (session is not None and not session.demo and not session.lesson and not session.match.over
                   and app.scene.name not in AWAY)
        if playing and (saved is None or saved["match"] != session.match.to_json()
                        or saved["seats"] != session.to_save()["seats"]):
            problems.append((seg, app.scene.name, "the match being played is not what is saved",
                             len(session.hand.moves), None if saved is None else len(saved["match"]["hand"]["moves"])))
        counted = reader.load_stats()
        hands = max(hands, counted["hands"] + sum(p.get("hands", 0) for p in counted.get("people", {}).values()))
        wrong = _stats_wrong(counted)
        if wrong:
            problems.append((seg, app.scene.name, "the statistics do not add up", wrong))
        set_aside = [p for p in app.store.problems + reader.problems if getattr(p, "set_aside_as", None)]
        if set_aside:
            problems.append((seg, app.scene.name, "a save was set aside", set_aside))
        app = _open(backend, seed * 1000 + seg, rng.choice(SIZES + [None]))   # the reload
        if saved is not None:
            if app.scene.saved is None:
                problems.append((seg, "the menu offers no Continuar for the saved match"))
                continue
            go = app.scene.act("continue")   # the menu's button, as a tap or C gives it
            if go is None or app.session is None:
                problems.append((seg, "Continuar did not resume", app.scene.name))
            elif app.session.match.to_json() != saved["match"]:   # (before a frame plays on: at the
                problems.append((seg, "the resumed match is not the saved one"))   # instant speed a bot would)
            else:
                resumed += 1
            app.manager.switch(go)
            app.step(DT)
    return {"problems": problems, "reloads": segments, "resumed": resumed, "moves": moves,
            "failed_writes": failed_writes, "hands_counted": hands}


def _stats_wrong(stats: dict) -> list[str]:
    """What does not add up in the saved statistics: every hand is won, lost or void; no more matches
    won than played; the overall table's figures are the sum of the tables' and match the totals."""
    wrong = []
    if stats["hands"] != stats["hand_wins"] + stats["hand_losses"] + stats["voids"]:
        wrong.append(f"hands {stats['hands']} != won + lost + void")
    if stats["match_wins"] > stats["matches"]:
        wrong.append("more matches won than played")
    by = stats.get("by", {})
    tables = [g for key, g in by.items() if key != "all"]
    for name in ("hands", "hand_wins", "matches", "match_wins"):
        total = by.get("all", {}).get(name, 0)
        if total != sum(g.get(name, 0) for g in tables) or total != stats[name]:
            wrong.append(f"{name}: overall {total}, tables {sum(g.get(name, 0) for g in tables)}, total {stats[name]}")
    return wrong


def _quick(make_bot):
    """``make_bot`` with the searching levels playing as normal: the soak tests saving and resuming,
    not the AI."""
    return lambda level, rng: make_bot("normal" if level in ("hard", "expert") else level, rng)


@pytest.fixture
def quick_bots(monkeypatch):
    monkeypatch.setattr(players, "make_bot", _quick(players.make_bot))


@pytest.mark.parametrize("seed", [1, 5])
def test_reloads_at_random_moments_lose_nothing(seed, quick_bots):
    out = soak(seed, 30)
    assert out["problems"] == []
    # it did play, save, resume, finish hands and meet failing writes
    assert out["resumed"] >= 15 and out["moves"] >= 40 and out["hands_counted"] >= 1 and out["failed_writes"] >= 1, out


def test_the_statistics_check_can_fail():
    good = {"hands": 3, "hand_wins": 2, "hand_losses": 1, "voids": 0, "matches": 1, "match_wins": 1,
            "by": {"all": {"hands": 3, "hand_wins": 2, "matches": 1, "match_wins": 1},
                   "2.normal": {"hands": 3, "hand_wins": 2, "matches": 1, "match_wins": 1}}}
    assert _stats_wrong(good) == []
    assert _stats_wrong(dict(good, hands=4)) and _stats_wrong(dict(good, match_wins=2))
    assert _stats_wrong(dict(good, by={"all": good["by"]["all"]}))   # a table's hands lost


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tests/test_reload_soak.py", description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="how many soaks (default 20)")
    parser.add_argument("--first", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--segments", type=int, default=40, help="reloads per soak (default 40)")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.segments < 1:
        parser.error("--seeds and --segments must be at least 1")
    players.make_bot = _quick(players.make_bot)
    failed = reloads = resumed = moves = 0
    for seed in range(args.first, args.first + args.seeds):
        out = soak(seed, args.segments)
        reloads, resumed, moves = reloads + out["reloads"], resumed + out["resumed"], moves + out["moves"]
        failed += bool(out["problems"])
        for problem in out["problems"]:
            print(f"seed {seed}: {problem}", flush=True)
    print(f"{args.seeds} soaks, {reloads} reloads, {resumed} matches resumed, {moves} moves: "
          f"{failed} soak(s) with problems")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
