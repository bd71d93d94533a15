"""The command lines' one way of telling a usage error: ``error: MESSAGE``, then one line saying
where the options are (``see 'PROG --help' for the options``), exit status 2.

Why one place: ``main.py`` printed its whole help after its error, which scrolled the error out of
sight; ``replay`` said its usage on the error's line; ``arena`` put a usage line before it; the other
commands printed argparse's usage block before ``PROG: error: …`` (maint40's F6). Every command of
``python -m game``, ``main.py`` and the desktop's tools now say it this way. Standard library only
(``main.py`` runs in the browser too).
"""

from __future__ import annotations

import argparse
import sys
from typing import NoReturn

__all__ = ["Parser", "hint", "refuse"]


def hint(prog: str) -> str:
    """The line after a usage error."""
    return f"see '{prog} --help' for the options"


def refuse(prog: str, message: str) -> int:
    """Tell a usage error of ``prog`` on standard error; the exit status, 2."""
    print(f"error: {' '.join(str(message).split())}\n{hint(prog)}", file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """``argparse`` whose usage errors are told by :func:`refuse` (then ``SystemExit(2)``, as argparse's)."""

    def error(self, message: str) -> NoReturn:
        sys.exit(refuse(self.prog, message))
