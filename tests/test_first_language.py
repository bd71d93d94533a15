"""The language of a first start: the browser's or the desktop's, until the player chooses one.

Why: the default was Spanish whatever the browser or the desktop spoke, so a Catalan or English
browser started in Spanish and its player had to find Ajustes. A language saved (chosen in
Ajustes, or kept from an earlier start) always wins; anything without a catalogue is Spanish.
"""

from __future__ import annotations

import json

import pytest

from browser_kit import FakePage, install_page
from game.storage import MemoryBackend, Storage
from game.ui import launch, web
from game.ui.persist import Store


@pytest.mark.parametrize("navigator,lang", [
    (["ca-ES", "ca", "es-ES", "es"], "ca"), (["en-US", "en"], "en"), (["es-419"], "es"), (["CA"], "ca"),
    (["fr-FR", "en-GB"], "en"),   # the first language there is a catalogue for
    (["fr-FR", "de"], "es"), (["gl-ES", "pt"], "es"), ([], "es"), ([""], "es"),
])
def test_a_first_start_in_the_browser_speaks_the_browsers_language(monkeypatch, navigator, lang):
    install_page(monkeypatch, FakePage(languages=navigator))
    assert web.languages() == navigator
    assert launch.first_language() == lang


@pytest.mark.parametrize("answer", ["not json", json.dumps({"languages": "ca"}), json.dumps(["ca"]), None,
                                    json.dumps({"languages": [3, None, "en-US"]})])
def test_a_page_that_answers_badly_leaves_spanish_or_what_is_readable(monkeypatch, answer):
    page = install_page(monkeypatch, FakePage())
    page.language_text = answer
    assert launch.first_language() == ("en" if answer and "en-US" in answer else "es")
    web.reset_for_tests()


@pytest.mark.parametrize("environ,lang", [
    ({"LANG": "ca_ES.UTF-8"}, "ca"), ({"LANG": "en_GB.UTF-8"}, "en"), ({"LANG": "es_MX.UTF-8"}, "es"),
    ({"LC_ALL": "en_US.UTF-8", "LANG": "ca_ES.UTF-8"}, "en"),   # LC_ALL over LANG, as the C library reads them
    ({"LC_MESSAGES": "ca_ES@valencia", "LANG": "es_ES.UTF-8"}, "ca"),
    ({"LANGUAGE": "fr:en", "LANG": "es_ES.UTF-8"}, "en"),   # GNU's list of preferences first
    ({"LANG": "C.UTF-8"}, "es"), ({"LANG": "POSIX"}, "es"), ({"LANG": "de_DE.UTF-8"}, "es"),
])
def test_a_first_start_on_the_desktop_speaks_the_locales_language(environ, lang):
    assert web.BROWSER is False
    assert launch.first_language(environ) == lang


@pytest.mark.parametrize("name,lang", [("Catalan_Spain", "ca"), ("en_US", "en"), ("German_Germany", "es"), (None, "es")])
def test_a_desktop_without_locale_variables_asks_python(monkeypatch, name, lang):
    """Windows and macOS start programs with no LANG: the locale Python reads, Windows's named in English."""
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda *category: (name, "1252"))
    monkeypatch.setattr(locale, "setlocale", lambda category, value=None: f"{name or 'C'}.1252")
    assert launch.first_language({}) == lang


def test_a_desktop_with_no_locale_at_all_is_spanish(monkeypatch):
    """With no locale variable on Linux, Python 3.11 runs in the C.UTF-8 it turned C into and
    getlocale() names that "en_US": a first start spoke English (a reviewer of the diff)."""
    import locale
    import os
    import subprocess
    import sys

    monkeypatch.setattr(locale, "getlocale", lambda *category: ("en_US", "UTF-8"))
    monkeypatch.setattr(locale, "setlocale", lambda category, value=None: "C.UTF-8")
    assert launch.first_language({}) == "es"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = {"PATH": os.environ.get("PATH", ""), "HOME": os.environ.get("HOME", "/"), "PYTHONPATH": root}
    said = subprocess.run([sys.executable, "-c", "from game.ui.launch import first_language; print(first_language())"],
                          env=env, capture_output=True, text=True, timeout=120, cwd=root)
    assert said.returncode == 0, said.stderr
    assert said.stdout.split()[-1] == "es"


def test_a_saved_language_always_wins_over_the_first_starts():
    store = Store(Storage(MemoryBackend()), first_lang="ca")
    assert store.load_settings()["lang"] == "ca"   # nothing saved: the browser's
    backend = MemoryBackend()
    Store(Storage(backend)).save_settings({"lang": "es", "sound": False, "speed": "normal"})
    assert Store(Storage(backend), first_lang="en").load_settings()["lang"] == "es"   # a Spanish choice kept
    other = MemoryBackend()
    assert Storage(other).save("settings", {"sound": False}) is None   # settings saved, no language among them
    assert Store(Storage(other), first_lang="en").load_settings() == {"lang": "en", "sound": False, "speed": "normal"}
    assert Store(Storage(MemoryBackend()), first_lang="gl").load_settings()["lang"] == "es"   # no catalogue


def test_the_game_starts_in_the_desktops_language_until_one_is_chosen(monkeypatch, tmp_path):
    monkeypatch.setenv("BRISCA_DATA_DIR", str(tmp_path))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ca_ES.UTF-8")
    app = launch.build_app(launch.LaunchOptions())
    assert app.words.lang == "ca" and app.t("menu.new") == "Partida nova"
    app.set_setting("lang", "en")   # chosen in Ajustes
    assert launch.build_app(launch.LaunchOptions()).words.lang == "en"
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert launch.build_app(launch.LaunchOptions()).words.lang == "en"


def test_lang_on_the_command_line_sets_the_games_language_as_ajustes_would(monkeypatch, tmp_path):
    """``python main.py --lang en`` was taken and did nothing without --autoplay (a reviewer)."""
    monkeypatch.setenv("BRISCA_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    app = launch.build_app(launch.parse_args(["--lang", "en"]))
    assert app.words.lang == "en" and app.t("menu.new") == "New match"
    assert launch.build_app(launch.parse_args([])).words.lang == "en"   # kept, as a choice in Ajustes is
