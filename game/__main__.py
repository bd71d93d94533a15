"""Command line: ``python -m game COMMAND [ARGS]``.

Each command lives in its own module with a ``main(argv) -> int``; this file only dispatches.
"""

from __future__ import annotations

import importlib
import os
import sys

COMMANDS = {
    "replay": ("game.cli.replay", "replay a JSON game record (FILE or - for stdin) and print it as JSON"),
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
        print(f"error: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    return int(module.main(rest) or 0)


def run(argv: list[str] | None = None) -> int:
    """:func:`main`, with standard output that cannot be written told in one line, not a traceback:
    closed by its reader (``| head`` read enough: nothing more to say, status 0) or failing
    (``> /dev/full``: status 1)."""
    try:
        code = main(argv)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        _stdout_to_devnull()
        return 0
    except OSError as exc:
        _stdout_to_devnull()
        print(f"error: cannot write the output: {exc}", file=sys.stderr)
        return 1


def _stdout_to_devnull() -> None:
    """Nothing more reaches standard output, so exiting does not fail flushing it again."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):   # no file descriptor (a test's capture)
        pass


if __name__ == "__main__":
    sys.exit(run())
