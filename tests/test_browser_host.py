"""The service worker (sw.js) against hosts as players meet them: caching headers and errors.

tests/test_browser_offline.py proves the offline copy through Playwright's routing, which turns
Chromium's HTTP cache off. The first test here has no routing, so the HTTP cache is the
browser's own: our server sends GitHub Pages' ``Cache-Control: max-age=600``, and the pygbag CDN
is an address that does not resolve (the game never starts; the worker is registered by the
test, as the page does after the first frame). The others use test_browser_offline's visitor,
with our host answering errors (an outage, a site taken down) after one visit online.

Proved: a returning visitor who opens the folder's address after a new deploy gets the new page
at once, not the one the HTTP cache still holds, and the new build's kept copy holds the new page
under the folder's address as well as under index.html (until the thirty-seventh session the
worker's "network first" was the HTTP cache first: the old page beside the new archive for up to
ten minutes, and that mix kept for offline); with the host answering 503, 502 or 404 the kept
copy serves, and the archive the page unpacks is the kept one, not the error's body.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import shutil
import threading
import time

import pytest

from browser_kit import ARGS, CHROMIUM, kept_copies, serve
from test_browser_offline import PHONE, Visitor, _another_build, _cache, _mark, _worker_constants, built  # noqa: F401


class _PagesHandler(http.server.SimpleHTTPRequestHandler):
    """A static host that caches as GitHub Pages does: fresh for ten minutes, then revalidated."""

    def end_headers(self):
        self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def _pages(directory):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_PagesHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def _kept_page(page, cache: str, url: str) -> str | None:
    return page.evaluate("""async ([cache, url]) => {
        const kept = await (await caches.open(cache)).match(url);
        return kept ? await kept.text() : null;
    }""", [cache, url])


def test_a_new_build_is_seen_at_the_folders_address_past_a_hosts_max_age(built, tmp_path):
    from playwright.sync_api import sync_playwright

    web = tmp_path / "web"
    shutil.copytree(built, web)
    old = _worker_constants(web)["VERSION"]
    args = [*ARGS, "--host-resolver-rules=MAP pygame-web.github.io ~NOTFOUND"]   # no CDN: fails at once
    with _pages(web) as base, sync_playwright() as p:
        def browser():
            context = p.chromium.launch_persistent_context(str(tmp_path / "profile"), executable_path=CHROMIUM,
                                                           headless=True, args=args, viewport=PHONE)
            return context, (context.pages[0] if context.pages else context.new_page())

        context, page = browser()
        try:
            page.goto(base)   # the folder's address, as Pages gives it: now in the HTTP cache for 600 s
            page.evaluate("navigator.serviceWorker.register('sw.js')")
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=45000)
            assert _mark(page) is None
        finally:
            context.close()
        new = _another_build(web, "second")   # deployed: another page, so another worker
        later = time.time() + 60
        for name in ("index.html", "sw.js"):
            os.utime(web / name, (later, later))
        context, page = browser()   # the player comes back within the ten minutes
        try:
            page.goto(base)   # the old worker answers: the network first must mean the host
            assert _mark(page) == "second"
            kept = None
            for _ in range(300):   # the new worker installs and deletes the old copy
                kept = kept_copies(page)
                if list(kept) == [_cache(new, base)]:
                    break
                page.wait_for_timeout(100)
            assert list(kept) == [_cache(new, base)] and new != old, kept
            # the new copy holds the new page under both addresses (offline the folder's is opened)
            for url in (base, base + "index.html"):
                assert 'content="second"' in (_kept_page(page, _cache(new, base), url) or ""), url
            page.goto(base)
            assert _mark(page) == "second"
            assert 'content="second"' in _kept_page(page, _cache(new, base), base)
        finally:
            context.close()


class _Failing(Visitor):
    """The visitor of test_browser_offline, but our host answers ``status`` for the paths
    ``failing`` names (None: as usual)."""

    failing = staticmethod(lambda path: None)

    def route(self, r) -> None:
        url = r.request.url
        status = self.failing(url[len(self.base) - 1:]) if url.startswith(self.base) else None
        if status is None or url.endswith("/sw.js"):
            super().route(r)
        else:
            self.seen.setdefault("host errors", []).append(url[len(self.base) - 1:])
            r.fulfill(status=status, content_type="text/html", body="host error")


#: What a host answers in an outage or after the site was taken down, by path.
HOST_ERRORS = {
    "503 everything": lambda path: 503,
    "404 everything": lambda path: 404,
    "502 page only": lambda path: 502 if path.endswith(("/", ".html")) else None,
    "503 archive only": lambda path: 503 if path.endswith(".tar.gz") else None,
    "500 archive only": lambda path: 500 if path.endswith(".tar.gz") else None,   # (the first of 5xx)
}


@pytest.mark.parametrize("case", HOST_ERRORS)
def test_a_host_answering_errors_opens_the_kept_copy(built, tmp_path, case):
    from playwright.sync_api import sync_playwright

    with serve(built) as (base, _):
        with sync_playwright() as p:
            visitor = _Failing(p, tmp_path / "profile", base)
            try:
                visitor.play_to_first_frame()
                visitor.wait_kept(_cache(_worker_constants(built)["VERSION"], base), 3)
                visitor.page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=30000)
            finally:
                visitor.context.close()
            visitor = _Failing(p, tmp_path / "profile", base)
            visitor.failing = HOST_ERRORS[case]
            try:
                # wake the worker first: Playwright's routing reaches a worker's requests only once
                # it runs, and a browser just started would send the page's past the failing host
                visitor.page.goto(base + "manifest.webmanifest")
                stub = visitor.play_to_first_frame()
                assert visitor.page.title() == "Brisca"
                # the kept archive, whole: not the 10-byte error text
                assert stub["fetched"]["status"] == 200
                assert stub["fetched"]["bytes"] == (built / "brisca.tar.gz").stat().st_size
                # the host was asked (the network first) and answered its errors
                failed = set(visitor.seen.get("host errors", []))
                for path in ("/index.html", "/brisca.tar.gz"):
                    assert (path in failed) == (HOST_ERRORS[case](path) is not None), failed
                assert visitor.seen["errors"] == []
            finally:
                visitor.context.close()
