"""Command line: ``python -m game COMMAND [ARGS]``.

Each command lives in its own module with a ``main(argv) -> int``; this file only dispatches.
"""

from __future__ import annotations

import errno
import importlib
import sys

from game.streams import silence
from game.usage import refuse

COMMANDS = {
    "replay": ("game.cli.replay", "replay a JSON game record (FILE or - for stdin) and print it as JSON "
                                  "(of match.json or a backup copy: its hand in play)"),
    "record": ("game.cli.record_file", "write the record of the hand in play of match.json or a backup copy"),
    "bench": ("game.cli.bench", "hands per second of the rules core (--wasm: also in WebAssembly)"),
    "arena": ("game.cli.arena", "pit two AI levels on duplicate deals and print scores"),
    "build-web": ("game.cli.build_web", "build the browser version into build/web (--itch: zip for itch.io)"),
    "demo": ("game.cli.demo", "play one hand between computer players in the terminal"),
    "serve": ("game.cli.serve", "serve build/web at http://127.0.0.1:8000/ to play the browser build locally"),
}


def usage() -> str:
    lines = ["usage: python -m game COMMAND [ARGS]", "", "commands:"]
    for name, (_, text) in COMMANDS.items():
        lines.append(f"  {name:<10} {text}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help", "help"):
        print(usage())
        return 0 if argv else 2
    name, rest = argv[0], argv[1:]
    if name not in COMMANDS:
        return refuse("python -m game", f"unknown command {name!r} (commands: {', '.join(COMMANDS)})")
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest) or 0)


class _Watched:
    """Standard output, noting whether writing to it failed (to tell that from a file a command
    writes failing, an arena's deal log on a full disk)."""

    def __init__(self, stream) -> None:
        self.stream, self.failed = stream, False

    def write(self, text: str) -> int:
        try:
            return self.stream.write(text)
        except OSError:
            self.failed = True
            raise

    def flush(self) -> None:
        try:
            self.stream.flush()
        except OSError:
            self.failed = True
            raise

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def run(argv: list[str] | None = None) -> int:
    """:func:`main`, with standard output that cannot be written told in one line, not a traceback:
    closed by its reader (``| head`` read enough: nothing more to say, status 0) or failing
    (``> /dev/full``: status 1); another write that fails (a file the command writes) is one line too."""
    real = sys.stdout
    out = sys.stdout = _Watched(real)
    try:
        code = main(argv)
        sys.stdout.flush()
        return code
    except OSError as exc:
        if not out.failed:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        silence(real)
        if isinstance(exc, BrokenPipeError) or (sys.platform == "win32" and exc.errno == errno.EINVAL):
            return 0   # (Windows says a pipe whose reader left is an invalid argument)
        print(f"error: cannot write the output: {exc}", file=sys.stderr)
        return 1
    finally:
        sys.stdout = real


if __name__ == "__main__":
    sys.exit(run())
