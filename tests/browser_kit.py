"""What the headless-Chromium tests share: the browser, a local static server, the pygbag CDN copy.

Chromium is Debian's (``/usr/bin/chromium``) driven by Playwright; the page is served from
127.0.0.1 by a threaded static server (test-only code: the game itself never uses threads).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import threading
from pathlib import Path

import pytest

from browser_stdlib import cdn_copy  # noqa: F401  (the tests take it from here too)

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CDN = "https://pygame-web.github.io/cdn/0.9.3/"
CDN_ROOT = "https://pygame-web.github.io/cdn/"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
IPHONE_UA = ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 "
             "(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")


# Test stand-in for pygbag's pythons.js (tests/test_browser_chromium.py says what it proves).
STUB_PYTHONS_JS = r"""
// Test stand-in for pygbag's pythons.js: replays the page's loader steps without Python.
(function () {
    const site = document.getElementById("site");
    const python = site ? site.text : "";
    const phases = [...new Set([...python.matchAll(/page\("phase", "(\w+)"\)/g)].map(m => m[1]))];
    const archive = (python.match(/platform\.fopen\("([^"]+\.tar\.gz)"/) || [])[1];
    const stub = window.__stub = { config: window.config, phases: phases, archive: archive, steps: [] };
    function phase(name) { stub.steps.push(name); window.brisca.phase(name); }
    const until = async (test) => { while (!test()) { await new Promise(r => setTimeout(r, 20)); } };
    window.MM = { UME: false };
    window.window_resize = function () {};
    window.addEventListener("load", async function () {
        if (window.custom_onload) { window.custom_onload(true); }
        phase("download");
        const response = await fetch(archive);      // platform.fopen on a non-itch host
        const body = await response.arrayBuffer();
        stub.fetched = { url: response.url, status: response.status, bytes: body.byteLength };
        phase("unpack");
        phase("prompt");
        stub.waiting = true;
        await until(() => window.MM.UME);
        phase("start");
        phase("started");                           // main.py queued; the game has drawn nothing yet
        stub.started = true;
        await until(() => stub.release);            // the test looks at the page in between
        const v = JSON.parse(window.brisca.viewport());   // the game sizes its canvas to the page
        const canvas = document.getElementById("canvas");
        canvas.width = Math.round(v.width * v.dpr);
        canvas.height = Math.round(v.height * v.dpr);
        window.brisca.ready();                      // web.first_frame()
        stub.done = true;
    });
})();
"""


def need_browser() -> None:
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
    redirects: dict  # path -> where it is sent (301), set per server

    def do_GET(self):
        where = self.redirects.get(self.path.split("?")[0])
        if where is None:
            super().do_GET()
            return
        self.send_response(301)
        self.send_header("Location", where)
        self.end_headers()

    def log_request(self, code="-", size="-"):
        self.requests.append((self.command, self.path, int(code) if str(code).isdigit() else code))

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def serve(directory: Path, redirects: dict | None = None):
    """Serve ``directory`` on 127.0.0.1 (a free port); yields (base url, list of requests).
    ``redirects``: paths answered by a redirect (301) to another ("pretty" addresses)."""
    requests: list = []
    handler = type("Handler", (_Log,), {"requests": requests, "redirects": dict(redirects or {})})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/", requests
    finally:
        server.shutdown()
        server.server_close()


def kept_copies(page) -> dict:
    """What the page's service worker keeps: every cache's name -> {url: response type}."""
    return page.evaluate("""async () => {
        const out = {};
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            out[name] = {};
            for (const request of await cache.keys()) {
                out[name][request.url] = (await cache.match(request, { ignoreVary: true })).type;
            }
        }
        return out;
    }""")


def canvas_box(frame) -> dict:
    """The canvas element's box, the window's inner size and the canvas's own size."""
    return frame.evaluate("""() => {
        const c = document.getElementById("canvas"), r = c.getBoundingClientRect();
        return {x: r.x, y: r.y, w: r.width, h: r.height, iw: window.innerWidth, ih: window.innerHeight,
                attr_w: c.width, attr_h: c.height};
    }""")


def draw_at_page_size(frame) -> dict:
    """Do what the game does on a resize: ask the page its size, set_mode the canvas to it."""
    return frame.evaluate("""() => {
        const v = JSON.parse(window.brisca.viewport());
        const c = document.getElementById("canvas");
        c.width = Math.round(v.width * v.dpr);
        c.height = Math.round(v.height * v.dpr);
        return v;
    }""")


def assert_covers(box: dict, slack: float = 1.0) -> None:
    """The canvas fills the window: no band wider than ``slack`` CSS px on any side."""
    assert abs(box["x"]) <= slack and abs(box["y"]) <= slack, box
    assert abs(box["w"] - box["iw"]) <= slack and abs(box["h"] - box["ih"]) <= slack, box


def assert_fits(box: dict, ratio: float) -> None:
    """The canvas keeps ``ratio``, fills the window in one dimension, centred, never beyond it."""
    assert abs(box["w"] / box["h"] - ratio) < 0.01, box
    assert abs(box["w"] - box["iw"]) < 1 or abs(box["h"] - box["ih"]) < 1, box
    assert box["w"] <= box["iw"] + 0.5 and box["h"] <= box["ih"] + 0.5, box
    assert abs(box["x"] * 2 + box["w"] - box["iw"]) < 1.5 and abs(box["y"] * 2 + box["h"] - box["ih"]) < 1.5, box


class FakePage:
    """The page's ``window.brisca`` as game/ui/web.py sees it in pygbag, recording every call;
    ``viewport``, ``flags`` and ``languages`` answer JSON text like the real page."""

    def __init__(self, width=390, height=844, dpr=3.0, flags=None, languages=None):
        self.calls: list = []
        self.size = {"width": width, "height": height, "dpr": dpr, "serial": 1}
        self.flag_text = json.dumps(flags or {})
        self.language_text = json.dumps({"languages": languages or []})   # navigator.languages

    def __getattr__(self, name):
        def hook(*args):
            self.calls.append((name, *args))
            if name == "viewport":
                return json.dumps(self.size)
            if name == "flags":
                return self.flag_text
            if name == "languages":
                return self.language_text
            if name == "fullscreen":
                return True
            return None
        return hook


def install_page(monkeypatch, page: FakePage) -> FakePage:
    """Make game/ui/web.py believe it runs in pygbag with ``page`` as ``window.brisca``."""
    import sys
    import types

    from game.ui import web

    platform = types.ModuleType("platform")
    platform.window = types.SimpleNamespace(brisca=page)
    monkeypatch.setitem(sys.modules, "platform", platform)
    monkeypatch.setattr(web, "BROWSER", True)
    web.reset_for_tests()
    return page
