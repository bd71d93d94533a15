"""Words: every catalogue complete and consistent; no scene hands literal text to the font renderer."""

from __future__ import annotations

import ast
import string
import sys
from pathlib import Path

import pytest

import game.ui.words
from game.ai import LEVELS
from game.ai.hints import KINDS, Reason
from game.cards import DECK, Card
from game.ui import i18n
from game.ui.i18n import ES, CatalogueError, Words, languages

UI = Path(__file__).resolve().parents[1] / "game" / "ui"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def catalogue_faults(lang: str) -> list[str]:
    """What a catalogue lacks against Spanish, one line each: keys missing or extra, a placeholder
    missing or unknown (``{mostra}`` for ``{muestra}``: the player would read the braces), an empty text."""
    words = i18n.catalogue(lang)
    faults = [f"{lang}: missing keys {sorted(set(ES) - set(words))}"] if set(ES) - set(words) else []
    faults += [f"{lang}: keys Spanish lacks {sorted(set(words) - set(ES))}"] if set(words) - set(ES) else []
    for key in sorted(set(ES) & set(words)):
        if fields(words[key]) != fields(ES[key]):
            faults.append(f"{lang}: {key} has the fields {sorted(fields(words[key]))}, Spanish {sorted(fields(ES[key]))}")
        if not words[key].strip():
            faults.append(f"{lang}: {key} is empty")
    return faults


@pytest.mark.parametrize("lang", list(languages()))
def test_every_catalogue_has_the_keys_and_placeholders_of_spanish(lang):
    """Every catalogue found (a translator's new file too): the languages come from the folder, not
    from a list here, which failed as soon as a fourth catalogue was added."""
    faults = catalogue_faults(lang)
    assert not faults, "\n".join(faults)


def test_the_languages_are_listed_spanish_english_then_by_code():
    codes = list(languages())
    assert codes[:2] == ["es", "en"] and codes[2:] == sorted(codes[2:]) and "ca" in codes
    assert languages()["es"] == "Español"


@pytest.fixture
def extra_words_folder(tmp_path, monkeypatch):
    """A second folder of catalogues beside game/ui/words (nothing is written in the repository)."""
    ours = set(languages())   # the repository's own catalogues, kept loaded
    monkeypatch.setattr(game.ui.words, "__path__", [*game.ui.words.__path__, str(tmp_path)])
    i18n.rescan()
    yield tmp_path
    for name in [m for m in sys.modules if m.startswith("game.ui.words.") and m.split(".")[-1] not in ours]:
        del sys.modules[name]
    monkeypatch.undo()
    i18n.rescan()


def test_a_new_catalogue_file_with_every_key_is_a_new_language(extra_words_folder):
    before = list(languages())
    assert "xx" not in before and Words("xx").lang == "es"
    words = {key: "~" + text for key, text in ES.items()}
    (extra_words_folder / "xx.py").write_text(f"NAME = 'Xish'\nWORDS = {words!r}\n", encoding="utf-8")
    i18n.rescan()  # the game lists the folder once, at its start
    codes = [code for code in before if code != "xx"]
    assert list(languages()) == codes[:2] + sorted([*codes[2:], "xx"]) and languages()["xx"] == "Xish"
    assert catalogue_faults("xx") == []
    xx = Words("xx")
    assert xx.lang == "xx" and xx.t("menu.new") == "~Nueva partida"
    assert Words("es").language_name("xx") == "Xish"


def test_a_broken_placeholder_is_reported_as_one(extra_words_folder):
    """A translator's "{mostra}" for "{muestra}" is named with its key, not hidden behind a list of
    languages compared first ("Left contains 1 more items")."""
    words = dict(ES, **{"hint.swap": ES["hint.swap"].replace("{muestra}", "{mostra}")})
    del words["menu.new"]
    (extra_words_folder / "xx.py").write_text(f"NAME = 'Xish'\nWORDS = {words!r}\n", encoding="utf-8")
    i18n.rescan()
    assert catalogue_faults("xx") == ["xx: missing keys ['menu.new']",
                                      "xx: hint.swap has the fields ['card', 'mostra'], Spanish ['card', 'muestra']"]


def test_a_file_that_is_not_a_catalogue_is_refused(extra_words_folder):
    (extra_words_folder / "yy.py").write_text("WORDS = ['not', 'a', 'dict']\n", encoding="utf-8")
    (extra_words_folder / "zz-pygbag.py").write_text("raise SystemExit\n", encoding="utf-8")  # not a module name
    i18n.rescan()
    with pytest.raises(CatalogueError, match="yy.py"):
        languages()


def test_a_folder_of_words_is_a_part_of_each_catalogue_and_a_key_in_two_places_is_refused(extra_words_folder):
    """The words of a part of the interface may live in a folder of their own (``words/backup/``),
    so that a catalogue file stays under 600 lines: they are the language's, and a key they share
    with the catalogue is a translator's slip, named."""
    part = extra_words_folder / "extra"
    part.mkdir()
    (part / "__init__.py").write_text("", encoding="utf-8")
    (part / "es.py").write_text("WORDS = {'extra.hello': 'Hola'}\n", encoding="utf-8")
    (part / "en.py").write_text("WORDS = {'extra.hello': 'Hello'}\n", encoding="utf-8")
    i18n.rescan()
    assert Words("es").t("extra.hello") == "Hola" and Words("en").t("extra.hello") == "Hello"
    assert Words("es").t("backup.save") == "Guardar copia" and Words("ca").t("backup.save") == "Desar una còpia"
    for name in [m for m in sys.modules if m.startswith("game.ui.words.extra")]:
        del sys.modules[name]
    (part / "en.py").write_text("WORDS = {'extra.hello': 'Hello', 'menu.new': 'New'}\n", encoding="utf-8")
    i18n.rescan()
    with pytest.raises(CatalogueError, match="extra/en.py: menu.new"):
        languages()
    for name in [m for m in sys.modules if m.startswith("game.ui.words.extra")]:
        del sys.modules[name]


def test_hint_reasons_become_sentences_in_each_language():
    es, en = Words("es"), Words("en")
    caballo, sota = Card.parse("11C"), Card.parse("10C")
    assert es.hint(Reason("win_sure", (caballo,), 5)) == "gana la baza con el caballo de copas: 5 puntos seguros"
    assert en.hint(Reason("win_sure", (caballo,), 5)) == "win the trick with the knight of cups: 5 points for sure"
    assert es.hint(Reason("cannot_win", (sota,), 2)) == "no puedes ganar esta baza: tira la sota de copas, que es con lo que menos pierdes"
    assert es.hint(Reason("partner_load", (Card.parse("12O"),), 1)).endswith("cárgale el rey de oros (1 punto)")
    swap = Reason("swap", (Card.parse("7E"), Card.parse("1E")))
    assert es.hint(swap) == "haz el cambio: da el siete de espadas y toma la muestra (as de espadas), un triunfo mejor"
    assert en.hint(swap) == "make the swap: give the seven of swords for the muestra (ace of swords), a better trump"
    for kind in KINDS:  # every kind the AI gives has a sentence with no field left unfilled, in every language
        for words in map(Words, languages()):
            text = words.hint(Reason(kind, (caballo, sota), 3))
            assert words.has(f"hint.{kind}") and "{" not in text, kind
        assert "caballo de copas" in es.hint(Reason(kind, (caballo, sota), 3)), kind


def test_catalan_joins_its_articles_and_prepositions_to_the_card():
    """Catalan elides before a vowel: "l'as d'oros", "la sota d'espases", "el set de copes"; the
    card's name and its article come from per-suit and per-rank keys that Spanish and English fill
    with their one form."""
    ca = Words("ca")
    assert ca.the_card(Card.parse("1O")) == "l'as d'oros"
    assert ca.the_card(Card.parse("10E")) == "la sota d'espases"
    assert ca.the_card(Card.parse("7C")) == "el set de copes"
    assert ca.the_card(Card.parse("12B")) == "el rei de bastos"
    assert ca.hint(Reason("win_sure", (Card.parse("3O"),), 10)) == "guanya la basa amb el tres d'oros: 10 punts segurs"
    es, en = Words("es"), Words("en")
    assert es.the_card(Card.parse("1O")) == "el as de oros" and es.the_card(Card.parse("10E")) == "la sota de espadas"
    assert en.the_card(Card.parse("1E")) == "the ace of swords"
    for card in DECK:   # no "de o…"/"de e…" left unelided, no "per el"/"de el" in a card's sentence
        name = ca.the_card(card)
        assert " de o" not in name and " de e" not in name and not name.startswith(("el a", "la a")), name
    for kind in KINDS:
        text = ca.hint(Reason(kind, (Card.parse("1O"), Card.parse("7E")), 3))
        assert "{" not in text and " per el " not in text and " de el " not in text and " a el " not in text, kind


def test_level_words_are_exactly_the_ais_levels():
    named = {k.split(".")[1] for k in ES if k.startswith("level.") and k != "level.unknown"}
    assert named == set(LEVELS)  # no unused level keys, none missing
    for key in LEVELS:
        assert Words("es").level_about(key) and Words("en").level_about(key) != Words("es").level_about(key)
    assert Words("es").level("random") == "Aleatorio" and Words("en").level("random") == "Random"
    assert Words("es").level_about("grandmaster") == "" and Words("en").level("grandmaster") == "Level grandmaster"


def test_card_names_and_levels_in_both_languages():
    es, en = Words("es"), Words("en")
    assert es.card(DECK[0]) == "as de oros"
    assert en.card(DECK[39]) == "king of clubs"
    assert all(es.card(c) != en.card(c) for c in DECK)
    assert es.level("hard") == "Difícil" and en.level("hard") == "Hard"
    assert Words("xx").lang == "es"  # unknown language falls back to Spanish


def literal_text(node: ast.AST) -> bool:
    """A string literal, an f-string with literal words, or literal concatenation."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return bool(node.value.strip())
    if isinstance(node, ast.JoinedStr):
        return any(isinstance(v, ast.Constant) and any(ch.isalpha() for ch in str(v.value)) for v in node.values)
    if isinstance(node, ast.BinOp):
        return literal_text(node.left) or literal_text(node.right)
    if isinstance(node, ast.IfExp):
        return literal_text(node.body) or literal_text(node.orelse)
    return False


def ui_sources():
    return [p for p in UI.rglob("*.py") if "art" not in p.relative_to(UI).parts]


def test_no_literal_text_reaches_the_renderer():
    offenders = []
    for path in ui_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            name = node.func.attr
            text_args = []
            if name == "blit" and len(node.args) >= 2:  # Typography.blit(surface, text, ...)
                text_args.append(node.args[1])
            if name in ("render", "wrap", "size") and node.args:  # typo.render(text, ...), font.render(text, ...)
                text_args.append(node.args[0])
            for arg in text_args:
                if literal_text(arg):
                    offenders.append(f"{path.relative_to(UI)}:{node.lineno}")
    assert not offenders, f"literal text given to the renderer at {offenders}"


def test_the_check_itself_catches_a_literal():
    bad = ast.parse('app.typo.blit(surface, "Hola", (0, 0), 20)\nfont.render(f"Mazo {n}", True, c)')
    calls = [n for n in ast.walk(bad) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)]
    assert literal_text(calls[0].args[1]) and literal_text(calls[1].args[0])
    good = ast.parse('app.typo.blit(surface, app.t("x"), (0, 0), 20)')
    call = next(n for n in ast.walk(good) if isinstance(n, ast.Call) and n.func.attr == "blit")
    assert not literal_text(call.args[1])


def test_every_catalogue_key_used_in_code_exists():
    used = set()
    for path in ui_sources():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "t"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                used.add(node.args[0].value)
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("Button", "OptionRow") and node.args:
                for a in node.args[:2]:
                    if isinstance(a, ast.Constant) and isinstance(a.value, str) and "." in a.value:
                        used.add(a.value)
    missing = sorted(k for k in used if k not in ES)
    assert not missing, missing
    assert len(used) > 60


def test_every_character_has_a_glyph_in_the_bundled_font():
    """pygame's default font draws a box for characters it lacks (arrows, emoji): none may be used."""
    import pygame  # noqa: PLC0415

    pygame.font.init()
    font = pygame.font.Font(None, 30)

    def picture(ch: str):
        surf = font.render(ch, True, (255, 255, 255))
        return surf.get_size(), pygame.image.tobytes(surf, "RGBA")

    missing_glyph = picture("\ue000")  # a private-use character: surely not in the font
    assert picture("\u2191") == missing_glyph  # the check can see a missing arrow
    chars = {ch for lang in languages() for text in i18n.catalogue(lang).values() for ch in text if ord(ch) > 127}
    lacking = sorted(ch for ch in chars if picture(ch) == missing_glyph)
    assert not lacking, lacking


@pytest.mark.parametrize("lang", list(languages()))
def test_counts_say_one_in_the_singular(lang):
    """The count's summary said "1 triunfos" (and "1 cartas" while counting): every counted word has
    a singular for one and a plural for the rest, in both catalogues."""
    from game.ui.i18n import Words

    words = Words(lang)
    keys = [k for k in words._default if k.endswith((".one", ".many"))]
    stems = {k.rsplit(".", 1)[0] for k in keys}
    assert {"score.cards", "score.tricks", "score.big", "score.trumps", "points"} <= stems
    for stem in stems:
        one, many = words.count(stem, 1), words.count(stem, 2)
        assert one.startswith("1") and "{" not in one and many.startswith("2") and one != many.replace("2", "1", 1), stem
    expected = {"es": ("1 triunfo", "3 triunfos", "1 carta"), "en": ("1 trump", "3 trumps", "1 card")}.get(lang)
    if expected:
        assert (words.count("score.trumps", 1), words.count("score.trumps", 3), words.count("score.cards", 1)) == expected


@pytest.mark.parametrize("lang", list(languages()))
def test_zero_is_said_in_the_plural_with_its_zero(lang):
    """No hand played yet, no hand won by a side: "0 puntos", "0 manos ganadas". The singular texts
    are written "1 punto", so a zero taken for one would say one."""
    words = Words(lang)
    stems = {k.rsplit(".", 1)[0] for k in words._default if k.endswith(".many")}
    for stem in stems:
        assert words.count(stem, 0) == words.count(stem, 2).replace("2", "0", 1), stem
    assert words.points(0).startswith("0 ") and words.count("match.hands_won", 0).startswith("0 ")


#: What the buttons that start, keep or erase something say, in each language: the completeness
#: tests check each catalogue's keys and fields, not what its words mean (two texts swapped pass them).
BUTTONS = {
    "menu.new": ("Nueva partida", "New match", "Partida nova"),
    "menu.continue": ("Continuar partida", "Continue match", "Continuar la partida"),
    "confirm.yes": ("Sí", "Yes", "Sí"),
    "confirm.no": ("No, volver", "No, go back", "No, tornar"),
    "confirm.new_yes": ("Sí, empezar otra", "Yes, start another", "Sí, començar-ne una altra"),
    "stats.reset": ("Borrar estadísticas", "Reset statistics", "Esborrar les estadístiques"),
    "stats.reset_yes": ("Borrar", "Delete", "Esborrar"),
    "common.back": ("Volver", "Back", "Tornar"),
}


@pytest.mark.parametrize("key", BUTTONS)
def test_the_buttons_that_start_keep_or_erase_say_so_in_each_language(key):
    assert tuple(Words(lang).t(key) for lang in ("es", "en", "ca")) == BUTTONS[key]


def test_two_names_are_joined_by_e_before_the_sound_i_in_spanish():
    """"¡Ana y Isabel ganan la partida!": Spanish writes "e" before i-/hi- (not hie-, hia-)."""
    es, en, ca = Words("es"), Words("en"), Words("ca")
    assert es.both("Ana", "Isabel") == "Ana e Isabel" and es.both("Pedro", "Hilario") == "Pedro e Hilario"
    assert es.both("Ana", "Íñigo") == "Ana e Íñigo" and es.both("Rosa", "Hierro") == "Rosa y Hierro"
    assert es.both("Ana, Rosa", "Luis") == "Ana, Rosa y Luis" and es.both("Ana", "Yolanda") == "Ana y Yolanda"
    assert en.both("Ana", "Isabel") == "Ana & Isabel" and ca.both("Ana", "Isabel") == "Ana i Isabel"


@pytest.mark.parametrize("lang,expected", [
    ("ca", {1: "Fas la senya de l'as", 3: "Fas la senya del tres", 12: "Fas la senya del rei"}),
    ("es", {1: "Haces la seña del as", 3: "Haces la seña del tres", 12: "Haces la seña del rey"}),
    ("en", {1: "You signal the ace", 3: "You signal the three", 12: "You signal the king"}),
])
def test_a_sena_given_is_said_with_its_cards_article(lang, expected):
    """The seña's line was built from the bare rank word, so Catalan could only say "Fas la senya:
    as" ("de l'as", "del tres", "del rei" need the article joined to the word)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.storage import MemoryBackend, Storage
    from game.ui.app import App
    from game.ui.options import Options
    from game.ui.persist import Store
    from game.ui.scenes.common import start_game

    said = {}
    for seed in [1, 3, 27] + list(range(60)):   # (1, 3, 27: a tres, an as, a rey of triunfo in hand)
        app = App(Store(Storage(MemoryBackend())), window=False, seed=seed)
        app.settings["lang"], app.settings["speed"] = lang, "instant"
        app.words = Words(lang)
        app.manager.switch(start_game(app, Options(players=4, watch=0)))   # (never caught: the seña as given)
        for _ in range(200):
            app.step(1 / 30)
            if app.scene.name == "play" and app.scene.human_turn():
                break
        scene = app.scene
        for card in app.session.sena_cards(scene.viewer) if scene.may_signal() else []:
            scene.give_sena(card.rank)
            said[card.rank] = scene.message[0]
        if len(said) == 3:
            break
    assert said == expected


@pytest.mark.parametrize("lang,expected", [
    ("es", ["el as", "el as y el tres", "el as, el tres y el rey", "Rosa e Isabel"]),
    ("ca", ["l'as", "l'as i el tres", "l'as, el tres i el rei", "Rosa i Isabel"]),
    ("en", ["the ace", "the ace and the three", "the ace, the three and the king", "Rosa and Isabel"]),
])
def test_lists_in_a_sentence_read_as_prose(lang, expected):
    """Two or three señas at once read "del as y del tres y del rey", and English put a side's "&"
    into sentences ("Paco signals the ace & the king"); a list is "a, b y c", "and" in English."""
    words = Words(lang)
    ranks = {"es": ["el as", "el tres", "el rey"], "ca": ["l'as", "el tres", "el rei"],
             "en": ["the ace", "the three", "the king"]}[lang]
    assert [words.listing(ranks[:n]) for n in (1, 2, 3)] == expected[:3]
    assert words.both("Rosa", "Isabel", prose=True) == expected[3]


@pytest.mark.parametrize("lang,label", [("es", "Pareja"), ("en", "Partner"), ("ca", "Parella")])
def test_your_partner_is_named_by_a_word_for_a_woman_or_a_man(lang, label):
    """"Compañero" stood under Abuela's and Lucia's faces: the masculine word for every partner. The
    label, the hints and the rules now say "pareja" (a word brisca players use, for anyone), "parella",
    "partner"; no text in any catalogue is left with the gendered word."""
    words = i18n.catalogue(lang)
    assert words["play.partner"] == label and words["play.partner_level"] == f"{label}: {{level}}"
    gendered = {"es": ("compañer",), "ca": ("company", "companya"), "en": ()}[lang]
    assert [k for k, text in words.items() if any(g in text.lower() for g in gendered)] == []


@pytest.mark.parametrize("lang,title", [("es", "Pasa el juego a Lucia"), ("en", "Pass the game to Lucia"),
                                        ("ca", "Passa el joc a Lucia")])
def test_the_handoff_says_pass_the_game_not_the_device(lang, title):
    """"Pasa el dispositivo a Lucia": "dispositivo" is an adult's word, and "the phone" or "the tablet"
    is not true everywhere. The handoff, and the rules where they tell of it, say "the game" now."""
    words = i18n.catalogue(lang)
    assert words["handoff.title"].format(name="Lucia") == title
    device = {"es": "pasa el dispositivo", "en": "pass the device", "ca": "passa el dispositiu"}[lang]
    assert [k for k, text in words.items() if device in text.lower()] == []


@pytest.mark.parametrize("lang", list(languages()))
def test_the_guides_cambio_tip_says_when_in_short_sentences(lang):
    """The cambio's tip put four conditions in one clause ("…solo tras ganar una baza, antes de salir, y
    mientras quede mazo además de la muestra"), and a child does not know "salir" as leading. When a
    match allows it now takes one sentence each: win a baza first, then swap before playing a card,
    and only while the stock has more than the muestra; no sentence (or part of one after a colon) is
    longer than 20 words."""
    words = i18n.catalogue(lang)
    baza, stock, lead = {"es": ("baza", "mazo", "salir"), "en": ("trick", "stock", "leading"),
                         "ca": ("basa", "munt", "sortir")}[lang]
    for key in ("guide.cambio", "guide.cambio_touch"):
        sentences = [s for s in words[key].replace("; ", ". ").replace(": ", ". ").split(". ") if s]
        assert max(len(s.split()) for s in sentences) <= 20, (key, sentences)
        assert not any(baza in s and stock in s for s in sentences), key   # one condition a sentence
        assert any(baza in s for s in sentences) and any(stock in s for s in sentences), key
        assert lead not in words[key], key


@pytest.mark.parametrize("lang", list(languages()))
def test_the_guide_gives_the_cards_order_before_it_first_needs_it(lang):
    """The guided hand said "la carta más alta del palo" and never the order: a child reads "más alta"
    as the bigger number and thinks the rey (12) beats the tres. The values tip, before the cambio's
    ("a better trump") and the baza's, gives the order of RULES.md, from the core's; the baza's tip
    speaks of the strongest card, not the highest. The sota, caballo and rey carry 10, 11 and 12 on
    the card: a learner holding a "10" took it for a strong card, so the order names those marks,
    and the rules' deck says them too."""
    from game.cards import STRENGTH_ORDER
    from game.ui.guide import TIPS

    words = i18n.catalogue(lang)
    named = {r: words[f"rank.{r}"] + (f" ({r})" if r >= 10 else "") for r in (1, 3, 10, 11, 12)}
    order = ", ".join(named.get(r, str(r)) for r in STRENGTH_ORDER)
    assert all(named[r] in words["rules.cards"] for r in (10, 11, 12)), words["rules.cards"]
    names = [tip.key for tip in TIPS]
    assert names.index("values") < names.index("cambio") < names.index("baza")
    for key in ("guide.values", "guide.values_touch"):
        assert order in words[key], (key, order)
    highest = {"es": "más alt", "en": "highest", "ca": "més alt"}[lang]
    assert highest not in words["guide.baza"]


@pytest.mark.parametrize("lang", list(languages()))
def test_a_cambio_refused_for_its_moment_says_what_to_do_in_order(lang):
    """The holder of the 7 on their first lead read "El cambio se hace tras ganar una baza, antes de
    salir": "salir" is no word a child knows for leading. The line now says the steps in order, as
    the guided hand's tip does: win a baza first, then swap (the gold button says when, as it did).
    Short: at 320x480 with large text it has a narrow box beside the stock."""
    text = i18n.catalogue(lang)["play.no_swap.after_win"]
    first, then = {"es": ("Primero gana una baza", "luego podrás cambiar"), "en": ("First win a trick", "then you can swap"),
                   "ca": ("Primer guanya una basa", "després podràs canviar")}[lang]
    assert text.startswith(first) and then in text
    assert not any(w in text for w in ("salir", "leading", "sortir"))
