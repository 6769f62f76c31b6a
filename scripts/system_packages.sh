#!/usr/bin/env bash
# Debian packages the test suite uses: Chromium (browser tests), poppler-utils (reading PDFs
# back), npm (installs axe-core for the accessibility tests), nginx (`nginx -t` checks the
# scale-out layout's proxy configuration), a CJK font (tile glyphs in screenshots and PDFs)
# and a symbol font with the mahjong tiles and emoji that players put in their names (so that
# a PDF never prints a box).
# ``system_packages.sh fonts`` installs the two fonts alone (``make run``: the printouts);
# ``system_packages.sh servers`` the proxy and Redis of the scale-out layout instead
# (``make bench-live``, docs/deploy.md).
# Installs what is missing when apt is available and we are root; otherwise says what will be
# skipped (under CI=true, a skipped test fails: tests/conftest.py).
set -u
missing=()
if [ "${1:-}" = servers ]; then
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
elif [ "${1:-}" != fonts ]; then
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
fi
if [ "${1:-}" != servers ]; then
  command -v msgfmt >/dev/null 2>&1 || missing+=(gettext)
  [ -n "$(fc-list :lang=zh 2>/dev/null)" ] || missing+=(fonts-wqy-zenhei)
  [ -n "$(fc-list ':charset=1f004' 2>/dev/null)" ] || missing+=(fonts-symbola)
fi
[ ${#missing[@]} -eq 0 ] && exit 0
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  echo "Installing Debian packages for the tests: ${missing[*]}"
  # Another apt (a second checkout's `make test`) may hold the lock: wait for it, not fail.
  apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null 2>&1 || true
  DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
    "${missing[@]}" >/dev/null || {
    echo "NOTICE: could not install ${missing[*]}; tests needing them will be skipped." >&2; }
else
  echo "NOTICE: missing ${missing[*]} and no apt as root: tests needing them will be skipped." >&2
fi
exit 0
