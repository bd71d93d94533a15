"""``python -m game replay FILE`` (or ``-`` for standard input): replay a game record.

Prints one JSON object (every baza, the cambios, the points, the result; RULES.md).
A bad record exits with status 2 and a message naming the problem and the move number.
"""

from __future__ import annotations

import argparse
import json
import sys

from ..record import RecordError, from_record, summary


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m game replay", description=__doc__.splitlines()[0])
    parser.add_argument("file", help="a JSON game record, or - for standard input")
    parser.add_argument("--indent", type=int, default=None, help="pretty-print with this indent")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"error: cannot read {args.file}: {exc}", file=sys.stderr)
        return 2
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        print(f"error: {args.file} is not JSON: {exc}", file=sys.stderr)
        return 2
    try:
        hand = from_record(data)
    except RecordError as exc:
        print(f"error: bad game record: {exc}", file=sys.stderr)
        return 2
    print(json.dumps(summary(hand), indent=args.indent, ensure_ascii=False))
    return 0
