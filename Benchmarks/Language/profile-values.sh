#!/usr/bin/env bash
# Instructions per operation under callgrind for the value-type and method
# scenarios (issue 15): a method call against a free function call (typed
# and untyped), a struct field read against an object property read.
# Exact and repeatable, unlike wall-clock time on a busy machine.
#
#   Benchmarks/Language/profile-values.sh [BINDSCRIPT_BIN] [N]   (N default 100000)
#
# Each scenario runs with N and 2N iterations; the difference divided by N
# leaves out start-up and setup (as profile.sh does for the loop).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${1:-$root/.build-langbench/release/bindscript}"
n="${2:-100000}"
source "$here/callgrind-setup.sh"

declare -A per_op
for scenario in calls-function calls-untyped-function calls-method read-object-property read-struct-field; do
  for k in "$n" "$((n * 2))"; do
    sed "s/1_000_000/$k/g" "$here/$scenario.bind" > "$work/$scenario-$k.bind"
    valgrind --tool=callgrind --callgrind-out-file="$work/$scenario.$k" \
      "$work/bindscript" run "$work/$scenario-$k.bind" >/dev/null 2>&1
  done
  small="$(instructions "$work/$scenario.$n")"
  large="$(instructions "$work/$scenario.$((n * 2))")"
  per_op[$scenario]=$(( (large - small) / n ))
  printf '%-24s %6d instructions per iteration\n' "$scenario" "${per_op[$scenario]}"
done
ratio() { python3 -c "print(f'{$1 / $2:.2f}×')"; }
echo "method call / free function call:            $(ratio "${per_op[calls-method]}" "${per_op[calls-function]}")"
echo "typed / untyped function call:               $(ratio "${per_op[calls-function]}" "${per_op[calls-untyped-function]}")"
echo "struct field read / object property read:    $(ratio "${per_op[read-struct-field]}" "${per_op[read-object-property]}") (whole iteration)"
