"""The game opens offline once it has been opened online: the built page's service worker (sw.js).

Headless Chromium with the stand-in runtime of tests/test_browser_chromium.py: the page loads,
fetches our archive, waits for a tap and reports its first frame, as the real one does. The CDN
is answered by a fake one (the stand-in pythons.js, small bodies for the other runtime files,
with CORS as GitHub Pages sends it; the loader with "Vary: *", which a plain cache lookup would
never match). "Offline" is strict: our server is shut down and every
request that leaves the browser is refused, so whatever the page gets then came from the
service worker's cache.

Proved: the worker is registered only after the first frame (never during the first
download); it keeps the page, the archive, the icons and the runtime (readable CORS copies, not
opaque ones); with no network a reload opens the page, unpacks the same archive and reaches the
game's first frame with no page error, and a media element's request for part of a runtime file
(pythons.js's silent sound) gets that part of the kept copy; a new build is seen at once online (the network first)
and replaces the kept copy, the older cache deleted (also one named as before the page's folder
was in the name); two builds on one origin (/brisca/ and /brisca-dev/) each keep their own copy
and open offline after the other's worker took over; a kept copy the browser lost is filled
again on the next visit online.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import time

import pytest

from browser_kit import ARGS, CDN_ROOT, CHROMIUM, STUB_PYTHONS_JS, kept_copies, need_browser, serve
from game.cli import build_web

PHONE = dict(width=390, height=844)


def _silence() -> bytes:
    """A tenth of a second of silence as WAV: the fake CDN's empty.ogg (a sound the browser plays)."""
    import io
    import wave

    out = io.BytesIO()
    with wave.open(out, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(8000)
        w.writeframes(bytes(1600))
    return out.getvalue()


SILENCE = _silence()


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    need_browser()
    root = tmp_path_factory.mktemp("offline")
    return build_web.build_web(root / "web", timeout=120).web_dir


def _cache(version: str, scope: str) -> str:
    """The name of a build's cache: one per build and page folder (sw.js)."""
    return f"brisca {version} {scope}"


def _worker_constants(web) -> dict:
    text = (web / "sw.js").read_text(encoding="utf-8")
    return {key: json.loads(re.search(rf"^const {key} = (.+?);", text, re.M).group(1))
            for key in ("VERSION", "OWN", "RUNTIME", "RUNTIME_ORIGIN")}


class Visitor:
    """One phone browser profile; ``offline`` refuses every request that leaves the browser."""

    def __init__(self, playwright, profile, base: str):
        self.base, self.offline, self.hanging = base, False, False
        self.held: list = []   # our host's requests left unanswered (``hanging``: a connection that hangs)
        self.seen = {"errors": [], "refused": [], "cdn": [], "by_worker": []}
        self.context = playwright.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=ARGS, viewport=PHONE,
            is_mobile=True, has_touch=True, device_scale_factor=3)
        self.context.route("**/*", self.route)
        self.page = self.context.pages[0] if self.context.pages else self.context.new_page()
        self.page.on("pageerror", lambda exc: self.seen["errors"].append(str(exc)))

    def route(self, r) -> None:
        url = r.request.url
        if r.request.service_worker is not None:
            self.seen["by_worker"].append(url)
        if self.offline:
            self.seen["refused"].append((url, r.request.service_worker is not None))
            r.abort("internetdisconnected")
        elif url.startswith(self.base):
            if self.hanging and not url.endswith("/sw.js"):
                self.held.append(r)
            else:
                r.continue_()
        elif url.startswith(CDN_ROOT):
            rel = url[len(CDN_ROOT):]
            self.seen["cdn"].append(rel)
            cors = {"Access-Control-Allow-Origin": "*"}
            if rel.endswith("/pythons.js"):   # "Vary: *": a kept copy must still serve it
                r.fulfill(status=200, content_type="text/javascript", body=STUB_PYTHONS_JS,
                          headers={**cors, "Vary": "*"})
            elif rel.endswith("/empty.ogg"):
                r.fulfill(status=200, content_type="audio/wav", body=SILENCE, headers=cors)
            else:
                r.fulfill(status=200, content_type="application/octet-stream", body=f"fake {rel}", headers=cors)
        else:
            r.abort()

    def play_to_first_frame(self, reload: bool = False, folder: str = "") -> dict:
        page = self.page
        if reload:
            page.reload()
        else:
            page.goto(self.base + folder + "index.html")
        page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
        page.touchscreen.tap(PHONE["width"] // 2, PHONE["height"] // 3)
        page.wait_for_function("window.__stub.started === true", timeout=30000)
        page.evaluate("window.__stub.release = true")
        page.wait_for_function("window.__stub.done === true && brisca.current === 'running'", timeout=30000)
        return page.evaluate("window.__stub")

    def kept(self) -> dict:
        """Every cache's name -> {url: response type} (read from the page)."""
        return kept_copies(self.page)

    def wait_kept(self, name: str, count: int, urls: frozenset = frozenset()) -> dict:
        """The cache ``name``, alone, once it holds ``count`` files and every one of ``urls`` (a count
        alone was reached early: the folder's own address is kept too, and counted)."""
        return self.wait_for(lambda kept: list(kept) == [name] and len(kept[name]) >= count
                             and urls <= set(kept[name]), f"{name} alone with {count} files")[name]

    def wait_for(self, test, what: str) -> dict:
        """The caches (as ``kept``) once ``test`` accepts them."""
        for _ in range(400):   # 40 s: the worker's activation drops the old copy late on a busy machine
            kept = self.kept()
            if test(kept):
                return kept
            self.page.wait_for_timeout(100)
        raise AssertionError(f"the caches never became {what}: {self.kept()}")


@contextlib.contextmanager
def _visitor(profile, base):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        visitor = Visitor(p, profile, base)
        try:
            yield visitor
        finally:
            visitor.context.close()


def test_opens_and_plays_offline_after_one_visit(built, tmp_path):
    constants = _worker_constants(built)
    archive = built / "brisca.tar.gz"
    server = serve(built)
    base, requests = server.__enter__()
    try:
        with _visitor(tmp_path / "profile", base) as visitor:
            page = visitor.page
            page.goto(base + "index.html")
            page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
            page.wait_for_timeout(300)
            # still loading: no worker yet, nothing kept, nothing fetched for it
            assert page.evaluate("navigator.serviceWorker.controller") is None
            assert visitor.kept() == {}
            assert page.evaluate("typeof window.brisca_persistent") == "undefined"
            assert not any(path.endswith("/sw.js") for _, path, _ in requests)
            page.touchscreen.tap(PHONE["width"] // 2, PHONE["height"] // 3)
            page.wait_for_function("window.__stub.started === true", timeout=30000)
            page.evaluate("window.__stub.release = true")
            page.wait_for_function("window.__stub.done === true", timeout=30000)

            # the first frame: the worker is registered, takes the page, keeps its files
            own = [base + name for name in constants["OWN"] if not name.endswith(".apk")]
            expected = len(own) + len(constants["RUNTIME"])
            kept = visitor.wait_kept(_cache(constants["VERSION"], base), expected,
                                     frozenset(own) | frozenset(constants["RUNTIME"]))
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
            assert set(own) <= set(kept) and set(constants["RUNTIME"]) <= set(kept), kept
            assert base + "brisca.apk" not in kept  # the .apk is itch.io's; this host takes the .tar.gz
            assert all(kept[url] != "opaque" for url in constants["RUNTIME"]), kept
            assert visitor.seen["by_worker"], "the worker's own downloads went through the browser's network"
            # and the browser was asked to keep the site's storage (saves, statistics, this copy)
            assert page.evaluate("typeof window.brisca_persistent") == "boolean"
            assert visitor.seen["errors"] == []
    finally:
        server.__exit__(None, None, None)

    # the host is gone and nothing leaves the browser: a new visit with the same profile
    with _visitor(tmp_path / "profile", base) as visitor:
        visitor.offline = True
        stub = visitor.play_to_first_frame()
        assert stub["fetched"] == {"url": base + "brisca.tar.gz", "status": 200, "bytes": archive.stat().st_size}
        assert stub["steps"] == ["download", "unpack", "prompt", "start", "started"]
        assert visitor.page.title() == "Brisca"
        assert visitor.seen["errors"] == []
        # everything the page asked for came from the cache: what was refused is the worker's
        # own try of the network first, and the browser's update check of sw.js
        refused = visitor.seen["refused"]
        assert refused and all(worker or url.endswith("/sw.js") for url, worker in refused), refused
        # a media element asks for its file in parts (pythons.js's silent sound, which tells it
        # whether sound may start): it gets them from the kept copy, and the sound loads
        url = CDN_ROOT + "0.9.3/empty.ogg"
        parts = visitor.page.evaluate("""async (url) => {
            const out = [];
            for (const range of ["bytes=0-", "bytes=2-5", "bytes=99999-"]) {
                const r = await fetch(url, { headers: { Range: range } });
                out.push([r.status, r.headers.get("content-range"), Array.from(new Uint8Array(await r.arrayBuffer()))]);
            }
            return out;
        }""", url)
        n = len(SILENCE)
        assert parts == [[206, f"bytes 0-{n - 1}/{n}", list(SILENCE)], [206, f"bytes 2-5/{n}", list(SILENCE[2:6])],
                         [416, f"bytes */{n}", []]]
        loaded = visitor.page.evaluate("""(url) => new Promise((resolve) => {
            const audio = new Audio(url);
            audio.addEventListener("loadedmetadata", () => resolve(["loaded", audio.duration]));
            audio.addEventListener("error", () => resolve(["error", audio.error && audio.error.code]));
            audio.load();
        })""", url)
        assert loaded[0] == "loaded" and abs(loaded[1] - 0.1) < 0.01, loaded
        # the runtime fetches the package index and the pygame-ce wheel (and our archive) with
        # pythons.js's cross_file: fetch(url, {redirect: "follow", credentials: "omit"}), read whole
        fetched = visitor.page.evaluate("""async (urls) => {
            const out = [];
            for (const url of urls) {
                const r = await fetch(url, { redirect: "follow", credentials: "omit" });
                out.push([r.status, new TextDecoder().decode(await r.arrayBuffer())]);
            }
            return out;
        }""", [CDN_ROOT + "index-0.9.3-cp312.json",
               CDN_ROOT + "cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"])
        assert fetched == [[200, "fake index-0.9.3-cp312.json"],
                           [200, "fake cp312/pygame_ce-2.5.7.dev1-cp312-cp312-wasm32_bi_emscripten.whl"]], fetched


def test_a_connection_that_hangs_opens_the_kept_copy(built, tmp_path):
    """Online but our host never answers (a train's "lie-fi"): after a few seconds' patience the
    worker serves the kept page and archive, and the game starts."""
    with serve(built) as (base, _):
        with _visitor(tmp_path / "profile", base) as visitor:
            visitor.play_to_first_frame()
            visitor.wait_kept(_cache(_worker_constants(built)["VERSION"], base), 3)
            visitor.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
        with _visitor(tmp_path / "profile", base) as visitor:
            visitor.hanging = True
            started = time.monotonic()
            stub = visitor.play_to_first_frame()
            took = time.monotonic() - started
            assert stub["fetched"]["status"] == 200 and stub["fetched"]["bytes"] == (built / "brisca.tar.gz").stat().st_size
            assert visitor.held, "our host was asked (the network first) and never answered"
            # The page, then the archive: the worker's patience (sw.js PATIENCE_MS, 4 s) was waited out.
            # No upper bound: how long Chromium takes to start on a shared machine is no property of the game.
            assert took > 3.5, took
            assert visitor.seen["errors"] == []
            for route in visitor.held:   # let the hung requests go before the browser closes
                route.abort()


def _another_build(web, mark: str) -> str:
    """Make the build in ``web`` another one: its page carries ``mark`` (``meta[name=build]``), so
    its worker is another; returns the new worker's VERSION."""
    page_file = web / "index.html"
    page_file.write_text(page_file.read_text(encoding="utf-8").replace(
        "<title>", f'<meta name="build" content="{mark}"><title>'), encoding="utf-8")
    build_web.write_service_worker(web)
    return _worker_constants(web)["VERSION"]


def _mark(page) -> str | None:
    return page.evaluate("(document.querySelector('meta[name=build]') || {}).content || null")


def test_a_new_build_is_seen_online_and_replaces_the_offline_copy(built, tmp_path):
    web = tmp_path / "web"
    shutil.copytree(built, web)
    old = _worker_constants(web)["VERSION"]
    server = serve(web)
    base, _ = server.__enter__()
    try:
        with _visitor(tmp_path / "profile", base) as visitor:
            visitor.play_to_first_frame()
            visitor.wait_kept(_cache(old, base), 3)
            # a new build: another page (a mark in it) and so another worker
            new = _another_build(web, "second")
            # as a later deploy would be: newer than what the browser revalidates against
            # (the test server answers If-Modified-Since to the second)
            later = time.time() + 60
            for name in ("index.html", "sw.js"):
                os.utime(web / name, (later, later))
            assert new != old
            visitor.play_to_first_frame(reload=True)
            # the network first: the new page at once, before the new worker has taken over
            assert _mark(visitor.page) == "second"
            kept = visitor.wait_kept(_cache(new, base), 3)  # the older cache deleted
            assert kept[base + "index.html"] == "basic"
            assert visitor.seen["errors"] == []
    finally:
        server.__exit__(None, None, None)

    with _visitor(tmp_path / "profile", base) as visitor:
        visitor.offline = True
        visitor.play_to_first_frame()
        assert _mark(visitor.page) == "second"
        assert list(visitor.kept()) == [_cache(new, base)]
        assert visitor.seen["errors"] == []


def test_offline_where_the_host_redirects_the_page_to_its_folder(built, tmp_path):
    """The worker keeps index.html; a host that redirects it to "/" hands it a redirected answer,
    which may not serve a navigation: it is kept as a plain one, and the page opens offline."""
    with serve(built, redirects={"/index.html": "/"}) as (base, _):   # as Netlify's "pretty URLs"
        with _visitor(tmp_path / "profile", base) as visitor:
            visitor.page.goto(base)
            visitor.page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
            visitor.page.touchscreen.tap(PHONE["width"] // 2, PHONE["height"] // 3)
            visitor.page.wait_for_function("window.__stub.started === true", timeout=30000)
            visitor.page.evaluate("window.__stub.release = true")
            visitor.page.wait_for_function("window.__stub.done === true", timeout=30000)
            kept = visitor.wait_kept(_cache(_worker_constants(built)["VERSION"], base), 3)
            visitor.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
            assert base + "index.html" in kept
    with _visitor(tmp_path / "profile", base) as visitor:
        visitor.offline = True
        visitor.page.goto(base)
        visitor.page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
        assert visitor.page.title() == "Brisca" and visitor.seen["errors"] == []



def _copies(kept: dict, folder: str, count: int = 3) -> list:
    """The caches holding a copy of the build in ``folder`` (its page and at least ``count`` files)."""
    return [name for name, urls in kept.items()
            if folder + "index.html" in urls and sum(url.startswith(folder) for url in urls) >= count]


def test_two_builds_on_one_origin_each_open_offline(built, tmp_path):
    """GitHub Pages' /brisca/ and /brisca-dev/ (or a fork, or two itch.io uploads) share one
    origin and so one set of caches: each build deletes only its own folder's older copies, so
    both still open offline after the other's worker took over."""
    site = tmp_path / "site"
    shutil.copytree(built, site / "brisca")
    shutil.copytree(built, site / "brisca-dev")
    _another_build(site / "brisca-dev", "dev")
    with serve(site) as (base, _):
        main, dev = base + "brisca/", base + "brisca-dev/"
        with _visitor(tmp_path / "profile", base) as visitor:
            visitor.play_to_first_frame(folder="brisca/")
            visitor.wait_for(lambda kept: _copies(kept, main), "a copy of /brisca/")
            visitor.play_to_first_frame(folder="brisca-dev/")
            assert _mark(visitor.page) == "dev"
            visitor.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
            visitor.wait_for(lambda kept: _copies(kept, dev) and _copies(kept, main),
                             "copies of /brisca-dev/ and of /brisca/")
            assert visitor.seen["errors"] == []

    with _visitor(tmp_path / "profile", base) as visitor:
        visitor.offline = True
        for folder, mark in (("brisca/", None), ("brisca-dev/", "dev"), ("brisca/", None)):
            stub = visitor.play_to_first_frame(folder=folder)
            assert stub["fetched"] == {"url": base + folder + "brisca.tar.gz", "status": 200,
                                       "bytes": (site / folder / "brisca.tar.gz").stat().st_size}
            assert _mark(visitor.page) == mark
        assert visitor.seen["errors"] == []


def test_a_build_deletes_its_own_folders_copy_named_as_before(built, tmp_path):
    """Builds before the folder was in the cache's name called it "brisca-" + VERSION: a new build
    deletes such a cache when it holds its own page, and leaves one that holds another folder's."""
    with serve(built) as (base, _):
        ours, theirs = "brisca-" + "a" * 16, "brisca-" + "b" * 16
        with _visitor(tmp_path / "profile", base) as visitor:
            visitor.page.goto(base + "index.html")
            visitor.page.wait_for_function("window.__stub && window.__stub.waiting === true", timeout=45000)
            visitor.page.evaluate("""async (pages) => {
                for (const [name, url] of pages) {
                    await (await caches.open(name)).put(url, new Response("an older build"));
                }
            }""", [[ours, base + "index.html"], [theirs, base + "brisca-dev/index.html"]])
            visitor.play_to_first_frame(reload=True)
            name = _cache(_worker_constants(built)["VERSION"], base)
            visitor.wait_for(lambda kept: set(kept) == {name, theirs} and len(kept[name]) >= 3,
                             f"{name} and {theirs}")


def test_a_lost_offline_copy_is_kept_again_on_the_next_visit_online(built, tmp_path):
    """The browser may drop the kept copy (short of space, the site's data cleared, an older
    build's worker in another folder deleting every "brisca-..." cache) while this build's
    worker stays: the next visit online fills it again, whole, and the game opens offline."""
    constants = _worker_constants(built)
    expected = len([name for name in constants["OWN"] if not name.endswith(".apk")]) + len(constants["RUNTIME"])
    def whole(kept):
        return len(kept) == 1 and len(next(iter(kept.values()))) >= expected

    with serve(built) as (base, _):
        with _visitor(tmp_path / "profile", base) as visitor:
            visitor.play_to_first_frame()
            visitor.wait_for(whole, f"one copy of {expected} files")
            visitor.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
            visitor.page.evaluate("async () => { for (const name of await caches.keys()) { await caches.delete(name); } }")
            assert visitor.kept() == {}
            visitor.play_to_first_frame(reload=True)
            urls = next(iter(visitor.wait_for(whole, f"one copy of {expected} files again").values()))
            assert set(constants["RUNTIME"]) <= set(urls) and base + "brisca.tar.gz" in urls, urls
            assert visitor.seen["errors"] == []
    with _visitor(tmp_path / "profile", base) as visitor:
        visitor.offline = True
        stub = visitor.play_to_first_frame()
        assert stub["fetched"]["status"] == 200 and stub["fetched"]["bytes"] == (built / "brisca.tar.gz").stat().st_size
        assert visitor.seen["errors"] == []
