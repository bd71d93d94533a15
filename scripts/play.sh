#!/usr/bin/env bash
# Installs what the game needs into .venv and starts it.
# With a display: the desktop window. Without one: a clear message and the headless demo.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv requirements.txt
exec "$PY" main.py "$@"
