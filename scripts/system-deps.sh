#!/usr/bin/env bash
# The tests drive a real Chromium (its headless shell) and start a real Redis, both from Debian's packages.
# Installs them when missing and we may (root with apt-get); otherwise says exactly what to install.
set -euo pipefail
# One at a time: CI starts this while pnpm installs, and `pnpm test` runs it again, which then waits
# here for the first and finds everything installed.
if command -v flock >/dev/null 2>&1; then
  exec 9>"${TMPDIR:-/tmp}/blaze-system-deps.lock"
  flock 9
fi
missing=()
# The tests' browser: Chromium's headless shell (tests/support/browser.ts says why not the whole browser).
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# nginx: the deploy test checks deploy/nginx.conf with `nginx -t`.
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
# Japanese glyphs for the JA screens (the canvas draws text with the system's fonts).
{ command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list :lang=ja 2>/dev/null)" ]; } || missing+=(fonts-ipafont-gothic)
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing ${missing[*]} from Debian's packages for the browser and Redis tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "The tests need Debian's ${missing[*]}: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
