"""The Python side of the browser start: the page bridge (game/ui/web.py), main.py's start with
no arguments, and ``python -m game serve`` (issue 11 points 1, 2 and 7).

The bridge is tested against a stand-in page: a fake ``platform`` module whose ``window.brisca``
records every call, as pygbag's ``platform.window`` would pass them to the page's JavaScript.
"""

from __future__ import annotations

import http.client
import importlib.util
import json
import sys
import threading
from pathlib import Path

import pytest

from browser_kit import FakePage, install_page
from game.cli import serve
from game.ui import web

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def page(monkeypatch):
    yield install_page(monkeypatch, FakePage())
    web.reset_for_tests()


def test_off_the_browser_every_call_is_a_no_op():
    assert web.BROWSER is False  # the suite runs on the desktop
    web.first_frame()
    web.report_error(RuntimeError("x"))
    web.vibrate(30)
    web.autoplay_finished(0)
    assert web.viewport() is None and web.viewport_changed() is None
    assert web.flags() == {} and web.autoplay_requested() is False and web.fullscreen() is False


def test_first_frame_is_reported_once(page):
    web.first_frame()
    web.first_frame()
    assert page.calls == [("ready",)]


def test_errors_reach_the_page_short_and_typed(page):
    web.report_error(ValueError("x" * 1000))
    (name, kind, text), = page.calls
    assert (name, kind) == ("failed", "python")
    assert text.startswith("ValueError: xxx") and len(text) == web.DETAIL_CHARS


def test_viewport_in_css_pixels_and_device_pixel_ratio(page):
    seen = web.viewport()
    assert (seen.width, seen.height, seen.dpr) == (390, 844, 3.0)
    assert seen.device_size == (1170, 2532)
    assert web.viewport_changed() == seen  # the first call: the game has not seen a size yet
    assert web.viewport_changed() is None  # nothing changed since
    page.size.update(width=844, height=390, serial=2)  # turned sideways
    turned = web.viewport_changed()
    assert (turned.width, turned.height) == (844, 390)
    assert web.viewport_changed() is None


def test_the_page_says_whether_its_main_pointer_is_a_finger(page):
    assert web.viewport().coarse is False   # (the fake page does not say: a mouse is assumed)
    page.size.update(coarse=True)
    assert web.viewport().coarse is True
    page.size.update(coarse="yes")   # only a true JSON true
    assert web.viewport().coarse is False


@pytest.mark.parametrize("answer", ["not json", "[1, 2]", '{"width": 0, "height": 10, "dpr": 1}',
                                    '{"width": 390, "height": 844}', '{"width": 1, "height": 1, "dpr": 100}'])
def test_a_bad_viewport_answer_is_no_viewport(page, answer):
    page.__dict__["viewport"] = lambda: answer
    assert web.viewport() is None


def test_flags_from_the_page_address_are_checked(page):
    page.flag_text = json.dumps({"autoplay": True, "players": "4", "seed": "7", "hands": "0", "level": "x", "evil": 1})
    assert web.flags() == {"autoplay": True, "players": 4, "seed": 7}
    assert web.autoplay_requested() is True
    page.flag_text = json.dumps({"autoplay": "yes", "players": "5"})
    assert web.flags() == {"autoplay": False}


def test_a_page_that_fails_never_stops_the_game(page, capsys):
    def broken(*args):
        raise RuntimeError("JS exception")

    page.__dict__["ready"] = broken
    page.__dict__["viewport"] = broken
    web.first_frame()
    assert web.viewport() is None and web.viewport() is None
    err = capsys.readouterr().err
    assert err.count("did not answer ready") == 1 and err.count("did not answer viewport") == 1


# --------------------------------------------------------------------- main.py with no arguments


def load_main():
    spec = importlib.util.spec_from_file_location("brisca_main_start_test", ROOT / "main.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_main_starts_with_an_empty_sys_argv(monkeypatch):
    """Point 7: the browser's sys.argv can be empty; argparse would read sys.argv[0] for its name."""
    main = load_main()
    monkeypatch.setattr(sys, "argv", [])
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)   # the tests' dummy driver would mean the demo
    opts = main.cli([])
    assert opts.autoplay is False and opts.players == 2 and opts.seed is None


def test_main_takes_autoplay_from_the_page_address(monkeypatch, page):
    main = load_main()
    monkeypatch.setattr(sys, "argv", [])
    page.flag_text = json.dumps({"autoplay": True, "players": "3", "seed": "11"})
    opts = main.cli([])
    assert (opts.autoplay, opts.players, opts.seed, opts.headless) == (True, 3, 11, False)


def test_a_failure_before_the_first_frame_reaches_the_page(monkeypatch, page):
    """Point 2: the app cannot even be built; the page hears it (and the error still raises)."""
    import asyncio

    main = load_main()

    def broken(opts):
        raise ImportError("No module named 'statistics'")

    monkeypatch.setattr(main, "build_app", broken)
    with pytest.raises(ImportError):
        asyncio.run(main.main(max_frames=1, opts=main.LaunchOptions(headless=True)))
    assert page.calls == [("failed", "python", "ImportError: No module named 'statistics'")]


# ------------------------------------------------------------------------ python -m game serve


@pytest.fixture
def served(tmp_path):
    (tmp_path / "index.html").write_text("<title>Brisca</title>")
    (tmp_path / "brisca.tar.gz").write_bytes(b"\x1f\x8b archive")
    server = serve.make_server(tmp_path, port=0, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def _get(server, path, host=None):
    conn = http.client.HTTPConnection(*server.server_address[:2], timeout=5)
    conn.request("GET", path, headers={"Host": host} if host else {})
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response, body


def test_serve_answers_on_127_0_0_1_never_on_localhost_8(served):
    """Point 1: pygbag sends package downloads to localhost:8000/cdn/ on http://localhost:8... pages."""
    address = serve.address(served)
    assert address.startswith("http://127.0.0.1:") and not address.startswith("http://localhost:8")
    response, body = _get(served, "/index.html")
    assert response.status == 200 and body == b"<title>Brisca</title>"
    assert response.getheader("Cache-Control") == "no-store"
    response, _ = _get(served, "/brisca.tar.gz")
    assert response.getheader("Content-Type") == "application/gzip"
    # someone types localhost anyway: sent to the address that works, path kept
    port = served.server_address[1]
    response, _ = _get(served, "/index.html?autoplay", host=f"localhost:{port}")
    assert response.status == 302
    assert response.getheader("Location") == f"http://127.0.0.1:{port}/index.html?autoplay"


def test_serve_without_a_build_says_what_to_do(tmp_path, capsys):
    assert serve.main(["--dir", str(tmp_path / "nothing"), "--port", "0"]) == 1
    assert "python -m game build-web" in capsys.readouterr().err
    assert serve.main(["--port", "70000"]) == 2


def test_serve_is_a_game_command_and_the_docs_use_it():
    from game.__main__ import COMMANDS

    assert COMMANDS["serve"][0] == "game.cli.serve"
    doc = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    assert "python -m game serve" in doc
    assert "<http://localhost:8000/>" not in doc and "http.server -d build/web" not in doc
