"""docs/ai.md's API example runs as written, so the page a new AI developer starts from cannot go stale."""

from __future__ import annotations

import re
from pathlib import Path

DOC = Path(__file__).resolve().parent.parent / "docs" / "ai.md"


def test_the_first_python_block_of_ai_md_runs_and_plays_a_legal_move(capsys) -> None:
    block = re.search(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block, "docs/ai.md has no ```python block"
    exec(compile(block.group(1), str(DOC), "exec"), {"__name__": "ai_md_example"})   # noqa: S102
    assert capsys.readouterr().out.strip(), "the example prints the move, the hint and its reason"
