# Set-up and entry points. `make demo` and `make test` create .venv on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: demo test setup clean

setup: $(VENV)/.installed

# torch==2.13.0 first: it resolves to the CPU wheel; anything installed later that needs torch reuses it.
$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

demo: setup
	$(BIN)/execir run

test: setup
	$(BIN)/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache
