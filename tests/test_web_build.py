"""The browser build: ``python -m game build-web`` stages the app, runs pygbag under a time limit,
and produces a page with every placeholder filled and an archive holding the app and nothing else.
Everything here is offline and builds into temporary folders, never the repository's build/."""

from __future__ import annotations

import hashlib
import os
import re
import tarfile
import zipfile
from pathlib import Path

import pytest

from game.cli import build_web

ROOT = Path(__file__).resolve().parents[1]
WEB_FILES = {"index.html", "favicon.png", "brisca.apk", "brisca.tar.gz"}
SKIP_DIRS = {"__pycache__", ".git", ".venv", "venv", "node_modules", "build", "dist", ".pytest_cache",
             ".hypothesis", "artifacts"}


def app_files() -> set[str]:
    """What the archive must hold, walked independently of the build code: main.py, every file
    under game/ and assets/, minus caches, bytecode and dot-files (pygbag packs under assets/)."""
    found = {"assets/main.py"}
    for top in ("game", "assets"):
        for folder, dirs, files in os.walk(ROOT / top):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
            for name in files:
                if name.startswith(".") or name.endswith((".pyc", ".pyo")) or "-pygbag." in name:
                    continue
                rel = (Path(folder) / name).relative_to(ROOT).as_posix()
                found.add(f"assets/{rel}")
    return found


def tree_fingerprint() -> dict[str, str]:
    """Hash of every source file the build reads, to prove the working tree is left alone."""
    out = {}
    for path in [ROOT / "main.py", ROOT / "index.html", ROOT / "pygbag.ini",
                 *sorted((ROOT / "game").rglob("*")), *sorted((ROOT / "assets").rglob("*"))]:
        if path.is_file() and "__pycache__" not in path.parts:
            out[path.relative_to(ROOT).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def check_archive(web: Path) -> list[str]:
    with tarfile.open(web / "brisca.tar.gz") as tar:
        members = tar.getmembers()
        names = [m.name for m in members]
        assert all(m.isfile() for m in members), "the archive should hold plain files only"
        main = tar.extractfile("assets/main.py").read().decode("utf-8")
    assert "asyncio.run(" in main, "the browser loader looks for asyncio.run( in main.py"
    with zipfile.ZipFile(web / "brisca.apk") as apk:
        assert sorted(apk.namelist()) == sorted(names), ".apk (itch.io) and .tar.gz hold different files"
    assert len(names) == len(set(names)), "duplicate members"
    return names


def assert_only_app(names: list[str]) -> None:
    expected = app_files()
    extra, missing = set(names) - expected, expected - set(names)
    assert not extra, f"the archive holds files that are not the app: {sorted(extra)}"
    assert not missing, f"the archive lacks app files: {sorted(missing)}"
    for name in names:
        assert name.startswith(("assets/main.py", "assets/game/", "assets/assets/")), name
        assert "__pycache__" not in name and not name.endswith((".pyc", ".wav", ".mp3")), name
        if name.startswith("assets/game/"):
            assert name.endswith(".py"), f"{name}: data files belong in assets/, not game/"


def test_build_web_command(tmp_path, capsys):
    before = tree_fingerprint()
    out = tmp_path / "site" / "web"
    assert build_web.main(["--itch", "--out", str(out), "--timeout", "120"]) == 0
    printed = capsys.readouterr().out

    assert {p.name for p in out.iterdir()} == WEB_FILES
    page = (out / "index.html").read_text(encoding="utf-8")
    assert "{{" not in page and "{%" not in page and "cookiecutter" not in page
    assert "browserfs" not in page.lower()
    assert "<title>Brisca</title>" in page
    assert 'platform.fopen("brisca.tar.gz"' in page and 'platform.fopen("brisca.apk"' in page
    assert 'src="https://pygame-web.github.io/cdn/0.9.3/pythons.js"' in page
    assert re.search(r"data-os=\"[^\"]*\"", page).group(0) == 'data-os="vtx,snd,gui"'  # no "fs"
    assert 'width="1280" height="720"' in page
    assert (out / "favicon.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    names = check_archive(out)
    assert_only_app(names)

    with zipfile.ZipFile(tmp_path / "site" / "web.zip") as itch:
        assert sorted(itch.namelist()) == ["brisca.apk", "favicon.png", "index.html"]

    # the benchmark figures printed are the real file sizes
    archive = (out / "brisca.tar.gz").stat().st_size
    host = archive + (out / "index.html").stat().st_size + (out / "favicon.png").stat().st_size
    assert f"archive (brisca.tar.gz): {archive / 1000:.1f} kB" in printed
    assert f"page + icon + archive (from our host): {host / 1000:.1f} kB" in printed

    assert tree_fingerprint() == before, "the build changed the working tree"
    assert not list(ROOT.glob("**/*-pygbag.*")), "pygbag wrote into the working tree"


def test_pygbag_ini_alone_keeps_a_whole_checkout_out_of_the_archive(tmp_path):
    """Someone running pygbag straight on the repository gets the same clean archive."""
    import shutil
    import subprocess
    import sys

    app = tmp_path / "brisca"
    shutil.copytree(ROOT, app, ignore=shutil.ignore_patterns(*SKIP_DIRS))
    build_web.make_icon(app / "favicon.png")
    done = subprocess.run(
        [sys.executable, "-m", "pygbag", "--build", "--template", "index.html", "--icon", "favicon.png",
         "--title", "Brisca", "."],
        cwd=app, capture_output=True, text=True, timeout=120,
        env=dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy"),
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    web = app / "build" / "web"
    assert WEB_FILES <= {p.name for p in web.iterdir()}
    names = check_archive(web)
    leaked = sorted(n for n in names if n not in app_files())
    assert not leaked, f"pygbag.ini lets these into the archive; add them to ignoreDirs/ignoreFiles: {leaked}"


def test_stage_copies_only_the_app(tmp_path):
    app = build_web.stage(ROOT, tmp_path)
    assert app.name == "brisca"
    assert sorted(p.name for p in app.iterdir()) == sorted(
        p for p in ("main.py", "game", "assets") if (ROOT / p).exists())
    assert sorted(p.name for p in tmp_path.iterdir()) == ["brisca", "favicon.png", "index.html", "pygbag.ini"]
    assert not list(app.rglob("__pycache__"))


def test_missing_template_is_a_clear_error_within_the_time_limit(tmp_path):
    """Without a local template pygbag asks the CDN and retries forever: the limit stops it."""
    build_web.stage(ROOT, tmp_path)
    (tmp_path / "index.html").unlink()
    with pytest.raises(build_web.BuildError):
        build_web.run_pygbag(tmp_path, itch=False, timeout=4)
        build_web.check_output(tmp_path / "brisca" / "build" / "web")


def test_bad_page_is_refused(tmp_path):
    web = tmp_path / "web"
    web.mkdir()
    for name in WEB_FILES:
        (web / name).write_bytes(b"")
    (web / "index.html").write_text("<title>{{cookiecutter.title}}</title>")
    with pytest.raises(build_web.BuildError, match="placeholders"):
        build_web.check_output(web)
