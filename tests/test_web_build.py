"""The browser build: ``python -m game build-web`` stages the app, runs pygbag under a time limit,
and produces a page with every placeholder filled and an archive holding the app and nothing else.
Everything here is offline and builds into temporary folders, never the repository's build/."""

from __future__ import annotations

import hashlib
import io
import os
import re
import shutil
import tarfile
import zipfile
from pathlib import Path

import pytest

from game.cli import build_web

ROOT = Path(__file__).resolve().parents[1]
WEB_FILES = {"index.html", "favicon.png", "brisca.apk", "brisca.tar.gz"}   # what pygbag writes
#: What the build adds beside them: a phone keeps the game on its home screen with these, and
#: opens it offline with the service worker.
INSTALL_FILES = {"manifest.webmanifest", "icon-192.png", "icon-512.png", "apple-touch-icon.png", "sw.js"}
#: Files of game/ the browser never uses (the arena's second and third sparring networks and a
#: reading model no level uses), written out here rather than taken from the build code.
#: net-a ships: the search levels' prior card.
NOT_SHIPPED = {"game/ai/nets/net-b.bin", "game/ai/nets/net-c.bin", "game/ai/nets/net-ab-small.bin"}
#: The only data kept beside the code: the network of the search levels' prior card
#: (game/ai/__init__.py DESKTOP_BUDGET, ``anchor``) and the expert's reading of the other's
#: plays (``infer_model``, net-a-small) and its rollouts (``rollout``, net-a-small32), read from
#: game/ai/nets like net-b.
SHIPPED_DATA = {"assets/game/ai/nets/net-a.bin", "assets/game/ai/nets/net-a-small.bin",
                "assets/game/ai/nets/net-a-small32.bin"}
SKIP_DIRS = {"__pycache__", ".git", ".venv", "venv", "node_modules", "build", "dist", ".pytest_cache",
             ".hypothesis", "artifacts"}


def app_files() -> set[str]:
    """What the archive must hold, walked independently of the build code: main.py, every file
    under game/ and assets/, minus caches, bytecode, dot-files and documentation (*.md, such as
    assets/README.md). pygbag puts it all under assets/ in the archive."""
    found = {"assets/main.py"}
    for top in ("game", "assets"):
        for folder, dirs, files in os.walk(ROOT / top):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith(".")]
            for name in files:
                if name.startswith(".") or name.endswith((".pyc", ".pyo", ".md")) or "-pygbag." in name:
                    continue
                rel = (Path(folder) / name).relative_to(ROOT).as_posix()
                if rel in NOT_SHIPPED:
                    continue
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
        if name.startswith("assets/game/"):  # code, and the one network the search levels read
            assert name.endswith(".py") or name in SHIPPED_DATA, f"{name}: data files belong in assets/, not game/"
    assert SHIPPED_DATA <= set(names), "a network the search levels use is missing from the archive"


def test_build_web_command(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    before = tree_fingerprint()
    out = tmp_path / "site" / "web"
    assert build_web.main(["--itch", "--out", str(out), "--timeout", "120"]) == 0
    printed = capsys.readouterr().out

    assert {p.name for p in out.iterdir()} == WEB_FILES | INSTALL_FILES
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
        assert sorted(itch.namelist()) == sorted({"brisca.apk", "favicon.png", "index.html"} | INSTALL_FILES)
        assert itch.read("index.html") == (out / "index.html").read_bytes()   # the page marked with its build
        assert itch.read("brisca.apk") == (out / "brisca.apk").read_bytes()
        assert {item.date_time for item in itch.infolist()} == {(1980, 1, 1, 0, 0, 0)}
    check_install_files(out, page)
    check_service_worker(out, page)
    check_settled(out)
    assert f'data-build="{build_web.build_id(out)}"' in page

    # the benchmark figures printed are the real file sizes
    archive = (out / "brisca.tar.gz").stat().st_size
    host = archive + sum((out / name).stat().st_size for name in {"index.html", "favicon.png"} | INSTALL_FILES)
    assert f"archive (brisca.tar.gz): {archive / 1000:.1f} kB" in printed
    assert f"page + icons + archive (from our host): {host / 1000:.1f} kB" in printed

    assert tree_fingerprint() == before, "the build changed the working tree"
    assert not list(ROOT.glob("**/*-pygbag.*")), "pygbag wrote into the working tree"


def check_install_files(web: Path, page: str) -> None:
    """The page links the manifest and the apple-touch-icon; the manifest names the game, starts it
    from the page's own folder, stands alone on the screen, and names icons that are there at the
    size it says."""
    import json

    import pygame

    assert '<link rel="manifest" href="manifest.webmanifest">' in page
    assert '<link rel="apple-touch-icon" href="apple-touch-icon.png">' in page
    manifest = json.loads((web / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["name"] == manifest["short_name"] == "Brisca"
    assert manifest["start_url"] == manifest["scope"] == "." and manifest["display"] == "standalone"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512"}   # what Android asks for
    assert sorted((icon["sizes"], icon["purpose"]) for icon in manifest["icons"]) == [
        ("192x192", "any"), ("192x192", "maskable"), ("512x512", "any"), ("512x512", "maskable")]
    for icon in manifest["icons"]:
        w, h = map(int, icon["sizes"].split("x"))
        assert icon["type"] == "image/png" and pygame.image.load(str(web / icon["src"])).get_size() == (w, h)
    assert pygame.image.load(str(web / "apple-touch-icon.png")).get_size() == (180, 180)


def check_service_worker(web: Path, page: str) -> None:
    """sw.js is filled in (valid JavaScript where Node.js is at hand), keeps every file of ours
    that the build wrote, and the runtime at the page's own CDN address."""
    import json
    import shutil
    import subprocess

    text = (web / "sw.js").read_text(encoding="utf-8")
    assert not re.search(r"__[A-Z_]+__", text)
    consts = {key: json.loads(re.search(rf"^const {key} = (.+?);", text, re.M).group(1))
              for key in ("VERSION", "OWN", "RUNTIME", "RUNTIME_ORIGIN")}
    assert re.fullmatch(r"[0-9a-f]{16}", consts["VERSION"])
    # the page shows the build the worker's cache is named after (the loading screen's "Versión")
    assert re.findall(r'data-build="([0-9a-f]*)"', page) == [consts["VERSION"]]
    assert set(consts["OWN"]) == {"index.html", "favicon.png", "brisca.tar.gz", "brisca.apk"} | (INSTALL_FILES - {"sw.js"})
    cdn = re.search(r'src="([^"]+)pythons\.js"', page).group(1)
    assert cdn + "pythons.js" in consts["RUNTIME"] and cdn + "cpython312/main.wasm" in consts["RUNTIME"]
    assert all(url.startswith(consts["RUNTIME_ORIGIN"]) for url in consts["RUNTIME"])
    assert "navigator.serviceWorker.register(\"sw.js\")" in page
    if shutil.which("node"):
        done = subprocess.run(["node", "--check", str(web / "sw.js")], capture_output=True, text=True)
        assert done.returncode == 0, done.stderr


def test_the_service_worker_keeps_the_runtime_the_cdn_has(tmp_path):
    """Every runtime file sw.js keeps is one the CDN serves: checked against the offline copy of
    pygbag's CDN (all but CPython itself and the silent sound the copy lacks), and the wheel is
    the one the copy's package index names for pygame."""
    import json

    from browser_stdlib import cdn_copy

    folder, why = cdn_copy()
    if folder is None:
        pytest.skip(why)
    page = '<script src="https://pygame-web.github.io/cdn/0.9.3/pythons.js"></script> PYBUILD : "3.12",'
    origin, urls = build_web.runtime_urls(page)
    assert origin == "https://pygame-web.github.io/"
    root = "https://pygame-web.github.io/cdn/"
    lacking = {"0.9.3/cpython312/main.wasm", "0.9.3/cpython312/main.data", "0.9.3/empty.ogg"}
    for url in urls:
        rel = url[len(root):]
        assert url.startswith(root) and (rel in lacking or (folder / rel).is_file()), rel
    index = json.loads((folder / "index-0.9.3-cp312.json").read_text(encoding="utf-8"))
    wheel = index["pygame"].replace("<abi>-<abi>-<api>", "cp312-cp312-wasm32_bi_emscripten")
    assert root + wheel in urls


def tar_of(path: Path, files: list[tuple[str, bytes]]) -> None:
    """A .tar.gz holding ``files`` (name, bytes)."""
    with tarfile.open(path, "w:gz") as tar:
        for name, data in files:
            item = tarfile.TarInfo(name)
            item.size = len(data)
            tar.addfile(item, io.BytesIO(data))


def test_the_build_id_is_new_with_any_file_a_player_gets_and_the_page_shows_it(tmp_path):
    """The id the loading screen shows and the service worker names its cache after is another
    whenever the game archive, the itch.io zip, an icon or the worker's template changes (a new
    build a player must get, its old cache dropped), and the same when only the page's own id is
    written into it. A page with nowhere to show it is refused, not built without it."""
    web, root = tmp_path / "web", tmp_path / "root"
    web.mkdir()
    root.mkdir()
    (root / "sw.js").write_text("// worker\n", encoding="utf-8")
    (web / "index.html").write_text('<p id="build" data-build=""></p>', encoding="utf-8")
    (web / "favicon.png").write_bytes(b"favicon.png")
    game = [("main.py", b"print()\n")]
    tar_of(web / "brisca.tar.gz", game)
    build_web.write_zip(web / "brisca.apk", game)
    first = build_web.mark_build(web, root)
    assert re.fullmatch(r"[0-9a-f]{16}", first)
    assert f'data-build="{first}"' in (web / "index.html").read_text(encoding="utf-8")
    assert build_web.build_id(web, root) == first   # (the page marked: the same build)
    seen = {first}
    changed = [("main.py", b"print(1)\n")]   # (the archives count by what they hold)
    for name, place in (("brisca.tar.gz", web), ("brisca.apk", web), ("favicon.png", web), ("sw.js", root)):
        if name == "brisca.tar.gz":
            tar_of(web / name, changed)
        elif name == "brisca.apk":
            build_web.write_zip(web / name, changed)
        else:
            (place / name).write_bytes((place / name).read_bytes() + b" changed")
        ident = build_web.mark_build(web, root)
        assert ident not in seen, name
        seen.add(ident)
    (web / "index.html").write_text("<p>no build here</p>", encoding="utf-8")
    with pytest.raises(build_web.BuildError, match="data-build"):
        build_web.mark_build(web, root)


def test_a_page_without_its_runtime_address_gets_no_service_worker(tmp_path):
    (tmp_path / "index.html").write_text("<html>no loader here</html>", encoding="utf-8")
    with pytest.raises(build_web.BuildError, match="pythons.js"):
        build_web.write_service_worker(tmp_path)
    assert not (tmp_path / "sw.js").exists()


def pygbag_output(web: Path, app: dict[str, bytes], when: float, zone: str) -> Path:
    """The folder pygbag leaves, made as pygbag 0.9.3 makes it (pygbag/pack.py): the app's files
    written with the modification time ``when``, packed in the order of a folder's listing into a
    .tar.gz (``tarfile.open(..., "w:gz")``, its gzip header dated by the clock, here ``when``) and an
    .apk (``ZipFile.write``: each file's time, local in the time zone ``zone``), beside the page. Its
    clock and zone are undone on return, and only they (the caller's SOURCE_DATE_EPOCH stays unset)."""
    import time

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TZ", zone)
        time.tzset()
        patch.setattr(time, "time", lambda: when)
        _pack_like_pygbag(web, app, when)
    time.tzset()
    return web


def _pack_like_pygbag(web: Path, app: dict[str, bytes], when: float) -> None:
    files = web / "files"
    files.mkdir(parents=True)
    (web / "index.html").write_text('<p id="build" data-build="" hidden></p>', encoding="utf-8")
    (web / "favicon.png").write_bytes(b"\x89PNG icon")
    for name, data in app.items():
        (files / name).parent.mkdir(parents=True, exist_ok=True)
        (files / name).write_bytes(data)
        os.utime(files / name, (when, when))
    listed = [p for p in files.rglob("*") if p.is_file()]
    with tarfile.open(web / "brisca.tar.gz", "w:gz") as tar, \
            zipfile.ZipFile(web / "brisca.apk", "x", zipfile.ZIP_DEFLATED, compresslevel=9) as apk:
        for path in listed:
            name = "assets/" + path.relative_to(files).as_posix()
            apk.write(path, name)
            item = tarfile.TarInfo(name)
            item.size = path.stat().st_size
            with open(path, "rb") as data:
                tar.addfile(item, data)
    shutil.rmtree(files)


def test_one_commit_built_twice_is_one_version(tmp_path, monkeypatch):
    """The build's id (the loading screen's "Versión", the service worker's cache) changed with the
    time of the build and the files' times (a fresh checkout, a ``touch``), and with the build
    machine's time zone, the code the same: three builds of one commit gave three ids, and every
    player's worker fetched the game again (an outside tester's clock38, D1). Built a day apart, from
    files of other times, in Madrid and in Tokyo: one id, and the same archives byte for byte once
    settled (as build_web does after pygbag); a byte changed in one file of the game: another id."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    app = {"main.py": b"import asyncio\nasyncio.run(main())\n", "game/__init__.py": b"",
           "game/rules.py": b"CARDS = 40\n", "assets/a.bin": bytes(range(256)) * 8}
    day = 1_796_644_377.0
    built = []
    for n, (when, zone, files) in enumerate([(day, "Europe/Madrid", app), (day + 86_400, "Asia/Tokyo", app),
                                             (day, "Europe/Madrid", {**app, "game/rules.py": b"CARDS = 48\n"})]):
        web = pygbag_output(tmp_path / f"web{n}", files, when, zone)
        raw = build_web.build_id(web)
        build_web.settle_archives(web)
        assert build_web.build_id(web) == raw   # the id is what the archives hold, settled or not
        built.append(web)
    ids = [build_web.build_id(web) for web in built]
    assert ids[0] == ids[1] and ids[2] != ids[0], ids
    for name in ("brisca.tar.gz", "brisca.apk"):
        assert (built[0] / name).read_bytes() == (built[1] / name).read_bytes(), name
    assert build_web.archive_contents(built[0] / "brisca.tar.gz") == sorted(
        ("assets/" + name, data) for name, data in app.items())
    check_settled(built[0])
    monkeypatch.setenv("SOURCE_DATE_EPOCH", str(int(day)))   # a date the builder chooses, in UTC
    build_web.settle_archives(built[0])
    with zipfile.ZipFile(built[0] / "brisca.apk") as apk:
        assert {item.date_time for item in apk.infolist()} == {(2026, 12, 7, 11, 52, 56)}   # (a zip keeps even seconds)


def test_the_archives_say_the_same_date_and_modes_on_any_builder(tmp_path, monkeypatch):
    """Settled by a builder in Tokyo or New York, the files carry the chosen date in UTC (a zip's
    times are local: the zone must not enter them), a SOURCE_DATE_EPOCH before 1980 (0, a CI's
    default) the earliest a zip can hold rather than an error, and every file plain rw-r--r--."""
    import time

    day = 1_796_644_377
    web = pygbag_output(tmp_path / "web", {"main.py": b"import asyncio\n", "game/rules.py": b"CARDS = 40\n"},
                        day, "Europe/Madrid")
    for epoch, zone, stamp, dated in [("0", "Asia/Tokyo", 315532800, (1980, 1, 1, 0, 0, 0)),
                                      (str(day), "America/New_York", day, (2026, 12, 7, 11, 52, 56))]:
        with monkeypatch.context() as patch:
            patch.setenv("SOURCE_DATE_EPOCH", epoch)
            patch.setenv("TZ", zone)
            time.tzset()
            build_web.settle_archives(web)
        time.tzset()
        with tarfile.open(web / "brisca.tar.gz") as tar:
            assert {(m.mtime, m.mode) for m in tar.getmembers()} == {(stamp, 0o644)}, epoch
        with zipfile.ZipFile(web / "brisca.apk") as apk:
            assert {(item.date_time, item.external_attr >> 16) for item in apk.infolist()} == {(dated, 0o100644)}, zone


def test_a_zip_written_from_files_in_any_order_is_the_same_bytes(tmp_path):
    """itch.io's web.zip is written from pygbag's upload, in the order its folder was listed (the
    file system's): the same files in another order are the same zip, by name."""
    files = [("index.html", b"<p>"), ("brisca.apk", b"PK..."), ("assets/favicon.png", b"png"), ("sw.js", b"//")]
    build_web.write_zip(tmp_path / "a.zip", files)
    build_web.write_zip(tmp_path / "b.zip", files[::-1])
    assert (tmp_path / "a.zip").read_bytes() == (tmp_path / "b.zip").read_bytes()
    with zipfile.ZipFile(tmp_path / "a.zip") as made:
        assert made.namelist() == sorted(name for name, _data in files)


def check_settled(web: Path) -> None:
    """The archives of ``web`` say no time but the fixed one (no SOURCE_DATE_EPOCH: 1980-01-01) and
    hold their files by name."""
    import struct

    packed = (web / "brisca.tar.gz").read_bytes()
    assert struct.unpack("<I", packed[4:8])[0] == 0   # the gzip header's time: none
    with tarfile.open(web / "brisca.tar.gz") as tar:
        names = tar.getnames()
        assert {m.mtime for m in tar.getmembers()} == {315532800}
    with zipfile.ZipFile(web / "brisca.apk") as apk:
        assert apk.namelist() == names == sorted(names)
        assert {item.date_time for item in apk.infolist()} == {(1980, 1, 1, 0, 0, 0)}


def test_the_home_screen_icon_is_full_bleed_with_its_cards_in_the_safe_zone(tmp_path):
    """A "maskable" icon may be cut to a circle of 80 % of its width: no transparent corner, and the
    cards' white faces all inside that circle."""
    import math

    import pygame

    build_web.make_app_icon(tmp_path / "icon.png", 256)
    image = pygame.image.load(str(tmp_path / "icon.png"))
    assert image.get_size() == (256, 256)
    corners = [image.get_at((x, y)) for x in (0, 255) for y in (0, 255)]
    assert all(c.a == 255 and c.g > c.r and c.g > c.b for c in corners)   # felt green, opaque
    faces = [(x, y) for y in range(0, 256, 2) for x in range(0, 256, 2)
             if min(image.get_at((x, y))[:3]) > 200]   # the cards' cream faces
    assert len(faces) > 0.1 * 128 * 128
    assert max(math.hypot(x - 127.5, y - 127.5) for x, y in faces) <= 0.4 * 256


def test_the_manifest_describes_the_game_in_each_language_of_the_game(tmp_path):
    """The home-screen manifest described the game in Spanish and English only, one string for all
    ("Brisca, el juego de cartas español / the Spanish card game"): a Catalan phone's install
    prompt had no words of its own. The manifest's standard localized member
    (``description_localized``, by BCP 47 tag) gives each language of the game its own, the game's
    subtitle from its catalogue; ``description`` stays for browsers that do not read it yet."""
    import json

    from game.ui.i18n import languages

    build_web.write_install_files(tmp_path)
    manifest = json.loads((tmp_path / "manifest.webmanifest").read_text(encoding="utf-8"))
    described = manifest["description_localized"]
    assert set(described) == set(languages())   # (a catalogue added is described with no change here)
    assert described["es"] == "El juego de cartas de la baraja española"
    assert described["en"] == "The classic card game played with the Spanish deck"
    assert described["ca"] == "El joc de cartes de la baralla espanyola"
    assert manifest["lang"] == "es" and "juego de cartas" in manifest["description"]   # (the fallback)


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
        build_web.run_pygbag(tmp_path, itch=False, timeout=1)   # (any limit shows it: 4 s was 4 s of waiting)
        build_web.check_output(tmp_path / "brisca" / "build" / "web")


def test_bad_page_is_refused(tmp_path):
    web = tmp_path / "web"
    web.mkdir()
    for name in WEB_FILES:
        (web / name).write_bytes(b"")
    (web / "index.html").write_text("<title>{{cookiecutter.title}}</title>")
    with pytest.raises(build_web.BuildError, match="placeholders"):
        build_web.check_output(web)


def test_a_page_that_sets_its_config_after_the_loader_is_refused(tmp_path):
    """pythons.js reads window.config as it starts; an async module may start before the parser
    reaches a config set further down (it did, in Chromium on a busy machine: no archive, no CDN),
    so the build refuses a page whose config comes after the loader's tag. The template's passes."""
    web = tmp_path / "web"
    web.mkdir()
    for name in WEB_FILES:
        (web / name).write_bytes(b"")
    loader = '<script src="https://cdn/0.9.3/pythons.js" type=module id=site async defer>#<!--\n# --></script>'
    (web / "index.html").write_text(f"<html>{loader}<head><script>window.config = {{}};</script></head></html>")
    with pytest.raises(build_web.BuildError, match="window.config before"):
        build_web.check_output(web)
    template = (ROOT / "index.html").read_text(encoding="utf-8")
    at = template.index("window.config =")
    assert at < template.index('pythons.js" onerror') and template.count("window.config =") == 1


# ------------------------------------------------------- the page's Python loader, run for real


def _loader_source(page: str, data_root: Path) -> str:
    """The Python block of the built page (what pythons.js runs), with /data/data/ moved to a temp dir."""
    start = page.index("#<!--") + len("#<!--")
    code = page[start: page.index("# --></script>")]
    assert code.count('Path(f"/data/data/{bundle}")') == 1
    return code.replace('Path(f"/data/data/{bundle}")', f'Path(f"{data_root.as_posix()}/{{bundle}}")')


def _run_loader(web: Path, tmp_path: Path, host: str, ume: bool, served=None, calls=None, refused=None) -> dict:
    """Run the loader against stand-ins for pygbag's platform/embed/shell objects (``refused``: the
    status the page saw for the archive, its ``brisca.archiveRefused()``; None: no such hook)."""
    import asyncio
    import contextlib
    import io
    import sys
    import types

    calls = {} if calls is None else calls
    calls.update({"js": [], "fopen": [], "run_main": [], "source": []})

    @contextlib.asynccontextmanager
    async def fopen(name, mode="rb"):
        calls["fopen"].append(name)
        data = served(name) if served else (web / name).read_bytes()
        yield io.BytesIO(data)

    class MM:
        UME = ume

    def js_eval(code):
        calls["js"].append(code)
        if code == 'brisca.phase("prompt")':
            MM.UME = True  # the player taps

    window = types.SimpleNamespace(
        location=types.SimpleNamespace(host=host), MM=MM, eval=js_eval,
        window_resize=lambda: calls.setdefault("resized", True),
        python=types.SimpleNamespace(config=types.SimpleNamespace(debug=False)))
    if refused is not None:
        window.brisca = types.SimpleNamespace(archiveRefused=lambda: refused)
    platform = types.ModuleType("platform")
    platform.window = window
    platform.fopen = fopen
    platform.run_main = lambda cfg, loaderhome, loadermain: calls["run_main"].append(Path(loaderhome))
    platform.shell = object()
    embed = types.ModuleType("embed")
    embed.counter = lambda: 0

    async def start_toplevel(shell, console):
        calls["toplevel"] = console

    async def source(main, callback):
        calls["source"].append(Path(main))
        callback("pygame-ce")

    shell = types.SimpleNamespace(source=source, interactive=lambda: calls.setdefault("interactive", True))
    module = types.ModuleType("brisca_loader_under_test")
    module.__dict__.update(PyConfig={}, window=window, shell=shell,
                           TopLevel_async_handler=types.SimpleNamespace(start_toplevel=start_toplevel))
    sys.modules[module.__name__] = module
    saved = {k: sys.modules.get(k) for k in ("platform", "embed")}
    sys.modules.update(platform=platform, embed=embed)
    page = (web / "index.html").read_text(encoding="utf-8")
    code = _loader_source(page, tmp_path / "data")
    assert code.count("asyncio.run(brisca_site())") == 1
    code = code.replace("asyncio.run(brisca_site())", "")
    try:
        exec(compile(code, "index.html", "exec"), module.__dict__)
        asyncio.run(module.brisca_site())
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
        sys.modules.pop(module.__name__, None)
    calls["file"] = module.__dict__.get("__file__")
    return calls


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return build_web.build_web(tmp_path_factory.mktemp("loader") / "web", timeout=120).web_dir


@pytest.mark.parametrize("host, archive", [("user.github.io", "brisca.tar.gz"),
                                           ("html-classic.itch.zone", "brisca.apk")])
def test_page_loader_unpacks_the_archive_and_starts_main(built, tmp_path, host, archive):
    calls = _run_loader(built, tmp_path, host, ume=False)
    assert calls["fopen"] == [archive]
    appdir = tmp_path / "data" / "brisca"
    unpacked = sorted(p.relative_to(appdir).as_posix() for p in appdir.rglob("*") if p.is_file())
    with tarfile.open(built / "brisca.tar.gz") as tar:
        assert unpacked == sorted(tar.getnames())
    assert calls["run_main"] == [appdir / "assets"]
    assert calls["source"] == [appdir / "assets" / "main.py"] and calls["file"] == str(appdir / "assets" / "main.py")
    phases = [re.fullmatch(r'brisca\.phase\("(\w+)"\)', js).group(1) for js in calls["js"] if "phase(" in js]
    # "started", not "running": the page lifts its loading screen when the game reports a frame
    assert phases == ["download", "unpack", "prompt", "start", "started"]
    assert any(js.startswith("brisca.status(") for js in calls["js"])
    assert calls.get("interactive") and calls.get("resized")


def test_page_loader_skips_the_prompt_after_a_tap_and_takes_a_decompressed_tar(built, tmp_path):
    """A host that adds Content-Encoding: gzip makes the browser hand over a plain tar."""
    import gzip

    calls = _run_loader(built, tmp_path, "example.org", ume=True,
                        served=lambda name: gzip.decompress((built / name).read_bytes()))
    assert (tmp_path / "data" / "brisca" / "assets" / "main.py").is_file()
    phases = [re.fullmatch(r'brisca\.phase\("(\w+)"\)', js).group(1) for js in calls["js"] if "phase(" in js]
    assert phases == ["download", "unpack", "start", "started"]


def test_page_loader_tells_the_page_when_it_fails(built, tmp_path):
    """An archive that cannot be unpacked: the page hears why ("failed"), the error still raises."""
    calls: dict = {}
    with pytest.raises(tarfile.TarError):
        try:
            _run_loader(built, tmp_path, "example.org", ume=True, served=lambda name: b"not an archive",
                        calls=calls)
        finally:
            failed = [js for js in calls.get("js", []) if js.startswith("brisca.failed(")]
    assert len(failed) == 1 and failed[0].startswith('brisca.failed("start", "ReadError: '), failed


@pytest.mark.parametrize("host, archive", [("example.org", "brisca.tar.gz"), ("html-classic.itch.zone", "brisca.apk")])
@pytest.mark.parametrize("body", ["error text", "an archive"])
def test_page_loader_never_unpacks_an_archive_the_host_refused(built, tmp_path, body, host, archive):
    """The host answered the archive with 503 (an outage) or 404 (never uploaded): whatever came
    with it, the loader unpacks nothing and the page hears the status ("archive"), not a
    ReadError to take to another browser; on itch.io (the zip) as elsewhere (the .tar.gz)."""
    calls: dict = {}
    served = (lambda name: b"host error") if body == "error text" else None   # None: the real archive's bytes
    with pytest.raises(Exception, match=archive):
        try:
            _run_loader(built, tmp_path, host, ume=True, served=served, calls=calls, refused="503")
        finally:
            failed = [js for js in calls.get("js", []) if js.startswith("brisca.failed(")]
    assert len(failed) == 1 and failed[0].startswith('brisca.failed("archive", "HTTP 503: '), failed
    assert not (tmp_path / "data" / "brisca").exists() or not any((tmp_path / "data" / "brisca").iterdir())
    assert "unpack" not in "".join(calls["js"]) and calls["run_main"] == []


def test_page_loader_names_the_status_when_pygbag_fails_on_the_download(built, tmp_path):
    """pygbag's fopen may fail on a refused download before the loader looks: the status is told."""
    calls: dict = {}

    def missing(name):
        raise FileNotFoundError(name)

    with pytest.raises(FileNotFoundError):
        try:
            _run_loader(built, tmp_path, "example.org", ume=True, served=missing, calls=calls, refused="404")
        finally:
            failed = [js for js in calls.get("js", []) if js.startswith("brisca.failed(")]
    assert len(failed) == 1 and failed[0].startswith('brisca.failed("archive", "HTTP 404: FileNotFoundError'), failed


def test_an_output_folder_the_build_would_harm_is_refused_before_building(tmp_path, capsys):
    """The build empties its output folder first: the checkout, a folder holding it, a file, or a
    folder of other things are refused at once (nothing built, nothing deleted); a new folder, an
    empty one and an earlier build are accepted."""
    root = tmp_path / "checkout"
    (root / "game").mkdir(parents=True)
    (root / "game" / "x.py").write_text("x = 1\n")
    other = tmp_path / "notes"
    other.mkdir()
    (other / "todo.txt").write_text("keep me")
    for out, why in ((root, "holds the project"), (tmp_path, "holds the project"),
                     (root / "game" / "x.py", "is a file"), (other, "neither empty nor an earlier build")):
        with pytest.raises(build_web.BuildError, match=why):
            build_web.check_out_dir(out, root)
    assert (other / "todo.txt").read_text() == "keep me" and (root / "game" / "x.py").is_file()
    earlier = tmp_path / "earlier"
    earlier.mkdir()
    (earlier / "index.html").write_text("<html></html>")
    (tmp_path / "empty").mkdir()
    for out in (root / "build" / "web", tmp_path / "empty", earlier, tmp_path / "new" / "web"):
        build_web.check_out_dir(out, root)
    assert build_web.main(["--out", str(other)]) == 1
    err = capsys.readouterr().err
    assert "neither empty nor an earlier build" in err and "Traceback" not in err
    assert (other / "todo.txt").read_text() == "keep me"


@pytest.mark.parametrize("timeout", ["-1", "0", "nan", "inf"])
def test_a_timeout_that_is_no_time_is_a_usage_error_before_any_build(timeout, capsys):
    """It was "pygbag did not finish within -1 s", status 1, after staging the build."""
    with pytest.raises(SystemExit) as ended:
        build_web.main(["--timeout", timeout])
    assert ended.value.code == 2 and "--timeout is the seconds pygbag may take" in capsys.readouterr().err


def test_the_itch_upload_goes_beside_the_output_folder_and_never_over_a_file_not_its_own(tmp_path, capsys):
    """``--itch --out DIR`` wrote DIR's parent's ``web.zip`` whatever it was (a tester's own file
    was replaced unasked). The upload is named after the folder (``build/web`` -> ``build/web.zip``)
    and a file there that is not an earlier upload is refused before building, kept as it was."""
    assert build_web.itch_zip_for(tmp_path / "build" / "web") == tmp_path / "build" / "web.zip"
    assert build_web.itch_zip_for(Path(".")) == Path.cwd().parent / f"{Path.cwd().name}.zip"   # not "./.zip"
    mine = tmp_path / "site.zip"
    mine.write_text("mine")
    assert build_web.main(["--itch", "--out", str(tmp_path / "site")]) == 1
    err = capsys.readouterr().err
    assert "is not an earlier itch.io upload" in err and "Traceback" not in err and mine.read_text() == "mine"
    site = tmp_path / "site2.zip"   # a zip of someone's own site: not ours
    with zipfile.ZipFile(site, "w") as z:
        z.writestr("index.html", "<html></html>")
    with pytest.raises(build_web.BuildError, match="not an earlier itch.io upload"):
        build_web.check_itch_zip(site)
    earlier = tmp_path / "earlier.zip"
    with zipfile.ZipFile(earlier, "w") as z:
        z.writestr("index.html", "<html></html>")
        z.writestr("brisca.apk", "")
    build_web.check_itch_zip(earlier)   # an earlier upload is replaced
    build_web.check_itch_zip(tmp_path / "new.zip")
