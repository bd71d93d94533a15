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
# Every tool above is installed, so with BRISCA_STRICT a test that needs Chromium, Playwright or
# WebAssembly fails rather than skips. Not everything can be installed here, though: an offline
# copy of pygbag's CDN (PYGBAG_CDN_DIR; the project's own machines keep one beside the repository,
# a user's clone has none) - without it 19 tests skip, saying why: all of test_browser_loader.py
# and test_browser_emulated.py, and one each in test_stdlib_browser.py, test_browser_check.py and
# test_web_build.py (docs/web.md); and PyTorch (requirements-train.txt, for training only) -
# without it 8 tests of the training tools skip.
export BRISCA_STRICT=1
# The suite runs on every core (pytest-xdist; a file's tests stay together in one worker, so a
# module's costly setup - the WebAssembly runtime, a browser - happens once). BRISCA_TEST_WORKERS
# sets how many workers (0: all in this process, as plain pytest; -n on the command line also wins).
exec "$PY" -m pytest -q -n "${BRISCA_TEST_WORKERS:-auto}" --dist loadfile "$@"
