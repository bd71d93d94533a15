"""The web page around the canvas, as the game sees it: everything Python says to or asks of it.

In the browser (pygbag, ``sys.platform == "emscripten"``) the page (``index.html``) keeps a
``window.brisca`` object; this module is the only Python that talks to it. Off the browser
every function is a no-op that returns its "nothing here" value, so the game calls them
unconditionally.

Why each call exists:

* ``first_frame()``: the page keeps its loading screen up until the game has really drawn a
  frame; without it a game that fails to start would leave a blank canvas.
* ``report_error(exc)``: a Python failure is shown by the page too (a reload button), even
  when the canvas cannot draw it.
* ``viewport()`` / ``viewport_changed()``: the size of the page's drawable area in CSS pixels
  and the device pixel ratio, so the layout can fill a phone held upright or sideways; the
  page sizes the canvas element to the canvas's own aspect ratio inside that area.
* ``fullscreen()``, ``vibrate(ms)``: what a phone game asks for, where the browser allows it.
* ``languages()``: the browser's languages (``navigator.languages``), for the language of a first
  start: a Catalan or English browser started in Spanish.
* ``flags()`` / ``autoplay_requested()``: switches read from the page address
  (``?autoplay&players=4``), e.g. for the browser check that plays a hand by itself.

Values cross the bridge as strings and numbers only: the page answers JSON text, which is
parsed and checked here. A page that misbehaves never stops the game: each failure is printed
once to stderr and the call returns its default.
"""

from __future__ import annotations

import base64
import json
import sys
from dataclasses import dataclass
from typing import Any

BROWSER = sys.platform == "emscripten"
DETAIL_CHARS = 300  # an error's text shown by the page; the full traceback goes to the console

_state = {"first_frame": False, "serial": None, "warned": set()}


@dataclass(frozen=True)
class PageViewport:
    """The page's drawable area: ``width`` x ``height`` CSS pixels at ``dpr`` device pixels each."""

    width: int
    height: int
    dpr: float
    serial: int = 0  # grows every time the page's size changes
    coarse: bool = False  # the main pointer is a finger (a phone, a tablet): a keyboard is not assumed

    @property
    def device_size(self) -> tuple[int, int]:
        """The area in device pixels (what a sharp canvas would hold)."""
        return round(self.width * self.dpr), round(self.height * self.dpr)


def _page() -> Any:
    """The page's ``window.brisca`` object, or None (not a browser, or a page without it)."""
    if not BROWSER:
        return None
    try:
        import platform  # pygbag's module in the browser: it exposes the page's window

        return platform.window.brisca
    except Exception as exc:  # noqa: BLE001  (any failure of the bridge means "no page")
        _warn("bridge", exc)
        return None


def _warn(what: str, exc: BaseException) -> None:
    if what not in _state["warned"]:
        _state["warned"].add(what)
        print(f"brisca: the page did not answer {what}: {type(exc).__name__}: {exc}", file=sys.stderr)


def _call(name: str, *args: Any) -> Any:
    page = _page()
    if page is None:
        return None
    try:
        return getattr(page, name)(*args)
    except Exception as exc:  # noqa: BLE001  (a page hook must never stop the game)
        _warn(name, exc)
        return None


def _json(name: str) -> dict:
    """Call a page hook that answers JSON text; {} when it cannot."""
    text = _call(name)
    if text is None:
        return {}
    try:
        value = json.loads(str(text))
    except ValueError as exc:
        _warn(name, exc)
        return {}
    return value if isinstance(value, dict) else {}


def first_frame() -> None:
    """The game has drawn its first frame: the page may lift its loading screen (once)."""
    if _state["first_frame"]:
        return
    _state["first_frame"] = True
    _call("ready")


def report_error(error: BaseException | str) -> None:
    """A Python failure the player must know about: the page shows it with a reload button."""
    text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    _call("failed", "python", text[:DETAIL_CHARS])


def viewport() -> PageViewport | None:
    """The page's drawable area now, or None off the browser (or if the page cannot say)."""
    data = _json("viewport")
    try:
        width, height, dpr = int(data["width"]), int(data["height"]), float(data["dpr"])
        serial = int(data.get("serial", 0))
    except (KeyError, TypeError, ValueError):
        return None
    if width <= 0 or height <= 0 or not 0.25 <= dpr <= 8:
        return None
    return PageViewport(width, height, dpr, serial, data.get("coarse") is True)


def viewport_changed() -> PageViewport | None:
    """The new viewport if the page's size changed since the last call, else None.

    The first call in the browser answers the current viewport (the game has not seen one yet).
    """
    now = viewport()
    if now is None or now.serial == _state["serial"]:
        return None
    _state["serial"] = now.serial
    return now


def fullscreen() -> bool:
    """Ask the page for full screen (needs a recent tap or click); True if the browser may grant it."""
    return bool(_call("fullscreen"))


def vibrate(ms: int) -> None:
    """A short buzz on phones that allow it (ignored elsewhere)."""
    _call("vibrate", max(0, min(int(ms), 1000)))


def languages() -> list[str]:
    """The browser's languages, the preferred first ("ca-ES", "en"), as the page reads them from
    ``navigator.languages``; [] off the browser or if the page cannot say."""
    tags = _json("languages").get("languages")
    if not isinstance(tags, list):
        return []
    return [tag[:40] for tag in tags[:20] if isinstance(tag, str)]


# The page address's switches: name -> the values allowed (None: any whole number).
FLAGS = {"players": (2, 3, 4), "seed": None, "hands": range(1, 10)}


def flags() -> dict:
    """Switches from the page address (``?autoplay&players=3&seed=7``), checked: unknown names
    and bad values are left out. ``{}`` off the browser. Keys: autoplay, players, seed, hands."""
    raw = _json("flags")
    out: dict = {}
    if "autoplay" in raw:
        out["autoplay"] = raw["autoplay"] is True
    for name, allowed in FLAGS.items():
        try:
            value = int(str(raw[name]))
        except (KeyError, ValueError):
            continue
        if allowed is None or value in allowed:
            out[name] = value
    return out


def autoplay_requested() -> bool:
    """The page address asks for computer players in every seat (the browser check uses it)."""
    return bool(flags().get("autoplay"))


def autoplay_finished(code: int) -> None:
    """An autoplay run has ended (0: the hands were played to the end); the browser check waits for it."""
    _call("finished", int(code))


def build() -> str:
    """The web build's id (the loading screen's "Versión"), written into a copy of the player's data;
    "" off the browser or where the page does not say."""
    ident = _call("build")
    return ident[:40] if isinstance(ident, str) else ""


def download(name: str, text: str) -> bool:
    """The page offers ``text`` as a file called ``name`` to download (a copy of the player's data);
    False where it cannot (an older page without it, a browser that refuses)."""
    return _call("saveBackup", str(name), str(text)) == "saved"


def pick_backup(keep_out: list | tuple = (), keys: list | tuple = (), own: list | tuple = ()) -> str:
    """The page's file picker for a copy, opened now (within the tap: browsers open one only on a
    gesture): "open"; "armed" where the browser wants a fresh tap, which opens it; "" where the page
    cannot. Armed, a tap inside ``keep_out`` (the screen's other buttons: (x, y, width, height) as
    parts of the canvas, 0 to 1) or a key of ``keys`` (their keys' names) opens nothing and is the
    game's (until round 39 the tap on "Volver" opened the picker); a key of ``own`` opens it, and any
    other key does nothing (Shift, a letter opened it until round 40). The file comes later:
    :func:`backup_picked`."""
    answer = _call("pickBackup", json.dumps({"keep_out": [list(r) for r in keep_out], "keys": list(keys),
                                             "own": list(own)}))
    return answer if answer in ("open", "armed") else ""


#: The most characters of a picked file taken from the page (a copy is far smaller; game.ui.backup says so).
PICKED_MAX = 4 * 1024 * 1024


def backup_picked() -> dict | None:
    """The file the player chose in the picker, once the page has read it: {"name", "data"} (its
    bytes, which the page hands over in base64, read as the desktop reads a file's:
    ``game.ui.backup.decode``; an older page's text, as it is) or {"name", "error"} ("too_large",
    "unreadable"); {"name": "", "cancelled": True} where the picker was closed with no file; None
    while there is none (asked every frame: never waits)."""
    text = _call("takeBackup")
    if not isinstance(text, str) or not text:
        return None
    if len(text) > PICKED_MAX * 2:
        return {"name": "", "error": "too_large"}
    try:
        value = json.loads(text)
    except ValueError as exc:
        _warn("takeBackup", exc)
        return {"name": "", "error": "unreadable"}
    if not isinstance(value, dict):
        return {"name": "", "error": "unreadable"}
    if value.get("cancelled") is True:
        return {"name": "", "cancelled": True}
    out: dict = {"name": str(value.get("name", ""))[:200]}
    try:
        if isinstance(value.get("data"), str):
            out["data"] = base64.b64decode(value["data"], validate=True)
        elif isinstance(value.get("text"), str):   # (a page of before round 39, cached: its text)
            out["data"] = value["text"]
    except ValueError:
        pass
    if "data" not in out:
        out["error"] = value.get("error") if value.get("error") in ("too_large", "unreadable") else "unreadable"
    return out


def reset_for_tests() -> None:
    """Forget what was said to the page (tests run several games in one process)."""
    _state.update(first_frame=False, serial=None, warned=set())
