# Shared by play.sh and test.sh: make .venv and install a requirements file once per change.
PY=".venv/bin/python"
ensure_venv() {
  local req="$1"
  if [ ! -x "$PY" ]; then
    python3 -m venv .venv
  fi
  local stamp=".venv/.stamp-$(basename "$req")"
  local want
  want=$(cat requirements*.txt | sha256sum | cut -c1-16)
  if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    "$PY" -m pip install --disable-pip-version-check -q -r "$req"
    echo "$want" > "$stamp"
  fi
}
