"""Paired comparison of two arena runs on the same deals (development tool).

Each file is an arena ``--deal-log`` (one JSON line per deal: ``deal``, ``scores``).  Runs with
the same seed play the same deals, so the difference per deal removes most of the luck of
the cards: this prints the mean difference of A's score per deal (file 1 minus file 2) over
the deals both files hold, with ± 1.96 standard errors, and each run's own score there.

    python tools/paired.py new.deals old.deals
"""

from __future__ import annotations

import json
import math
import sys


def per_deal(path: str) -> dict[int, float]:
    out: dict[int, float] = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                row = json.loads(line)
                out[int(row["deal"])] = sum(row["scores"]) / len(row["scores"])
            except (json.JSONDecodeError, KeyError, TypeError, ValueError, ZeroDivisionError):
                continue  # a line cut by a stopped run
    return out


def paired(a: dict[int, float], b: dict[int, float]) -> tuple[int, float, float, float, float]:
    """(deals in common, mean of a, mean of b, mean difference, 1.96 standard errors)."""
    common = sorted(set(a) & set(b))
    k = len(common)
    if k < 2:
        raise ValueError(f"the two runs share {k} deal(s): at least 2 are needed")
    d = [a[i] - b[i] for i in common]
    mean = math.fsum(d) / k
    var = math.fsum((x - mean) ** 2 for x in d) / (k - 1)
    return (k, math.fsum(a[i] for i in common) / k, math.fsum(b[i] for i in common) / k,
            mean, 1.96 * math.sqrt(var / k))


def main(argv: list[str]) -> int:
    if argv and argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0
    if len(argv) != 2 or any(a.startswith("-") for a in argv):
        print("error: paired.py compares two deal logs: python tools/paired.py A.deals B.deals\n"
              "see 'python tools/paired.py --help' for the options", file=sys.stderr)
        return 2
    try:
        k, ma, mb, mean, half = paired(per_deal(argv[0]), per_deal(argv[1]))
    except (OSError, ValueError) as exc:
        print(f"paired: {exc}", file=sys.stderr)
        return 2
    print(f"{k} deals: A {ma:.3f}, B {mb:.3f}, paired difference {mean:+.3f} ± {half:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
