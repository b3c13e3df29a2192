#!/usr/bin/env bash
# Installs, from Debian's packages, what the GUI and page tests drive when it is missing: a virtual
# display (Xvfb), a window tool (xdotool), screenshots (ImageMagick's import) and a headless
# browser (chromium). mvn verify runs it before the integration tests (-Dtools.skip=true skips
# it); those tests fail, never skip, when a tool is still missing.
set -euo pipefail

missing=()
command -v Xvfb >/dev/null || missing+=(xvfb)
command -v xdotool >/dev/null || missing+=(xdotool)
command -v import >/dev/null || missing+=(imagemagick)
command -v chromium >/dev/null || missing+=(chromium)
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "The GUI and page tests need: ${missing[*]}. Install them (apt-get install ${missing[*]}); the tests fail without them." >&2
  exit 0
fi
echo "Installing ${missing[*]} for the GUI and page tests"
export DEBIAN_FRONTEND=noninteractive
# a fresh machine may have no package lists yet
apt-get install -y -q "${missing[@]}" \
  || { apt-get update -q && apt-get install -y -q "${missing[@]}"; }
