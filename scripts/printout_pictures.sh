#!/usr/bin/env bash
# Renders page 1 of every printout of the demo event to docs/images/printout-*.png (80 dpi),
# the pictures the README shows. Needs the venv (make install) and poppler-utils.
# Usage: bash scripts/printout_pictures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export DATABASE_URL="sqlite:///$work/demo.sqlite3" DJANGO_DEBUG=1
py=.venv/bin/python
$py manage.py migrate --noinput -v 0
$py manage.py load_demo >/dev/null
slug="$($py manage.py shell -v 0 -c 'from tournament.models import Tournament; print(Tournament.objects.get().slug)')"
picture() {  # document, picture name, extra arguments
  $py manage.py print "$1" --tournament "$slug" "${@:3}" -o "$work/$2.pdf" --no-progress >/dev/null
  pdftoppm -r 80 -png -singlefile -f 1 -l 1 "$work/$2.pdf" "docs/images/printout-$2"
}
picture blank-scorecards scorecard-blank --round 2
picture scorecards scorecard-filled --round 1
picture seating seating --round 1
picture slips slips
picture standings standings
picture aid-card aid-card
ls -l docs/images/printout-*.png
