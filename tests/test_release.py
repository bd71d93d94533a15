"""A release's version is said in one place and told in the changelog (docs/maintaining.md, "A release").

Why: ``game.__version__`` said 0.1.0 from the first commit on, so the backup's refusal of a copy from
a newer game (``backup.read``) could never happen (maint40's F3). Each release raises it and starts its
CHANGELOG.md entry with it; the backup compares its leading numbers, so it stays plain numbers.
"""

from __future__ import annotations

import re
from pathlib import Path

import game

ROOT = Path(__file__).resolve().parents[1]


def test_the_version_is_plain_numbers_and_heads_the_changelog():
    assert re.fullmatch(r"\d+\.\d+\.\d+", game.__version__), game.__version__
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    heads = re.findall(r"^## (\S+)", changelog, flags=re.M)
    if heads[:1] == ["Unreleased"]:   # what main has since the last release, above it; renamed at the next
        heads = heads[1:]
    assert heads and heads[0] == game.__version__, heads[:3]
    assert len(heads) == len(set(heads)), heads   # one entry a version
