"""Fuzzed saves (issue 12, "done when"): every field of every kind of save is mutated (types,
nulls, nesting, sizes, a missing field), and the real app is started on it and stepped through
the menu, Continue and play. Nothing may crash; a bad key is set aside byte for byte and reported
once; the other keys are not touched. Seeded: the same mutations every run."""

from __future__ import annotations

import copy
import functools
import json
import random

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import game.ui.app
from game.storage import KEYS, MemoryBackend, Storage
from game.ui.app import App
from game.ui.persist import Store
from test_saves_safe import GOOD, good_match_save

DT = 1 / 30
DELETE = object()


def deep(kind: str, depth: int = 60):
    value: object = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


MUTATIONS = [None, True, False, 0, -1, 7, 2 ** 63, -(10 ** 30), 1.5, -0.0, "", "x", "é" * 80, "x" * 300_000,
             "1O", "swap", [], {}, [1, 2, 3], {"x": 1}, [None], deep("list"), deep("dict"), DELETE]


def paths(value, prefix=()):
    """Every place in a JSON document: the root, each object member and each list item."""
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, prefix + (i,))


def mutate(doc, path, new):
    doc = copy.deepcopy(doc)
    if not path:
        return "" if new is DELETE else new  # the whole save gone: an empty file
    parent = doc
    for step in path[:-1]:
        parent = parent[step]
    if new is DELETE:
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    else:
        parent[path[-1]] = new
    return doc


def envelope(key: str, data) -> dict:
    return {"brisca": "save", "key": key, "version": 1, "data": data}


@functools.lru_cache(maxsize=1)
def good_docs() -> dict[str, dict]:
    """The three saves as the game writes them (shared: every mutation works on a copy)."""
    return {"settings": envelope("settings", GOOD["settings"]), "stats": envelope("stats", GOOD["stats"]),
            "match": envelope("match", good_match_save(seed=4, tricks=3))}


def plant(docs: dict, key: str, path: tuple, new) -> tuple[MemoryBackend, dict[str, str]]:
    backend = MemoryBackend()
    texts = {}
    for k, doc in docs.items():
        value = mutate(doc, path, new) if k == key else doc
        texts[k] = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        backend.write(k, texts[k])
    return backend, texts


def check_after(backend: MemoryBackend, texts: dict[str, str], key: str, app: App, touched: set[str]) -> None:
    """The mutated key: loaded as it was, or set aside byte for byte and reported once, or (a value
    a newer version may have written: test_saves_newer.py) left as it was and reported once; others kept."""
    aside = {k: v for k, v in backend.values.items() if ".bad-" in k}
    reported = [p for p in app.store.storage.problems if p.key == key]
    if aside:
        assert list(aside.values()) == [texts[key]], "only the mutated key is set aside, byte for byte"
        assert next(iter(aside)).startswith(f"{key}.bad-")
        assert len(reported) == 1 and reported[0].during == "load"
    elif app.store.held_for_newer(key):
        assert [p.kind for p in reported] == ["newer"] and backend.values[key] == texts[key]
    else:
        assert reported == []
    for other in KEYS:
        if other != key and other not in touched:
            assert backend.values[other] == texts[other], f"{other} changed"


def drive(app: App, rng: random.Random, frames: int = 25) -> set[str]:
    """Menu, Continue (when offered), ``frames`` of play with keys 1-3; the keys the game saved."""
    for _ in range(3):
        app.step(DT)
    touched: set[str] = set()
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_c, mod=0, unicode="c")])
    if app.session is not None:
        touched.add("match")  # playing on saves the match after each baza (stats at a hand's end)
        touched.add("stats")
        for _ in range(frames):
            key = rng.choice([pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_s, None])
            events = [] if key is None else [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")]
            app.step(DT, events)
    return touched


def start(backend: MemoryBackend) -> App:
    app = App(Store(Storage(backend)), window=False, seed=2)
    app.settings["speed"] = "instant"
    app.go("menu")
    return app


#: One of each kind of wrong value: a null, a list, an object, text, a fraction, a negative
#: number, deep nesting, a missing field (the app-level test tries each at every shallow place).
KINDS_OF_WRONG = [None, [], {}, "x", 1.5, -1, deep("list"), DELETE]


@pytest.fixture
def quick_art(monkeypatch):
    """Card faces, sprites and text are drawn once for every app started here (they take most of
    a start's time and have nothing to do with saves; each app still loads everything else)."""
    art = game.ui.app.make_art()
    sprites = game.ui.app.SpriteCache(art)
    typo = game.ui.app.Typography()
    monkeypatch.setattr(game.ui.app, "make_art", lambda big=False: art)   # (large text: its numbers not drawn bigger)
    monkeypatch.setattr(game.ui.app, "SpriteCache", lambda _art: sprites)
    monkeypatch.setattr(game.ui.app, "Typography", lambda: typo)


def test_every_field_of_every_save_mutated_and_the_real_app_started_on_it(quick_art):
    rng = random.Random(2026)
    docs = good_docs()
    started = 0
    for key in KEYS:
        every = list(paths(docs[key]))
        shallow = [p for p in every if len(p) <= 3]  # the envelope, each field, each field's members
        deeper = rng.sample([p for p in every if len(p) > 3], min(25, len(every) - len(shallow)))
        trials = [(p, new) for p in shallow for new in KINDS_OF_WRONG] + [(p, rng.choice(MUTATIONS)) for p in deeper]
        for path, new in trials:
            backend, texts = plant(docs, key, path, new)
            app = start(backend)
            touched = drive(app, rng, 25 if key == "match" else 3)  # the match is what play uses
            check_after(backend, texts, key, app, touched)
            started += 1
    assert started > 250


def test_text_level_damage_truncation_and_flipped_bytes(quick_art):
    rng = random.Random(7)
    docs = good_docs()
    for key in KEYS:
        good = json.dumps(docs[key])
        for _ in range(2):
            cut = rng.randrange(len(good))
            flipped = good[:cut] + chr(rng.randrange(32, 0x2FF)) + good[cut + 1:]
            for text in (good[:cut], flipped):
                backend, texts = plant(docs, key, (), None)
                backend.values[key] = texts[key] = text
                app = start(backend)
                check_after(backend, texts, key, app, drive(app, rng))


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)


@settings(max_examples=200, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_json_anywhere_in_a_save_never_escapes_the_store(data):
    """Breadth without the app: any JSON value at any place of any save; loading never raises,
    a bad key is set aside byte for byte, and what is handed out passes the checks."""
    docs = good_docs()
    key = data.draw(st.sampled_from(KEYS))
    path = data.draw(st.sampled_from(list(paths(docs[key]))))
    new = data.draw(JSON)
    backend, texts = plant(docs, key, path, new)
    store = Store(Storage(backend))
    settings_, stats, match = store.load_settings(), store.load_stats(), store.load_match()
    aside = [v for k, v in backend.values.items() if ".bad-" in k]
    assert aside in ([], [texts[key]])
    left = [p for p in store.problems if p.kind == "newer"]   # a newer version's: left in place
    assert len(store.problems) == len(aside) + len(left) and not (aside and left)
    assert not left or backend.values[key] == texts[key]
    assert isinstance(settings_, dict) and isinstance(stats, dict)
    if match is not None:
        from game.ui.session import Session  # noqa: PLC0415

        Session.from_save(match)  # what the store hands out can be resumed


def test_every_mutation_at_every_place_of_every_save_through_the_store():
    """Exhaustive without the app: each mutation at each place of each save (the app-level test
    above starts the real app on a seeded sample of the same)."""
    from game.ui.session import Session  # noqa: PLC0415

    docs = good_docs()
    tried = 0
    for key in KEYS:
        for path in paths(docs[key]):
            for new in MUTATIONS:
                backend, texts = plant(docs, key, path, new)
                store = Store(Storage(backend))
                loaded = {"settings": store.load_settings(), "stats": store.load_stats(), "match": store.load_match()}
                aside = [v for k, v in backend.values.items() if ".bad-" in k]
                assert aside in ([], [texts[key]]), (key, path)
                left = [p for p in store.problems if p.kind == "newer"]   # a newer version's: left in place
                assert len(store.problems) == len(aside) + len(left) and not (aside and left)
                assert not left or backend.values[key] == texts[key]
                for other in KEYS:
                    if other != key:
                        assert backend.values[other] == texts[other]
                if loaded["match"] is not None and key == "match":
                    Session.from_save(loaded["match"])
                tried += 1
    assert tried > 3000
