# The commands a user types. Each creates the virtual environment first if it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run test lint bench soak openapi clean compiled clean-compiled

$(BIN)/casebook: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,postgres]'
	touch $@

# The rules' hot modules compiled to C beside their sources by mypyc (tools/compile_rules.py),
# built again whenever one of those sources changes; a stale build is refused at import.
# The folders of the packages tools/compile_rules.py compiles, whose sources it is built from:
COMPILED_PACKAGES := $(shell $(PYTHON) tools/compile_rules.py --packages)
COMPILED := $(VENV)/compiled.stamp
$(COMPILED): $(BIN)/casebook tools/compile_rules.py $(wildcard $(addsuffix /*.py,$(COMPILED_PACKAGES)))
	$(BIN)/python tools/compile_rules.py
	touch $@

compiled: $(COMPILED)

clean-compiled:
	$(PYTHON) tools/compile_rules.py --clean
	rm -f $(COMPILED)

run: $(BIN)/casebook $(COMPILED)
	PORT=$(PORT) $(BIN)/casebook serve

test: $(BIN)/casebook lint $(COMPILED)
	$(BIN)/pytest

lint: $(BIN)/casebook
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy rules generator narration api tests benchmarks soak tools

bench: $(BIN)/casebook $(COMPILED)
	bash benchmarks/install-tools.sh
	$(BIN)/python -m benchmarks

# The long runs of the hardening suite (1,000 games scanned, 500 kills, ...), written to SOAK.md.
soak: $(BIN)/casebook $(COMPILED)
	$(BIN)/python -m soak

openapi: $(BIN)/casebook
	$(BIN)/flask --app api.app:create_app openapi write --format yaml openapi.yaml

clean: clean-compiled
	rm -rf build $(VENV) *.egg-info .pytest_cache .mypy_cache .ruff_cache
