"""The built page with pygbag's real loader: pythons.js 0.9.3 from an offline copy of its CDN.

The copy (``../shared/pygbag-cdn``, or ``PYGBAG_CDN_DIR``) holds everything the CDN serves
except CPython itself (``cpython312/main.wasm`` and ``main.data``), so the real loader runs
here up to the moment it asks for those two files. Served: ``build/web`` from 127.0.0.1 and the
copy as ``https://pygame-web.github.io/cdn/``; nothing else is reachable.

Proved: the real pythons.js, its console and CPython's main.js run on our page with no page
error until main.wasm is requested, at phone size (iPhone Safari's user agent, touch) and at
desktop size; the canvas stays fitted and covers the window once the game draws at the
page's size; a tap before the loader has started does not hide the start prompt the loader
will wait on (pythons.js sets ``MM.UME`` back to false; issue 11 point 3); and when main.wasm
cannot be had, or pythons.js itself cannot (offline, blocked), the visitor reads what happened
and what to do instead of a blank page (point 2).

What only the GitHub job (.github/workflows/browser.yml) proves: Python starting from the real
CDN and the game drawing, playing and reporting its frames.
"""

from __future__ import annotations

import pytest

from browser_kit import (ARGS, ARTIFACTS, CDN_ROOT, CHROMIUM, IPHONE_UA, assert_covers, assert_fits,
                         canvas_box, cdn_copy, draw_at_page_size, kept_copies, need_browser, serve)
from game.cli import build_web

CDN_DIR, WHY_NO_CDN = cdn_copy()
pytestmark = pytest.mark.skipif(CDN_DIR is None, reason=WHY_NO_CDN or "")

RUNTIME = ("0.9.3/cpython312/main.wasm", "0.9.3/cpython312/main.data")
# Files the real CDN has and the offline copy lacks, asked for before main.wasm:
# pythons.js plays a silent sound to learn whether sound may start without a tap.
NOT_IN_COPY = {"0.9.3/empty.ogg"}
SIZES = {"phone": dict(width=390, height=844), "desktop": dict(width=1366, height=768)}
TYPES = {".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".py": "text/x-python",
         ".html": "text/html", ".png": "image/png", ".whl": "application/zip", ".txt": "text/plain"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    need_browser()
    root = tmp_path_factory.mktemp("loader-site")
    result = build_web.build_web(root / "web", timeout=120)
    with serve(result.web_dir) as (url, requests):
        yield {"url": url, "requests": requests, "web": result.web_dir}


class Visit:
    """One visitor: a fresh browser profile, the CDN answered from the copy, every request noted."""

    def __init__(self, playwright, site, tmp_path, size: str, runtime: str, loader: str = "serve"):
        self.site, self.runtime, self.loader = site, runtime, loader
        self.offline = False   # every request refused (the page then has only the service worker's copies)
        self.seen = {"cdn": [], "missing": [], "outside": [], "errors": [], "dialogs": [], "runtime": [],
                     "refused": []}
        self.held: list = []
        phone = size == "phone"
        self.context = playwright.chromium.launch_persistent_context(
            str(tmp_path / f"profile-{size}"), executable_path=CHROMIUM, headless=True, args=ARGS,
            viewport=SIZES[size], is_mobile=phone, has_touch=phone, device_scale_factor=3 if phone else 1,
            user_agent=IPHONE_UA if phone else None)
        self.context.route("**/*", self.route)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.page.on("pageerror", lambda exc: self.seen["errors"].append(str(exc)))

        def dialog(d):
            self.seen["dialogs"].append(d.message)
            d.dismiss()

        self.page.on("dialog", dialog)

    def route(self, r) -> None:
        url = r.request.url
        if self.offline:
            self.seen["refused"].append(url)
            r.abort("internetdisconnected")
            return
        if url.startswith(self.site["url"]):
            r.continue_()
            return
        if not url.startswith(CDN_ROOT):
            self.seen["outside"].append(url)
            r.abort()
            return
        rel = url[len(CDN_ROOT):].split("#")[0].split("?")[0]
        self.seen["cdn"].append(rel)
        if rel in RUNTIME:
            # note how many page errors there were when the loader got this far
            self.seen["runtime"].append((rel, list(self.seen["errors"])))
            if self.runtime == "missing":
                r.fulfill(status=404, body="not found")
            else:
                self.held.append(r)  # left unanswered: this is where CPython would start
            return
        if rel == "0.9.3/pythons.js" and self.loader != "serve":
            if self.loader == "offline":
                r.abort("internetdisconnected")
            else:
                self.held.append(r)  # answered later by release_loader()
            return
        path = CDN_DIR / rel
        if path.is_file():   # with CORS, as GitHub Pages serves the CDN
            r.fulfill(status=200, body=path.read_bytes(), content_type=TYPES.get(path.suffix, "application/octet-stream"),
                      headers={"Access-Control-Allow-Origin": "*"})
        else:
            self.seen["missing"].append(rel)
            r.fulfill(status=404, body="not in the CDN copy")

    def release_loader(self) -> None:
        route = next(r for r in self.held if r.request.url.endswith("pythons.js"))
        self.held.remove(route)
        route.fulfill(status=200, body=(CDN_DIR / "0.9.3" / "pythons.js").read_bytes(), content_type="text/javascript")

    def until_no_cpython(self) -> None:
        """Open the page and wait until it says CPython could not be had (``runtime="missing"``)."""
        self.page.goto(self.site["url"] + "index.html")
        self.page.wait_for_function("window.brisca && brisca.failure === 'runtime'", timeout=30000)

    def wait(self, test, seconds: float = 30) -> None:
        for _ in range(int(seconds * 10)):
            if test():
                return
            self.page.wait_for_timeout(100)
        raise AssertionError(f"waited {seconds} s; seen so far: {self.seen}")

    def close(self) -> None:
        self.context.close()


def _tap(page, size: str) -> None:
    width, height = SIZES[size]["width"], SIZES[size]["height"]
    if size == "phone":
        page.touchscreen.tap(width // 2, height // 3)
    else:
        page.mouse.click(width // 2, height // 3)


@pytest.mark.parametrize("early_tap", [False, True], ids=["", "early-tap"])
@pytest.mark.parametrize("size", list(SIZES))
def test_real_loader_runs_to_cpython(site, tmp_path, size, early_tap):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        visit = Visit(p, site, tmp_path, size, runtime="hold", loader="hold" if early_tap else "serve")
        page = visit.page
        try:
            if early_tap:
                page.goto(site["url"] + "index.html", wait_until="domcontentloaded")
                visit.wait(lambda: visit.held, 10)
                _tap(page, size)  # the visitor taps while the loader is still on its way
                assert page.evaluate("typeof window.MM") == "undefined"
                visit.release_loader()
            else:
                page.goto(site["url"] + "index.html")
            visit.wait(lambda: any(rel.endswith("main.wasm") for rel, _ in visit.seen["runtime"]))

            # the real loader got as far as CPython's binary, without a page error on the way
            errors_then = [errors for rel, errors in visit.seen["runtime"] if rel.endswith("main.wasm")][0]
            assert errors_then == [], errors_then
            assert visit.seen["errors"] == [] and visit.seen["dialogs"] == []
            assert "0.9.3/pythons.js" in visit.seen["cdn"] and "0.9.3/cpython312/main.js" in visit.seen["cdn"]
            assert set(visit.seen["missing"]) <= NOT_IN_COPY, visit.seen["missing"]
            assert visit.seen["outside"] == []
            assert page.evaluate("window.config.cdn") == CDN_ROOT + "0.9.3/"
            # the page kept its loading screen; nothing has failed
            assert page.locator("#loader h1").is_visible()
            assert page.evaluate("[brisca.current, brisca.failure]") == ["load", None]
            assert_fits(canvas_box(page), 16 / 9)

            # the loader resets MM.UME whatever was tapped before: when our Python block asks for
            # the tap (brisca.phase('prompt')), the prompt shows and one tap lets it go on
            assert page.evaluate("window.MM.UME") in (False, 0)
            page.evaluate("brisca.phase('prompt')")
            assert page.locator("#prompt").is_visible()
            _tap(page, size)
            assert page.evaluate("window.MM.UME") in (True, 1)
            assert not page.locator("#prompt").is_visible()

            # the game draws at the page's size: covered, upright and sideways, with the real
            # pythons.js on the page
            page.evaluate("brisca.phase('started')")
            draw_at_page_size(page)
            page.evaluate("brisca.ready()")
            page.wait_for_timeout(100)
            assert_covers(canvas_box(page))
            width, height = SIZES[size]["width"], SIZES[size]["height"]
            page.set_viewport_size({"width": height, "height": width})
            page.wait_for_timeout(200)
            draw_at_page_size(page)
            page.wait_for_timeout(100)
            assert_covers(canvas_box(page))
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"web-real-loader-{size}{'-early' if early_tap else ''}.png"))
            assert visit.seen["errors"] == [] and visit.seen["dialogs"] == []
        finally:
            visit.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_missing_cpython_is_told_to_the_visitor(site, tmp_path, size):
    """main.wasm cannot be fetched (offline, blocked, a CDN outage): a message, not a blank page."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        visit = Visit(p, site, tmp_path, size, runtime="missing")
        page = visit.page
        try:
            visit.until_no_cpython()
            _assert_failure_shown(page)
            # pythons.js would alert() the raw error; the visitor gets our message only
            assert not any("Aborted" in d for d in visit.seen["dialogs"]), visit.seen["dialogs"]
            page.screenshot(path=str(ARTIFACTS / f"web-no-cpython-{size}.png"))
        finally:
            visit.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_offline_the_real_loader_runs_from_the_kept_copies_to_cpython(site, tmp_path, size):
    """The service worker (sw.js) with the real loader: once the game has drawn (here: told so, as
    the copy has no CPython), it keeps pythons.js, its console and CPython's main.js from the CDN
    and the page from our host; then, with every request refused, the real loader runs from those
    copies with no page error up to its request for main.wasm (which the copy never had, so the
    page says it could not load the engine). With the real CDN the same run goes on into Python:
    the GitHub browser check's --offline run."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        visit = Visit(p, site, tmp_path, size, runtime="missing")
        page = visit.page
        try:
            visit.until_no_cpython()
            page.evaluate("brisca.ready()")   # what the game's first frame does
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
            kept = [url for urls in kept_copies(page).values() for url in urls]
            for rel in ("0.9.3/pythons.js", "0.9.3/cpython312/main.js", "0.9.3/cpythonrc.py", "vtx.js", "vt/xterm.js",
                        "index-0.9.3-cp312.json", "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"):
                assert CDN_ROOT + rel in kept, rel
            assert site["url"] + "index.html" in kept and site["url"] + "brisca.tar.gz" in kept
        finally:
            visit.close()
        visit = Visit(p, site, tmp_path, size, runtime="missing")
        visit.offline = True
        page = visit.page
        try:
            visit.until_no_cpython()
            refused = [url[len(CDN_ROOT):] for url in visit.seen["refused"] if url.startswith(CDN_ROOT)]
            assert "0.9.3/cpython312/main.wasm" in refused or "0.9.3/cpython312/main.data" in refused, refused
            # everything else the loader asked for came from the kept copies: the only requests that
            # reached the (refused) network were for what the copy never had
            assert set(refused) <= set(RUNTIME) | NOT_IN_COPY, refused
            # and the only page errors are about those: CPython's files ("Failed to fetch": main.wasm's)
            assert all("main.data" in e or "main.wasm" in e or e == "Failed to fetch"
                       for e in visit.seen["errors"]), visit.seen["errors"]
            assert visit.seen["dialogs"] == []
            _assert_failure_shown(page)
        finally:
            visit.close()


def test_unreachable_loader_is_told_to_the_visitor(site, tmp_path):
    """pythons.js itself does not arrive (offline, a blocker): the same message."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        visit = Visit(p, site, tmp_path, "desktop", runtime="missing", loader="offline")
        page = visit.page
        try:
            page.goto(site["url"] + "index.html")
            page.wait_for_function("window.brisca && brisca.failure === 'runtime'", timeout=45000)
            _assert_failure_shown(page)
            assert "pythons.js" in page.locator("#failure code").inner_text()
        finally:
            visit.close()


def _assert_failure_shown(page) -> None:
    failure = page.locator("#failure")
    assert failure.is_visible()
    text = failure.inner_text()
    assert "No se pudo cargar el motor del juego" in text and "recarga la página" in text
    assert "could not be loaded" in text and "reload the page" in text
    assert page.locator("#reload").is_visible()
    assert not page.locator("#prompt").is_visible() and not page.locator("#fullscreen").is_visible()
    assert page.evaluate("getComputedStyle(document.getElementById('loader')).opacity") == "1"


def test_a_loader_that_takes_long_says_so_and_recovers(site, tmp_path):
    """No progress for a long while (a slow or stalled network): a notice with Reload, no dead end."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        visit = Visit(p, site, tmp_path, "desktop", runtime="hold", loader="hold")
        page = visit.page
        try:
            page.goto(site["url"] + "index.html", wait_until="domcontentloaded")
            page.evaluate("window.brisca_slow_ms = 300")  # instead of 90 s
            page.wait_for_function("brisca.failure === 'slow'", timeout=30000)
            text = page.locator("#failure").inner_text()
            assert "tardando más de lo normal" in text and "taking longer than usual" in text
            assert page.locator("#reload").is_visible()
            visit.release_loader()  # the network comes back: the loader moves on
            page.evaluate("brisca.phase('download')")
            assert page.evaluate("brisca.failure") is None and not page.locator("#failure").is_visible()
        finally:
            visit.close()
