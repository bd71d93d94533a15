"""``python -m game record FILE [--out F]``: the record of the hand in a file the game wrote, for a bug report.

FILE is the save file of a match in progress (``match.json`` in the game's data folder) or a
backup copy (``brisca-copia-….json``, the browser's only way out), or ``-`` for standard input; a
game record is taken as it is. The record of its hand in play (RULES.md "Game record": what
``python -m game replay`` reads) is checked by replaying it, then written as JSON to F, or to
standard output; one line on stderr says which hand of what. A file with no hand, a hand that does
not replay: one line, status 2 (a bad option: ``game.usage``); F that cannot be written: one line, status 1.
"""

from __future__ import annotations

import json
import os
import sys

from ..cards import quote
from ..usage import Parser
from .replay import _indent, fail, load, parse

def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m game record", description="Write the record of the hand in play of the game's "
                     "match.json or of a backup copy (brisca-copia-...json), for a bug report.")
    parser.add_argument("file", help="the game's match.json, a backup copy (brisca-copia-...json), a record, or -")
    parser.add_argument("--out", metavar="F", help="write the record to F (default: standard output)")
    parser.add_argument("--indent", type=_indent, default=None, help="pretty-print with this indent (0-16; default one line)")
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    if args.out is not None and args.file != "-" and _same_file(args.file, args.out):
        return fail(f"--out {quote(args.out, 80)} is the file read: the record goes to another file")
    loaded = load(args.file)
    if isinstance(loaded, str):
        return fail(loaded)
    found, _ = loaded
    text = json.dumps(found.record, indent=args.indent, ensure_ascii=False) + "\n"
    if args.out is None:
        sys.stdout.write(text)
    else:
        try:
            with open(args.out, "w", encoding="utf-8") as f:
                f.write(text)
        except OSError as exc:
            fail(f"cannot write {quote(args.out, 80)}: {exc.strerror or exc}")
            return 1
    said = f"the record of {found.note()}" if found.what else "the record"
    print(said if args.out is None else f"wrote {args.out}: {said}", file=sys.stderr)
    return 0
