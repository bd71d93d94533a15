#!/usr/bin/env bash
# Installs everything the test suite needs, then runs the whole suite.
#   Python tools into .venv (pytest, hypothesis, pygbag, playwright),
#   Debian's chromium (browser test) and Node.js/npm (WebAssembly test) when missing,
#   the WebAssembly harness's npm packages (tests/wasm, from its lock file).
# Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/_venv.sh
ensure_venv requirements-dev.txt

need_apt=()
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)
command -v npm >/dev/null 2>&1 || need_apt+=(npm)
if [ ${#need_apt[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing from Debian: ${need_apt[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
  else
    echo "missing (install them to run every test): ${need_apt[*]}" >&2
  fi
fi
if [ -f tests/wasm/package.json ]; then
  if [ ! -d tests/wasm/node_modules/pyodide ] || [ tests/wasm/package-lock.json -nt tests/wasm/node_modules ]; then
    (cd tests/wasm && npm ci --no-audit --no-fund --loglevel=error)
  fi
fi

export SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
# In this script every tool above is installed, so a test never skips for a missing one.
export BRISCA_STRICT=1
exec "$PY" -m pytest -q "$@"
