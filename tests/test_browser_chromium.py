"""The built page in a real browser, with a stand-in runtime: headless Debian Chromium + Playwright.

Python never starts here (pygbag's CPython is only on its CDN), so the runtime loader is
answered with a stand-in ``pythons.js`` that does what the page sees of the real one: it runs
the page hooks our Python block sends (``page("phase", ...)``, read from the page itself, in
order), fetches the archive that block names, waits for the tap, and then plays the game's
part: it draws at the size the page reports (``brisca.viewport()``) and reports its first
frame (``brisca.ready()``). The real ``pythons.js`` is run in tests/test_browser_loader.py.

Proved here: no JavaScript errors; the runtime asked for at the CDN path and nothing else
outside; the archive from our host; the loading screen stays until the game's first frame;
the canvas fits the window before the game sizes it and covers it after, at phone sizes
upright and sideways (touch emulation) and at desktop sizes, also after a rotation or the
address bar changing the height; the bilingual prompt; no zoom or scroll gestures; focus on
the canvas, also inside an iframe as on itch.io; JavaScript built from Python with JSON (a
hostile error text arrives intact). Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import contextlib
import json
import re
import shutil

import pytest

from browser_kit import (ARGS, ARTIFACTS, CDN, CHROMIUM, STUB_PYTHONS_JS, assert_covers, assert_fits,
                         canvas_box, draw_at_page_size, need_browser, serve)
from game.cli import build_web

SIZES = {"phone": dict(width=390, height=844), "phone-sideways": dict(width=844, height=390),
         "desktop": dict(width=1366, height=768), "desktop-hd": dict(width=1920, height=1080)}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    need_browser()
    root = tmp_path_factory.mktemp("site")
    result = build_web.build_web(root / "web", timeout=120)
    # an itch.io-like embed: our page inside an iframe of another page
    (root / "web" / "embed.html").write_text(
        '<!DOCTYPE html><html><body style="margin:0"><p>host page</p>'
        '<iframe id="game" src="index.html" width="960" height="540" allow="autoplay; fullscreen"></iframe>'
        "</body></html>")
    with serve(root / "web") as (url, requests):
        yield {"url": url, "requests": requests, "web": result.web_dir, "root": root}


def _open(playwright, site, tmp_path, size: str, path: str = "index.html", locale: str = "en-US"):
    """A fresh browser profile with the CDN intercepted and every other outside host refused."""
    viewport = SIZES[size]
    mobile = size.startswith("phone")
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / f"profile-{size}"), executable_path=CHROMIUM, headless=True, args=ARGS,
        viewport=viewport, is_mobile=mobile, has_touch=mobile, device_scale_factor=3 if mobile else 1,
        locale=locale,
    )
    seen = {"cdn": [], "outside": [], "errors": [], "console": [], "kept": []}
    runtime = set(build_web.runtime_urls((site["web"] / "index.html").read_text(encoding="utf-8"))[1])

    def route(r):
        url = r.request.url
        if url.startswith(site["url"]):
            r.continue_()
        elif r.request.service_worker is not None and url in runtime:
            # the service worker keeping the runtime's files as it installs (sw.js): on a busy
            # machine it ran before the page's checks and its vtx.js counted as "outside"
            seen["kept"].append(url)
            r.fulfill(status=404, body="not in the test CDN")
        elif url.startswith(CDN):
            seen["cdn"].append(url)
            if url == CDN + "pythons.js":
                r.fulfill(status=200, content_type="text/javascript", body=STUB_PYTHONS_JS)
            else:
                r.fulfill(status=404, body="not in the test CDN")
        else:
            seen["outside"].append(url)
            r.abort()

    context.route("**/*", route)
    page = context.pages[0] if context.pages else context.new_page()
    page.on("pageerror", lambda exc: seen["errors"].append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and seen["console"].append(msg.text))
    page.goto(site["url"] + path)
    return context, page, seen


@contextlib.contextmanager
def _at_prompt(site, tmp_path, size: str, locale: str = "en-US"):
    """The page opened and waiting at its start prompt; yields (page, seen)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context, page, seen = _open(p, site, tmp_path, size, locale=locale)
        try:
            page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
            yield page, seen
        finally:
            context.close()


def _loader_visible(page) -> bool:
    return page.evaluate("!document.getElementById('loader').classList.contains('gone')")


@pytest.mark.parametrize("size", list(SIZES))
def test_page_in_chromium(site, tmp_path, size):
    from playwright.sync_api import sync_playwright

    width, height = SIZES[size]["width"], SIZES[size]["height"]
    with sync_playwright() as p:
        context, page, seen = _open(p, site, tmp_path, size)
        try:
            page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
            stub = page.evaluate("window.__stub")

            # the loader: runtime asked for at the CDN path, nothing else outside, our archive from us
            assert seen["cdn"] == [CDN + "pythons.js"]
            assert seen["outside"] == []
            assert stub["config"]["cdn"] == CDN and stub["config"]["archive"] == "brisca"
            page_html = (site["web"] / "index.html").read_text(encoding="utf-8")
            named = re.search(r'platform\.fopen\("([^"]+\.tar\.gz)"', page_html).group(1)
            assert stub["archive"] == named == "brisca.tar.gz"
            assert ("GET", "/" + named, 200) in site["requests"]
            assert stub["fetched"]["status"] == 200 and stub["fetched"]["url"] == site["url"] + named
            assert stub["fetched"]["bytes"] == (site["web"] / named).stat().st_size
            assert stub["phases"] == ["download", "unpack", "prompt", "start", "started"], stub["phases"]

            # the page before the game draws: the canvas's own 16:9 fitted into the window
            assert page.title() == "Brisca"
            box = canvas_box(page)
            assert (box["attr_w"], box["attr_h"]) == (1280, 720)
            assert (box["iw"], box["ih"]) == (width, height)
            assert_fits(box, 16 / 9)
            prompt = page.locator("#prompt")
            assert prompt.is_visible()
            assert "Toca o haz clic para empezar" in prompt.inner_text()
            assert "Tap or click to start" in prompt.inner_text()
            assert page.locator("#loader h1").inner_text() == "Brisca"
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"web-{size}.png"))

            # one tap or click: sound allowed, main.py starts ...
            if size.startswith("phone"):
                page.touchscreen.tap(width // 2, height // 3)
            else:
                page.mouse.click(width // 2, height // 2)
            page.wait_for_function("window.__stub.started === true", timeout=30000)
            assert page.evaluate("window.MM.UME") is True
            assert not prompt.is_visible()
            # ... but until the game reports its first frame the loading screen stays up
            page.wait_for_timeout(200)
            assert _loader_visible(page) and page.evaluate("brisca.current") == "started"
            assert "Empezando" in page.locator("#status").inner_text()

            page.evaluate("window.__stub.release = true")
            page.wait_for_function("window.__stub.done === true", timeout=30000)
            page.wait_for_function(  # the overlay fades out and lets clicks through to the canvas
                "getComputedStyle(document.getElementById('loader')).opacity === '0'", timeout=30000)
            assert page.evaluate("getComputedStyle(document.getElementById('loader')).pointerEvents") == "none"
            assert page.evaluate("document.activeElement.id") == "canvas"

            # the game drew at the page's size: the canvas covers the whole window, sharp
            box = canvas_box(page)
            dpr = 3 if size.startswith("phone") else 1
            assert (box["attr_w"], box["attr_h"]) == (width * dpr, height * dpr), box
            assert_covers(box)
            page.screenshot(path=str(ARTIFACTS / f"web-{size}-started.png"))

            # turned sideways (or upright): the page reports a new size; before the game redraws
            # the canvas still fits, after it covers the window again
            serial = json.loads(page.evaluate("brisca.viewport()"))["serial"]
            page.set_viewport_size({"width": height, "height": width})
            page.wait_for_timeout(100)
            turned = json.loads(page.evaluate("brisca.viewport()"))
            assert (turned["width"], turned["height"]) == (height, width) and turned["serial"] > serial
            assert_fits(canvas_box(page), width / height)
            draw_at_page_size(page)
            page.wait_for_timeout(50)
            assert_covers(canvas_box(page))

            # the address bar shows (the visible height shrinks by 56 px): still covered after redraw
            page.set_viewport_size({"width": height, "height": width - 56})
            page.wait_for_timeout(100)
            draw_at_page_size(page)
            page.wait_for_timeout(50)
            assert_covers(canvas_box(page))

            assert seen["errors"] == [], seen["errors"]
            assert seen["console"] == [], seen["console"]
        finally:
            context.close()


def test_no_zoom_scroll_or_bounce_gestures(site, tmp_path):
    """Double-tap zoom, pinch and rubber-band scrolling would move the table under a finger."""
    with _at_prompt(site, tmp_path, "phone") as (page, seen):
        meta = page.get_attribute('meta[name="viewport"]', "content")
        assert "user-scalable=no" in meta and "maximum-scale=1" in meta and "viewport-fit=cover" in meta
        styles = page.evaluate("""() => ["html", "body", "#canvas"].map(sel => {
            const s = getComputedStyle(document.querySelector(sel));
            return [s.touchAction, s.overscrollBehaviorY, s.position];
        })""")
        assert [s[0] for s in styles] == ["none", "none", "none"], styles
        assert [s[1] for s in styles[:2]] == ["none", "none"], styles
        # two quick taps: the page is not zoomed and not scrolled
        page.touchscreen.tap(195, 600)
        page.touchscreen.tap(195, 600)
        page.wait_for_timeout(400)
        assert page.evaluate("[visualViewport.scale, window.scrollY, document.scrollingElement.scrollTop]") == [1, 0, 0]
        assert seen["errors"] == []


def test_fullscreen_button_where_the_browser_allows_it(site, tmp_path):
    with _at_prompt(site, tmp_path, "desktop") as (page, seen):
        allowed = page.evaluate("document.fullscreenEnabled")
        button = page.locator("#fullscreen")
        assert button.is_visible() == allowed
        if allowed:
            assert "Pantalla completa" in button.inner_text() and "Full screen" in button.inner_text()
            box = button.bounding_box()
            assert box["width"] >= 44 and box["height"] >= 44  # a finger's tap target
            button.click()
            page.wait_for_function("document.fullscreenElement !== null", timeout=30000)
            page.wait_for_function("document.getElementById('fullscreen').hidden", timeout=30000)
        assert seen["errors"] == []


def test_focus_inside_an_iframe_like_itch_io(site, tmp_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context, page, seen = _open(p, site, tmp_path, "desktop", "embed.html")
        try:
            frame = page.frame_locator("#game")
            page.wait_for_function(
                "document.getElementById('game').contentWindow.__stub?.waiting === true", timeout=45000)
            page.locator("p").click()  # focus starts on the host page
            inner = page.frame(url=re.compile(r"index\.html$"))
            assert inner.evaluate("document.hasFocus()") is False
            frame.locator("#loader h1").click()
            inner.wait_for_function("window.__stub.started === true", timeout=30000)
            inner.evaluate("window.__stub.release = true")
            inner.wait_for_function("window.__stub.done === true", timeout=30000)
            assert inner.evaluate("document.hasFocus()") is True
            assert inner.evaluate("document.activeElement.id") == "canvas"
            assert_covers(canvas_box(inner))
            assert (canvas_box(inner)["iw"], canvas_box(inner)["ih"]) == (960, 540)
            page.keyboard.press("ArrowLeft")  # keys reach the game's document
            assert inner.evaluate("document.activeElement.id") == "canvas"
            assert seen["errors"] == [] and seen["outside"] == []
        finally:
            context.close()


# quotes, a backslash, a template, line separators, a newline, a character outside the BMP that
# Python's repr() writes as \U000e0041 (JavaScript reads that as "U000e0041"), and an escape attempt
HOSTILE = 'it\'s "bad" </script> \\ `${x}` \u2028\u2029 ñ \U000e0041 \U0001F0A1\n\'); window.__pwned = 1; (\''


def _loader_page_function(site) -> callable:
    """The ``page()`` function of the built page's Python block, with its JavaScript collected."""
    import types

    text = (site["web"] / "index.html").read_text(encoding="utf-8")
    code = text[text.index("#<!--"): text.index("# --></script>")]
    start = code.index("def page(")
    end = code.index("\n\n\n", start)
    sent: list = []
    platform = types.SimpleNamespace(window=types.SimpleNamespace(eval=sent.append))
    scope = {"platform": platform, "json": json}
    exec(code[start:end], scope)
    return scope["page"], sent


def test_javascript_from_python_is_json_not_repr(site, tmp_path):
    """Item 13 of issue 12: an error text with quotes, a line separator or '); code' arrives whole."""
    page_fn, sent = _loader_page_function(site)
    page_fn("status", HOSTILE)
    page_fn("failed", "start", HOSTILE)
    assert len(sent) == 2
    with _at_prompt(site, tmp_path, "desktop") as (page, seen):
        page.evaluate(sent[0])
        assert page.evaluate("document.getElementById('status').textContent") == HOSTILE
        page.evaluate(sent[1])
        assert page.evaluate("document.querySelector('#failure code').textContent") == HOSTILE
        assert page.evaluate("window.__pwned") is None
        # the check can fail: what repr() made of the same text arrives changed
        page.evaluate("brisca.status(" + repr(HOSTILE) + ")")
        assert page.evaluate("document.getElementById('status').textContent") != HOSTILE
        assert seen["errors"] == []


@pytest.mark.parametrize("locale,first,reload", [("ca-ES", "Toca o fes clic per començar", "Torna a carregar / Reload"),
                                                 ("es-ES", "Toca o haz clic para empezar", "Recargar / Reload"),
                                                 ("en-GB", "Toca o haz clic para empezar", "Recargar / Reload"),
                                                 ("fr-FR", "Toca o haz clic para empezar", "Recargar / Reload")])
def test_the_page_speaks_catalan_to_a_catalan_browser(site, tmp_path, locale, first, reload):
    """The loading page spoke Spanish and English only: a Catalan browser now reads Catalan then
    English (the prompt, a failure and its button); every other one Spanish then English, as before.
    The game is told the browser's languages for its first start (brisca.languages)."""
    with _at_prompt(site, tmp_path, "phone", locale=locale) as (page, seen):
        assert json.loads(page.evaluate("window.brisca.languages()"))["languages"][0] == locale
        assert page.locator("#prompt").inner_text().splitlines() == [first, "Tap or click to start"]
        page.evaluate("window.brisca.failed('start', 'x')")
        said = page.locator("#failure").inner_text()
        assert ("El joc no ha pogut començar" in said) == (locale == "ca-ES") != ("El juego no pudo empezar" in said)
        assert "The game could not start" in said
        assert page.locator("#reload").inner_text() == reload
        assert seen["errors"] == []


def test_a_missing_archive_is_told_with_the_hosts_status(site, tmp_path):
    """The itch.io zip unzipped on another host, or an upload without the archive: the page asks
    for brisca.tar.gz and gets a 404. The page notes that status (brisca.archiveRefused, read by
    the loader, which then unpacks nothing: tests/test_web_build.py) and the visitor reads it,
    not "try another browser"."""
    from playwright.sync_api import sync_playwright

    web = tmp_path / "web"
    shutil.copytree(site["web"], web)
    (web / "brisca.tar.gz").unlink()
    with serve(web) as (url, _), sync_playwright() as p:
        context, page, seen = _open(p, {"url": url, "web": web}, tmp_path, "phone")
        try:
            page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
            assert page.evaluate("window.__stub.fetched.status") == 404
            refused = page.evaluate("window.brisca.archiveRefused()")
            assert refused == "404"
            # what the loader says then (index.html's brisca_site)
            page.evaluate("(detail) => window.brisca.failed('archive', detail)", f"HTTP {refused}: ArchiveRefused: brisca.tar.gz")
            said = page.locator("#failure").inner_text()
            assert "el servidor respondió HTTP 404" in said and "the server answered HTTP 404" in said, said
            # an archive that comes is no refusal
            assert page.evaluate("fetch('brisca.apk').then((r) => r.status)") == 200
            assert page.evaluate("window.brisca.archiveRefused()") == ""
            assert seen["errors"] == []
        finally:
            context.close()


@pytest.mark.parametrize("locale,said", [("es-ES", "Versión / Version"), ("ca-ES", "Versió / Version")])
def test_the_loading_screen_says_which_build_it_is(site, tmp_path, locale, said):
    """A player who sees an older game (a cached page, a home-screen copy) can read which build it
    is: the first digits of the id the service worker names its cache after."""
    version = re.search(r'^const VERSION = "([0-9a-f]{16})";', (site["web"] / "sw.js").read_text(encoding="utf-8"), re.M).group(1)
    with _at_prompt(site, tmp_path, "phone", locale=locale) as (page, seen):
        assert page.locator("#build").is_visible()
        assert page.locator("#build").inner_text() == f"{said} {version[:8]}"
        assert seen["errors"] == []
