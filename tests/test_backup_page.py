"""The page's side of a copy of the player's data, in headless Chromium (no CDN needed).

``index.html``'s own script, with its template's fields filled and an empty stand-in for the
runtime (Python never starts here): ``brisca.saveBackup`` makes a download of the text it is given,
under its name, byte for byte (accents and all); ``brisca.pickBackup`` opens a file picker and
``brisca.takeBackup`` hands over the chosen file's text once, later (a file too large, its error
instead); where the browser's activation has run out, the picker waits for the next tap, which opens
it; ``brisca.build`` says the build's id.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from browser_kit import ARGS, CHROMIUM, need_browser, serve

ROOT = Path(__file__).resolve().parents[1]
FIELDS = {"ume_block": "0", "can_close": "1", "autorun": "0", "width": "1280", "height": "720"}


def page_folder(tmp_path: Path) -> Path:
    """The template with its fields filled (a build's id too) and a runtime that does nothing."""
    web = tmp_path / "web"
    (web / "cdn").mkdir(parents=True)
    text = (ROOT / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"\{\{cookiecutter\.(\w+)\}\}", lambda m: "cdn/" if m[1] == "cdn" else FIELDS.get(m[1], m[1]), text)
    (web / "index.html").write_text(text.replace('data-build=""', 'data-build="0123456789abcdef"'), encoding="utf-8")
    (web / "cdn" / "pythons.js").write_text("// stand-in: no Python here\n", encoding="utf-8")
    return web


@pytest.fixture
def page(tmp_path):
    need_browser()
    from playwright.sync_api import sync_playwright

    with serve(page_folder(tmp_path)) as (url, _requests), sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        context = browser.new_context(accept_downloads=True, has_touch=True)
        context.route("**/*", lambda r: r.continue_() if r.request.url.startswith(url) else r.abort())
        tab = context.new_page()
        errors: list[str] = []
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        tab.goto(url + "index.html")
        tab.wait_for_function("window.brisca && typeof window.brisca.takeBackup === 'function'", timeout=20000)
        yield tab
        assert errors == []
        browser.close()


def taken(tab, seconds: float = 10.0) -> str:
    """What the page hands over once it has read the file (asked as the game asks, again and again)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        text = tab.evaluate("window.brisca.takeBackup()")
        if text:
            return text
        time.sleep(0.05)
    raise AssertionError("the page never handed the file over")


def test_a_copy_is_downloaded_under_its_name_byte_for_byte(page):
    text = json.dumps({"format": "brisca-copia", "names": ["Núria", "Ángel", "Strauß"]}, ensure_ascii=False)
    with page.expect_download() as info:
        assert page.evaluate("([n, t]) => window.brisca.saveBackup(n, t)",
                             ["brisca-copia-2026-12-07.json", text]) == "saved"
    download = info.value
    assert download.suggested_filename == "brisca-copia-2026-12-07.json"
    assert Path(download.path()).read_text(encoding="utf-8") == text
    assert page.evaluate("window.brisca.build()") == "0123456789abcdef"


@pytest.mark.parametrize("data", ['{"format": "brisca-copia", "made": "hoy, ñ"}'.encode("utf-8"),
                                  b'\xef\xbb\xbf{"names": ["\xd1o\xf1o"]}' + bytes(range(256)) * 200],
                         ids=["utf-8", "a BOM, Latin-1 and every byte"])
def test_a_picked_file_is_read_and_handed_over_once_byte_for_byte(page, tmp_path, data):
    """The file's bytes, not the browser's reading of them as text: a BOM, UTF-16 or a Latin-1 "Ñ"
    are read by the game as the desktop reads them (readAsText turned the "Ñ" into U+FFFD)."""
    import base64   # noqa: PLC0415

    copy = tmp_path / "brisca-copia-2026-12-07.json"
    copy.write_bytes(data)
    assert page.evaluate("window.brisca.takeBackup()") == ""   # nothing chosen yet: an answer at once
    with page.expect_file_chooser() as chooser:
        assert page.evaluate("window.brisca.pickBackup()") == "open"
    chooser.value.set_files(str(copy))
    handed = json.loads(taken(page))
    assert handed["name"] == copy.name and base64.b64decode(handed["data"]) == data
    assert page.evaluate("window.brisca.takeBackup()") == ""   # handed over once


def test_a_file_too_large_is_not_read(page, tmp_path):
    big = tmp_path / "brisca-copia-grande.json"
    big.write_bytes(b" " * (4 * 1024 * 1024 + 1))
    with page.expect_file_chooser() as chooser:
        page.evaluate("window.brisca.pickBackup()")
    chooser.value.set_files(str(big))
    assert json.loads(taken(page)) == {"name": big.name, "error": "too_large"}


def test_without_a_fresh_gesture_the_next_tap_opens_the_picker(page):
    page.evaluate("Object.defineProperty(navigator, 'userActivation', {value: {isActive: false}})")
    assert page.evaluate("window.brisca.pickBackup()") == "armed"
    with page.expect_file_chooser(timeout=10000):
        page.touchscreen.tap(200, 200)


def test_armed_a_tap_or_key_of_the_games_other_buttons_opens_no_picker(page):
    """Armed, the next tap opened the picker wherever it landed, "Volver" too. A tap inside the places
    the game names (its other buttons, as parts of the canvas), or one of their keys, opens nothing
    and disarms (the game goes back); a tap anywhere else opens it."""
    page.evaluate("Object.defineProperty(navigator, 'userActivation', {value: {isActive: false}})")
    box = page.evaluate("(() => { const r = document.getElementById('canvas').getBoundingClientRect();"
                        " return [r.left, r.top, r.width, r.height]; })()")
    assert box[2] > 100 and box[3] > 100
    elsewhere = json.dumps({"keep_out": [[0.0, 0.8, 0.3, 0.2]], "keys": ["escape", "g"]})   # "Volver", bottom left
    opened: list = []
    page.on("filechooser", lambda chooser: opened.append(chooser))   # (every picker the page opens, in order)
    assert page.evaluate("(e) => window.brisca.pickBackup(e)", elsewhere) == "armed"
    page.touchscreen.tap(box[0] + box[2] * 0.15, box[1] + box[3] * 0.9)   # on "Volver"
    page.touchscreen.tap(box[0] + box[2] * 0.5, box[1] + box[3] * 0.5)   # the next tap: the game's, disarmed
    assert page.evaluate("(e) => window.brisca.pickBackup(e)", elsewhere) == "armed"
    page.keyboard.press("Escape")
    assert page.evaluate("(e) => window.brisca.pickBackup(e)", elsewhere) == "armed"
    with page.expect_file_chooser(timeout=10000):
        page.touchscreen.tap(box[0] + box[2] * 0.7, box[1] + box[3] * 0.9)   # on "Recuperar copia"
    assert len(opened) == 1   # that last one alone (the events come in order)


def test_armed_only_the_keys_the_screen_names_act_shift_or_a_letter_opens_nothing(page):
    """Armed, any key but the other buttons' opened the picker: Shift before a capital, a letter typed
    by mistake. Only the keys the screen names do: "Recuperar copia"'s own (R, and Enter or Space
    when it has the focus) open it; Esc, G, D stay the game's and disarm; any other key does nothing,
    and the page stays armed."""
    page.evaluate("Object.defineProperty(navigator, 'userActivation', {value: {isActive: false}})")
    elsewhere = json.dumps({"keep_out": [], "keys": ["escape", "g", "d"], "own": ["r", "return", "space"]})
    opened: list = []
    page.on("filechooser", lambda chooser: opened.append(chooser))
    assert page.evaluate("(e) => window.brisca.pickBackup(e)", elsewhere) == "armed"
    for key in ("Shift", "x", "ArrowLeft", "Tab", "7"):
        page.keyboard.press(key)
    page.keyboard.press("g")   # the game's: disarmed, nothing opened
    page.keyboard.press("Enter")   # (disarmed: nothing)
    assert opened == []
    for key in ("r", "Enter", "Space"):
        assert page.evaluate("(e) => window.brisca.pickBackup(e)", elsewhere) == "armed"
        page.keyboard.press("Shift")
        with page.expect_file_chooser(timeout=10000):
            page.keyboard.press(key)
    assert len(opened) == 3


def test_a_cancelled_picker_is_handed_over_as_cancelled(page):
    """The player closes the picker without a file: the game waited on, "Eligiendo…", for ever. The
    input's ``cancel`` event (current Chrome, Firefox, Safari) is handed over as a cancel, once."""
    with page.expect_file_chooser():
        page.evaluate("window.brisca.pickBackup()")
    page.evaluate("document.querySelector('input[type=file]').dispatchEvent(new Event('cancel'))")
    assert json.loads(taken(page)) == {"cancelled": True}
    assert page.evaluate("window.brisca.takeBackup()") == ""


def test_without_the_cancel_event_the_page_focused_again_without_a_file_is_a_cancel(page):
    """A browser with no ``cancel`` event on the input: the page focused again (the picker closed) and
    no file chosen a moment later is a cancel."""
    page.evaluate("delete HTMLElement.prototype.oncancel")
    with page.expect_file_chooser():
        page.evaluate("window.brisca.pickBackup()")
    page.evaluate("window.dispatchEvent(new Event('focus'))")
    assert json.loads(taken(page)) == {"cancelled": True}
