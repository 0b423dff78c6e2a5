#!/usr/bin/env bash
# The language benchmark (issue 3): `bindscript run` against Lua 5.4 and
# CPython 3.11 on the same reactive loop, startup on an empty program, and the
# cellx graph built and updated from a script — all in ONE hyperfine run, so
# that load from other processes on the shared machine falls on everyone.
#
#   Benchmarks/Language/run.sh            # from anywhere; `make bench-language`
#
# Environment:
#   BINDSCRIPT_BIN=PATH   time this binary instead of building one
#   BINDSCRIPT_LABEL=TEXT what to call that binary in the report (e.g. a commit)
#   CANDIDATE_BIN=PATH    also time this build (e.g. with a proposed patch) in
#   CANDIDATE_LABEL=TEXT  the same run; the report adds a comparison table
#   RUNS=20 WARMUP=3      hyperfine's --runs / --warmup
#   ONLY=calls            time only the empty programs and the call loops
#                         (issue 31), for a quicker run while working on calls
#   OUT=DIR               where the hyperfine exports go
#                         (default .build-langbench/language-bench)
#
# Installs lua5.4 and hyperfine with apt-get if they are missing: they are
# needed for this benchmark only (`make test` never calls this script).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
scratch="$root/.build-langbench"
out="${OUT:-$scratch/language-bench}"
runs="${RUNS:-20}"
warmup="${WARMUP:-3}"
lua="${LUA:-lua5.4}"
# Debian's interpreter, not a pyenv shim that may come first on PATH.
python="${PYTHON311:-/usr/bin/python3.11}"

# --- Tools ------------------------------------------------------------------
missing=()
command -v "$lua" >/dev/null 2>&1 || missing+=(lua5.4)
command -v hyperfine >/dev/null 2>&1 || missing+=(hyperfine)
[ -x "$python" ] || missing+=(python3.11)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} (for this benchmark only)..." >&2
  if [ "$(id -u)" = 0 ]; then sudo=(); else sudo=(sudo); fi
  "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# --- The binary under test --------------------------------------------------
if [ -n "${BINDSCRIPT_BIN:-}" ]; then
  bin="$BINDSCRIPT_BIN"
  label="${BINDSCRIPT_LABEL:-$bin}"
else
  label="$(cd "$root" && git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  (cd "$root" && git diff --quiet HEAD -- Sources Package.swift 2>/dev/null) || label="$label + uncommitted changes"
  # As `make release` builds it (its RELEASE_FLAGS): on Linux, one static executable.
  release_flags=(-c release --static-swift-stdlib)
  if [ "$(uname -s)" = Linux ]; then
    release_flags+=(-Xswiftc -static-executable -Xlinker -ltinfo -Xlinker -lbsd -Xlinker -lmd --disable-default-traits)
  fi
  echo "Building bindscript (make release's flags, --scratch-path .build-langbench)..." >&2
  (cd "$root" && swift build "${release_flags[@]}" --product bindscript --scratch-path "$scratch" >&2)
  bin="$scratch/release/bindscript"
fi
mkdir -p "$out"

# Two reference binaries for startup: a bare Swift program and one that loads
# Foundation (built once, next to the exports).
if command -v swiftc >/dev/null 2>&1; then
  if [ ! -x "$out/swift-bare" ]; then
    printf '%s\n' 'print("", terminator: "")' > "$out/swift-bare.swift"
    swiftc -O "$out/swift-bare.swift" -o "$out/swift-bare" 2>/dev/null || true
  fi
  if [ ! -x "$out/swift-foundation" ]; then
    printf '%s\n' 'import Foundation' \
      'if ProcessInfo.processInfo.arguments.count > 99 { print(Date()) }' > "$out/swift-foundation.swift"
    swiftc -O "$out/swift-foundation.swift" -o "$out/swift-foundation" 2>/dev/null || true
  fi
fi

# --- Check every program's output before timing it --------------------------
cd "$here"
check() { # expected-output command...
  local expected="$1"; shift
  local got
  got="$("$@")" || { echo "FAILED (exit $?): $*" >&2; exit 1; }
  if [ "$got" != "$expected" ]; then
    printf 'WRONG OUTPUT from %s:\n%s\nexpected:\n%s\n' "$*" "$got" "$expected" >&2
    exit 1
  fi
}
check "" "$bin" run empty.bind
# Calls (issue 31): script functions, methods, closures and initializers,
# each beside the same loop in Lua 5.4 and CPython (locals in Lua, a
# function's locals in CPython, as the other scenarios), and fib(27).
call_scenarios=(calls-function calls-untyped-function calls-method func-call closure-call calls-initializer fib)
call_outputs=(1000000 1000000 1000000 500000500000 500000500000 1000000 196418)
for i in "${!call_scenarios[@]}"; do
  scenario="${call_scenarios[$i]}"
  check "${call_outputs[$i]}" "$bin" run "$scenario.bind"
  check "${call_outputs[$i]}" "$lua" "$scenario.lua"
  check "${call_outputs[$i]}" "$python" "$scenario.py"
done
everything=true
[ "${ONLY:-}" = calls ] && everything=false
if $everything; then
check "1000000" "$bin" run loop.bind
check "1000000" "$lua" loop.lua
check "1000000" "$python" loop.py
check "$(printf 'after build: [-3, -6, -2, 2]\nafter update: [-2, -4, 2, 3]')" "$bin" run cellx.bind
check "500000 250000" "$bin" run map-filter.bind
check "500000 250000" "$python" map-filter.py
# Value types (issue 15): each 10⁶ operations in the same loop (the
# method and function calls it compares are call rows above).
value_scenarios=(read-object-property read-struct-field)
for scenario in "${value_scenarios[@]}"; do check "1000000" "$bin" run "$scenario.bind"; done
# Decimal arithmetic (issue 28): 10⁶ `total + price * 3 - 0.01` on
# Decimals, on Doubles, and the loop alone.
arithmetic_scenarios=(decimal-arithmetic double-arithmetic arithmetic-loop)
check "59960000" "$bin" run decimal-arithmetic.bind
check "59959999.99973785" "$bin" run double-arithmetic.bind
check "19" "$bin" run arithmetic-loop.bind
# Collections (issue 34): 10⁶ appends to a typed array and 10⁵ dictionary
# inserts, each beside the same loop in Lua and CPython.
collection_scenarios=(append-typed dictionary-insert)
collection_outputs=("1000000 999999" "100000 199998")
for i in "${!collection_scenarios[@]}"; do
  scenario="${collection_scenarios[$i]}"
  check "${collection_outputs[$i]}" "$bin" run "$scenario.bind"
  check "${collection_outputs[$i]}" "$lua" "$scenario.lua"
  check "${collection_outputs[$i]}" "$python" "$scenario.py"
done
# Derived properties (issue 27): a body of statements against the same
# body as one expression, 10⁶ evaluations each, beside the loop without any.
derived_scenarios=(derived-baseline derived-expression-body derived-statement-body)
expected_derived() { [ "$1" = derived-baseline ] && echo 1000000 || echo 1000002000000; }
for scenario in "${derived_scenarios[@]}"; do check "$(expected_derived "$scenario")" "$bin" run "$scenario.bind"; done
# `test` against `run` over one file of 10⁵ statements (issue 34: `test`
# was quadratic in statements). In the shapes that were: 25,000 lines
# without `#>` before the first `#>` line, 25,000 statements on one line,
# then 50,000 `print`s each with its `#>` line. Generated: 1.6 MB.
statements="$out/statements-100k.bind"
python3 - "$statements" <<'PY'
import sys
with open(sys.argv[1], "w") as f:
    f.write("var x = 0\n" + "x = x + 1\n" * 25_000 + "x = x + 1; " * 25_000 + "\n")
    f.write("".join(f"print({i})\n#> {i}\n" for i in range(50_000)) + "print(x)\n#> 50000\n")
PY
check "$(seq 0 50000)" "$bin" run "$statements"
check "1 passed, 0 failed" sh -c '"$1" test "$2" | tail -1' - "$bin" "$statements"
# `check` over a 10,000-line script (issue 27: the resolver adds at most 10%
# to it): types, enums, functions with loops, switches and closures, and
# top-level statements, 28 lines repeated with fresh names.
check_script="$out/check-10k.bind"
python3 - "$check_script" <<'PY'
import sys
# A 10,000-line script in the shapes a view-model file has: types with
# stored, derived and method members, functions with locals, loops,
# conditions, switches and closures, and top-level statements.
block = '''type Model{i} {{
  var count = {i}
  var items: [Int] = []
  var total: Int {{ items.reduce(0, +) + count }}
  func add(_ n: Int) {{
    let doubled = n * 2
    items.append(doubled)
    if let last = items.last, last > 10 {{ count += 1 }}
  }}
}}
enum State{i} {{ case idle, loading(Int), done }}
func work{i}(_ values: [Int], state: State{i}) -> Int {{
  var sum = 0
  for v in values {{
    let w = v + {i}
    guard w > 0 else {{ continue }}
    sum += w
  }}
  switch state {{
  case .loading(let p): sum += p
  case .idle, .done: break
  }}
  let scaled = values.map {{ $0 * sum }}.filter {{ $0 > 1 }}
  return scaled.count + sum
}}
let model{i} = Model{i}()
model{i}.add({i})
let result{i} = work{i}([1, 2, 3], state: .loading({i}))
'''
lines = block.count("\n")
with open(sys.argv[1], "w") as f:
    for i in range(10_000 // lines):
        f.write(block.format(i=i))
PY
check "" "$bin" check "$check_script"
fi

# --- One hyperfine run --------------------------------------------------------
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
started="$(date -u '+%Y-%m-%d %H:%M UTC')"
names=(); commands=()
add() { names+=("$1"); commands+=("$2"); }
add "bindscript-empty"  "$bin run empty.bind"
add "lua-empty"         "$lua empty.lua"
add "python-empty"      "$python empty.py"
add "python-c"          "$python -c ''"
[ -x "$out/swift-bare" ] && add "swift-bare" "$out/swift-bare"
[ -x "$out/swift-foundation" ] && add "swift-foundation" "$out/swift-foundation"
for scenario in "${call_scenarios[@]}"; do
  add "bindscript-$scenario" "$bin run $scenario.bind"
  add "lua-$scenario"        "$lua $scenario.lua"
  add "python-$scenario"     "$python $scenario.py"
done
if $everything; then
add "bindscript-loop"   "$bin run loop.bind"
add "lua-loop"          "$lua loop.lua"
add "python-loop"       "$python loop.py"
add "bindscript-cellx"  "$bin run cellx.bind"
# Closures (issue 15): map/filter over 10,000 elements against CPython's
# list comprehensions (the closure and func calls are call rows above).
add "bindscript-map-filter"   "$bin run map-filter.bind"
add "python-map-filter"       "$python map-filter.py"
for scenario in "${value_scenarios[@]}"; do add "bindscript-$scenario" "$bin run $scenario.bind"; done
for scenario in "${arithmetic_scenarios[@]}"; do add "bindscript-$scenario" "$bin run $scenario.bind"; done
for scenario in "${collection_scenarios[@]}"; do
  add "bindscript-$scenario" "$bin run $scenario.bind"
  add "lua-$scenario"        "$lua $scenario.lua"
  add "python-$scenario"     "$python $scenario.py"
done
for scenario in "${derived_scenarios[@]}"; do add "bindscript-$scenario" "$bin run $scenario.bind"; done
add "bindscript-run-100k-statements"  "$bin run $statements"
add "bindscript-test-100k-statements" "$bin test $statements"
add "bindscript-check-10k"             "$bin check $check_script"
fi
# A second build to compare in the same run (a proposed patch, say).
if [ -n "${CANDIDATE_BIN:-}" ]; then
  add "candidate-empty" "$CANDIDATE_BIN run empty.bind"
  for i in "${!call_scenarios[@]}"; do
    check "${call_outputs[$i]}" "$CANDIDATE_BIN" run "${call_scenarios[$i]}.bind"
    add "candidate-${call_scenarios[$i]}" "$CANDIDATE_BIN run ${call_scenarios[$i]}.bind"
  done
  if $everything; then
    check "1000000" "$CANDIDATE_BIN" run loop.bind
    add "candidate-loop"  "$CANDIDATE_BIN run loop.bind"
    add "candidate-cellx" "$CANDIDATE_BIN run cellx.bind"
    check "500000 250000" "$CANDIDATE_BIN" run map-filter.bind
    add "candidate-map-filter"   "$CANDIDATE_BIN run map-filter.bind"
    # Every other bindscript row too, so that no row's change goes unseen.
    for scenario in "${value_scenarios[@]}" "${collection_scenarios[@]}" "${derived_scenarios[@]}" "${arithmetic_scenarios[@]}"; do
      add "candidate-$scenario" "$CANDIDATE_BIN run $scenario.bind"
    done
    add "candidate-run-100k-statements"  "$CANDIDATE_BIN run $statements"
    add "candidate-test-100k-statements" "$CANDIDATE_BIN test $statements"
    add "candidate-check-10k"    "$CANDIDATE_BIN check $check_script"
  fi
fi

args=()
for i in "${!names[@]}"; do args+=(-n "${names[$i]}" "${commands[$i]}"); done
hyperfine -N --warmup "$warmup" --runs "$runs" \
  --export-markdown "$out/hyperfine.md" --export-json "$out/hyperfine.json" \
  "${args[@]}" >&2
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"

# --- The table -----------------------------------------------------------------
python3 "$here/report.py" "$out/hyperfine.json" \
  --started "$started" --load "$load_before -> $load_after" \
  --runs "$runs" --warmup "$warmup" \
  --versions "$("$lua" -v 2>&1 | head -1 | cut -d' ' -f1-2); $("$python" --version 2>&1); $(swift --version 2>/dev/null | head -1 | sed 's/.*Swift version \([^ ]*\).*/Swift \1/')" \
  --commit "$label" --candidate "${CANDIDATE_LABEL:-${CANDIDATE_BIN:-}}"
