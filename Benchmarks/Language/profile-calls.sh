#!/usr/bin/env bash
# Instructions per call under callgrind for issue 31's call loops, in
# bindscript, Lua 5.4 and CPython 3.11 (exact and repeatable, unlike
# wall-clock time on a busy machine), and bindscript's instructions per call
# by function for one scenario.
#
#   Benchmarks/Language/profile-calls.sh [BINDSCRIPT_BIN] [N]      (N default 20000)
#   FUNCTIONS=calls-method Benchmarks/Language/profile-calls.sh ...
#
# Each loop runs with N and 2N calls (fib with 20 and 22: 35,422 calls
# apart); the difference leaves out start-up and setup. valgrind 3.19 cannot
# read the DWARF 5 Swift 6 emits, so a copy of the binary without debug info
# is profiled (symbols stay, line numbers go).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${1:-$root/.build-langbench/release/bindscript}"
n="${2:-20000}"
python="${PYTHON311:-/usr/bin/python3.11}"
source "$here/callgrind-setup.sh"
profile() { # name command... -> callgrind output in $work/name
  local name="$1"; shift
  valgrind --tool=callgrind --callgrind-out-file="$work/$name" "$@" >/dev/null 2>&1
}

scenarios=(calls-function calls-untyped-function calls-method func-call closure-call calls-initializer fib)
printf '| instructions per call (callgrind) | bindscript | Lua 5.4 | CPython 3.11 | bindscript / Lua | bindscript / CPython |\n'
printf '|---|--:|--:|--:|--:|--:|\n'
for scenario in "${scenarios[@]}"; do
  if [ "$scenario" = fib ]; then
    sizes=(20 22); calls=35422
  else
    sizes=("$n" "$((n * 2))"); calls="$n"
  fi
  for k in "${sizes[@]}"; do
    if [ "$scenario" = fib ]; then
      sed "s/fib(27)/fib($k)/" "$here/fib.bind" > "$work/$scenario-$k.bind"
      sed "s/fib(27)/fib($k)/" "$here/fib.lua" > "$work/$scenario-$k.lua"
      sed "s/fib(27)/fib($k)/" "$here/fib.py" > "$work/$scenario-$k.py"
    else
      sed "s/1_000_000/$k/g" "$here/$scenario.bind" > "$work/$scenario-$k.bind"
      sed "s/1000000/$k/g" "$here/$scenario.lua" > "$work/$scenario-$k.lua"
      sed "s/1_000_001/$((k + 1))/" "$here/$scenario.py" > "$work/$scenario-$k.py"
    fi
    profile "bind.$scenario.$k" "$work/bindscript" run "$work/$scenario-$k.bind"
    profile "lua.$scenario.$k" lua5.4 "$work/$scenario-$k.lua"
    profile "py.$scenario.$k" "$python" "$work/$scenario-$k.py"
  done
  python3 - "$work" "$scenario" "${sizes[0]}" "${sizes[1]}" "$calls" <<'PY'
import re, sys
work, scenario, small, large, calls = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5])
def total(path):
    for line in open(path):
        if line.startswith(("summary:", "totals:")):
            return int(line.split()[1])
per = {p: (total(f"{work}/{p}.{scenario}.{large}") - total(f"{work}/{p}.{scenario}.{small}")) / calls
       for p in ("bind", "lua", "py")}
print(f"| `{scenario}` | {per['bind']:,.0f} | {per['lua']:,.0f} | {per['py']:,.0f} "
      f"| {per['bind'] / per['lua']:.2f}× | {per['bind'] / per['py']:.2f}× |")
PY
done

if [ -n "${FUNCTIONS:-}" ]; then
  scenario="$FUNCTIONS"
  echo
  echo "bindscript $scenario, instructions per call by function (self):"
  small=$n; large=$((n * 2)); calls=$n
  [ "$scenario" = fib ] && { small=20; large=22; calls=35422; }
  python3 "$here/callgrind_by_function.py" "$work/bind.$scenario.$small" "$work/bind.$scenario.$large" "$calls" 30 170 \
    | { command -v swift >/dev/null && swift demangle --simplified || cat; }
fi
