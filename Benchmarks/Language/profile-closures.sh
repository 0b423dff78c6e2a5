#!/usr/bin/env bash
# Instructions under callgrind for the closure scenarios (issue 15):
# map-filter.bind against map-filter.py per element call, and a closure call
# against a func call. Exact and repeatable, unlike wall-clock time on a
# busy machine.
#
#   Benchmarks/Language/profile-closures.sh [BINDSCRIPT_BIN] [N]
#
# map-filter runs with 5 and 10 rounds (each round: map and filter over
# 10,000 elements, 20,000 element calls); the difference over 100,000
# element calls leaves out start-up and setup. The call scenarios run with
# N and 2N calls (N default 100000). valgrind 3.19 cannot read the DWARF 5
# Swift 6 emits, so a copy of the binary without debug info is profiled.
# Set FUNCTIONS=1 for bindscript's instructions per element by function.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${1:-$root/.build-langbench/release/bindscript}"
n="${2:-100000}"
python="${PYTHON311:-/usr/bin/python3.11}"
source "$here/callgrind-setup.sh"
per() { # small-file large-file units -> instructions per unit
  python3 -c "print(round(($(instructions "$2") - $(instructions "$1")) / $3))"
}

for rounds in 5 10; do
  sed "s/1\.\.\.50/1...$rounds/" "$here/map-filter.bind" > "$work/map-filter-$rounds.bind"
  sed "s/range(50)/range($rounds)/" "$here/map-filter.py" > "$work/map-filter-$rounds.py"
  valgrind --tool=callgrind --callgrind-out-file="$work/bind.$rounds" \
    "$work/bindscript" run "$work/map-filter-$rounds.bind" >/dev/null 2>&1
  valgrind --tool=callgrind --callgrind-out-file="$work/py.$rounds" \
    "$python" "$work/map-filter-$rounds.py" >/dev/null 2>&1
done
bind="$(per "$work/bind.5" "$work/bind.10" 100000)"
py="$(per "$work/py.5" "$work/py.10" 100000)"
printf 'map-filter, per element call:  bindscript %d, CPython %d: %s\n' "$bind" "$py" \
  "$(python3 -c "print(f'{$bind / $py:.2f}×')")"

for scenario in closure-call func-call; do
  for k in "$n" "$((n * 2))"; do
    sed "s/1_000_000/$k/g" "$here/$scenario.bind" > "$work/$scenario-$k.bind"
    valgrind --tool=callgrind --callgrind-out-file="$work/$scenario.$k" \
      "$work/bindscript" run "$work/$scenario-$k.bind" >/dev/null 2>&1
  done
done
closure="$(per "$work/closure-call.$n" "$work/closure-call.$((n * 2))" "$n")"
func="$(per "$work/func-call.$n" "$work/func-call.$((n * 2))" "$n")"
printf 'closure call %d, func call %d instructions per iteration: %s\n' "$closure" "$func" \
  "$(python3 -c "print(f'{$closure / $func:.2f}×')")"

if [ -n "${FUNCTIONS:-}" ]; then
  echo
  echo "bindscript map-filter, instructions per element call by function (self):"
  python3 "$here/callgrind_by_function.py" "$work/bind.5" "$work/bind.10" 100000 25 160 \
    | { command -v swift >/dev/null && swift demangle --simplified || cat; }
fi
