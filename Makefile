# Two commands for a fresh machine: `make run` and `make test`. See README.md.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PG_URL ?= postgres://postgres@127.0.0.1:5432/test
HOST ?= 127.0.0.1:8000

.PHONY: run test test-js test-postgres lint format bench bench-phone bench-scale load venv clean check-deploy fixtures messages

# The stamp is remade whenever a requirements file changes, so `make` reinstalls then.
$(STAMP): requirements.txt requirements-dev.txt
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Needs $(PYTHON) on PATH (or PYTHON=python3 make ...)"; exit 1; }
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt
	touch $(STAMP)

venv: $(STAMP)

# The JavaScript tools (eslint) from package-lock.json, reinstalled when it changes.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	@command -v npm >/dev/null 2>&1 || { echo "Needs node and npm on PATH (Debian: apt-get install nodejs npm)"; exit 1; }
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

# seed_demo loads fixtures/demo_*.json (natural keys: a second run updates, never adds)
# and then builds what is dated today: the season and the demo tournament in play.
run: $(STAMP)
	DEBUG=1 $(BIN)/python manage.py migrate --noinput
	DEBUG=1 $(BIN)/python manage.py seed_demo
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST)

lint: $(STAMP) $(NODE_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	$(BIN)/djlint templates --lint
	npx eslint static/js tests/js eslint.config.js

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

test: lint test-js
	$(BIN)/pytest

# The judge's queue logic (static/js/judge/queue.js) under Node's own test runner.
test-js:
	node --test tests/js/*.test.mjs

# The same suite against PostgreSQL; pytest-django creates its own test_<name> database.
test-postgres: $(STAMP)
	DATABASE_URL=$(PG_URL) $(BIN)/pytest

check-deploy: $(STAMP)
	DEBUG=0 SECRET_KEY=check-deploy-$$(date +%s)-only-for-the-check-not-a-real-secret-0123456789 \
	  ALLOWED_HOSTS=tarock.example.org $(BIN)/python manage.py check --deploy --fail-level WARNING

# Rewrite fixtures/demo_*.json in the form dumpdata gives under the current models, through
# a throwaway database: after editing a fixture by hand or changing a model it holds.
# tests/test_fixtures.py fails while the committed files differ from that form.
FIXTURE_DB := $(CURDIR)/.fixtures.sqlite3
fixtures: $(STAMP)
	rm -f $(FIXTURE_DB)
	DATABASE_URL=sqlite:///$(FIXTURE_DB) DEBUG=1 $(BIN)/python manage.py migrate --noinput -v0
	DATABASE_URL=sqlite:///$(FIXTURE_DB) DEBUG=1 $(BIN)/python manage.py loaddata demo_clubs demo_accounts
	DATABASE_URL=sqlite:///$(FIXTURE_DB) DEBUG=1 $(BIN)/python manage.py write_demo_fixtures
	rm -f $(FIXTURE_DB)

# Refresh locale/*/LC_MESSAGES/django.po from the marked strings and compile the .mo files
# (needs GNU gettext: msgfmt, xgettext, msgmerge). The .mo files are committed, so a fresh
# clone shows Czech and Slovenian without gettext; run this after marking or translating.
# There are no JavaScript strings to translate, so no djangojs domain.
messages: $(STAMP)
	DEBUG=1 $(BIN)/python manage.py makemessages -l cs -l sl --no-location --ignore=.venv --ignore=tests
	DEBUG=1 $(BIN)/python manage.py compilemessages --ignore=.venv

bench: $(STAMP)
	@for script in $(filter-out bench/bench_scale.py,$(wildcard bench/bench_*.py)); do $(BIN)/python $$script || exit 1; done

# A decade of a federation's history (bench/bench_scale.py) in a PostgreSQL database of
# PG_URL's server it creates (its dump kept in bench/out/scale/ for the next run), and
# every public and director's page timed on it; SCALE_TOURNAMENTS=N for a smaller one.
SCALE_TOURNAMENTS ?= 2000
bench-scale: $(STAMP)
	PG_URL=$(PG_URL) SCALE_TOURNAMENTS=$(SCALE_TOURNAMENTS) $(BIN)/python bench/bench_scale.py

# What a judge's phone feels (bench/phone.py): Chromium at 360×740, CPU ÷4, slow 4G,
# against gunicorn serving the demo data from a throwaway SQLite file.
bench-phone: $(STAMP)
	$(BIN)/python bench/phone.py

# The load test (bench/load.py): gunicorn and 32 judges' phones on loopback against the
# PostgreSQL server of PG_URL, in a database it creates and drops; LOAD_SECONDS per pace.
# With nginx installed (`apt-get install nginx`; the service need not run) the run puts
# it in front of gunicorn, with docs/deploy.md's API rate limit; else gunicorn alone.
LOAD_SECONDS ?= 60
load: $(STAMP)
	PG_URL=$(PG_URL) LOAD_SECONDS=$(LOAD_SECONDS) REDIS_URL=$(REDIS_URL) $(BIN)/python bench/load.py

clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache .import_linter_cache .mypy_cache staticfiles
