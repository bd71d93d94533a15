"""``python -m game replay FILE`` (or ``-`` for standard input): replay a game record.

Prints one JSON object (every baza, the cambios, the points, the result; RULES.md). FILE may also be
a file the game wrote: the save file of a match (``match.json``) or a backup copy
(``brisca-copia-….json``); its hand in play is replayed, and one line on stderr says which hand of
what (``saved_hand``). Anything wrong (a bad record, unreadable input, a file with no hand) exits
with status 2 and one line of at most 300 characters on stderr naming the problem (and the move
number, for a bad move); a bad option, as every command's (``game.usage``), with a second line
pointing to ``--help``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..cards import quote
from ..record import MAX_MESSAGE, RecordError, from_record, summary
from ..storage import text_of
from ..usage import Parser
from .saved_hand import Found, NoHand, find

#: Records are a few kB; anything this large is not one (and is refused before parsing).
MAX_INPUT = 1 << 20
MAX_INDENT = 16


def _indent(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or int(text) > MAX_INDENT:
        raise argparse.ArgumentTypeError(f"--indent takes a number from 0 to {MAX_INDENT}, not {quote(text)}")
    return int(text)


def fail(message: str) -> int:
    """Print ``message`` as one line of at most MAX_MESSAGE characters; the exit status 2."""
    line = " ".join(f"error: {message}".split())
    if len(line) > MAX_MESSAGE:
        line = line[:MAX_MESSAGE - 3] + "..."
    print(line, file=sys.stderr)
    return 2


def read(name: str) -> str:
    """The text of ``name`` (``-``: standard input), at most MAX_INPUT bytes (``storage.text_of``)."""
    raw = sys.stdin.buffer.read(MAX_INPUT + 1) if name == "-" else _read_file(name)
    if len(raw) > MAX_INPUT:
        raise ValueError(f"more than {MAX_INPUT} bytes: too large for a game record")
    return text_of(raw)   # a BOM (Notepad writes one) is not part of the record; UTF-16 too, as a copy is read


def _read_file(name: str) -> bytes:
    with open(name, "rb") as f:
        return f.read(MAX_INPUT + 1)


class _Twice(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _unique(pairs: list[tuple[str, object]]) -> dict:
    """A JSON object whose keys are all different: a second "dealer" or "rules" replayed another
    hand quietly, the last one winning (RFC 8259: names SHOULD be unique)."""
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise _Twice(key)
        out[key] = value
    return out


def parse(parser: Parser, argv: list[str]) -> argparse.Namespace | int:
    """``argv`` parsed by ``parser``, or the exit status: 0 after ``--help``, 2 after a usage error
    (told as every command tells one: ``game.usage``)."""
    try:
        return parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def load(name: str) -> tuple[Found, Any] | str:
    """The hand in ``name`` (``-``: standard input) found and replayed: (what was found, the replayed
    :class:`~game.hand.Hand`), or the one-line problem."""
    where = "standard input" if name == "-" else quote(name, 80)
    try:
        text = read(name)
    except (OSError, ValueError) as exc:  # ValueError: not UTF-8, or too large
        return f"cannot read {where}: {exc}"
    try:
        data = json.loads(text, object_pairs_hook=_unique)
    except _Twice as exc:
        return f"{where} is not a JSON game record: the key {quote(exc.key, 40)} appears twice in one object"
    except json.JSONDecodeError as exc:
        return f"{where} is not JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
    except ValueError:  # an integer over 4,300 digits (Python's message would advise a setting of its own)
        return f"{where} is not a JSON game record: a number of more than {sys.get_int_max_str_digits()} digits"
    except RecursionError:
        return f"{where} is not a JSON game record: nested too deep"
    try:
        found = find(data)
        return found, from_record(found.record, saved=found.saved)
    except NoHand as exc:
        return f"{where}: {exc}"
    except RecordError as exc:
        return f"bad game record: {exc}" if not found.what else f"bad game record in {found.note()}: {exc}"
    except RecursionError:
        return "bad game record: nested too deep"


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m game replay", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a JSON game record, the game's match.json or a backup copy, or - for standard input")
    parser.add_argument("--indent", type=_indent, default=None,
                        help=f"pretty-print with this indent (0-{MAX_INDENT})")
    args = parse(parser, argv)
    if isinstance(args, int):
        return args
    loaded = load(args.file)
    if isinstance(loaded, str):
        return fail(loaded)
    found, hand = loaded
    if found.what:
        print(f"replaying {found.note()}", file=sys.stderr)
    print(json.dumps(summary(hand), indent=args.indent, ensure_ascii=False))
    return 0
