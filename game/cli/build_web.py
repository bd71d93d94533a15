"""``python -m game build-web [--itch]``: build the browser version into ``build/web``.

Why a staged copy: pygbag edits the folder it packs (it runs black over it when black is
importable and writes ``*-pygbag.*`` copies next to images, sounds and some sources), packs
whatever it finds there, and names the archive after the folder. So the app (``main.py``,
``game/``, ``assets/``) is copied into a temporary folder called ``brisca`` beside the template,
a generated icon and ``pygbag.ini``; pygbag runs there under a time limit (it retries forever
when it wants something from the network), and only its output is copied back into the
repository. The working tree is never touched.

This module runs on the desktop only (it starts pygbag as a subprocess), never in the browser.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path

from ..usage import Parser

ROOT = Path(__file__).resolve().parents[2]
APP_NAME = "brisca"  # the staging folder's name; pygbag names the archive after it
APP_ITEMS = ("main.py", "game", "assets")
TEMPLATE = "index.html"
CONFIG = "pygbag.ini"
ICON = "favicon.png"
WIDTH, HEIGHT = 1280, 720
DEFAULT_TIMEOUT = 180.0

# Size targets from issue 5 (bytes): the game archive, and everything the browser downloads
# from our own host (page + icon + archive; the Python runtime comes from the pygbag CDN).
ARCHIVE_TARGET = 1_500_000
HOST_TARGET = 2_000_000

# Never copied into the staging folder: caches, bytecode, editor and OS litter, and the
# documentation kept beside the assets (assets/README.md says where each file comes from).
_STAGE_IGNORE_NAMES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyo", ".*", "*-pygbag.*", "*~", "*.md")
#: Files and folders of the app that the browser never uses: the second sparring network
#: (game/ai/net.py; ~0.5 MB, an arena opponent only).  ``net-a`` ships: the expert and hard
#: levels take their prior card from it (``anchor``, game/ai/players.py).
NOT_SHIPPED = ("game/ai/nets/net-b.bin", "game/ai/nets/net-c.bin", "game/ai/nets/net-ab-small.bin")
_NOT_SHIPPED_PATHS = tuple((ROOT / rel).resolve() for rel in NOT_SHIPPED)


def _stage_ignore(folder: str, names: list[str]) -> set[str]:
    """``shutil.copytree``'s ignore: the litter patterns, and the paths of NOT_SHIPPED."""
    ignored = set(_STAGE_IGNORE_NAMES(folder, names))
    here = Path(folder).resolve()
    ignored.update(skip.name for skip in _NOT_SHIPPED_PATHS if skip.parent == here and skip.name in names)
    return ignored


class BuildError(RuntimeError):
    """The web build failed; the message says at which step and why."""


@dataclass
class BuildResult:
    """What a build produced, with the sizes the targets are measured on."""

    web_dir: Path
    archive: Path  # the .tar.gz the page downloads on an ordinary static host
    apk: Path  # the zip the page downloads on itch.io
    itch_zip: Path | None
    sizes: dict[str, int] = field(default_factory=dict)

    @property
    def archive_bytes(self) -> int:
        return self.sizes[self.archive.name]

    @property
    def host_bytes(self) -> int:
        """Page + icons + manifest + service worker + archive: what a visitor's browser downloads
        from our host (a phone's browser fetches the manifest and its icons with the page, and the
        service worker once the game has started)."""
        install = sum(self.sizes.get(name, 0) for name in (MANIFEST, *APP_ICONS, SERVICE_WORKER))
        return self.sizes[TEMPLATE] + self.sizes[ICON] + install + self.archive_bytes


def stage(root: Path, dest: Path) -> Path:
    """Copy the app and the build inputs into ``dest``; return the app folder (``dest/brisca``)."""
    app = dest / APP_NAME
    app.mkdir(parents=True)
    for item in APP_ITEMS:
        source = root / item
        if source.is_dir():
            shutil.copytree(source, app / item, ignore=_stage_ignore)
        elif source.is_file():
            shutil.copy2(source, app / item)
        elif item == "main.py":
            raise BuildError(f"no main.py in {root}")
    for item in (TEMPLATE, CONFIG):
        if not (root / item).is_file():
            raise BuildError(f"missing {item} in {root}")
        shutil.copy2(root / item, dest / item)
    make_icon(dest / ICON)
    return app


def make_icon(path: Path, size: int = 64) -> None:
    """Draw the page icon (a fan of three cards on green felt) so no binary is committed."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(surface, (20, 90, 50), surface.get_rect(), border_radius=size // 6)
    card_w, card_h = size * 3 // 8, size * 9 // 16
    for angle, color in ((24, (229, 181, 58)), (0, (244, 236, 216)), (-24, (244, 236, 216))):
        card = pygame.Surface((card_w, card_h), pygame.SRCALPHA)
        card.fill(color)
        pygame.draw.rect(card, (229, 181, 58), card.get_rect(), width=max(1, size // 32))
        pygame.draw.circle(card, (178, 34, 34), (card_w // 2, card_h // 2), card_w // 4)
        rotated = pygame.transform.rotozoom(card, angle, 1.0)
        surface.blit(rotated, rotated.get_rect(center=(size // 2, size // 2 + size // 16)))
    pygame.image.save(surface, str(path))


def make_app_icon(path: Path, size: int) -> None:
    """Draw the home-screen icon of ``size`` px (a phone's "Add to Home screen"): three aces fanned
    (espadas, copas, oros) in the game's own card art on green felt, full bleed and inside the
    middle 80 % (the safe zone of a "maskable" icon, which the phone may cut to a circle)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.ui.art.cards import render_face

    surface = pygame.Surface((size, size))
    centre = (size - 1) / 2
    for r in range(size // 2 + size // 3, 0, -max(1, size // 128)):   # a lighter middle, no noise
        k = 1.0 - r / (size * 0.85)
        color = (int(14 + 22 * k), int(62 + 54 * k), int(36 + 28 * k))
        pygame.draw.circle(surface, color, (round(centre), round(centre)), r)
    card_h = int(size * 0.46)
    card_w = card_h * 2 // 3
    for angle, suit, dx in ((18, "E", -0.15), (0, "C", 0.0), (-18, "O", 0.15)):
        face = render_face(card_w, card_h, 1, suit)
        turned = pygame.transform.rotozoom(face, angle, 1.0)
        surface.blit(turned, turned.get_rect(center=(round(centre + dx * size), round(centre + 0.03 * size))))
    pygame.image.save(surface, str(path))


#: The home-screen icons the page's manifest names, by file: size in px.
APP_ICONS = {"apple-touch-icon.png": 180, "icon-192.png": 192, "icon-512.png": 512}
MANIFEST = "manifest.webmanifest"


def write_install_files(web: Path) -> list[Path]:
    """The files that let a phone keep the game on its home screen, beside the page: the manifest
    (name, icons, colours, started full screen from the page's own folder) and its icons; the page
    links them (index.html). Returns the paths written."""
    written = []
    for name, size in APP_ICONS.items():
        make_app_icon(web / name, size)
        written.append(web / name)
    from game.ui.i18n import Words, languages  # noqa: PLC0415

    manifest = {
        "name": "Brisca",
        "short_name": "Brisca",
        # for a browser that reads no localized member (none did in 2026): Spanish, then English
        "description": "Brisca, el juego de cartas español / the Spanish card game",
        # each language of the game its own words, the game's subtitle (the standard's localized
        # member, by BCP 47 tag: the browser picks the one of its languages)
        "description_localized": {code: Words(code).t("app.subtitle") for code in languages()},
        "lang": "es",
        "start_url": ".",
        "scope": ".",
        "display": "standalone",
        "orientation": "any",
        "background_color": "#0f3d25",
        "theme_color": "#0f3d25",
        # each icon twice: as it is, and as "maskable" (its cards lie in the middle 80 %, so a phone
        # may cut it to a circle); one entry "any maskable" is discouraged by the browsers' checks
        "icons": [{"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
                  for purpose in ("any", "maskable") for name, size in APP_ICONS.items() if name.startswith("icon-")],
    }
    (web / MANIFEST).write_text(json.dumps(manifest, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    written.append(web / MANIFEST)
    return written


#: The service worker's template (top level, beside the page's) and the file it becomes.
SERVICE_WORKER = "sw.js"
#: The runtime files the game's start needs, as paths on pygbag's CDN (``{version}``: pygbag's,
#: 0.9.3; ``{py}``: CPython's digits, 312): the loader and what it fetches (pythons.js), the
#: desktop console it imports (vtx.js and xterm), CPython, the package index and the pygame-ce
#: wheel it names (tests/test_web_build.py checks them against the CDN copy). Anything else the
#: runtime asks for is kept as it is fetched.
RUNTIME_FILES = ("{version}/pythons.js", "{version}/empty.ogg", "{version}/cpythonrc.py",
                 "{version}/cpython{py}/main.js", "{version}/cpython{py}/main.wasm",
                 "{version}/cpython{py}/main.data", "vtx.js", "vt/xterm.js", "vt/xterm-addon-image.js",
                 "vt/xterm.css", "index-{version}-cp{py}.json",
                 "cp{py}/pygame_ce-2.5.7.dev1-cp{py}-cp{py}-wasm32_bi_emscripten.whl")


def runtime_urls(page: str) -> tuple[str, list[str]]:
    """The runtime's origin and the CDN files to keep, read from the built page (its pythons.js
    address and Python version). Raises BuildError when the page names neither."""
    loader = re.search(r'<script[^>]*src="(https://[^"]+/)([0-9][^"/]*)/pythons\.js"', page)
    python = re.search(r'PYBUILD\s*:\s*"3\.(\d+)"', page)
    if loader is None or python is None:
        raise BuildError("the page names no pythons.js on a CDN, or no Python version (PYBUILD)")
    root, version, py = loader.group(1), loader.group(2), "3" + python.group(1)
    urls = [root + name.format(version=version, py=py) for name in RUNTIME_FILES]
    return re.match(r"https://[^/]+/", root).group(0), urls


#: Where the page shows which build it is (index.html's ``#build``, on the loading screen).
BUILD_MARK = re.compile(r'data-build="[0-9a-f]*"')


#: The time every file of the archives carries when SOURCE_DATE_EPOCH does not say one: 1980-01-01
#: 00:00 UTC, the earliest a zip can hold.
ZIP_EPOCH = 315532800
#: The archives the page downloads (the .tar.gz on an ordinary host, the .apk on itch.io).
ARCHIVES = (f"{APP_NAME}.tar.gz", f"{APP_NAME}.apk")


def fixed_time() -> int:
    """The time the archives' files carry (seconds since 1970, UTC): ``SOURCE_DATE_EPOCH`` where it is
    set (reproducible-builds.org), no earlier than ZIP_EPOCH; else ZIP_EPOCH."""
    try:
        return max(ZIP_EPOCH, int(os.environ.get("SOURCE_DATE_EPOCH", "")))
    except ValueError:
        return ZIP_EPOCH


def archive_contents(path: Path) -> list[tuple[str, bytes]]:
    """The files of an archive (a .tar.gz or a zip such as the .apk), as (name, bytes), by name."""
    if path.name.endswith(".tar.gz"):
        with tarfile.open(path) as tar:
            found = [(m.name, tar.extractfile(m).read()) for m in tar.getmembers() if m.isfile()]
    else:
        with zipfile.ZipFile(path) as archive:
            found = [(name, archive.read(name)) for name in archive.namelist()]
    return sorted(found)


def write_zip(path: Path, files: list[tuple[str, bytes]]) -> None:
    """A zip of ``files`` whose bytes depend on nothing else: by name, each with the fixed time (in
    UTC: a zip's times are local, and the build machine's time zone was in them), plain file modes."""
    when = time.gmtime(fixed_time())[:6]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(files):
            item = zipfile.ZipInfo(name, date_time=when)
            item.compress_type, item.create_system, item.external_attr = zipfile.ZIP_DEFLATED, 3, 0o100644 << 16
            archive.writestr(item, data, compresslevel=9)


def settle_archives(web: Path) -> None:
    """Write pygbag's two archives in ``web`` again, holding the same files, so that one commit builds
    the same bytes: pygbag's gzip header held the time of the build, and the .apk each file's
    modification time (a checkout's, a ``touch``'s) in the build machine's time zone, so every
    rebuild of the same code was a new version (an outside tester's clock38). Now the files go in by
    name, with :func:`fixed_time`, and the gzip header says no time."""
    files = archive_contents(web / ARCHIVES[0])
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in files:
            item = tarfile.TarInfo(name)
            item.size, item.mtime, item.mode = len(data), fixed_time(), 0o644
            tar.addfile(item, io.BytesIO(data))
    with open(web / ARCHIVES[0], "wb") as out, gzip.GzipFile("", "wb", 9, out, mtime=0) as packed:
        packed.write(raw.getvalue())
    write_zip(web / ARCHIVES[1], files)


def _own_files(web: Path) -> list[str]:
    return [name for name in (TEMPLATE, ICON, MANIFEST, *APP_ICONS, f"{APP_NAME}.tar.gz", f"{APP_NAME}.apk")
            if (web / name).is_file()]


def build_id(web: Path, root: Path = ROOT) -> str:
    """The build in ``web``, in 16 hex digits: a digest of the service worker's template and our
    files, the page read without its own id, and the archives by what they hold (each file's name
    and bytes, by name), not by how they were packed: neither the time of the build nor the files'
    times count (:func:`settle_archives`; another machine's zlib may pack the same files otherwise).
    The page shows it and the worker names its cache after it (VERSION), so the version a player
    reads is the one a deployer finds, and rebuilding a commit gives its id again."""
    digest = hashlib.sha256((root / SERVICE_WORKER).read_bytes())
    for name in _own_files(web):
        if name in ARCHIVES:
            for member, data in archive_contents(web / name):
                digest.update(f"{name}/{member}\0{len(data)}\0".encode("utf-8") + data)
            continue
        data = (web / name).read_bytes()
        if name == TEMPLATE:
            data = BUILD_MARK.sub('data-build=""', data.decode("utf-8")).encode("utf-8")
        digest.update(name.encode("utf-8") + data)
    return digest.hexdigest()[:16]


def mark_build(web: Path, root: Path = ROOT) -> str:
    """Write the build's id into its page (what the loading screen shows); return it."""
    page = web / TEMPLATE
    text = page.read_text(encoding="utf-8")
    if not BUILD_MARK.search(text):
        raise BuildError(f"the page has no {BUILD_MARK.pattern} to show the build in")
    ident = build_id(web, root)
    page.write_text(BUILD_MARK.sub(f'data-build="{ident}"', text), encoding="utf-8")
    return ident


def write_service_worker(web: Path, root: Path = ROOT) -> Path:
    """Fill the service worker's template (``sw.js``) for the build in ``web`` and write it there.

    Its version is the build's id (``build_id``: the page, the archives, the icons and the
    template): a new build is a new worker (the browser installs it on the next visit) and a new
    cache. It keeps our files and the runtime's, so the game opens offline once it has been opened
    online.
    """
    template = (root / SERVICE_WORKER).read_text(encoding="utf-8")
    page = (web / TEMPLATE).read_text(encoding="utf-8")
    origin, runtime = runtime_urls(page)
    own = _own_files(web)
    filled = template
    for key, value in (("VERSION", build_id(web, root)), ("OWN", own), ("RUNTIME", runtime),
                       ("RUNTIME_ORIGIN", origin)):
        filled = filled.replace(f"__{key}__", json.dumps(value))
    if re.search(r"__[A-Z_]+__", filled):
        raise BuildError(f"{SERVICE_WORKER}: a placeholder was left unfilled")
    path = web / SERVICE_WORKER
    path.write_text(filled, encoding="utf-8")
    return path


def run_pygbag(stage_dir: Path, *, itch: bool, timeout: float) -> str:
    """Run pygbag on the staged app; return its log. Raises BuildError on failure or timeout."""
    command = [
        sys.executable, "-m", "pygbag", "--build",
        "--template", TEMPLATE, "--icon", ICON, "--title", "Brisca",
        "--width", str(WIDTH), "--height", str(HEIGHT),
        "--can_close", "1",  # the game saves after every move: no "are you sure" on leaving
    ]
    if itch:
        command.append("--archive")
    command.append(APP_NAME)
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    try:
        done = subprocess.run(
            command, cwd=stage_dir, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout,
        )
    except subprocess.TimeoutExpired as exc:
        raise BuildError(
            f"pygbag did not finish within {timeout:g} s (it retries forever when it tries to "
            "reach the CDN, e.g. for a missing template or icon)"
        ) from exc
    if done.returncode != 0:
        raise BuildError(f"pygbag failed with exit code {done.returncode}:\n{done.stdout[-3000:]}")
    return done.stdout


def check_output(web: Path) -> None:
    """Fail loudly if the page or archive is not what the browser needs."""
    for name in (TEMPLATE, ICON, f"{APP_NAME}.tar.gz", f"{APP_NAME}.apk"):
        if not (web / name).is_file():
            raise BuildError(f"pygbag produced no {name} in {web}")
    page = (web / TEMPLATE).read_text(encoding="utf-8")
    if "{{cookiecutter." in page or "{%" in page:
        raise BuildError("the page still holds unfilled template placeholders")
    loader = re.search(r'<script[^>]*src="[^"]*pythons\.js"', page)
    config = page.find("window.config =")
    if loader is None or config < 0 or config > loader.start():
        raise BuildError("the page must set window.config before the pythons.js script tag: the loader "
                         "reads it as it starts, and an async module may start before the rest is parsed")
    with tarfile.open(web / f"{APP_NAME}.tar.gz") as tar:
        names = tar.getnames()
    if "assets/main.py" not in names:
        raise BuildError("the archive has no assets/main.py")
    with zipfile.ZipFile(web / f"{APP_NAME}.apk") as apk:
        if sorted(apk.namelist()) != sorted(names):
            raise BuildError("the .apk and the .tar.gz hold different files")


def check_out_dir(out_dir: Path, root: Path = ROOT) -> None:
    """Refuse, before building, an output folder the build would harm or could not write: it is
    emptied first, so it must be a new folder, an empty one or an earlier build (an ``index.html``
    beside the archive), never the checkout or a folder holding it."""
    out = out_dir.resolve()
    if out == root.resolve() or root.resolve().is_relative_to(out):
        raise BuildError(f"--out {out_dir} holds the project itself: give a folder of its own (default build/web)")
    if out.exists() and not out.is_dir():
        raise BuildError(f"--out {out_dir} is a file, not a folder")
    if out.is_dir() and any(out.iterdir()) and not (out / "index.html").is_file():
        raise BuildError(f"--out {out_dir} is neither empty nor an earlier build (no index.html): "
                         "the build empties it first, so give a new or empty folder")
    parent = next((p for p in (out, *out.parents) if p.exists()), None)
    if parent is None or not parent.is_dir() or not os.access(parent, os.W_OK):
        raise BuildError(f"--out {out_dir} cannot be written ({parent} is not a writable folder)")


def itch_zip_for(out_dir: Path) -> Path:
    """Where the itch.io upload goes: beside ``out_dir``, named after it (``build/web.zip``)."""
    out_dir = Path(out_dir).resolve()   # ("--out ." names the folder it is run in)
    return out_dir.parent / f"{out_dir.name}.zip"


def check_itch_zip(path: Path) -> None:
    """Refuse to write the upload over a file that is not an earlier one (a zip with index.html):
    ``--out`` names any folder, and a ``web.zip`` of the user's beside it was overwritten unasked."""
    if not path.exists() and not path.is_symlink():
        return
    try:
        with zipfile.ZipFile(path) as upload:   # (a directory, a link to nowhere, not a zip: OSError, BadZipFile)
            ours = {"index.html", f"{APP_NAME}.apk"} <= set(upload.namelist())
    except (OSError, zipfile.BadZipFile):
        ours = False
    if not ours:
        raise BuildError(f"{path} exists and is not an earlier itch.io upload: move it away or choose another --out")


def build_web(out_dir: Path | None = None, *, itch: bool = False, timeout: float = DEFAULT_TIMEOUT,
              root: Path = ROOT, log=None) -> BuildResult:
    """Build the browser version into ``out_dir`` (default ``build/web``) and return what it made.

    With ``itch`` also writes ``<out_dir's name>.zip`` (page, icon and .apk) beside ``out_dir`` for
    itch.io: ``build/web.zip`` by default.
    ``log`` receives pygbag's output (a callable taking one string), if given.
    """
    out_dir = Path(out_dir) if out_dir is not None else root / "build" / "web"
    if importlib.util.find_spec("pygbag") is None:   # a development package, not the game's
        raise BuildError("pygbag is not installed: install the development requirements, "
                         "e.g. .venv/bin/pip install -r requirements-dev.txt")
    check_out_dir(out_dir, root)
    if itch:
        check_itch_zip(itch_zip_for(out_dir))
    with tempfile.TemporaryDirectory(prefix="brisca-web-") as tmp:
        stage_dir = Path(tmp)
        app = stage(root, stage_dir)
        output = run_pygbag(stage_dir, itch=itch, timeout=timeout)
        if log is not None:
            log(output)
        web = app / "build" / "web"
        check_output(web)
        settle_archives(web)
        if out_dir.exists():
            shutil.rmtree(out_dir)
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(web, out_dir)
        extra = write_install_files(out_dir)
        mark_build(out_dir, root)
        extra.append(write_service_worker(out_dir, root))
        itch_zip = None
        if itch:
            made = app / "build" / "web.zip"
            if not made.is_file():
                raise BuildError("pygbag --archive produced no web.zip")
            itch_zip = itch_zip_for(out_dir)
            # pygbag's upload with our files in place of its own (the page marked with the build, the
            # .apk settled), written as the .apk is: the same bytes from the same commit
            with zipfile.ZipFile(made) as source:
                upload = {name: ((out_dir / name).read_bytes() if (out_dir / name).is_file() else source.read(name))
                          for name in source.namelist()}
            upload.update((path.name, path.read_bytes()) for path in extra)
            write_zip(itch_zip, list(upload.items()))
    sizes = {p.name: p.stat().st_size for p in sorted(out_dir.iterdir()) if p.is_file()}
    if itch_zip is not None:
        sizes[itch_zip.name] = itch_zip.stat().st_size
    return BuildResult(out_dir, out_dir / f"{APP_NAME}.tar.gz", out_dir / f"{APP_NAME}.apk", itch_zip, sizes)


def size_report(result: BuildResult) -> str:
    """The benchmark lines: every file's size and the two targets."""

    def kb(n: int) -> str:
        return f"{n / 1000:8.1f} kB"

    lines = [f"built {result.web_dir}"]
    for name, size in result.sizes.items():
        lines.append(f"  {name:<20}{kb(size)}")
    verdict = {True: "ok", False: "OVER TARGET"}
    lines.append(
        f"archive ({result.archive.name}): {kb(result.archive_bytes).strip()}"
        f"  target <= {ARCHIVE_TARGET / 1000:.0f} kB  {verdict[result.archive_bytes <= ARCHIVE_TARGET]}"
    )
    lines.append(
        f"page + icons + archive (from our host): {kb(result.host_bytes).strip()}"
        f"  target <= {HOST_TARGET / 1000:.0f} kB  {verdict[result.host_bytes <= HOST_TARGET]}"
    )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        prog="python -m game build-web",
        description="Build the browser version (pygbag) into build/web from a staged copy of the app.",
    )
    parser.add_argument("--itch", action="store_true", help="also write the itch.io upload beside the output folder (build/web.zip)")
    parser.add_argument("--out", type=Path, default=None, help="output folder (default: build/web)")
    parser.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, help="seconds pygbag may take")
    parser.add_argument("--verbose", action="store_true", help="print pygbag's own output")
    args = parser.parse_args(argv)
    if not 0 < args.timeout < float("inf"):   # (NaN fails too)
        parser.error(f"--timeout is the seconds pygbag may take, more than 0, not {args.timeout:g}")
    try:
        result = build_web(args.out, itch=args.itch, timeout=args.timeout,
                           log=print if args.verbose else None)
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: cannot write the build: {exc}", file=sys.stderr)
        return 1
    print(size_report(result))
    if result.itch_zip is not None:
        print(f"itch.io upload: {result.itch_zip}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
