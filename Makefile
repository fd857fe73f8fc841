# Everything is set up from nothing but Python: `make test`, `make run` and `make play`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.floorman-installed

.PHONY: test run play lint typecheck pytest bench clean

# The install builds the compiled evaluator (when there is a C compiler): again when it changes.
$(STAMP): pyproject.toml setup.py src/floorman/evaluation/_fast.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,server]'
	touch $(STAMP)

test: lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP)
	$(BIN)/pytest

# The demo room: the server on a new SQLite file, tables with bots; Ctrl-C stops it all.
run: $(STAMP)
	$(BIN)/floorman serve --demo

play: $(STAMP)
	$(BIN)/floorman play

$(VENV)/.floorman-bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,server,bench]'
	touch $@

bench: $(VENV)/.floorman-bench
	$(BIN)/python benchmarks/evaluators.py
	$(BIN)/python benchmarks/deals.py
	$(BIN)/python benchmarks/service.py
	$(BIN)/python benchmarks/replay.py
	$(BIN)/python benchmarks/replay_volume.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
