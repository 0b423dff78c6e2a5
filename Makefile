# BindScript: `make run` starts the REPL, `make test` runs everything CI runs.
SWIFT ?= swift
BIN := .build/debug/bindscript
PYTHON ?= python3

.PHONY: all deps test-deps build release run test unit conformance e2e tsan docs examples bench fuzz fuzz-replay clean

all: build

# libedit-dev (headers for the line editor) and the Python tools the
# terminal tests use. Installs what is missing; never asks twice.
deps:
	@if [ ! -f /usr/include/histedit.h ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing libedit-dev..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then \
	    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libedit-dev >/dev/null; \
	  else \
	    echo "libedit-dev is missing. Install it with:  sudo apt-get install -y libedit-dev" >&2; exit 1; \
	  fi; \
	fi

# The end-to-end tests drive the REPL in a pseudo-terminal with pexpect.
test-deps: deps
	@$(PYTHON) -c "import pexpect, pytest" 2>/dev/null || $(PYTHON) -m pip install -q pexpect pytest
	@command -v prove >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && apt-get install -y -qq perl >/dev/null; } || true

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	@$(BIN)

# Everything CI runs. The conformance suite goes last: its closing line,
# `N passed, N failed`, is the summary a CI log should end with.
test: test-deps build unit e2e tsan
	$(MAKE) --no-print-directory docs
	$(MAKE) --no-print-directory conformance

unit:
	$(SWIFT) test

conformance: build
	$(BIN) test Scripts

e2e: build
	BINDSCRIPT_BIN=$(CURDIR)/$(BIN) $(PYTHON) -m pytest -q Tests/EndToEnd

# The runtime's tests under ThreadSanitizer, in a build folder of their own.
tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter BindRuntimeTests

# The API documentation (DocC), one archive per module, in
# .build/plugins/Swift-DocC/outputs. Part of `make test`, so it cannot rot.
DOC_TARGETS := BindRuntime BindLanguage
docs:
	$(SWIFT) package generate-documentation $(foreach target,$(DOC_TARGETS),--target $(target))

# The embedding examples: Swift view-models driven by the scripts in
# Sources/Examples/Scripts.
examples:
	$(SWIFT) run BindScriptExample

bench:
	cd Benchmarks && $(SWIFT) run -c release

# Issue 3's language benchmark: bindscript against Lua 5.4 and CPython 3.11,
# in one hyperfine run (installs lua5.4 and hyperfine if they are missing).
.PHONY: bench-language
bench-language:
	Benchmarks/Language/run.sh

clean:
	rm -rf .build .build-*
