# Everything is set up from nothing but Python: `make test`, `make run` and `make play`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.floorman-installed

.PHONY: test run play lint typecheck pytest pytest-pure bench clean

# The modules an install compiles (src/floorman/_compiled.py's MODULES).
COMPILED := $(patsubst %,src/%.py,$(subst .,/,$(shell grep -o '"floorman\.[a-z_.]*"' src/floorman/_compiled.py | tr -d '"')))

# The install builds the compiled evaluator, dealer and PHH reader (when there
# is a C compiler): again when their sources change.
$(STAMP): pyproject.toml setup.py src/floorman/evaluation/_fast.c src/floorman/_compiled.py $(COMPILED)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,server]'
	touch $(STAMP)

test: lint typecheck pytest pytest-pure

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy --strict src

pytest: $(STAMP)
	$(BIN)/pytest

# The compiled modules' source is the reference they are tested against: the
# dealer's and the PHH reader's own tests and doctests run from the source too.
pytest-pure: $(STAMP)
	FLOORMAN_PURE=1 $(BIN)/pytest tests/test_deal_*.py tests/test_replay.py \
		tests/test_table_machine.py tests/test_floor_rulings.py tests/test_phh_*.py \
		$(COMPILED)

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
