"""The built page in a real browser: headless Debian Chromium driven by Playwright.

These machines cannot reach the pygbag CDN, so Python never starts here. What is proved is
everything up to that point: the page served from 127.0.0.1 loads without JavaScript errors,
asks for the runtime at the CDN path (intercepted and answered with a stand-in), the archive it
names is downloaded from our host, the canvas is scaled to the window keeping 16:9, the
loading indicator and the bilingual start prompt show, and a tap or click puts keyboard focus on
the canvas, also inside an iframe as on itch.io. Screenshots go to tests/artifacts/.

The stand-in ``pythons.js`` does what the real loader's observable steps are: it runs the page
hooks our Python block sends (``page("...")`` calls, read from the page itself, in order) and
fetches the archive that block names with ``platform.fopen`` on an ordinary host.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import threading
from pathlib import Path

import pytest

from game.cli import build_web

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CDN = "https://pygame-web.github.io/cdn/0.9.3/"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
SIZES = {"phone": dict(width=390, height=844), "desktop": dict(width=1366, height=768)}

STUB_PYTHONS_JS = r"""
// Test stand-in for pygbag's pythons.js: replays the page's loader steps without Python.
(function () {
    const site = document.getElementById("site");
    const python = site ? site.text : "";
    const hooks = [...python.matchAll(/page\("([^"]+)"\)/g)].map(m => m[1]);
    const archive = (python.match(/platform\.fopen\("([^"]+\.tar\.gz)"/) || [])[1];
    const stub = window.__stub = { config: window.config, hooks: hooks, archive: archive, steps: [] };
    function run(hook) { stub.steps.push(hook); (0, eval)(hook); }
    window.MM = { UME: false };
    window.window_resize = function () {};
    window.addEventListener("load", async function () {
        if (window.custom_onload) { window.custom_onload(true); }
        run(hooks[0]);                              // download
        const response = await fetch(archive);      // platform.fopen on a non-itch host
        const body = await response.arrayBuffer();
        stub.fetched = { url: response.url, status: response.status, bytes: body.byteLength };
        run(hooks[1]);                              // unpack
        run(hooks.find(h => h.includes("prompt")));
        stub.waiting = true;
        while (!window.MM.UME) { await new Promise(r => setTimeout(r, 20)); }
        run(hooks.find(h => h.includes("'start'")));
        run(hooks.find(h => h.includes("running")));
        stub.done = true;
    });
})();
"""


def _need_browser():
    """Skip without Chromium/Playwright, unless BRISCA_STRICT says every tool must be there."""
    problem = None
    if not os.path.exists(CHROMIUM):
        problem = f"{CHROMIUM} is not installed (Debian package chromium)"
    else:
        try:
            import playwright.sync_api  # noqa: F401
        except ImportError:
            problem = "the Python package playwright is not installed"
    if problem:
        if os.environ.get("BRISCA_STRICT"):
            pytest.fail(problem)
        pytest.skip(problem)


class _Log(http.server.SimpleHTTPRequestHandler):
    requests: list  # set per server

    def log_request(self, code="-", size="-"):
        self.requests.append((self.command, self.path, int(code) if str(code).isdigit() else code))

    def log_message(self, *args):
        pass


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    _need_browser()
    root = tmp_path_factory.mktemp("site")
    result = build_web.build_web(root / "web", timeout=120)
    # an itch.io-like embed: our page inside an iframe of another page
    (root / "web" / "embed.html").write_text(
        '<!DOCTYPE html><html><body style="margin:0"><p>host page</p>'
        '<iframe id="game" src="index.html" width="960" height="540" allow="autoplay; fullscreen"></iframe>'
        "</body></html>")
    requests: list = []
    handler = type("Handler", (_Log,), {"requests": requests})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(root / "web")))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"url": f"http://127.0.0.1:{server.server_address[1]}/", "requests": requests,
               "web": result.web_dir, "root": root}
    finally:
        server.shutdown()
        server.server_close()


def _open(playwright, site, tmp_path, size: str, path: str = "index.html"):
    """A fresh browser profile with the CDN intercepted and every other outside host refused."""
    viewport = SIZES[size]
    mobile = size == "phone"
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path / f"profile-{size}"), executable_path=CHROMIUM, headless=True, args=ARGS,
        viewport=viewport, is_mobile=mobile, has_touch=mobile, device_scale_factor=1,
    )
    seen = {"cdn": [], "outside": [], "errors": [], "console": []}

    def route(r):
        url = r.request.url
        if url.startswith(site["url"]):
            r.continue_()
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


def _canvas_box(frame) -> dict:
    return frame.evaluate("""() => {
        const c = document.getElementById("canvas"), r = c.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, iw: window.innerWidth, ih: window.innerHeight,
                attr_w: c.width, attr_h: c.height};
    }""")


@pytest.mark.parametrize("size", list(SIZES))
def test_page_in_chromium(site, tmp_path, size):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context, page, seen = _open(p, site, tmp_path, size)
        try:
            page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=15000)
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
            assert len(stub["hooks"]) >= 5, stub["hooks"]

            # the page
            assert page.title() == "Brisca"
            box = _canvas_box(page)
            assert (box["attr_w"], box["attr_h"]) == (1280, 720)
            assert box["iw"] == SIZES[size]["width"] and box["ih"] == SIZES[size]["height"]
            assert abs(box["w"] / box["h"] - 16 / 9) < 0.01, box
            assert abs(box["w"] - box["iw"]) < 1 or abs(box["h"] - box["ih"]) < 1, box  # fills one side
            assert box["w"] <= box["iw"] + 0.5 and box["h"] <= box["ih"] + 0.5, box
            assert abs(box["x"] * 2 + box["w"] - box["iw"]) < 1.5 and abs(box["y"] * 2 + box["h"] - box["ih"]) < 1.5
            prompt = page.locator("#prompt")
            assert prompt.is_visible()
            assert "Toca o haz clic para empezar" in prompt.inner_text()
            assert "Tap or click to start" in prompt.inner_text()
            assert page.locator("#loader h1").inner_text() == "Brisca"

            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"web-{size}.png"))

            # one tap or click: sound allowed, the game starts, keyboard focus on the canvas
            if size == "phone":
                page.touchscreen.tap(SIZES[size]["width"] // 2, SIZES[size]["height"] // 3)
            else:
                page.mouse.click(SIZES[size]["width"] // 2, SIZES[size]["height"] // 2)
            page.wait_for_function("window.__stub.done === true", timeout=5000)
            page.wait_for_function(  # the overlay fades out and lets clicks through to the canvas
                "getComputedStyle(document.getElementById('loader')).opacity === '0'", timeout=5000)
            assert page.evaluate("getComputedStyle(document.getElementById('loader')).pointerEvents") == "none"
            assert page.evaluate("window.MM.UME") is True
            assert page.evaluate("document.activeElement.id") == "canvas"
            assert not prompt.is_visible()
            page.screenshot(path=str(ARTIFACTS / f"web-{size}-started.png"))

            # the window changes size (a phone turned sideways): still 16:9 and fitting
            page.set_viewport_size({"width": SIZES[size]["height"], "height": SIZES[size]["width"]})
            page.wait_for_timeout(100)
            box = _canvas_box(page)
            assert abs(box["w"] / box["h"] - 16 / 9) < 0.01 and box["w"] <= box["iw"] + 0.5
            assert abs(box["w"] - box["iw"]) < 1 or abs(box["h"] - box["ih"]) < 1, box

            assert seen["errors"] == [], seen["errors"]
            assert seen["console"] == [], seen["console"]
        finally:
            context.close()


def test_focus_inside_an_iframe_like_itch_io(site, tmp_path):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        context, page, seen = _open(p, site, tmp_path, "desktop", "embed.html")
        try:
            frame = page.frame_locator("#game")
            page.wait_for_function(
                "document.getElementById('game').contentWindow.__stub?.waiting === true", timeout=15000)
            page.locator("p").click()  # focus starts on the host page
            inner = page.frame(url=re.compile(r"index\.html$"))
            assert inner.evaluate("document.hasFocus()") is False
            frame.locator("#loader").click()
            inner.wait_for_function("window.__stub.done === true", timeout=5000)
            assert inner.evaluate("document.hasFocus()") is True
            assert inner.evaluate("document.activeElement.id") == "canvas"
            box = _canvas_box(inner)
            assert (box["iw"], box["ih"]) == (960, 540) and abs(box["w"] - 960) < 1 and abs(box["h"] - 540) < 1
            page.keyboard.press("ArrowLeft")  # keys reach the game's document
            assert inner.evaluate("document.activeElement.id") == "canvas"
            assert seen["errors"] == [] and seen["console"] == [] and seen["outside"] == []
        finally:
            context.close()
