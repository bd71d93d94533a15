"""The browser check: the built game in headless Chromium with pygbag's real CDN plays a hand.

``python tests/browser_check.py [--url URL] [--players N] [--timeout S] [--cdn-copy DIR] [--offline]``

Opens ``URL`` (default: serves build/web itself with ``python -m game serve`` on a free port)
with ``?autoplay&players=N&seed=1``, taps to start as a visitor would, and then requires, in
order: the game's first frame (the page leaves its loading screen), the hand played to the end
by the computer players (the game says ``finished 0``), and no Python error on the way (the
page told of none, and no traceback in the console). With ``--offline``, then: the service worker
in control of the page (sw.js keeps the page, the archive and the runtime), every request
refused from there on, the page opened again, and the same first frame and hand. Screenshots:
tests/artifacts/check-*.png. Exit status 0 when all of that happened.

On GitHub (``.github/workflows/browser.yml``) the CDN is the real one. On a machine without
the internet, ``--cdn-copy DIR`` answers the CDN from an offline copy: CPython itself is not in
it, so the check can only go as far as the request for ``main.wasm``, and it says so (exit 0
when everything up to there was right, 1 otherwise). tests/test_browser_check.py runs it so.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
CDN_ROOT = "https://pygame-web.github.io/cdn/"
SYSTEM_CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--autoplay-policy=no-user-gesture-required"]
TYPES = {".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".py": "text/x-python",
         ".html": "text/html", ".png": "image/png", ".whl": "application/zip", ".txt": "text/plain"}


class CheckFailed(Exception):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def served_build(web: Path):
    """``python -m game serve`` on build/web (the command the docs give), stopped at the end."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "game", "serve", "--port", str(port), "--dir", str(web), "--quiet"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        line = proc.stdout.readline()
        if "http://127.0.0.1:" not in line:
            raise CheckFailed(f"game serve did not start: {line}{proc.stdout.read() if proc.poll() is not None else ''}")
        yield f"http://127.0.0.1:{port}/"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


class Watch:
    """Everything the page says: page errors, console errors and Python tracebacks, requests."""

    def __init__(self, page, cdn_copy: Path | None):
        self.errors: list[str] = []
        self.console: list[str] = []
        self.runtime_asked = False
        self.cdn_copy = cdn_copy
        page.on("pageerror", lambda exc: self.errors.append(f"page error: {exc}"))
        page.on("console", self.console_message)

    def console_message(self, msg) -> None:
        text = msg.text
        self.console.append(f"{msg.type}: {text}")
        if "Traceback (most recent call last)" in text or text.startswith("brisca: python"):
            self.errors.append(f"python: {text[:2000]}")

    def route(self, r) -> None:
        """Only with --cdn-copy: the CDN answered from the copy; CPython's files never come."""
        url = r.request.url
        if not url.startswith(CDN_ROOT):
            r.continue_()
            return
        rel = url[len(CDN_ROOT):].split("#")[0].split("?")[0]
        if rel.endswith(("cpython312/main.wasm", "cpython312/main.data")):
            self.runtime_asked = True
            return  # left unanswered: Python would start here
        path = self.cdn_copy / rel
        if path.is_file():
            r.fulfill(status=200, body=path.read_bytes(), content_type=TYPES.get(path.suffix, "application/octet-stream"))
        else:
            r.fulfill(status=404, body="not in the CDN copy")


def wait_for(page, watch: Watch, test: str, what: str, seconds: float, each=None) -> None:
    """Until the JavaScript ``test`` is true; fails at once on an error or a failure the page shows."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if each is not None:
            each()
        if watch.errors:
            raise CheckFailed(f"while waiting for {what}: " + "\n".join(watch.errors))
        failure = page.evaluate("window.brisca ? brisca.failure : null")
        if failure:
            text = page.evaluate("document.getElementById('failure').innerText")
            raise CheckFailed(f"while waiting for {what}, the page shows a failure ({failure}): {text}")
        if page.evaluate(test):
            return
        page.wait_for_timeout(250)
    raise CheckFailed(f"no {what} within {seconds:.0f} s; last console lines:\n" + "\n".join(watch.console[-25:]))


def open_and_tap(page, address: str) -> None:
    """Open ``address`` and tap once the page is there, as a visitor would."""
    page.goto(address)
    page.wait_for_function("window.brisca !== undefined", timeout=30000)
    page.mouse.click(640, 360)  # the visitor's tap: sound may start, the loader goes on


def play_hand(page, watch: Watch, address: str, players: int, timeout: float, shot: str) -> None:
    """Open ``address``, tap, and require the first frame and the autoplayed hand's end."""
    open_and_tap(page, address)

    # the loader may still ask for a tap (its prompt shows while MM.UME is false): tap again
    def tap_if_asked():
        if page.evaluate("brisca.current === 'prompt' && !MM.UME"):
            page.mouse.click(640, 360)

    wait_for(page, watch, "brisca.current === 'running'", "first frame of the game", timeout, tap_if_asked)
    page.screenshot(path=str(ARTIFACTS / f"check-{shot}first-frame.png"))
    wait_for(page, watch, "window.brisca_finished !== undefined", "end of the autoplayed hand", timeout)
    page.screenshot(path=str(ARTIFACTS / f"check-{shot}end.png"))
    code = page.evaluate("window.brisca_finished")
    if code != 0:
        raise CheckFailed(f"the autoplayed hand ended with code {code}")
    if watch.errors:
        raise CheckFailed("\n".join(watch.errors))


def check(url: str, players: int, timeout: float, cdn_copy: Path | None, chromium: str | None,
          route=None, offline: bool = False) -> str:
    """Run the check on ``url``; returns what was proved, raises CheckFailed. ``route``: a
    Playwright route handler for every request (tests answer the CDN with a stand-in runtime).
    ``offline``: after the hand, the same again with every request refused."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    address = f"{url}index.html?autoplay&players={players}&seed=1"
    with sync_playwright() as p:
        browser = p.chromium.launch(headless=True, args=ARGS, executable_path=chromium or None)
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        page = context.new_page()
        watch = Watch(page, cdn_copy)
        cut = {"off": False}
        inner = route or (watch.route if cdn_copy is not None else None)

        def gate(r):
            if cut["off"]:
                r.abort("internetdisconnected")
            elif inner is not None:
                inner(r)
            else:
                r.continue_()

        if inner is not None or offline:
            context.route("**/*", gate)
        try:
            if cdn_copy is not None:
                open_and_tap(page, address)
                deadline = time.monotonic() + 60
                while not watch.runtime_asked and time.monotonic() < deadline:
                    if watch.errors:
                        raise CheckFailed("\n".join(watch.errors))
                    page.wait_for_timeout(200)
                if not watch.runtime_asked:
                    raise CheckFailed("the loader never asked for CPython (main.wasm)")
                if watch.errors:
                    raise CheckFailed("\n".join(watch.errors))
                page.screenshot(path=str(ARTIFACTS / "check-copy.png"))
                return ("reached the request for CPython (main.wasm) with no error; the CDN copy has no "
                        "CPython, so the game's first frame and the hand are checked only with the real CDN")
            play_hand(page, watch, address, players, timeout, "")
            said = f"the game started, a {players}-player hand was played to the end, no Python error"
            if not offline:
                return said
            # the worker takes the page once its install (the kept copy) is done, well or not
            wait_for(page, watch, "navigator.serviceWorker.controller !== null", "service worker in control", timeout)
            cut["off"] = True
            context.set_offline(True)
            play_hand(page, watch, address, players, timeout, "offline-")
            return said + "; then, with no network, the same from the service worker's copy"
        finally:
            (ARTIFACTS / "check-console.txt").write_text("\n".join(watch.console), encoding="utf-8")
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tests/browser_check.py", description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="the page's folder address (default: serve build/web here)")
    parser.add_argument("--web", type=Path, default=ROOT / "build" / "web", help="what to serve (default build/web)")
    parser.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    parser.add_argument("--timeout", type=float, default=240, help="seconds for each stage")
    parser.add_argument("--cdn-copy", type=Path, help="answer the CDN from this offline copy (no internet)")
    parser.add_argument("--offline", action="store_true",
                        help="after the hand, refuse every request and require the same again (sw.js)")
    parser.add_argument("--chromium", default=SYSTEM_CHROMIUM if os.path.exists(SYSTEM_CHROMIUM) else None,
                        help="the browser to drive (default: Debian's chromium if installed, else Playwright's)")
    args = parser.parse_args(argv)
    try:
        if args.url:
            print(check(args.url, args.players, args.timeout, args.cdn_copy, args.chromium, offline=args.offline))
        else:
            with served_build(args.web) as url:
                print(check(url, args.players, args.timeout, args.cdn_copy, args.chromium, offline=args.offline))
    except CheckFailed as exc:
        print(f"browser check FAILED: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
