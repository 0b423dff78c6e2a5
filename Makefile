# BindScript: `make run` starts the REPL (release build), `make test` runs everything CI runs.
SWIFT ?= swift
BIN := .build/debug/bindscript
PYTHON ?= python3

.PHONY: all deps test-deps graphviz pictures build build-all release run test unit conformance e2e tsan asan valgrind-effects docs examples examples-soak bench fuzz fuzz-replay clean

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

# The end-to-end tests drive the REPL in a pseudo-terminal with pexpect;
# the editor tests speak LSP with pytest-lsp, tokenize with a TextMate
# engine (textmate-grammar-python) and run Neovim's LSP client headless.
test-deps: deps
	@$(PYTHON) -c "import pexpect, pytest" 2>/dev/null || $(PYTHON) -m pip install -q pexpect pytest
	@$(PYTHON) -c "import pytest_lsp, textmate_grammar" 2>/dev/null || $(PYTHON) -m pip install -q pytest-lsp textmate-grammar-python
	@command -v nvim >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq neovim >/dev/null; } || { echo "neovim is missing: sudo apt-get install -y neovim" >&2; exit 1; }
	@command -v prove >/dev/null 2>&1 || { [ "$$(id -u)" = 0 ] && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq perl >/dev/null; } || true
	@$(MAKE) --no-print-directory graphviz

# Graphviz's `dot`, which `bindscript graph -o out.svg` and the end-to-end
# tests that look at the rendered pictures run (Debian's `graphviz`).
graphviz:
	@if ! command -v dot >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing graphviz..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; \
	  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then \
	    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; \
	  else \
	    echo "graphviz is missing. Install it with:  sudo apt-get install -y graphviz" >&2; exit 1; \
	  fi; \
	fi

# The command only, so `make run` never builds swift-syntax (which only
# @Scriptable, BindScriptable and their tests need); `make unit` builds all.
build: deps
	$(SWIFT) build --product bindscript

# Every target (the example commands the end-to-end tests drive, the macro).
build-all: deps
	$(SWIFT) build

# The binary to ship: one static executable (the Swift runtime, glibc,
# libstdc++ and libedit with its libtinfo, libbsd and libmd linked in), so it
# runs on a machine without a Swift toolchain and starts without the dynamic
# linker: with the Swift runtime alone linked in, the dynamic linker's work
# on the shared libraries left (libstdc++, libc, libm, libgcc_s, libedit and
# its three) was 2.7 M of the 3.8 M instructions of an empty script's run
# (issue 14; Benchmarks/README.md). Not position
# independent (gold cannot link a static PIE; lld's crashes at start), and
# glibc's user lookup (`getpwuid`, only when $HOME is unset) needs the
# machine's glibc to be the one it was linked with. `make run` builds the
# same binary (one set of flags in .build/release, so switching between the
# two targets recompiles nothing).
# The static executable on Linux only (macOS links its system libraries
# dynamically, always), and without `bindscript mcp`'s server (the
# AssistantServer trait, Package.swift says why): `make mcp` builds that.
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -static-executable \
  -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd --disable-default-traits
else
RELEASE_FLAGS := -c release --static-swift-stdlib
endif

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product bindscript

# The REPL from a release build: a debug build interprets several times
# slower, and `make run` is how people try the language. The first build
# takes a few minutes (README); later ones only rebuild what changed.
RELEASE_BIN := .build/release/bindscript

run: release
	@$(RELEASE_BIN)

# `bindscript mcp` for coding assistants: a release build linked
# dynamically, with the MCP server the static `make release` leaves out.
.PHONY: mcp
mcp: deps
	$(SWIFT) build -c release --product bindscript --scratch-path .build-mcp
	@echo "Register $(CURDIR)/.build-mcp/release/bindscript with the argument 'mcp' as the assistant's stdio server."

# Everything CI runs. The conformance suite goes last: its closing line,
# `N passed, N failed`, is the summary a CI log should end with.
test: test-deps build unit e2e tsan
	$(MAKE) --no-print-directory docs
	$(MAKE) --no-print-directory conformance

unit:
	$(SWIFT) test

conformance: build
	$(BIN) fmt --check Scripts
	$(BIN) test Scripts

e2e: build-all
	BINDSCRIPT_BIN=$(CURDIR)/$(BIN) $(PYTHON) -m pytest -q Tests/EndToEnd

# The runtime's tests under ThreadSanitizer, in a build folder of their own.
tsan: deps
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter BindRuntimeTests

# The runtime's tests optimized and under AddressSanitizer: the graph holds
# nodes unowned and updates bindings without retaining them, and optimized
# code retains less than debug code, so a node freed too early shows here
# first. Not part of `make test`: the release build of every test target
# (swift-syntax's macros included) takes ~15 minutes from scratch. Leak
# reports are off: at exit they list XCTest's own run objects and Swift's
# weak-reference side tables (~170 KB), which would fail the target.
asan: deps
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test -c release -Xswiftc -enable-testing --sanitize=address --scratch-path .build-asan --filter BindRuntimeTests

# valgrind's leak check on the effects scripts (issue 29), each run as a test
# worker and with `run`: fails on a memory error or a "definitely lost" block.
# The suppressions cover only blocks Swift still holds through pointers with
# tag bits set, which memcheck cannot follow (Tests/Valgrind/README.md).
# Slow: 35 minutes on 2 cores shared with other builds.
valgrind-effects: build
	Tests/Valgrind/leak-check.sh $(BIN) Scripts/conformance/effects/*.bind Tests/Valgrind/many-effects.bind

# The API documentation (DocC), one archive per module, in
# .build/plugins/Swift-DocC/outputs. Part of `make test`, so it cannot rot.
DOC_TARGETS := BindRuntime BindSyntax BindLanguage
docs:
	$(SWIFT) package generate-documentation $(foreach target,$(DOC_TARGETS),--target $(target))

# The embedding examples: Swift view-models driven by the scripts in
# Sources/Examples/Scripts.
examples:
	$(SWIFT) run BindScriptExample

# The debounced search script (a view-model's Task sleeping on the script's
# virtual clock, an async fake service) run RUNS times in a row, each in a
# new interpreter: it must never fail, whatever runs beside it. Not part of
# `make test`; run it with `make test` running in another shell for load.
RUNS ?= 1000
examples-soak:
	$(SWIFT) build --product BindScriptExample
	.build/debug/BindScriptExample --repeat $(RUNS) Sources/Examples/Scripts/search.bind Sources/Examples/Scripts/signup.bind

# The README's picture, drawn by the project's own command (an end-to-end
# test checks that it still shows what the command draws).
pictures: build graphviz
	$(BIN) graph Scripts/examples/rxcocoa-events-and-sinks.bind -o Docs/rxcocoa-graph.svg >/dev/null

bench:
	cd Benchmarks && $(SWIFT) run -c release

# The async test helper against the app's command over the main-actor
# examples, and a `wait 1h` over 1,000 pending timers (release build).
.PHONY: bench-helper
bench-helper: deps
	$(SWIFT) build -c release --product MainActorExampleBench
	.build/release/MainActorExampleBench

# A statement's round trip over the attach socket, against an empty
# entry's, and the attach thread's wake-ups with no client (debug build: the
# examples' host executable builds swift-syntax's macros, ~15 minutes in release).
.PHONY: bench-attach
bench-attach: deps
	$(SWIFT) build --product BindScriptExample
	$(PYTHON) Benchmarks/Attach/bench_attach.py .build/debug

# Issue 3's language benchmark: bindscript against Lua 5.4 and CPython 3.11,
# in one hyperfine run (installs lua5.4 and hyperfine if they are missing),
# with issue 31's call loops timed in all three. `ONLY=calls` times the
# call loops alone; Benchmarks/Language/profile-calls.sh counts their
# instructions under callgrind.
.PHONY: bench-language
bench-language:
	Benchmarks/Language/run.sh

# The language server on a 10,000-line script: diagnostics after a change,
# completion, memory (Benchmarks/LanguageServer/bench_lsp.py says more).
.PHONY: bench-lsp
bench-lsp:
	$(SWIFT) build $(RELEASE_FLAGS) --product bindscript
	$(PYTHON) Benchmarks/LanguageServer/bench_lsp.py .build/release/bindscript

# The fuzz target over parse and run (Fuzz/, a package of its own, so that
# -sanitize=fuzzer never touches .build): libFuzzer with AddressSanitizer
# and LeakSanitizer, for FUZZ_SECONDS, seeded from Scripts/ and the
# regression corpus. It runs in fork mode and keeps going after a crash,
# timeout or OOM (FUZZ_FLAGS), then fails if this run saved any input in
# .build-fuzz/artifacts: minimize those (FUZZ_BIN -minimize_crash=1
# -runs=10000 FILE) and add them to Tests/FuzzCorpus, which `make unit`
# replays (FuzzCorpusReplayTests).
#
# `make fuzz` runs both fuzz targets, each for FUZZ_SECONDS: the scripts',
# then the language server's (`fuzz-lsp` below).
FUZZ_SECONDS ?= 600
FUZZ_FLAGS ?= -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1
FUZZ_DIR := .build-fuzz
FUZZ_BIN := Fuzz/.build/release/BindScriptFuzzer
FUZZ_BUILD := cd Fuzz && $(SWIFT) build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library

.PHONY: fuzz-scripts fuzz-lsp
fuzz: fuzz-scripts fuzz-lsp

fuzz-scripts:
	$(FUZZ_BUILD)
	rm -rf $(FUZZ_DIR)/seeds && mkdir -p $(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds $(FUZZ_DIR)/artifacts
	find Scripts -name '*.bind' | while read -r f; do cp "$$f" "$(FUZZ_DIR)/seeds/$$(echo "$$f" | tr / _)"; done
	find Tests/FuzzCorpus -maxdepth 1 -type f ! -name 'README*' -exec cp {} $(FUZZ_DIR)/seeds/ \;
	touch $(FUZZ_DIR)/started
	SWIFT_BACKTRACE=enable=no $(FUZZ_BIN) $(FUZZ_FLAGS) -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
	  -rss_limit_mb=2048 -max_len=4096 -detect_leaks=1 -print_final_stats=1 -dict=Fuzz/bindscript.dict \
	  -artifact_prefix=$(CURDIR)/$(FUZZ_DIR)/artifacts/ $(FUZZ_DIR)/corpus $(FUZZ_DIR)/seeds
	@found=$$(find $(FUZZ_DIR)/artifacts -type f -newer $(FUZZ_DIR)/started | sort); \
	if [ -n "$$found" ]; then echo "fuzz: inputs that broke the target:"; echo "$$found"; exit 1; fi

# The language server's fuzz target (Fuzz/Sources/LanguageServerFuzzer,
# LanguageServerFuzzHarness): what an editor writes to `bindscript lsp`,
# mutated into valid, inverted and out-of-range edits, requests, broken
# headers and garbled bodies (issue 33). Seeded with a session opening each
# conformance script and with Tests/FuzzCorpus/LanguageServer, whose `found-*`
# sessions are minimized findings (LSP_FUZZ_BIN -minimize_crash=1 -runs=10000
# FILE) that `make unit` replays (LanguageServerFuzzTests). Inputs are whole
# sessions, so up to 64 KiB. Leaks are not judged here, per input or at exit
# (ASAN_OPTIONS): the analysis is the checker's, which the scripts' target
# runs on every script under its own leak rules; this one looks for crashes,
# hangs, and a stream that stops being answered.
LSP_FUZZ_SECONDS ?= $(FUZZ_SECONDS)
LSP_FUZZ_DIR := .build-fuzz-lsp
LSP_FUZZ_BIN := Fuzz/.build/release/LanguageServerFuzzer

fuzz-lsp:
	$(FUZZ_BUILD)
	rm -rf $(LSP_FUZZ_DIR)/seeds && mkdir -p $(LSP_FUZZ_DIR)/corpus $(LSP_FUZZ_DIR)/seeds $(LSP_FUZZ_DIR)/artifacts
	$(LSP_FUZZ_BIN) --seeds $(LSP_FUZZ_DIR)/seeds $$(find Scripts/conformance -name '*.bind' | sort)
	cp Tests/FuzzCorpus/LanguageServer/*.lsp $(LSP_FUZZ_DIR)/seeds/
	touch $(LSP_FUZZ_DIR)/started
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $(LSP_FUZZ_BIN) $(FUZZ_FLAGS) -max_total_time=$(LSP_FUZZ_SECONDS) -timeout=10 \
	  -rss_limit_mb=2048 -max_len=65536 -detect_leaks=0 -print_final_stats=1 \
	  -artifact_prefix=$(CURDIR)/$(LSP_FUZZ_DIR)/artifacts/ $(LSP_FUZZ_DIR)/corpus $(LSP_FUZZ_DIR)/seeds
	@found=$$(find $(LSP_FUZZ_DIR)/artifacts -type f -newer $(LSP_FUZZ_DIR)/started | sort); \
	if [ -n "$$found" ]; then echo "fuzz-lsp: inputs that broke the target:"; echo "$$found"; exit 1; fi

# Every input in Tests/FuzzCorpus through the fuzz targets' functions, in the
# normal debug build (`make unit` does the same as part of `swift test`).
fuzz-replay:
	$(SWIFT) test --filter 'FuzzCorpusReplayTests|LanguageServerFuzzTests'

clean:
	rm -rf .build .build-*
