"""Settings, statistics and the match in progress, through the save layer (``game.storage``).

Why: scenes call three plain methods and never care where data lives (localStorage in the browser,
a JSON file on desktop). When the save layer is missing or fails, the game goes on in memory and
says so once; a broken save never stops play.
"""

from __future__ import annotations

from typing import Any

DEFAULT_SETTINGS = {"lang": "es", "sound": True, "speed": "normal"}
SPEEDS = {"slow": 0.6, "normal": 1.0, "fast": 1.8, "instant": 0.0}
STAT_KEYS = ("matches", "match_wins", "hands", "hand_wins", "hand_losses", "voids", "best", "swaps")


def clean_settings(data: Any) -> dict:
    out = dict(DEFAULT_SETTINGS)
    if isinstance(data, dict):
        if data.get("lang") in ("es", "en"):
            out["lang"] = data["lang"]
        if isinstance(data.get("sound"), bool):
            out["sound"] = data["sound"]
        if data.get("speed") in SPEEDS:
            out["speed"] = data["speed"]
        if isinstance(data.get("last_options"), dict):
            out["last_options"] = data["last_options"]
    return out


def clean_stats(data: Any) -> dict:
    out = {k: 0 for k in STAT_KEYS}
    if isinstance(data, dict):
        for k in STAT_KEYS:
            v = data.get(k)
            if type(v) is int and 0 <= v < 10**9:
                out[k] = v
    return out


class Store:
    """The interface's view of saved data, on top of ``game.storage.Storage``.

    Problems the save layer reports (bad data set aside, a failed write) are kept in
    ``problems`` for the menu to show once; nothing here raises.
    """

    def __init__(self, storage: Any | None = None) -> None:
        if storage is None:
            from game.storage import MemoryBackend, Storage  # noqa: PLC0415

            storage = Storage(MemoryBackend())
        self.storage = storage
        self.problems: list[Any] = []

    def _load(self, name: str, validator: Any = None) -> Any:
        try:
            value, problem = self.storage.load(name, validator)
        except Exception as exc:  # a broken save layer must not stop the game
            self.problems.append(exc)
            return None
        if problem is not None:
            self.problems.append(problem)
        return value

    def _save(self, name: str, value: dict) -> bool:
        try:
            problem = self.storage.save(name, value)
        except Exception as exc:
            self.problems.append(exc)
            return False
        if problem is not None:
            self.problems.append(problem)
            return False
        return True

    def describe_problems(self, lang: str) -> list[str]:
        out = []
        for p in self.problems:
            describe = getattr(p, "describe", None)
            out.append(describe(lang) if callable(describe) else str(p))
        return out

    def load_settings(self) -> dict:
        return clean_settings(self._load("settings"))

    def save_settings(self, settings: dict) -> bool:
        data = clean_settings(settings)
        if isinstance(settings.get("last_options"), dict):
            data["last_options"] = settings["last_options"]
        return self._save("settings", data)

    def load_stats(self) -> dict:
        return clean_stats(self._load("stats"))

    def save_stats(self, stats: dict) -> bool:
        return self._save("stats", clean_stats(stats))

    def load_match(self) -> dict | None:
        from game.match import Match  # noqa: PLC0415

        def valid(data: dict) -> bool:
            Match.from_json(data["match"])
            return isinstance(data.get("options"), dict)

        data = self._load("match", valid)
        return data if isinstance(data, dict) else None

    def save_match(self, data: dict) -> bool:
        return self._save("match", data)

    def clear_match(self) -> None:
        try:
            problem = self.storage.clear("match")
        except Exception as exc:
            problem = exc
        if problem is not None:
            self.problems.append(problem)


def default_store() -> Store:
    """The platform's save layer (localStorage in the browser, a JSON file on desktop)."""
    try:
        from game.storage import Storage  # noqa: PLC0415

        return Store(Storage())
    except Exception:
        return Store()
