"""A development tool's optional package (numpy, PyTorch), or one line saying how to install it.

Why: ``python tools/train_net.py`` without PyTorch was a ModuleNotFoundError traceback that did
not say which requirements file provides it; these packages are not the game's (requirements.txt).
"""

from __future__ import annotations

import importlib
import os
import sys

#: The requirements file that provides each package (the import name, not pip's).
PROVIDED_BY = {"numpy": "requirements-dev.txt", "torch": "requirements-train.txt"}


def need(module: str):
    """The module ``module`` imported; if it is not installed, the tool ends (status 1) with one
    line naming the package and the requirements file to install."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:   # something the package itself lacks: its own error says more
            raise
    requirements = PROVIDED_BY[module]
    tool = os.path.basename(sys.argv[0]) or "this tool"
    sys.exit(f"error: {tool} needs {module}, which is not installed: install {requirements}, "
             f"e.g. .venv/bin/pip install -r {requirements}")
