#!/usr/bin/env bash
# Installs everything Kobo needs into the checkout (never system-wide, except Chromium in
# scripts/test): a Python virtualenv in .venv from requirements.lock, the npm workspace from
# package-lock.json, and the built web app in webapp/dist. Re-running is cheap: each step is
# skipped while its lock file is unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1;32m==>\033[0m %s\n' "$*"; }
die() { printf '\033[1;31mERROR:\033[0m %s\n' "$*" >&2; exit 1; }

PYTHON=${PYTHON:-python3}
command -v "$PYTHON" >/dev/null || die "Python 3.11+ is needed ($PYTHON not found)"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
  || die "Python 3.11+ is needed, found $("$PYTHON" --version)"
command -v node >/dev/null || die "Node.js 20+ is needed (node not found)"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) < 20 ? 1 : 0)' \
  || die "Node.js 20+ is needed, found $(node --version)"

stamp() { sha256sum "$@" | sha256sum | cut -c1-16; }

install_python() {
  if [ ! -x .venv/bin/python ]; then
    say "creating .venv"
    "$PYTHON" -m venv .venv
  fi
  local want; want=$(stamp requirements.lock pyproject.toml)
  if [ "$(cat .venv/.kobo-stamp 2>/dev/null)" != "$want" ]; then
    say "installing Python packages (requirements.lock)"
    .venv/bin/python -m pip install --quiet --disable-pip-version-check -r requirements.lock 2>&1 \
      | grep -v "is ignored" || true
    .venv/bin/python -m pip install --quiet --disable-pip-version-check --no-deps -e . 2>&1 \
      | grep -v "is ignored" || true
    .venv/bin/python -c "import litestar, bff, core_sim" || die "Python install failed"
    echo "$want" > .venv/.kobo-stamp
  fi
}

install_npm() {
  local want; want=$(stamp package-lock.json package.json webapp/package.json)
  if [ "$(cat node_modules/.kobo-stamp 2>/dev/null)" != "$want" ]; then
    say "installing npm packages (package-lock.json)"
    npm ci --no-audit --no-fund --loglevel=error || die "npm install failed"
    echo "$want" > node_modules/.kobo-stamp
  fi
}

# The two installs are mostly downloads and unpacking: side by side they take the time of
# the longer one.
install_npm &
npm_pid=$!
install_python
wait "$npm_pid" || die "npm install failed"

if [ "${KOBO_SKIP_BUILD:-0}" != "1" ]; then
  say "building the web app"
  npm --workspace webapp run build --silent
fi
