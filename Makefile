# The two front-door commands are `make run` and `make test`; see README.md.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEV_STAMP := $(VENV)/.installed-dev
BENCH_STAMP := $(VENV)/.installed-bench
# Every package installed, the indirect ones too, at the version this file pins: pyproject.toml
# names what we use, the lock what we get (`make lock` resolves it again after a change there).
LOCK := requirements.lock

.PHONY: axe run test check check-fast catalogues lint contracts install install-dev lock browser fonts demo messages bench-scoring bench-seating bench-desk bench-import bench-pdf bench-standings bench-background bench-scale bench-load bench-live bench-crowd clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml $(LOCK) | $(PY)
	$(PY) -m pip install --quiet -c $(LOCK) -e .
	touch $@

$(DEV_STAMP): pyproject.toml $(LOCK) | $(PY)
	$(PY) -m pip install --quiet -c $(LOCK) -e '.[dev]'
	touch $(STAMP) $@

# locust, for the load benchmarks.
$(BENCH_STAMP): pyproject.toml $(LOCK) | $(PY)
	$(PY) -m pip install --quiet -c $(LOCK) -e '.[dev,bench]'
	touch $(STAMP) $(DEV_STAMP) $@

install: $(STAMP)
install-dev: $(DEV_STAMP)

# uv at the version pyproject.toml pins (dev), installed first: the old lock may refuse the new pins.
lock: | $(PY)
	$(PY) -m pip install --quiet "$$(grep -o 'uv==[0-9.]*' pyproject.toml)"
	$(VENV)/bin/uv pip compile pyproject.toml --all-extras --universal --python-version 3.11 \
		--custom-compile-command "make lock" --quiet -o $(LOCK)

# The demo runs with DJANGO_DEBUG=1 unless the environment says otherwise, under uvicorn (ASGI):
# the pages' live updates hold a stream open; the open streams are cut 2 s after Ctrl-C. A worker
# makes the long PDFs and archives beside the web server (the queue is a table of the database);
# both stop together on Ctrl-C.
run: export DJANGO_DEBUG ?= 1
run: $(STAMP) fonts
	$(PY) manage.py compilemessages --ignore=.venv --verbosity 0
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	@echo "Serving on http://127.0.0.1:8000 with a background worker (Ctrl-C to stop both)"
	@$(PY) manage.py db_worker --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null; wait $$worker 2>/dev/null' EXIT INT TERM; \
	$(PY) -m uvicorn tournament.asgi:application --host 127.0.0.1 --port 8000 \
		--timeout-graceful-shutdown 2

# axe-core for the accessibility browser tests, at the version its lock file pins (npm ci: the
# lock as it is, nothing resolved again), installed inside the virtual environment beside the
# Python packages (never in the source tree); the tests inject it into Chromium, the site never
# serves it (tests/e2e/accessibility.py).
AXE_DIR := tests/e2e/axe
AXE_HOME := $(VENV)/axe
AXE := $(AXE_HOME)/node_modules/axe-core/axe.min.js

$(AXE): $(AXE_DIR)/package.json $(AXE_DIR)/package-lock.json | $(PY)
	mkdir -p $(AXE_HOME)
	cp $(AXE_DIR)/package.json $(AXE_DIR)/package-lock.json $(AXE_HOME)/
	cd $(AXE_HOME) && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

axe: $(AXE)

# Debian's Chromium, poppler-utils and the fonts for the browser and PDF tests.
browser:
	@bash scripts/system_packages.sh

# The CJK and symbol fonts the printouts need (where apt is there).
fonts:
	@bash scripts/system_packages.sh fonts

lint: $(DEV_STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

contracts: $(DEV_STAMP)
	$(VENV)/bin/lint-imports

# The suite runs on every core (pytest-xdist: WORKERS=auto, one database per worker); each run
# prints its 25 slowest tests (docs/testing.md). PYTEST_ARGS adds pytest's own options.
WORKERS ?= auto
PYTEST := $(PY) -m pytest -n $(WORKERS)

catalogues: $(DEV_STAMP)
	DJANGO_SETTINGS_MODULE=tests.settings $(PY) manage.py compilemessages --ignore=.venv --verbosity 0
	DJANGO_SETTINGS_MODULE=tests.settings $(PY) manage.py makemigrations --check --dry-run

test: $(DEV_STAMP) browser axe lint contracts catalogues
	$(PYTEST) $(PYTEST_ARGS)

check: test

# The engineer's loop: ruff, the contracts and every test not marked browser or slow.
check-fast: $(DEV_STAMP) lint contracts catalogues
	$(PYTEST) -m "not browser and not slow" $(PYTEST_ARGS)

# BASELINE=<commit> also measures that commit's engine and CLI in the same run (before/after).
bench-scoring: $(DEV_STAMP)
	$(PY) benchmarks/bench_scoring.py $(if $(BASELINE),--baseline-commit $(BASELINE))
	$(PY) benchmarks/bench_scoring_desk.py $(if $(BASELINE),--baseline-commit $(BASELINE))

bench-seating: $(DEV_STAMP)
	$(PY) benchmarks/bench_seating.py

bench-desk: $(DEV_STAMP)
	$(PY) benchmarks/bench_desk.py

bench-import: $(DEV_STAMP)
	$(PY) benchmarks/bench_import.py

bench-pdf: $(DEV_STAMP) browser
	$(PY) benchmarks/bench_pdf.py

bench-standings: $(DEV_STAMP)
	$(PY) benchmarks/bench_standings.py

# The standings PDF of a 400-player event asked for with a worker running: the request's time
# against the worker's (PLAYERS=N for another size).
bench-background: $(DEV_STAMP) browser
	$(PY) benchmarks/bench_background.py $(if $(PLAYERS),--players $(PLAYERS))

# Every heavy page, download, printout and command at 400 players against its floor, on SQLite
# and PostgreSQL; the events are built once and kept in .bench-cache/ (--rebuild to redo).
bench-scale: $(DEV_STAMP) browser
	$(PY) benchmarks/scale_pages.py --runs $(or $(RUNS),5)

# 8 judges x 1,000 hands over gunicorn, then locust on the public pages and the preview.
bench-load: $(BENCH_STAMP)
	$(PY) benchmarks/bench_load.py

# The scale-out layout (docs/deploy.md: nginx, two public web processes, the officials' own,
# uvicorn, a worker, Redis, PostgreSQL at BENCH_PG_URL) replaying a 400-player round: 8 judges at
# the desk alone, then with 1,000 phones and 4 Chromium pages (projector, standings, a round, the
# desk) holding the live pages open (about 6 minutes). nginx and redis-server are installed where
# apt is there. FIRST_PORT=N takes every port from N up (default: free ones); BENCH_LIVE_ARGS adds
# the script's own options (--db-prefix, --redis-url, --no-browsers...: --help).
bench-live: $(BENCH_STAMP) browser
	@bash scripts/system_packages.sh servers
	@uptime
	@$(PY) benchmarks/bench_live.py $(if $(PHONES),--phones $(PHONES)) \
		$(if $(FIRST_PORT),--first-port $(FIRST_PORT)) $(BENCH_LIVE_ARGS); \
		status=$$?; uptime; exit $$status

# Issue 36 on the scale-out layout: 40 saves beside 240 anonymous printout asks then the
# organiser's archive (< 30 s), a worker killed during a job (Try again within 90 s), and 1,000
# streams from one address beside the desk (save p95 at most 1.3x). About five minutes.
bench-crowd: $(BENCH_STAMP)
	@bash scripts/system_packages.sh servers
	@uptime
	@$(PY) benchmarks/bench_crowd.py; status=$$?; uptime; exit $$status

# Gather the marked strings of the code and templates into the Chinese catalogues (locale/),
# then translate the new entries there; `make test` fails on any left untranslated or fuzzy.
messages: export DJANGO_DEBUG ?= 1
messages: $(STAMP)
	$(PY) manage.py makemessages -l zh_Hant -l zh_Hans --no-obsolete --no-location

clean:
	rm -rf $(VENV) .pytest_cache db.sqlite3 db.sqlite3-wal db.sqlite3-shm staticfiles media
