# The commands a user types. Each creates the virtual environment first if it is missing.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000

.PHONY: run test lint bench soak openapi clean

$(BIN)/casebook: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,postgres]'
	touch $@

run: $(BIN)/casebook
	PORT=$(PORT) $(BIN)/casebook serve

test: $(BIN)/casebook lint
	$(BIN)/pytest

lint: $(BIN)/casebook
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy rules generator narration api tests benchmarks soak

bench: $(BIN)/casebook
	bash benchmarks/install-tools.sh
	$(BIN)/python -m benchmarks

# The long runs of the hardening suite (1,000 games scanned, 500 kills, ...), written to SOAK.md.
soak: $(BIN)/casebook
	$(BIN)/python -m soak

openapi: $(BIN)/casebook
	$(BIN)/flask --app api.app:create_app openapi write --format yaml openapi.yaml

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache .mypy_cache .ruff_cache
