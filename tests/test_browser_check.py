"""The GitHub browser check (tests/browser_check.py, .github/workflows/browser.yml), run here as
far as it can go without the internet.

* With the CDN copy: the script builds nothing, serves build/web with ``python -m game serve``,
  opens the page with ``?autoplay``, taps, and gets the real pythons.js to its request for
  CPython with no error; that is where the copy ends.
* With a stand-in runtime that behaves as the game does in the browser (first frame, then the
  end of the autoplayed hand; or a Python error), the rest of its logic: it passes on the first,
  fails on the second, and fails when the first frame never comes.
* ``--offline``: after the hand the page is opened again with every request refused, and must
  start and play from the service worker's copy (with the stand-in runtime here; the workflow
  runs it with the real one).
* The workflows: the check runs on every push and before the Pages deploy.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import browser_check
from browser_kit import CDN, CHROMIUM, cdn_copy, need_browser, serve
from game.cli import build_web

ROOT = Path(__file__).resolve().parents[1]
CDN_DIR, WHY_NO_CDN = cdn_copy()


@pytest.fixture(scope="module")
def web(tmp_path_factory):
    need_browser()
    return build_web.build_web(tmp_path_factory.mktemp("check") / "web", timeout=120).web_dir


@pytest.mark.skipif(CDN_DIR is None, reason=WHY_NO_CDN or "")
def test_the_check_runs_with_the_cdn_copy_up_to_cpython(web):
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "browser_check.py"), "--web", str(web),
                           "--cdn-copy", str(CDN_DIR), "--timeout", "60"],
                          capture_output=True, text=True, timeout=180, cwd=ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "reached the request for CPython (main.wasm) with no error" in done.stdout


STAND_IN = r"""
(async function () {
    const until = async (test) => { while (!test()) { await new Promise(r => setTimeout(r, 20)); } };
    window.MM = { UME: false };
    await until(() => document.readyState === "complete" && window.brisca);
    const flags = JSON.parse(brisca.flags());
    brisca.phase("download"); brisca.phase("unpack"); brisca.phase("prompt");
    await until(() => window.MM.UME);
    brisca.phase("start"); brisca.phase("started");
    if (%(first_frame)s) { brisca.ready(); }
    await new Promise(r => setTimeout(r, 300));
    if (%(error)s) { brisca.failed("python", "Traceback (most recent call last): ZeroDivisionError"); return; }
    if (flags.autoplay && flags.players === "%(players)s") { brisca.finished(0); }
})();
"""


def stand_in(first_frame=True, error=False, players=2):
    body = STAND_IN % {"first_frame": str(first_frame).lower(), "error": str(error).lower(), "players": players}

    def route(r):
        url = r.request.url
        if url == CDN + "pythons.js":
            # with CORS, as GitHub Pages serves the CDN (the page loads it as a module)
            r.fulfill(status=200, content_type="text/javascript", body=body,
                      headers={"Access-Control-Allow-Origin": "*"})
        elif url.startswith("http://127.0.0.1"):
            r.continue_()
        else:
            r.abort()
    return route


@pytest.mark.parametrize("case, fails_with", [
    (dict(), None),
    (dict(error=True), "ZeroDivisionError"),
    (dict(first_frame=False), "no first frame of the game within"),
])
def test_the_check_passes_only_when_the_game_starts_and_finishes(web, case, fails_with):
    with serve(web) as (url, _):
        if fails_with is None:
            said = browser_check.check(url, 2, 5, None, CHROMIUM, route=stand_in(**case))
            assert "a 2-player hand was played to the end" in said
        else:
            with pytest.raises(browser_check.CheckFailed, match=fails_with):
                browser_check.check(url, 2, 3, None, CHROMIUM, route=stand_in(**case))


def test_the_offline_check_plays_again_from_the_service_workers_copy(web, tmp_path):
    with serve(web) as (url, requests):
        said = browser_check.check(url, 2, 5, None, CHROMIUM, route=stand_in(), offline=True)
    assert "with no network, the same from the service worker's copy" in said
    # the second visit never reached our host: the page's address was served once (the worker
    # also fetched index.html, without the query, to keep it)
    assert [path for _, path, _ in requests if path.startswith("/index.html?")] == ["/index.html?autoplay&players=2&seed=1"]
    # a build without the worker: the check says what is missing instead of passing
    bare = tmp_path / "bare"
    shutil.copytree(web, bare)
    (bare / "sw.js").unlink()
    with serve(bare) as (url, _):
        with pytest.raises(browser_check.CheckFailed, match="no service worker in control within"):
            browser_check.check(url, 2, 3, None, CHROMIUM, route=stand_in(), offline=True)


def test_the_workflows_run_the_check_on_push_and_before_publishing():
    browser = (ROOT / ".github" / "workflows" / "browser.yml").read_text(encoding="utf-8")
    pages = (ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8")
    for needed in ("push:", "workflow_call:", "python -m game build-web", "playwright install --with-deps chromium",
                   "python tests/browser_check.py --players ${{ matrix.players }}"):
        assert needed in browser, needed
    assert "uses: ./.github/workflows/browser.yml" in pages
    build = pages[pages.index("\n  build:") + 1:]
    assert build.splitlines()[1].strip() == "needs: browser-check"


def triggers(workflow: str) -> dict[str, list[str]]:
    """A workflow's ``on:`` block: each event, with its lines indented under it (no YAML library here)."""
    block = workflow[workflow.index("\non:\n") + 5:]
    out: dict[str, list[str]] = {}
    for line in block.splitlines():
        line = line.split(" #")[0].rstrip()   # (a comment)
        if line and not line.startswith(" "):
            break   # the next top-level key
        if line.startswith("  ") and not line.startswith("   "):
            out[line.strip().rstrip(":")] = []
        elif line.strip():
            out[list(out)[-1]].append(line.strip())
    return out


def test_a_push_to_main_runs_the_browser_check_once_and_the_deploy_waits_for_it():
    """browser.yml ran on every push and again from pages.yml on a push to main: the matrix twice, the
    same commit (maint40's F4). Its own push trigger now leaves main to pages.yml, which still calls it
    before it builds; a push to another branch and a pull request run it by itself."""
    browser = triggers((ROOT / ".github" / "workflows" / "browser.yml").read_text(encoding="utf-8"))
    pages = triggers((ROOT / ".github" / "workflows" / "pages.yml").read_text(encoding="utf-8"))
    assert pages["push"] == ["branches: [main]"]
    assert browser["push"] == ["branches-ignore: [main]"]
    assert "pull_request" in browser and "workflow_call" in browser and "workflow_dispatch" in browser
